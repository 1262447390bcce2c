"""A blind winner's share of the pot (rule BL3 in one deal): the ``blind_share`` option of the
abstraction, its terminals, its payoffs, and :meth:`Abstraction.for_table`.

BL3: a blind player folded to does not take the pot; it is carried forward and fought for again
(R1, R2). The abstraction credits the blind winner with ``blind_share`` of the pot and the folder
with the rest, so the game stays zero-sum.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pytest

from bragkit.errors import RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.solver import solve
from bragkit.solver.abstraction import (
    ALL_RANKS,
    FORMAT_VERSION,
    TABLE_BLIND_SHARE,
    Abstraction,
)
from bragkit.solver.evaluate import values
from bragkit.solver.hand_space import HandSpace
from bragkit.solver.traversal import terminal_values, uniform_strategy
from bragkit.solver.tree import BettingTree, Kind

SMALL: dict[str, Any] = {"stakes": (1, 2), "max_bets": 2, "ranks": "AKQ"}


# -- the option ------------------------------------------------------------------------------


@pytest.mark.parametrize("share", [0.4, 0.49999, 1.1, 1.0000001, float("nan"), float("inf"),
                                   -1, 0, 2, "x", "0.6", None, True])
def test_blind_share_out_of_range_or_not_a_number_is_refused_rule_BL3(share: Any) -> None:
    with pytest.raises(RulesError, match="blind_share"):
        Abstraction(blind_share=share)


@pytest.mark.parametrize("share", [0.5, 0.65, 0.99, 1, 1.0])
def test_blind_share_from_a_half_to_one_is_accepted_rule_BL3(share: float) -> None:
    a = Abstraction(blind_share=share)
    assert a.blind_share == share
    assert type(a.blind_share) is float  # an int 1 is kept as the float 1.0


def test_the_default_key_is_the_key_from_before_the_option() -> None:
    """A cached default strategy stays valid: the key of the default abstraction is the hash of
    its parameters without ``blind_share`` (derived here from the documented key recipe)."""
    old_table = {
        "format": FORMAT_VERSION, "ante": 1, "stakes": [1, 2, 4, 8, 16], "max_bets": 4,
        "cap_rule": "see", "blind": True, "see_cost": "double", "ordering": "standard",
        "ranks": ALL_RANKS, "suits": 4,
    }
    old_key = hashlib.sha256(json.dumps(old_table, sort_keys=True).encode()).hexdigest()[:16]
    assert Abstraction().key() == old_key
    assert Abstraction(blind_share=1.0).key() == old_key
    assert Abstraction(blind_share=1).key() == old_key
    assert "blind_share" not in Abstraction().to_dict()


def test_a_share_other_than_one_changes_the_key() -> None:
    default = Abstraction().key()
    half = Abstraction(blind_share=0.5).key()
    assert half != default
    assert Abstraction(blind_share=0.65).key() not in (default, half)
    assert Abstraction(blind_share=0.5) != Abstraction()


def test_to_dict_and_from_dict_keep_the_share() -> None:
    a = Abstraction(blind_share=0.65, **SMALL)
    table = a.to_dict()
    assert table["blind_share"] == 0.65
    back = Abstraction.from_dict(json.loads(json.dumps(table)))
    assert back == a
    assert back.blind_share == 0.65
    assert back.key() == a.key()
    # a table without the entry (written before the option) is a share of one
    assert Abstraction.from_dict({"ranks": "AKQ"}).blind_share == 1.0


def test_describe_mentions_a_share_other_than_one() -> None:
    text = Abstraction(blind_share=0.65).describe()
    assert "share" in text and "0.65" in text
    assert "share" not in Abstraction().describe()


# -- the tree --------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"blind_share": 0.6, **SMALL},
    {"blind_share": 0.5, "stakes": (1, 2, 4), "max_bets": 3, "ranks": "AKQ",
     "see_cost": "single"},
    {"blind_share": 0.75, "stakes": (1, 2), "max_bets": 2, "ranks": "AKQ", "cap_rule": "fold"},
])
def test_term_share_is_the_share_exactly_where_a_fold_leaves_a_blind_winner_rule_BL3(
    options: dict[str, Any],
) -> None:
    a = Abstraction(**options)
    tree = BettingTree(a)
    assert tree.term_share.shape == (tree.n_terminals,)
    blind_wins = 0
    for t in range(tree.n_terminals):
        node = int(tree.edge_node[tree.term_edge[t]])
        state = tree.states[node]
        assert int(tree.term_actor[t]) == state.player
        winner_blind = state.blind[1 - state.player]
        if int(tree.term_kind[t]) == Kind.FOLD and winner_blind:
            assert tree.term_share[t] == a.blind_share, tree.history(node)
            blind_wins += 1
        else:
            assert tree.term_share[t] == 1.0, tree.history(node)
    assert blind_wins > 0  # e.g. "blind 1" then a look and a fold


def test_without_blind_play_every_share_is_one() -> None:
    tree = BettingTree(Abstraction(blind=False, blind_share=0.5, **SMALL))
    assert np.all(tree.term_share == 1.0)


def test_the_share_does_not_change_the_shape_of_the_tree() -> None:
    a, b = BettingTree(Abstraction(**SMALL)), BettingTree(Abstraction(blind_share=0.6, **SMALL))
    assert (a.n_nodes, a.n_edges, a.n_terminals) == (b.n_nodes, b.n_edges, b.n_terminals)
    assert np.array_equal(a.term_paid, b.term_paid)
    assert np.array_equal(a.term_kind, b.term_kind)


# -- the payoffs -----------------------------------------------------------------------------


@pytest.mark.parametrize("share", [0.6, 1.0])
def test_fold_payoffs_by_hand_rules_B5_BL3(share: float) -> None:
    """Against a uniform opponent reach every class meets ``opponents`` disjoint hands; at a fold
    the winner gets ``share * pot - paid`` and the folder ``(1 - share) * pot - paid`` each."""
    a = Abstraction(blind_share=share, **SMALL)
    tree, space = BettingTree(a), HandSpace(a)
    reach = np.ones((tree.n_terminals, space.n_classes))
    checked = 0
    for player in (0, 1):
        got = terminal_values(tree, space, player, reach)
        for t in range(tree.n_terminals):
            if int(tree.term_kind[t]) != Kind.FOLD:
                continue
            state = tree.states[int(tree.edge_node[tree.term_edge[t]])]
            folder = state.player
            paid = [state.paid[0], state.paid[1]]  # a fold pays nothing more
            assert [int(x) for x in tree.term_paid[t]] == paid
            pot = paid[0] + paid[1]
            own = share if state.blind[1 - folder] else 1.0
            if player == folder:
                expected = (1 - own) * pot - paid[player]
            else:
                expected = own * pot - paid[player]
            assert np.allclose(got[t], expected * space.opponents, rtol=0, atol=1e-9), t
            if share == 1.0:  # the old rule: the winner gains what the loser put in
                old = -paid[player] if player == folder else paid[1 - player]
                assert np.allclose(got[t], old * space.opponents, rtol=0, atol=1e-9)
            checked += 1
    assert checked == 2 * int(np.sum(tree.term_kind == Kind.FOLD))


def test_a_fold_to_a_blind_winner_by_hand_rule_BL3() -> None:
    """After ``blind 1`` (1 + 1 in) seat 1 looks and folds: pot 3, seat 0 paid 2, seat 1 paid 1.
    With a share of 0.6 the blind winner gets 0.6 * 3 - 2 = -0.2 and the folder 0.4 * 3 - 1 =
    0.2."""
    a = Abstraction(blind_share=0.6, **SMALL)
    tree, space = BettingTree(a), HandSpace(a)
    node = tree.find(["blind 1", "look"])
    fold = tree.step(node, "fold")
    t = int(tree.terminal[fold])
    assert tree.term_share[t] == 0.6
    reach = np.ones((tree.n_terminals, space.n_classes))
    winner = terminal_values(tree, space, 0, reach)[t] / space.opponents
    folder = terminal_values(tree, space, 1, reach)[t] / space.opponents
    assert np.allclose(winner, -0.2) and np.allclose(folder, 0.2)


def test_see_payoffs_do_not_depend_on_the_share() -> None:
    a, b = Abstraction(**SMALL), Abstraction(blind_share=0.5, **SMALL)
    ta, tb, space = BettingTree(a), BettingTree(b), HandSpace(a)
    rng = np.random.default_rng(5)
    reach = rng.random((ta.n_terminals, space.n_classes))
    sees = ta.term_kind == Kind.SEE
    for player in (0, 1):
        va = terminal_values(ta, space, player, reach)
        vb = terminal_values(tb, space, player, reach)
        assert np.array_equal(va[sees], vb[sees])
        assert not np.allclose(va[~sees], vb[~sees])


def test_values_sum_to_zero_with_a_share_rule_BL3() -> None:
    """Zero-sum: the folder's remaining share is what the winner does not get."""
    a = Abstraction(blind_share=0.6, **SMALL)
    strategy = solve(a, iterations=20, cache=None)
    v0, v1 = values(strategy.tree, strategy.space, strategy.table)
    assert abs(v0 + v1) < 1e-9
    tree, space = BettingTree(a), HandSpace(a)
    u0, u1 = values(tree, space, uniform_strategy(tree, space))
    assert abs(u0 + u1) < 1e-12


def test_the_share_moves_the_value_of_a_uniform_strategy_by_the_folds_to_a_blind_winner() -> None:
    """Under the uniform strategy the reach of a terminal does not depend on the cards, so a
    share below one moves seat 0's value by the sum over folds to a blind winner of
    P(terminal) * (share - 1) * pot, with the sign of seat 0's side."""
    share = 0.6
    full = Abstraction(**SMALL)
    part = Abstraction(blind_share=share, **SMALL)
    space = HandSpace(full)
    v_full = values(BettingTree(full), space, uniform_strategy(BettingTree(full), space))[0]
    tree = BettingTree(part)
    v_part = values(tree, space, uniform_strategy(tree, space))[0]
    expected = 0.0
    for t in range(tree.n_terminals):
        edge = int(tree.term_edge[t])
        node = int(tree.edge_node[edge])
        state = tree.states[node]
        if int(tree.term_kind[t]) != Kind.FOLD or not state.blind[1 - state.player]:
            continue
        probability = 1.0 / len(tree.edges_of(node))
        while node > 0:
            parent = int(tree.edge_node[tree.parent_edge[node]])
            probability /= len(tree.edges_of(parent))
            node = parent
        sign = 1.0 if state.player == 1 else -1.0  # seat 0 wins where seat 1 folds
        expected += probability * (share - 1) * sum(state.paid) * sign
    assert expected != 0
    assert v_part - v_full == pytest.approx(expected, abs=1e-12)


# -- the table's abstraction -----------------------------------------------------------------


def test_for_table_doubles_the_stakes_up_to_the_most_rule_B1() -> None:
    a = Abstraction.for_table(Rules(max_bet=10))
    assert a.stakes == (1, 2, 4, 8, 10)
    assert a.blind_share == TABLE_BLIND_SHARE["prial-seen"] == 0.8  # rule D4's default
    shuffled = Abstraction.for_table(Rules(max_bet=10, shuffle="always"))
    assert shuffled.blind_share == TABLE_BLIND_SHARE["always"] == 0.65
    assert Abstraction.for_table(Rules(max_bet=8)).stakes == (1, 2, 4, 8)
    assert Abstraction.for_table(Rules(max_bet=5)).stakes == (1, 2, 4, 5)
    assert Abstraction.for_table(Rules(min_bet=2, max_bet=3)).stakes == (2, 3)
    assert Abstraction.for_table(Rules(min_bet=2, max_bet=2)).stakes == (2,)


def test_for_table_without_a_most_goes_to_sixteen_times_the_least_rule_B1() -> None:
    assert Rules().max_bet is None
    assert Abstraction.for_table(Rules()).stakes == (1, 2, 4, 8, 16)
    assert Abstraction.for_table(Rules(min_bet=2)).stakes == (2, 4, 8, 16, 32)
    assert Abstraction.for_table(Rules(min_bet=3)).stakes == (3, 6, 12, 24, 48)


def test_for_table_carries_the_table_rules_D2_B9_BL1_H10() -> None:
    rules = Rules(ante=2, max_bet=10, see_cost="single", ordering="teen-patti")
    a = Abstraction.for_table(rules)
    assert (a.ante, a.see_cost, a.ordering, a.blind) == (2, "single", "teen-patti", True)
    assert a.ranks == ALL_RANKS and a.suits == 4
    assert a.max_bets == Abstraction().max_bets and a.cap_rule == "see"
    assert Abstraction.for_table(Rules(blind=False, max_bet=10)).blind is False
    # the engine's rules of the abstraction give the same stakes back
    back = a.rules()
    assert (back.ante, back.min_bet, back.max_bet, back.see_cost, back.ordering) == (
        2, 1, 10, "single", "teen-patti")


def test_for_table_takes_overrides() -> None:
    a = Abstraction.for_table(Rules(max_bet=10), max_bets=2, blind_share=1.0)
    assert (a.max_bets, a.blind_share, a.stakes) == (2, 1.0, (1, 2, 4, 8, 10))
    assert a.key() == Abstraction(stakes=(1, 2, 4, 8, 10), max_bets=2).key()
    with pytest.raises(RulesError, match="blind_share"):
        Abstraction.for_table(Rules(), blind_share=0.3)
    # an odd single stake leaves a blind bet nothing to set (BL1)
    with pytest.raises(RulesError, match="even stake"):
        Abstraction.for_table(Rules(min_bet=1, max_bet=1))
