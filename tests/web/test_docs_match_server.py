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


def test_the_account_limits_in_deploy_md_are_the_codes() -> None:
    from bragkit.web.limits import AccountLimits

    limits = AccountLimits()
    text = (DOCS / "deploy.md").read_text()
    rows = {m["what"]: (int(m["burst"]), float(m["hour"])) for m in re.finditer(
        r"^\| (?P<what>sign-(?:ins|ups) per (?:address|name tried)) \| (?P<burst>\d+) at once, "
        r"(?P<hour>\d+) an hour", text, re.MULTILINE)}
    assert rows == {
        "sign-ins per address": (limits.sign_in_burst, limits.sign_ins_per_hour),
        "sign-ins per name tried": (limits.name_sign_in_burst, limits.name_sign_ins_per_hour),
        "sign-ups per address": (limits.sign_up_burst, limits.sign_ups_per_hour),
        "sign-ups per name tried": (limits.name_sign_up_burst, limits.name_sign_ups_per_hour),
    }


def test_the_metrics_in_deploy_md_are_the_ones_served() -> None:
    from bragkit.web.metrics import Metrics

    served = {m.name for m in Metrics().registry.collect()}
    text = (DOCS / "deploy.md").read_text()
    listed = {re.sub(r"_total$", "", m) for m in re.findall(r"^\| `(bragkit_\w+)", text,
                                                            re.MULTILINE)}
    assert listed == served


def test_the_history_and_ratings_in_the_docs_are_the_codes() -> None:
    """deploy.md's rebuild command and its answer, web-protocol.md's leaderboard length and a
    private table's refusal are what the code does."""
    from bragkit.web.ratings import MAX_LISTED
    from bragkit.web.records_site import _unreleased

    deploy = (DOCS / "deploy.md").read_text()
    assert "python -m bragkit.web.history rebuild --database" in deploy
    assert re.search(r"# bragkit: rebuilt the history of \d+ tables", deploy)
    protocol = " ".join((DOCS / "web-protocol.md").read_text().split())
    assert f"best first (at most {MAX_LISTED})" in protocol
    assert f"(`{_unreleased(True, 1)}`, or `{{\"error\": \"no such table\"}}`" in protocol


def test_the_tls_proxy_section_uses_serves_own_options_and_passes_what_it_needs() -> None:
    """docs/deploy.md's "Behind a TLS proxy" (issue 26, item 7): the options it names are
    ``bragkit serve``'s (and their defaults), its nginx sample passes the player's address and
    scheme and the WebSocket upgrade, keeps /metrics to the operator, and its serve line binds
    to this machine only (the proxy in front)."""
    from bragkit.cli.serve import serve_command as serve

    text = (DOCS / "deploy.md").read_text()
    section = text[text.index("## Behind a TLS proxy"):]
    section = section[:section.index("\n## ", 5)]
    options = {name: parameter.default for name, parameter in
               inspect.signature(serve).parameters.items()}
    for option in re.findall(r"`(--[a-z-]+)", section):
        assert option[2:].replace("-", "_") in options, option
    assert "(default `127.0.0.1`" in section and options["forwarded_allow_ips"] == "127.0.0.1"
    for needed in ("proxy_set_header X-Forwarded-For", "proxy_set_header X-Forwarded-Proto",
                   "proxy_set_header Upgrade", 'proxy_set_header Connection "upgrade"',
                   "location = /metrics", "deny all;"):
        assert needed in section, needed
    assert re.search(r"bragkit serve --host 127\.0\.0\.1 .*--public-url https://", section)
