"""The protocol is exact: a client that reads only an option's fields can build every legal
action, for every game and preset of the registry (bragkit.games.protocol; rules B11, F1, F3 and
each game's own).

Every option listed is accepted by ``check`` with each amount it lists (its least, its most and
one between) and each choice it lists (a discard option lists its discards, F1, F3), and random
play by :func:`~bragkit.games.protocol.random_action` always ends."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragkit.games
from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Pack
from bragkit.games.protocol import Game, random_action

PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed")
MOST_STEPS = 3_000
#: Of an option with many choices (a Crash hand's arrangements), the first, the last and these
#: many drawn at random are checked.
SAMPLED = 12

#: Every game of the registry with each of its presets (``None``: the game's own rules).
CASES = [(name, preset) for name in bragkit.games.names()
         for preset in (None, *bragkit.games.find(name).presets)]


def _start(name: str, preset: str | None, count: int, seed: int) -> Game:
    low, high = bragkit.games.find(name).seats
    players = PLAYERS[: max(low, min(count, high, len(PLAYERS)))]
    return bragkit.games.new(preset or name, players=players, seed=seed)


def _actions_of(option: LegalAction, rng: random.Random) -> list[Action]:
    """What a client reading only ``option``'s fields would build: each choice (sampled when
    there are many), or each of the least, the most and a middle amount."""
    if option.choices is not None:
        count = len(option.choices)
        picks = {0, count - 1} | {rng.randrange(count) for _ in range(SAMPLED)} if count else set()
        return [option.choices[i] for i in sorted(picks)]
    low, high = option.min_amount, option.max_amount
    if low is None:
        return [option.action()]
    top = high if high is not None else low + 25
    return [option.action(amount) for amount in sorted({low, (low + top) // 2, top})]


def test_the_cases_cover_the_four_and_five_card_presets() -> None:
    presets = {preset for _, preset in CASES}
    assert {"four-card", "five-card"} <= presets  # the discard games (F1, F3)


@pytest.mark.parametrize(("name", "preset"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(2, 5))
def test_every_listed_option_is_accepted_with_everything_it_lists(
        name: str, preset: str | None, seed: int, count: int) -> None:
    game = _start(name, preset, count, seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        menu = game.legal_actions()
        assert menu, "a game not over lists something to do"
        for option in menu:
            built = _actions_of(option, rng)
            assert built or option.choices == []
            for action in built:
                assert action in option, (option, action)
                game.check(action)  # raises if the option listed something illegal
                assert game.can_apply(action), action
        game.apply(random_action(game, rng))
        steps += 1
        assert steps < MOST_STEPS, "random play must end"
    assert game.result is not None and game.legal_actions() == []


@pytest.mark.parametrize(("name", "preset"), CASES)
@pytest.mark.parametrize("seed", range(8))
def test_random_play_ends_in_every_game_and_preset(name: str, preset: str | None,
                                                    seed: int) -> None:
    game = _start(name, preset, 2 + seed % 4, seed)
    rng = random.Random(seed)
    for _ in range(MOST_STEPS):
        if game.over:
            break
        game.apply(random_action(game, rng))
    assert game.over and game.result is not None


def test_a_discard_option_lists_its_discards() -> None:
    """Rules F1, F3: a discard option names the discards it allows, one per choice of the
    cards dealt, and each is legal; a discard of cards not held is not among them."""
    for preset, count, dealt in (("four-card", 1, 4), ("five-card", 2, 5)):
        game = bragkit.games.new(preset, players=["Ann", "Bob"], seed=4)
        game.apply("Ann look")
        (option,) = [o for o in game.legal_actions("Ann") if o.verb is Verb.DISCARD]
        assert option.discards == count and option.choices is not None
        assert len(option.choices) == {4: 4, 5: 10}[dealt]
        for action in option.choices:
            assert len(action.cards) == count
            game.check(action)
        held = {c for a in option.choices for c in a.cards}
        assert len(held) == dealt
        strangers = tuple(c for c in Pack.shuffled(random.Random(0)).cards if c not in held)[:count]
        assert Action(player="Ann", verb=Verb.DISCARD, cards=strangers) not in option.choices
