"""The record formats of the equalising games: ``historic/1`` and ``brag-poker/1``.

Historic Brag (:mod:`bragkit.games.historic`) and 3 Card Brag Poker
(:mod:`bragkit.games.brag_poker`) record a deal as one TOML document with the same keys
(docs/records-historic-brag-poker.md). This module holds what the two formats share:

* :func:`read_table` checks those keys and returns a :class:`TableSpec`;
* :func:`play_record` sets up the deal of a record and plays its actions, naming the action at
  fault;
* :func:`table_document` turns a deal back into a document (written by
  :func:`bragkit.toml_text.dump_document`);
* :func:`describe_operations` puts a deal's operation log into words, and :class:`StakeReplay`
  is the replayed record ``bragkit replay`` prints.

>>> from bragkit.games.brag_poker import BragPoker, BragPokerRules
>>> document = {"format": "brag-poker/1", "players": ["Ann", "Bob"], "dealer": "Bob",
...             "stacks": [20, 20], "actions": ["Ann drop"],
...             "cards": {"hands": {"Ann": "As Ks Qs", "Bob": "2c 3c 4c"}}}
>>> deal = play_record(read_table(document, format_name="brag-poker"), BragPoker,
...                    BragPokerRules.from_dict)
>>> deal.over, deal.stacks
(True, {'Ann': 19, 'Bob': 21})
>>> table_document(deal, format_name="brag-poker", variant=None, rules={}) == document
True
>>> play_record(read_table(dict(document, actions=["Ann fold"]), format_name="brag-poker"),
...             BragPoker, BragPokerRules.from_dict)
Traceback (most recent call last):
...
bragkit.errors.NotationError: action 1 "Ann fold": 'fold' is not a verb of brag-poker (its \
verbs: bet, look, drop, check, call, raise, draw)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from bragkit.cards import Card, format_cards
from bragkit.errors import BragError, IllegalActionError, InvalidActionError, NotationError
from bragkit.games.stake_game import StakeGame
from bragkit.games.stake_operations import (
    Acted,
    Awarded,
    Dealt,
    Paid,
    PhaseStarted,
    Posted,
    Revealed,
    RoundOpened,
    Shown,
    Turn,
)
from bragkit.games.three_card.rules import MAX_CHIPS
from bragkit.records import MAX_ACTIONS, DealSteps, check_names
from bragkit.toml_text import dump_document

__all__ = [
    "StakeReplay",
    "TableSpec",
    "describe_operations",
    "play_record",
    "read_table",
    "record_steps",
    "table_document",
]

GameT = TypeVar("GameT", bound=StakeGame[Any])


@dataclass(frozen=True, kw_only=True, slots=True)
class TableSpec:
    """The seats, money, cards and actions of a record, checked but not yet played."""

    players: tuple[str, ...]
    dealer: str
    stacks: tuple[int, ...]
    actions: tuple[str, ...]
    rules: dict[str, Any]
    pack: str | None = None
    hands: dict[str, str] | None = None
    stock: str | None = None


_TOP_KEYS = ("format", "variant", "players", "dealer", "stacks", "actions", "rules", "cards")


def read_table(document: Mapping[str, Any], *, format_name: str, variants: Sequence[str] = ()
               ) -> TableSpec:
    """Check the keys a record shares and return them (:class:`NotationError` when wrong).

    >>> spec = read_table({"format": "brag-poker/1", "players": ["A", "B"], "dealer": "B",
    ...                    "stacks": [9, 9], "actions": ["A call"], "cards": {"pack": "…"}},
    ...                   format_name="brag-poker")
    >>> spec.players, spec.actions
    (('A', 'B'), ('A call',))
    >>> read_table({"format": "brag-poker/2"}, format_name="brag-poker")
    Traceback (most recent call last):
    ...
    bragkit.errors.NotationError: format 'brag-poker/2' is not supported: this bragkit reads \
brag-poker/1
    """
    fmt = document.get("format")
    if fmt != f"{format_name}/1":
        raise NotationError(f"format {fmt!r} is not supported: this bragkit reads "
                            f"{format_name}/1")
    allowed = set(_TOP_KEYS) if variants else set(_TOP_KEYS) - {"variant"}
    unknown = sorted(set(document) - allowed)
    if unknown:
        raise NotationError(f"unknown key(s): {', '.join(unknown)}")
    players = document.get("players")
    if not isinstance(players, list) or not players or \
            not all(isinstance(p, str) and p.strip() == p and p for p in players):
        raise NotationError("players must be a list of names")
    check_names("players", players)
    if len(set(players)) != len(players):
        raise NotationError("players must be distinct")
    dealer = document.get("dealer")
    if not isinstance(dealer, str) or dealer not in players:
        raise NotationError(f"dealer {dealer!r} is not one of the players")
    stacks = document.get("stacks")
    if not isinstance(stacks, list) or len(stacks) != len(players) or \
            not all(type(s) is int and s >= 0 for s in stacks):
        raise NotationError("stacks must be one whole number of chips per player")
    if any(s > MAX_CHIPS for s in stacks):
        raise NotationError(f"stacks: a record holds at most {MAX_CHIPS} chips a stack")
    actions = document.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise NotationError("actions must be a list of strings")
    if len(actions) > MAX_ACTIONS:
        raise NotationError(f"actions: {len(actions):,} actions: a record holds at most "
                            f"{MAX_ACTIONS:,}")
    rules = document.get("rules", {})
    if not isinstance(rules, dict):
        raise NotationError("[rules] must be a table")
    cards = document.get("cards", {})
    if not isinstance(cards, dict):
        raise NotationError("[cards] must be a table")
    unknown = sorted(set(cards) - {"pack", "hands", "stock"})
    if unknown:
        raise NotationError(f"unknown key(s) in [cards]: {', '.join(unknown)}")
    pack, hands, stock = cards.get("pack"), cards.get("hands"), cards.get("stock")
    if pack is not None and not isinstance(pack, str):
        raise NotationError("[cards] pack must be a string of cards")
    if stock is not None and not isinstance(stock, str):
        raise NotationError("[cards] stock must be a string of cards")
    if hands is not None and (not isinstance(hands, dict) or not all(
            isinstance(v, str) for v in hands.values())):
        raise NotationError("[cards] hands must map each player to a string of cards")
    if pack is None and hands is None:
        raise NotationError("[cards] needs the pack or the hands")
    return TableSpec(players=tuple(players), dealer=dealer, stacks=tuple(stacks),
                     actions=tuple(actions), rules=dict(rules), pack=pack,
                     hands=None if hands is None else dict(hands), stock=stock)


def table_document(game: StakeGame[Any], *, format_name: str, variant: str | None,
                   rules: Mapping[str, Any]) -> dict[str, Any]:
    """The record of a deal as a TOML-ready document, keys in the documented order."""
    doc: dict[str, Any] = {"format": f"{format_name}/1"}
    if variant is not None:
        doc["variant"] = variant
    doc["players"] = list(game.players)
    doc["dealer"] = game.dealer
    doc["stacks"] = [game.start_stacks[p] for p in game.players]
    doc["actions"] = [str(a) for a in game.actions]
    if rules:
        doc["rules"] = dict(rules)
    if game.source_hands is not None:
        cards: dict[str, Any] = {
            "hands": {p: format_cards(game.source_hands[p]) for p in game.players}}
        if game.source_stock is not None:
            cards["stock"] = format_cards(game.source_stock)
    else:
        cards = {"pack": str(game.initial_pack)}
    doc["cards"] = cards
    return doc


def _pot(name: str) -> str:
    return "the pot" if name == "pot" else f"the {name} pot"


def describe_operations(game: StakeGame[Any]) -> list[str]:
    """The operation log in words, as ``describe()`` of a replay prints it (all cards shown:
    a record is public)."""
    lines: list[str] = []
    dealt: dict[str, list[Card]] = {}
    number = 0

    def flush() -> None:
        for player, cards in dealt.items():
            lines.append(f"  {player} is dealt {format_cards(cards)}")
        dealt.clear()

    for op in game.operations:
        if isinstance(op, Dealt):
            if op.card is not None:
                dealt.setdefault(op.player, []).append(op.card)
            continue
        if isinstance(op, Revealed | Turn | RoundOpened):  # a look is its Acted record; the
            continue                                      # turn and stakes are wordless
        flush()
        if isinstance(op, PhaseStarted):
            lines.append(f"-- {op.phase}")
        elif isinstance(op, Posted):
            lines.append(f"  {op.player} puts {op.amount} in {_pot(op.pot)} ({op.reason})")
        elif isinstance(op, Acted):
            number += 1  # the action in words ("Ann drops"), never its record string
            lines.append(f"  {number}. {op.words(None)}")  # the game's words (TP3)
        elif isinstance(op, Shown):
            lines.append(f"  {op.player} shows {format_cards(op.cards)}: {op.worth}")
        elif isinstance(op, Awarded):
            lines.append(f"  {op.player} takes {op.amount} from {_pot(op.pot)} ({op.reason})")
        elif isinstance(op, Paid):
            lines.append(f"  {op.payer} pays {op.payee} {op.amount} ({op.reason})")
    flush()
    return lines


def play_record(spec: TableSpec, new_game: Callable[..., GameT],
                rules_of: Callable[[Mapping[str, Any]], object]) -> GameT:
    """The deal of a record played through every action.

    ``new_game(rules, players=…, dealer=…, stacks=…, pack=…, hands=…, stock=…)`` sets up the
    deal with the rules ``rules_of(spec.rules)``. A record the engine refuses to set up raises
    :class:`NotationError`; an action that does not parse raises :class:`NotationError`, an
    illegal one :class:`IllegalActionError`, both naming the action's number and text.
    """
    steps = record_steps(spec, new_game, rules_of, game="")
    game = steps.start()
    for number in range(1, steps.count + 1):
        steps.play(game, number)
    return game


def record_steps(spec: TableSpec, new_game: Callable[..., GameT],
                 rules_of: Callable[[Mapping[str, Any]], object], *, game: str
                 ) -> DealSteps[GameT]:
    """The deal of a record to play again an action at a time (as :func:`play_record` plays
    it, the same errors naming the same action): ``game`` names it in the registry."""

    def start() -> GameT:
        try:
            return new_game(rules_of(spec.rules), players=spec.players, dealer=spec.dealer,
                            stacks=spec.stacks, pack=spec.pack, hands=spec.hands,
                            stock=spec.stock)
        except BragError as error:
            raise NotationError(f"{error}") from None

    def play(played: GameT, number: int) -> None:
        text = spec.actions[number - 1]
        quoted = '"' + text.replace('"', '\\"') + '"'
        try:
            played.apply(text)
        except InvalidActionError as error:
            raise NotationError(f"action {number} {quoted}: {error}") from None
        except IllegalActionError as error:
            raise IllegalActionError(f"action {number} {quoted}: {error.reason}",
                                     rule=error.rule) from None

    return DealSteps(number=1, game=game, count=len(spec.actions), start=start, play=play)


class StakeReplay(ABC, Generic[GameT]):
    """A record of an equalising game played through the engine, for ``bragkit replay``:
    ``describe()``, ``to_json()`` and the record again (``to_document()``, ``to_toml()``)."""

    #: The record format's name (``historic``, ``brag-poker``).
    FORMAT_NAME: ClassVar[str] = ""
    #: The ``variant`` key of the record (``None``: the format has none).
    variant: str | None = None

    def __init__(self, game: GameT) -> None:
        self.game = game

    @abstractmethod
    def _title(self) -> str:
        """The first line of :meth:`describe`: the game and its terms."""

    def describe(self) -> str:
        """The deal as a person reads it."""
        game = self.game
        seats = ", ".join(f"{p} {game.start_stacks[p]}" for p in game.players)
        lines = [self._title(), f"Stacks: {seats}"]
        lines += describe_operations(game)
        if not game.over:
            lines.append(f"(the record stops here: {game.to_act} to act)")
        lines.append("Stacks after: " + ", ".join(f"{p} {s}" for p, s in game.stacks.items()))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The result (fields listed in docs/records-historic-brag-poker.md)."""
        game = self.game
        return {
            "over": game.over, "stacks": game.stacks, "winners": dict(game.winners),
            "shown": {p: format_cards(cs) for p, cs in game.shown.items()},
        }

    def to_document(self) -> dict[str, Any]:
        """The record as a TOML-ready document."""
        return table_document(self.game, format_name=self.FORMAT_NAME, variant=self.variant,
                              rules=self.game.rules.to_dict())

    def to_toml(self) -> str:
        """The record as TOML text."""
        return dump_document(self.to_document())
