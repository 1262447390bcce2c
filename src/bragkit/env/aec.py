"""A PettingZoo AEC environment of the three-card family: one deal per episode (extra ``[rl]``).

Built directly on PettingZoo's :class:`~pettingzoo.AECEnv` (no Shimmy), in the style of its
classic card games: each agent observes a ``{"observation", "action_mask"}`` dict (see
:mod:`bragkit.env.encoding`), acts from a discrete menu mapped onto the engine's legal actions,
and is rewarded at the end of the deal with the chips it won or lost. The engine
(:class:`~bragkit.games.three_card.Deal`) plays the rules: house rules are options, any
:class:`~bragkit.games.three_card.Rules` or a preset's name. A player who looks keeps the turn
(BL2), so the
same agent may be selected twice in a row.

Options: ``players`` (2 to 6), ``game`` (``"three-card"`` or a preset of its registry entry:
``"four-card"``, ``"five-card"``, ``"teen-patti-order"``), ``rules`` (a Rules object or a dict
of overrides, e.g. ``{"max_bet": 10}``),
``stack`` (each player's chips at the start), ``dealer`` (a seat; ``None``: drawn from the seed
each deal), ``blind_win`` (``"takes"``: a blind player left alone takes the pot, as in the
solver's abstraction; ``"carry"``: as rule BL3, the pot stays in the middle, so it is no one's
reward and the rewards sum to minus it), ``render_mode`` (``"ansi"`` or ``"human"``).

>>> from bragkit.env import env as brag_env
>>> e = brag_env(players=2, rules={"max_bet": 16})
>>> e.reset(seed=7)
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_0', 9)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), [ACTIONS[i] for i in np.flatnonzero(obs["action_mask"])][:3]
(['action_mask', 'observation'], ['fold', 'look', 'stay'])
>>> while e.agents:
...     obs, reward, terminated, truncated, info = e.last()
...     e.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
>>> e.unwrapped.deal.over
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

from bragkit.env.encoding import ACTIONS, ActionMenu, Layout, encode
from bragkit.errors import RulesError
from bragkit.games.registry import find
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules

__all__ = ["BragEnv", "env", "raw_env"]

ObsDict = dict[str, np.ndarray]


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (an illegal move ends the game with a
    penalty; actions are checked; the order of calls is enforced)."""
    wrapped: AECEnv = BragEnv(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


class BragEnv(AECEnv):  # type: ignore[misc]
    """One deal of Brag for 2 to 6 agents (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "brag_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        *,
        players: int = 2,
        game: str = "three-card",
        rules: Rules | Mapping[str, Any] | None = None,
        stack: int = 100,
        dealer: int | None = None,
        blind_win: str = "takes",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        info = find(game)  # a name, alias or preset of the registry
        if info.rules is not Rules:
            raise RulesError(f"{info.title} is not of the three-card family: its environment "
                             "is GameEnv")
        if isinstance(rules, Rules):
            self.rules = rules
        else:
            self.rules = Rules.from_dict({**info.presets.get(game, {}), **dict(rules or {})})
        if not 2 <= players <= min(6, self.rules.max_players()):
            raise RulesError(f"players must be from 2 to 6 (rule D1), not {players}")
        if type(stack) is not int or stack < self.rules.ante:
            raise RulesError(f"a stack of {stack!r} cannot pay the ante (rule D2)")
        if dealer is not None and not 0 <= dealer < players:
            raise RulesError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
        if blind_win not in ("takes", "carry"):
            raise RulesError(f"blind_win must be takes or carry, not {blind_win!r}")
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise RulesError(f"render_mode must be human or ansi, not {render_mode!r}")
        self.stack = stack
        self.dealer_seat = dealer
        self.blind_win = blind_win
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self.layout = Layout(players=players)
        self.observation_spaces = {
            name: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (self.layout.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (len(ACTIONS),), dtype=np.int8),
            })
            for name in self.possible_agents
        }
        self.action_spaces = {name: spaces.Discrete(len(ACTIONS))
                              for name in self.possible_agents}
        self._rng = random.Random()
        self.deal: Deal | None = None
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
        """``Discrete(9)``: the menu of :data:`~bragkit.env.encoding.ACTIONS`."""
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: the same seed deals the same cards and seats the same dealer."""
        if seed is not None:
            self._rng = random.Random(seed)
        n = len(self.possible_agents)
        dealer = self.dealer_seat if self.dealer_seat is not None else self._rng.randrange(n)
        self.deal = Deal(self.rules, players=self.possible_agents,
                         dealer=self.possible_agents[dealer], stacks=[self.stack] * n,
                         rng=random.Random(self._rng.getrandbits(64)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: {} for name in self.agents}
        self.agent_selection = str(self.deal.to_act)

    def _menu(self, agent: str) -> ActionMenu:
        assert self.deal is not None, "call reset() first"
        return ActionMenu(self.deal.view(agent), stack=self.stack)

    def observe(self, agent: str) -> ObsDict:
        """The agent's observation: its view encoded, and its legal actions (none unless it is
        to act)."""
        assert self.deal is not None, "call reset() first"
        view = self.deal.view(agent)
        menu = ActionMenu(view, stack=self.stack)
        return {"observation": encode(view, self.layout, stack=self.stack),
                "action_mask": menu.mask()}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Take menu action ``action`` for the selected agent (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.deal is not None, "call reset() first"
        if action is None:
            raise RulesError(f"{agent} is to act: give an action")
        self._cumulative_rewards[agent] = 0.0
        self.deal.apply(self._menu(agent).action(int(action)))
        for name in self.agents:
            self.rewards[name] = 0.0
        if self.deal.over:
            self._settle()
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = str(self.deal.to_act)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        assert self.deal is not None
        result = self.deal.result
        assert result is not None
        for name in self.agents:
            self.rewards[name] = float(result.stacks[name] - self.stack)
        if self.blind_win == "takes" and result.retained is not None:  # rule BL3, abstracted
            self.rewards[result.retained] += float(result.carried_pot)
        for name in self.agents:
            self.infos[name] = {"winners": dict(result.winners),
                                "carried_pot": result.carried_pot}

    # -- rendering ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The deal as a spectator sees it (no hidden cards): text for ``"ansi"``, printed for
        ``"human"``."""
        if self.render_mode is None or self.deal is None:
            return None
        view = self.deal.view(None)
        lines = [f"pot {view.pot}, stake {view.stake}, to act: {view.to_act or '-'}"]
        for name in view.players:
            state = "blind" if name in view.blind else "open"
            if name not in view.in_play:
                state = "folded"
            lines.append(f"  {name}: {view.stacks[name]} chips, {state}")
        lines.append("  " + "; ".join(view.actions[-6:]))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


raw_env = BragEnv
