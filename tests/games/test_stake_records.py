"""The records shared by historic Brag and 3 Card Brag Poker (docs/records-historic-brag-poker.md;
rules S2, S4, P1–P5)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.errors import IllegalActionError, NotationError
from bragkit.games.brag_poker import BragPoker, BragPokerReplay, BragPokerRules
from bragkit.games.historic import (
    HistoricReplay,
    HistoricRules,
    SingleStakeBrag,
    ThreeStakeBrag,
    historic_game,
)
from bragkit.games.protocol import random_action
from bragkit.games.stake_game import StakeGame
from bragkit.games.stake_records import play_record, read_table, table_document
from bragkit.toml_text import load_document

HANDS = {"Ann": "As Ks Qs", "Bob": "2c 3c 4c"}


def poker_document(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": "brag-poker/1", "players": ["Ann", "Bob"], "dealer": "Bob",
                           "stacks": [20, 20], "actions": [], "cards": {"hands": dict(HANDS)}}
    doc.update(changes)
    return doc


def play_poker(doc: dict[str, Any]) -> BragPoker:
    return play_record(read_table(doc, format_name="brag-poker"), BragPoker,
                       BragPokerRules.from_dict)


@pytest.mark.parametrize("change, message", [
    ({"format": "historic/1"}, "not supported"),
    ({"colour": "red"}, "unknown key"),
    ({"players": []}, "players"),
    ({"players": ["A", "A"]}, "distinct"),
    ({"dealer": "Z"}, "dealer"),
    ({"stacks": [1]}, "stacks"),
    ({"stacks": [1, -1]}, "stacks"),
    ({"actions": [1]}, "actions"),
    ({"rules": 3}, "rules"),
    ({"cards": {"pack": "As", "joker": 1}}, "unknown key"),
    ({"cards": {}}, "pack or the hands"),
    ({"cards": {"hands": {"A": 1}}}, "hands"),
])
def test_read_table_refuses_bad_records(change: dict[str, object], message: str) -> None:
    doc: dict[str, object] = {"format": "brag-poker/1", "players": ["A", "B"], "dealer": "B",
                              "stacks": [5, 5], "actions": [], "cards": {"pack": "As"}}
    doc.update(change)
    with pytest.raises(NotationError, match=message):
        read_table(doc, format_name="brag-poker")


def test_play_record_applies_every_action_rule_p1() -> None:
    """P1: with two players the dealer Bob posts the big blind, Ann the small; Ann drops."""
    deal = play_poker(poker_document(actions=["Ann drop"]))
    assert deal.over and deal.stacks == {"Ann": 19, "Bob": 21}


def test_play_record_names_an_action_that_does_not_parse() -> None:
    with pytest.raises(NotationError) as error:
        play_poker(poker_document(actions=["Ann call", 'Bob "check"']))
    assert str(error.value).startswith('action 2 "Bob \\"check\\"": ')


def test_play_record_names_an_illegal_action_and_its_rule_p2() -> None:
    """P2: the first round's raise is exactly twice the big blind."""
    with pytest.raises(IllegalActionError) as error:
        play_poker(poker_document(actions=["Ann look", "Ann raise 3"]))
    assert str(error.value).startswith('action 2 "Ann raise 3": ')
    assert error.value.rule == "P2"


def test_play_record_refuses_a_deal_the_engine_cannot_set_up_rule_p1() -> None:
    with pytest.raises(NotationError, match=r"cannot post the blind .*\(rule P1\)"):
        play_poker(poker_document(stacks=[0, 20]))
    with pytest.raises(NotationError, match="unknown brag-poker rule"):
        play_poker(poker_document(rules={"ante": 1}))


def test_replays_describe_and_write_the_deal() -> None:
    replay = BragPokerReplay(play_poker(poker_document(actions=["Ann drop"])))
    text = replay.describe()
    assert text.splitlines()[:2] == ["3 Card Brag Poker; Bob deals; blinds 1/2, bets 4 then 8",
                                     "Stacks: Ann 20, Bob 20"]
    assert text.splitlines()[-1] == "Stacks after: Ann 19, Bob 21"
    assert replay.to_json() == {"over": True, "stacks": {"Ann": 19, "Bob": 21},
                                "winners": {"Bob": 3}, "shown": {}, "pot": 3}
    assert load_document(replay.to_toml()) == poker_document(actions=["Ann drop"])


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, StakeGame[Any]]:
    """A deal of one of the three games, played some random legal actions in."""
    kind = draw(st.sampled_from(["single-stake", "three-stake", "brag-poker"]))
    n = draw(st.integers(2, 5))
    names = [f"P{i}" for i in range(n)]
    seed = draw(st.integers(0, 2**16))
    game: StakeGame[Any]
    if kind == "brag-poker":
        game = BragPoker(players=names, dealer=names[-1], stacks=[30] * n, rng=seed)
    else:
        game = historic_game(kind, HistoricRules(max_stake=draw(st.integers(1, 6))),
                             players=names, dealer=names[0], stacks=[25] * n, rng=seed)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(0, 40))):
        if game.over:
            break
        game.apply(random_action(game, rng))
    return kind, game


@settings(max_examples=30, deadline=None)
@given(deals())
def test_a_written_deal_replays_to_the_same_deal(played: tuple[str, StakeGame[Any]]) -> None:
    """table_document → TOML → read_table → play_record gives the same deal: the same log, the
    same stacks, and the same text written again."""
    kind, game = played
    again: StakeGame[Any]
    if isinstance(game, BragPoker):
        text = BragPokerReplay(game).to_toml()
        poker = play_record(read_table(load_document(text), format_name="brag-poker"),
                            BragPoker, BragPokerRules.from_dict)
        assert BragPokerReplay(poker).to_toml() == text
        again = poker
    else:
        assert isinstance(game, SingleStakeBrag | ThreeStakeBrag)
        text = HistoricReplay(game, variant=kind).to_toml()
        spec = read_table(load_document(text), format_name="historic", variants=[kind])
        again = play_record(spec, partial(historic_game, kind), HistoricRules.from_dict)
        assert table_document(again, format_name="historic", variant=kind,
                              rules=again.rules.to_dict()) == load_document(text)
    assert again.operations == game.operations
    assert again.stacks == game.stacks and again.over == game.over
