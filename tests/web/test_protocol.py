"""Tests of bragkit.web.protocol: the messages of the web table, version 1."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.web.protocol import (
    MAX_MESSAGE_BYTES,
    Act,
    Hello,
    Host,
    Ping,
    ProtocolError,
    Sit,
    check_name,
    encode,
    error_message,
    parse_client,
    server_message,
)

TOKEN = "t" * 30


def parse(**fields) -> object:
    return parse_client(json.dumps({"v": 1, **fields}))


def code_of(text: str | bytes) -> str:
    with pytest.raises(ProtocolError) as info:
        parse_client(text)
    return info.value.code.value


def test_every_kind_of_message_parses() -> None:
    assert parse(type="hello", token=TOKEN, last_seq=3) == Hello(token=TOKEN, last_seq=3)
    assert parse(type="ping") == Ping()
    assert parse(type="sit", id="s1", seat=2, name="Mary Ann", token=TOKEN) == Sit(
        id="s1", seat=2, name="Mary Ann", token=TOKEN)
    assert parse(type="host", id="h", op="add_bot", seat=1, bot="bold") == Host(
        id="h", op="add_bot", seat=1, bot="bold")
    act = parse(type="act", id="a", at=4, action={"verb": "discard", "cards": ["7c"]})
    assert isinstance(act, Act) and act.to_action("Ann").cards[0].rank.symbol == "7"
    showdown = parse(type="act", id="a", at=4, action={"verb": "showdown"})
    agreed = showdown.to_action("Ann") if isinstance(showdown, Act) else None
    assert agreed is not None and str(agreed) == "Ann agree"  # rule B8: the sender agrees


@pytest.mark.parametrize("text, code", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "ping"}', "version"),
    ('{"v": 2, "type": "ping"}', "version"),
    ('{"v": "1", "type": "ping"}', "version"),
    ('{"v": 1}', "malformed"),
    ('{"v": 1, "type": "dance"}', "malformed"),
    ('{"v": 1, "type": "ping", "extra": 1}', "malformed"),
    ('{"v": 1, "type": "act", "id": "a", "at": 1, "action": {"verb": "raise"}}', "malformed"),
    ('{"v": 1, "type": "act", "id": "a", "at": 1, "action": {"verb": "bet"}}', "malformed"),
    ('{"v": 1, "type": "act", "id": "a", "at": 1, "action": {"verb": "fold", "amount": 3}}',
     "malformed"),
    ('{"v": 1, "type": "act", "id": "a", "at": 1, "action": {"verb": "bet", "amount": -1}}',
     "malformed"),
    ('{"v": 1, "type": "act", "id": "a", "at": 1.5, "action": {"verb": "fold"}}', "malformed"),
    ('{"v": 1, "type": "act", "id": "a", "at": true, "action": {"verb": "fold"}}', "malformed"),
    ('{"v": 1, "type": "act", "id": "a b", "at": 1, "action": {"verb": "fold"}}', "malformed"),
    ('{"v": 1, "type": "act", "id": "a", "at": 1, "action": {"verb": "discard", '
     '"cards": ["1x"]}}', "malformed"),
    ('{"v": 1, "type": "sit", "id": "s", "seat": 0, "name": "Ann", "token": "short"}',
     "malformed"),
    ('{"v": 1, "type": "sit", "id": "s", "seat": 0, "name": "showdown", "token": "' + TOKEN
     + '"}', "malformed"),
    ('{"v": 1, "type": "host", "id": "h", "op": "shuffle"}', "malformed"),
    ('{"v": 1, "type": "host", "id": "h", "op": "add_bot", "seat": 1, "bot": "Wizard!"}',
     "malformed"),
    ('{"v": 1, "type": "seed", "id": "s", "seed": ""}', "malformed"),
])
def test_malformed_messages_are_refused_with_a_code(text: str, code: str) -> None:
    assert code_of(text) == code


def test_a_refusal_names_the_message_it_refuses() -> None:
    with pytest.raises(ProtocolError) as info:
        parse_client('{"v": 1, "type": "act", "id": "a7", "at": 1, "action": {"verb": "x"}}')
    assert info.value.re == "a7"
    reply = error_message(info.value, 12)
    assert reply["type"] == "error" and reply["re"] == "a7" and reply["seq"] == 12


def test_oversized_messages_are_refused() -> None:
    text = json.dumps({"v": 1, "type": "seed", "id": "s", "seed": "x" * MAX_MESSAGE_BYTES})
    assert code_of(text) == "malformed"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["v", "type", "id", "at", "action", "seat", "name", "token", "seed",
                          "op", "bot", "last_seq", "host", "buy_in"])


@settings(max_examples=120, deadline=None)
@given(st.dictionaries(FIELDS, JSON | st.sampled_from([1, "act", "sit", "ping", "hello"])))
def test_no_message_breaks_the_parser(data: dict) -> None:
    """Whatever arrives, the answer is a message or a ProtocolError, never a crash."""
    try:
        parse_client(json.dumps(data))
    except ProtocolError:
        return
    assert data.get("v") == 1


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_no_bytes_break_the_parser(raw: bytes) -> None:
    with pytest.raises(ProtocolError):
        parse_client(raw)


def test_names() -> None:
    assert check_name("Zoë") == "Zoë"
    for bad in ("", " Ann", "Ann ", "A" * 21, "Ann  Lee", "Showdown", "Ann fold", "<b>x</b>"):
        with pytest.raises(ProtocolError):
            check_name(bad)


def test_server_messages_carry_the_version_and_a_sequence_number() -> None:
    message = server_message("state", 9, lines=["Ann bet 2"])
    assert json.loads(encode(message)) == {"v": 1, "type": "state", "seq": 9,
                                           "lines": ["Ann bet 2"]}
