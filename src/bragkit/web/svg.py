"""Card pictures as pure functions: a card (or its back) in, an SVG document out.

Like ``chess.svg``, a picture is a string built from its arguments alone, so the same function
draws cards for the web page (served as ``/cards/Qh.svg``), a notebook or a test. The suits are
drawn as paths, not font glyphs, so a card looks the same in every browser; the indices use the
jumbo style (a big rank and suit in two corners, a big pip in the middle) that stays readable on a
phone.

>>> svg = card_svg("Qh")
>>> svg.startswith("<svg") and 'aria-label="queen of hearts"' in svg
True
>>> "#c62828" in svg, "#c62828" in card_svg("7s")        # red hearts, black spades
(True, False)
>>> 'aria-label="card face down"' in card_svg(None)        # the back of a card
True
>>> hand_svg(["As", None, "Jk"]).count("<svg") == 4        # three cards in one picture
True

A card the parser refuses is an :class:`~bragkit.errors.InvalidCardError`:

>>> card_svg("1x")
Traceback (most recent call last):
...
bragkit.errors.InvalidCardError: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final
from xml.sax.saxutils import quoteattr

from bragkit.cards import Card, Rank, Suit

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "back_svg", "card_svg", "card_title", "hand_svg"]

#: The size of a card picture in its own units (the playing-card ratio 5:7).
CARD_WIDTH: Final = 100
CARD_HEIGHT: Final = 140

_RED: Final = "#c62828"
_BLACK: Final = "#1b1b1f"
_FONT: Final = "Georgia, 'DejaVu Serif', 'Liberation Serif', 'Times New Roman', serif"

# Suit shapes in a 100 x 100 box, drawn once and placed with a transform.
_SUIT_PATHS: Final[dict[Suit, str]] = {
    Suit.HEARTS: ("M50 90 C22 68 4 50 10 30 C15 12 38 8 50 28 C62 8 85 12 90 30 "
                  "C96 50 78 68 50 90 Z"),
    Suit.DIAMONDS: "M50 4 C62 22 76 38 90 50 C76 62 62 78 50 96 C38 78 24 62 10 50 "
                   "C24 38 38 22 50 4 Z",
    Suit.SPADES: ("M50 6 C68 28 94 44 92 64 C90 80 70 86 56 74 C58 84 62 90 70 95 L30 95 "
                  "C38 90 42 84 44 74 C30 86 10 80 8 64 C6 44 32 28 50 6 Z"),
    Suit.CLUBS: ("M50 8 A19 19 0 0 1 66 38 A19 19 0 1 1 58 72 C59 82 63 89 70 95 L30 95 "
                 "C37 89 41 82 42 72 A19 19 0 1 1 34 38 A19 19 0 0 1 50 8 Z"),
}
_SUIT_NAMES: Final[dict[Suit, str]] = {
    Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs",
}
_RANK_NAMES: Final[dict[Rank, str]] = {
    Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
    Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven", Rank.SIX: "six",
    Rank.FIVE: "five", Rank.FOUR: "four", Rank.THREE: "three", Rank.TWO: "two",
}
_INDEX: Final[dict[Rank, str]] = {rank: rank.symbol for rank in Rank} | {Rank.TEN: "10"}


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def card_title(card: Card | str | None) -> str:
    """The card in words, for screen readers and tooltips.

    >>> card_title("Td"), card_title("Jk"), card_title(None)
    ('ten of diamonds', 'joker', 'card face down')
    """
    if card is None:
        return "card face down"
    card = _as_card(card)
    if card.is_joker:
        return "joker"
    return f"{_RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]}"


def _svg_open(width: int | None, label: str, view: str) -> str:
    size = "" if width is None else f' width="{width}" height="{round(width * 1.4)}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}"{size} role="img" '
            f'aria-label={quoteattr(label)}>')


def _suit(suit: Suit, x: float, y: float, size: float, colour: str, *, flip: bool = False) -> str:
    """A suit shape ``size`` units wide with its top-left corner at (x, y)."""
    scale = size / 100
    if flip:
        return (f'<path d="{_SUIT_PATHS[suit]}" fill="{colour}" '
                f'transform="translate({x + size:g} {y + size:g}) rotate(180) scale({scale:g})"/>')
    return (f'<path d="{_SUIT_PATHS[suit]}" fill="{colour}" '
            f'transform="translate({x:g} {y:g}) scale({scale:g})"/>')


def _frame(fill: str = "#fffdf8") -> str:
    return (f'<rect x="1.5" y="1.5" width="{CARD_WIDTH - 3}" height="{CARD_HEIGHT - 3}" rx="9" '
            f'fill="{fill}" stroke="#b9b4a8" stroke-width="1.5"/>')


def _corner(text: str, suit: Suit | None, colour: str, *, flip: bool) -> str:
    size = 26 if len(text) == 1 else 22
    body = (f'<text x="15" y="30" text-anchor="middle" font-family="{_FONT}" font-size="{size}" '
            f'font-weight="700" fill="{colour}" letter-spacing="-1">{text}</text>')
    if suit is not None:
        body += _suit(suit, 5, 36, 20, colour)
    if flip:
        return f'<g transform="rotate(180 {CARD_WIDTH / 2:g} {CARD_HEIGHT / 2:g})">{body}</g>'
    return f"<g>{body}</g>"


def card_svg(card: Card | str | None, *, width: int | None = None) -> str:
    """One card face up (a :class:`~bragkit.cards.Card` or its text, ``"Qh"``, ``"Jk"``), or
    face down for ``None``. ``width`` sets the picture's pixel size (default: the container's).
    """
    if card is None:
        return back_svg(width=width)
    card = _as_card(card)
    label = card_title(card)
    parts = [_svg_open(width, label, f"0 0 {CARD_WIDTH} {CARD_HEIGHT}"), _frame()]
    if card.is_joker:
        parts.append(_joker())
    else:
        suit, rank = card.suit, card.rank
        colour = _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
        index = _INDEX[rank]
        parts.append(_corner(index, suit, colour, flip=False))
        parts.append(_corner(index, suit, colour, flip=True))
        if rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
            parts.append(_court(rank, suit, colour))
        elif rank is Rank.ACE:
            parts.append(_suit(suit, 26, 46, 48, colour))
        else:
            parts.append(_suit(suit, 32, 52, 36, colour))
    parts.append("</svg>")
    return "".join(parts)


def _court(rank: Rank, suit: Suit, colour: str) -> str:
    """A court card: a framed panel with the rank's letter over its suit."""
    return (
        f'<rect x="27" y="30" width="46" height="80" rx="5" fill="{colour}" fill-opacity="0.07" '
        f'stroke="{colour}" stroke-opacity="0.55" stroke-width="1.2"/>'
        f'<text x="50" y="73" text-anchor="middle" font-family="{_FONT}" font-size="38" '
        f'font-weight="700" fill="{colour}">{rank.symbol}</text>'
        + _suit(suit, 40, 80, 20, colour)
    )


def _joker() -> str:
    star = ("M50 38 L56 53 L72 53 L59 62 L64 78 L50 68 L36 78 L41 62 L28 53 L44 53 Z")
    letters = "".join(
        f'<text x="13" y="{24 + 15 * i}" text-anchor="middle" font-family="{_FONT}" '
        f'font-size="14" font-weight="700" fill="{_RED}">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    return (f'{letters}<path d="{star}" fill="#f2b705" stroke="{_BLACK}" stroke-width="1.2" '
            f'transform="translate(5 16) scale(1.0)"/>'
            f'<circle cx="55" cy="74" r="30" fill="none" stroke="{_RED}" stroke-width="1.5" '
            f'stroke-dasharray="3 3"/>')


def back_svg(*, width: int | None = None) -> str:
    """The back of a card: the same for every card, so it gives nothing away (rule D6)."""
    return (
        _svg_open(width, "card face down", f"0 0 {CARD_WIDTH} {CARD_HEIGHT}")
        + '<defs><pattern id="lattice" width="10" height="10" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="10" height="10" fill="#1f3f77"/>'
        '<path d="M0 5 H10 M5 0 V10" stroke="#4a73b5" stroke-width="1.6"/></pattern></defs>'
        + _frame("#ffffff")
        + '<rect x="8" y="8" width="84" height="124" rx="6" fill="url(#lattice)" '
        'stroke="#16305c" stroke-width="1.5"/>'
        '<ellipse cx="50" cy="70" rx="19" ry="27" fill="#1f3f77" stroke="#e8d8a8" '
        'stroke-width="2"/>'
        f'<text x="50" y="79" text-anchor="middle" font-family="{_FONT}" font-size="24" '
        'font-weight="700" fill="#e8d8a8">B</text></svg>'
    )


def hand_svg(cards: Sequence[Card | str | None], *, width: int | None = None,
             overlap: float = 0.3) -> str:
    """Several cards in a row, each overlapping the last by ``overlap`` of a card's width
    (``None`` draws a card face down): a hand in one picture, e.g. for a notebook.
    """
    step = CARD_WIDTH * (1 - overlap)
    total = CARD_WIDTH + step * max(len(cards) - 1, 0)
    label = ", ".join(card_title(c) for c in cards) or "no cards"
    height = None if width is None else round(width * CARD_HEIGHT / total)
    size = "" if width is None else f' width="{width}" height="{height}"'
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total:g} {CARD_HEIGHT}"'
             f'{size} role="img" aria-label={quoteattr(label)}>']
    for i, card in enumerate(cards):
        inner = card_svg(card)
        parts.append(inner.replace("<svg ", f'<svg x="{i * step:g}" y="0" width="{CARD_WIDTH}" '
                                   f'height="{CARD_HEIGHT}" ', 1))
    parts.append("</svg>")
    return "".join(parts)
