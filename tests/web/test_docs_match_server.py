"""docs/deploy.md and docs/web-protocol.md say what the server does: the cluster's lease is
the length ``Cluster`` takes (2 s), and the ``conflict`` error is a ``sit`` with a token that
already holds a seat (a reused command ``id`` is answered ``reply`` with ``duplicate: true``,
tested in test_app.py and test_tables.py)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from bragkit.web.cluster import Cluster
from bragkit.web.protocol import ProtocolError
from bragkit.web.room import Room, TableConfig, Viewer, token_hash

from .support import token

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_lease_in_deploy_md_is_the_clusters() -> None:
    seconds = inspect.signature(Cluster).parameters["lease_seconds"].default
    text = " ".join((DOCS / "deploy.md").read_text().split())
    (px,) = re.findall(r"SET NX PX (\d+)", text)
    assert int(px) == round(seconds * 1000)
    (runs_out,) = re.findall(r"its lease runs out within (\d+(?:\.\d+)?) s", text)
    assert float(runs_out) == seconds
    assert re.search(rf"a {seconds:g} s lease, renewed every third of it", text)


def test_conflict_in_web_protocol_md_is_a_token_already_seated() -> None:
    room = Room(table_id="t", config=TableConfig.from_dict({"seats": 3}),
                secret=bytes(range(32)), host_hash=token_hash("h" * 30))
    room.apply(room.sit(Viewer(), seat=0, name="Ann", token=token("Ann"), id="s1"))
    with pytest.raises(ProtocolError) as refused:
        room.sit(Viewer(), seat=1, name="Bob", token=token("Ann"), id="s2")
    assert refused.value.code == "conflict"
    text = " ".join((DOCS / "web-protocol.md").read_text().split())
    (meaning,) = re.findall(r"`conflict` \(([^)]*)\)", text)
    assert "token" in meaning and "seat" in meaning and "id" not in meaning.split()
    assert "`duplicate: true`" in text
