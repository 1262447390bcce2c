"""The three-card family's bots as :class:`~bragkit.bots.players.Player` objects: the adapter
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
from typing import Any

from bragkit.actions import Action, LegalAction
from bragkit.bots.agent import Agent, ended_event, notify, started_event
from bragkit.bots.registry import BOTS, make_bot
from bragkit.cards import RandomSource
from bragkit.errors import BragError
from bragkit.games.protocol import Game
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView

__all__ = ["AgentPlayer", "register"]

#: The registry names of the family (its presets find the same game).
FAMILY = ("three-card",)


class AgentPlayer:
    """A three-card :class:`~bragkit.bots.agent.Agent` playing as a
    :class:`~bragkit.bots.players.Player`."""

    def __init__(self, agent: Agent, kind: str) -> None:
        self.agent = agent
        self.kind = kind

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """The agent's action from the seat's :class:`~bragkit.games.three_card.views.DealView`
        (which
        carries the same menu as ``legal``)."""
        if not isinstance(view, DealView):
            raise BragError(f"the {self.kind} bot plays only the three-card family")
        return self.agent.act(view)

    def agrees(self, view: Any, legal: Sequence[LegalAction]) -> bool:
        """The agent's answer to a proposed showdown (B8), as
        :func:`bragkit.bots.agent.agreement` gives it."""
        decide = getattr(self.agent, "agrees", None)
        if callable(decide):
            return bool(decide(view))
        return self._default_agrees(view)

    def _default_agrees(self, view: DealView) -> bool:
        from bragkit.bots.simple import hand_quantile

        rules = getattr(self.agent, "rules", None) or Rules()
        return view.hand is not None and hand_quantile(view, rules) >= 0.5

    def started(self, game: Game, name: str, *, shuffled: bool = True) -> None:
        """Give the agent the censored start of the deal (D4, R1)."""
        if isinstance(game, Deal):
            notify(self.agent, started_event(game, name, shuffled=shuffled))

    def ended(self, game: Game, name: str) -> None:
        """Give the agent what its seat saw of the finished deal (D5)."""
        if isinstance(game, Deal) and game.over:
            notify(self.agent, ended_event(game, name))


def _factory(kind: str) -> Any:
    def make(*, game: str, rules: Any, seed: RandomSource, budget: float) -> AgentPlayer:
        table_rules = rules if isinstance(rules, Rules) else None
        return AgentPlayer(make_bot(kind, seed=seed, budget=budget, rules=table_rules), kind)

    return make


def register() -> None:
    """Register every kind of :data:`~bragkit.bots.registry.BOTS` for the family."""
    from bragkit.bots.players import register_player

    for kind, (_, description) in BOTS.items():
        register_player(kind, _factory(kind), description, games=FAMILY)

