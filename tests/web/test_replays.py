"""Replays in the browser (issue 26): a record of every game of the registry stepped through
as each seat and the spectator see it, forward and back alike; the hidden-card audit extended
to the replay endpoints (every step of every game, each viewer checked against what the engine
says they may know, not against the view code); uploads refused with one line; a private
table's deals replayed only for its players; a room whose browsers follow the leader."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bragkit import records
from bragkit.games import registry
from bragkit.games.protocol import Game, random_action
from bragkit.web.replays import MAX_UPLOAD, ReplayRecord

from .history_support import Club
from .support import cards_in, token
from .test_account_site import make_app
from .test_hidden_cards import GameKnowledge, Knowledge

#: Every game of the registry, and the presets that deal otherwise (four and five cards with
#: jokers, Teen Patti's joker).
GAMES = [*registry.names(), "four-card", "five-card", "teen-patti-joker"]
ORIGIN = {"origin": "http://testserver"}
_VIEW_ONLY = ("legal_actions", "legal", "log")


def played(game_name: str, seed: int, players: int) -> Game:
    """A game played with random legal actions to its end (or 60 actions)."""
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cy", "Dee"][:players]
    rules: dict[str, Any] = {"target": 5} if game_name in ("nine-card", "crash") else {}
    if game_name == "five-card":
        rules["jokers"] = 2
    game = registry.new(game_name, players=names, seed=seed, **rules)
    for _ in range(60):
        if game.over:
            break
        game.apply(random_action(game, rng))
    return game


def the_view(game: Game, viewer: str | None) -> dict[str, Any]:
    view = game.view(viewer).to_dict()
    for key in _VIEW_ONLY:
        view.pop(key, None)
    return view


@settings(max_examples=14, deadline=None)
@given(game_name=st.sampled_from(GAMES), seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_every_step_is_the_same_forward_and_back_and_ends_as_the_game_did(
        game_name: str, seed: int, players: int) -> None:
    info = registry.find(game_name)
    players = min(players, info.seats[1])
    game = played(game_name, seed, players)
    replay = ReplayRecord(records.dump(game), name="a game")
    assert replay.players == game.players
    for viewer in (None, *game.players):
        forward = [replay.step(at, viewer) for at in range(replay.steps)]
        back = [replay.step(at, viewer) for at in reversed(range(replay.steps))]
        assert forward == back[::-1]
        for before, after in pairwise(forward):  # the log only grows
            assert after["log"][:len(before["log"])] == before["log"]
            assert after["at"] == before["at"] + 1
        last = forward[-1]["state"]["deal"]
        expected = the_view(game, viewer)
        if any(str(a.verb) == "agree" for a in getattr(game, "actions", ())):
            for key in ("actions", "agreed"):  # a record leaves out agreements that lapsed
                expected.pop(key, None)  # (B8, HAND-HISTORY.md): it cannot replay them
        assert {k: last[k] for k in expected} == json.loads(json.dumps(expected))
        assert forward[0]["action"] == 0 and forward[-1]["action"] == replay.steps - 1
        mine = forward[-1]["state"]["you"]
        assert mine["name"] == viewer and mine["legal"] == []
    assert replay.step(10**6, None)["at"] == replay.steps - 1  # clamped to the record


def _oracle(game_name: str, game: Game) -> Any:
    """What each viewer may know of ``game`` now, from the engine's omniscient records."""
    room = SimpleNamespace(deal=game, config=SimpleNamespace(rules=game.rules),
                           dealing=SimpleNamespace(deal_number=1))
    knowledge = (Knowledge(room) if registry.find(game_name).name == "three-card"  # type: ignore[arg-type]
                 else GameKnowledge(room))  # type: ignore[arg-type]
    knowledge.learn()
    return knowledge


@settings(max_examples=14, deadline=None)
@given(game_name=st.sampled_from(GAMES), seed=st.integers(0, 2**31))
def test_no_replay_step_holds_a_card_its_viewer_may_not_know(game_name: str,
                                                             seed: int) -> None:
    """Every step's answer over HTTP, as each seat and the spectator: only the cards the
    engine says that viewer may know by then; and the check is not empty: the record holds
    cards some viewer may not know, and a seat that looked sees its own cards."""
    game = played(game_name, seed, 3)
    text = records.dump(game)
    client = TestClient(make_app())
    made = client.post("/api/replays", content=text.encode(), headers=ORIGIN)
    assert made.status_code == 201, made.text
    upload = made.json()["id"]
    deal = records.steps(text)[0]
    engine = deal.start()
    kept_back = 0
    own_seen = 0
    own_known = 0
    for at in range(made.json()["steps"]):
        if at:
            deal.play(engine, at)
        knowledge = _oracle(game_name, engine)
        for viewer in (None, *game.players):
            query = f"?at={at}" + (f"&seat={viewer}" if viewer else "")
            answer = client.get(f"/api/replays/file/{upload}{query}")
            assert answer.status_code == 200
            assert answer.headers["cache-control"] == "private, no-store"
            allowed = knowledge.allowed(viewer)
            leaked = cards_in(answer.json()) - allowed
            assert not leaked, (game_name, at, viewer, sorted(leaked))
            kept_back += len(cards_in(text) - allowed)
            if viewer is not None:
                own = knowledge.known[viewer] - knowledge.known[None]
                own_known += len(own)
                own_seen += len(cards_in(answer.json()) & own)
    assert kept_back > 0  # the record itself would have leaked
    assert own_seen > 0 or own_known == 0  # a seat sees what it alone knows (none: all blind)


# -- uploads --------------------------------------------------------------------------------------

GOOD = '''format = "bhh/1"
players = ["Ann", "Bob"]
dealer = "Bob"
stacks = [20, 20]
actions = ["Ann bet 2", "Bob fold"]
[cards]
hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d" }
'''


@pytest.mark.parametrize(("body", "status", "says"), [
    (b"hello", 400, "not valid TOML"),
    (b"\xff\xfe", 400, "not UTF-8"),
    (GOOD.replace('"Bob fold"', '"Bob see 1"').encode(), 400, "action 2"),
    (GOOD.replace("bhh/1", "chess/1").encode(), 400, "unknown record format"),
    (b'format = "bhh/1"\n' + b"#" * MAX_UPLOAD, 413, "1 MiB"),
    (b"[a]\n" * 40 + b"x = [" * 100_000, 400, "not a record"),
])
def test_a_bad_upload_is_refused_with_one_line(body: bytes, status: int, says: str) -> None:
    client = TestClient(make_app())
    answer = client.post("/api/replays", content=body, headers=ORIGIN)
    assert answer.status_code == status
    error = answer.json()["error"]
    assert says in error and "\n" not in error and "Traceback" not in error


def test_an_upload_is_refused_from_another_site_and_by_its_declared_length() -> None:
    client = TestClient(make_app())
    assert client.post("/api/replays", content=GOOD.encode(),
                       headers={"origin": "https://evil.example"}).status_code == 403
    answer = client.post("/api/replays", content=GOOD.encode(),
                         headers={**ORIGIN, "content-length": str(MAX_UPLOAD + 1)})
    assert answer.status_code == 413
    made = client.post("/api/replays", content=GOOD.encode(), headers=ORIGIN).json()
    assert client.get(f"/api/replays/file/{made['id']}?seat=Zed").status_code == 400
    assert client.get("/api/replays/file/" + "x" * 32).status_code == 404
    assert client.get(made["url"]).status_code == 200  # the page
    from bragkit.web.replay_site import UPLOAD_BURST

    answers = [client.post("/api/replays", content=GOOD.encode(), headers=ORIGIN)
               for _ in range(UPLOAD_BURST)]
    assert answers[-1].status_code == 429 and "retry-after" in answers[-1].headers


# -- a table's deals ------------------------------------------------------------------------------


def test_a_private_tables_deal_is_replayed_for_its_players_only() -> None:
    app = make_app()
    club = Club.of(app)
    club.sign_up("Ann", "Dee")
    room = club.session({"name": "At home", "private": True}, ["Ann", "Dee", "Gus"], 2, seed=4)
    stranger = TestClient(app)
    unknown = stranger.get("/api/replays/NoSuchTbl/1")
    assert unknown.status_code == 404
    path = f"/api/replays/{room.table_id}/1?seat=Gus&at=1"
    refused = stranger.get(path)
    assert (refused.status_code, refused.content) == (unknown.status_code, unknown.content)
    refused = stranger.get(path, headers={"authorization": f"Bearer {token('Bob')}"})
    assert (refused.status_code, refused.content) == (unknown.status_code, unknown.content)
    shown = stranger.get(path, headers={"authorization": f"Bearer {token('Gus')}"})
    assert shown.status_code == 200 and shown.json()["seat"] == "Gus"
    second = stranger.get(f"/api/replays/{room.table_id}/2",
                          headers={"authorization": f"Bearer {token('Gus')}"}).json()
    assert second["deal"] == second["state"]["deal"]["number"] == 2  # the table's number
    host = stranger.get(path, headers={"authorization": f"Bearer {club.hosts[room.table_id]}"})
    assert host.status_code == 200
    assert stranger.get(f"/api/replays/{room.table_id}/99").status_code == 404


def test_a_deal_still_in_play_is_not_replayed_until_its_record_is_released() -> None:
    app = make_app()
    club = Club.of(app)
    room = club.table({"name": "Friday"}, ["Ann", "Bob"])
    club.play(room, 1, seed=2)
    client = TestClient(app)
    released = room.released(1)
    answer = client.get(f"/api/replays/{room.table_id}/1")
    assert answer.status_code == (200 if released else 404)
    club.commit(room, room.deal_event())  # the next deal: shuffled, so deal 1's pack is dead
    if room.released(1):
        assert client.get(f"/api/replays/{room.table_id}/1").status_code == 200
    assert client.get(f"/api/replays/{room.table_id}/2").status_code == 404  # in play


# -- watching together ----------------------------------------------------------------------------


def test_a_room_follows_its_leader_and_no_one_else() -> None:
    with TestClient(make_app()) as client:  # one event loop for every socket, as a server has
        made = client.post("/api/replays", content=GOOD.encode(), headers=ORIGIN).json()
        assert client.post("/api/replay-rooms", json={"record": "https://x/y"},
                           headers=ORIGIN).status_code == 400
        room = client.post("/api/replay-rooms", json={"record": made["url"], "at": 1},
                           headers=ORIGIN).json()
        assert room["url"] == f"{made['url']}?room={room['room']}"
        path = f"/ws/replay/{room['room']}"
        with client.websocket_connect(path, headers=ORIGIN) as lead, \
                client.websocket_connect(path, headers=ORIGIN) as follow:
            assert lead.receive_json() == follow.receive_json() == {
                "type": "step", "record": made["url"], "at": 1, "seat": None}
            follow.send_json({"leader": "x" * 32, "at": 2, "seat": "Bob"})  # not the leader
            lead.send_json({"leader": room["leader"], "at": 2, "seat": "Ann"})
            assert follow.receive_json()["at"] == 2
            assert lead.receive_json() == {"type": "step", "record": made["url"], "at": 2,
                                           "seat": "Ann"}
        with pytest.raises(WebSocketDisconnect) as closed:
            client.websocket_connect("/ws/replay/nosuchroom", headers=ORIGIN).__enter__()
        assert closed.value.code == 4404


def test_a_session_record_steps_deal_after_deal() -> None:
    from bragkit.games.three_card.rules import Rules
    from bragkit.games.three_card.session_records import SessionRecord, write_session
    from bragkit.games.three_card.table import Table

    table = Table(Rules(), seats=["Ann", "Bob", "Cy"], buy_ins=20, rng=3)
    for actions in (["Bob bet 2", "Cy fold", "Ann fold"], ["Cy bet 1", "Ann fold", "Bob fold"]):
        table.start_deal()
        for text in actions:
            table.apply(text)
    replay = ReplayRecord(write_session(SessionRecord.from_table(table)), name="Friday")
    assert (len(replay.deals), replay.steps) == (2, 8)  # each deal: its start and 3 actions
    end_of_first, start_of_second = replay.step(3, "Cy"), replay.step(4, "Cy")
    assert (end_of_first["deal"], end_of_first["action"]) == (1, 3)
    assert (start_of_second["deal"], start_of_second["action"]) == (2, 0)
    assert start_of_second["log"][0] == {"seq": 4, "text": "-- deal 2"}
    assert "You bet 1" in [line["text"] for line in replay.step(5, "Cy")["log"]]
    assert "You bet 1" not in [line["text"] for line in start_of_second["log"]]
    assert replay.step(7, None)["state"]["deal"]["is_over"]


def test_a_long_deals_step_carries_the_last_log_lines_as_the_table_keeps() -> None:
    from bragkit.web.replays import LOG_LINES

    bets = ", ".join(f'"{("Ann", "Bob")[i % 2]} bet 1"' for i in range(600))
    text = (GOOD.replace('actions = ["Ann bet 2", "Bob fold"]', f"actions = [{bets}]")
            .replace("stacks = [20, 20]", "stacks = [5000, 5000]")
            + "[rules]\nmax_bet = 1\n")
    replay = ReplayRecord(text, name="long")
    step = replay.step(599, "Bob")
    assert len(step["log"]) == LOG_LINES
    assert step["log"][-1] == {"seq": 599, "text": "Ann bets 1"}
    assert step["log"] == replay.step(599, "Bob")["log"]  # again, from the kept game
    assert replay.step(3, "Bob")["log"][0]["seq"] == 0  # a short log: all of it


def test_the_replay_page_is_the_table_page_with_every_element_its_script_draws_into() -> None:
    import re

    from bragkit.web.app import STATIC

    table = (STATIC / "table.html").read_text()
    page = TestClient(make_app()).get("/replay").text
    ids = re.findall(r'\bid="([^"]+)"', table)
    assert ids and all(f'id="{name}"' in page for name in ids)
    assert "data-replay" in page and 'id="replay-range"' in page
