"""The one table screen for every game of the registry: the seats, the lines under them, your
cards, a key for each move, the log on the right. It plays a
:class:`~bragkit.play.game_table.GameTable` (any game at a session).

The keys come from the legal actions' shapes (:func:`~bragkit.play.controls.controls`), the same
letter for the same verb in every game (``l`` look, ``f`` fold or drop, ``b`` bet — blind while
you are blind, BL1 —, ``s`` see, ``c`` call or cover, ``r`` raise, ``k`` check or keep, ``x``
throw, R2, ``d`` discard or draw, ``a`` an agreed showdown, B8, ``p`` play…), each named as the
game names it (Teen Patti's *chaal*, TP3), with the amounts it allows. Where a move names cards
of the hand, they are picked with ``1``–``9`` and ``0`` (the tenth), or the arrows and space;
``m`` makes the picked cards a set (a Crash arrangement, C2; a plan of Nine Card sets, N3),
``u`` undoes; ``g`` suggests the engine's best move (the arranger, N3, C2) and ``]``/``[`` go
through every arrangement the rules allow, one at a time (listed lazily); Enter plays what is
picked or suggested. ``:`` types any move in the game's notation (its examples are moves of the
menu). Besides them (:mod:`bragkit.play.extras`) ``h`` hint, ``e`` the trainer on or off, ``t``
top up (M1), ``w`` save the last deal's record, ``W`` the session's. Only the keys of the game
and the moment are shown and bound (:mod:`bragkit.play.offered`). After every deal its result
shows (who won which round, whether a crash came off, the points, who took which pot) until
``n``; ``q`` ends the session with the ledger and the settlement, at once between deals, and
after asking during one (the player gives the deal up: :mod:`bragkit.play.turns`, which also
moves the bots and stands in for one that fails). An illegal move is explained with the
engine's words and rule; nothing crashes the game.

>>> from bragkit.play.game_table import GameTable
>>> GameScreen(GameTable("crash", bots=("random",), seed=1), bot_delay=0).bot_delay
0
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.columns import Columns
from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.events import Key
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, Static

from bragkit.actions import Action, Verb
from bragkit.errors import BragError
from bragkit.play.addressed import addressed
from bragkit.play.cards import hand_text, plain
from bragkit.play.controls import KEYS, RESERVED, Control, Picker, controls
from bragkit.play.extras import EXTRA_BINDINGS, EXTRA_KEYS, ExtraActions
from bragkit.play.game_table import GameTable
from bragkit.play.help_screen import HelpActions, cited_rule, help_bindings
from bragkit.play.log_view import LogView
from bragkit.play.offered import OfferedKeys
from bragkit.play.picture import Picture, card_row, picture
from bragkit.play.prompt import hide_prompt, show_prompt, type_ahead
from bragkit.play.turns import Turns

__all__ = ["GameScreen", "key_cells"]

#: Every key a move may have (:data:`~bragkit.play.controls.KEYS`).
_MOVE_KEYS: Final = frozenset(k for keys in KEYS.values() for k in keys)

#: A verb as a person says what to do with the cards picked ("pick the cards to play").
_INFINITIVE: Final = {Verb.PLAYS: "play", Verb.ARRANGES: "arrange"}


def key_cells(items: list[str]) -> Columns:
    """The keys, one a cell: a narrow screen wraps between them, never inside one.

    >>> for width in (60, 20):
    ...     print([line.strip() for line in plain(key_cells(["f drop", "c call 3",
    ...                                                       "r raise 1..90"]), width)
    ...            .splitlines()])
    ['f drop   c call 3   r raise 1..90']
    ['f drop', 'c call 3', 'r raise 1..90']
    """
    return Columns([Text(item) for item in items], padding=(0, 3))


class GameScreen(OfferedKeys, HelpActions, ExtraActions, Turns, Screen[list[str]]):
    """Play a table (a :class:`~bragkit.play.game_table.GameTable`: see the module
    docstring); dismissed with its summary."""

    #: Keys a move never takes on this screen (its own bindings).
    RESERVED_KEYS: ClassVar[frozenset[str]] = RESERVED | EXTRA_KEYS

    CSS = """
    #left { width: 3fr; }
    #seats { height: auto; border: round $primary; padding: 0 1; }
    #info, #hand, #keys, #trainer, #result, #message { height: auto; padding: 0 1; }
    #trainer { color: $accent; text-style: italic; }
    #result { border: round $accent; }
    #result.hidden { display: none; }
    #message { color: $warning; }
    #message.error { color: $error; }
    #log { width: 2fr; border: round $secondary; }
    #prompt { display: none; }
    #prompt.shown { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "suggest", "suggest"),
        Binding("m", "make_set", "make a set"),
        Binding("u", "cards('undo')", "undo"),
        Binding("right_square_bracket", "cycle(1)", "next arrangement", show=False),
        Binding("left_square_bracket", "cycle(-1)", "previous arrangement", show=False),
        Binding("left", "cards('move', -1)", "", show=False),
        Binding("right", "cards('move', 1)", "", show=False),
        Binding("space", "cards('pick')", "pick", show=False),
        Binding("enter", "confirm", "play it", show=False),
        Binding("colon", "type", "type a move"),
        Binding("n", "next", "next deal"),
        Binding("q", "end", "quit"),
        Binding("escape", "cancel", "cancel", show=False),
        *help_bindings(),  # ? and F1: the rankings, the rules and the keys of this game
        Binding("R", "show_rule", "rule"),  # the rule the last error cites
        *EXTRA_BINDINGS,
    ]

    def __init__(self, table: GameTable, *, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.table = table
        self.bot_delay = bot_delay
        self.picker = Picker()
        self.texts: dict[str, str] = {}
        self._timer: Timer | None = None
        self._pending: Control | None = None
        self._logged = 0
        self._cycle = -1
        self._thinking = self._suggesting = self._leaving = self._leave_asked = False
        self._now: list[Control] = []  #: the player's moves now, as keys
        self.help_game = table.game_name
        self.help_error = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with VerticalScroll(id="left", can_focus=False):  # a tall table scrolls
                yield Static(id="seats")
                yield Static(id="info")
                yield Static(id="hand")
                yield Static(id="result", classes="hidden")
                yield Static(id="keys")
                yield Static(id="trainer")
                yield Static(id="message")
                yield Input(id="prompt", disabled=True)
            yield LogView(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"bragkit play — {self.table.title}"
        self._after()

    # -- drawing -------------------------------------------------------------------------------

    def _show(self, widget: str, renderable: RenderableType) -> None:
        self.query_one(f"#{widget}", Static).update(renderable)
        self.texts[widget] = plain(renderable)

    def _message(self, text: str, *, error: bool = False) -> None:
        text = addressed(text, self.table.name)  # the engine's words: the player is "you"
        self.query_one("#message", Static).set_class(error, "error")
        self.help_error = text if error and cited_rule(text) is not None else ""
        if self.help_error:  # R opens the help at its rule
            text += f" — R: rule {cited_rule(text)}"
        self._show("message", Text(text))
        self.refresh_bindings()  # R: the rule of this error
        self._to_foot()

    def _controls(self) -> list[Control]:
        if not self.table.my_turn:
            return []
        return controls(self.table.options(), self.RESERVED_KEYS, self.table.info.verb_name)

    def _busy(self) -> bool:
        """Whether a worker thread reads the deal now (a bot, the arranger): the screen then
        neither reads nor changes it (one owner at a time), and says so."""
        if self._thinking or self._suggesting:
            who = "the arranger" if self._suggesting else self.table.to_act
            self._message(f"{who} is thinking: a moment…")
            return True
        return False

    def _redraw(self) -> None:
        if self._thinking or self._suggesting:  # redrawn when the thread is done
            return
        table = self.table
        log = self.query_one("#log", LogView)
        for line in table.log[self._logged:]:
            log.add(line)  # the records' words: the player is already "you"
        self._logged = len(table.log)
        self.texts["log"] = "\n".join(table.log)
        self._now = self._controls()
        pic = picture(table.view(), table)
        self.picker.reset(pic.cards)
        self._show("seats", pic.seats)
        # between two deals of cards of a points game, the next is dealt: its cards wait for n
        between = table.paused
        self._show("info", Text("\n").join(pic.lines[:1] if between else pic.lines))
        self._show("hand", Text("") if between else _hand(pic, self.picker, self._picking()))
        result = self.query_one("#result", Static)
        result.set_class(not table.deal_over, "hidden")
        self._show("result", Text("\n".join(["The deal's result:",
                                             *table.results])
                                  if table.deal_over else ""))
        if table.deal_over:
            items = ["n the next deal of cards" if between else "n next deal",
                     *([f"w save {table.records.saved_what()}"]
                       if table.records.can_save() else []),
                     *(["W save the session"] if table.records.can_save_session() else []),
                     "t top up", "q end the session (ledger and settlement)"]
        elif table.my_turn:
            items = [f"{c.key} {c.label}" for c in self._now]
            if table.advice.can_suggest:
                items.append("g suggest")
            if self._offers_now("cycle"):
                items.append("]/[ every choice")
            items.append(": type a move")
        elif table.stuck:  # a bot and its stand-in failed: never "… to act" for ever
            items = ["the deal cannot go on", "q end the session (ledger and settlement)"]
        else:
            items = [f"{table.to_act} to act…"]
        self._show("keys", key_cells(items))
        self._show("trainer", Text(self._advice()))
        self.refresh_bindings()  # the footer: only the keys of the moment
        self._to_foot()

    def _to_foot(self) -> None:
        """In sight on a short screen (a Crash table runs long): the result or the hand, the
        keys and the message, at the foot of the left column."""
        left = self.query_one("#left", VerticalScroll)
        self.call_after_refresh(left.scroll_end, animate=False)

    # -- acting --------------------------------------------------------------------------------

    def _play(self, action: Action | str) -> None:
        if self._busy():  # a thread reads the deal: nothing changes meanwhile
            return
        try:
            self.table.act(action)
        except BragError as error:  # the engine's words, with the rule id
            self._message(str(error), error=True)
            self._redraw()
            return
        self.picker.picked, self._cycle = [], -1  # a plan's other sets stay (N3)
        self._message("")
        self._after()

    def on_key(self, event: Key) -> None:
        """The move keys (letters, from the menu) and the card digits; with the prompt shown,
        every key is the prompt's, even one typed before the prompt took the focus (``b``,
        ``4``, Enter typed at once bets 4)."""
        prompt = self.query_one("#prompt", Input)
        if prompt.has_class("shown"):
            typed = type_ahead(prompt, event) if self.focused is not prompt else None
            if typed == "enter":
                self._submitted(prompt.value)
            elif typed == "escape":
                self.action_cancel()
            return
        key = event.character or ""
        if key != "q":
            self._leave_asked = False  # any other key plays on
        if key.isdigit():
            if self._picking():  # digits pick cards only where a move names them
                event.stop()
                if not self.picker.toggle(int(key) - 1 if key != "0" else 9):
                    self._message(f"no card {key} to pick")
                self._redraw()
            return
        found = self._now
        for control in found:
            if control.key == key:
                event.stop()
                self._press(control)
                return
        if key in _MOVE_KEYS and key not in self.RESERVED_KEYS:
            event.stop()  # a move key with no move now: said, never silently dropped
            self._no_move(key, found)

    def _no_move(self, key: str, found: list[Control]) -> None:
        """Say why ``key`` plays no move now: the engine's words for the key's verb where the
        game has it, else the moves there are."""
        if self._busy() or self._explain(key, found):
            return
        if self.table.deal_over:
            self._message("the deal is over: n for the next one, q to end", error=True)
        elif not self.table.my_turn:
            self._message(f"it is {self.table.to_act}'s turn (rule T3)", error=True)
        else:
            self._message(f"{key}: no such move now; your moves: "
                          + " · ".join(f"{c.key} {c.label}" for c in found), error=True)

    def _press(self, control: Control) -> None:
        """A move's key: play it, or ask for what it needs (an amount, a hand, cards); an
        agreed showdown is answered by the bots at once (B8)."""
        if self._busy():
            return
        if control.verb is Verb.AGREE:
            self._agree()
            return
        try:
            action = self._action_of(control)
        except BragError as error:  # e.g. a card picked twice: the action's own words
            self._message(str(error), error=True)
            return
        if action is not None:
            self._play(action)

    def _action_of(self, control: Control) -> Action | None:
        """The action ``control``'s key makes now; None when it must ask first."""
        name, picker = self.table.name, self.picker
        if control.kind == "plain":
            return control.options[0].action()
        if control.kind in ("amount", "hand"):
            self._pending = control
            if control.kind == "amount":
                self._ask(f"{control.label}: how much? (Enter = {control.least})")
            else:
                self._ask(f"{control.label}: which? ")
            return None
        if control.kind == "sets":  # the picked cards make the last set (C2)
            picker.make_set()
            if picker.sets:
                return Action(player=name, verb=control.verb, sets=tuple(picker.sets))
            self._message("pick a set's cards (1-9, 0, space), m for each set, then "
                          f"{control.key}; g suggests")
            return None
        # cards: those picked, else the first set of a plan (N3); a draw may take none (P3)
        cards = tuple(picker.picked) or (picker.sets[0] if picker.sets else ())
        if control.verb is Verb.DRAW:
            return Action(player=name, verb=Verb.DRAW, amount=len(cards), cards=cards)
        if cards:
            return Action(player=name, verb=control.verb, cards=cards)
        verb = _INFINITIVE.get(control.verb, control.word)
        self._message(f"pick the cards to {verb} (1-9, 0, space), then "
                      f"{control.key}" + ("; g suggests" if self.table.advice.can_suggest else ""))
        return None

    def action_cards(self, op: str, step: int = 0) -> None:
        """``pick``: pick or unpick the card at the cursor; ``move``: the cursor ``step`` over
        your cards; ``undo``: unpick, or with nothing picked take the last set apart."""
        if op == "move":
            self.picker.move(step)
        elif op == "undo":
            self.picker.undo()
        else:
            self.picker.toggle()
        self._redraw()

    def action_make_set(self) -> None:
        """The picked cards become a set (C2, N3)."""
        if not self.picker.make_set():
            self._message("pick cards first (1-9, 0, space)")
        self._redraw()

    def _fill(self, action: Action, words: str) -> None:
        self.picker.fill(cards=action.cards, sets=action.sets)
        self._message(f"{words}: Enter plays it")
        self._redraw()

    def action_suggest(self) -> None:
        """The engine's best move in your place (N3, C2), found in a worker thread (the
        arranger takes most of a second for a Crash hand), then shown; Enter plays it."""
        if self._busy():
            return
        if not self.table.advice.can_suggest:
            self._message("no suggestion now")
            return
        self._message("the arranger is thinking…")
        self._suggesting = True
        self.run_worker(self._find_suggestion, thread=True, group="suggest",
                        exit_on_error=False)

    def _find_suggestion(self) -> None:
        try:
            action = self.table.advice.suggestion()
        except Exception as error:  # the arranger's failure must not end the game
            self.app.call_from_thread(self._suggested, None, error)
            return
        self.app.call_from_thread(self._suggested, action, None)

    def _suggested(self, action: Action | None, failure: Exception | None) -> None:
        self._suggesting = False
        if failure is not None:
            self._message(f"no suggestion: {failure!r}", error=True)
        elif action is None or not self.table.my_turn or action.player != self.table.to_act:
            self._message("no suggestion now")  # the turn moved on meanwhile
        elif not action.cards and not action.sets:
            self._message(f"suggested: {action.verb.value} (press its key)")
        else:
            self._fill(action, "suggested")
        self._after()  # redrawn; a player leaving meanwhile goes on leaving

    def action_cycle(self, step: int) -> None:
        """The next (previous) of every choice the rules allow, listed lazily."""
        if self._busy():
            return
        with_choices = [c for c in self._now if c.kind in ("cards", "sets")
                        and c.options[0].choices is not None]
        if not with_choices:
            self._message("nothing to choose from now")
            return
        choices = with_choices[0].options[0].choices
        assert choices is not None
        self._cycle = (self._cycle + step) % len(choices)
        self._fill(choices[self._cycle], f"choice {self._cycle + 1} of {len(choices)}")

    def action_confirm(self) -> None:
        """Play what is picked or suggested."""
        for control in self._now:
            if control.kind in ("cards", "sets"):
                self._press(control)
                return

    # -- prompts -------------------------------------------------------------------------------

    def _ask(self, placeholder: str, value: str = "") -> None:
        show_prompt(self, placeholder, value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submitted(event.value)

    def _submitted(self, value: str) -> None:
        """The prompt's answer."""
        hide_prompt(self)
        control, self._pending = self._pending, None
        text = value.strip()
        if self._answered(text):
            return
        if control is None:
            name = self.table.name
            if text:
                self._play(text if text == "showdown" or text.startswith(f"{name} ")
                           else f"{name} {text}")
            return
        try:
            self._play(control.answer(text))
        except BragError as error:
            self._message(str(error), error=True)

    def action_type(self) -> None:
        """Type a move in the game's notation ("raise 4", "plays Qs Qh Qd"): the examples
        are moves of the menu now."""
        self._pending = None
        shown = [c.example(self.picker.hand) for c in self._now]  # only cards you may see
        examples = [f"'{text}'" for text in shown if text is not None][:2]
        self._ask("a move in the game's notation" + (f", e.g. {' or '.join(examples)}"
                                                     if examples else ""))

    def action_cancel(self) -> None:
        """Close the prompt; clear the picks."""
        self._pending = None
        self._topping_up = False
        hide_prompt(self)
        self.picker.picked = []
        self._redraw()

    # -- between deals -------------------------------------------------------------------------

    def action_next(self) -> None:
        """The next deal (after a deal's result)."""
        try:
            self.table.next_deal()
        except BragError as error:
            self._message(str(error), error=True)
            return
        self._message("")
        self._after()



def _hand(pic: Picture, picker: Picker, picking: bool) -> Text:
    """The player's hand: the picture's note, the cards (the cursor's where cards are being
    picked), the cards picked and the sets made."""
    hand = pic.note.copy()
    if pic.cards and (picking or not pic.shown):
        hand.append("\n")
        hand.append_text(card_row(picker.shown, picker.picked,
                                  picker.cursor if picking else None))
    if picker.picked:
        hand.append("\npicked: ")
        hand.append_text(hand_text(picker.picked))
    for i, made in enumerate(picker.sets, 1):
        hand.append(f"\n set {i}: ")
        hand.append_text(hand_text(made))
    return hand
