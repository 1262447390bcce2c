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

import re
import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, Final

import tomli_w

from bragkit.errors import NotationError

__all__ = ["dump_document", "format_key", "format_value", "load_document", "read_text"]


def format_key(key: str, *, quoted: bool = False) -> str:
    """A TOML key: bare when TOML allows it (as ``tomli_w`` decides), else a quoted string;
    always quoted with ``quoted``.

    >>> format_key("max_bet"), format_key("Mary Ann"), format_key("Ann", quoted=True)
    ('max_bet', '"Mary Ann"', '"Ann"')
    """
    if quoted:
        return format_value(key)
    return str(tomli_w.dumps({key: 0}).rsplit(" = ", 1)[0])


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


def load_document(text: str) -> dict[str, Any]:
    """The TOML document of a record's text; a syntax error is a
    :class:`~bragkit.errors.NotationError` naming its line.

    >>> load_document('format = "crash/1"\\ndealer = Ann')
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: line 2: not valid TOML: Invalid value (column 10)
    >>> load_document('players = ["Ann"')
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: line 1: not valid TOML: Unclosed array (at the end of the file)
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        if message.endswith(" (at end of document)"):
            what = message.removesuffix(" (at end of document)")
            raise NotationError(f"line {max(1, len(text.splitlines()))}: not valid TOML: {what} "
                                "(at the end of the file)") from None
        match = _TOML_AT.match(message)
        if match is None:
            raise NotationError(f"not valid TOML: {message}") from None
        raise NotationError(f"line {match['line']}: not valid TOML: {match['what']} "
                            f"(column {match['col']})") from None


def read_text(path: str | Path) -> str:
    """The text of a record file; a :class:`~bragkit.errors.NotationError` naming the file when
    it is missing or cannot be read as UTF-8.

    >>> read_text("no-such-record.bhh")
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: no-such-record.bhh: no such file
    """
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotationError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise NotationError(f"{path}: cannot be read: {error}") from None
