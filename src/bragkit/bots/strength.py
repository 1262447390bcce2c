"""How strong a hand is, for bots: values, quantiles and the hands an opponent may hold.

A :class:`HandSpace` is built once per game (ordering, wild cards, jokers and hand size, rules
H10, W1, F1, F3) and cached. It knows every three-card hand the pack can deal with its strength
(the :func:`~bragkit.hands.strength_table` value, higher is better), so that

- :meth:`HandSpace.value` is the strength of a hand (of four or five cards: its best three,
  rules F1, F3), and :meth:`HandSpace.quantile` the share of hands it beats (ties count half);
- :meth:`HandSpace.opponent_values` lists the strengths an opponent may hold, given every card
  the bot knows is elsewhere (its own, shown hands, the face-up stock card, cards it tracked
  under the pack: rules D5, D8, D9), and any of the opponent's own cards it knows. For three
  cards that list is exact (every hand, each once); for four and five it is a seeded sample.

>>> from bragkit.cards import parse_cards
>>> from bragkit.games.three_card.rules import Rules
>>> space = HandSpace.of(Rules())
>>> round(space.quantile(space.value(parse_cards("3s 3h 3d"))), 4)   # rule H3: the best
0.9999
>>> space.quantile(space.value(parse_cards("Qh Qs 4d"))) > 0.87
True
>>> len(space.opponent_values(known=parse_cards("Qh Qs 4d")))   # 49 cards: C(49, 3) hands
18424
>>> len(space.opponent_values(known=parse_cards("Qh Qs 4d"), holding=parse_cards("Kc")))
1128
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bragkit.cards import JOKER_INDEX, Card
from bragkit.games.three_card.rules import Rules
from bragkit.hands import Ordering, strength_table, wild_set

if TYPE_CHECKING:
    from bragkit.games.three_card.views import DealView

__all__ = ["HandSpace", "best_discards", "hand_quantile", "kept_cards"]

IntArray = npt.NDArray[np.intp]
ValueArray = npt.NDArray[np.int32]

#: How many hands of four or five cards a sample holds (their strengths are exact; the sample of
#: which hands is seeded, so bots stay reproducible).
SAMPLE = 6_000


@functools.cache
def _triples(size: int) -> IntArray:
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(size), 3)),
                       dtype=np.intp, count=3 * math.comb(size, 3))
    out = flat.reshape(-1, 3)
    out.setflags(write=False)
    return out


@functools.cache
def _subsets(n: int) -> IntArray:
    """The three-card subsets of an ``n``-card hand, as column indices (``(C(n,3), 3)``)."""
    return np.array(list(itertools.combinations(range(n), 3)), dtype=np.intp)


@dataclass(frozen=True, eq=False, slots=True)
class HandSpace:
    """Every hand of one game, with strengths (see the module docstring)."""

    ordering: Ordering
    wild: frozenset[int]
    jokers: int
    cards: int
    physical: IntArray  # card index of each physical card: 0..51, then one 52 per joker
    table: npt.NDArray[np.int16]  # the 53 x 53 x 53 strength table
    triples: IntArray  # every three physical positions
    values: ValueArray  # strength of each triple
    spread: ValueArray  # sorted strengths of a hand of ``cards`` cards (exact for three)

    @classmethod
    def of(cls, rules: Rules) -> HandSpace:
        """The hand space of a game's rules (cached)."""
        wild = frozenset(int(c) for c in rules.wild_cards)
        return _space(Ordering.parse(rules.ordering), wild_set(wild), rules.jokers, rules.cards)

    # -- one hand ------------------------------------------------------------------------------

    def value(self, cards: Sequence[Card]) -> int:
        """The strength of three cards, or of the best three of four or five (F1, F3)."""
        table = self.table
        if len(cards) == 3:
            a, b, c = (int(x) for x in cards)
            return int(table[a, b, c])
        idx = [int(x) for x in cards]
        return max(int(table[idx[i], idx[j], idx[k]])
                   for i, j, k in itertools.combinations(range(len(idx)), 3))

    def quantile(self, value: int) -> float:
        """The share of hands of this game weaker than ``value``, ties counting half (0..1)."""
        spread = self.spread
        low = int(np.searchsorted(spread, value, side="left"))
        high = int(np.searchsorted(spread, value, side="right"))
        return (low + high) / (2 * len(spread))

    def quantiles(self, values: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """:meth:`quantile` of many strengths at once."""
        spread = self.spread
        low = np.searchsorted(spread, values, side="left")
        high = np.searchsorted(spread, values, side="right")
        result: npt.NDArray[np.float64] = (low + high) / (2.0 * len(spread))
        return result

    # -- what an opponent may hold -------------------------------------------------------------

    def _positions(self, cards: Iterable[Card]) -> list[int]:
        """Physical positions of cards (a joker takes the next joker not yet taken)."""
        out: list[int] = []
        jokers_taken = 0
        for card in cards:
            if int(card) == JOKER_INDEX:
                if jokers_taken < self.jokers:
                    out.append(52 + jokers_taken)
                    jokers_taken += 1
            else:
                out.append(int(card))
        return out

    def opponent_values(
        self,
        *,
        known: Iterable[Card],
        holding: Sequence[Card] = (),
        rng: random.Random | None = None,
        samples: int = SAMPLE,
    ) -> ValueArray:
        """The strengths of every hand an opponent may hold, each equally likely.

        ``known`` are cards the bot knows are not in the opponent's hand; ``holding`` cards it
        knows are. Three cards: each possible hand once (exact). Four or five: ``samples``
        random hands from the cards left, their best three (``rng`` seeds the sample).
        """
        holding_pos = self._positions(holding)
        known_cards = [c for c in known if c not in holding or int(c) == JOKER_INDEX]
        dead = np.zeros(len(self.physical), dtype=bool)
        taken = self._positions(list(holding) + known_cards)
        dead[taken] = True
        if self.cards == 3 and len(holding_pos) <= 3:
            return self._exact_three(dead, holding_pos)
        return self._sampled(dead, holding_pos, rng or random.Random(0), samples)

    def chances(self, value: int, *, known: Iterable[Card], opponents: int = 1
                ) -> tuple[float, float]:
        """Exactly, for three-card hands: the chance that a hand of strength ``value`` beats
        each of ``opponents`` (1 or 2) hands dealt at random from the cards not ``known``, and
        the chance that no one beats it (ties count as not beaten). Two opponents are counted
        by inclusion–exclusion over the cards their hands share.

        >>> from bragkit.cards import parse_cards
        >>> from bragkit.games.three_card.rules import Rules
        >>> space = HandSpace.of(Rules())
        >>> mine = parse_cards("Qh Qs 4d")
        >>> win, safe = space.chances(space.value(mine), known=mine)
        >>> round(win, 4), round(safe - win, 5)       # 16,269 and 3 of 18,424 (odds module)
        (0.883, 0.00016)
        >>> round(space.chances(space.value(mine), known=mine, opponents=2)[0], 4)
        0.7796
        """
        if self.cards != 3 or opponents not in (1, 2):
            raise ValueError("exact chances are for three cards and one or two opponents")
        dead = np.zeros(len(self.physical), dtype=bool)
        dead[self._positions(known)] = True
        triples = self.triples
        ok = ~(dead[triples[:, 0]] | dead[triples[:, 1]] | dead[triples[:, 2]])
        values = self.values
        counts = [self._ways(triples[mask], opponents)
                  for mask in (ok & (values < value), ok & (values <= value), ok)]
        if not counts[2]:
            return 0.0, 0.0
        return counts[0] / counts[2], counts[1] / counts[2]

    def _ways(self, hands: IntArray, opponents: int) -> int:
        """Ways to deal ``opponents`` hands (ordered, disjoint) all from ``hands``."""
        if opponents == 1 or not len(hands):
            return len(hands)
        size = len(self.physical)
        per_card = np.bincount(hands.ravel(), minlength=size)
        a, b, c = hands[:, 0], hands[:, 1], hands[:, 2]
        pair_ids = np.concatenate([a * size + b, a * size + c, b * size + c])
        per_pair = np.bincount(pair_ids, minlength=size * size)
        disjoint = (len(hands) - per_card[a] - per_card[b] - per_card[c]
                    + per_pair[a * size + b] + per_pair[a * size + c] + per_pair[b * size + c]
                    - 1)
        return int(disjoint.sum())

    def _exact_three(self, dead: npt.NDArray[np.bool_], holding: list[int]) -> ValueArray:
        triples = self.triples
        if not holding:
            ok = ~(dead[triples[:, 0]] | dead[triples[:, 1]] | dead[triples[:, 2]])
            return self.values[ok]
        if len(holding) == 3:
            a, b, c = (int(self.physical[p]) for p in holding)
            return np.array([int(self.table[a, b, c])], dtype=np.int32)
        free = np.flatnonzero(~dead)
        fixed = self.physical[holding]
        if len(holding) == 2:
            rest = self.physical[free]
            vals = self.table[fixed[0], fixed[1], rest]
        else:
            pairs = np.array(list(itertools.combinations(free.tolist(), 2)), dtype=np.intp)
            if not len(pairs):
                return np.zeros(0, dtype=np.int32)
            rest = self.physical[pairs]
            vals = self.table[fixed[0], rest[:, 0], rest[:, 1]]
        out: ValueArray = vals.astype(np.int32)
        return out

    def _sampled(
        self, dead: npt.NDArray[np.bool_], holding: list[int], rng: random.Random, samples: int
    ) -> ValueArray:
        free = np.flatnonzero(~dead)
        need = self.cards - len(holding)
        if need <= 0:
            hand = [int(self.physical[p]) for p in holding[: self.cards]]
            return np.array([self.value([Card(c) for c in hand])], dtype=np.int32)
        if need > len(free):
            return np.zeros(0, dtype=np.int32)
        generator = np.random.default_rng(rng.getrandbits(64))
        keys = generator.random((samples, len(free)))
        picks = np.argpartition(keys, need - 1, axis=1)[:, :need] if need < len(free) \
            else np.argsort(keys, axis=1)
        hands = self.physical[free[picks]]
        if holding:
            fixed = np.broadcast_to(self.physical[holding], (samples, len(holding)))
            hands = np.concatenate([fixed, hands], axis=1)
        return _best_of(self.table, hands)


def _best_of(table: npt.NDArray[np.int16], hands: IntArray) -> ValueArray:
    """The strength of the best three of each row of ``hands`` (rules F1, F3)."""
    best = np.full(len(hands), -1, dtype=np.int32)
    for i, j, k in _subsets(hands.shape[1]):
        np.maximum(best, table[hands[:, i], hands[:, j], hands[:, k]], out=best)
    return best


@functools.cache
def _space(ordering: Ordering, wild: frozenset[int], jokers: int, cards: int) -> HandSpace:
    physical = np.array(list(range(52)) + [JOKER_INDEX] * jokers, dtype=np.intp)
    table = strength_table(ordering, wild)
    triples = _triples(len(physical))
    tc = physical[triples]
    values = table[tc[:, 0], tc[:, 1], tc[:, 2]].astype(np.int32)
    if cards == 3:
        spread = np.sort(values)
    else:  # the strength of a random hand of four or five, by a fixed sample (F1, F3)
        generator = np.random.default_rng(20_250 + cards)
        picks = np.argsort(generator.random((40_000, len(physical))), axis=1)[:, :cards]
        spread = np.sort(_best_of(table, physical[picks]))
    for array in (values, spread):
        array.setflags(write=False)
    return HandSpace(ordering=ordering, wild=wild, jokers=jokers, cards=cards, physical=physical,
                     table=table, triples=triples, values=values, spread=spread)


def best_discards(
    hand: Sequence[Card], rules: Rules, count: int
) -> tuple[Card, ...]:
    """The ``count`` cards to set aside so the best three are kept (rules F1, F3).

    >>> from bragkit.cards import parse_cards
    >>> best_discards(parse_cards("Qh Qs 4d 9c"), Rules(cards=4), 1)
    (Card('4d'),)
    """
    from bragkit.hands import best_hand

    wild = sorted(rules.wild_cards - {Card(JOKER_INDEX)})
    best = best_hand(hand, ordering=rules.ordering, wild=wild, keep=len(hand) - count)
    return tuple(best.discards)


def kept_cards(hand: Sequence[Card], discards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` left once ``discards`` are set aside (F1; jokers may repeat).

    >>> from bragkit.cards import parse_cards
    >>> kept_cards(parse_cards("Jk Jk 4d 9c"), parse_cards("Jk"))
    (Card('Jk'), Card('4d'), Card('9c'))
    """
    left = list(hand)
    for card in discards:
        left.remove(card)
    return tuple(left)


def hand_quantile(view: DealView, rules: Rules) -> float:
    """The share of hands the viewer's hand beats: its kept three once it has discarded (F1),
    else its best three. Needs a looked hand."""
    assert view.hand is not None
    cards = kept_cards(view.hand, view.discards)
    space = HandSpace.of(_rules_for(rules, len(view.hand)))
    return space.quantile(space.value(cards))


def _rules_for(rules: Rules, held: int) -> Rules:
    return rules if rules.cards == held or held not in (3, 4, 5) else rules.replace(cards=held)
