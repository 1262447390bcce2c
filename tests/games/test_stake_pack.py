"""The pack shuffled as it is dealt (:mod:`bragkit.games.stake_pack`, rules D4–D6): the same
cards as a whole shuffle up front, whatever is dealt and whenever the rest is asked for."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Pack
from bragkit.games import new
from bragkit.games.stake_pack import DealtPack
from bragkit.games.teen_patti import TeenPatti


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64), st.lists(st.integers(0, 13), max_size=6), st.booleans())
def test_dealt_as_shuffled_gives_the_cards_of_a_whole_shuffle_rule_d4(
        seed: int, counts: list[int], settle_early: bool) -> None:
    """Deal after deal (any sizes, up to the whole pack), the cards, the rest and the initial
    pack are those of ``random.Random(seed).shuffle`` of the standard pack (D4), and the source
    is left where a whole shuffle leaves it."""
    whole = Pack.shuffled(random.Random(seed))
    eager_rng = random.Random(seed)
    Pack.standard().shuffle(eager_rng)
    rng = random.Random(seed)
    lazy = DealtPack.shuffled(rng)
    for count in counts:
        count = min(count, len(whole))
        if settle_early:
            assert lazy.rest == whole
        assert lazy.deal_many(count) == whole.deal_many(count)
        assert len(lazy) == len(whole)
    assert lazy.rest == whole
    assert lazy.initial == Pack.shuffled(random.Random(seed))
    assert rng.random() == eager_rng.random()


def test_a_source_not_owned_is_shuffled_up_front() -> None:
    """A ``random.Random`` handed to a deal without ``own_rng`` may be drawn from by its owner
    afterwards: the deal shuffles the whole pack before the first card, as it always did."""
    rng = random.Random(3)
    deal = TeenPatti(players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], rng=rng)
    after = rng.random()
    again = random.Random(3)
    Pack.standard().shuffle(again)
    assert after == again.random()
    assert deal.initial_pack == Pack.shuffled(random.Random(3))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["single-stake", "three-stake", "brag-poker", "teen-patti",
                        "teen-patti-joker"]), st.integers(0, 2**32))
def test_a_registry_deal_holds_the_cards_of_its_seeds_whole_shuffle(name: str,
                                                                    seed: int) -> None:
    """A deal the registry starts (its source its own) deals from the pack a whole shuffle of
    its seed gives, after the dealer's cut (D3): every hand is dealt from its top (D6)."""
    game = new(name, players=["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    rng.randrange(3)  # the dealer's cut
    expected = Pack.shuffled(rng)
    assert game.initial_pack == expected
    held = {c for hand in game.hands.values() for c in hand}
    # three each from the top (D6), or none yet (single stake deals after the dealer's stake)
    assert held == (set(expected.cards[:9]) if name != "single-stake" else set())
    assert len(game.pack) == 52 - len(held) - (name == "teen-patti-joker")  # the turned card
