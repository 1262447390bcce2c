"""The ``[rules]`` table of the games whose rules are one dataclass (N4, N7, C3–C6, S1–S4,
P1–P5)."""

from __future__ import annotations

from typing import Any

import pytest

from bragkit.errors import RulesError
from bragkit.games.brag_poker import BragPokerRules
from bragkit.games.crash import CrashRules
from bragkit.games.historic import HistoricRules
from bragkit.games.house_rules import changed_options, known_options
from bragkit.games.nine_card import NineCardRules

CASES: list[tuple[Any, dict[str, Any], str]] = [
    (NineCardRules(target=31, points=(4, 2)), {"target": 31, "points": [4, 2]},
     "unknown rule option(s): ante"),
    (CrashRules(aces_high=True, stake=2), {"aces_high": True, "stake": 2},
     "unknown rule option(s): ante"),
    (HistoricRules(wild=("Ad",), max_raise=3), {"max_raise": 3, "wild": ["Ad"]},
     "unknown historic rule(s): ante"),
    (BragPokerRules(max_raises=None, half_price=False), {"max_raises": False,
                                                         "half_price": False},
     "unknown brag-poker rule(s): ante"),
]


@pytest.mark.parametrize("rules, table, unknown", CASES)
def test_only_changed_options_are_written_and_read_back(rules: Any, table: dict[str, Any],
                                                        unknown: str) -> None:
    cls = type(rules)
    assert changed_options(cls()) == {} and cls().to_dict() == {}
    assert rules.to_dict() == table
    assert cls.from_dict(table) == rules
    with pytest.raises(RulesError, match=unknown.replace("(", r"\(").replace(")", r"\)")):
        cls.from_dict({**table, "ante": 1})


def test_known_options_copy_the_table() -> None:
    table = {"target": 5}
    out = known_options(NineCardRules, table)
    assert out == table and out is not table
