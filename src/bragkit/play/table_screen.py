"""The three-card family's table: the one table screen (:mod:`bragkit.play.game_screen`) over a
:class:`~bragkit.play.session.PlaySession`, with what only that family has: the trainer, the
hint, top-ups at any time, saved records and the showdown agreed with the bots' answers.

The moves are the one screen's keys, from the legal actions (``l`` look, ``f`` fold, ``b`` bet —
blind while you are blind, BL1 —, ``s`` see, ``c`` cover, ``d`` discard the cards picked with the
digits, F1, ``k``/``x`` keep or throw, R2, ``a`` agreed showdown, B8); besides them ``h`` hint,
``e`` the trainer on or off, ``t`` top up (M1), ``w`` save the last deal as ``.bhh``, ``n`` next
deal, ``q`` end the session. A move key that is not legal now is explained with the engine's own
words and the rule it breaks; nothing crashes the game.

The trainer: heads-up Three Card Brag, at your turn, a line under your options says what the
equilibrium would do in your place (:meth:`~bragkit.play.session.PlaySession.equilibrium_hint`),
or how to solve one when none is cached; the ``h`` hint ends with it too. The solved strategy
is loaded once, in a worker thread (a file of a few MB; never a solve).

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.play.session import PlaySession
>>> screen = TableScreen(PlaySession(Rules(), bots=["cautious"], seed=1), bot_delay=0)
>>> screen.bot_delay, screen.session.in_deal
(0, True)
"""

from __future__ import annotations

from typing import ClassVar, Final

from textual.binding import Binding, BindingType
from textual.worker import Worker, WorkerState

from bragkit.actions import Action, Verb
from bragkit.errors import BragError
from bragkit.play.cards import plain
from bragkit.play.controls import RESERVED, Control
from bragkit.play.game_screen import GameScreen
from bragkit.play.session import PlaySession
from bragkit.play.three_card_table import ThreeCardTable

__all__ = ["TableScreen", "plain"]

#: The verb a move key of this family stands for, to explain when it is not legal.
_KEY_VERBS: Final = {"f": Verb.FOLD, "b": Verb.BET, "l": Verb.LOOK, "s": Verb.SEE,
                     "c": Verb.COVER, "d": Verb.DISCARD, "k": Verb.KEEP, "x": Verb.THROW,
                     "a": Verb.AGREE}


class TableScreen(GameScreen):
    """The game of ``session`` (see the module docstring); dismissed with its
    :class:`~bragkit.play.session.Summary`."""

    RESERVED_KEYS: ClassVar[frozenset[str]] = RESERVED | frozenset("hetwW")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "topup", "top up"),
        Binding("h", "hint", "hint"),
        Binding("e", "trainer", "trainer"),
        Binding("w", "save", "save the deal"),
        Binding("W", "save_session", "save the session"),
    ]

    def __init__(self, session: PlaySession, *, bot_delay: float = 0.6) -> None:
        super().__init__(ThreeCardTable(session), bot_delay=bot_delay)
        self.session = session
        self._topping_up = False
        self._loading: Worker[object] | None = None

    def _over_keys(self) -> str:
        return ("n next deal · w save the deal (.bhh) · W save the session · t top up · "
                "q end the session")

    # -- the trainer ---------------------------------------------------------------------------

    def _advice(self) -> str:
        """What the equilibrium would do in your place (heads-up, your turn, the trainer on);
        "" when it says nothing. Never waits for the strategy's file: a worker loads it."""
        session = self.session
        if (not session.trainer or not session.heads_up_three_card
                or session.to_act != session.name):
            return ""
        if not session.equilibrium_looked_up:
            if self._loading is not None and self._loading.state is WorkerState.ERROR:
                return ""  # said once, in the message line
            if self._loading is None:
                self._loading = self.run_worker(self.session.equilibrium_strategy,
                                                thread=True, group="trainer",
                                                exit_on_error=False)
            return "the equilibrium: looking for a solved strategy…"
        try:
            return session.equilibrium_hint() or ""
        except Exception as error:  # the trainer's failure must not end the game
            return f"the equilibrium: no hint ({error})"

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._loading and event.state in (WorkerState.SUCCESS,
                                                             WorkerState.ERROR):
            if event.state is WorkerState.ERROR:
                self._message(f"the trainer found no strategy: {event.worker.error!r}",
                              error=True)
            self._redraw()

    def action_trainer(self) -> None:
        """Turn the trainer on or off: what the equilibrium would do (heads-up)."""
        session = self.session
        session.trainer = not session.trainer
        if not session.trainer:
            self._message("Trainer off (e turns it on).")
        elif session.heads_up_three_card:
            self._message("Trainer on: what the equilibrium would do, at your turn.")
        else:
            self._message("Trainer on — it speaks heads-up, in Three Card Brag without wild "
                          "cards, only.")
        self._redraw()

    def action_hint(self) -> None:
        """Your exact chance against those still in, from your view only; with the trainer
        on, heads-up, what the equilibrium would do."""
        try:
            text = self.session.hint()
        except BragError as error:
            self._message(str(error), error=True)
            return
        trainer = self._advice()
        self._message(f"{text}\n{trainer[:1].upper()}{trainer[1:]}" if trainer else text)

    # -- moves ---------------------------------------------------------------------------------

    def _press(self, control: Control) -> None:
        if control.verb is not Verb.AGREE:
            super()._press(control)
            return
        try:  # B8: the showdown comes when every player still betting agrees
            declined = self.session.agree()
        except BragError as error:
            self._message(str(error), error=True)
            self._redraw()
            return
        self._message(f"{', '.join(declined)} declined a showdown (B8)" if declined else "")
        self._after()

    def _no_move(self, key: str, found: list[Control]) -> None:
        """Try the key's move anyway, to show why not (the engine's words and rule)."""
        verb = _KEY_VERBS.get(key)
        deal = self.session.deal
        if verb is None or deal is None or deal.over:
            super()._no_move(key, found)
            return
        name = self.session.name
        amount = {Verb.BET: max(deal.stake, self.session.rules.min_bet),
                  Verb.SEE: 2 * deal.stake or 1,
                  Verb.COVER: deal.stacks.get(name, 0) or 1}.get(verb)
        try:
            action = Action(player=name, verb=verb, amount=amount,
                            cards=deal.cards_of(name)[:1] if verb is Verb.DISCARD else ())
        except BragError as error:
            self._message(str(error), error=True)
            return
        self._play(action)

    # -- money and records ---------------------------------------------------------------------

    def action_topup(self) -> None:
        """Top up your stack (M1); not while a bot is thinking (it reads the deal)."""
        if self._thinking:
            self._message(f"{self.session.bot_to_act} is thinking: top up after its move",
                          error=True)
            return
        self._topping_up = True
        self._ask(f"top up how many chips? 1 to {self.session.max_topup:,} (M1)")

    def _answered(self, text: str) -> bool:
        """The top-up prompt's answer (M1)."""
        if not self._topping_up:
            return False
        self._topping_up = False
        if not (text.isascii() and text.isdigit()):
            self._message(f"not topped up: {text!r} is not a whole number of chips",
                          error=True)
            return True
        amount = int(text)
        in_deal = self.session.in_deal
        try:
            self.session.topup(amount)
        except BragError as error:
            self._message(f"not topped up: {error}", error=True)
            return True
        self._message(f"You top up {amount:,}" + (" during the deal: rule M1 allows it at any "
                                                  "time" if in_deal else "") + " (M1).")
        self._after()
        return True

    def action_cancel(self) -> None:
        self._topping_up = False
        super().action_cancel()

    def action_save(self) -> None:
        """Save the last deal as .bhh (a fresh name in the save dir, never over a file)."""
        try:
            path = self.session.save()
        except (BragError, OSError) as error:
            self._message(f"not saved: {getattr(error, 'strerror', None) or error}", error=True)
            return
        self._message(f"Saved the deal: {path}")

    def action_save_session(self) -> None:
        """Save the whole session (``bhh-session/1``) between deals."""
        try:
            path = self.session.save_session()
        except (BragError, OSError) as error:
            self._message(f"not saved: {getattr(error, 'strerror', None) or error}", error=True)
            return
        self._message(f"Saved the session: {path}")
