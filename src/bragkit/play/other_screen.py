"""The screen for the other games of ``bragkit play`` (historic Brag, 3 Card Brag Poker, Nine
Card Brag, Crash): the player's view as text and a numbered menu of their legal moves.

Keys: ``1``–``9`` choose a move (a prompt asks the amount when it has a range), ``g`` plays the
suggested move (the engine's strong arranger, Nine Card Brag and Crash), ``:`` types any move
in the game's notation, ``n`` the next deal, ``q`` the end. An illegal move is explained with the
engine's words and rule; nothing crashes the game.

>>> from bragkit.play.other_games import other_game
>>> OtherGameScreen(other_game("crash", bots=("random",), seed=1), bot_delay=0).bot_delay
0
"""

from __future__ import annotations

import io
from typing import ClassVar

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, Static

from bragkit.errors import BragError
from bragkit.play.other_games import MenuItem, OtherTable

__all__ = ["OtherGameScreen"]


def _plain(text: Text) -> str:
    console = Console(width=150, record=True, color_system=None, file=io.StringIO())
    console.print(text)
    return console.export_text()


class OtherGameScreen(Screen[list[str]]):
    """Play one of the other games (see the module docstring); dismissed with the summary."""

    CSS = """
    #view { border: round $primary; padding: 0 1; height: auto; }
    #menu, #message { padding: 0 1; height: auto; }
    #message { color: $warning; }
    #prompt { display: none; }
    #prompt.shown { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(i), f"choose({i})", str(i), show=False) for i in range(1, 10)),
        Binding("g", "suggested", "suggested move"),
        Binding("colon", "type", "type a move"),
        Binding("n", "next", "next deal"),
        Binding("q", "end", "quit"),
        Binding("escape", "cancel", "cancel", show=False),
    ]

    def __init__(self, game: OtherTable, *, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.game = game
        self.bot_delay = bot_delay
        self.texts: dict[str, str] = {}
        self._timer: Timer | None = None
        self._pending: MenuItem | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(id="view")
            yield Static(id="menu")
            yield Static(id="message")
            yield Input(id="prompt", disabled=True)
        yield Footer()

    def on_mount(self) -> None:
        self._after()

    def _show(self, widget: str, text: str) -> None:
        self.query_one(f"#{widget}", Static).update(Text(text))
        self.texts[widget] = _plain(Text(text))

    def _redraw(self) -> None:
        game = self.game
        self._show("view", "\n".join(game.lines()))
        if game.game_over:
            menu = "The game is over: q for the settlement."
        elif game.deal_over:
            menu = "Deal over: n for the next deal, q to end."
        elif game.to_act == game.name:
            items = game.options()
            menu = " · ".join(f"{i} {item.label}" for i, item in enumerate(items, 1))
            suggestion = game.suggestion()
            if suggestion:
                menu += f" · g {suggestion}"
            menu += " · : type a move"
        else:
            menu = f"{game.to_act} to act…"
        self._show("menu", menu)

    def _after(self) -> None:
        self._redraw()
        game = self.game
        if game.to_act not in (None, game.name) and self._timer is None:
            if self.bot_delay <= 0:
                try:
                    while game.bot_step() is not None:
                        pass
                except Exception as error:  # a bot's failure must not end the game
                    self._show("message", f"a bot failed: {error!r}")
                self._redraw()
            else:
                self._timer = self.set_timer(self.bot_delay, self._tick)

    def _tick(self) -> None:
        self._timer = None
        try:
            self.game.bot_step()
        except Exception as error:  # a bot's failure must not end the game
            self._show("message", f"a bot failed: {error!r}")
            return
        self._after()

    def _play(self, text: str) -> None:
        try:
            self.game.apply(text)
        except BragError as error:
            self._show("message", str(error))
            return
        self._show("message", "")
        self._after()

    def _ask(self, placeholder: str) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.placeholder = placeholder
        prompt.value = ""
        prompt.disabled = False
        prompt.add_class("shown")
        prompt.focus()

    def _hide(self) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.remove_class("shown")
        prompt.disabled = True
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._hide()
        item, self._pending = self._pending, None
        text = event.value.strip()
        if item is None:
            if text:
                self._play(text)
            return
        try:
            amount = int(text) if text else item.low
        except ValueError:
            self._show("message", f"not a number: {text!r}")
            return
        self._play(item.make(amount))

    def action_choose(self, number: int) -> None:
        """Choose move ``number`` of the menu."""
        items = self.game.options() if self.game.to_act == self.game.name else []
        if not 1 <= number <= len(items):
            self._show("message", "no such move now")
            return
        item = items[number - 1]
        if item.needs_amount:
            self._pending = item
            self._ask(f"{item.label}: how much? (Enter = {item.low})")
            return
        self._play(item.make(item.low))

    def action_suggested(self) -> None:
        """Play the suggested move."""
        suggestion = self.game.suggestion()
        if suggestion is None:
            self._show("message", "no suggestion now")
            return
        self._play(suggestion)

    def action_type(self) -> None:
        """Type a move in the game's notation."""
        self._pending = None
        self._ask("a move, e.g. 'You call' or 'You plays Qs Qh Qd'")

    def action_cancel(self) -> None:
        """Close the prompt."""
        self._pending = None
        self._hide()

    def action_next(self) -> None:
        """The next deal."""
        if not self.game.deal_over or self.game.game_over:
            self._show("message", "the deal is not over" if not self.game.deal_over
                       else "the game is over")
            return
        self.game.next_deal()
        self._after()

    def action_end(self) -> None:
        """End: the ledger and the settlement."""
        if not self.game.deal_over:
            self._show("message", "finish the deal first")
            return
        self.dismiss(self.game.summary())
