"""CFR+ converges, and its strategies are valid distributions at every information set (BL6)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bragkit.solver.abstraction import Abstraction
from bragkit.solver.cfr import CFRPlus
from bragkit.solver.evaluate import exploitability
from bragkit.solver.hand_space import hand_space
from bragkit.solver.tree import BettingTree

from . import reference

SMALL = Abstraction(stakes=(1, 2, 4), max_bets=3, ranks="AKQJ")


@pytest.fixture(scope="module")
def solved() -> tuple[CFRPlus, list[float]]:
    cfr = CFRPlus(BettingTree(SMALL), hand_space(SMALL))
    curve = []
    for target in (5, 20, 80, 320):
        cfr.run(target - cfr.iterations)
        curve.append(exploitability(cfr.tree, cfr.space, cfr.average_strategy()).exploitability)
    return cfr, curve


def test_exploitability_falls_with_iterations(solved: tuple[CFRPlus, list[float]]) -> None:
    _, curve = solved
    assert all(b < a for a, b in itertools.pairwise(curve)), curve
    assert curve[-1] < curve[0] / 50
    assert curve[-1] < 0.005  # five milli-antes after 320 iterations of this small game


def _check_distribution(cfr: CFRPlus, table: np.ndarray) -> None:
    tree = cfr.tree
    assert np.all(table >= 0)
    totals = np.add.reduceat(table, tree.first_edge, axis=0)
    np.testing.assert_allclose(totals, 1.0, atol=1e-12)  # every node, every class
    blind = tree.blind_actor[tree.edge_node]
    # rule BL6: a blind player does not know their hand, so one distribution for all
    np.testing.assert_array_equal(table[blind], np.repeat(table[blind][:, :1], table.shape[1], 1))


def test_strategies_are_distributions_at_every_infoset(
    solved: tuple[CFRPlus, list[float]]
) -> None:
    cfr, _ = solved
    _check_distribution(cfr, cfr.average_strategy())
    _check_distribution(cfr, cfr.current_strategy())


def test_values_sum_to_zero_and_best_responses_bound_them(
    solved: tuple[CFRPlus, list[float]]
) -> None:
    cfr, _ = solved
    report = exploitability(cfr.tree, cfr.space, cfr.average_strategy())
    assert sum(report.values) == pytest.approx(0.0, abs=1e-12)
    for player in (0, 1):
        assert report.best_responses[player] >= report.values[player] - 1e-12


def test_tiny_game_converges_under_brute_force_best_response() -> None:
    """The brute-force best response agrees that CFR+ approaches an equilibrium."""
    a = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ", suits=3)
    cfr = CFRPlus(BettingTree(a), hand_space(a))
    cfr.run(400)
    table = cfr.average_strategy()
    nash_conv = sum(reference.best_response_value(cfr.tree, cfr.space, table, p)
                    for p in (0, 1))
    assert 0 <= nash_conv < 0.002


def test_restore_continues_where_it_stopped() -> None:
    a = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ")
    one = CFRPlus(BettingTree(a), hand_space(a))
    one.run(30)
    two = CFRPlus(one.tree, one.space)
    two.restore(one.regrets, one.strategy_sum, one.iterations)
    one.run(10)
    two.run(10)
    np.testing.assert_allclose(one.average_strategy(), two.average_strategy())


def test_a_trembling_opponent_teaches_play_off_the_equilibrium_path() -> None:
    """Where the opponent never goes, plain CFR+ learns nothing (no regret at all); with the
    opponent trembling every history is reached and regrets are learnt there too."""
    a = Abstraction(stakes=(1, 2, 4), max_bets=3, ranks="AKQJ")
    plain = CFRPlus(BettingTree(a), hand_space(a))
    plain.run(150)
    tree = plain.tree
    sigma = plain.current_strategy()
    unreached = []
    for node in range(tree.n_nodes):
        other = 1 - int(tree.player[node])
        reach = np.ones(plain.space.n_classes)
        edge_path = []
        n = node
        while n > 0:
            e = int(tree.parent_edge[n])
            edge_path.append(e)
            n = int(tree.edge_node[e])
        for e in edge_path:
            if tree.player[tree.edge_node[e]] == other:
                reach = reach * sigma[e]
        if not reach.any():
            unreached.append(node)
    assert unreached, "some histories are off the equilibrium path"
    edges = [e for n in unreached for e in tree.edges_of(n)]
    shaky = CFRPlus(tree, plain.space, tremble=1e-6)
    shaky.restore(plain.regrets, plain.strategy_sum, plain.iterations)
    before = plain.regrets[edges].copy()
    plain.run(20)
    assert np.array_equal(plain.regrets[edges], before)  # nothing learnt off the path
    shaky.run(20)
    assert not np.array_equal(shaky.regrets[edges], before)  # now it is
    report = exploitability(tree, plain.space, shaky.current_strategy())
    assert report.exploitability < 0.05
