"""The second part of ``bragkit play``'s first screen, after the game: the opponents (the bot
kinds that play it, :func:`bragkit.bots.players`), the stakes (the buy-in) and each house rule
of the game with its rule id and one-line meaning (:func:`bragkit.games.options.options`), as
the game's rules class declares them. Enter (or ctrl+s) plays; nonsense is refused on the
screen with the error that names its rule, shown under the title (never below the last field,
off screen) with the field at fault marked and focused; stakes a record cannot hold are refused
here, before anything is remembered. Escape goes back to the games.

>>> from bragkit.play.config import PlayConfig
>>> fields = rule_fields(PlayConfig(game="crash"), {})
>>> fields[0].name, fields[0].rule, fields[0].text
('target', 'C6', '15')
>>> rule_fields(PlayConfig(game="three-card"), {"max_bet": "20"})[2].text    # ante, min, max
'20'
>>> [f.text for f in rule_fields(PlayConfig(game="teen-patti-order"), {}) if f.name == "ordering"]
['teen-patti']
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, Static

from bragkit.bots import players
from bragkit.cli.arena import parse_overrides
from bragkit.errors import BragError
from bragkit.games import find
from bragkit.games.options import options
from bragkit.play.config import PlayConfig, default_bots
from bragkit.play.game_table import MAX_STACK, game_title
from bragkit.play.memory import Choice

__all__ = ["ChoiceError", "ChoicesScreen", "RuleField", "rule_fields", "value_text"]


class ChoiceError(BragError):
    """A choice refused, with the id of its field on the screen (``""``: none in particular)."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, kw_only=True, slots=True)
class RuleField:
    """One house rule on the screen: its option name, rule id, meaning and the text shown."""

    name: str
    rule: str
    meaning: str
    text: str
    default: str


def value_text(value: Any) -> str:
    """A rule's value as typed on the screen.

    >>> [value_text(v) for v in (None, True, ("2", "J"), 5)]
    ['none', 'yes', '2,J', '5']
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ",".join(map(str, value))
    return str(value)


def rule_fields(config: PlayConfig, typed: Mapping[str, str]) -> list[RuleField]:
    """The house rules of ``config``'s game, each with the value it plays by (the typed text
    if any)."""
    base = dataclasses.asdict(config.rules())  # the preset's, with the house's stakes
    out = []
    for option in options(find(config.game).rules):
        default = value_text(base[option.name])
        out.append(RuleField(name=option.name, rule=option.rule, meaning=option.meaning,
                             text=typed.get(option.name, default), default=default))
    return out


class ChoicesScreen(Screen[tuple[PlayConfig, Choice] | None]):
    """Opponents, stakes and house rules for ``config``'s game (see the module docstring);
    dismissed with the config to play and the choice to remember (None: back to the
    games)."""

    CSS = """
    .row { height: auto; margin: 0 1; }
    .row Label { width: 65%; padding: 1 1 0 0; }
    .row Input { width: 35%; }
    .row Input.bad { border: tall $error; }
    #choices-title { padding: 1 1 0 1; text-style: bold; height: auto; }
    #choices-error { color: $error; text-style: bold; height: auto; margin: 0 1; }
    """

    #: The first field has the focus as the screen shows (at once: a focus asked for later,
    #: in on_mount, took it back from a field a quick typist had tabbed to).
    AUTO_FOCUS: ClassVar[str | None] = "#bots"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "play", "play"),
        Binding("escape", "back", "back to the games"),
    ]

    def __init__(self, config: PlayConfig, choice: Choice | None = None) -> None:
        super().__init__()
        self.config = config
        same = choice is not None and choice.game == config.game
        self.typed: dict[str, str] = dict(choice.rules) if same and choice else {}
        self.kinds = players(config.game)
        bots = choice.bots if same and choice else config.bots
        # another game's bots (the menu's last game) give way to this game's own
        self.bots = bots if set(bots) <= set(self.kinds) else default_bots(config.game)
        self.stack = choice.stack if same and choice else config.stack
        self.fields = rule_fields(config, self.typed)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(f"{game_title(self.config.game)}: opponents, stakes and house rules "
                     "(Enter plays, Escape goes back)", id="choices-title")
        yield Static("", id="choices-error")  # under the title: always in sight
        with VerticalScroll():
            with Horizontal(classes="row"):
                kinds = "; ".join(f"{k}: {text}" for k, text in self.kinds.items())
                yield Label(f"Opponents, 1 to 5 bot kinds, comma-separated ({kinds})")
                yield Input(", ".join(self.bots), id="bots")
            with Horizontal(classes="row"):
                yield Label("Stakes: the chips each player brings (buy-in, M1)")
                yield Input(str(self.stack), id="stack")
            for item in self.fields:
                with Horizontal(classes="row"):
                    yield Label(f"{item.name} ({item.rule}): {item.meaning}")
                    yield Input(item.text, id=f"rule-{item.name}")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_play()

    def chosen(self) -> tuple[PlayConfig, Choice]:
        """The config and the choice to remember from the screen (BragError if nonsense)."""
        bots = tuple(b.strip() for b in self.query_one("#bots", Input).value.split(",")
                     if b.strip())
        for bot in bots:
            if bot not in self.kinds:
                raise ChoiceError(f"{bot!r} does not play this game (opponents: "
                                  f"{', '.join(self.kinds)})", field="bots")
        if not 1 <= len(bots) <= 5:
            raise ChoiceError("choose one to five opponents", field="bots")
        stack_text = self.query_one("#stack", Input).value.strip()
        if not (stack_text.isascii() and stack_text.isdigit()
                and 1 <= int(stack_text) <= MAX_STACK):
            raise ChoiceError(f"the stakes are a whole number of chips, 1 to {MAX_STACK:,} "
                              f"(what the records hold), not {stack_text[:40]!r} (M1)",
                              field="stack")
        typed = {}
        for item in self.fields:
            text = self.query_one(f"#rule-{item.name}", Input).value.strip()
            if text != item.default:
                typed[item.name] = text
        try:
            overrides = parse_overrides([f"{k}={v}" for k, v in typed.items()])
        except BragError as error:
            raise ChoiceError(str(error), field=self._named(str(error))) from None
        config = dataclasses.replace(self.config, bots=bots, stack=int(stack_text),
                                     overrides={**self.config.overrides, **overrides})
        try:
            config.table()
        except TypeError as error:
            raise ChoiceError(f"bad house rule: {error}", field=self._named(str(error))) from None
        except BragError as error:
            raise ChoiceError(str(error), field=self._named(str(error))) from None
        return config, Choice(game=config.game, bots=bots, stack=config.stack, rules=typed)

    def _named(self, message: str) -> str:
        """The id of the house rule ``message`` names ("" if none)."""
        return next((f"rule-{item.name}" for item in self.fields
                     if re.search(rf"\b{re.escape(item.name)}\b", message)), "")

    def action_play(self) -> None:
        """Play with these choices, or say what is wrong (one line, under the title, the field
        at fault marked and focused)."""
        for field in self.query(".row Input"):
            field.remove_class("bad")
        try:
            config, choice = self.chosen()
        except BragError as error:
            self.query_one("#choices-error", Static).update(str(error))
            where = error.field if isinstance(error, ChoiceError) else ""
            if where:
                bad = self.query_one(f"#{where}", Input)
                bad.add_class("bad")
                bad.focus()
            return
        self.dismiss((config, choice))

    def action_back(self) -> None:
        """Back to the games."""
        self.dismiss(None)
