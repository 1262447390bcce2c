"""The orders of hands: every example of RULES.md H3–H8, and N3, H10, S3, C3 (exhaustively
against the independent statement in ``reference.py``)."""

from __future__ import annotations

import itertools

import pytest

from bragkit.cards import parse_cards
from bragkit.hands import Category, Ordering, evaluate
from bragkit.hands.orderings import hand_classes

from .reference import key as reference_key

ALL_HANDS = list(itertools.combinations(range(52), 3))


def strictly_decreasing(hands: list[str], ordering: str = "standard") -> bool:
    ranks = [evaluate(h, ordering=ordering) for h in hands]
    return all(a > b for a, b in itertools.pairwise(ranks))


# --- rule H2: categories ---------------------------------------------------------------------


def test_h2_categories_high_to_low() -> None:
    """H2: prial > running flush > run > flush > pair > high card."""
    hands = ["2s 2h 2d", "4h 3h 2h", "4h 3s 2h", "Ah Kh 9h", "As Ad Kc", "As Kd Jc"]
    assert [evaluate(h).category for h in hands] == [
        Category.PRIAL, Category.RUNNING_FLUSH, Category.RUN,
        Category.FLUSH, Category.PAIR, Category.HIGH_CARD,
    ]
    assert strictly_decreasing(hands)


# --- rule H3: prials -------------------------------------------------------------------------


def test_h3_prial_of_threes_is_best_then_aces_down_to_twos() -> None:
    """H3: 3-3-3 is the best; then A-A-A, K-K-K, … 4-4-4, 2-2-2."""
    order = ["3s 3h 3d", "As Ah Ad", "Ks Kh Kd", "Qs Qh Qd", "5s 5h 5d", "4s 4h 4d", "2s 2h 2d"]
    assert strictly_decreasing(order)


# --- rule H4: runs ---------------------------------------------------------------------------


def test_h4_a23_is_the_best_run_then_akq_down_to_432() -> None:
    """H4: A-2-3 best, then A-K-Q, K-Q-J, … 4-3-2."""
    runs = ["As 2h 3d", "As Kh Qd", "Ks Qh Jd", "Qs Jh Td", "5s 4h 3d", "4s 3h 2d"]
    assert strictly_decreasing(runs)
    assert all(evaluate(r).category is Category.RUN for r in runs)
    flushes = [r.replace("h", "s").replace("d", "s") for r in runs]
    assert strictly_decreasing(flushes)
    assert all(evaluate(r).category is Category.RUNNING_FLUSH for r in flushes)


def test_h4_kA2_is_not_a_run() -> None:
    """H4: K-A-2 is not a run (it is a high card hand; of one suit, a flush)."""
    assert evaluate("Ks Ah 2d").category is Category.HIGH_CARD
    assert evaluate("Ks As 2s").category is Category.FLUSH


def test_h4_any_running_flush_beats_any_run() -> None:
    """H4 (and the seed's example): 4♥3♥2♥ beats 3♦2♣A♥ and A♥K♦Q♦."""
    assert evaluate("4h 3h 2h") > evaluate("3d 2c Ah")
    assert evaluate("4h 3h 2h") > evaluate("Ah Kd Qd")


# --- rules H5–H7: flushes, pairs, high cards -------------------------------------------------


def test_h5_flushes_compare_high_middle_low() -> None:
    """H5: K-9-2 > Q-T-5 > Q-T-3 > Q-9-8."""
    assert strictly_decreasing(["Kh 9h 2h", "Qs Ts 5s", "Qd Td 3d", "Qc 9c 8c"])


def test_h6_pairs_compare_pair_then_odd_card() -> None:
    """H6: 9-9-3 > 8-8-K > 8-8-J."""
    assert strictly_decreasing(["9s 9h 3d", "8s 8h Kd", "8c 8d Jh"])


def test_h7_high_cards_compare_highest_second_third() -> None:
    """H7: J-6-3 > T-9-7 > T-9-6."""
    assert strictly_decreasing(["Js 6h 3d", "Ts 9h 7d", "Tc 9d 6h"])


# --- rule H8: exact equality -----------------------------------------------------------------


def test_h8_hands_can_be_exactly_equal() -> None:
    """H8: with no suit order 7♠7♥Q♣ = 7♣7♦Q♦."""
    a, b = evaluate("7s 7h Qc"), evaluate("7c 7d Qd")
    assert a == b and not a < b and not a > b and hash(a) == hash(b)


# --- rule H10 and the other games' orders ----------------------------------------------------


def test_n3_nine_card_prials_aces_high_akq_top_run_a23_lowest() -> None:
    """N3: prials aces high; A-K-Q the top run, A-2-3 the lowest (below 4-3-2)."""
    assert strictly_decreasing(["As Ah Ad", "Ks Kh Kd", "3s 3h 3d", "2s 2h 2d"], "nine-card")
    assert strictly_decreasing(["As Kh Qd", "Ks Qh Jd", "4s 3h 2d", "As 2h 3d"], "nine-card")
    assert strictly_decreasing(["As Ks Qs", "4s 3s 2s", "As 2s 3s"], "nine-card")


def test_h10_teen_patti_trail_of_aces_akq_then_a23() -> None:
    """H10: Teen Patti: A-A-A best trail; A-K-Q the best sequence, A-2-3 the second."""
    assert strictly_decreasing(["As Ah Ad", "Ks Kh Kd", "3s 3h 3d", "2s 2h 2d"], "teen-patti")
    assert strictly_decreasing(["As Kh Qd", "As 2h 3d", "Ks Qh Jd", "4s 3h 2d"], "teen-patti")
    assert str(evaluate("As Ah Ad", ordering="teen-patti")) == "trail of aces"
    assert str(evaluate("As Ks Qs", ordering="teen-patti")) == "pure sequence, A-K-Q"


def test_s3_historic_knows_only_prial_pair_high_card() -> None:
    """S3: pair royal (aces high, twos low), pair, high card; flushes and runs are nothing."""
    assert strictly_decreasing(["As Ah Ad", "3s 3h 3d", "2s 2h 2d", "As Ah 2d"], "historic")
    run_flush = evaluate("9s 8s 7s", ordering="historic")
    assert run_flush.category is Category.HIGH_CARD
    assert run_flush == evaluate("9h 8d 7c", ordering="historic")
    assert run_flush < evaluate("Ts 4h 2d", ordering="historic")


def test_s3_equal_pairs_go_by_the_third_card() -> None:
    """S3: equal pairs go by the third card."""
    assert evaluate("8s 8h Kd", ordering="historic") > evaluate("8c 8d Qh", ordering="historic")


def test_c3_crash_four_fours_best_then_aces_down() -> None:
    """C3: four of a kind above everything: 4-4-4-4, then A-A-A-A, K-K-K-K … 2-2-2-2."""
    quads = [f"{r}s {r}h {r}d {r}c" for r in "4AKQJT98765 3 2".replace(" ", "")]
    for ordering in ("crash", "crash-aces-high"):
        assert strictly_decreasing(quads, ordering)
        assert evaluate("2s 2h 2d 2c", ordering=ordering) > evaluate("3s 3h 3d", ordering=ordering)
        assert evaluate("4s 4h 4d 4c", ordering=ordering).category is Category.FOUR_OF_A_KIND


def test_c3_crash_three_card_order_is_standard_and_option_is_aces_high() -> None:
    """C3: three-card hands in the order of H; the house option makes prials aces high."""
    assert strictly_decreasing(["3s 3h 3d", "As Ah Ad", "2s 2h 2d", "As 2s 3s"], "crash")
    assert strictly_decreasing(
        ["As Ah Ad", "3s 3h 3d", "2s 2h 2d", "As 2s 3s", "As Ks Qs"], "crash-aces-high"
    )


def test_four_cards_are_only_a_hand_as_a_four_of_a_kind() -> None:
    """C2: a four of a kind may stand as a hand of four; nothing else may, nor in other games."""
    from bragkit.errors import InvalidCardError

    with pytest.raises(InvalidCardError):
        evaluate("4s 4h 4d 5c", ordering="crash")
    with pytest.raises(InvalidCardError):
        evaluate("4s 4h 4d 4c")


# --- exhaustive: every hand against the written rules ----------------------------------------


@pytest.mark.parametrize("ordering", [o.value for o in Ordering])
def test_every_hand_ranks_as_the_written_rules_say(ordering: str) -> None:
    """H2–H8, N3, H10, S3, C3: all 22,100 hands sort exactly as an independent statement of the
    rules sorts them, with exactly the same ties."""
    from bragkit.hands import strength_table

    table = strength_table(ordering)
    ours = {h: int(table[h]) for h in ALL_HANDS}
    theirs = {h: reference_key(h, ordering) for h in ALL_HANDS}
    dense_ours = {v: i for i, v in enumerate(sorted(set(ours.values())))}
    dense_theirs = {v: i for i, v in enumerate(sorted(set(theirs.values())))}
    assert all(dense_ours[ours[h]] == dense_theirs[theirs[h]] for h in ALL_HANDS)


def test_h9_741_distinct_strengths_in_the_standard_order() -> None:
    """H9: there are 741 distinct strengths."""
    assert len(hand_classes("standard")) == 741
    values = {evaluate(parse_cards([a, b, c])).value for a, b, c in ALL_HANDS}
    assert len(values) == 741


def test_an_ordering_hashes_as_its_name_so_dicts_find_it_either_way() -> None:
    """``Ordering.STANDARD == "standard"``, so both must find the same dict entry (the fast
    path of ``evaluate`` is a dict keyed by the ordering's name)."""
    from bragkit.hands import Ordering

    for order in Ordering:
        assert hash(order) == hash(order.value)
        assert {order.value: 1}[order] == 1
