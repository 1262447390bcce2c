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

from bragkit.games.set_layout import display_order
from bragkit.games.set_scale import (
    FastScale,
    Game,
    category_of,
    describe_set,
    fast_scale,
    name_of,
    scale_table,
    set_strength,
    strength_of,
)
from bragkit.games.set_search import (
    Arrangement,
    Arrangements,
    check_crash_hands,
    crash_hands,
    legal_arrangements,
    partitions,
    playable_sets,
    position_triples,
    rest_partitions,
)
from bragkit.games.set_strategies import (
    SAMPLES,
    STRATEGIES,
    Strategy,
    best_arrangement,
    win_chances,
)

__all__ = [
    "SAMPLES",
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
    "display_order",
    "fast_scale",
    "legal_arrangements",
    "name_of",
    "partitions",
    "playable_sets",
    "position_triples",
    "rest_partitions",
    "scale_table",
    "set_strength",
    "strength_of",
    "win_chances",
]
