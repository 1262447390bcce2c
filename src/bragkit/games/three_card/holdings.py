"""The cards in front of each seat of a three-card deal, and what each has seen:
:class:`Holdings` (rules BL2, BL6, F1, F2, H, R1-R3, W).

Each seat's hand as dealt and now, what they kept and set aside (F1), an old hand beside it
(R2), whether they have looked (BL2) and must still discard (F1), the face-up hand of R3, and
each hand's strength, evaluated once per hand (again only if the hand changes, F1 and R2).

>>> from bragkit.cards import parse_cards
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.setup import setup
>>> held = Holdings(setup(Rules()), [parse_cards("Qh Qs 4d"), parse_cards("7c 7d 7h")],
...                 looked=False)
>>> held.strength(1)[2].category.name, held.strength(0)[0] < held.strength(1)[0]  # H2
('PRIAL', True)
>>> held.look(0), held.looked
((Card('Qh'), Card('Qs'), Card('4d')), [True, False])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, Final

from bragkit.actions import HandChoice
from bragkit.cards import JOKER_INDEX, Card
from bragkit.games.three_card.setup import N2, N, Setup, Strength
from bragkit.hands import HandRank, best_hand, evaluate, hand_of

__all__ = ["Holdings"]

Evaluated = tuple[Strength, tuple[Card, ...], HandRank]

#: The rows a deal starts with, by (seats, looked, more than three cards): each deal copies those
#: it writes to (a copy of a list costs half as much as building it, and a deal is made
#: thousands of times a second) and shares, as tuples, those most deals never write (see
#: :class:`Holdings`).
_ROWS: dict[tuple[int, bool, bool], tuple[Any, ...]] = {}

#: Each way to keep three of four or five cards (F1, F3), by the number of cards: the places
#: kept and the places discarded, in :func:`~bragkit.hands.best_hand`'s order of trying them.
_SPLITS: Final[dict[int, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]] = {
    n: tuple((kept, tuple(i for i in range(n) if i not in kept))
             for kept in combinations(range(n), 3)) for n in (4, 5)}
#: A discarded card's face rank (a joker above an ace), as best_hand ranks discards (F1, F3).
_FACE: Final = (*(c // 4 + 2 for c in range(JOKER_INDEX)), 15)


def _rows(key: tuple[int, bool, bool]) -> tuple[Any, ...]:
    """The starting rows of ``key`` (seats, looked, more than three cards): who looked, who
    must discard (F1: who looked, with more than three cards), a None and an empty tuple for
    each seat; the rows every deal writes as lists, the others as tuples (with three cards
    nobody discards: who must is never written)."""
    n, looked, discards = key
    rows = _ROWS[key] = ([looked] * n, [looked] * n if discards else (False,) * n,
                         (None,) * n, [None] * n, ((),) * n)
    return rows


class Holdings:
    """What each of the seats holds (see the module docstring); ``hands`` as dealt, in seat
    order; ``looked``: whether every seat has seen their cards from the deal (blind play off,
    BL1).

    The rows most deals never write (the hands, an old hand beside, R2; what was kept and
    discarded, F1; with three cards, who must discard) are shared tuples until written: a
    writer here replaces its row with a list of its own (:meth:`_row`), so a deal costs no copy
    of a row it never writes.
    """

    __slots__ = ("cards", "discards", "face_up", "face_up_cards", "face_up_seat", "hand", "kept",
                 "looked", "need_discard", "old", "pending", "pending_hand", "setup",
                 "strengths", "two_seat")

    def __init__(self, setup: Setup, hands: Sequence[tuple[Card, ...]], looked: bool) -> None:
        n = len(hands)
        self.setup = setup
        cards = self.cards = setup.rules.cards
        self.hand = hands
        key = (n, looked, cards > 3)
        rows = _ROWS.get(key)
        if rows is None:
            rows = _rows(key)
        self.looked: list[bool] = rows[0].copy()  # rule D7: each may look, or play blind (BL)
        need = rows[1]  # rule F1 (a shared row of False with three cards: never written)
        self.need_discard: Sequence[bool] = need if cards == 3 else need.copy()
        nones = rows[2]
        self.kept: Sequence[tuple[Card, ...] | None] = nones  # rule F1
        self.discards: Sequence[tuple[Card, ...]] = rows[4]
        self.old: Sequence[tuple[Card, ...] | None] = nones  # rule R2: an old hand beside
        self.strengths: list[Evaluated | None] = rows[3].copy()
        self.pending = -1  # rule R2: who must keep or throw the hand just looked at
        self.pending_hand: HandChoice = "new"
        self.two_seat = -1  # rule R2: who holds two hands
        self.face_up: tuple[Card, ...] | None = None  # rule R3, while it is out
        self.face_up_cards: tuple[Card, ...] = ()
        self.face_up_seat = -1

    @staticmethod
    def _row(row: Sequence[Any]) -> list[Any]:
        """``row`` as a list of the deal's own, to write to: a shared row (a tuple) copied."""
        return list(row) if type(row) is tuple else row  # type: ignore[return-value]

    def retain_face_up(self, seat: int, old: tuple[Card, ...]) -> None:
        """Rule R3: ``seat``'s new hand lies face up and the old one plays; every other seat
        has seen their cards."""
        self.face_up = self.face_up_cards = self.hand[seat]
        hand = self.hand = self._row(self.hand)
        hand[seat] = old
        self.face_up_seat = seat
        need = self.need_discard = self._row(self.need_discard)
        for other in range(len(hand)):
            if other != seat:
                self.looked[other] = True
                need[other] = self.cards > 3  # rule F1

    def retain_two(self, seat: int, old: tuple[Card, ...]) -> None:
        """Rule R2: ``seat`` holds their old hand beside the new one, both blind."""
        olds = self.old = self._row(self.old)
        olds[seat] = old
        self.two_seat = seat

    def drop_old(self, seat: int) -> None:
        """Rule R2: ``seat``'s old hand is gone (folded, or kept or thrown)."""
        old = self.old = self._row(self.old)
        old[seat] = None
        self.two_seat = -1

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """Every card in front of ``seat``: the old hand, the hand, the face-up hand (R3)."""
        old = self.old[seat] or ()
        return old + self.hand[seat] + (self.face_up or () if seat == self.face_up_seat else ())

    # -- what the players do with their cards ---------------------------------------------------

    def look(self, seat: int) -> tuple[Card, ...]:
        """Rule BL2: ``seat`` looks at their hand (F1: and must discard); its cards."""
        self.looked[seat] = True
        if self.cards > 3:  # (with three cards no one discards: the row is never written)
            need = self.need_discard = self._row(self.need_discard)
            need[seat] = True
        return self.hand[seat]

    def look_at(self, seat: int, which: HandChoice) -> tuple[Card, ...]:
        """Rule R2: ``seat`` looks at one of two hands and must keep or throw it at once."""
        self.pending = seat
        self.pending_hand = which
        old = self.old[seat]
        return old if which == "old" and old is not None else self.hand[seat]

    def keep_or_throw(self, seat: int, *, keep: bool) -> tuple[Card, ...]:
        """Rule R2: keep the hand just looked at (now open; the other folded unseen) or throw
        it (one blind hand remains). The hand that goes under the pack."""
        self.pending = -1
        old = self.old[seat]
        assert old is not None
        hands = self.hand = self._row(self.hand)
        hand = hands[seat]
        looked_hand, other = (old, hand) if self.pending_hand == "old" else (hand, old)
        self.drop_old(seat)
        self.strengths[seat] = None
        if keep:
            hands[seat] = looked_hand
            self.looked[seat] = True
            if self.cards > 3:
                need = self.need_discard = self._row(self.need_discard)
                need[seat] = True
            return other
        hands[seat] = other
        return looked_hand

    def discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Rule F1: ``seat`` sets ``cards`` aside (looked at, F2)."""
        self.looked[seat] = True
        need = self.need_discard = self._row(self.need_discard)
        need[seat] = False
        kept = list(self.hand[seat])
        for card in cards:
            kept.remove(card)
        kept_row = self.kept = self._row(self.kept)
        kept_row[seat] = tuple(kept)
        discards = self.discards = self._row(self.discards)
        discards[seat] = cards
        self.strengths[seat] = None

    def holds(self, seat: int, cards: tuple[Card, ...]) -> bool:
        """Rule F1: whether ``seat`` holds ``cards``, each once."""
        hand = list(self.hand[seat])
        for card in cards:
            if card not in hand:
                return False
            hand.remove(card)
        return True

    # -- strength -------------------------------------------------------------------------------

    def strength(self, seat: int) -> Evaluated:
        """A hand's strength key, the cards it shows (kept, then discards) and its rank:
        evaluated once per hand (again only if the hand changes, F1 and R2)."""
        found = self.strengths[seat]
        if found is None:
            hand = self.hand[seat]
            kept = self.kept[seat]
            if kept is None and len(hand) == 3:  # evaluate()'s commonest case, inlined
                setup = self.setup
                a, b, c = hand
                value = setup.values[a * N2 + b * N + c]
                if value >= 0:
                    found = self.strengths[seat] = (value, ()), hand, setup.ranks[value]
                    return found
            found = self.strengths[seat] = self.evaluate(hand, kept, self.discards[seat])
        return found

    def evaluate(self, hand: tuple[Card, ...], kept: tuple[Card, ...] | None = None,
                 discards: tuple[Card, ...] = ()) -> Evaluated:
        """The strength of ``hand`` (``kept`` and ``discards``: after a discard)."""
        setup = self.setup
        if kept is not None:  # rule F1: the three the player kept, then the discards
            a, b, c = kept
            value = setup.values[a * N2 + b * N + c]
            if value >= 0:  # hand_of's value and discard key, read from the table
                face = _FACE
                thrown = tuple(sorted([face[card] for card in discards], reverse=True))
                return (value, thrown), kept + discards, setup.ranks[value]
            chosen = hand_of(kept, discards, ordering=setup.rules.ordering, wild=setup.wild)
        elif len(hand) == 3:
            a, b, c = hand
            # evaluate()'s own values, read directly (rules H2-H10, W1-W3); a card held twice
            # is not a hand (-1): evaluate() says so
            value = setup.values[a * N2 + b * N + c]
            if value < 0:
                rank = evaluate(hand, ordering=setup.rules.ordering, wild=setup.wild)
            else:
                rank = setup.ranks[value]
            return (value, ()), hand, rank
        else:  # rule F2: a hand shown without a look plays its best three
            found = self.best_three(hand)
            if found is not None:
                return found
            chosen = best_hand(hand, ordering=setup.rules.ordering, wild=setup.wild, keep=3)
        return chosen.sort_key, chosen.kept + chosen.discards, chosen.rank

    def best_three(self, hand: tuple[Card, ...]) -> Evaluated | None:
        """Rules F1-F3: the best three of four or five cards as
        :func:`~bragkit.hands.best_hand` chooses them (the highest value, then the highest
        discards; the first tried of equally good), read from the table: its strength key, the
        cards kept then discarded, its rank. ``None`` where the table has no value (a joker
        twice): best_hand's own search decides those.

        >>> from bragkit.cards import parse_cards
        >>> from bragkit.games.three_card.rules import Rules
        >>> from bragkit.games.three_card.setup import setup
        >>> held = Holdings(setup(Rules(cards=5)), [], looked=False)
        >>> key, cards, rank = held.best_three(parse_cards("3c Ah 2c Kc Qc"))
        >>> str(rank), cards == best_hand("3c Ah 2c Kc Qc").kept + parse_cards("Kc Qc")
        ('run, 3-2-A', True)
        """
        values = self.setup.values
        best = -1
        ties: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for split in _SPLITS[len(hand)]:
            a, b, c = split[0]
            value = values[hand[a] * N2 + hand[b] * N + hand[c]]
            if value < 0:
                return None
            if value > best:
                best = value
                ties = [split]
            elif value == best:
                ties.append(split)
        face = _FACE
        key: tuple[int, ...] = ()
        chosen = ties[0]
        for split in ties:  # rules F1, F3: equal hands, the higher discards (the first on a tie)
            thrown = tuple(sorted([face[hand[i]] for i in split[1]], reverse=True))
            if split is chosen:
                key = thrown
            elif thrown > key:
                key, chosen = thrown, split
        kept, discarded = chosen
        cards = tuple([hand[i] for i in kept] + [hand[i] for i in discarded])
        return (best, key), cards, self.setup.ranks[best]

    def beats_face_up(self, seat: int) -> bool:
        """Rule R3: whether ``seat``'s hand beats the face-up hand strictly."""
        return self.strength(seat)[0] > self.evaluate(self.face_up_cards)[0]
