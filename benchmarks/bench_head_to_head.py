"""Speed of exact head-to-head counts: every hand against every disjoint hand.

Run from the repository root: ``python benchmarks/bench_head_to_head.py``. All 22,100 hands
against each of the 18,424 hands an opponent could then hold is 407,170,400 matchups; the
inclusion–exclusion of :func:`bragkit.odds.all_head_to_head` counts them without playing them
out. The baseline, measured in the same run, is the direct count one hand at a time
(:func:`bragkit.odds.head_to_head`, itself vectorised with numpy) extrapolated from a sample.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

from bragkit.cards import Card, format_cards
from bragkit.hands import strength_table
from bragkit.odds import _all_head_to_head, _hand_values, _make_pack, head_to_head


def best_of(repeats: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def all_hands(dead: str, jokers: int = 0) -> Callable[[], object]:
    """Every hand against every hand, from the strength table (built once, outside the timing)
    but with the pack's hands, strengths and counts all computed afresh."""
    pack = _make_pack("standard", (), jokers, dead)

    def run() -> object:
        _hand_values.cache_clear()
        return _all_head_to_head.__wrapped__(pack)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--sample", type=int, default=200, help="hands for the baseline")
    args = parser.parse_args()
    strength_table()

    hands = math.comb(52, 3)
    matchups = hands * math.comb(49, 3)
    full = best_of(args.repeats, all_hands(""))
    with_dead = best_of(args.repeats, all_hands("As Kd 7c"))
    jokers = best_of(args.repeats, all_hands("", jokers=2))

    rng = random.Random(3)
    sample = [format_cards(Card(c) for c in rng.sample(range(52), 3)) for _ in range(args.sample)]
    head_to_head(sample[0])

    def direct() -> None:
        for text in sample:
            head_to_head(text)

    per_hand = best_of(3, direct) / len(sample)
    baseline = per_hand * hands
    print(f"All {hands:,} hands against every disjoint hand ({matchups:,} matchups)")
    print(f"  direct count, one hand at a time (baseline)  {baseline * 1e3:9.1f} ms"
          f"   (extrapolated from {len(sample)} hands, {per_hand * 1e6:.0f} µs each)")
    print(f"  inclusion-exclusion, all at once             {full * 1e3:9.1f} ms"
          f"   {matchups / full / 1e9:6.1f} G matchups/s   {baseline / full:7.0f}× baseline")
    print(f"  the same with 3 dead cards                   {with_dead * 1e3:9.1f} ms")
    print(f"  the same with 2 jokers (24,804 hands)        {jokers * 1e3:9.1f} ms")


if __name__ == "__main__":
    main()
