"""Secrets of a web table: :func:`token_hash` (what the server keeps of a token) and
:class:`SecretRandom` (a table's reproducible, unpredictable shuffles).
"""

from __future__ import annotations

import hashlib
import hmac
import random
from typing import Any

from bragkit.web.config import ConfigError

__all__ = ["SecretRandom", "token_hash"]


def token_hash(token: str) -> str:
    """What the server keeps of a secret token: its SHA-256, hex. A stolen database does not
    give anyone a seat.

    >>> token_hash("x" * 22)[:12]
    'ec4a4fcd915a'
    """
    return hashlib.sha256(token.encode()).hexdigest()


class SecretRandom(random.Random):
    """A random source that is both reproducible and unpredictable: HMAC-SHA256 of a counter,
    keyed by a 32-byte secret (a deterministic random bit generator in counter mode).

    The same secret gives the same stream, so a room replays its shuffles (and its fair
    shuffles' server seeds) exactly; without the secret the stream cannot be predicted, even
    after seeing earlier output (unlike the Mersenne Twister, whose state leaks from 624 outputs).

    >>> a, b = SecretRandom(bytes(32)), SecretRandom(bytes(32))
    >>> a.randbytes(8) == b.randbytes(8), a.randbytes(8) == SecretRandom(bytes(32)).randbytes(8)
    (True, False)
    >>> 0 <= SecretRandom(bytes(32)).random() < 1
    True
    """

    def __init__(self, secret: bytes) -> None:
        if not isinstance(secret, bytes | bytearray) or len(secret) < 16:
            raise ConfigError("a room's secret is at least 16 bytes")
        self._key = bytes(secret)
        self._counter = 0
        self._buffer = b""
        super().__init__()

    def seed(self, a: object = None, version: int = 2) -> None:
        """Ignored: the stream is fixed by the secret."""
        self.gauss_next = None

    def randbytes(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        while len(self._buffer) < n:
            self._buffer += hmac.digest(self._key, self._counter.to_bytes(8, "big"), "sha256")
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def getrandbits(self, k: int) -> int:
        """``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        width = (k + 7) // 8
        return int.from_bytes(self.randbytes(width), "big") >> (width * 8 - k)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return self.getrandbits(53) * 2.0**-53

    def getstate(self) -> Any:  # pragma: no cover - not used: a room replays instead
        raise NotImplementedError("a SecretRandom is replayed from its secret, not copied")

    def setstate(self, state: Any) -> None:  # pragma: no cover
        raise NotImplementedError("a SecretRandom is replayed from its secret, not copied")
