"""Tests of the front page's open tables (GET /api/tables, the ``public`` setting) and of the
address invite links use (``--public-url``, the LAN address): issue 15."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from bragkit.errors import BragError
from bragkit.web import address
from bragkit.web.address import invite_base
from bragkit.web.app import create_app
from bragkit.web.config import ConfigError, TableConfig
from bragkit.web.store import Store


def test_a_table_is_public_only_if_its_host_says_so() -> None:
    assert TableConfig.from_dict({}).public is False
    assert TableConfig.from_dict({"public": True}).to_dict()["public"] is True
    with pytest.raises(ConfigError, match="public must be true or false"):
        TableConfig.from_dict({"public": "yes"})


def test_the_open_tables_list_only_public_open_tables_with_seats_free() -> None:
    app = create_app(store=Store("sqlite://"), public_url="https://brag.example.org")
    with TestClient(app) as client:
        shown = client.post("/api/tables", json={"name": "Open", "public": True,
                                                  "seats": 4}).json()
        client.post("/api/tables", json={"name": "Friends only"})
        closed = client.post("/api/tables", json={"name": "Done", "public": True}).json()
        with client.websocket_connect(f"/ws/{closed['id']}") as ws:
            ws.send_json({"v": 1, "type": "hello", "host": closed["host_token"]})
            ws.send_json({"v": 1, "type": "host", "id": "c", "op": "close"})
            while ws.receive_json()["type"] != "reply":
                pass
        tables = client.get("/api/tables").json()["tables"]
        assert tables == [{"id": shown["id"], "name": "Open", "game": "three-card",
                           "status": "lobby", "seats": 4, "free": 4}]
        assert client.get("/api/server").json() == {"public_url": "https://brag.example.org"}


def test_invite_links_use_an_address_friends_can_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.7")
    assert invite_base(None, host="0.0.0.0", port=8000) == "http://192.168.1.7:8000"
    assert invite_base(None, host="127.0.0.1", port=8000) is None  # the page's own address
    assert invite_base("http://brag.lan:9000/", host="0.0.0.0", port=1) == "http://brag.lan:9000"
    monkeypatch.setattr(address, "lan_address", lambda: None)
    assert invite_base(None, host="0.0.0.0", port=8000) is None
    with pytest.raises(BragError):
        invite_base("ftp://x", host="0.0.0.0", port=1)


def test_the_lan_address_is_never_the_loopback() -> None:
    found = address.lan_address()
    assert found is None or not found.startswith("127.")
