"""A web table's settings: :class:`TableConfig`, checked when made (a bad one is a
:class:`ConfigError`). A table plays one game of the registry (:mod:`bragkit.games.registry`),
under that game's own rules object.

>>> TableConfig(buy_in=50).to_dict()["buy_in"]
50
>>> config = TableConfig.from_dict({"game": "crash", "rules": {"target": 10}, "seats": 4})
>>> config.game, config.rules.target, config.to_dict()["rules"]
('crash', 10, {'target': 10})
>>> TableConfig.from_dict({"game": "crash", "rules": {"target": 0}})
Traceback (most recent call last):
...
bragkit.web.config.ConfigError: rules: target must be a whole number of at least 1: 0 (rule C6)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from bragkit.errors import BragError
from bragkit.games.registry import GameInfo, TableTerms, find
from bragkit.games.three_card.rules import Rules
from bragkit.web.sit_and_go import SitAndGoSetting

__all__ = ["MAX_CHIPS", "MAX_SEATS", "ConfigError", "TableConfig"]

#: The most seats a web table has.
MAX_SEATS: Final = 10
#: The most chips one buy-in or top-up brings.
MAX_CHIPS: Final = 10**9


class ConfigError(BragError):
    """A table configuration that makes no sense (a bad option, a bad rules table)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class TableConfig:
    """A table's settings: its ``name``, its ``game`` (a registry name) and that game's
    ``rules`` object (:class:`~bragkit.games.three_card.Rules` for the three-card family), how many
    ``seats`` it has, the default ``buy_in``, and the house options of the web table:
    ``turn_seconds`` (a turn timer, 0 for none: a player who runs out of time folds),
    ``deal_pause`` (seconds between deals, to read the result) and ``bot_delay`` (seconds a bot
    waits before it acts, so people can follow); ``public``: whether the front page lists the
    table among the open tables (only when its host says so); ``private``: the table is never
    listed and its records (hand histories, proofs) are only for its players
    (:mod:`bragkit.web.access`); ``rated``: its sessions count for the players' ratings
    (:mod:`bragkit.web.ratings`), so only signed-in players sit and the game's rules are its
    defaults, no house rules; ``sit_and_go``: the table is a sit-and-go (rule T4,
    :mod:`bragkit.web.sit_and_go`): every player brings the buy-in, the ante rises on schedule,
    and it is played until one player holds every chip; ``members``: a league night's table
    (:mod:`bragkit.web.leagues`) seats only these accounts (by number; empty: anyone).

    >>> TableConfig.from_dict({"sit_and_go": {"ante_every": 5}}).to_dict()["sit_and_go"]
    {'ante_every': 5, 'ante_rise': 2.0}
    >>> TableConfig.from_dict({"game": "crash", "sit_and_go": True})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.web.config.ConfigError: sit_and_go: Crash is not played as a sit-and-go: ...

    >>> TableConfig.from_dict({"rules": {"max_bet": 10}, "seats": 4}).to_dict()["rules"]
    {'max_bet': 10}
    >>> TableConfig.from_dict({"seats": 1})
    Traceback (most recent call last):
    ...
    bragkit.web.config.ConfigError: seats must be a whole number from 2 to 10
    """

    name: str = "Brag table"
    rules: Any = field(default_factory=Rules)
    game: str = "three-card"
    seats: int = 6
    buy_in: int = 100
    turn_seconds: int = 0
    deal_pause: float = 4.0
    bot_delay: float = 0.8
    public: bool = False
    private: bool = False
    rated: bool = False
    sit_and_go: SitAndGoSetting | None = None
    members: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40 or not name.isprintable():
            raise ConfigError("name must be 1 to 40 printable characters")
        object.__setattr__(self, "name", name.strip())
        info = self.info
        if not isinstance(self.rules, info.rules):
            raise ConfigError(f"rules must be a {info.rules.__name__} object for {info.name}")
        object.__setattr__(self, "game", info.name)
        fewest, most = info.seats
        limit = self.terms.most_players  # the pack's own limit, a kept hand aside (D1, R1)
        most = min(MAX_SEATS, most, limit if limit is not None else most)
        if type(self.seats) is not int or not max(2, fewest) <= self.seats <= most:
            raise ConfigError(f"seats must be a whole number from {max(2, fewest)} to {most}")
        least = self.least_buy_in
        if type(self.buy_in) is not int or not least <= self.buy_in <= MAX_CHIPS:
            raise ConfigError(f"buy_in must be a whole number of chips from {least}")
        if type(self.turn_seconds) is not int or not 0 <= self.turn_seconds <= 3600:
            raise ConfigError("turn_seconds must be a whole number from 0 (no timer) to 3600")
        for name_ in ("deal_pause", "bot_delay"):
            value = getattr(self, name_)
            if type(value) not in (int, float) or not 0 <= value <= 600:
                raise ConfigError(f"{name_} must be a number of seconds from 0 to 600")
        for flag in ("public", "private", "rated"):
            if type(getattr(self, flag)) is not bool:
                raise ConfigError(f"{flag} must be true or false")
        if type(self.members) is not tuple or not all(
                type(m) is int and m > 0 for m in self.members):
            raise ConfigError("members must be a list of account numbers")
        if self.public and self.private:
            raise ConfigError("a table is public (listed) or private, not both")
        if self.sit_and_go is not None:
            if not isinstance(self.sit_and_go, SitAndGoSetting):
                raise ConfigError("sit_and_go must be a SitAndGoSetting")
            try:
                self.sit_and_go.check(info, self.rules, self.buy_in)
            except BragError as error:
                raise ConfigError(f"sit_and_go: {error}") from None
        if self.rated and self.rules != info.rules():
            raise ConfigError(f"a rated table plays {info.title} by its default rules: no "
                              "house rules or preset")

    @property
    def info(self) -> GameInfo:
        """The registry's entry of the table's game."""
        try:
            return find(self.game)
        except BragError as error:
            raise ConfigError(str(error)) from None

    @property
    def terms(self) -> TableTerms:
        """What the rules give the table: ante, buy-in, the most players, the variant."""
        return self.info.terms(self.rules)

    @property
    def least_buy_in(self) -> int:
        """The least a player sits down with: the rules' buy-in and ante where the game has
        them (M1, D2), else one chip."""
        return self.terms.least_buy_in

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-able data (the rules as their ``[rules]`` table)."""
        return {"name": self.name, "game": self.game, "rules": self.rules.to_dict(),
                "seats": self.seats,
                "buy_in": self.buy_in, "turn_seconds": self.turn_seconds,
                "deal_pause": self.deal_pause, "bot_delay": self.bot_delay,
                **{flag: True for flag in ("public", "private", "rated") if getattr(self, flag)},
                **({} if self.sit_and_go is None else {"sit_and_go": self.sit_and_go.to_dict()}),
                **({"members": list(self.members)} if self.members else {})}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableConfig:
        """Settings from JSON data: ``game`` a registry name, alias or preset (three-card when
        absent), ``rules`` the game's options, checked by its rules class (a ``preset`` key
        names a preset of the game); a bad value is a :class:`ConfigError` naming it."""
        if not isinstance(data, Mapping):
            raise ConfigError("a table's settings are a JSON object")
        known = {"name", "game", "rules", "seats", "buy_in", "turn_seconds", "deal_pause",
                 "bot_delay", "preset", "public", "private", "rated", "sit_and_go",
                 "members"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown setting {unknown[0]!r}")
        options = {k: v for k, v in data.items() if k not in ("rules", "preset", "game")}
        if isinstance(options.get("members"), list):
            options["members"] = tuple(options["members"])
        rules_table = data.get("rules", {})
        if not isinstance(rules_table, Mapping):
            raise ConfigError("rules must be a JSON object")
        name = data.get("game", "three-card")
        if not isinstance(name, str):
            raise ConfigError("game must be the name of a game")
        try:
            info = find(name)
        except BragError as error:
            raise ConfigError(str(error)) from None
        preset = data.get("preset")
        if preset == info.name:  # the game itself, no preset
            preset = None
        if preset is None and name.strip().lower() in info.presets:
            preset = name.strip().lower()
        if preset is not None and (not isinstance(preset, str) or preset not in info.presets):
            raise ConfigError(f"unknown preset {preset!r} of {info.name} (known: "
                              f"{', '.join(info.presets) or 'none'})")
        try:
            table = {**(info.presets[preset] if preset is not None else {}), **rules_table}
            rules = info.rules.from_dict(table)
        except (BragError, TypeError) as error:
            raise ConfigError(f"rules: {error}") from None
        options["game"] = info.name
        if options.get("sit_and_go") in (None, False):
            options.pop("sit_and_go", None)
        else:
            try:
                options["sit_and_go"] = SitAndGoSetting.from_data(options["sit_and_go"])
            except (BragError, TypeError) as error:
                raise ConfigError(f"sit_and_go: {error}") from None
        options.setdefault("seats", min(6, info.seats[1]))  # six, where the game seats six
        try:
            return cls(rules=rules, **options)
        except TypeError as error:  # pragma: no cover - unknown keys are refused above
            raise ConfigError(str(error)) from None
