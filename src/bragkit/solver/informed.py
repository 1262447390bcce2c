"""What each action is worth to a player who knows more than the abstraction says.

The solved strategy assumes a player knows their own hand once they have looked, and nothing of
the opponent's but what card removal tells. At a real table a player may know more: the pack is
not shuffled between deals (D4, D5), so a player who follows it may know their own cards while
still blind, some of the opponent's cards, or cards left in the stock (dead for the deal); and a
pot carried from the last deal (BL3) sits in the middle. :func:`action_values` answers the
question such a player asks at their turn: *if the opponent plays the strategy, what is each of
my actions worth, when I play my best from here on?* — a best response in the subtree, with the
opponent's hands weighted by what is known of their cards and by how likely their betting so far
is with each of them.

Two opponent hands of the same suit class and the same card constraints play alike, so the
opponent's range is kept per class (counts of the hands that fit what is known), which makes a
decision a few milliseconds even at the root.

>>> from bragkit.solver import Abstraction, solve
>>> strategy = solve(Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQJ"), iterations=60,
...                  cache=None)
>>> tree = strategy.tree
>>> node = tree.find(["look", "bet 2"])        # seat 1 faces seat 0's open bet of 2
>>> values = action_values(strategy, node, "Ah Ad Kc", known="Qs Qh Qd")
>>> [tree.label(e) for e in tree.edges_of(node)]
['look', 'blind 1', 'see 2']
>>> float(values[2])      # seeing for 2 into a pot of 3 + 1: their prial of queens wins (H3)
-3.0
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from bragkit.cards import CardsLike, parse_cards
from bragkit.errors import BragError
from bragkit.hands.table import strength_table
from bragkit.solver.report import hand_percentiles
from bragkit.solver.strategy import Strategy
from bragkit.solver.tree import BettingTree, Kind

__all__ = ["action_values", "informed_blind"]

FloatArray = npt.NDArray[np.float64]


def action_values(
    strategy: Strategy,
    node: int,
    hand: CardsLike,
    *,
    known: CardsLike = (),
    dead: CardsLike = (),
    carried: float = 0.0,
    blind_informed: bool = False,
    stronger_than: float = 0.0,
) -> FloatArray:
    """The expected chips of each edge out of ``node`` for the player to act, holding ``hand``.

    ``known`` are cards the opponent is known to hold, ``dead`` cards known to be elsewhere
    (the stock), ``carried`` a pot carried into the deal (BL3: it goes to the deal's winner, a
    blind winner's share of it carried on). The opponent plays ``strategy``; the player plays a
    best response from the next decision on. With ``blind_informed`` the opponent's blind
    decisions are taken as made knowing their cards (:func:`informed_blind`). ``stronger_than``
    leaves out the opponent's hands weaker than that share of all hands (0 to 1): an open
    opponent who chose this hand over another (R2) kept a good one. Raises
    :class:`BragError` if no opponent hand fits what is known.
    """
    tree, space = strategy.tree, strategy.space
    me = int(tree.player[node])
    mine = [int(c) for c in parse_cards(hand)]
    theirs = [int(c) for c in parse_cards(known)]
    out = set(mine) | {int(c) for c in parse_cards(dead)}
    space.class_of(mine)  # three distinct cards of the pack (else InvalidCardError)
    if out & set(theirs):
        raise BragError("a card known to be the opponent's is in the hand or known dead")
    fits = ~np.isin(space.hands, list(out)).any(axis=1)
    for card in theirs:
        fits &= (space.hands == card).any(axis=1)
    weights = np.bincount(space.hand_class[fits], minlength=space.n_classes).astype(np.float64)
    if stronger_than > 0:
        weights[hand_percentiles(space) < stronger_than] = 0.0
    for edge in _path(tree, node):
        parent = int(tree.edge_node[edge])
        if tree.player[parent] != me:  # how likely their betting is, per class
            row = edge - int(tree.first_edge[parent])
            weights *= _opponent_table(strategy, parent, blind_informed)[row]
    total = float(weights.sum())
    if total <= 0:
        raise BragError("no hand the opponent may hold fits their betting and the cards known")
    table = strength_table(strategy.abstraction.ordering)
    strength = int(table[mine[0], mine[1], mine[2]])
    walk = _Walk(strategy, me, strength > space.strength, strength >= space.strength, carried,
                 blind_informed)
    edges = tree.edges_of(node)
    return np.array([float(weights @ walk.edge(e, weights)) / total for e in edges])


def _path(tree: BettingTree, node: int) -> list[int]:
    """The edges from the root down to ``node``."""
    edges: list[int] = []
    while node > 0:
        edge = int(tree.parent_edge[node])
        edges.append(edge)
        node = int(tree.edge_node[edge])
    return edges


class _Walk:
    """The subtree below a node: values per opponent class, the player choosing their best."""

    def __init__(self, strategy: Strategy, me: int, beats: npt.NDArray[np.bool_],
                 at_least: npt.NDArray[np.bool_], carried: float, blind_informed: bool) -> None:
        self.strategy = strategy
        self.tree = strategy.tree
        self.me = me
        self.beats = beats  # we see them and win only when strictly better (B6, H8)
        self.at_least = at_least  # they see us and lose ties (H8)
        self.carried = carried
        self.blind_informed = blind_informed

    def edge(self, edge: int, weights: FloatArray) -> FloatArray:
        """Per opponent class, our chips after ``edge`` (``weights``: the range before it)."""
        tree = self.tree
        terminal = int(tree.terminal[edge])
        if terminal < 0:
            return self.node(int(tree.child[edge]), weights)
        paid = tree.term_paid[terminal]
        mine, theirs = float(paid[self.me]), float(paid[1 - self.me])
        pot = mine + theirs + self.carried
        size = len(weights)
        if tree.term_kind[terminal] == Kind.FOLD:  # rules B5, BL3
            share = float(tree.term_share[terminal])
            won = share if tree.term_actor[terminal] != self.me else 1 - share
            return np.full(size, won * pot - mine)
        won_mask = self.beats if tree.term_actor[terminal] == self.me else self.at_least
        return np.where(won_mask, pot - mine, -mine)

    def node(self, node: int, weights: FloatArray) -> FloatArray:
        tree = self.tree
        edges = tree.edges_of(node)
        if tree.player[node] == self.me:  # our best from here (we know our hand)
            best: FloatArray | None = None
            best_value = -np.inf
            for e in edges:
                values = self.edge(e, weights)
                value = float(weights @ values)
                if value > best_value:
                    best, best_value = values, value
            assert best is not None
            return best
        table = _opponent_table(self.strategy, node, self.blind_informed)
        out = np.zeros(len(weights))
        for row, e in enumerate(edges):
            reach = weights * table[row]
            if not reach.any():
                continue
            out += table[row] * self.edge(e, reach)
        return out


def _opponent_table(strategy: Strategy, node: int, blind_informed: bool) -> FloatArray:
    """``(edges, classes)``: the opponent's probabilities at ``node``."""
    tree = strategy.tree
    edges = tree.edges_of(node)
    if not tree.blind_actor[node]:
        return strategy.table[edges.start:edges.stop]
    if blind_informed:
        return informed_blind(strategy, node)
    rows = strategy.table[edges.start:edges.stop, :1]  # rule BL6: one for every hand
    return np.repeat(rows, strategy.space.n_classes, axis=1)


@functools.lru_cache(maxsize=4096)
def informed_blind(strategy: Strategy, node: int) -> FloatArray:
    """``(edges, classes)``: a blind player's probabilities at ``node`` if they know their cards
    (followed through the pack, D5) and bet as the strategy would open, at the blind price.

    A blind bet to a stake is as likely as the open bet to that stake after a look; a see as the
    open see; everything else (folding, stakes a blind bet cannot set) starts with a look.

    >>> from bragkit.solver import Abstraction, solve
    >>> s = solve(Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ"), iterations=30, cache=None)
    >>> table = informed_blind(s, 0)
    >>> table.shape == (2, s.space.n_classes), bool(np.allclose(table.sum(axis=0), 1))
    (True, True)
    """
    tree = strategy.tree
    edges = tree.edges_of(node)
    out = np.zeros((len(edges), strategy.space.n_classes))
    looked = int(tree.child[tree.step(node, "look")])
    open_edges = {tree.label(e): e for e in tree.edges_of(looked)}
    look_row = -1
    for row, e in enumerate(edges):
        kind = Kind(int(tree.kind[e]))
        if kind is Kind.LOOK:
            look_row = row
            continue
        stake = int(tree.states[int(tree.child[e])].stake) if kind is Kind.BLIND else 0
        label = f"bet {stake}" if kind is Kind.BLIND else "see"
        same = open_edges.get(label)
        if same is None and kind is Kind.SEE:
            same = next((x for lb, x in open_edges.items() if lb.startswith("see")), None)
        if same is not None:
            out[row] = strategy.table[same]
    out[look_row] = np.clip(1 - out.sum(axis=0), 0.0, 1.0)
    return out
