"""Hand strengths of many hands at once, for the simulator: three cards from the engine's own
table (H2-H10, W1-W3), four or five by the three a player keeps and the discards (F1-F3).

A strength is one whole number per hand, larger for the better hand. For three cards it is the
table's value (:func:`bragkit.hands.strength_table`). For four or five it is ``256 * value +
discards``: the value of the three kept, then the discards' face ranks highest first (a joker
above an ace: :func:`bragkit.hands.best.best_hand`'s order), so equal hands are decided by the
discards (F1, F3 [decision]). The three kept are one of :func:`combos` (the positions of the
hand, in :func:`itertools.combinations` order); before a discard a hand plays its best three,
the first in that order of equally good choices (F2, as ``best_hand``).

>>> import numpy as np
>>> from bragkit.cards import parse_cards
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.hands.best import best_hand
>>> hand = np.array([[int(c) for c in parse_cards("Qh Qs 4d 9c")]], dtype=np.int8)
>>> rater = Rater(Rules(cards=4))
>>> values, chosen = rater.best(hand)
>>> rater.shown_order(chosen)[0].tolist()          # kept, then the discards (D8)
[0, 1, 3, 2]
>>> int(values[0]) >> 8 == best_hand("Qh Qs 4d 9c").rank.value
True
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.games.three_card.rules import Rules
from bragkit.hands import Category, strength_table
from bragkit.hands.table import rank_objects

__all__ = ["JOKER", "Rater", "combos"]

#: The simulator's index of a joker (every joker is card 52, W1).
JOKER: Final = 52
Array = npt.NDArray[np.int64]


@functools.cache
def combos(cards: int) -> tuple[tuple[int, ...], ...]:
    """The three positions a hand of ``cards`` may keep, in ``itertools.combinations`` order.

    >>> combos(4)
    ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    """
    return tuple(itertools.combinations(range(cards), 3))


class Rater:
    """The strengths of hands under ``rules`` (see the module docstring)."""

    __slots__ = ("cards", "kept", "order", "prial", "table", "thrown")

    def __init__(self, rules: Rules) -> None:
        wild = rules.wild_cards if rules.wild else ()
        self.table: npt.NDArray[np.int16] = strength_table(rules.ordering, wild)
        self.cards = rules.cards
        chosen = combos(rules.cards)
        # per combination: the positions kept, the positions thrown (in hand order)
        self.kept = np.array(chosen, dtype=np.int64)
        self.thrown = np.array([[i for i in range(rules.cards) if i not in c] for c in chosen],
                               dtype=np.int64).reshape(len(chosen), rules.cards - 3)
        self.order = np.concatenate([self.kept, self.thrown], axis=1)
        self.prial = _prials(rules.ordering)

    def values(self, hands: npt.NDArray[np.int8]) -> npt.NDArray[np.int32]:
        """``(..., 3)`` hands: each one's table value."""
        h = hands.astype(np.intp)
        key = (h[..., 0] * 53 + h[..., 1]) * 53 + h[..., 2]
        found: npt.NDArray[np.int32] = self.table.reshape(-1).take(key).astype(np.int32)
        return found

    def of_combo(self, hands: npt.NDArray[np.int8], combo: Array) -> npt.NDArray[np.int32]:
        """``(m, cards)`` hands playing combination ``combo`` (``(m,)``): their strengths."""
        if self.cards == 3:
            return self.values(hands)
        rows = np.arange(len(hands))[:, None]
        kept = hands[rows, self.kept[combo]]
        thrown = hands[rows, self.thrown[combo]].astype(np.int64)
        return self.values(kept) * 256 + _discard_key(thrown)

    def best(self, hands: npt.NDArray[np.int8]) -> tuple[npt.NDArray[np.int32], Array]:
        """``(m, cards)`` hands: each one's strength playing its best three, and which three
        (the first in :func:`combos` order of equally good choices, F2)."""
        if self.cards == 3:
            return self.values(hands), np.zeros(len(hands), dtype=np.int64)
        kept = hands[:, self.kept]  # (m, combos, 3)
        thrown = hands[:, self.thrown].astype(np.int64)
        every = self.values(kept) * 256 + _discard_key(thrown)
        chosen: Array = np.argmax(every, axis=1).astype(np.int64)
        best: npt.NDArray[np.int32] = every[np.arange(len(hands)), chosen].astype(np.int32)
        return best, chosen

    def combo_of(self, thrown_bits: Array) -> Array:
        """The combination that throws the hand positions set in ``thrown_bits``, or -1."""
        bits = (np.left_shift(1, self.thrown)).sum(axis=1)  # per combination
        lookup = np.full(1 << self.cards, -1, dtype=np.int64)
        lookup[bits] = np.arange(len(bits))
        found: Array = lookup[np.clip(thrown_bits, 0, (1 << self.cards) - 1)]
        return np.where((thrown_bits >= 0) & (thrown_bits < 1 << self.cards), found, -1)

    def shown_order(self, combo: Array) -> Array:
        """The hand positions in the order a hand playing ``combo`` is shown: the three kept,
        then the discards (D8, as the engine shows it)."""
        shown: Array = self.order[combo]
        return shown

    def is_prial(self, strengths: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
        """Whether hands of these strengths are prials (D4: a prial seen and won)."""
        value = strengths.astype(np.int64) >> (0 if self.cards == 3 else 8)
        flags: npt.NDArray[np.bool_] = self.prial[np.clip(value, 0, len(self.prial) - 1)]
        return flags


def _discard_key(thrown: Array) -> Array:
    """The discards' face ranks, highest first, as one number (a joker counts 15)."""
    ranks = np.where(thrown == JOKER, 15, thrown // 4 + 2)
    if ranks.shape[-1] == 1:
        key: Array = ranks[..., 0]
        return key
    high = ranks.max(axis=-1)
    low = ranks.min(axis=-1)
    key = high * 16 + low
    return key


@functools.cache
def _prials(ordering: str) -> npt.NDArray[np.bool_]:
    return np.array([r is not None and r.category is Category.PRIAL
                     for r in rank_objects(ordering)], dtype=bool)
