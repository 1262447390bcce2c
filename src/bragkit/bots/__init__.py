"""Bots for the three-card family: the :class:`~bragkit.bots.agent.Agent` protocol and four
players — ``random``, ``cautious``, ``bold`` and ``shark`` (:mod:`bragkit.bots.registry`).

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
    ask,
    ended_event,
    notify,
    started_event,
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
    "RandomBot",
    "SharkBot",
    "Style",
    "ThresholdBot",
    "ask",
    "ended_event",
    "make_bot",
    "notify",
    "register",
    "started_event",
]
