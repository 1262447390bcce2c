"""The last screen of ``bragkit play``: the ledger and the settlement (rule T1).

>>> from bragkit.ledger import Payment
>>> from bragkit.play.session import Summary
>>> summary = Summary(nets={"Ann": 3, "Bob": -3}, shared={},
...                   payments=(Payment(payer="Bob", payee="Ann", amount=3),), deals=2)
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
from bragkit.play.session import Summary

__all__ = ["SummaryScreen"]


class SummaryScreen(Screen[Summary | list[str]]):
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

    def __init__(self, summary: Summary | list[str], *, name: str = "") -> None:
        super().__init__()
        self.summary = summary
        lines = summary if isinstance(summary, list) else summary.lines()
        self.lines = [addressed(line, name) for line in lines]  # the player is "you"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("\n".join(["The session is over.", "", *self.lines]), id="summary")
        yield Footer()

    def action_leave(self) -> None:
        """Leave the game with the summary."""
        self.dismiss(self.summary)
