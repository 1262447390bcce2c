"""play_batched_arena: the arena's match on the simulator (rules B8, BL3, D3, M1)."""

from __future__ import annotations

import pytest

from bragkit.arena import ArenaResult, arena_rules
from bragkit.errors import BragError, RulesError
from bragkit.sim import BATCHED_KINDS, play_batched_arena


def test_a_match_conserves_chips_and_repeats_from_its_seed() -> None:
    result = play_batched_arena(["bold", "random", "cautious"], deals=3_000, seed=4, lanes=64)
    assert isinstance(result, ArenaResult)
    assert sum(s.net for s in result.scores) == 0  # the carried pot is shared at the end
    assert all(s.deals == 3_000 for s in result.scores)
    assert [s.per_100 for s in result.scores] == sorted(
        (s.per_100 for s in result.scores), reverse=True)
    assert all(s.low <= s.per_100 <= s.high for s in result.scores)
    assert play_batched_arena(["bold", "random", "cautious"], deals=3_000, seed=4,
                              lanes=64) == result
    assert play_batched_arena(["bold", "random", "cautious"], deals=3_000, seed=5,
                              lanes=64) != result


def test_names_repeat_like_the_arena_and_topups_are_counted() -> None:
    result = play_batched_arena(["random", "random"], deals=500, seed=1, stack=20, lanes=4)
    assert sorted(s.name for s in result.scores) == ["random", "random-2"]
    assert result.topups > 0  # rule M1: stacks under half the buy-in are topped up
    assert result.to_dict()["deals"] == 500


def test_the_cautious_bot_beats_the_random_one() -> None:
    """Not a speed claim: the thresholds are the bots' own, and they win (over 20,000 deals the
    interval is far from zero)."""
    result = play_batched_arena(["cautious", "random"], deals=20_000, seed=2)
    cautious = next(s for s in result.scores if s.kind == "cautious")
    assert cautious.low > 0


@pytest.mark.parametrize(("bots", "kwargs", "message"), [
    (["shark", "random"], {}, "no batched policy for shark"),
    (["random"], {}, "two or more bots"),
    (["random", "bold"], {"deals": 0}, "at least one deal"),
    (["random", "bold"], {"stack": 0}, "cannot pay the ante"),
])
def test_what_it_refuses(bots: list[str], kwargs: dict[str, int], message: str) -> None:
    options = {"deals": 10, **kwargs}
    with pytest.raises(BragError, match=message):
        play_batched_arena(bots, **options)  # type: ignore[arg-type]


def test_rules_outside_the_simulator_are_refused() -> None:
    with pytest.raises(RulesError, match="rule F1"):
        play_batched_arena(["random", "bold"], deals=10, rules=arena_rules("four-card"))
    assert set(BATCHED_KINDS) == {"random", "cautious", "bold"}


def test_can_play_batched_says_when_the_simulator_can_play_a_match() -> None:
    from bragkit.sim import can_play_batched

    assert can_play_batched(["random", "cautious", "bold"])
    assert not can_play_batched(["random", "shark"])
    assert not can_play_batched(["random"])
    assert not can_play_batched(["random", "bold"], arena_rules("five-card"))
    assert can_play_batched(["random", "bold"], arena_rules("teen-patti-order"))


def test_progress_counts_every_deal() -> None:
    seen: list[int] = []
    play_batched_arena(["random", "bold"], deals=300, seed=3, lanes=16, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 300
