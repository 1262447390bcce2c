"""The solver's abstraction: parameters, validation, the cache key (rules B1, BL1, B9, H1)."""

from __future__ import annotations

import pytest

from bragkit.errors import RulesError
from bragkit.solver.abstraction import Abstraction


def test_defaults_match_the_brief() -> None:
    a = Abstraction()
    assert a.ante == 1
    assert a.stakes == (1, 2, 4, 8, 16)
    assert a.cap_rule == "see"
    assert len(a.deck()) == 52  # rule H1


def test_blind_stakes_are_the_even_ones_rule_BL1() -> None:
    # a blind bet of b sets the stake to 2b, so only even stakes can be set blind
    assert Abstraction(stakes=(1, 2, 3, 4)).blind_stakes == (2, 4)
    assert Abstraction(blind=False).blind_stakes == ()


def test_rules_give_the_engine_the_same_game_rule_B1() -> None:
    rules = Abstraction(stakes=(2, 4, 8), see_cost="single", ante=2).rules()
    assert (rules.min_bet, rules.max_bet, rules.see_cost, rules.ante) == (2, 8, "single", 2)


def test_key_is_stable_and_sensitive() -> None:
    a = Abstraction(ranks="qka")
    assert a.ranks == "AKQ"  # normalised: the same game, the same key
    assert a.key() == Abstraction(ranks="AKQ").key()
    assert a.key() != Abstraction(ranks="AKQ", suits=3).key()
    assert a.key() != Abstraction(ranks="AKQ", cap_rule="fold").key()
    assert Abstraction.from_dict(a.to_dict()) == a


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stakes": ()}, "stakes"),
        ({"stakes": (0, 1)}, "stakes"),
        ({"stakes": (2, 2)}, "rise"),
        ({"max_bets": 0}, "max_bets"),
        ({"cap_rule": "check"}, "cap_rule"),
        ({"see_cost": "triple"}, "see_cost"),
        ({"ordering": "poker"}, "ordering"),
        ({"ranks": "AX"}, "ranks"),
        ({"ranks": "A", "suits": 4}, "six cards"),
        ({"stakes": (1, 3)}, "even stake"),
        ({"ante": 0}, "ante"),
    ],
)
def test_nonsense_is_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Abstraction(**options)  # type: ignore[arg-type]


def test_unknown_parameter_is_refused() -> None:
    with pytest.raises(RulesError, match="unknown"):
        Abstraction.from_dict({"maxbets": 3})
