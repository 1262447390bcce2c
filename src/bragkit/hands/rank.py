"""The value of a hand: :class:`HandRank`, totally ordered within one ordering (rules H2–H8, W3).

A hand's strength is one integer, :attr:`HandRank.value`: the base strength of its class (its
place among the classes of the ordering, see :mod:`bragkit.hands.orderings`) times
:data:`WILD_SLOTS`, plus ``WILD_SLOTS - 1 - wilds``. So between hands otherwise equal, the hand
with no wild card beats one with wild cards, and fewer beat more (rule W3), while any better class
beats any worse one whatever the wild cards.

>>> from bragkit.hands import evaluate
>>> evaluate("Qh Qs 4d")
HandRank('pair of queens, 4 kicker', ordering='standard')
>>> str(evaluate("3c 2c Ac"))
'running flush, 3-2-A'
>>> evaluate("7s 7h Qc") == evaluate("7c 7d Qd")  # rule H8
True
>>> evaluate("Ks Kd Jk") > evaluate("Kc Jk Jk") > evaluate("Qc Qd Qh")  # rule W3
True
>>> evaluate("Kc Jk Jk").wilds, str(evaluate("Kc Jk Jk"))
(2, 'prial of kings (2 wilds)')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bragkit.errors import RulesError
from bragkit.hands.categories import Category, Ordering

__all__ = ["WILD_SLOTS", "HandRank"]

#: Room in :attr:`HandRank.value` for the wild-card tie-break (0 to 4 wild cards, rule W3).
WILD_SLOTS = 8


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class HandRank:
    """How strong a hand is; compare with ``<``, ``==`` … within one ordering.

    Hands of different orderings do not compare (``<`` and the like raise
    :class:`~bragkit.errors.RulesError`; ``==`` is simply false): a Nine Card Brag set and a
    Three Card Brag hand are not measured on one scale.

    >>> from bragkit.hands import evaluate
    >>> evaluate("As Ah Ad") < evaluate("3s 3h 3d")  # rule H3
    True
    >>> evaluate("As Ah Ad", ordering="nine-card") > evaluate("3s 3h 3d", ordering="nine-card")
    True
    >>> evaluate("As Ah Ad") < evaluate("3s 3h 3d", ordering="nine-card")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: cannot compare a standard hand with a nine-card hand
    """

    value: int
    """The strength: higher is better; comparable within one ordering."""
    ordering: Ordering
    category: Category
    wilds: int = 0
    """How many wild cards the hand holds (rule W3: fewer beat more when otherwise equal)."""
    ranks: tuple[int, ...] = field(default=())
    """The made hand's ranks as read (``(3, 2, 14)`` for 3-2-A), wild cards as what they are."""
    description: str = ""
    """The hand in words, without the wild-card note."""

    @property
    def base(self) -> int:
        """The strength of the hand's class, wild cards disregarded."""
        return self.value // WILD_SLOTS

    def _check(self, other: HandRank) -> None:
        if other.ordering is not self.ordering:
            raise RulesError(
                f"cannot compare a {self.ordering.value} hand with a {other.ordering.value} hand"
            )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.value == other.value and self.ordering is other.ordering

    def __hash__(self) -> int:
        return hash((self.value, self.ordering.value))

    def __lt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        self._check(other)
        return self.value < other.value

    def __le__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        self._check(other)
        return self.value <= other.value

    def __gt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        self._check(other)
        return self.value > other.value

    def __ge__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        self._check(other)
        return self.value >= other.value

    def __str__(self) -> str:
        if not self.wilds:
            return self.description
        return f"{self.description} ({self.wilds} wild{'s' if self.wilds > 1 else ''})"

    def __repr__(self) -> str:
        return f"HandRank({str(self)!r}, ordering={self.ordering.value!r})"
