"""A deal's result in words, from its records (rules N7, C4, C5, D8, S2, S4, P2, B5): which
records begin and end a deal of cards (:func:`deal_boundary`), and which of them tell its
result (:func:`result_line`): each round's winner and points (Nine Card Brag, Crash), the crash
calls and whether a crash came off, the points after the deal, every hand shown with its name,
who took which pot. The words are the records' own (:func:`~bragkit.games.protocol.describe`).

The records are told apart by their classes, never by a game's name.

>>> from bragkit.games.nine_card import RoundScored
>>> result_line(RoundScored(deal=1, round=2, ranking=("Bob", "Ann"), points=(1, 0)), "Ann")
'round 2: Bob wins — Bob 1, Ann 0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

from bragkit.games.crash import Called, CrashPaid, RoundPlayed
from bragkit.games.nine_card import RoundScored
from bragkit.games.points_game import DealEnded, DealStarted, GameWon
from bragkit.games.protocol import Operation, describe
from bragkit.games.stake_operations import Awarded, Paid, Shown
from bragkit.games.three_card.operations import HandRetained, HandShown, PotAwarded, PotCarried
from bragkit.games.three_card.replay import shown_hand_name
from bragkit.games.three_card.rules import Rules

__all__ = ["deal_boundary", "last_scores", "log_line", "result_line"]

#: The records that tell a deal's result as they are worded.
_AS_WORDED: Final = (RoundPlayed, CrashPaid, GameWon, Shown, Awarded, Paid, PotAwarded,
                     PotCarried, HandRetained)


def deal_boundary(op: Operation) -> Literal["start", "end"] | None:
    """Whether ``op`` begins or ends a deal of cards within a points game (N2, N7, C6).

    >>> deal_boundary(DealEnded(deal=1, scores=())), deal_boundary(Called(deal=1, player="A",
    ...                                                                     crash=False))
    ('end', None)
    """
    if isinstance(op, DealStarted):
        return "start"
    if isinstance(op, DealEnded):
        return "end"
    return None


def last_scores(operations: Sequence[Operation]) -> tuple[tuple[str, int], ...]:
    """The points after the last deal of cards ended (N7, C6); () before the first ended.

    >>> last_scores([DealEnded(deal=1, scores=(("Ann", 2), ("Bob", 0)))])
    (('Ann', 2), ('Bob', 0))
    """
    for op in reversed(operations):
        if isinstance(op, DealEnded):
            return tuple(op.scores)
    return ()


def result_line(op: Operation, viewer: str | None, rules: Any = None) -> str | None:
    """The line ``op`` adds to its deal's result for ``viewer``; None if it adds none. A shown
    three-card hand gets its name by ``rules`` (D8).

    >>> result_line(Called(deal=1, player="Ann", crash=True), "Bob")
    'Ann calls crash (C5)'
    >>> result_line(DealEnded(deal=2, scores=(("Ann", 7), ("Bob", 3))), "Bob")
    'points after deal 2: Ann 7, Bob 3'
    """
    if isinstance(op, RoundScored):
        won = f"{op.ranking[0]} wins" if op.ranking else "no winner"
        return f"round {op.round}: {won} — {describe(op, viewer)}"
    if isinstance(op, Called):
        return f"{op.player} {'calls crash' if op.crash else 'passes'} (C5)"
    if isinstance(op, DealEnded):
        return f"points after deal {op.deal}: " + ", ".join(f"{p} {n}" for p, n in op.scores)
    if isinstance(op, HandShown):
        name = shown_hand_name(op.cards, rules if rules is not None else Rules())
        return f"{describe(op, viewer)} ({name})"
    if isinstance(op, _AS_WORDED):
        return describe(op, viewer)
    return None


def log_line(op: Operation, viewer: str | None, rules: Any = None) -> str | None:
    """The log's line for ``op``: its words for ``viewer`` (None when they learn nothing), a
    shown three-card hand with its name (D8), a Nine Card round with its number and winner.

    >>> from bragkit.cards import parse_cards
    >>> log_line(HandShown(player="Bob", cards=parse_cards("As Ad 2c")), "Ann")
    'Bob shows As Ad 2c (pair of aces, 2 kicker)'
    """
    if isinstance(op, HandShown | RoundScored):  # a hand named; a round's winner named
        return result_line(op, viewer, rules)
    return describe(op, viewer)
