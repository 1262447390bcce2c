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

import importlib
from typing import Any, Final

from bragkit.env.codec_base import (
    Codec,
    CodecBase,
    CodecFactory,
    Vector,
    one_hot,
    seats_from,
    unit,
)
from bragkit.errors import RulesError
from bragkit.games.registry import find

__all__ = ["Codec", "CodecBase", "CodecFactory", "Vector", "codec_for", "one_hot",
           "register_codec", "seats_from", "unit"]

#: Where the encodings of the registry's games live: each module lists its codec factories in a
#: module attribute ``CODECS`` (a mapping of game name to factory), read on first use.
MODULES: Final = ("bragkit.env.three_card_codec", "bragkit.env.points_codecs",
                  "bragkit.env.stake_codec", "bragkit.env.teen_patti_codec")

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


_LOADED: list[bool] = []


def _load() -> None:
    if not _LOADED:
        _LOADED.append(True)
        for module in MODULES:
            for game, factory in importlib.import_module(module).CODECS.items():
                _CODECS.setdefault(find(game).name, factory)
