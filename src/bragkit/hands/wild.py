"""Wild cards ("floaters", rules W1–W3, S1).

Which cards are wild is agreed before play (W1): named cards, all cards of a rank, jokers, or any
mix; here a wild set is simply a set of cards (a rules object expands "all twos" into the four
twos). A joker is always wild. A wild card stands for any card the hand does not already hold, and
the hand takes the best value it can make (W2); the wild cards it holds are counted for the
tie-break of W3.

>>> sorted(str(Card(c)) for c in wild_set("2s 2c"))
['2c', '2s', 'Jk']
>>> BRAGGERS == wild_set("Ad Jc 9d")  # rule S1
True

:func:`best_by_substitution` is the exact, slow definition of W2 (every substitution tried); the
lookup tables of :mod:`bragkit.hands.table` compute the same thing quickly, and tests hold them to
it.

>>> from bragkit.hands.orderings import hand_classes
>>> base, wilds = best_by_substitution(parse_cards("Kc Jk Jk"), "standard", wild_set(()))
>>> hand_classes("standard")[base].describe("standard"), wilds
('prial of kings', 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from bragkit.cards import JOKER_INDEX, Card, CardsLike, parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands.categories import Ordering
from bragkit.hands.orderings import class_index, classify, quad_class

__all__ = ["BRAGGERS", "WildLike", "best_by_substitution", "wild_set"]

WildLike = str | Iterable[Card | int | str]


def wild_set(wild: WildLike | frozenset[int] = ()) -> frozenset[int]:
    """The wild cards as a set of card indices, always including the joker (rule W1).

    >>> wild_set(()) == frozenset({52})
    True
    >>> wild_set("Zz")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: not a card: 'Zz'
    """
    if isinstance(wild, frozenset) and JOKER_INDEX in wild:
        return wild
    cards: CardsLike = wild
    return frozenset(int(c) for c in parse_cards(cards)) | {JOKER_INDEX}


#: The braggers of historic Brag, ♦A ♣J ♦9 (rule S1), plus the joker as always.
BRAGGERS = wild_set("Ad Jc 9d")


def best_by_substitution(
    cards: Sequence[int], ordering: Ordering | str, wild: frozenset[int]
) -> tuple[int, int]:
    """The best ``(base strength, wild cards held)`` of three cards, or of four under a Crash
    ordering, trying every card for every wild card (rule W2).

    Wild cards stand for distinct cards the hand does not hold otherwise. Raises
    :class:`InvalidCardError` for four cards that cannot make a four of a kind.
    """
    order = Ordering(ordering)
    naturals = [int(c) for c in cards if int(c) not in wild]
    wilds = len(cards) - len(naturals)
    if len(cards) == 4:
        ranks = {c // 4 + 2 for c in naturals}
        if len(ranks) > 1:
            raise InvalidCardError("four cards must make a four of a kind (rule C2)")
        rank = ranks.pop() if ranks else 4  # rule C3: four wild cards make the best, 4-4-4-4
        return class_index(quad_class(rank), order), wilds
    best = -1
    others = [c for c in range(52) if c not in naturals]
    for stand_ins in itertools.combinations(others, wilds):
        made = [*naturals, *stand_ins]
        flush = len({c % 4 for c in made}) == 1
        cls = classify([c // 4 + 2 for c in made], flush=flush, ordering=order)
        best = max(best, class_index(cls, order))
    return best, wilds
