"""The house rules a player may choose, each with its one-line meaning from RULES.md.

>>> OPTIONS["see_cost"].rule, OPTIONS["see_cost"].meaning
('B9', 'what seeing an open player costs: twice the stake (double) or the stake (single)')
>>> [o.name for o in OPTIONS.values() if o.kind == "bool"][:3]
['pot_limit', 'blind', 'lending']
>>> describe(Rules(max_bet=10, blind=False))[:2]
['max_bet = 10  (B1: the most any one bet may be, in open terms; none: no maximum)', \
'blind = false  (BL1: players may play without looking, betting at half price)']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from bragkit.games.three_card.rules import Rules

__all__ = ["GAMES", "OPTIONS", "RuleOption", "describe"]


@dataclass(frozen=True, kw_only=True, slots=True)
class RuleOption:
    """One option of :class:`~bragkit.games.three_card.Rules`: its kind, rule id, meaning,
    choices."""

    name: str
    kind: str  # "int", "optional-int", "bool", "choice", "cards"
    rule: str
    meaning: str
    choices: tuple[str, ...] = ()


def _o(name: str, kind: str, rule: str, meaning: str, *choices: str) -> RuleOption:
    return RuleOption(name=name, kind=kind, rule=rule, meaning=meaning, choices=choices)


#: Every option of the three-card family, in the order of RULES.md.
OPTIONS: Final[dict[str, RuleOption]] = {o.name: o for o in (
    _o("ante", "int", "D2", "what every player puts in the pot before each deal"),
    _o("min_bet", "int", "B1", "the least any one bet may be, in open terms"),
    _o("max_bet", "optional-int", "B1",
       "the most any one bet may be, in open terms; none: no maximum"),
    _o("raise_limit", "optional-int", "B1", "the most one bet may exceed the current stake"),
    _o("pot_limit", "bool", "B1", "no single bet may put in more than the pot holds"),
    _o("see_cost", "choice", "B9",
       "what seeing an open player costs: twice the stake (double) or the stake (single)",
       "double", "single"),
    _o("blind", "bool", "BL1", "players may play without looking, betting at half price"),
    _o("short_money", "choice", "M2",
       "a player who cannot meet the stake covers (all in, cards on the pot) or must fold",
       "cover", "fold"),
    _o("lending", "bool", "M4", "another player may lend a short player the shortfall"),
    _o("retained_blind", "choice", "R2",
       "a blind winner keeps the hand: two hands next deal, or a face-up second hand (R3)",
       "two-hands", "face-up"),
    _o("shuffle", "choice", "D4",
       "shuffle only after a hand seen and won by a prial, or before every deal",
       "prial-seen", "always"),
    _o("stock_face_up", "bool", "D9",
       "the rest of the pack lies face up: everyone sees its bottom card"),
    _o("wild", "cards", "W1", "wild cards: named cards (2c) or whole ranks (2), comma-separated"),
    _o("jokers", "int", "W1", "jokers added to the pack, always wild"),
    _o("cards", "choice", "F1", "cards dealt each: 3, or 4/5 with discards down to three",
       "3", "4", "5"),
    _o("ordering", "choice", "H10", "how hands rank: standard, Teen Patti, Nine Card, historic",
       "standard", "teen-patti", "nine-card", "historic"),
    _o("buy_in", "int", "M1", "the least a player must bring to sit down"),
)}

#: The games ``bragkit play`` offers: the three-card family by preset.
GAMES: Final[dict[str, str]] = {
    "three-card": "Three Card Brag (rules D, B, BL)",
    "four-card": "Four Card Brag: four cards, discard one (F1)",
    "five-card": "Five Card Brag: five cards, discard two (F3)",
    "teen-patti": "Teen Patti: trail, pure sequence, sequence (H10)",
}


def _text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(value) or "none"
    return str(value)


def describe(rules: Rules) -> list[str]:
    """The options that differ from the defaults, each with its rule and meaning."""
    lines = []
    for name, value in rules.to_dict().items():
        option = OPTIONS.get(name)
        if option is None:
            continue
        lines.append(f"{name} = {_text(value)}  ({option.rule}: {option.meaning})")
    return lines
