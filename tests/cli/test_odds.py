"""``bragkit odds``: the H9 table, one hand's chances, JSON, and one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bragkit.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["odds", *args])
    return result.exit_code, result.stdout, result.stderr


def test_table_of_h9() -> None:
    """H9: the table with combinations, probability and odds in the sources' style."""
    code, out, _ = run()
    assert code == 0
    for expected in ("Prial of threes", "5524 to 1", "1/460", "459 to 1", "3,744",
                     "16,440", "3 to 1 on", "22,100"):
        assert expected in out


def test_table_as_json() -> None:
    code, out, _ = run("--json")
    document = json.loads(out)
    assert code == 0 and document["total"] == 22100 and document["distinct_strengths"] == 741
    assert [r["combinations"] for r in document["rows"]] == [4, 48, 48, 720, 1096, 3744, 16440]
    assert document["rows"][-1]["odds"] == "3 to 1 on"


def test_table_with_jokers_and_wild_cards_is_exact() -> None:
    """W1: --jokers adds jokers, --wild names wild cards; the counts cover every hand."""
    code, out, _ = run("--jokers", "2", "--json")
    assert code == 0 and json.loads(out)["total"] == 24804
    code, out, _ = run("--wild", "2s,2c", "--json")
    rows = json.loads(out)["rows"]
    assert code == 0 and sum(r["combinations"] for r in rows) == 22100
    assert rows[0]["combinations"] > 4  # wild twos make more prials of threes


def test_table_in_other_orderings() -> None:
    code, out, _ = run("--ordering", "teen-patti")
    assert code == 0 and "Trail of aces" in out and "Pure sequence" in out
    code, out, _ = run("-o", "historic", "--json")
    assert [r["category"] for r in json.loads(out)["rows"]] == [
        "prial", "prial", "pair", "high_card"
    ]


def test_one_hand() -> None:
    code, out, _ = run("Qh Qs 4d")
    assert code == 0
    assert "pair of queens, 4 kicker" in out
    assert "Beats 19,368 of 22,100" in out
    assert "win 16,269 (88.30%), tie 3 (0.02%), lose 2,152 (11.68%)" in out


def test_one_hand_against_several_opponents_is_seeded() -> None:
    args = ("Qh Qs 4d", "--opponents", "3", "--seed", "7", "--trials", "5000")
    code, out, _ = run(*args)
    assert code == 0 and "Against 3 opponents" in out and "±" in out and "seed 7" in out
    assert run(*args)[1] == out
    document = json.loads(run(*args, "--json")[1])
    assert document["opponents"]["count"] == 3 and document["opponents"]["equity_error"] > 0
    assert document["head_to_head"]["win"] == 16269


def test_hand_with_joker_needs_jokers_in_the_pack() -> None:
    code, out, _ = run("Jk Qs 4d", "--jokers", "1")
    assert code == 0 and "pair of queens" in out and "(1 wild)" in out


@pytest.mark.parametrize(
    "args",
    [
        ("Qh Qs 4x",),
        ("Qh Qs",),
        ("Qh Qh 4d",),
        ("Jk Qs 4d",),
        ("--ordering", "poker"),
        ("--wild", "2z"),
        ("--jokers", "-1"),
        ("Qh Qs 4d", "--opponents", "0"),
        ("Qh Qs 4d", "--dead", "Qh"),
        ("Qh Qs 4d", "--opponents", "20"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: tuple[str, ...]) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.startswith("bragkit: ") and err.count("\n") == 1
