"""A record's actions and the engine's: the one word ``showdown`` a record writes for the
agreements that brought a showdown (rule B8), and applying a record's action by its number.

Both ways of the translation live here, so the record (:mod:`~bragkit.games.three_card.notation`)
and its replay (:mod:`~bragkit.games.three_card.replay`) share them without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from bragkit.actions import Action, Verb
from bragkit.errors import IllegalActionError, InvalidCardError, NotationError, RulesError
from bragkit.games.three_card.betting import MOVES_ON
from bragkit.games.three_card.deal import Deal

__all__ = ["agreements", "apply_numbered", "record_actions"]


def record_actions(actions: Sequence[Action], *, over: bool) -> tuple[Action, ...]:
    """The actions of a deal as its record writes them (HAND-HISTORY.md): the agreements that
    brought a showdown (B8) as the one word ``showdown``; agreements that lapsed when the
    betting moved on, or still wait in a deal not over, are left out (they changed nothing).

    >>> acts = [Action.parse(t) for t in ("Ann agree", "Bob bet 2", "Cy agree", "Ann agree",
    ...                                   "Bob agree")]
    >>> [str(a) for a in record_actions(acts, over=True)]
    ['Bob bet 2', 'showdown']
    """
    written: list[Action] = []
    agreed = False
    for action in actions:
        if action.verb is Verb.AGREE:
            agreed = True
            continue
        if action.verb in MOVES_ON:
            agreed = False
        written.append(action)
    if agreed and over and actions[-1].verb is Verb.AGREE:
        written.append(Action(player=None, verb=Verb.SHOWDOWN))
    return tuple(written)


def agreements(deal: Deal) -> list[Action]:
    """The agreements a record's ``showdown`` stands for: every player still betting who has
    not yet agreed (B8), in seat order."""
    return [option.action() for option in deal.legal_actions()
            if option.verb is Verb.AGREE]


def apply_numbered(deal: Deal, number: int, action: Action) -> int:
    """Apply one action of a record; an illegal one names its number and text. Returns how
    many engine actions it stood for (a ``showdown`` is every agreement, rule B8).

    The message reads ``action 9 "Chris see 8": Chris cannot see a blind player (rule BL4)``.
    """
    try:
        moves = (agreements(deal) or [action]) if action.verb is Verb.SHOWDOWN else [action]
        for move in moves:  # rule B8: a showdown is everyone still betting agreeing
            deal.apply(move)
    except IllegalActionError as error:
        raise IllegalActionError(f'action {number} "{action}": {error.reason}',
                                 rule=error.rule) from None
    except (RulesError, InvalidCardError, NotationError) as error:
        raise NotationError(f'action {number} "{action}": {error}') from None
    return len(moves)
