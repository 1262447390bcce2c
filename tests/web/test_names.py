"""Tests of bragkit.web.names: names compared by their UTS 39 skeleton, and owned by a token for
the life of a table (rule M1)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bragkit.web.confusables import PROTOTYPES
from bragkit.web.names import NameBook, keys, normalise, skeleton
from bragkit.web.protocol import ProtocolError

# every look-alike of each ASCII letter or digit that the table knows
LOOK_ALIKES: dict[str, list[str]] = {}
for _char, _prototype in PROTOTYPES.items():
    if len(_prototype) == 1 and not _char.isascii():
        LOOK_ALIKES.setdefault(_prototype, []).append(_char)

ascii_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ",
                      min_size=1, max_size=12)


@given(ascii_names, st.randoms(use_true_random=False))
def test_a_name_spelled_with_look_alikes_has_the_same_skeleton(name: str, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    disguised = "".join(rng.choice(LOOK_ALIKES.get(c, [c])) if rng.random() < 0.7 else c
                        for c in name)
    assert skeleton(disguised) == skeleton(name)
    book = NameBook()
    book.record(name, "a" * 64)
    if disguised != name:
        with pytest.raises(ProtocolError, match=r"looks like|taken"):
            book.check(disguised, "b" * 64, re=None)


@given(ascii_names)
def test_case_and_full_width_do_not_make_another_name(name: str) -> None:
    full_width = "".join(chr(ord(c) + 0xFEE0) for c in name)
    assert normalise(full_width) == name
    assert skeleton(full_width) == skeleton(name)
    book = NameBook()
    book.record(name, "a" * 64)
    for variant in {name.upper(), name.lower(), full_width} - {name}:
        with pytest.raises(ProtocolError, match=r"taken|looks like"):
            book.check(variant, "b" * 64, re=None)


@given(ascii_names, ascii_names)
def test_two_ascii_names_are_one_only_if_equal_or_alike_in_case_or_look(a: str, b: str) -> None:
    def plain(name: str) -> str:  # the ASCII look-alikes of the table: I and 1 as l, m as rn
        return name.replace("I", "l").casefold().replace("m", "rn")

    same = bool(keys(a) & keys(b))
    assert same == (a.casefold() == b.casefold() or plain(a) == plain(b))


def test_the_owner_comes_back_and_no_one_else_does_rule_M1() -> None:
    book = NameBook()
    book.record("Bob", "b" * 64)
    book.check("Bob", "b" * 64, re=None)
    for stranger in ("b" * 63 + "c", None):
        with pytest.raises(ProtocolError, match="Bob is taken"):
            book.check("Bob", stranger, re=None)
    with pytest.raises(ProtocolError, match="you played at this table as Bob"):
        book.check("BOB", "b" * 64, re=None)
    book.record("Random bot", None)  # a bot's name is nobody's
    with pytest.raises(ProtocolError, match="taken"):
        book.check("random bot", "r" * 64, re=None)


def test_the_table_is_the_unicode_data_it_names() -> None:
    cyrillic_a = "\u0430"
    assert unicodedata.name(cyrillic_a) == "CYRILLIC SMALL LETTER A"
    assert PROTOTYPES[cyrillic_a] == "a" and PROTOTYPES["\u0391"] == "A"  # Greek Alpha
    assert all(p.isascii() and p.isalnum() for p in PROTOTYPES.values())
    assert all(normalise(c) == c for c in PROTOTYPES)  # keyed by NFKC form
