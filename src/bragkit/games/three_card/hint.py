"""The three-card family's hint (the terminal's ``h`` key, :meth:`Deal.odds`): a player's
chances from their own view only.

Exact against one or two opponents with three cards each (H9, by inclusion-exclusion over
shared cards), an estimate against more or with four or five cards each (F1, F3).

>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> hint(deal.view("Ann"), deal.rules, "Ann")[:30]      # blind: unknown even to Ann (BL6)
'You have not looked (BL6): you'
>>> deal.apply("Ann look")
>>> print(hint(deal.view("Ann"), deal.rules, "Ann"))
Q♥ Q♠ 4♦: pair of queens, 4 kicker. Against one opponent: win 88.30%, tie 0.02% (exact).
"""

from __future__ import annotations

import random

from bragkit.bots.strength import HandSpace, kept_cards
from bragkit.cards import JOKER, Card, format_cards
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView
from bragkit.hands import best_hand, evaluate
from bragkit.odds import equity

__all__ = ["hint"]


def hint(view: DealView, rules: Rules, name: str, *, trials: int = 40_000) -> str:
    """``name``'s chance against the players still in, from their view only: their
    cards, their discards, the face-up stock card (D9) and face-up hand (R3) are out of the
    others' hands. Exact against one or two opponents (three cards); against more, or with
    four or five cards each, an estimate (± its error)."""
    if view.is_over:
        return "The deal is over."
    if view.hand is None:
        return ("You have not looked (BL6): your cards are unknown even to you. Look (l) "
                "for a hint.")
    opponents = [p for p in view.in_play if p != name and p not in view.covered]
    if not opponents:
        return "No one is left against you."
    dead: list[Card] = list(view.discards)
    if view.stock_card is not None:
        dead.append(view.stock_card)
    for owner, cards in view.face_up.items():
        if owner != name:
            dead.extend(cards)
    wild = sorted(rules.wild_cards - {JOKER})
    if rules.cards == 3 or view.discards:
        cards = kept_cards(view.hand, view.discards)
    else:
        cards = best_hand(view.hand, ordering=rules.ordering, wild=wild).kept
        dead += [c for c in view.hand if c not in cards]
    name = str(evaluate(cards, ordering=rules.ordering, wild=wild))
    k = len(opponents)
    if rules.cards == 3:
        one = equity(cards, 1, ordering=rules.ordering, wild=wild, jokers=rules.jokers,
                     dead=dead)
        text = (f"{format_cards(cards, pretty=True)}: {name}. Against one opponent: win "
                f"{one.win:.2%}, tie {one.tie:.2%} (exact).")
        if k == 2:  # exact, by inclusion-exclusion over shared cards
            space = HandSpace.of(rules)
            win, safe = space.chances(space.value(cards), known=[*cards, *dead],
                                      opponents=2)
            text += (f" Against the 2 still in: best hand {win:.2%}, tied for best "
                     f"{safe - win:.2%} (exact).")
        elif k > 2:
            many = equity(cards, k, ordering=rules.ordering, wild=wild, jokers=rules.jokers,
                          dead=dead, trials=trials, rng=len(view.actions))
            text += (f" Against the {k} still in: best hand {many.win:.1%} "
                     f"± {1.96 * many.win_error:.1%} (estimate).")
        return text
    # four or five cards each (F1, F3): the others hold more than three; sample them
    space = HandSpace.of(rules)
    mine = space.value(cards)
    values = space.opponent_values(known=[*view.hand, *dead],
                                   rng=random.Random(len(view.actions)), samples=20_000)
    win = float((mine > values).mean())
    return (f"{format_cards(cards, pretty=True)}: {name}. Against one opponent's best "
            f"three: win about {win:.1%}; against {k}: about {win ** k:.1%} (estimate).")
