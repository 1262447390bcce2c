"""Solving an abstraction: CFR+ until a target, with an exploitability curve and a cache.

:func:`solve` runs CFR+ (:mod:`bragkit.solver.cfr`) until the exploitability of the average
strategy, measured by an exact best response (:mod:`bragkit.solver.evaluate`), falls below a
target, or an iteration or time budget runs out. The exploitability is measured at iterations
spaced out geometrically, which makes the curve of the record. Results are cached under the
abstraction's key (:meth:`Abstraction.key`): a later call that asks no more than the cached
result gives is answered from the cache, and one that asks more resumes from the saved regrets.

>>> from bragkit.solver.abstraction import Abstraction
>>> s = solve(Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ"), iterations=300, cache=None)
>>> s.record.iterations, s.record.exploitability < 0.005
(300, True)
>>> [point[0] for point in s.record.curve][:6]
[1, 2, 5, 10, 20, 50]
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bragkit.errors import RulesError
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.cfr import CFRPlus
from bragkit.solver.evaluate import exploitability
from bragkit.solver.hand_space import hand_space
from bragkit.solver.strategy import SolveRecord, Strategy, betting_tree

__all__ = ["Progress", "cache_dir", "cached", "checkpoints", "solve"]

#: Called after every iteration with the iteration number and the latest exploitability.
Progress = Callable[[int, float | None], None]


def cache_dir() -> Path:
    """Where solved strategies are kept: ``$BRAGKIT_CACHE/solver`` or the user cache folder."""
    root = os.environ.get("BRAGKIT_CACHE")
    if root:
        return Path(root) / "solver"
    import platformdirs

    return Path(platformdirs.user_cache_dir("bragkit")) / "solver"


def checkpoints(limit: int) -> list[int]:
    """The iterations at which the exploitability is measured: 1, 2, 5, 10, 20, 50, ...

    >>> checkpoints(300)
    [1, 2, 5, 10, 20, 50, 100, 200, 300]
    """
    points: list[int] = []
    decade = 1
    while decade <= limit:
        points += [m * decade for m in (1, 2, 5) if m * decade <= limit]
        decade *= 10
    if not points or points[-1] != limit:
        points.append(limit)
    return points


def cached(abstraction: Abstraction, directory: Path | None = None) -> Strategy | None:
    """The cached strategy of an abstraction, if one was solved before."""
    base = (directory or cache_dir()) / abstraction.key()
    if not base.with_name(base.name + ".json").exists():
        return None
    try:
        return Strategy.load(base)
    except RulesError:
        return None


def _good_enough(
    record: SolveRecord, iterations: int | None, target: float | None, refine: int
) -> bool:
    if record.refined < refine:
        return False
    if (target is not None and record.exploitability is not None
            and record.exploitability <= target):
        return True
    return iterations is not None and record.iterations >= iterations and target is None


def solve(
    abstraction: Abstraction,
    *,
    iterations: int | None = None,
    target: float | None = None,
    time_limit: float | None = None,
    progress: Progress | None = None,
    cache: Path | str | bool | None = True,
    check_every: int | None = None,
    refine: int = 0,
    tremble: float = 1e-6,
) -> Strategy:
    """Solve ``abstraction`` with CFR+ and return the average strategy with its record.

    Stops at ``iterations``, once the exploitability (chips per deal) is at most ``target``, or
    after ``time_limit`` seconds of this call, whichever comes first; with none given, 1,000
    iterations. ``cache`` is a folder, ``True`` for :func:`cache_dir`, or ``None``/``False``
    for none. ``check_every`` measures the exploitability every so many iterations besides the
    geometric checkpoints (a target is checked at every measurement; with a target, at least
    every 100). ``refine`` runs that many more iterations at the end with the opponent's reach
    trembling by ``tremble`` (every history reached: the answers to mistakes are learnt, which a
    bot playing real opponents needs), and keeps the current strategy if it is the better.
    """
    if iterations is None and target is None and time_limit is None:
        iterations = 1000
    if iterations is not None and iterations < 1:
        raise RulesError(f"iterations must be at least 1, not {iterations}")
    if target is not None and not target > 0:
        raise RulesError(f"the target exploitability must be positive, not {target}")
    directory = None if cache is None or cache is False else (
        cache_dir() if cache is True else Path(cache))
    if directory is not None:
        found = cached(abstraction, directory)
        if found is not None and _good_enough(found.record, iterations, target, refine):
            return found

    tree, space = betting_tree(abstraction), hand_space(abstraction)
    cfr = CFRPlus(tree, space)
    curve: list[tuple[int, float, float]] = []
    seconds = 0.0
    if directory is not None:
        seconds, curve = _resume(cfr, directory / abstraction.key())
    limit = iterations if iterations is not None else 10**9
    if check_every is None and target is not None:
        check_every = 100  # a target is checked at least every hundred iterations
    points = set(checkpoints(min(limit, 10**7)))
    latest: float | None = curve[-1][2] if curve else None
    report = None
    call_start = time.perf_counter()
    started = call_start - seconds  # the record's clock counts earlier runs too
    while cfr.iterations < limit:
        cfr.run(1)
        it = cfr.iterations
        now = time.perf_counter()
        elapsed = now - started
        last = it >= limit or (time_limit is not None and now - call_start >= time_limit)
        if it in points or last or (check_every and it % check_every == 0):
            report = exploitability(tree, space, cfr.average_strategy())
            latest = report.exploitability
            curve.append((it, round(elapsed, 3), latest))
            if target is not None and latest <= target:
                last = True
        if progress is not None:
            progress(it, latest)
        if last:
            break
    refined = 0
    if refine > 0:
        cfr.tremble = tremble
        for _ in range(refine):
            cfr.run(1)
            if progress is not None:
                progress(cfr.iterations, latest)
        cfr.tremble = 0.0
        refined = refine
    strategy_table = cfr.average_strategy()
    report = exploitability(tree, space, strategy_table)
    current = cfr.current_strategy()  # CFR+'s last iterate is often as good: keep the better
    current_report = exploitability(tree, space, current)
    chosen = "average"
    if current_report.exploitability < report.exploitability:
        strategy_table, report, chosen = current, current_report, "current"
    if not curve or curve[-1][0] != cfr.iterations:
        curve.append((cfr.iterations, round(time.perf_counter() - started, 3),
                      report.exploitability))
    record = SolveRecord(
        iterations=cfr.iterations,
        seconds=round(time.perf_counter() - started, 3),
        exploitability=report.exploitability,
        values=report.values,
        best_responses=report.best_responses,
        curve=tuple(curve),
        chosen=chosen,
        refined=refined,
    )
    strategy = Strategy(abstraction, strategy_table, record)
    if directory is not None:
        base = directory / abstraction.key()
        strategy.save(base)
        _save_state(cfr, base, record)
    return strategy


def _save_state(cfr: CFRPlus, base: Path, record: SolveRecord) -> None:
    """The regrets and strategy sums, so that a later, longer solve resumes."""
    np.savez(base.with_name(base.name + ".state.npz"), regrets=cfr.regrets.astype(np.float32),
             strategy_sum=cfr.strategy_sum.astype(np.float32),
             iterations=np.array(cfr.iterations), seconds=np.array(record.seconds),
             curve=np.array(record.curve, dtype=np.float64).reshape(-1, 3))


def _resume(cfr: CFRPlus, base: Path) -> tuple[float, list[tuple[int, float, float]]]:
    path = base.with_name(base.name + ".state.npz")
    if not path.exists():
        return 0.0, []
    try:
        with np.load(path) as data:
            regrets = np.array(data["regrets"], dtype=np.float64)
            sums = np.array(data["strategy_sum"], dtype=np.float64)
            iterations = int(data["iterations"])
            seconds = float(data["seconds"])
            curve = [(int(i), float(s), float(x)) for i, s, x in data["curve"]]
    except (OSError, ValueError, KeyError):
        return 0.0, []
    if regrets.shape != cfr.regrets.shape or sums.shape != cfr.strategy_sum.shape:
        return 0.0, []
    cfr.restore(regrets, sums, iterations)
    if math.isnan(seconds):  # pragma: no cover - a damaged file
        seconds = 0.0
    return seconds, curve
