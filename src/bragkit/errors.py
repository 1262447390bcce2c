"""The typed errors of bragkit.

Every error is a :class:`BragError`, which is a :class:`ValueError`, so callers who only care that
input was bad can catch ``ValueError``.

>>> issubclass(IllegalActionError, ValueError)
True
>>> str(IllegalActionError("Chris cannot see a blind player", rule="BL4"))
'Chris cannot see a blind player (rule BL4)'
"""

from __future__ import annotations


class BragError(ValueError):
    """The base of every bragkit error."""


class InvalidCardError(BragError):
    """Text that is not a card, or a pack with a duplicate or missing card."""


class InvalidActionError(BragError):
    """Text that cannot be parsed as an action."""


class IllegalActionError(BragError):
    """An action that breaks a rule; ``rule`` is the RULES.md id it breaks."""

    def __init__(self, message: str, *, rule: str) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} (rule {rule})")


class RulesError(BragError):
    """A house-rule combination that makes no sense."""


class NotationError(BragError):
    """A game record (``.bhh`` or another documented format) that cannot be read."""


class ConcurrentUseError(BragError):
    """A game, deal, table or session changed by two threads at once: one ``apply`` was still
    running when another began. Each of these objects has one owner at a time (README's API
    section): share one between threads only behind a lock of your own. The ``apply`` in
    progress completes; the one refused changes nothing."""
