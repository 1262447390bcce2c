"""``bragkit play``: bad options are one line on standard error and exit status 2."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from bragkit.cli import app
from bragkit.cli.play import config_from
from bragkit.games.three_card.rules import Rules

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
    assert config_from().session().trainer
    assert not config_from(trainer=False).session().trainer
    result = runner.invoke(app, ["play", "--no-trainer", "--stack", "0"])
    assert result.exit_code == 2 and "--stack" in result.stderr  # the option is known


@pytest.mark.parametrize("game", ["nine-card", "crash", "single-stake", "three-stake",
                                  "brag-poker", "three-card", "four-card"])
def test_every_game_of_the_registry_is_played(game: str) -> None:
    config = config_from(game=game, bots="random")
    assert config.game == game
    assert (config.table().title if not config.family else config.rules().variant)


@pytest.mark.parametrize(("args", "message"), [
    (["-g", "crash", "--rules", "target=lots"], "(rule C6)"),
    (["-g", "crash", "--rules", "no_such=1"], "no_such"),
    (["-g", "crash", "--bots", "random,random,random,random"], "(rule C1)"),
    (["-g", "brag-poker", "--save-dir", "deals"], "--save-dir"),
])
def test_bad_options_of_the_other_games(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], lines
