"""Replays in the browser: :class:`ReplaySite`, their pages, API and shared rooms.

==============================================  ================================================
``GET /replay``                                  the replay page: drop a record on it
``GET /replay/{id}/{n}``                         a table's deal ``n`` replayed (``?seat=&at=``)
``GET /replay/file/{upload}``                    an uploaded record replayed (``?seat=&at=``)
``POST /api/replays``                            upload a record (its bytes) → its id and page
``GET /api/replays/{id}/{n}?seat=&at=``          one step of a table's deal, as ``seat`` sees it
``GET /api/replays/file/{upload}?seat=&at=``     one step of an uploaded record
``POST /api/replay-rooms``                       a room to watch a replay together → its link
``WS /ws/replay/{room}``                         the room: the leader's steps, to every browser
==============================================  ================================================

A step is built on the server for one viewer (:class:`~bragkit.web.replays.ReplayRecord`):
the browser never receives a record, only the chosen seat's view (or the spectator's) at that
step, so another seat's hidden cards never reach it. A table's deal is replayed once its
record is released (:meth:`Room.released <bragkit.web.room.Room.released>`), to whoever may
download it (:meth:`RecordSite.may_read <bragkit.web.records_site.RecordSite.may_read>`: a
private table's players only; anyone else gets the answer to a deal that does not exist). An
upload is at most :data:`~bragkit.web.replays.MAX_UPLOAD` bytes, checked whole by replaying it
before it is kept; a bad one is refused with one line. Uploads are kept in this process's
memory (the last :data:`MAX_UPLOADS`, for :data:`UPLOAD_SECONDS`), behind an unguessable id.

A room follows its leader: the browser that made it holds the leader's token and sends its
steps; the server passes each to every browser in the room, which fetches that step for itself
(with its own right to read the record). Rooms live in this process's memory: behind several
processes (:mod:`bragkit.web.cluster`) a room's browsers must reach the same process (a
load balancer's sticky sessions).
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bragkit.errors import BragError
from bragkit.toml_text import decode_text
from bragkit.web.limits import Throttle
from bragkit.web.origin import same_origin
from bragkit.web.records_site import RecordSite
from bragkit.web.replays import MAX_UPLOAD, ReplayRecord
from bragkit.web.tables import TableManager

__all__ = ["MAX_ROOMS", "MAX_UPLOADS", "UPLOADS_PER_HOUR", "UPLOAD_BURST", "UPLOAD_SECONDS",
           "ReplayRooms", "ReplaySite"]

_PAGE: Final = Path(__file__).parent / "static" / "replay.html"
#: How many uploaded records are kept, and for how long (seconds).
MAX_UPLOADS: Final = 200
UPLOAD_SECONDS: Final = 6 * 3600
#: How many uploads and rooms one address may make: a burst, then so many an hour (this
#: process's count, as every limit of :mod:`bragkit.web.limits`).
UPLOAD_BURST: Final = 30
UPLOADS_PER_HOUR: Final = 120
#: How many replay rooms are kept (the oldest goes first), and browsers in one.
MAX_ROOMS: Final = 500
MAX_WATCHERS: Final = 50
_CACHED: Final = 64  # table deals kept replayed
_UPLOAD_ID: Final = re.compile(r"[A-Za-z0-9_-]{22,43}")
_RECORD: Final = re.compile(r"/replay/(?:file/[A-Za-z0-9_-]{22,43}|[A-Za-z0-9_-]{1,64}/[0-9]{1,9})")
_MAX_MESSAGE: Final = 1024
_NO_RECORD: Final = "No such record: it may have expired, or it is not yours to see."


@dataclass(kw_only=True)
class _Room:
    """A replay watched together: the record's page, the leader's step and seat."""

    record: str
    leader: str  # the leader's token
    at: int = 0
    seat: str | None = None
    sockets: set[WebSocket] = field(default_factory=set)

    def message(self) -> str:
        return json.dumps({"type": "step", "record": self.record, "at": self.at,
                           "seat": self.seat}, ensure_ascii=False)


class ReplayRooms:
    """The rooms of this process (see the module docstring), the oldest dropped past
    :data:`MAX_ROOMS`.

    >>> rooms = ReplayRooms()
    >>> room_id, leader = rooms.open("/replay/abc/3", at=2, seat="Ann")
    >>> rooms.step(room_id, leader, at=5, seat=None), rooms.get(room_id).at
    (True, 5)
    >>> rooms.step(room_id, "not-the-leader", at=1, seat=None)
    False
    """

    def __init__(self) -> None:
        self._rooms: OrderedDict[str, _Room] = OrderedDict()

    def open(self, record: str, *, at: int, seat: str | None) -> tuple[str, str]:
        """A new room on ``record`` (a replay page's path): its id and the leader's token."""
        room_id, leader = secrets.token_urlsafe(12), secrets.token_urlsafe(24)
        self._rooms[room_id] = _Room(record=record, leader=leader, at=at, seat=seat)
        while len(self._rooms) > MAX_ROOMS:  # its browsers hear no more steps
            self._rooms.popitem(last=False)
        return room_id, leader

    def get(self, room_id: str) -> _Room | None:
        """The room, if it is open."""
        return self._rooms.get(room_id)

    def step(self, room_id: str, leader: str, *, at: int, seat: str | None) -> bool:
        """The leader moved: whether ``leader`` is the room's leader (else nothing changes)."""
        room = self._rooms.get(room_id)
        if room is None or not hmac.compare_digest(room.leader, leader):
            return False
        room.at, room.seat = at, seat
        return True


class ReplaySite:
    """The replay pages and API over ``tables`` (a table's deals, read as ``records`` allows)."""

    def __init__(self, *, tables: TableManager, records: RecordSite) -> None:
        self.tables = tables
        self.records = records
        self.rooms = ReplayRooms()
        self._uploads: OrderedDict[str, tuple[float, ReplayRecord]] = OrderedDict()
        self._deals: OrderedDict[tuple[str, int], ReplayRecord] = OrderedDict()
        self._throttle = Throttle(per_hour=UPLOADS_PER_HOUR, burst=UPLOAD_BURST)

    @property
    def routes(self) -> list[BaseRoute]:
        """The routes."""
        return [
            Route("/replay", self.page),
            Route("/replay/file/{upload}", self.page),
            Route("/replay/{table_id}/{number:int}", self.page),
            Route("/api/replays", self.upload, methods=["POST"]),
            Route("/api/replays/file/{upload}", self.uploaded_step),
            Route("/api/replays/{table_id}/{number:int}", self.deal_step),
            Route("/api/replay-rooms", self.open_room, methods=["POST"]),
            WebSocketRoute("/ws/replay/{room}", self.room_socket),
        ]

    async def page(self, request: Request) -> Response:
        return FileResponse(_PAGE, headers={"cache-control": "no-store"})

    # -- the records -------------------------------------------------------------------------

    def _upload(self, upload: str) -> ReplayRecord | None:
        now = time.monotonic()
        while self._uploads:
            oldest_id, (at, _) = next(iter(self._uploads.items()))
            if now - at < UPLOAD_SECONDS:
                break
            del self._uploads[oldest_id]
        found = self._uploads.get(upload)
        return None if found is None else found[1]

    async def _deal(self, request: Request) -> ReplayRecord | None:
        """A table's deal, if its record is released and the request may read it."""
        table_id, number = request.path_params["table_id"], request.path_params["number"]
        room = self.tables.room(table_id)
        if room is None or not await self.records.may_read(request, room):
            return None
        key = (table_id, number)
        found = self._deals.get(key)
        if found is not None:
            self._deals.move_to_end(key)
            return found
        text = room.record_text(number)
        if text is None:
            return None
        try:
            found = await run_in_threadpool(ReplayRecord, text, number=number,
                                            name=f"{room.config.name}, deal {number}")
        except BragError:
            return None  # a record the table wrote and its game cannot step through
        self._deals[key] = found
        while len(self._deals) > _CACHED:
            self._deals.popitem(last=False)
        return found

    async def deal_step(self, request: Request) -> Response:
        found = await self._deal(request)
        private = {"cache-control": "private, no-store"}
        if found is None:
            return JSONResponse({"error": _NO_RECORD}, status_code=404, headers=private)
        return await _step(found, request, private)

    async def uploaded_step(self, request: Request) -> Response:
        found = self._upload(request.path_params["upload"])
        private = {"cache-control": "private, no-store"}
        if found is None:
            return JSONResponse({"error": _NO_RECORD}, status_code=404, headers=private)
        return await _step(found, request, private)

    async def upload(self, request: Request) -> Response:
        """A record uploaded as the request's body: kept if it replays, else one line why."""
        refused = self._refuse(request)
        if refused is not None:
            return refused
        declared = request.headers.get("content-length", "")
        too_long = JSONResponse({"error": f"the file is over {MAX_UPLOAD:,} bytes: a replay "
                                 "in the browser reads a record of at most 1 MiB (bragkit "
                                 "replay reads longer sessions)"}, status_code=413)
        if declared.isdigit() and int(declared) > MAX_UPLOAD:
            return too_long
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_UPLOAD:
                return too_long
        name = request.headers.get("x-file-name", "")[:80] or "an uploaded record"
        try:
            text = decode_text(bytes(body), limit=MAX_UPLOAD)
            found = await run_in_threadpool(ReplayRecord, text, name=name)
        except BragError as error:
            line = str(error).splitlines()[0] if str(error) else "not a record"
            return JSONResponse({"error": f"not a record bragkit can replay: {line}"},
                                status_code=400)
        except RecursionError:
            return JSONResponse({"error": "not a record bragkit can replay: nested too deep"},
                                status_code=400)
        upload = secrets.token_urlsafe(24)
        self._uploads[upload] = (time.monotonic(), found)
        while len(self._uploads) > MAX_UPLOADS:
            self._uploads.popitem(last=False)
        return JSONResponse({"id": upload, "url": f"/replay/file/{upload}",
                             "steps": found.steps, "title": found.title}, status_code=201)

    def _refuse(self, request: Request) -> Response | None:
        """An upload or a new room refused: from another site's page, or too many from one
        address (``Retry-After``)."""
        if not same_origin(request.headers):
            return JSONResponse({"error": "cross-site requests are refused"}, status_code=403)
        if not self._throttle.allow(request.client.host if request.client else ""):
            return JSONResponse({"error": "too many replays from your address: try again "
                                 "later"}, status_code=429,
                                headers={"retry-after": str(self._throttle.retry_after)})
        return None

    # -- watching together -------------------------------------------------------------------

    async def open_room(self, request: Request) -> Response:
        refused = self._refuse(request)
        if refused is not None:
            return refused
        body = await request.body()
        try:
            asked = json.loads(body) if len(body) <= _MAX_MESSAGE else None
        except (ValueError, RecursionError):
            asked = None
        record = asked.get("record") if isinstance(asked, dict) else None
        if not isinstance(record, str) or not _RECORD.fullmatch(record):
            return JSONResponse({"error": "record must be a replay page's path"},
                                status_code=400)
        assert isinstance(asked, dict)
        at, seat = _at_seat(asked)
        room_id, leader = self.rooms.open(record, at=at, seat=seat)
        return JSONResponse({"room": room_id, "leader": leader,
                             "url": f"{record}?room={room_id}"}, status_code=201)

    async def room_socket(self, websocket: WebSocket) -> None:
        room = self.rooms.get(websocket.path_params["room"])
        if not same_origin(websocket.headers):
            await websocket.close(code=4403)
            return
        if room is None or len(room.sockets) >= MAX_WATCHERS:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        room.sockets.add(websocket)
        room_id = websocket.path_params["room"]
        try:
            await websocket.send_text(room.message())
            while True:
                text = await websocket.receive_text()
                if len(text) > _MAX_MESSAGE:
                    continue
                try:
                    message = json.loads(text)
                except (ValueError, RecursionError):
                    continue
                if not isinstance(message, dict) or not isinstance(message.get("leader"), str):
                    continue
                at, seat = _at_seat(message)
                if self.rooms.step(room_id, message["leader"], at=at, seat=seat):
                    await _broadcast(room)
        except WebSocketDisconnect:
            pass
        finally:
            room.sockets.discard(websocket)


async def _broadcast(room: _Room) -> None:
    """The room's step, to every browser in it (one that cannot take it is dropped)."""
    text = room.message()
    for socket in list(room.sockets):
        try:
            await socket.send_text(text)
        except (RuntimeError, WebSocketDisconnect, OSError):
            room.sockets.discard(socket)


def _at_seat(asked: dict[str, object]) -> tuple[int, str | None]:
    """A step and seat as a browser sent them (a bad one: the start, the spectator)."""
    at = asked.get("at")
    seat = asked.get("seat")
    return (at if type(at) is int and 0 <= at <= 10**6 else 0,
            seat if isinstance(seat, str) and 0 < len(seat) <= 100 else None)


async def _step(found: ReplayRecord, request: Request, headers: dict[str, str]) -> Response:
    """One step of a record as the request's ``seat`` (none: the spectator) sees it."""
    query = request.query_params
    seat = query.get("seat") or None
    raw = query.get("at", "0")
    at = int(raw) if raw.isdigit() and len(raw) < 9 else 0
    if seat is not None and seat not in found.players:
        return JSONResponse({"error": f"no player {seat[:100]!r} in this record"},
                            status_code=400, headers=headers)
    step = await run_in_threadpool(found.step, at, seat)
    step.update({"players": list(found.players), "title": found.title, "name": found.name})
    return JSONResponse(step, headers=headers)
