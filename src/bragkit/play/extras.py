"""The table screen's keys beyond the moves, for what a game declares
(:class:`~bragkit.play.game_table.GameTable`): ``h`` the hint (the game's odds), ``e`` the
trainer on or off (what the equilibrium would do, heads-up Three Card Brag), ``t`` top up (M1),
``w`` save the last deal's record, ``W`` save the session's, and ``a`` an agreed showdown with
the bots' answers (B8): :class:`ExtraActions`, a mixin of
:class:`~bragkit.play.game_screen.GameScreen`. A game that declares none of them says so in one
line when its key is pressed; nothing crashes the game.

The trainer: at your turn, a line under your options says what the equilibrium would do in
your place, or how to solve one when none is cached; the ``h`` hint ends with it too. The
solved strategy is looked up once, in a worker thread (a file of a few MB; never a solve).

>>> [b.key for b in EXTRA_BINDINGS]
['t', 'h', 'e', 'w', 'W']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Protocol

from textual.binding import Binding
from textual.worker import Worker, WorkerState

from bragkit.actions import Action, Verb
from bragkit.errors import BragError, IllegalActionError
from bragkit.play.controls import KEYS, Control

if TYPE_CHECKING:
    from bragkit.play.game_table import GameTable

__all__ = ["EXTRA_BINDINGS", "EXTRA_KEYS", "ExtraActions"]

#: The keys of :class:`ExtraActions` (no move takes them).
EXTRA_BINDINGS: Final = [
    Binding("t", "topup", "top up"),
    Binding("h", "hint", "hint"),
    Binding("e", "trainer", "trainer"),
    Binding("w", "save", "save deal"),
    Binding("W", "save_session", "save session"),
]

#: The keys no move takes on the table screen.
EXTRA_KEYS: Final = frozenset(b.key for b in EXTRA_BINDINGS)


class _Host(Protocol):
    """What the mixin needs of its screen."""

    table: GameTable
    _topping_up: bool
    _loading: Worker[Any] | None

    def _message(self, text: str, *, error: bool = False) -> None: ...
    def _busy(self) -> bool: ...
    def _redraw(self) -> None: ...
    def _after(self) -> None: ...
    def _ask(self, placeholder: str, value: str = "") -> None: ...
    def _play(self, action: Action | str) -> None: ...
    def _advice(self) -> str: ...
    def run_worker(self, work: Any, *, thread: bool = ..., group: str = ...,
                   exit_on_error: bool = ...) -> Worker[Any]: ...


class ExtraActions:
    """The keys of the module docstring; the screen keeps ``_topping_up`` and ``_loading``."""

    _topping_up: bool = False
    _loading: Worker[Any] | None = None

    # -- the trainer ---------------------------------------------------------------------------

    def _advice(self: _Host) -> str:
        """What the equilibrium would do in your place (your turn, the trainer on and speaking
        here); "" when it says nothing. Never waits for the strategy's file: a worker loads
        it."""
        table = self.table
        trainer = table.advice.trainer
        if trainer is None or not table.advice.trainer_speaks or not table.my_turn:
            return ""
        if not trainer.looked_up:
            if self._loading is not None and self._loading.state is WorkerState.ERROR:
                return ""  # said once, in the message line
            if self._loading is None:
                self._loading = self.run_worker(trainer.look_up, thread=True, group="trainer",
                                                exit_on_error=False)
            return "the equilibrium: looking for a solved strategy…"
        try:
            return table.advice.equilibrium_hint() or ""
        except Exception as error:  # the trainer's failure must not end the game
            return f"the equilibrium: no hint ({error})"

    def on_worker_state_changed(self: _Host, event: Worker.StateChanged) -> None:
        if event.worker is self._loading and event.state in (WorkerState.SUCCESS,
                                                             WorkerState.ERROR):
            if event.state is WorkerState.ERROR:
                self._message(f"the trainer found no strategy: {event.worker.error!r}",
                              error=True)
            self._redraw()

    def action_trainer(self: _Host) -> None:
        """Turn the trainer on or off: what the equilibrium would do (heads-up)."""
        table = self.table
        if table.advice.trainer is None:
            self._message(f"{table.title} has no trainer", error=True)
            return
        table.advice.trainer_on = not table.advice.trainer_on
        if not table.advice.trainer_on:
            self._message("Trainer off (e turns it on).")
        elif table.advice.trainer_speaks:
            self._message("Trainer on: what the equilibrium would do, at your turn.")
        else:
            self._message("Trainer on — it speaks heads-up, in Three Card Brag without wild "
                          "cards, only.")
        self._redraw()

    def action_hint(self: _Host) -> None:
        """Your chances from your view only (the game's odds); with the trainer on, what the
        equilibrium would do."""
        if self._busy():
            return
        try:
            text = self.table.advice.hint()
        except BragError as error:
            self._message(str(error), error=True)
            return
        trainer = self._advice()
        self._message(f"{text}\n{trainer[:1].upper()}{trainer[1:]}" if trainer else text)

    # -- the showdown agreed (B8) --------------------------------------------------------------

    def _agree(self: _Host) -> None:
        try:  # B8: the showdown comes when every player still betting agrees
            declined = self.table.agree()
        except BragError as error:
            self._message(str(error), error=True)
            self._redraw()
            return
        self._message(f"{', '.join(declined)} declined a showdown (B8)" if declined else "")
        self._after()

    def _explain(self: _Host, key: str, found: list[Control]) -> bool:
        """Ask the engine about a move key's verb anyway, to show why not now (its words and
        rule, an :class:`~bragkit.errors.IllegalActionError`); False when the key stands for
        no verb of the game (the engine says :class:`~bragkit.errors.InvalidActionError`)."""
        table = self.table
        if table.deal_over:
            return False
        amounts = [o.min_amount for c in found for o in c.options if o.min_amount is not None]
        for verb in (v for v, keys in KEYS.items() if key in keys):
            try:
                action = Action(player=table.name, verb=verb,
                                amount=min(amounts, default=1) if verb in _AMOUNTS else None)
                table.game.check(action)
            except IllegalActionError as error:  # a verb of the game: not now, and why
                self._message(str(error), error=True)
                return True
            except BragError:  # not a verb of this game (or not without more): the next
                continue
        return False

    # -- money and records ---------------------------------------------------------------------

    def action_topup(self: _Host) -> None:
        """Top up your stack (M1); not while a bot is thinking (it reads the deal)."""
        if self._busy():
            return
        self._topping_up = True
        self._ask(f"top up how many chips? 1 to {self.table.max_topup:,} (M1)")

    def _answered(self: _Host, text: str) -> bool:
        """The top-up prompt's answer (M1)."""
        if not self._topping_up:
            return False
        self._topping_up = False
        if self._busy():
            return True
        if not (text.isascii() and text.isdigit()):
            self._message(f"not topped up: {text!r} is not a whole number of chips",
                          error=True)
            return True
        amount = int(text)
        in_deal = self.table.session.in_deal
        try:
            self.table.topup(amount)
        except BragError as error:
            self._message(f"not topped up: {error}", error=True)
            return True
        self._message(f"You top up {amount:,}" + (" during the deal: rule M1 allows it at any "
                                                  "time" if in_deal else "") + " (M1).")
        self._after()
        return True

    def action_save(self: _Host) -> None:
        """Save the last deal's record (a fresh name in the save dir, never over a file)."""
        try:
            what = self.table.records.saved_what()
            path = self.table.records.save()
        except (BragError, OSError) as error:
            self._message(f"not saved: {getattr(error, 'strerror', None) or error}", error=True)
            return
        self._message(f"Saved {what}: {path}")

    def action_save_session(self: _Host) -> None:
        """Save the whole session's record (its finished deals; see
        :meth:`~bragkit.play.records.TableRecords.save_session`)."""
        try:
            path = self.table.records.save_session()
        except (BragError, OSError) as error:
            self._message(f"not saved: {getattr(error, 'strerror', None) or error}", error=True)
            return
        self._message(f"Saved the session: {path}")


#: Verbs that take an amount.
_AMOUNTS: Final = frozenset({Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.RAISE,
                             Verb.CALL})
