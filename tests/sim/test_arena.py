"""play_batched_arena: the arena's match on the simulator (rules B8, BL3, D3, M1), its bots the
engine's bots of the same names."""

from __future__ import annotations

import pytest

from bragkit.arena import ArenaResult, arena_rules, play_arena, session_lengths
from bragkit.errors import BragError, RulesError
from bragkit.sim import BATCHED_KINDS, play_batched_arena
from bragkit.sim.arena import differences


def test_a_match_conserves_chips_and_repeats_from_its_seed() -> None:
    result = play_batched_arena(["bold", "random", "cautious"], deals=400, seed=4)
    assert isinstance(result, ArenaResult)
    assert sum(s.net for s in result.scores) == 0  # the carried pot is shared at the end
    assert all(s.deals == 400 for s in result.scores)
    assert [s.per_100 for s in result.scores] == sorted(
        (s.per_100 for s in result.scores), reverse=True)
    assert all(s.low <= s.per_100 <= s.high for s in result.scores)
    assert play_batched_arena(["bold", "random", "cautious"], deals=400, seed=4) == result
    assert play_batched_arena(["bold", "random", "cautious"], deals=400, seed=5) != result


def test_names_repeat_like_the_arena_and_topups_are_counted() -> None:
    result = play_batched_arena(["random", "random"], deals=500, seed=1, stack=20)
    assert sorted(s.name for s in result.scores) == ["random", "random-2"]
    assert result.topups > 0  # rule M1: stacks under half the buy-in are topped up
    assert result.to_dict()["deals"] == 500


def test_the_cautious_bot_beats_the_random_one() -> None:
    """Not a speed claim: the thresholds are the bots' own, and they win (over 20,000 deals the
    interval is far from zero)."""
    result = play_batched_arena(["cautious", "random"], deals=20_000, seed=2)
    cautious = next(s for s in result.scores if s.kind == "cautious")
    assert cautious.low > 0


@pytest.mark.parametrize("bots", [["cautious", "random"], ["bold", "random"],
                                  ["bold", "cautious"]])
def test_a_batched_bot_is_the_engine_bot_of_its_name(bots: list[str]) -> None:
    """The same match on both paths under the arena's own rules agrees within the intervals:
    the lanes are the engine's sessions (blind winners keep their hands, R1-R3; the pack kept in
    order, D4, D5; covers, M2, M3) and the batched bots decide as the engine's. Measured once
    (seed 3; engine 10,000 deals, simulator 100,000; chips per 100 deals of the first bot):
    cautious v random +188.7 [+176.5, +200.9] and +182.8 [+179.1, +186.6]; bold v cautious
    -107.9 [-119.7, -96.2] and -104.9 [-108.8, -101.0]; bold v random +426.1 [+394.8, +457.5]
    and +414.7 [+404.6, +424.8]. Before issue #25 (no kept hands, a fresh pack every deal, no
    covers) the simulator gave +154.2, -129.1 and +225.8: outside the engine's intervals."""
    rules = arena_rules()
    assert differences(rules) == ()
    engine = play_arena(bots, deals=3_000, rules=rules, seed=11)
    simulated = play_batched_arena(bots, deals=40_000, rules=rules, seed=11)
    for name in bots:
        mine = next(s for s in engine.scores if s.name == name)
        theirs = next(s for s in simulated.scores if s.name == name)
        assert mine.low <= theirs.high and theirs.low <= mine.high, (name, mine, theirs)
    assert simulated.scores[0].name == engine.scores[0].name


def test_a_match_plays_the_arenas_sessions_side_by_side() -> None:
    """One table a session, as the engine's arena plays them (at most 500 deals, the seating
    rotated, a carried pot shared at its end, BL3): 1,000 deals heads-up are two sessions of
    500, stepped together, so the deals end at most two at a time."""
    assert session_lengths(1_000, 1) == [500, 500]
    seen: list[int] = []
    play_batched_arena(["bold", "cautious"], deals=1_000, seed=3, progress=seen.append)
    assert seen[-1] == 1_000
    assert max(b - a for a, b in zip([0, *seen], seen, strict=False)) <= 2
    assert len(seen) >= 500


def test_the_result_says_it_was_played_on_the_simulator_and_leaves_nothing_out() -> None:
    result = play_batched_arena(["bold", "cautious"], deals=200, seed=3)
    assert result.played_on == "simulator"
    assert result.left_out == differences(arena_rules()) == ()
    assert result.title() == "200 deals of three-card on the simulator"
    assert "left_out" not in result.to_dict()


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
    play_batched_arena(["random", "bold"], deals=300, seed=3, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 300
