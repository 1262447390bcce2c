"""Values and exact best responses, checked against brute force over every deal (B5, B6, BL6)."""

from __future__ import annotations

import numpy as np
import pytest

from bragkit.solver.abstraction import Abstraction
from bragkit.solver.evaluate import best_response, exploitability, values
from bragkit.solver.hand_space import HandSpace
from bragkit.solver.tree import BettingTree

from . import reference

TINY = [
    Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ", suits=3),
    Abstraction(stakes=(2, 4), max_bets=3, ranks="AKQ", suits=3, see_cost="single",
                cap_rule="fold"),
]


@pytest.fixture(scope="module", params=TINY, ids=["tiny", "tiny-single-fold"])
def game(request: pytest.FixtureRequest) -> tuple[BettingTree, HandSpace]:
    a = request.param
    return BettingTree(a), HandSpace(a)


def test_values_match_brute_force(game: tuple[BettingTree, HandSpace]) -> None:
    tree, space = game
    strategy = reference.random_strategy(tree, space, seed=1)
    v0, v1 = values(tree, space, strategy)
    assert v0 == pytest.approx(reference.expected_value(tree, space, strategy, 0), abs=1e-12)
    assert v0 + v1 == pytest.approx(0.0, abs=1e-12)  # zero-sum


@pytest.mark.parametrize("seed", [2, 3])
def test_best_response_is_exact_by_brute_force(
    game: tuple[BettingTree, HandSpace], seed: int
) -> None:
    """The vectorised best response (blind: one action for all hands, BL6) equals the best
    response found by summing over the deals of every information set."""
    tree, space = game
    strategy = reference.random_strategy(tree, space, seed=seed)
    for player in (0, 1):
        value, _ = best_response(tree, space, strategy, player)
        assert value == pytest.approx(
            reference.best_response_value(tree, space, strategy, player), abs=1e-12)


def test_the_best_response_strategy_earns_its_value(game: tuple[BettingTree, HandSpace]) -> None:
    """Playing the pure best response against the strategy wins exactly the reported value."""
    tree, space = game
    strategy = reference.random_strategy(tree, space, seed=4)
    for player in (0, 1):
        value, chosen = best_response(tree, space, strategy, player)
        mine = tree.player[tree.edge_node] == player
        mixed = np.where(mine[:, None], chosen, strategy)
        blind = tree.blind_actor[tree.edge_node] & mine
        assert np.all(mixed[blind] == mixed[blind][:, :1])  # blind: one choice for all hands
        assert values(tree, space, mixed)[player] == pytest.approx(value, abs=1e-12)
        assert value >= values(tree, space, strategy)[player] - 1e-12


def test_exploitability_is_never_negative(game: tuple[BettingTree, HandSpace]) -> None:
    tree, space = game
    for seed in range(3):
        report = exploitability(tree, space, reference.random_strategy(tree, space, seed))
        assert report.nash_conv >= 0
        assert report.exploitability == pytest.approx(report.nash_conv / 2)
