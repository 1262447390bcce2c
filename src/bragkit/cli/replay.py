"""``bragkit replay FILE [--json]``: replay a game record of any registered format.

The file is read as TOML; its ``format`` key picks the reader registered in
:mod:`bragkit.records` (``bhh/1`` for the three-card family, HAND-HISTORY.md). The deal is printed
as a person reads it (cards as the record writes them, ``Qh``; a player named ``You``, the
terminal's default name, is the reader: "You take 3", never "You takes 3"), or with ``--json``
as one JSON object. A missing file, a TOML syntax error,
a bad key or card, or an illegal action is one line on standard error and exit status 2:

    bragkit: action 9 "Chris see 8": Chris cannot see a blind player (rule BL4)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from bragkit.cli._app import app, fail, one_line, read_input
from bragkit.errors import BragError
from bragkit.games.three_card.notation import FieldError
from bragkit.play.addressed import addressed
from bragkit.records import limit_of, replay_text

__all__ = ["replay"]


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="The record to replay, e.g. a .bhh file.",
                                         show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Replay a game record (.bhh or another registered format) and print what happened."""
    text = read_input(file, what="record", kind="UTF-8 TOML", bound=limit_of)
    try:
        result = replay_text(text)  # bounded before it is parsed; a session a deal at a time
        output = (json.dumps(result.to_json(), ensure_ascii=False) if as_json
                  else "\n".join(addressed(line, "You") for line in
                                  result.describe().splitlines()))
    except FieldError as error:
        fail(one_line(str(error.at_line(text))))
    except BragError as error:
        fail(one_line(str(error)))
    typer.echo(output)
