"""The ``[rules]`` table of a game record, for the games whose rules are one frozen dataclass.

Nine Card Brag, Crash, historic Brag and 3 Card Brag Poker each keep their house rules in a
frozen keyword-only dataclass whose every option has a default. A record writes only the
options that differ from the defaults (:func:`changed_options`) and reads a table back, refusing
a key that is no option (:func:`known_options`); each game adds what its own options need
(a list read as a tuple, ``false`` for "no cap").

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Toy:
...     target: int = 21
...     points: tuple[int, ...] = (3, 2, 1)
>>> changed_options(Toy(points=(2, 1)))
{'points': [2, 1]}
>>> known_options(Toy, {"target": 5})
{'target': 5}
>>> known_options(Toy, {"target": 5, "ante": 1, "limit": 2}, what="toy rule(s)")
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown toy rule(s): ante, limit
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from bragkit.errors import RulesError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["changed_options", "known_options"]


def changed_options(rules: DataclassInstance) -> dict[str, Any]:
    """The options of ``rules`` that differ from the defaults, in field order, tuples as lists
    (a record's ``[rules]`` table)."""
    default = type(rules)()
    out: dict[str, Any] = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        if value != getattr(default, f.name):
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def known_options(cls: type[DataclassInstance], table: Mapping[str, Any], *,
                  what: str = "rule option(s)") -> dict[str, Any]:
    """A copy of a ``[rules]`` table; :class:`RulesError` naming the keys that are no option of
    ``cls`` (``what`` says what they are called)."""
    unknown = sorted(set(table) - {f.name for f in fields(cls)})
    if unknown:
        raise RulesError(f"unknown {what}: {', '.join(unknown)}")
    return dict(table)
