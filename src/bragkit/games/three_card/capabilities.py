"""What front ends need of a three-card deal beyond its moves: :class:`DealCapabilities`, the
family's answers to the capabilities the :class:`~bragkit.games.protocol.Game` protocol declares
(defaults in :class:`~bragkit.games.base.Capabilities`).

* :meth:`~DealCapabilities.stay_costs` — the least open and blind bet that keeps a player in
  (rules B2, B3, BL1), by the engine's own betting arithmetic
  (:func:`~bragkit.games.three_card.betting.bet_bounds`);
* :meth:`~DealCapabilities.pending` — the showdown being agreed (B8): who agreed since the betting
  last moved on, and who still betting has not;
* :meth:`~DealCapabilities.hand_name` — cards named as the hand they play (H2, W2; D8 for a
  hand shown), ranked by the deal's rules.

They read only the deal's public state (its rules, stake, pot, who agreed, who is betting).

>>> from bragkit.cards import parse_cards
>>> from bragkit.games.three_card.deal import Deal
>>> from bragkit.games.three_card.rules import Rules
>>> deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[50, 50, 50])
>>> deal.stay_costs("Ann")
{'open': 1, 'blind': 1}
>>> deal.apply("Ann bet 4"); deal.stay_costs("Bob")     # a blind bet counts double (BL1)
{'open': 4, 'blind': 2}
>>> deal.pending() is None
True
>>> deal.apply("Cy agree"); deal.pending()
Pending(kind='showdown', rule='B8', asked=('Ann', 'Bob'), answered=('Cy',), by='Cy')
>>> deal.hand_name(parse_cards("Qh Qs 4d"))
'pair of queens, 4 kicker'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bragkit.cards import Card
from bragkit.games.base import Capabilities
from bragkit.games.protocol import Pending
from bragkit.games.three_card.betting import bet_bounds

__all__ = ["DealCapabilities"]


class DealCapabilities(Capabilities):
    """The three-card deal's capabilities (see the module docstring); the base of
    :class:`~bragkit.games.three_card.deal.Deal`."""

    __slots__ = ()

    def stay_costs(self, player: str) -> Mapping[str, int] | None:
        """The least open and blind bet that keeps ``player`` in now (B2, B3, BL1); ``None``
        once the deal is over or for someone not at the table."""
        deal: Any = self  # a Deal: its rules, stake, pot and players
        if deal.over or player not in deal.players:
            return None
        rules, stake = deal.rules, deal.stake
        pot = deal.pot if rules.pot_limit else 0
        return {kind: bet_bounds(rules, stake=stake, bet_made=stake > 0, pot=pot,
                                 blind=kind == "blind")[0] for kind in ("open", "blind")}

    def pending(self) -> Pending | None:
        """The showdown being agreed (B8): who agreed since the betting last moved on, and who
        still betting has not; ``None`` when no one has proposed one, or the deal is over."""
        deal: Any = self  # a Deal: who agreed, who is still betting
        agreed: tuple[str, ...] = deal.agreed
        if not agreed or deal.over:
            return None
        return Pending(kind="showdown", rule="B8", answered=agreed, by=agreed[0],
                       asked=tuple(p for p in deal.betting if p not in agreed))

    def hand_name(self, cards: Sequence[Card]) -> str | None:
        """``cards`` named as the hand they play (H2, W2; D8 for a shown hand), ranked by the
        deal's rules."""
        from bragkit.games.three_card.replay import shown_hand_name  # it imports the deal

        deal: Any = self
        return shown_hand_name(cards, deal.rules)
