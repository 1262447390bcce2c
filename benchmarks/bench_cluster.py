"""Benchmark: one load on three ``bragkit serve`` processes (PostgreSQL + Redis) against the same
load on one process (PostgreSQL), in one run.

Each phase starts its server processes on a fresh PostgreSQL database, creates tables of five
players, connects every player (``--connections``, default 2,000) and lets them play, each
thinking 0.5–1.5 s before acting: 10 s of warm-up, then the measured ``--seconds``. In the
cluster phase there is no sticky routing: connection *i* goes to process *i* mod 3, so the
players of one table sit on different processes and every action crosses Redis to reach the
others. Printed per phase: the round trip of an action (sent →
its reply, which comes once the event is stored), p50 and p99; actions a second; the servers'
CPU (all their processes, as a share of one core); the load generator's CPU. The cluster's
figures are also given as ratios of the one process's.

Needs PostgreSQL and Redis (``BRAGKIT_TEST_POSTGRES``, default
``postgresql://postgres@127.0.0.1:5432/test``; ``BRAGKIT_TEST_REDIS``, default
``redis://127.0.0.1:6379/0``). Run: ``python benchmarks/bench_cluster.py [--quick]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

PG_SERVER = os.environ.get("BRAGKIT_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BRAGKIT_TEST_REDIS", "redis://127.0.0.1:6379/0")
PER_TABLE = 5
WARM_UP = 10.0  # seconds of play before the measured phase
ERRORS: dict[str, int] = {}  # the error replies of a phase, by code
SETTINGS = {"deal_pause": 0.5, "bot_delay": 0, "turn_seconds": 0, "seats": PER_TABLE}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    import psycopg

    name = f"bragkit_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_SERVER, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield PG_SERVER.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def cpu_seconds(pid: int) -> float:
    """CPU seconds a process has used (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(port: int, database: str, redis: str | None, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "bragkit", "serve", "--host", "127.0.0.1", "--port",
               str(port), "--database", database, "--log-level", "warning"]
    if redis is not None:
        command += ["--redis", redis]
    with log.open("ab") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"a server did not start: {log.read_text()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("a server did not start in 30 s")


def create_table(port: int) -> tuple[str, str]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", method="POST",
        data=json.dumps(SETTINGS).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        made = json.loads(answer.read())
    return made["id"], made["host_token"]


class Player:
    """One simulated player on its own connection."""

    def __init__(self, ws: Any, name: str, rng: random.Random) -> None:
        self.ws = ws
        self.name = name
        self.rng = rng
        self.seq = 0
        self.state: dict[str, Any] | None = None
        self.waiting: dict[str, float] = {}
        self.count = 0
        self.acting = False

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps({"v": 1, **message}))

    def choose(self) -> dict[str, Any] | None:
        state = self.state
        if state is None or state["deal"] is None or state["deal"]["is_over"]:
            return None
        if state["deal"]["to_act"] != self.name:
            return None
        legal = {o["verb"]: o for o in state["you"]["legal"] if o["player"] == self.name}
        roll = self.rng.random()
        if "see" in legal and roll < 0.5:
            return {"verb": "see", "amount": legal["see"]["min"]}
        if "look" in legal and roll < 0.3:
            return {"verb": "look"}
        if "fold" in legal and roll < 0.2:
            return {"verb": "fold"}
        for verb in ("bet", "blind", "cover", "see"):
            if verb in legal:
                return {"verb": verb, "amount": legal[verb]["min"]}
        return {"verb": "fold"} if "fold" in legal else None


async def play(player: Player, stop: float, samples: list[float]) -> None:
    """Read messages until ``stop``; act at each turn after thinking; time each reply."""

    async def act_later(at: int) -> None:
        await asyncio.sleep(player.rng.uniform(0.5, 1.5))
        action = player.choose()
        if action is None or player.seq != at:
            player.acting = False
            return
        player.count += 1
        ident = f"{player.name}-{player.count}"
        player.waiting[ident] = time.perf_counter()
        await player.send(type="act", id=ident, at=player.seq, action=action)

    tasks = set()
    while time.monotonic() < stop:
        try:
            text = await asyncio.wait_for(player.ws.recv(),
                                          timeout=max(stop - time.monotonic(), 0.01))
        except TimeoutError:
            break
        message = json.loads(text)
        kind = message["type"]
        if kind in ("state", "sync") and message["seq"] >= player.seq:
            player.seq, player.state = message["seq"], message["state"]
        elif kind == "reply":
            sent = player.waiting.pop(message["re"], None)
            if sent is not None:
                samples.append(time.perf_counter() - sent)
            player.acting = False
        elif kind == "error":
            player.waiting.pop(message.get("re"), None)
            player.acting = False
            ERRORS[message["code"]] = ERRORS.get(message["code"], 0) + 1
        if not player.acting and time.monotonic() < stop and player.choose() is not None:
            player.acting = True
            task = asyncio.get_running_loop().create_task(act_later(player.seq))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
    for task in tasks:
        task.cancel()


async def seat(ports: list[int], connections: int, rng: random.Random) -> list[Player]:
    from websockets.asyncio.client import connect

    tables = max(1, connections // PER_TABLE)
    made = [create_table(ports[t % len(ports)]) for t in range(tables)]
    everyone: list[Player] = []
    for t, (table_id, host_token) in enumerate(made):
        for chair in range(PER_TABLE):
            port = ports[len(everyone) % len(ports)]  # no sticky routing
            ws = await connect(f"ws://127.0.0.1:{port}/ws/{table_id}", max_size=2**22,
                               ping_interval=None, open_timeout=60)
            player = Player(ws, f"P{t}x{chair}", random.Random(rng.random()))
            hello: dict[str, Any] = {"type": "hello"}
            if chair == 0:
                hello["host"] = host_token
            await player.send(**hello)
            await player.send(type="sit", id="sit", seat=chair, name=player.name,
                              token=f"token-{t}-{chair}-" + "x" * 24)
            everyone.append(player)
    refused: dict[str, int] = {}
    for number, player in enumerate(everyone):
        tries = 1
        while True:
            message = json.loads(await asyncio.wait_for(player.ws.recv(), timeout=120))
            if message["type"] == "reply" and message["re"].startswith("sit"):
                break
            if message["type"] == "error" and str(message.get("re")).startswith("sit"):
                refused[message["code"]] = refused.get(message["code"], 0) + 1
                tries += 1  # e.g. unavailable after many conflicts: sit again
                t, chair = divmod(number, PER_TABLE)
                await player.send(type="sit", id=f"sit{tries}", seat=chair, name=player.name,
                                  token=f"token-{t}-{chair}-" + "x" * 24)
            if message["type"] in ("state", "sync"):
                player.seq, player.state = message["seq"], message["state"]
    if refused:
        print(f"  sits refused and sent again: {refused}")
    return everyone


def figures(samples: list[float]) -> tuple[float, float]:
    if not samples:
        return float("nan"), float("nan")
    ordered = sorted(samples)
    return (statistics.median(ordered) * 1e3,
            ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e3)


async def phase(label: str, processes: int, connections: int, seconds: float,
                seed: int) -> dict[str, float]:
    with fresh_database() as database, tempfile.TemporaryDirectory() as folder:
        redis = REDIS_URL if processes > 1 else None
        ports = [free_port() for _ in range(processes)]
        nodes = [start(port, database, redis, Path(folder) / f"node{i}.log")
                 for i, port in enumerate(ports)]
        try:
            began = time.perf_counter()
            players = await seat(ports, connections, random.Random(seed))
            setup = time.perf_counter() - began
            for host in players[::PER_TABLE]:
                await host.send(type="host", id="go", op="start")
            # a warm-up, not measured: the servers digest the seating and every table deals
            await asyncio.gather(*(play(p, time.monotonic() + WARM_UP, []) for p in players))
            for player in players:
                player.acting = False
                player.waiting.clear()
            samples: list[float] = []
            ERRORS.clear()
            stop = time.monotonic() + seconds
            cpu = sum(cpu_seconds(n.pid) for n in nodes)
            mine = time.process_time()
            began = time.perf_counter()
            await asyncio.gather(*(play(p, stop, samples) for p in players))
            elapsed = time.perf_counter() - began
            busy = (sum(cpu_seconds(n.pid) for n in nodes) - cpu) / elapsed
            client = (time.process_time() - mine) / elapsed
            for player in players:
                with contextlib.suppress(Exception):
                    await player.ws.close()
        finally:
            for node in nodes:
                node.kill()
                node.wait(10)
            troubles = [line for i in range(processes)
                        for line in (Path(folder) / f"node{i}.log").read_text().splitlines()
                        if "Traceback" in line or "ERROR" in line]
    p50, p99 = figures(samples)
    rate = len(samples) / elapsed
    print(f"{label:26s} {len(players)} connections, {len(players) // PER_TABLE} tables "
          f"(seated in {setup:.0f} s): act p50 {p50:7.2f} ms  p99 {p99:8.2f} ms  "
          f"{rate:6.0f} actions/s  CPU: servers {busy:.0%}, players {client:.0%}", flush=True)
    if ERRORS:
        print(f"  error replies while playing: {ERRORS}")
    if troubles:
        print("  server log:", *troubles[:5], sep="\n  ")
    return {"p50": p50, "p99": p99, "rate": rate, "cpu": busy}


async def main(connections: int, seconds: float, seed: int) -> None:
    one = await phase("one process (PostgreSQL)", 1, connections, seconds, seed)
    three = await phase("three processes (+Redis)", 3, connections, seconds, seed)
    print(f"three against one: p50 x{three['p50'] / one['p50']:.2f}, "
          f"p99 x{three['p99'] / one['p99']:.2f}, actions/s x{three['rate'] / one['rate']:.2f}, "
          f"server CPU x{three['cpu'] / one['cpu']:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="200 connections, 5 s phases")
    options = parser.parse_args()
    if options.quick:
        options.connections, options.seconds = 200, 5.0
    print(f"bench_cluster: {PER_TABLE} players a table, {options.seconds:g} s of play a phase; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} (the machine's other "
          "work slows both phases: compare ratios)")
    asyncio.run(main(options.connections, options.seconds, options.seed))
