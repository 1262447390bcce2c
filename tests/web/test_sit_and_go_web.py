"""A web table played as a sit-and-go (rule T4, :mod:`bragkit.web.sit_and_go`): bots play it to
its end through the table manager, the state shows the level, the ante and the next rise, the
seats are fixed once it starts, the finishing order is shown and kept in the history, and at a
rated table it is the order OpenSkill rates."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

import pytest
from sqlalchemy import select

from bragkit.actions import Action, Verb
from bragkit.web.config import ConfigError, TableConfig
from bragkit.web.protocol import ProtocolError
from bragkit.web.ratings import Ratings
from bragkit.web.room import Room, Viewer
from bragkit.web.schema import plays
from bragkit.web.store import Store
from bragkit.web.tables import TableManager

from .history_support import Club
from .support import Client, random_event, token, viewer

FAST = {"deal_pause": 0, "bot_delay": 0}
SNG = {"ante_every": 2, "ante_rise": 2}


def test_bots_play_a_sit_and_go_to_its_end_and_its_order_is_shown() -> None:
    async def main() -> tuple[TableManager, str, Client]:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table(
            {"name": "Knockout", "buy_in": 30, "sit_and_go": SNG, "rules": {"max_bet": 6}})
        host = Client(manager, table_id)
        host.send({"type": "hello", "host": host_token})
        for seat, kind in enumerate(["random", "cautious", "bold", "random"]):
            host.send({"type": "host", "id": f"b{seat}", "op": "add_bot", "seat": seat,
                       "bot": kind})
        host.send({"type": "host", "id": "go", "op": "start"})
        room = manager.rooms[table_id]
        deadline = time.monotonic() + 120
        levels = set()
        while room.status != "closed" and time.monotonic() < deadline:
            await asyncio.sleep(0.001)
            if room.dealing.sit_and_go is not None and room.in_deal:
                sng = room.dealing.sit_and_go
                levels.add(sng.level)
                assert sng.deal_ante == min(sng.ante, sng.deal_ante)
                assert room.deal is not None and room.deal.rules.ante == sng.deal_ante
        assert room.status == "closed", "the sit-and-go did not end"
        assert len(levels) >= 2  # the ante rose
        await asyncio.sleep(0.01)
        return manager, table_id, host

    manager, table_id, host = asyncio.run(main())
    room = manager.rooms[table_id]
    state = host.state
    shown = state["sit_and_go"]
    names = {p["name"] for p in shown["places"]}
    assert shown["over"] and len(shown["places"]) == 4 and len(names) == 4
    winner = [p["name"] for p in shown["places"] if p["place"] == 1]
    assert len(winner) == 1
    assert room.table is not None and room.table.stacks == {winner[0]: 120}
    assert [s for s in state["seats"] if s is not None] == [
        s for s in state["seats"] if s is not None and s["name"] == winner[0]]
    lines = [line["text"] for line in room.log_since(0)]
    assert f"{winner[0]} holds every chip and wins the sit-and-go" in lines
    assert sum("is out of chips" in line for line in lines) == 3
    assert not any("tops up" in line for line in lines)  # M1 off
    # the room rebuilt from its stored events is the same sit-and-go (a restart)
    stored = manager.store.load(table_id)
    assert stored is not None
    again = Room.replay(table_id=table_id, config=room.config, secret=stored.secret,
                        host_hash=stored.host_hash, events=stored.events)
    assert again.public_state()["sit_and_go"] == room.public_state()["sit_and_go"]


def _sat(players: list[str], settings: dict[str, object]) -> Room:
    config = TableConfig.from_dict({**FAST, "sit_and_go": SNG, "buy_in": 20, **settings})
    room = Room(table_id="t", config=config, secret=bytes(32), host_hash="h")
    for seat, name in enumerate(players):
        room.apply(room.sit(Viewer(), seat=seat, name=name, token=token(name), id=f"s{seat}"))
    return room


def test_equal_stacks_and_fixed_seats() -> None:
    room = _sat(["Ann", "Bob"], {})
    with pytest.raises(ProtocolError, match="stacks are equal: bring 20"):
        room.sit(Viewer(), seat=4, name="Dee", token=token("Dee"), id="s", buy_in=25)
    room.apply(room.host_op(Viewer(host=True), op="add_bot", seat=2, id="b"))
    room.apply(room.host_op(Viewer(host=True), op="start", id="go"))
    state = room.public_state()["sit_and_go"]
    assert (state["level"], state["ante"], state["ante_name"], state["next_rise"]) == (
        1, 1, "ante", {"deals": 2, "ante": 2})
    ann = viewer(room, "Ann")
    refusals: list[Callable[[], object]] = [
        lambda: room.sit(Viewer(), seat=4, name="Dee", token=token("Dee"), id="x"),
        lambda: room.host_op(Viewer(host=True), op="add_bot", seat=4, id="x"),
        lambda: room.host_op(Viewer(host=True), op="remove", seat=1, id="x"),
        lambda: room.leave(ann, id="x"),
        lambda: room.sit_out(ann, away=True, id="x"),
        lambda: room.act(ann, verb="topup", amount=5, at=room.seq, id="x"),
    ]
    for refused in refusals:
        with pytest.raises(ProtocolError, match="seats are fixed"):
            refused()
    assert room.state_for(ann)["you"]["legal"] == []  # no top-up between deals
    dealt = room.deal_event()
    assert dealt is not None
    room.apply(dealt)
    assert room.deal is not None
    menus = [room.state_for(viewer(room, n))["you"]["legal"] for n in ("Ann", "Bob")]
    assert any(o.verb is Verb.TOPUP for o in room.deal.legal_actions("Ann"))  # the engine's
    assert any(menus) and all(o["verb"] != "topup" for menu in menus for o in menu)  # not sent
    with pytest.raises(ProtocolError, match="seats are fixed"):
        room.act(viewer(room, "Bob"), verb="topup", amount=5, at=room.seq, id="y")
    bot = room.seating[2].name  # a bot brings nothing either
    assert room.dealing.deal is not None and room.dealing.deal.can_apply(
        Action(player=bot, verb=Verb.TOPUP, amount=5))
    with pytest.raises(ProtocolError, match="seats are fixed"):
        room.bot_act(bot, Action(player=bot, verb=Verb.TOPUP, amount=5))


def test_a_game_without_chips_or_a_rising_stake_is_refused() -> None:
    for game in ("nine-card", "crash", "three-stake"):
        with pytest.raises(ConfigError, match="not played as a sit-and-go"):
            TableConfig.from_dict({"game": game, "sit_and_go": True})
    with pytest.raises(ConfigError, match="first ante 5 is more than a stack of 4"):
        TableConfig.from_dict({"buy_in": 4, "sit_and_go": {"schedule": [5, 10]}})
    assert TableConfig.from_dict({"game": "teen-patti", "sit_and_go": {
        "schedule": [1, 3, 9]}}).to_dict()["sit_and_go"] == {"ante_every": 10,
                                                             "schedule": [1, 3, 9]}


def test_a_rated_sit_and_go_rates_its_finishing_order() -> None:
    club = Club.on(Store("sqlite://"))
    players = ["Ann", "Bob", "Cy", "Dee"]
    club.sign_up(*players)
    room = club.table({"rated": True, "buy_in": 12, "sit_and_go": {"ante_every": 1}}, players)
    rng = random.Random(7)
    while room.status != "closed":
        event = random_event(room, rng, topups=False)
        if event is not None:
            club.commit(room, event)
    sng = room.dealing.sit_and_go
    assert sng is not None and sng.over
    order = {p.player: p.place for p in sng.places}
    assert sorted(order.values())[0] == 1 and sorted(order) == sorted(players)
    with club.manager.store.engine.connect() as connection:
        rows = connection.execute(select(plays).where(plays.c.table_id == room.table_id)).all()
    assert {r.name: r.place for r in rows} == order  # not by net: the losers' nets are equal
    assert {r.name: r.players for r in rows} == dict.fromkeys(players, 4)
    rated = {name: Ratings(club.manager.store.engine).of(club.ids[name])["three-card"][0]
             for name in players}
    by_place = sorted(players, key=lambda n: order[n])
    best, worst = by_place[0], by_place[-1]
    assert rated[best].mu > 25 > rated[worst].mu
    if len(set(order.values())) == 4:  # no shared place: the means follow the order
        assert [rated[n].mu for n in by_place] == sorted((rated[n].mu for n in by_place),
                                                         reverse=True)
