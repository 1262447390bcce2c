"""The moves of a three-card deal (:mod:`bragkit.games.three_card.deal`): what each legal action
does to the state (rules B2-B8, BL1-BL3, F1, F2, M1-M4, R2, R3), logged compactly (expanded by
:func:`~bragkit.games.three_card.settle.expand`). Only :meth:`Deal.apply` calls :func:`do`,
after the verifiers (:mod:`bragkit.games.three_card.verify`) have allowed the action.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> deal.apply("Ann blind 2")       # rule BL1: a blind 2 sets the stake to 4
>>> deal.stake, deal.to_act, deal.is_blind("Ann")
(4, 'Bob', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bragkit.actions import Action, Verb
from bragkit.cards import Card
from bragkit.games.three_card.betting import MOVES_ON
from bragkit.games.three_card.operations import Acted, HandLooked, HandToPack, Loan
from bragkit.games.three_card.settle import end_compared, end_last_standing, end_showdown, strength
from bragkit.games.three_card.setup import BETTING, COVERED, FOLDED
from bragkit.games.three_card.verify import lender, other_betting

if TYPE_CHECKING:
    from bragkit.games.three_card.deal import Deal

__all__ = ["agree", "do"]

_FOLD, _BET, _BLIND, _LOOK = Verb.FOLD, Verb.BET, Verb.BLIND, Verb.LOOK
_KEEP, _DISCARD, _SEE = Verb.KEEP, Verb.DISCARD, Verb.SEE
_COVER, _TOPUP, _AGREE = Verb.COVER, Verb.TOPUP, Verb.AGREE
_MOVES_ON = MOVES_ON


def do(deal: Deal, action: Action) -> None:
    """Apply ``action``, already allowed, to ``deal``."""
    verb = action.verb
    log = deal._log
    seat = deal._seat[action.player]  # type: ignore[index]
    if verb is _AGREE:
        agree(deal, seat, action)
        return
    if verb in _MOVES_ON:  # rule B8: the betting moved on, so earlier agreements lapse
        deal._agreed.clear()
    if verb is _BET or verb is _BLIND:
        bet(deal, seat, action)
    elif verb is _FOLD:
        log.append((Acted, action, 0))
        fold(deal, seat)
    elif verb is _LOOK:
        log.append((Acted, action, 0))
        if action.hand is not None:  # rule R2: look at one of two hands
            deal._pending = seat
            deal._pending_hand = action.hand
            old = deal._old[seat]
            seen = old if action.hand == "old" and old is not None else deal._hand[seat]
            log.append((HandLooked, deal._names[seat], seen, action.hand))
        else:  # rule BL2
            deal._looked[seat] = True
            deal._need_discard[seat] = deal._cards > 3  # rule F1
            log.append((HandLooked, deal._names[seat], deal._hand[seat], None))
    elif verb is _TOPUP:  # rule M1
        amount = action.amount
        assert amount is not None
        deal._stacks[seat] += amount
        deal._topups[seat] += amount
        log.append((Acted, action, 0))
    elif verb is _DISCARD:  # rule F1
        log.append((Acted, action, 0))
        discard(deal, seat, action.cards)
    elif verb is _SEE:
        see(deal, seat, action)
    elif verb is _COVER:
        cover(deal, seat, action)
    else:  # keep / throw, rule R2
        log.append((Acted, action, 0))
        keep_or_throw(deal, seat, keep=verb is _KEEP)


def agree(deal: Deal, seat: int, action: Action) -> None:
    """Rule B8: ``seat`` agrees to a showdown; it comes with the last agreement (only players
    still betting agree, and a move that lets agreements lapse clears them)."""
    deal._log.append((Acted, action, 0))
    agreed = deal._agreed
    agreed.append(seat)
    if len(agreed) == deal._n_betting:
        end_showdown(deal)


def pay(deal: Deal, seat: int, amount: int) -> None:
    deal._stacks[seat] -= amount
    deal._layers[-1] += amount


def next_turn(deal: Deal, seat: int) -> None:
    # rule B4: the turn goes round to the left as many times as it takes; rule B7: a bet of
    # twice the stake is only a bet (a see is its own verb).
    status = deal._status
    n = deal._n
    for _ in range(n):
        seat = seat + 1 if seat + 1 < n else 0
        if status[seat] == BETTING:
            deal._to_act = seat
            return
    raise AssertionError("no one left to act")  # pragma: no cover


def stay_in(deal: Deal, seat: int) -> None:
    """Rule R3: a first decision to stay in discards the face-up hand."""
    deal._gate.discard(seat)
    if deal._face_up is not None and seat != deal._fu_seat:
        to_pack(deal, deal._fu_seat, deal._face_up, True)
        deal._face_up = None


def to_pack(deal: Deal, seat: int, cards: tuple[Card, ...], face_up: bool = False) -> None:
    """Rule D5: a hand goes under the pack, its cards in the order dealt (``face_up``: the
    face-up hand of R3)."""
    if deal._stock is not None:
        deal._stock._put_under_hand(cards)
    deal._log.append((HandToPack, deal._names[seat], cards, face_up))


def fold(deal: Deal, seat: int) -> None:
    deal._status[seat] = FOLDED
    deal._n_betting -= 1
    if deal._gate:
        deal._gate.discard(seat)
    old = deal._old[seat]
    if old is not None:  # rule R2: both hands go, the old one first [decision]
        to_pack(deal, seat, old)
        deal._old[seat] = None
        deal._two_seat = -1
    to_pack(deal, seat, deal._hand[seat])
    if seat == deal._fu_seat and deal._face_up is not None:
        to_pack(deal, seat, deal._face_up, True)  # rule R3: the face-up hand goes with it
        deal._face_up = None
        deal._gate.clear()
    if deal._n_betting == 1:
        end_last_standing(deal)
    else:
        next_turn(deal, seat)


def bet(deal: Deal, seat: int, action: Action) -> None:
    amount = action.amount
    assert amount is not None
    stacks = deal._stacks
    stack = stacks[seat]
    if amount > stack:  # rule M4: the shortfall is lent
        giver = lender(deal, seat, amount - stack)
        short = amount - stack
        stacks[giver] -= short
        stacks[seat] += short
        deal._log.append((Loan, deal._names[giver], deal._names[seat], short))
    deal._bet_made = True
    if deal._agreed:  # rule B8: a bet moves the betting on (Deal.apply comes here directly)
        deal._agreed.clear()
    stacks[seat] -= amount
    deal._layers[-1] += amount
    deal._log.append((Acted, action, amount))
    if action.verb is _BET:
        deal._stake = amount
        if not deal._looked[seat]:
            deal._looked[seat] = True  # a bet includes the look (BL2)
            deal._log.append((HandLooked, deal._names[seat], deal._hand[seat], None))
    else:
        deal._stake = 2 * amount  # rule BL1: a blind bet counts double
    if deal._gate or deal._face_up is not None:
        stay_in(deal, seat)
    # the next player still betting (next_turn, inlined: a bet is the commonest action)
    status = deal._status
    n = deal._n
    for _ in range(n):
        seat = seat + 1 if seat + 1 < n else 0
        if status[seat] == BETTING:
            deal._to_act = seat
            return
    raise AssertionError("no one left to act")  # pragma: no cover


def discard(deal: Deal, seat: int, cards: tuple[Card, ...]) -> None:
    if not deal._looked[seat]:  # a discard includes the look (F2)
        deal._looked[seat] = True
        deal._log.append((HandLooked, deal._names[seat], deal._hand[seat], None))
    deal._need_discard[seat] = False
    kept = list(deal._hand[seat])
    for card in cards:
        kept.remove(card)
    deal._kept[seat] = tuple(kept)
    deal._discards[seat] = cards
    deal._strengths[seat] = None


def keep_or_throw(deal: Deal, seat: int, *, keep: bool) -> None:
    deal._pending = -1
    old = deal._old[seat]
    assert old is not None
    looked_old = deal._pending_hand == "old"
    looked_hand, other = (old, deal._hand[seat]) if looked_old else (deal._hand[seat], old)
    deal._old[seat] = None
    deal._two_seat = -1
    deal._strengths[seat] = None
    if keep:  # rule R2: keep it, the other folded unseen; now open
        to_pack(deal, seat, other)
        deal._hand[seat] = looked_hand
        deal._looked[seat] = True
        deal._need_discard[seat] = deal._cards > 3
    else:  # rule R2: fold the looked-at hand; one blind hand remains
        to_pack(deal, seat, looked_hand)
        deal._hand[seat] = other


def see(deal: Deal, seat: int, action: Action) -> None:
    amount = action.amount
    assert amount is not None
    pay(deal, seat, amount)
    deal._log.append((Acted, action, amount))
    if deal._gate or deal._face_up is not None:
        stay_in(deal, seat)
    seen = other_betting(deal, seat)
    # rule B6: the seen player shows first; the seer wins only with a better hand (H8)
    if strength(deal, seat)[0] > strength(deal, seen)[0]:
        end_compared(deal, [seat], shown=[seen, seat])
    else:
        end_compared(deal, [seen], shown=[seen])


def cover(deal: Deal, seat: int, action: Action) -> None:
    amount = action.amount
    assert amount is not None
    pay(deal, seat, amount)
    deal._log.append((Acted, action, amount))
    if deal._gate or deal._face_up is not None:
        stay_in(deal, seat)
    deal._status[seat] = COVERED  # rule M2: cards face down on the pot
    deal._n_betting -= 1
    deal._coverers.append(seat)
    deal._layers.append(0)  # the others bet into a new pot
    if deal._n_betting == 1:  # rule M3: the betting ends; the other pays nothing more
        end_last_standing(deal)
    else:
        next_turn(deal, seat)
