"""The search for the arrangements of a hand into sets: every legal arrangement of nine cards
into three sets (N3, N6) or of thirteen into up to four Crash hands (C2, C4), the sets that may
be played now (N6), and the check of a Crash arrangement. See :mod:`bragkit.games.arrange`.

>>> from bragkit.cards import parse_cards
>>> len(legal_arrangements(parse_cards("As Ah Ad Kc Qc Jc 7h 7s 2d")))
280
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

import numpy as np
import numpy.typing as npt

from bragkit.cards import Card, format_cards, parse_cards
from bragkit.errors import IllegalActionError, InvalidCardError, RulesError
from bragkit.games.set_layout import display_order
from bragkit.games.set_scale import (
    NO_HAND,
    Game,
    fast_scale,
    ordering_for,
    scale_table,
    set_strength,
)
from bragkit.hands import Category, Ordering

__all__ = [
    "Arrangement",
    "Arrangements",
    "build_arrangement",
    "check_crash_hand",
    "check_crash_hands",
    "check_nine_hand",
    "crash_hands",
    "crash_table",
    "game_of",
    "legal_arrangements",
    "min_category_of",
    "nine_strengths",
    "partitions",
    "playable_sets",
    "position_triples",
    "rest_partitions",
    "sorted_hand",
]


@functools.cache
def position_triples(n: int) -> npt.NDArray[np.intp]:
    """All ``C(n, 3)`` position triples, lexicographic: row i is triple id i."""
    out = np.array(list(itertools.combinations(range(n), 3)), dtype=np.intp).reshape(-1, 3)
    out.setflags(write=False)
    return out


@functools.cache
def _triple_ids(n: int) -> npt.NDArray[np.intp]:
    """``ids[a, b, c]`` = the id of the triple of positions a, b, c (any order)."""
    ids = np.full((n, n, n), -1, dtype=np.intp)
    for i, (a, b, c) in enumerate(position_triples(n).tolist()):
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
def partitions(n: int, k: int) -> npt.NDArray[np.intp]:
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

    >>> from bragkit.games.set_strategies import best_arrangement
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
        return build_arrangement(self._cards, self._hands, self._strengths,
                                 self._rows[index].tolist())

    def __iter__(self) -> Iterator[Arrangement]:
        for row in self._rows.tolist():
            yield build_arrangement(self._cards, self._hands, self._strengths, row)

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


def build_arrangement(cards: tuple[Card, ...], hands: list[tuple[int, ...]],
           strengths: npt.NDArray[np.int32], row: list[int]) -> Arrangement:
    chosen = [h for h in row if h >= 0 and strengths[h] >= 0]
    chosen.sort(key=lambda h: (-int(strengths[h]), hands[h]))
    used = {p for h in chosen for p in hands[h]}
    return Arrangement(
        sets=tuple(display_order(cards[p] for p in hands[h]) for h in chosen),
        discards=tuple(c for p, c in enumerate(cards) if p not in used),
        strengths=tuple(int(strengths[h]) for h in chosen),
    )


def sorted_hand(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    hand = tuple(sorted(parse_cards(cards)))
    if any(c.is_joker for c in hand):
        raise InvalidCardError("these games are played without jokers")
    return hand


def game_of(hand: tuple[Card, ...], game: Game | None) -> Game:
    if game is not None:
        if game not in ("nine-card", "crash"):
            raise RulesError(f"unknown game {game!r}: nine-card or crash")
        return game
    return "crash" if len(hand) == 13 else "nine-card"


def check_nine_hand(hand: tuple[Card, ...]) -> None:
    if len(hand) not in (3, 6, 9):
        raise InvalidCardError(f"Nine Card Brag arranges 9, 6 or 3 cards, not {len(hand)}")
    for card, group in itertools.groupby(hand):
        if len(list(group)) > 2:
            raise InvalidCardError(f"{card} is held more than twice (two packs at most)")


def check_crash_hand(hand: tuple[Card, ...]) -> None:
    if len(hand) != 13:
        raise InvalidCardError(f"a Crash hand is thirteen cards, not {len(hand)}")
    if len(set(hand)) != 13:
        raise InvalidCardError("a Crash hand holds a card twice (one pack, C1)")


def min_category_of(min_category: Category | str | int) -> Category:
    if isinstance(min_category, str):
        try:
            return Category[min_category.upper().replace("-", "_").replace(" ", "_")]
        except KeyError:
            raise RulesError(f"unknown category {min_category!r}") from None
    return Category(min_category)


def nine_strengths(hand: tuple[Card, ...], order: Ordering) -> npt.NDArray[np.int32]:
    scale = scale_table(order)
    t = position_triples(len(hand))
    c = np.array(hand, dtype=np.intp)
    return scale.tri[c[t[:, 0]], c[t[:, 1]], c[t[:, 2]]].astype(np.int32)


def crash_table(hand: tuple[Card, ...], order: Ordering, floor: Category
                 ) -> tuple[list[tuple[int, ...]], npt.NDArray[np.int32], npt.NDArray[np.intp]]:
    """Hands (286 triples, then the fours of a kind), their strengths (-1: below the floor,
    C4) and the candidate rows: every way to take up to four hands (C2)."""
    scale = scale_table(order)
    triples = position_triples(13)
    c = np.array(hand, dtype=np.intp)
    s = scale.tri[c[triples[:, 0]], c[triples[:, 1]], c[triples[:, 2]]].astype(np.int32)
    s[scale.category[s] < int(floor)] = NO_HAND  # rule C4: hands below min_category don't count
    hands: list[tuple[int, ...]] = [tuple(t) for t in triples.tolist()]
    quads = [p for p in range(10) if hand[p] // 4 == hand[p + 3] // 4]
    quad_strength = [int(scale.quad[hand[p] // 4]) for p in quads]
    strengths = np.concatenate([s, np.array(quad_strength, dtype=np.int32)])
    rows = [partitions(13, 4)]
    ids13 = _triple_ids(13)
    for q in range(1, len(quads) + 1):
        for chosen in itertools.combinations(range(len(quads)), q):
            used = {quads[i] + j for i in chosen for j in range(4)}
            rest = np.array([p for p in range(13) if p not in used], dtype=np.intp)
            k = min(4 - q, len(rest) // 3)
            part = partitions(len(rest), k)
            t = position_triples(len(rest))
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
    hand = sorted_hand(cards)
    which = game_of(hand, game)
    order = ordering_for(ordering, which)
    if which == "nine-card":
        check_nine_hand(hand)
        strengths = nine_strengths(hand, order)
        k = len(hand) // 3
        rows = partitions(len(hand), k)
        top = strengths[rows].max(axis=1)
        if cap is not None:
            rows = rows[top <= cap]  # rule N6: no set may beat the last one played
        hands: list[tuple[int, ...]] = [tuple(t) for t in position_triples(len(hand)).tolist()]
        rows = _unique_rows(hand, hands, strengths, rows)
        return Arrangements(hand, hands, strengths, rows)
    check_crash_hand(hand)
    floor = min_category_of(min_category)
    hands, strengths, rows = crash_table(hand, order, floor)
    rows = np.where(rows >= 0, rows, len(strengths))  # index of "no hand"
    ext = np.concatenate([strengths, np.array([NO_HAND], dtype=np.int32)])
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
    hand = sorted_hand(cards)
    check_nine_hand(hand)
    order = Ordering.parse(ordering)
    s = nine_strengths(hand, order)
    n = len(hand)
    triples = position_triples(n)
    ok = np.ones(len(triples), dtype=bool) if cap is None else s <= cap
    if n > 3:
        # For each triple, the splits of the rest: their strongest set, at best.
        rest_best = s[rest_partitions(n)].max(axis=2).min(axis=1)
        ok &= rest_best <= s  # rule N6: the rest must still go in descending order
    out: list[tuple[Card, Card, Card]] = []
    seen: set[tuple[int, int, int]] = set()
    for i in sorted(np.flatnonzero(ok).tolist(), key=lambda i: (-int(s[i]), i)):
        a, b, c = display_order(hand[p] for p in triples[i])
        key = (int(a), int(b), int(c))
        if key not in seen:
            seen.add(key)
            out.append((a, b, c))
    return out


@functools.cache
def rest_partitions(n: int) -> npt.NDArray[np.intp]:
    """``rest[i]``: the splits into sets of the positions not in triple i, as triple ids."""
    ids = _triple_ids(n)
    blocks = []
    for t in position_triples(n).tolist():
        rest = np.array([p for p in range(n) if p not in t], dtype=np.intp)
        sub = position_triples(len(rest))
        blocks.append(ids[rest[sub[:, 0]], rest[sub[:, 1]], rest[sub[:, 2]]][
            partitions(len(rest), len(rest) // 3)])
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
    return crash_hands(sorted_hand(cards), hands, ordering=Ordering.parse(ordering),
                       floor=min_category_of(min_category))


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


