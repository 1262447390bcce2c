"""``learned``: the bot trained by self-play on the simulator (:mod:`bragkit.learn`), played on
the engine from its player's view alone.

It reads the same features from its view as its policy reads in the simulator
(:func:`~bragkit.learn.features.view_features`), scores its six choices with the shipped numpy
network (:func:`~bragkit.learn.network.shipped`) and plays the best open one; a proposed
showdown is agreed, and a hand just looked at kept, with a looked hand in the better half (B8,
R2). It proposes no showdown; with four or five cards it keeps its best three (F1). It was
trained on the arena's three-card game.

The public API for analysis: :meth:`LearnedBot.probabilities` (``{action: p}`` over the
engine's legal actions for a player, a softmax of the network's scores; the bot plays the most
likely) and :meth:`LearnedBot.scores` (the raw score of each action).

>>> from bragkit.arena_rules import arena_rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(arena_rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[200, 200],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> bot = LearnedBot(rules=arena_rules())
>>> action = bot.act(deal.view("Ann"))
>>> deal.can_apply(action)
True
>>> chances = bot.probabilities(deal, "Ann")
>>> round(sum(chances.values()), 6), max(chances, key=chances.__getitem__) == action
(1.0, True)
"""

from __future__ import annotations

from bragkit.actions import Action, Verb
from bragkit.bots.agent import DEFAULT_BUDGET, AgentBase, DealStarted, Event
from bragkit.bots.reading import Menu
from bragkit.bots.strength import best_discards
from bragkit.errors import BragError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView
from bragkit.learn.features import (
    CHOICE_COUNT,
    MASK,
    engine_action,
    keeps,
    view_features,
)
from bragkit.learn.network import Network, shipped

__all__ = ["LearnedBot"]


class LearnedBot(AgentBase):
    """The learned policy on the engine (see the module docstring)."""

    kind = "learned"
    name = "learned"  # as an adviser of bragkit.analysis

    def __init__(self, *, rules: Rules | None = None, network: Network | None = None,
                 budget: float = DEFAULT_BUDGET) -> None:
        self.rules = rules or Rules()
        self.network = network or shipped()
        self.budget = budget

    def observe(self, event: Event) -> None:
        """Learn the rules of each deal."""
        if isinstance(event, DealStarted):
            self.rules = event.rules

    def agrees(self, view: DealView) -> bool:
        """A proposed showdown (B8): yes with a looked hand in the better half."""
        return keeps(view, self.rules)

    def act(self, view: DealView) -> Action:
        """The network's best open choice (a hand just looked at kept or thrown by rule, R2)."""
        menu = Menu(view)
        if menu.has(Verb.KEEP):  # rule R2
            keep = keeps(view, self.rules)
            return menu.simple(Verb.KEEP if keep else Verb.THROW) or menu.fold()
        if view.hand is not None and menu.has(Verb.DISCARD) and not view.discards:
            option = menu.get(Verb.DISCARD)  # rule F1: the best three kept, before betting
            assert option is not None
            return menu.discard(best_discards(view.hand, self.rules, option.discards))
        features = view_features(view, self.rules)[None, :]
        return engine_action(view, int(self.network.choose(features)[0]))

    def scores(self, game: Deal, player: str) -> dict[Action, float]:
        """The network's score of each of ``player``'s choices open now, as engine actions
        (their softmax is :meth:`probabilities`)."""
        view = game.view(player)
        if view.to_act != player:
            raise BragError(f"{player} is not to act")
        features = view_features(view, self.rules)[None, :]
        raw = self.network.scores(features)[0]
        return {engine_action(view, c): float(raw[c]) for c in range(CHOICE_COUNT)
                if features[0, MASK + c] > 0.5}

    def probabilities(self, game: Deal, player: str) -> dict[Action, float]:
        """``{action: p}``: the chance of each of ``player``'s open choices (a softmax of the
        network's scores; the bot plays the most likely). A hand just looked at (R2): keep or
        throw, by rule, with certainty."""
        view = game.view(player)
        if view.to_act != player:
            raise BragError(f"{player} is not to act")
        menu = Menu(view)
        if menu.has(Verb.KEEP) or (view.hand is not None and menu.has(Verb.DISCARD)
                                   and not view.discards):
            with_rules = LearnedBot(rules=game.rules, network=self.network)
            return {with_rules.act(view): 1.0}  # by rule (R2, F1), as it plays
        features = view_features(view, game.rules)[None, :]
        chances = self.network.probabilities(features)[0]
        return {engine_action(view, c): float(chances[c]) for c in range(CHOICE_COUNT)
                if features[0, MASK + c] > 0.5}
