"""The one table screen, driven headless through Textual's pilot, with keys only: one deal of
every registered game (rules D8, F1, P3, P5, N4, N7, C2, C5, S4, T1)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bragkit.actions import Verb
from bragkit.games import games
from bragkit.games.points_game import PointsGame
from bragkit.play.app import BragApp
from bragkit.play.choices_screen import ChoicesScreen
from bragkit.play.config import PlayConfig
from bragkit.play.controls import Control, controls
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import GameTable
from bragkit.play.menu_screen import MenuScreen
from bragkit.play.summary_screen import SummaryScreen

SIZE = (160, 50)
#: The moves the pilot prefers, to end a deal soon without folding at once.
PREFERRED = (Verb.CHECK, Verb.CALL, Verb.SEE, Verb.STAND, Verb.PASS, Verb.LOOK, Verb.KEEP,
             Verb.AGREE)
ASCII_CARD = re.compile(r"(?<![\w♠♥♦♣])[2-9TJQKA][cdhs](?![\w♠♥♦♣])")


def choose(controls: list[Control], turn: int) -> Control:
    """A control for the pilot: a preferred plain move, else cards or sets, else the least
    amount; after many turns, leave (fold, drop) if allowed."""
    by_verb = {c.verb: c for c in controls}
    if turn > 40:
        for verb in (Verb.FOLD, Verb.DROP):
            if verb in by_verb:
                return by_verb[verb]
    for verb in PREFERRED:
        if verb in by_verb and by_verb[verb].kind == "plain":
            return by_verb[verb]
    for control in controls:
        if control.kind in ("cards", "sets"):
            return control
    for control in controls:
        if control.kind == "amount":
            return control
    return controls[0]


async def suggest(pilot: Any, screen: GameScreen) -> None:
    """Press g and wait for the arranger (it thinks in a worker thread)."""
    await pilot.press("g")
    await screen.app.workers.wait_for_complete()
    await pilot.pause()


async def press_control(pilot: object, screen: GameScreen, control: Control) -> None:
    press = pilot.press  # type: ignore[attr-defined]
    if control.kind in ("cards", "sets"):
        if control.verb is Verb.DISCARD:  # pick the cards to discard (F1), then d
            await press(*[str(i + 1) for i in range(control.options[0].discards)])
            await press(control.key)
        elif control.verb is Verb.DRAW:  # pick one card to draw again (P3), then d
            await press("1", control.key)
        else:  # the engine's arrangement, then Enter (N3, C2)
            await suggest(pilot, screen)
            assert "Enter plays it" in screen.texts["message"]
            await press("enter")
    elif control.kind == "amount":
        await press(control.key, "enter")  # Enter: the least amount
    elif control.kind == "hand":
        await press(control.key, "o", "l", "d", "enter")
    else:
        await press(control.key)


@pytest.mark.parametrize("game", [info.name for info in games()])
def test_one_deal_of_every_game_through_the_one_screen(game: str) -> None:
    table = GameTable(game, bots=("random", "random"), seed=11, stack=60)

    async def run() -> list[str] | None:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for turn in range(400):
                if table.deal_over:
                    break
                assert table.my_turn, "the bots move at once (bot_delay 0)"
                before = len(table.log)
                await press_control(pilot, screen, choose(controls(table.options()), turn))
                await pilot.pause()
                assert len(table.log) > before or table.deal_over, screen.texts["message"]
            assert table.deal_over
            shown = "\n".join(screen.texts.values())
            assert "The deal's result:" in screen.texts["result"]
            # the results are describe's words for the player, shown as they are
            assert table.results and all(line in shown for line in table.results)
            assert not ASCII_CARD.search(shown), "one notation of cards (the screen's)"
            await pilot.press("q")  # the end, between two deals (T1)
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            await pilot.press("q")
            await pilot.pause()
        value = app.return_value
        return value if isinstance(value, list) else None

    summary = asyncio.run(run())
    assert summary is not None
    nets = table.session.ledger.nets()
    assert f"Ledger: {', '.join(f'{p} {n:+d}' for p, n in nets.items())}" in summary
    assert sum(nets.values()) == 0  # chips are conserved (T1)


def test_a_points_game_shows_each_deals_rounds_and_ends_before_its_target_rules_N7_C5(
) -> None:
    table = GameTable("crash", bots=("random",), seed=5, stack=40)

    async def run() -> list[str]:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await suggest(pilot, screen)  # the arranger's four hands (C2)
            assert "set 4:" in screen.texts["hand"]
            await pilot.press("enter")
            await pilot.pause()
            while not table.deal_over:  # the crash call (C5)
                await pilot.press("x")  # pass
                await pilot.pause()
            game = table.game
            assert isinstance(game, PointsGame) and not game.over
            result = screen.texts["result"]
            for number in (1, 2, 3, 4):  # every round's winner (C4)
                assert f"round {number}:" in result
            assert "pass" in result and "(C5)" in result and "points after deal 1" in result
            assert "You passes" not in result
            assert table.to_act is None  # the next deal waits for n
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            return list(app.screen.lines)

    lines = asyncio.run(run())
    # Crash's own rule for its stake per point (C6), never Nine Card Brag's N7
    assert any("no stakes per point are paid for it (C6)" in line for line in lines)
    assert not any("N7" in line for line in lines)
    assert any(line.startswith("Settlement:") for line in lines)


def test_nine_card_sets_are_picked_with_keys_and_illegal_ones_explained_rule_N4() -> None:
    table = GameTable("nine-card", bots=("random",), seed=3)

    async def run() -> None:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert table.my_turn
            await pilot.press("1", "2")  # two cards: not a set of three (N4)
            await pilot.pause()
            assert "1" in screen.texts["hand"]
            before = len(table.log)
            await pilot.press("p")
            await pilot.pause()
            assert len(table.log) == before and screen.texts["message"]  # refused, explained
            await pilot.press("u")  # unpick
            await suggest(pilot, screen)  # the arranger's set
            await pilot.press("enter")  # played
            await pilot.pause()
            assert len(table.log) > before
            assert "You play " in screen.texts["log"]
            await pilot.press("right_square_bracket")  # every set the rules allow, lazily
            await pilot.pause()
            assert re.search(r"choice 1 of \d+", screen.texts["message"])

    asyncio.run(run())


def test_the_player_never_sees_a_bots_hidden_cards_rules_D8_P5() -> None:
    table = GameTable("brag-poker", bots=("random",), seed=2)

    async def run() -> None:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            hidden = {c.pretty for c in table.game.hands["Random"]}  # type: ignore[attr-defined]
            shown = "\n".join(screen.texts.values())
            assert not any(card in shown for card in hidden)
            assert "▒▒" in screen.texts["seats"]

    asyncio.run(run())


def test_a_bad_amount_or_move_is_one_line_and_changes_nothing() -> None:
    table = GameTable("single-stake", bots=("random",), seed=1)

    async def run() -> None:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert table.my_turn
            before = len(table.log)
            await pilot.press("colon", "p", "l", "a", "y", "s", "enter")  # not a verb here
            await pilot.pause()
            assert screen.texts["message"].strip() and len(table.log) == before
            amount = next(c for c in controls(table.options()) if c.kind == "amount")
            await pilot.press(amount.key, "backspace", "x", "enter")
            await pilot.pause()
            assert "not a whole number" in screen.texts["message"]
            assert len(table.log) == before
            await pilot.press("q")  # mid-deal: asks first, changes nothing
            await pilot.pause()
            assert "q again" in screen.texts["message"] and app.screen is screen
            assert len(table.log) == before

    asyncio.run(run())


def test_the_menu_lists_every_registered_game_and_starts_the_chosen_one() -> None:
    async def run() -> None:
        app = BragApp(PlayConfig(bots=("random",), seed=1), menu=True, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            labels = [item.label for item in menu.items]
            for info in games():
                assert any(info.title in label and info.summary in label for label in labels)
            target = next(i for i, item in enumerate(menu.items) if item.name == "nine-card")
            for _ in range(target):
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ChoicesScreen)  # opponents, stakes, house rules
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert app.screen.table.title == "Nine Card Brag"

    asyncio.run(run())


def test_a_move_key_with_no_move_now_says_so_rule_B11() -> None:
    table = GameTable("brag-poker", bots=("random",), seed=2)

    async def run() -> None:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and table.my_turn
            before = len(table.log)
            await pilot.press("s")  # no see in Brag Poker
            await pilot.pause()
            assert "no such move now" in screen.texts["message"]
            assert "f drop" in screen.texts["message"] and len(table.log) == before

    asyncio.run(run())


def test_a_nine_card_plan_of_sets_is_played_set_by_set_rules_N3_N4() -> None:
    table = GameTable("nine-card", bots=("random",), seed=8)

    async def run() -> None:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and table.my_turn
            first = tuple(screen.picker.shown[:3])  # the three highest cards
            await pilot.press("1", "2", "3", "m")  # a set of the plan
            await pilot.pause()
            assert screen.picker.sets == [first] and "set 1:" in screen.texts["hand"]
            await pilot.press("p")  # nothing picked: the plan's first set is played
            await pilot.pause()
            played = table.view().played["You"]
            assert played and set(played[0]) == set(first)
            assert "set 1:" not in screen.texts["hand"]  # played, out of the plan

    asyncio.run(run())


def test_with_a_delay_the_bots_think_in_a_thread_and_play_on_rule_C2() -> None:
    table = GameTable("crash", bots=("expected",), seed=3)  # the engine's arranger (C2)

    async def run() -> None:
        app = BragApp(session=table, bot_delay=0.01)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for _ in range(600):
                if table.deal_over:
                    break
                if table.my_turn:
                    if table.game.phase == "arrange":  # type: ignore[attr-defined]
                        await suggest(pilot, screen)
                        await pilot.press("enter")
                    else:
                        await pilot.press("x")  # pass (C5)
                await pilot.pause(0.05)
            assert table.deal_over and "round 4:" in "\n".join(table.results)
            assert "a bot failed" not in screen.texts.get("message", "")

    asyncio.run(run())
