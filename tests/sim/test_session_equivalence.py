"""Whole sessions on the simulator are the engine's sessions: lanes of :class:`Sessions` played
in lock-step with the engine's :class:`~bragkit.games.three_card.table.Table`, deal after deal.
Every deal is dealt from the simulator's pack, which the table checks follows exactly from
the last deal when no shuffle is due (rules D4, D5: the order hands went under the pack); the
shuffle, the pot carried and the blind hand kept (BL3, R1-R3) are the table's, and so is each
deal's play (every action checked, as tests/sim/replay.py does) and result."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.sim.replay import Choice, lock_step
from tests.sim.test_engine_equivalence import shown_cards, sim_rules

from bragkit.cards import Card
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table
from bragkit.sim.session import Sessions
from bragkit.sim.state import State


@st.composite
def session_rules(draw: st.DrawFn) -> Rules:
    """House rules of a session within the simulator's scope: a single deal's (every option
    but loans, M4, and dealer's choice, T2) with the options that only a session meets."""
    return dataclasses.replace(
        draw(sim_rules()),
        retained_blind=draw(st.sampled_from(["two-hands", "face-up"])),
        shuffle=draw(st.sampled_from(["prial-seen", "prial-seen", "always"])),
        stock_face_up=draw(st.booleans()),
    )


def _cards(values: np.ndarray) -> list[Card]:
    return [Card(int(c)) for c in values]


def play_sessions(rules: Rules, players: int, lanes: int, deals: int, seed: int,
                  buy_in: int, choose: Callable[[State], Choice] | None = None,
                  turn: Callable[[int, Deal, list[str], int], None] | None = None
                  ) -> Counter[str]:
    """Play ``lanes`` sessions of ``deals`` deals on the simulator and on engine tables in
    lock-step, checking every deal's start, play and end; returns what was met. ``choose``
    and ``turn``: as :func:`tests.sim.replay.lock_step`'s (random play by default)."""
    rng = np.random.default_rng(seed)
    sessions = Sessions(lanes, deals, players=players, rules=rules, buy_in=buy_in, seed=rng)
    state = sessions.state
    carry = state.carry
    assert carry is not None
    size = rules.pack_size
    names = [f"p{i}" for i in range(players)]
    tables = [Table(rules, seats=names, buy_ins=buy_in, dealer=names[-1], rng=0)
              for _ in range(lanes)]
    met: Counter[str] = Counter()
    for number in range(deals):
        seats: list[list[str]] = []
        engine_deals: list[Deal] = []
        for row, table in enumerate(tables):
            where = sessions.position(np.array([row]))[0]
            seats.append([names[k] for k in where])
            held = int(carry.held[row])
            assert table.shuffle_due == bool(sessions.shuffled[row]), (number, row)  # D4
            assert table.carried_pot == int(state.carried_in[row])  # rule BL3
            if held:  # rule R1: the kept hand and its keeper
                assert state.extra is not None
                keeper = int(state.extra.extra_seat[row])
                assert table.retained == seats[row][keeper]
                assert table.retained_hand == tuple(_cards(carry.pack[row, size - held:]))
                met["kept " + rules.retained_blind] += 1
            else:
                assert table.retained is None
            met["shuffled"] += bool(sessions.shuffled[row])
            # the table refuses a pack that does not follow from the last deal (D4, D5)
            deal = table.start_deal(pack=_cards(carry.pack[row, :size - held]))
            assert deal.stacks == {seats[row][s]: int(state.stacks[row, s])
                                   for s in range(players)}
            engine_deals.append(deal)
        lock_step(state, engine_deals, rng, any_amount=choose is None, seats=seats,
                  apply=lambda row, text: tables[row].apply(text), choose=choose, turn=turn)
        for row, table in enumerate(tables):
            _check_deal(state, row, engine_deals[row], seats[row], met)
            held_next = rules.cards if state.retained[row] >= 0 else 0
            pack = table.pack
            assert pack is not None
            assert list(pack) == _cards(carry.next_pack[row, :size - held_next])  # D5: exactly
            assert table.shuffle_due == bool(carry.shuffle_next[row])  # rule D4
            assert table.carried_pot == int(state.carried[row])
        before = sessions.topups.copy()
        sessions.next_deals()
        for row, table in enumerate(tables):  # rule M1: the same top-ups
            for position in np.flatnonzero(sessions.topups[row] != before[row]):
                table.topup(names[position], int(sessions.topups[row, position]
                                                  - before[row, position]))
            assert table.stacks == {names[k]: int(sessions.money[row, k])
                                    for k in range(players)}
    return met


def _check_deal(state: State, row: int, deal: Deal, names: list[str],
                met: Counter[str]) -> None:
    result = deal.result
    assert result is not None, f"deal {row} is not over in the engine"
    assert result.stacks == {n: int(state.stacks[row, s]) for s, n in enumerate(names)}
    assert result.winners == {n: int(state.winnings[row, s]) for s, n in enumerate(names)
                              if state.winnings[row, s]}
    assert result.shown == {n: shown_cards(state, row, s) for s, n in enumerate(names)
                            if state.shown[row, s]}  # rule D8
    assert result.carried_pot == int(state.carried[row])  # rules BL3, R3
    retained = int(state.retained[row])
    assert result.retained == (names[retained] if retained >= 0 else None)
    verbs = {a.verb.value for a in deal.actions}
    met.update(f"verb {v}" for v in verbs)
    met["carried"] += result.carried_pot > 0
    met["won against the face-up hand"] += result.retained in result.winners  # rule R3
    met["prial shuffle"] += result.shuffle_next and deal.rules.shuffle != "always"


@settings(max_examples=30, deadline=None)
@given(rules=session_rules(), players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1),
       buy_in=st.sampled_from([12, 40, 200]))
def test_random_sessions_replay_identically_through_engine_tables(
    rules: Rules, players: int, seed: int, buy_in: int
) -> None:
    """Random house rules, 2-8 players, small and large stacks: six lanes of eight deals."""
    buy_in = max(buy_in, rules.ante)
    if players > rules.max_players(retained=1):
        players = rules.max_players(retained=1)
    play_sessions(rules, players, 6, 8, seed, buy_in)


def test_long_sessions_meet_every_carried_thing() -> None:
    """Longer sessions under the default rules and their variants: the pack carried and
    shuffled (D4, D5), pots carried and hands kept both ways (BL3, R2, R3), covers (M2), four-
    and five-card discards (F1) are all met, so the replay above is not vacuous."""
    met: Counter[str] = Counter()
    for k, rules in enumerate([Rules(max_bet=10), Rules(retained_blind="face-up", max_bet=6),
                               Rules(cards=4, max_bet=8), Rules(cards=5, jokers=1)]):
        met += play_sessions(rules, 3 + k, 8, 30, k, 40)
    for thing in ("shuffled", "carried", "prial shuffle", "kept two-hands", "kept face-up",
                  "verb cover", "verb discard", "verb keep", "verb throw",
                  "won against the face-up hand"):
        assert met[thing] > 0, (thing, met)
