"""The strength scale of a set of three cards (or four of a kind), for Nine Card Brag (N3, N6)
and Crash (C3, C4): one dense integer scale per ordering, higher is better, equal means exactly
equal (the order of :func:`bragkit.hands.evaluate`, plus four of a kind under the Crash
orderings, plus the sets only a second pack makes, N1 [decision]). See
:mod:`bragkit.games.arrange`.

>>> from bragkit.cards import parse_cards
>>> set_strength(parse_cards("As As Ks"), ordering="nine-card") > set_strength(
...     parse_cards("Ah Kh Jh"), ordering="nine-card")
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from bragkit.cards import Card, format_cards, parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands import Category, Ordering, evaluate, strength_table

__all__ = ["NO_HAND", "FastScale", "Game", "SetScale", "category_of", "describe_set", "fast_scale",
           "name_of", "ordering_for", "pair_rows", "scale_table", "set_strength", "strength_of"]

#: The games that arrange sets.
Game = Literal["nine-card", "crash"]
#: The strength of "no hand" (Crash: fewer than four hands, C4).
NO_HAND: Final = -1

# ---------------------------------------------------------------------------------------------
# The strength scale


@dataclass(frozen=True, eq=False)
class SetScale:
    """Dense strengths of one ordering: ``tri[a, b, c]`` for any three cards (a card may repeat
    once: two packs), ``quad[rank - 2]`` for four of a kind (-1 where not a hand)."""

    ordering: Ordering
    tri: npt.NDArray[np.int16]
    quad: npt.NDArray[np.int16]
    category: npt.NDArray[np.int8]
    names: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.names)


def _rank_text(ranks: Iterable[int]) -> str:
    return "-".join("23456789TJQKA"[r - 2] for r in ranks)


@functools.cache
def scale_table(ordering: Ordering) -> SetScale:
    table = strength_table(ordering)[:52, :52, :52].astype(np.int32)
    cards = np.arange(52)
    a, b, c = np.meshgrid(cards, cards, cards, indexing="ij")
    distinct = table >= 0
    values = np.unique(table[distinct])
    # Representatives: one hand per value, for names and categories.
    flat = np.flatnonzero(distinct.ravel())
    first = flat[np.unique(table.ravel()[flat], return_index=True)[1]]
    reps = [tuple(int(x) for x in np.unravel_index(i, table.shape)) for i in first]
    keys: list[tuple[int, int, tuple[int, ...]]] = [(int(v), 0, ()) for v in values]
    info: dict[tuple[int, int, tuple[int, ...]], tuple[int, str]] = {}
    flushes: list[tuple[tuple[int, int, int], int]] = []
    for v, rep in zip(values.tolist(), reps, strict=True):
        rank = evaluate(tuple(Card(x) for x in rep), ordering=ordering)
        info[(v, 0, ())] = (int(rank.category), rank.description)
        if rank.category is Category.FLUSH:
            high, mid, low = sorted((x // 4 + 2 for x in rep), reverse=True)
            flushes.append(((high, mid, low), v))
    quad_values: list[int] = []
    if ordering.allows_four_of_a_kind:
        for r in range(13):
            rank = evaluate(tuple(Card(r * 4 + s) for s in range(4)), ordering=ordering)
            quad_values.append(rank.value)
            keys.append((rank.value, 0, ()))
            info[(rank.value, 0, ())] = (int(rank.category), rank.description)
    # Flushes a second pack makes: two identical cards and a third of their suit (N1, N3).
    flushes.sort()
    low_flush = min(v for _, v in flushes)
    dup_keys: dict[tuple[int, int, int], tuple[int, int, tuple[int, ...]]] = {}
    for pair in range(2, 15):
        for odd in range(2, 15):
            if odd == pair:
                continue
            trio = tuple(sorted((pair, pair, odd), reverse=True))
            below = [v for t, v in flushes if t < trio]
            key = (max(below) if below else low_flush - 1, 1, trio)
            dup_keys[(trio[0], trio[1], trio[2])] = key
            keys.append(key)
            info[key] = (int(Category.FLUSH), "flush, " + _rank_text(trio))
    keys = sorted(set(keys))
    dense = {k: i for i, k in enumerate(keys)}
    lookup = np.full(int(table.max()) + 64 if not quad_values else max(quad_values) + 64, -1,
                     dtype=np.int32)
    for v in values.tolist():
        lookup[v] = dense[(v, 0, ())]
    tri = np.where(distinct, lookup[np.maximum(table, 0)], -1)
    # Two identical cards (a == b, the third different): prial, flush or pair.
    for x, y in ((a, b), (b, c), (a, c)):
        z = a + b + c - x - y
        dup = (x == y) & (z != x)
        xs, zs = x[dup], z[dup]
        rx, rz = xs // 4 + 2, zs // 4 + 2
        out = np.empty(xs.shape, dtype=np.int32)
        prial = rx == rz
        # A prial or a pair: the same as with a card of another suit in place of the twin.
        other = (xs // 4) * 4 + (xs % 4 + 1) % 4
        other = np.where(other == zs, (xs // 4) * 4 + (xs % 4 + 2) % 4, other)
        plain = table[xs, other, zs]
        out[:] = lookup[np.maximum(plain, 0)]
        flush = (~prial) & ((xs % 4) == (zs % 4))
        for i in np.flatnonzero(flush):
            hi, mid, lo = sorted((int(rx[i]), int(rx[i]), int(rz[i])), reverse=True)
            out[i] = dense[dup_keys[(hi, mid, lo)]]
        tri[dup] = out
    category = np.array([info[k][0] for k in keys], dtype=np.int8)
    names = tuple(info[k][1] for k in keys)
    quad = np.full(13, -1, dtype=np.int16)
    for r, v in enumerate(quad_values):
        quad[r] = dense[(v, 0, ())]
    tri16 = tri.astype(np.int16)
    tri16.setflags(write=False)
    quad.setflags(write=False)
    category.setflags(write=False)
    return SetScale(ordering=ordering, tri=tri16, quad=quad, category=category, names=names)


@dataclass(frozen=True, eq=False)
class FastScale:
    """The strength scale of one ordering as plain Python sequences, for the engines' checks
    (no numpy call per set): :meth:`of` is :func:`strength_of` in about a tenth of the time.

    >>> scale = fast_scale("crash")
    >>> scale.of(parse_cards("4s 4h 4d 4c")) == set_strength("4s 4h 4d 4c", ordering="crash")
    True
    >>> scale.names[scale.of(parse_cards("Qh Qs 4d"))], scale.of(parse_cards("As Ks"))
    ('pair of queens, 4 kicker', -1)
    """

    #: ``[a * 2704 + b * 52 + c]``: the strength of cards a, b, c (-1: no set); a list of
    #: shared ints (a look-up makes no new object).
    tri: list[int]
    quad: tuple[int, ...]  # [rank - 2]: four of a kind (-1 where the ordering has none)
    category: bytes  # [strength]: its Category
    names: tuple[str, ...]  # [strength]: the set in words (describe_set)

    def of(self, cards: Sequence[Card]) -> int:
        """The strength of three cards or a four of a kind; -1 for anything else."""
        if len(cards) == 3:
            a, b, c = cards
            return self.tri[a * 2704 + b * 52 + c]
        if len(cards) == 4 and cards[0] >> 2 == cards[1] >> 2 == cards[2] >> 2 == cards[3] >> 2 \
                and len(set(cards)) == 4:
            return self.quad[cards[0] >> 2]
        return NO_HAND


@functools.cache
def fast_scale(ordering: Ordering | str) -> FastScale:
    """The :class:`FastScale` of an ordering (built once)."""
    scale = scale_table(Ordering.parse(ordering))
    values = list(range(-1, int(scale.tri.max()) + 1))  # one int object per strength
    return FastScale(tri=[values[v + 1] for v in scale.tri.ravel().tolist()],
                     quad=tuple(int(q) for q in scale.quad), category=scale.category.tobytes(),
                     names=scale.names)


@functools.cache
def pair_rows(ordering: Ordering | str) -> tuple[tuple[int, ...], ...]:
    """The strengths of sets by their two lower cards: ``pair_rows(o)[a * 52 + b][c]`` is
    ``fast_scale(o).tri[a * 2704 + b * 52 + c]`` (a menu reads a row for several sets; built
    once).

    >>> a, b, c = sorted(parse_cards("Qh 2c Qs"))
    >>> pair_rows("nine-card")[a * 52 + b][c] == fast_scale("nine-card").of((a, b, c))
    True
    """
    tri = fast_scale(ordering).tri
    return tuple(tuple(tri[row * 52:row * 52 + 52]) for row in range(52 * 52))


def ordering_for(ordering: Ordering | str | None, game: Game) -> Ordering:
    if ordering is None:
        return Ordering.NINE_CARD if game == "nine-card" else Ordering.CRASH
    return Ordering.parse(ordering)


def strength_of(cards: Sequence[Card], *, ordering: Ordering | str = "nine-card") -> int:
    """The dense strength of a set (three cards, or four of a kind in Crash); unchecked beyond
    the shape: the engine's fast path. See :func:`set_strength`."""
    scale = scale_table(Ordering.parse(ordering))
    if len(cards) == 3:
        return int(scale.tri[cards[0], cards[1], cards[2]])
    if len(cards) == 4 and len({c // 4 for c in cards}) == 1:
        return int(scale.quad[cards[0] // 4])
    return NO_HAND


def set_strength(cards: Iterable[Card] | str, *, ordering: Ordering | str = "nine-card") -> int:
    """The strength of a set on the dense scale of the ordering (module docstring).

    Three cards (one card may appear twice: two packs), or four of a kind under a Crash
    ordering (C2, C3). Anything else raises :class:`~bragkit.errors.InvalidCardError`.

    >>> set_strength("4s 4h 4d 4c", ordering="crash") > set_strength("3s 3h 3d", ordering="crash")
    True
    >>> set_strength("As As As")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: a set cannot hold As three times
    """
    hand = parse_cards(cards)
    order = Ordering.parse(ordering)
    if any(c.is_joker for c in hand):
        raise InvalidCardError("these games are played without jokers")
    if len(hand) == 4 and order.allows_four_of_a_kind:
        if len(set(hand)) == 4 and len({c.rank for c in hand}) == 1:
            return int(scale_table(order).quad[hand[0] // 4])
        raise InvalidCardError(f"a hand of four must be four of a kind: {format_cards(hand)}")
    if len(hand) != 3:
        four = ", or a four of a kind" if order.allows_four_of_a_kind else ""
        raise InvalidCardError(f"a set is three cards{four}, not {len(hand)}")
    if hand[0] == hand[1] == hand[2]:
        raise InvalidCardError(f"a set cannot hold {hand[0]} three times")
    return int(scale_table(order).tri[hand[0], hand[1], hand[2]])


def describe_set(cards: Iterable[Card] | str, *, ordering: Ordering | str = "nine-card") -> str:
    """A set in words: ``"prial of aces"``, ``"four fours"``, ``"flush, A-A-K"``.

    >>> describe_set("Qh Qs 4d")
    'pair of queens, 4 kicker'
    """
    return scale_table(Ordering.parse(ordering)).names[set_strength(cards, ordering=ordering)]


def category_of(strength: int, *, ordering: Ordering | str = "nine-card") -> Category:
    """The category of a strength on the dense scale.

    >>> category_of(set_strength("7s 8s 9s"))
    <Category.RUNNING_FLUSH: 4>
    """
    return Category(int(scale_table(Ordering.parse(ordering)).category[strength]))


def name_of(strength: int, *, ordering: Ordering | str = "nine-card") -> str:
    """The words for a strength on the dense scale (see :func:`describe_set`)."""
    return scale_table(Ordering.parse(ordering)).names[strength]


# ---------------------------------------------------------------------------------------------
# Templates: ways to pick disjoint triples out of n positions

