"""The Typer application every subcommand registers on, and the one-line error exit."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
import typer.core

from bragkit.errors import BragError
from bragkit.toml_text import MAX_TEXT, decode_text

_display_type_rich = typer.core.TyperOption.display_type_rich


def _flag_type(self: typer.core.TyperOption, ctx: Any) -> str | None:
    """No value shown for a flag (``--json``, ``--help``, ``--trainer/--no-trainer``): it
    takes none, so ``--help`` must not show ``--json <bool>``."""
    if self.is_flag:
        return None
    return _display_type_rich(self, ctx)


# Every command's --help, serve's and arena's too, whose declarations other modules own.
typer.core.TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]

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
    status 2 naming the file when it is missing, a folder, not UTF-8 text or longer than
    :data:`bragkit.toml_text.MAX_TEXT` characters (never more is read). ``what`` names the input
    ("record"), ``kind`` its format ("UTF-8 TOML")."""
    limit = 4 * MAX_TEXT + 1  # the bytes of the longest text, and one more
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(limit)
        else:
            with path.open("rb") as file:
                data = file.read(limit)
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except IsADirectoryError:
        fail(f"{path}: is a directory, not a {what}")
    except OSError as error:
        fail(f"{path}: cannot be read: {error.strerror or error}")
    try:
        return decode_text(data)
    except BragError as error:
        if "UTF-8" in str(error):
            fail(f"{path}: not a text file (a {what} is {kind})")
        fail(f"{path}: {error}")
