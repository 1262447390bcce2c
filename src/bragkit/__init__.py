"""bragkit: the reference software for Brag, the British card game that came before poker.

>>> import bragkit
>>> bragkit.evaluate("3s 3h 3d") > bragkit.evaluate("As Ah Ad")   # 3-3-3 is the best prial (H3)
True
"""

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
from bragkit.games.three_card import Deal
from bragkit.hands import Category, HandRank, Ordering, best_hand, evaluate
from bragkit.notation import DealRecord, read_bhh, write_bhh
from bragkit.rules import Rules
from bragkit.table import Table

__all__ = [
    "Action",
    "BragError",
    "Card",
    "Category",
    "Deal",
    "DealRecord",
    "HandRank",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "LegalAction",
    "NotationError",
    "Ordering",
    "Pack",
    "Rank",
    "Rules",
    "RulesError",
    "Suit",
    "Table",
    "Verb",
    "best_hand",
    "evaluate",
    "format_cards",
    "parse_cards",
    "read_bhh",
    "write_bhh",
]
__version__ = "0.1.0"
