"""Simulated deals replayed through the checked engine, step by step (tests of bragkit.sim)."""

from __future__ import annotations

import numpy as np

from bragkit.cards import Card, Pack
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.sim import ACTIONS, State, init, random_actions, step
from bragkit.sim.menu import AGREE, DECLINE, FOLD, LOOK, MAX, SEE, STAY

__all__ = ["engine_text", "play_both"]


def engine_text(state: State, row: int, action: int, bet: int | None = None) -> str | None:
    """The engine's action for menu ``action`` of deal ``row`` now (None: a decline, which is
    no action in the engine: the proposer simply acts again); ``bet``: the chips of a bet
    given to the step (``bets``) instead of the menu's."""
    seat = int(state.current_player[row])
    name = f"p{seat}"
    amount = int(state.amounts[row, action]) if bet is None else bet
    if action == FOLD:
        return f"{name} fold"
    if action == LOOK:
        return f"{name} look"
    if STAY <= action <= MAX:
        return f"{name} {'bet' if state.looked[row, seat] else 'blind'} {amount}"
    if action == SEE:
        return f"{name} see {amount}"
    if action == AGREE:
        return f"{name} agree"
    assert action == DECLINE, ACTIONS[action]
    return None


def bet_range(deal: Deal, name: str, looked: bool) -> tuple[int, int] | None:
    """The least and most of the engine's bet (``looked``) or blind bet for ``name`` now."""
    verb = "bet" if looked else "blind"
    for option in deal.legal_actions():
        if option.player == name and option.verb.value == verb:
            assert option.min_amount is not None and option.max_amount is not None
            return option.min_amount, option.max_amount
    return None


def play_both(
    rules: Rules, players: int, n: int, seed: int, *, given_packs: bool, small_stacks: bool,
    any_amount: bool = False,
) -> tuple[State, list[Deal]]:
    """Play ``n`` random deals in the simulator and, in lock-step, in the engine. At every step
    each legal menu action must be one the engine accepts (the engine refuses nothing the
    simulator plays), and the player to act must be the same. With ``any_amount`` a bet puts
    in an amount drawn from the whole range (the step's ``bets``), and that range must be the
    engine's (B1, B3, BL1)."""
    rng = np.random.default_rng(seed)
    names = [f"p{i}" for i in range(players)]
    low = max(rules.ante, 1)
    stacks = rng.integers(low, low + 60, size=(n, players)) if small_stacks else \
        np.full((n, players), 10_000)
    carried = rng.integers(0, 12, size=n)
    packs = None
    if given_packs:
        base = np.minimum(np.arange(rules.pack_size), 52)
        packs = np.stack([rng.permutation(base) for _ in range(n)])
    state = init(rng, n, players=players, rules=rules, stacks=stacks, carried=carried,
                 packs=packs)
    deals: list[Deal] = []
    for row in range(n):
        if packs is not None:
            pack = Pack([Card(int(c)) for c in packs[row]], jokers=rules.jokers)
            deal = Deal(rules, players=names, dealer=names[-1], stacks=stacks[row].tolist(),
                        carried_pot=int(carried[row]), pack=pack)
        else:
            hands = {names[s]: [Card(int(c)) for c in state.hands[row, s]]
                     for s in range(players)}
            deal = Deal(rules, players=names, dealer=names[-1], stacks=stacks[row].tolist(),
                        carried_pot=int(carried[row]), hands=hands)
        deals.append(deal)
    for _ in range(10_000):
        if state.terminated.all():
            break
        actions = random_actions(state, rng, propose=True)
        bets = None
        if any_amount:
            bets = state.least + (rng.random(n) * (state.top - state.least + 1)).astype(np.int64)
        for row in np.flatnonzero(~state.terminated):
            deal = deals[row]
            seat = int(state.current_player[row])
            if state.proposer[row] < 0:
                assert deal.to_act == names[seat], (row, deal.to_act, seat)
            else:
                assert deal.to_act == names[int(state.proposer[row])]
            for option in np.flatnonzero(state.legal_action_mask[row]):
                text = engine_text(state, row, int(option))
                if text is not None:
                    assert deal.can_apply(text), (row, text, deal.legal_actions())
            if any_amount and state.legal_action_mask[row, STAY]:
                looked = bool(state.looked[row, seat])
                assert bet_range(deal, names[seat], looked) == (
                    int(state.least[row]), int(state.top[row])), (row, deal.legal_actions())
            bet = None if bets is None or not STAY <= actions[row] <= MAX else int(bets[row])
            text = engine_text(state, row, int(actions[row]), bet)
            if text is not None:
                deal.apply(text)
        step(state, actions, bets=bets)
    assert state.terminated.all()
    return state, deals
