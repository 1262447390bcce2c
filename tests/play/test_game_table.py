"""Every game of the registry at a GameTable: played, paused after each deal with its result,
settled, and the session's log replayed to the same ledger (rules N7, C5, C6, M1, T1)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.errors import BragError, RulesError
from bragkit.games import games, registry
from bragkit.games.points_game import PointsGame
from bragkit.games.protocol import random_action
from bragkit.play.cards import pretty
from bragkit.play.config import default_bots
from bragkit.play.controls import Picker, controls
from bragkit.play.game_table import GameTable
from bragkit.session import Session

NAMES = [info.name for info in games()]


def play(table: GameTable, rng: random.Random, pauses: int) -> int:
    """Random moves for the player until ``pauses`` deals have ended; the pauses seen."""
    seen = 0
    for _ in range(20_000):
        if table.deal_over:
            seen += 1
            assert table.results, "every pause shows the deal's result"
            if seen >= pauses:
                return seen
            table.next_deal()
        elif table.my_turn:
            table.act(random_action(table.game, rng))
        else:
            assert table.bot_step() is not None
    return seen


@pytest.mark.parametrize("name", NAMES)
def test_every_game_replays_to_the_same_ledger_rule_T1(name: str) -> None:
    table = GameTable(name, bots=("random", default_bots(name, 1)[0]), seed=7, stack=30,
                      budget=0.02)
    assert play(table, random.Random(7), pauses=3) == 3
    session = table.session
    again = Session.replay(registry.dealing(name), [str(e) for e in session.events],
                           dealer=session.first_dealer)
    assert again.events == session.events and again.ledger == session.ledger
    summary = table.summary()
    nets = session.ledger.nets()
    assert summary[-2] == "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in nets.items())
    assert sum(nets.values()) == 0


def test_a_points_game_pauses_after_every_deal_of_cards_rules_N7_C6() -> None:
    table = GameTable("nine-card", bots=("random",), seed=4)
    play(table, random.Random(4), pauses=1)
    game = table.game
    assert isinstance(game, PointsGame) and not game.over and table.session.in_deal
    assert table.to_act is None and table.options() == []  # nothing moves until n
    assert [line.split(":")[0] for line in table.results[:3]] == ["round 1", "round 2",
                                                                    "round 3"]
    assert table.results[-1].startswith("points after deal 1: ")
    table.next_deal()
    assert table.to_act is not None and game.deal_number == 2


def test_crash_results_say_whether_a_crash_came_off_rule_C5() -> None:
    for seed in range(40):
        table = GameTable("crash", bots=("random",), seed=seed)
        play(table, random.Random(seed), pauses=1)
        if any("calls crash" in line for line in table.results):
            assert any("called crash and" in line for line in table.results)
            return
    pytest.fail("no crash was called in 40 deals")


def test_the_session_ends_only_between_deals() -> None:
    table = GameTable("brag-poker", bots=("random",), seed=1)
    with pytest.raises(RulesError, match="T1"):
        table.summary()
    with pytest.raises(BragError):
        table.act("Random drop")  # not the player's seat


def test_unknown_games_and_rules_are_refused() -> None:
    with pytest.raises(RulesError):
        GameTable("poker")
    with pytest.raises(BragError):
        GameTable("crash", rules={"target": "lots"})
    with pytest.raises(BragError):
        GameTable("crash", rules={"no_such_rule": 1})


def test_the_log_writes_cards_as_the_screen_draws_them() -> None:
    table = GameTable("crash", bots=("random",), seed=2)
    mine = table.game.cards("You")  # type: ignore[attr-defined]
    assert pretty(" ".join(str(c) for c in mine)) in table.log[2]
    assert not any(str(c) in table.log[2].split() for c in mine)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 12), max_size=30))
def test_picking_never_loses_or_invents_a_card(seed: int, presses: list[int]) -> None:
    table = GameTable("crash", bots=("random",), seed=seed)
    hand = table.game.cards("You")  # type: ignore[attr-defined]
    picker = Picker(hand=tuple(hand))
    for i, position in enumerate(presses):
        picker.toggle(position % max(len(picker.shown), 1))
        if i % 4 == 3:
            picker.make_set()
        if i % 7 == 6:
            picker.undo()
    in_sets = [c for s in picker.sets for c in s]
    assert sorted(in_sets + picker.shown) == sorted(hand)
    assert set(picker.picked) <= set(picker.shown)


def test_every_option_of_every_game_has_a_key_of_its_own() -> None:
    for name in NAMES:
        table = GameTable(name, bots=("random",), seed=3)
        rng = random.Random(3)
        for _ in range(60):
            if table.deal_over:
                table.next_deal()
            elif table.my_turn:
                keys = [c.key for c in controls(table.options())]
                assert len(keys) == len(set(keys)) and not set(keys) & set("gmunq")
                assert {c.verb for c in controls(table.options())} >= {
                    o.verb for o in table.options()} - {o.verb for o in table.options()
                                                        if o.verb.value == "bet"}
                table.act(random_action(table.game, rng))
            else:
                table.run_bots()


def test_the_bots_are_the_games_own_from_bots_players_rule_T3() -> None:
    from bragkit.bots.players import players

    table = GameTable("three-card", bots=("cautious", "random"), seed=1, budget=0.02)
    assert {seat: bot.kind for seat, bot in table.bots.items()} == {"Cautious": "cautious",
                                                                    "Random": "random"}
    assert "shark" not in players("crash")
    with pytest.raises(BragError, match="the bot 'shark' does not play crash"):
        GameTable("crash", bots=("shark", "random"), seed=1)  # a name says what it does
    crash = GameTable("crash", bots=("expected", "random"), seed=1)
    assert {bot.kind for bot in crash.bots.values()} == {"expected", "random"}
    crash.run_bots()
    assert crash.my_turn or crash.deal_over


def _held(game: Any, seat: str) -> tuple[Any, ...]:
    """A seat's cards, as the engine holds them (test only: every game names it its way)."""
    for name in ("cards_of", "hand", "cards"):
        method = getattr(game, name, None)
        if callable(method):
            return tuple(method(seat))
    return tuple(game.hands[seat])


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(NAMES), st.integers(0, 10_000), st.integers(0, 6))
def test_the_screen_never_shows_a_card_the_player_may_not_know_rules_D8_T3(
        name: str, seed: int, moves: int) -> None:
    from bragkit.play.cards import plain
    from bragkit.play.picture import picture

    table = GameTable(name, bots=("random", "random"), seed=seed, stack=40)
    rng = random.Random(seed)
    for _ in range(moves):
        if table.deal_over:
            break
        if table.my_turn:
            table.act(random_action(table.game, rng))
        else:
            table.bot_step()
    if table.deal_over:
        return
    game = table.game
    public = str(game.view(None).to_dict())  # what a spectator sees is no secret
    pic = picture(table.view(), table)
    shown = "\n".join([plain(pic.seats), *(plain(line) for line in pic.lines),
                       plain(pic.note), *table.log])
    for seat in table.players[1:]:
        for card in _held(game, seat):
            if str(card) not in public:
                assert card.pretty not in shown, (seat, card)


def test_a_points_game_left_at_a_pause_counts_its_deals_of_cards_rule_N7() -> None:
    table = GameTable("nine-card", bots=("random",), seed=4)
    play(table, random.Random(4), pauses=1)
    lines = table.summary()
    assert lines[0] == "Nine Card Brag: 0 games to 21 played out."  # never "game(s)"
    assert lines[1].startswith("The game to 21 was left after 1 deal of cards at ")
    assert lines[1].endswith("no stakes per point are paid for it (N7); what its deals booked "
                             "stands.")  # Nine Card Brag's rule, never Crash's C6


@pytest.mark.parametrize("name", NAMES)
def test_the_log_and_results_are_describes_words_for_the_player_rule_d8(name: str) -> None:
    """The terminal's lines for played deals of every game are the records' own words for the
    player (describe): the player is "you", verbs agree, a shown hand is named by its record."""
    import re

    from bragkit.games.protocol import describe
    from bragkit.play.results import log_line

    wrong = re.compile(r"\bYou (has|is|was|does|\w+[^s\W]s)\b|\b[Yy]ou's\b")
    table = GameTable(name, bots=("random",), seed=11, stack=30)
    you = table.name
    rng = random.Random(11)
    lines: list[str] = []
    named: list[str] = []
    for _ in range(2):
        seen = len(table.game.operations)
        play(table, rng, pauses=1)
        ops = table.game.operations[seen:]
        words = [pretty(w if not w.startswith("-- ") else log_line(op, you) or "",
                        table.players)  # a phase's mark is a heading in the terminal
                 for op in ops if (w := describe(op, you)) is not None]
        assert all(line in table.log for line in words[-5:])
        lines += table.log + table.results
        named += [shown[1] for op in ops if (shown := op.shown_hand()) is not None]
        table.next_deal()
    assert lines and not [line for line in lines if wrong.search(line)]
    assert not [line for line in lines if re.search(rf"(?<![\w'-]){re.escape(you)} [a-z]+s\b",
                                                    line) and you != "You"]
    for hand in named:
        assert any(hand in line for line in lines), hand
