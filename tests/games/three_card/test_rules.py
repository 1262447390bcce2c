"""The rules object: every RULES.md option of the three-card family, validated."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import JOKER, Card
from bragkit.errors import RulesError
from bragkit.games.three_card.rules import ORDERINGS, PRESETS, Rules
from bragkit.hands import Ordering


def test_defaults_follow_the_rule_book() -> None:
    """Defaults: ante 1 (D2), min bet 1 and no maximum (B1), double see (B6), blind on (BL1),
    cover (M2), no lending (M4), two hands (R2), prial-seen shuffle (D4), stock face down (D9),
    no wild cards (W1), three cards (F), standard ordering (H10), no buy-in (M1)."""
    rules = Rules()
    assert (rules.ante, rules.min_bet, rules.max_bet, rules.raise_limit) == (1, 1, None, None)
    assert (rules.see_cost, rules.blind, rules.short_money, rules.lending) == (
        "double", True, "cover", False)
    assert (rules.retained_blind, rules.shuffle, rules.stock_face_up) == (
        "two-hands", "prial-seen", False)
    assert (rules.wild, rules.jokers, rules.cards, rules.ordering) == ((), 0, 3, "standard")
    assert (rules.buy_in, rules.dealers_choice, rules.pot_limit) == (0, False, False)
    assert rules.to_dict() == {}
    assert rules.variant == "three-card"


def test_rules_are_frozen_and_keyword_only() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().ante = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules(2)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"min_bet": 5, "max_bet": 2}, "min_bet 5 is more than max_bet 2"),
        ({"ante": -1}, "ante cannot be negative"),
        ({"min_bet": 0}, "min_bet must be at least 1"),
        ({"max_bet": -3}, "max_bet cannot be negative"),
        ({"jokers": -1}, "jokers cannot be negative"),
        ({"buy_in": -5}, "buy_in cannot be negative"),
        ({"ante": 1.5}, "ante must be a whole number"),
        ({"ante": True}, "ante must be a whole number"),
        ({"blind": 1}, "blind must be true or false"),
        ({"see_cost": "triple"}, "see_cost must be one of double, single"),
        ({"short_money": "borrow"}, "short_money must be one of cover, fold"),
        ({"retained_blind": "three-hands"}, "retained_blind must be one of"),
        ({"shuffle": "never"}, "shuffle must be one of"),
        ({"ordering": "poker"}, "ordering must be one of"),
        ({"cards": 6}, "cards must be 3, 4 or 5"),
        ({"raise_limit": 5, "pot_limit": True}, "raise_limit and pot_limit are alternatives"),
        ({"wild": ("Zz",)}, "neither a card nor a rank"),
        ({"wild": ("Jk",)}, "jokers are always wild"),
        ({"wild": ("2", "2")}, "wild names 2 twice"),
        ({"wild": "2c"}, "wild must be a list"),
    ],
)
def test_nonsense_is_a_rules_error(options: dict[str, object], words: str) -> None:
    """Rule B1 limits, option values and wild cards (W1) are validated."""
    with pytest.raises(RulesError, match=words):
        Rules(**options)  # type: ignore[arg-type]


def test_wild_cards_expand_ranks_and_add_the_joker() -> None:
    """Rule W1: named cards, whole ranks and jokers, combined."""
    rules = Rules(wild=("2", "Jh", "js", "10c"), jokers=2)
    assert rules.wild == ("2", "Jh", "Js", "Tc")
    expected = {Card.parse(t) for t in ["2s", "2h", "2d", "2c", "Jh", "Js", "Tc"]} | {JOKER}
    assert rules.wild_cards == expected
    assert Rules(wild=("2c",)).wild_cards == {Card.parse("2c")}
    assert Rules(jokers=1).wild_cards == {JOKER}
    assert Rules().wild_cards == frozenset()


def test_presets() -> None:
    """Four- and five-card Brag (F1, F3) and Teen Patti (H10) are presets; overrides apply."""
    assert Rules.preset("three-card") == Rules()
    assert Rules.preset("four-card") == Rules(cards=4)
    assert Rules.preset("five-card", wild=("2",)) == Rules(cards=5, wild=("2",))
    assert Rules.preset("teen-patti").ordering == "teen-patti"
    assert set(PRESETS) == {"three-card", "four-card", "five-card", "teen-patti"}
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.preset("omaha")
    with pytest.raises(RulesError, match="unknown rules key 'antes'"):
        Rules.preset("four-card", antes=2)


def test_orderings_are_known_to_the_evaluator() -> None:
    """Rule H10: every ordering offered is one the hand evaluator knows."""
    for name in ORDERINGS:
        assert Ordering(name).value == name


def test_from_dict_refuses_unknown_keys_naming_them() -> None:
    with pytest.raises(RulesError, match="unknown rules key 'max_bets'"):
        Rules.from_dict({"max_bets": 3})
    with pytest.raises(RulesError, match="wild must be a list"):
        Rules.from_dict({"wild": [2]})


def test_to_dict_keeps_only_changes_and_round_trips() -> None:
    rules = Rules(max_bet=20, see_cost="single", wild=("2c", "2s"), jokers=2)
    table = rules.to_dict()
    assert table == {"max_bet": 20, "see_cost": "single", "wild": ["2c", "2s"], "jokers": 2}
    assert Rules.from_dict(table) == rules
    assert Rules.from_dict(rules.to_dict(full=True)) == rules
    assert rules.replace(jokers=0).to_dict() == {"max_bet": 20, "see_cost": "single",
                                                  "wild": ["2c", "2s"]}


def test_check_table_counts_the_pack() -> None:
    """Rule D1: two or more players, as many as the pack can deal; a retained hand (R1) holds
    three more cards."""
    rules = Rules()
    rules.check_table(["A", "B"])
    rules.check_table(17)
    with pytest.raises(RulesError, match="two or more"):
        rules.check_table(["A"])
    with pytest.raises(RulesError, match="cannot deal 18 players"):
        rules.check_table(18)
    with pytest.raises(RulesError, match="cannot deal 17 players"):
        rules.check_table(17, retained=True)
    rules.check_table(16, retained=1)
    with pytest.raises(RulesError, match="sit twice"):
        rules.check_table(["A", "A"])
    assert Rules(cards=5).max_players() == 10
    assert Rules(cards=4, jokers=2).max_players(retained=1) == 12
    with pytest.raises(RulesError, match="at most one retained"):
        rules.check_table(4, retained=2)


rule_options = st.fixed_dictionaries(
    {},
    optional={
        "ante": st.integers(0, 5),
        "min_bet": st.integers(1, 5),
        "max_bet": st.integers(5, 50),
        "raise_limit": st.integers(0, 10),
        "see_cost": st.sampled_from(["double", "single"]),
        "blind": st.booleans(),
        "short_money": st.sampled_from(["cover", "fold"]),
        "lending": st.booleans(),
        "retained_blind": st.sampled_from(["two-hands", "face-up"]),
        "shuffle": st.sampled_from(["prial-seen", "always"]),
        "stock_face_up": st.booleans(),
        "wild": st.lists(st.sampled_from(["2", "2c", "Jh", "7", "As"]), unique=True,
                         max_size=3).map(tuple),
        "jokers": st.integers(0, 3),
        "cards": st.sampled_from([3, 4, 5]),
        "ordering": st.sampled_from(ORDERINGS),
        "buy_in": st.integers(0, 100),
        "dealers_choice": st.booleans(),
    },
)


@given(rule_options)
@settings(max_examples=150)
def test_dict_round_trip(options: dict[str, object]) -> None:
    """from_dict(to_dict(r)) == r for any valid rules; to_dict holds no default."""
    rules = Rules.from_dict(options)
    table = rules.to_dict()
    assert Rules.from_dict(table) == rules
    defaults = Rules()
    assert all(getattr(defaults, key) != getattr(rules, key) for key in table)


@pytest.mark.parametrize("options, words", [
    ({"jokers": 200_000_000}, "jokers must be at most 52"),  # rule W1: was accepted
    ({"jokers": 30_000_000}, "jokers must be at most 52"),
    ({"max_bet": 2**63}, "max_bet must be at most 1000000000000 chips"),  # rule B1
    ({"ante": 10**12 + 1}, "ante must be at most"),  # rule D2
    ({"buy_in": 10**5000}, "a number of 16610 bits"),  # rule M1: no 5,000-digit message
    ({"wild": ["2"] * 100}, "wild must be a list"),  # rule W1: at most every rank and card
])
def test_every_count_has_an_upper_bound(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.from_dict(options)


@pytest.mark.parametrize("table", [5, "ante = 1", [("ante", 1)], {1: 2}, {"ordering": ["x"]}])
def test_a_table_of_the_wrong_type_is_a_rules_error(table: object) -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(table)  # type: ignore[arg-type]
