"""The arena's default game: a game of the three-card family (a name, alias or preset) at the
arena's stakes. The arena and the solver bot both start from it.

>>> arena_rules().max_bet, arena_rules("five-card").cards
(10, 5)
"""

from __future__ import annotations

from typing import Any

from bragkit.errors import BragError
from bragkit.games.registry import find
from bragkit.games.three_card.rules import Rules

__all__ = ["ARENA_RULES", "arena_rules"]

#: The stakes the arena plays by default on top of a game's preset (a sensible limit: B1).
ARENA_RULES: dict[str, Any] = {"ante": 1, "min_bet": 1, "max_bet": 10}

def arena_rules(game: str = "three-card", **overrides: Any) -> Rules:
    """The rules of an arena game of the three-card family (a name, alias or preset of its
    registry entry): the preset, the arena's stakes, then ``overrides``.

    >>> arena_rules("four-card", max_bet=None).to_dict()
    {'cards': 4}
    >>> arena_rules("teen-patti-order", max_bet=None).to_dict()
    {'ordering': 'teen-patti'}
    """
    info = find(game)
    if not info.agents:  # the family's games are those the agents play (GameInfo.agents)
        raise BragError(f"{info.title} is not of the three-card family")
    return Rules.from_dict({**info.presets.get(game, {}), **ARENA_RULES, **overrides})
