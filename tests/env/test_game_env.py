"""The PettingZoo AEC environment of every game beyond the three-card family: the API tests,
seeding, honest masks, nothing hidden observed (N3, C2, S4, P5), and the rewards."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from bragkit.env import GameEnv, codec_for, env
from bragkit.env.stake_codec import ACTIONS as STAKE_ACTIONS
from bragkit.errors import RulesError
from bragkit.games import find, games
from bragkit.games.three_card.rules import Rules

#: Every game the environment plays beyond the three-card family, at short targets (N7, C6).
CONFIGS: list[dict[str, Any]] = [
    {"game": "nine-card", "players": 2, "rules": {"target": 5}},
    {"game": "nine-card", "players": 4, "rules": {"target": 4}},
    {"game": "crash", "players": 3, "rules": {"target": 2}},
    {"game": "single-stake", "players": 3},
    {"game": "three-stake", "players": 4},
    {"game": "brag-poker", "players": 2},
    {"game": "brag-poker", "players": 5, "rules": {"big_blind": 4}},
    {"game": "teen-patti", "players": 3},
    {"game": "teen-patti", "players": 5, "rules": {"variant": "joker", "chaal_limit": 8}},
    {"game": "muflis", "players": 4},
]


def test_every_registered_game_has_an_environment() -> None:
    covered = {find(c["game"]).name for c in CONFIGS}
    assert covered == {i.name for i in games() if i.rules is not Rules}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['game']}-{c['players']}")
def test_pettingzoo_api_test(config: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations, as every classic card env
        api_test(env(**config), num_cycles=200)


@pytest.mark.parametrize("config", CONFIGS[::2], ids=lambda c: c["game"])
def test_pettingzoo_seed_test(config: dict[str, Any]) -> None:
    seed_test(lambda: env(**config), num_cycles=100)


def _play(e: Any, seed: int, rng: np.random.Generator) -> dict[str, float]:
    e.reset(seed=seed)
    raw: GameEnv = e.unwrapped
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(3000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        assert e.observation_space(agent).contains(obs)
        for other in e.agents:  # only the agent to act has legal actions
            if other != agent:
                assert not raw.observe(other)["action_mask"].any()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size, "the agent to act always has a legal action"
        game = raw.game
        assert game is not None
        chosen = raw.codec.action(game.view(agent), game.legal_actions(agent),
                                  int(legal[0]))
        assert game.can_apply(chosen)  # the mask is honest
        e.step(int(rng.choice(legal)))
    return totals


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), config=st.sampled_from(CONFIGS))
def test_random_play_over_many_seeds(seed: int, config: dict[str, Any]) -> None:
    """Observations in bounds, masks honest; a stake game's rewards are chips (they sum to
    zero), a points game's the final scores."""
    e = env(**config)
    totals = _play(e, seed, np.random.default_rng(seed))
    raw: GameEnv = e.unwrapped
    assert raw.game is not None and raw.game.over
    spectator = raw.game.view(None)
    if hasattr(spectator, "scores"):  # points (N4, C4)
        assert totals == {p: pytest.approx(float(n)) for p, n in spectator.scores.items()}
    else:  # chips are conserved
        assert sum(totals.values()) == pytest.approx(0.0)


def test_a_stake_seat_sees_no_card_before_it_looks_rule_P5() -> None:
    e = GameEnv(game="brag-poker", players=2)
    e.reset(seed=3)
    seat = e.agent_selection
    assert not e.observe(seat)["observation"][:52].any()  # P5: not looked
    e.step(STAKE_ACTIONS.index("look"))
    assert e.agent_selection == seat  # the look keeps the turn
    assert e.observe(seat)["observation"][:52].sum() == 3
    other = next(a for a in e.agents if a != seat)
    assert not e.observe(other)["observation"][:52].any()  # never another's cards


def test_nine_card_positions_are_the_seats_own_cards_rule_N3() -> None:
    e = GameEnv(game="nine-card", players=3)
    e.reset(seed=2)
    seat = e.agent_selection
    obs = e.observe(seat)["observation"]
    game = e.game
    assert game is not None
    hand = sorted(game.view(seat).hand, key=int)
    for i, card in enumerate(hand):  # rank and suit flags of each position, held
        block = obs[i * 18:(i + 1) * 18]
        assert block[int(card.rank) - 2] == 1 and block[13 + int(card.suit)] == 1
        assert block[17] == 1


def test_crash_arranges_by_the_engines_arranger_rule_C2() -> None:
    e = GameEnv(game="crash", players=2, rules={"target": 1})
    e.reset(seed=5)
    seat = e.agent_selection
    mask = e.observe(seat)["action_mask"]
    assert list(mask) == [1, 1, 0, 0]  # arrange (two ways), no call yet
    e.step(0)
    assert e.agent_selection != seat


def test_every_game_has_a_codec_and_bad_options_are_refused() -> None:
    from bragkit.games import names

    for name in names():  # the three-card family too: one environment for every game
        assert codec_for(name, players=2).size > 0
    with pytest.raises(RulesError, match="takes no option stack"):
        codec_for("crash", players=2, stack=5)  # the three-card family's option only
    with pytest.raises(RulesError, match="takes no option dealer"):
        GameEnv(game="nine-card", dealer=1)
    with pytest.raises(RulesError, match="2 to 4 players"):
        GameEnv(game="crash", players=5)
    with pytest.raises(RulesError, match="render_mode"):
        GameEnv(game="crash", render_mode="rgb")
    with pytest.raises(RulesError, match="unknown game"):
        env(game="go fish")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_sizes_are_those_docs_env_md_states(players: int) -> None:
    n = players
    stated = {"three-card": 104 + 7 * n + 4 + 16 * (n + 9), "nine-card": 162 + 7 * n + 3,
              "crash": 57 + 5 * n + 2, "single-stake": 52 + 61 * n + 3 + 3,
              "three-stake": 52 + 61 * n + 3 + 3, "brag-poker": 52 + 61 * n + 3 + 4,
              "teen-patti": 114 + 61 * n}
    actions = {"three-card": 9, "nine-card": 84, "crash": 4, "single-stake": 20,
               "three-stake": 20, "brag-poker": 20, "teen-patti": 10}
    for game, size in stated.items():
        e = env(game=game, players=players)
        assert e.observation_space("player_0")["observation"].shape == (size,), game
        assert e.action_space("player_0").n == actions[game], game


def _seat_cards(obs: np.ndarray, players: list[str], seat: str, other: str) -> set[int]:
    """The card flags of ``other``'s block in ``seat``'s Teen Patti observation."""
    k = [*players[players.index(seat):], *players[:players.index(seat)]].index(other)
    start = 104 + 61 * k + 9
    return set(np.flatnonzero(obs[start:start + 52]).tolist())


def test_teen_patti_sideshow_hands_reach_those_two_agents_only_rule_TP5() -> None:
    from bragkit.env.teen_patti_codec import ACTIONS as TP
    from bragkit.games.teen_patti import TeenPatti

    e = GameEnv(game="teen-patti", players=3)
    e.reset(seed=4)
    game = e.game
    assert isinstance(game, TeenPatti)
    players = list(game.players)
    first = e.agent_selection
    for _ in range(2):  # two seats look and chaal seen (TP2, TP3)
        seat = e.agent_selection
        e.step(TP.index("look"))
        assert e.agent_selection == seat  # a look keeps the turn
        e.step(TP.index("bet_min"))
    asker = e.agent_selection
    e.step(TP.index("look"))
    assert e.observe(asker)["action_mask"][TP.index("sideshow")] == 1
    e.step(TP.index("sideshow"))
    asked = e.agent_selection
    mask = e.observe(asked)["action_mask"]
    assert {TP[i] for i in np.flatnonzero(mask)} == {"accept", "decline"}
    outsider = next(p for p in players if p not in (asker, asked))
    assert outsider == first
    e.step(TP.index("accept"))
    hands = {p: {int(c) for c in game.hands[p]} for p in (asker, asked)}
    assert _seat_cards(e.observe(asker)["observation"], players, asker, asked) == hands[asked]
    assert _seat_cards(e.observe(asked)["observation"], players, asked, asker) == hands[asker]
    for p in (asker, asked):  # never to the third player
        assert not _seat_cards(e.observe(outsider)["observation"], players, outsider, p)
