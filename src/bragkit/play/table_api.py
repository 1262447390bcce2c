"""What the one table screen needs of a table: :class:`PlayTable`, which both
:class:`~bragkit.play.game_table.GameTable` (any game of the registry, at a session) and
:class:`~bragkit.play.three_card_table.ThreeCardTable` (the three-card family at its own table,
with the trainer) provide.

>>> from bragkit.play.game_table import GameTable
>>> isinstance(GameTable("crash", bots=("random",), seed=1), PlayTable)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from bragkit.actions import Action, LegalAction

__all__ = ["PlayTable"]


@runtime_checkable
class PlayTable(Protocol):
    """A person (``name``) against bots at one table, deal after deal."""

    title: str
    game_name: str
    name: str
    players: tuple[str, ...]
    kinds: dict[str, str]

    @property
    def game(self) -> Any:
        """The deal in progress, or the last one (an engine of the registry)."""
        ...

    @property
    def stacks(self) -> dict[str, int]:
        """Everyone's chips now."""
        ...

    @property
    def log(self) -> Sequence[str]:
        """Every line so far, as the player may know it, in the screen's card notation."""
        ...

    @property
    def results(self) -> Sequence[str]:
        """The last deal's result, while :attr:`deal_over`."""
        ...

    @property
    def deal_over(self) -> bool:
        """Whether a deal has just ended (nothing moves until :meth:`next_deal`)."""
        ...

    @property
    def to_act(self) -> str | None:
        """Who must act now."""
        ...

    @property
    def my_turn(self) -> bool:
        """Whether the player must act now."""
        ...

    def view(self) -> Any:
        """The player's view of the deal."""
        ...

    def options(self) -> list[LegalAction]:
        """The player's options now."""
        ...

    def act(self, action: Action | str) -> None:
        """The player's action; an illegal one raises BragError with the rule."""
        ...

    def bot_step(self) -> Action | None:
        """The bot to act moves."""
        ...

    def bot_choice(self) -> Action | None:
        """The move of the bot to act, from its seat's view; changes nothing."""
        ...

    def bot_plays(self, action: Action) -> None:
        """The bot to act plays ``action``."""
        ...

    def run_bots(self) -> int:
        """The bots move until the player's turn or a deal's end."""
        ...

    def next_deal(self) -> None:
        """The next deal (BragError while one is under way)."""
        ...

    @property
    def can_suggest(self) -> bool:
        """Whether :meth:`suggestion` has a move now (cheap to ask)."""
        ...

    def suggestion(self) -> Action | None:
        """The engine's move in the player's place, if it has one."""
        ...

    def summary(self) -> Any:
        """The session's end: the ledger and the settlement (BragError during a deal)."""
        ...
