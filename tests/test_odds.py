"""Exact counts and equity (bragkit.odds): rule H9, head to head checked by brute force, and the
Monte Carlo estimate within its stated error."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from bragkit.cards import parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands import evaluate, strength_table
from bragkit.odds import (
    all_head_to_head,
    category_counts,
    distinct_strengths,
    equity,
    head_to_head,
    odds_against,
    probability_text,
    standing,
)


def test_h9_table_exactly() -> None:
    """H9: 4, 48, 48, 720, 1,096, 3,744, 16,440 of 22,100, with the sources' odds."""
    rows = category_counts()
    assert [(r.label, r.combinations) for r in rows] == [
        ("prial of threes", 4), ("other prials", 48), ("running flush", 48), ("run", 720),
        ("flush", 1096), ("pair", 3744), ("high card", 16440),
    ]
    assert all(r.total == 22100 for r in rows)
    assert [r.probability_text for r in rows] == [
        "1/5525", "1/460", "1/460", "1/31", "1/20", "1/6", "3/4"
    ]
    assert [r.odds for r in rows] == [
        "5524 to 1", "459 to 1", "459 to 1", "30 to 1", "19 to 1", "5 to 1", "3 to 1 on"
    ]
    assert distinct_strengths() == 741


def test_category_counts_with_jokers_and_wild_cards_sum_to_every_hand() -> None:
    """W1, W2: with jokers or wild twos every dealt hand is counted once, as its best value."""
    for kwargs, pack in (({"jokers": 2}, 54), ({"wild": "2s 2c"}, 52), ({"jokers": 1}, 53)):
        rows = category_counts(**kwargs)  # type: ignore[arg-type]
        assert sum(r.combinations for r in rows) == math.comb(pack, 3)
    # With one joker: every hand holding it is at least a pair; count prials by hand.
    rows = {r.label: r.combinations for r in category_counts(jokers=1)}
    # Natural prials 52, plus the joker with any natural pair (78 pairs): 130.
    assert rows["prial of threes"] + rows["other prials"] == 52 + 78


def test_odds_words() -> None:
    assert odds_against(1, 2) == "evens" and odds_against(2, 2) == "certain"
    assert odds_against(3, 4) == "3 to 1 on" and probability_text(0, 5) == "0"


def _brute_force(cards: tuple[int, ...], dead: frozenset[int] = frozenset()) -> tuple[int, ...]:
    table = strength_table()
    mine = int(table[cards])
    win = tie = lose = 0
    rest = [c for c in range(52) if c not in cards and c not in dead]
    for other in itertools.combinations(rest, 3):
        theirs = int(table[other])
        win += theirs < mine
        tie += theirs == mine
        lose += theirs > mine
    return win, tie, lose


def test_head_to_head_single_hand_is_exact_by_brute_force() -> None:
    for text in ("Qh Qs 4d", "3s 3h 3d", "5c 3d 2h", "7s 7h Qc"):
        cards = tuple(int(c) for c in parse_cards(text))
        m = head_to_head(text)
        assert (m.win, m.tie, m.lose) == _brute_force(cards)
        assert m.total == math.comb(49, 3)


def test_all_head_to_head_is_exact_on_a_sample_by_brute_force() -> None:
    """Inclusion–exclusion over shared cards equals playing out every matchup (a sample of 40
    hands, including the extremes)."""
    result = all_head_to_head()
    assert len(result) == 22100 and result.opponents == 18424
    rng = random.Random(5)
    rows = [*rng.sample(range(22100), 36), 0, 22099]
    rows += [int(np.argmax(result.values)), int(np.argmin(result.values))]
    for row in rows:
        cards = tuple(int(c) for c in result.hands[row])
        expected = _brute_force(cards)
        assert (int(result.win[row]), int(result.tie[row]), int(result.lose[row])) == expected


def test_all_head_to_head_with_dead_cards_is_exact() -> None:
    dead = frozenset(int(c) for c in parse_cards("As Kd 7c"))
    result = all_head_to_head(dead="As Kd 7c")
    assert len(result) == math.comb(49, 3) and result.opponents == math.comb(46, 3)
    for row in random.Random(9).sample(range(len(result)), 12):
        cards = tuple(int(c) for c in result.hands[row])
        assert not dead & set(cards)
        got = (int(result.win[row]), int(result.tie[row]), int(result.lose[row]))
        assert got == _brute_force(cards, dead)


def test_all_head_to_head_agrees_with_single_hand_everywhere() -> None:
    """Global checks: totals, symmetry of wins and losses over all ordered pairs."""
    result = all_head_to_head()
    assert np.all(result.win + result.tie + result.lose == result.opponents)
    assert result.win.sum() == result.lose.sum()  # every win is someone's loss
    assert result.matchups("Qh Qs 4d") == head_to_head("Qh Qs 4d")


def test_all_head_to_head_with_jokers_matches_single_hand() -> None:
    result = all_head_to_head(jokers=1)
    for text in ("Jk Ah Kd", "2s 3s 4s", "Jk 9c 9d"):
        assert result.matchups(text) == head_to_head(text, jokers=1)
    assert result.win.sum() == result.lose.sum()


def test_standing() -> None:
    s = standing("Qh Qs 4d")
    assert (s.beats, s.ties, s.loses_to, s.total) == (19368, 24, 2708, 22100)
    top = standing("3s 3h 3d")
    assert top.loses_to == 0 and top.ties == 4


def test_equity_exact_for_one_opponent() -> None:
    e = equity("Qh Qs 4d")
    m = head_to_head("Qh Qs 4d")
    assert e.exact and e.equity_error == 0.0
    assert e.win == m.win / m.total and e.equity == pytest.approx((m.win + m.tie / 2) / m.total)


def test_equity_estimate_is_seeded_and_within_its_error() -> None:
    """Against two opponents the estimate lies within a few standard errors of the exact
    value, computed here by enumerating every pair of opposing hands for a small pack."""
    a = equity("Qh Qs 4d", 2, trials=20_000, rng=11)
    b = equity("Qh Qs 4d", 2, trials=20_000, rng=11)
    assert a == b and not a.exact and a.trials == 20_000
    assert 0 < a.equity_error < 0.01
    # The prial of threes wins outright against any number of opponents.
    top = equity("3s 3h 3d", 4, trials=2_000, rng=1)
    assert top.win == 1.0 and top.equity == 1.0


def test_equity_estimate_matches_exact_enumeration_in_a_small_pack() -> None:
    """With 43 cards dead the pack holds nine; every deal of two opposing hands is enumerable,
    and the estimate must be within four standard errors of the exact equity."""
    live = parse_cards("As Ah Kd Qc Js Th 9d 2c 3c")
    dead = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "shdc"))
            if c not in live]
    mine = live[:3]
    table = strength_table()
    my_value = int(table[tuple(int(c) for c in mine)])
    rest = [int(c) for c in live[3:]]
    shares = []
    for first in itertools.combinations(rest, 3):
        remaining = [c for c in rest if c not in first]
        for second in itertools.combinations(remaining, 3):
            values = [int(table[first]), int(table[second])]
            best = max(values)
            share = 1.0 if best < my_value else (
                1 / (1 + values.count(my_value)) if best == my_value else 0.0)
            shares.append(share)
    exact = sum(shares) / len(shares)
    estimate = equity(mine, 2, dead=dead, trials=20_000, rng=3)
    assert abs(estimate.equity - exact) < 4 * estimate.equity_error + 1e-9


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidCardError):
        head_to_head("Qh Qs")
    with pytest.raises(InvalidCardError):
        head_to_head("Qh Qs 4d", dead="4d")
    with pytest.raises(InvalidCardError):
        head_to_head("Jk Qs 4d")  # no joker in the pack
    with pytest.raises(InvalidCardError):
        equity("Qh Qs 4d", 0)
    with pytest.raises(InvalidCardError):
        equity("Qh Qs 4d", 17)
    assert evaluate("Qh Qs 4d").value > 0
