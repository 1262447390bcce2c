"""Who moves next at the table screen, and leaving it: :class:`Turns`, a mixin of
:class:`~bragkit.play.game_screen.GameScreen` (rules T1, T3).

* The bots move ``bot_delay`` seconds apart, each thinking in a worker thread from its seat's
  view (0: at once, for tests). A bot that fails to move is a visible error that stops nothing:
  its seat plays what a player out of time plays (the game's
  :meth:`~bragkit.games.protocol.Game.timeout_action`: a fold, a drop, a check, the arranger's
  sets), said in the message line and the log (:meth:`~bragkit.play.game_table.GameTable.stand_in`).
* ``q`` ends the session with the ledger and the settlement. Between deals it ends at once;
  during a deal it asks first, and a second ``q`` leaves: the player gives the deal up — folds,
  or where the game has no fold, plays as a player out of time does (the game's timeout move)
  — the others finish the deal at once, and the session ends with its summary (T1). Ctrl+Q
  leaves the same way without asking. A person can always leave, and always with the ledger:
  even when the deal cannot go on (a bot and its stand-in both failed), the summary says so.

>>> Turns.LEAVE_DELAY
0.05
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from textual.timer import Timer

from bragkit.actions import Action
from bragkit.errors import BragError

if TYPE_CHECKING:
    from bragkit.play.game_table import GameTable

__all__ = ["Turns", "giving_up"]


def giving_up(table: GameTable) -> str:
    """What leaving mid-deal plays for the player, in the game's words (TP3's *pack*, S2's
    *drop*): the move a player out of time makes (T1), or, before their turn, that it will be;
    for a player already out of the deal, that they are.
    """
    if not table.game.still_in(table.name):  # out already (B2, S2, P2, TP3): nothing to give up
        return f"you have {table.info.out_word} already"
    move = table.leave_move()
    if move is None:
        return "at your turn you give the deal up as a player out of time does"
    word = table.info.verb_name(move.verb)
    if move.sets:
        shown = " | ".join(" ".join(card.pretty for card in hand) for hand in move.sets)
        return f"your cards play as a player out of time's do (you {word} {shown})"
    if move.cards:
        shown = " ".join(card.pretty for card in move.cards)
        return f"your cards play as a player out of time's do (you {word} {shown} now)"
    return f"you give this deal up (you {word})"


class _Host(Protocol):
    """What the mixin needs of its screen."""

    table: GameTable
    bot_delay: float
    _timer: Timer | None
    _thinking: bool
    _suggesting: bool
    _leaving: bool
    _leave_asked: bool

    @property
    def app(self) -> Any: ...
    def _message(self, text: str, *, error: bool = False) -> None: ...
    def _redraw(self) -> None: ...
    def _after(self) -> None: ...
    def _moving(self) -> bool: ...
    def _step(self) -> bool: ...
    def _tick(self) -> None: ...
    def _think(self) -> None: ...
    def _failed(self, error: Exception) -> bool: ...
    def _moved(self, action: Action | None, failure: Exception | None) -> None: ...
    def _play_found(self, action: Action | None, failure: Exception | None) -> bool: ...
    def action_end(self) -> None: ...
    def dismiss(self, result: Any = ...) -> Any: ...
    def set_timer(self, delay: float, callback: Any) -> Timer: ...
    def run_worker(self, work: Any, *, thread: bool = ..., group: str = ...,
                   exit_on_error: bool = ...) -> Any: ...


class Turns:
    """The bots' turns, a bot's failure stood in for, and leaving (see the module docstring);
    the screen keeps ``_timer``, ``_thinking``, ``_leaving`` and ``_leave_asked``."""

    #: Seconds between moves while the player leaves (the others finish the deal at once).
    LEAVE_DELAY: ClassVar[float] = 0.05

    _timer: Timer | None = None
    _thinking = False
    _suggesting = False
    _leaving = False
    _leave_asked = False

    def _moving(self: _Host) -> bool:
        """Whether someone moves now without the player deciding: a bot, or anyone while the
        player leaves."""
        table = self.table
        return not (table.deal_over or table.stuck or (table.my_turn and not self._leaving))

    def _after(self: _Host) -> None:
        """Redraw, and let the others move if it is their turn (everyone's, while leaving)."""
        self._redraw()
        table = self.table
        if self._leaving and (table.deal_over or table.stuck):
            self.action_end()
            return
        if (not self._moving() or self._timer is not None or self._thinking
                or self._suggesting):
            return
        delay = Turns.LEAVE_DELAY if self._leaving else self.bot_delay
        if delay > 0:
            self._timer = self.set_timer(delay, self._tick)
            return
        while self._step() and self._moving():  # at once (tests)
            pass
        self._after()

    def _step(self: _Host) -> bool:
        """One move of whoever is to act, found and played here and now; whether play goes
        on."""
        table = self.table
        try:
            action = table.leave_move() if table.my_turn else table.bot_choice()
        except Exception as error:  # a bot's failure must not end the game
            return self._failed(error)
        return self._play_found(action, None)

    def _tick(self: _Host) -> None:
        """A turn after the delay: the move is found in a thread (the arranger of a points
        game takes most of a second), and played here."""
        self._timer = None
        self._thinking = True
        self.run_worker(self._think, thread=True, group="bots", exit_on_error=False)

    def _think(self: _Host) -> None:
        table = self.table
        try:
            action = table.leave_move() if table.my_turn else table.bot_choice()
        except Exception as error:  # a bot's failure must not end the game
            self.app.call_from_thread(self._moved, None, error)
            return
        self.app.call_from_thread(self._moved, action, None)

    def _moved(self: _Host, action: Action | None, failure: Exception | None) -> None:
        """The move found in the thread (``failure``: none was): play it, then go on."""
        self._thinking = False
        self._play_found(action, failure)
        self._after()

    def _play_found(self: _Host, action: Action | None, failure: Exception | None) -> bool:
        """Play a move found for whoever is to act; whether play goes on."""
        table = self.table
        try:
            if failure is not None:
                raise failure
            if action is None:
                raise BragError(f"{table.to_act} has no move to play")
            if action.player == table.name:
                table.act(action)
            else:
                table.bot_plays(action)
        except Exception as error:  # a bot's failure must not end the game
            return self._failed(error)
        return True

    def _failed(self: _Host, error: Exception) -> bool:
        """Someone's move failed: a bot's seat plays its stand-in's move, said as an error;
        the player's own move on leaving is said, and the deal given up. Whether play goes
        on."""
        table = self.table
        if table.to_act is not None and table.to_act != table.name:
            try:
                said = table.stand_in(error)
            except Exception as worse:  # said on the screen; q still leaves
                self._message(f"a bot failed and nothing can move for it ({worse}): the deal "
                              "cannot go on; q ends the session with the ledger", error=True)
                return False
            self._message(f"a bot failed: {said}", error=True)
            return True
        table.stuck = True
        self._message(f"your move could not be played ({error}): q ends the session with the "
                      "ledger", error=True)
        return False

    def action_end(self: _Host) -> None:
        """End the session: between deals at once, during one after a second ``q`` (see the
        module docstring)."""
        table = self.table
        if table.deal_over or table.stuck:
            try:
                summary = table.summary()
            except BragError as error:  # pragma: no cover - deal_over or stuck allows it
                self._message(str(error), error=True)
                return
            self.dismiss(summary)
            return
        if self._leaving:
            self._message("Leaving: the others are finishing the deal…")
            return
        if not self._leave_asked:
            self._leave_asked = True
            self._message(f"Leave now? q again: {giving_up(table)}, the others finish the "
                          "deal, and the session ends with the ledger and the settlement. Any "
                          "other key plays on.", error=True)
            return
        Turns.leave(self)

    @property
    def leaving(self) -> bool:
        """Whether the player is leaving (the others finishing the deal)."""
        return self._leaving

    def leave(self: _Host) -> None:
        """Leave now: give the deal up, let the others finish it, end with the summary."""
        self._leaving, self._leave_asked = True, False
        self._message("Leaving: you give this deal up; the others finish it…"
                      if self.table.game.still_in(self.table.name)
                      else "Leaving: the others finish the deal…")
        self._after()
