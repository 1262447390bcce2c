"""The session behind ``bragkit play``: bots, the player's moves, hints, saving, the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from bragkit.errors import IllegalActionError
from bragkit.games.three_card.notation import load
from bragkit.games.three_card.rules import Rules
from bragkit.play.session import PlayError, PlaySession

from .helpers import Scripted, stacked

# You and Bob: Bob deals, so you are dealt first (D6): you Qh Qs 4d, Bob As Tc 2d.
PACK = stacked("Qh As Qs Tc 4d 2d")


def heads_up(*bob: str, **kwargs: object) -> PlaySession:
    return PlaySession(Rules(max_bet=10), bots=[("Bob", Scripted(*bob))], pack=PACK,
                       seed=1, **kwargs)  # type: ignore[arg-type]


def test_a_whole_deal_ending_in_a_see_rule_B6() -> None:
    session = heads_up("Bob bet 2")
    session.start_deal()
    session.act("You look")
    session.act("You bet 2")
    assert [str(a) for a in session.run_bots()] == ["Bob bet 2"]
    session.act("You see 4")
    result = session.deal.result  # type: ignore[union-attr]
    assert result.winners == {"You": 10}
    # the words of the one describe: the hand named by its record (D8), then its cards
    assert "Bob shows high card, A-T-2 (As Tc 2d)" in session.log
    assert "You looked at Qh Qs 4d" in session.log  # your look shows you your cards (BL2)
    assert not any("As Tc 2d" in line for line in session.log[:-4])  # hidden until shown


def test_illegal_moves_raise_with_the_rule_and_change_nothing_rule_B11() -> None:
    session = heads_up("Bob bet 2")
    session.start_deal()
    with pytest.raises(IllegalActionError) as error:
        session.act("You see 4")
    assert error.value.rule in {"B6", "B11"}
    with pytest.raises(PlayError):
        session.act("Bob fold")  # you play only your own seat
    assert session.to_act == "You"


def test_hints_come_from_the_players_view_only() -> None:
    session = heads_up("Bob bet 2")
    session.start_deal()
    assert "have not looked" in session.hint()  # rule BL6
    session.act("You look")
    hint = session.hint()
    # exactly the head-to-head of Qh Qs 4d against a random hand (the odds module)
    assert "win 88.30%" in hint and "exact" in hint


def test_saving_only_finished_deals_and_they_replay(tmp_path: Path) -> None:
    session = heads_up("Bob bet 2")
    session.start_deal()
    with pytest.raises(PlayError):
        session.save(tmp_path)  # its record would show every hidden card
    for text in ("You look", "You bet 2"):
        session.act(text)
    session.run_bots()
    session.act("You see 4")
    path = session.save(tmp_path)
    replayed = load(path).replay()
    assert replayed.result.winners == {"You": 10}


def test_save_dir_saves_every_deal(tmp_path: Path) -> None:
    session = heads_up(save_dir=tmp_path)
    session.start_deal()
    session.act("You fold")
    assert [p.name for p in tmp_path.iterdir()] == ["deal-0001.bhh"]


def test_the_end_shares_a_carried_pot_and_settles_rules_BL3_T1() -> None:
    session = PlaySession(Rules(), bots=[("Bob", Scripted("Bob fold"))], pack=PACK, seed=1)
    session.start_deal()
    session.act("You blind 1")
    session.run_bots()
    assert session.deal.result.carried_pot == 3  # type: ignore[union-attr]
    summary = session.end()
    assert summary.shared == {"You": 2, "Bob": 1}
    assert summary.nets == {"You": 0, "Bob": 0}
    assert [str(p) for p in summary.payments] == []


def test_bots_are_topped_up_and_the_player_must_top_up_rule_M1() -> None:
    session = PlaySession(Rules(ante=5), bots=["random"], stack=5, seed=2)
    session.start_deal()
    while session.in_deal:
        if session.to_act == "You":
            session.act("You fold")
        else:
            session.run_bots()
    with pytest.raises(PlayError, match="top up"):
        session.start_deal()
    session.topup(20)
    session.start_deal()
    assert session.in_deal


def test_stake_line_says_what_the_next_bet_costs_rule_BL1() -> None:
    session = heads_up("Bob blind 2")
    session.start_deal()
    session.act("You blind 1")
    session.run_bots()
    line = session.stake_line()
    assert "stake 4 (open terms)" in line and "your next bet: 2 blind (half, BL1)" in line


def test_the_hint_is_exact_against_two_rule_B8() -> None:
    session = PlaySession(Rules(max_bet=10), bots=[("Bob", Scripted()), ("Cy", Scripted())],
                          pack=stacked("Qh As 7c Qs Tc 7d 4d 2d 7h"), seed=1)
    session.start_deal()
    session.act("You look")
    hint = session.hint()
    assert "Against the 2 still in: best hand 77.96%" in hint and "(exact)" in hint
