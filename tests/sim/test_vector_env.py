"""BragVectorEnv: a Gymnasium VectorEnv over the simulator (rules B5, B8, BL3, BL6)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.menu import NUM_ACTIONS, SEE
from bragkit.sim.vector_env import BragVectorEnv


def _random(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])


def test_spaces_and_a_random_run() -> None:
    env = BragVectorEnv(num_envs=16, players=4, rules=Rules(max_bet=10), opponents="cautious")
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert env.single_action_space.n == NUM_ACTIONS
    rng = np.random.default_rng(0)
    ended = 0
    total = 0.0
    for _ in range(300):
        obs, reward, terminated, truncated, _ = env.step(_random(obs, rng))
        assert obs["action_mask"].any(axis=1).all()  # always a decision for the learner
        assert not truncated.any()
        assert not reward[~terminated].any()  # rewards come only when a deal ends
        ended += int(terminated.sum())
        total += float(reward.sum())
    assert ended > 100 and total != 0.0


def test_the_same_seed_gives_the_same_run() -> None:
    def run() -> list[float]:
        env = BragVectorEnv(num_envs=8, players=3)
        obs, _ = env.reset(seed=11)
        rng = np.random.default_rng(1)
        rewards = []
        for _ in range(50):
            obs, reward, *_ = env.step(_random(obs, rng))
            rewards += reward.tolist()
        return rewards

    assert run() == run()


def test_an_illegal_action_is_refused() -> None:
    env = BragVectorEnv(num_envs=4, players=3)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match="may not see"):  # three betting (B8)
        env.step(np.full(4, SEE))
    with pytest.raises(RulesError, match="does not lend"):
        BragVectorEnv(num_envs=2, rules=Rules(lending=True))
