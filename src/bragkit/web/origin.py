"""Whose page a request comes from: :func:`same_origin`, the site's first guard against
another site's page posting to it or opening its WebSockets (cross-site request forgery,
cross-site WebSocket hijacking).

>>> same_origin({"host": "brag.example.org", "origin": "https://brag.example.org"})
True
>>> same_origin({"host": "brag.example.org", "origin": "https://evil.example"})
False
>>> same_origin({"host": "brag.example.org", "sec-fetch-site": "cross-site"})
False
>>> same_origin({"host": "brag.example.org"})        # a script or bot: no Origin sent
True
>>> same_origin({"host": "brag.example.org", "origin": "null", "sec-fetch-site": "same-origin"})
True
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["same_origin"]


def same_origin(headers: Mapping[str, str]) -> bool:
    """A browser always sends Origin: refuse pages of other sites (cross-site WebSocket
    hijacking, cross-site posts); ``Sec-Fetch-Site``, where a browser sends it, must say the
    request is the site's own. Clients that send neither (scripts, bots) are let in. A form
    posted from a page under ``Referrer-Policy: no-referrer`` (the site's) says ``Origin:
    null``: then ``Sec-Fetch-Site`` decides (and the form's CSRF token, :mod:`bragkit.web.cookies`,
    guards it anyway)."""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None or origin == "null":
        return True
    host = headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host
