"""An independent, slow statement of the hand orders, written straight from RULES.md.

It shares no code with :mod:`bragkit.hands`: each ordering is spelled out as lists, best first,
so the tests can hold the fast tables to the written rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

ACES_DOWN = list(range(14, 1, -1))  # A K Q … 2

# Categories best first, per ordering (H2, H10, N3, S3, C3).
CATEGORIES = {
    "standard": ["prial", "running flush", "run", "flush", "pair", "high card"],
    "nine-card": ["prial", "running flush", "run", "flush", "pair", "high card"],
    "teen-patti": ["prial", "running flush", "run", "flush", "pair", "high card"],
    "historic": ["prial", "pair", "high card"],
    "crash": ["prial", "running flush", "run", "flush", "pair", "high card"],
    "crash-aces-high": ["prial", "running flush", "run", "flush", "pair", "high card"],
}
# Prials best first (H3; aces high in N3, H10, S3 and the Crash option).
PRIALS = {
    "standard": [3, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2],
    "nine-card": ACES_DOWN,
    "teen-patti": ACES_DOWN,
    "historic": ACES_DOWN,
    "crash": [3, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2],
    "crash-aces-high": ACES_DOWN,
}
# Runs best first, named by their cards high to low; "A23" is A-2-3 (H4, N3, H10).
_RUNS_DOWN = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]  # A-K-Q … 4-3-2 by top card
RUNS = {
    "standard": ["A23", *_RUNS_DOWN],
    "nine-card": [*_RUNS_DOWN, "A23"],
    "teen-patti": [14, "A23", *_RUNS_DOWN[1:]],
    "historic": [],
    "crash": ["A23", *_RUNS_DOWN],
    "crash-aces-high": ["A23", *_RUNS_DOWN],
}


def describe(cards: Sequence[int]) -> tuple[str, object]:
    """The category name and what decides within it, in any ordering's own terms."""
    ranks = sorted((c // 4 + 2 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    counts = Counter(ranks)
    if len(counts) == 1:
        return "prial", ranks[0]
    if len(counts) == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        kicker = next(r for r, n in counts.items() if n == 1)
        return "pair", (pair, kicker)
    run: object = None
    if set(ranks) == {14, 2, 3}:
        run = "A23"
    elif ranks[0] - ranks[2] == 2:
        run = ranks[0]
    if run is not None:
        return ("running flush" if len(suits) == 1 else "run"), run
    return ("flush" if len(suits) == 1 else "high card"), tuple(ranks)


def key(cards: Sequence[int], ordering: str) -> tuple[int, ...]:
    """A sort key, higher is better, for three distinct cards under an ordering."""
    category, detail = describe(cards)
    cats = CATEGORIES[ordering]
    if category not in cats:  # historic: flushes and sequences are nothing (S3)
        category, detail = "high card", tuple(sorted((c // 4 + 2 for c in cards), reverse=True))
    top = len(cats) - cats.index(category)
    if category == "prial":
        return (top, -PRIALS[ordering].index(detail))
    if category in ("run", "running flush"):
        return (top, -RUNS[ordering].index(detail))
    if category == "pair":
        assert isinstance(detail, tuple)
        return (top, *detail)
    assert isinstance(detail, tuple)
    return (top, *detail)
