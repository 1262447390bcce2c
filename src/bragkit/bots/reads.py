"""Reading opponents: how likely each hand is, given how they have bet (Bayes' rule).

A bet says nothing about a blind player's cards (they have not seen them, BL1, BL6); an open
bet does: a player who looked and still pays the stake probably holds something, and the more
often they pay, the more they hold (the stake only grows, B3). :class:`Reads` keeps, for every
opponent, a :class:`Profile`: the least strength they seem to bet with, raise with and see
with, learnt from the hands they showed (D8) and blended with a prior. The weight of a possible
hand of strength quantile ``q`` (the share of hands it beats) is the product, over the
opponent's open bets, of the chance they would have made that bet holding it:

    L(q) = floor + (1 - floor) * sigmoid((q - threshold) / width)

>>> import numpy as np
>>> reads = Reads()
>>> q = np.array([0.1, 0.5, 0.9])
>>> w = reads.profile("Bob").weights(q, bets=[(1, False)])
>>> bool(w[0] < w[1] < w[2])
True
>>> reads.profile("Bob").weights(q, bets=[]).tolist()     # no open bet: no information
[1.0, 1.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

__all__ = ["Profile", "Reads"]

FloatArray = npt.NDArray[np.float64]

_WIDTH = 0.04  # how sharp a threshold is
_FLOOR = 0.04  # the chance of a bet with any hand at all (bluffs, random play)
_PRIOR_WEIGHT = 6.0  # how many shown hands the prior is worth


def _sigmoid(x: FloatArray) -> FloatArray:
    result: FloatArray = 1.0 / (1.0 + np.exp(-x))
    return result


def _low_quantile(samples: Sequence[float], prior: float, share: float = 0.15) -> float:
    """A low quantile of the samples, blended with the prior by how many there are."""
    if not samples:
        return prior
    seen = float(np.quantile(np.asarray(samples), share))
    weight = len(samples) / (len(samples) + _PRIOR_WEIGHT)
    return weight * seen + (1 - weight) * prior


@dataclass(slots=True)
class Profile:
    """What is known of one opponent's betting (strengths as quantiles, 0..1).

    ``opens`` holds, for each hand they showed after open bets, its strength less ``step`` for
    every bet after the first (so each is an upper bound on their first-bet threshold);
    ``raises`` and ``sees`` the strengths they raised and saw with. ``blind_stays`` /
    ``blind_chances`` count how often, while blind, they stayed in against an open bet.
    """

    opens: list[float] = field(default_factory=list)
    raises: list[float] = field(default_factory=list)
    sees: list[float] = field(default_factory=list)
    blind_stays: int = 0
    blind_chances: int = 0
    step: float = 0.05

    @property
    def open_threshold(self) -> float:
        """The least strength they seem to make a first open bet with."""
        return min(0.9, max(0.0, _low_quantile(self.opens, 0.45)))

    @property
    def raise_threshold(self) -> float:
        """The least strength they seem to raise with."""
        return min(0.97, max(self.open_threshold, _low_quantile(self.raises, 0.8)))

    @property
    def see_threshold(self) -> float:
        """The least strength they seem to see with (B6)."""
        return min(0.97, max(0.0, _low_quantile(self.sees, 0.6)))

    @property
    def blind_stay_rate(self) -> float:
        """How often a blind opponent stays in (prior 0.6)."""
        return (self.blind_stays + 3.0) / (self.blind_chances + 5.0)

    def threshold(self, index: int, raised: bool) -> float:
        """The least strength for their ``index``-th open bet (1 first), a raise or not."""
        base = min(0.97, self.open_threshold + self.step * (index - 1))
        return max(base, self.raise_threshold) if raised else base

    def weights(self, quantiles: FloatArray, *, bets: Sequence[tuple[int, bool]]) -> FloatArray:
        """The likelihood of their open bets ``(index, raised)`` for each hand strength."""
        weight = np.ones_like(quantiles, dtype=np.float64)
        for index, raised in bets:
            weight *= self.stay_chance(quantiles, index=index, raised=raised)
        return weight

    def stay_chance(self, quantiles: FloatArray, *, index: int, raised: bool = False
                    ) -> FloatArray:
        """The chance they make their ``index``-th open bet holding each strength."""
        threshold = self.threshold(index, raised)
        return _FLOOR + (1 - _FLOOR) * _sigmoid((quantiles - threshold) / _WIDTH)

    def stay_after(self, quantiles: FloatArray, *, index: int) -> FloatArray:
        """The chance they make their ``index``-th open bet given they made the one before
        (the thresholds are nested: a hand that stayed in mostly stays in)."""
        chance = self.stay_chance(quantiles, index=index)
        if index <= 1:
            return chance
        result: FloatArray = np.minimum(1.0, chance / self.stay_chance(quantiles,
                                                                       index=index - 1))
        return result

    def learn_shown(self, quantile: float, *, open_bets: int, raised: bool, saw: bool) -> None:
        """A hand of this strength was shown after ``open_bets`` open bets (D8)."""
        if open_bets:
            self.opens.append(quantile - self.step * (open_bets - 1))
        if raised:
            self.raises.append(quantile)
        if saw:
            self.sees.append(quantile)


class Reads:
    """A :class:`Profile` for every opponent met, by name."""

    __slots__ = ("_profiles",)

    def __init__(self) -> None:
        self._profiles: dict[str, Profile] = {}

    def profile(self, name: str) -> Profile:
        """The profile of an opponent (a fresh one, all prior, if never met)."""
        found = self._profiles.get(name)
        if found is None:
            found = self._profiles[name] = Profile()
        return found
