"""Instructions a deal costs to read a long session's record (issue 27, item 3), counted by
valgrind's callgrind: unlike CPU seconds on a shared machine, the count is the same run after
run, so two checkouts compare to a fraction of a percent.

Two records of the session of ``bench_records.py`` (three players, random legal actions) are
written, of ``--small`` and ``--large`` deals; each is read (``read_session``: parsed, checked
and replayed) in a process of its own under callgrind; the difference of the two counts over
the difference of the deals is what one more deal costs (the start-up and imports cancel out)::

    PYTHONPATH=src python benchmarks/bench_records_instructions.py
    PYTHONPATH=/path/to/other/src python benchmarks/bench_records_instructions.py

It needs ``valgrind`` on the PATH, and takes a minute or two (callgrind runs Python some fifty
times slower).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_records import new_table, play

from bragkit.games.three_card.session_records import SessionRecord, dump

_READ = ("import sys\nfrom bragkit.games.three_card.session_records import read_session\n"
         "read_session(open(sys.argv[1], encoding='utf-8').read())\n")


def instructions(path: Path, folder: Path) -> int:
    """The instructions callgrind counts reading the record at ``path`` in a fresh process."""
    done = subprocess.run(["valgrind", "--tool=callgrind",
                           f"--callgrind-out-file={folder / 'callgrind.out'}",
                           sys.executable, "-c", _READ, str(path)],
                          capture_output=True, text=True, check=True, env=dict(os.environ))
    found = re.search(r"Collected : (\d+)", done.stderr)
    assert found is not None, done.stderr[-500:]
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        counts = {}
        for deals in (args.small, args.large):
            table = new_table(args.seed)
            play(table, deals, random.Random(args.seed))
            path = folder / f"session-{deals}.toml"
            dump(SessionRecord.from_table(table), path)
            counts[deals] = instructions(path, folder)
    per_deal = (counts[args.large] - counts[args.small]) / (args.large - args.small)
    print(f"reading a session record: {per_deal:,.0f} instructions a deal "
          f"({counts[args.small]:,} for {args.small:,} deals, {counts[args.large]:,} for "
          f"{args.large:,})")


if __name__ == "__main__":
    main()
