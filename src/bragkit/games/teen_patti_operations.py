"""The operation records Teen Patti adds to those of the stake games
(:mod:`bragkit.games.stake_operations`): the turned card of the joker variant (TP8), a sideshow
asked (TP5), its private comparison and who packed on it.

The comparison of a sideshow is seen by the two players in it only (TP5): censored for one of
them it is the other's hand as a :class:`~bragkit.games.stake_operations.Shown` record (so a
view folds it like any shown hand); for anyone else it is nothing.

>>> from bragkit.cards import parse_cards
>>> compared = Compared(asker="Ann", asked="Bob", asker_cards=parse_cards("As Ad 2c"),
...                     asked_cards=parse_cards("Ks Kd 2d"), asker_worth="pair of aces",
...                     asked_worth="pair of kings")
>>> compared.censored("Cy") is None, compared.censored(None) is None
(True, True)
>>> str(compared.censored("Bob"))
'Ann shows As Ad 2c: pair of aces'
>>> str(JokerTurned(card=parse_cards("7d")[0]))
'7d is turned: every 7 is wild (TP8)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bragkit.actions import Verb
from bragkit.cards import Card, format_cards
from bragkit.games.protocol import Operation
from bragkit.games.stake_operations import Shown
from bragkit.games.wording import says, subject, whom

__all__ = ["PHRASES", "Compared", "JokerTurned", "SideshowAsked", "SideshowLost", "joker_turned"]

#: Teen Patti's own words for its moves (TP3), as its keys say them ("b chaal", "f pack"): the
#: phrases of its :class:`~bragkit.games.stake_operations.Acted` records.
PHRASES: Final = ((Verb.BET, "chaals {n}"), (Verb.BLIND, "chaals {n} blind"),
                  (Verb.FOLD, "packs"),
                  # TP5: the chaal paid; the ask is the next record's (SideshowAsked)
                  (Verb.SIDESHOW, "chaals {n}"))


@dataclass(frozen=True, kw_only=True, slots=True)
class JokerTurned(Operation):
    """The joker variant (TP8): a card turned face up from the pack after the deal; every card
    of its rank is wild. Public."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card} is turned: every {self.card.rank.symbol} is wild (TP8)"


#: The turned card's record of each card of the pack, made once (records are frozen).
_TURNED: Final = tuple(JokerTurned(card=Card(index)) for index in range(52))


def joker_turned(card: Card) -> JokerTurned:
    """The :class:`JokerTurned` record of ``card``, made once and shared (one a joker deal).

    >>> joker_turned(Card.parse("7d")) is joker_turned(Card.parse("7d"))
    True
    """
    return _TURNED[card] if 0 <= card < len(_TURNED) else JokerTurned(card=card)


@dataclass(frozen=True, kw_only=True, slots=True)
class SideshowAsked(Operation):
    """A seen player paid their chaal and asked the previous player for a sideshow (TP5)."""

    asker: str
    asked: str

    def __str__(self) -> str:
        return f"{self.asker} asks {self.asked} for a sideshow (TP5)"

    def words(self, viewer: str | None) -> str:
        return says(self.asker, viewer, f"asks {whom(self.asked, viewer)} for a sideshow (TP5)")


@dataclass(frozen=True, kw_only=True, slots=True)
class Compared(Operation):
    """An accepted sideshow's private comparison (TP5): both hands, for those two only."""

    asker: str
    asked: str
    asker_cards: tuple[Card, ...]
    asked_cards: tuple[Card, ...]
    asker_worth: str
    asked_worth: str

    def censored(self, viewer: str | None) -> Operation | None:
        """For the asker, the asked player's hand (a :class:`Shown`); for the asked player,
        the asker's; for everyone else, nothing."""
        if viewer == self.asker:
            return Shown(player=self.asked, cards=self.asked_cards, worth=self.asked_worth)
        if viewer == self.asked:
            return Shown(player=self.asker, cards=self.asker_cards, worth=self.asker_worth)
        return None

    def __str__(self) -> str:
        return (f"{self.asker} and {self.asked} compare privately: {self.asker} "
                f"{format_cards(self.asker_cards)} ({self.asker_worth}), {self.asked} "
                f"{format_cards(self.asked_cards)} ({self.asked_worth})")

    def words(self, viewer: str | None) -> str:
        asker, asked = subject(self.asker, viewer), whom(self.asked, viewer)
        return (f"{asker} and {asked} compare privately: {whom(self.asker, viewer)} "
                f"{format_cards(self.asker_cards)} ({self.asker_worth}), {asked} "
                f"{format_cards(self.asked_cards)} ({self.asked_worth})")


@dataclass(frozen=True, kw_only=True, slots=True)
class SideshowLost(Operation):
    """The weaker hand of a sideshow packs (TP5; on a tie, the asker). Public: everyone sees
    who packs, not why."""

    player: str
    winner: str

    def __str__(self) -> str:
        return f"{self.player} packs: the sideshow goes to {self.winner} (TP5)"

    def words(self, viewer: str | None) -> str:
        return says(self.player, viewer, f"packs: the sideshow goes to "
                                         f"{whom(self.winner, viewer)} (TP5)")
