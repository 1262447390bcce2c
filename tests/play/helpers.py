"""Shared pieces for the terminal-game tests: scripted bots and stacked packs."""

from __future__ import annotations

from bragkit.actions import Action
from bragkit.bots.agent import AgentBase
from bragkit.cards import Pack, parse_cards
from bragkit.games.three_card.views import DealView


class Scripted(AgentBase):
    """A bot that plays the given actions in order, whatever it holds."""

    kind = "scripted"

    def __init__(self, *actions: str) -> None:
        self.actions = list(actions)

    def act(self, view: DealView) -> Action:
        return Action.parse(self.actions.pop(0), players=view.players)


def stacked(first: str) -> Pack:
    """A pack with these cards on top, the rest in the standard order."""
    top = parse_cards(first)
    rest = [c for c in Pack.standard() if c not in top]
    return Pack([*top, *rest])
