"""Issue 27, item 3: a finished deal costs a long session under a kilobyte, kept as compactly as
its record (packed rows: bragkit.packed), with the history, the deals, the ledger and the
session's record still whole.

The figure is the slope of the memory tracemalloc traces over many deals after a warm-up: what
the session keeps of each finished deal. The engines keep caches bounded by their size (menus,
amount options, shared operation records), which fill as play goes on up to their bound: the
``functools.lru_cache`` ones are emptied before each snapshot, and the three-card table's own
(its menus and amount options, bounded dicts of its setup) are left out of the count by file, so
the figure is what the session itself keeps."""

from __future__ import annotations

import functools
import gc
import random
import sys
import tracemalloc
from collections.abc import Callable

import pytest

from bragkit.games import protocol
from bragkit.games.protocol import random_action
from bragkit.games.registry import open_session
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.session_records import SessionRecord, read_session, write_session
from bragkit.games.three_card.table import DealPlayed, Table
from bragkit.ledger import Ledger
from bragkit.session import Session

#: The most bytes a finished deal may cost a long session (issue 27).
PER_DEAL = 1_000
#: The three-card table's bounded caches, left out of the count (see the module docstring).
_CACHES = ("*/games/three_card/setup.py", "*/games/three_card/menus.py")


def _empty_bounded_caches() -> int:
    """Empty every bounded ``lru_cache`` of bragkit's modules, and the actions ``random_action``
    keeps for the options it meets (bounded: the driver's, not the session's); how many there
    are."""
    protocol._MADE.clear()
    found = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("bragkit") or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper) \
                    and value.cache_info().maxsize is not None:
                value.cache_clear()
                found += 1
    return found


def bytes_per_deal(play: Callable[[int], None], *, warm: int, count: int) -> float:
    """What each of ``count`` deals played after ``warm`` adds to the memory traced."""
    gc.collect()
    tracemalloc.start()
    try:
        play(warm)
        assert _empty_bounded_caches() > 0
        gc.collect()
        ignore = [tracemalloc.Filter(False, pattern) for pattern in _CACHES]
        before = tracemalloc.take_snapshot().filter_traces(ignore)
        play(count)
        _empty_bounded_caches()
        gc.collect()
        after = tracemalloc.take_snapshot().filter_traces(ignore)
    finally:
        tracemalloc.stop()
    return sum(stat.size_diff for stat in after.compare_to(before, "filename")) / count


def play_table(table: Table, rng: random.Random) -> Callable[[int], None]:
    def play(count: int) -> None:
        for _ in range(count):
            table.start_deal()
            while table.in_deal:
                deal = table.current
                assert deal is not None
                option = rng.choice(deal.legal_actions())
                table.apply(option.action(option.min_amount) if option.min_amount is not None
                            else option.action())
    return play


def test_a_finished_three_card_deal_costs_a_long_table_under_a_kilobyte() -> None:
    table = Table(Rules(), seats=["Ann", "Bob", "Cy"], buy_ins=10**9, rng=27)
    history = table.history
    per_deal = bytes_per_deal(play_table(table, random.Random(27)), warm=300, count=1_200)
    assert per_deal < PER_DEAL, f"{per_deal:.0f} bytes per finished deal"
    # no Deal stays alive but the last, and everything is still there
    assert sum(isinstance(o, Deal) for o in gc.get_objects()) <= 1
    played = [event for event in history if isinstance(event, DealPlayed)]
    assert len(played) == 1_500 == len(table.deals) == table.deal_number
    assert [p.record for p in played[-3:]] == list(table.deals[-3:])
    assert played[-1].record.replay().result == played[-1].result
    ledger = table.ledger
    assert Ledger.from_dicts(ledger.to_dicts()) == ledger and len(ledger) > 1_500 * 3
    assert sum(ledger.nets().values()) + ledger.in_pot == 0
    text = write_session(SessionRecord.from_table(table))
    record = read_session(text)
    assert len(record.deals) == 1_500 and record.deals[-1].record == table.deals[-1]
    assert record.replay().stacks == table.stacks


@pytest.mark.parametrize("name", ["brag-poker", "teen-patti"])
def test_a_finished_deal_of_every_seeded_game_costs_under_a_kilobyte(name: str) -> None:
    session = open_session(name, seats=["Ann", "Bob", "Cy"], buy_ins=10**6, seed=27)
    rng = random.Random(27)

    def play(count: int) -> None:
        for _ in range(count):
            game = session.start_deal()
            while session.in_deal:
                session.apply(random_action(game, rng))
            for player, stack in session.stacks.items():
                if stack < 1_000:
                    session.top_up(player, 10**6)

    per_deal = bytes_per_deal(play, warm=200, count=600)
    assert per_deal < PER_DEAL, f"{per_deal:.0f} bytes per finished deal of {name}"
    assert sum(type(o) is type(session.current) for o in gc.get_objects()) <= 1
    again = Session.replay(type(session.dealing)(session.dealing.game,  # type: ignore[attr-defined]
                                                 session.dealing.rules),  # type: ignore[attr-defined]
                           [str(event) for event in session.events])
    assert again.stacks == session.stacks and again.ledger == session.ledger
