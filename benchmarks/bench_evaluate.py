"""Speed of hand evaluation: the scalar path against a bare table look-up, and the batch path.

Run from the repository root: ``python benchmarks/bench_evaluate.py [--hands N]``. Every figure
is the best of several repeats; each ratio is to a baseline measured in the same run, so the
ratios mean something on any machine.

Scalar: ``evaluate(hand)`` on tuples of three ``Card`` objects, against a bare function doing
only the look-up (``table[a * 2809 + b * 53 + c]`` on the three cards), against the same look-up
with the key already computed; text input three ways: the same 1,000 texts repeated, fresh
strings (new objects, every hand a different text) and another notation (commas), which takes
the checked path.

Batch: ``evaluate_many`` on an ``(N, 3)`` array of card indices, checked and unchecked, against
a bare ``table.take(index)`` with the index already computed.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from bragkit.cards import Card, format_cards
from bragkit.hands import BRAGGERS, Ordering, evaluate, evaluate_many, strength_table


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeats`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def scalar(n: int, repeats: int) -> None:
    rng = random.Random(1)
    hands = [tuple(Card(c) for c in rng.sample(range(52), 3)) for _ in range(n)]
    texts = [format_cards(h) for h in hands[: n // 20]]
    flat = strength_table().ravel().tolist()
    keys = [a * 2809 + b * 53 + c for a, b, c in hands]
    evaluate(hands[0])  # build the tables outside the timing

    def bare(a: int, b: int, c: int, table: list[int] = flat) -> int:
        return table[a * 2809 + b * 53 + c]

    def bare_key(key: int, table: list[int] = flat) -> int:
        return table[key]

    def run_bare() -> None:
        for a, b, c in hands:
            bare(a, b, c)

    def run_bare_key() -> None:
        for key in keys:
            bare_key(key)

    def run_evaluate() -> None:
        for hand in hands:
            evaluate(hand)

    def run_nine_card() -> None:
        for hand in hands:
            evaluate(hand, ordering="nine-card")

    def run_member() -> None:
        for hand in hands:
            evaluate(hand, ordering=Ordering.STANDARD)

    def run_braggers() -> None:
        for hand in hands:
            evaluate(hand, ordering="historic", wild=BRAGGERS)

    def run_text() -> None:
        for text in texts:
            evaluate(text)

    repeated = [format_cards(h) for h in hands[:1_000]] * (n // 1_000)

    def run_repeated() -> None:
        for text in repeated:
            evaluate(text)

    def fresh_rate() -> float:
        # new string objects every repeat (their hashes not yet worked out), built untimed
        best = 0.0
        for _ in range(repeats):
            fresh = [format_cards(h) for h in hands]
            start = time.perf_counter()
            for text in fresh:
                evaluate(text)
            best = max(best, len(fresh) / (time.perf_counter() - start))
        return best

    def run_other_notation() -> None:
        for text in texts:
            evaluate(text.replace(" ", ","))

    evaluate(hands[0], ordering="nine-card")
    evaluate(hands[0], ordering="historic", wild=BRAGGERS)
    rates = {
        "bare look-up on the cards (baseline)": n / best_of(repeats, run_bare),
        "bare look-up, key precomputed": n / best_of(repeats, run_bare_key),
        "evaluate(cards)": n / best_of(repeats, run_evaluate),
        "evaluate(cards, ordering='nine-card')": n / best_of(repeats, run_nine_card),
        "evaluate(cards, ordering=Ordering.STANDARD)": n / best_of(repeats, run_member),
        "evaluate(cards, 'historic', wild=BRAGGERS)": n / best_of(repeats, run_braggers),
        "evaluate(text), the same 1,000 texts repeated": len(repeated)
        / best_of(repeats, run_repeated),
        "evaluate(text), fresh strings": fresh_rate(),
        "evaluate(text), other notation (checked path)": len(texts)
        / best_of(repeats, run_other_notation),
    }
    baseline = rates["bare look-up on the cards (baseline)"]
    print(f"Scalar, {n:,} hands, best of {repeats}")
    for name, rate in rates.items():
        print(f"  {name:<48} {rate / 1e6:8.2f} M hands/s   ratio {rate / baseline:5.2f}")
    keyed = rates["evaluate(cards)"] / rates["bare look-up, key precomputed"]
    print(f"  evaluate / bare look-up with key precomputed: {keyed:.2f}")
    cards = rates["evaluate(cards)"]
    for name in ("evaluate(text), the same 1,000 texts repeated", "evaluate(text), fresh strings"):
        print(f"  {name} / evaluate(cards): {rates[name] / cards:.2f}")
    print("  targets: repeated text >= 3 M/s, fresh text >= 1 M/s")


def batch(n: int, repeats: int) -> None:
    rng = np.random.default_rng(2)
    first = rng.integers(0, 52, n)
    second = (first + rng.integers(1, 26, n)) % 52
    third = (first + rng.integers(26, 52, n)) % 52
    hands = np.stack([first, second, third], axis=1).astype(np.intp)
    small = hands.astype(np.uint8)
    flat = strength_table().ravel()
    index = hands[:, 0] * 2809 + hands[:, 1] * 53 + hands[:, 2]
    rates = {
        "table.take(index), index precomputed (baseline)": n
        / best_of(repeats, lambda: flat.take(index)),
        "evaluate_many(intp array)": n / best_of(repeats, lambda: evaluate_many(hands)),
        "evaluate_many(intp array, check=False)": n
        / best_of(repeats, lambda: evaluate_many(hands, check=False)),
        "evaluate_many(uint8 array)": n / best_of(repeats, lambda: evaluate_many(small)),
    }
    baseline = rates["table.take(index), index precomputed (baseline)"]
    print(f"Batch, {n:,} hands, best of {repeats}")
    for name, rate in rates.items():
        print(f"  {name:<48} {rate / 1e6:8.1f} M hands/s   ratio {rate / baseline:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="scalar hands")
    parser.add_argument("--batch", type=int, default=5_000_000, help="batch hands")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    scalar(args.hands, args.repeats)
    batch(args.batch, args.repeats)


if __name__ == "__main__":
    main()
