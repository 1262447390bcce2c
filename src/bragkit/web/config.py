"""A web table's settings: :class:`TableConfig`, checked when made (a bad one is a
:class:`ConfigError`).

>>> TableConfig(buy_in=50).to_dict()["buy_in"]
50
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from bragkit.errors import BragError
from bragkit.rules import Rules

__all__ = ["MAX_CHIPS", "MAX_SEATS", "ConfigError", "TableConfig"]

#: The most seats a web table has.
MAX_SEATS: Final = 10
#: The most chips one buy-in or top-up brings.
MAX_CHIPS: Final = 10**9


class ConfigError(BragError):
    """A table configuration that makes no sense (a bad option, a bad rules table)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class TableConfig:
    """A table's settings: its ``name``, the game's :class:`~bragkit.rules.Rules`, how many
    ``seats`` it has, the default ``buy_in``, and the house options of the web table:
    ``turn_seconds`` (a turn timer, 0 for none: a player who runs out of time folds),
    ``deal_pause`` (seconds between deals, to read the result) and ``bot_delay`` (seconds a bot
    waits before it acts, so people can follow).

    >>> TableConfig.from_dict({"rules": {"max_bet": 10}, "seats": 4}).to_dict()["rules"]
    {'max_bet': 10}
    >>> TableConfig.from_dict({"seats": 1})
    Traceback (most recent call last):
    ...
    bragkit.web.config.ConfigError: seats must be a whole number from 2 to 10
    """

    name: str = "Brag table"
    rules: Rules = field(default_factory=Rules)
    seats: int = 6
    buy_in: int = 100
    turn_seconds: int = 0
    deal_pause: float = 4.0
    bot_delay: float = 0.8

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40 or not name.isprintable():
            raise ConfigError("name must be 1 to 40 printable characters")
        object.__setattr__(self, "name", name.strip())
        if not isinstance(self.rules, Rules):
            raise ConfigError("rules must be a Rules object")
        most = min(MAX_SEATS, self.rules.max_players(retained=1))
        if type(self.seats) is not int or not 2 <= self.seats <= most:
            raise ConfigError(f"seats must be a whole number from 2 to {most}")
        least = max(self.rules.buy_in, 1, self.rules.ante)
        if type(self.buy_in) is not int or not least <= self.buy_in <= MAX_CHIPS:
            raise ConfigError(f"buy_in must be a whole number of chips from {least}")
        if type(self.turn_seconds) is not int or not 0 <= self.turn_seconds <= 3600:
            raise ConfigError("turn_seconds must be a whole number from 0 (no timer) to 3600")
        for name_ in ("deal_pause", "bot_delay"):
            value = getattr(self, name_)
            if type(value) not in (int, float) or not 0 <= value <= 600:
                raise ConfigError(f"{name_} must be a number of seconds from 0 to 600")

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-able data (the rules as their ``[rules]`` table)."""
        return {"name": self.name, "rules": self.rules.to_dict(), "seats": self.seats,
                "buy_in": self.buy_in, "turn_seconds": self.turn_seconds,
                "deal_pause": self.deal_pause, "bot_delay": self.bot_delay}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableConfig:
        """Settings from JSON data (a ``preset`` key names a variant, see
        :meth:`Rules.preset <bragkit.rules.Rules.preset>`); a bad value is a
        :class:`ConfigError`."""
        if not isinstance(data, Mapping):
            raise ConfigError("a table's settings are a JSON object")
        known = {"name", "rules", "seats", "buy_in", "turn_seconds", "deal_pause", "bot_delay",
                 "preset"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown setting {unknown[0]!r}")
        options = {k: v for k, v in data.items() if k not in ("rules", "preset")}
        rules_table = data.get("rules", {})
        if not isinstance(rules_table, Mapping):
            raise ConfigError("rules must be a JSON object")
        try:
            preset = data.get("preset")
            rules = (Rules.preset(preset, **rules_table) if isinstance(preset, str)
                     else Rules.from_dict(rules_table))
        except (BragError, TypeError) as error:
            raise ConfigError(f"rules: {error}") from None
        try:
            return cls(rules=rules, **options)
        except TypeError as error:  # pragma: no cover - unknown keys are refused above
            raise ConfigError(str(error)) from None
