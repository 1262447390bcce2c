"""The records of the round-based point games, ``nine-card/1`` and ``crash/1``
(docs/records-nine-card-crash.md; rules N1, N2, C1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Pack, parse_cards
from bragkit.errors import NotationError
from bragkit.games.crash import CrashRecord, CrashRules
from bragkit.games.nine_card import NineCardGame, NineCardRecord, NineCardRules, strong_action
from bragkit.games.points_records import DealRecord, deal_sources, read_header
from bragkit.toml_text import load_document

PLAYERS = ("Ann", "Mary Ann")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.lists(st.text(min_size=1, max_size=12),
                                                       max_size=4))
def test_a_deal_table_reads_back_as_written(seed: int, pack: bool, actions: list[str]) -> None:
    """A [[deals]] entry holds the whole pack, top first, or each player's hand (N2, C1)."""
    cards = Pack.shuffled(random.Random(seed)).cards
    deal = DealRecord(pack=cards, actions=tuple(actions)) if pack else \
        DealRecord(hands={"Ann": cards[:9], "Mary Ann": cards[9:18]}, actions=tuple(actions))
    text = deal.to_toml()
    assert text.startswith("[[deals]]\n")
    table = load_document(text)["deals"][0]
    assert table == deal.to_table()
    assert DealRecord.from_table(table, 1, PLAYERS) == deal


def test_hands_keys_are_quoted_and_actions_one_a_line() -> None:
    deal = DealRecord(hands={"Ann": parse_cards("As Ks Qs")}, actions=("Ann plays As Ks Qs",))
    assert deal.to_toml() == ('[[deals]]\nhands = { "Ann" = "As Ks Qs" }\n'
                              'actions = [\n  "Ann plays As Ks Qs",\n]')
    assert DealRecord(pack=Pack.standard().cards).to_toml().endswith("\nactions = []")


@pytest.mark.parametrize("table, words", [
    ([], "must be a table"),
    ({"pack": "As", "shuffle": 1}, "unknown key(s) shuffle"),
    ({}, "exactly one of pack or hands"),
    ({"pack": "As", "actions": "Ann plays"}, "actions must be a list of strings"),
    ({"pack": 3}, "pack must be a string of cards"),
    ({"hands": {"Ann": 3}}, "hands must map each player"),
    ({"hands": {"Ann": "Xs"}}, "deal 4: "),
])
def test_bad_deal_tables_are_refused_naming_the_deal(table: object, words: str) -> None:
    with pytest.raises(NotationError) as error:
        DealRecord.from_table(table, 4, PLAYERS)
    assert str(error.value).startswith("deal 4: ") and words in str(error.value)


@pytest.mark.parametrize("document, words", [
    ({"format": "crash/1", "players": ["A"], "dealer": "A", "ante": 1}, "unknown key(s): ante"),
    ({"format": "nine-card/1"}, 'format must be "crash/1"'),
    ({"format": "crash/2"}, "not supported"),
    ({"format": "crash/1", "players": "A B"}, "players must be a list"),
    ({"format": "crash/1", "players": ["A"], "dealer": 1}, "dealer must be a player's name"),
    ({"format": "crash/1", "players": ["A"], "dealer": "B"}, "not among the players"),
    ({"format": "crash/1", "players": ["A"], "dealer": "A", "rules": 1}, "[rules]"),
    ({"format": "crash/1", "players": ["A"], "dealer": "A", "deals": {}}, "array of tables"),
])
def test_bad_headers_are_refused(document: dict[str, object], words: str) -> None:
    with pytest.raises(NotationError) as error:
        read_header(document, "crash/1")
    assert words in str(error.value)


def test_a_bad_pack_names_its_deal_rule_n1() -> None:
    good = DealRecord(pack=Pack.standard().cards)
    bad = DealRecord(pack=Pack.standard().cards[:-1])
    assert len(deal_sources([good], 1)) == 1
    with pytest.raises(NotationError, match=r"^deal 2: "):
        deal_sources([good, bad], 1)
    with pytest.raises(NotationError, match=r"^deal 1: "):  # N1: two packs for 6 to 11 players
        deal_sources([good], 2)


def test_a_record_without_deals_writes_no_deals() -> None:
    record = CrashRecord(players=("Ann", "Bob"), dealer="Bob", rules=CrashRules(target=3))
    text = record.dumps()
    assert text == 'format = "crash/1"\nplayers = ["Ann", "Bob"]\ndealer = "Bob"\n\n[rules]\n' \
                   'target = 3\n'
    assert CrashRecord.loads(text) == record
    game = record.replay()
    assert game.awaiting_deal and game.deal_number == 0


def test_rules_are_checked_when_read_rule_n4() -> None:
    text = NineCardRecord(players=("Ann", "Bob"), dealer="Bob").dumps()
    with pytest.raises(NotationError, match=r"^\[rules\]: .*rule N4"):
        NineCardRecord.loads(text.replace("[rules]\n", "[rules]\npoints = [1, 2]\n"))
    with pytest.raises(NotationError, match=r"^\[rules\]: unknown rule option\(s\): ante"):
        NineCardRecord.loads(text.replace("[rules]\n", "[rules]\nante = 1\n"))


def test_deals_after_the_end_of_the_game_are_refused_rule_n7() -> None:
    game = NineCardGame(NineCardRules(target=3), players=["Ann", "Bob"], dealer="Bob", rng=2)
    while not game.over:
        game.apply(strong_action(game, strategy="greedy"))
    record = game.record()
    extra = DealRecord(pack=Pack.standard().cards)
    longer = NineCardRecord(players=record.players, dealer=record.dealer, rules=record.rules,
                            deals=(*record.deals, extra))
    with pytest.raises(NotationError, match=f"deal {len(longer.deals)} was never reached"):
        longer.replay()
    assert NineCardRecord.loads(record.dumps()) == record
