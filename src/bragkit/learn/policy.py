"""The learned bot on the simulator: a plug-in policy (:mod:`bragkit.sim.selfplay`) over the
features of :mod:`bragkit.learn.features`, for one network or a population of them.

>>> import numpy as np
>>> from bragkit.arena_rules import arena_rules
>>> from bragkit.sim.deals import init
>>> from bragkit.sim.selfplay import Seating, play
>>> from bragkit.learn.network import Network
>>> state = init(1, 50, players=3, rules=arena_rules())
>>> seating = Seating([network_policy(Network.initial(seed=0)), "cautious"], state.rules)
>>> seating.seat(np.arange(50), [0, 1, 1])
>>> play(state, seating)
>>> bool(state.terminated.all())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from bragkit.learn.features import ruled_actions, sim_actions, sim_features
from bragkit.learn.network import Network
from bragkit.sim.policies import Moves, Policy, menu_bets
from bragkit.sim.state import State

__all__ = ["Chooser", "network_policy", "population_policy", "rows_policy"]

Rows = npt.NDArray[np.int64]
#: Features and rows in, a choice (:data:`~bragkit.learn.features.CHOICES`) per row out.
Chooser = Callable[[npt.NDArray[np.float64], Rows], Rows]


def rows_policy(chooser: Chooser) -> Policy:
    """The simulator policy of ``chooser``: the rule's answer where a rule decides
    (:func:`~bragkit.learn.features.ruled_actions`), else the chooser's choice."""

    def play_it(state: State, rows: Rows) -> Moves:
        ruled, actions = ruled_actions(state, rows)
        free = ~ruled
        if free.any():
            picked = rows[free]
            choices = chooser(sim_features(state, picked), picked)
            actions[free] = sim_actions(state, picked, choices)
        return Moves(actions, menu_bets(state, rows, actions))

    return play_it


def network_policy(network: Network) -> Policy:
    """The simulator policy of one network."""
    return rows_policy(lambda features, rows: network.choose(features))


def population_policy(networks: Sequence[Network], block: int) -> Policy:
    """The policy of a population: network ``k`` plays the rows ``k * block`` to
    ``(k + 1) * block - 1``."""

    def choose(features: npt.NDArray[np.float64], rows: Rows) -> Rows:
        member = rows // block
        out = np.zeros(len(rows), dtype=np.int64)
        for k in np.unique(member).tolist():
            here = member == k
            out[here] = networks[k].choose(features[here])
        return out

    return rows_policy(choose)
