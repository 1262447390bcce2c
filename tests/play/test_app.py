"""The terminal game driven headless through Textual's pilot (rules B6, BL3, BL6, D8, R2, T1)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bragkit.cards import Card
from bragkit.games.three_card.notation import load
from bragkit.games.three_card.rules import Rules
from bragkit.play.app import BragApp
from bragkit.play.choices_screen import ChoicesScreen
from bragkit.play.config import PlayConfig
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import GameTable
from bragkit.play.menu_screen import MenuScreen
from bragkit.play.summary_screen import SummaryScreen

from .helpers import Scripted, stacked

SIZE = (150, 45)


def everything_shown(screen: GameScreen) -> str:
    return "\n".join(screen.texts.values())


def test_a_whole_deal_that_ends_in_a_see_rule_B6(tmp_path: Path) -> None:
    # You: Qh Qs 4d; Bob: As Tc 2d (Bob deals, you are dealt first, D6)
    session = GameTable("three-card", rules={"max_bet": 10},
                        seated=[("Bob", Scripted("Bob bet 2"))],
                        pack=stacked("Qh As Qs Tc 4d 2d"), seed=1)

    async def run() -> list[str] | None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert "Q♥" not in everything_shown(screen)  # blind: not even yours (BL6)
            await pilot.press("l")
            await pilot.pause()
            assert "Q♥   Q♠   4♦" in screen.texts["hand"]
            assert "pair of queens" in screen.texts["hand"]
            shown = everything_shown(screen)
            assert "A♠" not in shown and "As" not in shown  # Bob's cards are hidden (D8)
            await pilot.press("b", "backspace", "2", "enter")  # bet 2 (prompt)
            await pilot.pause()
            assert "Bob bets 2" in screen.texts["log"]
            assert "to see: 4" in screen.texts["info"]
            await pilot.press("s")  # see (B6): Bob shows first
            await pilot.pause()
            text = everything_shown(screen)
            # one notation of cards on the screen, the pictures' (the log's too)
            assert "Bob shows high card, A-T-2 (A♠ T♣ 2♦)" in text and "You take 10" in text
            assert "You takes" not in text  # you are addressed as you
            assert "The deal's result:" in screen.texts["result"]
            assert "takes 10" in screen.texts["seats"]
            await pilot.press("w")  # save the deal as .bhh
            await pilot.pause()
            assert "Saved" in screen.texts["message"]
            await pilot.press("q")  # the end: ledger and settlement
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            assert "Settlement: Bob pays you 3." in app.screen.lines  # addressed as you
            await pilot.press("q")
            await pilot.pause()
        return app.return_value

    session.records.save_dir = tmp_path
    summary = asyncio.run(run())
    assert summary is not None and "Ledger: You +3, Bob -3" in summary
    assert load(tmp_path / "deal-0001.bhh").replay().result.winners == {"You": 10}


def test_a_blind_win_carries_the_pot_and_keeps_the_hand_rules_BL3_R1_R2() -> None:
    """You bet blind; both bots fold: the pot is carried, you keep your hand unseen, and next
    deal you hold two hands — never once is a card of yours on the screen."""
    session = GameTable(
        "three-card", rules={"max_bet": 10},
        seated=[("Bob", Scripted("Bob fold", "Bob fold")),
                ("Cy", Scripted("Cy fold", "Cy blind 1"))],
        pack=stacked("Qh As 7c Qs Tc 7d 4d 2d 7h"), seed=1)

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert "blind 1..5" in screen.texts["keys"]  # half price (BL1)
            await pilot.press("b", "enter")  # the least blind bet
            await pilot.pause()
            log = screen.texts["log"]
            assert "You bet 1 blind" in log and "Cy folds" in log
            assert "4 carried to the next deal (BL3)" in log
            assert "You keep the blind hand (R1)" in log
            await pilot.press("n")
            await pilot.pause()
            assert "(carried 4, BL3)" in screen.texts["info"]
            assert "two hands, both blind (R2)" in screen.texts["hand"]
            mine = {Card.parse(c).pretty for c in ("Qh", "Qs", "4d")}
            mine |= {c.pretty for c in session.game.cards_of("You")}  # type: ignore[union-attr]
            shown = everything_shown(screen)
            assert not any(card in shown for card in mine)  # rule BL6
            await pilot.press("s")  # no see with two hands: explained, with the rule
            await pilot.pause()
            assert "rule" in screen.texts["message"]

    asyncio.run(run())


def test_illegal_keys_are_explained_never_a_crash_rule_B11() -> None:
    session = GameTable("three-card", rules={"max_bet": 10}, bots=["cautious", "bold"], seed=3)

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for key in ("s", "c", "k", "x", "d"):
                await pilot.press(key)
                await pilot.pause()
                assert screen.texts["message"], key  # every move key says something
            said = screen.texts["message"]
            await pilot.press("w", "n")  # not keys of this moment: unbound, not shown
            await pilot.pause()
            assert screen.texts["message"] == said
            assert not screen.check_action("next", ()) and not screen.check_action("save", ())
            await pilot.press("s")
            await pilot.pause()
            assert "no one can see" in screen.texts["message"]  # three in: B8
            await pilot.press("b", "backspace", "9", "9", "enter")  # above the maximum
            await pilot.pause()
            assert "(rule B1)" in screen.texts["message"]
            await pilot.press("h")  # a hint while blind
            await pilot.pause()
            assert "have not looked" in screen.texts["message"]
            await pilot.press("q")  # not during a deal
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)

    asyncio.run(run())


def test_bots_move_on_a_timer_when_there_is_a_delay() -> None:
    session = GameTable("three-card", rules={"max_bet": 10}, bots=["cautious", "bold"], seed=5)

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0.01)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f")  # you fold at once; the bots play on by themselves
            for _ in range(200):
                await pilot.pause(0.02)
                if session.game.over:
                    break
            assert session.game.over

    asyncio.run(run())


def test_the_setup_starts_the_chosen_game_with_its_house_rules() -> None:
    """``--setup``: the game menu, then the game's opponents, stakes and house rules (the
    rules' own metadata, as the web lobby lists them); nonsense is refused with its rule."""
    async def run() -> None:
        app = BragApp(PlayConfig(seed=2), setup=True, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            await pilot.press("enter")  # the first game: Three Card Brag
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ChoicesScreen)
            from textual.widgets import Input

            screen.query_one("#rule-min_bet", Input).value = "50"  # above max_bet 10: refused
            screen.action_play()
            await pilot.pause()
            assert isinstance(app.screen, ChoicesScreen)
            assert "rule B1" in str(screen.query_one("#choices-error").render())
            screen.query_one("#rule-min_bet", Input).value = "2"
            screen.query_one("#bots", Input).value = "shark, random"
            screen.query_one("#rule-ante", Input).value = "2"
            screen.action_play()
            await pilot.pause()
            table = app.screen
            assert isinstance(table, GameScreen)
            rules = table.table.game.rules
            assert rules.min_bet == 2 and rules.ante == 2
            assert list(table.table.bots) == ["Shark", "Random"]

    asyncio.run(run())


def test_the_default_game_starts_in_seconds() -> None:
    async def run() -> None:
        app = BragApp(PlayConfig(seed=1), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            seats = screen.texts["seats"]
            for bot in ("Shark", "Cautious", "Bold"):  # the kind of each: its name
                assert bot in seats
            assert session_rules(screen) == Rules(max_bet=10)

    asyncio.run(run())


def session_rules(screen: GameScreen) -> Rules:
    rules: Rules = screen.table.game.rules
    return rules


def test_a_failing_bot_is_reported_not_a_crash() -> None:
    session = GameTable("three-card", rules={"max_bet": 10}, seated=[("Bob", Scripted())],
                        seed=1)

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("b", "enter")  # Bob is asked, and has nothing to say
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert "a bot failed" in screen.texts["message"]

    asyncio.run(run())


def test_four_card_discards_are_picked_with_digits_rule_F1() -> None:
    session = GameTable("four-card", rules={"max_bet": 10}, bots=["cautious"], seed=3)

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("d")  # blind: a discard is chosen once looked (F1, F2, BL6)
            await pilot.pause()
            assert "no such move now" in screen.texts["message"]
            assert "l look" in screen.texts["message"]
            await pilot.press("l")
            await pilot.pause()
            hand = session.view().hand
            assert hand is not None and "[1]" in screen.texts["hand"]
            card = screen.picker.shown[3]
            await pilot.press("4")
            await pilot.pause()
            assert f"picked:  {card.pretty}" in screen.texts["hand"]
            await pilot.press("d")
            await pilot.pause()
            assert f"You discard {card.pretty}" in screen.texts["log"]
            assert session.view().discards == (card,)

    asyncio.run(run())
