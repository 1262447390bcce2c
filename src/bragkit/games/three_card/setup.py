"""What a three-card deal (:mod:`bragkit.games.three_card.deal`) works out once and shares: the
menu entries of each player (interned), the tables read from its
Rules, the seating of a table, and the checks of a deal's construction (rules D1-D6, R1, W1).

>>> from bragkit.games.three_card.rules import Rules
>>> setup(Rules()) is setup(Rules())      # equal Rules share one setup
True
>>> seating(("Ann", "Bob", "Cy"), "Cy").order  # the seats from the dealer's left (D3, D6)
(0, 1, 2)
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from bragkit.actions import HandChoice, LegalAction, Verb
from bragkit.actions import amount_option as new_option
from bragkit.cards import JOKER, JOKER_INDEX, Card, Pack, parse_cards
from bragkit.errors import RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.hands import HandRank, strength_table
from bragkit.hands.table import rank_objects

__all__ = [
    "AmountOptions",
    "Fixed",
    "Menu",
    "Setup",
    "amount_option",
    "seating",
    "setup",
]

N = JOKER_INDEX + 1  # the flat hand table is indexed a * 53 * 53 + b * 53 + c
N2 = N * N

AmountOptions = dict[tuple[int, int], LegalAction]
Menu = Sequence[LegalAction]  # a list, or a tuple shared between states (never changed)
Strength = tuple[int, tuple[int, ...]]
#: :attr:`Setup.simple` of four- and five-card rules: menus remembered but while a discard is due.
DISCARDS: Final = 2

_FOLD, _LOOK, _KEEP, _THROW = Verb.FOLD, Verb.LOOK, Verb.KEEP, Verb.THROW
_DISCARD, _TOPUP = Verb.DISCARD, Verb.TOPUP


class Fixed:
    """A player's menu entries, built once per name: those without amounts (they never change)
    and, interned by their bounds, those with amounts. LegalAction objects are immutable and
    the same few recur deal after deal (each cache is bounded: cleared when it grows large)."""

    __slots__ = ("agree", "bet", "blind", "cover", "fold", "keep", "look", "look_two", "name",
                 "see", "throw", "topup")

    def __init__(self, name: str) -> None:
        self.name = name
        def make(verb: Verb, hand: HandChoice | None = None, discards: int = 0) -> LegalAction:
            return LegalAction(player=name, verb=verb, hand=hand, discards=discards)

        self.fold = make(_FOLD)
        self.agree = make(Verb.AGREE)  # rule B8
        self.look = make(_LOOK)
        self.look_two = (make(_LOOK, "old"), make(_LOOK, "new"))  # rule R2
        self.keep = make(_KEEP)
        self.throw = make(_THROW)
        self.topup = LegalAction(player=name, verb=_TOPUP, min_amount=1)  # rule M1
        self.bet: AmountOptions = {}
        self.blind: AmountOptions = {}
        self.see: AmountOptions = {}
        self.cover: AmountOptions = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Fixed:
        return self  # shared by every deal (a copied deal shares it too)


_FIXED: dict[str, Fixed] = {}


def fixed_options(name: str) -> Fixed:
    found = _FIXED.get(name)
    if found is None:
        if len(_FIXED) > 10_000:
            _FIXED.clear()
        found = _FIXED[name] = Fixed(name)
    return found


def amount_option(
    cache: AmountOptions, player: str, verb: Verb, low: int, high: int
) -> LegalAction:
    """The option of ``verb`` from ``low`` to ``high`` chips, from the player's ``cache``."""
    found = cache.get((low, high))
    if found is None:
        if len(cache) > 2_000:
            cache.clear()
        found = cache[low, high] = new_option(player, verb, low, high)
    return found


class Setup:
    """What a deal reads from its Rules, worked out once per Rules object."""

    __slots__ = ("bounds", "max_players", "plain_limits", "ranks", "rules", "simple", "turns",
                 "values", "wild")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.max_players = rules.max_players()  # rule D1
        # rule B1: no raise limit and no pot limit, so bet_bounds reduces to min_bet/max_bet
        self.plain_limits = rules.raise_limit is None and not rules.pot_limit
        # the rules of a simple deal (see Menus.menu), given no retained hand: 0 (not simple),
        # 1, or DISCARDS (four or five cards: a menu offering a discard is not remembered)
        self.simple = (0 if not self.plain_limits or rules.lending
                       else 1 if rules.cards == 3 else DISCARDS)
        # the menus of a simple deal, remembered by what they depend on (see there)
        self.turns: dict[tuple[Any, ...], Menu] = {}
        # the least and most of a bet without a pot limit, by stake, whether a bet is made and
        # whether the bettor is blind (bet_bounds of these rules; see Menus.bounds)
        self.bounds: dict[tuple[int, bool, bool], tuple[int, int | None]] = {}
        # jokers are always wild (W1): the evaluator needs to be told only of named wild cards
        self.wild: frozenset[Card] | tuple[()] = rules.wild_cards if rules.wild else ()
        # every three cards' HandRank value, compact (rules H2-H10, W1-W3), and the HandRank
        # of each value: what evaluate() gives, in 300 KB rather than a list of 150,000
        # pointers (the look-up of a showdown stays in the processor's cache)
        self.values = _strength_values(rules.ordering, self.wild)
        # (None only at values no hand has)
        self.ranks = cast(tuple[HandRank, ...], rank_objects(rules.ordering))

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self  # shared by every deal under equal Rules (a copied deal shares it too)


@functools.lru_cache(maxsize=32)
def _strength_values(ordering: str, wild: frozenset[Card] | tuple[()]) -> array[int]:
    """:func:`~bragkit.hands.strength_table` flat, as Python reads it fastest: entry
    ``a * 53 * 53 + b * 53 + c`` is the value of cards ``a b c`` (``-1``: a card twice)."""
    values = array("h")
    values.frombytes(strength_table(ordering, wild).astype("=i2").tobytes())
    return values


_SETUPS: dict[Rules, Setup] = {}


def setup(rules: Rules) -> Setup:
    """The setup of ``rules``, shared by equal Rules (a Rules object is immutable; tables
    built from the same settings share their remembered menus); the last one used is kept at
    hand, tested by identity, as a table deals deal after deal under the same Rules."""
    global last_setup
    found = _SETUPS.get(rules)
    if found is None:
        if len(_SETUPS) >= 64:  # bounded: at most 64 setups of up to 4,096 remembered menus
            _SETUPS.clear()
        found = _SETUPS[rules] = Setup(rules)
    last_setup = (rules, found)
    return found


last_setup: tuple[Rules, Setup] | None = None


class Seats:
    """A table's seating, worked out once per players and dealer and shared by every deal
    that seats them (never changed): ``names`` clockwise, ``seat`` of each name, the
    ``dealer``'s seat, ``order`` the seats from the dealer's left round (B2, D3, D6), each
    seat's menu entries (``fixed``) and ``slices``, the slice of the cards dealt that is each
    seat's hand."""

    __slots__ = ("acting", "dealer", "fixed", "n", "names", "nones", "order", "seat", "slices")

    def __init__(self, names: tuple[str, ...], seat: dict[str, int], dealer: int) -> None:
        n = len(names)
        self.names = names
        #: who acts, by the seat to act: a name, and None at -1 (nobody: the deal is over)
        self.acting = (*names, None)
        self.seat = seat
        self.dealer = dealer
        self.n = n
        self.order = tuple((dealer + 1 + i) % n for i in range(n))
        self.fixed = tuple(fixed_options(name) for name in names)
        self.slices = tuple(slice(self.order.index(s), None, n) for s in range(n))
        #: a None for each seat, never changed: copied where a deal needs such a row (a copy
        #: costs half as much as building the list)
        self.nones: list[Any] = [None] * n

    def __deepcopy__(self, memo: dict[int, Any]) -> Seats:
        return self  # shared by every deal at the table (a copied deal shares it too)


_SEATING: dict[tuple[tuple[str, ...], str], Seats] = {}


def seating(names: tuple[str, ...], dealer: str) -> Seats | None:
    """The :class:`Seats` of ``names`` with ``dealer`` dealing, or None for a table with a
    name twice, fewer than two seats or no such dealer. Cached: a table seats the same
    players deal after deal."""
    key = (names, dealer)
    found = _SEATING.get(key)
    if found is None:
        seat = {name: i for i, name in enumerate(names)}
        if len(seat) != len(names) or len(names) < 2 or dealer not in seat:
            return None
        if len(_SEATING) > 10_000:
            _SEATING.clear()
        found = _SEATING[key] = Seats(names, seat, seat[dealer])
    return found


def check_stacks(names: tuple[str, ...], stacks: tuple[int, ...], ante: int) -> None:
    for name, stack in zip(names, stacks, strict=True):
        if type(stack) is not int or stack < 0:
            raise RulesError(f"{name}'s stack must be a whole number of chips: {stack!r}")
        if stack < ante:
            # rule D2 [decision]: the Table tops up or seats out a player who cannot ante
            raise RulesError(f"{name} cannot pay the ante of {ante} (rule D2)")


def check_retained(
    kept_old: Mapping[str, tuple[Card, ...]], names: tuple[str, ...], rules: Rules
) -> None:
    if not rules.blind:
        raise RulesError("a retained blind hand needs blind play (rules BL3, R1)")
    for name, old in kept_old.items():
        if name not in names:
            raise RulesError(f"{name!r} keeps a hand but is not one of the players")
        if len(old) != rules.cards:
            raise RulesError(f"a retained hand is {rules.cards} cards, not {len(old)} (R1)")


def check_hands(
    hands: Mapping[str, Sequence[Card] | str], names: tuple[str, ...], rules: Rules,
    held: list[Card],
) -> dict[str, tuple[Card, ...]]:
    dealt = {name: parse_cards(cards) for name, cards in hands.items()}
    for name in dealt:
        if name not in names:
            raise RulesError(f"a hand for {name!r}, who is not one of the players")
    seen = list(held)
    for name in names:
        if name not in dealt:
            raise RulesError(f"no hand for {name} (every player is dealt, rule D6)")
        if len(dealt[name]) != rules.cards:
            raise RulesError(f"{name} is dealt {len(dealt[name])} cards, not {rules.cards}")
        seen += dealt[name]
    check_distinct(seen, rules)
    return dealt


def check_distinct(cards: list[Card], rules: Rules) -> None:
    jokers = cards.count(JOKER)
    if jokers > rules.jokers:
        raise RulesError(f"{jokers} jokers, but the rules add {rules.jokers} (rule W1)")
    if len(set(cards)) != len(cards) - jokers + (1 if jokers else 0):
        plain = [c for c in cards if not c.is_joker]
        twice = sorted({c for c in plain if plain.count(c) > 1})
        raise RulesError(f"{' '.join(map(str, twice))} dealt twice")


def check_pack(pack: Pack, rules: Rules, kept_old: Mapping[str, tuple[Card, ...]]) -> None:
    if type(pack) is Pack and not kept_old and not rules.jokers and pack._is_one_deck():
        return  # the common case: one whole deck, nothing retained (what the checks below find)
    if not isinstance(pack, Pack):
        raise RulesError(f"pack must be a Pack, not {type(pack).__name__}")
    if pack.decks != 1 or pack.jokers != rules.jokers:
        raise RulesError(f"the pack has {pack.jokers} jokers and {pack.decks} decks; the rules "
                         f"want one deck and {rules.jokers} jokers (rule W1)")
    held = [c for old in kept_old.values() for c in old] if kept_old else []
    size = len(pack)
    if size + len(held) != rules.pack_size:
        raise RulesError(f"the pack and the retained hand hold {size + len(held)} cards, "
                         f"not {rules.pack_size} (rules D5, R1)")
    if held or rules.jokers or not pack._is_one_deck():
        check_distinct([*pack.cards, *held], rules)
