"""Hand evaluation for the Brag family: categories, orderings, wild cards, best-of-n, tables.

>>> from bragkit.hands import evaluate, best_hand
>>> evaluate("3s 3h 3d") > evaluate("As Ah Ad")   # rule H3
True
>>> str(best_hand("Qh Qs 4d 9c").rank)
'pair of queens, 9 kicker'

The pieces: :mod:`~bragkit.hands.categories` (Category, Ordering),
:mod:`~bragkit.hands.orderings` (the classes of hands in each ordering),
:mod:`~bragkit.hands.rank` (HandRank), :mod:`~bragkit.hands.wild` (wild cards),
:mod:`~bragkit.hands.table` (lookup tables and the batch path),
:mod:`~bragkit.hands.evaluate` and :mod:`~bragkit.hands.best`.
"""

from bragkit.hands.best import BestHand, best_hand, hand_of
from bragkit.hands.categories import Category, Ordering
from bragkit.hands.evaluate import evaluate
from bragkit.hands.rank import HandRank
from bragkit.hands.table import evaluate_many, strength_table
from bragkit.hands.wild import BRAGGERS, wild_set

__all__ = [
    "BRAGGERS",
    "BestHand",
    "Category",
    "HandRank",
    "Ordering",
    "best_hand",
    "evaluate",
    "evaluate_many",
    "hand_of",
    "strength_table",
    "wild_set",
]
