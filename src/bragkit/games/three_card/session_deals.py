"""The deals of a session record (``bhh-session/1``): :class:`SessionDeal`, one deal with what
happened at the table after it, and the sequences that keep many of them packed — the deals of
a record read (:class:`SessionDeals`) and of a table played (:class:`TableDeals`).

A long session's record holds a hundred thousand deals and more: as objects they would cost a
few kilobytes each. The packed sequences keep a deal in a few dozen bytes
(:mod:`~bragkit.games.three_card.kept`) and build a :class:`SessionDeal` when one is read; the
record's writer takes each deal's TOML document straight from its row
(:meth:`PackedDeals.document`).

>>> from bragkit.games.three_card.notation import DealRecord, written_record
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.cards import Pack
>>> record = DealRecord(players=("Ann", "Bob"), dealer="Ann", stacks=(10, 10),
...                     pack=Pack.standard().cards)
>>> deals = SessionDeals()
>>> deals.append(SessionDeal(record=record, after=("Cy joins 20",)))
>>> deals[0].after, deals[0].record == record, deals == (SessionDeal(record=record,
...                                                                  after=("Cy joins 20",)),)
(('Cy joins 20',), True, True)
>>> deals.document(0) == record.to_document()
True
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast, overload

from bragkit.errors import NotationError
from bragkit.fairness import FairnessProof
from bragkit.games.three_card.dealing import ThreeCardDealing
from bragkit.games.three_card.kept import RECORD_FIELDS, RecordRows, proof_of_text, proof_text
from bragkit.games.three_card.notation import DealRecord, written_record
from bragkit.packed import PackedRows
from bragkit.session import (
    Joined,
    Kept,
    Left,
    Lent,
    PotShared,
    Repaid,
    Session,
    SessionError,
    SessionEvent,
    ToppedUp,
    parse_event,
)
from bragkit.toml_text import MAX_ITEMS, MAX_STRING

__all__ = [
    "BETWEEN", "PackedDeals", "SessionDeal", "SessionDeals", "TableDeals", "event_of",
    "written_deal",
]

#: The session's events a record holds between deals (read and printed by bragkit.session).
BETWEEN: Final = (Joined, ToppedUp, Left, Lent, Repaid, Kept, PotShared)
_FIELD: Final = "\x1f"
_ITEM: Final = "\x1e"
_UNSAFE: Final = re.compile("[\x00\x1e\x1f]")


def event_of(text: str) -> SessionEvent:
    """The event between deals a line of a record says (:class:`NotationError` if none)."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r}: an event is a string")
    try:
        event = parse_event(text)
    except SessionError:
        event = None
    if not isinstance(event, BETWEEN):
        raise NotationError(f'"{text}": not an event (joins, topup, leaves with, lends, '
                            "repays, keeps, carried pot shared)")
    return event


@dataclass(frozen=True, kw_only=True)
class SessionDeal:
    """One deal of a session: its ``.bhh`` record (with the whole pack, D5), the events at the
    table before the next deal (``after``, as text), and for a shuffled deal of a fair table its
    :class:`~bragkit.fairness.FairnessProof` (whose pack is the shuffle, before a kept hand was
    taken out of it)."""

    record: DealRecord
    after: tuple[str, ...] = ()
    proof: FairnessProof | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "after", tuple(self.after))
        for text in self.after:
            event_of(text)


#: A string of the writer's (no escape, so no quote) of at most MAX_STRING characters, and a
#: whole number of at most 18 digits (within TOML's 64-bit range).
_TEXT: Final = r'[^"\\\x00-\x08\x0a-\x1f\x7f]{0,' + str(MAX_STRING) + "}"
_NUMBER: Final = r"(?:0|[1-9][0-9]{0,17})"
#: A ``[[deals]]`` table of a session record as the writer lays it out (no proof), at once.
_WRITTEN: Final = re.compile(
    r'\[\[deals\]\]\nformat = "bhh/1"\n'
    f'variant = "({_TEXT})"\n'
    f'players = \\[("{_TEXT}"(?:, "{_TEXT}")*)\\]\n'
    f'dealer = "({_TEXT})"\n'
    f"stacks = \\[({_NUMBER}(?:, {_NUMBER})*)\\]\n"
    f"carried_pot = ({_NUMBER})\n"
    f'actions = (?:\\[\\]|\\[\n((?:  "{_TEXT}",\n)+)\\])\n'
    f'after = (?:\\[\\]|\\[\n((?:  "{_TEXT}",\n)+)\\])\n'
    r"\n\[deals\.rules\]\n((?:[a-z_]+ = [^\n]*\n)*)"
    r"\n\[deals\.cards\]\n"
    f'pack = "({_TEXT})"\n'
    f'(?:retained = {{ ([A-Za-z0-9_-]+) = "({_TEXT})" }}\n)?\n?')


def written_deal(text: str, start: int = 0, end: int | None = None) -> SessionDeal | None:
    """The deal of a ``[[deals]]`` table of a session record's text (``text[start:end]``) laid
    out as the writer writes it (:func:`~bragkit.toml_text.dump_entry`) without a proof: what
    parsing the table as TOML and reading its keys gives, read at once
    (:func:`~bragkit.games.three_card.notation.written_record`). None for any other layout, or
    anything that reading would refuse: it is read that way then, naming the fault.

    >>> from bragkit.cards import Pack
    >>> from bragkit.games.three_card.card_text import write_cards
    >>> part = ('[[deals]]\\nformat = "bhh/1"\\nvariant = "three-card"\\n'
    ...         'players = ["Ann", "Bob"]\\ndealer = "Bob"\\nstacks = [10, 10]\\n'
    ...         'carried_pot = 0\\nactions = [\\n  "Ann fold",\\n]\\n'
    ...         'after = [\\n  "Cy joins 20",\\n]\\n\\n[deals.rules]\\n\\n[deals.cards]\\n'
    ...         f'pack = "{write_cards(Pack.standard().cards)}"\\n\\n')
    >>> deal = written_deal(part)
    >>> deal.after, [str(action) for action in deal.record.actions], deal.record.dealer
    (('Cy joins 20',), ['Ann fold'], 'Bob')
    >>> written_deal(part.replace("Bob\\"\\nstacks", "Dan\\"\\nstacks")) is None  # no such player
    True
    """
    match = _WRITTEN.fullmatch(text, start, len(text) if end is None else end)
    if match is None:
        return None
    (variant, players, dealer, stacks, carried, actions, after, rules, pack, name,
     kept) = match.groups()
    record = written_record(
        variant=variant, players=tuple(players[1:-1].split('", "')), dealer=dealer,
        stacks=tuple(map(int, stacks.split(", "))), carried_pot=int(carried),
        actions=actions[3:-3].split('",\n  "') if actions else (), rules=rules, pack=pack,
        retained=None if name is None else (name, kept))
    if record is None:
        return None
    events = tuple(after[3:-3].split('",\n  "')) if after else ()
    if len(events) > MAX_ITEMS:
        return None
    try:
        return SessionDeal(record=record, after=events)
    except NotationError:
        return None


class PackedDeals(Sequence[SessionDeal], ABC):
    """A sequence of a session's deals kept packed: each deal is built when it is read, and
    its record's TOML document can be had without building it (:meth:`document`). It equals any
    sequence of the same deals."""

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def deal(self, index: int) -> SessionDeal:
        """The deal at ``index`` (from 0)."""

    @abstractmethod
    def document(self, index: int) -> dict[str, Any]:
        """The TOML document of the record of the deal at ``index``: ``deal(index).record
        .to_document()``."""

    @abstractmethod
    def extras(self, index: int) -> tuple[tuple[str, ...], FairnessProof | None]:
        """The ``after`` events and the proof of the deal at ``index``, without its record."""

    @overload
    def __getitem__(self, index: int) -> SessionDeal: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[SessionDeal, ...]: ...

    def __getitem__(self, index: int | slice) -> SessionDeal | tuple[SessionDeal, ...]:
        size = len(self)
        if isinstance(index, slice):
            return tuple(self.deal(i) for i in range(*index.indices(size)))
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("deal index out of range")
        return self.deal(index)

    def __iter__(self) -> Iterator[SessionDeal]:
        return (self.deal(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str) or len(other) != len(self):
            return False
        return all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"<{len(self)} deals>"


class SessionDeals(PackedDeals):
    """The deals of a session record read, packed a row each: the record's fields
    (:class:`~bragkit.games.three_card.kept.RecordRows`), the ``after`` events, the proof."""

    __slots__ = ("_odd", "_records", "_rows")

    def __init__(self) -> None:
        self._rows = PackedRows(block=128)
        self._records = RecordRows()
        self._odd: dict[int, SessionDeal] = {}

    def append(self, deal: SessionDeal) -> None:
        """Add ``deal`` at the end."""
        row = self._records.of_record(deal.record)
        proof = deal.proof
        texts = (*deal.after, *(() if proof is None else (proof.commitment, proof.server_seed,
                                                           *proof.client_seeds)))
        if row is None or _UNSAFE.search("".join(texts)):
            self._odd[len(self._rows)] = deal
            self._rows.append("!")
            return
        self._rows.append(_FIELD.join((row, _ITEM.join(deal.after),
                                       "" if proof is None else proof_text(proof))))

    def __len__(self) -> int:
        return len(self._rows)

    def _fields(self, index: int) -> list[str] | None:
        row = self._rows[index]
        return None if row == "!" else row.split(_FIELD)

    def deal(self, index: int) -> SessionDeal:
        """The deal at ``index`` (from 0)."""
        fields = self._fields(index)
        if fields is None:
            return self._odd[index]
        after, proof = fields[RECORD_FIELDS:]
        return SessionDeal(record=self._records.record(fields),
                           after=tuple(after.split(_ITEM)) if after else (),
                           proof=proof_of_text(proof))

    def document(self, index: int) -> dict[str, Any]:
        """The TOML document of the record of the deal at ``index``."""
        fields = self._fields(index)
        if fields is None:
            return self._odd[index].record.to_document()
        return self._records.document(fields)

    def extras(self, index: int) -> tuple[tuple[str, ...], FairnessProof | None]:
        """The ``after`` events and the proof of the deal at ``index``."""
        fields = self._fields(index)
        if fields is None:
            deal = self._odd[index]
            return deal.after, deal.proof
        after, proof = fields[RECORD_FIELDS:]
        return tuple(after.split(_ITEM)) if after else (), proof_of_text(proof)


class TableDeals(PackedDeals):
    """The deals of a three-card session so far, read from its hook's packed deals
    (:class:`~bragkit.games.three_card.kept.KeptDeals`): ``after`` holds each finished deal's
    events after it, and a deal in progress is the last deal (its record so far, no proof)."""

    __slots__ = ("_after", "_dealing", "_last")

    def __init__(self, session: Session, after: Sequence[tuple[str, ...]],
                 last: SessionDeal | None = None) -> None:
        self._dealing = cast(ThreeCardDealing, session.dealing)
        self._after = after
        self._last = last

    def __len__(self) -> int:
        return len(self._after) + (self._last is not None)

    def deal(self, index: int) -> SessionDeal:
        """The deal at ``index`` (from 0)."""
        if index == len(self._after) and self._last is not None:
            return self._last
        record = self._dealing.record_of(index + 1)
        assert record is not None
        return SessionDeal(record=record, after=self._after[index],
                           proof=self._dealing.proof_of(index + 1))

    def document(self, index: int) -> dict[str, Any]:
        """The TOML document of the record of the deal at ``index``."""
        if index == len(self._after) and self._last is not None:
            return self._last.record.to_document()
        return self._dealing.record_document(index + 1)

    def extras(self, index: int) -> tuple[tuple[str, ...], FairnessProof | None]:
        """The ``after`` events and the proof of the deal at ``index``."""
        if index == len(self._after) and self._last is not None:
            return self._last.after, self._last.proof
        return self._after[index], self._dealing.proof_of(index + 1)

