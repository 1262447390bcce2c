"""The web table's limits among strangers: :class:`Limits` (the house's numbers),
:class:`TokenBucket` (a rate), :class:`AddressLimits` (tables made per address) and
:func:`topups_this_deal` (the house cap on top-ups, rule M1).

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
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from bragkit.web.events import Event
from bragkit.web.protocol import ProtocolError

__all__ = ["ABUSE_CLOSE_CODE", "AddressLimits", "Limits", "TokenBucket", "check_topups",
           "topups_this_deal"]

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


class AddressLimits:
    """A :class:`TokenBucket` of table creations per client address (the ``most`` recently
    seen addresses are remembered). Loopback addresses are not limited.

    >>> limits = AddressLimits(Limits(tables_per_hour=1, table_burst=1))
    >>> limits.allow("203.0.113.9"), limits.allow("203.0.113.9"), limits.allow("127.0.0.1")
    (True, False, True)
    """

    def __init__(self, limits: Limits, *, clock: Callable[[], float] = time.monotonic,
                 most: int = 10_000) -> None:
        self.limits = limits
        self.clock = clock
        self.most = most
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, address: str | None) -> bool:
        """Whether ``address`` may create a table now (spending one of its tokens)."""
        if address is None or _loopback(address) or self.limits.tables_per_hour <= 0:
            return True
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = TokenBucket(rate=self.limits.tables_per_hour / 3600,
                                 burst=self.limits.table_burst, clock=self.clock)
        self._buckets[address] = bucket
        while len(self._buckets) > self.most:
            self._buckets.popitem(last=False)
        return bucket.take()


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
