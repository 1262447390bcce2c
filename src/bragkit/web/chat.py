"""Chat at a web table: :class:`Chat`, the recent lines and who the host muted.

Chat is stored like a table's events (a ``chat`` event, so a reconnect sees recent chat) but is
no part of the deal: it never reaches the game, its log or its records, and it makes no action
stale. A line is plain text — the page renders it as text, never as HTML — at most
:data:`MAX_CHAT` characters; a sender may send at most :data:`RATE_COUNT` lines in any
:data:`RATE_SECONDS` seconds (the server's clock, stored with each line, so a replay decides the
same); a quick reaction is one of :data:`REACTIONS`. Only seated players chat; the host may
mute one (and unmute them).

>>> chat = Chat()
>>> chat.check("Ann", "nice hand", at=0.0)
'nice hand'
>>> chat.add("Ann", "nice hand", at=0.0)
>>> chat.recent()
[{'from': 'Ann', 'text': 'nice hand', 'at': 0.0}]
>>> chat.muted.add("Ann")
>>> chat.check("Ann", "hello", at=99.0)
Traceback (most recent call last):
...
bragkit.web.chat.ChatError: the host has muted you
"""

from __future__ import annotations

from collections import deque
from typing import Any, Final

from bragkit.errors import BragError

__all__ = ["CHAT_TAIL", "MAX_CHAT", "RATE_COUNT", "RATE_SECONDS", "REACTIONS", "Chat",
           "ChatError"]

#: The most characters in one chat line.
MAX_CHAT: Final = 200
#: The chat lines a state carries (a reconnect sees these).
CHAT_TAIL: Final = 30
#: A sender may send at most this many lines in any :data:`RATE_SECONDS` seconds.
RATE_COUNT: Final = 5
RATE_SECONDS: Final = 10.0
#: The quick reactions the page offers (sent as ordinary lines).
REACTIONS: Final = ("👍", "👏", "😂", "😮", "😬", "gg", "nh", "ty")


class ChatError(BragError):
    """A chat line refused (too long, empty, too fast, muted): nothing changed."""


class Chat:
    """A table's chat: recent lines, each sender's recent times, the muted players."""

    def __init__(self) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=CHAT_TAIL)
        self.muted: set[str] = set()
        self._times: dict[str, deque[float]] = {}

    def check(self, sender: str, text: object, *, at: float) -> str:
        """The line ``sender`` may send now (whitespace trimmed), else :class:`ChatError`."""
        if sender in self.muted:
            raise ChatError("the host has muted you")
        if not isinstance(text, str):
            raise ChatError("a chat line is text")
        line = " ".join(text.split())
        if not line:
            raise ChatError("an empty chat line")
        if len(line) > MAX_CHAT or not line.isprintable():
            raise ChatError(f"a chat line is 1 to {MAX_CHAT} printable characters")
        times = self._times.get(sender, ())
        if len([t for t in times if at - t < RATE_SECONDS]) >= RATE_COUNT:
            raise ChatError(f"at most {RATE_COUNT} chat lines in {RATE_SECONDS:g} seconds: "
                            "wait a moment")
        return line

    def add(self, sender: str, text: str, *, at: float) -> None:
        """Record a line checked by :meth:`check`."""
        self.lines.append({"from": sender, "text": text, "at": at})
        self._times.setdefault(sender, deque(maxlen=RATE_COUNT)).append(at)

    def recent(self) -> list[dict[str, Any]]:
        """The recent lines, oldest first."""
        return list(self.lines)
