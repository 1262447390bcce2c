"""The trainer of ``bragkit play``: heads-up, what the equilibrium would do in your place.

A small strategy (two bets at most, 30 iterations: seconds) stands in for a solved one.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bragkit.actions import Verb
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.trainer import ThreeCardTrainer
from bragkit.play.app import BragApp
from bragkit.play.config import PlayConfig
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import GameTable
from bragkit.solver import Abstraction, Strategy, solve

from .helpers import Scripted, stacked

RULES = Rules(max_bet=10)
# You and Bob: Bob deals, so you are dealt first (D6): you Qh Qs 4d, Bob As Tc 2d.
PACK = stacked("Qh As Qs Tc 4d 2d")
# RULES' strategy is shipped (bragkit.solver.shipped); none is for another hand order (H10)
UNSHIPPED = Rules(max_bet=10, ordering="teen-patti")
NOT_SOLVED = ("no equilibrium solved for this table: run `bragkit solve --stakes 1,2,4,8,10 "
              "--blind-share 0.8 --ordering teen-patti` (a few minutes)")
LABEL = re.compile(r"^(look|fold|see \d+|bet \d+|blind \d+) (\d+)%$")


@pytest.fixture(scope="module")
def strategy() -> Strategy:
    return solve(Abstraction.for_table(RULES, max_bets=2), iterations=30, cache=None)


def heads_up(*bob: str, strategy: Strategy | None = None, rules: Rules = RULES) -> GameTable:
    return table_of(rules, [("Bob", Scripted(*bob))], strategy=strategy, pack=PACK)


def table_of(rules: Rules, seated: list[tuple[str, Scripted]], *,
             strategy: Strategy | None = None, pack: object = None) -> GameTable:
    """A three-card table of ``rules`` (its cards from ``pack``), its trainer reading
    ``strategy`` when one is given."""
    coach = ThreeCardTrainer(rules, strategy=strategy) if strategy is not None else None
    return GameTable("three-card", rules=rules.to_dict(), seated=seated,  # type: ignore[arg-type]
                     pack=pack, seed=1, coach=coach)  # type: ignore[arg-type]


def looked_up(session: GameTable) -> bool:
    trainer = session.advice.trainer
    assert trainer is not None
    return trainer.looked_up


def advised(session: GameTable) -> list[tuple[str, int]]:
    """The hint's actions and percentages, each checked against the player's legal moves."""
    hint = session.advice.equilibrium_hint()
    assert hint is not None and hint.startswith("the equilibrium would "), hint
    view = session.view()
    legal = {o.verb: o for o in view.legal_actions if o.player == session.name}
    chosen = []
    for part in hint.removeprefix("the equilibrium would ").split(", "):
        match = LABEL.match(part)
        assert match is not None, part
        label = match.group(1)
        verb, _, amount = label.partition(" ")
        option = legal.get(Verb(verb))
        assert option is not None, (label, list(legal))
        if amount and verb != "see":  # a bet off the table's menu is never advised
            low, high = option.min_amount or 0, option.max_amount or int(amount)
            assert low <= int(amount) <= high, (label, low, high)
        chosen.append((label, int(match.group(2))))
    assert 97 <= sum(p for _, p in chosen) <= 101
    return chosen


def test_the_equilibrium_at_each_of_the_players_turns(strategy: Strategy) -> None:
    session = heads_up("Bob bet 2", strategy=strategy)
    blind = dict(advised(session))  # blind, first to act (BL6): look, or bet blind
    assert set(blind) <= {"look", "fold", "blind 1", "blind 2", "blind 4", "blind 5"}
    session.act("You look")
    opened = dict(advised(session))  # pair of queens: bets
    assert any(label.startswith("bet ") for label in opened)
    session.act("You bet 2")
    assert session.advice.equilibrium_hint() is None  # Bob's turn, not yours
    session.run_bots()
    assert session.to_act == "You"
    advised(session)
    session.act("You fold")
    assert session.advice.equilibrium_hint() is None  # the deal is over


def test_three_players_or_other_games_get_no_hint(strategy: Strategy) -> None:
    three = table_of(RULES, [("Bob", Scripted()), ("Cy", Scripted())], strategy=strategy)
    assert three.to_act == "You" and three.advice.equilibrium_hint() is None
    for rules in (Rules.preset("four-card", max_bet=10), Rules(max_bet=10, wild=("2",))):
        session = table_of(rules, [("Bob", Scripted())])
        assert session.to_act == "You" and session.advice.equilibrium_hint() is None
        assert not looked_up(session)  # no file is even looked for


def test_no_strategy_cached_says_how_to_solve_one() -> None:
    session = heads_up(rules=UNSHIPPED)
    assert session.advice.equilibrium_hint() == NOT_SOLVED
    other = heads_up(rules=Rules(max_bet=20, see_cost="single", ordering="teen-patti"))
    assert other.advice.equilibrium_hint() == (
        "no equilibrium solved for this table: run `bragkit solve --stakes 1,2,4,8,16,20 "
        "--blind-share 0.8 --see-cost single --ordering teen-patti` (a few minutes)")


def test_the_cache_is_read_once_table_first_then_the_default(
        strategy: Strategy, monkeypatch: pytest.MonkeyPatch) -> None:
    from bragkit.solver import driver

    asked: list[Abstraction] = []

    def cached(abstraction: Abstraction, directory: Path | None = None) -> Strategy | None:
        asked.append(abstraction)
        return strategy if abstraction == Abstraction() else None

    monkeypatch.setattr(driver, "cached", cached)
    monkeypatch.setattr("bragkit.bots.solver_bot.shipped", lambda abstraction: None)
    session = heads_up("Bob bet 2")
    assert session.advice.equilibrium_hint() is not None
    session.act("You look")
    advised(session)
    assert asked == [Abstraction.for_table(RULES), Abstraction()]  # once, table first
    asked.clear()
    teen_patti = heads_up(rules=Rules(max_bet=10, ordering="teen-patti"))
    hint = teen_patti.advice.equilibrium_hint()
    assert hint is not None and hint.startswith("no equilibrium")
    assert [a.ordering for a in asked] == ["teen-patti"]  # the default ranks hands otherwise


SIZE = (150, 45)


def test_the_trainer_line_beside_the_options(strategy: Strategy) -> None:
    session = heads_up("Bob bet 2", strategy=strategy)

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert "l look" in screen.texts["keys"]
            assert screen.texts["trainer"].startswith("the equilibrium would ")
            await pilot.press("l")
            await pilot.pause()
            assert re.search(r"the equilibrium would .*bet \d", screen.texts["trainer"])
            await pilot.press("h")  # the hint ends with the equilibrium
            await pilot.pause()
            assert "pair of queens" in screen.texts["message"]
            assert "The equilibrium would " in screen.texts["message"]
            await pilot.press("e")  # off
            await pilot.pause()
            assert "Trainer off" in screen.texts["message"]
            assert screen.texts["trainer"].strip() == ""
            await pilot.press("e")  # on again
            await pilot.pause()
            assert screen.texts["trainer"].startswith("the equilibrium would ")
            await pilot.press("b", "backspace", "2", "enter")  # Bob bets 2 at once
            await pilot.pause()
            assert "Bob bets 2" in screen.texts["log"]
            assert screen.texts["trainer"].startswith("the equilibrium would ")

    asyncio.run(run())


def test_the_trainer_says_how_to_solve_when_nothing_is_cached() -> None:
    session = heads_up(rules=UNSHIPPED)

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()  # the lookup runs in a thread
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert " ".join(screen.texts["trainer"].split()) == NOT_SOLVED

    asyncio.run(run())


def test_the_setup_turns_the_trainer_off() -> None:
    async def run() -> None:
        app = BragApp(PlayConfig(seed=2, bots=("cautious",), trainer=False), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.screen
            assert isinstance(table, GameScreen)
            assert not table.table.advice.trainer_on
            assert table.texts["trainer"].strip() == ""

    asyncio.run(run())
