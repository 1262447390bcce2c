"""The three-card family's trainer: what the equilibrium would do in a player's place, heads-up
(the terminal's ``e`` key): :class:`ThreeCardTrainer`, the family's
:class:`~bragkit.games.protocol.Trainer`, and :func:`solve_command`, the ``bragkit solve`` that
makes a strategy for a table.

The solver's equilibrium is of two players with three cards each and no wild cards (W1); the
strategy is the cached solution of the abstraction nearest the table (H10, BL1), looked up once
(a file load, never a solve).

>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(wild=("2",)), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9])
>>> ThreeCardTrainer(deal.rules).applies(deal)          # wild cards: no equilibrium (W1)
False
"""

from __future__ import annotations

import threading
from typing import Any

from bragkit.errors import BragError, RulesError
from bragkit.games.protocol import Game
from bragkit.games.three_card.rules import Rules
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.strategy import Strategy

__all__ = ["ThreeCardTrainer", "solve_command"]


class ThreeCardTrainer:
    """The trainer of a table of ``rules`` (see the module docstring); ``strategy`` is the
    solved strategy to read (by default the cached one nearest the table)."""

    def __init__(self, rules: Rules, *, strategy: Strategy | None = None) -> None:
        self.rules = rules
        self._strategy = strategy
        self._found = strategy is not None
        self._lock = threading.Lock()

    def applies(self, game: Game) -> bool:
        """Whether ``game`` is one the equilibrium is of: two players, three cards each, no
        wild cards (W1)."""
        rules: Any = game.rules
        return len(game.players) == 2 and rules.cards == 3 and not rules.wild_cards

    @property
    def looked_up(self) -> bool:
        """Whether :meth:`look_up` has run (its answer is kept)."""
        return self._found

    def look_up(self) -> None:
        """Find the strategy: the one given, else the cached solution of the table's
        abstraction, else of the default one if it plays the same ordering and blind rules
        (H10, BL1); none if none is cached. Once; safe in a worker thread."""
        self.strategy()

    def strategy(self) -> Strategy | None:
        """The strategy the trainer reads (looked up once: :meth:`look_up`)."""
        with self._lock:
            if not self._found:
                try:
                    from bragkit.bots.solver_bot import cached_strategy

                    self._strategy = cached_strategy(self.rules)
                except (BragError, OSError):  # an unreadable cache: no strategy
                    self._strategy = None
                self._found = True
            return self._strategy

    def table_abstraction(self) -> Abstraction | None:
        """The abstraction nearest a heads-up game of the table's rules (None if none fits:
        e.g. blind play with no even stake, BL1)."""
        try:
            return Abstraction.for_table(self.rules)
        except RulesError:
            return None

    def _fits(self, strategy: Strategy) -> bool:
        a = strategy.abstraction
        return a.ordering == self.rules.ordering and a.blind == self.rules.blind

    def advice(self, game: Game, player: str) -> str | None:
        """What the equilibrium would do in ``player``'s place, one line ("the equilibrium
        would look 71%, blind 1 29%"), or how to solve one when none is cached; None when it
        does not apply (not heads-up Three Card Brag, not the player's turn, two hands held,
        R2)."""
        if not self.applies(game) or game.over or game.to_act != player:
            return None
        strategy = self.strategy()
        if strategy is None or not self._fits(strategy):
            table = self.table_abstraction()
            command = solve_command(table) if table is not None else "bragkit solve"
            return f"no equilibrium solved for this table: run `{command}` (a few minutes)"
        from bragkit.bots.solver_bot import equilibrium_advice

        return equilibrium_advice(strategy, game.view(player))


def solve_command(abstraction: Abstraction) -> str:
    """The ``bragkit solve`` command that solves ``abstraction`` into the cache (only the
    options that differ from the command's defaults, besides the stakes).

    >>> solve_command(Abstraction.for_table(Rules(max_bet=10)))
    'bragkit solve --stakes 1,2,4,8,10 --blind-share 0.8'
    >>> solve_command(Abstraction.for_table(Rules(ante=2, see_cost="single", blind=False)))
    'bragkit solve --stakes 1,2,4,8,16 --ante 2 --no-blind --see-cost single'
    """
    default = Abstraction()
    parts = ["bragkit solve", "--stakes", ",".join(str(s) for s in abstraction.stakes)]
    if abstraction.max_bets != default.max_bets:
        parts += ["--max-bets", str(abstraction.max_bets)]
    if abstraction.cap_rule != default.cap_rule:
        parts += ["--cap-rule", abstraction.cap_rule]
    if abstraction.ante != default.ante:
        parts += ["--ante", str(abstraction.ante)]
    if not abstraction.blind:
        parts.append("--no-blind")
    if abstraction.blind_share != default.blind_share:
        parts += ["--blind-share", f"{abstraction.blind_share:g}"]
    if abstraction.see_cost != default.see_cost:
        parts += ["--see-cost", abstraction.see_cost]
    if abstraction.ordering != default.ordering:
        parts += ["--ordering", abstraction.ordering]
    if abstraction.ranks != default.ranks:
        parts += ["--ranks", abstraction.ranks]
    if abstraction.suits != default.suits:
        parts += ["--suits", str(abstraction.suits)]
    return " ".join(parts)
