"""The learned bot: named in the registry, its shipped network loads, it plays only legal
actions on the engine (the default game at 2-6 players, and any house rules), its
probabilities cover exactly its open choices, and training is reproducible from a seed."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.bots.test_never_illegal import house_rules

from bragkit.arena import play_arena
from bragkit.arena_rules import arena_rules
from bragkit.bots import BOTS, make_bot
from bragkit.bots.learned import LearnedBot
from bragkit.cards import Card
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.learn.features import FEATURES, MASK
from bragkit.learn.network import Network, shipped
from bragkit.learn.train import Plan, train

OTHERS = ["random", "cautious", "bold", "shark", "learned"]


def test_the_registry_names_it_and_the_shipped_network_loads() -> None:
    assert "learned" in BOTS
    bot = make_bot("learned", rules=arena_rules())
    assert isinstance(bot, LearnedBot)
    net = shipped()
    assert net.w1.shape == (len(FEATURES), net.b1.shape[0])
    assert bot.network is net  # loaded once


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(others=st.lists(st.sampled_from(OTHERS), min_size=1, max_size=5),
       seed=st.integers(0, 2**31))
def test_it_plays_only_legal_actions_in_the_default_game(others: list[str], seed: int) -> None:
    result = play_arena(["learned", *others], deals=30, rules=arena_rules(), seed=seed)
    assert sum(s.net for s in result.scores) == 0  # play_arena raises on an illegal action


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(), players=st.integers(2, 6), stack=st.sampled_from([3, 12, 40]),
       seed=st.integers(0, 2**31))
def test_it_plays_only_legal_actions_under_any_house_rules(
    rules: Rules, players: int, stack: int, seed: int
) -> None:
    kinds = (["learned", "random"] * 3)[:min(players, rules.max_players(retained=1))]
    result = play_arena(kinds, deals=8, rules=rules, seed=seed,
                        stack=max(stack, rules.ante + 1))
    assert sum(s.net for s in result.scores) == 0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6))
def test_its_probabilities_are_over_its_open_choices(seed: int, players: int) -> None:
    rng = np.random.default_rng(seed)
    names = [f"p{i}" for i in range(players)]
    cards = rng.permutation(52)[:3 * players]
    deal = Deal(arena_rules(), players=names, dealer=names[-1], stacks=[200] * players,
                hands={n: [Card(int(c)) for c in cards[3 * i:3 * i + 3]]
                       for i, n in enumerate(names)})
    bot = LearnedBot(rules=arena_rules(),
                     network=Network.of_vector(rng.normal(0, 3, Network.size())))
    for _ in range(6):
        name = deal.to_act
        if name is None:
            break
        chances = bot.probabilities(deal, name)
        assert abs(sum(chances.values()) - 1.0) < 1e-9
        assert all(deal.can_apply(action) for action in chances)
        action = bot.act(deal.view(name))
        if len(chances) > 1 or action in chances:  # (a kept hand's choice is the rule's)
            assert max(chances, key=chances.__getitem__) == action
        deal.apply(action)


def test_training_is_reproducible_from_a_seed() -> None:
    plan = Plan(seed=5, generations=2, pairs=2, deals=30, every=2, check_deals=20)
    first, again = train(plan), train(plan)
    other = train(Plan(seed=6, generations=2, pairs=2, deals=30, every=2, check_deals=20))
    assert np.array_equal(first.network.vector(), again.network.vector())
    assert first.curve == again.curve
    assert not np.array_equal(first.network.vector(), other.network.vector())
    assert first.network.w1.shape[0] == MASK + 6
