"""The strategies shipped with bragkit (:mod:`bragkit.solver.shipped`): they are the ones the
trainer and the ``solver`` bot ask for, exactly what ``bragkit solve`` gives within the 16-bit
quantisation, as unexploitable as the solve, and used at once from an empty cache."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragkit.solver.driver as driver
from bragkit.arena import arena_rules, play_arena
from bragkit.bots.registry import make_bot
from bragkit.bots.solver_bot import SolverBot, cached_strategy, default_strategy
from bragkit.errors import RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.play.config import PlayConfig
from bragkit.solver import Abstraction, Strategy, exploitability, solve
from bragkit.solver import shipped as shipped_module
from bragkit.solver.shipped import (
    QUANTUM,
    REFINE,
    TARGET,
    TOLERANCE,
    pack,
    read,
    shipped,
    shipped_abstractions,
    shipped_keys,
    unpack,
    write,
)
from bragkit.solver.strategy import betting_tree
from bragkit.solver.traversal import normalise

FOLDER = Path(shipped_module.__file__).parent / "shipped"
SMALL = Abstraction(ranks="AKQJ", stakes=(1, 2), max_bets=2, blind_share=0.8)


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh install: nothing in the user's solver cache, and no solving allowed."""
    monkeypatch.setenv("BRAGKIT_CACHE", str(tmp_path))

    def refuse(*args: Any, **kwargs: Any) -> Strategy:
        raise AssertionError("a strategy was solved, not read")

    monkeypatch.setattr(driver, "solve", refuse)
    return tmp_path


# -- the files --------------------------------------------------------------------------------


def test_the_shipped_keys_are_the_ones_the_trainer_and_the_bot_ask_for() -> None:
    keys = set(shipped_keys())
    assert keys == {a.key() for a in shipped_abstractions()}  # and no stale file
    trainer = Abstraction.for_table(PlayConfig().rules())  # `bragkit play`'s stakes
    assert trainer.key() in keys
    for shuffle in ("prial-seen", "always"):  # D4: the pack followed, or shuffled each deal
        assert Abstraction.for_table(PlayConfig(overrides={"shuffle": shuffle}).rules()).key() \
            in keys
        assert Abstraction.for_table(arena_rules(shuffle=shuffle)).key() in keys
    assert Abstraction().key() in keys  # the fallback of any other table (H10, BL1 alike)
    assert trainer.stakes == (1, 2, 4, 8, 10) and trainer.blind_share == 0.8


@pytest.mark.parametrize("abstraction", shipped_abstractions(), ids=lambda a: a.key())
def test_each_file_names_its_abstraction_and_how_it_was_solved(abstraction: Abstraction) -> None:
    record = json.loads((FOLDER / f"{abstraction.key()}.json").read_text())
    assert record["key"] == abstraction.key() == Abstraction.from_dict(record["abstraction"]).key()
    assert record["recipe"] == {"target": TARGET, "refine": REFINE}
    assert record["refined"] == REFINE
    assert record["exploitability"] <= TARGET  # the solve reached its target
    assert record["edges"] == betting_tree(abstraction).n_edges


def test_the_package_stays_small() -> None:
    sizes = [p.stat().st_size for p in FOLDER.iterdir()]
    assert len(sizes) == 2 * len(shipped_abstractions())
    assert sum(sizes) < 3_500_000  # bytes, for every shipped strategy (3,130,968 shipped)


@pytest.mark.parametrize("abstraction", shipped_abstractions(), ids=lambda a: a.key())
def test_a_shipped_strategy_is_as_unexploitable_as_its_solve(abstraction: Abstraction) -> None:
    strategy = shipped(abstraction)
    assert strategy is not None and strategy.abstraction == abstraction
    solved = strategy.record.exploitability
    assert solved is not None
    measured = exploitability(strategy.tree, strategy.space, strategy.table)
    # rounding to 16 bits moves it by far less than the target (1 milli-ante)
    assert measured.exploitability <= solved + TARGET / 100
    assert measured.exploitability <= TARGET * 1.01
    assert np.allclose(measured.values, strategy.record.values or (), atol=TARGET / 100)


# -- the same as a solve ----------------------------------------------------------------------


def test_a_small_game_regenerated_is_shipped_within_the_quantisation(tmp_path: Path) -> None:
    """The shipping pipeline on a game cheap to solve: the same driver and recipe as
    `bragkit solve --target 1 --refine 200`, written, read back and compared."""
    exact = solve(SMALL, target=TARGET, refine=REFINE, cache=tmp_path / "cache")
    npz, meta = write(exact, tmp_path / "shipped")
    assert npz.name == f"{SMALL.key()}.npz" and meta.name == f"{SMALL.key()}.json"
    again = read(tmp_path / "shipped", SMALL.key())
    assert again is not None and again.abstraction == SMALL
    gap = np.abs(again.table - exact.table)
    assert gap.max() <= TOLERANCE
    assert again.record == exact.record
    # solved again from scratch, it is the same strategy (CFR+ is deterministic)
    fresh = solve(SMALL, target=TARGET, refine=REFINE, cache=None)
    assert np.abs(fresh.table - again.table).max() <= TOLERANCE
    before = exact.record.exploitability or 0.0
    after = exploitability(again.tree, again.space, again.table).exploitability
    assert abs(after - before) < 1e-4
    # a blind player's row is stored once (BL6): fewer numbers than the table holds
    arrays, _ = pack(exact)
    assert arrays["high"].size + arrays["blind"].size < exact.table.size


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), zeros=st.floats(0, 0.9))
def test_packing_any_strategy_moves_no_probability_beyond_the_tolerance(
        seed: int, zeros: float) -> None:
    tree = betting_tree(SMALL)
    strategy = solve(SMALL, iterations=1, cache=None)
    rng = np.random.default_rng(seed)
    weights = rng.random(strategy.table.shape) * (rng.random(strategy.table.shape) >= zeros)
    blind = tree.blind_actor[tree.edge_node]
    weights[blind] = weights[blind, :1]  # rule BL6: one strategy for every blind hand
    table = normalise(tree, weights)
    original = Strategy(SMALL, table, strategy.record)
    arrays, record = pack(original)
    assert arrays["blind"].dtype == np.uint16  # the others are the bytes of 16-bit numbers
    again = unpack(arrays, record)
    assert np.abs(again.table - original.table).max() <= TOLERANCE
    assert np.allclose(tree.segments.sum(again.table), 1.0)  # a distribution at every node
    quanta = again.table / QUANTUM
    assert np.allclose(quanta, np.rint(quanta), rtol=0, atol=1e-6)  # whole quanta


def test_a_damaged_or_foreign_file_is_refused(tmp_path: Path) -> None:
    exact = solve(SMALL, iterations=5, cache=None)
    _, meta = write(exact, tmp_path)
    record = json.loads(meta.read_text())
    record["abstraction"]["max_bets"] = 1  # no longer the abstraction the key names
    meta.write_text(json.dumps(record))
    with pytest.raises(RulesError, match="key"):
        read(tmp_path, SMALL.key())
    assert read(tmp_path, Abstraction().key()) is None  # nothing written under that key
    arrays, record = pack(exact)
    with pytest.raises(RulesError, match="do not fit"):
        unpack({**arrays, "low": arrays["low"][:-1]}, record)
    with pytest.raises(RulesError, match="not a"):
        unpack(arrays, {**record, "format": "bragkit-strategy/1"})


# -- used from an empty cache -------------------------------------------------------------------


def test_an_empty_cache_reads_the_shipped_strategy_of_the_table(empty_cache: Path) -> None:
    for rules in (arena_rules(), arena_rules(shuffle="always"), PlayConfig().rules()):
        found = cached_strategy(rules)
        assert found is not None and found.key == Abstraction.for_table(rules).key()
        assert found.record.refined == REFINE
    # a table of other stakes, same hand order: the default abstraction's (shipped too)
    assert default_strategy(Rules(max_bet=20)).abstraction == Abstraction()
    # another hand order (H10): nothing shipped fits
    assert cached_strategy(Rules(max_bet=10, ordering="teen-patti")) is None


def test_a_solve_in_the_cache_wins_over_the_shipped_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAGKIT_CACHE", str(tmp_path))
    table = Abstraction.for_table(arena_rules())
    mine = solve(SMALL, iterations=3, cache=None)
    ours = shipped(table)
    assert ours is not None
    Strategy(table, ours.table, mine.record).save(driver.cache_dir() / table.key())
    found = cached_strategy(arena_rules())
    assert found is not None and found.record.iterations == 3


def test_the_solver_bot_plays_at_once_from_an_empty_cache(empty_cache: Path) -> None:
    bot = make_bot("solver", seed=3)
    assert isinstance(bot, SolverBot)
    table = Abstraction.for_table(arena_rules())
    assert bot.strategy.key == table.key() and bot.strategy.abstraction.max_bets == 4
    result = play_arena([("solver", bot), "cautious"],
                        deals=40, rules=arena_rules(), seed=5)
    assert result.deals == 40
    assert bot.fallbacks < 10  # heads-up three-card Brag: the strategy plays, not the fallback
    assert list(empty_cache.iterdir()) == []  # nothing solved into the cache
