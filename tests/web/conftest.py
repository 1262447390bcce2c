"""The web tests' shared fixtures: a ``bragkit serve`` process and Debian's chromium, one of
each per test module (Playwright, a test dependency: missing, it is an error)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from .browser_support import ARGS, CHROMIUM
from .support import free_port, start_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``bragkit serve`` of the test module, on a free port and a fresh SQLite database."""
    port = free_port()
    database = tmp_path_factory.mktemp("web") / "web.sqlite3"
    process: subprocess.Popen[bytes] = start_server(port, database)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.kill()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, driven by Playwright, for the test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield launched
        finally:
            launched.close()
