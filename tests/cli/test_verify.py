"""Tests of ``bragkit verify PROOF.json`` (fair shuffles, commit–reveal)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from bragkit.cli import app
from bragkit.fairness import FairnessProof, ShuffleCommitment

SEED = bytes(range(32))


def command_args(*args: str) -> list[str]:
    """``verify`` and its arguments (Typer runs a lone command without its name)."""
    group = hasattr(typer.main.get_command(app), "commands")
    return ["verify", *args] if group else list(args)


def invoke(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, command_args(*args), input=stdin)


def proof(client_seeds: tuple[str, ...] = ("andy", "bill")) -> FairnessProof:
    shuffle = ShuffleCommitment(deal=12, server_seed=SEED)
    shuffle.publish()
    for seed in client_seeds:
        shuffle.add_client_seed(seed)
    return shuffle.reveal()


def write(tmp_path: Path, data: object, name: str = "proof.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def assert_refused(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("bragkit: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert "Traceback" not in result.stderr


def test_verify_a_genuine_proof(tmp_path: Path) -> None:
    genuine = proof()
    result = invoke(write(tmp_path, genuine.to_json()))
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"verified: pack matches commitment {genuine.commitment} "
        "(deal 12, 2 client seeds, 52 cards)\n"
    )


def test_verify_reads_standard_input() -> None:
    result = invoke("-", stdin=proof(("only",)).to_json())
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("verified: pack matches commitment 630dcd29")
    assert "1 client seed," in result.stdout


def test_tampered_pack_is_refused(tmp_path: Path) -> None:
    genuine = proof()
    cards = list(genuine.pack)
    cards[0], cards[1] = cards[1], cards[0]
    result = invoke(write(tmp_path, replace(genuine, pack=tuple(cards)).to_json()))
    assert_refused(result, "not verified: pack does not match the seeds", "card 1 from the top")


def test_tampered_seed_is_refused(tmp_path: Path) -> None:
    genuine = proof()
    result = invoke(write(tmp_path, replace(genuine, server_seed="ab" * 32).to_json()))
    assert_refused(result, "not verified: server seed does not match the commitment")
    result = invoke(write(tmp_path, replace(genuine, server_seed="abc").to_json()))
    assert_refused(result, "not verified: server seed is not 32 bytes of hex")


def test_tampered_commitment_is_refused(tmp_path: Path) -> None:
    genuine = proof()
    result = invoke(write(tmp_path, replace(genuine, commitment="0" * 64).to_json()))
    assert_refused(result, "not verified: server seed does not match the commitment")


@pytest.mark.parametrize("change", [{"client_seeds": ("andy", "bil")}, {"deal": 13}])
def test_tampered_client_seed_or_deal_is_refused(tmp_path: Path, change: dict[str, object]) -> None:
    tampered = replace(proof(), **change)  # type: ignore[arg-type]
    assert_refused(invoke(write(tmp_path, tampered.to_json())), "pack does not match the seeds")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{not json", "not JSON"),
        ("[]", "JSON object"),
        (json.dumps({"format": "bhh/1"}), "has format"),
    ],
)
def test_malformed_files_are_one_line(tmp_path: Path, content: str, fragment: str) -> None:
    assert_refused(invoke(write(tmp_path, content)), fragment)


def test_unreadable_files_are_one_line(tmp_path: Path) -> None:
    assert_refused(invoke(str(tmp_path / "missing.json")), "no such file")
    assert_refused(invoke(str(tmp_path)), "is a directory")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert_refused(invoke(str(binary)), "not a text file")


def test_the_installed_command_runs_without_a_traceback(tmp_path: Path) -> None:
    tampered = replace(proof(), deal=1)
    path = write(tmp_path, tampered.to_json())
    done = subprocess.run(
        [sys.executable, "-m", "bragkit", *command_args(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("bragkit: not verified: pack does not match the seeds")
    assert len(done.stderr.splitlines()) == 1
