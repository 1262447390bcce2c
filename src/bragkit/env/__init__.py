"""Brag for reinforcement learning: a PettingZoo AEC environment (needs the ``[rl]`` extra).

>>> from bragkit.env import env
>>> e = env(players=3, game="four-card")
>>> e.reset(seed=1)
>>> len(e.possible_agents), e.observation_space("player_0")["action_mask"].shape
(3, (9,))

:mod:`bragkit.env.encoding` (no PettingZoo needed) turns a player's view into the observation
vector and maps the discrete menu onto the engine's legal actions; :mod:`bragkit.env.aec` is the
environment.
"""

from bragkit.env.aec import BragEnv, env, raw_env
from bragkit.env.encoding import ACTIONS, ActionMenu, Layout, encode

__all__ = ["ACTIONS", "ActionMenu", "BragEnv", "Layout", "encode", "env", "raw_env"]
