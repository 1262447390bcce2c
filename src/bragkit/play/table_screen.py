"""The table screen of ``bragkit play``: the seats, the pot, your cards, a key for each move.

The screen draws a :class:`~bragkit.play.session.PlaySession` from the player's view only
(:mod:`bragkit.play.widgets`), and turns keys into actions: ``f`` fold, ``b`` bet (a prompt
for the amount; blind while you are blind, BL1), ``l`` look (old or new with two hands, R2),
``s`` see, ``c`` cover, ``t`` top up, ``d`` discard (the cards picked with ``1``–``5``, else a
prompt for them, F1), ``k``/``x``
keep or throw (R2), ``a`` agreed showdown (B8), ``h`` hint, ``e`` the trainer on or off, ``w``
save the last deal as ``.bhh``, ``n`` next deal, ``q`` end the session. A key that is not legal
now is explained with the engine's own words and the rule it breaks; nothing crashes the game.

The trainer: heads-up Three Card Brag, at your turn, a line under your options says what the
equilibrium would do in your place (:meth:`~bragkit.play.session.PlaySession.equilibrium_hint`),
or how to solve one when none is cached; the ``h`` hint ends with it too. The solved strategy
is loaded once, in a worker thread (a file of a few MB; never a solve).

The bots move one at a time, ``bot_delay`` seconds apart (0: at once, for tests).

>>> from bragkit.rules import Rules
>>> from bragkit.play.session import PlaySession
>>> screen = TableScreen(PlaySession(Rules(), bots=["cautious"], seed=1), bot_delay=0)
>>> screen.bot_delay
0
"""

from __future__ import annotations

import io
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, RichLog, Static
from textual.worker import Worker, WorkerState

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, parse_cards
from bragkit.errors import BragError
from bragkit.play.prompt import hide_prompt, show_prompt
from bragkit.play.session import PlayError, PlaySession, Summary
from bragkit.play.widgets import action_keys, hand_line, info_line, picks_line, seats_table

__all__ = ["TableScreen", "plain"]


def plain(renderable: RenderableType, width: int = 120) -> str:
    """What a renderable shows, as plain text (for tests and transcripts)."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


class TableScreen(Screen[Summary]):
    """The game (see the module docstring); dismissed with the session's :class:`Summary`."""

    CSS = """
    #left { width: 3fr; }
    #seats { height: auto; border: round $primary; padding: 0 1; }
    #info, #hand, #keys, #trainer, #message { height: auto; padding: 0 1; }
    #trainer { color: $accent; text-style: italic; }
    #message { color: $warning; }
    #message.error { color: $error; }
    #log { width: 2fr; border: round $secondary; }
    #prompt { display: none; }
    #prompt.shown { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # the moves: shown on the keys line when legal; pressed when not, they say why
        *(Binding(key, action, action, show=False) for key, action in (
            ("b", "bet"), ("l", "look"), ("d", "discard"), ("a", "showdown"))),
        # fold (B2), see (B6, BL4), cover (M2, M3), keep or throw the hand looked at (R2)
        *(Binding(key, f"simple('{verb}')", verb, show=False) for key, verb in (
            ("f", "fold"), ("s", "see"), ("c", "cover"), ("k", "keep"), ("x", "throw"))),
        *(Binding(str(i), f"pick({i})", str(i), show=False) for i in range(1, 6)),
        Binding("t", "topup", "top up"),
        Binding("h", "hint", "hint"),
        Binding("e", "trainer", "trainer"),
        Binding("w", "save", "save"),
        Binding("n", "next", "next deal"),
        Binding("q", "end", "quit"),
        Binding("escape", "cancel", "cancel", show=False),
    ]

    def __init__(self, session: PlaySession, *, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.texts: dict[str, str] = {}
        self._timer: Timer | None = None
        self._prompt: tuple[str, Any] | None = None
        self._logged = 0
        self._loading: Worker[object] | None = None
        self._picked: list[Card] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="info")
                yield Static(id="hand")
                yield Static(id="keys")
                yield Static(id="trainer")
                yield Static(id="message")
                yield Input(id="prompt", disabled=True)
            log = RichLog(id="log", wrap=True, markup=False)
            log.can_focus = False
            yield log
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"bragkit play — {self.session.rules.variant}"
        self._next_deal()

    # -- drawing -------------------------------------------------------------------------------

    def _show(self, widget: str, renderable: RenderableType) -> None:
        self.query_one(f"#{widget}", Static).update(renderable)
        self.texts[widget] = plain(renderable)

    def _message(self, text: str, *, error: bool = False) -> None:
        message = self.query_one("#message", Static)
        message.set_class(error, "error")
        self._show("message", Text(text))

    def _redraw(self) -> None:
        session = self.session
        log = self.query_one("#log", RichLog)
        for line in session.log[self._logged:]:
            log.write(line)
        self.texts["log"] = "\n".join(session.log)
        self._logged = len(session.log)
        if session.deal is None:
            return
        view = session.view()
        self._show("seats", seats_table(view, stacks=session.table.stacks, kinds=session.kinds,
                                        rules=session.deal.rules))
        self._show("info", info_line(view, session.stake_line()))
        hand = hand_line(view, session.deal.rules)
        self._picked = [c for c in self._picked if c in self._discardable()]
        if self._discardable():
            hand.append_text(picks_line(self._discardable(), self._picked))
        self._show("hand", hand)
        keys = " · ".join(f"{key} {label}" for key, label in action_keys(view))
        if view.is_over:
            keys = "n next deal · w save the deal (.bhh) · t top up · q end the session"
        elif session.bot_to_act:
            keys = f"{session.bot_to_act} to act…" + (f"  ({keys})" if keys else "")
        self._show("keys", Text(keys))
        self._show("trainer", Text(self._trainer_line()))
        self.refresh_bindings()

    # -- the trainer ---------------------------------------------------------------------------

    def _trainer_line(self) -> str:
        """What the equilibrium would do in your place (heads-up, your turn, the trainer on);
        "" when it says nothing. Never waits for the strategy's file: a worker loads it."""
        session = self.session
        if (not session.trainer or not session.heads_up_three_card
                or session.to_act != session.name):
            return ""
        if not session.equilibrium_looked_up:
            if self._loading is not None and self._loading.state is WorkerState.ERROR:
                return ""  # said once, in the message line
            self._look_up()
            return "the equilibrium: looking for a solved strategy…"
        try:
            return session.equilibrium_hint() or ""
        except Exception as error:  # the trainer's failure must not end the game
            return f"the equilibrium: no hint ({error})"

    def _look_up(self) -> None:
        """Load the trainer's strategy in a thread, once; the screen redraws when it is in."""
        if self._loading is None:
            self._loading = self.run_worker(self.session.equilibrium_strategy, thread=True,
                                            group="trainer", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._loading and event.state in (WorkerState.SUCCESS,
                                                             WorkerState.ERROR):
            if event.state is WorkerState.ERROR:
                self._message(f"the trainer found no strategy: {event.worker.error!r}",
                              error=True)
            self._redraw()

    def _after(self) -> None:
        """Redraw, and let the bots move if it is their turn."""
        self._redraw()
        session = self.session
        if session.deal is not None and session.deal.is_over:
            self._message("Deal over. n: next deal · w: save it · q: end the session")
            return
        if session.bot_to_act and self._timer is None:
            if self.bot_delay <= 0:
                self._run_bots()
            else:
                self._timer = self.set_timer(self.bot_delay, self._bot_tick)

    def _run_bots(self) -> None:
        try:
            self.session.run_bots()
        except Exception as error:  # a bot's failure must not end the game
            self._message(f"a bot failed: {error!r}", error=True)
        self._redraw()
        if self.session.deal is not None and self.session.deal.is_over:
            self._message("Deal over. n: next deal · w: save it · q: end the session")

    def _bot_tick(self) -> None:
        self._timer = None
        try:
            self.session.step()
        except Exception as error:  # a bot's failure must not end the game
            self._message(f"a bot failed: {error!r}", error=True)
            return
        self._after()

    # -- what is possible ----------------------------------------------------------------------

    def _options(self) -> list[LegalAction]:
        session = self.session
        if session.deal is None or session.deal.is_over:
            return []
        return [o for o in session.view().legal_actions if o.player in (session.name, None)]

    def _option(self, verb: Verb, hand: str | None = None) -> LegalAction | None:
        for option in self._options():
            if option.verb is verb and (hand is None or option.hand == hand):
                return option
        return None

    # -- acting --------------------------------------------------------------------------------

    def _act(self, action: Action) -> None:
        try:
            self.session.act(action)
        except BragError as error:  # rule broken: the engine's words, with the rule id
            self._message(str(error), error=True)
            self._redraw()
            return
        self._message("")
        self._after()

    def _explain(self, verb: Verb, amount: int | None = None) -> None:
        """Try an action that is not on the menu to show why (IllegalActionError's text)."""
        session = self.session
        if session.deal is None or session.deal.is_over:
            self._message("The deal is over: n for the next one.", error=True)
            return
        needs_amount = verb in (Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER)
        try:
            action = Action(player=session.name, verb=verb,
                            amount=(amount or 1) if needs_amount else None,
                            cards=session.deal.cards_of(session.name)[:1]
                            if verb is Verb.DISCARD else ())
        except BragError as error:
            self._message(str(error), error=True)
            return
        self._act(action)

    def _ask(self, kind: str, data: Any, placeholder: str, value: str = "") -> None:
        self._prompt = (kind, data)
        show_prompt(self, placeholder, value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._hide_prompt()
        pending, self._prompt = self._prompt, None
        text = event.value.strip()
        if pending is None:
            return
        kind, data = pending
        try:
            if kind == "amount":
                option: LegalAction = data
                amount = int(text) if text else option.min_amount
                self._act(option.action(amount))
            elif kind == "topup":
                self.session.topup(int(text))
                self._message(f"You top up {int(text)} (M1).")
                self._after()
            elif kind == "discard":
                self._act(Action(player=self.session.name, verb=Verb.DISCARD,
                                 cards=parse_cards(text)))
            elif kind == "look":
                hand = text.lower()
                if hand not in ("old", "new"):
                    self._message("look at the old or the new hand (R2)", error=True)
                    return
                chosen = self._option(Verb.LOOK, hand)
                self._act(chosen.action() if chosen else Action(
                    player=self.session.name, verb=Verb.LOOK, hand="old" if hand == "old"
                    else "new"))
        except ValueError as error:
            self._message(f"not understood: {error}", error=True)

    def action_cancel(self) -> None:
        """Close the prompt."""
        self._prompt = None
        self._hide_prompt()

    def _hide_prompt(self) -> None:
        hide_prompt(self)

    def action_bet(self) -> None:
        """Bet: blind while blind (BL1), else open; a prompt for the amount (B1, B3)."""
        option = self._option(Verb.BLIND) or self._option(Verb.BET)
        if option is None:
            stake = self.session.deal.stake if self.session.deal else 0
            self._explain(Verb.BET, max(stake, self.session.rules.min_bet))
            return
        top = "" if option.max_amount is None else str(option.max_amount)
        what = "blind bet (counts double, BL1)" if option.verb is Verb.BLIND else "bet"
        self._ask("amount", option, f"{what}: {option.min_amount}..{top}, Enter = "
                  f"{option.min_amount}", str(option.min_amount))

    def action_look(self) -> None:
        """Look at your cards (BL2); with two hands, choose old or new (R2)."""
        if self._option(Verb.LOOK, "old") is not None:
            self._ask("look", None, "look at which hand: old or new? (R2)")
            return
        option = self._option(Verb.LOOK)
        if option is None:
            self._explain(Verb.LOOK)
            return
        self._act(option.action())

    def _simple(self, verb: Verb) -> None:
        option = self._option(verb)
        if option is None:
            deal = self.session.deal
            guess = None
            if deal is not None and verb is Verb.SEE:
                guess = 2 * deal.stake or 1
            elif deal is not None and verb is Verb.COVER:
                guess = deal.stacks.get(self.session.name, 0) or 1
            self._explain(verb, guess)
            return
        self._act(option.action())

    def action_simple(self, verb: str) -> None:
        """A move without a choice: fold, see, cover, keep or throw (its option, else why not)."""
        self._simple(Verb(verb))

    def action_showdown(self) -> None:
        """Agree to a showdown (B8): it comes when every player still betting agrees."""
        if self._option(Verb.AGREE) is None:
            self._explain(Verb.AGREE)
            return
        try:
            declined = self.session.agree()
        except BragError as error:
            self._message(str(error), error=True)
            self._redraw()
            return
        self._message(f"{', '.join(declined)} declined a showdown (B8)" if declined else "")
        self._after()

    def _discardable(self) -> tuple[Card, ...]:
        """Your cards, when you have looked and may discard (F1); else ()."""
        hand = self.session.view().hand if self.session.deal is not None else None
        return hand if hand is not None and self._option(Verb.DISCARD) else ()

    def action_pick(self, number: int) -> None:
        """Pick (or unpick) card ``number`` of your hand to discard (F1)."""
        hand = self._discardable()
        if not 1 <= number <= len(hand):
            self._message("the digits pick cards of your hand to discard, when you may (F1)",
                          error=True)
            return
        card = hand[number - 1]
        self._picked = ([c for c in self._picked if c != card] if card in self._picked
                        else [*self._picked, card])
        self._redraw()

    def action_discard(self) -> None:
        """Discard (F1): the picked cards, else a prompt for the cards."""
        option = self._option(Verb.DISCARD)
        if option is None:
            self._explain(Verb.DISCARD)
            return
        if self._picked:
            picked, self._picked = tuple(self._picked), []
            self._act(Action(player=self.session.name, verb=Verb.DISCARD, cards=picked))
            return
        self._ask("discard", option, f"discard {option.discards} card(s), e.g. 4d (F1)")

    def action_topup(self) -> None:
        """Top up your stack (M1)."""
        self._ask("topup", None, "top up how many chips? (M1)")

    def action_hint(self) -> None:
        """Your exact chance against those still in, from your view only; with the trainer
        on, heads-up, what the equilibrium would do."""
        try:
            text = self.session.hint()
        except BragError as error:
            self._message(str(error), error=True)
            return
        trainer = self._trainer_line()
        self._message(f"{text}\n{trainer[:1].upper()}{trainer[1:]}" if trainer else text)

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

    def action_save(self) -> None:
        """Save the last deal as .bhh."""
        try:
            path = self.session.save()
        except (BragError, OSError) as error:
            self._message(f"not saved: {error}", error=True)
            return
        self._message(f"Saved {path}")

    def action_next(self) -> None:
        """Deal the next hand."""
        self._next_deal()

    def _next_deal(self) -> None:
        try:
            self.session.start_deal()
        except (PlayError, BragError) as error:
            self._message(str(error), error=True)
            self._redraw()
            return
        self._message("")
        self._after()

    def action_end(self) -> None:
        """End the session: the ledger and the settlement."""
        try:
            summary = self.session.end()
        except BragError as error:
            self._message(f"{error}: play the deal out (f folds)", error=True)
            return
        self.dismiss(summary)
