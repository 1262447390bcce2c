"""The log of a :class:`~bragkit.session.Session`: :class:`EventLog`, every event in order, kept
as packed rows (:mod:`bragkit.packed`) so that a finished deal costs a long session a few dozen
bytes, not the objects of its events.

The events since the last deal started are kept as they were appended too (a table reads them
after every action); older ones are read back from their rows, equal to what was appended
(:func:`~bragkit.session_events.row_event`). An event whose text holds a row's separator (none
a session accepts does) is kept as it is.

>>> from bragkit.session_events import DealStarted, Joined
>>> log = EventLog()
>>> first = Joined(player="Ann", amount=20)
>>> log.append(first)
>>> log.append(DealStarted(number=1, dealer="Ann", seed=7))
>>> len(log), log[0] == first, log[0] is first, log[1] is log[-1]
(2, True, False, True)
>>> [str(event) for event in log.since(1)]
['deal 1 by Ann seed 7']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from bragkit.packed import PackedRows
from bragkit.session_events import (
    DealEnded,
    DealStarted,
    GameNamed,
    Joined,
    Kept,
    Left,
    Lent,
    Played,
    PotShared,
    Repaid,
    SessionEvent,
    ToppedUp,
    event_row,
    row_event,
)

__all__ = ["EventLog", "RecentEvents"]

#: The kind of event each row's first letter stands for (session_events.event_row).
_KINDS: dict[str, type] = {"P": Played, "D": DealStarted, "E": DealEnded, "J": Joined,
                           "T": ToppedUp, "L": Left, "N": Lent, "R": Repaid, "K": Kept,
                           "S": PotShared, "G": GameNamed}


class EventLog(Sequence[SessionEvent]):
    """A session's events in order, packed (see the module docstring)."""

    __slots__ = ("_live", "_live_from", "_odd", "_rows")

    def __init__(self) -> None:
        self._rows = PackedRows(block=512)
        self._odd: dict[int, SessionEvent] = {}  # events that have no row
        self._live: list[SessionEvent] = []  # the events from index _live_from, as appended
        self._live_from = 0

    def append(self, event: SessionEvent) -> None:
        """Add ``event`` at the end."""
        index = len(self._rows)
        row = event_row(event)
        if row is None:
            self._odd[index] = event
            row = "!"
        if isinstance(event, DealStarted):  # the last deal's events are rows only from now
            self._live = []
            self._live_from = index
        self._rows.append(row)
        self._live.append(event)

    def extend(self, events: Sequence[SessionEvent]) -> None:
        """Add ``events`` at the end, in order, as :meth:`append` would each: their rows packed
        at once (a deal's actions, when its record is read) up to a deal's start, if any.

        >>> from bragkit.session_events import Joined
        >>> log = EventLog()
        >>> log.extend([Joined(player="Ann", amount=20), Joined(player="Bob", amount=9)])
        >>> [str(event) for event in log]
        ['Ann joins 20', 'Bob joins 9']
        """
        index = len(self._rows)
        rows: list[str] = []
        for event in events:
            if isinstance(event, DealStarted):  # the live part starts there: one at a time
                break
            row = event_row(event)
            if row is None:
                self._odd[index + len(rows)] = event
                row = "!"
            rows.append(row)
        done = len(rows)
        self._rows.extend(rows)
        self._live += events[:done]
        for event in events[done:]:
            self.append(event)

    def __len__(self) -> int:
        return len(self._rows)

    def _event(self, index: int, row: str) -> SessionEvent:
        return self._odd[index] if row == "!" else row_event(row)

    @overload
    def __getitem__(self, index: int) -> SessionEvent: ...

    @overload
    def __getitem__(self, index: slice) -> list[SessionEvent]: ...

    def __getitem__(self, index: int | slice) -> SessionEvent | list[SessionEvent]:
        size = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(size)
            return [self[i] for i in range(start, stop, step)]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("event index out of range")
        if index >= self._live_from:
            return self._live[index - self._live_from]
        return self._event(index, self._rows[index])

    def since(self, start: int) -> list[SessionEvent]:
        """The events from index ``start`` on."""
        return list(self.iter_from(start))

    def iter_from(self, start: int) -> Iterator[SessionEvent]:
        """The events from index ``start`` on, read a block of rows at a time."""
        start = max(start, 0)
        live = self._live_from
        if start < live:
            for index, row in enumerate(self._rows.rows_from(start, live), start):
                yield self._event(index, row)
        yield from self._live[max(start - live, 0):]

    def __iter__(self) -> Iterator[SessionEvent]:
        return self.iter_from(0)

    def of_kinds(self, kinds: tuple[type, ...], start: int = 0
                 ) -> Iterator[tuple[int, SessionEvent]]:
        """The events of ``kinds`` from index ``start`` on, with their indices: the rows of
        other kinds are passed over unread (a deal's actions, when a reader wants its end)."""
        letters = {letter for letter, kind in _KINDS.items() if issubclass(kind, kinds)}
        live = self._live_from
        start = max(start, 0)
        if start < live:
            for index, row in enumerate(self._rows.rows_from(start, live), start):
                if row[0] in letters or (row == "!" and isinstance(self._odd[index], kinds)):
                    yield index, self._event(index, row)
        for index in range(max(start, live), len(self)):
            event = self._live[index - live]
            if isinstance(event, kinds):
                yield index, event


class RecentEvents(EventLog):
    """A session's events counted, and only those since the last deal started kept (as
    appended): the log of a session replayed only to check a record, whose events nobody reads
    back (:meth:`Session.keep_recent_events <bragkit.session.Session.keep_recent_events>`).
    Reading an older one is a :class:`LookupError`.

    >>> from bragkit.session_events import DealStarted, Joined
    >>> log = RecentEvents(2)  # two events before, not kept
    >>> log.append(DealStarted(number=1, dealer="Ann", seed=7))
    >>> log.extend([Joined(player="Cy", amount=5)])
    >>> len(log), [str(event) for event in log.since(2)], str(log[-1])
    (4, ['deal 1 by Ann seed 7', 'Cy joins 5'], 'Cy joins 5')
    >>> log[1]
    Traceback (most recent call last):
    ...
    LookupError: event 1 was counted, not kept
    """

    __slots__ = ("_count",)

    def __init__(self, count: int = 0) -> None:
        super().__init__()
        self._count = count
        self._live_from = count

    def append(self, event: SessionEvent) -> None:
        """Add ``event`` at the end."""
        if isinstance(event, DealStarted):  # the last deal's events are counted only from now
            self._live = []
            self._live_from = self._count
        self._count += 1
        self._live.append(event)

    def extend(self, events: Sequence[SessionEvent]) -> None:
        """Add ``events`` at the end, in order."""
        if any(isinstance(event, DealStarted) for event in events):
            for event in events:
                self.append(event)
            return
        self._live += events
        self._count += len(events)

    def __len__(self) -> int:
        return self._count

    def _event(self, index: int, row: str) -> SessionEvent:
        raise LookupError(f"event {index} was counted, not kept")

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, int) and 0 <= (index + self._count if index < 0 else index) < (
                self._live_from):
            self._event(index + self._count if index < 0 else index, "")
        return super().__getitem__(index)

    def iter_from(self, start: int) -> Iterator[SessionEvent]:
        """The events from index ``start`` on (:class:`LookupError` before the last deal's)."""
        if start < self._live_from:
            self._event(max(start, 0), "")
        yield from self._live[start - self._live_from:]

    def of_kinds(self, kinds: tuple[type, ...], start: int = 0
                 ) -> Iterator[tuple[int, SessionEvent]]:
        """The events of ``kinds`` from index ``start`` on (:class:`LookupError` before the last
        deal's)."""
        for index, event in enumerate(self.iter_from(start), start):
            if isinstance(event, kinds):
                yield index, event
