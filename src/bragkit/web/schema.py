"""The web server's database schema: its tables (SQLAlchemy Core, :data:`metadata`) and
:func:`migrate`, which brings any database up to date with the Alembic migrations shipped in
:mod:`bragkit.web.migrations`.

Each revision of the schema is one migration file; the newest is :data:`HEAD`. The revision a
database is at is kept in its table ``bk_schema`` (Alembic's version table, under a name of
ours so it never meets another program's). :func:`migrate` runs at every start of ``bragkit
serve`` (inside :class:`~bragkit.web.store.Store`):

- an empty database gets every migration, in order;
- a database made before the migrations existed (by ``metadata.create_all``: ``bk_tables`` and
  ``bk_events`` but no ``bk_schema``) is the first revision: it is stamped so, then upgraded;
- a database at an older revision is upgraded; one at :data:`HEAD` is left as it is;
- a database at a revision this code does not know (made by a newer bragkit) is refused with
  one line (:class:`SchemaError`): nothing is changed.

Several processes starting at once on PostgreSQL take turns (a transaction-scoped advisory
lock), so the migrations run once.

>>> from sqlalchemy import create_engine, inspect
>>> engine = create_engine("sqlite://")
>>> migrate(engine)
Migrated(before=None, after='0004')
>>> migrate(engine).upgraded
False
>>> sorted(inspect(engine).get_table_names())  # doctest: +NORMALIZE_WHITESPACE
['bk_accounts', 'bk_deals', 'bk_events', 'bk_league_members', 'bk_league_nights',
 'bk_league_scores', 'bk_league_tables', 'bk_leagues', 'bk_plays', 'bk_rating_events',
 'bk_ratings', 'bk_schema', 'bk_sessions', 'bk_tables']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    inspect,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from bragkit.errors import BragError

__all__ = ["HEAD", "MIGRATIONS", "VERSION_TABLE", "Migrated", "SchemaError", "accounts", "deals",
           "events", "league_members", "league_nights", "league_scores", "league_tables",
           "leagues", "metadata", "migrate", "plays", "rating_events", "ratings", "revision",
           "sessions", "tables"]

#: The folder of the migration files (a package of ``bragkit``: installed with it).
MIGRATIONS: Final = Path(__file__).parent / "migrations"
#: The table that holds a database's schema revision.
VERSION_TABLE: Final = "bk_schema"
#: The newest revision of the schema, the one this code reads and writes.
HEAD: Final = "0004"
#: The first revision: the schema ``metadata.create_all`` made before the migrations.
_FIRST: Final = "0001"
_LOCK: Final = 0x62726167  # "brag": the advisory lock of a migration on PostgreSQL

#: The tables as this code uses them (the migrations make them; a test holds the two equal).
metadata = MetaData()

tables = Table(
    "bk_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("config", Text, nullable=False),
    Column("secret", String(128), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

events = Table(
    "bk_events", metadata,
    Column("table_id", String(32), ForeignKey("bk_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("client_id", String(64), nullable=True),
    Column("principal", String(64), nullable=True),
    Column("created_at", Float, nullable=False),
)

accounts = Table(
    "bk_accounts", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(20), nullable=False),
    Column("folded", String(255), nullable=False, unique=True),
    Column("skeleton", String(255), nullable=False, unique=True),
    Column("password", String(255), nullable=True),  # None: deleted (the name stays taken)
    Column("created_at", Float, nullable=False),
    Column("deleted_at", Float, nullable=True),
)

sessions = Table(
    "bk_sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("bk_accounts.id"), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

# -- revision 0003: what the event logs say of each account's play (bragkit.web.history), and
# the ratings (bragkit.web.ratings); all of it can be rebuilt from the event logs.

plays = Table(  # an account's session at a table: its net so far, final once the table closed
    "bk_plays", metadata,
    Column("table_id", String(32), ForeignKey("bk_tables.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("bk_accounts.id"), primary_key=True, index=True),
    Column("name", String(20), nullable=False),
    Column("game", String(32), nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("private", Boolean, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("net", BigInteger, nullable=False),
    Column("finished", Boolean, nullable=False),
    Column("place", Integer, nullable=True),  # at a closed table: 1 for the best net
    Column("players", Integer, nullable=True),  # … among how many players dealt in
)

deals = Table(  # each deal an account was dealt in: its net, whether it has a record
    "bk_deals", metadata,
    Column("table_id", String(32), ForeignKey("bk_tables.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("bk_accounts.id"), primary_key=True, index=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("net", BigInteger, nullable=False),
    Column("record", Boolean, nullable=False),
)

ratings = Table(  # an account's rating at a game (OpenSkill's Plackett-Luce model)
    "bk_ratings", metadata,
    Column("account_id", Integer, ForeignKey("bk_accounts.id"), primary_key=True),
    Column("game", String(32), primary_key=True, index=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("sessions", Integer, nullable=False),
)

rating_events = Table(  # each rated session's change of an account's rating
    "bk_rating_events", metadata,
    Column("account_id", Integer, ForeignKey("bk_accounts.id"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("table_id", String(32), ForeignKey("bk_tables.id"), primary_key=True),
    Column("at", Float, nullable=False),  # when the table closed
    Column("place", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
)

# -- revision 0004: league nights (bragkit.web.leagues)

leagues = Table(  # a league: its name, game and house rules (the rules' table, JSON), its host
    "bk_leagues", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    Column("game", String(32), nullable=False),
    Column("rules", Text, nullable=False),
    Column("host_id", Integer, ForeignKey("bk_accounts.id"), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
)

league_members = Table(
    "bk_league_members", metadata,
    Column("league_id", Integer, ForeignKey("bk_leagues.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("bk_accounts.id"), primary_key=True, index=True),
    Column("joined_at", Float, nullable=False),
)

league_nights = Table(  # a night of a league: its number, its day (YYYY-MM-DD), once opened
    "bk_league_nights", metadata,
    Column("id", Integer, primary_key=True),
    Column("league_id", Integer, ForeignKey("bk_leagues.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("day", String(10), nullable=False),
    Column("opened_at", Float, nullable=True),
    UniqueConstraint("league_id", "number", name="uq_bk_league_nights_number"),
)

league_tables = Table(  # a night's table; its host link's token (for the league's host)
    "bk_league_tables", metadata,
    Column("table_id", String(32), ForeignKey("bk_tables.id"), primary_key=True),
    Column("night_id", Integer, ForeignKey("bk_league_nights.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("host_token", String(64), nullable=False),
    Column("scored", Boolean, nullable=False),
)

league_scores = Table(  # what a member scored at a night's table once it closed
    "bk_league_scores", metadata,
    Column("table_id", String(32), ForeignKey("bk_tables.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("bk_accounts.id"), primary_key=True),
    Column("night_id", Integer, ForeignKey("bk_league_nights.id"), nullable=False, index=True),
    Column("score", BigInteger, nullable=False),
)


class SchemaError(BragError):
    """A database this code cannot use: made by a newer bragkit, or its migration failed."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Migrated:
    """What :func:`migrate` did: the revision the database was at (None: an empty database)
    and the one it is at now."""

    before: str | None
    after: str

    @property
    def upgraded(self) -> bool:
        """Whether an existing database was brought to a newer revision."""
        return self.before is not None and self.before != self.after


@functools.cache
def _script() -> Any:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(MIGRATIONS), version_locations=[str(MIGRATIONS)])


def revision(connection: Connection) -> str | None:
    """The revision a database is at (None: none recorded)."""
    from alembic.runtime.migration import MigrationContext

    context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
    return context.get_current_revision()


def migrate(engine: Engine, *, target: str = "heads") -> Migrated:
    """Bring the database up to ``target`` (default: the newest revision) and say what was
    done; a database of a newer bragkit is a :class:`SchemaError` (see the module
    docstring)."""
    from alembic.util import CommandError

    safe = engine.url.render_as_string(hide_password=True)
    try:
        return _migrate(engine, target, safe)
    except (CommandError, SQLAlchemyError) as error:
        reason = str(error).splitlines()[0]
        raise SchemaError(f"cannot migrate the database {safe}: {reason}") from None


def _migrate(engine: Engine, target: str, safe: str) -> Migrated:
    from alembic.config import Config
    from alembic.runtime.environment import EnvironmentContext
    from alembic.runtime.migration import MigrationContext

    script = _script()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        current = revision(connection)
        if current is not None and current not in {s.revision for s in script.walk_revisions()}:
            raise SchemaError(
                f"the database {safe} is at schema revision {current}, newer than this bragkit "
                f"knows (its newest is {HEAD}): upgrade bragkit, or give another --database")
        if current is None and inspect(connection).has_table("bk_tables"):
            context = MigrationContext.configure(connection,
                                                 opts={"version_table": VERSION_TABLE})
            context.stamp(script, _FIRST)  # made by create_all before the migrations
            current = _FIRST

        def upgrade(rev: Any, _context: Any) -> Any:
            return script._upgrade_revs(target, rev)

        with EnvironmentContext(Config(), script, fn=upgrade,
                                destination_rev=target) as environment:
            environment.configure(connection=connection, version_table=VERSION_TABLE)
            environment.run_migrations()
        done = revision(connection)
    return Migrated(before=current, after=done or "")
