"""What a solved strategy says, and the figures drawn from it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bragkit.solver.abstraction import Abstraction
from bragkit.solver.driver import solve
from bragkit.solver.report import (
    blind_decisions,
    blind_play,
    edge_probability,
    hand_percentiles,
    hand_profile,
    history_probability,
    summary,
    write_plots,
)
from bragkit.solver.strategy import Strategy


@pytest.fixture(scope="module")
def strategy() -> Strategy:
    return solve(Abstraction(stakes=(1, 2, 4), max_bets=3, ranks="AKQJ"), iterations=60,
                 cache=None)


def test_history_probabilities_add_up(strategy: Strategy) -> None:
    """A node's chance is shared out among its edges: children never add up to more."""
    tree = strategy.tree
    chance = history_probability(strategy)
    assert chance[0] == pytest.approx(1.0)
    for node in range(tree.n_nodes):
        children = [int(tree.child[e]) for e in tree.edges_of(node) if tree.child[e] >= 0]
        assert sum(chance[c] for c in children) <= chance[node] + 1e-12
        if tree.blind_actor[node] and all(tree.child[e] >= 0 for e in tree.edges_of(node)):
            assert sum(chance[c] for c in children) == pytest.approx(chance[node])


def test_edge_probabilities_share_out_each_node(strategy: Strategy) -> None:
    tree = strategy.tree
    node_chance = history_probability(strategy)
    edge_chance = edge_probability(strategy)
    for node in range(tree.n_nodes):
        edges = tree.edges_of(node)
        assert edge_chance[edges.start:edges.stop].sum() == pytest.approx(node_chance[node])
    ends = tree.child < 0
    assert edge_chance[ends].sum() == pytest.approx(1.0)  # every deal ends once
    play = blind_play(strategy)
    assert all(0 <= x <= 1 for x in play["never_looked"])


def test_blind_decisions_are_distributions(strategy: Strategy) -> None:
    decisions = blind_decisions(strategy)
    assert decisions and decisions[0].history == ()  # the first to act is blind (BL6)
    for d in decisions:
        assert sum(d.actions.values()) == pytest.approx(1.0)
        assert 0 <= d.look <= 1
    assert [d.probability for d in decisions] == sorted((d.probability for d in decisions),
                                                        reverse=True)


def test_hand_profile_and_percentiles(strategy: Strategy) -> None:
    percentiles = hand_percentiles(strategy.space)
    assert np.all(np.diff(percentiles) > 0) and 0 < percentiles[0] < percentiles[-1] < 1
    profile = hand_profile(strategy, ["look"])
    assert profile.labels[0] == "fold"
    # the best hand never folds, and it is not folded more often than the worst (H3)
    assert profile.probabilities[0, -1] < 0.05
    assert profile.probabilities[0, -1] <= profile.probabilities[0, 0] + 1e-9
    with pytest.raises(ValueError, match="blind"):
        hand_profile(strategy, [])


def test_summary_has_the_headlines(strategy: Strategy) -> None:
    report = summary(strategy)
    assert report["values"] == strategy.record.values
    assert set(report["first_decision"]) == {"look", "blind 1", "blind 2"}
    for entry in report["open_decisions"].values():
        assert sum(entry["actions"].values()) == pytest.approx(1.0, abs=1e-3)


def test_write_plots(strategy: Strategy, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    written = write_plots(strategy, tmp_path)
    names = {p.name for p in written}
    assert {"exploitability.png", "values.png", "blind.png", "blind-play.png",
            "hands-0.png"} <= names
    assert all(p.stat().st_size > 1000 for p in written)
