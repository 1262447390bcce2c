"""The setup screen of ``bragkit play --setup``: the game, the house rules, the bots, the stakes.

Every option of the three-card family is listed with its rule and one-line meaning from
RULES.md (:mod:`bragkit.play.options`): switches for yes/no, choices for the others, numbers
and cards typed in. Nonsense (say ``min_bet`` above ``max_bet``) is refused on the screen with
the :class:`~bragkit.errors.RulesError` that names it; the game starts only with rules that
make sense. The screen is dismissed with a ready :class:`~bragkit.play.session.PlaySession`
(or, for the games with rules of their own, their table: :mod:`bragkit.play.game_table`).

>>> screen = SetupScreen(PlayConfig())
>>> screen.config.game
'three-card'
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static, Switch

from bragkit.bots.registry import BOTS
from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.play.config import OWN_RULES_GAMES, PlayConfig
from bragkit.play.game_table import GameTable
from bragkit.play.options import GAMES, OPTIONS
from bragkit.play.session import PlaySession

__all__ = ["SetupScreen"]


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        return ",".join(value)
    return str(value)


class SetupScreen(Screen["PlaySession | GameTable"]):
    """Choose and start a game (see the module docstring)."""

    CSS = """
    .row { height: auto; margin: 0 1; }
    .row Label { width: 60%; padding: 1 1 0 0; }
    .row Input, .row Select { width: 40%; }
    #error { color: $error; height: auto; margin: 0 1; }
    #play { margin: 1 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "play", "play")]

    def __init__(self, config: PlayConfig) -> None:
        super().__init__()
        self.config = config

    def compose(self) -> ComposeResult:
        config = self.config
        rules = config.rules()
        yield Header()
        with VerticalScroll():
            with Horizontal(classes="row"):
                yield Label("Game")
                games = {**GAMES, **OWN_RULES_GAMES}
                yield Select([(f"{key}: {text}", key) for key, text in games.items()],
                             value=config.game, allow_blank=False, id="game")
            with Horizontal(classes="row"):
                kinds = ", ".join(f"{k} ({text})" for k, (_, text) in BOTS.items())
                yield Label(f"Bots, 1 to 5, comma-separated: {kinds}")
                yield Input(", ".join(config.bots), id="bots")
            with Horizontal(classes="row"):
                yield Label("Your name")
                yield Input(config.name, id="name")
            with Horizontal(classes="row"):
                yield Label("Chips each (buy-in, M1)")
                yield Input(str(config.stack), id="stack", type="integer")
            with Horizontal(classes="row"):
                yield Label("Trainer: beside your options, what the equilibrium would do "
                            "(heads-up Three Card Brag; `bragkit solve` makes one)")
                yield Switch(value=config.trainer, id="trainer")
            yield Static("House rules of the three-card family (the other games play by "
                         "their own defaults):", classes="row")
            for option in OPTIONS.values():
                value = getattr(rules, option.name)
                with Horizontal(classes="row"):
                    yield Label(f"{option.name} ({option.rule}): {option.meaning}")
                    widget_id = f"opt-{option.name}"
                    if option.kind == "bool":
                        yield Switch(value=bool(value), id=widget_id)
                    elif option.kind == "choice":
                        yield Select([(c, c) for c in option.choices], value=str(value),
                                     allow_blank=False, id=widget_id)
                    else:
                        yield Input(_text(value), id=widget_id,
                                    placeholder="none" if option.kind != "int" else "")
            yield Static("", id="error")
            yield Button("Play", id="play", variant="primary")
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new game brings its preset's hand size and ordering (F1, F3, H10)."""
        if (event.select.id != "game" or not isinstance(event.value, str)
                or event.value in OWN_RULES_GAMES):
            return
        preset = Rules.preset(event.value)
        self.query_one("#opt-cards", Select).value = str(preset.cards)
        self.query_one("#opt-ordering", Select).value = preset.ordering

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.action_play()

    def _overrides(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for option in OPTIONS.values():
            widget_id = f"#opt-{option.name}"
            if option.kind == "bool":
                options[option.name] = self.query_one(widget_id, Switch).value
            elif option.kind == "choice":
                value = self.query_one(widget_id, Select).value
                options[option.name] = int(str(value)) if option.name == "cards" else value
            else:
                text = self.query_one(widget_id, Input).value.strip()
                if option.kind == "cards":
                    options[option.name] = tuple(w.strip() for w in text.split(",") if w.strip())
                elif not text and option.kind == "optional-int":
                    options[option.name] = None
                else:
                    try:
                        options[option.name] = int(text)
                    except ValueError:
                        raise BragError(f"{option.name} must be a whole number, not "
                                        f"{text!r}") from None
        return options

    def action_play(self) -> None:
        """Start the game with these settings, or say what is wrong."""
        error = self.query_one("#error", Static)
        try:
            game = self.query_one("#game", Select).value
            bots = tuple(b.strip() for b in self.query_one("#bots", Input).value.split(",")
                         if b.strip())
            for bot in bots:
                if bot not in BOTS:
                    raise BragError(f"unknown bot {bot!r} (known: {', '.join(BOTS)})")
            if not 1 <= len(bots) <= 5:
                raise BragError("choose one to five bots")
            stack_text = self.query_one("#stack", Input).value.strip()
            other = str(game) in OWN_RULES_GAMES
            config = dataclasses.replace(
                self.config, game=str(game), bots=bots,
                name=self.query_one("#name", Input).value.strip() or "You",
                stack=int(stack_text) if stack_text.isdigit() else -1,
                trainer=self.query_one("#trainer", Switch).value,
                overrides={} if other else self._overrides())
            if config.stack < 1:
                raise BragError("the buy-in must be a whole number of chips")
            session: PlaySession | GameTable = (
                config.table() if other else config.session())
        except BragError as problem:
            error.update(str(problem))
            return
        self.dismiss(session)
