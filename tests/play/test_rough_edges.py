"""The terminal's rough edges of issue 16 (item 3), each pinned: saving, top-ups (M1), the amount
prompt typed ahead, the command's options."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from textual.events import Key
from typer.testing import CliRunner

from bragkit.cli import app as cli
from bragkit.games.three_card.notation import load
from bragkit.games.three_card.session_records import read_session
from bragkit.play.app import BragApp
from bragkit.play.game_screen import GameScreen
from bragkit.play.game_table import GameTable
from bragkit.session import SessionError as PlayError

from .helpers import Scripted, stacked

SIZE = (150, 45)
PACK = stacked("Qh As Qs Tc 4d 2d")
runner = CliRunner()


def heads_up(*bob: str, **kwargs: object) -> GameTable:
    return GameTable("three-card", rules={"max_bet": 10}, seated=[("Bob", Scripted(*bob))],
                     pack=PACK, seed=1, **kwargs)  # type: ignore[arg-type]


# -- the command's options ------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--save-dir", "README.md"], ["--save-dir", "README.md/x"],
                                  ["--delay", "-1"], ["--delay", "nan"]])
def test_bad_save_dirs_and_delays_are_one_line_and_status_2(args: list[str]) -> None:
    result = runner.invoke(cli, ["play", *args])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and args[0] in lines[0], lines


@pytest.mark.parametrize("command", ["play", "odds", "replay", "solve", "arena", "serve",
                                     "verify"])
def test_help_shows_flags_as_flags(command: str) -> None:
    result = runner.invoke(cli, [command, "--help"], terminal_width=120)
    assert result.exit_code == 0
    assert "--help" in result.output and "<bool>" not in result.output


# -- saving ---------------------------------------------------------------------------------


def test_a_failed_auto_save_is_logged_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = heads_up("Bob fold", "Bob fold", save_dir=blocker)
    session.act("You look")
    session.act("You bet 2")
    session.run_bots()  # Bob folds: the deal ends, its save fails
    assert session.game.over
    assert session.log[-1].startswith("deal 1 not saved:")
    session.next_deal()  # the session goes on
    assert session.session.in_deal


def test_w_never_overwrites_and_W_saves_the_session(tmp_path: Path) -> None:
    (tmp_path / "deal-0001.bhh").write_text("an earlier file")
    session = heads_up("Bob fold", save_dir=None)
    session.records.save_dir = None
    with pytest.raises(PlayError, match="finish the deal"):
        session.records.save_session(tmp_path)
    session.act("You look")
    session.act("You bet 2")
    session.run_bots()
    path = session.records.save(tmp_path)
    assert path.name == "deal-0001-2.bhh"
    assert (tmp_path / "deal-0001.bhh").read_text() == "an earlier file"
    assert load(path).replay().result.winners == {"You": 4}
    first = session.records.save_session(tmp_path)
    second = session.records.save_session(tmp_path)
    assert (first.name, second.name) == ("session.toml", "session-2.toml")
    record = read_session(first.read_text())
    assert len(record.deals) == 1 and record.seats == ("You", "Bob")


def test_the_keys_save_into_the_save_dir(tmp_path: Path) -> None:
    session = heads_up("Bob fold")
    session.records.save_dir = tmp_path

    async def run() -> tuple[str, str]:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("l", "b", "enter")
            await pilot.pause()
            await pilot.press("W")
            await pilot.pause()
            session_message = screen.texts["message"]
            await pilot.press("w")
            await pilot.pause()
            return session_message, screen.texts["message"]

    session_message, deal_message = asyncio.run(run())
    assert str(tmp_path / "session.toml") in session_message
    assert "deal-0001.bhh" in deal_message and str(tmp_path) in deal_message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deal-0001.bhh", "session.toml"]


# -- top-ups (M1) -----------------------------------------------------------------------------


def test_a_top_up_is_bounded_by_the_house_rule_M1() -> None:
    session = heads_up()
    with pytest.raises(PlayError, match=r"1 to 10,000 chips .*M1.*999,999,999"):
        session.topup(999_999_999)
    assert session.stacks["You"] == 99  # unchanged (the ante paid)
    session.topup(50)  # during the deal: M1 allows it
    assert session.stacks["You"] == 149


@pytest.mark.parametrize(("typed", "said"), [
    ("abc", "'abc' is not a whole number of chips"),
    ("999999999", "1 to 10,000 chips"),
    ("-5", "'-5' is not a whole number"),
])
def test_a_bad_top_up_is_one_clear_line(typed: str, said: str) -> None:
    session = heads_up()

    async def run() -> str:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("t", *typed, "enter")
            await pilot.pause()
            return app.screen.texts["message"]  # type: ignore[attr-defined, no-any-return]

    message = " ".join(asyncio.run(run()).split())  # one line, wrapped to the screen
    assert said in message and "invalid literal" not in message
    assert session.stacks["You"] == 99


def test_a_top_up_during_the_deal_says_so() -> None:
    session = heads_up()

    async def run() -> str:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("t", "2", "5", "enter")
            await pilot.pause()
            return app.screen.texts["message"]  # type: ignore[attr-defined, no-any-return]

    assert re.search(r"top up 25 during the deal.*M1", asyncio.run(run()))
    assert session.stacks["You"] == 124


# -- the amount prompt, typed ahead ---------------------------------------------------------


def test_b_4_enter_typed_at_once_bets_4() -> None:
    session = heads_up("Bob fold")

    async def run() -> None:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            for key, character in (("b", "b"), ("4", "4"), ("enter", "\r")):
                app.post_message(Key(key, character))  # typed at once: no pause between
            await pilot.pause()

    asyncio.run(run())
    assert "You bet 4" in [str(op) for op in session.game.operations]


# -- you, in the second person ----------------------------------------------------------------


@pytest.mark.parametrize(("line", "name", "shown"), [
    ("You has 3 cards", "You", "You have 3 cards"),
    ("You keeps the blind hand (R1)", "You", "You keep the blind hand (R1)"),
    ("You pays Shark 5", "You", "You pay Shark 5"),
    ("You is dealt 7h", "You", "You are dealt 7h"),
    ("You takes 10", "You", "You take 10"),
    ("Shark pays Ann 5", "Ann", "Shark pays you 5"),
    ("Ann passes (C5)", "Ann", "You pass (C5)"),
    ("Bob takes 10", "Ann", "Bob takes 10"),
])
def test_the_player_is_addressed_as_you(line: str, name: str, shown: str) -> None:
    from bragkit.play.addressed import addressed

    assert addressed(line, name) == shown


def test_the_screen_and_the_session_log_both_say_you_take_in_describes_words() -> None:
    session = heads_up("Bob fold")

    async def run() -> str:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("l", "b", "enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            return "\n".join(screen.texts.values())

    shown = asyncio.run(run())
    assert "You take 3" in shown
    assert not re.search(r"\bYou (has|is|keeps|pays|takes|shows|antes)\b", shown)
    # the log is describe's words for the player: the same second person as the screen
    assert "You take 3" in session.log and "You takes 3" not in session.log
    assert not any(re.search(r"\bYou (has|is|keeps|pays|takes|shows|antes|folds)\b", line)
                   for line in session.log)


# -- the picture: the log, the pot after a deal, blind hands ----------------------------------


def test_the_logs_first_line_wraps_and_the_pot_is_not_stale_rules_BL3_R2() -> None:
    """Narrow screen: the first log line wraps (it was cut at 78 columns). After a blind win the
    pot line says the pot is carried (BL3), not the deal's stale pot and stake; two kept blind
    hands draw as two hands (R2)."""
    session = heads_up("Bob fold", "Bob fold")

    async def run() -> tuple[list[str], str, str, str]:
        app = BragApp(session=session, bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            log = screen.query_one("#log")
            shown = [log.render_line(y).text.rstrip() for y in range(3)]
            await pilot.press("b", "enter")  # blind 1; Bob folds: the pot is carried
            await pilot.pause()
            info = screen.texts["info"]
            await pilot.press("n")  # you keep the blind hand and are dealt another (R1, R2)
            await pilot.pause()
            return shown, info, screen.texts["seats"], screen.texts["hand"]

    shown, info, seats, hand = asyncio.run(run())
    assert "(D3, D4) —" in " ".join(shown)  # the whole first line, wrapped
    assert "carried to the next deal (BL3)" in info and "stake" not in info
    assert "Pot 3" not in info
    assert "+" in seats and "two hands" in seats
    assert hand.count("▒▒") == 6 and "+" in hand


def test_a_blind_hand_shown_on_the_table_is_shown_not_blind_rule_D8() -> None:
    """A hand you never looked at, shown face up on the table (D8): your hand line and your
    seat show it face up, not as backs marked blind."""
    import dataclasses

    from bragkit.cards import parse_cards
    from bragkit.play.cards import plain
    from bragkit.play.widgets import hand_line, seats_table

    session = heads_up()
    view = session.view()
    assert view.hand is None and "You" in view.blind
    view = dataclasses.replace(view, shown={"You": tuple(parse_cards("Qh Qs 4d"))})
    line = hand_line(view, session.game.rules).plain
    assert "▒▒" not in line and "Q♥" in line and "never looked" in line
    table = seats_table(view, stacks=session.stacks, kinds={}, rules=session.game.rules)
    row = next(r for r in plain(table, 120).splitlines() if " You " in f" {r} ")
    assert "shown" in row and "blind" not in row


def test_no_move_takes_a_digit_key_digits_pick_cards() -> None:
    """Teen Patti's show (TP rules) took the key 1, which picks a card on the one screen."""
    from bragkit.play.controls import RESERVED, controls
    from bragkit.play.game_table import GameTable

    table = GameTable("teen-patti", bots=("random",), seed=1)
    table.run_bots()
    keys = {c.verb.value: c.key for c in controls(table.options(), RESERVED)}
    assert "show" in keys and not any(k.isdigit() for k in keys.values()), keys


@pytest.mark.parametrize(("game", "word"), [("nine-card", "play"), ("crash", "arrange")])
def test_a_key_says_what_the_person_does_not_the_records_word_rules_N4_C2(
        game: str, word: str) -> None:
    """The key for a set said "p plays 3 (pick)": the record's third person (N4, C2), where
    every other key is a command ("f fold", "b bet")."""
    from bragkit.play.controls import RESERVED, controls
    from bragkit.play.game_table import GameTable

    table = GameTable(game, bots=("random",), seed=1)
    table.run_bots()
    labels = [c.label for c in controls(table.options(), RESERVED, table.info.verb_name)]
    assert any(label.startswith(f"{word} ") for label in labels), labels
    assert not any(label.startswith(f"{word}s") for label in labels), labels
