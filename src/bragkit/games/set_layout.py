"""How a person lays out a set of three cards (Nine Card Brag's plays, N4; Crash's hands, C2):
highest rank first, suits s h d c within a rank — as :func:`display_order`
sorts them, without sorting, for the engines' menus (one set at every decision).

>>> from bragkit.cards import parse_cards
>>> laid_out(*sorted(parse_cards("Qh 2c Qs")))
(Card('Qs'), Card('Qh'), Card('2c'))
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Final

from bragkit.cards import Card

__all__ = ["display_order", "laid_out", "laid_out_table"]

#: A card's place when a set is laid out: highest rank first, suits s h d c.
_LAID_OUT: Final = tuple((12 - c // 4) * 4 + c % 4 for c in range(52))


def display_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A set's cards as a person lays them out: highest rank first, suits s h d c."""
    return tuple(sorted(cards, key=_LAID_OUT.__getitem__))


def laid_out(a: Card, b: Card, c: Card) -> tuple[Card, Card, Card]:
    """Three cards given in ascending order (``a <= b <= c``; a card's index is rank * 4 +
    suit) as a person lays them out: highest rank first, suits s h d c within a rank."""
    if a >> 2 == b >> 2:
        return (a, b, c) if b >> 2 == c >> 2 else (c, a, b)
    return (b, c, a) if b >> 2 == c >> 2 else (c, b, a)


@functools.cache
def laid_out_table() -> tuple[tuple[Card, Card, Card] | None, ...]:
    """:func:`laid_out` of every three distinct cards ``a < b < c`` at ``a * 2704 + b * 52 +
    c`` (the index of the strength tables, :class:`~bragkit.games.set_scale.FastScale`),
    ``None`` elsewhere: a menu lays out a set with one look-up (built on first use).

    >>> from bragkit.cards import parse_cards
    >>> a, b, c = sorted(parse_cards("Qh 2c Qs"))
    >>> laid_out_table()[a * 2704 + b * 52 + c] == laid_out(a, b, c)
    True
    """
    table: list[tuple[Card, Card, Card] | None] = [None] * (52 * 2704)
    for a, b, c in itertools.combinations([Card(i) for i in range(52)], 3):
        table[a * 2704 + b * 52 + c] = laid_out(a, b, c)
    return tuple(table)
