"""How good a strategy is: its value to each seat, and an exact best response to it.

A best response is computed exactly over the public tree with hand-range vectors: where the
responder is open they choose, for each class of hand, the action worth most; where they are
blind (rule BL6) they choose one action for every hand, the one worth most summed over all of
them. Exploitability is ``(br0 + br1) / 2``: what the two best responses win on average against
the strategy (OpenSpiel's ``exploitability``; NashConv is twice it). Zero at an equilibrium.

>>> from bragkit.solver.abstraction import Abstraction
>>> from bragkit.solver.tree import BettingTree
>>> from bragkit.solver.hand_space import HandSpace
>>> from bragkit.solver.traversal import uniform_strategy
>>> a = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ")
>>> tree, space = BettingTree(a), HandSpace(a)
>>> report = exploitability(tree, space, uniform_strategy(tree, space))
>>> report.exploitability > 0.5, abs(report.values[0] + report.values[1]) < 1e-12
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bragkit.solver.hand_space import HandSpace
from bragkit.solver.traversal import (
    FloatArray,
    per_game,
    player_reach,
    terminal_reach,
    terminal_values,
)
from bragkit.solver.tree import BettingTree

__all__ = ["Exploitability", "best_response", "exploitability", "values"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Exploitability:
    """A strategy's value to each seat and what a best response wins against it (chips per
    deal, the ante being the unit)."""

    values: tuple[float, float]
    best_responses: tuple[float, float]

    @property
    def nash_conv(self) -> float:
        """What the two best responses gain over the strategy's own values, summed."""
        return sum(self.best_responses) - sum(self.values)

    @property
    def exploitability(self) -> float:
        """Half the NashConv: the average of the two best responses' values (zero-sum)."""
        return self.nash_conv / 2


def _backup(
    tree: BettingTree,
    space: HandSpace,
    player: int,
    strategy: FloatArray,
    leaves: FloatArray,
    *,
    best: bool,
) -> tuple[FloatArray, FloatArray]:
    """Values of every node for ``player``, bottom up: their own nodes weighted by
    ``strategy``, or by a best response (``best``). Returns the node values and, per edge, 1
    where a best response takes the edge (all zeros unless ``best``)."""
    values = np.zeros((tree.n_nodes, space.n_classes))
    chosen = np.zeros((tree.n_edges, space.n_classes))
    for level in reversed(tree.levels):
        e0, e1 = level.edge_start, level.edge_end
        n0, n1 = level.node_start, level.node_end
        child = tree.child[e0:e1]
        q = np.empty((e1 - e0, space.n_classes))
        inner = child >= 0
        q[inner] = values[child[inner]]
        q[~inner] = leaves[tree.terminal[e0:e1][~inner]]
        segments = tree.level_segments[tree.levels.index(level)]
        own = tree.player[tree.edge_node[e0:e1]] == player
        if not best:
            weighted = q.copy()
            weighted[own] *= strategy[e0:e1][own]
            values[n0:n1] = segments.sum(weighted)
            continue
        theirs = segments.sum(np.where(own[:, None], 0.0, q))
        for node in range(n0, n1):
            if tree.player[node] != player:
                values[node] = theirs[node - n0]
                continue
            edges = tree.edges_of(node)
            block = q[edges.start - e0:edges.stop - e0]
            if tree.blind_actor[node]:  # rule BL6: one choice for every hand
                pick = int(np.argmax(np.einsum("ij,j->i", block, space.counts)))
                values[node] = block[pick]
                chosen[edges.start + pick] = 1.0
            else:
                pick_each = np.argmax(block, axis=0)
                values[node] = block[pick_each, np.arange(space.n_classes)]
                chosen[edges.start + pick_each, np.arange(space.n_classes)] = 1.0
    return values, chosen


def _leaves(tree: BettingTree, space: HandSpace, strategy: FloatArray, player: int) -> FloatArray:
    other = 1 - player
    reach = player_reach(tree, strategy, other)
    return terminal_values(tree, space, player, terminal_reach(tree, strategy, reach, other))


def values(tree: BettingTree, space: HandSpace, strategy: FloatArray) -> tuple[float, float]:
    """What each seat wins per deal when both play ``strategy`` (they sum to zero)."""
    out = []
    for player in (0, 1):
        leaves = _leaves(tree, space, strategy, player)
        node_values, _ = _backup(tree, space, player, strategy, leaves, best=False)
        out.append(per_game(space, node_values[0]))
    return out[0], out[1]


def best_response(
    tree: BettingTree, space: HandSpace, strategy: FloatArray, player: int
) -> tuple[float, FloatArray]:
    """An exact best response of ``player`` to ``strategy``: its value per deal and the pure
    strategy (an ``(edges, classes)`` array of 0 and 1; rows of the other player are 0)."""
    leaves = _leaves(tree, space, strategy, player)
    node_values, chosen = _backup(tree, space, player, strategy, leaves, best=True)
    return per_game(space, node_values[0]), chosen


def exploitability(tree: BettingTree, space: HandSpace, strategy: FloatArray) -> Exploitability:
    """The strategy's values and the two best responses to it (each seat's terminal values
    worked out once for both)."""
    seat_values, br = [], []
    for player in (0, 1):
        leaves = _leaves(tree, space, strategy, player)
        node_values, _ = _backup(tree, space, player, strategy, leaves, best=False)
        seat_values.append(per_game(space, node_values[0]))
        node_values, _ = _backup(tree, space, player, strategy, leaves, best=True)
        br.append(per_game(space, node_values[0]))
    return Exploitability(values=(seat_values[0], seat_values[1]),
                          best_responses=(br[0], br[1]))
