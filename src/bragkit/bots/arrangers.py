"""Bots that arrange: Nine Card Brag (N3–N6) and Crash (C2–C5), by the engine's arranger
(:func:`bragkit.games.arrange.best_arrangement`), from the seat's view only.

Two kinds play each game, named by what they do:

* ``expected`` — the arrangement of the greatest expected score: each set is scored by the
  points it wins in its round against random opponents' sets (N4's places, C4's round wins).
  In Nine Card Brag it re-sorts its unplayed cards every turn, below its last set (N6), and
  weighs the sets already played in the round; in Crash it calls crash when the chance of
  winning all four rounds makes the call worth more than passing (C5);
* ``greedy`` — the strongest set it can play, then the strongest of the rest; in Crash it never
  calls crash.

What a bot knows is its view: its own unplayed cards (Nine Card: ``view.hand``; Crash:
``view.cards``, then its arrangement ``view.hands``), every set played (``view.played``), the
players, and the rules it was made with (not in the view: the table's rules are public).

>>> from bragkit.bots.players import ask, make_player
>>> from bragkit.games import new
>>> game = new("nine-card", players=["Ann", "Bob"], seed=5)
>>> bot = make_player("expected", game="nine-card")
>>> action = ask(bot, game, str(game.to_act))
>>> action.verb.value, game.can_apply(action)
('plays', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import BotError
from bragkit.bots.player import PlayerBase, PlayerKind
from bragkit.cards import Card, RandomSource
from bragkit.games import arrange
from bragkit.games.crash import CrashRules
from bragkit.games.nine_card import ORDERING, NineCardRules

__all__ = ["CrashArranger", "NineCardArranger", "player_kinds"]


def _option(legal: Sequence[LegalAction], verb: Verb) -> LegalAction | None:
    return next((o for o in legal if o.verb is verb), None)


class NineCardArranger(PlayerBase):
    """Plays the first set of its best arrangement of the unplayed cards (N6)."""

    def __init__(self, *, strategy: arrange.Strategy, rules: NineCardRules | None = None) -> None:
        self.strategy: arrange.Strategy = strategy
        self.kind = strategy
        self.rules = rules if rules is not None else NineCardRules()

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """The set to play now."""
        if view.viewer is None:  # registered for Nine Card Brag: a seat's NineCardView
            raise BotError(f"the {self.kind} arranger plays a seat, not a spectator's view")
        option = _option(legal, Verb.PLAYS)
        if option is None or option.choices is None:
            raise BotError("no set to play")
        me = view.viewer
        mine = view.played.get(me, ())
        cap = arrange.strength_of(mine[-1], ordering=ORDERING) if mine else None  # rule N6
        seen = [arrange.strength_of(sets[view.round - 1], ordering=ORDERING)
                for player, sets in view.played.items()
                if player != me and len(sets) >= view.round]
        players = len(view.players)
        best = arrange.best_arrangement(
            view.hand, strategy=self.strategy, game="nine-card", cap=cap, players=players,
            points=self.rules.points, decks=self.rules.decks_for(players), seen=seen)
        action = Action(player=me, verb=Verb.PLAYS, cards=best.sets[0])
        if action in option:
            return action
        return option.choices[0]  # the strongest playable set (the listing's order)


class CrashArranger(PlayerBase):
    """Arranges its thirteen cards by its strategy; calls crash by the expected gain (C5)."""

    def __init__(self, *, strategy: arrange.Strategy, rules: CrashRules | None = None) -> None:
        self.strategy: arrange.Strategy = strategy
        self.kind = strategy
        self.rules = rules if rules is not None else CrashRules()

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """Arrange, then crash or pass."""
        if view.viewer is None:  # registered for Crash: a seat's CrashView
            raise BotError(f"the {self.kind} arranger plays a seat, not a spectator's view")
        me = view.viewer
        rules = self.rules
        option = _option(legal, Verb.ARRANGES)
        if option is not None:
            best = arrange.best_arrangement(
                view.cards, strategy=self.strategy, game="crash", ordering=rules.ordering,
                min_category=rules.floor, players=len(view.players))
            action = Action(player=me, verb=Verb.ARRANGES, sets=best.sets)
            if action in option:
                return action
            assert option.choices is not None
            return option.choices[0]
        crash = _option(legal, Verb.CRASH)
        if crash is not None and self._crash_pays(view.hands or (), len(view.players)):
            return crash.action()
        passing = _option(legal, Verb.PASS)
        if passing is None:
            raise BotError("neither crash nor pass is open")
        return passing.action()

    def _crash_pays(self, hands: Sequence[Sequence[Card]], players: int) -> bool:
        """Whether calling crash gains more, on the estimated chances of winning every round,
        than it risks (C5); the greedy arranger never calls."""
        if self.strategy != "expected" or len(hands) != 4:
            return False
        rules = self.rules
        strengths = tuple(arrange.strength_of(h, ordering=rules.ordering) for h in hands)
        mine = arrange.Arrangement(sets=tuple(tuple(h) for h in hands), strengths=strengths)
        chance = 1.0
        for p in arrange.win_chances(mine, players=players, ordering=rules.ordering,
                                     min_category=rules.floor):
            chance *= p
        gain = chance * (rules.crash_reward - rules.natural_reward)
        return gain > (1 - chance) * rules.crash_penalty


def _maker(strategy: arrange.Strategy, crash: bool) -> Any:
    def make(*, game: str, rules: Any, seed: RandomSource, budget: float) -> Any:
        if crash:
            return CrashArranger(strategy=strategy, rules=rules)
        return NineCardArranger(strategy=strategy, rules=rules)

    return make


def player_kinds() -> tuple[PlayerKind, ...]:
    """``expected`` and ``greedy`` for Nine Card Brag and Crash."""
    kinds = []
    for name, crash in (("nine-card", False), ("crash", True)):
        kinds.append(PlayerKind(
            kind="expected", factory=_maker("expected", crash), games=(name,),
            description="arranges for the greatest expected score (the engine's arranger)"
            + ("; calls crash when it pays (C5)" if crash else ", below its last set (N6)")))
        kinds.append(PlayerKind(
            kind="greedy", factory=_maker("greedy", crash), games=(name,),
            description="plays its strongest set first, then the strongest of the rest"
            + ("; never calls crash" if crash else "")))
    return tuple(kinds)
