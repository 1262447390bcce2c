"""Deals per second of Nine Card Brag and Crash with four players choosing random legal actions
through the checked API: the menu (``legal_actions``), one of an option's ``choices`` at random
(by index: a Crash menu is never listed), then ``apply`` (which checks the action again).

Each figure is the best of ``--repeats`` runs, in deals per CPU second of this process (the
machine may be shared: wall-clock time would count the other processes). The script runs
against any checkout: before the one protocol, a menu listed the actions themselves; it then
picks one of them at random the same way. Compare two checkouts back to back::

    PYTHONPATH=src python benchmarks/bench_points.py
    PYTHONPATH=/path/to/other/src python benchmarks/bench_points.py

Target: >= 5,000 deals/s for both games.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bragkit.actions import LegalAction
from bragkit.games import crash, nine_card

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def pick(game: Any, rng: random.Random) -> Any:
    """A random legal action: an option at random, then one of its choices at random."""
    menu = game.legal_actions()
    if not isinstance(menu[0], LegalAction):  # before the one protocol: a menu of actions
        return menu[rng.randrange(len(menu))]
    option = menu[rng.randrange(len(menu))]
    if option.choices is None:
        return option.action()
    return option.choices[rng.randrange(len(option.choices))]


def deals_per_second(game_type: Any, rules: Any, seconds: float, seed: int,
                     repeats: int) -> float:
    """The best of ``repeats`` runs, each ``seconds / repeats`` CPU seconds long."""
    best = 0.0
    for run in range(repeats):
        rng = random.Random(seed + run)
        game = game_type(rules, players=PLAYERS, dealer=PLAYERS[-1], rng=seed + run)
        for _ in range(20):  # warm the caches (the strength tables, the splits)
            game.apply(pick(game, rng))
        start = time.process_time()
        first = game.deal_number
        while time.process_time() - start < seconds / repeats:
            for _ in range(50):
                game.apply(pick(game, rng))
        best = max(best, (game.deal_number - first) / (time.process_time() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    endless = 10**9  # one long game: the deals, not the end of the game, are timed
    for name, game_type, rules in [
            ("nine-card", nine_card.NineCardGame, nine_card.NineCardRules(target=endless)),
            ("crash", crash.CrashGame, crash.CrashRules(target=endless))]:
        rate = deals_per_second(game_type, rules, args.seconds, args.seed, args.repeats)
        print(f"{name:<10} {rate:8.0f} deals/s   target 5,000: "
              f"{'met' if rate >= 5000 else 'MISSED'}")


if __name__ == "__main__":
    main()
