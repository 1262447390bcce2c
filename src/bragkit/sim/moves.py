"""The moves the step works on their rows only (rules M2, M3, R2, R3, F1-F3, D5): a cover, a
look at one of two hands and the keep or throw that follows it, a discard, and what a fold, a
look or a first decision to stay in does beyond the common step (the hands going under the
pack, the face-up hand discarded).

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> from bragkit.sim.menu import DISCARD, LOOK
>>> from bragkit.sim.step import step
>>> state = init(None, 1, players=2, rules=Rules(cards=4), packs=[list(range(52))])
>>> state.hands[0].tolist()
[[0, 2, 4, 6], [1, 3, 5, 7]]
>>> _ = step(state, [LOOK]); bool(state.legal_action_mask[0, DISCARD])  # rule F1
True
>>> _ = step(state, [DISCARD], discards=[0b0001])     # throw the first card dealt
>>> bool(state.looked[0, 0]), int(state.extra.combo[0, 0])   # keeps positions 1, 2, 3
(True, 3)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bragkit.errors import IllegalActionError
from bragkit.sim.actions import COVER, DISCARD, KEEP, LOOK_OLD, THROW
from bragkit.sim.settle import fold_out
from bragkit.sim.state import State
from bragkit.sim.strength import JOKER

__all__ = ["check_discards", "folded", "looked", "rare", "stayed_in"]

Rows = npt.NDArray[np.int64]


def check_discards(state: State, discards: npt.ArrayLike, where: Rows, a: Rows,
                   live: npt.NDArray[np.bool_]) -> Rows:
    """The step's ``discards`` in the rows stepped, checked where the action is a discard:
    exactly the cards the rules throw (F1, F3), as bits of the hand's positions."""
    given = np.asarray(discards)
    if given.shape != (state.n,) or not np.issubdtype(given.dtype, np.integer):
        raise IllegalActionError(f"discards must be {state.n} whole numbers (bits of the "
                                 f"cards thrown), not {given.dtype} of shape {given.shape}",
                                 rule="F1")
    thrown: Rows = given.astype(np.int64)[where]
    throwing = live & (a == DISCARD)
    if throwing.any():
        bad = throwing & (state.rater.combo_of(thrown) < 0)
        if bad.any():
            row = int(where[np.argmax(bad)])
            count = state.cards - 3
            raise IllegalActionError(
                f"deal {row}: a discard throws exactly {count} of the {state.cards} cards "
                f"(bits of their positions), not {int(given[row])}",
                rule="F1" if count == 1 else "F3")
    return thrown


def folded(state: State, rows: Rows, seats: Rows) -> None:
    """Rules D5, R2, R3: a folded hand goes under the pack (both hands of a player holding two,
    the old first; the face-up hand after its blind player's own); the face-up hand's gate
    closes for the folder (R3), and for everyone when its blind player folds."""
    carry = state.carry
    if carry is not None:
        carry.folded(state, rows, seats)
    extra = state.extra
    if extra is None:
        return
    bit = np.left_shift(1, seats)
    extra.gate_bits[rows] &= ~bit
    holder = extra.two_seat.take(rows) == seats
    extra.two_seat[rows[holder]] = -1
    face = extra.face_up.take(rows) & (extra.extra_seat.take(rows) == seats)
    extra.face_up[rows[face]] = False
    extra.gate_bits[rows[face]] = 0


def looked(state: State, rows: Rows, seats: Rows) -> None:
    """Rule R2: ``look`` by a player holding two hands looks at the new one, to be kept or
    thrown at once (not yet open); rule F1: a player who looks must discard."""
    extra = state.extra
    assert extra is not None
    bit = np.left_shift(1, seats)
    holder = extra.two_seat.take(rows) == seats
    if holder.any():
        two = rows[holder]
        state.looked_bits[two] &= ~bit[holder]
        extra.pending[two] = 1
    if state.cards > 3:
        extra.need_discard_bits[rows[~holder]] |= bit[~holder]


def stayed_in(state: State, rows: Rows, seats: Rows) -> None:
    """Rule R3: a first decision to stay in (a bet, see or cover) leaves the face-up hand's
    gate, and discards the face-up hand (under the pack) if it is still out."""
    extra = state.extra
    assert extra is not None
    bit = np.left_shift(1, seats)
    extra.gate_bits[rows] &= ~bit
    drop = extra.face_up.take(rows) & (extra.extra_seat.take(rows) != seats)
    if drop.any():
        gone = rows[drop]
        extra.face_up[gone] = False
        if state.carry is not None:
            state.carry.second_gone(gone)


def rare(state: State, rows: Rows, actions: Rows, seats: Rows, thrown: Rows | None) -> None:
    """The moves not in the common step, each on its own rows."""
    for action, move in ((COVER, _cover), (LOOK_OLD, _look_old), (KEEP, _keep),
                         (THROW, _throw)):
        chosen = actions == action
        if chosen.any():
            move(state, rows[chosen], seats[chosen])
    chosen = actions == DISCARD
    if chosen.any():
        _discard(state, rows[chosen], seats[chosen],
                 None if thrown is None else thrown[chosen])


def _cover(state: State, rows: Rows, seats: Rows) -> None:
    """Rules M2, M3: the whole stack into the pot, the cards on it; the others bet into a new
    pot (the pot just after each cover is kept, for the layers); with one left betting the
    deal ends and the hands are compared."""
    p = state.players
    cells = rows * p + seats
    stack = state.stacks.reshape(-1)[cells]
    state.stacks.reshape(-1)[cells] = 0
    if state.log is not None:
        state.log.amend_chips(rows, stack)
    state.pot[rows] += stack
    k = state.n_covers[rows]
    state.cover_pots[rows, k] = state.pot[rows]
    state.coverers[rows, k] = seats
    state.n_covers[rows] += 1
    bit = np.left_shift(1, seats)
    state.covered_bits[rows] |= bit
    state.folded_bits[rows] |= bit  # out of the betting
    state.n_betting[rows] -= 1
    state.agreed_bits[rows] = 0  # rule B8: the betting moved on
    if state.extra is not None:
        stayed_in(state, rows, seats)
    over = state.n_betting[rows] == 1
    going = rows[~over]
    if len(going):  # the turn passes left to the next still betting (B4)
        key = (seats[~over] << p) + (state.full & ~state.folded_bits[going])
        nxt = state.next_seat[key]
        state.current_player[going] = nxt
        state.turn_bit[going] = state.powers[nxt]
    if over.any():
        fold_out(state, rows[over])  # rule M3: the covered pot is compared


def _look_old(state: State, rows: Rows, seats: Rows) -> None:
    """Rule R2: look at the old hand; keep or throw it at once."""
    extra = state.extra
    assert extra is not None
    extra.pending[rows] = 2


def _keep(state: State, rows: Rows, seats: Rows) -> None:
    """Rule R2: keep the hand just looked at (now open); the other goes under the pack."""
    _choose(state, rows, seats, keep=True)


def _throw(state: State, rows: Rows, seats: Rows) -> None:
    """Rule R2: throw the hand just looked at under the pack; one blind hand remains."""
    _choose(state, rows, seats, keep=False)


def _choose(state: State, rows: Rows, seats: Rows, *, keep: bool) -> None:
    extra = state.extra
    assert extra is not None
    old_seen = extra.pending[rows] == 2
    # the hand played becomes the old one when the old is kept or the new thrown
    swap = rows[old_seen if keep else ~old_seen]
    if len(swap):
        swapped = seats[old_seen if keep else ~old_seen]
        columns = np.arange(state.cards)[None, :] * state.players + swapped[:, None]
        hand = state.dealt[swap[:, None], columns].copy()
        state.dealt[swap[:, None], columns] = extra.second[swap]
        extra.second[swap] = hand
        if state.carry is not None:
            state.carry.swap(swap, swapped)
        _rate(state, swap, swapped)
    extra.pending[rows] = 0
    extra.two_seat[rows] = -1
    if keep:
        bit = np.left_shift(1, seats)
        state.looked_bits[rows] |= bit
        if state.cards > 3:
            extra.need_discard_bits[rows] |= bit  # rule F1
    if state.carry is not None:
        state.carry.second_gone(rows)  # rule D5: the other hand goes under the pack now
        state.carry.second_seen[rows] = not keep  # a hand looked at and thrown was seen


def _rate(state: State, rows: Rows, seats: Rows) -> None:
    """The strength of the hands of ``seats`` now (the best three, F2)."""
    extra = state.extra
    assert extra is not None
    values, combo = state.rater.best(state.hands[rows, seats])
    state.values[rows, seats] = values
    extra.combo[rows, seats] = combo


def _discard(state: State, rows: Rows, seats: Rows, thrown: Rows | None) -> None:
    """Rules F1-F3: keep three (the look included while blind); the hand's strength is now
    that of the three kept, then the discards."""
    extra = state.extra
    assert extra is not None
    bit = np.left_shift(1, seats)
    state.looked_bits[rows] |= bit
    extra.need_discard_bits[rows] &= ~bit
    hands = state.hands[rows, seats]
    if thrown is None:  # the best three, as dealt (F2's choice)
        thrown = np.left_shift(1, state.rater.thrown[extra.combo[rows, seats]]).sum(axis=1)
    combo = state.rater.combo_of(_first_jokers(hands, thrown))
    extra.combo[rows, seats] = combo
    state.values[rows, seats] = state.rater.of_combo(hands, combo)


def _first_jokers(hands: npt.NDArray[np.int8], thrown: Rows) -> Rows:
    """The positions thrown as the engine takes them: a discarded card is the first of its kind
    in the hand (jokers are alike, W1: discarding k of them throws the first k)."""
    is_joker = hands == JOKER
    jokers = ((thrown[:, None] >> np.arange(hands.shape[1])) & 1 == 1) & is_joker
    count = jokers.sum(axis=1)
    if not count.any():
        return thrown
    first = is_joker & (np.cumsum(is_joker, axis=1) <= count[:, None])
    out: Rows = thrown & ~(jokers * np.left_shift(1, np.arange(hands.shape[1]))).sum(axis=1)
    out |= (first * np.left_shift(1, np.arange(hands.shape[1]))).sum(axis=1)
    return out
