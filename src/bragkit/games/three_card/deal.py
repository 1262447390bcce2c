"""One deal of the three-card family as a state machine: :class:`Deal`.

Three-, four- and five-card Brag (rules D, B, BL, M, R, F and W of RULES.md). A deal takes the
antes and deals on construction; then :meth:`Deal.apply` takes the actions of HAND-HISTORY.md,
checked: an illegal action raises :class:`~bragkit.errors.IllegalActionError` naming the rule
it breaks and changes nothing. :meth:`Deal.legal_actions` lists what may be done, with amounts;
:meth:`Deal.can_apply` never disagrees with :meth:`Deal.apply`.

>>> from bragkit.games.three_card.rules import Rules
>>> deal = Deal(Rules(max_bet=20), players=["Ann", "Bob", "Cy"], dealer="Cy",
...             stacks=[50, 50, 50],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
>>> deal.pot, deal.to_act
(3, 'Ann')
>>> [str(a) for a in deal.legal_actions("Ann")]
['Ann look', 'Ann fold', 'Ann blind 1..10', 'Ann bet 1..20', 'Ann agree', 'Ann topup 1..']
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
- **Showdown (B8).** Each player still betting agrees with ``NAME agree`` (listed in their legal
  actions whenever three or more are still betting, at any point of the betting, in turn or
  not); the showdown comes with the last agreement. A bet, blind bet, fold, see or cover moves
  the betting on, and the agreements so far lapse. Nobody can force a showdown: a bare
  ``showdown`` is refused; a record's ``showdown`` line is read as every player agreeing
  (:func:`bragkit.games.three_card.replay.agreements`).
- **Seeing needs a bet (B6).** No see before the first bet.
- **"Two left" (B6, B8, M3)** counts the players still betting: a player who covered is out of
  the betting (their hand waits on the pot, M2), so the two others may see each other.
- **Covers.** Only a player who cannot meet the least bet may cover, with exactly their whole
  stack. With ``short_money = "fold"`` and two still betting, a short player may still cover:
  M4's choice of the player with money "to allow a cover" is taken as given by the record.
- **Loans (M4).** With ``lending`` on, a short player may make the least bet of their turn with
  more chips than they hold: the shortfall is lent, with two betting by the other of the two,
  otherwise by the richest other player at the table (the first from the dealer's left on a
  tie), who must hold the whole shortfall. A :class:`~bragkit.games.three_card.operations.Loan`
  records it.
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
  :func:`~bragkit.games.three_card.betting.bet_bounds`. A blind seer pays half what an open seer
  would,
  rounded up: the stake, or half the stake with ``see_cost = "single"`` (B9, BL1, BL4).
- **Shown hands** (D8): the three cards a hand plays, then its discards (F1), so a tie decided
  by the discards can be checked. The hands compared over a covered pot are all shown.
- **The pot after the deal** is what is carried forward (0 unless BL3 or R3), so that
  ``sum(stacks) + pot`` always equals the chips brought in (stacks, carried pot, top-ups).

The deal is built of objects, one idea each, that it owns: its chips
(:class:`~bragkit.games.three_card.money.Money`: stacks, pot layers, covers, top-ups), the cards
in front of each seat (:class:`~bragkit.games.three_card.holdings.Holdings`), the pack
(:class:`~bragkit.games.three_card.stock.Stock`), and its rules at work
(:class:`~bragkit.games.three_card.engine.Engine`, over the deal's
:class:`~bragkit.games.three_card.parts.Parts`, which are also the betting round,
:class:`~bragkit.games.three_card.round.Round`: stake, turn, agreements): the rules as verifiers
over that state (:class:`~bragkit.games.three_card.verify.Verifiers`, one per rule group), the
menus built from them (:class:`~bragkit.games.three_card.menus.Menus`), the moves
(:class:`~bragkit.games.three_card.moves.Moves`) and the end
(:class:`~bragkit.games.three_card.settle.Settlement`), each its own class, made as one object.
The log (:class:`~bragkit.games.three_card.log.DealLog`) reads the compact entries the moves
keep, when first read. The Game protocol itself (``check``, ``can_apply``, ``apply``,
``legal_actions``, ``operations``, ``view``) is :class:`~bragkit.games.base.GameBase`'s (``apply``
and ``legal_actions`` have the deal's own hooks inlined, the same checks under the same token); a
player's view is folded from the log censored for them (:mod:`bragkit.games.three_card.views`).

Speed: legality is decided by matching against a menu of legal actions built once per state
from the verifiers (and reused by :meth:`Deal.legal_actions`); the verifiers are asked again
only to explain a refusal. In a simple deal (no retained hand, no raise or pot limit, no
lending) a menu is remembered per Rules object by what it depends on (but a menu offering a
discard, which names the player's cards); menu entries are interned per player. Every check
stays: nothing skips the menu. A hand is evaluated once, from a compact table of evaluate()'s
own values (the best three of four or five cards too). The operation log is kept compact (the antes,
the dealt cards and the settlement are one entry each) and expanded into frozen records on
demand; the pack is dealt and rebuilt in whole steps. ``benchmarks/bench_deals.py`` measures
whole deals through this checked API.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress, repeat
from operator import eq, ne, sub
from types import MappingProxyType
from typing import Final

import bragkit.games.three_card.setup as setups
from bragkit.actions import Action, HandChoice, LegalAction, Verb
from bragkit.cards import Card, Pack, RandomSource, parse_cards
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.games.base import GameBase
from bragkit.games.protocol import Operation, Pending
from bragkit.games.three_card.betting import bet_bounds
from bragkit.games.three_card.engine import Engine
from bragkit.games.three_card.holdings import Holdings
from bragkit.games.three_card.log import DealLog
from bragkit.games.three_card.money import Money
from bragkit.games.three_card.names import shown_hand_name
from bragkit.games.three_card.results import DealResult, DealStart
from bragkit.games.three_card.round import BETTING, FOLDED
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.setup import Menu, check_retained, check_stacks, seating, setup
from bragkit.games.three_card.stock import Stock
from bragkit.games.three_card.verify import OVER
from bragkit.games.three_card.views import DealView, fold_view
from bragkit.ownership import concurrent
from bragkit.records import dump

__all__ = ["VERBS", "Deal", "DealResult", "DealStart", "DealView"]

#: The verbs of the three-card family (HAND-HISTORY.md).
VERBS: Final = frozenset({Verb.FOLD, Verb.BET, Verb.BLIND, Verb.LOOK, Verb.KEEP, Verb.THROW,
                          Verb.DISCARD, Verb.SEE, Verb.COVER, Verb.TOPUP, Verb.SHOWDOWN,
                          Verb.AGREE})

_DISCARD, _BET, _BLIND = Verb.DISCARD, Verb.BET, Verb.BLIND
_AGREE, _FOLD = Verb.AGREE, Verb.FOLD
#: The type of every stack of a deal (a whole number of chips: no bool, no float).
_INTS: Final = {int}
#: No hand retained (R1), shared by every deal that keeps none (never changed)
_NONE_RETAINED: Final[Mapping[str, tuple[Card, ...]]] = MappingProxyType({})


class Deal(GameBase):
    """One deal of three-, four- or five-card Brag (see the module docstring).

    ``players`` are the seats clockwise; ``dealer`` deals, and betting starts at their left
    (B2, D3). ``stacks`` is each seat's money before the ante. ``carried_pot`` is a pot carried
    from the last deal (BL3). The cards come from ``pack`` (dealt one at a time from the top,
    from the dealer's left, D6), or are given per player as ``hands``, or else a pack shuffled
    from ``rng`` is dealt. ``retained`` maps the blind winner of the last deal to the hand they
    kept (R1): their old hand; they are dealt a new one as usual. ``first_deal`` is kept in
    :attr:`start` for the record (D4: the first deal of a session is shuffled).
    ``rng_owned``: ``rng`` is the deal's alone (:class:`~bragkit.games.three_card.stock.Stock`).

    Raises :class:`~bragkit.errors.RulesError` for a table that cannot be dealt (D1), a stack
    that cannot pay the ante (D2), or cards that do not make a pack or hands.
    """

    VERBS = VERBS
    GAME = "three-card"

    __slots__ = ("_first_deal", "_kept_old", "_log", "_seat", "_seats", "_stacks", "_start",
                 "over", "players", "result", "rules", "to_act", "verifiers")

    #: The seats, clockwise (a plain attribute: read at every decision).
    players: tuple[str, ...]
    #: The end of the deal (``None`` until it is over), whose turn it is (None once it is over)
    #: and whether it has ended (B10): set by the deal only, plain attributes read each decision.
    result: DealResult | None
    to_act: str | None
    over: bool

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
        rng_owned: bool = False,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
        last = setups.last_setup
        found = last[1] if last is not None and last[0] is rules else setup(rules)
        names = players if type(players) is tuple else tuple(players)
        kept_old: Mapping[str, tuple[Card, ...]] = (
            {p: parse_cards(c) for p, c in retained.items()} if retained
            else _NONE_RETAINED)
        seats = seating(names, dealer)
        if seats is None:  # the slow path explains what is wrong
            rules.check_table(names, retained=len(kept_old))  # rule D1
            raise RulesError(f"the dealer {dealer!r} is not one of the players")
        if kept_old or len(names) > found.max_players:
            rules.check_table(names, retained=len(kept_old))  # rules D1, R1
        stacks = tuple(stacks)
        n = len(names)
        if len(stacks) != n:
            raise RulesError(f"{len(stacks)} stacks for {n} players")
        ante = rules.ante
        # rule D2: every stack a whole number of chips that pays the ante (tested in C)
        if set(map(type, stacks)) != _INTS or min(stacks) < ante:
            check_stacks(names, stacks, ante)  # (it raises, naming the stack)
        stacks_now = list(map(sub, stacks, repeat(ante)))  # the antes (one log entry: DealLog)
        if type(carried_pot) is not int or carried_pot < 0:
            raise RulesError(f"carried_pot must be a whole number of chips: {carried_pot!r}")
        if kept_old:
            check_retained(kept_old, names, rules)
        if pack is not None and hands is not None:
            raise RulesError("give a pack or hands, not both")
        self._token = [None]  # GameBase.__init__, inlined: the one-owner token

        self.rules = rules
        self.players = seats.names
        self._seats = seats
        self._seat = seats.seat  # each name's seat, read at every decision
        # (positional arguments: a keyword costs a deal's construction time)
        money = Money(stacks_now, carried_pot + ante * n, carried_pot)
        stock = Stock(rules, seats, pack, hands, kept_old, rng, rng_owned)
        dealt = stock.dealt
        hold = Holdings(found, dealt, not rules.blind)
        # the verifiers, menus, moves and settlement: one object (Engine) over the parts (money,
        # holdings, stock: the deal reaches them there), which are the betting round (a Round)
        engine = self.verifiers = Engine(found, seats, money, hold, stock,
                                         0 if kept_old else found.simple)
        if kept_old:
            (old_name, old_hand), = kept_old.items()
            seat = seats.seat[old_name]
            if rules.retained_blind == "face-up":  # rule R3: the new hand lies face up
                hold.retain_face_up(seat, old_hand)
                engine.gate = {s for s in range(n) if s != seat}  # everyone else must look
            else:  # rule R2: two hands, both blind
                hold.retain_two(seat, old_hand)
        self._log: DealLog | None = None  # the log's records, made when first read
        self.result = None
        self.over = False
        self.to_act = seats.names[engine.to_act]  # rule B2: the dealer's left
        # the start, for DealStart when first read (three slots, not a tuple made per deal)
        self._stacks = stacks
        self._kept_old = kept_old
        self._first_deal = first_deal
        self._start: DealStart | None = None

    # -- public state --------------------------------------------------------------------------

    @property
    def dealer(self) -> str:
        """Who dealt; betting starts at their left (B2)."""
        return self._seats.names[self._seats.dealer]

    @property
    def start(self) -> DealStart:
        """The deal as it started, before the ante (for a record of it)."""
        if self._start is None:
            kept_old = self._kept_old
            held = sum(len(old) for old in kept_old.values())
            self._start = DealStart(
                stacks=self._stacks, carried_pot=self.verifiers.money.carried_in,
                pack=self.verifiers.stock.before(self.rules, held),
                hands=dict(zip(self._seats.names, self.verifiers.stock.dealt, strict=True)),
                retained=dict(kept_old),
                first_deal=self._first_deal,
            )
        return self._start

    @property
    def agreed(self) -> tuple[str, ...]:
        """Who has agreed to a showdown (B8) since the betting last moved on, in the order they
        agreed (the showdown comes when every player still betting has)."""
        return tuple(map(self._seats.names.__getitem__, self.verifiers.agreed))

    @property
    def pot(self) -> int:
        """All the chips in the middle: the carried pot, antes, bets, every covered layer (M2).
        Once the deal is over, what is carried forward (BL3)."""
        return self.verifiers.money.pot

    @property
    def pots(self) -> tuple[int, ...]:
        """The pot in layers: one per cover (M2), the last the one being bet into."""
        return tuple(self.verifiers.money.pots)

    @property
    def stacks(self) -> dict[str, int]:
        """Each seat's money now."""
        return dict(zip(self._seats.names, self.verifiers.money.stacks, strict=True))

    @property
    def stake(self) -> int:
        """The current stake in open terms (B3, BL1): 0 before the first bet."""
        return self.verifiers.stake

    @property
    def in_play(self) -> tuple[str, ...]:
        """Players still holding a hand (not folded), covered ones included, in seat order."""
        return tuple(compress(self._seats.names, map(ne, self.verifiers.status, repeat(FOLDED))))

    def still_in(self, player: str) -> bool:  # the protocol's: not folded (B2)
        return self.verifiers.status[self._seat[player]] != FOLDED

    @property
    def betting(self) -> tuple[str, ...]:
        """Players still betting: in play and not covered (M2)."""
        return tuple(compress(self._seats.names, map(eq, self.verifiers.status, repeat(BETTING))))

    def is_blind(self, player: str) -> bool:
        """Whether ``player`` has not looked at their cards (BL6)."""
        return not self.verifiers.hold.looked[self._seat_of(player)]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied, in order: the ``actions`` of the game record."""
        return self._deal_log().actions()

    @property
    def stock(self) -> Pack | None:
        """The stock (the pack after the deal, hands done with under it, D5), ``None`` for a
        deal of given hands. Omniscient: for records and tests, never for a player's screen."""
        return self.verifiers.stock.pack

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """Every card in front of ``player`` (both hands under R2, the old first; the face-up
        hand of R3 last). Omniscient: for records, tests and settlement, never for a player's
        screen (use :meth:`view`)."""
        return self.verifiers.hold.cards_of(self._seat_of(player))

    def result_keeping(self, hand: HandChoice) -> DealResult:
        """The result when a blind winner holding two hands keeps ``hand`` (rule R2: "they
        keep one of the two, unseen"). :attr:`result` keeps the new hand; keeping the old one
        puts the new hand under the pack in its place (D5). The operation log records the
        default; a Table that offers the choice uses this result.
        """
        return self.verifiers.keeping(hand)

    # -- the hooks of the Game protocol (GameBase) ---------------------------------------------

    def _menu(self, player: str) -> Menu:
        """Every legal action of ``player`` now, with its amounts (chips actually paid) or
        choices: looks during the deal (BL6), top-ups (M1, any player, any time, no maximum)
        and agreements to a showdown (B8) included. The last one built is kept until the next
        move (:meth:`~bragkit.games.three_card.menus.Menus.menu`)."""
        return self.verifiers.menu(self._seat[player])

    def _find(self, action: Action) -> LegalAction | None:
        """The menu entry ``action`` fits, or None: the one test of legality
        (:meth:`~bragkit.games.three_card.menus.Menus.find`)."""
        return self.verifiers.find(self._seat.get(action.player), action)  # type: ignore[arg-type]

    def legal_actions(self, player: str | None = None) -> list[LegalAction]:
        """:meth:`GameBase.legal_actions` (the same answers, under the same one-owner token),
        a seated player's menu read directly: every agent asks it at every decision."""
        if player is None:  # everyone's, the player to act first
            return super().legal_actions()
        token = self._token
        try:  # GameBase._take, inlined
            token.pop()
        except IndexError:
            raise concurrent(f"the {self.GAME} game") from None
        try:
            seat = self._seat.get(player)
            if seat is None or self.result is not None:  # not at the table, or over
                return []
            return list(self.verifiers.menu(seat))
        finally:
            token.append(None)

    def apply(self, action: Action | str) -> None:
        """:meth:`GameBase.apply` (the same checks, the same one-owner token: an illegal action
        changes nothing, a second owner gets :class:`~bragkit.errors.ConcurrentUseError`),
        with :meth:`_play` inlined: a deal's apply is the hot path of every simulation. (An
        action of another game's verbs fits no menu: :meth:`_why` refuses it as
        :meth:`GameBase._parse` would.)"""
        if type(action) is not Action:
            action = self._parse(action)
        token = self._token
        try:  # GameBase._take, inlined
            token.pop()
        except IndexError:
            raise concurrent(f"the {self.GAME} game") from None
        try:
            moves = self.verifiers
            seat = self._seat.get(action.player)  # type: ignore[arg-type]
            option = moves.find(seat, action)  # _find, inlined
            if option is None:
                raise self._why(action)
            # _play, inlined; a bet never ends the deal (it passes the turn)
            verb = action.verb
            if verb is _AGREE:  # rule B8 (each still betting agrees: the commonest)
                moves.agree(seat, action)  # type: ignore[arg-type]
                self.result = moves.result
                self.over = moves.result is not None
            elif verb is _BET or verb is _BLIND:  # the next commonest, straight to it
                moves.bet(seat, action)  # type: ignore[arg-type]
            else:
                if verb is _FOLD:
                    moves.fold(seat, action)  # type: ignore[arg-type]
                else:
                    moves.play(seat, action)  # type: ignore[arg-type]
                self.result = moves.result
                self.over = moves.result is not None
            # (to_act and over: plain attributes, read at every decision)
            self.to_act = self._seats.acting[moves.to_act]
        finally:
            token.append(None)

    def _refusal(self, action: Action) -> IllegalActionError:
        if self.result is not None:
            return OVER.error()  # rule B10
        found = self.verifiers.refusal(action)
        if found is None:  # pragma: no cover - the menu and the verifiers agree
            raise AssertionError(f"{action}: the menu refuses what the verifiers allow")
        return found

    def _why(self, action: Action) -> BragError:
        """The family's own reasons, in its rules' order (B10 once over, B11 for a stranger);
        an action of another game's verbs is no action of this one (as :meth:`_parse` says)."""
        if action.verb not in VERBS:
            return self._foreign(action.verb.value)
        return self._refusal(action)

    def _play(self, action: Action, option: LegalAction) -> None:
        """Play ``action``, found legal (:meth:`apply` has this inlined, the commonest moves
        called straight)."""
        moves = self.verifiers
        moves.play(self._seat[action.player], action)  # type: ignore[index]
        self.result = moves.result
        self.over = moves.result is not None
        self.to_act = self._seats.acting[moves.to_act]

    def _records(self) -> list[Operation]:
        """Every change of state, in order, as frozen records (see
        :mod:`bragkit.games.three_card.operations`)."""
        return self._deal_log().records()

    def _deal_log(self) -> DealLog:
        """The deal's log, read from the compact entries its moves keep (made once)."""
        log = self._log
        if log is None:
            log = self._log = DealLog(self._seats, self.rules, self.verifiers.stock.dealt,
                                      self.verifiers.hold.face_up_seat,
                                      self.verifiers.entries)
        return log

    def _fold(self, viewer: str | None, log: tuple[Operation, ...]) -> DealView:
        """What ``viewer`` may know, folded from ``log`` (see
        :mod:`bragkit.games.three_card.views`)."""
        rules = self.rules
        return fold_view(log, start=self.start, players=self._seats.names, dealer=self.dealer,
                         rules=rules, viewer=viewer,
                         # rule D9: the one visible card of a face-up stock, public
                         stock_card=self.verifiers.stock.bottom if rules.stock_face_up
                         else None,
                         menu=() if viewer is None else tuple(self._menu(viewer)))

    def view(self, player: str | None = None) -> DealView:
        """What ``player`` (``None``: a spectator) may know: :meth:`GameBase.view`, typed."""
        seen: DealView = super().view(player)
        return seen

    def _seat_of(self, player: str) -> int:
        seat = self._seats.seat.get(player)
        if seat is None:
            raise RulesError(f"no player {player!r} at this table")
        return seat

    # -- what front ends need (the protocol's capabilities) -----------------------------------

    def stay_costs(self, player: str) -> Mapping[str, int] | None:
        """The least open and blind bet that keeps ``player`` in now (B2, B3, BL1), by the
        engine's own betting arithmetic; ``None`` once the deal is over or for a stranger.

        >>> deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[50] * 3)
        >>> deal.stay_costs("Ann")
        {'open': 1, 'blind': 1}
        >>> deal.apply("Ann bet 4"); deal.stay_costs("Bob")     # a blind bet counts double
        {'open': 4, 'blind': 2}
        """
        if self.over or player not in self.players:
            return None
        rules, stake = self.rules, self.stake
        pot = self.pot if rules.pot_limit else 0
        return {kind: bet_bounds(rules, stake=stake, bet_made=stake > 0, pot=pot,
                                 blind=kind == "blind")[0] for kind in ("open", "blind")}

    def pending(self) -> Pending | None:
        """The showdown being agreed (B8): who agreed since the betting last moved on, and who
        still betting has not; ``None`` when nobody proposed one, or the deal is over.

        >>> deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[50] * 3)
        >>> deal.pending() is None
        True
        >>> deal.apply("Cy agree"); deal.pending()
        Pending(kind='showdown', rule='B8', asked=('Ann', 'Bob'), answered=('Cy',), by='Cy')
        """
        agreed = self.agreed
        if not agreed or self.over:
            return None
        return Pending(kind="showdown", rule="B8", answered=agreed, by=agreed[0],
                       asked=tuple(p for p in self.betting if p not in agreed))

    def hand_name(self, cards: Sequence[Card]) -> str | None:
        """``cards`` named as the hand they play (H2, W2; D8 for a shown hand), ranked by the
        deal's rules.

        >>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9])
        >>> deal.hand_name(parse_cards("Qh Qs 4d"))
        'pair of queens, 4 kicker'
        """
        return shown_hand_name(cards, self.rules)

    def odds(self, player: str) -> str | None:
        """``player``'s chances against those still in, from their view only (H9; unknown
        while blind, BL6): :func:`bragkit.games.three_card.hint.hint`."""
        from bragkit.games.three_card.hint import hint  # it reads the bots' hand space

        return hint(self.view(player), self.rules, player)

    def aids(self) -> frozenset[str]:
        """The odds (H9); four and five cards, cards picked to discard (F1, F3).

        >>> sorted(Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob",
        ...             stacks=[9, 9]).aids())
        ['odds', 'pick']
        """
        return frozenset(("odds", "pick") if self.rules.cards > 3 else ("odds",))

    def record_text(self) -> str | None:
        """The finished deal as ``.bhh`` (HAND-HISTORY.md); None while it is under way."""
        if not self.over:
            return None
        return dump(self)  # the .bhh format (bragkit.games.three_card.notation)

    def __repr__(self) -> str:
        state = "over" if self.result is not None else f"{self.to_act} to act"
        return f"<Deal {', '.join(self.players)}: pot {self.pot}, {state}>"
