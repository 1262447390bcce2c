"""A :class:`~bragkit.play.session.PlaySession` (the three-card family at its own table: the
pack carried over, pots carried, hands kept, the trainer; rules D4, D5, BL3, R1) seen as the one
table screen sees every game: :class:`ThreeCardTable`, with the same face as
:class:`~bragkit.play.game_table.GameTable` (whose turn, the player's options, the bots' moves,
the log in the screen's notation, each deal's result, the next deal, the summary).

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.play.session import PlaySession
>>> table = ThreeCardTable(PlaySession(Rules(max_bet=10), bots=["cautious"], seed=3))
>>> table.my_turn, [str(o) for o in table.options()][:2]
(True, ['You look', 'You fold'])
"""

from __future__ import annotations

from typing import Any

from bragkit.actions import Action, LegalAction, Verb
from bragkit.games.three_card.deal import Deal
from bragkit.play.cards import pretty
from bragkit.play.results import result_line
from bragkit.play.session import PlayError, PlaySession, Summary

__all__ = ["ThreeCardTable"]


class ThreeCardTable:
    """``session`` at the one table screen (see the module docstring); its first deal is dealt
    at once."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.name = session.name
        self.kinds = session.kinds
        self.players: tuple[str, ...] = (session.name, *session.agents)
        self.title = session.rules.variant
        self.game_name = session.rules.variant  #: the registry's name (the help's)
        self._log: list[str] = []
        self._results: tuple[int, list[str]] | None = None
        if session.deal is None:
            session.start_deal()

    @property
    def game(self) -> Deal:
        """The deal in progress, or the last one."""
        deal = self.session.deal
        if deal is None:  # pragma: no cover - dealt at once
            raise PlayError("no deal yet")
        return deal

    @property
    def stacks(self) -> dict[str, int]:
        """Everyone's chips now."""
        return self.session.table.stacks

    @property
    def log(self) -> list[str]:
        """The session's log, its cards in the screen's notation."""
        lines = self.session.log
        self._log += [pretty(line, self.players) for line in lines[len(self._log):]]
        return self._log

    @property
    def deal_over(self) -> bool:
        """Whether the last deal is over (its result shown until the next)."""
        return self.session.deal is None or self.session.deal.is_over

    @property
    def to_act(self) -> str | None:
        """Who must act now (None between deals)."""
        return self.session.to_act

    @property
    def my_turn(self) -> bool:
        """Whether the player must act now."""
        return self.to_act == self.name

    @property
    def results(self) -> list[str]:
        """The last deal's result (hands shown and named, D8; pots taken or carried, BL3)."""
        if not self.deal_over:
            return []
        number = self.session.table.deal_number
        if self._results is None or self._results[0] != number:
            lines = [line for op in self.game.operations
                     if (line := result_line(op, self.name)) is not None]
            self._results = (number, [pretty(line, self.players) for line in lines])
        return self._results[1]

    def view(self) -> Any:
        """The player's view of the deal (D8, BL6)."""
        return self.session.view()

    def options(self) -> list[LegalAction]:
        """The player's options now, top-ups aside (they are the ``t`` key's, M1)."""
        if self.deal_over:
            return []
        return [o for o in self.view().legal_actions
                if o.player in (self.name, None) and o.verb is not Verb.TOPUP]

    def act(self, action: Action | str) -> None:
        """The player's action (an illegal one raises with its rule, changing nothing)."""
        self.session.act(action)

    def bot_step(self) -> Action | None:
        """The bot whose turn it is moves (None if it is nobody's or the player's turn)."""
        return self.session.step()

    def bot_choice(self) -> Action | None:
        """The move of the bot to act, from its seat's view; nothing changes."""
        return self.session.bot_choice()

    def bot_plays(self, action: Action) -> None:
        """The bot to act plays ``action``."""
        self.session.bot_plays(action)

    def run_bots(self) -> int:
        """Let the bots move until the player's turn or the deal's end; how many moves."""
        return len(self.session.run_bots())

    def next_deal(self) -> None:
        """The next deal (PlayError during one, or when the player cannot pay the ante)."""
        self.session.start_deal()

    @property
    def can_suggest(self) -> bool:
        """False: the three-card family's advice is the trainer's and the hint's."""
        return False

    def suggestion(self) -> Action | None:
        """None: the three-card family's advice is the trainer's and the hint's."""
        return None

    def summary(self) -> Summary:
        """The end between deals: the carried pot shared (BL3), the ledger, the settlement."""
        return self.session.end()
