"""The ``solver`` bot plays the solved strategy in real heads-up deals, never illegally."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.bots.agent import ask
from bragkit.bots.simple import RandomBot
from bragkit.bots.solver_bot import SolverBot, locate
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.cfr import CFRPlus
from bragkit.solver.hand_space import hand_space
from bragkit.solver.strategy import Strategy, betting_tree

ABSTRACTION = Abstraction(max_bets=2)


@pytest.fixture(scope="module")
def strategy() -> Strategy:
    cfr = CFRPlus(betting_tree(ABSTRACTION), hand_space(ABSTRACTION))
    cfr.run(30)
    return Strategy(ABSTRACTION, cfr.average_strategy())


def _deal(rules: Rules, seed: int, players: tuple[str, ...] = ("Ann", "Bob")) -> Deal:
    return Deal(rules, players=list(players), dealer=players[-1], stacks=[60] * len(players),
                rng=random.Random(seed))


def _history(view_actions: list[str], strategy: Strategy, hand: str | None = None) -> int:
    deal = Deal(ABSTRACTION.rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[99, 99],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    for text in view_actions:
        deal.apply(text)
    viewer = str(deal.to_act)
    node, on_tree = locate(strategy.tree, deal.view(viewer))
    assert on_tree
    return node


def test_locate_follows_the_tree(strategy: Strategy) -> None:
    tree = strategy.tree
    assert _history([], strategy) == 0
    assert tree.history(_history(["Ann look", "Ann bet 4"], strategy)) == ("look", "bet 4")
    # a bet by a blind player includes the look (BL2); Bob's turn starts blind
    assert tree.history(_history(["Ann bet 2"], strategy)) == ("look", "bet 2")
    # a blind bet of 2 sets the stake to 4 (BL1)
    assert tree.history(_history(["Ann blind 2"], strategy)) == ("blind 2",)


def test_locate_maps_stakes_off_the_menu_to_the_nearest(strategy: Strategy) -> None:
    tree = strategy.tree
    assert tree.history(_history(["Ann bet 3"], strategy)) == ("look", "bet 4")
    assert tree.history(_history(["Ann bet 5"], strategy)) == ("look", "bet 4")
    assert tree.history(_history(["Ann bet 7"], strategy)) == ("look", "bet 8")


def test_a_look_out_of_turn_counts_from_the_next_turn_rule_BL6(strategy: Strategy) -> None:
    tree = strategy.tree
    node = _history(["Bob look", "Ann blind 1"], strategy)  # Bob looked during the deal
    assert tree.history(node) == ("blind 1", "look")


def test_past_the_cap_the_nearest_node_is_used(strategy: Strategy) -> None:
    deal = Deal(ABSTRACTION.rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[99, 99],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    for text in ["Ann bet 2", "Bob bet 2", "Ann bet 4", "Bob bet 4"]:  # four bets, cap two
        deal.apply(text)
    node, on_tree = locate(strategy.tree, deal.view("Ann"))
    assert not on_tree
    state = strategy.tree.states[node]
    assert state.player == 0 and state.blind == (False, False) and state.bets == 2


def test_the_best_hand_never_folds(strategy: Strategy) -> None:
    bot = SolverBot(strategy, seed=2)
    for seed in range(20):
        deal = Deal(ABSTRACTION.rules(), players=["Ann", "Bob"], dealer="Bob",
                    stacks=[99, 99], hands={"Ann": "3s 3h 3d", "Bob": "As Tc 2d"})
        deal.apply("Ann look")
        action = bot.act(deal.view("Ann"))
        assert action.verb.value != "fold", seed


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    max_bet=st.sampled_from([None, 5, 10, 16, 30]),
    see_cost=st.sampled_from(["double", "single"]),
    blind=st.booleans(),
    pot_limit=st.booleans(),
)
def test_never_illegal_in_real_deals(
    strategy: Strategy, seed: int, max_bet: int | None, see_cost: str, blind: bool,
    pot_limit: bool,
) -> None:
    """Whatever the house rules, every answer is a legal action (ask() checks each one)."""
    rules = Rules(max_bet=max_bet, see_cost=see_cost, blind=blind, pot_limit=pot_limit)
    bot = SolverBot(strategy, seed=seed, rules=rules)
    other = RandomBot(seed=seed + 1)
    deal = _deal(rules, seed)
    agents = {"Ann": bot, "Bob": other} if seed % 2 else {"Ann": other, "Bob": bot}
    for _ in range(200):
        if deal.over:
            break
        name = str(deal.to_act)
        deal.apply(ask(agents[name], deal, name))  # type: ignore[arg-type]
    assert deal.over


def test_three_players_go_to_the_fallback(strategy: Strategy) -> None:
    bot = SolverBot(strategy, seed=1)
    deal = _deal(ABSTRACTION.rules(), 3, ("Ann", "Bob", "Cy"))
    deal.apply(ask(bot, deal))
    assert bot.fallbacks == 1


def test_two_hands_look_at_the_new_one_and_keep_a_good_one_rule_R2(strategy: Strategy) -> None:
    bot = SolverBot(strategy, seed=1)
    for new, kept in (("3s 3h 3d", "keep"), ("2s 3h 5d", "throw")):
        deal = Deal(ABSTRACTION.rules(), players=["Ann", "Bob"], dealer="Bob",
                    stacks=[99, 99], hands={"Ann": new, "Bob": "As Tc 2d"},
                    retained={"Ann": "7c 7d 2h"})
        first = bot.act(deal.view("Ann"))
        assert str(first) == "Ann look new"
        deal.apply(first)
        second = bot.act(deal.view("Ann"))
        assert second.verb.value == kept
        deal.apply(second)
        third = bot.act(deal.view("Ann"))  # then one hand: the strategy plays on
        assert deal.can_apply(third)
    assert bot.fallbacks == 0
