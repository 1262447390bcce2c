"""A server killed mid-deal (SIGKILL) and restarted resumes every table exactly, no chip lost.

``bragkit serve`` runs as a subprocess on a free loopback port with a temporary SQLite database;
three players play into a deal over real WebSockets; the server is killed with ``kill -9``,
started again on the same database, and each player reconnects with its seat token and the last
event it saw.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from .support import free_port, start_server, token

BUY_IN = 40


class Player:
    """A browser over a real WebSocket."""

    def __init__(self, port: int, table_id: str, **hello: Any) -> None:
        self.stack = contextlib.ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(
            connect(f"ws://127.0.0.1:{port}/ws/{table_id}"))
        self.ws.send(json.dumps({"v": 1, "type": "hello", **hello}))
        self.seq = 0
        self.state: dict[str, Any] = {}
        self.until("sync")

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps({"v": 1, **message}))

    def until(self, kind: str, check: Any = None) -> dict[str, Any]:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            message = json.loads(self.ws.recv(timeout=10))
            if message["type"] in ("state", "sync"):
                self.seq, self.state = message["seq"], message["state"]
            assert message["type"] != "error", message
            if message["type"] == kind and (check is None or check(message)):
                return message
        raise AssertionError(f"no {kind}")

    def act(self, verb: str, amount: int | None = None) -> int:
        """Act on the state seen so far; the number of the event it became."""
        action: dict[str, Any] = {"verb": verb}
        if amount is not None:
            action["amount"] = amount
        ident = f"{verb}{self.seq}"
        self.send(type="act", id=ident, at=self.seq, action=action)
        applied: int = self.until("reply", lambda m: m["re"] == ident)["applied"]
        return applied

    def close(self) -> None:
        self.stack.close()


def wait_for(players: list[Player], seq: int) -> None:
    """Each player has seen every event up to ``seq``."""
    for player in players:
        if player.seq < seq:
            player.until("state", lambda m, seq=seq: m["seq"] >= seq)


def chips(state: dict[str, Any]) -> int:
    deal = state["deal"]
    return sum(deal["stacks"].values()) + deal["pot"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_server_killed_mid_deal_resumes_exactly(tmp_path: Path) -> None:
    port = free_port()
    database = tmp_path / "web.sqlite3"
    server = start_server(port, database)
    try:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/tables", method="POST",
            data=json.dumps({"rules": {"max_bet": 10}, "buy_in": BUY_IN,
                             "deal_pause": 0.1}).encode(),
            headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            made = json.load(answer)
        table_id, host_token = made["id"], made["host_token"]
        names = ["Ann", "Bob", "Cy"]
        players = {}
        for seat, name in enumerate(names):
            hello = {"host": host_token} if name == "Ann" else {}
            player = players[name] = Player(port, table_id, **hello)
            player.send(type="sit", id="sit", seat=seat, name=name, token=token(name))
            player.until("reply")
        players["Ann"].send(type="host", id="go", op="start")
        for player in players.values():
            player.until("state", lambda m: m["state"]["deal"] is not None)
        # into the deal: Bob looks and bets, Cy bets blind; Ann is to act
        everyone = list(players.values())
        players["Bob"].act("look")
        wait_for(everyone, players["Bob"].act("bet", 2))
        last = players["Cy"].act("blind", 1)
        wait_for(everyone, last)
        before = {name: p.state for name, p in players.items()}
        assert before["Ann"]["deal"]["to_act"] == "Ann"
        assert chips(before["Ann"]) == 3 * BUY_IN

        os.kill(server.pid, signal.SIGKILL)  # kill -9, mid-deal
        server.wait(timeout=10)
        for player in players.values():
            player.close()

        server = start_server(port, database)
        again = {name: Player(port, table_id, token=token(name), last_seq=p.seq,
                              **({"host": host_token} if name == "Ann" else {}))
                 for name, p in players.items()}
        for name, player in again.items():
            assert player.seq == last  # every event anyone saw is there, and no more
            assert player.state["deal"] == before[name]["deal"]  # same cards, same bets
            assert player.state["ledger"] == before[name]["ledger"]
        assert again["Bob"].state["deal"]["hand"] is not None  # Bob looked
        assert again["Cy"].state["deal"]["hand"] is None  # Cy is still blind (rule BL6)
        assert chips(again["Ann"].state) == 3 * BUY_IN

        # and the deal plays on: Ann folds, Bob bets, Cy (blind) sees (rule BL4)
        wait_for(list(again.values()), again["Ann"].act("fold"))
        wait_for(list(again.values()), again["Bob"].act("bet", 2))
        again["Cy"].act("see", 2)
        again["Ann"].send(type="host", id="close", op="close")
        final = again["Ann"].until("state", lambda m: m["state"]["settlement"] is not None)
        stacks = {row["name"]: row["stack"] for row in final["state"]["ledger"]["rows"]}
        assert sum(stacks.values()) == 3 * BUY_IN  # not a chip lost across the crash
        nets = {row["name"]: row["net"] for row in final["state"]["ledger"]["rows"]}
        assert nets == {name: stack - BUY_IN for name, stack in stacks.items()}
        for player in again.values():
            player.close()
    finally:
        server.kill()
        server.wait(timeout=10)
