"""The session record (``bhh-session/1``): a session's deals in order, as one TOML file.

A session (rule T1) is recorded as the table it opened with — seats, buy-ins, first dealer and
house rules — then every deal as a ``.bhh`` document (HAND-HISTORY.md) in an array of tables
``[[deals]]``, each followed by what happened at the table before the next deal (``after``:
players joining and leaving, top-ups, loans, a kept hand). The format is documented in
``docs/sessions.md``. :func:`read_session` checks the file key by key and replays it through a
:class:`~bragkit.games.three_card.table.Table`: each deal's pack must follow from the last (D4,
D5), stacks,
carried pots and kept hands must carry over (T1, BL3, R1), and a mismatch is one
:class:`~bragkit.errors.NotationError` naming the deal.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.table import Table
>>> table = Table(Rules(), seats=["Ann", "Bob", "Cy"], buy_ins=20, rng=3)
>>> for actions in (["Bob bet 2", "Cy fold", "Ann fold"], ["Cy bet 1", "Ann fold", "Bob fold"]):
...     _ = table.start_deal()
...     for text in actions:
...         table.apply(text)
>>> table.join("Dan", 30)
>>> record = SessionRecord.from_table(table)
>>> text = write_session(record)
>>> print(text[:text.index("[[deals]]")], end="")
format = "bhh-session/1"
seats = ["Ann", "Bob", "Cy"]
buy_ins = [20, 20, 20]
dealer = "Ann"
before = []
<BLANKLINE>
[rules]
<BLANKLINE>
>>> read_session(text) == record and write_session(read_session(text)) == text
True
>>> replay = SessionReplay(record)
>>> replay.to_json()["stacks"]
{'Ann': 18, 'Bob': 21, 'Cy': 21, 'Dan': 30}

A pack that does not follow from the last deal is refused, naming the deal:

>>> second = record.deals[1]
>>> pack = list(second.record.pack); pack[0], pack[1] = pack[1], pack[0]
>>> from dataclasses import replace
>>> bad = replace(record, deals=(record.deals[0],
...     replace(second, record=replace(second.record, pack=tuple(pack)))))
>>> bad.replay()
Traceback (most recent call last):
...
bragkit.errors.NotationError: deal 2: the pack does not follow from the last deal: card 1 \
from the top is ..., the last deal left ... there; no shuffle is due (rules D4, D5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bragkit.actions import Verb
from bragkit.cards import Card, format_cards
from bragkit.errors import (
    BragError,
    IllegalActionError,
    InvalidCardError,
    NotationError,
    RulesError,
)
from bragkit.fairness import FairnessError, FairnessProof, commitment_of, shuffled_pack
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.record_moves import agreements
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import DealPlayed, Table, TableError, TableEvent
from bragkit.records import register
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
from bragkit.toml_text import MAX_TEXT, dump_document, load_document, read_text

__all__ = [
    "FORMAT",
    "SessionDeal",
    "SessionRecord",
    "SessionReplay",
    "dump",
    "load",
    "read_session",
    "replay_document",
    "session_text",
    "write_session",
]

#: The format and version this module reads and writes.
FORMAT: Final = "bhh-session/1"
_NAME, _VERSION = "bhh-session", 1

_TOP_KEYS: Final = ("format", "seats", "buy_ins", "dealer", "before", "rules", "deals")
_REQUIRED: Final = ("format", "seats", "buy_ins", "dealer")
_SESSION_DEAL_KEYS: Final = ("after", "proof")
_PROOF_KEYS: Final = ("commitment", "server_seed", "client_seeds", "deal")
_DEAL_KEYS: Final = (
    "format", "variant", "players", "dealer", "stacks", "carried_pot", "actions",
)

# The session's events a record holds between deals (read and printed by bragkit.session).
_BETWEEN: Final = (Joined, ToppedUp, Left, Lent, Repaid, Kept, PotShared)


def _event_of(text: str) -> SessionEvent:
    """The event between deals a line of a record says (:class:`NotationError` if none)."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r}: an event is a string")
    try:
        event = parse_event(text)
    except SessionError:
        event = None
    if not isinstance(event, _BETWEEN):
        raise NotationError(f'"{text}": not an event (joins, topup, leaves with, lends, '
                            "repays, keeps, carried pot shared)")
    return event


def _apply_event(table: Table, text: str) -> None:
    """Do what an event's text says at ``table``; the session checks it agrees (a leaver's
    stack, T1; a top-up of a seated player, M1)."""
    event = _event_of(text)
    if isinstance(event, Kept) and table.retained != event.player:
        raise TableError(f"{event.player} keeps no blind hand (rule R2)")
    if isinstance(event, PotShared):
        table.share_carried_pot()
    else:
        table.session.append(event)


# -- the record --------------------------------------------------------------------------------


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
            _event_of(text)


@dataclass(frozen=True, kw_only=True)
class SessionRecord:
    """A session as ``bhh-session/1`` records it: the opening table (``seats`` clockwise, their
    ``buy_ins``, the first ``dealer``, the house ``rules``), the events before the first deal
    (``before``) and the deals in order."""

    format: str = FORMAT
    seats: tuple[str, ...]
    buy_ins: tuple[int, ...]
    dealer: str
    rules: Rules = field(default_factory=Rules)
    before: tuple[str, ...] = ()
    deals: tuple[SessionDeal, ...] = ()

    def __post_init__(self) -> None:
        _check_format(self.format)
        for name in ("seats", "buy_ins", "before", "deals"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if len(self.seats) != len(self.buy_ins):
            raise NotationError(f"buy_ins: {len(self.buy_ins)} buy-ins for {len(self.seats)} "
                                "seats")
        if self.dealer not in self.seats:
            raise NotationError(f"dealer: {self.dealer!r} is not one of the seats")
        for text in self.before:
            _event_of(text)
        for number, deal in enumerate(self.deals, 1):
            if deal.record.pack is None:
                raise NotationError(f"deal {number}: a session's deal records the pack, not "
                                    "hands (rules D4, D5)")

    @classmethod
    def from_table(cls, table: Table) -> SessionRecord:
        """The record of a table's session so far; a deal in progress is the last deal (its
        proof, if any, is not revealed until it ends)."""
        before: list[str] = []
        deals: list[SessionDeal] = []
        events = before
        played: DealPlayed | None = None
        for event in table.history:
            if isinstance(event, DealPlayed):
                if played is not None:
                    deals.append(SessionDeal(record=played.record, after=tuple(events),
                                             proof=played.proof))
                played, events = event, []
            else:
                events.append(_event_text(event))
        if played is not None:
            deals.append(SessionDeal(record=played.record, after=tuple(events),
                                     proof=played.proof))
        current = table.current
        if table.in_deal and current is not None:
            deals.append(SessionDeal(record=DealRecord.from_deal(current)))
        return cls(
            seats=tuple(name for name, _ in table.opening),
            buy_ins=tuple(amount for _, amount in table.opening),
            dealer=table.first_dealer,
            rules=table.rules,
            before=tuple(before),
            deals=tuple(deals),
        )

    def replay(self) -> Table:
        """The session played again through a :class:`~bragkit.games.three_card.table.Table`,
        checking that
        each deal follows from the last (D3, D4, D5, BL3, R1, T1). A mismatch raises
        :class:`NotationError` (an illegal action :class:`IllegalActionError`) naming the deal.
        """
        try:
            table = Table(self.rules, seats=self.seats, buy_ins=self.buy_ins, dealer=self.dealer)
        except (TableError, RulesError) as error:
            raise NotationError(f"the table cannot open: {error}") from None
        _events(table, self.before, "before the first deal")
        last = len(self.deals)
        for number, deal in enumerate(self.deals, 1):
            _replay_deal(table, number, deal, last=number == last)
        return table

    # -- documents ---------------------------------------------------------------------------

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> SessionRecord:
        """A record from a parsed TOML document (keys checked; nothing replayed yet)."""
        return _record_of(document)

    def to_document(self) -> dict[str, Any]:
        """The record as a TOML document (a dict in the documented key order)."""
        deals = []
        for deal in self.deals:
            document = deal.record.to_document()
            entry = {key: document[key] for key in _DEAL_KEYS}
            entry["after"] = list(deal.after)
            if deal.proof is not None:
                entry["proof"] = {
                    "commitment": deal.proof.commitment,
                    "server_seed": deal.proof.server_seed,
                    "client_seeds": list(deal.proof.client_seeds),
                    "deal": deal.proof.deal,
                }
            entry["rules"] = document["rules"]
            entry["cards"] = document["cards"]
            deals.append(entry)
        return {
            "format": self.format,
            "seats": list(self.seats),
            "buy_ins": list(self.buy_ins),
            "dealer": self.dealer,
            "before": list(self.before),
            "rules": self.rules.to_dict(),
            "deals": deals,
        }


# -- replaying ---------------------------------------------------------------------------------


def _events(table: Table, events: Sequence[str], where: str) -> None:
    for text in events:
        try:
            _apply_event(table, text)
        except BragError as error:
            raise NotationError(f'{where}: "{text}": {error}') from None


def _replay_deal(table: Table, number: int, deal: SessionDeal, *, last: bool) -> None:
    record = deal.record
    where = f"deal {number}"
    _check_start(table, number, record)
    assert record.pack is not None
    held = [c for hand in (record.retained or {}).values() for c in hand]
    if deal.proof is not None:
        _check_proof(table, number, deal.proof, record, held)
    try:
        table.start_deal(pack=record.pack, rules=record.rules)
    except (TableError, RulesError, InvalidCardError) as error:
        raise NotationError(f"{where}: {error}") from None
    for index, action in enumerate(record.actions, 1):
        try:
            playing = table.current
            if action.verb is Verb.SHOWDOWN and playing is not None:  # rule B8: all agreed
                for agreement in agreements(playing) or [action]:
                    table.apply(agreement)
            else:
                table.apply(action)
        except IllegalActionError as error:
            raise IllegalActionError(f'{where}: action {index} "{action}": {error.reason}',
                                     rule=error.rule) from None
        except (TableError, RulesError) as error:
            raise NotationError(f'{where}: action {index} "{action}": {error}') from None
    current = table.current
    assert current is not None
    if not current.over and (not last or deal.after):
        raise NotationError(f"{where} is not over: {current.to_act} to act; only the last deal "
                            "of a session may stop before its end")
    _events(table, deal.after, f"after {where}")


def _check_start(table: Table, number: int, record: DealRecord) -> None:
    """A deal of a session starts where the table left off (D3, T1, BL3, R1)."""
    where = f"deal {number}"
    since = "the buy-ins" if number == 1 else f"deal {number - 1}"
    if record.players != table.seats:
        raise NotationError(f"{where}: the players are {', '.join(record.players)}, but the "
                            f"table's seats are {', '.join(table.seats)} (seats change by "
                            "joins and leaves between deals)")
    if record.dealer != table.next_dealer:
        raise NotationError(f"{where}: {record.dealer} deals, but the deal passes to "
                            f"{table.next_dealer} (rule D3)")
    stacks = table.stacks
    for name, stack in zip(record.players, record.stacks, strict=True):
        if stacks[name] != stack:
            raise NotationError(f"{where}: {name}'s stack is {stack}, but {stacks[name]} "
                                f"carried over from {since} (rule T1)")
    if record.carried_pot != table.carried_pot:
        raise NotationError(f"{where}: carried_pot is {record.carried_pot}, but "
                            f"{table.carried_pot} was carried forward from {since} (rule BL3)")
    kept = {table.retained: table.retained_hand} if table.retained is not None else {}
    if dict(record.retained or {}) != kept:
        if not kept:
            raise NotationError(f"{where}: no one kept a blind hand from {since} (rule R1)")
        holder = next(iter(kept))
        raise NotationError(f"{where}: {holder} kept the blind hand "
                            f"{format_cards(kept[holder])} from {since} (rule R1)")


def _check_proof(
    table: Table, number: int, proof: FairnessProof, record: DealRecord, held: list[Card]
) -> None:
    """A fair shuffle's proof: the seed matches the commitment and gives the deal's pack."""
    where = f"deal {number}: the fairness proof"
    if not table.shuffle_due:
        raise NotationError(f"{where} is for a shuffle, and this deal is not shuffled (rule D4)")
    if proof.deal != number:
        raise NotationError(f"{where} is for deal {proof.deal}")
    try:
        seed = bytes.fromhex(proof.server_seed)
        if commitment_of(seed) != proof.commitment.lower():
            raise NotationError(f"{where}: the server seed does not match the commitment")
        pack = shuffled_pack(seed, proof.client_seeds, proof.deal, jokers=record.rules.jokers)
    except (ValueError, FairnessError) as error:
        if isinstance(error, NotationError):
            raise
        raise NotationError(f"{where}: {error}") from None
    remaining = list(held)
    expected = []
    for card in pack:
        if card in remaining:
            remaining.remove(card)
        else:
            expected.append(card)
    assert record.pack is not None
    if tuple(expected) != tuple(record.pack):
        raise NotationError(f"{where}: the seeds give another pack (rule D4)")


def _event_text(event: TableEvent) -> str:
    if isinstance(event, Joined | ToppedUp | Left | Lent | Repaid | Kept | PotShared):
        return str(event)
    raise AssertionError(f"not an event between deals: {event}")  # pragma: no cover


# -- reading -----------------------------------------------------------------------------------


def _check_format(value: object) -> None:
    if not isinstance(value, str):
        raise NotationError(f'format: must be a string like "{FORMAT}", not {value!r}')
    name, slash, version = value.partition("/")
    if name != _NAME or not slash or not (version.isascii() and version.isdigit()) or len(
            version) > 9:
        raise NotationError(f"format: {value!r} is not a Brag session record (expected "
                            f"{FORMAT!r})")
    if int(version) > _VERSION:
        raise NotationError(f"format: {value!r} is a newer version than this bragkit reads "
                            f"({FORMAT}): upgrade bragkit")
    if int(version) != _VERSION:
        raise NotationError(f"format: {value!r} is not a known version (expected {FORMAT!r})")


def _record_of(document: Mapping[str, Any]) -> SessionRecord:
    if not isinstance(document, Mapping):
        raise NotationError("a session record is a TOML document (a table of keys)")
    if "format" not in document:
        raise NotationError(f'format: missing: the first key is format = "{FORMAT}"')
    _check_format(document["format"])
    unknown = [key for key in document if key not in _TOP_KEYS]
    if unknown:
        raise NotationError(f"{unknown[0]}: unknown key (a {FORMAT} record has "
                            f"{', '.join(_TOP_KEYS)})")
    for key in _REQUIRED:
        if key not in document:
            raise NotationError(f"{key}: missing")
    seats = _strings("seats", document["seats"])
    buy_ins = _list("buy_ins", document["buy_ins"])
    for amount in buy_ins:
        if type(amount) is not int or amount < 0:
            raise NotationError(f"buy_ins: {amount!r} is not a whole number of chips")
    dealer = document["dealer"]
    if not isinstance(dealer, str):
        raise NotationError(f"dealer: {dealer!r} is not a name")
    before = _strings("before", document.get("before", []))
    rules_table = document.get("rules", {})
    if not isinstance(rules_table, Mapping):
        raise NotationError(f"rules: must be a table, not {rules_table!r}")
    try:
        rules = Rules.from_dict(rules_table)
    except (RulesError, InvalidCardError, TypeError) as error:
        raise NotationError(f"[rules]: {error}") from None
    deals = tuple(_deal_of(number, entry)
                  for number, entry in enumerate(_list("deals", document.get("deals", [])), 1))
    try:
        return SessionRecord(format=document["format"], seats=seats, buy_ins=tuple(buy_ins),
                             dealer=dealer, rules=rules, before=before, deals=deals)
    except NotationError:
        raise
    except BragError as error:  # pragma: no cover - every field is checked above
        raise NotationError(str(error)) from None


def _deal_of(number: int, entry: object) -> SessionDeal:
    where = f"deal {number}"
    if not isinstance(entry, Mapping):
        raise NotationError(f"{where}: a deal is a table of keys ([[deals]])")
    document = {k: v for k, v in entry.items() if k not in _SESSION_DEAL_KEYS}
    try:
        record = DealRecord.from_document(document)
        after = _strings("after", entry.get("after", []))
        proof = _proof_of(entry["proof"], record) if "proof" in entry else None
        return SessionDeal(record=record, after=after, proof=proof)
    except (NotationError, RulesError, InvalidCardError) as error:
        raise NotationError(f"{where}: {error}") from None


def _proof_of(value: object, record: DealRecord) -> FairnessProof:
    if not isinstance(value, Mapping):
        raise NotationError(f"proof: must be a table, not {value!r}")
    missing = [key for key in _PROOF_KEYS if key not in value]
    if missing:
        raise NotationError(f"proof: no {', '.join(missing)}")
    unknown = [key for key in value if key not in _PROOF_KEYS]
    if unknown:
        raise NotationError(f"proof: unknown key {unknown[0]!r}")
    seed = value["server_seed"]
    try:
        # The proof's pack is the shuffle the seeds give; replaying checks the deal's pack.
        pack = shuffled_pack(bytes.fromhex(seed), value["client_seeds"], value["deal"],
                             jokers=record.rules.jokers)
    except (ValueError, TypeError, FairnessError) as error:
        raise NotationError(f"proof: {error}") from None
    return FairnessProof(commitment=value["commitment"], server_seed=seed,
                         client_seeds=tuple(value["client_seeds"]), deal=value["deal"],
                         jokers=record.rules.jokers, pack=pack.cards)


def _list(key: str, value: object) -> list[Any]:
    if not isinstance(value, list):
        raise NotationError(f"{key}: must be an array, not {value!r}")
    return value


def _strings(key: str, value: object) -> tuple[str, ...]:
    items = _list(key, value)
    for item in items:
        if not isinstance(item, str):
            raise NotationError(f"{key}: {item!r} is not a string")
    return tuple(items)


def read_session(text: str) -> SessionRecord:
    """A session record from its text, checked key by key and replayed (see
    :meth:`SessionRecord.replay`)."""
    record = _record_of(load_document(text))
    record.replay()
    return record


def load(path: str | Path) -> SessionRecord:
    """Read a session record file (see :func:`read_session`)."""
    return read_session(read_text(path))


# -- writing -----------------------------------------------------------------------------------


def write_session(record: SessionRecord) -> str:
    """The text of a session record: the opening keys, ``[rules]``, then one ``[[deals]]``
    table per deal with its ``[deals.rules]`` and ``[deals.cards]`` (docs/sessions.md)."""
    return dump_document(record.to_document(), multiline=("before", "actions", "after"),
                         subtables=("rules", "cards"))


def dump(record: SessionRecord, path: str | Path) -> None:
    """Write a session record file (see :func:`write_session`)."""
    Path(path).write_text(write_session(record), encoding="utf-8")


# -- the registered replayer -------------------------------------------------------------------


class SessionReplay:
    """A session record replayed: what ``bragkit replay`` prints for a ``bhh-session/1`` file.

    Construction replays the whole session (a mismatch raises :class:`NotationError` naming the
    deal, an illegal action :class:`IllegalActionError`).
    """

    def __init__(self, record: SessionRecord) -> None:
        self.record = record
        self.table = record.replay()

    def to_json(self) -> dict[str, Any]:
        """Each deal's result (the fields of HAND-HISTORY.md) and the session's end: stacks,
        carried pot, kept hand, nets, loans and the settlement (None while a pot is carried)."""
        table = self.table
        deals = []
        for event in table.history:
            if isinstance(event, DealPlayed):
                deals.append({"number": event.number, "dealer": event.record.dealer,
                              "shuffled": event.shuffled, **event.result.to_dict()})
        ledger = table.ledger
        settlement = None
        if not table.in_deal and not table.carried_pot:
            settlement = [p.to_dict() for p in table.settlement()]
        pack = table.pack
        return {
            "deals": deals,
            "seats": list(table.seats),
            "stacks": table.stacks,
            "carried_pot": table.carried_pot,
            "retained": table.retained,
            "next_dealer": table.next_dealer,
            "shuffle_next": table.shuffle_due,
            "next_pack": None if pack is None else str(pack),
            "nets": ledger.nets(),
            "debts": [{"borrower": b, "lender": lender, "amount": n}
                      for (b, lender), n in ledger.debts().items()],
            "settlement": settlement,
        }

    def describe(self) -> str:
        """The session as a person reads it: the table, each deal's outcome and the events
        between deals, then the stacks, nets and settlement."""
        record, table = self.record, self.table
        opening = ", ".join(f"{n} {a}" for n, a in zip(record.seats, record.buy_ins, strict=True))
        rules = record.rules.to_dict()
        lines = [
            f"Brag session ({record.format}), {len(record.deals)} deal"
            f"{'s' * (len(record.deals) != 1)}",
            f"Opening: {opening}; {record.dealer} deals first",
            "Rules: " + (", ".join(f"{k.replace('_', ' ')} {_plain(v)}"
                                   for k, v in rules.items()) or "the defaults"),
        ]
        if record.before:
            lines.append("  then: " + "; ".join(record.before))
        played = [e for e in table.history if isinstance(e, DealPlayed)]
        for number, deal in enumerate(record.deals, 1):
            lines.append(_deal_line(number, deal, record.rules,
                                    played[number - 1] if number <= len(played) else None))
            if deal.after:
                lines.append("  then: " + "; ".join(deal.after))
        lines.append("Stacks: " + ", ".join(f"{n} {s}" for n, s in table.stacks.items()))
        if table.carried_pot or table.retained:
            kept = f"; {table.retained} keeps a blind hand" if table.retained else ""
            lines.append(f"Carried forward: {table.carried_pot}{kept} (rules BL3, R1)")
        ledger = table.ledger
        lines.append("Nets: " + ", ".join(f"{n} {v:+d}" for n, v in ledger.nets().items()))
        for (borrower, lender), amount in ledger.debts().items():
            lines.append(f"Owed: {borrower} owes {lender} {amount} (rule M4)")
        if not table.in_deal and not table.carried_pot:
            payments = table.settlement()
            lines.append("Settlement: " + ("; ".join(str(p) for p in payments) or "all square"))
        lines.append("Every deal's pack follows from the last (rules D4, D5).")
        return "\n".join(lines)


def _plain(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def _deal_line(number: int, deal: SessionDeal, base: Rules, played: DealPlayed | None) -> str:
    record = deal.record
    head = f"Deal {number}, {record.dealer} deals"
    if played is None:
        return f"{head}: not over ({len(record.actions)} actions)"
    result = played.result
    notes = []
    if played.shuffled:
        notes.append("shuffled" + (", proof checked" if deal.proof is not None else ""))
    if record.rules != base:  # rule T2: the dealer named the game
        game = [record.rules.variant]
        if record.rules.wild:
            game.append("wild " + " ".join(record.rules.wild))
        if not record.rules.blind:
            game.append("no blind play")
        notes.append("dealer's choice: " + ", ".join(game))
    outcome = ", ".join(f"{n} wins {a}" for n, a in result.winners.items()) or "no winner"
    if result.carried_pot:
        outcome += f"; {result.carried_pot} carried forward"
    if result.retained:
        outcome += f"; {result.retained} keeps a blind hand"
    extra = f" ({', '.join(notes)})" if notes else ""
    return f"{head}{extra}: {outcome}"


def replay_document(document: Mapping[str, Any]) -> SessionReplay:
    """Replay a parsed ``bhh-session/1`` document: the reader registered for ``bragkit
    replay``."""
    return SessionReplay(_record_of(document))


def _write(record: SessionRecord | Table) -> str:
    return write_session(record if isinstance(record, SessionRecord)
                         else SessionRecord.from_table(record))


register(_NAME, replay_document, read=read_session, write=_write, writes=(SessionRecord, Table),
         max_text=MAX_TEXT, max_keys=None)  # a session grows with its deals (MAX_TEXT in all)


def session_text(session: Session) -> str:
    """A session of the three-card hook so far as a ``bhh-session/1`` record (the registry's
    :attr:`~bragkit.games.registry.GameInfo.session_record`); a deal in progress is the last
    deal, with every card: write it between deals."""
    return write_session(SessionRecord.from_table(Table.around(session)))
