"""The discrete menu of the simulator and, for each deal, what is legal and what it costs.

The menu (:data:`ACTIONS`), for the player to act (``current_player``):

- ``fold`` (B2); ``look`` (BL2: the same player then acts again);
- ``stay``, ``raise2``, ``raise3``, ``raise4``: a bet of 1, 2, 3 or 4 times the least bet
  (the stake, or ``min_bet`` for the first bet, B2, B3) — for a blind player a *blind* bet of
  that many times the blind least (half the stake, rounded up, BL1); a raise is legal only when
  it fits the house limits and the stack (B1: ``max_bet``, ``raise_limit``, ``pot_limit``);
- ``max``: the most one bet may be (B1), or the whole stack, when that is not already one of
  the four above;
- ``see`` (B6, B9, BL4): two left, a bet made, and not an open player seeing a blind one;
- ``agree``: with three or more still betting, propose a showdown (B8), or, when one was
  proposed, agree to it; ``decline``: refuse a proposed showdown (the proposer acts again).

A blind player bets open only after a ``look`` (the engine's ``bet`` by a blind player is the
same two steps). Covers (M2, M3), loans (M4) and top-ups (M1) are not on the menu: a player who
cannot meet the least bet may fold (or see, or look).

:func:`refresh` works out the legal actions and their amounts (chips the action puts in) of the
rows given, from :func:`bragkit.games.three_card.betting.bet_bounds`'s arithmetic, vectorised; the
state
shows them as ``legal_action_mask`` and ``amounts``.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> state = init(3, 1, players=3, rules=Rules(max_bet=10))
>>> [ACTIONS[a] for a in state.legal_action_mask[0].nonzero()[0]]
['fold', 'look', 'stay', 'raise2', 'raise3', 'raise4', 'max', 'agree']
>>> state.amounts[0, [STAY, RAISE2, MAX]].tolist()   # blind: half of min_bet 1, max 10 // 2
[1, 2, 5]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from bragkit.sim.actions import (
    ACTIONS,
    AGREE,
    BETS,
    COVER,
    DECLINE,
    DISCARD,
    FOLD,
    KEEP,
    LOOK,
    LOOK_OLD,
    MAX,
    MULTIPLES,
    NUM_ACTIONS,
    RAISE2,
    RAISE3,
    RAISE4,
    SEE,
    STAY,
    THROW,
)

if TYPE_CHECKING:
    from bragkit.sim.state import State

__all__ = ["ACTIONS", "AGREE", "BETS", "COVER", "DECLINE", "DISCARD", "FOLD", "KEEP", "LOOK",
           "LOOK_OLD", "MAX", "MULTIPLES", "NUM_ACTIONS", "RAISE2", "RAISE3", "RAISE4", "SEE",
           "STAY", "THROW", "amounts", "refresh"]

_INF: Final = 1 << 50
# 1 << k as bytes, k < 8
_BIT: Final = tuple(np.uint8(1 << k) for k in range(8))
# the menu bits of the bets and the see (what a player who must first discard, F1, or fold to
# the face-up hand, R3, may not do), and of a choice between two hands (R2)
_BETS_SEE: Final = sum(1 << a for a in (*BETS, SEE, COVER))
_KEEP_THROW: Final = (1 << KEEP) | (1 << THROW)

Index = slice | npt.NDArray[np.int64]


def refresh(state: State, rows: npt.NDArray[np.int64] | None = None) -> None:
    """Work out the menu of the player to act in ``rows`` (all deals by default): the legal
    actions as bits (``legal_bits``; none once a deal is over), the least bet, the most, and
    the price of a see. (Arithmetic on whole arrays: a blind player's halves are shifts by
    ``blind``, 0 or 1; conditions are bits.)"""
    state.changed()
    idx: Index = slice(None) if rows is None else rows
    rules = state.rules
    cur = np.maximum(state.current_player[idx], 0)
    live = ~state.terminated[idx]
    seat = state.turn_bit[idx]
    looked_bits = state.looked_bits[idx]
    is_blind = (looked_bits & seat) == 0
    blind = is_blind.astype(np.int64)  # 1 for a blind player
    stake = state.stake[idx]
    stack = state.stacks.reshape(-1).take(state.base[idx] + cur)
    # rules B2, B3: min_bet for the first bet, then the stake (never below min_bet once made)
    least_open = np.maximum(stake, rules.min_bet)
    most: npt.NDArray[np.int64] | int = _INF if rules.max_bet is None else rules.max_bet
    if rules.raise_limit is not None:  # rule B1: the most a bet may exceed the stake
        capped = np.minimum(most, stake + rules.raise_limit)
        most = np.where(stake > 0, capped, most)
    # rule BL1: for a blind player (blind = 1) half, rounded up; the most, rounded down
    least = (least_open + blind) >> blind
    most = np.right_shift(most, blind)
    if rules.pot_limit:  # rule B1: no bet puts in more than the pot holds
        most = np.minimum(most, state.pot[idx])
    most = np.maximum(most, least)  # a limit never stops a player meeting the stake
    top = np.minimum(most, stack)
    normal = live & (state.proposer[idx] < 0)
    extra = state.extra
    if extra is not None:  # rule R2: a hand just looked at is kept or thrown first
        normal &= extra.pending[idx] == 0
    can_bet = normal & (stack >= least)
    # the conditions are booleans, gathered as bits of two bytes (a multiply by a power of
    # two is a shift that numpy vectorises) and made one number at the end
    low = normal.view(np.uint8) * _BIT[FOLD]
    may_look = normal & is_blind
    if extra is not None:  # rule R3: the blind player may not look while the face-up hand is out
        face_seat = extra.face_up[idx] & (extra.extra_seat[idx] == cur)
        may_look &= ~face_seat
    if rules.blind:
        low |= may_look.view(np.uint8) * _BIT[LOOK]  # rule BL2: at one's own turn
    twice = least + least
    thrice = twice + least
    four = twice + twice
    low |= can_bet.view(np.uint8) * _BIT[STAY]
    low |= (can_bet & (top >= twice)).view(np.uint8) * _BIT[RAISE2]
    low |= (can_bet & (top >= thrice)).view(np.uint8) * _BIT[RAISE3]
    low |= (can_bet & (top >= four)).view(np.uint8) * _BIT[RAISE4]
    multiple = (top == least) | (top == twice) | (top == thrice) | (top == four)
    low |= (can_bet & ~multiple).view(np.uint8) * _BIT[MAX]
    # rules B6, BL4: two left, a bet made, not an open player seeing a blind one
    n_betting = state.n_betting[idx]
    betting_blind = state.full & ~(state.folded_bits[idx] | looked_bits | seat)
    open_cost = stake if rules.see_cost == "single" else stake + stake  # rules B6, B9
    cost = (open_cost + blind) >> blind  # rules BL1, BL4: half, rounded up
    see = normal & (n_betting == 2) & (stake > 0) & (stack >= cost)
    # rules M2, M3, M4: a player short of the least bet may cover (with "fold", two left only)
    cover = normal & (stack < least)
    if rules.short_money == "fold":
        cover &= n_betting == 2
    agreed = (state.agreed_bits[idx] & seat) != 0
    may_agree = live & (n_betting >= 3) & ~agreed  # rule B8
    if extra is not None:
        two = extra.two_seat[idx] >= 0  # rule R2: no see, cover or showdown while two hands
        see &= ~two
        cover &= ~two & ~face_seat  # rule R3: the blind player may not cover while it is out
        may_agree &= ~two & ~extra.face_up[idx] & (extra.gate_bits[idx] == 0)
        may_agree &= extra.pending[idx] == 0
    low |= (see & (is_blind | (betting_blind == 0))).view(np.uint8) * _BIT[SEE]
    high = may_agree.view(np.uint8) * _BIT[AGREE - 8]
    high |= (live & (state.proposer[idx] >= 0)).view(np.uint8) * _BIT[DECLINE - 8]
    high |= cover.view(np.uint8) * _BIT[COVER - 8]
    bits = high.astype(np.int64)
    bits *= 256
    bits |= low
    if extra is not None:
        bits = _extra_bits(state, idx, bits, cur, normal, may_look, is_blind, seat)
    state.legal_bits[idx] = bits
    state.least[idx] = least
    state.top[idx] = top
    state.cost[idx] = cost


def _extra_bits(state: State, idx: Index, bits: npt.NDArray[np.int64],
                cur: npt.NDArray[np.int64], normal: npt.NDArray[np.bool_],
                may_look: npt.NDArray[np.bool_], is_blind: npt.NDArray[np.bool_],
                seat: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The menu where two hands (R2), the face-up hand (R3) or discards (F1-F3) may be met."""
    extra = state.extra
    assert extra is not None
    holder = extra.two_seat[idx] == cur
    if state.rules.blind:  # rule R2: look at the old hand (``look``: the new one)
        bits |= (may_look & holder).astype(np.int64) << LOOK_OLD
    need = (extra.need_discard_bits[idx] & seat) != 0
    if state.cards > 3:  # rules F1, F2, BL6: a blind player looks, then discards
        bits |= (normal & need).astype(np.int64) << DISCARD
    # rule R3: a first decision against the face-up hand is a fold unless the hand beats it
    gated = (extra.gate_bits[idx] & seat) != 0
    if gated.any():
        value = state.values.reshape(-1).take(state.base[idx] + cur)
        need_fold = gated & ~need & (value <= extra.face_value[idx])
        bits &= ~(need_fold.astype(np.int64) * _BETS_SEE)
    # rule F1: a player who has looked discards before betting
    bits &= ~(need.astype(np.int64) * _BETS_SEE)
    pending = extra.pending[idx] > 0  # rule R2: keep or throw, at once
    bits = np.where(pending & ~state.terminated[idx], _KEEP_THROW, bits)
    return bits


def amounts(state: State) -> npt.NDArray[np.int64]:
    """``(n, len(ACTIONS))``: the chips each action of the menu puts in now."""
    out = np.zeros((state.n, NUM_ACTIONS), dtype=np.int64)
    for action, times in zip(BETS, MULTIPLES, strict=False):
        out[:, action] = state.least * times
    out[:, MAX] = state.top
    out[:, SEE] = state.cost
    cur = np.maximum(state.current_player, 0)
    out[:, COVER] = state.stacks.reshape(-1).take(state.base + cur)  # rule M2: the whole stack
    out[state.terminated] = 0
    return out
