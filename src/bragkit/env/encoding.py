"""What a learning agent sees and does at Brag: a fixed-size observation and a discrete menu.

No PettingZoo here: this module turns one player's
:class:`~bragkit.games.three_card.views.DealView` (the
engine's censored view: never another player's hidden cards, nor the viewer's own while blind,
rules D8, BL6) into a vector, and maps a small discrete menu onto the engine's legal actions.

The **menu** (:data:`ACTIONS`): ``fold``; ``look`` (BL2); ``stay`` (the least bet: the stake,
or half of it blind, B3, BL1); ``raise2`` and ``raise4`` (twice and four times the least bet);
``max`` (the most one bet may be, B1, or the whole stack); ``see`` (B6, BL4); ``cover`` (M2, M3);
``discard`` (four-/five-card Brag, F1: keep the best three). An agreed showdown (B8) and top-ups
(M1) are not on the menu.

The **observation** (:func:`encode`), seats counted from the viewer clockwise: the viewer's cards
(52 flags, all zero while blind) and discards (52); per seat: blind, in play, covered, dealer, to
act, stack and chips put in this deal; the pot, the stake, whether a bet is made, how many; and
the last :data:`HISTORY` actions of the deal, each as seat, verb and amount. Amounts are in
units of the starting stack. The actions are read from the view's censored operation records
(``view.operations``: typed actions and the chips each paid), never from its display strings.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(max_bet=16), players=["p0", "p1"], dealer="p1", stacks=[50, 50],
...             hands={"p0": "Qh Qs 4d", "p1": "As Tc 2d"})
>>> menu = ActionMenu(deal.view("p0"), stack=50)
>>> [ACTIONS[i] for i in menu.legal]
['fold', 'look', 'stay', 'raise2', 'raise4', 'max']
>>> str(menu.action(ACTIONS.index("raise4")))
'p0 blind 4'
>>> layout = Layout(players=2)
>>> vector = encode(deal.view("p0"), layout, stack=50)
>>> vector.shape == (layout.size,), float(vector[:52].sum())   # blind: no cards seen (BL6)
(True, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, Verb
from bragkit.bots.reading import Menu, moves
from bragkit.errors import InvalidActionError
from bragkit.games.three_card.operations import Acted, DiscardHidden
from bragkit.games.three_card.views import DealView
from bragkit.hands import best_hand

__all__ = ["ACTIONS", "HISTORY", "VERBS", "ActionMenu", "Layout", "encode"]

#: The discrete actions, in index order.
ACTIONS: Final = ("fold", "look", "stay", "raise2", "raise4", "max", "see", "cover", "discard")
#: How many of the deal's latest actions the observation holds.
HISTORY: Final = 16
#: The verbs of the history, one flag each (others: the last flag).
VERBS: Final = ("fold", "look", "bet", "blind", "see", "cover", "discard", "other")
_PER_SEAT: Final = 7


@dataclass(frozen=True, kw_only=True, slots=True)
class Layout:
    """Where everything sits in the observation vector of a table of ``players``."""

    players: int

    @property
    def size(self) -> int:
        """The length of the vector."""
        return 52 + 52 + _PER_SEAT * self.players + 4 + HISTORY * self.entry

    @property
    def entry(self) -> int:
        """The length of one history entry: seat flags, verb flags, amount."""
        return self.players + len(VERBS) + 1


class ActionMenu:
    """The menu's actions for the viewer now: which are legal and what each does.

    ``stack`` is the starting stack, for the size of ``max`` with no bet limit.
    """

    def __init__(self, view: DealView, *, stack: int) -> None:
        self.view = view
        menu = Menu(view)
        self._actions: list[Action | None] = [None] * len(ACTIONS)
        if view.is_over or view.to_act != view.viewer or view.viewer is None:
            return
        put = self._put
        if menu.has(Verb.FOLD):
            put("fold", menu.fold())
        put("look", menu.simple(Verb.LOOK))
        wager = menu.wager_option()
        if wager is not None:
            low = wager.min_amount or 0
            high = wager.max_amount if wager.max_amount is not None else max(low, stack)
            amounts: list[int] = []
            for name, amount in (("stay", low), ("raise2", 2 * low), ("raise4", 4 * low),
                                 ("max", high)):
                if low <= amount <= high and amount not in amounts:
                    amounts.append(amount)
                    put(name, wager.action(amount))
        put("see", menu.simple(Verb.SEE))
        put("cover", menu.simple(Verb.COVER))
        if menu.has(Verb.DISCARD) and view.hand is not None:
            best = best_hand(view.hand, keep=3)
            put("discard", menu.discard(best.discards))

    def _put(self, name: str, action: Action | None) -> None:
        self._actions[ACTIONS.index(name)] = action

    @property
    def legal(self) -> list[int]:
        """The indices of the legal actions."""
        return [i for i, a in enumerate(self._actions) if a is not None]

    def mask(self) -> npt.NDArray[np.int8]:
        """1 for each legal action."""
        return np.array([a is not None for a in self._actions], dtype=np.int8)

    def action(self, index: int) -> Action:
        """The engine action of menu entry ``index`` (InvalidActionError if it is not legal)."""
        if not 0 <= index < len(ACTIONS):
            raise InvalidActionError(f"no action {index}: the menu has {len(ACTIONS)}")
        found = self._actions[index]
        if found is None:
            raise InvalidActionError(f"{ACTIONS[index]} is not legal now")
        return found


def _entry(op: Acted | DiscardHidden, players: tuple[str, ...]) -> tuple[int, int, float]:
    """(seat, verb flag, amount) of one action record of the view; seat -1 for a showdown
    (B8). Another's face-down discard (F1) is a discard of no amount.

    >>> from bragkit.actions import Action
    >>> _entry(Acted(action=Action.parse("Bob blind 2"), paid=2), ("Ann", "Bob"))
    (1, 3, 2.0)
    >>> _entry(DiscardHidden(player="Ann", count=1), ("Ann", "Bob"))
    (0, 6, 0.0)
    """
    if isinstance(op, DiscardHidden):
        return players.index(op.player), VERBS.index("discard"), 0.0
    action = op.action
    if action.player is None:
        return -1, len(VERBS) - 1, 0.0
    verb = action.verb.value
    flag = VERBS.index(verb) if verb in VERBS else len(VERBS) - 1
    return players.index(action.player), flag, float(action.amount or 0)


def encode(view: DealView, layout: Layout, *, stack: int) -> npt.NDArray[np.float32]:
    """The observation vector of ``view`` (see the module docstring); ``stack`` is the
    starting stack, the unit of every amount."""
    out = np.zeros(layout.size, dtype=np.float32)
    players = view.players
    n = len(players)
    me = players.index(view.viewer) if view.viewer in players else 0
    unit = float(max(stack, 1))
    for card in view.hand or ():  # rule BL6: nothing while blind
        if not card.is_joker:
            out[int(card)] = 1.0
    for card in view.discards:
        if not card.is_joker:
            out[52 + int(card)] = 1.0
    records = moves(view)
    paid = dict.fromkeys(players, 0.0)
    for op in records:  # rules B3, B6, BL1, M2: the chips each record put in the pot
        if isinstance(op, Acted) and op.player is not None:
            paid[op.player] += op.paid
    base = 104
    for k in range(n):
        name = players[(me + k) % n]
        row = base + _PER_SEAT * k
        out[row] = name in view.blind
        out[row + 1] = name in view.in_play
        out[row + 2] = name in view.covered
        out[row + 3] = name == view.dealer
        out[row + 4] = name == view.to_act
        out[row + 5] = view.stacks.get(name, 0) / (unit * n)
        out[row + 6] = paid[name] / unit
    base += _PER_SEAT * layout.players
    bets = sum(1 for op in records
               if isinstance(op, Acted) and op.action.verb in (Verb.BET, Verb.BLIND))
    out[base] = view.pot / (unit * n)
    out[base + 1] = view.stake / unit
    out[base + 2] = view.stake > 0
    out[base + 3] = bets / (HISTORY + 1)
    base += 4
    recent = records[-HISTORY:]
    for i, op in enumerate(recent):
        seat, flag, amount = _entry(op, players)
        row = base + layout.entry * i
        if seat >= 0:
            out[row + (seat - me) % n] = 1.0
        out[row + layout.players + flag] = 1.0
        out[row + layout.players + len(VERBS)] = amount / unit
    np.clip(out, 0.0, 1.0, out=out)
    return out
