"""Brag for reinforcement learning: PettingZoo AEC environments of every game (needs the
``[rl]`` extra).

:func:`env` gives the environment of a game by name: the three-card family (``three-card``,
``four-card``, ``five-card``, ``teen-patti-order``) plays one deal at
:class:`~bragkit.env.aec.BragEnv`; every other game of the registry (``nine-card``, ``crash``,
``single-stake``, ``three-stake``, ``brag-poker``, ``teen-patti``) one game at
:class:`~bragkit.env.game_env.GameEnv`, with its encoding from
:mod:`bragkit.env.codecs`. docs/env.md lists each game's observation and actions.

>>> from bragkit.env import env
>>> e = env(players=3, game="four-card")
>>> e.reset(seed=1)
>>> len(e.possible_agents), e.observation_space("player_0")["action_mask"].shape
(3, (9,))
>>> e = env(game="crash", players=3)
>>> e.reset(seed=1)
>>> e.action_space("player_0").n, e.observation_space("player_0")["observation"].shape
(np.int64(4), (74,))

:mod:`bragkit.env.encoding` (no PettingZoo needed) turns a three-card player's view into the
observation vector and maps the discrete menu onto the engine's legal actions; the codecs do the
same for the other games; :mod:`bragkit.env.aec` and :mod:`bragkit.env.game_env` are the
environments.
"""

from typing import Any

from bragkit.env.aec import BragEnv, raw_env
from bragkit.env.codecs import Codec, codec_for, register_codec
from bragkit.env.encoding import ACTIONS, ActionMenu, Layout, encode
from bragkit.env.game_env import GameEnv

__all__ = ["ACTIONS", "ActionMenu", "BragEnv", "Codec", "GameEnv", "Layout", "codec_for",
           "encode", "env", "raw_env", "register_codec"]


def env(**kwargs: Any) -> Any:
    """The wrapped environment of ``game`` (default ``"three-card"``): the three-card family's
    :class:`BragEnv`, or :class:`GameEnv` for any other registered game."""
    from bragkit.env import aec, game_env
    from bragkit.games.registry import find
    from bragkit.games.three_card.rules import Rules

    game = kwargs.get("game", "three-card")
    if isinstance(game, str) and find(game).rules is not Rules:
        return game_env.env(**kwargs)
    return aec.env(**kwargs)
