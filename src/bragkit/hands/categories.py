"""Hand categories and the orderings that rank them (rules H2, H10, N3, C3, S3).

A :class:`Category` is the kind of a hand, higher is better (rule H2). An :class:`Ordering` is a
rule of the game (rule H10): the same three cards can rank differently in Three Card Brag, Nine
Card Brag, Teen Patti, historic Brag or Crash.

>>> Category.PRIAL > Category.RUNNING_FLUSH > Category.RUN > Category.FLUSH
True
>>> Ordering("nine-card") is Ordering.NINE_CARD
True
>>> Ordering.parse("Teen Patti")
<Ordering.TEEN_PATTI: 'teen-patti'>
>>> Ordering.CRASH.allows_four_of_a_kind, Ordering.STANDARD.allows_four_of_a_kind
(True, False)
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from bragkit.errors import RulesError

__all__ = ["Category", "Ordering"]


class Category(IntEnum):
    """The kind of a hand; higher is better (rules H2, C3)."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    RUN = 3
    RUNNING_FLUSH = 4
    PRIAL = 5
    FOUR_OF_A_KIND = 6

    @property
    def label(self) -> str:
        """The Brag name: ``"running flush"``, ``"prial"`` …

        >>> Category.RUNNING_FLUSH.label
        'running flush'
        """
        return self.name.lower().replace("_", " ")


class Ordering(StrEnum):
    """How three-card hands rank: a rule of the game (rule H10).

    ``STANDARD``
        Three Card Brag (H2–H8): 3-3-3 is the top prial, A-2-3 the top run.
    ``NINE_CARD``
        Nine Card Brag (N3): prials aces high, A-K-Q the top run, A-2-3 the lowest.
    ``TEEN_PATTI``
        Teen Patti (H10): trail A-A-A best, A-K-Q the top sequence, A-2-3 the second.
    ``HISTORIC``
        The old games book (S3): only pair royal (aces high), pair and high card count.
    ``CRASH``
        Crash (C3): four of a kind above everything (4-4-4-4 best, then A-A-A-A, K-K-K-K … 2-2-2-2,
        3-3-3-3 in its ordinary place), then the standard order.
    ``CRASH_ACES_HIGH``
        Crash with the house option of C3 [decision]: prials aces high (A-A-A best, 3-3-3 in its
        ordinary place); four of a kind unchanged (4-4-4-4 still best, as the Crash source that
        describes aces-high prials has it); runs as standard (A-2-3 best).
    """

    STANDARD = "standard"
    NINE_CARD = "nine-card"
    TEEN_PATTI = "teen-patti"
    HISTORIC = "historic"
    CRASH = "crash"
    CRASH_ACES_HIGH = "crash-aces-high"

    # Equal to its string, so hashed as its string (Enum's own hash is by name, in Python code):
    # ``Ordering.STANDARD`` and ``"standard"`` find the same entry in a dict, at C speed.
    __hash__ = str.__hash__

    @classmethod
    def parse(cls, text: str | Ordering) -> Ordering:
        """An ordering from its name; case, spaces and underscores are forgiven.

        >>> Ordering.parse("CRASH_ACES_HIGH")
        <Ordering.CRASH_ACES_HIGH: 'crash-aces-high'>
        >>> Ordering.parse("poker")
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: unknown ordering 'poker' (known: standard, nine-card, \
teen-patti, historic, crash, crash-aces-high)
        """
        if isinstance(text, Ordering):
            return text
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        try:
            return cls(key)
        except ValueError:
            known = ", ".join(o.value for o in cls)
            raise RulesError(f"unknown ordering {text!r} (known: {known})") from None

    @property
    def allows_four_of_a_kind(self) -> bool:
        """Whether a four of a kind may stand as a hand of four (rules C2, C3)."""
        return self in (Ordering.CRASH, Ordering.CRASH_ACES_HIGH)
