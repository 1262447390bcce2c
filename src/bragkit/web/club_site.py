"""The pages that remember the players, over HTTP: :class:`ClubSite`, their routes.

=====================================  ===================================================
``GET /u/{name}``                      a player's page (:func:`~bragkit.web.club_pages.player_page`)
``GET /api/players/{name}``            the same as JSON
``GET /leaderboard``                   to the first game's leaderboard
``GET /leaderboard/{game}``            a game's leaderboard
``GET /api/leaderboard/{game}``        the same as JSON: ``{game, title, players: [...]}``
=====================================  ===================================================

What a page shows depends on who asks (a private table's sessions only to its players:
:class:`~bragkit.web.profiles.Profiles`), so every answer is ``Cache-Control: no-store``. A
name with no account gets the same answer as an account with nothing to show: 200 and the
name as typed.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from bragkit.errors import BragError
from bragkit.games.registry import GameInfo, find, names
from bragkit.web.account_site import AccountSite
from bragkit.web.accounts import Account
from bragkit.web.club_pages import leaderboard_page, player_page
from bragkit.web.profiles import Profiles
from bragkit.web.ratings import Ratings

__all__ = ["ClubSite"]

_NO_STORE: Final = {"cache-control": "no-store"}


def _game(name: str) -> GameInfo | None:
    try:
        return find(name)
    except BragError:
        return None


class ClubSite:
    """The players' pages and the leaderboards (see the module docstring), from ``profiles``
    and ``ratings``; ``site`` tells who a browser is signed in as."""

    def __init__(self, *, profiles: Profiles, ratings: Ratings, site: AccountSite) -> None:
        self.profiles = profiles
        self.ratings = ratings
        self.site = site

    @property
    def routes(self) -> list[Route]:
        """The routes."""
        return [
            Route("/u/{name}", self.player),
            Route("/api/players/{name}", self.player_api),
            Route("/leaderboard", self.boards),
            Route("/leaderboard/{game}", self.board),
            Route("/api/leaderboard/{game}", self.board_api),
        ]

    async def _viewer(self, request: Request) -> Account | None:
        return await self.site.account_of(request)

    async def player(self, request: Request) -> Response:
        try:
            viewer = await self._viewer(request)
            profile = await run_in_threadpool(
                self.profiles.profile, request.path_params["name"],
                viewer=None if viewer is None else viewer.id)
        except (BragError, SQLAlchemyError):
            return _unavailable()
        return HTMLResponse(player_page(profile, viewer=None if viewer is None else
                                        viewer.name), headers=_NO_STORE)

    async def player_api(self, request: Request) -> Response:
        try:
            viewer = await self._viewer(request)
            profile = await run_in_threadpool(
                self.profiles.profile, request.path_params["name"],
                viewer=None if viewer is None else viewer.id)
        except (BragError, SQLAlchemyError):
            return _unavailable()
        return JSONResponse(profile.to_dict(), headers=_NO_STORE)

    async def boards(self, request: Request) -> Response:
        return RedirectResponse(f"/leaderboard/{names()[0]}", status_code=307)

    async def board(self, request: Request) -> Response:
        info = _game(request.path_params["game"])
        if info is None:
            return PlainTextResponse("No such game.", status_code=404)
        try:
            viewer = await self._viewer(request)
            standings = await run_in_threadpool(self.ratings.leaderboard, info.name)
        except (BragError, SQLAlchemyError):
            return _unavailable()
        games = [(n, find(n).title) for n in names()]
        return HTMLResponse(leaderboard_page(
            game=info.name, title=info.title, standings=standings, games=games,
            viewer=None if viewer is None else viewer.name), headers=_NO_STORE)

    async def board_api(self, request: Request) -> Response:
        info = _game(request.path_params["game"])
        if info is None:
            return JSONResponse({"error": "no such game"}, status_code=404)
        try:
            standings = await run_in_threadpool(self.ratings.leaderboard, info.name)
        except (BragError, SQLAlchemyError):
            return _unavailable()
        return JSONResponse({"game": info.name, "title": info.title,
                             "players": [s.to_dict() for s in standings]}, headers=_NO_STORE)


def _unavailable() -> Response:
    return PlainTextResponse("The players' records are unavailable just now: try again in a "
                             "moment.", status_code=503, headers=_NO_STORE)
