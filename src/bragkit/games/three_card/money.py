"""The chips of a three-card deal: :class:`Money` (rules D2, B5, BL3, M1-M4).

Each seat's stack, the pot in layers (one per cover, M2: the last is the one being bet into),
who covered, each seat's top-ups (M1) and the pot carried in from the last deal (BL3).
``sum(stacks) + pot`` is always what was brought in.

>>> money = Money([9, 9, 9], pot=3, carried_in=0)
>>> money.pay(0, 2); money.cover(1, 9); money.pay(2, 2)
>>> money.pots, money.pot, money.stacks
([14, 2], 16, [7, 0, 7])
>>> money.lender(2, 5, order=(1, 2, 0), pair=-1)   # rule M4: the richest other player lends
0
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Money"]

class Money:
    """The chips of one deal (see the module docstring): ``stacks`` after the antes (D2),
    ``pot`` chips in the middle (carried pot and antes), ``carried_in`` the pot carried from
    the last deal (BL3).

    Who covered and the top-ups are tuples, replaced when they change: most deals have
    neither (no top-ups: an empty tuple; then one amount per seat), so a deal makes neither
    (a deal is made thousands of times a second)."""

    __slots__ = ("carried_in", "coverers", "pots", "stacks", "topups")

    def __init__(self, stacks: list[int], pot: int, carried_in: int) -> None:
        self.stacks = stacks
        self.pots = [pot]  # rule M2: one layer per cover, the last being bet into
        self.carried_in = carried_in
        self.coverers: tuple[int, ...] = ()  # rule M2, in the order they covered
        self.topups: tuple[int, ...] = ()  # rule M1: each seat's top-ups this deal, if any

    @property
    def pot(self) -> int:
        """All the chips in the middle: every layer."""
        return sum(self.pots)

    def pay(self, seat: int, amount: int) -> None:
        """``seat`` puts ``amount`` into the pot being bet into."""
        self.stacks[seat] -= amount
        self.pots[-1] += amount

    def top_up(self, seat: int, amount: int) -> None:
        """Rule M1: ``seat`` brings ``amount`` more to the table."""
        self.stacks[seat] += amount
        topups = list(self.topups or (0,) * len(self.stacks))
        topups[seat] += amount
        self.topups = tuple(topups)

    def lend(self, lender: int, borrower: int, amount: int) -> None:
        """Rule M4: ``lender`` lends ``borrower`` ``amount``."""
        self.stacks[lender] -= amount
        self.stacks[borrower] += amount

    def cover(self, seat: int, amount: int) -> None:
        """Rule M2: ``seat`` puts in their whole stack, ``amount``; the others bet into a new
        pot."""
        self.pay(seat, amount)
        self.coverers += (seat,)
        self.pots.append(0)

    def lender(self, seat: int, amount: int, *, order: Sequence[int], pair: int) -> int:
        """Who lends ``amount`` to ``seat`` (rule M4 [decision]), or -1: with two betting,
        ``pair``, the other of the two; otherwise the richest other player at the table, the
        first of ``order`` (from the dealer's left) on a tie."""
        stacks = self.stacks
        if pair >= 0:
            return pair if stacks[pair] >= amount else -1
        best = -1
        for other in order:
            if other != seat and stacks[other] >= amount and (
                    best < 0 or stacks[other] > stacks[best]):
                best = other
        return best

    def settle(self, awards: Sequence[tuple[int, int]], carried: int) -> None:
        """The pot is paid out as ``awards`` (seat, chips); ``carried`` is carried forward
        (BL3) and is all that is left in the middle."""
        stacks = self.stacks
        for seat, amount in awards:
            stacks[seat] += amount
        self.pots = [carried]

    def topped_up(self, names: Sequence[str]) -> dict[str, int]:
        """Rule M1: each seat's top-ups this deal, by name (those who topped up)."""
        topups = self.topups
        return {names[s]: t for s, t in enumerate(topups) if t} if any(topups) else {}
