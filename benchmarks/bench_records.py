"""What records cost (issue 27, items 3 and 4): a long session's record written and read, a deal
at its action bound read and replayed, and a refusal of a record over its bounds.

1. **A long session.** ``--deals`` deals (default 100,000) at a three-card table of three
   players choosing random legal actions (seeded). The session is played, its record written
   to a file (``dump(SessionRecord.from_table(table), path)``) and read back (``read_session``:
   parsed, checked and replayed a deal at a time). Each step runs in a process of its own and
   reports its CPU seconds and the process's peak memory (``ru_maxrss``). The baseline, in the
   same run, is playing the session in the first place: reading replays every deal through the
   same engine and session, so it is the floor of a read; the peak of playing is the floor of
   the others' (the table written holds the session). Also the bytes a finished deal costs
   the session (tracemalloc, over the last half of ``--memory-deals`` deals, the engine's
   bounded caches left out).
2. **A deal at its action bound**: a ``.bhh`` record of 20,000 actions (six players with
   40-character names, near the 1 MiB text bound) read (``read_bhh``: parsed, checked and
   replayed) and replayed (``records.replay``); the baseline is the same deal played through the
   engine from its start.
3. **Refusals**, for each format: a text one character over its bound, a text at its bound
   stuffed with keys, a 100 MB file (``records.load``). Each reports its time and the peak
   memory traced during it; the baseline is reading the format's small record.

Times are CPU seconds of the process (the machine may be shared). Compare two checkouts back to
back (an older one may lack a step; it is reported as such)::

    PYTHONPATH=src python benchmarks/bench_records.py --deals 20000
    PYTHONPATH=/path/to/other/src python benchmarks/bench_records.py --deals 20000

Targets (issue 27): a 100,000-deal record written and read in under 20 s each with under
200 MB; under 1 KB a finished deal; the action-bound record read and replayed in under 1 s; a
refusal under 100 ms and a few MB.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bragkit import records
from bragkit.actions import Verb
from bragkit.errors import BragError
from bragkit.games.protocol import random_action
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.notation import DealRecord, read_bhh, write_bhh
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.session_records import (
    SessionRecord,
    dump,
    read_session,
    write_session,
)
from bragkit.games.three_card.table import Table

SEATS = ["Ann", "Bob", "Cy"]


def play(table: Table, deals: int, rng: random.Random) -> None:
    """``deals`` deals of random legal actions (the least amount an option allows)."""
    for _ in range(deals):
        table.start_deal()
        while table.in_deal:
            deal = table.current
            assert deal is not None
            option = rng.choice(deal.legal_actions())
            table.apply(option.action(option.min_amount) if option.min_amount is not None
                        else option.action())


def new_table(seed: int) -> Table:
    return Table(Rules(), seats=SEATS, buy_ins=10**9, rng=seed)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- 1. a long session, a step a process ----------------------------------------------------------

def step(name: str, deals: int, seed: int, path: Path) -> dict[str, float]:
    """One step of the long session in this process: its CPU seconds and peak memory."""
    if name == "play":
        start = time.process_time()
        play(new_table(seed), deals, random.Random(seed))
        return {"seconds": time.process_time() - start, "peak_mb": peak_mb()}
    if name == "write":
        table = new_table(seed)
        play(table, deals, random.Random(seed))
        gc.collect()
        before = peak_mb()
        start = time.process_time()
        dump(SessionRecord.from_table(table), path)  # to a file: the way a long record goes
        seconds = time.process_time() - start
        return {"seconds": seconds, "peak_mb": peak_mb(), "before_mb": before,
                "megabytes": path.stat().st_size / 1e6}
    text = path.read_text(encoding="utf-8")
    before = peak_mb()
    start = time.process_time()
    record = read_session(text)
    seconds = time.process_time() - start
    assert len(record.deals) == deals
    return {"seconds": seconds, "peak_mb": peak_mb(), "before_mb": before}


def run_step(name: str, deals: int, seed: int, path: Path) -> dict[str, float] | None:
    """A step in a fresh process (its own peak memory); None if it failed."""
    done = subprocess.run([sys.executable, __file__, "--step", name, "--deals", str(deals),
                           "--seed", str(seed), "--file", str(path)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"  {name}: failed: {done.stderr.strip().splitlines()[-1:]}")
        return None
    found: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


#: The engine's bounded caches (menus, amount options): they fill during the first half and
#: their refills would only blur the figure (as in tests/test_session_memory.py).
_CACHES = ("*/games/three_card/setup.py", "*/games/three_card/menus.py")


def bytes_per_deal(deals: int, seed: int) -> float:
    """What each of the last half of ``deals`` deals adds to the memory traced (the engine's
    bounded caches left out)."""
    table = new_table(seed)
    rng = random.Random(seed)
    tracemalloc.start()
    play(table, deals // 2, rng)
    gc.collect()
    ignore = [tracemalloc.Filter(False, pattern) for pattern in _CACHES]
    before = tracemalloc.take_snapshot().filter_traces(ignore)
    play(table, deals - deals // 2, rng)
    gc.collect()
    after = tracemalloc.take_snapshot().filter_traces(ignore)
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    return grown / (deals - deals // 2)


def long_session(deals: int, seed: int, memory_deals: int) -> None:
    print(f"1. A session of {deals:,} deals (three players, random legal actions)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "session.toml"
        played = run_step("play", deals, seed, path)
        wrote = run_step("write", deals, seed, path)
        read = run_step("read", deals, seed, path) if wrote is not None else None
    if played is not None:
        print(f"  play (baseline)   {played['seconds']:7.1f} s   peak {played['peak_mb']:6.0f} MB")
    for label, found, target in (("write", wrote, 20.0), ("read", read, 20.0)):
        if found is None or played is None:
            continue
        extra = f"  ({found['megabytes']:.0f} MB of text)" if "megabytes" in found else ""
        print(f"  {label:<17} {found['seconds']:7.1f} s   peak {found['peak_mb']:6.0f} MB   "
              f"{found['seconds'] / played['seconds']:5.2f} x play; at {deals:,} deals target "
              f"{target * deals / 100_000:.1f} s: "
              f"{'met' if found['seconds'] * 100_000 / deals < target else 'MISSED'}{extra}")
    per_deal = bytes_per_deal(memory_deals, seed)
    print(f"  a finished deal costs the session {per_deal:,.0f} bytes (tracemalloc, "
          f"{memory_deals:,} deals): target 1,000: {'met' if per_deal < 1000 else 'MISSED'}")


# -- 2. a deal at its action bound ----------------------------------------------------------------

def bound_deal() -> tuple[str, Callable[[], Any]]:
    """A ``.bhh`` record of 20,000 actions near the text bound, and how to play its deal
    through the engine from its start (the baseline)."""
    players = [f"P{i}-" + "x" * 36 for i in range(6)]
    rules = Rules(blind=False)
    deal = Deal(rules, players=players, dealer=players[-1], stacks=[10**11] * 6, rng=5)
    actions = []
    while len(actions) < 20_000 - 6:
        option = next(o for o in deal.legal_actions() if o.verb is Verb.BET)
        actions.append(option.action(option.min_amount))
        deal.apply(actions[-1])
    while not deal.over:
        actions.append(next(o for o in deal.legal_actions() if o.verb is Verb.FOLD).action())
        deal.apply(actions[-1])
    record = DealRecord.from_deal(deal)

    def again() -> Any:
        replayed = record.start()
        for action in actions:
            replayed.apply(action)
        return replayed
    return write_bhh(record), again


def cpu(call: Callable[[], Any], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best


def action_bound() -> None:
    text, again = bound_deal()
    print(f"2. A .bhh record at the action bound (20,000 actions, {len(text):,} characters)")
    base = cpu(again)
    print(f"  the deal played (baseline) {base:6.2f} s")
    for label, call in (("read_bhh", lambda: read_bhh(text)),
                        ("records.replay", lambda: records.replay(text).to_json())):
        took = cpu(call)
        print(f"  {label:<26} {took:6.2f} s   {took / base:5.2f} x played; target 1 s: "
              f"{'met' if took < 1 else 'MISSED'}")


# -- 3. refusals ----------------------------------------------------------------------------------

def small_records() -> dict[str, str]:
    """A played record of every game, and a short session's."""
    import bragkit.games

    found = {}
    for name in bragkit.games.names():
        game = bragkit.games.new(name, players=SEATS, seed=4)
        rng = random.Random(4)
        while not game.over:
            game.apply(random_action(game, rng))
        found[name] = records.dump(game)
    table = new_table(4)
    play(table, 3, random.Random(4))
    found["session"] = write_session(SessionRecord.from_table(table))
    return found


def refusal(call: Callable[[], Any]) -> tuple[float, float, bool]:
    """The wall seconds and peak KB traced while ``call`` runs; whether it refused (a
    BragError)."""
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    refused = False
    try:
        call()
    except BragError:
        refused = True
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1] / 1e3
    tracemalloc.stop()
    return seconds, peak, refused


def refusals() -> None:
    print("3. Refusals (wall ms, peak KB traced; baseline: reading the small record)")
    bounds = {"session": 64 * 1024 * 1024}
    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "big.toml"
        for name, text in small_records().items():
            limit = bounds.get(name, 1024 * 1024)
            over = text + "#" * (limit - len(text)) + "#\n"
            stuffed = text + "".join(f"k{i} = {i}\n" for i in range(200_000))
            stuffed = stuffed[:limit]
            base = refusal(lambda t=text: records.load(t))  # type: ignore[misc]
            cases = {"one over": lambda t=over: records.load(t),  # type: ignore[misc]
                     "key-stuffed": lambda t=stuffed: records.load(t)}  # type: ignore[misc]
            with big.open("w", encoding="utf-8") as file:
                file.write(text)
                file.write(("#" * 99 + "\n") * 1_000_000)
            cases["100 MB file"] = lambda: records.load(big)
            row = [f"  {name:<13} read {base[0] * 1e3:6.1f} ms {base[1]:6.0f} KB"]
            for label, call in cases.items():
                seconds, peak, refused = refusal(call)
                mark = "" if refused else " (NOT refused)"
                row.append(f"{label} {seconds * 1e3:6.1f} ms {peak:5.0f} KB{mark}")
            print(" | ".join(row))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--memory-deals", type=int, default=4_000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--step", choices=["play", "write", "read"])
    parser.add_argument("--file", type=Path)
    parser.add_argument("--only", choices=["session", "bound", "refusals"])
    args = parser.parse_args()
    if args.step is not None:
        print(json.dumps(step(args.step, args.deals, args.seed, args.file)))
        return
    if args.only in (None, "session"):
        long_session(args.deals, args.seed, args.memory_deals)
    if args.only in (None, "bound"):
        action_bound()
    if args.only in (None, "refusals"):
        refusals()


if __name__ == "__main__":
    main()
