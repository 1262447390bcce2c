"""What a Teen Patti view folds from the log beyond what every stake game shows
(:class:`~bragkit.games.stake_game.StakeFold`): the stake (TP3), each player's blind chaals, the
turned card of the joker variant (TP8), a sideshow awaiting its answer and who lost one (TP5).

>>> from bragkit.games.teen_patti import TeenPatti
>>> deal = TeenPatti(players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[50, 50, 50], rng=2)
>>> deal.apply("Ann blind 2"); deal.apply("Bob look"); deal.apply("Bob bet 6")
>>> fold = TeenPattiFold(deal.rules, deal.censored_log(None))
>>> fold.stake, fold.blind_turns
(3, {'Ann': 1})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bragkit.actions import Verb
from bragkit.games.protocol import Operation
from bragkit.games.stake_operations import Acted
from bragkit.games.teen_patti_operations import JokerTurned, SideshowAsked, SideshowLost
from bragkit.games.teen_patti_rules import TeenPattiRules

__all__ = ["TeenPattiFold"]

_CHAALS = frozenset((Verb.BLIND, Verb.BET, Verb.SIDESHOW))
_ANSWERS = frozenset((Verb.ACCEPT, Verb.DECLINE))


class TeenPattiFold:
    """One pass over a Teen Patti log (censored for a viewer): the stake in blind terms (TP3:
    a blind chaal sets it, a seen chaal half of it; a sideshow's chaal is what it paid), each
    player's blind chaals, the turned card (TP8), the sideshow asked and not answered, and the
    players who lost a sideshow (TP5)."""

    __slots__ = ("blind_turns", "boot", "lost", "sideshow", "stake", "turned", "variant")

    def __init__(self, rules: TeenPattiRules, log: Sequence[Operation]) -> None:
        self.boot = rules.boot
        self.variant = rules.variant
        self.stake = rules.boot
        self.blind_turns: dict[str, int] = {}
        self.turned: str | None = None
        self.sideshow: dict[str, str] | None = None
        self.lost: set[str] = set()
        looked: set[str] = set()
        for op in log:
            if isinstance(op, Acted):
                action = op.action
                player, verb = str(action.player), action.verb
                if verb is Verb.LOOK:
                    looked.add(player)
                elif verb in _CHAALS:
                    amount = op.paid if verb is Verb.SIDESHOW else action.amount or 0
                    seen = player in looked
                    if not seen:
                        self.blind_turns[player] = self.blind_turns.get(player, 0) + 1
                    self.stake = max(self.stake, amount // 2 if seen else amount)
                elif verb in _ANSWERS:
                    self.sideshow = None
            elif isinstance(op, SideshowAsked):
                self.sideshow = {"asker": op.asker, "asked": op.asked}
            elif isinstance(op, SideshowLost):
                self.lost.add(op.player)
            elif isinstance(op, JokerTurned):
                self.turned = str(op.card)

    def extra(self, players: Sequence[str], lookers: set[str], *, over: bool) -> dict[str, Any]:
        """The Teen Patti part of a view: boot, stake, variant, who is seen, blind chaals,
        the turned card, the sideshow awaiting an answer (none once the deal is over)."""
        return {"boot": self.boot, "stake": self.stake, "variant": self.variant,
                "seen": [p for p in players if p in lookers],
                "blind_turns": {p: self.blind_turns.get(p, 0) for p in players},
                "turned": self.turned, "sideshow": None if over else self.sideshow}
