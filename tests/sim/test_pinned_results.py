"""The simulator's results are pinned: the same seeds give the same deals, actions and results
as the code this test was written against (before the speed work of issue #17; with covers
never picked, before issue #25 too; the full rules and sessions since issue #25). A change to
the dealing, the menu (rules B1-B9, BL1-BL6) or the settling changes the hash and fails here;
a deliberate change of results must update the pinned hashes knowingly."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from bragkit.games.three_card.rules import Rules
from bragkit.sim import State, init, random_actions, redeal, step
from bragkit.sim.menu import COVER
from bragkit.sim.session import Sessions

_RULES = {
    "limit": Rules(max_bet=10),
    "default": Rules(),
    "pot-single": Rules(pot_limit=True, see_cost="single", min_bet=2, ante=2),
    "raise-open": Rules(raise_limit=3, blind=False, max_bet=12),
}


def _digest(state: State, actions: list[np.ndarray]) -> str:
    hasher = hashlib.sha256()
    for array in (*actions, state.stacks, state.winnings, state.shown, state.carried,
                  state.retained, state.dealt, state.pot, state.tally):
        hasher.update(np.ascontiguousarray(array).astype(np.int64).tobytes())
    return hasher.hexdigest()[:16]


def _play(name: str, players: int, seed: int, stream: bool, covers: bool = False) -> str:
    """A batch of 300 deals with a few small stacks (so short money is met), stepped with
    random actions to the end (or, ``stream``, for 30 steps with ended deals dealt again).
    Covers (M2, M3) came with issue #25; without them (``covers`` False: never picked) the
    results are those pinned before it."""
    rng = np.random.default_rng(seed)
    stacks = rng.integers(1, 40, size=(300, players)) + 2
    state = init(rng, 300, players=players, rules=_RULES[name], stacks=stacks)
    actions: list[np.ndarray] = []
    for _ in range(30 if stream else 200):
        chosen = random_actions(state, rng, propose=seed % 2 == 1,
                                exclude=() if covers else (COVER,))
        actions.append(chosen.copy())
        step(state, chosen)
        if stream:
            over = np.flatnonzero(state.terminated)
            actions.append(over.copy())
            actions.append(state.stacks[over].copy())
            redeal(state, over, rng, stacks=50)
        elif state.terminated.all():
            break
    return _digest(state, actions)


_PINNED = {
    ("limit", 2, 3, False): "8bed98065f7f4f9e",
    ("limit", 2, 4, True): "36bd5dbecd1e1eb0",
    ("limit", 4, 5, False): "4d72dac1e07836c7",
    ("limit", 4, 6, True): "fb9fb1ae8f78bd17",
    ("limit", 6, 7, False): "7a4101f7a361c095",
    ("limit", 6, 8, True): "14de0cfd6e77a71a",
    ("limit", 8, 9, False): "b1fd592d28203421",
    ("limit", 8, 10, True): "9a7c7ee854e4a423",
    ("default", 2, 3, False): "0b8d8ab6b47d7602",
    ("default", 2, 4, True): "5da952d543215b5e",
    ("default", 4, 5, False): "afe9018636800ae8",
    ("default", 4, 6, True): "d82ab0bcc2f876ae",
    ("default", 6, 7, False): "76deb9c15470658b",
    ("default", 6, 8, True): "99d2d6a1cd23449c",
    ("default", 8, 9, False): "56ee972e73a4fc10",
    ("default", 8, 10, True): "52a6e7d9f56bf981",
    ("pot-single", 2, 3, False): "45e06a91a978c04b",
    ("pot-single", 2, 4, True): "ab279436d71c1332",
    ("pot-single", 4, 5, False): "4d9ee483c72338ad",
    ("pot-single", 4, 6, True): "0db4abaef9cbdbf1",
    ("pot-single", 6, 7, False): "a34a35f782af34a5",
    ("pot-single", 6, 8, True): "40ac1225ffc2f347",
    ("pot-single", 8, 9, False): "ca673a8b70048165",
    ("pot-single", 8, 10, True): "f6655cb34f9ce829",
    ("raise-open", 2, 3, False): "39b69468f496f397",
    ("raise-open", 2, 4, True): "59bdc4f3e22b3a4f",
    ("raise-open", 4, 5, False): "cbd41c09bc745e3f",
    ("raise-open", 4, 6, True): "34dd78a12856f5bb",
    ("raise-open", 6, 7, False): "7a143cd602e062f6",
    ("raise-open", 6, 8, True): "d84bd84eca1318e5",
    ("raise-open", 8, 9, False): "e445225632fe07a4",
    ("raise-open", 8, 10, True): "52aa7411801c0b86",
}


@pytest.mark.parametrize("case", sorted(_PINNED))
def test_seeded_batches_give_the_pinned_results(case: tuple[str, int, int, bool]) -> None:
    assert _play(*case) == _PINNED[case]


def _bench_like(players: int, seed: int) -> str:
    """The benchmark's loop: default stacks, every ended deal dealt again at once."""
    rng = np.random.default_rng(seed)
    state = init(rng, 500, players=players, rules=_RULES["limit"])
    actions: list[np.ndarray] = []
    for _ in range(25):
        chosen = random_actions(state, rng)
        actions.append(chosen.copy())
        step(state, chosen)
        over = np.flatnonzero(state.terminated)
        actions.append(over.copy())
        actions.append(state.stacks[over].copy())
        redeal(state, over, rng)
    return _digest(state, actions)


_PINNED_BENCH = {2: "6a1fb6a0c3b796da", 4: "2870ba5df9855082", 8: "e3ff00e1b19dfb40"}


@pytest.mark.parametrize("players", sorted(_PINNED_BENCH))
def test_the_benchmark_loop_gives_the_pinned_results(players: int) -> None:
    assert _bench_like(players, 11) == _PINNED_BENCH[players]


_PINNED_COVERS = {
    ("limit", 2, 3, False): "906c705f1ef9e783",
    ("limit", 2, 4, True): "51cfaeb2689e1133",
    ("limit", 4, 5, False): "6c0d1c8cf8e44354",
    ("limit", 4, 6, True): "10ab07420660fda7",
    ("limit", 6, 7, False): "090592451f2a2070",
    ("limit", 6, 8, True): "d3868b7ec57514ff",
    ("limit", 8, 9, False): "55a11f2b67d6f422",
    ("limit", 8, 10, True): "c21dfe6db2c6a49e",
    ("pot-single", 2, 3, False): "be6072b72146bef6",
    ("pot-single", 2, 4, True): "69bf2bc41fc25703",
    ("pot-single", 4, 5, False): "2ab99f9496e743c5",
    ("pot-single", 4, 6, True): "c23238d63a6d2443",
    ("pot-single", 6, 7, False): "58204ad449d1c101",
    ("pot-single", 6, 8, True): "319cdb43d20e9a83",
    ("pot-single", 8, 9, False): "1114afe10ddbcdcb",
    ("pot-single", 8, 10, True): "d70af89cfe7c8515",
}


@pytest.mark.parametrize("case", sorted(_PINNED_COVERS))
def test_seeded_batches_with_covers_give_the_pinned_results(
    case: tuple[str, int, int, bool]
) -> None:
    """The same batches with covers picked too (M2, M3, issue #25)."""
    assert _play(*case, covers=True) == _PINNED_COVERS[case]


_SESSION_RULES = {
    "two-hands": Rules(max_bet=10),
    "face-up": Rules(retained_blind="face-up", see_cost="single", ante=2),
    "four-card": Rules(cards=4, wild=("2",), short_money="fold"),
    "five-card": Rules(cards=5, jokers=2, shuffle="always", pot_limit=True),
}


def _session(name: str, players: int, seed: int) -> str:
    """Ten lanes of twelve deals of a session (rules D4, D5, BL3, R1-R3, M1-M3, F1-F3),
    random actions and discards: every action, the stacks, the packs left and the pots."""
    rng = np.random.default_rng(seed)
    lanes = Sessions(10, 12, players=players, rules=_SESSION_RULES[name], buy_in=30, seed=rng)
    actions: list[np.ndarray] = []
    while not lanes.over.all():
        state = lanes.state
        chosen = random_actions(state, rng, propose=True)
        thrown = np.left_shift(1, state.rater.thrown[
            rng.integers(0, len(state.rater.thrown), state.n)]).sum(axis=1)
        actions += [chosen.copy(), thrown]
        step(state, chosen, discards=thrown if state.cards > 3 else None)
        actions.append(lanes.next_deals())
    carry = lanes.state.carry
    assert carry is not None
    return _digest(lanes.state, [*actions, lanes.money, lanes.topups, carry.next_pack])


_PINNED_SESSIONS = {
    ("two-hands", 3, 1): "165103565ab4f15a",
    ("face-up", 4, 2): "c2b02df22d1ade20",
    # re-pinned knowingly: a blind player of four- and five-card Brag looks before a discard
    # (the menu never offers a discard of unseen cards, F2, BL6)
    ("four-card", 5, 3): "6368180b8e4cabf9",
    ("five-card", 6, 4): "c01063bec0132a81",
}


@pytest.mark.parametrize("case", sorted(_PINNED_SESSIONS))
def test_seeded_sessions_give_the_pinned_results(case: tuple[str, int, int]) -> None:
    assert _session(*case) == _PINNED_SESSIONS[case]
