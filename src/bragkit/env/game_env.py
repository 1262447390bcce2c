"""The PettingZoo AEC environment of every game of the registry (extra ``[rl]``): the
three-card family and its presets, Nine Card Brag, Crash, single-stake and three-stake Brag,
3 Card Brag Poker, Teen Patti: :class:`GameEnv`.

One game of the registry per episode, begun by the game's codec (:meth:`Codec.start
<bragkit.env.codecs.Codec.start>`, by default the registry's own start): one deal of a stake
game or of the three-card family; a points game played to its target (N7, C6; pass
``rules={"target": 5}`` for short episodes). Each agent observes ``{"observation",
"action_mask"}``: the game's codec (:mod:`bragkit.env.codecs`) encodes the agent's own censored
view into a vector in ``[0, 1]`` and fixes a discrete action space; the mask marks the actions
legal now (all zero for an agent not to act). Each step rewards every agent with the change in
what it has: chips in a stake game (so the episode's rewards are the chips won or lost, summing
to zero), points in a points game (the episode's rewards are the final scores). The same agent
may act twice in a row (a look keeps the turn: BL2, P5).

Options: ``game`` (a registered name, alias or preset; default ``"three-card"``), ``players``
(the game's seats, at most 6), ``rules`` (a dict of the game's options, or its rules object),
``render_mode`` (``"ansi"`` or ``"human"``), and the options the game's codec takes (the
three-card family's ``stack``, ``dealer`` and ``blind_win``:
:mod:`bragkit.env.three_card_codec`).

>>> e = env(players=2, rules={"max_bet": 16})
>>> e.reset(seed=7)
>>> int(e.action_space("player_0").n)
9
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']
>>> while e.agents:
...     obs, reward, terminated, truncated, info = e.last()
...     e.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
>>> e.unwrapped.game.over
True
>>> from bragkit.env.game_env import env
>>> e = env(game="nine-card", players=2, rules={"target": 3})
>>> e.reset(seed=1)
>>> int(e.action_space("player_0").n), e.observation_space("player_0")["observation"].shape
(84, (179,))
>>> while e.agents:
...     obs, reward, terminated, truncated, info = e.last()
...     e.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
>>> e.unwrapped.game.over
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from bragkit.env.codecs import Codec, codec_for
from bragkit.errors import RulesError
from bragkit.games.protocol import Game
from bragkit.games.registry import find

__all__ = ["GameEnv", "env", "raw_env"]

ObsDict = dict[str, np.ndarray]

#: The most players an environment seats.
MOST_PLAYERS = 6


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (an illegal move ends the game with a
    penalty; actions are checked; the order of calls is enforced)."""
    wrapped: AECEnv = GameEnv(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


class GameEnv(AECEnv):  # type: ignore[misc]
    """One game of the registry for 2 to 6 agents (see the module docstring)."""

    #: The game of the episode (None before :meth:`reset`).
    game: Game | None

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "brag_games_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, *, game: str = "three-card", players: int = 2,
                 rules: Any = None, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        info = find(game)
        low, high = info.seats
        if type(players) is not int or not low <= players <= min(high, MOST_PLAYERS):
            raise RulesError(f"{info.title} takes {low} to {min(high, MOST_PLAYERS)} players "
                             f"here, not {players!r}")
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise RulesError(f"render_mode must be human or ansi, not {render_mode!r}")
        self.info = info
        self.game_name = game
        self.rules = (rules if rules is not None and not isinstance(rules, Mapping)
                      else info.make_rules(game if game in info.presets else None,
                                           **dict(rules or {})))
        self.codec: Codec = codec_for(game, players=players, rules=self.rules, **options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            name: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (self.codec.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.codec.actions),), dtype=np.int8),
            })
            for name in self.possible_agents
        }
        self.action_spaces = {name: spaces.Discrete(len(self.codec.actions))
                              for name in self.possible_agents}
        self._rng = random.Random()
        self.game: Game | None = None
        self._values: dict[str, float] = {}
        self._reset_books()

    def _reset_books(self) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self.agent_selection = self.agents[0]

    # -- spaces ---------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(n)``: the codec's actions."""
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: the same seed deals the same cards and seats the same dealer."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = self.codec.start(self.info, self.possible_agents, self.rules,
                                     random.Random(self._rng.getrandbits(64)))
        self.agents = self.possible_agents[:]
        self._reset_books()
        self._values = dict(self.codec.opening(self.game.view(None)))
        self.agent_selection = str(self.game.to_act)

    def _game(self) -> Game:
        assert self.game is not None, "call reset() first"
        return self.game

    def observe(self, agent: str) -> ObsDict:
        """The agent's observation: its view encoded, and its legal actions (none unless it is
        to act)."""
        game = self._game()
        view = game.view(agent)
        mask = np.zeros(len(self.codec.actions), dtype=np.int8)
        if game.to_act == agent:
            for index in self.codec.legal(view, game.legal_actions(agent)):
                mask[index] = 1
        return {"observation": self.codec.encode(view, agent), "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Take action ``action`` for the selected agent (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        if action is None:
            raise RulesError(f"{agent} is to act: give an action")
        self._cumulative_rewards[agent] = 0.0
        chosen = self.codec.action(game.view(agent), game.legal_actions(agent), int(action))
        game.apply(chosen)
        values = dict(self.codec.value(game.view(None)))
        for name in self.agents:
            self.rewards[name] = values.get(name, 0.0) - self._values.get(name, 0.0)
        self._values = values
        if game.over:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
            for name in self.agents:
                self.infos[name] = {"winners": dict(game.result.winners)}
        else:
            self.agent_selection = str(game.to_act)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- rendering ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The game as a spectator sees it (no hidden cards): the last records, in words."""
        if self.render_mode is None or self.game is None:
            return None
        from bragkit.games.protocol import describe

        lines = [line for op in self.game.operations[-8:]
                 if (line := describe(op, None)) is not None]
        text = "\n".join([f"to act: {self.game.to_act or '-'}", *lines])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


raw_env = GameEnv
