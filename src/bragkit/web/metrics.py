"""What an operator sees of a server: :class:`Metrics`, served at ``GET /metrics`` in the
Prometheus text format (``prometheus-client``). Each app has its own registry.

=====================================  =========================================================
``bragkit_tables{status}``             the tables in this process's memory, by status (gauge)
``bragkit_connections``                the WebSocket connections open to this process (gauge)
``bragkit_actions_total{type}``        players' commands applied and stored, by message type
                                       (``sit``, ``act``, ``chat``, …)
``bragkit_action_seconds``             from a command's arrival to its event stored and its
                                       answer on its way (histogram)
``bragkit_errors_total{where}``        failures of the server: ``table`` (a command that could
                                       not be handled or stored), ``http`` (a 5xx answer)
``bragkit_sign_ins_total{result}``     sign-ins: ``ok``, ``wrong`` (name or password), ``limited``
``bragkit_sign_ups_total{result}``     accounts opened: ``ok``, ``refused``, ``limited``
``bragkit_refusals_total{kind}``       what was refused, by kind: a table's error codes
                                       (``refused``, ``forbidden``, ``limited``, ``stale``, …)
                                       and the site's (``csrf``, ``cross_site``, ``rate_limited``)
=====================================  =========================================================

No label holds a table id, a name or an address: the numbers say how the server does, not who
plays where.

>>> metrics = Metrics()
>>> metrics.refused("stale"); metrics.sign_in("ok")
>>> text = metrics.render().decode()
>>> 'bragkit_refusals_total{kind="stale"} 1.0' in text
True
>>> 'bragkit_sign_ins_total{result="ok"} 1.0' in text
True
"""

from __future__ import annotations

import collections
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import generate_latest
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from bragkit.web.tables import TableManager

__all__ = ["CONTENT_TYPE", "ErrorCounter", "Metrics"]

#: The media type of :meth:`Metrics.render`'s text.
CONTENT_TYPE: Final = CONTENT_TYPE_LATEST
_LATENCY_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
                           5.0)


class _Live(Collector):
    """The gauges read at each scrape from the table manager."""

    def __init__(self, manager: TableManager | None) -> None:
        self.manager = manager

    def describe(self) -> Iterator[Metric]:
        return iter(())

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily("bragkit_tables", "Tables in this process's memory, by "
                                   "status.", labels=["status"])
        connections = GaugeMetricFamily("bragkit_connections",
                                        "WebSocket connections open to this process.")
        manager = self.manager
        by_status: collections.Counter[str] = collections.Counter()
        count = 0
        if manager is not None:
            by_status.update(room.status for room in list(manager.rooms.values()))
            count = sum(len(conns) for conns in list(manager.connections.values()))
        for status in sorted(set(by_status) | {"lobby", "playing", "paused", "closing", "closed"}):
            tables.add_metric([status], by_status[status])
        connections.add_metric([], count)
        yield tables
        yield connections


class Metrics:
    """A server's metrics (see the module docstring), reading the live gauges from
    ``manager``. The table manager reports through :meth:`handled` and :meth:`refused`; the
    account pages through :meth:`sign_in`, :meth:`sign_up` and :meth:`refused`."""

    def __init__(self, manager: TableManager | None = None) -> None:
        self.registry = CollectorRegistry()
        self.registry.register(_Live(manager))
        self.actions = Counter("bragkit_actions", "Players' commands applied and stored, by "
                               "message type.", ["type"], registry=self.registry)
        self.latency = Histogram("bragkit_action_seconds", "Seconds from a command's arrival "
                                 "to its event stored.", buckets=_LATENCY_BUCKETS,
                                 registry=self.registry)
        self.errors = Counter("bragkit_errors", "Failures of the server, by where.", ["where"],
                              registry=self.registry)
        self.sign_ins = Counter("bragkit_sign_ins", "Sign-ins, by result.", ["result"],
                                registry=self.registry)
        self.sign_ups = Counter("bragkit_sign_ups", "Accounts opened or refused, by result.",
                                ["result"], registry=self.registry)
        self.refusals = Counter("bragkit_refusals", "Requests and commands refused, by kind.",
                                ["kind"], registry=self.registry)

    def handled(self, kind: str, started: float) -> None:
        """A command of message type ``kind`` that arrived at ``started`` (a
        :func:`time.perf_counter` reading) is applied and stored."""
        self.actions.labels(kind).inc()
        self.latency.observe(max(0.0, time.perf_counter() - started))

    def refused(self, code: str) -> None:
        """A command or request refused (``unavailable``: the server failed, an error)."""
        if code == "unavailable":
            self.errors.labels("table").inc()
        else:
            self.refusals.labels(code).inc()

    def sign_in(self, result: str) -> None:
        """A sign-in: ``ok``, ``wrong`` or ``limited``."""
        self.sign_ins.labels(result).inc()

    def sign_up(self, result: str) -> None:
        """A sign-up: ``ok``, ``refused`` or ``limited``."""
        self.sign_ups.labels(result).inc()

    def render(self) -> bytes:
        """The metrics in the Prometheus text format (:data:`CONTENT_TYPE`)."""
        return generate_latest(self.registry)


class ErrorCounter:
    """ASGI middleware counting the site's failures (an exception, a 5xx answer) in
    ``bragkit_errors_total{where="http"}``."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counted(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] >= 500:
                self.metrics.errors.labels("http").inc()
            await send(message)

        try:
            await self.app(scope, receive, counted)
        except Exception:
            self.metrics.errors.labels("http").inc()
            raise
