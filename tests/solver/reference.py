"""A brute-force reference for the solver: every deal played out one at a time.

Independent of the vectorised code paths: hands are explicit card triples, showdowns compare
strengths straight from the engine's evaluator, and a best response is found by summing over
the deals of each information set (a player's public history and, once they have looked, their
own hand). Only for tiny packs.
"""

from __future__ import annotations

import numpy as np

from bragkit.cards import Card
from bragkit.hands import evaluate
from bragkit.solver.hand_space import HandSpace
from bragkit.solver.tree import BettingTree, Kind

__all__ = ["best_response_value", "deals", "expected_value", "payoff", "random_strategy"]

Deal = tuple[tuple[int, ...], tuple[int, ...]]


def deals(space: HandSpace) -> list[Deal]:
    """Every ordered pair of disjoint hands."""
    hands = [tuple(h) for h in space.hands.tolist()]
    return [(a, b) for a in hands for b in hands if not set(a) & set(b)]


def _strength(hand: tuple[int, ...], ordering: str) -> int:
    return evaluate([Card(c) for c in hand], ordering=ordering).value


def payoff(tree: BettingTree, terminal: int, deal: Deal, player: int) -> float:
    """What ``player`` wins at ``terminal`` with these hands (rules B5, B6, H8)."""
    paid = tree.term_paid[terminal]
    actor = int(tree.term_actor[terminal])
    if tree.term_kind[terminal] == Kind.FOLD:
        winner = 1 - actor
    else:
        ordering = tree.abstraction.ordering
        seer, seen = _strength(deal[actor], ordering), _strength(deal[1 - actor], ordering)
        winner = actor if seer > seen else 1 - actor  # ties go against the seer
    return float(paid[1 - player]) if winner == player else -float(paid[player])


def _class(space: HandSpace, hand: tuple[int, ...]) -> int:
    return space.class_of([Card(c) for c in hand])


def _probability(tree: BettingTree, space: HandSpace, strategy: np.ndarray, edge: int,
                 hand: tuple[int, ...]) -> float:
    node = int(tree.edge_node[edge])
    if tree.blind_actor[node]:
        return float(strategy[edge, 0])
    return float(strategy[edge, _class(space, hand)])


def expected_value(tree: BettingTree, space: HandSpace, strategy: np.ndarray,
                   player: int) -> float:
    """``player``'s value per deal when both play ``strategy``."""
    total = 0.0
    all_deals = deals(space)
    for deal in all_deals:
        total += _value(tree, space, strategy, deal, 0, player)
    return total / len(all_deals)


def _value(tree: BettingTree, space: HandSpace, strategy: np.ndarray, deal: Deal, node: int,
           player: int) -> float:
    actor = int(tree.player[node])
    out = 0.0
    for edge in tree.edges_of(node):
        p = _probability(tree, space, strategy, edge, deal[actor])
        if p == 0.0:
            continue
        child = int(tree.child[edge])
        if child < 0:
            out += p * payoff(tree, int(tree.terminal[edge]), deal, player)
        else:
            out += p * _value(tree, space, strategy, deal, child, player)
    return out


def best_response_value(tree: BettingTree, space: HandSpace, strategy: np.ndarray,
                        player: int) -> float:
    """The value per deal of a best response of ``player`` to ``strategy``, by brute force."""
    all_deals = deals(space)
    other = 1 - player
    # the opponent's reach at every node, per deal (top down: parents come before children)
    reach = np.ones((len(all_deals), tree.n_nodes))
    for node in range(1, tree.n_nodes):
        edge = int(tree.parent_edge[node])
        parent = int(tree.edge_node[edge])
        for d, deal in enumerate(all_deals):
            factor = 1.0
            if tree.player[parent] == other:
                factor = _probability(tree, space, strategy, edge, deal[other])
            reach[d, node] = reach[d, parent] * factor
    value = np.zeros((len(all_deals), tree.n_nodes))
    for node in range(tree.n_nodes - 1, -1, -1):  # children before parents
        edges = list(tree.edges_of(node))
        q = np.zeros((len(all_deals), len(edges)))
        for k, edge in enumerate(edges):
            child = int(tree.child[edge])
            for d, deal in enumerate(all_deals):
                if child >= 0:
                    q[d, k] = value[d, child]
                else:
                    q[d, k] = payoff(tree, int(tree.terminal[edge]), deal, player)
        if tree.player[node] == other:
            for d, deal in enumerate(all_deals):
                value[d, node] = sum(
                    _probability(tree, space, strategy, edge, deal[other]) * q[d, k]
                    for k, edge in enumerate(edges))
            continue
        # the best responder's information sets: blind, one for all; open, one per own hand
        groups: dict[object, list[int]] = {}
        for d, deal in enumerate(all_deals):
            key = None if tree.blind_actor[node] else deal[player]
            groups.setdefault(key, []).append(d)
        for members in groups.values():
            weights = reach[members, node]
            totals = weights @ q[members]
            pick = int(np.argmax(totals))
            value[members, node] = q[members, pick]
    # the opponent's reach is already folded in below the root; weight deals equally
    root = 0.0
    for d in range(len(all_deals)):
        root += value[d, 0]
    return root / len(all_deals)


def random_strategy(tree: BettingTree, space: HandSpace, seed: int) -> np.ndarray:
    """A random strategy: per class where the actor is open, one row for all where blind."""
    rng = np.random.default_rng(seed)
    raw = rng.random((tree.n_edges, space.n_classes)) ** 3
    blind = tree.blind_actor[tree.edge_node]
    raw[blind] = raw[blind][:, :1]
    totals = np.add.reduceat(raw, tree.first_edge, axis=0)[tree.edge_node]
    return raw / totals
