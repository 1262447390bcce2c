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
events like any other.

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

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from bragkit.actions import Action, Verb
from bragkit.errors import BragError
from bragkit.web.protocol import (
    Act,
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
from bragkit.web.store import Store, StoreError

__all__ = ["FIRST_DEAL_DELAY", "Connection", "TableManager", "make_bot"]

log = logging.getLogger("bragkit.web")

#: Seconds from the start of a table to its first deal (at most): the browsers' time to add
#: their seeds to the first shuffle. Later deals wait the table's ``deal_pause``.
FIRST_DEAL_DELAY = 1.0

Observer = Callable[["Connection", dict[str, Any]], None]


def make_bot(kind: str, config: TableConfig) -> Any:
    """A bot of ``kind`` (see :data:`~bragkit.web.protocol.BOT_KINDS`) for a table's rules,
    with its own secure random source; the random bot when another cannot be built."""
    from bragkit.bots.simple import BOLD, CAUTIOUS, RandomBot, ThresholdBot

    rules = config.rules
    try:
        if kind == "cautious":
            return ThresholdBot(CAUTIOUS, rules=rules)
        if kind == "bold":
            return ThresholdBot(BOLD, rules=rules)
        if kind == "shark":
            from bragkit.bots.shark import SharkBot

            return SharkBot(rules=rules)
    except (ImportError, BragError, TypeError):  # pragma: no cover - bots still in progress
        log.warning("bot %s unavailable, using a random bot", kind)
    return RandomBot()


class Connection:
    """One browser connection: who it is (:attr:`viewer`), and its outgoing messages, queued
    (at most ``limit``: a connection that falls that far behind is closed and resyncs)."""

    def __init__(self, table_id: str, *, limit: int = 512) -> None:
        self.table_id = table_id
        self.viewer = Viewer()
        self.token_hash: str | None = None
        self.host = False
        self.greeted = False
        self.synced = False
        self.closed = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limit)

    def push(self, text: str) -> None:
        """Queue a message (a connection too far behind is closed)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("a connection to table %s fell behind: closing it", self.table_id)
            self.close()

    def close(self) -> None:
        """Stop sending; the WebSocket writer ends when it reaches the end of the queue."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    def drain(self) -> list[dict[str, Any]]:
        """Every message queued so far, decoded (for tests and examples)."""
        out = []
        while not self.queue.empty():
            text = self.queue.get_nowait()
            if text is not None:
                out.append(json.loads(text))
        return out


class _Pending:
    """The events applied in memory but not yet stored, and what to send once they are."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, int, Event, str]] = []
        self.deliveries: list[tuple[Connection, str]] = []
        self.after: list[Callable[[], None]] = []
        self.senders: list[tuple[Connection, str | None]] = []


class TableManager:
    """Every table of a server (see the module docstring). ``store`` is the database;
    ``clock`` the monotonic clock of turn timers; ``bot_factory(kind, config)`` makes bots;
    ``defaults`` are settings every new table starts from (e.g. ``{"deal_pause": 1}``)."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.monotonic,
        bot_factory: Callable[[str, TableConfig], Any] = make_bot,
        defaults: Mapping[str, Any] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.bot_factory = bot_factory
        self.defaults = dict(defaults or {})
        self.rooms: dict[str, Room] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.observers: list[Observer] = []
        self._committed: dict[str, int] = {}
        self._agents: dict[tuple[str, str], Any] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._turns: dict[str, tuple[int, str, float]] = {}
        self._next_deal: dict[str, float] = {}
        self._pending: _Pending | None = None

    # -- tables --------------------------------------------------------------------------------

    def create_table(self, settings: Mapping[str, Any]) -> tuple[str, str]:
        """A new table from its settings (see :meth:`TableConfig.from_dict
        <bragkit.web.room.TableConfig.from_dict>`; a bad one is a
        :class:`~bragkit.web.room.ConfigError`): its id and the host's secret token."""
        config = TableConfig.from_dict({**self.defaults, **settings})
        table_id = secrets.token_urlsafe(6)
        host_token = secrets.token_urlsafe(24)
        secret = secrets.token_bytes(32)
        self.store.create_table(table_id, config=config.to_dict(), secret=secret,
                                host_hash=token_hash(host_token))
        self.rooms[table_id] = Room(table_id=table_id, config=config, secret=secret,
                                    host_hash=token_hash(host_token))
        self._committed[table_id] = 0
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
        self._committed[table_id] = room.seq
        return room

    def resume_all(self) -> int:
        """Load every table that is not closed and set its bots, timers and deals going again
        (at start-up, e.g. after a crash). Returns how many."""
        count = 0
        for table_id in self.store.open_tables():
            room = self.room(table_id)
            if room is not None:
                self._plan(room)
                count += 1
        return count

    def shutdown(self) -> None:
        """Stop every timer and close every connection (the database stays as it is)."""
        self._flush()
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for conns in self.connections.values():
            for conn in conns:
                conn.close()

    # -- connections ---------------------------------------------------------------------------

    def connect(self, table_id: str) -> Connection:
        """A new connection to a table; it must say ``hello`` first."""
        conn = Connection(table_id)
        self.connections.setdefault(table_id, set()).add(conn)
        return conn

    def disconnect(self, conn: Connection) -> None:
        """A connection went away."""
        conn.close()
        self.connections.get(conn.table_id, set()).discard(conn)

    def receive(self, conn: Connection, text: str | bytes) -> None:
        """Handle one message from a connection (see :mod:`bragkit.web.protocol`)."""
        room = self.room(conn.table_id)
        if room is None:
            self._error(conn, ProtocolError("refused", "no such table"), 0)
            return
        try:
            message = parse_client(text)
        except ProtocolError as error:
            self._error(conn, error, self._committed.get(room.table_id, 0))
            return
        if not conn.greeted:
            if not isinstance(message, Hello):
                self._error(conn, ProtocolError("order", "say hello first",
                                                re=getattr(message, "id", None)),
                            self._committed[room.table_id])
                return
            self._hello(room, conn, message)
            return
        try:
            self._dispatch(room, conn, message)
        except ProtocolError as error:
            self._error(conn, error, self._committed[room.table_id])

    def _error(self, conn: Connection, error: ProtocolError, seq: int) -> None:
        message = error_message(error, seq)
        self._observe(conn, message)
        conn.push(encode(message))

    def _hello(self, room: Room, conn: Connection, hello: Hello) -> None:
        conn.greeted = True
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

        self._defer(welcome)

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

    def _dispatch(self, room: Room, conn: Connection, message: ClientMessage) -> None:
        if isinstance(message, Hello):
            raise ProtocolError("order", "hello comes once, first")
        if isinstance(message, Ping):
            reply = server_message("pong", self._committed[room.table_id])
            conn.push(encode(reply))
            return
        if isinstance(message, Resume):
            self._defer(lambda: self._sync(room, conn, message.last_seq))
            return
        viewer = conn.viewer
        if isinstance(message, Sit):
            principal: str | None = token_hash(message.token)
        elif isinstance(message, Host):
            principal = "host" if viewer.host else None
        else:
            principal = viewer.token_hash
        ident = message.id
        done = room.duplicate(principal, ident)
        if done is not None:  # applied once, however often it is sent
            self._defer(lambda: conn.push(encode(server_message(
                "reply", self._committed[room.table_id], re=ident, ok=True, applied=done,
                duplicate=True))))
            return
        if isinstance(message, Sit):
            event = room.sit(viewer, seat=message.seat, name=message.name, token=message.token,
                             buy_in=message.buy_in, id=ident)
        elif isinstance(message, Act):
            event = room.act(viewer, verb=message.verb, at=message.at, amount=message.amount,
                             hand=message.hand, cards=message.cards, player=message.player,
                             id=ident)
        elif isinstance(message, Seed):
            event = room.seed(viewer, seed=message.seed, id=ident)
        elif isinstance(message, Host):
            event = room.host_op(viewer, op=message.op, seat=message.seat, bot=message.bot,
                                 id=ident)
        else:
            assert isinstance(message, Leave)
            event = room.leave(viewer, id=ident)
        if isinstance(message, Sit):
            conn.token_hash = principal
        self.commit(room, event, sender=conn)

    # -- the write path ------------------------------------------------------------------------

    def commit(self, room: Room, event: Event, *, sender: Connection | None = None) -> int:
        """Apply an event the room prepared, build every connection's message, and queue both
        for the next group commit (messages go out only once the event is stored). Returns the
        event's number."""
        lines = room.apply(event)
        seq = room.seq
        pending = self._batch()
        pending.rows.append((room.table_id, seq, event, room.status))
        conns = self.connections.get(room.table_id, set())
        for conn in conns:  # a seat taken or left changes who a connection is
            conn.viewer = room.viewer(conn.token_hash, host=conn.host)
        self._plan(room)
        self._notify_bots(room, event)
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
            pending.deliveries.append((conn, text))
        if sender is not None and event.client_id is not None:
            reply = server_message("reply", seq, re=event.client_id, ok=True, applied=seq)
            pending.deliveries.append((sender, encode(reply)))
            pending.senders.append((sender, event.client_id))
        return seq

    def _batch(self) -> _Pending:
        """The batch of the loop's turn (without a running loop, call :meth:`flush`)."""
        if self._pending is None:
            self._pending = _Pending()
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_soon(self._flush)
        return self._pending

    def _defer(self, action: Callable[[], None]) -> None:
        """Run ``action`` once every event applied so far is stored (at once if none waits)."""
        if self._pending is not None:
            self._pending.after.append(action)
        else:
            action()

    def flush(self) -> None:
        """Store the events applied so far and deliver their messages now (normally done by
        the event loop at the end of each turn)."""
        self._flush()

    def _flush(self) -> None:
        pending = self._pending
        if pending is None:
            return
        self._pending = None
        if pending.rows:
            try:
                self.store.append_many(pending.rows)
            except StoreError as error:
                log.error("could not store %d events: %s", len(pending.rows), error)
                self._rollback(pending)
                return
            for table_id, seq, _, _ in pending.rows:
                self._committed[table_id] = max(self._committed.get(table_id, 0), seq)
        for conn, text in pending.deliveries:
            conn.push(text)
        for action in pending.after:
            action()

    def _rollback(self, pending: _Pending) -> None:
        """The database refused a batch: rebuild its rooms from what is stored, tell the
        senders nothing happened, and resync every connection of those rooms."""
        for table_id in {row[0] for row in pending.rows}:
            self.rooms.pop(table_id, None)
            timer = self._timers.pop(table_id, None)
            if timer is not None:
                timer.cancel()
            room = self.room(table_id)
            if room is None:  # pragma: no cover - it was stored before
                continue
            for conn in self.connections.get(table_id, set()):
                conn.viewer = room.viewer(conn.token_hash, host=conn.host)
            self._plan(room)
        for conn, ident in pending.senders:
            self._error(conn, ProtocolError("unavailable", "the server could not store that: "
                                            "nothing changed, try again", re=ident),
                        self._committed.get(conn.table_id, 0))
        for table_id in {row[0] for row in pending.rows}:
            room = self.rooms.get(table_id)
            for conn in self.connections.get(table_id, set()):
                if room is not None and conn.synced:
                    self._sync(room, conn, None)
        for action in pending.after:
            action()

    def _observe(self, conn: Connection, message: dict[str, Any]) -> None:
        for observer in self.observers:
            observer(conn, message)

    def _extras(self, room: Room) -> dict[str, Any]:
        """What a message adds to the room's state: the turn timer, the next deal's countdown,
        who is connected."""
        now = self.clock()
        timer = None
        turn = self._turns.get(room.table_id)
        if turn is not None and room.status == "playing":
            _, player, deadline = turn
            timer = {"player": player, "remaining": round(max(deadline - now, 0.0), 2),
                     "total": room.config.turn_seconds}
        next_deal = self._next_deal.get(room.table_id)
        online = sorted({c.viewer.name for c in self.connections.get(room.table_id, set())
                         if c.viewer.name is not None and not c.closed})
        return {"timer": timer, "online": online,
                "next_deal_in": None if next_deal is None else round(max(next_deal - now, 0), 2)}

    # -- bots, timers and deals ----------------------------------------------------------------

    def _plan(self, room: Room) -> None:
        """Set the one pending wake-up of a room: a bot's move, a turn's deadline, or the next
        deal."""
        table_id = room.table_id
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self._next_deal.pop(table_id, None)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        now = self.clock()
        seq = room.seq
        if room.status not in ("playing", "closing"):
            self._turns.pop(table_id, None)
            return
        name = room.to_act
        if name is not None:
            if name in room.bots:
                self._turns.pop(table_id, None)
                self._timers[table_id] = loop.call_later(room.config.bot_delay, self._bot_move,
                                                         table_id, seq)
                return
            seconds = room.config.turn_seconds
            if not seconds or room.status != "playing":
                self._turns.pop(table_id, None)
                return
            deal = room.deal
            number = room.table.deal_number if room.table is not None else 0
            turn = self._turns.get(table_id)
            if deal is None or turn is None or turn[:2] != (number, name):
                turn = (number, name, now + seconds)  # a new turn: a fresh timer
                self._turns[table_id] = turn
            self._timers[table_id] = loop.call_later(max(turn[2] - now, 0), self._timeout,
                                                     table_id, seq)
            return
        self._turns.pop(table_id, None)
        if room.deal_event() is not None:
            pause = room.config.deal_pause
            if room.table is not None and room.table.deal_number == 0:
                pause = min(pause, FIRST_DEAL_DELAY)  # time enough for the shuffle's seeds
            self._next_deal[table_id] = now + pause
            self._timers[table_id] = loop.call_later(pause, self._deal, table_id, seq)

    def _still(self, table_id: str, seq: int) -> Room | None:
        self._timers.pop(table_id, None)
        room = self.rooms.get(table_id)
        return room if room is not None and room.seq == seq else None

    def _bot_move(self, table_id: str, seq: int) -> None:
        room = self._still(table_id, seq)
        name = room.to_act if room is not None else None
        if room is None or name is None or room.deal is None:
            return
        agent = self._agent(room, name)
        view = room.deal.view(name)  # an immutable snapshot: safe to read in another thread
        if room.bots[name] == "random":  # cheap: decide at once
            self._bot_answer(table_id, seq, name, self._think(agent, view))
            return
        # a thinking bot uses its time budget in a worker thread, not the event loop's
        future = asyncio.get_running_loop().run_in_executor(None, self._think, agent, view)
        future.add_done_callback(
            lambda done: self._bot_answer(table_id, seq, name, done.result()))

    @staticmethod
    def _think(agent: Any, view: Any) -> Action | Exception:
        try:
            action: Action = agent.act(view)
            return action
        except Exception as error:  # a bot's bug must not stop the table: it folds
            return error

    def _bot_answer(self, table_id: str, seq: int, name: str,
                    answer: Action | Exception) -> None:
        room = self.rooms.get(table_id)
        if room is None or room.seq != seq or room.to_act != name:
            return  # the table moved on while the bot thought (paused, closed, replanned)
        try:
            if isinstance(answer, Exception):
                raise answer
            event = room.bot_act(name, answer)
        except Exception as error:
            log.warning("bot %s at table %s: %s; it folds", name, table_id, error)
            try:
                event = room.bot_act(name, Action(player=name, verb=Verb.FOLD))
            except ProtocolError:
                fallback = room.timeout_event()
                if fallback is None:
                    return
                event = fallback
        self.commit(room, event)

    def _timeout(self, table_id: str, seq: int) -> None:
        room = self._still(table_id, seq)
        if room is None:
            return
        event = room.timeout_event()
        if event is not None:
            self.commit(room, event)

    def _deal(self, table_id: str, seq: int) -> None:
        room = self._still(table_id, seq)
        if room is None:
            return
        event = room.deal_event()
        if event is not None:
            self.commit(room, event)

    def _agent(self, room: Room, name: str) -> Any:
        key = (room.table_id, name)
        agent = self._agents.get(key)
        if agent is None:
            agent = self._agents[key] = self.bot_factory(room.bots[name], room.config)
        return agent

    def _notify_bots(self, room: Room, event: Event) -> None:
        """Tell bots a deal started or ended (what a player at the table would see)."""
        if not room.bots or event.kind not in ("deal", "act", "agree", "timeout"):
            return
        deal = room.deal
        if deal is None or (event.kind != "deal" and not deal.is_over):
            return
        from bragkit.bots.agent import ended_event, notify, started_event

        for name in room.bots:
            if name not in deal.players:
                continue
            try:
                if event.kind == "deal":
                    notify(self._agent(room, name),
                           started_event(deal, name, shuffled=room.shuffled))
                else:
                    notify(self._agent(room, name), ended_event(deal, name))
            except (BragError, ValueError, TypeError, AttributeError) as error:  # pragma: no cover
                log.warning("bot %s could not observe: %s", name, error)
