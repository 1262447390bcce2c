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
before it is kept; a bad one is refused with one line. Uploads and new rooms are limited per
address (:data:`UPLOAD_BURST` at once, :data:`UPLOADS_PER_HOUR` an hour, counted as every limit
of the house: :mod:`bragkit.web.buckets`).

A room follows its leader: the browser that made it holds the leader's token and sends its
steps; every browser in the room hears each one and fetches that step for itself (with its own
right to read the record). Uploads and rooms are kept by :class:`~bragkit.web.replay_rooms
.ReplayShare`: in this process's memory, or in a cluster in Redis, so a room's browsers and an
upload's steps may reach any process.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bragkit.errors import BragError
from bragkit.toml_text import decode_text
from bragkit.web.buckets import Buckets, MemoryBuckets
from bragkit.web.origin import same_origin
from bragkit.web.records_site import RecordSite
from bragkit.web.replay_rooms import ReplayShare
from bragkit.web.replays import MAX_UPLOAD, ReplayRecord
from bragkit.web.tables import TableManager

__all__ = ["MAX_WATCHERS", "UPLOADS_PER_HOUR", "UPLOAD_BURST", "ReplaySite",
           "replay_page"]

_STATIC: Final = Path(__file__).parent / "static"
#: How many uploads and rooms one address may make: a burst, then so many an hour.
UPLOAD_BURST: Final = 30
UPLOADS_PER_HOUR: Final = 120
#: How many browsers watch one room through one process.
MAX_WATCHERS: Final = 50
_RECORDS: Final = 64  # uploads and table deals kept replayed
_RECORD: Final = re.compile(r"/replay/(?:file/[A-Za-z0-9_-]{22,43}|[A-Za-z0-9_-]{1,64}/[0-9]{1,9})")
_MAX_MESSAGE: Final = 1024
_NO_RECORD: Final = "No such record: it may have expired, or it is not yours to see."


class ReplaySite:
    """The replay pages and API over ``tables`` (a table's deals, read as ``records`` allows)."""

    def __init__(self, *, tables: TableManager, records: RecordSite,
                 share: ReplayShare | None = None, buckets: Buckets | None = None) -> None:
        self.tables = tables
        self.records = records
        self.share = share or ReplayShare()
        self.buckets = buckets or MemoryBuckets()
        self._replayed: OrderedDict[tuple[str, int], ReplayRecord] = OrderedDict()
        self._watchers: dict[str, int] = {}

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
        return HTMLResponse(replay_page(), headers={"cache-control": "no-store"})

    # -- the records -------------------------------------------------------------------------

    def _kept(self, key: tuple[str, int]) -> ReplayRecord | None:
        found = self._replayed.get(key)
        if found is not None:
            self._replayed.move_to_end(key)
        return found

    def _keep(self, key: tuple[str, int], found: ReplayRecord) -> None:
        self._replayed[key] = found
        while len(self._replayed) > _RECORDS:
            self._replayed.popitem(last=False)

    async def _upload(self, upload: str) -> ReplayRecord | None:
        """An uploaded record, if it is kept (replayed in this process once)."""
        key = ("file:" + upload, 0)
        found = self._kept(key)
        if found is not None:
            return found
        kept = await self.share.upload(upload)
        if kept is None:
            return None
        try:
            found = await run_in_threadpool(ReplayRecord, kept[0], name=kept[1])
        except BragError:  # (it replayed when it was uploaded)
            return None
        self._keep(key, found)
        return found

    async def _deal(self, request: Request) -> ReplayRecord | None:
        """A table's deal, if its record is released and the request may read it."""
        table_id, number = request.path_params["table_id"], request.path_params["number"]
        room = self.tables.room(table_id)
        if room is None or not await self.records.may_read(request, room):
            return None
        key = (table_id, number)
        found = self._kept(key)
        if found is not None:
            return found
        text = room.record_text(number)
        if text is None:
            return None
        try:
            found = await run_in_threadpool(ReplayRecord, text, number=number,
                                            name=f"{room.config.name}, deal {number}")
        except BragError:
            return None  # a record the table wrote and its game cannot step through
        self._keep(key, found)
        return found

    async def deal_step(self, request: Request) -> Response:
        found = await self._deal(request)
        private = {"cache-control": "private, no-store"}
        if found is None:
            return JSONResponse({"error": _NO_RECORD}, status_code=404, headers=private)
        return await _step(found, request, private)

    async def uploaded_step(self, request: Request) -> Response:
        found = await self._upload(request.path_params["upload"])
        private = {"cache-control": "private, no-store"}
        if found is None:
            return JSONResponse({"error": _NO_RECORD}, status_code=404, headers=private)
        return await _step(found, request, private)

    async def upload(self, request: Request) -> Response:
        """A record uploaded as the request's body: kept if it replays, else one line why."""
        refused = await self._refuse(request)
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
        upload = await self.share.keep_upload(text, name)
        self._keep(("file:" + upload, 0), found)
        return JSONResponse({"id": upload, "url": f"/replay/file/{upload}",
                             "steps": found.steps, "title": found.title}, status_code=201)

    async def _refuse(self, request: Request) -> Response | None:
        """An upload or a new room refused: from another site's page, or too many from one
        address (``Retry-After``)."""
        if not same_origin(request.headers):
            return JSONResponse({"error": "cross-site requests are refused"}, status_code=403)
        address = request.client.host if request.client else ""
        if not await self.buckets.take("replay", address, per_hour=UPLOADS_PER_HOUR,
                                       burst=UPLOAD_BURST):
            return JSONResponse({"error": "too many replays from your address: try again "
                                 "later"}, status_code=429,
                                headers={"retry-after": str(round(3600 / UPLOADS_PER_HOUR))})
        return None

    # -- watching together -------------------------------------------------------------------

    async def open_room(self, request: Request) -> Response:
        refused = await self._refuse(request)
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
        room_id, leader = await self.share.open_room(record, at=at, seat=seat)
        return JSONResponse({"room": room_id, "leader": leader,
                             "url": f"{record}?room={room_id}"}, status_code=201)

    async def room_socket(self, websocket: WebSocket) -> None:
        room_id = websocket.path_params["room"]
        if not same_origin(websocket.headers):
            await websocket.close(code=4403)
            return
        room = await self.share.room(room_id)
        if room is None or self._watchers.get(room_id, 0) >= MAX_WATCHERS:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        self._watchers[room_id] = self._watchers.get(room_id, 0) + 1
        try:
            async with self.share.follow(room_id, websocket.send_text):
                await websocket.send_text(room.message())
                while True:
                    await self._leader_step(room_id, await websocket.receive_text())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self._watchers[room_id] -= 1
            if not self._watchers[room_id]:
                del self._watchers[room_id]

    async def _leader_step(self, room_id: str, text: str) -> None:
        """A message from a browser in the room: a step, if it shows the leader's token."""
        if len(text) > _MAX_MESSAGE:
            return
        try:
            message: Any = json.loads(text)
        except (ValueError, RecursionError):
            return
        if isinstance(message, dict) and isinstance(message.get("leader"), str):
            at, seat = _at_seat(message)
            await self.share.step(room_id, message["leader"], at=at, seat=seat)


@cache
def replay_page() -> str:
    """The replay page: the table's own page (``table.html``, every element its script draws
    into) with the replay's bar and drop zone (``replay-bar.html``) above the felt, marked as a
    replay (``data-replay``: the script draws the steps it is given and connects to no table),
    and the replay's script after the table's.

    >>> page = replay_page()
    >>> "data-replay" in page, page.count("/static/replay.js"), 'id="replay-bar"' in page
    (True, 1, True)
    >>> "Brag table" in page, '<h1 id="table-name">Replay</h1>' in page
    (False, True)
    """
    page = (_STATIC / "table.html").read_text(encoding="utf-8")
    bar = (_STATIC / "replay-bar.html").read_text(encoding="utf-8")
    for anchor, replaced in (
            ("<title>bragkit · table</title>", "<title>bragkit · replay</title>"),
            ('<h1 id="table-name">Brag table</h1>',  # till a record names its table
             '<h1 id="table-name">Replay</h1>'),
            ("<body>", '<body data-replay class="replay-page">'),
            ('  <main class="layout">', bar + '  <main class="layout">'),
            ('<script src="/static/table.js"></script>',
             '<script src="/static/table.js"></script>\n  <script src="/static/replay.js">'
             "</script>")):
        if page.count(anchor) != 1:  # the table page changed: the replay must follow it
            raise RuntimeError(f"table.html has no single {anchor!r} for the replay page")
        page = page.replace(anchor, replaced)
    return page


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
