"""The solver bot finds its node in the betting tree from the view's censored records.

The string reader :func:`locate` used before (``view.actions`` re-parsed) is kept here only as
an oracle: on random heads-up deals of random house rules the node, and whether the history
stayed on the tree, must be the same (rules B3, BL1, BL2, F1, R2).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.bots.test_reading_operations import random_deal
from tests.strategies import house_rules

from bragkit.actions import Action, Verb
from bragkit.bots.solver_bot import _child, _nearest, _nearest_state, locate
from bragkit.errors import InvalidActionError
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.strategy import betting_tree
from bragkit.solver.tree import BettingTree, Kind

TREE = betting_tree(Abstraction(max_bets=2))


def locate_from_strings(tree: BettingTree, view: DealView) -> tuple[int, bool]:
    """The old reader (the oracle)."""
    players = view.players
    first = players[(players.index(view.dealer) + 1) % len(players)]
    seat = {name: (0 if name == first else 1) for name in players}
    node = 0
    pending: set[int] = set()
    on_tree = True
    for text in view.actions:
        try:
            action = Action.parse(text, players=players)
        except InvalidActionError:
            on_tree = False
            break
        if action.verb in (Verb.TOPUP, Verb.THROW) or (action.verb is Verb.LOOK
                                                        and action.hand is not None):
            continue
        who = seat.get(action.player or "", -1)
        if action.verb in (Verb.LOOK, Verb.KEEP):
            if tree.player[node] == who and tree.blind_actor[node]:
                node = _child(tree, node, "look")
            else:
                pending.add(who)
            continue
        if action.verb not in (Verb.BET, Verb.BLIND) or tree.player[node] != who:
            on_tree = False
            break
        if tree.blind_actor[node] and (action.verb is Verb.BET or who in pending):
            node = _child(tree, node, "look")
        pending.discard(who)
        kind = Kind.BET if action.verb is Verb.BET else Kind.BLIND
        edges = [e for e in tree.edges_of(node) if tree.kind[e] == kind]
        if not edges or action.amount is None:
            on_tree = False
            break
        stakes = [int(tree.amount[e]) for e in edges]
        node = int(tree.child[edges[_nearest(stakes, action.amount)]])
    me = seat[view.viewer or ""]
    bets = sum(1 for text in view.actions if text.split(" ")[-2:-1] in (["bet"], ["blind"]))
    if on_tree and tree.player[node] == me:
        if tree.blind_actor[node] and view.hand is not None:
            node = _child(tree, node, "look")
        return node, True
    return _nearest_state(tree, view, me, bets), False


@settings(max_examples=60, deadline=None)
@given(rules=house_rules(), seed=st.integers(0, 10**6))
def test_locate_from_operations_equals_what_the_strings_gave(rules: Rules, seed: int) -> None:
    for deal in random_deal(rules, seed, 2):
        if deal.over or deal.to_act is None:
            continue
        view = deal.view(deal.to_act)
        assert locate(TREE, view) == locate_from_strings(TREE, view)
