"""Why an action is illegal: the error :meth:`Deal.apply <bragkit.games.three_card.Deal.apply>`
raises, naming the RULES.md id it breaks.

The engine decides legality one way only, by matching an action against its menu of legal
actions (so :meth:`~bragkit.games.three_card.Deal.can_apply` never disagrees with ``apply``);
this module is the slow path taken only for a refused action, to explain it.

>>> from bragkit.rules import Rules
>>> from bragkit.games.three_card import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[9, 9, 9],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
>>> deal.apply("Ann bet 1"); deal.apply("Cy look")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: Cy may look only at their own turn once the betting has \
begun (rule BL5)
>>> explain(deal, Action.parse("Bob see 2")).rule
'B8'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bragkit.actions import Action, Verb
from bragkit.errors import IllegalActionError
from bragkit.games.betting import bet_bounds, see_cost

if TYPE_CHECKING:
    from bragkit.games.three_card import Deal

__all__ = ["explain"]

_E = IllegalActionError


def explain(deal: Deal, action: Action) -> IllegalActionError:
    """The error for an action ``deal`` refuses: what is wrong and the rule it breaks."""
    # The engine's private state is read here on purpose: this is the engine's slow path.
    verb = action.verb
    if deal._result is not None:
        return _E("the betting has ended: the deal is over", rule="B10")
    if verb is Verb.SHOWDOWN:
        return _why_showdown(deal)
    name = action.player
    seat = deal._seat.get(name)  # type: ignore[arg-type]
    if seat is None:
        return _E(f"no player {name!r} at this table", rule="B11")
    if verb is Verb.TOPUP:
        return _E("a top-up is at least 1 chip", rule="M1")
    if deal._pending >= 0:
        holder = deal._names[deal._pending]
        if seat != deal._pending:
            return _E(f"{holder} must first keep or throw the hand just looked at", rule="R2")
        return _E(f"{name} must keep or throw the {deal._pending_hand} hand at once", rule="R2")
    if verb is Verb.KEEP or verb is Verb.THROW:
        return _E(f"{name} has no hand just looked at to {verb.value}", rule="R2")
    status = deal._status[seat]
    if status == 1:
        return _E(f"{name} has folded", rule="B2")
    if status == 2:
        return _E(f"{name} has covered the pot and bets no more", rule="M2")
    looked = deal._looked[seat]
    if verb is Verb.LOOK or (verb is Verb.DISCARD and not looked):
        error = _why_look(deal, seat, action)
        if error is not None or verb is Verb.LOOK:
            return error or _E(f"{name} cannot look now", rule="BL6")
    if verb is Verb.DISCARD:
        return _why_discard(deal, seat, action)
    if seat != deal._to_act:
        turn = deal.to_act
        return _E(f"it is {turn}'s turn, not {name}'s", rule="B11")
    if looked and deal._need_discard[seat]:
        count = deal._cards - 3
        return _E(f"{name} has looked and must discard {count} before betting", rule="F1")
    if seat in deal._gate and verb is not Verb.FOLD and not deal._beats_face_up(seat):
        return _E(f"{name} cannot beat the face-up hand and must fold", rule="R3")
    if verb is Verb.BLIND:
        if not deal.rules.blind:
            return _E("blind play is off", rule="BL1")
        if looked:
            return _E(f"{name} has looked and bets open now", rule="BL2")
        return _why_amount(deal, seat, action, blind=True)
    if verb is Verb.BET:
        if not looked:
            if deal._cards > 3:
                return _E(f"{name} must look and discard before betting open", rule="F1")
            if deal._old[seat] is not None:
                return _E(f"{name} holds two hands: look old or look new first", rule="R2")
            if seat == deal._fu_seat and deal._face_up is not None:
                return _E(f"{name} plays blind while the face-up hand is out", rule="R3")
        return _why_amount(deal, seat, action, blind=False)
    if verb is Verb.SEE:
        return _why_see(deal, seat, action)
    if verb is Verb.COVER:
        return _why_cover(deal, seat, action)
    return _E(f"{action} is not allowed now", rule="B11")  # pragma: no cover - defensive


def _why_showdown(deal: Deal) -> IllegalActionError:
    if deal._pending >= 0:
        return _E(f"{deal._names[deal._pending]} must first keep or throw a hand", rule="R2")
    if deal._n_betting < 3:
        return _E("a showdown needs three or more still betting; with two, one may see the "
                  "other", rule="B8")
    if deal._two_seat >= 0:
        return _E(f"{deal._names[deal._two_seat]} holds two hands: no showdown until one is "
                  "left", rule="R2")
    return _E("no showdown while the face-up hand decides who stays", rule="R3")


def _why_look(deal: Deal, seat: int, action: Action) -> IllegalActionError | None:
    name = action.player
    if not deal.rules.blind:
        return _E("blind play is off: every player saw their cards at the deal", rule="BL1")
    if deal._looked[seat]:
        return _E(f"{name} has already looked", rule="BL6")
    if seat != deal._to_act and deal._bet_made:
        return _E(f"{name} may look only at their own turn once the betting has begun",
                  rule="BL5")
    if seat == deal._fu_seat and deal._face_up is not None:
        return _E(f"{name} may not look while the face-up hand is out", rule="R3")
    two = deal._old[seat] is not None
    if action.verb is Verb.LOOK:
        if two and action.hand is None:
            return _E(f"{name} holds two hands: look old or look new", rule="R2")
        if not two and action.hand is not None:
            return _E(f"{name} holds one hand, not two", rule="R2")
    elif two:
        return _E(f"{name} holds two hands: look old or look new first", rule="R2")
    return None


def _why_discard(deal: Deal, seat: int, action: Action) -> IllegalActionError:
    name = action.player
    if deal._cards == 3:
        return _E("discards are for four- and five-card Brag", rule="F1")
    if deal._looked[seat] and not deal._need_discard[seat]:
        return _E(f"{name} has already discarded", rule="F1")
    if seat != deal._to_act and deal._bet_made:
        return _E(f"it is {deal.to_act}'s turn, not {name}'s", rule="B11")
    count = deal._cards - 3
    if len(action.cards) != count:
        return _E(f"discard exactly {count} card{'s' if count > 1 else ''}, not "
                  f"{len(action.cards)}", rule="F1" if count == 1 else "F3")
    return _E(f"{name} can discard only cards they hold, each once", rule="F1")


def _why_amount(deal: Deal, seat: int, action: Action, *, blind: bool) -> IllegalActionError:
    name = action.player
    amount = action.amount
    assert amount is not None
    stack = deal._stacks[seat]
    low, high = bet_bounds(deal.rules, stake=deal._stake, bet_made=deal._bet_made,
                           pot=sum(deal._layers), blind=blind)
    kind = "blind bet" if blind else "bet"
    if amount == 0:
        return _E("there is no check in Brag: fold or bet", rule="B2")
    if amount < low:
        if not deal._bet_made:
            return _E(f"the first {kind} is at least {low}", rule="BL1" if blind else "B1")
        if blind:
            return _E(f"{name} must put in at least {low}, half the stake rounded up",
                      rule="BL1")
        return _E(f"{name} must bet at least {low} to stay in", rule="B3")
    if high is not None and amount > high:
        return _E(f"a {kind} of {amount} is over the limit of {high}", rule="B1")
    if amount > stack:
        if deal.rules.lending and stack < low:
            if amount > low:
                return _E("a loan makes up only the least bet", rule="M4")
            return _E(f"no one can lend {name} the {low - stack} short", rule="M4")
        return _E(f"{name} has only {stack}: top up first", rule="M1")
    return _E(f"{name} must look before betting open", rule="BL2")  # pragma: no cover


def _why_see(deal: Deal, seat: int, action: Action) -> IllegalActionError:
    name = action.player
    if deal._n_betting > 2:
        return _E("with three or more still betting no one can see: bet, fold or agree a "
                  "showdown", rule="B8")
    if not deal._bet_made:
        return _E("there is no bet to see yet", rule="B6")
    if deal._two_seat >= 0:
        return _E(f"{deal._names[deal._two_seat]} holds two hands: no see until one is left",
                  rule="R2")
    other = deal._other_betting(seat)
    looked = deal._looked[seat]
    if looked and not deal._looked[other]:
        return _E(f"{name} cannot see a blind player", rule="BL4")
    cost = see_cost(deal.rules, stake=deal._stake, seer_blind=not looked)
    if action.amount != cost:
        rule = "B9" if deal.rules.see_cost == "single" else "BL4" if not looked else "B6"
        return _E(f"seeing costs {cost}, not {action.amount}", rule=rule)
    return _E(f"{name} has only {deal._stacks[seat]}; seeing costs {cost}", rule="M1")


def _why_cover(deal: Deal, seat: int, action: Action) -> IllegalActionError:
    name = action.player
    stack = deal._stacks[seat]
    looked = deal._looked[seat]
    low, _ = bet_bounds(deal.rules, stake=deal._stake, bet_made=deal._bet_made,
                        pot=sum(deal._layers), blind=not looked)
    two_left = deal._n_betting == 2
    if stack >= low:
        return _E(f"{name} can meet the stake: only a player who cannot may cover",
                  rule="M3" if two_left else "M2")
    if deal.rules.short_money == "fold" and not two_left:
        return _E(f"no covering: {name} must fold, top up or borrow", rule="M4")
    if deal._two_seat >= 0:
        return _E(f"{deal._names[deal._two_seat]} holds two hands: no cover until one is left",
                  rule="R2")
    if seat == deal._fu_seat and deal._face_up is not None:
        return _E(f"{name} may not cover while the face-up hand is out", rule="R3")
    return _E(f"a cover puts in all {stack} remaining, not {action.amount}",
              rule="M3" if two_left else "M2")
