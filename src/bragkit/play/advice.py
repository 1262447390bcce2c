"""What a table offers its player besides the moves: :class:`Advice` — the engine's suggestion
(the arranger of a points game, N3, C2), the hint (the game's odds, H9) and the trainer (what a
solved equilibrium would do, heads-up), each only where the game declares it
(:meth:`~bragkit.games.protocol.Game.aids`, :attr:`~bragkit.games.registry.GameInfo.trainer`).

>>> from bragkit.play.game_table import GameTable
>>> table = GameTable("crash", bots=("random",), seed=1)
>>> table.advice.can_suggest, table.advice.offers("odds"), table.advice.trainer is None
(True, False, True)
"""

from __future__ import annotations

from typing import Protocol

from bragkit.actions import Action
from bragkit.errors import BragError
from bragkit.games import Game
from bragkit.games.protocol import Trainer
from bragkit.session import Session

__all__ = ["Advice"]


class _Table(Protocol):
    """What advice reads of its table."""

    name: str
    title: str
    session: Session

    @property
    def game(self) -> Game: ...
    @property
    def my_turn(self) -> bool: ...
    @property
    def deal_over(self) -> bool: ...


class Advice:
    """The suggestion, the hint and the trainer for the player of ``table`` (see the module
    docstring); ``trainer`` is the game's (None: it has none), on when ``on``."""

    def __init__(self, table: _Table, trainer: Trainer | None, *, on: bool = True) -> None:
        self.table = table
        self.trainer_on = on
        self._trainer = trainer
        self._suggested: tuple[tuple[int, int], Action | None] | None = None

    def offers(self, aid: str) -> bool:
        """Whether the game offers ``aid`` at all (``"odds"``, ``"suggestion"``, ``"pick"``,
        ``"sets"``: :meth:`~bragkit.games.protocol.Game.aids`)."""
        return aid in self.table.game.aids()

    @property
    def can_suggest(self) -> bool:
        """Whether :meth:`suggestion` has a move for the player now (without finding it: the
        arranger takes most of a second for a Crash hand)."""
        table = self.table
        return table.my_turn and table.game.suggests(table.name)

    def suggestion(self) -> Action | None:
        """The engine's strong move in the player's place (the arranger of a points game, N3,
        C2); None where the engine has none, or it is not the player's turn."""
        game = self.table.game
        if not self.can_suggest:
            return None
        key = (self.table.session.deal_number, len(game.operations))
        if self._suggested is None or self._suggested[0] != key:  # the arranger is costly
            self._suggested = (key, game.suggestion(self.table.name))
        return self._suggested[1]

    def hint(self) -> str:
        """The player's chances from their own view (the game's
        :meth:`~bragkit.games.protocol.Game.odds`); BragError where the game gives none."""
        words = self.table.game.odds(self.table.name)
        if words is None:
            raise BragError(f"{self.table.title} gives no hint here")
        return words

    @property
    def trainer(self) -> Trainer | None:
        """The game's trainer (None: the game has none)."""
        return self._trainer

    @property
    def trainer_speaks(self) -> bool:
        """Whether the trainer is on and speaks at this deal (e.g. heads-up only)."""
        return self.trainer_on and self.trainer_applies

    @property
    def trainer_applies(self) -> bool:
        """Whether the game's trainer would speak at this deal, on or off (heads-up only)."""
        return self._trainer is not None and self._trainer.applies(self.table.game)

    def equilibrium_hint(self) -> str | None:
        """What the trainer says in the player's place now (None: nothing; the strategy is
        looked up on first use)."""
        if self._trainer is None or self.table.deal_over:
            return None
        return self._trainer.advice(self.table.game, self.table.name)
