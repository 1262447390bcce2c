"""The site's cookies and its forms' CSRF tokens: :class:`CookiePolicy`.

Two cookies, both ``HttpOnly`` (no script reads them), ``SameSite=Lax`` (another site's form
or script does not carry them) and ``Path=/``:

- the **session** cookie holds a signed-in browser's session id (:mod:`bragkit.web.sessions`);
- the **CSRF** cookie holds a random secret of a browser that is not signed in.

Every form the site serves carries a token derived from the browser's secret (HMAC-SHA256 of
the session id, or of the CSRF cookie's secret when signed out), and every form posted back
must carry the same (:meth:`CookiePolicy.csrf_ok`): another site can make a browser post, but
cannot read the cookie to make the token. The token changes with the session (at sign-in),
and says nothing about the session id.

Over HTTPS (a TLS proxy in front: see ``docs/deploy.md``) the cookies are ``Secure`` and their
names carry the ``__Host-`` prefix (the browser then refuses them from plain HTTP or another
host). Whether a request came over HTTPS is what uvicorn says: it believes a proxy's
``X-Forwarded-Proto`` only from the addresses in ``--forwarded-allow-ips`` (default: this
machine). ``secure=True`` (``bragkit serve --public-url https://…``) makes them ``Secure``
whatever a request says.

>>> from starlette.requests import Request
>>> policy = CookiePolicy()
>>> plain = Request({"type": "http", "scheme": "http", "headers": [], "server": ("x", 80),
...                  "path": "/"})
>>> token, secret = policy.csrf_token(plain)     # a new browser: a new secret to set
>>> secret is not None, policy.cookie_name("session", plain)
(True, 'bk_session')
>>> browser = Request({"type": "http", "scheme": "https", "server": ("x", 443), "path": "/",
...                    "headers": [(b"cookie", f"__Host-bk_csrf={secret}".encode())]})
>>> policy.csrf_ok(browser, token), policy.csrf_ok(browser, "0" * 64)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Final, Literal

from starlette.requests import HTTPConnection
from starlette.responses import Response

from bragkit.web.sessions import LIFETIME

__all__ = ["CookiePolicy"]

_NAMES: Final = {"session": "bk_session", "csrf": "bk_csrf"}
_LONGEST: Final = 128


def _token(secret: str) -> str:
    return hmac.new(secret.encode(), b"bragkit form", hashlib.sha256).hexdigest()


@dataclass(frozen=True, kw_only=True, slots=True)
class CookiePolicy:
    """How the site sets its cookies (see the module docstring): ``secure`` True for always
    ``Secure`` (the site is only reached over HTTPS), None for ``Secure`` when a request came
    over HTTPS; ``lifetime``, the session cookie's ``Max-Age`` in seconds."""

    secure: bool | None = None
    lifetime: int = LIFETIME

    def is_secure(self, conn: HTTPConnection) -> bool:
        """Whether this request's cookies are ``Secure``."""
        if self.secure is not None:
            return self.secure
        return conn.url.scheme in ("https", "wss")

    def cookie_name(self, which: Literal["session", "csrf"], conn: HTTPConnection) -> str:
        """The name of the session or CSRF cookie for this request."""
        return ("__Host-" if self.is_secure(conn) else "") + _NAMES[which]

    def session_id(self, conn: HTTPConnection) -> str | None:
        """The session id the browser holds, if any (a request or a WebSocket)."""
        value = conn.cookies.get(self.cookie_name("session", conn))
        return value if value and len(value) <= _LONGEST else None

    def set_session(self, response: Response, conn: HTTPConnection, session_id: str) -> None:
        """Give the browser its new session id."""
        response.set_cookie(self.cookie_name("session", conn), session_id,
                            max_age=self.lifetime, path="/", secure=self.is_secure(conn),
                            httponly=True, samesite="lax")

    def clear_session(self, response: Response, conn: HTTPConnection) -> None:
        """Make the browser forget its session id."""
        response.delete_cookie(self.cookie_name("session", conn), path="/",
                               secure=self.is_secure(conn), httponly=True, samesite="lax")

    def csrf_token(self, conn: HTTPConnection) -> tuple[str, str | None]:
        """The token of the forms on a page for this browser, and the new secret to give it
        (:meth:`set_csrf`) when it holds none (None: it has one)."""
        secret = self.session_id(conn) or self._csrf_secret(conn)
        if secret is not None:
            return _token(secret), None
        fresh = secrets.token_urlsafe(32)
        return _token(fresh), fresh

    def set_csrf(self, response: Response, conn: HTTPConnection, secret: str) -> None:
        """Give the browser the CSRF secret :meth:`csrf_token` made."""
        response.set_cookie(self.cookie_name("csrf", conn), secret, path="/",
                            secure=self.is_secure(conn), httponly=True, samesite="lax")

    def csrf_ok(self, conn: HTTPConnection, submitted: str | None) -> bool:
        """Whether a posted form's token is this browser's (compared in constant time)."""
        secret = self.session_id(conn) or self._csrf_secret(conn)
        if secret is None or not submitted:
            return False
        return hmac.compare_digest(_token(secret).encode(), submitted.encode())

    def _csrf_secret(self, conn: HTTPConnection) -> str | None:
        value = conn.cookies.get(self.cookie_name("csrf", conn))
        return value if value and len(value) <= _LONGEST else None
