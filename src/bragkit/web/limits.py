"""The web table's limits among strangers: :class:`Limits` (the house's numbers),
:class:`TokenBucket` (a rate), :class:`AddressLimits` (tables made per address),
:func:`topups_this_deal` (the house cap on top-ups, rule M1), and the limits on signing in and
signing up (:class:`AccountLimits`, :class:`Throttle`, :class:`AccountThrottles`).

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
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

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


class Throttle:
    """A :class:`TokenBucket` per key (``per_hour`` a rate, ``burst`` saved up), for the ``most``
    keys seen last; safe to call from several threads. (One process's count: a cluster's
    processes each count their own, see ``docs/deploy.md``; a count shared through Redis would
    be another class with the same :meth:`allow` and :attr:`retry_after`.)

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


class AccountThrottles:
    """The :class:`AccountLimits` of a server: :meth:`sign_in` and :meth:`sign_up` say whether
    a try may go on, else why not (a sentence) and after how many seconds to try again.

    >>> throttles = AccountThrottles(AccountLimits(name_sign_in_burst=1))
    >>> throttles.sign_in("203.0.113.9", "Ann"), throttles.sign_in("198.51.100.7", "ann")
    (None, ('too many sign-ins to that name: try again later', 300))
    """

    def __init__(self, limits: AccountLimits, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._in_address = Throttle(per_hour=limits.sign_ins_per_hour,
                                    burst=limits.sign_in_burst, clock=clock)
        self._in_name = Throttle(per_hour=limits.name_sign_ins_per_hour,
                                 burst=limits.name_sign_in_burst, clock=clock)
        self._up_address = Throttle(per_hour=limits.sign_ups_per_hour,
                                    burst=limits.sign_up_burst, clock=clock)
        self._up_name = Throttle(per_hour=limits.name_sign_ups_per_hour,
                                 burst=limits.name_sign_up_burst, clock=clock)

    def sign_in(self, address: str | None, name_key: str) -> tuple[str, int] | None:
        """None if a sign-in from ``address`` to the name whose key is ``name_key`` (its
        skeleton, :func:`~bragkit.web.names.skeleton`) may go on, else why not and when."""
        return _first_refusal("sign-ins", (self._in_address, address or "?"),
                              (self._in_name, name_key.casefold()))

    def sign_up(self, address: str | None, name_key: str) -> tuple[str, int] | None:
        """As :meth:`sign_in`, for opening an account."""
        return _first_refusal("sign-ups", (self._up_address, address or "?"),
                              (self._up_name, name_key.casefold()))


def _first_refusal(what: str, by_address: tuple[Throttle, str],
                   by_name: tuple[Throttle, str]) -> tuple[str, int] | None:
    throttle, key = by_address
    if not throttle.allow(key):
        return f"too many {what} from your address: try again later", throttle.retry_after
    throttle, key = by_name
    if not throttle.allow(key):
        return f"too many {what} to that name: try again later", throttle.retry_after
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
