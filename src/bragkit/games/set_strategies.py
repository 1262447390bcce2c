"""The strategies that score an arrangement of sets: ``"greedy"`` (the strongest set first, then
the strongest of the rest) and ``"expected"`` (the most points expected against random
opponents: N4's 3/2/1 in Nine Card Brag, the chance of beating every opponent in Crash, C4), and
the chance an arrangement wins each round. See :mod:`bragkit.games.arrange`.

>>> from bragkit.cards import parse_cards
>>> str(best_arrangement(parse_cards("8s 8h 8d 9c Tc 7s Jh 6d 2c"), strategy="greedy"))
'8s 8h 8d | Jh Tc 9c | 7s 6d 2c'
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from bragkit.cards import Card
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.set_scale import NO_HAND, Game, ordering_for, scale_table
from bragkit.games.set_search import (
    Arrangement,
    build_arrangement,
    check_crash_hand,
    check_nine_hand,
    crash_table,
    game_of,
    min_category_of,
    nine_strengths,
    partitions,
    position_triples,
    sorted_hand,
)
from bragkit.hands import Category, Ordering

__all__ = ["SAMPLES", "STRATEGIES", "Strategy", "best_arrangement", "win_chances"]

Strategy = Literal["greedy", "expected"]
STRATEGIES: Final[tuple[Strategy, ...]] = ("greedy", "expected")

#: How many random deals estimate an opponent's set in each round (``"expected"``).
SAMPLES: Final = 4000
_SEED: Final = 20240521

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
    scale = scale_table(order)
    if game == "nine-card":
        hands = _sample_hands(9, decks, SAMPLES)
        t = position_triples(9)
        s = scale.tri[hands[:, t[:, 0]], hands[:, t[:, 1]], hands[:, t[:, 2]]].astype(np.int32)
        rows = partitions(9, 3)
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
    scale = scale_table(order)
    m = len(hands)
    t = position_triples(13)
    s = scale.tri[hands[:, t[:, 0]], hands[:, t[:, 1]], hands[:, t[:, 2]]].astype(np.int32)
    s[scale.category[s] < int(floor)] = NO_HAND
    member = np.zeros((len(t), 13), dtype=np.int32)
    member[np.arange(len(t))[:, None], t] = 1
    out = np.full((m, 4), NO_HAND, dtype=np.int32)
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
        cand = np.where(clash, NO_HAND, s)
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
    table = _expected_tables("crash", Ordering.parse(ordering), min_category_of(min_category), 1,
                             players, ())
    s = list(arrangement.strengths) + [NO_HAND] * 4
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
    >>> from bragkit.games.set_scale import set_strength
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
    hand = sorted_hand(cards)
    which = game_of(hand, game)
    order = ordering_for(ordering, which)
    scale = scale_table(order)
    if which == "nine-card":
        check_nine_hand(hand)
        floor = Category.HIGH_CARD
        strengths = nine_strengths(hand, order)
        k = len(hand) // 3
        rows = partitions(len(hand), k)
        hands: list[tuple[int, ...]] = [tuple(t) for t in position_triples(len(hand)).tolist()]
        first_round = 3 - k
    else:
        check_crash_hand(hand)
        floor = min_category_of(min_category)
        hands, strengths, rows = crash_table(hand, order, floor)
        first_round = 0
    ext = np.concatenate([strengths, np.array([NO_HAND], dtype=np.int32)])
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
    return build_arrangement(hand, hands, strengths, rows[choice].tolist())
