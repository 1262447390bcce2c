"""Hand strength for bots: values, quantiles, opponent hands (rules H2-H9, W1-W3, F1, F3)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.bots.strength import HandSpace, best_discards, kept_cards
from bragkit.cards import Card, parse_cards
from bragkit.games.three_card.rules import Rules
from bragkit.hands import best_hand, evaluate


def test_quantile_orders_hands_like_the_evaluator_rule_H2() -> None:
    space = HandSpace.of(Rules())
    hands = ["2s 3h 5d", "Ah Kd 9c", "2s 2h 5d", "As Ks 9s", "4s 5h 6d", "4s 5s 6s", "As Ah Ad",
             "3s 3h 3d"]
    quantiles = [space.quantile(space.value(parse_cards(h))) for h in hands]
    assert quantiles == sorted(quantiles)
    assert quantiles[0] < 0.01 and quantiles[-1] > 0.999


def test_quantile_of_a_pair_matches_the_counts_of_rule_H9() -> None:
    space = HandSpace.of(Rules())
    # pairs and better are 5,660 of 22,100 hands (H9): the lowest pair beats the rest
    low_pair = space.quantile(space.value(parse_cards("2s 2h 3d")))
    assert abs(low_pair - (22100 - 5660) / 22100) < 0.001


def test_opponent_values_leave_out_known_cards_exactly() -> None:
    space = HandSpace.of(Rules())
    known = parse_cards("Qh Qs 4d 7c")
    values = space.opponent_values(known=known)
    assert len(values) == 48 * 47 * 46 // 6
    # no hand holding a known card: the prials of queens left hold only Qd Qc, so none
    queens = int(evaluate("Qh Qs Qd").value)
    assert queens not in set(values.tolist())


def test_opponent_values_with_cards_known_in_their_hand() -> None:
    space = HandSpace.of(Rules())
    values = space.opponent_values(known=parse_cards("2c"), holding=parse_cards("As Ah"))
    assert len(values) == 49  # the third card is any of the 49 others
    assert int(values.max()) == evaluate("As Ah Ad").value
    full = space.opponent_values(known=(), holding=parse_cards("As Ah Ad"))
    assert full.tolist() == [evaluate("As Ah Ad").value]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([4, 5]), st.integers(0, 2**32 - 1))
def test_sampled_hands_play_their_best_three_rules_F1_F3(cards: int, seed: int) -> None:
    rules = Rules(cards=cards)
    space = HandSpace.of(rules)
    rng = random.Random(seed)
    hand = tuple(Card(c) for c in rng.sample(range(52), cards))
    assert space.value(hand) == best_hand(hand).rank.value
    values = space.opponent_values(known=hand[:2], rng=random.Random(seed), samples=50)
    assert len(values) == 50 and int(values.min()) >= 0


def test_wild_cards_and_jokers_count_rules_W1_W2() -> None:
    space = HandSpace.of(Rules(jokers=2, wild=("2",)))
    value = space.value(parse_cards("Kc Jk 2h"))
    assert value == evaluate("Kc Jk 2h", wild="2s 2h 2d 2c").value
    values = space.opponent_values(known=parse_cards("Jk"))
    assert len(values) == 53 * 52 * 51 // 6  # 52 cards and the other joker


def test_quantiles_vectorised_agree() -> None:
    space = HandSpace.of(Rules())
    values = space.values[:50]
    assert np.allclose(space.quantiles(values), [space.quantile(int(v)) for v in values])


def test_best_discards_and_kept_cards_rule_F1() -> None:
    hand = parse_cards("Qh Qs 4d 9c 2c")
    assert best_discards(hand, Rules(cards=5), 2) == parse_cards("4d 2c")
    assert kept_cards(hand, parse_cards("4d 2c")) == parse_cards("Qh Qs 9c")


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_exact_chances_against_two_match_brute_force(seed: int) -> None:
    """Inclusion–exclusion against two opponents, checked by dealing every pair of hands from
    a pack with all but nine cards known."""
    import itertools

    space = HandSpace.of(Rules())
    rng = random.Random(seed)
    cards = [Card(c) for c in rng.sample(range(52), 52)]
    mine, rest = cards[:3], cards[3:12]
    known = cards[:3] + cards[12:]
    value = space.value(mine)
    win = safe = total = 0
    for first in itertools.combinations(rest, 3):
        left = [c for c in rest if c not in first]
        for second in itertools.combinations(left, 3):
            best = max(space.value(first), space.value(second))
            total += 1
            win += value > best
            safe += value >= best
    got = space.chances(value, known=known, opponents=2)
    assert got == (win / total, safe / total)
    one = space.chances(value, known=known, opponents=1)
    hands = list(itertools.combinations(rest, 3))
    assert one[0] == sum(value > space.value(h) for h in hands) / len(hands)
