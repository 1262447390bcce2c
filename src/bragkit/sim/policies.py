"""Batched versions of the ``random``, ``cautious`` and ``bold`` bots (:mod:`bragkit.bots.simple`).

A batched policy takes a :class:`~bragkit.sim.state.State` and the rows (deals) where it is to
act and returns its :class:`Moves` there: one menu index per row (:mod:`bragkit.sim.menu`) and,
for a bet, the chips it puts in (the step's ``bets``). It reads only what its player may know:
its own cards once looked, the public betting, and its own past bets. Each makes the decisions
of the engine's bot of its name (cautious and bold in three-card Brag: their strengths are
three-card quantiles):

- ``cautious`` and ``bold`` make the same decisions as :class:`~bragkit.bots.simple.ThresholdBot`
  on the menu: the same quantiles (:class:`~bragkit.bots.strength.HandSpace`), thresholds and
  raise sizes (a raise of 2 or 3 times the least bet, or the most allowed when that is less, is
  on the menu exactly). A proposed showdown is answered as ``agrees`` does (looked, and strong
  enough to open).
- ``random`` (:func:`random_bot_actions`) picks as :class:`~bragkit.bots.simple.RandomBot` does:
  uniformly among the options of its turn (:func:`random_bot_options`: fold, look, a bet, an
  open bet while blind, see), then an amount uniform over the whole range of the bet (B1, B3,
  BL1); it never proposes a showdown and answers one at even odds (B8). An open bet while
  blind, one action in the engine, is a look and then at once the bet (BL2).
  (:func:`random_actions`, uniform over the legal menu actions, is the random policy of the
  benchmark and of reinforcement learning.)

>>> import numpy as np
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> state = init(4, 3, players=2, rules=Rules(max_bet=10))
>>> rows = np.arange(3)
>>> batched_policy("cautious", state.rules, 0)(state, rows).actions.tolist()   # look (BL2)
[1, 1, 1]
>>> moves = batched_policy("bold", state.rules, 0)(state, rows)   # a blind bet of 1 (BL1)
>>> moves.actions.tolist(), moves.bets.tolist()
([2, 2, 2], [1, 1, 1])
>>> has_batched_policies(["random", "bold"]), has_batched_policies(["shark"])
(True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from bragkit.bots.simple import BOLD, CAUTIOUS, Style
from bragkit.bots.strength import HandSpace
from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.actions import MULTIPLE_OF
from bragkit.sim.menu import (
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
    NUM_ACTIONS,
    SEE,
    STAY,
    THROW,
)
from bragkit.sim.state import State

__all__ = ["BATCHED_KINDS", "RANDOM_OPTIONS", "Moves", "Policy", "batched_policy",
           "has_batched_policies", "random_actions", "random_bot_actions", "random_bot_options",
           "threshold_actions"]

Rows = npt.NDArray[np.int64]


class Moves(NamedTuple):
    """A batched policy's moves in the rows it was asked: the menu action of each, the chips
    of a bet (from ``state.least`` to ``state.top``; ignored for other actions) and the cards
    a discard throws (the step's ``discards``; None: the best three kept, F1)."""

    actions: Rows
    bets: Rows
    discards: Rows | None = None


Policy = Callable[[State, Rows], Moves]
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

        def play_random(state: State, rows: Rows) -> Moves:
            if not pending or len(pending[0]) != state.n:
                pending[:] = [np.zeros(state.n, dtype=bool)]
            return random_bot_actions(state, rng, rows, pending[0])

        return play_random
    style = _STYLES.get(kind)
    if style is None:
        raise BragError(f"no batched policy for the {kind!r} bot (batched: "
                        f"{', '.join(BATCHED_KINDS)})")
    if rules.cards != 3:
        raise BragError(f"the batched {kind} bot plays three-card Brag only, not "
                        f"{rules.variant} (it reads three-card strengths; rule F1)")
    table = _quantiles(rules)

    def play_style(state: State, rows: Rows) -> Moves:
        actions = threshold_actions(state, rows, style, table)
        return Moves(actions, menu_bets(state, rows, actions))

    return play_style


def random_actions(
    state: State, rng: np.random.Generator, *, rows: Rows | None = None, propose: bool = False,
    exclude: Iterable[int] = (),
) -> Rows:
    """A uniformly random legal menu action in each of ``rows`` (all deals by default; 0 where
    a deal is over). Like the random bot, it proposes no showdown unless ``propose``, and
    answers one at even odds. Actions in ``exclude`` are never picked (unless nothing else is
    legal: then the first legal one)."""
    bits = state.legal_bits if rows is None else state.legal_bits[rows]
    banned = sum(1 << a for a in exclude)
    if banned:
        narrowed = bits & ~banned
        bits = np.where(narrowed == 0, bits & -bits, narrowed)
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


#: The options of :class:`~bragkit.bots.simple.RandomBot`'s turn, as :func:`random_bot_options`
#: gives them: the engine's ``fold``, ``look``, ``bet`` (a ``blind`` bet while blind), ``bet``
#: by a blind player (the bet includes the look, BL2) and ``see``.
RANDOM_OPTIONS: Final = ("fold", "look", "bet", "open bet", "see", "cover", "look old",
                         "discard", "keep", "throw")
_OPTION_ACTIONS: Final = np.array([FOLD, LOOK, STAY, LOOK, SEE, COVER, LOOK_OLD, DISCARD, KEEP,
                                   THROW], dtype=np.int64)


def menu_bets(state: State, rows: Rows, actions: Rows) -> Rows:
    """The chips each menu action of ``rows`` puts in if it is a bet (its menu amount)."""
    least = state.least[rows]
    bets: Rows = np.where(actions == MAX, state.top[rows], least * MULTIPLE_OF[actions])
    return bets


def random_bot_options(state: State, rows: Rows) -> npt.NDArray[np.bool_]:
    """``(len(rows), 10)``: which of :data:`RANDOM_OPTIONS` the engine offers the player to
    act (a deal's menu, :mod:`bragkit.games.three_card.menus`, as RandomBot reads it): fold
    (B2); look while blind (BL2; R2: the new hand); a bet, blind while blind (B3, BL1), when
    the stack meets its least; a blind player's open bet when the stack meets the open least
    (B2, B3; not before a discard, F1, nor with two hands, R2); see (B6, BL4); cover (M2, M3);
    look at the old hand (R2); discard, once looked (F1); keep or throw (R2). None while a
    proposed showdown is answered (B8)."""
    bits = state.legal_bits[rows]
    cur = np.maximum(state.current_player[rows], 0)
    stack = state.stacks.reshape(-1).take(state.base[rows] + cur)
    blind = (state.looked_bits[rows] & state.turn_bit[rows]) == 0
    look = (bits >> LOOK) & 1 == 1
    open_least = np.maximum(state.stake[rows], state.rules.min_bet)  # rules B2, B3
    open_bet = look & blind & (stack >= open_least)
    extra = state.extra
    if extra is not None:  # rules F1, R2: no open bet before a discard, or with two hands
        open_bet &= (state.cards == 3) & (extra.two_seat[rows] != cur)
    options: npt.NDArray[np.bool_] = np.stack([
        (bits >> FOLD) & 1 == 1, look, (bits >> STAY) & 1 == 1, open_bet,
        (bits >> SEE) & 1 == 1, (bits >> COVER) & 1 == 1, (bits >> LOOK_OLD) & 1 == 1,
        ((bits >> DISCARD) & 1 == 1) & ~blind, (bits >> KEEP) & 1 == 1,
        (bits >> THROW) & 1 == 1], axis=1)
    return options


def random_bot_actions(
    state: State, rng: np.random.Generator, rows: Rows, pending: npt.NDArray[np.bool_]
) -> Moves:
    """:class:`~bragkit.bots.simple.RandomBot` on the menu: uniform over the options of its
    turn (:func:`random_bot_options`), a bet's amount uniform over its whole range, from the
    least to the most (B1, B3; blind, BL1); an open bet while blind is a look, and the bet at
    once after it (BL2); a proposed showdown answered at even odds (B8). ``pending`` marks the
    deals where a look is to be followed by a bet (kept between calls)."""
    responding = state.proposer[rows] >= 0
    options = random_bot_options(state, rows)
    weights = (rng.random(options.shape, dtype=np.float32) + 1) * options  # 0: not offered
    option = np.argmax(weights, axis=1)
    least = state.least[rows]
    span = state.top[rows] - least + 1
    bets = least + np.minimum((rng.random(len(rows)) * span).astype(np.int64), span - 1)
    actions = _OPTION_ACTIONS[option]
    then_bet = pending[rows] & options[:, 2] & ~responding  # the look of an open bet (BL2)
    actions = np.where(then_bet, STAY, actions)
    pending[rows] = (option == 3) & ~then_bet & ~responding
    answer = np.where(rng.random(len(rows)) < 0.5, AGREE, DECLINE)
    chosen: Rows = np.where(responding, answer, actions)
    thrown = None
    if state.cards > 3:  # rule F1: any cards, uniformly, as RandomBot
        combos = state.rater.thrown
        picks = combos[rng.integers(0, len(combos), len(rows))]
        thrown = np.left_shift(1, picks).sum(axis=1)
    return Moves(chosen, bets, thrown)


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
    choosing = np.zeros(len(rows), dtype=bool)
    extra = state.extra
    if extra is not None:  # rule R2: keep the hand just looked at if strong enough
        choosing = extra.pending[rows] > 0
        if choosing.any():
            held = rows[choosing]
            value = np.where(extra.pending[held] == 2, state.rater.values(extra.second[held]),
                             state.values[held, p[choosing]])
            out[choosing] = np.where(quantiles[value] >= style.keep_at, KEEP, THROW)
        responding |= choosing
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
    cover = mask[:, COVER] & (strength >= need)  # rules M2, M3
    least = state.least[rows]
    top = state.top[rows]
    target = np.minimum(least * style.raise_by, top)
    times = target // np.maximum(least, 1)
    exact = (target % np.maximum(least, 1) == 0) & (times >= 1) & (times <= len(BETS) - 1)
    bet_of = np.asarray(BETS, dtype=np.int64)
    raise_action = np.where(exact, bet_of[np.clip(times - 1, 0, len(BETS) - 1)], MAX)
    choice = np.where(see_now, SEE, np.where(raise_now, raise_action, np.where(
        wager, STAY, np.where(cover, COVER, np.where(see_late, SEE, FOLD)))))
    out[seen] = choice[seen]
    return out
