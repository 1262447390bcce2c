"""The pilot of a Brag player's first hour (issue 16): from a fresh install (an empty solver
cache, nothing solved, no remembered choice), ``bragkit play`` heads-up: open the help (``?``),
make a move the rules refuse, follow the rule id the error cites to its rule (``R``), and play
the deal with the trainer's advice on the screen from the start."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import bragkit.solver.driver as driver
from bragkit.play.app import BragApp
from bragkit.play.help_screen import HelpScreen, cited_rule
from bragkit.play.table_screen import TableScreen
from bragkit.solver import Strategy

from .test_trainer_fresh import ADVICE, fresh_session

SIZE = (150, 45)


@pytest.fixture(autouse=True)
def nothing_solved(monkeypatch: pytest.MonkeyPatch, empty_solver_cache: Path) -> Path:
    """A fresh install: the cache is empty, and solving is not allowed either."""

    def refuse(*args: Any, **kwargs: Any) -> Strategy:
        raise AssertionError("the trainer solved a strategy instead of reading one")

    monkeypatch.setattr(driver, "solve", refuse)
    return empty_solver_cache


def test_the_first_hour(empty_solver_cache: Path, empty_config: Path) -> None:
    session = fresh_session("Bob fold")
    seen: dict[str, Any] = {}

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()  # the shipped strategy, read in a thread
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            # the trainer speaks at once, blind and first to act (BL6)
            seen["advice"] = " ".join(table.texts["trainer"].split())

            await pilot.press("question_mark")  # the help of the game being played
            await pilot.pause()
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            seen["help"] = (help_screen.game, help_screen.rule, len(help_screen.rankings))
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table

            await pilot.press("s")  # see, blind, before anyone bet: the rules refuse it
            await pilot.pause()
            seen["error"] = " ".join(table.texts["message"].split())
            await pilot.press("R")  # the rule the error cites
            await pilot.pause()
            at_rule = app.screen
            assert isinstance(at_rule, HelpScreen)
            seen["rule"] = at_rule.rule
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table

            await pilot.press("l")  # look: a pair of queens; the trainer says what to do
            await pilot.pause()
            seen["looked"] = " ".join(table.texts["trainer"].split())
            await pilot.press("b", "2", "enter")  # bet 2, typed at once; Bob folds
            await pilot.pause()
            seen["log"] = table.texts["log"]

    asyncio.run(run())
    assert ADVICE.match(seen["advice"]), seen["advice"]
    game, rule, rankings = seen["help"]
    assert game == "three-card" and rule is None and rankings > 0
    cited = cited_rule(seen["error"])
    assert cited is not None and f"R: rule {cited}" in seen["error"]
    assert seen["rule"] == cited  # the help opened at the rule the error cites
    assert ADVICE.match(seen["looked"]) and " bet " in f" {seen['looked']}"
    assert "You bet 2" in seen["log"] and "Bob fold" in seen["log"]
    assert "You take" in seen["log"] and "You takes" not in seen["log"]
    assert session.deal is not None and session.deal.over
    assert list(empty_solver_cache.iterdir()) == []  # nothing solved, nothing written
