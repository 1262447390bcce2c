"""Persistence of the web tables with SQLAlchemy: each table's settings, secret and event log.

A room (:mod:`bragkit.web.room`) is rebuilt exactly from three things, so those three are all
that is stored: the table's settings (its :class:`~bragkit.web.config.TableConfig` as JSON), its
secret (the randomness of its shuffles) and the ordered log of its events. The server writes each
event, in its own transaction, *before* it applies and broadcasts it; a server killed at any
moment and restarted replays every table to the last event anyone saw.

The default database is SQLite in the user's data folder (:func:`default_url`, via
:mod:`platformdirs`), in WAL mode; any SQLAlchemy URL works, e.g. PostgreSQL
(``postgresql+psycopg://user@host/bragkit``, with its driver installed). Opening a store brings
its schema up to date (:mod:`bragkit.web.schema`, Alembic migrations) or refuses a database of a
newer bragkit with one line.

>>> from bragkit.web.events import Event
>>> store = Store("sqlite://")                 # in memory, for the example
>>> store.create_table("t1", config={"name": "Friday"}, secret=bytes(32), host_hash="ab" * 32)
>>> store.append("t1", 1, Event(kind="start"), status="playing")
>>> stored = store.load("t1")
>>> stored.config, [e.kind for e in stored.events], stored.status
({'name': 'Friday'}, ['start'], 'playing')
>>> store.append("t1", 1, Event(kind="deal"), status="playing")
Traceback (most recent call last):
...
bragkit.web.store.StoreConflict: event 1 of table t1 is already stored
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, create_engine, event, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from bragkit.errors import BragError
from bragkit.web.events import Event
from bragkit.web.schema import SchemaError, events, migrate, tables

__all__ = ["Store", "StoreConflict", "StoreError", "StoredTable", "default_url"]


# Built once: SQLAlchemy caches their compiled form, so an append costs two cheap statements.
_INSERT_EVENT = insert(events)
_UPDATE_STATUS = update(tables).where(tables.c.id == bindparam("key")).values(
    status=bindparam("status"), updated_at=bindparam("updated_at"))


class StoreError(BragError):
    """The database refused a write, or holds something that is not a table's log."""


class StoreConflict(StoreError):
    """An event number already stored: another server process wrote that event first (the
    writer catches up and checks its command again)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class StoredTable:
    """One table as stored: what :meth:`Room.replay <bragkit.web.room.Room.replay>` needs."""

    table_id: str
    config: dict[str, Any]
    secret: bytes
    host_hash: str
    status: str
    events: tuple[Event, ...]


def default_url() -> str:
    """SQLite in the user's data folder (created if missing): ``…/bragkit/web.sqlite3``."""
    from platformdirs import user_data_path

    folder = Path(user_data_path("bragkit", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.sqlite3'}"


def _driver_url(url: str) -> str:
    """A PostgreSQL URL without a driver uses psycopg (version 3, a dependency).

    >>> _driver_url("postgresql://postgres@127.0.0.1/test")
    'postgresql+psycopg://postgres@127.0.0.1/test'
    """
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


class Store:
    """The tables' database. ``url`` is any SQLAlchemy URL (default :func:`default_url`).

    SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed event survives the server
    being killed (it is in the log file before the commit returns); ``durable=True`` sets
    ``synchronous=FULL`` so it also survives the machine losing power, at the cost of an fsync
    per event.
    """

    def __init__(self, url: str | None = None, *, durable: bool = False) -> None:
        self.url = _driver_url(url or default_url())
        self.engine: Engine
        if self.url.startswith("sqlite"):
            memory = self.url in ("sqlite://", "sqlite:///:memory:")
            self.engine = create_engine(
                self.url, connect_args={"check_same_thread": False},
                **({"poolclass": StaticPool} if memory else {}),
            )
            sync = "FULL" if durable else "NORMAL"

            @event.listens_for(self.engine, "connect")
            def _pragmas(connection: Any, _record: Any) -> None:
                cursor = connection.cursor()
                if not memory:
                    cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute(f"PRAGMA synchronous={sync}")
                cursor.execute("PRAGMA busy_timeout=5000")
                cursor.close()
        else:  # pragma: no cover - needs a database server
            self.engine = create_engine(self.url, pool_pre_ping=True)
        self._writer: Connection | None = None
        self._status: dict[str, str] = {}
        try:  # the schema: made, or brought up to date (schema.py: Alembic migrations)
            #: what opening the store did to its schema (``bragkit serve`` says so)
            self.migrated = migrate(self.engine)
        except SchemaError as error:
            self.engine.dispose()
            raise StoreError(str(error)) from None

    @property
    def safe_url(self) -> str:
        """The URL with any password hidden."""
        from sqlalchemy.engine import make_url

        return make_url(self.url).render_as_string(hide_password=True)

    def close(self) -> None:
        """Close every connection."""
        self._drop_connection()
        self.engine.dispose()

    def create_table(self, table_id: str, *, config: Mapping[str, Any], secret: bytes,
                     host_hash: str) -> None:
        """Store a new table (no events yet)."""
        now = time.time()
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(tables).values(
                    id=table_id, name=str(config.get("name", ""))[:80],
                    config=json.dumps(dict(config)), secret=secret.hex(), host_hash=host_hash,
                    status="lobby", created_at=now, updated_at=now))
            self._status[table_id] = "lobby"
        except IntegrityError:
            raise StoreError(f"table {table_id} already exists") from None
        except SQLAlchemyError as error:
            raise StoreError(f"cannot store table {table_id}: {error}") from None

    def append(self, table_id: str, seq: int, item: Event, *, status: str) -> None:
        """Store event ``seq`` of a table and the table's status after it, in one transaction.
        Event numbers are unique: storing one twice is a :class:`StoreError`."""
        self.append_many([(table_id, seq, item, status)])

    def append_many(self, items: Sequence[tuple[str, int, Event, str]]) -> None:
        """Store several events (``(table_id, seq, event, status)``) in one transaction: all of
        them or, on any error, none."""
        now = time.time()
        rows = [{"table_id": table_id, "seq": seq, "kind": item.kind,
                 "data": json.dumps(dict(item.data), separators=(",", ":")),
                 "client_id": item.client_id, "principal": item.principal, "created_at": now}
                for table_id, seq, item, _ in items]
        statuses = {table_id: status for table_id, _, _, status in items}
        changed = {t: s for t, s in statuses.items() if self._status.get(t) != s}
        connection = self._connection()
        try:
            with connection.begin():
                if self.url.startswith("sqlite") or len(rows) == 1:
                    connection.execute(_INSERT_EVENT, rows)
                else:  # one statement: psycopg's batch mode complains when a row conflicts
                    connection.execute(insert(events).values(rows))
                for table_id, status in changed.items():
                    connection.execute(_UPDATE_STATUS, {"key": table_id, "status": status,
                                                        "updated_at": now})
        except IntegrityError:
            where = ", ".join(f"event {seq} of table {t}" for t, seq, _, _ in items)
            raise StoreConflict(f"{where} is already stored") from None
        except SQLAlchemyError as error:
            self._drop_connection()
            raise StoreError(f"cannot store events: {error}") from None
        self._status.update(changed)

    def _connection(self) -> Connection:
        """The one connection events are written on (the server writes from one thread)."""
        if self._writer is None or self._writer.closed:
            self._writer = self.engine.connect()
        return self._writer

    def _drop_connection(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(SQLAlchemyError):
                self._writer.close()
        self._writer = None

    def exists(self, table_id: str) -> bool:
        """Whether a table of that id is stored."""
        with self.engine.connect() as connection:
            row = connection.execute(select(tables.c.id).where(tables.c.id == table_id)).first()
        return row is not None

    def load(self, table_id: str) -> StoredTable | None:
        """A stored table and its events in order, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            stored = connection.execute(
                select(events).where(events.c.table_id == table_id).order_by(events.c.seq)
            ).all()
        items = []
        for number, item in enumerate(stored, 1):
            if item.seq != number:
                raise StoreError(f"table {table_id}: event {number} is missing")
            items.append(Event(kind=item.kind, data=json.loads(item.data),
                               client_id=item.client_id, principal=item.principal))
        return StoredTable(table_id=row.id, config=json.loads(row.config),
                           secret=bytes.fromhex(row.secret), host_hash=row.host_hash,
                           status=row.status, events=tuple(items))

    def events_since(self, table_id: str, seq: int) -> list[Event]:
        """The events of a table after event ``seq``, in order (what another server process
        stored since): a :class:`StoreError` if one is missing."""
        with self.engine.connect() as connection:
            stored = connection.execute(
                select(events).where(events.c.table_id == table_id, events.c.seq > seq)
                .order_by(events.c.seq)).all()
        items = []
        for number, item in enumerate(stored, seq + 1):
            if item.seq != number:
                raise StoreError(f"table {table_id}: event {number} is missing")
            items.append(Event(kind=item.kind, data=json.loads(item.data),
                               client_id=item.client_id, principal=item.principal))
        return items

    def last_events(self) -> dict[str, int]:
        """The number of the last event stored of each open table that has one."""
        open_ids = select(tables.c.id).where(tables.c.status != "closed")
        with self.engine.connect() as connection:
            rows = connection.execute(select(events.c.table_id, func.max(events.c.seq))
                                      .where(events.c.table_id.in_(open_ids))
                                      .group_by(events.c.table_id)).all()
        return {table_id: int(seq) for table_id, seq in rows}

    def open_tables(self) -> list[str]:
        """The ids of the tables not closed, oldest first (to resume at start-up)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables.c.id).where(tables.c.status != "closed")
                                      .order_by(tables.c.created_at)).all()
        return [r.id for r in rows]
