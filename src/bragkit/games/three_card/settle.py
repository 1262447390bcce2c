"""The hands and the end of a three-card deal (:mod:`bragkit.games.three_card.deal`): hand strength
(rules H, W, F1, F2), the settlement of a pot (B5, B6, B8, BL3, D5, D8, M2, M3, R1-R3) and the
expansion of the deal's compact log into operation records.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[9, 9, 9],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
>>> strength(deal, 2)[2].category.name        # rule H2: a prial
'PRIAL'
>>> for text in ("Ann bet 2", "Bob bet 2", "Cy bet 2", "Ann agree", "Bob agree", "Cy agree"):
...     deal.apply(text)
>>> deal.result.winners                        # rule B8: the best hand takes the pot
{'Cy': 9}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from bragkit.actions import HandChoice
from bragkit.cards import Card
from bragkit.errors import BragError, RulesError
from bragkit.games.protocol import Operation
from bragkit.games.three_card.betting import split
from bragkit.games.three_card.operations import (
    Acted,
    AnteTaken,
    CardDealt,
    HandLooked,
    HandRetained,
    HandShown,
    HandToPack,
    Loan,
    PotAwarded,
    PotCarried,
)
from bragkit.games.three_card.results import DealResult, new_result
from bragkit.games.three_card.setup import ANTES, BETTING, DEALT, END, FOLDED, N2, N, Strength
from bragkit.hands import Category, HandRank, best_hand, evaluate, hand_of

if TYPE_CHECKING:
    from bragkit.games.three_card.deal import Deal
    from bragkit.games.three_card.rules import Rules

__all__ = ["beats_face_up", "end_compared", "end_last_standing", "end_showdown", "expand",
           "finish", "result_keeping", "shown_hand_name", "strength"]

_PRIAL: Final = Category.PRIAL

# Field names of the operation records the compact internal log holds as tuples, one per
# change during the betting (see expand).
_OP_FIELDS: Final[dict[type, tuple[str, ...]]] = {
    Acted: ("action", "paid"),
    Loan: ("lender", "borrower", "amount"),
    HandToPack: ("player", "cards", "face_up"),
    HandLooked: ("player", "cards", "hand"),
}


def strength(deal: Deal, seat: int) -> tuple[Strength, tuple[Card, ...], HandRank]:
    """A hand's strength key, the cards it shows (kept, then discards) and its rank:
    evaluated once per hand (again only if the hand changes, F1 and R2)."""
    found = deal._strengths[seat]
    if found is None:
        found = deal._strengths[seat] = evaluate_hand(deal,
            deal._hand[seat], deal._kept[seat], deal._discards[seat])
    return found


def evaluate_hand(
    deal: Deal, hand: tuple[Card, ...], kept: tuple[Card, ...] | None,
    discards: tuple[Card, ...],
) -> tuple[Strength, tuple[Card, ...], HandRank]:
    setup = deal._setup
    if kept is not None:  # rule F1: the three the player kept, then the discards
        chosen = hand_of(kept, discards, ordering=deal.rules.ordering, wild=setup.wild)
    elif len(hand) == 3:
        a, b, c = hand
        # evaluate()'s own values, read directly (rules H2-H10, W1-W3); a card held twice
        # is not a hand (-1): evaluate() says so
        value = setup.values[a * N2 + b * N + c]
        if value < 0:
            rank = evaluate(hand, ordering=deal.rules.ordering, wild=setup.wild)
        else:
            rank = setup.ranks[value]
        return (value, ()), hand, rank
    else:  # rule F2: a hand shown without a look plays its best three
        chosen = best_hand(hand, ordering=deal.rules.ordering, wild=setup.wild, keep=3)
    return chosen.sort_key, chosen.kept + chosen.discards, chosen.rank


def beats_face_up(deal: Deal, seat: int) -> bool:
    """Rule R3: whether a hand beats the face-up hand strictly."""
    face_up = evaluate_hand(deal, deal._face_up_cards, None, ())[0]
    return strength(deal, seat)[0] > face_up

# -- the end -------------------------------------------------------------------------------


def end_last_standing(deal: Deal) -> None:
    """One player is left betting: B5, BL3, R3, or a covered pot to compare (M2, M3)."""
    status = deal._status
    winner = next(s for s in deal._order if status[s] == BETTING)
    if deal._coverers:  # rules M2, M3: the winner shows (even blind) and is compared
        end_compared(deal, [winner], shown=[winner])
        return
    pot = deal._layers[0]
    if deal._face_up is not None and winner == deal._fu_seat:
        # rule R3: everyone folded to the face-up hand; this deal's money to the blind
        # player, the carried pot stays
        award = pot - deal._carried_in
        finish(deal, {winner: award} if award else {}, deal._carried_in, winner)
    elif not deal._looked[winner]:  # rule BL3: a blind winner carries the pot forward
        finish(deal, {}, pot, winner)
    else:  # rule B5
        finish(deal, {winner: pot}, 0, -1)


def end_showdown(deal: Deal) -> None:
    """Rule B8: every hand still betting is shown; the best wins, equal best split."""
    status = deal._status
    seats: list[int] = []
    winners: list[int] = []
    best: Strength | None = None
    for seat in deal._order:
        if status[seat] == BETTING:
            seats.append(seat)
            key = strength(deal, seat)[0]
            if best is None or key > best:
                best = key
                winners = [seat]
            elif key == best:
                winners.append(seat)
    end_compared(deal, winners, shown=seats)


def end_compared(deal: Deal, final: list[int], shown: list[int]) -> None:
    """Settle the pot when hands are compared: a see, a showdown or a covered pot.

    Rule M2 [decision]: each covered layer goes to the best hand among its coverer, every
    later coverer and the final winner(s), ties to the later player; the last layer goes to
    the final winner(s), split as B8 says.
    """
    coverers = deal._coverers
    if not coverers:  # one pot (the common case): to the final winner(s), rule B8
        if len(final) == 1:
            finish(deal, {final[0]: deal._layers[-1]}, 0, -1, shown)
        else:
            finish(deal, split(deal._layers[-1], final), 0, -1, shown)
        return
    awards: dict[int, int] = {}
    final_key = strength(deal, final[0])[0]
    for i, coverer in enumerate(coverers):
        best, best_key = coverer, strength(deal, coverer)[0]
        for later in coverers[i + 1:]:
            key = strength(deal, later)[0]
            if key >= best_key:
                best, best_key = later, key
        if final_key >= best_key:
            for seat, share in split(deal._layers[i], final).items():
                awards[seat] = awards.get(seat, 0) + share
        else:
            awards[best] = awards.get(best, 0) + deal._layers[i]
    for seat, share in split(deal._layers[-1], final).items():
        awards[seat] = awards.get(seat, 0) + share
    shown = shown + [c for c in coverers if c not in shown]  # rule D8
    finish(deal, awards, 0, -1, shown)


def finish(
    deal: Deal, awards: dict[int, int], carried: int, retained: int, shown: Sequence[int] = ()
) -> None:
    """Settle: show, pay, carry, retain, return the hands under the pack, and record it
    all as one log entry (expanded by :attr:`operations`)."""
    names = deal._names
    stacks = deal._stacks
    shown_cards: dict[str, tuple[Card, ...]] = {}
    for seat in shown:  # rule D8
        shown_cards[names[seat]] = strength(deal, seat)[1]
    winners: dict[str, int] = {}
    prial = False
    order = deal._order
    # from the dealer's left
    paid = awards.items() if len(awards) < 2 else [(s, awards[s]) for s in order if s in awards]
    for seat, amount in paid:
        if amount:
            stacks[seat] += amount
            winners[names[seat]] = amount
            if shown and strength(deal, seat)[2].category is _PRIAL:
                prial = True  # rule D4: seen and won by a prial
    two = retained >= 0 and deal._old[retained] is not None
    # rules BL3, R1: the blind hand stays on the table
    retained_hand = deal._hand[retained] if retained >= 0 else None
    deal._layers = [carried]
    # rule D5: the remaining hands go under the pack from the dealer's left
    returns: list[tuple[int, tuple[Card, ...]]] = []
    under: list[Card] = []
    status = deal._status
    hands = deal._hand
    for seat in order:
        if status[seat] == FOLDED:
            continue
        if seat == retained:
            other = deal._face_up if deal._face_up is not None else deal._old[seat]
            if other is None:
                continue
            cards = other
        else:  # (two hands end only in BL3: a player here holds one)
            cards = hands[seat]
        returns.append((seat, cards))
        under += cards
    deal._end_returns = returns
    stock = deal._stock
    next_pack = None
    if stock is not None:
        if two:
            deal._stock_at_end = stock.copy()  # for result_keeping (R2)
        # with no hand retained, every card is back: the next deal need not count them
        stock._put_under_cards(under, whole=retained < 0)
        next_pack = stock.copy()
    retained_name = names[retained] if retained >= 0 else None
    deal._log.append((END, shown_cards, winners, carried, retained_name, retained_hand,
                      returns))
    deal._to_act = -1
    rules = deal.rules
    topups = deal._topups
    deal._result = new_result(
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
        loans(deal) if rules.lending else (),  # loans
        {names[s]: t for s, t in enumerate(topups) if t} if any(topups) else {},  # topups
    )


def loans(deal: Deal) -> tuple[Loan, ...]:
    return tuple(Loan(lender=e[1], borrower=e[2], amount=e[3])
                 for e in deal._log if e[0] is Loan)


def result_keeping(deal: Deal, hand: HandChoice) -> DealResult:
    """:meth:`Deal.result_keeping`: the result when a blind winner holding two hands keeps
    ``hand`` (rule R2); keeping the old one puts the new hand under the pack in its place."""
    result = deal.result
    if result is None:
        raise RulesError("the deal is not over yet")
    seat = -1 if result.retained is None else deal._seat[result.retained]
    if seat < 0 or result.retained_choice is None:
        raise RulesError("no blind winner holds two hands in this deal (rule R2)")
    if hand == "new":
        return result
    if hand != "old":
        raise RulesError(f"keep 'old' or 'new', not {hand!r} (rule R2)")
    old = deal._old[seat]
    assert old is not None
    next_pack = None
    if deal._stock_at_end is not None:
        next_pack = deal._stock_at_end.copy()
        for returned, cards in deal._end_returns:
            next_pack.put_under(deal._hand[seat] if returned == seat else cards)
    return DealResult(
        stacks=result.stacks, winners=result.winners, shown=result.shown,
        carried_pot=result.carried_pot, retained=result.retained, retained_hand=old,
        retained_choice="old", shuffle_next=result.shuffle_next, next_pack=next_pack,
        loans=result.loans, topups=result.topups,
    )


def shown_hand_name(cards: Sequence[Card], rules: Rules) -> str:
    """A shown hand's name (D8): the three cards it plays (H2, W2; any discards after them,
    F1), ranked by ``rules``; ``"hand"`` when the evaluator cannot name it. The deal sets it on
    its :class:`HandShown` records, so every reader words the hand the same way.

    >>> from bragkit.cards import parse_cards
    >>> from bragkit.games.three_card.rules import Rules
    >>> shown_hand_name(parse_cards("Qh Qs 4d 7c"), Rules())
    'pair of queens, 4 kicker'
    """
    try:
        return str(evaluate(tuple(cards[:3]), ordering=rules.ordering, wild=rules.wild_cards))
    except BragError:  # the name is a courtesy; the result does not depend on it
        return "hand"


def expand(deal: Deal) -> tuple[Operation, ...]:
    """Every change of state, in order, as frozen records (see
    :mod:`bragkit.games.three_card.operations`). The engine's own log: it holds every card."""
    ops = deal._ops
    log = deal._log
    names = deal._names
    for entry in log[deal._ops_done:]:
        cls = entry[0]
        if cls is ANTES:  # rule D2, from the dealer's left
            ops += [AnteTaken(player=names[s], amount=deal.rules.ante) for s in deal._order]
        elif cls is DEALT:  # rule D6: one card at a time from the dealer's left
            for k in range(deal._cards):
                ops += [CardDealt(player=names[s], card=deal._dealt[s][k],
                                  face_up=s == deal._fu_seat) for s in deal._order]
            # who has seen their cards from the deal: everyone with blind play off (BL1),
            # everyone but the face-up hand's owner under R3
            if not deal.rules.blind or deal._fu_seat >= 0:
                ops += [HandLooked(player=names[s], cards=deal._dealt[s])
                        for s in deal._order if s != deal._fu_seat]
        elif cls is END:  # the settlement, in the order finish made it
            _, shown, winners, carried, retained, retained_hand, returns = entry
            ops += [HandShown(player=p, cards=c, name=shown_hand_name(c, deal.rules))
                    for p, c in shown.items()]  # rule D8: named by the deal's rules
            ops += [PotAwarded(player=p, amount=a) for p, a in winners.items()]
            if carried:  # rule BL3
                ops.append(PotCarried(amount=carried))
            if retained is not None:  # rules BL3, R1
                ops.append(HandRetained(player=retained, cards=retained_hand))
            ops += [HandToPack(player=names[s], cards=c) for s, c in returns]  # rule D5
        else:
            ops.append(cls(**dict(zip(_OP_FIELDS[cls], entry[1:], strict=True))))
    deal._ops_done = len(log)
    return tuple(ops)
