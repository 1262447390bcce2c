"""The last actions of each simulated deal, for observations: :class:`ActionLog` (a ring of
``length`` entries a deal: the seat, the menu action and the chips it put in).

>>> import numpy as np
>>> log = ActionLog(2, 3)
>>> rows = np.array([0, 1])
>>> for action in (1, 2, 0, 7):
...     log.record(rows, np.array([0, 1]), np.array([action, action]), np.array([0, 5]))
>>> seats, actions, chips, valid = log.last(np.array([1]))
>>> actions.tolist(), chips.tolist(), valid.tolist()     # newest first, the oldest gone
([[7, 0, 2]], [[5, 5, 5]], [[True, True, True]])
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["ActionLog"]

Rows = npt.NDArray[np.int64]


class ActionLog:
    """The last ``length`` actions of each of ``n`` deals (see the module docstring)."""

    __slots__ = ("actions", "chips", "count", "length", "seats")

    def __init__(self, n: int, length: int) -> None:
        self.length = length
        self.seats = np.zeros((n, length), dtype=np.int64)
        self.actions = np.zeros((n, length), dtype=np.int64)
        self.chips = np.zeros((n, length), dtype=np.int64)
        self.count = np.zeros(n, dtype=np.int64)

    def start(self, rows: Rows) -> None:
        """New deals in ``rows``: nothing done yet."""
        self.count[rows] = 0

    def record(self, rows: Rows, seats: Rows, actions: Rows, chips: Rows) -> None:
        """``seats`` did ``actions`` in ``rows``, putting in ``chips``."""
        slot = self.count[rows] % self.length
        self.seats[rows, slot] = seats
        self.actions[rows, slot] = actions
        self.chips[rows, slot] = chips
        self.count[rows] += 1

    def amend_chips(self, rows: Rows, chips: Rows) -> None:
        """The chips of the last action of ``rows`` (a cover's whole stack, M2)."""
        self.chips[rows, (self.count[rows] - 1) % self.length] = chips

    def last(self, rows: Rows) -> tuple[Rows, Rows, Rows, npt.NDArray[np.bool_]]:
        """``(m, length)`` each: the seats, actions and chips of the last actions of ``rows``,
        newest first, and which entries hold an action."""
        back = np.arange(self.length)[None, :]
        count = self.count[rows][:, None]
        slot = (count - 1 - back) % self.length
        line = np.asarray(rows)[:, None]
        valid: npt.NDArray[np.bool_] = back < count
        return self.seats[line, slot], self.actions[line, slot], self.chips[line, slot], valid
