"""The bots by name: ``random``, ``cautious``, ``bold`` and ``shark``, and room for more.

>>> BUILT_IN
('random', 'cautious', 'bold', 'shark')
>>> set(BUILT_IN) <= set(BOTS)
True
>>> make_bot("cautious").kind
'cautious'
>>> make_bot("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bragkit.errors.BragError: unknown bot 'poker' (known: random, cautious, bold, shark, solver, ...)

Any factory taking ``seed``, ``budget`` and ``rules`` keywords can join with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable

from bragkit.bots.agent import DEFAULT_BUDGET, Agent
from bragkit.bots.shark import SharkBot
from bragkit.bots.simple import BOLD, CAUTIOUS, RandomBot, ThresholdBot
from bragkit.cards import RandomSource
from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules

__all__ = ["BOTS", "BUILT_IN", "BotFactory", "make_bot", "register"]

BotFactory = Callable[..., Agent]


def _random(*, seed: RandomSource = None, budget: float = DEFAULT_BUDGET,
            rules: Rules | None = None) -> Agent:
    return RandomBot(seed=seed, budget=budget)


def _cautious(*, seed: RandomSource = None, budget: float = DEFAULT_BUDGET,
              rules: Rules | None = None) -> Agent:
    return ThresholdBot(CAUTIOUS, rules=rules, budget=budget)


def _bold(*, seed: RandomSource = None, budget: float = DEFAULT_BUDGET,
          rules: Rules | None = None) -> Agent:
    return ThresholdBot(BOLD, rules=rules, budget=budget)


def _shark(*, seed: RandomSource = None, budget: float = DEFAULT_BUDGET,
           rules: Rules | None = None) -> Agent:
    return SharkBot(seed=seed, budget=budget, rules=rules)


def _learned(*, seed: RandomSource = None, budget: float = DEFAULT_BUDGET,
             rules: Rules | None = None) -> Agent:
    # the network loads (a small .npz) only when a learned bot is asked for
    from bragkit.bots.learned import LearnedBot

    return LearnedBot(rules=rules, budget=budget)


def _solver(*, seed: RandomSource = None, budget: float = DEFAULT_BUDGET,
            rules: Rules | None = None) -> Agent:
    # The solver (and its numpy tables) loads only when a solver bot is asked for.
    from bragkit.bots.solver_bot import solver_bot

    return solver_bot(seed=seed, budget=budget, rules=rules)


#: The bots by name, with a one-line description each.
BOTS: dict[str, tuple[BotFactory, str]] = {
    "random": (_random, "uniform over its legal moves, amounts uniform in range"),
    "cautious": (_cautious, "looks at once, bets good hands, raises rarely, sees early"),
    "bold": (_bold, "bets blind two rounds, plays weak hands, raises often"),
    "shark": (_shark, "exact equity, follows the unshuffled pack, reads opponents' bets"),
    "solver": (_solver, "plays a CFR+ equilibrium of heads-up Brag (bragkit solve)"),
    "learned": (_learned, "a small network trained by self-play on the simulator (bragkit train)"),
}


#: The four bots of this package (others may :func:`register` more).
BUILT_IN: tuple[str, ...] = ("random", "cautious", "bold", "shark")


def register(kind: str, factory: BotFactory, description: str = "") -> None:
    """Add a bot under a name (replacing one of that name)."""
    BOTS[kind] = (factory, description)


def make_bot(
    kind: str,
    *,
    seed: RandomSource = None,
    budget: float = DEFAULT_BUDGET,
    rules: Rules | None = None,
) -> Agent:
    """A new bot of a kind, seeded (a seed makes it reproducible)."""
    found = BOTS.get(kind)
    if found is None:
        raise BragError(f"unknown bot {kind!r} (known: {', '.join(BOTS)})")
    return found[0](seed=seed, budget=budget, rules=rules)
