"""The three-card family's encoding for the one environment (:mod:`bragkit.env.game_env`):
:class:`ThreeCardCodec`, one deal per episode, over :mod:`bragkit.env.encoding` (its menu,
:data:`~bragkit.env.encoding.ACTIONS`, and its observation).

Its options beyond the game's rules: ``stack`` (each player's chips at the start; a deal's
stacks, not the registry's buy-in), ``dealer`` (a seat's index; ``None``: drawn from the seed
each deal, D3), ``blind_win`` (``"takes"``: a blind player left alone takes the pot, as in the
solver's abstraction; ``"carry"``: as rule BL3, the pot stays in the middle, so it is no one's
reward and the rewards sum to minus it). A player who looks keeps the turn (BL2), so the same
agent may act twice in a row.

>>> from bragkit.games.three_card.rules import Rules
>>> codec = ThreeCardCodec(players=2, rules=Rules(max_bet=16), stack=50)
>>> len(codec.actions), codec.size == Layout(players=2).size
(9, True)
>>> ThreeCardCodec(players=2, rules=Rules(), blind_win="x")
Traceback (most recent call last):
...
bragkit.errors.RulesError: blind_win must be takes or carry, not 'x'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from bragkit.actions import Action, LegalAction
from bragkit.env.codec_base import CodecBase, CodecFactory, Vector
from bragkit.env.encoding import ACTIONS, ActionMenu, Layout, encode
from bragkit.errors import RulesError
from bragkit.games.protocol import Game
from bragkit.games.registry import GameInfo
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules

__all__ = ["CODECS", "ThreeCardCodec"]


class ThreeCardCodec(CodecBase):
    """The three-card family's encoding for ``players`` under ``rules`` (module docstring)."""

    actions: tuple[str, ...] = ACTIONS

    def __init__(self, *, players: int, rules: Rules | None = None, stack: int = 100,
                 dealer: int | None = None, blind_win: str = "takes") -> None:
        self.rules = rules if rules is not None else Rules()
        if not 2 <= players <= min(6, self.rules.max_players()):
            raise RulesError(f"players must be from 2 to 6 (rule D1), not {players}")
        if type(stack) is not int or stack < self.rules.ante:
            raise RulesError(f"a stack of {stack!r} cannot pay the ante (rule D2)")
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < players):
            raise RulesError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
        if blind_win not in ("takes", "carry"):
            raise RulesError(f"blind_win must be takes or carry, not {blind_win!r}")
        self.players = players
        self.stack = stack
        self.dealer = dealer
        self.blind_win = blind_win
        self.layout = Layout(players=players)
        self.size = self.layout.size

    def start(self, info: GameInfo, players: Sequence[str], rules: Any,
              rng: random.Random) -> Game:
        """A deal with ``stack`` chips each, the dealer as chosen (D3)."""
        dealer = self.dealer if self.dealer is not None else rng.randrange(len(players))
        return Deal(rules, players=players, dealer=players[dealer],
                    stacks=[self.stack] * len(players), rng=random.Random(rng.getrandbits(64)))

    def encode(self, view: Any, seat: str) -> Vector:
        """The observation of ``seat`` (:func:`bragkit.env.encoding.encode`)."""
        return encode(view, self.layout, stack=self.stack)

    def legal(self, view: Any, legal: Sequence[LegalAction]) -> dict[int, Action | None]:
        """The menu's legal indices (each action made when chosen)."""
        return {int(i): None for i in np.flatnonzero(ActionMenu(view, stack=self.stack).mask())}

    def action(self, view: Any, legal: Sequence[LegalAction], index: int) -> Action:
        """The engine's action of menu index ``index``."""
        return ActionMenu(view, stack=self.stack).action(index)

    def value(self, spectator: Any) -> Mapping[str, float]:
        """Each player's stack; at the end, with ``blind_win="takes"``, a blind player left
        alone holds the carried pot too (BL3, abstracted)."""
        out = {p: float(n) for p, n in spectator.stacks.items()}
        if spectator.is_over and self.blind_win == "takes" and spectator.retained is not None:
            out[spectator.retained] += float(spectator.carried_forward)
        return out

    def opening(self, spectator: Any) -> Mapping[str, float]:
        """Each player's stack before the antes (D2)."""
        return dict.fromkeys(spectator.players, float(self.stack))


#: The three-card family's codec (read by :mod:`bragkit.env.codecs`).
CODECS: Final[Mapping[str, CodecFactory]] = {"three-card": ThreeCardCodec}
