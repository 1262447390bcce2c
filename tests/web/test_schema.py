"""The database schema under Alembic (bragkit.web.schema): the migrations make exactly the
tables the code uses; a database made by the old ``create_all`` (before the migrations) is
recognised, stamped and upgraded with its tables kept; one at an older revision is upgraded;
one of a newer bragkit is refused with one line, by the store and by ``bragkit serve``. On
SQLite always, on PostgreSQL too where it runs (CI=true: it must)."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Engine

from bragkit.web.events import Event
from bragkit.web.schema import HEAD, MIGRATIONS, VERSION_TABLE, metadata, migrate, revision
from bragkit.web.store import Store, StoreError

from .services import postgres_database
from .support import random_event, token
from .test_serve_cli import run


def _old_metadata() -> MetaData:
    """The schema as ``store.py`` made it with ``create_all`` before the migrations (frozen
    here: it must never follow the code)."""
    old = MetaData()
    Table("bk_tables", old,
          Column("id", String(32), primary_key=True),
          Column("name", String(80), nullable=False),
          Column("config", Text, nullable=False),
          Column("secret", String(128), nullable=False),
          Column("host_hash", String(64), nullable=False),
          Column("status", String(16), nullable=False),
          Column("created_at", Float, nullable=False),
          Column("updated_at", Float, nullable=False))
    Table("bk_events", old,
          Column("table_id", String(32), ForeignKey("bk_tables.id"), primary_key=True),
          Column("seq", Integer, primary_key=True, autoincrement=False),
          Column("kind", String(16), nullable=False),
          Column("data", Text, nullable=False),
          Column("client_id", String(64), nullable=True),
          Column("principal", String(64), nullable=True),
          Column("created_at", Float, nullable=False))
    return old


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database's URL: an SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.sqlite3'}"
    else:
        with postgres_database() as url:
            yield url


def _engine(url: str) -> Engine:
    return create_engine(url)


def _old_database(url: str) -> None:
    """A database as the code before the migrations left it: one table, two events."""
    engine = _engine(url)
    old = _old_metadata()
    old.create_all(engine)
    with engine.begin() as connection:
        connection.execute(insert(old.tables["bk_tables"]).values(
            id="t1", name="Friday", config='{"name": "Friday"}', secret="00" * 32,
            host_hash="ab" * 32, status="playing", created_at=1.0, updated_at=1.0))
        connection.execute(insert(old.tables["bk_events"]), [
            {"table_id": "t1", "seq": n, "kind": kind, "data": "{}", "client_id": None,
             "principal": None, "created_at": 1.0}
            for n, kind in enumerate(["start", "deal"], 1)])
    engine.dispose()


def test_the_migrations_make_the_tables_the_code_uses(database: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    engine = _engine(database)
    assert migrate(engine).after == HEAD
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        differences = compare_metadata(context, metadata)
    engine.dispose()
    assert differences == []


def test_head_is_the_newest_migration_and_every_file_is_a_revision() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(MIGRATIONS), version_locations=[str(MIGRATIONS)])
    assert script.get_heads() == [HEAD]
    files = sorted(p.name for p in MIGRATIONS.glob("r*.py"))
    revisions = list(reversed(list(script.walk_revisions())))
    assert files == [Path(s.path).name for s in revisions]
    assert all(Path(s.path).name.startswith(f"r{s.revision}_") for s in revisions)


def test_a_database_made_before_the_migrations_is_stamped_and_upgraded(database: str) -> None:
    _old_database(database)
    store = Store(database)
    assert (store.migrated.before, store.migrated.after) == ("0001", HEAD)
    try:
        stored = store.load("t1")
        assert stored is not None and [e.kind for e in stored.events] == ["start", "deal"]
        store.append("t1", 3, Event(kind="pause"), status="paused")  # it still takes events
        names = set(inspect(store.engine).get_table_names())
        assert {"bk_accounts", "bk_sessions", VERSION_TABLE} <= names
        with store.engine.connect() as connection:
            assert revision(connection) == HEAD
    finally:
        store.close()
    again = Store(database)  # at the newest revision: opened as it is
    assert again.load("t1") is not None and not again.migrated.upgraded
    again.close()


def test_a_database_at_an_older_revision_is_upgraded(database: str) -> None:
    engine = _engine(database)
    assert migrate(engine, target="0001").after == "0001"
    assert "bk_accounts" not in inspect(engine).get_table_names()
    engine.dispose()
    store = Store(database)
    with store.engine.connect() as connection:
        assert revision(connection) == HEAD
    assert "bk_accounts" in inspect(store.engine).get_table_names()
    store.close()


def test_a_database_at_0002_upgrades_to_0003_with_its_accounts_tables_and_logs(
        database: str) -> None:
    """Revision 0003 adds the players' history and ratings to a database that has accounts,
    sessions and tables already: all kept, the old sit events (no account number) replay as
    guests', and the history starts empty (nothing in those logs is an account's)."""
    from bragkit.web.history import History
    from bragkit.web.room import Room, TableConfig, Viewer, token_hash

    engine = _engine(database)
    assert migrate(engine, target="0002").after == "0002"
    room = Room(table_id="t1", config=TableConfig(), secret=bytes(32), host_hash="h" * 64)
    sat = room.sit(Viewer(), seat=0, name="Ann", token="a" * 30, id="s1")
    assert "account" not in sat.data  # as events were stored before 0003
    from bragkit.web.schema import events, tables

    with engine.begin() as connection:  # as bragkit at revision 0002 stored them
        connection.execute(text(
            "INSERT INTO bk_accounts (id, name, folded, skeleton, password, created_at) "
            "VALUES (1, 'Ann', 'ann', 'ann', 'x', 1.0)"))
        connection.execute(insert(tables).values(
            id="t1", name="Brag table", config=json.dumps(TableConfig().to_dict()),
            secret=bytes(32).hex(), host_hash="h" * 64, status="lobby", created_at=1.0,
            updated_at=1.0))
        connection.execute(insert(events).values(
            table_id="t1", seq=1, kind="sit", data=json.dumps(dict(sat.data)), client_id="s1",
            principal=sat.principal, created_at=1.0))
    engine.dispose()
    store = Store(database)
    try:
        assert (store.migrated.before, store.migrated.after) == ("0002", HEAD)
        names = set(inspect(store.engine).get_table_names())
        assert {"bk_plays", "bk_deals", "bk_ratings", "bk_rating_events"} <= names
        stored = store.load("t1")
        assert stored is not None
        again = Room.replay(table_id="t1", config=TableConfig(), secret=stored.secret,
                            host_hash=stored.host_hash, events=stored.events)
        assert again.seats == {0: "Ann"} and again.seating.accounts == {}
        assert again.seating.viewer(token_hash("a" * 30)).name == "Ann"
        assert History(store).rebuild() == 0
    finally:
        store.close()


def test_a_database_at_0003_upgrades_to_0004_with_its_history_kept_and_leagues_work(
        database: str) -> None:
    """Revision 0004 adds the leagues to a database with accounts, tables and their history:
    all kept, the league tables made empty, and a league made, its night opened into a table
    and that table's close counted, on the upgraded database."""
    from bragkit.web.accounts import Account, Accounts, Passwords
    from bragkit.web.leagues import Leagues
    from bragkit.web.room import TableConfig, Viewer
    from bragkit.web.schema import league_scores, leagues, plays, tables
    from bragkit.web.tables import TableManager

    engine = _engine(database)
    assert migrate(engine, target="0003").after == "0003"
    with engine.begin() as connection:  # as bragkit at revision 0003 stored them
        connection.execute(text(
            "INSERT INTO bk_accounts (id, name, folded, skeleton, password, created_at) "
            "VALUES (1, 'Ann', 'ann', 'ann', 'x', 1.0), (2, 'Bob', 'bob', 'bob', 'x', 1.0)"))
        connection.execute(insert(tables).values(
            id="t1", name="Brag table", config=json.dumps(TableConfig().to_dict()),
            secret=bytes(32).hex(), host_hash="h" * 64, status="closed", created_at=1.0,
            updated_at=1.0))
        connection.execute(insert(plays).values(
            table_id="t1", account_id=1, name="Ann", game="three-card", rated=False,
            private=False, deals=3, net=12, finished=True, place=1, players=2))
    engine.dispose()
    store = Store(database)
    try:
        assert (store.migrated.before, store.migrated.after) == ("0003", HEAD)
        with store.engine.connect() as connection:
            assert connection.execute(select(plays.c.net)).scalar() == 12
            assert connection.execute(select(leagues)).all() == []
        manager = TableManager(store, defaults={"deal_pause": 0})
        club = Leagues(store.engine, rooms=manager.room,
                       accounts=Accounts(store.engine, passwords=Passwords.fast_for_tests()))
        manager.commits.listeners.append(club.stored)
        ann = Account(id=1, name="Ann")
        league = club.league(club.create(ann, name="Friday", game="three-card",
                                         rules={"max_bet": 10}), viewer=1)
        assert league is not None and club.add_member(league, ann, "Bob").account_id == 2
        number = club.schedule(league, ann, "2026-12-04")
        (table_id, _), = club.open_night(league, ann, number, count=1, maker=manager)
        room = manager.rooms[table_id]
        for seat, (name, account) in enumerate((("Ann", 1), ("Bob", 2))):
            manager.commit(room, room.sit(Viewer(), seat=seat, name=name, token=token(name),
                                          id=f"s{seat}", account=account))
        manager.commit(room, room.host_op(Viewer(host=True), op="start", id="go"))
        manager.commit(room, room.deal_event())
        rng = random.Random(3)
        while room.in_deal:  # one deal, played at random
            event = random_event(room, rng, topups=False)
            if event is not None:
                manager.commit(room, event)
        manager.commit(room, room.host_op(Viewer(host=True), op="close", id="end"))
        manager.flush()
        assert room.status == "closed"
        assert room.table is not None
        nets = room.table.ledger.nets()
        with store.engine.connect() as connection:
            scored = dict(connection.execute(select(league_scores.c.account_id,
                                                    league_scores.c.score)).all())
        assert scored == {1: nets["Ann"], 2: nets["Bob"]} and scored[1] != 0
        assert [n.done for n in club.nights(league)] == [True]
    finally:
        store.close()


def _newer(url: str) -> None:
    engine = _engine(url)
    migrate(engine)
    with engine.begin() as connection:
        connection.execute(text(f"UPDATE {VERSION_TABLE} SET version_num = '9999'"))
    engine.dispose()


def test_a_database_of_a_newer_bragkit_is_refused_with_one_line(database: str) -> None:
    _newer(database)
    with pytest.raises(StoreError) as refused:
        Store(database)
    message = str(refused.value)
    assert "\n" not in message
    assert "schema revision 9999, newer than this bragkit knows" in message
    assert f"its newest is {HEAD}" in message and "upgrade bragkit" in message
    engine = _engine(database)
    with engine.connect() as connection:  # nothing was changed
        assert revision(connection) == "9999"
    engine.dispose()


def test_serve_refuses_a_newer_database_with_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    _newer(url)
    result = run("--database", url, "--port", "0")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith("bragkit: the database sqlite:///")
    assert "newer than this bragkit knows" in lines[0]


def test_processes_starting_at_once_migrate_once() -> None:
    """Three processes opening one new PostgreSQL database together: each finds it at the
    newest revision, none fails on a table another made (the advisory lock)."""
    with postgres_database() as url:
        results: list[str | BaseException] = []

        def opener() -> Callable[[], None]:
            def open_it() -> None:
                engine = _engine(url)
                try:
                    results.append(migrate(engine).after)
                except BaseException as error:  # pragma: no cover - the failure shown
                    results.append(error)
                finally:
                    engine.dispose()
            return open_it

        threads = [threading.Thread(target=opener()) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert results == [HEAD] * 3


def test_serve_upgrades_an_older_database_and_says_so(tmp_path: Path) -> None:
    from .support import free_port, start_server

    path = tmp_path / "web.sqlite3"
    _old_database(f"sqlite:///{path}")
    process = start_server(free_port(), path)
    log = path.with_suffix(".log")
    try:
        deadline = time.monotonic() + 20  # the port is taken before the database is opened
        while "serving the web table" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        engine = _engine(f"sqlite:///{path}")
        with engine.connect() as connection:
            assert revision(connection) == HEAD
        engine.dispose()
    finally:
        process.kill()
        process.wait(timeout=10)
    lines = log.read_text().splitlines()
    assert lines[0] == f"bragkit: upgraded the database's schema from revision 0001 to {HEAD}"


def test_the_migrations_ship_with_the_package() -> None:
    """A non-editable install has them: the folder is a package, and pyproject's package data
    names its files (a wheel built from this tree holds every revision's file)."""
    import tomllib

    root = MIGRATIONS.parents[3]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["bragkit"]
    assert "web/migrations/*.py" in patterns
    assert (MIGRATIONS / "__init__.py").exists()
    package = MIGRATIONS.parents[1]
    shipped = {p.relative_to(package).as_posix() for p in package.glob("web/migrations/*.py")}
    assert {"web/migrations/r0001_tables.py", "web/migrations/r0002_accounts.py",
            "web/migrations/r0003_history.py"} <= shipped
