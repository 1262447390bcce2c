"""A Gymnasium ``VectorEnv`` over the simulator (needs the ``[rl]`` extra): :class:`BragVectorEnv`.

``num_envs`` deals at once, each seen by one learner: at every step the learner acts for its
seat in every deal (an index of :data:`~bragkit.sim.menu.ACTIONS`); the other seats are played
by a batched bot (:mod:`bragkit.sim.policies`, ``random`` by default) until it is the
learner's turn again. The learner's seat is drawn afresh for every deal. The observation is a
``Dict`` of ``observation`` (:func:`bragkit.sim.observe.observe`, from the learner's seat) and
``action_mask`` (the legal menu actions). The reward is the learner's chips won or lost over
a deal (BL3: a pot left to be carried is lost to everyone at this deal), given at the step where
the deal ends; the deal is then dealt again in the same step (Gymnasium's ``SAME_STEP``
autoreset), so the observation returned is always one the learner acts on.

>>> import numpy as np
>>> env = BragVectorEnv(num_envs=8, players=3)
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((8, 76), (8, 15))
>>> rng = np.random.default_rng(0)
>>> for _ in range(20):
...     actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
...     obs, reward, terminated, truncated, info = env.step(actions)
>>> reward.shape, terminated.dtype.name, bool(truncated.any())
((8,), 'bool', False)
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from bragkit.games.three_card.rules import Rules
from bragkit.sim.deals import DEFAULT_STACK, check_rules, init, redeal
from bragkit.sim.menu import NUM_ACTIONS
from bragkit.sim.observe import observe, size
from bragkit.sim.policies import Policy, batched_policy
from bragkit.sim.state import State
from bragkit.sim.step import step

__all__ = ["BragVectorEnv"]

_MOST_TURNS: Final = 100_000  # a safety bound on the other players' turns between two of ours

Obs = dict[str, npt.NDArray[Any]]


class BragVectorEnv(VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` deals of ``players`` under ``rules``, one learner seat in each (see the
    module docstring); ``opponents`` is the kind of batched bot at the other seats."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int = 1024, *, players: int = 4, rules: Rules | None = None,
                 opponents: str = "random", stack: int = DEFAULT_STACK) -> None:
        self.rules = rules or Rules()
        check_rules(self.rules, players)
        self.num_envs = num_envs
        self.players = players
        self.stack = stack
        self.opponents = opponents
        width = size(players)
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (width,), np.float32),
            "action_mask": spaces.MultiBinary(NUM_ACTIONS),
        })
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (num_envs, width), np.float32),
            "action_mask": spaces.MultiBinary((num_envs, NUM_ACTIONS)),
        })
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, NUM_ACTIONS))
        self._rng = np.random.default_rng()
        self._policy: Policy = batched_policy(opponents, self.rules, self._rng)
        self._state: State | None = None
        self._seat = np.zeros(num_envs, dtype=np.int64)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """New deals in every env; the others play until each learner is to act."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._policy = batched_policy(self.opponents, self.rules, self._rng)
        self._state = init(self._rng, self.num_envs, players=self.players, rules=self.rules,
                           stacks=self.stack)
        self._seat = self._rng.integers(0, self.players, self.num_envs)
        reward = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.zeros(self.num_envs, dtype=bool)
        self._advance(reward, ended)
        return self._obs(), {}

    def step(self, actions: npt.NDArray[np.int64]
             ) -> tuple[Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_],
                        npt.NDArray[np.bool_], dict[str, Any]]:
        """The learners' actions in every env; an illegal one raises IllegalActionError."""
        state = self._state
        if state is None:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        step(state, chosen)
        reward = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.zeros(self.num_envs, dtype=bool)
        self._advance(reward, ended)
        return self._obs(), reward, ended, np.zeros(self.num_envs, dtype=bool), {}

    def _advance(self, reward: npt.NDArray[np.float32], ended: npt.NDArray[np.bool_]) -> None:
        """Collect ended deals' rewards and deal again; let the other seats act until every
        learner is to act."""
        state = self._state
        assert state is not None
        every = np.arange(self.num_envs)
        for _ in range(_MOST_TURNS):
            over = np.flatnonzero(state.terminated)
            if len(over):
                reward[over] += state.rewards[over, self._seat[over]]
                ended[over] = True
                redeal(state, over, self._rng, stacks=self.stack)
                self._seat[over] = self._rng.integers(0, self.players, len(over))
            others = every[state.current_player != self._seat]
            if not len(others):
                return
            actions = np.zeros(self.num_envs, dtype=np.int64)
            bets = np.zeros(self.num_envs, dtype=np.int64)
            actions[others], bets[others], _ = self._policy(state, others)
            step(state, actions, rows=others, bets=bets)
        raise RuntimeError("the other players did not stop betting")  # pragma: no cover

    def _obs(self) -> Obs:
        state = self._state
        assert state is not None
        return {"observation": observe(state), "action_mask": state.legal_action_mask.copy()}
