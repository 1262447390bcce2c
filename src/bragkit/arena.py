"""Bots against bots: many deals at a :class:`~bragkit.games.three_card.table.Table`, and who wins
how much.

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

Every other game of the registry (``game=``: Nine Card Brag, Crash, historic Brag, Brag Poker)
plays at a :class:`~bragkit.session.Session`
(:func:`~bragkit.games.registry.open_session`), its bots
made by :func:`bragkit.bots.make_player` and asked with :func:`bragkit.bots.ask` (each sees only
its seat's view). A stake game scores chips per 100 deals, as above. A points game (N7, C6)
is played game by game, each to its target (a game is one deal of the session, many deals of
the engine: N5, C4): ``deals`` counts games, and a bot scores the money it won per 100 games
(the stake per point behind, N7, and Crash's crash money, C5), the measure of its ``net``;
beside it, the points it made per deal of the engine (:attr:`BotScore.points_per_deal`).

>>> nine = play_arena(["expected", "random"], game="nine-card", deals=4, seed=2)
>>> nine.deals, nine.per, nine.unit, [s.name for s in nine.scores]
(4, 'game', 'chips', ['expected', 'random'])
>>> nine.scores[0].net > 0 and nine.scores[0].per_100 == nine.scores[0].net * 100 / 4
True

>>> result = play_arena(["cautious", "random"], deals=40, seed=5)
>>> [s.name for s in result.scores], sum(s.net for s in result.scores)   # chips are conserved
(['cautious', 'random'], 0)
>>> play_arena(["cautious", "random"], deals=40, seed=5) == result
True
>>> [sorted(s.name for s in r.scores)
...  for r in round_robin(["random", "cautious", "bold"], deals=10, seed=1)]
[['cautious', 'random'], ['bold', 'random'], ['bold', 'cautious']]
"""

from __future__ import annotations

import contextlib
import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from bragkit.actions import Action
from bragkit.arena_rules import ARENA_RULES, arena_rules
from bragkit.bots.agent import (
    DEFAULT_BUDGET,
    Agent,
    AgentBase,
    ask,
    ended_event,
    notify,
    started_event,
)
from bragkit.bots.player import Player
from bragkit.bots.players import ask as ask_player
from bragkit.bots.players import ended, game_rules, is_agent, make_player, players, started
from bragkit.bots.registry import BOTS, make_bot
from bragkit.distribute import RayAddress, connected, run_jobs
from bragkit.errors import BragError
from bragkit.games.points_game import DealEnded as PointsDealEnded
from bragkit.games.protocol import Game
from bragkit.games.registry import find, open_session
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table
from bragkit.games.three_card.views import DealView
from bragkit.session import Session, SessionError

__all__ = [
    "ARENA_RULES",
    "ArenaResult",
    "BotScore",
    "SessionJob",
    "SessionPlayed",
    "arena_rules",
    "play_arena",
    "play_session",
    "round_robin",
    "session_lengths",
]

#: Deals per session before the seating is rotated and a fresh table opens.
SESSION = 500
#: Deals per batch for the confidence interval (batch means).
BATCH = 100

T = TypeVar("T")


@dataclass(frozen=True, kw_only=True, slots=True)
class BotScore:
    """One bot's result: chips won over the deals (or games: :attr:`ArenaResult.per`), per 100
    with a 95% interval, and their sum, ``net``; in a points game, the points it made per deal
    of the engine (``points_per_deal``; None in a stake game)."""

    name: str
    kind: str
    deals: int
    net: int
    per_100: float
    low: float
    high: float
    slowest: float
    points_per_deal: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data (the think time is left out: it is not reproducible)."""
        out = {"name": self.name, "kind": self.kind, "deals": self.deals, "net": self.net,
               "per_100": round(self.per_100, 2),
               "ci95": [round(self.low, 2), round(self.high, 2)]}
        if self.points_per_deal is not None:
            out["points_per_deal"] = round(self.points_per_deal, 3)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BotScore):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.name, self.net))


@dataclass(frozen=True, kw_only=True, slots=True)
class ArenaResult:
    """The scores of one match, best first, and what it was played under: ``deals`` of what
    (``per``: ``"deal"``, or ``"game"`` for a points game played game by game to its target,
    N7, C6), the ``unit`` the scores count (chips), and, for a points game, the deals of the
    engine its games took (``engine_deals``). ``played_on`` names the simulator when the
    simulator played it, ``left_out`` what of the engine's game it left out
    (:func:`bragkit.sim.arena.differences`)."""

    rules: Any
    deals: int
    seed: int | None
    scores: tuple[BotScore, ...]
    topups: int
    game: str = ""
    unit: str = "chips"
    per: str = "deal"
    engine_deals: int | None = None
    played_on: str = "engine"
    left_out: tuple[str, ...] = ()

    @property
    def game_name(self) -> str:
        """The game played (a preset's name for the three-card family)."""
        return self.game or _game_name(self.rules)

    def title(self, *, per_match: bool = False) -> str:
        """What was played, in words: how many of what (and, for games of many deals, the
        engine's deals they took), and where when not on the engine; ``per_match``: the deals
        of each match of a round robin.

        >>> play_arena(["random", "random"], game="crash", deals=2, seed=1).title()
        ... # doctest: +ELLIPSIS
        '2 games of crash (... deals)'
        """
        count = (f"{self.deals} {self.per}{'' if self.deals == 1 else 's'}"
                 f"{' per match' if per_match else ''} of {self.game_name}")
        if self.engine_deals is not None and not per_match:
            count += f" ({self.engine_deals} deal{'' if self.engine_deals == 1 else 's'})"
        if self.played_on != "engine":
            count += f" on the {self.played_on}"
        if self.left_out:
            *most, last = self.left_out
            count += f", without {', '.join(most)}{' or ' if most else ''}{last}"
        return count

    @property
    def score_label(self) -> str:
        """What a score counts: ``chips / 100 deals`` (or games)."""
        return f"{self.unit} / 100 {self.per}s"

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data."""
        out = {"game": self.game_name, "rules": self.rules.to_dict(), "unit": self.unit,
               "per": self.per, "deals": self.deals, "seed": self.seed,
               "topups": self.topups, "played_on": self.played_on}
        if self.engine_deals is not None:
            out["engine_deals"] = self.engine_deals
        if self.left_out:
            out["left_out"] = list(self.left_out)
        out["bots"] = [s.to_dict() for s in self.scores]
        return out

    def lines(self) -> list[str]:
        """The result as aligned text, one bot a line."""
        width = max(len(s.name) for s in self.scores)
        out = [f"{self.title()}{'' if self.seed is None else f', seed {self.seed}'}:"]
        for s in self.scores:
            points = ("" if s.points_per_deal is None
                      else f"  points {s.points_per_deal:.2f}/deal")
            out.append(f"  {s.name:<{width}}  {s.per_100:+9.1f} {self.score_label}  "
                       f"95% CI [{s.low:+.1f}, {s.high:+.1f}]  net {s.net:+d}{points}")
        return out


def _game_name(rules: Rules) -> str:
    return "teen-patti-order" if rules.ordering == "teen-patti" else rules.variant


Bot = str | tuple[str, Agent] | tuple[str, Player]


def three_card_family(game: str) -> bool:
    """Whether ``game`` (a name, alias or preset) is played at the three-card
    :class:`~bragkit.games.three_card.table.Table` by the agents of :mod:`bragkit.bots`, as
    its registry entry declares (:attr:`~bragkit.games.registry.GameInfo.agents`).

    >>> three_card_family("teen-patti-order"), three_card_family("teen-patti")
    (True, False)
    """
    return find(game).agents


def play_arena(
    bots: Sequence[Bot],
    *,
    deals: int,
    rules: Rules | None = None,
    seed: int | None = None,
    stack: int = 200,
    budget: float = DEFAULT_BUDGET,
    progress: Callable[[int], None] | None = None,
    game: str | None = None,
    options: dict[str, Any] | None = None,
    ray: str | RayAddress | None = None,
) -> ArenaResult:
    """Play ``deals`` deals between ``bots`` (kinds of :func:`bragkit.bots.players`, or
    ``(name, agent)`` pairs) and score them. ``stack`` is each bot's buy-in, topped up again when
    it falls under half. ``progress`` is called with the number of deals played after each (on
    Ray: after each session).

    ``game`` names the game (default: the three-card family, by ``rules``); the three-card
    family plays by ``rules`` (default: :func:`arena_rules` of ``game`` with ``options``), any
    other game by its defaults and ``options`` (its ``[rules]`` table).

    The match is played in sessions that share nothing but what the seed gives each (its
    seating, its table's seed and its bots' seeds: a bot given by kind is made afresh for each
    session, so it remembers its opponents for a session at most; a bot object given plays
    every session, in order). ``ray`` (an address: :func:`bragkit.distribute.parse_address`)
    plays the sessions on the workers of a Ray cluster, with the very same result
    (bots given by kind only).
    """
    if deals < 1:
        raise BragError(f"play at least one deal, not {deals}")
    if game is not None and not three_card_family(game):
        return _session_arena(bots, game=game, deals=deals, options=options or {}, seed=seed,
                              stack=stack, budget=budget, progress=progress, ray=ray)
    if rules is None:
        rules = arena_rules(game or "three-card", **(options or {}))
    master = random.Random(seed)
    names, kinds, objects = _seat(bots, _known_bot, lambda bot: cast(Agent, bot) if is_agent(bot)
                                  else _AsAgent(cast(Player, bot)))
    rules.check_table(names)
    if stack < max(rules.ante, rules.buy_in, 1):
        raise BragError(f"a stack of {stack} cannot pay the ante of {rules.ante}")
    jobs = _plan(names, kinds, objects, master, deals, game=None, rules=rules, options={},
                 stack=stack, budget=budget)
    played = _play_sessions(jobs, objects, progress, ray)
    scores = [_score(name, kind, played.gains[name], played.slowest[name])
              for name, kind in zip(names, kinds, strict=True)]
    scores.sort(key=lambda s: -s.per_100)
    return ArenaResult(rules=rules, deals=deals, seed=seed, scores=tuple(scores),
                       topups=played.topups)


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionJob:
    """One session of a match, all it needs to be played anywhere (:func:`play_session`): the
    game (``None``: the three-card table, by ``rules``; else a game of the registry with
    ``options``), the seating, the bots to make for it (name and kind: ``kinds``, seeded by
    ``bot_seeds``; the others are objects the caller holds), its deals, the buy-in, the bots'
    thinking budget, and the seed of its table or session."""

    game: str | None
    rules: Any
    options: dict[str, Any]
    seats: tuple[str, ...]
    kinds: tuple[tuple[str, str], ...]
    bot_seeds: tuple[int, ...]
    deals: int
    stack: int
    budget: float
    seed: int


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionPlayed:
    """What a session (or sessions, :meth:`join`) came to: each seat's gain in each deal (or
    game of a points game), the top-ups (M1), the slowest thought of each, and in a points game
    the points each made (N4, C4) over ``engine_deals`` deals of the engine."""

    gains: dict[str, list[int]]
    topups: int
    slowest: dict[str, float]
    made: dict[str, int]
    engine_deals: int

    @staticmethod
    def join(names: Sequence[str], played: Sequence[SessionPlayed]) -> SessionPlayed:
        """Sessions one after another, in order: the match."""
        return SessionPlayed(
            gains={n: [g for p in played for g in p.gains[n]] for n in names},
            topups=sum(p.topups for p in played),
            slowest={n: max([0.0, *(p.slowest[n] for p in played)]) for n in names},
            made={n: sum(p.made.get(n, 0) for p in played) for n in names},
            engine_deals=sum(p.engine_deals for p in played))


def _known_bot(kind: str) -> str:
    """``kind``, a bot of the three-card table (:func:`~bragkit.bots.registry.make_bot` makes it
    for each session)."""
    if kind not in BOTS:
        raise BragError(f"unknown bot {kind!r} (known: {', '.join(BOTS)})")
    return kind


def _plan(names: list[str], kinds: list[str], objects: dict[str, Any], master: random.Random,
          deals: int, *, game: str | None, rules: Any, options: dict[str, Any], stack: int,
          budget: float) -> list[SessionJob]:
    """The sessions of a match, each seeded from ``master`` in turn: its seating (one of
    :func:`_seatings`, rotated), its table's seed, then a seed for each bot made by kind."""
    seatings = _seatings(names, master)
    made = tuple((name, kind) for name, kind in zip(names, kinds, strict=True)
                 if objects[name] is None)
    jobs: list[SessionJob] = []
    for number, length in enumerate(session_lengths(deals, len(seatings))):
        if not length:
            continue
        seed = master.getrandbits(64)
        jobs.append(SessionJob(
            game=game, rules=rules, options=options,
            seats=tuple(seatings[number % len(seatings)]), kinds=made,
            bot_seeds=tuple(master.getrandbits(64) for _ in made), deals=length, stack=stack,
            budget=budget, seed=seed))
    return jobs


def _play_sessions(jobs: list[SessionJob], objects: dict[str, Any],
                   progress: Callable[[int], None] | None,
                   ray: str | RayAddress | None) -> SessionPlayed:
    """Play ``jobs`` here, in order (``objects``: the bots given as objects, by name), or on
    Ray (:func:`bragkit.distribute.run_jobs`); the match they make."""
    names = list(objects)
    given = [name for name, bot in objects.items() if bot is not None]
    if ray is None:
        played: list[SessionPlayed] = []
        for job in jobs:
            base = sum(p.deals for p in jobs[:len(played)])

            def tick(n: int, base: int = base) -> None:
                if progress is not None:
                    progress(base + n)

            played.append(play_session(job, objects, progress=tick))
        return SessionPlayed.join(names, played)
    if given:
        raise BragError(f"a match on Ray seats bots by kind, not as objects ({', '.join(given)}):"
                        " each worker would play a copy of its own")
    count = 0

    def done(index: int, result: SessionPlayed) -> None:
        nonlocal count
        count += jobs[index].deals
        if progress is not None:
            progress(count)

    return SessionPlayed.join(names, run_jobs(play_session, jobs, address=ray, done=done))


def play_session(job: SessionJob, objects: dict[str, Any] | None = None, *,
                 progress: Callable[[int], None] | None = None) -> SessionPlayed:
    """Play one session of a match (:class:`SessionJob`): its bots made by kind from its seeds
    (those given as ``objects``, by name, are played as they are); ``progress`` is called with
    the deals played after each. The same job gives the same result, wherever it is played.

    >>> job = SessionJob(game=None, rules=arena_rules(), options={}, seats=("bold", "random"),
    ...                  kinds=(("bold", "bold"), ("random", "random")), bot_seeds=(1, 2),
    ...                  deals=30, stack=200, budget=1.0, seed=3)
    >>> played = play_session(job)
    >>> [len(played.gains[name]) for name in job.seats], sum(map(sum, played.gains.values()))
    ([30, 30], 0)
    >>> play_session(job).gains == played.gains
    True
    """
    given = objects or {}
    if job.game is None:
        agents: dict[str, Agent] = {
            name: make_bot(kind, seed=seed, budget=job.budget, rules=job.rules)
            for (name, kind), seed in zip(job.kinds, job.bot_seeds, strict=True)}
        agents.update({n: a for n, a in given.items() if a is not None})
        return _table_session(job, agents, progress)
    players: dict[str, Player] = {
        name: make_player(kind, game=job.game, rules=job.rules, seed=seed, budget=job.budget)
        for (name, kind), seed in zip(job.kinds, job.bot_seeds, strict=True)}
    players.update({n: p for n, p in given.items() if p is not None})
    return _registry_session(job, players, progress)


def _table_session(job: SessionJob, agents: dict[str, Agent],
                   progress: Callable[[int], None] | None) -> SessionPlayed:
    """A session of the three-card family at a fresh :class:`Table`."""
    rules = job.rules
    names = job.seats
    table = Table(rules, seats=list(names), buy_ins=job.stack, rng=random.Random(job.seed))
    ledger = table.ledger
    gains: dict[str, list[int]] = {n: [] for n in names}
    slowest = dict.fromkeys(names, 0.0)
    topups = 0
    before = ledger.nets()
    for played in range(1, job.deals + 1):
        for name, money in table.stacks.items():
            if money < max(job.stack // 2, rules.ante):
                table.topup(name, job.stack - money)  # rule M1
                topups += 1
        _play_deal(table, agents, slowest)
        after = ledger.nets()
        for name in names:
            gains[name].append(after.get(name, 0) - before.get(name, 0))
        before = after
        if progress is not None:
            progress(played)
    table.share_carried_pot()  # rule BL3: the night ends with the pot shared
    after = ledger.nets()
    for name in names:
        gains[name][-1] += after.get(name, 0) - before.get(name, 0)
    return SessionPlayed(gains=gains, topups=topups, slowest=slowest, made={}, engine_deals=0)


def session_lengths(deals: int, seatings: int) -> list[int]:
    """The deals of each session of a match of ``deals`` deals (a fresh table each, the
    seating rotated between, any carried pot shared at its end, BL3): at most :data:`SESSION`
    each, and every one of ``seatings`` seatings as often (session ``k`` takes seating
    ``k % seatings``); a session of 0 deals is not played.

    >>> session_lengths(1_000, 1), session_lengths(1_001, 2), session_lengths(3, 6)
    ([500, 500], [251, 250, 250, 250], [1, 1, 1, 0, 0, 0])
    """
    sessions = max(seatings, math.ceil(deals / SESSION))
    sessions = math.ceil(sessions / seatings) * seatings
    return [deals // sessions + (1 if k < deals % sessions else 0) for k in range(sessions)]


def _seat(bots: Sequence[Bot], check: Callable[[str], object], seated: Callable[[Any], T]
          ) -> tuple[list[str], list[str], dict[str, T | None]]:
    """Names, kinds and players of ``bots``: a kind is checked by ``check(kind)`` (its player,
    None, is made for each session), a ``(name, player)`` pair taken by ``seated(player)``; a
    name seated twice gets a number."""
    if len(bots) < 2:
        raise BragError(f"an arena needs two or more bots, not {len(bots)} (rule D1)")
    names: list[str] = []
    kinds: list[str] = []
    players: dict[str, T | None] = {}
    for bot in bots:
        player: T | None = None
        if isinstance(bot, str):
            kind = bot
            check(kind)
        else:
            kind, player = bot[0], seated(bot[1])
        name = kind
        count = 2
        while name in players:
            name = f"{kind}-{count}"
            count += 1
        names.append(name)
        kinds.append(kind)
        players[name] = player
    return names, kinds, players


class _AsAgent(AgentBase):
    """A :class:`~bragkit.bots.players.Player` seated at the three-card table as an agent."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.kind = player.kind

    def act(self, view: DealView) -> Action:
        return self.player.act(view, view.legal_actions)

    def agrees(self, view: DealView) -> bool:
        return self.player.agrees(view, view.legal_actions)


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
    while not deal.over:
        name = str(deal.to_act)
        table.apply(_timed(ask, agents[name], deal, name, slowest))
    for name in players:
        notify(agents[name], ended_event(deal, name))


def _timed(ask_bot: Callable[[Any, Any, str], Action], bot: Any, game: Any, name: str,
           slowest: dict[str, float]) -> Action:
    """``bot``'s action for seat ``name`` (``ask_bot(bot, game, name)``), its thinking time
    kept in ``slowest`` (the most so far)."""
    began = time.perf_counter()
    action = ask_bot(bot, game, name)
    slowest[name] = max(slowest[name], time.perf_counter() - began)
    return action


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
    game: str | None = None,
    options: dict[str, Any] | None = None,
    play: Callable[..., ArenaResult] | None = None,
    ray: str | RayAddress | None = None,
) -> list[ArenaResult]:
    """Every pair of bots heads-up, ``deals`` deals each (the seeds follow from ``seed``);
    ``play`` plays one match (default :func:`play_arena`; e.g. the simulator's
    :func:`bragkit.sim.arena.play_batched_arena`, which takes the same parameters but ``game``,
    ``options`` and ``ray``). ``ray``: each match's sessions on a Ray cluster (connected once
    for them all: :func:`bragkit.distribute.connected`)."""
    if ray is not None and play is not None:
        raise BragError("a round robin on Ray plays the engine's matches only")
    master = random.Random(seed)
    results: list[ArenaResult] = []
    done = 0
    with connected(ray) if ray is not None else contextlib.nullcontext():
        for a, b in itertools.combinations(kinds, 2):
            match_seed = master.getrandbits(32)
            base = done

            def tick(n: int, base: int = base) -> None:
                if progress is not None:
                    progress(base + n)

            if play is None:
                results.append(play_arena([a, b], deals=deals, rules=rules, seed=match_seed,
                                          stack=stack, budget=budget, progress=tick,
                                          game=game, options=options, ray=ray))
            else:
                results.append(play([a, b], deals=deals, rules=rules, seed=match_seed,
                                    stack=stack, budget=budget, progress=tick))
            done += deals
    return results


# ---------------------------------------------------------------------------------------------
# Every other game, at a session


def _session_arena(
    bots: Sequence[Bot], *, game: str, deals: int, options: dict[str, Any], seed: int | None,
    stack: int, budget: float, progress: Callable[[int], None] | None,
    ray: str | RayAddress | None,
) -> ArenaResult:
    """The arena of a game played at a :class:`~bragkit.session.Session` (module docstring):
    ``deals`` deals of the session, each a game to its target in a points game (N7, C6)."""
    info = find(game)
    master = random.Random(seed)
    rules = game_rules(game, options)
    points = info.unit == "points"  # a deal of the session is a game to a target (N7, C6)
    known = players(game)

    def kind_of(kind: str) -> str:
        if kind not in known:
            make_player(kind, game=game, rules=rules)  # raises, saying why
        return kind

    names, kinds, objects = _seat(bots, kind_of, lambda bot: cast(Player, bot))
    low, high = info.seats
    if not low <= len(names) <= high:
        raise BragError(f"{info.title} seats {low} to {high} players, not {len(names)}")
    jobs = _plan(names, kinds, objects, master, deals, game=game, rules=rules, options=options,
                 stack=stack, budget=budget)
    played = _play_sessions(jobs, objects, progress, ray)
    scores = [_score(name, kind, played.gains[name], played.slowest[name])
              for name, kind in zip(names, kinds, strict=True)]
    if points:
        scores = [replace(s, points_per_deal=played.made[s.name] / max(played.engine_deals, 1))
                  for s in scores]
    scores.sort(key=lambda s: -s.per_100)
    return ArenaResult(rules=rules, deals=sum(job.deals for job in jobs), seed=seed,
                       scores=tuple(scores), topups=played.topups, game=info.name,
                       per="game" if points else "deal",
                       engine_deals=played.engine_deals if points else None)


def _registry_session(job: SessionJob, players: dict[str, Player],
                      progress: Callable[[int], None] | None) -> SessionPlayed:
    """A session of a game of the registry (:func:`~bragkit.games.registry.open_session`)."""
    assert job.game is not None
    points = find(job.game).unit == "points"
    seats = list(job.seats)
    session = open_session(job.game, seats=seats, buy_ins=job.stack, dealer=seats[-1],
                           seed=job.seed, **job.options)
    gains: dict[str, list[int]] = {n: [] for n in seats}
    made = dict.fromkeys(seats, 0)  # points made, in a points game (N4, C4)
    engine_deals = 0
    slowest = dict.fromkeys(seats, 0.0)
    topups = 0
    for played in range(1, job.deals + 1):
        topups += _top_up(session, job.stack)
        before = session.ledger.nets()
        game_played = _play_session_deal(session, players, slowest)
        after = session.ledger.nets()
        for name in seats:
            gains[name].append(after.get(name, 0) - before.get(name, 0))
        if points:
            rows = _points_by_deal(game_played)
            engine_deals += len(rows)
            for row in rows:
                for name, scored in row.items():
                    made[name] += scored
        if progress is not None:
            progress(played)
    return SessionPlayed(gains=gains, topups=topups, slowest=slowest, made=made,
                         engine_deals=engine_deals)


def _top_up(session: Session, stack: int) -> int:
    """Top up every seat under half its buy-in (M1); how many were topped up."""
    count = 0
    for name, money in session.stacks.items():
        if money < stack // 2:
            session.top_up(name, stack - money)  # rule M1
            count += 1
    return count


def _play_session_deal(session: Session, players: dict[str, Player],
                       slowest: dict[str, float]) -> Game:
    """Play the session's next deal (a game to its target in a points game, N7, C6); the
    game played."""
    try:
        game = session.start_deal()
    except SessionError:  # a stake the stack cannot pay: top up to twice the stack, again
        for name, money in session.stacks.items():
            session.top_up(name, max(1, 2 * money))
        game = session.start_deal()
    seats = game.players
    for name in seats:
        started(players[name], game, name)
    while session.in_deal:
        name = str(game.to_act)
        session.apply(_timed(ask_player, players[name], game, name, slowest))
    for name in seats:
        ended(players[name], game, name)
    return game


def _points_by_deal(game: Game) -> list[dict[str, int]]:
    """The points each player made in each deal of a points game (its deal-end records hold
    the game's totals, N7, C6)."""
    rows: list[dict[str, int]] = []
    totals: dict[str, int] = {}
    for op in game.operations:
        if isinstance(op, PointsDealEnded):
            now = dict(op.scores)
            rows.append({p: n - totals.get(p, 0) for p, n in now.items()})
            totals = now
    return rows
