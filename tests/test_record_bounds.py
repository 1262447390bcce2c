"""Every record reader is bounded by what it reads, on every path (``records.load``,
``records.replay``, ``bragkit replay``): an oversized or key-stuffed record is refused before it
is parsed, a name too long is refused in every format, and nothing but a
:class:`~bragkit.errors.BragError` escapes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bragkit
from bragkit import records
from bragkit.cli import app
from bragkit.errors import NotationError
from bragkit.games.protocol import random_action
from bragkit.toml_text import MAX_TEXT

RECORDS = Path(__file__).parent / "records"


def _record(name: str) -> str:
    """A played record of the game ``name``, as its writer writes it."""
    game = bragkit.games.new(name, players=["Ann", "Bob", "Cy"], seed=4)
    rng = random.Random(4)
    while not game.over:
        game.apply(random_action(game, rng))
    return records.dump(game)


GAME_RECORDS = {name: _record(name) for name in bragkit.games.names()}
SESSION = (RECORDS / "sessions" / "fair-shuffles.toml").read_text(encoding="utf-8")


@pytest.fixture
def unparsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any TOML parse from here on fails the test: a refusal must come before parsing."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the record was parsed")

    monkeypatch.setattr(records, "load_document", refuse)


@pytest.mark.parametrize("name", sorted(GAME_RECORDS))
def test_an_oversized_record_of_every_game_is_refused_unparsed(name: str, unparsed: None) -> None:
    text = GAME_RECORDS[name] + "# padding\n" * (records.MAX_RECORD // 10)
    for read in (records.load, records.replay):
        with pytest.raises(NotationError, match="characters long"):
            read(text)


@pytest.mark.parametrize("name", sorted(GAME_RECORDS))
def test_a_key_stuffed_record_of_every_game_is_refused_unparsed(name: str,
                                                                unparsed: None) -> None:
    text = GAME_RECORDS[name] + "".join(f"k{i} = {i}\n" for i in range(records.MAX_KEYS))
    with pytest.raises(NotationError, match="keys"):
        records.load(text)


def test_the_bound_is_the_records_own_not_the_texts() -> None:
    # a .bhh one character over its bound, on the replay path bragkit replay takes
    text = GAME_RECORDS["three-card"]
    text += "#" * (records.MAX_RECORD - len(text) - 1) + "\n"
    assert len(text) == records.MAX_RECORD
    assert records.replay(text).to_json()["winners"] == records.replay(
        GAME_RECORDS["three-card"]).to_json()["winners"]
    with pytest.raises(NotationError, match="at most 1,048,576"):
        records.replay(text + "#")


def test_a_session_record_may_be_long_up_to_the_text_bound(unparsed: None) -> None:
    with pytest.raises(NotationError, match=f"at most ({MAX_TEXT}|{MAX_TEXT:,})"):
        records.load(SESSION + "#" * MAX_TEXT)


@pytest.mark.parametrize("name", sorted(GAME_RECORDS))
def test_a_name_too_long_is_refused_in_every_format(name: str) -> None:
    text = GAME_RECORDS[name].replace('"Ann"', '"' + "A" * (records.MAX_NAME + 1) + '"')
    with pytest.raises(NotationError, match="at most 100"):
        records.load(text)
    with pytest.raises(NotationError, match="at most 100"):
        records.replay(text)


def test_a_session_format_of_a_foreign_digit_is_a_notation_error() -> None:
    text = SESSION.replace('"bhh-session/1"', '"bhh-session/\u2460"')
    with pytest.raises(NotationError, match="not a Brag session record"):
        records.load(text)


def test_bragkit_replay_refuses_them_in_one_line(tmp_path: Path) -> None:
    cases = {
        "big.bhh": GAME_RECORDS["three-card"] + "#\n" * records.MAX_RECORD,
        "keys.toml": GAME_RECORDS["teen-patti"] + "".join(f"k{i} = {i}\n" for i in range(3000)),
        "digit.toml": SESSION.replace('"bhh-session/1"', '"bhh-session/\u2460"'),
    }
    runner = CliRunner()
    for file, text in cases.items():
        path = tmp_path / file
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 2, (file, result.output)
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
