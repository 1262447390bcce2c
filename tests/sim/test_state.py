"""bragkit.sim's state and step: what it refuses (one clear error, nothing changed), what it
keeps (chips), and what a player may see (rules D1, D2, D6, D8, BL1, BL3, BL6, H1, W1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.sim import NUM_ACTIONS, init, random_actions, redeal, step
from bragkit.sim.menu import AGREE, DECLINE, FOLD, LOOK, SEE, STAY
from bragkit.sim.observe import CARDS, observe


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"rules": Rules(lending=True)}, "does not lend \\(rule M4\\)"),
    ({"rules": Rules(dealers_choice=True)}, "one game a session \\(rule T2\\)"),
    ({"players": 17, "session": True}, "hold 1 retained hand \\(rules D1, R1\\)"),
    ({"players": 1}, "two or more players"),
    ({"players": 18}, "cannot deal 18 players"),
    ({"stacks": 0}, "pay the ante of 1 \\(rule D2\\)"),
    ({"carried": -1}, "not negative"),
    ({"packs": [[0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]}, "each card once \\(rule H1\\)"),
    ({"packs": [[52, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]}, "52 for a joker"),
    ({"packs": [[0, 1, 2]]}, "the deal needs 12"),
    ({"packs": [list(range(52))] * 2}, "packs must be an \\(1, k\\) array"),
    ({"stacks": np.ones((1, 3), dtype=np.int64)}, "stacks must be whole numbers of shape"),
])
def test_what_init_refuses(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        init(0, 1, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [0, -3, 2.5, "4", True])
def test_n_is_a_whole_number_of_deals(n: object) -> None:
    with pytest.raises(RulesError, match="n must be a whole number of deals"):
        init(0, n)  # type: ignore[arg-type]
    assert init(0, np.int64(2), players=np.int64(3)).n == 2


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = init(5, 4, players=3)
    before = {name: np.copy(getattr(state, name)) for name in (
        "stacks", "pot", "stake", "looked_bits", "folded_bits", "current_player", "legal_bits")}
    actions = np.full(4, STAY)
    actions[2] = SEE  # no bet to see yet, three still betting (B6, B8)
    with pytest.raises(IllegalActionError, match="deal 2: seat 0 may not see now"):
        step(state, actions)
    with pytest.raises(IllegalActionError, match="4 menu indices"):
        step(state, np.zeros(3, dtype=np.int64))
    with pytest.raises(IllegalActionError):
        step(state, np.full(4, NUM_ACTIONS + 3))
    for name, value in before.items():
        assert np.array_equal(getattr(state, name), value), name


def test_a_deal_over_ignores_its_action_and_keeps_its_result() -> None:
    state = init(None, 2, players=2, packs=[list(range(52))] * 2)
    step(state, np.array([STAY, FOLD]))  # deal 1: everyone else folded to blind p1 (BL3)
    assert state.terminated.tolist() == [False, True]
    assert state.carried[1] == 2 and state.retained[1] == 1
    assert state.rewards[1].tolist() == [-1.0, -1.0]
    step(state, np.array([FOLD, LOOK]))  # deal 1's action is ignored
    assert state.carried[1] == 2 and state.rewards[1].tolist() == [0.0, 0.0]
    assert state.terminated.all() and not state.legal_action_mask.any()


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**31), blind=st.booleans(),
       propose=st.booleans())
def test_chips_are_conserved_and_rewards_are_the_change(
    players: int, seed: int, blind: bool, propose: bool
) -> None:
    """Stacks plus the carried pot are what was brought in (D2, BL3); the rewards at the end
    of a deal are each seat's change."""
    rng = np.random.default_rng(seed)
    state = init(rng, 200, players=players, rules=Rules(max_bet=8, blind=blind), stacks=60,
                 carried=rng.integers(0, 5, 200))
    carried_in = state.pot - state.rules.ante * players  # the pot less the antes (D2)
    brought = state.start_stacks.sum(axis=1) + carried_in
    total = np.zeros((200, players), dtype=np.float64)
    while not state.terminated.all():
        step(state, random_actions(state, rng, propose=propose))
        total += state.rewards
        live = ~state.terminated
        assert (state.stacks[live].sum(axis=1) + state.pot[live] == brought[live]).all()
    assert (state.stacks.sum(axis=1) + state.carried == brought).all()
    assert np.array_equal(total, state.stacks - state.start_stacks)
    # rule BL3: a pot is carried only when a blind player is the last left
    assert ((state.carried > 0) == (state.retained >= 0)).all()
    if not blind:
        assert not (state.carried > 0).any()


def test_redeal_starts_fresh_deals_in_the_rows_given() -> None:
    rng = np.random.default_rng(1)
    state = init(rng, 3, players=2)
    while not state.terminated.all():
        step(state, random_actions(state, rng))
    redeal(state, [0, 2], rng, stacks=50, carried=4)
    assert state.terminated.tolist() == [False, True, False]
    assert state.pot.tolist()[0] == 6 and state.stacks[0].tolist() == [49, 49]
    assert state.legal_action_mask[0].any() and not state.legal_action_mask[1].any()


def test_observation_shows_only_the_viewers_cards_once_looked() -> None:
    """Rules BL6, D8: a blind player sees no cards; nothing in it is another's hidden card."""
    packs = np.array([list(range(52)), list(range(51, -1, -1))])
    state = init(None, 2, players=3, packs=packs)
    assert observe(state)[:, :CARDS].sum() == 0  # blind
    step(state, np.array([LOOK, LOOK]))
    vector = observe(state)
    for row in range(2):
        seen = set(np.flatnonzero(vector[row, :CARDS]).tolist())
        assert seen == set(state.hands[row, 0].tolist())
    # the same public play with other hands for the other seats: the same observation
    other = init(None, 2, players=3, packs=np.array([[0, 9, 10, 3, 11, 12, 6, 13, 14, *range(
        15, 52), 1, 2, 4, 5, 7, 8]] * 2))
    step(other, np.array([LOOK, LOOK]))
    assert np.array_equal(observe(other)[0], vector[0])


def test_a_proposed_showdown_declined_returns_to_the_proposer() -> None:
    """Rule B8: agreements stand until the betting moves on; the proposer acts again."""
    state = init(None, 1, players=3, packs=[list(range(52))])
    step(state, np.array([AGREE]))
    assert state.current_player[0] == 1 and state.proposer[0] == 0
    assert state.legal_action_mask[0].nonzero()[0].tolist() == [AGREE, DECLINE]
    step(state, np.array([DECLINE]))
    assert state.current_player[0] == 0 and state.proposer[0] == -1
    assert not state.legal_action_mask[0, AGREE]  # p0 agreed already
    step(state, np.array([STAY]))  # the betting moved on: agreements lapse
    assert not state.agreed.any()


@pytest.mark.parametrize("rules", [Rules(), Rules(pot_limit=True), Rules(max_bet=3, min_bet=2),
                                   Rules(blind=False, raise_limit=2)])
def test_a_menu_shared_by_new_deals_is_the_menu_of_each(rules: Rules) -> None:
    """New deals with equal stacks share their first player's menu (copied once); with stacks
    given per seat each is worked out alone: the same menus (B1, B2, BL1)."""
    shared = init(3, 50, players=3, rules=rules, stacks=40, carried=2)
    alone = init(3, 50, players=3, rules=rules, stacks=np.full((50, 3), 40), carried=np.full(
        50, 2))
    for name in ("legal_bits", "least", "top", "cost"):
        assert np.array_equal(getattr(shared, name), getattr(alone, name)), name


def test_keys_deal_each_deal_from_its_own_key() -> None:
    """pgx's keys: a deal's cards depend on its key only, not on its place in the batch."""
    first = init(np.array([7, 8, 9]), 3, players=4)
    second = init([9, 7], 2, players=4)
    assert np.array_equal(first.hands[2], second.hands[0])
    assert np.array_equal(first.hands[0], second.hands[1])
    assert not np.array_equal(first.hands[0], first.hands[1])
    for row in range(3):  # 12 different cards, all real (H1)
        cards = first.hands[row].reshape(-1)
        assert len(set(cards.tolist())) == 12 and cards.max() < 52
    with pytest.raises(RulesError, match="keys must be 3 whole numbers"):
        init([1, 2], 3)


@pytest.mark.parametrize("jokers", [0, 2])
def test_shuffled_packs_deal_distinct_cards_evenly(jokers: int) -> None:
    """Rules D6, H1, W1: every card once (jokers up to the number added), and each card as
    likely in every place: over 53,000 deals each card is dealt first about 1,000 times."""
    rules = Rules(jokers=jokers)
    state = init(5, 53_000, players=8, rules=rules)
    cards = state.dealt.astype(np.int64)
    ordered = np.sort(cards, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] < 52)
    assert not repeated.any()
    assert ((cards == 52).sum(axis=1) <= jokers).all()
    counts = np.bincount(cards[:, 0], minlength=53)
    expected = 53_000 / rules.pack_size
    real = counts[:52]
    assert (abs(real - expected) < 6 * np.sqrt(expected)).all(), counts
    assert abs(counts[52] - expected * jokers) < 6 * np.sqrt(expected * max(jokers, 1))
