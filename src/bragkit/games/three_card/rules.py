"""The house rules of the three-card family: :class:`Rules` (every option of RULES.md).

Brag is played under rules the table agrees up front, and a record of a deal always carries them.
A :class:`Rules` is frozen and keyword-only; every field is an option of RULES.md with its
default, and its name is the key of the ``[rules]`` table of a ``.bhh`` file (HAND-HISTORY.md).

>>> rules = Rules(max_bet=20, wild=("2",))
>>> rules.max_bet, rules.see_cost, rules.variant
(20, 'double', 'three-card')
>>> rules.to_dict()
{'max_bet': 20, 'wild': ['2']}
>>> Rules.from_dict({"max_bet": 20, "wild": ["2"]}) == rules
True
>>> sorted(str(c) for c in rules.wild_cards)
['2c', '2d', '2h', '2s']

Nonsense is refused with a :class:`~bragkit.errors.RulesError` naming the option:

>>> Rules(min_bet=5, max_bet=2)
Traceback (most recent call last):
...
bragkit.errors.RulesError: min_bet 5 is more than max_bet 2 (rule B1)
>>> Rules.from_dict({"maxbet": 20})
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown rules key 'maxbet'

Presets name the variants (four- and five-card Brag, F1/F3; Teen Patti, H10):

>>> Rules.preset("four-card").cards, Rules.preset("teen-patti").ordering
(4, 'teen-patti')
>>> Rules.preset("five-card", jokers=2).to_dict()
{'jokers': 2, 'cards': 5}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Final

from bragkit.actions import MAX_AMOUNT
from bragkit.cards import JOKER, MAX_JOKERS, Card, Rank, Suit
from bragkit.errors import InvalidCardError, RulesError

__all__ = ["MAX_CHIPS", "ORDERINGS", "PRESETS", "Rules"]

#: The largest amount of chips any option may name (ante, bets, limits, buy-in): the largest
#: amount an action may carry (:data:`bragkit.actions.MAX_AMOUNT`, a million million).
MAX_CHIPS: Final = MAX_AMOUNT
# The whole-number options: the most each may be, and the rule that sets it.
_BOUNDS: Final[dict[str, tuple[int, str]]] = {
    "ante": (MAX_CHIPS, "D2"), "min_bet": (MAX_CHIPS, "B1"), "max_bet": (MAX_CHIPS, "B1"),
    "raise_limit": (MAX_CHIPS, "B1"), "buy_in": (MAX_CHIPS, "M1"), "jokers": (MAX_JOKERS, "W1"),
}
# The most entries of the wild option: every rank and every card once (rule W1).
_MAX_WILD: Final = 13 + 52

#: The hand orderings a three-card game may be played under (rule H10). Crash orderings rank a
#: four of a kind, which a hand of three cannot hold, so they are not offered here.
ORDERINGS: Final = ("standard", "teen-patti", "nine-card", "historic")

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "see_cost": ("double", "single"),  # rule B9
    "short_money": ("cover", "fold"),  # rules M2, M4
    "retained_blind": ("two-hands", "face-up"),  # rules R2, R3
    "shuffle": ("prial-seen", "always"),  # rule D4
    "ordering": ORDERINGS,  # rule H10
}
_VARIANTS: Final = {3: "three-card", 4: "four-card", 5: "five-card"}


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """Every option of RULES.md for the three-card family, with its default.

    Amounts are whole chips. ``min_bet``/``max_bet``/``raise_limit`` are in open terms (a blind
    bet counts double, rule B1); ``pot_limit`` caps the chips one bet puts in at what the pot
    holds. ``wild`` names wild cards (``"2c"``) or whole ranks (``"2"``); ``jokers`` adds jokers
    to the pack, always wild (W1). ``cards`` is 3, 4 or 5 (three-, four-, five-card Brag, F1/F3).

    Every count has an upper bound, checked before anything is built: the amounts (``ante``,
    ``min_bet``, ``max_bet``, ``raise_limit``, ``buy_in``; rules D2, B1, M1) are at most
    :data:`MAX_CHIPS`, ``jokers`` at most :data:`bragkit.cards.MAX_JOKERS` (W1), ``wild`` names
    at most every rank and card once (W1).

    >>> Rules(jokers=200_000_000)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: jokers must be at most 52, not 200000000 (rule W1)
    >>> Rules(max_bet=2**63)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: max_bet must be at most 1000000000000 chips, not \
9223372036854775808 (rule B1)

    [decision] ``raise_limit`` and ``pot_limit`` are alternatives (B1 offers one *or* the other):
    setting both is a :class:`RulesError`.
    """

    ante: int = field(default=1, metadata={
        "rule": "D2", "meaning": "each player's ante before a deal", "min": 0, "max": MAX_CHIPS})
    min_bet: int = field(default=1, metadata={
        "rule": "B1", "meaning": "the least open bet", "min": 1, "max": MAX_CHIPS})
    max_bet: int | None = field(default=None, metadata={
        "rule": "B1", "meaning": "the most one open bet may be (empty: no maximum)", "min": 1,
        "max": MAX_CHIPS})
    raise_limit: int | None = field(default=None, metadata={
        "rule": "B1", "meaning": "the most a bet may raise the stake (empty: no limit)", "min": 0,
        "max": MAX_CHIPS})
    pot_limit: bool = field(default=False, metadata={
        "rule": "B1", "meaning": "a bet puts in at most what the pot holds"})
    see_cost: str = field(default="double", metadata={
        "rule": "B9", "meaning": "what seeing costs: double the stake or a single stake",
        "choices": ("double", "single")})
    blind: bool = field(default=True, metadata={"rule": "BL1", "meaning": "players may bet blind"})
    short_money: str = field(default="cover", metadata={
        "rule": "M2", "meaning": "a player short of money covers the pot or folds",
        "choices": ("cover", "fold")})
    lending: bool = field(default=False, metadata={
        "rule": "M4", "meaning": "players may lend each other chips"})
    retained_blind: str = field(default="two-hands", metadata={
        "rule": "R2", "meaning": "a kept blind hand: played beside a new one, or face up",
        "choices": ("two-hands", "face-up")})
    shuffle: str = field(default="prial-seen", metadata={
        "rule": "D4", "meaning": "shuffle after a prial is seen, or before every deal",
        "choices": ("prial-seen", "always")})
    stock_face_up: bool = field(default=False, metadata={
        "rule": "D9", "meaning": "the stock's top card lies face up"})
    wild: tuple[str, ...] = field(default=(), metadata={
        "rule": "W1", "meaning": "wild cards or ranks, e.g. 2 or Jh", "cards": True})
    jokers: int = field(default=0, metadata={
        "rule": "W1", "meaning": "jokers in the pack (always wild)", "min": 0, "max": MAX_JOKERS})
    cards: int = field(default=3, metadata={
        "rule": "F1", "meaning": "cards dealt each: three, four or five (discard down to three)",
        "choices": (3, 4, 5)})
    ordering: str = field(default="standard", metadata={
        "rule": "H10", "meaning": "the order of hands", "choices": ORDERINGS})
    buy_in: int = field(default=0, metadata={
        "rule": "M1", "meaning": "the least a player sits down with", "min": 0, "max": MAX_CHIPS})
    dealers_choice: bool = field(default=False, metadata={
        "rule": "T2", "meaning": "dealers may name the game once the deal has gone round"})
    _wild_cards: frozenset[Card] = field(default=frozenset(), init=False, repr=False,
                                         compare=False)

    def __eq__(self, other: object) -> bool:
        # the dataclass's comparison (its compared fields, in order) after an identity test: a
        # session compares its table's one Rules object with itself several times a deal
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    def __post_init__(self) -> None:
        for name in (*_BOUNDS, "cards"):
            value = getattr(self, name)
            if value is not None or name not in ("max_bet", "raise_limit"):
                _check_int(name, value)
        for name in ("pot_limit", "blind", "lending", "stock_face_up", "dealers_choice"):
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"{name} must be true or false, not {_shown(getattr(self, name))}")
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise RulesError(f"{name} must be one of {', '.join(allowed)}, not {_shown(value)}")
        if self.min_bet < 1:
            raise RulesError(f"min_bet must be at least 1 chip, not {self.min_bet} (rule B1)")
        if self.max_bet is not None and self.max_bet < self.min_bet:
            raise RulesError(
                f"min_bet {self.min_bet} is more than max_bet {self.max_bet} (rule B1)"
            )
        if self.raise_limit is not None and self.pot_limit:
            raise RulesError("raise_limit and pot_limit are alternatives: choose one (rule B1)")
        if self.cards not in _VARIANTS:
            raise RulesError(f"cards must be 3, 4 or 5, not {_shown(self.cards)} (rules F1, F3)")
        wild, cards = _parse_wild(self.wild)
        object.__setattr__(self, "wild", wild)
        if self.jokers:
            cards.add(JOKER)
        object.__setattr__(self, "_wild_cards", frozenset(cards))

    # -- derived ------------------------------------------------------------------------------

    @property
    def wild_cards(self) -> frozenset[Card]:
        """Every wild card, ranks expanded, the joker included when the pack has jokers (W1).

        >>> sorted(str(c) for c in Rules(wild=("Jh", "js"), jokers=1).wild_cards)
        ['Jh', 'Jk', 'Js']
        """
        return self._wild_cards

    @property
    def variant(self) -> str:
        """``"three-card"``, ``"four-card"`` or ``"five-card"`` (the ``.bhh`` variant)."""
        return _VARIANTS[self.cards]

    @property
    def pack_size(self) -> int:
        """The cards in the pack: 52 and the jokers (rules H1, W1)."""
        return 52 + self.jokers

    def max_players(self, *, retained: int = 0) -> int:
        """The most players the pack can deal (rule D1), ``retained`` blind hands held aside.

        >>> Rules().max_players(), Rules().max_players(retained=1), Rules(cards=4).max_players()
        (17, 16, 13)
        """
        return (self.pack_size - retained * self.cards) // self.cards

    def check_table(self, players: int | Sequence[str], *, retained: int | bool = 0) -> None:
        """Refuse a table the pack cannot deal (rule D1): at least two players, each dealt
        ``cards`` cards, while ``retained`` blind hands (R1) hold a further ``cards`` each.

        >>> Rules().check_table(["Ann", "Bob"])
        >>> Rules().check_table(17, retained=True)
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: a pack of 52 cards cannot deal 17 players 3 cards each and \
hold 1 retained hand (rules D1, R1)
        """
        if isinstance(players, int):
            count = players
        else:
            names = list(players)
            if len(set(names)) != len(names):
                raise RulesError("a player cannot sit twice (rule D1)")
            count = len(names)
        if count < 2:
            raise RulesError(f"Brag needs two or more players, not {count} (rule D1)")
        held = int(retained)
        if held < 0 or held > 1:
            raise RulesError("at most one retained blind hand at a time (rule R1)")
        if count > self.max_players(retained=held):
            extra = f" and hold {held} retained hand" if held else ""
            raise RulesError(
                f"a pack of {self.pack_size} cards cannot deal {count} players {self.cards} "
                f"cards each{extra} (rules D1, R1)"
            )

    # -- presets and the [rules] table ---------------------------------------------------------

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """The rules of a named variant, with any options overridden.

        >>> Rules.preset("three-card") == Rules()
        True
        >>> Rules.preset("poker")
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: unknown preset 'poker' (known: three-card, four-card, \
five-card, teen-patti)
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError(f"unknown preset {_shown(name)} (known: {', '.join(PRESETS)})")
        options = {**PRESETS[name], **overrides}
        return cls.from_dict(options)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like a new object).

        >>> Rules().replace(blind=False).blind
        False
        """
        return Rules.from_dict({**self.to_dict(full=True), **changes})

    def to_dict(self, *, full: bool = False) -> dict[str, Any]:
        """The ``[rules]`` table: only options that differ from the default (all with ``full``).

        ``wild`` is a list; options left at None (no maximum) are left out, TOML having no null.
        """
        table: dict[str, Any] = {}
        for f in _FIELDS:
            value = getattr(self, f.name)
            if not full and value == f.default:
                continue
            if value is None:
                continue
            table[f.name] = list(value) if f.name == "wild" else value
        return table

    @classmethod
    def from_dict(cls, table: Mapping[str, Any]) -> Rules:
        """Rules from a ``[rules]`` table; an unknown key or a value of the wrong type is a
        :class:`RulesError` naming it.

        >>> Rules.from_dict({"ante": "1"})
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: ante must be a whole number, not '1'
        """
        if not isinstance(table, Mapping):
            raise RulesError(f"the rules are a table of options, not {_shown(table)}")
        known = {f.name for f in _FIELDS}
        for key in table:
            if key not in known:
                raise RulesError(f"unknown rules key {_shown(key)}")
        options = dict(table)
        wild = options.get("wild", ())
        if isinstance(wild, str) or not isinstance(wild, Sequence) or len(wild) > _MAX_WILD or (
                not all(isinstance(w, str) for w in wild)):
            raise RulesError(f"wild must be a list of cards or ranks, not {_shown(wild)}")
        options["wild"] = tuple(wild)
        return cls(**options)


_FIELDS: Final = tuple(f for f in dataclasses.fields(Rules) if f.init)
#: The fields :meth:`Rules.__eq__` compares, as a tuple (the dataclass's own ``compare``).
_compared: Final = attrgetter(*(f.name for f in dataclasses.fields(Rules) if f.compare))

#: The named variants of the three-card family and the options that make them.
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "three-card": {},
    "four-card": {"cards": 4},  # rule F1
    "five-card": {"cards": 5},  # rule F3
    "teen-patti": {"ordering": "teen-patti"},  # rule H10 [decision]
}


def _shown(value: object) -> str:
    """``repr`` of a value for a message, cut to a readable length (a number too long to
    print is named by its size)."""
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of {value.bit_length()} bits"
    text = repr(value) if not isinstance(value, str) else repr(value[:61])
    return text if len(text) <= 60 else text[:60] + "…"


def _check_int(name: str, value: object) -> None:
    if type(value) is not int:
        raise RulesError(f"{name} must be a whole number, not {_shown(value)}")
    if value < 0:
        raise RulesError(f"{name} cannot be negative: {_shown(value)}")
    most, rule = _BOUNDS.get(name, (value, ""))
    if value > most:
        chips = " chips" if most == MAX_CHIPS else ""
        raise RulesError(f"{name} must be at most {most}{chips}, not {_shown(value)} "
                         f"(rule {rule})")


def _parse_wild(wild: object) -> tuple[tuple[str, ...], set[Card]]:
    """Normalise the wild option (rule W1): each entry a card (``"2c"``) or a rank (``"2"``)."""
    if isinstance(wild, str) or not isinstance(wild, Sequence) or len(wild) > _MAX_WILD:
        raise RulesError(f"wild must be a list of cards or ranks, not {_shown(wild)}")
    names: list[str] = []
    cards: set[Card] = set()
    for entry in wild:
        if not isinstance(entry, str):
            raise RulesError(f"wild must be a list of cards or ranks, not {_shown(entry)}")
        name, expanded = _wild_entry(entry)
        if name in names:
            raise RulesError(f"wild names {name} twice (rule W1)")
        names.append(name)
        cards.update(expanded)
    return tuple(names), cards


def _wild_entry(entry: str) -> tuple[str, tuple[Card, ...]]:
    text = entry.strip()
    try:
        rank = Rank.parse(text)
    except InvalidCardError:
        pass
    else:
        return rank.symbol, tuple(Card.of(rank, suit) for suit in Suit)
    try:
        card = Card.parse(text)
    except InvalidCardError:
        raise RulesError(f"wild card {_shown(entry)} is neither a card nor a rank (rule W1)"
                         ) from None
    if card.is_joker:
        raise RulesError("jokers are always wild: add them with jokers = N, not wild (rule W1)")
    return str(card), (card,)

