"""The PettingZoo AEC environment of the three-card family (the one GameEnv, with the family's
codec): the API tests, seeding, and the rules it keeps (BL6, B6)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from bragkit.env import ACTIONS, ActionMenu, GameEnv, env
from bragkit.errors import RulesError

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "rules": {"max_bet": 16}, "blind_win": "carry"},
    {"players": 3, "game": "four-card"},
    {"players": 4, "rules": {"max_bet": 10, "short_money": "fold"}, "stack": 12},
    {"players": 5, "game": "five-card", "stack": 8},
    {"players": 6, "game": "teen-patti-order", "rules": {"see_cost": "single", "pot_limit": True}},
    {"players": 2, "rules": {"blind": False}},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: str(c))
def test_pettingzoo_api_test(config: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations, as every classic card env
        api_test(env(**config), num_cycles=300)


@pytest.mark.parametrize("config", CONFIGS[:4], ids=lambda c: str(c))
def test_pettingzoo_seed_test(config: dict[str, Any]) -> None:
    seed_test(lambda: env(**config), num_cycles=300)


def _play(e: Any, seed: int, rng: np.random.Generator) -> dict[str, float]:
    e.reset(seed=seed)
    raw: GameEnv = e.unwrapped
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(500):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        space = e.observation_space(agent)
        assert space.contains(obs)
        for other in e.agents:  # only the agent to act has legal actions
            if other != agent:
                assert not raw.observe(other)["action_mask"].any()
        view = raw._game().view(agent)
        cards = set(np.flatnonzero(obs["observation"][:52]).tolist())
        if view.hand is None:
            assert not cards  # rule BL6: a blind player sees none of their own cards
        else:
            assert cards == {int(c) for c in view.hand if not c.is_joker}  # only their own
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size, "the agent to act always has a legal action"
        e.step(int(rng.choice(legal)))
    return totals


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1),
       config=st.sampled_from(CONFIGS))
def test_random_play_over_many_seeds(seed: int, config: dict[str, Any]) -> None:
    """Over many seeds: observations in bounds, masks honest, nothing hidden leaks (BL6, D8),
    and chips are conserved (the rewards sum to zero unless a blind winner's pot is carried)."""
    e = env(**config)
    totals = _play(e, seed, np.random.default_rng(seed))
    raw: GameEnv = e.unwrapped
    carried = raw._game().result.carried_pot if config.get("blind_win") == "carry" else 0
    assert sum(totals.values()) == pytest.approx(-carried)


def test_menu_amounts_follow_the_stake_rules_B3_BL1() -> None:
    e = GameEnv(players=2, rules={"max_bet": 16}, dealer=1)
    e.reset(seed=3)
    deal = e._game()
    deal.apply("player_0 bet 3")
    e.agent_selection = "player_1"
    menu = ActionMenu(deal.view("player_1"), stack=100)
    actions = {ACTIONS[i]: str(menu.action(i)) for i in menu.legal}
    assert actions["stay"] == "player_1 blind 2"  # half of 3, rounded up (BL1)
    assert actions["raise2"] == "player_1 blind 4"
    assert actions["raise4"] == "player_1 blind 8"  # the most a blind bet may be: 16 / 2
    assert "max" not in actions  # the same amount as raise4: offered once
    assert "see" in actions  # a blind player may see an open one (BL4)
    e.step(ACTIONS.index("look"))
    menu = ActionMenu(deal.view("player_1"), stack=100)
    actions = {ACTIONS[i]: str(menu.action(i)) for i in menu.legal}
    assert actions["stay"] == "player_1 bet 3"
    assert actions["see"] == "player_1 see 6"  # open against open: twice the stake (B6)


def test_an_open_player_cannot_see_a_blind_one_rule_BL4() -> None:
    e = GameEnv(players=2, dealer=1)
    e.reset(seed=5)
    e.step(ACTIONS.index("stay"))  # player_0 bets blind
    e.step(ACTIONS.index("look"))
    assert not e.observe("player_1")["action_mask"][ACTIONS.index("see")]


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    e = env(players=2, dealer=1)
    e.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(ACTIONS.index("see"))  # no see before a bet
    assert all(e.terminations.values())
    assert e.rewards["player_0"] == -1


def _episode(e: GameEnv, moves: list[str]) -> dict[str, float]:
    """Each agent's rewards over the moves, summed (a step rewards the change in chips)."""
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for move in moves:
        e.step(ACTIONS.index(move))
        for name, reward in e.rewards.items():
            totals[name] += reward
    return totals


def test_rewards_are_the_chips_won() -> None:
    e = GameEnv(players=2, dealer=1)
    e.reset(seed=2)
    totals = _episode(e, ["look", "fold"])  # player_0 folds: player_1 wins the antes blind
    assert all(e.terminations.values())
    assert totals == {"player_0": -1.0, "player_1": 1.0}  # a blind winner takes it here
    carry = GameEnv(players=2, dealer=1, blind_win="carry")
    carry.reset(seed=2)
    totals = _episode(carry, ["look", "fold"])
    assert totals == {"player_0": -1.0, "player_1": -1.0}  # rule BL3: pot carried


def test_render_shows_no_hidden_cards() -> None:
    e = GameEnv(players=2, render_mode="ansi", dealer=1)
    e.reset(seed=4)
    e.step(ACTIONS.index("look"))
    text = e.render()
    assert text is not None and "player_0" in text
    deal = e._game()
    for card in deal.cards_of("player_0"):  # type: ignore[attr-defined]
        assert str(card) not in text


@pytest.mark.parametrize(("option", "value"), [("players", 1), ("players", 7), ("stack", 0),
                                               ("dealer", 5), ("blind_win", "x"),
                                               ("game", "poker"), ("render_mode", "rgb")])
def test_bad_options_are_refused(option: str, value: object) -> None:
    with pytest.raises(RulesError):
        GameEnv(**{option: value})  # type: ignore[arg-type]
