"""A web room plays every game of the registry (issue 14): Nine Card Brag and Crash to their
target with the stakes per point behind (N7) and the crash money (C5) in the ledger and the
settlement, a stake game deal after deal, the engine's suggestion for the player to act, the
timeout, and a room rebuilt exactly from its events."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit import records
from bragkit.games import games
from bragkit.games.protocol import random_action
from bragkit.web.room import Room, TableConfig, Viewer
from bragkit.web.room import token_hash as hashed

from .support import token, viewer

HOST = Viewer(host=True)
SECRET = bytes(range(32))


def make_room(game: str, names=("Ann", "Bob", "Cy"), **rules) -> Room:
    config = TableConfig.from_dict({"game": game, "rules": rules, "buy_in": 50,
                                    "seats": len(names)})
    room = Room(table_id="t", config=config, secret=SECRET, host_hash=hashed("h" * 30))
    for seat, name in enumerate(names):
        room.apply(room.sit(Viewer(), seat=seat, name=name, token=token(name), id="sit"))
    room.apply(room.host_op(HOST, op="start", id="start"))
    return room


def act_text(room: Room, text: str) -> list[str]:
    """A player's action as their browser sends it (verb, amount, cards, sets)."""
    from bragkit.actions import Action

    action = Action.parse(text, players=room.deal.players if room.deal else None)
    assert action.player is not None
    event = room.act(viewer(room, action.player), verb=action.verb.value, amount=action.amount,
                     cards=[str(c) for c in action.cards], at=room.seq,
                     sets=[[str(c) for c in s] for s in action.sets],
                     id=f"{action.player}-{room.seq}")
    return room.apply(event)


def play_by_suggestion(room: Room, crash_caller: str | None = None) -> list[str]:
    """Play the deal (a game to its target) by the engine's suggestions, as the page's
    'suggest' button fills them in; ``crash_caller`` calls crash whenever offered (C5)."""
    lines = room.apply(room.deal_event())
    while room.in_deal:
        name = room.to_act
        assert name is not None
        state = room.state_for(viewer(room, name))
        verbs = {o["verb"] for o in state["you"]["legal"]}
        if "crash" in verbs and name == crash_caller:
            lines += act_text(room, f"{name} crash")
            continue
        suggestion = state["deal"]["suggestion"]
        assert suggestion is not None, state["you"]["legal"]
        lines += act_text(room, suggestion["text"])
    return lines


def test_nine_card_brag_to_the_target_pays_the_stake_per_point_behind_rule_N7() -> None:
    room = make_room("nine-card", target=8, stake=2)
    lines = play_by_suggestion(room)
    result = room.deal.result  # type: ignore[union-attr]
    assert any(" plays " in line for line in lines)  # the sets laid, round by round (N4)
    behind = {p: result.scores[result.winner] - s for p, s in result.scores.items()}
    ledger = room.table.ledger  # type: ignore[union-attr]
    for name in room.deal.players:  # type: ignore[union-attr]
        expected = 2 * sum(behind.values()) if name == result.winner else -2 * behind[name]
        assert ledger.net(name) == expected == result.nets[name]
    room.apply(room.host_op(HOST, op="close", id="close"))
    payments = room.settlement.payments  # type: ignore[union-attr]
    assert payments and all(p.endswith(str(int(p.split()[-1]))) for p in payments)
    assert sum(int(p.split()[-1]) for p in payments) == sum(
        -n for n in result.nets.values() if n < 0)


def test_crash_money_is_booked_and_the_call_announced_rule_C5() -> None:
    room = make_room("crash", ("Ann", "Bob"), target=3, crash_reward=3, crash_penalty=2)
    lines = play_by_suggestion(room, crash_caller="Ann")
    assert "Ann calls crash (C5)" in lines  # the call, announced to everyone
    assert any(line.startswith("Ann called crash and") for line in lines)  # and settled
    result = room.deal.result  # type: ignore[union-attr]
    for name in ("Ann", "Bob"):
        assert room.table.ledger.net(name) == result.nets[name]  # type: ignore[union-attr]
    assert result.nets["Ann"] != 0  # called each deal: made (+3) or missed (-2), never square
    assert sum(result.nets.values()) == 0
    state = room.public_state()
    assert {r["name"]: r["net"] for r in state["ledger"]["rows"]} == dict(result.nets)


def test_a_set_not_yet_laid_is_only_its_holders_rules_N6_C2() -> None:
    room = make_room("crash", ("Ann", "Bob"))
    room.apply(room.deal_event())
    first = room.to_act
    assert first is not None
    other = "Ann" if first == "Bob" else "Bob"
    mine = room.state_for(viewer(room, first))["deal"]
    theirs = room.state_for(viewer(room, other))["deal"]
    spectator = room.state_for(Viewer())["deal"]
    assert mine["suggestion"] is not None and theirs["suggestion"] is None
    assert set(mine["cards"].split()).isdisjoint(theirs["cards"].split())
    assert spectator["cards"] == "" and spectator["suggestion"] is None


def test_a_player_out_of_time_at_crash_plays_the_engines_arrangement() -> None:
    room = make_room("crash", ("Ann", "Bob"))
    room.apply(room.deal_event())
    name = room.to_act
    event = room.timeout_event()
    assert event is not None and event.data["action"].startswith(f"{name} arranges ")
    assert room.apply(event) == [f"{name} ran out of time: {name} arranges"]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32),
       game=st.sampled_from([i.name for i in games() if i.name != "three-card"]))
def test_a_room_of_any_game_is_rebuilt_exactly_from_its_events(seed: int, game: str) -> None:
    rng = random.Random(seed)
    rules = {"target": 5} if game in ("nine-card", "crash") else {}
    room = make_room(game, **rules)
    for _ in range(60):
        if not room.in_deal:
            event = room.deal_event()
            assert event is not None
            room.apply(event)
            continue
        deal = room.deal
        assert deal is not None
        act_text(room, str(random_action(deal, rng)))
    again = Room.replay(table_id="t", config=room.config, secret=SECRET,
                        host_hash=room.host_hash, events=room.events)
    for name in ("Ann", "Bob", "Cy", None):
        who = viewer(again, name) if name else Viewer()
        assert again.state_for(who) == room.state_for(
            viewer(room, name) if name else Viewer())
    ledger = room.table.ledger  # type: ignore[union-attr]
    assert sum(ledger.net(n) for n in ("Ann", "Bob", "Cy")) + ledger.in_pot == 0


@pytest.mark.parametrize("game", ["single-stake", "three-stake", "brag-poker"])
def test_a_stake_game_deals_on_after_a_deal(game: str) -> None:
    room = make_room(game)
    rng = random.Random(1)
    finished = []
    for _ in range(3):
        room.apply(room.deal_event())
        while room.in_deal:
            act_text(room, str(random_action(room.deal, rng)))  # type: ignore[arg-type]
        finished.append(room.deal)
    assert room.dealing.deal_number == 3 and len(room.records()) == 3
    listed = room.public_state()["records"]
    assert [r["deal"] for r in listed] == [1, 2, 3] and all(r["record"] for r in listed)
    for number, deal in enumerate(finished, 1):  # each deal's record, in its game's format
        text = room.record_text(number)
        assert text is not None and text == records.dump(deal)
        replayed = records.replay(text).to_json()  # the record plays back to the deal's end
        assert replayed["over"] and replayed["winners"] == dict(deal.result.winners)


def test_only_the_bots_that_play_the_game_sit_down() -> None:
    from bragkit.web.protocol import ProtocolError

    config = TableConfig.from_dict({"game": "crash", "seats": 3})
    room = Room(table_id="t", config=config, secret=SECRET, host_hash=hashed("h" * 30))
    with pytest.raises(ProtocolError) as refused:
        room.host_op(HOST, op="add_bot", seat=0, bot="bold", id="b")
    assert refused.value.reason == ("the bold bot does not play crash "
                                    "(its bots: random, expected, greedy)")
    room.apply(room.host_op(HOST, op="add_bot", seat=0, bot="random", id="r"))
    assert list(room.bots.values()) == ["random"]
