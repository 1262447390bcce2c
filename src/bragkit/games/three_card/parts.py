"""What the rules of a three-card deal work over: :class:`Parts`, the deal's state objects and
its compact log, held once for the rule objects that are its facets.

The rules of one deal are four classes, one idea each: the verifiers
(:class:`~bragkit.games.three_card.verify.Verifiers`), the menus built from them
(:class:`~bragkit.games.three_card.menus.Menus`), the end
(:class:`~bragkit.games.three_card.settle.Settlement`) and the moves
(:class:`~bragkit.games.three_card.moves.Moves`). Each is a facet over these parts, with no
state of its own; a deal makes them as one object
(:class:`~bragkit.games.three_card.engine.Engine`), so a deal is built from a few objects, not
one per idea (a Python object costs about as much to make as a whole betting decision).

The parts: the betting round itself (the parts are a
:class:`~bragkit.games.three_card.round.Round`: its state is read at every decision, so it is
not one more object to reach), the ``rules`` and their worked-out ``setup``, the ``seats``, the
chips (``money``: :class:`~bragkit.games.three_card.money.Money`), the cards in front of each
seat (``hold``: :class:`~bragkit.games.three_card.holdings.Holdings`), the pack (``stock``:
:class:`~bragkit.games.three_card.stock.Stock`) and the compact log (``entries``, read as
records by :class:`~bragkit.games.three_card.log.DealLog`); ``result`` is the deal's end once it
is settled. The last menu built (``kept_menu``, of the seat ``kept_seat``,
-1 for none) is kept until the next move: an agent asks for its menu, then plays from it.

>>> from bragkit.cards import Pack
>>> from bragkit.games.three_card.holdings import Holdings
>>> from bragkit.games.three_card.money import Money
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.setup import seating, setup
>>> from bragkit.games.three_card.stock import Stock
>>> seats, found = seating(("Ann", "Bob"), "Bob"), setup(Rules())
>>> stock = Stock(found.rules, seats, Pack.standard(), None, {}, None)
>>> parts = Parts(found, seats, Money([8, 8], 2, 0), Holdings(found, stock.dealt, False),
...               stock, True)
>>> parts.entries, parts.result, parts.to_act     # rule B2: the dealer's left acts first
([('antes',), ('dealt',)], None, 0)
"""

from __future__ import annotations

from typing import Any, Final

from bragkit.games.three_card.holdings import Holdings
from bragkit.games.three_card.log import ANTES, DEALT
from bragkit.games.three_card.money import Money
from bragkit.games.three_card.results import DealResult
from bragkit.games.three_card.round import Round
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.setup import Menu, Seats, Setup
from bragkit.games.three_card.stock import Stock

__all__ = ["Parts"]

#: The betting round's own start (``Round.__init__``), read once: a deal is made thousands of
#: times a second, and an attribute of a class is looked up afresh at every read.
_begin_round: Final = Round.__init__


class Parts(Round):
    """The parts of one deal (see the module docstring); ``simple``: whether its menus may be
    remembered per Rules (``setup.turns``; see :attr:`Setup.simple
    <bragkit.games.three_card.setup.Setup>`)."""

    __slots__ = ("cards", "entries", "hold", "kept_menu", "kept_seat", "money", "names",
                 "result", "rules", "seats", "setup", "simple", "stock")

    def __init__(self, setup: Setup, seats: Seats, money: Money, holdings: Holdings,
                 stock: Stock, simple: int) -> None:
        _begin_round(self, seats.n, seats.order)
        rules: Rules = setup.rules
        self.rules = rules
        self.cards = rules.cards
        self.setup = setup
        self.seats = seats
        self.names = seats.names
        self.money = money
        self.hold = holdings
        self.stock = stock
        self.simple = simple
        # the compact log: the antes and the deal one entry each (DealLog reads it)
        self.entries: list[tuple[Any, ...]] = [(ANTES,), (DEALT,)]
        self.result: DealResult | None = None  # the end, once the deal is settled
        # the last menu built and its seat, until the next move (Menus.menu; Moves)
        self.kept_seat = -1
        self.kept_menu: Menu = ()
