"""Following the cards through an unshuffled pack, as a sharp player does (rules D4, D5, D6).

Brag's pack is not shuffled between deals (D4): the hands go back under it in a known order
(D5) and the next deal comes off the top one card at a time from the dealer's left (D6). A
player who remembers the cards they saw (their own hand, hands shown in a see, the face-up stock
card, D8, D9) therefore knows where those cards lie, and, deals later, who is dealt them. This is
the stacked-pack trick of the sources.

A :class:`PackTracker` holds the pack as one player knows it: a list, top card first, of cards or
``None`` where unknown. At the start of a deal it deals the list as the engine deals the pack,
so it can say which known cards each player holds and which stay in the stock (dead for this
deal); at the end it puts the returned hands (with the cards the player saw) under it. A shuffle
forgets everything; so does anything that contradicts what it knew.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.cards import parse_cards
>>> tracker = PackTracker()
>>> start = DealStarted(viewer="Ann", rules=Rules(), players=("Ann", "Bob"), dealer="Bob",
...                     shuffled=True, pack_size=52, carried_pot=0, retained=None)
>>> tracker.start(start).holding
{'Ann': (), 'Bob': ()}
>>> tracker.finish([(("Bob", (None, None, None))),
...                 ("Ann", tuple(parse_cards("Qh Qs 4d")))], shuffle_next=False)
>>> tracker.known_positions()[-3:]        # Ann's hand lies at the bottom, in order (D5)
[(49, Card('Qh')), (50, Card('Qs')), (51, Card('4d'))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bragkit.bots.agent import DealEnded, DealStarted
from bragkit.cards import Card
from bragkit.games.three_card.views import DealView

__all__ = ["Knowledge", "PackTracker"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Knowledge:
    """What the tracker knows at the start of a deal: each player's known cards, in the order
    dealt, the known cards left in the stock (dead for this deal), and who holds a retained
    blind hand (R1: the cards dealt them this deal may not be the hand they play)."""

    holding: dict[str, tuple[Card, ...]]
    stock: tuple[Card, ...]
    retained: str | None = None

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """The known cards of ``player``'s hand: none if they hold a retained hand (R1-R3)."""
        return () if player == self.retained else self.holding.get(player, ())

    def own_hand(self, view: DealView, cards: int) -> tuple[Card, ...] | None:
        """The viewer's whole hand of ``cards`` cards if every one of them was followed through
        the pack (they may still be blind: BL6 hides it from their view, not their memory)."""
        name = str(view.viewer)
        tracked = self.cards_of(name)
        if len(tracked) == cards and view.held.get(name) == cards and name not in view.face_up:
            return tracked
        return None


class PackTracker:
    """The pack as one player can know it (see the module docstring)."""

    __slots__ = ("_pack", "knowledge")

    def __init__(self) -> None:
        self._pack: list[Card | None] | None = None
        self.knowledge = Knowledge(holding={}, stock=())

    def start(self, event: DealStarted) -> Knowledge:
        """Deal the known pack as the engine deals (D6) and say who holds what is known."""
        players = event.players
        if event.shuffled or self._pack is None or len(self._pack) != event.pack_size:
            self._pack = [None] * event.pack_size  # rule D4: a shuffle forgets everything
        pack = self._pack
        n = len(players)
        dealer = players.index(event.dealer)
        order = [players[(dealer + 1 + i) % n] for i in range(n)]
        dealt: dict[str, list[Card]] = {p: [] for p in players}
        count = event.rules.cards * n
        for i, card in enumerate(pack[:count]):
            if card is not None:
                dealt[order[i % n]].append(card)
        stock = tuple(c for c in pack[count:] if c is not None)
        del pack[:count]
        self.knowledge = Knowledge(holding={p: tuple(c) for p, c in dealt.items()}, stock=stock,
                                   retained=event.retained)
        return self.knowledge

    def finish(
        self, returned: Iterable[tuple[str, Sequence[Card | None]]], *, shuffle_next: bool
    ) -> None:
        """Put the returned hands under the pack in order (D5); forget all on a shuffle (D4)."""
        if self._pack is None:
            return
        for _, cards in returned:
            self._pack.extend(cards)
        if shuffle_next:
            self._pack = None

    def end(self, event: DealEnded) -> None:
        """:meth:`finish` from a :class:`~bragkit.bots.agent.DealEnded` event, after checking
        the hands shown agree with what was tracked (else forget everything)."""
        for player, cards in event.view.shown.items():
            expected = self.knowledge.holding.get(player, ())
            if any(card not in cards for card in expected):
                self.forget()
                return
        self.finish(((r.player, r.cards) for r in event.returned),
                    shuffle_next=event.shuffle_next)

    def check_own(self, player: str, hand: Sequence[Card]) -> bool:
        """Whether the cards the player sees agree with what was tracked for them (if not,
        something was missed: forget everything)."""
        expected = self.knowledge.holding.get(player, ())
        if all(card in hand for card in expected):
            return True
        self.forget()
        return False

    def forget(self) -> None:
        """Know nothing any more (until the next deal, which starts from an unknown pack)."""
        self._pack = None
        self.knowledge = Knowledge(holding={}, stock=())

    def known_positions(self) -> list[tuple[int, Card]]:
        """The known cards of the pack between deals with their positions (0 = top)."""
        if self._pack is None:
            return []
        return [(i, c) for i, c in enumerate(self._pack) if c is not None]
