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
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from bragkit.errors import NotationError
from bragkit.toml_text import MAX_TEXT, decode_text, load_document, read_text

if TYPE_CHECKING:
    from bragkit.games.protocol import Game

__all__ = [
    "MAX_ACTIONS",
    "MAX_KEYS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_RECORD",
    "PEEK",
    "DealSteps",
    "Replay",
    "Streamed",
    "check_bounds",
    "check_names",
    "dump",
    "format_name",
    "limit_of",
    "load",
    "parse",
    "read_file",
    "register",
    "replay",
    "replay_text",
    "replayer_for",
    "steps",
]

#: The most characters of a record of one deal or one game (a format may set its own bound):
#: a deal at the most actions a record holds (20,000) is under half of it. Checked before the
#: text is parsed, on every path that reads a record (:func:`load`, :func:`replay`, the CLI, each
#: format's own reader), so an oversized file costs its length, not a parse; a file or bytes of
#: more bytes than that is refused before it is read or decoded.
MAX_RECORD: Final = 1024 * 1024
#: The most ``=`` signs of such a record, counted before parsing (every TOML key has one): a
#: record holds a few dozen keys, so a file stuffed with unknown keys is refused unparsed.
MAX_KEYS: Final = 2_000
#: The most players a record names, and the longest name, in every format.
MAX_PLAYERS: Final = 52
MAX_NAME: Final = 100
#: The most actions a record of one deal holds (each is replayed).
MAX_ACTIONS: Final = 20_000

#: The format named by a record's ``format`` key, found in its text before parsing.
_FORMAT_LINE: Final = re.compile(r'^[ \t]*format[ \t]*=[ \t]*"([A-Za-z0-9_-]{1,40})/', re.M)


class Replay(Protocol):
    """What replaying any record gives: text for a person and a JSON-able summary."""

    def describe(self) -> str:
        """The game as a person reads it."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The result fields the format's document lists."""
        ...


class Streamed(Replay, Protocol):
    """A record read a deal at a time (a long session's): replayed, with its record object."""

    @property
    def record(self) -> Any:
        """The record object :func:`load` gives."""
        ...


Replayer = Callable[[Mapping[str, Any]], Replay]
GameT = TypeVar("GameT", bound="Game")


@dataclass(frozen=True, kw_only=True, slots=True)
class DealSteps(Generic[GameT]):
    """One deal of a record to play again an action at a time (a points game's record: the
    whole game, its deals one after another): ``start()`` sets up a fresh game before its first
    action, and ``play(game, n)`` plays the record's action ``n`` (from 1 to ``count``) on it,
    an illegal or malformed one raising the error that names it, as the format's replay does.
    ``number`` is the deal's number in the record (1 for a record of one deal); ``game`` a
    name the registry finds the game by (:func:`bragkit.games.registry.find`: a game, a
    preset or an alias)."""

    number: int
    game: str
    count: int
    start: Callable[[], GameT]
    play: Callable[[GameT, int], None]


Stepper = Callable[[Mapping[str, Any]], "tuple[DealSteps[Any], ...]"]


@dataclass(frozen=True, kw_only=True, slots=True)
class _Format:
    replay: Replayer
    read: Callable[[str], Any] | None
    write: Callable[[Any], str] | None
    writes: tuple[type, ...]
    max_text: int
    max_keys: int | None
    entries: str | None
    stream: Callable[[str], Streamed | None] | None
    steps: Stepper | None = None


_REPLAYERS: dict[str, _Format] = {}
# The modules that register formats when imported (lazily, on the first record read): the
# three-card deal and session records, Teen Patti's records, every other game's sessions
# (game-session/1), and every game module of the registry.
_RECORD_MODULES: Final = ("bragkit.games.three_card.replay",
                          "bragkit.games.three_card.session_records",
                          "bragkit.games.teen_patti_records",
                          "bragkit.games.game_session_records")


def _import_all() -> None:
    from bragkit.games.registry import MODULES

    for module in (*_RECORD_MODULES, *MODULES):
        importlib.import_module(module)


def register(name: str, replayer: Replayer, *, read: Callable[[str], Any] | None = None,
             write: Callable[[Any], str] | None = None, writes: tuple[type, ...] = (),
             max_text: int = MAX_RECORD, max_keys: int | None = MAX_KEYS,
             entries: str | None = None,
             stream: Callable[[str], Streamed | None] | None = None,
             steps: Stepper | None = None) -> None:
    """Register the format ``name/…``: ``replayer`` replays a parsed document; ``read`` turns a
    record's text into the format's record object and ``write`` such an object (any of the
    types ``writes``) into text, so that ``write(read(text))`` is the text again. A record of
    the format is at most ``max_text`` characters with at most ``max_keys`` ``=`` signs
    (``None``: no count), both checked before it is parsed. A format whose records hold a list
    of tables ``entries`` (a session's ``[[deals]]``) bounds each part instead: what comes
    before the first entry and each entry at most :data:`MAX_RECORD` characters and
    ``max_keys`` keys, the whole at most ``max_text``. ``stream``, for a format whose records
    grow long, replays a text without parsing it whole (a deal at a time), or says None when
    the text is not one it reads so (it is parsed whole then). ``steps`` gives a parsed
    document's deals to play again an action at a time (:class:`DealSteps`)."""
    _REPLAYERS[name] = _Format(replay=replayer, read=read, write=write, writes=writes,
                               max_text=max_text, max_keys=max_keys, entries=entries,
                               stream=stream, steps=steps)


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
    """A record's text from text, UTF-8 bytes or a file: a file or bytes of more bytes than
    its format's bound (read off its first 4 KiB) is refused before it is read or decoded."""
    if isinstance(source, Path):
        return read_file(source)
    if isinstance(source, bytes | bytearray):
        limit = limit_of(bytes(source[:PEEK]))
        if len(source) > limit:
            raise NotationError(f"the record is {len(source):,} bytes long: it holds at most "
                                f"{limit:,} characters")
    return decode_text(source)


#: How much of a file is read to find its format before the rest: its format line is first.
PEEK: Final = 4096


def limit_of(head: bytes) -> int:
    """The most characters a record whose text begins with ``head`` (its first :data:`PEEK`
    bytes) may have: its format's bound when ``head`` names one, else the longest any format
    has (:data:`~bragkit.toml_text.MAX_TEXT`).

    >>> limit_of(b'format = "bhh/1"'), limit_of(b'format = "bhh-session/1"') > 10**7
    (1048576, True)
    """
    match = _FORMAT_LINE.search(head.decode("utf-8", "ignore"))
    if match is None:
        return MAX_TEXT
    name = match.group(1)
    if name not in _REPLAYERS:
        _import_all()
    found = _REPLAYERS.get(name)
    return MAX_RECORD if found is None else found.max_text


def read_file(path: str | Path) -> str:
    """The text of a record file, bounded by its format before it is read: the format line in
    its first 4 KiB names the bound (a file naming none: :data:`MAX_TEXT`, the longest any
    format has), and a file of more bytes than that is refused unread. The text is then held to
    :func:`check_bounds` by whoever parses it."""
    try:
        with Path(path).open("rb") as file:
            head = file.read(PEEK)
    except OSError:
        head = b""  # read_text names what is wrong with the file
    return read_text(path, limit=limit_of(head))


def _named_format(text: str) -> _Format | None:
    """The registered format a text's ``format = "NAME/…"`` line names, found unparsed."""
    match = _FORMAT_LINE.search(text, 0, 4096) or _FORMAT_LINE.search(text)
    name = match.group(1) if match is not None else None
    if name is not None and name not in _REPLAYERS:
        _import_all()
    return _REPLAYERS.get(name) if name is not None else None


def check_bounds(text: str) -> None:
    """Refuse, before any parsing, a record's text longer than its format allows or stuffed with
    keys: the format is read off its ``format = "NAME/…"`` line (a text without one is held to
    :data:`MAX_RECORD`); the cost is a scan of the text.

    >>> check_bounds('format = "bhh/1"\\n' + "k = 1\\n" * 3000)
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: the record has 3,001 keys: a bhh record holds at most 2,000
    """
    match = _FORMAT_LINE.search(text, 0, PEEK) or _FORMAT_LINE.search(text)
    name = match.group(1) if match is not None else None
    if name is not None and name not in _REPLAYERS:
        _import_all()
    found = _REPLAYERS.get(name) if name is not None else None
    limit = found.max_text if found is not None else MAX_RECORD
    what = f"a {name} record" if found is not None else "a record"
    if len(text) > limit:
        raise NotationError(f"the record is {len(text):,} characters long: {what} holds at "
                            f"most {limit:,}")
    keys = found.max_keys if found is not None else MAX_KEYS
    if found is not None and found.entries is not None:
        _check_entries(text, found.entries, what, keys)
    elif keys is not None:
        count = text.count("=")
        if count > keys:
            raise NotationError(f"the record has {count:,} keys: {what} holds at most "
                                f"{keys:,}")


def _check_entries(text: str, name: str, what: str, keys: int | None) -> None:
    """Each part of a record with a list of tables ``name`` — what comes before the first
    ``[[name]]`` line, and each entry — at most :data:`MAX_RECORD` characters and ``keys``
    keys: a scan of the text, a find and a count a part.

    >>> _check_entries("a = 1\\n[[deals]]\\n" + "k = 1\\n" * 3, "deals", "a record", 2)
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: deal 1 has 3 keys: a deal of a record holds at most 2
    """
    header = f"[[{name}]]"
    start, number = 0, 0
    while start < len(text):
        end = text.find(header, start + 1)
        end = len(text) if end < 0 else end
        where = f"{name.removesuffix('s')} {number}" if number else f"the part before [{header}]"
        if end - start > MAX_RECORD:
            raise NotationError(f"{where} is {end - start:,} characters long: a "
                                f"{name.removesuffix('s')} of {what} holds at most "
                                f"{MAX_RECORD:,}")
        if keys is not None:
            count = text.count("=", start, end)
            if count > keys:
                raise NotationError(f"{where} has {count:,} keys: a {name.removesuffix('s')} "
                                    f"of {what} holds at most {keys:,}")
        start, number = end, number + 1


def _check_players(document: Mapping[str, Any]) -> None:
    """Every format's ``players`` (a session's ``seats``): at most :data:`MAX_PLAYERS` names
    of at most :data:`MAX_NAME` characters each (each format checks the rest of what they must
    be)."""
    for key in ("players", "seats"):
        players = document.get(key) if isinstance(document, Mapping) else None
        if isinstance(players, list):
            check_names(key, players)


def check_names(key: str, names: Sequence[object]) -> None:
    """At most :data:`MAX_PLAYERS` names of at most :data:`MAX_NAME` characters (what is not a
    string is for the format to refuse).

    >>> check_names("seats", ["Ann", "B" * 101])
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: seats: a name of 101 characters: a record's names are at \
most 100
    """
    if len(names) > MAX_PLAYERS:
        raise NotationError(f"{key}: {len(names):,} players: a record holds at most "
                            f"{MAX_PLAYERS}")
    for name in names:
        if isinstance(name, str) and len(name) > MAX_NAME:
            raise NotationError(f"{key}: a name of {len(name):,} characters: a record's "
                                f"names are at most {MAX_NAME}")


def parse(text: str) -> dict[str, Any]:
    """The parsed document of a record's text, bounded before parsing (:func:`check_bounds`)
    and after (the players' names: :data:`MAX_PLAYERS`, :data:`MAX_NAME`)."""
    check_bounds(text)
    document = load_document(text)
    _check_players(document)
    return document


def _streamed(text: str) -> Streamed | None:
    """The text read a deal at a time, when its format reads so and takes it (bounded first)."""
    check_bounds(text)
    named = _named_format(text)
    return None if named is None or named.stream is None else named.stream(text)


def load(source: str | bytes | Path) -> Any:
    """The record object of a record's text (or of the file at a :class:`~pathlib.Path`), of
    whatever registered format it is; :class:`~bragkit.errors.NotationError` when it is none.
    A long record is read a deal at a time where its format reads so."""
    text = _text(source)
    streamed = _streamed(text)
    if streamed is not None:
        return streamed.record
    found = _format(parse(text))
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
    return replay_text(_text(source))


def replay_text(text: str) -> Replay:
    """A record's text replayed (what ``bragkit replay`` does): bounded before it is parsed
    (:func:`check_bounds`); a format that reads long records a deal at a time is given the
    text, any other the parsed document."""
    streamed = _streamed(text)
    if streamed is not None:
        return streamed
    document = parse(text)
    return _format(document).replay(document)


def steps(text: str) -> tuple[DealSteps[Any], ...]:
    """A record's text as deals to play again an action at a time (what a replay in the
    browser steps through), bounded before it is parsed (:func:`parse`); the actions are
    checked as they are played. :class:`~bragkit.errors.NotationError` for a text that is no
    record, or a format that cannot be stepped through.

    >>> deal, = steps('''format = "bhh/1"
    ... players = ["Ann", "Bob"]
    ... dealer = "Bob"
    ... stacks = [20, 20]
    ... actions = ["Ann bet 2", "Bob fold"]
    ... [cards]
    ... hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d" }
    ... ''')
    >>> game = deal.start()
    >>> deal.count, deal.game, game.to_act
    (2, 'three-card', 'Ann')
    >>> deal.play(game, 1); deal.play(game, 2); game.over
    True
    """
    document = parse(text)
    found = _format(document)
    if found.steps is None:
        raise NotationError(f"a {format_name(document)} record cannot be stepped through")
    return found.steps(document)
