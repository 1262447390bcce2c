"""The rules of a three-card deal as verifiers, one per rule group: "may I?", "why not?" and
"what may I do?" from one piece of code each.

:class:`Verifiers` holds the verifiers of one deal over the objects of its state (its
:class:`~bragkit.games.three_card.money.Money`,
:class:`~bragkit.games.three_card.holdings.Holdings` and betting
:class:`~bragkit.games.three_card.round.Round`). A verifier looks at a seat and returns the
:class:`Refusal` that stops an action (a rule id and a message), or ``None`` when nothing in its
rule group stops it. The same verifiers build the menu
(:class:`~bragkit.games.three_card.menus.Menus`: an option is listed when its verifiers return
``None``) and explain a refused action (:meth:`Verifiers.refusal`: the first refusal met, as an
:class:`~bragkit.errors.IllegalActionError`), so ``legal_actions``, ``can_apply``, ``check``
and ``apply`` come from one code path. Bet sizes come from
:func:`~bragkit.games.three_card.betting.bet_bounds` and
:func:`~bragkit.games.three_card.betting.see_cost` only.

The rule groups: turn order (B11); looking and blind play (BL1, BL2, BL5, BL6; R2, R3 for the
looks of a retained hand); discards (F1, F3); betting and its limits (B1-B3, BL1, M1, M4);
seeing (B6, B8, B9, BL4); covers (M2-M4); the agreed showdown
(B8: :meth:`Verifiers.showdown_block`, the one place a showdown is allowed); two hands (R2) and
the face-up hand (R3); top-ups (M1).

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
>>> deal.verifiers.refusal(Action.parse("Bob see 2")).rule
'B8'
>>> deal.verifiers.refusal(Action.parse("Bob bet 1")) is None      # legal: no refusal
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from bragkit.actions import Action, HandChoice, Verb
from bragkit.errors import IllegalActionError
from bragkit.games.three_card.betting import bet_bounds, see_cost
from bragkit.games.three_card.parts import Parts
from bragkit.games.three_card.round import BETTING, FOLDED

__all__ = ["OVER", "Refusal", "Verifiers"]

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


class Verifiers(Parts):
    """The verifiers of one deal, a facet over its :class:`~bragkit.games.three_card.parts.Parts`:
    its ``money``, its ``hold`` (the cards and who has looked), its betting round (the parts are
    a :class:`~bragkit.games.three_card.round.Round`) and its
    ``seats``. Each verifier returns the :class:`Refusal` that stops an action or ``None``;
    :meth:`refusal` asks them in the order the rules apply."""

    __slots__ = ()

    def turn_name(self) -> str | None:
        """Who is to act, by name."""
        seat = self.to_act
        return self.seats.names[seat] if seat >= 0 else None

    def facts(self, seat: int) -> dict[str, Any]:
        """What a refusal's message may name."""
        holder = self.hold.pending if self.hold.pending >= 0 else self.hold.two_seat
        return {"name": self.seats.names[seat] if seat >= 0 else None, "turn": self.turn_name(),
                "holder": self.seats.names[holder] if holder >= 0 else None,
                "pending": self.hold.pending_hand, "count": self.cards - 3}

    # -- the verifiers, one per rule group -----------------------------------------------------

    def showdown_block(self) -> Refusal | None:
        """Rule B8: a showdown may be agreed with three or more still betting; not while a hand
        just looked at waits (R2), a player holds two hands (R2) or the face-up hand decides who
        stays (R3). The one verifier of the showdown."""
        hold = self.hold
        if hold.pending >= 0:
            return SHOWDOWN_KEEP
        if self.n_betting < 3:
            return SHOWDOWN_TWO
        if hold.two_seat >= 0:
            return SHOWDOWN_TWO_HANDS
        if hold.face_up is not None or self.gate:
            return SHOWDOWN_FACE_UP
        return None

    def agree_block(self, seat: int) -> Refusal | None:
        """Rule B8: whether ``seat`` may agree to a showdown now (at any time, not only at their
        turn: every player still betting must agree, and the showdown comes with the last one)."""
        status = self.status[seat]
        if status != BETTING:
            return FOLDED_OUT if status == FOLDED else COVERED_OUT
        if seat in self.agreed:
            return AGREED
        return self.showdown_block()

    def look_block(self, seat: int, hand: HandChoice | None, look: bool) -> Refusal | None:
        """Rules BL1, BL5, BL6, R2, R3: whether ``seat`` may look now (``look``), or discard
        without having looked (F2: the discard includes the look)."""
        if not self.rules.blind:
            return BLIND_OFF_LOOK
        if self.hold.looked[seat]:
            return LOOKED
        if seat != self.to_act and self.bet_made:
            return LOOK_OUT_OF_TURN
        if seat == self.hold.face_up_seat and self.hold.face_up is not None:
            return LOOK_FACE_UP
        two = self.hold.old[seat] is not None
        if look:
            if two and hand is None:
                return LOOK_WHICH
            if not two and hand is not None:
                return LOOK_ONE
        elif two:
            return LOOK_FIRST
        return None

    def discard_block(self, seat: int) -> Refusal | None:
        """Rules F1, B11: whether ``seat`` may discard now (how many and which:
        :meth:`_discard`)."""
        if self.cards == 3:
            return NO_DISCARDS
        if self.hold.looked[seat] and not self.hold.need_discard[seat]:
            return DISCARDED
        if seat != self.to_act and self.bet_made:
            return OUT_OF_TURN
        return None

    def open_bet_block(self, seat: int) -> Refusal | None:
        """Rules BL2, F1, R2, R3: whether a blind ``seat`` may bet open (a bet includes the
        look)."""
        if self.cards > 3:
            return DISCARD_BEFORE_OPEN
        if self.hold.old[seat] is not None:
            return LOOK_FIRST
        if seat == self.hold.face_up_seat and self.hold.face_up is not None:
            return BLIND_FACE_UP
        return None

    def see_block(self, seat: int) -> Refusal | None:
        """Rules B6, B8, BL4, R2: whether ``seat`` may see now (for :func:`see_cost`)."""
        if self.n_betting > 2:
            return SEE_THREE
        if not self.bet_made:
            return SEE_NO_BET
        if self.hold.two_seat >= 0:
            return SEE_TWO_HANDS
        if self.hold.looked[seat] and not self.hold.looked[self.other_betting(seat)]:
            return SEE_BLIND_MAN  # rule BL4: you can't see a blind man
        return None

    def cover_block(self, seat: int, low: int) -> Refusal | None:
        """Rules M2, M3, M4, R2, R3: whether ``seat`` may cover (put in their whole stack) when
        the least bet of their turn is ``low``."""
        two_left = self.n_betting == 2
        if self.money.stacks[seat] >= low:
            return CAN_MEET_TWO if two_left else CAN_MEET
        if self.rules.short_money == "fold" and not two_left:
            return NO_COVERING
        if self.hold.two_seat >= 0:
            return COVER_TWO_HANDS
        if seat == self.hold.face_up_seat and self.hold.face_up is not None:
            return COVER_FACE_UP
        return None

    def bounds(self, blind: bool) -> tuple[int, int | None]:
        """The least and most of a bet now
        (:func:`~bragkit.games.three_card.betting.bet_bounds`)."""
        rules = self.rules
        return bet_bounds(rules, self.stake, self.bet_made,
                          sum(self.money.pots) if rules.pot_limit else 0, blind)

    def lender(self, seat: int, amount: int) -> int:
        """Who lends ``amount`` to ``seat`` (rule M4 [decision]), or -1: with two betting, the
        other of the two, otherwise the richest other player at the table."""
        bet = self
        pair = bet.other_betting(seat) if bet.n_betting == 2 else -1
        return self.money.lender(seat, amount, order=bet.order, pair=pair)

    # -- why not? ------------------------------------------------------------------------------

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The error ``action`` meets now (the deal not over), naming its rule, or ``None`` when
        it is legal: the verifiers above, asked in the order the rules apply."""
        verb = action.verb
        if verb is _SHOWDOWN:  # rule B8: agreed one player at a time, never forced
            found = self.showdown_block() or SHOWDOWN_BY_AGREEMENT
            return found.error(**self.facts(-1))
        seat = self.seats.seat.get(action.player)  # type: ignore[arg-type]
        if seat is None:
            return IllegalActionError(f"no player {action.player!r} at this table", rule="B11")
        blocked = self._block(seat, action)
        if isinstance(blocked, Refusal):
            return blocked.error(verb=verb.value, **self.facts(seat))
        return blocked

    def _block(self, seat: int, action: Action) -> Refusal | IllegalActionError | None:
        verb = action.verb
        if verb is _TOPUP:  # rule M1: any player, any time
            amount = action.amount
            return None if amount is not None and amount >= 1 else IllegalActionError(
                "a top-up is at least 1 chip", rule="M1")
        if self.hold.pending >= 0:  # rule R2
            if seat != self.hold.pending:
                return MUST_KEEP
            return None if verb is _KEEP or verb is _THROW else KEEP_NOW
        if verb is _KEEP or verb is _THROW:
            return NOTHING_TO_KEEP
        if verb is Verb.AGREE:
            return self.agree_block(seat)
        status = self.status[seat]
        if status != BETTING:
            return FOLDED_OUT if status == FOLDED else COVERED_OUT
        looked = self.hold.looked[seat]
        if verb is _LOOK or (verb is _DISCARD and not looked):
            look = self.look_block(seat, action.hand, verb is _LOOK)
            if look is not None or verb is _LOOK:
                return look
        if verb is _DISCARD:
            return self.discard_block(seat) or self._discard(seat, action)
        if seat != self.to_act:
            return OUT_OF_TURN
        if verb is _FOLD:
            return None
        if looked and self.hold.need_discard[seat]:
            return MUST_DISCARD
        gate = self.gate
        if gate and seat in gate and not self.hold.beats_face_up(seat):
            return CANNOT_BEAT
        if verb is _BLIND:
            if not self.rules.blind:
                return BLIND_OFF
            return BETS_OPEN if looked else self._amount(seat, action, blind=True)
        if verb is _BET:
            return (None if looked else self.open_bet_block(seat)) or self._amount(
                seat, action, blind=False)
        if verb is _SEE:
            return self.see_block(seat) or self._see(seat, action)
        if verb is _COVER:
            return self._cover(seat, action)
        return IllegalActionError(f"{action} is not allowed now", rule="B11")  # pragma: no cover

    def _discard(self, seat: int, action: Action) -> IllegalActionError | None:
        """Rules F1, F3: exactly the cards to discard, from the hand."""
        count = self.cards - 3
        if len(action.cards) != count:
            return IllegalActionError(f"discard exactly {count} card{'s' if count > 1 else ''}, "
                                      f"not {len(action.cards)}", rule="F1" if count == 1 else "F3")
        if not self.hold.holds(seat, action.cards):
            return IllegalActionError(f"{action.player} can discard only cards they hold, each "
                                      "once", rule="F1")
        return None

    def _amount(self, seat: int, action: Action, *, blind: bool) -> IllegalActionError | None:
        """Rules B1, B2, B3, BL1, M1, M4: the amount of a bet (blind or open)."""
        name = action.player
        amount = action.amount
        assert amount is not None
        stack = self.money.stacks[seat]
        low, high = self.bounds(blind)
        kind = "blind bet" if blind else "bet"
        if amount == 0:
            return IllegalActionError("there is no check in Brag: fold or bet", rule="B2")
        if amount < low:
            if not self.bet_made:
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
            if self.rules.lending and stack < low and blind != self.hold.looked[seat]:
                if amount > low:
                    return IllegalActionError("a loan makes up only the least bet", rule="M4")
                if self.lender(seat, low - stack) < 0:
                    return IllegalActionError(f"no one can lend {name} the {low - stack} short",
                                              rule="M4")
                return None
            return IllegalActionError(f"{name} has only {stack}: top up first", rule="M1")
        return None

    def _see(self, seat: int, action: Action) -> IllegalActionError | None:
        """Rules B6, B9, BL4, M1: the price of a see."""
        looked = self.hold.looked[seat]
        cost = see_cost(self.rules, self.stake, not looked)
        if action.amount != cost:
            rule = "B9" if self.rules.see_cost == "single" else "B6" if looked else "BL4"
            return IllegalActionError(f"seeing costs {cost}, not {action.amount}", rule=rule)
        if self.money.stacks[seat] < cost:
            return IllegalActionError(f"{action.player} has only {self.money.stacks[seat]}; seeing "
                                      f"costs {cost}", rule="M1")
        return None

    def _cover(self, seat: int, action: Action) -> Refusal | IllegalActionError | None:
        """Rules M2, M3, M4, R2, R3: a cover puts in the whole stack of a short player."""
        low, _ = self.bounds(not self.hold.looked[seat])
        found = self.cover_block(seat, low)
        if found is not None:
            return found
        stack = self.money.stacks[seat]
        if action.amount != stack:
            return IllegalActionError(f"a cover puts in all {stack} remaining, not "
                                      f"{action.amount}", rule="M3" if self.n_betting == 2
                                      else "M2")
        return None
