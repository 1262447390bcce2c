"""Passes over the betting tree with hand-range vectors: reach down, values at the terminals.

Everything is a matrix with one row per node (or edge, or terminal) and one column per suit
class of hands (:mod:`bragkit.solver.hand_space`). A *strategy* is an ``(edges, classes)``
array: row ``e`` is the probability that the player to act at ``e``'s node takes ``e``, for each
class of their hand. Where that player is blind the row is the same for every class (they do not
know their hand, rule BL6).

A player's *reach* at a node is the product of their own probabilities along the way; the
counterfactual value of a class at a node sums, over the opponent's hands disjoint from it, the
opponent's reach times what the terminal pays (the deal's chance is uniform, so it is a count).

>>> from bragkit.solver.abstraction import Abstraction
>>> from bragkit.solver.tree import BettingTree
>>> from bragkit.solver.hand_space import HandSpace
>>> a = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ")
>>> tree, space = BettingTree(a), HandSpace(a)
>>> sigma = uniform_strategy(tree, space)
>>> reach = player_reach(tree, sigma, 0)
>>> float(reach[tree.find(["look"]), 0]), float(reach[tree.find(["look", "bet 1"]), 0])
(0.5, 0.16666666666666666)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bragkit.solver.hand_space import HandSpace
from bragkit.solver.tree import BettingTree, Kind

__all__ = [
    "FloatArray",
    "normalise",
    "per_game",
    "player_reach",
    "terminal_reach",
    "terminal_values",
    "uniform_strategy",
]

FloatArray = npt.NDArray[np.float64]

_CHUNK = 128  # terminals whose sums are worked out together (a multiple of the hand space's block)


def uniform_strategy(tree: BettingTree, space: HandSpace) -> FloatArray:
    """Every action of a node equally likely, for every class."""
    share = 1.0 / tree.n_edges_of[tree.edge_node]
    return np.repeat(share[:, None], space.n_classes, axis=1)


def normalise(tree: BettingTree, weights: FloatArray) -> FloatArray:
    """Weights per edge made a distribution over each node's edges (uniform where all zero)."""
    totals = tree.segments.sum(weights)[tree.edge_node]
    share = np.broadcast_to((1.0 / tree.n_edges_of[tree.edge_node])[:, None], weights.shape)
    out = np.divide(weights, totals, out=np.array(share), where=totals > 0)
    return out


def player_reach(
    tree: BettingTree, strategy: FloatArray, player: int, *, out: FloatArray | None = None
) -> FloatArray:
    """``(nodes, classes)``: the product of ``player``'s own probabilities down to each node
    (written into ``out`` if given)."""
    if out is None:
        reach = np.ones((tree.n_nodes, strategy.shape[1]))
    else:
        reach = out
        reach[0] = 1.0  # the root; every other node is a child, written below
    for level in tree.levels:
        edges = np.arange(level.edge_start, level.edge_end)
        edges = edges[tree.child[edges] >= 0]
        if not len(edges):
            continue
        rows = reach[tree.edge_node[edges]]
        mine = tree.player[tree.edge_node[edges]] == player
        rows[mine] *= strategy[edges[mine]]
        reach[tree.child[edges]] = rows
    return reach


def terminal_reach(
    tree: BettingTree, strategy: FloatArray, reach: FloatArray, player: int, *,
    out: FloatArray | None = None,
) -> FloatArray:
    """``(terminals, classes)``: ``player``'s reach at each terminal (their last step too;
    written into ``out`` if given)."""
    edges = tree.term_edge
    if out is None:
        rows = reach[tree.edge_node[edges]]
    else:
        rows = np.take(reach, tree.edge_node[edges], axis=0, out=out)
    mine = tree.term_actor == player
    rows[mine] *= strategy[edges[mine]]
    return rows


def terminal_values(
    tree: BettingTree,
    space: HandSpace,
    player: int,
    opponent_reach: FloatArray,
    *,
    out: FloatArray | None = None,
) -> FloatArray:
    """``(terminals, classes)``: ``player``'s counterfactual value at each terminal (written
    into ``out`` if given, an array of that shape).

    A fold gives the pot to the other player (B5), a blind winner ``blind_share`` of it and the
    folder the rest (BL3); a see compares hands, the seer winning only with a strictly better
    one (B6, H8): the winner gains what the loser put in.
    """
    mine = tree.term_paid[:, player].astype(np.float64)[:, None]
    theirs = tree.term_paid[:, 1 - player].astype(np.float64)[:, None]
    # where the opponent never gets to, every value is exactly zero: skip the sums (RM+ zeroes
    # many actions, so this is often half the terminals)
    live = opponent_reach.any(axis=1)
    if out is None:
        out = np.zeros_like(opponent_reach)
    else:
        out[~live] = 0.0
    folds = np.flatnonzero((tree.term_kind == Kind.FOLD) & live)
    for rows in _chunks(folds):
        met = space.disjoint(opponent_reach[rows])
        they_folded = (tree.term_actor[rows] != player)[:, None]
        share = tree.term_share[rows][:, None]  # rule BL3: a blind winner's share
        pot = mine[rows] + theirs[rows]
        met *= np.where(they_folded, share, 1 - share) * pot - mine[rows]
        out[rows] = met
    for seer in (True, False):
        sees = np.flatnonzero((tree.term_kind == Kind.SEE) & live
                              & ((tree.term_actor == player) == seer))
        for rows in _chunks(sees):
            won, met = space.showdown_sums(opponent_reach[rows], seer=seer)
            won *= theirs[rows] + mine[rows]  # win theirs where won; lose mine where not
            met *= mine[rows]
            won -= met
            out[rows] = won
    return out


def _chunks(rows: npt.NDArray[np.intp]) -> list[npt.NDArray[np.intp]]:
    """``rows`` in pieces of at most :data:`_CHUNK`: the sums' temporaries stay a few megabytes,
    which the allocator reuses from one piece to the next, where arrays of the whole set of rows
    would be mapped and faulted in afresh on every call. (Every row's sums are computed alone:
    the pieces change no result.)"""
    return [rows[i:i + _CHUNK] for i in range(0, len(rows), _CHUNK)]


def per_game(space: HandSpace, root_values: FloatArray) -> float:
    """A root value vector (per class, summed over opponent hands) as chips per deal."""
    total = float(np.einsum("i,i->", root_values, space.counts))
    return total / (space.n_hands * space.opponents)
