"""A web table played as a sit-and-go (rule T4): :class:`SitAndGoSetting`, the host's setting,
and what the table shows of it.

A host opens a table with a ``sit_and_go`` setting (:class:`~bragkit.web.config.TableConfig`):
how many deals each level lasts (``ante_every``) and how the ante rises (``ante_rise``, or a
``schedule`` of levels). Every player brings the table's buy-in (equal stacks); the first level's
ante is the one the table's rules set (the ante, D2; the boot, TP2; the big blind, P1; the
dealer's least stake, S2). Once the host starts, the seats are fixed: no one sits down, leaves,
sits out or tops up (M1 off) until it ends; the table's deals are driven by a
:class:`~bragkit.sit_and_go.SitAndGo`. A player out of chips leaves their seat with their place;
when one player holds every chip the table closes, and its finishing order is its result (the
players' history and, at a rated table, the order OpenSkill rates).

>>> setting = SitAndGoSetting.from_data({"ante_every": 5, "ante_rise": 1.5})
>>> setting.to_dict(), setting.rules_for(players=4, stack=200, ante=2).levels(4)
({'ante_every': 5, 'ante_rise': 1.5}, (2, 3, 4, 6))
>>> SitAndGoSetting.from_data({"schedule": [1, 2, 4], "ante_every": 3}).rules_for(
...     players=2, stack=50, ante=1).ante_of(7)
4
>>> SitAndGoSetting.from_data({"ante_every": 0})
Traceback (most recent call last):
...
bragkit.errors.RulesError: ante_every must be a whole number from 1 to 1000
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from bragkit.errors import RulesError
from bragkit.sit_and_go import MAX_LEVELS, SitAndGo, SitAndGoRules

if TYPE_CHECKING:
    from bragkit.games.registry import GameInfo

__all__ = ["SitAndGoSetting", "finishing", "ordinal", "sit_and_go_state"]

_KEYS: Final = frozenset({"ante_every", "ante_rise", "schedule"})


@dataclass(frozen=True, kw_only=True, slots=True)
class SitAndGoSetting:
    """A table's sit-and-go setting: a level lasts ``ante_every`` deals; the ante then rises
    ``ante_rise`` times (at least a chip), or through ``schedule`` (the antes of the levels
    from the first; empty: by the factor)."""

    ante_every: int = 10
    ante_rise: float = 2.0
    schedule: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.ante_every) is not int or not 1 <= self.ante_every <= 1000:
            raise RulesError("ante_every must be a whole number from 1 to 1000")
        if type(self.ante_rise) not in (int, float) or not 1 < self.ante_rise <= 100:
            raise RulesError("ante_rise must be a number above 1, at most 100")
        schedule = self.schedule
        if not isinstance(schedule, (tuple, list)) or len(schedule) > MAX_LEVELS or any(
                type(a) is not int or a < 1 for a in schedule):
            raise RulesError(f"schedule must be at most {MAX_LEVELS} antes, whole numbers "
                             "from 1")
        object.__setattr__(self, "schedule", tuple(schedule))
        object.__setattr__(self, "ante_rise", float(self.ante_rise))

    @classmethod
    def from_data(cls, data: Any) -> SitAndGoSetting:
        """The setting from JSON data (an object; ``true``: the defaults)."""
        if data is True:
            return cls()
        if not isinstance(data, Mapping):
            raise RulesError("sit_and_go must be true or an object (ante_every, ante_rise, "
                             "schedule)")
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise RulesError(f"unknown sit_and_go setting {unknown[0]!r}")
        given: dict[str, Any] = {k: (tuple(v) if k == "schedule" and isinstance(v, list)
                                     else v) for k, v in data.items()}
        return cls(**given)

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data (the schedule only when given)."""
        out: dict[str, Any] = {"ante_every": self.ante_every}
        if self.schedule:
            out["schedule"] = list(self.schedule)
        else:
            out["ante_rise"] = self.ante_rise
        return out

    def rules_for(self, *, players: int, stack: int, ante: int) -> SitAndGoRules:
        """The sit-and-go of ``players`` with ``stack`` each, the first level's ante
        ``ante`` (the table's rules'; a schedule names its own)."""
        return SitAndGoRules(players=players, stack=stack, ante_start=ante,
                             ante_every=self.ante_every, ante_rise=self.ante_rise,
                             schedule=self.schedule)

    def check(self, info: GameInfo, rules: Any, stack: int) -> None:
        """Refuse (:class:`RulesError`) a game that is not played as a sit-and-go, or a first
        ante above the buy-in."""
        ante = info.ante
        if info.unit != "chips" or ante is None:
            raise RulesError(f"{info.title} is not played as a sit-and-go: it has no stake "
                             "every deal forces in chips (rule T4)")
        self.rules_for(players=2, stack=stack, ante=ante.of(rules))

    def start(self, info: GameInfo, hook: Any, *, rules: Any, seats: list[str],
              stack: int) -> SitAndGo:
        """The :class:`SitAndGo` of these seats, driving the session of ``hook``."""
        ante = info.ante
        assert ante is not None
        return SitAndGo(info, hook, house_rules=rules, seats=seats, rules=self.rules_for(
            players=len(seats), stack=stack, ante=ante.of(rules)))


def ordinal(place: int) -> str:
    """A place in words: 1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        place % 10, "th")
    return f"{place}{suffix}"


def sit_and_go_state(sng: SitAndGo | None, setting: SitAndGoSetting | None,
                     ) -> dict[str, Any] | None:
    """What a state shows of a sit-and-go: the level, its ante and the game's word for it, the
    ante the deal took, the next rise (in how many deals, to what), and the places so far
    (each player's once it is over); None at a table that is not one."""
    if setting is None:
        return None
    if sng is None:
        return {"ante_every": setting.ante_every, "started": False, "over": False,
                "places": []}
    left, after = sng.next_rise
    return {"ante_every": setting.ante_every, "started": True, "over": sng.over,
            "level": sng.level, "ante": sng.ante, "ante_name": sng.ante_name,
            "deal_ante": sng.deal_ante, "next_rise": {"deals": left, "ante": after},
            "places": [{"place": p.place, "name": p.player, "deal": p.deal, "chips": p.chips}
                       for p in sng.places]}


def finishing(sng: SitAndGo | None) -> dict[str, int] | None:
    """Each player's place as it stands, best 1 (None: not a sit-and-go, or not started):
    the result once it is over; a table closed before the end ranks those still in by their
    chips (T4 [decision])."""
    if sng is None:
        return None
    return {p.player: p.place for p in sng.standings()}
