"""The web table's HTTP and WebSocket server: a Starlette app (served by uvicorn, ``bragkit
serve``).

Routes:

=========================================  ====================================================
``GET /``                                  the lobby page: create a table
``POST /api/tables``                       create a table (JSON settings) → its id, the host's
                                           token and the invite link
``GET /api/tables/{id}``                   a table's name, status and seats (public)
``GET /t/{id}``                            the table's page (the invite link)
``WS /ws/{id}``                            the table's protocol (``docs/web-protocol.md``)
``GET /api/tables/{id}/records`` …         a table's records (:mod:`bragkit.web.records_site`)
``/replay`` …                              replays in the browser (:mod:`.replay_site`)
``GET /cards/{card}.svg``                  a card's picture (``back.svg`` for the back)
``GET /static/…``                          the page's script and style
``/signup``, ``/signin``, ``/account`` …   accounts, optional (:mod:`bragkit.web.account_site`)
``/u/{name}``, ``/leaderboard/{game}`` …   players' pages, leaderboards (:mod:`.club_site`)
``/leagues``, ``/leagues/{id}`` …           league nights (:mod:`bragkit.web.league_site`)
``GET /metrics``                           the operator's metrics (:mod:`bragkit.web.metrics`)
=========================================  ====================================================

As the tables finish their deals, what the signed-in players played is kept
(:mod:`bragkit.web.history`) and rated tables rate their players when they close
(:mod:`bragkit.web.ratings`).

>>> from starlette.testclient import TestClient
>>> from bragkit.web.store import Store
>>> client = TestClient(create_app(store=Store("sqlite://")))
>>> client.get("/cards/Qh.svg").headers["content-type"]
'image/svg+xml'
>>> made = client.post("/api/tables", json={"name": "Friday", "seats": 4}).json()
>>> sorted(made), client.get(f"/api/tables/{made['id']}").json()["name"]
(['host_token', 'id', 'url'], 'Friday')
>>> client.post("/api/tables", json={"seats": 40}).json()
{'error': 'seats must be a whole number from 2 to 10'}
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import logging
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

import bragkit.web.rulebook as rulebook
from bragkit.errors import BragError
from bragkit.web.account_site import AccountSite
from bragkit.web.accounts import Accounts, Passwords
from bragkit.web.buckets import Buckets, MemoryBuckets, RedisBuckets
from bragkit.web.catalogue import games_catalogue
from bragkit.web.club_site import ClubSite
from bragkit.web.cluster import Cluster
from bragkit.web.cookies import CookiePolicy
from bragkit.web.directory import MemoryDirectory, RedisDirectory, TableDirectory
from bragkit.web.history import History
from bragkit.web.league_site import LeagueSite
from bragkit.web.leagues import Leagues
from bragkit.web.limits import AccountLimits, AccountThrottles, AddressLimits, Limits
from bragkit.web.metrics import CONTENT_TYPE, ErrorCounter, Metrics
from bragkit.web.origin import same_origin
from bragkit.web.profiles import Profiles
from bragkit.web.ratings import Ratings
from bragkit.web.records_site import RecordSite
from bragkit.web.replay_rooms import ReplayShare
from bragkit.web.replay_site import ReplaySite
from bragkit.web.room import ConfigError
from bragkit.web.sessions import Sessions
from bragkit.web.store import Store, StoreError
from bragkit.web.svg import back_svg, card_svg
from bragkit.web.tables import Connection, TableManager

__all__ = ["STATIC", "create_app"]

log = logging.getLogger("bragkit.web")

#: The folder of the page's files.
STATIC = Path(__file__).parent / "static"
_MAX_BODY = 16_384
_SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


class _SecurityHeaders:
    """Adds the headers that keep the page's scripts its own (no injected script runs)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                for key, value in _SECURITY_HEADERS.items():
                    if key.encode() not in present:
                        headers.append((key.encode(), value.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


def create_app(
    *,
    store: Store | None = None,
    database: str | None = None,
    manager: TableManager | None = None,
    defaults: Mapping[str, Any] | None = None,
    manage_gc: bool = True,
    public_url: str | None = None,
    limits: Limits | None = None,
    cluster: Cluster | None = None,
    passwords: Passwords | None = None,
    account_limits: AccountLimits | None = None,
    secure_cookies: bool | None = None,
) -> Starlette:
    """The web table's app. Give a ``manager``, or a ``store`` (or a ``database`` URL; default:
    SQLite in the user's data folder) and the ``defaults`` of new tables' settings; ``limits``
    are the house's limits among strangers (default :class:`~bragkit.web.limits.Limits`);
    ``cluster``, this process's part in several serving the same tables (its database shared,
    see :mod:`bragkit.web.cluster`).

    ``manage_gc`` keeps the garbage collector's pauses short while the app runs (see
    :func:`_tidy_memory`; it is undone at shutdown): for a server process, not for an app
    embedded in a program that tunes its own collector. ``public_url``: the address friends
    reach this server at (``bragkit serve --public-url``), for the invite links.

    Accounts (optional for players, :mod:`bragkit.web.accounts`) live in the same database:
    ``passwords`` hashes them (default: argon2id at its default cost), ``account_limits`` limit
    signing in and up; the cookies are ``Secure`` when ``secure_cookies`` is True (default: when
    ``public_url`` is https, else when a request came over https: :mod:`bragkit.web.cookies`)."""
    if manager is None:
        manager = TableManager(store or Store(database), defaults=defaults, limits=limits)
    tables = manager
    tables.cluster = cluster  # before resuming: a cluster's tables wait for their lease
    buckets, directory, shared = _shared(tables, cluster)
    addresses = AddressLimits(manager.limits, buckets=buckets)
    metrics = Metrics(tables)
    accounts = Accounts(tables.store.engine, passwords=passwords)
    if secure_cookies is None and public_url is not None and public_url.startswith("https:"):
        secure_cookies = True
    site = AccountSite(accounts=accounts, sessions=Sessions(tables.store.engine),
                       cookies=CookiePolicy(secure=secure_cookies), metrics=metrics,
                       throttles=AccountThrottles(account_limits or AccountLimits(),
                                                  buckets=buckets))
    tables.names, tables.tally = accounts, metrics
    ratings = Ratings(tables.store.engine)
    history = History(tables.store, ratings=ratings, rooms=tables.rooms)
    tables.commits.listeners.append(history.stored)  # the players' history, as deals end
    leagues = Leagues(tables.store.engine, accounts=accounts, rooms=tables.room)
    tables.commits.listeners.append(leagues.stored)  # a league night's table counts at close
    club = ClubSite(site=site, ratings=ratings, profiles=Profiles(
        tables.store.engine, ratings=ratings, released=functools.partial(_released, tables)))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        tables.resume_all()
        history.catch_up()  # closed tables whose close was stored but not yet recorded
        leagues.catch_up()  # and league tables whose close was stored but not yet counted
        await asyncio.to_thread(site.sessions.purge)
        if cluster is not None:
            await cluster.start(tables)
        if shared is not None:
            shared.start()
        tidy = asyncio.create_task(_tidy_memory()) if manage_gc else None
        sweep = (asyncio.create_task(_count_leagues(leagues, cluster.scan_seconds))
                 if cluster is not None else None)
        yield
        if sweep is not None:
            sweep.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweep
        if tidy is not None:
            tidy.cancel()
            gc.unfreeze()
        if shared is not None:
            await shared.stop()
        if cluster is not None:
            await cluster.stop()
        tables.shutdown()

    async def made(table_id: str) -> None:  # a table made here: listed, run here
        await directory.added(table_id)
        if cluster is not None:
            await cluster.claim(table_id)

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        if tables.room(request.path_params["table_id"]) is None:
            return PlainTextResponse("No such table: check the invite link.", status_code=404)
        return FileResponse(STATIC / "table.html")

    async def create(request: Request) -> Response:
        refused = _refuse_post(request)
        if refused is not None:
            metrics.refused("cross_site" if refused.status_code == 403 else "malformed")
            return refused
        if not await addresses.allow(request.client.host if request.client else None):
            metrics.refused("rate_limited")
            return JSONResponse({"error": "too many tables from your address: try again later"},
                                status_code=429)
        body = await request.body()
        if len(body) > _MAX_BODY:
            return JSONResponse({"error": "settings too large"}, status_code=413)
        try:
            table_id, host_token = tables.create_table(_settings(body))
        except ConfigError as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        except StoreError as error:
            return JSONResponse({"error": str(error)}, status_code=503)
        tables.flush()
        await made(table_id)
        url = str(request.url_for("table_page", table_id=table_id))
        return JSONResponse({"id": table_id, "host_token": host_token, "url": url},
                            status_code=201)

    async def summary(request: Request) -> Response:
        room = tables.room(request.path_params["table_id"])
        if room is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        return JSONResponse({"id": room.table_id, "name": room.config.name,
                             "game": room.config.game, "status": room.status, "seats": room.seats,
                             "settings": {k: v for k, v in room.config.to_dict().items()
                                          if k != "members"}})  # no league's account numbers

    async def open_tables(request: Request) -> Response:  # issue 15: the front page's list
        return JSONResponse({"tables": await directory.listed()},
                            headers={"cache-control": "no-store"})

    async def server_info(request: Request) -> Response:  # issue 15: invite links
        return JSONResponse({"public_url": public_url})

    async def game_list(request: Request) -> Response:  # issue 14: the lobby's choices
        return JSONResponse({"games": games_catalogue()},
                            headers={"cache-control": "public, max-age=300"})

    async def card(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            svg = back_svg() if code == "back" else card_svg(code)
        except BragError:
            return PlainTextResponse("no such card", status_code=404)
        return Response(svg, media_type="image/svg+xml",
                        headers={"cache-control": "public, max-age=86400"})

    async def socket(websocket: WebSocket) -> None:
        await _serve_socket(tables, websocket, site)

    async def scrape(request: Request) -> Response:
        return Response(metrics.render(), media_type=CONTENT_TYPE,
                        headers={"cache-control": "no-store"})

    records = RecordSite(tables=tables, site=site)
    routes = [
        Route("/", lobby),
        Route("/t/{table_id}", table_page, name="table_page"),
        Route("/api/games", game_list),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables", open_tables, methods=["GET"]),
        Route("/api/server", server_info),
        Route("/api/tables/{table_id}", summary),
        *records.routes,
        *ReplaySite(tables=tables, records=records, buckets=buckets,  # issue 26: replays
                    share=_replay_share(cluster)).routes,
        Route("/cards/{code}.svg", card),
        *rulebook.ROUTES,
        *site.routes,
        *club.routes,
        *LeagueSite(leagues=leagues, site=site, maker=tables, allow=addresses.allow,
                     made=made).routes,
        Route("/metrics", scrape),
        WebSocketRoute("/ws/{table_id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[
        Middleware(_SecurityHeaders), Middleware(ErrorCounter, metrics=metrics)])
    app.state.manager = tables
    app.state.metrics = metrics
    app.state.history = history
    app.state.leagues = leagues
    return app


async def _tidy_memory(period: float = 5.0, full_every: int = 120) -> None:
    """Keep the garbage collector's pauses short, so one table's turn never waits on it.

    A full collection scans every object the server holds (each room's tables, ledgers and
    logs): with hundreds of tables that stalls the event loop for 50–100 ms. So every
    ``period`` seconds the young generations are collected and what survives is frozen (moved
    out of the collector's sight: ``gc.freeze``); every ``full_every`` periods, everything is
    unfrozen and collected once, to free any long-lived cycle that became garbage.
    """
    gc.collect()
    gc.freeze()
    count = 0
    while True:
        await asyncio.sleep(period)
        count += 1
        if count % full_every == 0:
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)
        gc.freeze()


async def _count_leagues(leagues: Leagues, period: float) -> None:
    """In a cluster, every ``period`` seconds: count the league tables whose close another
    process stored but did not count (it died between the two: :meth:`Leagues.catch_up
    <bragkit.web.leagues.Leagues.catch_up>`), the query in a worker thread, the counting here
    (it reads the rooms, which are the event loop's)."""
    while True:
        await asyncio.sleep(period)
        try:
            waiting = await asyncio.to_thread(leagues.waiting)
        except SQLAlchemyError as error:  # the next round tries again
            log.warning("the league scores could not be looked at (%s)",
                        str(error).splitlines()[0])
            continue
        if waiting:
            leagues.catch_up(waiting)


def _shared(tables: TableManager, cluster: Cluster | None
            ) -> tuple[Buckets, TableDirectory, RedisDirectory | None]:
    """Where the limits count and the table list is kept: this process (no cluster), else
    Redis, shared by every process of the cluster (:mod:`bragkit.web.buckets`,
    :mod:`bragkit.web.directory`); and the directory to start and stop with the app, if any."""
    if cluster is None:
        return MemoryBuckets(), MemoryDirectory(tables.rooms), None

    def client() -> Any:
        return cluster.redis

    shared = RedisDirectory(client, prefix=cluster.prefix, rooms=tables.rooms,
                            held=lambda: cluster.held, refresh=cluster.scan_seconds)
    tables.commits.listeners.append(shared.stored)
    return RedisBuckets(client, prefix=cluster.prefix), shared, shared


def _replay_share(cluster: Cluster | None) -> ReplayShare:
    """Where replays' rooms and uploads are kept: this process, or the cluster's Redis."""
    if cluster is None:
        return ReplayShare()
    return ReplayShare(lambda: cluster.redis, prefix=cluster.prefix)


def _released(tables: TableManager, table_id: str, number: int) -> bool:
    """Whether deal ``number`` of a table still open has its record released (its room)."""
    room = tables.room(table_id)
    return room is not None and room.released(number)


def _settings(body: bytes) -> dict[str, Any]:
    """A new table's settings from a request's body: a JSON object (an empty body: none),
    else a :class:`ConfigError` saying what is wrong."""
    try:
        settings = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise ConfigError("settings must be JSON") from None
    except RecursionError:
        raise ConfigError("settings are JSON nested too deep") from None
    if not isinstance(settings, dict):
        raise ConfigError("settings must be a JSON object")
    return settings


def _refuse_post(request: Request) -> Response | None:
    """A create request refused before its body is read: from another site (403), or not
    JSON (415: a form or ``text/plain`` post, which another site could send without asking)."""
    if not same_origin(request.headers):
        return JSONResponse({"error": "cross-site requests are refused"}, status_code=403)
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        return JSONResponse({"error": "send the settings as application/json"},
                            status_code=415)
    return None


async def _serve_socket(tables: TableManager, websocket: WebSocket, site: AccountSite) -> None:
    table_id = websocket.path_params["table_id"]
    refusal = None
    account = None
    if not same_origin(websocket.headers):
        refusal = 4403  # forbidden: another site's page
    else:
        try:
            if tables.room(table_id) is None:
                refusal = 4404  # no such table
            account = await site.account_of(websocket)  # signed in: sits under its name
        except BragError as error:  # the database is away: the page retries
            log.error("table %s: %s", table_id, error)
            refusal = 1011
    await websocket.accept()
    if refusal is not None:  # accepted, then closed: a browser sees the code (docs say so)
        await websocket.close(code=refusal)
        return
    conn = tables.connect(table_id)
    if account is not None:
        conn.account, conn.account_id = account.name, account.id
    writer = asyncio.create_task(_write(websocket, conn))
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = "\x00binary"  # refused as malformed: the protocol is text
            tables.receive(conn, text)
    except WebSocketDisconnect:
        pass
    finally:
        tables.disconnect(conn)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=2)
        writer.cancel()


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Drain a connection's queue into its WebSocket, in order."""
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                break
            await websocket.send_text(text)
    except Exception:  # the socket went away: the reader ends too
        conn.close()
    with contextlib.suppress(Exception):
        await websocket.close(code=conn.close_code or 1000)
