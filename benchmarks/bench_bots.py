"""How fast the bots decide, and how far inside their time budget (bragkit.bots).

Each bot is asked for decisions on the views of real deals (four players, three-card Brag and
four-card Brag, arena stakes), dealt and played by the bots themselves through a Table, so the
views are the ones bots meet in play. The clock runs only around ``agent.act(view)``. The
baseline, measured in the same run on the same views, is the least any agent must do: pick a
random legal option (``random.choice`` over ``view.legal_actions``). The ratio to it travels
between machines better than microseconds; the slowest decision is compared with the default
budget (``bragkit.bots.agent.DEFAULT_BUDGET``).

Then whole deals: an arena of shark, cautious, bold and random, deals per second.

Run: ``python benchmarks/bench_bots.py [--deals N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bragkit.arena import arena_rules, play_arena
from bragkit.bots import DEFAULT_BUDGET, ask, ended_event, make_bot, notify, started_event
from bragkit.games.views import DealView
from bragkit.rules import Rules
from bragkit.table import Table

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
        while not deal.is_over:
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


if __name__ == "__main__":
    main()
