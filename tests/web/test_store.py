"""Tests of bragkit.web.store: tables, their secrets and their event logs in SQLAlchemy."""

from __future__ import annotations

from pathlib import Path

import pytest

from bragkit.web.room import Event
from bragkit.web.store import Store, StoreConflict, StoreError, default_url


def test_events_round_trip_in_order(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    store = Store(url)
    store.create_table("t1", config={"name": "A"}, secret=b"s" * 32, host_hash="h" * 64)
    store.create_table("t2", config={"name": "B"}, secret=b"z" * 32, host_hash="g" * 64)
    events = [Event(kind="sit", data={"seat": 0, "name": "Ann"}, client_id="c1",
                    principal="p" * 64), Event(kind="start")]
    store.append_many([("t1", 1, events[0], "lobby"), ("t1", 2, events[1], "playing")])
    store.append("t2", 1, Event(kind="close"), status="closed")
    store.close()
    again = Store(url)  # a new process, the same file
    stored = again.load("t1")
    assert stored is not None and stored.events == tuple(events)
    assert (stored.secret, stored.host_hash, stored.status) == (b"s" * 32, "h" * 64, "playing")
    assert again.open_tables() == ["t1"]  # closed tables are not resumed
    assert again.load("nope") is None and again.exists("t2") and not again.exists("nope")


def test_a_batch_is_stored_whole_or_not_at_all() -> None:
    store = Store("sqlite://")
    store.create_table("t", config={}, secret=bytes(32), host_hash="h" * 64)
    store.append("t", 1, Event(kind="start"), status="playing")
    with pytest.raises(StoreError):
        store.append_many([("t", 2, Event(kind="deal"), "playing"),
                           ("t", 1, Event(kind="deal"), "playing")])
    stored = store.load("t")
    assert stored is not None and [e.kind for e in stored.events] == ["start"]
    store.append("t", 2, Event(kind="deal"), status="playing")  # the writer still works


def test_tables_are_unique() -> None:
    store = Store("sqlite://")
    store.create_table("t", config={}, secret=bytes(32), host_hash="h" * 64)
    with pytest.raises(StoreError):
        store.create_table("t", config={}, secret=bytes(32), host_hash="h" * 64)


def test_the_default_database_is_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_url() == f"sqlite:///{tmp_path / 'bragkit' / 'web.sqlite3'}"
    assert (tmp_path / "bragkit").is_dir()


def test_passwords_are_not_shown() -> None:
    store = Store("sqlite://")
    assert store.safe_url == "sqlite://"


def test_events_since_gives_what_another_process_stored() -> None:
    store = Store("sqlite://")
    store.create_table("t1", config={}, secret=bytes(32), host_hash="h")
    for seq, kind in enumerate(("start", "deal", "pause"), 1):
        store.append("t1", seq, Event(kind=kind), status="playing")
    assert [e.kind for e in store.events_since("t1", 1)] == ["deal", "pause"]
    assert store.events_since("t1", 3) == []
    with pytest.raises(StoreConflict):
        store.append("t1", 2, Event(kind="close"), status="closed")
    assert [e.kind for e in store.events_since("t1", 0)] == ["start", "deal", "pause"]
    store.create_table("t2", config={}, secret=bytes(32), host_hash="h")
    assert store.last_events() == {"t1": 3}
    store.append("t1", 4, Event(kind="close"), status="closed")
    assert store.last_events() == {}  # closed tables are done with
