"""CFR+ over the public betting tree with hand-range vectors.

Counterfactual regret minimisation plus (Tammelin 2014): regrets floored at zero after every
update, the two players updated in turn, and the average strategy weighted by a power of the
iteration number (``averaging``: 1 is CFR+'s linear average; the default 2, a quadratic average,
gets to a given exploitability in about half the iterations here). Each half-iteration is
three passes over the tree, a level at a time: the players' reach down, the counterfactual
values at every terminal (card removal exact, see :mod:`bragkit.solver.hand_space`), and the
values back up with the regret updates. Where the player to act is blind the regret of an
action is summed over every hand they might hold, so the strategy there is one for all of them
(rule BL6).

With ``tremble`` the opponent's reach is computed as if they took every action with at least
that probability: every history is then reached, so the play that answers an opponent's
mistakes is learnt too (off the equilibrium path plain CFR+ learns nothing; a bot needs it).

>>> from bragkit.solver.abstraction import Abstraction
>>> from bragkit.solver.tree import BettingTree
>>> from bragkit.solver.hand_space import HandSpace
>>> from bragkit.solver.evaluate import exploitability
>>> a = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ")
>>> cfr = CFRPlus(BettingTree(a), HandSpace(a))
>>> before = exploitability(cfr.tree, cfr.space, cfr.average_strategy()).exploitability
>>> cfr.run(200)
>>> after = exploitability(cfr.tree, cfr.space, cfr.average_strategy()).exploitability
>>> after < before / 20, cfr.iterations
(True, 200)
"""

from __future__ import annotations

import numpy as np

from bragkit.solver.hand_space import HandSpace
from bragkit.solver.traversal import (
    FloatArray,
    normalise,
    player_reach,
    terminal_reach,
    terminal_values,
    uniform_strategy,
)
from bragkit.solver.tree import BettingTree, Level, Segments

__all__ = ["CFRPlus"]


class _Level:
    """What a half-iteration needs of one level of the tree for one player, worked out once.

    ``source`` indexes the rows of the values-then-terminals array that each edge of the level
    reads; ``own`` (local) and ``edges`` (global) are the player's edges of the level, ``nodes``
    their nodes, ``slot`` each edge's node among the player's nodes of the level, ``segments``
    the sums over those nodes' edges, ``share`` the uniform probability of each edge.
    """

    __slots__ = ("blind", "edges", "mask", "nodes", "own", "segments", "share", "slot",
                 "source", "whole")

    def __init__(self, tree: BettingTree, level: Level, player: int) -> None:
        e0, e1 = level.edge_start, level.edge_end
        child = tree.child[e0:e1]
        self.source = np.where(child >= 0, child, tree.n_nodes + tree.terminal[e0:e1])
        mine = tree.player[tree.edge_node[e0:e1]] == player
        self.mask = mine[:, None]
        self.whole = bool(mine.all())  # every edge of the level is the player's
        self.own = np.flatnonzero(mine)
        self.edges = self.own + e0
        self.nodes = tree.edge_node[self.edges]
        blind = tree.blind_actor[self.nodes]
        self.blind = blind if blind.any() else None
        starts = np.flatnonzero(np.diff(self.nodes, prepend=-1)) if len(self.own) else self.own
        self.slot = np.cumsum(np.diff(self.nodes, prepend=-1) != 0) - 1
        self.segments = Segments(starts, np.diff(np.append(starts, len(self.own))))
        self.share = (1.0 / tree.n_edges_of[self.nodes])[:, None]


class CFRPlus:
    """The solver's state: cumulative regrets and the weighted sum of strategies, per edge and
    class. :meth:`run` iterates; :meth:`average_strategy` is the answer.

    A half-iteration works in buffers kept from one iteration to the next (the values of the
    nodes and terminals, the rows of a level): arrays of tens of megabytes allocated anew on
    every pass cost their page faults every time. The regret matching of a player's edges is
    done level by level as their regrets are updated, while the rows are in the cache.
    """

    def __init__(self, tree: BettingTree, space: HandSpace, *, averaging: float = 2.0,
                 tremble: float = 0.0) -> None:
        self.tree = tree
        self.space = space
        self.averaging = averaging
        self.tremble = tremble
        shape = (tree.n_edges, space.n_classes)
        self.regrets: FloatArray = np.zeros(shape)
        self.strategy_sum: FloatArray = np.zeros(shape)
        self.iterations = 0
        self._sigma = uniform_strategy(tree, space)
        # each player's nodes and edges, for their regret matching
        self._nodes = [np.flatnonzero(tree.player == p) for p in (0, 1)]
        self._edges = [np.flatnonzero(tree.player[tree.edge_node] == p) for p in (0, 1)]
        self._segments = []
        for p in (0, 1):
            nodes = self._nodes[p]
            local_first = np.searchsorted(self._edges[p], tree.first_edge[nodes])
            self._segments.append(Segments(local_first, tree.n_edges_of[nodes]))
        self._edge_local_node = [
            np.repeat(np.arange(len(self._nodes[p])), tree.n_edges_of[self._nodes[p]])
            for p in (0, 1)
        ]
        self._share = [1.0 / tree.n_edges_of[tree.edge_node[self._edges[p]]] for p in (0, 1)]
        # each player's reach, kept while their strategy is unchanged (computed once per half)
        self._reach: list[FloatArray | None] = [None, None]
        self._levels = [[_Level(tree, lv, p) for lv in tree.levels] for p in (0, 1)]
        # the values of every node, then of every terminal: one gather fills a level's rows
        self._source: FloatArray = np.zeros((tree.n_nodes + tree.n_terminals, space.n_classes))
        widest = max(lv.edge_end - lv.edge_start for lv in tree.levels)
        self._q: FloatArray = np.empty((widest, space.n_classes))
        self._weighted: FloatArray = np.empty((widest, space.n_classes))
        self._reach_buffers = (np.empty((tree.n_nodes, space.n_classes)),
                               np.empty((tree.n_nodes, space.n_classes)))
        self._terminal_reach: FloatArray = np.empty((tree.n_terminals, space.n_classes))

    def current_strategy(self) -> FloatArray:
        """Regret matching: each action in proportion to its positive regret (a copy)."""
        return self._sigma.copy()

    def average_strategy(self) -> FloatArray:
        """The weighted average of the strategies played: it converges to an equilibrium."""
        return normalise(self.tree, self.strategy_sum)

    def restore(self, regrets: FloatArray, strategy_sum: FloatArray, iterations: int) -> None:
        """Take up a saved state (from a cache) and go on from there."""
        self.regrets = np.maximum(np.asarray(regrets, dtype=np.float64), 0.0)
        self.strategy_sum = np.asarray(strategy_sum, dtype=np.float64).copy()
        self.iterations = iterations
        for player in (0, 1):
            self._match(player)
        self._reach = [None, None]

    def run(self, iterations: int) -> None:
        """Iterate ``iterations`` times (each: both players, in turn)."""
        for _ in range(iterations):
            self.iterations += 1
            for player in (0, 1):
                self._half_iteration(player, float(self.iterations) ** self.averaging)

    def _match(self, player: int) -> None:
        """Regret matching for all of ``player``'s edges (after a restore)."""
        edges = self._edges[player]
        regrets = self.regrets[edges]
        totals = self._segments[player].sum(regrets)[self._edge_local_node[player]]
        share = np.broadcast_to(self._share[player][:, None], regrets.shape)
        self._sigma[edges] = np.divide(regrets, totals, out=np.array(share), where=totals > 0)
        self._reach[player] = None

    def _reach_of(self, player: int) -> FloatArray:
        reach = self._reach[player]
        if reach is None:
            reach = self._reach[player] = player_reach(self.tree, self._sigma, player,
                                                       out=self._reach_buffers[player])
        return reach

    def _half_iteration(self, player: int, weight: float) -> None:
        tree, space = self.tree, self.space
        sigma = self._sigma
        other = 1 - player
        own_reach = self._reach_of(player)
        if self.tremble > 0:  # the opponent errs now and then: every history has some reach
            share = 1.0 / tree.n_edges_of[tree.edge_node][:, None]
            shaky = (1.0 - self.tremble) * sigma + self.tremble * share
            their_reach = player_reach(tree, shaky, other)
            sigma_for_leaves = shaky
        else:
            their_reach = self._reach_of(other)
            sigma_for_leaves = sigma
        source = self._source
        values = source[:tree.n_nodes]
        terminal_values(tree, space, player,
                        terminal_reach(tree, sigma_for_leaves, their_reach, other,
                                       out=self._terminal_reach),
                        out=source[tree.n_nodes:])
        counts = space.counts
        for depth in range(len(tree.levels) - 1, -1, -1):
            level = tree.levels[depth]
            e0, e1 = level.edge_start, level.edge_end
            plan = self._levels[player][depth]
            q = np.take(source, plan.source, axis=0, out=self._q[:e1 - e0])
            # each node's value: its edges' values, weighted by the player's own strategy
            if plan.whole:
                weighted = np.multiply(q, sigma[e0:e1], out=self._weighted[:e1 - e0])
            elif len(plan.own):
                weighted = np.multiply(q, sigma[e0:e1], out=self._weighted[:e1 - e0],
                                       where=plan.mask)
                np.copyto(weighted, q, where=~plan.mask)
            else:
                weighted = q
            level_values = values[level.node_start:level.node_end]
            tree.level_segments[depth].sum(weighted, out=level_values)
            if not len(plan.own):
                continue
            edges, nodes = plan.edges, plan.nodes
            regret = q[plan.own] - values[nodes]
            if plan.blind is not None:  # rule BL6: one infoset for every hand the blind player
                blind = plan.blind      # may hold
                regret[blind] = np.einsum("ij,j->i", regret[blind], counts)[:, None]
            np.add(self.regrets[edges], regret, out=regret)
            np.maximum(regret, 0.0, out=regret)
            self.regrets[edges] = regret
            self.strategy_sum[edges] += weight * own_reach[nodes] * sigma[edges]
            # regret matching of these edges at once: each action in proportion to its positive
            # regret, uniform where none is (this level's strategy is not read again)
            totals = plan.segments.sum(regret)[plan.slot]
            matched = np.empty_like(regret)
            matched[:] = plan.share
            np.divide(regret, totals, out=matched, where=totals > 0)
            sigma[edges] = matched
        self._reach[player] = None
