"""``game-session/1``: the session record of every game without a session format of its own
(Teen Patti, the historic games, Brag Poker, Nine Card Brag, Crash), read by ``bragkit replay``
like any record; an unfinished points game in it replays as a game not yet over (N7, C6)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bragkit import records
from bragkit.errors import BragError, NotationError
from bragkit.games.game_session_records import session_text
from bragkit.games.protocol import random_action
from bragkit.games.registry import open_session

SAVED = Path(__file__).parent / "records" / "nine-card-session-unfinished.toml"


def test_a_saved_unfinished_nine_card_session_replays_and_says_it_is_unfinished() -> None:
    """The terminal's ``W`` during game 2 of a Nine Card session (kept as written): game 1
    replays to its winner, game 2 to its last finished deal, not over (N7)."""
    replay = records.replay(SAVED)
    document = replay.to_json()
    assert document["complete"] is False and document["unit"] == "game"
    first, second = document["deals"]
    assert (first["number"], first["over"]) == (1, True) and first["winner"] is not None
    assert (second["number"], second["over"]) == (2, False) and second["winner"] is None
    text = replay.describe()
    assert "== Game 2 ==" in text and "The session is not finished: game 2 was under way" in text
    assert "before anyone reached 12 points (rule N7)" in text


@pytest.mark.parametrize("name", ["teen-patti", "single-stake", "three-stake", "brag-poker"])
def test_every_stake_game_session_round_trips_through_replay(name: str) -> None:
    """Each deal of the session is its game's own record; replayed, each gives the winners
    its deal's end named (T1)."""
    session = open_session(name, seats=["Ann", "Bob", "Cy"], buy_ins=200, seed=6)
    rng, deals = random.Random(6), []
    for _ in range(3):
        game = session.start_deal()
        while session.in_deal:
            session.apply(random_action(game, rng))
        text = game.record_text()
        assert text is not None
        deals.append((session.deal_number, text))
    saved = session_text(game=name, title=name, players=session.seats, stacks=session.stacks,
                         unit="deal", deals=deals)
    replay = records.replay_text(saved)
    document = replay.to_json()
    assert document["complete"] is True and document["stacks"] == session.stacks
    assert [d["number"] for d in document["deals"]] == [1, 2, 3]
    assert replay.describe().count("== Deal ") == 3


@pytest.mark.parametrize(("change", "message"), [
    (("complete = false", "complete = true"), "says why in its note"),
    (('unit = "game"', 'unit = "round"'), "unit is one of deal, game"),
    (("number = 2", "number = 1"), "increasing"),
    (('format = "nine-card/1"', 'format = "game-session/1"'), "a deal's or a game's table"),
    (('format = "nine-card/1"', 'format = "poker/1"'), "unknown record format"),
    (("[stacks]", "colour = 1\n[stacks]"), "unknown key"),
])
def test_a_broken_session_record_is_refused_in_one_line(change: tuple[str, str],
                                                         message: str) -> None:
    text = SAVED.read_text(encoding="utf-8").replace(*change, 1)
    with pytest.raises(NotationError, match=message):
        records.replay_text(text)


def test_an_illegal_action_in_a_game_names_the_game_and_rule() -> None:
    text = SAVED.read_text(encoding="utf-8")
    start = text.index('actions = ["', text.index("[[deals]]")) + len('actions = ["')
    broken = text[:start] + "Nobody plays As Ks Qs" + text[text.index('"', start):]
    with pytest.raises(BragError, match=r"^game 1: "):
        records.replay_text(broken)
