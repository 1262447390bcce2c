"""The terminal's help: the hand rankings, the rules and the keys of the game being played.

:class:`HelpScreen` shows bragkit's own rule book (:mod:`bragkit.help`) for one game, on three
tabs: the game's hand rankings, the rules of the sections it is played under (each rule under its
id), and the keys of the screen it was opened from. Opened at a rule (the one an error message
cites, :func:`cited_rule`), it shows that rule first, highlighted. Every rule id in the text is a
link to its rule. Escape, q, ``?`` or F1 closes it.

A table screen adds help in one line each: ``BINDINGS = [..., *help_bindings()]`` and
:class:`HelpActions` among its bases (or its own ``action_help`` calling :func:`open_help`),
``self.help_game = <registry name>`` in its ``__init__``; to jump from an error to its rule it
sets ``self.help_error = text`` where it shows an error and binds a key to ``show_rule``
(``Binding("r", "show_rule", "the rule")``).

>>> cited_rule("Ann must bet at least 2 (rule B3)")
'B3'
>>> cited_rule("deals (D3, D4)"), cited_rule("no rule here") is None
('D3', True)
>>> [b.key for b in help_bindings()]
['question_mark', 'f1']
>>> print(linked("a see (B6, BL4); the cards `7s 7h 7d` (H3)"))
a see ([B6](#rule-b6), [BL4](#rule-bl4)); the cards `7s 7h 7d` ([H3](#rule-h3))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Markdown, Static, TabbedContent, TabPane

from bragkit import help as book
from bragkit.games import find

__all__ = [
    "HelpActions",
    "HelpScreen",
    "cited_rule",
    "help_bindings",
    "keys_of",
    "linked",
    "open_help",
]

#: The keys of the help screen itself, shown on its keys tab after the table's.
OWN_KEYS: tuple[tuple[str, str], ...] = (
    ("1 / 2 / 3", "hand rankings / rules / keys"),
    ("/", "show a rule by its id (type BL4, Enter)"),
    ("↑ ↓ PgUp PgDn", "scroll"),
    ("Esc, q, ? or F1", "close the help"),
)


def cited_rule(message: str) -> str | None:
    """The first rule id ``message`` cites that the rule book has (an error's "(rule B3)"), or
    None: what a table screen opens the help at after an error.

    >>> cited_rule("Cy cannot see a blind player (rule BL4); see also B6")
    'BL4'
    >>> cited_rule("rule Z9 is not in the book") is None
    True
    """
    known = set(book.rule_ids())
    return next((rule_id for rule_id in book.find_ids(message) if rule_id in known), None)


def linked(text: str) -> str:
    """``text`` (Markdown) with every rule id it cites outside code spans made a link to the
    rule (``[BL4](#rule-bl4)``), as the help screen shows it; ids the book lacks stay as written.

    >>> linked("rules N1-N7 and Z9")
    'rules [N1](#rule-n1)-[N7](#rule-n7) and Z9'
    """
    known = set(book.rule_ids())

    def link(match: Any) -> str:
        first, last = match["first"], match["last"]
        out = f"[{first}](#rule-{first.lower()})" if first in known else first
        if last:
            dash = match.group(0)[len(first)]
            out += dash + (f"[{last}](#rule-{last.lower()})" if last in known else last)
        return out

    parts = text.split("`")
    # the even parts are outside code spans (a span is `...`)
    return "`".join(book.CITATION.sub(link, part) if i % 2 == 0 else part
                    for i, part in enumerate(parts))


def help_bindings() -> list[Binding]:
    """The bindings that open the help: ``?`` (shown in the footer) and F1; they call the
    screen's ``action_help`` (:class:`HelpActions` gives one)."""
    return [Binding("question_mark", "help", "help"),
            Binding("f1", "help", "help", show=False)]


def keys_of(screen: Any, *, keep: Callable[[str], bool] | None = None
            ) -> tuple[tuple[str, str], ...]:
    """The keys a screen and its app declare themselves (not Textual's own, such as tab), as
    (key, what it does) pairs: every binding with a description but the help's, each key once;
    with ``keep``, only those whose action's name it keeps (``"cards"`` for ``cards('undo')``)."""
    app = screen.app
    seen: dict[str, str] = {}
    for node in (screen, app):
        for cls in type(node).__mro__:
            if cls.__module__.startswith("textual."):
                continue
            for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())):
                if keep is not None and not keep(binding.action.partition("(")[0]):
                    continue
                if binding.description and binding.action != "help" and not binding.system:
                    seen.setdefault(app.get_key_display(binding), binding.description)
    return tuple(seen.items())


def open_help(app: App[Any], game: str, *, rule: str | None = None,
              keys: Sequence[tuple[str, str]] = ()) -> HelpScreen:
    """Push the help of ``game`` on ``app`` (at ``rule`` if given) and return the screen;
    without ``keys`` it lists those of the screen it opens over (:func:`keys_of`).

    Raises :class:`~bragkit.errors.RulesError` for a game the registry does not know and
    :class:`~bragkit.help.UnknownRuleError` for a rule the book lacks, before pushing anything.
    """
    screen = HelpScreen(game, rule, keys=keys or keys_of(app.screen))
    app.push_screen(screen)
    return screen


class _HelpHost(Protocol):
    """What :class:`HelpActions` needs of the screen it is mixed into."""

    @property
    def app(self) -> App[Any]: ...

    help_game: str
    help_error: str

    def notify(self, message: str, *, severity: Any = ...) -> None: ...
    def help_keys(self) -> tuple[tuple[str, str], ...]: ...


class HelpActions:
    """A mixin for a table screen: ``action_help`` opens the help of ``self.help_game``, and
    ``action_show_rule`` opens it at the rule ``self.help_error`` (the last error message the
    screen showed) cites. Bind them with :func:`help_bindings` and, e.g.,
    ``Binding("r", "show_rule", "the rule")``."""

    help_game: str = "three-card"
    help_error: str = ""

    def help_keys(self: _HelpHost) -> tuple[tuple[str, str], ...]:
        """The keys the help lists: by default every key the screen declares
        (:func:`keys_of`); a screen may list only its game's."""
        return keys_of(self)

    def action_help(self: _HelpHost) -> None:
        """Open the help of the game being played."""
        open_help(self.app, self.help_game, keys=self.help_keys())

    def action_show_rule(self: _HelpHost) -> None:
        """Open the help at the rule the last error cites, or say there is none."""
        rule = cited_rule(self.help_error)
        if rule is None:
            self.notify("The last message cites no rule: ? for the help.", severity="warning")
        else:
            open_help(self.app, self.help_game, rule=rule, keys=self.help_keys())


class HelpScreen(ModalScreen[None]):
    """The help of ``game`` (any name the game registry knows): its hand rankings, its rules and
    ``keys``; at ``rule`` (any case) when given, shown first and highlighted.

    Raises :class:`~bragkit.errors.RulesError` (unknown game) or
    :class:`~bragkit.help.UnknownRuleError` (unknown rule) at once, before it is shown.
    """

    CSS = """
    HelpScreen { align: center middle; }
    #help { width: 96%; height: 94%; border: thick $primary; background: $surface; }
    #help-title { height: 1; padding: 0 1; text-style: bold; background: $primary; }
    #help VerticalScroll { height: 1fr; padding: 0 1; }
    #find { display: none; }
    #find.shown { display: block; }
    .rule { margin: 0; }
    .cited { border: round $warning; background: $warning 15%; margin-bottom: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("q", "close", "close", show=False),
        Binding("question_mark", "close", "close", show=False),
        Binding("f1", "close", "close", show=False),
        Binding("1", "tab('rankings')", "rankings"),
        Binding("2", "tab('rules')", "rules"),
        Binding("3", "tab('keys')", "keys"),
        Binding("slash", "find", "find a rule"),
    ]

    def __init__(self, game: str, rule: str | None = None, *,
                 keys: Sequence[tuple[str, str]] = ()) -> None:
        self.info = find(game)  # RulesError for an unknown game
        self.game = game
        self.rule = book.rule(rule).id if rule is not None else None
        self.keys = tuple(keys)
        self.rankings = book.rankings(game)
        self.sections = book.game_sections(game)
        super().__init__()

    # -- what it shows (Markdown) ----------------------------------------------------------------

    def rankings_markdown(self) -> str:
        """The rankings tab: the game's card from the rule book, its title as a heading."""
        title, _, rest = self.rankings.partition("\n")
        return f"## Hand rankings: {title}\n\n{linked(rest.strip())}"

    @staticmethod
    def rule_markdown(rule_id: str) -> str:
        """One rule, its id and title as the heading."""
        found = book.rule(rule_id)
        return f"### {found.id} · {found.title}\n\n{linked(found.text)}"

    def keys_markdown(self) -> str:
        """The keys tab: the table's keys, then the help's own."""
        def table(rows: Sequence[tuple[str, str]]) -> str:
            lines = ["| key | what it does |", "| --- | --- |"]
            lines += [f"| {key.replace('|', '¦')} | {what.replace('|', '¦')} |"
                      for key, what in rows]
            return "\n".join(lines)

        table_keys = (table(self.keys) if self.keys
                      else "The screen under the help named no keys.")
        return (f"## Keys at the table\n\n{table_keys}\n\n"
                f"## Keys of this help\n\n{table(OWN_KEYS)}")

    # -- building --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            yield Static(f"Help · {self.info.title_of(self.game)}", id="help-title")
            yield Input(id="find", placeholder="a rule id (BL4, N7), then Enter")
            with TabbedContent(initial="rules" if self.rule else "rankings"):
                with TabPane("Hand rankings", id="rankings"), VerticalScroll():
                    yield self._markdown(self.rankings_markdown(), id="rankings-text")
                with TabPane("Rules", id="rules"), VerticalScroll(id="rules-scroll"):
                    if self.rule is not None:
                        yield self._markdown(self.cited_markdown(self.rule), id="cited",
                                             classes="cited")
                    for part in self.sections:
                        yield self._markdown(self.section_markdown(part),
                                             id=f"section-{part.letter.lower()}",
                                             classes="section")
                with TabPane("Keys", id="keys"), VerticalScroll():
                    yield self._markdown(self.keys_markdown(), id="keys-text")
        yield Footer()

    def cited_markdown(self, rule_id: str) -> str:
        """The highlighted rule at the top of the rules tab, and where it belongs."""
        found = book.rule(rule_id)
        where = book.section(found.section)
        title = self.info.title_of(self.game)
        played = "" if where in self.sections else f" (not a rule of {title})"
        return (f"{self.rule_markdown(rule_id)}\n\n"
                f"*From {where.letter} · {where.title}{played}.*")

    @classmethod
    def section_markdown(cls, part: book.Section) -> str:
        """One section of the rule book: its title, its text and every rule."""
        blocks = [f"## {part.letter} · {part.title}"]
        if part.text:
            blocks.append(linked(part.text))
        blocks += [cls.rule_markdown(rule_id) for rule_id in part.rules]
        return "\n\n".join(blocks)

    @staticmethod
    def _markdown(text: str, *, id: str, classes: str = "") -> Markdown:
        return Markdown(text, id=id, classes=classes, open_links=False)

    # -- moving about ------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._focus_tab()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """The keys scroll the tab shown."""
        self._focus_tab()

    def _focus_tab(self) -> None:
        active = self.query_one(TabbedContent).active_pane
        if active is not None:
            active.query_one(VerticalScroll).focus()

    def show_rule(self, rule_id: str) -> None:
        """Show ``rule_id`` first on the rules tab, highlighted (a link to a rule was followed)."""
        self.rule = book.rule(rule_id).id
        text = self.cited_markdown(self.rule)
        self.query_one(TabbedContent).active = "rules"
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        found = self.query("#cited")
        if found:
            found.first(Markdown).update(text)
        else:
            scroll.mount(self._markdown(text, id="cited", classes="cited"), before=0)
        scroll.scroll_home(animate=False)

    def show_section(self, letter: str) -> None:
        """Scroll the rules tab to the section ``letter`` (or show its first rule, if the
        game is not played under it)."""
        part = book.section(letter)
        widgets = self.query(f"#section-{part.letter.lower()}")
        if not widgets:
            self.show_rule(part.rules[0])
            return
        self.query_one(TabbedContent).active = "rules"
        self.query_one("#rules-scroll", VerticalScroll).scroll_to_widget(
            widgets.first(), top=True, animate=False)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        """Follow a link inside the book: to a rule, a section, or the rankings."""
        event.stop()
        target = event.href.partition("#")[2]
        kind, _, key = target.partition("-")
        try:
            if kind == "rule":
                self.show_rule(key)
            elif kind == "section":
                self.show_section(key)
            elif kind in ("rankings", "hand"):
                self.query_one(TabbedContent).active = "rankings"
        except book.UnknownRuleError as error:
            self.notify(str(error), severity="warning")

    def action_tab(self, tab: str) -> None:
        """Show one tab: rankings, rules or keys."""
        self.query_one(TabbedContent).active = tab

    def action_find(self) -> None:
        """Ask for a rule id to show."""
        find_box = self.query_one("#find", Input)
        find_box.add_class("shown")
        find_box.value = ""
        find_box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Show the rule typed, or say in one line why not (the help stays as it was)."""
        event.stop()
        try:
            self.show_rule(event.value)
        except book.UnknownRuleError as error:
            self.notify(str(error), severity="warning")
            return
        event.input.remove_class("shown")
        self._focus_tab()

    def action_close(self) -> None:
        """Close the help, back to the screen under it."""
        self.dismiss(None)
