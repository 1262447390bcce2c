"""The public betting tree of the abstraction: every history of actions, as flat arrays.

Heads-up, the player at the dealer's left (seat 0) acts first (rule B2). At each turn a player
who has not looked may ``look`` (BL2: the turn goes on, now open), bet ``blind`` (BL1: half an
even stake, which sets the stake to twice the bet) or ``see`` (BL4: half what an open seer pays,
rounded up, once a bet is made; a blind player may see an open or a blind one). An open
player may ``fold``, ``bet`` any stake of the menu at least the current one (B2, B3), or
``see`` an open player (B6: twice the stake, or the stake with ``see_cost = "single"``, B9) —
never a blind one (BL4). The price of a see is :func:`~bragkit.games.three_card.betting.see_price`,
as in
the engine. Once ``max_bets`` bets are made, no more bets: fold, look or see (with
``cap_rule = "see"``, the default, an open player at the cap may see a blind one: the cap ends
the betting). A blind player never folds without looking (it would be the same as looking and
then folding, and the look is free).

Everything a showdown or a fold needs is kept per terminal: who folded or saw, and what each
player had put in (ante included). Decision nodes are numbered breadth first, so every level of
the tree is a contiguous block of nodes and of edges — the solver works a level at a time.

>>> from bragkit.solver.abstraction import Abstraction
>>> tree = BettingTree(Abstraction(stakes=(1, 2), max_bets=2))
>>> [tree.label(e) for e in tree.edges_of(0)]
['look', 'blind 1']
>>> node = tree.find(["look"])
>>> [tree.label(e) for e in tree.edges_of(node)]
['fold', 'bet 1', 'bet 2']
>>> tree.find(["look", "bet 2", "look"]), tree.history(tree.find(["blind 1"]))
(9, ('blind 1',))
>>> tree.n_nodes, tree.n_edges, tree.n_terminals
(17, 41, 25)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.games.three_card.betting import blind_part, least_bet, see_price
from bragkit.solver.abstraction import Abstraction

__all__ = ["BettingTree", "Kind", "Level", "NodeState", "Segments"]

IntArray = npt.NDArray[np.intp]


class Kind(IntEnum):
    """What an edge of the tree does (the verbs of HAND-HISTORY.md)."""

    FOLD = 0  # rule B2
    LOOK = 1  # rule BL2
    BET = 2  # rules B2, B3
    BLIND = 3  # rule BL1
    SEE = 4  # rules B6, BL4


@dataclass(frozen=True, kw_only=True, slots=True)
class NodeState:
    """The public state at a decision node.

    ``blind`` says who has not looked; ``stake`` is in open terms (0 before the first bet);
    ``paid`` is what each seat has put in, ante included.
    """

    player: int
    blind: tuple[bool, bool]
    stake: int
    bets: int
    paid: tuple[int, int]


@dataclass(frozen=True, kw_only=True, slots=True)
class Level:
    """One depth of the tree: its nodes ``[node_start, node_end)`` and their edges
    ``[edge_start, edge_end)``."""

    node_start: int
    node_end: int
    edge_start: int
    edge_end: int


class Segments:
    """Sums of edge rows per node, for a block of nodes whose edges are contiguous.

    Faster than ``np.add.reduceat`` along the first axis: one gather of each node's first edge,
    then one gathered add per further edge slot (nodes have at most a handful of edges).
    """

    def __init__(self, first: IntArray, count: IntArray) -> None:
        self.first = first
        self.slots = [
            (np.flatnonzero(count > k), first[count > k] + k) for k in range(1, int(count.max()))
        ] if len(count) else []

    def sum(
        self, rows: npt.NDArray[np.float64], out: npt.NDArray[np.float64] | None = None
    ) -> npt.NDArray[np.float64]:
        """``out[i]`` = the sum of the rows of node ``i``'s edges (into ``out`` if given)."""
        if out is None:
            out = rows[self.first]
        else:
            np.take(rows, self.first, axis=0, out=out)
        for nodes, edges in self.slots:
            out[nodes] += rows[edges]
        return out


class BettingTree:
    """Every public history of the abstraction, breadth first, as numpy arrays.

    Per node: ``player``, ``blind_actor`` (the player to act has not looked), ``first_edge``
    and ``n_edges``; ``states[n]`` is its :class:`NodeState`. Per edge: ``edge_node`` (its
    node), ``kind``, ``amount`` (chips paid), ``child`` (a node, or -1) and ``terminal`` (a
    terminal, or -1). Per terminal: ``term_edge``, ``term_kind`` (FOLD or SEE), ``term_actor``
    (who folded or saw), ``term_paid`` (each seat's chips in, ante included) and ``term_share``
    (the share of the pot a fold gives the winner: ``blind_share`` if they are blind, BL3).
    """

    def __init__(self, abstraction: Abstraction) -> None:
        self.abstraction = abstraction
        a = abstraction
        states: list[NodeState] = [NodeState(player=0, blind=(a.blind, a.blind), stake=0, bets=0,
                                             paid=(a.ante, a.ante))]
        edges: list[tuple[int, Kind, int, int, int]] = []  # node, kind, amount, child, terminal
        terminals: list[tuple[int, Kind, int, int, int]] = []  # edge, kind, actor, paid0, paid1
        shares: list[float] = []  # the winner's share of the pot at a fold (rule BL3)
        first_edge: list[int] = []
        depth = [0]
        head = 0
        while head < len(states):
            state = states[head]
            first_edge.append(len(edges))
            for kind, amount, child in self._moves(state):
                if child is None:
                    paid = list(state.paid)
                    paid[state.player] += amount
                    terminals.append((len(edges), kind, state.player, paid[0], paid[1]))
                    blind_winner = kind is Kind.FOLD and state.blind[1 - state.player]
                    shares.append(a.blind_share if blind_winner else 1.0)
                    edges.append((head, kind, amount, -1, len(terminals) - 1))
                else:
                    states.append(child)
                    depth.append(depth[head] + 1)
                    edges.append((head, kind, amount, len(states) - 1, -1))
            head += 1
        self.states: tuple[NodeState, ...] = tuple(states)
        self.n_nodes = len(states)
        self.n_edges = len(edges)
        self.n_terminals = len(terminals)
        self.player: IntArray = np.array([s.player for s in states], dtype=np.intp)
        self.blind_actor = np.array([s.blind[s.player] for s in states], dtype=bool)
        self.first_edge: IntArray = np.array(first_edge, dtype=np.intp)
        self.n_edges_of: IntArray = np.diff(np.append(self.first_edge, self.n_edges))
        self.depth: IntArray = np.array(depth, dtype=np.intp)
        e = np.array(edges, dtype=np.intp).reshape(-1, 5)
        self.edge_node: IntArray = e[:, 0]
        self.kind: IntArray = e[:, 1]
        self.amount: IntArray = e[:, 2]
        self.child: IntArray = e[:, 3]
        self.terminal: IntArray = e[:, 4]
        t = np.array(terminals, dtype=np.intp).reshape(-1, 5)
        self.term_edge: IntArray = t[:, 0]
        self.term_kind: IntArray = t[:, 1]
        self.term_actor: IntArray = t[:, 2]
        self.term_paid: IntArray = t[:, 3:5]
        self.term_share = np.array(shares, dtype=np.float64)
        self.parent_edge: IntArray = np.full(self.n_nodes, -1, dtype=np.intp)
        has_child = self.child >= 0
        self.parent_edge[self.child[has_child]] = np.flatnonzero(has_child)
        self.levels: tuple[Level, ...] = self._levels()
        self.segments = Segments(self.first_edge, self.n_edges_of)
        self.level_segments = tuple(
            Segments(self.first_edge[lv.node_start:lv.node_end] - lv.edge_start,
                     self.n_edges_of[lv.node_start:lv.node_end]) for lv in self.levels)
        self._children = [
            {self.label(x): x for x in self.edges_of(n)} for n in range(self.n_nodes)
        ]

    def _moves(self, s: NodeState) -> Iterable[tuple[Kind, int, NodeState | None]]:
        """The edges out of a decision node: (kind, chips paid, child state or None)."""
        a = self.abstraction
        p, other = s.player, 1 - s.player
        can_bet = s.bets < a.max_bets
        floor = least_bet(a.stakes[0], s.stake)  # rules B2, B3: at least min_bet, then the stake

        def after_bet(stake: int, chips: int) -> NodeState:
            paid = list(s.paid)
            paid[p] += chips
            return NodeState(player=other, blind=s.blind, stake=stake, bets=s.bets + 1,
                             paid=(paid[0], paid[1]))

        if s.blind[p]:
            looked = list(s.blind)
            looked[p] = False
            yield Kind.LOOK, 0, NodeState(player=p, blind=(looked[0], looked[1]), stake=s.stake,
                                          bets=s.bets, paid=s.paid)  # rule BL2
            if can_bet:
                for stake in a.blind_stakes:  # rule BL1: a blind bet of b sets the stake to 2b
                    if stake >= floor:
                        yield Kind.BLIND, blind_part(stake), after_bet(stake, blind_part(stake))
            if s.bets:  # rules BL4, B9: half an open see, against open or blind
                yield Kind.SEE, see_price(a.see_cost, s.stake, True), None
        else:
            yield Kind.FOLD, 0, None
            if can_bet:
                for stake in a.stakes:
                    if stake >= floor:
                        yield Kind.BET, stake, after_bet(stake, stake)
            # rules B6, B9; BL4: never see a blind player (but see cap_rule at the cap)
            if s.bets and (not s.blind[other] or (not can_bet and a.cap_rule == "see")):
                yield Kind.SEE, see_price(a.see_cost, s.stake, False), None

    def _levels(self) -> tuple[Level, ...]:
        levels = []
        bounds = np.searchsorted(self.depth, np.arange(int(self.depth.max()) + 2))
        for d in range(len(bounds) - 1):
            n0, n1 = int(bounds[d]), int(bounds[d + 1])
            e0 = int(self.first_edge[n0])
            e1 = int(self.first_edge[n1]) if n1 < self.n_nodes else self.n_edges
            levels.append(Level(node_start=n0, node_end=n1, edge_start=e0, edge_end=e1))
        return tuple(levels)

    # -- navigation -----------------------------------------------------------------------------

    def edges_of(self, node: int) -> range:
        """The edges out of ``node``."""
        start = int(self.first_edge[node])
        return range(start, start + int(self.n_edges_of[node]))

    def label(self, edge: int) -> str:
        """An edge as the verb and amount of a hand-history action: ``"blind 2"``, ``"fold"``."""
        kind = Kind(int(self.kind[edge]))
        verb = kind.name.lower()
        return verb if kind in (Kind.FOLD, Kind.LOOK) else f"{verb} {int(self.amount[edge])}"

    def step(self, node: int, label: str) -> int:
        """The edge labelled ``label`` out of ``node`` (:class:`RulesError` if there is none)."""
        found = self._children[node].get(label)
        if found is None:
            after = " ".join(self.history(node)) or "the deal"
            raise RulesError(f"no action {label!r} after {after} in this abstraction")
        return found

    def find(self, history: Sequence[str]) -> int:
        """The decision node reached by a history of labels (RulesError if it ends the deal)."""
        node = 0
        for label in history:
            edge = self.step(node, label)
            node = int(self.child[edge])
            if node < 0:
                raise RulesError(f"the history {' '.join(history)!r} ends the deal")
        return node

    def history(self, node: int) -> tuple[str, ...]:
        """The labels of the edges from the root to ``node``."""
        labels: list[str] = []
        while node > 0:
            edge = int(self.parent_edge[node])
            labels.append(self.label(edge))
            node = int(self.edge_node[edge])
        return tuple(reversed(labels))
