"""``bragkit bot``: seat a bot at a web table by its invite link.

The bot (``--bot``: a kind of :mod:`bragkit.bots.players`, e.g. ``shark``, or a class of your
own as ``module:Class``) joins through the WebSocket protocol a browser speaks
(:mod:`bragkit.bots.remote`): it takes the first empty seat, answers within the table's turn
timer, reconnects after a dropped connection, and plays until the table closes (or
``--deals`` deals, then leaves). A bad link, an unknown bot, a server that cannot be reached,
a table that refuses the seat: one line on standard error and exit status 2.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from bragkit.cli._app import app, fail, one_line
from bragkit.errors import BragError

__all__ = ["bot_command"]


@app.command("bot")
def bot_command(
    join: Annotated[str, typer.Option(help="The table's invite link (http://HOST/t/TABLE).",
                                      show_default=False)],
    bot: Annotated[str, typer.Option(help="A bot's name (random, cautious, bold, shark, "
                                     "solver, equity, …) or your own class as module:Class.")
                   ] = "random",
    name: Annotated[str | None, typer.Option(help="The name to sit under (default: the "
                                             "bot's).", show_default=False)] = None,
    seat: Annotated[int | None, typer.Option(help="The seat to take, from 0 (default: the "
                                             "first empty).", show_default=False)] = None,
    deals: Annotated[int | None, typer.Option(help="Leave after playing this many deals "
                                              "(default: play until the table closes).",
                                              show_default=False)] = None,
    quiet: Annotated[bool, typer.Option(help="Print nothing but errors.")] = False,
) -> None:
    """Seat a bot at a web table by its invite link; it plays until the table closes."""
    from bragkit.bots.remote import RemoteSeat
    from bragkit.bots.seat_bot import BotChoice

    if deals is not None and deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    try:
        choice = BotChoice.parse(bot)
        remote = RemoteSeat(join, choice, name=name, seat=seat, deals=deals,
                            say=(lambda line: None) if quiet else typer.echo)
        played = asyncio.run(remote.run())
    except BragError as error:
        fail(one_line(str(error)))
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    if not quiet:
        typer.echo(f"bragkit: {remote.seated or remote.name} played {played} deal(s)")
