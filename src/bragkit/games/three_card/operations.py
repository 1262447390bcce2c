"""The operation log of a deal: every change of state as a frozen record (PokerKit's idea).

A :class:`~bragkit.games.three_card.Deal` appends one record for every ante taken (rule D2),
card dealt (D6; ``face_up`` for the face-up hand of R3), action applied, loan made (M4), hand
put under the pack (D5), hand shown (D8), pot awarded, pot carried forward (BL3) and hand
retained (R1). The hand history, the replay, a transcript and the web events all come from it;
the actions of the record are the :class:`Acted` entries.

>>> from bragkit.cards import parse_cards
>>> op = Acted(action=Action.parse("Bill blind 1"), paid=1)
>>> str(op), op.player, op.paid
('Bill blind 1', 'Bill', 1)
>>> str(HandToPack(player="Ann", cards=parse_cards("Qh Qs 4d")))
'Ann: Qh Qs 4d under the pack (D5)'

Records hold cards, so the log is the engine's own: it is never sent to a player as it is. Each
record says what a viewer may know of it (:meth:`Operation.censored`), and a player's
:class:`~bragkit.games.three_card.views.DealView` is folded from the log censored for them: a card
dealt
face down is seen by no one (BL6: not even its owner, until they look); a look
(:class:`HandLooked`) shows the owner their cards, and no one else; a discard is seen by its
owner (F1); the face-up hand (R3) and the hands shown (D8) by all; a retained hand by no one.

>>> dealt = CardDealt(player="Ann", card=parse_cards("Qh")[0])
>>> dealt.censored("Ann") is None, dealt.censored(None) is None
(True, True)
>>> looked = HandLooked(player="Ann", cards=parse_cards("Qh Qs 4d"))
>>> looked.censored("Ann") is looked, looked.censored("Bob")
(True, HandLooked(player='Ann', cards=(), hand=None))
>>> str(Acted(action=Action.parse("Ann discard 7c")).censored("Bob"))
'Ann discard [1 card]'
"""

from __future__ import annotations

from dataclasses import dataclass

from bragkit.actions import Action, HandChoice, Verb
from bragkit.cards import Card, format_cards
from bragkit.games.protocol import Operation
from bragkit.games.wording import action_words, cards_count, says, whom, whose

__all__ = [
    "Acted",
    "AnteTaken",
    "CardDealt",
    "DiscardHidden",
    "HandLooked",
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
        return f"{self.player} antes {self.amount} (D2)"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"antes {self.amount} (D2)")


@dataclass(frozen=True, kw_only=True, slots=True)
class CardDealt(Operation):
    """One card dealt to a player, face down, or face up for the face-up hand of R3 (D6)."""

    player: str
    card: Card
    face_up: bool = False

    def __str__(self) -> str:
        return f"{self.player} is dealt {self.card}{' face up' if self.face_up else ''}"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer,
                    f"is dealt {self.card}{' face up' if self.face_up else ''}")

    def censored(self, viewer: str | None) -> Operation | None:
        """Face up, seen by all (R3); face down, by no one, not even its owner (BL6: a player
        knows their cards once they look, :class:`HandLooked`)."""
        return self if self.face_up else None


@dataclass(frozen=True, kw_only=True, slots=True)
class HandLooked(Operation):
    """A player saw their cards (BL2, F2; BL1: from the deal with blind play off; R3: the
    others, from the deal): ``hand`` is ``"old"`` or ``"new"`` for a look at one of two hands
    (R2), which the player must then keep or throw. Only the owner learns the cards."""

    player: str
    cards: tuple[Card, ...]
    hand: HandChoice | None = None

    def __str__(self) -> str:
        """The owner's cards; empty for anyone else (they learn of the look from its action)."""
        if not self.cards:
            return ""
        which = f" the {self.hand} hand:" if self.hand else ""
        return f"{self.player} looked at{which} {format_cards(self.cards)}"

    def words(self, viewer: str | None) -> str:
        if not self.cards:
            return ""
        which = f" the {self.hand} hand:" if self.hand else ""
        return says(self.player, viewer, f"looked at{which} {format_cards(self.cards)}")

    def censored(self, viewer: str | None) -> Operation | None:
        """The owner's own; the others learn only that a look was made."""
        if viewer == self.player:
            return self
        return HandLooked(player=self.player, cards=(), hand=self.hand)


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
        """The action's record string (HAND-HISTORY.md)."""
        return str(self.action)

    def words(self, viewer: str | None) -> str:
        """The action in words for ``viewer`` ("You bet 2", "Ann folds")."""
        return action_words(self.action, viewer, self.paid)

    def censored(self, viewer: str | None) -> Operation | None:
        """Discarded cards are face down: the others learn only how many (F1)."""
        action = self.action
        if action.cards and action.verb is Verb.DISCARD and viewer != action.player:
            assert action.player is not None
            return DiscardHidden(player=action.player, count=len(action.cards))
        return self


@dataclass(frozen=True, kw_only=True, slots=True)
class DiscardHidden(Operation):
    """A discard as the other players see it: how many cards, face down (F1)."""

    player: str
    count: int

    def __str__(self) -> str:
        return f"{self.player} discard [{self.count} card{'s' if self.count > 1 else ''}]"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"discards {cards_count(self.count)}")


@dataclass(frozen=True, kw_only=True, slots=True)
class Loan(Operation):
    """``lender`` lent ``borrower`` the shortfall of a bet (rule M4); the Table keeps the ledger."""

    lender: str
    borrower: str
    amount: int

    def __str__(self) -> str:
        return f"{self.lender} lends {self.borrower} {self.amount} (M4)"

    def words(self, viewer: str | None) -> str:
        return says(self.lender, viewer, f"lends {whom(self.borrower, viewer)} {self.amount} "
                                         "(M4)")


@dataclass(frozen=True, kw_only=True, slots=True)
class HandToPack(Operation):
    """A hand went under the pack, its cards in the order dealt (rule D5); ``face_up`` for the
    face-up hand of R3."""

    player: str
    cards: tuple[Card, ...]
    face_up: bool = False

    def __str__(self) -> str:
        """The cards, for whoever may see them; empty when hidden (the viewer learns nothing
        a fold or a see did not tell them)."""
        if not self.cards:
            return ""
        return f"{self.player}: {format_cards(self.cards)} under the pack (D5)"

    def words(self, viewer: str | None) -> str:
        if not self.cards:
            return ""
        owner = whose(self.player, viewer)
        return f"{owner[0].upper()}{owner[1:]} {format_cards(self.cards)} go under the pack (D5)"

    def censored(self, viewer: str | None) -> Operation | None:
        """Face down: the others learn only that a hand went (the face-up hand, R3, is seen)."""
        if self.face_up:
            return self
        return HandToPack(player=self.player, cards=())


@dataclass(frozen=True, kw_only=True, slots=True)
class HandShown(Operation):
    """A hand was exposed (rule D8): the three cards it plays, then any discards (F1); ``name``
    is the hand in words, ranked by the rules the deal was played under (set by the deal)."""

    player: str
    cards: tuple[Card, ...]
    name: str = ""

    def __str__(self) -> str:
        """The three cards played, then any discards (F1)."""
        played, discards = self.cards[:3], self.cards[3:]
        extra = f", discards {format_cards(discards)}" if discards else ""
        return f"{self.player} shows {format_cards(played)}{extra}"

    def words(self, viewer: str | None) -> str:
        """"You show pair of queens (Qh Qs 4d)", then any discards (F1)."""
        played, discards = self.cards[:3], self.cards[3:]
        extra = f", discards {format_cards(discards)}" if discards else ""
        shown = f"{self.name} ({format_cards(played)})" if self.name else format_cards(played)
        return says(self.player, viewer, f"shows {shown}{extra}")

    def shown_hand(self) -> tuple[str, str] | None:
        return (self.player, self.name) if self.name else None


@dataclass(frozen=True, kw_only=True, slots=True)
class PotAwarded(Operation):
    """A player took chips from the pot (B5, B6, B8, M2, M3, R3)."""

    player: str
    amount: int

    def __str__(self) -> str:
        return f"{self.player} takes {self.amount}"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"takes {self.amount}")


@dataclass(frozen=True, kw_only=True, slots=True)
class PotCarried(Operation):
    """The pot stays in the middle for the next deal (rule BL3)."""

    amount: int

    def __str__(self) -> str:
        return f"{self.amount} carried to the next deal (BL3)"


@dataclass(frozen=True, kw_only=True, slots=True)
class HandRetained(Operation):
    """A blind winner keeps the hand for the next deal (rules BL3, R1), unseen."""

    player: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.player} keeps the blind hand (R1)"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, "keeps the blind hand (R1)")

    def censored(self, viewer: str | None) -> Operation | None:
        """A blind hand: no one sees it, not even its owner (BL6)."""
        return HandRetained(player=self.player, cards=())


