"""One deal of the three-card family as a state machine: :class:`Deal`.

Three-, four- and five-card Brag (rules D, B, BL, M, R, F and W of RULES.md). A deal takes the
antes and deals on construction; then :meth:`Deal.apply` takes the actions of HAND-HISTORY.md,
checked: an illegal action raises :class:`~bragkit.errors.IllegalActionError` naming the rule
it breaks and changes nothing. :meth:`Deal.legal_actions` lists what may be done, with amounts;
:meth:`Deal.can_apply` never disagrees with :meth:`Deal.apply`.

>>> from bragkit.rules import Rules
>>> deal = Deal(Rules(max_bet=20), players=["Ann", "Bob", "Cy"], dealer="Cy",
...             stacks=[50, 50, 50],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
>>> deal.pot, deal.to_act
(3, 'Ann')
>>> [str(a) for a in deal.legal_actions("Ann")]
['Ann look', 'Ann fold', 'Ann blind 1..10', 'Ann bet 1..20', 'showdown', 'Ann topup 1..']
>>> deal.apply("Ann bet 2")
>>> deal.apply("Bob bet 1")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: Bob must bet at least 2 to stay in (rule B3)
>>> deal.apply("Bob fold"); deal.apply("Cy blind 2")   # a blind 2 counts 4 (rule BL1)
>>> deal.stake, deal.pot
(4, 7)
>>> deal.apply("Ann see 8")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: Ann cannot see a blind player (rule BL4)
>>> deal.apply("Ann fold")      # everyone folded against a blind player (rule BL3)
>>> deal.result.carried_pot, deal.result.retained, deal.result.winners
(7, 'Cy', {})

Decisions the rules leave open, taken here (each also noted where it is enforced):

- **Antes (D2).** A player whose stack cannot pay the ante is refused on construction
  (:class:`~bragkit.errors.RulesError`): top them up or leave them out of the deal first.
- **The look window (BL6).** "Before the first bet" lasts until the first ``bet`` or ``blind``:
  until then anyone still blind may look (and, in four-/five-card Brag, discard) out of turn.
- **Showdown (B8).** ``showdown`` is legal whenever three or more players are still betting and
  is applied as all of them having agreed; it may be proposed at any point of the betting.
- **Seeing needs a bet (B6).** No see before the first bet.
- **"Two left" (B6, B8, M3)** counts the players still betting: a player who covered is out of
  the betting (their hand waits on the pot, M2), so the two others may see each other.
- **Covers.** Only a player who cannot meet the least bet may cover, with exactly their whole
  stack. With ``short_money = "fold"`` and two still betting, a short player may still cover:
  M4's choice of the player with money "to allow a cover" is taken as given by the record.
- **Loans (M4).** With ``lending`` on, a short player may make the least bet of their turn with
  more chips than they hold: the shortfall is lent, with two betting by the other of the two,
  otherwise by the richest other player at the table (the first from the dealer's left on a
  tie), who must hold the whole shortfall. A :class:`~bragkit.games.operations.Loan` records it.
- **Two hands (R2).** While a player in play holds two hands, no one may see, cover or agree a
  showdown (there would be no single hand to compare). A two-hand holder must ``look old`` or
  ``look new``; ``bet`` (which includes a look) is refused. A blind winner holding two hands
  keeps the new one; :meth:`Deal.result_keeping` gives the result of keeping the old one.
- **Face-up hand (R3).** Every other player has seen their cards from the deal. Each other
  player's first decision must be a fold unless their hand beats the face-up hand strictly. The
  face-up hand is discarded (under the pack) at the first stay-in by another player; until then
  the blind player may not look or cover. If all others fold while it is out, the blind player
  takes everything put in this deal and the carried pot stays.
- **Blind play off.** With ``blind = False`` every player has seen their cards at the deal:
  ``look`` and ``blind`` are refused (BL1) and no one is a blind winner.
- **Limits never stop a player meeting the stake** (B1, BL1): see
  :func:`~bragkit.games.betting.bet_bounds`. A blind seer pays half what an open seer would,
  rounded up: the stake, or half the stake with ``see_cost = "single"`` (B9, BL1, BL4).
- **Shown hands** (D8): the three cards a hand plays, then its discards (F1), so a tie decided
  by the discards can be checked. The hands compared over a covered pot are all shown.
- **The pot after the deal** is what is carried forward (0 unless BL3 or R3), so that
  ``sum(stacks) + pot`` always equals the chips brought in (stacks, carried pot, top-ups).

Speed: legality is decided in one place, by matching against a menu of legal actions built
once per state (and reused by :meth:`Deal.legal_actions`). In a simple deal (three cards, no
retained hand, no raise or pot limit, no lending) the menu comes by a shorter path, and the
menu of the player to act is remembered per Rules object by what it depends on (their stack
and look, the stake, how many still bet); menu entries are interned per player. Every check
stays: nothing skips the menu. A hand is evaluated once, from a compact table of evaluate()'s
own values. The operation log is kept compact (the antes, the dealt cards and the settlement
are one entry each) and expanded into frozen records on demand; the pack is dealt and rebuilt
in whole steps. ``benchmarks/bench_deals.py`` measures whole deals through this checked API.
"""

from __future__ import annotations

import functools
import random
from array import array
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from bragkit.actions import Action, HandChoice, LegalAction, Verb
from bragkit.cards import JOKER, JOKER_INDEX, Card, Pack, RandomSource, parse_cards
from bragkit.errors import IllegalActionError, InvalidActionError, RulesError
from bragkit.games.betting import bet_bounds, see_cost, split
from bragkit.games.diagnosis import explain
from bragkit.games.operations import (
    Acted,
    AnteTaken,
    CardDealt,
    HandRetained,
    HandShown,
    HandToPack,
    Loan,
    PotAwarded,
    PotCarried,
)
from bragkit.games.protocol import Operation
from bragkit.games.registry import GameInfo
from bragkit.games.results import DealResult, DealStart, new_result
from bragkit.games.views import DealView, build_view
from bragkit.hands import Category, HandRank, best_hand, evaluate, hand_of, strength_table
from bragkit.hands.table import rank_objects
from bragkit.rules import PRESETS, Rules

__all__ = ["VERBS", "Deal", "DealResult", "DealStart", "DealView"]

#: The verbs of the three-card family (HAND-HISTORY.md).
VERBS: Final = frozenset({Verb.FOLD, Verb.BET, Verb.BLIND, Verb.LOOK, Verb.KEEP, Verb.THROW,
                          Verb.DISCARD, Verb.SEE, Verb.COVER, Verb.TOPUP, Verb.SHOWDOWN})

_BETTING: Final = 0
_FOLDED: Final = 1
_COVERED: Final = 2

_FOLD, _BET, _BLIND, _LOOK = Verb.FOLD, Verb.BET, Verb.BLIND, Verb.LOOK
_KEEP, _THROW, _DISCARD, _SEE = Verb.KEEP, Verb.THROW, Verb.DISCARD, Verb.SEE
_COVER, _TOPUP, _SHOWDOWN = Verb.COVER, Verb.TOPUP, Verb.SHOWDOWN

# Markers of the compact log: the antes, the deal and the settlement are one entry each,
# expanded on demand.
_ANTES: Final = "antes"
_DEALT: Final = "dealt"
_END: Final = "end"  # the settlement: hands shown, pots awarded and carried, hands to the pack
_SHOWDOWN_OPTION: Final = LegalAction(player=None, verb=Verb.SHOWDOWN)
_PRIAL: Final = Category.PRIAL
_N = JOKER_INDEX + 1  # the flat hand table is indexed a * 53 * 53 + b * 53 + c
_N2 = _N * _N

# Field names of the operation records the compact internal log holds as tuples, one per
# change during the betting (see Deal.operations).
_OP_FIELDS: Final[dict[type, tuple[str, ...]]] = {
    Acted: ("action", "paid"),
    Loan: ("lender", "borrower", "amount"),
    HandToPack: ("player", "cards"),
}

AmountOptions = dict[tuple[int, int], LegalAction]
Menu = Sequence[LegalAction]  # a list, or a tuple shared between states (never changed)


class _Fixed:
    """A player's menu entries, built once per name: those without amounts (they never change)
    and, interned by their bounds, those with amounts. LegalAction objects are immutable and
    the same few recur deal after deal (each cache is bounded: cleared when it grows large)."""

    __slots__ = ("bet", "blind", "cover", "discard", "fold", "keep", "look", "look_two", "menus",
                 "name", "see", "throw", "topup")

    def __init__(self, name: str) -> None:
        self.name = name
        def make(verb: Verb, hand: HandChoice | None = None, discards: int = 0) -> LegalAction:
            return LegalAction(player=name, verb=verb, hand=hand, discards=discards)

        self.fold = make(_FOLD)
        self.look = make(_LOOK)
        self.look_two = (make(_LOOK, "old"), make(_LOOK, "new"))  # rule R2
        self.keep = make(_KEEP)
        self.throw = make(_THROW)
        self.topup = LegalAction(player=name, verb=_TOPUP, min_amount=1)  # rule M1
        # rules F1, F3: the discard of four- and five-card Brag, by cards dealt
        self.discard = {4: make(_DISCARD, discards=1), 5: make(_DISCARD, discards=2)}
        self.bet: AmountOptions = {}
        self.blind: AmountOptions = {}
        self.see: AmountOptions = {}
        self.cover: AmountOptions = {}
        # the menus of a simple deal when it is not this player's turn (Deal._build_menu),
        # by (may look) * 2 + (a showdown may be agreed): rules BL6, B8, M1
        showdown, topup = _SHOWDOWN_OPTION, self.topup
        self.menus: tuple[Menu, ...] = ((topup,), (showdown, topup), (self.look, topup),
                                        (self.look, showdown, topup))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Fixed:
        return self  # shared by every deal (a copied deal shares it too)


_FIXED: dict[str, _Fixed] = {}


def _fixed_options(name: str) -> _Fixed:
    found = _FIXED.get(name)
    if found is None:
        if len(_FIXED) > 10_000:
            _FIXED.clear()
        found = _FIXED[name] = _Fixed(name)
    return found


def _amount_option(
    cache: AmountOptions, player: str, verb: Verb, low: int, high: int
) -> LegalAction:
    """The option of ``verb`` from ``low`` to ``high`` chips, from the player's ``cache``."""
    found = cache.get((low, high))
    if found is None:
        if len(cache) > 2_000:
            cache.clear()
        found = cache[low, high] = LegalAction(player=player, verb=verb, min_amount=low,
                                               max_amount=high)
    return found


class _Setup:
    """What a deal reads from its Rules, worked out once per Rules object."""

    __slots__ = ("max_players", "plain_limits", "ranks", "rules", "simple", "turns", "values",
                 "wild")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.max_players = rules.max_players()  # rule D1
        # rule B1: no raise limit and no pot limit, so bet_bounds reduces to min_bet/max_bet
        self.plain_limits = rules.raise_limit is None and not rules.pot_limit
        # the rules of a simple deal (see Deal._build_menu), given no retained hand
        self.simple = rules.cards == 3 and self.plain_limits and not rules.lending
        self.turns: dict[tuple[str, bool, bool, int, int, int], Menu] = {}  # see there
        # jokers are always wild (W1): the evaluator needs to be told only of named wild cards
        self.wild: frozenset[Card] | tuple[()] = rules.wild_cards if rules.wild else ()
        # every three cards' HandRank value, compact (rules H2-H10, W1-W3), and the HandRank
        # of each value: what evaluate() gives, in 300 KB rather than a list of 150,000
        # pointers (the look-up of a showdown stays in the processor's cache)
        self.values = _strength_values(rules.ordering, self.wild)
        # (None only at values no hand has)
        self.ranks = cast(tuple[HandRank, ...], rank_objects(rules.ordering))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self  # shared by every deal under equal Rules (a copied deal shares it too)


@functools.lru_cache(maxsize=32)
def _strength_values(ordering: str, wild: frozenset[Card] | tuple[()]) -> array[int]:
    """:func:`~bragkit.hands.strength_table` flat, as Python reads it fastest: entry
    ``a * 53 * 53 + b * 53 + c`` is the value of cards ``a b c`` (``-1``: a card twice)."""
    values = array("h")
    values.frombytes(strength_table(ordering, wild).astype("=i2").tobytes())
    return values


_SETUPS: dict[Rules, _Setup] = {}


def _setup(rules: Rules) -> _Setup:
    """The setup of ``rules``, shared by equal Rules (a Rules object is immutable; tables
    built from the same settings share their remembered menus); the last one used is kept at
    hand, tested by identity, as a table deals deal after deal under the same Rules."""
    global _last_setup
    found = _SETUPS.get(rules)
    if found is None:
        if len(_SETUPS) >= 64:  # bounded: at most 64 setups of up to 4,096 remembered menus
            _SETUPS.clear()
        found = _SETUPS[rules] = _Setup(rules)
    _last_setup = (rules, found)
    return found


_last_setup: tuple[Rules, _Setup] | None = None


Strength = tuple[int, tuple[int, ...]]


class Deal:
    """One deal of three-, four- or five-card Brag (see the module docstring).

    ``players`` are the seats clockwise; ``dealer`` deals, and betting starts at their left
    (B2, D3). ``stacks`` is each seat's money before the ante. ``carried_pot`` is a pot carried
    from the last deal (BL3). The cards come from ``pack`` (dealt one at a time from the top,
    from the dealer's left, D6), or are given per player as ``hands``, or else a pack shuffled
    from ``rng`` is dealt. ``retained`` maps the blind winner of the last deal to the hand they
    kept (R1): their old hand; they are dealt a new one as usual. ``first_deal`` is kept in
    :attr:`start` for the record (D4: the first deal of a session is shuffled).

    Raises :class:`~bragkit.errors.RulesError` for a table that cannot be dealt (D1), a stack
    that cannot pay the ante (D2), or cards that do not make a pack or hands.
    """

    __slots__ = (
        "_bet_made",
        "_cards",
        "_carried_in",
        "_coverers",
        "_dealer",
        "_dealt",
        "_discards",
        "_end_returns",
        "_face_up",
        "_face_up_cards",
        "_fixed",
        "_fu_seat",
        "_gate",
        "_hand",
        "_kept",
        "_layers",
        "_log",
        "_looked",
        "_menus",
        "_n",
        "_n_betting",
        "_names",
        "_need_discard",
        "_old",
        "_ops",
        "_ops_done",
        "_order",
        "_pending",
        "_pending_hand",
        "_result",
        "_seat",
        "_setup",
        "_simple",
        "_stacks",
        "_stake",
        "_start",
        "_start_info",
        "_start_pack",
        "_status",
        "_stock",
        "_stock_at_end",
        "_strengths",
        "_to_act",
        "_top",
        "_topups",
        "_two_seat",
        "rules",
    )

    def __init__(
        self,
        rules: Rules,
        *,
        players: Sequence[str],
        dealer: str,
        stacks: Sequence[int],
        carried_pot: int = 0,
        pack: Pack | None = None,
        hands: Mapping[str, Sequence[Card] | str] | None = None,
        retained: Mapping[str, Sequence[Card] | str] | None = None,
        rng: RandomSource = None,
        first_deal: bool = True,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
        last = _last_setup
        setup = last[1] if last is not None and last[0] is rules else _setup(rules)
        names = players if type(players) is tuple else tuple(players)
        kept_old = {p: parse_cards(c) for p, c in retained.items()} if retained else {}
        seats = _seating(names, dealer)
        if seats is None:  # the slow path explains what is wrong
            rules.check_table(names, retained=len(kept_old))  # rule D1
            raise RulesError(f"the dealer {dealer!r} is not one of the players")
        if kept_old or len(names) > setup.max_players:
            rules.check_table(names, retained=len(kept_old))  # rules D1, R1
        stacks = tuple(stacks)
        n = len(names)
        if len(stacks) != n:
            raise RulesError(f"{len(stacks)} stacks for {n} players")
        ante = rules.ante
        stacks_now = []  # rule D2: the antes, taken below (one log entry, see operations)
        for stack in stacks:
            if type(stack) is not int or stack < ante:
                _check_stacks(names, stacks, ante)
            stacks_now.append(stack - ante)
        if type(carried_pot) is not int or carried_pot < 0:
            raise RulesError(f"carried_pot must be a whole number of chips: {carried_pot!r}")
        if kept_old:
            _check_retained(kept_old, names, rules)
        if pack is not None and hands is not None:
            raise RulesError("give a pack or hands, not both")

        self.rules = rules
        self._setup = setup
        self._simple = setup.simple and not kept_old
        self._names = names
        self._seat, self._dealer, self._order, self._fixed, slices = seats
        self._n = n
        cards = self._cards = rules.cards
        blind = rules.blind
        self._stacks = stacks_now  # rule D2: the antes, from the dealer's left
        self._layers = [carried_pot + ante * n]
        self._status = [_BETTING] * n
        self._n_betting = n
        self._looked = [not blind] * n  # rule D7: each may look, or play blind (BL)
        self._need_discard = [not blind and cards > 3] * n
        self._kept: list[tuple[Card, ...] | None] = [None] * n
        self._discards: list[tuple[Card, ...]] = [()] * n
        self._old: list[tuple[Card, ...] | None] = [None] * n
        self._stake = 0
        self._bet_made = False
        self._carried_in = carried_pot
        self._coverers: list[int] = []
        self._topups = [0] * n
        self._pending = -1
        self._pending_hand: HandChoice = "new"
        self._two_seat = -1
        self._face_up: tuple[Card, ...] | None = None
        self._face_up_cards: tuple[Card, ...] = ()
        self._gate: set[int] = set()
        self._result: DealResult | None = None
        self._strengths: list[tuple[Strength, tuple[Card, ...], HandRank] | None] = [None] * n
        self._stock_at_end: Pack | None = None
        self._ops: list[Operation] = []
        self._ops_done = 0
        self._log: list[tuple[Any, ...]] = [(_ANTES,), (_DEALT,)]
        self._menus: list[Menu | None] = [None] * n
        self._to_act = self._order[0]  # rule B2: betting starts at the dealer's left

        face_up_seat = -1
        if kept_old:
            (old_name, old_hand), = kept_old.items()
            face_up_seat = self._seat[old_name] if rules.retained_blind == "face-up" else -1
        self._fu_seat = face_up_seat
        self._hand = self._deal_cards(pack, hands, kept_old, rng, slices)
        self._dealt = tuple(self._hand)
        self._start_info = (stacks, kept_old, first_deal)
        self._start: DealStart | None = None
        if kept_old:
            seat = self._seat[old_name]
            if face_up_seat >= 0:  # rule R3: the new hand lies face up; the old one plays
                self._face_up = self._face_up_cards = self._hand[seat]
                self._hand[seat] = old_hand
                self._fu_seat = seat
                self._gate = {s for s in range(n) if s != seat}
                for s in self._gate:  # rule R3: everyone else must look
                    self._looked[s] = True
                    self._need_discard[s] = cards > 3
            else:  # rule R2: two hands, both blind
                self._old[seat] = old_hand
                self._two_seat = seat

    # -- construction helpers ------------------------------------------------------------------

    def _deal_cards(
        self,
        pack: Pack | None,
        hands: Mapping[str, Sequence[Card] | str] | None,
        kept_old: Mapping[str, tuple[Card, ...]],
        rng: RandomSource,
        slices: tuple[slice, ...],
    ) -> list[tuple[Card, ...]]:
        """The hands as dealt (D6); sets the stock, and what :attr:`start` needs of the pack
        as it was before the deal (``_start_pack``, or ``None`` and ``_top`` to rebuild it).
        ``slices`` picks each seat's cards out of the cards dealt, in seat order."""
        rules = self.rules
        n = self._n
        if hands is not None:
            self._stock = self._start_pack = None
            self._top: tuple[Card, ...] = ()
            held = [c for old in kept_old.values() for c in old]
            dealt = _check_hands(hands, self._names, rules, held)
            return [dealt[name] for name in self._names]
        if pack is None:
            source = Pack.shuffled(rng, jokers=rules.jokers)  # rule D4: a shuffled pack
            if kept_old:
                source = _without(source, [c for old in kept_old.values() for c in old])
            self._start_pack = source  # the engine's own: no copy needed
        else:
            _check_pack(pack, rules, kept_old)
            source = pack
            self._start_pack = None  # rebuilt on demand from the stock and the cards dealt
        # rule D6: one card at a time from the dealer's left, from the top of the pack: the
        # k-th card dealt goes to the seat order[k % n]. The stock is what remains.
        top, self._stock = source._split_top(rules.cards * n)
        self._top = top
        return list(map(top.__getitem__, slices))

    # -- public state --------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The seats, clockwise."""
        return self._names

    @property
    def dealer(self) -> str:
        """Who dealt; betting starts at their left (B2)."""
        return self._names[self._dealer]

    @property
    def start(self) -> DealStart:
        """The deal as it started, before the ante (for a record of it)."""
        if self._start is None:
            stacks, kept_old, first_deal = self._start_info
            pack = self._start_pack
            if pack is None and self._stock is not None:
                # the given pack as it was: the cards dealt on what remained of it (the stock,
                # which since then has only had cards put under it, D5)
                held = sum(len(old) for old in kept_old.values())
                rest = self.rules.pack_size - held - len(self._top)
                pack = self._start_pack = self._stock._before_split(self._top, rest)
            self._start = DealStart(
                stacks=stacks, carried_pot=self._carried_in, pack=pack,
                hands=dict(zip(self._names, self._dealt, strict=True)), retained=kept_old,
                first_deal=first_deal,
            )
        return self._start

    @property
    def to_act(self) -> str | None:
        """Whose turn it is (None once the deal is over)."""
        return self._names[self._to_act] if self._to_act >= 0 else None

    @property
    def over(self) -> bool:
        """Whether the deal has ended (the Game protocol's name for :attr:`is_over`)."""
        return self._result is not None

    def check(self, action: Action | str) -> None:
        """Raise the :class:`IllegalActionError` ``action`` meets, naming its rule; changes
        nothing."""
        if isinstance(action, str):
            action = Action.parse(action, players=self._names, verbs=VERBS)
        if self._find(action) is None:
            raise self._why(action)

    @property
    def is_over(self) -> bool:
        """Whether the betting has ended (B10) and the pot is settled."""
        return self._result is not None

    @property
    def pot(self) -> int:
        """All the chips in the middle: the carried pot, antes, bets, every covered layer (M2).
        Once the deal is over, what is carried forward (BL3)."""
        return sum(self._layers)

    @property
    def pots(self) -> tuple[int, ...]:
        """The pot in layers: one per cover (M2), the last the one being bet into."""
        return tuple(self._layers)

    @property
    def stacks(self) -> dict[str, int]:
        """Each seat's money now."""
        return dict(zip(self._names, self._stacks, strict=True))

    @property
    def stake(self) -> int:
        """The current stake in open terms (B3, BL1): 0 before the first bet."""
        return self._stake

    @property
    def in_play(self) -> tuple[str, ...]:
        """Players still holding a hand (not folded), covered ones included, in seat order."""
        return tuple(n for n, s in zip(self._names, self._status, strict=True) if s != _FOLDED)

    @property
    def betting(self) -> tuple[str, ...]:
        """Players still betting: in play and not covered (M2)."""
        return tuple(n for n, s in zip(self._names, self._status, strict=True) if s == _BETTING)

    def is_blind(self, player: str) -> bool:
        """Whether ``player`` has not looked at their cards (BL6)."""
        return not self._looked[self._seat_of(player)]

    @property
    def result(self) -> DealResult:
        """The end of the deal (:class:`RulesError` if it is not over yet)."""
        if self._result is None:
            raise RulesError("the deal is not over yet")
        return self._result

    @property
    def operations(self) -> tuple[Operation, ...]:
        """Every change of state, in order, as frozen records (see
        :mod:`bragkit.games.operations`). The engine's own log: it holds every card."""
        ops = self._ops
        log = self._log
        names = self._names
        for entry in log[self._ops_done:]:
            cls = entry[0]
            if cls is _ANTES:  # rule D2, from the dealer's left
                ops += [AnteTaken(player=names[s], amount=self.rules.ante) for s in self._order]
            elif cls is _DEALT:  # rule D6: one card at a time from the dealer's left
                for k in range(self._cards):
                    ops += [CardDealt(player=names[s], card=self._dealt[s][k],
                                      face_up=s == self._fu_seat) for s in self._order]
            elif cls is _END:  # the settlement, in the order _finish made it
                _, shown, winners, carried, retained, retained_hand, returns = entry
                ops += [HandShown(player=p, cards=c) for p, c in shown.items()]  # rule D8
                ops += [PotAwarded(player=p, amount=a) for p, a in winners.items()]
                if carried:  # rule BL3
                    ops.append(PotCarried(amount=carried))
                if retained is not None:  # rules BL3, R1
                    ops.append(HandRetained(player=retained, cards=retained_hand))
                ops += [HandToPack(player=names[s], cards=c) for s, c in returns]  # rule D5
            else:
                ops.append(cls(**dict(zip(_OP_FIELDS[cls], entry[1:], strict=True))))
        self._ops_done = len(log)
        return tuple(ops)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied, in order: the ``actions`` of the game record."""
        return tuple(entry[1] for entry in self._log if entry[0] is Acted)

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """Every card in front of ``player`` (both hands under R2, the old first; the face-up
        hand of R3 last). Omniscient: for records, tests and settlement, never for a player's
        screen (use :meth:`view`)."""
        seat = self._seat_of(player)
        old = self._old[seat] or ()
        return old + self._hand[seat] + (self._face_up or () if seat == self._fu_seat else ())

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self, player: str | None = None) -> list[LegalAction]:
        """Every legal action now, with its amounts (chips actually paid), or those of one
        player. Looks during the deal (BL6), top-ups (M1, any player, any time, no maximum) and
        an agreed showdown (B8, listed once, with no player) are included."""
        if self._result is not None:
            return []
        if player is not None:
            seat = self._seat.get(player)
            if seat is None:
                seat = self._seat_of(player)  # raises
            menu = self._menus[seat]
            if menu is None:
                menu = self._menus[seat] = self._build_menu(seat)
            return list(menu)
        options: list[LegalAction] = []
        for seat in range(self._n):
            options += [o for o in self._menu(seat) if o is not _SHOWDOWN_OPTION]
        if self._showdown_ok():
            options.append(_SHOWDOWN_OPTION)
        return options

    def can_apply(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` (it never disagrees)."""
        if isinstance(action, str):
            try:
                action = Action.parse(action, players=self._names, verbs=VERBS)
            except InvalidActionError:
                return False
        return self._find(action) is not None

    def _menu(self, seat: int) -> Menu:
        menu = self._menus[seat]
        if menu is None:
            menu = self._menus[seat] = self._build_menu(seat)
        return menu

    def _find(self, action: Action) -> LegalAction | None:
        """The menu entry ``action`` fits, or None: the one test of legality."""
        if self._result is None:
            verb = action.verb
            if verb is _SHOWDOWN:
                return _SHOWDOWN_OPTION if self._showdown_ok() else None
            seat = self._seat.get(action.player)  # type: ignore[arg-type]
            if seat is not None:
                menu = self._menus[seat]
                if menu is None:
                    menu = self._menus[seat] = self._build_menu(seat)
                amount = action.amount
                hand = action.hand
                for option in menu:
                    # the test of LegalAction.__contains__, inlined (the player is the menu's)
                    if option.verb is not verb or option.hand != hand:
                        continue
                    if verb is _DISCARD:
                        if len(action.cards) == option.discards and self._discard_ok(
                                seat, action.cards):
                            return option
                        return None
                    low = option.min_amount
                    if low is None:
                        if amount is None:
                            return option
                    elif amount is not None and low <= amount and (
                            option.max_amount is None or amount <= option.max_amount):
                        return option
        return None

    def _showdown_ok(self) -> bool:
        # rule B8; R2: not while a player holds two hands; R3: not while the face-up hand decides
        return (self._n_betting >= 3 and self._pending < 0 and self._two_seat < 0
                and self._face_up is None and not self._gate)

    def _build_menu(self, seat: int) -> Menu:
        """The menu of ``seat`` in this state (see :meth:`legal_actions`)."""
        if not self._simple:
            return self._full_menu(seat)
        # A simple deal (three cards, no retained hand, no raise or pot limit, no lending):
        # _full_menu with the branches that cannot arise taken out (same entries, same order),
        # and the menus shared: a player's menu is one of a few fixed ones when it is not
        # their turn; at their turn it is a function of the key below, remembered per Rules.
        fixed = self._fixed[seat]
        if self._status[seat] != _BETTING:
            return fixed.menus[0]  # rule M1
        three_betting = self._n_betting >= 3  # rule B8: a showdown may be agreed
        looked = self._looked[seat]
        bet_made = self._bet_made
        if seat != self._to_act:  # rule BL6: anyone may look during the deal
            return fixed.menus[(not looked and not bet_made) * 2 + three_betting]
        if three_betting:
            see = 0
        elif not bet_made:
            see = 1
        else:  # rule BL4: you can't see a blind man
            see = 2 if not looked or self._looked[self._other_betting(seat)] else 1
        stack = self._stacks[seat]
        stake = self._stake
        key = (fixed.name, looked, bet_made, stake, stack, see)
        turns = self._setup.turns
        menu = turns.get(key)
        if menu is None:
            if len(turns) >= 4_096:
                turns.clear()
            menu = turns[key] = self._turn_menu(fixed, looked, bet_made, stake, stack, see)
        return menu

    def _turn_menu(
        self, fixed: _Fixed, looked: bool, bet_made: bool, stake: int, stack: int, see: int
    ) -> Menu:
        """The menu of the player to act in a simple deal (see :meth:`_build_menu`); ``see``
        is 0 with three or more betting, 1 with two and no see allowed, 2 with a see allowed.
        """
        options = [fixed.fold] if looked else [fixed.look, fixed.fold]
        rules = self.rules
        # bet_bounds without a raise or pot limit, inlined (rules B1, B2, B3, BL1)
        open_low = stake if bet_made else rules.min_bet
        most = rules.max_bet
        open_high = most if most is None or most >= open_low else open_low
        if looked:
            low, high = open_low, open_high
        else:
            low = (open_low + 1) // 2
            high = None if most is None else most // 2
            if high is not None and high < low:
                high = low
        if stack >= low:
            top = high if high is not None and high < stack else stack
            verb = _BET if looked else _BLIND
            options.append(_amount_option(fixed.bet if looked else fixed.blind, fixed.name,
                                          verb, low, top))
            if not looked and stack >= open_low:
                # a bet by a blind player includes the look (BL2; HAND-HISTORY.md)
                top = open_high if open_high is not None and open_high < stack else stack
                options.append(_amount_option(fixed.bet, fixed.name, _BET, open_low, top))
        elif rules.short_money == "cover" or see:  # rules M2, M3, M4 (see: two betting)
            options.append(_amount_option(fixed.cover, fixed.name, _COVER, stack, stack))
        if see == 2:  # rule B6
            cost = see_cost(rules, stake, not looked)
            if stack >= cost:
                options.append(_amount_option(fixed.see, fixed.name, _SEE, cost, cost))
        if not see:  # rule B8
            options.append(_SHOWDOWN_OPTION)
        options.append(fixed.topup)  # rule M1
        return tuple(options)

    def _full_menu(self, seat: int) -> Menu:
        fixed = self._fixed[seat]
        if self._pending >= 0:  # rule R2: keep or throw the hand just looked at, at once
            if seat == self._pending:
                return [fixed.keep, fixed.throw, fixed.topup]
            return [fixed.topup]
        options: list[LegalAction] = []
        if self._status[seat] == _BETTING:
            if seat == self._to_act:
                self._turn_options(seat, fixed, options)
            elif not self._bet_made:  # rule BL6: anyone may look during the deal
                if not self._looked[seat]:
                    self._look_options(seat, fixed, options)
                elif self._need_discard[seat]:  # rule F1
                    options.append(fixed.discard[self._cards])
            if (self._n_betting >= 3 and self._two_seat < 0 and self._face_up is None
                    and not self._gate):  # rule B8 (see _showdown_ok)
                options.append(_SHOWDOWN_OPTION)
        options.append(fixed.topup)  # rule M1
        return options

    def _look_options(self, seat: int, fixed: _Fixed, options: list[LegalAction]) -> None:
        """The looks open to a player who has not looked (BL2, BL6, R2, R3, F1)."""
        if self._old[seat] is not None:  # rule R2
            options += fixed.look_two
        elif seat != self._fu_seat or self._face_up is None:  # rule R3
            options.append(fixed.look)
            if self._cards > 3:  # rule F2: discarding includes the look
                options.append(fixed.discard[self._cards])

    def _turn_options(self, seat: int, fixed: _Fixed, options: list[LegalAction]) -> None:
        looked = self._looked[seat]
        three = self._cards == 3
        plain = three and self._old[seat] is None and self._fu_seat < 0  # no R2/R3 state
        if not looked:
            if plain:
                options.append(fixed.look)
            else:
                self._look_options(seat, fixed, options)
        options.append(fixed.fold)
        if looked and self._need_discard[seat]:  # rule F1: discard before betting
            options.append(fixed.discard[self._cards])
            return
        if self._gate and seat in self._gate and not self._beats_face_up(seat):
            return  # rule R3: cannot beat the face-up hand, so must fold
        rules = self.rules
        name = fixed.name
        stack = self._stacks[seat]
        stake = self._stake
        bet_made = self._bet_made
        # the least and most of an open bet, and of this player's bet (a blind bet if blind)
        if self._setup.plain_limits:  # bet_bounds without a raise or pot limit, inlined
            open_low = stake if bet_made else rules.min_bet  # rules B2, B3
            most = rules.max_bet  # rule B1
            open_high = most if most is None or most >= open_low else open_low
            if looked:
                low, high = open_low, open_high
            else:  # rule BL1: a blind bet counts double; half the stake, rounded up
                low = (open_low + 1) // 2
                high = None if most is None else most // 2
                if high is not None and high < low:
                    high = low
        else:
            pot = sum(self._layers) if rules.pot_limit else 0
            open_low, open_high = bet_bounds(rules, stake, bet_made, pot, False)
            low, high = (open_low, open_high) if looked else bet_bounds(
                rules, stake, bet_made, pot, True)
        short = stack < low
        if not short:
            top = high if high is not None and high < stack else stack
            options.append(_amount_option(fixed.bet if looked else fixed.blind, name,
                                          _BET if looked else _BLIND, low, top))
        if not looked and stack >= open_low and (plain or (
                three and self._old[seat] is None
                and (seat != self._fu_seat or self._face_up is None))):
            # a bet by a blind player includes the look (BL2; HAND-HISTORY.md)
            top = open_high if open_high is not None and open_high < stack else stack
            options.append(_amount_option(fixed.bet, name, _BET, open_low, top))
        if short:
            if self._cover_ok(seat):  # rules M2, M3
                options.append(_amount_option(fixed.cover, name, _COVER, stack, stack))
            if rules.lending and self._lender(seat, low - stack) >= 0:  # rule M4
                cache = fixed.bet if looked else fixed.blind
                options.append(_amount_option(cache, name, _BET if looked else _BLIND, low, low))
        if self._n_betting == 2 and bet_made and self._two_seat < 0:  # rule B6
            other = self._other_betting(seat)
            if not looked or self._looked[other]:  # rule BL4: you can't see a blind man
                cost = see_cost(rules, stake, not looked)
                if stack >= cost:
                    options.append(_amount_option(fixed.see, name, _SEE, cost, cost))

    def _cover_ok(self, seat: int) -> bool:
        return ((self.rules.short_money == "cover" or self._n_betting == 2)  # rules M2, M3, M4
                and self._two_seat < 0  # rule R2
                and (seat != self._fu_seat or self._face_up is None))  # rule R3

    def _lender(self, seat: int, amount: int) -> int:
        """Who lends ``amount`` to ``seat`` (rule M4 [decision]), or -1."""
        if self._n_betting == 2:
            other = self._other_betting(seat)
            return other if self._stacks[other] >= amount else -1
        best = -1
        for other in self._order:
            if other != seat and self._stacks[other] >= amount and (
                    best < 0 or self._stacks[other] > self._stacks[best]):
                best = other
        return best

    def _other_betting(self, seat: int) -> int:
        for other in self._order:
            if other != seat and self._status[other] == _BETTING:
                return other
        raise AssertionError("no other player is betting")  # pragma: no cover

    def _discard_ok(self, seat: int, cards: tuple[Card, ...]) -> bool:
        hand = list(self._hand[seat])
        for card in cards:
            if card not in hand:
                return False
            hand.remove(card)
        return True

    # -- applying ------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> None:
        """Apply one action (an :class:`~bragkit.actions.Action` or its hand-history text).

        An illegal action raises :class:`~bragkit.errors.IllegalActionError` whose ``rule`` is
        the RULES.md id it breaks, and leaves the deal exactly as it was. Text that is not an
        action raises :class:`~bragkit.errors.InvalidActionError`.
        """
        if isinstance(action, str):
            action = Action.parse(action, players=self._names, verbs=VERBS)
        if self._find(action) is None:
            raise self._why(action)
        self._menus = [None] * self._n
        verb = action.verb
        if verb is _SHOWDOWN:
            self._log.append((Acted, action, 0))
            self._end_showdown()
            return
        seat = self._seat[action.player]  # type: ignore[index]
        if verb is _BET or verb is _BLIND:
            self._bet(seat, action)
        elif verb is _FOLD:
            self._log.append((Acted, action, 0))
            self._fold(seat)
        elif verb is _LOOK:
            self._log.append((Acted, action, 0))
            if action.hand is not None:  # rule R2: look at one of two hands
                self._pending = seat
                self._pending_hand = action.hand
            else:  # rule BL2
                self._looked[seat] = True
                self._need_discard[seat] = self._cards > 3  # rule F1
        elif verb is _TOPUP:  # rule M1
            amount = action.amount
            assert amount is not None
            self._stacks[seat] += amount
            self._topups[seat] += amount
            self._log.append((Acted, action, 0))
        elif verb is _DISCARD:  # rule F1
            self._log.append((Acted, action, 0))
            self._discard(seat, action.cards)
        elif verb is _SEE:
            self._see(seat, action)
        elif verb is _COVER:
            self._cover(seat, action)
        else:  # keep / throw, rule R2
            self._log.append((Acted, action, 0))
            self._keep_or_throw(seat, keep=verb is _KEEP)

    def _pay(self, seat: int, amount: int) -> None:
        self._stacks[seat] -= amount
        self._layers[-1] += amount

    def _next_turn(self, seat: int) -> None:
        # rule B4: the turn goes round to the left as many times as it takes; rule B7: a bet of
        # twice the stake is only a bet (a see is its own verb).
        status = self._status
        n = self._n
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            if status[seat] == _BETTING:
                self._to_act = seat
                return
        raise AssertionError("no one left to act")  # pragma: no cover

    def _stay_in(self, seat: int) -> None:
        """Rule R3: a first decision to stay in discards the face-up hand."""
        self._gate.discard(seat)
        if self._face_up is not None and seat != self._fu_seat:
            self._to_pack(self._fu_seat, self._face_up)
            self._face_up = None

    def _to_pack(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Rule D5: a hand goes under the pack, its cards in the order dealt."""
        if self._stock is not None:
            self._stock._put_under_hand(cards)
        self._log.append((HandToPack, self._names[seat], cards))

    def _fold(self, seat: int) -> None:
        self._status[seat] = _FOLDED
        self._n_betting -= 1
        if self._gate:
            self._gate.discard(seat)
        old = self._old[seat]
        if old is not None:  # rule R2: both hands go, the old one first [decision]
            self._to_pack(seat, old)
            self._old[seat] = None
            self._two_seat = -1
        self._to_pack(seat, self._hand[seat])
        if seat == self._fu_seat and self._face_up is not None:
            self._to_pack(seat, self._face_up)  # rule R3: the face-up hand goes with it
            self._face_up = None
            self._gate.clear()
        if self._n_betting == 1:
            self._end_last_standing()
        else:
            self._next_turn(seat)

    def _bet(self, seat: int, action: Action) -> None:
        amount = action.amount
        assert amount is not None
        stacks = self._stacks
        stack = stacks[seat]
        if amount > stack:  # rule M4: the shortfall is lent
            lender = self._lender(seat, amount - stack)
            short = amount - stack
            stacks[lender] -= short
            stacks[seat] += short
            self._log.append((Loan, self._names[lender], self._names[seat], short))
        if action.verb is _BET:
            self._looked[seat] = True  # a bet includes the look (BL2)
            self._stake = amount
        else:
            self._stake = 2 * amount  # rule BL1: a blind bet counts double
        self._bet_made = True
        stacks[seat] -= amount
        self._layers[-1] += amount
        self._log.append((Acted, action, amount))
        if self._gate or self._face_up is not None:
            self._stay_in(seat)
        # the next player still betting (_next_turn, inlined: a bet is the commonest action)
        status = self._status
        n = self._n
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            if status[seat] == _BETTING:
                self._to_act = seat
                return
        raise AssertionError("no one left to act")  # pragma: no cover

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        self._looked[seat] = True  # a discard includes the look (F2)
        self._need_discard[seat] = False
        kept = list(self._hand[seat])
        for card in cards:
            kept.remove(card)
        self._kept[seat] = tuple(kept)
        self._discards[seat] = cards
        self._strengths[seat] = None

    def _keep_or_throw(self, seat: int, *, keep: bool) -> None:
        self._pending = -1
        old = self._old[seat]
        assert old is not None
        looked_old = self._pending_hand == "old"
        looked_hand, other = (old, self._hand[seat]) if looked_old else (self._hand[seat], old)
        self._old[seat] = None
        self._two_seat = -1
        self._strengths[seat] = None
        if keep:  # rule R2: keep it, the other folded unseen; now open
            self._to_pack(seat, other)
            self._hand[seat] = looked_hand
            self._looked[seat] = True
            self._need_discard[seat] = self._cards > 3
        else:  # rule R2: fold the looked-at hand; one blind hand remains
            self._to_pack(seat, looked_hand)
            self._hand[seat] = other

    def _see(self, seat: int, action: Action) -> None:
        amount = action.amount
        assert amount is not None
        self._pay(seat, amount)
        self._log.append((Acted, action, amount))
        if self._gate or self._face_up is not None:
            self._stay_in(seat)
        seen = self._other_betting(seat)
        # rule B6: the seen player shows first; the seer wins only with a better hand (H8)
        if self._strength(seat)[0] > self._strength(seen)[0]:
            self._end_compared([seat], shown=[seen, seat])
        else:
            self._end_compared([seen], shown=[seen])

    def _cover(self, seat: int, action: Action) -> None:
        amount = action.amount
        assert amount is not None
        self._pay(seat, amount)
        self._log.append((Acted, action, amount))
        if self._gate or self._face_up is not None:
            self._stay_in(seat)
        self._status[seat] = _COVERED  # rule M2: cards face down on the pot
        self._n_betting -= 1
        self._coverers.append(seat)
        self._layers.append(0)  # the others bet into a new pot
        if self._n_betting == 1:  # rule M3: the betting ends; the other pays nothing more
            self._end_last_standing()
        else:
            self._next_turn(seat)

    # -- hands ---------------------------------------------------------------------------------

    def _strength(self, seat: int) -> tuple[Strength, tuple[Card, ...], HandRank]:
        """A hand's strength key, the cards it shows (kept, then discards) and its rank:
        evaluated once per hand (again only if the hand changes, F1 and R2)."""
        found = self._strengths[seat]
        if found is None:
            found = self._strengths[seat] = self._evaluate(
                self._hand[seat], self._kept[seat], self._discards[seat])
        return found

    def _evaluate(
        self, hand: tuple[Card, ...], kept: tuple[Card, ...] | None, discards: tuple[Card, ...]
    ) -> tuple[Strength, tuple[Card, ...], HandRank]:
        setup = self._setup
        if kept is not None:  # rule F1: the three the player kept, then the discards
            chosen = hand_of(kept, discards, ordering=self.rules.ordering, wild=setup.wild)
        elif len(hand) == 3:
            a, b, c = hand
            # evaluate()'s own values, read directly (rules H2-H10, W1-W3); a card held twice
            # is not a hand (-1): evaluate() says so
            value = setup.values[a * _N2 + b * _N + c]
            if value < 0:
                rank = evaluate(hand, ordering=self.rules.ordering, wild=setup.wild)
            else:
                rank = setup.ranks[value]
            return (value, ()), hand, rank
        else:  # rule F2: a hand shown without a look plays its best three
            chosen = best_hand(hand, ordering=self.rules.ordering, wild=setup.wild, keep=3)
        return chosen.sort_key, chosen.kept + chosen.discards, chosen.rank

    def _beats_face_up(self, seat: int) -> bool:
        """Rule R3: whether a hand beats the face-up hand strictly."""
        face_up = self._evaluate(self._face_up_cards, None, ())[0]
        return self._strength(seat)[0] > face_up

    # -- the end -------------------------------------------------------------------------------

    def _end_last_standing(self) -> None:
        """One player is left betting: B5, BL3, R3, or a covered pot to compare (M2, M3)."""
        status = self._status
        winner = next(s for s in self._order if status[s] == _BETTING)
        if self._coverers:  # rules M2, M3: the winner shows (even blind) and is compared
            self._end_compared([winner], shown=[winner])
            return
        pot = self._layers[0]
        if self._face_up is not None and winner == self._fu_seat:
            # rule R3: everyone folded to the face-up hand; this deal's money to the blind
            # player, the carried pot stays
            award = pot - self._carried_in
            self._finish({winner: award} if award else {}, self._carried_in, winner)
        elif not self._looked[winner]:  # rule BL3: a blind winner carries the pot forward
            self._finish({}, pot, winner)
        else:  # rule B5
            self._finish({winner: pot}, 0, -1)

    def _end_showdown(self) -> None:
        """Rule B8: every hand still betting is shown; the best wins, equal best split."""
        status = self._status
        strength = self._strength
        seats: list[int] = []
        winners: list[int] = []
        best: Strength | None = None
        for seat in self._order:
            if status[seat] == _BETTING:
                seats.append(seat)
                key = strength(seat)[0]
                if best is None or key > best:
                    best = key
                    winners = [seat]
                elif key == best:
                    winners.append(seat)
        self._end_compared(winners, shown=seats)

    def _end_compared(self, final: list[int], shown: list[int]) -> None:
        """Settle the pot when hands are compared: a see, a showdown or a covered pot.

        Rule M2 [decision]: each covered layer goes to the best hand among its coverer, every
        later coverer and the final winner(s), ties to the later player; the last layer goes to
        the final winner(s), split as B8 says.
        """
        coverers = self._coverers
        if not coverers:  # one pot (the common case): to the final winner(s), rule B8
            if len(final) == 1:
                self._finish({final[0]: self._layers[-1]}, 0, -1, shown)
            else:
                self._finish(split(self._layers[-1], final), 0, -1, shown)
            return
        awards: dict[int, int] = {}
        final_key = self._strength(final[0])[0]
        for i, coverer in enumerate(coverers):
            best, best_key = coverer, self._strength(coverer)[0]
            for later in coverers[i + 1:]:
                key = self._strength(later)[0]
                if key >= best_key:
                    best, best_key = later, key
            if final_key >= best_key:
                for seat, share in split(self._layers[i], final).items():
                    awards[seat] = awards.get(seat, 0) + share
            else:
                awards[best] = awards.get(best, 0) + self._layers[i]
        for seat, share in split(self._layers[-1], final).items():
            awards[seat] = awards.get(seat, 0) + share
        shown = shown + [c for c in coverers if c not in shown]  # rule D8
        self._finish(awards, 0, -1, shown)

    def _finish(
        self, awards: dict[int, int], carried: int, retained: int, shown: Sequence[int] = ()
    ) -> None:
        """Settle: show, pay, carry, retain, return the hands under the pack, and record it
        all as one log entry (expanded by :attr:`operations`)."""
        names = self._names
        stacks = self._stacks
        shown_cards: dict[str, tuple[Card, ...]] = {}
        for seat in shown:  # rule D8
            shown_cards[names[seat]] = self._strength(seat)[1]
        winners: dict[str, int] = {}
        prial = False
        order = self._order
        # from the dealer's left
        paid = awards.items() if len(awards) < 2 else [(s, awards[s]) for s in order if s in awards]
        for seat, amount in paid:
            if amount:
                stacks[seat] += amount
                winners[names[seat]] = amount
                if shown and self._strength(seat)[2].category is _PRIAL:
                    prial = True  # rule D4: seen and won by a prial
        two = retained >= 0 and self._old[retained] is not None
        # rules BL3, R1: the blind hand stays on the table
        retained_hand = self._hand[retained] if retained >= 0 else None
        self._layers = [carried]
        # rule D5: the remaining hands go under the pack from the dealer's left
        returns: list[tuple[int, tuple[Card, ...]]] = []
        under: list[Card] = []
        status = self._status
        hands = self._hand
        for seat in order:
            if status[seat] == _FOLDED:
                continue
            if seat == retained:
                other = self._face_up if self._face_up is not None else self._old[seat]
                if other is None:
                    continue
                cards = other
            else:  # (two hands end only in BL3: a player here holds one)
                cards = hands[seat]
            returns.append((seat, cards))
            under += cards
        self._end_returns = returns
        stock = self._stock
        next_pack = None
        if stock is not None:
            if two:
                self._stock_at_end = stock.copy()  # for result_keeping (R2)
            # with no hand retained, every card is back: the next deal need not count them
            stock._put_under_cards(under, whole=retained < 0)
            next_pack = stock.copy()
        retained_name = names[retained] if retained >= 0 else None
        self._log.append((_END, shown_cards, winners, carried, retained_name, retained_hand,
                          returns))
        self._to_act = -1
        rules = self.rules
        topups = self._topups
        self._result = new_result(
            # (zip without strict=: equal lengths by construction, and the keyword is slow)
            dict(zip(names, stacks)),  # noqa: B905 - stacks
            winners,
            shown_cards,
            carried,  # carried_pot
            retained_name,
            retained_hand,
            prial or rules.shuffle == "always",  # shuffle_next, rule D4
            next_pack,
            "new" if two else None,  # retained_choice, rule R2
            self._loans() if rules.lending else (),  # loans
            {names[s]: t for s, t in enumerate(topups) if t} if any(topups) else {},  # topups
        )

    def _loans(self) -> tuple[Loan, ...]:
        return tuple(Loan(lender=e[1], borrower=e[2], amount=e[3])
                     for e in self._log if e[0] is Loan)

    def result_keeping(self, hand: HandChoice) -> DealResult:
        """The result when a blind winner holding two hands keeps ``hand`` (rule R2: "they
        keep one of the two, unseen"). :attr:`result` keeps the new hand; keeping the old one
        puts the new hand under the pack in its place (D5). The operation log records the
        default; a Table that offers the choice uses this result.
        """
        result = self.result
        seat = -1 if result.retained is None else self._seat[result.retained]
        if seat < 0 or result.retained_choice is None:
            raise RulesError("no blind winner holds two hands in this deal (rule R2)")
        if hand == "new":
            return result
        if hand != "old":
            raise RulesError(f"keep 'old' or 'new', not {hand!r} (rule R2)")
        old = self._old[seat]
        assert old is not None
        next_pack = None
        if self._stock_at_end is not None:
            next_pack = self._stock_at_end.copy()
            for returned, cards in self._end_returns:
                next_pack.put_under(self._hand[seat] if returned == seat else cards)
        return DealResult(
            stacks=result.stacks, winners=result.winners, shown=result.shown,
            carried_pot=result.carried_pot, retained=result.retained, retained_hand=old,
            retained_choice="old", shuffle_next=result.shuffle_next, next_pack=next_pack,
            loans=result.loans, topups=result.topups,
        )

    # -- errors --------------------------------------------------------------------------------

    def _seat_of(self, player: str) -> int:
        seat = self._seat.get(player)
        if seat is None:
            raise RulesError(f"no player {player!r} at this table")
        return seat

    def _why(self, action: Action) -> IllegalActionError:
        return explain(self, action)

    # -- views ---------------------------------------------------------------------------------

    def view(self, player: str | None = None) -> DealView:
        """What ``player`` may know (a spectator with ``None``): see :mod:`bragkit.games.views`."""
        return build_view(self, player)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.to_act} to act"
        return f"<Deal {', '.join(self._names)}: pot {self.pot}, {state}>"


_Seating = tuple[dict[str, int], int, tuple[int, ...], tuple[_Fixed, ...], tuple[slice, ...]]
_SEATING: dict[tuple[tuple[str, ...], str], _Seating] = {}


def _seating(names: tuple[str, ...], dealer: str) -> _Seating | None:
    """The seat of each name, the dealer's seat, the seats from the dealer's left round (D3,
    D6), each seat's menu entries and the slice of the cards dealt that is each seat's hand,
    or None for a table with a name twice, fewer than two seats or no such dealer. Cached: a
    table seats the same players deal after deal (the dict is never mutated)."""
    key = (names, dealer)
    found = _SEATING.get(key)
    if found is None:
        seat = {name: i for i, name in enumerate(names)}
        if len(seat) != len(names) or len(names) < 2 or dealer not in seat:
            return None
        n = len(names)
        first = seat[dealer] + 1
        if len(_SEATING) > 10_000:
            _SEATING.clear()
        order = tuple((first + i) % n for i in range(n))
        found = _SEATING[key] = (seat, seat[dealer], order,
                                 tuple(_fixed_options(name) for name in names),
                                 tuple(slice(order.index(s), None, n) for s in range(n)))
    return found


def _check_stacks(names: tuple[str, ...], stacks: tuple[int, ...], ante: int) -> None:
    for name, stack in zip(names, stacks, strict=True):
        if type(stack) is not int or stack < 0:
            raise RulesError(f"{name}'s stack must be a whole number of chips: {stack!r}")
        if stack < ante:
            # rule D2 [decision]: the Table tops up or seats out a player who cannot ante
            raise RulesError(f"{name} cannot pay the ante of {ante} (rule D2)")


def _check_retained(
    kept_old: dict[str, tuple[Card, ...]], names: tuple[str, ...], rules: Rules
) -> None:
    if not rules.blind:
        raise RulesError("a retained blind hand needs blind play (rules BL3, R1)")
    for name, old in kept_old.items():
        if name not in names:
            raise RulesError(f"{name!r} keeps a hand but is not one of the players")
        if len(old) != rules.cards:
            raise RulesError(f"a retained hand is {rules.cards} cards, not {len(old)} (R1)")


def _check_hands(
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
    _check_distinct(seen, rules)
    return dealt


def _check_distinct(cards: list[Card], rules: Rules) -> None:
    jokers = cards.count(JOKER)
    if jokers > rules.jokers:
        raise RulesError(f"{jokers} jokers, but the rules add {rules.jokers} (rule W1)")
    if len(set(cards)) != len(cards) - jokers + (1 if jokers else 0):
        plain = [c for c in cards if not c.is_joker]
        twice = sorted({c for c in plain if plain.count(c) > 1})
        raise RulesError(f"{' '.join(map(str, twice))} dealt twice")


def _check_pack(pack: Pack, rules: Rules, kept_old: Mapping[str, tuple[Card, ...]]) -> None:
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
        _check_distinct([*pack.cards, *held], rules)


def _without(pack: Pack, held: Sequence[Card]) -> Pack:
    """``pack`` with the ``held`` cards taken out, the order otherwise kept (rule R1)."""
    pack.take_out(held)
    return pack


def _start(players: Sequence[str], rules: Rules, rng: random.Random) -> Deal:
    """A first deal for the registry: every player brings the buy-in (at least 100 chips, M1),
    the dealer cut at random (D3)."""
    stack = max(rules.buy_in, 100)
    return Deal(rules, players=players, dealer=players[rng.randrange(len(players))],
                stacks=[stack] * len(players), rng=rng)


#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="three-card", title="Three Card Brag",
             summary="three cards, blind play, see or showdown (rules D, B, BL, M, R, F, W)",
             rules=Rules, start=_start, seats=(2, 17), record_format="bhh",
             aliases=("brag", "three-card-brag"),
             presets={name: options for name, options in PRESETS.items() if options}),
)
