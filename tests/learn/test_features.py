"""The learned bot sees the same features and makes the same choices on the engine as its
policy on the simulator: deals played in lock-step (tests/sim/replay.py), the learned policy
at some seats, random players (proposing showdowns, B8) at the others; at every turn of a
learned seat the engine bot, shown only its view, computes the simulator's features exactly
and plays the engine's action of the simulator's choice (rules B1-B3, B6, B8, BL1-BL4, M2)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.sim.replay import engine_text, lock_step

from bragkit.arena_rules import arena_rules
from bragkit.bots.learned import LearnedBot
from bragkit.cards import Card
from bragkit.games.three_card.deal import Deal
from bragkit.learn.features import FEATURES, ruled_actions, sim_features, view_features
from bragkit.learn.network import Network
from bragkit.learn.policy import network_policy
from bragkit.sim import State, init, random_actions


@settings(max_examples=5, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), net_seed=st.integers(0, 50),
       small=st.booleans())
def test_engine_features_and_choices_equal_the_simulators(
    players: int, seed: int, net_seed: int, small: bool
) -> None:
    rules = arena_rules()
    n = 12
    rng = np.random.default_rng(seed)
    stacks = rng.integers(2, 40, size=(n, players)) if small else rng.integers(
        100, 400, size=(n, players))
    carried = np.where(rng.random(n) < 0.3, rng.integers(1, 30, size=n), 0)
    state = init(rng, n, players=players, rules=rules, stacks=stacks, carried=carried)
    names = [f"p{i}" for i in range(players)]
    deals = [Deal(rules, players=names, dealer=names[-1], stacks=stacks[row].tolist(),
                  carried_pot=int(carried[row]),
                  hands={names[s]: [Card(int(c)) for c in state.hands[row, s]]
                         for s in range(players)}) for row in range(n)]
    # a network of random weights scaled up, so every choice is met
    network = Network.of_vector(Network.initial(seed=net_seed).vector() * 20)
    policy = network_policy(network)
    bot = LearnedBot(rules=rules, network=network)
    learned = rng.random((n, players)) < 0.6
    checked = [0, 0]

    def choose(state: State) -> tuple[np.ndarray, None, None]:
        actions = random_actions(state, rng, propose=True)
        live = np.flatnonzero(~state.terminated)
        mine = live[learned[live, state.current_player[live]]]
        if len(mine):
            actions[mine] = policy(state, mine).actions
        return actions, None, None

    def turn(row: int, deal: Deal, seat_names: list[str], action: int) -> None:
        seat = int(state.current_player[row])
        if not learned[row, seat]:
            return
        ruled, _ = ruled_actions(state, np.array([row]))
        view = deal.view(seat_names[seat])
        if state.proposer[row] >= 0:  # rule B8: the answer to a proposal
            assert (engine_text(state, row, action) is not None) == bot.agrees(view)
            checked[1] += 1
            return
        if ruled[0]:
            return
        sim = sim_features(state, np.array([row]))[0]
        engine = view_features(view, rules)
        wrong = [FEATURES[k] for k in np.flatnonzero(~np.isclose(sim, engine))]
        assert not wrong, (row, wrong, sim, engine, deal.view(None).actions)
        assert str(bot.act(view)) == engine_text(state, row, action)
        checked[0] += 1

    lock_step(state, deals, rng, any_amount=False, choose=choose, turn=turn)
    assert checked[0] >= n // 2  # the learned seats acted, and were checked
