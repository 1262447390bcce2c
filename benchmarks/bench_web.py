"""Speed of the web table: action round trips over WebSockets with many players connected.

Starts ``bragkit serve`` as a subprocess on a free loopback port (127.0.0.1 only) with a
temporary SQLite database, then connects N simulated players from this process, four to a table,
each a small bot that plays its turns over the protocol (look, bet the least, see when it can,
fold now and then). Every action is written to the database before its reply is sent, so the
round trip measured — from sending ``act`` to receiving its ``reply`` — includes the check, the
engine, the group commit and the broadcast of each seat's censored state.

The baseline, measured in the same run on the same connections, is the protocol's ``ping``:
the round trip of a message the server answers without touching a table (the WebSocket, the
event loop and JSON). The ratio says what a game action costs over the bare transport.

Two loads per size:

- ``paced``: each player thinks 0.5–1.5 s before acting (people, or bots made to look human);
- ``flat out``: each player acts the moment it is its turn (every table has one action in
  flight all the time; the server is saturated).

``--pair`` measures instead one four-player Crash table beside one four-player three-card table
in the same server (issue 14): the round trip of each game's actions, paced and flat out, against
the same ping baseline. A Crash player arranges with the state's own suggestion (the engine's
arrangement, C2, computed by the server for the player to act) and then passes or calls (C5).

Run: ``python benchmarks/bench_web.py [--sizes 100 1000] [--seconds 10] [--quick] [--pair]``.
Goal: 1,000 connections with the action p99 under 100 ms. Every loop is bounded: each phase
stops after ``--seconds``, the whole run after a hard timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

PER_TABLE = 4
COMPRESSION: str | None = None
HARD_TIMEOUT = 900.0  # seconds: the whole run stops by then whatever happens


SERVER_PID = 0


def server_cpu() -> float:
    """CPU seconds the server process has used so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{SERVER_PID}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, database: Path) -> subprocess.Popen[bytes]:
    log = database.with_suffix(".log")
    with log.open("wb") as sink:  # a file, never a pipe nobody reads (it would fill and block)
        process = subprocess.Popen(
            [sys.executable, "-m", "bragkit", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--database", f"sqlite:///{database}", "--log-level", "error",
             "--message-rate", "0"],  # a load test: flat-out bots outrun a person's limit
            stdout=sink, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server did not start: {log.read_text()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start in 30 s")


def create_table(base: str, game: str = "three-card") -> tuple[str, str]:
    rules: dict[str, Any] = {"max_bet": 10} if game == "three-card" else {}
    settings = {"game": game, "rules": rules, "buy_in": 1_000_000, "seats": PER_TABLE,
                "deal_pause": 0, "bot_delay": 0, "turn_seconds": 0}
    request = urllib.request.Request(base + "/api/tables", method="POST",
                                     data=json.dumps(settings).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        made = json.load(answer)
    return made["id"], made["host_token"]


class Player:
    """One simulated player on its own connection."""

    def __init__(self, ws: ClientConnection, name: str, rng: random.Random,
                 game: str = "three-card") -> None:
        self.game = game
        self.ws = ws
        self.name = name
        self.rng = rng
        self.seq = 0
        self.state: dict[str, Any] | None = None
        self.waiting: dict[str, float] = {}
        self.pings: dict[int, float] = {}
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
        if "arranges" in legal:  # Crash (C2): the server's suggested arrangement
            suggested = state["deal"].get("suggestion")
            return None if suggested is None else {"verb": "arranges", "sets": suggested["sets"]}
        if "pass" in legal:  # C5
            return {"verb": "crash" if roll < 0.05 and "crash" in legal else "pass"}
        if "see" in legal and roll < 0.5:
            return {"verb": "see", "amount": legal["see"]["min"]}
        if "look" in legal and roll < 0.3:
            return {"verb": "look"}
        if "fold" in legal and roll < 0.15:
            return {"verb": "fold"}
        for verb in ("bet", "blind", "cover", "see"):
            if verb in legal:
                return {"verb": verb, "amount": legal[verb]["min"]}
        return {"verb": "fold"} if "fold" in legal else None


async def play(player: Player, stop: float, think: tuple[float, float],
               samples: list[float]) -> None:
    """Read messages until ``stop``; act at each turn (after thinking) and time the reply."""

    async def act_later(at: int) -> None:
        if think[1] > 0:
            await asyncio.sleep(player.rng.uniform(*think))
        action = player.choose()
        if action is None or player.seq != at:
            player.acting = False
            return
        player.count += 1
        ident = f"{player.name}-{player.count}"
        player.waiting[ident] = time.perf_counter()
        await player.send(type="act", id=ident, at=player.seq, action=action)

    tasks = set()
    if player.choose() is not None:  # its turn already (the last phase ended mid-turn)
        player.acting = True
        task = asyncio.get_running_loop().create_task(act_later(player.seq))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    while time.monotonic() < stop:
        try:
            text = await asyncio.wait_for(player.ws.recv(), timeout=max(stop - time.monotonic(),
                                                                         0.01))
        except TimeoutError:
            break
        message = json.loads(text)
        kind = message["type"]
        if kind in ("state", "sync"):
            player.seq, player.state = message["seq"], message["state"]
        elif kind == "reply":
            sent = player.waiting.pop(message["re"], None)
            if sent is not None:
                samples.append(time.perf_counter() - sent)
            player.acting = False
        elif kind == "error":
            player.waiting.pop(message.get("re"), None)
            player.acting = False
            if message.get("code") == "stale":  # act again on the next state, not this one
                continue
        if not player.acting and time.monotonic() < stop and player.choose() is not None:
            player.acting = True
            task = asyncio.get_running_loop().create_task(act_later(player.seq))
            tasks.add(task)
            task.add_done_callback(tasks.discard)


async def ping(player: Player, stop: float, samples: list[float], pause: float) -> None:
    """The baseline: ping, wait for the pong, pause, again, until ``stop`` (the connections
    start at random moments of the first pause, as the players' turns do)."""
    await asyncio.sleep(pause * player.rng.random())
    while time.monotonic() < stop:
        start = time.perf_counter()
        await player.send(type="ping")
        while True:  # (a state message may come first; a lost answer ends the run)
            message = json.loads(await asyncio.wait_for(player.ws.recv(), timeout=60))
            if message["type"] == "pong":
                break
        samples.append(time.perf_counter() - start)
        await asyncio.sleep(pause * player.rng.uniform(0.5, 1.5))


async def seat_everyone(base: str, port: int, players: int,
                        rng: random.Random, games: list[str] | None = None) -> list[Player]:
    tables = max(1, players // PER_TABLE)
    kinds = games or ["three-card"] * tables
    made = [create_table(base, kind) for kind in kinds]
    everyone: list[Player] = []
    for t, (table_id, host_token) in enumerate(made):
        for seat in range(PER_TABLE):
            ws = await connect(f"ws://127.0.0.1:{port}/ws/{table_id}", max_size=2**22,
                               compression=COMPRESSION,
                               ping_interval=None)
            player = Player(ws, f"P{t}x{seat}", random.Random(rng.random()), kinds[t])
            hello: dict[str, Any] = {"type": "hello"}
            if seat == 0:
                hello["host"] = host_token
            await player.send(**hello)
            token = f"token-{t}-{seat}-" + "x" * 24
            await player.send(type="sit", id="sit", seat=seat, name=player.name, token=token)
            everyone.append(player)
    for player in everyone:  # drain until each has its seat
        while True:
            message = json.loads(await asyncio.wait_for(player.ws.recv(), timeout=60))
            if message["type"] == "reply" and message["re"] == "sit":
                break
    return everyone


async def drain(players: list[Player], seconds: float) -> None:
    """Read what is waiting, keeping each player's latest state (a phase starts from it)."""
    async def one(player: Player) -> None:
        with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
            while True:
                message = json.loads(await asyncio.wait_for(player.ws.recv(), timeout=seconds))
                if message["type"] in ("state", "sync"):
                    player.seq, player.state = message["seq"], message["state"]

    await asyncio.gather(*(one(p) for p in players))


def figures(samples: list[float]) -> tuple[float, float, float]:
    if not samples:
        return float("nan"), float("nan"), float("nan")
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1e3, p99 * 1e3, max(ordered) * 1e3


async def run_size(base: str, port: int, size: int, seconds: float, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    started = time.perf_counter()
    players = await seat_everyone(base, port, size, rng)
    setup = time.perf_counter() - started
    lines.append(f"{len(players)} connections, {len(players) // PER_TABLE} tables "
                 f"(seated in {setup:.1f} s)")
    gc.collect()
    gc.freeze()  # the players' own heap: keep this process's collector out of the figures
    # baseline: pings on the same connections, paced like the players (after a warm-up)
    warm: list[float] = []
    await asyncio.gather(*(ping(p, time.monotonic() + 1.0, warm, 0.3) for p in players))
    ping_samples: list[float] = []
    stop = time.monotonic() + min(seconds, 5)
    await asyncio.gather(*(ping(p, stop, ping_samples, 1.0) for p in players))
    await drain(players, 0.2)
    base_p50, base_p99, _ = figures(ping_samples)
    lines.append(f"  baseline ping      p50 {base_p50:7.2f} ms  p99 {base_p99:7.2f} ms "
                 f"({len(ping_samples)} round trips)")
    hosts = players[::PER_TABLE]
    for host in hosts:
        await host.send(type="host", id="go", op="start")
    for label, think in (("paced", (0.5, 1.5)), ("flat out", (0.0, 0.0))):
        samples: list[float] = []
        stop = time.monotonic() + seconds
        for player in players:
            player.acting = False
            player.waiting.clear()
        began = time.perf_counter()
        cpu = server_cpu()
        mine = time.process_time()
        await asyncio.gather(*(play(p, stop, think, samples) for p in players))
        elapsed = time.perf_counter() - began
        busy = (server_cpu() - cpu) / elapsed
        client = (time.process_time() - mine) / elapsed
        p50, p99, worst = figures(samples)
        rate = len(samples) / elapsed
        lines.append(f"  {label:9s} actions p50 {p50:7.2f} ms  p99 {p99:7.2f} ms  "
                     f"max {worst:7.1f} ms  {rate:8.0f} actions/s  "
                     f"(x{p50 / base_p50:.1f} / x{p99 / base_p99:.1f} the ping), "
                     f"CPU: server {busy:.0%}, players {client:.0%}")
        if label == "paced":
            verdict = "meets" if p99 < 100 else "misses"
            lines.append(f"            goal: p99 under 100 ms at {len(players)} connections: "
                         f"{verdict}")
        await drain(players, 0.3)
    for player in players:
        await player.ws.close()
    return lines


async def run_pair(base: str, port: int, seconds: float, seed: int) -> list[str]:
    """A four-player Crash table beside a four-player three-card table (issue 14)."""
    rng = random.Random(seed)
    games = ["three-card", "crash"]
    players = await seat_everyone(base, port, PER_TABLE * 2, rng, games)
    lines = [f"a Crash table beside a three-card table, {PER_TABLE} players each"]
    ping_samples: list[float] = []
    warm: list[float] = []
    await asyncio.gather(*(ping(p, time.monotonic() + 1.0, warm, 0.3) for p in players))
    await asyncio.gather(*(ping(p, time.monotonic() + min(seconds, 5), ping_samples, 0.2)
                           for p in players))
    await drain(players, 0.2)
    base_p50, base_p99, _ = figures(ping_samples)
    lines.append(f"  baseline ping        p50 {base_p50:7.2f} ms  p99 {base_p99:7.2f} ms "
                 f"({len(ping_samples)} round trips)")
    for host in players[::PER_TABLE]:
        await host.send(type="host", id="go", op="start")
    for label, think in (("paced", (0.5, 1.5)), ("flat out", (0.0, 0.0))):
        by_game: dict[str, list[float]] = {game: [] for game in games}
        stop = time.monotonic() + seconds
        for player in players:
            player.acting = False
            player.waiting.clear()
        await asyncio.gather(*(play(p, stop, think, by_game[p.game]) for p in players))
        for game in games:
            p50, p99, worst = figures(by_game[game])
            lines.append(f"  {label:9s} {game:10s} p50 {p50:7.2f} ms  p99 {p99:7.2f} ms  "
                         f"max {worst:7.1f} ms  ({len(by_game[game])} actions; "
                         f"x{p50 / base_p50:.1f} / x{p99 / base_p99:.1f} the ping)")
        await drain(players, 0.3)
    for player in players:
        await player.ws.close()
    return lines


async def main(sizes: list[int], seconds: float, seed: int, pair: bool = False) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder) / "bench.sqlite3")
        global SERVER_PID
        SERVER_PID = server.pid
        base = f"http://127.0.0.1:{port}"
        try:
            if pair:
                lines = await asyncio.wait_for(run_pair(base, port, seconds, seed),
                                               timeout=HARD_TIMEOUT)
                print("\n".join(lines), flush=True)
            for size in [] if pair else sizes:
                lines = await asyncio.wait_for(run_size(base, port, size, seconds, seed),
                                               timeout=HARD_TIMEOUT)
                print("\n".join(lines), flush=True)
        finally:
            server.kill()
            server.wait(timeout=10)
            log = [line for line in (Path(folder) / "bench.log").read_text().splitlines()
                   if line.strip() and not line.startswith("bragkit: serving")]
            if log:  # warnings or errors from the server
                print("server log (last lines):", *log[-15:], sep="\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="100 connections, 4 s phases")
    parser.add_argument("--pair", action="store_true",
                        help="a four-player Crash table beside a three-card table")
    options = parser.parse_args()
    if options.quick:
        options.sizes, options.seconds = [100], 4.0
    import os

    def load() -> str:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())

    print(f"bench_web: bragkit serve on 127.0.0.1, {PER_TABLE} players a table, "
          f"{options.seconds:g} s a phase; {os.cpu_count()} CPUs, load average {load()} "
          "(other work on the machine slows both processes: compare runs at a similar load)")
    asyncio.run(main(options.sizes, options.seconds, options.seed, options.pair))
    print(f"load average at the end: {load()}")
