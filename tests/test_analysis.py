"""Tests of :mod:`bragkit.analysis` and ``bragkit analyse RECORD`` (issue 25, item 4)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bragkit.analysis import BotAdviser, _Unseen, analyse, worths
from bragkit.cli import app
from bragkit.games import new
from bragkit.games.protocol import random_action
from bragkit.games.three_card import Deal, Rules
from bragkit.games.three_card.notation import DealRecord, write_bhh

RECORDS = Path(__file__).parent / "records"


def record_of(hands: dict[str, str], actions: list[str]) -> str:
    deal = Deal(Rules(max_bet=20), players=["Ann", "Bob", "Cy"], dealer="Cy",
                stacks=[60, 60, 60], hands=hands)
    for action in actions:
        deal.apply(action)
    return write_bhh(DealRecord.from_deal(deal))


def test_folding_a_prial_after_looking_is_the_costliest_decision_rules_H3_BL2() -> None:
    text = record_of({"Ann": "Ah Ad Ac", "Bob": "7c 5d 2h", "Cy": "9s 8s 3d"},
                     ["Ann look", "Ann fold", "Bob look", "Bob fold"])
    decisions = analyse(text, adviser=BotAdviser("cautious"), rollouts=16, seed=3)
    assert (decisions[0].player, decisions[0].number) == ("Ann", 2)
    fold = decisions[0]
    worth = {str(c.action): c.worth for c in fold.choices}
    assert str(fold.taken) == "Ann fold" and worth["Ann fold"] == 0  # nothing more goes in
    assert fold.cost == pytest.approx(worth[str(fold.best)] - worth["Ann fold"]) and fold.cost > 0
    assert [d.cost for d in decisions] == sorted((d.cost for d in decisions), reverse=True)
    only_bob = analyse(text, adviser=BotAdviser("cautious"), players=["Bob"], rollouts=4)
    assert {d.player for d in only_bob} == {"Bob"} and len(only_bob) == 2


def test_the_rollouts_do_not_know_the_cards_the_player_could_not_see_rules_D8_BL6() -> None:
    """Two records that differ only in Bob's hand, which Ann never saw: Ann's decisions are
    worth the same in both (the rollouts deal Bob's cards again from what Ann did not see)."""
    actions = ["Ann look", "Ann bet 2", "Bob bet 2", "Cy fold", "Ann bet 4"]
    one = record_of({"Ann": "Kh Kd 4c", "Bob": "7c 5d 2h", "Cy": "9s 8s 3d"}, actions)
    two = record_of({"Ann": "Kh Kd 4c", "Bob": "Qs Qc Qd", "Cy": "9s 8s 3d"}, actions)
    adviser = BotAdviser("cautious")
    first = analyse(one, adviser=adviser, players=["Ann"], rollouts=12, seed=5)
    second = analyse(two, adviser=adviser, players=["Ann"], rollouts=12, seed=5)
    assert first == second
    # What Ann saw does count: her own hand, once she has looked (BL2).
    weaker = one.replace('Ann = "Kh Kd 4c"', 'Ann = "2c 4d 6h"')
    assert analyse(weaker, adviser=adviser, players=["Ann"], rollouts=12, seed=5) != first


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["three-card", "four-card",
                                                           "five-card", "teen-patti-order"]),
       players=st.integers(2, 5), steps=st.integers(0, 6))
def test_a_deal_again_keeps_every_card_the_player_saw_in_its_place(
        seed: int, game: str, players: int, steps: int) -> None:
    """The unseen cards are dealt again among themselves: the cards as a whole are the same,
    and every card the player to act sees is where it was (D8, BL6)."""
    rng = random.Random(seed)
    deal = new(game, players=[f"P{i}" for i in range(players)], seed=seed)
    assert isinstance(deal, Deal)
    for _ in range(steps):
        if deal.over:
            return
        deal.apply(random_action(deal, rng))
    if deal.over or deal.to_act is None:
        return
    player = deal.to_act
    record = DealRecord.from_deal(deal)
    again = _Unseen(record, deal, player, ()).deal_again(rng)
    before, after = record.replay(), again.replay()
    assert before.view(player) == after.view(player)
    every = [c for p in before.players for c in before.cards_of(p)]
    assert Counter(every) != Counter() and Counter(record.pack or ()) == Counter(again.pack or ())


def test_worths_of_a_forced_choice_agree_with_the_deal_rules_B2() -> None:
    """Heads-up, Bob folding to Ann's bet hands Ann the pot: folding is worth nothing more."""
    text = record_of({"Ann": "Ah Ad Ac", "Bob": "7c 5d 2h", "Cy": "9s 8s 3d"}, ["Ann look"])
    record = DealRecord.from_deal(DealRecord.start(_parse(text)))
    fold = record.replay().legal_actions("Ann")[0].action()
    assert worths(record, "Ann", [fold], BotAdviser("cautious"), rollouts=3)[fold] == 0


def _parse(text: str) -> DealRecord:
    from bragkit.games.three_card.notation import read_bhh

    return read_bhh(text)


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["analyse", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_command_prints_costliest_first_and_json_for_tools(tmp_path: Path) -> None:
    path = tmp_path / "deal.bhh"
    path.write_text(record_of({"Ann": "Ah Ad Ac", "Bob": "7c 5d 2h", "Cy": "9s 8s 3d"},
                              ["Ann look", "Ann fold", "Bob look", "Bob fold"]))
    code, out, _ = invoke(str(path), "--bot", "cautious", "--rollouts", "8", "--json")
    assert code == 0
    found = json.loads(out)
    assert found["adviser"] == "cautious" and found["rollouts"] == 8
    first = found["decisions"][0]
    assert (first["player"], first["taken"], first["cost"] > 0) == ("Ann", "Ann fold", True)
    code, out, _ = invoke(str(path), "--bot", "cautious", "--rollouts", "4", "-p", "Bob")
    assert code == 0 and "Bob" in out and "Ann" not in out.split("┡")[1]


@pytest.mark.parametrize(("args", "says"), [
    (["-p", "Zed"], "no such player in the record: Zed"),
    (["--rollouts", "0"], "rollouts must be at least 1"),
    (["--bot", "poker"], "unknown bot 'poker'"),
])
def test_bad_requests_are_one_line_and_status_2(args: list[str], says: str) -> None:
    code, out, err = invoke(str(RECORDS / "showdown-split.bhh"), "--bot", "cautious", *args)
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1 and not out


def test_a_record_of_another_game_is_refused_in_one_line(tmp_path: Path) -> None:
    game = new("teen-patti", players=["A", "B", "C"], seed=1)
    rng = random.Random(1)
    while not game.over:
        game.apply(random_action(game, rng))
    path = tmp_path / "teen-patti.toml"
    text = game.record_text()
    assert text is not None
    path.write_text(text)
    code, _, err = invoke(str(path), "--bot", "cautious")
    assert code == 2 and "teen-patti is not of the three-card family" in err
    code, _, err = invoke(str(RECORDS / "nine-card-session-unfinished.toml"), "--bot", "cautious")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_the_learned_bot_advises_by_default_with_its_own_probabilities_rules_F1_R2() -> None:
    """The default adviser is the learned bot, its softmax the probabilities shown; a discard
    (F1) and a kept hand's keep or throw (R2) come by rule, as it plays them."""
    from bragkit.analysis import adviser, default_adviser
    from bragkit.bots.learned import LearnedBot

    advice = adviser(default_adviser())
    assert isinstance(advice, LearnedBot)
    spread = 0
    for name in ("four-card-discards.bhh", "retained-two-hands.bhh", "jokers.bhh"):
        decisions = analyse((RECORDS / name).read_text(), adviser=advice, rollouts=2, seed=1)
        assert decisions
        for decision in decisions:
            assert sum(c.probability for c in decision.choices) == pytest.approx(1.0)
            spread += sum(c.probability > 0 for c in decision.choices) > 1
    assert spread > 0
