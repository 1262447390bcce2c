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
from typing import Final

from bragkit.cards import JOKER_INDEX, Card, parse_cards

__all__ = ["cards_text", "pretty_text", "read_cards", "text_cards", "write_cards"]

_ALL: Final = tuple(Card(i) for i in range(JOKER_INDEX + 1))
_WRITTEN: Final = tuple(str(card) for card in _ALL)
_BY_TEXT: Final = {text: card for text, card in zip(_WRITTEN, _ALL, strict=True)}
#: A card as one character, from "0" (the two of spades) to "d" (the joker).
_BASE: Final = 0x30
_CHARS: Final = tuple(chr(_BASE + i) for i in range(JOKER_INDEX + 1))
_BY_CODE: Final[tuple[Card | None, ...]] = (None,) * _BASE + _ALL
_TEXT_BY_CODE: Final = ("",) * _BASE + _WRITTEN


def read_cards(text: str) -> tuple[Card, ...]:
    """The cards of ``text``: :func:`~bragkit.cards.parse_cards`, by look-up when every card is
    written as a record writes it."""
    try:
        return tuple(map(_BY_TEXT.__getitem__, text.split()))
    except KeyError:
        return parse_cards(text)


def write_cards(cards: Iterable[Card]) -> str:
    """Cards as a record writes them: :func:`~bragkit.cards.format_cards`, by look-up."""
    return " ".join(map(_WRITTEN.__getitem__, cards))


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as one character each (what :func:`text_cards` reads back).

    >>> cards_text(parse_cards("2s Ac Jk")), text_cards("0cd")
    ('0cd', (Card('2s'), Card('Ac'), Card('Jk')))
    """
    return "".join(map(_CHARS.__getitem__, cards))


def text_cards(text: str) -> tuple[Card, ...]:
    """The cards of :func:`cards_text`."""
    return tuple(map(_BY_CODE.__getitem__, text.encode("ascii")))  # type: ignore[arg-type]


def pretty_text(text: str) -> str:
    """The cards of :func:`cards_text` as a record writes them (:func:`write_cards`).

    >>> pretty_text("0cd")
    '2s Ac Jk'
    """
    names = _TEXT_BY_CODE
    return " ".join([names[code] for code in text.encode("ascii")])
