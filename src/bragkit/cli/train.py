"""``bragkit train``: train the learned bot on the simulator (docs/learned.md).

Evolution strategies from a seed (:mod:`bragkit.learn.train`): the same seed and generations
give the same weights, on one thread, numpy only. ``--out NAME`` writes ``NAME.npz`` (the
weights, what ``bragkit/learn/shipped/learned.npz`` ships) and ``NAME.json`` (the plan and the
training curve); ``--minutes`` stops early (then the weights depend on the machine's speed)::

    $ bragkit train --seed 1 --generations 300 --out learned
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape as rich_escape

from bragkit.cli._app import app, fail
from bragkit.distribute import INSTALL, parse_address
from bragkit.errors import BragError
from bragkit.learn.train import Plan, Point, train

__all__ = ["train_command"]

_PLAN = Plan()  # the defaults


@app.command("train")
def train_command(
    seed: Annotated[int, typer.Option("--seed", help="Seed: same seed, same weights.")] = 1,
    generations: Annotated[int, typer.Option(
        "--generations", help="Generations of evolution strategies.")] = _PLAN.generations,
    deals: Annotated[int, typer.Option(
        "--deals", help="Deals per network per table size per generation.")] = _PLAN.deals,
    minutes: Annotated[float | None, typer.Option(
        "--minutes", help="Stop after this many minutes of CPU (not reproducible).")] = None,
    out: Annotated[Path, typer.Option("--out", help="Write OUT.npz and OUT.json.")] = Path(
        "learned"),
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Draw the training curve into this PNG (needs matplotlib).")] = None,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help="Play each generation's networks on a Ray cluster, a job per network and table "
             "size, with the same weights as here: local, local:N, auto, ray://HOST:10001 or "
             "HOST:6379 (as bragkit arena --ray). Needs Ray, the ray extra: "
             + rich_escape(INSTALL) + ". See docs/deploy.md.", show_default=False)] = None,
) -> None:
    """Train the learned bot by self-play on the simulator; print the curve as it goes."""
    if generations < 1 or deals < 1:
        fail("--generations and --deals are at least 1")
    plan = Plan(seed=seed, generations=generations, deals=deals)

    def report(point: Point) -> None:
        figures = ", ".join(f"{name} {value:+.1f}" for name, value in point.results.items())
        typer.echo(f"generation {point.generation} ({point.deals:,} deals): {figures}")

    try:
        address = None if ray is None else parse_address(ray)
        trained = train(plan, report=report, minutes=minutes, ray=address)
    except BragError as error:
        fail(str(error))
    trained.network.save(out.with_suffix(".npz"))
    record = {"plan": dataclasses.asdict(plan),
              "curve": [dataclasses.asdict(p) for p in trained.curve]}
    out.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    typer.echo(f"wrote {out.with_suffix('.npz')} and {out.with_suffix('.json')}")
    if plot is not None:
        draw_curve(trained.curve, plot)
        typer.echo(f"wrote {plot}")


def draw_curve(curve: list[Point], path: Path) -> None:
    """The training curve: chips per 100 deals at each check table against the deals played."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axis = plt.subplots(figsize=(7, 4))
    deals = [p.deals / 1e6 for p in curve]
    for name in curve[0].results if curve else ():
        axis.plot(deals, [p.results[name] for p in curve], label=name)
    axis.axhline(0.0, color="grey", linewidth=0.8)
    axis.set_xlabel("deals played in training (millions)")
    axis.set_ylabel("chips per 100 deals (simulator)")
    axis.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
