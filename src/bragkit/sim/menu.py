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

:func:`refresh` fills ``legal_action_mask`` and ``amounts`` (chips the action puts in) of the
rows given, from :func:`bragkit.games.betting.bet_bounds`'s arithmetic, vectorised.

>>> from bragkit.rules import Rules
>>> from bragkit.sim.state import init
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

if TYPE_CHECKING:
    from bragkit.sim.state import State

__all__ = ["ACTIONS", "AGREE", "BETS", "DECLINE", "FOLD", "LOOK", "MAX", "MULTIPLES",
           "NUM_ACTIONS", "RAISE2", "RAISE3", "RAISE4", "SEE", "STAY", "refresh"]

#: The discrete actions, in index order.
ACTIONS: Final = ("fold", "look", "stay", "raise2", "raise3", "raise4", "max", "see", "agree",
                  "decline")
FOLD, LOOK, STAY, RAISE2, RAISE3, RAISE4, MAX, SEE, AGREE, DECLINE = range(10)
NUM_ACTIONS: Final = len(ACTIONS)
#: The bets of the menu, and the multiple of the least bet each is (``max``: 0).
BETS: Final = (STAY, RAISE2, RAISE3, RAISE4, MAX)
MULTIPLES: Final = (1, 2, 3, 4)
_INF: Final = 1 << 50


def refresh(state: State, rows: npt.NDArray[np.int64]) -> None:
    """Work out the legal actions and their amounts for ``rows`` (deals not over)."""
    state._observation = None
    live = rows[~state.terminated[rows]]
    over = rows[state.terminated[rows]]
    if len(over):
        state.legal_action_mask[over] = False
        state.amounts[over] = 0
    if not len(live):
        return
    rules = state.rules
    p = state.current_player[live]
    looked = state.looked[live, p]
    blind = ~looked
    stake = state.stake[live]
    bet_made = state.bet_made[live]
    stack = state.stacks[live, p]
    least_open = np.where(bet_made, stake, rules.min_bet)  # rules B2, B3
    most = np.full(len(live), _INF if rules.max_bet is None else rules.max_bet, dtype=np.int64)
    if rules.raise_limit is not None:  # rule B1: the most a bet may exceed the stake
        most = np.where(bet_made, np.minimum(most, stake + rules.raise_limit), most)
    least = np.where(blind, (least_open + 1) // 2, least_open)  # rule BL1, rounded up
    most = np.where(blind, most // 2, most)
    if rules.pot_limit:  # rule B1: no bet puts in more than the pot holds
        most = np.minimum(most, state.pot[live])
    most = np.maximum(most, least)  # a limit never stops a player meeting the stake
    top = np.minimum(most, stack)
    can_bet = stack >= least
    responding = state.proposer[live] >= 0
    normal = ~responding
    mask = np.zeros((len(live), NUM_ACTIONS), dtype=bool)
    amounts = np.zeros((len(live), NUM_ACTIONS), dtype=np.int64)
    mask[:, FOLD] = normal
    if rules.blind:
        mask[:, LOOK] = normal & blind  # rule BL2: at one's own turn
    for action, times in zip(BETS, MULTIPLES, strict=False):
        amount = least * times
        amounts[:, action] = amount
        mask[:, action] = normal & can_bet & (amount <= top)
    multiple = (top % least == 0) & (top // least <= MULTIPLES[-1])
    amounts[:, MAX] = top
    mask[:, MAX] = normal & can_bet & ~multiple
    # rules B6, BL4: two left, a bet made, not an open player seeing a blind one
    n_betting = state.n_betting[live]
    betting_blind = ((~state.folded[live]) & (~state.looked[live])).sum(axis=1)
    other_blind = betting_blind - blind > 0
    open_cost = stake if rules.see_cost == "single" else 2 * stake  # rules B6, B9
    cost = np.where(blind, (open_cost + 1) // 2, open_cost)  # rules BL1, BL4
    amounts[:, SEE] = cost
    mask[:, SEE] = normal & (n_betting == 2) & bet_made & ~(looked & other_blind) & (
        stack >= cost)
    agreed = state.agreed[live, p]
    mask[:, AGREE] = (n_betting >= 3) & ~agreed  # rule B8
    mask[:, DECLINE] = responding
    state.legal_action_mask[live] = mask
    state.amounts[live] = amounts
