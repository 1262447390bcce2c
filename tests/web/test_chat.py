"""Tests of chat at a web table (issue 15): length- and rate-limited, stored like events so a
reconnect sees it, no part of the deal, and the host can mute a player."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bragkit.web.chat import MAX_CHAT, RATE_COUNT, RATE_SECONDS
from bragkit.web.protocol import Chat, ProtocolError, parse_client
from bragkit.web.room import Room, Viewer
from bragkit.web.store import Store
from bragkit.web.tables import TableManager

from .support import Client, settle, token, viewer
from .test_room import HOST, SECRET, make_room


def say(room: Room, name: str, text: str, at: float) -> None:
    room.apply(room.say(viewer(room, name), text=text, id=f"c{room.seq}", at=at))


def refused(room: Room, name: str, text: object, at: float) -> str:
    seq, events = room.seq, len(room.events)
    with pytest.raises(ProtocolError) as info:
        room.say(viewer(room, name), text=text, id="x", at=at)  # type: ignore[arg-type]
    assert info.value.code == "refused" and (room.seq, len(room.events)) == (seq, events)
    return str(info.value)


def test_chat_lines_are_in_every_state_and_no_line_of_the_log() -> None:
    room = make_room()
    before = room.log_since(None)
    say(room, "Ann", "  good   luck  ", at=1.0)
    assert room.public_state()["chat"] == [{"from": "Ann", "text": "good luck", "at": 1.0}]
    assert room.log_since(None) == before  # chat is no part of the deal's log
    assert room.state_for(Viewer())["chat"][-1]["text"] == "good luck"  # spectators see it


def test_chat_is_length_and_rate_limited() -> None:
    room = make_room()
    refused(room, "Ann", "x" * (MAX_CHAT + 1), at=0.0)
    refused(room, "Ann", "   ", at=0.0)
    refused(room, "Ann", "bell\x07", at=0.0)
    for n in range(RATE_COUNT):
        say(room, "Ann", f"line {n}", at=float(n))
    assert "wait" in refused(room, "Ann", "one more", at=float(RATE_COUNT))
    say(room, "Bob", "me too", at=float(RATE_COUNT))  # the limit is per sender
    say(room, "Ann", "later", at=RATE_SECONDS + 1)


def test_spectators_do_not_chat() -> None:
    room = make_room()
    with pytest.raises(ProtocolError):
        room.say(Viewer(), text="hi", id="x", at=0.0)


def test_the_host_mutes_and_unmutes_a_player() -> None:
    room = make_room()
    with pytest.raises(ProtocolError) as info:
        room.host_op(viewer(room, "Ann"), op="mute", seat=2, id="m")
    assert info.value.code == "forbidden"
    room.apply(room.host_op(HOST, op="mute", seat=2, id="m"))  # Bob sits in seat 2
    assert room.public_state()["muted"] == ["Bob"]
    assert "muted" in refused(room, "Bob", "hey", at=0.0)
    room.apply(room.host_op(HOST, op="unmute", seat=2, id="u"))
    say(room, "Bob", "thanks", at=1.0)


def test_chat_survives_a_replay() -> None:
    room = make_room()
    say(room, "Ann", "hello", at=1.0)
    room.apply(room.host_op(HOST, op="mute", seat=0, id="m"))
    again = Room.replay(table_id="t", config=room.config, secret=SECRET,
                        host_hash=room.host_hash, events=room.events)
    assert again.public_state()["chat"] == room.public_state()["chat"]
    assert again.public_state()["muted"] == ["Ann"]


def test_the_chat_message_of_the_protocol() -> None:
    assert parse_client(json.dumps({"v": 1, "type": "chat", "id": "c1", "text": "hi"})) == Chat(
        id="c1", text="hi")
    with pytest.raises(ProtocolError):
        parse_client(json.dumps({"v": 1, "type": "chat", "id": "c1", "text": 3}))


def test_a_reconnect_sees_recent_chat_through_the_protocol(tmp_path: Path) -> None:
    async def main() -> None:
        store = f"sqlite:///{tmp_path / 'chat.db'}"
        manager = TableManager(Store(store), defaults={"deal_pause": 0, "bot_delay": 0})
        table_id, _ = manager.create_table({"seats": 4})
        ann = Client(manager, table_id)
        ann.send({"type": "hello"})
        ann.send({"type": "sit", "id": "s", "seat": 0, "name": "Ann", "token": token("Ann")})
        await settle()
        ann.send({"type": "chat", "id": "c1", "text": "<b>hi</b>"})
        await settle()
        assert ann.state["chat"][-1] == {"from": "Ann", "text": "<b>hi</b>",
                                         "at": ann.state["chat"][-1]["at"]}
        manager.shutdown()
        again = TableManager(Store(store), defaults={"deal_pause": 0, "bot_delay": 0})
        back = Client(again, table_id)
        back.send({"type": "hello", "token": token("Ann")})
        await settle()
        assert [c["text"] for c in back.state["chat"]] == ["<b>hi</b>"]  # stored, as text
        again.shutdown()

    asyncio.run(main())


def test_spectators_are_counted_in_every_message() -> None:
    async def main() -> None:
        manager = TableManager(Store("sqlite://"), defaults={"deal_pause": 0, "bot_delay": 0})
        table_id, _ = manager.create_table({"seats": 4})
        ann, watcher = Client(manager, table_id), Client(manager, table_id)
        for client in (ann, watcher):
            client.send({"type": "hello"})
        await settle()
        ann.send({"type": "sit", "id": "s", "seat": 0, "name": "Ann", "token": token("Ann")})
        await settle()
        assert ann.of_type("state")[-1]["spectators"] == 1  # the watcher; Ann now sits
        manager.shutdown()

    asyncio.run(main())
