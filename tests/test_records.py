"""One record entry point for every game: bragkit.records.load / dump / replay (the formats of
HAND-HISTORY.md, docs/sessions.md and docs/records-*.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragkit.games
from bragkit import records
from bragkit.errors import NotationError
from bragkit.games.protocol import random_action
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table

PLAYERS = ("Ann", "Bob", "Cy")


def _played(name: str, seed: int) -> bragkit.games.Game:
    rng = random.Random(seed)
    game = bragkit.games.new(name, players=PLAYERS, seed=seed)
    while not game.over:
        game.apply(random_action(game, rng))
    return game


@pytest.mark.parametrize("name", [n for n in bragkit.games.names() if n != "three-card"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_game_dumps_loads_and_replays_through_one_entry_point(name: str,
                                                                    seed: int) -> None:
    """dump → load → dump gives the same text, and the text replays, for every game's own
    record format (its registry entry names it)."""
    game = _played(name, seed)
    text = records.dump(game)
    assert text.startswith(f'format = "{bragkit.games.find(name).record_format}/')
    loaded = records.load(text)
    assert records.dump(loaded) == text
    assert records.replay(text).to_json()


def test_a_three_card_deal_and_a_session_go_through_the_same_entry_point() -> None:
    table = Table(Rules(max_bet=10), seats=PLAYERS, buy_ins=50, rng=4)
    rng = random.Random(4)
    for _ in range(3):
        deal = table.start_deal()
        while not deal.over:
            table.apply(random_action(deal, rng))
    text = records.dump(DealRecord.from_deal(deal))
    assert text.startswith('format = "bhh/1"') and records.dump(records.load(text)) == text
    session = records.dump(table)
    assert session.startswith('format = "bhh-session/1"')
    assert records.dump(records.load(session)) == session
    assert "deal 3" in records.replay(session).describe().lower()


def test_an_unknown_format_names_the_known_ones() -> None:
    with pytest.raises(NotationError, match=r"unknown record format 'poker/1' \(known: .*bhh"):
        records.load('format = "poker/1"\n')
    with pytest.raises(NotationError, match="no record format writes a int"):
        records.dump(3)
