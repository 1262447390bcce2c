"""``bragkit play``'s first screen (issue 16 item 5): the game, then the opponents, the stakes and
every house rule with its rule id and meaning; the choice remembered for next time; a damaged
saved choice is one line and the defaults."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from bragkit.games import find
from bragkit.games.options import options
from bragkit.play.app import BragApp
from bragkit.play.choices_screen import ChoicesScreen
from bragkit.play.config import PlayConfig
from bragkit.play.game_screen import GameScreen
from bragkit.play.memory import FILE_NAME
from bragkit.play.menu_screen import MenuScreen

SIZE = (150, 60)


def _choose_crash(config_dir: Path) -> tuple[str, list[str]]:
    """Choose Crash, one random opponent, stakes 40, target 9 (C6); what the screens said."""

    async def run() -> tuple[str, list[str]]:
        app = BragApp(PlayConfig(seed=1), menu=True, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            target = next(i for i, item in enumerate(menu.items) if item.name == "crash")
            await pilot.press(*["down"] * target, "enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ChoicesScreen)
            labels = [str(label.render()) for label in screen.query("Label")]
            screen.query_one("#bots").value = "random"  # type: ignore[attr-defined]
            screen.query_one("#stack").value = "40"  # type: ignore[attr-defined]
            screen.query_one("#rule-target").value = "lots"  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await pilot.pause()
            error = str(screen.query_one("#choices-error").render())
            screen.query_one("#rule-target").value = "9"  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert app.screen.table.stacks == {"You": 40, "Random": 40}
        return error, labels

    return asyncio.run(run())


def test_the_first_screen_offers_opponents_stakes_and_house_rules(empty_config: Path) -> None:
    error, labels = _choose_crash(empty_config)
    text = "\n".join(labels)
    for option in options(find("crash").rules):  # each with its rule id and meaning
        assert f"{option.name} ({option.rule}): {option.meaning}" in text
    assert "random:" in text and "Stakes" in text
    assert "C6" in error  # nonsense refused with its rule, on the screen
    saved = json.loads((empty_config / FILE_NAME).read_text())
    assert saved == {"game": "crash", "bots": ["random"], "stack": 40,
                     "rules": {"target": "9"}}


def test_the_choice_is_remembered_for_next_time(empty_config: Path) -> None:
    (empty_config / FILE_NAME).write_text(json.dumps(
        {"game": "crash", "bots": ["random"], "stack": 40, "rules": {"target": "9"}}))

    async def run() -> None:
        app = BragApp(PlayConfig(seed=1), menu=True, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the game chosen last time is highlighted
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ChoicesScreen) and screen.config.game == "crash"
            assert screen.query_one("#stack").value == "40"  # type: ignore[attr-defined]
            assert screen.query_one("#rule-target").value == "9"  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert app.screen.table.stacks == {"You": 40, "Random": 40}

    asyncio.run(run())


def test_a_damaged_saved_choice_is_one_line_and_the_defaults(empty_config: Path) -> None:
    (empty_config / FILE_NAME).write_text('{"game": 3')

    async def run() -> str:
        app = BragApp(PlayConfig(seed=1), menu=True, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            said = str(menu.query_one("#menu-error").render())
            await pilot.press("enter")  # the first game, the defaults
            await pilot.pause()
            assert isinstance(app.screen, ChoicesScreen)
            assert app.screen.config.game == "three-card"
            return said

    said = asyncio.run(run())
    assert "damaged" in said and FILE_NAME in said and "\n" not in said.strip()


def test_another_games_bots_give_way_to_the_chosen_games_own(empty_config: Path) -> None:
    """From the three-card defaults, choosing Crash proposes Crash's own bots, and Enter plays
    against them (a bot's name says what it does: no 'cautious' at Crash)."""

    async def run() -> tuple[str, dict[str, str]]:
        app = BragApp(PlayConfig(seed=1), menu=True, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            target = next(i for i, item in enumerate(menu.items) if item.name == "crash")
            await pilot.press(*["down"] * target, "enter")
            await pilot.pause()
            proposed = str(app.screen.query_one("#bots").value)  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            table = app.screen.table
            return proposed, {seat: bot.kind for seat, bot in table.bots.items()}  # type: ignore[attr-defined]

    proposed, seated = asyncio.run(run())
    assert PlayConfig().bots == ("cautious", "bold", "shark")
    assert proposed == "expected, greedy, expected"
    assert sorted(seated.values()) == ["expected", "expected", "greedy"]
