"""Suit classes and showdown sums with exact card removal (rules H1, H8, H9, B6)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.odds import all_head_to_head
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.hand_space import HandSpace, hand_space


def test_full_pack_counts_rule_H9() -> None:
    space = hand_space(Abstraction())
    assert space.n_hands == 22100
    assert space.n_classes == 1755  # hands up to a renaming of suits
    assert int(space.counts.sum()) == 22100
    assert space.opponents == 18424
    assert np.all(np.diff(space.strength) >= 0)  # weakest first


def test_uniform_reach_gives_the_exact_head_to_head_counts() -> None:
    """With every opponent hand equally likely, the sums are odds.all_head_to_head's counts."""
    space = hand_space(Abstraction())
    table = all_head_to_head()
    ones = np.ones((1, space.n_classes))
    below = space.below(ones)[0]
    at_most = space.at_most(ones)[0]
    met = space.disjoint(ones)[0]
    for cls in range(0, space.n_classes, 7):
        row = table.matchups(space.representative[cls].tolist())
        assert below[cls] == row.win
        assert at_most[cls] - below[cls] == row.tie  # rule H8: exact ties
        assert met[cls] == row.total


def test_classes_hold_hands_of_one_strength() -> None:
    space = hand_space(Abstraction())
    for cls in (0, 100, 1000, space.n_classes - 1):
        hands = space.hands_of(cls)
        assert len(hands) == space.counts[cls]
        assert space.class_of(hands[0].tolist()) == cls


def _brute(space: HandSpace, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    per_hand = reach[:, space.hand_class]
    strength = space.strength[space.hand_class]
    below, at_most, met = (np.zeros_like(reach) for _ in range(3))
    for cls in range(space.n_classes):
        mine = space.representative[cls]
        apart = ~np.isin(space.hands, mine).any(axis=1)
        s = space.strength[cls]
        below[:, cls] = per_hand[:, apart & (strength < s)].sum(axis=1)
        at_most[:, cls] = per_hand[:, apart & (strength <= s)].sum(axis=1)
        met[:, cls] = per_hand[:, apart].sum(axis=1)
    return below, at_most, met


@settings(max_examples=12, deadline=None)
@given(
    ranks=st.sampled_from(["AKQ", "AK2", "T98765", "A32", "KQJ9", "6543"]),
    suits=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    ordering=st.sampled_from(["standard", "teen-patti"]),
)
def test_sums_match_brute_force_on_small_packs(
    ranks: str, suits: int, seed: int, ordering: str
) -> None:
    """Inclusion-exclusion over shared cards equals summing over disjoint hands directly."""
    if len(ranks) * suits < 6:
        return
    space = HandSpace(Abstraction(ranks=ranks, suits=suits, ordering=ordering, stakes=(1, 2)))
    reach = np.random.default_rng(seed).random((3, space.n_classes))
    below, at_most, met = _brute(space, reach)
    np.testing.assert_allclose(space.below(reach), below, atol=1e-9)
    np.testing.assert_allclose(space.at_most(reach), at_most, atol=1e-9)
    np.testing.assert_allclose(space.disjoint(reach), met, atol=1e-9)
    won, met2 = space.showdown_sums(reach, seer=True)  # rule B6: the seer needs better
    np.testing.assert_allclose(won, below, atol=1e-9)
    np.testing.assert_allclose(met2, met, atol=1e-9)
    won, _ = space.showdown_sums(reach, seer=False)  # the seen player wins ties (H8)
    np.testing.assert_allclose(won, at_most, atol=1e-9)


def test_a_hand_not_in_the_pack_is_refused() -> None:
    from bragkit.errors import InvalidCardError

    space = hand_space(Abstraction(ranks="AKQ", stakes=(1, 2)))
    with pytest.raises(InvalidCardError):
        space.class_of("2s 3s 4s")
    with pytest.raises(InvalidCardError):
        space.below(np.ones((2, 3)))
