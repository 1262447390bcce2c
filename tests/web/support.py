"""Helpers shared by the web table's tests: card tokens in messages, a test client for the
table manager, free ports."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bragkit.web.room import Room, Viewer, token_hash
from bragkit.web.tables import Connection, TableManager

CARD_TOKEN = re.compile(r"(?:[2-9TJQKA][shdc]|Jk)")


_CARD_WORD = re.compile(r'(?<=[" ])(?:[2-9TJQKA][shdc]|Jk)(?=[" ])')


def cards_in(data: Any) -> set[str]:
    """Every card written anywhere in a message: any space-separated word of any of its
    strings that is a card's text (``"Qh"``, ``"Jk"``), found in the message's JSON text.

    >>> sorted(cards_in({"hand": ["Qh", "Jk"], "log": ["Ann shows 7c 7d 2s"], "id": "a-7c-b"}))
    ['2s', '7c', '7d', 'Jk', 'Qh']
    """
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return set(_CARD_WORD.findall(text))


def token(name: str) -> str:
    """A seat token for a test player (URL-safe, long enough)."""
    return (name + "-token-" * 4)[:40].replace(" ", "_")


def viewer(room: Room, name: str) -> Viewer:
    """The viewer holding ``name``'s seat (made with :func:`token`)."""
    return room.viewer(token_hash(token(name)))


async def settle(turns: int = 6) -> None:
    """Let the event loop run its pending callbacks (group commits, bots, next deals)."""
    for _ in range(turns):
        await asyncio.sleep(0)


class Client:
    """A browser for the manager: a connection, messages in, JSON out."""

    def __init__(self, manager: TableManager, table_id: str) -> None:
        self.manager = manager
        self.conn: Connection = manager.connect(table_id)
        self.received: list[dict[str, Any]] = []
        self.count = 0

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps({"v": 1, **message})
        self.manager.receive(self.conn, text)

    def poll(self) -> list[dict[str, Any]]:
        """The messages that arrived since the last poll."""
        new = self.conn.drain()
        self.received += new
        return new

    @property
    def state(self) -> dict[str, Any]:
        """The last full state received."""
        self.poll()
        for message in reversed(self.received):
            if message["type"] in ("state", "sync"):
                return message["state"]
        raise AssertionError("no state received")

    @property
    def seq(self) -> int:
        self.poll()
        return max(m["seq"] for m in self.received if m["type"] in ("state", "sync"))

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        self.poll()
        return [m for m in self.received if m["type"] == kind]

    def next_id(self) -> str:
        self.count += 1
        return f"m{self.count}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def random_event(room: Room, rng: Any, *, topups: bool = True) -> Any:
    """A random legal event for a room that has started: the next deal between deals, else a
    random legal action of a random player (top-ups now and then)."""
    from bragkit.web.room import Event

    if not room.in_deal:
        return room.deal_event()
    deal = room.deal
    assert deal is not None
    names = [n for n in deal.players if deal.legal_actions(n)]
    name = rng.choice(names)
    options = [o for o in deal.legal_actions(name)
               if o.verb.value != "topup" or (topups and rng.random() < 0.05)]
    if not options:
        return None
    option = rng.choice(options)
    kwargs: dict[str, Any] = {}
    if option.verb.value == "discard":
        hand = deal.view(name).hand
        if hand is None:
            return None
        kwargs["cards"] = [str(c) for c in rng.sample(list(hand), option.discards)]
    if option.min_amount is not None:
        high = option.max_amount if option.max_amount is not None else option.min_amount + 20
        kwargs["amount"] = rng.randint(option.min_amount, min(high, option.min_amount + 20))
    if option.hand is not None:
        kwargs["hand"] = option.hand
    from bragkit.web.protocol import ProtocolError

    try:
        event: Event = room.act(viewer(room, name), verb=option.verb.value, at=room.seq,
                                id=f"r{room.seq}", **kwargs)
    except ProtocolError as error:  # e.g. an action the table refuses (paused, stale)
        assert error.code == "refused", error
        return None
    return event


def start_server(port: int, database: Path | str, *options: str, log: Path | None = None,
                 seconds: float = 60) -> subprocess.Popen[bytes]:
    """A ``bragkit serve`` process on ``port``, listening once this returns: ``database`` an
    SQLite file (its log beside it) or a URL (give ``log``), with more ``options``. ``seconds``
    bounds a hang, it measures no speed: a loaded machine once took over 20 to start one."""
    if isinstance(database, Path):
        log, database = log or database.with_suffix(".log"), f"sqlite:///{database}"
    assert log is not None
    with log.open("ab") as sink:  # a file, never a pipe nobody reads (it would fill and block)
        process = subprocess.Popen(
            [sys.executable, "-m", "bragkit", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--database", database, *options],
            stdout=sink, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(log.read_text())
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")
