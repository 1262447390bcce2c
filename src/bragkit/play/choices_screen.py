"""The second part of ``bragkit play``'s first screen, after the game: the opponents (the bot
kinds that play it, :func:`bragkit.bots.players`), the stakes (the buy-in) and each house rule
of the game with its rule id and one-line meaning (:func:`bragkit.games.options.options`), as
the game's rules class declares them. Enter (or ctrl+s) plays; nonsense is refused on the
screen with the error that names its rule; Escape goes back to the games.

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
from bragkit.play.game_table import game_title
from bragkit.play.memory import Choice

__all__ = ["ChoicesScreen", "RuleField", "rule_fields", "value_text"]


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
    #choices-title { padding: 1 1 0 1; text-style: bold; height: auto; }
    #choices-error { color: $error; height: auto; margin: 0 1; }
    """

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
        with VerticalScroll():
            yield Static(f"{game_title(self.config.game)}: opponents, stakes and house rules "
                         "(Enter plays, Escape goes back)", id="choices-title")
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
            yield Static("", id="choices-error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#bots", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_play()

    def chosen(self) -> tuple[PlayConfig, Choice]:
        """The config and the choice to remember from the screen (BragError if nonsense)."""
        bots = tuple(b.strip() for b in self.query_one("#bots", Input).value.split(",")
                     if b.strip())
        for bot in bots:
            if bot not in self.kinds:
                raise BragError(f"{bot!r} does not play this game (opponents: "
                                f"{', '.join(self.kinds)})")
        if not 1 <= len(bots) <= 5:
            raise BragError("choose one to five opponents")
        stack_text = self.query_one("#stack", Input).value.strip()
        if not (stack_text.isascii() and stack_text.isdigit()) or int(stack_text) < 1:
            raise BragError(f"the stakes are a whole number of chips, at least 1, not "
                            f"{stack_text!r}")
        typed = {}
        for item in self.fields:
            text = self.query_one(f"#rule-{item.name}", Input).value.strip()
            if text != item.default:
                typed[item.name] = text
        overrides = parse_overrides([f"{k}={v}" for k, v in typed.items()])
        config = dataclasses.replace(self.config, bots=bots, stack=int(stack_text),
                                     overrides={**self.config.overrides, **overrides})
        try:
            config.table()
        except TypeError as error:
            raise BragError(f"bad house rule: {error}") from None
        return config, Choice(game=config.game, bots=bots, stack=config.stack, rules=typed)

    def action_play(self) -> None:
        """Play with these choices, or say what is wrong (one line)."""
        try:
            config, choice = self.chosen()
        except BragError as error:
            self.query_one("#choices-error", Static).update(str(error))
            return
        self.dismiss((config, choice))

    def action_back(self) -> None:
        """Back to the games."""
        self.dismiss(None)
