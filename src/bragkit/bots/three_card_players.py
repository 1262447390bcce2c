"""The three-card family's bots as :class:`~bragkit.bots.player.Player` objects: the adapter
between the generic player API and the :class:`~bragkit.bots.agent.Agent` protocol over the
three-card :class:`~bragkit.games.three_card.views.DealView`.

Each kind of :data:`~bragkit.bots.registry.BOTS` (``random``, ``cautious``, ``bold``, ``shark``,
``solver`` and any registered there) plays the games of the family (three-card and its presets
four-card, five-card, teen-patti-order). The adapter keeps everything of the agent: its action
from the seat's view, its answer to a proposed showdown (B8, ``agrees``), and the censored
events of a deal's start and end (D4, D5: what a card-counting bot needs).

>>> from bragkit.bots.players import ask, ended, make_player, started
>>> from bragkit.games import new
>>> deal = new("three-card", players=["Ann", "Bob"], seed=3)
>>> bot = make_player("cautious", game="three-card")
>>> started(bot, deal, "Bob")
>>> str(ask(bot, deal, "Bob"))                      # looks first (BL2)
'Bob look'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from bragkit.actions import Action, LegalAction
from bragkit.bots.agent import Agent, ended_event, started_event
from bragkit.bots.player import PlayerBase, PlayerKind
from bragkit.bots.registry import BOTS, make_bot
from bragkit.cards import RandomSource
from bragkit.games.protocol import Game
from bragkit.games.three_card.deal import Deal

__all__ = ["AgentPlayer", "player_kinds"]

#: The registry names of the family (its presets find the same game).
FAMILY = ("three-card",)


class AgentPlayer(PlayerBase):
    """A three-card :class:`~bragkit.bots.agent.Agent` playing as a
    :class:`~bragkit.bots.player.Player`. It is registered for the family only (:data:`FAMILY`),
    so the game it is given is a three-card :class:`~bragkit.games.three_card.deal.Deal` and
    the view a :class:`~bragkit.games.three_card.views.DealView`."""

    def __init__(self, agent: Agent, kind: str) -> None:
        self.agent = agent
        self.kind = kind

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """The agent's action from the seat's :class:`~bragkit.games.three_card.views.DealView`
        (which carries the same menu as ``legal``)."""
        return self.agent.act(view)

    def agrees(self, view: Any, legal: Sequence[LegalAction]) -> bool:
        """The agent's answer to a proposed showdown (B8), from the seat's view."""
        return bool(self.agent.agrees(view))

    def started(self, game: Game, name: str, *, shuffled: bool = True) -> None:
        """Give the agent the censored start of the deal (D4, R1)."""
        self.agent.observe(started_event(cast(Deal, game), name, shuffled=shuffled))

    def ended(self, game: Game, name: str) -> None:
        """Give the agent what its seat saw of the finished deal (D5)."""
        if game.over:
            self.agent.observe(ended_event(cast(Deal, game), name))


def _factory(kind: str) -> Any:
    def make(*, game: str, rules: Any, seed: RandomSource, budget: float) -> AgentPlayer:
        return AgentPlayer(make_bot(kind, seed=seed, budget=budget, rules=rules), kind)

    return make


def player_kinds() -> tuple[PlayerKind, ...]:
    """Every kind of :data:`~bragkit.bots.registry.BOTS`, for the family."""
    return tuple(PlayerKind(kind=kind, factory=_factory(kind), description=description,
                            games=FAMILY) for kind, (_, description) in BOTS.items())
