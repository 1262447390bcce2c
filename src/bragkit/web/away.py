"""Sitting out and coming back, and handing the host role on: :class:`Away`.

A seated player may **sit out**: from the next deal on (at once, between deals) they are dealt
no cards, keep their seat and their chips, and come back when they say so (dealt in from the
next deal). The engine knows only players at its table, so sitting out takes the player off the
:class:`~bragkit.session.Session` with their whole stack (its ledger carries on their account:
their net is unchanged, M1) and coming back seats them again with that stack, in their seat's
place clockwise (D3). A table needs two players who are not sitting out to deal (D1).

The host may **hand the host role** to a seated person: from then on the host is whoever holds
that seat's token (the host link of before no longer gives host powers).

>>> away = Away()
>>> away.wants_out("Ann"), away.is_out("Ann")
(False, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bragkit.session import Session
    from bragkit.web.seats import Seats

__all__ = ["Away", "Seated"]


class Seated(Protocol):
    """What sitting out reads of a room (:class:`bragkit.web.room.Room`, which imports this
    module): its table's session, whether a deal is on, and who sits where."""

    @property
    def table(self) -> Session | None:
        """The table's session (None before the first deal)."""
        ...

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        ...

    @property
    def seating(self) -> Seats:
        """Who sits where."""
        ...


class Away:
    """Who sits out (and with what stack, once off the table), who wants to come back."""

    def __init__(self) -> None:
        self.wanted: set[str] = set()  # sitting out now, or from the end of this deal
        self.out: dict[str, int] = {}  # off the session, with their stack

    def wants_out(self, name: str) -> bool:
        """Whether ``name`` sits out (or will, at the end of the deal)."""
        return name in self.wanted

    def is_out(self, name: str) -> bool:
        """Whether ``name`` is off the table's session (dealt no cards)."""
        return name in self.out

    def apply(self, room: Seated, name: str, away: bool) -> list[str]:
        """``name`` sits out (``away``) or comes back; the lines for the log."""
        if away:
            self.wanted.add(name)
            if room.table is None or room.in_deal:
                return [f"{name} sits out from the next deal"]
            return self.settle(room)
        self.wanted.discard(name)
        if name not in self.out:
            return [f"{name} is back"]
        if room.in_deal:
            return [f"{name} is back from the next deal"]
        return self.settle(room)

    def settle(self, room: Seated) -> list[str]:
        """Between deals: take those sitting out off the session, and seat those back."""
        table = room.table
        if table is None or room.in_deal:
            return []
        lines = []
        for name in sorted(self.wanted):
            if name in table.seats:
                self.out[name] = table.leave(name)
                lines.append(f"{name} sits out")
        for name in sorted(n for n in self.out if n not in self.wanted):
            seat = room.seating.by_name(name)
            stack = self.out.pop(name)
            if seat is None:
                continue
            table.join(name, stack, after=room.seating.place(seat, table.seats))
            lines.append(f"{name} is back with {stack}")
        return lines

    def forget(self, name: str) -> int | None:
        """``name`` leaves the table: their stack if they were off the session (to cash out)."""
        self.wanted.discard(name)
        return self.out.pop(name, None)
