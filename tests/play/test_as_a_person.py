"""Issue 24, item 1: ``bragkit play`` as a person uses it, every game and preset. Each test
names what a person met at the table (the item it fixes in brackets); each would fail on the
code that had the fault. The same path through the real program, in a real terminal, is
:mod:`tests.play.test_in_a_terminal`."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static
from typer.testing import CliRunner

from bragkit.actions import Action
from bragkit.bots.player import PlayerBase
from bragkit.bots.players import ask, make_player
from bragkit.cards import Card, format_cards
from bragkit.cli import app as cli
from bragkit.games import games
from bragkit.games.three_card.notation import FieldError
from bragkit.play.app import BragApp
from bragkit.play.cards import plain
from bragkit.play.choices_screen import ChoicesScreen
from bragkit.play.config import PlayConfig, game_names
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import MAX_STACK, GameTable
from bragkit.play.memory import FILE_NAME
from bragkit.play.menu_screen import menu_items
from bragkit.play.summary_screen import SummaryScreen
from bragkit.play.turns import giving_up

SIZE = (110, 36)  # a usual terminal: the long forms do not fit
runner = CliRunner()


class Failing(PlayerBase):
    """A bot that cannot move: it raises what a bot failed with once (records refusing
    stakes too large for them)."""

    kind = "failing"

    def act(self, view: Any, legal: Any) -> Action:
        raise FieldError(["stacks"], "stacks: 99999999999999999999999999 chips: a record "
                                     "holds at most 1000000000000")


def run_app(app: BragApp, test: Callable[[Any], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await test(pilot)

    asyncio.run(run())


async def settled(pilot: Any, holds: Callable[[], bool], seconds: float = 240.0) -> bool:
    """Pause until ``holds()`` (messages are handled on the app's own time, bots play in a
    worker), at most ``seconds``: a bound for an app that never gets there, not a speed (a
    fully loaded machine is slow)."""
    end = time.monotonic() + seconds
    while not holds():
        if time.monotonic() > end:
            return False
        await pilot.pause(0.02)
    return True


def play_out(table: GameTable, seed: int) -> None:
    """The player's moves by a random bot of the game, until the deal's result shows."""
    mine = make_player("random", game=table.game_name, seed=seed)
    for _ in range(3_000):
        if table.deal_over:
            return
        if table.my_turn:
            table.act(ask(mine, table.game, table.name))
        else:
            table.run_bots()
    raise AssertionError("the deal never ended")


# -- 1.1 one name per thing ------------------------------------------------------------------


def test_every_name_the_menu_shows_is_taken_by_g_and_help_lists_each_once() -> None:
    """(1.1) The menu's names are -g's names; --help lists each once."""
    names = [item.name for item in menu_items()]
    assert names == game_names() and len(set(names)) == len(names)
    help_text = re.sub(r"[\s│]+", " ", runner.invoke(cli, ["play", "--help"]).stdout)
    listed = re.search(r"The game: (.*?); without it", help_text)
    assert listed is not None
    assert [n.strip() for n in listed.group(1).split(",")] == names
    for item in menu_items():  # each line says the name -g takes
        assert f"({item.name})" in item.label


def test_a_presets_wrapped_lines_stay_under_its_game_at_80_columns() -> None:
    """(1.1, found as a person at 80 x 24) A preset's second line started at the margin, where
    a game's name starts: "the best three play (F1, F2)" read as a game of the menu."""
    for item in menu_items():
        lines = plain(item.prompt(), width=70).rstrip("\n").splitlines()
        indent = 0 if item.name in {info.name for info in games()} else 4
        assert len(lines) > 1 or len(item.label) <= 70
        for line in lines:
            assert line[:indent].strip() == "" and line[indent:indent + 1] != " ", (item, line)


# -- 1.2 stakes the records cannot hold; a bot that fails ---------------------------------------


def test_stakes_a_record_cannot_hold_are_refused_at_the_form_and_never_remembered(
        empty_config: Path) -> None:
    """(1.2) 99999999999999999999999999 in Stakes: refused at the form (rule M1's buy-in, what
    the records hold), the game not started, nothing remembered."""
    app = BragApp(PlayConfig(seed=1), setup=True, bot_delay=0)

    async def test(pilot: Any) -> None:
        await pilot.press("enter")  # Three Card Brag
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChoicesScreen)
        screen.query_one("#stack", Input).value = "99999999999999999999999999"
        screen.action_play()
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#choices-error", Static).render())
        assert f"1 to {MAX_STACK:,}" in error and "(M1)" in error
        assert not (empty_config / FILE_NAME).exists()

    run_app(app, test)


def test_stack_option_refuses_what_the_records_cannot_hold() -> None:
    """(1.2) --stack 99999999999999999999999999: one line, status 2."""
    result = runner.invoke(cli, ["play", "--stack", "99999999999999999999999999"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and "--stack" in lines[0]


def test_a_top_up_past_what_records_hold_is_refused_rule_M1() -> None:
    """(1.2) Top-ups (M1, any size) stop where a record's stacks would overflow."""
    table = GameTable("three-card", bots=("random",), stack=MAX_STACK, seed=1)
    for _ in range(9):
        table.topup(table.max_topup)
    with pytest.raises(Exception, match="a record holds at most"):
        table.topup(table.max_topup)


def test_a_bot_that_fails_is_stood_in_for_visibly_and_the_deal_goes_on() -> None:
    """(1.2) A bot that fails is an error on the screen and in the log; its seat plays what a
    player out of time plays (a fold), the deal ends with that fold in the log, the dealer moves
    on: nothing is handed over silently, nothing sits at "… to act"."""
    table = GameTable("three-card", seated=[("Bold", Failing()), ("Shark", Failing())],
                      seed=4, rules={"max_bet": 10})
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        dealer = table.game.dealer
        await pilot.press("b", "enter")  # a blind bet of 1: the bots' turns
        assert await settled(pilot, lambda: table.deal_over)
        assert "a bot failed" in screen.texts["message"]
        assert "FieldError" in screen.texts["message"]
        folds = [line for line in table.log if re.match(r"(Bold|Shark) folds", line)]
        failures = [line for line in table.log if "could not move" in line]
        assert len(folds) == 2 and len(failures) == 2
        assert "to act" not in screen.texts["keys"]
        await pilot.press("n")
        await pilot.pause()
        assert table.game.dealer != dealer  # D3: the deal passes on

    run_app(app, test)


# -- 1.3 the long form's error in sight -----------------------------------------------------


def test_an_error_on_the_long_form_is_in_sight_with_its_field_focused() -> None:
    """(1.3) ``abc`` in Stakes on Three Card Brag's long form (many house rules): the error
    shows where the person looks (inside the screen), the field at fault is focused."""
    app = BragApp(PlayConfig(seed=1), setup=True, bot_delay=0)

    async def test(pilot: Any) -> None:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChoicesScreen)
        stack = screen.query_one("#stack", Input)
        stack.value = "abc"
        stack.focus()
        await pilot.press("enter")
        await pilot.pause()
        error = screen.query_one("#choices-error", Static)
        assert "'abc'" in str(error.render())
        region = error.region
        assert region.height > 0 and 0 <= region.y < SIZE[1] - 1  # on the screen
        assert screen.focused is stack and stack.has_class("bad")
        stack.value = "100"
        screen.query_one("#rule-max_bet", Input).value = "lots"  # a house rule named
        screen.action_play()
        await pilot.pause()
        assert screen.focused is screen.query_one("#rule-max_bet", Input)

    run_app(app, test)


# -- 1.4 a person can always leave ------------------------------------------------------------


def test_q_during_a_deal_asks_then_leaves_with_the_ledger() -> None:
    """(1.4) q mid-deal: asked, another key plays on; q, q: the deal is given up (your fold in
    the log), the others finish it, the summary comes with the ledger."""
    table = GameTable("three-card", bots=("shark", "bold"), seed=6, rules={"max_bet": 10})
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen) and table.my_turn
        await pilot.press("q")
        await pilot.pause()
        assert "q again" in screen.texts["message"] and app.screen is screen
        await pilot.press("h", "q")  # another key in between: asked again, never left
        await pilot.pause()
        assert app.screen is screen and "q again" in screen.texts["message"]
        await pilot.press("q")
        assert await settled(pilot, lambda: isinstance(app.screen, SummaryScreen))
        assert "You fold" in table.log
        lines = app.screen.lines  # type: ignore[attr-defined]
        assert lines[0] == "Three Card Brag: 1 deal played." and lines[-2].startswith("Ledger")

    run_app(app, test)


@pytest.mark.parametrize("game", ["crash", "single-stake", "teen-patti"])
def test_leaving_mid_deal_works_in_games_without_a_fold_too(game: str) -> None:
    """(1.4) Crash has no fold: leaving plays your cards as a player out of time does (the
    arranger's sets); a stake game drops. Either way the session ends with its summary."""
    table = GameTable(game, bots=("random", "random"), seed=2)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        await pilot.press("q", "q")
        assert await settled(pilot, lambda: isinstance(app.screen, SummaryScreen))
        lines = app.screen.lines  # type: ignore[attr-defined]
        assert lines[-1].startswith("Settlement:")

    run_app(app, test)


@pytest.mark.parametrize(("game", "said", "never"), [
    ("three-card", "(you fold)", "pack"), ("teen-patti", "(you pack)", "fold"),
    ("single-stake", "(you drop)", "fold"), ("crash", "(you arrange ", "fold"),
    ("nine-card", "(you play ", "fold")])
def test_q_says_what_leaving_plays_in_the_games_words_rules_T1_TP3(game: str, said: str,
                                                                     never: str) -> None:
    """(1.4, found as a person) The first q said "you fold, or where the game has no fold
    your cards play as a player out of time does" at every game, Crash and Teen Patti alike:
    it says the one move leaving plays here, in the game's word."""
    table = GameTable(game, bots=("random", "random"), seed=2)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert await settled(pilot, lambda: table.my_turn)
        await pilot.press("q")
        await pilot.pause()
        message = screen.texts["message"]
        assert "q again" in message and said in message and never not in message, message

    run_app(app, test)


@pytest.mark.parametrize(("game", "word"), [("three-card", "folded"), ("teen-patti", "packed"),
                                          ("single-stake", "dropped"), ("brag-poker", "dropped")])
def test_q_of_a_player_already_out_says_so_rules_B2_S2_P2_TP3(game: str, word: str) -> None:
    """(1.4, found as a person) A player who had packed pressed q while the others played on
    and read that leaving gives the deal up at their turn, a turn they will never have: the
    first q says they are out already, in the game's word; a player still in is told what
    leaving plays (the test above)."""
    table = GameTable(game, bots=("random", "random", "random"), seed=3)
    table.run_bots()
    assert table.my_turn and table.game.still_in(table.name)
    out = table.game.timeout_action(table.name)
    assert out is not None
    table.act(out)  # fold, drop or pack: three others play on
    assert not table.deal_over and not table.game.still_in(table.name)
    assert giving_up(table) == f"you have {word} already"
    # the engine's answer for every seat is what the player's own view shows in play
    assert {p for p in table.players if table.game.still_in(p)} == set(table.view().in_play)


def test_every_player_stays_in_a_game_with_no_way_out() -> None:
    """Crash has no fold (C5): the protocol's default keeps every player in the deal."""
    table = GameTable("crash", bots=("random", "random"), seed=3)
    table.run_bots()
    assert all(table.game.still_in(name) for name in table.players)


def test_ctrl_q_and_a_stuck_deal_still_end_with_the_summary(monkeypatch: Any) -> None:
    """(1.4) A bot that fails and cannot be stood in for: the deal cannot go on, and q (or
    Ctrl+Q) still ends the session with its summary, saying the deal was left unfinished."""
    table = GameTable("three-card", seated=[("Bold", Failing())], seed=4,
                      rules={"max_bet": 10})
    monkeypatch.setattr(type(table.game), "timeout_action", lambda self, player: None)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("b", "enter")
        assert await settled(pilot, lambda: table.stuck), (screen.texts, table.log)
        assert "cannot go on" in screen.texts["message"]
        assert "to act" not in screen.texts["keys"] and "q end" in screen.texts["keys"]
        await pilot.press("ctrl+q")
        assert await settled(pilot, lambda: isinstance(app.screen, SummaryScreen))
        assert any("could not be finished" in line and "void" in line
                   for line in app.screen.lines)  # type: ignore[attr-defined]

    run_app(app, test)


# -- 1.5 discards leave the hand ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "rule"), [("four-card", "F1"), ("five-card", "F3")])
def test_discarded_cards_leave_the_hand_for_the_rest_of_the_deal(game: str, rule: str) -> None:
    """(1.5) Once discarded, a card is no longer shown in the hand nor at the seat: it is
    listed as discarded, under its game's rule."""
    table = GameTable(game, bots=("random",), seed=3, rules={"max_bet": 10})
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("l")
        await pilot.pause()
        assert f"(discard {table.game.rules.cards - 3}, {rule})" in screen.texts["hand"]
        option = next(o for o in table.options() if o.verb.value == "discard")
        assert option.choices is not None
        discard = option.choices[0]
        table.act(discard)
        screen._after()
        await pilot.pause()
        hand, _, gone = screen.texts["hand"].partition("discarded:")
        for card in discard.cards:
            assert card.pretty not in hand and card.pretty in gone
        assert f"({rule})" in gone
        mine = next(line for line in screen.texts["seats"].splitlines() if " You " in line)
        assert not any(card.pretty in mine for card in discard.cards)
        # a bot's discard leaves its seat too: three backs, not the cards dealt (found as a
        # person: a five-card seat kept five backs to the end)
        me = make_player("random", game=game, seed=3)
        for _ in range(3_000):
            view = table.view()
            if (any(a.startswith("Random discard") for a in view.actions)
                    and "Random" in view.in_play and "Random" not in view.shown):
                break
            if table.deal_over:
                table.next_deal()
            elif table.my_turn:
                table.act(ask(me, table.game, table.name))
            else:
                table.run_bots()
        else:
            raise AssertionError("Random never discarded and stayed in")
        screen._after()
        await pilot.pause()
        row = next(line for line in screen.texts["seats"].splitlines() if "Random" in line)
        assert row.count("▒▒") == 3, screen.texts["seats"]

    run_app(app, test)


# -- 1.6 every game saves its deal and its session; replay reads them ---------------------------


@pytest.mark.parametrize("game", game_names())
def test_w_and_W_save_every_game_and_replay_reads_what_was_saved(game: str,
                                                                 tmp_path: Path) -> None:
    """(1.6) After a deal of any game and preset, ``w`` writes the deal and ``W`` the session,
    each one file, and ``bragkit replay`` reads every file written (a session of a game
    without a session format of its own is a ``game-session/1`` record of its deals)."""
    table = GameTable(game, bots=("random", "random"), seed=8)
    for _ in range(40):
        play_out(table, seed=8)
        if not table.session.in_deal:
            break
        table.next_deal()
    deal = table.records.save(tmp_path)
    session = table.records.save_session(tmp_path)
    assert deal.is_file() and session.is_file()
    for path in (deal, session):
        result = runner.invoke(cli, ["replay", str(path)])
        assert result.exit_code == 0, (path, result.stderr)
        assert "You takes" not in result.stdout and "You has" not in result.stdout
        # actions in words, never record strings ("Equity drop", 1.10)
        assert not re.search(r"^\s+\d+\. (?!You )\S+(?: II+)? (fold|drop|check|look|call|stand)\b",
                             result.stdout, re.M), result.stdout
        assert not re.search("[♠♥♦♣]", result.stdout), result.stdout  # one card spelling
        # in the game's own words (TP3: chaal, pack), as the table said them, never "bets"
        for verb, word in table.info.verb_names.items():
            if word.split()[0] != verb.value:
                assert not re.search(rf"^\s+\d+\. .*\b{verb.value}s?\b", result.stdout,
                                     re.M), (verb, result.stdout)


@pytest.mark.parametrize("game", ["nine-card", "crash"])
def test_w_and_W_save_a_points_game_left_before_its_target(game: str, tmp_path: Path) -> None:
    """(1.6) A game to 21 (N7) or 15 (C6) left after its first deal of cards: ``w`` writes
    the game so far and ``W`` the session, each a file ``bragkit replay`` reads, both saying
    the game is not over; neither holds a card of the deal dealt next (still unplayed)."""
    table = GameTable(game, bots=("random", "random"), seed=5)
    assert not table.records.can_save() and not table.records.can_save_session()
    play_out(table, seed=5)  # the first deal of cards
    game_now = table.game
    assert table.session.in_deal and not game_now.over and table.paused
    assert table.records.can_save() and table.records.can_save_session()
    assert table.records.saved_what() == "the game so far (not over yet)"
    deal, session = table.records.save(tmp_path), table.records.save_session(tmp_path)
    assert deal.name == "game-0001-so-far.toml" and session.name == "session.toml"
    unplayed = format_cards(game_now.deal_sources[-1].cards[:13])
    for path in (deal, session):
        text = path.read_text()
        assert unplayed not in text  # the next deal's pack (dealt, unplayed) is not there
        shown = runner.invoke(cli, ["replay", str(path)])
        assert shown.exit_code == 0, (path, shown.stderr)
        assert "The game is not over: the record ends after deal 1" in shown.stdout
    shown = runner.invoke(cli, ["replay", "--json", str(session)])
    document = json.loads(shown.stdout)
    assert document["complete"] is False and "game 1 was under way" in document["note"]
    assert document["deals"][0]["over"] is False and document["deals"][0]["deals"] == 1


@pytest.mark.parametrize("game", ["nine-card", "crash"])
def test_between_deals_of_cards_the_points_line_names_the_deal_just_played(game: str) -> None:
    """(Found as a person) With a deal's result on the screen and the next deal dealt, the
    points line said "Deal 2 · points" above deal 1's result: it names the deal played."""
    table = GameTable(game, bots=("random",), seed=3)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.texts["info"].startswith("Deal 1 · points")
        play_out(table, seed=3)
        screen._after()
        await pilot.pause()
        assert table.paused and "The deal's result:" in screen.texts["result"]
        assert screen.texts["info"].startswith("After deal 1 · points"), screen.texts["info"]
        await pilot.press("n")
        await pilot.pause()
        assert screen.texts["info"].startswith("Deal 2 · points")

    run_app(app, test)


def test_W_mid_deal_leaves_the_deal_in_play_out_and_says_so(tmp_path: Path) -> None:
    """(1.6) ``W`` during a Teen Patti deal writes the finished deals; the deal in play (its
    record would hold every card, BL6) is left out, and the record says so."""
    table = GameTable("teen-patti", bots=("random", "random"), seed=4)
    with pytest.raises(Exception, match="no deal is finished yet"):
        table.records.save_session(tmp_path)
    play_out(table, seed=4)
    table.next_deal()
    assert table.session.in_deal
    path = table.records.save_session(tmp_path)
    shown = runner.invoke(cli, ["replay", str(path)])
    assert shown.exit_code == 0, shown.stderr
    assert "1 deal saved" in shown.stdout and "== Deal 1 ==" in shown.stdout
    assert "The session is not finished: deal 2 was under way and is left out" in shown.stdout


def test_on_a_short_screen_the_result_keys_and_message_stay_in_sight(tmp_path: Path) -> None:
    """(Found as a person, 110 x 36) A Crash table with four hands played runs taller than the
    screen: the result, the keys and what ``w`` says stay in sight (the column scrolls)."""
    table = GameTable("crash", bots=("random", "random"), seed=3, rules={"target": 3})
    table.records.save_dir = tmp_path
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        while True:  # the game to 3 (C6), its deals of cards
            play_out(table, seed=3)
            if not table.session.in_deal:
                break
            table.next_deal()
        screen._after()
        await pilot.press("w")
        await pilot.pause()
        assert "Saved the game:" in screen.texts["message"]  # the game to its target (C6)
        for part in ("#result", "#keys", "#message"):
            region = screen.query_one(part).region
            assert region.height > 0 and region.y + region.height <= SIZE[1] - 1, part

    run_app(app, test)


# -- 1.7 Teen Patti's chaal ---------------------------------------------------------------------


def test_teen_pattis_b_says_chaal_and_shows_the_even_amounts_rule_TP3() -> None:
    """(1.7) Seen, ``b`` is the chaal of 2x to 4x the stake in even amounts (TP3): the key and
    its prompt say so, in the game's word."""
    table = GameTable("teen-patti", bots=("equity", "equity"), seed=3)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "b blind chaal 1..2" in screen.texts["keys"] and "f pack" in screen.texts["keys"]
        await pilot.press("l")
        await pilot.pause()
        assert "b chaal 2 or 4" in screen.texts["keys"]
        await pilot.press("b")
        await pilot.pause()
        prompt = screen.query_one("#prompt", Input)
        assert "chaal 2 or 4" in prompt.placeholder and " bet" not in prompt.placeholder

    run_app(app, test)


def test_teen_pattis_table_and_log_speak_its_words_rule_TP3() -> None:
    """(Found as a person) Teen Patti's table had a "staked 0" column for every player (its
    stake is the table's, in blind terms, TP3), said "dropped" and logged "bet" and "folds"
    beside keys saying chaal and pack."""
    table = GameTable("teen-patti", bots=("random", "random", "random"), seed=6)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "staked" not in screen.texts["seats"] and "stake 1" in screen.texts["info"]
        for seed in range(6, 40):
            play_out(table, seed=seed)
            if any(" packs" in line for line in table.log):
                break
            table.next_deal()
        screen._after()
        await pilot.pause()
        assert "packed" in screen.texts["seats"] and "dropped" not in screen.texts["seats"]
        assert not [line for line in table.log if re.search(r" (bets?|folds?)\b", line)]

    run_app(app, test)


# -- 1.8 only the keys of the game and the moment ------------------------------------------------


def test_three_card_brag_shows_and_binds_only_its_own_keys() -> None:
    """(1.8) Four players of Three Card Brag: no g suggest, m make a set, u undo, [ ], space
    pick, e trainer (heads-up only) in the footer, the help or the bindings; digits typed fast
    pick nothing; n only after the deal."""
    table = GameTable("three-card", bots=("shark", "bold", "cautious"), seed=1,
                      rules={"max_bet": 10})
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("l", "1", "2", "3")
        await pilot.pause()
        assert "picked" not in screen.texts["hand"]
        for action in ("suggest", "make_set", "cards", "cycle", "trainer", "next", "confirm"):
            assert not screen.check_action(action, ()), action
        footer = {b.binding.key for b in app.active_bindings.values()
                  if screen.check_action(b.binding.action.partition("(")[0], ())}
        assert not footer & {"g", "m", "u", "e", "space", "n", "left_square_bracket"}
        help_keys = dict(screen.game_keys())
        assert not set(help_keys) & {"g", "m", "u", "e", "space", "[", "]"}
        assert {"q", "h", "w", "W"} <= set(help_keys)
        # the help's keys tab lists the moves of the moment first, as the keys line says them
        # (found as a person: it listed q, n, t, w but not f fold or b bet)
        listed = dict(screen.help_keys())
        assert listed["f"] == "fold" and listed["b"].startswith("bet ") and "q" in listed

    run_app(app, test)


def test_games_that_pick_cards_show_their_keys_at_the_moment_they_apply() -> None:
    """(1.8) Nine Card Brag offers g, m, u, the digits and ]/[ at the player's turn (N3, N4),
    and lists them in its help; its n only after a deal."""
    table = GameTable("nine-card", bots=("random",), seed=3)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen) and table.my_turn
        for action in ("suggest", "make_set", "cards", "cycle", "confirm"):
            assert screen.check_action(action, ()), action
        assert not screen.check_action("next", ()) and not screen.check_action("hint", ())
        await pilot.press("1")
        await pilot.pause()
        assert "picked" in screen.texts["hand"]
        assert {"g", "m", "u"} <= set(dict(screen.game_keys()))

    run_app(app, test)


# -- 1.9 the type prompt's examples ---------------------------------------------------------------


@pytest.mark.parametrize("game", ["three-card", "single-stake", "teen-patti", "nine-card",
                                  "brag-poker"])
def test_the_type_prompts_examples_are_moves_the_game_takes_now(game: str) -> None:
    """(1.9) ``:`` suggests moves of the legal menu (never "call" or "raise 4" where the game
    refuses them), and typing one plays it."""
    table = GameTable(game, bots=("random",), seed=5)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen) and table.my_turn
        await pilot.press("colon")
        await pilot.pause()
        placeholder = screen.query_one("#prompt", Input).placeholder
        examples = re.findall(r"'([^']+)'", placeholder.partition("e.g. ")[2])
        assert examples
        for example in examples:
            table.game.check(f"{table.name} {example}")  # each one legal now
        before = len(table.game.operations)
        await pilot.press(*examples[0], "enter")
        await pilot.pause()
        assert len(table.game.operations) > before

    run_app(app, test)


def test_the_type_prompt_never_names_a_blind_hands_card_rule_BL6() -> None:
    """(1.9, found as a person) Blind at Four Card Brag, the menu's discard lists the hidden
    cards; the ``:`` prompt's examples never show them (BL6: not even to their owner)."""
    table = GameTable("four-card", bots=("random",), seed=3)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen) and table.view().hand is None
        await pilot.press("colon")
        await pilot.pause()
        placeholder = screen.query_one("#prompt", Input).placeholder
        held = table.game.cards_of("You")  # type: ignore[attr-defined]
        assert "e.g." in placeholder
        assert not any(str(card) in placeholder for card in held), placeholder

    run_app(app, test)


# -- 1.10 words ------------------------------------------------------------------------------------


def test_points_games_cite_their_own_rules_and_say_what_happened_in_order() -> None:
    """(1.10) Nine Card Brag's target is N7 (never Crash's C6); after a deal of cards the next
    deal's cards wait under the last one's result; after the game no "Round 2 of 3"."""
    table = GameTable("nine-card", bots=("random",), seed=7, rules={"target": 3})
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "(N7)" in screen.texts["info"] and "C6" not in screen.texts["info"]
        rng = random.Random(7)
        mine = make_player("random", game="nine-card", seed=rng.randrange(99))
        while not table.game.over:
            if table.deal_over:
                screen._redraw()
                if table.paused:  # the next deal is dealt, its cards wait for n
                    assert screen.texts["hand"].strip() == ""
                    assert "Round" not in screen.texts["info"]
                    assert "n the next deal of cards" in screen.texts["keys"]
                table.next_deal()
            elif table.my_turn:
                table.act(ask(mine, table.game, table.name))
            else:
                table.run_bots()
        screen._redraw()
        assert "Round" not in screen.texts["info"]

    run_app(app, test)


def test_the_words_a_person_reads_at_every_game() -> None:
    """(1.10) Seats of one kind read II, III (never a number beside points: "Equity 2 2");
    no "(s)"; "a" says what it agrees to; a count past 31 is bust (S4); titles name the preset
    played; the engine's errors address the player ("your previous set", N6)."""
    table = GameTable("three-stake", bots=("equity", "equity", "equity"), seed=2)
    assert table.players == ("You", "Equity", "Equity II", "Equity III")
    assert "(s)" not in " ".join(table.summary() if table.deal_over else ["x"])
    assert GameTable("five-card", bots=("random",), seed=1).title == "Five Card Brag"
    assert GameTable("muflis", bots=("random",), seed=1).title == "Teen Patti: Muflis"
    three = GameTable("three-card", bots=("random", "random"), seed=1)
    app = BragApp(session=three, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "a agree to a showdown (B8)" in screen.texts["keys"]
        screen._message("it beats You's previous set (rule N6)", error=True)
        assert "your previous set" in screen.texts["message"]

    run_app(app, test)
    from bragkit.play.picture import _count

    assert _count(32).endswith("bust, the third stake is lost")


@pytest.mark.parametrize("game", ["single-stake", "three-stake", "brag-poker", "teen-patti"])
def test_a_stake_games_end_says_who_took_the_pot_never_pot_0_rules_S3_P2(game: str) -> None:
    """(1.10 and item 2's "pot 0" beside the POT badge, found as a person at the terminal) At
    a stake game's end the line under the table said "Over · pot 0" above "Equity II takes
    210": the pots are emptied, so it says who took what. Each hand shown sits on its seat's
    line (the cards wrapped to a second line beside "21 towards 31")."""
    table = GameTable(game, bots=("random", "random", "random"), seed=4)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "pots pot" not in screen.texts["info"], screen.texts["info"]  # one pot: "pot 1"
        play_out(table, seed=4)
        screen._after()
        await pilot.pause()
        info = screen.texts["info"]
        assert not re.search(r"\bpots? 0\b", info), info
        winners = table.view().winners
        assert winners and "the pot is taken: " in info, info
        for who, chips in winners.items():
            assert f"{who} {chips}" in info, info
        seats = screen.query_one("#seats", Static)  # as drawn, in the width it has
        drawn = plain(seats.content, width=seats.content_region.width)  # type: ignore[arg-type]
        for who, cards in table.view().shown.items():
            assert any(all(card.pretty in row for card in cards) for row in drawn.splitlines()
                       ), (who, drawn)

    run_app(app, test)


def test_the_joker_variant_keeps_its_wild_rank_in_sight_rule_TP8() -> None:
    """(Found as a person) At Teen Patti with a joker the turned card was told once in the log,
    which scrolls away: the line under the table keeps it, as the web table's does."""
    table = GameTable("teen-patti-joker", bots=("random", "random"), seed=5)
    app = BragApp(session=table, bot_delay=0)

    async def test(pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        turned = table.view().extra["turned"]
        assert turned
        card = Card.parse(turned)
        assert (f"joker {card.pretty}: every {card.rank.symbol} is wild (TP8)"
                in screen.texts["info"]), screen.texts["info"]

    run_app(app, test)


def test_saved_choices_never_hold_refused_stakes(empty_config: Path) -> None:
    """(1.2) A choice file written before the cap held 10^26: the form shows it and refuses
    it, and plays nothing with it."""
    (empty_config / FILE_NAME).write_text(json.dumps(
        {"game": "three-card", "bots": ["shark"], "stack": 10**26, "rules": {}}))
    app = BragApp(PlayConfig(seed=1), menu=True, bot_delay=0)

    async def test(pilot: Any) -> None:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChoicesScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.focused is screen.query_one("#stack", Input)

    run_app(app, test)
