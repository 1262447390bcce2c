"""What a game of ``bragkit play`` is set up with: :class:`PlayConfig`.

With nothing chosen it is a good game at once: Three Card Brag against three bots of mixed
kinds (the game's own: cautious, bold, shark), ante 1, bets of 1 to 10, blind play on, 100 chips
each; any other game against its own bots (:func:`default_bots`).

>>> config = PlayConfig()
>>> config.rules().to_dict(), config.bots
({'max_bet': 10}, ('cautious', 'bold', 'shark'))
>>> PlayConfig(game="nine-card").bots
('expected', 'greedy', 'expected')
>>> PlayConfig(game="four-card", overrides={"max_bet": None}).rules().to_dict()
{'cards': 4}
>>> PlayConfig(game="crash", bots=("random",), seed=1).table().title
'Crash'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bragkit.bots.agent import DEFAULT_BUDGET
from bragkit.cards import Pack
from bragkit.games import find, games
from bragkit.games.three_card.rules import Rules
from bragkit.play.game_table import GameTable
from bragkit.play.session import PlaySession

__all__ = ["OWN_RULES_GAMES", "PLAY_RULES", "PlayConfig"]

def _own_rules_games() -> dict[str, str]:
    return {info.name: f"{info.title}: {info.summary}" for info in games()
            if info.rules is not Rules}


#: The games of the registry with rules of their own (not the three-card family's), a line
#: each: played at the one table screen (:mod:`bragkit.play.game_screen`).
OWN_RULES_GAMES: dict[str, str] = _own_rules_games()

#: The stakes of a game unless the player says otherwise (rules D2, B1).
PLAY_RULES: dict[str, Any] = {"ante": 1, "min_bet": 1, "max_bet": 10}


def default_bots(game: str, count: int = 3) -> tuple[str, ...]:
    """The bots a game is played against unless the player chooses: its own bots that are not
    ``random`` (:func:`bragkit.bots.players`), in turn, ``count`` of them.

    >>> default_bots("crash"), default_bots("three-card")
    (('expected', 'greedy', 'expected'), ('cautious', 'bold', 'shark'))
    """
    from bragkit.bots.players import players

    kinds = [k for k in players(game) if k != "random"] or ["random"]
    return tuple(kinds[i % len(kinds)] for i in range(count))


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayConfig:
    """The game (any of the registry: a name, an alias or a preset), its house-rule overrides
    (the game's own options), the bots, the player's name, the buy-in, the seed, where to save
    deals, how long bots think and whether the trainer says what the equilibrium would do
    (heads-up Three Card Brag)."""

    game: str = "three-card"
    overrides: Mapping[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] = ()
    name: str = "You"
    stack: int = 100
    seed: int | None = None
    save_dir: Path | None = None
    budget: float = DEFAULT_BUDGET
    trainer: bool = True

    def __post_init__(self) -> None:
        if not self.bots:  # the game's own bots
            object.__setattr__(self, "bots", default_bots(self.game))

    def rules(self) -> Rules:
        """The preset, the default stakes, then the overrides (RulesError if nonsense)."""
        return Rules.preset(self.game, **{**PLAY_RULES, **self.overrides})

    @property
    def family(self) -> bool:
        """Whether the game is of the three-card family (else one of the other games)."""
        return find(self.game).rules is Rules

    def table(self) -> GameTable:
        """A session of any registered game for the one table screen, its own rules from
        ``overrides`` (BragError if the game does not know one)."""
        return GameTable(self.game, name=self.name, bots=self.bots, stack=self.stack,
                         seed=self.seed, rules=self.overrides, budget=self.budget)

    def session(self, *, pack: Pack | None = None) -> PlaySession:
        """A new session with these settings."""
        return PlaySession(self.rules(), bots=self.bots, name=self.name, stack=self.stack,
                           seed=self.seed, pack=pack, save_dir=self.save_dir,
                           budget=self.budget, trainer=self.trainer)
