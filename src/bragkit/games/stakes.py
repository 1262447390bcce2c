"""The one equalising betting core shared by historic Brag and 3 Card Brag Poker (S2, S4, P2–P5).

The three-card family bets without equalising (rule B3: every turn costs fresh money). Historic
Brag (S2, S4) and 3 Card Brag Poker (P2, P4) bet *poker-style*: each player in must bring their
stake up to the highest single stake or drop, losing what they put in. This module is that one
core, used by :mod:`bragkit.games.historic` and :mod:`bragkit.games.brag_poker`:

* :class:`StakeAction` — the actions of these games, with a text form that parses and prints;
* :class:`StakeOption` — one entry of ``legal_actions()``, with the amounts it allows;
* :class:`Money` — stacks and named pots; chips only move, so their total never changes;
* :class:`Limits` and :class:`BettingRound` — one equalising round (checks, bets, calls, raises,
  drops; a raise cap; half-price calls for a player who has not looked, P5);
* the operation records every game appends to its log, :class:`StakeView` (what one player may
  know), :class:`StakeGame` (the checked ``apply`` / ``can_apply`` / ``legal_actions`` shell the
  games share) and :func:`random_action` (a bot uniform over the legal actions);
* the record formats of these games are in :mod:`bragkit.games.stake_records`
  (docs/records-historic-brag-poker.md).

Actions print as the strings of a record and parse back:

>>> a = StakeAction.parse("Ann raise 4")
>>> a.player, a.verb, a.amount, str(a)
('Ann', <StakeVerb.RAISE: 'raise'>, 4, 'Ann raise 4')
>>> str(StakeAction.parse("Bob draw 2 Kd 7c")), str(StakeAction.parse("Bob draw 2 Kd 7c").public())
('Bob draw 2 Kd 7c', 'Bob draw 2')

A betting round equalises. The dealer Dan has staked 5 (rule S2); Ann raises by 3, so Bob must
bring his stake up to 8 or drop:

>>> money = Money({"Ann": 20, "Bob": 20, "Dan": 20}, pots=["pot"])
>>> money.pay("Dan", 5, "pot")
>>> limits = Limits(min_bet=1, max_bet=10, min_raise=1, max_raise=None, rule="S2")
>>> betting = BettingRound(seats=["Ann", "Bob", "Dan"], first="Ann", money=money, pot="pot",
...                        limits=limits, levels={"Dan": 5}, acted=["Dan"], first_staked=["Dan"])
>>> [str(o) for o in betting.options("Ann")]
['Ann drop', 'Ann call 5', 'Ann raise 1..15']
>>> betting.apply(StakeAction.parse("Ann raise 3"))
8
>>> betting.to_act, betting.to_call("Bob"), betting.to_call("Dan")
('Bob', 8, 3)
>>> betting.apply(StakeAction.parse("Bob drop"))
0
>>> betting.apply(StakeAction.parse("Dan call"))
3
>>> betting.is_over, betting.in_play, money.pots["pot"], money.total
(True, ('Ann', 'Dan'), 16, 60)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from bragkit.cards import Card, Pack, RandomSource, format_cards, make_rng, parse_cards
from bragkit.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    RulesError,
)

__all__ = [
    "Acted",
    "Awarded",
    "BettingRound",
    "Dealt",
    "Limits",
    "Money",
    "Operation",
    "Paid",
    "PhaseStarted",
    "Posted",
    "Shown",
    "StakeAction",
    "StakeGame",
    "StakeOption",
    "StakeRules",
    "StakeVerb",
    "StakeView",
    "random_action",
    "split_evenly",
]


# --------------------------------------------------------------------------------------------
# Actions


class StakeVerb(StrEnum):
    """The verbs of the equalising games, each with the rules it follows."""

    DROP = "drop"  # S2, P2: leave the hand, losing what was put in
    CHECK = "check"  # S4 (nobody bets), P2/P4: stay in with nothing to call
    CALL = "call"  # S2, P2: bring one's stake up to the highest single stake (P5: half price)
    BET = "bet"  # S2: the dealer's stake; S4, P4: the first stake of a round
    RAISE = "raise"  # S2, P2, P4: raise the highest single stake BY the amount
    LOOK = "look"  # P5: a player who has not looked looks at their cards
    DRAW = "draw"  # P3: discard 0-3 and be dealt replacements; S4: draw a card towards 31
    STAND = "stand"  # S4: draw no more cards towards 31


_WITH_AMOUNT = frozenset({StakeVerb.BET, StakeVerb.RAISE})


@dataclass(frozen=True, kw_only=True, slots=True)
class StakeAction:
    """One action of an equalising game: who, the verb, and its argument.

    ``amount`` is the chips of a ``bet``, the size of a ``raise`` (the highest single stake goes
    up by it), or for ``draw N`` the number of cards a 3 Card Brag Poker player discards (P3),
    with ``cards`` the discards themselves. A bare ``draw`` (no number) takes one card from the
    pack in the nearest-to-31 contest of three-stake Brag (S4).

    >>> StakeAction.parse("Ann draw")
    StakeAction.parse('Ann draw')
    >>> StakeAction.parse("Ann draw 1 Kd").cards
    (Card('Kd'),)
    >>> StakeAction.parse("Ann bet")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidActionError: bet needs one whole amount: 'Ann bet'
    """

    player: str
    verb: StakeVerb
    amount: int | None = None
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not self.player or self.player != self.player.strip():
            raise InvalidActionError(f"{self.verb} needs a player name")
        if self.amount is not None and (type(self.amount) is not int or self.amount < 0):
            raise InvalidActionError(f"amount must be a whole number: {self.amount!r}")
        if self.verb in _WITH_AMOUNT:
            if self.amount is None or self.amount < 1:
                raise InvalidActionError(f"{self.verb} needs an amount of at least 1")
        elif self.verb is StakeVerb.DRAW:
            if self.amount is None and self.cards:
                raise InvalidActionError("draw with cards needs their number: draw 2 Kd 7c")
            if self.amount is not None and self.amount > 3:
                raise InvalidActionError("at most three cards are drawn (rule P3)")
            if self.cards and len(self.cards) != self.amount:
                raise InvalidActionError(
                    f"draw {self.amount} names {len(self.cards)} card(s)")
            if len(set(self.cards)) != len(self.cards):
                raise InvalidActionError("a card is discarded twice")
        elif self.amount is not None or self.cards:
            raise InvalidActionError(f"{self.verb} takes no amount or cards")

    @classmethod
    def parse(cls, text: str, *, players: Sequence[str] | None = None) -> StakeAction:
        """An action from its text; with ``players`` a name may hold spaces.

        >>> StakeAction.parse("Mary Ann call", players=["Mary Ann", "Bob"]).player
        'Mary Ann'
        >>> StakeAction.parse("Ann fold")
        Traceback (most recent call last):
        ...
        bragkit.errors.InvalidActionError: unknown verb 'fold' in 'Ann fold' (drop, check, call, \
bet, raise, look, draw, stand)
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text, not {type(text).__name__}")
        stripped = text.strip()
        words = stripped.split()
        if not words:
            raise InvalidActionError("empty action")
        if players is None:
            player, rest = words[0], words[1:]
        else:
            for name in sorted(players, key=len, reverse=True):
                if stripped == name or stripped.startswith(name + " "):
                    player, rest = name, stripped[len(name):].split()
                    break
            else:
                raise InvalidActionError(f"no such player in {text!r}")
        if not rest:
            raise InvalidActionError(f"no verb in {text!r}")
        try:
            verb = StakeVerb(rest[0])
        except ValueError:
            known = ", ".join(v.value for v in StakeVerb)
            raise InvalidActionError(f"unknown verb {rest[0]!r} in {text!r} ({known})") from None
        args = rest[1:]
        if verb in _WITH_AMOUNT:
            if len(args) != 1 or not args[0].isdigit():
                raise InvalidActionError(f"{verb} needs one whole amount: {text!r}")
            return cls(player=player, verb=verb, amount=int(args[0]))
        if verb is StakeVerb.DRAW:
            if not args:
                return cls(player=player, verb=verb)
            if not args[0].isdigit():
                raise InvalidActionError(f"draw takes a number, then the discards: {text!r}")
            try:
                cards = parse_cards(" ".join(args[1:]))
            except InvalidCardError as error:
                raise InvalidActionError(f"{error} in {text!r}") from None
            return cls(player=player, verb=verb, amount=int(args[0]), cards=cards)
        if args:
            raise InvalidActionError(f"{verb} takes no arguments: {text!r}")
        return cls(player=player, verb=verb)

    def public(self) -> StakeAction:
        """The action as the other players see it: discards are face down.

        >>> StakeAction.parse("Ann draw 1 Kd").public()
        StakeAction.parse('Ann draw 1')
        """
        if not self.cards:
            return self
        return StakeAction(player=self.player, verb=self.verb, amount=self.amount)

    def __str__(self) -> str:
        parts = [self.player, self.verb.value]
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.cards:
            parts.append(format_cards(self.cards))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"StakeAction.parse({str(self)!r})"


@dataclass(frozen=True, kw_only=True, slots=True)
class StakeOption:
    """One legal option: a verb for a player, with what it costs or allows.

    For ``bet`` and ``raise``, ``min_amount``..``max_amount`` bound the amount written in the
    action; ``cost`` is what a ``call`` takes from the stack (half price for a player who has not
    looked, P5). A ``draw`` option of 3 Card Brag Poker names its exact discards in ``cards``.

    >>> option = StakeOption(player="Ann", verb=StakeVerb.RAISE, min_amount=1, max_amount=6)
    >>> StakeAction.parse("Ann raise 6") in option, StakeAction.parse("Ann raise 7") in option
    (True, False)
    """

    player: str
    verb: StakeVerb
    min_amount: int | None = None
    max_amount: int | None = None
    cost: int = 0
    cards: tuple[Card, ...] = ()

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, StakeAction):
            return False
        if action.player != self.player or action.verb is not self.verb:
            return False
        if self.verb is StakeVerb.DRAW:
            return (action.amount == self.min_amount
                    and frozenset(action.cards) == frozenset(self.cards)
                    and len(action.cards) == len(self.cards))
        if action.amount is None or self.min_amount is None:
            return action.amount is None and self.min_amount is None
        return self.min_amount <= action.amount <= (self.max_amount or action.amount)

    def action(self, amount: int | None = None) -> StakeAction:
        """The action this option allows (``amount`` defaults to the least allowed).

        >>> StakeOption(player="Ann", verb=StakeVerb.BET, min_amount=2, max_amount=9).action()
        StakeAction.parse('Ann bet 2')
        """
        if self.verb is StakeVerb.DRAW:
            return StakeAction(player=self.player, verb=self.verb, amount=self.min_amount,
                               cards=self.cards)
        if amount is None:
            amount = self.min_amount
        return StakeAction(player=self.player, verb=self.verb, amount=amount)

    def __str__(self) -> str:
        text = f"{self.player} {self.verb.value}"
        if self.verb is StakeVerb.DRAW:
            if self.min_amount is not None:
                text += f" {self.min_amount}"
            if self.cards:
                text += " " + format_cards(self.cards)
        elif self.min_amount is not None:
            if self.min_amount == self.max_amount:
                text += f" {self.min_amount}"
            else:
                text += f" {self.min_amount}..{self.max_amount}"
        elif self.verb is StakeVerb.CALL:
            text += f" {self.cost}"
        return text


# --------------------------------------------------------------------------------------------
# Money


class Money:
    """Every player's stack and the named pots of one deal.

    Chips only move between stacks and pots (and between players, for the forfeit of S2), so
    :attr:`total` never changes: chips are conserved by construction.

    >>> money = Money({"Ann": 5, "Bob": 5}, pots=["first", "second"])
    >>> money.pay("Ann", 2, "first"); money.award("first", "Bob", 2)
    >>> money.stacks, money.pots, money.total
    ({'Ann': 3, 'Bob': 7}, {'first': 0, 'second': 0}, 10)
    """

    __slots__ = ("pots", "stacks", "total")

    def __init__(self, stacks: Mapping[str, int], *, pots: Iterable[str]) -> None:
        self.stacks = dict(stacks)
        self.pots = dict.fromkeys(pots, 0)
        self.total = sum(self.stacks.values())

    def pay(self, player: str, amount: int, pot: str) -> None:
        """Move ``amount`` from a stack into a pot."""
        self._check(amount, self.stacks[player], f"{player} has only {self.stacks[player]}")
        self.stacks[player] -= amount
        self.pots[pot] += amount

    def award(self, pot: str, player: str, amount: int) -> None:
        """Move ``amount`` from a pot to a stack."""
        self._check(amount, self.pots[pot], f"the {pot} pot holds only {self.pots[pot]}")
        self.pots[pot] -= amount
        self.stacks[player] += amount

    def transfer(self, payer: str, payee: str, amount: int) -> None:
        """Move ``amount`` from one stack to another."""
        self._check(amount, self.stacks[payer], f"{payer} has only {self.stacks[payer]}")
        self.stacks[payer] -= amount
        self.stacks[payee] += amount

    @staticmethod
    def _check(amount: int, available: int, message: str) -> None:
        if amount < 0 or amount > available:
            raise RuntimeError(f"cannot move {amount} chips: {message}")  # pragma: no cover

    def chips(self) -> int:
        """The chips counted now: stacks plus pots (always :attr:`total`)."""
        return sum(self.stacks.values()) + sum(self.pots.values())

    def copy(self) -> Money:
        """An independent copy."""
        other = Money(self.stacks, pots=())
        other.pots = dict(self.pots)
        other.total = self.total
        return other


def split_evenly(amount: int, winners: Sequence[str]) -> dict[str, int]:
    """Split a pot among tied winners; odd chips go one each to the first winners as listed.

    The games list tied winners from the dealer's left (P4 [decision], like B8's odd chip).

    >>> split_evenly(7, ["Bob", "Ann"])
    {'Bob': 4, 'Ann': 3}
    """
    share, odd = divmod(amount, len(winners))
    return {w: share + (1 if i < odd else 0) for i, w in enumerate(winners)}


# --------------------------------------------------------------------------------------------
# One equalising betting round


def _never(_player: str) -> bool:
    return False


@dataclass(frozen=True, kw_only=True, slots=True)
class Limits:
    """The sizes of one betting round.

    ``min_bet``..``max_bet`` bound the first stake of a round where nobody has staked yet;
    ``min_raise``..``max_raise`` bound how much one raise puts on the highest stake (``None``: no
    limit but the player's money). Fixed limit (P2, P4) sets both bounds equal. ``max_raises``
    caps the raises of the round (P2: three) while more than two players are in, or always when
    ``cap_heads_up``. ``half_price`` lets a player who has not looked call for half (P5).
    ``rule`` is the id cited when a size is wrong; ``cap_rule`` the one for the cap.

    >>> Limits(min_bet=4, max_bet=2, min_raise=1, max_raise=1, rule="P2")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: min_bet 4 is more than max_bet 2
    """

    min_bet: int
    max_bet: int | None
    min_raise: int
    max_raise: int | None
    rule: str
    max_raises: int | None = None
    cap_heads_up: bool = False
    cap_rule: str = "P2"
    half_price: bool = False

    def __post_init__(self) -> None:
        if self.min_bet < 1 or self.min_raise < 1:
            raise RulesError("bets and raises are at least 1 chip")
        for low, high, name in ((self.min_bet, self.max_bet, "bet"),
                                (self.min_raise, self.max_raise, "raise")):
            if high is not None and high < low:
                raise RulesError(f"min_{name} {low} is more than max_{name} {high}")
        if self.max_raises is not None and self.max_raises < 0:
            raise RulesError("max_raises cannot be negative")


class BettingRound:
    """One round of equalising betting (rules S2, S4, P2, P4, P5).

    Each player in turn may drop (losing what they put in), check when there is nothing to call,
    call (bring their stake up to the highest single stake), bet (the first stake of a round) or
    raise. Forced stakes made before the round (the dealer's stake of S2, the blinds of P1) are
    given as ``levels``; players in ``acted`` have already acted (the dealer of S2: if everyone
    meets his stake, the round is over). The round ends when every player in has acted since the
    last raise and all stakes are equal, or when one player is left.

    A player who cannot afford to call may only drop: these games are not played at table
    stakes, so there is no all-in and no side pot ([decision], M4's ``"fold"``).
    ``blind(player)`` tells whether a player has not looked: such a player may only check, call
    (for half price when ``limits.half_price``, rounded up, like BL1) or drop; to bet or raise
    they look first (P5 [decision]).
    """

    __slots__ = ("_blind", "_in", "_pending", "_to_act", "first_staked", "highest", "levels",
                 "limits", "money", "pot", "raises", "seats")

    def __init__(
        self,
        *,
        seats: Sequence[str],
        first: str,
        money: Money,
        pot: str,
        limits: Limits,
        in_play: Iterable[str] | None = None,
        levels: Mapping[str, int] | None = None,
        acted: Iterable[str] = (),
        blind: Callable[[str], bool] = _never,
        first_staked: Sequence[str] = (),
    ) -> None:
        self.seats = tuple(seats)
        self.money = money
        self.pot = pot
        self.limits = limits
        live = set(self.seats if in_play is None else in_play)
        self._in = [p for p in self.seats if p in live]
        self.levels = dict.fromkeys(self._in, 0)
        self.levels.update(levels or {})
        self.highest = max(self.levels.values(), default=0)
        self.raises = 0
        self._pending = set(self._in) - set(acted)
        self._blind = blind
        self.first_staked = list(first_staked)
        self._to_act: str | None = None
        self._advance(self.seats[(self.seats.index(first) - 1) % len(self.seats)])

    # -- state ------------------------------------------------------------------------------
    @property
    def in_play(self) -> tuple[str, ...]:
        """The players still in, in seat order."""
        return tuple(self._in)

    @property
    def to_act(self) -> str | None:
        """Whose turn it is (``None`` once the round is over)."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self._to_act is None

    def to_call(self, player: str) -> int:
        """How far ``player``'s stake is below the highest single stake."""
        return self.highest - self.levels.get(player, 0)

    def call_cost(self, player: str) -> int:
        """The chips a call takes from ``player``: the difference, or half of it rounded up for
        a player who has not looked when half-price calls are allowed (P5)."""
        owed = self.to_call(player)
        if self.limits.half_price and self._blind(player):
            return (owed + 1) // 2
        return owed

    def _cap_reached(self) -> bool:
        cap = self.limits.max_raises
        if cap is None or (len(self._in) <= 2 and not self.limits.cap_heads_up):
            return False
        return self.raises >= cap

    def options(self, player: str | None = None) -> list[StakeOption]:
        """The legal options of ``player`` (default: whoever is to act); none out of turn."""
        if player is None:
            player = self._to_act
        if player is None or player != self._to_act:
            return []
        stack = self.money.stacks[player]
        owed = self.to_call(player)
        options = [StakeOption(player=player, verb=StakeVerb.DROP)]
        if owed == 0:
            options.append(StakeOption(player=player, verb=StakeVerb.CHECK))
        elif self.call_cost(player) <= stack:
            options.append(StakeOption(player=player, verb=StakeVerb.CALL,
                                       cost=self.call_cost(player)))
        if self._blind(player):
            return options  # P5: look first to bet or raise
        lim = self.limits
        if self.highest == 0:
            top = stack if lim.max_bet is None else min(lim.max_bet, stack)
            if top >= lim.min_bet:
                options.append(StakeOption(player=player, verb=StakeVerb.BET,
                                           min_amount=lim.min_bet, max_amount=top))
        elif not self._cap_reached():
            room = stack - owed
            top = room if lim.max_raise is None else min(lim.max_raise, room)
            if top >= lim.min_raise:
                options.append(StakeOption(player=player, verb=StakeVerb.RAISE,
                                           min_amount=lim.min_raise, max_amount=top))
        return options

    def check(self, action: StakeAction) -> None:
        """Raise :class:`IllegalActionError` (naming the rule) unless ``action`` is legal now."""
        options = self.options(action.player)
        if any(action in option for option in options):
            return
        raise self.why_not(action)

    def why_not(self, action: StakeAction) -> IllegalActionError:
        """The error, with its rule id, for an action that matches no legal option."""
        player, verb, lim = action.player, action.verb, self.limits
        if self._to_act is None:
            return IllegalActionError("the betting is over", rule=lim.rule)
        if player != self._to_act:
            if player not in self.levels or player not in self._in:
                return IllegalActionError(f"{player} is not in the betting", rule="B11")
            return IllegalActionError(f"it is {self._to_act}'s turn, not {player}'s", rule="B11")
        owed, stack = self.to_call(player), self.money.stacks[player]
        if verb is StakeVerb.CHECK:
            return IllegalActionError(f"{player} cannot check: {owed} to call", rule=lim.rule)
        if verb is StakeVerb.CALL:
            if owed == 0:
                return IllegalActionError(f"{player} has nothing to call: check", rule=lim.rule)
            return IllegalActionError(
                f"{player} has {stack} chips and the call costs {self.call_cost(player)};"
                " a player who cannot equalise must drop", rule=lim.rule)
        if verb in (StakeVerb.BET, StakeVerb.RAISE):
            if self._blind(player):
                return IllegalActionError(
                    f"{player} has not looked: look first to {verb}", rule="P5")
            if verb is StakeVerb.BET and self.highest > 0:
                return IllegalActionError(
                    f"there is already a stake of {self.highest}: call or raise", rule=lim.rule)
            if verb is StakeVerb.RAISE and self.highest == 0:
                return IllegalActionError("nobody has staked yet: bet", rule=lim.rule)
            if verb is StakeVerb.RAISE and self._cap_reached():
                return IllegalActionError(
                    f"already {self.raises} raises with more than two players in",
                    rule=lim.cap_rule)
            low, high = ((lim.min_bet, lim.max_bet) if verb is StakeVerb.BET
                         else (lim.min_raise, lim.max_raise))
            amount = action.amount or 0
            if amount < low or (high is not None and amount > high):
                span = f"{low}" if low == high else f"{low} to {high or 'any amount'}"
                return IllegalActionError(f"a {verb} is {span}, not {amount}", rule=lim.rule)
            return IllegalActionError(
                f"{player} has {stack} chips, not enough to {verb} {amount}", rule=lim.rule)
        return IllegalActionError(f"{player} cannot {verb} during the betting", rule=lim.rule)

    def apply(self, action: StakeAction) -> int:
        """Check and apply a betting action; return the chips it put in the pot."""
        self.check(action)
        player, verb = action.player, action.verb
        paid = 0
        if verb is StakeVerb.DROP:
            self._in.remove(player)
            self._pending.discard(player)
        elif verb is StakeVerb.CHECK:
            self._pending.discard(player)
        elif verb is StakeVerb.CALL:
            paid = self.call_cost(player)
            self.levels[player] = self.highest
            self._pending.discard(player)
        else:
            assert action.amount is not None
            self.highest += action.amount
            paid = self.highest - self.levels[player]
            self.levels[player] = self.highest
            if verb is StakeVerb.RAISE:
                self.raises += 1
            self._pending = set(self._in) - {player}
        if paid:
            self.money.pay(player, paid, self.pot)
            if player not in self.first_staked:
                self.first_staked.append(player)
        self._advance(player)
        return paid

    def _advance(self, after: str) -> None:
        if len(self._in) <= 1 or not self._pending:
            self._to_act = None
            return
        start = self.seats.index(after)
        n = len(self.seats)
        for step in range(1, n + 1):
            seat = self.seats[(start + step) % n]
            if seat in self._pending:
                self._to_act = seat
                return
        self._to_act = None  # pragma: no cover - pending players are always seated


# --------------------------------------------------------------------------------------------
# Operation records


@dataclass(frozen=True, kw_only=True, slots=True)
class PhaseStarted:
    """A phase of the deal began (``"betting"``, ``"draw"``, ``"thirty-one"``…)."""

    phase: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Posted:
    """A forced payment into a pot: a stake (S4) or a blind (P1)."""

    player: str
    amount: int
    pot: str
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Dealt:
    """One card dealt to a player from the top of the pack, face down unless ``face_up``."""

    player: str
    card: Card
    face_up: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Acted:
    """A player's action and the chips it put in (``paid``)."""

    action: StakeAction
    paid: int = 0


@dataclass(frozen=True, kw_only=True, slots=True)
class Shown:
    """A hand exposed, with what it is worth in words."""

    player: str
    cards: tuple[Card, ...]
    worth: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Awarded:
    """Chips from a pot to a player: ``reason`` says why (a win, a stake taken back…)."""

    player: str
    amount: int
    pot: str
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Paid:
    """Chips from one player straight to another (the forfeit of S2)."""

    payer: str
    payee: str
    amount: int
    reason: str


Operation = PhaseStarted | Posted | Dealt | Acted | Shown | Awarded | Paid


# --------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, kw_only=True, slots=True)
class StakeView:
    """What one player (or a spectator, ``viewer=None``) may know of a deal: plain data.

    ``cards`` holds every player's cards in the order they hold them, ``None`` for each card this
    viewer may not see. ``history`` is the actions as the viewer saw them (other players'
    discards face down). ``extra`` holds what one game adds (the contests of three-stake Brag).
    """

    game: str
    viewer: str | None
    players: tuple[str, ...]
    dealer: str
    phase: str
    to_act: str | None
    stacks: dict[str, int]
    pots: dict[str, int]
    stakes: dict[str, int]
    in_play: tuple[str, ...]
    cards: dict[str, tuple[Card | None, ...]]
    looked: tuple[str, ...]
    history: tuple[str, ...]
    legal: tuple[str, ...]
    shown: dict[str, tuple[Card, ...]]
    winners: dict[str, int]
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-able data (cards as text, hidden cards as ``null``)."""
        return {
            "game": self.game, "viewer": self.viewer, "players": list(self.players),
            "dealer": self.dealer, "phase": self.phase, "to_act": self.to_act,
            "stacks": dict(self.stacks), "pots": dict(self.pots), "stakes": dict(self.stakes),
            "in_play": list(self.in_play),
            "cards": {p: [None if c is None else str(c) for c in cs]
                      for p, cs in self.cards.items()},
            "looked": list(self.looked), "history": list(self.history),
            "legal": list(self.legal),
            "shown": {p: format_cards(cs) for p, cs in self.shown.items()},
            "winners": dict(self.winners), "extra": self.extra,
        }


# --------------------------------------------------------------------------------------------
# The shell every equalising game shares


class StakeRules(Protocol):
    """What a game's rules object offers the shared shell: its ``[rules]`` table."""

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        ...  # pragma: no cover


RulesT = TypeVar("RulesT", bound=StakeRules)


class StakeGame(ABC, Generic[RulesT]):
    """A deal of one equalising game: seats, the pack, money, the log and checked actions.

    Every game is set up the same way: ``Game(rules, players=…, dealer=…, stacks=…)`` with the
    cards from ``pack`` (top card first), ``hands`` (each player's cards as dealt, with an
    optional ``stock``: the rest of the pack, by default in the standard order) or ``rng`` (a
    shuffled pack); ``rules`` left out are the game's defaults. The class says its pots
    (:attr:`POTS`) and how many may sit (:attr:`SEATS`, rule :attr:`SEATS_RULE`), and opens the
    deal in :meth:`_start` (the stakes or blinds, the deal of the cards).

    Subclasses say what is legal (:meth:`legal_actions`), why an action is not
    (:meth:`_why_not`) and how a legal action changes the deal (:meth:`_do`). :meth:`apply`
    checks first, so an illegal action raises :class:`IllegalActionError` and changes nothing,
    and :meth:`can_apply` never disagrees with it.
    """

    game: ClassVar[str] = ""
    cards_each: ClassVar[int] = 3
    #: The pots of a deal.
    POTS: ClassVar[tuple[str, ...]] = ("pot",)
    #: The least and most players, and the rule that says so.
    SEATS: ClassVar[tuple[int, int]] = (2, 17)
    SEATS_RULE: ClassVar[str] = ""

    def __init__(
        self,
        rules: RulesT | None = None,
        *,
        players: Sequence[str],
        dealer: str,
        stacks: Sequence[int] | Mapping[str, int],
        pack: Pack | str | None = None,
        hands: Mapping[str, Sequence[Card | str] | str] | None = None,
        stock: Pack | Sequence[Card] | str | None = None,
        rng: RandomSource = None,
    ) -> None:
        self.rules: RulesT = rules if rules is not None else self.default_rules()
        min_players, max_players = self.SEATS
        self.players = tuple(players)
        if len(set(self.players)) != len(self.players) or not all(
                isinstance(p, str) and p and p == p.strip() for p in self.players):
            raise RulesError("players must be distinct non-empty names")
        if not min_players <= len(self.players) <= max_players:
            raise RulesError(f"{self.game} is for {min_players} to {max_players} players, "
                             f"not {len(self.players)} (rule {self.SEATS_RULE})")
        if dealer not in self.players:
            raise RulesError(f"the dealer {dealer!r} is not at the table")
        self.dealer = dealer
        if isinstance(stacks, Mapping):
            if set(stacks) != set(self.players):
                raise RulesError("stacks must name every player")
            start = {p: stacks[p] for p in self.players}
        else:
            if len(stacks) != len(self.players):
                raise RulesError(f"{len(stacks)} stacks for {len(self.players)} players")
            start = dict(zip(self.players, stacks, strict=True))
        if any(type(s) is not int or s < 0 for s in start.values()):
            raise RulesError("stacks are whole numbers of chips, not negative")
        self.start_stacks = dict(start)
        self.money = Money(start, pots=self.POTS)
        self.deal_order = self.order_from(self.left_of(dealer))
        self.source_hands: dict[str, tuple[Card, ...]] | None = None
        self.source_stock: tuple[Card, ...] | None = None
        self.pack = self._make_pack(pack, hands, stock, rng)
        self.initial_pack = self.pack.copy()
        self.hands: dict[str, list[Card]] = {p: [] for p in self.players}
        self.face_up: set[Card] = set()
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.winners: dict[str, int] = {}
        self.operations: list[Operation] = []
        self._start()

    @classmethod
    @abstractmethod
    def default_rules(cls) -> RulesT:
        """The rules of a deal set up without any."""

    @abstractmethod
    def _start(self) -> None:
        """Open the deal once the seats, money and pack are set (stakes, blinds, the deal)."""

    # -- seats ------------------------------------------------------------------------------
    def left_of(self, player: str) -> str:
        """The next seat clockwise (rule D3)."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def order_from(self, player: str) -> tuple[str, ...]:
        """Every seat clockwise, starting with ``player``."""
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]

    # -- the pack ---------------------------------------------------------------------------
    def _make_pack(
        self,
        pack: Pack | str | None,
        hands: Mapping[str, Sequence[Card | str] | str] | None,
        stock: Pack | Sequence[Card] | str | None,
        rng: RandomSource,
    ) -> Pack:
        if pack is not None and hands is not None:
            raise RulesError("give the pack or the hands, not both")
        if pack is not None:
            if stock is not None:
                raise RulesError("a stock goes with hands, not with a whole pack")
            return Pack.parse(pack) if isinstance(pack, str) else pack.copy()
        if hands is None:
            if stock is not None:
                raise RulesError("a stock goes with hands")
            return Pack.shuffled(make_rng(rng))
        return self._pack_from_hands(hands, stock)

    def _pack_from_hands(
        self,
        hands: Mapping[str, Sequence[Card | str] | str],
        stock: Pack | Sequence[Card] | str | None,
    ) -> Pack:
        if set(hands) != set(self.players):
            raise RulesError("hands must name every player")
        parsed = {p: parse_cards(hands[p]) for p in self.players}
        for p, cards in parsed.items():
            if len(cards) != self.cards_each:
                raise InvalidCardError(f"{p} needs {self.cards_each} cards, not {len(cards)}")
        dealt = [c for cards in parsed.values() for c in cards]
        if len(set(dealt)) != len(dealt) or any(c.is_joker for c in dealt):
            raise InvalidCardError("the hands share a card (or hold a joker)")
        if stock is None:
            rest = tuple(c for c in Pack.standard() if c not in set(dealt))
        else:
            rest = tuple(stock) if isinstance(stock, Pack) else parse_cards(stock)
        self.source_hands = parsed
        self.source_stock = None if stock is None else rest
        order = [parsed[p][i] for i in range(self.cards_each) for p in self.deal_order]
        return Pack(order + list(rest))

    def _deal(self, player: str, *, face_up: bool = False) -> Card:
        card = self.pack.deal()
        self.hands[player].append(card)
        if face_up:
            self.face_up.add(card)
        self.operations.append(Dealt(player=player, card=card, face_up=face_up))
        return card

    # -- the rules, game by game ------------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """Whose turn it is, ``None`` when the deal is over."""

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.to_act is None

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase of the deal, as text."""

    @abstractmethod
    def legal_actions(self, player: str | None = None) -> list[StakeOption]:
        """Every legal option now (of one player when ``player`` is given)."""

    @abstractmethod
    def _why_not(self, action: StakeAction) -> IllegalActionError:
        """Why an action that matches no legal option is illegal (with its rule id)."""

    @abstractmethod
    def _do(self, action: StakeAction) -> None:
        """Apply an action already known to be legal."""

    # -- checked actions --------------------------------------------------------------------
    def _coerce(self, action: StakeAction | str) -> StakeAction:
        if isinstance(action, StakeAction):
            return action
        return StakeAction.parse(action, players=self.players)

    def check(self, action: StakeAction | str) -> None:
        """Raise :class:`IllegalActionError` (with a rule id) unless ``action`` is legal now."""
        action = self._coerce(action)
        if action.player not in self.players:
            raise IllegalActionError(f"{action.player} is not at the table", rule="B11")
        if not any(action in option for option in self.legal_actions(action.player)):
            raise self._why_not(action)

    def can_apply(self, action: StakeAction | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` (it never disagrees)."""
        try:
            self.check(action)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def apply(self, action: StakeAction | str) -> None:
        """Check an action and apply it; an illegal one raises and changes nothing."""
        action = self._coerce(action)
        self.check(action)
        self._do(action)

    # -- records and views ------------------------------------------------------------------
    @property
    def actions(self) -> tuple[StakeAction, ...]:
        """Every action so far, in full (discards included), as a record lists them."""
        return tuple(op.action for op in self.operations if isinstance(op, Acted))

    @property
    def stacks(self) -> dict[str, int]:
        """Every player's money now."""
        return dict(self.money.stacks)

    def history(self, viewer: str | None) -> tuple[str, ...]:
        """The actions as ``viewer`` saw them: other players' discards face down."""
        return tuple(str(a if a.player == viewer else a.public()) for a in self.actions)

    def sees_own(self, viewer: str) -> bool:
        """Whether a player may see their own face-down cards (P5: not before looking)."""
        return True

    def visible(self, viewer: str | None, player: str, card: Card) -> bool:
        """Whether ``viewer`` may see ``card`` held by ``player``."""
        if card in self.face_up or (player in self.shown and card in self.shown[player]):
            return True
        return viewer == player and self.sees_own(viewer)

    def _stake_levels(self) -> dict[str, int]:
        return {}

    def _in_play(self) -> tuple[str, ...]:
        return self.players

    def _extra(self, viewer: str | None) -> dict[str, Any]:
        return {}

    def view(self, viewer: str | None = None) -> StakeView:
        """What ``viewer`` may know now (``None``: a spectator, who sees no hidden card)."""
        if viewer is not None and viewer not in self.players:
            raise RulesError(f"{viewer!r} is not at the table")
        cards = {p: tuple(c if self.visible(viewer, p, c) else None for c in self.hands[p])
                 for p in self.players}
        legal = tuple(str(o) for o in self.legal_actions(viewer)) if viewer else ()
        return StakeView(
            game=self.game, viewer=viewer, players=self.players, dealer=self.dealer,
            phase=self.phase, to_act=self.to_act, stacks=self.stacks,
            pots=dict(self.money.pots), stakes=self._stake_levels(), in_play=self._in_play(),
            cards=cards, looked=tuple(p for p in self.players if self.sees_own(p)),
            history=self.history(viewer), legal=legal, shown=dict(self.shown),
            winners=dict(self.winners), extra=self._extra(viewer),
        )

    def _award(self, pot: str, shares: Mapping[str, int], reason: str) -> None:
        for player, amount in shares.items():
            if amount:
                self.money.award(pot, player, amount)
                self.winners[player] = self.winners.get(player, 0) + amount
                self.operations.append(Awarded(player=player, amount=amount, pot=pot,
                                               reason=reason))


def random_action(game: StakeGame[Any], rng: random.Random) -> StakeAction:
    """A bot's move: an option chosen uniformly among the legal ones, then an amount uniformly
    in its range.

    >>> from bragkit.games.brag_poker import BragPoker
    >>> deal = BragPoker(players=["Ann", "Bob"], dealer="Bob", stacks=[30, 30], rng=1)
    >>> rng = random.Random(1)
    >>> while not deal.is_over:
    ...     deal.apply(random_action(deal, rng))
    >>> sum(deal.stacks.values())
    60
    """
    options = game.legal_actions(game.to_act)
    if not options:
        raise IllegalActionError("the deal is over", rule="B11")
    option = rng.choice(options)
    if option.min_amount is not None and option.max_amount is not None \
            and option.verb is not StakeVerb.DRAW:
        return option.action(rng.randint(option.min_amount, option.max_amount))
    return option.action()
