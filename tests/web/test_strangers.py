"""The web table among strangers (issue 15): a name is its token's for the life of the table,
look-alike names are refused, no input crashes a handler or spills a traceback, rates and
top-ups are limited (rule M1), cross-site posts are refused, and a refused connection is told
why with a close code."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bragkit.web.app import create_app
from bragkit.web.limits import ABUSE_CLOSE_CODE, Limits
from bragkit.web.store import Store
from bragkit.web.tables import TableManager

from .support import Client, token

FAST = {"deal_pause": 0, "bot_delay": 0}
NO_RATE = Limits(messages_per_second=0)


class FixedClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def sit(manager: TableManager, table_id: str, seat: int, name: str,
        seat_token: str | None = None) -> Client:
    client = Client(manager, table_id)
    client.send({"type": "hello"})
    client.send({"type": "sit", "id": f"sit{seat}", "seat": seat, "name": name,
                 "token": seat_token or token(name)})
    manager.flush()
    return client


def last_reply(client: Client) -> dict[str, Any]:
    return [m for m in client.poll() if m["type"] in ("reply", "error")][-1]


# -- 1 and 2: names ------------------------------------------------------------------------------


def test_after_bob_leaves_a_stranger_cannot_sit_as_bob_but_bob_can_rule_M1() -> None:
    manager = TableManager(Store("sqlite://"), defaults=FAST, limits=NO_RATE)
    table_id, host_token = manager.create_table({})
    host = Client(manager, table_id)
    host.send({"type": "hello", "host": host_token})
    sit(manager, table_id, 0, "Ann")
    bob = sit(manager, table_id, 1, "Bob")
    host.send({"type": "host", "id": "go", "op": "start"})
    manager.flush()
    bob.send({"type": "leave", "id": "bye"})
    manager.flush()
    room = manager.rooms[table_id]
    assert "Bob" not in room.seats.values()
    impostor = sit(manager, table_id, 2, "Bob", seat_token=token("Mallory"))
    refusal = last_reply(impostor)
    assert refusal["type"] == "error" and "Bob is taken" in refusal["message"]
    assert "Bob" not in room.seats.values()
    back = sit(manager, table_id, 2, "Bob")  # Bob's own token: his account carries on
    assert last_reply(back)["ok"] is True and room.seats[2] == "Bob"


@pytest.mark.parametrize(("name", "like"), [("\u0410nn", "Ann"), ("B\u03bfb", "Bob"),
                                            ("\uff23y", "Cy")])
def test_look_alike_names_are_refused_beside_the_real_ones(name: str, like: str) -> None:
    manager = TableManager(Store("sqlite://"), defaults=FAST, limits=NO_RATE)
    table_id, _ = manager.create_table({})
    for seat, real in enumerate(("Ann", "Bob", "Cy")):
        sit(manager, table_id, seat, real)
    refusal = last_reply(sit(manager, table_id, 4, name, seat_token=token("Eve")))
    assert refusal["type"] == "error" and refusal["code"] == "refused"
    assert like in refusal["message"]
    assert sorted(manager.rooms[table_id].seats.values()) == ["Ann", "Bob", "Cy"]


# -- 4: inputs that crash a handler --------------------------------------------------------------


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(store=Store("sqlite://"), defaults=FAST, manage_gc=False)
    with TestClient(app) as test_client:
        yield test_client


def made(client: TestClient) -> str:
    answer = client.post("/api/tables", json={})
    assert answer.status_code == 201, answer.text
    table_id: str = answer.json()["id"]
    return table_id


def test_json_nested_4000_deep_gets_an_error_reply_and_no_traceback(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    table_id = made(client)
    caplog.set_level(logging.DEBUG)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        deep = "[" * 4000 + "]" * 4000
        assert len(deep.encode()) <= 8192
        ws.send_text(deep)
        reply = json.loads(ws.receive_text())
        assert reply["type"] == "error" and reply["code"] == "malformed"
        assert "nested too deep" in reply["message"]
        ws.send_text(json.dumps({"v": 1, "type": "ping"}))  # the connection lives on
        assert json.loads(ws.receive_text())["type"] == "error"  # (hello comes first)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.parametrize(("body", "why"), [
    (b"[]", "JSON object"), (b"[1, 2]", "JSON object"), (b'"x"', "JSON object"),
    (b"[" * 5000 + b"]" * 5000, "nested too deep"), (b"{" * 3, "JSON"),
    (b'{"name": ' + b"[" * 3000 + b"]" * 3000 + b"}", "nested too deep"),
    (b'{"name": [[[1]]]}', "name"), (b'{"rules": [[1]]}', "rules"),
    (b'{"rules": {"max_bet": [[[]]]}}', "rules"), (b'{"seats": {"a": {}}}', "seats"),
])
def test_bad_settings_get_400_with_one_clear_line(client: TestClient, body: bytes, why: str,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    answer = client.post("/api/tables", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code in (400, 413) and why in answer.json()["error"]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12)
fields = st.sampled_from(["v", "type", "id", "at", "seat", "name", "token", "action", "op",
                          "seed", "last_seq", "buy_in", "host", "bot"])
messages = st.dictionaries(fields, json_values | st.sampled_from(
    [1, "hello", "sit", "act", "host", "seed", "leave", "ping", "resume", "start", "close"]),
    max_size=7)


@settings(max_examples=75, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(messages, min_size=1, max_size=8))
def test_any_message_gets_an_answer_and_never_an_exception(
        caplog: pytest.LogCaptureFixture, sent: list[dict[str, Any]]) -> None:
    manager = TableManager(Store("sqlite://"), defaults=FAST, limits=NO_RATE)
    table_id, _ = manager.create_table({})
    conn = Client(manager, table_id)
    caplog.clear()
    for message in sent:
        conn.send(json.dumps(message))
        manager.flush()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    for message in conn.poll():
        assert message["type"] in ("error", "welcome", "sync", "reply", "state", "pong")


# -- 5: rate limits ------------------------------------------------------------------------------


def test_a_flood_of_messages_is_refused_then_the_connection_closed() -> None:
    clock = FixedClock()
    limits = Limits(messages_per_second=10, message_burst=20, strikes=30)
    manager = TableManager(Store("sqlite://"), defaults=FAST, clock=clock, limits=limits)
    table_id, _ = manager.create_table({})
    flooder = Client(manager, table_id)
    flooder.send({"type": "hello"})
    manager.flush()
    for _ in range(49):
        flooder.send({"type": "ping"})
    answers = flooder.poll()
    assert [m["type"] for m in answers].count("pong") == 19  # the burst less the hello
    limited = [m for m in answers if m["type"] == "error"]
    assert len(limited) == 30 and {m["code"] for m in limited} == {"limited"}
    assert not flooder.conn.closed
    flooder.send({"type": "ping"})  # one strike too many
    assert flooder.conn.closed and flooder.conn.close_code == ABUSE_CLOSE_CODE
    clock.now += 10  # another connection is not touched by it
    other = Client(manager, table_id)
    other.send({"type": "hello"})
    other.send({"type": "ping"})
    assert other.of_type("pong")


def test_500_one_chip_top_ups_are_capped_per_deal_rule_M1() -> None:
    manager = TableManager(Store("sqlite://"), defaults=FAST, limits=NO_RATE)
    table_id, host_token = manager.create_table({})
    host = Client(manager, table_id)
    host.send({"type": "hello", "host": host_token})
    ann = sit(manager, table_id, 0, "Ann")
    sit(manager, table_id, 1, "Bob")
    host.send({"type": "host", "id": "go", "op": "start"})
    manager.flush()
    room = manager.rooms[table_id]
    before = room.seq
    for number in range(500):
        ann.send({"type": "act", "id": f"t{number}", "at": room.seq,
                  "action": {"verb": "topup", "amount": 1}})
        manager.flush()
    topups = [e for e in room.events[before:] if e.kind in ("topup", "act")]
    assert len(topups) == Limits().topups_per_deal == 3
    refused = [m for m in ann.poll() if m["type"] == "error"]
    assert len(refused) == 497 and {m["code"] for m in refused} == {"limited"}
    assert "rule M1" in refused[0]["message"]
    stored = manager.store.load(table_id)
    assert stored is not None and len(stored.events) == room.seq


def test_tables_per_address_are_limited() -> None:
    app = create_app(store=Store("sqlite://"), defaults=FAST, manage_gc=False,
                     limits=Limits(table_burst=2, tables_per_hour=1))
    with TestClient(app) as client:
        assert [client.post("/api/tables", json={}).status_code for _ in range(3)] == [
            201, 201, 429]


@pytest.mark.parametrize(("headers", "status"), [
    ({"content-type": "text/plain"}, 415),
    ({"content-type": "application/x-www-form-urlencoded"}, 415),
    ({"content-type": "application/json", "origin": "https://evil.example"}, 403),
    ({"content-type": "application/json", "sec-fetch-site": "cross-site"}, 403),
    ({"content-type": "application/json", "sec-fetch-site": "same-site"}, 403),
    ({"content-type": "application/json", "sec-fetch-site": "same-origin",
      "origin": "http://testserver"}, 201),
    ({"content-type": "application/json; charset=utf-8"}, 201),
])
def test_cross_site_and_non_json_posts_are_refused(client: TestClient, headers: dict[str, str],
                                                   status: int) -> None:
    answer = client.post("/api/tables", content=b"{}", headers=headers)
    assert answer.status_code == status, answer.text
    if status != 201:
        assert answer.json()["error"]


# -- 6: refused connections ----------------------------------------------------------------------


@pytest.mark.parametrize(("path", "headers", "code"), [
    ("/ws/nope", {}, 4404),
    (None, {"origin": "https://evil.example"}, 4403),
])
def test_a_refused_connection_is_accepted_then_closed_with_its_code(
        client: TestClient, path: str | None, headers: dict[str, str], code: int) -> None:
    url = path or f"/ws/{made(client)}"
    with client.websocket_connect(url, headers=headers) as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text()
    assert closed.value.code == code


def test_the_page_stops_retrying_on_a_refusal_and_says_why() -> None:
    from bragkit.web.app import STATIC

    script = (STATIC / "table.js").read_text()
    handler = script[script.index("ws.onclose"):script.index("function setConn")]
    for code in ("4404", "4403", "4429"):
        assert code in handler
    refused = handler.index("if (refused)")
    assert handler.index("return;", refused) < handler.index("setTimeout(connect")
    assert "no such table" in handler
