"""Cards, ranks, suits and the pack (rules H1, D5, D6 and the notation of HAND-HISTORY.md).

A :class:`Card` is an ``int`` (its index 0..51, or :data:`JOKER_INDEX` for a joker), so cards can
index lookup tables directly. Text in every notation of HAND-HISTORY.md parses:

>>> Card.parse("As"), Card.parse("10s"), Card.parse("A♠"), Card.parse("♠A")
(Card('As'), Card('Ts'), Card('As'), Card('As'))
>>> parse_cards("As Kd 7c") == parse_cards("AsKd7c")
True
>>> format_cards(parse_cards("Qh Qs 4d"))
'Qh Qs 4d'
>>> Card.parse("Jk").is_joker
True

The pack is ordered, top card first; cards are dealt from the top and go back under it:

>>> pack = Pack.standard()
>>> pack.deal()
Card('As')
>>> len(pack)
51
"""

from __future__ import annotations

import operator
import random
import re
import secrets
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from typing import ClassVar, Final

from bragkit.errors import InvalidCardError

__all__ = [
    "JOKER",
    "JOKER_INDEX",
    "MAX_DECKS",
    "MAX_JOKERS",
    "Card",
    "Pack",
    "RandomSource",
    "Rank",
    "Suit",
    "check_pack_size",
    "format_cards",
    "make_rng",
    "parse_cards",
    "shuffle_cards",
]


class Rank(IntEnum):
    """Card ranks, valued 2..14 (rule H1: A K Q J T 9 8 7 6 5 4 3 2, aces high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character symbol: ``"T"`` for ten.

        >>> Rank.TEN.symbol, Rank.ACE.symbol
        ('T', 'A')
        """
        return _RANK_SYMBOLS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from its symbol (``"10"`` and lower case accepted).

        >>> Rank.parse("q")
        <Rank.QUEEN: 12>
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"a rank is text, not {_shown(text)}")
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in _RANK_SYMBOLS:
            return cls(_RANK_SYMBOLS.index(key) + 2)
        raise InvalidCardError(f"not a rank: {_shown(text)}")


class Suit(IntEnum):
    """The four suits; they have no order in Brag (rule H1)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """``"s"``, ``"h"``, ``"d"`` or ``"c"``."""
        return "shdc"[self]

    @property
    def symbol(self) -> str:
        """``"♠"``, ``"♥"``, ``"♦"`` or ``"♣"``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_SYMBOLS: Final = "23456789TJQKA"
_SUIT_OF: Final = {
    "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
_RANK_RE: Final = r"10|[2-9TJQKA]"
_SUIT_RE: Final = r"[shdc♠♥♦♣♤♡♢♧]"
_TOKEN_RE: Final = re.compile(
    rf"(?P<joker>JK)|(?P<rank>{_RANK_RE})(?P<suit>{_SUIT_RE})\ufe0f?"
    rf"|(?P<suit2>{_SUIT_RE})\ufe0f?(?P<rank2>{_RANK_RE})",
    re.IGNORECASE,
)
_SEPARATORS: Final = re.compile(r"[\s,;\[\]]+")

#: The index of a joker (rule W1); every joker is the same card.
JOKER_INDEX: Final = 52
#: The most jokers a pack may hold (rule W1): generous (a pack at most doubles), and checked
#: before a pack is built, so that no rules object, record or proof can ask for a pack of
#: millions of cards.
MAX_JOKERS: Final = 52
#: The most standard decks one pack may hold (N1 uses two; a casino shoe holds eight).
MAX_DECKS: Final = 8
#: The longest text a message about bad card text shows of it.
_SHOWN: Final = 40


def _shown(value: object) -> str:
    """``repr`` of a value for an error message, cut to a readable length."""
    text = repr(value) if not isinstance(value, str) or len(value) <= _SHOWN else (
        repr(value[:_SHOWN]) + "…")
    return text if len(text) <= 2 * _SHOWN else text[: 2 * _SHOWN] + "…"


class Card(int):
    """One card, an ``int`` from 0 to 51 (``(rank - 2) * 4 + suit``) or 52 for a joker.

    Cards are interned: there is one object per card, so ``is`` and ``==`` agree.

    >>> c = Card.of(Rank.QUEEN, Suit.HEARTS)
    >>> c, int(c), c.rank, c.suit
    (Card('Qh'), 41, <Rank.QUEEN: 12>, <Suit.HEARTS: 1>)
    >>> Card(41) is c
    True
    >>> str(c), c.pretty
    ('Qh', 'Q♥')
    """

    __slots__ = ()
    _cache: ClassVar[list[Card]] = []

    def __new__(cls, index: int) -> Card:
        if type(index) is int and cls._cache and 0 <= index <= JOKER_INDEX:
            return cls._cache[index]
        if isinstance(index, bool | float) or not hasattr(index, "__index__"):
            raise InvalidCardError(f"a card index is a whole number, not {_shown(index)}")
        number = operator.index(index)
        if not 0 <= number <= JOKER_INDEX:
            raise InvalidCardError(f"no card has index {_shown(number)}")
        if cls._cache:
            return cls._cache[number]
        return super().__new__(cls, number)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of a rank and suit."""
        return cls((int(rank) - 2) * 4 + int(suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card in any notation of HAND-HISTORY.md.

        >>> Card.parse("♦10")
        Card('Td')
        >>> Card.parse("Xx")
        Traceback (most recent call last):
        ...
        bragkit.errors.InvalidCardError: not a card: 'Xx'
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"a card is text like 'As', not {_shown(text)}")
        match = _TOKEN_RE.fullmatch(text.strip())
        if match is None:
            raise InvalidCardError(f"not a card: {_shown(text)}")
        return _card_of_match(match)

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker."""
        return int(self) == JOKER_INDEX

    @property
    def rank(self) -> Rank:
        """The rank (a joker has none: ValueError)."""
        if self.is_joker:
            raise InvalidCardError("a joker has no rank")
        return Rank(int(self) // 4 + 2)

    @property
    def suit(self) -> Suit:
        """The suit (a joker has none: ValueError)."""
        if self.is_joker:
            raise InvalidCardError("a joker has no suit")
        return Suit(int(self) % 4)

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, ``"Q♥"``; a joker is ``"Jk"``."""
        if self.is_joker:
            return "Jk"
        return self.rank.symbol + self.suit.symbol

    def __str__(self) -> str:
        if self.is_joker:
            return "Jk"
        return self.rank.symbol + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


Card._cache = [Card.__new__(Card, i) for i in range(JOKER_INDEX + 1)]
#: The joker (rule W1).
JOKER: Final = Card(JOKER_INDEX)


def _card_of_match(match: re.Match[str]) -> Card:
    if match["joker"]:
        return JOKER
    rank = match["rank"] or match["rank2"]
    suit = match["suit"] or match["suit2"]
    return Card.of(Rank.parse(rank), _SUIT_OF[suit.lower()])


CardsLike = str | Iterable[Card | int | str]


def parse_cards(text: CardsLike) -> tuple[Card, ...]:
    """Cards from text (``"As Kd 7c"``, ``"AsKd7c"``, ``"A♠,K♦"``) or from an iterable.

    Bad text raises :class:`InvalidCardError` naming the bad token.

    >>> parse_cards("10h Jk ♣3")
    (Card('Th'), Card('Jk'), Card('3c'))
    >>> parse_cards("As Kx")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: not a card: 'Kx'
    """
    if not isinstance(text, str):
        if isinstance(text, bytes | bytearray) or not isinstance(text, Iterable):
            raise InvalidCardError(f"cards are text or a sequence of cards, not {_shown(text)}")
        return tuple(_one_card(c) for c in text)
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        position = 0
        while position < len(chunk):
            match = _TOKEN_RE.match(chunk, position)
            if match is None:
                bad = _bad_token(chunk, position)
                raise InvalidCardError(f"not a card: {_shown(bad)}")
            cards.append(_card_of_match(match))
            position = match.end()
    return tuple(cards)


def _bad_token(chunk: str, position: int) -> str:
    """The text from a failed position up to the next thing that parses (at least 2 chars, at
    most a readable few)."""
    end = position + 2
    last = min(len(chunk), position + _SHOWN)
    while end < last and _TOKEN_RE.match(chunk, end) is None:
        end += 1
    return chunk[position:end] if len(chunk) - position > 1 else chunk[position:]


def _one_card(card: Card | int | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    return Card(card)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards as space-separated text, the form of HAND-HISTORY.md (``pretty`` uses symbols).

    >>> format_cards(parse_cards("AsKd"), pretty=True)
    'A♠ K♦'
    """
    return " ".join(c.pretty if pretty else str(c) for c in cards)


RandomSource = random.Random | int | None


def make_rng(source: RandomSource = None) -> random.Random:
    """A random source: a ``random.Random`` as given, a seed for a reproducible one, or ``None``
    for a cryptographically secure one (``secrets.SystemRandom``).

    >>> make_rng(7).random() == make_rng(7).random()
    True
    """
    if source is None:
        return secrets.SystemRandom()
    if isinstance(source, random.Random):
        return source
    return random.Random(source)


#: Whether random.Random draws an index below n as ``getrandbits(n.bit_length())`` until it is
#: below n (CPython's way for a plain Random); otherwise :func:`shuffle_cards` defers to it.
_PLAIN_RANDBELOW: Final = (getattr(random.Random, "_randbelow", None)
                           is getattr(random.Random, "_randbelow_with_getrandbits", False))
#: Each swap of a shuffle of up to a whole pack of the most decks and jokers, last card first,
#: with the bits its random index takes (as :meth:`random.Random.shuffle` draws them).
_SWAPS: Final = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, 52 * 8 + 52)))


def shuffle_cards(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, without a method call
    per card when ``rng`` is a plain :class:`random.Random` (speed: a pack every deal): the same
    Fisher-Yates from the last card, each index drawn from the same bits.

    >>> cards, same = list(Pack.standard().cards), list(Pack.standard().cards)
    >>> shuffle_cards(cards, random.Random(4)); random.Random(4).shuffle(same)
    >>> cards == same
    True
    """
    n = len(cards)
    if type(rng) is not random.Random or n > len(_SWAPS) + 1 or not _PLAIN_RANDBELOW:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i, k in _SWAPS[len(_SWAPS) + 1 - n:] if n > 1 else ():
        j = bits(k)
        while j > i:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


# The standard orders already built, bottom card first, by (jokers, decks).
_STANDARD: dict[tuple[int, int], tuple[Card, ...]] = {}


class Pack:
    """An ordered pack, top card first (rules D5, D6).

    A pack is built complete: every card of ``decks`` standard packs plus ``jokers`` jokers, each
    exactly once (a duplicate or missing card is an :class:`InvalidCardError`). ``jokers`` is at
    most :data:`MAX_JOKERS` and ``decks`` from 1 to :data:`MAX_DECKS` (checked first). Dealing
    takes from the top; :meth:`put_under` returns cards to the bottom.

    >>> pack = Pack.parse(str(Pack.standard()))
    >>> pack == Pack.standard()
    True
    >>> Pack.parse("As Ks")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: pack is missing 50 cards: 2s 2h 2d 2c 3s 3h 3d 3c ...
    """

    # _whole: known to hold every card of its decks and jokers exactly once (set when built or
    # shuffled, cleared by any other change, so a deal engine may skip counting the cards)
    __slots__ = ("_cards", "_whole", "decks", "jokers")

    def __init__(self, cards: CardsLike, *, jokers: int = 0, decks: int = 1) -> None:
        check_pack_size(jokers=jokers, decks=decks)
        self.jokers = jokers
        self.decks = decks
        order = list(parse_cards(cards))
        _check_complete(order, jokers=jokers, decks=decks)
        order.reverse()  # stored bottom first so dealing is list.pop()
        self._cards = order
        self._whole = True

    @classmethod
    def standard(cls, *, jokers: int = 0, decks: int = 1) -> Pack:
        """A new pack in order, top card first: As Ah Ad Ac Ks … 2c, then any jokers.

        >>> str(Pack.standard())[:14]
        'As Ah Ad Ac Ks'
        """
        order = _STANDARD.get((jokers, decks)) if type(jokers) is type(decks) is int else None
        if order is None:
            # built and checked once, then copied (speed: a pack every deal)
            check_pack_size(jokers=jokers, decks=decks)
            top_first = [Card.of(r, s) for r in reversed(Rank) for s in Suit] * decks
            pack = cls(top_first + [JOKER] * jokers, jokers=jokers, decks=decks)
            if len(_STANDARD) < 64:
                _STANDARD[jokers, decks] = tuple(pack._cards)
            return pack
        pack = cls.__new__(cls)
        pack.jokers = jokers
        pack.decks = decks
        pack._cards = list(order)
        pack._whole = True
        return pack

    @classmethod
    def parse(cls, text: str, *, jokers: int | None = None, decks: int = 1) -> Pack:
        """A pack from text, top card first; jokers are counted from the text unless given."""
        if not isinstance(text, str):
            raise InvalidCardError(f"a pack's text is a string, not {_shown(text)}")
        cards = parse_cards(text)
        if jokers is None:
            jokers = sum(1 for c in cards if c.is_joker)
        return cls(cards, jokers=jokers, decks=decks)

    @classmethod
    def shuffled(
        cls, source: RandomSource = None, *, jokers: int = 0, decks: int = 1
    ) -> Pack:
        """A standard pack shuffled from ``source`` (a seed gives a reproducible order)."""
        pack = cls.standard(jokers=jokers, decks=decks)
        pack.shuffle(source)
        return pack

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the pack, top card first."""
        return tuple(reversed(self._cards))

    def shuffle(self, source: RandomSource = None) -> None:
        """Shuffle in place from ``source``: a ``random.Random``, a seed, or ``None`` for a
        cryptographically secure source (exactly as ``random.Random.shuffle``:
        :func:`shuffle_cards`)."""
        shuffle_cards(self._cards, make_rng(source))

    def deal(self) -> Card:
        """Take the top card.

        >>> Pack.parse(str(Pack.standard())).deal() == Pack.standard().deal()
        True
        """
        if not self._cards:
            raise InvalidCardError("the pack is empty")
        self._whole = False
        return self._cards.pop()

    def deal_many(self, count: int) -> list[Card]:
        """Take the top ``count`` cards, top first: ``count`` calls of :meth:`deal` in one step.

        >>> pack = Pack.standard()
        >>> pack.deal_many(3), len(pack)
        ([Card('As'), Card('Ah'), Card('Ad')], 49)
        """
        cards = self._cards
        if not 0 <= count <= len(cards):
            raise InvalidCardError("the pack is empty" if count > 0 else
                                   f"cannot deal {count} cards")
        self._whole = False
        if not count:
            return []
        taken = cards[-count:]
        del cards[-count:]
        taken.reverse()
        return taken

    def peek(self, n: int = 1) -> tuple[Card, ...]:
        """The top ``n`` cards, without dealing them."""
        return tuple(reversed(self._cards[-n:])) if n > 0 else ()

    @property
    def bottom(self) -> Card | None:
        """The bottom card (the face-up card when the stock lies face up, rule D9)."""
        return self._cards[0] if self._cards else None

    def put_under(self, cards: Iterable[Card]) -> None:
        """Put cards under the pack, in the order given: the first goes under first, so the last
        one given ends up at the very bottom (rule D5).

        >>> pack = Pack.standard()
        >>> hand = [pack.deal() for _ in range(3)]
        >>> pack.put_under(hand)
        >>> pack.cards[-3:] == tuple(hand)
        True
        """
        cards = list(cards)
        if len(cards) + len(self._cards) > 52 * self.decks + self.jokers:
            raise InvalidCardError("more cards under the pack than it can hold")
        self._whole = False
        self._cards[0:0] = reversed(cards)

    def take_out(self, cards: Iterable[Card]) -> None:
        """Take these cards out of the pack (one copy of each, the copy nearest the top, as
        dealing from the top would find it), keeping the order of the rest: a blind hand kept
        for the next deal is not in its pack (rule R1).

        >>> pack = Pack.standard()
        >>> pack.take_out(parse_cards("Ah 2c"))
        >>> len(pack), str(pack)[:11]
        (50, 'As Ad Ac Ks')
        >>> pack = Pack.parse("Jk As Jk " + format_cards(Pack.standard().cards[1:]))
        >>> pack.take_out([JOKER])
        >>> str(pack)[:8]
        'As Jk Ah'
        """
        remaining = list(cards)
        if not remaining:
            return
        keep: list[Card] = []
        for card in reversed(self._cards):  # top first: _cards is stored bottom first
            if card in remaining:
                remaining.remove(card)
            else:
                keep.append(card)
        keep.reverse()
        self._cards = keep
        self._whole = False

    def copy(self) -> Pack:
        """An independent copy."""
        pack = _new_pack(Pack)
        pack.jokers = self.jokers
        pack.decks = self.decks
        pack._cards = self._cards[:]
        pack._whole = self._whole
        return pack

    # -- for the deal engines: whole steps at once, without a method call per card ------------

    def _split_top(self, count: int) -> tuple[tuple[Card, ...], Pack]:
        """The top ``count`` cards (top first) and a new pack of the rest, leaving this pack
        as it is: what ``count`` calls of :meth:`deal` on a copy would give.

        >>> pack = Pack.standard()
        >>> top, rest = pack._split_top(3)
        >>> top == tuple(pack.deal() for _ in range(3)), rest == pack
        (True, True)
        >>> Pack.standard()._split_top(52)[0] == Pack.standard().cards
        True
        """
        cards = self._cards
        cut = len(cards) - count
        if cut < 0:
            raise InvalidCardError("the pack is empty")
        top = tuple(cards[:cut - 1:-1] if cut else cards[::-1])
        rest = _new_pack(Pack)
        rest.jokers = self.jokers
        rest.decks = self.decks
        rest._cards = cards[:cut]
        rest._whole = False
        return top, rest

    def _split_shuffled(self, count: int, rng: random.Random
                        ) -> tuple[tuple[Card, ...], Pack] | None:
        """:meth:`shuffle` from ``rng`` then :meth:`_split_top` of ``count`` cards, with only
        the places dealt shuffled: the first ``count`` swaps of the Fisher-Yates from the last
        card (top) settle the top ``count`` places for good, and the rest's own swaps are left
        to ``rest._shuffle_top(len(rest), rng)``, the same draws in the same order (so the
        same pack, when nothing else draws from ``rng`` in between). ``None``, nothing done,
        for a source other than a plain :class:`random.Random` (speed: a deal deals a
        quarter of the pack and may never look at the rest).

        >>> rng = random.Random(5)
        >>> top, rest = Pack.standard()._split_shuffled(12, rng)
        >>> rest.put_under(top[:3]); rest._shuffle_top(40, rng)
        >>> same_top, same_rest = Pack.shuffled(random.Random(5))._split_top(12)
        >>> same_rest.put_under(same_top[:3])
        >>> top == same_top and rest == same_rest
        True
        """
        cards = self._cards
        n = len(cards)
        if type(rng) is not random.Random or not _PLAIN_RANDBELOW or not 0 < count <= n \
                or n > len(_SWAPS) + 1:
            return None
        bits = rng.getrandbits
        first = len(_SWAPS) + 1 - n
        for i, k in _SWAPS[first:first + min(count, n - 1)]:
            j = bits(k)
            while j > i:
                j = bits(k)
            cards[i], cards[j] = cards[j], cards[i]
        return self._split_top(count)

    def _shuffle_top(self, count: int, rng: random.Random) -> None:
        """The rest of :meth:`_split_shuffled`'s shuffle: the top ``count`` cards shuffled in
        place from ``rng`` (what went under them since stays as it lies)."""
        cards = self._cards
        cut = len(cards) - count
        rest = cards[cut:]
        shuffle_cards(rest, rng)
        cards[cut:] = rest

    def _before_split(self, top: Sequence[Card], count: int) -> Pack:
        """The pack ``top, rest = pack._split_top(...)`` split, rebuilt from ``top`` and the
        rest, when ``count`` cards were left and since then cards only went under the rest.

        >>> pack = Pack.shuffled(7)
        >>> top, rest = pack._split_top(12)
        >>> rest.put_under(top[:3])
        >>> rest._before_split(top, 40) == pack
        True
        """
        cards = self._cards
        pack = _new_pack(Pack)
        pack.jokers = self.jokers
        pack.decks = self.decks
        pack._cards = cards[len(cards) - count:] + list(reversed(top))
        pack._whole = False
        return pack

    def _is_one_deck(self) -> bool:
        """Whether the pack is the 52 cards of one deck, each once, no joker (a pack known
        to be whole is not counted again).

        >>> pack = Pack.shuffled(3)
        >>> pack._is_one_deck(), Pack.standard(jokers=1)._is_one_deck()
        (True, False)
        >>> pack.put_under([pack.deal()]); pack._is_one_deck()
        True
        """
        if self.decks != 1 or self.jokers:
            return False
        cards = self._cards
        return len(cards) == 52 and (self._whole or len(set(cards)) == 52)

    def _put_under_hand(self, cards: tuple[Card, ...]) -> None:
        """:meth:`put_under` for a hand the engine dealt from this pack (so it fits)."""
        self._whole = False
        self._cards[0:0] = cards[::-1]

    def _put_under_cards(self, cards: list[Card], *, whole: bool) -> None:
        """:meth:`put_under` for cards the engine dealt from this pack (so they fit), taking
        the list given (it is reversed in place); ``whole``: the engine knows that every card
        is back, each once.

        >>> pack = Pack.standard()
        >>> top, rest = pack._split_top(6)
        >>> rest._put_under_cards(list(top), whole=True)
        >>> rest.cards[-6:] == top, rest._is_one_deck()
        (True, True)
        """
        cards.reverse()
        self._cards[0:0] = cards
        self._whole = whole

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return reversed(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pack) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(tuple(self._cards))

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Pack({str(self)!r})"


_new_pack = object.__new__


def check_pack_size(*, jokers: object, decks: object) -> None:
    """Refuse a pack size out of bounds, before anything is built: ``jokers`` a whole number
    from 0 to :data:`MAX_JOKERS` (rule W1), ``decks`` from 1 to :data:`MAX_DECKS`.

    >>> check_pack_size(jokers=2, decks=2)
    >>> check_pack_size(jokers=200_000_000, decks=1)
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: a pack holds 0 to 52 jokers, not 200000000 (rule W1)
    """
    if type(jokers) is not int or not 0 <= jokers <= MAX_JOKERS:
        raise InvalidCardError(f"a pack holds 0 to {MAX_JOKERS} jokers, not {_shown(jokers)} "
                               "(rule W1)")
    if type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        raise InvalidCardError(f"a pack holds 1 to {MAX_DECKS} decks, not {_shown(decks)}")


def _check_complete(cards: Sequence[Card], *, jokers: int, decks: int) -> None:
    counts = Counter(int(c) for c in cards)
    allowed = {JOKER_INDEX: jokers}
    extra = [Card(i) for i, n in sorted(counts.items()) if n > allowed.get(i, decks)]
    if extra:
        raise InvalidCardError(f"pack has a duplicate card: {format_cards(extra[:8])}")
    short = {i: decks - counts.get(i, 0) for i in range(52)}
    short[JOKER_INDEX] = jokers - counts.get(JOKER_INDEX, 0)
    total = sum(short.values())
    if total:
        shown = [Card(i) for i, n in short.items() for _ in range(min(n, 8))][:8]
        more = " ..." if total > 8 else ""
        raise InvalidCardError(f"pack is missing {total} cards: {format_cards(shown)}{more}")
