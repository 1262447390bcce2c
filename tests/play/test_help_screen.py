"""The terminal's help screen (issue 16): ``?`` and F1 show the hand rankings and the rules of
the game being played, and an error message's rule id opens the help at that rule."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static, TabbedContent

from bragkit import help as book
from bragkit.errors import RulesError
from bragkit.games import games
from bragkit.play.help_screen import (
    HelpActions,
    HelpScreen,
    cited_rule,
    help_bindings,
    linked,
    open_help,
)


class Table(HelpActions, Screen[None]):
    """A stand-in for a table screen: help in one line, and a rule key after an error."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", "next deal"),
        Binding("r", "show_rule", "the rule"),
        *help_bindings(),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.help_game = game

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def action_next(self) -> None:
        self.help_error = "Ann must bet at least 2 (rule B3)"


class TableApp(App[None]):
    def __init__(self, game: str = "three-card") -> None:
        super().__init__()
        self.game = game

    def on_mount(self) -> None:
        self.push_screen(Table(self.game))


def synchronous(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async pilot test under plain pytest (as the other terminal tests do)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def settled(pilot: Any, holds: Callable[[], bool], *, seconds: float = 5.0) -> bool:
    """Pause until ``holds()`` is true (a posted message is handled on the app's own time, later
    on a loaded machine), at most ``seconds``; whether it came true."""
    for _ in range(int(seconds / 0.02)):
        await pilot.pause(0.02)
        if holds():
            return True
    return holds()


def source(widget: Markdown) -> str:
    return widget.source


def help_screen(app: App[Any]) -> HelpScreen:
    assert isinstance(app.screen, HelpScreen)
    return app.screen


@synchronous
async def test_question_mark_opens_the_rankings_of_the_game() -> None:
    app = TableApp("nine-card")
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = help_screen(app)
        assert screen.query_one(TabbedContent).active == "rankings"
        shown = source(screen.query_one("#rankings-text", Markdown))
        assert shown.startswith("## Hand rankings: Nine Card Brag")
        assert "Equal sets rank in the order they were played" in shown
        # the rules tab holds the sections nine-card is played under (N and T), nothing else
        sections = [m.id for m in screen.query(".section").results(Markdown)]
        assert sections == ["section-n", "section-t"]
        assert "### N7 · " in source(screen.query_one("#section-n", Markdown))


@synchronous
async def test_f1_opens_it_too_and_escape_q_question_mark_f1_close_it() -> None:
    app = TableApp()
    async with app.run_test() as pilot:
        for close in ("escape", "q", "question_mark", "f1"):
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, Table), close


@synchronous
async def test_opened_at_a_rule_shows_it_first_and_highlighted() -> None:
    app = TableApp()
    async with app.run_test() as pilot:
        screen = open_help(app, "three-card", rule="bl4")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "rules"
        scroll = screen.query_one("#rules-scroll")
        first = scroll.children[0]
        assert isinstance(first, Markdown) and first.has_class("cited")
        text = source(first)
        assert text.startswith("### BL4 · Seeing and blind players")
        assert "can't see a blind man" in text  # the text of rule BL4
        assert "From BL · " in text


@synchronous
async def test_a_rule_of_another_game_is_shown_and_said_to_be_so() -> None:
    app = TableApp("nine-card")
    async with app.run_test() as pilot:
        screen = open_help(app, "nine-card", rule="B3")
        await pilot.pause()
        text = source(screen.query_one("#cited", Markdown))
        assert text.startswith("### B3 · ")
        assert "(not a rule of Nine Card Brag)" in text


@synchronous
async def test_the_rule_key_after_an_error_opens_the_cited_rule() -> None:
    app = TableApp()
    async with app.run_test() as pilot:
        await pilot.press("r")  # no error yet: nothing opens
        await pilot.pause()
        assert isinstance(app.screen, Table)
        await pilot.press("n")  # the stand-in table shows an error citing rule B3
        await pilot.press("r")
        await pilot.pause()
        text = source(help_screen(app).query_one("#cited", Markdown))
        assert text.startswith(f"### B3 · {book.rule('B3').title}")


@synchronous
async def test_links_to_rules_and_sections_are_followed() -> None:
    app = TableApp()
    async with app.run_test() as pilot:
        screen = open_help(app, "three-card")
        await pilot.pause()
        assert not screen.query("#cited")
        rankings = screen.query_one("#rankings-text", Markdown)
        tabs = screen.query_one(TabbedContent)

        def cited(prefix: str) -> bool:
            found = screen.query("#cited")
            return bool(found) and source(found.first(Markdown)).startswith(prefix)

        screen.post_message(Markdown.LinkClicked(rankings, "#rule-h3"))
        assert await settled(pilot, lambda: tabs.active == "rules" and cited("### H3 · "))
        screen.post_message(Markdown.LinkClicked(rankings, "#rule-z9"))  # not in the book
        await pilot.pause()
        assert source(screen.query_one("#cited", Markdown)).startswith("### H3 · ")
        screen.post_message(Markdown.LinkClicked(rankings, "#hand-rankings"))
        assert await settled(pilot, lambda: tabs.active == "rankings")
        await pilot.pause(0.2)  # the tab switch's own messages first, as a person clicks later
        screen.post_message(Markdown.LinkClicked(rankings, "#section-n"))  # not three-card's
        assert await settled(pilot, lambda: tabs.active == "rules" and cited("### N1 · "))


@synchronous
async def test_the_keys_tab_lists_the_table_keys() -> None:
    app = TableApp()
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        screen = help_screen(app)
        assert screen.query_one(TabbedContent).active == "keys"
        text = source(screen.query_one("#keys-text", Markdown))
        assert "| n | next deal |" in text
        assert "| r | the rule |" in text
        assert "close the help" in text
        assert "Focus Next" not in text  # Textual's own keys are not the table's


@synchronous
async def test_keys_given_are_the_keys_shown() -> None:
    app = TableApp()
    async with app.run_test() as pilot:
        screen = open_help(app, "crash", keys=[("b", "bet"), ("f", "fold")])
        await pilot.pause()
        text = source(screen.query_one("#keys-text", Markdown))
        assert "| b | bet |" in text and "| f | fold |" in text
        assert "next deal" not in text


def test_unknown_game_or_rule_is_refused_before_anything_is_shown() -> None:
    with pytest.raises(RulesError, match="unknown game 'go fish'"):
        HelpScreen("go fish")
    with pytest.raises(book.UnknownRuleError, match="no rule 'Z9'"):
        HelpScreen("three-card", rule="Z9")


def every_game_name() -> list[str]:
    return [name for info in games() for name in (info.name, *info.presets)]


@pytest.mark.parametrize("game", every_game_name())
@synchronous
async def test_the_help_of_every_game_opens(game: str) -> None:
    app = TableApp(game)
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = help_screen(app)
        title = book.rankings(game).splitlines()[0]
        assert source(screen.query_one("#rankings-text", Markdown)).startswith(
            f"## Hand rankings: {title}")
        shown = {m.id for m in screen.query(".section").results(Markdown)}
        assert shown == {f"section-{s.letter.lower()}" for s in book.game_sections(game)}
        assert shown  # every game is played under some section
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Table)


def test_cited_rule_is_the_first_id_of_the_book() -> None:
    assert cited_rule("Ann must bet at least 2 (rule B3)") == "B3"
    assert cited_rule("look at the old or the new hand (R2)") == "R2"
    assert cited_rule("Cy cannot see a blind player (rule BL4); deals (D3, D4)") == "BL4"
    assert cited_rule("rules N1-N7") == "N1"
    assert cited_rule("B99 then T1") == "T1"  # B99 is no rule of the book
    assert cited_rule("not understood: invalid literal") is None


@given(st.sampled_from(book.rule_ids()), st.text(alphabet="abc ,.;()", max_size=20))
def test_any_rule_cited_in_a_message_is_found(rule_id: str, words: str) -> None:
    assert cited_rule(f"{words} (rule {rule_id}) {words}") == rule_id


@given(st.sampled_from(book.rule_ids()))
def test_every_rule_id_becomes_a_link_and_code_spans_stay(rule_id: str) -> None:
    assert linked(f"see {rule_id}.") == f"see [{rule_id}](#rule-{rule_id.lower()})."
    assert linked(f"`{rule_id}`") == f"`{rule_id}`"


@synchronous
async def test_each_tab_scrolls_with_the_keys() -> None:
    app = TableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        scroll = help_screen(app).query_one("#rules-scroll", VerticalScroll)
        assert scroll.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0


@synchronous
async def test_slash_shows_a_rule_typed_and_an_unknown_one_changes_nothing() -> None:
    app = TableApp()
    async with app.run_test() as pilot:
        await pilot.press("question_mark", "slash", "z", "9", "enter")
        await pilot.pause()
        screen = help_screen(app)
        assert not screen.query("#cited")  # Z9 is no rule: nothing shown, the help stays
        assert [n.message for n in app._notifications] == [
            "no rule 'z9' in the rule book (rule ids look like B6, BL4, TP3)"]
        await pilot.press("backspace", "backspace", "q", "enter")  # q is typed, not a close
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("backspace", "b", "l", "4", "enter")
        tabs = screen.query_one(TabbedContent)
        assert await settled(pilot, lambda: tabs.active == "rules" and bool(
            screen.query("#cited")) and source(screen.query_one("#cited", Markdown)).startswith(
            "### BL4 · "))


@pytest.mark.parametrize("game", every_game_name())
def test_the_rules_tab_holds_every_rule_of_the_game_under_its_id(game: str) -> None:
    screen = HelpScreen(game)
    for part in book.game_sections(game):
        text = screen.section_markdown(part)
        assert text.startswith(f"## {part.letter} · {part.title}")
        for rule_id in part.rules:
            assert f"### {rule_id} · {book.rule(rule_id).title}\n" in text
