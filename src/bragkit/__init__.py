"""bragkit: the reference software for Brag, the British card game that came before poker."""

from bragkit.cards import Card, Pack, Rank, Suit, format_cards, parse_cards
from bragkit.errors import (
    BragError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    NotationError,
    RulesError,
)

__all__ = [
    "BragError",
    "Card",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "NotationError",
    "Pack",
    "Rank",
    "RulesError",
    "Suit",
    "format_cards",
    "parse_cards",
]
from bragkit.hands import Category, HandRank, Ordering, best_hand, evaluate

__all__ += ["Category", "HandRank", "Ordering", "best_hand", "evaluate"]
from bragkit.games.three_card import Deal  # noqa: E402
from bragkit.rules import Rules  # noqa: E402

__all__ += ["Deal", "Rules"]
__version__ = "0.1.0"
