"""The list of open public tables, ``GET /api/tables``: :class:`TableDirectory`, one small
interface with two places behind it.

- :class:`MemoryDirectory` lists the tables of this process's memory (one ``bragkit serve``:
  it holds every table; the default);
- :class:`RedisDirectory` lists a cluster's tables from Redis, so every process answers with
  every process's tables (:mod:`bragkit.web.cluster`). Each listed table is a key
  ``PREFIX:listing:TABLE`` holding its entry (:func:`~bragkit.web.lobby.listing`, as JSON) with
  an expiry (:attr:`RedisDirectory.ttl`, 10 s), and its id is in the set ``PREFIX:listed``. The
  process that makes a table lists it before answering (the maker's next request, to any
  process, sees it); the process that stores a table's events writes its entry (or removes it:
  closed) just after; and every lease holder rewrites its tables' entries every
  :attr:`RedisDirectory.refresh` seconds, so an entry a dying process left wrong is put right
  within that, and one whose table nobody holds (closed) expires. A reader drops the ids whose
  key expired. If Redis cannot be reached, a process lists its own memory (logged).

>>> import asyncio
>>> from bragkit.web.room import Room, TableConfig
>>> rooms = {"t1": Room(table_id="t1", config=TableConfig(public=True, seats=4),
...                     secret=bytes(32), host_hash="h")}
>>> [entry["id"] for entry in asyncio.run(MemoryDirectory(rooms).listed())]
['t1']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from bragkit.web.events import Event
from bragkit.web.lobby import listing, ordered, public_tables
from bragkit.web.room import Room

__all__ = ["MemoryDirectory", "RedisDirectory", "TableDirectory"]

log = logging.getLogger("bragkit.web")


class TableDirectory(Protocol):
    """Where ``GET /api/tables`` reads the open public tables (see the module docstring)."""

    async def listed(self) -> list[dict[str, Any]]:
        """The open public tables, as the front page shows them."""
        ...

    async def added(self, table_id: str) -> None:
        """A table was just made in this process: list it (if public) before answering."""
        ...


class MemoryDirectory:
    """The tables in this process's ``rooms`` (the table manager's)."""

    def __init__(self, rooms: Mapping[str, Room]) -> None:
        self.rooms = rooms

    async def listed(self) -> list[dict[str, Any]]:
        """See :meth:`TableDirectory.listed`."""
        return public_tables(self.rooms.values())

    async def added(self, table_id: str) -> None:
        """Nothing to do: the room is in memory."""


class RedisDirectory:
    """A cluster's tables in Redis (see the module docstring): ``redis`` gives the cluster's
    async client (None before it connects), ``prefix`` its key prefix, ``rooms`` this
    process's rooms and ``held`` the tables whose lease it holds."""

    def __init__(self, redis: Callable[[], Any], *, prefix: str, rooms: Mapping[str, Room],
                 held: Callable[[], Iterable[str]], refresh: float = 2.0,
                 ttl: float = 10.0) -> None:
        self.redis = redis
        self.prefix = prefix
        self.rooms = rooms
        self.held = held
        self.refresh = refresh
        self.ttl = ttl
        self.set_key = f"{prefix}:listed"
        self._dirty: set[str] = set()
        self._written: dict[str, str | None] = {}  # what this process wrote last of each
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def key(self, table_id: str) -> str:
        """The key of a table's entry."""
        return f"{self.prefix}:listing:{table_id}"

    async def listed(self) -> list[dict[str, Any]]:
        """See :meth:`TableDirectory.listed`."""
        client = self.redis()
        try:
            if client is None:
                raise ConnectionError("not connected yet")
            ids = sorted(value.decode() for value in await client.smembers(self.set_key))
            values = await client.mget([self.key(t) for t in ids]) if ids else []
        except Exception as error:
            log.warning("directory: Redis cannot be reached (%s): listing this process's "
                        "tables", error)
            return public_tables(self.rooms.values())
        gone = [table_id for table_id, value in zip(ids, values, strict=True) if value is None]
        if gone:
            with contextlib.suppress(Exception):
                await client.srem(self.set_key, *gone)
        return ordered(json.loads(value) for value in values if value is not None)

    async def added(self, table_id: str) -> None:
        """See :meth:`TableDirectory.added`."""
        with contextlib.suppress(Exception):  # else the next refresh lists it
            await self.write([table_id])

    def stored(self, rows: Sequence[tuple[str, int, Event, str]]) -> None:
        """This process stored events (a group commit's listener): write their tables'
        entries soon (never raises)."""
        self._dirty.update(row[0] for row in rows)
        self._wake.set()

    async def write(self, table_ids: Iterable[str], *, changed_only: bool = False) -> None:
        """Write the entries of these tables from this process's rooms (one round trip);
        ``changed_only``: those whose entry differs from what this process wrote last (most
        events change no entry; the refresh rewrites every entry, to keep it from expiring,
        but not the absence of a private table's)."""
        client = self.redis()
        if client is None:
            return
        ttl = int(self.ttl * 1000)
        written: dict[str, str | None] = {}
        async with client.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                room = self.rooms.get(table_id)
                entry = None if room is None else listing(room)
                text = None if entry is None else json.dumps(entry, separators=(",", ":"))
                if table_id in self._written and self._written[table_id] == text and (
                        changed_only or text is None):  # a refresh: only entries expire
                    continue
                written[table_id] = text
                if text is None:
                    pipe.delete(self.key(table_id))
                    pipe.srem(self.set_key, table_id)
                else:
                    pipe.set(self.key(table_id), text, px=ttl)
                    pipe.sadd(self.set_key, table_id)
            if written:
                await pipe.execute()
        for table_id, text in written.items():
            room = self.rooms.get(table_id)
            if room is None or room.status == "closed":
                self._written.pop(table_id, None)  # no more events: forget it
            else:
                self._written[table_id] = text

    def start(self) -> None:
        """Start writing entries (the changed ones at once, the held ones every
        :attr:`refresh` seconds)."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop writing."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        due = loop.time()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, due - loop.time()))
            self._wake.clear()
            tables, self._dirty = self._dirty, set()
            refresh = loop.time() >= due
            if refresh:
                tables |= set(self.held())
                due = loop.time() + self.refresh
            if not tables:
                continue
            try:
                await self.write(sorted(tables), changed_only=not refresh)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the next refresh writes them again
                log.warning("directory: could not write %d tables' entries (%s)", len(tables),
                            error)
