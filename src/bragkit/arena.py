"""Bots against bots: many deals at a :class:`~bragkit.table.Table`, and who wins how much.

:func:`play_arena` seats bots at a table and plays deal after deal as real play goes (rule T1):
the deal passes left (D3), the pack is not shuffled but carried over in the order the hands went
under it (D4, D5), pots are carried and blind hands kept (BL3, R1–R3). It rotates the seating
between sessions (a fresh table each, so no bot keeps one neighbour), tops a bot up when its
stack runs low (M1: the ledger records it; it is money brought, not won), and at the end of a
session shares out a pot still carried. Each bot is told only what its player may know
(:mod:`bragkit.bots.agent`).

The score of a bot is the chips it won (or lost) per 100 deals, with a 95% confidence interval
from batch means (deals are not independent: a carried pot links them). Everything comes from
``seed``: the same seed gives the same deals, the same decisions, the same numbers.

>>> result = play_arena(["cautious", "random"], deals=40, seed=5)
>>> [s.name for s in result.scores], sum(s.net for s in result.scores)   # chips are conserved
(['cautious', 'random'], 0)
>>> play_arena(["cautious", "random"], deals=40, seed=5) == result
True
>>> round_robin(["random", "cautious", "bold"], deals=10, seed=1)[0].scores[0].name
'random'
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bragkit.bots.agent import DEFAULT_BUDGET, Agent, ask, ended_event, notify, started_event
from bragkit.bots.registry import make_bot
from bragkit.errors import BragError
from bragkit.rules import Rules
from bragkit.table import Table

__all__ = [
    "ARENA_RULES",
    "ArenaResult",
    "BotScore",
    "arena_rules",
    "play_arena",
    "round_robin",
]

#: The stakes the arena plays by default on top of a game's preset (a sensible limit: B1).
ARENA_RULES: dict[str, Any] = {"ante": 1, "min_bet": 1, "max_bet": 10}
#: Deals per session before the seating is rotated and a fresh table opens.
SESSION = 500
#: Deals per batch for the confidence interval (batch means).
BATCH = 100


def arena_rules(game: str = "three-card", **overrides: Any) -> Rules:
    """The rules of an arena game: the preset, the arena's stakes, then ``overrides``.

    >>> arena_rules("four-card", max_bet=None).to_dict()
    {'cards': 4}
    """
    options = {**ARENA_RULES, **overrides}
    return Rules.preset(game, **options)


@dataclass(frozen=True, kw_only=True, slots=True)
class BotScore:
    """One bot's result: chips won over the deals, per 100 deals with a 95% interval."""

    name: str
    kind: str
    deals: int
    net: int
    per_100: float
    low: float
    high: float
    slowest: float

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data (the think time is left out: it is not reproducible)."""
        return {"name": self.name, "kind": self.kind, "deals": self.deals, "net": self.net,
                "per_100": round(self.per_100, 2),
                "ci95": [round(self.low, 2), round(self.high, 2)]}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BotScore):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.name, self.net))


@dataclass(frozen=True, kw_only=True, slots=True)
class ArenaResult:
    """The scores of one match, best first, and what it was played under."""

    rules: Rules
    deals: int
    seed: int | None
    scores: tuple[BotScore, ...]
    topups: int

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data."""
        return {"game": _game_name(self.rules), "rules": self.rules.to_dict(),
                "deals": self.deals, "seed": self.seed, "topups": self.topups,
                "bots": [s.to_dict() for s in self.scores]}

    def lines(self) -> list[str]:
        """The result as aligned text, one bot a line."""
        width = max(len(s.name) for s in self.scores)
        out = [f"{self.deals} deals of {_game_name(self.rules)}"
               f"{'' if self.seed is None else f', seed {self.seed}'}:"]
        for s in self.scores:
            out.append(f"  {s.name:<{width}}  {s.per_100:+9.1f} chips/100 deals  "
                       f"95% CI [{s.low:+.1f}, {s.high:+.1f}]  net {s.net:+d}")
        return out


def _game_name(rules: Rules) -> str:
    return "teen-patti" if rules.ordering == "teen-patti" else rules.variant


Bot = str | tuple[str, Agent]


def play_arena(
    bots: Sequence[Bot],
    *,
    deals: int,
    rules: Rules | None = None,
    seed: int | None = None,
    stack: int = 200,
    budget: float = DEFAULT_BUDGET,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``deals`` deals between ``bots`` (kinds from :mod:`bragkit.bots.registry`, or
    ``(name, agent)`` pairs) and score them. ``stack`` is each bot's buy-in, topped up again when
    it falls under half. ``progress`` is called with the number of deals played after each.
    """
    if deals < 1:
        raise BragError(f"play at least one deal, not {deals}")
    rules = rules or arena_rules()
    master = random.Random(seed)
    names, kinds, agents = _seat(bots, master, budget, rules)
    rules.check_table(names)
    if stack < max(rules.ante, rules.buy_in, 1):
        raise BragError(f"a stack of {stack} cannot pay the ante of {rules.ante}")
    seatings = _seatings(names, master)
    sessions = max(len(seatings), math.ceil(deals / SESSION))
    sessions = math.ceil(sessions / len(seatings)) * len(seatings)
    gains: dict[str, list[int]] = {n: [] for n in names}
    slowest = dict.fromkeys(names, 0.0)
    topups = 0
    played = 0
    for number in range(sessions):
        length = deals // sessions + (1 if number < deals % sessions else 0)
        if not length:
            continue
        table = Table(rules, seats=seatings[number % len(seatings)], buy_ins=stack,
                      rng=random.Random(master.getrandbits(64)))
        ledger = table.ledger
        before = ledger.nets()
        for _ in range(length):
            for name, money in table.stacks.items():
                if money < max(stack // 2, rules.ante):
                    table.topup(name, stack - money)  # rule M1
                    topups += 1
            _play_deal(table, agents, slowest)
            after = ledger.nets()
            for name in names:
                gains[name].append(after.get(name, 0) - before.get(name, 0))
            before = after
            played += 1
            if progress is not None:
                progress(played)
        table.share_carried_pot()  # rule BL3: the night ends with the pot shared
        after = ledger.nets()
        for name in names:
            gains[name][-1] += after.get(name, 0) - before.get(name, 0)
    scores = [_score(name, kind, gains[name], slowest[name])
              for name, kind in zip(names, kinds, strict=True)]
    scores.sort(key=lambda s: -s.per_100)
    return ArenaResult(rules=rules, deals=deals, seed=seed, scores=tuple(scores), topups=topups)


def _seat(
    bots: Sequence[Bot], master: random.Random, budget: float, rules: Rules
) -> tuple[list[str], list[str], dict[str, Agent]]:
    if len(bots) < 2:
        raise BragError(f"an arena needs two or more bots, not {len(bots)} (rule D1)")
    names: list[str] = []
    kinds: list[str] = []
    agents: dict[str, Agent] = {}
    for bot in bots:
        if isinstance(bot, str):
            kind = bot
            agent = make_bot(kind, seed=master.getrandbits(64), budget=budget, rules=rules)
        else:
            kind, agent = bot
        name = kind
        count = 2
        while name in agents:
            name = f"{kind}-{count}"
            count += 1
        names.append(name)
        kinds.append(getattr(agent, "kind", kind))
        agents[name] = agent
    return names, kinds, agents


def _seatings(names: list[str], master: random.Random) -> list[list[str]]:
    """Distinct round-table seatings (the first bot fixed); at most 24, chosen from the seed."""
    first, rest = names[0], names[1:]
    orders = [[first, *p] for p in itertools.permutations(rest)]
    if len(orders) > 24:
        orders = master.sample(orders, 24)
    return orders


def _play_deal(table: Table, agents: dict[str, Agent], slowest: dict[str, float]) -> None:
    shuffled = table.shuffle_due
    deal = table.start_deal()
    players = deal.players
    for name in players:
        notify(agents[name], started_event(deal, name, shuffled=shuffled))
    while not deal.is_over:
        name = str(deal.to_act)
        began = time.perf_counter()
        action = ask(agents[name], deal, name)
        spent = time.perf_counter() - began
        if spent > slowest[name]:
            slowest[name] = spent
        table.apply(action)
    for name in players:
        notify(agents[name], ended_event(deal, name))


def _score(name: str, kind: str, gains: list[int], slowest: float) -> BotScore:
    n = len(gains)
    mean = sum(gains) / n
    if n >= 10 * BATCH:  # batch means: deals are linked by carried pots (BL3)
        batches = [sum(gains[i:i + BATCH]) / BATCH for i in range(0, n - n % BATCH, BATCH)]
    else:
        batches = [float(g) for g in gains]
    m = len(batches)
    centre = sum(batches) / m
    var = sum((b - centre) ** 2 for b in batches) / (m - 1) if m > 1 else 0.0
    half = 1.96 * math.sqrt(var / m) * 100
    return BotScore(name=name, kind=kind, deals=n, net=sum(gains), per_100=mean * 100,
                    low=mean * 100 - half, high=mean * 100 + half, slowest=slowest)


def round_robin(
    kinds: Sequence[str],
    *,
    deals: int,
    rules: Rules | None = None,
    seed: int | None = None,
    stack: int = 200,
    budget: float = DEFAULT_BUDGET,
    progress: Callable[[int], None] | None = None,
) -> list[ArenaResult]:
    """Every pair of bots heads-up, ``deals`` deals each (the seeds follow from ``seed``)."""
    master = random.Random(seed)
    results: list[ArenaResult] = []
    done = 0
    for a, b in itertools.combinations(kinds, 2):
        match_seed = master.getrandbits(32)
        base = done

        def tick(n: int, base: int = base) -> None:
            if progress is not None:
                progress(base + n)

        results.append(play_arena([a, b], deals=deals, rules=rules, seed=match_seed,
                                  stack=stack, budget=budget, progress=tick))
        done += deals
    return results
