"""Speed of the vectorised simulator (:mod:`bragkit.sim`) against the checked engine, same run.

Run from the repository root: ``python benchmarks/bench_sim.py [--batch N] [--seconds S]``.
One process, one core (numpy's elementwise work is single-threaded; BLAS threads are pinned
to one below).

- **The checked engine** (the baseline): four-player deals of Three Card Brag through
  :class:`~bragkit.games.three_card.Deal`, a random agent at every seat picking uniformly among
  ``legal_actions`` (top-ups and agreements aside) and an amount uniformly in range.
- **The simulator**: ``--batch`` deals stepped together with random policies
  (:func:`bragkit.sim.random_actions`: uniform over the legal menu actions), every deal that
  ends dealt again at once (:func:`bragkit.sim.redeal`), for 2, 4, 6 and 8 players: deals
  completed per second.
- **The whole rule set** (issue #25): four-player sessions (:class:`~bragkit.sim.session.Sessions`:
  the pack carried in order and shuffled after a prial, carried pots, kept blind hands played
  as two hands, R2, or face up, R3), stacks of 40 chips (so covers and side pots, M2, M3, are
  met), three, four and five cards (discards, F1-F3), random actions and discards; deals per
  second beside the three-card single deals of the same run.
- **Memory**: the bytes of a :class:`~bragkit.sim.State`, per million deals held at once.
- **pgx** ``leduc_holdem`` stepped on the CPU with the same batch size, when pgx is installed.

Goal: four-player deals at >= 1,000,000/s and >= 25x the checked engine.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from bragkit.actions import Verb
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.sim import State, init, random_actions, redeal, step
from bragkit.sim.session import Sessions

RULES = Rules(max_bet=10)


def engine_rate(seconds: float, seed: int) -> float:
    """Four-player deals per second through the checked engine, random agents."""
    rng = random.Random(seed)
    names = ("p0", "p1", "p2", "p3")
    skip = (Verb.TOPUP, Verb.AGREE)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        deal = Deal(RULES, players=names, dealer=names[done % 4], stacks=[200] * 4, rng=rng)
        while not deal.over:
            options = [o for o in deal.legal_actions(deal.to_act) if o.verb not in skip]
            option = rng.choice(options)
            if option.min_amount is None:
                deal.apply(option.action())
            else:
                high = option.max_amount if option.max_amount is not None else option.min_amount
                deal.apply(option.action(rng.randint(option.min_amount, high)))
        done += 1
    return done / (time.perf_counter() - start)


def sim_rate(players: int, batch: int, seconds: float, seed: int) -> tuple[float, float]:
    """Deals per second of the simulator with random policies (streaming: ended deals are
    dealt again), and the average steps a deal took."""
    rng = np.random.default_rng(seed)
    state = init(rng, batch, players=players, rules=RULES)
    for _ in range(20):  # warm up: let the batch reach its steady mix of deals
        step(state, random_actions(state, rng))
        redeal(state, np.flatnonzero(state.terminated), rng)
    done = 0
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        step(state, random_actions(state, rng))
        over = np.flatnonzero(state.terminated)
        done += len(over)
        steps += 1
        redeal(state, over, rng)
    elapsed = time.perf_counter() - start
    return done / elapsed, steps * batch / max(done, 1)


FULL_RULES = {
    "three-card, two hands (R2)": Rules(max_bet=10),
    "three-card, face up (R3)": Rules(max_bet=10, retained_blind="face-up"),
    "four-card (F1)": Rules(max_bet=10, cards=4),
    "five-card (F3)": Rules(max_bet=10, cards=5),
}


def full_rate(rules: Rules, batch: int, seconds: float, seed: int) -> tuple[float, float]:
    """Deals per second of four-player sessions under ``rules`` (every rule the simulator
    plays; stacks of 40, so covers are met), random actions and discards, and the share of
    deals that met a cover."""
    rng = np.random.default_rng(seed)
    lanes = Sessions(batch, 1 << 30, players=4, rules=rules, buy_in=40, seed=rng)
    state = lanes.state
    thrown = state.rater.thrown
    done = 0
    covered = 0
    start = 0.0
    for k in range(1 << 30):
        if k == 20:  # warm up: let the batch reach its steady mix of deals
            start = time.perf_counter()
            done = covered = 0
        elif k > 20 and time.perf_counter() - start >= seconds:
            break
        discards = None
        if state.cards > 3:
            discards = np.left_shift(1, thrown[rng.integers(0, len(thrown), batch)]).sum(axis=1)
        step(state, random_actions(state, rng, propose=True), discards=discards)
        ended = state.terminated
        covered += int((state.n_covers[ended] > 0).sum())
        done += len(lanes.next_deals())
    return done / (time.perf_counter() - start), covered / max(done, 1)


def memory_per_million(players: int, batch: int) -> float:
    """Megabytes of state per million deals held at once."""
    state = init(0, batch, players=players, rules=RULES)
    total = sum(getattr(state, name).nbytes for name in State.__slots__
                if isinstance(getattr(state, name, None), np.ndarray)
                and name not in ("table", "lowest"))
    return float(total / batch * 1e6 / 2**20)


def pgx_rate(batch: int, seconds: float) -> str:
    """Games per second of pgx's ``leduc_holdem``, ``batch`` games stepped together on the CPU
    with uniform random actions, every game that ends dealt again at once (as the simulator).

    One jitted step does it all: the actions, the step, the count of games that ended on it and
    their redeal — so a game is counted once, on the step that ends it (pgx keeps a finished
    game's state, ``terminated``, on later steps). The step is compiled and run once before the
    timing window opens: the compilation takes seconds.
    """
    try:
        import jax  # type: ignore[import-not-found]
        import pgx  # type: ignore[import-not-found]
    except ImportError:
        return "pgx not installed"
    jnp = jax.numpy
    env = pgx.make("leduc_holdem")
    init, play = jax.vmap(env.init), jax.vmap(env.step)

    def advance(state: Any, key: Any) -> tuple[Any, Any]:
        act_key, deal_key = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)  # uniform over the legal
        state = play(state, jax.random.categorical(act_key, logits))
        over = state.terminated
        fresh = init(jax.random.split(deal_key, batch))

        def pick(new: Any, old: Any) -> Any:
            return jnp.where(over.reshape(over.shape + (1,) * (old.ndim - 1)), new, old)

        return jax.tree_util.tree_map(pick, fresh, state), over.sum()

    advance = jax.jit(advance)
    key, sub = jax.random.split(jax.random.PRNGKey(0))
    state = init(jax.random.split(sub, batch))
    for _ in range(3):  # warm up: the compilation, and the batch's first games
        key, sub = jax.random.split(key)
        state, ended = advance(state, sub)
    ended.block_until_ready()
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        key, sub = jax.random.split(key)
        state, ended = advance(state, sub)
        done += int(ended)
    return f"{done / (time.perf_counter() - start):,.0f} deals/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=32_768, help="deals stepped together")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3,
                        help="measurements of each figure, the engine's and the simulator's "
                             "taken in turn; the best is kept (a busy machine slows some)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine = 0.0
    best: dict[int, tuple[float, float]] = {}
    full: dict[str, tuple[float, float]] = {}
    for _ in range(args.rounds):
        engine = max(engine, engine_rate(args.seconds, args.seed))
        for players in (2, 4, 6, 8):
            rate, steps = sim_rate(players, args.batch, args.seconds, args.seed)
            if rate > best.get(players, (0.0, 0.0))[0]:
                best[players] = (rate, steps)
        for name, rules in FULL_RULES.items():
            rate, covers = full_rate(rules, args.batch, args.seconds, args.seed)
            if rate > full.get(name, (0.0, 0.0))[0]:
                full[name] = (rate, covers)
    print(f"Checked engine, 4 players, random agents: {engine:,.0f} deals/s (baseline)")
    print(f"Simulator, batch {args.batch:,}, random policies, one core, best of {args.rounds}:")
    rates = {}
    for players in (2, 4, 6, 8):
        rate, steps = best[players]
        rates[players] = rate
        memory = memory_per_million(players, 10_000)
        print(f"  {players} players: {rate:12,.0f} deals/s   ratio {rate / engine:6.1f}   "
              f"{steps:4.1f} steps a deal   {memory:6.0f} MB per million deals")
    four = rates[4]
    print(f"Four players: {four:,.0f} deals/s, {four / engine:.1f}x the checked engine "
          f"(goal: 1,000,000/s and 25x)")
    print("The whole rule set: four-player sessions, stacks of 40 (covers met), random actions:")
    for name, (rate, covers) in full.items():
        print(f"  {name:28} {rate:12,.0f} deals/s   ratio {rate / engine:6.1f}   "
              f"{rate / four:5.2f}x three-card single deals   {covers:5.1%} deals covered")
    print(f"pgx leduc_holdem, batch {args.batch:,}: {pgx_rate(args.batch, args.seconds)}")


if __name__ == "__main__":
    main()
