"""Simulated deals replayed through the checked engine, step by step (tests of bragkit.sim)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from bragkit.cards import Card, Pack
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.sim import ACTIONS, State, init, random_actions, step
from bragkit.sim.menu import (
    AGREE,
    COVER,
    DECLINE,
    DISCARD,
    FOLD,
    KEEP,
    LOOK,
    LOOK_OLD,
    MAX,
    SEE,
    STAY,
    THROW,
)
from bragkit.sim.strength import JOKER

__all__ = ["engine_text", "engine_verbs", "lock_step", "menu_verbs", "play_both"]


def engine_text(state: State, row: int, action: int, bet: int | None = None,
                thrown: int | None = None, names: list[str] | None = None) -> str | None:
    """The engine's action for menu ``action`` of deal ``row`` now (None: a decline, which is
    no action in the engine: the proposer simply acts again); ``bet``: the chips of a bet
    given to the step (``bets``) instead of the menu's; ``thrown``: the positions a discard
    throws (the step's ``discards``; None: the best three kept); ``names``: the engine's name
    of each seat (``p0``, ``p1``, ... by default)."""
    seat = int(state.current_player[row])
    name = f"p{seat}" if names is None else names[seat]
    amount = int(state.amounts[row, action]) if bet is None else bet
    extra = state.extra
    if action == FOLD:
        return f"{name} fold"
    if action == LOOK:
        if extra is not None and extra.two_seat[row] == seat:
            return f"{name} look new"  # rule R2
        return f"{name} look"
    if action == LOOK_OLD:
        return f"{name} look old"
    if action in (KEEP, THROW):
        return f"{name} {ACTIONS[action]}"
    if action == COVER:
        return f"{name} cover {amount}"
    if action == DISCARD:
        assert extra is not None
        hand = state.hands[row, seat]
        if thrown is None:
            positions = state.rater.thrown[int(extra.combo[row, seat])].tolist()
        else:  # jokers are alike (W1): the simulator throws the first k in the hand, and
            # shows the discards in hand order (D8), so the action names them so
            jokers = [k for k in range(state.cards) if hand[k] == JOKER]
            named = [k for k in range(state.cards) if thrown >> k & 1]
            thrown_jokers = sum(1 for k in named if hand[k] == JOKER)
            positions = sorted([k for k in named if hand[k] != JOKER]
                               + jokers[:thrown_jokers])
        return f"{name} discard {' '.join(str(Card(int(hand[k]))) for k in positions)}"
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
    lock_step(state, deals, rng, any_amount=any_amount)
    return state, deals


#: The engine's verb of each menu action (a bet's is ``bet`` or ``blind``).
_VERBS = {FOLD: "fold", LOOK: "look", LOOK_OLD: "look", SEE: "see", AGREE: "agree",
          COVER: "cover", KEEP: "keep", THROW: "throw", DISCARD: "discard"}


def menu_verbs(state: State, row: int) -> set[str]:
    """The engine's verbs of the simulator's menu in deal ``row`` now."""
    seat = int(state.current_player[row])
    verbs = set()
    for option in np.flatnonzero(state.legal_action_mask[row]):
        if STAY <= option <= MAX:
            verbs.add("bet" if state.looked[row, seat] else "blind")
        elif option != DECLINE:
            verbs.add(_VERBS[int(option)])
    return verbs


def engine_verbs(deal: Deal, name: str, blind: bool) -> set[str]:
    """The verbs the engine offers ``name``, its player to act, less top-ups (M1) and a blind
    player's open bet (a look and then a bet in the simulator, BL2)."""
    verbs = {o.verb.value for o in deal.legal_actions(name)} - {"topup"}
    if blind:
        verbs.discard("bet")
    return verbs


Choice = tuple[np.ndarray, np.ndarray | None, np.ndarray | None]


def lock_step(state: State, deals: list[Deal], rng: np.random.Generator, *,
              any_amount: bool, seats: list[list[str]] | None = None,
              apply: Callable[[int, str], None] | None = None,
              choose: Callable[[State], Choice] | None = None,
              turn: Callable[[int, Deal, list[str], int], None] | None = None) -> None:
    """Step every deal of ``state`` and its engine deal together to the end with random
    actions (proposals, amounts drawn from the whole range with ``any_amount``, random
    discards). At every turn the engine offers the same verbs as the simulator (less what the
    simulator plays as two steps, :func:`engine_verbs`), accepts every action of its menu, and
    has the same player to act; with ``any_amount`` the range of a bet is the engine's.
    ``seats``: each deal's engine name of each seat (``p0``, ... by default); ``apply``: how an
    action reaches the engine (default: the deal's own ``apply``; a table's, in a session);
    ``choose``: the actions, bets and discards of a step (default: random); ``turn``: called
    with the row, the engine's deal, the names and the action at every turn, before it."""
    n = state.n
    default = [f"p{i}" for i in range(state.players)]
    choices = state.rater.thrown
    for _ in range(10_000):
        if state.terminated.all():
            break
        actions = random_actions(state, rng, propose=True)
        bets = None
        if any_amount:
            bets = state.least + (rng.random(n) * (state.top - state.least + 1)).astype(np.int64)
        thrown = None
        if state.cards > 3:
            picks = choices[rng.integers(0, len(choices), n)]
            thrown = (np.left_shift(1, picks)).sum(axis=1)
        if choose is not None:
            actions, bets, thrown = choose(state)
        for row in np.flatnonzero(~state.terminated):
            deal = deals[row]
            names = default if seats is None else seats[row]
            seat = int(state.current_player[row])
            if state.proposer[row] < 0:
                assert deal.to_act == names[seat], (row, deal.to_act, seat)
                assert menu_verbs(state, row) == engine_verbs(
                    deal, names[seat], not state.looked[row, seat]), (
                    row, menu_verbs(state, row), deal.legal_actions(names[seat]))
            else:
                assert deal.to_act == names[int(state.proposer[row])]
            for option in np.flatnonzero(state.legal_action_mask[row]):
                text = engine_text(state, row, int(option), names=names)
                if text is not None:
                    assert deal.can_apply(text), (row, text, deal.legal_actions())
            if any_amount and state.legal_action_mask[row, STAY]:
                looked = bool(state.looked[row, seat])
                assert bet_range(deal, names[seat], looked) == (
                    int(state.least[row]), int(state.top[row])), (row, deal.legal_actions())
            if turn is not None:
                turn(int(row), deal, names, int(actions[row]))
            bet = None if bets is None or not STAY <= actions[row] <= MAX else int(bets[row])
            text = engine_text(state, row, int(actions[row]), bet,
                               None if thrown is None else int(thrown[row]), names)
            if text is not None:
                if apply is None:
                    deal.apply(text)
                else:
                    apply(int(row), text)
        step(state, actions, bets=bets, discards=thrown)
    assert state.terminated.all()
