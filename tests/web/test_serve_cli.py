"""Tests of ``bragkit serve``: bad input is one line on standard error and exit status 2."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from bragkit.cli import app


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
