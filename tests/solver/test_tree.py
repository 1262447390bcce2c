"""The public betting tree follows the rules it abstracts (B2, B3, B6, B9, BL1, BL2, BL4)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.solver.abstraction import Abstraction
from bragkit.solver.tree import BettingTree, Kind

abstractions = st.builds(
    Abstraction,
    stakes=st.sampled_from([(1, 2), (1, 2, 4), (2, 4, 8), (1, 2, 4, 8, 16), (2, 3, 4)]),
    max_bets=st.integers(min_value=1, max_value=4),
    cap_rule=st.sampled_from(["see", "fold"]),
    see_cost=st.sampled_from(["double", "single"]),
    blind=st.booleans(),
    ranks=st.just("AKQ"),
)


def _walk(tree: BettingTree) -> list[tuple[int, list[int]]]:
    """Every node with the edges leading to it."""
    out = [(0, [])]
    for node, path in out:
        for edge in tree.edges_of(node):
            child = int(tree.child[edge])
            if child >= 0:
                out.append((child, [*path, edge]))
    return out


@settings(max_examples=30, deadline=None)
@given(abstractions)
def test_every_history_keeps_the_rules(a: Abstraction) -> None:
    tree = BettingTree(a)
    assert tree.player[0] == 0  # rule B2: the dealer's left acts first
    for node, path in _walk(tree):
        state = tree.states[node]
        assert tree.find(tree.history(node)) == node
        assert state.bets == sum(tree.kind[e] in (Kind.BET, Kind.BLIND) for e in path)
        assert state.bets <= a.max_bets
        paid = [a.ante, a.ante]
        for e in path:
            paid[int(tree.player[tree.edge_node[e]])] += int(tree.amount[e])
        assert tuple(paid) == state.paid
        looks = [int(tree.player[tree.edge_node[e]]) for e in path if tree.kind[e] == Kind.LOOK]
        assert len(looks) == len(set(looks))  # rule BL2: a player looks once
        kinds = [Kind(int(tree.kind[e])) for e in tree.edges_of(node)]
        blind_actor = state.blind[state.player]
        for e in tree.edges_of(node):
            kind, amount = Kind(int(tree.kind[e])), int(tree.amount[e])
            if kind is Kind.BET:
                assert not blind_actor
                assert amount in a.stakes and amount >= max(state.stake, a.stakes[0])  # B3
            elif kind is Kind.BLIND:
                assert blind_actor
                assert 2 * amount in a.stakes and 2 * amount >= state.stake  # rule BL1
                assert tree.states[int(tree.child[e])].stake == 2 * amount
            elif kind is Kind.SEE:
                assert state.bets >= 1  # no see before the first bet
                if blind_actor:
                    # rule BL4: twice the blind stake; B9: half the single see, rounded up
                    half = (state.stake + 1) // 2
                    assert amount == (state.stake if a.see_cost == "double" else half)
                else:
                    want = 2 * state.stake if a.see_cost == "double" else state.stake  # B6, B9
                    assert amount == want
                    if state.blind[1 - state.player]:  # rule BL4: can't see a blind man
                        assert a.cap_rule == "see" and state.bets == a.max_bets
            elif kind is Kind.FOLD:
                assert not blind_actor  # a blind fold is a look and a fold
            else:
                assert blind_actor and a.blind
        if not a.blind:
            assert Kind.LOOK not in kinds and Kind.BLIND not in kinds
        assert kinds, "every decision node has an action"


@settings(max_examples=20, deadline=None)
@given(abstractions)
def test_terminals_record_what_was_put_in(a: Abstraction) -> None:
    tree = BettingTree(a)
    for t in range(tree.n_terminals):
        edge = int(tree.term_edge[t])
        node = int(tree.edge_node[edge])
        state = tree.states[node]
        paid = list(state.paid)
        paid[state.player] += int(tree.amount[edge])
        assert tuple(int(x) for x in tree.term_paid[t]) == tuple(paid)
        assert int(tree.term_actor[t]) == state.player


def test_cap_rule_fold_leaves_the_open_player_only_a_fold_rule_BL4() -> None:
    tree = BettingTree(Abstraction(stakes=(1, 2), max_bets=2, cap_rule="fold", ranks="AKQ"))
    node = tree.find(["look", "bet 1", "blind 1"])  # seat 0 open, seat 1 blind, cap reached
    assert [tree.label(e) for e in tree.edges_of(node)] == ["fold"]
    tree = BettingTree(Abstraction(stakes=(1, 2), max_bets=2, cap_rule="see", ranks="AKQ"))
    node = tree.find(["look", "bet 1", "blind 1"])
    assert [tree.label(e) for e in tree.edges_of(node)] == ["fold", "see 4"]


def test_below_the_cap_an_open_player_cannot_see_a_blind_one_rule_BL4() -> None:
    tree = BettingTree(Abstraction(stakes=(1, 2), max_bets=3, ranks="AKQ"))
    node = tree.find(["blind 1", "look"])
    assert [tree.label(e) for e in tree.edges_of(node)] == ["fold", "bet 2"]
    node = tree.find(["blind 1"])  # blind against blind: see for the stake
    assert [tree.label(e) for e in tree.edges_of(node)] == ["look", "blind 1", "see 2"]


def test_levels_are_contiguous_blocks() -> None:
    tree = BettingTree(Abstraction(max_bets=3))
    for depth, level in enumerate(tree.levels):
        assert set(tree.depth[level.node_start:level.node_end]) == {depth}
        assert level.edge_start == tree.first_edge[level.node_start]
