"""A shown hand's name (rule D8), in the words of the rules the deal was played under.

The deal sets it on its :class:`~bragkit.games.three_card.operations.HandShown` records, so every
reader — the terminal, the web table, ``bragkit replay`` — words a hand the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from bragkit.cards import Card
from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.hands import evaluate

__all__ = ["shown_hand_name"]


def shown_hand_name(cards: Sequence[Card], rules: Rules) -> str:
    """A shown hand's name (D8): the three cards it plays (H2, W2; any discards after them,
    F1), ranked by ``rules``; ``"hand"`` when the evaluator cannot name it.

    >>> from bragkit.cards import parse_cards
    >>> shown_hand_name(parse_cards("Qh Qs 4d 7c"), Rules())
    'pair of queens, 4 kicker'
    """
    try:
        return str(evaluate(tuple(cards[:3]), ordering=rules.ordering, wild=rules.wild_cards))
    except BragError:  # the name is a courtesy; the result does not depend on it
        return "hand"
