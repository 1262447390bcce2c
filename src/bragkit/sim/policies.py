"""Batched versions of the ``random``, ``cautious`` and ``bold`` bots (:mod:`bragkit.bots.simple`).

A batched policy takes a :class:`~bragkit.sim.state.State` and the rows (deals) where it is to
act and returns one menu index per row (:mod:`bragkit.sim.menu`). It reads only what its player
may know: its own cards once looked, the public betting, and its own past bets.

- ``cautious`` and ``bold`` make the same decisions as :class:`~bragkit.bots.simple.ThresholdBot`
  on the menu: the same quantiles (:class:`~bragkit.bots.strength.HandSpace`), thresholds and
  raise sizes (a raise of 2 or 3 times the least bet, or the most allowed when that is less, is
  on the menu exactly). A proposed showdown is answered as ``agrees`` does (looked, and strong
  enough to open).
- ``random`` (:func:`random_bot_actions`) picks uniformly among the kinds of option of
  :class:`~bragkit.bots.simple.RandomBot` (fold, look, bet, open bet while blind, see), never
  proposing a showdown and answering one at even odds; its documented approximation: a bet's
  size is uniform among the menu's bet sizes instead of every amount in range, and an open bet
  while blind is a look then, at once, a bet. (:func:`random_actions`, uniform over the legal
  menu actions, is the random policy of the benchmark and of reinforcement learning.)

>>> import numpy as np
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> state = init(4, 3, players=2, rules=Rules(max_bet=10))
>>> rows = np.arange(3)
>>> batched_policy("cautious", state.rules, 0)(state, rows).tolist()   # look first (BL2)
[1, 1, 1]
>>> batched_policy("bold", state.rules, 0)(state, rows).tolist()       # blind bet (BL1)
[2, 2, 2]
>>> has_batched_policies(["random", "bold"]), has_batched_policies(["shark"])
(True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.bots.simple import BOLD, CAUTIOUS, Style
from bragkit.bots.strength import HandSpace
from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.menu import AGREE, BETS, DECLINE, FOLD, LOOK, MAX, NUM_ACTIONS, SEE, STAY
from bragkit.sim.state import State

__all__ = ["BATCHED_KINDS", "Policy", "batched_policy", "has_batched_policies",
           "random_actions", "random_bot_actions", "threshold_actions"]

Rows = npt.NDArray[np.int64]
Policy = Callable[[State, Rows], Rows]
_STYLES: Final = {"cautious": CAUTIOUS, "bold": BOLD}
#: The bot kinds with a batched policy.
BATCHED_KINDS: Final = ("random", *_STYLES)


def has_batched_policies(kinds: Iterable[str]) -> bool:
    """Whether every kind of bot named has a batched policy (so a match can be simulated)."""
    return all(kind in BATCHED_KINDS for kind in kinds)


def batched_policy(kind: str, rules: Rules, seed: int | np.random.Generator | None) -> Policy:
    """The batched policy of a bot kind under ``rules``; ``seed`` drives the random bot."""
    if kind == "random":
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

        pending: list[npt.NDArray[np.bool_]] = []  # deals where a look is to be followed by a bet

        def play_random(state: State, rows: Rows) -> Rows:
            if not pending or len(pending[0]) != state.n:
                pending[:] = [np.zeros(state.n, dtype=bool)]
            return random_bot_actions(state, rng, rows, pending[0])

        return play_random
    style = _STYLES.get(kind)
    if style is None:
        raise BragError(f"no batched policy for the {kind!r} bot (batched: "
                        f"{', '.join(BATCHED_KINDS)})")
    table = _quantiles(rules)

    def play_style(state: State, rows: Rows) -> Rows:
        return threshold_actions(state, rows, style, table)

    return play_style


def random_actions(
    state: State, rng: np.random.Generator, *, rows: Rows | None = None, propose: bool = False
) -> Rows:
    """A uniformly random legal menu action in each of ``rows`` (all deals by default; 0 where
    a deal is over). Like the random bot, it proposes no showdown unless ``propose``, and
    answers one at even odds."""
    bits = state.legal_bits if rows is None else state.legal_bits[rows]
    # agree only to answer a proposal, unless ``propose``: the tables of the sets so narrowed
    count, nth = (_COUNT, _NTH) if propose else (_COUNT_ANSWER, _NTH_ANSWER)
    # a float32 draw below 1 times a count below 2**4 is exact in float64: the pick is below
    # the count (0 when there is none)
    pick = (rng.random(len(bits), dtype=np.float32) * count.take(bits)).astype(np.int64)
    pick += bits * NUM_ACTIONS
    chosen: Rows = nth.take(pick)
    return chosen


def _tables() -> tuple[npt.NDArray[np.float64], Rows]:
    """For every set of legal actions (bits): how many, and the k-th of them (0 for none)."""
    sets = 1 << NUM_ACTIONS
    count = np.zeros(sets, dtype=np.float64)
    nth = np.zeros(sets * NUM_ACTIONS, dtype=np.int64)
    for bits in range(sets):
        members = [a for a in range(NUM_ACTIONS) if bits >> a & 1]
        count[bits] = len(members)
        for k, action in enumerate(members):
            nth[bits * NUM_ACTIONS + k] = action
    return count, nth


def _answer_only(tables: tuple[npt.NDArray[np.float64], Rows]
                 ) -> tuple[npt.NDArray[np.float64], Rows]:
    """The tables for a policy that proposes no showdown: ``agree`` counted only beside
    ``decline`` (an answer to a proposal, B8)."""
    count, nth = tables
    sets = np.arange(1 << NUM_ACTIONS, dtype=np.int64)
    narrowed = sets & ~((((sets >> DECLINE) & 1) ^ 1) << AGREE)
    picks = (narrowed[:, None] * NUM_ACTIONS + np.arange(NUM_ACTIONS)).reshape(-1)
    return count[narrowed], nth[picks]


_COUNT, _NTH = _tables()
_COUNT_ANSWER, _NTH_ANSWER = _answer_only((_COUNT, _NTH))


_BET_BITS: Final = sum(1 << action for action in BETS)


def random_bot_actions(
    state: State, rng: np.random.Generator, rows: Rows, pending: npt.NDArray[np.bool_]
) -> Rows:
    """:class:`~bragkit.bots.simple.RandomBot` on the menu: uniform over its kinds of option —
    fold, look, a bet (blind if blind, BL1), an open bet (for a blind player: a look, and a bet
    at once after it, BL2), see — then a bet size uniform among the legal ones; a proposed
    showdown answered at even odds (B8). ``pending`` marks the deals where a look is to be
    followed by a bet (kept between calls)."""
    bits = state.legal_bits[rows]
    responding = state.proposer[rows] >= 0
    blind = (state.looked_bits[rows] & state.turn_bit[rows]) == 0
    bets = bits & _BET_BITS
    count = _COUNT[bets]
    size = _NTH[bets * NUM_ACTIONS + np.minimum(
        (rng.random(len(rows), dtype=np.float32) * count).astype(np.int64),
        np.maximum(count - 1, 0)).astype(np.int64)]
    kinds = np.stack([
        (bits >> FOLD) & 1, (bits >> LOOK) & 1, bets != 0, ((bits >> LOOK) & 1) & (bets != 0)
        & blind, (bits >> SEE) & 1], axis=1).astype(bool)
    weights = rng.random(kinds.shape, dtype=np.float32) * kinds
    kind = np.argmax(weights, axis=1)
    actions = np.array([FOLD, LOOK, 0, LOOK, SEE], dtype=np.int64)[kind]
    actions = np.where(kind == 2, size, actions)
    then_bet = pending[rows] & (bets != 0) & ~responding
    actions = np.where(then_bet, size, actions)
    pending[rows] = (kind == 3) & ~then_bet & ~responding
    answer = np.where(rng.random(len(rows)) < 0.5, AGREE, DECLINE)
    chosen: Rows = np.where(responding, answer, actions)
    return chosen


@functools.lru_cache(maxsize=16)
def _quantiles(rules: Rules) -> npt.NDArray[np.float64]:
    """The quantile of every strength value (HandSpace.quantile, for all values at once)."""
    space = HandSpace.of(rules)
    return space.quantiles(np.arange(int(space.table.max()) + 1))


def threshold_actions(
    state: State, rows: Rows, style: Style, quantiles: npt.NDArray[np.float64]
) -> Rows:
    """The decisions of a :class:`~bragkit.bots.simple.ThresholdBot` of ``style`` in ``rows``."""
    out = np.full(len(rows), FOLD, dtype=np.int64)
    if not len(rows):
        return out
    p = state.current_player[rows]
    mask = state.legal_action_mask[rows]
    looked = (state.looked_bits[rows] >> p) & 1 == 1
    strength = quantiles[state.values[rows, p]]
    responding = state.proposer[rows] >= 0
    # a proposed showdown (B8): agree with a looked hand strong enough to open
    out[responding] = np.where(looked & (strength >= style.open), AGREE, DECLINE)[responding]
    can_stay = mask[:, STAY]
    can_see = mask[:, SEE]
    # blind (rules BL1, BL2): bet blind for a few rounds, then look
    blind_bets = state.blind_bets[rows, p]
    blind = ~looked & ~responding
    first = can_stay & (blind_bets < style.blind_rounds)
    look = mask[:, LOOK]
    late = can_stay & (blind_bets < style.blind_rounds + 2)
    out[blind] = np.where(first, STAY, np.where(look, LOOK, np.where(late, STAY, FOLD)))[blind]
    # open: by strength against the style's thresholds
    seen = looked & ~responding
    made = state.open_bets[rows, p].astype(np.int64)
    raised = state.raises[rows, p].astype(np.int64)
    need = np.minimum(style.ceiling, style.open + style.step * made)
    others = state.full & ~state.folded_bits[rows] & ~np.left_shift(1, p)
    all_blind = (others != 0) & (others & state.looked_bits[rows] == 0)
    need = np.where(all_blind, np.maximum(need, style.versus_blind), need)  # rule BL4
    see_now = can_see & (made >= style.see_after) & (strength >= style.see_at)
    wager = can_stay & (strength >= need)
    raise_now = wager & (strength >= style.raise_at) & (raised < style.raises)
    see_late = can_see & (strength >= np.minimum(style.see_at, need))
    least = state.least[rows]
    top = state.top[rows]
    target = np.minimum(least * style.raise_by, top)
    times = target // np.maximum(least, 1)
    exact = (target % np.maximum(least, 1) == 0) & (times >= 1) & (times <= len(BETS) - 1)
    bet_of = np.asarray(BETS, dtype=np.int64)
    raise_action = np.where(exact, bet_of[np.clip(times - 1, 0, len(BETS) - 1)], MAX)
    choice = np.where(see_now, SEE, np.where(raise_now, raise_action, np.where(
        wager, STAY, np.where(see_late, SEE, FOLD))))
    out[seen] = choice[seen]
    return out
