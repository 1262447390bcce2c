"""The pack of simulated deals played as sessions: :class:`Carry` (rules D4, D5, R1).

Each deal of a session is dealt from the pack the last one left (D5), shuffled only after a
prial was seen and won, or always with ``shuffle = "always"`` (D4). The pack of a deal is kept
top first, whole: the cards of a blind hand kept for it (R1) last, out of the pack proper. As
the deal goes on, each hand that goes under the pack is given a rank: folded hands in the order
they folded (a player holding two hands, R2, puts the old one under first; the blind player of
R3 their own hand, then the face-up one), a hand thrown or discarded at once (R2, R3) when it
goes; at the end the hands left go from the dealer's left round the table, and the hand a blind
winner keeps (BL3, R1) stays out. The next pack is the stock (the cards not dealt), then the
hands in that order, each hand's cards in the order they were dealt (D5 [decision]): the
engine's :meth:`~bragkit.games.three_card.stock.Stock.close`.

What each player may know of that order can be followed too (``knowledge``; ``known``: for
each seat, which places of the pack it knows the card of): the hands it saw go under (its own
once looked, a hand it looked at and threw, R2; every hand shown, D8; the face-up hand, R3),
followed as the pack is dealt and put together again; a shuffle forgets it (D4). A blind
player never sees their own hand (BL6), so it is not among them.

>>> import numpy as np
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> from bragkit.sim.menu import FOLD, LOOK, SEE, STAY
>>> from bragkit.sim.step import step
>>> state = init(None, 1, players=3, rules=Rules(blind=False), packs=[list(range(52))],
...              session=True)
>>> state.hands[0].tolist()
[[0, 3, 6], [1, 4, 7], [2, 5, 8]]
>>> for action in (STAY, FOLD, STAY, FOLD):        # seat 1 folds, then seat 0
...     _ = step(state, [action])
>>> state.carry.next_pack[0, -9:].tolist()         # under the stock: 1's hand, 0's, then 2's
[1, 4, 7, 0, 3, 6, 2, 5, 8]
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.sim.state import State

__all__ = ["NOT_GONE", "Carry", "without"]

Rows = npt.NDArray[np.int64]
# The rank of the hands left at the end (plus the seat: from the dealer's left, seat 0) and of
# a hand kept out of the pack (R1)
_END: Final = 1 << 12
#: The ranks of :attr:`Carry.gone` from here on are hands not gone under the pack yet.
NOT_GONE: Final = _END
_KEPT: Final = 1 << 14


class Carry:
    """The pack of ``n`` deals of ``players`` played as sessions (see the module docstring).

    ``pack`` is each deal's pack, top first, the ``held`` cards of a kept hand last (R1);
    ``gone`` ranks each seat's hand and, last, the second hand of R2 or R3, by when it went
    under the pack; ``next_pack`` is the pack the deal leaves (the same layout: a kept hand,
    ``kept``, last), ``shuffle_next`` whether the next deal is shuffled (D4).
    """

    __slots__ = ("_fresh", "_origin", "events", "gone", "held", "kept", "known", "known_next",
                 "next_pack", "origin", "pack", "public_second", "second_seen", "shuffle_next")

    def __init__(self, n: int, players: int, cards: int, size: int, *,
                 public_second: bool = False, knowledge: bool = False) -> None:
        self.pack = np.zeros((n, size), dtype=np.int8)
        # the places in the pack of each hand's cards (each seat's, then the second hand)
        self.origin = np.zeros((n, players + 1, cards), dtype=np.int64)
        # for each seat, the places of the pack whose card it knows (now, and in the next
        # pack), when ``knowledge`` is followed (for observations)
        self.known: npt.NDArray[np.bool_] | None = None
        self.known_next: npt.NDArray[np.bool_] | None = None
        if knowledge:
            self.known = np.zeros((n, players, size), dtype=bool)
            self.known_next = np.zeros((n, players, size), dtype=bool)
        self.second_seen = np.zeros(n, dtype=bool)  # rule R2: the holder threw a hand it saw
        self._fresh = np.append(_END + np.arange(players), _KEPT)
        self._origin = np.concatenate([np.arange(cards)[None, :] * players
                                       + np.arange(players)[:, None],
                                       np.arange(size - cards, size)[None, :]])
        self.public_second = public_second  # rule R3: the second hand lies face up
        self.held = np.zeros(n, dtype=np.int64)
        self.gone = np.zeros((n, players + 1), dtype=np.int64)
        self.events = np.zeros(n, dtype=np.int64)
        self.next_pack = np.zeros((n, size), dtype=np.int8)
        self.kept = np.zeros((n, cards), dtype=np.int8)
        self.shuffle_next = np.ones(n, dtype=bool)  # rule D4: the first deal is shuffled

    def start(self, state: State, rows: Rows, packs: npt.NDArray[np.int8], held: Rows) -> None:
        """New deals in ``rows`` from ``packs`` (whole, a kept hand of ``held`` cards last)."""
        self.pack[rows] = packs
        self.held[rows] = held
        self.events[rows] = 0
        self.second_seen[rows] = False
        if self.known is not None:  # where each hand's cards are in the pack
            self.origin[rows] = self._origin
        # until they go: the hands left at the end, from the dealer's left (the second hand:
        # with its holder's, see close)
        self.gone[rows] = self._fresh

    def folded(self, state: State, rows: Rows, seats: Rows) -> None:
        """Rule D5: the folders' hands go under the pack now (R2: the old hand first; R3: the
        blind player's own, then the face-up hand)."""
        rank = 2 * self.events[rows]
        extra = state.extra
        second = np.zeros(len(rows), dtype=bool)
        first_second = second
        if extra is not None:
            holder = extra.extra_seat.take(rows) == seats
            first_second = holder & (extra.two_seat.take(rows) == seats)  # rule R2
            second = first_second | (holder & extra.face_up.take(rows))  # rule R3
        self.gone[rows, seats] = rank + first_second
        self.gone[rows[second], -1] = (rank + ~first_second)[second]
        self.events[rows] += 1

    def swap(self, rows: Rows, seats: Rows) -> None:
        """The hand of ``seats`` and the second hand changed places (R2, R3)."""
        p = self.origin.shape[1] - 1
        mine = self.origin[rows, seats].copy()
        self.origin[rows, seats] = self.origin[rows, p]
        self.origin[rows, p] = mine

    def second_gone(self, rows: Rows) -> None:
        """Rules R2, R3: the second hand goes under the pack now (thrown, or the face-up hand
        discarded)."""
        self.gone[rows, -1] = 2 * self.events[rows]
        self.events[rows] += 1

    def close(self, state: State, rows: Rows) -> None:
        """Rule D5: the deals of ``rows`` are over; the hands left go under the pack from the
        dealer's left, a hand kept (R1) stays out (last): the next pack."""
        c, p = state.cards, state.players
        retained = state.retained.take(rows)
        keeps = retained >= 0
        self.gone[rows[keeps], retained[keeps]] = _KEPT
        extra = state.extra
        if extra is not None:  # the second hand of a kept seat goes with the hands left
            second = extra.extra_seat.take(rows)
            left = (second >= 0) & (self.gone[rows, -1] == _KEPT)
            self.gone[rows[left], -1] = _END + second[left]
        size = self.pack.shape[1]
        held = self.held.take(rows)
        for h in (0, c) if extra is not None else (0,):
            here = rows[held == h]
            if not len(here):
                continue
            # the hands as piles of cards in the order dealt: each seat's (card k of seat s
            # was dealt k * p + s-th), then the second hand (R2, R3)
            piles = state.dealt[here]
            ranks = self.gone[here, :p]
            if h:
                assert extra is not None
                piles = np.concatenate([piles, extra.second[here]], axis=1)
                ranks = self.gone[here]
            order = np.argsort(ranks, axis=1, kind="stable")
            slot = np.where(order[:, :, None] < p, np.arange(c) * p + order[:, :, None],
                            c * p + np.arange(c))
            size_left = size - c * p - h  # the stock
            self.next_pack[here, :size_left] = self.pack[here, c * p:size - h]
            self.next_pack[here, size_left:] = np.take_along_axis(
                piles, slot.reshape(len(here), -1), axis=1)
            if self.known is not None:
                self._learn(state, here, order, c * p + h)
        self.kept[rows[keeps]] = self.next_pack[rows[keeps], size - c:]

    def _learn(self, state: State, rows: Rows, order: Rows, returned: int) -> None:
        """What each seat knows of the next pack of ``rows`` (``order``: the hands in the order
        they went under, ``returned`` cards in all): what it knew of the cards' old places,
        and the hands it saw."""
        assert self.known is not None and self.known_next is not None
        p, c = state.players, state.cards
        m, piles = order.shape
        size = self.pack.shape[1]
        origin = np.take_along_axis(self.origin[rows, :piles], order[:, :, None], axis=1)
        source = np.concatenate([np.broadcast_to(np.arange(c * p, size - returned + c * p),
                                                 (m, size - returned)),
                                 origin.reshape(m, -1)], axis=1)
        known = np.take_along_axis(self.known[rows], source[:, None, :], axis=2)
        looked = state.seat_flags(state.looked_bits[rows])
        saw = np.zeros((m, p, piles), dtype=bool)
        saw[:, np.arange(p), np.arange(p)] = looked  # one's own hand, once looked (BL6)
        saw[:, :, :p] |= state.shown[rows][:, None, :]  # rule D8: shown to all
        if piles > p:
            extra = state.extra
            assert extra is not None
            holder = extra.extra_seat[rows]
            saw[:, :, p] = self.public_second  # rule R3: the face-up hand
            mine = self.second_seen[rows] & (holder >= 0)
            saw[np.flatnonzero(mine), holder[mine], p] = True  # rule R2: looked at, thrown
        seen = np.take_along_axis(saw, order[:, None, :], axis=2)
        known[:, :, size - returned:] |= np.repeat(seen, c, axis=2)
        self.known_next[rows] = known


def without(packs: npt.NDArray[np.int8], kept: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """``packs`` (whole, top first) with the cards of ``kept`` taken out (the copy nearest the
    top of each, as :meth:`bragkit.cards.Pack.take_out`), the rest in order, and put last.

    >>> without(np.array([[5, 1, 52, 3, 52, 0]], dtype=np.int8),
    ...         np.array([[52, 1]], dtype=np.int8)).tolist()
    [[5, 3, 52, 0, 52, 1]]
    """
    m, size = packs.shape
    taken = np.zeros((m, size), dtype=bool)
    line = np.arange(m)
    for k in range(kept.shape[1]):
        found = (packs == kept[:, k:k + 1]) & ~taken
        taken[line, np.argmax(found, axis=1)] = True
    order = np.argsort(taken, axis=1, kind="stable")
    rest = np.take_along_axis(packs, order, axis=1)
    rest[:, size - kept.shape[1]:] = kept
    return rest
