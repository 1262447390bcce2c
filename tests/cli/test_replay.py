"""Tests of ``bragkit replay FILE [--json]`` (HAND-HISTORY.md, "Replaying")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from bragkit.cli import app

RECORDS = Path(__file__).parent.parent / "records"

# Action 9 is an open player's see of a blind one (rule BL4), HAND-HISTORY.md's example.
ILLEGAL = """\
format = "bhh/1"
players = ["Andy", "Bill", "Chris"]
dealer = "Chris"
stacks = [50, 50, 50]
actions = [
  "Andy bet 1", "Bill blind 1", "Chris bet 2",
  "Andy bet 2", "Bill blind 1", "Chris bet 4",
  "Andy fold", "Bill blind 2", "Chris see 8",
]

[cards]
hands = { Andy = "As Kd 7c", Bill = "2h 2d 9s", Chris = "Qh Qs 4d" }
"""


def invoke(*args: str) -> Result:
    group = hasattr(typer.main.get_command(app), "commands")
    return CliRunner().invoke(app, ["replay", *args] if group else list(args))


def write(tmp_path: Path, text: str, name: str = "deal.bhh") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def refused(result: Result) -> str:
    """The one line of a refusal: exit status 2, nothing on stdout, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_replay_describes_the_deal() -> None:
    """The seats, each action with the pot after it, the see, the hands shown, who won what."""
    result = invoke(str(RECORDS / "seed-betting-five-players.bhh"))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Eddie deals" in out
    assert "Andy      100" in out
    assert "1. Andy bets 1" in out and "pot 6" in out
    assert "31. Andy pays 20 to see  pot 140" in out
    assert "Andy pays 20 to see Eddie (rule B6)" in out
    assert "Eddie shows pair of queens, 7 kicker (Qs Qd 7s)" in out
    assert "Andy shows flush, A-K-9 (Ah Kh 9h)" in out
    assert "Andy takes 140" in out
    assert result.stderr == ""


def test_replay_describes_carried_pot_retained_hand_and_next_pack() -> None:
    out = invoke(str(RECORDS / "blind-winner.bhh")).stdout
    assert "4 carried to the next deal (BL3)" in out
    assert "Ann keeps the blind hand (R1)" in out
    assert "Next pack, top first (rule D5): Ah Ac Ks" in out  # one spelling of cards
    assert not re.search("[♠♥♦♣]", out)
    assert "7♠ 7♥ Q♣" not in out  # the kept blind hand stays unseen (BL6)


def test_replay_json_has_the_documented_fields() -> None:
    """HAND-HISTORY.md: one JSON object with stacks, carried_pot, winners, shown (cards as
    text), retained, shuffle_next, next_pack; player fields keyed by name."""
    result = invoke(str(RECORDS / "seed-betting-blind.bhh"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stacks"] == {"Andy": 88, "Bill": 166, "Chris": 59, "Dan": 94, "Eddie": 93}
    assert data["carried_pot"] == 0
    assert data["winners"] == {"Bill": 96}
    assert data["shown"] == {"Chris": "Ah Kd Qc", "Bill": "7s 7h 7d"}
    assert data["retained"] is None
    assert data["shuffle_next"] is True  # a prial seen and won (rule D4)
    assert data["next_pack"].split()[:3] == ["As", "Ad", "Ac"]
    assert len(data["next_pack"].split()) == 52


def test_replay_json_of_a_blind_winner() -> None:
    data = json.loads(invoke(str(RECORDS / "blind-winner.bhh"), "--json").stdout)
    assert data["retained"] == "Ann" and data["carried_pot"] == 4 and data["winners"] == {}


def test_every_record_replays_from_the_command_line() -> None:
    for path in sorted(RECORDS.glob("*.bhh")):
        result = invoke(str(path), "--json")
        assert result.exit_code == 0, (path.name, result.output)
        assert set(json.loads(result.stdout)) >= {"stacks", "carried_pot", "winners", "shown",
                                                  "retained", "shuffle_next", "next_pack"}


def test_illegal_action_is_one_line_naming_number_text_and_rule(tmp_path: Path) -> None:
    """HAND-HISTORY.md's example: `action 9 "Chris see 8": Chris cannot see a blind player
    (rule BL4)`."""
    line = refused(invoke(write(tmp_path, ILLEGAL)))
    assert line == 'bragkit: action 9 "Chris see 8": Chris cannot see a blind player (rule BL4)'
    line = refused(invoke(write(tmp_path, ILLEGAL), "--json"))
    assert 'action 9 "Chris see 8"' in line


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('dealer = "Chris"', 'dealer = Chris', "line 3: not valid TOML"),
        ('"Qh Qs 4d"', '"Qh Qx 4d"', "line 12: [cards] hands.Chris: not a card: 'Qx'"),
        ("stacks = [50, 50, 50]", "stacks = [50, 50]", "line 4: stacks: 2 stacks for 3 players"),
        ('format = "bhh/1"', 'format = "bhh/2"', "line 1: format: 'bhh/2' is a newer version"),
        ('format = "bhh/1"', 'format = "pgn/1"', "unknown record format 'pgn/1'"),
        ('format = "bhh/1"', "", "no format key"),
        ('"Andy fold"', '"Andy raise 4"', "action 7 \"Andy raise 4\": unknown verb 'raise'"),
        ('"Andy bet 1"', '"Andy bet 1", "Zed bet 1"', 'action 2 "Zed bet 1": no such player'),
        ("[cards]", "venue = 'pub'\n[cards]", "unknown key 'venue'"),
    ],
)
def test_bad_files_are_one_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in ILLEGAL
    line = refused(invoke(write(tmp_path, ILLEGAL.replace(old, new, 1))))
    assert message in line, line


def test_missing_file_is_one_line(tmp_path: Path) -> None:
    line = refused(invoke(str(tmp_path / "nowhere.bhh")))
    assert line.endswith("nowhere.bhh: no such file")


def test_directory_and_binary_files_are_one_line(tmp_path: Path) -> None:
    assert "is a directory" in refused(invoke(str(tmp_path)))
    path = tmp_path / "binary.bhh"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert "not a text file" in refused(invoke(str(path)))


def test_the_pot_column_stays_aligned_when_you_are_addressed(tmp_path: Path) -> None:
    """(Found as a person) "You look" is a letter shorter than the record's "You looks": the
    actions' pot column stays in line."""
    text = (RECORDS / "four-card-discards.bhh").read_text(encoding="utf-8")
    path = tmp_path / "you.bhh"
    path.write_text(text.replace("Ann", "You"), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert any(" You discard " in row for row in rows)
    assert len({row.index(" pot ") for row in rows}) == 1, rows
