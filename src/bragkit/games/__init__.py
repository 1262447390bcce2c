"""The games of the Brag family: the :class:`~bragkit.games.protocol.Game` protocol they all
implement, and the registry that names them (:mod:`bragkit.games.registry`).

>>> import bragkit.games
>>> bragkit.games.names()[0]
'three-card'
>>> bragkit.games.new("three-card", players=["Ann", "Bob"], seed=1).players
('Ann', 'Bob')
"""

from bragkit.games.protocol import Game, Operation
from bragkit.games.registry import GameInfo, find, games, names, new

__all__ = ["Game", "GameInfo", "Operation", "find", "games", "names", "new"]
