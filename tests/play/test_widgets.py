"""The pictures of the table never show a card the viewer may not know (rules D8, BL6, T3)."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.bots import RandomBot, ask
from bragkit.cards import Card, parse_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView
from bragkit.play.cards import card_text, hand_text, plain
from bragkit.play.controls import controls
from bragkit.play.widgets import hand_line, info_line, seats_table

CARD = re.compile(r"[2-9TJQKA][♠♥♦♣]|Jk")


def visible(view: DealView) -> set[str]:
    cards: set[Card] = set(view.hand or ()) | set(view.discards)
    for group in (view.shown, view.face_up):
        for hand in group.values():
            cards.update(hand)
    if view.stock_card is not None:
        cards.add(view.stock_card)
    return {c.pretty for c in cards}


def drawn(view: DealView, rules: Rules) -> str:
    stacks = dict(view.stacks)
    return "\n".join([
        plain(seats_table(view, stacks=stacks, kinds={}, rules=rules)),
        plain(hand_line(view, rules)),
        plain(info_line(view, "stake")),
    ])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       cards=st.sampled_from([3, 4, 5]), stock=st.booleans(), jokers=st.integers(0, 1))
def test_no_hidden_card_is_ever_drawn(seed: int, players: int, cards: int, stock: bool,
                                      jokers: int) -> None:
    rules = Rules(cards=cards, stock_face_up=stock, jokers=jokers, max_bet=6)
    names = [f"P{i}" for i in range(players)]
    deal = Deal(rules, players=names, dealer=names[-1], stacks=[30] * players, rng=seed)
    bot = RandomBot(seed=random.Random(seed))
    while True:
        for viewer in names:
            view = deal.view(viewer)
            shown = set(CARD.findall(drawn(view, rules)))
            assert shown <= visible(view), (viewer, shown - visible(view))
        if deal.over:
            break
        name = deal.to_act
        assert name is not None
        deal.apply(ask(bot, deal, name))


def test_cards_in_colour_and_backs() -> None:
    red, black = card_text(Card.parse("Qh")), card_text(Card.parse("As"))
    assert "red" in str(red.style) and "black" in str(black.style)
    assert hand_text(parse_cards("Qh Qs 4d"), marked=parse_cards("4d")).plain.count("▒") == 0
    assert hand_text(None, count=4).plain.count("▒▒") == 4


def test_keys_follow_the_legal_moves_rules_BL1_B6() -> None:
    deal = Deal(Rules(max_bet=10), players=["You", "Bob"], dealer="Bob", stacks=[20, 20],
                hands={"You": "Qh Qs 4d", "Bob": "As Tc 2d"})
    keys = {c.key: c.label for c in controls(deal.legal_actions("You"))}
    assert keys["b"] == "blind 1..5"  # blind: the bet is a blind bet at half (BL1)
    deal.apply("You look")
    deal.apply("You bet 2")
    deal.apply("Bob bet 2")
    keys = {c.key: c.label for c in controls(deal.legal_actions("You"))}
    assert keys["b"] == "bet 2..10" and keys["s"] == "see 4"  # rule B6
