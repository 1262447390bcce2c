"""The trainer on a fresh install: heads-up, ``bragkit play`` shows the equilibrium's advice at
once from the strategies shipped with bragkit (:mod:`bragkit.solver.shipped`), with an empty
solver cache (tests/play/conftest.py) and nothing solved."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

import bragkit.solver.driver as driver
from bragkit.games.three_card.trainer import ThreeCardTrainer
from bragkit.play.app import BragApp
from bragkit.play.config import PlayConfig
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import GameTable
from bragkit.solver import Abstraction, Strategy
from bragkit.solver.shipped import REFINE

from .helpers import Scripted, stacked

# You and Bob: Bob deals, so you are dealt first (D6): you Qh Qs 4d, Bob As Tc 2d.
PACK = stacked("Qh As Qs Tc 4d 2d")
SIZE = (150, 45)
ADVICE = re.compile(r"^the equilibrium would ((look|fold|see \d+|bet \d+|blind \d+) \d+%(, )?)+$")


@pytest.fixture(autouse=True)
def nothing_solved(monkeypatch: pytest.MonkeyPatch, empty_solver_cache: Path) -> Path:
    """A fresh install: the cache is empty, and solving is not allowed either."""

    def refuse(*args: Any, **kwargs: Any) -> Strategy:
        raise AssertionError("the trainer solved a strategy instead of reading one")

    monkeypatch.setattr(driver, "solve", refuse)
    return empty_solver_cache


def fresh_session(*bob: str, **overrides: Any) -> GameTable:
    """`bragkit play`'s default table (PlayConfig), heads-up against a scripted Bob."""
    config = PlayConfig(seed=1, overrides=overrides)
    return GameTable(config.game, rules=config.options(), seated=[("Bob", Scripted(*bob))],
                     pack=PACK, seed=1)


def test_the_default_table_is_advised_from_the_shipped_strategy(
        empty_solver_cache: Path) -> None:
    for shuffle in ("prial-seen", "always"):  # D4: both of the table's packs are shipped
        session = fresh_session(shuffle=shuffle)
        hint = session.advice.equilibrium_hint()
        assert hint is not None and ADVICE.match(hint), hint
        trainer = session.advice.trainer
        assert isinstance(trainer, ThreeCardTrainer)
        strategy = trainer.strategy()
        assert strategy is not None
        assert strategy.key == Abstraction.for_table(session.game.rules).key()
        assert strategy.record.refined == REFINE  # the full solve, not a quick stand-in
    assert list(empty_solver_cache.iterdir()) == []  # nothing was written to the cache


def test_a_heads_up_deal_with_the_trainer_on_from_an_empty_cache() -> None:
    """The pilot: the advice is on the screen from the first decision to the last."""
    session = fresh_session("Bob fold")
    assert session.advice.trainer_on  # on by default

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()  # the strategy is read in a thread
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            trainer = " ".join(screen.texts["trainer"].split())
            assert ADVICE.match(trainer), trainer  # blind, first to act (BL6)
            assert "no equilibrium" not in trainer
            await pilot.press("l")  # look: a pair of queens
            await pilot.pause()
            trainer = " ".join(screen.texts["trainer"].split())
            assert ADVICE.match(trainer) and " bet " in f" {trainer}", trainer
            await pilot.press("b", "backspace", "2", "enter")  # bet 2; Bob folds
            await pilot.pause()
            assert "Bob fold" in screen.texts["log"]
            assert session.game.over
            assert screen.texts["trainer"].strip() == ""  # nothing to advise: the deal is over

    asyncio.run(run())
