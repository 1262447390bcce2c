"""The operation log of a deal: every change of state as a frozen record (PokerKit's idea).

A :class:`~bragkit.games.three_card.Deal` appends one record for every ante taken (rule D2),
card dealt (D6; ``face_up`` for the face-up hand of R3), action applied, loan made (M4), hand
put under the pack (D5), hand shown (D8), pot awarded, pot carried forward (BL3) and hand
retained (R1). The hand history, the replay, a transcript and the web events all come from it;
the actions of the record are the :class:`Acted` entries.

>>> from bragkit.cards import parse_cards
>>> op = Acted(action=Action.parse("Bill blind 1"), paid=1)
>>> str(op), op.player
('Bill blind 1 (pays 1)', 'Bill')
>>> str(HandToPack(player="Ann", cards=parse_cards("Qh Qs 4d")))
'Ann: Qh Qs 4d under the pack'

Records hold cards, so the log is the engine's own: it is never sent to a player as it is (a
player's :class:`~bragkit.games.views.DealView` is censored for them).
"""

from __future__ import annotations

from dataclasses import dataclass

from bragkit.actions import Action
from bragkit.cards import Card, format_cards
from bragkit.games.protocol import Operation

__all__ = [
    "Acted",
    "AnteTaken",
    "CardDealt",
    "HandRetained",
    "HandShown",
    "HandToPack",
    "Loan",
    "Operation",
    "PotAwarded",
    "PotCarried",
]


@dataclass(frozen=True, kw_only=True, slots=True)
class AnteTaken(Operation):
    """A player's ante went into the pot (rule D2)."""

    player: str
    amount: int

    def __str__(self) -> str:
        return f"{self.player} antes {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class CardDealt(Operation):
    """One card dealt to a player, face down, or face up for the face-up hand of R3 (D6)."""

    player: str
    card: Card
    face_up: bool = False

    def __str__(self) -> str:
        return f"{self.player} is dealt {self.card}{' face up' if self.face_up else ''}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Acted(Operation):
    """An action applied; ``paid`` is the chips it put in the pot (a top-up's are its own)."""

    action: Action
    paid: int = 0

    @property
    def player(self) -> str | None:
        """Who acted (None for an agreed showdown, rule B8)."""
        return self.action.player

    def __str__(self) -> str:
        return f"{self.action} (pays {self.paid})" if self.paid else str(self.action)


@dataclass(frozen=True, kw_only=True, slots=True)
class Loan(Operation):
    """``lender`` lent ``borrower`` the shortfall of a bet (rule M4); the Table keeps the ledger."""

    lender: str
    borrower: str
    amount: int

    def __str__(self) -> str:
        return f"{self.lender} lends {self.borrower} {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class HandToPack(Operation):
    """A hand went under the pack, its cards in the order dealt (rule D5)."""

    player: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.player}: {format_cards(self.cards)} under the pack"


@dataclass(frozen=True, kw_only=True, slots=True)
class HandShown(Operation):
    """A hand was exposed (rule D8): the three cards it plays, then any discards (F1)."""

    player: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.player} shows {format_cards(self.cards)}"


@dataclass(frozen=True, kw_only=True, slots=True)
class PotAwarded(Operation):
    """A player took chips from the pot (B5, B6, B8, M2, M3, R3)."""

    player: str
    amount: int

    def __str__(self) -> str:
        return f"{self.player} takes {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class PotCarried(Operation):
    """The pot stays in the middle for the next deal (rule BL3)."""

    amount: int

    def __str__(self) -> str:
        return f"{self.amount} carried to the next deal"


@dataclass(frozen=True, kw_only=True, slots=True)
class HandRetained(Operation):
    """A blind winner keeps the hand for the next deal (rules BL3, R1), unseen."""

    player: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.player} keeps a blind hand"


