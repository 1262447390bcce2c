"""``bragkit solve`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bragkit.cli import app

runner = CliRunner()
SMALL = ["--stakes", "1,2", "--max-bets", "2", "--ranks", "AKQJ"]


def test_solve_prints_the_record_as_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", *SMALL, "-n", "40", "--no-cache", "--json",
                                 "--show", "look", "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["iterations"] == 40
    assert record["abstraction"]["max_bets"] == 2
    assert abs(record["values"][0] + record["values"][1]) < 1e-9
    assert set(record["show"]["actions"]) == {"fold", "bet 1", "bet 2"}
    assert (tmp_path / "s.npz").exists() and (tmp_path / "s.json").exists()


def test_solve_prints_a_summary_and_uses_the_cache(tmp_path: Path) -> None:
    args = ["solve", *SMALL, "-n", "20", "--cache-dir", str(tmp_path), "--show", ""]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "20 iterations" in result.stdout
    assert "exploitability" in result.stdout
    assert "seat 0 (blind)" in result.stdout
    assert list(tmp_path.glob("*.json"))
    again = runner.invoke(app, args)
    assert again.stdout.splitlines()[:4] == result.stdout.splitlines()[:4]


def test_bad_input_is_one_line_and_exit_2() -> None:
    for args in (["--stakes", "2,1"], ["--stakes", "a,b"], ["--max-bets", "0"],
                 ["--iterations", "0"], ["--target", "-1"], ["--cap-rule", "x"],
                 ["--ranks", "AKQ", "--show", "bet 99", "-n", "1", "--no-cache"]):
        result = runner.invoke(app, ["solve", *args])
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("bragkit: ")
