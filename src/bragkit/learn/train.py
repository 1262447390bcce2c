"""Training the learned bot on the simulator by evolution strategies (numpy only, one thread,
reproducible from a seed).

Each generation perturbs the network's weights ``theta`` by ``sigma`` times ``pairs`` Gaussian
directions, each both ways (antithetic), and plays every perturbed network on the same deals
(common random numbers): for each table size of :attr:`Plan.tables`, ``deals`` deals of the
default game (:func:`~bragkit.arena_rules.arena_rules`) dealt from shuffled packs, with stacks
from 100 to 300 and now and then a pot carried in (BL3); the learner at a random seat, every
other seat drawn from the league: ``cautious``, ``bold`` (the batched bots,
:mod:`bragkit.sim.policies`), the network as it is (self-play) and a frozen copy of it from
``lag`` generations back; the deals not over after ``steps`` steps (a long duel of
raises) are left out of every network's score. A network's fitness is its chips won per deal at
each table size, standardised over the population (so each size counts alike), summed; the
fitnesses are ranked, and ``theta`` moves along the rank-weighted sum of the directions (Adam,
step ``rate``). Every ``every`` generations the current network is measured against tables of
cautious and bold on held-out deals (the curve, :class:`Point`).

>>> plan = Plan(seed=3, generations=2, pairs=2, deals=40, every=1, check_deals=40)
>>> a, b = train(plan), train(plan)
>>> bool(np.array_equal(a.network.vector(), b.network.vector())), len(a.curve)
(True, 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bragkit.arena_rules import arena_rules
from bragkit.distribute import RayAddress, connected, run_jobs
from bragkit.games.three_card.rules import Rules
from bragkit.learn.network import Network
from bragkit.learn.policy import network_policy, population_policy
from bragkit.sim.deals import init
from bragkit.sim.selfplay import Seating, apply_moves, play

__all__ = ["Plan", "Point", "Trained", "evaluate", "train"]

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True, kw_only=True, slots=True)
class Plan:
    """A training run's settings (the defaults ship the bot)."""

    seed: int = 1
    generations: int = 90
    pairs: int = 12
    deals: int = 400
    tables: tuple[int, ...] = (2, 3, 4, 6)
    sigma: float = 0.1
    rate: float = 0.03
    lag: int = 20
    every: int = 10
    check_deals: int = 4000
    hidden: int = 16
    steps: int = 120


@dataclass(frozen=True, kw_only=True, slots=True)
class Point:
    """The curve at one generation: chips per 100 deals of the network at tables of cautious
    and bold (heads-up each, then 3, 4 and 6 players of both), and the deals played so far."""

    generation: int
    deals: int
    results: dict[str, float]


@dataclass(frozen=True, kw_only=True, slots=True)
class Trained:
    """A run's network and its curve."""

    network: Network
    curve: list[Point] = field(default_factory=list)


class _Adam:
    def __init__(self, size: int, rate: float) -> None:
        self.m = np.zeros(size)
        self.v = np.zeros(size)
        self.t = 0
        self.rate = rate

    def step(self, gradient: Matrix) -> Matrix:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient * gradient
        m = self.m / (1 - 0.9 ** self.t)
        v = self.v / (1 - 0.999 ** self.t)
        update: Matrix = self.rate * m / (np.sqrt(v) + 1e-8)
        return update


def _deals(rng: np.random.Generator, n: int, players: int, copies: int, rules: Rules
           ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``n`` deals' packs, stacks and carried pots, each repeated ``copies`` times (block by
    block: copy k is rows k * n to (k + 1) * n - 1)."""
    packs = rng.permuted(np.tile(np.arange(rules.pack_size, dtype=np.int64), (n, 1)), axis=1)
    stacks = rng.integers(100, 301, size=(n, players))
    carried = np.where(rng.random(n) < 0.2, rng.integers(2, 40, size=n), 0)
    return np.tile(packs, (copies, 1)), np.tile(stacks, (copies, 1)), np.tile(carried, copies)


def _won(state_stacks: npt.NDArray[np.int64], start: npt.NDArray[np.int64],
         seats: npt.NDArray[np.int64]) -> Matrix:
    line = np.arange(len(seats))
    won: Matrix = (state_stacks[line, seats] - start[line, seats]).astype(np.float64)
    return won


@dataclass(frozen=True, kw_only=True, slots=True)
class _Table:
    """One table size's deals of a generation, drawn before any is played (nothing in the
    play draws): the packs, stacks and carried pots of ``n`` deals, the learner's seat in each
    and who sits at the others (0 the learner, then the league's entries)."""

    players: int
    packs: npt.NDArray[np.int64]
    stacks: npt.NDArray[np.int64]
    carried: npt.NDArray[np.int64]
    seats: npt.NDArray[np.int64]
    who: npt.NDArray[np.int64]


def _draw_table(rng: np.random.Generator, n: int, players: int, rules: Rules,
                entries: int) -> _Table:
    packs, stacks, carried = _deals(rng, n, players, 1, rules)
    seats = rng.integers(0, players, size=n)
    who = rng.integers(1, entries, size=(n, players))
    who[np.arange(n), seats] = 0
    return _Table(players=players, packs=packs, stacks=stacks, carried=carried, seats=seats,
                  who=who)


def _play_table(networks: list[Network], league: list[Network], table: _Table, rules: Rules,
                steps: int) -> tuple[Matrix, npt.NDArray[np.bool_]]:
    """Each network's chips won in each deal of ``table`` (``(len(networks), n)``), and which
    deals it ended (the same deals for every network: common random numbers)."""
    k, n = len(networks), len(table.seats)
    state = init(None, n * k, players=table.players, rules=rules,
                 stacks=np.tile(table.stacks, (k, 1)), carried=np.tile(table.carried, k),
                 packs=np.tile(table.packs, (k, 1)))
    entries: list[object] = [population_policy(networks, n), "cautious", "bold",
                             *(network_policy(net) for net in league)]
    seating = Seating(entries, rules, seed=0)  # type: ignore[arg-type]
    seating.seat(np.arange(n * k), np.tile(table.who, (k, 1)))
    rows = np.arange(n * k)
    for _ in range(steps):
        live = rows[~state.terminated]
        if not len(live):
            break
        apply_moves(state, live, seating.act(state, live))
    won = _won(state.stacks, state.start_stacks, np.tile(table.seats, k)).reshape(k, n)
    return won, state.terminated.reshape(k, n)


def _play_members(vectors: list[Matrix], league: list[Matrix], hidden: int, table: _Table,
                  steps: int) -> tuple[Matrix, npt.NDArray[np.bool_]]:
    """:func:`_play_table` of networks given by their weights: a job a Ray worker runs."""
    return _play_table([Network.of_vector(v, hidden=hidden) for v in vectors],
                       [Network.of_vector(v, hidden=hidden) for v in league], table,
                       arena_rules(), steps)


def _play_population(networks: list[Network], rng: np.random.Generator, plan: Plan,
                     rules: Rules, league: list[Network], on_ray: bool = False) -> Matrix:
    """Each network's chips won per deal at each table size: ``(len(networks), tables)``.
    ``on_ray``: each network plays each table's deals as a job on the Ray cluster connected
    (:func:`bragkit.distribute.connected`); the deals are drawn here first, and no play
    draws, so the result is the same either way."""
    entries = 3 + len(league)
    tables = [_draw_table(rng, plan.deals, players, rules, entries) for players in plan.tables]
    if not on_ray:
        played = [_play_table(networks, league, table, rules, plan.steps) for table in tables]
    else:
        others = [net.vector() for net in league]
        jobs = [([net.vector()], others, plan.hidden, table, plan.steps)
                for table in tables for net in networks]
        done = run_jobs(_play_members, jobs, star=True)
        k = len(networks)
        played = [(np.concatenate([w for w, _ in done[t * k:(t + 1) * k]]),
                   np.concatenate([o for _, o in done[t * k:(t + 1) * k]]))
                  for t in range(len(tables))]
    out = np.zeros((len(networks), len(plan.tables)))
    for t, (won, ended) in enumerate(played):
        over = ended.all(axis=0)  # the deals every network ended
        out[:, t] = won[:, over].mean(axis=1) if over.any() else 0.0
    return out


#: The curve's tables: a name and the opponents' kinds.
CHECKS: dict[str, tuple[str, ...]] = {
    "v cautious": ("cautious",), "v bold": ("bold",), "3 players": ("cautious", "bold"),
    "4 players": ("cautious", "bold", "cautious"),
    "6 players": ("cautious", "bold", "cautious", "bold", "cautious")}


def evaluate(network: Network, *, deals: int, seed: int, rules: Rules | None = None
             ) -> dict[str, float]:
    """Chips per 100 deals of ``network`` at each table of :data:`CHECKS` (single deals of
    the simulator, stacks of 200, its seat rotated deal by deal)."""
    rules = rules or arena_rules()
    results: dict[str, float] = {}
    for name, others in CHECKS.items():
        players = len(others) + 1
        state = init(seed, deals, players=players, rules=rules, stacks=200)
        seating = Seating([network_policy(network), *others], rules, seed=seed)
        seats = np.arange(deals) % players
        who = np.zeros((deals, players), dtype=np.int64)
        for row_seat in range(players):
            rows = seats == row_seat
            order = [1 + ((s - row_seat - 1) % players) for s in range(players)]
            order[row_seat] = 0
            who[rows] = order
        seating.seat(np.arange(deals), who)
        play(state, seating)
        results[name] = float(100 * _won(state.stacks, state.start_stacks, seats).mean())
    return results


def train(plan: Plan, *, start: Network | None = None,
          report: Callable[[Point], None] | None = None, minutes: float | None = None,
          keep: Callable[[int, Network], None] | None = None,
          ray: str | RayAddress | None = None) -> Trained:
    """Train a network by :class:`Plan` (see the module docstring); ``report`` hears each
    point of the curve and ``keep`` gets the network then (a snapshot); ``minutes`` stops
    early (then the result depends on the machine's speed); ``ray`` plays each generation's
    networks on a Ray cluster (:mod:`bragkit.distribute`: an address), one job a network and
    table size: the same weights as here."""
    if ray is not None:
        with connected(ray):
            return _train(plan, start=start, report=report, minutes=minutes, keep=keep,
                          on_ray=True)
    return _train(plan, start=start, report=report, minutes=minutes, keep=keep)


def _train(plan: Plan, *, start: Network | None, report: Callable[[Point], None] | None,
           minutes: float | None, keep: Callable[[int, Network], None] | None,
           on_ray: bool = False) -> Trained:
    rules = arena_rules()
    network = start or Network.initial(seed=plan.seed, hidden=plan.hidden)
    theta = network.vector()
    adam = _Adam(len(theta), plan.rate)
    history: list[Matrix] = [theta.copy()]
    curve: list[Point] = []
    began = time.process_time()
    played = 0
    for generation in range(1, plan.generations + 1):
        rng = np.random.default_rng([plan.seed, generation])
        noise = rng.normal(size=(plan.pairs, len(theta)))
        directions = np.concatenate([noise, -noise])
        members = [Network.of_vector(theta + plan.sigma * d, hidden=plan.hidden)
                   for d in directions]
        center = Network.of_vector(theta, hidden=plan.hidden)
        lagged = Network.of_vector(history[max(0, len(history) - 1 - plan.lag)],
                                   hidden=plan.hidden)
        won = _play_population(members, rng, plan, rules, [center, lagged], on_ray)
        played += len(members) * plan.deals * len(plan.tables)
        spread = won.std(axis=0)
        fitness = ((won - won.mean(axis=0)) / np.where(spread > 0, spread, 1.0)).sum(axis=1)
        ranks = np.empty(len(fitness))
        ranks[np.argsort(fitness, kind="stable")] = np.arange(len(fitness))
        weights = ranks / (len(fitness) - 1) - 0.5
        gradient = weights @ directions / (len(fitness) * plan.sigma)
        theta = theta + adam.step(gradient)
        history.append(theta.copy())
        if generation % plan.every == 0 or generation == plan.generations:
            point = Point(generation=generation, deals=played, results=evaluate(
                Network.of_vector(theta, hidden=plan.hidden), deals=plan.check_deals,
                seed=plan.seed + 10_000, rules=rules))
            curve.append(point)
            if report is not None:
                report(point)
            if keep is not None:
                keep(generation, Network.of_vector(theta, hidden=plan.hidden))
        if minutes is not None and time.process_time() - began > 60 * minutes:
            break
    return Trained(network=Network.of_vector(theta, hidden=plan.hidden), curve=curve)
