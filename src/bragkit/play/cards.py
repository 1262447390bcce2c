"""Cards and the table as pictures: pure functions returning Rich text (rules D8, BL6, T3).

Cards show their rank and suit symbol in colour, red for hearts and diamonds; a card the viewer
may not see shows its back. The same functions serve the terminal game and anything else that
prints with Rich.

>>> from bragkit.cards import parse_cards
>>> hand_text(parse_cards("Qh As")).plain
' Q♥   A♠ '
>>> hand_text(None, count=3).plain       # face down (a blind hand, another player's hand)
' ▒▒   ▒▒   ▒▒ '
>>> card_text(parse_cards("Qh")[0]).style
'bold red on white'
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from bragkit.cards import Card, parse_cards

__all__ = ["BACK", "card_text", "hand_text", "plain", "pretty"]

#: The back of a card.
BACK = "▒▒"
_RED = "bold red on white"
_BLACK = "bold black on white"
_JOKER = "bold magenta on white"
_BACK_STYLE = "bold white on blue"


def card_text(card: Card | None) -> Text:
    """One card, ``" Q♥ "``, in its colour; ``None`` is a face-down card."""
    if card is None:
        return Text(f" {BACK} ", style=_BACK_STYLE)
    if card.is_joker:
        return Text(" Jk ", style=_JOKER)
    return Text(f" {card.pretty} ", style=_RED if card.suit.is_red else _BLACK)


def hand_text(
    cards: Sequence[Card | None] | None, *, count: int = 3, marked: Sequence[Card] = ()
) -> Text:
    """A hand, one space between cards; ``None`` shows ``count`` card backs. Cards in
    ``marked`` (discards, F1) are shown dim."""
    shown: Sequence[Card | None] = [None] * count if cards is None else cards
    text = Text()
    left = list(marked)
    for i, card in enumerate(shown):
        if i:
            text.append(" ")
        piece = card_text(card)
        if card is not None and card in left:
            left.remove(card)
            piece.stylize("dim")
        text.append_text(piece)
    return text


#: A card written as a record writes it (``Qh``, ``Tc``, ``Jk``), alone between spaces or
#: punctuation.
_CARD_WORD = re.compile(r"(?<![\w♠♥♦♣])(?:[2-9TJQKA][cdhs]|Jk)(?![\w♠♥♦♣])")


def pretty(text: str, names: Sequence[str] = ()) -> str:
    """``text`` (a record's words) with its cards in the screen's notation (``Q♥``), as the
    hands are drawn; a player's name that looks like a card is left alone.

    >>> pretty("Ann plays Qh Qs 4d (pair of queens)", ["Ann"])
    'Ann plays Q♥ Q♠ 4♦ (pair of queens)'
    >>> pretty("As shows Kd", ["As"])
    'As shows K♦'
    """
    if any(_CARD_WORD.fullmatch(n) for n in names):
        keep = set(names)
        return _CARD_WORD.sub(lambda m: m[0] if m[0] in keep else parse_cards(m[0])[0].pretty,
                              text)
    return _CARD_WORD.sub(lambda m: parse_cards(m[0])[0].pretty, text)


def plain(renderable: RenderableType, width: int = 120) -> str:
    """What a renderable shows, as plain text (for tests and transcripts).

    >>> plain(hand_text(parse_cards("Qh As"))).strip()
    'Q♥   A♠'
    """
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()
