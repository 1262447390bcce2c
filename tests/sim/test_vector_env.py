"""BragVectorEnv: a Gymnasium VectorEnv over the simulator (rules B5, B8, BL3, BL6)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.menu import NUM_ACTIONS, SEE
from bragkit.sim.vector_env import BragVectorEnv


def _random(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])


def test_spaces_and_a_random_run() -> None:
    env = BragVectorEnv(num_envs=16, players=4, rules=Rules(max_bet=10), opponents="cautious")
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert env.single_action_space.n == NUM_ACTIONS
    rng = np.random.default_rng(0)
    ended = 0
    total = 0.0
    unseen = info["deals_over"] > 0  # deals over before the learner acted: paid next step
    for _ in range(300):
        obs, reward, terminated, truncated, info = env.step(_random(obs, rng))
        assert obs["action_mask"].any(axis=1).all()  # always a decision for the learner
        assert not truncated.any()
        # rewards come only when a deal ends (or the step after one over unseen)
        assert not reward[~terminated & ~unseen].any()
        unseen = terminated & (info["deals_over"] > 1)
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


def _run(env: BragVectorEnv, steps: int, seed: int) -> tuple[list[dict], np.ndarray]:
    """Random learner steps; the reset's info, then each step's (with its reward)."""
    obs, first = env.reset(seed=seed)
    first["reward"] = np.zeros(env.num_envs)
    first["terminated"] = np.zeros(env.num_envs, dtype=bool)
    rng = np.random.default_rng(seed)
    infos = [first]
    for _ in range(steps):
        obs, reward, terminated, _, info = env.step(_random(obs, rng))
        assert env.observation_space.contains(obs)  # in [0, 1], the declared space
        info["reward"] = reward
        info["terminated"] = terminated
        infos.append(info)
    return infos, obs


def test_info_carries_episode_returns_lengths_and_final_observations() -> None:
    """``episode`` holds, where an episode ended, its return (the sum of its rewards) and the
    learner's steps in it; ``final_obs`` its last observation from the learner's seat."""
    env = BragVectorEnv(num_envs=12, players=3, rules=Rules(max_bet=10),
                        opponents=["cautious", "random"])
    infos, _ = _run(env, 200, 4)
    total = np.zeros(12)
    steps = np.zeros(12, dtype=np.int64)
    met = 0
    for info in infos[1:]:
        total += info["reward"]
        steps += 1
        if "episode" in info:
            done = info["_episode"]
            assert np.array_equal(done, info["terminated"])
            assert np.allclose(info["episode"]["r"][done], total[done])
            assert np.array_equal(info["episode"]["l"][done], steps[done])
            final = info["final_obs"]["observation"][done]
            assert ((final >= 0) & (final <= 1)).all()
            total[done] = 0
            steps[done] = 0
            met += int(done.sum())
    assert met > 50


def test_session_episodes_carry_the_table_for_many_deals() -> None:
    """``episode="session"``: an episode is ``deals`` deals at one table (the pack, the pot and
    a kept hand carried: D4, D5, BL3, R1); rewards come at each deal's end; the learner's seat
    moves one to the right every deal (D3)."""
    env = BragVectorEnv(num_envs=8, players=4, rules=Rules(max_bet=10), episode="session",
                        deals=6, buy_in=60, history=4)
    assert "known" in env.layout.slices and "history" in env.layout.slices
    infos, _ = _run(env, 400, 2)
    deals = infos[0]["deals_over"].copy()
    seat = infos[0]["seat"].copy()
    unseen = deals > 0  # deals over before the learner acted: paid with the next step
    ended = 0
    for info in infos[1:]:
        over = info["deals_over"]
        deals += over
        # a reward only where a deal ended (or the step after one over unseen)
        assert not info["reward"][(over == 0) & ~unseen].any()
        unseen = info["terminated"] & (over > 1)
        going = ~info["terminated"]
        assert np.array_equal(info["seat"][going], (seat[going] - over[going]) % 4)  # D3
        seat = info["seat"].copy()
        done = info["terminated"]
        if done.any():
            assert (deals[done] >= 6).all()  # six deals an episode (or more: one unseen)
            deals[done] = over[done] - 1
            ended += int(done.sum())
    assert ended > 0


def test_the_learners_own_policy_and_a_league_at_the_other_seats() -> None:
    """Self-play: the learner's act function plays the other seats (its own policy), or a
    league of frozen copies and bots drawn per seat."""
    from bragkit.sim.selfplay import League, frozen, observation_policy

    def act(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return np.argmax(masks, axis=1)

    for opponents in (observation_policy(act), League([frozen(act), "bold", "random"])):
        env = BragVectorEnv(num_envs=6, players=3, rules=Rules(max_bet=10),
                            opponents=opponents)
        infos, _ = _run(env, 60, 1)
        assert sum(int(i["deals_over"].sum()) for i in infos) > 0
    with pytest.raises(BragError, match="2 opponents, one a seat"):
        BragVectorEnv(num_envs=2, players=3, opponents=["random"] * 3)
