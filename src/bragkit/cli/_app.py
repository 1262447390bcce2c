"""The Typer application every subcommand registers on, and the one-line error exit."""

from __future__ import annotations

import sys
from pathlib import Path
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


def one_line(message: str) -> str:
    """A message on one line, whatever a reader put in it.

    >>> one_line("bad\\n  record")
    'bad record'
    """
    return " ".join(message.split())


def read_input(path: Path, *, what: str, kind: str) -> str:
    """The text of an input file (``-``: standard input), or one line on standard error and exit
    status 2 naming the file when it is missing, a folder, or not UTF-8 text. ``what`` names the
    input ("record"), ``kind`` its format ("UTF-8 TOML")."""
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except IsADirectoryError:
        fail(f"{path}: is a directory, not a {what}")
    except UnicodeDecodeError:
        fail(f"{path}: not a text file (a {what} is {kind})")
    except OSError as error:
        fail(f"{path}: cannot be read: {error.strerror or error}")
