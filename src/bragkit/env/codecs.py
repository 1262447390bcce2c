"""How a learning agent sees and acts in any game of the registry: the :class:`Codec` protocol
and the registry of codecs (no PettingZoo here).

A codec fixes, for one game and table size, a discrete action space and an observation vector:

* ``actions`` names the discrete actions, in index order; :meth:`Codec.legal` says which
  indices are legal now (the action mask) and :meth:`Codec.action` which engine action an index
  stands for, both from the seat's view and menu only (``game.view(seat)``,
  ``game.legal_actions(seat)``);
* ``size`` is the length of the observation, every entry in ``[0, 1]``; :meth:`Codec.encode`
  makes it from the seat's view (censored by the engine: never another's hidden cards);
* :meth:`Codec.value` is what each player has, read from the spectator's view: a step's reward
  is its change (chips for a stake game, points for a points game); :meth:`Codec.opening` what
  they had before the game's forced stakes (antes, blinds: S2, S4, P1), so an episode's rewards
  add up to what each won or lost;
* :meth:`Codec.start` begins an episode's game (by default the registry's own start,
  :class:`CodecBase`; the three-card family's seats the stacks and dealer its options name).

The codecs of each game, and what every entry means, are in their modules
(:mod:`bragkit.env.three_card_codec`: the three-card family and its presets;
:mod:`bragkit.env.points_codecs`: Nine Card Brag, Crash; :mod:`bragkit.env.stake_codec`:
historic Brag and Brag Poker; :mod:`bragkit.env.teen_patti_codec`: Teen Patti) and in
docs/env.md. A game module may bring its own with
:func:`register_codec`.

>>> codec = codec_for("nine-card", players=3)
>>> len(codec.actions), codec.actions[0]
(84, 'play_0_1_2')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, LegalAction
from bragkit.errors import RulesError
from bragkit.games.protocol import Game
from bragkit.games.registry import GameInfo, find

__all__ = ["Codec", "CodecBase", "CodecFactory", "codec_for", "register_codec", "seats_from"]

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

_CODECS: dict[str, CodecFactory] = {}


def register_codec(game: str, factory: CodecFactory) -> None:
    """Give ``game`` (a registered name, alias or preset) its codec factory."""
    _CODECS[find(game).name] = factory


def codec_for(game: str, *, players: int, rules: Any = None, **options: Any) -> Codec:
    """The codec of ``game`` for a table of ``players`` under ``rules`` (default: the game's),
    with the environment's ``options`` the codec takes (RulesError for one it does not).

    >>> codec_for("crash", players=2, stack=5)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: the environment of crash takes no option stack
    """
    _load()
    info = find(game)
    factory = _CODECS.get(info.name)
    if factory is None:
        raise RulesError(f"no environment encoding for {info.name} "
                         f"(encoded: {', '.join(sorted(_CODECS))})")
    try:
        return factory(players=players, rules=rules if rules is not None else info.make_rules(),
                       **options)
    except TypeError:
        if options:
            raise RulesError(f"the environment of {info.name} takes no option "
                             f"{', '.join(options)}") from None
        raise


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


_LOADED: list[bool] = []


def _load() -> None:
    if not _LOADED:
        _LOADED.append(True)
        from bragkit.env import points_codecs, stake_codec, teen_patti_codec, three_card_codec

        three_card_codec.register()
        points_codecs.register()
        stake_codec.register()
        teen_patti_codec.register()
