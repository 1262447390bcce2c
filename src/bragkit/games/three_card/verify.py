"""The rules of a three-card deal as verifiers, one per rule group: "may I?", "why not?" and
"what may I do?" from one piece of code each.

A verifier looks at a :class:`~bragkit.games.three_card.Deal` and a seat and returns the
:class:`Refusal` that stops an action (a rule id and a message), or ``None`` when nothing in its
rule group stops it. The same verifiers build the menu (:func:`menu`: an option is listed when
its verifiers return ``None``) and explain a refused action (:func:`refusal`: the first
refusal met, as an :class:`~bragkit.errors.IllegalActionError`), so
:meth:`Deal.legal_actions`, :meth:`Deal.can_apply`, :meth:`Deal.check` and :meth:`Deal.apply`
come from one code path. Bet sizes come from :func:`~bragkit.games.three_card.betting.bet_bounds`
and
:func:`~bragkit.games.three_card.betting.see_cost` only.

The rule groups: turn order (B11); looking and blind play (BL1, BL2, BL5, BL6; R2, R3 for the
looks of a retained hand); discards (F1, F3); betting and its limits (B1-B3, BL1, M1, M4);
seeing (B6, B8, B9, BL4); covers (M2-M4); the agreed showdown (B8: :func:`showdown_block`,
the one place a showdown is allowed); two hands (R2) and the face-up hand (R3); top-ups (M1).

>>> from bragkit.actions import Action
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[9, 9, 9],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
>>> deal.apply("Ann bet 1"); deal.apply("Cy look")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: Cy may look only at their own turn once the betting has \
begun (rule BL5)
>>> refusal(deal, Action.parse("Bob see 2")).rule
'B8'
>>> refusal(deal, Action.parse("Bob bet 1")) is None      # legal: no refusal
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from bragkit.actions import Action, Discards, HandChoice, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import IllegalActionError
from bragkit.games.three_card.betting import bet_bounds, see_cost
from bragkit.games.three_card.settle import beats_face_up
from bragkit.games.three_card.setup import (
    BETTING,
    FOLDED,
    Fixed,
    Menu,
    amount_option,
)

if TYPE_CHECKING:
    from bragkit.games.three_card.deal import Deal

__all__ = ["Refusal", "agree_block", "lender", "menu", "refusal", "showdown_block"]

_FOLD, _BET, _BLIND, _LOOK = Verb.FOLD, Verb.BET, Verb.BLIND, Verb.LOOK
_KEEP, _THROW, _DISCARD, _SEE = Verb.KEEP, Verb.THROW, Verb.DISCARD, Verb.SEE
_COVER, _TOPUP, _SHOWDOWN = Verb.COVER, Verb.TOPUP, Verb.SHOWDOWN


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action may not be taken: a rule id and a message, ``str.format``-ed with the
    facts of the deal (``name``: the actor, ``holder``: who holds two hands or must keep or
    throw, ``turn``: who is to act) only when an error is raised, so a verifier costs no
    formatting when it allows."""

    rule: str
    text: str

    def error(self, **facts: Any) -> IllegalActionError:
        """The error to raise."""
        return IllegalActionError(self.text.format(**facts), rule=self.rule)


_R = Refusal
OVER: Final = _R("B10", "the betting has ended: the deal is over")
# rule B11: turn order
OUT_OF_TURN: Final = _R("B11", "it is {turn}'s turn, not {name}'s")
# rule R2: two hands
MUST_KEEP: Final = _R("R2", "{holder} must first keep or throw the hand just looked at")
KEEP_NOW: Final = _R("R2", "{name} must keep or throw the {pending} hand at once")
NOTHING_TO_KEEP: Final = _R("R2", "{name} has no hand just looked at to {verb}")
# rule B8, R2, R3: the agreed showdown
SHOWDOWN_KEEP: Final = _R("R2", "{holder} must first keep or throw a hand")
SHOWDOWN_TWO: Final = _R("B8", "a showdown needs three or more still betting; with two, one "
                               "may see the other")
SHOWDOWN_TWO_HANDS: Final = _R("R2", "{holder} holds two hands: no showdown until one is left")
SHOWDOWN_FACE_UP: Final = _R("R3", "no showdown while the face-up hand decides who stays")
AGREED: Final = _R("B8", "{name} has already agreed to a showdown")
SHOWDOWN_BY_AGREEMENT: Final = _R("B8", "a showdown comes when every player still betting "
                                        "agrees: each of them agrees (NAME agree)")
# rules B2, M2: out of the betting
FOLDED_OUT: Final = _R("B2", "{name} has folded")
COVERED_OUT: Final = _R("M2", "{name} has covered the pot and bets no more")
# rules BL1, BL5, BL6, R2, R3: looking
BLIND_OFF_LOOK: Final = _R("BL1", "blind play is off: every player saw their cards at the deal")
LOOKED: Final = _R("BL6", "{name} has already looked")
LOOK_OUT_OF_TURN: Final = _R("BL5", "{name} may look only at their own turn once the betting "
                                    "has begun")
LOOK_FACE_UP: Final = _R("R3", "{name} may not look while the face-up hand is out")
LOOK_WHICH: Final = _R("R2", "{name} holds two hands: look old or look new")
LOOK_ONE: Final = _R("R2", "{name} holds one hand, not two")
LOOK_FIRST: Final = _R("R2", "{name} holds two hands: look old or look new first")
# rules F1, F3: discards
NO_DISCARDS: Final = _R("F1", "discards are for four- and five-card Brag")
DISCARDED: Final = _R("F1", "{name} has already discarded")
MUST_DISCARD: Final = _R("F1", "{name} has looked and must discard {count} before betting")
DISCARD_BEFORE_OPEN: Final = _R("F1", "{name} must look and discard before betting open")
# rule R3: the face-up hand
CANNOT_BEAT: Final = _R("R3", "{name} cannot beat the face-up hand and must fold")
BLIND_FACE_UP: Final = _R("R3", "{name} plays blind while the face-up hand is out")
# rules BL1, BL2: blind bets
BLIND_OFF: Final = _R("BL1", "blind play is off")
BETS_OPEN: Final = _R("BL2", "{name} has looked and bets open now")
# rules B6, B8, BL4, R2: seeing
SEE_THREE: Final = _R("B8", "with three or more still betting no one can see: bet, fold or "
                            "agree a showdown")
SEE_NO_BET: Final = _R("B6", "there is no bet to see yet")
SEE_TWO_HANDS: Final = _R("R2", "{holder} holds two hands: no see until one is left")
SEE_BLIND_MAN: Final = _R("BL4", "{name} cannot see a blind player")
# rules M2-M4, R2, R3: covers
CAN_MEET_TWO: Final = _R("M3", "{name} can meet the stake: only a player who cannot may cover")
CAN_MEET: Final = _R("M2", "{name} can meet the stake: only a player who cannot may cover")
NO_COVERING: Final = _R("M4", "no covering: {name} must fold, top up or borrow")
COVER_TWO_HANDS: Final = _R("R2", "{holder} holds two hands: no cover until one is left")
COVER_FACE_UP: Final = _R("R3", "{name} may not cover while the face-up hand is out")


def facts(deal: Deal, seat: int) -> dict[str, Any]:
    """What a refusal's message may name."""
    holder = deal._pending if deal._pending >= 0 else deal._two_seat
    return {"name": deal._names[seat] if seat >= 0 else None, "turn": deal.to_act,
            "holder": deal._names[holder] if holder >= 0 else None,
            "pending": deal._pending_hand, "count": deal._cards - 3}


# -- the verifiers, one per rule group ---------------------------------------------------------

def showdown_block(deal: Deal) -> Refusal | None:
    """Rule B8: a showdown may be agreed with three or more still betting; not while a hand
    just looked at waits (R2), a player holds two hands (R2) or the face-up hand decides who
    stays (R3). The one verifier of the showdown."""
    if deal._pending >= 0:
        return SHOWDOWN_KEEP
    if deal._n_betting < 3:
        return SHOWDOWN_TWO
    if deal._two_seat >= 0:
        return SHOWDOWN_TWO_HANDS
    if deal._face_up is not None or deal._gate:
        return SHOWDOWN_FACE_UP
    return None


def agree_block(deal: Deal, seat: int) -> Refusal | None:
    """Rule B8: whether ``seat`` may agree to a showdown now (at any time, not only at their
    turn: every player still betting must agree, and the showdown comes with the last one)."""
    status = deal._status[seat]
    if status != BETTING:
        return FOLDED_OUT if status == FOLDED else COVERED_OUT
    if seat in deal._agreed:
        return AGREED
    return showdown_block(deal)


def look_block(deal: Deal, seat: int, hand: HandChoice | None, look: bool) -> Refusal | None:
    """Rules BL1, BL5, BL6, R2, R3: whether ``seat`` may look now (``look``), or discard
    without having looked (F2: the discard includes the look)."""
    if not deal.rules.blind:
        return BLIND_OFF_LOOK
    if deal._looked[seat]:
        return LOOKED
    if seat != deal._to_act and deal._bet_made:
        return LOOK_OUT_OF_TURN
    if seat == deal._fu_seat and deal._face_up is not None:
        return LOOK_FACE_UP
    two = deal._old[seat] is not None
    if look:
        if two and hand is None:
            return LOOK_WHICH
        if not two and hand is not None:
            return LOOK_ONE
    elif two:
        return LOOK_FIRST
    return None


def discard_block(deal: Deal, seat: int) -> Refusal | None:
    """Rules F1, B11: whether ``seat`` may discard now (how many and which: :func:`_discard`)."""
    if deal._cards == 3:
        return NO_DISCARDS
    if deal._looked[seat] and not deal._need_discard[seat]:
        return DISCARDED
    if seat != deal._to_act and deal._bet_made:
        return OUT_OF_TURN
    return None


def open_bet_block(deal: Deal, seat: int) -> Refusal | None:
    """Rules BL2, F1, R2, R3: whether a blind ``seat`` may bet open (a bet includes the look)."""
    if deal._cards > 3:
        return DISCARD_BEFORE_OPEN
    if deal._old[seat] is not None:
        return LOOK_FIRST
    if seat == deal._fu_seat and deal._face_up is not None:
        return BLIND_FACE_UP
    return None


def see_block(deal: Deal, seat: int) -> Refusal | None:
    """Rules B6, B8, BL4, R2: whether ``seat`` may see now (for :func:`see_cost`)."""
    if deal._n_betting > 2:
        return SEE_THREE
    if not deal._bet_made:
        return SEE_NO_BET
    if deal._two_seat >= 0:
        return SEE_TWO_HANDS
    if deal._looked[seat] and not deal._looked[other_betting(deal, seat)]:
        return SEE_BLIND_MAN  # rule BL4: you can't see a blind man
    return None


def cover_block(deal: Deal, seat: int, low: int) -> Refusal | None:
    """Rules M2, M3, M4, R2, R3: whether ``seat`` may cover (put in their whole stack) when
    the least bet of their turn is ``low``."""
    two_left = deal._n_betting == 2
    if deal._stacks[seat] >= low:
        return CAN_MEET_TWO if two_left else CAN_MEET
    if deal.rules.short_money == "fold" and not two_left:
        return NO_COVERING
    if deal._two_seat >= 0:
        return COVER_TWO_HANDS
    if seat == deal._fu_seat and deal._face_up is not None:
        return COVER_FACE_UP
    return None


def bounds(deal: Deal, blind: bool) -> tuple[int, int | None]:
    """The least and most of a bet now (:func:`~bragkit.games.three_card.betting.bet_bounds`)."""
    rules = deal.rules
    return bet_bounds(rules, deal._stake, deal._bet_made,
                      sum(deal._layers) if rules.pot_limit else 0, blind)


def lender(deal: Deal, seat: int, amount: int) -> int:
    """Who lends ``amount`` to ``seat`` (rule M4 [decision]), or -1."""
    stacks = deal._stacks
    if deal._n_betting == 2:
        other = other_betting(deal, seat)
        return other if stacks[other] >= amount else -1
    best = -1
    for other in deal._order:
        if other != seat and stacks[other] >= amount and (
                best < 0 or stacks[other] > stacks[best]):
            best = other
    return best


def other_betting(deal: Deal, seat: int) -> int:
    """The first other seat still betting, from the dealer's left."""
    status = deal._status
    for other in deal._order:
        if other != seat and status[other] == BETTING:
            return other
    raise AssertionError("no other player is betting")  # pragma: no cover


def holds(deal: Deal, seat: int, cards: tuple[Card, ...]) -> bool:
    """Rule F1: whether ``seat`` holds ``cards``, each once."""
    hand = list(deal._hand[seat])
    for card in cards:
        if card not in hand:
            return False
        hand.remove(card)
    return True


# -- what may I do? ----------------------------------------------------------------------------

def menu(deal: Deal, seat: int) -> Menu:
    """The menu of ``seat`` now (see :meth:`Deal.legal_actions`), from the verifiers.

    In a simple deal (three cards, no retained hand, no raise or pot limit, no lending) the
    menu is remembered per Rules by all it depends on there: the player, their status, look,
    turn and stack, the stake, whether a bet is made, whether three or more bet and whether
    they may see. Entries are interned per player (:class:`Fixed`)."""
    if not deal._simple:
        return full_menu(deal, seat)
    fixed = deal._fixed[seat]
    agreed = seat in deal._agreed if deal._agreed else False
    if deal._status[seat] != BETTING:
        key: tuple[Any, ...] = (fixed,)
    elif seat == deal._to_act:
        key = (fixed, deal._looked[seat], deal._bet_made, deal._n_betting >= 3, deal._stake,
               deal._stacks[seat], deal._n_betting == 2 and see_block(deal, seat) is None,
               agreed)
    else:
        key = (fixed, deal._looked[seat], deal._bet_made, deal._n_betting >= 3, agreed)
    turns = deal._setup.turns
    found = turns.get(key)
    if found is None:
        if len(turns) >= 4_096:
            turns.clear()
        found = turns[key] = tuple(full_menu(deal, seat))
    return found


def full_menu(deal: Deal, seat: int) -> list[LegalAction]:
    """The menu of ``seat`` now, built afresh from the verifiers."""
    fixed = deal._fixed[seat]
    if deal._pending >= 0:  # rule R2: keep or throw the hand just looked at, at once
        if seat == deal._pending:
            return [fixed.keep, fixed.throw, fixed.topup]
        return [fixed.topup]
    options: list[LegalAction] = []
    if deal._status[seat] == BETTING:
        if seat == deal._to_act:
            _turn_options(deal, seat, fixed, options)
        elif not deal._looked[seat]:  # rule BL6: anyone may look during the deal
            _look_options(deal, seat, fixed, options)
        elif deal._need_discard[seat] and discard_block(deal, seat) is None:  # rule F1
            options.append(_discard_option(deal, seat, fixed))
        if agree_block(deal, seat) is None:  # rule B8
            options.append(fixed.agree)
    options.append(fixed.topup)  # rule M1
    return options


def _discard_option(deal: Deal, seat: int, fixed: Fixed) -> LegalAction:
    """Rules F1, F3: the discard of ``seat``, with every discard it allows as its choices
    (built on demand)."""
    count = deal._cards - 3
    return LegalAction(player=fixed.name, verb=_DISCARD, discards=count,
                       choices=Discards(fixed.name, deal._hand[seat], count))


def _look_options(deal: Deal, seat: int, fixed: Fixed, options: list[LegalAction]) -> None:
    """The looks open to a player who has not looked (BL2, BL6, R2, R3, F2)."""
    if deal._old[seat] is not None:  # rule R2
        options += [o for o in fixed.look_two if look_block(deal, seat, o.hand, True) is None]
    elif look_block(deal, seat, None, True) is None:
        options.append(fixed.look)
        if deal._cards > 3 and discard_block(deal, seat) is None:  # F2: the discard includes it
            options.append(_discard_option(deal, seat, fixed))


def _turn_options(deal: Deal, seat: int, fixed: Fixed, options: list[LegalAction]) -> None:
    """The options of the player to act (B2, B3, B6, BL1, BL2, F1, M1-M4, R2, R3)."""
    looked = deal._looked[seat]
    if not looked:
        _look_options(deal, seat, fixed, options)
    options.append(fixed.fold)
    if looked and deal._need_discard[seat]:  # rule F1: discard before betting
        options.append(_discard_option(deal, seat, fixed))
        return
    if deal._gate and seat in deal._gate and not beats_face_up(deal, seat):
        return  # rule R3: cannot beat the face-up hand, so must fold
    name = fixed.name
    stack = deal._stacks[seat]
    # the least and most of an open bet, and of this player's bet (a blind bet if blind)
    open_low, open_high = bounds(deal, False)
    low, high = (open_low, open_high) if looked else bounds(deal, True)
    short = stack < low
    if not short:
        top = high if high is not None and high < stack else stack
        options.append(amount_option(fixed.bet if looked else fixed.blind, name,
                                     _BET if looked else _BLIND, low, top))
    if not looked and stack >= open_low and open_bet_block(deal, seat) is None:
        # a bet by a blind player includes the look (BL2; HAND-HISTORY.md)
        top = open_high if open_high is not None and open_high < stack else stack
        options.append(amount_option(fixed.bet, name, _BET, open_low, top))
    if short:
        if cover_block(deal, seat, low) is None:  # rules M2, M3
            options.append(amount_option(fixed.cover, name, _COVER, stack, stack))
        if deal.rules.lending and lender(deal, seat, low - stack) >= 0:  # rule M4
            cache = fixed.bet if looked else fixed.blind
            options.append(amount_option(cache, name, _BET if looked else _BLIND, low, low))
    if see_block(deal, seat) is None:  # rules B6, B9, BL4
        cost = see_cost(deal.rules, deal._stake, not looked)
        if stack >= cost:
            options.append(amount_option(fixed.see, name, _SEE, cost, cost))


# -- why not? ----------------------------------------------------------------------------------

def refusal(deal: Deal, action: Action) -> IllegalActionError | None:
    """The error ``action`` meets now, naming its rule, or ``None`` when it is legal: the
    verifiers above, asked in the order the rules apply."""
    verb = action.verb
    if deal._result is not None:
        return OVER.error()
    if verb is _SHOWDOWN:  # rule B8: agreed one player at a time, never forced
        found = showdown_block(deal) or SHOWDOWN_BY_AGREEMENT
        return found.error(**facts(deal, -1))
    seat = deal._seat.get(action.player)  # type: ignore[arg-type]
    if seat is None:
        return IllegalActionError(f"no player {action.player!r} at this table", rule="B11")
    blocked = _block(deal, seat, action)
    if isinstance(blocked, Refusal):
        return blocked.error(verb=verb.value, **facts(deal, seat))
    return blocked


def _block(deal: Deal, seat: int, action: Action) -> Refusal | IllegalActionError | None:
    verb = action.verb
    if verb is _TOPUP:  # rule M1: any player, any time
        amount = action.amount
        return None if amount is not None and amount >= 1 else IllegalActionError(
            "a top-up is at least 1 chip", rule="M1")
    if deal._pending >= 0:  # rule R2
        if seat != deal._pending:
            return MUST_KEEP
        return None if verb is _KEEP or verb is _THROW else KEEP_NOW
    if verb is _KEEP or verb is _THROW:
        return NOTHING_TO_KEEP
    if verb is Verb.AGREE:
        return agree_block(deal, seat)
    status = deal._status[seat]
    if status != BETTING:
        return FOLDED_OUT if status == FOLDED else COVERED_OUT
    looked = deal._looked[seat]
    if verb is _LOOK or (verb is _DISCARD and not looked):
        look = look_block(deal, seat, action.hand, verb is _LOOK)
        if look is not None or verb is _LOOK:
            return look
    if verb is _DISCARD:
        return discard_block(deal, seat) or _discard(deal, seat, action)
    if seat != deal._to_act:
        return OUT_OF_TURN
    if verb is _FOLD:
        return None
    if looked and deal._need_discard[seat]:
        return MUST_DISCARD
    if deal._gate and seat in deal._gate and not beats_face_up(deal, seat):
        return CANNOT_BEAT
    if verb is _BLIND:
        if not deal.rules.blind:
            return BLIND_OFF
        return BETS_OPEN if looked else _amount(deal, seat, action, blind=True)
    if verb is _BET:
        return (None if looked else open_bet_block(deal, seat)) or _amount(
            deal, seat, action, blind=False)
    if verb is _SEE:
        return see_block(deal, seat) or _see(deal, seat, action)
    if verb is _COVER:
        return _cover(deal, seat, action)
    return IllegalActionError(f"{action} is not allowed now", rule="B11")  # pragma: no cover


def _discard(deal: Deal, seat: int, action: Action) -> IllegalActionError | None:
    """Rules F1, F3: exactly the cards to discard, from the hand."""
    count = deal._cards - 3
    if len(action.cards) != count:
        return IllegalActionError(f"discard exactly {count} card{'s' if count > 1 else ''}, "
                                  f"not {len(action.cards)}", rule="F1" if count == 1 else "F3")
    if not holds(deal, seat, action.cards):
        return IllegalActionError(f"{action.player} can discard only cards they hold, each "
                                  "once", rule="F1")
    return None


def _amount(deal: Deal, seat: int, action: Action, *, blind: bool) -> IllegalActionError | None:
    """Rules B1, B2, B3, BL1, M1, M4: the amount of a bet (blind or open)."""
    name = action.player
    amount = action.amount
    assert amount is not None
    stack = deal._stacks[seat]
    low, high = bounds(deal, blind)
    kind = "blind bet" if blind else "bet"
    if amount == 0:
        return IllegalActionError("there is no check in Brag: fold or bet", rule="B2")
    if amount < low:
        if not deal._bet_made:
            return IllegalActionError(f"the first {kind} is at least {low}",
                                      rule="BL1" if blind else "B1")
        if blind:
            return IllegalActionError(f"{name} must put in at least {low}, half the stake "
                                      "rounded up", rule="BL1")
        return IllegalActionError(f"{name} must bet at least {low} to stay in", rule="B3")
    if high is not None and amount > high:
        return IllegalActionError(f"a {kind} of {amount} is over the limit of {high}",
                                  rule="B1")
    if amount > stack:
        # rule M4: a loan makes up the least bet of the player's own kind (blind or open)
        if deal.rules.lending and stack < low and blind != deal._looked[seat]:
            if amount > low:
                return IllegalActionError("a loan makes up only the least bet", rule="M4")
            if lender(deal, seat, low - stack) < 0:
                return IllegalActionError(f"no one can lend {name} the {low - stack} short",
                                          rule="M4")
            return None
        return IllegalActionError(f"{name} has only {stack}: top up first", rule="M1")
    return None


def _see(deal: Deal, seat: int, action: Action) -> IllegalActionError | None:
    """Rules B6, B9, BL4, M1: the price of a see."""
    looked = deal._looked[seat]
    cost = see_cost(deal.rules, deal._stake, not looked)
    if action.amount != cost:
        rule = "B9" if deal.rules.see_cost == "single" else "B6" if looked else "BL4"
        return IllegalActionError(f"seeing costs {cost}, not {action.amount}", rule=rule)
    if deal._stacks[seat] < cost:
        return IllegalActionError(f"{action.player} has only {deal._stacks[seat]}; seeing "
                                  f"costs {cost}", rule="M1")
    return None


def _cover(deal: Deal, seat: int, action: Action) -> Refusal | IllegalActionError | None:
    """Rules M2, M3, M4, R2, R3: a cover puts in the whole stack of a short player."""
    low, _ = bounds(deal, not deal._looked[seat])
    found = cover_block(deal, seat, low)
    if found is not None:
        return found
    stack = deal._stacks[seat]
    if action.amount != stack:
        return IllegalActionError(f"a cover puts in all {stack} remaining, not "
                                  f"{action.amount}", rule="M3" if deal._n_betting == 2
                                  else "M2")
    return None
