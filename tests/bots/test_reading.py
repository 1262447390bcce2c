"""Reading a view: the menu of legal moves and the public history (rules B1, B3, B6, BL1, BL4)."""

from __future__ import annotations

import pytest

from bragkit.actions import Verb
from bragkit.bots.reading import History, Menu
from bragkit.errors import InvalidActionError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules


def deal_after(*actions: str, **options: object) -> Deal:
    deal = Deal(Rules(max_bet=10, **options), players=["Ann", "Bob"], dealer="Bob",
                stacks=[50, 50], hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    for text in actions:
        deal.apply(text)
    return deal


def test_menu_clamps_bets_into_the_legal_range_rules_B1_B3() -> None:
    menu = Menu(deal_after("Ann bet 4").view("Bob"))
    assert str(menu.bet(2)) == "Bob blind 2"  # blind: half the stake of 4 (BL1)
    assert str(menu.bet(99)) == "Bob blind 5"  # half of max_bet 10
    assert menu.has(Verb.LOOK) and menu.has(Verb.SEE)  # a blind player may see (BL4)


def test_menu_without_a_bet_refuses() -> None:
    deal = deal_after("Ann look", "Ann bet 2", "Bob bet 2", "Ann see 4")
    menu = Menu(deal.view("Ann"))
    with pytest.raises(InvalidActionError):
        menu.bet(2)


def test_history_counts_open_and_blind_bets_and_raises() -> None:
    deal = deal_after("Ann look", "Ann bet 2", "Bob blind 1", "Ann bet 6", "Bob look",
                      "Bob bet 6")
    history = History.of(deal.view("Ann"))
    ann, bob = history.player("Ann"), history.player("Bob")
    assert [(b.index, b.amount, b.raised) for b in ann.open_bets] == [(1, 2, True), (2, 6, True)]
    assert bob.blind_bets == 1 and len(bob.open_bets) == 1 and not bob.open_bets[0].raised
    assert history.stake == 6 and ann.paid == 8 and bob.paid == 7


def test_history_counts_sees_passed_up_rules_B6_BL4() -> None:
    deal = deal_after("Ann look", "Ann bet 2", "Bob look", "Bob bet 2", "Ann bet 2",
                      "Bob bet 2")
    history = History.of(deal.view("Ann"))
    assert history.player("Ann").declined_sees == 1  # she bet where she could have seen
    assert history.player("Bob").declined_sees == 2
    blind = deal_after("Ann look", "Ann bet 2", "Bob blind 1", "Ann bet 2")
    # an open player cannot see a blind one (BL4): Ann passed up nothing
    assert History.of(blind.view("Ann")).player("Ann").declined_sees == 0


def test_other_players_discards_stay_face_down_rule_F1() -> None:
    deal = Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
                hands={"Ann": "Qh Qs 4d 9c", "Bob": "As Tc 2d 3d"})
    deal.apply("Ann discard 4d")
    history = History.of(deal.view("Bob"))
    assert history.player("Ann").looked  # the discard included the look (F2)
