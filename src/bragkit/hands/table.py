"""Lookup tables of hand strength, built once per ordering and wild set (rules H2–H10, W1–W3).

Three-card strength is read from a table indexed by the three card indices (0..51, 52 for a
joker): a ``53 × 53 × 53`` array of :attr:`HandRank.value <bragkit.hands.rank.HandRank.value>`
numbers, ``-1`` where the three cards cannot be one hand (a card twice; jokers may repeat). Hands
holding wild cards are resolved exactly when the table is built: a hand with one wild card takes
the best natural class of its two other cards with any third card, and so on (rule W2).

>>> values = strength_table("standard")
>>> values.shape, int(values[0, 1, 2]) == int(values[2, 0, 1])
((53, 53, 53), True)
>>> int(values[0, 0, 1])
-1

:func:`evaluate_many` is the batch path, for simulations: an ``(N, 3)`` array of card indices in,
an array of ``N`` strengths out.

>>> import numpy as np
>>> hands = np.array([[0, 1, 2], [4, 8, 12]])   # 2-2-2, and 3s 4s 5s
>>> evaluate_many(hands).tolist() == [values[0, 1, 2], values[4, 8, 12]]
True
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from bragkit.cards import JOKER_INDEX
from bragkit.errors import InvalidCardError
from bragkit.hands.categories import Category, Ordering
from bragkit.hands.orderings import hand_classes, rank_flush_table
from bragkit.hands.rank import WILD_SLOTS, HandRank
from bragkit.hands.wild import WildLike, wild_set

__all__ = [
    "MAX_WILDS",
    "evaluate_many",
    "hand_objects",
    "natural_table",
    "rank_objects",
    "strength_table",
]

#: At most four wild cards count in one hand (four of a kind, rule C3).
MAX_WILDS = 4
_N = JOKER_INDEX + 1  # 53 card indices
_WEIGHTS = np.array([_N * _N, _N, 1], dtype=np.intp)
_CHUNK = 65_536  # rows per step of evaluate_many: about 2 MB of work, which stays in cache


@functools.cache
def natural_table(ordering: Ordering | str = Ordering.STANDARD) -> npt.NDArray[np.int16]:
    """Base strength of every three distinct cards, ``52 × 52 × 52`` (``-1``: a card twice).

    Wild cards play no part: this is what the cards are worth at face value.

    >>> t = natural_table("standard")
    >>> int((t >= 0).sum()) // 6   # rule H9
    22100
    """
    order = Ordering.parse(ordering)
    seed = rank_flush_table(order)
    cards = np.arange(52)
    a, b, c = np.meshgrid(cards, cards, cards, indexing="ij")
    ranks = np.sort(np.stack([a // 4, b // 4, c // 4]), axis=0)[::-1]
    flush = ((a % 4) == (b % 4)) & ((b % 4) == (c % 4))
    table: npt.NDArray[np.int16] = seed[ranks[0], ranks[1], ranks[2], flush.astype(np.intp)]
    table = table.astype(np.int16)
    table[(a == b) | (b == c) | (a == c)] = -1
    table.setflags(write=False)
    return table


@functools.cache
def _strength_table(order: Ordering, wild: frozenset[int]) -> npt.NDArray[np.int16]:
    natural = natural_table(order).astype(np.int32)
    best_one = natural.max(axis=2)  # [x, y]: best with one wild card beside x and y (rule W2)
    best_two = natural.max(axis=(1, 2))  # [x]: best with two wild cards beside x
    best_three = int(natural.max())  # three wild cards: the best hand there is

    is_wild = np.zeros(_N + 1, dtype=bool)
    is_wild[sorted(wild)] = True
    is_wild[_N] = True  # a sentinel that sorts after every card
    idx = np.arange(_N)
    a, b, c = (m.ravel() for m in np.meshgrid(idx, idx, idx, indexing="ij"))
    trio = np.stack([a, b, c], axis=1)
    duplicate = (
        ((a == b) & (a != JOKER_INDEX))
        | ((b == c) & (b != JOKER_INDEX))
        | ((a == c) & (a != JOKER_INDEX))
    )
    wilds = is_wild[trio].sum(axis=1)
    naturals = np.sort(np.where(is_wild[trio], _N, trio), axis=1)  # natural cards first
    x = np.minimum(naturals[:, 0], 51)
    y = np.minimum(naturals[:, 1], 51)
    z = np.minimum(naturals[:, 2], 51)
    base = np.select(
        [wilds == 0, wilds == 1, wilds == 2],
        [natural[x, y, z], best_one[x, y], best_two[x]],
        default=best_three,
    )
    value = base * WILD_SLOTS + (WILD_SLOTS - 1 - wilds)
    value[duplicate] = -1
    table: npt.NDArray[np.int16] = value.astype(np.int16).reshape(_N, _N, _N)
    table.setflags(write=False)
    return table


def strength_table(
    ordering: Ordering | str = Ordering.STANDARD, wild: WildLike | frozenset[int] = ()
) -> npt.NDArray[np.int16]:
    """The ``53 × 53 × 53`` strength table of an ordering and wild set (read-only, cached).

    Entry ``[a, b, c]`` is the :attr:`HandRank.value` of the cards with those indices, the same
    in any order; ``-1`` where a card repeats (jokers may repeat). Jokers are always wild.
    """
    return _strength_table(Ordering.parse(ordering), wild_set(wild))


@functools.cache
def rank_objects(ordering: Ordering | str = Ordering.STANDARD) -> tuple[HandRank | None, ...]:
    """One shared :class:`HandRank` per strength value of the ordering (``None`` for unused
    values), so evaluation allocates nothing."""
    order = Ordering.parse(ordering)
    objects: list[HandRank | None] = []
    for cls in hand_classes(order):
        text = cls.describe(order)
        slots: list[HandRank | None] = [None] * WILD_SLOTS
        for wilds in range(MAX_WILDS + 1):
            if wilds == MAX_WILDS and cls.category is not Category.FOUR_OF_A_KIND:
                continue
            value = len(objects) + WILD_SLOTS - 1 - wilds
            slots[WILD_SLOTS - 1 - wilds] = HandRank(
                value=value,
                ordering=order,
                category=cls.category,
                wilds=wilds,
                ranks=cls.ranks,
                description=text,
            )
        objects.extend(slots)
    return tuple(objects)


@functools.cache
def _hand_objects(order: Ordering, wild: frozenset[int]) -> list[HandRank | None]:
    objects = rank_objects(order)
    values = _strength_table(order, wild).ravel().tolist()
    return [objects[v] if v >= 0 else None for v in values]


def hand_objects(
    ordering: Ordering | str = Ordering.STANDARD, wild: WildLike | frozenset[int] = ()
) -> list[HandRank | None]:
    """The :class:`HandRank` of every ``a * 53 * 53 + b * 53 + c`` (``None``: not a hand).

    This flat list is the scalar fast path behind :func:`~bragkit.hands.evaluate`; treat it as
    read-only.
    """
    return _hand_objects(Ordering.parse(ordering), wild_set(wild))


def evaluate_many(
    hands: npt.ArrayLike,
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike | frozenset[int] = (),
    check: bool = True,
) -> npt.NDArray[np.int16]:
    """Strengths of many three-card hands at once: an ``(N, 3)`` array of card indices (0..51,
    52 for a joker) in, ``N`` values out (``int16``, higher is better, comparable with
    :attr:`HandRank.value`).

    With ``check`` (the default) an index outside 0..52 or a repeated card raises
    :class:`InvalidCardError`; ``check=False`` skips the checks, for callers that deal their own
    hands (garbage in, garbage out).

    >>> evaluate_many([[0, 0, 1]])
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: a hand repeats a card (row 0)
    """
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] != 3:
        raise InvalidCardError(f"expected an (N, 3) array of card indices, got shape {array.shape}")
    if array.dtype.kind not in "iu":
        raise InvalidCardError(f"card indices must be integers, not {array.dtype}")
    flat = strength_table(ordering, wild).ravel()
    # As unsigned, a negative index is huge: one maximum finds both kinds of bad index.
    unsigned = array.view(array.dtype.str.replace("i", "u"))
    out = np.empty(len(array), dtype=np.int16)
    index = np.empty(min(len(array), _CHUNK), dtype=np.intp)
    # In chunks that stay in cache: check, index (a * 53² + b * 53 + c), look up, check.
    for start in range(0, len(array), _CHUNK):
        rows = array[start : start + _CHUNK]
        if check and int(unsigned[start : start + _CHUNK].max()) > JOKER_INDEX:
            raise InvalidCardError("card indices run from 0 to 52")
        keys = index[: len(rows)]
        np.matmul(rows if rows.dtype == np.intp else rows.astype(np.intp), _WEIGHTS, out=keys)
        values = out[start : start + _CHUNK]
        flat.take(keys, out=values)
        if check and int(values.min()) < 0:
            bad = start + int(np.flatnonzero(values < 0)[0])
            raise InvalidCardError(f"a hand repeats a card (row {bad})")
    return out
