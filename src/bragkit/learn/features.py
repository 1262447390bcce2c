"""The learned bot's features and choices, the same on the simulator and on the engine.

A handful of numbers both sides can give (:data:`FEATURES`): the player's hand strength once
looked (its quantile, :mod:`bragkit.bots.strength`), blind or not (BL6), two hands (R2), the
pot, the stake, the least and most bet and the price of a see (B1-B3, B6, BL1), the pot carried
in (BL3), the stack, who is still betting and who of them looked, the bets made (blind, BL1,
and open), the place in the betting order (B2, D3) and the table's size, then which of the six
choices (:data:`CHOICES`) are open. :func:`sim_features` reads them from a simulator state,
:func:`view_features` from an engine player's view (its public log only), and
``tests/learn/test_features.py`` checks they agree at every turn of deals played in lock-step.

The six choices map to the simulator's menu (:func:`sim_actions`) and to the engine's legal
actions (:func:`engine_action`): fold (B2), look (BL2; the new hand with two, R2), stay (the
least bet, blind while blind, BL1; a cover when short of it, M2), double (twice the least),
the most (B1), see (B6). The rest is by rule, alike on both: a proposed showdown is agreed
with a looked hand in the better half (B8), a hand just looked at is kept in the better half
(R2), no showdown is ever proposed.

>>> from bragkit.games.three_card.deal import Deal
>>> from bragkit.arena_rules import arena_rules
>>> deal = Deal(arena_rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[200, 200],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> x = view_features(deal.view("Ann"), arena_rules())
>>> x.shape == (len(FEATURES),), [CHOICES[c] for c in range(CHOICE_COUNT) if x[MASK + c]]
(True, ['fold', 'look', 'stay', 'double', 'most'])
>>> str(engine_action(deal.view("Ann"), STAY_C))     # a blind bet of 1 (BL1)
'Ann blind 1'
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, Verb
from bragkit.bots.reading import History, Menu, OpenBet
from bragkit.bots.strength import HandSpace, hand_quantile
from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView
from bragkit.sim.menu import (
    AGREE,
    BETS,
    COVER,
    DECLINE,
    FOLD,
    KEEP,
    LOOK,
    RAISE2,
    SEE,
    STAY,
    THROW,
)
from bragkit.sim.state import State

__all__ = ["CHOICES", "CHOICE_COUNT", "DOUBLE_C", "FEATURES", "FOLD_C", "GOOD", "LOOK_C",
           "MASK", "MOST_C", "SEE_C", "STAY_C", "choice_masks", "engine_action", "engine_masks",
           "keeps", "quantile_table", "ruled_actions", "sim_actions", "sim_features",
           "view_features"]

#: The six choices the network picks among.
CHOICES: Final = ("fold", "look", "stay", "double", "most", "see")
FOLD_C, LOOK_C, STAY_C, DOUBLE_C, MOST_C, SEE_C = range(6)
CHOICE_COUNT: Final = len(CHOICES)
#: The features, in order (amounts in chips over a fixed scale, counts over a fixed most).
FEATURES: Final = (
    "looked", "strength", "two_hands", "pot", "stake", "least", "most", "see_price",
    "carried", "stack", "betting", "others_looked", "others_blind", "my_blind_bets",
    "my_open_bets", "others_open_bets", "others_blind_bets", "order",
    "players_2", "players_3", "players_4", "players_5", "players_6", "bias",
    *(f"can_{c}" for c in CHOICES))
#: Where the choices' flags start.
MASK: Final = FEATURES.index("can_fold")
_SCALE: Final = {"pot": 100.0, "stake": 20.0, "least": 10.0, "most": 10.0, "see_price": 20.0,
                 "carried": 50.0, "stack": 200.0}
#: Keep a hand just looked at (R2), agree to a showdown (B8): at least this strong.
GOOD: Final = 0.5

Rows = npt.NDArray[np.int64]
Matrix = npt.NDArray[np.float64]


@functools.lru_cache(maxsize=8)
def quantile_table(rules: Rules) -> npt.NDArray[np.float64]:
    """The quantile of every three-card strength value (:meth:`HandSpace.quantile`)."""
    space = HandSpace.of(rules)
    return space.quantiles(np.arange(int(space.table.max()) + 1))


def _amount(value: npt.ArrayLike, name: str) -> npt.NDArray[np.float64]:
    return np.minimum(np.asarray(value, dtype=np.float64) / _SCALE[name], 4.0)


_POPCOUNT: Final = np.array([bin(k).count("1") for k in range(1 << 10)], dtype=np.int64)


def _popcount(bits: Rows) -> Rows:
    count: Rows = _POPCOUNT[bits]
    return count


def choice_masks(state: State, rows: Rows) -> npt.NDArray[np.bool_]:
    """``(len(rows), 6)``: which choices the simulator's menu offers in ``rows``."""
    mask = state.legal_action_mask[rows]
    least = state.least[rows]
    top = state.top[rows]
    stay = mask[:, STAY]
    return np.stack([mask[:, FOLD], mask[:, LOOK], stay | mask[:, COVER],
                     mask[:, RAISE2], stay & (top > 2 * least), mask[:, SEE]], axis=1)


def sim_features(state: State, rows: Rows) -> Matrix:
    """The features of the player to act in ``rows`` of a three-card simulator state."""
    m, p = len(rows), state.players
    out = np.zeros((m, len(FEATURES)), dtype=np.float64)
    seat = np.maximum(state.current_player[rows], 0)
    bit = np.left_shift(1, seat)
    looked = (state.looked_bits[rows] & bit) != 0
    strength = quantile_table(state.rules)[state.values[rows, seat]]
    masks = choice_masks(state, rows)
    can_bet = state.legal_action_mask[rows, STAY]  # a bet, not a cover (M2)
    betting = state.full & ~state.folded_bits[rows]
    others = betting & ~bit
    others_looked = _popcount(others & state.looked_bits[rows])
    others_count = _popcount(others)
    out[:, 0] = looked
    out[:, 1] = np.where(looked, strength, 0.0)
    extra = state.extra
    if extra is not None:
        out[:, 2] = extra.two_seat[rows] == seat
    out[:, 3] = _amount(state.pot[rows], "pot")
    out[:, 4] = _amount(state.stake[rows], "stake")
    out[:, 5] = np.where(can_bet, _amount(state.least[rows], "least"), 0.0)
    out[:, 6] = np.where(can_bet, _amount(state.top[rows], "most"), 0.0)
    out[:, 7] = np.where(masks[:, SEE_C], _amount(state.cost[rows], "see_price"), 0.0)
    out[:, 8] = _amount(state.carried_in[rows], "carried")
    out[:, 9] = _amount(state.stacks[rows, seat], "stack")
    out[:, 10] = _popcount(betting) / 6.0
    out[:, 11] = others_looked / 5.0
    out[:, 12] = (others_count > 0) & (others_looked == 0)
    blind_bets = state.blind_bets[rows].astype(np.int64)
    open_bets = state.open_bets[rows].astype(np.int64)
    line = np.arange(m)
    out[:, 13] = np.minimum(blind_bets[line, seat], 10) / 10.0
    out[:, 14] = np.minimum(open_bets[line, seat], 10) / 10.0
    out[:, 15] = np.minimum(open_bets.sum(axis=1) - open_bets[line, seat], 20) / 20.0
    out[:, 16] = np.minimum(blind_bets.sum(axis=1) - blind_bets[line, seat], 20) / 20.0
    out[:, 17] = seat / 5.0
    out[:, 18 + min(max(p, 2), 6) - 2] = 1.0
    out[:, 23] = 1.0
    out[:, MASK:] = masks
    return out


def sim_actions(state: State, rows: Rows, choices: Rows) -> Rows:
    """The simulator's menu actions of ``choices`` in ``rows`` (each choice open there)."""
    mask = state.legal_action_mask[rows]
    amounts = state.amounts[rows]
    bets = np.asarray(BETS, dtype=np.int64)
    open_bets = np.where(mask[:, bets], amounts[:, bets], -1)
    biggest = bets[np.argmax(open_bets, axis=1)]
    stay = np.where(mask[:, STAY], STAY, COVER)
    table = np.stack([np.full(len(rows), FOLD), np.full(len(rows), LOOK), stay,
                      np.full(len(rows), RAISE2), biggest, np.full(len(rows), SEE)], axis=1)
    chosen: Rows = table[np.arange(len(rows)), choices]
    return chosen


def ruled_actions(state: State, rows: Rows) -> tuple[npt.NDArray[np.bool_], Rows]:
    """The rows decided by rule, and their actions: a proposed showdown answered (B8: agree
    with a looked hand at least :data:`GOOD`), a hand just looked at kept or thrown (R2)."""
    seat = np.maximum(state.current_player[rows], 0)
    looked = (state.looked_bits[rows] >> seat) & 1 == 1
    quantiles = quantile_table(state.rules)
    strength = quantiles[state.values[rows, seat]]
    responding = state.proposer[rows] >= 0
    out = np.where(looked & (strength >= GOOD), AGREE, DECLINE).astype(np.int64)
    extra = state.extra
    if extra is not None:
        choosing = extra.pending[rows] > 0
        if choosing.any():
            held = rows[choosing]
            value = np.where(extra.pending[held] == 2, state.rater.values(extra.second[held]),
                             state.values[held, seat[choosing]])
            out[choosing] = np.where(quantiles[value] >= GOOD, KEEP, THROW)
        responding = responding | choosing
    return responding, out


def _index(view: DealView, name: str) -> int:
    return view.players.index(name)


def view_features(view: DealView, rules: Rules) -> npt.NDArray[np.float64]:
    """The features of the viewer, its player to act, from its view of an engine deal (any
    game of the three-card family: the strength is of the three kept, F1; the network was
    trained on three-card Brag)."""
    name = view.viewer
    if name is None:
        raise BragError("a spectator has no features: the view is a player's")
    out = np.zeros(len(FEATURES), dtype=np.float64)
    menu = Menu(view)
    masks = engine_masks(view)
    p = len(view.players)
    history = History.of(view, min_bet=rules.min_bet)
    looked = view.hand is not None
    betting = [n for n in view.in_play if n not in view.covered]
    others = [n for n in betting if n != name]
    others_looked = sum(1 for n in others if n not in view.blind)
    wager = menu.wager_option()
    see = menu.get(Verb.SEE)
    out[0] = looked
    out[1] = hand_quantile(view, rules) if looked else 0.0
    out[2] = view.two_hands == name
    out[3] = _amount(view.pot, "pot")
    out[4] = _amount(view.stake, "stake")
    if wager is not None:
        out[5] = _amount(wager.min_amount or 0, "least")
        out[6] = _amount(wager.max_amount or 0, "most")
    if see is not None:
        out[7] = _amount(see.min_amount or 0, "see_price")
    out[8] = _amount(view.carried_pot, "carried")
    out[9] = _amount(view.stacks[name], "stack")
    out[10] = len(betting) / 6.0
    out[11] = others_looked / 5.0
    out[12] = bool(others) and others_looked == 0
    me = history.player(name)
    mine = _open_bets(history.players[name].open_bets)
    open_all = sum(_open_bets(h.open_bets) for h in history.players.values())
    blind_all = sum(h.blind_bets for h in history.players.values())
    out[13] = min(me.blind_bets, 10) / 10.0
    out[14] = min(mine, 10) / 10.0
    out[15] = min(open_all - mine, 20) / 20.0
    out[16] = min(blind_all - me.blind_bets, 20) / 20.0
    out[17] = ((_index(view, name) - _index(view, view.dealer) - 1) % p) / 5.0
    out[18 + min(max(p, 2), 6) - 2] = 1.0
    out[23] = 1.0
    out[MASK:] = masks
    return out


def _open_bets(bets: list[OpenBet]) -> int:
    """Open bets and sees, not covers (M2: the simulator counts a cover apart)."""
    return sum(1 for b in bets if b.verb is not Verb.COVER)


def _look(menu: Menu) -> Action | None:
    return menu.simple(Verb.LOOK) or menu.simple(Verb.LOOK, "new")  # rule R2: the new hand


def engine_masks(view: DealView) -> npt.NDArray[np.bool_]:
    """Which choices the engine offers the viewer now (as :func:`choice_masks`)."""
    menu = Menu(view)
    wager = menu.wager_option()
    low = (wager.min_amount or 0) if wager is not None else 0
    high = (wager.max_amount or low) if wager is not None else 0
    return np.array([menu.has(Verb.FOLD), _look(menu) is not None,
                     wager is not None or menu.has(Verb.COVER),
                     wager is not None and 2 * low <= high,
                     wager is not None and high > 2 * low, menu.has(Verb.SEE)], dtype=bool)


def engine_action(view: DealView, choice: int) -> Action:
    """The engine's action of ``choice`` for the viewer (a choice open to it)."""
    menu = Menu(view)
    wager = menu.wager_option()
    found: Action | None = None
    if choice == FOLD_C:
        found = menu.fold()
    elif choice == LOOK_C:
        found = _look(menu)
    elif choice == SEE_C:
        found = menu.simple(Verb.SEE)
    elif wager is None:
        found = menu.simple(Verb.COVER) if choice == STAY_C else None
    else:
        low = wager.min_amount or 0
        found = wager.action({STAY_C: low, DOUBLE_C: 2 * low,
                              MOST_C: wager.max_amount or low}[choice])
    if found is None:
        raise BragError(f"the choice {CHOICES[choice]!r} is not open to {view.viewer}")
    return found


def keeps(view: DealView, rules: Rules) -> bool:
    """Rule R2 (keep the hand just looked at) and B8 (agree to a showdown): a looked hand at
    least :data:`GOOD`."""
    return view.hand is not None and hand_quantile(view, rules) >= GOOD

