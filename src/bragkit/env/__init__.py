"""Brag for reinforcement learning: the PettingZoo AEC environment of every game (needs the
``[rl]`` extra).

:func:`env` gives the environment of a game by name (any name, alias or preset of the registry:
``three-card``, ``four-card``, ``five-card``, ``teen-patti-order``, ``nine-card``, ``crash``,
``single-stake``, ``three-stake``, ``brag-poker``, ``teen-patti``, ``muflis``…): one
:class:`~bragkit.env.game_env.GameEnv`, with the game's encoding from :mod:`bragkit.env.codecs`.
docs/env.md lists each game's observation and actions.

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
same for every game; :mod:`bragkit.env.game_env` is the environment.
"""

from typing import Any

from bragkit.env.codecs import Codec, CodecBase, codec_for, register_codec
from bragkit.env.encoding import ACTIONS, ActionMenu, Layout, encode
from bragkit.env.game_env import GameEnv, raw_env

__all__ = ["ACTIONS", "ActionMenu", "Codec", "CodecBase", "GameEnv", "Layout", "codec_for",
           "encode", "env", "raw_env", "register_codec"]


def env(**kwargs: Any) -> Any:
    """The wrapped environment of ``game`` (default ``"three-card"``):
    :func:`bragkit.env.game_env.env`."""
    from bragkit.env import game_env

    return game_env.env(**kwargs)
