"""evaluate(text): the fast text path (remembered texts, every hand of the project's own
notation written out, and three plain tokens) gives exactly what the checked path gives, and
leaves everything else to it (rules H2-H10, W1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, format_cards
from bragkit.errors import InvalidCardError
from bragkit.hands import Ordering, evaluate
from bragkit.hands.evaluate import _evaluate

SPELLINGS = {
    "As": ("as", "AS", "A♠", "♠A", "aS"),
    "Th": ("10h", "th", "T♥", "♥10"),
    "Jk": ("JK", "jk"),
}


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True),
       ordering=st.sampled_from(list(Ordering)), spaced=st.sampled_from([" ", "  ", "\t", " \n"]))
def test_text_agrees_with_the_checked_path(cards: list[int], ordering: Ordering,
                                           spaced: str) -> None:
    text = spaced.join(str(Card(c)) for c in cards)
    expected = _evaluate(text, ordering.value, ())
    assert evaluate(text, ordering=ordering.value) is expected
    assert evaluate(text, ordering=ordering.value) is expected  # remembered now
    assert evaluate(text.lower(), ordering=ordering.value) is expected
    assert evaluate(format_cards([Card(c) for c in cards], pretty=True),
                    ordering=ordering.value) is expected


@pytest.mark.parametrize("canonical", sorted(SPELLINGS))
def test_every_spelling_of_a_card_reads_as_the_card(canonical: str) -> None:
    others = "Kd 7c" if canonical != "Jk" else "Jk 7c"
    expected = evaluate(f"{canonical} {others}")
    for spelling in SPELLINGS[canonical]:
        assert evaluate(f"{spelling} {others}") is expected


@pytest.mark.parametrize("bad", ["As As Kd", "As Kx Qd", "As Ks", "As Ks Qs Js", "", "Xx Yy Zz",
                                 "As Kd 7c 2h"])
def test_bad_text_still_raises_after_the_fast_path(bad: str) -> None:
    """A card twice, bad tokens, the wrong count: the checked path's InvalidCardError, however
    often asked (nothing bad is remembered)."""
    for _ in range(2):
        with pytest.raises(InvalidCardError):
            evaluate(bad)


def test_wild_text_takes_the_checked_path() -> None:
    """Rule W2: with wild cards the text is evaluated as before (K-W-W is a prial of kings)."""
    assert str(evaluate("Kc 2s 2c", wild="2s 2c")) == "prial of kings (2 wilds)"
    assert str(evaluate("Kc 2s 2c")) != "prial of kings (2 wilds)"


def test_other_notations_fall_back_unchanged() -> None:
    """Commas, run-together cards: the checked path, the same answer."""
    expected = evaluate("Qh Qs 4d")
    assert evaluate("Qh,Qs,4d") is expected
    assert evaluate("QhQs4d") is expected
    assert evaluate("[Qh Qs 4d]") is expected
