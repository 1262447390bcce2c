"""A player's rating history as a chart: :func:`rating_chart`, an SVG drawn on the server
(inline in the player's page: no script, no other site); and a league's standings over its
nights, a line per member (:func:`standings_chart`).

One point per rated session, in order, at the rating shown after it (``mu - 3 sigma``:
:class:`~bragkit.web.ratings.Rating`), on a band of ``mu ± sigma`` (what the rating believes and
how surely); the first point is the newcomer's rating before their first session. The drawing
is styled by the site's stylesheet (``.chart`` classes: the page's security policy allows no
inline style), and each point says what it is in its ``<title>`` (a tooltip, and what a
screen reader reads).

>>> from bragkit.web.ratings import Rating
>>> svg = rating_chart([("start", Rating()), ("Friday: 1st of 3", Rating(mu=27.9, sigma=8.2))])
>>> svg.startswith("<svg") and svg.count("<circle") == 2 and "Friday: 1st of 3" in svg
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Final

from bragkit.web.ratings import Rating

__all__ = ["NARROW", "SERIES", "WIDE", "rating_chart", "standings_chart"]

#: The chart's sizes (its ``viewBox``): for a wide screen, and for a phone's (the page shows
#: one or the other, so that its lettering stays readable).
WIDE: Final = (640, 220)
NARROW: Final = (340, 200)
_LEFT: Final = 40  # room for the rating axis's labels
_RIGHT: Final = 16
_TOP: Final = 14
_BOTTOM: Final = 28
#: How many line styles a standings chart has (``.chart .s0`` … in the stylesheet; a league
#: with more members reuses them in turn).
SERIES: Final = 8
_GLYPH: Final = 7  # about the width of a letter of an axis label, in the chart's units


def _frame(classes: str, label: str, size: tuple[int, int], low: float, high: float,
           y: Callable[[float], float]) -> list[str]:
    """A chart's opening ``<svg>`` (its ``classes`` and ``label``) and its grid: a line and a
    label at each tick from ``low`` to ``high``, placed by ``y``."""
    width, height = size
    parts = [f'<svg class="{classes}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">']
    for tick in _ticks(low, high):
        parts.append(f'<line class="grid" x1="{_LEFT}" x2="{width - _RIGHT}" '
                     f'y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>')
        parts.append(f'<text class="axis" x="{_LEFT - 6}" y="{y(tick) + 4:.1f}" '
                     f'text-anchor="end">{tick:g}</text>')
    return parts


def _ticks(low: float, high: float) -> list[float]:
    """Round values across ``low`` to ``high`` for the rating axis (3 to 6 of them).

    >>> _ticks(-2.0, 13.0)
    [0.0, 5.0, 10.0]
    """
    span = max(high - low, 1e-9)
    for step in (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0):
        if span / step <= 5:
            break
    first = -(-low // step) * step
    count = int((high - first) // step) + 1
    return [first + i * step for i in range(count)]


def rating_chart(points: Sequence[tuple[str, Rating]], *, label: str = "Rating",
                 size: tuple[int, int] = WIDE) -> str:
    """The chart of ``points`` (what each is, and the rating after it), oldest first; with
    ``label`` as its accessible name, drawn ``size`` (width, height) in its own units."""
    width, height = size
    shown = [r.ordinal for _, r in points]
    bands = [(r.mu - r.sigma, r.mu + r.sigma) for _, r in points]
    low = min(shown + [b[0] for b in bands])
    high = max(shown + [b[1] for b in bands])
    pad = max((high - low) * 0.06, 0.5)
    low, high = low - pad, high + pad
    inner_w = width - _LEFT - _RIGHT
    inner_h = height - _TOP - _BOTTOM
    count = len(points)

    def x(i: int) -> float:
        return _LEFT + (inner_w * i / (count - 1) if count > 1 else inner_w / 2)

    def y(value: float) -> float:
        return _TOP + inner_h * (high - value) / (high - low)

    kind = "wide" if size == WIDE else "narrow"
    parts = _frame(f"chart {kind}", label, size, low, high, y)
    if count > 1:
        upper = " ".join(f"{x(i):.1f},{y(b[1]):.1f}" for i, b in enumerate(bands))
        lower = " ".join(f"{x(i):.1f},{y(b[0]):.1f}" for i, b in reversed(list(enumerate(bands))))
        parts.append(f'<polygon class="band" points="{upper} {lower}"/>')
        line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(shown))
        parts.append(f'<polyline class="line" points="{line}"/>')
    for i, ((what, rating), value) in enumerate(zip(points, shown, strict=True)):
        parts.append(f'<circle class="dot" cx="{x(i):.1f}" cy="{y(value):.1f}" r="4">'
                     f'<title>{escape(what)}: {rating.shown:.1f}</title></circle>')
    sessions = count - 1
    parts.append(f'<text class="axis" x="{_LEFT}" y="{height - 8}">before</text>')
    parts.append(f'<text class="axis" x="{width - _RIGHT}" y="{height - 8}" '
                 f'text-anchor="end">after {sessions} rated session'
                 f'{"s" if sessions != 1 else ""}</text>')
    parts.append("</svg>")
    return "".join(parts)


def standings_chart(lines: Sequence[tuple[str, Sequence[int]]], *, nights: Sequence[int],
                    label: str = "Standings", size: tuple[int, int] = WIDE) -> str:
    """A league's standings night by night: for each member (name, running total after each
    of the ``nights`` counted), a line from 0 before the first night; each line and its dots
    styled ``s0`` … (:data:`SERIES` of them, in turn), each dot titled with what it is. Under
    the line: the start, the last night, and each night between where there is room.

    >>> svg = standings_chart([("Ann", [5, 12]), ("Bob", [-5, -12])], nights=[1, 2])
    >>> svg.count("<polyline") == 2 and svg.count("<circle") == 4 and 'class="line s1"' in svg
    True
    >>> "Bob after night 2: -12" in svg, ">night 2</text>" in svg   # the last night, named
    (True, True)
    """
    width, height = size
    values = [0] + [v for _, run in lines for v in run]
    low, high = float(min(values)), float(max(values))
    pad = max((high - low) * 0.06, 0.5)
    low, high = low - pad, high + pad
    inner_w = width - _LEFT - _RIGHT
    inner_h = height - _TOP - _BOTTOM
    count = len(nights) + 1

    def x(i: int) -> float:
        return _LEFT + inner_w * i / (count - 1) if count > 1 else _LEFT + inner_w / 2

    def y(value: float) -> float:
        return _TOP + inner_h * (high - value) / (high - low)

    kind = "wide" if size == WIDE else "narrow"
    parts = _frame(f"chart standings {kind}", label, size, low, high, y)
    for n, (name, run) in enumerate(lines):
        style = f"s{n % SERIES}"
        points = [0, *run]
        line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
        parts.append(f'<polyline class="line {style}" points="{line}"><title>{escape(name)}'
                     f'</title></polyline>')
        for i, value in enumerate(points[1:], 1):
            parts.append(f'<circle class="dot {style}" cx="{x(i):.1f}" cy="{y(value):.1f}" '
                         f'r="3.5"><title>{escape(name)} after night {nights[i - 1]}: '
                         f'{value:+d}</title></circle>'.replace(": +0<", ": 0<"))
    parts.append(f'<text class="axis" x="{_LEFT}" y="{height - 8}">start</text>')
    if nights:  # the last night at the right; the others under their points, where room is
        last = f"night {nights[-1]}"
        parts.append(f'<text class="axis" x="{x(len(nights)):.1f}" y="{height - 8}" '
                     f'text-anchor="end">{last}</text>')
        free: float = _LEFT + 5 * _GLYPH + 6
        stop = x(len(nights)) - len(last) * _GLYPH - 6
        for i, number in enumerate(nights[:-1], 1):
            half = len(str(number)) * _GLYPH / 2
            if x(i) - half >= free and x(i) + half <= stop:
                parts.append(f'<text class="axis" x="{x(i):.1f}" y="{height - 8}" '
                             f'text-anchor="middle">{number}</text>')
                free = x(i) + half + 6
    parts.append("</svg>")
    return "".join(parts)
