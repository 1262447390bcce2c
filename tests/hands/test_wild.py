"""Wild cards: every example of RULES.md W2 and W3, the three forms of W1, the braggers of S1,
and the tables' wild-card values against trying every substitution."""

from __future__ import annotations

import itertools
import random

import pytest

from bragkit.cards import JOKER_INDEX, parse_cards
from bragkit.hands import BRAGGERS, Category, Ordering, evaluate, strength_table, wild_set
from bragkit.hands.orderings import hand_classes
from bragkit.hands.rank import WILD_SLOTS
from bragkit.hands.wild import best_by_substitution

from .reference import key as reference_key

TWOS = "2s 2h 2d 2c"


# --- rule W2 -----------------------------------------------------------------------------------


def test_w2_wild_hearts_8_7_is_the_running_flush_9_8_7() -> None:
    """W2: W♥8♥7 is the running flush 9-8-7."""
    rank = evaluate("Jk 8h 7h")
    assert rank.category is Category.RUNNING_FLUSH and rank.ranks == (9, 8, 7)
    assert str(rank) == "running flush, 9-8-7 (1 wild)"


def test_w2_king_wild_wild_is_the_prial_of_kings_not_threes() -> None:
    """W2: K-W-W is the prial of kings (not threes)."""
    rank = evaluate("Kc 2s 2h", wild=TWOS)
    assert str(rank) == "prial of kings (2 wilds)"
    assert rank < evaluate("3c 3s 3h") and rank.ranks == (13, 13, 13)


def test_w2_three_wild_cards_take_the_best_value_the_prial_of_threes() -> None:
    """W2 [decision]: a hand takes the best value it can, so W-W-W and 3-W-W are prials of
    threes in the standard order (and prials of aces where aces are high)."""
    assert str(evaluate("Jk Jk Jk")) == "prial of threes (3 wilds)"
    assert str(evaluate("3d 2s 2c", wild=TWOS)) == "prial of threes (2 wilds)"
    assert str(evaluate("Jk Jk Jk", ordering="nine-card")) == "prial of aces (3 wilds)"
    assert str(evaluate("Jk Jk Jk Jk", ordering="crash")) == "four fours (4 wilds)"


def test_w2_a_wild_card_never_stands_for_a_card_already_held() -> None:
    """W2: K♥ 5♥ W is the flush A-K-5 (a flush cannot hold a pair), not K♥ K♥ 5♥."""
    assert str(evaluate("Kh 5h Jk")) == "flush, A-K-5 (1 wild)"


# --- rule W3 -----------------------------------------------------------------------------------


def test_w3_wild_987_beats_natural_876_beats_wild_876() -> None:
    """W3: W♥8♥7 > ♣8♣7♣6 > ♦8W♦6."""
    assert evaluate("Jk 8h 7h") > evaluate("8c 7c 6c") > evaluate("8d Jk 6d")


def test_w3_fewer_wild_cards_beat_more_and_any_better_hand_beats_them() -> None:
    """W3: ♠K♦KW > ♣KWW > ♣Q♦Q♥Q."""
    assert evaluate("Ks Kd Jk") > evaluate("Kc Jk Jk") > evaluate("Qc Qd Qh")
    assert evaluate("Ks Kd 2h", wild=TWOS) > evaluate("Kc 2s 2h", wild=TWOS)


def test_w3_natural_beats_the_same_hand_with_wild_cards() -> None:
    """W3: between hands otherwise equal, the hand with no wild card wins."""
    natural, wild = evaluate("Ks Kh Kd"), evaluate("Ks Kh Jk")
    assert natural > wild and natural.base == wild.base
    assert (natural.wilds, wild.wilds) == (0, 1)


# --- rule W1 and S1: which cards are wild ------------------------------------------------------


def test_w1_named_cards_all_of_a_rank_and_jokers_combine() -> None:
    """W1: named cards (the one-eyed jacks), all of a rank (twos) and jokers, also together."""
    one_eyed = "Js Jh"
    assert evaluate("Js 9d 9c", wild=one_eyed).category is Category.PRIAL
    assert evaluate("Jd 9d 9c", wild=one_eyed).category is Category.PAIR
    both = wild_set(f"{one_eyed} {TWOS}")
    assert JOKER_INDEX in both and len(both) == 7
    rank = evaluate("Js 2d Jk", wild=both)
    assert rank.wilds == 3 and str(rank) == "prial of threes (3 wilds)"


def test_w1_jokers_are_always_wild_and_may_repeat() -> None:
    """W1: a joker is wild without being named, and a pack may hold several."""
    assert evaluate("Jk Jk 5s").wilds == 2
    assert JOKER_INDEX in wild_set(())


def test_s1_s3_a_natural_beats_an_equal_hand_with_braggers() -> None:
    """S1, S3: the braggers ♦A ♣J ♦9 are wild; a natural hand beats an equal one with braggers."""
    natural = evaluate("Ks Kh Kc", ordering="historic", wild=BRAGGERS)
    braggers = evaluate("Ks Kh Ad", ordering="historic", wild=BRAGGERS)
    assert braggers.category is Category.PRIAL and braggers.wilds == 1
    assert natural > braggers > evaluate("Qs Qh Qc", ordering="historic", wild=BRAGGERS)
    assert str(evaluate("Ad Jc 9d", ordering="historic", wild=BRAGGERS)) == (
        "pair royal of aces (3 wilds)"
    )


# --- the tables against brute force ------------------------------------------------------------


def _brute(
    cards: tuple[int, ...], ordering: str, wild: frozenset[int]
) -> tuple[tuple[int, ...], int]:
    """W2 and W3 by hand: the best reference key over every substitution, then fewer wild cards
    (as a negative count, so that larger is better throughout)."""
    naturals = [c for c in cards if c not in wild]
    wilds = len(cards) - len(naturals)
    best = max(
        reference_key([*naturals, *subs], ordering)
        for subs in itertools.combinations([c for c in range(52) if c not in naturals], wilds)
    )
    return best, -wilds


@pytest.mark.parametrize("ordering", ["standard", "nine-card", "teen-patti", "historic"])
def test_w2_tables_match_trying_every_substitution(ordering: str) -> None:
    """W2/W3: for a sample of hands holding one or two wild cards (twos and a joker wild), the
    table's strength ranks exactly as the best substitution found by brute force."""
    wild = wild_set(TWOS)
    table = strength_table(ordering, TWOS)
    rng = random.Random(ordering)
    samples = []
    for _ in range(60):
        naturals = rng.sample([c for c in range(52) if c not in wild], rng.choice([1, 2]))
        wilds = rng.sample([*sorted(wild | {JOKER_INDEX}), JOKER_INDEX], 3 - len(naturals))
        samples.append(tuple(naturals + wilds))
    samples.append((JOKER_INDEX, JOKER_INDEX, JOKER_INDEX))
    theirs = {h: _brute(h, ordering, wild) for h in samples}
    ours = {h: int(table[h]) for h in samples}
    for a, b in itertools.combinations(samples, 2):
        assert (ours[a] > ours[b]) == (theirs[a] > theirs[b]), (a, b)
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b]), (a, b)


@pytest.mark.parametrize("ordering", [o.value for o in Ordering])
def test_w2_every_one_joker_hand_matches_substitution(ordering: str) -> None:
    """W2: every hand of two cards and a joker takes exactly the best substitution's class."""
    table = strength_table(ordering)
    wild = wild_set(())
    classes = hand_classes(ordering)
    for x, y in itertools.combinations(range(0, 52, 3), 2):
        base, held = best_by_substitution([x, y, JOKER_INDEX], ordering, wild)
        assert int(table[x, y, JOKER_INDEX]) == base * WILD_SLOTS + WILD_SLOTS - 1 - held
        assert classes[base].category is not None


def test_wild_set_parses_text_and_refuses_bad_cards() -> None:
    from bragkit.errors import InvalidCardError

    assert wild_set("2s,2c") == frozenset(int(c) for c in parse_cards("2s 2c")) | {JOKER_INDEX}
    with pytest.raises(InvalidCardError):
        wild_set("2x")
