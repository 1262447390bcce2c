"""Independent seeded jobs here or on Ray (bragkit.distribute), and the arena's match spread
over them: the same seed gives exactly the single-process result (rules T1, BL3, N7, C6).

The test that starts Ray (a local instance of two workers, in this process) skips when Ray is
not installed, with the reason; under ``CI=true`` (CI installs the ``test`` extra, which holds
it) that is a failure. It is one test, so that ``pytest -n 2`` starts one Ray instance, not one
per worker; the fixture shuts it down after.
"""

from __future__ import annotations

import json
import operator
import os
import pickle
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import bragkit.arena as arena_module
import bragkit.learn.train as learn_train
from bragkit.arena import play_arena, round_robin, session_lengths
from bragkit.bots import RandomBot
from bragkit.cli import app
from bragkit.distribute import RayAddress, connected, parse_address, run_jobs
from bragkit.errors import BragError
from bragkit.learn.train import Plan, train

runner = CliRunner()

THREE_CARD = ["cautious", "bold", "random", "random"]  # 6 seatings: 6 sessions of 10 deals
NINE_CARD = ["expected", "random", "random"]  # 2 seatings: 2 sessions of 2 games (N7)


@given(st.lists(st.integers(-1000, 1000), max_size=20))
def test_jobs_run_here_give_their_results_in_order(jobs: list[int]) -> None:
    seen: list[tuple[int, int]] = []
    assert run_jobs(abs, jobs, done=lambda i, r: seen.append((i, r))) == [abs(j) for j in jobs]
    assert seen == [(i, abs(j)) for i, j in enumerate(jobs)]
    pairs = [(j, 2) for j in jobs]
    assert run_jobs(pow, pairs, star=True) == [j * j for j in jobs]


def test_addresses_are_read_and_bad_ones_refused() -> None:
    assert parse_address("local:3") == RayAddress(text="local:3", workers=3)
    assert parse_address("local").workers == (os.cpu_count() or 1)
    assert parse_address("local").local and not parse_address("auto").local
    assert parse_address(" ray://head.example:10001 ").text == "ray://head.example:10001"
    assert parse_address("10.0.0.5:6379").workers is None
    for bad in ("local:x", "local:0", "head", "", "ray:10001x"):
        with pytest.raises(BragError, match="--ray"):
            parse_address(bad)


def _shuffled_runner(calls: list[int]) -> Callable[..., list[Any]]:
    """A stand-in for Ray's run_jobs: every job sent as bytes (pickled, as to a worker) and
    played in the reverse order, the results given back in job order."""

    def run(function: Callable[..., Any], jobs: Sequence[Any], *, address: Any = None,
            done: Callable[[int, Any], None] | None = None, star: bool = False) -> list[Any]:
        calls.append(len(jobs))
        found = {}
        for index in reversed(range(len(jobs))):
            job = pickle.loads(pickle.dumps(jobs[index]))
            found[index] = pickle.loads(pickle.dumps(function(*job) if star else function(job)))
            if done is not None:
                done(index, found[index])
        return [found[i] for i in range(len(jobs))]

    return run


@pytest.mark.parametrize(("bots", "game", "deals", "sessions"),
                         [(THREE_CARD, None, 60, 6), (NINE_CARD, "nine-card", 4, 2)])
def test_a_match_is_independent_sessions_in_any_order_rules_BL3_N7(
    bots: list[str], game: str | None, deals: int, sessions: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each session depends on its job alone (pickled, as it would be sent to a worker), so
    played backwards and joined in order they give the single-process result exactly."""
    here = play_arena(bots, deals=deals, seed=9, game=game)
    calls: list[int] = []
    monkeypatch.setattr(arena_module, "run_jobs", _shuffled_runner(calls))
    ticks: list[int] = []
    spread = play_arena(bots, deals=deals, seed=9, game=game, ray="local:2",
                        progress=ticks.append)
    assert spread.to_dict() == here.to_dict() and spread == here
    assert calls == [sessions] and len(session_lengths(deals, sessions)) == sessions
    assert ticks[-1] == deals and ticks == sorted(ticks)  # deals so far, as sessions end
    other = play_arena(bots, deals=deals, seed=10, game=game, ray="local:2")
    assert other.to_dict() != here.to_dict()  # the sessions follow the seed


def test_training_spread_as_jobs_in_any_order_gives_the_same_weights(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each network's deals played as a job of its own (pickled, run in reverse order, as a
    cluster might): the same weights as one batch here (the deals are drawn first)."""
    plan = Plan(seed=5, generations=2, pairs=2, deals=30, every=2, check_deals=30)
    calls: list[int] = []
    monkeypatch.setattr(learn_train, "run_jobs", _shuffled_runner(calls))
    spread = learn_train._train(plan, start=None, report=None, minutes=None, keep=None,
                                on_ray=True)
    assert calls and np.array_equal(spread.network.vector(), train(plan).network.vector())


def test_a_bot_object_does_not_go_to_ray() -> None:
    with pytest.raises(BragError, match="by kind"):
        play_arena([("mine", RandomBot(seed=1)), "cautious"], deals=20, seed=1, ray="local:2")


def test_importing_bragkit_does_not_import_ray() -> None:
    code = ("import sys, bragkit, bragkit.arena, bragkit.distribute, bragkit.cli; "
            "print('ray' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert out.stdout.strip() == "False"


def test_cli_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    result = runner.invoke(app, ["arena", "cautious", "random", "-n", "20", "--ray", "local:2"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "bragkit: Ray is not installed; to use a Ray cluster: pip install 'bragkit[ray]'"]
    assert "Traceback" not in result.output


def _refused(address: str, *more: str) -> str:
    result = runner.invoke(app, ["arena", "cautious", "random", "-n", "20", "--ray", address,
                                 *more])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def test_cli_refuses_a_bad_address_in_one_line() -> None:
    assert "--ray takes local, local:N, auto" in _refused("nowhere")
    assert "--ray plays the checked engine's sessions" in _refused("local", "--sim")


def test_cli_refuses_a_cluster_that_does_not_answer_at_once() -> None:
    """Ray itself would retry for ever; nothing listens on port 1 of this machine."""
    pytest.importorskip("ray", reason="Ray is checked for before the address")
    assert "cannot reach the Ray cluster at '127.0.0.1:1'" in _refused("127.0.0.1:1")
    assert "cannot reach the Ray cluster at 'ray://127.0.0.1:1'" in _refused("ray://127.0.0.1:1")


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    """A local Ray instance of two workers, shut down after the module."""
    try:
        import ray  # noqa: F401
    except ImportError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI installs the test extra, which holds ray, but: {error}")
        pytest.skip(f"needs Ray (pip install 'bragkit[ray]'): {error}")
    with connected("local:2"):
        yield


def test_on_two_ray_workers_the_arena_gives_the_single_process_result_rules_T1_N7(
    ray_cluster: None,
) -> None:
    """A three-card match (six sessions), a points game (Nine Card Brag, two sessions of two
    games: N7), a round robin and the command line, each on the two workers and here."""
    jobs = [os.getpid] * 6
    pids = run_jobs(operator.call, jobs)
    assert os.getpid() not in pids  # Ray's workers ran them
    finished: list[int] = []
    assert run_jobs(pow, [(k, 2) for k in range(12)], star=True,
                    done=lambda i, _: finished.append(i)) == [k * k for k in range(12)]
    assert sorted(finished) == list(range(12))

    for bots, game, deals in [(THREE_CARD, None, 60), (NINE_CARD, "nine-card", 4)]:
        here = play_arena(bots, deals=deals, seed=9, game=game)
        spread = play_arena(bots, deals=deals, seed=9, game=game, ray="local:2")
        assert spread.to_dict() == here.to_dict(), game

    robin = ["cautious", "bold", "random"]
    assert ([r.to_dict() for r in round_robin(robin, deals=30, seed=3, ray="local:2")]
            == [r.to_dict() for r in round_robin(robin, deals=30, seed=3)])

    plan = Plan(seed=4, generations=2, pairs=2, deals=30, every=2, check_deals=30)
    assert np.array_equal(train(plan, ray="local:2").network.vector(),
                          train(plan).network.vector())  # training's rollouts on the workers

    args = ["arena", *THREE_CARD, "-n", "40", "--seed", "2", "--json"]
    plain = runner.invoke(app, args)
    spread_cli = runner.invoke(app, [*args, "--ray", "local:2"])  # the instance running
    assert plain.exit_code == spread_cli.exit_code == 0, spread_cli.output
    assert json.loads(spread_cli.stdout) == json.loads(plain.stdout)


def test_cli_help_names_the_addresses_and_the_extra() -> None:
    text = " ".join(runner.invoke(app, ["arena", "--help"], env={"COLUMNS": "200"}).output
                    .replace("│", " ").split())
    for said in ("--ray", "local:N (N workers)", "auto", "ray://HOST:10001",
                 "pip install 'bragkit[ray]'"):
        assert said in text, said
