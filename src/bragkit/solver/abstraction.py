"""The abstraction the solver plays: heads-up Three Card Brag on a small stake menu.

An :class:`Abstraction` fixes everything that shapes the game tree: the ante, the menu of open
stakes (a blind bet counts double, rule BL1), the cap on the number of bets, whether blind play
is allowed, the see cost (B6, B9), the hand ordering (H10) and the pack (all thirteen ranks, or
fewer for a small test game). It is a frozen, keyword-only record with a stable hash, the key
of the solver's cache.

>>> a = Abstraction()
>>> a.stakes, a.blind_stakes, a.max_bets
((1, 2, 4, 8, 16), (2, 4, 8, 16), 4)
>>> len(a.deck()), a.key() == Abstraction.from_dict(a.to_dict()).key()
(52, True)
>>> Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ").describe()
'ranks AKQ x4 suits, ante 1, stakes 1/2, at most 2 bets (cap: see), blind play, see double'

The rules the engine plays the same game under (the bot's real deals):

>>> a.rules().max_bet, a.rules().min_bet
(16, 1)

Nonsense is refused with a :class:`~bragkit.errors.RulesError`:

>>> Abstraction(stakes=(2, 1))
Traceback (most recent call last):
...
bragkit.errors.RulesError: stakes must rise strictly, not (2, 1)
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Real
from typing import Any, Final

from bragkit.cards import Card, Rank
from bragkit.errors import RulesError
from bragkit.games.three_card.rules import ORDERINGS, Rules

__all__ = ["ALL_RANKS", "FORMAT_VERSION", "TABLE_BLIND_SHARE", "Abstraction"]

#: Every rank, high to low (rule H1).
ALL_RANKS: Final = "AKQJT98765432"
#: A blind winner's share of the pot in :meth:`Abstraction.for_table`, by the table's ``shuffle``
#: option (rules BL3, D4): the share of a carried pot that the blind winner, holding two hands
#: for it (R2), went on to win in heads-up play of ``solver`` against ``shark`` — more where the
#: pack is not shuffled and can be followed (D5). See docs/equilibrium.md.
TABLE_BLIND_SHARE: Final = {"prial-seen": 0.8, "always": 0.65}
#: Bumped whenever the tree or the strategy file changes meaning: part of the cache key.
FORMAT_VERSION: Final = 1


@dataclass(frozen=True, kw_only=True, slots=True)
class Abstraction:
    """Heads-up Three Card Brag as the solver plays it (see ``docs/equilibrium.md``).

    ``stakes`` are the open stakes a bet may set (B1-B3: at least the current stake); a blind
    player bets half of an even stake (BL1), so the stakes a blind bet may set are the even
    ones. ``max_bets`` caps the bets of a deal (Brag has no cap; the tree needs one): once it
    is reached a player may only fold, look or see. ``cap_rule`` says whether an open player
    at the cap may see a blind one (``"see"``: the cap ends the betting at the price of a see)
    or, as the rules say (BL4), must fold (``"fold"``). ``ranks`` names the ranks in the pack, each
    with ``suits`` suits (a smaller pack makes a small test game; rule H1 is all thirteen and
    four suits).

    ``blind_share`` models BL3 in one deal: when a blind player is folded to, the pot is carried
    forward and fought for again, the blind player holding two hands (R1, R2). The abstraction
    credits the blind winner with that share of the pot and the folder with the rest: ``1``
    gives the blind winner the pot, ``0.5`` splits a carried pot evenly.
    """

    ante: int = 1  # rule D2
    stakes: tuple[int, ...] = (1, 2, 4, 8, 16)  # rules B1-B3, open terms
    max_bets: int = 4
    cap_rule: str = "see"
    blind: bool = True  # rule BL1
    blind_share: float = 1.0  # rule BL3, as a share of the pot (see the class docstring)
    see_cost: str = "double"  # rules B6, B9
    ordering: str = "standard"  # rule H10
    ranks: str = ALL_RANKS  # rule H1
    suits: int = 4  # rule H1

    def __post_init__(self) -> None:
        stakes = tuple(self.stakes)
        object.__setattr__(self, "stakes", stakes)
        if type(self.ante) is not int or self.ante < 1:
            raise RulesError(f"ante must be a whole number of chips, at least 1: {self.ante!r}")
        if not stakes or any(type(s) is not int or s < 1 for s in stakes):
            raise RulesError(f"stakes must be whole numbers of chips, at least 1: {stakes!r}")
        if any(b <= a for a, b in itertools.pairwise(stakes)):
            raise RulesError(f"stakes must rise strictly, not {stakes!r}")
        if type(self.max_bets) is not int or not 1 <= self.max_bets <= 12:
            raise RulesError(f"max_bets must be from 1 to 12, not {self.max_bets!r}")
        if self.cap_rule not in ("see", "fold"):
            raise RulesError(f"cap_rule must be see or fold, not {self.cap_rule!r}")
        if (isinstance(self.blind_share, bool) or not isinstance(self.blind_share, Real)
                or not 0.5 <= self.blind_share <= 1):
            raise RulesError(f"blind_share must be from 0.5 to 1, not {self.blind_share!r}")
        object.__setattr__(self, "blind_share", float(self.blind_share))
        if type(self.blind) is not bool:
            raise RulesError(f"blind must be true or false, not {self.blind!r}")
        if self.see_cost not in ("double", "single"):
            raise RulesError(f"see_cost must be double or single, not {self.see_cost!r}")
        if self.ordering not in ORDERINGS:
            raise RulesError(f"ordering must be one of {', '.join(ORDERINGS)}: {self.ordering!r}")
        ranks = "".join(self.ranks).upper()
        if not ranks or any(r not in ALL_RANKS for r in ranks) or len(set(ranks)) != len(ranks):
            raise RulesError(f"ranks must be distinct rank symbols, e.g. 'AKQ': {self.ranks!r}")
        object.__setattr__(self, "ranks", "".join(r for r in ALL_RANKS if r in ranks))
        if type(self.suits) is not int or not 1 <= self.suits <= 4:
            raise RulesError(f"suits must be from 1 to 4, not {self.suits!r}")
        if len(ranks) * self.suits < 6:
            raise RulesError("the pack must hold at least six cards to deal two hands (rule D1)")
        if self.blind and not self.blind_stakes:
            raise RulesError("blind play needs an even stake for a blind bet to set (rule BL1)")

    @classmethod
    def for_table(cls, rules: Rules, **overrides: Any) -> Abstraction:
        """The abstraction nearest a heads-up game of ``rules``: its ante, see cost and
        ordering; stakes doubling from the least bet to the most (to 16 times the least where
        there is no most, B1); and a blind winner credited with the share of the pot
        :data:`TABLE_BLIND_SHARE` gives for the table's ``shuffle`` option (BL3, D4). The
        ``solver`` bot plays its solution.

        >>> from bragkit.games.three_card.rules import Rules
        >>> a = Abstraction.for_table(Rules(max_bet=10))
        >>> a.stakes, a.blind_share
        ((1, 2, 4, 8, 10), 0.8)
        >>> Abstraction.for_table(Rules(max_bet=10, shuffle="always")).blind_share
        0.65
        >>> Abstraction.for_table(Rules(min_bet=2)).stakes
        (2, 4, 8, 16, 32)
        """
        least = rules.min_bet
        most = rules.max_bet if rules.max_bet is not None else 16 * least
        stakes = [least]
        while stakes[-1] * 2 < most:
            stakes.append(stakes[-1] * 2)
        if most > least:
            stakes.append(most)
        options: dict[str, Any] = {
            "ante": rules.ante, "stakes": tuple(stakes), "blind": rules.blind,
            "blind_share": TABLE_BLIND_SHARE[rules.shuffle] if rules.blind else 1.0,
            "see_cost": rules.see_cost, "ordering": rules.ordering, **overrides}
        return cls(**options)

    # -- derived --------------------------------------------------------------------------------

    @property
    def blind_stakes(self) -> tuple[int, ...]:
        """The stakes a blind bet may set: the even ones (a blind bet of b sets 2b, BL1)."""
        return tuple(s for s in self.stakes if s % 2 == 0) if self.blind else ()

    def deck(self) -> tuple[Card, ...]:
        """The cards of the pack, in index order."""
        chosen = {int(Rank.parse(r)) for r in self.ranks}
        return tuple(Card(i) for i in range(52) if i // 4 + 2 in chosen and i % 4 < self.suits)

    def rules(self) -> Rules:
        """The engine's rules for the same game: the real deals a solver bot plays."""
        return Rules(ante=self.ante, min_bet=self.stakes[0], max_bet=self.stakes[-1],
                     see_cost=self.see_cost, blind=self.blind, ordering=self.ordering)

    def describe(self) -> str:
        """One line for people."""
        stakes = "/".join(str(s) for s in self.stakes)
        blind = "blind play" if self.blind else "no blind play"
        if self.blind and self.blind_share != 1:
            blind += f" (a blind winner's share {self.blind_share:g})"
        return (f"ranks {self.ranks} x{self.suits} suits, ante {self.ante}, stakes {stakes}, "
                f"at most {self.max_bets} bets (cap: {self.cap_rule}), {blind}, "
                f"see {self.see_cost}")

    # -- records --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every parameter, JSON-able."""
        table = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        table["stakes"] = list(self.stakes)
        if self.blind_share == 1:
            del table["blind_share"]  # as before the option existed: the same cache key
        return table

    @classmethod
    def from_dict(cls, table: Mapping[str, Any]) -> Abstraction:
        """An abstraction from :meth:`to_dict`'s table; an unknown key is a RulesError."""
        known = {f.name for f in dataclasses.fields(cls)}
        for key in table:
            if key not in known:
                raise RulesError(f"unknown abstraction parameter {key!r}")
        options = dict(table)
        if "stakes" in options:
            options["stakes"] = tuple(options["stakes"])
        return cls(**options)

    def key(self) -> str:
        """A stable hash of the parameters and the format version: the cache key.

        >>> Abstraction().key() == Abstraction(ranks="23456789TJQKA").key()
        True
        >>> Abstraction().key() == Abstraction(max_bets=3).key()
        False
        """
        text = json.dumps({"format": FORMAT_VERSION, **self.to_dict()}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]
