"""The rules of one three-card deal at work: :class:`Engine`, its verifiers, menus, moves and
settlement as one object over the deal's :class:`~bragkit.games.three_card.parts.Parts`.

Each rule object keeps its own class and module
(:class:`~bragkit.games.three_card.verify.Verifiers`,
:class:`~bragkit.games.three_card.menus.Menus`,
:class:`~bragkit.games.three_card.moves.Moves`,
:class:`~bragkit.games.three_card.settle.Settlement`); none has state of its own, so a deal
makes one object with all four facets rather than one each: a deal is made thousands of times
a second (``benchmarks/bench_deals.py``).

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9])
>>> type(deal.verifiers) is Engine
True
"""

from __future__ import annotations

from bragkit.games.three_card.menus import Menus
from bragkit.games.three_card.moves import Moves

__all__ = ["Engine"]


class Engine(Moves, Menus):
    """The verifiers, menus, moves and settlement of one deal (see the module docstring)."""

    __slots__ = ()
