"""The games a host may open a web table for, as ``GET /api/games`` serves them:
:func:`games_catalogue`, read from the registry and each rules class's own option metadata
(:func:`bragkit.games.options.options`), so the lobby writes no option list of its own.

>>> crash = next(g for g in games_catalogue() if g["name"] == "crash")
>>> crash["title"], crash["seats"], crash["options"][0]["name"], crash["options"][0]["rule"]
('Crash', [2, 4], 'target', 'C6')
>>> next(g for g in games_catalogue() if g["name"] == "three-card")["presets"]["four-card"]
{'cards': 4}
"""

from __future__ import annotations

from typing import Any

from bragkit.bots.players import players
from bragkit.games.options import options
from bragkit.games.registry import games
from bragkit.web.config import MAX_SEATS

__all__ = ["games_catalogue"]

_CATALOGUE: list[dict[str, Any]] = []


def games_catalogue() -> list[dict[str, Any]]:
    """Every registered game: its ``name``, ``title``, ``summary``, ``seats`` (fewest, most at
    a web table), ``presets`` (name -> options), ``preset_titles`` and ``preset_summaries``
    (name -> what a reader is told of it) and ``options`` (each with its rule id,
    meaning, kind, default and allowed values), ``bots`` (the kinds a host may seat,
    :func:`bragkit.bots.players.players`, with what each does) and ``sit_and_go`` (the game's
    word for what rises in a sit-and-go, rule T4: "ante", "boot"...; None where it is not
    played as one)."""
    if not _CATALOGUE:
        for info in games():
            _CATALOGUE.append({
                "name": info.name, "title": info.title, "summary": info.summary,
                "seats": [max(2, info.seats[0]), min(MAX_SEATS, info.seats[1])],
                "presets": {name: {k: list(v) if isinstance(v, tuple) else v
                                   for k, v in preset.items()}
                            for name, preset in info.presets.items()},
                "preset_titles": {name: info.title_of(name) for name in info.presets},
                "preset_summaries": {name: info.summary_of(name) for name in info.presets},
                "options": [o.to_dict() for o in options(info.rules)],
                "bots": players(info.name),
                "sit_and_go": info.ante.name if info.ante is not None and (
                    info.unit == "chips") else None,
            })
    return _CATALOGUE
