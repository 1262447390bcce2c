"""The end of a three-card deal: :class:`Settlement` (rules B5, B6, B8, BL3, D4, D5, D8, M2, M3,
R1-R3). Who wins which pot, what is shown, carried forward and retained, and the hands put under
the pack; recorded as one log entry, and the deal's :class:`DealResult`.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[9, 9, 9],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
>>> for text in ("Ann bet 2", "Bob bet 2", "Cy bet 2", "Ann agree", "Bob agree", "Cy agree"):
...     deal.apply(text)
>>> deal.result.winners, deal.result.shuffle_next    # rule B8: the best hand; D4: a prial won
({'Cy': 9}, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bragkit.actions import HandChoice
from bragkit.cards import Card
from bragkit.errors import RulesError
from bragkit.games.three_card.betting import split
from bragkit.games.three_card.log import END, loans
from bragkit.games.three_card.parts import Parts
from bragkit.games.three_card.results import DealResult, new_result
from bragkit.games.three_card.round import BETTING, FOLDED
from bragkit.games.three_card.setup import Strength
from bragkit.hands import Category

__all__ = ["Settlement"]

_PRIAL: Final = Category.PRIAL


class Settlement(Parts):
    """The end of one deal, a facet over its :class:`~bragkit.games.three_card.parts.Parts`
    (see the module docstring); their ``result`` is ``None`` until it is settled."""

    __slots__ = ()

    def last_standing(self) -> None:
        """One player is left betting: B5, BL3, R3, or a covered pot to compare (M2, M3)."""
        betting = self
        status = betting.status  # Round.first_betting, inlined (every deal ends once)
        for winner in betting.order:  # (a loop: a generator costs as much as a decision)
            if status[winner] == BETTING:
                break
        money = self.money
        if money.coverers:  # rules M2, M3: the winner shows (even blind) and is compared
            self.compared([winner], shown=[winner])
            return
        pot = money.pots[0]
        hold = self.hold
        if hold.face_up is not None and winner == hold.face_up_seat:  # Holdings.face_up_out
            # rule R3: everyone folded to the face-up hand; this deal's money to the blind
            # player, the carried pot stays
            award = pot - money.carried_in
            self.finish({winner: award} if award else {}, money.carried_in, winner)
        elif not hold.looked[winner]:  # rule BL3: a blind winner carries the pot forward
            self.finish({}, pot, winner)
        else:  # rule B5
            self.finish({winner: pot}, 0, -1)

    def showdown(self) -> None:
        """Rule B8: every hand still betting is shown; the best wins, equal best split."""
        betting = self
        status = betting.status
        strength = self.hold.strength
        seats: list[int] = []
        winners: list[int] = []
        best: Strength | None = None
        for seat in betting.order:  # Round.betting and Holdings.best in one pass
            if status[seat] == BETTING:
                seats.append(seat)
                key = strength(seat)[0]
                if best is None or key > best:
                    best = key
                    winners = [seat]
                elif key == best:
                    winners.append(seat)
        self.compared(winners, shown=seats)

    def compared(self, final: list[int], shown: list[int]) -> None:
        """Settle the pot when hands are compared: a see, a showdown or a covered pot.

        Rule M2 [decision]: each covered layer goes to the best hand among its coverer, every
        later coverer and the final winner(s), ties to the later player; the last layer goes to
        the final winner(s), split as B8 says.
        """
        pots = self.money.pots
        coverers = self.money.coverers
        if not coverers:  # one pot (the common case): to the final winner(s), rule B8
            if len(final) == 1:
                self.finish({final[0]: pots[-1]}, 0, -1, shown)
            else:
                self.finish(split(pots[-1], final), 0, -1, shown)
            return
        strength = self.hold.strength
        awards: dict[int, int] = {}
        final_key = strength(final[0])[0]
        for i, coverer in enumerate(coverers):
            best, best_key = coverer, strength(coverer)[0]
            for later in coverers[i + 1:]:
                key = strength(later)[0]
                if key >= best_key:
                    best, best_key = later, key
            if final_key >= best_key:
                for seat, share in split(pots[i], final).items():
                    awards[seat] = awards.get(seat, 0) + share
            else:
                awards[best] = awards.get(best, 0) + pots[i]
        for seat, share in split(pots[-1], final).items():
            awards[seat] = awards.get(seat, 0) + share
        shown = shown + [c for c in coverers if c not in shown]  # rule D8
        self.finish(awards, 0, -1, shown)

    def finish(self, awards: dict[int, int], carried: int, retained: int,
               shown: Sequence[int] = ()) -> None:
        """Settle: show, pay, carry, retain, return the hands under the pack, and record it
        all as one log entry."""
        names = self.seats.names
        order = self.order
        hold = self.hold
        strength = hold.strength
        known = hold.strengths  # the shown hands were compared: their strengths are kept
        shown_cards: dict[str, tuple[Card, ...]] = {}
        for seat in shown:  # rule D8
            shown_cards[names[seat]] = (known[seat] or strength(seat))[1]
        winners: dict[str, int] = {}
        prial = False
        paid: list[tuple[int, int]] = []
        for seat in awards if len(awards) < 2 else order:  # from the dealer's left
            amount = awards.get(seat)
            if amount:
                paid.append((seat, amount))
                winners[names[seat]] = amount
                if shown and (known[seat] or strength(seat))[2].category is _PRIAL:
                    prial = True  # rule D4: seen and won by a prial
        money = self.money
        money.settle(paid, carried)
        two = retained >= 0 and hold.old[retained] is not None
        # rules BL3, R1: the blind hand stays on the table
        retained_hand = hold.hand[retained] if retained >= 0 else None
        # rule D5: the remaining hands go under the pack from the dealer's left
        returns: list[tuple[int, tuple[Card, ...]]] = []
        status = self.status
        for seat in order:
            if status[seat] == FOLDED:
                continue
            if seat == retained:
                other = hold.face_up if hold.face_up is not None else hold.old[seat]
                if other is None:
                    continue
                returns.append((seat, other))
            else:  # (two hands end only in BL3: a player here holds one)
                returns.append((seat, hold.hand[seat]))
        # with no hand retained, every card is back: the next deal need not count them
        stock = self.stock
        next_pack = stock.close(returns, whole=retained < 0, keep=two)
        retained_name = names[retained] if retained >= 0 else None
        self.entries.append((END, shown_cards, winners, carried, retained_name, retained_hand,
                      returns))
        self.to_act = -1
        rules = self.rules
        self.result = new_result(
            # (zip without strict=: equal lengths by construction, and the keyword is slow)
            dict(zip(names, money.stacks)),  # noqa: B905 - stacks
            winners,
            shown_cards,
            carried,  # carried_pot
            retained_name,
            retained_hand,
            prial or rules.shuffle == "always",  # shuffle_next, rule D4
            next_pack,
            "new" if two else None,  # retained_choice, rule R2
            loans(self.entries) if rules.lending else (),  # loans
            money.topped_up(names) if money.topups else {},  # topups
            # the next pack when first read, if the stock owes its shuffle (Stock.owed)
            stock.next_pack if stock.owed_end is not None else None,
        )

    def keeping(self, hand: HandChoice) -> DealResult:
        """The result when a blind winner holding two hands keeps ``hand`` (rule R2); keeping
        the old one puts the new hand under the pack in its place (D5)."""
        result = self.result
        if result is None:
            raise RulesError("the deal is not over yet")
        seat = -1 if result.retained is None else self.seats.seat[result.retained]
        if seat < 0 or result.retained_choice is None:
            raise RulesError("no blind winner holds two hands in this deal (rule R2)")
        if hand == "new":
            return result
        if hand != "old":
            raise RulesError(f"keep 'old' or 'new', not {hand!r} (rule R2)")
        old = self.hold.old[seat]
        assert old is not None
        return DealResult(
            stacks=result.stacks, winners=result.winners, shown=result.shown,
            carried_pot=result.carried_pot, retained=result.retained, retained_hand=old,
            retained_choice="old", shuffle_next=result.shuffle_next,
            next_pack=self.stock.keeping(seat, self.hold.hand[seat]),
            loans=result.loans, topups=result.topups,
        )
