"""What a player may know, as one vector of numbers from 0 to 1 per deal: :class:`Layout`
(named slices) and :func:`observe`.

Seats are counted from the viewer (the player to act by default; seat 0 once a deal is over),
clockwise. Amounts are shares of the chips on the table at the deal's start (the stacks and
the carried pot): a stack, the pot, a bet; the stake, which a blind bet doubles (BL1), a share
of twice that. Counts are divided by their most (players) or capped (bets made: by 10). The
slices, in order (:attr:`Layout.slices`; ``A`` the menu's actions, ``P`` the players):

- ``hand`` (53 card flags, 52 cards and the joker, W1): the viewer's cards once looked (BL6:
  a blind player never sees their own; R2: the hand just looked at, while it is kept or
  thrown); with four or five cards all of them;
- ``kept`` (53, four- and five-card Brag only): the three kept after a discard (F1);
- ``face_up`` (53, sessions with ``retained_blind = "face-up"`` only): the face-up hand while
  it is out (R3, D8: public);
- ``stock_card`` (53, sessions with ``stock_face_up`` only): the one card of the stock all
  can see (D9: its bottom card, which changes as hands go under it);
- ``seats`` (P x 11): per seat from the viewer: still in play, still betting, looked (BL6 is
  public: a look is seen), agreed to a showdown (B8), covered (M2), dealt (D3), keeps a blind
  hand (R1), stack, chips put in this deal (until it ends), blind bets and open bets made;
- ``table`` (10): the pot; the stake; the least bet, the most and the price of a see of the
  player to act (B1-B3, B6, BL1); whether a bet is made; whether a showdown is proposed; the
  share of seats still betting; the pot carried in (BL3); the share of seats that covered;
- ``history`` (K x (P + A + 1), with ``history=K``): the deal's last K actions, newest first:
  who (a seat from the viewer), what (a menu action) and the chips it put in;
- ``known`` ((P - 1) x 53 + 53, sessions with ``knowledge`` only): what the viewer knows of
  the pack's order (D5): the cards it saw go under the pack since the last shuffle (D4; its
  own once looked, every hand shown, the face-up hand), followed through the deals: block 0
  the cards still in the stock, block k those the seat k to the viewer's left now holds.

Nothing in it is another player's hidden card that the viewer did not see (D8, T3).

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> state = init(1, 2, players=3)
>>> layout = Layout.of(state)
>>> vector = observe(state)
>>> vector.shape == (2, layout.size), float(vector[:, layout.slices["hand"]].sum())  # BL6
(True, 0.0)
>>> bool(((vector >= 0) & (vector <= 1)).all()), list(layout.slices)
(True, ['hand', 'seats', 'table'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from bragkit.sim.actions import NUM_ACTIONS
from bragkit.sim.carry import NOT_GONE

if TYPE_CHECKING:
    from bragkit.sim.state import State

__all__ = ["CARDS", "PER_SEAT", "TABLE", "Layout", "observe"]

#: Card flags: 52 cards and the joker.
CARDS: Final = 53
#: Numbers per seat, and of the table.
PER_SEAT: Final = 11
TABLE: Final = 10
_MOST_BETS: Final = 10.0

Rows = npt.NDArray[np.int64]
Vectors = npt.NDArray[np.float32]


@dataclass(frozen=True, kw_only=True, slots=True)
class Layout:
    """The slices of the observation of a table (see the module docstring)."""

    players: int
    history: int
    slices: dict[str, slice]

    @property
    def size(self) -> int:
        """The length of the vector."""
        return max(int(s.stop) for s in self.slices.values())

    @classmethod
    def of(cls, state: State) -> Layout:
        """The layout of ``state``'s observations."""
        p = state.players
        log = state.log
        history = 0 if log is None else log.length
        widths = [("hand", CARDS)]
        if state.cards > 3:
            widths.append(("kept", CARDS))
        if state.carry is not None and state.carry.public_second:
            widths.append(("face_up", CARDS))
        if state.carry is not None and state.rules.stock_face_up:
            widths.append(("stock_card", CARDS))
        widths += [("seats", PER_SEAT * p), ("table", TABLE)]
        if history:
            widths.append(("history", history * (p + NUM_ACTIONS + 1)))
        if state.carry is not None and state.carry.known is not None:
            widths.append(("known", CARDS * p))
        slices: dict[str, slice] = {}
        start = 0
        for name, width in widths:
            slices[name] = slice(start, start + width)
            start += width
        return cls(players=p, history=history, slices=slices)


def observe(state: State, rows: npt.ArrayLike | None = None,
            viewers: npt.ArrayLike | None = None) -> Vectors:
    """The observation of ``viewers`` (seats; default: each deal's player to act) in ``rows``
    (default: every deal), one row each (see the module docstring)."""
    index = np.arange(state.n) if rows is None else np.asarray(rows, dtype=np.int64)
    m, p = len(index), state.players
    seat = np.maximum(state.current_player[index], 0) if viewers is None else np.asarray(
        viewers, dtype=np.int64)
    layout = Layout.of(state)
    out = np.zeros((m, layout.size), dtype=np.float32)
    line = np.arange(m)
    chips = (state.start_stacks[index].sum(axis=1) + state.carried_in[index]).astype(np.float64)
    chips = np.maximum(chips, 1.0)
    _cards(state, index, seat, out, layout)
    seats = (seat[:, None] + np.arange(p)[None, :]) % p

    def by_seat(values: npt.NDArray[np.generic]) -> npt.NDArray[np.float64]:
        return np.take_along_axis(values, seats, axis=1).astype(np.float64)

    block = out[:, layout.slices["seats"]].reshape(m, p, PER_SEAT)
    folded = state.folded_bits[index] & ~state.covered_bits[index]
    block[:, :, 0] = by_seat(_bits(folded, p) == 0)
    block[:, :, 1] = by_seat(_bits(state.folded_bits[index], p) == 0)
    block[:, :, 2] = by_seat(_bits(state.looked_bits[index], p))
    block[:, :, 3] = by_seat(_bits(state.agreed_bits[index], p))
    block[:, :, 4] = by_seat(_bits(state.covered_bits[index], p))
    block[:, :, 5] = seats == p - 1  # the dealer (D3)
    extra = state.extra
    if extra is not None:
        holder = np.where(extra.two_seat[index] >= 0, extra.two_seat[index],
                          np.where(extra.face_up[index], extra.extra_seat[index], -1))
        block[:, :, 6] = seats == holder[:, None]  # rule R1: a kept blind hand in play
    block[:, :, 7] = by_seat(state.stacks[index]) / chips[:, None]
    put_in = np.maximum(state.start_stacks[index] - state.stacks[index], 0)  # (won: 0)
    block[:, :, 8] = by_seat(put_in) / chips[:, None]
    block[:, :, 9] = np.minimum(by_seat(state.blind_bets[index]) / _MOST_BETS, 1.0)
    block[:, :, 10] = np.minimum(by_seat(state.open_bets[index]) / _MOST_BETS, 1.0)
    live = ~state.terminated[index]
    table = out[:, layout.slices["table"]]
    table[:, 0] = state.pot[index] / chips
    table[:, 1] = state.stake[index] / (2 * chips)
    table[:, 2] = np.where(live, state.least[index], 0) / chips
    table[:, 3] = np.where(live, state.top[index], 0) / chips
    table[:, 4] = np.where(live, state.cost[index], 0) / chips
    table[:, 5] = state.bet_made[index]
    table[:, 6] = state.proposer[index] >= 0
    table[:, 7] = state.n_betting[index] / p
    table[:, 8] = state.carried_in[index] / chips
    table[:, 9] = state.n_covers[index] / p
    np.minimum(table, 1.0, out=table)
    np.minimum(block, 1.0, out=block)
    if "stock_card" in layout.slices:
        bottom = _bottom(state, index)
        out[line, layout.slices["stock_card"].start + bottom] = 1.0
    if layout.history:
        _history(state, index, seat, chips, out[:, layout.slices["history"]], layout)
    if "known" in layout.slices:
        _known(state, index, seat, out[:, layout.slices["known"]])
    return out


def _bottom(state: State, index: Rows) -> Rows:
    """Rule D9: the card at the bottom of the stock now: the last card of the hand that went
    under it last in this deal (each hand's cards go under in the order dealt, D5), else the
    stock's own last card."""
    carry = state.carry
    assert carry is not None
    p, c = state.players, state.cards
    size = carry.pack.shape[1]
    gone = carry.gone[index]
    under = np.where(gone < NOT_GONE, gone, -1)
    last = np.argmax(under, axis=1)  # the pile that went under last (p: the second hand)
    any_gone = under.max(axis=1) >= 0
    stock_last = carry.pack[index, size - carry.held[index] - 1]
    from_seat = state.dealt[index, (c - 1) * p + np.minimum(last, p - 1)]
    extra = state.extra
    second_last = (extra.second[index, c - 1] if extra is not None
                   else np.zeros(len(index), dtype=np.int8))
    pile_last = np.where(last == p, second_last, from_seat)
    bottom: Rows = np.where(any_gone, pile_last, stock_last).astype(np.int64)
    return bottom


def _bits(bits: Rows, players: int) -> npt.NDArray[np.bool_]:
    flags: npt.NDArray[np.bool_] = ((bits[:, None] >> np.arange(players)) & 1).astype(bool)
    return flags


def _cards(state: State, index: Rows, seat: Rows, out: Vectors, layout: Layout) -> None:
    """The card slices: the viewer's hand once seen, the three kept, the face-up hand."""
    m = len(index)
    line = np.arange(m)
    hand = state.hands[index, seat].astype(np.int64)  # (m, cards)
    seen = (state.looked_bits[index] >> seat) & 1 == 1
    extra = state.extra
    if extra is not None:  # rule R2: the hand just looked at, before it is kept or thrown
        looking = (extra.pending[index] > 0) & (extra.two_seat[index] == seat)
        old = looking & (extra.pending[index] == 2)
        hand = np.where(old[:, None], extra.second[index].astype(np.int64), hand)
        seen |= looking
    cards = out[:, layout.slices["hand"]]
    for k in range(hand.shape[1]):
        cards[line[seen], hand[seen, k]] = 1.0
    if "kept" in layout.slices:
        assert extra is not None
        looked = (state.looked_bits[index] >> seat) & 1 == 1  # (not a hand just looked at)
        discarded = looked & ((extra.need_discard_bits[index] >> seat) & 1 == 0)
        kept = state.rater.kept[extra.combo[index, seat]]  # (m, 3) positions
        chosen = np.take_along_axis(hand, kept, axis=1)
        flags = out[:, layout.slices["kept"]]
        for k in range(3):
            flags[line[discarded], chosen[discarded, k]] = 1.0
    if "face_up" in layout.slices:
        assert extra is not None
        out_now = extra.face_up[index]
        face = extra.second[index].astype(np.int64)
        flags = out[:, layout.slices["face_up"]]
        for k in range(face.shape[1]):
            flags[line[out_now], face[out_now, k]] = 1.0


def _history(state: State, index: Rows, seat: Rows, chips: npt.NDArray[np.float64],
             block: Vectors, layout: Layout) -> None:
    """The deal's last actions, newest first: who (from the viewer), what, the chips."""
    log = state.log
    assert log is not None
    p = state.players
    seats, actions, paid, valid = log.last(index)
    width = p + NUM_ACTIONS + 1
    entries = block.reshape(len(index), layout.history, width)
    rows, slot = np.nonzero(valid)
    who = (seats[rows, slot] - seat[rows]) % p
    entries[rows, slot, who] = 1.0
    entries[rows, slot, p + actions[rows, slot]] = 1.0
    entries[rows, slot, width - 1] = np.minimum(paid[rows, slot] / chips[rows], 1.0)


def _known(state: State, index: Rows, seat: Rows, block: Vectors) -> None:
    """What the viewer knows of the pack (D5): the cards each other seat holds, and the
    cards still in the stock."""
    carry = state.carry
    assert carry is not None and carry.known is not None
    p, c = state.players, state.cards
    size = carry.pack.shape[1]
    known = carry.known[index, seat]  # (m, size)
    pack = carry.pack[index].astype(np.int64)
    held = carry.held[index]
    # whose each place of the pack is now: dealt to seat k % p, the stock, a kept hand's
    where = np.full((len(index), size), p, dtype=np.int64)  # p: the stock
    where[:, :c * p] = np.arange(c * p) % p
    extra = state.extra
    if extra is not None:
        keeper = extra.extra_seat[index]
        kept_place = (np.arange(size)[None, :] >= size - held[:, None]) & (held[:, None] > 0)
        where = np.where(kept_place, keeper[:, None], where)
    relative = (where - seat[:, None]) % p  # 0: the viewer's own (left out, BL6)
    stock = where == p
    rows, place = np.nonzero(known & ((relative > 0) | stock))
    slot = np.where(stock[rows, place], 0, relative[rows, place])
    block.reshape(len(index), p, CARDS)[rows, slot, pack[rows, place]] = 1.0
