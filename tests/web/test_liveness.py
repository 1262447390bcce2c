"""Tables that never hang (issue 15, item 3): every pending decision has an owner and a timer;
the host can always close; a closing table still runs bots and timers to the end of the deal,
after a restart too."""

from __future__ import annotations

import asyncio

from bragkit.actions import Action, Verb
from bragkit.games.three_card.rules import Rules
from bragkit.web.config import TableConfig
from bragkit.web.events import Viewer
from bragkit.web.room import Room
from bragkit.web.secret import token_hash

from .support import token
from .test_room import act, make_room
from .test_scheduler import Harness, turns

HOST = Viewer(host=True)


def next_deal(room: Room) -> None:
    event = room.deal_event()
    assert event is not None
    room.apply(event)


def two_hands_looked() -> Room:
    """Bob won deal 1 blind (R1), so holds two hands in deal 2; Cy is to act, and Bob looks at
    his new hand out of turn (BL6, R2)."""
    room = make_room()
    next_deal(room)
    act(room, "Bob", "blind", 1)
    act(room, "Cy", "fold")
    act(room, "Ann", "fold")
    assert room.dealing.retained == "Bob"  # rule R1
    next_deal(room)
    assert room.to_act == "Cy"
    act(room, "Bob", "look", hand="new")
    return room


def test_a_hand_looked_at_out_of_turn_is_the_pending_decision_rule_R2() -> None:
    room = two_hands_looked()
    assert room.to_act == "Bob"  # the only one with anything but a top-up to do (R2)
    deal = room.state_for(room.viewer(None))["deal"]
    assert deal["to_act"] == "Bob"  # the page shows the owner of the decision
    event = room.timeout_event()
    assert event is not None and event.data == {"player": "Bob", "action": "Bob throw"}
    room.apply(event)
    assert room.to_act == "Cy"  # play goes on


def test_the_timer_runs_for_the_owner_of_the_decision_rule_R2() -> None:
    async def run() -> None:
        room = two_hands_looked()
        harness = Harness(room)
        room.config = TableConfig(rules=room.config.rules, buy_in=50, seats=8,
                                  turn_seconds=20, deal_pause=0, bot_delay=0)
        harness.scheduler.plan(room)
        assert harness.scheduler.countdowns(room)["timer"]["player"] == "Bob"
        harness.now += 21
        harness.scheduler.plan(room)
        await turns()
        assert harness.kinds[0] == "timeout"
        timeouts = [e.data for e in room.events if e.kind == "timeout"]
        assert timeouts[0] == {"player": "Bob", "action": "Bob throw"}

    asyncio.run(run())


def bot_room(turn_seconds: int = 0) -> Room:
    config = TableConfig(rules=Rules(max_bet=10), buy_in=50, turn_seconds=turn_seconds,
                         deal_pause=0, bot_delay=0)
    room = Room(table_id="t", config=config, secret=bytes(range(32)), host_hash="h")
    room.apply(room.sit(Viewer(), seat=0, name="Ann", token="Ann" * 8, id="s"))
    room.apply(room.host_op(HOST, op="add_bot", seat=1, bot="random", id="b"))
    room.apply(room.host_op(HOST, op="start", id="go"))
    next_deal(room)
    return room


def test_closing_while_a_bot_is_to_act_lets_the_bot_finish_the_deal_rule_T1() -> None:
    async def run() -> None:
        room = bot_room()
        assert room.to_act == "Random bot"
        room.apply(room.host_op(HOST, op="close", id="c"))
        assert room.status == "closing"
        event = room.bot_act("Random bot", Action(player="Random bot", verb=Verb.FOLD))
        assert event.kind == "act"  # a closing table's bots still play
        harness = Harness(room)
        harness.scheduler.plan(room)
        for _ in range(40):
            await turns()
            if room.status == "closed":
                break
            if room.to_act == "Ann":
                timeout = room.timeout_event()
                assert timeout is not None  # and a closing table's timers still run
                harness.commit(room, timeout)
        assert room.status == "closed" and room.settlement is not None

    asyncio.run(run())


def test_a_closing_table_survives_a_restart_and_still_settles() -> None:
    async def run() -> None:
        room = bot_room(turn_seconds=5)
        room.apply(room.host_op(HOST, op="close", id="c"))
        again = Room.replay(table_id="t", config=room.config, secret=bytes(range(32)),
                            host_hash="h", events=room.events)
        assert again.status == "closing" and again.to_act == "Random bot"
        harness = Harness(again)
        harness.scheduler.plan(again)
        for _ in range(40):
            await turns()
            if again.status == "closed":
                break
            timer = harness.scheduler.countdowns(again)["timer"]
            if timer is not None:  # Ann's turn: her timer runs out
                assert timer["player"] == "Ann"
                harness.now += 6
                harness.scheduler.plan(again)
        assert again.status == "closed" and again.settlement is not None

    asyncio.run(run())


def test_the_host_can_always_close() -> None:
    room = bot_room()
    room.apply(room.host_op(HOST, op="pause", id="p"))
    room.apply(room.host_op(HOST, op="close", id="c"))  # paused: play goes on to the end
    assert room.status == "closing"
    assert room.bot_act("Random bot", Action(player="Random bot", verb=Verb.FOLD)).kind == "act"


def go(room: Room, text: str) -> None:
    name, verb, *amount = text.split()
    room.apply(room.act(room.viewer(token_hash(name * 8)), verb=verb,
                        amount=int(amount[0]) if amount else None, at=room.seq,
                        id=f"{text}@{room.seq}"))


def test_a_pending_sideshow_reply_times_out_as_its_game_says_rule_TP5() -> None:
    room = Room(table_id="t", config=TableConfig.from_dict({"game": "teen-patti"}),
                secret=bytes(32), host_hash="h")
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        room.apply(room.sit(Viewer(), seat=seat, name=name, token=name * 8, id="s"))
    room.apply(room.host_op(HOST, op="start", id="go"))
    next_deal(room)
    for text in ("Bob look", "Bob bet 2", "Cy look", "Cy bet 2", "Ann look", "Ann sideshow"):
        go(room, text)
    assert room.to_act == "Cy"  # asked for a sideshow: accept or decline (TP5)
    event = room.timeout_event()
    assert event is not None and event.data == {"player": "Cy", "action": "Cy decline"}
    room.apply(event)
    assert room.in_deal


def test_a_player_sees_the_name_of_the_hand_they_hold_rule_D8() -> None:
    room = make_room(("Ann", "Bob"))
    next_deal(room)
    act(room, "Bob", "look")
    deal = room.state_for(room.viewer(token_hash(token("Bob"))))["deal"]
    from bragkit.cards import parse_cards

    assert deal["hand"] and deal["hand_name"] == room.dealing.hand_name(
        parse_cards(" ".join(deal["hand"])))
    assert room.state_for(room.viewer(token_hash(token("Ann"))))["deal"]["hand_name"] is None
    assert room.state_for(room.viewer(None))["deal"]["hand_name"] is None  # no cards, no name


def test_the_hands_shown_are_named_from_their_records_in_every_game_rule_D8() -> None:
    """The state's ``named`` (whose hand was shown, and its name) comes from the shown-hand
    records a viewer may see: a Teen Patti show names both hands (TP4, D8); a sideshow's are
    named for its two players only (TP5)."""
    room = Room(table_id="t", config=TableConfig.from_dict({"game": "teen-patti"}),
                secret=bytes(32), host_hash="h")
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        room.apply(room.sit(Viewer(), seat=seat, name=name, token=name * 8, id="s"))
    room.apply(room.host_op(HOST, op="start", id="go"))
    next_deal(room)
    for text in ("Bob look", "Bob bet 2", "Cy look", "Cy bet 2", "Ann look", "Ann sideshow",
                 "Cy accept"):
        go(room, text)
    spectator = room.state_for(room.viewer(None))["deal"]
    assert spectator["named"] is None  # nothing shown to all (TP5)
    asker = room.state_for(room.viewer(token_hash("Ann" * 8)))["deal"]["named"]
    asked = room.state_for(room.viewer(token_hash("Cy" * 8)))["deal"]["named"]
    assert list(asker) == ["Cy"] and list(asked) == ["Ann"] and all(asker.values())
