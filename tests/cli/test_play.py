"""``bragkit play``: bad options are one line on standard error and exit status 2."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from bragkit.cli import app
from bragkit.cli.play import config_from
from bragkit.games import find
from bragkit.games.three_card.rules import Rules
from bragkit.play.config import game_names

runner = CliRunner()


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "shark,nobody"], "unknown bot 'nobody'"),
    (["--game", "poker"], "unknown game 'poker'"),
    (["--rules", "min_bet=5", "--rules", "max_bet=2"], "(rule B1)"),
    (["--bots", "random,random,random,random,random,random"], "one to five bots"),
    (["--stack", "0"], "--stack"),
    (["--rules", "cards=4", "--rules", "jokers=x"], "jokers must be a whole number"),
])
def test_bad_options(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def test_the_default_game() -> None:
    config = config_from()
    assert config.rules() == Rules(max_bet=10) and config.bots == ("cautious", "bold", "shark")
    assert config_from(game="crash").bots == ("expected", "greedy", "expected")
    assert config_from(game="five-card", rules=["wild=2"]).rules().wild == ("2",)


def test_the_trainer_is_on_unless_turned_off() -> None:
    assert config_from().table().advice.trainer_on
    assert not config_from(trainer=False).table().advice.trainer_on
    result = runner.invoke(app, ["play", "--no-trainer", "--stack", "0"])
    assert result.exit_code == 2 and "--stack" in result.stderr  # the option is known


@pytest.mark.parametrize("game", game_names())
def test_every_game_and_preset_of_the_registry_is_played(game: str) -> None:
    """Every name the web lobby lists (``GET /api/games``: each game and each preset) starts
    a table; a preset plays by its options (teen-patti-order once crashed ``bragkit play``)."""
    config = config_from(game=game, bots="random")
    assert config.game == game
    table = config.table()
    info = find(game)
    assert table.title == info.title_of(game)  # a preset is named for itself: Four Card Brag
    assert (table.title == info.title) == (game not in info.presets)
    for option, value in info.presets.get(game, {}).items():
        assert getattr(table.game.rules, option) == value


@pytest.mark.parametrize(("args", "message"), [
    (["-g", "crash", "--rules", "target=lots"], "(rule C6)"),
    (["-g", "crash", "--rules", "no_such=1"], "no_such"),
    (["-g", "crash", "--bots", "random,random,random,random"], "(rule C1)"),
    (["-g", "teen-patti-order", "--rules", "ordering=nope"], "ordering must be one of"),
    (["-g", "poker"], "unknown game 'poker'"),
])
def test_bad_options_of_the_other_games(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], lines


def _bad_values(game: str) -> list[tuple[str, str, str]]:
    """For each house option of ``game``'s rules (their metadata): a value it refuses, and
    its rule id."""
    from bragkit.games.options import options

    bad = {"int": "abc", "ints": "abc", "bool": "maybe", "choice": "royal-flush",
           "cards": "Zz"}
    return [(game, f"{o.name}={bad[o.kind]}", o.rule) for o in options(find(game).rules)]


@pytest.mark.parametrize(("game", "option", "rule"),
                         [case for game in game_names() for case in _bad_values(game)])
def test_every_bad_option_value_names_its_rule(game: str, option: str, rule: str) -> None:
    """``bragkit play -r KEY=BAD`` for every option of every game and preset: one line naming
    the option and the rule id its metadata gives, exit status 2 (before any table)."""
    result = runner.invoke(app, ["play", "--game", game, "--rules", option])
    assert result.exit_code == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    name = option.partition("=")[0]
    assert len(lines) == 1 and name in lines[0], lines
    assert re.search(rf"\(rules? (?:[A-Z0-9]+, )*{rule}\b", lines[0]), lines[0]


def test_an_unknown_house_rule_lists_the_games_own() -> None:
    result = runner.invoke(app, ["play", "--game", "crash", "--rules", "max_bet=3"])
    assert result.exit_code == 2
    assert "crash has no house rule 'max_bet' (its rules: target (C6)" in result.stderr


def test_the_arena_names_the_rule_of_a_bad_value_too() -> None:
    result = runner.invoke(app, ["arena", "cautious", "random", "-n", "2", "-r", "max_bet=abc"])
    assert result.exit_code == 2
    assert result.stderr.strip() == ("bragkit: --rules: max_bet must be a whole number, not "
                                     "'abc' (rule B1)")
