"""A vectorised simulator of three-, four- and five-card Brag: N deals stepped together on
numpy arrays, single deals or whole sessions (:class:`Sessions`).

The interface follows pgx: :func:`init` gives a :class:`State` of ``n`` deals with
``current_player``, ``observation``, ``legal_action_mask``, ``rewards`` and ``terminated``;
:func:`step` applies one action per deal from the discrete menu :data:`ACTIONS`
(:mod:`bragkit.sim.menu`). The rules are the engine's (:class:`bragkit.games.three_card.Deal`
and ``Table``), proved by replaying random simulated deals and sessions through it in
lock-step (tests/sim); what the simulator refuses is in docs/sim.md. Any batched policy plays
any seat (:mod:`bragkit.sim.selfplay`); :func:`observe` gives what a seat may know.

>>> import numpy as np
>>> state = init(1, 1000, players=4)
>>> rng = np.random.default_rng(2)
>>> while not state.terminated.all():
...     state = step(state, random_actions(state, rng))
>>> int((state.stacks.sum(axis=1) + state.carried - state.start_stacks.sum(axis=1)).max())
0
"""

from typing import TYPE_CHECKING

from bragkit.sim.deals import DEFAULT_STACK, check_rules, init, redeal
from bragkit.sim.menu import ACTIONS, NUM_ACTIONS
from bragkit.sim.observe import Layout, observe
from bragkit.sim.policies import (
    BATCHED_KINDS,
    batched_policy,
    has_batched_policies,
    random_actions,
)
from bragkit.sim.session import Sessions
from bragkit.sim.state import State
from bragkit.sim.step import step

if TYPE_CHECKING:  # imported when first used: bragkit.arena may import this package
    from bragkit.sim.arena import can_play_batched, play_batched_arena

__all__ = [
    "ACTIONS",
    "BATCHED_KINDS",
    "DEFAULT_STACK",
    "NUM_ACTIONS",
    "Layout",
    "Sessions",
    "State",
    "batched_policy",
    "can_play_batched",
    "check_rules",
    "has_batched_policies",
    "init",
    "observe",
    "play_batched_arena",
    "random_actions",
    "redeal",
    "step",
]


def __getattr__(name: str) -> object:
    if name in ("play_batched_arena", "can_play_batched"):  # the arena imports the registry
        from bragkit.sim import arena

        return getattr(arena, name)
    raise AttributeError(name)
