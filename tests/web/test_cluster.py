"""Several server processes on one PostgreSQL event log (issue 15): two managers never both
store event n; the one that loses catches up and checks its command again."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bragkit.web.limits import Limits
from bragkit.web.store import Store, StoreConflict
from bragkit.web.tables import TableManager

from .services import postgres_database
from .support import Client, token

FAST = {"deal_pause": 0, "bot_delay": 0}


@pytest.fixture
def database() -> Iterator[str]:
    with postgres_database() as url:
        yield url


def player(manager: TableManager, table_id: str) -> Client:
    client = Client(manager, table_id)
    client.send({"type": "hello"})
    manager.flush()
    return client


def test_the_log_refuses_a_second_event_n(database: str) -> None:
    from bragkit.web.events import Event

    one, two = Store(database), Store(database)
    one.create_table("t1", config={}, secret=bytes(32), host_hash="h" * 64)
    one.append("t1", 1, Event(kind="start"), status="playing")
    with pytest.raises(StoreConflict, match="event 1 of table t1 is already stored"):
        two.append("t1", 1, Event(kind="close"), status="closed")
    assert [e.kind for e in two.events_since("t1", 0)] == ["start"]
    one.close()
    two.close()


def test_two_processes_writing_one_table_catch_up_and_check_again(database: str) -> None:
    async def main() -> None:
        a = TableManager(Store(database), defaults=FAST, limits=Limits(messages_per_second=0))
        b = TableManager(Store(database), defaults=FAST, limits=Limits(messages_per_second=0))
        table_id, _ = a.create_table({})
        a.flush()
        assert b.room(table_id) is not None  # both have the table in memory, at event 0
        cy, dee, eve = player(a, table_id), player(b, table_id), player(b, table_id)
        cy.send({"type": "sit", "id": "s", "seat": 2, "name": "Cy", "token": token("Cy")})
        a.flush()  # A stores event 1; B has not heard of it
        dee.send({"type": "sit", "id": "s", "seat": 3, "name": "Dee", "token": token("Dee")})
        eve.send({"type": "sit", "id": "s", "seat": 2, "name": "Eve", "token": token("Eve")})
        b.flush()  # B's event 1 conflicts: B catches up, checks both sits again
        b.flush()
        replies = {c: [m for m in c.poll() if m["type"] in ("reply", "error")]
                   for c in (dee, eve)}
        assert replies[dee][-1]["ok"] is True and replies[dee][-1]["applied"] == 2
        assert replies[eve][-1]["code"] == "refused"
        assert "taken by Cy" in replies[eve][-1]["message"]
        stored = Store(database).load(table_id)
        assert stored is not None
        assert [(e.kind, e.data.get("name")) for e in stored.events] == [
            ("sit", "Cy"), ("sit", "Dee")]
        assert b.rooms[table_id].seats == {2: "Cy", 3: "Dee"}
        a.catch_up(table_id)  # what a cluster's notice does
        assert a.rooms[table_id].seats == {2: "Cy", 3: "Dee"}
        assert cy.state["seats"][3]["name"] == "Dee"
        for manager in (a, b):
            manager.store.close()

    asyncio.run(main())
