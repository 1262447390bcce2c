"""The strength tables: the counts of rule H9, the golden digests, and the batch path.

Run ``python -m tests.hands.test_table`` from the repository root to print fresh digests (only
after an intended change of order, which RULES.md must document first).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest

from bragkit.cards import JOKER_INDEX, Card, format_cards
from bragkit.errors import InvalidCardError
from bragkit.hands import BRAGGERS, Category, Ordering, evaluate, evaluate_many, strength_table

GOLDEN = Path(__file__).with_name("golden_digests.json")
ALL = np.array(list(itertools.combinations(range(52), 3)))

# The listings the digests cover: every ordering, plus two with wild cards.
LISTINGS: dict[str, tuple[str, frozenset[int] | str, int]] = {
    **{o.value: (o.value, "", 0) for o in Ordering},
    "standard+2-jokers": ("standard", "", 2),
    "historic+braggers": ("historic", BRAGGERS, 0),
}


def listing(ordering: str, wild: frozenset[int] | str, jokers: int) -> str:
    """Every hand of the pack in strength order, weakest first: one line per hand, its place
    among the distinct strengths and its cards (ties in card order). Crash orderings list the
    thirteen fours of a kind too (C2, C3)."""
    pack = list(range(52)) + [JOKER_INDEX] * jokers
    hands = np.array(list(itertools.combinations(pack, 3)))
    values = evaluate_many(hands, ordering=ordering, wild=wild).tolist()
    entries = list(zip(values, hands.tolist(), strict=True))
    if Ordering(ordering).allows_four_of_a_kind:
        for rank in range(13):
            quad = [4 * rank + suit for suit in range(4)]
            entries.append((evaluate(quad, ordering=ordering, wild=wild).value, quad))
    entries.sort()
    places = {v: i for i, v in enumerate(sorted({v for v, _ in entries}))}
    lines = [f"{places[v]} {format_cards(Card(c) for c in cards)}" for v, cards in entries]
    return "\n".join(lines) + "\n"


def digests() -> dict[str, str]:
    return {
        name: hashlib.sha256(listing(*spec).encode()).hexdigest()
        for name, spec in LISTINGS.items()
    }


def test_golden_digests_of_every_ordering() -> None:
    """The order of all 22,100 hands (and their ties) in each ordering is unchanged: a silent
    change to the evaluator fails here."""
    assert digests() == json.loads(GOLDEN.read_text())


def test_the_listing_begins_and_ends_as_the_rules_say() -> None:
    """H3, H7: the weakest hand is 5-3-2 high card, the strongest the prial of threes."""
    lines = listing("standard", "", 0).splitlines()
    assert len(lines) == 22100
    assert lines[0] == "0 2s 3s 5h" and lines[-1].startswith("740 3")


def test_h9_category_counts() -> None:
    """H9: prial of threes 4, other prials 48, running flush 48, run 720, flush 1,096,
    pair 3,744, high card 16,440."""
    values = evaluate_many(ALL)
    assert len(values) == math.comb(52, 3) == 22100
    objects = {
        int(v): evaluate(tuple(Card(int(c)) for c in h)) for v, h in zip(values, ALL, strict=True)
    }
    counts: dict[str, int] = {}
    for v in values.tolist():
        rank = objects[v]
        name = "prial of threes" if rank.ranks == (3, 3, 3) else rank.category.name
        counts[name] = counts.get(name, 0) + 1
    assert counts == {
        "prial of threes": 4,
        "PRIAL": 48,
        "RUNNING_FLUSH": 48,
        "RUN": 720,
        "FLUSH": 1096,
        "PAIR": 3744,
        "HIGH_CARD": 16440,
    }


def test_h9_741_distinct_strengths() -> None:
    """H9: 741 distinct strengths in the standard order."""
    assert len(np.unique(evaluate_many(ALL))) == 741


@pytest.mark.parametrize("ordering", [o.value for o in Ordering])
def test_batch_and_scalar_paths_agree(ordering: str) -> None:
    """``evaluate_many`` gives exactly ``evaluate(...).value`` for every hand."""
    values = evaluate_many(ALL, ordering=ordering)
    for hand, value in zip(ALL[::7].tolist(), values[::7].tolist(), strict=True):
        assert evaluate(tuple(Card(c) for c in hand), ordering=ordering).value == value


def test_table_is_symmetric_in_card_order() -> None:
    """The same three cards in any order have one strength."""
    table = strength_table()
    for perm in itertools.permutations(range(3)):
        assert np.array_equal(table, table.transpose(perm))


def test_batch_path_checks_its_input() -> None:
    with pytest.raises(InvalidCardError, match="repeats"):
        evaluate_many([[1, 2, 3], [5, 5, 6]])
    with pytest.raises(InvalidCardError, match="0 to 52"):
        evaluate_many([[1, 2, 53]])
    with pytest.raises(InvalidCardError, match="0 to 52"):
        evaluate_many([[-1, 2, 3]])
    with pytest.raises(InvalidCardError, match="shape"):
        evaluate_many([1, 2, 3])
    with pytest.raises(InvalidCardError, match="integers"):
        evaluate_many([[1.0, 2.0, 3.0]])
    assert evaluate_many(np.empty((0, 3), dtype=np.int8)).shape == (0,)


def test_batch_path_reports_the_bad_row_in_any_chunk_and_any_layout() -> None:
    hands = np.tile(ALL, (4, 1))  # 88,400 rows: more than one chunk
    hands[70_001] = [9, 9, 10]
    with pytest.raises(InvalidCardError, match="row 70001"):
        evaluate_many(hands)
    fortran = np.asfortranarray(ALL.astype(np.int16))
    assert np.array_equal(evaluate_many(fortran), evaluate_many(ALL))
    assert np.array_equal(evaluate_many(ALL[::-1]), evaluate_many(ALL)[::-1])


def test_batch_path_accepts_small_integer_types_and_jokers() -> None:
    hands = np.array([[0, 1, 2], [52, 52, 51]], dtype=np.uint8)
    values = evaluate_many(hands)
    assert values[0] == evaluate("2s 2h 2d").value
    assert values[1] == evaluate("Jk Jk Ac").value


def test_categories_never_overlap_in_strength() -> None:
    """Consistent with H2: every hand of a better category is stronger than every hand of a
    worse one."""
    values = evaluate_many(ALL)
    cats = np.array([evaluate(tuple(Card(c) for c in h)).category for h in ALL.tolist()])
    for low, high in itertools.pairwise(sorted(set(cats.tolist()))):
        assert values[cats == low].max() < values[cats == high].min()
    assert Category.FOUR_OF_A_KIND not in set(cats.tolist())


if __name__ == "__main__":  # pragma: no cover - regenerates the golden file
    print(json.dumps(digests(), indent=2))
