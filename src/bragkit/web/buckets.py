"""Where the house's rate limits keep their counts: :class:`Buckets`, one small interface with
two stores behind it.

A limit is a token bucket per key (an address, a name tried): ``per_hour`` tokens an hour, at
most ``burst`` saved up; :meth:`Buckets.take` spends one if there is one.

- :class:`MemoryBuckets` counts in this process (one ``bragkit serve``, the default);
- :class:`RedisBuckets` counts in Redis, so every process of a cluster spends from the same
  bucket (:mod:`bragkit.web.cluster`): a limit cannot be escaped by reaching another process.
  Each bucket is one hash, ``PREFIX:limit:NAME:DIGEST`` (the key's SHA-256, so no address or
  name is kept in clear), its ``tokens`` and ``stamp`` updated by one Lua script on Redis's own
  clock (the processes' clocks never disagree), expiring once it would be full again (a full
  bucket and no bucket are the same). If Redis cannot be reached, the count falls back to this
  process's (as one process counts; logged), rather than letting everyone through or nobody.

>>> import asyncio
>>> now = [0.0]
>>> buckets = MemoryBuckets(clock=lambda: now[0])
>>> async def tries(n):
...     return [await buckets.take("sign_in", "ann", per_hour=3600, burst=2) for _ in range(n)]
>>> asyncio.run(tries(3))
[True, True, False]
>>> now[0] = 1.0; asyncio.run(tries(2))
[True, False]
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final, Protocol

__all__ = ["Buckets", "MemoryBuckets", "RedisBuckets", "Throttle", "TokenBucket"]

log = logging.getLogger("bragkit.web")

#: The token bucket, in Redis: KEYS[1] the bucket, ARGV the rate a second and the burst.
_TAKE: Final = """
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(saved[1]) or burst
local stamp = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens),
           'stamp', string.format('%.6f', now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return ok
"""


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; :meth:`take` spends one."""

    def __init__(self, *, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        """Spend a token if there is one (True), else False (a rate of 0: always True)."""
        if self.rate <= 0:
            return True
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Throttle:
    """A :class:`TokenBucket` per key (``per_hour`` a rate, ``burst`` saved up), for the ``most``
    keys seen last; safe to call from several threads (one process's count:
    :class:`MemoryBuckets` holds them).

    >>> throttle = Throttle(per_hour=1, burst=2)
    >>> [throttle.allow("a") for _ in range(3)], throttle.allow("b"), throttle.retry_after
    ([True, True, False], True, 3600)
    """

    def __init__(self, *, per_hour: float, burst: int,
                 clock: Callable[[], float] = time.monotonic, most: int = 10_000) -> None:
        self.rate = per_hour / 3600
        self.burst = burst
        self.clock = clock
        self.most = most
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def retry_after(self) -> int:
        """Seconds until a refused key has a token again (at most)."""
        return 0 if self.rate <= 0 else max(1, round(1 / self.rate))

    def allow(self, key: str) -> bool:
        """Whether ``key`` may go on now (spending one of its tokens)."""
        if self.rate <= 0:
            return True
        with self._lock:
            bucket = self._buckets.pop(key, None)
            if bucket is None:
                bucket = TokenBucket(rate=self.rate, burst=self.burst, clock=self.clock)
            self._buckets[key] = bucket
            while len(self._buckets) > self.most:
                self._buckets.popitem(last=False)
            return bucket.take()


class Buckets(Protocol):
    """Token buckets by limit ``name`` and ``key`` (see the module docstring)."""

    async def take(self, name: str, key: str, *, per_hour: float, burst: int) -> bool:
        """Spend a token of ``key``'s bucket of limit ``name`` if it has one (True), else
        False; a rate of 0 is no limit (True)."""
        ...


class MemoryBuckets:
    """The buckets of this process: a :class:`~bragkit.web.limits.Throttle` per limit name
    (the ``most`` keys seen last of each), read by ``clock``."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 most: int = 10_000) -> None:
        self.clock = clock
        self.most = most
        self._throttles: dict[tuple[str, float, int], Throttle] = {}

    def take_now(self, name: str, key: str, *, per_hour: float, burst: int) -> bool:
        """:meth:`take`, for a caller that cannot wait (no I/O here)."""
        if per_hour <= 0:
            return True
        throttle = self._throttles.get((name, per_hour, burst))
        if throttle is None:
            throttle = self._throttles[name, per_hour, burst] = Throttle(
                per_hour=per_hour, burst=burst, clock=self.clock, most=self.most)
        return throttle.allow(key)

    async def take(self, name: str, key: str, *, per_hour: float, burst: int) -> bool:
        """See :meth:`Buckets.take`."""
        return self.take_now(name, key, per_hour=per_hour, burst=burst)


class RedisBuckets:
    """The buckets of a cluster, in Redis (see the module docstring): ``redis`` gives the
    cluster's client (an async redis-py client, once connected; None before), ``prefix`` the
    cluster's key prefix; ``fallback`` counts while Redis cannot be reached."""

    def __init__(self, redis: Callable[[], Any], *, prefix: str,
                 fallback: MemoryBuckets | None = None) -> None:
        self.redis = redis
        self.prefix = prefix
        self.fallback = fallback or MemoryBuckets()
        self._script: Any = None
        self._client: Any = None
        self._away = False

    def key(self, name: str, key: str) -> str:
        """The Redis key of ``key``'s bucket of limit ``name`` (``key`` is not in it: its
        digest is).

        >>> RedisBuckets(lambda: None, prefix="bragkit:x").key("sign_in_name", "ann")
        'bragkit:x:limit:sign_in_name:49915e0d7d4b402e3017d010bc1c0e83'
        """
        digest = hashlib.sha256(key.encode()).hexdigest()[:32]
        return f"{self.prefix}:limit:{name}:{digest}"

    async def take(self, name: str, key: str, *, per_hour: float, burst: int) -> bool:
        """See :meth:`Buckets.take`."""
        if per_hour <= 0:
            return True
        client = self.redis()
        try:
            if client is None:
                raise ConnectionError("not connected yet")
            if self._client is not client:
                self._script, self._client = client.register_script(_TAKE), client
            taken = await self._script(keys=[self.key(name, key)],
                                       args=[repr(per_hour / 3600), burst])
        except Exception as error:  # Redis away: count in this process meanwhile
            if not self._away:  # said once, not at every try
                log.warning("limits: Redis cannot be reached (%s): counting in this process "
                            "until it is back", error)
            self._away = True
            return self.fallback.take_now(name, key, per_hour=per_hour, burst=burst)
        if self._away:
            log.warning("limits: Redis is back: counting with the other processes again")
            self._away = False
        return bool(taken)
