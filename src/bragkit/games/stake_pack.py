"""The pack of one deal of an equalising game: :class:`DealtPack`, a pack shuffled as it is
dealt (rules D4–D6), and where a deal's cards come from (:func:`make_pack`).

A deal of four players uses twelve or so cards of the 52; shuffling the whole pack up front
draws 51 random indices. :class:`DealtPack` settles the cards one at a time as they are dealt:
the same Fisher-Yates as :meth:`random.Random.shuffle` (from the last place, which is the top of
a :class:`~bragkit.cards.Pack`), so the top card is settled by the first swap, the next by the
second, and the cards dealt are exactly those a whole shuffle would give; the rest of the pack
is shuffled, with the same draws, only when someone asks for it (a record's pack, a draw from
the stock). That holds as long as nothing else draws from the random source in between: the
deal must own it (a seed, or a source handed over for good).

>>> import random
>>> whole = Pack.standard(); whole.shuffle(random.Random(9))
>>> lazy = DealtPack.shuffled(random.Random(9))
>>> lazy.deal_many(5) == whole.deal_many(5), len(lazy)
(True, 47)
>>> lazy.rest == whole, lazy.initial == Pack.shuffled(random.Random(9))
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from bragkit.cards import Card, Pack, RandomSource, make_rng, parse_cards, shuffle_cards
from bragkit.errors import InvalidCardError, RulesError

__all__ = ["DealtPack", "make_pack", "randbelow"]

#: The standard pack, bottom card first (the order a shuffle settles from the top down).
_BOTTOM_FIRST: Final = tuple(reversed(Pack.standard().cards))
#: Whether random.Random draws an index below n as ``getrandbits(n.bit_length())`` until it is
#: below n (CPython's way, as :func:`bragkit.cards.shuffle_cards` reads it).
_PLAIN_RANDBELOW: Final = (getattr(random.Random, "_randbelow", None)
                           is getattr(random.Random, "_randbelow_with_getrandbits", False))
#: The bits drawn for the random index of each place of a standard pack (place i: 0..i).
_BITS: Final = tuple((i + 1).bit_length() for i in range(52))
#: Each place of a standard pack from the top (51) down to 1, with its bits (:data:`_BITS`).
_SWAPS: Final = tuple((i, _BITS[i]) for i in range(51, 0, -1))


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same draw, made without its two Python frames for a plain
    :class:`random.Random` (speed: a deal of a few decisions cuts for the dealer with one).

    >>> [randbelow(random.Random(s), 4) for s in range(6)] == [random.Random(s).randrange(4)
    ...                                                        for s in range(6)]
    True
    """
    if type(rng) is not random.Random or not _PLAIN_RANDBELOW:
        return rng.randrange(n)
    bits = rng.getrandbits
    k = n.bit_length()
    i = bits(k)
    while i >= n:
        i = bits(k)
    return i


class DealtPack:
    """One deal's pack: a given :class:`~bragkit.cards.Pack` dealt from the top, or (made by
    :meth:`shuffled` from a plain :class:`random.Random` the deal owns) a standard pack shuffled
    as it is dealt (see the module docstring). :attr:`rest` is the pack left, :attr:`initial`
    the whole pack as it was before the first card, both whole :class:`Pack` objects."""

    __slots__ = ("_bits", "_dealt", "_initial", "_left", "_rest")

    def __init__(self, pack: Pack) -> None:
        self._rest: Pack | None = pack
        self._initial: Pack | None = pack.copy()
        self._left: list[Card] = []  # (shuffled as dealt) the cards left, bottom first
        self._dealt: list[Card] = []  # (shuffled as dealt) the cards dealt, top first
        self._bits: random.Random | None = None

    @classmethod
    def shuffled(cls, rng: random.Random) -> DealtPack:
        """A standard pack shuffled from ``rng`` as it is dealt (a plain ``random.Random`` the
        deal owns: nothing else may draw from it while the deal lasts); shuffled whole up front
        for any other source (the same cards)."""
        if type(rng) is not random.Random or not _PLAIN_RANDBELOW:
            pack = Pack.standard()
            pack.shuffle(rng)
            return cls(pack)
        made = cls.__new__(cls)
        made._rest = made._initial = None
        made._left = list(_BOTTOM_FIRST)
        made._dealt = []
        made._bits = rng
        return made

    def deal_many(self, count: int) -> list[Card]:
        """The top ``count`` cards, top first (``count`` deals of one card)."""
        rest = self._rest
        if rest is not None:
            return rest.deal_many(count)
        left = self._left
        if not 0 <= count <= len(left):
            raise InvalidCardError("the pack is empty" if count > 0 else
                                   f"cannot deal {count} cards")
        bits = self._bits.getrandbits  # type: ignore[union-attr]
        size = len(left)
        rest_size = size - count
        out: list[Card] = []
        take = out.append
        # the top places, each settled by one swap of random.shuffle's: the card swapped in
        # is dealt (top first) and the one it displaces moves down (place i is dealt away)
        for i, k in _SWAPS[52 - size:52 - max(rest_size, 1)]:
            j = bits(k)
            while j > i:
                j = bits(k)
            take(left[j])
            left[j] = left[i]
        if not rest_size and size:  # the whole pack: place 0 is settled by the others
            take(left[0])
        del left[rest_size:]
        self._dealt += out
        return out

    def deal(self) -> Card:
        """The top card (:meth:`deal_many` of one, in one step: a draw deals one at a time)."""
        rest = self._rest
        if rest is not None:
            return rest.deal()
        left = self._left
        i = len(left) - 1
        if i < 0:
            raise InvalidCardError("the pack is empty")
        if i:
            bits = self._bits.getrandbits  # type: ignore[union-attr]
            k = _BITS[i]
            j = bits(k)
            while j > i:
                j = bits(k)
            left[i], left[j] = left[j], left[i]
        card = left.pop()
        self._dealt.append(card)
        return card

    def __len__(self) -> int:
        return len(self._left) if self._rest is None else len(self._rest)

    def _settle(self) -> Pack:
        """Shuffle the cards left with the draws a whole shuffle would have made next."""
        rest = self._rest
        if rest is None:
            left = self._left
            shuffle_cards(left, self._bits)  # type: ignore[arg-type]
            self._initial = Pack([*self._dealt, *reversed(left)])
            rest = self._rest = self._initial.copy()
            rest.deal_many(len(self._dealt))
            self._left, self._dealt, self._bits = [], [], None
        return rest

    @property
    def rest(self) -> Pack:
        """The cards not dealt yet, as a pack (top first)."""
        return self._settle()

    @property
    def initial(self) -> Pack:
        """The whole pack as it was before the first card was dealt."""
        self._settle()
        assert self._initial is not None
        return self._initial


def make_pack(pack: Pack | str | None, hands: Mapping[str, Sequence[Card | str] | str] | None,
              stock: Pack | Sequence[Card] | str | None, rng: RandomSource, *,
              seats: Sequence[str], deal_order: Sequence[str], cards_each: int, own_rng: bool
              ) -> tuple[DealtPack, dict[str, tuple[Card, ...]] | None, tuple[Card, ...] | None]:
    """A deal's pack from ``pack`` (top card first), ``hands`` (each of ``seats``' cards as
    dealt, ``cards_each`` each, with an optional ``stock``, the rest of the pack: by default the
    standard order) or ``rng`` (a shuffled pack: shuffled as dealt when the deal owns the source,
    a seed or ``own_rng``); with the hands and the stock given (the record's), when given.

    >>> dealt, hands, stock = make_pack(None, {"A": "As Ks Qs", "B": "2c 3c 4c"}, None, None,
    ...                                 seats=["A", "B"], deal_order=["B", "A"], cards_each=3,
    ...                                 own_rng=False)
    >>> dealt.deal_many(2), hands["A"][0], stock
    ([Card('2c'), Card('As')], Card('As'), None)
    """
    if pack is not None and hands is not None:
        raise RulesError("give the pack or the hands, not both")
    if pack is not None:
        if stock is not None:
            raise RulesError("a stock goes with hands, not with a whole pack")
        return DealtPack(Pack.parse(pack) if isinstance(pack, str) else pack.copy()), None, None
    if hands is None:
        if stock is not None:
            raise RulesError("a stock goes with hands")
        source = make_rng(rng)
        if own_rng or source is not rng:  # a seed: the source made here is the deal's own
            return DealtPack.shuffled(source), None, None
        whole = Pack.standard()  # as Pack.shuffled: the standard order, shuffled
        whole.shuffle(source)
        return DealtPack(whole), None, None
    if set(hands) != set(seats):
        raise RulesError("hands must name every player")
    parsed = {p: parse_cards(hands[p]) for p in seats}
    for p, cards in parsed.items():
        if len(cards) != cards_each:
            raise InvalidCardError(f"{p} needs {cards_each} cards, not {len(cards)}")
    dealt = [c for cards in parsed.values() for c in cards]
    if len(set(dealt)) != len(dealt) or any(c.is_joker for c in dealt):
        raise InvalidCardError("the hands share a card (or hold a joker)")
    if stock is None:
        rest = tuple(c for c in Pack.standard() if c not in set(dealt))
    else:
        rest = tuple(stock) if isinstance(stock, Pack) else parse_cards(stock)
    order = [parsed[p][i] for i in range(cards_each) for p in deal_order]
    return DealtPack(Pack(order + list(rest))), parsed, None if stock is None else rest
