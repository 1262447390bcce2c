"""The ``bragkit`` command.

Each subcommand lives in its own module of this package and registers itself on :data:`app`;
this module only imports them. A user never sees a traceback for bad input: a
:class:`~bragkit.errors.BragError` that escapes a command becomes one line on standard error and
exit status 2.
"""

from __future__ import annotations

import sys

import typer

from bragkit.cli._app import app, fail
from bragkit.errors import BragError

# Subcommands register themselves on import (one module each).
from bragkit.cli import odds as _odds  # noqa: F401  isort: skip
from bragkit.cli import replay as _replay  # noqa: F401  isort: skip
from bragkit.cli import verify as _verify  # noqa: F401  isort: skip
from bragkit.cli import play as _play  # noqa: F401  isort: skip
from bragkit.cli import arena as _arena  # noqa: F401  isort: skip
from bragkit.cli import solve as _solve  # noqa: F401  isort: skip
from bragkit.cli import serve as _serve  # noqa: F401  isort: skip
from bragkit.cli import bot as _bot  # noqa: F401  isort: skip
from bragkit.cli import analyse as _analyse  # noqa: F401  isort: skip
from bragkit.cli import train as _train  # noqa: F401  isort: skip

__all__ = ["app", "fail", "main"]


def main() -> None:
    """Entry point of the ``bragkit`` console script."""
    try:
        app()
    except BragError as error:  # pragma: no cover - commands catch their own
        typer.echo(f"bragkit: {error}", err=True)
        sys.exit(2)
