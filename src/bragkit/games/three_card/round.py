"""The betting round of a three-card deal: :class:`Round` (rules B2-B8, M2, R3).

Who is still betting, who covered (M2) or folded (B2), whose turn it is (B4: round to the left),
the stake in open terms (B3, BL1), whether the first bet is made (B6, BL5), who has agreed to a
showdown (B8: until the betting moves on) and who must still make their first decision against
a face-up hand (R3).

>>> betting = Round(3, order=(1, 2, 0))
>>> betting.to_act, betting.fold_seat(1), betting.next_turn(1), betting.to_act
(1, None, None, 2)
>>> betting.other_betting(2), betting.n_betting
(0, 2)
"""

from __future__ import annotations

from typing import Final

__all__ = ["BETTING", "COVERED", "FOLDED", "Round"]

# A seat's status
BETTING: Final = 0
FOLDED: Final = 1
COVERED: Final = 2

#: Everyone betting, by the number of seats: each round copies it (half the cost of building).
_ALL_BETTING: dict[int, list[int]] = {}
#: The gate of a deal without a face-up hand (R3): empty, shared, and never added to (a fold or
#: a stay-in only discards from the gate).
_NO_GATE: Final[set[int]] = set()


class Round:
    """The betting of one deal among ``n`` seats; ``order`` is the seats from the dealer's
    left (B2: the first of them acts first)."""

    __slots__ = ("agreed", "bet_made", "gate", "n_betting", "order", "stake", "status", "to_act")

    def __init__(self, n: int, order: tuple[int, ...]) -> None:
        self.order = order
        status = _ALL_BETTING.get(n)
        if status is None:
            status = _ALL_BETTING[n] = [BETTING] * n
        self.status = status.copy()
        self.n_betting = n
        self.stake = 0  # rules B3, BL1: in open terms, 0 before the first bet
        self.bet_made = False
        self.to_act = order[0]  # rule B2: betting starts at the dealer's left
        self.agreed: list[int] = []  # rule B8: who agreed to a showdown, until betting moves on
        self.gate: set[int] = _NO_GATE  # rule R3: who must first beat the face-up hand

    def next_turn(self, seat: int) -> None:
        """Rule B4: the turn goes round to the left, to the next seat still betting."""
        status = self.status
        n = len(status)
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            if status[seat] == BETTING:
                self.to_act = seat
                return
        raise AssertionError("no one left to act")  # pragma: no cover

    def other_betting(self, seat: int) -> int:
        """The first other seat still betting, from the dealer's left."""
        status = self.status
        for other in self.order:
            if other != seat and status[other] == BETTING:
                return other
        raise AssertionError("no other player is betting")  # pragma: no cover

    def fold_seat(self, seat: int) -> None:
        """Rule B2: ``seat`` is out."""
        self.status[seat] = FOLDED
        self.n_betting -= 1
        if self.gate:
            self.gate.discard(seat)

    def cover_seat(self, seat: int) -> None:
        """Rule M2: ``seat``'s cards lie on the pot; they bet no more."""
        self.status[seat] = COVERED
        self.n_betting -= 1
