"""The league pages over HTTP: :class:`LeagueSite`, their routes.

===============================================  ============================================
``GET /leagues``                                 the account's leagues; the form to make one
``POST /leagues``                                make a league (then to its page)
``GET /leagues/{id}``                            a league's page (members only)
``POST /leagues/{id}/members``                   the host adds a member by name
``POST /leagues/{id}/nights``                    the host schedules the next night
``POST /leagues/{id}/nights/{number}/open``      the host opens a night: its tables are made
``GET /api/leagues/{id}``                        the league and its standings as JSON
===============================================  ============================================

Leagues are for accounts: signed out, every league page sends the browser to sign in, and the
API answers 401, whatever the league. A league is seen only by its members: anyone else gets
exactly the answer of a league that does not exist (404), so its number tells nothing. Every
post is a form of the site's own with the browser's CSRF token, checked as the account pages'
are (:meth:`AccountSite.form <bragkit.web.account_site.AccountSite.form>`: else 403, nothing
done); a member who is not the host is refused the host's forms (403). A success answers
``303 See Other`` back to the league's page. Every answer is ``Cache-Control: no-store`` (a
league's page holds its host's table links).
"""

from __future__ import annotations

import tomllib
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

from anyio import from_thread
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

from bragkit.games.registry import find, names
from bragkit.web.account_site import AccountSite
from bragkit.web.accounts import Account
from bragkit.web.league_pages import LeagueView, league_page, leagues_page
from bragkit.web.leagues import MAX_TABLES, League, LeagueRefused, Leagues, TableMaker
from bragkit.web.store import StoreError

__all__ = ["LeagueSite"]

_NO_STORE: Final = {"cache-control": "no-store"}
_MISSING: Final = "No such league."
_DONE: Final = {"made": "The league is made: add its members, then schedule its first night.",
                "member": "The member is added.", "night": "The night is scheduled.",
                "open": "The night is open: its tables are below."}

Handler = Callable[[Request], Awaitable[Response]]


def _choices() -> list[tuple[str, str]]:
    """Every game and preset a league may play: its name and title."""
    out = []
    for name in names():
        info = find(name)
        out.append((info.name, info.title))
        out += [(p, info.title_of(p)) for p in info.presets]
    return out


def _rules(text: str) -> dict[str, Any]:
    """House rules as the form sends them: a rules file's ``[rules]`` table (TOML).

    >>> _rules("max_bet = 10\\nante = 2")
    {'max_bet': 10, 'ante': 2}
    >>> _rules("max_bet = ")
    Traceback (most recent call last):
    ...
    bragkit.web.leagues.LeagueRefused: the house rules are one option a line, as name = value
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise LeagueRefused("the house rules are one option a line, as name = value") from None


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) < 10 else None


def _tables(form: dict[str, str]) -> int:
    """How many tables a night's opening asks for (0: not a number)."""
    return _number(form.get("tables", "1")) or 0


class LeagueSite:
    """The league pages (see the module docstring) over ``leagues``; ``site`` tells who a
    browser is signed in as and checks the forms; ``maker`` makes a night's tables, each one
    counted against the client's address by ``allow`` as the lobby's tables are
    (:class:`~bragkit.web.limits.AddressLimits`), and each told to ``made`` once made (the
    app's: in a cluster this process takes its lease, so the night's tables run where they
    were made)."""

    def __init__(self, *, leagues: Leagues, site: AccountSite, maker: TableMaker,
                 allow: Callable[[str | None], Awaitable[bool]] | None = None,
                 made: Callable[[str], Awaitable[None]] | None = None) -> None:
        self.leagues = leagues
        self.site = site
        self.maker = _OnTheLoop(maker, made or _nothing)
        self.allow = allow or _always

    @property
    def routes(self) -> list[Route]:
        """The routes."""
        guarded = self._guarded
        return [
            Route("/leagues", guarded(self.index), methods=["GET"]),
            Route("/leagues", guarded(self.create), methods=["POST"]),
            Route("/leagues/{league}", guarded(self.show), methods=["GET"]),
            Route("/leagues/{league}/members", guarded(self.add_member), methods=["POST"]),
            Route("/leagues/{league}/nights", guarded(self.schedule), methods=["POST"]),
            Route("/leagues/{league}/nights/{night}/open", guarded(self.open_night),
                  methods=["POST"]),
            Route("/api/leagues/{league}", guarded(self.api), methods=["GET"]),
        ]

    def _guarded(self, handler: Handler) -> Handler:
        async def guarded(request: Request) -> Response:
            try:
                return await handler(request)
            except (SQLAlchemyError, StoreError):
                return PlainTextResponse("The leagues are unavailable just now: try again in "
                                         "a moment.", status_code=503, headers=_NO_STORE)
        return self.site.guarded(guarded)

    async def _league(self, request: Request, account: Account) -> League | None:
        number = _number(request.path_params["league"])
        if number is None:
            return None
        return await run_in_threadpool(self.leagues.league, number, viewer=account.id)

    # -- pages ---------------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        account = await self.site.account_of(request)
        if account is None:
            return RedirectResponse("/signin", status_code=303)
        return await self._index(request, account)

    async def _index(self, request: Request, account: Account, *, error: str | None = None,
                     form: dict[str, str] | None = None) -> Response:
        mine = await run_in_threadpool(self.leagues.of, account.id)
        token, _ = self.site.cookies.csrf_token(request)
        sent = form or {}
        return HTMLResponse(leagues_page(
            csrf=token, viewer=account.name, leagues=mine, games=_choices(), error=error,
            name=sent.get("name", "")[:40], game=sent.get("game", ""),
            rules=sent.get("rules", "")[:400]), status_code=200 if error is None else 400,
            headers=_NO_STORE)

    async def show(self, request: Request) -> Response:
        account = await self.site.account_of(request)
        if account is None:
            return RedirectResponse("/signin", status_code=303)
        league = await self._league(request, account)
        if league is None:
            return _missing()
        done = _DONE.get(request.query_params.get("done", ""))
        return await self._page(request, account, league, done=done)

    async def _page(self, request: Request, account: Account, league: League, *,
                    error: str | None = None, done: str | None = None,
                    status: int = 200) -> Response:
        view = await run_in_threadpool(self._view, league)
        token, _ = self.site.cookies.csrf_token(request)
        return HTMLResponse(league_page(view, csrf=token, viewer=account.name,
                                        host=league.host_id == account.id, error=error,
                                        done=done), status_code=status, headers=_NO_STORE)

    def _view(self, league: League) -> LeagueView:
        return LeagueView(league=league, members=self.leagues.members(league),
                          nights=self.leagues.nights(league),
                          standings=self.leagues.standings(league))

    async def api(self, request: Request) -> Response:
        account = await self.site.account_of(request)
        if account is None:
            return JSONResponse({"error": "sign in to see your leagues"}, status_code=401,
                                headers=_NO_STORE)
        league = await self._league(request, account)
        if league is None:
            return JSONResponse({"error": "no such league"}, status_code=404,
                                headers=_NO_STORE)
        view = await run_in_threadpool(self._view, league)
        return JSONResponse({
            "id": league.id, "name": league.name, "game": league.game, "title": league.title,
            "rules": dict(league.rules), "host": league.host,
            "members": [m.name for m in view.members],
            "nights": [{"number": n.number, "day": n.day, "open": n.opened_at is not None,
                        "tables": [t.table_id for t in n.tables]} for n in view.nights],
            **view.standings.to_dict()}, headers=_NO_STORE)

    # -- forms ---------------------------------------------------------------------------------

    async def create(self, request: Request) -> Response:
        form = await self.site.form(request)
        account = await self.site.account_of(request)
        if account is None:
            return RedirectResponse("/signin", status_code=303)
        try:
            number = await run_in_threadpool(
                self.leagues.create, account, name=form.get("name", ""),
                game=form.get("game", ""), rules=_rules(form.get("rules", "")))
        except LeagueRefused as refused:
            return await self._index(request, account, error=str(refused), form=form)
        return RedirectResponse(f"/leagues/{number}?done=made", status_code=303)

    async def add_member(self, request: Request) -> Response:
        return await self._host_form(request, "member", lambda league, account, form: (
            self.leagues.add_member(league, account, form.get("name", ""))))

    async def schedule(self, request: Request) -> Response:
        return await self._host_form(request, "night", lambda league, account, form: (
            self.leagues.schedule(league, account, form.get("day", ""))))

    async def open_night(self, request: Request) -> Response:
        night = _number(request.path_params["night"])

        def opened(league: League, account: Account, form: dict[str, str]) -> Any:
            if night is None:
                raise LeagueRefused("no such night")
            return self.leagues.open_night(league, account, night, count=_tables(form),
                                           maker=self.maker)
        return await self._host_form(request, "open", opened, tables=_tables)

    async def _host_form(self, request: Request, done: str,
                         change: Callable[[League, Account, dict[str, str]], Any], *,
                         tables: Callable[[dict[str, str]], int] | None = None) -> Response:
        """A form of a league's host: checked (the site's own, its token), the league found
        for this member (else 404, as a missing league), the ``tables`` it makes counted
        against the address (too many: 429), ``change`` made (refused: the page again with
        the reason; a member not the host: 403)."""
        form = await self.site.form(request)
        account = await self.site.account_of(request)
        if account is None:
            return RedirectResponse("/signin", status_code=303)
        league = await self._league(request, account)
        if league is None:
            return _missing()
        status = 400 if league.host_id == account.id else 403
        count = tables(form) if tables is not None and status == 400 else 0
        address = request.client.host if request.client else None
        for _ in range(count if 1 <= count <= MAX_TABLES else 0):
            if not await self.allow(address):
                return await self._page(request, account, league, status=429,
                                        error="too many tables from your address: try again "
                                        "later")
        try:
            await run_in_threadpool(change, league, account, form)
        except LeagueRefused as refused:
            return await self._page(request, account, league, error=str(refused),
                                    status=status)
        return RedirectResponse(f"/leagues/{league.id}?done={done}", status_code=303)


class _OnTheLoop:
    """A :class:`~bragkit.web.leagues.TableMaker` for the host's form, which runs in a worker
    thread: each table is made on the event loop (the rooms are the loop's; a worker thread
    adding one would race the loop's passes over them), then told to ``made``."""

    def __init__(self, maker: TableMaker, made: Callable[[str], Awaitable[None]]) -> None:
        self.maker = maker
        self.made = made

    def create_table(self, settings: Mapping[str, Any]) -> tuple[str, str]:
        return from_thread.run(self._create, settings)

    async def _create(self, settings: Mapping[str, Any]) -> tuple[str, str]:
        table_id, host_token = self.maker.create_table(settings)
        await self.made(table_id)
        return table_id, host_token


async def _always(address: str | None) -> bool:
    return True


async def _nothing(table_id: str) -> None:
    return None


def _missing() -> Response:
    return PlainTextResponse(_MISSING, status_code=404, headers=_NO_STORE)
