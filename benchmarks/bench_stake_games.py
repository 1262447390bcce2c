"""Deals per second of the equalising games: single-stake and three-stake historic Brag, and
3 Card Brag Poker, four players each picking a random legal action through the checked API.

Run from the repository root: ``python benchmarks/bench_stake_games.py [--deals N]``. At every
turn the player to act takes ``legal_actions(to_act)``, picks an option uniformly, then an amount
uniformly in its range, and ``apply`` checks it. Each figure is the best of three runs, in CPU
time of this process (the machine may be shared). The script uses only what the engine has long
offered (``legal_actions``, ``option.action``, ``apply``, ``is_over``), so it runs against older
code too, for a figure measured back to back.
"""

from __future__ import annotations

import argparse
import random
import time

from bragkit.games.brag_poker import BragPoker
from bragkit.games.historic import SingleStakeBrag, ThreeStakeBrag

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def play(cls: type[SingleStakeBrag | ThreeStakeBrag | BragPoker], deals: int
         ) -> tuple[float, int]:
    """CPU seconds for ``deals`` deals, and the actions they took."""
    rng = random.Random(1)
    actions = 0
    start = time.process_time()
    for n in range(deals):
        game = cls(players=PLAYERS, dealer=PLAYERS[n % 4], stacks=[200] * 4,
                   rng=rng.getrandbits(32))
        while not game.over:
            option = rng.choice(game.legal_actions(game.to_act))
            low, high = option.min_amount, option.max_amount
            if low is not None and high is not None and low != high:
                game.apply(option.action(rng.randint(low, high)))
            else:
                game.apply(option.action())
            actions += 1
    return time.process_time() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    args = parser.parse_args()
    for cls in (SingleStakeBrag, ThreeStakeBrag, BragPoker):
        seconds, actions = min(play(cls, args.deals) for _ in range(3))
        print(f"{cls.__name__:16} {args.deals / seconds:7.0f} deals/s "
              f"{actions / args.deals:5.1f} actions/deal")


if __name__ == "__main__":
    main()
