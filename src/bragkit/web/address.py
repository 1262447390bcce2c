"""The address friends reach a server at, for invite links: :func:`invite_base`.

``bragkit serve --public-url https://brag.example.org`` names it; bound to every interface
(``--host 0.0.0.0``) without one, it is this machine's address on its local network; bound to
one address, that address. Never 127.0.0.1 when friends can reach the server some other way.

>>> invite_base("https://brag.example.org/", host="127.0.0.1", port=8000)
'https://brag.example.org'
>>> invite_base(None, host="192.168.1.20", port=8000)
'http://192.168.1.20:8000'
>>> invite_base("brag.org", host="0.0.0.0", port=80)
Traceback (most recent call last):
...
bragkit.errors.BragError: --public-url must be an http:// or https:// address, not 'brag.org'
"""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from bragkit.errors import BragError

__all__ = ["invite_base", "lan_address"]

_EVERYWHERE = ("0.0.0.0", "::", "")


def lan_address() -> str | None:
    """This machine's address on its local network (the one its default route leaves by; no
    packet is sent), or None without a network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing sent
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def invite_base(public_url: str | None, *, host: str, port: int) -> str | None:
    """The base of invite links (``scheme://host[:port]``, no trailing slash), or None when
    the page's own address is the best there is (a server bound to this machine only)."""
    if public_url is not None:
        parts = urlsplit(public_url.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise BragError(f"--public-url must be an http:// or https:// address, not "
                            f"{public_url!r}")
        return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"
    if host in _EVERYWHERE:
        found = lan_address()
        return None if found is None else f"http://{found}:{port}"
    if host.startswith("127.") or host in ("localhost", "::1"):
        return None
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
