"""Several ``bragkit serve`` processes serving the same tables: :class:`Cluster`, over Redis.

The single truth is the tables' event log in the shared database (PostgreSQL): every process
appends a table's events with their numbers under the log's uniqueness constraint, so two
processes can never both store event *n*; the one that loses catches up and checks its
command again (:meth:`TableManager.catch_up <bragkit.web.tables.TableManager.catch_up>`).
Redis adds the two things a database does not do well:

- **Fan-out.** After each group commit a process publishes each event it stored (its table,
  number and content, as JSON) on the channel ``PREFIX:events``; every other process that has
  the table in memory, one event behind, applies it and sends it to its own connections; one
  further behind reads what it lacks from the database. A notice is only a hint: a process
  that misses one (it was restarting, the notice was lost with a dying publisher) catches up
  at the next notice, at each ``hello``, and when it takes a lease. Redis pub/sub
  rather than PostgreSQL's LISTEN/NOTIFY: a NOTIFY takes a database-wide lock at commit (it
  serialises every committing transaction that notifies), and each listener holds a connection
  of its own; the log's numbers already make lost or reordered notices harmless.
- **Leases.** Each table's bots, turn timers and deals run in exactly one process: the holder
  of the key ``PREFIX:lease:TABLE`` (``SET NX PX``, renewed every third of its life by a
  compare-and-set script). When the holder dies its lease runs out and another process that
  has the table takes it over (within :attr:`lease_seconds` and one renewal period), catching
  up from the database first. A process that loses a lease stops the table's wake-ups; an
  event a stale holder still makes conflicts with the log and is dropped. The process that
  makes a table (the lobby's, a league night's) takes its lease at once (:meth:`Cluster.claim`).

Every open table is loaded by every process (at start and every few seconds), so a table
whose players all left a dead process still has its bots and timers run by another; at the
same time each process compares its tables with the log and catches up any it is behind on
(a notice lost with its dying publisher).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import os
import secrets
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bragkit.web.events import Event

if TYPE_CHECKING:
    from bragkit.web.tables import TableManager

__all__ = ["Cluster", "cluster_prefix"]

log = logging.getLogger("bragkit.web")

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


def cluster_prefix(database_url: str) -> str:
    """The Redis key prefix of the processes sharing a database: one per database, so clusters
    on different databases (or test runs) never mix.

    >>> cluster_prefix("postgresql+psycopg://postgres@127.0.0.1/a") != cluster_prefix(
    ...     "postgresql+psycopg://postgres@127.0.0.1/b")
    True
    """
    return "bragkit:" + hashlib.sha256(database_url.encode()).hexdigest()[:12]


class Cluster:
    """This process's part in a cluster (see the module docstring): ``url`` is Redis's,
    ``prefix`` the keys' and channel's prefix (:func:`cluster_prefix`)."""

    def __init__(self, url: str, *, prefix: str, lease_seconds: float = 2.0,
                 scan_seconds: float = 2.0) -> None:
        self.url = url
        self.prefix = prefix
        self.node = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.lease_seconds = lease_seconds
        self.scan_seconds = scan_seconds
        self.channel = f"{prefix}:events"
        self._held: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._outbox: list[str] = []
        self._ready = asyncio.Event()
        self._manager: TableManager | None = None
        self._redis: Any = None
        self._pubsub: Any = None
        self._renew: Any = None
        self._release: Any = None

    def holds(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and timers now."""
        return table_id in self._held

    @property
    def redis(self) -> Any:
        """The async Redis client, once :meth:`start` connected it (else None): the shared
        limits and table list use it too (:mod:`bragkit.web.buckets`,
        :mod:`bragkit.web.directory`)."""
        return self._redis

    @property
    def held(self) -> frozenset[str]:
        """The tables whose lease this process holds."""
        return frozenset(self._held)

    async def start(self, manager: TableManager) -> None:
        """Connect to Redis, listen for other processes' events and start taking leases."""
        import redis.asyncio as aioredis

        self._manager = manager
        self._redis = aioredis.from_url(self.url)
        await self._redis.ping()
        self._renew = self._redis.register_script(_RENEW)
        self._release = self._redis.register_script(_RELEASE)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel)
        manager.cluster = self
        manager.commits.on_stored = self.published
        self._spawn(self._publisher())
        self._spawn(self._listen())
        self._spawn(self._leases())
        self._spawn(self._scans())

    async def stop(self) -> None:
        """Stop listening and give every lease back (another process takes them at once)."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._redis is not None:
            for table_id in list(self._held):
                with contextlib.suppress(Exception):
                    await self._release(keys=[self._lease_key(table_id)], args=[self.node])
            self._held.clear()
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    async def claim(self, table_id: str) -> bool:
        """Take the lease of a table this process just made, if nobody holds it (whether this
        process holds it now): a table runs where it was made, rather than wherever a lease
        round happens to take it first (on failure the next round takes it, logged)."""
        if self._redis is None or table_id in self._held:
            return table_id in self._held
        try:
            taken = await self._redis.set(self._lease_key(table_id), self.node, nx=True,
                                          px=int(self.lease_seconds * 1000))
        except Exception as error:
            log.warning("cluster: could not claim table %s (%s)", table_id, error)
            return False
        if taken:
            self._held.add(table_id)
            log.info("cluster: %s runs table %s, which it made", self.node, table_id)
        return table_id in self._held

    def published(self, rows: list[tuple[str, int, Event, str]]) -> None:
        """Tell the other processes the events this one just stored (in the order stored:
        one publisher sends them, so no notice overtakes another)."""
        if self._redis is None:
            return
        self._outbox.extend(json.dumps({"node": self.node, "table": table_id, "seq": seq,
                                        "kind": event.kind, "data": dict(event.data),
                                        "client_id": event.client_id,
                                        "principal": event.principal}, separators=(",", ":"))
                            for table_id, seq, event, _ in rows)
        self._ready.set()

    async def _publisher(self) -> None:
        while True:
            await self._ready.wait()
            self._ready.clear()
            notices, self._outbox = self._outbox, []
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for notice in notices:
                        pipe.publish(self.channel, notice)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the others catch up at the next notice or scan
                log.warning("cluster: could not publish %d event notices: %s", len(notices),
                            error)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _lease_key(self, table_id: str) -> str:
        return f"{self.prefix}:lease:{table_id}"

    # -- fan-out --------------------------------------------------------------------------------

    async def _listen(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("cluster: lost Redis (%s); retrying", error)
                await asyncio.sleep(1.0)
                continue
            if message is None or message.get("type") != "message":
                continue
            self._guard(functools.partial(self._notice, message["data"]))

    def _notice(self, data: bytes | str) -> None:
        manager = self._manager
        assert manager is not None
        notice = json.loads(data)
        if notice["node"] == self.node:
            return
        event = Event(kind=notice["kind"], data=notice["data"], client_id=notice["client_id"],
                      principal=notice["principal"])
        manager.apply_stored(notice["table"], int(notice["seq"]), event)

    @staticmethod
    def _guard(work: Callable[[], object]) -> None:
        try:
            work()
        except Exception as error:  # one table's trouble must not stop the cluster's loops
            log.error("cluster: %s: %s", type(error).__name__, error)

    # -- leases ---------------------------------------------------------------------------------

    async def _leases(self) -> None:
        while True:
            try:
                await self._tend()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("cluster: could not tend leases (%s)", error)
                self._lose(set(self._held))
            await asyncio.sleep(self.lease_seconds / 3)

    async def _scans(self) -> None:
        while True:  # apart from the leases: a slow database must not delay a renewal
            try:
                await self._scan()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.error("cluster: %s: %s", type(error).__name__, error)
            await asyncio.sleep(self.scan_seconds)

    async def _scan(self) -> None:
        """:meth:`reconcile`, its queries in a worker thread (the event loop goes on)."""
        manager = self._manager
        assert manager is not None
        store = manager.store
        open_ids, last = await asyncio.to_thread(
            lambda: (store.open_tables(), store.last_events()))
        self.reconcile(manager, open_ids, last)

    @staticmethod
    def reconcile(manager: TableManager, open_ids: list[str] | None = None,
                  last: dict[str, int] | None = None) -> None:
        """Load every open table a process does not have yet (its lease may be needed), and
        catch up any table whose notice was lost (its publisher died after storing; a table
        closed in the log but open here too); given ``open_ids`` and ``last`` (the log's last
        event of each table), or reading them."""
        store = manager.store
        open_ids = store.open_tables() if open_ids is None else open_ids
        for table_id in open_ids:
            if table_id not in manager.rooms:
                manager.room(table_id)
        still = set(open_ids)  # closed in the log, open here: the close's notice was lost
        for table_id in [t for t, room in manager.rooms.items()
                         if room.status != "closed" and t not in still]:
            manager.catch_up(table_id)
        for table_id, seq in (store.last_events() if last is None else last).items():
            room = manager.rooms.get(table_id)
            if room is not None and room.seq < seq:
                manager.catch_up(table_id)

    async def _tend(self) -> None:
        """Renew the leases held, drop those lost, and try to take every other open table's
        (one round trip to Redis for each: a pipeline, however many tables)."""
        manager = self._manager
        assert manager is not None
        ttl = int(self.lease_seconds * 1000)
        held = sorted(self._held)
        if held:
            async with self._redis.pipeline(transaction=False) as pipe:
                for table_id in held:
                    await self._renew(keys=[self._lease_key(table_id)], args=[self.node, ttl],
                                      client=pipe)
                renewed = await pipe.execute()
            self._lose({t for t, ok in zip(held, renewed, strict=True) if not ok})
        closed = [t for t in self._held if manager.rooms.get(t) is None
                  or manager.rooms[t].status == "closed"]
        for table_id in closed:
            await self._release(keys=[self._lease_key(table_id)], args=[self.node])
        self._lose(set(closed))
        wanted = [t for t, room in manager.rooms.items()
                  if t not in self._held and room.status != "closed"]
        if not wanted:
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for table_id in wanted:
                pipe.set(self._lease_key(table_id), self.node, nx=True, px=ttl)
            taken = await pipe.execute()
        for table_id, ok in zip(wanted, taken, strict=True):
            if ok:
                self._held.add(table_id)
                log.info("cluster: %s runs table %s", self.node, table_id)
                self._guard(functools.partial(self._take, table_id))

    def _take(self, table_id: str) -> None:
        manager = self._manager
        assert manager is not None
        room = manager.catch_up(table_id)
        if room is not None:
            manager.plan(room)

    def _lose(self, tables: set[str]) -> None:
        manager = self._manager
        for table_id in tables:
            self._held.discard(table_id)
            if manager is not None:
                manager.scheduler.cancel(table_id)
