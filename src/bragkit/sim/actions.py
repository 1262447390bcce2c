"""The simulator's discrete actions, in index order, and the bets among them (a leaf: the state,
its menu and its policies all read it).

>>> ACTIONS[STAY], NUM_ACTIONS
('stay', 10)
"""

from __future__ import annotations

from typing import Final

import numpy as np

__all__ = ["ACTIONS", "AGREE", "BETS", "DECLINE", "FOLD", "LOOK", "MAX", "MULTIPLES",
           "MULTIPLE_OF", "NUM_ACTIONS", "RAISE2", "RAISE3", "RAISE4", "SEE", "STAY"]

#: The discrete actions, in index order.
ACTIONS: Final = ("fold", "look", "stay", "raise2", "raise3", "raise4", "max", "see", "agree",
                  "decline")
FOLD, LOOK, STAY, RAISE2, RAISE3, RAISE4, MAX, SEE, AGREE, DECLINE = range(10)
NUM_ACTIONS: Final = len(ACTIONS)
#: The bets of the menu, and the multiple of the least bet each is (``max``: 0).
BETS: Final = (STAY, RAISE2, RAISE3, RAISE4, MAX)
MULTIPLES: Final = (1, 2, 3, 4)
#: The multiple of the least bet each action puts in (0: none, or not a multiple).
MULTIPLE_OF: Final = np.array([0, 0, 1, 2, 3, 4, 0, 0, 0, 0], dtype=np.int64)
