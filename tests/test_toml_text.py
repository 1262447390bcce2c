"""The one TOML writer and reader of bragkit's records (HAND-HISTORY.md layout, docs/records-*)."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.errors import NotationError
from bragkit.toml_text import (
    MAX_ITEMS,
    MAX_STRING,
    check_values,
    dump_document,
    dump_entry,
    format_key,
    format_value,
    load_document,
    read_part,
)

# -- keys and values ---------------------------------------------------------------------------


@pytest.mark.parametrize("key, text", [
    ("max_bet", "max_bet"),
    ("A-1_b", "A-1_b"),
    ("Mary Ann", '"Mary Ann"'),
    ("Bø", '"Bø"'),
    ("", '""'),
    ('say "hi"', '"say \\"hi\\""'),
])
def test_keys_are_bare_only_where_toml_allows(key: str, text: str) -> None:
    assert format_key(key) == text
    assert tomllib.loads(f"{text} = 1") == {key: 1}


def test_a_quoted_key_is_quoted_even_when_bare() -> None:
    """nine-card/1 and crash/1 write hands = { "Ann" = … } (docs/records-nine-card-crash.md)."""
    assert format_key("Ann", quoted=True) == '"Ann"'
    assert format_value({"Ann": "As Ks Qs", "Bob": "2c"}, quoted=True) == \
        '{ "Ann" = "As Ks Qs", "Bob" = "2c" }'
    assert format_value({"Ann": "As"}) == '{ Ann = "As" }'


@pytest.mark.parametrize("value, text", [
    (True, "true"),
    (False, "false"),
    (0, "0"),
    (-12, "-12"),
    ("As Kd", '"As Kd"'),
    ("tab\there", '"tab\there"'),
    ("line\nbreak", '"line\\nbreak"'),
    ("del\x7f", '"del\\u007f"'),
    ([], "[]"),
    ([3, 2, 1], "[3, 2, 1]"),
    ({}, "{}"),
    ({"a": [1, {"b": "c"}]}, '{ a = [1, { b = "c" }] }'),
])
def test_values_are_written_on_one_line(value: object, text: str) -> None:
    assert format_value(value) == text
    assert tomllib.loads(f"v = {text}") == {"v": value}


def test_values_toml_cannot_hold_are_refused() -> None:
    with pytest.raises(NotationError, match="TOML has no null"):
        format_value(None)
    with pytest.raises(NotationError, match="cannot write"):
        format_value({"a": object()})


# -- the layout --------------------------------------------------------------------------------


def test_top_level_keys_come_first_then_each_table_in_order() -> None:
    """HAND-HISTORY.md: in TOML a key after a [table] header belongs to that table, so the
    writer puts every top-level key first, whatever the order of the document."""
    document = {"format": "bhh/1", "rules": {"max_bet": 10}, "dealer": "Ann",
                "cards": {"hands": {"Ann": "As"}}, "stacks": [20, 20]}
    assert dump_document(document) == (
        'format = "bhh/1"\ndealer = "Ann"\nstacks = [20, 20]\n\n[rules]\nmax_bet = 10\n\n'
        '[cards]\nhands = { Ann = "As" }\n')


def test_multiline_arrays_are_one_item_a_line_and_empty_ones_inline() -> None:
    """HAND-HISTORY.md: one action a line; no action at all is written actions = []."""
    assert dump_document({"actions": ["Ann bet 2", "Bob fold"]}) == \
        'actions = [\n  "Ann bet 2",\n  "Bob fold",\n]\n'
    assert dump_document({"actions": []}) == "actions = []\n"
    assert dump_document({"actions": ["a"], "after": ["b"]}, multiline=("after",)) == \
        'actions = ["a"]\nafter = [\n  "b",\n]\n'


def test_a_list_of_tables_is_one_entry_each_with_its_subtables() -> None:
    document = {"format": "x/1", "deals": [
        {"dealer": "Ann", "actions": ["Ann plays As Ks Qs"], "rules": {"ante": 1},
         "cards": {"hands": {"Ann": "As Ks Qs"}}},
        {"dealer": "Bob", "actions": [], "rules": {}, "cards": {"pack": "As"}},
    ]}
    text = dump_document(document, subtables=("rules", "cards"))
    assert text == (
        'format = "x/1"\n\n[[deals]]\ndealer = "Ann"\nactions = [\n  "Ann plays As Ks Qs",\n]\n'
        '\n[deals.rules]\nante = 1\n\n[deals.cards]\nhands = { Ann = "As Ks Qs" }\n'
        '\n[[deals]]\ndealer = "Bob"\nactions = []\n\n[deals.rules]\n\n[deals.cards]\n'
        'pack = "As"\n')
    assert load_document(text) == document
    inline = dump_document(document)  # without subtables the tables of an entry are inline
    assert "rules = { ante = 1 }" in inline and load_document(inline) == document


# -- reading -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ('format = "bhh/1"\nplayers = [\n"Ann" "Bob"]', r"^line 3: not valid TOML: .*\(column 7\)$"),
    ('a = 1\nb = \n', r"^line 2: not valid TOML"),
    ('a = 1\na = 2\n', r"^line 2: not valid TOML"),
    ('players = ["Ann"', r"^line 1: not valid TOML: .*\(at the end of the file\)$"),
])
def test_bad_toml_is_refused_naming_its_line(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        load_document(text)


def test_dump_and_load_round_trip() -> None:
    doc = {"format": "brag-poker/1", "players": ["Mary Ann", "Bob"], "dealer": "Bob",
           "stacks": [10, 10], "actions": ['Mary Ann call', 'Bob "check"'],
           "rules": {"half_price": False, "max_raises": 2},
           "cards": {"hands": {"Mary Ann": "As Ks Qs", "Bob": "2c 3c 4c"}}}
    text = dump_document(doc)
    assert load_document(text) == doc
    assert dump_document(load_document(text)) == text


def test_load_refuses_bad_toml_with_its_line() -> None:
    with pytest.raises(NotationError, match="line 2"):
        load_document('format = "historic/1"\nplayers = ["A" "B"]\n')


# -- properties --------------------------------------------------------------------------------

names = st.one_of(st.sampled_from(["actions", "hands", "rules", "cards"]),
                  st.text(min_size=1, max_size=8))
scalars = st.one_of(st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12))
inline = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(names, inner, max_size=3)), max_leaves=8)
tables = st.dictionaries(names, inline, max_size=4)


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """Documents the way records are built: scalars and arrays, then tables and lists of
    tables (a top-level key never holds a bare mapping or a list of mappings but as a table)."""
    top = draw(st.dictionaries(names, st.one_of(scalars, st.lists(scalars, max_size=3)),
                               max_size=4))
    for name in draw(st.lists(names, max_size=3, unique=True)):
        if name not in top:
            top[name] = draw(st.one_of(tables, st.lists(tables, min_size=1, max_size=3)))
    return top


@settings(max_examples=150, deadline=None)
@given(documents(), st.sets(names, max_size=2), st.sets(names, max_size=2),
       st.sets(names, max_size=2))
def test_any_document_reads_back_and_writes_the_same_text(
        document: dict[str, Any], multiline: set[str], quoted: set[str],
        subtables: set[str]) -> None:
    """write → read gives the document back, and write → read → write the same text (the
    promise of HAND-HISTORY.md and docs/records-*.md), whatever the names and strings."""
    layout = {"multiline": multiline, "quoted": quoted, "subtables": subtables}
    text = dump_document(document, **layout)
    assert load_document(text) == document
    assert dump_document(load_document(text), **layout) == text


# -- the writer's layout read holding its values to the bounds (read_part) -----------------------

_EDGE_VALUES = st.recursive(
    st.one_of(st.integers(-(2**64), 2**64), st.sampled_from([2**63 - 1, 2**63, -(2**63),
                                                             -(2**63) - 1]),
              st.integers(MAX_STRING - 2, MAX_STRING + 2).map(lambda n: "x" * n),
              st.text(max_size=4), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=2),
                            st.dictionaries(st.sampled_from(["a", "b c"]), inner, max_size=2)),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(entry=st.dictionaries(st.sampled_from(["actions", "stacks", "name", "rules"]),
                             _EDGE_VALUES, max_size=4))
def test_a_part_read_as_checked_passes_the_value_checks(entry: dict[str, object]) -> None:
    """read_part says a part's values need no check_values only when check_values passes
    them, and reads the part as the TOML parser does (values at and beyond each bound)."""
    try:
        check_values(entry)
    except NotationError:
        within = False
    else:
        within = True
    try:
        written = dump_entry("deals", entry, multiline=("actions",), subtables=("rules",))
    except (NotationError, ValueError, TypeError):  # a value TOML cannot hold
        return
    part = written[written.index("[[deals]]"):]
    document, checked = read_part(part, 0, len(part))
    assert document == tomllib.loads(part)
    assert not checked or within
    if checked:
        check_values(document["deals"][0], path=("deals", 0))


def test_a_long_or_deep_array_is_not_read_as_checked() -> None:
    """An array of more than MAX_ITEMS values, one item a line or inline, and arrays nested
    deeper than the checks allow, are left to check_values (which refuses them)."""
    items = "\n".join(f"  {i}," for i in range(MAX_ITEMS + 1))
    for part in (f"[[deals]]\nactions = [\n{items}\n]\n",
                 f"[[deals]]\nstacks = [{', '.join(['1'] * (MAX_ITEMS + 1))}]\n",
                 "[[deals]]\nx = " + "[" * 20 + "1" + "]" * 20 + "\n"):
        document, checked = read_part(part, 0, len(part))
        assert not checked
        with pytest.raises(NotationError):
            check_values(document["deals"][0], path=("deals", 0))
