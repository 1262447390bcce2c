"""The shell every equalising game shares: :class:`StakeGame`, its :class:`StakeView` and
:class:`StakeResult`.

Historic Brag (:mod:`bragkit.games.historic`), 3 Card Brag Poker
(:mod:`bragkit.games.brag_poker`) and Teen Patti (:mod:`bragkit.games.teen_patti`) are
:class:`StakeGame` subclasses, built on the family's :class:`~bragkit.games.base.GameBase`. A
game says, for a player and a verb, what is allowed or why not (its verifier, ``_verify``); the
base's menu (``legal_actions``), refusal (``check``) and ``can_apply`` all read that one verdict.

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
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import getitem
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, Pack, RandomSource, format_cards, parse_cards
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.base import GameBase
from bragkit.games.protocol import Operation
from bragkit.games.stake_operations import (
    Acted,
    Awarded,
    Dealt,
    Paid,
    Posted,
    Revealed,
    RoundOpened,
    Shown,
    Turn,
    awarded,
    dealt,
    dealt_rows,
    posted_each,
    round_opened,
)
from bragkit.games.stake_operations import turn as make_turn
from bragkit.games.stake_pack import DealtPack, make_pack
from bragkit.games.stakes import BettingRound, Money

__all__ = ["StakeFold", "StakeGame", "StakeResult", "StakeRules", "StakeView", "Verdict",
           "deal_class"]

#: What a game's verifier says of a player and a verb: the options it allows, or why not.
Verdict = Sequence[LegalAction] | IllegalActionError

#: The games and tables of names already found distinct, non-empty and of a size the game seats
#: (:func:`_check_seats`: speed, a deal each).
_GOOD_SEATS: set[tuple[type, tuple[str, ...]]] = set()
_RANDOM: Final = random.Random
_DRAW: Final = Verb.DRAW
#: The verbs that take a player out of the deal (S2, P2: drop; TP7: pack).
_LEAVES: Final = frozenset((Verb.DROP, Verb.FOLD))
#: The verbs that set a player's stake in an equalising round.
_STAKING: Final = frozenset((Verb.CALL, Verb.BET, Verb.RAISE))


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

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], menu: Sequence[LegalAction] = (), *,
                  rules: Any = None) -> StakeView:
        """The view back from :meth:`to_dict`'s data (a web table's ``deal``, which leaves
        out ``legal``), with ``legal`` the texts of ``menu``; ``extra`` as JSON keeps it
        (lists for tuples).

        >>> from bragkit.games import new
        >>> game = new("brag-poker", players=["Ann", "Bob"], seed=3)
        >>> view = game.view("Ann")
        >>> menu = game.legal_actions("Ann")
        >>> StakeView.from_dict(view.to_dict(), menu) == view
        True
        """
        return cls(
            game=data["game"], viewer=data["viewer"], players=tuple(data["players"]),
            dealer=data["dealer"], phase=data["phase"], to_act=data["to_act"],
            stacks=dict(data["stacks"]), pots=dict(data["pots"]),
            stakes=dict(data["stakes"]), in_play=tuple(data["in_play"]),
            cards={p: tuple(None if c is None else Card.parse(c) for c in cs)
                   for p, cs in data["cards"].items()},
            looked=tuple(data["looked"]), history=tuple(data["history"]),
            legal=tuple(str(o) for o in menu),
            shown={p: parse_cards(cs) for p, cs in data["shown"].items()},
            winners=dict(data["winners"]), extra=dict(data["extra"]),
        )


_set_winners, _set_stacks = (StakeResult.__dict__[name].__set__ for name in ("winners", "stacks"))


def _result(winners: dict[str, int], stacks: dict[str, int]) -> StakeResult:
    """``StakeResult(winners=winners, stacks=stacks)``, made without the dataclass's keyword
    ``__init__`` (speed: one a deal): each field set through its slot.

    >>> _result({"Ann": 2}, {"Ann": 7}) == StakeResult(winners={"Ann": 2}, stacks={"Ann": 7})
    True
    """
    made: StakeResult = object.__new__(StakeResult)
    _set_winners(made, winners)
    _set_stacks(made, stacks)
    return made


class StakeRules(Protocol):
    """What a game's rules object offers the shared shell: its ``[rules]`` table."""

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        ...  # pragma: no cover


RulesT = TypeVar("RulesT", bound=StakeRules)


def _check_seats(game: type[StakeGame[Any]], seats: tuple[str, ...]) -> None:
    """Refuse names that are not distinct and non-empty, or too few or many for ``game`` (its
    ``SEATS``, rule ``SEATS_RULE``); remember a table that passes (:data:`_GOOD_SEATS`)."""
    min_players, max_players = game.SEATS
    if len(set(seats)) != len(seats) or not all(
            isinstance(p, str) and p and p == p.strip() for p in seats):
        raise RulesError("players must be distinct non-empty names")
    if not min_players <= len(seats) <= max_players:
        raise RulesError(f"{game.game} is for {min_players} to {max_players} players, "
                         f"not {len(seats)} (rule {game.SEATS_RULE})")
    if len(_GOOD_SEATS) < 1024:
        _GOOD_SEATS.add((game, seats))


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


class StakeGame(GameBase, Generic[RulesT]):
    """A deal of one equalising game: seats, the pack, money, the log and checked actions.

    Every game is set up the same way: ``Game(rules, players=…, dealer=…, stacks=…)`` with the
    cards from ``pack`` (top card first), ``hands`` (each player's cards as dealt, with an
    optional ``stock``: the rest of the pack, by default in the standard order) or ``rng`` (a
    shuffled pack: shuffled as it is dealt, the same cards, where the deal owns the source: a
    seed, or ``own_rng`` for a ``random.Random`` handed over, :mod:`~bragkit.games.stake_pack`);
    ``rules`` left out are the game's defaults. The class says its verbs
    (:attr:`VERBS`, the menu's order in :attr:`MENU`, those a player may use out of turn in
    :attr:`OUT_OF_TURN`), its pots (:attr:`POTS`) and how many may sit (:attr:`SEATS`, rule
    :attr:`SEATS_RULE`), and opens the deal in :meth:`_start`.

    Subclasses give the one verifier (:meth:`_verify`: for a player and a verb, the options
    allowed or the error naming the rule), explain an action that fits no option of an allowed
    verb (:meth:`_misfit`) and play a legal action (:meth:`_do`); the base's hooks (``_menu``,
    ``_find``, ``_refusal``, ``_play``) read them, so ``apply`` checks first, an illegal action
    raises :class:`IllegalActionError` and changes nothing, and ``can_apply`` and
    ``legal_actions`` never disagree with it. A view is folded from the log (:meth:`_fold`).
    """

    #: The players, in seat order (a plain attribute: the hot paths read it at every action).
    players: tuple[str, ...] = ()
    #: How the deal ended: what each winner took and the stacks after it; ``None`` until it is
    #: over (an instance's plain attribute from the start: read at every decision).
    result: StakeResult | None = None
    #: Whose turn it is, ``None`` once the deal is over: a plain attribute, set from
    #: :meth:`_turn_now` after every change (read at every decision).
    to_act: str | None = None
    #: Whether the deal has ended (nobody to act after the last change): a plain attribute.
    over: bool = False
    #: The hands and stock given, or the class's ``None`` (few attributes: kept inline, faster)
    source_hands: Mapping[str, tuple[Card, ...]] | None = None
    source_stock: tuple[Card, ...] | None = None
    game: ClassVar[str] = ""
    GAME: ClassVar[str] = ""
    #: The pot the betting pays into (three-stake Brag bets for its second pot, S4).
    BET_POT: ClassVar[str] = "pot"
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
        own_rng: bool = False,
    ) -> None:
        GameBase.__init__(self)
        self.rules: RulesT = rules if rules is not None else self.default_rules()
        seats: tuple[str, ...] = players if type(players) is tuple else tuple(players)
        self.players = seats
        if (type(self), seats) not in _GOOD_SEATS:  # checked once per game and table of names
            _check_seats(type(self), seats)
        if dealer not in seats:
            raise RulesError(f"the dealer {dealer!r} is not at the table")
        self.dealer = dealer
        if type(stacks) is not list and isinstance(stacks, Mapping):
            if set(stacks) != set(seats):
                raise RulesError("stacks must name every player")
            start = {p: stacks[p] for p in seats}
        else:
            if len(stacks) != len(seats):
                raise RulesError(f"{len(stacks)} stacks for {len(seats)} players")
            start = dict(zip(seats, stacks, strict=True))
        for stack in start.values():
            if type(stack) is not int or stack < 0:
                raise RulesError("stacks are whole numbers of chips, not negative")
        self.start_stacks = start
        self.money = Money(start, pots=self.POTS)
        i = seats.index(dealer) + 1  # rule D3: the deal starts at the dealer's left
        self.deal_order = seats[i:] + seats[:i]
        # the pack, shuffled as it is dealt where the deal owns its random source (a seed, or
        # own_rng: a source handed over, nothing else draws from it)
        if own_rng and type(rng) is _RANDOM and pack is None and hands is None and stock is None:
            self._dealt_pack = DealtPack.shuffled(rng)  # make_pack's own, without its checks
        else:
            self._dealt_pack, source_hands, source_stock = make_pack(
                pack, hands, stock, rng, seats=seats, deal_order=self.deal_order,
                cards_each=self.cards_each, own_rng=own_rng)
            if source_hands is not None:  # (set only when given: the class's None otherwise)
                self.source_hands, self.source_stock = source_hands, source_stock
        self.hands: dict[str, list[Card]] = {p: [] for p in seats}
        self.face_up: set[Card] = set()
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.winners: dict[str, int] = {}
        self._ops: list[Operation] = []
        self._menu_of: Sequence[LegalAction] | None = None  # the menu of the player to act
        # whose turn and the phase as last logged (a Turn): worked out once per change
        self._last_turn: tuple[str | None, str] = (None, "")          # to act, until an action
        self.over, self.result = False, None  # (an instance's own: faster than the class's)
        self._start()
        self._log_turn()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game:
            cls.GAME = cls.game  # the game's name in messages is its registry name
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
    @property
    def pack(self) -> Pack:
        """The cards not dealt yet, top first."""
        return self._dealt_pack.rest

    @property
    def initial_pack(self) -> Pack:
        """The whole pack as it was before the deal (a record's)."""
        return self._dealt_pack.initial

    def _cards_left(self) -> int:
        """How many cards the pack holds (without settling a pack shuffled as dealt)."""
        return len(self._dealt_pack)

    def _take_card(self) -> Card:
        """The top card of the pack, dealt to nobody (a turned card)."""
        return self._dealt_pack.deal()

    def _deal(self, player: str, *, face_up: bool = False, owner_sees: bool = True) -> Card:
        card = self._dealt_pack.deal()
        self.hands[player].append(card)
        if face_up:
            self.face_up.add(card)
        self._ops.append(dealt(player, card, face_up, owner_sees))
        return card

    def _deal_round(self, rounds: int, *, owner_sees: bool = True, up: int = 0) -> None:
        """Deal ``rounds`` cards face down to each player, one at a time from the dealer's left
        (D6), then ``up`` rounds face up: :meth:`_deal` for each, in one step."""
        order = self.deal_order
        seats = len(order)
        down = rounds * seats
        cards = self._dealt_pack.deal_many(down + up * seats)
        hands = self.hands
        for i, player in enumerate(order):  # the i-th from the dealer's left: every seats-th card
            hands[player] += cards[i::seats]
        rows = dealt_rows(order, False, owner_sees)  # each player's records
        self._ops += map(getitem, rows * rounds, cards[:down])
        if up:  # (face up: everyone sees them)
            self.face_up.update(cards[down:])
            self._ops += map(getitem, dealt_rows(order, True, True) * up, cards[down:])

    def _post_each(self, amount: int, pots: tuple[str, ...], reason: str) -> None:
        """Every player puts ``amount`` in each of ``pots``, in turn from the dealer's left
        (stakes, S4): a :class:`Posted` for each, in one step."""
        order = self.deal_order
        self.money.pay_each(order, amount, pots)
        self._ops += posted_each(order, amount, pots, reason)

    def _open_round(self, betting: BettingRound) -> BettingRound:
        """Log the stakes a betting round starts from (:class:`RoundOpened`); return it."""
        self._ops.append(round_opened(self.phase, tuple(betting.levels.items())))
        return betting

    def _log_turn(self) -> None:
        """Log whose turn it is and the phase, when either changed (:class:`Turn`)."""
        turn = self._turn_now()
        if turn != self._last_turn:  # a phase is never empty: the first turn is always logged
            self._last_turn = turn
            self.to_act = turn[0]
            self._ops.append(make_turn(turn[0], turn[1]))
            if turn[0] is None:
                self._ended_now()

    @abstractmethod
    def _turn_now(self) -> tuple[str | None, str]:
        """Whose turn it is (``None``: the deal is over) and the phase, as one pair, worked out
        from the state: what :meth:`_log_turn` compares with the turn last logged and sets
        :attr:`to_act` from."""

    # -- the rules, game by game ------------------------------------------------------------
    def _ended_now(self) -> None:
        """The deal has just ended (nobody to act after the last change): its :attr:`result`,
        what each winner took and every stack after it (nothing moves after the end)."""
        self.over = True
        self.result = _result(dict(self.winners), dict(self.money.stacks))

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase of the deal, as text."""

    @abstractmethod
    def _verify(self, player: str, verb: Verb) -> Verdict:
        """The one verifier: the options ``player`` has with ``verb`` now (one, or one per
        choice of cards), or the :class:`IllegalActionError` naming the rule that forbids it."""

    def _misfit(self, action: Action, options: Sequence[LegalAction]) -> IllegalActionError:
        """Why ``action`` fits none of ``options`` (an amount out of range, cards not held…)."""
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

    # -- the base's hooks: the menu, the refusal, the move ----------------------------------
    def _options(self, player: str, verbs: Sequence[Verb]) -> list[LegalAction]:
        out: list[LegalAction] = []
        for verb in verbs:
            verdict = self._verify(player, verb)
            if type(verdict) is not IllegalActionError:
                out += verdict  # type: ignore[arg-type]
        return out

    def _turn_options(self, to_act: str) -> Sequence[LegalAction]:
        """The menu of the player to act: the verifier's verdict on each verb of
        :meth:`_menu_verbs`, in order. A game may ask its betting round for the same verdicts
        in one step (:meth:`BettingRound.options`)."""
        return self._options(to_act, self._menu_verbs(to_act))

    def _menu(self, player: str) -> Sequence[LegalAction]:
        """The options of ``player``: the menu of the player to act, or what others may do
        out of turn (:attr:`OUT_OF_TURN`)."""
        to_act = self.to_act
        if to_act is None:
            return []
        if player == to_act:
            menu = self._menu_of  # the menu of the player to act, kept until the state changes
            if menu is None:
                menu = self._menu_of = self._turn_options(to_act)
            return menu
        return self._options(player, self.OUT_OF_TURN) if self.OUT_OF_TURN else []

    def _actors(self) -> Sequence[str]:
        """The player to act first, then those who may act out of turn."""
        to_act = self.to_act
        if to_act is None:
            return ()
        if not self.OUT_OF_TURN:
            return (to_act,)
        return (to_act, *(p for p in self.players if p != to_act))

    def _find(self, action: Action) -> LegalAction | None:
        """The option ``action`` fits, from the verifier's verdict on its player and verb."""
        player = action.player
        to_act = self.to_act
        verb = action.verb
        if player == to_act and to_act is not None:  # (the commonest: the player to act)
            menu = self._menu_of  # (as in _menu)
            if menu is None:
                menu = self._menu_of = self._turn_options(to_act)
            for option in menu:  # the verifier's verdicts, kept
                if option.verb is verb and action in option:
                    return option
            if verb not in self.OUT_OF_TURN:
                return None
        elif to_act is None or player not in self.players:
            return None
        assert player is not None  # (seated)
        verdict = self._verify(player, verb)
        if type(verdict) is IllegalActionError:
            return None
        for option in verdict:  # type: ignore[union-attr]
            if action in option:
                return option
        return None

    def _refusal(self, action: Action) -> IllegalActionError:
        """Why ``action`` fits no option: the verifier's verdict on its verb, or why it fits
        none of the options that verdict allows."""
        verdict = self._verify(str(action.player), action.verb)
        if type(verdict) is IllegalActionError:
            return verdict
        return self._misfit(action, verdict)  # type: ignore[arg-type]

    def _ended(self) -> IllegalActionError:
        return IllegalActionError("the deal is over", rule=self.RULE)

    def _play(self, action: Action, option: LegalAction) -> None:
        self._menu_of = None
        self._do(action)
        turn = self._turn_now()  # _log_turn, inlined (after every action)
        if turn != self._last_turn:
            self._last_turn = turn
            player, phase = turn
            self.to_act = player
            self._ops.append(make_turn(player, phase))
            if player is None:
                self._ended_now()

    # -- records and views ------------------------------------------------------------------
    def _records(self) -> list[Operation]:
        return self._ops

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
        view: StakeView = self.view(viewer)
        return view.history

    def sees_own(self, viewer: str) -> bool:
        """Whether a player may see their own face-down cards (P5: not before looking)."""
        return True

    def _stake_levels(self) -> dict[str, int]:
        """The engine's stakes now (the property tests compare them with a view's)."""
        return {}

    def _in_play(self) -> tuple[str, ...]:
        """The engine's players in now (as :meth:`_stake_levels`; :meth:`still_in` asks it)."""
        return self.players

    def still_in(self, player: str) -> bool:  # the protocol's: not dropped, packed (S2, P2, TP3)
        return player in self._in_play()

    def _extra(self) -> dict[str, Any]:
        """The engine's side of what :meth:`_fold_extra` folds (as :meth:`_stake_levels`)."""
        return {}

    def _fold(self, viewer: str | None, log: tuple[Operation, ...]) -> StakeView:
        """The view of ``viewer`` (``None``: a spectator, who sees no hidden card) folded from
        ``log``, the records censored for them, over what is public from the start (the seats,
        the dealer, the rules, the stacks brought): money, stakes, turn, phase, who is in, who
        has looked, cards, shown hands and winners all come from the records."""
        folded = StakeFold(self, log)
        legal = tuple(str(o) for o in self._menu(viewer)) if viewer else ()
        return StakeView(
            game=self.game, viewer=viewer, players=self.players, dealer=self.dealer,
            phase=folded.phase, to_act=folded.to_act, stacks=folded.stacks,
            pots=folded.pots, stakes=self._fold_stakes(folded, log),
            in_play=self._fold_in_play(folded, log),
            cards=fold_cards(self.players, log), looked=folded.looked(),
            history=tuple(folded.history), legal=legal, shown=folded.shown,
            winners=folded.winners, extra=self._fold_extra(viewer, folded, log),
        )

    def _fold_stakes(self, folded: StakeFold, log: Sequence[Operation]) -> dict[str, int]:
        """The stakes of the betting round open now, replayed from its :class:`RoundOpened`
        (rules S2, S4, P2, P4: a call meets the highest stake, a bet or raise tops it)."""
        return folded.levels()

    def _fold_in_play(self, folded: StakeFold, log: Sequence[Operation]) -> tuple[str, ...]:
        """Who is still in, from the log (seat order; a game may order them otherwise)."""
        return folded.in_play

    def _fold_extra(self, viewer: str | None, folded: StakeFold,
                    log: Sequence[Operation]) -> dict[str, Any]:
        """What one game adds to its view, folded from the log."""
        return {}

    def _award(self, pot: str, shares: Mapping[str, int], reason: str) -> None:
        money, winners, ops = self.money, self.winners, self._ops
        for player, amount in shares.items():
            if amount:
                money.award(pot, player, amount)
                winners[player] = winners.get(player, 0) + amount
                ops.append(awarded(player, amount, pot, reason))


class StakeFold:
    """One pass over a deal's log, censored for a viewer, gathering what every equalising game
    shows: money, the turn and phase (:class:`Turn`), the players still in, looks, shown hands,
    winners and the actions. Reads nothing but the records and what is public from the start.
    """

    __slots__ = ("_levels", "_round", "history", "in_play", "lookers", "phase", "pots",
                 "shown", "stacks", "to_act", "unseen", "winners")

    def __init__(self, game: StakeGame[Any], log: Sequence[Operation]) -> None:
        players = game.players
        self.stacks = dict(game.start_stacks)
        self.pots = dict.fromkeys(game.POTS, 0)
        self.to_act: str | None = None
        self.phase = ""
        in_play = list(players)
        self.lookers: set[str] = set()
        self.unseen: set[str] = set()
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.winners: dict[str, int] = {}
        self.history: list[str] = []
        self._round: RoundOpened | None = None
        self._levels: dict[str, int] = {}
        bet_pot = game.BET_POT
        highest = 0
        for op in log:
            kind = type(op)
            if kind is Acted:
                action: Action = op.action  # type: ignore[attr-defined]
                player = str(action.player)
                self.history.append(str(action))
                paid: int = op.paid  # type: ignore[attr-defined]
                if paid:
                    self.stacks[player] -= paid
                    self.pots[bet_pot] += paid
                verb = action.verb
                if verb is Verb.LOOK:
                    self.lookers.add(player)
                elif verb in _LEAVES and player in in_play:
                    in_play.remove(player)
                if self._round is not None and verb in _STAKING:
                    levels = self._levels
                    if verb is Verb.CALL:
                        levels[player] = highest
                    elif action.amount is not None:
                        highest += action.amount
                        levels[player] = highest
            elif kind is Turn:
                self.to_act = op.player  # type: ignore[attr-defined]
                self.phase = op.phase  # type: ignore[attr-defined]
            elif kind is Posted:
                self.stacks[op.player] -= op.amount  # type: ignore[attr-defined]
                self.pots[op.pot] += op.amount  # type: ignore[attr-defined]
            elif kind is Awarded:
                self.pots[op.pot] -= op.amount  # type: ignore[attr-defined]
                self.stacks[op.player] += op.amount  # type: ignore[attr-defined]
                if op.won:  # type: ignore[attr-defined]
                    self.winners[op.player] = (  # type: ignore[attr-defined]
                        self.winners.get(op.player, 0) + op.amount)  # type: ignore[attr-defined]
            elif kind is Paid:
                self.stacks[op.payer] -= op.amount  # type: ignore[attr-defined]
                self.stacks[op.payee] += op.amount  # type: ignore[attr-defined]
                self.winners[op.payee] = (  # type: ignore[attr-defined]
                    self.winners.get(op.payee, 0) + op.amount)  # type: ignore[attr-defined]
            elif kind is Shown:
                self.shown[op.player] = op.cards  # type: ignore[attr-defined]
            elif kind is Dealt:
                player = op.player  # type: ignore[attr-defined]
                if not op.owner_sees:  # type: ignore[attr-defined]
                    self.unseen.add(player)
                elif op.face_up and player in self.shown:  # type: ignore[attr-defined]
                    self.shown[player] += (op.card,)  # type: ignore[attr-defined]
            elif kind is RoundOpened:
                self._round = op  # type: ignore[assignment]
                self._levels = dict(op.levels)  # type: ignore[attr-defined]
                highest = max(self._levels.values(), default=0)
        self.in_play = tuple(in_play)

    def looked(self) -> tuple[str, ...]:
        """Who sees their own cards: everyone dealt them seen, and those who looked (P5)."""
        return tuple(p for p in self.in_order if p not in self.unseen or p in self.lookers)

    @property
    def in_order(self) -> tuple[str, ...]:
        return tuple(self.stacks)

    def levels(self) -> dict[str, int]:
        """The stakes of the betting round open now (none once its phase has passed)."""
        if self._round is None or self._round.phase != self.phase or self.to_act is None:
            return {}
        return dict(self._levels)

    def raises(self, log: Sequence[Operation]) -> int:
        """The raises of the last betting round opened."""
        count = 0
        for op in log:
            if isinstance(op, RoundOpened):
                count = 0
            elif isinstance(op, Acted) and op.action.verb is Verb.RAISE:
                count += 1
        return count


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
