"""What a game of ``bragkit play`` is set up with: :class:`PlayConfig`.

With nothing chosen it is a good game at once: Three Card Brag against three bots of mixed
kinds (the game's own: cautious, bold, shark), ante 1, bets of 1 to 10, blind play on, 100 chips
each; any other game against its own bots (:func:`default_bots`), by its own rules' defaults.
Every game, preset and option comes from the registry and the rules' own metadata
(:func:`bragkit.games.options.options`), as the web lobby's ``GET /api/games`` serves them.

>>> config = PlayConfig()
>>> config.rules().to_dict(), config.bots
({'max_bet': 10}, ('cautious', 'bold', 'shark'))
>>> PlayConfig(game="nine-card").bots
('expected', 'greedy', 'expected')
>>> PlayConfig(game="four-card", overrides={"max_bet": None}).rules().to_dict()
{'cards': 4}
>>> PlayConfig(game="teen-patti-order").rules().ordering
'teen-patti'
>>> PlayConfig(game="crash", bots=("random",), seed=1).table().title
'Crash'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bragkit.bots.agent import DEFAULT_BUDGET
from bragkit.bots.players import game_rules
from bragkit.games import find, games
from bragkit.games.options import options
from bragkit.play.game_table import GameTable
from bragkit.play.sit_and_go_table import SitAndGoTable

__all__ = ["PLAY_RULES", "PlayConfig", "default_bots", "game_names", "house_stakes"]

#: The house's stakes where a game's rules hold these options (rules D2, B1): bets of 1 to 10.
PLAY_RULES: Final[dict[str, Any]] = {"ante": 1, "min_bet": 1, "max_bet": 10}


def game_names() -> list[str]:
    """Every name ``bragkit play`` starts a game by: each game of the registry, then its
    presets (as the web lobby lists them).

    >>> game_names()[:4]
    ['three-card', 'four-card', 'five-card', 'teen-patti-order']
    """
    return [name for info in games() for name in (info.name, *info.presets)]


def house_stakes(game: str) -> dict[str, Any]:
    """The options of :data:`PLAY_RULES` that ``game``'s rules hold.

    >>> house_stakes("three-card"), house_stakes("crash")
    ({'ante': 1, 'min_bet': 1, 'max_bet': 10}, {})
    """
    held = {o.name for o in options(find(game).rules)}
    return {k: v for k, v in PLAY_RULES.items() if k in held}


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
    deals, how long bots think and whether the game's trainer speaks; ``sit_and_go``: a
    sit-and-go whose ante rises every that many deals, ``ante_rise`` times (0: a session, T4).

    >>> PlayConfig(sit_and_go=5, bots=("random",), seed=1).table().sit_and_go.rules.ante_every
    5
    """

    game: str = "three-card"
    overrides: Mapping[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] = ()
    name: str = "You"
    stack: int = 100
    seed: int | None = None
    save_dir: Path | None = None
    budget: float = DEFAULT_BUDGET
    trainer: bool = True
    sit_and_go: int = 0
    ante_rise: float = 2.0

    def __post_init__(self) -> None:
        if not self.bots:  # the game's own bots
            object.__setattr__(self, "bots", default_bots(self.game))

    def options(self) -> dict[str, Any]:
        """The game's options: the house's stakes (where its rules hold them), then the
        overrides."""
        return {**house_stakes(self.game), **self.overrides}

    def rules(self) -> Any:
        """The game's rules object: the preset, the house's stakes, then the overrides
        (RulesError if nonsense)."""
        return game_rules(self.game, self.options())

    def table(self) -> GameTable:
        """A session of the game for the one table screen (BragError if the game does not
        know an option, or the options make no sense)."""
        table: dict[str, Any] = {
            "name": self.name, "bots": self.bots, "stack": self.stack, "seed": self.seed,
            "rules": self.options(), "budget": self.budget, "save_dir": self.save_dir,
            "trainer": self.trainer}
        if self.sit_and_go:  # rule T4
            return SitAndGoTable(self.game, ante_every=self.sit_and_go,
                                 ante_rise=self.ante_rise, **table)
        return GameTable(self.game, **table)
