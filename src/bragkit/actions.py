"""Actions of the three-card family, as the strings of HAND-HISTORY.md.

An :class:`Action` prints as its hand-history string and parses back:

>>> a = Action.parse("Bill blind 1")
>>> a
Action.parse('Bill blind 1')
>>> a.player, a.verb, a.amount
('Bill', <Verb.BLIND: 'blind'>, 1)
>>> str(Action.parse("Andy discard 7c 2d"))
'Andy discard 7c 2d'
>>> str(Action.parse("showdown"))
'showdown'

Names may hold spaces when the players are known:

>>> Action.parse("Mary Ann look old", players=["Mary Ann", "Bob"]).hand
'old'

A :class:`LegalAction` is one entry of the menu ``legal_actions()`` returns, with the amounts it
allows, and tests whether an action fits it:

>>> option = LegalAction(player="Bill", verb=Verb.BET, min_amount=2, max_amount=20)
>>> Action.parse("Bill bet 5") in option, Action.parse("Bill bet 1") in option
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

from bragkit.cards import Card, format_cards, parse_cards
from bragkit.errors import InvalidActionError, InvalidCardError

__all__ = ["Action", "HandChoice", "LegalAction", "Verb"]

HandChoice = Literal["old", "new"]


class Verb(StrEnum):
    """The verbs of HAND-HISTORY.md, each with the rules it follows."""

    FOLD = "fold"  # B2
    BET = "bet"  # B2, B3
    BLIND = "blind"  # BL1
    LOOK = "look"  # BL2, R2 (look old / look new)
    KEEP = "keep"  # R2
    THROW = "throw"  # R2
    DISCARD = "discard"  # F1
    SEE = "see"  # B6, BL4, B9
    COVER = "cover"  # M2, M3
    TOPUP = "topup"  # M1
    SHOWDOWN = "showdown"  # B8


_WITH_AMOUNT = frozenset({Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.TOPUP})
_BARE = frozenset({Verb.FOLD, Verb.KEEP, Verb.THROW})
_SHOWDOWN_VERB: Final = Verb.SHOWDOWN
_DISCARD_VERB: Final = Verb.DISCARD
_LOOK_VERB: Final = Verb.LOOK
# The verbs as tuples for LegalAction.action's checks (a tuple tests members by identity first)
_AMOUNT_VERBS: Final = (Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.TOPUP)
_PLAYER_VERBS: Final = (Verb.FOLD, Verb.LOOK, Verb.KEEP, Verb.THROW)


@dataclass(frozen=True, kw_only=True, slots=True)
class Action:
    """One action: who, what, and its argument (an amount, discarded cards, or old/new)."""

    player: str | None
    verb: Verb
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    hand: HandChoice | None = None

    def __post_init__(self) -> None:
        # the checks of a user-built action (rules B8 and HAND-HISTORY.md's verb table); the
        # verbs are compared by identity with module constants, the cheapest test there is
        verb = self.verb
        player = self.player
        amount = self.amount
        if verb is _SHOWDOWN_VERB:
            if player is not None:
                raise InvalidActionError("showdown is written alone, with no name (rule B8)")
        elif not player:
            raise InvalidActionError(f"{verb} needs a player")
        if (amount is not None) != (verb in _WITH_AMOUNT):
            raise InvalidActionError(f"{verb} {'needs' if amount is None else 'takes no'}"
                                     " amount")
        if amount is not None and (type(amount) is not int or amount < 0):
            raise InvalidActionError(f"amount must be a whole number of chips: {amount!r}")
        if bool(self.cards) != (verb is _DISCARD_VERB):
            raise InvalidActionError("discard needs cards, and only discard takes cards")
        if self.hand is not None and verb is not _LOOK_VERB:
            raise InvalidActionError("only look takes old/new")

    @classmethod
    def parse(cls, text: str, *, players: Sequence[str] | None = None) -> Action:
        """An action from its hand-history string (see the module docstring).

        With ``players`` the name is matched against them (so names may contain spaces);
        otherwise the name is the first word.

        >>> Action.parse("Bill raise 2")
        Traceback (most recent call last):
        ...
        bragkit.errors.InvalidActionError: unknown verb 'raise' in 'Bill raise 2'
        """
        words = text.split()
        if not words:
            raise InvalidActionError("empty action")
        if words == ["showdown"]:
            return cls(player=None, verb=Verb.SHOWDOWN)
        player, rest = _split_name(text.strip(), words, players)
        if not rest:
            raise InvalidActionError(f"no verb in {text!r}")
        try:
            verb = Verb(rest[0])
        except ValueError:
            raise InvalidActionError(f"unknown verb {rest[0]!r} in {text!r}") from None
        args = rest[1:]
        try:
            if verb in _WITH_AMOUNT:
                if len(args) != 1 or not args[0].isdigit():
                    raise InvalidActionError(f"{verb} needs one whole amount: {text!r}")
                return cls(player=player, verb=verb, amount=int(args[0]))
            if verb is Verb.DISCARD:
                return cls(player=player, verb=verb, cards=parse_cards(" ".join(args)))
            if verb is Verb.LOOK:
                if not args:
                    return cls(player=player, verb=verb)
                if args in (["old"], ["new"]):
                    hand: HandChoice = "old" if args[0] == "old" else "new"
                    return cls(player=player, verb=verb, hand=hand)
                raise InvalidActionError(f"look takes nothing, old or new: {text!r}")
            if verb is Verb.SHOWDOWN or (verb in _BARE and args):
                raise InvalidActionError(f"{verb} takes no arguments here: {text!r}")
            return cls(player=player, verb=verb)
        except InvalidCardError as error:
            raise InvalidActionError(f"{error} in {text!r}") from None

    def __str__(self) -> str:
        if self.verb is Verb.SHOWDOWN:
            return "showdown"
        parts = [str(self.player), self.verb.value]
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.hand is not None:
            parts.append(self.hand)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _split_name(
    text: str, words: list[str], players: Sequence[str] | None
) -> tuple[str, list[str]]:
    if players is None:
        return words[0], words[1:]
    for name in sorted(players, key=len, reverse=True):
        if text == name or text.startswith(name + " "):
            return name, text[len(name):].split()
    raise InvalidActionError(f"no such player in {text!r}")


_new_object = object.__new__
_SET: Final[dict[str, Any]] = {name: Action.__dict__[name].__set__
                               for name in ("player", "verb", "amount", "cards", "hand")}
_set_player, _set_verb, _set_amount = _SET["player"], _SET["verb"], _SET["amount"]
_set_cards, _set_hand = _SET["cards"], _SET["hand"]


def _checked_action(
    player: str | None, verb: Verb, amount: int | None, hand: HandChoice | None
) -> Action:
    """An :class:`Action` whose fields the caller has already checked as ``Action`` would (no
    cards): set directly, without the dataclass's keyword ``__init__`` and second check."""
    action: Action = _new_object(Action)
    _set_player(action, player)
    _set_verb(action, verb)
    _set_amount(action, amount)
    _set_cards(action, ())
    _set_hand(action, hand)
    return action


@dataclass(frozen=True, kw_only=True, slots=True)
class LegalAction:
    """One legal option: a verb for a player, with the amounts it allows.

    ``min_amount``/``max_amount`` bound a bet, blind bet, top-up or cover (``max_amount`` None: no
    upper limit); a see or cover has ``min_amount == max_amount``, its exact cost. ``hand`` is
    set for ``look old``/``look new``; ``discards`` is how many cards a discard sets aside.
    """

    player: str | None
    verb: Verb
    min_amount: int | None = None
    max_amount: int | None = None
    hand: HandChoice | None = None
    discards: int = 0

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if (action.player, action.verb, action.hand) != (self.player, self.verb, self.hand):
            return False
        if self.verb is Verb.DISCARD:
            return len(action.cards) == self.discards
        if action.amount is None:
            return self.min_amount is None
        if self.min_amount is not None and action.amount < self.min_amount:
            return False
        return self.max_amount is None or action.amount <= self.max_amount

    def action(self, amount: int | None = None, cards: Sequence[Card] = ()) -> Action:
        """The action this option allows; ``amount`` defaults to the least allowed.

        The action is checked as :class:`Action` checks it (a bad amount raises
        :class:`~bragkit.errors.InvalidActionError`); whether it fits the option is for the
        game to say.

        >>> LegalAction(player="Ann", verb=Verb.SEE, min_amount=4, max_amount=4).action()
        Action.parse('Ann see 4')
        >>> LegalAction(player="Ann", verb=Verb.BET, min_amount=1).action(-1)
        Traceback (most recent call last):
        ...
        bragkit.errors.InvalidActionError: amount must be a whole number of chips: -1
        """
        if amount is None:
            amount = self.min_amount
        if not cards:
            # The checks of Action.__post_init__ for an action without cards, in one test each
            # way (speed: agents build an action at every decision); anything else, and every
            # failure, goes through Action's own checks and errors.
            player = self.player
            verb = self.verb
            hand = self.hand
            if amount is None:
                if ((player and (hand is None or verb is _LOOK_VERB) and verb in _PLAYER_VERBS)
                        or (player is None and hand is None and verb is _SHOWDOWN_VERB)):
                    return _checked_action(player, verb, None, hand)
            elif (type(amount) is int and amount >= 0 and player and hand is None
                    and verb in _AMOUNT_VERBS):
                return _checked_action(player, verb, amount, None)
        return Action(player=self.player, verb=self.verb, amount=amount,
                      cards=tuple(cards), hand=self.hand)

    def __str__(self) -> str:
        text = f"{self.player} {self.verb.value}" if self.player else self.verb.value
        if self.hand:
            text += f" {self.hand}"
        if self.verb is Verb.DISCARD:
            text += f" ({self.discards} card{'s' * (self.discards != 1)})"
        elif self.min_amount is not None:
            if self.min_amount == self.max_amount:
                text += f" {self.min_amount}"
            else:
                top = "" if self.max_amount is None else str(self.max_amount)
                text += f" {self.min_amount}..{top}"
        return text
