"""Every terminal-game test sees an empty solver cache: the trainer (the equilibrium hint)
never loads the user's solved strategies, and says the same thing on every machine; and an
empty config folder: the first screen never reads nor writes the user's remembered choice."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def empty_solver_cache(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("bragkit-cache")
    monkeypatch.setenv("BRAGKIT_CACHE", str(folder))
    return folder


@pytest.fixture(autouse=True)
def empty_config(tmp_path_factory: pytest.TempPathFactory,
                 monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("bragkit-config")
    monkeypatch.setenv("BRAGKIT_CONFIG", str(folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(folder / "data"))  # w's records without a save dir
    return folder
