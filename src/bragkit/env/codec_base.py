"""The types every codec module shares (a leaf: it imports no codec and not the codecs'
registry, :mod:`bragkit.env.codecs`): the :class:`Codec` protocol, :class:`CodecBase` (the
default start), :data:`CodecFactory`, and the small helpers the encodings use.

>>> seats_from(["a", "b", "c"], "c")
['c', 'a', 'b']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, LegalAction
from bragkit.games.protocol import Game
from bragkit.games.registry import GameInfo

__all__ = ["Codec", "CodecBase", "CodecFactory", "Vector", "one_hot", "seats_from", "unit"]

Vector = npt.NDArray[np.float32]


class Codec(Protocol):
    """The observation and discrete actions of one game (see the module docstring)."""

    @property
    def actions(self) -> tuple[str, ...]:
        """The discrete actions, in index order."""
        ...

    @property
    def size(self) -> int:
        """The length of the observation vector."""
        ...

    def encode(self, view: Any, seat: str) -> Vector:
        """The observation of ``seat`` from its view: ``size`` floats in ``[0, 1]``."""
        ...

    def legal(self, view: Any, legal: Sequence[LegalAction]) -> dict[int, Action | None]:
        """The legal action indices now, each with the engine's action it stands for (``None``
        where it is costly to make: :meth:`action` makes it when it is chosen)."""
        ...

    def action(self, view: Any, legal: Sequence[LegalAction], index: int) -> Action:
        """The engine's action of the legal index ``index``."""
        ...

    def value(self, spectator: Any) -> Mapping[str, float]:
        """What each player has now (a step's reward is its change)."""
        ...

    def opening(self, spectator: Any) -> Mapping[str, float]:
        """What each player had as the game began, before any forced stake (the first step's
        reward is counted from it)."""
        ...


    def start(self, info: GameInfo, players: Sequence[str], rules: Any,
              rng: random.Random) -> Game:
        """The game of a new episode for ``players`` under ``rules``, its cards from ``rng``."""
        ...


class CodecBase:
    """The default :meth:`Codec.start`: the registry's own start of the game."""

    def start(self, info: GameInfo, players: Sequence[str], rules: Any,
              rng: random.Random) -> Game:
        """The registry's game (:attr:`~bragkit.games.registry.GameInfo.start`)."""
        return info.start(tuple(players), rules, rng)


#: Makes a game's codec: ``factory(players=N, rules=RULES, **options)``
#: (the environment's options beyond the game's rules, e.g. a starting stack).
CodecFactory = Callable[..., Codec]


def seats_from(players: Sequence[str], seat: str) -> list[str]:
    """The players counted from ``seat`` clockwise (``seat`` first).

    >>> seats_from(["a", "b", "c"], "b")
    ['b', 'c', 'a']
    """
    i = list(players).index(seat)
    return [*players[i:], *players[:i]]


def one_hot(index: int, size: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (none when it is out of range).

    >>> one_hot(1, 3), one_hot(5, 2)
    ([0.0, 1.0, 0.0], [0.0, 0.0])
    """
    return [1.0 if i == index else 0.0 for i in range(size)]


def unit(x: float) -> float:
    """``x`` clipped to ``[0, 1]``."""
    return 0.0 if x < 0 else 1.0 if x > 1 else float(x)
