"""Many sessions at once on the simulator: :class:`Sessions`, one table ("lane") a row of a
:class:`~bragkit.sim.state.State`, deal after deal (rules T1, D3, D4, D5, BL3, R1-R3, M1).

What carries from one deal of a lane to the next is the engine's
(:class:`~bragkit.games.three_card.table.Table`): the deal passes to the left (D3); the pack
is the one the last deal left, in the exact order the hands went under it (D5), shuffled
only after a prial was seen and won or with ``shuffle = "always"`` (D4); a pot left to a blind
winner is carried, and the winner keeps the hand (BL3, R1), playing it beside a new one (R2)
or against a face-up one (R3) (a blind winner of two hands keeps the new one, the table's
default); the stacks carry, and a stack below ``floor`` is topped up to ``buy_in`` between
deals (M1: money brought, not won; counted in ``topups``, chips, and ``refills``, times).
The simulator's seats are numbered from the dealer's left in every deal (seat ``players - 1``
deals); :meth:`Sessions.position` gives each one's place at the table.

>>> import numpy as np
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.policies import random_actions
>>> from bragkit.sim.step import step
>>> lanes = Sessions(3, 4, players=3, rules=Rules(max_bet=10), buy_in=50, seed=1)
>>> rng = np.random.default_rng(2)
>>> for _ in range(10_000):
...     state = lanes.state
...     if lanes.over.all():
...         break
...     _ = step(state, random_actions(state, rng))
...     _ = lanes.next_deals()
>>> lanes.played.tolist(), int(lanes.money.sum() + lanes.state.carried.sum()
...                             - lanes.topups.sum())      # chips are conserved
([4, 4, 4], 450)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.carry import without
from bragkit.sim.deals import DEFAULT_STACK, init, redeal
from bragkit.sim.state import Seed, State

__all__ = ["Sessions", "shares"]

Rows = npt.NDArray[np.int64]
_JOKER: Final = 52


class Sessions:
    """``n`` sessions (lanes) of ``deals`` deals each (a number, or one a lane) among
    ``players`` seats under ``rules``
    (see the module docstring); each lane's deals are played one after another in its row of
    :attr:`state`. ``buy_in`` is what each player sits down with, ``floor`` the stack under
    which they top up to ``buy_in`` before a deal (default: half the buy-in, at least the
    ante, D2). ``seed`` drives the shuffles (D4); ``history`` and ``knowledge``: what the
    observations show (:func:`~bragkit.sim.deals.init`)."""

    def __init__(self, n: int, deals: int | npt.ArrayLike, *, players: int = 4,
                 rules: Rules | None = None,
                 buy_in: int = DEFAULT_STACK, floor: int | None = None,
                 seed: Seed = None, history: int = 0, knowledge: bool = False) -> None:
        rules = Rules() if rules is None else rules
        lengths = np.broadcast_to(np.asarray(deals), (n,)).astype(np.int64)
        if not np.issubdtype(np.asarray(deals).dtype, np.integer) or (lengths < 1).any():
            raise RulesError(f"a session is at least one deal, not {deals!r}")
        floor = max(buy_in // 2, rules.ante) if floor is None else floor
        if floor < rules.ante or buy_in < floor:
            raise RulesError(f"top-ups bring a stack under {floor} up to {buy_in}: both must "
                             f"pay the ante of {rules.ante}, the buy-in at least the floor "
                             "(rules D2, M1)")
        self.rules = rules
        self.players = players
        self.deals = lengths  # each lane's deals
        self.buy_in = buy_in
        self.floor = floor
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(
            seed)
        self.money = np.full((n, players), buy_in, dtype=np.int64)  # by table position
        self.topups = np.zeros((n, players), dtype=np.int64)  # rule M1, by table position
        self.refills = np.zeros((n, players), dtype=np.int64)  # how many top-ups
        self.played = np.zeros(n, dtype=np.int64)  # deals finished in each lane
        self.shuffled = np.ones(n, dtype=bool)  # whether each lane's deal was shuffled (D4)
        self.state: State = init(self.rng, n, players=players, rules=rules, stacks=buy_in,
                                 session=True, history=history, knowledge=knowledge)

    @property
    def n(self) -> int:
        """The number of lanes."""
        return self.state.n

    @property
    def over(self) -> npt.NDArray[np.bool_]:
        """The lanes whose sessions are over (every deal played)."""
        over: npt.NDArray[np.bool_] = self.played >= self.deals
        return over

    def position(self, rows: Rows | None = None) -> Rows:
        """``(m, players)``: the table position of each simulator seat in ``rows`` (all by
        default): the deal passes to the left (D3), so seat ``s`` of a lane's ``k``-th deal
        (from 0) sits at ``(s + k) % players``."""
        played = self.played if rows is None else self.played[rows]
        where: Rows = (np.arange(self.players)[None, :] + played[:, None]) % self.players
        return where

    def next_deals(self, rows: npt.ArrayLike | None = None) -> Rows:
        """Deal the next deal of every lane in ``rows`` (default: all) whose deal is over and
        whose session is not: the stacks placed back at the table and topped up (M1), the deal
        passed to the left (D3), the pack carried or shuffled (D4, D5), the pot and a blind hand
        carried (BL3, R1). Returns the lanes whose deal ended (their ``played`` counts it)."""
        state = self.state
        carry = state.carry
        assert carry is not None
        index = np.arange(self.n) if rows is None else np.asarray(rows, dtype=np.int64)
        ended = index[state.terminated[index] & (self.played[index] < self.deals[index])]
        if not len(ended):
            return ended
        p = self.players
        where = self.position(ended)
        placed = self.money[ended]
        np.put_along_axis(placed, where, state.stacks[ended], axis=1)
        self.money[ended] = placed
        kept_at = np.where(state.retained[ended] >= 0,
                           np.take_along_axis(where, np.maximum(state.retained[ended], 0)[:, None],
                                              axis=1)[:, 0], -1)
        self.played[ended] += 1
        going_on = self.played[ended] < self.deals[ended]
        again = ended[going_on]
        if not len(again):
            return ended
        short = self.money[again] < self.floor  # rule M1: topped up between deals
        self.topups[again] += np.where(short, self.buy_in - self.money[again], 0)
        self.refills[again] += short
        self.money[again] = np.where(short, self.buy_in, self.money[again])
        keep = kept_at[going_on]
        shuffle = carry.shuffle_next[again].copy()
        packs = carry.next_pack[again].copy()
        if shuffle.any():  # rule D4: a fresh pack, the kept hand taken out of it (R1)
            fresh = self._shuffled(int(shuffle.sum()))
            kept = keep[shuffle] >= 0
            if kept.any():
                held = carry.kept[again[shuffle][kept]]
                fresh[kept] = without(fresh[kept], held)
            packs[shuffle] = fresh
        self.shuffled[again] = shuffle
        seat_of = self.position(again)
        stacks = np.take_along_axis(self.money[again], seat_of, axis=1)
        retained = np.where(keep >= 0, (keep - self.played[again]) % p, -1)
        redeal(state, again, None, stacks=stacks, carried=state.carried[again], packs=packs,
               retained=retained, trusted=True)
        if carry.known is not None and carry.known_next is not None:
            # what each seat knows of the pack: its seat one to the right now (D3); a shuffle
            # forgets all but the kept hand's places (D4, R1)
            known = np.roll(carry.known_next[again], -1, axis=1)
            size = self.rules.pack_size
            forget = np.where(keep >= 0, size - self.rules.cards, size)
            known[shuffle] &= np.arange(size)[None, None, :] >= forget[shuffle][:, None, None]
            carry.known[again] = known
        return ended

    def restart(self, rows: npt.ArrayLike) -> None:
        """Start new sessions in ``rows``: the buy-ins, no top-ups yet, a shuffled pack (D4),
        nothing carried or known."""
        index = np.asarray(rows, dtype=np.int64).reshape(-1)
        if not len(index):
            return
        carry = self.state.carry
        assert carry is not None
        self.money[index] = self.buy_in
        self.topups[index] = 0
        self.refills[index] = 0
        self.played[index] = 0
        self.shuffled[index] = True
        if carry.known is not None:
            carry.known[index] = False
        redeal(self.state, index, None, stacks=self.buy_in, carried=0,
               packs=self._shuffled(len(index)), retained=np.full(len(index), -1))

    def share(self, rows: Rows | None = None) -> None:
        """End the sessions of ``rows`` (default: those over) with the pot still carried
        shared among the seats (equal shares, the odd chips one each from the next dealer's
        left, as B8: :func:`shares`), into ``money``."""
        state = self.state
        index = np.flatnonzero(self.over) if rows is None else rows
        for row in index.tolist():
            pot = int(state.carried[row])
            if pot:
                self.money[row] += shares(pot, self.players, int(self.played[row]))
                state.carried[row] = 0

    def _shuffled(self, m: int) -> npt.NDArray[np.int8]:
        """``m`` whole packs, shuffled (D4)."""
        size = self.rules.pack_size
        base = np.minimum(np.arange(size), _JOKER).astype(np.int8)
        keys = self.rng.random((m, size)).argsort(axis=1)
        packs: npt.NDArray[np.int8] = base[keys]
        return packs


def shares(pot: int, players: int, deals_played: int) -> Rows:
    """A carried pot shared among a lane's table positions (BL3 at a session's end): equal
    shares, the odd chips one each from the next dealer's left (as B8), indexed by table
    position.

    >>> shares(7, 3, 1).tolist()     # deal 2 is dealt from position 0: 1 is at its left
    [2, 3, 2]
    """
    out = np.full(players, pot // players, dtype=np.int64)
    first = deals_played % players  # the table position of the next deal's seat 0
    for k in range(pot % players):
        out[(first + k) % players] += 1
    return out
