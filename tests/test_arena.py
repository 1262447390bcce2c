"""The arena: bots against bots over many deals, and ``bragkit arena`` (rules T1, D3-D5, BL3)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bragkit.arena import arena_rules, play_arena, round_robin
from bragkit.bots import RandomBot
from bragkit.cli import app
from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules

runner = CliRunner()


def test_same_seed_same_result_and_other_seed_other_result() -> None:
    first = play_arena(["shark", "bold", "random"], deals=60, seed=21)
    assert play_arena(["shark", "bold", "random"], deals=60, seed=21).to_dict() == \
        first.to_dict()
    assert play_arena(["shark", "bold", "random"], deals=60, seed=22).to_dict() != \
        first.to_dict()


def test_chips_are_conserved_and_the_interval_holds_the_mean() -> None:
    result = play_arena(["cautious", "bold", "random", "random"], deals=120, seed=3)
    assert sum(s.net for s in result.scores) == 0
    for score in result.scores:
        assert score.low <= score.per_100 <= score.high
        assert score.per_100 == pytest.approx(score.net / 120 * 100)
    assert [s.name for s in result.scores] == sorted(
        (s.name for s in result.scores), key=lambda n: -next(
            x.per_100 for x in result.scores if x.name == n))
    assert {s.name for s in result.scores} == {"cautious", "bold", "random", "random-2"}


def test_long_runs_use_batches_and_seats_rotate() -> None:
    result = play_arena(["cautious", "random", "bold"], deals=1000, seed=5)
    assert all(s.deals == 1000 for s in result.scores)
    assert result.topups > 0  # rule M1: a broke bot is topped up, not a win


def test_any_agent_object_can_sit() -> None:
    result = play_arena([("mine", RandomBot(seed=1)), "cautious"], deals=20, seed=1)
    assert {s.name for s in result.scores} == {"mine", "cautious"}


def test_four_and_five_card_and_teen_patti_order_games_rules_F1_F3_H10() -> None:
    for game in ("four-card", "five-card", "teen-patti-order"):
        result = play_arena(["shark", "cautious"], deals=15, seed=2, rules=arena_rules(game))
        assert sum(s.net for s in result.scores) == 0


def test_round_robin_plays_every_pair() -> None:
    results = round_robin(["random", "cautious", "bold"], deals=12, seed=4)
    pairs = [tuple(sorted(s.name for s in r.scores)) for r in results]
    assert pairs == [("cautious", "random"), ("bold", "random"), ("bold", "cautious")]


def test_bad_arenas_are_refused() -> None:
    with pytest.raises(BragError):
        play_arena(["shark"], deals=10)
    with pytest.raises(BragError):
        play_arena(["shark", "cautious"], deals=0)
    with pytest.raises(BragError):
        play_arena(["shark", "nobody"], deals=10)


def test_arena_rules_put_the_preset_under_the_overrides() -> None:
    rules = arena_rules("five-card", max_bet=None, see_cost="single")
    assert rules == Rules(cards=5, see_cost="single")


# -- the command ------------------------------------------------------------------------------


def test_cli_json_is_reproducible_from_the_seed() -> None:
    args = ["arena", "shark", "cautious", "--deals", "30", "--seed", "9", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    document = json.loads(first.stdout)
    assert document["deals"] == 30 and document["seed"] == 9
    assert {b["name"] for b in document["bots"]} == {"shark", "cautious"}
    assert sum(b["net"] for b in document["bots"]) == 0
    for bot in document["bots"]:
        low, high = bot["ci95"]
        assert low <= bot["per_100"] <= high
    assert runner.invoke(app, args).stdout == first.stdout


def test_cli_round_robin_json_and_rules() -> None:
    result = runner.invoke(app, ["arena", "random", "bold", "cautious", "--round-robin",
                                 "-n", "6", "--seed", "1", "--json", "--game", "four-card",
                                 "--rules", "max_bet=4", "--rules", "see_cost=single"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert len(document["round_robin"]) == 3
    assert document["round_robin"][0]["rules"] == {"max_bet": 4, "see_cost": "single",
                                                   "cards": 4}


def test_cli_prints_a_table() -> None:
    result = runner.invoke(app, ["arena", "cautious", "random", "-n", "10", "--seed", "2"])
    assert result.exit_code == 0
    assert "chips / 100 deals" in result.stdout and "cautious" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["nobody", "shark"], "unknown bot 'nobody'"),
    (["shark", "bold", "--rules", "max_bet=lots"], "max_bet must be a whole number"),
    (["shark", "bold", "--rules", "nonsense"], "KEY=VALUE"),
    (["shark", "bold", "--game", "poker"], "unknown game 'poker'"),
    (["cautious", "random", "--game", "brag-poker"], "unknown bot 'cautious' for brag-poker"),
    (["expected", "random", "--game", "crash", "--rules", "target=0"], "target must be"),
    (["shark", "bold", "--deals", "0"], "--deals must be at least 1"),
    (["shark", "--round-robin"], "two or more"),
    (["shark", "random", "--sim"], "--sim plays only the bots random, cautious, bold, not shark"),
    (["random", "bold", "--sim", "-g", "four-card"], "three-card Brag only, not four-card"),
    (["expected", "random", "--sim", "-g", "crash"], "--sim plays the three-card family only"),
])
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


# --- every game of the registry, at a session -------------------------------------------------

STAKE_GAMES = ("single-stake", "three-stake", "brag-poker", "teen-patti")
POINTS_GAMES = ("nine-card", "crash")


@pytest.mark.parametrize("game", STAKE_GAMES)
def test_a_stake_game_conserves_chips_and_replays_from_its_seed_rule_T1(game: str) -> None:
    result = play_arena(["equity", "random", "random"], game=game, deals=30, seed=4)
    assert result.unit == "chips" and result.game == game
    assert sum(s.net for s in result.scores) == 0
    assert all(s.deals == 30 for s in result.scores)
    for score in result.scores:
        assert score.per_100 == pytest.approx(score.net / 30 * 100)
        assert score.low <= score.per_100 <= score.high
    again = play_arena(["equity", "random", "random"], game=game, deals=30, seed=4)
    assert again.to_dict() == result.to_dict()


def test_a_points_game_counts_games_and_scores_their_money_rules_N4_N7() -> None:
    """``deals`` games, each to its target (N7): a bot's score is the money it won a game
    (per 100), the measure of its net, so the two agree in sign; the points it made are per
    deal of the engine (heads-up each round gives 3 and 2 points, N4: 15 a deal)."""
    result = play_arena(["expected", "random"], game="nine-card", deals=12, seed=6)
    assert (result.deals, result.per, result.unit) == (12, "game", "chips")
    assert all(s.deals == 12 for s in result.scores)
    assert result.engine_deals is not None and result.engine_deals > 12  # two or more a game
    assert sum(s.net for s in result.scores) == 0  # the money of the games (N7)
    for score in result.scores:
        assert score.per_100 == pytest.approx(score.net / 12 * 100)
        assert (score.per_100 > 0) == (score.net > 0)
    points = [s.points_per_deal for s in result.scores]
    assert all(p is not None and p > 0 for p in points)
    assert sum(p for p in points if p is not None) == pytest.approx(15)
    assert result.title() == f"12 games of nine-card ({result.engine_deals} deals)"
    assert result.to_dict()["per"] == "game"


def test_crash_plays_as_many_games_as_asked_rules_C5_C6() -> None:
    seen: list[int] = []
    result = play_arena(["expected", "random"], game="crash", deals=3, seed=1,
                        progress=seen.append)
    assert result.deals == 3 and seen == [1, 2, 3]
    assert all((s.per_100 > 0) == (s.net > 0) for s in result.scores)


@pytest.mark.parametrize(("game", "strong", "deals"), [
    ("nine-card", "expected", 20), ("crash", "expected", 8),
    ("single-stake", "equity", 400), ("three-stake", "equity", 400),
    ("brag-poker", "equity", 400), ("teen-patti", "equity", 400),
])
def test_the_strong_bot_of_each_game_beats_random(game: str, strong: str, deals: int) -> None:
    result = play_arena([strong, "random"], game=game, deals=deals, seed=1)
    best, worst = result.scores
    assert best.name == strong and best.low > worst.high


def test_expected_score_beats_greedy_at_nine_card_brag() -> None:
    result = play_arena(["expected", "greedy"], game="nine-card", deals=150, seed=2)
    assert result.scores[0].name == "expected"


def test_the_arena_refuses_a_bot_of_another_game_and_a_crowded_table() -> None:
    with pytest.raises(BragError, match="does not play brag-poker"):
        play_arena(["cautious", "random"], game="brag-poker", deals=5, seed=1)
    with pytest.raises(BragError, match="seats 2 to 4"):
        play_arena(["random"] * 5, game="crash", deals=5, seed=1)


def test_cli_plays_every_game_and_names_its_unit() -> None:
    result = runner.invoke(app, ["arena", "-g", "crash", "-n", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "3 games of crash (" in result.stdout  # as many games as asked, and their deals
    assert "chips / 100 games" in result.stdout and "points / deal" in result.stdout
    for name in ("random", "expected", "greedy"):  # every bot of the game by default
        assert name in result.stdout
    result = runner.invoke(app, ["arena", "equity", "random", "-g", "single-stake", "-n", "8",
                                 "--seed", "1", "--json", "--rules", "max_stake=4"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["game"] == "single-stake" and document["unit"] == "chips"
    assert document["rules"]["max_stake"] == 4
    assert sum(b["net"] for b in document["bots"]) == 0


def test_cli_plays_teen_patti_with_its_bots_rules_TP3_TP5() -> None:
    result = runner.invoke(app, ["arena", "-g", "teen-patti", "-n", "30", "--seed", "3",
                                 "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["game"] == "teen-patti" and document["unit"] == "chips"
    kinds = {b["kind"] for b in document["bots"]}
    assert kinds == {"random", "equity", "always-chaal"}  # every bot of its registry entry
    assert sum(b["net"] for b in document["bots"]) == 0  # no carried pots (TP7)


def test_a_generic_player_object_can_sit_at_the_three_card_table() -> None:
    from bragkit.bots import make_player

    mine = make_player("random", game="crash", seed=1)  # the universal random: no discards
    result = play_arena([("mine", mine), "cautious"], deals=20, seed=1)
    assert sum(s.net for s in result.scores) == 0


def test_cli_plays_the_engine_and_the_simulator_on_request() -> None:
    """The engine plays unless ``--sim`` asks for the simulator, whose output says so (it
    leaves nothing of the engine's game out since issue #25: R1-R3, D4, D5, M2, M3)."""
    from bragkit.sim.arena import play_batched_arena

    args = ["arena", "cautious", "random", "-n", "200", "--seed", "4", "--json"]
    checked = json.loads(runner.invoke(app, args).stdout)
    engine = play_arena(["cautious", "random"], deals=200, rules=arena_rules(), seed=4)
    assert checked == json.loads(json.dumps(engine.to_dict()))
    assert checked["played_on"] == "engine" and "left_out" not in checked
    assert json.loads(runner.invoke(app, [*args, "--engine"]).stdout) == checked
    simulated = json.loads(runner.invoke(app, [*args, "--sim"]).stdout)
    expected = play_batched_arena(["cautious", "random"], deals=200, rules=arena_rules(),
                                  seed=4).to_dict()
    assert simulated == json.loads(json.dumps(expected))
    assert simulated["played_on"] == "simulator" and "left_out" not in simulated
    text = runner.invoke(app, ["arena", "cautious", "random", "-n", "200", "--seed", "4",
                               "--sim", "--rules", "blind=false"]).stdout
    assert "on the simulator" in " ".join(text.split())
