"""Game records of every bragkit game, found by their ``format`` key.

Every record is a TOML document whose first key is ``format = "NAME/VERSION"`` (``bhh/1`` for the
three-card family, HAND-HISTORY.md). Each game module registers a reader for its format name;
``bragkit replay`` reads the ``format`` key and hands the document to that reader.

>>> format_name({"format": "bhh/1"})
'bhh'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bragkit.errors import NotationError

__all__ = ["Replay", "format_name", "register", "replayer_for"]


class Replay(Protocol):
    """What replaying any record gives: text for a person and a JSON-able summary."""

    def describe(self) -> str:
        """The game as a person reads it."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The result fields the format's document lists."""
        ...


Replayer = Callable[[Mapping[str, Any]], Replay]

_REPLAYERS: dict[str, Replayer] = {}
# Modules that register a format when imported, by format name (imported lazily).
_MODULES: dict[str, str] = {
    "bhh": "bragkit.notation",
    "bhh-session": "bragkit.session_records",
    "nine-card": "bragkit.games.nine_card",
    "crash": "bragkit.games.crash",
    "historic": "bragkit.games.historic",
    "brag-poker": "bragkit.games.brag_poker",
}


def register(name: str, replayer: Replayer) -> None:
    """Register the reader of records whose ``format`` is ``name/…``."""
    _REPLAYERS[name] = replayer


def format_name(document: Mapping[str, Any]) -> str:
    """The format name of a parsed record (the part of ``format`` before the slash)."""
    value = document.get("format")
    if not isinstance(value, str) or "/" not in value:
        raise NotationError('the record has no format key like format = "bhh/1"')
    return value.split("/", 1)[0]


def replayer_for(document: Mapping[str, Any]) -> Replayer:
    """The registered reader for a parsed record."""
    name = format_name(document)
    if name not in _REPLAYERS and name in _MODULES:
        importlib.import_module(_MODULES[name])
    if name not in _REPLAYERS:
        raise NotationError(f"unknown record format {document.get('format')!r}")
    return _REPLAYERS[name]
