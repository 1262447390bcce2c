"""Exact counts and equity: how often each hand comes up and how it fares (rules H9, W1–W3).

Everything here counts exactly over the hands a pack can deal (22,100 from 52 cards, rule H9),
with any wild cards and jokers (W1) and any dead cards taken out — except equity against two or
more opponents, which is a seeded Monte Carlo estimate with its standard error.

>>> [(row.label, row.combinations) for row in category_counts()][:3]
[('prial of threes', 4), ('other prials', 48), ('running flush', 48)]
>>> odds_against(4, 22100), odds_against(16440, 22100)
('5524 to 1', '3 to 1 on')

Head to head: a hand against every hand one opponent could hold.

>>> result = head_to_head("Qh Qs 4d")
>>> result.win, result.tie, result.lose, result.total
(16269, 3, 2152, 18424)

The same for every hand at once, by inclusion–exclusion over shared cards (:func:`all_head_to_head`)
rather than by playing out 407 million matchups:

>>> table = all_head_to_head()
>>> int(table.win.sum() + table.tie.sum() + table.lose.sum()) == 22100 * 18424
True
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bragkit.cards import JOKER_INDEX, Card, CardsLike, RandomSource, make_rng, parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands import Category, Ordering, evaluate, strength_table
from bragkit.hands.orderings import category_name, hand_classes
from bragkit.hands.rank import WILD_SLOTS, HandRank
from bragkit.hands.table import rank_objects
from bragkit.hands.wild import WildLike, wild_set

__all__ = [
    "AllHeadToHead",
    "CategoryCount",
    "Equity",
    "Matchups",
    "Standing",
    "all_head_to_head",
    "category_counts",
    "describe_value",
    "distinct_strengths",
    "equity",
    "head_to_head",
    "odds_against",
    "probability_text",
    "standing",
]

IntArray = npt.NDArray[np.int64]


# ---------------------------------------------------------------------------------------------
# The pack: which physical cards are in play


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class _Pack:
    """The physical cards in play: each is a card index (jokers repeat 52).

    Packs are made once per description (:func:`_pack` is cached), so they compare and hash by
    identity, which lets the tables built from them be cached too.
    """

    cards: npt.NDArray[np.intp]  # card index of each physical card
    ordering: Ordering
    wild: frozenset[int]

    @property
    def size(self) -> int:
        return len(self.cards)


@functools.lru_cache(maxsize=64)
def _pack(ordering: Ordering, wild: frozenset[int], jokers: int, dead: frozenset[int]) -> _Pack:
    cards = [c for c in range(52) if c not in dead]
    cards += [JOKER_INDEX] * jokers
    array = np.array(cards, dtype=np.intp)
    array.setflags(write=False)
    return _Pack(cards=array, ordering=ordering, wild=wild)


def _make_pack(
    ordering: Ordering | str,
    wild: WildLike,
    jokers: int,
    dead: CardsLike,
) -> _Pack:
    if jokers < 0:
        raise InvalidCardError("the number of jokers cannot be negative")
    dead_cards = parse_cards(dead)
    dead_jokers = sum(1 for c in dead_cards if c == JOKER_INDEX)
    if dead_jokers > jokers:
        raise InvalidCardError("a dead joker, but the pack has not that many jokers")
    return _pack(
        Ordering.parse(ordering),
        wild_set(wild),
        jokers - dead_jokers,
        frozenset(int(c) for c in dead_cards if c != JOKER_INDEX),
    )


@functools.lru_cache(maxsize=8)
def _triples(size: int) -> npt.NDArray[np.intp]:
    """Every 3-subset of ``range(size)``, as an ``(M, 3)`` array in lexicographic order."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(size), 3)),
        dtype=np.intp,
        count=3 * math.comb(size, 3),
    )
    out = flat.reshape(-1, 3)
    out.setflags(write=False)
    return out


@functools.lru_cache(maxsize=16)
def _hand_values(pack: _Pack) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int16]]:
    """The hands the pack can deal (physical positions) and their strengths."""
    positions = _triples(pack.size)
    cards = pack.cards[positions]
    values = strength_table(pack.ordering, pack.wild)[cards[:, 0], cards[:, 1], cards[:, 2]]
    values.setflags(write=False)
    return positions, values


def _positions_of(hand: Sequence[Card], pack: _Pack) -> list[int]:
    """Where the hand's cards sit in the pack (a joker takes the next unused joker)."""
    positions: list[int] = []
    for card in hand:
        spots = [int(p) for p in np.flatnonzero(pack.cards == int(card)) if int(p) not in positions]
        if not spots:
            what = "a joker" if card == JOKER_INDEX else str(card)
            raise InvalidCardError(f"{what} is not in the pack (dead, or no jokers added)")
        positions.append(spots[0])
    return positions


def _checked_hand(cards: CardsLike, pack: _Pack) -> tuple[tuple[Card, ...], HandRank, list[int]]:
    hand = parse_cards(cards)
    rank = evaluate(hand, ordering=pack.ordering, wild=pack.wild)  # validates: three cards
    return hand, rank, _positions_of(hand, pack)


# ---------------------------------------------------------------------------------------------
# Frequencies of categories (rule H9)


@dataclass(frozen=True, slots=True, kw_only=True)
class CategoryCount:
    """One row of the table of rule H9: how many hands the pack deals of this kind."""

    label: str
    category: Category
    combinations: int
    total: int

    @property
    def probability(self) -> float:
        """The chance of being dealt such a hand."""
        return self.combinations / self.total

    @property
    def probability_text(self) -> str:
        """The chance as a simple fraction, as the sources print it (``"1/460"``)."""
        return probability_text(self.combinations, self.total)

    @property
    def odds(self) -> str:
        """The odds against, ``"459 to 1"``, or on, ``"3 to 1 on"``."""
        return odds_against(self.combinations, self.total)


def probability_text(count: int, total: int) -> str:
    """A chance as the fraction the sources print: ``1/N`` when under a half, ``(N-1)/N`` above.

    >>> probability_text(48, 22100), probability_text(16440, 22100), probability_text(1, 2)
    ('1/460', '3/4', '1/2')
    """
    if count <= 0:
        return "0"
    if count >= total:
        return "1"
    if 2 * count <= total:
        return f"1/{round(total / count)}"
    n = round(total / (total - count))
    return f"{n - 1}/{n}"


def odds_against(count: int, total: int) -> str:
    """Odds in the bookmaker's style: ``"30 to 1"`` against, ``"3 to 1 on"``, ``"evens"``.

    >>> odds_against(720, 22100), odds_against(1, 2), odds_against(0, 5)
    ('30 to 1', 'evens', 'impossible')
    """
    if count <= 0:
        return "impossible"
    if count >= total:
        return "certain"
    if 2 * count < total:
        n = round((total - count) / count)
        return "evens" if n <= 1 else f"{n} to 1"
    if 2 * count == total:
        return "evens"
    n = round(count / (total - count))
    return "evens" if n <= 1 else f"{n} to 1 on"


def category_counts(
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike = (),
    jokers: int = 0,
    dead: CardsLike = (),
) -> list[CategoryCount]:
    """How many hands of each category the pack deals, best first (rule H9), counted exactly.

    The best prial (3-3-3 in the standard order, A-A-A elsewhere) gets a row of its own, as in
    the sources. Wild cards count as the best hand they make (W2).

    >>> [row.combinations for row in category_counts()]
    [4, 48, 48, 720, 1096, 3744, 16440]
    >>> sum(r.combinations for r in category_counts(jokers=2)) == math.comb(54, 3)
    True
    """
    pack = _make_pack(ordering, wild, jokers, dead)
    _, values = _hand_values(pack)
    total = len(values)
    classes = hand_classes(pack.ordering)
    bases = values.astype(np.intp) // WILD_SLOTS
    per_class = np.bincount(bases, minlength=len(classes))
    top_prial = max(
        (i for i, cls in enumerate(classes) if cls.category is Category.PRIAL), default=-1
    )
    rows: list[CategoryCount] = []
    for category in sorted(Category, reverse=True):
        if category is Category.FOUR_OF_A_KIND:
            continue  # never three cards
        members = [i for i, cls in enumerate(classes) if cls.category is category]
        if not members:
            continue
        label = category_name(category, pack.ordering)
        if category is Category.PRIAL:
            top = classes[top_prial].describe(pack.ordering)
            rows.append(_row(top, category, int(per_class[top_prial]), total))
            members = [i for i in members if i != top_prial]
            label = "other " + label + "s"
        rows.append(_row(label, category, int(per_class[members].sum()), total))
    return rows


def _row(label: str, category: Category, count: int, total: int) -> CategoryCount:
    return CategoryCount(label=label, category=category, combinations=count, total=total)


def distinct_strengths(
    *, ordering: Ordering | str = Ordering.STANDARD, wild: WildLike = (), jokers: int = 0
) -> int:
    """How many different strengths the pack's hands take (rule H9: 741 in the standard order).

    >>> distinct_strengths(), distinct_strengths(ordering="historic")
    (741, 455)
    """
    _, values = _hand_values(_make_pack(ordering, wild, jokers, ()))
    return len(np.unique(values))


# ---------------------------------------------------------------------------------------------
# One hand among all hands


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    """Where a hand stands among every hand the pack deals."""

    rank: HandRank
    beats: int
    ties: int
    total: int

    @property
    def loses_to(self) -> int:
        """How many hands are better."""
        return self.total - self.beats - self.ties


def standing(
    cards: CardsLike,
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike = (),
    jokers: int = 0,
) -> Standing:
    """How many of all the hands this hand beats and ties (counting itself as a tie).

    >>> s = standing("Qh Qs 4d")
    >>> s.beats, s.ties, s.total
    (19368, 24, 22100)
    """
    pack = _make_pack(ordering, wild, jokers, ())
    _, rank, _ = _checked_hand(cards, pack)
    _, values = _hand_values(pack)
    beats = int(np.count_nonzero(values < rank.value))
    ties = int(np.count_nonzero(values == rank.value))
    return Standing(rank=rank, beats=beats, ties=ties, total=len(values))


# ---------------------------------------------------------------------------------------------
# Head to head, exactly


@dataclass(frozen=True, slots=True, kw_only=True)
class Matchups:
    """A hand against every hand one opponent could hold: wins, ties and losses."""

    win: int
    tie: int
    lose: int

    @property
    def total(self) -> int:
        """Every hand the opponent could hold."""
        return self.win + self.tie + self.lose

    @property
    def equity(self) -> float:
        """The share of the pot the hand takes on average, ties split (showdown, B8)."""
        return (self.win + self.tie / 2) / self.total if self.total else 0.0


def head_to_head(
    cards: CardsLike,
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike = (),
    jokers: int = 0,
    dead: CardsLike = (),
) -> Matchups:
    """A hand against each hand an opponent could hold from the rest of the pack, exactly.

    ``dead`` cards (seen folded, say) are out of the pack.

    >>> head_to_head("3s 3h 3d")
    Matchups(win=18424, tie=0, lose=0)
    >>> head_to_head("7s 7h Qc").tie   # rule H8: 7c 7d with any of the three other queens
    3
    """
    pack = _make_pack(ordering, wild, jokers, dead)
    _, rank, mine = _checked_hand(cards, pack)
    positions, values = _hand_values(pack)
    held = np.zeros(pack.size, dtype=bool)
    held[mine] = True
    disjoint = ~held[positions].any(axis=1)
    theirs = values[disjoint]
    win = int(np.count_nonzero(theirs < rank.value))
    tie = int(np.count_nonzero(theirs == rank.value))
    return Matchups(win=win, tie=tie, lose=len(theirs) - win - tie)


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class AllHeadToHead:
    """Every hand the pack deals against every disjoint hand: arrays, one row per hand.

    ``hands`` holds card indices (``(M, 3)``, 52 for a joker), ``values`` the strengths,
    ``win``/``tie``/``lose`` the counts against the ``opponents`` hands disjoint from each.
    """

    hands: npt.NDArray[np.intp]
    values: npt.NDArray[np.int16]
    win: IntArray
    tie: IntArray
    lose: IntArray
    opponents: int

    def __len__(self) -> int:
        return len(self.values)

    def matchups(self, cards: CardsLike) -> Matchups:
        """The row of one hand (found by its cards)."""
        wanted = sorted(int(c) for c in parse_cards(cards))
        rows = np.flatnonzero((np.sort(self.hands, axis=1) == wanted).all(axis=1))
        if not rows.size:
            raise InvalidCardError("that hand is not one the pack deals")
        row = int(rows[0])
        return Matchups(win=int(self.win[row]), tie=int(self.tie[row]), lose=int(self.lose[row]))


def all_head_to_head(
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike = (),
    jokers: int = 0,
    dead: CardsLike = (),
) -> AllHeadToHead:
    """Every hand against every hand it could meet, exactly, in a few milliseconds.

    Inclusion–exclusion over shared cards: the hands weaker than a hand ``H`` that share no card
    with it are all the weaker hands, less those holding each card of ``H``, plus those holding
    each pair of its cards (which were taken away twice). With the hands' strengths ranked and
    counted cumulatively — overall, per card and per pair of cards — each term is one look-up.
    Ties are counted the same way (less ``H`` itself); losses are the rest.

    >>> t = all_head_to_head(dead="As")
    >>> len(t), t.opponents
    (20825, 17296)
    """
    pack = _make_pack(ordering, wild, jokers, dead)
    return _all_head_to_head(pack)


@functools.lru_cache(maxsize=8)
def _all_head_to_head(pack: _Pack) -> AllHeadToHead:
    positions, values = _hand_values(pack)
    size = pack.size
    distinct, level = np.unique(values, return_inverse=True)
    levels = len(distinct)
    level = level.astype(np.intp).ravel()

    # Hands by strength level: overall, per card, per pair of cards.
    a, b, c = positions[:, 0], positions[:, 1], positions[:, 2]
    ab, ac, bc = _pair_index(a, b, size), _pair_index(a, c, size), _pair_index(b, c, size)
    at_all = np.bincount(level, minlength=levels)
    per_card = np.bincount(
        (np.concatenate([a, b, c]) * levels + np.tile(level, 3)), minlength=size * levels
    ).reshape(size, levels)
    pairs = size * (size - 1) // 2
    per_pair = np.bincount(
        (np.concatenate([ab, ac, bc]) * levels + np.tile(level, 3)), minlength=pairs * levels
    ).reshape(pairs, levels)

    # Cumulative: how many are strictly weaker than each level.
    below_all = np.cumsum(at_all) - at_all
    below_card = (np.cumsum(per_card, axis=1) - per_card).ravel()
    below_pair = (np.cumsum(per_pair, axis=1) - per_pair).ravel()
    at_card, at_pair = per_card.ravel(), per_pair.ravel()

    def disjoint(overall: IntArray, card: IntArray, pair: IntArray) -> IntArray:
        total = overall[level].astype(np.int64)
        for x in (a, b, c):
            total -= card[x * levels + level]
        for p in (ab, ac, bc):
            total += pair[p * levels + level]
        return total

    win = disjoint(below_all, below_card, below_pair)
    tie = disjoint(at_all, at_card, at_pair) - 1  # less the hand itself
    opponents = math.comb(size - 3, 3)
    lose = opponents - win - tie
    return AllHeadToHead(
        hands=pack.cards[positions],
        values=values,
        win=win,
        tie=tie,
        lose=lose,
        opponents=opponents,
    )


def _pair_index(low: npt.NDArray[np.intp], high: npt.NDArray[np.intp], size: int) -> IntArray:
    """The index of the pair ``low < high`` among all ``size * (size - 1) / 2`` pairs."""
    return (low * (2 * size - low - 1)) // 2 + (high - low - 1)


# ---------------------------------------------------------------------------------------------
# Equity against several opponents


@dataclass(frozen=True, slots=True, kw_only=True)
class Equity:
    """A hand's chances against ``opponents`` random hands at a showdown (B8: ties split).

    ``win`` is the chance of beating everyone, ``tie`` of sharing the best hand, ``lose`` of
    being beaten; ``equity`` the average share of the pot. ``exact`` results have no error;
    estimates carry the standard error of ``equity`` (and of ``win``) from ``trials`` deals.
    """

    opponents: int
    win: float
    tie: float
    lose: float
    equity: float
    exact: bool
    trials: int = 0
    equity_error: float = 0.0
    win_error: float = 0.0


def equity(
    cards: CardsLike,
    opponents: int = 1,
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike = (),
    jokers: int = 0,
    dead: CardsLike = (),
    trials: int = 100_000,
    rng: RandomSource = None,
) -> Equity:
    """Chances against ``opponents`` random hands: exact for one, Monte Carlo beyond.

    The estimate deals ``trials`` tables from the rest of the pack with a random source from
    ``rng`` (a seed makes it reproducible, :func:`~bragkit.cards.make_rng`).

    >>> e = equity("Qh Qs 4d")
    >>> e.exact, round(e.win, 4)
    (True, 0.883)
    >>> e3 = equity("Qh Qs 4d", 3, trials=20_000, rng=7)
    >>> e3.exact, abs(e3.win - 0.883 ** 3) < 5 * e3.win_error + 0.02
    (False, True)
    """
    if opponents < 1:
        raise InvalidCardError("there must be at least one opponent")
    pack = _make_pack(ordering, wild, jokers, dead)
    _, rank, mine = _checked_hand(cards, pack)
    rest = np.delete(pack.cards, mine)
    if 3 * opponents > len(rest):
        raise InvalidCardError(f"the pack cannot deal {opponents} more hands")
    if opponents == 1:
        m = head_to_head(cards, ordering=ordering, wild=wild, jokers=jokers, dead=dead)
        total = m.total
        return Equity(
            opponents=1,
            win=m.win / total,
            tie=m.tie / total,
            lose=m.lose / total,
            equity=m.equity,
            exact=True,
        )
    if trials < 2:
        raise InvalidCardError("a Monte Carlo estimate needs at least two trials")
    generator = np.random.default_rng(make_rng(rng).getrandbits(64))
    table = strength_table(pack.ordering, pack.wild)
    shares = np.empty(trials)
    wins = np.empty(trials, dtype=bool)
    ties = np.empty(trials, dtype=bool)
    chunk = 20_000
    for start in range(0, trials, chunk):
        n = min(chunk, trials - start)
        order = np.argsort(generator.random((n, len(rest))), axis=1)[:, : 3 * opponents]
        dealt = rest[order].reshape(n, opponents, 3)
        theirs = table[dealt[..., 0], dealt[..., 1], dealt[..., 2]]
        best = theirs.max(axis=1)
        level = np.count_nonzero(theirs == rank.value, axis=1)
        won = best < rank.value
        tied = best == rank.value
        shares[start : start + n] = np.where(won, 1.0, np.where(tied, 1.0 / (level + 1), 0.0))
        wins[start : start + n] = won
        ties[start : start + n] = tied
    win = float(wins.mean())
    tie = float(ties.mean())
    return Equity(
        opponents=opponents,
        win=win,
        tie=tie,
        lose=1.0 - win - tie,
        equity=float(shares.mean()),
        exact=False,
        trials=trials,
        equity_error=float(shares.std(ddof=1) / math.sqrt(trials)),
        win_error=math.sqrt(win * (1 - win) / trials),
    )


def describe_value(value: int, ordering: Ordering | str = Ordering.STANDARD) -> str:
    """The words for a strength value of an ordering.

    >>> describe_value(int(strength_table()[4, 8, 12]))
    'running flush, 5-4-3'
    """
    found = rank_objects(Ordering.parse(ordering))[value]
    if found is None:
        raise InvalidCardError(f"no hand has strength {value}")
    return str(found)

