"""League nights: :class:`Leagues`, kept in the server's database (so every process of a
cluster sees the same leagues).

A **league** is a name, a game of the registry (or one of its presets) and its house rules,
checked by the game's rules class as a table's are (:class:`~bragkit.web.config.TableConfig`),
its **host** (the account that made it) and its **members** (accounts, the host among them,
added by the host by name). The host schedules **nights** (numbered, each on a day) and opens
each when the players arrive: opening makes the night's tables (one or more), each playing
the league's game and rules, private (not listed, records for its players only) and seating
only the league's members, signed in (the table's ``members``), no bots.

When a night's table closes, what each member dealt in there made counts for that night
(``bk_league_scores``, once per table: the process that stored the close counts it; if it
could not (it died between the two), another process's catch-up does, every few seconds in a
cluster, else at the next start):

- at a chips game, their net (the ledger's, after the settlement, as a player's page shows);
- at a points game (``GameInfo.unit == "points"``: Nine Card Brag, Crash: N7, C6), their
  points: each game of the table (one deal of its session) scores its winner the points it was
  won with (the deal's winners: the winner and their score), the others nothing.

The **standings** add the nights up (:meth:`Leagues.standings`): every member's total, the
nights they played, and their running total night by night (the chart's lines). A league is
seen only by its members: to anyone else, and for a number no league has,
:meth:`Leagues.league` answers None alike.

>>> from sqlalchemy import create_engine
>>> from bragkit.web.accounts import Account
>>> from bragkit.web.schema import migrate
>>> engine = create_engine("sqlite://")
>>> _ = migrate(engine)
>>> with engine.begin() as connection:
...     _ = connection.exec_driver_sql(
...         "INSERT INTO bk_accounts (id, name, folded, skeleton, password, created_at) "
...         "VALUES (1, 'Ann', 'ann', 'ann', 'x', 0), (2, 'Bob', 'bob', 'bob', 'x', 0)")
>>> leagues = Leagues(engine, clock=lambda: 0.0)
>>> ann = Account(id=1, name="Ann")
>>> number = leagues.create(ann, name="Thursday club", game="crash", rules={"target": 5})
>>> league = leagues.league(number, viewer=1)
>>> league.title, league.unit, league.rules, leagues.league(number, viewer=2)
('Crash', 'points', {'target': 5}, None)
>>> leagues.add_member(league, ann, "bob").name
'Bob'
>>> [s.name for s in leagues.standings(league).lines]
['Ann', 'Bob']
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final, Protocol

from sqlalchemy import and_, func, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from bragkit.errors import BragError
from bragkit.games.registry import find
from bragkit.web.accounts import Account, Accounts
from bragkit.web.config import MAX_SEATS, ConfigError, TableConfig
from bragkit.web.events import Event
from bragkit.web.ratings import places
from bragkit.web.room import Room
from bragkit.web.schema import (
    accounts,
    league_members,
    league_nights,
    league_scores,
    league_tables,
    leagues,
    tables,
)

__all__ = ["MAX_LEAGUES", "MAX_MEMBERS", "MAX_NIGHTS", "MAX_TABLES", "OPENING_SECONDS", "League",
           "LeagueRefused",
           "Leagues", "Member", "Night", "NightTable", "Standing", "Standings", "TableMaker",
           "scores_of"]

log = logging.getLogger("bragkit.web")

#: The most leagues an account hosts, members a league has, nights it schedules, tables a
#: night opens.
MAX_LEAGUES: Final = 20
MAX_MEMBERS: Final = 40
MAX_NIGHTS: Final = 100
MAX_TABLES: Final = 6
#: Seconds after which a night claimed for opening whose tables never came (the process
#: opening it died in between) may be opened again.
OPENING_SECONDS: Final = 60.0


class LeagueRefused(BragError):
    """A league change refused: its reason, said to the host."""


class TableMaker(Protocol):
    """What opening a night asks of the server's tables (the
    :class:`~bragkit.web.tables.TableManager`)."""

    def create_table(self, settings: Mapping[str, Any]) -> tuple[str, str]:
        """A new table: its id and its host's token."""
        ...


@dataclass(frozen=True, kw_only=True, slots=True)
class League:
    """A league: its number, name, game (a registry name or preset), house rules (the rules'
    table), its host's account number and name."""

    id: int
    name: str
    game: str
    rules: Mapping[str, Any]
    host_id: int
    host: str

    @property
    def title(self) -> str:
        """The game's title as a reader knows it (a preset's own, "Four Card Brag")."""
        return find(self.game).title_of(self.game)

    @property
    def unit(self) -> str:
        """What the standings count: ``"chips"`` (nets) or ``"points"``."""
        return find(self.game).unit

    def settings(self) -> dict[str, Any]:
        """The game and rules as a table's settings take them."""
        return {"game": self.game, "rules": dict(self.rules)}


@dataclass(frozen=True, kw_only=True, slots=True)
class Member:
    """A member of a league: their account's number and name."""

    account_id: int
    name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class NightTable:
    """A night's table: its id, its number in the night, its host link's token, its status
    (``lobby`` … ``closed``) and whether its scores are counted."""

    table_id: str
    number: int
    host_token: str
    status: str
    scored: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class Night:
    """A night of a league: its row's id, its number, its day (ISO), when it was opened (None:
    not yet), and its tables."""

    id: int
    number: int
    day: str
    opened_at: float | None
    tables: tuple[NightTable, ...] = ()

    @property
    def done(self) -> bool:
        """Whether every table of an opened night has closed and counted."""
        return bool(self.tables) and all(t.scored for t in self.tables)


@dataclass(frozen=True, kw_only=True, slots=True)
class Standing:
    """A member's line of the standings: their place (equal totals share one), name, total,
    the nights they played, and their running total after each night counted."""

    place: int
    name: str
    total: int
    nights: int
    running: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """As the API sends it."""
        return {"place": self.place, "name": self.name, "total": self.total,
                "nights": self.nights, "running": list(self.running)}


@dataclass(frozen=True, kw_only=True, slots=True)
class Standings:
    """A league's standings: its ``unit``, the numbers of the nights counted (those with a
    closed table), and a line per member, best first."""

    unit: str
    counted: tuple[int, ...] = ()
    lines: tuple[Standing, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        """As the API sends it."""
        return {"unit": self.unit, "counted": list(self.counted),
                "standings": [s.to_dict() for s in self.lines]}


def scores_of(room: Room, unit: str) -> dict[int, int]:
    """What each account dealt in at a closed league table scored (see the module docstring):
    its net in chips, or the points of the games it won in a points game.

    >>> from bragkit.web.room import TableConfig
    >>> room = Room(table_id="t", config=TableConfig(), secret=bytes(32), host_hash="h")
    >>> scores_of(room, "chips")
    {}
    """
    accounts_ = room.seating.accounts
    played = room.archive.played()
    dealt = {name for deal in played for name in deal.nets}
    if unit == "points":
        won = dict.fromkeys(dealt, 0)
        for deal in played:
            for name, points in deal.winners.items():
                won[name] = won.get(name, 0) + points
        return {accounts_[n]: v for n, v in won.items() if n in accounts_}
    session = room.table
    nets = session.ledger.nets() if session is not None else {}
    return {accounts_[n]: nets.get(n, 0) for n in dealt if n in accounts_}


def _day(text: str) -> str:
    """A night's day as the host typed it (``YYYY-MM-DD``), checked.

    >>> _day("2026-12-03")
    '2026-12-03'
    >>> _day("tomorrow")
    Traceback (most recent call last):
    ...
    bragkit.web.leagues.LeagueRefused: a night's day is a date: YYYY-MM-DD
    """
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise LeagueRefused("a night's day is a date: YYYY-MM-DD") from None


class Leagues:
    """The leagues in the server's database (``engine``, its schema made by
    :func:`~bragkit.web.schema.migrate`); see the module docstring. ``accounts`` finds the
    members the host adds by name; ``rooms`` gives a table's room (the table manager's
    :meth:`~bragkit.web.tables.TableManager.room`), for the scores of a closed table."""

    def __init__(self, engine: Engine, *, accounts: Accounts | None = None,
                 rooms: Callable[[str], Room | None] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.accounts = accounts or Accounts(engine)
        self.rooms = rooms
        self.clock = clock

    # -- the host's changes --------------------------------------------------------------------

    def create(self, host: Account, *, name: str, game: str,
               rules: Mapping[str, Any]) -> int:
        """A new league of ``host`` (its first member): its number. The game and rules are
        checked as a table's (a bad one is a :class:`LeagueRefused` saying what is wrong)."""
        name = name.strip() if isinstance(name, str) else ""
        if not 1 <= len(name) <= 40 or not name.isprintable():
            raise LeagueRefused("a league's name is 1 to 40 printable characters")
        try:
            config = TableConfig.from_dict({"game": game, "rules": dict(rules)})
        except ConfigError as error:
            raise LeagueRefused(str(error)) from None
        picked = game.strip().lower()
        kept = picked if picked in config.info.presets else config.info.name
        preset = config.info.presets.get(kept, {})
        house = {k: v for k, v in config.rules.to_dict().items() if preset.get(k) != v}
        now = self.clock()
        with self.engine.begin() as connection:
            hosted = connection.execute(select(func.count()).select_from(leagues).where(
                leagues.c.host_id == host.id)).scalar_one()
            if hosted >= MAX_LEAGUES:
                raise LeagueRefused(f"an account hosts at most {MAX_LEAGUES} leagues")
            key = connection.execute(insert(leagues).values(
                name=name, game=kept, rules=json.dumps(house, sort_keys=True),
                host_id=host.id, created_at=now)).inserted_primary_key
            assert key is not None
            number = key[0]
            connection.execute(insert(league_members).values(
                league_id=number, account_id=host.id, joined_at=now))
        return int(number)

    def add_member(self, league: League, host: Account, name: str) -> Member:
        """The host adds the account named ``name`` (or a name like it)."""
        self._host(league, host)
        found = self.accounts.holder(name[:80]) if isinstance(name, str) else None
        if found is None:
            raise LeagueRefused("no account has that name")
        with self.engine.begin() as connection:
            count = connection.execute(select(func.count()).select_from(league_members).where(
                league_members.c.league_id == league.id)).scalar_one()
            if count >= MAX_MEMBERS:
                raise LeagueRefused(f"a league has at most {MAX_MEMBERS} members")
            try:
                with connection.begin_nested():
                    connection.execute(insert(league_members).values(
                        league_id=league.id, account_id=found.id, joined_at=self.clock()))
            except IntegrityError:
                raise LeagueRefused(f"{found.name} is a member already") from None
        return Member(account_id=found.id, name=found.name)

    def schedule(self, league: League, host: Account, day: str) -> int:
        """The host schedules the league's next night, on ``day``: its number."""
        self._host(league, host)
        when = _day(day)
        with self.engine.begin() as connection:
            last = connection.execute(select(func.max(league_nights.c.number)).where(
                league_nights.c.league_id == league.id)).scalar() or 0
            if last >= MAX_NIGHTS:
                raise LeagueRefused(f"a league has at most {MAX_NIGHTS} nights")
            try:
                with connection.begin_nested():
                    connection.execute(insert(league_nights).values(
                        league_id=league.id, number=last + 1, day=when, opened_at=None))
            except IntegrityError:  # another process scheduled one at the same moment
                raise LeagueRefused("another night was scheduled at the same moment: "
                                    "look again") from None
        return int(last + 1)

    def open_night(self, league: League, host: Account, number: int, *, count: int,
                   maker: TableMaker) -> list[tuple[str, str]]:
        """The host opens night ``number`` with ``count`` tables, each seating any of the
        members: the tables' ids and host tokens. A night opens once, whichever processes
        ask; one whose opening process died before its tables were recorded opens again
        after :data:`OPENING_SECONDS`."""
        self._host(league, host)
        if type(count) is not int or not 1 <= count <= MAX_TABLES:
            raise LeagueRefused(f"a night has 1 to {MAX_TABLES} tables")
        members = self.members(league)
        info = find(league.game)
        config = TableConfig.from_dict(league.settings())
        fewest = max(2, info.seats[0])
        limit = config.terms.most_players
        most = min(MAX_SEATS, info.seats[1], limit if limit is not None else MAX_SEATS)
        if len(members) < fewest * count:
            raise LeagueRefused(f"{count} table{'s' if count > 1 else ''} of {info.title} "
                                f"need{'s' if count == 1 else ''} at least {fewest * count} "
                                "members")
        seats = min(most, max(fewest, math.ceil(len(members) / count)))
        with self.engine.begin() as connection:  # claimed once, whichever process asks
            night = connection.execute(select(league_nights.c.id).where(
                league_nights.c.league_id == league.id, league_nights.c.number == number)
                ).scalar()
            if night is None:
                raise LeagueRefused("no such night")
            now = self.clock()
            made_none = ~select(league_tables.c.table_id).where(
                league_tables.c.night_id == night).exists()
            taken = connection.execute(update(league_nights).where(
                league_nights.c.id == night, or_(
                    league_nights.c.opened_at.is_(None),
                    # claimed, but its tables never came: the process died making them
                    and_(league_nights.c.opened_at < now - OPENING_SECONDS, made_none)))
                .values(opened_at=now)).rowcount
        if taken != 1:
            raise LeagueRefused(f"night {number} is open already")
        made: list[tuple[str, str]] = []
        try:
            for n in range(1, count + 1):
                title = f"{league.name} · night {number}" + (f"/{n}" if count > 1 else "")
                if len(title) > 40:
                    title = f"League night {number}" + (f"/{n}" if count > 1 else "")
                made.append(maker.create_table({
                    **league.settings(), "name": title, "seats": seats, "private": True,
                    "members": [m.account_id for m in members]}))
        finally:  # the tables made are the night's; none made: it may be opened again
            with self.engine.begin() as connection:
                if made:
                    connection.execute(insert(league_tables), [
                        {"table_id": table_id, "night_id": night, "number": n,
                         "host_token": token, "scored": False}
                        for n, (table_id, token) in enumerate(made, 1)])
                else:
                    connection.execute(update(league_nights).where(
                        league_nights.c.id == night).values(opened_at=None))
        return made

    def _host(self, league: League, host: Account) -> None:
        if league.host_id != host.id:
            raise LeagueRefused("only the league's host may do that")

    # -- reading -------------------------------------------------------------------------------

    def league(self, number: int, *, viewer: int | None) -> League | None:
        """League ``number`` if ``viewer`` (an account's number) is a member; None alike for
        no such league, a non-member, or nobody signed in."""
        if viewer is None:
            return None
        query = (select(leagues, accounts.c.name.label("host"))
                 .join(accounts, accounts.c.id == leagues.c.host_id)
                 .join(league_members, league_members.c.league_id == leagues.c.id)
                 .where(leagues.c.id == number, league_members.c.account_id == viewer))
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        if row is None:
            return None
        return League(id=row.id, name=row.name, game=row.game, rules=json.loads(row.rules),
                      host_id=row.host_id, host=row.host)

    def of(self, account_id: int) -> list[League]:
        """The leagues an account is a member of, newest first."""
        query = (select(leagues, accounts.c.name.label("host"))
                 .join(accounts, accounts.c.id == leagues.c.host_id)
                 .join(league_members, league_members.c.league_id == leagues.c.id)
                 .where(league_members.c.account_id == account_id)
                 .order_by(leagues.c.created_at.desc(), leagues.c.id.desc()))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [League(id=r.id, name=r.name, game=r.game, rules=json.loads(r.rules),
                       host_id=r.host_id, host=r.host) for r in rows]

    def members(self, league: League) -> list[Member]:
        """The league's members, in the order they joined."""
        query = (select(accounts.c.id, accounts.c.name)
                 .join(league_members, league_members.c.account_id == accounts.c.id)
                 .where(league_members.c.league_id == league.id)
                 .order_by(league_members.c.joined_at, accounts.c.id))
        with self.engine.connect() as connection:
            return [Member(account_id=r.id, name=r.name)
                    for r in connection.execute(query)]

    def nights(self, league: League) -> list[Night]:
        """The league's nights in order, each with its tables."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(league_nights).where(
                league_nights.c.league_id == league.id).order_by(league_nights.c.number)).all()
            held = connection.execute(
                select(league_tables, tables.c.status)
                .join(tables, tables.c.id == league_tables.c.table_id)
                .join(league_nights, league_nights.c.id == league_tables.c.night_id)
                .where(league_nights.c.league_id == league.id)
                .order_by(league_tables.c.number)).all()
        by_night: dict[int, list[NightTable]] = {}
        for t in held:
            by_night.setdefault(t.night_id, []).append(NightTable(
                table_id=t.table_id, number=t.number, host_token=t.host_token,
                status=t.status, scored=t.scored))
        return [Night(id=r.id, number=r.number, day=r.day, opened_at=r.opened_at,
                      tables=tuple(by_night.get(r.id, ()))) for r in rows]

    def standings(self, league: League) -> Standings:
        """Every member's total over the nights counted so far, best first (see the module
        docstring)."""
        members = self.members(league)
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(league_nights.c.number, league_scores.c.account_id,
                       func.sum(league_scores.c.score).label("score"))
                .join(league_nights, league_nights.c.id == league_scores.c.night_id)
                .where(league_nights.c.league_id == league.id)
                .group_by(league_nights.c.number, league_scores.c.account_id)).all()
        counted = tuple(sorted({r.number for r in rows}))
        scored = {(r.number, r.account_id): int(r.score) for r in rows}
        totals = {m.account_id: sum(scored.get((n, m.account_id), 0) for n in counted)
                  for m in members}
        finishing = places(totals)
        lines = []
        for member in members:
            running, total = [], 0
            for number in counted:
                total += scored.get((number, member.account_id), 0)
                running.append(total)
            lines.append(Standing(
                place=finishing[member.account_id], name=member.name, total=total,
                nights=sum(1 for n in counted if (n, member.account_id) in scored),
                running=tuple(running)))
        lines.sort(key=lambda s: (s.place, s.name.casefold()))
        return Standings(unit=league.unit, counted=counted, lines=tuple(lines))

    # -- the scores, as the tables close -------------------------------------------------------

    def stored(self, rows: Sequence[tuple[str, int, Event, str]]) -> None:
        """Events were stored (the group commit's listener): a league table that closed
        counts its scores. Never raises: a failure is logged (:meth:`catch_up` counts it)."""
        for table_id in dict.fromkeys(r[0] for r in rows if r[3] == "closed"):
            try:
                self.score(table_id)
            except (SQLAlchemyError, BragError) as error:
                log.error("table %s: its league scores could not be counted (%s)", table_id,
                          str(error).splitlines()[0])

    def score(self, table_id: str) -> bool:
        """Count the scores of a closed league table, once (False: not a league table, not
        closed, or counted already)."""
        room = self.rooms(table_id) if self.rooms is not None else None
        if room is None or not room.config.members or room.status != "closed":
            return False
        with self.engine.begin() as connection:
            row = connection.execute(
                select(league_tables.c.night_id, leagues.c.game)
                .join(league_nights, league_nights.c.id == league_tables.c.night_id)
                .join(leagues, leagues.c.id == league_nights.c.league_id)
                .where(league_tables.c.table_id == table_id)).first()
            if row is None:
                return False
            return self._count(connection, room, night=row.night_id, unit=find(row.game).unit)

    def _count(self, connection: Connection, room: Room, *, night: int, unit: str) -> bool:
        taken = connection.execute(update(league_tables).where(
            league_tables.c.table_id == room.table_id, league_tables.c.scored.is_(False))
            .values(scored=True)).rowcount
        if taken != 1:
            return False
        scores = scores_of(room, unit)
        if scores:
            connection.execute(insert(league_scores), [
                {"table_id": room.table_id, "account_id": account, "night_id": night,
                 "score": score} for account, score in scores.items()])
        return True

    def waiting(self) -> list[str]:
        """The league tables whose close is stored but not counted (the process that stored
        it stopped between the two, or could not count): a query only, for a worker thread."""
        query = (select(league_tables.c.table_id)
                 .join(tables, tables.c.id == league_tables.c.table_id)
                 .where(tables.c.status == "closed", league_tables.c.scored.is_(False))
                 .order_by(league_tables.c.table_id))
        with self.engine.connect() as connection:
            return [r.table_id for r in connection.execute(query)]

    def catch_up(self, waiting: Sequence[str] | None = None) -> int:
        """Count the league tables whose close was stored but not counted (``waiting``, else
        :meth:`waiting`'s): how many. At start, and in a cluster every few seconds (any
        process counts a close a dead one stored: :meth:`score` counts it once, whichever
        processes try). Never raises: a failure is logged (the next try counts it)."""
        try:
            found = self.waiting() if waiting is None else waiting
            return sum(1 for table_id in found if self.score(table_id))
        except (SQLAlchemyError, BragError) as error:  # the server goes on all the same
            log.error("the league scores could not catch up (%s)", str(error).splitlines()[0])
            return 0
