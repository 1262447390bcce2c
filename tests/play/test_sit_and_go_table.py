"""A sit-and-go in the terminal (rule T4, :mod:`bragkit.play.sit_and_go_table`): the table plays
to one winner with no top-ups, says who goes out in which place, plays the rest out once the
person is out, and its summary ends with the finishing order; ``bragkit play --sit-and-go``
makes one; the one table screen plays it with keys to its end."""

from __future__ import annotations

import asyncio

import pytest

from bragkit.errors import BragError
from bragkit.play.app import BragApp
from bragkit.play.config import PlayConfig
from bragkit.play.controls import controls
from bragkit.play.game_screen import GameScreen
from bragkit.play.sit_and_go_table import SitAndGoTable
from bragkit.play.summary_screen import SummaryScreen

from .test_game_screen import SIZE, choose, press_control


def play_to_the_end(table: SitAndGoTable) -> None:
    for _ in range(20_000):
        if table.over:
            return
        if table.deal_over:
            table.next_deal()
        elif table.my_turn:  # the person folds every hand (what a player out of time plays)
            table.act(table.leave_move() or table.options()[0].action())
        else:
            table.run_bots()
    raise AssertionError("the sit-and-go did not end")


@pytest.mark.parametrize("game", ["three-card", "teen-patti", "brag-poker", "single-stake"])
def test_a_terminal_sit_and_go_ends_with_its_finishing_order(game: str) -> None:
    table = SitAndGoTable(game, bots=("random", "random", "random"), stack=8, seed=3,
                          ante_every=2)
    play_to_the_end(table)
    sng = table.sit_and_go
    names = set(table.players)
    assert {p.player for p in sng.places} == names
    winner = next(p.player for p in sng.places if p.place == 1)
    assert table.session.stacks == {winner: 4 * 8}  # one holds every chip
    outs = [line for line in table.log if " is out of chips: " in line]
    assert len(outs) == 3 and not any("tops up" in line for line in table.log)  # M1 off
    person = next(p for p in sng.places if p.player == table.name)
    if 0 < person.deal < sng.deal_number:  # out before the end: the bots played on
        assert "The bots play the rest out (T4)." in table.log
        assert table.view() is not None  # the person's last deal still shows
        assert table.game.players.count(table.name) == 1
    assert table.log[-1].startswith("Finishing order: ")
    summary = table.summary()
    assert summary[-1].startswith("Finishing order: 1st ")
    with pytest.raises(BragError, match="the sit-and-go is over"):
        table.next_deal()


def test_play_makes_a_sit_and_go_and_refuses_nonsense() -> None:
    from bragkit.cli.play import config_from

    config = config_from(game="teen-patti", bots="random", sit_and_go=3, ante_rise=1.5)
    table = config.table()
    assert isinstance(table, SitAndGoTable)
    rules = table.sit_and_go.rules
    assert (rules.ante_every, rules.ante_rise, rules.players, rules.stack) == (3, 1.5, 2, 100)
    with pytest.raises(BragError, match="not played as a sit-and-go"):
        config_from(game="crash", bots="random", sit_and_go=3)
    with pytest.raises(BragError, match="ante_rise"):
        config_from(bots="random", sit_and_go=3, ante_rise=1.0)
    with pytest.raises(BragError, match="--sit-and-go is the deals a level lasts"):
        config_from(bots="random", sit_and_go=-1)


def test_the_one_screen_plays_a_sit_and_go_to_its_end() -> None:
    config = PlayConfig(game="three-card", bots=("random", "random"), stack=6, seed=8,
                        sit_and_go=1)
    table = config.table()
    assert isinstance(table, SitAndGoTable)

    async def run() -> list[str] | None:
        app = BragApp(session=table, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for turn in range(2000):
                if table.over:
                    break
                if table.deal_over:
                    await pilot.press("n")
                elif table.my_turn:
                    await press_control(pilot, screen, choose(controls(table.options()), turn))
                await pilot.pause()
            assert table.over
            await pilot.press("n")  # over: it says so, and nothing breaks
            await pilot.pause()
            assert "the sit-and-go is over" in screen.texts["message"]
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            await pilot.press("q")
            await pilot.pause()
        value = app.return_value
        return value if isinstance(value, list) else None

    summary = asyncio.run(run())
    assert summary is not None and summary[-1].startswith("Finishing order: 1st ")
