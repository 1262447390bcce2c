"""Replays behind several processes (issue 26, item 6): two ``bragkit serve`` processes of a
cluster (PostgreSQL and Redis, as ``docs/deploy.md`` runs them): a record uploaded to one is
stepped through on the other, and a room opened on one is followed from the other, its leader's
steps heard there. Needs PostgreSQL and Redis (``tests/web/services.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

from bragkit.web.cluster import cluster_prefix
from bragkit.web.store import _driver_url

from .cluster_support import free_port, start_node
from .services import postgres_database, redis_server
from .test_replays import GOOD


def _call(url: str, body: bytes | None = None, **headers: str) -> Any:
    request = urllib.request.Request(url, data=body, method="POST" if body else "GET",
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def test_a_replay_and_its_room_reach_every_process(tmp_path: Path) -> None:
    with postgres_database() as database:
        prefix = cluster_prefix(_driver_url(database))
        with redis_server(prefix) as redis_url:
            ports = [free_port() for _ in range(2)]
            nodes = [start_node(port, database, redis_url, tmp_path / f"node{i}.log")
                     for i, port in enumerate(ports)]
            try:
                one, two = (f"http://127.0.0.1:{port}" for port in ports)
                made = _call(one + "/api/replays", GOOD.encode(), origin=one)
                step = _call(f"{two}/api/replays/file/{made['id']}?seat=Ann&at=1")
                assert (step["at"], step["seat"], step["steps"]) == (1, "Ann", 3)
                room = _call(one + "/api/replay-rooms", json.dumps(
                    {"record": made["url"], "at": 0}).encode(), origin=one,
                    **{"content-type": "application/json"})
                heard = asyncio.run(_follow(ports, room))
                assert heard == [0, 2]  # on joining, then the leader's step through the other
            finally:
                for node in nodes:
                    node.terminate()
                for node in nodes:
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        node.wait(timeout=10)


async def _follow(ports: list[int], room: dict[str, Any]) -> list[int]:
    from websockets.asyncio.client import connect

    path = f"/ws/replay/{room['room']}"
    heard = []
    async with connect(f"ws://127.0.0.1:{ports[0]}{path}", open_timeout=5) as lead, \
            connect(f"ws://127.0.0.1:{ports[1]}{path}", open_timeout=5) as follow:
        heard.append(json.loads(await follow.recv())["at"])
        await lead.recv()  # (each joined: its room's channel is subscribed before it hears)
        await lead.send(json.dumps({"leader": room["leader"], "at": 2, "seat": None}))
        heard.append(json.loads(await asyncio.wait_for(follow.recv(), 10))["at"])
    return heard
