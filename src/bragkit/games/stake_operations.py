"""The operation records of the equalising games (historic Brag, 3 Card Brag Poker).

Every change of a deal's state is one frozen record appended to its log, each an
:class:`~bragkit.games.protocol.Operation` that says who may see what of it
(:meth:`~bragkit.games.protocol.Operation.censored`):

* a face-down :class:`Dealt` card is its owner's only, and under P5 not even theirs until they
  look (``owner_sees=False``); the look is then a :class:`Revealed` record for the looker alone;
* an :class:`Acted` draw's discards are the drawer's only (:meth:`Action.public` hides them);
* everything else (phases, stakes, shown hands, awards, payments, whose turn) is public.

A view is folded from these records alone (:meth:`StakeGame._fold
<bragkit.games.stake_game.StakeGame._fold>`): a :class:`Turn` says whose turn it is and in which
phase after each change, a :class:`RoundOpened` the stakes a betting round starts from, an
:class:`Acted` what an action paid, an :class:`Awarded` whether it was a win.

>>> from bragkit.actions import Action
>>> from bragkit.cards import Card, format_cards
>>> dealt = Dealt(player="Ann", card=Card.parse("Kd"))
>>> dealt.censored("Ann") is dealt, dealt.censored("Bob")
(True, Dealt(player='Ann', card=None, face_up=False, owner_sees=True))
>>> str(Acted(action=Action.parse("Ann draw 1 Kd")).censored("Bob").action)
'Ann draw 1'
>>> Revealed(player="Ann", cards=(Card.parse("Kd"),)).censored(None) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from bragkit.actions import Action, Verb
from bragkit.cards import JOKER_INDEX, Card, format_cards
from bragkit.games.protocol import Operation
from bragkit.games.wording import action_words, says, whom

__all__ = [
    "Acted",
    "Awarded",
    "Dealt",
    "Paid",
    "PhaseStarted",
    "Posted",
    "Revealed",
    "RoundOpened",
    "Shown",
    "Turn",
    "acted",
    "awarded",
    "dealt",
    "dealt_row",
    "dealt_rows",
    "phase_started",
    "posted",
    "posted_each",
    "round_opened",
    "shown",
    "turn",
]


@dataclass(frozen=True, kw_only=True, slots=True)
class PhaseStarted(Operation):
    """A phase of the deal began (``"betting"``, ``"draw"``, ``"thirty-one"``…)."""

    phase: str

    def __str__(self) -> str:
        return f"-- {self.phase}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Posted(Operation):
    """A forced payment into a pot: a stake (S4) or a blind (P1)."""

    player: str
    amount: int
    pot: str
    reason: str

    def __str__(self) -> str:
        return f"{self.player} puts {self.amount} in {_pot(self.pot)} ({self.reason})"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"puts {self.amount} in {_pot(self.pot)} "
                                         f"({self.reason})")


@dataclass(frozen=True, kw_only=True, slots=True)
class Dealt(Operation):
    """One card dealt to a player from the top of the pack, face down unless ``face_up``.

    A face-down card is its owner's to see, unless ``owner_sees`` is false: a 3 Card Brag Poker
    player who has not looked sees none of their cards (P5) until a :class:`Revealed`. A
    censored copy has ``card=None``: the viewer knows a card was dealt, not which.
    """

    player: str
    card: Card | None
    face_up: bool = False
    owner_sees: bool = True

    def censored(self, viewer: str | None) -> Dealt:
        """The card for those who may see it (everyone when face up), hidden for the rest."""
        if self.face_up or (viewer == self.player and self.owner_sees) or self.card is None:
            return self
        return Dealt(player=self.player, card=None, face_up=False, owner_sees=self.owner_sees)

    def __str__(self) -> str:
        if self.card is None:
            return f"{self.player} is dealt a card"
        return f"{self.player} is dealt {self.card}{' face up' if self.face_up else ''}"

    def words(self, viewer: str | None) -> str:
        card = "a card" if self.card is None else (
            f"{self.card}{' face up' if self.face_up else ''}")
        return says(self.player, viewer, f"is dealt {card}")


@dataclass(frozen=True, kw_only=True, slots=True)
class Revealed(Operation):
    """A player looked at their cards (P5): the cards they hold then, for them alone."""

    player: str
    cards: tuple[Card, ...]

    def censored(self, viewer: str | None) -> Revealed | None:
        """Itself for the looker; nothing for anyone else (their look is an :class:`Acted`)."""
        return self if viewer == self.player else None

    def __str__(self) -> str:
        return f"{self.player} looked at {format_cards(self.cards)}"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"looked at {format_cards(self.cards)}")


@dataclass(frozen=True, kw_only=True, slots=True)
class Acted(Operation):
    """A player's action and the chips it put in (``paid``)."""

    action: Action
    paid: int = 0
    #: The game's own phrases for some verbs, in the third person (Teen Patti's "chaals {n}",
    #: "packs", TP3); the others are worded as in every game.
    phrases: tuple[tuple[Verb, str], ...] = field(default=(), compare=False, repr=False)

    def censored(self, viewer: str | None) -> Acted:
        """The action as ``viewer`` saw it: another player's discards face down (P3)."""
        action = self.action
        if action.player == viewer:
            return self
        public = action.public()
        return self if public is action else Acted(action=public, paid=self.paid,
                                                   phrases=self.phrases)

    def __str__(self) -> str:
        """The action's record string (HAND-HISTORY.md); another's discards face down."""
        return str(self.action)

    def words(self, viewer: str | None) -> str:
        """The action in words for ``viewer`` ("You bet 4 blind"; in the game's own phrases
        where it has them: "Ann packs", "You chaal 2 blind", TP3).

        >>> move = Acted(action=Action.parse("Ann blind 2"), paid=2,
        ...              phrases=((Verb.BLIND, "chaals {n} blind"),))
        >>> move.words("Ann"), move.words("Bob"), str(move)
        ('You chaal 2 blind', 'Ann chaals 2 blind', 'Ann blind 2')
        """
        action = self.action
        for verb, phrase in self.phrases:
            if verb is action.verb and action.player is not None:
                n = self.paid if action.amount is None else action.amount  # (a sideshow's chaal)
                return says(action.player, viewer, phrase.replace("{n}", str(n)))
        return action_words(action, viewer, self.paid)


@dataclass(frozen=True, kw_only=True, slots=True)
class Shown(Operation):
    """A hand exposed, with what it is worth in words (its name, D8, by the deal's rules)."""

    player: str
    cards: tuple[Card, ...]
    worth: str

    def __str__(self) -> str:
        return f"{self.player} shows {format_cards(self.cards)}: {self.worth}"

    def words(self, viewer: str | None) -> str:
        """"You show pair of queens (Qh Qs 4d)"."""
        return says(self.player, viewer, f"shows {self.worth} ({format_cards(self.cards)})")

    def shown_hand(self) -> tuple[str, str] | None:
        return self.player, self.worth


@dataclass(frozen=True, kw_only=True, slots=True)
class Awarded(Operation):
    """Chips from a pot to a player: ``reason`` says why (a win, a stake taken back…)."""

    player: str
    amount: int
    pot: str
    reason: str
    #: False for chips taken back (a stake nobody met, S2; everyone bust, S4): not a win.
    won: bool = True

    def __str__(self) -> str:
        return f"{self.player} takes {self.amount} from {_pot(self.pot)} ({self.reason})"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"takes {self.amount} from {_pot(self.pot)} "
                                         f"({self.reason})")


@dataclass(frozen=True, kw_only=True, slots=True)
class Turn(Operation):
    """Whose turn it is now (``None``: the deal is over) and the phase of the deal, logged
    after every change of either; wordless (:func:`~bragkit.games.protocol.describe` skips it:
    the actions say it).

    >>> str(Turn(player="Ann", phase="betting"))
    ''
    """

    player: str | None
    phase: str

    def __str__(self) -> str:
        return ""


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundOpened(Operation):
    """An equalising betting round began in ``phase``, with each player in at ``levels`` (the
    forced stakes carried in: the blinds of P1, the dealer's stake of S2); wordless."""

    phase: str
    levels: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return ""


@dataclass(frozen=True, kw_only=True, slots=True)
class Paid(Operation):
    """Chips from one player straight to another (the forfeit of S2)."""

    payer: str
    payee: str
    amount: int
    reason: str

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount} ({self.reason})"

    def words(self, viewer: str | None) -> str:
        """"You pay Bold 4", "Bold pays you 4"."""
        return says(self.payer, viewer, f"pays {whom(self.payee, viewer)} {self.amount} "
                                        f"({self.reason})")


# The records made at every action or every deal are made without the dataclass's keyword
# ``__init__`` (speed; a record checks nothing): each field set through its slot.
_new_record = object.__new__
_set_action, _set_paid = Acted.__dict__["action"].__set__, Acted.__dict__["paid"].__set__
_set_phrases = Acted.__dict__["phrases"].__set__
_set_revealed_player, _set_revealed_cards = (Revealed.__dict__[name].__set__
                                            for name in ("player", "cards"))
_set_shown_player, _set_shown_cards, _set_worth = (
    Shown.__dict__[name].__set__ for name in ("player", "cards", "worth"))
_set_award_player, _set_award_amount, _set_award_pot, _set_reason, _set_won = (
    Awarded.__dict__[name].__set__ for name in ("player", "amount", "pot", "reason", "won"))
_set_round_phase, _set_levels = (RoundOpened.__dict__[name].__set__
                                 for name in ("phase", "levels"))


#: The records of actions, kept for each action object and amount paid (records and the
#: menu's actions are frozen: a table logs the same few hundred over and over).
_ACTED: dict[tuple[int, int], Acted] = {}


def acted(action: Action, paid: int = 0,
          phrases: tuple[tuple[Verb, str], ...] = ()) -> Acted:
    """``Acted(action=action, paid=paid, phrases=phrases)``, made once for each action object,
    amount and phrases and shared (a record at every action; the record holds the action, so
    its id is not reused while kept).

    >>> acted(Action.parse("Ann call"), 2) == Acted(action=Action.parse("Ann call"), paid=2)
    True
    >>> call = Action.parse("Ann call")
    >>> acted(call, 2) is acted(call, 2), acted(call, 2).phrases
    (True, ())
    """
    key = (id(action), paid)
    record = _ACTED.get(key)
    if record is None or record.action is not action or record.phrases is not phrases:
        if len(_ACTED) >= 4096:
            _ACTED.clear()
        record = _ACTED[key] = _new_record(Acted)
        _set_action(record, action)
        _set_paid(record, paid)
        _set_phrases(record, phrases)
    return record


def revealed(player: str, cards: tuple[Card, ...]) -> Revealed:
    """``Revealed(player=player, cards=cards)``, made fast (a record at every look).

    >>> kd = Card.parse("Kd")
    >>> revealed("Ann", (kd,)) == Revealed(player="Ann", cards=(kd,))
    True
    """
    record: Revealed = _new_record(Revealed)
    _set_revealed_player(record, player)
    _set_revealed_cards(record, cards)
    return record


def shown(player: str, cards: tuple[Card, ...], worth: str) -> Shown:
    """``Shown(player=player, cards=cards, worth=worth)``, made fast (a showdown's records).

    >>> kd = Card.parse("Kd")
    >>> shown("Ann", (kd,), "king high") == Shown(player="Ann", cards=(kd,), worth="king high")
    True
    """
    record: Shown = _new_record(Shown)
    _set_shown_player(record, player)
    _set_shown_cards(record, cards)
    _set_worth(record, worth)
    return record


@lru_cache(maxsize=4096)
def awarded(player: str, amount: int, pot: str, reason: str, won: bool = True) -> Awarded:
    """``Awarded(player=..., amount=..., pot=..., reason=..., won=...)``, made fast and shared
    (every deal ends with one; the same few recur, as :func:`dealt`).

    >>> awarded("Ann", 4, "pot", "best hand") == Awarded(player="Ann", amount=4, pot="pot",
    ...                                                  reason="best hand")
    True
    """
    record: Awarded = _new_record(Awarded)
    _set_award_player(record, player)
    _set_award_amount(record, amount)
    _set_award_pot(record, pot)
    _set_reason(record, reason)
    _set_won(record, won)
    return record


def round_opened(phase: str, levels: tuple[tuple[str, int], ...]) -> RoundOpened:
    """``RoundOpened(phase=phase, levels=levels)``, made fast (every betting round).

    >>> round_opened("betting", (("Ann", 2),)) == RoundOpened(phase="betting",
    ...                                                       levels=(("Ann", 2),))
    True
    """
    record: RoundOpened = _new_record(RoundOpened)
    _set_round_phase(record, phase)
    _set_levels(record, levels)
    return record


def _pot(name: str) -> str:
    return "the pot" if name == "pot" else f"the {name} pot"


@lru_cache(maxsize=8192)
def dealt(player: str, card: Card, face_up: bool, owner_sees: bool) -> Dealt:
    """The :class:`Dealt` record, made once and shared (records are frozen; a table deals the
    same few thousand of them over and over)."""
    return Dealt(player=player, card=card, face_up=face_up, owner_sees=owner_sees)


@lru_cache(maxsize=256)
def dealt_row(player: str, face_up: bool, owner_sees: bool) -> tuple[Dealt, ...]:
    """The :class:`Dealt` record of every card to ``player`` (:func:`dealt`'s), by the card's
    index, the joker's last: a round of the deal reads its records from one row a player
    instead of one cache look-up a card (speed).

    >>> dealt_row("Ann", False, True)[Card.parse("Kd")] == dealt("Ann", Card.parse("Kd"),
    ...                                                          False, True)
    True
    """
    return tuple(dealt(player, Card(i), face_up, owner_sees) for i in range(JOKER_INDEX + 1))


@lru_cache(maxsize=256)
def dealt_rows(players: tuple[str, ...], face_up: bool, owner_sees: bool
               ) -> tuple[tuple[Dealt, ...], ...]:
    """:func:`dealt_row` of each of ``players``, in order (a table's deal reads them from one
    cache look-up a deal).

    >>> dealt_rows(("Ann", "Bob"), False, True)[1] is dealt_row("Bob", False, True)
    True
    """
    return tuple(dealt_row(p, face_up, owner_sees) for p in players)


@lru_cache(maxsize=1024)
def posted(player: str, amount: int, pot: str, reason: str) -> Posted:
    """The :class:`Posted` record, made once and shared (as :func:`dealt`)."""
    return Posted(player=player, amount=amount, pot=pot, reason=reason)


@lru_cache(maxsize=256)
def posted_each(players: tuple[str, ...], amount: int, pots: tuple[str, ...], reason: str
                ) -> tuple[Posted, ...]:
    """The :class:`Posted` records of ``amount`` from each of ``players`` into each of ``pots``
    in turn (player by player), made once and shared (every deal of a table posts the same).

    >>> [str(op) for op in posted_each(("Ann", "Bob"), 1, ("pot",), "ante")]
    ['Ann puts 1 in the pot (ante)', 'Bob puts 1 in the pot (ante)']
    """
    return tuple(posted(p, amount, pot, reason) for p in players for pot in pots)


@lru_cache(maxsize=4096)
def turn(player: str | None, phase: str) -> Turn:
    """The :class:`Turn` record, made once and shared (as :func:`dealt`: logged after every
    change of turn)."""
    return Turn(player=player, phase=phase)


@lru_cache(maxsize=256)
def phase_started(phase: str) -> PhaseStarted:
    """The :class:`PhaseStarted` record, made once and shared (as :func:`dealt`)."""
    return PhaseStarted(phase=phase)
