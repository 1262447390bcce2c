"""evaluate(): the inputs it takes, the ones it refuses, and the fast path agreeing with the
checked path."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import JOKER, Card, parse_cards
from bragkit.errors import InvalidCardError, RulesError
from bragkit.hands import Ordering, evaluate
from bragkit.hands.evaluate import _evaluate


def test_text_cards_lists_and_ints_all_work() -> None:
    cards = parse_cards("Qh Qs 4d")
    expected = evaluate("Qh Qs 4d")
    assert evaluate(cards) is expected
    assert evaluate(list(cards)) is expected
    assert evaluate([int(c) for c in cards]) is expected
    assert evaluate(iter(cards)) is expected
    assert evaluate("Q♥ Q♠ 4♦") is expected
    assert evaluate(cards, ordering=Ordering.STANDARD) is expected


@pytest.mark.parametrize(
    "bad",
    ["As Ks", "As Ks Qs Js", "", "As As Kd", "As Kx Qd", (0, 0, 1), (-1, 2, 3), (0, 1, 60),
     ("a", "b", "c"), [1, 2]],
)
def test_wrong_cards_raise_invalid_card_error(bad: object) -> None:
    """The wrong number of cards, a card twice, bad text or a bad index: InvalidCardError."""
    with pytest.raises(InvalidCardError):
        evaluate(bad)  # type: ignore[arg-type]


def test_jokers_may_repeat() -> None:
    assert evaluate((JOKER, JOKER, Card(0))).wilds == 2


def test_unknown_ordering_is_a_rules_error() -> None:
    with pytest.raises(RulesError):
        evaluate("As Ks Qs", ordering="poker")


def test_four_of_a_kind_only_under_crash() -> None:
    """C2: a four of a kind may stand as a hand of four."""
    assert str(evaluate("Ks Kh Kd Kc", ordering="crash")) == "four kings"
    assert str(evaluate("Ks Kh Kd Jk", ordering="crash-aces-high")) == "four kings (1 wild)"
    with pytest.raises(InvalidCardError, match="three cards, or a four of a kind"):
        evaluate("Ks Kh", ordering="crash")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 52), min_size=3, max_size=3),
    st.sampled_from([o.value for o in Ordering]),
)
def test_fast_path_agrees_with_checked_path(indices: list[int], ordering: str) -> None:
    """The fast path returns exactly what the checked path returns, or both refuse."""
    cards = tuple(Card(i) for i in indices)
    try:
        slow = _evaluate(cards, ordering, ())
    except InvalidCardError:
        with pytest.raises(InvalidCardError):
            evaluate(cards, ordering=ordering)
        return
    assert evaluate(cards, ordering=ordering) is slow


def test_every_ordered_triple_is_a_hand_or_refused() -> None:
    """All 53³ index triples: distinct cards (jokers may repeat) make a hand, nothing else."""
    cards = [Card(i) for i in range(53)]
    for a, b, c in itertools.product([*cards[::4], JOKER], repeat=3):
        distinct = len({a, b, c} - {JOKER}) == len([x for x in (a, b, c) if x is not JOKER])
        if distinct:
            assert evaluate((a, b, c)).value >= 0
        else:
            with pytest.raises(InvalidCardError):
                evaluate((a, b, c))
