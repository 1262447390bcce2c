"""What the player to act may know, as one float vector per deal: :func:`observe`.

Seats are counted from the viewer (the player to act; seat 0 once a deal is over) clockwise.
The vector holds: the viewer's three cards as 53 flags (52 cards and
the joker, W1), all zero while the viewer is blind (BL6: a blind player never sees their own
cards); then for each seat whether it is still in play, has looked (BL6 is public: a look is
seen), has agreed to a showdown (B8), its stack, the chips it has put in this deal and whether
it dealt (D3); then the pot, the stake (open terms, BL1), whether a bet is made, whether a
showdown is proposed and the share of seats still betting. Amounts are in units of
``state.scale`` (100 times the larger of the ante and ``min_bet``). Nothing in it is another
player's hidden card (D8, T3).

>>> from bragkit.sim.deals import init
>>> state = init(1, 2, players=3)
>>> vector = observe(state)
>>> vector.shape == (2, size(3)), float(vector[:, :53].sum())    # blind: no cards (BL6)
(True, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from bragkit.sim.state import State

__all__ = ["CARDS", "PER_SEAT", "observe", "size"]

#: Card flags at the start of the vector: 52 cards and the joker.
CARDS: Final = 53
#: Numbers per seat.
PER_SEAT: Final = 6
_GLOBAL: Final = 5


def size(players: int) -> int:
    """The length of the observation vector of a table of ``players``."""
    return CARDS + PER_SEAT * players + _GLOBAL


def observe(state: State) -> npt.NDArray[np.float32]:
    """The observation of every deal's player to act (see the module docstring)."""
    n, p = state.n, state.players
    out = np.zeros((n, size(p)), dtype=np.float32)
    viewer = np.maximum(state.current_player, 0)
    rows = np.arange(n)
    seen = (state.looked_bits >> viewer) & 1 == 1
    hands = state.hands[rows, viewer].astype(np.int64)  # (n, 3)
    for k in range(3):
        np.add.at(out, (rows[seen], hands[seen, k]), 1.0)
    np.minimum(out[:, :CARDS], 1.0, out=out[:, :CARDS])  # jokers may repeat: a flag each
    seats = (viewer[:, None] + np.arange(p)[None, :]) % p

    def by_seat(values: npt.NDArray[np.generic]) -> npt.NDArray[np.float32]:
        taken: npt.NDArray[np.float32] = np.take_along_axis(values, seats, axis=1).astype(
            np.float32)
        return taken

    scale = np.float32(state.scale)
    block = out[:, CARDS:CARDS + PER_SEAT * p].reshape(n, p, PER_SEAT)
    block[:, :, 0] = by_seat(~state.folded)
    block[:, :, 1] = by_seat(state.looked)
    block[:, :, 2] = by_seat(state.agreed)
    block[:, :, 3] = by_seat(state.stacks) / scale
    block[:, :, 4] = by_seat(state.start_stacks - state.stacks) / scale
    block[:, :, 5] = seats == p - 1  # the dealer (D3)
    tail = out[:, CARDS + PER_SEAT * p:]
    tail[:, 0] = state.pot / scale
    tail[:, 1] = state.stake / scale
    tail[:, 2] = state.bet_made
    tail[:, 3] = state.proposer >= 0
    tail[:, 4] = state.n_betting / p
    return out
