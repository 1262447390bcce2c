"""Any batched policy at any seat: the opponent plug-in protocol, frozen copies and leagues.

A **policy** is a callable ``policy(state, rows)`` over a :class:`~bragkit.sim.state.State`
and the rows (deals) where it is to act for each deal's player to act, returning its moves
there: a :class:`~bragkit.sim.policies.Moves` (menu actions, the chips of bets, the cards of
discards) or just an array of menu actions (a bet then puts in its menu amount, a discard keeps
the best three). It reads what its player may know: :func:`bragkit.sim.observe.observe` gives
exactly that, from any seat. :func:`as_policy` makes a policy of any of these:

- a bot's kind name (``"random"``, ``"cautious"``, ``"bold"``: :mod:`bragkit.sim.policies`);
- a callable over the state and rows, as above (a plug-in);
- :func:`observation_policy` of a learner's own act function ``act(observation, mask)`` (its
  network, as it trains), and :func:`frozen`, a deep copy of one (a snapshot that stays);
- a :class:`League` of any of these, one drawn for each seat of each deal by weight.

:class:`Seating` plays a table of policies: a policy for each seat of each deal, the rows to
act grouped by the policy at the seat to act; :func:`play` steps deals to their end with it.

>>> import numpy as np
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.sim.deals import init
>>> from bragkit.sim.menu import FOLD
>>> state = init(3, 64, players=3, rules=Rules(max_bet=10))
>>> folder = lambda state, rows: np.full(len(rows), FOLD)     # a plug-in
>>> league = League(["cautious", "random"], weights=[3, 1])
>>> seating = Seating([folder, league], state.rules, seed=4)
>>> seating.seat(np.arange(64), np.array([0, 1, 1]))   # seat 0 folds; the league plays 1, 2
>>> play(state, seating)
>>> bool(state.terminated.all()), int(state.winnings[:, 0].sum())
(True, 0)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.observe import observe
from bragkit.sim.policies import Moves, Policy, batched_policy, menu_bets
from bragkit.sim.state import State
from bragkit.sim.step import step

__all__ = ["ActFunction", "League", "PolicyLike", "Seating", "apply_moves", "as_policy",
           "best_discards", "frozen", "observation_policy", "play"]

Rows = npt.NDArray[np.int64]
#: A learner's act function: observations and action masks in, menu actions out.
ActFunction = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], npt.ArrayLike]
#: What :func:`as_policy` takes.
PolicyLike = str | Callable[[State, Rows], Any]


def as_policy(policy: PolicyLike, rules: Rules, seed: int | np.random.Generator | None
              ) -> Policy:
    """A :data:`~bragkit.sim.policies.Policy` of ``policy``: a bot's kind name, or a
    callable over the state and rows giving :class:`Moves` or menu actions (see the module
    docstring)."""
    if isinstance(policy, str):
        return batched_policy(policy, rules, seed)
    if not callable(policy):
        raise BragError(f"a policy is a bot's kind or a callable (state, rows), not {policy!r}")

    def play_it(state: State, rows: Rows) -> Moves:
        moves = policy(state, rows)
        if isinstance(moves, Moves):
            return moves
        actions = np.asarray(moves, dtype=np.int64).reshape(len(rows))
        return Moves(actions, menu_bets(state, rows, actions))

    return play_it


def observation_policy(act: ActFunction) -> Policy:
    """The policy of a learner's act function ``act(observations, masks) -> actions``: its
    player's observations (:func:`bragkit.sim.observe.observe`) and legal actions in, menu
    actions out (bets of the menu's amounts, discards of the best three). Used at other seats,
    it is the learner's own policy as it is now (it changes as the learner trains)."""

    def play_it(state: State, rows: Rows) -> Moves:
        actions = np.asarray(act(observe(state, rows), state.legal_action_mask[rows]),
                             dtype=np.int64).reshape(len(rows))
        return Moves(actions, menu_bets(state, rows, actions))

    return play_it


def frozen(act: ActFunction) -> Policy:
    """A frozen copy of a learner's act function: :func:`observation_policy` of a deep copy
    of it (of the network it calls, when it is a bound method or a module), which does not
    change as the learner trains on."""
    return observation_policy(copy.deepcopy(act))


class League:
    """Policies to draw opponents from, by weight: past copies of a learner, bots, plug-ins
    (each :data:`PolicyLike` or a policy). :meth:`add` adds one (a new snapshot, say)."""

    def __init__(self, members: Sequence[PolicyLike] = (),
                 weights: Sequence[float] | None = None) -> None:
        self.members: list[PolicyLike] = list(members)
        self.weights: list[float] = [1.0] * len(self.members) if weights is None else [
            float(w) for w in weights]
        if len(self.weights) != len(self.members) or any(w < 0 for w in self.weights):
            raise BragError("a league has one weight, not negative, for each member")

    def add(self, member: PolicyLike, weight: float = 1.0) -> None:
        """Add ``member`` with ``weight``."""
        if weight < 0:
            raise BragError(f"a weight is not negative, not {weight}")
        self.members.append(member)
        self.weights.append(float(weight))

    def draw(self, rng: np.random.Generator, size: int) -> Rows:
        """``size`` members' indices, drawn by weight."""
        total = sum(self.weights)
        if not self.members or total <= 0:
            raise BragError("the league has no member to draw")
        chance = np.asarray(self.weights, dtype=np.float64) / total
        drawn: Rows = rng.choice(len(self.members), size=size, p=chance).astype(np.int64)
        return drawn

    def __len__(self) -> int:
        return len(self.members)


class Seating:
    """A policy at each seat of each deal of a state (see the module docstring).

    ``entries`` are :data:`PolicyLike` or :class:`League` objects; :meth:`seat` says which entry
    plays each seat (a league's member is drawn then, for that seat of those deals); -1 marks
    a seat played from outside (the learner's, in :class:`~bragkit.sim.vector_env.
    BragVectorEnv`). ``seed`` drives the draws and the random bots."""

    def __init__(self, entries: Sequence[PolicyLike | League], rules: Rules,
                 seed: int | np.random.Generator | None = None) -> None:
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(
            seed)
        self.rules = rules
        self.entries = list(entries)
        self.policies: list[Policy] = []
        self._made: dict[int, int] = {}  # id of a member or entry -> index in policies
        self.first: list[int] = []  # each entry's first policy index (-1: a league)
        for entry in self.entries:
            self.first.append(-1 if isinstance(entry, League) else self._policy(entry))
        self.who = np.zeros((0, 0), dtype=np.int64)

    def _policy(self, member: PolicyLike) -> int:
        found = self._made.get(id(member))
        if found is None:
            found = self._made[id(member)] = len(self.policies)
            self.policies.append(as_policy(member, self.rules, self.rng))
        return found

    def seat(self, rows: Rows, entries: npt.ArrayLike) -> None:
        """Entry ``entries[s]`` (or ``entries[k, s]`` per row; -1: from outside) plays seat
        ``s`` of the deals in ``rows``, until seated again (a league's member drawn now)."""
        given = np.asarray(entries, dtype=np.int64)
        chosen = np.broadcast_to(given, (len(rows), given.shape[-1]))
        self.place(rows, self.resolve(chosen))

    def place(self, rows: Rows, policies: Rows) -> None:
        """Policy ``policies[k, s]`` (an index of :attr:`policies`, from :meth:`resolve`; -1:
        from outside) plays seat ``s`` of deal ``rows[k]``."""
        players = policies.shape[1]
        if self.who.shape[1] != players:
            self.who = np.full((0, players), -1, dtype=np.int64)
        top = int(rows.max()) + 1 if len(rows) else 0
        if len(self.who) < top:
            grown = np.full((top, players), -1, dtype=np.int64)
            grown[:len(self.who)] = self.who
            self.who = grown
        self.who[rows] = policies

    def resolve(self, entries: Rows) -> Rows:
        """The policies (indices of :attr:`policies`) of ``entries`` (indices of the entries;
        -1 stays -1), a league's member drawn for each."""
        chosen = np.asarray(entries, dtype=np.int64)
        out = np.full(chosen.shape, -1, dtype=np.int64)
        for k, entry in enumerate(self.entries):
            here = chosen == k
            if not here.any():
                continue
            if isinstance(entry, League):
                drawn = entry.draw(self.rng, int(here.sum()))
                out[here] = [self._policy(entry.members[d]) for d in drawn.tolist()]
            else:
                out[here] = self.first[k]
        return out

    def act(self, state: State, rows: Rows) -> Moves:
        """The moves of the policies at the seats to act in ``rows``."""
        ids = self.who[rows, np.maximum(state.current_player[rows], 0)]
        if (ids < 0).any():
            raise BragError("a seat to act is played from outside, not by this seating")
        actions = np.zeros(len(rows), dtype=np.int64)
        bets = np.zeros(len(rows), dtype=np.int64)
        discards = best_discards(state, rows) if state.cards > 3 else None
        for policy_id in np.unique(ids).tolist():
            here = ids == policy_id
            moves = self.policies[policy_id](state, rows[here])
            actions[here] = moves.actions
            bets[here] = moves.bets
            if moves.discards is not None and discards is not None:
                discards[here] = moves.discards
        return Moves(actions, bets, discards)


def best_discards(state: State, rows: Rows) -> Rows:
    """The discards (bits of hand positions) that keep the best three of each player to act
    in ``rows`` (F1; F2's choice)."""
    extra = state.extra
    assert extra is not None
    combo = extra.combo[rows, np.maximum(state.current_player[rows], 0)]
    bits: Rows = np.left_shift(1, state.rater.thrown[combo]).sum(axis=1)
    return bits


def apply_moves(state: State, rows: Rows, moves: Moves) -> None:
    """Step ``rows`` of ``state`` with ``moves`` (in the rows' order)."""
    n = state.n
    actions = np.zeros(n, dtype=np.int64)
    bets = np.zeros(n, dtype=np.int64)
    actions[rows] = moves.actions
    bets[rows] = moves.bets
    thrown = None
    if moves.discards is not None and state.cards > 3:  # which cards a discard throws (F1)
        thrown = np.zeros(n, dtype=np.int64)
        thrown[rows] = moves.discards
    step(state, actions, rows, bets=bets, discards=thrown)


def play(state: State, seating: Seating, rows: npt.ArrayLike | None = None) -> None:
    """Step the deals of ``rows`` (default: all) to their end, every seat played by its
    policy in ``seating``."""
    index = np.arange(state.n) if rows is None else np.asarray(rows, dtype=np.int64)
    for _ in range(100_000):
        live = index[~state.terminated[index]]
        if not len(live):
            return
        apply_moves(state, live, seating.act(state, live))
    raise BragError("the deals did not end")  # pragma: no cover
