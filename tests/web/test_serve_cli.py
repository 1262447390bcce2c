"""Tests of ``bragkit serve``: bad input is one line on standard error and exit status 2."""

from __future__ import annotations

from typing import Any

import typer
from typer.testing import CliRunner

from bragkit.cli import app

from .services import postgres_database


def run(*args: str):  # type: ignore[no-untyped-def]
    group = hasattr(typer.main.get_command(app), "commands")
    return CliRunner().invoke(app, ["serve", *args] if group else list(args))


def test_a_bad_port_is_one_line_and_status_2() -> None:
    result = run("--port", "70000")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "bragkit: port must be from 0 to 65535, not 70000"]


def test_a_bad_database_is_one_line_and_status_2() -> None:
    result = run("--database", "nosuchdb://x")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bragkit: cannot open the database")


def test_a_bad_log_level_is_refused() -> None:
    result = run("--database", "sqlite://", "--log-level", "loud")
    assert result.exit_code == 2 and "unknown log level" in result.output


def test_a_cluster_needs_a_shared_database() -> None:
    result = run("--database", "sqlite://", "--redis", "redis://127.0.0.1:6379/0")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "bragkit: --redis needs a database the processes share: give --database "
        "postgresql://…"]


def test_an_unreachable_redis_is_one_line() -> None:
    from .support import free_port

    closed = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    with postgres_database() as database:
        result = run("--database", database, "--redis", closed)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1
    assert lines[0].startswith(f"bragkit: cannot reach Redis at '{closed}'")


def test_the_database_and_redis_come_from_the_environment(monkeypatch: Any) -> None:
    monkeypatch.setenv("BRAGKIT_DATABASE", "sqlite://")
    monkeypatch.setenv("BRAGKIT_REDIS", "redis://127.0.0.1:6379/0")
    result = run()
    assert result.exit_code == 2 and "--redis needs a database" in result.output


def test_a_taken_port_is_one_line_status_2_and_no_database_is_made(tmp_path: Any) -> None:
    import socket

    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen(1)
        taken = other.getsockname()[1]
        database = tmp_path / "tables.db"
        result = run("--port", str(taken), "--database", f"sqlite:///{database}")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"bragkit: cannot serve on 127.0.0.1:{taken}: Address already in use"]
    assert not database.exists()  # nothing made, nothing said to be served


def test_a_message_rate_out_of_range_is_one_line() -> None:
    result = run("--database", "sqlite://", "--message-rate", "-1")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "bragkit: --message-rate must be from 0 to 10000, not -1.0"]


def test_rebuilding_the_history_is_for_one_process() -> None:
    result = run("--port", "0", "--database", "postgresql://nobody@127.0.0.1:1/x", "--redis",
                 "redis://127.0.0.1:1/0", "--rebuild-history")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "bragkit: --rebuild-history runs in one process: stop the cluster, run it once "
        "without --redis, then start the cluster again"]


def test_serve_rebuilds_the_history_before_serving_when_asked(tmp_path: Any) -> None:
    """A database whose history was never kept (its tables played with no history
    listening): a plain start does not make it (it only finishes closes), ``--rebuild-history``
    does, from the logs, and says so before serving."""
    import urllib.request

    from sqlalchemy import func, select

    from bragkit.web.schema import plays
    from bragkit.web.store import Store

    from .history_support import Club
    from .support import free_port, start_server

    path = tmp_path / "web.sqlite3"
    store = Store(f"sqlite:///{path}")
    club = Club.on(store)
    club.manager.commits.listeners.clear()  # nothing of the history kept as they play
    club.sign_up("Ann", "Bob")
    club.session({"name": "Rated", "rated": True}, ["Ann", "Bob"], 2, seed=1)
    store.close()

    def served(*options: str) -> tuple[str, int]:
        port = free_port()
        log = tmp_path / f"serve{port}.log"
        process = start_server(port, path, *options, log=log)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/server", timeout=10):
            pass  # serving (and its output flushed when it stops)
        process.terminate()
        process.wait(10)
        reader = Store(f"sqlite:///{path}")
        with reader.engine.connect() as connection:
            count = connection.execute(select(func.count()).select_from(plays)).scalar_one()
        reader.close()
        return log.read_text(), count

    said, count = served()
    assert "rebuilt" not in said and count == 0
    said, count = served("--rebuild-history")
    lines = said.splitlines()
    assert lines[0] == "bragkit: rebuilt the history of 1 table" and count == 2
    assert lines[1].startswith("bragkit: serving the web table")
