"""Arranging a hand into sets: Nine Card Brag (N3, N6) and Crash (C2–C4).

A Nine Card Brag player sorts nine cards into three sets of three (there are 280 ways); a Crash
player sorts thirteen into up to four hands (three cards, or a four of a kind as a hand of four)
and discards the rest. Sets are played strongest first (N6, C4), so an :class:`Arrangement` lists
them in play order.

>>> from bragkit.cards import parse_cards
>>> nine = parse_cards("As Ah Ad Kc Qc Jc 7h 7s 2d")
>>> len(legal_arrangements(nine))
280
>>> str(best_arrangement(nine, strategy="greedy"))
'As Ah Ad | Kc Qc Jc | 7s 7h 2d'

**Strength scale.** Every set has an integer strength on one dense scale per ordering (higher is
better, equal means exactly equal): the order of :func:`bragkit.hands.evaluate`, plus four of a
kind under the Crash orderings, plus the sets only a second pack makes (N1 [decision]): two
identical cards with a third of their rank are a prial; with a third card of their suit they are
a flush — "three cards of the same suit" (N3) — compared highest, middle, lowest card as every
flush (H5), so A♠A♠K♠ is the best flush; otherwise they are a pair.

>>> set_strength(parse_cards("As As Ks"), ordering="nine-card") > set_strength(
...     parse_cards("Ah Kh Jh"), ordering="nine-card")
True
>>> describe_set(parse_cards("As As Ks"), ordering="nine-card")
'flush, A-A-K'

**Strategies.** ``"greedy"`` plays the strongest set it can, then the strongest of the rest (the
lexicographically greatest arrangement). ``"expected"`` maximises the expected score: for each
round it estimates, once per ordering and pack, the distribution of an opponent's set in that
round (random deals arranged greedily, a fixed seed), and scores a set of strength *s* in round
*k* by the points it wins against ``players - 1`` such opponents (N4's 3/2/1 with a binomial
count of opponents who beat it; in Crash the chance of beating them all, C4). Breaking a prial
to make two runs can score more than keeping it (the Nine Card Brag source says so):

>>> hand = parse_cards("8s 8h 8d 9c Tc 7s Jh 6d 2c")
>>> str(best_arrangement(hand, strategy="greedy"))
'8s 8h 8d | Jh Tc 9c | 7s 6d 2c'
>>> str(best_arrangement(hand, strategy="expected"))
'Jh Tc 9c | 8d 7s 6d | 8s 8h 2c'

The engine's checks use :func:`playable_sets` (N6) and :func:`check_crash_hands` (C2, C4).
"""

from __future__ import annotations

import functools
import itertools
import math
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal, overload

import numpy as np
import numpy.typing as npt

from bragkit.cards import Card, format_cards, parse_cards
from bragkit.errors import IllegalActionError, InvalidCardError, RulesError
from bragkit.hands import Category, Ordering, evaluate, strength_table

__all__ = [
    "STRATEGIES",
    "Arrangement",
    "Arrangements",
    "FastScale",
    "Game",
    "Strategy",
    "best_arrangement",
    "category_of",
    "check_crash_hands",
    "crash_hands",
    "describe_set",
    "fast_scale",
    "legal_arrangements",
    "name_of",
    "playable_sets",
    "set_strength",
    "strength_of",
    "win_chances",
]

Game = Literal["nine-card", "crash"]
Strategy = Literal["greedy", "expected"]
STRATEGIES: Final[tuple[Strategy, ...]] = ("greedy", "expected")

#: How many random deals estimate an opponent's set in each round (``"expected"``).
SAMPLES: Final = 4000
_SEED: Final = 20240521
_NONE: Final = -1  # strength of "no hand" (Crash: fewer than four hands, C4)


# ---------------------------------------------------------------------------------------------
# The strength scale


@dataclass(frozen=True, eq=False)
class _Scale:
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
def _scale(ordering: Ordering) -> _Scale:
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
    return _Scale(ordering=ordering, tri=tri16, quad=quad, category=category, names=names)


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

    tri: array[int]  # [a * 2704 + b * 52 + c]: the strength of cards a, b, c (-1: no set)
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
        return _NONE


@functools.cache
def fast_scale(ordering: Ordering | str) -> FastScale:
    """The :class:`FastScale` of an ordering (built once)."""
    scale = _scale(Ordering.parse(ordering))
    return FastScale(tri=array("h", scale.tri.astype(np.int16).ravel().tolist()),
                     quad=tuple(int(q) for q in scale.quad), category=scale.category.tobytes(),
                     names=scale.names)


def _order(ordering: Ordering | str | None, game: Game) -> Ordering:
    if ordering is None:
        return Ordering.NINE_CARD if game == "nine-card" else Ordering.CRASH
    return Ordering.parse(ordering)


def strength_of(cards: Sequence[Card], *, ordering: Ordering | str = "nine-card") -> int:
    """The dense strength of a set (three cards, or four of a kind in Crash); unchecked beyond
    the shape: the engine's fast path. See :func:`set_strength`."""
    scale = _scale(Ordering.parse(ordering))
    if len(cards) == 3:
        return int(scale.tri[cards[0], cards[1], cards[2]])
    if len(cards) == 4 and len({c // 4 for c in cards}) == 1:
        return int(scale.quad[cards[0] // 4])
    return _NONE


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
            return int(_scale(order).quad[hand[0] // 4])
        raise InvalidCardError(f"a hand of four must be four of a kind: {format_cards(hand)}")
    if len(hand) != 3:
        four = ", or a four of a kind" if order.allows_four_of_a_kind else ""
        raise InvalidCardError(f"a set is three cards{four}, not {len(hand)}")
    if hand[0] == hand[1] == hand[2]:
        raise InvalidCardError(f"a set cannot hold {hand[0]} three times")
    return int(_scale(order).tri[hand[0], hand[1], hand[2]])


def describe_set(cards: Iterable[Card] | str, *, ordering: Ordering | str = "nine-card") -> str:
    """A set in words: ``"prial of aces"``, ``"four fours"``, ``"flush, A-A-K"``.

    >>> describe_set("Qh Qs 4d")
    'pair of queens, 4 kicker'
    """
    return _scale(Ordering.parse(ordering)).names[set_strength(cards, ordering=ordering)]


def category_of(strength: int, *, ordering: Ordering | str = "nine-card") -> Category:
    """The category of a strength on the dense scale.

    >>> category_of(set_strength("7s 8s 9s"))
    <Category.RUNNING_FLUSH: 4>
    """
    return Category(int(_scale(Ordering.parse(ordering)).category[strength]))


def name_of(strength: int, *, ordering: Ordering | str = "nine-card") -> str:
    """The words for a strength on the dense scale (see :func:`describe_set`)."""
    return _scale(Ordering.parse(ordering)).names[strength]


# ---------------------------------------------------------------------------------------------
# Templates: ways to pick disjoint triples out of n positions


@functools.cache
def _triples(n: int) -> npt.NDArray[np.intp]:
    """All ``C(n, 3)`` position triples, lexicographic: row i is triple id i."""
    out = np.array(list(itertools.combinations(range(n), 3)), dtype=np.intp).reshape(-1, 3)
    out.setflags(write=False)
    return out


@functools.cache
def _triple_ids(n: int) -> npt.NDArray[np.intp]:
    """``ids[a, b, c]`` = the id of the triple of positions a, b, c (any order)."""
    ids = np.full((n, n, n), -1, dtype=np.intp)
    for i, (a, b, c) in enumerate(_triples(n).tolist()):
        for p in itertools.permutations((a, b, c)):
            ids[p] = i
    ids.setflags(write=False)
    return ids


def _exact(items: tuple[int, ...]) -> Iterator[tuple[tuple[int, int, int], ...]]:
    if not items:
        yield ()
        return
    first, rest = items[0], items[1:]
    for i, j in itertools.combinations(range(len(rest)), 2):
        others = tuple(x for k, x in enumerate(rest) if k not in (i, j))
        for tail in _exact(others):
            yield ((first, rest[i], rest[j]), *tail)


@functools.cache
def _partitions(n: int, k: int) -> npt.NDArray[np.intp]:
    """Every way to choose ``k`` disjoint unordered triples from ``n`` positions, the rest
    discarded: a ``(P, k)`` array of triple ids. ``(9, 3)`` has 280 rows, ``(13, 4)`` 200,200."""
    if k == 0:
        out = np.zeros((1, 0), dtype=np.intp)
    else:
        base = np.array(list(_exact(tuple(range(3 * k)))), dtype=np.intp)  # (P0, k, 3)
        ids = _triple_ids(n)
        blocks = []
        for kept in itertools.combinations(range(n), 3 * k):
            pos = np.array(kept, dtype=np.intp)[base]
            blocks.append(ids[pos[..., 0], pos[..., 1], pos[..., 2]])
        out = np.concatenate(blocks)
    out.setflags(write=False)
    return out


# ---------------------------------------------------------------------------------------------
# Arrangements


@dataclass(frozen=True, kw_only=True, slots=True)
class Arrangement:
    """Sets in play order (strongest first, N6/C4) and the discards (Crash, C2).

    ``strengths`` are on the dense scale of the ordering (:func:`set_strength`).

    >>> a = best_arrangement("As Ah Ad Ac Ks Kh Kd Qs Qh Qd Js Jh 2c", strategy="greedy")
    >>> str(a), a.discards
    ('As Ah Ad Ac | Ks Kh Kd | Qs Qh Qd | Js Jh 2c', ())
    """

    sets: tuple[tuple[Card, ...], ...]
    discards: tuple[Card, ...] = ()
    strengths: tuple[int, ...] = ()

    def __str__(self) -> str:
        return " | ".join(format_cards(s) for s in self.sets)

    def key(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """Order-free identity: the sets and discards as sorted card tuples."""
        return (tuple(sorted(tuple(sorted(s)) for s in self.sets)), tuple(sorted(self.discards)))


class Arrangements(Sequence[Arrangement]):
    """The legal arrangements of a hand, computed once and built lazily (a Crash hand has over
    200,000): supports ``len``, indexing, iteration and ``in``."""

    def __init__(self, cards: tuple[Card, ...], hands: list[tuple[int, ...]],
                 strengths: npt.NDArray[np.int32], rows: npt.NDArray[np.intp]) -> None:
        self._cards = cards
        self._hands = hands  # position tuples
        self._strengths = strengths
        self._rows = rows  # (R, k) hand ids, strongest first, -1 padded
        self._keys: set[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] | None = None
        self._index = {h: i for i, h in enumerate(hands)}
        self._row_keys: set[int] | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand arranged, in card order."""
        return self._cards

    def __len__(self) -> int:
        return int(self._rows.shape[0])

    @overload
    def __getitem__(self, index: int) -> Arrangement: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Arrangement]: ...
    def __getitem__(self, index: int | slice) -> Arrangement | Sequence[Arrangement]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return _build(self._cards, self._hands, self._strengths, self._rows[index].tolist())

    def __iter__(self) -> Iterator[Arrangement]:
        for row in self._rows.tolist():
            yield _build(self._cards, self._hands, self._strengths, row)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Arrangement):
            return False
        if len(set(self._cards)) < len(self._cards):  # twins (two packs): compare the cards
            if self._keys is None:
                self._keys = {a.key() for a in self}
            return item.key() in self._keys
        where = {c: p for p, c in enumerate(self._cards)}
        ids: list[int] = []
        for cards in item.sets:
            try:
                hand = tuple(sorted(where[c] for c in cards))
            except KeyError:
                return False
            if hand not in self._index:
                return False
            ids.append(self._index[hand])
        used = sorted(p for h in ids for p in self._hands[h])
        rest = sorted(where.get(c, -1) for c in item.discards)
        if len(set(used)) != len(used) or sorted(used + rest) != list(range(len(self._cards))):
            return False
        if self._row_keys is None:
            self._row_keys = set(_row_keys(self._rows).tolist())
        return int(_row_keys(np.array([ids + [-1] * (self._rows.shape[1] - len(ids))]))[0]) \
            in self._row_keys


def _row_keys(rows: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """One integer per row, the same for the same hands in any order."""
    ordered = np.sort(np.where(rows >= 0, rows, 511), axis=1)
    key = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        key = key * 512 + ordered[:, i]
    return key


def _build(cards: tuple[Card, ...], hands: list[tuple[int, ...]],
           strengths: npt.NDArray[np.int32], row: list[int]) -> Arrangement:
    chosen = [h for h in row if h >= 0 and strengths[h] >= 0]
    chosen.sort(key=lambda h: (-int(strengths[h]), hands[h]))
    used = {p for h in chosen for p in hands[h]}
    return Arrangement(
        sets=tuple(_display(cards[p] for p in hands[h]) for h in chosen),
        discards=tuple(c for p, c in enumerate(cards) if p not in used),
        strengths=tuple(int(strengths[h]) for h in chosen),
    )


#: A card's place when a set is laid out: highest rank first, suits s h d c.
_LAID_OUT: Final = tuple((12 - c // 4) * 4 + c % 4 for c in range(52))


def _display(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A set's cards as a person lays them out: highest rank first, suits s h d c."""
    return tuple(sorted(cards, key=_LAID_OUT.__getitem__))


def _cards_of(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    hand = tuple(sorted(parse_cards(cards)))
    if any(c.is_joker for c in hand):
        raise InvalidCardError("these games are played without jokers")
    return hand


def _game_of(hand: tuple[Card, ...], game: Game | None) -> Game:
    if game is not None:
        if game not in ("nine-card", "crash"):
            raise RulesError(f"unknown game {game!r}: nine-card or crash")
        return game
    return "crash" if len(hand) == 13 else "nine-card"


def _check_nine(hand: tuple[Card, ...]) -> None:
    if len(hand) not in (3, 6, 9):
        raise InvalidCardError(f"Nine Card Brag arranges 9, 6 or 3 cards, not {len(hand)}")
    for card, group in itertools.groupby(hand):
        if len(list(group)) > 2:
            raise InvalidCardError(f"{card} is held more than twice (two packs at most)")


def _check_crash(hand: tuple[Card, ...]) -> None:
    if len(hand) != 13:
        raise InvalidCardError(f"a Crash hand is thirteen cards, not {len(hand)}")
    if len(set(hand)) != 13:
        raise InvalidCardError("a Crash hand holds a card twice (one pack, C1)")


def _min_cat(min_category: Category | str | int) -> Category:
    if isinstance(min_category, str):
        try:
            return Category[min_category.upper().replace("-", "_").replace(" ", "_")]
        except KeyError:
            raise RulesError(f"unknown category {min_category!r}") from None
    return Category(min_category)


def _nine_strengths(hand: tuple[Card, ...], order: Ordering) -> npt.NDArray[np.int32]:
    scale = _scale(order)
    t = _triples(len(hand))
    c = np.array(hand, dtype=np.intp)
    return scale.tri[c[t[:, 0]], c[t[:, 1]], c[t[:, 2]]].astype(np.int32)


def _crash_table(hand: tuple[Card, ...], order: Ordering, floor: Category
                 ) -> tuple[list[tuple[int, ...]], npt.NDArray[np.int32], npt.NDArray[np.intp]]:
    """Hands (286 triples, then the fours of a kind), their strengths (-1: below the floor,
    C4) and the candidate rows: every way to take up to four hands (C2)."""
    scale = _scale(order)
    triples = _triples(13)
    c = np.array(hand, dtype=np.intp)
    s = scale.tri[c[triples[:, 0]], c[triples[:, 1]], c[triples[:, 2]]].astype(np.int32)
    s[scale.category[s] < int(floor)] = _NONE  # rule C4: hands below min_category don't count
    hands: list[tuple[int, ...]] = [tuple(t) for t in triples.tolist()]
    quads = [p for p in range(10) if hand[p] // 4 == hand[p + 3] // 4]
    quad_strength = [int(scale.quad[hand[p] // 4]) for p in quads]
    strengths = np.concatenate([s, np.array(quad_strength, dtype=np.int32)])
    rows = [_partitions(13, 4)]
    ids13 = _triple_ids(13)
    for q in range(1, len(quads) + 1):
        for chosen in itertools.combinations(range(len(quads)), q):
            used = {quads[i] + j for i in chosen for j in range(4)}
            rest = np.array([p for p in range(13) if p not in used], dtype=np.intp)
            k = min(4 - q, len(rest) // 3)
            part = _partitions(len(rest), k)
            t = _triples(len(rest))
            if k:
                mapped = ids13[rest[t[:, 0]], rest[t[:, 1]], rest[t[:, 2]]][part]
            else:
                mapped = np.zeros((1, 0), dtype=np.intp)
            quad_ids = np.array([286 + i for i in chosen], dtype=np.intp)
            block = np.concatenate([np.broadcast_to(quad_ids, (len(mapped), q)), mapped], axis=1)
            pad = np.full((len(block), 4 - block.shape[1]), -1, dtype=np.intp)
            rows.append(np.concatenate([block, pad], axis=1))
    hands += [(p, p + 1, p + 2, p + 3) for p in quads]
    return hands, strengths, np.concatenate(rows)


def legal_arrangements(
    cards: Iterable[Card] | str,
    *,
    game: Game | None = None,
    ordering: Ordering | str | None = None,
    min_category: Category | str = Category.HIGH_CARD,
    cap: int | None = None,
) -> Arrangements:
    """Every legal arrangement of a hand, each listed once, sets strongest first.

    *Nine Card Brag* (9, 6 or 3 unplayed cards): every split into sets of three (280 for nine
    distinct cards), keeping only those whose strongest set is at most ``cap``, the strength of
    the player's last played set (rule N6). *Crash* (13 cards, inferred from the count): every
    choice of up to four hands — three cards at least ``min_category``, or a four of a kind as a
    hand of four (C2, C4) — that leaves no acceptable hand among the discards. An arrangement
    with a further hand available is never listed: an extra hand never costs a point (the k-th
    best hand of a larger set of hands is at least as strong), though the Crash engine accepts
    it.

    >>> len(legal_arrangements("As Ah Ad Kc Qc Jc 7h 7s 2d", cap=set_strength("7h 7s 2d")))
    60
    >>> len(legal_arrangements("As Ah Ad Kc Qc Jc 7h 7s 2d", cap=set_strength("5h 3s 2d")))
    0
    >>> len(legal_arrangements("As Ah Ad Kc Qc Jc", cap=set_strength("As Ah Ad")))
    10
    >>> len(legal_arrangements("As Ah Ad Kc Qc Jc 7h 7s 2d 5h 8h 4s 3c"))
    200200
    """
    hand = _cards_of(cards)
    which = _game_of(hand, game)
    order = _order(ordering, which)
    if which == "nine-card":
        _check_nine(hand)
        strengths = _nine_strengths(hand, order)
        k = len(hand) // 3
        rows = _partitions(len(hand), k)
        top = strengths[rows].max(axis=1)
        if cap is not None:
            rows = rows[top <= cap]  # rule N6: no set may beat the last one played
        hands: list[tuple[int, ...]] = [tuple(t) for t in _triples(len(hand)).tolist()]
        rows = _unique_rows(hand, hands, strengths, rows)
        return Arrangements(hand, hands, strengths, rows)
    _check_crash(hand)
    floor = _min_cat(min_category)
    hands, strengths, rows = _crash_table(hand, order, floor)
    rows = np.where(rows >= 0, rows, len(strengths))  # index of "no hand"
    ext = np.concatenate([strengths, np.array([_NONE], dtype=np.int32)])
    rows = np.where(ext[rows] >= 0, rows, len(strengths))
    if not (strengths >= 0).all():  # rows that differ only in hands not accepted coincide
        rows = _unique_sorted(np.sort(rows, axis=1))
    masks = np.array([sum(1 << p for p in h) for h in hands] + [0], dtype=np.int64)
    used = np.bitwise_or.reduce(masks[rows], axis=1)
    count = (rows < len(strengths)).sum(axis=1)
    room = _has_hand(masks[:-1][strengths >= 0])[(~used) & 0x1FFF]
    rows = rows[(count == 4) | ~room]
    rows = np.where(rows < len(strengths), rows, -1)
    return Arrangements(hand, hands, strengths, rows)


def _unique_rows(hand: tuple[Card, ...], hands: list[tuple[int, ...]],
                 strengths: npt.NDArray[np.int32], rows: npt.NDArray[np.intp]
                 ) -> npt.NDArray[np.intp]:
    if len(set(hand)) == len(hand):
        return rows
    seen: set[tuple[tuple[int, ...], ...]] = set()
    keep = []
    for i, row in enumerate(rows.tolist()):
        key = tuple(sorted(tuple(int(hand[p]) for p in hands[h]) for h in row))
        if key not in seen:
            seen.add(key)
            keep.append(i)
    del strengths
    return rows[np.array(keep, dtype=np.intp)]


def _unique_sorted(rows: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """The distinct rows (each row's ids below 512), via one integer key per row."""
    key = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        key = key * 512 + rows[:, i]
    key = np.unique(key)
    out = np.empty((len(key), rows.shape[1]), dtype=np.intp)
    for i in reversed(range(rows.shape[1])):
        out[:, i] = key % 512
        key //= 512
    return out


def _has_hand(hand_masks: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """For every 13-bit set of positions: does it hold one of these hands?"""
    every = np.arange(1 << 13, dtype=np.int64)
    out = np.zeros(1 << 13, dtype=bool)
    for m in np.unique(hand_masks).tolist():
        out |= (every & m) == m
    return out


def playable_sets(
    cards: Iterable[Card] | str,
    *,
    cap: int | None = None,
    ordering: Ordering | str = Ordering.NINE_CARD,
) -> list[tuple[Card, Card, Card]]:
    """The sets of three a Nine Card Brag player may play now (rule N6), each listed once.

    A set may be played when it does not beat ``cap`` (the player's last played set, None in the
    first round) and the cards left can still be split into sets none of which beats it — so a
    player can always finish the deal [decision]. Strongest sets first; within a set, highest
    rank first.

    >>> playable_sets("As Ah Ad Kc Qc Jc 7h 7s 2d")[:2]
    [(Card('As'), Card('Ah'), Card('Ad')), (Card('Kc'), Card('Qc'), Card('Jc'))]
    >>> len(playable_sets("7h 7s 2d 3c 9h Td", cap=set_strength("2s 3s 4s")))  # of 20
    10
    """
    hand = _cards_of(cards)
    _check_nine(hand)
    order = Ordering.parse(ordering)
    s = _nine_strengths(hand, order)
    n = len(hand)
    triples = _triples(n)
    ok = np.ones(len(triples), dtype=bool) if cap is None else s <= cap
    if n > 3:
        # For each triple, the splits of the rest: their strongest set, at best.
        rest_best = s[_rest_partitions(n)].max(axis=2).min(axis=1)
        ok &= rest_best <= s  # rule N6: the rest must still go in descending order
    out: list[tuple[Card, Card, Card]] = []
    seen: set[tuple[int, int, int]] = set()
    for i in sorted(np.flatnonzero(ok).tolist(), key=lambda i: (-int(s[i]), i)):
        a, b, c = _display(hand[p] for p in triples[i])
        key = (int(a), int(b), int(c))
        if key not in seen:
            seen.add(key)
            out.append((a, b, c))
    return out


@functools.cache
def _rest_partitions(n: int) -> npt.NDArray[np.intp]:
    """``rest[i]``: the splits into sets of the positions not in triple i, as triple ids."""
    ids = _triple_ids(n)
    blocks = []
    for t in _triples(n).tolist():
        rest = np.array([p for p in range(n) if p not in t], dtype=np.intp)
        sub = _triples(len(rest))
        blocks.append(ids[rest[sub[:, 0]], rest[sub[:, 1]], rest[sub[:, 2]]][
            _partitions(len(rest), len(rest) // 3)])
    out = np.stack(blocks)
    out.setflags(write=False)
    return out


def check_crash_hands(
    cards: Iterable[Card] | str,
    hands: Sequence[Sequence[Card]],
    *,
    ordering: Ordering | str = Ordering.CRASH,
    min_category: Category | str = Category.HIGH_CARD,
) -> Arrangement:
    """Check a Crash arrangement of a thirteen-card hand and return it in play order.

    Raises :class:`~bragkit.errors.IllegalActionError` naming the rule: more than four hands or
    a hand not three cards nor a four of a kind (C2), a card not held or used twice (C1), a hand
    below ``min_category`` (C4).

    >>> cards = "As Ah Ad Ac Ks Kh Kd Qs Qh Qd Js Jh 2c"
    >>> str(check_crash_hands(cards, [parse_cards("Ks Kh Kd"), parse_cards("As Ah Ad Ac")]))
    'As Ah Ad Ac | Ks Kh Kd'
    >>> check_crash_hands(cards, [parse_cards("Js Jh 2c")], min_category="flush")
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: Js Jh 2c is a pair, below the least hand accepted, \
a flush (rule C4)
    """
    return crash_hands(_cards_of(cards), hands, ordering=Ordering.parse(ordering),
                       floor=_min_cat(min_category))


def crash_hands(hand: tuple[Card, ...], hands: Sequence[Sequence[Card]], *, ordering: Ordering,
                floor: Category) -> Arrangement:
    """:func:`check_crash_hands` for an engine that holds the cards already checked (a tuple of
    thirteen distinct cards) and the rules parsed: the same checks, without parsing.

    >>> cards = parse_cards("As Ah Ad Ac Ks Kh Kd Qs Qh Qd Js Jh 2c")
    >>> made = crash_hands(cards, [cards[4:7]], ordering=Ordering.CRASH, floor=Category.PAIR)
    >>> str(made), format_cards(made.discards)
    ('Ks Kh Kd', '2c Js Jh Qs Qh Qd As Ah Ad Ac')
    """
    if len(hands) > 4:
        raise IllegalActionError(f"{len(hands)} hands: at most four", rule="C2")
    order, scale = ordering, fast_scale(ordering)
    tri, least = scale.tri, int(floor)
    left = list(hand)
    remove = left.remove
    ranked: list[tuple[int, int, tuple[Card, ...]]] = []  # (-strength, place given, hand)
    for raw in hands:
        cards_ = raw if type(raw) is tuple else tuple(raw)
        for card in cards_:
            try:
                remove(card)
            except ValueError:
                raise IllegalActionError(f"{card} is not held (or used twice)",
                                         rule="C1") from None
        strength = tri[cards_[0] * 2704 + cards_[1] * 52 + cards_[2]] if len(cards_) == 3 \
            else scale.of(cards_)
        if strength < 0:  # not a hand: set_strength says why
            try:
                set_strength(cards_, ordering=order)
            except InvalidCardError as error:
                raise IllegalActionError(str(error), rule="C2") from None
            raise IllegalActionError(f"{format_cards(cards_)} is not a hand", rule="C2")
        if scale.category[strength] < least:
            category = Category(scale.category[strength])
            raise IllegalActionError(
                f"{format_cards(cards_)} is a {category.label}, below the least hand accepted,"
                f" a {floor.label}", rule="C4")
        ranked.append((-strength, len(ranked), cards_))
    ranked.sort()  # rule C4: played best first (equal hands in the order given)
    return Arrangement(sets=tuple([h for _, _, h in ranked]), discards=tuple(sorted(left)),
                       strengths=tuple([-s for s, _, _ in ranked]))


# ---------------------------------------------------------------------------------------------
# Strategies


def _sorted_desc(s: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """Rows sorted strongest first (a sorting network for up to four columns)."""
    k = s.shape[1]
    if k <= 1:
        return s
    if k == 4:
        a, b, c, d = (s[:, i] for i in range(4))
        a, b = np.maximum(a, b), np.minimum(a, b)
        c, d = np.maximum(c, d), np.minimum(c, d)
        a, c = np.maximum(a, c), np.minimum(a, c)
        b, d = np.maximum(b, d), np.minimum(b, d)
        b, c = np.maximum(b, c), np.minimum(b, c)
        return np.stack([a, b, c, d], axis=1)
    return -np.sort(-s, axis=1)


def _lex_key(sorted_s: npt.NDArray[np.int32], size: int) -> npt.NDArray[np.int64]:
    key = np.zeros(sorted_s.shape[0], dtype=np.int64)
    for i in range(sorted_s.shape[1]):
        key = key * (size + 1) + (sorted_s[:, i].astype(np.int64) + 1)
    return key


def _sample_hands(n_cards: int, decks: int, samples: int) -> npt.NDArray[np.intp]:
    rng = np.random.default_rng(_SEED + 7 * n_cards + decks)
    pool = np.repeat(np.arange(52, dtype=np.intp), decks)
    order = np.argsort(rng.random((samples, len(pool))), axis=1)[:, :n_cards]
    return np.sort(pool[order], axis=1)


@functools.cache
def _round_distributions(game: Game, order: Ordering, floor: Category, decks: int
                         ) -> npt.NDArray[np.float64]:
    """``dist[k, s + 1]``: the chance that a random opponent's k-th set has strength s (s = -1:
    no k-th hand), from random deals arranged greedily."""
    scale = _scale(order)
    if game == "nine-card":
        hands = _sample_hands(9, decks, SAMPLES)
        t = _triples(9)
        s = scale.tri[hands[:, t[:, 0]], hands[:, t[:, 1]], hands[:, t[:, 2]]].astype(np.int32)
        rows = _partitions(9, 3)
        full = -np.sort(-s[:, rows], axis=2)  # (M, 280, 3) strongest first
        key = np.zeros(full.shape[:2], dtype=np.int64)
        for i in range(3):
            key = key * (scale.size + 1) + full[:, :, i]
        best = full[np.arange(len(hands)), key.argmax(axis=1)]
    else:
        best = _greedy_crash_many(_sample_hands(13, 1, SAMPLES), order, floor)
    k = best.shape[1]
    dist = np.zeros((k, scale.size + 1), dtype=np.float64)
    for i in range(k):
        dist[i] = np.bincount(best[:, i] + 1, minlength=scale.size + 1) / len(best)
    dist.setflags(write=False)
    return dist


def _greedy_crash_many(hands: npt.NDArray[np.intp], order: Ordering, floor: Category
                       ) -> npt.NDArray[np.int32]:
    """Greedy Crash arrangements of many hands at once: their strengths, strongest first."""
    scale = _scale(order)
    m = len(hands)
    t = _triples(13)
    s = scale.tri[hands[:, t[:, 0]], hands[:, t[:, 1]], hands[:, t[:, 2]]].astype(np.int32)
    s[scale.category[s] < int(floor)] = _NONE
    member = np.zeros((len(t), 13), dtype=np.int32)
    member[np.arange(len(t))[:, None], t] = 1
    out = np.full((m, 4), _NONE, dtype=np.int32)
    used = np.zeros((m, 13), dtype=bool)
    count = np.zeros(m, dtype=np.intp)
    ranks = hands // 4
    for p in range(10):  # rule C2: a four of a kind is the strongest hand there is
        quad = ranks[:, p] == ranks[:, p + 3]
        rows = np.flatnonzero(quad)
        out[rows, count[rows]] = scale.quad[ranks[rows, p]]
        used[rows, p:p + 4] = True
        count[rows] += 1
    for _ in range(4):
        clash = (used.astype(np.int32) @ member.T) > 0
        cand = np.where(clash, _NONE, s)
        pick = cand.argmax(axis=1)
        value = cand[np.arange(m), pick]
        take = (value >= 0) & (count < 4)
        rows = np.flatnonzero(take)
        out[rows, count[rows]] = value[rows]
        used[rows] |= member[pick[rows]].astype(bool)
        count[rows] += 1
    return -np.sort(-out, axis=1)


@functools.cache
def _expected_tables(game: Game, order: Ordering, floor: Category, decks: int, players: int,
                     points: tuple[int, ...]) -> npt.NDArray[np.float64]:
    """``table[k, s + 1]``: expected points of a strength-s set in round k (module docstring)."""
    dist = _round_distributions(game, order, floor, decks)
    below = np.cumsum(dist, axis=1) - dist  # P(opponent < s)
    equal = dist
    opponents = players - 1
    if game == "crash":
        win = below ** opponents  # rule C4: one point, only for the best hand outright
        win[:, 0] = 0.0
        return win
    beaten = 1.0 - below - 0.5 * equal  # ties go by order of play (N7): call it half
    pts = list(points[:players]) + [0] * players
    table = np.zeros_like(dist)
    for b in range(opponents + 1):
        weight = math.comb(opponents, b) * beaten ** b * (1.0 - beaten) ** (opponents - b)
        table += weight * pts[b]
    return table


def _this_round(order: Ordering, decks: int, round_: int, players: int, points: tuple[int, ...],
                seen: tuple[int, ...]) -> npt.NDArray[np.float64]:
    """Expected points of each strength played now, after the sets ``seen`` this round and
    before ``players - 1 - len(seen)`` more (each an opponent's set of the round, at random)."""
    dist = _round_distributions("nine-card", order, Category.HIGH_CARD, decks)[round_]
    above = 1.0 - np.cumsum(dist)  # P(a later set beats s): ties go to the earlier player (N7)
    values = np.arange(-1, len(dist) - 1)
    known = (np.array(seen, dtype=np.int64)[None, :] >= values[:, None]).sum(axis=1)
    later = max(players - 1 - len(seen), 0)
    pts = np.array(list(points[:players]) + [0] * (players + 1), dtype=np.float64)
    out = np.zeros(len(dist), dtype=np.float64)
    for j in range(later + 1):
        weight = math.comb(later, j) * above ** j * (1.0 - above) ** (later - j)
        out += weight * pts[np.minimum(known + j, len(pts) - 1)]
    return out


def win_chances(arrangement: Arrangement, *, players: int, ordering: Ordering | str = "crash",
                min_category: Category | str = Category.HIGH_CARD) -> tuple[float, ...]:
    """Estimated chance that each Crash hand wins its round outright against ``players - 1``
    random opponents (the ``"expected"`` model; a bot's basis for calling crash, C5).

    >>> a = best_arrangement("4s 4h 4d 4c As Ah Ad Ks Kh Kd Qs Qh Qd", strategy="greedy")
    >>> [round(p, 2) for p in win_chances(a, players=4)]
    [0.99, 0.99, 1.0, 1.0]
    """
    table = _expected_tables("crash", Ordering.parse(ordering), _min_cat(min_category), 1,
                             players, ())
    s = list(arrangement.strengths) + [_NONE] * 4
    return tuple(float(table[k, s[k] + 1]) for k in range(4))


def best_arrangement(
    cards: Iterable[Card] | str,
    *,
    strategy: Strategy = "expected",
    game: Game | None = None,
    ordering: Ordering | str | None = None,
    min_category: Category | str = Category.HIGH_CARD,
    cap: int | None = None,
    players: int = 3,
    points: Sequence[int] = (3, 2, 1),
    decks: int = 1,
    seen: Sequence[int] | None = None,
) -> Arrangement:
    """A strong arrangement of a hand by ``strategy`` (module docstring).

    Nine Card Brag hands of 6 or 3 cards are the later rounds of a deal (rounds 2–3, or 3), and
    ``cap`` bounds their strongest set (N6). Crash hands use ``min_category`` (C4). ``players``,
    ``points`` and ``decks`` tune the ``"expected"`` model. In Nine Card Brag, ``seen`` holds the
    strengths of the sets already played in this round, in order: the ``"expected"`` strategy
    then scores the set it plays now against them (equal sets rank in the order played, N7) and
    against the players still to play — so it may hold back a strong set it cannot win with, as
    the Nine Card Brag source advises.

    >>> hand = "Ah Ad Ac 7s 7c 4c Jd 6s 6c"
    >>> str(best_arrangement(hand, players=3))
    'Ah Ad Ac | 7s 7c 4c | Jd 6s 6c'
    >>> low = [set_strength("5s 6d 8c"), set_strength("4s 6d 8c")]   # two high cards played
    >>> str(best_arrangement(hand, players=3, seen=low))   # a flush will do: keep the aces
    'Ac 6c 4c | Ah Ad Jd | 7s 7c 6s'

    >>> crash = "As Ah Ad Ac Ks Kh Kd Qs Qh Qd Js Jh 2c"
    >>> str(best_arrangement(crash, strategy="greedy"))   # a weak fourth hand
    'As Ah Ad Ac | Ks Kh Kd | Qs Qh Qd | Js Jh 2c'
    >>> str(best_arrangement(crash))   # four strong hands (C3: a prial, three running flushes)
    'As Ah Ac | Ad Kd Qd | Ks Qs Js | Kh Qh Jh'
    """
    if strategy not in STRATEGIES:
        raise RulesError(f"unknown strategy {strategy!r}: {', '.join(STRATEGIES)}")
    if not 2 <= players <= 11:
        raise RulesError(f"players must be 2 to 11, not {players}")
    hand = _cards_of(cards)
    which = _game_of(hand, game)
    order = _order(ordering, which)
    scale = _scale(order)
    if which == "nine-card":
        _check_nine(hand)
        floor = Category.HIGH_CARD
        strengths = _nine_strengths(hand, order)
        k = len(hand) // 3
        rows = _partitions(len(hand), k)
        hands: list[tuple[int, ...]] = [tuple(t) for t in _triples(len(hand)).tolist()]
        first_round = 3 - k
    else:
        _check_crash(hand)
        floor = _min_cat(min_category)
        hands, strengths, rows = _crash_table(hand, order, floor)
        first_round = 0
    ext = np.concatenate([strengths, np.array([_NONE], dtype=np.int32)])
    s = _sorted_desc(ext[rows])
    if cap is not None:
        ok = s[:, 0] <= cap  # rule N6
        if not ok.any():
            raise IllegalActionError("no arrangement keeps every set below the last one played",
                                     rule="N6")
        rows, s = rows[ok], s[ok]
    key = _lex_key(s, scale.size)
    if strategy == "greedy":
        choice = int(key.argmax())
    else:
        table = _expected_tables(which, order, floor, decks, players, tuple(points))
        score = np.zeros(len(s), dtype=np.float64)
        for i in range(s.shape[1]):
            column = table[first_round + i]
            if i == 0 and seen is not None and which == "nine-card":
                column = _this_round(order, decks, first_round, players, tuple(points),
                                     tuple(seen))
            score += column[s[:, i] + 1]
        top = score.max()
        near = np.flatnonzero(score >= top - 1e-9)
        choice = int(near[key[near].argmax()])
    return _build(hand, hands, strengths, rows[choice].tolist())
