"""Every game and every preset the web lobby lists (``GET /api/games``) is offered by the
terminal's menu, and plays: chosen in the menu, set up on the choices screen with its own house
rules (the rules' metadata), and a whole deal played at the one table."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.widgets import OptionList

from bragkit.bots.players import ask, make_player
from bragkit.games import find
from bragkit.games.options import options
from bragkit.play.app import BragApp
from bragkit.play.choices_screen import ChoicesScreen
from bragkit.play.config import PlayConfig, game_names
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import GameTable
from bragkit.play.menu_screen import MenuScreen, menu_items
from bragkit.web.catalogue import games_catalogue

SIZE = (150, 45)


def test_the_menu_offers_exactly_the_lobbys_games_and_presets() -> None:
    lobby = [name for game in games_catalogue() for name in (game["name"], *game["presets"])]
    assert [item.name for item in menu_items()] == lobby == game_names()


def test_every_preset_is_named_and_told_in_words_not_option_names_rules_F1_H10_TP8() -> None:
    """A person reads each preset by its own title and a line of what it changes, the same in
    the terminal's menu and the web lobby: not "Three Card Brag with cards 4" (the options'
    own names), nor the lobby's "Teen Patti: muflis"."""
    labels = {item.name: item.label for item in menu_items()}
    for game in games_catalogue():
        for name, preset in game["presets"].items():
            title, told = game["preset_titles"][name], game["preset_summaries"][name]
            assert labels[name].strip() == f"{title} ({name}) — {told}"
            assert title != f"{game['title']} ({name})", title  # its own title
            assert not any(f"{key} =" in told or f"{key} {value}" in told
                           for key, value in preset.items()), told
            assert told != game["summary"] and "(" in told  # its own line, with its rule ids


@pytest.mark.parametrize("game", [g["name"] for g in games_catalogue()])
def test_the_choices_screen_lists_exactly_the_lobbys_options(game: str) -> None:
    lobby = next(g for g in games_catalogue() if g["name"] == game)
    screen = ChoicesScreen(PlayConfig(game=game))
    assert [f.name for f in screen.fields] == [o["name"] for o in lobby["options"]]
    assert [f.rule for f in screen.fields] == [o.rule for o in options(find(game).rules)]


def play_a_deal(table: GameTable, seed: int) -> None:
    """The player's moves chosen by a random bot of the game, the bots' by theirs, until the
    deal's result shows."""
    mine = make_player("random", game=table.game_name, seed=seed)
    for _ in range(2_000):
        if table.deal_over:
            return
        if table.my_turn:
            table.act(ask(mine, table.game, table.name))
        else:
            table.run_bots()
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize("game", game_names())
def test_every_game_and_preset_plays_a_deal(game: str) -> None:
    table = GameTable(game, bots=("random", "random"), seed=5)
    info = find(game)
    for option, value in info.presets.get(game, {}).items():  # a preset plays by its options
        assert getattr(table.game.rules, option) == value
    play_a_deal(table, seed=5)
    assert table.deal_over and table.results and table.results != [""]
    table.next_deal()  # and the session goes on
    assert not table.deal_over or table.results
    summary = table.summary() if table.deal_over else None
    assert summary is None or summary[-1].startswith("Settlement:")


@pytest.mark.parametrize("game", [item.name for item in menu_items()
                                  if item.label.startswith(" ")])
def test_each_preset_chosen_in_the_menu_starts_its_game(game: str) -> None:
    """The presets once crashed ``bragkit play`` (teen-patti-order): choose each in the menu,
    accept its choices, and play its first deal at the table screen."""

    async def run() -> None:
        app = BragApp(PlayConfig(seed=3), menu=True, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            names = [item.name for item in menu.items]
            menu.query_one("#games", OptionList).highlighted = names.index(game)
            await pilot.press("enter")
            await pilot.pause()
            choices = app.screen
            assert isinstance(choices, ChoicesScreen) and choices.config.game == game
            choices.action_play()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            table = screen.table
            assert table.game_name == game and "Traceback" not in "".join(screen.texts.values())
            for option, value in find(game).presets[game].items():
                assert getattr(table.game.rules, option) == value
            play_a_deal(table, seed=random.Random(game).randrange(100))
            screen._redraw()
            assert "The deal's result:" in screen.texts["result"]

    asyncio.run(run())
