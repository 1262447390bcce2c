"""Solved strategies shipped with bragkit: the trainer and the ``solver`` bot work at once.

Solving the full abstraction takes minutes (docs/equilibrium.md), so the strategies of the
default heads-up tables — the stakes of ``bragkit play`` and of the arena, with the pack
shuffled or not (D4), and the default abstraction — come with the package, in
``bragkit/solver/shipped/``: one ``KEY.npz`` (the probabilities quantised to 16 bits, a blind
player's row once, BL6, each node's last action left out: about a megabyte) and one
``KEY.json`` (the :class:`~bragkit.solver.strategy.SolveRecord` of the solve, the abstraction,
its key and the recipe) per abstraction, named by its key
(:meth:`Abstraction.key`). :func:`shipped` reads one; a solve in the user's cache
(:func:`bragkit.solver.driver.cached`) is preferred wherever there is one.

Each is exactly what ``bragkit solve`` gives for its abstraction with :data:`TARGET` and
:data:`REFINE` (``--target 1 --refine 200``), rounded to a multiple of :data:`QUANTUM`;
``python scripts/ship_strategies.py`` solves them again and rewrites the files.

>>> from bragkit.solver.driver import solve
>>> a = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ")
>>> exact = solve(a, iterations=50, cache=None)
>>> arrays, record = pack(exact)
>>> sorted(arrays), arrays["blind"].dtype.name, record["key"] == a.key()
(['blind', 'high', 'low'], 'uint16', True)
>>> again = unpack(arrays, record)
>>> float(abs(again.table - exact.table).max()) <= TOLERANCE
True
>>> again.record == exact.record
True
"""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Iterator, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.strategy import SolveRecord, Strategy, betting_tree
from bragkit.solver.traversal import FloatArray
from bragkit.solver.tree import BettingTree

__all__ = [
    "QUANTUM",
    "REFINE",
    "SHIPPED_FORMAT",
    "TABLES",
    "TARGET",
    "TOLERANCE",
    "pack",
    "read",
    "shipped",
    "shipped_abstractions",
    "shipped_keys",
    "unpack",
    "write",
]

#: The ``format`` of a shipped strategy's JSON record.
SHIPPED_FORMAT: Final = "bragkit-shipped-strategy/1"
#: Probabilities are stored as whole multiples of this (16 bits).
QUANTUM: Final = 1 / 65535
#: The most a shipped probability differs from the solve's: a node's probabilities are
#: rounded down to quanta, the largest remainders up, to sum to exactly one.
TOLERANCE: Final = QUANTUM
#: The solve of every shipped strategy: until the exploitability is at most 1 milli-ante per
#: deal (in chips, the ante being 1) ...
TARGET: Final = 0.001
#: ... then so many iterations against a trembling opponent (answers to its mistakes).
REFINE: Final = 200
#: The heads-up tables whose abstraction (:meth:`Abstraction.for_table`) is shipped: the
#: stakes of ``bragkit play`` and of the arena (ante 1, bets 1 to 10, rules D2, B1), the pack
#: not shuffled between deals and shuffled before every deal (D4: a blind winner's share 0.8
#: and 0.65, BL3). The default abstraction is shipped too, for any other table of the same hand
#: order and blind rule (H10, BL1).
TABLES: Final = (
    Rules(ante=1, min_bet=1, max_bet=10),
    Rules(ante=1, min_bet=1, max_bet=10, shuffle="always"),
)

_Array = npt.NDArray[Any]


def shipped_abstractions() -> tuple[Abstraction, ...]:
    """The abstractions shipped, the tables' first.

    >>> [a.describe() for a in shipped_abstractions()][1]
    "ranks AKQJT98765432 x4 suits, ante 1, stakes 1/2/4/8/10, at most 4 bets (cap: see), blind play (a blind winner's share 0.65), see double"
    """  # noqa: E501
    return (*(Abstraction.for_table(rules) for rules in TABLES), Abstraction())


def _stored(tree: BettingTree) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Which edges' rows are stored, for an open player and for a blind one: all but the last
    action of each node (its probability is what the others leave)."""
    blind = tree.blind_actor[tree.edge_node]
    last = np.zeros(tree.n_edges, dtype=bool)
    last[tree.first_edge + tree.n_edges_of - 1] = True
    return ~blind & ~last, blind & ~last


def pack(strategy: Strategy) -> tuple[dict[str, _Array], dict[str, Any]]:
    """The arrays and the JSON record of a shipped strategy, each probability a whole number
    of quanta (16 bits), the last action of each node left out (the others leave its share):
    ``high`` and ``low`` hold the high and low bytes of a row per action of an open player (one
    column per hand class; bytes apart, they compress better), ``blind`` one number per action
    of a blind one (one strategy for every hand, BL6)."""
    tree = strategy.tree
    opened, blind = _stored(tree)
    quanta = _quantise(tree, strategy.table)
    rows = quanta[opened]
    arrays = {"high": (rows >> 8).astype(np.uint8), "low": (rows & 0xFF).astype(np.uint8),
              "blind": quanta[blind, 0]}
    record = {**strategy.metadata(), "format": SHIPPED_FORMAT, "quantum": "1/65535",
              "recipe": {"target": TARGET, "refine": REFINE}}
    return arrays, record


def _quantise(tree: BettingTree, table: FloatArray) -> npt.NDArray[np.uint16]:
    """Each node's probabilities as whole quanta summing to exactly one (the largest
    remainders rounded up), so that its last action needs no storing; each within a quantum."""
    scaled = table / QUANTUM
    quanta = np.floor(scaled)
    for node in range(tree.n_nodes):
        edges = tree.edges_of(node)
        block = slice(edges.start, edges.stop)
        short = np.clip(np.rint(65535 - quanta[block].sum(axis=0)), 0, len(edges)).astype(int)
        order = np.argsort(quanta[block] - scaled[block], axis=0, kind="stable")  # largest first
        ranks = np.empty_like(order)
        np.put_along_axis(ranks, order, np.arange(len(edges))[:, None], axis=0)
        quanta[block] += ranks < short
    return quanta.astype(np.uint16)


def unpack(arrays: Mapping[str, _Array], record: Mapping[str, Any]) -> Strategy:
    """The strategy of :func:`pack`'s arrays and record (RulesError if they do not fit)."""
    if record.get("format") != SHIPPED_FORMAT:
        raise RulesError(f"not a {SHIPPED_FORMAT} record")
    abstraction = Abstraction.from_dict(record["abstraction"])
    if record.get("key") != abstraction.key():
        raise RulesError("a shipped strategy's key does not match its abstraction")
    tree = betting_tree(abstraction)
    opened, blind = _stored(tree)
    n_classes = int(record["classes"])
    high, low = np.asarray(arrays["high"]), np.asarray(arrays["low"])
    blind_rows = np.asarray(arrays["blind"])
    wanted = (int(opened.sum()), n_classes)
    if high.shape != wanted or low.shape != wanted or blind_rows.shape != (int(blind.sum()),):
        raise RulesError("a shipped strategy's arrays do not fit its abstraction")
    quanta = np.zeros((tree.n_edges, n_classes))
    quanta[opened] = high.astype(np.float64) * 256 + low
    quanta[blind] = blind_rows[:, None]
    last = tree.first_edge + tree.n_edges_of - 1
    quanta[last] = np.clip(65535 - tree.segments.sum(quanta), 0, None)
    return Strategy(abstraction, quanta * QUANTUM, SolveRecord.from_dict(dict(record)))


def write(strategy: Strategy, directory: Path) -> tuple[Path, Path]:
    """Write ``KEY.npz`` and ``KEY.json`` of a shipped strategy into ``directory``."""
    arrays, record = pack(strategy)
    directory.mkdir(parents=True, exist_ok=True)
    npz = directory / f"{strategy.key}.npz"
    meta = directory / f"{strategy.key}.json"
    np.savez_compressed(npz, high=arrays["high"], low=arrays["low"], blind=arrays["blind"])
    meta.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return npz, meta


def _folder() -> Traversable:
    return resources.files("bragkit.solver").joinpath("shipped")


def shipped_keys() -> tuple[str, ...]:
    """The keys of the strategies shipped with the package (sorted).

    >>> Abstraction().key() in shipped_keys()
    True
    """
    folder = _folder()
    if not folder.is_dir():
        return ()
    names: Iterator[str] = (entry.name for entry in folder.iterdir())
    return tuple(sorted(name.removesuffix(".json") for name in names if name.endswith(".json")))


def shipped(abstraction: Abstraction) -> Strategy | None:
    """The strategy shipped for ``abstraction``, None if there is none (read once, then kept).

    >>> s = shipped(Abstraction.for_table(TABLES[0]))
    >>> s.abstraction.stakes, s.record.exploitability <= TARGET
    ((1, 2, 4, 8, 10), True)
    >>> shipped(Abstraction()).abstraction.stakes
    (1, 2, 4, 8, 16)
    >>> shipped(Abstraction(max_bets=3)) is None
    True
    """
    return _load(abstraction.key())


@functools.lru_cache(maxsize=4)
def _load(key: str) -> Strategy | None:
    return read(_folder(), key)


def read(folder: Path | Traversable, key: str) -> Strategy | None:
    """The strategy :func:`write` wrote into ``folder`` under ``key``; None if there is none,
    RulesError if the files are damaged or do not fit the abstraction they name."""
    meta, npz = folder.joinpath(f"{key}.json"), folder.joinpath(f"{key}.npz")
    if not meta.is_file() or not npz.is_file():
        return None
    try:
        record = json.loads(meta.read_text(encoding="utf-8"))
        with np.load(io.BytesIO(npz.read_bytes())) as data:
            arrays = {name: np.array(data[name]) for name in ("high", "low", "blind")}
    except (OSError, ValueError, KeyError) as error:
        raise RulesError(f"cannot read the shipped strategy {key}: {error}") from None
    if not isinstance(record, dict) or record.get("key") != key:
        raise RulesError(f"the shipped strategy {key} has no record of that key")
    return unpack(arrays, record)
