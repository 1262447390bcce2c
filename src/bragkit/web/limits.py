"""The web table's limits among strangers: :class:`Limits` (the house's numbers),
:class:`TokenBucket` (a rate), :class:`AddressLimits` (tables made per address),
:func:`topups_this_deal` (the house cap on top-ups, rule M1), and the limits on signing in and
signing up (:class:`AccountLimits`, :class:`AccountThrottles`). The per-address and per-name
limits keep their counts in :mod:`bragkit.web.buckets`: this process's, or a cluster's in
Redis (every process spends from the same buckets); a connection's message rate is its own.

A connection may send :attr:`Limits.messages_per_second` messages a second on average, in
bursts of :attr:`Limits.message_burst`; each message past that is answered with an ``error`` of
code ``limited`` and changes nothing, and a connection that goes on past
:attr:`Limits.strikes` such refusals is closed (code 4429). An address may create
:attr:`Limits.tables_per_hour` tables an hour, in bursts of :attr:`Limits.table_burst` (the
machine itself, a loopback address, is not limited). A player may top up (M1) at most
:attr:`Limits.topups_per_deal` times from one deal to the next (and between deals).

>>> now = [0.0]
>>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: now[0])
>>> [bucket.take() for _ in range(3)]
[True, True, False]
>>> now[0] = 1.0; bucket.take(), bucket.take()
(True, False)
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from bragkit.web.buckets import Buckets, MemoryBuckets, Throttle, TokenBucket
from bragkit.web.events import Event
from bragkit.web.protocol import ProtocolError

__all__ = ["ABUSE_CLOSE_CODE", "AccountLimits", "AccountThrottles", "AddressLimits", "Limits",
           "Throttle", "TokenBucket", "check_topups", "topups_this_deal"]

#: The WebSocket close code of a connection closed for sending too much.
ABUSE_CLOSE_CODE: Final = 4429


@dataclass(frozen=True, kw_only=True, slots=True)
class Limits:
    """The house's limits (see the module docstring); 0 turns a rate limit off."""

    messages_per_second: float = 20.0
    message_burst: int = 60
    strikes: int = 40
    tables_per_hour: float = 60.0
    table_burst: int = 20
    topups_per_deal: int = 3


class AddressLimits:
    """Table creations per client address, a token bucket each in ``buckets`` (default: this
    process's, :class:`~bragkit.web.buckets.MemoryBuckets`; a cluster's are in Redis).
    Loopback addresses are not limited.

    >>> import asyncio
    >>> limits = AddressLimits(Limits(tables_per_hour=1, table_burst=1))
    >>> async def tries():
    ...     return [await limits.allow(a) for a in ("203.0.113.9", "203.0.113.9", "127.0.0.1")]
    >>> asyncio.run(tries())
    [True, False, True]
    """

    def __init__(self, limits: Limits, *, buckets: Buckets | None = None) -> None:
        self.limits = limits
        self.buckets: Buckets = buckets or MemoryBuckets()

    async def allow(self, address: str | None) -> bool:
        """Whether ``address`` may create a table now (spending one of its tokens)."""
        if address is None or _loopback(address) or self.limits.tables_per_hour <= 0:
            return True
        return await self.buckets.take("tables", address, per_hour=self.limits.tables_per_hour,
                                       burst=self.limits.table_burst)


@dataclass(frozen=True, kw_only=True, slots=True)
class AccountLimits:
    """The house's limits on signing in and signing up, each a rate an hour and a burst: per
    client address (one machine trying many names) and per name tried (one account's password
    guessed from many machines; a name with no account is limited the same, so the limits say
    nothing of which names are accounts). 0 turns a rate off. Loopback addresses are limited
    too: behind a proxy, give uvicorn the players' addresses (``docs/deploy.md``)."""

    sign_ins_per_hour: float = 60.0
    sign_in_burst: int = 10
    name_sign_ins_per_hour: float = 12.0
    name_sign_in_burst: int = 6
    sign_ups_per_hour: float = 10.0
    sign_up_burst: int = 5
    name_sign_ups_per_hour: float = 6.0
    name_sign_up_burst: int = 3


class AccountThrottles:
    """The :class:`AccountLimits` of a server, counted in ``buckets`` (default: this
    process's, read by ``clock``; a cluster's are in Redis, :mod:`bragkit.web.buckets`):
    :meth:`sign_in` and :meth:`sign_up` say whether a try may go on, else why not (a sentence)
    and after how many seconds to try again.

    >>> import asyncio
    >>> throttles = AccountThrottles(AccountLimits(name_sign_in_burst=1))
    >>> async def tries():
    ...     return [await throttles.sign_in(address, name)
    ...             for address, name in (("203.0.113.9", "Ann"), ("198.51.100.7", "ann"))]
    >>> asyncio.run(tries())
    [None, ('too many sign-ins to that name: try again later', 300)]
    """

    def __init__(self, limits: AccountLimits, *, buckets: Buckets | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.buckets: Buckets = buckets or MemoryBuckets(clock=clock)

    async def sign_in(self, address: str | None, name_key: str) -> tuple[str, int] | None:
        """None if a sign-in from ``address`` to the name whose key is ``name_key`` (its
        skeleton, :func:`~bragkit.web.names.skeleton`) may go on, else why not and when."""
        limits = self.limits
        return await self._first_refusal(
            "sign-ins", ("sign_in", address or "?", limits.sign_ins_per_hour,
                         limits.sign_in_burst),
            ("sign_in_name", name_key.casefold(), limits.name_sign_ins_per_hour,
             limits.name_sign_in_burst))

    async def sign_up(self, address: str | None, name_key: str) -> tuple[str, int] | None:
        """As :meth:`sign_in`, for opening an account."""
        limits = self.limits
        return await self._first_refusal(
            "sign-ups", ("sign_up", address or "?", limits.sign_ups_per_hour,
                         limits.sign_up_burst),
            ("sign_up_name", name_key.casefold(), limits.name_sign_ups_per_hour,
             limits.name_sign_up_burst))

    async def _first_refusal(self, what: str, by_address: tuple[str, str, float, int],
                             by_name: tuple[str, str, float, int]) -> tuple[str, int] | None:
        for (name, key, per_hour, burst), whence in ((by_address, "from your address"),
                                                     (by_name, "to that name")):
            if not await self.buckets.take(name, key, per_hour=per_hour, burst=burst):
                return (f"too many {what} {whence}: try again later",
                        max(1, round(3600 / per_hour)))
        return None


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:  # a host name
        return address == "localhost"


def topups_this_deal(events: Iterable[Event], name: str) -> int:
    """How many times ``name`` topped up since the last deal began (M1), counted from the
    table's event log (newest first, back to the last ``deal`` event).

    >>> log = [Event(kind="deal"), Event(kind="topup", data={"player": "Ann", "amount": 1}),
    ...        Event(kind="act", data={"player": "Ann", "action": "Ann topup 2"})]
    >>> topups_this_deal(log, "Ann"), topups_this_deal(log, "Bob")
    (2, 0)
    """
    count = 0
    for event in reversed(events if isinstance(events, list) else list(events)):
        if event.kind == "deal":
            break
        if event.data.get("player") != name:
            continue
        if event.kind == "topup" or (
                event.kind == "act" and str(event.data.get("action", "")).startswith(
                    f"{name} topup")):
            count += 1
    return count


def check_topups(events: Iterable[Event], name: str | None, most: int, re: str | None) -> None:
    """The house cap on top-ups (rule M1): refuse a ``most``-plus-first top-up of ``name``
    since the last deal began (counted from the stored log, so every server process of a
    cluster agrees; ``most`` 0: no cap).

    >>> check_topups([Event(kind="topup", data={"player": "Ann", "amount": 1})], "Ann", 1, "t")
    Traceback (most recent call last):
    ...
    bragkit.web.protocol.ProtocolError: limited: at most 1 top-ups a deal at this house (rule \
M1): the next deal allows more
    """
    if name is not None and most > 0 and topups_this_deal(events, name) >= most:
        raise ProtocolError("limited", f"at most {most} top-ups a deal at this house (rule M1): "
                            "the next deal allows more", re=re)
