"""The table behind ``bragkit play`` with the three-card family (a GameTable, as every game):
bots, the player's moves, hints, saving, the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from bragkit.errors import IllegalActionError
from bragkit.games.three_card.notation import load
from bragkit.play.game_table import GameTable
from bragkit.play.widgets import stake_line
from bragkit.session import SessionError as PlayError

from .helpers import Scripted, stacked

# You and Bob: Bob deals, so you are dealt first (D6): you Qh Qs 4d, Bob As Tc 2d.
PACK = stacked("Qh As Qs Tc 4d 2d")


def plain_cards(line: str) -> str:
    """A log line with its cards in the records' notation (the screen shows suit symbols)."""
    for symbol, letter in zip("♠♥♦♣", "shdc", strict=True):
        line = line.replace(symbol, letter)
    return line


def heads_up(*bob: str, **kwargs: object) -> GameTable:
    return GameTable("three-card", rules={"max_bet": 10}, seated=[("Bob", Scripted(*bob))],
                     pack=PACK, seed=1, **kwargs)  # type: ignore[arg-type]


def test_a_whole_deal_ending_in_a_see_rule_B6() -> None:
    session = heads_up("Bob bet 2")
    session.act("You look")
    session.act("You bet 2")
    assert [str(a) for a in session.run_bots()] == ["Bob bet 2"]
    session.act("You see 4")
    result = session.game.result  # type: ignore[union-attr]
    assert result.winners == {"You": 10}
    # the words of the one describe: the hand named by its record (D8), then its cards
    log = [plain_cards(line) for line in session.log]  # the screen's notation, read back
    assert "Bob shows high card, A-T-2 (As Tc 2d)" in log
    assert "You looked at Qh Qs 4d" in log  # your look shows you your cards (BL2)
    assert not any("As Tc 2d" in line for line in log[:-4])  # hidden until shown


def test_illegal_moves_raise_with_the_rule_and_change_nothing_rule_B11() -> None:
    session = heads_up("Bob bet 2")
    with pytest.raises(IllegalActionError) as error:
        session.act("You see 4")
    assert error.value.rule in {"B6", "B11"}
    with pytest.raises(PlayError):
        session.act("Bob fold")  # you play only your own seat
    assert session.to_act == "You"


def test_hints_come_from_the_players_view_only() -> None:
    session = heads_up("Bob bet 2")
    assert "have not looked" in session.advice.hint()  # rule BL6
    session.act("You look")
    hint = session.advice.hint()
    # exactly the head-to-head of Qh Qs 4d against a random hand (the odds module)
    assert "win 88.30%" in hint and "exact" in hint


def test_saving_only_finished_deals_and_they_replay(tmp_path: Path) -> None:
    session = heads_up("Bob bet 2")
    with pytest.raises(PlayError):
        session.records.save(tmp_path)  # its record would show every hidden card
    for text in ("You look", "You bet 2"):
        session.act(text)
    session.run_bots()
    session.act("You see 4")
    path = session.records.save(tmp_path)
    replayed = load(path).replay()
    assert replayed.result.winners == {"You": 10}


def test_save_dir_saves_every_deal(tmp_path: Path) -> None:
    session = heads_up(save_dir=tmp_path)
    session.act("You fold")
    assert [p.name for p in tmp_path.iterdir()] == ["deal-0001.bhh"]


def test_the_end_shares_a_carried_pot_and_settles_rules_BL3_T1() -> None:
    session = GameTable("three-card", seated=[("Bob", Scripted("Bob fold"))], pack=PACK, seed=1)
    session.act("You blind 1")
    session.run_bots()
    assert session.game.result.carried_pot == 3
    summary = session.summary()
    assert "The carried pot is shared: You 2, Bob 1 (BL3)." in summary
    assert "Ledger: You +0, Bob +0" in summary
    assert summary[-1] == "Settlement: nobody owes anybody."


def test_players_short_of_the_ante_are_topped_up_to_the_buy_in_rule_M1() -> None:
    session = GameTable("three-card", rules={"ante": 5}, bots=["random"], stack=5, seed=2)
    while not session.deal_over:
        if session.to_act == "You":
            session.act("You fold")
        else:
            session.run_bots()
    short = [p for p, n in session.stacks.items() if n < 5]
    assert short  # the folder lost the ante
    session.next_deal()
    assert session.session.in_deal
    assert any(line.startswith(f"{p} tops up") for p in short for line in session.log)
    session.topup(20)  # and the player may add chips at any time (M1)
    assert session.log[-1] == "You top up 20"


def test_stake_line_says_what_the_next_bet_costs_rule_BL1() -> None:
    session = heads_up("Bob blind 2")
    session.act("You blind 1")
    session.run_bots()
    line = stake_line(session.view())
    assert "stake 4 (open terms)" in line and "your next bet: 2 blind (half, BL1)" in line


def test_the_hint_is_exact_against_two_rule_B8() -> None:
    session = GameTable("three-card", rules={"max_bet": 10},
                        seated=[("Bob", Scripted()), ("Cy", Scripted())],
                        pack=stacked("Qh As 7c Qs Tc 7d 4d 2d 7h"), seed=1)
    session.act("You look")
    hint = session.advice.hint()
    assert "Against the 2 still in: best hand 77.96%" in hint and "(exact)" in hint
