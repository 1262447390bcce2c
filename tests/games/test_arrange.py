"""Arranging hands into sets: Nine Card Brag (N3, N6) and Crash (C2–C4)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, parse_cards
from bragkit.errors import IllegalActionError, InvalidCardError, RulesError
from bragkit.games import arrange
from bragkit.games.arrange import (
    Arrangement,
    best_arrangement,
    category_of,
    check_crash_hands,
    describe_set,
    legal_arrangements,
    playable_sets,
    set_strength,
    win_chances,
)
from bragkit.games.crash import compare_strategies as compare_crash
from bragkit.games.nine_card import compare_strategies as compare_nine
from bragkit.hands import Category, Ordering, evaluate, strength_table

hands_of = st.lists(st.integers(0, 51), unique=True, min_size=13, max_size=13)
nines = st.lists(st.integers(0, 51), unique=True, min_size=9, max_size=9)


def cards(indices: list[int]) -> tuple[Card, ...]:
    return tuple(Card(i) for i in indices)


def s(text: str, ordering: str = "nine-card") -> int:
    return set_strength(text, ordering=ordering)


# --- the strength scale ------------------------------------------------------------------------


@pytest.mark.parametrize("ordering", ["nine-card", "crash", "crash-aces-high"])
def test_scale_keeps_the_evaluator_order_for_every_single_pack_set(ordering: str) -> None:
    """Rules N3/C3: the dense scale orders all 22,100 sets exactly as bragkit.hands does."""
    combos = np.array(list(itertools.combinations(range(52), 3)))
    theirs = strength_table(ordering)[combos[:, 0], combos[:, 1], combos[:, 2]].astype(int)
    ours = arrange.scale_table(Ordering.parse(ordering)).tri[
        combos[:, 0], combos[:, 1], combos[:, 2]].astype(int)
    order = np.argsort(theirs, kind="stable")
    assert (np.diff(ours[order]) >= 0).all()
    same = np.diff(theirs[order]) == 0
    assert (np.diff(ours[order])[same] == 0).all() and (np.diff(ours[order])[~same] > 0).all()


def test_nine_card_order_n3() -> None:
    """Rule N3: prials aces high; A-K-Q the best run, A-2-3 the lowest; flush; pair; high card."""
    assert s("As Ah Ad") > s("Ks Kh Kd") > s("3s 3h 3d") > s("2s 2h 2d") > s("Qh Kh Ah")
    assert s("As Kd Qc") > s("Ks Qd Jc") > s("4s 3d 2c") > s("As 2d 3c") > s("As 9s 2s")
    assert s("Ah 2h 3h") > s("As Kd Qc")  # any running flush beats any run
    assert s("2s 4s 6s") > s("As Ad Kc") > s("As Ad Qc") > s("Ks Kd Ac") > s("As Kd Jc")


def test_crash_order_c3() -> None:
    """Rule C3: four of a kind first (4444, then AAAA, KKKK …), then the standard order."""
    c = "crash"
    assert s("4s 4h 4d 4c", c) > s("As Ah Ad Ac", c) > s("Ks Kh Kd Kc", c) > s("2s 2h 2d 2c", c)
    assert s("2s 2h 2d 2c", c) > s("3s 3h 3d", c) > s("As Ah Ad", c)  # 3-3-3 top prial (H3)
    assert s("As 2s 3s", c) > s("As Ks Qs", c)  # rule H4: A-2-3 the best run
    hi = "crash-aces-high"
    assert s("As Ah Ad", hi) > s("Ks Kh Kd", hi) > s("3s 3h 3d", hi)  # C3 house option
    assert s("4s 4h 4d 4c", hi) > s("As Ah Ad Ac", hi)


def test_two_pack_sets_rank_as_decided() -> None:
    """Rule N1 [decision]: with two packs, twin cards make a prial, a flush or a pair."""
    assert s("As As Ah") == s("As Ad Ah")
    assert s("As As Kh") == s("As Ad Kh")
    assert describe_set("As As Ks") == "flush, A-A-K"
    assert s("As As Ks") > s("Ah Kh Jh")  # the best flush there is
    assert s("As As Ks") < s("2s 3d 4c")  # below the lowest run
    assert s("Ks Ks As") < s("As As 2s")  # H5: the highest card first
    assert s("3s 3s 2s") < s("5s 3s 2s") and s("3s 3s 2s") > s("As Ad Kc")
    with pytest.raises(InvalidCardError):
        set_strength("As As As")


def test_set_strength_refuses_bad_sets() -> None:
    with pytest.raises(InvalidCardError):
        set_strength("As Ks")
    with pytest.raises(InvalidCardError):
        set_strength("As Ks Qs Js", ordering="crash")  # a hand of four is four of a kind (C2)
    with pytest.raises(InvalidCardError):
        set_strength("4s 4h 4d 4c")  # no fours of a kind in Nine Card Brag
    with pytest.raises(InvalidCardError):
        set_strength("As Ks Jk")
    assert category_of(s("7s 7h 7d")) is Category.PRIAL


# --- Nine Card Brag arrangements ---------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(nines)
def test_nine_cards_split_280_ways_n3(indices: list[int]) -> None:
    """Rule N3: nine distinct cards split into three sets of three in exactly 280 ways, each a
    partition, strongest set first (N6)."""
    hand = cards(indices)
    found = list(legal_arrangements(hand))
    assert len(found) == 280
    keys = {a.key() for a in found}
    assert len(keys) == 280
    for a in found:
        assert len(a.sets) == 3 and all(len(x) == 3 for x in a.sets) and not a.discards
        assert Counter(c for x in a.sets for c in x) == Counter(hand)
        assert list(a.strengths) == sorted(a.strengths, reverse=True)
        assert list(a.strengths) == [s(" ".join(map(str, x))) for x in a.sets]


@settings(max_examples=30, deadline=None)
@given(nines, st.sampled_from(["greedy", "expected"]))
def test_best_arrangement_is_legal(indices: list[int], strategy: str) -> None:
    hand = cards(indices)
    best = best_arrangement(hand, strategy=strategy)  # type: ignore[arg-type]
    assert best in legal_arrangements(hand)
    if strategy == "greedy":  # the strongest set there is goes first
        top = max(s(" ".join(map(str, t))) for t in itertools.combinations(hand, 3))
        assert best.strengths[0] == top


def test_expected_strategy_breaks_a_prial_for_two_runs() -> None:
    """The Nine Card Brag source: breaking a prial to make two runs can score more."""
    hand = "8s 8h 8d 9c Tc 7s Jh 6d 2c"
    greedy = best_arrangement(hand, strategy="greedy")
    expected = best_arrangement(hand, strategy="expected")
    assert category_of(greedy.strengths[0]) is Category.PRIAL
    assert [category_of(x) for x in expected.strengths] == [Category.RUN, Category.RUN,
                                                            Category.PAIR]


def test_two_packs_arrangements_are_listed_once() -> None:
    """Rule N1: with two packs a hand may hold twins; equal arrangements are listed once."""
    hand = parse_cards("As As Kh Kh 7c 7c 2d 3d 4d")
    found = list(legal_arrangements(hand))
    assert len({a.key() for a in found}) == len(found) < 280


@settings(max_examples=25, deadline=None)
@given(nines, st.integers(0, 896))
def test_playable_sets_match_brute_force_n6(indices: list[int], cap: int) -> None:
    """Rule N6: a set is playable when it does not beat the last set and the rest can still be
    split into sets that do not beat it."""
    hand = cards(indices)
    for n in (9, 6):
        part = hand[:n]
        expected = set()
        for trio in itertools.combinations(part, 3):
            v = s(" ".join(map(str, trio)))
            if v > cap:
                continue
            rest = [c for c in part if c not in trio]
            if not rest or any(max(x) <= v for x in _splits(rest)):
                expected.add(frozenset(trio))
        got = {frozenset(t) for t in playable_sets(part, cap=cap)}
        assert got == expected


def _splits(rest: list[Card]) -> list[list[int]]:
    out = []
    for a in legal_arrangements(rest):
        out.append(list(a.strengths))
    return out


@settings(max_examples=25, deadline=None)
@given(nines, st.integers(0, 896))
def test_capped_arrangements_respect_n6(indices: list[int], cap: int) -> None:
    hand = cards(indices)[:6]
    found = legal_arrangements(hand, cap=cap)
    assert all(max(a.strengths) <= cap for a in found)
    everything = legal_arrangements(hand)
    assert len(found) == sum(1 for a in everything if max(a.strengths) <= cap)
    if len(found):
        for strategy in ("greedy", "expected"):
            best = best_arrangement(hand, cap=cap, strategy=strategy)  # type: ignore[arg-type]
            assert best in found
    else:
        with pytest.raises(IllegalActionError) as error:
            best_arrangement(hand, cap=cap)
        assert error.value.rule == "N6"


# --- Crash arrangements ------------------------------------------------------------------------


def _brute_force_crash(hand: tuple[Card, ...], floor: Category) -> set[tuple[object, ...]]:
    """Every maximal choice of up to four disjoint acceptable hands (C2, C4), by brute force."""
    options: list[frozenset[Card]] = []
    for trio in itertools.combinations(hand, 3):
        if category_of(set_strength(trio, ordering="crash"), ordering="crash") >= floor:
            options.append(frozenset(trio))
    for rank in {c.rank for c in hand}:
        quad = [c for c in hand if c.rank == rank]
        if len(quad) == 4:
            options.append(frozenset(quad))
    found: set[tuple[object, ...]] = set()

    def grow(chosen: list[frozenset[Card]], used: frozenset[Card], start: int) -> None:
        if len(chosen) == 4 or not any(not o & used for o in options):  # maximal
            key = tuple(sorted(tuple(sorted(h)) for h in chosen))
            found.add((key, tuple(sorted(set(hand) - used))))
        if len(chosen) == 4:
            return
        for i in range(start, len(options)):
            if not options[i] & used:
                grow([*chosen, options[i]], used | options[i], i + 1)

    grow([], frozenset(), 0)
    return found


@pytest.mark.parametrize("text", [
    "As Ah Ad Kc Qc Jc 7h 7s 2d 5h 8h 4s 3c",
    "2s 3s 4s 5h 6h 7h 8d 9d Td Jc Qc Kc Ac",
    "4s 4h 4d 4c 9s 9h 9d 9c Ks Qh 7d 5c 2s",
])
@pytest.mark.parametrize("floor", ["pair", "flush"])
def test_crash_listing_matches_brute_force_c2_c4(text: str, floor: str) -> None:
    """Rules C2, C4: up to four hands, fours of a kind as hands of four, nothing below
    ``min_category``, and no acceptable hand left among the discards."""
    hand = tuple(sorted(parse_cards(text)))
    listed = legal_arrangements(hand, min_category=floor)
    got = {a.key() for a in listed}
    assert len(got) == len(listed)
    assert got == _brute_force_crash(hand, Category[floor.upper()])


@settings(max_examples=15, deadline=None)
@given(hands_of, st.sampled_from(["high-card", "pair", "flush"]))
def test_crash_arrangements_are_valid(indices: list[int], floor: str) -> None:
    """Rules C2, C4: every listed arrangement is a legal one, played best first."""
    hand = cards(indices)
    listed = legal_arrangements(hand, min_category=floor)
    if floor == "high-card" and not any(
            len([c for c in hand if c.rank == r]) == 4 for r in {c.rank for c in hand}):
        assert len(listed) == 200_200
    picks = [listed[i] for i in np.random.default_rng(indices[0]).integers(0, len(listed), 20)]
    for a in picks:
        again = check_crash_hands(hand, a.sets, min_category=floor)
        assert again.key() == a.key()
        assert list(a.strengths) == sorted(a.strengths, reverse=True)
        assert Counter([*a.discards, *(c for x in a.sets for c in x)]) == Counter(hand)
    best = best_arrangement(hand, min_category=floor)
    assert best in listed
    greedy = best_arrangement(hand, min_category=floor, strategy="greedy")
    assert greedy in listed


def test_crash_four_of_a_kind_stands_as_a_hand_of_four_c2() -> None:
    hand = "As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc 2c"
    best = best_arrangement(hand, strategy="greedy")
    assert [len(x) for x in best.sets] == [4, 4, 4] and best.discards == parse_cards("2c")
    listed = legal_arrangements(hand)
    assert best in listed
    prials = check_crash_hands(hand, [parse_cards(x) for x in ["As Ah Ad", "Ks Kh Kd",
                                                               "Qs Qh Qd", "Ac Kc Qc"]])
    assert prials in listed
    assert check_crash_hands(hand, [parse_cards("As Ah Ad Ac")]) not in listed  # not maximal


def test_greedy_is_not_always_best_in_crash() -> None:
    """Four strong hands beat a four of a kind with a weak fourth hand."""
    hand = "As Ah Ad Ac Ks Kh Kd Qs Qh Qd Js Jh 2c"
    greedy = best_arrangement(hand, strategy="greedy")
    expected = best_arrangement(hand)
    assert category_of(greedy.strengths[3], ordering="crash") is Category.PAIR
    assert min(category_of(x, ordering="crash") for x in expected.strengths) is \
        Category.RUNNING_FLUSH


def test_check_crash_hands_names_the_rule() -> None:
    hand = "As Ah Ad Ac Ks Kh Kd Qs Qh Qd Js Jh 2c"
    cases = [
        ([parse_cards("As Ah"), ], "C2"),
        ([parse_cards("As Ks Qs Js")], "C2"),
        ([parse_cards("As Ah Ad")] * 2, "C1"),
        ([parse_cards("9s 9h 9d")], "C1"),
        ([parse_cards(x) for x in ["As Ah Ad", "Ks Kh Kd", "Qs Qh Qd", "Js Jh 2c", "Ac Jh Kd"]],
         "C2"),
    ]
    for hands, rule in cases:
        with pytest.raises(IllegalActionError) as error:
            check_crash_hands(hand, hands)
        assert error.value.rule == rule
    with pytest.raises(IllegalActionError) as error:
        check_crash_hands(hand, [parse_cards("Js Jh 2c")], min_category="flush")
    assert error.value.rule == "C4"
    fewer = check_crash_hands(hand, [parse_cards("Js Jh 2c"), parse_cards("As Ah Ad Ac")])
    assert str(fewer) == "As Ah Ad Ac | Js Jh 2c" and len(fewer.discards) == 6


def test_win_chances_grow_with_strength() -> None:
    weak = best_arrangement("2s 3h 5d 7c 9s Jh 4d 6c 8s Th Qd 2c 3c", strategy="greedy")
    strong = best_arrangement("4s 4h 4d 4c As Ah Ad Ks Kh Kd Qs Qh Qd", strategy="greedy")
    for players in (2, 3, 4):
        lo, hi = win_chances(weak, players=players), win_chances(strong, players=players)
        assert all(0 <= p <= 1 for p in lo + hi)
        assert all(a <= b for a, b in zip(lo, hi, strict=True))


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidCardError):
        legal_arrangements("As Ks Qs Js")
    with pytest.raises(InvalidCardError):
        legal_arrangements("As As As Ks Qs Js Ts 9s 8s")
    with pytest.raises(RulesError):
        best_arrangement("As Ah Ad Kc Qc Jc 7h 7s 2d", strategy="perfect")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        legal_arrangements("As Ah Ad Kc Qc Jc 7h 7s 2d 5h 8h 4s 3c", min_category="prial-ish")
    with pytest.raises(InvalidCardError):
        legal_arrangements("As Ah Ad Kc Qc Jc 7h 7s 2d 5h 8h 4s As", game="crash")


def test_arrangements_sequence_protocol() -> None:
    listed = legal_arrangements("As Ah Ad Kc Qc Jc 7h 7s 2d")
    assert isinstance(listed[0], Arrangement)
    assert len(listed[:5]) == 5
    assert listed[0] in listed and "nope" not in listed
    assert listed.cards == tuple(sorted(parse_cards("As Ah Ad Kc Qc Jc 7h 7s 2d")))


# --- strategies over many deals ----------------------------------------------------------------


def test_expected_strategy_scores_more_than_greedy_in_nine_card() -> None:
    """Points per deal for one seat (others greedy) over the same seeded deals (N4)."""
    scores = compare_nine(deals=150, seed=11)
    assert scores["greedy"] == pytest.approx(6.0, abs=0.6)  # 3+2+1 a round shared by three
    assert scores["expected"] > scores["greedy"]


def test_expected_strategy_scores_more_than_greedy_in_crash() -> None:
    """Points per deal for one seat (others greedy) over the same seeded deals (C4)."""
    scores = compare_crash(deals=40, seed=5, players=4)
    assert scores["expected"] > scores["greedy"]


def test_hands_evaluate_agrees_with_descriptions() -> None:
    for text in ["Qh Qs 4d", "As Kd Qc", "7s 8s 9s", "2c 2d 2h"]:
        assert describe_set(text) == str(evaluate(text, ordering="nine-card"))
