"""The Typer application every subcommand registers on, and the one-line error exit."""

from __future__ import annotations

from typing import NoReturn

import typer

app = typer.Typer(
    name="bragkit",
    help="The reference software for Brag, the British card game that came before poker.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> NoReturn:
    """Print one line on standard error and exit with status 2 (bad input, no traceback)."""
    typer.echo(f"bragkit: {message}", err=True)
    raise typer.Exit(2)
