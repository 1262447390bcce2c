"""A brute-force reference for the solver: every deal of a tiny pack, one by one.

Independent of the solver's inclusion–exclusion: the deals are the explicit ordered pairs of
disjoint hands, showdowns compare strengths straight from the engine's evaluator, and a best
response is found by summing over the deals of each information set (a player's public history
and, once they have looked, their own hand). Vectorised over deals only, for speed.
"""

from __future__ import annotations

import numpy as np

from bragkit.cards import Card
from bragkit.hands import evaluate
from bragkit.solver.hand_space import HandSpace
from bragkit.solver.tree import BettingTree, Kind

__all__ = ["Deals", "best_response_value", "expected_value", "random_strategy"]


class Deals:
    """Every ordered pair of disjoint hands of the pack: hand ids, classes, who is stronger."""

    def __init__(self, space: HandSpace, ordering: str) -> None:
        hands = [tuple(h) for h in space.hands.tolist()]
        strength = [evaluate([Card(c) for c in h], ordering=ordering).value for h in hands]
        pairs = [(i, j) for i, a in enumerate(hands) for j, b in enumerate(hands)
                 if not set(a) & set(b)]
        self.hand = np.array(pairs, dtype=np.intp)  # (deals, 2): hand ids of seat 0 and 1
        self.cls = space.hand_class[self.hand]  # (deals, 2)
        s = np.array(strength)[self.hand]
        self.stronger = np.sign(s[:, 0] - s[:, 1])  # +1: seat 0 better, 0: equal, -1: seat 1
        self.n = len(pairs)


def _payoffs(tree: BettingTree, deals: Deals, terminal: int, player: int) -> np.ndarray:
    """What ``player`` wins at ``terminal`` in every deal (rules B5, B6, H8)."""
    paid = tree.term_paid[terminal]
    actor = int(tree.term_actor[terminal])
    if tree.term_kind[terminal] == Kind.FOLD:
        winner = np.full(deals.n, 1 - actor)
    else:
        seer_better = deals.stronger * (1 if actor == 0 else -1) > 0
        winner = np.where(seer_better, actor, 1 - actor)  # ties go against the seer
    return np.where(winner == player, float(paid[1 - player]), -float(paid[player]))


def _probability(tree: BettingTree, strategy: np.ndarray, deals: Deals, edge: int) -> np.ndarray:
    node = int(tree.edge_node[edge])
    if tree.blind_actor[node]:
        return np.full(deals.n, float(strategy[edge, 0]))
    return strategy[edge, deals.cls[:, int(tree.player[node])]]


def expected_value(tree: BettingTree, space: HandSpace, strategy: np.ndarray,
                   player: int) -> float:
    """``player``'s value per deal when both play ``strategy``."""
    deals = Deals(space, tree.abstraction.ordering)
    value = np.zeros((tree.n_nodes, deals.n))
    for node in range(tree.n_nodes - 1, -1, -1):  # children come after parents
        for edge in tree.edges_of(node):
            child = int(tree.child[edge])
            q = value[child] if child >= 0 else _payoffs(tree, deals, int(tree.terminal[edge]),
                                                          player)
            value[node] += _probability(tree, strategy, deals, edge) * q
    return float(value[0].mean())


def best_response_value(tree: BettingTree, space: HandSpace, strategy: np.ndarray,
                        player: int) -> float:
    """The value per deal of a best response of ``player`` to ``strategy``, by brute force."""
    deals = Deals(space, tree.abstraction.ordering)
    other = 1 - player
    reach = np.ones((tree.n_nodes, deals.n))  # the opponent's reach, per deal
    for node in range(1, tree.n_nodes):
        edge = int(tree.parent_edge[node])
        parent = int(tree.edge_node[edge])
        reach[node] = reach[parent]
        if tree.player[parent] == other:
            reach[node] *= _probability(tree, strategy, deals, edge)
    value = np.zeros((tree.n_nodes, deals.n))
    own_hand = deals.hand[:, player]
    for node in range(tree.n_nodes - 1, -1, -1):
        edges = list(tree.edges_of(node))
        q = np.stack([
            value[int(tree.child[e])] if tree.child[e] >= 0
            else _payoffs(tree, deals, int(tree.terminal[e]), player) for e in edges
        ])  # (edges, deals)
        if tree.player[node] == other:
            value[node] = sum(_probability(tree, strategy, deals, e) * q[k]
                              for k, e in enumerate(edges))
        elif tree.blind_actor[node]:  # one information set: every deal reaching this history
            pick = int(np.argmax(q @ reach[node]))
            value[node] = q[pick]
        else:  # one information set per own hand
            for hand in np.unique(own_hand):
                members = own_hand == hand
                pick = int(np.argmax(q[:, members] @ reach[node, members]))
                value[node, members] = q[pick, members]
    return float(value[0].mean())


def random_strategy(tree: BettingTree, space: HandSpace, seed: int) -> np.ndarray:
    """A random strategy: per class where the actor is open, one row for all where blind."""
    rng = np.random.default_rng(seed)
    raw = rng.random((tree.n_edges, space.n_classes)) ** 3
    blind = tree.blind_actor[tree.edge_node]
    raw[blind] = raw[blind][:, :1]
    totals = np.add.reduceat(raw, tree.first_edge, axis=0)[tree.edge_node]
    return raw / totals
