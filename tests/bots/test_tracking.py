"""Following the unshuffled pack (rules D4, D5, D6): the stacked-pack trick, for bots."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.bots import CAUTIOUS, RandomBot, ThresholdBot, ask, ended_event, started_event
from bragkit.bots.tracking import PackTracker
from bragkit.cards import Pack
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table


def top_up(table: Table, amount: int = 500) -> None:
    """Keep everyone able to play (rule M1)."""
    for name, stack in table.stacks.items():
        if stack < amount:
            table.topup(name, amount - stack)


def play_out(table: Table, rng: random.Random) -> None:
    """Cautious play for the first seat (it looks at once), random for the others."""
    deal = table.current
    assert deal is not None
    first = ThresholdBot(CAUTIOUS, rules=deal.rules)
    others = RandomBot(seed=rng)
    while not deal.over:
        name = deal.to_act
        assert name is not None
        table.apply(ask(first if name == deal.players[0] else others, deal, name))


def test_a_seen_hand_comes_round_to_known_players_rules_D5_D6() -> None:
    """Three players, no shuffle: the hands Ann looked at reach known seats deals later."""
    table = Table(Rules(), seats=["Ann", "Bob", "Cy"], buy_ins=500, rng=3)
    tracker = PackTracker()
    rng = random.Random(4)
    predictions = 0
    for _ in range(30):
        top_up(table)
        shuffled = table.shuffle_due
        deal = table.start_deal()
        knowledge = tracker.start(started_event(deal, "Ann", shuffled=shuffled))
        for player, cards in knowledge.holding.items():
            for card in cards:  # every prediction is right
                assert card in deal.cards_of(player)
                predictions += 1
        play_out(table, rng)
        tracker.end(ended_event(deal, "Ann"))
    assert predictions > 20  # and there are many of them


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 5), st.sampled_from([3, 4]))
def test_tracking_is_never_wrong_rules_D4_D5(seed: int, players: int, cards: int) -> None:
    rules = Rules(cards=cards, stock_face_up=seed % 2 == 0)
    names = [f"P{i}" for i in range(players)]
    table = Table(rules, seats=names, buy_ins=500, rng=seed)
    trackers = {n: PackTracker() for n in names}
    rng = random.Random(seed)
    for _ in range(12):
        top_up(table)
        shuffled = table.shuffle_due
        deal = table.start_deal()
        for name in names:
            knowledge = trackers[name].start(started_event(deal, name, shuffled=shuffled))
            for player, held in knowledge.holding.items():
                assert all(card in deal.cards_of(player) for card in held)
            assert not set(knowledge.stock) & {c for p in names for c in deal.cards_of(p)}
        play_out(table, rng)
        for name in names:
            trackers[name].end(ended_event(deal, name))


def test_a_shuffle_forgets_everything_rule_D4() -> None:
    tracker = PackTracker()
    tracker._pack = list(Pack.standard())
    tracker.finish([], shuffle_next=True)
    assert tracker.known_positions() == []
