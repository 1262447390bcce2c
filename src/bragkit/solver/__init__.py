"""A heads-up Three Card Brag solver: CFR+ over the public betting tree (docs/equilibrium.md).

The pieces: :mod:`~bragkit.solver.abstraction` (the game solved: stakes, cap, pack),
:mod:`~bragkit.solver.tree` (its public betting tree), :mod:`~bragkit.solver.hand_space` (suit
classes of hands and showdown sums with exact card removal), :mod:`~bragkit.solver.traversal`
(reach and terminal values), :mod:`~bragkit.solver.cfr` (CFR+),
:mod:`~bragkit.solver.evaluate` (values and an exact best response),
:mod:`~bragkit.solver.strategy` (the result, on disk) and :mod:`~bragkit.solver.driver`
(:func:`solve`: to a target, with a curve and a cache).

>>> from bragkit.solver import Abstraction, solve
>>> s = solve(Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ"), iterations=100, cache=None)
>>> s.record.exploitability < 0.02
True
>>> sorted(s.probabilities([]))
['blind 1', 'look']
"""

from bragkit.solver.abstraction import Abstraction
from bragkit.solver.cfr import CFRPlus
from bragkit.solver.driver import cache_dir, cached, solve
from bragkit.solver.evaluate import Exploitability, best_response, exploitability, values
from bragkit.solver.hand_space import HandSpace, hand_space
from bragkit.solver.strategy import SolveRecord, Strategy
from bragkit.solver.tree import BettingTree, Kind

__all__ = [
    "Abstraction",
    "BettingTree",
    "CFRPlus",
    "Exploitability",
    "HandSpace",
    "Kind",
    "SolveRecord",
    "Strategy",
    "best_response",
    "cache_dir",
    "cached",
    "exploitability",
    "hand_space",
    "solve",
    "values",
]
