"""A table's records over HTTP: :class:`RecordSite`, their routes.

=========================================  ====================================================
``GET /api/tables/{id}/records``           every finished deal, and which records are released
``GET /api/tables/{id}/deals/{n}.bhh``     a deal's hand history, once released
``GET /api/tables/{id}/deals/{n}/proof``   the fairness proof of a deal's shuffle, once released
``GET /api/tables/{id}/deals/{n}/analysis`` every decision of a released deal beside the
                                            adviser's play (:mod:`bragkit.analysis`; the
                                            three-card family's games)
=========================================  ====================================================

An analysis plays hundreds of deals out: one is made at a time, in a worker thread, and kept
(:data:`ANALYSES` of them), so asking again costs nothing.

A record or proof is released only when it can no longer give a card away (see
:meth:`Room.released <bragkit.web.room.Room.released>`); until then its URL answers 404 with
the reason.

A **private** table's records are its players' only (:meth:`RecordSite.may_read`): a browser
signed in to an account that sat at the table, or a request that shows a seat token that sat
there, or the host's token, as ``Authorization: Bearer TOKEN`` (the table's page sends the
one it holds). Anyone else gets, byte for byte, the answer to a table that does not exist:
the routes never tell a private table's records from no records at all.
"""

from __future__ import annotations

import asyncio
import hmac
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from bragkit.analysis import adviser, analysable, analyse, default_adviser
from bragkit.web.account_site import AccountSite
from bragkit.web.room import Room, token_hash
from bragkit.web.tables import TableManager

__all__ = ["RecordSite", "bearer"]

_LONGEST: Final = 128  # a token longer than that is no seat's nor host's
#: Analyses kept (the latest asked for).
ANALYSES: Final = 64
#: Deals played out per action compared in a deal's analysis.
WEB_ROLLOUTS: Final = 32


def bearer(request: Request) -> str | None:
    """The token a request shows as ``Authorization: Bearer TOKEN``, if any.

    >>> from starlette.requests import Request
    >>> bearer(Request({"type": "http", "headers": [(b"authorization", b"Bearer abc_-1")]}))
    'abc_-1'
    >>> bearer(Request({"type": "http", "headers": [(b"authorization", b"Basic abc")]})) is None
    True
    """
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value or len(value) > _LONGEST:
        return None
    return value


class RecordSite:
    """The records' routes (see the module docstring) over the ``tables`` of a server, its
    ``site`` telling who a browser is signed in as."""

    def __init__(self, *, tables: TableManager, site: AccountSite) -> None:
        self.tables = tables
        self.site = site
        self._analyses: dict[tuple[str, int], dict[str, Any]] = {}
        self._analysing = asyncio.Lock()

    @property
    def routes(self) -> list[Route]:
        """The routes."""
        return [
            Route("/api/tables/{table_id}/records", self.records),
            Route("/api/tables/{table_id}/deals/{number:int}.bhh", self.record),
            Route("/api/tables/{table_id}/deals/{number:int}/proof", self.proof),
            Route("/api/tables/{table_id}/deals/{number:int}/analysis", self.analysis),
        ]

    async def may_read(self, request: Request, room: Room) -> bool:
        """Whether this request may read the room's records: anyone at a table that is not
        private; at a private one its players (by account or seat token) and its host."""
        if not room.config.private:
            return True
        shown = bearer(request)
        if shown is not None:
            hashed = token_hash(shown)
            if room.seating.ever_seated(token_hash=hashed) or hmac.compare_digest(
                    hashed, room.host_hash):
                return True
        account = await self.site.account_of(request)
        return account is not None and room.seating.ever_seated(account=account.id)

    async def _room(self, request: Request) -> Room | None:
        """The request's table, if there is one and its records are the request's to read."""
        room = self.tables.room(request.path_params["table_id"])
        if room is None or not await self.may_read(request, room):
            return None
        return room

    async def records(self, request: Request) -> Response:
        room = await self._room(request)
        if room is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        return JSONResponse({"records": room.records()}, headers=_private(room))

    async def record(self, request: Request) -> Response:
        room = await self._room(request)
        number = request.path_params["number"]
        text = None if room is None else room.record_text(number)
        if room is None or text is None:
            return PlainTextResponse(_unreleased(room is None, number), status_code=404)
        name = f"bragkit-{room.table_id}-deal-{number}.bhh"
        return PlainTextResponse(text, media_type="application/toml", headers={
            "content-disposition": f'attachment; filename="{name}"', **_private(room)})

    async def proof(self, request: Request) -> Response:
        room = await self._room(request)
        number = request.path_params["number"]
        text = None if room is None else room.proof_json(number)
        if room is None or text is None:
            return PlainTextResponse(_unreleased(room is None, number, proof=True),
                                     status_code=404)
        return Response(text, media_type="application/json", headers=_private(room))


    async def analysis(self, request: Request) -> Response:
        room = await self._room(request)
        number = request.path_params["number"]
        text = None if room is None else room.record_text(number)
        if room is None or text is None:
            return JSONResponse({"error": _unreleased(room is None, number)}, status_code=404)
        if not analysable(room.config.info.name):
            return JSONResponse({"error": f"{room.config.info.title} records are not analysed: "
                                          "the adviser plays the three-card family only"},
                                status_code=404)
        key = (room.table_id, number)
        found = self._analyses.get(key)
        if found is None:
            async with self._analysing:  # one at a time: an analysis plays deals out
                found = self._analyses.get(key)
                if found is None:
                    found = await run_in_threadpool(_analysed, text)
                    self._analyses[key] = found
                    while len(self._analyses) > ANALYSES:
                        self._analyses.pop(next(iter(self._analyses)))
        return JSONResponse(found, headers=_private(room))


def _analysed(text: str) -> dict[str, Any]:
    """A deal's analysis as JSON (the command's ``--json``)."""
    advice = adviser(default_adviser())
    decisions = analyse(text, adviser=advice, rollouts=WEB_ROLLOUTS)
    return {"adviser": advice.name, "rollouts": WEB_ROLLOUTS,
            "decisions": [d.to_dict() for d in decisions]}


def _private(room: Room) -> dict[str, str]:
    """A private table's records are kept out of shared caches."""
    return {"cache-control": "private, no-store"} if room.config.private else {}


def _unreleased(missing: bool, number: int, *, proof: bool = False) -> str:
    if missing:
        return "No such table."
    what = "the proof of its shuffle" if proof else "its hand history"
    return (f"Deal {number} is not finished, was not shuffled, or {what} is not released yet: "
            "records are released once their pack is no longer in play (the next deal is "
            "shuffled) or the table is closed.")
