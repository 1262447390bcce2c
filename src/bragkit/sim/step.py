"""One step of N deals: :func:`step` applies each deal's action for its player to act.

Every action is checked against the legal actions: an illegal one raises
:class:`~bragkit.errors.IllegalActionError` naming the first deal and its menu, and changes
nothing. Deals already over ignore their action (pgx's convention) and keep their result.

The step works on whole arrays, every deal at once, without branching on the action: each
action's effect is computed for every deal and kept where it was chosen (seats as bits, see
:mod:`bragkit.sim.state`); only the deals that end at this step are settled apart.

>>> from bragkit.rules import Rules
>>> from bragkit.sim.menu import FOLD, LOOK, SEE, STAY
>>> from bragkit.sim.state import init
>>> state = init(None, 1, players=2, rules=Rules(), packs=[list(range(52))])
>>> _ = step(state, [STAY])                  # seat 0: a blind 1 sets the stake to 2 (BL1)
>>> int(state.stake[0]), int(state.current_player[0])
(2, 1)
>>> _ = step(state, [LOOK]); _ = step(state, [SEE])
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: deal 0: seat 1 may not see now; legal: fold, stay, raise2, \
raise3, raise4, max (rule BL4)
>>> _ = step(state, [FOLD])                  # everyone folded to a blind player (BL3)
>>> bool(state.terminated[0]), int(state.carried[0]), int(state.retained[0])
(True, 3, 0)
>>> state.rewards[0].tolist()
[-2.0, -1.0]
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import IllegalActionError
from bragkit.sim.menu import (
    ACTIONS,
    AGREE,
    DECLINE,
    FOLD,
    LOOK,
    MAX,
    NUM_ACTIONS,
    SEE,
    STAY,
    refresh,
)
from bragkit.sim.state import TALLY_OPEN, TALLY_RAISE, State

__all__ = ["step"]

Rows = npt.NDArray[np.int64]
Index = slice | Rows
# The rule a refused action breaks, for the message.
_RULES: Final = {FOLD: "B2", LOOK: "BL5", SEE: "BL4", AGREE: "B8", DECLINE: "B8", MAX: "B1"}


def step(state: State, actions: npt.ArrayLike, rows: npt.ArrayLike | None = None) -> State:
    """Apply ``actions`` (one menu index per deal) to the deals not over; returns ``state``,
    updated in place. ``rewards`` hold each seat's chips won or lost over the deal in the rows
    that ended at this step, zero elsewhere. With ``rows``, only those deals are stepped (the
    others keep their state, their rewards included)."""
    chosen = np.asarray(actions)
    if chosen.shape != (state.n,) or not np.issubdtype(chosen.dtype, np.integer):
        raise IllegalActionError(f"actions must be {state.n} menu indices, not "
                                 f"{chosen.dtype} of shape {chosen.shape}", rule="B11")
    if rows is None:
        idx: Index = slice(None)
        where = np.arange(state.n)
        state.ended.fill(False)
    else:
        where = np.asarray(rows, dtype=np.int64).reshape(-1)
        idx = where
        state.ended[where] = False
    a = chosen[idx].astype(np.int64)
    live = ~state.terminated[idx]
    legal = (state.legal_bits[idx] >> np.clip(a, 0, NUM_ACTIONS - 1)) & 1
    bad = live & ((a < 0) | (a >= NUM_ACTIONS) | (legal == 0))
    if bad.any():
        row = int(where[np.argmax(bad)])
        raise _refused(state, row, int(chosen[row]))
    _apply(state, idx, where, a, live)
    refresh(state, None if rows is None else where)
    return state


def _refused(state: State, row: int, action: int) -> IllegalActionError:
    seat = int(state.current_player[row])
    legal = ", ".join(ACTIONS[i] for i in range(NUM_ACTIONS) if state.legal_bits[row] >> i & 1)
    name = ACTIONS[action] if 0 <= action < NUM_ACTIONS else f"action {action}"
    rule = _RULES.get(action, "B3")
    return IllegalActionError(f"deal {row}: seat {seat} may not {name} now; legal: {legal}",
                              rule=rule)


def _apply(state: State, idx: Index, where: Rows, a: Rows, live: npt.NDArray[np.bool_]) -> None:
    cur = np.maximum(state.current_player[idx], 0)
    seat = state.turn_bit[idx]
    is_fold = live & (a == FOLD)
    is_look = live & (a == LOOK)
    is_bet = live & (a >= STAY) & (a <= MAX)
    is_see = live & (a == SEE)
    is_agree = live & (a == AGREE)
    is_decline = live & (a == DECLINE)
    bet = is_bet.astype(np.int64)
    looked_bits = state.looked_bits[idx]
    looked = ((looked_bits & seat) != 0).astype(np.int64)  # 1 for an open player
    # the chips put in: a bet (a multiple of the least, or the most), or a see
    is_max = is_bet & (a == MAX)
    multiple = (a - (STAY - 1)) * (is_bet & ~is_max)  # stay 1, raise2 2, ... raise4 4
    amount = state.least[idx] * multiple + state.top[idx] * is_max
    pay = amount + state.cost[idx] * is_see
    flat = state.base[idx] + cur
    stacks = state.stacks.reshape(-1)
    stacks[flat] -= pay
    state.pot[idx] += pay
    # rules B3, BL1: a bet sets the stake, a blind bet at twice what it put in
    stake = state.stake[idx]
    least_open = np.maximum(stake, state.rules.min_bet)
    state.stake[idx] = stake + bet * (amount + amount * (1 - looked) - stake)
    state.bet_made[idx] |= is_bet
    raised = amount > least_open
    tally = bet * (1 + looked * (TALLY_OPEN - 1 + TALLY_RAISE * raised))
    state.tally.reshape(-1)[flat] += tally
    state.looked_bits[idx] = looked_bits | (seat * is_look)  # rule BL2
    folded = state.folded_bits[idx] | (seat * is_fold)
    state.folded_bits[idx] = folded
    n_betting = state.n_betting[idx] - is_fold
    state.n_betting[idx] = n_betting
    # rule B8: a bet, fold or see moves the betting on and agreements lapse; an agreement
    kept = ~(is_bet | is_fold | is_see)
    agreed = (state.agreed_bits[idx] * kept) | (seat * is_agree)
    state.agreed_bits[idx] = agreed
    proposer = state.proposer[idx]
    fresh = is_agree & (proposer < 0)
    proposer += (cur - proposer) * fresh
    # the turn passes left to the next seat still betting (B4), or still to agree (B8)
    active = state.full & ~folded
    waiting = active & ~agreed
    showdown = is_agree & (waiting == 0)
    fold_out = is_fold & (n_betting == 1)
    skip = active + (waiting - active) * is_agree
    nxt = state.next_seat[cur * (state.full + 1) + skip]
    moves = is_bet | (is_fold & ~fold_out) | (is_agree & ~showdown)
    turn = state.current_player[idx]
    turn += (nxt - turn) * moves + (proposer - turn) * is_decline
    state.current_player[idx] = turn
    state.turn_bit[idx] = state.powers[turn]
    state.proposer[idx] = proposer - (proposer + 1) * is_decline
    if fold_out.any():
        _fold_out(state, where[fold_out])
    if is_see.any():
        _see(state, where[is_see], cur[is_see])
    if showdown.any():
        _showdown(state, where[showdown])


def _fold_out(state: State, rows: Rows) -> None:
    """Rules B5, BL3: one player left; a blind one leaves the pot to be carried forward."""
    winner = state.lowest[state.full & ~state.folded_bits[rows]]
    looked = (state.looked_bits[rows] >> winner) & 1 == 1
    pot = state.pot[rows]
    won = pot * looked
    cell = rows * state.players + winner
    state.winnings.reshape(-1)[cell] = won
    state.stacks.reshape(-1)[cell] += won
    state.carried[rows] = pot - won
    state.retained[rows] = np.where(looked, -1, winner)
    _finish(state, rows)


def _see(state: State, rows: Rows, p: Rows) -> None:
    """Rules B6, H8: the seen player shows; the seer wins only with a better hand."""
    seen = state.lowest[state.full & ~state.folded_bits[rows] & ~np.left_shift(1, p)]
    players = state.players
    values = state.values.reshape(-1)
    wins = values[rows * players + p] > values[rows * players + seen]
    winner = np.where(wins, p, seen)
    cell = rows * players + winner
    state.winnings.reshape(-1)[cell] = state.pot[rows]
    state.stacks.reshape(-1)[cell] += state.pot[rows]
    state.shown.reshape(-1)[rows * players + seen] = True
    state.shown.reshape(-1)[cell] = True  # rule D8: a losing seer does not show
    _finish(state, rows)


def _showdown(state: State, rows: Rows) -> None:
    """Rule B8: every hand still betting is shown; the best wins, equal best split, the odd
    chips one each to the first of them from the dealer's left."""
    betting = ~state.folded[rows]
    values = np.where(betting, state.values[rows].astype(np.int64), -1)
    best = values == values.max(axis=1, keepdims=True)
    count = best.sum(axis=1)
    pot = state.pot[rows]
    share = pot // count
    odd = pot - share * count
    order = np.cumsum(best, axis=1) - 1
    won = np.where(best, share[:, None] + (order < odd[:, None]), 0)
    state.winnings[rows] = won
    state.stacks[rows] += won
    state.shown[rows] = betting
    _finish(state, rows)


def _finish(state: State, rows: Rows) -> None:
    """The deal is over: its stacks are final (the pot paid out or carried)."""
    state.ended[rows] = True
    state.terminated[rows] = True
    state.current_player[rows] = -1
    state.turn_bit[rows] = 0
    state.proposer[rows] = -1
