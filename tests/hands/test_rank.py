"""HandRank: a total order within one ordering (Hypothesis), its words, and its contract."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card
from bragkit.errors import RulesError
from bragkit.hands import Category, HandRank, Ordering, evaluate

orderings = st.sampled_from([o.value for o in Ordering])
hands = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True).map(
    lambda cs: tuple(Card(c) for c in cs)
)
suit_maps = st.permutations(range(4))


@settings(max_examples=300, deadline=None)
@given(hands, hands, orderings)
def test_exactly_one_of_less_equal_greater(a: tuple[Card, ...], b: tuple[Card, ...],
                                           ordering: str) -> None:
    """The order is total: exactly one of a < b, a == b, a > b."""
    x, y = evaluate(a, ordering=ordering), evaluate(b, ordering=ordering)
    assert [x < y, x == y, x > y].count(True) == 1
    assert (x <= y) == (x < y or x == y) and (x >= y) == (x > y or x == y)
    if x == y:
        assert hash(x) == hash(y)


@settings(max_examples=200, deadline=None)
@given(hands, hands, hands, orderings)
def test_order_is_transitive(a: tuple[Card, ...], b: tuple[Card, ...], c: tuple[Card, ...],
                             ordering: str) -> None:
    x, y, z = sorted(evaluate(h, ordering=ordering) for h in (a, b, c))
    assert x <= y <= z and x <= z


@settings(max_examples=300, deadline=None)
@given(hands, suit_maps, orderings)
def test_permuting_suits_changes_nothing(hand: tuple[Card, ...], suits: list[int],
                                         ordering: str) -> None:
    """H1: suits have no order, so renaming them leaves every hand's value unchanged."""
    renamed = tuple(Card.of(c.rank, suits[c.suit]) for c in hand)
    assert evaluate(renamed, ordering=ordering) == evaluate(hand, ordering=ordering)


@settings(max_examples=300, deadline=None)
@given(hands, hands, orderings)
def test_order_is_consistent_with_categories(a: tuple[Card, ...], b: tuple[Card, ...],
                                              ordering: str) -> None:
    """H2: a better category always wins; equal hands share their category and ranks."""
    x, y = evaluate(a, ordering=ordering), evaluate(b, ordering=ordering)
    if x.category != y.category:
        assert (x < y) == (x.category < y.category)
    if x == y:
        assert (x.category, x.ranks, str(x)) == (y.category, y.ranks, str(y))


@settings(max_examples=200, deadline=None)
@given(hands, st.permutations(range(3)), orderings)
def test_card_order_in_the_hand_does_not_matter(hand: tuple[Card, ...], perm: list[int],
                                                ordering: str) -> None:
    shuffled = tuple(hand[i] for i in perm)
    assert evaluate(shuffled, ordering=ordering) is evaluate(hand, ordering=ordering)


def test_ranks_of_different_orderings_do_not_compare() -> None:
    with pytest.raises(RulesError, match="standard hand with a nine-card hand"):
        _ = evaluate("As Ah Ad") < evaluate("3s 3h 3d", ordering="nine-card")
    assert evaluate("As Ks Qs") != evaluate("As Ks Qs", ordering="teen-patti")


def test_words() -> None:
    """The text forms of the brief and RULES.md."""
    assert str(evaluate("3c 2c Ac")) == "running flush, 3-2-A"
    assert str(evaluate("Qh Qs 4d")) == "pair of queens, 4 kicker"
    assert str(evaluate("3s 3h 3d")) == "prial of threes"
    assert str(evaluate("Kh 9h 2h")) == "flush, K-9-2"
    assert str(evaluate("Js 6h 3d")) == "high card, J-6-3"
    assert str(evaluate("As Kh Qd")) == "run, A-K-Q"
    assert repr(evaluate("3s 3h 3d")) == "HandRank('prial of threes', ordering='standard')"


def test_handrank_is_frozen_hashable_and_picklable() -> None:
    rank = evaluate("Qh Qs 4d")
    with pytest.raises(AttributeError):
        rank.value = 3  # type: ignore[misc]
    assert {rank, evaluate("Qd Qc 4s")} == {rank}
    assert pickle.loads(pickle.dumps(rank)) == rank
    assert isinstance(rank.value, int) and rank.ordering is Ordering.STANDARD
    assert rank.category is Category.PAIR and rank.wilds == 0


def test_handrank_compares_only_with_handranks() -> None:
    rank = evaluate("Qh Qs 4d")
    assert rank != 5
    with pytest.raises(TypeError):
        _ = rank < 5  # type: ignore[operator]
    assert isinstance(rank, HandRank)
