"""``bragkit analyse RECORD``: every decision of a three-card-family record beside an adviser's.

The adviser is the learned bot by default (``--bot`` names any other); each decision of the
chosen players (``--player``, repeatable; everyone by default) is shown with the adviser's
choice and probabilities and the chips the player expected to lose against that choice, the
costliest first (:mod:`bragkit.analysis`). ``--json`` prints one JSON object for tools. A bad
file, a record of another game or an unknown player is one line on standard error, exit
status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from bragkit.actions import Action
from bragkit.analysis import ROLLOUTS, Decision, adviser, analyse, default_adviser
from bragkit.cli._app import app, fail, one_line, read_input
from bragkit.errors import BragError
from bragkit.records import limit_of

__all__ = ["analyse_command"]


@app.command("analyse")
def analyse_command(
    file: Annotated[Path, typer.Argument(help="The record: a deal (.bhh) or a session, of "
                                              "Three Card Brag or a preset of it.",
                                         show_default=False)],
    player: Annotated[list[str] | None, typer.Option(
        "--player", "-p", help="Analyse this player's decisions (repeatable; default all).",
        show_default=False)] = None,
    bot: Annotated[str | None, typer.Option(
        help="The adviser: a bot of bragkit.bots (default: the learned bot).",
        show_default=False)] = None,
    rollouts: Annotated[int, typer.Option(help="Deals played out per action compared.")]
    = ROLLOUTS,
    seed: Annotated[int, typer.Option(help="Seed of the rollouts: same seed, same output.")]
    = 0,
    top: Annotated[int, typer.Option(help="Show the costliest N decisions (0: all).")] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each decision of a record beside the learned bot's play: its probabilities and the chips
    the player expected to lose against its choice, costliest first."""
    text = read_input(file, what="record", kind="UTF-8 TOML", bound=limit_of)
    try:
        advice = adviser(bot or default_adviser(), seed=seed)
        decisions = analyse(text, adviser=advice, players=player, rollouts=rollouts, seed=seed)
    except BragError as error:
        fail(one_line(str(error)))
    shown = decisions if top <= 0 else decisions[:top]
    if as_json:
        typer.echo(json.dumps({"adviser": advice.name, "rollouts": rollouts, "seed": seed,
                               "decisions": [d.to_dict() for d in shown]},
                              ensure_ascii=False))
        return
    _print(shown, len(decisions), advice.name)


def _print(decisions: tuple[Decision, ...], total: int, name: str) -> None:
    table = RichTable(title=f"{total} decisions beside {name}'s play, costliest first",
                      title_justify="left")
    for column in ("deal", "#", "player", "played", f"{name} plays", "cost (chips)"):
        table.add_column(column, justify="right" if column in ("deal", "#", "cost (chips)")
                         else "left")
    for decision in decisions:
        odds = ", ".join(f"{_move(c.action)} {c.probability:.0%}"
                         for c in decision.choices if c.probability > 0)
        table.add_row(str(decision.deal), str(decision.number), decision.player,
                      _move(decision.taken), odds, f"{decision.cost:+.2f}")
    Console(highlight=False).print(table)


def _move(action: Action) -> str:
    """An action without its player's name: ``bet 4``."""
    return str(action).removeprefix(f"{action.player} ")
