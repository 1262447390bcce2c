"""Tests of bragkit.web.room: one web table as a replayable state machine."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Pack
from bragkit.fairness import FairnessProof, verify
from bragkit.games.three_card.notation import read_bhh
from bragkit.games.three_card.rules import Rules
from bragkit.web.protocol import ProtocolError
from bragkit.web.room import ConfigError, Event, Room, SecretRandom, TableConfig, Viewer
from bragkit.web.room import token_hash as hashed

from .support import random_event, token, viewer

HOST = Viewer(host=True)
SECRET = bytes(range(32))


def make_room(names=("Ann", "Bob", "Cy"), *, start=True, **rules) -> Room:
    config = TableConfig(rules=Rules(max_bet=10, **rules), buy_in=50, seats=8)
    room = Room(table_id="t", config=config, secret=SECRET, host_hash=hashed("h" * 30))
    for seat, name in enumerate(names):
        room.apply(room.sit(Viewer(), seat=seat * 2, name=name, token=token(name), id="sit"))
    if start:
        room.apply(room.host_op(HOST, op="start", id="start"))
    return room


def act(room: Room, name: str, verb: str, amount=None, **extra) -> list[str]:
    event = room.act(viewer(room, name), verb=verb, amount=amount, at=room.seq,
                     id=f"{name}-{room.seq}", **extra)
    return room.apply(event)


def refused(code: str, call, *args, **kwargs) -> ProtocolError:
    with pytest.raises(ProtocolError) as info:
        call(*args, **kwargs)
    assert info.value.code == code, info.value
    return info.value


# -- seats and the start ---------------------------------------------------------------------


def test_start_needs_two_players_rule_D1() -> None:
    room = make_room(("Ann",), start=False)
    error = refused("refused", room.host_op, HOST, op="start", id="go")
    assert "rule D1" in error.reason


def test_the_table_goes_round_by_seat_number_rule_D3() -> None:
    room = make_room(("Ann", "Cy"))  # seats 0 and 2
    room.apply(room.sit(Viewer(), seat=1, name="Bob", token=token("Bob"), id="s"))
    room.apply(room.sit(Viewer(), seat=5, name="Eve", token=token("Eve"), id="s"))
    assert room.table is not None
    assert room.table.seats == ("Ann", "Bob", "Cy", "Eve")
    room.apply(room.deal_event())
    assert room.deal is not None and room.deal.dealer == "Ann" and room.deal.to_act == "Bob"


def test_sitting_down_is_checked() -> None:
    room = make_room(("Ann",), start=False)
    refused("refused", room.sit, Viewer(), seat=0, name="Bob", token=token("Bob"), id="x")
    refused("refused", room.sit, Viewer(), seat=1, name="ann", token=token("Bob"), id="x")
    refused("refused", room.sit, Viewer(), seat=9, name="Bob", token=token("Bob"), id="x")
    refused("refused", room.sit, Viewer(), seat=1, name="Bob", token=token("Bob"), id="x",
            buy_in=0)
    refused("conflict", room.sit, Viewer(), seat=1, name="Bob", token=token("Ann"), id="x")
    refused("refused", room.sit, viewer(room, "Ann"), seat=1, name="Bob", token=token("Bob"),
            id="x")


def test_only_the_host_runs_the_table() -> None:
    room = make_room(start=False)
    for op in ("start", "pause", "close"):
        refused("forbidden", room.host_op, viewer(room, "Ann"), op=op, id="x")
    refused("forbidden", room.host_op, Viewer(), op="add_bot", seat=5, bot="random", id="x")


def test_a_seat_taken_during_a_deal_is_dealt_in_next_time() -> None:
    room = make_room()
    room.apply(room.deal_event())
    room.apply(room.sit(Viewer(), seat=1, name="Dee", token=token("Dee"), id="s"))
    room.apply(room.leave(viewer(room, "Cy"), id="bye"))
    assert room.table is not None and "Dee" not in room.table.seats
    assert "Cy" in room.table.seats
    while room.in_deal:  # everyone folds round to the end of the deal
        name = room.to_act
        assert name is not None
        act(room, name, "fold")
    assert room.table.seats == ("Ann", "Dee", "Bob")
    assert 2 * 2 not in room.seats  # Cy's seat is free again


# -- acting ------------------------------------------------------------------------------------


def test_no_one_acts_for_a_seat_they_do_not_hold() -> None:
    room = make_room()
    room.apply(room.deal_event())
    refused("forbidden", room.act, Viewer(), verb="fold", at=room.seq, id="x")
    refused("forbidden", room.act, Viewer(name="Bob", token_hash="0" * 64), verb="fold",
            at=room.seq, id="x")
    refused("forbidden", room.act, viewer(room, "Ann"), verb="fold", at=room.seq, id="x",
            player="Bob")


def test_acting_out_of_turn_is_illegal_rule_B11() -> None:
    room = make_room()
    room.apply(room.deal_event())  # Ann deals: Bob is first to act
    error = refused("illegal", room.act, viewer(room, "Cy"), verb="fold", at=room.seq, id="x")
    assert error.rule == "B11"


def test_an_open_player_cannot_see_a_blind_one_rule_BL4() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())  # Ann deals, Bob first
    act(room, "Bob", "blind", 1)
    act(room, "Ann", "look")
    error = refused("illegal", room.act, viewer(room, "Ann"), verb="see", amount=4,
                    at=room.seq, id="x")
    assert error.rule == "BL4"


def test_an_action_from_a_state_left_behind_is_stale() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    before = room.seq
    act(room, "Bob", "bet", 2)  # Ann's options change: the stake is 2 now (B3)
    refused("stale", room.act, viewer(room, "Ann"), verb="bet", amount=2, at=before, id="x")
    refused("order", room.act, viewer(room, "Ann"), verb="bet", amount=2, at=room.seq + 5,
            id="x")
    act(room, "Ann", "bet", 2)


def test_an_action_is_not_stale_for_events_that_do_not_touch_its_options() -> None:
    room = make_room(("Ann", "Bob", "Cy"))
    room.apply(room.deal_event())
    seen = room.seq
    act(room, "Cy", "topup", 5)  # rule M1: Cy's money, not Bob's options
    event = room.act(viewer(room, "Bob"), verb="bet", amount=2, at=seen, id="b")
    assert event.kind == "act"


def test_a_showdown_needs_everyone_still_betting_rule_B8() -> None:
    room = make_room(("Ann", "Bob", "Cy"))
    room.apply(room.deal_event())
    for name in ("Bob", "Cy", "Ann"):
        act(room, name, "bet", 2)
    act(room, "Ann", "agree")
    act(room, "Bob", "showdown")  # an older page's word for agreeing
    assert room.in_deal and room.public_state()["showdown"] == {
        "agreed": ["Ann", "Bob"], "betting": ["Ann", "Bob", "Cy"]}
    assert room.public_state()["pending"] == {  # the game's own Pending (B8)
        "kind": "showdown", "rule": "B8", "asked": ["Cy"], "answered": ["Ann", "Bob"],
        "by": "Ann"}
    assert room.state_for(viewer(room, "Bob"))["you"]["agreed"]
    assert not room.state_for(viewer(room, "Cy"))["you"]["agreed"]
    refused("illegal", room.act, viewer(room, "Bob"), verb="agree", at=room.seq, id="x")
    lines = act(room, "Cy", "agree")
    assert "Cy agrees to the showdown" in lines and not room.in_deal
    assert room.deal is not None and set(room.deal.result.shown) == {"Ann", "Bob", "Cy"}


def test_any_other_action_withdraws_the_showdown_offers_rule_B8() -> None:
    room = make_room(("Ann", "Bob", "Cy"))
    room.apply(room.deal_event())
    for name in ("Bob", "Cy", "Ann"):
        act(room, name, "bet", 2)
    act(room, "Ann", "agree")
    act(room, "Bob", "bet", 3)
    act(room, "Cy", "agree")
    act(room, "Ann", "agree")
    assert room.in_deal  # Bob's bet moved the betting on: Ann's first agreement lapsed


def test_running_out_of_time_folds() -> None:
    room = make_room(("Ann", "Bob", "Cy"))
    room.apply(room.deal_event())
    event = room.timeout_event()
    assert event is not None and event.data == {"player": "Bob", "action": "Bob fold"}
    assert room.apply(event) == ["Bob ran out of time: Bob folds"]


def test_a_paused_table_takes_no_actions() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    room.apply(room.host_op(HOST, op="pause", id="p"))
    refused("refused", room.act, viewer(room, "Bob"), verb="fold", at=room.seq, id="x")
    assert room.timeout_event() is None and room.deal_event() is None
    room.apply(room.host_op(HOST, op="resume", id="r"))
    act(room, "Bob", "fold")


def test_top_ups_between_deals_and_during_them_rule_M1() -> None:
    room = make_room(("Ann", "Bob"))
    assert room.apply(room.act(viewer(room, "Ann"), verb="topup", amount=25, at=room.seq,
                               id="t1")) == ["Ann topup 25"]
    room.apply(room.deal_event())
    act(room, "Ann", "topup", 5)
    assert room.table is not None and room.table.ledger.brought("Ann") == 80


# -- what people see ---------------------------------------------------------------------------


def test_a_blind_player_never_sees_their_own_cards_rule_BL6() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    act(room, "Bob", "blind", 1)
    state = room.state_for(viewer(room, "Bob"))
    assert state["deal"]["hand"] is None
    act(room, "Ann", "look")
    assert room.state_for(viewer(room, "Ann"))["deal"]["hand"] is not None
    assert room.state_for(viewer(room, "Bob"))["deal"]["hand"] is None
    assert room.state_for(Viewer())["deal"]["hand"] is None  # a spectator


def test_the_see_shows_the_seen_hand_rule_B6() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    act(room, "Bob", "bet", 2)
    act(room, "Ann", "look")
    act(room, "Ann", "see", 4)  # open against open: twice the stake
    shown = room.state_for(Viewer())["deal"]["shown"]
    assert "Bob" in shown and len(shown["Bob"]) == 3


def test_what_the_next_bet_costs_rules_B3_BL1() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    assert room.state_for(Viewer())["deal"]["costs"] == {"open": 1, "blind": 1}
    act(room, "Bob", "bet", 5)
    assert room.state_for(Viewer())["deal"]["costs"] == {"open": 5, "blind": 3}


# -- records, proofs and settlement ------------------------------------------------------------


def finish_with_see(room: Room) -> None:
    first = room.to_act
    assert first is not None
    act(room, first, "bet", 2)
    second = room.to_act
    assert second is not None
    act(room, second, "look")
    act(room, second, "see", 4)


def test_a_record_stays_sealed_while_its_pack_is_in_play_rules_D4_D5() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    finish_with_see(room)
    assert room.table is not None
    if room.dealing.shuffle_due:  # a prial was seen: the next deal is shuffled anyway
        pytest.skip("this seed happened to show a prial")
    assert not room.released(1) and room.record_text(1) is None and room.proof_json(1) is None
    assert not room.public_state()["records"][0]["released"]
    room.apply(room.host_op(HOST, op="close", id="c"))
    assert room.released(1)


def test_with_a_shuffle_every_deal_records_are_released_at_once() -> None:
    room = make_room(("Ann", "Bob"), shuffle="always")
    room.apply(room.deal_event())
    finish_with_see(room)
    text = room.record_text(1)
    proof_text = room.proof_json(1)
    assert text is not None and proof_text is not None
    record = read_bhh(text)  # a valid .bhh that replays to the same result
    assert room.deal is not None and record.replay().result.stacks == room.deal.result.stacks
    proof = FairnessProof.from_json(proof_text)
    assert verify(proof) == Pack(record.pack)  # the proof gives the pack that was dealt


def test_a_kept_blind_hand_keeps_its_record_sealed_rules_BL3_R1() -> None:
    room = make_room(("Ann", "Bob"), shuffle="always")
    room.apply(room.deal_event())
    act(room, "Bob", "blind", 1)
    act(room, "Ann", "fold")  # Bob wins blind: he keeps the hand (R1)
    assert not room.released(1)
    room.apply(room.deal_event())  # shuffled, but Bob's old hand came from deal 1's pack
    assert not room.released(1)
    while room.in_deal:
        name = room.to_act
        assert name is not None
        act(room, name, "fold")
    if room.table is not None and room.dealing.retained is None:
        assert room.released(1) and room.released(2)


def test_closing_settles_up_rule_T1() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    act(room, "Bob", "bet", 2)
    room.apply(room.host_op(HOST, op="close", id="c"))
    assert room.status == "closing"
    act(room, "Ann", "fold")
    assert room.status == "closed"
    assert room.public_state()["settlement"] == {"payments": ["Ann pays Bob 1"], "shares": {}}
    refused("refused", room.sit, Viewer(), seat=5, name="Zed", token=token("Zed"), id="z")


def test_client_seeds_go_into_the_proof() -> None:
    room = make_room(("Ann", "Bob"), shuffle="always")
    room.apply(room.seed(viewer(room, "Ann"), seed="ann's words", id="s1"))
    refused("refused", room.seed, viewer(room, "Ann"), seed="again", id="s2")
    room.apply(room.deal_event())
    refused("refused", room.seed, viewer(room, "Bob"), seed="too late", id="s3")
    finish_with_see(room)
    proof_text = room.proof_json(1)
    assert proof_text is not None
    assert FairnessProof.from_json(proof_text).client_seeds == ("ann's words",)
    room.apply(room.seed(viewer(room, "Ann"), seed="next one", id="s4"))  # a new shuffle


# -- replay ------------------------------------------------------------------------------------


def chips(room: Room) -> int:
    """Every chip at the table: stacks, the pot (or the carried pot) and cash taken away."""
    table = room.table
    assert table is not None
    ledger = table.ledger
    taken = sum(ledger.cashed_out(p) for p in ledger.players)
    return sum(table.stacks.values()) + ledger.in_pot + taken


RULE_SETS = [
    {}, {"cards": 4}, {"retained_blind": "face-up"}, {"shuffle": "always"},
    {"short_money": "fold", "lending": True}, {"see_cost": "single", "jokers": 1},
]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS))
def test_a_room_replays_exactly_and_loses_no_chip(seed: int, rules: dict) -> None:
    rng = random.Random(seed)
    room = make_room(("Ann", "Bob", "Cy", "Dee")[: rng.randint(2, 4)], **rules)
    brought = chips(room)
    for step in range(120):
        if step == 40 and not room.in_deal:
            room.apply(room.sit(Viewer(), seat=9 % room.config.seats, name="Eve",
                                token=token("Eve"), id="e"))
        event = random_event(room, rng)
        if event is not None:
            room.apply(event)
            table = room.table
            assert table is not None
            brought = sum(table.ledger.brought(p) for p in table.ledger.players)
            assert chips(room) == brought  # not a chip made or lost
    again = Room.replay(table_id="t", config=room.config, secret=SECRET,
                        host_hash=room.host_hash, events=list(room.events))
    assert again.seq == room.seq
    for name in [*room.seats.values(), None]:
        look = Viewer() if name is None else viewer(room, name)
        assert again.state_for(look) == room.state_for(look)
    assert again.log_since(None) == room.log_since(None)


def test_a_command_sent_twice_is_known_by_its_id() -> None:
    room = make_room(("Ann", "Bob"))
    room.apply(room.deal_event())
    event = room.act(viewer(room, "Bob"), verb="fold", at=room.seq, id="once")
    room.apply(event)
    assert room.duplicate(hashed(token("Bob")), "once") == room.seq
    assert room.duplicate(hashed(token("Ann")), "once") is None  # ids are per sender


# -- configuration and randomness --------------------------------------------------------------


def test_settings_are_checked() -> None:
    assert TableConfig.from_dict({"preset": "four-card", "rules": {"ante": 2}}).rules.cards == 4
    for bad in ({"seats": 1}, {"turn_seconds": -1}, {"buy_in": 0}, {"colour": "red"},
                {"rules": {"maxbet": 3}}, {"preset": "poker"}, {"name": ""},
                {"deal_pause": "soon"}):
        with pytest.raises(ConfigError):
            TableConfig.from_dict(bad)


def test_secret_random_is_reproducible_and_keyed() -> None:
    one, two = SecretRandom(SECRET), SecretRandom(SECRET)
    assert Pack.shuffled(one) == Pack.shuffled(two)
    assert Pack.shuffled(SecretRandom(SECRET)) != Pack.shuffled(SecretRandom(bytes(32)))
    draws = [SecretRandom(SECRET).randrange(52) for _ in range(3)]
    assert len(set(draws)) == 1
    with pytest.raises(ConfigError):
        SecretRandom(b"short")


def test_events_are_plain_data() -> None:
    room = make_room(("Ann", "Bob"))
    assert all(isinstance(e, Event) and isinstance(dict(e.data), dict) for e in room.events)
    assert [e.kind for e in room.events] == ["sit", "sit", "start"]


def test_a_player_who_left_may_come_back_under_the_same_name_rule_M1() -> None:
    room = make_room(("Ann", "Bob", "Cy"))
    room.apply(room.leave(viewer(room, "Cy"), id="bye"))
    assert room.table is not None and "Cy" not in room.table.seats
    refused("refused", room.sit, Viewer(), seat=5, name="ann", token=token("Zed"), id="z")
    room.apply(room.sit(Viewer(), seat=5, name="Cy", token=token("Cy"), id="back"))
    ledger = room.table.ledger
    assert room.table.seats[-1] == "Cy" and ledger.brought("Cy") == 100  # two buy-ins
    assert ledger.cashed_out("Cy") == 50
