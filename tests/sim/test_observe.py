"""Observations a learner can use as they come: numbers from 0 to 1 in named slices, the deal's
last actions, and what a player knows of the pack's order (rules D4, D5, D8, BL6, R2, R3)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.games.three_card.rules import Rules
from bragkit.sim import init, random_actions, step
from bragkit.sim.menu import ACTIONS, LOOK, NUM_ACTIONS, STAY
from bragkit.sim.observe import CARDS, PER_SEAT, TABLE, Layout, observe
from bragkit.sim.session import Sessions
from bragkit.sim.state import State


def _play_sessions(rules: Rules, players: int, seed: int, deals: int = 12,
                   history: int = 5) -> Sessions:
    return Sessions(16, deals, players=players, rules=rules, buy_in=30, seed=seed,
                    history=history, knowledge=True)


def _random_step(lanes: Sessions, rng: np.random.Generator) -> None:
    state = lanes.state
    step(state, random_actions(state, rng, propose=True))
    lanes.next_deals()


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 2**31), cards=st.sampled_from([3, 4, 5]),
       retained=st.sampled_from(["two-hands", "face-up"]))
def test_observations_are_in_0_1_in_the_named_slices(
    players: int, seed: int, cards: int, retained: str
) -> None:
    """Every number of every seat's observation is from 0 to 1, in every slice the layout
    names, whatever the play (sessions with covers, kept hands, discards)."""
    rules = Rules(cards=cards, retained_blind=retained, max_bet=12)
    lanes = _play_sessions(rules, players, seed)
    layout = Layout.of(lanes.state)
    names = ["hand", *(["kept"] if cards > 3 else []),
             *(["face_up"] if retained == "face-up" else []), "seats", "table", "history",
             "known"]
    assert list(layout.slices) == names
    widths = {"seats": PER_SEAT * players, "table": TABLE,
              "history": 5 * (players + NUM_ACTIONS + 1), "known": CARDS * players}
    for name, part in layout.slices.items():
        assert part.stop - part.start == widths.get(name, CARDS)
    rng = np.random.default_rng(seed)
    while not lanes.over.all():
        state = lanes.state
        for viewer in range(players):
            vector = observe(state, viewers=np.full(state.n, viewer))
            assert vector.shape == (state.n, layout.size)
            assert ((vector >= 0) & (vector <= 1)).all()
        _random_step(lanes, rng)


def test_the_history_shows_the_last_actions_newest_first() -> None:
    """Who did what, from the viewer's seat, and the chips it put in; older ones drop off."""
    state = init(None, 1, players=3, rules=Rules(max_bet=10), packs=[list(range(52))],
                 history=2)
    layout = Layout.of(state)
    width = 3 + NUM_ACTIONS + 1
    step(state, [LOOK])
    step(state, [STAY], bets=[4])  # seat 0 bets 4 open
    entries = observe(state)[0, layout.slices["history"]].reshape(2, width)  # seat 1 views
    chips = float(state.start_stacks[0].sum() + state.carried_in[0])
    assert entries[0, :3].tolist() == [0, 0, 1]  # seat 0 is two to seat 1's left
    assert ACTIONS[int(np.argmax(entries[0, 3:3 + NUM_ACTIONS]))] == "stay"
    assert entries[0, -1] == pytest.approx(4 / chips)
    assert ACTIONS[int(np.argmax(entries[1, 3:3 + NUM_ACTIONS]))] == "look"
    step(state, [LOOK])
    entries = observe(state)[0, layout.slices["history"]].reshape(2, width)
    assert entries[0, :3].tolist() == [1, 0, 0]  # seat 1 itself, then seat 0's bet
    assert ACTIONS[int(np.argmax(entries[1, 3:3 + NUM_ACTIONS]))] == "stay"


def _own(state: State, row: int, seat: int) -> set[int]:
    cards = set(state.hands[row, seat].tolist())
    extra = state.extra
    if extra is not None and extra.extra_seat[row] == seat:
        cards |= set(extra.second[row].tolist())
    return cards


def _seen(state: State, row: int, viewer: int) -> set[int]:
    """The cards ``viewer`` saw in the deal of ``row`` that has just ended (D8, BL6, R2, R3)."""
    seen: set[int] = set()
    if state.looked[row, viewer]:
        seen |= set(state.hands[row, viewer].tolist())
    for seat in np.flatnonzero(state.shown[row]).tolist():
        seen |= set(state.hands[row, seat].tolist())
    extra, carry = state.extra, state.carry
    assert carry is not None
    if extra is not None and carry.held[row] and (
            carry.public_second or (carry.second_seen[row] and extra.extra_seat[row] == viewer)):
        seen |= set(extra.second[row].tolist())
    return seen


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), cards=st.sampled_from([3, 4]),
       retained=st.sampled_from(["two-hands", "face-up"]))
def test_a_player_knows_the_cards_it_saw_go_under_until_a_shuffle(
    players: int, seed: int, cards: int, retained: str
) -> None:
    """Rules D4, D5: a player who saw a hand go under the pack knows where its cards are from
    then on, until a shuffle (a kept hand stays out of it, R1). Followed independently as a set
    of cards per table position, the observation holds exactly those cards (less the
    viewer's own, BL6), each where it is: in the hand of the seat it names, or in the stock."""
    rules = Rules(cards=cards, retained_blind=retained, max_bet=8)
    lanes = _play_sessions(rules, players, seed, deals=10, history=0)
    state = lanes.state
    carry = state.carry
    assert carry is not None
    layout = Layout.of(state)
    knows = [[set() for _ in range(players)] for _ in range(state.n)]  # by table position
    rng = np.random.default_rng(seed)
    checked = 0
    while not lanes.over.all():
        for viewer in range(players):
            vector = observe(state, viewers=np.full(state.n, viewer))
            block = vector[:, layout.slices["known"]].reshape(state.n, players, CARDS)
            for row in range(state.n):
                if state.terminated[row]:
                    continue
                place = int(lanes.position(np.array([row]))[0, viewer])
                said: set[int] = set()
                for slot in range(players):
                    cards_here = set(np.flatnonzero(block[row, slot]).tolist())
                    said |= cards_here
                    if slot:  # the seat ``slot`` to the viewer's left holds them
                        assert cards_here <= _own(state, row, (viewer + slot) % players)
                    else:  # the stock: not dealt
                        size = rules.pack_size - int(carry.held[row])
                        assert cards_here <= set(carry.pack[row, cards * players:size].tolist())
                assert said == knows[row][place] - _own(state, row, viewer), (row, viewer)
                checked += 1
        state_before = state.terminated.copy()
        step(state, random_actions(state, rng, propose=True))
        ended = np.flatnonzero(state.terminated & ~state_before)
        for row in ended.tolist():
            where = lanes.position(np.array([row]))[0]
            for seat in range(players):
                knows[row][int(where[seat])] |= _seen(state, row, seat)
            if carry.shuffle_next[row]:  # rule D4: a shuffle forgets, but for the kept hand
                kept = set(carry.kept[row].tolist()) if state.retained[row] >= 0 else set()
                for place in range(players):
                    knows[row][place] &= kept
        lanes.next_deals()
    assert checked > 0


@pytest.mark.parametrize("rules", [
    Rules(stock_face_up=True, max_bet=8),
    Rules(stock_face_up=True, max_bet=8, retained_blind="face-up"),
    Rules(stock_face_up=True, cards=4, max_bet=8),
    Rules(cards=5, retained_blind="face-up", short_money="fold"),
], ids=["two-hands", "face-up", "four-card", "five-card"])
def test_the_observation_is_what_the_engines_view_shows(rules: Rules) -> None:
    """At every turn of whole sessions in lock-step with engine tables, the observation of the
    player to act holds what its engine view shows: its cards once looked (BL6; R2: the hand
    just looked at), the three it kept (F1), the face-up hand (R3), the stock's bottom card
    (D9), who is in play, blind, covered, each stack and the pot (as shares of the chips)."""
    from tests.sim.test_session_equivalence import play_sessions

    from bragkit.games.three_card.deal import Deal

    cards_seen: list[int] = []
    now: list[State] = []

    def choose(state: State) -> tuple[np.ndarray, None, None]:
        now[:] = [state]
        return random_actions(state, np.random.default_rng(len(cards_seen)), propose=True), \
            None, None

    def flags(vector: np.ndarray, name: str, layout: Layout) -> set[int]:
        return set(np.flatnonzero(vector[layout.slices[name]]).tolist())

    def turn(row: int, deal: Deal, names: list[str], action: int) -> None:
        state = now[0]
        layout = Layout.of(state)
        seat = int(state.current_player[row])
        vector = observe(state, [row])[0]
        view = deal.view(names[seat])
        assert flags(vector, "hand", layout) == {int(c) for c in view.hand or ()}
        if "kept" in layout.slices:
            kept = [int(c) for c in view.hand or ()] if view.discards else []
            for card in view.discards:
                kept.remove(int(card))
            assert flags(vector, "kept", layout) == set(kept)
        if "face_up" in layout.slices:
            assert flags(vector, "face_up", layout) == {
                int(c) for hand in view.face_up.values() for c in hand}
        if "stock_card" in layout.slices:
            assert view.stock_card is not None
            assert flags(vector, "stock_card", layout) == {int(view.stock_card)}
        seats = vector[layout.slices["seats"]].reshape(state.players, -1)
        chips = float(state.start_stacks[row].sum() + state.carried_in[row])
        for k in range(state.players):
            name = names[(seat + k) % state.players]
            assert seats[k, 0] == (name in view.in_play)
            assert seats[k, 2] == (name not in view.blind)  # rule BL6: a look is public
            assert seats[k, 4] == (name in view.covered)  # rule M2
            assert seats[k, 7] == pytest.approx(min(view.stacks[name] / chips, 1.0))
        table = vector[layout.slices["table"]]
        assert table[0] == pytest.approx(min(view.pot / chips, 1.0))
        cards_seen.append(len(flags(vector, "hand", layout)))

    play_sessions(rules, 3, 4, 12, 5, 30, choose=choose, turn=turn)
    assert max(cards_seen) == rules.cards and len(cards_seen) > 200


@pytest.mark.parametrize("retained", ["two-hands", "face-up"])
def test_the_face_up_stock_shows_the_engines_card(retained: str) -> None:
    """Rule D9: with ``stock_face_up`` every player sees the stock's bottom card, which
    changes as hands go under it (D5): at every turn of whole sessions in lock-step with
    engine tables, the observation shows the card of the engine's view."""
    from tests.sim.test_session_equivalence import play_sessions

    rules = Rules(stock_face_up=True, max_bet=8, retained_blind=retained)
    shown: list[int] = []
    now: list[State] = []

    def choose(state: State) -> tuple[np.ndarray, None, None]:
        now[:] = [state]
        return random_actions(state, np.random.default_rng(len(shown)), propose=True), None, \
            None

    def turn(row: int, deal: object, names: list[str], action: int) -> None:
        from bragkit.games.three_card.deal import Deal

        assert isinstance(deal, Deal)
        state = now[0]
        layout = Layout.of(state)
        vector = observe(state, [row])[0, layout.slices["stock_card"]]
        card = deal.view(names[int(state.current_player[row])]).stock_card
        assert card is not None
        assert np.flatnonzero(vector).tolist() == [int(card)]
        shown.append(int(card))

    play_sessions(rules, 4, 4, 10, 3, 30, choose=choose, turn=turn)
    assert len(set(shown)) > 10
