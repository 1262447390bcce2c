"""What each account played, kept as the tables finish their deals: :class:`History`.

The event logs stay the truth: everything here is derived from them, and
:meth:`History.rebuild` makes it all again (``python -m bragkit.web.history rebuild``). A
signed-in player's sit event carries their account's number (``account``; sit events stored
before revision 0003 carry none: those seats count as guests'); from the tables where such
players sat, the history keeps

- ``bk_plays``: each account's session at a table: its seat's name, the table's game, whether
  it is rated or private; once the table closed, the deals it was dealt in, its net (the
  ledger's: a pot carried to the close is shared then) and its finishing place by net among
  the players dealt in (at a sit-and-go, rule T4, its finishing order: every loser's net is
  the same buy-in) (while the table is open, its deals and net are its deal rows');
- ``bk_deals``: each deal an account was dealt in, its net of that deal (the change of its
  ledger net over the deal: :class:`~bragkit.web.archive.Finished`), and whether the deal has
  a record to download;

and when a rated table closes, it has :class:`~bragkit.web.ratings.Ratings` rate its session,
once. The server calls :meth:`History.stored` after each group commit that stored events (the
rooms in memory are then exactly what is stored); a write that fails is logged and tried
again with the table's next events, and at start-up :meth:`History.catch_up` finishes the
closed tables whose close was stored but not yet recorded.

>>> from bragkit.web.store import Store
>>> history = History(Store("sqlite://"))
>>> history.rebuild()
0
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete, func, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

from bragkit.errors import BragError
from bragkit.web.archive import Finished
from bragkit.web.config import ConfigError, TableConfig
from bragkit.web.events import Event
from bragkit.web.ratings import Ratings, places
from bragkit.web.room import Room
from bragkit.web.schema import deals, events, plays, tables
from bragkit.web.sit_and_go import finishing as finishing_places
from bragkit.web.store import Store

__all__ = ["History", "main"]

log = logging.getLogger("bragkit.web")


class History:
    """The history of the accounts' play in ``store``'s database (see the module docstring),
    with its ``ratings``; ``rooms`` are the rooms in memory (the table manager's), read after
    each stored batch."""

    def __init__(self, store: Store, *, ratings: Ratings | None = None,
                 rooms: Mapping[str, Room] | None = None) -> None:
        self.store = store
        self.ratings = ratings or Ratings(store.engine)
        self.rooms: Mapping[str, Room] = rooms if rooms is not None else {}
        self._seen: dict[str, tuple[int, int, bool]] = {}  # what was recorded of each table
        self._last: dict[str, int] = {}  # the last deal recorded of each table, once known

    def stored(self, rows: Sequence[tuple[str, int, Event, str]]) -> None:
        """Events were stored (``(table_id, seq, event, status)``): record what their tables
        finished. Never raises: a failure is logged, and the table's next events try again."""
        for table_id in dict.fromkeys(row[0] for row in rows):
            room = self.rooms.get(table_id)
            if room is None:
                continue
            try:
                self.follow(room)
            except (SQLAlchemyError, BragError) as error:
                self._last.pop(table_id, None)  # read again (another process wrote, maybe)
                log.error("table %s: its players' history could not be stored (%s)", table_id,
                          str(error).splitlines()[0])

    def follow(self, room: Room) -> bool:
        """Record what ``room`` finished that is not recorded yet (nothing if no account sat
        there). Returns whether anything was written."""
        accounts = room.seating.accounts
        if not accounts:
            return False
        played = room.archive.played()
        closed = room.status == "closed"
        seen = (len(played), len(accounts), closed)
        was = self._seen.get(room.table_id)
        if was == seen:
            return False
        sessions = was is None or was[1:] != seen[1:]  # a new account seated, or the close
        with self.store.engine.begin() as connection:
            last = self._write(connection, room, played, sessions=sessions)
        self._seen[room.table_id] = seen
        self._last[room.table_id] = last
        return True

    def _write(self, connection: Connection, room: Room, played: list[Finished], *,
               sessions: bool) -> int:
        """Write the deals finished since the last recorded and, if ``sessions``, the
        accounts' sessions (and at a rated table's close, its rating); the last deal now
        recorded."""
        table_id = room.table_id
        accounts = room.seating.accounts
        last = self._last.get(table_id)
        if last is None:  # recorded already, by this process before or by another
            last = connection.execute(select(func.max(deals.c.number)).where(
                deals.c.table_id == table_id)).scalar() or 0
        new = [{"table_id": table_id, "account_id": accounts[name], "number": deal.number,
                "net": net, "record": deal.record is not None}
               for deal in played if deal.number > last
               for name, net in deal.nets.items() if name in accounts]
        if new:
            connection.execute(insert(deals), new)
        if sessions:
            self._sessions(connection, room, played)
        return max(last, played[-1].number if played else 0)

    def _sessions(self, connection: Connection, room: Room, played: list[Finished]) -> None:
        """The accounts' sessions at the table: while it is open, who sat (their deals and
        net are their deal rows'); once closed, their deals, net (the ledger's: a pot carried
        to the close is shared then) and place; and a rated table's rating."""
        table_id = room.table_id
        accounts = room.seating.accounts
        closed = room.status == "closed"
        dealt = Counter(name for deal in played for name in deal.nets)
        session = room.table
        nets = session.ledger.nets() if closed and session is not None else {}
        finishing = places({n: net for n, net in nets.items() if dealt[n]})
        if closed and room.dealing.sit_and_go is not None:  # its finishing order (T4)
            finishing = {n: p for n, p in (finishing_places(room.dealing.sit_and_go) or {})
                         .items() if dealt[n]}
        config = room.config
        connection.execute(delete(plays).where(plays.c.table_id == table_id))
        connection.execute(insert(plays), [
            {"table_id": table_id, "account_id": account, "name": name, "game": config.game,
             "rated": config.rated, "private": config.private,
             "deals": dealt[name] if closed else 0, "net": nets.get(name, 0),
             "finished": closed, "place": finishing.get(name),
             "players": len(finishing) if name in finishing else None}
            for name, account in accounts.items()])
        if closed and config.rated:
            at = connection.execute(select(tables.c.updated_at).where(
                tables.c.id == table_id)).scalar()
            self.ratings.record(connection, game=config.game, table_id=table_id,
                                at=float(at or 0.0), finished={
                                    accounts[n]: p for n, p in finishing.items()
                                    if n in accounts})

    # -- from the event logs -----------------------------------------------------------------

    def _replay(self, table_id: str) -> Room | None:
        stored = self.store.load(table_id)
        if stored is None:
            return None
        try:
            config = TableConfig.from_dict(stored.config)
        except ConfigError as error:
            raise BragError(f"table {table_id}: bad settings: {error}") from None
        return Room.replay(table_id=table_id, config=config, secret=stored.secret,
                           host_hash=stored.host_hash, events=stored.events)

    def catch_up(self) -> int:
        """Record the closed tables whose close is stored but not recorded (a server stopped
        between the two): replayed from their logs. Returns how many (a failure is logged:
        the server starts all the same)."""
        query = (select(plays.c.table_id).join(tables, tables.c.id == plays.c.table_id)
                 .where(tables.c.status == "closed", plays.c.finished.is_(False))
                 .group_by(plays.c.table_id, tables.c.updated_at).order_by(tables.c.updated_at))
        count = 0
        try:
            with self.store.engine.connect() as connection:
                waiting = [row.table_id for row in connection.execute(query)]
            for table_id in waiting:
                room = self.rooms.get(table_id) or self._replay(table_id)
                if room is not None and self.follow(room):
                    count += 1
        except (SQLAlchemyError, BragError) as error:  # the server starts all the same
            log.error("the players' history could not catch up (%s)",
                      str(error).splitlines()[0])
        return count

    def rebuild(self) -> int:
        """Forget the history and the ratings and make them again from the event logs: every
        table where a signed-in player sat, the closed ones in the order they closed (so the
        ratings come out as they were made). Returns how many tables."""
        with self.store.engine.begin() as connection:
            connection.execute(delete(deals))
            connection.execute(delete(plays))
            Ratings.clear(connection)
        self._seen.clear()
        self._last.clear()
        signed = (select(events.c.table_id).where(events.c.kind == "sit",
                                                  events.c.data.contains('"account":'))
                  .distinct())
        query = (select(tables.c.id).where(tables.c.id.in_(signed))
                 .order_by((tables.c.status != "closed"), tables.c.updated_at, tables.c.id))
        with self.store.engine.connect() as connection:
            ids = [row.id for row in connection.execute(query)]
        count = 0
        for table_id in ids:
            room = self._replay(table_id)
            if room is not None:
                self.follow(room)
                count += 1
        return count


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bragkit.web.history rebuild [--database URL]``: make the players' history
    and ratings again from the event logs (with the server stopped)."""
    parser = argparse.ArgumentParser(prog="python -m bragkit.web.history",
                                     description="Rebuild the players' history and ratings "
                                     "from the tables' event logs (stop the server first).")
    parser.add_argument("command", choices=["rebuild"])
    parser.add_argument("--database", default=None,
                        help="the server's database URL (default: SQLite in the user's data "
                        "folder, as bragkit serve)")
    options: Any = parser.parse_args(argv)
    try:
        store = Store(options.database)
        count = History(store).rebuild()
    except (BragError, SQLAlchemyError) as error:
        print(f"bragkit: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2
    store.close()
    print(f"bragkit: rebuilt the history of {count} table{'s' if count != 1 else ''}")
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main())
