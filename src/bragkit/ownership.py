"""One owner at a time: :class:`Guard`, the cheap check that makes two threads changing one
game, deal, table or session at once fail loudly with
:class:`~bragkit.errors.ConcurrentUseError` instead of corrupting it.

bragkit's objects are not thread-safe (like python-chess's boards): each has one owner at a
time. A guard is no lock — nothing waits — it only notices a second change begun while one is
in progress, from another thread or from a callback re-entering the object. Taking the one
token of a list is atomic in CPython, so two threads can never both hold it.

>>> guard = Guard("the deal")
>>> with guard:
...     with guard:
...         pass
Traceback (most recent call last):
...
bragkit.errors.ConcurrentUseError: the deal is being changed by another apply in progress: \
use it from one thread at a time (one owner at a time)
>>> with guard:  # the refused change left the guard free again
...     pass
"""

from __future__ import annotations

from types import TracebackType
from typing import Final

from bragkit.errors import ConcurrentUseError

__all__ = ["Guard", "concurrent"]


def concurrent(what: str) -> ConcurrentUseError:
    """The error of a change to ``what`` begun while another is in progress."""
    return ConcurrentUseError(f"{what} is being changed by another apply in progress: use it "
                              "from one thread at a time (one owner at a time)")


class Guard:
    """A context manager around every change of one object (see the module docstring);
    ``what`` names the object in the error. A copy of a guard is a fresh, free guard."""

    __slots__ = ("_token", "what")

    def __init__(self, what: str) -> None:
        self.what: Final = what
        self._token = [None]

    def __enter__(self) -> None:
        try:
            self._token.pop()  # atomic: only one thread can take the one token
        except IndexError:
            raise concurrent(self.what) from None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._token.append(None)

    def __copy__(self) -> Guard:
        return Guard(self.what)

    def __deepcopy__(self, memo: object) -> Guard:
        return Guard(self.what)

    def __reduce__(self) -> tuple[type[Guard], tuple[str]]:
        return (Guard, (self.what,))
