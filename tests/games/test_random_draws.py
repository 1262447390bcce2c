"""The fast random draws give exactly what :mod:`random` would (issue 27's speed work must not
change a result): :func:`~bragkit.games.protocol.random_action` draws its option, choice and
amount as ``rng.choice``, ``rng.randrange`` and ``rng.randint`` do, and
:func:`~bragkit.cards.shuffle_cards` shuffles as ``random.Random.shuffle`` does; dealing many
cards at once (:meth:`~bragkit.cards.Pack.deal_many`) is dealing them one at a time."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragkit.games
from bragkit.actions import Action, Verb
from bragkit.cards import Pack, shuffle_cards
from bragkit.errors import IllegalActionError, InvalidCardError
from bragkit.games.protocol import Game, random_action

#: Every registered game and preset.
ENTRIES = [name for info in bragkit.games.games() for name in (info.name, *info.presets)]


def _reference_action(game: Game, rng: random.Random, spread: int = 10) -> Action:
    """random_action as written with the random module's own calls (the definition the fast
    draws must match, draw for draw)."""
    options = [o for o in game.legal_actions(game.to_act) if o.verb is not Verb.TOPUP]
    if not options:
        raise IllegalActionError("nobody may act: the game is over", rule="B11")
    option = rng.choice(options)
    if option.choices is not None:
        return option.choices[rng.randrange(len(option.choices))]
    low = option.min_amount
    if low is None:
        return option.action()
    high = low + spread if option.max_amount is None else min(option.max_amount, low + spread)
    return option.action(rng.randint(low, high))


@pytest.mark.parametrize("name", ENTRIES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       spread=st.sampled_from([0, 1, 10, 1000]))
def test_random_action_draws_what_the_random_module_draws(name: str, seed: int, players: int,
                                                          spread: int) -> None:
    """Two copies of a game, one driven by random_action, one by the reference: the same
    actions, and the two random sources stay in step to the end."""
    low, high = bragkit.games.find(name).seats
    seats = ("Ann", "Bob", "Cy", "Di")[: max(low, min(players, high))]
    fast = bragkit.games.new(name, players=seats, seed=seed)
    slow = bragkit.games.new(name, players=seats, seed=seed)
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    for _ in range(3_000):
        if fast.over:
            break
        action = random_action(fast, fast_rng, spread=spread)
        assert action == _reference_action(slow, slow_rng, spread)
        fast.apply(action)
        slow.apply(action)
    assert fast.over and slow.over
    assert fast_rng.getstate() == slow_rng.getstate()


def test_random_action_of_another_random_source_calls_its_methods() -> None:
    """A subclass of Random (its own draws) is asked through its methods, not its bits."""

    class Counting(random.Random):
        calls = 0

        def choice(self, seq: Any) -> Any:
            Counting.calls += 1
            return super().choice(seq)

    game = bragkit.games.new("three-card", players=["Ann", "Bob"], seed=1)
    random_action(game, Counting(1))
    assert Counting.calls == 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 200))
def test_shuffle_cards_is_random_shuffle(seed: int, size: int) -> None:
    """The same order and the same state after, for a list of any size up to the largest
    pack, and beyond it (deferred to random.shuffle)."""
    cards = list(range(size))
    same = list(range(size))
    mine, theirs = random.Random(seed), random.Random(seed)
    shuffle_cards(cards, mine)  # type: ignore[arg-type]
    theirs.shuffle(same)
    assert cards == same
    assert mine.getstate() == theirs.getstate()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), count=st.integers(0, 52))
def test_deal_many_is_dealing_one_at_a_time(seed: int, count: int) -> None:
    pack, same = Pack.shuffled(seed), Pack.shuffled(seed)
    assert pack.deal_many(count) == [same.deal() for _ in range(count)]
    assert pack == same


def test_deal_many_refuses_more_than_the_pack_holds() -> None:
    pack = Pack.standard()
    pack.deal_many(50)
    with pytest.raises(InvalidCardError, match="the pack is empty"):
        pack.deal_many(3)
    assert len(pack) == 2  # nothing dealt by the refused call
    with pytest.raises(InvalidCardError):
        pack.deal_many(-1)


@pytest.mark.parametrize("name", ["three-card", "five-card", "nine-card"])
def test_another_random_source_draws_as_the_reference(name: str) -> None:
    """A subclass of Random, asked through its methods, draws as the reference does: never a
    top-up (M1), the same actions to the end."""

    class Own(random.Random):
        pass

    fast = bragkit.games.new(name, players=["Ann", "Bob", "Cy"], seed=4)
    slow = bragkit.games.new(name, players=["Ann", "Bob", "Cy"], seed=4)
    fast_rng, slow_rng = Own(4), random.Random(4)
    for _ in range(3_000):
        if fast.over:
            break
        action = random_action(fast, fast_rng)
        assert action.verb is not Verb.TOPUP and action == _reference_action(slow, slow_rng)
        fast.apply(action)
        slow.apply(action)
    assert fast.over
