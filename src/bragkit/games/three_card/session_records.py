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

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, NoReturn, cast

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
from bragkit.games.three_card.dealing import ThreeCardDealing
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.record_moves import agreements
from bragkit.games.three_card.replay import deal_steps
from bragkit.games.three_card.results import DealResult
from bragkit.games.three_card.rules import MAX_CHIPS, Rules
from bragkit.games.three_card.session_deals import (
    PackedDeals,
    SessionDeal,
    SessionDeals,
    TableDeals,
    event_of,
    written_deal,
)
from bragkit.games.three_card.table import Table, TableError
from bragkit.records import DealSteps, check_bounds, check_names, register
from bragkit.session import Kept, PotShared, Session
from bragkit.toml_text import (
    MAX_TEXT,
    check_values,
    decode_text,
    dump_document,
    dump_entry,
    load_document,
    load_part,
    read_part,
    read_text,
    split_entries,
)

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

_SHOWDOWN: Final = Verb.SHOWDOWN

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

_WRITING: Final[dict[str, Any]] = {"multiline": ("before", "actions", "after"),
                                   "subtables": ("rules", "cards")}


def _apply_event(table: Table, text: str) -> None:
    """Do what an event's text says at ``table``; the session checks it agrees (a leaver's
    stack, T1; a top-up of a seated player, M1)."""
    event = event_of(text)
    if isinstance(event, Kept) and table.retained != event.player:
        raise TableError(f"{event.player} keeps no blind hand (rule R2)")
    if isinstance(event, PotShared):
        table.share_carried_pot()
    else:
        table.session.append(event)


# -- the record --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SessionRecord:
    """A session as ``bhh-session/1`` records it: the opening table (``seats`` clockwise, their
    ``buy_ins``, the first ``dealer``, the house ``rules``), the events before the first deal
    (``before``) and the deals in order (a tuple, or for a record read or taken from a table
    the deals kept packed: :class:`~bragkit.games.three_card.session_deals.PackedDeals`)."""

    format: str = FORMAT
    seats: tuple[str, ...]
    buy_ins: tuple[int, ...]
    dealer: str
    rules: Rules = field(default_factory=Rules)
    before: tuple[str, ...] = ()
    deals: Sequence[SessionDeal] = ()

    def __post_init__(self) -> None:
        _check_format(self.format)
        for name in ("seats", "buy_ins", "before"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if len(self.seats) != len(self.buy_ins):
            raise NotationError(f"buy_ins: {len(self.buy_ins)} buy-ins for {len(self.seats)} "
                                "seats")
        if self.dealer not in self.seats:
            raise NotationError(f"dealer: {self.dealer!r} is not one of the seats")
        for text in self.before:
            event_of(text)
        if isinstance(self.deals, PackedDeals):  # checked deal by deal as they were packed
            return
        object.__setattr__(self, "deals", tuple(self.deals))
        for number, deal in enumerate(self.deals, 1):
            _check_pack(number, deal)

    @classmethod
    def from_table(cls, table: Table) -> SessionRecord:
        """The record of a table's session so far; a deal in progress is the last deal (its
        proof, if any, is not revealed until it ends). Its deals are read from the table's
        packed deals when asked for (:class:`~bragkit.games.three_card.session_deals
        .TableDeals`)."""
        before, *after = table.between_deals()
        current = table.current
        last = None
        if table.in_deal and current is not None:
            last = SessionDeal(record=DealRecord.from_deal(current))
        return cls(
            seats=tuple(name for name, _ in table.opening),
            buy_ins=tuple(amount for _, amount in table.opening),
            dealer=table.first_dealer,
            rules=table.rules,
            before=before,
            deals=TableDeals(table.session, after, last),
        )

    def replay(self) -> Table:
        """The session played again through a :class:`~bragkit.games.three_card.table.Table`,
        checking that
        each deal follows from the last (D3, D4, D5, BL3, R1, T1). A mismatch raises
        :class:`NotationError` (an illegal action :class:`IllegalActionError`) naming the deal.
        """
        table = self.open_table()
        last = len(self.deals)
        for number, deal in enumerate(self.deals, 1):
            _replay_deal(table, number, deal, last=number == last)
        return table

    def open_table(self) -> Table:
        """The table the session opened at, with the events before its first deal (a fault
        is a :class:`NotationError`)."""
        try:
            table = Table(self.rules, seats=self.seats, buy_ins=self.buy_ins, dealer=self.dealer)
        except (TableError, RulesError) as error:
            raise NotationError(f"the table cannot open: {error}") from None
        _events(table, self.before, "before the first deal")
        return table

    # -- documents ---------------------------------------------------------------------------

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> SessionRecord:
        """A record from a parsed TOML document (keys checked; nothing replayed yet)."""
        return _record_of(document)

    def to_document(self) -> dict[str, Any]:
        """The record as a TOML document (a dict in the documented key order)."""
        return {**self.head_document(), "deals": list(self.entries())}

    def head_document(self) -> dict[str, Any]:
        """The document without its deals: the opening keys and ``[rules]``."""
        return {
            "format": self.format,
            "seats": list(self.seats),
            "buy_ins": list(self.buy_ins),
            "dealer": self.dealer,
            "before": list(self.before),
            "rules": self.rules.to_dict(),
        }

    def entries(self) -> Iterator[dict[str, Any]]:
        """Each deal's ``[[deals]]`` table of the document, one at a time (a packed deal's
        read straight from its row)."""
        deals = self.deals
        for index in range(len(deals)):
            if isinstance(deals, PackedDeals):
                document = deals.document(index)
                after, proof = deals.extras(index)
            else:
                deal = deals[index]
                document, after, proof = deal.record.to_document(), deal.after, deal.proof
            entry = {key: document[key] for key in _DEAL_KEYS}
            entry["after"] = list(after)
            if proof is not None:
                entry["proof"] = {
                    "commitment": proof.commitment,
                    "server_seed": proof.server_seed,
                    "client_seeds": list(proof.client_seeds),
                    "deal": proof.deal,
                }
            entry["rules"] = document["rules"]
            entry["cards"] = document["cards"]
            yield entry


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
    current = table.current
    assert current is not None
    actions = record.actions
    session = table.session
    start = before = 0  # the record's actions taken, and the deal's (a showdown is several)
    verbs = [action.verb for action in actions]
    while start < len(actions):  # the actions up to a showdown at once, then the showdown's
        showdown = verbs[start] is _SHOWDOWN
        if showdown:
            stop = start + 1
        else:  # the next showdown, or the end (found in C, comparing by identity first)
            try:
                stop = verbs.index(_SHOWDOWN, start)
            except ValueError:
                stop = len(actions)
        run = (agreements(current) or [actions[start]]) if showdown else actions[start:stop]
        try:
            session.apply_all(run)  # a showdown: everyone still betting agreed (rule B8)
        except (IllegalActionError, TableError, RulesError) as error:
            index = start if showdown else start + len(current.actions) - before
            where_action = f'{where}: action {index + 1} "{actions[index]}"'
            if isinstance(error, IllegalActionError):
                raise IllegalActionError(f"{where_action}: {error.reason}",
                                         rule=error.rule) from None
            raise NotationError(f"{where_action}: {error}") from None
        start, before = stop, before + len(run)
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


def _check_pack(number: int, deal: SessionDeal) -> None:
    if deal.record.pack is None:
        raise NotationError(f"deal {number}: a session's deal records the pack, not hands "
                            "(rules D4, D5)")


def _record_of(document: Mapping[str, Any]) -> SessionRecord:
    head = _head_of(document)
    deals = tuple(_deal_of(number, entry)
                  for number, entry in enumerate(_list("deals", document.get("deals", [])), 1))
    return _assemble(head, deals)


def _assemble(head: Mapping[str, Any], deals: Sequence[SessionDeal]) -> SessionRecord:
    try:
        return SessionRecord(**head, deals=deals)
    except NotationError:
        raise
    except BragError as error:  # pragma: no cover - every field is checked before
        raise NotationError(str(error)) from None


def _head_of(document: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a record but its deals, key by key."""
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
    check_names("seats", seats)
    buy_ins = _list("buy_ins", document["buy_ins"])
    for amount in buy_ins:
        if type(amount) is not int or amount < 0:
            raise NotationError(f"buy_ins: {amount!r} is not a whole number of chips")
        if amount > MAX_CHIPS:
            raise NotationError(f"buy_ins: {amount} chips: a record holds at most {MAX_CHIPS}")
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
    return {"format": document["format"], "seats": seats, "buy_ins": tuple(buy_ins),
            "dealer": dealer, "rules": rules, "before": before}


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


def read_session(text: str | bytes) -> SessionRecord:
    """A session record from its text, checked key by key and replayed (see
    :meth:`SessionRecord.replay`). The text is at most :data:`~bragkit.toml_text.MAX_TEXT`
    characters, checked before it is parsed; a record laid out as bragkit writes it is read a
    deal at a time (:func:`read_streamed`), into packed deals."""
    text = decode_text(text)
    check_bounds(text)
    streamed = read_streamed(text, table_deals=False)  # only the record is kept
    if streamed is not None:
        return streamed[0]
    record = _record_of(load_document(text))
    record.replay()
    return record


# The order in which reading a record whole finds its faults, which reading it a deal at a time
# keeps: TOML anywhere, then a value out of range anywhere, then the opening keys, each deal's
# keys, the record as a whole (the seats, each deal's pack), then replaying it.
_SYNTAX, _VALUES, _HEAD, _KEYS, _WHOLE, _REPLAY = range(1, 7)


def read_streamed(text: str, *, named: bool = False, table_deals: bool = True
                  ) -> tuple[SessionRecord, Table] | None:
    """The record of ``text`` and the table it replays at, read a ``[[deals]]`` table at a
    time (:func:`~bragkit.toml_text.split_entries`): each deal is parsed, checked, replayed and
    packed before the next is parsed, so the text's parsed tables never are in memory at once.
    A fault is the one reading the text whole finds first (it reads on for an earlier kind).
    None when the text is not laid out for it: read it whole. ``named``: the text was picked by
    its format line (:mod:`bragkit.records`), so None too unless its ``format`` key names this
    format, as the records module reads it. ``table_deals``: whether the table keeps its deals
    and its session's events as well as the record (False: it only counts them, and is not to
    be asked what they were: the read then packs only the record)."""
    split = split_entries(text, "deals")
    if split is None:
        return None
    head_end, starts = split
    spans = list(zip(starts, [*starts[1:], len(text)], strict=True))
    try:
        head = load_part(text, 0, head_end)
    except NotationError:
        return None  # the whole text's reading names the fault where it is
    if "deals" in head or (named and not _names_this_format(head)):
        return None
    stage = _VALUES
    try:
        check_values(head)
        stage = _HEAD
        fields = _head_of(head)
        stage = _WHOLE
        shell = _assemble(fields, ())
        stage = _REPLAY
        table = shell.open_table()
    except BragError as error:
        _first_fault(text, spans, 0, stage, error)
    if not table_deals:  # nobody reads the table's deals or events back: count them only
        cast(ThreeCardDealing, table.session.dealing).count_deals_only()
        table.session.keep_recent_events()
        table.ledger.count_entries_only()
    deals = SessionDeals()
    for index, (start, end) in enumerate(spans):
        number = index + 1
        stage, fault, deal = _deal_at(text, start, end, number)
        if deal is None:
            assert fault is not None
            _first_fault(text, spans, number, stage, fault)
        try:
            _replay_deal(table, number, deal, last=number == len(spans))
        except BragError as error:
            _first_fault(text, spans, number, _REPLAY, error)
        deals.append(deal)
    return replace(shell, deals=deals), table


def _names_this_format(head: Mapping[str, Any]) -> bool:
    """Whether :mod:`bragkit.records` takes a document's keys for this format's (its format
    key names it; the players' names it checks itself are not there)."""
    value = head.get("format")
    return (isinstance(value, str) and len(value) <= 100 and value.partition("/")[0] == _NAME
            and "/" in value and "players" not in head)


def _deal_at(text: str, start: int, end: int, number: int
             ) -> tuple[int, BragError | None, SessionDeal | None]:
    """Deal ``number`` of ``text[start:end]``: the deal, or the kind of its fault and the
    fault (a table laid out as the writer writes it is read at once: :func:`~bragkit.games
    .three_card.session_deals.written_deal`)."""
    deal = written_deal(text, start, end)
    if deal is not None:
        return 0, None, deal
    try:
        part, checked = read_part(text, start, end)
    except NotationError as error:
        return _SYNTAX, error, None
    entry = part["deals"][0]
    try:
        if not checked:  # (the writer's layout is read holding its values to the bounds)
            check_values(entry, path=("deals", number - 1))
    except NotationError as error:
        return _VALUES, error, None
    try:
        deal = _deal_of(number, entry)
    except NotationError as error:
        return _KEYS, error, None
    try:
        _check_pack(number, deal)
    except NotationError as error:
        return _WHOLE, error, None
    return 0, None, deal


def _first_fault(text: str, spans: Sequence[tuple[int, int]], start: int, stage: int,
                 fault: BragError) -> NoReturn:
    """Raise the fault reading ``text`` whole would: ``fault`` (of kind ``stage``) unless a
    deal from ``start`` on has one of an earlier kind (a TOML error is named by reading the
    whole text)."""
    if stage == _SYNTAX:
        load_document(text)  # raises the TOML error, with its line in the whole text
    for index in range(start, len(spans)):
        found, error, _ = _deal_at(text, *spans[index], index + 1)
        if found == _SYNTAX:
            load_document(text)  # raises the TOML error, with its line in the whole text
        if error is not None and found < stage:
            stage, fault = found, error
    raise fault


def load(path: str | Path) -> SessionRecord:
    """Read a session record file (see :func:`read_session`)."""
    return read_session(read_text(path))


# -- writing -----------------------------------------------------------------------------------


def write_session(record: SessionRecord) -> str:
    """The text of a session record: the opening keys, ``[rules]``, then one ``[[deals]]``
    table per deal with its ``[deals.rules]`` and ``[deals.cards]`` (docs/sessions.md),
    written a deal at a time (:func:`written`)."""
    return "".join(written(record))


def written(record: SessionRecord) -> Iterator[str]:
    """The text of a session record in parts: the opening keys and ``[rules]``, then each
    deal's ``[[deals]]`` table, made when it is reached (a packed deal's straight from its row).
    """
    if not record.deals:
        yield dump_document(record.to_document(), **_WRITING)
        return
    yield dump_document(record.head_document(), **_WRITING)
    for entry in record.entries():
        yield dump_entry("deals", entry, **_WRITING)


def dump(record: SessionRecord, path: str | Path) -> None:
    """Write a session record file (see :func:`write_session`), a deal at a time."""
    with Path(path).open("w", encoding="utf-8", newline="") as file:
        file.writelines(written(record))


# -- the registered replayer -------------------------------------------------------------------


class SessionReplay:
    """A session record replayed: what ``bragkit replay`` prints for a ``bhh-session/1`` file.

    Construction replays the whole session (a mismatch raises :class:`NotationError` naming the
    deal, an illegal action :class:`IllegalActionError`).
    """

    def __init__(self, record: SessionRecord, table: Table | None = None) -> None:
        self.record = record
        self.table = record.replay() if table is None else table

    def _played(self) -> Iterator[tuple[int, DealResult, bool]]:
        """Each finished deal's number, result and whether it was shuffled (D4)."""
        table = self.table
        dealing = cast(ThreeCardDealing, table.session.dealing)
        for number in range(1, table.deal_number + 1 - table.in_deal):
            result = dealing.result_of(number)
            assert result is not None
            yield number, result, dealing.was_shuffled(number)

    def to_json(self) -> dict[str, Any]:
        """Each deal's result (the fields of HAND-HISTORY.md) and the session's end: stacks,
        carried pot, kept hand, nets, loans and the settlement (None while a pot is carried)."""
        table = self.table
        session = table.session
        deals = [{"number": number, "dealer": session.dealer_of(number), "shuffled": shuffled,
                  **result.to_dict()} for number, result, shuffled in self._played()]
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
        played = self._played()
        for number, deal in enumerate(record.deals, 1):
            lines.append(_deal_line(number, deal, record.rules, next(played, None)))
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


def _deal_line(number: int, deal: SessionDeal, base: Rules,
               played: tuple[int, DealResult, bool] | None) -> str:
    record = deal.record
    head = f"Deal {number}, {record.dealer} deals"
    if played is None:
        return f"{head}: not over ({len(record.actions)} actions)"
    _, result, shuffled = played
    notes = []
    if shuffled:
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


def replay_text(text: str) -> SessionReplay | None:
    """Replay a record's text a deal at a time (:func:`read_streamed`): the streamed reader
    registered for ``bragkit replay``; None when the text is not laid out for it or its
    ``format`` is not this format's (it is read whole then)."""
    streamed = read_streamed(text, named=True)
    if streamed is None:
        return None
    record, table = streamed
    return SessionReplay(record, table)


def _write(record: SessionRecord | Table) -> str:
    return write_session(record if isinstance(record, SessionRecord)
                         else SessionRecord.from_table(record))


def _steps(document: Mapping[str, Any]) -> tuple[DealSteps[Any], ...]:
    """Each deal of a session's record to play again an action at a time (each is a whole
    ``.bhh`` record: its pack, stacks and carried pot)."""
    record = SessionRecord.from_document(document)
    return tuple(deal_steps(deal.record, number) for number, deal in enumerate(record.deals, 1))


register(_NAME, replay_document, read=read_session, write=_write, writes=(SessionRecord, Table),
         max_text=MAX_TEXT, entries="deals",  # MAX_TEXT in all, each deal as a .bhh record
         stream=replay_text, steps=_steps)


def session_text(session: Session) -> str:
    """A session of the three-card hook so far as a ``bhh-session/1`` record (the registry's
    :attr:`~bragkit.games.registry.GameInfo.session_record`); a deal in progress is the last
    deal, with every card: write it between deals."""
    return write_session(SessionRecord.from_table(Table.around(session)))
