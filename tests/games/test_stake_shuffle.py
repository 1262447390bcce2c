"""A stake deal's shuffle from its own random source is finished only when its cards are needed
(D4, D5): the same cards, the same pack, the same log and record as a shuffle made whole at
once, and a source that is not the deal's own is left as a whole shuffle leaves it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Pack
from bragkit.games.brag_poker import BragPoker
from bragkit.games.historic import SingleStakeBrag, ThreeStakeBrag
from bragkit.games.protocol import random_action
from bragkit.games.stake_game import StakeGame
from bragkit.games.teen_patti import TeenPatti
from bragkit.games.teen_patti_rules import TeenPattiRules

GAMES: list[tuple[type[StakeGame], object]] = [
    (SingleStakeBrag, None), (ThreeStakeBrag, None), (BragPoker, None), (TeenPatti, None),
    (TeenPatti, TeenPattiRules(variant="joker"))]


def _deal(game: type[StakeGame], rules: object, count: int, rng: random.Random | int,
          own: bool) -> StakeGame:
    players = [f"P{i}" for i in range(count)]
    return game(rules, players=players, dealer=players[-1], stacks=[60] * count, rng=rng,
                own_rng=own)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 8), st.integers(0, 2**32), st.integers(0, 40),
       st.booleans())
def test_a_deal_from_its_own_source_is_the_deal_shuffled_whole_rules_D4_D5(
        kind: tuple[type[StakeGame], object], count: int, seed: int, peek: int,
        read_first: bool) -> None:
    """Played the same way, a deal whose shuffle waits (its own source, or a seed) and one
    shuffled whole have the same log, pack, initial pack and record, whenever the pack is
    first read (``peek`` actions in; before or after the record's initial pack)."""
    game, rules = kind
    whole = _deal(game, rules, count, random.Random(seed), own=False)
    waiting = _deal(game, rules, count, random.Random(seed), own=True)
    seeded = _deal(game, rules, count, seed, own=False)
    rng = random.Random(seed)
    steps = 0
    while not whole.over:
        if steps == peek:
            for deal in (waiting, seeded):
                first, second = ((deal.initial_pack, deal.pack) if read_first
                                 else (deal.pack, deal.initial_pack))
                assert (first, second) == ((whole.initial_pack, whole.pack) if read_first
                                           else (whole.pack, whole.initial_pack))
        action = random_action(whole, rng)
        for deal in (whole, waiting, seeded):
            deal.apply(action)
        steps += 1
    for deal in (waiting, seeded):
        assert deal.operations == whole.operations and deal.stacks == whole.stacks
        assert deal.record_text() == whole.record_text()
        assert deal.pack == whole.pack and deal.initial_pack == whole.initial_pack


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_a_source_not_the_deals_own_is_left_as_a_whole_shuffle_leaves_it(
        game: type[StakeGame], rules: object) -> None:
    """A ``random.Random`` given without ``own_rng`` (the caller may draw from it next) has
    made every draw of the shuffle when the deal is set up (D4)."""
    for seed in range(20):
        given_rng, same = random.Random(seed), random.Random(seed)
        _deal(game, rules, 4, given_rng, own=False)
        same.shuffle(list(range(52)))
        assert given_rng.random() == same.random()


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60), st.integers(0, 60))
def test_a_shuffle_in_parts_is_the_whole_shuffle_rule_D4(seed: int, top: int,
                                                         dealt: int) -> None:
    """:meth:`Pack.shuffle_top` then :meth:`Pack.shuffle_rest`, with up to ``top`` cards dealt
    between, is :meth:`Pack.shuffle` and the same deal; the source is left as it leaves it."""
    whole, whole_rng = Pack.standard(), random.Random(seed)
    whole.shuffle(whole_rng)
    part, rng = Pack.standard(), random.Random(seed)
    done = part.shuffle_top(rng, top)
    final = part.peek(done)
    assert done == min(top, 51) and final == whole.peek(done)
    dealt = min(dealt, done)
    assert part.deal_many(dealt) == whole.deal_many(dealt)
    shuffled = part.shuffle_rest(rng, done, final)
    assert shuffled == Pack.shuffled(random.Random(seed)) and part == whole
    assert rng.random() == whole_rng.random()
