"""The one action vocabulary of every Brag game: :class:`Verb`, :class:`Action` and the menu
entry :class:`LegalAction`.

Every game of the family speaks the same vocabulary; each game declares which verbs it takes
(``VERBS`` of its module) and refuses the rest. An :class:`Action` prints as its record string and
parses back:

>>> a = Action.parse("Bill blind 1")
>>> a
Action.parse('Bill blind 1')
>>> a.player, a.verb, a.amount
('Bill', <Verb.BLIND: 'blind'>, 1)
>>> str(Action.parse("Andy discard 7c 2d"))
'Andy discard 7c 2d'
>>> str(Action.parse("showdown"))
'showdown'
>>> str(Action.parse("Bob draw 2 Kd 7c")), str(Action.parse("Bob draw 2 Kd 7c").public())
('Bob draw 2 Kd 7c', 'Bob draw 2')
>>> Action.parse("Ann arranges Ks Kh Kd | 7s 7h 7d 7c").sets[1]
(Card('7s'), Card('7h'), Card('7d'), Card('7c'))

Names may hold spaces when the players are known:

>>> Action.parse("Mary Ann look old", players=["Mary Ann", "Bob"]).hand
'old'

A :class:`LegalAction` is one entry of the menu ``legal_actions()`` returns, with the amounts or
choices it allows, and tests whether an action fits it:

>>> option = LegalAction(player="Bill", verb=Verb.BET, min_amount=2, max_amount=20)
>>> Action.parse("Bill bet 5") in option, Action.parse("Bill bet 1") in option
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from math import comb
from typing import Any, Final, Literal, overload

from bragkit.cards import Card, format_cards, parse_cards
from bragkit.errors import InvalidActionError, InvalidCardError

__all__ = ["MAX_AMOUNT", "Action", "Discards", "HandChoice", "LegalAction", "Verb", "amount_option",
           "card_action", "choices_option", "parse_amount"]

HandChoice = Literal["old", "new"]

#: The largest amount an action may carry (a bound checked before anything is allocated).
MAX_AMOUNT: Final = 10**12
_MAX_DIGITS: Final = len(str(MAX_AMOUNT))


class Verb(StrEnum):
    """Every verb of the Brag family, each with the rules it follows. A game takes the verbs its
    module lists in ``VERBS`` and refuses the others."""

    # the three-card family (HAND-HISTORY.md)
    FOLD = "fold"  # B2
    BET = "bet"  # B2, B3; S2 (the dealer's stake), S4, P4 (the first stake of a round)
    BLIND = "blind"  # BL1
    LOOK = "look"  # BL2, R2 (look old / look new); P5
    KEEP = "keep"  # R2
    THROW = "throw"  # R2
    DISCARD = "discard"  # F1
    SEE = "see"  # B6, BL4, B9
    COVER = "cover"  # M2, M3
    TOPUP = "topup"  # M1
    SHOWDOWN = "showdown"  # B8: every remaining player agreed (written alone, with no name)
    AGREE = "agree"  # B8: one remaining player agrees to a showdown
    # the equalising games: historic Brag and 3 Card Brag Poker
    DROP = "drop"  # S2, P2: leave the hand, losing what was put in
    CHECK = "check"  # S4, P2, P4: stay in with nothing to call
    CALL = "call"  # S2, P2: bring one's stake up to the highest single stake (P5: half price)
    RAISE = "raise"  # S2, P2, P4: raise the highest single stake BY the amount
    DRAW = "draw"  # P3: discard 0-3 and be dealt replacements; S4: draw a card towards 31
    STAND = "stand"  # S4: draw no more cards towards 31
    # the points games: Nine Card Brag and Crash
    PLAYS = "plays"  # N4, N6: play a set of three
    ARRANGES = "arranges"  # C2: the four hands, by '|'
    CRASH = "crash"  # C5
    PASS = "pass"  # C5
    # Teen Patti (chaal is bet/blind, pack is fold)
    SHOW = "show"  # TP4: with two left, pay for both hands to be shown
    SIDESHOW = "sideshow"  # TP5: a seen chaal that asks the previous player to compare
    ACCEPT = "accept"  # TP5: the asked player agrees to the sideshow
    DECLINE = "decline"  # TP5: the asked player refuses it (what a turn timer does)


_WITH_AMOUNT: Final = frozenset({Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.TOPUP,
                                 Verb.RAISE})
_WITH_CARDS: Final = frozenset({Verb.DISCARD, Verb.PLAYS})
_SHOWDOWN_VERB: Final = Verb.SHOWDOWN
_DISCARD_VERB: Final = Verb.DISCARD
_LOOK_VERB: Final = Verb.LOOK
_DRAW_VERB: Final = Verb.DRAW
_ARRANGES_VERB: Final = Verb.ARRANGES
# The verbs as tuples for LegalAction.action's checks (a tuple tests members by identity first)
_AMOUNT_VERBS: Final = tuple(_WITH_AMOUNT)
_PLAYER_VERBS: Final = (Verb.FOLD, Verb.LOOK, Verb.KEEP, Verb.THROW, Verb.AGREE, Verb.DROP,
                        Verb.CHECK, Verb.CALL, Verb.STAND, Verb.CRASH, Verb.PASS, Verb.SHOW,
                        Verb.SIDESHOW, Verb.ACCEPT, Verb.DECLINE)


def parse_amount(word: str, what: str) -> int:
    """A whole amount written in ASCII digits, at most :data:`MAX_AMOUNT`.

    >>> parse_amount("12", "bet")
    12
    >>> parse_amount("٣", "bet")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidActionError: bet needs one whole amount in digits 0-9: '٣'
    """
    if not (word.isascii() and word.isdigit()) or len(word) > _MAX_DIGITS:
        raise InvalidActionError(f"{what} needs one whole amount in digits 0-9: {word!r}")
    amount = int(word)
    if amount > MAX_AMOUNT:
        raise InvalidActionError(f"{what} amount {word} is more than {MAX_AMOUNT}")
    return amount


@dataclass(frozen=True, kw_only=True, slots=True)
class Action:
    """One action: who, what, and its argument.

    The argument is, by verb: an ``amount`` (bet, blind, see, cover, topup, raise); ``cards``
    (discard, plays); ``hand`` old/new or nothing (look); for ``draw``, nothing (S4) or the
    number of cards discarded in ``amount`` and the discards in ``cards`` (P3); ``sets`` for
    ``arranges`` (C2); nothing for the other verbs. ``showdown`` is written alone (B8).
    """

    player: str | None
    verb: Verb
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    hand: HandChoice | None = None
    sets: tuple[tuple[Card, ...], ...] = ()
    #: The action's text once made (``str``): no field of it, not compared. An action is
    #: written several times (the session's log, the record of its deal) and made once.
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    def __init__(self, *, player: str | None, verb: Verb, amount: int | None = None,
                 cards: tuple[Card, ...] = (), hand: HandChoice | None = None,
                 sets: tuple[tuple[Card, ...], ...] = ()) -> None:
        # the dataclass's own __init__ (the same keywords and defaults), each field set by its
        # slot's setter: a frozen dataclass's sets each through object.__setattr__, twice the cost
        _set_player(self, player)
        _set_verb(self, verb)
        _set_amount(self, amount)
        _set_cards(self, cards)
        _set_hand(self, hand)
        _set_sets(self, sets)
        _set_text(self, None)
        self.__post_init__()

    def __post_init__(self) -> None:
        # the checks of a user-built action (rules B8 and HAND-HISTORY.md's verb table); the
        # verbs are compared by identity with module constants, the cheapest test there is
        verb = self.verb
        player = self.player
        amount = self.amount
        if verb is _SHOWDOWN_VERB:
            if player is not None:
                raise InvalidActionError("showdown is written alone, with no name (rule B8)")
        elif not player or type(player) is not str or player != player.strip():
            raise InvalidActionError(f"{verb} needs a player")
        if amount is not None and (type(amount) is not int or not 0 <= amount <= MAX_AMOUNT):
            raise InvalidActionError(f"amount must be a whole number of chips: {amount!r}")
        if verb is _DRAW_VERB:
            if self.cards and amount != len(self.cards):
                raise InvalidActionError(f"draw {amount} names {len(self.cards)} card(s)")
            if len(set(self.cards)) != len(self.cards):
                raise InvalidActionError("a card is discarded twice")
        else:
            if (amount is not None) != (verb in _WITH_AMOUNT):
                raise InvalidActionError(f"{verb} {'needs' if amount is None else 'takes no'}"
                                         " amount")
            if bool(self.cards) != (verb in _WITH_CARDS):
                raise InvalidActionError(f"{verb} {'takes no' if self.cards else 'needs'} cards")
        if self.hand is not None and verb is not _LOOK_VERB:
            raise InvalidActionError("only look takes old/new")
        if self.sets and verb is not _ARRANGES_VERB:
            raise InvalidActionError(f"{verb} takes no hands")
        if any(not s for s in self.sets):
            raise InvalidActionError("an empty hand among the sets")

    @classmethod
    def parse(cls, text: str, *, players: Sequence[str] | None = None,
              verbs: Collection[Verb] | None = None) -> Action:
        """An action from its record string (see the module docstring).

        With ``players`` the name is matched against them (so names may contain spaces);
        otherwise the name is the first word. With ``verbs`` (a game's ``VERBS``) any other verb
        is refused.

        >>> Action.parse("Bill raise 2", verbs=[Verb.BET, Verb.FOLD])
        Traceback (most recent call last):
        ...
        bragkit.errors.InvalidActionError: unknown verb 'raise' in 'Bill raise 2' (fold, bet)
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise InvalidActionError("empty action")
        if words == ["showdown"] and (verbs is None or Verb.SHOWDOWN in verbs):
            return cls(player=None, verb=Verb.SHOWDOWN)
        player, rest = _split_name(text.strip(), words, players)
        if not rest:
            raise InvalidActionError(f"no verb in {text!r}")
        try:
            verb = Verb(rest[0])
        except ValueError:
            verb = None
        if verb is None or (verbs is not None and verb not in verbs):
            known = f" ({', '.join(v.value for v in Verb if v in verbs)})" if verbs else ""
            raise InvalidActionError(f"unknown verb {rest[0]!r} in {text!r}{known}")
        try:
            return cls._from_words(player, verb, rest[1:], text)
        except InvalidCardError as error:
            raise InvalidActionError(f"{error} in {text!r}") from None

    @classmethod
    def _from_words(cls, player: str, verb: Verb, args: list[str], text: str) -> Action:
        if verb in _WITH_AMOUNT:
            if len(args) != 1:
                raise InvalidActionError(f"{verb} needs one whole amount: {text!r}")
            return cls(player=player, verb=verb, amount=parse_amount(args[0], str(verb)))
        if verb in _WITH_CARDS:
            cards = parse_cards(" ".join(args))
            if not cards:
                raise InvalidActionError(f"{verb} needs cards: {text!r}")
            return cls(player=player, verb=verb, cards=cards)
        if verb is Verb.LOOK:
            if not args:
                return cls(player=player, verb=verb)
            if args in (["old"], ["new"]):
                hand: HandChoice = "old" if args[0] == "old" else "new"
                return cls(player=player, verb=verb, hand=hand)
            raise InvalidActionError(f"look takes nothing, old or new: {text!r}")
        if verb is Verb.DRAW:
            if not args:
                return cls(player=player, verb=verb)
            count = parse_amount(args[0], "draw")
            return cls(player=player, verb=verb, amount=count,
                       cards=parse_cards(" ".join(args[1:])))
        if verb is Verb.ARRANGES:
            body = " ".join(args).strip()
            sets = tuple(parse_cards(part) for part in body.split("|")) if body else ()
            if any(not s for s in sets):
                raise InvalidActionError(f"an empty hand in {text!r}")
            return cls(player=player, verb=verb, sets=sets)
        if args:
            raise InvalidActionError(f"{verb} takes no arguments here: {text!r}")
        return cls(player=player, verb=verb)

    def public(self) -> Action:
        """The action as the other players see it: discarded and drawn cards face down.

        >>> Action.parse("Ann discard 7c").public()
        Action.parse('Ann discard 7c')
        >>> Action.parse("Ann draw 1 Kd").public()
        Action.parse('Ann draw 1')
        """
        if self.verb is not _DRAW_VERB or not self.cards:
            return self
        return Action(player=self.player, verb=self.verb, amount=self.amount)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._written()
            _set_text(self, text)
        return text

    def _written(self) -> str:
        if self.verb is Verb.SHOWDOWN:
            return "showdown"
        parts = [str(self.player), self.verb.value]
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.hand is not None:
            parts.append(self.hand)
        if self.sets:
            parts.append(" | ".join(format_cards(s) for s in self.sets))
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
                               for name in ("player", "verb", "amount", "cards", "hand", "sets",
                                            "_text")}
_set_player, _set_verb, _set_amount = _SET["player"], _SET["verb"], _SET["amount"]
_set_cards, _set_hand, _set_sets = _SET["cards"], _SET["hand"], _SET["sets"]
_set_text = _SET["_text"]


#: The actions :func:`_checked_action` made, by their fields (kept: actions are frozen, and the
#: same few are made at every turn of every deal), at most :data:`_MOST_MADE` of them.
_MADE: Final[dict[tuple[str | None, Verb, int | None, HandChoice | None], Action]] = {}
_MOST_MADE: Final = 8192


def _checked_action(
    player: str | None, verb: Verb, amount: int | None, hand: HandChoice | None
) -> Action:
    """An :class:`Action` whose fields the caller has already checked as ``Action`` would (no
    cards, the player a name or ``None``): set directly, without the dataclass's keyword
    ``__init__`` and second check, and kept in :data:`_MADE`."""
    action: Action = _new_object(Action)
    _set_player(action, player)
    _set_verb(action, verb)
    _set_amount(action, amount)
    _set_cards(action, ())
    _set_hand(action, hand)
    _set_sets(action, ())
    _set_text(action, None)
    if len(_MADE) >= _MOST_MADE:
        _MADE.clear()
    _MADE[player, verb, amount, hand] = action
    return action


def card_action(player: str, verb: Verb, cards: tuple[Card, ...] = (),
                sets: tuple[tuple[Card, ...], ...] = ()) -> Action:
    """The :class:`Action` ``Action(player=player, verb=verb, cards=cards, sets=sets)``, built
    with the checks of ``Action`` that such fields can fail made in one test (speed: an engine
    builds one for every play or arrangement it lists); anything else goes through ``Action``'s
    own checks and errors. The cards are taken as given (an engine's own, already cards).

    >>> card_action("Ann", Verb.PLAYS, cards=parse_cards("Qs Qh Qd"))
    Action.parse('Ann plays Qs Qh Qd')
    >>> card_action("Ann", Verb.ARRANGES, sets=(parse_cards("Qs Qh Qd"), ()))
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidActionError: an empty hand among the sets
    """
    if (type(player) is str and player and player == player.strip()
            and ((cards and not sets and verb in _CARD_VERBS)
                 or (sets and not cards and verb is _ARRANGES_VERB and all(sets)))):
        action: Action = _new_object(Action)
        _set_player(action, player)
        _set_verb(action, verb)
        _set_amount(action, None)
        _set_cards(action, cards)
        _set_hand(action, None)
        _set_sets(action, sets)
        _set_text(action, None)
        return action
    return Action(player=player, verb=verb, cards=cards, sets=sets)


_CARD_VERBS: Final = tuple(_WITH_CARDS)


@dataclass(frozen=True, kw_only=True, slots=True)
class LegalAction:
    """One legal option: a verb for a player, with the amounts or choices it allows.

    ``min_amount``/``max_amount`` bound an amount (``max_amount`` None: no upper limit); a see
    or cover has ``min_amount == max_amount``, its exact cost. ``cost`` is what an option without
    an amount takes from the stack (a ``call``; half price for a player who has not looked, P5).
    ``hand`` is set for ``look old``/``look new``; ``discards`` is how many cards a discard sets
    aside. ``cards`` names the exact cards of an option that allows only those (a ``draw`` of
    3 Card Brag Poker). ``choices``, when set, holds every action the option allows (lazily: the
    arrangements of a Crash hand number up to 200,200), and membership is tested there.

    >>> LegalAction(player="Ann", verb=Verb.CALL, cost=3)
    LegalAction(player='Ann', verb=<Verb.CALL: 'call'>, min_amount=None, max_amount=None, \
hand=None, discards=0, cost=3, cards=(), choices=None)
    >>> str(_)
    'Ann call 3'
    """

    player: str | None
    verb: Verb
    min_amount: int | None = None
    max_amount: int | None = None
    hand: HandChoice | None = None
    discards: int = 0
    cost: int | None = None
    cards: tuple[Card, ...] = ()
    choices: Sequence[Action] | None = field(default=None, compare=False, hash=False)

    def __init__(self, *, player: str | None, verb: Verb, min_amount: int | None = None,
                 max_amount: int | None = None, hand: HandChoice | None = None,
                 discards: int = 0, cost: int | None = None, cards: tuple[Card, ...] = (),
                 choices: Sequence[Action] | None = None) -> None:
        # the dataclass's own __init__ (the same keywords and defaults), each field set by its
        # slot's setter: a frozen dataclass's sets each through object.__setattr__, twice the cost
        _opt_player(self, player)
        _opt_verb(self, verb)
        _opt_min(self, min_amount)
        _opt_max(self, max_amount)
        _opt_hand(self, hand)
        _opt_discards(self, discards)
        _opt_cost(self, cost)
        _opt_cards(self, cards)
        _opt_choices(self, choices)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if action.verb != self.verb or action.player != self.player or action.hand != self.hand:
            return False
        if self.choices is not None:
            if action in self.choices:
                return True
            if self.verb is _DISCARD_VERB and action.cards:  # F1: the cards, in any order
                wanted = sorted(action.cards)
                return any(sorted(choice.cards) == wanted for choice in self.choices)
            return False
        if self.cards:
            return (action.amount == len(self.cards) and len(action.cards) == len(self.cards)
                    and frozenset(action.cards) == frozenset(self.cards))
        if self.verb is Verb.DISCARD:
            return len(action.cards) == self.discards
        if action.cards or action.sets:
            return False
        if action.amount is None:
            return self.min_amount is None
        if self.min_amount is None or action.amount < self.min_amount:
            return False
        return self.max_amount is None or action.amount <= self.max_amount

    def action(self, amount: int | None = None, cards: Sequence[Card] = ()) -> Action:
        """The action this option allows; ``amount`` defaults to the least allowed, ``cards`` to
        the option's own (the first choice when it has choices).

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
        if self.choices is not None and amount is None and not cards:
            return self.choices[0]
        if amount is None:
            amount = self.min_amount
        if not cards and self.cards:
            return Action(player=self.player, verb=self.verb, amount=len(self.cards),
                          cards=self.cards)
        if not cards:
            # The checks of Action.__post_init__ for an action without cards, in one test each
            # way (speed: agents build an action at every decision); anything else, and every
            # failure, goes through Action's own checks and errors.
            # An action made so is kept and given again (actions are frozen: speed, an agent's
            # menu offers the same few at every turn).
            player = self.player
            verb = self.verb
            hand = self.hand
            if amount is None:
                if ((player and type(player) is str and (hand is None or verb is _LOOK_VERB)
                        and verb in _PLAYER_VERBS)
                        or (player is None and hand is None and verb is _SHOWDOWN_VERB)):
                    made = _MADE.get((player, verb, None, hand))
                    return made if made is not None else _checked_action(player, verb, None, hand)
            elif (type(amount) is int and 0 <= amount <= MAX_AMOUNT and player
                    and type(player) is str and hand is None and verb in _AMOUNT_VERBS):
                made = _MADE.get((player, verb, amount, None))
                return made if made is not None else _checked_action(player, verb, amount, None)
        return Action(player=self.player, verb=self.verb, amount=amount,
                      cards=tuple(cards), hand=self.hand)

    def __str__(self) -> str:
        text = f"{self.player} {self.verb.value}" if self.player else self.verb.value
        if self.hand:
            text += f" {self.hand}"
        if self.cards:
            text += f" {len(self.cards)} {format_cards(self.cards)}"
        elif self.verb is Verb.DISCARD:
            text += f" ({self.discards} card{'s' * (self.discards != 1)})"
        elif self.choices is not None:
            text += f" (1 of {len(self.choices)})"
        elif self.min_amount is not None:
            if self.min_amount == self.max_amount:
                text += f" {self.min_amount}"
            else:
                top = "" if self.max_amount is None else str(self.max_amount)
                text += f" {self.min_amount}..{top}"
        elif self.cost is not None:
            text += f" {self.cost}"
        return text


_OPTION: Final[dict[str, Any]] = {name: LegalAction.__dict__[name].__set__ for name in (
    "player", "verb", "min_amount", "max_amount", "hand", "discards", "cost", "cards", "choices")}
_opt_player, _opt_verb, _opt_min, _opt_max = (_OPTION[n] for n in ("player", "verb", "min_amount",
                                                                   "max_amount"))
_opt_hand, _opt_discards, _opt_cost = _OPTION["hand"], _OPTION["discards"], _OPTION["cost"]
_opt_cards, _opt_choices = _OPTION["cards"], _OPTION["choices"]
assert set(_OPTION) == set(LegalAction.__slots__), "choices_option, amount_option: every field"


def choices_option(player: str, verb: Verb, choices: Sequence[Action]) -> LegalAction:
    """``LegalAction(player=player, verb=verb, choices=choices)`` without the dataclass's keyword
    ``__init__`` (speed: an engine makes one every turn; a LegalAction checks nothing).

    >>> choices_option("Ann", Verb.PASS, ()) == LegalAction(player="Ann", verb=Verb.PASS)
    True
    """
    option: LegalAction = _new_object(LegalAction)
    _opt_player(option, player)
    _opt_verb(option, verb)
    _opt_min(option, None)
    _opt_max(option, None)
    _opt_hand(option, None)
    _opt_discards(option, 0)
    _opt_cost(option, None)
    _opt_cards(option, ())
    _opt_choices(option, choices)
    return option


def amount_option(player: str, verb: Verb, low: int, high: int | None) -> LegalAction:
    """``LegalAction(player=player, verb=verb, min_amount=low, max_amount=high)`` without the
    dataclass's keyword ``__init__`` (speed: an engine makes one whenever a stack or a stake
    gives new bounds; a LegalAction checks nothing).

    >>> amount_option("Ann", Verb.BET, 2, 9) == LegalAction(player="Ann", verb=Verb.BET,
    ...                                                     min_amount=2, max_amount=9)
    True
    """
    option: LegalAction = _new_object(LegalAction)
    _opt_player(option, player)
    _opt_verb(option, verb)
    _opt_min(option, low)
    _opt_max(option, high)
    _opt_hand(option, None)
    _opt_discards(option, 0)
    _opt_cost(option, None)
    _opt_cards(option, ())
    _opt_choices(option, None)
    return option


#: The places of each discard of a hand, by its size and the number discarded, in the order of
#: :func:`itertools.combinations` (:class:`Discards`).
_PLACES: Final[dict[tuple[int, int], tuple[tuple[int, ...], ...]]] = {}


class Discards(Sequence[Action]):
    """Every discard of ``count`` cards from ``hand`` by ``player`` (rules F1, F3): the
    ``choices`` of a discard option, so a client reading only the option can build each legal
    discard. Built on demand (a discard option is listed at every turn of four- and five-card
    Brag; its actions only when asked). A discard names its cards in any order: membership
    (``in``) compares them as a multiset, as the engine does.

    The choices name the cards of the player's own hand: the option is listed for its player
    only, once they have looked (a blind player is offered the look: BL6, F2).

    >>> hand = parse_cards("Qh Qs 4d 7c")
    >>> choices = Discards("Ann", hand, 1)
    >>> len(choices), str(choices[2])
    (4, 'Ann discard 4d')
    >>> Action.parse("Ann discard 7c") in choices, Action.parse("Ann discard 2c") in choices
    (True, False)
    >>> len(Discards("Ann", parse_cards("Qh Qs 4d 7c 2c"), 2))     # five-card Brag: two of five
    10
    """

    __slots__ = ("_actions", "hand", "player", "size")

    def __init__(self, player: str, hand: Sequence[Card], count: int) -> None:
        self.player = player
        self.hand = tuple(hand)
        self.size = count
        self._actions: list[Action] | None = None

    def _built(self) -> list[Action]:
        found = self._actions
        if found is None:
            found = self._actions = [card_action(self.player, Verb.DISCARD, cards)
                                     for cards in combinations(self.hand, self.size)]
        return found

    def __len__(self) -> int:
        return comb(len(self.hand), self.size)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if self._actions is None and type(index) is int:  # one discard: only it is built
            hand = self.hand
            places = _PLACES.get((len(hand), self.size))
            if places is None:
                places = _PLACES[len(hand), self.size] = tuple(
                    combinations(range(len(hand)), self.size))
            # (map, not a comprehension: one frame fewer)
            return card_action(self.player, _DISCARD_VERB,
                               tuple(map(hand.__getitem__, places[index])))
        return self._built()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._built())

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.player != self.player:
            return False
        if action.verb is not Verb.DISCARD or len(action.cards) != self.size:
            return False
        return not Counter(action.cards) - Counter(self.hand)

    def __repr__(self) -> str:
        return f"<{len(self)} discards of {self.size} from {format_cards(self.hand)}>"
