"""``bragkit play``'s Textual application: the game menu or the setup (optional), the table,
the summary.

Every game of the registry plays at the one table screen (:mod:`bragkit.play.game_screen`)
over a :class:`~bragkit.play.game_table.GameTable`. ``setup`` and ``menu`` both open the game
menu, then the chosen game's opponents, stakes and house rules
(:mod:`bragkit.play.choices_screen`). Ctrl+Q at the table leaves as ``q`` does, without asking:
the deal given up, the session ends with the ledger (:mod:`bragkit.play.turns`); a second
Ctrl+Q quits at once.

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
from bragkit.play.summary_screen import SummaryScreen

__all__ = ["BragApp"]


class BragApp(App[list[str] | None]):
    """One person against bots. ``menu`` or ``setup`` starts with the game menu and the
    choices; ``session`` plays a table already made (tests inject one with a fixed pack and
    scripted bots); the app returns the session's summary when the player ends it (None if
    they quit early)."""

    TITLE = "bragkit play"

    def __init__(
        self,
        config: PlayConfig | None = None,
        *,
        session: GameTable | None = None,
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
        if (self.menu or self.setup) and self.session is None:
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
        self._begin(self.session if self.session is not None else self.config.table())

    def _begin(self, session: GameTable) -> None:
        self.session = session
        self.push_screen(GameScreen(session, bot_delay=self.bot_delay), self._ended)

    async def action_quit(self) -> None:
        """Ctrl+Q: at the table, leave with the summary (see the module docstring); else (or
        already leaving) quit."""
        screen = self.screen
        if isinstance(screen, GameScreen) and not screen.leaving:
            screen.leave()
            return
        self.exit(None)

    def _ended(self, summary: list[str] | None) -> None:
        if summary is None:  # pragma: no cover
            self.exit(None)
            return
        name = self.session.name if self.session is not None else self.config.name
        self.push_screen(SummaryScreen(summary, name=name), self.exit)
