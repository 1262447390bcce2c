"""Hands as the solver sees them: suit classes and showdown sums with exact card removal.

Suits have no order in Brag (rule H1), so two hands that differ only by a renaming of suits play
alike: the solver keeps one number per *class* of such hands (1,755 classes of the 22,100 hands
of rule H9), and loses nothing by it (the game is the same under any renaming of suits, so the
equilibrium CFR+ finds from a symmetric start is symmetric too).

The opponent's hands must share no card with ours. :class:`HandSpace` sums the opponent's
reach over the hands disjoint from each of ours by inclusion–exclusion over shared cards — all
hands, less those holding each of our three cards, plus those holding each pair of them, less
our own hand — and with the classes sorted by strength each sum is a prefix sum: linear time for
every hand at once (the head-to-head trick of :func:`bragkit.odds.all_head_to_head`).

>>> from bragkit.solver.abstraction import Abstraction
>>> space = HandSpace(Abstraction())
>>> space.n_hands, space.n_classes, space.opponents
(22100, 1755, 18424)
>>> import numpy as np
>>> ones = np.ones((1, space.n_classes))
>>> i = space.class_of("Qh Qs 4d")
>>> int(space.below(ones)[0, i]), int(space.ties(ones)[0, i]), int(space.disjoint(ones)[0, i])
(16269, 3, 18424)
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
import numpy.typing as npt

from bragkit.cards import CardsLike, parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands.table import strength_table
from bragkit.solver.abstraction import Abstraction

__all__ = ["HandSpace", "hand_space"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

_BLOCK = 32  # rows of reach worked at once: their prefix sums stay in the cache


@functools.lru_cache(maxsize=8)
def hand_space(abstraction: Abstraction) -> HandSpace:
    """The (cached) hand space of an abstraction's pack and ordering."""
    return HandSpace(abstraction)


class HandSpace:
    """The hands of a pack, grouped into suit classes sorted by strength (weakest first).

    ``hands`` is every hand (an ``(H, 3)`` array of card indices, ascending), ``hand_class``
    the class of each; per class, ``counts`` is how many hands it holds, ``strength`` its
    strength (higher is better) and ``representative`` one of its hands.
    """

    def __init__(self, abstraction: Abstraction) -> None:
        deck = np.array([int(c) for c in abstraction.deck()], dtype=np.intp)
        self.deck = deck
        self.suits = abstraction.suits
        hands = np.array(list(itertools.combinations(deck.tolist(), 3)), dtype=np.intp)
        table = strength_table(abstraction.ordering)
        hand_strength = table[hands[:, 0], hands[:, 1], hands[:, 2]].astype(np.int64)
        self.hands = hands
        self.n_hands = len(hands)
        self.opponents = math.comb(len(deck) - 3, 3)

        # Suit classes: the least code of the hand over every renaming of its suits.
        codes = np.full(len(hands), np.iinfo(np.int64).max, dtype=np.int64)
        for perm in itertools.permutations(range(self.suits)):
            mapping = np.arange(52)
            for s, t in enumerate(perm):
                mapping[s::4] = np.arange(t, 52, 4)
            renamed = np.sort(mapping[hands], axis=1)
            code = (renamed[:, 0] * 64 + renamed[:, 1]) * 64 + renamed[:, 2]
            codes = np.minimum(codes, code)
        unique_codes, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        # order the classes by strength (then by code), weakest first
        order = np.lexsort((unique_codes, hand_strength[first]))
        rank_of = np.empty(len(order), dtype=np.intp)
        rank_of[order] = np.arange(len(order))
        self.hand_class: IntArray = rank_of[inverse.ravel()]
        self.n_classes = len(order)
        self.counts: FloatArray = np.bincount(self.hand_class, minlength=self.n_classes).astype(
            np.float64)
        self.representative: IntArray = hands[first[order]]
        self.strength: npt.NDArray[np.int64] = hand_strength[first[order]]
        self._index: dict[tuple[int, ...], int] = {
            tuple(h): i for i, h in enumerate(hands.tolist())}
        self._build_groups()

    # -- the prefix-sum groups -----------------------------------------------------------------

    def _build_groups(self) -> None:
        """Entries (group, class, weight), sorted by group then strength.

        Group 0 is every hand; then one group per rank (hands holding a given card of that
        rank), then one per pair type (hands holding a given pair of cards of that type: two
        ranks, suited or not). By the suit symmetry the count depends only on the rank or type.
        """
        n, s = self.n_classes, self.suits
        ranks = self.hands // 4
        suits = self.hands % 4
        n_ranks = 13
        # per class, how many (hand, card of rank R) there are, and per pair type
        card_counts = np.zeros((n, n_ranks))
        np.add.at(card_counts, (np.repeat(self.hand_class, 3), ranks.ravel()), 1.0)
        rank_weight = card_counts / s  # hands of the class holding one given card of rank R
        pair_ids = []
        for a, b in ((0, 1), (0, 2), (1, 2)):
            pair_ids.append(self._pair_type(ranks[:, a], ranks[:, b], suits[:, a] == suits[:, b]))
        pair_type = np.stack(pair_ids, axis=1)
        n_types = n_ranks * n_ranks * 2
        pair_counts = np.zeros((n, n_types))
        np.add.at(pair_counts, (np.repeat(self.hand_class, 3), pair_type.ravel()), 1.0)
        pairs_in_deck = np.zeros(n_types)
        deck_ranks, deck_suits = self.deck // 4, self.deck % 4
        for x, y in itertools.combinations(range(len(self.deck)), 2):
            t = self._pair_type(np.array([deck_ranks[x]]), np.array([deck_ranks[y]]),
                                np.array([deck_suits[x] == deck_suits[y]]))[0]
            pairs_in_deck[t] += 1
        pair_weight = np.divide(pair_counts, pairs_in_deck, out=np.zeros_like(pair_counts),
                                where=pairs_in_deck > 0)
        for w in (rank_weight, pair_weight):  # the symmetry makes these whole numbers
            if not np.allclose(w, np.round(w)):  # pragma: no cover - a pack that is not closed
                raise InvalidCardError("the pack is not closed under renaming suits")

        # weights: columns = groups (0: all; 1..13: ranks; then pair types)
        weights = np.concatenate([self.counts[:, None], rank_weight, pair_weight], axis=1)
        entry_group, entry_class = np.nonzero(weights.T)  # sorted by group, then class
        self._entry_class: IntArray = entry_class.astype(np.intp)
        self._entry_weight: FloatArray = weights[entry_class, entry_group]
        n_groups = weights.shape[1]
        starts = np.searchsorted(entry_group, np.arange(n_groups + 1))

        # Each class's representative: its seven terms (all; 3 cards; 3 pairs), with signs.
        rep = self.representative
        rep_rank, rep_suit = rep // 4, rep % 4
        groups = np.stack([
            np.zeros(n, dtype=np.intp),
            1 + rep_rank[:, 0], 1 + rep_rank[:, 1], 1 + rep_rank[:, 2],
            1 + n_ranks + self._pair_type(rep_rank[:, 0], rep_rank[:, 1],
                                          rep_suit[:, 0] == rep_suit[:, 1]),
            1 + n_ranks + self._pair_type(rep_rank[:, 0], rep_rank[:, 2],
                                          rep_suit[:, 0] == rep_suit[:, 2]),
            1 + n_ranks + self._pair_type(rep_rank[:, 1], rep_rank[:, 2],
                                          rep_suit[:, 1] == rep_suit[:, 2]),
        ], axis=1)
        self._terms = groups
        # within a group, the entries before the cut are strictly weaker (or at most as strong):
        # entries are sorted by (group, strength), so one search over a combined key finds both
        span = int(self.strength.max()) + 1
        key = entry_group.astype(np.int64) * span + self.strength[entry_class]
        wanted = groups.astype(np.int64) * span + self.strength[:, None]
        lo = starts[groups]
        hi = starts[groups + 1]
        below_cut = np.searchsorted(key, wanted, side="left").astype(np.intp)
        at_most_cut = np.searchsorted(key, wanted, side="right").astype(np.intp)
        self._lo, self._hi, self._below_cut, self._at_most_cut = lo, hi, below_cut, at_most_cut
        self._starts = starts[:-1]
        self._ends = starts[1:]
        # the non-empty groups (for segmented sums), and each term's index among them
        nonempty = np.flatnonzero(np.diff(starts) > 0)
        self._nonempty = starts[nonempty]
        position = np.full(n_groups, -1, dtype=np.intp)
        position[nonempty] = np.arange(len(nonempty))
        self._full_terms = position[groups]

    @staticmethod
    def _pair_type(
        r1: npt.NDArray[np.integer], r2: npt.NDArray[np.integer], suited: npt.NDArray[np.bool_]
    ) -> IntArray:
        low = np.minimum(r1, r2).astype(np.intp)
        high = np.maximum(r1, r2).astype(np.intp)
        out: IntArray = (low * 13 + high) * 2 + suited.astype(np.intp)
        return out

    # -- sums over the opponent's disjoint hands --------------------------------------------------

    def _check(self, reach: npt.ArrayLike) -> FloatArray:
        array = np.asarray(reach, dtype=np.float64)
        if array.ndim != 2 or array.shape[1] != self.n_classes:
            raise InvalidCardError(f"reach must be (T, {self.n_classes}), not {array.shape}")
        return array

    def _cut_sums(self, reach: FloatArray, *cuts: IntArray | None) -> list[FloatArray]:
        """For each cut: Σ over the seven terms of sign × (prefix at the cut − prefix at the
        group start), for every row of ``reach``; a cut of ``None`` is each group's end (the
        whole group: every disjoint hand).

        Worked on blocks of rows, transposed so that every gather takes whole rows, and the
        entries' prefix sums of a block stay in the cache (one buffer for every block).
        """
        rows = reach.shape[0]
        outs = [np.empty_like(reach) for _ in cuts]
        n_entries = len(self._entry_class)
        weight = self._entry_weight[:, None]
        groups = self._terms
        buffer = np.empty((n_entries + 1, min(rows, _BLOCK)))
        for start in range(0, rows, _BLOCK):
            block = np.ascontiguousarray(reach[start:start + _BLOCK].T)  # (classes, b)
            prefix = buffer[:, :block.shape[1]] if block.shape[1] < buffer.shape[1] else buffer
            prefix[0] = 0.0
            entries = prefix[1:]
            np.take(block, self._entry_class, axis=0, out=entries)
            entries *= weight
            np.cumsum(entries, axis=0, out=entries)
            at_start = prefix[self._starts]  # (groups, b): small, so its gathers are cheap
            base = at_start[groups[:, 1]] + at_start[groups[:, 2]] + at_start[groups[:, 3]]
            base -= at_start[groups[:, 0]]
            base -= at_start[groups[:, 4]]
            base -= at_start[groups[:, 5]]
            base -= at_start[groups[:, 6]]
            for cut, out in zip(cuts, outs, strict=True):
                if cut is None:  # the group ends: gathered from a small array too
                    at_end = prefix[self._ends]
                    cut, source = groups, at_end
                else:
                    source = prefix
                total = source[cut[:, 0]] - source[cut[:, 1]]
                total -= source[cut[:, 2]]
                total -= source[cut[:, 3]]
                total += source[cut[:, 4]]
                total += source[cut[:, 5]]
                total += source[cut[:, 6]]
                total += base
                out[start:start + _BLOCK] = total.T
        return outs

    def disjoint(self, reach: npt.ArrayLike) -> FloatArray:
        """For each of our classes, the opponent's reach summed over the hands disjoint from it.

        ``reach`` is ``(T, classes)``: the reach of every hand of a class, one row per node.
        (Group totals by a segmented sum: no prefix needed, and no BLAS, whose threads cost
        more than they give on these shapes.)
        """
        array = self._check(reach)
        out = np.empty_like(array)
        terms = self._full_terms
        weight = self._entry_weight[:, None]
        buffer = np.empty((len(self._entry_class), min(array.shape[0], _BLOCK)))
        for start in range(0, array.shape[0], _BLOCK):
            block = np.ascontiguousarray(array[start:start + _BLOCK].T)  # (classes, b)
            entries = buffer if block.shape[1] == buffer.shape[1] else buffer[:, :block.shape[1]]
            np.take(block, self._entry_class, axis=0, out=entries)
            entries *= weight
            full = np.add.reduceat(entries, self._nonempty, axis=0)
            total = full[terms[:, 0]] - full[terms[:, 1]]
            total -= full[terms[:, 2]]
            total -= full[terms[:, 3]]
            total += full[terms[:, 4]]
            total += full[terms[:, 5]]
            total += full[terms[:, 6]]
            total -= block
            out[start:start + _BLOCK] = total.T
        return out

    def below(self, reach: npt.ArrayLike) -> FloatArray:
        """The same sum over the opponent's disjoint hands strictly weaker than ours."""
        return self._cut_sums(self._check(reach), self._below_cut)[0]

    def at_most(self, reach: npt.ArrayLike) -> FloatArray:
        """The same sum over the opponent's disjoint hands no stronger than ours."""
        array = self._check(reach)
        return self._cut_sums(array, self._at_most_cut)[0] - array

    def ties(self, reach: npt.ArrayLike) -> FloatArray:
        """The same sum over the opponent's disjoint hands exactly as strong as ours (H8)."""
        return self.at_most(reach) - self.below(reach)

    def showdown_sums(self, reach: FloatArray, *, seer: bool) -> tuple[FloatArray, FloatArray]:
        """``(won, met)``: the opponent's reach we beat, and all we meet (disjoint hands).

        A seer wins only with a strictly better hand, the seen player on a tie too (B6, H8).
        """
        array = self._check(reach)
        won, met = self._cut_sums(array, self._below_cut if seer else self._at_most_cut, None)
        met -= array
        if not seer:
            won -= array
        return won, met

    # -- hands and classes -------------------------------------------------------------------------

    def class_of(self, cards: CardsLike) -> int:
        """The class of a hand of this pack.

        >>> from bragkit.solver.abstraction import Abstraction
        >>> space = HandSpace(Abstraction())
        >>> space.class_of("3s 3h 3d") == space.n_classes - 1    # the best hand (H3)
        True
        """
        parsed = parse_cards(cards)
        key = tuple(sorted(int(c) for c in parsed))
        index = self._index.get(key)
        if len(parsed) != 3 or index is None:
            raise InvalidCardError(f"not a hand of this pack: {cards!r}")
        return int(self.hand_class[index])

    def hands_of(self, cls: int) -> IntArray:
        """Every hand of class ``cls`` (an ``(m, 3)`` array)."""
        out: IntArray = self.hands[self.hand_class == cls]
        return out
