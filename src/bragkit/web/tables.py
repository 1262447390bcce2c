"""The table manager: every room of the server, its connections, bots, timers and storage.

:class:`TableManager` is the web table's engine room, independent of the web framework: the
Starlette app (:mod:`bragkit.web.app`) hands it each connection's text messages and drains each
:class:`Connection`'s queue into its WebSocket; tests drive it directly.

The order of work is what makes the server durable and fair:

1. a message is parsed (:mod:`bragkit.web.protocol`) and checked by its room
   (:mod:`bragkit.web.room`); a refusal is an ``error`` reply that changes nothing;
2. the event is applied in memory and each connection's message is built from *its* viewer's
   state at that event (rules D8, BL6, T3);
3. the events of one turn of the event loop are written to the database in one transaction
   (a group commit), and only then
4. are the messages delivered. A failed write rebuilds the rooms from the database and tells the
   senders nothing happened: nothing is ever shown that is not stored.

Bots act, turn timers fire and the next deal starts from the same loop (``call_later``), as
events like any other (:mod:`bragkit.web.scheduler`). The manager is made of those parts: the
live rooms and their connections (here), the group commit (:mod:`bragkit.web.commit`), the
wake-ups (:mod:`bragkit.web.scheduler`).

Several processes may serve the same tables (:mod:`bragkit.web.cluster`): an event another
process stored arrives through :meth:`TableManager.apply_stored` (or :meth:`TableManager.catch_up`
reads the log), a write that finds its event number taken rebuilds the room and checks its
commands again, and only the holder of a table's lease runs its wake-ups
(:meth:`TableManager.plan`). Bad input never raises: it is answered (:mod:`bragkit.web.limits`
for the rates and the house cap on top-ups).

>>> import asyncio
>>> from bragkit.web.store import Store
>>> async def demo():
...     manager = TableManager(Store("sqlite://"))
...     table_id, host_token = manager.create_table({"name": "Friday", "deal_pause": 0})
...     conn = manager.connect(table_id)
...     manager.receive(conn, '{"v": 1, "type": "hello", "host": "%s"}' % host_token)
...     await asyncio.sleep(0)
...     return [m["type"] for m in conn.drain()]
>>> asyncio.run(demo())
['welcome', 'sync']
"""


from __future__ import annotations

import functools
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bragkit.web.commit import Batch, GroupCommit
from bragkit.web.connection import Connection
from bragkit.web.limits import ABUSE_CLOSE_CODE, Limits, TokenBucket, check_topups
from bragkit.web.protocol import (
    Act,
    Away,
    Chat,
    ClientMessage,
    Hello,
    Host,
    Leave,
    Ping,
    ProtocolError,
    Resume,
    Seed,
    Sit,
    encode,
    error_message,
    parse_client,
    server_message,
)
from bragkit.web.room import ConfigError, Event, Room, TableConfig, Viewer, token_hash
from bragkit.web.scheduler import FIRST_DEAL_DELAY, Scheduler, make_bot
from bragkit.web.store import Store, StoreError

__all__ = ["FIRST_DEAL_DELAY", "Connection", "Leases", "TableManager", "make_bot"]


class Leases(Protocol):
    """What the table manager asks of the cluster it is part of
    (:class:`bragkit.web.cluster.Cluster`, which imports this module)."""

    def holds(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and timers now."""
        ...


class NameGuard(Protocol):
    """Who may sit under which name beyond one table (the accounts:
    :class:`bragkit.web.accounts.Accounts`)."""

    def check_seat(self, name: str, account: str | None, re: str | None) -> None:
        """Refuse ``name`` (a ``refused`` :class:`ProtocolError`) for a connection signed in as
        ``account`` (None: a guest)."""
        ...


class Tally(Protocol):
    """What the manager reports to an operator's metrics (:class:`bragkit.web.metrics.Metrics`)."""

    def handled(self, kind: str, started: float) -> None:
        """A command of type ``kind``, arrived at ``started`` (``time.perf_counter``), stored."""
        ...

    def refused(self, code: str) -> None:
        """A command refused with the error ``code``."""
        ...


Observer = Callable[["Connection", dict[str, Any]], None]

log = logging.getLogger("bragkit.web")

#: How often a command is checked again after another server process wrote first.
_RETRIES = 8


class TableManager:
    """Every table of a server (see the module docstring). ``store`` is the database;
    ``clock`` the monotonic clock of turn timers; ``bot_factory(kind, config)`` makes bots;
    ``defaults`` are settings every new table starts from (e.g. ``{"deal_pause": 1}``);
    ``limits`` the house's limits among strangers (:class:`~bragkit.web.limits.Limits`)."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.monotonic,
        bot_factory: Callable[[str, TableConfig], Any] = make_bot,
        defaults: Mapping[str, Any] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.limits = limits or Limits()
        self.defaults = dict(defaults or {})
        self.rooms: dict[str, Room] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.observers: list[Observer] = []
        self.commits = GroupCommit(store, on_failure=self._rollback)
        self.scheduler = Scheduler(rooms=self.rooms, commit=self._scheduled, clock=clock,
                                   bot_factory=bot_factory)
        #: the other server processes of a cluster (None: this process is the only one)
        self.cluster: Leases | None = None
        self.names: NameGuard | None = None  # names kept for accounts at every table
        self.tally: Tally | None = None  # the operator's metrics

    # -- tables --------------------------------------------------------------------------------

    def create_table(self, settings: Mapping[str, Any]) -> tuple[str, str]:
        """A new table from its settings (see :meth:`TableConfig.from_dict
        <bragkit.web.config.TableConfig.from_dict>`; a bad one is a
        :class:`~bragkit.web.config.ConfigError`): its id and the host's secret token."""
        config = TableConfig.from_dict({**self.defaults, **settings})
        table_id = secrets.token_urlsafe(6)
        host_token = secrets.token_urlsafe(24)
        secret = secrets.token_bytes(32)
        self.store.create_table(table_id, config=config.to_dict(), secret=secret,
                                host_hash=token_hash(host_token))
        self.rooms[table_id] = Room(table_id=table_id, config=config, secret=secret,
                                    host_hash=token_hash(host_token))
        self.commits.committed[table_id] = 0
        return table_id, host_token

    def room(self, table_id: str) -> Room | None:
        """The room of a table, rebuilt from the database if it is not in memory (None if there
        is no such table)."""
        found = self.rooms.get(table_id)
        if found is not None:
            return found
        stored = self.store.load(table_id)
        if stored is None:
            return None
        try:
            config = TableConfig.from_dict(stored.config)
        except ConfigError as error:  # pragma: no cover - we stored it
            raise StoreError(f"table {table_id}: bad settings: {error}") from None
        room = Room.replay(table_id=table_id, config=config, secret=stored.secret,
                           host_hash=stored.host_hash, events=stored.events)
        self.rooms[table_id] = room
        self.commits.committed[table_id] = room.seq
        return room

    def resume_all(self) -> int:
        """Load every table that is not closed and set its bots, timers and deals going again
        (at start-up, e.g. after a crash). Returns how many."""
        count = 0
        for table_id in self.store.open_tables():
            room = self.room(table_id)
            if room is not None:
                self.plan(room)
                count += 1
        return count

    def shutdown(self) -> None:
        """Stop every timer and close every connection (the database stays as it is)."""
        self.commits.flush()
        self.scheduler.cancel_all()
        for conns in self.connections.values():
            for conn in conns:
                conn.close()

    # -- connections ---------------------------------------------------------------------------

    def connect(self, table_id: str) -> Connection:
        """A new connection to a table; it must say ``hello`` first."""
        limits = self.limits
        conn = Connection(table_id, bucket=TokenBucket(
            rate=limits.messages_per_second, burst=limits.message_burst, clock=self.clock))
        self.connections.setdefault(table_id, set()).add(conn)
        return conn

    def disconnect(self, conn: Connection) -> None:
        """A connection went away."""
        conn.close()
        self.connections.get(conn.table_id, set()).discard(conn)

    def receive(self, conn: Connection, text: str | bytes) -> None:
        """Handle one message from a connection (see :mod:`bragkit.web.protocol`): a bad one
        gets an ``error`` reply, never an exception; one past the connection's rate gets a
        ``limited`` reply, and a connection that goes on is closed (code 4429)."""
        if conn.closed:
            return
        conn.received = time.perf_counter()
        if conn.bucket is not None and not conn.bucket.take():
            conn.strikes += 1
            if conn.strikes > self.limits.strikes:
                log.warning("a connection to table %s sent too many messages: closing it",
                            conn.table_id)
                conn.close(ABUSE_CLOSE_CODE)
                return
            self._error(conn, ProtocolError("limited", "too many messages: wait a moment"),
                        self.commits.seq(conn.table_id))
            return
        try:
            self._receive(conn, text)
        except Exception as error:  # a bug or a lost database: no traceback, no dropped link
            log.error("table %s: a message could not be handled (%s: %s)", conn.table_id,
                      type(error).__name__, error)
            self._error(conn, ProtocolError("unavailable", "the server could not handle that: "
                                            "nothing changed"), 0)

    def _receive(self, conn: Connection, text: str | bytes) -> None:
        room = self.room(conn.table_id)
        if room is None:
            self._error(conn, ProtocolError("refused", "no such table"), 0)
            return
        try:
            message = parse_client(text)
        except ProtocolError as error:
            self._error(conn, error, self.commits.seq(room.table_id))
            return
        if not conn.greeted:
            if not isinstance(message, Hello):
                self._error(conn, ProtocolError("order", "say hello first",
                                                re=getattr(message, "id", None)),
                            self.commits.seq(room.table_id))
                return
            self._hello(room, conn, message)
            return
        try:
            self._dispatch(room, conn, message)
        except ProtocolError as error:
            self._error(conn, error, self.commits.seq(room.table_id))

    def _error(self, conn: Connection, error: ProtocolError, seq: int) -> None:
        if self.tally is not None:
            self.tally.refused(error.code.value)
        message = error_message(error, seq)
        self._observe(conn, message)
        conn.push(encode(message))

    def _hello(self, room: Room, conn: Connection, hello: Hello) -> None:
        conn.greeted = True
        if self.cluster is not None:  # another process may have stored events since
            room = self.catch_up(room.table_id) or room
        errors = []
        if hello.token is not None:
            hashed = token_hash(hello.token)
            if room.viewer(hashed).name is None:
                errors.append(ProtocolError("forbidden", "no seat at this table holds that "
                                            "token: you are watching"))
            else:
                conn.token_hash = hashed
        if hello.host is not None:
            if room.is_host(token_hash(hello.host)):
                conn.host = True
            else:
                errors.append(ProtocolError("forbidden", "that is not this table's host token"))
        conn.viewer = room.viewer(conn.token_hash, host=conn.host)
        last = hello.last_seq

        def welcome() -> None:
            seq = room.seq
            for error in errors:
                self._error(conn, error, seq)
            you = {"name": conn.viewer.name, "host": conn.host}
            message = server_message("welcome", seq, table=room.table_id, you=you,
                                     settings=room.settings())
            self._observe(conn, message)
            conn.push(encode(message))
            self._sync(room, conn, last)

        self.commits.defer(welcome)

    def _sync(self, room: Room, conn: Connection, last: int | None) -> None:
        """Bring a connection up to date: the state now and the log lines it missed."""
        seq = room.seq
        if last is not None and last > seq:
            self._error(conn, ProtocolError("order", f"this table is at event {seq}, not "
                                            f"{last}: starting again from here"), seq)
            last = None
        message = server_message("sync", seq, state=room.state_for(conn.viewer),
                                 settings=room.settings(), log=room.log_since(last),
                                 **self._extras(room))
        self._observe(conn, message)
        conn.push(encode(message))
        conn.synced = True

    def _dispatch(self, room: Room, conn: Connection, message: ClientMessage,
                  attempt: int = 0) -> None:
        if isinstance(message, Hello):
            raise ProtocolError("order", "hello comes once, first")
        if isinstance(message, Ping):
            reply = server_message("pong", self.commits.seq(room.table_id))
            conn.push(encode(reply))
            return
        if isinstance(message, Resume):
            self.commits.defer(lambda: self._sync(room, conn, message.last_seq))
            return
        viewer = conn.viewer
        if isinstance(message, Sit):
            principal: str | None = token_hash(message.token)
            if self.names is not None:  # an account's name is its holder's at every table
                self.names.check_seat(message.name, conn.account, message.id)
        elif isinstance(message, Host):
            principal = "host" if viewer.host else None
        else:
            principal = viewer.token_hash
        ident = message.id
        done = room.duplicate(principal, ident)
        if done is not None:  # applied once, however often it is sent
            self.commits.defer(lambda: conn.push(encode(server_message(
                "reply", self.commits.seq(room.table_id), re=ident, ok=True, applied=done,
                duplicate=True))))
            return
        if isinstance(message, Act) and message.verb == "topup":  # the house cap (M1)
            check_topups(room.events, viewer.name, self.limits.topups_per_deal, ident)
        event = _event_of(room, viewer, message, conn.account_id)
        if isinstance(message, Sit):
            conn.token_hash = principal
        self.commit(room, event, sender=conn)
        self.commits.batch().retries.append((conn, message, attempt))
        if self.tally is not None:
            self.commits.defer(functools.partial(self.tally.handled, type(message).__name__
                                                 .lower(), conn.received))

    # -- the write path ------------------------------------------------------------------------

    def commit(self, room: Room, event: Event, *, sender: Connection | None = None) -> int:
        """Apply an event the room prepared, build every connection's message, and queue both
        for the next group commit (messages go out only once the event is stored). Returns the
        event's number."""
        lines = room.apply(event)
        seq = room.seq
        pending = self.commits.batch()
        pending.rows.append((room.table_id, seq, event, room.status))
        self._broadcast(room, event, lines, pending.deliveries)
        if sender is not None and event.client_id is not None:
            reply = server_message("reply", seq, re=event.client_id, ok=True, applied=seq)
            pending.deliveries.append((sender, encode(reply)))
            pending.senders.append((sender, event.client_id))
        return seq

    def _broadcast(self, room: Room, event: Event, lines: list[str],
                   out: list[tuple[Connection, str]]) -> None:
        """After an event is applied: who each connection is, the room's next wake-up, the
        bots told, and each connection's message (into ``out``)."""
        seq = room.seq
        conns = self.connections.get(room.table_id, set())
        for conn in conns:  # a seat taken or left changes who a connection is
            conn.viewer = room.viewer(conn.token_hash, host=conn.host)
        self.plan(room)
        self.scheduler.notify_bots(room, event)
        extras = self._extras(room)
        public = room.public_state()
        built: dict[Viewer, str] = {}
        for conn in conns:
            if not conn.synced:
                continue
            text = built.get(conn.viewer)
            if text is None or self.observers:
                message = server_message("state", seq, lines=lines,
                                         state=room.state_for(conn.viewer, public), **extras)
                self._observe(conn, message)
                text = built[conn.viewer] = encode(message)
            out.append((conn, text))

    def plan(self, room: Room) -> None:
        """Set a room's next wake-up (its bots, timers, deals) if this process runs them: the
        only process, or in a cluster the holder of the table's lease (another process times
        a person's turn only to show its countdown: :meth:`_scheduled` drops what it makes)."""
        if self.cluster is None or self.cluster.holds(room.table_id):
            self.scheduler.plan(room)
        elif room.to_act is not None and room.to_act not in room.bots:
            self.scheduler.plan(room)  # to show the turn's countdown here; it ends in the holder
        else:
            self.scheduler.cancel(room.table_id)

    def _scheduled(self, room: Room, event: Event) -> None:
        """An event of a wake-up (a bot's move, a timeout, a deal): committed only if this
        process still runs the room (in a cluster, a lease lost meanwhile drops it)."""
        if self.cluster is None or self.cluster.holds(room.table_id):
            self.commit(room, event)

    def apply_stored(self, table_id: str, seq: int, event: Event) -> None:
        """Another server process stored ``event`` as event ``seq`` of a table: apply it here
        and send it to this process's connections (reading the log instead if this process
        is further behind; nothing if it has the event already, or not the table)."""
        if table_id not in self.rooms:
            return
        if self.commits.waiting(table_id):  # a write of ours that conflicts rebuilds the room
            self.commits.flush()
        room = self.rooms.get(table_id)
        if room is None or room.seq >= seq:
            return
        if room.seq < seq - 1:
            self.catch_up(table_id)
            return
        self._stored_elsewhere(room, [event])

    def catch_up(self, table_id: str) -> Room | None:
        """Apply what other server processes stored for a table since this one last looked,
        and send each of its connections the new states (a cluster's fan-out calls this). The
        table's room, or None if it is not in memory here."""
        if table_id not in self.rooms:
            return None
        if self.commits.waiting(table_id):  # a write of ours that conflicts rebuilds the room
            self.commits.flush()
        room = self.rooms.get(table_id)
        if room is None:
            return None
        self._stored_elsewhere(room, self.store.events_since(table_id, room.seq))
        return room

    def _stored_elsewhere(self, room: Room, events: list[Event]) -> None:
        for event in events:  # stored already: each connection's message goes out at once
            out: list[tuple[Connection, str]] = []
            self._broadcast(room, event, room.apply(event), out)
            for conn, text in out:
                conn.push(text)
        self.commits.committed[room.table_id] = max(self.commits.seq(room.table_id), room.seq)

    def flush(self) -> None:
        """Store the events applied so far and deliver their messages now (normally done by
        the event loop at the end of each turn)."""
        self.commits.flush()

    def _rollback(self, pending: Batch) -> None:
        """The database refused a batch: rebuild its rooms from what is stored, resync every
        connection of those rooms, and either check each command again (another server
        process wrote first: a conflict) or tell the senders nothing happened."""
        for table_id in {row[0] for row in pending.rows}:
            self.rooms.pop(table_id, None)
            self.scheduler.cancel(table_id)
            room = self.room(table_id)
            if room is None:  # pragma: no cover - it was stored before
                continue
            for conn in self.connections.get(table_id, set()):
                conn.viewer = room.viewer(conn.token_hash, host=conn.host)
            self.plan(room)
        retried = {(id(conn), message.id) for conn, message, attempt in pending.retries
                   if pending.conflict and not conn.closed and attempt < _RETRIES}
        for conn, ident in pending.senders:
            if (id(conn), ident) in retried:
                continue
            self._error(conn, ProtocolError("unavailable", "the server could not store that: "
                                            "nothing changed, try again", re=ident),
                        self.commits.seq(conn.table_id))
        for table_id in {row[0] for row in pending.rows}:
            room = self.rooms.get(table_id)
            for conn in self.connections.get(table_id, set()):
                if room is not None and conn.synced:
                    self._sync(room, conn, None)
        if pending.conflict:  # another process wrote first: check each command again
            for conn, message, attempt in pending.retries:
                room = self.rooms.get(conn.table_id)
                if conn.closed or room is None or attempt >= _RETRIES:
                    continue
                try:
                    self._dispatch(room, conn, message, attempt + 1)
                except ProtocolError as error:
                    self._error(conn, error, room.seq)
        for action in pending.after:
            action()

    def _observe(self, conn: Connection, message: dict[str, Any]) -> None:
        for observer in self.observers:
            observer(conn, message)

    def _extras(self, room: Room) -> dict[str, Any]:
        """What a message adds to the room's state: the turn timer, the next deal's countdown,
        who is connected."""
        clocks = self.scheduler.countdowns(room)
        online = sorted({c.viewer.name for c in self.connections.get(room.table_id, set())
                         if c.viewer.name is not None and not c.closed})
        watching = sum(1 for c in self.connections.get(room.table_id, set())
                       if c.greeted and not c.closed and c.viewer.name is None)
        return {"timer": clocks["timer"], "online": online,
                "next_deal_in": clocks["next_deal_in"], "spectators": watching}


def _event_of(room: Room, viewer: Viewer, message: ClientMessage,
              account: int | None = None) -> Event:
    """The event a table command makes, checked by its room (a refusal raises
    :class:`ProtocolError` and changes nothing); ``account``: the sender's account number."""
    if isinstance(message, Sit):
        return room.sit(viewer, seat=message.seat, name=message.name, token=message.token,
                        buy_in=message.buy_in, id=message.id, account=account)
    if isinstance(message, Act):
        return room.act(viewer, verb=message.verb, at=message.at, amount=message.amount,
                        hand=message.hand, cards=message.cards, player=message.player,
                        sets=message.sets, id=message.id)  # sets: issue 14 (Crash, C2)
    if isinstance(message, Seed):
        return room.seed(viewer, seed=message.seed, id=message.id)
    if isinstance(message, Away):
        return room.sit_out(viewer, away=message.away, id=message.id)
    if isinstance(message, Chat):
        return room.say(viewer, text=message.text, id=message.id, at=round(time.time(), 3))
    if isinstance(message, Host):
        return room.host_op(viewer, op=message.op, seat=message.seat, bot=message.bot,
                            id=message.id)
    assert isinstance(message, Leave)
    return room.leave(viewer, id=message.id)
