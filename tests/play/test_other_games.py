"""The other games in `bragkit play`: historic Brag (S), Brag Poker (P), Nine Card (N), Crash."""

from __future__ import annotations

import asyncio
import random

import pytest

from bragkit.errors import BragError, RulesError
from bragkit.games import registry
from bragkit.games.points_game import PointsGame
from bragkit.play.app import BragApp
from bragkit.play.config import PlayConfig
from bragkit.play.other_games import OTHER_GAMES, other_game
from bragkit.play.other_screen import OtherGameScreen
from bragkit.play.summary_screen import SummaryScreen
from bragkit.session import Session


def play_through(game_name: str, seed: int, deals: int = 3) -> list[str]:
    # the strong arrangers of Nine Card Brag and Crash are tested with their engines
    game = other_game(game_name, bots=("random", "random"), seed=seed, stack=40)
    rng = random.Random(seed)
    played = 0
    for _ in range(5000):
        if game.game_over or played >= deals:
            break
        if game.deal_over:
            played += 1
            game.next_deal()
            continue
        if game.to_act == game.name:
            item = rng.choice(game.options(100))
            game.apply(item.make(item.low))
        else:
            assert game.bot_step() is not None
        text = "\n".join(game.lines())
        assert text
    return game.summary()


@pytest.mark.parametrize("name", sorted(OTHER_GAMES))
def test_every_other_game_plays_and_settles(name: str) -> None:
    summary = play_through(name, seed=5, deals=1 if name == "crash" else 3)
    assert summary and any("Ledger" in line or "unfinished" in line for line in summary)


@pytest.mark.parametrize("name", sorted(OTHER_GAMES))
def test_every_other_game_is_a_session_that_replays_to_the_same_ledger_rule_T1(
        name: str) -> None:
    game = other_game(name, bots=("random", "shark"), seed=7, stack=12)
    rng = random.Random(7)
    finished = []
    while len(finished) < 2:
        if game.deal_over:
            finished.append(game.deal)
            game.next_deal()
        elif game.to_act == game.name:
            item = rng.choice(game.options(100))
            game.apply(item.make(item.low))
        else:
            game.bot_step()
    session = game.session
    assert session.deal_number == 3 and session.in_deal
    ledger = session.ledger.until(2)
    summary = game.summary()
    assert summary[1] == "deal 3 left unfinished."
    assert summary[2] == "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in ledger.nets().items())
    if isinstance(finished[0], PointsGame):  # N7, C5: each game's money, through the ledger
        assert summary[0].startswith("2 game(s) to the target of ")
        total = {p: sum(g.result.nets[p] for g in finished) for p in game.players}
        assert ledger.nets() == total
    again = Session.replay(registry.dealing(name), [str(e) for e in session.events],
                           dealer=session.first_dealer)
    assert again.events == session.events and again.ledger == session.ledger


def test_the_players_view_hides_the_bots_cards_rules_D8_P5() -> None:
    game = other_game("brag-poker", bots=("random",), seed=2)
    bot_cards = {c.pretty for c in game.deal.hands["Random"]}  # type: ignore[attr-defined]
    text = "\n".join(game.lines())
    assert not any(card in text for card in bot_cards)
    assert "▒▒" in text


def test_illegal_moves_are_refused_with_the_rule() -> None:
    game = other_game("nine-card", bots=("random",), seed=1)
    if game.to_act != game.name:
        while game.to_act != game.name:
            game.bot_step()
    with pytest.raises(BragError):
        game.apply("You plays As As As")


def test_unknown_games_and_rules_are_refused() -> None:
    with pytest.raises(RulesError):
        other_game("poker")
    with pytest.raises(BragError):
        other_game("crash", rules={"target": "lots"})


def test_the_other_game_screen_plays_with_keys() -> None:
    async def run() -> None:
        app = BragApp(PlayConfig(game="brag-poker", bots=("random",), seed=4), bot_delay=0)
        async with app.run_test(size=(150, 45)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, OtherGameScreen)
            assert "3 Card Brag Poker" in screen.texts["view"]
            for _ in range(40):
                game = screen.game
                if game.deal_over:
                    break
                await pilot.press("1")  # the first move on the menu
                await pilot.pause()
                if screen.query_one("#prompt").has_class("shown"):
                    await pilot.press("enter")
                    await pilot.pause()
            assert screen.game.deal_over
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            assert any("Settlement" in line for line in app.screen.lines)

    asyncio.run(run())


def test_the_crash_screen_suggests_an_arrangement_rule_C2() -> None:
    async def run() -> None:
        app = BragApp(PlayConfig(game="crash", bots=("random",), seed=2), bot_delay=0)
        async with app.run_test(size=(150, 45)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, OtherGameScreen)
            assert " g " in screen.texts["menu"] or "to act" in screen.texts["menu"]
            await pilot.press("g")
            await pilot.pause()
            assert "Crash" in screen.texts["view"]
            await pilot.press("9", "colon")  # a move not on the menu; then type one
            await pilot.pause()
            await pilot.press("x", "enter")
            await pilot.pause()
            assert screen.texts.get("message")  # explained, not a crash

    asyncio.run(run())
