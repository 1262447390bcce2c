"""Bots: for every game, the :class:`~bragkit.bots.player.Player` protocol with
:func:`players`, :func:`make_player`, :func:`ask` and :func:`register_player`
(:mod:`bragkit.bots.players`); for the three-card family, the
:class:`~bragkit.bots.agent.Agent` protocol and its players — ``random``, ``cautious``, ``bold``,
``shark`` and ``solver`` (:mod:`bragkit.bots.registry`), which the generic API wraps.

>>> from bragkit.bots import make_bot, Agent
>>> isinstance(make_bot("shark", seed=1), Agent)
True
"""

from bragkit.bots.agent import (
    DEFAULT_BUDGET,
    Agent,
    BotError,
    DealEnded,
    DealStarted,
    Event,
    HandReturned,
    Observer,
    ended_event,
    notify,
    started_event,
)
from bragkit.bots.player import Player, PlayerBase, PlayerFactory, PlayerKind, RandomPlayer
from bragkit.bots.players import (
    agreement,
    ask,
    ended,
    make_player,
    players,
    register_player,
    started,
)
from bragkit.bots.registry import BOTS, BUILT_IN, make_bot, register
from bragkit.bots.shark import SharkBot
from bragkit.bots.simple import BOLD, CAUTIOUS, RandomBot, Style, ThresholdBot

__all__ = [
    "BOLD",
    "BOTS",
    "BUILT_IN",
    "CAUTIOUS",
    "DEFAULT_BUDGET",
    "Agent",
    "BotError",
    "DealEnded",
    "DealStarted",
    "Event",
    "HandReturned",
    "Observer",
    "Player",
    "PlayerBase",
    "PlayerFactory",
    "PlayerKind",
    "RandomBot",
    "RandomPlayer",
    "SharkBot",
    "Style",
    "ThresholdBot",
    "agreement",
    "ask",
    "ended",
    "ended_event",
    "make_bot",
    "make_player",
    "notify",
    "players",
    "register",
    "register_player",
    "started",
    "started_event",
]
