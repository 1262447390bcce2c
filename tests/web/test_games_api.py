"""Every game of the registry at a web table (issue 14): ``GET /api/games`` from the rules
classes' own metadata, ``POST /api/tables`` with a game and its options (a bad one refused in
one line naming it), ``GET /api/tables/{id}`` reporting the game."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from bragkit.games import games
from bragkit.games.options import options
from bragkit.web.app import create_app
from bragkit.web.store import Store


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(store=Store("sqlite://"), defaults={"deal_pause": 0})) as made:
        yield made


def test_the_games_listed_are_the_registry_with_each_rules_option(client: TestClient) -> None:
    listed = client.get("/api/games").json()["games"]
    assert [g["name"] for g in listed] == [info.name for info in games()]
    for game, info in zip(listed, games(), strict=True):
        fields = [f.name for f in dataclasses.fields(info.rules) if f.init]
        assert [o["name"] for o in game["options"]] == fields  # every option, none twice
        assert all(o["rule"] and o["meaning"] for o in game["options"])
    crash = next(g for g in listed if g["name"] == "crash")
    assert crash["seats"] == [2, 4]
    target = next(o for o in crash["options"] if o["name"] == "target")
    assert (target["rule"], target["default"], target["min"]) == ("C6", 15, 1)


@pytest.mark.parametrize("game", [info.name for info in games()])
def test_a_table_of_each_game_reports_its_game(client: TestClient, game: str) -> None:
    made = client.post("/api/tables", json={"game": game, "seats": 2})
    assert made.status_code == 201, made.text
    summary = client.get(f"/api/tables/{made.json()['id']}").json()
    assert summary["game"] == game and summary["settings"]["game"] == game


def test_a_preset_is_a_game_and_absent_is_three_card(client: TestClient) -> None:
    four = client.post("/api/tables", json={"game": "four-card"}).json()["id"]
    settings_ = client.get(f"/api/tables/{four}").json()["settings"]
    assert settings_["game"] == "three-card" and settings_["rules"] == {"cards": 4}
    plain = client.post("/api/tables", json={}).json()["id"]
    assert client.get(f"/api/tables/{plain}").json()["game"] == "three-card"


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "crash", "rules": {"target": 0}}, "target"),
    ({"game": "nine-card", "rules": {"points": [1, 2]}}, "points"),
    ({"game": "brag-poker", "rules": {"small_blind": 3, "big_blind": 2}}, "small blind"),
    ({"game": "crash", "rules": {"ante": 1}}, "ante"),
    ({"game": "go-fish"}, "unknown game"),
    ({"game": "crash", "seats": 6}, "seats"),
])
def test_a_bad_option_is_one_line_naming_it(client: TestClient, body: dict, words: str) -> None:
    made = client.post("/api/tables", json=body)
    assert made.status_code == 400
    error = made.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_allowed_value_of_every_option_makes_rules(data: st.DataObject) -> None:
    """The metadata tells the truth: each choice, and each bound of a number, is a value the
    rules class accepts (other options at their defaults)."""
    info = data.draw(st.sampled_from(games()))
    option = data.draw(st.sampled_from(options(info.rules)))
    if option.choices is not None:
        value = data.draw(st.sampled_from(option.choices))
    elif option.kind == "int":
        value = data.draw(st.sampled_from([option.least, option.most]))
        if option.name in ("min_bet", "min_stake", "min_raise", "small_blind") and (
                value == option.most):
            return  # a least above the default most is refused (B1, S2, P1): by design
    elif option.kind == "bool":
        value = data.draw(st.booleans())
    else:
        return
    assert getattr(info.rules(**{option.name: value}), option.name) == value


def test_every_bot_of_a_game_may_be_seated_and_none_of_another_game() -> None:
    """The host seats any kind the one bot API offers for the table's game (a strong bot for
    every game), and a kind of another game is refused with the game's list."""
    from bragkit.bots.players import players
    from bragkit.web.protocol import ProtocolError
    from bragkit.web.room import Room, TableConfig, Viewer
    from bragkit.web.secret import token_hash

    for info in games():
        config = TableConfig.from_dict({"game": info.name})
        kinds = list(players(info.name))
        assert len(kinds) >= 2, info.name  # random and at least one strong bot
        host = Viewer(host=True)
        seated: list[str] = []
        for start in range(0, len(kinds), config.seats - 1):  # a seat left free each time
            room = Room(table_id="t", config=config, secret=bytes(32),
                        host_hash=token_hash("h" * 22))
            for seat, kind in enumerate(kinds[start:start + config.seats - 1]):
                event = room.host_op(host, op="add_bot", seat=seat, bot=kind, id=f"b{seat}")
                room.apply(event)
            seated += room.bots.values()
        assert sorted(seated) == sorted(kinds)
        stranger = next(k for g in games() for k in players(g.name) if k not in kinds)
        with pytest.raises(ProtocolError, match=f"does not play {info.name}"):
            room.host_op(host, op="add_bot", seat=config.seats - 1, bot=stranger, id="x")
