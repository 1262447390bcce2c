"""The house options of a game's rules, read from the rules class itself: :func:`options`.

Each rules dataclass of the registry (:class:`bragkit.games.three_card.Rules`, and each game's own)
marks
its options with ``dataclasses.field(metadata=...)``: the rule id the option belongs to, a
one-line meaning, and the values it allows (``choices``, or ``min``/``max`` for a number;
``cards`` for a list of cards, ``list`` for a list of numbers). Front ends build their forms
from here, never from a list written again.

>>> from bragkit.games.crash import CrashRules
>>> [o.name for o in options(CrashRules)][:3]
['target', 'min_category', 'aces_high']
>>> target = options(CrashRules)[0]
>>> target.rule, target.kind, target.default, target.least, target.most > 10**6
('C6', 'int', 15, 1, True)
>>> options(CrashRules)[1].to_dict()["choices"]
['high-card', 'pair', 'flush']
>>> options(int)
Traceback (most recent call last):
...
bragkit.errors.RulesError: int is not a rules dataclass
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bragkit.errors import RulesError

__all__ = ["Option", "options"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Option:
    """One house option: its ``name`` (the rules field), ``rule`` id, one-line ``meaning``, its
    ``kind`` (``bool``, ``int``, ``choice``, ``cards`` or ``ints``), ``default``, and what it
    allows: ``choices``, or ``least``..``most`` for numbers; ``optional`` when it may be left
    empty (None: no limit)."""

    name: str
    rule: str
    meaning: str
    kind: str
    default: Any
    choices: tuple[Any, ...] | None = None
    least: int | None = None
    most: int | None = None
    optional: bool = False

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data (tuples as lists).

        >>> from bragkit.games.three_card.rules import Rules
        >>> options(Rules)[0].to_dict()      # doctest: +NORMALIZE_WHITESPACE
        {'name': 'ante', 'rule': 'D2', 'meaning': "each player's ante before a deal",
         'kind': 'int', 'default': 1, 'choices': None, 'min': 0, 'max': 1000000000000,
         'optional': False}
        """
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        return {"name": self.name, "rule": self.rule, "meaning": self.meaning,
                "kind": self.kind, "default": default,
                "choices": None if self.choices is None else list(self.choices),
                "min": self.least, "max": self.most, "optional": self.optional}


def _kind(meta: dict[str, Any], default: Any) -> str:
    if "choices" in meta:
        return "choice"
    if meta.get("cards"):
        return "cards"
    if meta.get("list"):
        return "ints"
    if isinstance(default, bool):
        return "bool"
    return "int"


_FOUND: dict[type[Any], tuple[Option, ...]] = {}


def options(rules_cls: type[Any]) -> tuple[Option, ...]:
    """The options of ``rules_cls``, in field order: each field that carries a ``rule`` in its
    metadata (fields without one are not house options)."""
    known = _FOUND.get(rules_cls) if isinstance(rules_cls, type) else None
    if known is not None:
        return known
    if not dataclasses.is_dataclass(rules_cls) or not isinstance(rules_cls, type):
        raise RulesError(f"{getattr(rules_cls, '__name__', rules_cls)} is not a rules dataclass")
    found = []
    for f in dataclasses.fields(rules_cls):
        meta = dict(f.metadata)
        if not f.init or "rule" not in meta:
            continue
        default = f.default
        choices = meta.get("choices")
        found.append(Option(
            name=f.name, rule=meta["rule"], meaning=meta.get("meaning", ""),
            kind=_kind(meta, default), default=default,
            choices=None if choices is None else tuple(choices),
            least=meta.get("min"), most=meta.get("max"),
            optional=default is None or "None" in str(f.type)))
    _FOUND[rules_cls] = tuple(found)
    return _FOUND[rules_cls]
