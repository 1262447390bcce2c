"""Helpers shared by the three-card engine tests (no tests here).

``deal_of`` builds a deal from given hands (the first player acts first: the dealer is the last
seat unless said otherwise); ``refuse`` checks that an action is refused naming the right rule
and that the deal is exactly as it was (operations, every view, the legal actions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bragkit.actions import Action
from bragkit.errors import IllegalActionError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.record_moves import agreements
from bragkit.games.three_card.rules import Rules


def deal_of(
    hands: dict[str, str],
    *,
    rules: Rules | None = None,
    dealer: str | None = None,
    stacks: Sequence[int] | int = 100,
    **options: Any,
) -> Deal:
    """A deal of the given hands (players in the order given, clockwise)."""
    players = list(hands)
    if isinstance(stacks, int):
        stacks = [stacks] * len(players)
    return Deal(rules or Rules(), players=players, dealer=dealer or players[-1],
                stacks=list(stacks), hands=hands, **options)


def play(deal: Deal, *actions: str) -> None:
    """Apply actions in order (hand-history strings); ``showdown`` reads as a record reads it:
    every player still betting agrees (B8)."""
    for action in actions:
        if action == "showdown":
            for agreement in agreements(deal):
                deal.apply(agreement)
        else:
            deal.apply(action)


def snapshot(deal: Deal) -> tuple[Any, ...]:
    """Everything observable about a deal, to compare before and after a refused action."""
    views = {p: deal.view(p).to_dict() for p in deal.players}
    return (deal.operations, deal.view(None).to_dict(), views,
            [str(a) for a in deal.legal_actions()], deal.stacks, deal.pot, deal.to_act)


def refuse(deal: Deal, action: str | Action, rule: str) -> IllegalActionError:
    """``action`` is refused with ``rule`` and changes nothing; ``can_apply`` agrees."""
    before = snapshot(deal)
    assert not deal.can_apply(action)
    with pytest.raises(IllegalActionError) as caught:
        deal.apply(action)
    assert caught.value.rule == rule, str(caught.value)
    assert snapshot(deal) == before
    return caught.value


def legal_texts(deal: Deal, player: str | None = None) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in deal.legal_actions(player)]
