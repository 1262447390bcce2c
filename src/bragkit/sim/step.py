"""One step of N deals: :func:`step` applies each deal's action for its player to act.

Every action is checked against ``legal_action_mask``: an illegal one raises
:class:`~bragkit.errors.IllegalActionError` naming the first deal and its menu, and changes
nothing. Deals already over ignore their action (pgx's convention) and keep their result.

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
from bragkit.sim.state import State

__all__ = ["step"]

Rows = npt.NDArray[np.int64]
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
    chosen = chosen.astype(np.int64)
    if rows is None:
        live = np.flatnonzero(~state.terminated)
    else:
        index = np.asarray(rows, dtype=np.int64).reshape(-1)
        live = index[~state.terminated[index]]
    a = chosen[live]
    bad = (a < 0) | (a >= NUM_ACTIONS)
    if not bad.any():
        bad = ~state.legal_action_mask[live, a]
    if bad.any():
        raise _refused(state, int(live[np.argmax(bad)]), int(chosen[live[np.argmax(bad)]]))
    state.rewards[live] = 0.0
    p = state.current_player[live]
    _look(state, live[a == LOOK], p[a == LOOK])
    bets = (a >= STAY) & (a <= MAX)
    _bet(state, live[bets], p[bets], a[bets])
    _fold(state, live[a == FOLD], p[a == FOLD])
    _see(state, live[a == SEE], p[a == SEE])
    _agree(state, live[a == AGREE], p[a == AGREE])
    _decline(state, live[a == DECLINE])
    refresh(state, live)
    return state


def _refused(state: State, row: int, action: int) -> IllegalActionError:
    seat = int(state.current_player[row])
    legal = ", ".join(ACTIONS[i] for i in np.flatnonzero(state.legal_action_mask[row]))
    name = ACTIONS[action] if 0 <= action < NUM_ACTIONS else f"action {action}"
    rule = _RULES.get(action, "B3")
    return IllegalActionError(f"deal {row}: seat {seat} may not {name} now; legal: {legal}",
                              rule=rule)


def _look(state: State, rows: Rows, p: Rows) -> None:
    state.looked[rows, p] = True  # rule BL2: the same player acts again


def _bet(state: State, rows: Rows, p: Rows, a: Rows) -> None:
    if not len(rows):
        return
    amount = state.amounts[rows, a]
    looked = state.looked[rows, p]
    least_open = np.where(state.bet_made[rows], state.stake[rows], state.rules.min_bet)
    state.stacks[rows, p] -= amount
    state.pot[rows] += amount
    state.stake[rows] = np.where(looked, amount, 2 * amount)  # rule BL1: a blind bet counts 2x
    state.bet_made[rows] = True
    state.open_bets[rows, p] += looked
    state.raises[rows, p] += looked & (amount > least_open)
    state.blind_bets[rows, p] += ~looked
    state.agreed[rows] = False  # rule B8: the betting moved on
    _next(state, rows, p, state.folded[rows])


def _fold(state: State, rows: Rows, p: Rows) -> None:
    if not len(rows):
        return
    state.folded[rows, p] = True
    state.n_betting[rows] -= 1
    state.agreed[rows] = False  # rule B8
    last = state.n_betting[rows] == 1
    _fold_out(state, rows[last])
    _next(state, rows[~last], p[~last], state.folded[rows[~last]])


def _next(state: State, rows: Rows, p: Rows, skip: npt.NDArray[np.bool_]) -> None:
    """The turn passes to the first seat to the left of ``p`` not in ``skip`` (rule B4)."""
    if not len(rows):
        return
    n = state.players
    offsets = np.arange(1, n + 1)
    seats = (p[:, None] + offsets[None, :]) % n
    free = ~skip[np.arange(len(rows))[:, None], seats]
    state.current_player[rows] = seats[np.arange(len(rows)), np.argmax(free, axis=1)]


def _fold_out(state: State, rows: Rows) -> None:
    """Rules B5, BL3: one player left; a blind one leaves the pot to be carried forward."""
    if not len(rows):
        return
    winner = np.argmax(~state.folded[rows], axis=1)
    looked = state.looked[rows, winner]
    won = rows[looked]
    state.winnings[won, winner[looked]] = state.pot[won]
    blind = rows[~looked]
    state.carried[blind] = state.pot[blind]
    state.retained[blind] = winner[~looked]
    _finish(state, rows)


def _see(state: State, rows: Rows, p: Rows) -> None:
    """Rules B6, H8: the seen player shows; the seer wins only with a better hand."""
    if not len(rows):
        return
    cost = state.amounts[rows, SEE]
    state.stacks[rows, p] -= cost
    state.pot[rows] += cost
    betting = ~state.folded[rows]
    betting[np.arange(len(rows)), p] = False
    seen = np.argmax(betting, axis=1)
    wins = state.values[rows, p] > state.values[rows, seen]
    winner = np.where(wins, p, seen)
    state.winnings[rows, winner] = state.pot[rows]
    state.shown[rows, seen] = True
    state.shown[rows[wins], p[wins]] = True  # rule D8: a losing seer does not show
    _finish(state, rows)


def _agree(state: State, rows: Rows, p: Rows) -> None:
    """Rule B8: propose a showdown, or agree to one; it comes with the last agreement."""
    if not len(rows):
        return
    state.agreed[rows, p] = True
    fresh = state.proposer[rows] < 0
    state.proposer[rows[fresh]] = p[fresh]
    agreed = state.agreed[rows]
    betting = ~state.folded[rows]
    done = (agreed & betting).sum(axis=1) == state.n_betting[rows]
    _showdown(state, rows[done])
    more = ~done
    _next(state, rows[more], p[more], state.folded[rows[more]] | agreed[more])


def _decline(state: State, rows: Rows) -> None:
    """A proposed showdown refused: the proposer acts again (the agreements stand until the
    betting moves on, B8)."""
    state.current_player[rows] = state.proposer[rows]
    state.proposer[rows] = -1


def _showdown(state: State, rows: Rows) -> None:
    """Rule B8: every hand still betting is shown; the best wins, equal best split, the odd
    chips one each to the first of them from the dealer's left."""
    if not len(rows):
        return
    betting = ~state.folded[rows]
    values = np.where(betting, state.values[rows].astype(np.int64), -1)
    best = values == values.max(axis=1, keepdims=True)
    count = best.sum(axis=1)
    pot = state.pot[rows]
    share = pot // count
    odd = pot - share * count
    order = np.cumsum(best, axis=1) - 1
    state.winnings[rows] = np.where(best, share[:, None] + (order < odd[:, None]), 0)
    state.shown[rows] = betting
    _finish(state, rows)


def _finish(state: State, rows: Rows) -> None:
    state.stacks[rows] += state.winnings[rows]
    state.rewards[rows] = (state.stacks[rows] - state.start_stacks[rows]).astype(np.float32)
    state.terminated[rows] = True
    state.current_player[rows] = -1
    state.proposer[rows] = -1
