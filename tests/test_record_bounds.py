"""Every record reader is bounded by what it reads, on every path (``records.load``,
``records.replay``, ``bragkit replay``): an oversized or key-stuffed record is refused before it
is parsed, a name too long is refused in every format, and nothing but a
:class:`~bragkit.errors.BragError` escapes."""

from __future__ import annotations

import random
import re
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


# -- issue 27, item 4: every reader, every field ---------------------------------------------------

@pytest.fixture
def unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any TOML parse, whole or a deal at a time, fails the test: a refusal comes first."""
    import tomllib

    from bragkit import toml_text

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the record was parsed")

    monkeypatch.setattr(tomllib, "loads", refuse)
    monkeypatch.setattr(toml_text, "_written_part", refuse)


def _readers() -> dict[str, object]:
    """Every format's own reader of text, by format."""
    from bragkit.games.brag_poker import read_brag_poker
    from bragkit.games.crash import CrashRecord
    from bragkit.games.historic import read_historic
    from bragkit.games.nine_card import NineCardRecord
    from bragkit.games.teen_patti_records import read_teen_patti
    from bragkit.games.three_card.notation import read_bhh
    from bragkit.games.three_card.session_records import read_session

    return {"three-card": read_bhh, "nine-card": NineCardRecord.loads,
            "crash": CrashRecord.loads, "single-stake": read_historic,
            "three-stake": read_historic, "brag-poker": read_brag_poker,
            "teen-patti": read_teen_patti, "session": read_session}


@pytest.mark.parametrize("name", [*sorted(GAME_RECORDS), "session"])
def test_every_formats_own_reader_refuses_before_parsing(name: str, unread: None) -> None:
    read = _readers()[name]
    text = SESSION if name == "session" else GAME_RECORDS[name]
    limit = MAX_TEXT if name == "session" else records.MAX_RECORD
    stuffed = text + "".join(f"k{i} = {i}\n" for i in range(records.MAX_KEYS + 1))
    for bad in (text + "#" * limit, stuffed):
        with pytest.raises(NotationError, match=r"characters|keys"):
            read(bad)  # type: ignore[operator]


@pytest.mark.parametrize("name", [*sorted(GAME_RECORDS), "session"])
def test_a_file_over_its_bound_is_refused_unread(name: str, tmp_path: Path) -> None:
    """A 100 MB file (sparse: it takes no disk) naming its format is refused by its size: the
    library's load, each format's own file reader and bragkit replay."""
    text = SESSION if name == "session" else GAME_RECORDS[name]
    path = tmp_path / "big.toml"
    path.write_text(text, encoding="utf-8")
    with path.open("r+b") as file:
        file.truncate(100 * 1024 * 1024)
    with pytest.raises(NotationError, match="104,857,600 bytes long"):
        records.load(path)
    if name in ("three-card", "session"):
        from bragkit.games.three_card import notation, session_records

        with pytest.raises(NotationError, match="bytes long"):
            (notation.load if name == "three-card" else session_records.load)(path)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "bytes long" in result.output


def test_bytes_over_the_bound_are_refused_undecoded() -> None:
    data = GAME_RECORDS["three-card"].encode() + b"#" * records.MAX_RECORD
    with pytest.raises(NotationError, match="bytes long"):
        records.load(data)


def test_a_session_bounds_each_deal_as_a_deal(unread: None) -> None:
    """A session may be long, but what comes before its first deal and each deal are bounded
    as a .bhh record is (1 MiB, 2,000 keys), before any of it is parsed."""
    first = SESSION.index("[[deals]]")
    padded = SESSION[:first] + "#" * records.MAX_RECORD + "\n" + SESSION[first:]
    with pytest.raises(NotationError, match=r"the part before \[\[\[deals\]\]\] is"):
        records.load(padded)
    stuffed = SESSION + "".join(f"k{i} = {i}\n" for i in range(records.MAX_KEYS))
    with pytest.raises(NotationError, match=r"deal \d+ has 2,\d+ keys: a deal of a "
                                            r"bhh-session record holds at most 2,000"):
        records.replay(stuffed)


@pytest.mark.parametrize(("old", "new", "words"), [
    ('seats = ["', 'seats = ["' + "A" * 101 + '", "', "at most 100"),
    ('seats = ["', "seats = [" + '"x", ' * 52 + '"', "at most 52"),
    ("buy_ins = [", "buy_ins = [1000000000001, ", "at most 1000000000000"),
])
def test_a_sessions_seats_and_buy_ins_are_bounded(old: str, new: str, words: str) -> None:
    text = SESSION.replace(old, new, 1)
    assert text != SESSION
    for read in (records.load, records.replay):
        with pytest.raises(NotationError, match=words):
            read(text)


@pytest.mark.parametrize("name", sorted(GAME_RECORDS))
def test_every_string_and_array_of_every_format_is_bounded(name: str) -> None:
    text = GAME_RECORDS[name]
    for bad, words in ((text.replace('"Ann"', '"Ann' + " " * 5000 + '"', 1), "4,096"),
                       (f"x = [{', '.join(['1'] * 65_537)}]\n" + text, "65,536")):
        with pytest.raises(NotationError, match=words):
            records.load(bad)


@pytest.mark.parametrize("name", ["single-stake", "brag-poker", "teen-patti", "nine-card"])
def test_every_format_bounds_its_actions_and_chips(name: str) -> None:
    text = GAME_RECORDS[name]
    start = text.index("actions = [") + len("actions = [")
    many = text[:start] + "\n" + '  "Ann check",\n' * (records.MAX_ACTIONS + 1) + text[start:]
    with pytest.raises(NotationError, match="20,000"):
        records.replay(many)
    if "stacks = [" in text:
        huge = re.sub(r"stacks = \[\d+", "stacks = [1000000000001", text, count=1)
        with pytest.raises(NotationError, match="at most 1000000000000"):
            records.replay(huge)
