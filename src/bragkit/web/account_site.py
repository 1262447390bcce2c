"""The account pages of the site: :class:`AccountSite`, their routes.

=====================================  ===================================================
``GET /signup``, ``POST /signup``      open an account (then signed in)
``GET /signin``, ``POST /signin``      sign in
``POST /signout``                      sign out
``GET /account``                       the account's page (signed out: to ``/signin``)
``POST /account/password``             change the password (other sessions end)
``POST /account/delete``               delete the account (its sessions end)
``GET /api/me``                        ``{"name": …}``: the account signed in, or null
=====================================  ===================================================

Every post is a form of the site's own: from its own pages (``Origin``, ``Sec-Fetch-Site``:
else 403), ``application/x-www-form-urlencoded``, at most 4 KiB, with the browser's CSRF
token (:mod:`bragkit.web.cookies`: else 403, nothing done). Signing in and up are limited per
address and per name tried (:class:`~bragkit.web.limits.AccountThrottles`: else 429 with
``Retry-After``). A wrong name and a wrong password get the same page, status and work
(:meth:`Accounts.sign_in <bragkit.web.accounts.Accounts.sign_in>`). Each sign-in starts a new
session, ending any the browser brought (no fixation). A success answers ``303 See Other``
(back to the table the player came from, ``next=/t/ID``, or the account page).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Final
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection, Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from bragkit.web.accounts import (
    Account,
    Accounts,
    NameRefused,
    PasswordRefused,
    StoreUnavailable,
    WrongCredentials,
)
from bragkit.web.cookies import CookiePolicy
from bragkit.web.limits import AccountThrottles
from bragkit.web.metrics import Metrics
from bragkit.web.names import skeleton
from bragkit.web.origin import same_origin
from bragkit.web.pages import account_page, sign_in_page, sign_up_page
from bragkit.web.sessions import Sessions

__all__ = ["AccountSite"]

_MAX_FORM: Final = 4096
_NEXT: Final = re.compile(r"/(?:t/[A-Za-z0-9_-]{1,32})?")
_NO_STORE: Final = {"cache-control": "no-store"}
_DONE: Final = {"password": "The password is changed; every other browser is signed out.",
                "welcome": "Welcome: the account is open, and you are signed in."}

Handler = Callable[[Request], Awaitable[Response]]


class _Refused(Exception):
    """A post refused before anything is done: its answer."""

    def __init__(self, response: Response) -> None:
        super().__init__()
        self.response = response


def _after(value: str | None) -> str | None:
    """Where to go after signing in: a page of this site (``/`` or a table), else nowhere.

    >>> _after("/t/hn-1_DJm"), _after("https://evil.example/"), _after("//evil.example/")
    ('/t/hn-1_DJm', None, None)
    """
    return value if value is not None and _NEXT.fullmatch(value) else None


def _address(request: HTTPConnection) -> str | None:
    return request.client.host if request.client else None


class AccountSite:
    """The account pages (see the module docstring) over ``accounts`` and ``sessions``, with
    the site's ``cookies``, the ``throttles`` on signing in and up, and the ``metrics``."""

    def __init__(self, *, accounts: Accounts, sessions: Sessions, cookies: CookiePolicy,
                 throttles: AccountThrottles, metrics: Metrics) -> None:
        self.accounts = accounts
        self.sessions = sessions
        self.cookies = cookies
        self.throttles = throttles
        self.metrics = metrics

    @property
    def routes(self) -> list[Route]:
        """The pages' routes."""
        guarded = self._guarded
        return [
            Route("/signup", guarded(self.sign_up_form), methods=["GET"]),
            Route("/signup", guarded(self.sign_up), methods=["POST"]),
            Route("/signin", guarded(self.sign_in_form), methods=["GET"]),
            Route("/signin", guarded(self.sign_in), methods=["POST"]),
            Route("/signout", guarded(self.sign_out), methods=["POST"]),
            Route("/account", guarded(self.account), methods=["GET"]),
            Route("/account/password", guarded(self.change_password), methods=["POST"]),
            Route("/account/delete", guarded(self.delete), methods=["POST"]),
            Route("/api/me", guarded(self.me), methods=["GET"]),
        ]

    async def account_of(self, conn: HTTPConnection) -> Account | None:
        """The account a request or WebSocket is signed in to (None: a guest)."""
        session_id = self.cookies.session_id(conn)
        if session_id is None:
            return None
        return await run_in_threadpool(self.sessions.account, session_id)

    # -- pages ----------------------------------------------------------------------------------

    async def sign_up_form(self, request: Request) -> Response:
        if await self.account_of(request) is not None:
            return RedirectResponse("/account", status_code=303)
        return self._page(request, sign_up_page, after=_after(request.query_params.get("next")))

    async def sign_in_form(self, request: Request) -> Response:
        if await self.account_of(request) is not None:
            return RedirectResponse("/account", status_code=303)
        return self._page(request, sign_in_page, after=_after(request.query_params.get("next")))

    async def account(self, request: Request) -> Response:
        account = await self.account_of(request)
        if account is None:
            return RedirectResponse("/signin", status_code=303)
        done = _DONE.get(request.query_params.get("done", ""))
        token, _ = self.cookies.csrf_token(request)
        return HTMLResponse(account_page(csrf=token, name=account.name, done=done),
                            headers=_NO_STORE)

    async def me(self, request: Request) -> Response:
        account = await self.account_of(request)
        return JSONResponse({"name": None if account is None else account.name},
                            headers=_NO_STORE)

    # -- forms ----------------------------------------------------------------------------------

    async def sign_up(self, request: Request) -> Response:
        form = await self._form(request)
        name, after = form.get("name", ""), _after(form.get("next"))
        password = form.get("password", "")
        if password != form.get("password2", ""):
            return self._page(request, sign_up_page, 400, name=name, after=after,
                              error="the two passwords differ")
        refusal = await self.throttles.sign_up(_address(request), skeleton(name))
        if refusal is not None:
            self.metrics.sign_up("limited")
            return self._limited(request, sign_up_page, refusal, name=name, after=after)
        try:
            account = await run_in_threadpool(self.accounts.sign_up, name, password)
        except (NameRefused, PasswordRefused) as error:
            self.metrics.sign_up("refused")
            return self._page(request, sign_up_page, 400, name=name, after=after,
                              error=str(error))
        self.metrics.sign_up("ok")
        return await self._signed_in(request, account, after or "/account?done=welcome")

    async def sign_in(self, request: Request) -> Response:
        form = await self._form(request)
        name, after = form.get("name", ""), _after(form.get("next"))
        refusal = await self.throttles.sign_in(_address(request), skeleton(name[:80]))
        if refusal is not None:
            self.metrics.sign_in("limited")
            return self._limited(request, sign_in_page, refusal, name=name, after=after)
        try:
            account = await run_in_threadpool(self.accounts.sign_in, name,
                                              form.get("password", ""))
        except WrongCredentials as error:
            self.metrics.sign_in("wrong")
            return self._page(request, sign_in_page, 401, name=name, after=after,
                              error=str(error))
        self.metrics.sign_in("ok")
        return await self._signed_in(request, account, after or "/account")

    async def sign_out(self, request: Request) -> Response:
        await self._form(request)
        await run_in_threadpool(self.sessions.end, self.cookies.session_id(request))
        response = RedirectResponse("/", status_code=303)
        self.cookies.clear_session(response, request)
        return response

    async def change_password(self, request: Request) -> Response:
        form = await self._form(request)
        account = await self.account_of(request)
        if account is None:
            return RedirectResponse("/signin", status_code=303)
        new = form.get("new", "")
        error, status = None, 400
        if new != form.get("new2", ""):
            error = "the two new passwords differ"
        elif (refusal := await self.throttles.sign_in(_address(request), skeleton(account.name))):
            error, status = refusal[0], 429
        else:
            try:
                await run_in_threadpool(self.accounts.change_password, account,
                                        form.get("password", ""), new)
            except WrongCredentials:
                error, status = "the current password is wrong", 401
            except PasswordRefused as refused:
                error = str(refused)
        if error is not None:
            return self._account_error(request, account, "password", error, status)
        await run_in_threadpool(self.sessions.end_all, account)
        return await self._signed_in(request, account, "/account?done=password")

    async def delete(self, request: Request) -> Response:
        form = await self._form(request)
        account = await self.account_of(request)
        if account is None:
            return RedirectResponse("/signin", status_code=303)
        refusal = await self.throttles.sign_in(_address(request), skeleton(account.name))
        if refusal is not None:
            return self._account_error(request, account, "delete", refusal[0], 429)
        try:
            await run_in_threadpool(self.accounts.delete, account, form.get("password", ""))
        except WrongCredentials:
            return self._account_error(request, account, "delete", "the password is wrong",
                                       401)
        await run_in_threadpool(self.sessions.end_all, account)
        response = RedirectResponse("/", status_code=303)
        self.cookies.clear_session(response, request)
        return response

    # -- for the site's other forms (the leagues: bragkit.web.league_site) ------------------------

    def guarded(self, handler: Handler) -> Handler:
        """``handler`` as this site's pages are served: a form refused before anything is
        done (:meth:`form`) answered, a database away answered 503."""
        return self._guarded(handler)

    async def form(self, request: Request) -> dict[str, str]:
        """A posted form's fields, once it is known to be the site's own and carries the
        browser's CSRF token (else refused, nothing done: call it inside :meth:`guarded`)."""
        return await self._form(request)

    # -- inside ---------------------------------------------------------------------------------

    def _guarded(self, handler: Handler) -> Handler:
        """``handler``, its early refusals answered and a database away answered 503."""
        async def guarded(request: Request) -> Response:
            try:
                return await handler(request)
            except _Refused as refused:
                return refused.response
            except StoreUnavailable:
                return PlainTextResponse("The accounts are unavailable just now: try again in "
                                         "a moment.", status_code=503, headers=_NO_STORE)
        return guarded

    async def _form(self, request: Request) -> dict[str, str]:
        """A posted form's fields, once it is known to be the site's own (else
        :class:`_Refused` with the answer)."""
        if not same_origin(request.headers):
            self.metrics.refused("cross_site")
            raise _Refused(PlainTextResponse("Cross-site requests are refused.", 403))
        kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if kind != "application/x-www-form-urlencoded":
            raise _Refused(PlainTextResponse("Send the form as a web page does.", 415))
        body = await request.body()
        if len(body) > _MAX_FORM:
            raise _Refused(PlainTextResponse("That form is too large.", 413))
        try:
            fields = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True,
                                    max_num_fields=12))
        except (UnicodeDecodeError, ValueError):
            raise _Refused(PlainTextResponse("That form cannot be read.", 400)) from None
        if not self.cookies.csrf_ok(request, fields.get("csrf")):
            self.metrics.refused("csrf")
            raise _Refused(PlainTextResponse(
                "This form expired, or came from another site: nothing was done. Go back, "
                "reload the page and try again.", 403, headers=_NO_STORE))
        return fields

    def _page(self, request: Request, render: Callable[..., str], status: int = 200, *,
              name: str = "", after: str | None = None, error: str | None = None,
              headers: dict[str, str] | None = None) -> Response:
        token, fresh = self.cookies.csrf_token(request)
        response = HTMLResponse(render(csrf=token, name=name[:80], error=error, after=after),
                                status_code=status, headers={**_NO_STORE, **(headers or {})})
        if fresh is not None:
            self.cookies.set_csrf(response, request, fresh)
        return response

    def _limited(self, request: Request, render: Callable[..., str],
                 refusal: tuple[str, int], *, name: str, after: str | None) -> Response:
        self.metrics.refused("rate_limited")
        reason, wait = refusal
        return self._page(request, render, 429, name=name, after=after, error=reason,
                          headers={"retry-after": str(wait)})

    def _account_error(self, request: Request, account: Account, failed: str, error: str,
                       status: int) -> Response:
        if status == 429:
            self.metrics.refused("rate_limited")
        token, _ = self.cookies.csrf_token(request)
        return HTMLResponse(account_page(csrf=token, name=account.name, error=error,
                                         failed=failed), status_code=status, headers=_NO_STORE)

    async def _signed_in(self, request: Request, account: Account, to: str) -> Response:
        """Start a new session for ``account`` (ending the one the browser brought) and go
        ``to`` a page."""
        await run_in_threadpool(self.sessions.end, self.cookies.session_id(request))
        session_id = await run_in_threadpool(self.sessions.start, account)
        response = RedirectResponse(to, status_code=303)
        self.cookies.set_session(response, request, session_id)
        return response
