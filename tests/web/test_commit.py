"""Tests of bragkit.web.commit: messages go out only once their events are stored."""

from __future__ import annotations

import asyncio

from bragkit.web.commit import Batch, GroupCommit
from bragkit.web.connection import Connection
from bragkit.web.events import Event
from bragkit.web.store import Store, StoreError


class FailingStore(Store):
    def append_many(self, items):  # type: ignore[no-untyped-def]
        raise StoreError("disk full")


def store_with_table() -> Store:
    store = Store("sqlite://")
    store.create_table("t1", config={}, secret=bytes(32), host_hash="h")
    return store


def test_deliveries_wait_for_the_write_then_go_in_order() -> None:
    async def run() -> tuple[list[str], list[str], int]:
        commits = GroupCommit(store_with_table(), on_failure=lambda batch: None)
        conn = Connection("t1")
        ran: list[str] = []
        batch = commits.batch()
        assert commits.batch() is batch  # one batch per turn of the loop
        batch.rows.append(("t1", 1, Event(kind="start"), "playing"))
        batch.rows.append(("t1", 2, Event(kind="pause"), "paused"))
        batch.deliveries += [(conn, '{"n": 1}'), (conn, '{"n": 2}')]
        commits.defer(lambda: ran.append("after"))
        assert conn.queue.empty() and ran == [] and commits.seq("t1") == 0
        assert commits.waiting("t1") and not commits.waiting("t2")
        await asyncio.sleep(0)  # the end of the loop's turn: the group commit
        assert not commits.waiting("t1")
        return [str(m["n"]) for m in conn.drain()], ran, commits.seq("t1")

    assert asyncio.run(run()) == (["1", "2"], ["after"], 2)


def test_a_failed_write_delivers_nothing_and_hands_the_batch_over() -> None:
    failed: list[Batch] = []
    store = FailingStore("sqlite://")
    store.create_table("t1", config={}, secret=bytes(32), host_hash="h")
    commits = GroupCommit(store, on_failure=failed.append)
    conn = Connection("t1")
    batch = commits.batch()
    batch.rows.append(("t1", 1, Event(kind="start"), "playing"))
    batch.deliveries.append((conn, '{"n": 1}'))
    commits.flush()
    assert failed == [batch] and conn.queue.empty() and commits.seq("t1") == 0
    commits.flush()  # nothing waits any more
    assert failed == [batch]


def test_with_nothing_waiting_a_deferred_action_runs_at_once() -> None:
    commits = GroupCommit(store_with_table(), on_failure=lambda batch: None)
    ran: list[int] = []
    commits.defer(lambda: ran.append(1))
    assert ran == [1]


def test_a_stored_batch_is_told_to_the_cluster_and_a_conflict_is_marked() -> None:
    store = store_with_table()
    told: list[list[tuple[str, int, Event, str]]] = []
    failed: list[Batch] = []
    commits = GroupCommit(store, on_failure=failed.append, on_stored=told.append)
    start = ("t1", 1, Event(kind="start"), "playing")
    commits.batch().rows.append(start)
    commits.flush()
    assert told == [[start]] and failed == []
    other = commits.batch()  # another process stored event 1 first: a conflict, not a failure
    other.rows.append(("t1", 1, Event(kind="close"), "closed"))
    commits.flush()
    assert failed == [other] and other.conflict and len(told) == 1
    broken = GroupCommit(FailingStore("sqlite://"), on_failure=failed.append)
    lost = broken.batch()
    lost.rows.append(("t1", 1, Event(kind="start"), "playing"))
    broken.flush()
    assert failed[-1] is lost and not lost.conflict
