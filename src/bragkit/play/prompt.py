"""The one-line prompt both table screens ask with (an amount, a hand, a move): shown and
focused, then hidden with the focus back on the screen, so the keys are the game's again.

>>> from textual.widgets import Input
>>> Input(id="prompt", disabled=True).disabled
True
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Input

__all__ = ["hide_prompt", "show_prompt"]


def show_prompt(screen: Screen[Any], placeholder: str, value: str = "") -> None:
    """Show ``screen``'s ``#prompt`` with ``placeholder`` and ``value``, focused."""
    prompt = screen.query_one("#prompt", Input)
    prompt.placeholder = placeholder
    prompt.value = value
    prompt.disabled = False
    prompt.add_class("shown")
    prompt.focus()


def hide_prompt(screen: Screen[Any]) -> None:
    """Hide ``screen``'s ``#prompt``; the keys go to the screen again."""
    prompt = screen.query_one("#prompt", Input)
    prompt.remove_class("shown")
    prompt.disabled = True
    screen.set_focus(None)
