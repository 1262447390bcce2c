"""The last screen of ``bragkit play``: the ledger and the settlement (rule T1).

>>> summary = ["Three Card Brag: 2 deal(s) played.", "Ledger: Ann +3, Bob -3",
...            "Settlement: Bob pays Ann 3."]
>>> SummaryScreen(summary, name="Ann").lines[1:]
['Ledger: You +3, Bob -3', 'Settlement: Bob pays you 3.']
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from bragkit.play.addressed import addressed

__all__ = ["SummaryScreen"]


class SummaryScreen(Screen[list[str]]):
    """Who won and lost what, and who pays whom, ``name`` (the player) addressed as you; any
    of q, Enter or Escape leaves."""

    CSS = """
    #summary { border: round $primary; padding: 1 2; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave", "quit"),
        Binding("enter", "leave", "quit", show=False),
        Binding("escape", "leave", "quit", show=False),
    ]

    def __init__(self, summary: list[str], *, name: str = "") -> None:
        super().__init__()
        self.summary = summary
        self.lines = [addressed(line, name) for line in summary]  # the player is "you"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("\n".join(["The session is over.", "", *self.lines]), id="summary")
        yield Footer()

    def action_leave(self) -> None:
        """Leave the game with the summary."""
        self.dismiss(self.summary)
