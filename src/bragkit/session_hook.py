"""What every session hook has of :class:`~bragkit.session.Dealing` beyond setting up deals,
with defaults: :class:`DealingBase`, the base of every game's hook (the three-card family's
:class:`~bragkit.games.three_card.dealing.ThreeCardDealing`, and through
:class:`~bragkit.session.SeededDealing` the stake and points games'). A table reads these
between deals — a carried pot (BL3), a kept blind hand (R1), whether the next deal is shuffled
and the commitment to its shuffle (D4), what the hook keeps of each finished deal — the same
way for every game.
"""

from __future__ import annotations

from typing import Any

from bragkit.errors import RulesError
from bragkit.fairness import FairnessProof, ShuffleCommitment
from bragkit.games.protocol import Result

__all__ = ["DealingBase"]


class DealingBase:
    """What every session hook has of :class:`Dealing` beyond setting up deals, with the
    defaults of a game that carries nothing over but the money: no dealer's choice (T2), no
    carried pot (BL3), no kept hand (R1), every deal freshly shuffled (D4) with no fairness
    commitment, and no records of its own. A hook overrides what its game has.

    >>> hook = DealingBase()
    >>> hook.carried_pot, hook.retained, hook.shuffle_due, hook.commitment, hook.was_shuffled(3)
    (0, None, True, None, True)
    >>> hook.result_of(1), hook.record_of(1), hook.proof_of(1)
    (None, None, None)
    >>> hook.restake(None)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: this game's stakes do not change between deals
    """

    def restake(self, rules: Any) -> None:
        """Between deals, play the next deals under ``rules``: the table's own with the stake
        every deal forces changed (a sit-and-go's rising ante: :mod:`bragkit.sit_and_go`;
        :attr:`GameInfo.ante <bragkit.games.registry.GameInfo.ante>` makes them). A
        :class:`RulesError` where the game's stakes do not change, or ``rules`` change more."""
        raise RulesError("this game's stakes do not change between deals")

    @property
    def dealers_choice(self) -> bool:
        """Whether dealers may name the game once the choice opens (T2): no."""
        return False

    @property
    def carried_pot(self) -> int:
        """The chips carried forward to the next deal (BL3): none."""
        return 0

    @property
    def retained(self) -> str | None:
        """Who keeps a blind hand for the next deal (R1): nobody."""
        return None

    @property
    def shuffle_due(self) -> bool:
        """Whether the next deal is dealt from a fresh shuffle (D4): always."""
        return True

    @property
    def commitment(self) -> ShuffleCommitment | None:
        """The published commitment of the next shuffle: none."""
        return None

    def was_shuffled(self, number: int) -> bool:
        """Whether deal ``number`` was dealt from a fresh shuffle (D4): always."""
        return True

    def result_of(self, number: int) -> Result | None:
        """The hook keeps no results: the deal's end event says it all."""
        return None

    def record_of(self, number: int) -> Any:
        """The hook keeps no records: the finished game is its own."""
        return None

    def proof_of(self, number: int) -> FairnessProof | None:
        """No shuffle is committed to: no proof."""
        return None
