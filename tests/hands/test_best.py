"""Four and five card brag: the best three, any three, and the discards (rules F1–F3)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands import BestHand, best_hand, evaluate, hand_of


def test_f1_keeps_the_best_three_of_four() -> None:
    """F1: a player who looks discards one, keeping the best three."""
    best = best_hand("Qh Qs 4d Qc")
    assert str(best.rank) == "prial of queens"
    assert best.discards == parse_cards("4d")


def test_f1_any_three_may_be_kept() -> None:
    """F1: "or any three: the choice is theirs"."""
    chosen = hand_of("Qh Qs 4d", "Qc")
    assert str(chosen.rank) == "pair of queens, 4 kicker"
    assert chosen < best_hand("Qh Qs 4d Qc")


def test_f1_between_equal_hands_the_discards_decide() -> None:
    """F1: between equal hands the discards decide."""
    assert hand_of("7s 7h Qc", "Kd") > hand_of("7c 7d Qd", "Jh")
    assert hand_of("7s 7h Qc", "2d") < hand_of("7c 7d Qd", "3h")


def test_f1_equal_discards_are_exactly_equal_hands() -> None:
    """F1: if the discards are equal too, the hands are equal (the seen player wins, B6)."""
    a, b = hand_of("7s 7h Qc", "Kd"), hand_of("7c 7d Qd", "Ks")
    assert a == b and not a < b and not a > b and hash(a) == hash(b)


def test_f3_five_cards_two_discards_compared_highest_first() -> None:
    """F3 [decision]: five-card brag keeps three; discards compare highest first."""
    best = best_hand("3c Ah 2c Kc Qc")
    assert str(best.rank) == "run, 3-2-A" and len(best.discards) == 2
    assert hand_of("9s 9h 5c", "Ad 2c") > hand_of("9d 9c 5s", "Kd Qh")
    assert hand_of("9s 9h 5c", "Ad 2c") < hand_of("9d 9c 5s", "Ac 3h")


def test_rank_comes_before_discards() -> None:
    assert hand_of("9s 9h 6c", "2d 3c") > hand_of("9d 9c 5s", "Ac Ah")


def test_best_hand_with_wild_cards() -> None:
    """F4, W2: wild cards are often used with four and five cards."""
    best = best_hand("Ks 2h Kd 7c", wild="2s 2h 2d 2c")
    assert str(best.rank) == "prial of kings (1 wild)" and best.discards == parse_cards("7c")


def test_crash_may_keep_four_of_a_kind() -> None:
    """C2: a four of a kind may stand as a hand of four."""
    best = best_hand("9s 9h 9d 9c 3s", ordering="crash", keep=4)
    assert str(best.rank) == "four nines" and best.discards == parse_cards("3s")
    with pytest.raises(InvalidCardError):
        best_hand("9s 9h 9d 8c 3s", ordering="crash", keep=4)


def test_bad_hands_are_refused() -> None:
    with pytest.raises(InvalidCardError):
        best_hand("As As Kd Qd")
    with pytest.raises(InvalidCardError):
        best_hand("As Kd")
    with pytest.raises(InvalidCardError):
        hand_of("As Kd Qd", "As")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=5, unique=True))
def test_best_hand_is_at_least_as_good_as_any_choice(indices: list[int]) -> None:
    """F1, F3: no other choice of three beats the best hand."""
    cards = [Card(i) for i in indices]
    best = best_hand(cards)
    assert isinstance(best, BestHand)
    assert sorted(best.kept + best.discards) == sorted(cards)
    for kept in itertools.combinations(cards, 3):
        other = hand_of(kept, [c for c in cards if c not in kept])
        assert other <= best
    assert best.rank == max(evaluate(k) for k in itertools.combinations(cards, 3))
