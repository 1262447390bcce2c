"""``bragkit solve``: an equilibrium of heads-up Three Card Brag, by CFR+ (docs/equilibrium.md).

Solves the abstraction the options describe (ante, open stakes, the cap on bets, blind play,
the pack) until the exploitability, measured by an exact best response, is under ``--target``
milli-antes per deal, or ``--iterations`` or ``--time-limit`` run out. A progress bar shows
the iterations and the latest exploitability; the result is cached (keyed by a hash of the
abstraction), so asking again is instant, and ``--out NAME`` writes ``NAME.npz`` (the strategy)
and ``NAME.json`` (the record: iterations, time, the exploitability curve, the game's value)::

    $ bragkit solve --stakes 1,2 --max-bets 2 --ranks AKQJ --iterations 200 --no-cache
    Heads-up Three Card Brag: ranks AKQJ x4 suits, ante 1, stakes 1/2, at most 2 bets ...
    200 iterations in 0.9 s; exploitability 0.41 milli-antes per deal

With ``--show "look,bet 2"`` it prints the strategy after that history; ``--plots DIR`` draws
the figures of ``docs/equilibrium.md``. Bad input is one line on standard error and exit
status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from bragkit.cli._app import app, fail
from bragkit.errors import BragError
from bragkit.solver.abstraction import ALL_RANKS, Abstraction
from bragkit.solver.driver import solve as run_solver
from bragkit.solver.strategy import Strategy, betting_tree

__all__ = ["solve"]


def _stakes(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.replace("/", ",").split(",") if part.strip())
    except ValueError:
        fail(f"--stakes must be whole numbers separated by commas, not {text!r}")


@app.command("solve")
def solve(
    stakes: Annotated[str, typer.Option("--stakes", help="Open stakes a bet may set.")] = (
        "1,2,4,8,16"),
    max_bets: Annotated[int, typer.Option("--max-bets", help="Cap on the bets of a deal.")] = 4,
    cap_rule: Annotated[
        str, typer.Option("--cap-rule", help="At the cap an open player may 'see' a blind "
                          "one, or must 'fold' (rule BL4).")] = "see",
    ante: Annotated[int, typer.Option("--ante", help="Each player's ante (rule D2).")] = 1,
    blind: Annotated[bool, typer.Option("--blind/--no-blind", help="Blind play (BL1).")] = True,
    blind_share: Annotated[
        float, typer.Option("--blind-share", help="A blind winner's share of the pot, 0.5 to 1 "
                            "(BL3: it is carried forward; 1 gives them the pot).")] = 1.0,
    see_cost: Annotated[
        str, typer.Option("--see-cost", help="double or single (rules B6, B9).")] = "double",
    ordering: Annotated[str, typer.Option("--ordering", help="Hand ordering (H10).")] = (
        "standard"),
    ranks: Annotated[str, typer.Option("--ranks", help="Ranks in the pack (a smaller game).")] = (
        ALL_RANKS),
    suits: Annotated[int, typer.Option("--suits", help="Suits per rank.")] = 4,
    iterations: Annotated[
        int | None, typer.Option("--iterations", "-n", help="Most CFR+ iterations.")] = None,
    target: Annotated[
        float | None, typer.Option("--target", help="Stop at this exploitability "
                                   "(milli-antes per deal).")] = None,
    time_limit: Annotated[
        float | None, typer.Option("--time-limit", help="Stop after so many seconds.")] = None,
    refine: Annotated[
        int, typer.Option("--refine", help="Finish with so many iterations against a "
                          "trembling opponent (better answers to mistakes, for bots).")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write NAME.npz and NAME.json.")] = None,
    cache: Annotated[bool, typer.Option("--cache/--no-cache", help="Use the cache.")] = True,
    cache_dir: Annotated[
        Path | None, typer.Option("--cache-dir", help="Cache folder (default: user cache).")
    ] = None,
    show: Annotated[
        str | None, typer.Option("--show", help='Print the strategy after a history, e.g. '
                                 '"look,bet 2" ("" for the first decision).')] = None,
    plots: Annotated[
        Path | None, typer.Option("--plots", help="Draw the figures of docs/equilibrium.md "
                                  "into this folder (needs matplotlib).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the record as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Solve heads-up Three Card Brag with CFR+ and report its exploitability."""
    try:
        abstraction = Abstraction(ante=ante, stakes=_stakes(stakes), max_bets=max_bets,
                                  cap_rule=cap_rule, blind=blind, blind_share=blind_share,
                                  see_cost=see_cost,
                                  ordering=ordering, ranks=ranks, suits=suits)
        if iterations is not None and iterations < 1:
            fail("--iterations must be at least 1")
        if target is not None and target <= 0:
            fail("--target must be positive")
        if refine < 0:
            fail("--refine cannot be negative")
        if time_limit is not None and time_limit <= 0:
            fail("--time-limit must be positive")
        if show is not None:
            betting_tree(abstraction).find(_history(show))  # refuse a bad history up front
        cache_arg: Path | bool | None = (cache_dir or True) if cache else None
        goal = None if target is None else target / 1000 * ante
        console = Console(stderr=True)
        if quiet or as_json:
            strategy = run_solver(abstraction, iterations=iterations, target=goal,
                                  time_limit=time_limit, cache=cache_arg, refine=refine)
        else:
            strategy = _with_progress(abstraction, iterations, goal, time_limit, cache_arg,
                                      console, refine)
        if out is not None:
            strategy.save(out)
        if plots is not None:
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                fail("--plots needs matplotlib: pip install 'bragkit[plots]'")
            from bragkit.solver.report import write_plots

            write_plots(strategy, plots)
        if as_json:
            typer.echo(json.dumps(_summary(strategy, show), indent=1))
        else:
            _print(strategy, show)
    except BragError as error:
        fail(str(error))
    except OSError as error:
        fail(f"cannot write: {error}")


def _with_progress(
    abstraction: Abstraction,
    iterations: int | None,
    target: float | None,
    time_limit: float | None,
    cache: Path | bool | None,
    console: Console,
    refine: int,
) -> Strategy:
    total = iterations if iterations is not None else (
        None if target is not None or time_limit is not None else 1000)
    if total is not None:
        total += refine
    columns = (TextColumn("CFR+"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("{task.fields[expl]}"))
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("solve", total=total, expl="")

        def step(it: int, latest: float | None) -> None:
            expl = "" if latest is None else f"exploitability {latest * 1000:.3f} mA"
            bar.update(task, completed=it, expl=expl)

        return run_solver(abstraction, iterations=iterations, target=target,
                          time_limit=time_limit, cache=cache, progress=step, refine=refine)


def _history(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _summary(strategy: Strategy, show: str | None) -> dict[str, Any]:
    out = strategy.metadata()
    if show is not None:
        out["show"] = _strategy_at(strategy, _history(show))
    return out


def _strategy_at(strategy: Strategy, history: list[str]) -> dict[str, Any]:
    tree = strategy.tree
    node = tree.find(history)
    if tree.blind_actor[node]:
        return {"player": int(tree.player[node]), "blind": True,
                "actions": strategy.probabilities(history)}
    space = strategy.space
    labels = [tree.label(e) for e in tree.edges_of(node)]
    table = strategy.table[tree.edges_of(node).start:tree.edges_of(node).stop]
    # the share of all hands (weighted by how many there are) taking each action
    overall = (table @ space.counts) / space.counts.sum()
    return {"player": int(tree.player[node]), "blind": False,
            "actions": {label: round(float(p), 4) for label, p in zip(labels, overall,
                                                                     strict=True)}}


def _print(strategy: Strategy, show: str | None) -> None:
    console = Console()
    record = strategy.record
    console.print(f"Heads-up Three Card Brag: {strategy.abstraction.describe()}")
    console.print(f"{strategy.tree.n_nodes:,} decision nodes, {strategy.space.n_classes:,} hand "
                  f"classes ({strategy.space.n_hands:,} hands); key {strategy.key}")
    expl = record.exploitability
    expl_text = "?" if expl is None else f"{expl * 1000:.3f}"
    console.print(f"{record.iterations} iterations in {record.seconds:.1f} s; exploitability "
                  f"{expl_text} milli-antes per deal")
    if record.values is not None:
        console.print(f"Value per deal: seat 0 (dealer's left) {record.values[0]:+.4f}, "
                      f"seat 1 (dealer) {record.values[1]:+.4f} chips")
    if record.curve:
        table = Table(title="Exploitability (milli-antes per deal)")
        table.add_column("iteration", justify="right")
        table.add_column("seconds", justify="right")
        table.add_column("exploitability", justify="right")
        for it, seconds, value in record.curve:
            table.add_row(str(it), f"{seconds:.1f}", f"{value * 1000:.3f}")
        console.print(table)
    if show is not None:
        shown = _strategy_at(strategy, _history(show))
        who = f"seat {shown['player']}" + (" (blind)" if shown["blind"] else
                                          " (open; share of all hands)")
        console.print(f"After {show or 'the deal'!r}, {who}:")
        for label, p in shown["actions"].items():
            console.print(f"  {label:<10} {p:.4f}")
