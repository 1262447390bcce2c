"""The best three of four or five cards, and hands with discards (rules F1–F3).

In Four and Five Card Brag a player keeps three cards and discards the rest. Between hands of
equal rank the discards decide, highest discard first (F1, F3 [decision]); a discarded card
counts by its face rank, a joker above an ace. Exactly equal hands compare equal; the game then
applies its own tie rule (the seen player wins, B6).

>>> best = best_hand("Qh Qs 4d 9c")
>>> str(best.rank), best.kept, best.discards
('pair of queens, 9 kicker', (Card('Qh'), Card('Qs'), Card('9c')), (Card('4d'),))
>>> hand_of("7s 7h Qc", "Ad") > hand_of("7c 7d Qd", "Kd")   # rule F1: the discards decide
True
>>> hand_of("7s 7h Qc", "Ad") == hand_of("7c 7d Qd", "Ac")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from bragkit.cards import JOKER_INDEX, Card, format_cards, parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands.categories import Ordering
from bragkit.hands.evaluate import evaluate
from bragkit.hands.rank import HandRank
from bragkit.hands.wild import WildLike

__all__ = ["BestHand", "best_hand", "hand_of"]


def _discard_key(discards: tuple[Card, ...]) -> tuple[int, ...]:
    """Face ranks, highest first; a joker counts above an ace [decision]."""
    return tuple(sorted((15 if c == JOKER_INDEX else c // 4 + 2 for c in discards), reverse=True))


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class BestHand:
    """Three kept cards and the discards; ordered by rank, then the discards (F1, F3).

    >>> hand_of("As Kd 7c") < hand_of("2s 2d 3c")
    True
    """

    rank: HandRank
    kept: tuple[Card, ...]
    discards: tuple[Card, ...] = ()
    _discard_ranks: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_discard_ranks", _discard_key(self.discards))

    @property
    def sort_key(self) -> tuple[int, tuple[int, ...]]:
        """``(rank value, discard ranks highest first)``: what comparisons use."""
        return (self.rank.value, self._discard_ranks)

    def _other(self, other: object) -> BestHand | None:
        if not isinstance(other, BestHand):
            return None
        self.rank._check(other.rank)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BestHand):
            return NotImplemented
        return self.rank == other.rank and self._discard_ranks == other._discard_ranks

    def __hash__(self) -> int:
        return hash((self.rank, self._discard_ranks))

    def __lt__(self, other: BestHand) -> bool:
        theirs = self._other(other)
        return NotImplemented if theirs is None else self.sort_key < theirs.sort_key

    def __le__(self, other: BestHand) -> bool:
        theirs = self._other(other)
        return NotImplemented if theirs is None else self.sort_key <= theirs.sort_key

    def __gt__(self, other: BestHand) -> bool:
        theirs = self._other(other)
        return NotImplemented if theirs is None else self.sort_key > theirs.sort_key

    def __ge__(self, other: BestHand) -> bool:
        theirs = self._other(other)
        return NotImplemented if theirs is None else self.sort_key >= theirs.sort_key

    def __str__(self) -> str:
        text = f"{self.rank} ({format_cards(self.kept)})"
        if self.discards:
            text += f", discarding {format_cards(self.discards)}"
        return text


def hand_of(
    kept: str | Iterable[Card],
    discards: str | Iterable[Card] = (),
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike = (),
) -> BestHand:
    """A hand of chosen cards: rule F1 lets a player keep any three, not only the best.

    >>> str(hand_of("As Kd 7c", "7s"))
    'high card, A-K-7 (As Kd 7c), discarding 7s'
    >>> hand_of("As Kd 7c", "As")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: a hand holds As twice
    """
    kept_cards = parse_cards(kept)
    thrown = parse_cards(discards)
    _check_distinct(kept_cards + thrown)
    rank = evaluate(kept_cards, ordering=ordering, wild=wild)
    return BestHand(rank=rank, kept=kept_cards, discards=thrown)


def best_hand(
    cards: str | Iterable[Card],
    *,
    ordering: Ordering | str = Ordering.STANDARD,
    wild: WildLike = (),
    keep: int = 3,
) -> BestHand:
    """The best ``keep`` cards of a hand (rules F1, F3): highest rank, then highest discards.

    ``keep`` is 3, or 4 under a Crash ordering (a four of a kind, C2). Of equally good choices
    the first in card order is kept.

    >>> str(best_hand("3c Ah 2c Kc Qc"))   # rule F3: five cards, two discards
    'run, 3-2-A (3c Ah 2c), discarding Kc Qc'
    >>> str(best_hand("Kh Ks Kd Kc 9s", ordering="crash", keep=4))
    'four kings (Kh Ks Kd Kc), discarding 9s'
    """
    hand = parse_cards(cards)
    _check_distinct(hand)
    if keep < 3 or keep > len(hand):
        raise InvalidCardError(f"cannot keep {keep} of {len(hand)} cards")
    best: BestHand | None = None
    for chosen in itertools.combinations(range(len(hand)), keep):
        kept = tuple(hand[i] for i in chosen)
        discards = tuple(c for i, c in enumerate(hand) if i not in chosen)
        try:
            rank = evaluate(kept, ordering=ordering, wild=wild)
        except InvalidCardError:
            continue  # four cards that are not a four of a kind
        candidate = BestHand(rank=rank, kept=kept, discards=discards)
        if best is None or candidate > best:
            best = candidate
    if best is None:
        raise InvalidCardError(f"no {keep} of {format_cards(hand)} make a hand")
    return best


def _check_distinct(cards: tuple[Card, ...]) -> None:
    seen: set[int] = set()
    for card in cards:
        if card in seen and card != JOKER_INDEX:
            raise InvalidCardError(f"a hand holds {format_cards([card])} twice")
        seen.add(card)
