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


def _plain_run(cfr: CFRPlus, iterations: int) -> None:
    """CFR+ the plain way, as the solver did it before its work buffers: fresh arrays on every
    pass, and the regret matching of a player's edges in a pass of its own after the values."""
    from bragkit.solver.traversal import player_reach, terminal_reach, terminal_values

    tree, space = cfr.tree, cfr.space
    for _ in range(iterations):
        cfr.iterations += 1
        weight = float(cfr.iterations) ** cfr.averaging
        for player in (0, 1):
            sigma = cfr._sigma
            other = 1 - player
            own_reach = player_reach(tree, sigma, player)
            shaky = sigma
            if cfr.tremble > 0:
                share = 1.0 / tree.n_edges_of[tree.edge_node][:, None]
                shaky = (1.0 - cfr.tremble) * sigma + cfr.tremble * share
            leaves = terminal_values(tree, space, player,
                                     terminal_reach(tree, shaky,
                                                    player_reach(tree, shaky, other), other))
            values = np.zeros((tree.n_nodes, space.n_classes))
            for depth in range(len(tree.levels) - 1, -1, -1):
                lv = tree.levels[depth]
                e0, e1 = lv.edge_start, lv.edge_end
                child, term = tree.child[e0:e1], tree.terminal[e0:e1]
                q = np.where((child >= 0)[:, None], values[np.maximum(child, 0)],
                             leaves[np.maximum(term, 0)])
                own = np.flatnonzero(tree.player[tree.edge_node[e0:e1]] == player)
                weighted = q.copy()
                weighted[own] *= sigma[own + e0]
                values[lv.node_start:lv.node_end] = tree.level_segments[depth].sum(weighted)
                edges = own + e0
                nodes = tree.edge_node[edges]
                regret = q[own] - values[nodes]
                blind = tree.blind_actor[nodes]
                if blind.any():  # rule BL6
                    regret[blind] = np.einsum("ij,j->i", regret[blind], space.counts)[:, None]
                cfr.regrets[edges] = np.maximum(cfr.regrets[edges] + regret, 0.0)
                cfr.strategy_sum[edges] += weight * own_reach[nodes] * sigma[edges]
            cfr._match(player)


@pytest.mark.parametrize("tremble", [0.0, 1e-3])
def test_the_buffered_iteration_is_the_plain_one_bit_for_bit(tremble: float) -> None:
    """The work buffers and the level-by-level regret matching change no result: the regrets,
    the strategy sums and the strategy are exactly those of the plain computation."""
    a = Abstraction(stakes=(1, 2, 4), max_bets=3, ranks="AKQJT", blind_share=0.8)
    fast = CFRPlus(BettingTree(a), hand_space(a), tremble=tremble)
    plain = CFRPlus(fast.tree, fast.space, tremble=tremble)
    fast.run(40)
    _plain_run(plain, 40)
    assert plain.regrets.any() and plain.strategy_sum.any()
    np.testing.assert_array_equal(fast.regrets, plain.regrets)
    np.testing.assert_array_equal(fast.strategy_sum, plain.strategy_sum)
    np.testing.assert_array_equal(fast.current_strategy(), plain.current_strategy())


def test_reach_and_sums_into_a_buffer_write_every_row() -> None:
    """``out=`` buffers full of NaN come back equal to fresh arrays: no row is left unwritten."""
    from bragkit.solver.traversal import player_reach, terminal_reach, terminal_values

    tree, space = BettingTree(SMALL), hand_space(SMALL)
    cfr = CFRPlus(tree, space)
    cfr.run(15)
    sigma = cfr.current_strategy()
    for player in (0, 1):
        fresh = player_reach(tree, sigma, player)
        into = player_reach(tree, sigma, player, out=np.full_like(fresh, np.nan))
        np.testing.assert_array_equal(into, fresh)
        at_terminals = terminal_reach(tree, sigma, fresh, player)
        np.testing.assert_array_equal(
            terminal_reach(tree, sigma, fresh, player,
                           out=np.full_like(at_terminals, np.nan)), at_terminals)
        leaves = terminal_values(tree, space, 1 - player, at_terminals)
        np.testing.assert_array_equal(
            terminal_values(tree, space, 1 - player, at_terminals,
                            out=np.full_like(leaves, np.nan)), leaves)
        rows = np.arange(tree.n_edges, dtype=np.float64)[:, None] * sigma
        np.testing.assert_array_equal(
            tree.segments.sum(rows, out=np.full((tree.n_nodes, space.n_classes), np.nan)),
            tree.segments.sum(rows))
