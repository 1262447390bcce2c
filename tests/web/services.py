"""The services some web tests need: PostgreSQL and Redis on this machine.

With ``CI=true`` a missing service is a failure (CI machines run both); elsewhere those tests
skip with one clear reason. Each test gets a database of its own, made in the PostgreSQL
server's ``test`` database's cluster under a unique name and dropped afterwards, so parallel
test workers never meet; Redis keys are under a prefix made from that database's URL.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator

import pytest

PG_SERVER = os.environ.get("BRAGKIT_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BRAGKIT_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _missing(what: str, error: BaseException) -> None:
    reason = f"{what} is not available ({type(error).__name__}: {error})"
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI runs PostgreSQL and Redis, but {reason}")
    pytest.skip(f"needs {what}: {reason}")


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh, uniquely named PostgreSQL database (its SQLAlchemy URL), dropped after."""
    try:
        import psycopg

        admin = psycopg.connect(PG_SERVER, autocommit=True, connect_timeout=3)
    except Exception as error:
        _missing("PostgreSQL at " + PG_SERVER, error)
        raise  # pragma: no cover - _missing ends the test
    name = f"bragkit_test_{uuid.uuid4().hex[:12]}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield PG_SERVER.rsplit("/", 1)[0].replace(
                "postgresql://", "postgresql+psycopg://", 1) + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def redis_server(prefix: str) -> Iterator[str]:
    """Redis's URL; every key under ``prefix`` is deleted after."""
    try:
        import redis

        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
        client.ping()
    except Exception as error:
        _missing("Redis at " + REDIS_URL, error)
        raise  # pragma: no cover
    try:
        yield REDIS_URL
    finally:
        keys = list(client.scan_iter(match=f"{prefix}*"))
        if keys:
            client.delete(*keys)
        client.close()
