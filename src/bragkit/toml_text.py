"""The TOML text of bragkit's records: one writer and one reader for every record format.

Every record bragkit writes (``.bhh`` of HAND-HISTORY.md, ``nine-card/1``, ``crash/1``,
``historic/1``, ``brag-poker/1``) is a TOML document in one layout, so that write → read → write
gives the same text: the top-level keys first (in TOML a key after a ``[table]`` header belongs to
that table), arrays such as ``actions`` one item a line, then each table in document order, a
list of tables as ``[[name]]`` entries. Values are written on one line (arrays and tables
inline) with the escapes of ``tomli_w``; keys are bare where TOML allows.

>>> document = {"format": "bhh/1", "players": ["Ann", "Mary Ann"], "actions": ["Ann bet 2"],
...             "rules": {"max_bet": 10},
...             "cards": {"hands": {"Ann": "Qh Qs 4d", "Mary Ann": "As Tc 2d"}}}
>>> text = dump_document(document)
>>> print(text, end="")
format = "bhh/1"
players = ["Ann", "Mary Ann"]
actions = [
  "Ann bet 2",
]
<BLANKLINE>
[rules]
max_bet = 10
<BLANKLINE>
[cards]
hands = { Ann = "Qh Qs 4d", "Mary Ann" = "As Tc 2d" }
>>> load_document(text) == document
True

A document that is not TOML is refused with a :class:`~bragkit.errors.NotationError` naming the
line at fault:

>>> load_document('format = "bhh/1"\\nplayers = [\\n"Ann" "Bob"]')
Traceback (most recent call last):
...
bragkit.errors.NotationError: line 3: not valid TOML: Unclosed array (column 7)
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from itertools import chain
from pathlib import Path
from typing import Any, Final

import tomli_w

from bragkit.errors import NotationError

__all__ = [
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_STRING",
    "MAX_TEXT",
    "check_values",
    "decode_text",
    "dump_document",
    "dump_entry",
    "format_key",
    "format_value",
    "load_document",
    "load_part",
    "read_part",
    "read_text",
    "split_entries",
]

#: The longest record text read, in characters (64 Mi: a session of a hundred thousand deals);
#: a longer text or file is refused before it is parsed.
MAX_TEXT: Final = 64 * 1024 * 1024
#: The deepest nesting of arrays and tables in a record (bragkit's own nest four deep).
MAX_DEPTH: Final = 16
#: The longest string a record holds, in characters: a name is at most 100, an action a few
#: dozen, a pack of eight decks and 52 jokers under 1,500.
MAX_STRING: Final = 4_096
#: The most values any array of a record holds (each format bounds its own arrays below this:
#: a deal's actions at most 20,000); an array of tables (``[[deals]]``) is bounded by the text
#: and its keys.
MAX_ITEMS: Final = 65_536
#: The characters of a bare key (TOML 1.0, "Keys"), and a string ``tomli_w`` writes between quotes
#: as it is (no control character but tab, no quote, no backslash): the writer's fast paths.
_BARE_KEY: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_PLAIN_STRING: Final = re.compile(r'[^\x00-\x08\x0a-\x1f\x7f"\\]*')
#: TOML integers are 64-bit signed (TOML 1.0, "Integer"); a larger one is refused.
_INT_RANGE: Final = range(-(2**63), 2**63)


def format_key(key: str, *, quoted: bool = False) -> str:
    """A TOML key: bare when TOML allows it (as ``tomli_w`` decides), else a quoted string;
    always quoted with ``quoted``.

    >>> format_key("max_bet"), format_key("Mary Ann"), format_key("Ann", quoted=True)
    ('max_bet', '"Mary Ann"', '"Ann"')
    """
    if quoted or not key or not _BARE_KEY.issuperset(key):
        return format_value(key)
    return key


def format_value(value: object, *, quoted: bool = False) -> str:
    """A TOML value on one line: arrays and tables inline, scalars as ``tomli_w`` writes them.
    With ``quoted`` the keys of inline tables are always quoted.

    >>> format_value(["As", 'say "hi"']), format_value({}), format_value({"Ann": True})
    ('["As", "say \\\\"hi\\\\""]', '{}', '{ Ann = true }')
    >>> format_value({"Ann": 2}, quoted=True)
    '{ "Ann" = 2 }'
    >>> format_value(None)
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: TOML has no null: a rule option cannot be written as None
    """
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        inner = ", ".join(f"{format_key(k, quoted=quoted)} = {format_value(v, quoted=quoted)}"
                          for k, v in value.items())
        return "{ " + inner + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(format_value(v, quoted=quoted) for v in value) + "]"
    if value is None:
        raise NotationError("TOML has no null: a rule option cannot be written as None")
    if type(value) is str and _PLAIN_STRING.fullmatch(value):
        return f'"{value}"'  # what tomli_w writes of a string with nothing to escape
    if type(value) is int:
        return str(value)
    if type(value) is bool:
        return "true" if value else "false"
    try:
        text = tomli_w.dumps({"v": value})
    except TypeError:
        raise NotationError(f"cannot write {value!r} in a record") from None
    return str(text.split(" = ", 1)[1].rstrip("\n"))


def dump_document(
    document: Mapping[str, Any],
    *,
    multiline: Collection[str] = ("actions",),
    quoted: Collection[str] = (),
    subtables: Collection[str] = (),
) -> str:
    """A document as TOML text in the layout of bragkit's records.

    The top-level keys come first, then each table (a mapping) as ``[name]`` and each list of
    tables as one ``[[name]]`` entry per table, in document order. A non-empty array named in
    ``multiline`` is written one item a line (an empty one as ``[]``); the inline tables named in
    ``quoted`` have every key quoted; the tables named in ``subtables`` are written inside their
    table or entry as ``[name.sub]`` after its keys, rather than inline.

    >>> print(dump_document({"format": "nine-card/1", "rules": {},
    ...     "deals": [{"hands": {"Ann": "As Ks Qs"}, "actions": []},
    ...               {"pack": "…", "actions": ["Ann plays As Ks Qs"]}]}, quoted=["hands"]))
    format = "nine-card/1"
    <BLANKLINE>
    [rules]
    <BLANKLINE>
    [[deals]]
    hands = { "Ann" = "As Ks Qs" }
    actions = []
    <BLANKLINE>
    [[deals]]
    pack = "…"
    actions = [
      "Ann plays As Ks Qs",
    ]
    <BLANKLINE>
    >>> print(dump_document({"deals": [{"ante": 1, "rules": {"max_bet": 10}}]},
    ...                     subtables=["rules"]), end="")
    <BLANKLINE>
    [[deals]]
    ante = 1
    <BLANKLINE>
    [deals.rules]
    max_bet = 10
    """
    layout = _Layout(multiline=frozenset(multiline), quoted=frozenset(quoted),
                     subtables=frozenset(subtables))
    lines = layout.keys(document, top=True)
    for name, value in document.items():
        if isinstance(value, Mapping):
            lines += layout.table(f"[{format_key(name)}]", value)
        elif _is_table_list(value):
            for entry in value:
                lines += layout.table(f"[[{format_key(name)}]]", entry)
    return "\n".join(lines) + "\n"


def dump_entry(
    name: str,
    entry: Mapping[str, Any],
    *,
    multiline: Collection[str] = ("actions",),
    quoted: Collection[str] = (),
    subtables: Collection[str] = (),
) -> str:
    """One entry of the list of tables ``name`` as :func:`dump_document` writes it: a document
    whose list ``name`` comes last is the text of the document without it, then the text of
    each entry. A long list is written an entry at a time this way.

    >>> entries = [{"ante": 1, "rules": {"max_bet": 10}}, {"ante": 2}]
    >>> text = dump_document({"format": "x/1"}) + "".join(
    ...     dump_entry("deals", entry, subtables=["rules"]) for entry in entries)
    >>> text == dump_document({"format": "x/1", "deals": entries}, subtables=["rules"])
    True
    """
    layout = _Layout(multiline=frozenset(multiline), quoted=frozenset(quoted),
                     subtables=frozenset(subtables))
    return "\n".join(layout.table(f"[[{format_key(name)}]]", entry)) + "\n"


class _Layout:
    """The options of one :func:`dump_document` call."""

    __slots__ = ("multiline", "quoted", "subtables")

    def __init__(self, *, multiline: frozenset[str], quoted: frozenset[str],
                 subtables: frozenset[str]) -> None:
        self.multiline = multiline
        self.quoted = quoted
        self.subtables = subtables

    def keys(self, table: Mapping[str, Any], *, top: bool = False, sub: bool = False
             ) -> list[str]:
        """The ``key = value`` lines of a table, leaving out what is written as a table: at the
        top, every table and list of tables; in a table (not a sub-table), its sub-tables."""
        lines: list[str] = []
        for key, value in table.items():
            if top and (isinstance(value, Mapping) or _is_table_list(value)):
                continue
            if self._is_subtable(key, value) and not (top or sub):
                continue
            name = format_key(key)
            if key in self.multiline and isinstance(value, list | tuple) and value:
                lines.append(f"{name} = [")
                lines.extend(f"  {format_value(item)}," for item in value)
                lines.append("]")
            else:
                lines.append(f"{name} = {format_value(value, quoted=key in self.quoted)}")
        return lines

    def table(self, header: str, table: Mapping[str, Any]) -> list[str]:
        """A blank line, the header, the table's keys, then its sub-tables."""
        lines = ["", header, *self.keys(table)]
        path = header.strip("[]")
        for key, value in table.items():
            if self._is_subtable(key, value):
                lines += ["", f"[{path}.{format_key(key)}]", *self.keys(value, sub=True)]
        return lines

    def _is_subtable(self, key: str, value: object) -> bool:
        return key in self.subtables and isinstance(value, Mapping)


def _is_table_list(value: object) -> bool:
    """Whether a value is written as an array of tables (``[[name]]``)."""
    return isinstance(value, list | tuple) and bool(value) and all(
        isinstance(item, Mapping) for item in value)


_TOML_AT: Final = re.compile(r"^(?P<what>.*) \(at line (?P<line>\d+), column (?P<col>\d+)\)$")


def decode_text(data: str | bytes | bytearray, *, limit: int = MAX_TEXT,
                what: str = "record") -> str:
    """A record's text: text as it is, bytes decoded as UTF-8 (TOML and JSON text is UTF-8);
    anything else, invalid UTF-8 or more than ``limit`` characters (:data:`MAX_TEXT`) is a
    :class:`~bragkit.errors.NotationError`. Bytes of more than ``limit`` are refused before they
    are decoded (a character is at least a byte).

    >>> decode_text(b'format = "bhh/1"')
    'format = "bhh/1"'
    >>> decode_text(b"\\xff")
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: not UTF-8 text: invalid start byte at byte 0
    """
    if isinstance(data, bytes | bytearray):
        if len(data) > limit:
            raise NotationError(f"a {what} is at most {limit:,} characters: "
                                f"{len(data):,} bytes are more")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(f"not UTF-8 text: {error.reason} at byte {error.start}"
                                ) from None
    if not isinstance(data, str):
        raise NotationError(f"a {what} is text, not {type(data).__name__}")
    if len(data) > limit:
        raise NotationError(f"a {what} is at most {limit:,} characters, not {len(data):,}")
    return data


def load_document(text: str | bytes) -> dict[str, Any]:
    """The TOML document of a record's text; a syntax error is a
    :class:`~bragkit.errors.NotationError` naming its line.

    The text is at most :data:`MAX_TEXT` characters (bytes are decoded as UTF-8), arrays and
    tables nest at most :data:`MAX_DEPTH` deep and integers are 64-bit (as TOML says); beyond
    that, or for anything else that is not TOML, the error is a
    :class:`~bragkit.errors.NotationError` too:

    >>> load_document("a = " + "[" * 500 + "]" * 500)
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: not valid TOML: arrays and tables nest more than 16 deep
    >>> load_document("stacks = [9223372036854775808]")
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: stacks[0]: 9223372036854775808 is out of TOML's 64-bit range

    >>> load_document('format = "crash/1"\\ndealer = Ann')
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: line 2: not valid TOML: Invalid value (column 10)
    >>> load_document('players = ["Ann"')
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: line 1: not valid TOML: Unclosed array (at the end of the file)
    """
    text = decode_text(text)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        if message.endswith(" (at end of document)"):
            what = message.removesuffix(" (at end of document)")
            last = max(1, text.count("\n") + (not text.endswith("\n")))
            raise NotationError(f"line {last}: not valid TOML: {what} "
                                "(at the end of the file)") from None
        match = _TOML_AT.match(message)
        if match is None:
            raise NotationError(f"not valid TOML: {message}") from None
        raise NotationError(f"line {match['line']}: not valid TOML: {match['what']} "
                            f"(column {match['col']})") from None
    except RecursionError:  # the parser recurses once a level of nesting
        raise NotationError(f"not valid TOML: arrays and tables nest more than {MAX_DEPTH} deep"
                            ) from None
    except ValueError as error:
        # a number of more digits than Python converts (4,300): not a 64-bit TOML integer
        what = "a number too long" if "digits" in str(error) else _short(str(error))
        raise NotationError(f"not valid TOML: {what}") from None
    check_values(document)
    return document


def _short(message: str) -> str:
    return message if len(message) <= 100 else message[:100] + "…"


def check_values(document: dict[str, Any], *, path: tuple[str | int, ...] = ()) -> None:
    """Every value nests at most :data:`MAX_DEPTH` deep, every integer is 64-bit, every string
    at most :data:`MAX_STRING` characters and every array of values at most :data:`MAX_ITEMS`
    long: a walk without recursion that holds one iterator a level (memory bounded by the
    depth). ``path`` is where ``document`` lies in a larger one (an entry read by
    :func:`load_part`), for the message.

    >>> check_values({"players": ["Ann", "B" * 5000]})
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: players[1]: a string of 5,000 characters: a record's strings \
are at most 4,096

    >>> check_values({"stacks": [2**63]}, path=("deals", 4))
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: deals[4].stacks[0]: 9223372036854775808 is out of TOML's \
64-bit range
    """
    stack: list[tuple[tuple[str | int, ...], Iterator[tuple[Any, Any]]]] = [
        (path, iter(document.items()))]
    while stack:
        path, items = stack[-1]
        for key, value in items:
            if isinstance(value, dict | list):
                if len(stack) + len(path) > MAX_DEPTH:
                    raise NotationError(
                        f"not valid TOML: arrays and tables nest more than {MAX_DEPTH} deep")
                if isinstance(value, list) and len(value) > MAX_ITEMS and not (
                        isinstance(value[0], dict)):
                    raise NotationError(f"{_path((*path, key))}: {len(value):,} values: a "
                                        f"record's arrays hold at most {MAX_ITEMS:,}")
                inner = value.items() if isinstance(value, dict) else enumerate(value)
                stack.append(((*path, key), iter(inner)))
                break
            if type(value) is int and value not in _INT_RANGE:
                raise NotationError(f"{_path((*path, key))}: {value} is out of TOML's 64-bit "
                                    "range")
            if type(value) is str and len(value) > MAX_STRING:
                raise NotationError(f"{_path((*path, key))}: a string of {len(value):,} "
                                    f"characters: a record's strings are at most {MAX_STRING:,}")
        else:
            stack.pop()


# -- a list of tables an entry at a time ---------------------------------------------------------

#: A line that opens with "[": a table header (or a line of an array of arrays, which the
#: header's pattern tells apart as far as reading by entries needs); the first line of a text,
#: and each later one from the line break before it (a search for a character, fast).
_FIRST_OPENING: Final = re.compile(r"[ \t]*\[[^\n]*")
_OPENING: Final = re.compile(r"\n([ \t]*\[[^\n]*)")
_HEADER: Final = re.compile(
    r"[ \t]*\[(?P<double>\[)?[ \t]*(?P<key>[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)[ \t]*\]"
    r"(?(double)\])[ \t]*(?:#.*)?")


def split_entries(text: str, name: str) -> tuple[int, list[int]] | None:
    """Where a document's list of tables ``name`` begins, and each of its entries: the offsets
    of the ``[[name]]`` lines, when the document can be read an entry at a time (its keys and
    tables first, then only ``[[name]]`` entries, each with its own ``[name.sub]`` tables, and
    no multi-line string). None for any other layout: read it whole.

    >>> text = 'format = "x/1"\\n[rules]\\n[[deals]]\\na = 1\\n[deals.cards]\\n[[deals]]\\n'
    >>> head, starts = split_entries(text, "deals")
    >>> text[:head].splitlines(), [text[i:i + 9] for i in starts]
    (['format = "x/1"', '[rules]'], ['[[deals]]', '[[deals]]'])
    >>> split_entries(text + "[rules]\\n", "deals") is None   # a table after the entries
    True
    """
    if '"""' in text or "'''" in text:
        return None
    starts: list[int] = []
    first = _FIRST_OPENING.match(text)
    lines = ((found.group(1), found.start(1)) for found in _OPENING.finditer(text))
    for line, at in chain([(first.group(), 0)] if first is not None else [], lines):
        header = _HEADER.fullmatch(line)
        if header is None:
            return None
        key, double = header["key"], header["double"] is not None
        if double and key == name:
            starts.append(at)
        elif double or key == name or (starts and not key.startswith(name + ".")) or (
                not starts and key.startswith(name + ".")):
            return None
    if not starts:
        return None
    return starts[0], starts


def load_part(text: str, start: int, end: int) -> dict[str, Any]:
    """The TOML of ``text[start:end]``, a part :func:`split_entries` found (its values are not
    checked: :func:`check_values`). A part that is not TOML is a
    :class:`~bragkit.errors.NotationError`; a reader reads the whole text again for the message
    that names where the error is in it.

    >>> load_part('x = 1\\n[[deals]]\\na = 2\\n', 6, 22)
    {'deals': [{'a': 2}]}
    """
    return read_part(text, start, end)[0]


def read_part(text: str, start: int, end: int) -> tuple[dict[str, Any], bool]:
    """:func:`load_part`, and whether the part's values are known to pass
    :func:`check_values` (it was read in the writer's layout, whose reading holds every value
    within the bounds, so a reader need not walk it again).

    >>> read_part('[[deals]]\\na = 2\\n', 0, 16), read_part('[[deals]]\\na = 2.5\\n', 0, 18)
    (({'deals': [{'a': 2}]}, True), ({'deals': [{'a': 2.5}]}, False))
    """
    part = text[start:end]
    found = _read_written(part)
    if found is not None:
        return found
    try:
        return tomllib.loads(part), False
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as error:
        raise NotationError(f"not valid TOML: {_short(str(error))}") from None


# -- the layout bragkit writes, read without the general parser -----------------------------------

_KEY_LINE: Final = re.compile(r"([A-Za-z0-9_-]+) = (.*)")
_SUBTABLE: Final = re.compile(r"\[([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\]")
_ENTRY_LINE: Final = re.compile(r"\[\[([A-Za-z0-9_-]+)\]\]")
# (a string of more than MAX_STRING characters is not read here: the parser reads it, and
# check_values refuses it)
_CHARACTERS: Final = r'[^"\\\x00-\x08\x0a-\x1f\x7f]{0,' + str(MAX_STRING) + "}"
_STRING: Final = re.compile(f'"({_CHARACTERS})"')
_STRING_ITEM: Final = re.compile(f'  "({_CHARACTERS})",')
#: An array's lines of strings, as the writer writes them (one a line), at once.
_STRING_LINES: Final = re.compile(f'(?:  "{_CHARACTERS}",\n)*')
#: A one-line array of strings, or of whole numbers (of at most 19 digits), at once.
_STRINGS: Final = re.compile(f'\\[("{_CHARACTERS}"(?:, "{_CHARACTERS}")*)\\]')
_INTEGERS: Final = re.compile(r"\[(-?(?:0|[1-9][0-9]{0,18})(?:, -?(?:0|[1-9][0-9]{0,18}))*)\]")
#: How deep the values read here nest in arrays and inline tables (deeper: the parser reads
#: them): an entry read here nests well within MAX_DEPTH.
_NESTING: Final = 8
_INTEGER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?![0-9A-Za-z_.+:-])")
_KEY: Final = re.compile(r'([A-Za-z0-9_-]+)|"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')


class _NotWritten(Exception):
    """A part is not in the layout :func:`dump_document` writes: the TOML parser reads it."""


def _written_part(part: str) -> dict[str, Any] | None:
    """The TOML of an entry of a list of tables in the layout :func:`dump_document` writes
    (``[[name]]``, ``key = value`` lines, arrays one item a line, ``[name.sub]`` tables; strings
    without escapes, whole numbers, booleans, one-line arrays and inline tables), read line by
    line: what :func:`tomllib.loads` gives, in a fraction of the time. None for anything else
    (the general parser reads it, and names any error).

    >>> _written_part('[[deals]]\\nn = -3\\nactions = [\\n  "Ann bet 2",\\n]\\n[deals.cards]\\n'
    ...               'hands = { Ann = "As", "Mary Ann" = "Kd" }\\n')
    {'deals': [{'n': -3, 'actions': ['Ann bet 2'], 'cards': {'hands': {'Ann': 'As', 'Mary Ann': \
'Kd'}}}]}
    >>> _written_part('[[deals]]\\nn = 1.5\\n') is None
    True
    """
    found = _read_written(part)
    return None if found is None else found[0]


def _read_written(part: str) -> tuple[dict[str, Any], bool] | None:
    """:func:`_written_part`, and whether every value is within the bounds
    :func:`check_values` holds: a string, an integer or a nesting beyond them is left to the
    parser (None), a long array is read and said to be out of them (False)."""
    bounded = True
    lines = part.split("\n")
    first = _ENTRY_LINE.fullmatch(lines[0])
    if first is None:
        return None
    name = first.group(1)
    entry: dict[str, Any] = {}
    table = entry
    index, count = 1, len(lines)
    try:
        while index < count:
            line = lines[index]
            index += 1
            if not line:
                continue
            pair = _KEY_LINE.fullmatch(line)
            if pair is None:
                sub = _SUBTABLE.fullmatch(line)
                if sub is None or sub.group(1) != name or sub.group(2) in entry:
                    return None
                table = entry[sub.group(2)] = {}
                continue
            key, rest = pair.groups()
            if key in table:
                return None
            if rest == "[":  # an array one item a line, as the writer writes it
                try:
                    close = lines.index("]", index)
                except ValueError:
                    return None  # an array never closed
                block = lines[index:close]
                if block and _STRING_LINES.fullmatch("\n".join(block) + "\n"):  # strings
                    table[key] = [line[3:-2] for line in block]
                    bounded = bounded and len(block) <= MAX_ITEMS
                    index = close + 1
                    continue
                items = []
                while index < count and lines[index] != "]":
                    item = lines[index]
                    string = _STRING_ITEM.fullmatch(item)  # the commonest: a string
                    if string is not None:
                        items.append(string.group(1))
                    else:
                        value, end = _value(item, 2)
                        if not item.startswith("  ") or item[end:] != ",":
                            return None
                        items.append(value)
                    index += 1
                if index == count:
                    return None
                index += 1
                table[key] = items
                bounded = bounded and len(items) <= MAX_ITEMS
                continue
            value, end = _value(rest, 0)
            if end != len(rest):
                return None
            table[key] = value
    except (_NotWritten, ValueError, RecursionError):  # a number too long, arrays too deep
        return None
    return {name: [entry]}, bounded


def _value(text: str, at: int, depth: int = 0) -> tuple[Any, int]:
    """The value written at ``text[at:]`` (``depth`` arrays and inline tables in) and where it
    ends (:class:`_NotWritten` if none the writer writes, or one beyond the bounds of
    :func:`check_values` but an array's length)."""
    if depth > _NESTING:
        raise _NotWritten
    first = text[at:at + 1]
    if first == '"':
        match = _STRING.match(text, at)
        if match is None:
            raise _NotWritten
        return match.group(1), match.end()
    if first == "[":
        match = _STRINGS.match(text, at) or _INTEGERS.match(text, at)
        if match is not None:  # the commonest arrays, at once
            inner = match.group(1)
            if inner[0] == '"':  # (no string read here holds a quote)
                found: list[Any] = inner[1:-1].split('", "')
            else:
                found = [int(number) for number in inner.split(", ")]
                if not all(number in _INT_RANGE for number in found):
                    found = []
            if 0 < len(found) <= MAX_ITEMS:
                return found, match.end()
        items: list[Any] = []
        at += 1
        if text.startswith("]", at):
            return items, at + 1
        while True:
            value, at = _value(text, at, depth + 1)
            items.append(value)
            if text.startswith(", ", at):
                at += 2
            elif text.startswith("]", at) and len(items) <= MAX_ITEMS:
                return items, at + 1
            else:
                raise _NotWritten
    if first == "{":
        table: dict[str, Any] = {}
        if text.startswith("{}", at):
            return table, at + 2
        if not text.startswith("{ ", at):
            raise _NotWritten
        at += 2
        while True:
            key = _KEY.match(text, at)
            if key is None or not text.startswith(" = ", key.end()):
                raise _NotWritten
            name = key.group(1) if key.group(1) is not None else key.group(2)
            if name in table:
                raise _NotWritten
            table[name], at = _value(text, key.end() + 3, depth + 1)
            if text.startswith(", ", at):
                at += 2
            elif text.startswith(" }", at):
                return table, at + 2
            else:
                raise _NotWritten
    if text.startswith("true", at) or text.startswith("false", at):
        word = "true" if first == "t" else "false"
        end = at + len(word)
        if end < len(text) and text[end] not in ",]} ":
            raise _NotWritten
        return word == "true", end
    match = _INTEGER.match(text, at)
    if match is None or len(match.group()) > 20:
        raise _NotWritten
    number = int(match.group())
    if number not in _INT_RANGE:
        raise _NotWritten
    return number, match.end()


def _path(path: tuple[str | int, ...]) -> str:
    """A key path as a message names it: ``deals[2].stacks[0]``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else part
    return text or "value"


def read_text(path: str | Path, *, limit: int = MAX_TEXT, what: str = "record") -> str:
    """The text of a record file; a :class:`~bragkit.errors.NotationError` naming the file when
    it is missing, cannot be read as UTF-8 or is longer than ``limit`` characters
    (:data:`MAX_TEXT`). A file of more than ``limit`` bytes is refused before any of it is read
    (a character is at least a byte), so a refusal costs nothing of the file.

    >>> read_text("no-such-record.bhh")
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: no-such-record.bhh: no such file
    """
    try:
        with Path(path).open("rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > limit:
                raise NotationError(f"{path}: the file is {size:,} bytes long: a {what} is at "
                                    f"most {limit:,} characters")
            data = file.read(limit + 1)  # never more than the longest text's bytes
    except FileNotFoundError:
        raise NotationError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise NotationError(f"{path}: is a directory, not a {what}") from None
    except OSError as error:
        raise NotationError(f"{path}: cannot be read: {error.strerror or error}") from None
    if len(data) > limit:  # grew while it was read, or a device
        raise NotationError(f"{path}: a {what} is at most {limit:,} characters")
    try:
        return decode_text(data, limit=limit, what=what)
    except NotationError as error:
        raise NotationError(f"{path}: cannot be read: {error}") from None
