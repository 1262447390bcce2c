"""Group commits of a web server: nothing is shown that is not stored.

The events applied in memory during one turn of the event loop wait in a :class:`Batch` with
the messages they produced; at the end of the turn :class:`GroupCommit` writes the events to
the database in one transaction and only then delivers the messages and runs what was deferred
until then. A failed write delivers nothing: the batch goes to the ``on_failure`` handler
(the manager rebuilds the rooms from the database).

>>> from bragkit.web.events import Event
>>> from bragkit.web.store import Store
>>> store = Store("sqlite://")
>>> store.create_table("t1", config={}, secret=bytes(32), host_hash="h")
>>> commits = GroupCommit(store, on_failure=lambda batch: None)
>>> done = []
>>> commits.batch().rows.append(("t1", 1, Event(kind="start"), "playing"))
>>> commits.defer(lambda: done.append(commits.seq("t1")))
>>> done                      # not stored yet: nothing happened
[]
>>> commits.flush(); done
[1]
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bragkit.web.events import Event
from bragkit.web.store import Store, StoreConflict, StoreError

if TYPE_CHECKING:
    from bragkit.web.connection import Connection

__all__ = ["Batch", "GroupCommit"]

log = logging.getLogger("bragkit.web")


class Batch:
    """The events applied in memory but not yet stored, and what to send once they are: the
    ``rows`` to store (table id, event number, event, status), the ``deliveries`` (connection,
    text), the actions deferred ``after`` them, the ``senders`` of commands (connection,
    command id) to tell if the write fails, and the commands themselves (``retries``: connection,
    message, attempt) to check again if another server process wrote first (``conflict``)."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, int, Event, str]] = []
        self.deliveries: list[tuple[Connection, str]] = []
        self.after: list[Callable[[], None]] = []
        self.senders: list[tuple[Connection, str | None]] = []
        self.retries: list[tuple[Connection, Any, int]] = []
        self.conflict = False


class GroupCommit:
    """The write path of a server (see the module docstring): :attr:`committed` holds the last
    event number stored of each table."""

    def __init__(self, store: Store, *, on_failure: Callable[[Batch], None],
                 on_stored: Callable[[list[tuple[str, int, Event, str]]], None] | None = None,
                 ) -> None:
        self.store = store
        self.committed: dict[str, int] = {}
        self._on_failure = on_failure
        #: told the rows of each batch once it is stored (a cluster's fan-out)
        self.on_stored = on_stored
        #: told them too, after it (the players' history: :mod:`bragkit.web.history`)
        self.listeners: list[Callable[[list[tuple[str, int, Event, str]]], None]] = []
        self._pending: Batch | None = None

    def seq(self, table_id: str) -> int:
        """The last event of a table that is stored (0: none)."""
        return self.committed.get(table_id, 0)

    def batch(self) -> Batch:
        """The batch of the loop's turn (without a running loop, call :meth:`flush`)."""
        if self._pending is None:
            self._pending = Batch()
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_soon(self.flush)
        return self._pending

    def waiting(self, table_id: str) -> bool:
        """Whether events of a table wait to be stored."""
        pending = self._pending
        return pending is not None and any(row[0] == table_id for row in pending.rows)

    def defer(self, action: Callable[[], None]) -> None:
        """Run ``action`` once every event applied so far is stored (at once if none waits)."""
        if self._pending is not None:
            self._pending.after.append(action)
        else:
            action()

    def flush(self) -> None:
        """Store the events applied so far and deliver their messages now (normally done by
        the event loop at the end of each turn)."""
        pending = self._pending
        if pending is None:
            return
        self._pending = None
        if pending.rows:
            try:
                self.store.append_many(pending.rows)
            except StoreConflict as error:  # another process wrote first: catch up, retry
                log.info("another process stored first: %s", error)
                pending.conflict = True
                self._on_failure(pending)
                return
            except StoreError as error:
                log.error("could not store %d events: %s", len(pending.rows), error)
                self._on_failure(pending)
                return
            for table_id, seq, _, _ in pending.rows:
                self.committed[table_id] = max(self.committed.get(table_id, 0), seq)
            if self.on_stored is not None:
                self.on_stored(pending.rows)
            for listener in self.listeners:
                listener(pending.rows)
        for conn, text in pending.deliveries:
            conn.push(text)
        for action in pending.after:
            action()
