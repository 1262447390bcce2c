"""Issue 27, item 3: what a long session keeps packed reads back equal to what it was — the
rows (bragkit.packed), the session's events (bragkit.session_log), the ledger's entries, a
three-card deal's record, result and proof (three_card/kept.py) — and a session's record read a
deal at a time is the record read whole (the same record, or the same fault)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.three_card.test_table import between_deals, random_action

from bragkit.actions import Action, Verb
from bragkit.errors import BragError
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.session_records import (
    SessionRecord,
    _record_of,
    read_session,
    write_session,
)
from bragkit.games.three_card.table import DealPlayed, Table
from bragkit.ledger import Ledger
from bragkit.packed import PackedRows
from bragkit.session import DealEnded, Kept, PotShared, SessionEvent
from bragkit.session_events import DealStarted, Joined, Played, event_row, row_event
from bragkit.session_log import EventLog
from bragkit.toml_text import _written_part, dump_entry, load_document
from strategies import house_rules

SESSIONS = sorted((Path(__file__).parent / "records" / "sessions").glob("*.toml"))

# -- rows -----------------------------------------------------------------------------------------


@given(rows=st.lists(st.text(st.characters(blacklist_characters="\x00"), max_size=8),
                     max_size=40),
       block=st.integers(1, 6), last=st.text(st.characters(blacklist_characters="\x00")))
def test_packed_rows_read_back_as_a_list(rows: list[str], block: int, last: str) -> None:
    packed = PackedRows(rows, block=block)
    assert len(packed) == len(rows) and list(packed) == rows
    assert [packed[i] for i in range(-len(rows), len(rows))] == rows + rows
    for start in range(len(rows) + 1):
        assert list(packed.rows_from(start)) == rows[start:] == packed[start:]
        assert packed[start:start + 3] == rows[start:start + 3]
    if rows:
        packed.replace_last(last)
        assert list(packed) == [*rows[:-1], last]
    with pytest.raises(ValueError, match="NUL"):
        packed.append("a\x00b")


@given(first=st.lists(st.text(max_size=4).filter(lambda t: "\x00" not in t), max_size=9),
       more=st.lists(st.lists(st.text(max_size=4).filter(lambda t: "\x00" not in t),
                              max_size=9), max_size=4),
       block=st.integers(1, 4))
def test_packed_rows_extended_are_the_rows_appended(first: list[str], more: list[list[str]],
                                                    block: int) -> None:
    extended, appended = PackedRows(first, block=block), PackedRows(first, block=block)
    for rows in more:
        extended.extend(rows)
        for row in rows:
            appended.append(row)
        assert list(extended) == list(appended) and len(extended) == len(appended)
        assert extended._blocks == appended._blocks  # the same blocks closed, the same bytes
    with pytest.raises(ValueError, match="NUL"):
        extended.extend(["a", "b\x00"])
    assert list(extended) == list(appended)  # refused whole


_NAMES = st.sampled_from(["Ann", "Bob", "Mary Ann", "A\x1fB", "C\x1eD"])
_EVENTS = st.one_of(
    st.builds(lambda name, amount: Joined(player=name, amount=amount), _NAMES,
              st.integers(1, 50)),
    st.builds(lambda name, amount: Played(action=Action(player=name, verb=Verb.BET,
                                                        amount=amount)), _NAMES,
              st.integers(1, 9)),
    st.builds(lambda number, name: DealStarted(number=number, dealer=name, seed=number),
              st.integers(1, 9), _NAMES))


@given(runs=st.lists(st.lists(_EVENTS, max_size=6), max_size=5))
def test_a_log_extended_is_the_log_appended(runs: list[list[SessionEvent]]) -> None:
    """EventLog.extend (a deal's actions at once) keeps what as many appends keep: the same
    events read back, the same rows, a deal's start (the live part) and odd events included."""
    extended, appended = EventLog(), EventLog()
    so_far: list[SessionEvent] = []
    for run in runs:
        extended.extend(run)
        for event in run:
            appended.append(event)
        so_far += run
        assert list(extended) == list(appended) == so_far
        assert list(extended._rows) == list(appended._rows)
        assert [extended[i] for i in range(len(extended))] == list(appended)


def test_packed_rows_keep_a_lone_surrogate() -> None:
    """A Python string may hold a lone surrogate (no UTF-8 does): a closed block keeps it."""
    rows = ["\ud800", "Ann \udfff bet 2", "", "\ud83d\ude00"]
    packed = PackedRows(rows, block=1)
    assert list(packed) == rows and packed[0] == rows[0] and list(packed.rows_from(1)) == rows[1:]


# -- a random session, kept packed ------------------------------------------------------------


def play_session(rules: Rules, seed: int, deals: int, fair: bool
                 ) -> tuple[Table, list[SessionEvent], list[tuple[DealRecord, object, bool]]]:
    """A random session (joins, leaves, top-ups, loans, kept hands, named games) and, caught
    as it was played, every event as appended and every deal's record, final result and
    shuffle."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(8)] + ["Mary Ann"]
    table = Table(rules, seats=["Mary Ann", *names[:2]], buy_ins=max(rules.buy_in, 1) + 30,
                  rng=rng.randrange(2**32), fair=fair)
    session = table.session
    events = list(session.events)
    played: list[tuple[DealRecord, object, bool]] = []

    def caught_up() -> None:
        events.extend(session.events_from(len(events)))

    def finished() -> None:  # the last deal, its result final now (a kept hand, R2, is past)
        deal = table.current
        assert deal is not None
        ended = max(i for i, e in enumerate(events) if isinstance(e, DealEnded))
        kept = [e for e in events[ended:] if isinstance(e, Kept)]
        result = deal.result_keeping(kept[-1].hand) if kept else deal.result
        played.append((DealRecord.from_deal(deal), result, shuffled))

    shuffled = True
    for _ in range(deals):
        between_deals(table, rng, names)
        caught_up()
        if table.current is not None:
            finished()
        shuffled = table.shuffle_due
        table.start_deal()
        steps = 0
        while table.in_deal:
            random_action(table, rng, steps)
            steps += 1
            caught_up()
    if rng.random() < 0.5 and table.carried_pot:
        table.share_carried_pot()
        caught_up()
    finished()
    return table, events, played


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(session=True), seed=st.integers(0, 2**32), deals=st.integers(1, 30),
       fair=st.booleans())
def test_a_session_reads_back_from_its_rows_what_was_played(
        rules: Rules, seed: int, deals: int, fair: bool) -> None:
    table, events, played = play_session(rules, seed, deals, fair)
    session = table.session
    assert list(session.events) == events  # the packed log, read back
    shares = [e.shares for e in events if isinstance(e, PotShared)]
    assert [e.shares for e in session.events if isinstance(e, PotShared)] == shares
    assert [row_event(event_row(e)) for e in events] == events  # type: ignore[arg-type]
    dealing = table.session.dealing
    history = [e for e in table.history if isinstance(e, DealPlayed)]
    assert len(history) == len(played) == len(table.deals)
    for number, (record, result, shuffled) in enumerate(played, 1):
        assert table.deals[number - 1] == record
        assert history[number - 1].result == result and history[number - 1].shuffled == shuffled
        assert dealing.result_of(number) == result
        assert dealing.record_document(number) == record.to_document()  # type: ignore[attr-defined]
    proofs = [dealing.proof_of(n) for n in range(1, len(played) + 1)]
    assert (len([p for p in proofs if p is not None]) == len(table.proofs)) and (
        not fair or all(p is not None for p, (_, _, s) in zip(proofs, played, strict=True) if s))
    ledger = table.ledger
    assert Ledger.from_dicts(ledger.to_dicts()) == ledger == Ledger(ledger.entries)


def test_an_event_with_a_separator_in_its_text_is_kept_as_it_is() -> None:
    odd = Joined(player="Ann\x1fBob", amount=20)
    assert event_row(odd) is None
    from bragkit.session_log import EventLog

    log = EventLog()
    log.append(odd)
    log.append(Joined(player="Cy", amount=5))
    assert list(log) == [odd, Joined(player="Cy", amount=5)]
    assert [i for i, _ in log.of_kinds((Joined,))] == [0, 1]


# -- a session record read a deal at a time -------------------------------------------------------


def whole(text: str) -> object:
    """What reading the text whole gives: the record, or the fault's type and words."""
    try:
        record = _record_of(load_document(text))
        record.replay()
    except BragError as error:
        return type(error), str(error)
    return record


def streamed(text: str) -> object:
    try:
        return read_session(text)
    except BragError as error:
        return type(error), str(error)


@pytest.mark.parametrize("path", SESSIONS, ids=[p.name for p in SESSIONS])
def test_a_session_record_read_a_deal_at_a_time_is_the_record_read_whole(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert streamed(text) == whole(text)
    written = write_session(read_session(text))
    assert streamed(written) == whole(written)


def _mutations() -> st.SearchStrategy[tuple[int, str, int, int]]:
    return st.tuples(st.integers(0, 6), st.sampled_from(
        ['"', "]", "[", "=", "x", "0", "-1", "99999999999", "\n", "[[deals]]", "[deals.rules]",
         "ante = 1", "bogus = 2", 'after = ["Ann joins 5"]', "#", "\x00", "é"]),
        st.integers(0, 10**6), st.integers(0, 10**6))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(_mutations(), min_size=1, max_size=3), which=st.integers(0, 10**6))
def test_a_mutated_session_record_reads_the_same_streamed_and_whole(
        steps: list[tuple[int, str, int, int]], which: int) -> None:
    """Lines cut, doubled, swapped or edited: the record, or the fault, is the same either way
    (a deal at a time, a record written by bragkit; whole, any TOML)."""
    table = Table(Rules(lending=True), seats=["Ann", "Bob", "Cy"], buy_ins=10**6, rng=which)
    rng = random.Random(which)
    for number in range(4):
        for name, stack in table.stacks.items():
            if stack < 100:
                table.topup(name, 10**6)
        table.start_deal()
        while table.in_deal:
            random_action(table, rng, 0)
        if number == 1:
            table.join("Dan", 10**6)
    lines = write_session(SessionRecord.from_table(table)).split("\n")
    for kind, text, at, other in steps:
        i, j = at % len(lines), other % len(lines)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[j])
        elif kind == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            lines.insert(i, text)
        else:
            line = lines[i]
            cut = other % (len(line) + 1)
            lines[i] = line[:cut] + text + line[cut + (kind == 4):]
    mutated = "\n".join(lines)
    assert streamed(mutated) == whole(mutated)


# -- the writer's layout, read without the general parser ---------------------------------------

_SCALARS = st.one_of(st.integers(-(2**63), 2**63 - 1), st.booleans(),
                     st.text(max_size=6), st.sampled_from(["As Kd", "Mary Ann", 'a "b"', "\\"]))
_KEYS = st.one_of(st.from_regex(r"[A-Za-z0-9_-]{1,6}", fullmatch=True),
                  st.text(min_size=0, max_size=5))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=3)), max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(entry=st.dictionaries(st.from_regex(r"[a-z_]{1,8}", fullmatch=True), _VALUES,
                             max_size=6),
       cut=st.integers(0, 10**6), text=st.sampled_from(["", "x", "\n", '"', " ", "]", "="]))
def test_the_writers_layout_reads_as_toml_reads_it(entry: dict[str, object], cut: int,
                                                    text: str) -> None:
    written = dump_entry("deals", entry, multiline=("actions",), subtables=("rules", "cards"))
    part = written[written.index("[[deals]]"):]
    expected = tomllib.loads(part)
    fast = _written_part(part)
    assert fast == expected or (fast is None and "\\" in part)  # an escape: the parser reads it
    at = cut % (len(part) + 1)
    edited = part[:at] + text + part[at + 1:]
    fast = _written_part(edited)
    if fast is not None:  # read without the parser only as the parser reads it
        assert fast == tomllib.loads(edited)
