"""What a three-card session keeps of each finished deal: :class:`KeptDeals`, the deal's record
(:class:`~bragkit.games.three_card.notation.DealRecord`), its result (after a kept hand, R2),
whether it was shuffled (D4) and the proof of its shuffle (a fair table's), as one packed row
(:mod:`bragkit.packed`). A long session keeps a finished deal in a few dozen bytes this way, and
reads it back equal to what it was.

>>> from bragkit.games.three_card.deal import Deal
>>> from bragkit.games.three_card.rules import Rules
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> for text in ["Ann bet 2", "Bob fold"]:
...     deal.apply(text)
>>> kept = KeptDeals()
>>> kept.add(deal, shuffled=True)
>>> kept.record(1) == DealRecord.from_deal(deal), kept.result(1) == deal.result, len(kept)
(True, True, 1)
>>> kept.document(1) == kept.record(1).to_document()
True

A row is text: the players and rules of a deal are numbers into the tables the deals share, a
card one character (:func:`~bragkit.games.three_card.card_text.cards_text`), and the fields
are apart by ``\\x1f``. A deal whose texts hold a separator (no name a table seats does) is kept
as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

from bragkit.actions import Action
from bragkit.cards import JOKER_INDEX, Card, Pack
from bragkit.fairness import FairnessProof
from bragkit.games.three_card.card_text import cards_text, pretty_text, text_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.notation import FORMAT, DealRecord
from bragkit.games.three_card.operations import Loan
from bragkit.games.three_card.record_moves import record_actions
from bragkit.games.three_card.results import DealResult, new_result
from bragkit.games.three_card.rules import Rules
from bragkit.packed import PackedRows

__all__ = [
    "RECORD_FIELDS", "CountedDeals", "KeptDeals", "RecordRows", "proof_of_text", "proof_text",
]

_FIELD: Final = "\x1f"
_ITEM: Final = "\x1e"
_NONE: Final = "!"  # a field that is None (no text of a field is "!": names, cards, digits)
_UNSAFE: Final = re.compile("[\x00\x1e\x1f]")


class _Numbers:
    """The players' tuples and the rules the deals share, each kept once and named by number."""

    __slots__ = ("_index", "_last", "items")

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._index: dict[Any, int] = {}
        self._last: tuple[Any, int] = (_Numbers, -1)  # the item last numbered (none yet)

    def number(self, item: Any) -> int:
        last, number = self._last
        if item is last:  # the same object as the last deal's (no hash of a Rules to take)
            return number
        found = self._index.get(item)
        if found is None:
            found = self._index[item] = len(self.items)
            self.items.append(item)
        self._last = (item, found)
        return found


class RecordRows:
    """Deal records as the first :data:`RECORD_FIELDS` fields of a packed row: the players and
    the rules named by number (:class:`_Numbers`), the dealer a seat, the actions' texts, the
    cards one character each. A record reads back equal (:meth:`record`), or straight as its
    TOML document (:meth:`document`, what :meth:`DealRecord.to_document
    <bragkit.games.three_card.notation.DealRecord.to_document>` gives, without parsing the
    actions again)."""

    __slots__ = ("_players", "_rules", "_rules_texts")

    def __init__(self) -> None:
        self._players = _Numbers()
        self._rules = _Numbers()
        self._rules_texts: dict[int, dict[str, Any]] = {}

    def of_deal(self, deal: Deal) -> str | None:
        """The fields of a deal the engine played (or is playing), as its record has them."""
        start = deal.start
        return self._row(
            players=tuple(deal.players), dealer=deal.dealer, stacks=start.stacks,
            carried_pot=start.carried_pot, actions=record_actions(deal.actions, over=deal.over),
            rules=deal.rules, pack=start.pack.cards if start.pack is not None else None,
            hands=start.hands if start.pack is None else None, retained=start.retained or None)

    def of_record(self, record: DealRecord) -> str | None:
        """The fields of ``record`` (None when they cannot be packed: it is kept as it is)."""
        if record.format != FORMAT:
            return None
        return self._row(
            players=record.players, dealer=record.dealer, stacks=record.stacks,
            carried_pot=record.carried_pot, actions=record.actions, rules=record.rules,
            pack=record.pack, hands=record.hands, retained=record.retained)

    def players(self, fields: Sequence[str]) -> tuple[str, ...]:
        """The players of a row's fields."""
        found: tuple[str, ...] = self._players.items[int(fields[0])]
        return found

    def _row(self, *, players: tuple[str, ...], dealer: str, stacks: Sequence[int],
             carried_pot: int, actions: Sequence[Action], rules: Rules,
             pack: Sequence[Card] | None, hands: Mapping[str, Sequence[Card]] | None,
             retained: Mapping[str, Sequence[Card]] | None) -> str | None:
        """Fields 0-8: players, dealer, stacks, carried pot, actions, rules, pack, hands, kept
        hand (``!`` for None; ``~`` for a kept hand of nobody)."""
        texts = [str(action) for action in actions]
        if _UNSAFE.search("".join((*texts, *players))):
            return None
        seat = {name: i for i, name in enumerate(players)}
        hands_text = _NONE if hands is None else _ITEM.join(
            f"{seat[name]} {cards_text(cards)}" for name, cards in hands.items())
        kept = "" if retained is None else _ITEM.join(
            [f"{seat[name]} {cards_text(cards)}" for name, cards in retained.items()] or ["~"])
        return _FIELD.join((
            str(self._players.number(players)), str(seat[dealer]),
            " ".join(map(str, stacks)), str(carried_pot), _ITEM.join(texts),
            str(self._rules.number(rules)), _NONE if pack is None else cards_text(pack),
            hands_text, kept))

    def record(self, fields: Sequence[str]) -> DealRecord:
        """The record of a row's fields."""
        players = self.players(fields)
        rules: Rules = self._rules.items[int(fields[5])]
        actions = tuple(Action.parse(text, players=players) for text in fields[4].split(_ITEM)
                        if text)
        return DealRecord.unchecked(
            variant=rules.variant, players=players, dealer=players[int(fields[1])],
            stacks=tuple(map(int, fields[2].split(" "))), carried_pot=int(fields[3]),
            actions=actions, rules=rules,
            pack=None if fields[6] == _NONE else text_cards(fields[6]),
            hands=None if fields[7] == _NONE else _hands(fields[7], players),
            retained=_kept(fields[8], players))

    def document(self, fields: Sequence[str]) -> dict[str, Any]:
        """The TOML document of a row's record: ``record(fields).to_document()``, made from the
        texts the row holds."""
        players = self.players(fields)
        number = int(fields[5])
        rules = self._rules_texts.get(number)
        if rules is None:
            rules = self._rules_texts[number] = self._rules.items[number].to_dict()
            rules.pop("cards", None)  # the variant says it
        cards: dict[str, Any] = {}
        if fields[6] != _NONE:
            cards["pack"] = pretty_text(fields[6])
        if fields[7] != _NONE:
            hands = dict(_texts(fields[7], players))
            cards["hands"] = {name: hands[name] for name in players}
        if fields[8] and fields[8] != "~":
            cards["retained"] = dict(_texts(fields[8], players))
        return {
            "format": FORMAT,
            "variant": self._rules.items[number].variant,
            "players": list(players),
            "dealer": players[int(fields[1])],
            "stacks": [int(stack) for stack in fields[2].split(" ")],
            "carried_pot": int(fields[3]),
            "actions": [text for text in fields[4].split(_ITEM) if text],
            "rules": {key: list(value) if isinstance(value, list) else value
                      for key, value in rules.items()},
            "cards": cards,
        }


#: The fields of a row :class:`RecordRows` writes.
RECORD_FIELDS: Final = 9


class KeptDeals:
    """The finished deals of a three-card session, one packed row each (see the module
    docstring). Deal numbers run from 1, in the order the deals were added."""

    __slots__ = ("_odd", "_records", "_rows")

    def __init__(self) -> None:
        self._rows = PackedRows(block=128)
        self._records = RecordRows()
        self._odd: dict[int, tuple[DealRecord, DealResult, bool, FairnessProof | None]] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def add(self, deal: Deal, *, shuffled: bool, proof: FairnessProof | None = None) -> None:
        """Keep the finished (or stopped) ``deal``: its record, its result, whether it was
        shuffled (D4) and its shuffle's proof."""
        record = self._records.of_deal(deal)
        result = deal.result
        assert result is not None
        rest = None if record is None else _rest_row(tuple(deal.players), result, shuffled,
                                                     proof)
        if record is None or rest is None:
            self._odd[len(self._rows)] = (DealRecord.from_deal(deal), result, shuffled, proof)
            self._rows.append(_NONE)
        else:
            self._rows.append(record + _FIELD + rest)

    def set_result(self, number: int, result: DealResult) -> None:
        """The last deal's result changed (a kept hand, R2)."""
        if number != len(self._rows):
            raise ValueError(f"only the last deal's result changes, not deal {number}'s")
        index = number - 1
        if index in self._odd:
            record, _, shuffled, proof = self._odd[index]
            self._odd[index] = (record, result, shuffled, proof)
            return
        fields = self._rows[index].split(_FIELD)
        shuffled, proof = fields[20] == "1", proof_of_text(fields[21])
        rest = _rest_row(self._records.players(fields), result, shuffled, proof)
        if rest is None:
            self._odd[index] = (self._records.record(fields), result, shuffled, proof)
            self._rows.replace_last(_NONE)
        else:
            self._rows.replace_last(_FIELD.join(fields[:RECORD_FIELDS]) + _FIELD + rest)

    # -- reading -------------------------------------------------------------------------------

    def _fields(self, number: int) -> list[str] | None:
        if not 1 <= number <= len(self._rows):
            raise KeyError(number)
        row = self._rows[number - 1]
        return None if row == _NONE else row.split(_FIELD)

    def record(self, number: int) -> DealRecord:
        """The record of deal ``number``."""
        fields = self._fields(number)
        return self._odd[number - 1][0] if fields is None else self._records.record(fields)

    def document(self, number: int) -> dict[str, Any]:
        """The TOML document of deal ``number``'s record (``record(number).to_document()``)."""
        fields = self._fields(number)
        if fields is None:
            return self._odd[number - 1][0].to_document()
        return self._records.document(fields)

    def result(self, number: int) -> DealResult:
        """The result of deal ``number`` (after a kept hand's choice, R2)."""
        fields = self._fields(number)
        if fields is None:
            return self._odd[number - 1][1]
        return _result(fields, self._records.players(fields))

    def shuffled(self, number: int) -> bool:
        """Whether deal ``number`` was dealt from a fresh shuffle (D4)."""
        fields = self._fields(number)
        return self._odd[number - 1][2] if fields is None else fields[20] == "1"

    def proof(self, number: int) -> FairnessProof | None:
        """The proof of the shuffle deal ``number`` was dealt from (a fair table's), if any."""
        fields = self._fields(number)
        return self._odd[number - 1][3] if fields is None else proof_of_text(fields[21])

    def proofs(self) -> Iterator[FairnessProof]:
        """Every proof kept, in deal order."""
        for index, row in enumerate(self._rows):
            if row == _NONE:
                proof = self._odd[index][3]
            elif row.endswith(_FIELD):  # no proof: the last field is empty
                continue
            else:
                proof = proof_of_text(row.rsplit(_FIELD, 1)[1])
            if proof is not None:
                yield proof


def _rest_row(players: tuple[str, ...], result: DealResult, shuffled: bool,
              proof: FairnessProof | None) -> str | None:
    """Fields 9-21 of a kept deal: the result's stacks, winners, shown hands, carried pot, kept
    hand's player and cards, shuffle next, next pack, kept choice, loans, top-ups; shuffled;
    the proof."""
    seat = {name: i for i, name in enumerate(players)}
    try:
        loans = _ITEM.join(f"{seat[loan.lender]} {seat[loan.borrower]} {loan.amount}"
                           for loan in result.loans)
        pack = result.next_pack
        fields = (
            _amounts(result.stacks, seat), _amounts(result.winners, seat),
            _ITEM.join(f"{seat[name]} {cards_text(cards)}" for name, cards in result.shown.items()),
            str(result.carried_pot),
            _NONE if result.retained is None else str(seat[result.retained]),
            _NONE if result.retained_hand is None else cards_text(result.retained_hand),
            "1" if result.shuffle_next else "0",
            _NONE if pack is None else f"{pack.jokers} {pack.decks} {cards_text(pack)}",
            result.retained_choice or "", loans, _amounts(result.topups, seat),
            "1" if shuffled else "0", "" if proof is None else proof_text(proof))
    except KeyError:  # a name that is not a player's
        return None
    return None if proof is not None and not _safe_proof(proof) else _FIELD.join(fields)


def _result(fields: list[str], players: tuple[str, ...]) -> DealResult:
    pack = None
    if fields[16] != _NONE:
        jokers, decks, cards = fields[16].split(" ")
        pack = _pack(text_cards(cards), int(jokers), int(decks))
    loans = tuple(Loan(lender=players[int(lender)], borrower=players[int(borrower)],
                       amount=int(amount))
                  for lender, borrower, amount in (item.split(" ") for item in _items(fields[18])))
    choice = fields[17]
    return new_result(
        _named(fields[9], players), _named(fields[10], players), _hands(fields[11], players),
        int(fields[12]), None if fields[13] == _NONE else players[int(fields[13])],
        None if fields[14] == _NONE else text_cards(fields[14]), fields[15] == "1", pack,
        "old" if choice == "old" else "new" if choice == "new" else None, loans,
        _named(fields[19], players))


def _safe_proof(proof: FairnessProof) -> bool:
    return not _UNSAFE.search("".join((proof.commitment, proof.server_seed, *proof.client_seeds)))


def proof_of_text(text: str) -> FairnessProof | None:
    """The proof of :func:`proof_text` ("" for none)."""
    if not text:
        return None
    commitment, seed, deal, jokers, decks, pack, *seeds = text.split(_ITEM)
    return FairnessProof(commitment=commitment, server_seed=seed, client_seeds=tuple(seeds),
                         deal=int(deal), pack=text_cards(pack), jokers=int(jokers),
                         decks=int(decks))


def proof_text(proof: FairnessProof) -> str:
    """A proof as one field of a packed row (its client seeds hold no separator)."""
    return _ITEM.join((proof.commitment, proof.server_seed, str(proof.deal), str(proof.jokers),
                       str(proof.decks), cards_text(proof.pack), *proof.client_seeds))


def _items(text: str) -> list[str]:
    return text.split(_ITEM) if text else []


def _amounts(amounts: Mapping[str, int], seat: Mapping[str, int]) -> str:
    return _ITEM.join(f"{seat[name]} {amount}" for name, amount in amounts.items())


def _named(text: str, players: tuple[str, ...]) -> dict[str, int]:
    pairs = (item.split(" ") for item in _items(text))
    return {players[int(number)]: int(amount) for number, amount in pairs}


def _hands(text: str, players: tuple[str, ...]) -> dict[str, tuple[Card, ...]]:
    pairs = (item.split(" ") for item in _items(text))
    return {players[int(number)]: text_cards(cards) for number, cards in pairs}


def _texts(text: str, players: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    for item in _items(text):
        number, cards = item.split(" ")
        yield players[int(number)], pretty_text(cards)


def _kept(text: str, players: tuple[str, ...]) -> dict[str, tuple[Card, ...]] | None:
    return None if not text else {} if text == "~" else _hands(text, players)


def _pack(cards: tuple[Card, ...], jokers: int, decks: int) -> Pack:
    """A pack of exactly ``cards``, top first: a whole pack with the missing cards on top,
    taken out again (as a session's pack leaves a kept hand out, R1)."""
    whole = [Card(i) for i in range(JOKER_INDEX)] * decks + [Card(JOKER_INDEX)] * jokers
    missing = list(whole)
    for card in cards:
        missing.remove(card)
    pack = Pack([*missing, *cards], jokers=jokers, decks=decks)
    pack.take_out(missing)
    return pack


class CountedDeals(KeptDeals):
    """Finished deals counted, not kept: the hook of a table that replays a record only to
    check it, the record keeping its deals itself (:func:`~bragkit.games.three_card
    .session_records.read_session`). Asking what a deal was is an error (:class:`KeyError`).

    >>> counted = CountedDeals()
    >>> len(counted), counted.set_result(0, None), len(counted)  # type: ignore[arg-type]
    (0, None, 0)
    """

    __slots__ = ("_count",)

    def __init__(self) -> None:
        super().__init__()
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def add(self, deal: Deal, *, shuffled: bool, proof: FairnessProof | None = None) -> None:
        """Count ``deal``."""
        self._count += 1

    def set_result(self, number: int, result: DealResult) -> None:
        """Nothing is kept to change (only the last deal's result may change)."""
        if number != self._count:
            raise ValueError(f"only the last deal's result changes, not deal {number}'s")

    def _fields(self, number: int) -> list[str] | None:
        raise KeyError(f"deal {number} was counted, not kept")

    def proofs(self) -> Iterator[FairnessProof]:
        """None to give: raises :class:`KeyError`."""
        raise KeyError("the deals were counted, not kept")
