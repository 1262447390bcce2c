"""``python_brag`` in OpenSpiel: the API test, information states, and a cross-check of the
solver against OpenSpiel's own CFR+ and exploitability (rules B6, BL4, BL6, H8)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import exploitability as os_exploitability  # noqa: E402

from bragkit import openspiel_game as og  # noqa: E402
from bragkit.solver.evaluate import exploitability  # noqa: E402
from bragkit.solver.hand_space import hand_space  # noqa: E402
from bragkit.solver.strategy import Strategy, betting_tree  # noqa: E402
from bragkit.solver.tree import BettingTree  # noqa: E402

TINY = {"stakes": "1/2", "max_bets": 2, "ranks": "AKQ", "suits": 2}


def random_strategy(tree: BettingTree, classes: int, seed: int) -> np.ndarray:
    """A random strategy: per class where the actor is open, one row for all where blind."""
    raw = np.random.default_rng(seed).random((tree.n_edges, classes)) ** 3
    blind = tree.blind_actor[tree.edge_node]
    raw[blind] = raw[blind][:, :1]
    return raw / np.add.reduceat(raw, tree.first_edge, axis=0)[tree.edge_node]


@pytest.mark.parametrize(
    ("params", "sims"),
    [
        ({}, 3),  # heads-up, the whole pack
        ({"players": 3, "max_bets": 3}, 3),
        ({"players": 6, "stakes": "2/4", "cap_rule": "fold"}, 2),
        ({"ranks": "AKQJ", "suits": 3, "see_cost": "single"}, 20),
        ({"ranks": "AKQJT", "players": 4, "blind": False}, 20),
    ],
)
def test_random_sim_test(params: dict[str, object], sims: int) -> None:
    game = pyspiel.load_game("python_brag", params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def _play(game: object, actions: list[int]) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for action in actions:
        state.apply_action(action)
    return state


def test_a_blind_player_does_not_know_their_cards_rule_BL6() -> None:
    game = pyspiel.load_game("python_brag", {"stakes": "1/2", "max_bets": 2, "ranks": "AKQ"})
    one = _play(game, [0, 219])
    two = _play(game, [5, 100])
    for player in (0, 1):  # different hands, nobody looked: the same information
        assert one.information_state_string(player) == two.information_state_string(player)
        np.testing.assert_array_equal(one.information_state_tensor(player),
                                      two.information_state_tensor(player))
    one.apply_action(og.LOOK)
    assert "hand Qs Qh Qd" in one.information_state_string(0)
    assert "hand" not in one.information_state_string(1)  # the look is public, not the cards
    assert one.information_state_string(1).endswith("0:look")


def test_the_rules_of_seeing_rules_B6_BL4_H8() -> None:
    game = pyspiel.load_game("python_brag", {"stakes": "1/2", "max_bets": 3, "ranks": "AKQ"})
    state = _play(game, [0, 219])
    assert og.SEE not in state.legal_actions()  # no see before a bet
    state.apply_action(state.legal_actions()[-1])  # seat 0 bets blind
    state.apply_action(og.LOOK)
    assert og.SEE not in state.legal_actions()  # an open player cannot see a blind one (BL4)
    state.apply_action(og.FOLD + 4 + 1)  # seat 1 (open) bets 2
    assert og.SEE in state.legal_actions()  # a blind player may see an open one
    state.apply_action(og.SEE)
    assert state.is_terminal()
    assert state.returns()[1] > 0  # aces beat queens; the seer (seat 0) loses


def test_a_tie_goes_against_the_seer_rule_H8() -> None:
    game = pyspiel.load_game("python_brag", {"stakes": "2", "max_bets": 1, "ranks": "AKQJ",
                                             "blind": False})
    hands = og._SPECS[game.key].hand_text
    first = hands.index("Qs Kh Ad")
    second = hands.index("Qh Kd As")  # the same high-card hand, other suits
    state = _play(game, [first, second])
    state.apply_action(4)  # seat 0 bets 2
    state.apply_action(og.SEE)  # seat 1 sees: equal hands, the seer loses
    assert state.returns() == [5.0, -5.0]


def test_three_players_cannot_see_and_meet_at_a_showdown_rule_B8() -> None:
    game = pyspiel.load_game("python_brag", {"players": 3, "stakes": "2", "max_bets": 1,
                                             "blind": False, "ranks": "AKQJ"})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(4)  # seat 0 bets 2: the cap is reached
    assert state.legal_actions() == [og.FOLD, og.SHOWDOWN]
    state.apply_action(og.SHOWDOWN)
    assert state.is_terminal() and abs(sum(state.returns())) < 1e-12


def test_our_best_response_matches_openspiel_exploitability() -> None:
    """For random strategies, our exact best response gives OpenSpiel's exploitability."""
    game = pyspiel.load_game("python_brag", TINY)
    a = og.abstraction_of(TINY)
    tree, space = betting_tree(a), hand_space(a)
    for seed in range(2):
        strategy = Strategy(a, random_strategy(tree, space.n_classes, seed))
        policy = og.policy_from_strategy(game, strategy)
        ours = exploitability(tree, space, strategy.table).exploitability
        theirs = os_exploitability.exploitability(game, policy)
        assert ours == pytest.approx(theirs, abs=1e-9)


def test_game_value_matches_openspiel_cfr_plus() -> None:
    """OpenSpiel's CFR+ (C++) on the same small game finds the same value as our solver."""
    from bragkit.solver import solve

    game = pyspiel.load_game("python_brag", TINY)
    ours = solve(og.abstraction_of(TINY), iterations=500, cache=None)
    assert ours.record.values is not None and ours.record.exploitability is not None
    assert ours.record.exploitability < 1e-6
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    values = pyspiel.expected_returns(game.new_initial_state(), average, -1, True)
    assert values[0] == pytest.approx(ours.record.values[0], abs=1e-3)
    assert pyspiel.exploitability(game, average) < 0.01
