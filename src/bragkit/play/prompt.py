"""The one-line prompt both table screens ask with (an amount, a hand, a move): shown and
focused, then hidden with the focus back on the screen, so the keys are the game's again.

>>> from textual.widgets import Input
>>> Input(id="prompt", disabled=True).disabled
True
"""

from __future__ import annotations

from typing import Any

from textual.events import Key
from textual.screen import Screen
from textual.widgets import Input

__all__ = ["hide_prompt", "show_prompt", "type_ahead"]


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


def type_ahead(prompt: Input, event: Key) -> str | None:
    """A key typed before ``prompt`` took the focus, given to it all the same (``b``, ``4``,
    Enter typed at once bet 4): the text is edited here; ``"enter"`` or ``"escape"`` is
    returned for the screen to act on, else None."""
    event.stop()
    event.prevent_default()
    if event.key in ("enter", "escape"):
        return event.key
    if event.key == "backspace":
        prompt.value = prompt.value[:-1]
    elif event.is_printable and event.character:
        prompt.value += event.character
    prompt.cursor_position = len(prompt.value)
    return None
