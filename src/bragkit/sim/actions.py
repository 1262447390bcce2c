"""The simulator's discrete actions, in index order, and the bets among them (a leaf: the state,
its menu and its policies all read it).

The first ten are the single deal of three-card Brag; the rest are met only where the rules
bring them in: ``cover`` (M2, M3: a player short of the least bet puts in their whole stack),
``look_old`` (R2: a player holding two hands looks at the old one; ``look`` then looks at the
new one), ``keep`` and ``throw`` (R2: the hand just looked at) and ``discard`` (F1, F3: down to
three cards; which ones is the step's ``discards``, the best three by default).

>>> ACTIONS[STAY], ACTIONS[COVER], NUM_ACTIONS
('stay', 'cover', 15)
"""

from __future__ import annotations

from typing import Final

import numpy as np

__all__ = ["ACTIONS", "AGREE", "BETS", "COVER", "DECLINE", "DISCARD", "FOLD", "KEEP", "LOOK",
           "LOOK_OLD", "MAX", "MULTIPLES", "MULTIPLE_OF", "NUM_ACTIONS", "RAISE2", "RAISE3",
           "RAISE4", "SEE", "STAY", "THROW"]

#: The discrete actions, in index order.
ACTIONS: Final = ("fold", "look", "stay", "raise2", "raise3", "raise4", "max", "see", "agree",
                  "decline", "cover", "look_old", "keep", "throw", "discard")
(FOLD, LOOK, STAY, RAISE2, RAISE3, RAISE4, MAX, SEE, AGREE, DECLINE, COVER, LOOK_OLD, KEEP,
 THROW, DISCARD) = range(15)
NUM_ACTIONS: Final = len(ACTIONS)
#: The bets of the menu, and the multiple of the least bet each is (``max``: 0).
BETS: Final = (STAY, RAISE2, RAISE3, RAISE4, MAX)
MULTIPLES: Final = (1, 2, 3, 4)
#: The multiple of the least bet each action puts in (0: none, or not a multiple).
MULTIPLE_OF: Final = np.array([0, 0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=np.int64)
