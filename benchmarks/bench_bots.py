"""How fast the bots decide, and how far inside their time budget (bragkit.bots).

Each bot is asked for decisions on the views of real deals (four players, three-card Brag and
four-card Brag, arena stakes), dealt and played by the bots themselves through a Table, so the
views are the ones bots meet in play. The clock runs only around ``agent.act(view)``. The
baseline, measured in the same run on the same views, is the least any agent must do: pick a
random legal option (``random.choice`` over ``view.legal_actions``). The ratio to it travels
between machines better than microseconds; the slowest decision is compared with the default
budget (``bragkit.bots.agent.DEFAULT_BUDGET``).

Then whole deals: an arena of shark, cautious, bold and random, deals per second.

Then every other game of the registry through the generic player API
(:func:`bragkit.bots.make_player`): views met by its bots in play (three seats), each bot timed
around ``player.act(view, legal)`` against the ``random`` player's time on the same views (the
baseline of that game), and an arena of the game's strong bot and random, deals per second.

Run: ``python benchmarks/bench_bots.py [--deals N]``.
"""

from __future__ import annotations

import argparse
import inspect
import random
import statistics
import time
from typing import Any

from bragkit.actions import LegalAction
from bragkit.arena import arena_rules, play_arena, three_card_family
from bragkit.bots import (
    DEFAULT_BUDGET,
    ask,
    ended_event,
    make_bot,
    make_player,
    notify,
    players,
    started_event,
)
from bragkit.games import find, games, new
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table
from bragkit.games.three_card.views import DealView

KINDS = ("random", "cautious", "bold", "shark")


def collect(rules: Rules, deals: int, seed: int) -> list[tuple[str, DealView]]:
    """Views met in play: (seat, view) at every decision of ``deals`` deals."""
    names = list(KINDS)
    agents = {n: make_bot(n, seed=seed + i, rules=rules) for i, n in enumerate(names)}
    table = Table(rules, seats=names, buy_ins=200, rng=seed)
    views: list[tuple[str, DealView]] = []
    for _ in range(deals):
        for name, stack in table.stacks.items():
            if stack < 100:
                table.topup(name, 200 - stack)
        shuffled = table.shuffle_due
        deal = table.start_deal()
        for name in names:
            notify(agents[name], started_event(deal, name, shuffled=shuffled))
        while not deal.over:
            name = str(deal.to_act)
            views.append((name, deal.view(name)))
            table.apply(ask(agents[name], deal, name))
        for name in names:
            notify(agents[name], ended_event(deal, name))
    return views


def time_bot(kind: str, rules: Rules, views: list[tuple[str, DealView]]) -> list[float]:
    agent = make_bot(kind, seed=1, rules=rules)
    times = []
    for _, view in views:
        start = time.perf_counter()
        agent.act(view)
        times.append(time.perf_counter() - start)
    return times


def time_baseline(views: list[tuple[str, DealView]]) -> list[float]:
    rng = random.Random(1)
    times = []
    for name, view in views:
        start = time.perf_counter()
        rng.choice([o for o in view.legal_actions if o.player == name])
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals to collect views from")
    args = parser.parse_args()
    for game in ("three-card", "four-card"):
        rules = arena_rules(game)
        views = collect(rules, args.deals, seed=7)
        base = statistics.median(time_baseline(views))
        print(f"{game}: {len(views)} decisions from {args.deals} deals; "
              f"baseline (random.choice) median {base * 1e6:.2f} µs")
        for kind in KINDS:
            times = time_bot(kind, rules, views)
            median = statistics.median(times)
            print(f"  {kind:<9} median {median * 1e3:8.3f} ms  p99 "
                  f"{sorted(times)[int(len(times) * 0.99)] * 1e3:8.3f} ms  max "
                  f"{max(times) * 1e3:8.3f} ms  ({median / base:,.0f}x baseline; "
                  f"max is {max(times) / DEFAULT_BUDGET:.1%} of the {DEFAULT_BUDGET}s budget)")
    start = time.perf_counter()
    result = play_arena(list(KINDS), deals=args.deals * 3, seed=3)
    spent = time.perf_counter() - start
    print(f"arena, four bots: {result.deals} deals in {spent:.1f} s "
          f"({result.deals / spent:,.0f} deals/s)")
    for info in games():
        if not three_card_family(info.name):
            other_game(info.name, max(20, args.deals // 10))


def other_game(game: str, count: int) -> None:
    """Decision times of a game's bots on the views its bots meet, and an arena."""
    kinds = list(players(game))
    seats = ["a", "b", "c"]
    views: list[tuple[Any, tuple[LegalAction, ...]]] = []
    for seed in range(count):
        short = "target" in inspect.signature(find(game).rules).parameters  # N7, C6
        options = {"target": 3} if short else {}
        played = new(game, players=seats, seed=seed, **options)
        bots = {s: make_player(kinds[i % len(kinds)], game=game, seed=seed) for i, s in
                enumerate(seats)}
        while not played.over:
            name = str(played.to_act)
            views.append((played.view(name), tuple(played.legal_actions(name))))
            played.apply(ask(bots[name], played, name))
    timings: dict[str, list[float]] = {}
    for kind in kinds:
        bot = make_player(kind, game=game, seed=1)
        times = timings[kind] = []
        for view, legal in views:
            start = time.perf_counter()
            bot.act(view, legal)
            times.append(time.perf_counter() - start)
    base = statistics.median(timings["random"])
    print(f"{game}: {len(views)} decisions; baseline (random) median {base * 1e6:.2f} µs")
    for kind, times in timings.items():
        median = statistics.median(times)
        print(f"  {kind:<9} median {median * 1e3:8.3f} ms  max {max(times) * 1e3:8.3f} ms  "
              f"({median / base:,.0f}x baseline)")
    start = time.perf_counter()
    games_of_deals = find(game).unit == "points"  # the arena counts its games (N7, C6)
    result = play_arena([kinds[1], "random"], game=game,
                        deals=count if games_of_deals else count * 3, seed=3)
    spent = time.perf_counter() - start
    strong = next(s for s in result.scores if s.name == kinds[1])
    print(f"  arena {kinds[1]} v random: {result.deals} {result.per}s in {spent:.1f} s "
          f"({result.deals / spent:,.0f} {result.per}s/s); {kinds[1]} {strong.per_100:+.1f} "
          f"{result.score_label}")


if __name__ == "__main__":
    main()
