"""Solved strategies on disk, the solve driver and its cache."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bragkit.errors import RulesError
from bragkit.solver import driver
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.cfr import CFRPlus
from bragkit.solver.driver import cached, checkpoints, solve
from bragkit.solver.strategy import FILE_FORMAT, Strategy

TINY = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQJ")


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    strategy = solve(TINY, iterations=30, cache=None)
    npz, meta = strategy.save(tmp_path / "tiny.npz")
    assert npz.name == "tiny.npz" and meta.name == "tiny.json"
    record = json.loads(meta.read_text())
    assert record["format"] == FILE_FORMAT
    assert record["key"] == TINY.key()
    assert record["iterations"] == 30
    assert record["curve"][0][0] == 1
    again = Strategy.load(tmp_path / "tiny")
    np.testing.assert_allclose(again.table, strategy.table, atol=1e-6)
    assert again.record == strategy.record
    assert again.abstraction == TINY


def test_probabilities_by_history_and_hand() -> None:
    strategy = solve(TINY, iterations=30, cache=None)
    blind = strategy.probabilities([])
    assert set(blind) == {"look", "blind 1"}
    assert sum(blind.values()) == pytest.approx(1.0, abs=1e-3)
    best = strategy.probabilities(["look"], "As Ah Ad")  # the best hand here never folds (H3)
    assert best["fold"] < 0.01
    with pytest.raises(RulesError, match="give their hand"):
        strategy.probabilities(["look"])
    with pytest.raises(RulesError, match="no action"):
        strategy.probabilities(["look", "bet 16"], "As Ah Ad")


def test_load_refuses_what_is_not_a_strategy(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read"):
        Strategy.load(tmp_path / "missing")
    solve(TINY, iterations=2, cache=None).save(tmp_path / "x")
    (tmp_path / "x.json").write_text(json.dumps({"format": "other"}))
    with pytest.raises(RulesError, match="not a"):
        Strategy.load(tmp_path / "x")


def test_the_cache_answers_a_repeated_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = solve(TINY, iterations=25, cache=tmp_path)
    assert cached(TINY, tmp_path) is not None
    assert (tmp_path / f"{TINY.key()}.state.npz").exists()

    def no_more(self: CFRPlus, iterations: int) -> None:
        raise AssertionError("the cache should have answered")

    monkeypatch.setattr(CFRPlus, "run", no_more)
    again = solve(TINY, iterations=25, cache=tmp_path)
    assert again.record == first.record
    again = solve(TINY, iterations=10, cache=tmp_path)  # asks less: still the cache
    assert again.record.iterations == 25


def test_a_longer_request_resumes_from_the_cache(tmp_path: Path) -> None:
    short = solve(TINY, iterations=20, cache=tmp_path)
    longer = solve(TINY, iterations=60, cache=tmp_path)
    assert longer.record.iterations == 60
    assert longer.record.curve[: len(short.record.curve)] == short.record.curve
    assert longer.record.exploitability is not None and short.record.exploitability is not None
    assert longer.record.exploitability < short.record.exploitability


def test_target_and_time_limit_stop_early() -> None:
    found = solve(TINY, target=0.02, iterations=5000, cache=None)
    assert found.record.exploitability is not None and found.record.exploitability <= 0.02
    assert found.record.iterations < 5000
    quick = solve(TINY, time_limit=1e-9, cache=None)
    assert quick.record.iterations == 1


def test_progress_is_reported_every_iteration() -> None:
    seen: list[int] = []
    solve(TINY, iterations=12, cache=None, progress=lambda it, x: seen.append(it))
    assert seen == list(range(1, 13))


def test_checkpoints_are_geometric() -> None:
    assert checkpoints(1) == [1]
    assert checkpoints(7) == [1, 2, 5, 7]
    assert checkpoints(1000)[-3:] == [200, 500, 1000]


def test_bad_requests_are_refused() -> None:
    with pytest.raises(RulesError):
        solve(TINY, iterations=0, cache=None)
    with pytest.raises(RulesError):
        solve(TINY, target=-1.0, cache=None)


def test_cache_dir_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAGKIT_CACHE", str(tmp_path))
    assert driver.cache_dir() == tmp_path / "solver"


def test_refining_against_a_trembling_opponent(tmp_path: Path) -> None:
    found = solve(TINY, iterations=40, refine=15, cache=tmp_path)
    assert found.record.refined == 15
    assert found.record.iterations == 55
    assert found.record.exploitability is not None and found.record.exploitability < 0.02
    again = solve(TINY, iterations=40, refine=15, cache=tmp_path)
    assert again.record == found.record  # from the cache
