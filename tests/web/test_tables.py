"""Tests of bragkit.web.tables: the manager's write path, bots, timers, restarts."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bragkit.web.room import Viewer, token_hash
from bragkit.web.store import Store, StoreError
from bragkit.web.tables import TableManager

from .support import Client, settle, token

FAST = {"deal_pause": 0, "bot_delay": 0}


def seated(manager: TableManager, table_id: str, host_token: str,
           names: tuple[str, ...]) -> tuple[Client, dict[str, Client]]:
    """A host connection and one connection per player, each seated in order."""
    host = Client(manager, table_id)
    host.send({"type": "hello", "host": host_token})
    players = {}
    for seat, name in enumerate(names):
        client = Client(manager, table_id)
        client.send({"type": "hello"})
        client.send({"type": "sit", "id": "sit", "seat": seat, "name": name,
                     "token": token(name)})
        players[name] = client
    return host, players


def test_nothing_is_delivered_before_it_is_stored() -> None:
    """Every message a connection receives reflects events already in the database."""

    async def main() -> None:
        store = Store("sqlite://")
        stored: dict[str, int] = {}
        real_append = store.append_many

        def append_many(rows: Any) -> None:
            real_append(rows)
            for table_id, seq, _, _ in rows:
                stored[table_id] = max(stored.get(table_id, 0), seq)

        store.append_many = append_many  # type: ignore[method-assign]
        manager = TableManager(store, defaults=FAST)
        table_id, host_token = manager.create_table({})
        checked = []
        host, players = seated(manager, table_id, host_token, ("Ann", "Bob"))
        for client in [host, *players.values()]:
            real_push = client.conn.push

            def push(text: str, real_push: Any = real_push) -> None:
                seq = int(text.split('"seq":', 1)[1].split(",", 1)[0].split("}")[0])
                assert seq <= stored.get(table_id, 0), text[:80]
                checked.append(seq)
                real_push(text)

            client.conn.push = push  # type: ignore[method-assign]
        host.send({"type": "host", "id": "b", "op": "add_bot", "seat": 2, "bot": "random"})
        host.send({"type": "host", "id": "go", "op": "start"})
        for _ in range(30):
            await settle()
            room = manager.rooms[table_id]
            name = room.to_act
            if name in players:
                players[name].send({"type": "act", "id": f"f{room.seq}", "at": room.seq,
                                    "action": {"verb": "fold"}})
        assert len(checked) > 20 and max(checked) > 10

    asyncio.run(main())


def test_a_failed_write_changes_nothing_and_says_so() -> None:
    async def main() -> None:
        store = Store("sqlite://")
        manager = TableManager(store, defaults=FAST)
        table_id, _ = manager.create_table({})
        ann = Client(manager, table_id)
        ann.send({"type": "hello"})
        await settle()
        real_append = store.append_many

        def broken(rows: Any) -> None:
            raise StoreError("the disk is full")

        store.append_many = broken  # type: ignore[method-assign]
        ann.send({"type": "sit", "id": "s1", "seat": 0, "name": "Ann", "token": token("Ann")})
        await settle()
        errors = ann.of_type("error")
        assert errors and errors[-1]["code"] == "unavailable" and errors[-1]["re"] == "s1"
        assert manager.rooms[table_id].seq == 0 and ann.state["seats"][0] is None
        assert not [m for m in ann.received if m["type"] == "state"]  # nothing shown
        store.append_many = real_append  # type: ignore[method-assign]
        ann.send({"type": "sit", "id": "s2", "seat": 0, "name": "Ann", "token": token("Ann")})
        await settle()
        assert ann.state["seats"][0]["name"] == "Ann"

    asyncio.run(main())


def test_a_command_sent_twice_is_applied_once() -> None:
    async def main() -> None:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table({})
        host, _players = seated(manager, table_id, host_token, ("Ann", "Bob"))
        await settle()
        for _ in range(3):
            host.send({"type": "host", "id": "add", "op": "add_bot", "seat": 3})
        await settle()
        replies = host.of_type("reply")
        assert len(replies) == 3 and [r.get("duplicate", False) for r in replies] == [
            False, True, True]
        assert len(manager.rooms[table_id].bots) == 1

    asyncio.run(main())


def test_bots_play_deal_after_deal_and_the_chips_add_up() -> None:
    async def main() -> None:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table({"rules": {"max_bet": 8}})
        host = Client(manager, table_id)
        host.send({"type": "hello", "host": host_token})
        for seat, kind in enumerate(["random", "cautious", "bold"]):
            host.send({"type": "host", "id": f"b{seat}", "op": "add_bot", "seat": seat,
                       "bot": kind})
        host.send({"type": "host", "id": "go", "op": "start"})
        room = manager.rooms[table_id]
        deadline = time.monotonic() + 20
        while (room.table is None or room.table.deal_number < 6) and time.monotonic() < deadline:
            await asyncio.sleep(0.001)
        assert room.table is not None and room.table.deal_number >= 6
        ledger = room.table.ledger
        assert sum(ledger.brought(p) for p in ledger.players) == (
            sum(room.table.stacks.values()) + ledger.in_pot)
        assert host.state["deal"] is not None

    asyncio.run(main())


def test_a_player_out_of_time_folds() -> None:
    async def main() -> None:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table({"turn_seconds": 1})
        host, players = seated(manager, table_id, host_token, ("Ann", "Bob", "Cy"))
        host.send({"type": "host", "id": "go", "op": "start"})
        await asyncio.sleep(0.05)
        room = manager.rooms[table_id]
        assert room.to_act == "Bob"
        timer = players["Bob"].state and players["Bob"].received[-1].get("timer")
        assert timer is not None and timer["player"] == "Bob" and 0 < timer["remaining"] <= 1
        await asyncio.sleep(1.2)
        assert room.to_act == "Cy"
        assert "Bob ran out of time: Bob folds" in [line["text"] for line in room.log_since(0)]

    asyncio.run(main())


def test_a_restarted_manager_resumes_every_table_exactly() -> None:
    async def first(store: Store) -> tuple[str, dict]:
        manager = TableManager(store, defaults={"deal_pause": 0, "bot_delay": 0})
        table_id, host_token = manager.create_table({})
        host, players = seated(manager, table_id, host_token, ("Ann",))
        host.send({"type": "host", "id": "b", "op": "add_bot", "seat": 3, "bot": "random"})
        host.send({"type": "host", "id": "go", "op": "start"})
        for _ in range(40):
            await settle()
            room = manager.rooms[table_id]
            if room.to_act == "Ann" and room.table is not None and room.table.deal_number >= 3:
                break
            if room.to_act == "Ann":
                players["Ann"].send({"type": "act", "id": f"a{room.seq}", "at": room.seq,
                                     "action": {"verb": "fold"}})
        manager.flush()
        room = manager.rooms[table_id]
        ann = Viewer(name="Ann", token_hash=token_hash(token("Ann")))
        return table_id, {"seq": room.seq, "ann": room.state_for(ann),
                          "all": room.state_for(Viewer())}

    async def second(store: Store, table_id: str) -> dict:
        manager = TableManager(store)
        assert manager.resume_all() == 1
        room = manager.rooms[table_id]
        ann = Viewer(name="Ann", token_hash=token_hash(token("Ann")))
        return {"seq": room.seq, "ann": room.state_for(ann), "all": room.state_for(Viewer())}

    store = Store("sqlite://")
    table_id, before = asyncio.run(first(store))
    after = asyncio.run(second(store, table_id))
    assert after == before


def test_resuming_sends_the_log_lines_missed() -> None:
    async def main() -> None:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table({})
        host, _players = seated(manager, table_id, host_token, ("Ann", "Bob"))
        await settle()
        seen = host.seq
        host.send({"type": "host", "id": "b", "op": "add_bot", "seat": 4, "bot": "random"})
        await settle()
        late = Client(manager, table_id)
        late.send({"type": "hello", "last_seq": seen})
        await settle()
        sync = late.of_type("sync")[-1]
        assert [line["seq"] for line in sync["log"]] == [seen + 1]
        assert sync["seq"] == seen + 1

    asyncio.run(main())
