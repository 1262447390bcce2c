"""A player's page, as data: :class:`Profiles` reads an account's history
(:mod:`bragkit.web.history`) and ratings (:mod:`bragkit.web.ratings`) for whoever asks.

What a viewer may see of an account:

- its sessions (one per table it sat at, per game), each with its deals and their nets, and
  the record of each deal that is released (:meth:`Room.released
  <bragkit.web.room.Room.released>`: every deal of a closed table);
- a **private** table's session only if the viewer is signed in to an account that sat at
  that table too; to anyone else the page is as if it never happened, but for the rating it
  moved (the leaderboards are public), shown without the table;
- nothing that tells an account from a name nobody holds: a name with no account, a deleted
  account, and an account with nothing the viewer may see all give the same page, the name as
  typed (:attr:`Profile.empty`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.engine import Engine

from bragkit.errors import BragError
from bragkit.games.registry import find
from bragkit.web.names import normalise
from bragkit.web.ratings import Change, Rating, Ratings
from bragkit.web.schema import accounts, deals, plays, tables

__all__ = ["DealLine", "GameRecord", "Profile", "Profiles", "SessionLine", "game_title"]

_LONGEST: Final = 80  # a name typed longer is no account's


def game_title(game: str) -> str:
    """A game's title, from the registry (its name, if the registry no longer has it).

    >>> game_title("three-card"), game_title("gone")
    ('Three Card Brag', 'gone')
    """
    try:
        return find(game).title
    except BragError:
        return game


@dataclass(frozen=True, kw_only=True, slots=True)
class DealLine:
    """A deal the player was dealt in: its number, their net, and its record's address
    (None: not released yet, or no record)."""

    number: int
    net: int
    record: str | None


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionLine:
    """The player's session at one table: the table, its dates (``ended`` once closed), the
    deals and net, the finishing place among how many (closed tables), the rating's change
    (rated tables), and the deals themselves."""

    table_id: str
    table: str
    status: str
    rated: bool
    private: bool
    started: float
    ended: float | None
    deals: int
    net: int
    place: int | None
    players: int | None
    change: Change | None
    lines: tuple[DealLine, ...]

    def to_dict(self) -> dict[str, Any]:
        """As the API sends it."""
        change = self.change
        return {"table": self.table_id, "name": self.table, "status": self.status,
                "rated": self.rated, "private": self.private, "started": self.started,
                "ended": self.ended, "deals": self.deals, "net": self.net,
                "place": self.place, "players": self.players,
                "rating": None if change is None else {"before": change.before.shown,
                                                       "after": change.after.shown},
                "hands": [{"deal": d.number, "net": d.net, "record": d.record}
                          for d in self.lines]}


@dataclass(frozen=True, kw_only=True, slots=True)
class GameRecord:
    """The player at one game: their rating (None: never rated) and rated sessions, every
    rating change (oldest first: the chart), and their sessions (newest first)."""

    game: str
    title: str
    rating: Rating | None
    rated_sessions: int
    changes: tuple[tuple[Change, str | None], ...]  # with the table's name, if the viewer's
    sessions: tuple[SessionLine, ...]

    @property
    def net(self) -> int:
        """The player's net over the sessions listed."""
        return sum(s.net for s in self.sessions)

    @property
    def deals(self) -> int:
        """The deals they were dealt in over the sessions listed."""
        return sum(s.deals for s in self.sessions)

    def to_dict(self) -> dict[str, Any]:
        """As the API sends it."""
        rating = self.rating
        return {"game": self.game, "title": self.title,
                "rating": None if rating is None else {
                    "rating": rating.shown, "mu": round(rating.mu, 3),
                    "sigma": round(rating.sigma, 3), "sessions": self.rated_sessions},
                "history": [{"table": name and c.table_id, "at": c.at, "place": c.place,
                             "players": c.players, "rating": c.after.shown}
                            for c, name in self.changes],
                "net": self.net, "deals": self.deals,
                "sessions": [s.to_dict() for s in self.sessions]}


@dataclass(frozen=True, kw_only=True, slots=True)
class Profile:
    """A player's page as the viewer may see it: the name (the account's spelling, or as typed
    when there is nothing to show) and each game's record."""

    name: str
    games: tuple[GameRecord, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether there is nothing to show (the same for a name nobody holds)."""
        return not self.games

    def to_dict(self) -> dict[str, Any]:
        """As the API sends it."""
        return {"name": self.name, "games": [g.to_dict() for g in self.games]}


class Profiles:
    """The players' pages' data from the server's database (``engine``) and ``ratings``;
    ``released(table_id, number)`` says whether a deal of a table still open has its record
    released (the live room knows: every deal of a closed table is)."""

    def __init__(self, engine: Engine, *, ratings: Ratings,
                 released: Callable[[str, int], bool]) -> None:
        self.engine = engine
        self.ratings = ratings
        self.released = released

    def profile(self, name: str, *, viewer: int | None) -> Profile:
        """``name``'s page as the account numbered ``viewer`` (None: signed out) may see it."""
        typed = Profile(name=name[:_LONGEST])
        if len(name) > _LONGEST:
            return typed
        with self.engine.connect() as connection:
            account = connection.execute(select(accounts.c.id, accounts.c.name).where(
                accounts.c.folded == normalise(name).casefold(),
                accounts.c.deleted_at.is_(None))).first()
            if account is None:
                return typed
            rows = connection.execute(
                select(plays, tables.c.name.label("table_name"), tables.c.status,
                       tables.c.created_at, tables.c.updated_at)
                .join(tables, tables.c.id == plays.c.table_id)
                .where(plays.c.account_id == account.id)
                .order_by(tables.c.created_at.desc(), plays.c.table_id)).all()
            private = [r.table_id for r in rows if r.private]
            mine = set() if viewer is None or not private else {
                r.table_id for r in connection.execute(select(plays.c.table_id).where(
                    plays.c.account_id == viewer, plays.c.table_id.in_(private)))}
            shown = [r for r in rows if not r.private or r.table_id in mine]
            hands: dict[str, list[Any]] = defaultdict(list)
            if shown:
                for deal in connection.execute(
                        select(deals).where(deals.c.account_id == account.id,
                                            deals.c.table_id.in_([r.table_id for r in shown]))
                        .order_by(deals.c.table_id, deals.c.number)):
                    hands[deal.table_id].append(deal)
        rated = self.ratings.of(account.id)
        changes = self.ratings.changes(account.id)
        names = {r.table_id: r.table_name for r in shown}
        games = sorted({r.game for r in shown} | set(rated))
        records = []
        for game in games:
            by_table = {c.table_id: c for c in changes if c.game == game}
            sessions = tuple(self._session(r, hands[r.table_id], by_table.get(r.table_id))
                             for r in shown if r.game == game)
            rating, count = rated.get(game, (None, 0))
            records.append(GameRecord(
                game=game, title=game_title(game), rating=rating, rated_sessions=count,
                changes=tuple((c, names.get(c.table_id)) for c in changes if c.game == game),
                sessions=sessions))
        if not records:
            return typed
        return Profile(name=account.name, games=tuple(records))

    def _session(self, row: Any, hands: list[Any], change: Change | None) -> SessionLine:
        closed = row.status == "closed"
        lines = tuple(DealLine(number=d.number, net=d.net, record=(
            f"/api/tables/{row.table_id}/deals/{d.number}.bhh"
            if d.record and (closed or self.released(row.table_id, d.number)) else None))
            for d in hands)
        final = row.finished  # else the deals finished so far are the session
        return SessionLine(table_id=row.table_id, table=row.table_name, status=row.status,
                           rated=row.rated, private=row.private, started=row.created_at,
                           ended=row.updated_at if closed else None,
                           deals=row.deals if final else len(lines),
                           net=row.net if final else sum(d.net for d in lines),
                           place=row.place, players=row.players, change=change, lines=lines)
