"""What each player of a three-card deal may do now: :class:`Menus`, the verifiers
(:class:`~bragkit.games.three_card.verify.Verifiers`) with the menus built from them (an option
is listed when its verifiers return ``None``), so "what may I do?" and "why not?" come from one
code path.

A menu lists every option with its amounts (chips actually paid) or choices (a discard's cards,
F1, F3); looks during the deal (BL6), top-ups (M1) and agreements to a showdown (B8) included.
A menu never names a card its player may not see: a blind player of four- or five-card Brag is
offered the look, and the discard once looked (F1, F2, BL6).
In a simple deal (no retained hand, no raise or pot limit, no lending) a menu is remembered per
Rules by what it depends on, but for a player who must still discard (F1: the discard names
their cards); entries are interned per player.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
...             hands={"Ann": "Qh Qs 4d 7c", "Bob": "As Tc 2d 3h"})
>>> [str(option) for option in deal.legal_actions("Ann")]  # blind: no card named (BL6, F2)
['Ann look', 'Ann fold', 'Ann blind 1..8', 'Ann topup 1..']
>>> deal.apply("Ann look")
>>> [str(option) for option in deal.legal_actions("Ann")]  # rule F1: discard before betting
['Ann fold', 'Ann discard (1 card)', 'Ann topup 1..']
>>> [str(choice) for choice in deal.legal_actions("Ann")[1].choices]   # rules F1, F3
['Ann discard Qh', 'Ann discard Qs', 'Ann discard 4d', 'Ann discard 7c']
"""

from __future__ import annotations

import functools
from typing import Any, Final

from bragkit.actions import Action, Discards, LegalAction, Verb
from bragkit.cards import Card
from bragkit.games.three_card.betting import see_cost
from bragkit.games.three_card.round import BETTING
from bragkit.games.three_card.setup import DISCARDS, Fixed, Menu, amount_option
from bragkit.games.three_card.verify import Verifiers

__all__ = ["Menus"]

_BET, _BLIND, _DISCARD = Verb.BET, Verb.BLIND, Verb.DISCARD
_COVER, _SEE, _AGREE, _LOOK = Verb.COVER, Verb.SEE, Verb.AGREE, Verb.LOOK


#: The entries of a player's menu that never change (:class:`Fixed`), by verb.
_ENTRIES: Final = {Verb.FOLD: "fold", Verb.KEEP: "keep", Verb.THROW: "throw", Verb.TOPUP: "topup",
            _AGREE: "agree"}


@functools.lru_cache(maxsize=8_192)
def _discard(name: str, hand: tuple[Card, ...], count: int) -> LegalAction:
    """The discard option of ``name`` holding ``hand`` (F1, F3), with every discard of
    ``count`` cards it allows as its choices (built on demand); made once and shared: an option
    is frozen, and its choices are the same for the same hand."""
    return LegalAction(player=name, verb=_DISCARD, discards=count,
                       choices=Discards(name, hand, count))


class Menus(Verifiers):
    """The verifiers of one deal with the menus built from them (see the module docstring);
    its parts' ``simple``: whether its menus may be remembered per Rules (``setup.turns``; 0
    not, :data:`~bragkit.games.three_card.setup.DISCARDS` but while a discard is due)."""

    __slots__ = ()

    def menu(self, seat: int) -> Menu:
        """The menu of ``seat`` now, from the verifiers; kept until the next move (an agent
        asks for its menu, then plays from it: the move is matched against the menu kept).

        In a simple deal (no retained hand, no raise or pot limit, no lending) the menu is
        remembered per Rules by all it depends on there: the player, their status, look, turn
        and stack, the stake, whether a bet is made, whether three or more bet and whether they
        may see; not while the player must still discard (F1: the discard option names their
        cards, so it is built afresh). Entries are interned per player (:class:`Fixed`)."""
        if seat == self.kept_seat:
            return self.kept_menu
        simple = self.simple
        if not simple or (simple == DISCARDS and self.hold.need_discard[seat]):
            # (rule F1: a menu offering a discard names the player's cards)
            found: Menu = self.full_menu(seat)
        else:
            fixed = self.seats.fixed[seat]
            agreed_seats = self.agreed
            agreed = seat in agreed_seats if agreed_seats else False
            if self.status[seat] != BETTING:
                key: tuple[Any, ...] = (fixed,)
            else:
                n_betting = self.n_betting
                if seat == self.to_act:
                    key = (fixed, self.hold.looked[seat], self.bet_made, n_betting >= 3,
                           self.stake, self.money.stacks[seat],
                           n_betting == 2 and self.see_block(seat) is None, agreed)
                else:
                    key = (fixed, self.hold.looked[seat], self.bet_made, n_betting >= 3, agreed)
            turns = self.setup.turns
            found = turns.get(key)  # type: ignore[assignment]
            if found is None:
                if len(turns) >= 4_096:
                    turns.clear()
                found = turns[key] = tuple(self.full_menu(seat))
        self.kept_seat = seat
        self.kept_menu = found
        return found

    def find(self, seat: int | None, action: Action) -> LegalAction | None:
        """The menu entry ``action`` of ``seat`` (its player's seat, None for a stranger) fits,
        or None: the one test of legality. The verifiers decide (:meth:`Verifiers.refusal
        <bragkit.games.three_card.verify.Verifiers.refusal>` finding nothing: "may I?" is "why
        not?" answered with nothing), and only the entry of the action's verb is built, not the
        seat's whole menu (the menu lists an option exactly when these verifiers allow it)."""
        if self.result is None and seat is not None:
            verb = action.verb
            if verb is _AGREE:  # rule B8 (the commonest): the menu's own verifier, asked
                return self.seats.fixed[seat].agree if self.agree_block(seat) is None else None
            if seat == self.kept_seat and verb is _DISCARD:
                # rules F1, F3: a discard the menu just built offers (its verifiers allowed
                # it), of the cards its own verifier allows; a blind player's (F2) is asked below
                for option in self.kept_menu:
                    if option.verb is _DISCARD:
                        return option if self._discard(seat, action) is None else None
            elif seat == self.kept_seat:
                # the menu just built for this state (a player who read it, then acted): its
                # entry, found as LegalAction.__contains__ finds it (the verifiers built it)
                amount, hand = action.amount, action.hand
                for option in self.kept_menu:
                    if option.verb is not verb or option.hand != hand:
                        continue
                    low = option.min_amount
                    if low is None:
                        if amount is None:
                            return option
                    elif amount is not None and low <= amount and (
                            option.max_amount is None or amount <= option.max_amount):
                        return option
                return None
            if self._block(seat, action) is None:
                return self.entry(seat, action)
        return None

    def entry(self, seat: int, action: Action) -> LegalAction:
        """The entry of ``seat``'s menu an action the verifiers allow fits (:meth:`full_menu`'s,
        or for a blind player's discard :meth:`blind_discard`'s), built alone."""
        fixed = self.seats.fixed[seat]
        verb = action.verb
        if verb is _BET or verb is _BLIND:  # rules B1-B3, BL1, BL2, M4
            stack = self.money.stacks[seat]
            looked = self.hold.looked[seat]
            if verb is _BET and not looked:  # a blind player's bet includes the look (BL2)
                low, high = self.bounds(False)
                cache = fixed.bet
            else:
                low, high = self.bounds(not looked)
                cache = fixed.bet if looked else fixed.blind
                if stack < low:  # rule M4: a loan makes up the least bet
                    return amount_option(cache, fixed.name, verb, low, low)
            top = high if high is not None and high < stack else stack
            return amount_option(cache, fixed.name, verb, low, top)
        if verb is _SEE:  # rules B6, B9, BL4
            cost = see_cost(self.rules, self.stake, not self.hold.looked[seat])
            return amount_option(fixed.see, fixed.name, _SEE, cost, cost)
        if verb is _COVER:  # rules M2, M3
            stack = self.money.stacks[seat]
            return amount_option(fixed.cover, fixed.name, _COVER, stack, stack)
        if verb is _DISCARD:  # rules F1-F3
            return self._discard_option(seat, fixed)
        if verb is _LOOK:  # rules BL6, R2
            hand = action.hand
            return fixed.look if hand is None else fixed.look_two[hand == "new"]
        found: LegalAction = getattr(fixed, _ENTRIES[verb])  # fold, keep, throw, topup, agree
        return found

    def bounds(self, blind: bool) -> tuple[int, int | None]:
        """:meth:`Verifiers.bounds`, remembered per Rules where there is no pot limit (it then
        depends only on the stake, whether a bet is made and ``blind``)."""
        if self.rules.pot_limit:
            return Verifiers.bounds(self, blind)
        bet = self
        key = (bet.stake, bet.bet_made, blind)
        known = self.setup.bounds
        found = known.get(key)
        if found is None:
            if len(known) >= 4_096:
                known.clear()
            found = known[key] = Verifiers.bounds(self, blind)
        return found

    def full_menu(self, seat: int) -> list[LegalAction]:
        """The menu of ``seat`` now, built afresh from the verifiers."""
        fixed = self.seats.fixed[seat]
        if self.hold.pending >= 0:  # rule R2: keep or throw the hand just looked at, at once
            if seat == self.hold.pending:
                return [fixed.keep, fixed.throw, fixed.topup]
            return [fixed.topup]
        options: list[LegalAction] = []
        if self.status[seat] == BETTING:
            if seat == self.to_act:
                self._turn_options(seat, fixed, options)
            elif not self.hold.looked[seat]:  # rule BL6: anyone may look during the deal
                self._look_options(seat, fixed, options)
            elif self.hold.need_discard[seat] and self.discard_block(seat) is None:
                # rule F1: discard before betting
                options.append(self._discard_option(seat, fixed))
            if self.agree_block(seat) is None:  # rule B8
                options.append(fixed.agree)
        options.append(fixed.topup)  # rule M1
        return options

    def blind_discard(self, seat: int, action: Action) -> LegalAction | None:
        """The discard option ``action`` fits when ``seat`` has not looked and the verifiers
        allow it: the record form of a look and a discard at once (F2; HAND-HISTORY.md),
        accepted though the menu offers the look; None otherwise."""
        if self.hold.looked[seat] or self.refusal(action) is not None:
            return None
        return self._discard_option(seat, self.seats.fixed[seat])

    def _discard_option(self, seat: int, fixed: Fixed) -> LegalAction:
        """Rules F1, F3: the discard of ``seat``, with every discard it allows as its choices
        (built on demand)."""
        return _discard(fixed.name, self.hold.hand[seat], self.cards - 3)

    def _look_options(self, seat: int, fixed: Fixed, options: list[LegalAction]) -> None:
        """The looks open to a player who has not looked (BL2, BL6, R2, R3, F2)."""
        if self.hold.old[seat] is not None:  # rule R2
            options += [o for o in fixed.look_two
                        if self.look_block(seat, o.hand, True) is None]
        elif self.look_block(seat, None, True) is None:
            # F2, BL6: a blind player discards on looking; the discard, naming their cards,
            # is offered once they have looked (the record form "Ann discard 9c" by a blind
            # player, the look and the discard at once, is still accepted: F2)
            options.append(fixed.look)

    def _turn_options(self, seat: int, fixed: Fixed, options: list[LegalAction]) -> None:
        """The options of the player to act (B2, B3, B6, BL1, BL2, F1, M1-M4, R2, R3)."""
        looked = self.hold.looked[seat]
        if not looked:
            self._look_options(seat, fixed, options)
        options.append(fixed.fold)
        if looked and self.hold.need_discard[seat]:  # rule F1: discard before betting
            options.append(self._discard_option(seat, fixed))
            return
        gate = self.gate
        if gate and seat in gate and not self.hold.beats_face_up(seat):
            return  # rule R3: cannot beat the face-up hand, so must fold
        name = fixed.name
        stack = self.money.stacks[seat]
        # the least and most of an open bet, and of this player's bet (a blind bet if blind)
        open_low, open_high = self.bounds(False)
        low, high = (open_low, open_high) if looked else self.bounds(True)
        short = stack < low
        if not short:
            top = high if high is not None and high < stack else stack
            options.append(amount_option(fixed.bet if looked else fixed.blind, name,
                                         _BET if looked else _BLIND, low, top))
        if not looked and stack >= open_low and self.open_bet_block(seat) is None:
            # a bet by a blind player includes the look (BL2; HAND-HISTORY.md)
            top = open_high if open_high is not None and open_high < stack else stack
            options.append(amount_option(fixed.bet, name, _BET, open_low, top))
        if short:
            if self.cover_block(seat, low) is None:  # rules M2, M3
                options.append(amount_option(fixed.cover, name, _COVER, stack, stack))
            if self.rules.lending and self.lender(seat, low - stack) >= 0:  # rule M4
                cache = fixed.bet if looked else fixed.blind
                options.append(amount_option(cache, name, _BET if looked else _BLIND, low, low))
        if self.see_block(seat) is None:  # rules B6, B9, BL4
            cost = see_cost(self.rules, self.stake, not looked)
            if stack >= cost:
                options.append(amount_option(fixed.see, name, _SEE, cost, cost))
