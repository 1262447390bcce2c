"""The ``.bhh`` record (HAND-HISTORY.md): the document model, checking, writing and replaying.

Records replayed here live in ``tests/records/``; the two betting examples of the seed text
(seeds/002) are replayed round by round with the pot and stacks checked.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, Verb
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import IllegalActionError, NotationError
from bragkit.games.protocol import Operation
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.notation import (
    FORMAT,
    DealRecord,
    FieldError,
    dump,
    key_line,
    load,
    parse_toml,
    read_bhh,
    write_bhh,
)
from bragkit.games.three_card.operations import Acted
from bragkit.games.three_card.rules import Rules
from strategies import house_rules

RECORDS = Path(__file__).parents[2] / "records"

SMALL = """\
# a comment before the keys
format = "bhh/1"
variant = "three-card"
players = ["Ann", "Bob", "Cy"]
dealer = "Cy"                     # Ann bets first
stacks = [30, 30, 30]
carried_pot = 0
actions = ["Ann bet 2", "Bob fold", "Cy bet 2", "Ann see 4"]

[rules]
max_bet = 10

[cards]
hands = { Ann = "Qh Qs 4d", Bob = "2h 3d 9s", Cy = "As Kd 7c" }
"""


def small_document(**changes: Any) -> dict[str, Any]:
    """The parsed SMALL record with top-level keys changed (None deletes a key)."""
    document = tomllib.loads(SMALL)
    for key, value in changes.items():
        if value is None:
            document.pop(key, None)
        else:
            document[key] = value
    return document


def small_text(old: str, new: str) -> str:
    assert old in SMALL, old
    return SMALL.replace(old, new, 1)


# -- the document model ------------------------------------------------------------------------


def test_small_record_reads_every_key() -> None:
    record = DealRecord.from_document(small_document())
    assert record.format == FORMAT == "bhh/1"
    assert record.variant == "three-card"
    assert record.players == ("Ann", "Bob", "Cy")
    assert record.dealer == "Cy"
    assert record.stacks == (30, 30, 30)
    assert record.carried_pot == 0
    assert [str(a) for a in record.actions] == ["Ann bet 2", "Bob fold", "Cy bet 2", "Ann see 4"]
    assert record.rules == Rules(max_bet=10)
    assert record.hands == {"Ann": parse_cards("Qh Qs 4d"), "Bob": parse_cards("2h 3d 9s"),
                            "Cy": parse_cards("As Kd 7c")}
    assert record.pack is None and record.retained is None


def test_optional_keys_take_their_defaults() -> None:
    """carried_pot defaults to 0 (rule BL3), actions to none, [rules] to RULES.md's defaults,
    variant to the one rules.cards makes."""
    document = small_document(carried_pot=None, actions=None, rules=None, variant=None)
    record = DealRecord.from_document(document)
    assert record.carried_pot == 0
    assert record.actions == ()
    assert record.rules == Rules()
    assert record.variant == "three-card"


def test_record_is_frozen_and_keyword_only() -> None:
    record = DealRecord.from_document(small_document())
    with pytest.raises(AttributeError):
        record.dealer = "Ann"  # type: ignore[misc]
    with pytest.raises(TypeError):
        DealRecord("bhh/1")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "cards",
    ["Qh Qs 4d", "Q♥ Q♠ 4♦", "♥Q ♠Q ♦4", "QhQs4d", "qh qs 4d", "Q♥,Q♠,4♦"],
)
def test_card_notations_accepted(cards: str) -> None:
    """HAND-HISTORY.md: rank then suit, suit symbols before or after the rank."""
    text = small_text('Ann = "Qh Qs 4d"', f'Ann = "{cards}"')
    record = DealRecord.from_document(tomllib.loads(text))
    assert record.hands is not None
    assert record.hands["Ann"] == parse_cards("Qh Qs 4d")


def test_ten_written_as_10() -> None:
    text = small_text('Cy = "As Kd 7c"', 'Cy = "10s 10d 7c"')
    record = DealRecord.from_document(tomllib.loads(text))
    assert record.hands is not None and format_cards(record.hands["Cy"]) == "Ts Td 7c"
    assert 'Cy = "Ts Td 7c"' in write_bhh(record)


def test_hands_as_a_subtable_read_like_the_inline_table() -> None:
    text = small_text('hands = { Ann = "Qh Qs 4d", Bob = "2h 3d 9s", Cy = "As Kd 7c" }',
                      '[cards.hands]\nAnn = "Qh Qs 4d"\nBob = "2h 3d 9s"\nCy = "As Kd 7c"')
    assert (DealRecord.from_document(tomllib.loads(text))
            == DealRecord.from_document(small_document()))


def test_names_with_spaces_and_quotes() -> None:
    document = small_document(players=["Mary Ann", 'Bob "B"', "Cy"], dealer="Cy",
                              actions=["Mary Ann bet 2", 'Bob "B" fold'])
    document["cards"]["hands"] = {"Mary Ann": "Qh Qs 4d", 'Bob "B"': "2h 3d 9s",
                                  "Cy": "As Kd 7c"}
    record = DealRecord.from_document(document)
    text = write_bhh(record)
    assert '"Mary Ann" = "Qh Qs 4d"' in text
    assert DealRecord.from_document(tomllib.loads(text)) == record
    assert write_bhh(DealRecord.from_document(tomllib.loads(text))) == text


def test_every_rules_option_is_read_and_written() -> None:
    """Every option of RULES.md (the fields of Rules) goes through [rules] and back."""
    options = {"ante": 2, "min_bet": 2, "max_bet": 40, "pot_limit": True, "see_cost": "single",
               "blind": False, "short_money": "fold", "lending": True,
               "retained_blind": "face-up", "shuffle": "always", "stock_face_up": True,
               "wild": ["2c", "2s"], "jokers": 2, "ordering": "teen-patti", "buy_in": 50,
               "dealers_choice": True}
    document = small_document(rules=options)
    document["cards"] = {"pack": str(Pack.standard(jokers=2))}
    record = DealRecord.from_document(document)
    assert record.rules == Rules.from_dict(options)
    assert record.rules.wild == ("2c", "2s") and record.rules.jokers == 2
    again = DealRecord.from_document(tomllib.loads(write_bhh(record)))
    assert again == record
    raise_limit = DealRecord.from_document(small_document(rules={"raise_limit": 4}))
    assert raise_limit.rules.raise_limit == 4
    assert "raise_limit = 4" in write_bhh(raise_limit)


@pytest.mark.parametrize(("variant", "size"), [("four-card", 4), ("five-card", 5)])
def test_four_and_five_card_variants(variant: str, size: int) -> None:
    """Rules F1, F3: the variant sets how many cards a hand holds."""
    document = small_document(variant=variant, actions=[])
    cards = Pack.standard().cards
    document["cards"]["hands"] = {name: format_cards(cards[i * size:(i + 1) * size])
                                  for i, name in enumerate(["Ann", "Bob", "Cy"])}
    record = DealRecord.from_document(document)
    assert record.rules.cards == size and record.variant == variant
    text = write_bhh(record)
    assert f'variant = "{variant}"' in text and "cards =" not in text
    assert DealRecord.from_document(tomllib.loads(text)) == record


def test_variant_taken_from_rules_cards_when_left_out() -> None:
    document = small_document(variant=None, actions=[], rules={"cards": 4})
    document["cards"] = {"pack": str(Pack.standard())}
    assert DealRecord.from_document(document).variant == "four-card"


def test_record_built_in_code_takes_the_variant_of_its_rules() -> None:
    record = DealRecord(players=("Ann", "Bob"), dealer="Bob", stacks=(5, 5),
                        rules=Rules.preset("five-card"), pack=Pack.standard().cards)
    assert record.variant == "five-card"


def test_pack_form_and_retained_hand() -> None:
    """Rule R1: the retained hand is out of the pack; pack and hand make a whole pack."""
    held = parse_cards("Qs 9d 4c")
    rest = [c for c in Pack.standard().cards if c not in held]
    document = small_document(actions=[], carried_pot=6)
    document["cards"] = {"pack": format_cards(rest), "retained": {"Ann": "Qs 9d 4c"}}
    record = DealRecord.from_document(document)
    assert record.retained == {"Ann": held}
    assert record.pack == tuple(rest)
    text = write_bhh(record)
    assert 'retained = { Ann = "Qs 9d 4c" }' in text
    assert DealRecord.from_document(tomllib.loads(text)) == record


def test_jokers_in_the_pack() -> None:
    """Rule W1: jokers are in the pack only as many as the rules add."""
    document = small_document(actions=[], rules={"jokers": 2})
    document["cards"] = {"pack": "Jk " + str(Pack.standard()) + " Jk"}
    record = DealRecord.from_document(document)
    assert record.pack is not None and record.pack.count(Card.parse("Jk")) == 2


# -- refusing invalid documents ------------------------------------------------------------------

INVALID: list[tuple[str, dict[str, Any], str]] = [
    ("no format", {"format": None}, "format: missing"),
    ("future version", {"format": "bhh/2"}, "newer version than this bragkit reads"),
    ("other format", {"format": "pgn/1"}, "not a Brag hand history"),
    ("no version", {"format": "bhh/x"}, "no version number"),
    ("unknown top-level key", {"venue": "pub"}, "unknown key 'venue'"),
    ("unknown variant", {"variant": "nine-card"}, "variant: 'nine-card' is not one of"),
    ("no players", {"players": None}, "players: missing"),
    ("players not a list", {"players": "Ann Bob"}, "players: must be an array"),
    ("one player", {"players": ["Ann"], "stacks": [3]}, "two or more (rule D1)"),
    ("player twice", {"players": ["Ann", "Ann", "Cy"]}, "'Ann' sits twice"),
    ("empty name", {"players": ["Ann", "", "Cy"]}, "'' is not a name"),
    ("name not a string", {"players": ["Ann", 2, "Cy"]}, "2 is not a string"),
    ("ambiguous names", {"players": ["Ann", "Ann bet", "Cy"]}, "'Ann bet' reads as 'Ann'"),
    ("dealer not seated", {"dealer": "Dan"}, "dealer: 'Dan' is not one of the players"),
    ("no dealer", {"dealer": None}, "dealer: missing"),
    ("stacks short", {"stacks": [30, 30]}, "stacks: 2 stacks for 3 players"),
    ("stack negative", {"stacks": [30, -1, 30]}, "-1 is not a whole number of chips"),
    ("stack not int", {"stacks": [30, 1.5, 30]}, "1.5 is not a whole number of chips"),
    ("stack bool", {"stacks": [30, True, 30]}, "True is not a whole number of chips"),
    ("carried pot", {"carried_pot": -2}, "carried_pot: -2 is not a whole number"),
    ("actions not a list", {"actions": "Ann fold"}, "actions: must be an array"),
    ("action not a string", {"actions": ["Ann bet 2", 3]}, "action 2 3: an action is a string"),
    ("unknown verb", {"actions": ["Ann bet 2", "Bob raise 4"]},
     "action 2 \"Bob raise 4\": unknown verb 'raise'"),
    ("unknown player", {"actions": ["Dan bet 2"]}, 'action 1 "Dan bet 2": no such player'),
    ("no amount", {"actions": ["Ann bet"]}, 'action 1 "Ann bet": bet needs one whole amount'),
    ("bad discard", {"actions": ["Ann discard Xx"]}, 'action 1 "Ann discard Xx": not a card'),
    ("unknown rule", {"rules": {"maxbet": 3}}, "unknown rules key 'maxbet'"),
    ("bad rule value", {"rules": {"see_cost": "triple"}}, "see_cost must be one of"),
    ("rules not a table", {"rules": 3}, "rules: must be a table"),
    ("variant against rules", {"variant": "four-card", "rules": {"cards": 3}},
     "3 cards do not make the variant 'four-card'"),
    ("no cards", {"cards": None}, "cards: missing"),
    ("cards not a table", {"cards": "As Ks"}, "cards: must be a table"),
    ("both pack and hands", {"cards": {"pack": str(Pack.standard()),
                                       "hands": {"Ann": "As Ks Qs"}}}, "not both"),
    ("neither pack nor hands", {"cards": {"retained": {"Ann": "As Ks Qs"}}},
     "give pack or hands"),
    ("unknown cards key", {"cards": {"deck": "As"}}, "[cards] deck: unknown key"),
    ("pack incomplete", {"cards": {"pack": "As Ks Qs"}}, "pack is missing 49 cards"),
    ("pack duplicate", {"cards": {"pack": "As " + str(Pack.standard())}},
     "duplicate card: As"),
    ("pack with a joker not in the rules", {"cards": {"pack": str(Pack.standard()) + " Jk"}},
     "duplicate card: Jk"),
    ("pack not a string", {"cards": {"pack": ["As", "Ks"]}}, "must be a string of cards"),
    ("bad card in pack", {"cards": {"pack": "As Kx"}}, "[cards] pack: not a card: 'Kx'"),
    ("hand missing", {"cards": {"hands": {"Ann": "Qh Qs 4d", "Bob": "2h 3d 9s"}}},
     "no hand for Cy"),
    ("hand too small", {"cards": {"hands": {"Ann": "Qh Qs", "Bob": "2h 3d 9s",
                                            "Cy": "As Kd 7c"}}},
     "[cards] hands.Ann: 2 cards, a hand has 3"),
    ("hand of a stranger", {"cards": {"hands": {"Ann": "Qh Qs 4d", "Bob": "2h 3d 9s",
                                                "Cy": "As Kd 7c", "Dan": "2c 3c 4c"}}},
     "'Dan' is not one of the players"),
    ("hands share a card", {"cards": {"hands": {"Ann": "Qh Qs 4d", "Bob": "2h 3d Qs",
                                                "Cy": "As Kd 7c"}}}, "Qs dealt twice"),
    ("bad card in a hand", {"cards": {"hands": {"Ann": "Qh Qs 4z", "Bob": "2h 3d 9s",
                                                "Cy": "As Kd 7c"}}},
     "[cards] hands.Ann: not a card: '4z'"),
    ("joker not in the rules", {"cards": {"hands": {"Ann": "Qh Qs Jk", "Bob": "2h 3d 9s",
                                                    "Cy": "As Kd 7c"}}},
     "1 jokers, the rules add 0"),
    ("retained shares a card", {"cards": {"hands": {"Ann": "Qh Qs 4d", "Bob": "2h 3d 9s",
                                                    "Cy": "As Kd 7c"},
                                          "retained": {"Ann": "Qh 5d 6d"}}}, "Qh dealt twice"),
    ("two retained hands", {"cards": {"hands": {"Ann": "Qh Qs 4d", "Bob": "2h 3d 9s",
                                                "Cy": "As Kd 7c"},
                                      "retained": {"Ann": "5s 5d 6d", "Bob": "8s 8d 8c"}}},
     "only one player can keep a blind hand (rule R1)"),
    ("retained hand with a whole pack", {"cards": {"pack": str(Pack.standard()),
                                                   "retained": {"Ann": "As Ks Qs"}}},
     "duplicate card: Qs Ks As"),
]


@pytest.mark.parametrize(("changes", "message"), [(c, m) for _, c, m in INVALID],
                         ids=[name for name, _, _ in INVALID])
def test_invalid_documents_are_refused(changes: dict[str, Any], message: str) -> None:
    document = small_document()
    for key, value in changes.items():
        if value is None:
            document.pop(key, None)
        else:
            document[key] = value
    with pytest.raises(NotationError) as caught:
        DealRecord.from_document(document)
    assert message in str(caught.value)


def test_unknown_top_level_keys_are_all_named() -> None:
    with pytest.raises(FieldError, match="unknown keys 'venue', 'date'"):
        DealRecord.from_document(small_document(venue="pub", date="today"))


def test_future_version_says_to_upgrade() -> None:
    with pytest.raises(NotationError, match=r"'bhh/2' is a newer version .* upgrade bragkit"):
        DealRecord.from_document(small_document(format="bhh/2"))


def test_bad_key_in_a_file_names_its_line() -> None:
    """HAND-HISTORY.md: a malformed file is refused with a message naming the line at fault."""
    cases = [
        (small_text("stacks = [30, 30, 30]", "stacks = [30, 30]"), 6, "stacks: 2 stacks"),
        (small_text('Bob = "2h 3d 9s"', 'Bob = "2h 3d 9x"'), 14, "hands.Bob: not a card"),
        (small_text("max_bet = 10", "max_bet = 0"), 11, "max_bet"),
        (small_text('dealer = "Cy"', 'dealer = "Dan"'), 5, "dealer: 'Dan'"),
        (small_text('format = "bhh/1"', 'format = "bhh/9"'), 2, "newer version"),
        # a key after a table header belongs to that table (TOML)
        (SMALL + "venue = 'pub'\n", 15, "[cards] venue: unknown key"),
        ("venue = 'pub'\n" + SMALL, 1, "unknown key 'venue'"),
    ]
    for text, line, message in cases:
        with pytest.raises(NotationError) as caught:
            read_bhh(text)
        assert str(caught.value).startswith(f"line {line}: "), (str(caught.value), line)
        assert message in str(caught.value)


def test_toml_syntax_error_names_its_line() -> None:
    text = small_text("dealer = \"Cy\"", "dealer = Cy")
    with pytest.raises(NotationError, match=r"^line 5: not valid TOML: .*\(column \d+\)$"):
        read_bhh(text)
    with pytest.raises(NotationError, match=r"^line 5: not valid TOML"):
        parse_toml(text)


def test_key_line_finds_keys_in_tables_and_inline_tables() -> None:
    assert key_line(SMALL, ("players",)) == 4
    assert key_line(SMALL, ("rules", "max_bet")) == 11
    assert key_line(SMALL, ("cards", "hands", "Cy")) == 14
    assert key_line(SMALL, ("cards",)) == 13
    assert key_line(SMALL, ("rules", "ante")) is None
    sub = '[cards.hands]\nAnn = "As"\n"Mary Ann" = "Ks"\n'
    assert key_line(sub, ("cards", "hands", "Mary Ann")) == 3


# -- writing -------------------------------------------------------------------------------------


def test_written_text_has_documented_key_order() -> None:
    """HAND-HISTORY.md: top-level keys first (in TOML a key after a table header belongs to it),
    in the documented order, then [rules] and [cards]."""
    text = write_bhh(DealRecord.from_document(small_document()))
    keys = re.findall(r"^(\w+) =|^\[(\w+)\]", text, flags=re.MULTILINE)
    order = [a or b for a, b in keys]
    assert order == ["format", "variant", "players", "dealer", "stacks", "carried_pot",
                     "actions", "rules", "max_bet", "cards", "hands"]
    assert text.startswith('format = "bhh/1"\n')
    assert 'players = ["Ann", "Bob", "Cy"]' in text


def test_write_read_write_is_identical_text() -> None:
    record = DealRecord.from_document(small_document())
    text = write_bhh(record)
    assert DealRecord.from_document(tomllib.loads(text)) == record
    assert write_bhh(DealRecord.from_document(tomllib.loads(text))) == text


def test_empty_actions_written_as_an_empty_array() -> None:
    record = DealRecord.from_document(small_document(actions=[]))
    assert "actions = []\n" in write_bhh(record)


def test_dump_and_load(tmp_path: Path) -> None:
    record = DealRecord.from_document(small_document())
    path = tmp_path / "deal.bhh"
    dump(record, path)
    assert load(path) == record
    assert path.read_text(encoding="utf-8") == write_bhh(record)


def test_load_missing_file_is_a_notation_error(tmp_path: Path) -> None:
    with pytest.raises(NotationError, match="no such file"):
        load(tmp_path / "nope.bhh")


def test_record_checks_its_actions_players() -> None:
    record = DealRecord.from_document(small_document())
    with pytest.raises(NotationError, match="no player 'Dan'"):
        DealRecord(players=record.players, dealer=record.dealer, stacks=record.stacks,
                   hands=record.hands, actions=(Action.parse("Dan fold"),))


# -- replaying -----------------------------------------------------------------------------------


def test_small_record_replays_to_its_result() -> None:
    """Ann and Cy left; Ann pays twice Cy's 2 to see (rule B6); her queens beat Cy's ace high."""
    record = read_bhh(SMALL)
    deal = record.replay()
    assert deal.over
    assert deal.result.winners == {"Ann": 11}
    assert deal.result.stacks == {"Ann": 34, "Bob": 29, "Cy": 27}
    assert deal.result.shown == {"Cy": parse_cards("As Kd 7c"), "Ann": parse_cards("Qh Qs 4d")}


def test_illegal_action_names_number_text_and_rule() -> None:
    """HAND-HISTORY.md: `action 9 "Chris see 8": Chris cannot see a blind player (rule BL4)`."""
    text = small_text('"Cy bet 2", "Ann see 4"', '"Cy blind 2", "Ann see 8"')
    with pytest.raises(IllegalActionError) as caught:
        read_bhh(text)
    assert str(caught.value) == 'action 4 "Ann see 8": Ann cannot see a blind player (rule BL4)'
    assert caught.value.rule == "BL4"


@pytest.mark.parametrize(
    ("actions", "number", "rule"),
    [
        ('"Bob bet 2"', 1, "B11"),  # out of turn
        ('"Ann bet 2", "Bob bet 1"', 2, "B3"),  # under the stake
        ('"Ann bet 11"', 1, "B1"),  # over max_bet
        ('"Ann bet 2", "Bob bet 2", "Cy see 4"', 3, "B8"),  # no see with three left
        ('"Ann bet 2", "Bob fold", "Cy bet 2", "Ann see 5"', 4, "B6"),  # wrong see cost
        ('"Ann bet 2", "Bob fold", "Cy bet 2", "Ann see 4", "Bob fold"', 5, "B10"),  # over
    ],
)
def test_illegal_actions_name_the_rule(actions: str, number: int, rule: str) -> None:
    text = small_text('["Ann bet 2", "Bob fold", "Cy bet 2", "Ann see 4"]', f"[{actions}]")
    with pytest.raises(IllegalActionError) as caught:
        read_bhh(text)
    assert str(caught.value).startswith(f"action {number} ")
    assert caught.value.rule == rule, str(caught.value)


def test_unfinished_deal_reads_and_replays() -> None:
    """A record may stop mid-deal (a saved deal): it replays to the same state."""
    text = small_text('"Cy bet 2", "Ann see 4"', '"Cy bet 2"')
    deal = read_bhh(text).replay()
    assert not deal.over and deal.to_act == "Ann" and deal.pot == 7


def test_the_deal_cannot_start_is_a_notation_error() -> None:
    """Rule D2: a stack that cannot pay the ante is refused when the deal starts."""
    text = small_text("stacks = [30, 30, 30]", "stacks = [30, 0, 30]")
    with pytest.raises(NotationError, match="Bob cannot pay the ante"):
        read_bhh(text)


def test_from_deal_writes_what_replays() -> None:
    record = read_bhh(SMALL)
    deal = record.replay()
    again = DealRecord.from_deal(deal)
    assert again == record
    assert write_bhh(again) == write_bhh(record)


def test_from_deal_of_a_shuffled_deal_records_the_pack() -> None:
    """Rule D4: a deal from a shuffled pack is recorded with that pack, top card first."""
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], rng=7)
    for text in ["Ann bet 1", "Bob fold"]:
        deal.apply(text)
    record = DealRecord.from_deal(deal)
    assert record.pack == Pack.shuffled(7).cards
    assert record.replay().result == deal.result


# -- the records in tests/records ----------------------------------------------------------------


def test_every_record_file_replays_and_rewrites_identically() -> None:
    paths = sorted(RECORDS.glob("*.bhh"))
    assert len(paths) >= 10
    for path in paths:
        record = load(path)
        text = write_bhh(record)
        assert write_bhh(read_bhh(text)) == text, path.name
        assert read_bhh(text) == record, path.name
        assert record.replay().over, path.name


SEED_FIVE_PLAYERS = """
Round | Andy | Bill | Chris | Dan | Eddie |
1 | 1 | 1 | 1 | fold | 2 |
2 | 2 | 2 | 2 | - | 2 |
3 | 2 | 2 | 2 | - | 2 |
4 | 2 | fold | 2 | - | 5 |
5 | 5 | - | 5 | - | 5 |
6 | 5 | - | 5 | - | 5 |
7 | 5 | - | fold | - | 10 |
8 | 10 | - | - | - | 10 |
9 | 10 | - | - | - | 10 |
10 | 20 (to see) |
"""

SEED_BLIND = """
Round | Andy | Bill | Chris | Dan | Eddie |
1 | 1 | 1 (blind) | 2 | 1 (blind) | 2 |
2 | 2 | 1 (blind) | 2 | 1 (blind) | 2 |
3 | 2 | 1 (blind) | 2 | 1 (blind) | 2 |
4 | 2 | 1 (blind) | 4 | 2 (blind) | fold |
5 | 4 | 5 (blind) | 10 | fold | - |
6 | fold | 5 (blind) | 10 | - | - |
7 | - | 5 (blind) | 10 | - | - |
8 | - | 10 (to see) |
"""


def seed_rounds(table: str) -> list[list[tuple[str, str, int]]]:
    """The rounds of a seed table as (player, verb, chips paid) in seat order.

    A bare number is an open bet, "(blind)" a blind bet (rule BL1), "(to see)" a see (B6,
    BL4), "fold" a fold; "-" is a seat already out.
    """
    lines = [line for line in table.strip().splitlines()]
    names = [cell.strip() for cell in lines[0].split("|")[1:] if cell.strip()]
    rounds = []
    for line in lines[1:]:
        cells = [cell.strip() for cell in line.split("|")[1:]]
        moves = []
        for name, cell in zip(names, cells, strict=False):
            if cell in ("", "-"):
                continue
            if cell == "fold":
                moves.append((name, "fold", 0))
            elif cell.endswith("(to see)"):
                moves.append((name, "see", int(cell.split()[0])))
            elif cell.endswith("(blind)"):
                moves.append((name, "blind", int(cell.split()[0])))
            else:
                moves.append((name, "bet", int(cell)))
        rounds.append(moves)
    return rounds


@pytest.mark.parametrize(
    ("file", "table", "winner"),
    [("seed-betting-five-players.bhh", SEED_FIVE_PLAYERS, "Andy"),
     ("seed-betting-blind.bhh", SEED_BLIND, "Bill")],
    ids=["five players", "blind"],
)
def test_seed_betting_examples_round_by_round(file: str, table: str, winner: str) -> None:
    """Both betting examples of seeds/002 replay round by round: after every round of the
    table the pot and every stack are what the table's amounts make them (rules D2, B3, BL1),
    and the see at the end (B6 open against open; BL4 blind against open) takes the pot."""
    record = load(RECORDS / file)
    deal = Deal(record.rules, players=record.players, dealer=record.dealer,
                stacks=record.stacks, hands=record.hands,
                pack=Pack(record.pack) if record.pack else None)
    stacks = {name: stack - record.rules.ante for name, stack in
              zip(record.players, record.stacks, strict=True)}
    pot = record.rules.ante * len(record.players)
    assert deal.pot == pot and deal.stacks == stacks
    position = 0
    rounds = seed_rounds(table)
    for number, moves in enumerate(rounds, 1):
        for name, verb, chips in moves:
            action = record.actions[position]
            expected = f"{name} {verb}" + (f" {chips}" if verb != "fold" else "")
            assert str(action) == expected, f"round {number}"
            deal.apply(action)
            position += 1
            pot += chips
            stacks[name] -= chips
        if number < len(rounds):
            assert (deal.pot, deal.stacks) == (pot, stacks), f"after round {number}"
    assert position == len(record.actions)
    assert deal.over
    stacks[winner] += pot
    assert deal.result.winners == {winner: pot}
    assert deal.result.stacks == stacks
    assert deal.result.carried_pot == 0
    # and the record replays to the same end
    assert record.replay().result == deal.result


def results_of(name: str) -> dict[str, Any]:
    from bragkit.games.three_card.replay import DealReplay

    return DealReplay(load(RECORDS / name)).to_json()


def test_seed_five_players_figures() -> None:
    """Antes 5, bets 135: Andy's flush beats Eddie's pair of queens and takes 140."""
    result = results_of("seed-betting-five-players.bhh")
    assert result["winners"] == {"Andy": 140}
    assert result["stacks"] == {"Andy": 177, "Bill": 94, "Chris": 82, "Dan": 99, "Eddie": 48}
    # rule B6: the seen player shows first; the seer shows only to win
    assert list(result["shown"]) == ["Eddie", "Andy"]
    assert result["next_pack"] is None  # the record gave hands, not a pack


def test_seed_blind_example_next_pack() -> None:
    """Rules D4, D5: a prial seen and won shuffles the next deal; the hands went under the pack
    in the order they left play (Eddie, Dan, Andy), then Bill's and Chris's from the dealer's
    left, each in the order dealt."""
    result = results_of("seed-betting-blind.bhh")
    assert result["winners"] == {"Bill": 96}
    assert result["shuffle_next"] is True
    rest = [c for c in Pack.standard().cards
            if c not in parse_cards("Kh Jd 8c 7s 7h 7d Ah Kd Qc 9s 6h 3c Tc 8d 4s")]
    returned = "Tc 8d 4s 9s 6h 3c Kh Jd 8c 7s 7h 7d Ah Kd Qc"
    assert result["next_pack"] == format_cards(rest) + " " + returned


def test_four_card_discards_decide_equal_hands() -> None:
    """Rule F1: equal pairs of queens with a four; Ann's discarded 9 beats Cy's 8."""
    result = results_of("four-card-discards.bhh")
    assert result["winners"] == {"Ann": 18}
    assert result["shown"] == {"Cy": "Qd Qc 4h 8s", "Ann": "Qh Qs 4d 9c"}


def test_retained_two_hands_record() -> None:
    """Rules R1, R2: the carried pot of 6 is in the middle; Ann throws the new hand she looked
    at and wins blind with the old one, seeing open Bob for his last bet (BL4)."""
    record = load(RECORDS / "retained-two-hands.bhh")
    assert record.retained == {"Ann": parse_cards("Ks Kd 2c")} and record.carried_pot == 6
    result = results_of("retained-two-hands.bhh")
    assert result["winners"] == {"Ann": 14}
    assert result["shown"]["Ann"] == "Ks Kd 2c"


def test_blind_winner_record_carries_the_pot() -> None:
    """Rules BL3, R1: everyone folded against blind Ann; the pot is carried, she keeps her hand
    (its cards stay hidden in the JSON, rule BL6)."""
    result = results_of("blind-winner.bhh")
    assert result["winners"] == {}
    assert result["carried_pot"] == 4
    assert result["retained"] == "Ann"
    assert "retained_hand" not in result and "7s 7h Qc" not in repr(result)
    # D5: Bob's and Cy's folded hands went under the pack, in the order they folded, each in
    # the order dealt; Ann's kept hand is out of the pack (R1)
    assert result["next_pack"].endswith("2c As Ad 9c Kd Qd 4h")
    assert "7s" not in result["next_pack"] and len(result["next_pack"].split()) == 49


def test_cover_records() -> None:
    """Rule M3: Bob's last 2 chips end the betting and his aces win; rule M2: Cy's covered
    pot of 19 goes to his prial, the new pot to Bob."""
    assert results_of("cover-two-players.bhh")["winners"] == {"Bob": 13}
    result = results_of("cover-three-players.bhh")
    assert result["winners"] == {"Bob": 16, "Cy": 19}
    assert sum(result["stacks"].values()) == 65


def test_showdown_split_record() -> None:
    """Rule B8: exactly equal best hands split the pot; rule H8: suits have no order."""
    result = results_of("showdown-split.bhh")
    assert result["winners"] == {"Ann": 5, "Bob": 5}
    assert set(result["shown"]) == {"Ann", "Bob", "Cy"}


def test_wild_and_joker_records() -> None:
    """Rules W2, W3: wild 2-8-7 of hearts is the running flush 9-8-7 and beats the natural 8-7-6;
    the seer loses and is not shown (B6). Rule W1: jokers are wild (K-K-joker, joker-A-A)."""
    wild = results_of("wild-twos.bhh")
    assert wild["winners"] == {"Bob": 16} and wild["shown"] == {"Bob": "2d 8h 7h"}
    jokers = results_of("jokers.bhh")
    assert jokers["winners"] == {"Ann": 11}
    assert jokers["shown"] == {"Cy": "Kh Kd Jk", "Ann": "Jk As Ah"}
    assert jokers["next_pack"].count("Jk") == 2


# -- property tests: random played deals ---------------------------------------------------------

NAMES = ["Ann", "Bob", "Cy", "Dee", "Mary Ann", "Ed"]


WEIGHTS = {Verb.BET: 6, Verb.BLIND: 5, Verb.DISCARD: 4, Verb.COVER: 3, Verb.LOOK: 1,
           Verb.KEEP: 1, Verb.THROW: 1, Verb.FOLD: 1, Verb.SEE: 1, Verb.AGREE: 0.6,
           Verb.TOPUP: 0.1}


def random_action(rng: random.Random, deal: Deal) -> Action | None:
    """A legal action chosen at random, betting more often than folding, or None."""
    options = deal.legal_actions()
    while options:
        option = rng.choices(options, [WEIGHTS[o.verb] for o in options])[0]
        options.remove(option)
        if option.verb is Verb.DISCARD:
            assert option.player is not None
            held = deal.cards_of(option.player)
            for _ in range(10):
                action = option.action(cards=rng.sample(held, option.discards))
                if deal.can_apply(action):
                    return action
            continue
        if option.min_amount is None:
            return option.action()
        top = option.max_amount if option.max_amount is not None else option.min_amount + 10
        amount = rng.randint(option.min_amount, min(top, option.min_amount + 10))
        return option.action(amount)
    return None


def play(rng: random.Random, deal: Deal, *, limit: int = 150) -> Deal:
    for _ in range(limit):
        if deal.over:
            break
        action = random_action(rng, deal)
        if action is None:
            break
        deal.apply(action)
    return deal


@st.composite
def played_deals(draw: st.DrawFn) -> Deal:
    """A deal under random rules, from a shuffled pack or given hands, perhaps with a retained
    blind hand and a carried pot (rules BL3, R1-R3), played at random."""
    rules = draw(house_rules())
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    retained = rules.blind and draw(st.booleans())
    count = draw(st.integers(2, min(6, rules.max_players(retained=int(retained)))))
    players = NAMES[:count]
    stacks = [draw(st.integers(rules.ante, 40)) for _ in players]
    dealer = draw(st.sampled_from(players))
    pack = list(Pack.shuffled(rng, jokers=rules.jokers).cards)
    kept = {rng.choice(players): tuple(pack[:rules.cards])} if retained else None
    rest = pack[rules.cards:] if retained else pack
    form = draw(st.sampled_from(["pack", "hands", "rng"]))
    carried = draw(st.integers(0, 9)) if retained else 0
    common: dict[str, Any] = dict(players=players, dealer=dealer, stacks=stacks,
                                  carried_pot=carried, retained=kept)
    if form == "hands":
        hands = {name: rest[i * rules.cards:(i + 1) * rules.cards]
                 for i, name in enumerate(players)}
        deal = Deal(rules, hands=hands, **common)
    elif form == "pack" and not retained:
        deal = Deal(rules, pack=Pack(rest, jokers=rules.jokers), **common)
    else:
        deal = Deal(rules, rng=rng, **common)
    return play(rng, deal)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_deals())
def test_random_deals_write_read_write_and_replay(deal: Deal) -> None:
    """STYLE.md: every deal the engine plays can be written; write → read → write is the same
    text; the record replays to the same result and the same operations, but for the
    agreements to a showdown (B8), which the record writes as one ``showdown``."""
    record = DealRecord.from_deal(deal)
    text = write_bhh(record)
    again = read_bhh(text)
    assert again == record
    assert write_bhh(again) == text
    replayed = again.replay()
    assert moves(replayed.operations) == moves(deal.operations)
    assert replayed.over == deal.over
    if deal.over:
        assert replayed.result == deal.result


def moves(operations: Sequence[Operation]) -> list[Operation]:
    """The operations but for agreements to a showdown (B8)."""
    return [op for op in operations
            if not (isinstance(op, Acted) and op.action.verb is Verb.AGREE)]


def mutations() -> st.SearchStrategy[Any]:
    action_text = st.tuples(
        st.sampled_from([*NAMES, "Zed", ""]),
        st.sampled_from(["fold", "bet", "blind", "look", "look old", "see", "cover", "topup",
                         "keep", "throw", "discard", "raise", "showdown", "agree"]),
        st.sampled_from(["", "0", "1", "2", "5", "40", "As", "2c 3d", "-1", "x"]),
    ).map(lambda t: " ".join(part for part in t if part))
    return st.one_of(
        st.tuples(st.just("action"), st.integers(0, 30), action_text),
        st.tuples(st.just("drop-key"), st.sampled_from(["format", "players", "dealer", "stacks",
                                                        "cards", "actions", "variant"])),
        st.tuples(st.just("card"), st.integers(0, 60),
                  st.sampled_from(["Xx", "1s", "As", "Jk", "10h", "♠K", "", "A"])),
        st.tuples(st.just("char"), st.integers(0, 5000), st.sampled_from(list("=[]{}\"',#\n x1"))),
        st.tuples(st.just("truncate"), st.integers(0, 5000)),
        st.tuples(st.just("value"), st.sampled_from(["stacks", "players", "dealer",
                                                     "carried_pot", "variant", "format"]),
                  st.sampled_from(['"x"', "-3", "[]", "[1, 2]", '["Ann"]', "{}", "true", "2.5",
                                   '"bhh/1"', '"four-card"'])),
    )


def mutate(text: str, mutation: tuple[Any, ...]) -> str:
    """A record's text with one change: an action replaced, a key dropped, a card, a character,
    the end cut off, or a value of the wrong type or size."""
    kind = mutation[0]
    if kind == "action":
        _, index, new = mutation
        lines = text.splitlines()
        spots = [i for i, line in enumerate(lines) if line.startswith('  "')]
        if not spots:
            return text.replace("actions = []", f'actions = ["{new}"]')
        lines[spots[index % len(spots)]] = f'  "{new}",'
        return "\n".join(lines) + "\n"
    if kind == "drop-key":
        return "\n".join(line for line in text.splitlines()
                         if not line.startswith(f"{mutation[1]} =")) + "\n"
    if kind == "card":
        _, index, new = mutation
        new = str(new)
        tokens = list(re.finditer(r"\b(?:[2-9TJQKA][shdc]|Jk)\b", text))
        if not tokens:
            return text
        token = tokens[index % len(tokens)]
        return text[:token.start()] + new + text[token.end():]
    if kind == "char":
        _, index, char = mutation
        index %= len(text) + 1
        return text[:index] + str(char) + text[index:]
    if kind == "truncate":
        return text[: mutation[1] % (len(text) + 1)]
    _, key, value = mutation
    return re.sub(rf"^{key} = .*$", f"{key} = {value}", text, count=1, flags=re.MULTILINE)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_deals(), st.lists(mutations(), min_size=1, max_size=3))
def test_mutated_records_are_read_or_refused_cleanly(deal: Deal, changes: list[Any]) -> None:
    """HAND-HISTORY.md: every invalid file is refused with a NotationError or, for an illegal
    action, an IllegalActionError naming it, never another exception; one that still reads
    writes back to text that reads the same."""
    text = write_bhh(DealRecord.from_deal(deal))
    for change in changes:
        text = mutate(text, change)
    try:
        record = read_bhh(text)
    except IllegalActionError as error:
        assert re.match(r'^action \d+ ".*": .* \(rule [A-Z]+\d+\)$', str(error)), str(error)
    except NotationError as error:
        assert "\n" not in str(error).strip() or "TOML" in str(error)
    else:
        assert read_bhh(write_bhh(record)) == record


def test_retained_face_up_record() -> None:
    """Rule R3: the blind winner's second hand lies face up; a player who cannot beat it must
    fold (Bob), one who can stays in (Cy), and blind Ann plays her old hand on."""
    result = results_of("retained-face-up.bhh")
    assert result["winners"] == {"Ann": 14}
    assert result["shown"] == {"Cy": "As 6s 3h", "Ann": "Ks Kd 2c"}
    text = (RECORDS / "retained-face-up.bhh").read_text(encoding="utf-8")
    with pytest.raises(IllegalActionError) as caught:
        read_bhh(text.replace('"Bob fold"', '"Bob bet 2"'))
    assert caught.value.rule == "R3" and str(caught.value).startswith('action 2 "Bob bet 2": ')


HAND_HISTORY_EXAMPLE = '''\
# top-level keys first: in TOML a key after a [table] header belongs to that table
format = "bhh/1"
variant = "three-card"            # "three-card" | "four-card" | "five-card"
players = ["Andy", "Bill", "Chris", "Dan", "Eddie"]   # seats, clockwise
dealer = "Eddie"                  # betting starts at the dealer's left
stacks = [50, 50, 50, 50, 50]     # each seat's money before the ante
carried_pot = 0                   # pot carried from the previous deal (rule BL3), default 0
actions = [
  "Andy bet 1",
  "Bill blind 1",                 # a blind bet: worth 2 in open terms
  "Chris look",                   # a blind player looks (their turn goes on)
  "Chris bet 2",
  "Dan fold",
  "Eddie fold",
  "Andy fold",                    # two left: Bill (blind) and Chris (open)
  "Bill see 2",                   # the amount paid to see: here the open player's last bet
]


[rules]                           # every option of RULES.md, defaults when left out
ante = 1
min_bet = 1
max_bet = 20
# raise_limit = 10 / pot_limit = true / see_cost = "single" / short_money = "fold" /
# retained_blind = "face-up" / wild = ["2c", "2s"] / jokers = 2 / shuffle = "always" ...

[cards]                           # one of the two forms:
pack = "PACK"
# or, per player, the cards dealt:
# hands = { Andy = "As Kd 7c", Bill = "2h 2d 9s" }
# retained = { Andy = "Qs 9d 4c" }  # a blind hand kept from the last deal (R1), if any

'''


def test_the_example_of_hand_history_md_reads_and_replays() -> None:
    """The example document of HAND-HISTORY.md, comments and all, with a whole pack (dealt from
    Andy, D6: Bill gets 2h 2d 2c, Chris Qh Qs 4d) and again with hands: blind Bill sees open
    Chris for 2, the open player's last bet (BL4)."""
    cards = parse_cards("As 2h Qh 5c 3c Kc 2d Qs 6c 7c 7d 2c 4d 8c 9c")
    pack = " ".join(map(str, [*cards, *(c for c in Pack.standard().cards if c not in cards)]))
    record = read_bhh(HAND_HISTORY_EXAMPLE.replace("PACK", pack))
    assert record.rules == Rules(max_bet=20)
    result = record.replay().result
    assert result.winners == {"Bill": 11}  # antes 5, bets 1 + 1 + 2, the see 2
    assert result.shown == {"Chris": parse_cards("Qh Qs 4d"), "Bill": parse_cards("2h 2d 2c")}
    hands = HAND_HISTORY_EXAMPLE.replace('pack = "PACK"', 'hands = { Andy = "As Kc 7c", '
                                         'Bill = "Kd 2h 2d", Chris = "Qh Qs 4d", '
                                         'Dan = "2c 5c 8c", Eddie = "3c 6c 9c" }')
    # Chris's pair of queens beats Bill's pair of twos: the seer loses and is not shown (B6)
    result = read_bhh(hands).replay().result
    assert result.winners == {"Chris": 11} and list(result.shown) == ["Chris"]


def test_records_are_hashable_values() -> None:
    one, two = load(RECORDS / "retained-two-hands.bhh"), load(RECORDS / "retained-two-hands.bhh")
    assert one == two and hash(one) == hash(two) and len({one, two}) == 1
    assert one != load(RECORDS / "blind-winner.bhh")


def test_bhh_is_registered_for_bragkit_replay() -> None:
    """bragkit.records finds the reader by the format key; it replays a parsed document."""
    from bragkit.games.three_card.replay import replay_document
    from bragkit.records import replayer_for

    document = tomllib.loads(SMALL)
    assert replayer_for(document) is replay_document
    replay = replay_document(document)
    assert replay.to_json()["winners"] == {"Ann": 11}
    assert "Ann pays 4 to see Cy (rule B6)" in replay.describe()


def test_replay_of_an_unfinished_deal() -> None:
    from bragkit.games.three_card.replay import DealReplay

    replay = DealReplay(read_bhh(small_text('"Cy bet 2", "Ann see 4"', '"Cy bet 2"')))
    data = replay.to_json()
    assert data["over"] is False and data["to_act"] == "Ann" and data["pot"] == 7
    assert data["winners"] == {} and data["stacks"] == {"Ann": 27, "Bob": 29, "Cy": 27}
    assert replay.describe().endswith("The deal is not over: Ann to act, pot 7.")


# -- bounded cost and only bragkit's errors (issue 19) -------------------------------------------


def _jokers_record() -> str:
    return (RECORDS / "jokers.bhh").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, words", [
    ("jokers = 2", "jokers = 200000000", "jokers must be at most 52"),  # W1: was accepted
    ("[30, 30, 30]", "[30, 30, 1000000000001]", "at most 1000000000000"),
    ("[30, 30, 30]", "[30, 30, 9223372036854775807]", "at most 1000000000000"),
    ('"bhh/1"', '"bhh/١"', "no version number"),  # only ASCII digits are numbers
    ('"bhh/1"', '"bhh/' + "1" * 50 + '"', "no version number"),
    ('["Ann", "Bob", "Cy"]', '["' + "A" * 101 + '", "Bob", "Cy"]', "longer than 100"),
    ('["Ann", "Bob", "Cy"]', str([f"p{i}" for i in range(53)]).replace("'", '"'),
     "at most 52"),
    ('"Ann bet 2", "Bob fold"', ", ".join(['"Ann bet 2"'] * 20_001), "at most 20000"),
    ('"Ann bet 2"', '"Ann bet ²"', "action 1"),
    ('"Ann bet 2"', '"Ann bet ٣"', "action 1"),
])
def test_counts_and_numbers_in_a_bhh_are_bounded(old: str, new: str, words: str) -> None:
    text = _jokers_record()
    assert old in text
    with pytest.raises(NotationError, match=re.escape(words)):
        read_bhh(text.replace(old, new, 1))


@pytest.mark.parametrize("data", [
    b"\xff\xfe", "a = " + "[" * 500, "a = " + "9" * 5000, "x = 1\n" * 200_000, 12, None,
])
def test_bad_input_of_any_kind_is_a_notation_error(data: Any) -> None:
    with pytest.raises(NotationError):
        read_bhh(data)


def test_key_line_reads_array_headers_dotted_and_quoted_keys() -> None:
    text = '[[deals]]\nx = 1\n[deals . "cards"]\n"pa\\u0063k" = "As"\nrules.jokers = 2\n'
    assert key_line(text, ("deals", "cards", "pack")) == 4
    assert key_line(text, ("deals", "cards", "rules", "jokers")) == 5
    assert key_line(text, ("deals", "x")) == 2
    assert key_line('"unclosed = 1\n[a', ("a",)) is None
