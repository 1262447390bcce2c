"""The ``.bhh`` record (HAND-HISTORY.md): the document model, checking, writing and replaying.

Records replayed here live in ``tests/records/``; the two betting examples of the seed text
(seeds/002) are replayed round by round with the pot and stacks checked.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bragkit.actions import Action
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import IllegalActionError, NotationError
from bragkit.notation import (
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
from bragkit.rules import Rules

RECORDS = Path(__file__).parent / "records"

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
        DealRecord("bhh/1")  # type: ignore[misc]


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
    assert record.rules == Rules(**{**options, "wild": ("2c", "2s")})
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
                                                    "Cy": "As Kd 7c"}}}, "1 jokers, the rules add 0"),
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
    with pytest.raises(NotationError, match="'bhh/2' is a newer version .* upgrade bragkit"):
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
    with pytest.raises(NotationError, match="^line 5: not valid TOML"):
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
