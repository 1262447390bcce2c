"""The classes of hands in each ordering, strongest last (rules H2–H8, H10, N3, C3, S3).

A *hand class* is what a hand is worth with the cards' identities forgotten: its category and the
ranks that decide between hands of that category. Hands of one class are exactly equal (rule H8:
7♠7♥Q♣ = 7♣7♦Q♦). Each ordering lists its classes from weakest to strongest, and a class's
position in that list is its *base strength*. The standard order has 741 classes (rule H9).

>>> len(hand_classes("standard"))
741
>>> strongest = hand_classes("standard")[-1]
>>> strongest.category.name, strongest.ranks
('PRIAL', (3, 3, 3))
>>> hand_classes("nine-card")[-1].ranks
(14, 14, 14)
>>> hand_classes("crash")[-1].category.name, hand_classes("crash")[-1].ranks
('FOUR_OF_A_KIND', (4, 4, 4, 4))

:func:`classify` finds the class of three ranks (and whether they share a suit):

>>> classify((3, 2, 14), flush=True, ordering="standard").describe("standard")
'running flush, 3-2-A'
>>> classify((12, 12, 4), flush=False, ordering="standard").describe("standard")
'pair of queens, 4 kicker'
>>> classify((9, 8, 7), flush=True, ordering="historic").describe("historic")
'high card, 9-8-7'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bragkit.cards import Rank
from bragkit.hands.categories import Category, Ordering

__all__ = [
    "HandClass",
    "category_name",
    "class_index",
    "classify",
    "hand_classes",
    "quad_class",
]

_PLURAL = {
    2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
    9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces",
}

# Teen Patti names its categories differently (rule H10); historic Brag says "pair royal" (S3).
_NAMES: dict[Ordering, dict[Category, str]] = {
    Ordering.TEEN_PATTI: {
        Category.PRIAL: "trail",
        Category.RUNNING_FLUSH: "pure sequence",
        Category.RUN: "sequence",
        Category.FLUSH: "colour",
    },
    Ordering.HISTORIC: {Category.PRIAL: "pair royal"},
}


def category_name(category: Category, ordering: Ordering | str) -> str:
    """What an ordering calls a category (Teen Patti's "trail", historic "pair royal").

    >>> category_name(Category.RUN, "teen-patti"), category_name(Category.RUN, "standard")
    ('sequence', 'run')
    """
    return _NAMES.get(Ordering(ordering), {}).get(category, category.label)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandClass:
    """A hand with the cards' identities forgotten: category and deciding ranks.

    ``ranks`` are the made hand's ranks in the order they are read (``(3, 2, 14)`` for the run
    3-2-A, ``(12, 12, 4)`` for a pair of queens with a 4); ``key`` sorts the classes of one
    ordering, weakest first.
    """

    category: Category
    ranks: tuple[int, ...]
    key: tuple[int, ...]

    def describe(self, ordering: Ordering | str) -> str:
        """The class in words: ``"prial of threes"``, ``"flush, K-9-2"``.

        >>> HandClass(category=Category.PRIAL, ranks=(14, 14, 14), key=()).describe("teen-patti")
        'trail of aces'
        """
        name = category_name(self.category, ordering)
        if self.category is Category.FOUR_OF_A_KIND:
            return f"four {_PLURAL[self.ranks[0]]}"
        if self.category is Category.PRIAL:
            return f"{name} of {_PLURAL[self.ranks[0]]}"
        if self.category is Category.PAIR:
            return f"pair of {_PLURAL[self.ranks[0]]}, {Rank(self.ranks[2]).symbol} kicker"
        return f"{name}, " + "-".join(Rank(r).symbol for r in self.ranks)


def _prial_aces_high(ordering: Ordering) -> bool:
    """Rule H3 puts 3-3-3 on top; N3, H10 (Teen Patti), S3 and the Crash option are aces high."""
    return ordering not in (Ordering.STANDARD, Ordering.CRASH)


def _run_position(ranks: tuple[int, int, int], ordering: Ordering) -> int:
    """Twice the run's rank-position, so A-2-3 can sit between A-K-Q and K-Q-J (Teen Patti)."""
    if ranks == (14, 3, 2):
        if ordering is Ordering.NINE_CARD:
            return 2  # rule N3: A-2-3 is the lowest run, below 4-3-2
        if ordering is Ordering.TEEN_PATTI:
            return 27  # rule H10: A-2-3 is the second sequence, below A-K-Q (28)
        return 32  # rule H4: A-2-3 is the best run, above A-K-Q (28)
    return 2 * ranks[0]


def _is_run(ranks: tuple[int, int, int]) -> bool:
    high, mid, low = ranks
    return (high == mid + 1 == low + 1 + 1) or ranks == (14, 3, 2)  # rule H4: K-A-2 is not a run


def classify(ranks: Sequence[int], *, flush: bool, ordering: Ordering | str) -> HandClass:
    """The class of three cards of these ranks (any order); ``flush``: all of one suit.

    >>> classify((2, 14, 3), flush=False, ordering="nine-card").key < \
classify((4, 3, 2), flush=False, ordering="nine-card").key
    True
    """
    order = Ordering(ordering)
    high, mid, low = sorted((int(r) for r in ranks), reverse=True)
    trio = (high, mid, low)
    if high == low:
        position = high if _prial_aces_high(order) or high != 3 else 15  # rule H3
        return HandClass(category=Category.PRIAL, ranks=trio, key=(Category.PRIAL, position))
    if high == mid or mid == low:
        pair, kicker = (high, low) if high == mid else (mid, high)
        return HandClass(  # rule H6: the pair's rank, then the odd card
            category=Category.PAIR, ranks=(pair, pair, kicker), key=(Category.PAIR, pair, kicker)
        )
    if order is Ordering.HISTORIC:  # rule S3: flushes and sequences are nothing
        return HandClass(category=Category.HIGH_CARD, ranks=trio, key=(Category.HIGH_CARD, *trio))
    if _is_run(trio):
        category = Category.RUNNING_FLUSH if flush else Category.RUN
        shown = (3, 2, 14) if trio == (14, 3, 2) else trio
        return HandClass(category=category, ranks=shown, key=(category, _run_position(trio, order)))
    category = Category.FLUSH if flush else Category.HIGH_CARD  # rules H5, H7
    return HandClass(category=category, ranks=trio, key=(category, *trio))


def quad_class(rank: int) -> HandClass:
    """Four of a kind (rule C3: 4-4-4-4 best, then A-A-A-A, K-K-K-K …).

    >>> quad_class(4).key > quad_class(14).key > quad_class(3).key
    True
    """
    position = 15 if rank == 4 else rank
    return HandClass(
        category=Category.FOUR_OF_A_KIND, ranks=(rank,) * 4, key=(Category.FOUR_OF_A_KIND, position)
    )


@functools.cache
def hand_classes(ordering: Ordering | str) -> tuple[HandClass, ...]:
    """Every class of the ordering, weakest first; the index is the base strength."""
    order = Ordering(ordering)
    found: dict[tuple[int, ...], HandClass] = {}
    for high in range(2, 15):
        for mid in range(2, high + 1):
            for low in range(2, mid + 1):
                flushes = (False, True) if high != mid != low else (False,)
                for flush in flushes:
                    cls = classify((high, mid, low), flush=flush, ordering=order)
                    found.setdefault(cls.key, cls)
    if order.allows_four_of_a_kind:
        for rank in range(2, 15):
            cls = quad_class(rank)
            found[cls.key] = cls
    return tuple(found[key] for key in sorted(found))


@functools.cache
def _index_of(ordering: Ordering) -> dict[tuple[int, ...], int]:
    return {cls.key: i for i, cls in enumerate(hand_classes(ordering))}


def class_index(cls: HandClass, ordering: Ordering | str) -> int:
    """The base strength of a class in an ordering (its index in :func:`hand_classes`)."""
    return _index_of(Ordering(ordering))[cls.key]


@functools.cache
def rank_flush_table(ordering: Ordering) -> npt.NDArray[np.int16]:
    """Base strength by ``[high - 2, mid - 2, low - 2, flush]`` for ranks high ≥ mid ≥ low
    (-1 elsewhere): the seed of the card tables."""
    table = np.full((13, 13, 13, 2), -1, dtype=np.int16)
    for high in range(2, 15):
        for mid in range(2, high + 1):
            for low in range(2, mid + 1):
                for flush in (False, True):
                    if flush and not high != mid != low:
                        continue  # three cards of one suit never share a rank
                    cls = classify((high, mid, low), flush=flush, ordering=ordering)
                    table[high - 2, mid - 2, low - 2, int(flush)] = class_index(cls, ordering)
    table.setflags(write=False)
    return table
