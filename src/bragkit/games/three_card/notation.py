"""The ``.bhh`` hand history: one deal of the three-card family as a TOML document.

This module reads and writes the format of HAND-HISTORY.md (``format = "bhh/1"``). A
:class:`DealRecord` is the document as data: the seats, their stacks, the rules, the cards and the
actions. :func:`read_bhh` / :func:`load` read a file (checking every key, every card and, by
replaying it, every action); :func:`write_bhh` / :func:`dump` write one, always in the documented
key order, so that write → read → write gives the same text.

>>> text = '''
... format = "bhh/1"
... variant = "three-card"
... players = ["Ann", "Bob"]
... dealer = "Bob"
... stacks = [20, 20]
... actions = ["Ann bet 2", "Bob bet 2", "Ann see 4"]
...
... [rules]
... max_bet = 10
...
... [cards]
... hands = { Ann = "Qh Qs 4d", Bob = "♠A 10c 2d" }
... '''
>>> record = read_bhh(text)
>>> record.players, record.stacks, record.rules.max_bet
(('Ann', 'Bob'), (20, 20), 10)
>>> record.hands["Bob"]
(Card('As'), Card('Tc'), Card('2d'))
>>> print(write_bhh(record), end="")
format = "bhh/1"
variant = "three-card"
players = ["Ann", "Bob"]
dealer = "Bob"
stacks = [20, 20]
carried_pot = 0
actions = [
  "Ann bet 2",
  "Bob bet 2",
  "Ann see 4",
]
<BLANKLINE>
[rules]
max_bet = 10
<BLANKLINE>
[cards]
hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d" }
>>> read_bhh(write_bhh(record)) == record
True

A bad file is refused with a :class:`~bragkit.errors.NotationError` naming the line at fault, and
an illegal action with an :class:`~bragkit.errors.IllegalActionError` naming the action:

>>> read_bhh(text.replace("[20, 20]", "[20, 20, 20]"))
Traceback (most recent call last):
...
bragkit.games.three_card.notation.FieldError: line 6: stacks: 3 stacks for 2 players
>>> read_bhh(text.replace("Ann see 4", "Ann see 3"))
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: action 3 "Ann see 3": ...

Reading a document that was already parsed (as ``bragkit replay`` does through
:mod:`bragkit.records`) goes through :meth:`DealRecord.from_document`.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bragkit.actions import Action
from bragkit.cards import JOKER, JOKER_INDEX, Card, Pack, format_cards
from bragkit.errors import (
    InvalidActionError,
    InvalidCardError,
    NotationError,
    RulesError,
)
from bragkit.games.three_card.card_text import read_cards, write_cards
from bragkit.games.three_card.deal import VERBS, Deal
from bragkit.games.three_card.record_moves import apply_numbered, record_actions
from bragkit.games.three_card.rules import MAX_CHIPS, Rules
from bragkit.records import MAX_ACTIONS, MAX_NAME, MAX_PLAYERS, check_bounds
from bragkit.toml_text import check_values, decode_text, dump_document, read_text
from bragkit.toml_text import load_document as parse_toml

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_BHH_TEXT",
    "MAX_NAME",
    "MAX_PLAYERS",
    "VARIANTS",
    "DealRecord",
    "FieldError",
    "dump",
    "key_line",
    "load",
    "parse_toml",
    "read_bhh",
    "write_bhh",
    "written_record",
]

#: The format and version this module reads and writes.
FORMAT: Final = "bhh/1"
_NAME, _VERSION = "bhh", 1
#: The variants of the format, with the cards each player is dealt (rules F1, F3).
VARIANTS: Final[Mapping[str, int]] = {"three-card": 3, "four-card": 4, "five-card": 5}

_TOP_KEYS: Final = (
    "format", "variant", "players", "dealer", "stacks", "carried_pot", "actions", "rules", "cards",
)
_REQUIRED: Final = ("format", "players", "dealer", "stacks", "cards")
_CARD_KEYS: Final = ("pack", "hands", "retained")
_VERBS: Final = frozenset(verb.value for verb in VERBS)

# MAX_PLAYERS: the most seats a record may name, more than any pack deals (rule D1 is checked
# after); MAX_NAME: the longest player name, in characters; MAX_ACTIONS: the most actions one
# deal's record may hold (each is replayed). Every format's bounds: bragkit.records.
#: The longest ``.bhh`` text :func:`read_bhh` reads, in characters: a deal's record is a few
#: hundred bytes and at most :data:`MAX_ACTIONS` actions; the TOML parser's cost grows with the
#: text (about 1 us and 13 bytes a character at worst), so this bounds a read to about a second.
MAX_BHH_TEXT: Final = 1024 * 1024


class FieldError(NotationError):
    """A key of a record that is missing, of the wrong type or of a wrong value.

    ``key`` is the path of the key at fault (``("cards", "pack")``), which :func:`key_line` turns
    into a line number of the file.
    """

    def __init__(self, key: Sequence[str], message: str) -> None:
        self.key = tuple(key)
        self.message = message
        super().__init__(message)

    def at_line(self, text: str) -> FieldError:
        """The same error with the line of its key in ``text`` (when found) before the message."""
        line = key_line(text, self.key)
        if line is None:
            return self
        error = FieldError(self.key, self.message)
        error.args = (f"line {line}: {self.message}",)
        return error


def _where(key: Sequence[str]) -> str:
    """How a message names a key: ``stacks``, ``[cards] pack``, ``[cards] hands.Ann``."""
    if len(key) == 1:
        return key[0]
    return f"[{key[0]}] " + ".".join(key[1:])


def _fail(key: Sequence[str], message: str) -> FieldError:
    return FieldError(key, f"{_where(key)}: {message}")


@dataclass(frozen=True, kw_only=True, eq=True)
class DealRecord:
    """One deal as HAND-HISTORY.md records it.

    The cards are given in one of two forms: ``pack``, the whole pack top card first (the engine
    deals from it, rule D6; with a ``retained`` hand the pack holds the other cards), or ``hands``,
    each player's cards as dealt. ``retained`` maps the player keeping a blind hand from the last
    deal (rule R1) to that hand. ``variant`` left empty is taken from ``rules.cards``. Every field
    is checked on construction (:class:`FieldError`).

    >>> record = DealRecord(players=("Ann", "Bob"), dealer="Ann", stacks=(10, 10),
    ...                     hands={"Ann": read_cards("As Ks Qs"), "Bob": read_cards("2h 2d 2c")})
    >>> record.variant, record.carried_pot, record.actions
    ('three-card', 0, ())
    >>> DealRecord(players=("Ann", "Ann"), dealer="Ann", stacks=(10, 10),
    ...            pack=Pack.standard().cards)
    Traceback (most recent call last):
    ...
    bragkit.games.three_card.notation.FieldError: players: 'Ann' sits twice
    """

    format: str = FORMAT
    variant: str = ""
    players: tuple[str, ...]
    dealer: str
    stacks: tuple[int, ...]
    carried_pot: int = 0
    actions: tuple[Action, ...] = ()
    rules: Rules = field(default_factory=Rules)
    pack: tuple[Card, ...] | None = None
    hands: Mapping[str, tuple[Card, ...]] | None = None
    retained: Mapping[str, tuple[Card, ...]] | None = None

    def __post_init__(self) -> None:
        _check_format(self.format)
        if not self.variant:
            object.__setattr__(self, "variant", self.rules.variant)
        if self.variant not in VARIANTS:
            raise _fail(["variant"], f"{_shown(self.variant)} is not one of {', '.join(VARIANTS)}")
        if VARIANTS[self.variant] != self.rules.cards:
            # rules F1, F3: the variant says how many cards each player is dealt
            raise _fail(["rules", "cards"], f"{self.rules.cards} cards do not make the variant "
                        f"{_shown(self.variant)} ({VARIANTS[self.variant]} cards)")
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "stacks", tuple(self.stacks))
        object.__setattr__(self, "actions", tuple(self.actions))
        _check_players(self.players)
        if self.dealer not in self.players:
            raise _fail(["dealer"], f"{_shown(self.dealer)} is not one of the players")
        if len(self.stacks) != len(self.players):
            raise _fail(["stacks"], f"{len(self.stacks)} stacks for {len(self.players)} players")
        for stack in self.stacks:
            _check_chips(["stacks"], stack)
        _check_chips(["carried_pot"], self.carried_pot)
        for number, action in enumerate(self.actions, 1):
            if action.player is not None and action.player not in self.players:
                raise NotationError(f'action {number} "{action}": no player {action.player!r}')
        self._check_cards()

    def _check_cards(self) -> None:
        if (self.pack is None) == (self.hands is None):
            raise _fail(["cards"], "give either pack or hands")
        retained = _freeze_hands(self.retained, self.players, "retained")
        object.__setattr__(self, "retained", retained)
        if retained is not None and len(retained) > 1:
            # rules BL3, R1: only the one blind winner of the last deal keeps a hand
            raise _fail(["cards", "retained"], "only one player can keep a blind hand (rule R1)")
        held: list[Card] = []
        for name, cards in (retained or {}).items():
            _check_size(["cards", "retained", name], cards, self.rules.cards)
            held += cards
        if self.pack is not None:
            object.__setattr__(self, "pack", tuple(self.pack))
            _check_pack(self.pack, held, jokers=self.rules.jokers)
            return
        hands = _freeze_hands(self.hands, self.players, "hands")
        object.__setattr__(self, "hands", hands)
        assert hands is not None
        for name in self.players:
            if name not in hands:
                raise _fail(["cards", "hands"], f"no hand for {name} (every seat is dealt, D6)")
            _check_size(["cards", "hands", name], hands[name], self.rules.cards)
            held += hands[name]
        _check_disjoint(held, jokers=self.rules.jokers)

    def __hash__(self) -> int:
        def items(hands: Mapping[str, tuple[Card, ...]] | None) -> tuple[object, ...] | None:
            return None if hands is None else tuple(sorted(hands.items()))

        return hash((self.format, self.variant, self.players, self.dealer, self.stacks,
                     self.carried_pot, self.actions, self.rules, self.pack, items(self.hands),
                     items(self.retained)))

    @classmethod
    def unchecked(cls, *, variant: str, players: tuple[str, ...], dealer: str,
                  stacks: tuple[int, ...], carried_pot: int, actions: tuple[Action, ...],
                  rules: Rules, pack: tuple[Card, ...] | None,
                  hands: dict[str, tuple[Card, ...]] | None,
                  retained: dict[str, tuple[Card, ...]] | None) -> DealRecord:
        """A record of fields that were checked when it was first made (a finished deal a
        session keeps packed, :mod:`~bragkit.games.three_card.kept`), built without checking
        them again: the same record, in a fraction of the time.

        >>> record = DealRecord(players=("Ann", "Bob"), dealer="Ann", stacks=(10, 10),
        ...                     pack=Pack.standard().cards)
        >>> DealRecord.unchecked(variant="three-card", players=("Ann", "Bob"), dealer="Ann",
        ...     stacks=(10, 10), carried_pot=0, actions=(), rules=Rules(),
        ...     pack=Pack.standard().cards, hands=None, retained=None) == record
        True
        """
        record = object.__new__(cls)
        vars(record).update(  # the fields at once (frozen: no __setattr__ to go through)
            format=FORMAT, variant=variant, players=players, dealer=dealer, stacks=stacks,
            carried_pot=carried_pot, actions=actions, rules=rules, pack=pack, hands=hands,
            retained=retained)
        return record

    # -- reading and writing -------------------------------------------------------------------

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> DealRecord:
        """A record from a parsed TOML document (the dict :func:`tomllib.loads` returns)."""
        return _record_of(document)

    def to_document(self) -> dict[str, Any]:
        """The record as a TOML document (a dict in the documented key order)."""
        rules = self.rules.to_dict()
        rules.pop("cards", None)  # the variant says it
        cards: dict[str, Any] = {}
        if self.pack is not None:
            cards["pack"] = write_cards(self.pack)
        if self.hands is not None:
            cards["hands"] = {name: write_cards(self.hands[name]) for name in self.players}
        if self.retained:
            cards["retained"] = {name: write_cards(hand) for name, hand in self.retained.items()}
        return {
            "format": self.format,
            "variant": self.variant,
            "players": list(self.players),
            "dealer": self.dealer,
            "stacks": list(self.stacks),
            "carried_pot": self.carried_pot,
            "actions": [str(action) for action in self.actions],
            "rules": rules,
            "cards": cards,
        }

    @classmethod
    def from_deal(cls, deal: Deal) -> DealRecord:
        """The record of a deal the engine is playing or has played.

        The record holds the deal as it started (stacks before the ante, the pack or hands as
        dealt) and every action applied so far; :meth:`replay` plays it again.
        """
        start = deal.start
        return cls(
            variant=deal.rules.variant,
            players=tuple(deal.players),
            dealer=deal.dealer,
            stacks=tuple(start.stacks),
            carried_pot=start.carried_pot,
            actions=record_actions(deal.actions, over=deal.over),
            rules=deal.rules,
            pack=start.pack.cards if start.pack is not None else None,
            hands=start.hands if start.pack is None else None,
            retained=start.retained or None,
        )

    def start(self) -> Deal:
        """The deal as dealt, before any action (antes taken, rule D2)."""
        try:
            return Deal(
                self.rules,
                players=self.players,
                dealer=self.dealer,
                stacks=self.stacks,
                carried_pot=self.carried_pot,
                pack=self._pack() if self.pack is not None else None,
                hands=dict(self.hands) if self.hands is not None else None,
                retained=dict(self.retained) if self.retained else None,
                first_deal=not self.retained and self.carried_pot == 0,
            )
        except (RulesError, InvalidCardError, NotationError) as error:
            raise NotationError(f"the deal cannot start: {error}") from None

    def _pack(self) -> Pack:
        assert self.pack is not None
        jokers = self.rules.jokers
        if not self.retained:
            return Pack(self.pack, jokers=jokers)
        # The retained hand is out of the pack (rule R1): a whole pack, its cards taken out.
        held = [card for hand in self.retained.values() for card in hand]
        pack = Pack([*self.pack, *held], jokers=jokers)
        top = [pack.deal() for _ in self.pack]
        while len(pack):
            pack.deal()
        pack.put_under(top)
        return pack

    def replay(self) -> Deal:
        """The deal played again from the start through every action.

        An illegal action raises :class:`IllegalActionError` naming it, 1-based:
        ``action 9 "Chris see 8": Chris cannot see a blind player (rule BL4)``.
        """
        deal = self.start()
        for number, action in enumerate(self.actions, 1):
            apply_numbered(deal, number, action)
        return deal

    def with_actions(self, actions: Iterable[Action | str]) -> DealRecord:
        """The same deal with other actions (strings are parsed against the players)."""
        parsed = tuple(
            a if isinstance(a, Action) else _parse_action(n, a, self.players)
            for n, a in enumerate(actions, 1)
        )
        return DealRecord(
            format=self.format, variant=self.variant, players=self.players, dealer=self.dealer,
            stacks=self.stacks, carried_pot=self.carried_pot, actions=parsed, rules=self.rules,
            pack=self.pack, hands=self.hands, retained=self.retained,
        )


# -- checks ------------------------------------------------------------------------------------


def _check_format(value: object) -> None:
    if not isinstance(value, str):
        raise _fail(["format"], f'must be a string like "{FORMAT}", not {_shown(value)}')
    name, slash, version = value.partition("/")
    if name != _NAME or not slash:
        raise _fail(["format"], f"{_shown(value)} is not a Brag hand history "
                    f"(expected {FORMAT!r})")
    if not (version.isascii() and version.isdigit()) or len(version) > 9:
        # only ASCII digits are numbers ("bhh/١" is not version 1)
        raise _fail(["format"], f"{_shown(value)} has no version number (expected {FORMAT!r})")
    if int(version) > _VERSION:
        raise _fail(["format"], f"{value!r} is a newer version than this bragkit reads "
                    f"({FORMAT}): upgrade bragkit")
    if int(version) != _VERSION:
        raise _fail(["format"], f"{value!r} is not a known version (expected {FORMAT!r})")


#: Players' tuples found good (a session's deals seat the same few): bounded, cleared when full.
_GOOD_PLAYERS: Final[set[tuple[str, ...]]] = set()


def _check_players(players: tuple[str, ...]) -> None:
    try:
        if players in _GOOD_PLAYERS:
            return
    except TypeError:  # a value that is no name (unhashable): the checks say what it is
        pass
    _check_new_players(players)
    if len(_GOOD_PLAYERS) >= 1_024:
        _GOOD_PLAYERS.clear()
    _GOOD_PLAYERS.add(players)


def _check_new_players(players: tuple[str, ...]) -> None:
    if len(players) > MAX_PLAYERS:
        raise _fail(["players"], f"{len(players)} players: a record holds at most {MAX_PLAYERS} "
                    "(rule D1)")
    if len(players) < 2:
        # rule D1: two or more players
        raise _fail(["players"], f"{len(players)} player{'s' * (len(players) != 1)}: "
                    "a deal needs two or more (rule D1)")
    seen: set[str] = set()
    for name in players:
        if not isinstance(name, str) or not name or name != name.strip():
            raise _fail(["players"], f"{_shown(name)} is not a name")
        if len(name) > MAX_NAME:
            raise _fail(["players"], f"{_shown(name)} is longer than {MAX_NAME} characters")
        if not name.isprintable():
            raise _fail(["players"], f"{name!r} holds a character that cannot be printed")
        if name == "showdown":
            raise _fail(["players"], "'showdown' is an action, not a name")
        if name in seen:
            raise _fail(["players"], f"{name!r} sits twice")
        seen.add(name)
    for name in players:
        for other in players:
            rest = name[len(other) + 1:].split() if name.startswith(other + " ") else []
            if rest and rest[0] in _VERBS:
                # "Ann bet 2" could not tell Ann's bet from a player called "Ann bet"
                raise _fail(["players"], f"{name!r} reads as {other!r} and a verb: the actions "
                            "could not be told apart")


def _shown(value: object) -> str:
    """``repr`` of a value for a message, cut to a readable length."""
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of {value.bit_length()} bits"
    text = repr(value[:61]) if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def _cut(text: str) -> str:
    """Text for a message, cut to a readable length."""
    return text if len(text) <= 60 else text[:60] + "…"


def _check_chips(key: Sequence[str], value: object) -> None:
    if type(value) is not int or value < 0:
        raise _fail(key, f"{_shown(value)} is not a whole number of chips")
    if value > MAX_CHIPS:
        raise _fail(key, f"{_shown(value)} chips: a record holds at most {MAX_CHIPS}")


def _check_size(key: Sequence[str], cards: tuple[Card, ...], size: int) -> None:
    if len(cards) != size:
        # rules D6, F1, F3: every hand has the variant's number of cards
        raise _fail(key, f"{len(cards)} cards, a hand has {size}")


def _freeze_hands(
    hands: Mapping[str, Sequence[Card]] | None, players: tuple[str, ...], key: str
) -> dict[str, tuple[Card, ...]] | None:
    if hands is None:
        return None
    frozen: dict[str, tuple[Card, ...]] = {}
    for name, cards in hands.items():
        if name not in players:
            raise _fail(["cards", key, name], f"{name!r} is not one of the players")
        frozen[name] = tuple(cards)
    return frozen


def _check_disjoint(cards: Sequence[Card], *, jokers: int) -> None:
    counts = Counter(cards)
    twice = sorted(c for c, n in counts.items() if n > 1 and not c.is_joker)
    if twice:
        raise _fail(["cards", "hands"], f"{format_cards(twice)} dealt twice")
    if counts.get(Card(JOKER_INDEX), 0) > jokers:
        # rule W1: jokers are in the pack only as many as the rules add
        raise _fail(["cards", "hands"], f"{counts[Card(JOKER_INDEX)]} jokers, the rules add "
                    f"{jokers}")


_JUST_CARDS: Final = {Card}


def _check_pack(pack: Sequence[Card], held: Sequence[Card], *, jokers: int) -> None:
    """The pack plus a retained hand is a complete pack: 52 cards and the jokers, once each."""
    cards = [*pack, *held]
    if (len(cards) == JOKER_INDEX + jokers and cards.count(JOKER) == jokers
            and len(set(cards)) == JOKER_INDEX + (jokers > 0)
            and set(map(type, cards)) == _JUST_CARDS):
        return  # complete (the common case, checked by counting; else Pack says what is wrong)
    try:
        Pack([*pack, *held], jokers=jokers)
    except InvalidCardError as error:
        extra = " with the retained hand" if held else ""
        raise _fail(["cards", "pack"], f"{error}{extra}") from None


# -- reading -----------------------------------------------------------------------------------


def read_bhh(text: str | bytes) -> DealRecord:
    """A record from the text of a ``.bhh`` file, checked key by key and replayed.

    A malformed file raises :class:`NotationError` (:class:`FieldError` naming the line of the key
    at fault; bytes are read as UTF-8); the text is at most :data:`MAX_BHH_TEXT` characters and
    every count it holds is bounded (:data:`MAX_PLAYERS`,
    :data:`MAX_NAME`, :data:`MAX_ACTIONS`, chips at most
    :data:`bragkit.games.three_card.rules.MAX_CHIPS`, the
    rules' own bounds), checked before the deal is built; an illegal action raises
    :class:`IllegalActionError` naming the action.
    """
    text = decode_text(text, limit=MAX_BHH_TEXT, what=".bhh record")
    check_bounds(text)  # its keys too, before it is parsed
    document = parse_toml(text)
    try:
        record = _record_of(document)
    except FieldError as error:
        raise error.at_line(text) from None
    record.replay()
    return record


def load(path: str | Path) -> DealRecord:
    """Read a ``.bhh`` file (see :func:`read_bhh`; a file of more than :data:`MAX_BHH_TEXT`
    bytes is refused unread)."""
    return read_bhh(read_text(path, limit=MAX_BHH_TEXT, what=".bhh record"))


def _record_of(document: Mapping[str, Any]) -> DealRecord:
    if not isinstance(document, Mapping):
        raise NotationError("a record is a TOML document (a table of keys)")
    if "format" not in document:
        raise _fail(["format"], f'missing: the first key of a record is format = "{FORMAT}"')
    _check_format(document["format"])
    unknown = [key for key in document if key not in _TOP_KEYS]
    if unknown:
        names = ", ".join(repr(k) for k in unknown)
        raise FieldError([unknown[0]], f"unknown key{'s' * (len(unknown) > 1)} {names} "
                         f"(a bhh/1 record has {', '.join(_TOP_KEYS)})")
    for key in _REQUIRED:
        if key not in document:
            raise _fail([key], "missing")
    variant = document.get("variant", None)
    players = _strings(["players"], document["players"])
    dealer = document["dealer"]
    if not isinstance(dealer, str):
        raise _fail(["dealer"], f"{_shown(dealer)} is not a name")
    _check_players(players)
    if dealer not in players:
        raise _fail(["dealer"], f"{_shown(dealer)} is not one of the players")
    stacks = _list(["stacks"], document["stacks"])
    if len(stacks) != len(players):
        raise _fail(["stacks"], f"{len(stacks)} stacks for {len(players)} players")
    for stack in stacks:
        _check_chips(["stacks"], stack)
    carried_pot = document.get("carried_pot", 0)
    _check_chips(["carried_pot"], carried_pot)
    rules = _rules_of(document.get("rules", {}), variant)
    if variant is None:
        variant = rules.variant
    texts = _list(["actions"], document.get("actions", []))
    if len(texts) > MAX_ACTIONS:
        raise _fail(["actions"], f"{len(texts)} actions: a record holds at most {MAX_ACTIONS}")
    read = _READ.get  # the actions read before, straight from the cache (_parse_action's)
    actions = tuple([(type(text) is str and read((text, players)))
                     or _parse_action(number, text, players)
                     for number, text in enumerate(texts, 1)])
    cards = _table(["cards"], document["cards"])
    unknown = [key for key in cards if key not in _CARD_KEYS]
    if unknown:
        raise _fail(["cards", unknown[0]], f"unknown key (the [cards] table has "
                    f"{', '.join(_CARD_KEYS)})")
    if ("pack" in cards) == ("hands" in cards):
        raise _fail(["cards"], "give either pack or hands (not both)" if "pack" in cards
                    else "missing: give pack or hands")
    pack = _cards(["cards", "pack"], cards["pack"]) if "pack" in cards else None
    hands = _hands_of(["cards", "hands"], cards["hands"]) if "hands" in cards else None
    retained = _hands_of(["cards", "retained"], cards["retained"]) if "retained" in cards else None
    if document["format"] != FORMAT:  # another spelling of it ("bhh/01"), kept as it is
        return DealRecord(
            format=document["format"], variant=variant, players=tuple(players), dealer=dealer,
            stacks=tuple(stacks), carried_pot=carried_pot, actions=actions, rules=rules,
            pack=pack, hands=hands, retained=retained,
        )
    # every field but the cards is checked above (the variant with the rules, each action's
    # player by its parsing): only the cards are left to check
    record = DealRecord.unchecked(
        variant=variant, players=tuple(players), dealer=dealer, stacks=tuple(stacks),
        carried_pot=carried_pot, actions=actions, rules=rules, pack=pack, hands=hands,
        retained=retained)
    record._check_cards()
    return record


def written_record(*, variant: str, players: tuple[str, ...], dealer: str,
                   stacks: tuple[int, ...], carried_pot: int, actions: Sequence[str],
                   rules: str, pack: str, retained: tuple[str, str] | None) -> DealRecord | None:
    """The record of a ``bhh/1`` document's keys as the writer lays them out, their values
    already read as text and whole numbers (``rules``: the lines of its ``[rules]`` table,
    ``retained``: the one kept hand, a name and its cards): what :meth:`DealRecord.from_document`
    makes of the same document, checked the same, in a fraction of the time (what recurs from
    deal to deal, the players, the rules and the actions, read once). None for anything that
    check would refuse or that is out of :func:`~bragkit.toml_text.check_values`'s bounds: the
    document is then read the general way, which names the fault.

    >>> document = {"format": "bhh/1", "variant": "three-card", "players": ["Ann", "Bob"],
    ...             "dealer": "Bob", "stacks": [10, 10], "carried_pot": 0,
    ...             "actions": ["Ann bet 2"], "rules": {"ante": 2},
    ...             "cards": {"pack": write_cards(Pack.standard().cards)}}
    >>> record = written_record(variant="three-card", players=("Ann", "Bob"), dealer="Bob",
    ...     stacks=(10, 10), carried_pot=0, actions=["Ann bet 2"], rules="ante = 2\\n",
    ...     pack=document["cards"]["pack"], retained=None)
    >>> record == DealRecord.from_document(document), record.rules.ante
    (True, 2)
    >>> written_record(variant="three-card", players=("Ann", "Bob"), dealer="Cy",
    ...     stacks=(10, 10), carried_pot=0, actions=[], rules="", pack="As", retained=None)
    """
    if players not in _GOOD_PLAYERS and not _good_players(players):
        return None
    if (dealer not in players or len(stacks) != len(players) or len(actions) > MAX_ACTIONS
            or carried_pot > MAX_CHIPS or max(stacks) > MAX_CHIPS):
        return None
    try:
        found = _WRITTEN_RULES.get((variant, rules))
        if found is None:
            found = _written_rules(variant, rules)
            if found is None:
                return None
        read = _READ.get
        parsed = tuple([read((text, players)) or _parse_action(number, text, players)
                        for number, text in enumerate(actions, 1)])
        kept = None if retained is None else {retained[0]: read_cards(retained[1])}
        record = DealRecord.unchecked(
            variant=variant, players=players, dealer=dealer, stacks=stacks,
            carried_pot=carried_pot, actions=parsed, rules=found, pack=read_cards(pack),
            hands=None, retained=kept)
        record._check_cards()
    except (NotationError, InvalidCardError):
        return None
    return record


def _good_players(players: tuple[str, ...]) -> bool:
    """Whether ``players`` pass the checks of a record's players (kept as good if so)."""
    try:
        _check_players(players)
    except NotationError:
        return False
    return True


#: The rules of the ``[rules]`` tables read by :func:`written_record`, by the variant and the
#: table's text (a session's deals are played under a few). Bounded: cleared when it grows.
_WRITTEN_RULES: Final[dict[tuple[str, str], Rules]] = {}


def _written_rules(variant: str, text: str) -> Rules | None:
    """The rules of a ``[rules]`` table's text, as :func:`_record_of` reads them (None: not
    TOML, out of bounds or refused)."""
    try:
        table = tomllib.loads(text)
        check_values(table)
        rules = _rules_of(table, variant)
    except Exception:  # whatever it is, the general reading meets it again and says so
        return None
    if len(_WRITTEN_RULES) >= 256:
        _WRITTEN_RULES.clear()
    _WRITTEN_RULES[(variant, text)] = rules
    return rules


_RULES_KEYS: Final = (*Rules().to_dict(full=True), "max_bet", "raise_limit")


def _list(key: Sequence[str], value: object) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(key, f"must be an array, not {_shown(value)}")
    return value


def _strings(key: Sequence[str], value: object) -> tuple[str, ...]:
    items = _list(key, value)
    for item in items:
        if not isinstance(item, str):
            raise _fail(key, f"{_shown(item)} is not a string")
    return tuple(items)


def _table(key: Sequence[str], value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(key, f"must be a table, not {_shown(value)}")
    return value


#: Rules read, by their table and variant (rules are frozen, so records share them): a
#: session's deals are played under a few. Bounded: cleared when it grows large.
_RULES_READ: Final[dict[tuple[object, ...], Rules]] = {}


def _rules_of(value: object, variant: object) -> Rules:
    try:
        key: tuple[object, ...] | None = (type(variant), variant, *(  # True is not 1 here
            (k, type(v), tuple((type(w), w) for w in v) if type(v) is list else v)
            for k, v in _table(["rules"], value).items()))
        found = _RULES_READ.get(key)  # type: ignore[arg-type]
    except TypeError:  # a value that cannot be a key (a table): read it uncached
        key = found = None
    if found is None:
        found = _read_rules(value, variant)
        if key is not None:
            if len(_RULES_READ) >= 256:
                _RULES_READ.clear()
            _RULES_READ[key] = found
    return found


def _read_rules(value: object, variant: object) -> Rules:
    table = dict(_table(["rules"], value))
    if variant is not None:
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise _fail(["variant"], f"{_shown(variant)} is not one of {', '.join(VARIANTS)}")
        cards = table.setdefault("cards", VARIANTS[variant])
        if cards != VARIANTS[variant]:
            # rules F1, F3
            raise _fail(["rules", "cards"], f"{_shown(cards)} cards do not make the variant "
                        f"{_shown(variant)} ({VARIANTS[variant]} cards)")
    try:
        return Rules.from_dict(table)
    except (RulesError, InvalidCardError) as error:
        message = str(error)
        key = next((k for k in _RULES_KEYS if k in table and re.search(rf"\b{k}\b", message)),
                   None)
        raise _fail(["rules"] if key is None else ["rules", key], message) from None


def _cards(key: Sequence[str], value: object) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise _fail(key, f'must be a string of cards like "As Kd 7c", not {_shown(value)}')
    try:
        return read_cards(value)
    except InvalidCardError as error:
        raise _fail(key, str(error)) from None


def _hands_of(key: Sequence[str], value: object) -> dict[str, tuple[Card, ...]]:
    table = _table(key, value)
    return {name: _cards([*key, name], cards) for name, cards in table.items()}


#: Actions read, by their text and the players (an action is frozen, so records share them):
#: the same few recur deal after deal of a session. Bounded: cleared when it grows large.
_READ: Final[dict[tuple[str, tuple[str, ...]], Action]] = {}


def _parse_action(number: int, text: object, players: Sequence[str]) -> Action:
    if not isinstance(text, str):
        raise NotationError(f"action {number} {_shown(text)}: an action is a string")
    key = (text, tuple(players))
    found = _READ.get(key)
    if found is None:
        try:
            found = Action.parse(text, players=players, verbs=VERBS)
        except InvalidActionError as error:
            raise NotationError(f'action {number} "{_cut(text)}": {error}') from None
        if len(_READ) >= 4_096:
            _READ.clear()
        _READ[key] = found
    return found


# -- the line of a key -------------------------------------------------------------------------

def key_line(text: str, key: Sequence[str]) -> int | None:
    """The 1-based line of ``text`` that defines the key ``key`` (or the key holding it, or a
    dotted key inside it); lines are counted as TOML counts them, at each ``\\n``.

    >>> key_line('format = "bhh/1"\\n[cards]\\nhands = { Ann = "As" }', ("cards", "hands", "Ann"))
    3
    >>> key_line('[rules]\\n', ("rules",)), key_line('a = 1', ("b",))
    (1, None)
    >>> key_line('[ "cards" ] # the cards\\n"pack" = "As"', ("cards", "pack"))
    2

    Time and memory are linear in the text: a regular expression without backtracking finds the
    lines that may matter (headers, and keys named like a part of ``key``), and each of those is
    read by hand, one line held at a time.
    """
    path = tuple(key)
    table: tuple[str, ...] = ()
    number, last = 1, 0
    for match in _candidates(path).finditer(text):
        begin = match.start()
        number += text.count("\n", last, begin)
        last = begin
        end = text.find("\n", begin)
        line = text[begin: len(text) if end < 0 else end].strip(" \t\r")
        if line.startswith("["):
            header = _header(line)
            if header is not None:
                table = header
                if table == path[: len(table)] == path or path == table[: len(path)]:
                    return number
            continue
        parts = _dotted_key(line, 0, "=")
        if parts is not None:
            full = (*table, *parts[0])
            if full == path[: len(full)] or path == full[: len(path)]:
                return number
    return None


def _candidates(path: tuple[str, ...]) -> re.Pattern[str]:
    """The lines :func:`key_line` reads: headers and keys that may start with a part of the
    path (any quoted key when a part is long or not bare; a quoted key with an escape)."""
    starts = [r"\[", r'"[^"\n\\]*\\']  # headers; quoted keys with an escape
    for part in path:
        if 0 < len(part) <= 200 and set(part) <= _BARE:
            starts += [re.escape(part), f'"{re.escape(part)}"', f"'{re.escape(part)}'"]
        else:
            starts += ['"', "'"]
    return re.compile(rf"^[ \t]*(?:{'|'.join(dict.fromkeys(starts))})", re.MULTILINE)


def _header(line: str) -> tuple[str, ...] | None:
    """The key of a ``[table]`` or ``[[array]]`` header line, or None."""
    double = line.startswith("[[")
    found = _dotted_key(line, 2 if double else 1, "]]" if double else "]")
    if found is None:
        return None
    parts, after = found
    rest = line[after:].lstrip(" \t")
    return parts if not rest or rest.startswith("#") else None


def _dotted_key(line: str, position: int, closer: str) -> tuple[tuple[str, ...], int] | None:
    """A dotted key starting at ``position`` and followed by ``closer`` (``=`` or ``]``): its
    parts and the position after the closer; None when the line holds no such key."""
    parts: list[str] = []
    while True:
        part = _PART.match(line, position)
        if part is None:
            return None
        if part["bare"] is not None:
            parts.append(part["bare"])
            position = part.end()
        else:
            end = _string_end(line, part.start("quote"))
            if end < 0:
                return None
            parts.append(_unquote(line[part.start("quote"):end]))
            position = end
        position = _SPACE.match(line, position).end()  # type: ignore[union-attr]
        if line.startswith(closer, position):
            return tuple(parts), position + len(closer)
        if not line.startswith(".", position):
            return None
        position += 1


_BARE: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
# One part of a dotted key after any blanks: a bare key, or the opening quote of a quoted one.
# (single-character classes only: nothing to backtrack into)
_PART: Final = re.compile(r"[ \t]*(?:(?P<bare>[A-Za-z0-9_-]+)|(?P<quote>[\"']))")
_SPACE: Final = re.compile(r"[ \t]*")


def _string_end(line: str, position: int) -> int:
    """The position after the one-line string opening at ``position``, or -1."""
    quote = line[position]
    end = position + 1
    while True:
        end = line.find(quote, end)
        if end < 0:
            return -1
        if quote == "'":
            return end + 1
        backslashes = 0
        while line[end - 1 - backslashes] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:
            return end + 1
        end += 1


def _unquote(key: str) -> str:
    """A quoted key's text (a basic string's escapes read as TOML reads them)."""
    inner = key[1:-1]
    if key[0] == "'" or "\\" not in inner:
        return inner
    try:
        value = tomllib.loads(f"k = {key}").get("k", inner)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return inner
    return value if isinstance(value, str) else inner


# -- writing -----------------------------------------------------------------------------------


def write_bhh(record: DealRecord) -> str:
    """The text of a ``.bhh`` file: top-level keys first in the documented order, then ``[rules]``
    and ``[cards]`` (hands as inline tables), one action a line."""
    return dump_document(record.to_document(), multiline=("actions",))


def dump(record: DealRecord, path: str | Path) -> None:
    """Write a record to a ``.bhh`` file (see :func:`write_bhh`)."""
    Path(path).write_text(write_bhh(record), encoding="utf-8")
