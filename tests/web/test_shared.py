"""What a cluster's processes share through Redis (issue 26, item 6): the rate limits' token
buckets (:mod:`bragkit.web.buckets`) and the list of open public tables
(:mod:`bragkit.web.directory`). Two clients of Redis stand for two processes: they spend from
one bucket, and what one lists the other reads. Then two whole apps on one PostgreSQL and
Redis: a table made on one is listed by the other at once (its periodic scan turned off, so
only the directory can tell it), and sign-ins and tables made count on both together.

The three ``bragkit serve`` processes through a kill -9 are ``test_cluster.py``'s."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from bragkit.web.accounts import Passwords
from bragkit.web.app import create_app
from bragkit.web.buckets import MemoryBuckets, RedisBuckets
from bragkit.web.cluster import Cluster, cluster_prefix
from bragkit.web.directory import RedisDirectory
from bragkit.web.limits import AccountLimits, AccountThrottles, Limits
from bragkit.web.room import Room, TableConfig
from bragkit.web.store import Store

from .services import REDIS_URL, postgres_database, redis_server
from .test_account_site import SECRET, post, sign_up
from .test_app import FAST


@pytest.fixture
def prefix() -> Iterator[str]:
    """A key prefix of this test's own, in a Redis that is there (else skipped: CI fails)."""
    name = f"bragkit:test-{uuid.uuid4().hex[:12]}"
    with redis_server(name):
        yield name


def _clients(count: int) -> list[Any]:
    import redis.asyncio as aioredis

    return [aioredis.from_url(REDIS_URL) for _ in range(count)]


# -- buckets ------------------------------------------------------------------------------------

tries = st.lists(st.tuples(st.integers(0, 1), st.sampled_from(["ann", "bob"])), max_size=14)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(burst=st.integers(1, 4), sequence=tries)
def test_two_processes_spend_from_one_bucket_as_one_process_would(
        prefix: str, burst: int, sequence: list[tuple[int, str]]) -> None:
    """Whichever process each try reaches, the answers are one process's: a key's first
    ``burst`` tries pass, the rest are refused (at one an hour, nothing refills meanwhile)."""
    here = f"{prefix}:{uuid.uuid4().hex[:8]}"

    async def main() -> tuple[list[bool], list[bool]]:
        clients = _clients(2)
        shared = [RedisBuckets(lambda c=c: c, prefix=here) for c in clients]
        alone = MemoryBuckets(clock=lambda: 0.0)
        answers = [await shared[process].take("sign_in_name", key, per_hour=1, burst=burst)
                   for process, key in sequence]
        expected = [await alone.take("sign_in_name", key, per_hour=1, burst=burst)
                    for _, key in sequence]
        for client in clients:
            await client.aclose()
        return answers, expected

    answers, expected = asyncio.run(main())
    assert answers == expected
    for key in ("ann", "bob"):
        assert sum(a for a, (_, k) in zip(answers, sequence, strict=True) if k == key) == min(
            burst, sum(1 for _, k in sequence if k == key))


def test_a_bucket_keeps_no_name_and_expires_once_full_again(prefix: str) -> None:
    async def main() -> tuple[list[bytes], int, list[bool]]:
        (client,) = _clients(1)
        buckets = RedisBuckets(lambda: client, prefix=prefix)
        taken = [await buckets.take("sign_in_name", "ann", per_hour=3600, burst=3)
                 for _ in range(4)]  # one a second: 3 s to fill again
        keys = [key async for key in client.scan_iter(match=f"{prefix}:*")]
        ttl = await client.pttl(keys[0])
        await client.aclose()
        return keys, ttl, taken

    keys, ttl, taken = asyncio.run(main())
    assert taken == [True, True, True, False]
    assert len(keys) == 1 and b"ann" not in keys[0].split(b":limit:")[1]
    assert 3000 < ttl <= 4000  # the 3 s it takes to fill again, and a second more


def test_without_redis_a_process_still_counts_its_own() -> None:
    """Redis away (here: a port nobody listens on): limits hold per process, as before
    clusters shared them, rather than letting everyone through."""
    import redis.asyncio as aioredis

    async def main() -> list[bool]:
        client = aioredis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
        throttles = AccountThrottles(AccountLimits(name_sign_in_burst=2), buckets=RedisBuckets(
            lambda: client, prefix="bragkit:away"))
        answers = [await throttles.sign_in("203.0.113.5", "ann") is None for _ in range(3)]
        await client.aclose()
        return answers

    assert asyncio.run(main()) == [True, True, False]


# -- the table list -----------------------------------------------------------------------------


def _room(table_id: str, *, public: bool = True) -> Room:
    return Room(table_id=table_id, config=TableConfig(public=public, seats=4, name=table_id),
                secret=bytes(32), host_hash="h")


def test_what_one_process_lists_another_reads_and_entries_expire(prefix: str) -> None:
    async def main() -> None:
        one, two = _clients(2)
        rooms = {"t1": _room("t1"), "t2": _room("t2", public=False)}
        writer = RedisDirectory(lambda: one, prefix=prefix, rooms=rooms, held=lambda: (),
                                ttl=0.3)
        reader = RedisDirectory(lambda: two, prefix=prefix, rooms={}, held=lambda: ())
        await writer.added("t1")
        await writer.added("t2")  # private: never listed
        assert [t["id"] for t in await reader.listed()] == ["t1"]
        rooms["t1"] = _room("t1", public=False)  # (what a close does to its entry too)
        writer.stored([("t1", 1, None, "closed")])  # type: ignore[list-item]
        writer.start()  # written at once, then held tables every refresh
        await asyncio.sleep(0.1)
        assert await reader.listed() == []
        rooms["t1"] = _room("t1")
        await writer.added("t1")
        await asyncio.sleep(0.5)  # nobody holds t1: its entry expires, the reader drops its id
        assert await reader.listed() == []
        assert await two.smembers(f"{prefix}:listed") == set()
        await writer.stop()
        kept = RedisDirectory(lambda: one, prefix=prefix, rooms=rooms, held=lambda: {"t1"},
                              refresh=0.1, ttl=0.3)
        kept.start()  # the lease holder rewrites it: it outlives its expiry
        await asyncio.sleep(0.8)
        assert [t["id"] for t in await reader.listed()] == ["t1"]
        await kept.stop()
        for client in (one, two):
            await client.aclose()

    asyncio.run(main())


def test_an_event_that_changes_no_entry_writes_nothing_and_the_refresh_writes_it(
        prefix: str) -> None:
    async def main() -> None:
        (client,) = _clients(1)
        rooms = {"t1": _room("t1")}
        directory = RedisDirectory(lambda: client, prefix=prefix, rooms=rooms, held=lambda: (),
                                   ttl=5)
        await directory.write(["t1"])
        await client.delete(directory.key("t1"))  # (as if it had expired)
        await directory.write(["t1"], changed_only=True)  # an act, a chat: the same entry
        assert await client.get(directory.key("t1")) is None
        await directory.write(["t1"])  # the lease holder's refresh
        assert await client.get(directory.key("t1")) is not None
        await client.aclose()

    asyncio.run(main())


# -- two whole processes ------------------------------------------------------------------------


def _app(database: str, *, limits: Limits, account_limits: AccountLimits) -> Any:
    cluster = Cluster(REDIS_URL, prefix=cluster_prefix(Store(database).url), scan_seconds=3600)
    return create_app(store=Store(database), defaults=FAST, manage_gc=False, cluster=cluster,
                      limits=limits, account_limits=account_limits,
                      passwords=Passwords.fast_for_tests())


def test_two_apps_list_each_others_tables_and_count_limits_together() -> None:
    with postgres_database() as database, redis_server(cluster_prefix(Store(database).url)):
        limits = Limits(table_burst=3, tables_per_hour=1)
        account_limits = AccountLimits(name_sign_in_burst=4, name_sign_ins_per_hour=1)
        one = _app(database, limits=limits, account_limits=account_limits)
        two = _app(database, limits=limits, account_limits=account_limits)
        with TestClient(one, follow_redirects=False) as a, \
                TestClient(two, follow_redirects=False) as b:
            made = a.post("/api/tables", json={"public": True, "name": "Listed"}).json()["id"]
            hidden = a.post("/api/tables", json={"name": "Private"}).json()["id"]
            assert made not in two.state.manager.rooms  # B's scan is off: only Redis tells B
            assert [t["id"] for t in b.get("/api/tables").json()["tables"]] == [made]
            assert hidden not in str(b.get("/api/tables").json())
            # tables per address: 2 made on A, 1 on B, the 4th refused on B
            assert b.post("/api/tables", json={}).status_code == 201
            assert b.post("/api/tables", json={}).status_code == 429

            assert sign_up(a).status_code == 303  # Ann signed in on A...
            b.cookies.set("bk_session", a.cookies["bk_session"])
            assert b.get("/api/me").json() == {"name": "Ann"}  # ...is on B: the database's
            a.cookies.clear()
            b.cookies.clear()
            answers = [post(browser, "/signin", name="Ann", password="guess").status_code
                       for browser in (a, b, a, b, b)]
            assert answers == [401, 401, 401, 401, 429]  # 4 to a name, on A and B together
            refused = post(a, "/signin", name="Ann", password=SECRET)
            assert refused.status_code == 429 and "retry-after" in refused.headers
