"""One step of N deals: :func:`step` applies each deal's action for its player to act.

Every action is checked against the legal actions: an illegal one raises
:class:`~bragkit.errors.IllegalActionError` naming the first deal and its menu, and changes
nothing. Deals already over ignore their action (pgx's convention) and keep their result.
A bet puts in its menu amount, or any amount in range given as ``bets`` (B1, B3, BL1).

The step works on whole arrays, every deal at once, without branching on the action: each
action's effect is computed for every deal and kept where it was chosen (seats as bits, see
:mod:`bragkit.sim.state`); only the deals that end at this step are settled apart.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.menu import FOLD, LOOK, SEE, STAY
>>> from bragkit.sim.deals import init
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
>>> state = init(None, 1, players=2, rules=Rules(max_bet=10), packs=[list(range(52))])
>>> _ = step(state, [LOOK]); _ = step(state, [STAY], bets=[7])   # an open bet of 7 (B3)
>>> int(state.stake[0]), int(state.pot[0])
(7, 9)
>>> _ = step(state, [STAY], bets=[11])
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: deal 0: seat 1 may not bet 11 blind now: from 4 to 5 (rule B1)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import IllegalActionError
from bragkit.sim.menu import (
    ACTIONS,
    AGREE,
    COVER,
    DECLINE,
    DISCARD,
    FOLD,
    LOOK,
    MAX,
    NUM_ACTIONS,
    SEE,
    STAY,
    refresh,
)
from bragkit.sim.moves import check_discards, looked, rare, stayed_in
from bragkit.sim.moves import folded as hands_folded
from bragkit.sim.settle import fold_out as settle_fold_out
from bragkit.sim.settle import see as settle_see
from bragkit.sim.settle import showdown as settle_showdown
from bragkit.sim.state import TALLY_OPEN, TALLY_RAISE, State

__all__ = ["step"]

Rows = npt.NDArray[np.int64]
Index = slice | Rows
# The rule a refused action breaks, for the message.
_RULES: Final = {FOLD: "B2", LOOK: "BL5", SEE: "BL4", AGREE: "B8", DECLINE: "B8", MAX: "B1",
                 COVER: "M2", DISCARD: "F1"}


def step(state: State, actions: npt.ArrayLike, rows: npt.ArrayLike | None = None, *,
         bets: npt.ArrayLike | None = None, discards: npt.ArrayLike | None = None) -> State:
    """Apply ``actions`` (one menu index per deal) to the deals not over; returns ``state``,
    updated in place. ``rewards`` hold each seat's chips won or lost over the deal in the rows
    that ended at this step, zero elsewhere. With ``rows``, only those deals are stepped (the
    others keep their state, their rewards included).

    ``bets`` (one whole number per deal) are the chips a bet action (``stay`` to ``max``)
    puts in instead of its menu amount: any amount from the least bet to the most
    (``state.least`` to ``state.top``: B1, B3; a blind player's, BL1), as the engine's ``bet``
    and ``blind`` take; deals whose action is not a bet ignore theirs."""
    chosen = np.asarray(actions)
    if chosen.shape != (state.n,) or not np.issubdtype(chosen.dtype, np.integer):
        raise IllegalActionError(f"actions must be {state.n} menu indices, not "
                                 f"{chosen.dtype} of shape {chosen.shape}", rule="B11")
    chips: Rows | None = None
    if bets is not None:
        given = np.asarray(bets)
        if given.shape != (state.n,) or not np.issubdtype(given.dtype, np.integer):
            raise IllegalActionError(f"bets must be {state.n} whole numbers of chips, not "
                                     f"{given.dtype} of shape {given.shape}", rule="B3")
        chips = given.astype(np.int64)
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
    if len(a) and (a.min() < 0 or a.max() >= NUM_ACTIONS):
        legal = (state.legal_bits[idx] >> np.clip(a, 0, NUM_ACTIONS - 1)) & 1
        bad = live & ((a < 0) | (a >= NUM_ACTIONS) | (legal == 0))
    else:
        legal = state.legal_bits[idx] >> a
        legal &= 1
        bad = live & (legal == 0)
    if bad.any():
        row = int(where[np.argmax(bad)])
        raise _refused(state, row, int(chosen[row]))
    paid: Rows | None = None
    if chips is not None:
        paid = chips[idx]
        betting = live & (a >= STAY) & (a <= MAX)
        wrong = betting & ((paid < state.least[idx]) | (paid > state.top[idx]))
        if wrong.any():
            row = int(where[np.argmax(wrong)])
            seat = int(state.current_player[row])
            blind = "" if state.looked_bits[row] >> seat & 1 else " blind"
            raise IllegalActionError(
                f"deal {row}: seat {seat} may not bet {int(chips[row])}{blind} now: from "
                f"{int(state.least[row])} to {int(state.top[row])}", rule="B1")
    thrown: Rows | None = None
    if discards is not None:
        thrown = check_discards(state, discards, where, a, live)
    _apply(state, idx, where, a, live, paid, thrown)
    refresh(state, None if rows is None else where)
    return state


def _refused(state: State, row: int, action: int) -> IllegalActionError:
    seat = int(state.current_player[row])
    legal = ", ".join(ACTIONS[i] for i in range(NUM_ACTIONS) if state.legal_bits[row] >> i & 1)
    name = ACTIONS[action] if 0 <= action < NUM_ACTIONS else f"action {action}"
    rule = _RULES.get(action, "B3")
    return IllegalActionError(f"deal {row}: seat {seat} may not {name} now; legal: {legal}",
                              rule=rule)


# Per menu action (and a last entry for a deal that does not act): the multiple of the least
# bet it puts in (B3).
_NONE: Final = NUM_ACTIONS
_MULTIPLE: Final = np.array([0, 0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=np.int64)
# The actions worked on their rows only (rules M2, R2, F1), and what a deal not acting does
_RARE: Final = np.zeros(NUM_ACTIONS + 1, dtype=bool)
_RARE[COVER:NUM_ACTIONS] = True
_TWO: Final = np.uint8(2)
_FOUR: Final = np.uint8(4)
# A seat's tally added by a step, by (bet, open, raised) as bits 2, 1, 0: a blind bet, an open
# bet, an open raise (B3, BL1)
_TALLY: Final = np.array([0, 0, 0, 0, 1, 1, TALLY_OPEN, TALLY_OPEN + TALLY_RAISE],
                         dtype=np.int64)


def _apply(state: State, idx: Index, where: Rows, a: Rows, live: npt.NDArray[np.bool_],
           bets: Rows | None, thrown: Rows | None) -> None:
    """Every deal's action at once, in place (on views of the state's columns when ``idx``
    is every deal; on copies written back otherwise). Flags are made int64 once, so that no
    product casts; the rare actions (a proposal, a refusal) are applied to their rows only.
    ``bets``: the chips of a bet in each row, checked (None: the menu's amounts)."""
    every = isinstance(idx, slice)
    act = a
    np.putmask(act, ~live, _NONE)  # a deal over does nothing
    turn = state.current_player[idx]
    cur = np.maximum(turn, 0)
    seat = state.turn_bit[idx]
    is_fold = act == FOLD
    is_see = act == SEE
    is_agree = act == AGREE
    is_decline = act == DECLINE
    is_max = act == MAX
    multiple = _MULTIPLE[act]  # stay 1, raise2 2, ... raise4 4
    is_bet = multiple != 0
    is_bet |= is_max
    looked_bits = state.looked_bits[idx]
    open_ = (looked_bits & seat) != 0  # an open player
    # the chips put in: a bet (a multiple of the least, or the most), or a see
    pay = state.least[idx] * multiple
    pay += state.top[idx] * is_max.astype(np.int64)
    pay += state.cost[idx] * is_see.astype(np.int64)
    if bets is not None:
        pay = np.where(is_bet, bets, pay)
    flat = state.base[idx] + cur
    np.subtract.at(state.stacks.reshape(-1), flat, pay)  # each row's one cell: a scatter
    pot = state.pot[idx]
    pot += pay
    # rules B3, BL1: a bet sets the stake, a blind bet at twice what it put in
    stake = state.stake[idx]
    raised = pay > np.maximum(stake, state.rules.min_bet)
    code = raised.view(np.uint8) | open_.view(np.uint8) * _TWO | is_bet.view(np.uint8) * _FOUR
    np.add.at(state.tally.reshape(-1), flat, _TALLY[code.astype(np.intp)])
    bet = is_bet.astype(np.int64)
    doubled = pay * (~open_).astype(np.int64)
    doubled += pay
    doubled -= stake
    doubled *= bet
    stake += doubled
    bet_made = state.bet_made[idx]
    bet_made |= is_bet
    looked_bits |= seat * (act == LOOK).astype(np.int64)  # rule BL2
    folded = state.folded_bits[idx]
    folded |= seat * is_fold.astype(np.int64)
    n_betting = state.n_betting[idx]
    n_betting -= is_fold.astype(np.int64)
    # rule B8: a bet, fold or see moves the betting on and agreements lapse; an agreement
    agreed = state.agreed_bits[idx]
    agreed *= (~(is_bet | is_fold | is_see)).astype(np.int64)
    agreed |= seat * is_agree.astype(np.int64)
    proposer = state.proposer[idx]
    fresh = np.flatnonzero(is_agree & (proposer < 0))
    proposer[fresh] = cur[fresh]
    # the turn passes left to the next seat still betting (B4), or still to agree (B8)
    active = state.full ^ folded
    waiting = active & ~agreed
    showdown = is_agree & (waiting == 0)
    fold_out = is_fold & (n_betting == 1)
    skip = np.where(is_agree, waiting, active)
    cur <<= state.players  # cur * (full + 1): the row of the seat's table
    skip += cur
    nxt = state.next_seat[skip]
    # rule R3: who made a first decision to stay in (before ``is_bet`` becomes ``moves``)
    stays = np.flatnonzero(is_bet | is_see) if state.extra is not None else None
    moves = is_bet  # (is_bet is not read again)
    moves |= is_fold ^ fold_out
    moves |= is_agree ^ showdown
    nxt -= turn
    nxt *= moves.astype(np.int64)
    turn += nxt
    declined = np.flatnonzero(is_decline)
    if len(declined):  # the proposer acts again (B8)
        turn[declined] = proposer[declined]
        proposer[declined] = -1
    if every:
        np.take(state.powers, turn, out=state.turn_bit)
    else:
        state.turn_bit[idx] = state.powers[turn]
        state.current_player[idx] = turn
        state.proposer[idx] = proposer
        state.looked_bits[idx] = looked_bits
        state.folded_bits[idx] = folded
        state.n_betting[idx] = n_betting
        state.agreed_bits[idx] = agreed
        state.pot[idx] = pot
        state.stake[idx] = stake
        state.bet_made[idx] = bet_made
    players = state.players
    log = state.log
    if log is not None:  # the deal's last actions, for observations
        acted = np.flatnonzero(live)
        log.record(where.take(acted), cur.take(acted) >> players, act.take(acted),
                   pay.take(acted))
    if state.extra is not None or state.carry is not None:
        gone = np.flatnonzero(is_fold)  # rule D5: the hands go under the pack
        if len(gone):
            hands_folded(state, where.take(gone), cur.take(gone) >> players)
        if state.extra is not None:  # rule R3: a first decision to stay in
            looks = np.flatnonzero(act == LOOK)  # rules R2, F1
            if len(looks):
                looked(state, where.take(looks), cur.take(looks) >> players)
            assert stays is not None
            if len(stays):
                stayed_in(state, where.take(stays), cur.take(stays) >> players)
    odd = np.flatnonzero(_RARE[act])
    if len(odd):
        rare(state, where.take(odd), act.take(odd), cur.take(odd) >> players,
             None if thrown is None else thrown.take(odd))
    ended = np.flatnonzero(fold_out)
    if len(ended):
        settle_fold_out(state, where.take(ended))
    seen = np.flatnonzero(is_see)
    if len(seen):
        rows = where.take(seen)
        settle_see(state, rows, state.current_player.take(rows))
    ended = np.flatnonzero(showdown)
    if len(ended):
        settle_showdown(state, where.take(ended))
    carry = state.carry
    if carry is not None:  # rule D5: the hands of the deals over go under the pack
        over = where[state.ended[where]] if not every else np.flatnonzero(state.ended)
        if len(over):
            carry.close(state, over)
