"""A session record's ``[[deals]]`` table laid out as the writer writes it is read at once
(session_deals.written_deal, notation.written_record): the same deal the TOML parser and the key
by key checks make of it, and for any other text nothing (the general reading reads it, and
names any fault as before)."""

from __future__ import annotations

from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_session_records import session

from bragkit.errors import BragError
from bragkit.games.three_card import session_records
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.session_deals import written_deal
from bragkit.games.three_card.session_records import SessionRecord, read_session, write_session
from bragkit.toml_text import split_entries
from strategies import house_rules

#: What an edit inserts: the characters and words the layout and its checks turn on.
PIECES = ['"', "\\", "\n", " ", "\t", "0", "9", "-", "x", "[", "]", ",", "{", "}", "=", "#",
          "\x01", "\x7f", "é", "Ann", "Dan", "Jk", "As", " 2s", "99999999999999999999",
          "9223372036854775808", "  \"Ann fold\",\n", "ante = 2\n", "wild = [\"2\"]\n",
          "[deals.proof]\n", "after = []\n", "retained = { Ann = \"As Kd 2c\" }\n"]


def _outcome(text: str) -> tuple[Any, ...]:
    """What reading ``text`` gives: the record, or the kind and words of its refusal."""
    try:
        return ("read", read_session(text))
    except BragError as error:
        return (type(error), str(error), getattr(error, "rule", None))


def _general(text: str) -> tuple[Any, ...]:
    """:func:`_outcome` with every deal read the general way (TOML, then key by key)."""
    with mock.patch.object(session_records, "written_deal", lambda *_: None):
        return _outcome(text)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), rules=house_rules(session=True))
def test_every_deal_the_writer_writes_is_read_at_once_as_the_general_reading_reads_it(
        seed: int, rules: Rules) -> None:
    """Sessions under random house rules (wild cards, dealer's choice, kept hands R1, seat
    changes): every deal of their text is read at once, equal to the general reading's."""
    text = write_session(SessionRecord.from_table(session(seed, rules, 12)))
    split = split_entries(text, "deals")
    assert split is not None
    starts = split[1]
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        assert written_deal(text, start, end) is not None, text[start:end]
    assert _outcome(text) == _general(text)


#: Where an edit goes: just after one of these (the keys the reading checks), or anywhere.
ANCHORS = ["", 'format = "', 'variant = "', 'players = ["', 'dealer = "', "stacks = [",
           "carried_pot = ", 'actions = [\n  "', "after = [", "[deals.rules]\n",
           "[deals.cards]\n", 'pack = "', "retained = { ", "[[deals]]"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16),
       edits=st.lists(st.tuples(st.sampled_from(ANCHORS), st.integers(0, 2**30),
                                st.integers(0, 12),
                                st.sampled_from(["insert", "delete", "replace"]),
                                st.sampled_from(PIECES)), min_size=1, max_size=3))
def test_an_edited_text_reads_or_is_refused_as_the_general_reading_does(
        seed: int, edits: list[tuple[str, int, int, str, str]]) -> None:
    """Any edit of a record's text (a quote, an escape, a number out of range, a name not
    seated, a card twice, a key out of place...): reading it gives the same record, or the same
    refusal with the same words and rule, as reading each deal the general way."""
    text = write_session(SessionRecord.from_table(session(seed, Rules(), 4)))
    for anchor, pick, offset, how, piece in edits:
        places = [i + len(anchor) for i in range(len(text)) if text.startswith(anchor, i)]
        if not places:
            continue
        at = min(places[pick % len(places)] + (offset if anchor else pick), len(text))
        if how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + len(piece):]
        else:
            text = text[:at] + piece + text[at + len(piece):]
    assert _outcome(text) == _general(text)
