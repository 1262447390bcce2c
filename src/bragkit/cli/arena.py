"""``bragkit arena``: bots play each other for many deals; who wins how much.

::

    $ bragkit arena shark cautious --deals 2000 --seed 1
    $ bragkit arena --round-robin --deals 20000 --seed 7 --json
    $ bragkit arena shark bold --game four-card --rules max_bet=20 --rules see_cost=single
    $ bragkit arena expected greedy random -g nine-card --deals 2000 --seed 3
    $ bragkit arena equity random -g brag-poker --rules big_blind=4

Each bot's result is the chips won per 100 deals with a 95% confidence interval, and its net
(:mod:`bragkit.arena`). A points game (Nine Card Brag, Crash) is played game by game to its
target: ``--deals`` counts games, a bot scores the chips won per 100 games (the stake per
point behind, N7; Crash's crash money, C5), and beside it the points it made per deal of the
engine. ``--game`` is any registered game, alias or preset (``bragkit.games``); the bots are
the kinds that play it (:func:`bragkit.bots.players`; default: the three-card family's four
built-in bots, or every bot of another game). ``--rules KEY=VALUE`` overrides any option of
the game's ``[rules]`` table (repeatable; ``true``/``false``, numbers, ``none``, and comma lists
for ``wild``). In the three-card family the arena's stakes (ante 1, bets 1 to 10) apply unless
overridden.

The checked engine plays every match. ``--sim`` plays a three-card match on the vectorised
simulator instead (:mod:`bragkit.sim`, many tables at once) when every bot has a batched
version (``random``, ``cautious``, ``bold``: each decides as the engine's bot of its name); its
lanes are the engine's sessions (retained blind hands, R1-R3; the pack kept between deals, D4,
D5; covers, M2, M3), so its scores agree with the engine's within the intervals. The same
``--seed`` prints the same output.

``--ray ADDRESS`` plays the engine's sessions (at most 500 deals each, independent given the
seed) on the workers of a Ray cluster (:mod:`bragkit.distribute`; ``pip install
'bragkit[ray]'``) and prints exactly what the same command prints without it: ``local`` starts
a Ray instance on this machine with a worker per core (``local:N``: N workers), ``auto`` joins
the cluster this machine is a node of, ``ray://HOST:10001`` a cluster's Ray Client server
(docs/deploy.md says how to start one on several machines).

Bad input: one line on standard error, exit status 2.

>>> parse_overrides(["max_bet=20", "wild=2c,2s", "blind=false", "max_bet=none"])
{'max_bet': None, 'wild': ('2c', '2s'), 'blind': False}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape as rich_escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from bragkit.arena import ArenaResult, arena_rules, play_arena, round_robin, three_card_family
from bragkit.bots.agent import DEFAULT_BUDGET
from bragkit.bots.players import game_rules, players
from bragkit.bots.registry import BOTS, BUILT_IN
from bragkit.cli._app import app, fail
from bragkit.distribute import INSTALL, connected, parse_address
from bragkit.errors import BragError
from bragkit.games.options import options as rule_options
from bragkit.games.registry import find
from bragkit.sim.arena import check_batched_rules, play_batched_arena
from bragkit.sim.policies import BATCHED_KINDS

__all__ = ["arena", "check_overrides", "parse_overrides"]

#: Runs this long or longer show a progress bar (on standard error).
PROGRESS_FROM = 500
#: The deals a match plays unless told, and the games of a points game (each many deals).
DEALS = 1_000
GAMES = 100


def parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strings as rules options (a later key wins)."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise BragError(f"--rules takes KEY=VALUE, not {item!r}")
        options[key] = _value(key, text.strip())
    return options


def check_overrides(game: str, overrides: Mapping[str, Any]) -> None:
    """Refuse, in one line naming the rule id of the option at fault (from the rules'
    metadata), a house rule ``game``'s rules do not hold or a value they refuse; each option
    alone, then all together (an option may only clash with another).

    >>> check_overrides("three-card", {"max_bet": "abc"})
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: --rules: max_bet must be a whole number, not 'abc' (rule B1)
    >>> check_overrides("crash", {"colour": 2})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: --rules: crash has no house rule 'colour' (its rules: target (C6), ...
    """
    held = {option.name: option for option in rule_options(find(game).rules)}
    for key in overrides:
        if key not in held:
            known = ", ".join(f"{o.name} ({o.rule})" for o in held.values())
            raise BragError(f"--rules: {game} has no house rule {key!r} (its rules: {known})")
    for key, value in overrides.items():
        _try_rules(game, {key: value}, [held[key].rule])
    _try_rules(game, overrides, [o.rule for o in held.values() if o.name in overrides])


def _try_rules(game: str, overrides: Mapping[str, Any], rules: Sequence[str]) -> None:
    """Build ``game``'s rules with ``overrides``; a refusal as one BragError line naming
    ``rules`` (the rule ids of the options given) unless it names its rule already."""
    try:
        game_rules(game, dict(overrides))
    except (BragError, TypeError, ValueError) as error:
        text = " ".join(str(error).split())
        if "(rule" not in text:
            ids = sorted(set(rules))
            text += f" (rule{'s' if len(ids) > 1 else ''} {', '.join(ids)})"
        raise BragError(f"--rules: {text}") from None


def _value(key: str, text: str) -> Any:
    lowered = text.lower()
    if key == "wild":
        return tuple(w.strip() for w in text.split(",") if w.strip())
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null", ""):
        return None
    try:
        return int(text)
    except ValueError:
        return text


@contextmanager
def _progress(total: int, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    if not enabled:
        yield None
        return
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]arena"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("deals", total=total)

        def tick(done: int) -> None:
            bar.update(task, completed=done)

        yield tick


@app.command("arena")
def arena(
    bots: Annotated[
        list[str] | None,
        typer.Argument(help="Bots to seat, kinds that play the game (three-card: "
                       f"{', '.join(BOTS)}; default: {', '.join(BUILT_IN)}, or every bot of "
                       "another game: bragkit.bots.players).",
                       show_default=False),
    ] = None,
    deals: Annotated[
        int | None, typer.Option("--deals", "-n", help="Deals to play per match (default "
                                 f"{DEALS}); in a points game, games to the target (default "
                                 f"{GAMES}).", show_default=False)
    ] = None,
    game: Annotated[
        str, typer.Option("--game", "-g", help="The game: any registered game, alias or "
                          "preset (three-card, four-card, five-card, teen-patti, nine-card, "
                          "crash, single-stake, three-stake, brag-poker).")
    ] = "three-card",
    rules: Annotated[
        list[str] | None,
        typer.Option("--rules", "-r", help="A house rule, KEY=VALUE (repeatable).",
                     show_default=False),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed: same seed, same output.")
    ] = None,
    stack: Annotated[int, typer.Option("--stack", help="Each bot's buy-in (topped up).")] = 200,
    budget: Annotated[
        float, typer.Option("--budget", help="Seconds a bot may think per move.")
    ] = DEFAULT_BUDGET,
    robin: Annotated[
        bool, typer.Option("--round-robin", help="Every pair of bots heads-up.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    sim: Annotated[
        bool, typer.Option("--sim/--engine", help="Play a three-card match on the vectorised "
                           "simulator (bots random, cautious, bold; the engine's sessions, "
                           "many tables at once) or on the checked engine.")
    ] = False,
    ray: Annotated[
        str | None, typer.Option(
            "--ray", metavar="ADDRESS",
            help="Play the sessions (500 deals at most each) on a Ray cluster, with the same "
                 "result as here: local (a Ray instance on this machine, a worker per core), "
                 "local:N (N workers), auto (the cluster this machine is a node of), "
                 "ray://HOST:10001 (a cluster's Ray Client) or HOST:6379 (its head, from a "
                 "node). Needs Ray, the ray extra: " + rich_escape(INSTALL)
                 + ". See docs/deploy.md.",
            show_default=False)
    ] = None,
) -> None:
    """Bots play each other; chips won per 100 deals (games of a points game) with 95%
    confidence intervals."""
    try:
        known = players(game)
        family = three_card_family(game)
        if deals is None:  # a points game counts games, each many deals (N7, C6)
            deals = GAMES if find(game).unit == "points" else DEALS
        kinds = list(bots) if bots else list(BUILT_IN if family else known)
        for kind in kinds:
            if kind not in known:
                fail(f"unknown bot {kind!r} for {game} (known: {', '.join(known)})")
        if deals < 1:
            fail(f"--deals must be at least 1, not {deals}")
        if budget <= 0:
            fail(f"--budget must be positive, not {budget}")
        options = parse_overrides(rules or [])
        check_overrides(game, options)
        table_rules = arena_rules(game, **options) if family else None
        total = deals * (len(kinds) * (len(kinds) - 1) // 2 if robin else 1)
        if sim:
            _check_simulated(kinds, table_rules, game, players=2 if robin else len(kinds))
            if ray is not None:
                fail("--ray plays the checked engine's sessions, not --sim's")
        address = None if ray is None else parse_address(ray)
        play: Callable[..., ArenaResult] = play_batched_arena if sim else play_arena
        extra: dict[str, Any] = {} if sim else {"game": game, "options": options, "ray": address}
        with (_progress(total, total >= PROGRESS_FROM) as tick,  # on standard error
              connected(address) if address is not None else nullcontext()):
            if robin:
                if len(kinds) < 2:
                    fail("a round robin needs two or more bots")
                results = round_robin(kinds, deals=deals, rules=table_rules, seed=seed,
                                      stack=stack, budget=budget, progress=tick, game=game,
                                      options=options, play=None if address else play,
                                      ray=address)
            else:
                results = [play(kinds, deals=deals, rules=table_rules, seed=seed, stack=stack,
                                budget=budget, progress=tick, **extra)]
    except BragError as error:
        fail(str(error))
    except TypeError as error:  # an option of the wrong kind for Rules
        fail(f"bad --rules: {error}")
    if as_json:
        document: dict[str, Any] = (
            {"round_robin": [r.to_dict() for r in results], "seed": seed} if robin
            else results[0].to_dict())
        typer.echo(json.dumps(document, sort_keys=False))
        return
    _print(results, robin)


def _check_simulated(kinds: Sequence[str], rules: Any, game: str, *, players: int) -> None:
    """Refuse ``--sim`` for a match the simulator cannot play (of ``players`` seats), in one
    line."""
    if rules is None:
        fail(f"--sim plays the three-card family only, not {game}")
    others = [kind for kind in kinds if kind not in BATCHED_KINDS]
    if others:
        fail(f"--sim plays only the bots {', '.join(BATCHED_KINDS)}, not {', '.join(others)}")
    check_batched_rules(rules, max(players, 2))  # a RulesError says why not


def _print(results: list[ArenaResult], robin: bool) -> None:
    console = Console(highlight=False)
    first = results[0]
    title = first.title(per_match=robin) + ("" if first.seed is None or robin
                                            else f", seed {first.seed}")
    table = RichTable(title=title, title_justify="left")
    if robin:
        table.add_column("match")
    points = any(s.points_per_deal is not None for r in results for s in r.scores)
    columns = ["bot", first.score_label, "95% CI", "net", *(["points / deal"] if points else [])]
    for column in columns:
        table.add_column(column, justify="left" if column in ("bot", "match") else "right")
    for result in results:
        match = " v ".join(s.name for s in sorted(result.scores, key=lambda s: s.name))
        for score in result.scores:
            row = [score.name, f"{score.per_100:+.1f}",
                   f"[{score.low:+.1f}, {score.high:+.1f}]", f"{score.net:+d}"]
            if score.points_per_deal is not None:
                row.append(f"{score.points_per_deal:.2f}")
            table.add_row(*([match] if robin else []), *row)
        if robin:
            table.add_section()
    console.print(table)
