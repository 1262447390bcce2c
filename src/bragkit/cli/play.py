"""``bragkit play``: Brag in the terminal, you against bots.

::

    $ bragkit play                                  # the game menu, then the game
    $ bragkit play -g three-card                    # Three Card Brag against three bots
    $ bragkit play --setup                          # choose the game, rules, bots, stakes
    $ bragkit play --game four-card --bots shark,bold --rules max_bet=20 --save-dir deals/
    $ bragkit play -g teen-patti --sit-and-go 5      # to one winner, the boot doubling every 5

Without ``--game`` a menu of the registry's games opens first (:mod:`bragkit.play.menu_screen`),
then the game's opponents, stakes and house rules, each with its rule id and meaning
(:mod:`bragkit.play.choices_screen`), remembered for next time (:mod:`bragkit.play.memory`);
the three-card family plays against a shark, a cautious and a bold bot, ante 1, bets 1 to 10,
blind play on (:mod:`bragkit.play.config`). ``--game`` takes every game of the registry and
each of its presets, as the web lobby lists them (:func:`bragkit.play.config.game_names`),
played at the one table screen (:mod:`bragkit.play.game_screen`). ``--rules
KEY=VALUE`` sets any house rule of the game (as for ``bragkit arena``); ``--save-dir`` saves
every finished deal's record (the three-card family's as ``.bhh``); ``--seed`` makes the
shuffles and the bots reproducible. Heads-up (one bot) in Three Card Brag, the trainer shows
what the equilibrium would do beside your options (a strategy solved by ``bragkit solve``;
``--no-trainer`` hides it, as ``e`` does in the game). When the session ends (``q``, between
any two deals) the ledger and the settlement are printed. ``--sit-and-go DEALS`` plays a
sit-and-go instead (rule T4, :mod:`bragkit.play.sit_and_go_table`): the stacks equal, the ante
rising every DEALS deals (``--ante-rise`` times), no top-ups, until one player holds every
chip; the summary ends with the finishing order. Bad options: one line on standard error, exit
status 2.

>>> config_from(game="four-card", rules=["max_bet=none"], bots="shark, bold").bots
('shark', 'bold')
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from bragkit.bots.agent import DEFAULT_BUDGET
from bragkit.bots.players import players
from bragkit.cli._app import app, fail
from bragkit.cli.arena import check_overrides, parse_overrides
from bragkit.errors import BragError
from bragkit.play.addressed import addressed
from bragkit.play.config import PlayConfig, default_bots, game_names
from bragkit.play.game_table import MAX_STACK

__all__ = ["config_from", "play"]


def config_from(
    *,
    game: str = "three-card",
    rules: list[str] | None = None,
    bots: str | None = None,
    name: str = "You",
    stack: int = 100,
    seed: int | None = None,
    save_dir: Path | None = None,
    budget: float = DEFAULT_BUDGET,
    trainer: bool = True,
    sit_and_go: int = 0,
    ante_rise: float = 2.0,
) -> PlayConfig:
    """A checked :class:`PlayConfig` from the command's options (BragError if nonsense)."""
    if game not in game_names():
        raise BragError(f"unknown game {game!r} (known: {', '.join(game_names())})")
    offered = players(game)
    kinds = (default_bots(game) if bots is None
             else tuple(b.strip() for b in bots.split(",") if b.strip()))
    for kind in kinds:
        if kind not in offered:
            raise BragError(f"unknown bot {kind!r} for {game} (its bots: {', '.join(offered)})")
    if not 1 <= len(kinds) <= 5:
        raise BragError(f"play against one to five bots, not {len(kinds)}")
    if not name.strip() or name.strip() == "showdown":
        raise BragError(f"{name!r} is not a name to play under")
    if not 1 <= stack <= MAX_STACK:
        raise BragError(f"--stack must be 1 to {MAX_STACK:,} chips (what the records hold), "
                        f"not {stack:,}")
    if save_dir is not None:
        check_save_dir(save_dir)
    if not 0 <= sit_and_go <= 1000:
        raise BragError(f"--sit-and-go is the deals a level lasts, 1 to 1000 (0: none), not "
                        f"{sit_and_go}")
    overrides = parse_overrides(rules or [])
    check_overrides(game, overrides)  # a bad value names its option's rule (its metadata)
    config = PlayConfig(game=game, overrides=overrides, bots=kinds,
                        name=name.strip(), stack=stack, seed=seed, save_dir=save_dir,
                        budget=budget, trainer=trainer, sit_and_go=sit_and_go,
                        ante_rise=ante_rise)
    try:
        config.table()
    except TypeError as error:
        raise BragError(f"bad --rules: {error}") from None
    return config


def check_save_dir(folder: Path) -> None:
    """Make ``folder`` (a save directory) now, or BragError saying why it cannot be: a session
    is never lost at its first save.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile() as file:
    ...     check_save_dir(Path(file.name))
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: --save-dir ...: is a file, not a folder
    """
    if folder.exists() and not folder.is_dir():
        raise BragError(f"--save-dir {folder}: is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BragError(f"--save-dir {folder}: cannot be made "
                        f"({error.strerror or error})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BragError(f"--save-dir {folder}: not a folder this user can write to")


@app.command("play")
def play(
    game: Annotated[
        str | None, typer.Option("--game", "-g", show_default=False,
                                 help=f"The game: {', '.join(game_names())}; "
                                      "without it, a menu.")
    ] = None,
    rules: Annotated[
        list[str] | None,
        typer.Option("--rules", "-r", help="A house rule, KEY=VALUE (repeatable).",
                     show_default=False),
    ] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", show_default=False,
                                 help="Bots, comma-separated: kinds that play the game "
                                      "(bragkit.bots.players; default: the game's own bots).")
    ] = None,
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = "You",
    stack: Annotated[int, typer.Option("--stack", help="Chips each (the buy-in).")] = 100,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed (reproducible).")] = None,
    save_dir: Annotated[
        Path | None, typer.Option("--save-dir", help="Save every finished deal's record here "
                                  "(.bhh for the three-card family, else .toml).",
                                  show_default=False)
    ] = None,
    setup: Annotated[bool, typer.Option("--setup", help="Start with the game menu.")] = False,
    delay: Annotated[float, typer.Option("--delay", help="Seconds between bot moves.")] = 0.6,
    trainer: Annotated[
        bool, typer.Option("--trainer/--no-trainer",
                           help="Heads-up: show what the equilibrium would do (bragkit solve).")
    ] = True,
    sit_and_go: Annotated[
        int, typer.Option("--sit-and-go", metavar="DEALS",
                          help="Play a sit-and-go: equal stacks, the ante rising every DEALS "
                               "deals, until one player holds every chip (rule T4).")
    ] = 0,
    ante_rise: Annotated[
        float, typer.Option("--ante-rise", help="A sit-and-go's ante rises this many times.")
    ] = 2.0,
) -> None:
    """Play Brag in the terminal against bots."""
    if not delay >= 0:  # also refuses nan
        fail(f"--delay must be 0 seconds or more, not {delay}")
    try:
        config = config_from(game=game or "three-card", rules=rules, bots=bots, name=name,
                             stack=stack, seed=seed, save_dir=save_dir, trainer=trainer,
                             sit_and_go=sit_and_go,
                             ante_rise=ante_rise)  # every check before the screen
    except BragError as error:
        fail(str(error))
    from bragkit.play.app import BragApp

    summary = BragApp(config, setup=setup, menu=game is None and not setup,
                      bot_delay=delay).run()
    if summary is not None:
        for line in summary:
            typer.echo(addressed(line, config.name))  # the player is "you"
