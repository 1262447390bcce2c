"""``bragkit play``'s Textual application: setup (optional), the table, the summary.

>>> app = BragApp(PlayConfig(seed=1), bot_delay=0)
>>> app.config.bots
('shark', 'cautious', 'bold')
"""

from __future__ import annotations

from textual.app import App

from bragkit.play.config import PlayConfig
from bragkit.play.other_games import OtherTable
from bragkit.play.other_screen import OtherGameScreen
from bragkit.play.session import PlaySession, Summary
from bragkit.play.setup_screen import SetupScreen
from bragkit.play.summary_screen import SummaryScreen
from bragkit.play.table_screen import TableScreen

__all__ = ["BragApp"]


class BragApp(App[Summary | list[str] | None]):
    """One person against bots. ``setup`` starts with the setup screen; ``session`` plays a
    session already made (tests inject one with a fixed pack and scripted bots); the app
    returns the session's :class:`Summary` when the player ends it (None if they quit early).
    """

    TITLE = "bragkit play"

    def __init__(
        self,
        config: PlayConfig | None = None,
        *,
        session: PlaySession | None = None,
        setup: bool = False,
        bot_delay: float = 0.6,
    ) -> None:
        super().__init__()
        self.config = config or PlayConfig()
        self.session = session
        self.setup = setup
        self.bot_delay = bot_delay

    def on_mount(self) -> None:
        if self.setup:
            self.push_screen(SetupScreen(self.config), self._begin)
        elif self.session is None and not self.config.family:
            self.push_screen(OtherGameScreen(self.config.other(), bot_delay=self.bot_delay),
                             self._ended)
        else:
            self._begin(self.session or self.config.session())

    def _begin(self, session: PlaySession | OtherTable | None) -> None:
        if session is None:  # pragma: no cover - the setup screen always gives one
            self.exit(None)
            return
        if not isinstance(session, PlaySession):
            self.push_screen(OtherGameScreen(session, bot_delay=self.bot_delay), self._ended)
            return
        self.session = session
        self.push_screen(TableScreen(session, bot_delay=self.bot_delay), self._ended)

    def _ended(self, summary: Summary | list[str] | None) -> None:
        if summary is None:  # pragma: no cover
            self.exit(None)
            return
        self.push_screen(SummaryScreen(summary), self.exit)
