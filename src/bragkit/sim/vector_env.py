"""A Gymnasium ``VectorEnv`` over the simulator (needs the ``[rl]`` extra): :class:`BragVectorEnv`.

``num_envs`` tables at once, each seen by one learner: at every step the learner acts for its
seat at every table (an index of :data:`~bragkit.sim.menu.ACTIONS`); the other seats are played
by any batched policies (:mod:`bragkit.sim.selfplay`: a bot's kind, a plug-in callable over the
state and rows, the learner's own act function or a frozen copy of it, a :class:`League` drawn
from for every seat) until it is the learner's turn again.

An episode is a deal (``episode="deal"``: the learner's seat and its opponents drawn afresh for
every deal; a pot left to a blind winner is carried into that table's next deal, BL3) or a
whole session (``episode="session"``: ``deals`` deals at one table,
:class:`~bragkit.sim.session.Sessions`: the pack, the pot and a blind hand carried, the stacks
carried and topped up below ``floor``; the learner keeps its place and its opponents theirs;
a pot still carried at the end is shared). The reward is the learner's chips won or lost over
each deal, at the step where the deal ends (top-ups are not won); the episode's last reward
includes its share of a pot still carried. The observation is a ``Dict`` of ``observation``
(:func:`bragkit.sim.observe.observe` from the learner's seat: numbers from 0 to 1, their slices
named by :attr:`BragVectorEnv.layout`) and ``action_mask`` (the legal menu actions). An ended
episode starts again in the same step (Gymnasium's ``SAME_STEP`` autoreset), so the
observation returned is always one the learner acts on; ``info`` then holds, for the ended
ones, ``episode`` (``r`` the return, ``l`` the learner's steps, ``t`` the seconds since the
env was made; the mask ``_episode``) and ``final_obs`` (its last observation from the
learner's seat; the mask ``_final_obs``). Chips won or lost in an episode before the learner
first acts in it (everyone else folded to it) come with its first step's reward, and an
episode over before the learner acts in it at all goes on into the next, so that each
episode's return is the sum of its rewards. ``info["seat"]`` is the learner's seat in each
deal (seats counted from the dealer's left) and ``info["deals_over"]`` counts the deals that
ended at each table at this step (rarely more than one: a deal can end before the learner
acts in it).

>>> import numpy as np
>>> env = BragVectorEnv(num_envs=8, players=3)
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape == (8, env.layout.size), obs["action_mask"].shape
(True, (8, 15))
>>> rng = np.random.default_rng(0)
>>> for _ in range(20):
...     actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
...     obs, reward, terminated, truncated, info = env.step(actions)
>>> reward.shape, terminated.dtype.name, bool(truncated.any())
((8,), 'bool', False)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from bragkit.errors import BragError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.deals import DEFAULT_STACK, check_rules, init, redeal
from bragkit.sim.menu import NUM_ACTIONS
from bragkit.sim.observe import Layout, observe
from bragkit.sim.selfplay import League, PolicyLike, Seating, apply_moves
from bragkit.sim.session import Sessions, shares
from bragkit.sim.state import State
from bragkit.sim.step import step

__all__ = ["BragVectorEnv"]

_MOST_TURNS: Final = 100_000  # a safety bound on the other players' turns between two of ours

Obs = dict[str, npt.NDArray[Any]]
Rows = npt.NDArray[np.int64]


class BragVectorEnv(VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` tables of ``players`` under ``rules``, one learner seat at each (see the
    module docstring). ``opponents`` plays the other seats: a :data:`PolicyLike`, a
    :class:`League`, or one of these per seat from the learner's left (a sequence of
    ``players - 1``). ``history`` is how many of a deal's last actions the observation shows.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int = 1024, *, players: int = 4, rules: Rules | None = None,
                 opponents: PolicyLike | League | Sequence[PolicyLike | League] = "random",
                 stack: int = DEFAULT_STACK, episode: str = "deal", deals: int = 50,
                 buy_in: int = 200, floor: int | None = None, history: int = 8) -> None:
        self.rules = rules or Rules()
        if episode not in ("deal", "session"):
            raise BragError(f"an episode is a 'deal' or a 'session', not {episode!r}")
        check_rules(self.rules, players, session=episode == "session")
        self.num_envs = num_envs
        self.players = players
        self.stack = stack
        self.episode = episode
        self.deals = deals
        self.buy_in = buy_in
        self.floor = floor
        self.history = history
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != players - 1:
                raise BragError(f"{players - 1} opponents, one a seat, not {len(opponents)}")
            self._entries: list[PolicyLike | League] = list(opponents)
        else:
            self._entries = [opponents]
        self._rng = np.random.default_rng()
        self._sessions: Sessions | None = None
        self._state: State = self._new_state()
        self.layout = Layout.of(self._state)
        width = self.layout.size
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (width,), np.float32),
            "action_mask": spaces.MultiBinary(NUM_ACTIONS),
        })
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (num_envs, width), np.float32),
            "action_mask": spaces.MultiBinary((num_envs, NUM_ACTIONS)),
        })
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, NUM_ACTIONS))
        self._seating = Seating(self._entries, self.rules, self._rng)
        self._place = np.zeros(num_envs, dtype=np.int64)  # the learner's table position
        self._by_place = np.full((num_envs, players), -1, dtype=np.int64)  # policy a place
        self._returns = np.zeros(num_envs, dtype=np.float64)
        self._deferred = np.zeros(num_envs, dtype=np.float64)
        self._lengths = np.zeros(num_envs, dtype=np.int64)
        self._started = time.perf_counter()
        self._ready = False

    @property
    def state(self) -> State:
        """The simulator's state of the tables (for plug-ins and inspection)."""
        return self._state

    def _new_state(self) -> State:
        if self.episode == "session":
            self._sessions = Sessions(self.num_envs, self.deals, players=self.players,
                                      rules=self.rules, buy_in=self.buy_in, floor=self.floor,
                                      seed=self._rng, history=self.history, knowledge=True)
            return self._sessions.state
        return init(self._rng, self.num_envs, players=self.players, rules=self.rules,
                    stacks=self.stack, history=self.history)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """New episodes at every table; the others play until each learner is to act."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._state = self._new_state()
        self._seating = Seating(self._entries, self.rules, self._rng)
        every = np.arange(self.num_envs)
        self._seat_players(every)
        self._returns[:] = 0.0
        self._lengths[:] = 0
        self._ready = True
        info: dict[str, Any] = {}
        self._deferred[:] = 0.0
        self._advance(np.zeros(self.num_envs), np.zeros(self.num_envs, dtype=bool), info,
                      np.ones(self.num_envs, dtype=bool))
        return self._obs(every), info

    def step(self, actions: npt.NDArray[np.int64]
             ) -> tuple[Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_],
                        npt.NDArray[np.bool_], dict[str, Any]]:
        """The learners' actions at every table (bets of the menu's amounts, discards of the
        best three); an illegal one raises IllegalActionError and changes nothing."""
        if not self._ready:
            raise BragError("call reset() before step()")
        chosen = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        step(self._state, chosen)
        self._lengths += 1
        reward = self._deferred.copy()  # chips of this episode before the learner acted
        self._deferred[:] = 0.0
        ended = np.zeros(self.num_envs, dtype=bool)
        info: dict[str, Any] = {}
        self._advance(reward, ended, info, np.zeros(self.num_envs, dtype=bool))
        return (self._obs(np.arange(self.num_envs)), reward.astype(np.float32), ended,
                np.zeros(self.num_envs, dtype=bool), info)

    # -- the tables between the learner's turns ------------------------------------------------

    def _learner_seat(self, rows: Rows) -> Rows:
        """The learner's seat in the current deal of ``rows``."""
        if self._sessions is None:
            return self._place[rows]
        seat: Rows = (self._place[rows] - self._sessions.played[rows]) % self.players
        return seat

    def _seat_players(self, rows: Rows) -> None:
        """Draw the learner's place at ``rows`` and the opponents' policies (a league's drawn
        now), by table position; seat them for the current deal."""
        p = self.players
        self._place[rows] = self._rng.integers(0, p, len(rows))
        entries = np.full((len(rows), p), -1, dtype=np.int64)
        line = np.arange(len(rows))
        for k in range(1, p):  # the k-th place to the learner's left
            entries[line, (self._place[rows] + k) % p] = k - 1 if len(self._entries) > 1 else 0
        self._by_place[rows] = self._seating.resolve(entries)
        self._arrange(rows)

    def _arrange(self, rows: Rows) -> None:
        """Seat the policies of ``rows``' places for their current deal (D3: in a session
        the seats move one to the right each deal)."""
        played = 0 if self._sessions is None else self._sessions.played[rows][:, None]
        place = (np.arange(self.players)[None, :] + played) % self.players
        self._seating.place(rows, np.take_along_axis(self._by_place[rows], place, axis=1))

    def _advance(self, reward: npt.NDArray[np.float64], ended: npt.NDArray[np.bool_],
                 info: dict[str, Any], fresh: npt.NDArray[np.bool_]) -> None:
        """Collect the learners' rewards of ended deals, deal again (or end and restart the
        episode), and let the other seats act until every learner is to act.

        ``fresh`` marks the tables whose learner has not acted in its episode yet (all after a
        reset; those whose episode ended here): chips won or lost there before it acts are paid
        with its next step's reward, and an episode over before it acts goes on into the next
        (one episode ends at a table a step, with a return that is the sum of its rewards)."""
        state = self._state
        deals_over = np.zeros(self.num_envs, dtype=np.int64)
        final_obs: Obs | None = None
        for _ in range(_MOST_TURNS):
            over = np.flatnonzero(state.terminated)
            if len(over):
                seat = self._learner_seat(over)
                won = (state.stacks[over, seat] - state.start_stacks[over, seat]).astype(
                    np.float64)
                later = fresh[over]
                reward[over[~later]] += won[~later]
                self._deferred[over[later]] += won[later]
                self._returns[over] += won
                deals_over[over] += 1
                done = self._next_deals(over, reward, later)
                report = done[~fresh[done]]
                if len(report):
                    final = self._obs(report, seat[np.isin(over, report)])
                    if final_obs is None:
                        final_obs = {k: np.zeros((self.num_envs, *v.shape[1:]), v.dtype)
                                     for k, v in final.items()}
                    for key, value in final.items():
                        final_obs[key][report] = value
                    self._end_episodes(report, ended, info)
                    fresh[report] = True
            live = np.flatnonzero(~state.terminated)
            if not len(live):  # pragma: no cover - a new deal always has a player to act
                break
            seat_now = state.current_player[live]
            others = live[seat_now != self._learner_seat(live)]
            if not len(others):
                break
            apply_moves(state, others, self._seating.act(state, others))
        else:  # pragma: no cover
            raise BragError("the other players did not stop betting")
        info["seat"] = self._learner_seat(np.arange(self.num_envs))
        info["deals_over"] = deals_over
        if final_obs is not None:
            info["final_obs"] = final_obs
            info["_final_obs"] = ended.copy()

    def _next_deals(self, over: Rows, reward: npt.NDArray[np.float64],
                    later: npt.NDArray[np.bool_]) -> Rows:
        """The next deals of the tables in ``over``; returns those whose episode ended
        (``later``: whose chips are paid with the next step's reward)."""
        state = self._state
        sessions = self._sessions
        if sessions is None:  # a deal is an episode: the next one, a carried pot with it
            redeal(state, over, self._rng, stacks=self.stack, carried=state.carried[over])
            self._seat_players(over)
            return over
        sessions.next_deals(over)
        done = over[sessions.over[over]]
        for row in done.tolist():  # rule BL3: a pot still carried is shared at the end
            pot = int(state.carried[row])
            if pot:
                share = float(shares(pot, self.players, int(sessions.played[row]))[
                    self._place[row]])
                if later[np.flatnonzero(over == row)[0]]:
                    self._deferred[row] += share
                else:
                    reward[row] += share
                self._returns[row] += share
        going = over[~sessions.over[over]]
        if len(going):
            self._arrange(going)
        if len(done):
            sessions.restart(done)
            self._seat_players(done)
        return done

    def _end_episodes(self, done: Rows, ended: npt.NDArray[np.bool_],
                      info: dict[str, Any]) -> None:
        """Episodes end in ``done``: their returns and lengths into ``info``."""
        episode = info.setdefault("episode", {
            "r": np.zeros(self.num_envs, dtype=np.float64),
            "l": np.zeros(self.num_envs, dtype=np.int64),
            "t": np.zeros(self.num_envs, dtype=np.float64)})
        episode["r"][done] = self._returns[done]
        episode["l"][done] = self._lengths[done]
        ended[done] = True
        episode["t"][done] = time.perf_counter() - self._started
        info["_episode"] = ended.copy()
        self._returns[done] = 0.0
        self._lengths[done] = 0

    def _obs(self, rows: Rows, seats: Rows | None = None) -> Obs:
        state = self._state
        viewers = self._learner_seat(rows) if seats is None else seats
        return {"observation": observe(state, rows, viewers),
                "action_mask": state.legal_action_mask[rows].copy()}
