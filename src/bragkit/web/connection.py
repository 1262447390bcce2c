"""One browser's connection to a web table: :class:`Connection`, its identity and its queue
of outgoing messages (the Starlette app drains the queue into the WebSocket).

>>> import asyncio
>>> async def demo():
...     conn = Connection("t1", limit=2)
...     conn.push('{"type": "pong"}')
...     conn.push('{"type": "pong"}')
...     conn.push('{"type": "pong"}')     # one too many: it fell behind, so it is closed
...     return conn.closed, [m["type"] for m in conn.drain()]
>>> asyncio.run(demo())
(True, ['pong', 'pong'])
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from bragkit.web.events import Viewer
from bragkit.web.limits import TokenBucket

__all__ = ["Connection"]

log = logging.getLogger("bragkit.web")


class Connection:
    """One browser connection: who it is (:attr:`viewer`), and its outgoing messages, queued
    (at most ``limit``: a connection that falls that far behind is closed and resyncs)."""

    def __init__(self, table_id: str, *, limit: int = 512,
                 bucket: TokenBucket | None = None) -> None:
        self.table_id = table_id
        #: the rate its messages are taken at (None: any rate), and how often it went past it
        self.bucket = bucket
        self.strikes = 0
        #: the WebSocket close code to end with (None: a normal close)
        self.close_code: int | None = None
        self.viewer = Viewer()
        #: the account the browser is signed in to (None: a guest)
        self.account: str | None = None
        #: that account's number (recorded on the seat it takes: history, ratings)
        self.account_id: int | None = None
        #: when its last message arrived (``time.perf_counter``: the metrics' latency)
        self.received = 0.0
        self.token_hash: str | None = None
        self.host = False
        self.greeted = False
        self.synced = False
        self.closed = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limit)

    def push(self, text: str) -> None:
        """Queue a message (a connection too far behind is closed)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("a connection to table %s fell behind: closing it", self.table_id)
            self.close()

    def close(self, code: int | None = None) -> None:
        """Stop sending; the WebSocket writer ends when it reaches the end of the queue (and
        closes with ``code``, if given)."""
        if code is not None and self.close_code is None:
            self.close_code = code
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    def drain(self) -> list[dict[str, Any]]:
        """Every message queued so far, decoded (for tests and examples)."""
        out = []
        while not self.queue.empty():
            text = self.queue.get_nowait()
            if text is not None:
                out.append(json.loads(text))
        return out
