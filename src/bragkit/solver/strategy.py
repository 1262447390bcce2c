"""A solved strategy: probabilities per action and hand class, with its record, on disk.

A :class:`Strategy` holds, for every edge of the betting tree and every suit class of hands, the
probability that the player to act takes it; :meth:`Strategy.probabilities` answers for a
public history and a hand (or no hand, for a blind player). It is written as two files side by
side: ``NAME.npz`` (the array, float32) and ``NAME.json`` (the :class:`SolveRecord`: the
abstraction, its key, iterations, time, exploitability curve, values).

>>> from bragkit.solver.abstraction import Abstraction
>>> from bragkit.solver.tree import BettingTree
>>> from bragkit.solver.hand_space import hand_space
>>> from bragkit.solver.traversal import uniform_strategy
>>> a = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ")
>>> s = Strategy(a, uniform_strategy(BettingTree(a), hand_space(a)))
>>> s.probabilities([])
{'look': 0.5, 'blind 1': 0.5}
>>> s.probabilities(["look"], "As Ks Qs")
{'fold': 0.3333, 'bet 1': 0.3333, 'bet 2': 0.3333}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np

from bragkit.cards import CardsLike
from bragkit.errors import RulesError
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.hand_space import HandSpace, hand_space
from bragkit.solver.traversal import FloatArray, normalise
from bragkit.solver.tree import BettingTree

__all__ = ["FILE_FORMAT", "SolveRecord", "Strategy", "betting_tree"]

#: The ``format`` of a strategy's JSON record.
FILE_FORMAT: Final = "bragkit-strategy/1"

_TREES: dict[Abstraction, BettingTree] = {}


def betting_tree(abstraction: Abstraction) -> BettingTree:
    """The (cached) betting tree of an abstraction."""
    tree = _TREES.get(abstraction)
    if tree is None:
        if len(_TREES) > 8:
            _TREES.clear()
        tree = _TREES[abstraction] = BettingTree(abstraction)
    return tree


@dataclass(frozen=True, kw_only=True, slots=True)
class SolveRecord:
    """How a strategy was found and how good it is.

    ``curve`` holds ``(iteration, seconds, exploitability)`` points; ``exploitability`` and
    ``values`` (what each seat wins per deal, seat 0 at the dealer's left) are in chips per
    deal, the ante being one chip by default. ``chosen`` says which strategy was kept: CFR+'s
    ``"average"`` or its ``"current"`` (last) one, whichever is less exploitable; ``refined``
    counts the last iterations run with the opponent trembling (see :class:`CFRPlus
    <bragkit.solver.cfr.CFRPlus>`), which teach the answers to their mistakes.
    """

    iterations: int = 0
    seconds: float = 0.0
    exploitability: float | None = None
    values: tuple[float, float] | None = None
    best_responses: tuple[float, float] | None = None
    curve: tuple[tuple[int, float, float], ...] = field(default=())
    chosen: str = "average"
    refined: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-able."""
        return {
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "exploitability": self.exploitability,
            "values": None if self.values is None else list(self.values),
            "best_responses": None if self.best_responses is None else list(self.best_responses),
            "curve": [list(point) for point in self.curve],
            "chosen": self.chosen,
            "refined": self.refined,
        }

    @classmethod
    def from_dict(cls, table: dict[str, Any]) -> SolveRecord:
        """From :meth:`to_dict`."""
        values = table.get("values")
        brs = table.get("best_responses")
        return cls(
            iterations=int(table.get("iterations", 0)),
            seconds=float(table.get("seconds", 0.0)),
            exploitability=table.get("exploitability"),
            values=None if values is None else (float(values[0]), float(values[1])),
            best_responses=None if brs is None else (float(brs[0]), float(brs[1])),
            curve=tuple((int(i), float(s), float(x)) for i, s, x in table.get("curve", ())),
            chosen=str(table.get("chosen", "average")),
            refined=int(table.get("refined", 0)),
        )


class Strategy:
    """Action probabilities for every public history and hand class of an abstraction."""

    def __init__(
        self, abstraction: Abstraction, table: FloatArray, record: SolveRecord | None = None
    ) -> None:
        self.abstraction = abstraction
        self.tree = betting_tree(abstraction)
        self.space: HandSpace = hand_space(abstraction)
        expected = (self.tree.n_edges, self.space.n_classes)
        if table.shape != expected:
            raise RulesError(f"a strategy for this abstraction is {expected}, not {table.shape}")
        self.table = normalise(self.tree, np.asarray(table, dtype=np.float64))
        self.record = record or SolveRecord()

    @property
    def key(self) -> str:
        """The abstraction's key (the cache key)."""
        return self.abstraction.key()

    def node_probabilities(self, node: int, cls: int | None) -> FloatArray:
        """The probabilities of ``node``'s edges for a hand of class ``cls`` (None: blind)."""
        edges = self.tree.edges_of(node)
        column = 0 if cls is None or self.tree.blind_actor[node] else cls
        if cls is None and not self.tree.blind_actor[node]:
            raise RulesError("the player to act has looked: give their hand")
        return np.asarray(self.table[edges.start:edges.stop, column])

    def probabilities(
        self, history: Sequence[str], hand: CardsLike | None = None, *, digits: int = 4
    ) -> dict[str, float]:
        """The action probabilities after ``history`` (labels such as ``"blind 2"``), for the
        player to act holding ``hand`` (``None`` while they are blind)."""
        node = self.tree.find(history)
        cls = None if hand is None else self.space.class_of(hand)
        probs = self.node_probabilities(node, cls)
        labels = [self.tree.label(e) for e in self.tree.edges_of(node)]
        return {label: round(float(p), digits) for label, p in zip(labels, probs, strict=True)}

    # -- files ----------------------------------------------------------------------------------

    def metadata(self) -> dict[str, Any]:
        """The JSON record written beside the array."""
        from bragkit import __version__

        return {
            "format": FILE_FORMAT,
            "key": self.key,
            "abstraction": self.abstraction.to_dict(),
            "description": self.abstraction.describe(),
            "edges": self.tree.n_edges,
            "classes": self.space.n_classes,
            "bragkit": __version__,
            **self.record.to_dict(),
        }

    def save(self, path: str | Path) -> tuple[Path, Path]:
        """Write ``PATH.npz`` and ``PATH.json`` (any suffix of ``path`` is replaced)."""
        base = Path(path)
        if base.suffix in (".npz", ".json"):
            base = base.with_suffix("")
        base.parent.mkdir(parents=True, exist_ok=True)
        arrays = base.with_name(base.name + ".npz")
        meta = base.with_name(base.name + ".json")
        np.savez_compressed(arrays, strategy=self.table.astype(np.float32))
        meta.write_text(json.dumps(self.metadata(), indent=1) + "\n")
        return arrays, meta

    @classmethod
    def load(cls, path: str | Path) -> Strategy:
        """Read a strategy written by :meth:`save` (RulesError if it is not one)."""
        base = Path(path)
        if base.suffix in (".npz", ".json"):
            base = base.with_suffix("")
        meta = base.with_name(base.name + ".json")
        arrays = base.with_name(base.name + ".npz")
        try:
            table = json.loads(meta.read_text())
            with np.load(arrays) as data:
                array = np.array(data["strategy"], dtype=np.float64)
        except (OSError, ValueError, KeyError) as error:
            raise RulesError(f"cannot read a strategy at {base}: {error}") from None
        if not isinstance(table, dict) or table.get("format") != FILE_FORMAT:
            raise RulesError(f"{meta} is not a {FILE_FORMAT} record")
        abstraction = Abstraction.from_dict(table["abstraction"])
        if table.get("key") != abstraction.key():
            raise RulesError(f"{meta}: the key does not match the abstraction")
        return cls(abstraction, array, SolveRecord.from_dict(table))
