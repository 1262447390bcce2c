"""Bots never make an illegal move, under any house rules, at tables of two to six.

Every option of RULES.md is drawn at random (presets, blind play, see cost, short money and
lending, retained hands R2/R3, shuffles, the face-up stock, wild cards and jokers, four- and
five-card Brag, every ordering, bet limits), with small stacks so covers (M2, M3) and loans
(M4) happen. :func:`bragkit.bots.ask` raises :class:`BotError` on any illegal action.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragkit.arena import play_arena
from bragkit.bots import BUILT_IN
from bragkit.games.three_card.rules import PRESETS, Rules


@st.composite
def house_rules(draw: st.DrawFn) -> Rules:
    preset = draw(st.sampled_from(sorted(PRESETS)))
    options: dict[str, Any] = {
        "ante": draw(st.integers(0, 2)),
        "min_bet": draw(st.integers(1, 2)),
        "see_cost": draw(st.sampled_from(["double", "single"])),  # rule B9
        "blind": draw(st.booleans()),  # rule BL1
        "short_money": draw(st.sampled_from(["cover", "fold"])),  # rules M2-M4
        "lending": draw(st.booleans()),  # rule M4
        "retained_blind": draw(st.sampled_from(["two-hands", "face-up"])),  # rules R2, R3
        "shuffle": draw(st.sampled_from(["prial-seen", "always"])),  # rule D4
        "stock_face_up": draw(st.booleans()),  # rule D9
        "jokers": draw(st.integers(0, 2)),  # rule W1
        "wild": draw(st.sampled_from([(), ("2",), ("Js", "Jh")])),  # rule W1
    }
    if preset == "three-card":
        options["ordering"] = draw(st.sampled_from(["standard", "nine-card", "historic"]))
    limit = draw(st.sampled_from(["none", "max", "raise", "pot"]))  # rule B1
    if limit == "max":
        options["max_bet"] = options["min_bet"] + draw(st.integers(0, 10))
    elif limit == "raise":
        options["raise_limit"] = draw(st.integers(0, 5))
    elif limit == "pot":
        options["pot_limit"] = True
    return Rules.preset(preset, **options)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=house_rules(),
    kinds=st.lists(st.sampled_from(BUILT_IN), min_size=2, max_size=6),
    stack=st.sampled_from([3, 6, 12, 40]),
    seed=st.integers(0, 2**32 - 1),
)
def test_bots_never_act_illegally(rules: Rules, kinds: list[str], stack: int, seed: int) -> None:
    kinds = kinds[: rules.max_players(retained=1)]
    result = play_arena(kinds, deals=8, rules=rules, seed=seed,
                        stack=max(stack, rules.ante + 1))
    assert sum(s.net for s in result.scores) == 0  # and no chip is made or lost
    assert all(s.deals == 8 for s in result.scores)


@settings(max_examples=6, deadline=None)
@given(kind=st.sampled_from(BUILT_IN), seed=st.integers(0, 2**32 - 1))
def test_every_bot_plays_every_seat_count(kind: str, seed: int) -> None:
    for players in range(2, 7):
        result = play_arena([kind] * players, deals=3, seed=seed)
        assert len(result.scores) == players
