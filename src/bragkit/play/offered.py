"""Which of the table screen's own keys do something: :class:`OfferedKeys`, a mixin of
:class:`~bragkit.play.game_screen.GameScreen`.

Only the keys of the game and the moment at hand are shown in the footer and bound (Textual's
``check_action``): ``g`` and ``]``/``[`` where the engine has a suggestion now (N3, C2), the
card keys (digits, arrows, space, ``u``, Enter) while a move names cards picked from the hand
(F1, P3, N4), ``m`` where sets are made of them (C2, N3), ``n`` after a deal, ``h`` where the
game gives odds, ``e`` where its trainer speaks (heads-up), ``w`` once a deal is finished,
``W`` between deals, ``R`` after an error that cites a rule. The help's keys tab lists the
moves of the moment and the keys of the game (:meth:`OfferedKeys.game_keys`): those the game
ever offers.

>>> sorted(PICKING)
['cards', 'confirm']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Protocol

from bragkit.play.controls import Control, Picker
from bragkit.play.help_screen import cited_rule, keys_of

if TYPE_CHECKING:
    from bragkit.play.game_table import GameTable

__all__ = ["PICKING", "OfferedKeys"]

#: The actions of the keys that pick cards (digits aside): ``u``, arrows, space, Enter.
PICKING: Final = frozenset({"cards", "confirm"})


class _Host(Protocol):
    """What the mixin needs of its screen."""

    table: GameTable
    help_game: str
    help_error: str
    picker: Picker
    _now: list[Control]

    def _picking(self) -> bool: ...
    def _offers_now(self, action: str) -> bool: ...
    def _offers_ever(self, action: str) -> bool: ...


class OfferedKeys:
    """``check_action`` and the help's keys (see the module docstring); the screen keeps
    ``_now``, the controls of the moment (drawn at each redraw), and its ``picker``."""

    _now: list[Control]
    picker: Picker

    def _picking(self: _Host) -> bool:
        """Whether a move of the moment names cards picked from the hand, and there are cards
        to pick (a blind hand's are none: BL6)."""
        return bool(self.picker.hand) and any(c.kind in ("cards", "sets") for c in self._now)

    def _offers_now(self: _Host, action: str) -> bool:
        table = self.table
        advice = table.advice
        tests: dict[str, Callable[[], bool]] = {
            "suggest": lambda: advice.can_suggest,
            "cycle": lambda: self._picking() and any(
                c.kind in ("cards", "sets") and c.options[0].choices is not None
                for c in self._now),
            "make_set": lambda: self._picking() and advice.offers("sets"),
            "cards": self._picking, "confirm": self._picking,
            "type": lambda: table.my_turn,
            "next": lambda: table.deal_over,
            "hint": lambda: advice.offers("odds"),
            "trainer": lambda: advice.trainer_applies,
            "save": table.records.can_save,
            "save_session": table.records.can_save_session,
            "show_rule": lambda: cited_rule(self.help_error) is not None,
        }
        test = tests.get(action)
        return test is None or test()

    def _offers_ever(self: _Host, action: str) -> bool:
        advice = self.table.advice
        ever = {"suggest": advice.offers("suggestion"), "cycle": advice.offers("suggestion"),
                "make_set": advice.offers("sets"), "hint": advice.offers("odds"),
                "trainer": advice.trainer_applies,
                "cards": advice.offers("pick") or advice.offers("sets"),
                "confirm": advice.offers("pick") or advice.offers("sets")}
        return ever.get(action, True)

    def check_action(self: _Host, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Textual's question: whether ``action``'s key is shown and works now."""
        return self._offers_now(action)

    def game_keys(self: _Host) -> tuple[tuple[str, str], ...]:
        """The keys of this game (never another game's), and the digits where it picks."""
        keys = keys_of(self, keep=self._offers_ever)
        if self._offers_ever("cards"):
            keys = (("1–9, 0", "pick the card at that place"), *keys)
        return keys

    def help_keys(self: _Host) -> tuple[tuple[str, str], ...]:
        """The keys the help lists: the moves offered now (``f fold``, ``b bet 1..10``: the
        keys line's, which a person opening the help to learn the keys looks for first), then
        this game's own (:meth:`game_keys`)."""
        moves = tuple((c.key, c.label) for c in self._now)
        taken = {key for key, _ in moves}
        return (*moves, *(k for k in OfferedKeys.game_keys(self) if k[0] not in taken))
