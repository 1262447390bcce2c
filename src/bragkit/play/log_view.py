"""The table screen's log: a :class:`~textual.widgets.RichLog` that keeps its lines and wraps
them again whenever its width changes, so no line is ever cut at the width the log had when it
was written (the first lines are written before the screen's layout settles).

>>> log = LogView(id="log")
>>> log.add("— deal 1: Bob deals —")
>>> log.texts
['— deal 1: Bob deals —']
"""

from __future__ import annotations

from typing import Any

from textual.events import Resize
from textual.widgets import RichLog

__all__ = ["LogView"]


class LogView(RichLog):
    """A log of plain lines, wrapped to its width, however often that changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, min_width=10, **kwargs)  # not 78: wrapped
        self.can_focus = False
        self.texts: list[str] = []
        self._width = 0

    def add(self, line: str) -> None:
        """Write ``line`` at the end."""
        self.texts.append(line)
        self.write(line)

    def on_resize(self, event: Resize) -> None:
        """Wrap every line again once the new width has settled (RichLog renders the lines
        written before its first size at its minimum width, which cuts them)."""
        if event.size.width and event.size.width != self._width:
            self._width = event.size.width
            self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        self.clear()
        for line in self.texts:
            self.write(line)
