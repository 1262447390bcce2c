"""A seat's JSON state read back (bragkit.bots.seat_reading): the menu and the view a bot gets
at a web table are the engine's own, for every game, and a three-card agent's events say
nothing the engine's would not (rules D4, D5, R1-R3, BL6)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.bots.agent import ended_event, started_event
from bragkit.bots.reading import moves
from bragkit.bots.seat_reading import SeatReader, Unlisted, legal_action, menu
from bragkit.games.protocol import random_action
from bragkit.games.registry import games, open_session
from bragkit.web.state import option_dict

#: Every game of the registry and the three-card presets (a table may play each).
TABLES = [*(info.name for info in games()), "four-card", "five-card", "teen-patti-order"]


def _wire(data: Any) -> Any:
    """As the data reaches a client: JSON text, read back."""
    return json.loads(json.dumps(data))


def _seat_deal(view: Any) -> dict[str, Any]:
    """A view's data as a web table's ``deal`` carries it (the menu and log left out)."""
    data = _wire(view.to_dict())
    for key in ("legal_actions", "legal", "log"):
        data.pop(key, None)
    return data


def _session(table: str, seed: int, players: int) -> Any:
    rules = {"target": 3} if table in ("nine-card", "crash") else {}
    return open_session(table, seats=[f"P{i}" for i in range(players)], buy_ins=100,
                        seed=seed, **rules), rules


@settings(max_examples=25, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_menu_and_view_read_back_are_the_engines(table: str, seed: int, players: int) -> None:
    session, rules = _session(table, seed, players)
    reader = SeatReader(table, rules)
    rng = random.Random(seed)
    for _ in range(2):
        try:
            game = session.start_deal()
        except Exception:  # a stack out of chips: enough deals
            return
        while not game.over:
            for name in game.players:
                engine_menu = tuple(game.legal_actions(name))
                read = menu(_wire([option_dict(o) for o in engine_menu]), game.players)
                assert read == engine_menu
                for mine, theirs in zip(read, engine_menu, strict=True):
                    if isinstance(mine.choices, tuple):
                        assert list(mine.choices) == list(theirs.choices or ())
                view = game.view(name)
                back = reader.view(_seat_deal(view), engine_menu)
                if table in ("three-card", "four-card", "five-card", "teen-patti-order"):
                    assert moves(back) == moves(view)  # typed, with the chips each paid
                    assert back == replace(view, operations=back.operations)
                elif hasattr(view, "operations"):
                    assert back == replace(view, operations=())
                else:
                    assert back == view
            session.apply(random_action(game, rng))


def test_counted_choices_are_left_to_the_server() -> None:
    option = {"player": "Ann", "verb": "arranges", "min": None, "max": None, "hand": None,
              "discards": 0, "text": "Ann arranges (1 of 200200)", "count": 200200,
              "choices": None}
    read = legal_action(option, ["Ann", "Bob"])
    assert isinstance(read.choices, Unlisted) and len(read.choices) == 200200
    from bragkit.actions import Action

    assert Action.parse("Ann arranges Ks Kh Kd | 7s 7h 7d") in read
    assert Action.parse("Bob arranges Ks Kh Kd") not in read


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5),
       options=st.sampled_from([{}, {"cards": 4}, {"cards": 5},
                                {"retained_blind": "face-up"}]))
def test_an_agents_events_never_say_more_than_the_engines(
        seed: int, players: int, options: dict[str, Any]) -> None:
    """Rules D4, D5: the start of each deal is the engine's event; the hands returned under
    the pack are the engine's, in its order, with a card only where the engine's event has the
    same card (unknown elsewhere); exact in the standard game."""
    seats = [f"P{i}" for i in range(players)]
    session = open_session("three-card", seats=seats, buy_ins=200, seed=seed, **options)
    readers = {name: SeatReader("three-card", options) for name in seats}
    rng = random.Random(seed)
    for _ in range(6):
        try:
            game = session.start_deal()
        except Exception:  # a stack out of chips: enough deals
            return
        face_up: dict[str, dict[str, Any]] = {name: {} for name in seats}
        for name in seats:
            view = readers[name].view(_seat_deal(game.view(name)))
            face_up[name].update(view.face_up)
            assert readers[name].started(view, shuffled=True) == started_event(
                game, name, shuffled=True)
        while not game.over:
            session.apply(random_action(game, rng))
            for name in seats:
                face_up[name].update(game.view(name).face_up)
        for name in seats:
            engine = ended_event(game, name)
            view = readers[name].view(_seat_deal(game.view(name)))
            mine = readers[name].ended(view, shuffle_next=engine.shuffle_next,
                                       face_up=face_up[name])
            assert [(r.player, len(r.cards), r.folded) for r in mine.returned] == [
                (r.player, len(r.cards), r.folded) for r in engine.returned]
            for ours, theirs in zip(mine.returned, engine.returned, strict=True):
                assert all(c is None or c == t for c, t in zip(ours.cards, theirs.cards,
                                                                strict=True))
            if not options:
                assert mine.returned == engine.returned
