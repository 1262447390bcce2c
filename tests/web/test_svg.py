"""Tests of bragkit.web.svg: card pictures as pure functions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bragkit.cards import JOKER, Card, Pack
from bragkit.errors import InvalidCardError
from bragkit.web.svg import back_svg, card_svg, card_title, hand_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_every_card_is_a_well_formed_distinct_picture() -> None:
    pictures = {}
    for card in [*Pack.standard().cards, JOKER]:
        svg = card_svg(card)
        root = ET.fromstring(svg)  # well-formed XML
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 100 140"
        assert root.get("aria-label") == card_title(card)
        pictures[svg] = card
    assert len(pictures) == 53  # no two cards look the same


def test_pictures_are_pure_functions_of_their_arguments() -> None:
    assert card_svg("Qh") == card_svg(Card.parse("Qh")) == card_svg("♥Q")
    assert card_svg("Qh", width=70) != card_svg("Qh")
    assert 'width="70" height="98"' in card_svg("Qh", width=70)


def test_colours_follow_the_suits() -> None:
    for text, red in (("Ah", True), ("Td", True), ("As", False), ("2c", False)):
        assert ("#c62828" in card_svg(text)) is red


def test_the_back_gives_nothing_away_rule_D6() -> None:
    back = card_svg(None)
    assert back == back_svg()
    root = ET.fromstring(back)
    assert root.get("aria-label") == "card face down"
    assert all(rank not in back for rank in ("Qh", "queen", "hearts", "spades"))


def test_a_hand_in_one_picture() -> None:
    root = ET.fromstring(hand_svg(["3s", "3h", "3d"], width=300))
    assert root.get("aria-label") == "three of spades, three of hearts, three of diamonds"
    assert len(root.findall(f"{SVG}svg")) == 3
    assert ET.fromstring(hand_svg([])).get("aria-label") == "no cards"


def test_a_bad_card_is_refused() -> None:
    with pytest.raises(InvalidCardError):
        card_svg("1x")
