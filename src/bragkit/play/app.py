"""``bragkit play``'s Textual application: the game menu or the setup (optional), the table,
the summary.

The three-card family plays at the three-card screen (:mod:`bragkit.play.table_screen`, with
its trainer, hints and saved records); every other game of the registry at the one table
screen (:mod:`bragkit.play.game_screen`), which can play the three-card family too.

>>> app = BragApp(PlayConfig(seed=1), bot_delay=0)
>>> app.config.bots
('cautious', 'bold', 'shark')
"""

from __future__ import annotations

import dataclasses

from textual.app import App

from bragkit.errors import BragError
from bragkit.play.choices_screen import ChoicesScreen
from bragkit.play.config import PlayConfig
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import GameTable
from bragkit.play.memory import Choice, load_choice, save_choice
from bragkit.play.menu_screen import MenuScreen
from bragkit.play.session import PlaySession, Summary
from bragkit.play.setup_screen import SetupScreen
from bragkit.play.summary_screen import SummaryScreen
from bragkit.play.table_screen import TableScreen

__all__ = ["BragApp"]


class BragApp(App[Summary | list[str] | None]):
    """One person against bots. ``menu`` starts with the game menu, ``setup`` with the setup
    screen; ``session`` plays a session already made (tests inject one with a fixed pack and
    scripted bots; a :class:`GameTable` plays at the one table screen); the app returns the
    session's summary when the player ends it (None if they quit early)."""

    TITLE = "bragkit play"

    def __init__(
        self,
        config: PlayConfig | None = None,
        *,
        session: PlaySession | GameTable | None = None,
        setup: bool = False,
        menu: bool = False,
        bot_delay: float = 0.6,
    ) -> None:
        super().__init__()
        self.config = config or PlayConfig()
        self.session = session
        self.setup = setup
        self.menu = menu
        self.bot_delay = bot_delay
        self.choice: Choice | None = None
        self.saved_problem = ""

    def on_mount(self) -> None:
        if self.setup:
            self.push_screen(SetupScreen(self.config), self._begin)
        elif self.menu and self.session is None:
            self.choice, problem = load_choice()  # a damaged file: one line, the defaults
            self._menu(problem)
        else:
            self._start()

    def _menu(self, message: str = "") -> None:
        game = self.choice.game if self.choice is not None else None
        self.push_screen(MenuScreen(error=message, chosen=game), self._chosen)

    def _chosen(self, game: str | None) -> None:
        if game is None:
            self.exit(None)
            return
        config = dataclasses.replace(self.config, game=game)
        self.push_screen(ChoicesScreen(config, self.choice), self._configured)

    def _configured(self, chosen: tuple[PlayConfig, Choice] | None) -> None:
        if chosen is None:  # back to the games
            self._menu()
            return
        self.config, self.choice = chosen
        self.saved_problem = save_choice(self.choice)  # remembered for next time
        try:
            self._start()
        except BragError as error:  # pragma: no cover - the choices screen checked them
            self._menu(str(error))

    def _start(self) -> None:
        if self.session is not None:
            self._begin(self.session)
        elif self.config.family:
            self._begin(self.config.session())
        else:
            self._begin(self.config.table())

    def _begin(self, session: PlaySession | GameTable | None) -> None:
        if session is None:  # pragma: no cover - the setup screen always gives one
            self.exit(None)
            return
        self.session = session
        if isinstance(session, GameTable):
            self.push_screen(GameScreen(session, bot_delay=self.bot_delay), self._ended)
        else:
            self.push_screen(TableScreen(session, bot_delay=self.bot_delay), self._ended)

    def _ended(self, summary: Summary | list[str] | None) -> None:
        if summary is None:  # pragma: no cover
            self.exit(None)
            return
        name = self.session.name if self.session is not None else self.config.name
        self.push_screen(SummaryScreen(summary, name=name), self.exit)
