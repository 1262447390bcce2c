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
