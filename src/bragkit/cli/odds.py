"""``bragkit odds [HAND]``: the odds of Brag hands, counted exactly (rules H9, W1–W3).

With no hand, the table of rule H9: how many of the pack's hands fall in each category, the
chance and the odds, as the sources print them. With a hand, what it is, where it stands among
all hands, and its chances against one random opponent (exact) and against several
(``--opponents``, a seeded Monte Carlo estimate with its standard error)::

    $ bragkit odds "Qh Qs 4d"
    Qh Qs 4d: pair of queens, 4 kicker (standard order)
    Beats 19,368 of 22,100 hands, ties 24 (itself among them), loses to 2,708.
    Against one opponent (18,424 hands): win 16,269 (88.30%), tie 3 (0.02%), lose 2,152 (11.68%).

Wild cards are counted exactly too: ``--jokers 2`` adds two jokers to the pack, ``--wild 2s,2c``
makes the black twos wild. ``--json`` prints one JSON object instead. Bad input is one line on
standard error and exit status 2.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from bragkit.cards import format_cards, parse_cards
from bragkit.cli._app import app, fail
from bragkit.errors import BragError
from bragkit.hands import Ordering
from bragkit.odds import (
    Equity,
    Matchups,
    Standing,
    category_counts,
    distinct_strengths,
    equity,
    head_to_head,
    standing,
)

__all__ = ["odds"]

_ORDERINGS = ", ".join(o.value for o in Ordering)


@app.command("odds")
def odds(
    hand: Annotated[
        str | None,
        typer.Argument(help='A hand, e.g. "Qh Qs 4d"; none: the table of all hands (H9).',
                       show_default=False),
    ] = None,
    ordering: Annotated[
        str, typer.Option("--ordering", "-o", help=f"How hands rank: {_ORDERINGS}.")
    ] = "standard",
    jokers: Annotated[int, typer.Option("--jokers", help="Jokers added to the pack (wild).")] = 0,
    wild: Annotated[
        str, typer.Option("--wild", help='Further wild cards, e.g. "2s,2c".', show_default=False)
    ] = "",
    dead: Annotated[
        str, typer.Option("--dead", help="Cards out of play (seen, folded).", show_default=False)
    ] = "",
    opponents: Annotated[
        int, typer.Option("--opponents", "-k", help="Opponents; more than one is estimated.")
    ] = 1,
    trials: Annotated[int, typer.Option("--trials", help="Deals for the estimate.")] = 100_000,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the estimate (reproducible).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The odds of Brag hands: the table of all hands, or one hand's chances."""
    try:
        order = Ordering.parse(ordering)
        wild_cards = parse_cards(wild)
        dead_cards = parse_cards(dead)
        if jokers < 0:
            fail("--jokers cannot be negative")
        if opponents < 1:
            fail("--opponents must be at least 1")
        if trials < 2:
            fail("--trials must be at least 2")
        if hand is None:
            _print_table(order, wild_cards, jokers, dead_cards, as_json)
        else:
            _print_hand(
                hand, order, wild_cards, jokers, dead_cards, opponents, trials, seed, as_json
            )
    except BragError as error:
        fail(" ".join(str(error).split()))


def _print_table(
    order: Ordering, wild: tuple[Any, ...], jokers: int, dead: tuple[Any, ...], as_json: bool
) -> None:
    rows = category_counts(ordering=order, wild=wild, jokers=jokers, dead=dead)
    total = rows[0].total
    if as_json:
        document = {
            "ordering": order.value,
            "jokers": jokers,
            "wild": format_cards(wild).split(),
            "dead": format_cards(dead).split(),
            "total": total,
            "distinct_strengths": distinct_strengths(ordering=order, wild=wild, jokers=jokers)
            if not dead
            else None,
            "rows": [
                {
                    "hand": row.label,
                    "category": row.category.name.lower(),
                    "combinations": row.combinations,
                    "probability": row.probability,
                    "fraction": row.probability_text,
                    "odds": row.odds,
                }
                for row in rows
            ],
        }
        typer.echo(json.dumps(document, ensure_ascii=False))
        return
    title = f"Brag hands, {order.value} order"
    extras = []
    if jokers:
        extras.append(f"{jokers} joker{'s' if jokers > 1 else ''}")
    if wild:
        extras.append(f"{format_cards(wild)} wild")
    if dead:
        extras.append(f"{format_cards(dead)} dead")
    if extras:
        title += " (" + ", ".join(extras) + ")"
    table = Table(title=title)
    table.add_column("Hand")
    table.add_column("Combinations", justify="right")
    table.add_column("Probability", justify="right")
    table.add_column("Odds", justify="right")
    for row in rows:
        table.add_row(
            row.label.capitalize(),
            f"{row.combinations:,}",
            f"{row.probability_text} ({row.probability:.3%})",
            row.odds,
        )
    table.add_section()
    table.add_row("Total", f"{total:,}", "", "")
    console = Console(highlight=False)
    console.print(table)


def _print_hand(
    text: str,
    order: Ordering,
    wild: tuple[Any, ...],
    jokers: int,
    dead: tuple[Any, ...],
    opponents: int,
    trials: int,
    seed: int | None,
    as_json: bool,
) -> None:
    cards = parse_cards(text)
    jokers_held = sum(1 for c in cards if c.is_joker)
    if jokers_held > jokers:
        fail(f"the hand holds {jokers_held} joker(s) but the pack has {jokers} (use --jokers)")
    where = standing(cards, ordering=order, wild=wild, jokers=jokers)
    one = head_to_head(cards, ordering=order, wild=wild, jokers=jokers, dead=dead)
    several = (
        equity(cards, opponents, ordering=order, wild=wild, jokers=jokers, dead=dead,
               trials=trials, rng=seed)
        if opponents > 1
        else None
    )
    if as_json:
        typer.echo(json.dumps(_hand_json(cards, order, where, one, several, seed)))
        return
    lines = [
        f"{format_cards(cards)}: {where.rank} ({order.value} order)",
        f"Beats {where.beats:,} of {where.total:,} hands, ties {where.ties:,} "
        f"(itself among them), loses to {where.loses_to:,}.",
        f"Against one opponent ({one.total:,} hands): {_counts(one)}.",
    ]
    if several is not None:
        source = f"seed {seed}" if seed is not None else "unseeded"
        lines.append(
            f"Against {opponents} opponents (estimated from {several.trials:,} deals, {source}): "
            f"win {several.win:.2%} ± {several.win_error:.2%}, tie {several.tie:.2%}, "
            f"lose {several.lose:.2%}; equity {several.equity:.2%} ± {several.equity_error:.2%} "
            "(one standard error)."
        )
    for line in lines:
        typer.echo(line)


def _counts(m: Matchups) -> str:
    def part(name: str, n: int) -> str:
        return f"{name} {n:,} ({n / m.total:.2%})"

    return ", ".join((part("win", m.win), part("tie", m.tie), part("lose", m.lose)))


def _hand_json(
    cards: tuple[Any, ...],
    order: Ordering,
    where: Standing,
    one: Matchups,
    several: Equity | None,
    seed: int | None,
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "hand": format_cards(cards),
        "ordering": order.value,
        "rank": str(where.rank),
        "category": where.rank.category.name.lower(),
        "wilds": where.rank.wilds,
        "value": where.rank.value,
        "beats": where.beats,
        "ties": where.ties,
        "total": where.total,
        "head_to_head": {
            "win": one.win,
            "tie": one.tie,
            "lose": one.lose,
            "total": one.total,
            "equity": one.equity,
        },
    }
    if several is not None:
        document["opponents"] = {
            "count": several.opponents,
            "trials": several.trials,
            "seed": seed,
            "win": several.win,
            "tie": several.tie,
            "lose": several.lose,
            "equity": several.equity,
            "win_error": several.win_error,
            "equity_error": several.equity_error,
        }
    return document
