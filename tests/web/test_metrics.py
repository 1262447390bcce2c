"""``GET /metrics`` (bragkit.web.metrics): the Prometheus text has every named series, and they
move when tables are made, connections open, commands are applied or refused, a sign-in
succeeds or fails, and the server fails."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from bragkit.web.metrics import ErrorCounter, Metrics

from .support import token
from .test_account_site import SECRET, make_app, post, sign_up
from .test_app import Socket, new_table

SERIES = ("bragkit_tables", "bragkit_connections", "bragkit_actions", "bragkit_action_seconds",
          "bragkit_errors", "bragkit_sign_ins", "bragkit_sign_ups", "bragkit_refusals")


def samples(client: TestClient) -> dict[str, float]:
    """Every sample of /metrics, by its name and labels (``name{a="b"}``)."""
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=")
    found = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(make_app(), follow_redirects=False) as browser:
        yield browser


def test_metrics_name_every_series_and_no_table_or_player(client: TestClient) -> None:
    text = client.get("/metrics").text
    for name in SERIES:
        assert re.search(rf"^# TYPE {name}(_total)? (counter|gauge|histogram)$", text,
                         re.MULTILINE), name
    table_id, _ = new_table(client)
    sign_up(client, "Ann")
    text = client.get("/metrics").text
    assert table_id not in text and "Ann" not in text and "testclient" not in text


def test_the_series_move_with_tables_connections_actions_and_refusals(
        client: TestClient) -> None:
    before = samples(client)
    assert before['bragkit_tables{status="lobby"}'] == 0
    assert before["bragkit_connections"] == 0
    table_id, host = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws_ann, \
            client.websocket_connect(f"/ws/{table_id}") as ws_bob:
        ann, bob = Socket(ws_ann), Socket(ws_bob)
        ann.hello(host=host)
        bob.hello()
        live = samples(client)
        assert live['bragkit_tables{status="lobby"}'] == 1 and live["bragkit_connections"] == 2
        ann.send(type="sit", id="s1", seat=0, name="Ann", token=token("Ann"))
        ann.until("reply", re="s1")
        bob.send(type="sit", id="s2", seat=1, name="Bob", token=token("Bob"))
        bob.until("reply", re="s2")
        bob.send(type="sit", id="s3", seat=2, name="Bob2", token=token("Bob2"))
        assert bob.until("error")["code"] == "refused"  # Bob sits already
        ann.send(type="host", id="go", op="start")
        ann.until("reply", re="go")
        bob.send(type="act", id="x", at=0, action={"verb": "fly"})
        bob.until("error")
        after = samples(client)
    assert after['bragkit_actions_total{type="sit"}'] == 2
    assert after['bragkit_actions_total{type="host"}'] == 1
    assert after["bragkit_action_seconds_count"] == 3
    assert 0 < after["bragkit_action_seconds_sum"] < 30
    assert after['bragkit_tables{status="playing"}'] == 1
    assert after['bragkit_refusals_total{kind="refused"}'] == 1
    assert after['bragkit_refusals_total{kind="malformed"}'] == 1
    assert samples(client)["bragkit_connections"] == 0


def test_sign_ins_sign_ups_and_the_sites_refusals_are_counted(client: TestClient) -> None:
    sign_up(client, "Ann")
    post(client, "/signout")
    post(client, "/signin", name="Ann", password=SECRET)
    post(client, "/signout")
    post(client, "/signin", name="Ann", password="not it at all")
    client.post("/signin", data={"name": "Ann", "password": SECRET, "csrf": "0" * 64})
    client.post("/api/tables", json={}, headers={"origin": "https://evil.example"})
    found = samples(client)
    assert found['bragkit_sign_ups_total{result="ok"}'] == 1
    assert found['bragkit_sign_ins_total{result="ok"}'] == 1
    assert found['bragkit_sign_ins_total{result="wrong"}'] == 1
    assert found['bragkit_refusals_total{kind="csrf"}'] == 1
    assert found['bragkit_refusals_total{kind="cross_site"}'] == 1


def test_server_failures_are_counted_as_errors() -> None:
    metrics = Metrics()

    async def broken(scope: Any, receive: Any, send: Any) -> None:
        raise RuntimeError("a bug")

    async def unavailable(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 503, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    failing = TestClient(ErrorCounter(broken, metrics), raise_server_exceptions=False)
    assert failing.get("/").status_code == 500
    assert TestClient(ErrorCounter(unavailable, metrics)).get("/").status_code == 503
    metrics.refused("unavailable")
    text = metrics.render().decode()
    assert re.search(r'bragkit_errors_total\{where="http"\} 2\.0', text)
    assert re.search(r'bragkit_errors_total\{where="table"\} 1\.0', text)
