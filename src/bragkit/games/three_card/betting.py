"""Betting arithmetic of the three-card family: bet bounds, see costs, split pots.

Pure functions on whole chips, shared by the deal engine and anyone who wants to explain a
number. The stake is kept in open terms (rule BL1): a blind bet of ``b`` counts as ``2b``.

The first bet is any amount from ``min_bet`` to ``max_bet`` (B2); after it, at least the stake
(B3), and a blind player pays half, rounded up (BL1 [decision]):

>>> from bragkit.games.three_card.rules import Rules
>>> rules = Rules(max_bet=20)
>>> bet_bounds(rules, stake=0, bet_made=False, pot=5, blind=False)
(1, 20)
>>> bet_bounds(rules, stake=5, bet_made=True, pot=12, blind=True)
(3, 10)

With ``pot_limit`` no bet puts in more than the pot holds (five players, ante 1: at most 5, B1):

>>> bet_bounds(Rules(pot_limit=True), stake=0, bet_made=False, pot=5, blind=False)
(1, 5)

Seeing costs twice the stake open against open (B6), the stake with ``see_cost = "single"``
(B9); a blind seer pays half what an open seer would, rounded up (BL1, BL4, B9): twice the blind
stake, or with ``"single"`` half the stake:

>>> see_cost(rules, stake=10, seer_blind=False), see_cost(rules, stake=10, seer_blind=True)
(20, 10)
>>> single = Rules(see_cost="single")
>>> see_cost(single, stake=10, seer_blind=False), see_cost(single, stake=5, seer_blind=True)
(10, 3)

A bet sets the stake in open terms: a blind bet of ``b`` sets it to ``2b`` (BL1):

>>> stake_after(3, blind=True), stake_after(3, blind=False)
(6, 3)

A split pot gives the odd chips one each to the first winners from the dealer's left (B8):

>>> split(11, ["Bill", "Chris", "Andy"])
{'Bill': 4, 'Chris': 4, 'Andy': 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from bragkit.actions import Verb
from bragkit.games.three_card.rules import Rules

__all__ = ["MOVES_ON", "bet_bounds", "blind_part", "least_bet", "see_cost", "see_price", "split",
           "stake_after"]

_T = TypeVar("_T")

#: The moves after which agreements to a showdown lapse (B8): the betting moved on.
MOVES_ON: Final = frozenset({Verb.BET, Verb.BLIND, Verb.FOLD, Verb.SEE, Verb.COVER})


def bet_bounds(
    rules: Rules, stake: int, bet_made: bool, pot: int, blind: bool
) -> tuple[int, int | None]:
    """The least and the most chips one bet may put in (``None``: no limit but the stack).

    ``stake`` is in open terms; ``bet_made`` says whether the first bet of the deal is made;
    ``pot`` is what the pot holds now (for ``pot_limit``); ``blind`` is a blind bet (BL1).

    [decision] A limit never stops a player meeting the stake: where ``max_bet``, a raise limit
    or the pot would cap a bet below the least a player must pay (an odd maximum halved for a
    blind player, a pot smaller than ``min_bet``), the least is allowed.
    """
    least = least_bet(rules.min_bet, stake if bet_made else 0)  # rules B2, B3
    most = rules.max_bet  # rule B1, in open terms
    if bet_made and rules.raise_limit is not None:
        ceiling = stake + rules.raise_limit  # rule B1: the most a bet may exceed the stake
        most = ceiling if most is None or ceiling < most else most
    if blind:  # rule BL1: a blind bet counts double; half the stake, rounded up
        least = blind_part(least)
        most = None if most is None else most // 2
    if rules.pot_limit:  # rule B1: chips put in, at most what the pot holds
        most = pot if most is None or pot < most else most
    if most is not None and most < least:
        most = least
    return least, most


def least_bet(min_bet: int, stake: int) -> int:
    """The least open bet (rules B2, B3): ``min_bet`` for the first bet (``stake`` 0), then
    the stake. The solver's tree, the OpenSpiel game and the bots' reading call it too.

    >>> least_bet(2, 0), least_bet(2, 6)
    (2, 6)
    """
    return stake if stake else min_bet


def blind_part(amount: int) -> int:
    """What a blind player pays where an open player pays ``amount`` (rule BL1: half,
    rounded up [decision]).

    >>> blind_part(6), blind_part(5)
    (3, 3)
    """
    return (amount + 1) // 2


def see_cost(rules: Rules, stake: int, seer_blind: bool) -> int:
    """What a see costs under ``rules`` (rules B6, B9, BL4). A see is not a bet: no limit caps
    it (B1). See :func:`see_price`."""
    return see_price(rules.see_cost, stake, seer_blind)


def see_price(mode: str, stake: int, seer_blind: bool) -> int:
    """What a see costs with ``see_cost = mode`` (``"double"`` or ``"single"``): the one place
    the price of a see is worked out (the engine, the solver's tree and the OpenSpiel game call
    it). Open: twice the stake (B6), or the stake with ``"single"`` (B9). Blind: half what an
    open seer pays, rounded up (BL1; BL4: twice the blind stake; B9 [decision]).

    >>> see_price("double", 7, False), see_price("double", 7, True)
    (14, 7)
    >>> see_price("single", 7, False), see_price("single", 7, True)
    (7, 4)
    """
    open_cost = stake if mode == "single" else 2 * stake  # rules B6, B9
    return blind_part(open_cost) if seer_blind else open_cost  # rules BL1, BL4, B9


def stake_after(amount: int, blind: bool) -> int:
    """The stake, in open terms, after a bet of ``amount`` (rule BL1: a blind bet counts
    double; B3)."""
    return 2 * amount if blind else amount


def split(amount: int, winners: Sequence[_T]) -> dict[_T, int]:
    """Share ``amount`` among ``winners`` (listed from the dealer's left): equal shares, the
    odd chips one each to the first of them (rule B8 [decision])."""
    share, odd = divmod(amount, len(winners))
    return {w: share + (1 if i < odd else 0) for i, w in enumerate(winners)}
