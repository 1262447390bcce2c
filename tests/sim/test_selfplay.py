"""Self-play: any batched policy at any seat (a plug-in over the state and rows, a bot, the
learner's own act function, a frozen copy, a league), deals played to the end with them."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.sim import init
from bragkit.sim.menu import FOLD
from bragkit.sim.observe import observe
from bragkit.sim.policies import Moves, menu_bets
from bragkit.sim.selfplay import League, Seating, as_policy, frozen, observation_policy, play
from bragkit.sim.state import State


def test_every_seat_is_played_by_the_policy_seated_there() -> None:
    """Each policy is asked only for rows where its seat is to act; a league's members are
    drawn per seat and deal; the deals end with the chips conserved."""
    rules = Rules(max_bet=10)
    state = init(2, 200, players=4, rules=rules, stacks=40)
    asked: Counter[int] = Counter()
    seat_of = np.random.default_rng(0).integers(0, 3, size=(200, 4))  # entry of each seat

    def plugin(state: State, rows: np.ndarray) -> Moves:
        seats = state.current_player[rows]
        assert (seat_of[rows, seats] == 0).all()  # only where it sits
        asked[0] += len(rows)
        mask = state.legal_action_mask[rows]
        actions = np.argmax(mask, axis=1)  # the first legal action
        return Moves(actions, menu_bets(state, rows, actions))

    seating = Seating([plugin, "cautious", League(["random", "bold"])], rules, seed=3)
    seating.seat(np.arange(200), seat_of)
    members = Counter(seating.policies[i] for i in seating.who[seat_of == 2].tolist())
    assert len(members) == 2  # both members of the league were drawn
    play(state, seating)
    assert state.terminated.all() and asked[0] > 0
    brought = state.start_stacks.sum(axis=1) + state.carried_in
    assert (state.stacks.sum(axis=1) + state.carried == brought).all()


def test_four_card_deals_take_plugins_and_the_random_bot() -> None:
    """Four- and five-card deals (F1): a plug-in's discards default to the best three; the
    cautious and bold bots read three-card strengths, so they are refused there."""
    rules = Rules(cards=5, max_bet=10)
    state = init(4, 100, players=3, rules=rules)
    seating = Seating([lambda state, rows: np.argmax(state.legal_action_mask[rows], axis=1),
                       "random"], rules, seed=1)
    seating.seat(np.arange(100), [0, 1, 1])
    play(state, seating)
    assert state.terminated.all()
    with pytest.raises(BragError, match="three-card Brag only, not five-card"):
        Seating(["cautious"], rules)


def test_a_plugin_may_return_menu_actions_only() -> None:
    """An array of menu actions is a policy's moves: bets of the menu's amounts."""
    rules = Rules(max_bet=10)
    state = init(1, 50, players=3, rules=rules)
    policy = as_policy(lambda state, rows: np.full(len(rows), FOLD), rules, 0)
    moves = policy(state, np.arange(50))
    assert moves.actions.tolist() == [FOLD] * 50
    with pytest.raises(BragError, match="a bot's kind or a callable"):
        as_policy(7, rules, 0)  # type: ignore[arg-type]


class _Agent:
    """A learner: a "network" of one number, and an act function over observations."""

    def __init__(self) -> None:
        self.weight = 0.0
        self.seen: list[np.ndarray] = []

    def act(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        self.seen.append(observations)
        # the last legal action when the weight is positive, else the first
        pick = np.argmax(masks[:, ::-1], axis=1) if self.weight > 0 else np.argmax(masks, axis=1)
        return masks.shape[1] - 1 - pick if self.weight > 0 else pick


def test_the_learners_own_policy_sees_its_seats_observation() -> None:
    agent = _Agent()
    policy = observation_policy(agent.act)
    state = init(5, 30, players=3, rules=Rules(max_bet=10))
    rows = np.arange(0, 30, 2)
    policy(state, rows)
    assert np.array_equal(agent.seen[-1], observe(state, rows))  # from the player to act


def test_a_frozen_copy_keeps_the_policy_it_was() -> None:
    """Training the learner on (its weight changing) does not change its frozen copy."""
    agent = _Agent()
    snapshot = frozen(agent.act)
    live = observation_policy(agent.act)
    state = init(6, 40, players=3, rules=Rules(max_bet=10))
    rows = np.arange(40)
    before = snapshot(state, rows).actions
    agent.weight = 1.0
    assert np.array_equal(snapshot(state, rows).actions, before)
    assert not np.array_equal(live(state, rows).actions, before)


def test_a_league_draws_by_weight_and_grows() -> None:
    league = League(["random"], weights=[1.0])
    league.add("cautious", 3.0)
    drawn = league.draw(np.random.default_rng(0), 20_000)
    assert abs(float((drawn == 1).mean()) - 0.75) < 0.02
    with pytest.raises(BragError, match="not negative"):
        league.add("bold", -1.0)
    with pytest.raises(BragError, match="no member"):
        League().draw(np.random.default_rng(0), 1)
