"""The records a web table is made of: :class:`Event` (one durable change, as stored) and
:class:`Viewer` (who is looking at the table).

>>> Event(kind="start").data
{}
>>> Viewer().name is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Event", "Viewer"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Event:
    """One durable change to a room, as stored: ``kind`` (``sit``, ``leave``, ``start``,
    ``deal``, ``act``, ``agree``, ``timeout``, ``topup``, ``seed``, ``pause``, ``resume``,
    ``close``; ``chat`` and ``mute``: chat, no part of the deal), its JSON-able ``data``, and
    for a client's command the ``client_id`` it was sent with and the ``principal`` that sent it
    (a token hash, or ``"host"``), so that a command sent twice is applied once."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    client_id: str | None = None
    principal: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Viewer:
    """Who is looking: the seat ``name`` a connection holds (None: a spectator), the hash of its
    seat token, and whether it holds the host's token."""

    name: str | None = None
    token_hash: str | None = None
    host: bool = False
