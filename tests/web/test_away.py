"""Tests of sitting out, coming back and handing the host role on (issue 15)."""

from __future__ import annotations

import json

import pytest

from bragkit.web.protocol import Away, ProtocolError, parse_client
from bragkit.web.room import Room

from .support import viewer
from .test_room import HOST, SECRET, act, make_room, refused


def next_deal(room: Room) -> None:
    event = room.deal_event()
    assert event is not None
    room.apply(event)


def away(room: Room, name: str, flag: bool = True) -> list[str]:
    return room.apply(room.sit_out(viewer(room, name), away=flag, id=f"a{room.seq}"))


def chips(room: Room) -> int:
    table = room.table
    assert table is not None
    ledger = table.ledger
    return sum(table.stacks.values()) + ledger.in_pot + sum(
        ledger.cashed_out(p) for p in ledger.players) - sum(
        ledger.brought(p) for p in ledger.players)


def test_a_player_sitting_out_is_dealt_no_cards_and_comes_back_with_their_chips() -> None:
    room = make_room()
    refused("refused", make_room(start=False).sit_out, viewer(room, "Ann"), away=True, id="x")
    next_deal(room)
    assert away(room, "Cy") == ["Cy sits out from the next deal"]
    while room.in_deal:  # Cy plays this deal out
        name = room.to_act
        assert name is not None
        act(room, name, "fold")
    assert room.table is not None and "Cy" not in room.table.seats
    stack = room.away.out["Cy"]
    net = room.table.ledger.net("Cy")
    state = room.public_state()
    assert [s["away"] for s in state["seats"] if s] == [False, False, True]
    next_deal(room)
    assert room.deal is not None and "Cy" not in room.deal.players  # skipped
    refused("refused", room.sit_out, viewer(room, "Cy"), away=True, id="y")
    assert away(room, "Cy", False) == ["Cy is back from the next deal"]
    while room.in_deal:
        name = room.to_act
        assert name is not None
        act(room, name, "fold")
    assert room.table.stacks["Cy"] == stack and room.table.ledger.net("Cy") == net
    next_deal(room)
    assert room.deal is not None and "Cy" in room.deal.players
    assert chips(room) == 0  # no chip made or lost (M1)


def test_two_players_not_sitting_out_are_needed_to_deal_rule_D1() -> None:
    room = make_room(("Ann", "Bob"))
    away(room, "Bob")
    assert room.deal_event() is None
    away(room, "Bob", False)
    assert room.deal_event() is not None


def test_a_player_sitting_out_may_leave_and_the_replay_agrees() -> None:
    room = make_room()
    away(room, "Cy")
    room.apply(room.leave(viewer(room, "Cy"), id="bye"))
    assert "Cy" not in room.seats.values()
    again = Room.replay(table_id="t", config=room.config, secret=SECRET,
                        host_hash=room.host_hash, events=room.events)
    assert again.public_state() == room.public_state()


def test_the_host_hands_the_host_role_to_a_seated_player() -> None:
    room = make_room()
    refused("refused", room.host_op, HOST, op="handover", seat=7, id="h0")
    old_hash = room.host_hash
    room.apply(room.host_op(HOST, op="handover", seat=2, id="h1"))  # Bob
    assert not room.is_host(old_hash)  # the host link no longer gives host powers
    assert room.viewer(viewer(room, "Bob").token_hash).host
    assert not room.viewer(viewer(room, "Ann").token_hash, host=True).host
    bob = room.viewer(viewer(room, "Bob").token_hash)
    room.apply(room.host_op(bob, op="pause", id="p"))
    assert room.status == "paused"
    with pytest.raises(ProtocolError):
        room.host_op(room.viewer(None, host=True), op="resume", id="r")


def test_the_away_message_of_the_protocol() -> None:
    text = json.dumps({"v": 1, "type": "away", "id": "a1", "away": True})
    assert parse_client(text) == Away(id="a1", away=True)
    with pytest.raises(ProtocolError):
        parse_client(json.dumps({"v": 1, "type": "away", "id": "a1", "away": "yes"}))
