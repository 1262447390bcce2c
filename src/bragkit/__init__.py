"""bragkit: the reference software for Brag, the British card game that came before poker.

The family is one protocol: every game (:func:`games.names`) is a :class:`Game`, started with
:func:`games.new`, played deal after deal in a :class:`Session`, written and read by
:mod:`records`.

>>> import bragkit
>>> bragkit.evaluate("3s 3h 3d") > bragkit.evaluate("As Ah Ad")   # 3-3-3 is the best prial (H3)
True
>>> game = bragkit.games.new("crash", players=["Ann", "Bob", "Cy"], seed=1)
>>> isinstance(game, bragkit.Game), game.over
(True, False)
"""

from bragkit import games, records
from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, Pack, Rank, Suit, format_cards, parse_cards
from bragkit.errors import (
    BragError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    NotationError,
    RulesError,
)
from bragkit.games.protocol import Game, Operation
from bragkit.hands import Category, HandRank, Ordering, best_hand, evaluate
from bragkit.session import Session

__all__ = [
    "Action",
    "BragError",
    "Card",
    "Category",
    "Game",
    "HandRank",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "LegalAction",
    "NotationError",
    "Operation",
    "Ordering",
    "Pack",
    "Rank",
    "RulesError",
    "Session",
    "Suit",
    "Verb",
    "best_hand",
    "evaluate",
    "format_cards",
    "games",
    "parse_cards",
    "records",
]
__version__ = "0.2.0"
