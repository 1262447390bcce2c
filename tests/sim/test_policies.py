"""The batched bots decide as the bots of bragkit.bots.simple do: cautious and bold exactly
(the same quantiles, thresholds and raise sizes on the menu), random uniformly over the
options the engine gives RandomBot, its amounts uniform over the whole range (rules B1, B3,
B6, B8, BL1, BL2, BL4)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.sim.replay import engine_text

from bragkit.actions import Verb
from bragkit.bots.reading import Menu
from bragkit.bots.simple import BOLD, CAUTIOUS, ThresholdBot
from bragkit.cards import Card
from bragkit.errors import BragError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.sim import State, batched_policy, has_batched_policies, init, random_actions, step
from bragkit.sim.menu import AGREE, DECLINE, LOOK, MAX, NUM_ACTIONS, STAY
from bragkit.sim.policies import RANDOM_OPTIONS, random_bot_options


def _deals(state: object, rules: Rules, players: int, stacks: np.ndarray) -> list[Deal]:
    names = [f"p{i}" for i in range(players)]
    return [Deal(rules, players=names, dealer=names[-1], stacks=stacks[row].tolist(),
                 hands={names[s]: [Card(int(c)) for c in state.hands[row, s]]  # type: ignore[attr-defined]
                        for s in range(players)})
            for row in range(len(stacks))]


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), max_bet=st.sampled_from(
    [None, 6, 10, 40]), see_cost=st.sampled_from(["double", "single"]),
    blind=st.booleans(), proposals=st.booleans())
def test_cautious_and_bold_decide_as_the_threshold_bots(
    players: int, seed: int, max_bet: int | None, see_cost: str, blind: bool, proposals: bool
) -> None:
    """Seats alternate cautious, bold and (with ``proposals``) a random player proposing
    showdowns (B8); at every turn of a batched bot, the engine's ThresholdBot, shown the same
    deal through its own view, picks the same action (or the same answer to a proposal)."""
    rules = Rules(max_bet=max_bet, see_cost=see_cost, blind=blind)
    n = 32
    rng = np.random.default_rng(seed)
    stacks = rng.integers(20, 120, size=(n, players))
    state = init(rng, n, players=players, rules=rules, stacks=stacks)
    deals = _deals(state, rules, players, stacks)
    styles = [CAUTIOUS, BOLD, None] if proposals else [CAUTIOUS, BOLD]
    kinds = [styles[s % len(styles)] for s in range(players)]
    policies = {style.name: batched_policy(style.name, rules, 0) for style in (CAUTIOUS, BOLD)}
    bots = {style.name: ThresholdBot(style, rules=rules) for style in (CAUTIOUS, BOLD)}
    checked = 0
    for _ in range(2_000):
        if state.terminated.all():
            break
        live = np.flatnonzero(~state.terminated)
        actions = random_actions(state, rng, propose=True)
        for row in live:
            style = kinds[int(state.current_player[row])]
            if style is not None:
                actions[row] = policies[style.name](state, np.array([row])).actions[0]
        for row in live:
            deal = deals[row]
            seat = int(state.current_player[row])
            style = kinds[seat]
            action = int(actions[row])
            if style is not None:
                bot = bots[style.name]
                view = deal.view(f"p{seat}")
                if state.proposer[row] >= 0:  # rule B8: the answer to a proposal
                    assert (action == AGREE) == bot.agrees(view)
                else:
                    wanted = str(bot.act(view))
                    assert engine_text(state, row, action) == wanted
                checked += 1
            text = engine_text(state, row, action)
            if text is not None:
                deal.apply(text)
        step(state, actions)
    assert state.terminated.all()
    assert checked > 0


def test_random_actions_are_legal_and_cover_the_menu() -> None:
    rng = np.random.default_rng(3)
    state = init(rng, 2_000, players=3, rules=Rules(max_bet=10))
    chosen = np.zeros(NUM_ACTIONS, dtype=np.int64)
    while not state.terminated.all():
        actions = random_actions(state, rng)
        live = ~state.terminated
        assert state.legal_action_mask[live, actions[live]].all()
        assert not ((actions == AGREE) & (state.proposer < 0) & live).any()  # no proposals
        np.add.at(chosen, actions[live], 1)
        step(state, actions)
    assert (chosen[:AGREE] > 0).all(), chosen  # every action but agreeing was played
    assert chosen[AGREE] == chosen[DECLINE] == 0


def test_kinds_without_a_batched_policy_are_named() -> None:
    assert has_batched_policies(["random", "cautious", "bold"])
    assert not has_batched_policies(["random", "shark"])
    with pytest.raises(BragError, match="no batched policy for the 'shark' bot"):
        batched_policy("shark", Rules(), 0)


def _engine_options(deal: Deal, name: str, blind: bool) -> set[str]:
    """RandomBot's options in the engine (Menu.choices) as :data:`RANDOM_OPTIONS`."""
    names = {Verb.FOLD: "fold", Verb.LOOK: "look", Verb.BLIND: "bet", Verb.SEE: "see",
             Verb.BET: "open bet" if blind else "bet", Verb.COVER: "cover",
             Verb.DISCARD: "discard", Verb.KEEP: "keep", Verb.THROW: "throw"}
    view = deal.view(name)
    return {"look old" if o.verb is Verb.LOOK and o.hand == "old" else names[o.verb]
            for o in Menu(view).choices if not (o.verb is Verb.DISCARD and view.hand is None)}


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), max_bet=st.sampled_from(
    [None, 6, 10, 40]), see_cost=st.sampled_from(["double", "single"]),
    blind=st.booleans(), limit=st.sampled_from(["none", "raise", "pot"]),
    cards=st.sampled_from([3, 3, 4, 5]))
def test_the_random_bot_has_the_engine_random_bots_options_and_amounts(
    players: int, seed: int, max_bet: int | None, see_cost: str, blind: bool, limit: str,
    cards: int,
) -> None:
    """At every turn of random deals (every seat the batched random bot, small stacks so
    short money is met), its options are those the engine's menu gives RandomBot, and each
    bet it makes is one the engine takes (the step refuses one out of range, B1, B3, BL1)."""
    rules = Rules(max_bet=max_bet, see_cost=see_cost, blind=blind, pot_limit=limit == "pot",
                  raise_limit=3 if limit == "raise" else None, cards=cards)
    n = 24
    rng = np.random.default_rng(seed)
    stacks = rng.integers(2, 60, size=(n, players))
    state = init(rng, n, players=players, rules=rules, stacks=stacks)
    deals = _deals(state, rules, players, stacks)
    play = batched_policy("random", rules, rng)
    checked = 0
    for _ in range(2_000):
        if state.terminated.all():
            break
        live = np.flatnonzero(~state.terminated)
        actions = np.zeros(state.n, dtype=np.int64)
        bets = np.zeros(state.n, dtype=np.int64)
        options = random_bot_options(state, live)
        thrown = np.zeros(state.n, dtype=np.int64)
        moves = play(state, live)
        actions[live], bets[live] = moves.actions, moves.bets
        if moves.discards is not None:
            thrown[live] = moves.discards
        for k, row in enumerate(live):
            deal = deals[row]
            seat = int(state.current_player[row])
            blind_now = not state.looked[row, seat]
            offered = {RANDOM_OPTIONS[i] for i in np.flatnonzero(options[k])}
            assert offered == _engine_options(deal, f"p{seat}", blind_now), (row, offered)
            checked += 1
            action = int(actions[row])
            bet = int(bets[row]) if STAY <= action <= MAX else None
            text = engine_text(state, row, action, bet, int(thrown[row]))
            if text is not None:
                deal.apply(text)  # the engine takes it: the amount is in its range
        step(state, actions, bets=bets, discards=thrown if cards > 3 else None)
    assert state.terminated.all() and checked > 0


def test_the_random_bot_picks_uniformly_and_bets_after_an_open_look() -> None:
    """RandomBot's options on the menu, legal every time, each picked as often as the others
    (the first turn of a blind deal: fold, look, bet blind, bet open); a look chosen as an
    open bet is followed at once by a bet (BL2); amounts uniform over the range (B1, B3)."""
    rules = Rules(max_bet=10)
    rng = np.random.default_rng(8)
    state = init(rng, 6_000, players=3, rules=rules)
    play = batched_policy("random", rules, 9)
    first = play(state, np.arange(state.n))
    looks = int((first.actions == LOOK).sum())
    assert abs(looks / state.n - 0.5) < 0.03  # a look, or the look of an open bet
    assert abs(int((first.actions == 0).sum()) / state.n - 0.25) < 0.03  # fold
    blind_bets = first.bets[first.actions == STAY]  # a blind bet of 1 to 5 (BL1: half of 10)
    assert set(np.unique(blind_bets).tolist()) == {1, 2, 3, 4, 5}
    assert abs(float(blind_bets.mean()) - 3.0) < 0.1
    state = init(rng, 3_000, players=3, rules=rules)
    play = batched_policy("random", rules, 9)
    looks_then_bets = 0
    looks_then_acts = 0
    last_look = np.zeros(state.n, dtype=bool)
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        actions = np.zeros(state.n, dtype=np.int64)
        bets = np.zeros(state.n, dtype=np.int64)
        actions[live], bets[live], _ = play(state, live)
        assert state.legal_action_mask[live, actions[live]].all()
        assert not (actions[live] == AGREE).any()  # no proposals
        bet = (actions >= STAY) & (actions <= MAX)
        looks_then_bets += int((last_look & bet).sum())
        looks_then_acts += int(last_look[live].sum())
        last_look = np.zeros(state.n, dtype=bool)
        last_look[live] = actions[live] == LOOK
        step(state, actions, bets=bets)
    # a plain look is followed by a bet about half the time (fold or bet, see rarely), an open
    # bet's look always; the two kinds come about as often: about three looks in four
    assert looks_then_bets > 0.65 * looks_then_acts, (looks_then_bets, looks_then_acts)


@pytest.mark.parametrize("retained", ["two-hands", "face-up"])
def test_the_bots_decide_as_the_threshold_bots_in_sessions(retained: str) -> None:
    """Whole sessions at engine tables (kept blind hands, R2: keep or throw by ``keep_at``; R3:
    the face-up hand's gate; covers, M2, M3, with small stacks; the pack kept, D5): at every
    turn the batched cautious or bold bot at a seat picks what ThresholdBot picks through its
    own view of the table's deal (seats 0 and 2 cautious, 1 bold, in every deal)."""
    from tests.sim.test_session_equivalence import play_sessions

    rules = Rules(max_bet=10, retained_blind=retained)
    styles = [CAUTIOUS, BOLD, CAUTIOUS]
    policies = {style.name: batched_policy(style.name, rules, 0) for style in (CAUTIOUS, BOLD)}
    bots = {style.name: ThresholdBot(style, rules=rules) for style in (CAUTIOUS, BOLD)}
    verbs: Counter[str] = Counter()
    now: list[State] = []

    def choose(state: State) -> tuple[np.ndarray, None, None]:
        now[:] = [state]
        actions = np.zeros(state.n, dtype=np.int64)
        live = np.flatnonzero(~state.terminated)
        for style in (CAUTIOUS, BOLD):
            rows = live[[styles[int(s)] is style for s in state.current_player[live]]]
            if len(rows):
                actions[rows] = policies[style.name](state, rows).actions
        return actions, None, None

    def turn(row: int, deal: Deal, names: list[str], action: int) -> None:
        state = now[0]
        seat = int(state.current_player[row])
        bot = bots[styles[seat].name]
        view = deal.view(names[seat])
        if state.proposer[row] >= 0:  # rule B8: no proposals here, but answers are asked
            assert (action == AGREE) == bot.agrees(view)
            return
        wanted = str(bot.act(view))
        assert engine_text(state, row, action, names=names) == wanted, (row, wanted)
        verbs[wanted.split()[1]] += 1

    play_sessions(rules, 3, 8, 25, 7, 24, choose=choose, turn=turn)
    assert verbs["cover"] > 0 and sum(verbs.values()) > 1_000, verbs
    if retained == "two-hands":
        assert verbs["keep"] + verbs["throw"] > 0, verbs
