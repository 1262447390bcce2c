"""Solve the strategies shipped with bragkit again and rewrite them (docs/equilibrium.md).

Every abstraction of :func:`bragkit.solver.shipped.shipped_abstractions` is solved exactly as
``bragkit solve ... --target 1 --refine 200`` solves it (the same driver), from scratch (CFR+ is
deterministic), or into and from ``--cache-dir`` (``bragkit solve --cache-dir``'s folder: a
solve made there by that command is reused), then written, quantised, to
``src/bragkit/solver/shipped/KEY.npz`` and ``KEY.json``; files of abstractions no longer shipped
are removed. About five minutes a strategy on one core::

    $ OPENBLAS_NUM_THREADS=1 PYTHONPATH=src python scripts/ship_strategies.py
    $ PYTHONPATH=src python scripts/ship_strategies.py --check   # compare, write nothing

``--check`` reports how far each shipped file is from the solve, exiting 1 if any is further
than the quantisation allows.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from bragkit.solver.driver import solve
from bragkit.solver.shipped import (
    REFINE,
    TARGET,
    TOLERANCE,
    shipped,
    shipped_abstractions,
    write,
)

FOLDER = Path(__file__).resolve().parent.parent / "src" / "bragkit" / "solver" / "shipped"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-dir", type=Path, default=None,
                        help="a solver cache folder to solve into and reuse (default: none)")
    parser.add_argument("--check", action="store_true",
                        help="compare the solves with the shipped files, write nothing")
    parser.add_argument("--out", type=Path, default=FOLDER, help="where to write")
    args = parser.parse_args(argv)
    cache: Path | None = args.cache_dir
    keep: set[str] = set()
    failed = False
    for abstraction in shipped_abstractions():
        print(f"solving {abstraction.describe()} ...", flush=True)
        strategy = solve(abstraction, target=TARGET, refine=REFINE, cache=cache)
        record = strategy.record
        print(f"  {record.iterations} iterations, exploitability "
              f"{(record.exploitability or 0) * 1000:.3f} milli-antes; key {strategy.key}")
        keep.add(strategy.key)
        if args.check:
            found = shipped(abstraction)
            if found is None:
                print("  not shipped")
                failed = True
                continue
            gap = float(np.abs(found.table - strategy.table).max())
            ok = gap <= TOLERANCE
            failed |= not ok
            print(f"  shipped differs by at most {gap:.2e} ({'ok' if ok else 'TOO FAR'})")
            continue
        npz, meta = write(strategy, args.out)
        print(f"  wrote {npz.name} ({npz.stat().st_size:,} bytes) and {meta.name} "
              f"({meta.stat().st_size:,} bytes)")
    if not args.check:
        for stale in sorted(args.out.glob("*.*")):
            if stale.suffix in (".npz", ".json") and stale.stem not in keep:
                stale.unlink()
                print(f"removed {stale.name}")
        total = sum(p.stat().st_size for p in args.out.glob("*.*"))
        print(f"shipped: {total:,} bytes in {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
