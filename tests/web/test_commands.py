"""Tests of bragkit.web.commands: a refused action is explained by the engine's own check."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, Verb
from bragkit.errors import IllegalActionError
from bragkit.games.three_card.rules import Rules
from bragkit.web.protocol import ProtocolError
from bragkit.web.room import Room, TableConfig, Viewer
from bragkit.web.room import token_hash as hashed

from .support import token, viewer

HOST = Viewer(host=True)
VERBS = ("fold", "bet", "blind", "look", "see", "cover", "agree")


def make_room(names: tuple[str, ...], rules: Rules) -> Room:
    config = TableConfig(rules=rules, buy_in=30, seats=6)
    room = Room(table_id="t", config=config, secret=bytes(range(32)), host_hash=hashed("h"))
    for seat, name in enumerate(names):
        room.apply(room.sit(Viewer(), seat=seat, name=name, token=token(name), id="s"))
    room.apply(room.host_op(HOST, op="start", id="go"))
    return room


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([{}, {"pot_limit": True}, {"see_cost": "single"},
                                                {"max_bet": 4}]))
def test_a_refused_action_names_the_rule_the_engine_names(seed: int, rules: dict) -> None:
    rng = random.Random(seed)
    room = make_room(("Ann", "Bob", "Cy"), Rules(**rules))
    room.apply(room.deal_event())
    for _ in range(40):
        deal = room.deal
        if deal is None or not room.in_deal:
            break
        name = rng.choice(deal.players)
        verb = rng.choice(VERBS)
        amount = rng.randint(0, 12) if verb in ("bet", "blind", "see", "cover") else None
        action = Action(player=name, verb=Verb(verb), amount=amount)
        try:
            deal.check(action)
            engine: IllegalActionError | None = None
        except IllegalActionError as error:
            engine = error
        try:
            event = room.act(viewer(room, name), verb=verb, amount=amount, at=room.seq,
                             id=f"{name}-{room.seq}")
        except ProtocolError as refusal:
            if engine is not None:  # the engine's reason and rule, word for word
                assert (refusal.code, refusal.reason, refusal.rule) == (
                    "illegal", engine.reason, engine.rule)
            else:  # the table adds no rule of its own to the engine's
                raise AssertionError(f"the room refused what the engine allows: {refusal}") \
                    from None
            continue
        assert engine is None
        room.apply(event)


def test_no_web_module_asks_the_old_diagnosis_module() -> None:
    web = Path(__file__).resolve().parents[2] / "src" / "bragkit" / "web"
    sources = {p.name: p.read_text() for p in web.glob("*.py")}
    assert "room.py" in sources and "commands.py" in sources
    assert [n for n, text in sources.items() if "diagnosis" in text] == []
