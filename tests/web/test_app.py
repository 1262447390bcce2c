"""Tests of bragkit.web.app over real WebSockets (Starlette's test client): replayed,
out-of-order, malformed and forged messages, and the HTTP routes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bragkit.fairness import FairnessProof, verify
from bragkit.games.three_card.notation import read_bhh
from bragkit.web.app import create_app
from bragkit.web.store import Store

from .support import token

FAST = {"deal_pause": 0, "bot_delay": 0}


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(store=Store("sqlite://"), defaults=FAST)
    with TestClient(app) as test_client:
        yield test_client


def new_table(client: TestClient, **settings: Any) -> tuple[str, str]:
    made = client.post("/api/tables", json={"rules": {"max_bet": 10}, **settings})
    assert made.status_code == 201, made.text
    body = made.json()
    return body["id"], body["host_token"]


class Socket:
    """A WebSocket speaking the protocol, remembering what it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seq = 0

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps({"v": 1, **message}))

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.receive_text())
        if message["type"] in ("state", "sync"):
            self.seq = message["seq"]
        return message

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        for _ in range(200):
            message = self.receive()
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
        raise AssertionError(f"no {kind} {fields}")

    def hello(self, **fields: Any) -> dict[str, Any]:
        self.send(type="hello", **fields)
        self.until("welcome")
        return self.until("sync")


def test_the_pages_and_the_pictures_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "Start a table" in lobby.text
    assert "script-src 'self'" in lobby.headers["content-security-policy"]
    table_id, _ = new_table(client)
    assert "table.js" in client.get(f"/t/{table_id}").text
    assert client.get("/t/nope").status_code == 404
    assert client.get("/static/table.js").status_code == 200
    card = client.get("/cards/Td.svg")
    assert ET.fromstring(card.text).get("aria-label") == "ten of diamonds"
    assert client.get("/cards/back.svg").status_code == 200
    assert client.get("/cards/Xx.svg").status_code == 404


def test_bad_settings_are_refused(client: TestClient) -> None:
    json_type = {"content-type": "application/json"}
    assert client.post("/api/tables", content=b"{", headers=json_type).status_code == 400
    answer = client.post("/api/tables", json={"rules": {"min_bet": 5, "max_bet": 2}})
    assert answer.status_code == 400 and "rule B1" in answer.json()["error"]


def test_malformed_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    table_id, _ = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        sock = Socket(ws)
        sync = sock.hello()
        for text in ["nonsense", "[]", '{"v": 9, "type": "ping"}', '{"v": 1, "type": "x"}',
                     '{"v": 1, "type": "sit", "id": "s", "seat": "one", "name": "A", '
                     '"token": "' + token("A") + '"}']:
            ws.send_text(text)
            reply = sock.receive()
            assert reply["type"] == "error" and reply["code"] in ("malformed", "version")
        ws.send_bytes(b"\x00\x01")
        assert sock.receive()["code"] == "malformed"
        sock.send(type="ping")
        assert sock.receive() == {"v": 1, "type": "pong", "seq": sync["seq"]}


def test_out_of_order_messages_are_refused(client: TestClient) -> None:
    table_id, host_token = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        sock = Socket(ws)
        sock.send(type="ping")  # before hello
        assert sock.receive()["code"] == "order"
        sock.hello(host=host_token)
        sock.send(type="hello")  # a second hello
        assert sock.receive()["code"] == "order"
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        sock = Socket(ws)
        sock.send(type="hello", last_seq=99)  # from the future: start again from here
        assert sock.receive()["type"] == "welcome"
        assert sock.receive()["code"] == "order"
        assert sock.receive()["type"] == "sync"


def test_replayed_forged_stale_and_illegal_actions(client: TestClient) -> None:
    table_id, host_token = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws_ann, \
            client.websocket_connect(f"/ws/{table_id}") as ws_bob, \
            client.websocket_connect(f"/ws/{table_id}") as ws_eve:
        ann, bob, eve = Socket(ws_ann), Socket(ws_bob), Socket(ws_eve)
        ann.hello(host=host_token)
        bob.hello()
        eve.hello()
        ann.send(type="sit", id="s-ann", seat=0, name="Ann", token=token("Ann"))
        ann.until("reply", re="s-ann")
        bob.send(type="sit", id="s-bob", seat=1, name="Bob", token=token("Bob"))
        bob.until("reply", re="s-bob")
        # forged: a host command without the host's token, a seat taken with a used token
        eve.send(type="host", id="e1", op="start")
        assert eve.until("error")["code"] == "forbidden"
        eve.send(type="sit", id="e2", seat=2, name="Eve", token=token("Ann"))
        assert eve.until("error")["code"] == "conflict"
        ann.send(type="host", id="go", op="start")
        ann.until("reply", re="go")
        state = bob.until("state", lines=["Deal 1: Ann deals (a fresh shuffle)"])["state"]
        assert state["deal"]["to_act"] == "Bob"
        at = bob.seq
        # forged: acting without a seat, or for another seat
        eve.send(type="act", id="e3", at=at, action={"verb": "fold"})
        assert eve.until("error")["code"] == "forbidden"
        ann.send(type="act", id="a1", at=at, action={"verb": "fold", "player": "Bob"})
        assert ann.until("error")["code"] == "forbidden"
        # illegal: out of turn (rule B11)
        ann.send(type="act", id="a2", at=at, action={"verb": "fold"})
        error = ann.until("error")
        assert (error["code"], error["rule"], error["re"]) == ("illegal", "B11", "a2")
        # replayed: the same bet three times is applied once
        for _ in range(3):
            bob.send(type="act", id="b1", at=at, action={"verb": "bet", "amount": 2})
        first = bob.until("reply", re="b1")
        assert "duplicate" not in first
        assert bob.until("reply", re="b1")["duplicate"] is True
        assert bob.until("reply", re="b1")["applied"] == first["applied"]
        state = ann.until("state", lines=["Bob bets 2"])["state"]
        assert state["deal"]["actions"] == ["Bob bet 2"] and state["deal"]["pot"] == 4
        # stale: built on the state before Bob's bet, which changed Ann's options
        ann.send(type="act", id="a3", at=at, action={"verb": "bet", "amount": 1})
        assert ann.until("error", re="a3")["code"] == "stale"
        # Ann looks and sees Bob: open against open, twice the stake (rule B6)
        ann.send(type="act", id="a4", at=ann.seq, action={"verb": "look"})
        ann.until("reply", re="a4")
        ann.send(type="act", id="a5", at=ann.seq, action={"verb": "see", "amount": 4})
        ann.until("reply", re="a5")
        for _ in range(5):
            end = bob.until("state")["state"]
            if end["deal"]["is_over"]:
                break
        assert end["deal"]["is_over"] and "Bob" in end["deal"]["shown"]  # the seen player shows


def test_a_cross_site_page_cannot_open_the_socket(client: TestClient) -> None:
    table_id, _ = new_table(client)
    with pytest.raises(WebSocketDisconnect) as info, client.websocket_connect(
            f"/ws/{table_id}", headers={"origin": "https://evil.example"}) as ws:
        ws.receive_text()
    assert info.value.code == 4403
    with pytest.raises(WebSocketDisconnect) as info, client.websocket_connect(
            "/ws/no-such-table") as ws:
        ws.receive_text()
    assert info.value.code == 4404


def test_a_seat_comes_back_with_its_token(client: TestClient) -> None:
    table_id, _ = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        sock = Socket(ws)
        sock.hello()
        sock.send(type="sit", id="s", seat=3, name="Ann", token=token("Ann"))
        sock.until("reply", re="s")
    with client.websocket_connect(f"/ws/{table_id}") as ws:  # a reload, another tab
        sock = Socket(ws)
        sock.send(type="hello", token=token("Ann"))
        assert sock.until("welcome")["you"]["name"] == "Ann"
        assert sock.until("sync")["state"]["you"]["seat"] == 3
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        sock = Socket(ws)
        sock.send(type="hello", token="not-anyones-token-at-all")
        error = sock.until("error")
        assert error["code"] == "forbidden"
        assert sock.until("sync")["state"]["you"]["seat"] is None  # watching


def test_records_and_proofs_download_once_released(client: TestClient) -> None:
    table_id, host_token = new_table(client, rules={"max_bet": 10, "shuffle": "always"})
    with client.websocket_connect(f"/ws/{table_id}") as ws_ann, \
            client.websocket_connect(f"/ws/{table_id}") as ws_bob:
        ann, bob = Socket(ws_ann), Socket(ws_bob)
        ann.hello(host=host_token)
        bob.hello()
        ann.send(type="sit", id="s", seat=0, name="Ann", token=token("Ann"))
        bob.send(type="sit", id="s", seat=1, name="Bob", token=token("Bob"))
        bob.until("reply", re="s")
        assert client.get(f"/api/tables/{table_id}/deals/1.bhh").status_code == 404
        ann.send(type="host", id="go", op="start")
        bob.until("state", lines=["Deal 1: Ann deals (a fresh shuffle)"])
        assert client.get(f"/api/tables/{table_id}/deals/1.bhh").status_code == 404
        ann.send(type="act", id="a", at=bob.seq, action={"verb": "look"})  # rule BL6
        ann.until("reply", re="a")
        bob.send(type="act", id="b", at=bob.seq + 1, action={"verb": "fold"})
        state = ann.until("state", lines=["Bob folds", "Ann takes 2"])["state"]
        assert state["records"][0]["released"] is True
    record = client.get(f"/api/tables/{table_id}/deals/1.bhh")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    parsed = read_bhh(record.text)
    assert parsed.players == ("Ann", "Bob")
    assert [str(a) for a in parsed.actions] == ["Ann look", "Bob fold"]
    proof = client.get(f"/api/tables/{table_id}/deals/1/proof")
    assert verify(FairnessProof.from_json(proof.text)).cards == parsed.pack
    assert client.get(f"/api/tables/{table_id}/deals/2/analysis").status_code == 404
    analysis = client.get(f"/api/tables/{table_id}/deals/1/analysis")
    assert analysis.status_code == 200
    found = analysis.json()
    # Bob's turn; Ann's look came out of turn (BL6), no turn of hers to weigh
    assert [(d["player"], d["taken"]) for d in found["decisions"]] == [("Bob", "Bob fold")]
    assert found["rollouts"] > 0 and found["decisions"][0]["choices"]
    assert client.get(f"/api/tables/{table_id}/deals/1/analysis").json() == found  # kept


def test_only_the_three_card_family_is_analysed(client: TestClient) -> None:
    table_id, _ = new_table(client, game="crash", rules={})
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        assert Socket(ws).hello()["settings"]["analysable"] is False
    three, _ = new_table(client)
    with client.websocket_connect(f"/ws/{three}") as ws:
        assert Socket(ws).hello()["settings"]["analysable"] is True


def test_closing_shows_everyone_the_settlement(client: TestClient) -> None:
    table_id, host_token = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws_ann, \
            client.websocket_connect(f"/ws/{table_id}") as ws_bob, \
            client.websocket_connect(f"/ws/{table_id}") as ws_watch:
        ann, bob, watcher = Socket(ws_ann), Socket(ws_bob), Socket(ws_watch)
        ann.hello(host=host_token)
        bob.hello()
        watcher.hello()
        ann.send(type="sit", id="s", seat=0, name="Ann", token=token("Ann"))
        bob.send(type="sit", id="s", seat=1, name="Bob", token=token("Bob"))
        bob.until("reply", re="s")
        ann.send(type="host", id="go", op="start")
        bob.until("state", lines=["Deal 1: Ann deals (a fresh shuffle)"])
        bob.send(type="act", id="b", at=bob.seq, action={"verb": "bet", "amount": 3})
        ann.until("state", lines=["Bob bets 3"])
        ann.send(type="host", id="end", op="close")
        ann.send(type="act", id="f", at=ann.seq + 1, action={"verb": "fold"})
        for sock in (ann, bob, watcher):
            state = sock.until("state", lines=["Ann folds", "Bob takes 5", "The table is closed",
                                               "Settlement: Ann pays Bob 1"])["state"]
            assert state["settlement"]["payments"] == ["Ann pays Bob 1"]
            assert state["table"]["status"] == "closed"
