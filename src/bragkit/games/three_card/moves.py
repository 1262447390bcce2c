"""The moves of a three-card deal: :class:`Moves`, what each legal action does to the state
(rules B2-B8, BL1-BL3, F1, F2, M1-M4, R2, R3), logged compactly
(:class:`~bragkit.games.three_card.log.DealLog`). Only the deal plays a move, after its
verifiers (:mod:`bragkit.games.three_card.verify`) have allowed the action; every move lets
go of the menu kept (:meth:`~bragkit.games.three_card.menus.Menus.menu`): the state changed.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> deal.apply("Ann blind 2")       # rule BL1: a blind 2 sets the stake to 4
>>> deal.stake, deal.to_act, deal.is_blind("Ann")
(4, 'Bob', True)
"""

from __future__ import annotations

from bragkit.actions import Action, Verb
from bragkit.cards import Card
from bragkit.games.three_card.betting import MOVES_ON
from bragkit.games.three_card.operations import Acted, HandLooked, HandToPack, Loan
from bragkit.games.three_card.round import BETTING, FOLDED
from bragkit.games.three_card.settle import Settlement

__all__ = ["Moves"]

_FOLD, _BET, _BLIND, _LOOK = Verb.FOLD, Verb.BET, Verb.BLIND, Verb.LOOK
_KEEP, _DISCARD, _SEE = Verb.KEEP, Verb.DISCARD, Verb.SEE
_COVER, _TOPUP, _AGREE = Verb.COVER, Verb.TOPUP, Verb.AGREE
_MOVES_ON = MOVES_ON


class Moves(Settlement):
    """The moves of one deal, a facet over its :class:`~bragkit.games.three_card.parts.Parts`;
    the deal ends through its :class:`~bragkit.games.three_card.settle.Settlement` (the
    ``result`` of the parts is set then)."""

    __slots__ = ()

    def play(self, seat: int, action: Action) -> None:
        """Apply ``action`` of ``seat``, already allowed."""
        self.kept_seat = -1  # the menu kept is the last state's
        verb = action.verb
        entries = self.entries
        if verb is _AGREE:
            self.agree(seat, action)
            return
        if verb in _MOVES_ON:  # rule B8: the betting moved on, so earlier agreements lapse
            self.agreed.clear()
        if verb is _BET or verb is _BLIND:
            self.bet(seat, action)
        elif verb is _FOLD:
            self.fold(seat, action)
        elif verb is _LOOK:
            entries.append((Acted, action, 0))
            if action.hand is not None:  # rule R2: look at one of two hands
                seen = self.hold.look_at(seat, action.hand)
                entries.append((HandLooked, self.names[seat], seen, action.hand))
            else:  # rules BL2, F1
                entries.append((HandLooked, self.names[seat], self.hold.look(seat), None))
        elif verb is _TOPUP:  # rule M1
            assert action.amount is not None
            self.money.top_up(seat, action.amount)
            entries.append((Acted, action, 0))
        elif verb is _DISCARD:  # rule F1
            entries.append((Acted, action, 0))
            if not self.hold.looked[seat]:  # a discard includes the look (F2)
                entries.append((HandLooked, self.names[seat], self.hold.look(seat), None))
            self.hold.discard(seat, action.cards)
        elif verb is _SEE:
            self.see(seat, action)
        elif verb is _COVER:
            self.cover(seat, action)
        else:  # keep / throw, rule R2
            entries.append((Acted, action, 0))
            self.to_pack(seat, self.hold.keep_or_throw(seat, keep=verb is _KEEP))

    def agree(self, seat: int, action: Action) -> None:
        """Rule B8: ``seat`` agrees to a showdown; it comes with the last agreement (only
        players still betting agree, and a move that lets agreements lapse clears them)."""
        self.kept_seat = -1  # the menu kept is the last state's
        self.entries.append((Acted, action, 0))
        betting = self
        agreed = betting.agreed
        agreed.append(seat)
        if len(agreed) == betting.n_betting:
            self.showdown()

    def stay_in(self, seat: int) -> None:
        """Rule R3: a first decision to stay in discards the face-up hand."""
        self.gate.discard(seat)
        hold = self.hold
        if hold.face_up is not None and seat != hold.face_up_seat:
            self.to_pack(hold.face_up_seat, hold.face_up, True)
            hold.face_up = None

    def to_pack(self, seat: int, cards: tuple[Card, ...], face_up: bool = False) -> None:
        """Rule D5: a hand goes under the pack, its cards in the order dealt (``face_up``: the
        face-up hand of R3)."""
        # the stock as it lies (under any cards owed their shuffle, Stock.owed), inlined: a
        # hand goes under at every fold
        pack = self.stock.pile
        if pack is not None:
            pack._put_under_hand(cards)
        self.entries.append((HandToPack, self.names[seat], cards, face_up))

    def fold(self, seat: int, action: Action) -> None:
        """Rule B2: ``seat`` folds (``action``); rule B8: agreements so far lapse."""
        betting = self
        betting.kept_seat = -1  # the menu kept is the last state's
        if betting.agreed:
            betting.agreed.clear()
        self.entries.append((Acted, action, 0))
        betting.status[seat] = FOLDED  # Round.fold, inlined (a fold is the second commonest)
        betting.n_betting -= 1
        if betting.gate:
            betting.gate.discard(seat)
        hold = self.hold
        old = hold.old[seat]
        if old is not None:  # rule R2: both hands go, the old one first [decision]
            self.to_pack(seat, old)
            hold.drop_old(seat)
        self.to_pack(seat, hold.hand[seat])
        if hold.face_up is not None and seat == hold.face_up_seat:  # Holdings.face_up_out
            assert hold.face_up is not None
            self.to_pack(seat, hold.face_up, True)  # rule R3: the face-up hand goes with it
            hold.face_up = None
            betting.gate.clear()
        if betting.n_betting == 1:
            self.last_standing()
        else:
            betting.next_turn(seat)

    def bet(self, seat: int, action: Action) -> None:
        """A bet or blind bet (B2, B3, BL1; M4: the shortfall lent)."""
        self.kept_seat = -1  # the menu kept is the last state's
        amount = action.amount
        assert amount is not None
        money = self.money
        betting = self
        stack = money.stacks[seat]
        if amount > stack:  # rule M4: the shortfall is lent
            short = amount - stack
            pair = betting.other_betting(seat) if betting.n_betting == 2 else -1
            giver = money.lender(seat, short, order=betting.order, pair=pair)
            money.lend(giver, seat, short)
            self.entries.append((Loan, self.names[giver], self.names[seat], short))
        # Money.pay, inlined (a bet is the commonest move)
        money.stacks[seat] -= amount
        money.pots[-1] += amount
        entries = self.entries
        entries.append((Acted, action, amount))
        betting.bet_made = True
        if betting.agreed:  # rule B8: a bet moves the betting on; agreements lapse
            betting.agreed.clear()
        if action.verb is _BET:
            betting.stake = amount  # rule B3
            looked = self.hold.looked
            if not looked[seat]:  # a bet includes the look (BL2)
                looked[seat] = True
                entries.append((HandLooked, self.names[seat], self.hold.hand[seat], None))
        else:
            betting.stake = 2 * amount  # rule BL1: a blind bet counts double
        if betting.gate or self.hold.face_up is not None:
            self.stay_in(seat)
        # the next player still betting (Round.next_turn, inlined: a bet is the commonest)
        status = betting.status
        n = len(status)
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            if status[seat] == BETTING:
                betting.to_act = seat
                return
        raise AssertionError("no one left to act")  # pragma: no cover

    def see(self, seat: int, action: Action) -> None:
        amount = action.amount
        assert amount is not None
        self.money.pay(seat, amount)
        self.entries.append((Acted, action, amount))
        if self.gate or self.hold.face_up is not None:
            self.stay_in(seat)
        seen = self.other_betting(seat)
        # rule B6: the seen player shows first; the seer wins only with a better hand (H8)
        strength = self.hold.strength
        if strength(seat)[0] > strength(seen)[0]:
            self.compared([seat], shown=[seen, seat])
        else:
            self.compared([seen], shown=[seen])

    def cover(self, seat: int, action: Action) -> None:
        amount = action.amount
        assert amount is not None
        self.money.cover(seat, amount)  # rule M2: the others bet into a new pot
        self.entries.append((Acted, action, amount))
        betting = self
        if betting.gate or self.hold.face_up is not None:
            self.stay_in(seat)
        betting.cover_seat(seat)  # rule M2: cards face down on the pot
        if betting.n_betting == 1:  # rule M3: the betting ends; the other pays nothing more
            self.last_standing()
        else:
            betting.next_turn(seat)
