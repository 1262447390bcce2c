"""Where replays watched together, and uploaded records, are kept: :class:`ReplayShare`.

A *room* is a replay page's path (the record), the step and seat its leader shows, and the
leader's token; every browser in it hears each step the leader takes. An *upload* is a record's
text behind an unguessable id. With one process they live in its memory; in a cluster
(:mod:`bragkit.web.cluster`) in Redis, so a browser may reach any process: a room is a key
``PREFIX:replay:room:ID`` (a JSON object) and a channel of the same name that carries its
steps; an upload a key ``PREFIX:replay:upload:ID``; both expire after :data:`KEEP_SECONDS`
(each step renews its room). If Redis cannot be reached, this process's memory serves (logged).

>>> import asyncio
>>> share = ReplayShare()
>>> async def demo():
...     heard = []
...     async def hear(text):
...         heard.append(json.loads(text)["at"])
...     room_id, leader = await share.open_room("/replay/abc/3", at=2, seat="Ann")
...     async with share.follow(room_id, hear):
...         moved = await share.step(room_id, leader, at=5, seat=None)
...         refused = await share.step(room_id, "not-the-leader", at=1, seat=None)
...     return moved is not None, refused, heard, (await share.room(room_id)).at
>>> asyncio.run(demo())
(True, None, [5], 5)
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict, dataclass, replace
from typing import Any, Final

__all__ = ["KEEP_SECONDS", "MAX_ROOMS", "MAX_UPLOADS", "ReplayShare", "RoomState"]

log = logging.getLogger("bragkit.web")

#: How long an upload and a room are kept (a room: since its last step).
KEEP_SECONDS: Final = 6 * 3600
#: How many uploads and rooms one process keeps in memory (the oldest go first).
MAX_UPLOADS: Final = 200
MAX_ROOMS: Final = 500

Hear = Callable[[str], Awaitable[None]]


@dataclass(frozen=True, kw_only=True, slots=True)
class RoomState:
    """A room: the replay page's path, the leader's step and seat, and the leader's token."""

    record: str
    leader: str
    at: int = 0
    seat: str | None = None

    def message(self) -> str:
        """The step as the room's browsers hear it (never the leader's token)."""
        return json.dumps({"type": "step", "record": self.record, "at": self.at,
                           "seat": self.seat}, ensure_ascii=False)


class ReplayShare:
    """The rooms and uploads of this process, or of a cluster: ``redis`` gives the cluster's
    async client (None: this process only, or not connected yet) and ``prefix`` its keys."""

    def __init__(self, redis: Callable[[], Any] | None = None, *, prefix: str = "bragkit",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.redis = redis or (lambda: None)
        self.prefix = prefix
        self.clock = clock
        self._rooms: OrderedDict[str, RoomState] = OrderedDict()
        self._uploads: OrderedDict[str, tuple[float, str, str]] = OrderedDict()
        self._hearing: dict[str, set[Hear]] = {}
        self._away = False

    def _key(self, kind: str, ident: str) -> str:
        return f"{self.prefix}:replay:{kind}:{ident}"

    async def _redis(self, call: Callable[[Any], Awaitable[Any]]) -> tuple[bool, Any]:
        """``call(client)`` on Redis: (True, its answer), or (False, None) without a cluster
        or when Redis cannot be reached (said once until it is back)."""
        client = self.redis()
        if client is None:
            return False, None
        try:
            answer = await call(client)
        except Exception as error:  # Redis away: this process's memory serves meanwhile
            if not self._away:
                log.warning("replays: Redis cannot be reached (%s): rooms and uploads are "
                            "this process's until it is back", error)
            self._away = True
            return False, None
        self._away = False
        return True, answer

    # -- uploads -------------------------------------------------------------------------------

    async def keep_upload(self, text: str, name: str) -> str:
        """Keep an upload's text and name: its new id."""
        upload = secrets.token_urlsafe(24)
        self._uploads[upload] = (self.clock(), text, name)
        while len(self._uploads) > MAX_UPLOADS:
            self._uploads.popitem(last=False)
        await self._redis(lambda r: r.set(self._key("upload", upload), json.dumps(
            {"text": text, "name": name}), ex=KEEP_SECONDS))
        return upload

    async def upload(self, upload: str) -> tuple[str, str] | None:
        """An upload's text and name (None: no such upload, or it expired)."""
        now = self.clock()
        while self._uploads:
            oldest, (at, _, _) = next(iter(self._uploads.items()))
            if now - at < KEEP_SECONDS:
                break
            del self._uploads[oldest]
        found = self._uploads.get(upload)
        if found is not None:
            return found[1], found[2]
        shared, raw = await self._redis(lambda r: r.get(self._key("upload", upload)))
        if not shared or raw is None:
            return None
        kept = json.loads(raw)
        return str(kept["text"]), str(kept["name"])

    # -- rooms ---------------------------------------------------------------------------------

    async def open_room(self, record: str, *, at: int, seat: str | None) -> tuple[str, str]:
        """A new room on ``record`` (a replay page's path): its id and the leader's token."""
        room_id, leader = secrets.token_urlsafe(12), secrets.token_urlsafe(24)
        await self._put(room_id, RoomState(record=record, leader=leader, at=at, seat=seat))
        return room_id, leader

    async def _put(self, room_id: str, state: RoomState) -> None:
        self._rooms[room_id] = state
        self._rooms.move_to_end(room_id)
        while len(self._rooms) > MAX_ROOMS:  # its browsers hear no more steps
            self._rooms.popitem(last=False)
        await self._redis(lambda r: r.set(self._key("room", room_id),
                                          json.dumps(asdict(state)), ex=KEEP_SECONDS))

    async def room(self, room_id: str) -> RoomState | None:
        """The room (None: no such room, or it expired)."""
        shared, raw = await self._redis(lambda r: r.get(self._key("room", room_id)))
        if shared:
            return None if raw is None else RoomState(**json.loads(raw))
        return self._rooms.get(room_id)

    async def step(self, room_id: str, leader: str, *, at: int,
                   seat: str | None) -> RoomState | None:
        """The leader moved: the room's new state, heard by every browser in it; None (and
        nothing changes) when ``leader`` is not the room's leader's token."""
        room = await self.room(room_id)
        if room is None or not hmac.compare_digest(room.leader.encode(), leader.encode()):
            return None
        moved = replace(room, at=at, seat=seat)
        await self._put(room_id, moved)
        shared, _ = await self._redis(lambda r: r.publish(self._key("room", room_id),
                                                          moved.message()))
        if not shared:
            for hear in list(self._hearing.get(room_id, ())):
                with contextlib.suppress(Exception):  # a browser gone: the others still hear
                    await hear(moved.message())
        return moved

    @contextlib.asynccontextmanager
    async def follow(self, room_id: str, hear: Hear) -> AsyncIterator[None]:
        """While inside, ``hear`` is called with each step of the room (from any process of a
        cluster: its channel in Redis; else this process's steps)."""
        hearing = self._hearing.setdefault(room_id, set())
        hearing.add(hear)  # this process's steps while Redis is away
        shared, pubsub = await self._redis(lambda r: _subscribed(r, self._key("room", room_id)))
        task = asyncio.create_task(_relay(pubsub, hear)) if shared else None
        try:
            yield
        finally:
            hearing.discard(hear)
            if not hearing:
                self._hearing.pop(room_id, None)
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if pubsub is not None:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()


async def _subscribed(client: Any, channel: str) -> Any:
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    await pubsub.subscribe(channel)
    return pubsub


async def _relay(pubsub: Any, hear: Hear) -> None:
    """Each message of a room's channel, to ``hear``."""
    async for message in pubsub.listen():
        if message.get("type") == "message":
            data = message["data"]
            with contextlib.suppress(Exception):  # its browser gone: it stops following
                await hear(data.decode() if isinstance(data, bytes) else str(data))
