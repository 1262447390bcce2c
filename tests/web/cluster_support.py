"""What the cluster tests and benchmark share: a round-robin TCP load balancer, ``bragkit
serve`` processes of one cluster, and a simulated browser that reconnects by itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from .support import free_port, start_server

__all__ = ["Browser", "RoundRobin", "free_port", "start_node"]


class RoundRobin:
    """A TCP load balancer in a thread of its own: each new connection goes to the next
    backend port in turn, skipping one that refuses (a dead process); no sticky routing.
    :attr:`routes` lists the backend each connection went to, in order."""

    def __init__(self, backends: list[int]) -> None:
        self.backends = list(backends)
        self.port = free_port()
        self.routes: list[int] = []
        self._next = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        if not self._ready.wait(10):  # pragma: no cover
            raise RuntimeError("the load balancer did not start")

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", self.port))
        self._ready.set()
        self._loop.run_forever()
        server.close()

    async def _handle(self, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> None:
        for _ in range(len(self.backends)):
            port = self.backends[self._next % len(self.backends)]
            self._next += 1
            try:
                back_reader, back_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            self.routes.append(port)
            break
        else:
            writer.close()
            return

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(Exception):
                sink.close()

        await asyncio.gather(pipe(reader, back_writer), pipe(back_reader, writer))

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


def start_node(port: int, database: str, redis: str, log: Path) -> subprocess.Popen[bytes]:
    """One ``bragkit serve`` process of a cluster, listening once this returns."""
    return start_server(port, database, "--redis", redis, "--log-level", "warning", log=log,
                        seconds=30)


class Browser:
    """A player's page: connects to ``url``, says hello with its tokens and the last event it
    saw, resends its unanswered commands, acts at its turn, and reconnects by itself when the
    connection drops (as ``table.js`` does); with a ``cookie`` (a signed-in browser's), as
    that account."""

    def __init__(self, url: str, name: str, seat_token: str, *, host: str | None = None,
                 rng: random.Random | None = None, acts: bool = True,
                 cookie: str | None = None) -> None:
        self.url = url
        self.cookie = cookie
        self.name = name
        self.token = seat_token
        self.host = host
        self.rng = rng or random.Random(name)
        self.acts = acts
        self.seated = False
        self.seq = 0
        self.state: dict[str, Any] | None = None
        self.pending: dict[str, dict[str, Any]] = {}
        self.applied: dict[str, int] = {}
        self.refused: list[dict[str, Any]] = []
        self.lines: list[tuple[int, str]] = []
        self.connects = 0
        self.count = 0
        self.sent_at: dict[str, float] = {}
        self.round_trips: list[float] = []
        self.welcomed = asyncio.Event()
        self._ws: Any = None
        self._acted_at = -1
        self._mine_this_deal: dict[int, int] = {}

    async def run(self, stop: asyncio.Event) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import WebSocketException

        while not stop.is_set():
            try:
                async with connect(self.url, open_timeout=5, max_size=2**22,
                                   additional_headers={"cookie": self.cookie}
                                   if self.cookie else None) as ws:
                    self._ws = ws
                    self.connects += 1
                    hello: dict[str, Any] = {"type": "hello"}
                    if self.seq:
                        hello["last_seq"] = self.seq
                    if self.seated:
                        hello["token"] = self.token
                    if self.host:
                        hello["host"] = self.host
                    await self._send(hello)
                    await self._read(ws, stop)
            except (OSError, WebSocketException, TimeoutError):
                pass
            finally:
                self._ws = None
            if not stop.is_set():
                await asyncio.sleep(0.2)

    async def _read(self, ws: Any, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                self.welcomed.set()
                for pending in list(self.pending.values()):  # resent: applied once
                    await self._send(pending)
            elif kind in ("state", "sync"):
                if message["seq"] >= self.seq:
                    self.seq, self.state = message["seq"], message["state"]
                if kind == "state":
                    self.lines += [(message["seq"], line) for line in message["lines"]]
            elif kind == "reply":
                self.pending.pop(message["re"], None)
                self.applied[message["re"]] = message["applied"]
                sent = self.sent_at.pop(message["re"], None)
                if sent is not None:
                    self.round_trips.append(time.perf_counter() - sent)
            elif kind == "error" and message.get("re") in self.pending:
                self.pending.pop(message["re"])
                self.sent_at.pop(message["re"], None)
                self.refused.append(message)
            await self._maybe_act()

    async def _send(self, message: dict[str, Any]) -> None:
        if self._ws is not None:
            await self._ws.send(json.dumps({"v": 1, **message}))

    async def command(self, **message: Any) -> str:
        """Send a command (with a fresh id); it is resent after a reconnect until answered."""
        self.count += 1
        ident = f"{self.name}-{self.count}"
        full = {"id": ident, **message}
        self.pending[ident] = full
        self.sent_at[ident] = time.perf_counter()
        await self._send(full)
        return ident

    async def sit(self, seat: int) -> None:
        await self.command(type="sit", seat=seat, name=self.name, token=self.token)
        self.seated = True

    def choose(self) -> dict[str, Any] | None:
        """This player's action now, if it is their turn: see when they may; look; fold once
        they have acted twice in a deal of more than two; else the smallest bet."""
        state = self.state
        if not self.acts or state is None or state["deal"] is None:
            return None
        deal = state["deal"]
        if deal["is_over"] or deal["to_act"] != self.name:
            return None
        legal = {o["verb"]: o for o in state["you"]["legal"] if o["player"] == self.name}
        mine = self._mine_this_deal.get(deal["number"], 0)
        if "see" in legal:
            return {"verb": "see", "amount": legal["see"]["min"]}
        if "look" in legal:
            return {"verb": "look"}
        if "fold" in legal and mine >= 2 and len(deal["in_play"]) > 2:
            return {"verb": "fold"}
        for verb in ("bet", "blind", "cover"):
            if verb in legal:
                return {"verb": verb, "amount": legal[verb]["min"]}
        return {"verb": "fold"} if "fold" in legal else None

    async def _maybe_act(self) -> None:
        if self.pending or self._acted_at == self.seq:
            return
        action = self.choose()
        if action is None or self.state is None:
            return
        self._acted_at = self.seq
        number = self.state["deal"]["number"]
        self._mine_this_deal[number] = self._mine_this_deal.get(number, 0) + 1
        await self.command(type="act", at=self.seq, action=action)
