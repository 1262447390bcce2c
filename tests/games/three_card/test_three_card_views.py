"""Views (D8, BL6, T3): what each player may know, as plain JSON-able data."""

from __future__ import annotations

import json

from test_three_card_support import deal_of, play

from bragkit.cards import parse_cards
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView

HANDS = {"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"}


def test_a_view_is_plain_data() -> None:
    """Rule T3: a view is safe to serialise for a browser."""
    deal = deal_of(HANDS)
    play(deal, "Ann look", "Ann bet 2")
    data = deal.view("Ann").to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["hand"] == ["Qh", "Qs", "4d"] and data["to_act"] == "Bob"
    assert data["stacks"] == {"Ann": 97, "Bob": 99, "Cy": 99} and data["pot"] == 5
    assert data["stake"] == 2 and data["blind"] == ["Bob", "Cy"]
    assert data["actions"] == ["Ann look", "Ann bet 2"]
    assert data["legal_actions"][-1] == {
        "player": "Ann", "verb": "topup", "min": 1, "max": None, "hand": None, "discards": 0,
        "text": "Ann topup 1.."}
    assert [a["text"] for a in data["legal_actions"]] == ["Ann agree", "Ann topup 1.."]
    assert isinstance(deal.view("Ann"), DealView)


def test_a_spectator_sees_no_hidden_card_and_no_menu() -> None:
    """Rule D8: a spectator sees only exposed cards, and no player's legal actions."""
    deal = deal_of(HANDS)
    play(deal, "Ann look", "Bob look", "Cy look")
    view = deal.view(None)
    assert view.hand is None and view.legal_actions == ()
    for cards in HANDS.values():
        for card in parse_cards(cards):
            assert f'"{card}"' not in json.dumps(view.to_dict())
    play(deal, "Ann bet 1", "Bob fold", "Cy bet 1", "Ann see 2")
    shown = deal.view(None).to_dict()["shown"]
    assert shown == {"Cy": ["7c", "7d", "7h"]}  # Ann lost the see: not shown
    assert deal.view(None).winners == {"Cy": 7}


def test_each_player_sees_only_their_own_cards() -> None:
    """Rules D8, BL6: a player sees their own cards once looked, never another's."""
    deal = deal_of(HANDS)
    play(deal, "Bob look")
    bob = json.dumps(deal.view("Bob").to_dict())
    assert '"As"' in bob and '"Qh"' not in bob and '"7c"' not in bob
    # not Bob's turn, and Bob has looked: only agreeing to a showdown (B8) and a top-up (M1)
    assert [str(a) for a in deal.view("Bob").legal_actions] == ["Bob agree", "Bob topup 1.."]
    assert [a.verb.value for a in deal.view("Ann").legal_actions][:3] == ["look", "fold",
                                                                         "blind"]


def test_a_retained_two_hand_look_shows_only_that_hand() -> None:
    """Rule R2: the hand just looked at is shown to its holder, the other stays unseen."""
    deal = deal_of({"Ann": "2c 5d 9h", "Bob": "As Tc 3d"}, retained={"Ann": "Ks Kd Kh"})
    play(deal, "Ann look new")
    assert deal.view("Ann").hand == parse_cards("2c 5d 9h")
    assert '"Ks"' not in json.dumps(deal.view("Ann").to_dict())


def test_views_show_the_face_up_hand_and_stock_card() -> None:
    """Rules R3, D9: the face-up hand and the face-up stock card are public."""
    rules = Rules(retained_blind="face-up", stock_face_up=True)
    deal = deal_of({"Ann": "2c 5d 9h", "Bob": "As Tc 3d"}, retained={"Ann": "Ks Kd Kh"},
                   rules=rules)
    data = deal.view(None).to_dict()
    assert data["face_up"] == {"Ann": ["2c", "5d", "9h"]}
    assert data["stock_card"] is None  # hands given: there is no pack to lie face up
