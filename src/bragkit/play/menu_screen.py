"""The game menu of ``bragkit play`` (started without ``--game``): every game of the registry
with its title and summary, and the presets of each (Four Card Brag, Teen Patti…), to choose
with the arrows and Enter (``q`` leaves). A preset says in a line what it changes
(:meth:`~bragkit.games.registry.GameInfo.summary_of`), as the web lobby does
(``GET /api/games``).

>>> [item.name for item in menu_items()][:3]
['three-card', 'four-card', 'five-card']
>>> menu_items()[0].label.split(" — ")[0]
'Three Card Brag (three-card)'
>>> menu_items()[1].label
'    Four Card Brag (four-card) — four cards each: one is discarded, the best three play (F1, F2)'
>>> [item.label for item in menu_items() if item.name == "muflis"]
['    Teen Patti: Muflis (muflis) — the lowest hand wins: every comparison reversed (TP8)']

Each line names the game as ``bragkit play -g`` takes it, in brackets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from bragkit.games import games

__all__ = ["MenuItem", "MenuScreen", "menu_items"]


@dataclass(frozen=True, kw_only=True, slots=True)
class MenuItem:
    """One line of the menu: the name to start the game by and what the player reads."""

    name: str
    label: str

    def prompt(self) -> Padding:
        """The label as the list shows it: a preset's lines, wrapped ones too, indented under
        its game's (at 80 columns a preset's second line read as a game of its own).

        >>> menu_items()[1].prompt().left, menu_items()[0].prompt().left
        (4, 0)
        """
        text = self.label.lstrip(" ")
        return Padding(Text(text), (0, 0, 0, len(self.label) - len(text)))


def menu_items() -> list[MenuItem]:
    """Every registered game, then its presets (the registry's own titles and summaries)."""
    return [MenuItem(name=name, label=f"{'    ' if name != info.name else ''}"
                                      f"{info.title_of(name)} ({name}) — {info.summary_of(name)}")
            for info in games() for name in (info.name, *info.presets)]


class MenuScreen(Screen[str | None]):
    """Choose a game; dismissed with its name (None: leave). ``error`` is shown under the
    list (a game the chosen options cannot start, a damaged saved choice); ``chosen`` is the
    game highlighted at first (the last one played)."""

    CSS = """
    #menu-title { padding: 1 2 0 2; text-style: bold; }
    #games { height: auto; max-height: 80%; margin: 1 2; }
    #menu-error { color: $error; padding: 0 2; height: auto; }
    """

    #: The list has the focus as the screen shows (never later, after a quick first arrow).
    AUTO_FOCUS: ClassVar[str | None] = "#games"

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave", "quit")]

    def __init__(self, error: str = "", *, chosen: str | None = None) -> None:
        super().__init__()
        self.items = menu_items()
        self.error = error
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("Which game? (arrows, Enter)", id="menu-title")
            yield OptionList(*(Option(item.prompt(), id=item.name) for item in self.items),
                             id="games")
            yield Static(self.error, id="menu-error")
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one("#games", OptionList)
        names = [item.name for item in self.items]
        if self.chosen in names:  # the game chosen last time
            menu.highlighted = names.index(self.chosen)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_leave(self) -> None:
        """Leave without playing."""
        self.dismiss(None)
