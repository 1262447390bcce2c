"""What the round-based point games share: Nine Card Brag (N1–N7) and Crash (C1–C6).

Neither game bets. Deal after deal each player is dealt a hand (nine cards, or thirteen), the hands
are played out in rounds that score points, and the game ends when a player has at least the
target and more than anyone else; each other player then owes a stake for every point behind
(N7; an option of Crash). This module is the machinery both games use, leaving to
:mod:`bragkit.games.nine_card` and :mod:`bragkit.games.crash` only what differs:

* the seats (:func:`check_players`, :func:`left_of`, :func:`seats_from`);
* the deal (:func:`deal_hands`): from a pack, one card at a time from the dealer's left, or
  hands as given;
* the operations both games log (:class:`DealStarted`, :class:`CardsDealt`, :class:`DealEnded`,
  :class:`GameWon`), each a :class:`~bragkit.games.protocol.Operation` that says who may see what
  of it, and the :class:`PointsResult` of a finished game;
* :class:`PointsGame`: the :class:`~bragkit.games.base.GameBase` hooks over deal after deal —
  whose turn it is, "may I?" and "why not?" from one verifier per game, the end of the game and
  its settlement; each game folds its view from the log censored for the viewer;
* :class:`PointsFold`: what both games' views fold alike (the deal, the dealer, the hands
  dealt, the scores, the winner);
* :func:`strategy_scores` for bots (a random bot: :func:`bragkit.games.protocol.random_action`).

Actions are those of the one vocabulary (:class:`~bragkit.actions.Action`); each game lists the
verbs it takes in ``VERBS``.

>>> players = ["Ann", "Bob", "Cat"]
>>> left_of(players, "Cat"), seats_from(players, "Bob")
('Ann', ['Bob', 'Cat', 'Ann'])
>>> hands, pack = deal_hands(Pack.standard(), players=players, dealer="Cat", count=2, decks=1,
...                          rule="N2")
>>> hands["Ann"], hands["Cat"]     # one card at a time from the dealer's left
((Card('As'), Card('Ac')), (Card('Ad'), Card('Kh')))
>>> deal_hands({"Ann": "As Ks", "Bob": "As Qs", "Cat": "2c 3c"}, players=players,
...            dealer="Cat", count=2, decks=1, rule="N2")
Traceback (most recent call last):
...
bragkit.errors.InvalidCardError: As dealt more often than the 1 pack(s) hold
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import (
    Card,
    CardsLike,
    Pack,
    RandomSource,
    format_cards,
    make_rng,
    parse_cards,
    shuffle_cards,
)
from bragkit.errors import BragError, IllegalActionError, InvalidCardError, RulesError
from bragkit.games.arrange import Strategy
from bragkit.games.base import GameBase
from bragkit.games.op_records import positional
from bragkit.games.protocol import Operation
from bragkit.games.wording import inner, says, whom
from bragkit.ledger import Payment, settle

__all__ = [
    "CardsDealt",
    "DealEnded",
    "DealSource",
    "DealStarted",
    "GameWon",
    "PointsFold",
    "PointsGame",
    "PointsResult",
    "PointsRules",
    "check_players",
    "deal_hands",
    "fewest_payments",
    "left_of",
    "seats_from",
    "shuffle",
    "strategy_scores",
]

#: The cards of one deal: a pack to deal from, or each player's hand.
DealSource = Pack | Mapping[str, CardsLike]

#: A standard pack per number of decks, copied and shuffled for each deal (as Pack.shuffled).
_STANDARD: Final = {decks: Pack.standard(decks=decks) for decks in (1, 2)}


# ---------------------------------------------------------------------------------------------
# Seats and the deal


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does
    (:func:`bragkit.cards.shuffle_cards`: without a method call per card).

    >>> cards, same = list(Pack.standard().cards), list(Pack.standard().cards)
    >>> shuffle(cards, random.Random(4)); random.Random(4).shuffle(same)
    >>> cards == same
    True
    """
    shuffle_cards(cards, rng)


def fewest_payments(nets: Mapping[str, int]) -> list[Payment]:
    """:func:`bragkit.ledger.settle` of ``nets`` (whole numbers summing to zero), the common
    case without its search: when one player alone is up (or alone down), each of the others
    pays them (is paid) their net directly, sorted by payer then payee, as ``settle`` gives it.

    >>> [str(p) for p in fewest_payments({"Ann": -3, "Bob": 5, "Cat": -2, "Dan": 0})]
    ['Ann pays Bob 3', 'Cat pays Bob 2']
    """
    up = [p for p, n in nets.items() if n > 0]
    down = [p for p, n in nets.items() if n < 0]
    if len(up) > 1 and len(down) > 1:
        return settle(nets)
    if len(up) == 1:
        payee = up[0]
        payments = [Payment(payer=p, payee=payee, amount=-nets[p]) for p in down]
    else:
        payer = down[0] if down else ""
        payments = [Payment(payer=payer, payee=p, amount=nets[p]) for p in up]
    payments.sort(key=lambda p: (p.payer, p.payee))
    return payments


def check_players(players: Sequence[str], *, least: int, most: int, rule: str) -> tuple[str, ...]:
    """The seats, checked: unique names without surrounding spaces, ``least..most`` of them.

    >>> check_players(["Ann"], least=2, most=4, rule="C1")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: 1 players: this game takes 2 to 4 (rule C1)
    """
    seats = tuple(players)
    for name in seats:
        if not isinstance(name, str) or not name or name != name.strip() or "\n" in name:
            raise RulesError(f"a player's name must be non-empty text: {name!r}")
    if len(set(seats)) != len(seats):
        raise RulesError("every player needs a different name")
    if not least <= len(seats) <= most:
        raise RulesError(f"{len(seats)} players: this game takes {least} to {most} (rule {rule})")
    return seats


def seats_from(players: Sequence[str], first: str) -> list[str]:
    """The seats clockwise starting at ``first``."""
    i = players.index(first)
    return [*players[i:], *players[:i]]


def left_of(players: Sequence[str], player: str) -> str:
    """The next seat clockwise (to the left)."""
    return players[(players.index(player) + 1) % len(players)]


def deal_hands(
    source: DealSource, *, players: Sequence[str], dealer: str, count: int, decks: int, rule: str
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...] | None]:
    """Deal ``count`` cards each from a pack (one at a time from the dealer's left) or take the
    hands as given; returns the hands and the pack as it was (None for given hands)."""
    if isinstance(source, Pack):
        if source.decks != decks or source.jokers:
            raise InvalidCardError(f"the pack must be {decks} standard pack(s) without jokers")
        before = source.cards
        if len(before) < count * len(players):
            raise InvalidCardError(f"the pack has {len(before)} cards, too few to deal "
                                   f"(rule {rule})")
        # one card at a time from the dealer's left: the i-th seat gets every n-th card from i
        order = seats_from(players, left_of(players, dealer))
        n = len(order)
        dealt = {p: before[i:count * n:n] for i, p in enumerate(order)}
        return {p: dealt[p] for p in players}, before
    if not isinstance(source, Mapping):
        raise InvalidCardError("a deal is a pack or a hand for each player")
    unknown = sorted(set(source) - set(players))
    if unknown:
        raise InvalidCardError(f"hands for players not at the table: {', '.join(unknown)}")
    hands: dict[str, tuple[Card, ...]] = {}
    for p in players:
        if p not in source:
            raise InvalidCardError(f"no hand for {p}")
        cards = parse_cards(source[p])
        if len(cards) != count or any(c.is_joker for c in cards):
            raise InvalidCardError(f"{p} must hold {count} cards without jokers (rule {rule})")
        hands[p] = cards
    counts = Counter(c for cards in hands.values() for c in cards)
    extra = [c for c, n in counts.items() if n > decks]
    if extra:
        raise InvalidCardError(f"{format_cards(sorted(extra))} dealt more often than the "
                               f"{decks} pack(s) hold")
    return hands, None


# ---------------------------------------------------------------------------------------------
# The operations both games log


@dataclass(frozen=True, kw_only=True, slots=True)
class DealStarted(Operation):
    """A deal began (N2, N5); ``pack`` is the whole pack as it was, top first (never shown: a
    viewer gets the record without it).

    >>> op = DealStarted(deal=1, dealer="Ann", pack=Pack.standard().cards)
    >>> op.censored("Ann")
    DealStarted(deal=1, dealer='Ann', pack=None)
    """

    deal: int
    dealer: str
    pack: tuple[Card, ...] | None = None

    def censored(self, viewer: str | None) -> DealStarted:
        """Without the pack, for everyone."""
        return self if self.pack is None else replace(self, pack=None)

    def __str__(self) -> str:
        return f"deal {self.deal}: {self.dealer} deals"

    def words(self, viewer: str | None) -> str:
        """"Deal 2: you deal", "Deal 2: Ann deals" (N2)."""
        return f"Deal {self.deal}: {inner(self.dealer, viewer, 'deals')}"


@dataclass(frozen=True, kw_only=True, slots=True)
class CardsDealt(Operation):
    """A player's cards, in the order dealt (seen by that player only).

    >>> op = CardsDealt(deal=1, player="Ann", cards=parse_cards("As Kd"))
    >>> op.censored("Ann") is op, op.censored("Bob"), op.censored(None)
    (True, None, None)
    """

    deal: int
    player: str
    cards: tuple[Card, ...]

    def censored(self, viewer: str | None) -> CardsDealt | None:
        """The record for its player; nothing for anyone else."""
        return self if viewer == self.player else None

    def __str__(self) -> str:
        return f"{self.player} is dealt {format_cards(self.cards)}"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"is dealt {format_cards(self.cards)}")


@dataclass(frozen=True, kw_only=True, slots=True)
class DealEnded(Operation):
    """A deal's rounds are over; ``scores`` are the game totals."""

    deal: int
    scores: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return f"deal {self.deal} over: " + ", ".join(f"{p} {n}" for p, n in self.scores)

    def words(self, viewer: str | None) -> str:
        """"points after deal 2: Ann 7, you 3" (N7, C6)."""
        return f"points after deal {self.deal}: " + ", ".join(
            f"{whom(p, viewer)} {n}" for p, n in self.scores)


@dataclass(frozen=True, kw_only=True, slots=True)
class GameWon(Operation):
    """The game is won (N7, C6); ``nets`` is what each player is up or down, ``payments`` squares
    them."""

    winner: str
    scores: tuple[tuple[str, int], ...]
    nets: tuple[tuple[str, int], ...]
    payments: tuple[Payment, ...]

    def __str__(self) -> str:
        paid = "; ".join(str(p) for p in self.payments) or "nothing to pay"
        return f"{self.winner} wins: {paid}"

    def words(self, viewer: str | None) -> str:
        """"You win: Bob pays you 12" (N7, C6)."""
        paid = "; ".join(says(p.payer, viewer, f"pays {whom(p.payee, viewer)} {p.amount}")
                         for p in self.payments) or "nothing to pay"
        return f"{says(self.winner, viewer, 'wins')}: {paid}"


#: The records made without their keyword ``__init__`` (speed: every deal logs them).
_makers: Final[dict[type[CardsDealt], Callable[..., CardsDealt]]] = {}  # by dealt type
_deal_started: Final = positional(DealStarted)  # (deal, dealer, pack)


@dataclass(frozen=True, kw_only=True)
class PointsResult:
    """A finished game: the winner, the scores, each player's net and the payments.

    :attr:`winners` (the :class:`~bragkit.games.protocol.Result` protocol) maps the one winner to
    their POINTS — the score that won the game; the money is in :attr:`nets`.

    >>> PointsResult(winner="Ann", scores={"Ann": 21, "Bob": 9}, nets={"Ann": 12, "Bob": -12},
    ...              payments=()).winners
    {'Ann': 21}
    """

    winner: str
    scores: Mapping[str, int]
    nets: Mapping[str, int]
    payments: tuple[Payment, ...]

    @property
    def winners(self) -> Mapping[str, int]:
        """The winner and the points they won the game with (N7, C6)."""
        return {self.winner: self.scores[self.winner]}


# ---------------------------------------------------------------------------------------------
# The game shell


class PointsRules(Protocol):
    """What the shell asks of a game's rules: the target (N7, C6) and the stake per point."""

    @property
    def target(self) -> int:
        """Points that win the game."""
        ...  # pragma: no cover

    @property
    def stake(self) -> int:
        """Money owed per point behind the winner."""
        ...  # pragma: no cover

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (a record's ``[rules]`` table)."""
        ...  # pragma: no cover


RulesT = TypeVar("RulesT", bound=PointsRules)
ResultT = TypeVar("ResultT", bound=PointsResult)


@lru_cache(maxsize=1024)
def _seating(players: tuple[str, ...], dealer: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The seats clockwise from ``dealer``'s left (N4, C2: the first to act), and each
    player's place among them (N2, C1: their first card's place in a pack dealt one at a time
    from the dealer's left); worked out once for a table and dealer (a game's attributes stay
    few: CPython shares up to 30 names between instances)."""
    order = tuple(seats_from(players, left_of(players, dealer)))
    return order, tuple(map(order.index, players))


@lru_cache(maxsize=1024)
def _verified(player: str | None, verb: Verb) -> LegalAction:
    """The option an action found legal fits (made once and shared: the verifier, not the
    option, holds what the move needs)."""
    return LegalAction(player=player, verb=verb)


class PointsGame(GameBase, Generic[RulesT, ResultT]):
    """A game to ``rules.target`` points, deal after deal.

    Cards come from ``deals`` (each a :class:`~bragkit.cards.Pack` or a hand for each player),
    then — or when ``deals`` is None — from packs shuffled by ``rng``. When the listed deals run
    out the game waits (:attr:`awaiting_deal`) for :meth:`start_deal`. The first dealer is
    ``dealer``, or cut at random; the deal passes to the left.

    The game implements :class:`~bragkit.games.protocol.Game` through
    :class:`~bragkit.games.base.GameBase`. A game says how many cards each player is dealt
    (:attr:`CARDS`), how many may sit (:attr:`SEATS`), its verbs (:attr:`VERBS`), its name in
    messages (``GAME``) and the rules that say so; it opens each deal (:meth:`_start`), lists the
    options of the player to act (``_menu``), verifies an action (:meth:`_verify`: the one path
    behind ``check``, ``can_apply``, ``apply`` and the menus' membership tests) and plays it
    (:meth:`_do`), calls :meth:`_check_winner` when points are scored, and folds a view from the
    log censored for its viewer (``_fold``, with :class:`PointsFold`).
    """

    #: Cards dealt to each player (N2: nine; C1: thirteen).
    CARDS: ClassVar[int]
    #: The least and most players.
    SEATS: ClassVar[tuple[int, int]]
    #: The rule on the seats and who may act (N1, C1).
    SEATS_RULE: ClassVar[str]
    #: The rule on the deal and its cards (N2, C1).
    DEAL_RULE: ClassVar[str]
    #: The rule on when a deal starts (N5, C6).
    NEXT_DEAL_RULE: ClassVar[str]
    #: The rule on the end of the game (N7, C6).
    END_RULE: ClassVar[str]
    #: The verbs the game takes (any other is refused).
    VERBS: ClassVar[frozenset[Verb]]
    #: The operation that logs a player's cards.
    _dealt_type: ClassVar[type[CardsDealt]] = CardsDealt
    #: The game's result.
    _result_type: type[ResultT]
    #: The seats, clockwise (a plain attribute: the hot paths read it at every action).
    players: tuple[str, ...] = ()
    #: The result once the game is over (a plain attribute: the base reads it at every menu).
    result: ResultT | None = None

    def __init__(
        self,
        rules: RulesT | None = None,
        *,
        players: Sequence[str],
        dealer: str | None = None,
        rng: RandomSource = None,
        deals: Iterable[DealSource] | None = None,
    ) -> None:
        super().__init__()
        self._rules = rules if rules is not None else self.default_rules()
        least, most = self.SEATS
        self.players = self._players = check_players(players, least=least, most=most,
                                                     rule=self.SEATS_RULE)
        self._decks = self._decks_for(len(self._players))
        self._rng = make_rng(rng)
        if dealer is None:
            dealer = self._players[self._rng.randrange(len(self._players))]  # rule N2: the cut
        if dealer not in self._players:
            raise RulesError(f"the dealer {dealer!r} is not at the table")
        self._first_dealer = dealer
        self._dealer = dealer
        self._sources: Iterator[DealSource] | None = iter(deals) if deals is not None else None
        self._scores = dict.fromkeys(self._players, 0)
        self._nets = dict.fromkeys(self._players, 0)
        self._ops: list[Operation] = []
        #: Each deal's cards as given and its actions (one attribute: a game's stay under the
        #: 30 names CPython shares between instances).
        self._deals: list[tuple[DealSource, list[Action]]] = []
        self._deal = 0
        self._order: list[str] = []
        self._awaiting = False
        self._winner: str | None = None
        self.result = None
        self._checked: Any = None  # what _verify found for the action being played
        self._setup()
        self._next_deal()

    # -- what each game says ------------------------------------------------------------------

    @classmethod
    @abstractmethod
    def default_rules(cls) -> RulesT:
        """The rules of a game set up without any."""

    def _decks_for(self, players: int) -> int:
        """Packs in play (one unless a game says otherwise)."""
        return 1

    @abstractmethod
    def _setup(self) -> None:
        """The game's own state before the first deal."""

    @abstractmethod
    def _start(self, hands: dict[str, tuple[Card, ...]]) -> None:
        """Open a deal once the hands are dealt (and :attr:`_order` is from the dealer's left);
        ``hands`` is the deal's own, made for it (the game may keep it)."""

    @abstractmethod
    def _turns_taken(self) -> int:
        """How many players of :attr:`_order` have acted in the current turn of play."""

    @abstractmethod
    def _verify(self, act: Action) -> Any:
        """Raise IllegalActionError naming the rule ``act`` breaks; otherwise what
        :meth:`_do` needs to play it (the game's own, private). Changes nothing."""

    @abstractmethod
    def _do(self, act: Action, verified: Any) -> None:
        """Play a verified action."""

    # -- properties ---------------------------------------------------------------------------

    @property
    def rules(self) -> RulesT:
        """The house rules."""
        return self._rules

    def target(self) -> int | None:
        """The points the game is played to (N7, C6)."""
        return self._rules.target

    def suggests(self, player: str) -> bool:
        """Whether the arranger has a move for ``player`` now: their turn (N3, C2)."""
        return self._winner is None and player == self.to_act

    def aids(self) -> frozenset[str]:
        """The arranger's suggestion (N3, C2), cards picked to play and sets made of them."""
        return frozenset(("suggestion", "pick", "sets"))

    def suggestion(self, player: str) -> Action | None:
        """The engine's strong move for ``player`` when it is their turn (the game's arranger,
        N3, C2): it reads only what ``player`` holds."""
        return self._strong_action() if self.suggests(player) else None

    @abstractmethod
    def _strong_action(self) -> Action:
        """The arranger's move for the player to act."""

    @property
    def over(self) -> bool:
        """Whether the game has been won (N7, C6)."""
        return self._winner is not None

    @property
    def finished_deals(self) -> int:
        """How many deals of cards are over (the game's, or all of them once it is won)."""
        if self._winner is not None or self._awaiting:
            return self._deal
        return self._deal - 1

    def record_so_far(self) -> str | None:
        """The whole record once the game is won (N7, C6); under way, the record of its
        finished deals — the deal in play, and its cards, left out — which replays as a game
        not yet over; ``None`` before the first deal ends."""
        if self._winner is not None:
            return self.record_text()
        finished = self.finished_deals
        return self._record_text(finished) if finished else None

    @abstractmethod
    def _record_text(self, deals: int) -> str:
        """The game's record of its first ``deals`` deals, as text."""

    @property
    def first_dealer(self) -> str:
        """Who dealt the first deal (N2: cut for dealer)."""
        return self._first_dealer

    @property
    def dealer(self) -> str:
        """Who dealt the current (or last) deal."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The current deal, from 1."""
        return self._deal

    @property
    def to_act(self) -> str | None:
        """Whose turn it is; None when the game is over or waiting for a deal."""
        if self._winner is not None or self._awaiting:
            return None
        return self._order[self._turns_taken()]

    @property
    def awaiting_deal(self) -> bool:
        """Whether the listed deals ran out and :meth:`start_deal` is awaited."""
        return self._awaiting

    @property
    def winner(self) -> str | None:
        """The winner once the game is over."""
        return self._winner

    @property
    def scores(self) -> dict[str, int]:
        """Points so far."""
        return dict(self._scores)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied, in order."""
        return tuple(a for _, deal in self._deals for a in deal)

    @property
    def deal_sources(self) -> tuple[DealSource, ...]:
        """Each deal's cards as given: the pack before dealing, or the hands (for records)."""
        return tuple(source for source, _ in self._deals)

    @property
    def deal_actions(self) -> tuple[tuple[Action, ...], ...]:
        """The actions of each deal."""
        return tuple(tuple(d) for _, d in self._deals)

    # -- dealing ------------------------------------------------------------------------------

    def _log(self, op: Operation) -> None:
        """Log an operation."""
        self._ops.append(op)

    def _shuffled(self) -> Pack:
        """A standard pack shuffled by the game's random source (as Pack.shuffled, cheaper)."""
        pack = _STANDARD[self._decks].copy()
        shuffle_cards(pack._cards, self._rng)  # as pack.shuffle(self._rng)
        return pack

    def _next_deal(self) -> None:
        if self._sources is None:
            # rules N5, C6: every deal is shuffled
            self._begin(self._shuffled(), own=True)
            return
        source = next(self._sources, None)
        if source is None:
            self._awaiting = True
            return
        self._begin(source)

    def start_deal(self, cards: DealSource | None = None) -> None:
        """Start the awaited deal from ``cards`` (a pack or hands), or a pack shuffled by the
        game's random source."""
        if not self._awaiting:
            raise IllegalActionError("a deal is already in play or the game is over",
                                     rule=self.NEXT_DEAL_RULE)
        if cards is None:
            self._begin(self._shuffled(), own=True)
            return
        self._begin(cards)

    def _begin(self, source: DealSource, *, own: bool = False) -> None:
        """Deal from ``source``; ``own``: a pack the game shuffled itself, kept without a copy
        (no one else holds it)."""
        players = self._players
        dealer = self._first_dealer if self._deal == 0 else left_of(players, self._dealer)
        order, places = _seating(players, dealer)
        pack: tuple[Card, ...] | None
        if own and isinstance(source, Pack):  # deal_hands of a standard pack, without checks
            pack = source.cards
            n = len(players)
            end = self.CARDS * n  # rule N2, C1: one card at a time from the dealer's left
            hands = {p: pack[i:end:n] for p, i in zip(players, places, strict=True)}
        else:
            hands, pack = deal_hands(source, players=players, dealer=dealer, count=self.CARDS,
                                     decks=self._decks, rule=self.DEAL_RULE)
        self._awaiting = False
        self._deal += 1
        self._dealer = dealer  # rule N2: the deal passes to the left
        # the pack as it was (deal_hands dealt from a copy)
        self._deals.append((source if own else source.copy() if isinstance(source, Pack)
                            else dict(hands), []))
        log, deal = self._ops.append, self._deal
        log(_deal_started(deal, dealer, pack))
        self._order = list(order)  # rule N4
        dealt = _makers.get(self._dealt_type)  # (deal, player, cards)
        if dealt is None:
            dealt = _makers[self._dealt_type] = positional(self._dealt_type)
        for p in order:
            log(dealt(deal, p, hands[p]))
        self._start(hands)

    # -- the base's hooks ---------------------------------------------------------------------

    def _actors(self) -> Sequence[str]:
        """Only the player to act has options."""
        to_act = self.to_act
        return () if to_act is None else (to_act,)

    def _find(self, action: Action) -> LegalAction | None:
        """The verifier's verdict: the action's option when it is legal (what the move needs
        is kept for :meth:`_play`), ``None`` when not."""
        try:
            self._checked = self._verify(action)
        except BragError:
            return None
        return _verified(action.player, action.verb)

    def _refusal(self, action: Action) -> BragError:
        """The verifier's error for ``action``, naming the rule."""
        try:
            self._verify(action)
        except BragError as error:
            return error
        raise AssertionError("an action found illegal passed its verifier")  # pragma: no cover

    def _ended(self) -> IllegalActionError:
        return IllegalActionError(f"the game is over: {self._winner} won", rule=self.END_RULE)

    def _play(self, action: Action, option: LegalAction) -> None:
        self._deals[-1][1].append(action)
        self._do(action, self._checked)

    def _records(self) -> list[Operation]:
        return self._ops

    def _check_in_play(self, act: Action) -> None:
        """Refuse any action when the game is over, between deals, or from a stranger."""
        if self._winner is not None:
            raise IllegalActionError(f"the game is over: {self._winner} won", rule=self.END_RULE)
        if self._awaiting:
            raise IllegalActionError("no deal is in play", rule=self.NEXT_DEAL_RULE)
        if act.player not in self._scores:
            raise IllegalActionError(f"{act.player} is not at the table", rule=self.SEATS_RULE)

    def _check_winner(self) -> bool:
        """End the game when someone has at least the target and more than anyone else (N7,
        C6): each other player owes the stake for every point behind, settled in the fewest
        payments. Whether the game is over."""
        best = max(self._scores.values())
        if best < self._rules.target:
            return False
        leaders = [p for p, s in self._scores.items() if s == best]
        if len(leaders) > 1:  # a tie at the top plays on
            return False
        winner = leaders[0]
        for p, s in self._scores.items():  # rule N7: the stake per point behind
            owed = self._rules.stake * (best - s)
            self._nets[p] -= owed
            self._nets[winner] += owed
        payments = tuple(fewest_payments(self._nets))
        self._winner = winner
        self.result = self._result_type(winner=winner, scores=dict(self._scores),
                                        nets=dict(self._nets), payments=payments)
        self._log(GameWon(winner=winner, scores=tuple(self._scores.items()),
                          nets=tuple(self._nets.items()), payments=payments))
        return True


class PointsFold:
    """What both points games fold alike from a log censored for one viewer: the deal and its
    dealer (:class:`DealStarted`; before any, the dealer cut for), the viewer's cards of the
    deal (:class:`CardsDealt`), whether a deal is awaited (a :class:`DealEnded` not followed by
    a deal), and the winner (:class:`GameWon`). A game folds its rounds itself: ``deal_ops`` are
    the records of the current deal after its cards.

    >>> fold = PointsFold([DealStarted(deal=1, dealer="Bob")], first_dealer="Bob")
    >>> fold.deal, fold.dealer, fold.awaiting, fold.winner
    (1, 'Bob', False, None)
    """

    __slots__ = ("awaiting", "cards", "deal", "deal_ops", "dealer", "winner")

    def __init__(self, log: Sequence[Operation], *, first_dealer: str) -> None:
        self.deal = 0
        self.dealer = first_dealer
        self.cards: tuple[Card, ...] = ()
        self.winner: str | None = None
        self.awaiting = True
        self.deal_ops: list[Operation] = []
        for op in log:
            if isinstance(op, DealStarted):
                self.deal, self.dealer = op.deal, op.dealer
                self.cards = ()
                self.awaiting = False
                self.deal_ops = []
            elif isinstance(op, CardsDealt):
                self.cards = op.cards  # censored: the viewer's own only
            elif isinstance(op, DealEnded):
                self.awaiting = True  # until the next deal starts
            elif isinstance(op, GameWon):
                self.winner = op.winner
                self.awaiting = False
            else:
                self.deal_ops.append(op)


# ---------------------------------------------------------------------------------------------
# Bots

GameT = TypeVar("GameT", bound=PointsGame[Any, Any])


def strategy_scores(
    new_game: Callable[[list[str], str, random.Random], GameT],
    move: Callable[[GameT, Strategy], Action | str],
    strategies: Sequence[Strategy],
    *,
    players: int,
    deals: int,
    seed: int,
) -> dict[str, float]:
    """Points per deal won by one seat playing each strategy while the others play greedily,
    over the same ``deals`` seeded deals (the seat moves round the table).

    ``new_game(names, dealer, rng)`` sets up a one-deal game with a pack shuffled by ``rng``;
    ``move(game, strategy)`` is the action of the player to act (an
    :class:`~bragkit.actions.Action` or its text).
    """
    names = [f"P{i + 1}" for i in range(players)]
    out: dict[str, float] = {}
    for strategy in strategies:
        rng = random.Random(seed)
        total = 0
        for d in range(deals):
            hero = names[d % players]
            game = new_game(names, names[(d + 1) % players], rng)
            while game.to_act is not None:
                plan: Strategy = strategy if game.to_act == hero else "greedy"
                game.apply(move(game, plan))
            total += game.scores[hero]
        out[strategy] = total / deals
    return out
