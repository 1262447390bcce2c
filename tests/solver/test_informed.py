"""What each action is worth to a player who knows more than the abstraction says
(:mod:`bragkit.solver.informed`): cards followed through the unshuffled pack (D4, D5), a pot
carried in (BL3), an opponent's blind bets read as informed (BL1, BL6).

Three kinds of check: against the solver's own exact best response (with nothing known, a
best response hand by hand is the solver's best response class by class); against a brute-force
reference written here from the rules, which enumerates the opponent's hands one by one and
compares hands with :func:`bragkit.hands.evaluate` (B5, B6, H8, BL3); and small cases worked by
hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from bragkit.cards import Card, parse_cards
from bragkit.errors import BragError
from bragkit.hands import evaluate
from bragkit.solver import solve
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.evaluate import best_response, values
from bragkit.solver.hand_space import hand_space
from bragkit.solver.informed import action_values, informed_blind
from bragkit.solver.report import hand_percentiles
from bragkit.solver.strategy import Strategy, betting_tree
from bragkit.solver.traversal import uniform_strategy
from bragkit.solver.tree import BettingTree, Kind

FloatArray = npt.NDArray[np.float64]

NO_BLIND = Abstraction(blind=False, stakes=(1, 2), max_bets=2, ranks="AKQJ")
BLIND = Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQJ", blind_share=0.6)


def _random(abstraction: Abstraction, seed: int) -> Strategy:
    """A strategy with every probability positive; a blind player's row is the same for every
    class (BL6)."""
    tree, space = betting_tree(abstraction), hand_space(abstraction)
    table = np.random.default_rng(seed).random((tree.n_edges, space.n_classes)) + 0.05
    blind_rows = tree.blind_actor[tree.edge_node]
    table[blind_rows] = table[blind_rows, :1]
    return Strategy(abstraction, table)


@pytest.fixture(scope="module")
def solved_no_blind() -> Strategy:
    return solve(NO_BLIND, iterations=40, cache=None)


@pytest.fixture(scope="module")
def solved_blind() -> Strategy:
    return solve(BLIND, iterations=40, cache=None)


# -- a brute-force reference -----------------------------------------------------------------


def _cards(text: str | Sequence[int]) -> list[int]:
    return [int(c) for c in parse_cards(text)] if isinstance(text, str) else list(text)


def _path(tree: BettingTree, node: int) -> list[int]:
    edges = []
    while node > 0:
        edge = int(tree.parent_edge[node])
        edges.append(edge)
        node = int(tree.edge_node[edge])
    return edges[::-1]


def _informed_table(strategy: Strategy, node: int) -> FloatArray:
    """The documented rule of informed_blind: a blind bet to stake s is as likely as the open
    bet to s after a look, a blind see as the open see, the look takes the rest."""
    tree = strategy.tree
    look = int(tree.child[tree.step(node, "look")])
    opened = {tree.label(e): e for e in tree.edges_of(look)}
    rows = []
    for e in tree.edges_of(node):
        kind = int(tree.kind[e])
        if kind == Kind.BLIND:
            stake = tree.states[int(tree.child[e])].stake
            rows.append(strategy.table[opened[f"bet {stake}"]])
        elif kind == Kind.SEE:
            sees = [x for label, x in opened.items() if label.startswith("see")]
            rows.append(strategy.table[sees[0]] if sees else np.zeros(strategy.space.n_classes))
        else:
            rows.append(None)
    rest = 1 - sum(r for r in rows if r is not None)
    return np.array([rest if r is None else r for r in rows])


def reference(
    strategy: Strategy, node: int, hand: str | Sequence[int], *, known: str = "",
    dead: str = "", carried: float = 0.0, blind_informed: bool = False,
) -> FloatArray | None:
    """Each edge's value for the player to act at ``node``, enumerating the opponent's hands
    one by one (None where no opponent hand fits)."""
    tree, space, a = strategy.tree, strategy.space, strategy.abstraction
    me = int(tree.player[node])
    mine = _cards(hand)
    known_cards, dead_cards = set(_cards(known)), set(_cards(dead))
    deck = [int(c) for c in a.deck()]
    opponents = [o for o in itertools.combinations(deck, 3)
                 if not set(o) & (set(mine) | dead_cards) and known_cards <= set(o)]
    my_rank = evaluate([Card(c) for c in mine], ordering=a.ordering)
    ranks = [evaluate([Card(c) for c in o], ordering=a.ordering) for o in opponents]
    classes = np.array([space.class_of([Card(c) for c in o]) for o in opponents], dtype=np.intp)

    def probabilities(at: int) -> FloatArray:  # (edges of ``at``, opponent hands)
        if blind_informed and tree.blind_actor[at]:
            return _informed_table(strategy, at)[:, classes]
        edges = tree.edges_of(at)
        return strategy.table[edges.start:edges.stop][:, classes]

    def edge_value(e: int, w: FloatArray) -> FloatArray:
        child = int(tree.child[e])
        if child >= 0:
            return node_value(child, w)
        state = tree.states[int(tree.edge_node[e])]
        actor = state.player
        paid = list(state.paid)
        paid[actor] += int(tree.amount[e])
        pot = paid[0] + paid[1] + carried
        if int(tree.kind[e]) == Kind.FOLD:  # rules B5, BL3
            winner = 1 - actor
            share = a.blind_share if state.blind[winner] else 1.0
            got = share if winner == me else 1 - share
            return np.full(len(w), got * pot - paid[me])
        if actor == me:  # we see: we win only strictly better (B6, H8)
            won = np.array([my_rank > r for r in ranks])
        else:  # we are seen: we win ties (H8)
            won = np.array([not r > my_rank for r in ranks])
        return np.where(won, pot - paid[me], -paid[me])

    def node_value(at: int, w: FloatArray) -> FloatArray:
        if int(tree.player[at]) == me:
            options = [edge_value(e, w) for e in tree.edges_of(at)]
            return max(options, key=lambda v: float(w @ v))
        table = probabilities(at)
        out = np.zeros(len(w))
        for row, e in enumerate(tree.edges_of(at)):
            out += table[row] * edge_value(e, w * table[row])
        return out

    w = np.ones(len(opponents))
    for e in _path(tree, node):
        parent = int(tree.edge_node[e])
        if int(tree.player[parent]) != me:
            w *= probabilities(parent)[e - tree.first_edge[parent]]
    if not len(opponents) or w.sum() <= 0:
        return None
    return np.array([float(w @ edge_value(e, w)) / w.sum() for e in tree.edges_of(node)])


# -- (a) nothing known: the solver's exact best response -------------------------------------


def _all_hands(strategy: Strategy) -> list[list[int]]:
    return [list(map(int, h)) for h in strategy.space.hands]


@pytest.mark.parametrize("which", ["solved", "random"])
def test_seat_0_best_response_hand_by_hand_is_the_exact_best_response(
    which: str, solved_no_blind: Strategy,
) -> None:
    """No blind play: with nothing known, the best action of every hand at the root, averaged
    over the hands dealt, is what the solver's exact best response wins (chips per deal)."""
    strategy = solved_no_blind if which == "solved" else _random(NO_BLIND, 1)
    tree, space = strategy.tree, strategy.space
    hands = _all_hands(strategy)
    best = [float(np.max(action_values(strategy, 0, h))) for h in hands]
    exact = best_response(tree, space, strategy.table, 0)[0]
    assert sum(best) / len(hands) == pytest.approx(exact, abs=1e-9)


@pytest.mark.parametrize("which", ["solved", "random"])
def test_seat_1_best_response_hand_by_hand_is_the_exact_best_response(
    which: str, solved_no_blind: Strategy,
) -> None:
    """Seat 1 acts after seat 0's first action: its best response is the best action at each
    child of the root, weighted by how many of seat 0's hands (disjoint from ours) take that
    action, counted here hand by hand."""
    strategy = solved_no_blind if which == "solved" else _random(NO_BLIND, 2)
    tree, space = strategy.tree, strategy.space
    total = 0.0
    for h in _all_hands(strategy):
        disjoint = ~np.isin(space.hands, h).any(axis=1)  # seat 0's hands, one by one
        assert disjoint.sum() == space.opponents
        cls = space.hand_class[disjoint]
        for e in tree.edges_of(0):
            mass = float(strategy.table[e, cls].sum())
            child = int(tree.child[e])
            if child < 0:  # seat 0 folded: seat 1 wins seat 0's ante (B5)
                assert int(tree.kind[e]) == Kind.FOLD
                total += mass * NO_BLIND.ante
            elif mass > 0:
                total += mass * float(np.max(action_values(strategy, child, h)))
    total /= space.n_hands * space.opponents
    exact = best_response(tree, space, strategy.table, 1)[0]
    assert total == pytest.approx(exact, abs=1e-9)


def test_playing_the_strategy_first_then_best_lies_between_its_value_and_the_best_response(
    solved_no_blind: Strategy,
) -> None:
    """Mixing the root's values with the strategy's own probabilities is the value of playing
    the strategy at the root and a best response after it: at least the strategy's value, at
    most the best response's. (Not equal to the strategy's value: below the root the
    action values already answer best.)"""
    for strategy in (solved_no_blind, _random(NO_BLIND, 3)):
        tree, space = strategy.tree, strategy.space
        mixed = 0.0
        for h in _all_hands(strategy):
            probs = strategy.node_probabilities(0, space.class_of([Card(c) for c in h]))
            mixed += float(probs @ action_values(strategy, 0, h))
        mixed /= space.n_hands
        own = values(tree, space, strategy.table)[0]
        exact = best_response(tree, space, strategy.table, 0)[0]
        assert own - 1e-9 <= mixed <= exact + 1e-9


def test_knowing_ones_cards_while_blind_is_worth_at_least_the_best_response_rule_BL6() -> None:
    """With blind play the exact best response must pick one root action for every hand
    (BL6); a player who knows their cards (D5) picks per hand, so does at least as well. A look
    is free, so its value is the value of the node it leads to."""
    strategy = _random(BLIND, 4)
    tree, space = strategy.tree, strategy.space
    look_edge = tree.step(0, "look")
    look_node = int(tree.child[look_edge])
    informed, look, after = 0.0, 0.0, 0.0
    for h in _all_hands(strategy):
        root = action_values(strategy, 0, h)
        informed += float(np.max(root))
        look += float(root[look_edge - tree.first_edge[0]])
        after += float(np.max(action_values(strategy, look_node, h)))
    exact = best_response(tree, space, strategy.table, 0)[0]
    assert informed / space.n_hands >= exact - 1e-9
    assert look == pytest.approx(after, abs=1e-9)


# -- the brute-force reference, with knowledge -----------------------------------------------


KNOWLEDGE = [
    {},
    {"known": "Kh"},
    {"known": "Kh Jd"},
    {"dead": "As Qh Jc"},
    {"known": "Qd", "dead": "Ac Kd"},
    {"carried": 4.0},
    {"known": "Ks Jh", "carried": 3.0},
]


@pytest.mark.parametrize("options", KNOWLEDGE, ids=lambda o: ",".join(o) or "nothing")
@pytest.mark.parametrize("abstraction", [NO_BLIND, BLIND], ids=["no-blind", "blind"])
def test_action_values_match_a_brute_force_reference(
    abstraction: Abstraction, options: dict[str, Any],
) -> None:
    """Every decision node, a few hands each: the values agree with the hand-by-hand
    enumeration (rules B5, B6, H8, BL3; cards known to be elsewhere by D5)."""
    strategy = _random(abstraction, 5)
    tree = strategy.tree
    rng = np.random.default_rng(6)
    blocked = set(_cards(str(options.get("known", "")))) | set(_cards(str(options.get("dead", ""))))
    hands = [h for h in _all_hands(strategy) if not set(h) & blocked]
    checked = 0
    for node in range(tree.n_nodes):
        for i in rng.choice(len(hands), size=3, replace=False):
            hand = hands[int(i)]
            want = reference(strategy, node, hand, **options)
            assert want is not None
            got = action_values(strategy, node, hand, **options)
            assert got.shape == (len(tree.edges_of(node)),)
            assert np.allclose(got, want, rtol=0, atol=1e-9), (tree.history(node), hand)
            checked += 1
    assert checked == 3 * tree.n_nodes


def test_a_solved_strategy_matches_the_reference_or_both_find_no_fitting_hand(
    solved_blind: Strategy,
) -> None:
    """A solved strategy has zero probabilities: where no opponent hand fits their betting and
    the known cards, action_values raises BragError, exactly where the reference finds none."""
    strategy = solved_blind
    tree = strategy.tree
    rng = np.random.default_rng(7)
    hands = [h for h in _all_hands(strategy) if not set(h) & set(_cards("Ah Ad"))]
    raised = 0
    for node in range(tree.n_nodes):
        for i in rng.choice(len(hands), size=2, replace=False):
            hand = hands[int(i)]
            want = reference(strategy, node, hand, known="Ah Ad")
            if want is None:
                with pytest.raises(BragError):
                    action_values(strategy, node, hand, known="Ah Ad")
                raised += 1
                continue
            got = action_values(strategy, node, hand, known="Ah Ad")
            assert np.allclose(got, want, rtol=0, atol=1e-9), (tree.history(node), hand)
    assert raised < 2 * tree.n_nodes


@pytest.mark.parametrize("seed", [8, 9])
def test_blind_bets_read_as_informed_match_the_reference_rules_BL1_BL6(seed: int) -> None:
    strategy = _random(BLIND, seed)
    tree = strategy.tree
    rng = np.random.default_rng(seed)
    hands = [h for h in _all_hands(strategy) if int(parse_cards("Qs")[0]) not in h]
    differs = 0
    for node in range(tree.n_nodes):
        hand = hands[int(rng.integers(len(hands)))]
        want = reference(strategy, node, hand, known="Qs", blind_informed=True)
        got = action_values(strategy, node, hand, known="Qs", blind_informed=True)
        assert want is not None
        assert np.allclose(got, want, rtol=0, atol=1e-9), tree.history(node)
        plain = action_values(strategy, node, hand, known="Qs")
        differs += not np.allclose(got, plain)
    assert differs > 0  # reading blind bets as informed changes the answer somewhere


# -- (b), (c) small cases by hand ------------------------------------------------------------


def _by_label(strategy: Strategy, node: int, values_: FloatArray) -> dict[str, float]:
    tree = strategy.tree
    return {tree.label(e): round(float(v), 12) for e, v in zip(tree.edges_of(node), values_,
                                                                  strict=True)}


@pytest.fixture(scope="module")
def uniform_no_blind() -> Strategy:
    tree, space = betting_tree(NO_BLIND), hand_space(NO_BLIND)
    return Strategy(NO_BLIND, uniform_strategy(tree, space))


def test_against_a_known_better_prial_a_see_loses_what_we_put_in_rules_B6_H3(
    uniform_no_blind: Strategy,
) -> None:
    """Seat 0 bet 1 (pot 1 + 1 + 1). Seat 1 holds a pair of aces and knows seat 0's three
    kings. Fold: -1 (the ante). See for 2: -(1 + 2). Bet 2: seat 0 (at the cap: fold or see
    for 4, evenly) folds, +2, or sees and wins, -3: -0.5. Bet 1: +2 or -2 evenly: 0."""
    s = uniform_no_blind
    node = s.tree.find(["bet 1"])
    got = _by_label(s, node, action_values(s, node, "As Ad Qc", known="Kh Kd Kc"))
    assert got == {"fold": -1.0, "bet 1": 0.0, "bet 2": -0.5, "see 2": -3.0}
    assert got["fold"] >= got["see 2"]


def test_against_a_known_worse_prial_a_see_wins_the_pot_rules_B6_H3(
    uniform_no_blind: Strategy,
) -> None:
    """Three aces against three kings: a see for 2 wins what seat 0 put in, 2. Bet 1: +2 on a
    fold, +4 when seen. Bet 2: +2 or +6."""
    s = uniform_no_blind
    node = s.tree.find(["bet 1"])
    got = _by_label(s, node, action_values(s, node, "As Ah Ad", known="Kh Kd Kc"))
    assert got == {"fold": -1.0, "bet 1": 3.0, "bet 2": 4.0, "see 2": 2.0}


def test_equal_hands_go_against_the_seer_rule_H8(uniform_no_blind: Strategy) -> None:
    """K-K-Q against an equal K-K-Q: our see loses (-3), but when we are seen we win (bet 2:
    +2 on a fold, +6 when seen)."""
    s = uniform_no_blind
    node = s.tree.find(["bet 1"])
    got = _by_label(s, node, action_values(s, node, "Kh Kc Qd", known="Ks Kd Qh"))
    assert got == {"fold": -1.0, "bet 1": 3.0, "bet 2": 4.0, "see 2": -3.0}


def test_a_carried_pot_goes_to_the_winner_rule_BL3(uniform_no_blind: Strategy) -> None:
    """A carried pot adds exactly its size wherever we take the pot, and nothing to a fold."""
    s = uniform_no_blind
    node = s.tree.find(["bet 1"])
    plain = _by_label(s, node, action_values(s, node, "As Ah Ad", known="Kh Kd Kc"))
    carried = _by_label(s, node, action_values(s, node, "As Ah Ad", known="Kh Kd Kc",
                                               carried=5))
    assert carried["see 2"] == plain["see 2"] + 5
    assert carried["bet 1"] == plain["bet 1"] + 5  # folded to or seen: we win either way
    assert carried["fold"] == plain["fold"]
    losing = _by_label(s, node, action_values(s, node, "As Ad Qc", known="Kh Kd Kc",
                                              carried=5))
    assert losing["see 2"] == -3.0  # a lost see loses what we put in, no more
    assert losing["bet 2"] == 0.5 * (2 + 5) + 0.5 * -3


def test_folding_to_a_blind_player_leaves_the_folder_a_share_rule_BL3() -> None:
    """Seat 0 bet blind 1 (2 + 1 in); seat 1 looks and folds: with a share of 0.6 the folder
    keeps 0.4 of the pot, carried pot included: 0.4 * 3 - 1 and 0.4 * (3 + 5) - 1."""
    s = _random(BLIND, 10)
    node = s.tree.find(["blind 1", "look"])
    assert s.tree.label(next(iter(s.tree.edges_of(node)))) == "fold"
    assert action_values(s, node, "Js Jh Qc")[0] == pytest.approx(0.2)
    assert action_values(s, node, "Js Jh Qc", carried=5)[0] == pytest.approx(2.2)


# -- (d) what cannot be ----------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "options"), [
    ("As Ad Qc", {"known": "As"}),                 # their card is in our hand
    ("As Ad Qc", {"known": "Kh", "dead": "Kh"}),   # their card is in the stock
    ("As Ad", {}),                                 # not a hand of three
    ("As Ad Qc", {"known": "Kh Kd Kc Ks"}),        # no hand holds four known cards
    ("As Ad Qc", {"known": "2s"}),                 # not a card of this pack
    ("As Ad Qc", {"dead": "Ks Kh Kd Kc Qs Qh Qd Jc Jd Jh Js Ah Ac"}),  # no cards left
])
def test_impossible_knowledge_is_a_brag_error(
    uniform_no_blind: Strategy, hand: str, options: dict[str, Any],
) -> None:
    s = uniform_no_blind
    with pytest.raises(BragError):
        action_values(s, s.tree.find(["bet 1"]), hand, **options)


def test_a_hand_their_betting_rules_out_is_a_brag_error() -> None:
    """If seat 0 never bets 1 with three kings, knowing they hold them after ``bet 1`` fits
    no hand."""
    tree, space = betting_tree(NO_BLIND), hand_space(NO_BLIND)
    table = uniform_strategy(tree, space)
    kings = space.class_of("Kh Kd Kc")
    table[tree.step(0, "bet 1"), kings] = 0.0
    s = Strategy(NO_BLIND, table)
    node = tree.find(["bet 1"])
    with pytest.raises(BragError):
        action_values(s, node, "As Ad Qc", known="Kh Kd Kc")
    action_values(s, node, "As Ad Qc", known="Kh Kd")  # K-K-x of another class still fits
    action_values(s, tree.find(["bet 2"]), "As Ad Qc", known="Kh Kd Kc")


# -- (e) informed_blind -----------------------------------------------------------------------


@pytest.mark.parametrize("which", ["solved", "random"])
def test_informed_blind_follows_the_open_strategy_rules_BL1_BL2(
    which: str, solved_blind: Strategy,
) -> None:
    strategy = solved_blind if which == "solved" else _random(BLIND, 11)
    tree = strategy.tree
    blind_nodes = [n for n in range(tree.n_nodes) if tree.blind_actor[n]]
    assert len(blind_nodes) >= 3
    for node in blind_nodes:
        table = informed_blind(strategy, node)
        edges = tree.edges_of(node)
        assert table.shape == (len(edges), strategy.space.n_classes)
        assert np.all(table >= 0)
        assert np.allclose(table.sum(axis=0), 1)
        assert np.allclose(table, _informed_table(strategy, node), rtol=0, atol=1e-12)


def test_informed_blind_at_the_root_and_facing_an_open_bet_by_hand_rules_BL1_BL4() -> None:
    s = _random(BLIND, 12)
    tree, t = s.tree, s.table

    def row(history: list[str], label: str) -> FloatArray:
        return np.asarray(t[tree.step(tree.find(history), label)], dtype=np.float64)

    root = informed_blind(s, 0)
    assert [tree.label(e) for e in tree.edges_of(0)] == ["look", "blind 1"]
    assert np.allclose(root[1], row(["look"], "bet 2"))  # blind 1 sets the stake to 2 (BL1)
    assert np.allclose(root[0], row(["look"], "fold") + row(["look"], "bet 1"))

    node = tree.find(["look", "bet 1"])  # seat 1, blind, faces an open bet of 1
    assert [tree.label(e) for e in tree.edges_of(node)] == ["look", "blind 1", "see 1"]
    facing = informed_blind(s, node)
    after = ["look", "bet 1", "look"]
    assert np.allclose(facing[1], row(after, "bet 2"))
    assert np.allclose(facing[2], row(after, "see 2"))  # BL4: twice the blind stake
    assert np.allclose(facing[0], row(after, "fold") + row(after, "bet 1"))


def test_a_kept_hand_leaves_out_the_weaker_ones_rule_R2(uniform_no_blind: Strategy) -> None:
    """``stronger_than`` drops the opponent's hands weaker than that share of all hands: with
    only hands better than ours left, a see always loses what we put in (-3), and with none
    left at all there is no range to play against."""
    s = uniform_no_blind
    node = s.tree.find(["bet 1"])
    ours = "As Ad Qc"
    share = float(hand_percentiles(s.space)[s.space.class_of(ours)])
    got = _by_label(s, node, action_values(s, node, ours, stronger_than=share + 1e-9))
    assert got["see 2"] == -3.0
    wide = _by_label(s, node, action_values(s, node, ours))
    assert wide["see 2"] > got["see 2"]  # the whole range: some hands we beat
    with pytest.raises(BragError):
        action_values(s, node, ours, stronger_than=1.01)
