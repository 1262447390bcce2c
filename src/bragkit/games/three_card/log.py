"""The operation log of a three-card deal, kept compact: :class:`DealLog`.

One entry per change during the betting, a tuple of a record class and its fields; the antes,
the dealt cards and the settlement one entry each. The frozen records
(:mod:`bragkit.games.three_card.operations`) are made on demand, once: the log is the single
source of truth of the deal, and a view, a record or a replay reads only them.

>>> from bragkit.actions import Action
>>> from bragkit.cards import parse_cards
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.setup import seating
>>> seats = seating(("Ann", "Bob"), "Bob")
>>> log = DealLog(seats, Rules(), dealt=(parse_cards("Qh Qs 4d"), parse_cards("As Tc 2d")),
...               face_up_seat=-1)
>>> log.add((Acted, Action.parse("Ann fold"), 0))
>>> [str(op) for op in log.records()][:2], log.actions()
(['Ann antes 1 (D2)', 'Bob antes 1 (D2)'], (Action.parse('Ann fold'),))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from bragkit.actions import Action
from bragkit.cards import Card
from bragkit.games.protocol import Operation
from bragkit.games.three_card.names import shown_hand_name
from bragkit.games.three_card.operations import (
    Acted,
    AnteTaken,
    CardDealt,
    HandLooked,
    HandRetained,
    HandShown,
    HandToPack,
    Loan,
    PotAwarded,
    PotCarried,
)
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.setup import Seats

__all__ = ["ANTES", "DEALT", "END", "DealLog", "loans"]

# Markers of the compact log: the antes, the deal and the settlement are one entry each.
ANTES: Final = "antes"
DEALT: Final = "dealt"
END: Final = "end"  # the settlement: hands shown, pots awarded and carried, hands to the pack

# Field names of the operation records the compact log holds as tuples, one per change during
# the betting.
_OP_FIELDS: Final[dict[type, tuple[str, ...]]] = {
    Acted: ("action", "paid"),
    Loan: ("lender", "borrower", "amount"),
    HandToPack: ("player", "cards", "face_up"),
    HandLooked: ("player", "cards", "hand"),
}


def loans(entries: list[tuple[Any, ...]]) -> tuple[Loan, ...]:
    """Rule M4: the loans made, in order, read from the compact log ``entries``."""
    return tuple(Loan(lender=e[1], borrower=e[2], amount=e[3]) for e in entries if e[0] is Loan)


class DealLog:
    """The compact log of one deal at ``seats`` under ``rules``: ``dealt`` the hands dealt in
    seat order, ``face_up_seat`` the seat whose new hand lies face up (R3), or -1;
    ``entries`` the compact entries so far (a new log when not given: the antes and the deal),
    which the deal goes on appending to (``add``). Made when the log is first read: a deal
    nobody reads makes none."""

    __slots__ = ("_chips", "_done", "_ops", "add", "dealt", "entries", "face_up_seat", "rules",
                 "seats")

    def __init__(self, seats: Seats, rules: Rules, dealt: tuple[tuple[Card, ...], ...],
                 face_up_seat: int, entries: list[tuple[Any, ...]] | None = None) -> None:
        self.seats = seats
        self.rules = rules
        self.dealt = dealt
        self.face_up_seat = face_up_seat
        self.entries: list[tuple[Any, ...]] = [(ANTES,), (DEALT,)] if entries is None else entries
        self.add: Callable[[tuple[Any, ...]], None] = self.entries.append
        self._ops: list[Operation] = []
        self._done = 0
        self._chips = (0, 0)  # where chips_since last ended: the entries and operations read

    def actions(self) -> tuple[Action, ...]:
        """The actions applied, in order."""
        return tuple(entry[1] for entry in self.entries if entry[0] is Acted)

    def loans(self) -> tuple[Loan, ...]:
        """Rule M4: the loans made, in order."""
        return loans(self.entries)

    def records(self) -> list[Operation]:
        """Every change of state, in order, as frozen records (made once; the engine's own
        log: it holds every card)."""
        ops = self._ops
        names = self.seats.names
        order = self.seats.order
        rules = self.rules
        face_up = self.face_up_seat
        entries = self.entries
        for entry in entries[self._done:]:
            cls = entry[0]
            if cls is ANTES:  # rule D2, from the dealer's left
                ops += [AnteTaken(player=names[s], amount=rules.ante) for s in order]
            elif cls is DEALT:  # rule D6: one card at a time from the dealer's left
                dealt = self.dealt
                for k in range(rules.cards):
                    ops += [CardDealt(player=names[s], card=dealt[s][k], face_up=s == face_up)
                            for s in order]
                # who has seen their cards from the deal: everyone with blind play off (BL1),
                # everyone but the face-up hand's owner under R3
                if not rules.blind or face_up >= 0:
                    ops += [HandLooked(player=names[s], cards=dealt[s])
                            for s in order if s != face_up]
            elif cls is END:  # the settlement, in the order it was made
                _, shown, winners, carried, retained, retained_hand, returns = entry
                ops += [HandShown(player=p, cards=c, name=shown_hand_name(c, rules))
                        for p, c in shown.items()]  # rule D8: named by the deal's rules
                ops += [PotAwarded(player=p, amount=a) for p, a in winners.items()]
                if carried:  # rule BL3
                    ops.append(PotCarried(amount=carried))
                if retained is not None:  # rules BL3, R1
                    ops.append(HandRetained(player=retained, cards=retained_hand))
                ops += [HandToPack(player=names[s], cards=c) for s, c in returns]  # rule D5
            else:
                ops.append(cls(**dict(zip(_OP_FIELDS[cls], entry[1:], strict=True))))
        self._done = len(entries)
        return ops

    def chips_since(self, start: int) -> tuple[list[tuple[Any, ...]], int] | None:
        """The chips the operations from the ``start``-th on move, in order, read from the
        compact entries without making the records: ``(AnteTaken, player, amount)``, ``(Acted,
        action, paid)``, ``(Loan, lender, borrower, amount)`` and ``(PotAwarded, player,
        amount)``, the fields of the records that move chips; and how many operations there are
        now. None unless ``start`` is where the last call ended (0 at first): read
        :meth:`records` then.

        >>> from bragkit.cards import parse_cards
        >>> from bragkit.games.three_card.setup import seating
        >>> log = DealLog(seating(("Ann", "Bob"), "Bob"), Rules(),
        ...               dealt=(parse_cards("Qh Qs 4d"), parse_cards("As Tc 2d")), face_up_seat=-1)
        >>> log.add((Acted, Action.parse("Ann bet 2"), 2))
        >>> chips, count = log.chips_since(0)
        >>> [(kind.__name__, *fields) for kind, *fields in chips]
        [('AnteTaken', 'Ann', 1), ('AnteTaken', 'Bob', 1), ('Acted', Action.parse('Ann bet 2'), 2)]
        >>> count, len(log.records())
        (9, 9)
        >>> log.chips_since(0) is None, log.chips_since(9)
        (True, ([], 9))
        """
        done, count = self._chips
        if start != count:
            return None
        out: list[tuple[Any, ...]] = []
        entries = self.entries
        rules = self.rules
        order = self.seats.order
        for entry in entries[done:]:
            cls = entry[0]
            if cls is Acted or cls is Loan:
                out.append(entry)
                count += 1
            elif cls is ANTES:  # rule D2, from the dealer's left
                names = self.seats.names
                out += [(AnteTaken, names[s], rules.ante) for s in order]
                count += len(order)
            elif cls is DEALT:  # the cards dealt, and seen at the deal (BL1, R3): no chips
                face_up = self.face_up_seat
                count += rules.cards * len(order)
                if not rules.blind or face_up >= 0:
                    count += sum(1 for s in order if s != face_up)
            elif cls is END:  # the pots awarded, among the hands shown, carried and put back
                _, shown, winners, carried, retained, _, returns = entry
                out += [(PotAwarded, p, a) for p, a in winners.items()]
                count += (len(shown) + len(winners) + bool(carried) + (retained is not None)
                          + len(returns))
            else:  # a hand looked at or put back: no chips
                count += 1
        self._chips = (len(entries), count)
        return out, count
