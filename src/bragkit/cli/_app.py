"""The Typer application every subcommand registers on, and the one-line error exit."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer
import typer.core

from bragkit.errors import BragError
from bragkit.records import PEEK
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


def read_input(path: Path, *, what: str, kind: str,
               bound: Callable[[bytes], int] | None = None) -> str:
    """The text of an input file (``-``: standard input), or one line on standard error and exit
    status 2 naming the file when it is missing, a folder, not UTF-8 text or longer than
    :data:`bragkit.toml_text.MAX_TEXT` characters — or ``bound(head)``, the bound its first
    4 KiB name (a record's format, :func:`bragkit.records.limit_of`). A file of more bytes is
    refused before it is read, and never more is read from standard input. ``what`` names the
    input ("record"), ``kind`` its format ("UTF-8 TOML")."""
    limit = MAX_TEXT
    try:
        if str(path) == "-":
            head = sys.stdin.buffer.read(PEEK)
            limit = bound(head) if bound is not None else limit
            data = head + sys.stdin.buffer.read(limit + 1 - len(head))
        else:
            with path.open("rb") as file:
                head = file.read(PEEK)
                limit = bound(head) if bound is not None else limit
                size = os.fstat(file.fileno()).st_size
                if size > limit:
                    fail(f"{path}: the file is {size:,} bytes long: a {what} is at most "
                         f"{limit:,} characters")
                data = head + file.read(limit + 1 - len(head))
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except IsADirectoryError:
        fail(f"{path}: is a directory, not a {what}")
    except OSError as error:
        fail(f"{path}: cannot be read: {error.strerror or error}")
    try:
        return decode_text(data, limit=limit, what=what)
    except BragError as error:
        if "UTF-8" in str(error):
            fail(f"{path}: not a text file (a {what} is {kind})")
        fail(f"{path}: {error}")
