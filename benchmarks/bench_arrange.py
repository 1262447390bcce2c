"""Speed and strength of the arrangers of Nine Card Brag and Crash (bragkit.games.arrange).

**Speed.** The best arrangement of random thirteen-card Crash hands, by each strategy, through
the public, checked :func:`~bragkit.games.arrange.best_arrangement` (the strength tables and the
200,200 splits are built before the clock starts). The baseline, measured in the same run, is
the bare numpy pass such a search cannot avoid: gathering the four hand strengths of every one of
the 200,200 ways to take four triples from thirteen cards and taking the best row sum. The ratio
says what the checks, the four-of-a-kind variants, the sort into play order and the scoring cost
on top of that; it travels between machines better than milliseconds. Target: median <= 50 ms.
Nine-card hands (280 splits) are timed too.

**Strength.** Points per deal of one seat playing each strategy while the others play greedily,
over the same seeded deals (the seat moves round the table), through the real engines
(``nine_card.compare_strategies`` and ``crash.compare_strategies``).
The fair share — what a seat scores when everyone plays alike — is printed beside them.

Run: ``python benchmarks/bench_arrange.py [--hands N] [--nine-deals N] [--crash-deals N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from bragkit.cards import Card
from bragkit.games import arrange, crash, nine_card


def timed(calls: list[Callable[[], object]]) -> list[float]:
    """Seconds per call."""
    out = []
    for call in calls:
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def report(label: str, seconds: list[float], base: float | None = None) -> float:
    median = statistics.median(seconds)
    p90 = sorted(seconds)[int(0.9 * (len(seconds) - 1))]
    ratio = f"   {median / base:6.1f}x baseline" if base else ""
    print(f"  {label:<38} median {median * 1e3:7.2f} ms   p90 {p90 * 1e3:7.2f} ms{ratio}")
    return median


def speed(hands: int, seed: int) -> None:
    rng = random.Random(seed)
    thirteen = [tuple(Card(i) for i in rng.sample(range(52), 13)) for _ in range(hands)]
    nine = [tuple(Card(i) for i in rng.sample(range(52), 9)) for _ in range(hands)]
    # Warm every cache (strength scale, splits, round tables) before the clock starts.
    for strategy in arrange.STRATEGIES:
        arrange.best_arrangement(thirteen[0], strategy=strategy)
        arrange.best_arrangement(nine[0], strategy=strategy)
    splits = arrange.partitions(13, 4)
    splits9 = arrange.partitions(9, 3)
    strengths = [np.random.default_rng(seed + i).integers(0, 900, 286) for i in range(hands)]

    def bare(s: np.ndarray, rows: np.ndarray) -> Callable[[], object]:
        return lambda: int(s[rows].sum(axis=1).argmax())

    print(f"Best arrangement of {hands} random hands (one core):")
    base = report("crash baseline: bare 200,200-row pass",
                  timed([bare(s, splits) for s in strengths]))
    medians = {}
    for strategy in arrange.STRATEGIES:
        medians[strategy] = report(
            f"crash, 13 cards, {strategy}",
            timed([lambda h=h, st=strategy: arrange.best_arrangement(h, strategy=st)
                   for h in thirteen]), base)
    base9 = report("nine-card baseline: bare 280-row pass",
                   timed([bare(s[:84], splits9) for s in strengths]))
    for strategy in arrange.STRATEGIES:
        report(f"nine-card, 9 cards, {strategy}",
               timed([lambda h=h, st=strategy: arrange.best_arrangement(h, strategy=st)
                      for h in nine]), base9)
    report("nine-card, legal plays (N6)",
           timed([lambda h=h: arrange.playable_sets(h) for h in nine]), base9)
    worst = max(medians.values()) * 1e3
    print(f"  target: crash median <= 50 ms: {'met' if worst <= 50 else 'MISSED'} "
          f"({worst:.1f} ms)")


def strength(nine_deals: int, crash_deals: int, seed: int) -> None:
    print(f"\nPoints per deal, one seat with the strategy, the others greedy (seed {seed}):")
    for players in (2, 3, 4, 5):
        start = time.perf_counter()
        scores = nine_card.compare_strategies(players=players, deals=nine_deals, seed=seed)
        rules = nine_card.NineCardRules()
        fair = 3 * sum(rules.points_for(players)) / players
        print(f"  nine-card, {players} players, {nine_deals} deals: "
              + ", ".join(f"{k} {v:.3f}" for k, v in scores.items())
              + f"   (fair share {fair:.2f}; {time.perf_counter() - start:.1f} s)")
    for players in (2, 3, 4):
        start = time.perf_counter()
        scores = crash.compare_strategies(players=players, deals=crash_deals, seed=seed)
        print(f"  crash, {players} players, {crash_deals} deals: "
              + ", ".join(f"{k} {v:.3f}" for k, v in scores.items())
              + f"   ({time.perf_counter() - start:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--nine-deals", type=int, default=1000)
    parser.add_argument("--crash-deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    speed(args.hands, args.seed)
    if args.nine_deals or args.crash_deals:
        strength(args.nine_deals, args.crash_deals, args.seed)


if __name__ == "__main__":
    main()
