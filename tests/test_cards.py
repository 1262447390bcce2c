"""Cards and packs (bragkit.cards): parse(print(x)) == x, and bad text always refused."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import JOKER, Card, Pack, Rank, Suit, format_cards, make_rng, parse_cards
from bragkit.errors import InvalidCardError

cards = st.integers(0, 52).map(Card)
hands = st.lists(cards, max_size=12)

# Every text a single card may be written as (HAND-HISTORY.md), case aside.
_SUIT = "[shdc♠♥♦♣♤♡♢♧]\ufe0f?"
_RANK = "(10|[2-9tjqka])"
_GOOD = re.compile(rf"(?i)(jk|{_RANK}{_SUIT}|{_SUIT}{_RANK})")


@given(cards)
def test_card_parse_print_round_trip(card: Card) -> None:
    """parse(print(x)) == x, in the plain and the pretty notation."""
    assert Card.parse(str(card)) is card
    assert Card.parse(card.pretty) is card


@given(hands, st.booleans())
def test_cards_parse_print_round_trip(hand: list[Card], pretty: bool) -> None:
    assert parse_cards(format_cards(hand, pretty=pretty)) == tuple(hand)


@given(st.integers(0, 3), st.randoms(use_true_random=False))
def test_pack_parse_print_round_trip(jokers: int, rng: random.Random) -> None:
    """A shuffled pack prints and parses back to the same order (rules D5, D6)."""
    pack = Pack.shuffled(rng, jokers=jokers)
    again = Pack.parse(str(pack))
    assert again == pack and again.cards == pack.cards and again.jokers == jokers


@settings(max_examples=300)
@given(st.text(min_size=1, max_size=4))
def test_bad_card_text_always_raises_invalid_card_error(text: str) -> None:
    """Anything that is not a card raises InvalidCardError (never another exception)."""
    if _GOOD.fullmatch(text.strip()):
        assert isinstance(Card.parse(text), Card)
    else:
        with pytest.raises(InvalidCardError):
            Card.parse(text)


@settings(max_examples=300)
@given(st.text(max_size=12))
def test_parse_cards_either_parses_or_raises_invalid_card_error(text: str) -> None:
    try:
        parsed = parse_cards(text)
    except InvalidCardError:
        return
    assert parse_cards(format_cards(parsed)) == parsed


def test_card_basics() -> None:
    """H1: ranks 2..A, four suits; a card is its index (rank - 2) * 4 + suit."""
    assert int(Card.of(Rank.QUEEN, Suit.HEARTS)) == 41 and Card(41) is Card.parse("Qh")
    assert JOKER.is_joker and str(JOKER) == "Jk"
    with pytest.raises(InvalidCardError):
        _ = JOKER.rank
    with pytest.raises(InvalidCardError):
        Card(53)


def test_pack_refuses_duplicates_and_missing_cards() -> None:
    text = str(Pack.standard())
    with pytest.raises(InvalidCardError, match="duplicate"):
        Pack.parse(text + " As")
    with pytest.raises(InvalidCardError, match="missing"):
        Pack.parse(text.replace("As ", ""))


def test_pack_deal_and_put_under_keep_every_card() -> None:
    """D5: cards dealt from the top go back under the pack in the order given."""
    pack = Pack.shuffled(3)
    hand = [pack.deal() for _ in range(3)]
    pack.put_under(hand)
    assert len(pack) == 52 and pack.cards[-3:] == tuple(hand)
    assert sorted(pack.cards) == sorted(Pack.standard().cards)


def test_make_rng_is_reproducible_from_a_seed() -> None:
    assert Pack.shuffled(make_rng(5)) == Pack.shuffled(5)


@pytest.mark.parametrize("jokers, decks", [(53, 1), (200_000_000, 1), (0, 9), (0, 100_000),
                                           (-1, 1), ("2", 1), (0, 1.0)])
def test_pack_sizes_are_bounded_before_a_pack_is_built(jokers: object, decks: object) -> None:
    """Rule W1: at most MAX_JOKERS jokers and MAX_DECKS decks (200,000,000 jokers built a list
    of that many cards before)."""
    with pytest.raises(InvalidCardError, match="a pack holds"):
        Pack.standard(jokers=jokers, decks=decks)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Pack([], jokers=jokers, decks=decks)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 3.5, [1, None], b"As", ["As", 99], True, [2.0]])
def test_cards_of_the_wrong_type_are_card_errors(value: object) -> None:
    with pytest.raises(InvalidCardError):
        parse_cards(value)  # type: ignore[arg-type]


def test_a_pack_missing_many_cards_names_only_a_few() -> None:
    missing = r"^pack is missing 468 cards: 2s 2s 2s 2s 2s 2s 2s 2s \.\.\.$"
    with pytest.raises(InvalidCardError, match=missing):
        Pack([], jokers=52, decks=8)
