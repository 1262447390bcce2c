"""An agreed showdown at a web table: :class:`Agreement` collects the players' consent.

The engine knows a showdown as one action with no player (rule B8: with three or more still
betting, they may all agree to show). At a table each of them says so in turn; once every
player still betting has agreed, the room applies the showdown. Any other action in between
starts the collection again.

>>> agreement = Agreement()
>>> agreement.agree("Ann", betting=("Ann", "Bob", "Cy"))
'Ann agrees to a showdown (1 of 3)'
>>> "Ann" in agreement, agreement.complete(("Ann", "Bob", "Cy"))
(True, False)
>>> for name in ("Bob", "Cy"):
...     _ = agreement.agree(name, betting=("Ann", "Bob", "Cy"))
>>> agreement.complete(("Ann", "Bob", "Cy"))
True
>>> agreement.clear(); bool(agreement)
False
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Agreement"]


class Agreement:
    """The players who agreed to a showdown so far, in the order they did."""

    def __init__(self) -> None:
        self._agreed: list[str] = []

    def __contains__(self, name: object) -> bool:
        return name in self._agreed

    def __bool__(self) -> bool:
        return bool(self._agreed)

    @property
    def agreed(self) -> tuple[str, ...]:
        """Who agreed, in order."""
        return tuple(self._agreed)

    def agree(self, player: str, *, betting: Sequence[str]) -> str:
        """``player`` agrees; returns the line for the log (how many of those ``betting``)."""
        self._agreed.append(player)
        return f"{player} agrees to a showdown ({len(self._agreed)} of {len(betting)})"

    def complete(self, betting: Sequence[str]) -> bool:
        """Whether every player still ``betting`` agreed (rule B8)."""
        return set(betting) <= set(self._agreed)

    def clear(self) -> None:
        """Start again (an action was made, or the showdown happened)."""
        self._agreed = []
