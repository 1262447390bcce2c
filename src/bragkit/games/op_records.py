"""Operation records made without their keyword ``__init__``: a points game logs a dozen or
more a deal, and a frozen dataclass's ``__init__`` sets each field through
``object.__setattr__`` (about twice the cost of setting its slot).

>>> from bragkit.games.points_game import CardsDealt
>>> dealt = positional(CardsDealt)
>>> dealt(1, "Ann", (0, 1)) == CardsDealt(deal=1, player="Ann", cards=(0, 1))
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["positional"]

T = TypeVar("T")


def positional(cls: type[T]) -> Callable[..., T]:
    """A maker of ``cls`` (a frozen, slotted dataclass of two to five fields, none set in a
    ``__post_init__``) from each field's value in the order declared, setting the slots
    directly. It checks nothing: for records an engine makes from values it has checked.

    >>> from bragkit.games.points_game import DealEnded
    >>> positional(DealEnded)(1, (("Ann", 3),))
    DealEnded(deal=1, scores=(('Ann', 3),))
    >>> positional(int)
    Traceback (most recent call last):
    ...
    TypeError: int is not a slotted dataclass of two to five fields without __post_init__
    """
    names = [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else []
    slots = {slot for klass in cls.__mro__ for slot in klass.__dict__.get("__slots__", ())}
    if not 2 <= len(names) <= 5 or hasattr(cls, "__post_init__") or set(names) != slots:
        raise TypeError(f"{cls.__name__} is not a slotted dataclass of two to five fields "
                        "without __post_init__")
    new = object.__new__
    s0, s1, *more = (getattr(cls, name).__set__ for name in names)

    def make2(a: Any, b: Any) -> T:
        record: T = new(cls)
        s0(record, a)
        s1(record, b)
        return record

    if not more:
        return make2
    s2, *more = more

    def make3(a: Any, b: Any, c: Any) -> T:
        record: T = new(cls)
        s0(record, a)
        s1(record, b)
        s2(record, c)
        return record

    if not more:
        return make3
    s3, *more = more

    def make4(a: Any, b: Any, c: Any, d: Any) -> T:
        record: T = new(cls)
        s0(record, a)
        s1(record, b)
        s2(record, c)
        s3(record, d)
        return record

    if not more:
        return make4
    (s4,) = more

    def make5(a: Any, b: Any, c: Any, d: Any, e: Any) -> T:
        record: T = new(cls)
        s0(record, a)
        s1(record, b)
        s2(record, c)
        s3(record, d)
        s4(record, e)
        return record

    return make5
