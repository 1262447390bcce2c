"""The learned bot's network: a small numpy multilayer perceptron over the features of
:mod:`bragkit.learn.features`, its weights one flat vector (what training moves), saved as a
small ``.npz``.

The network maps each row of features to a score for each of the six choices; the choice
played is the best open one (:meth:`Network.choose`), and :meth:`Network.probabilities` gives
a softmax over the open ones (for analysis; play is deterministic).

>>> net = Network.initial(seed=0)
>>> x = np.zeros((2, len(FEATURES))); x[:, MASK] = 1.0; x[:, MASK + 2] = 1.0  # fold or stay
>>> sorted(set(net.choose(x).tolist()) - {0, 2})
[]
>>> bool(np.allclose(net.probabilities(x).sum(axis=1), 1.0))
True
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import BragError
from bragkit.learn.features import (
    CHOICE_COUNT,
    DOUBLE_C,
    FEATURES,
    LOOK_C,
    MASK,
    MOST_C,
    SEE_C,
    STAY_C,
)

__all__ = ["HIDDEN", "Network", "shipped"]

#: Hidden units.
HIDDEN: Final = 16
Matrix = npt.NDArray[np.float64]


def _sizes(hidden: int) -> tuple[tuple[int, ...], ...]:
    inputs = len(FEATURES)
    return ((inputs, hidden), (hidden,), (hidden, CHOICE_COUNT), (CHOICE_COUNT,))


@dataclass(frozen=True, kw_only=True, slots=True)
class Network:
    """Weights ``w1`` (features x hidden), ``b1``, ``w2`` (hidden x 6), ``b2``; tanh units."""

    w1: Matrix
    b1: Matrix
    w2: Matrix
    b2: Matrix

    @classmethod
    def initial(cls, *, seed: int, hidden: int = HIDDEN) -> Network:
        """A starting point that plays (folding everything is a trap for a search that starts
        from nothing): one hidden unit reads a looked hand's strength above 0.55, one whether
        the hand is looked; a blind player looks, a looked one stays in (or sees) with a hand
        above 0.55 and folds below; then small random weights from ``seed``."""
        rng = np.random.default_rng(seed)
        net = cls.of_vector(rng.normal(0.0, 0.05, cls.size(hidden)), hidden=hidden)
        looked, strength = FEATURES.index("looked"), FEATURES.index("strength")
        net.w1[strength, 0] += 4.0
        net.w1[looked, 0] -= 2.2
        net.w1[looked, 1] += 1.0
        net.w2[1, LOOK_C] -= 0.6
        net.b2[LOOK_C] += 0.3
        for choice, lean in ((STAY_C, 0.0), (SEE_C, 0.1), (DOUBLE_C, -0.5), (MOST_C, -1.0)):
            net.w2[0, choice] += 2.0
            net.b2[choice] += lean
        return net

    @staticmethod
    def size(hidden: int = HIDDEN) -> int:
        """The number of weights."""
        return sum(int(np.prod(s)) for s in _sizes(hidden))

    @classmethod
    def of_vector(cls, vector: Matrix, *, hidden: int = HIDDEN) -> Network:
        """The network of a flat weight vector (:meth:`vector`)."""
        parts: list[Matrix] = []
        at = 0
        for shape in _sizes(hidden):
            count = int(np.prod(shape))
            parts.append(np.asarray(vector[at:at + count], dtype=np.float64).reshape(shape))
            at += count
        if at != len(vector):
            raise BragError(f"{len(vector)} weights for a network of {at}")
        return cls(w1=parts[0], b1=parts[1], w2=parts[2], b2=parts[3])

    def vector(self) -> Matrix:
        """The weights as one flat vector."""
        return np.concatenate([self.w1.ravel(), self.b1, self.w2.ravel(), self.b2])

    def scores(self, features: Matrix) -> Matrix:
        """The score of each choice (``-inf`` where it is not open)."""
        hidden = np.tanh(features @ self.w1 + self.b1)
        raw = hidden @ self.w2 + self.b2
        return np.where(features[:, MASK:] > 0.5, raw, -np.inf)

    def choose(self, features: Matrix) -> npt.NDArray[np.int64]:
        """The best open choice of each row."""
        chosen: npt.NDArray[np.int64] = np.argmax(self.scores(features), axis=1).astype(
            np.int64)
        return chosen

    def probabilities(self, features: Matrix) -> Matrix:
        """A softmax of the scores over the open choices (0 for the others)."""
        scores = self.scores(features)
        top = scores.max(axis=1, keepdims=True)
        weights = np.exp(scores - top)
        result: Matrix = weights / weights.sum(axis=1, keepdims=True)
        return result

    def save(self, path: Path) -> None:
        """Write the weights to ``path`` (a ``.npz``)."""
        np.savez(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)

    @classmethod
    def load(cls, source: Path | bytes) -> Network:
        """The weights of a ``.npz`` file (a path or its bytes)."""
        handle = io.BytesIO(source) if isinstance(source, bytes) else source
        with np.load(handle) as data:
            return cls(w1=data["w1"], b1=data["b1"], w2=data["w2"], b2=data["b2"])


_SHIPPED: list[Network] = []


def shipped() -> Network:
    """The shipped weights (``bragkit/learn/shipped/learned.npz``), loaded once."""
    if not _SHIPPED:
        data = resources.files("bragkit.learn").joinpath("shipped/learned.npz").read_bytes()
        _SHIPPED.append(Network.load(data))
    return _SHIPPED[0]
