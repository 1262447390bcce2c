"""The shell every equalising game shares: :class:`StakeGame`, its :class:`StakeView` and
:class:`StakeResult`, and :func:`random_action` (a bot uniform over the legal actions).

Historic Brag (:mod:`bragkit.games.historic`) and 3 Card Brag Poker
(:mod:`bragkit.games.brag_poker`) are :class:`StakeGame` subclasses, and so implement the one
:class:`~bragkit.games.protocol.Game` protocol. A game says, for a player and a verb, what is
allowed or why not (its verifier, ``_verify``); the menu (:meth:`StakeGame.legal_actions`), the
refusal (:meth:`StakeGame.check`) and :meth:`StakeGame.can_apply` all read that one verdict.

>>> from bragkit.games.brag_poker import BragPoker
>>> from bragkit.games.protocol import Game
>>> deal = BragPoker(players=["Ann", "Bob"], dealer="Bob", stacks=[30, 30], rng=1)
>>> isinstance(deal, Game), deal.to_act, deal.result
(True, 'Ann', None)
>>> deal.check("Ann raise 4")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: Ann has not looked: look first to raise (rule P5)
>>> deal.apply("Ann drop")
>>> deal.over, deal.result
(True, StakeResult(winners={'Bob': 3}, stacks={'Ann': 29, 'Bob': 31}))

A view is folded from the log censored for its viewer (:mod:`bragkit.games.stake_operations`):

>>> deal.view("Bob").history, deal.view(None).cards["Bob"]
(('Ann drop',), (None, None, None))
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, Pack, RandomSource, format_cards, make_rng, parse_cards
from bragkit.errors import IllegalActionError, InvalidActionError, InvalidCardError, RulesError
from bragkit.games.base import Capabilities
from bragkit.games.protocol import Operation
from bragkit.games.stake_operations import Acted, Awarded, Dealt, Revealed, Shown, dealt
from bragkit.games.stakes import Money
from bragkit.ownership import Guard

__all__ = ["StakeGame", "StakeResult", "StakeRules", "StakeView", "Verdict", "deal_class",
           "random_action"]

#: What a game's verifier says of a player and a verb: the options it allows, or why not.
Verdict = Sequence[LegalAction] | IllegalActionError

_STANDARD: Final = Pack.standard()
_DRAW: Final = Verb.DRAW
_VERB_WORDS: Final = frozenset(verb.value for verb in Verb)


@dataclass(frozen=True, kw_only=True, slots=True)
class StakeResult:
    """How a deal ended: what each winner took (``winners``) and every stack after it.

    >>> StakeResult(winners={"Ann": 4}, stacks={"Ann": 14, "Bob": 6}).winners["Ann"]
    4
    """

    winners: Mapping[str, int]
    stacks: Mapping[str, int]


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


class StakeRules(Protocol):
    """What a game's rules object offers the shared shell: its ``[rules]`` table."""

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        ...  # pragma: no cover


RulesT = TypeVar("RulesT", bound=StakeRules)


def fold_cards(players: Sequence[str], log: Sequence[Operation]
               ) -> dict[str, tuple[Card | None, ...]]:
    """Every player's cards as a (censored) log tells them, in the order they are held:
    dealt, revealed (P5), shown, and less the discards of a draw (P3; ``None`` for a card the
    log hides).

    >>> from bragkit.cards import parse_cards
    >>> kd, qs = parse_cards("Kd Qs")
    >>> fold_cards(["Ann"], [Dealt(player="Ann", card=kd), Dealt(player="Ann", card=None),
    ...                      Acted(action=Action.parse("Ann draw 1"))])
    {'Ann': (Card('Kd'),)}
    """
    cards: dict[str, list[Card | None]] = {p: [] for p in players}
    for op in log:
        kind = type(op)
        if kind is Dealt:
            cards[op.player].append(op.card)  # type: ignore[attr-defined]
        elif kind is Revealed or kind is Shown:
            cards[op.player] = list(op.cards)  # type: ignore[attr-defined]
        elif kind is Acted:
            action: Action = op.action  # type: ignore[attr-defined]
            if action.verb is _DRAW and action.amount:
                held = cards[str(action.player)]
                for card in action.cards or (None,) * action.amount:
                    if card in held:
                        held.remove(card)
    return {p: tuple(cs) for p, cs in cards.items()}


class StakeGame(Capabilities, ABC, Generic[RulesT]):
    """A deal of one equalising game: seats, the pack, money, the log and checked actions.

    Every game is set up the same way: ``Game(rules, players=…, dealer=…, stacks=…)`` with the
    cards from ``pack`` (top card first), ``hands`` (each player's cards as dealt, with an
    optional ``stock``: the rest of the pack, by default in the standard order) or ``rng`` (a
    shuffled pack); ``rules`` left out are the game's defaults. The class says its verbs
    (:attr:`VERBS`, the menu's order in :attr:`MENU`, those a player may use out of turn in
    :attr:`OUT_OF_TURN`), its pots (:attr:`POTS`) and how many may sit (:attr:`SEATS`, rule
    :attr:`SEATS_RULE`), and opens the deal in :meth:`_start`.

    Subclasses give the one verifier (:meth:`_verify`: for a player and a verb, the options
    allowed or the error naming the rule), explain an action that fits no option of an allowed
    verb (:meth:`_misfit`) and play a legal action (:meth:`_do`). :meth:`apply` checks first, so
    an illegal action raises :class:`IllegalActionError` and changes nothing, and
    :meth:`can_apply` and :meth:`legal_actions` never disagree with it.
    """

    game: ClassVar[str] = ""
    cards_each: ClassVar[int] = 3
    #: The verbs of the game (any other is refused).
    VERBS: ClassVar[frozenset[Verb]] = frozenset()
    #: The verbs in the order the menu lists them.
    MENU: ClassVar[tuple[Verb, ...]] = ()
    #: The verbs a player may use when it is not their turn.
    OUT_OF_TURN: ClassVar[tuple[Verb, ...]] = ()
    #: The rule cited for an action once the deal is over, or of a verb the game lacks.
    RULE: ClassVar[str] = ""
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
        self._ops: list[Operation] = []
        self._menu_of: tuple[str, list[LegalAction]] | None = None  # the menu of the player
        self._start()                                                 # to act, until an action

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
            shuffled = _STANDARD.copy()  # as Pack.shuffled: the standard order, shuffled
            shuffled.shuffle(make_rng(rng))
            return shuffled
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

    def _deal(self, player: str, *, face_up: bool = False, owner_sees: bool = True) -> Card:
        card = self.pack.deal()
        self.hands[player].append(card)
        if face_up:
            self.face_up.add(card)
        self._ops.append(dealt(player, card, face_up, owner_sees))
        return card

    # -- the rules, game by game ------------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """Whose turn it is, ``None`` when the deal is over."""

    @property
    def over(self) -> bool:
        """Whether the deal has ended."""
        return self.to_act is None

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended (as :attr:`over`)."""
        return self.to_act is None

    @property
    def result(self) -> StakeResult | None:
        """What each winner took and the stacks after the deal; ``None`` until it is over."""
        if self.to_act is not None:
            return None
        return StakeResult(winners=dict(self.winners), stacks=dict(self.money.stacks))

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase of the deal, as text."""

    @abstractmethod
    def _verify(self, player: str, verb: Verb) -> Verdict:
        """The one verifier: the options ``player`` has with ``verb`` now (one, or one per
        choice of cards), or the :class:`IllegalActionError` naming the rule that forbids it."""

    def _misfit(self, action: Action, options: Sequence[LegalAction]) -> IllegalActionError:
        """Why ``action`` fits none of ``options``, the verdict of its verb (an amount out of
        range, cards not held…)."""
        allowed = ", ".join(str(o) for o in options)
        return IllegalActionError(f"{action} does not fit: {allowed}", rule=self.RULE)

    def _menu_verbs(self, to_act: str) -> tuple[Verb, ...]:
        """The verbs worth asking the verifier about for ``to_act``, in menu order:
        :attr:`MENU`, or the part of it the state may allow (the verifier still decides each;
        leaving out a verb it would allow is a bug the property tests catch)."""
        return self.MENU

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    # -- the menu and checked actions -------------------------------------------------------
    def _menu(self, player: str, verbs: Sequence[Verb]) -> list[LegalAction]:
        out: list[LegalAction] = []
        for verb in verbs:
            verdict = self._verify(player, verb)
            if type(verdict) is not IllegalActionError:
                out += verdict  # type: ignore[arg-type]
        return out

    def _to_act_menu(self, to_act: str) -> list[LegalAction]:
        """The menu of the player to act, built once per state (every change of state goes
        through :meth:`apply`, which forgets it)."""
        cached = self._menu_of
        if cached is None:
            cached = self._menu_of = (to_act, self._menu(to_act, self._menu_verbs(to_act)))
        return cached[1]

    def legal_actions(self, player: str | None = None) -> list[LegalAction]:
        """Every legal option now: of ``player``, or of everyone (the player to act first,
        then what others may do out of turn)."""
        to_act = self.to_act
        if to_act is None:
            return []
        if player is not None:
            if player == to_act:
                return list(self._to_act_menu(to_act))
            if player not in self.players:
                return []
            return self._menu(player, self.OUT_OF_TURN)
        out = list(self._to_act_menu(to_act))
        if self.OUT_OF_TURN:
            for other in self.players:
                if other != to_act:
                    out += self._menu(other, self.OUT_OF_TURN)
        return out

    def _coerce(self, action: Action | str) -> Action:
        if type(action) is Action:
            return action
        if not isinstance(action, str):
            raise InvalidActionError(f"an action is an Action or text, not "
                                     f"{type(action).__name__}")
        try:
            return Action.parse(action, players=self.players, verbs=self.VERBS)
        except InvalidActionError:
            words = action.split()
            if len(words) > 1 and words[1] in _VERB_WORDS and Verb(words[1]) not in self.VERBS:
                known = ", ".join(verb.value for verb in Verb if verb in self.VERBS)
                raise InvalidActionError(f"{words[1]!r} is not a verb of {self.game} (its "
                                         f"verbs: {known})") from None
            raise

    def _find(self, action: Action) -> LegalAction | IllegalActionError | InvalidActionError:
        """The option ``action`` fits, or the error that says why there is none."""
        player = action.player
        if action.verb not in self.VERBS:
            known = ", ".join(verb.value for verb in Verb if verb in self.VERBS)
            return InvalidActionError(f"{action.verb.value!r} is not a verb of {self.game} (its "
                                      f"verbs: {known})")
        if player not in self.players:
            return IllegalActionError(f"{player} is not at the table", rule="B11")
        to_act = self.to_act
        if to_act is None:
            return IllegalActionError("the deal is over", rule=self.RULE)
        verb = action.verb
        if player == to_act:
            for option in self._to_act_menu(to_act):  # the verifier's verdicts, kept
                if option.verb is verb and action in option:
                    return option
        verdict = self._verify(player, action.verb)
        if type(verdict) is IllegalActionError:
            return verdict
        for option in verdict:  # type: ignore[union-attr]
            if action in option:
                return option
        return self._misfit(action, verdict)  # type: ignore[arg-type]

    def check(self, action: Action | str) -> None:
        """Raise :class:`IllegalActionError` (with a rule id) unless ``action`` is legal now;
        :class:`InvalidActionError` for text that does not parse. Changes nothing."""
        found = self._find(self._coerce(action))
        if not isinstance(found, LegalAction):
            raise found

    def can_apply(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` (it never disagrees)."""
        try:
            action = self._coerce(action)
        except InvalidActionError:
            return False
        return isinstance(self._find(action), LegalAction)

    def apply(self, action: Action | str) -> None:
        """Check an action and apply it; an illegal one raises and changes nothing (one begun
        while another is in progress, from another thread, raises ConcurrentUseError)."""
        action = self._coerce(action)
        with self.__dict__.get("_guard") or self.__dict__.setdefault("_guard", Guard("the game")):
            found = self._find(action)
            if not isinstance(found, LegalAction):
                raise found
            self._menu_of = None
            self._do(action)

    # -- records and views ------------------------------------------------------------------
    @property
    def operations(self) -> tuple[Operation, ...]:
        """Every change of state so far, in order (the engine's own log: every card)."""
        return tuple(self._ops)

    def log_for(self, viewer: str | None) -> list[Operation]:
        """The log as ``viewer`` (``None``: a spectator) may know it, each record censored."""
        out = []
        for op in self._ops:
            seen = op.censored(viewer)
            if seen is not None:
                out.append(seen)
        return out

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action so far, in full (discards included), as a record lists them."""
        return tuple(op.action for op in self._ops if type(op) is Acted)

    @property
    def stacks(self) -> dict[str, int]:
        """Every player's money now."""
        return dict(self.money.stacks)

    def history(self, viewer: str | None) -> tuple[str, ...]:
        """The actions as ``viewer`` saw them: other players' discards face down."""
        return tuple(str(op.action) for op in self.log_for(viewer)
                     if type(op) is Acted)

    def sees_own(self, viewer: str) -> bool:
        """Whether a player may see their own face-down cards (P5: not before looking)."""
        return True

    def _stake_levels(self) -> dict[str, int]:
        return {}

    def _in_play(self) -> tuple[str, ...]:
        return self.players

    def _extra(self, viewer: str | None, log: Sequence[Operation]) -> dict[str, Any]:
        return {}

    def view(self, viewer: str | None = None) -> StakeView:
        """What ``viewer`` may know now (``None``: a spectator, who sees no hidden card): the
        cards and the history folded from the log censored for them."""
        if viewer is not None and viewer not in self.players:
            raise RulesError(f"{viewer!r} is not at the table")
        log = self.log_for(viewer)
        legal = tuple(str(o) for o in self.legal_actions(viewer)) if viewer else ()
        return StakeView(
            game=self.game, viewer=viewer, players=self.players, dealer=self.dealer,
            phase=self.phase, to_act=self.to_act, stacks=self.stacks,
            pots=dict(self.money.pots), stakes=self._stake_levels(), in_play=self._in_play(),
            cards=fold_cards(self.players, log),
            looked=tuple(p for p in self.players if self.sees_own(p)),
            history=tuple(str(op.action) for op in log
                          if type(op) is Acted),
            legal=legal, shown=dict(self.shown), winners=dict(self.winners),
            extra=self._extra(viewer, log),
        )

    def _award(self, pot: str, shares: Mapping[str, int], reason: str) -> None:
        for player, amount in shares.items():
            if amount:
                self.money.award(pot, player, amount)
                self.winners[player] = self.winners.get(player, 0) + amount
                self._ops.append(Awarded(player=player, amount=amount, pot=pot,
                                         reason=reason))


def deal_class(name: str) -> type[StakeGame[Any]]:
    """The :class:`StakeGame` that plays the game the registry calls ``name`` (each says its
    own :attr:`~StakeGame.game`), for a table that sets up deal after deal itself.

    >>> import bragkit.games
    >>> deal_class(bragkit.games.find("brag-poker").name).__name__
    'BragPoker'
    """
    classes: list[type[StakeGame[Any]]] = list(StakeGame.__subclasses__())
    while classes:
        cls = classes.pop()
        if cls.game == name:
            return cls
        classes += cls.__subclasses__()
    raise RulesError(f"no equalising game is called {name!r}")


def random_action(game: StakeGame[Any], rng: random.Random) -> Action:
    """A bot's move: an option chosen uniformly among the legal ones, then an amount uniformly
    in its range.

    >>> from bragkit.games.brag_poker import BragPoker
    >>> deal = BragPoker(players=["Ann", "Bob"], dealer="Bob", stacks=[30, 30], rng=1)
    >>> rng = random.Random(1)
    >>> while not deal.over:
    ...     deal.apply(random_action(deal, rng))
    >>> sum(deal.stacks.values())
    60
    """
    options = game.legal_actions(game.to_act)
    if not options:
        raise IllegalActionError("the deal is over", rule="B11")
    option = rng.choice(options)
    low, high = option.min_amount, option.max_amount
    if low is not None and high is not None and low != high:
        return option.action(rng.randint(low, high))
    return option.action()
