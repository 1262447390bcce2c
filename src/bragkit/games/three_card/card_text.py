"""Card text on the paths a long session's records take: the written form of HAND-HISTORY.md
(``"As Kd 7c"``) read and written by looking each card up (:func:`read_cards`,
:func:`write_cards`), and the one character a card of a packed row (:func:`cards_text`,
:func:`text_cards`, :func:`pretty_text`). Text in any other notation goes to
:func:`bragkit.cards.parse_cards`, so the cards and the errors are the same.

>>> read_cards("As Kd 7c") == parse_cards("As Kd 7c"), read_cards("♠A 10c")
(True, (Card('As'), Card('Tc')))
>>> write_cards(read_cards("As Kd Jk"))
'As Kd Jk'
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import Final

from bragkit.cards import JOKER_INDEX, Card, parse_cards

__all__ = ["cards_text", "pretty_text", "read_cards", "text_cards", "write_cards"]

_ALL: Final = tuple(Card(i) for i in range(JOKER_INDEX + 1))
_CARD_LIST: Final = list(_ALL)  # (what itemgetter takes many cards of at once)
_WRITTEN: Final = tuple(str(card) for card in _ALL)
_WRITTEN_LIST: Final = list(_WRITTEN)  # (a list's item is a faster look-up than a tuple's)
_BY_TEXT: Final = {text: card for text, card in zip(_WRITTEN, _ALL, strict=True)}
#: A card as one character, from "0" (the two of spades) to "d" (the joker).
_BASE: Final = 0x30
_CHARS: Final = tuple(chr(_BASE + i) for i in range(JOKER_INDEX + 1))
_BY_CODE: Final[tuple[Card | None, ...]] = (None,) * _BASE + _ALL
_TEXT_BY_CODE: Final = ("",) * _BASE + _WRITTEN
#: A card's index to its character, and back (bytes.translate's tables).
_TO_CHARS: Final = bytes((_BASE + i) % 256 for i in range(256))
_FROM_CHARS: Final = bytes((i - _BASE) % 256 for i in range(256))


#: Each byte of a card's rank as a record writes it to four times its rank's place, its suit to
#: the suit's number (the sum is the card's index); any other byte to 255 (not one of these).
_RANKS: Final = bytes(4 * "23456789TJQKA".index(chr(b)) if chr(b) in "23456789TJQKA" else 255
                      for b in range(256))
_SUITS: Final = bytes("shdc".index(chr(b)) if chr(b) in "shdc" else 255 for b in range(256))


def read_cards(text: str) -> tuple[Card, ...]:
    """The cards of ``text``: :func:`~bragkit.cards.parse_cards`, by look-up when every card is
    written as a record writes it (a whole pack's at once when they are apart by one space: a
    translation of its bytes).

    >>> read_cards("As Kd") == read_cards("As  Kd") == parse_cards("As Kd"), read_cards("Jk 2s")
    (True, (Card('Jk'), Card('2s')))
    """
    if len(text) % 3 == 2 and text.isascii():
        data = text.encode("ascii")
        ranks, suits = data[0::3].translate(_RANKS), data[1::3].translate(_SUITS)
        if (255 not in ranks and 255 not in suits and len(ranks) > 1
                and data[2::3] == b" " * (len(data) // 3)):
            # a card's index is its rank's byte plus its suit's: the rank's is a multiple of 4,
            # the suit's less than 4, so the sum of the two is their bitwise or, taken at once
            count = len(ranks)
            indices = (int.from_bytes(ranks, "big") | int.from_bytes(suits, "big")).to_bytes(
                count, "big")
            found: tuple[Card, ...] = itemgetter(*indices)(_CARD_LIST)
            return found
    try:
        return tuple(map(_BY_TEXT.__getitem__, text.split()))
    except KeyError:
        return parse_cards(text)


def write_cards(cards: Iterable[Card]) -> str:
    """Cards as a record writes them: :func:`~bragkit.cards.format_cards`, by look-up."""
    return " ".join(map(_WRITTEN_LIST.__getitem__, cards))


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as one character each (what :func:`text_cards` reads back).

    >>> cards_text(parse_cards("2s Ac Jk")), text_cards("0cd")
    ('0cd', (Card('2s'), Card('Ac'), Card('Jk')))
    """
    return bytes(cards).translate(_TO_CHARS).decode("ascii")


def text_cards(text: str) -> tuple[Card, ...]:
    """The cards of :func:`cards_text`."""
    codes = text.encode("ascii")
    if len(codes) > 1 and (min(codes) >= _BASE and max(codes) <= _BASE + JOKER_INDEX):
        found: tuple[Card, ...] = itemgetter(*codes.translate(_FROM_CHARS))(_CARD_LIST)
        return found
    return tuple(map(_BY_CODE.__getitem__, codes))  # type: ignore[arg-type]


def pretty_text(text: str) -> str:
    """The cards of :func:`cards_text` as a record writes them (:func:`write_cards`).

    >>> pretty_text("0cd")
    '2s Ac Jk'
    """
    names = _TEXT_BY_CODE
    return " ".join([names[code] for code in text.encode("ascii")])
