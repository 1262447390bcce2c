"""The end of simulated deals: who wins what (rules B5, B6, B8, BL3, M2, M3, R3, D4, D8), worked
on the rows that end at a step.

The common ends are worked out directly: everyone but one folded (:func:`fold_out`), a see
(:func:`see`) and an agreed showdown (:func:`showdown`). A deal with a covered pot (M2, M3) is
settled by :func:`compared`: each covered layer goes to the best hand among its coverer, every
later coverer and the final winner(s), ties to the later player, and the last layer to the
final winner(s), split as B8 says (the engine's
:meth:`~bragkit.games.three_card.settle.Settlement.compared`). Everyone folding to the face-up
hand (R3) gives the blind player this deal's money, the carried pot staying. When the deals are
played as sessions the hands then go under the pack (:class:`~bragkit.sim.carry.Carry`, D5),
and whether the next deal is shuffled is kept (D4: a prial seen and won).

>>> import numpy as np
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> from bragkit.sim.menu import COVER, FOLD, LOOK, STAY
>>> from bragkit.sim.step import step
>>> state = init(None, 1, players=3, rules=Rules(min_bet=4), stacks=[[20, 2, 20]],
...              packs=[list(range(52))])
>>> _ = step(state, [LOOK]); _ = step(state, [STAY])   # seat 0 bets 4; seat 1 has 1 left
>>> _ = step(state, [COVER])                           # rule M2: covers with 1
>>> _ = step(state, [FOLD])                            # seat 2 folds: seat 0 is compared
>>> state.hands[0, :2].tolist()                       # 2s 2c 3d against 2h 3s 3c
[[0, 3, 6], [1, 4, 7]]
>>> state.winnings[0].tolist(), state.shown[0].tolist()   # the coverer's threes win it all
([0, 8, 0], [True, True, False])
"""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt

from bragkit.sim.state import State

__all__ = ["compared", "finish", "fold_out", "see", "showdown"]

Rows = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]


def fold_out(state: State, rows: Rows) -> None:
    """Rules B5, BL3: one player left betting; a blind one leaves the pot to be carried
    forward. With a covered pot the winner's hand is shown and compared (M2, M3); everyone
    folded to the face-up hand gives the blind player this deal's money (R3)."""
    special = state.n_covers.take(rows) > 0
    extra = state.extra
    if extra is not None:
        special |= extra.face_up.take(rows)
    if special.any():
        _fold_out_special(state, rows[special])
        rows = rows[~special]
        if not len(rows):
            return
    winner = state.lowest.take(state.full & ~state.folded_bits.take(rows))
    looked = (state.looked_bits.take(rows) >> winner) & 1 == 1
    pot = state.pot.take(rows)
    won = pot * looked
    cell = rows * state.players + winner
    state.winnings.reshape(-1)[cell] = won
    np.add.at(state.stacks.reshape(-1), cell, won)
    state.carried[rows] = pot - won
    state.retained[rows] = np.where(looked, -1, winner)
    finish(state, rows)


def _fold_out_special(state: State, rows: Rows) -> None:
    p = state.players
    winner = state.lowest.take(state.full & ~state.folded_bits.take(rows))
    alone = np.zeros((len(rows), p), dtype=bool)
    alone[np.arange(len(rows)), winner] = True
    covered = state.n_covers.take(rows) > 0
    if covered.any():  # rules M2, M3: the winner shows, and is compared
        compared(state, rows[covered], alone[covered], alone[covered])
    rest, winner = rows[~covered], winner[~covered]
    if not len(rest):
        return
    extra = state.extra
    assert extra is not None
    # rule R3: everyone folded to the face-up hand: this deal's money to the blind player
    face = extra.face_up.take(rest) & (extra.extra_seat.take(rest) == winner)
    looked = (state.looked_bits.take(rest) >> winner) & 1 == 1
    pot = state.pot.take(rest)
    keep_in = np.where(face, state.carried_in.take(rest), np.where(looked, 0, pot))
    won = pot - keep_in
    cell = rest * p + winner
    state.winnings.reshape(-1)[cell] = won
    state.stacks.reshape(-1)[cell] += won
    state.carried[rest] = keep_in
    state.retained[rest] = np.where(face | ~looked, winner, -1)
    finish(state, rest)


def see(state: State, rows: Rows, p: Rows) -> None:
    """Rules B6, H8: the seen player shows; the seer wins only with a better hand."""
    players = state.players
    seen = state.lowest.take(state.full & ~state.folded_bits.take(rows) & ~np.left_shift(1, p))
    values = state.values.reshape(-1)
    first = rows * players
    seer_cell = first + p
    seen_cell = first + seen
    wins = values.take(seer_cell) > values.take(seen_cell)
    cell = np.where(wins, seer_cell, seen_cell)
    covered = state.n_covers.take(rows) > 0
    if covered.any():
        m = int(covered.sum())
        final = np.zeros((m, players), dtype=bool)
        final.reshape(-1)[np.arange(m) * players + (cell[covered] - first[covered])] = True
        both = final.copy()
        both.reshape(-1)[np.arange(m) * players + seen[covered]] = True
        compared(state, rows[covered], final, both)
        rows, cell, seen_cell = rows[~covered], cell[~covered], seen_cell[~covered]
        if not len(rows):
            return
    pot = state.pot.take(rows)
    state.winnings.reshape(-1)[cell] = pot
    np.add.at(state.stacks.reshape(-1), cell, pot)
    shown = state.shown.reshape(-1)
    shown[seen_cell] = True
    shown[cell] = True  # rule D8: a losing seer does not show
    prial = None
    if state.carry is not None:  # rule D4: a prial seen and won
        prial = state.rater.is_prial(values.take(cell))
    finish(state, rows, prial)


def showdown(state: State, rows: Rows) -> None:
    """Rule B8: every hand still betting is shown; the best wins, equal best split, the odd
    chips one each to the first of them from the dealer's left."""
    betting = state.seat_flags(state.full & ~state.folded_bits[rows])
    values = np.where(betting, state.values[rows].astype(np.int64), -1)
    best = values == values.max(axis=1, keepdims=True)
    covered = state.n_covers.take(rows) > 0
    if covered.any():
        compared(state, rows[covered], best[covered], betting[covered])
        rows, best, betting = rows[~covered], best[~covered], betting[~covered]
        if not len(rows):
            return
    count = best.sum(axis=1)
    pot = state.pot[rows]
    won = _split(pot, best, count)
    state.winnings[rows] = won
    state.stacks[rows] += won
    state.shown[rows] = betting
    prial = None
    if state.carry is not None:  # rule D4
        prial = _prial_won(state, rows, won)
    finish(state, rows, prial)


def _split(pot: Rows, best: Flags, count: Rows) -> Rows:
    """Rule B8: ``pot`` shared among ``best`` (seats from the dealer's left), the odd chips one
    each to the first of them."""
    share = pot // count
    odd = pot - share * count
    order = np.cumsum(best, axis=1) - 1
    won: Rows = np.where(best, share[:, None] + (order < odd[:, None]), 0)
    return won


def compared(state: State, rows: Rows, final: Flags, shown: Flags) -> None:
    """Settle ``rows`` whose hands are compared over covered pots (M2, M3 [decision]):
    ``final`` the final winner(s) of the last layer, ``shown`` the hands shown besides the
    coverers' (D8)."""
    m, p = len(rows), state.players
    strength = state.values[rows].astype(np.int64)
    final_key = np.where(final, strength, -1).max(axis=1)
    count = final.sum(axis=1)
    covers = state.n_covers[rows]
    after = state.cover_pots[rows]  # the pot just after each cover
    coverers = state.coverers[rows]
    pot = state.pot[rows]
    won = np.zeros((m, p), dtype=np.int64)
    line = np.arange(m)
    before = np.zeros(m, dtype=np.int64)
    for i in range(int(covers.max())):
        here = i < covers
        layer = np.where(here, after[:, i] - before, 0)
        before = np.where(here, after[:, i], before)
        best_seat = coverers[:, i].copy()
        best_key = strength[line, best_seat]
        for j in range(i + 1, p):  # later coverers, ties to the later player
            later = here & (j < covers)
            seat_j = coverers[:, j]
            key = strength[line, np.minimum(seat_j, p - 1)]
            take = later & (key >= best_key)
            best_seat = np.where(take, seat_j, best_seat)
            best_key = np.where(take, key, best_key)
        to_final = final_key >= best_key
        won += np.where((here & to_final)[:, None], _split(layer, final, count), 0)
        coverer_wins = here & ~to_final
        won[line[coverer_wins], best_seat[coverer_wins]] += layer[coverer_wins]
    won += _split(pot - before, final, count)
    state.winnings[rows] = won
    state.stacks[rows] += won
    state.shown[rows] = shown | state.seat_flags(state.covered_bits[rows])  # D8: coverers too
    prial: Flags | None = None
    if state.carry is not None:
        prial = _prial_won(state, rows, won)
    finish(state, rows, prial)


def _prial_won(state: State, rows: Rows, won: Rows) -> Flags:
    """Rule D4: whether a prial won chips in each of ``rows`` (its hands compared)."""
    return cast(Flags, (state.rater.is_prial(state.values[rows]) & (won > 0)).any(axis=1))


def finish(state: State, rows: Rows, prial: Flags | None = None) -> None:
    """The deal is over: its stacks are final (the pot paid out or carried). When deals are
    played as sessions the next deal is shuffled after a prial seen and won, or always (D4:
    ``prial``); the step then puts the hands under the pack (D5, :meth:`Carry.close`)."""
    state.ended[rows] = True
    state.terminated[rows] = True
    state.current_player[rows] = -1
    state.turn_bit[rows] = 0
    state.proposer[rows] = -1
    carry = state.carry
    if carry is not None:  # the hands go under the pack at the step's end (Carry.close)
        shuffle = np.zeros(len(rows), dtype=bool) if prial is None else prial
        carry.shuffle_next[rows] = shuffle | (state.rules.shuffle == "always")
