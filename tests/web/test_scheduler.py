"""Tests of bragkit.web.scheduler: bots' moves, turn timers and deals as events."""

from __future__ import annotations

import asyncio
from typing import Any

from bragkit.actions import Action
from bragkit.bots.agent import AgentBase
from bragkit.games.three_card.rules import Rules
from bragkit.web.config import TableConfig
from bragkit.web.events import Event, Viewer
from bragkit.web.room import Room
from bragkit.web.scheduler import FIRST_DEAL_DELAY, Scheduler, make_bot
from bragkit.web.secret import token_hash

HOST = Viewer(host=True)


def make_room(*, bots: tuple[str, ...] = (), turn_seconds: int = 0) -> Room:
    config = TableConfig(rules=Rules(max_bet=10), buy_in=50, turn_seconds=turn_seconds,
                         deal_pause=0, bot_delay=0)
    room = Room(table_id="t", config=config, secret=bytes(range(32)), host_hash="h")
    for seat, name in enumerate(("Ann", "Bob")):
        room.apply(room.sit(Viewer(), seat=seat, name=name, token=name * 8, id="s"))
    for seat, kind in enumerate(bots, start=2):
        room.apply(room.host_op(HOST, op="add_bot", seat=seat, bot=kind, id="b"))
    room.apply(room.host_op(HOST, op="start", id="go"))
    return room


class Harness:
    def __init__(self, room: Room, bot_factory: Any = make_bot) -> None:
        self.room = room
        self.now = 100.0
        self.kinds: list[str] = []
        self.scheduler = Scheduler(rooms={"t": room}, commit=self.commit,
                                   clock=lambda: self.now, bot_factory=bot_factory)

    def commit(self, room: Room, event: Event) -> None:
        room.apply(event)
        self.kinds.append(event.kind)
        self.scheduler.plan(room)


async def turns(count: int = 5) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


def test_without_a_running_loop_nothing_is_planned() -> None:
    harness = Harness(make_room())
    harness.scheduler.plan(harness.room)
    assert harness.scheduler.countdowns(harness.room) == {"timer": None, "next_deal_in": None}


def test_the_first_deal_waits_for_the_seeds_then_comes_as_an_event() -> None:
    async def run() -> None:
        harness = Harness(make_room())
        harness.scheduler.plan(harness.room)
        countdown = harness.scheduler.countdowns(harness.room)["next_deal_in"]
        assert countdown == min(0, FIRST_DEAL_DELAY)
        await turns()
        assert harness.kinds == ["deal"] and harness.room.in_deal

    asyncio.run(run())


def test_a_wake_up_that_finds_its_room_moved_on_does_nothing() -> None:
    async def run() -> None:
        harness = Harness(make_room())
        harness.scheduler.plan(harness.room)
        room = harness.room
        room.apply(room.host_op(HOST, op="pause", id="p"))  # not replanned: the timer is stale
        await turns()
        assert harness.kinds == [] and not room.in_deal

    asyncio.run(run())


def test_a_turn_timer_runs_down_then_the_player_folds() -> None:
    async def run() -> None:
        harness = Harness(make_room(turn_seconds=30))
        room = harness.room
        harness.commit(room, Event(kind="deal"))
        name = room.to_act
        assert harness.scheduler.countdowns(room)["timer"] == {
            "player": name, "remaining": 30.0, "total": 30}
        harness.now += 12
        harness.scheduler.plan(room)  # the same turn: the same deadline
        assert harness.scheduler.countdowns(room)["timer"]["remaining"] == 18.0
        harness.now += 40
        harness.scheduler.plan(room)  # past the deadline: it fires at once
        await turns()
        assert harness.kinds[:2] == ["deal", "timeout"]  # then the next deal (deal_pause 0)
        (timeout,) = [e for e in room.events if e.kind == "timeout"]
        assert timeout.data["action"] == f"{name} fold"

    asyncio.run(run())


class Broken(AgentBase):
    def act(self, view: Any) -> Action:
        raise RuntimeError("a bot's bug")


def test_a_bot_that_fails_folds_and_the_table_goes_on() -> None:
    async def run() -> None:
        harness = Harness(make_room(bots=("random",)), bot_factory=lambda kind, config: Broken())
        room = harness.room
        harness.commit(room, Event(kind="deal"))
        for _ in range(20):
            if room.to_act == "Random bot":
                break
            assert room.to_act is not None
            harness.commit(room, room.act(room.viewer(token_hash(room.to_act * 8)),
                                          verb="fold", at=room.seq, id=f"f{room.seq}"))
        assert room.to_act == "Random bot"
        await turns()
        moves = [e.data for e in room.events if e.data.get("player") == "Random bot"]
        assert moves and all(m == {"player": "Random bot", "action": "Random bot fold"}
                             for m in moves)  # each deal it comes to, it folds
        assert harness.kinds.count("deal") >= 2  # and the table goes on

    asyncio.run(run())


class Agreeable(AgentBase):
    """A bot that always agrees to a showdown (B8) and otherwise bets the least."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer

    def agrees(self, view: Any) -> bool:
        return self.answer

    def act(self, view: Any) -> Action:
        option = next(o for o in view.legal_actions if o.verb.value in ("blind", "bet"))
        return option.action()


def test_bots_answer_a_proposed_showdown_rule_B8() -> None:
    """A player agrees to a showdown; each bot still betting answers from its own view: all
    agree, and the showdown comes; one declines, and the deal goes on with the agreement
    standing."""
    for answer in (True, False):
        async def run(answer: bool = answer) -> None:
            room = make_room(bots=("random",))
            harness = Harness(room, bot_factory=lambda kind, config: Agreeable(answer))
            room.apply(room.deal_event())
            deal = room.deal
            assert deal is not None
            for name in ("Ann", "Bob"):
                room.apply(room.act(room.viewer(token_hash(name * 8)), verb="agree", at=room.seq,
                                    id=name))
            bot = next(iter(room.bots))
            harness.scheduler.plan(room)
            await turns()
            if answer:
                assert harness.kinds[0] == "act" and deal.over  # every hand shown
                assert set(deal.result.shown) == {"Ann", "Bob", bot}
            else:
                assert not deal.over and deal.agreed == ("Ann", "Bob")
                assert bot not in deal.agreed

        asyncio.run(run())
