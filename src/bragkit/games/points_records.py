"""The records of the round-based point games: ``nine-card/1`` and ``crash/1``.

A whole game of Nine Card Brag or of Crash is one TOML document (docs/records-nine-card-crash.md):
``format``, ``players``, the first ``dealer``, the ``[rules]`` that differ from the defaults,
then one ``[[deals]]`` table per deal with its cards (``pack`` or ``hands``) and ``actions``.
The two formats differ only in their rules and actions, so this module holds the rest:
:class:`DealRecord` (one deal), :class:`PointsRecord` (reading, writing and replaying a game)
and :class:`PointsReplay` (what ``bragkit replay`` prints). :mod:`bragkit.games.nine_card` and
:mod:`bragkit.games.crash` subclass them.

>>> table = {"hands": {"Ann": "As Ah Ad", "Bob": "Ks Kh Kd"}, "actions": ["Ann plays As Ah Ad"]}
>>> deal = DealRecord.from_table(table, 1, ["Ann", "Bob"])
>>> deal.hands["Bob"], deal.actions
((Card('Ks'), Card('Kh'), Card('Kd')), ('Ann plays As Ah Ad',))
>>> print(deal.to_toml())
[[deals]]
hands = { "Ann" = "As Ah Ad", "Bob" = "Ks Kh Kd" }
actions = [
  "Ann plays As Ah Ad",
]
>>> DealRecord.from_table({"pack": "As", "hands": {}}, 2, ["Ann", "Bob"])
Traceback (most recent call last):
...
bragkit.errors.NotationError: deal 2: give exactly one of pack or hands
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar

from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    NotationError,
    RulesError,
)
from bragkit.games.points_game import DealSource, DealStarted, PointsGame, PointsRules
from bragkit.records import (
    MAX_ACTIONS,
    DealSteps,
    Replay,
    check_names,
    format_name,
    parse,
    register,
)
from bragkit.toml_text import dump_document

__all__ = [
    "DealRecord",
    "PointsRecord",
    "PointsReplay",
    "deal_sources",
    "read_header",
    "replay_deals",
]

#: The inline tables whose keys these records always quote (``hands = { "Ann" = … }``).
_QUOTED = ("hands",)


@dataclass(frozen=True, kw_only=True)
class DealRecord:
    """One deal of a record: the pack (top first) or each player's hand, and its actions."""

    pack: tuple[Card, ...] | None = None
    hands: Mapping[str, tuple[Card, ...]] | None = None
    actions: tuple[str, ...] = ()

    @classmethod
    def of(cls, source: DealSource, actions: Sequence[object]) -> DealRecord:
        """The record of a deal the engine played from ``source`` with ``actions``."""
        texts = tuple(str(a) for a in actions)
        if isinstance(source, Pack):
            return cls(pack=source.cards, actions=texts)
        return cls(hands={p: parse_cards(c) for p, c in source.items()}, actions=texts)

    def source(self, decks: int) -> DealSource:
        """The cards as the engine takes them."""
        if self.pack is not None:
            return Pack(self.pack, decks=decks)
        assert self.hands is not None
        return dict(self.hands)

    def to_table(self) -> dict[str, Any]:
        """The ``[[deals]]`` table as a TOML-ready mapping."""
        table: dict[str, Any] = {}
        if self.pack is not None:
            table["pack"] = format_cards(self.pack)
        elif self.hands is not None:
            table["hands"] = {p: format_cards(c) for p, c in self.hands.items()}
        table["actions"] = list(self.actions)
        return table

    def to_toml(self) -> str:
        """The ``[[deals]]`` table as TOML text."""
        return dump_document({"deals": [self.to_table()]}, quoted=_QUOTED).strip("\n")

    @classmethod
    def from_table(cls, table: object, number: int, players: Sequence[str]) -> DealRecord:
        """A deal from its TOML table; NotationError names the deal and key at fault."""
        where = f"deal {number}"
        if not isinstance(table, Mapping):
            raise NotationError(f"{where}: a [[deals]] entry must be a table")
        unknown = sorted(set(table) - {"pack", "hands", "actions"})
        if unknown:
            raise NotationError(f"{where}: unknown key(s) {', '.join(unknown)}")
        if ("pack" in table) == ("hands" in table):
            raise NotationError(f"{where}: give exactly one of pack or hands")
        actions = table.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise NotationError(f"{where}: actions must be a list of strings")
        if len(actions) > MAX_ACTIONS:
            raise NotationError(f"{where}: {len(actions):,} actions: a deal holds at most "
                                f"{MAX_ACTIONS:,}")
        try:
            if "pack" in table:
                if not isinstance(table["pack"], str):
                    raise NotationError(f"{where}: pack must be a string of cards")
                return cls(pack=parse_cards(table["pack"]), actions=tuple(actions))
            hands = table["hands"]
            if not isinstance(hands, Mapping) or not all(
                    isinstance(v, str) for v in hands.values()):
                raise NotationError(f"{where}: hands must map each player to a string of cards")
            return cls(hands={str(p): parse_cards(v) for p, v in hands.items()},
                       actions=tuple(actions))
        except InvalidCardError as error:
            raise NotationError(f"{where}: {error}") from None


def read_header(document: Mapping[str, Any], expected: str
                ) -> tuple[tuple[str, ...], str, Mapping[str, Any], list[Any]]:
    """The players, first dealer, rules table and deal tables of a record, checked.

    >>> read_header({"format": "crash/2"}, "crash/1")
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: format 'crash/2' is not supported: this bragkit reads crash/1
    """
    allowed = {"format", "players", "dealer", "rules", "deals"}
    unknown = sorted(set(document) - allowed)
    if unknown:
        raise NotationError(f"unknown key(s): {', '.join(unknown)}")
    fmt = document.get("format")
    name = expected.split("/")[0]
    if not isinstance(fmt, str) or fmt.split("/")[0] != name:
        raise NotationError(f'format must be "{expected}", not {fmt!r}')
    if fmt != expected:
        raise NotationError(f"format {fmt!r} is not supported: this bragkit reads {expected}")
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise NotationError("players must be a list of names")
    check_names("players", players)
    dealer = document.get("dealer")
    if not isinstance(dealer, str):
        raise NotationError("dealer must be a player's name")
    if dealer not in players:
        raise NotationError(f"the dealer {dealer!r} is not among the players")
    rules = document.get("rules", {})
    if not isinstance(rules, Mapping):
        raise NotationError("[rules] must be a table")
    deals = document.get("deals", [])
    if not isinstance(deals, list):
        raise NotationError("deals must be an array of tables ([[deals]])")
    return tuple(players), dealer, rules, deals


def deal_sources(deals: Sequence[DealRecord], decks: int) -> list[DealSource]:
    """The cards of each deal of a record; NotationError names a deal whose pack is bad."""
    out = []
    for number, deal in enumerate(deals, 1):
        try:
            out.append(deal.source(decks))
        except InvalidCardError as error:
            raise NotationError(f"deal {number}: {error}") from None
    return out


def replay_deals(game: PointsGame[Any, Any], deals: Sequence[DealRecord]) -> None:
    """Apply each deal's actions in turn, checking that every deal but the last is complete."""
    for number, deal in enumerate(deals, 1):
        if game.deal_number != number or game.awaiting_deal:
            raise NotationError(f"deal {number} was never reached: the game was over")
        for index, text in enumerate(deal.actions, 1):
            _play_action(game, number, index, text)
        if number < len(deals) and game.deal_number == number and not game.over:
            raise NotationError(f"deal {number} is not finished, but deal {number + 1} follows")


def _play_action(game: PointsGame[Any, Any], number: int, index: int, text: str) -> None:
    """Action ``index`` of deal ``number``, played; an error names the deal and action."""
    where = f'deal {number}, action {index} "{text}"'
    if game.deal_number != number:
        raise NotationError(f"{where}: the deal is already over")
    try:
        game.apply(text)
    except IllegalActionError as error:
        raise IllegalActionError(f"{where}: {error.reason}", rule=error.rule) from None
    except InvalidActionError as error:
        raise NotationError(f"{where}: {error}") from None
    except InvalidCardError as error:  # dealing the next deal's cards
        raise NotationError(f"deal {number + 1}: {error}") from None


RulesT = TypeVar("RulesT", bound=PointsRules)
GameT = TypeVar("GameT", bound=PointsGame[Any, Any])


@dataclass(frozen=True, kw_only=True)
class PointsRecord(ABC, Generic[RulesT, GameT]):
    """A whole game as a TOML record: the table, the house rules and every deal.

    A subclass names its :attr:`FORMAT`, reads its rules (:meth:`_rules_of`) and sets up its
    game (:meth:`_new_game`); write → read → write gives identical text.
    """

    players: tuple[str, ...]
    dealer: str
    rules: RulesT
    deals: tuple[DealRecord, ...] = ()

    FORMAT: ClassVar[str] = ""

    @classmethod
    @abstractmethod
    def _rules_of(cls, options: Mapping[str, Any]) -> RulesT:
        """The rules of a ``[rules]`` table (RulesError or TypeError when wrong)."""

    @abstractmethod
    def _new_game(self) -> GameT:
        """The game of this record, set up to play its deals (no action applied)."""

    @classmethod
    def from_game(cls, game: PointsGame[RulesT, Any], *, deals: int | None = None) -> Self:
        """The record of a game so far, or of its first ``deals`` deals (the finished ones)."""
        played = zip(game.deal_sources, game.deal_actions, strict=True)
        records = tuple(DealRecord.of(source, actions) for source, actions in played)
        return cls(players=game.players, dealer=game.first_dealer, rules=game.rules,
                   deals=records[:deals])

    def to_document(self) -> dict[str, Any]:
        """The record as a TOML-ready document, keys in the documented order."""
        document: dict[str, Any] = {"format": self.FORMAT, "players": list(self.players),
                                    "dealer": self.dealer, "rules": self.rules.to_dict()}
        if self.deals:
            document["deals"] = [deal.to_table() for deal in self.deals]
        return document

    def dumps(self) -> str:
        """The record as TOML text (top-level keys, then ``[rules]``, then ``[[deals]]``)."""
        return dump_document(self.to_document(), quoted=_QUOTED)

    @classmethod
    def loads(cls, text: str) -> Self:
        """A record from TOML text, bounded before it is parsed
        (:func:`bragkit.records.parse`)."""
        return cls.from_document(parse(text))

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> Self:
        """A record from a parsed TOML document; NotationError for a malformed one."""
        players, dealer, options, tables = read_header(document, cls.FORMAT)
        try:
            rules = cls._rules_of(options)
        except (RulesError, TypeError) as error:
            raise NotationError(f"[rules]: {error}") from None
        deals = tuple(DealRecord.from_table(t, i, players) for i, t in enumerate(tables, 1))
        return cls(players=players, dealer=dealer, rules=rules, deals=deals)

    def replay(self) -> GameT:
        """The game played again from the record. An illegal action raises IllegalActionError
        naming the deal, the action's number and text, and the rule."""
        game = self._started()
        replay_deals(game, self.deals)
        return game

    def _started(self) -> GameT:
        try:
            return self._new_game()
        except RulesError as error:
            raise NotationError(str(error)) from None
        except InvalidCardError as error:
            raise NotationError(f"deal 1: {error}") from None

    def steps(self, game: str) -> DealSteps[GameT]:
        """The whole game to play again an action at a time, its deals' actions one after
        another (:class:`~bragkit.records.DealSteps`; ``game`` names it in the registry)."""
        where = [(number, index, text) for number, deal in enumerate(self.deals, 1)
                 for index, text in enumerate(deal.actions, 1)]

        def play(played: GameT, step: int) -> None:
            number, index, text = where[step - 1]
            if index == 1 and number > 1 and played.deal_number == number - 1 \
                    and not played.over:
                raise NotationError(f"deal {number - 1} is not finished, but deal {number} "
                                    "follows")
            _play_action(played, number, index, text)

        return DealSteps(number=1, game=game, count=len(where), start=self._started, play=play)


RecordT = TypeVar("RecordT", bound=PointsRecord[Any, Any])


class PointsReplay(ABC, Generic[RecordT, GameT]):
    """A replayed record, for ``bragkit replay``: :meth:`describe` and :meth:`to_json`."""

    def __init__(self, record: RecordT) -> None:
        self.record = record
        self.game: GameT = record.replay()

    @abstractmethod
    def _title(self) -> str:
        """The first line of :meth:`describe`: the game and its terms."""

    @abstractmethod
    def _line(self, op: Any) -> str | None:
        """An operation in words (None: left out of :meth:`describe`)."""

    def _summary(self) -> list[str]:
        """Lines after the scores."""
        return []

    @abstractmethod
    def _nets(self) -> dict[str, int]:
        """The money of :meth:`to_json`."""

    @abstractmethod
    def _details(self) -> dict[str, Any]:
        """What :meth:`to_json` adds after the payments (every round …)."""

    def describe(self) -> str:
        """The game as a person reads it."""
        game = self.game
        lines = [self._title()]
        for op in game.operations:
            line = f"Deal {op.deal}: {op.dealer} deals" if isinstance(op, DealStarted) \
                else self._line(op)
            if line is not None:
                lines.append(line)
        lines.append("Scores: " + ", ".join(f"{p} {s}" for p, s in game.scores.items()))
        lines += self._summary()
        if not game.over:  # a record saved before the target: honest about it
            lines.append(f"The game is not over: the record ends after deal "
                         f"{game.deal_number}, before anyone reached {game.target()} points "
                         f"(rule {game.END_RULE}).")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """Scores, winner, nets, payments, and what the game adds."""
        game = self.game
        result = game.result
        return {
            "format": self.record.FORMAT,
            "players": list(game.players),
            "deals": game.deal_number,
            "scores": game.scores,
            "over": game.over,
            "winner": game.winner,
            "nets": self._nets(),
            "payments": [{"payer": p.payer, "payee": p.payee, "amount": p.amount}
                         for p in (result.payments if result else ())],
            **self._details(),
        }


def register_format(record: type[PointsRecord[Any, Any]], game: type[PointsGame[Any, Any]],
                    replay: Callable[[Any], Replay]) -> None:
    """Register a points game's record format with :mod:`bragkit.records`: ``replay`` (its
    :class:`PointsReplay`) replays a document; a record or a game writes; text loads a record."""
    def write(found: Any) -> str:
        return (found if isinstance(found, record) else record.from_game(found)).dumps()

    name = format_name({"format": record.FORMAT})
    register(name, lambda document: replay(record.from_document(document)),
             read=record.loads, write=write, writes=(record, game),
             steps=lambda document: (record.from_document(document).steps(name),))
