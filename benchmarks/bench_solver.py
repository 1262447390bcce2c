"""Speed of the heads-up CFR+ solver (bragkit.solver), and its run to the target.

**Showdown sums.** The counterfactual values at a see need, for every class of our hand, the
opponent's reach summed over the disjoint hands weaker than ours. bragkit does it by
inclusion–exclusion over shared cards with prefix sums over the classes sorted by strength
(linear in the number of classes per node). The baseline, measured in the same run, is the
straightforward exact alternative: a dense ``classes × classes`` matrix of disjoint, weaker hand
counts, multiplied by the reach vectors (BLAS, one thread if ``OPENBLAS_NUM_THREADS=1``).

**Iterations.** Seconds per CFR+ iteration (both players) of the default abstraction (stakes
1/2/4/8/16, at most 4 bets, the whole pack), and of a small test game.

**The run** (``--full``): CFR+ on the default abstraction until the exploitability is under the
target (default 1 milli-ante per deal) or the time limit (default 600 s) — the brief's goal —
printing the exploitability curve (no cache), the iterations and the CPU seconds it took.

**The baseline** of the iteration and run figures: numpy's matrix product of the showdown sums
(``600 x 1,755`` reach rows by the dense ``1,755 x 1,755`` matrix), timed in the same process
before and after (the median of both series). A shared machine slows everything, so the figures
to compare between runs, commits or machines are the ratios to it: ``CPU / baseline``.

**The bot** (``--arena DEALS``): the ``solver`` bot, on the cached solution of the abstraction
of the arena's table (``Abstraction.for_table``: ``bragkit solve --stakes 1,2,4,8,10
--blind-share 0.8 --target 1 --refine 200``, ``--blind-share 0.65`` with ``--shuffle``; solved
first if missing), heads-up in the arena
against ``shark``, ``cautious`` and ``bold`` under the arena's rules (ante 1, bets 1 to 10), real
deals at a real table (carried pots, kept blind hands, the unshuffled pack of D4/D5, or with
``--shuffle`` a shuffle before every deal).

Run: ``OPENBLAS_NUM_THREADS=1 python benchmarks/bench_solver.py [--nodes N] [--full]
[--target MILLI] [--time-limit S] [--max-bets K] [--arena DEALS] [--shuffle]
[--opponents shark,...] [--seed N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from bragkit.solver.abstraction import Abstraction
from bragkit.solver.cfr import CFRPlus
from bragkit.solver.driver import solve
from bragkit.solver.hand_space import HandSpace, hand_space
from bragkit.solver.tree import BettingTree


def _dense_below(space: HandSpace) -> np.ndarray:
    """``M[i, j]``: hands of class j disjoint from class i's representative, strictly weaker."""
    per_hand = np.zeros((space.n_classes, space.n_classes))
    strength = space.strength[space.hand_class]
    for i in range(space.n_classes):
        apart = ~np.isin(space.hands, space.representative[i]).any(axis=1)
        weaker = apart & (strength < space.strength[i])
        per_hand[i] = np.bincount(space.hand_class[weaker], minlength=space.n_classes)
    return per_hand


def baseline(repeats: int = 7) -> list[float]:
    """CPU seconds of numpy's matrix product, ``(600, 1755) @ (1755, 1755)``, ``repeats`` times:
    the yardstick the iteration and run figures are divided by (one BLAS thread)."""
    rng = np.random.default_rng(0)
    reach, dense = rng.random((600, 1755)), rng.random((1755, 1755))
    times = []
    for _ in range(repeats):
        t = time.process_time()
        reach @ dense.T
        times.append(time.process_time() - t)
    return times


def bench_showdowns(nodes: int, repeats: int) -> None:
    space = hand_space(Abstraction())
    reach = np.random.default_rng(1).random((nodes, space.n_classes))
    print(f"Showdown sums, {nodes} nodes x {space.n_classes} classes (full pack):")
    start = time.perf_counter()
    dense = _dense_below(space)
    print(f"  building the dense baseline matrix: {time.perf_counter() - start:.1f} s (once)")
    ours, base = [], []
    for _ in range(repeats):
        t = time.perf_counter()
        fast = space.below(reach)
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        slow = reach @ dense.T
        base.append(time.perf_counter() - t)
    assert np.allclose(fast, slow)
    b, o = statistics.median(base), statistics.median(ours)
    print(f"  dense matrix (baseline)      {b * 1e3:8.1f} ms  {b / nodes * 1e6:7.1f} us/node")
    print(f"  inclusion-exclusion (ours)   {o * 1e3:8.1f} ms  {o / nodes * 1e6:7.1f} us/node"
          f"   {o / b:5.2f}x baseline")


def bench_iterations(max_bets: int, repeats: int) -> None:
    before = baseline()
    results = []
    for label, a in (("default", Abstraction(max_bets=max_bets)),
                     ("small test game", Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQJ"))):
        tree, space = BettingTree(a), hand_space(a)
        cfr = CFRPlus(tree, space)
        cfr.run(2)
        times = []
        for _ in range(repeats):
            t = time.process_time()
            cfr.run(1)
            times.append(time.process_time() - t)
        results.append((label, tree, space, statistics.median(times)))
    base = statistics.median(before + baseline())
    print(f"Baseline, numpy's matrix product (600 x 1,755) @ (1,755 x 1,755): {base * 1e3:.1f} ms"
          " CPU")
    for label, tree, space, seconds in results:
        print(f"CFR+ iteration, {label}: {tree.n_nodes:,} nodes, {tree.n_terminals:,} terminals, "
              f"{space.n_classes:,} classes: {seconds * 1e3:.0f} ms CPU, "
              f"{seconds / base:.2f}x baseline")


def run_full(max_bets: int, target: float, time_limit: float) -> None:
    a = Abstraction(max_bets=max_bets)
    print(f"Solving {a.describe()} to {target} milli-antes (limit {time_limit:.0f} s)...")
    before = baseline()
    start = time.process_time()
    strategy = solve(a, target=target / 1000, time_limit=time_limit, cache=None,
                     check_every=100)
    cpu = time.process_time() - start
    base = statistics.median(before + baseline())
    record = strategy.record
    print(f"{record.iterations} iterations, {record.seconds:.0f} s wall, {cpu:.0f} s CPU; "
          f"exploitability {1000 * (record.exploitability or 0):.3f} milli-antes per deal")
    print(f"baseline (numpy's matrix product, median of {2 * len(before)} before and after): "
          f"{base * 1e3:.1f} ms CPU; the run {cpu / base:,.0f}x baseline, "
          f"{cpu / record.iterations / base:.2f}x baseline per iteration (checks included)")
    if record.values is not None:
        print(f"value per deal: seat 0 {record.values[0]:+.4f}, seat 1 {record.values[1]:+.4f}")
    for it, seconds, expl in record.curve:
        print(f"  {it:6d} {seconds:8.1f} s  {expl * 1000:10.3f} mA")


def run_arena(deals: int, opponents: list[str], seed: int, shuffle: bool) -> None:
    from bragkit.arena import arena_rules, play_arena
    from bragkit.bots.solver_bot import SolverBot
    from bragkit.solver.driver import cached

    rules = arena_rules()
    if shuffle:
        rules = rules.replace(shuffle="always")  # rule D4's house option
    a = Abstraction.for_table(rules)
    strategy = cached(a)
    if strategy is None:
        print(f"no cached solution of {a.describe()}: solving it (about 10 minutes)")
        strategy = solve(a, target=0.001, time_limit=1800, refine=200)
    record = strategy.record
    print(f"solver strategy: {a.describe()}; {record.iterations} iterations, exploitability "
          f"{1000 * (record.exploitability or 0):.3f} milli-antes per deal")
    for opponent in opponents:
        bot = SolverBot(strategy, seed=seed, rules=rules)
        start = time.perf_counter()
        result = play_arena([("solver", bot), opponent], deals=deals, rules=rules, seed=seed)
        print(f"solver vs {opponent}, pack {'shuffled every deal' if shuffle else 'unshuffled'}:"
              f" {deals} deals in {time.perf_counter() - start:.0f} s; decisions informed "
              f"{bot.informed}, off the tree {bot.off_tree}, left to the fallback "
              f"{bot.fallbacks}")
        for line in result.lines()[1:]:
            print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--max-bets", type=int, default=4)
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--target", type=float, default=1.0)
    parser.add_argument("--time-limit", type=float, default=600.0)
    parser.add_argument("--arena", type=int, default=0, help="deals per arena match")
    parser.add_argument("--opponents", default="shark,cautious,bold")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--shuffle", action="store_true",
                        help="shuffle before every deal (D4's option): no pack to follow")
    args = parser.parse_args()
    if args.arena:
        run_arena(args.arena, args.opponents.split(","), args.seed, args.shuffle)
        return
    bench_showdowns(args.nodes, args.repeats)
    bench_iterations(args.max_bets, args.repeats)
    if args.full:
        run_full(args.max_bets, args.target, args.time_limit)


if __name__ == "__main__":
    main()
