"""The Pack's internal steps for the deal engines (issue 3) do what the public ones would."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bragkit.cards import Pack


@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 52), back=st.integers(0, 52))
def test_split_then_rebuild_is_dealing_from_a_copy(seed: int, count: int, back: int) -> None:
    """Rules D5, D6: ``_split_top`` gives what ``count`` deals from a copy give and leaves the
    pack alone; cards put under the rest do not stop ``_before_split`` rebuilding the pack."""
    pack = Pack.shuffled(seed)
    before = pack.copy()
    top, rest = pack._split_top(count)
    dealer = pack.copy()
    assert top == tuple(dealer.deal() for _ in range(count))
    assert rest == dealer and pack == before
    rest.put_under(top[: min(back, count)])
    rest._put_under_cards(list(top[min(back, count):]), whole=True)
    assert rest._before_split(top, 52 - count) == before
    assert rest._is_one_deck()  # every card back under, each once


def test_whole_is_forgotten_by_every_change() -> None:
    """Rule W1: only a pack known whole skips the count; dealing or putting under forgets it,
    so a card twice is still found."""
    rng = random.Random(4)
    pack = Pack.shuffled(rng)
    assert pack._whole and pack.copy()._whole and pack._is_one_deck()
    card = pack.deal()
    assert not pack._whole and not pack._is_one_deck()  # 51 cards
    pack.put_under([pack.peek()[0]])  # 52 cards, one twice
    assert not pack._whole and not pack._is_one_deck()
    pack.shuffle(rng)
    assert not pack._is_one_deck()
    whole = Pack.standard()
    whole.put_under([whole.deal()])
    assert not whole._whole and whole._is_one_deck()  # counted: still every card once
    assert card not in pack.cards or pack.cards.count(card) == 1
    top, rest = Pack.standard()._split_top(3)
    assert not rest._whole and rest._before_split(top, 49) == Pack.standard()
    assert not rest._before_split(top, 49)._whole  # rebuilt, not known
    rest._put_under_hand(top)
    assert not rest._whole and rest._is_one_deck()
    assert not Pack.standard(jokers=1)._is_one_deck() and not Pack.standard(decks=2)._is_one_deck()
