"""Game records of every bragkit game, found by their ``format`` key: :func:`load`, :func:`dump`
and :func:`replay` for all of them.

Every record is a TOML document whose first key is ``format = "NAME/VERSION"`` (``bhh/1`` for a
deal of the three-card family, HAND-HISTORY.md; ``bhh-session/1`` for a session; ``nine-card/1``,
``crash/1``, ``historic/1``, ``brag-poker/1`` for the other games). Each record module registers
its format here: how to replay a parsed document and, where it has them, how to read it into a
record object and write one back. ``bragkit replay`` reads the ``format`` key and hands the
document to that format.

>>> text = '''
... format = "bhh/1"
... players = ["Ann", "Bob"]
... dealer = "Bob"
... stacks = [20, 20]
... actions = ["Ann bet 2", "Bob fold"]
... [cards]
... hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d" }
... '''
>>> record = load(text)
>>> type(record).__name__, record.players
('DealRecord', ('Ann', 'Bob'))
>>> load(dump(record)) == record
True
>>> replay(text).to_json()["winners"]
{'Ann': 4}
>>> format_name({"format": "bhh/1"})
'bhh'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol

from bragkit.errors import NotationError
from bragkit.toml_text import decode_text, load_document, read_text

__all__ = ["Replay", "dump", "format_name", "load", "register", "replay", "replayer_for"]


class Replay(Protocol):
    """What replaying any record gives: text for a person and a JSON-able summary."""

    def describe(self) -> str:
        """The game as a person reads it."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The result fields the format's document lists."""
        ...


Replayer = Callable[[Mapping[str, Any]], Replay]


@dataclass(frozen=True, kw_only=True, slots=True)
class _Format:
    replay: Replayer
    read: Callable[[str], Any] | None
    write: Callable[[Any], str] | None
    writes: tuple[type, ...]


_REPLAYERS: dict[str, _Format] = {}
# The modules that register formats when imported (lazily, on the first record read): the
# three-card deal and session records, and every game module of the registry.
_RECORD_MODULES: Final = ("bragkit.games.three_card.notation",
                          "bragkit.games.three_card.session_records")


def _import_all() -> None:
    from bragkit.games.registry import MODULES

    for module in (*_RECORD_MODULES, *MODULES):
        importlib.import_module(module)


def register(name: str, replayer: Replayer, *, read: Callable[[str], Any] | None = None,
             write: Callable[[Any], str] | None = None, writes: tuple[type, ...] = ()) -> None:
    """Register the format ``name/…``: ``replayer`` replays a parsed document; ``read`` turns a
    record's text into the format's record object and ``write`` such an object (any of the
    types ``writes``) into text, so that ``write(read(text))`` is the text again."""
    _REPLAYERS[name] = _Format(replay=replayer, read=read, write=write, writes=writes)


def format_name(document: Mapping[str, Any]) -> str:
    """The format name of a parsed record (the part of ``format`` before the slash)."""
    value = document.get("format")
    if not isinstance(value, str) or "/" not in value or len(value) > 100:
        raise NotationError('the record has no format key like format = "bhh/1"')
    return value.split("/", 1)[0]


def _format(document: Mapping[str, Any]) -> _Format:
    if not isinstance(document, Mapping):
        raise NotationError("a record is a TOML document (a table of keys)")
    name = format_name(document)
    if name not in _REPLAYERS:
        _import_all()
    if name not in _REPLAYERS:
        raise NotationError(f"unknown record format {document.get('format')!r} (known: "
                            f"{', '.join(sorted(_REPLAYERS))})")
    return _REPLAYERS[name]


def replayer_for(document: Mapping[str, Any]) -> Replayer:
    """The registered reader for a parsed record."""
    return _format(document).replay


def _text(source: str | bytes | Path) -> str:
    """A record's text from text, UTF-8 bytes or a file (bounded: toml_text.MAX_TEXT)."""
    return read_text(source) if isinstance(source, Path) else decode_text(source)


def load(source: str | bytes | Path) -> Any:
    """The record object of a record's text (or of the file at a :class:`~pathlib.Path`), of
    whatever registered format it is; :class:`~bragkit.errors.NotationError` when it is none."""
    text = _text(source)
    found = _format(load_document(text))
    if found.read is None:
        raise NotationError("this record format is replayed, not loaded: use replay()")
    return found.read(text)


def dump(record: Any) -> str:
    """The text of a record object (or game) of any registered format."""
    _import_all()
    for found in _REPLAYERS.values():
        if found.write is not None and isinstance(record, found.writes):
            return found.write(record)
    raise NotationError(f"no record format writes a {type(record).__name__}")


def replay(source: str | bytes | Path) -> Replay:
    """A record's text (or file) replayed: what happened, for a person and as JSON."""
    document = load_document(_text(source))
    return _format(document).replay(document)
