"""The club's security probes run against a real ``bragkit serve`` (uvicorn, SQLite, the
house's own limits and argon2id at its real cost), as an attacker would run them from outside
(issue 26, Keep): password guessing (refused with 429 and a retry-after at the name's limit,
then at the address's), session fixation (a cookie planted before sign-in is never the
session), CSRF (a form without or with a wrong or another browser's token does nothing),
username enumeration (a name with no account and a wrong password: one status, one page but
for the name typed, the same headers, a time alike; a taken name at sign-up answers as a
look-alike does), a private table's records (a stranger and another account get the answer of
no table at all) and hidden cards (no page or API answers, mid-deal, with a card its asker may
not see). Figures are printed (run with ``-s``). The addresses are a proxy's
``X-Forwarded-For``, which uvicorn believes from 127.0.0.1 (its default)."""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bragkit import records

from .support import cards_in, free_port, start_server, token

SECRET = "correct horse battery"
_CSRF = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


class Browser:
    """One browser (its own cookies) at one address."""

    def __init__(self, base: str, address: str, cookies: dict[str, str] | None = None) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, follow_redirects=False, timeout=30,
                                 headers={"x-forwarded-for": address}, cookies=cookies)

    def token(self) -> str:
        page = self.http.get("/signin", follow_redirects=True)
        found = _CSRF.search(page.text)
        assert found is not None, page.text[:200]
        return found.group(1)

    def form(self, path: str, **fields: str) -> httpx.Response:
        fields.setdefault("csrf", self.token())
        return self.http.post(path, data=fields)

    def me(self) -> str | None:
        name: str | None = self.http.get("/api/me").json()["name"]
        return name

    @property
    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("served")
    port = free_port()
    process = start_server(port, folder / "probes.db", "--log-level", "warning")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)
    assert "Traceback" not in (folder / "probes.log").read_text()


def _session(answer: httpx.Response) -> tuple[str, str]:
    """The session cookie an answer sets: its value and its whole header."""
    (header,) = [c for c in answer.headers.get_list("set-cookie") if "bk_session=" in c]
    return header.split(";", 1)[0].split("=", 1)[1], header


def test_password_guessing_meets_the_names_limit_then_the_addresses(served: str) -> None:
    owner = Browser(served, "198.51.100.10")
    assert owner.form("/signup", name="Gail", password=SECRET, password2=SECRET).status_code == 303
    guesser = Browser(served, "198.51.100.11")
    statuses = [guesser.form("/signin", name="Gail", password=f"guess {n}").status_code
                for n in range(8)]
    assert statuses == [401] * 6 + [429] * 2, statuses  # the name's burst: 6
    right = Browser(served, "198.51.100.12").form("/signin", name="Gail", password=SECRET)
    assert right.status_code == 429  # the right password too, from anywhere: the name's limit
    limited = guesser.form("/signin", name="Gail", password="guess")
    retry = int(limited.headers["retry-after"])
    assert retry > 0 and "try again later" in limited.text
    sprayer = Browser(served, "198.51.100.13")  # one address, a new name each time
    spray = [sprayer.form("/signin", name=f"Nobody{n}", password="guess").status_code
             for n in range(12)]
    assert spray == [401] * 10 + [429] * 2, spray  # the address's burst: 10
    print(f"\nprobe guessing: one name 6 x 401 then 429 (retry-after {retry} s), right "
          f"password refused 429 while limited; one address 10 x 401 then 429")


def test_session_fixation_a_planted_cookie_is_never_the_session(served: str) -> None:
    owner = Browser(served, "198.51.100.20")
    made = owner.form("/signup", name="Hal", password=SECRET, password2=SECRET)
    first, header = _session(made)
    assert "httponly" in header.lower() and "samesite=lax" in header.lower()
    assert "secure" not in header.lower()  # plain HTTP here
    planted = "attacker-chosen-" + "0" * 32
    victim = Browser(served, "198.51.100.21", cookies={"bk_session": planted})
    signed = victim.form("/signin", name="Hal", password=SECRET)
    given, _ = _session(signed)
    assert signed.status_code == 303 and given not in (planted, first)
    assert Browser(served, "198.51.100.22", cookies={"bk_session": planted}).me() is None
    assert Browser(served, "198.51.100.22", cookies={"bk_session": given}).me() == "Hal"
    again = Browser(served, "198.51.100.23", cookies={"bk_session": given})
    third, _ = _session(again.form("/signin", name="Hal", password=SECRET))
    assert third != given
    assert Browser(served, "198.51.100.22", cookies={"bk_session": given}).me() is None
    tls = Browser(served, "198.51.100.24")  # behind a TLS proxy: every cookie Secure
    tls.http.headers["x-forwarded-proto"] = "https"
    cookies = tls.http.get("/signin").headers.get_list("set-cookie")
    assert cookies and all("; secure" in c.lower() and "httponly" in c.lower() for c in cookies)
    secure = cookies[0]
    print(f"\nprobe fixation: planted {planted[:12]}... refused; sign-ins gave {given[:8]}..., "
          f"then {third[:8]}... (the one brought ended); over https: {secure.split(';')[-3:]}")


def test_csrf_a_form_without_this_browsers_token_does_nothing(served: str) -> None:
    ann = Browser(served, "198.51.100.30")
    assert ann.form("/signup", name="Ida", password=SECRET, password2=SECRET).status_code == 303
    other = Browser(served, "198.51.100.31").token()
    answers = []
    for path, fields in (("/account/password", {"password": SECRET, "new": "n" * 12,
                                                "new2": "n" * 12}),
                         ("/account/delete", {"password": SECRET}), ("/signout", {"go": "1"}),
                         ("/leagues", {"name": "Forged", "game": "three-card", "rules": ""})):
        for csrf in (None, "0" * 64, other):
            data = fields if csrf is None else {**fields, "csrf": csrf}
            answers.append(ann.http.post(path, data=data).status_code)
        cross = ann.http.post(path, data={**fields, "csrf": ann.token()},
                              headers={"origin": "https://evil.example"})
        answers.append(cross.status_code)
    assert set(answers) == {403}, answers
    assert ann.me() == "Ida"  # not signed out, not deleted
    assert "Forged" not in ann.http.get("/leagues").text
    assert Browser(served, "198.51.100.32").form("/signin", name="Ida",
                                                 password=SECRET).status_code == 303
    print(f"\nprobe csrf: {len(answers)} forged posts (4 forms x no/wrong/another's token, "
          f"cross-site origin): all 403, nothing done")


def test_enumeration_one_answer_and_a_time_alike(served: str) -> None:
    names = [f"Jo{n}" for n in range(4)]
    for n, name in enumerate(names):
        made = Browser(served, f"198.51.100.4{n}").form("/signup", name=name, password=SECRET,
                                                       password2=SECRET)
        assert made.status_code == 303
    wrong: list[float] = []
    unknown: list[float] = []
    pages: dict[str, set[tuple[int, str, frozenset[str]]]] = {"wrong": set(), "unknown": set()}
    for n in range(16):  # alternated, each from an address of its own; 4 tries a name
        for kind, name in (("wrong", names[n % 4]), ("unknown", f"Nobody{n}x")):
            browser = Browser(served, f"203.0.113.{2 * n + (kind == 'unknown')}")
            fields = {"name": name, "password": "not the secret", "csrf": browser.token()}
            started = time.perf_counter()
            answer = browser.http.post("/signin", data=fields)
            (wrong if kind == "wrong" else unknown).append(time.perf_counter() - started)
            text = _CSRF.sub("", answer.text.replace(f'value="{name}"', ""))  # its own token
            pages[kind].add((answer.status_code, text,
                             frozenset(k for k in answer.headers
                                       if k not in ("content-length", "date"))))
    assert len(pages["wrong"]) == 1 and pages["wrong"] == pages["unknown"]
    (status, text, _), = pages["wrong"]
    assert status == 401 and "Wrong name or password." in text
    median_wrong, median_unknown = statistics.median(wrong), statistics.median(unknown)
    ratio = median_unknown / median_wrong
    assert 0.5 < ratio < 2.0, (median_wrong, median_unknown)  # a hash each (argon2id)
    signer = Browser(served, "198.51.100.49")
    taken = signer.form("/signup", name="Jo0", password=SECRET, password2=SECRET)
    alike = Browser(served, "198.51.100.48").form("/signup", name="J\u03bf0",  # Greek omicron
                                                  password=SECRET, password2=SECRET)
    assert taken.status_code == alike.status_code == 400
    assert (_CSRF.sub("", taken.text).replace("Jo0", "NAME")
            == _CSRF.sub("", alike.text).replace("J\u03bf0", "NAME"))  # the same words
    assert "is taken, or looks like a name that is" in taken.text
    print(f"\nprobe enumeration: 16 + 16 sign-ins, one status 401 and one page; median "
          f"{median_wrong * 1000:.0f} ms (wrong password) vs {median_unknown * 1000:.0f} ms "
          f"(no such name), ratio {ratio:.2f}; sign-up of a taken name says only 'is taken, "
          "or looks like a name that is', as for a look-alike")


def _play_one_deal(served: str, ann: Browser, *, private: bool) -> tuple[
        str, int, dict[str, Any], list[str]]:
    """Ann (signed in) makes a table, sits, seats a bot and plays until a deal comes to her
    turn (the bot may fold the first), where a stranger's, Bob's and Ann's answers of every
    page and API of the table and the club are kept; Ann folds and closes the table. Returns
    the table's id, that deal's number, those answers and Ann's cards."""
    from websockets.sync.client import connect

    made = ann.http.post("/api/tables", json={"name": "Probe", "seats": 3, "private": private,
                                             "deal_pause": 0, "bot_delay": 0})
    assert made.status_code in (200, 201), made.text
    table_id, host = made.json()["id"], made.json()["host_token"]
    url = served.replace("http", "ws") + f"/ws/{table_id}"
    answers: dict[str, Any] = {}
    with connect(url, additional_headers={"cookie": ann.cookie,
                                          "x-forwarded-for": "198.51.100.60"}) as ws:
        def send(**message: Any) -> None:
            ws.send(json.dumps({"v": 1, **message}))

        def until(test: Any) -> dict[str, Any]:
            while True:
                message = json.loads(ws.recv(timeout=20))
                if test(message):
                    return message  # type: ignore[no-any-return]

        send(type="hello", host=host)
        until(lambda m: m["type"] == "welcome")
        send(type="sit", id="s", seat=0, name="Ann", token=token("Ann probe"))
        until(lambda m: m["type"] == "reply" and m["re"] == "s")
        send(type="host", id="b", op="add_bot", seat=1, bot="random")
        until(lambda m: m["type"] == "reply" and m["re"] == "b")
        send(type="host", id="go", op="start")
        state = until(lambda m: m["type"] in ("state", "sync") and m["state"]["deal"] is not None
                      and m["state"]["deal"]["to_act"] == "Ann")
        mine = [c for c in cards_in(state["state"]["you"]) if c != "Jk"]
        number = state["state"]["deal"]["number"]
        for who, browser in (("stranger", Browser(served, "198.51.100.61")),
                             ("bob", _signed_in(served, "Bob")), ("ann", ann)):
            for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/records",
                         f"/api/tables/{table_id}/deals/{number}.bhh",
                         f"/api/replays/{table_id}/{number}", f"/replay/{table_id}/{number}",
                         f"/t/{table_id}", "/u/Ann", "/api/players/Ann",
                         "/leaderboard/three-card", "/api/tables", "/account", "/metrics"):
                got = browser.http.get(path)
                answers[f"{who} {path}"] = (got.status_code, got.text)
        send(type="act", id="f", at=state["seq"], action={"verb": "fold"})
        folded = until(lambda m: m["type"] in ("reply", "error") and m.get("re") == "f")
        assert folded["type"] == "reply", folded
        send(type="host", id="c", op="close")  # at the end of the deal in play, if any
        while True:
            message = until(lambda m: m["type"] in ("state", "sync"))
            now = message["state"]
            if now["table"]["status"] == "closed":
                break
            if now["deal"] is not None and now["deal"]["to_act"] == "Ann":
                send(type="act", id=f"f{message['seq']}", at=message["seq"],
                     action={"verb": "fold"})
    return table_id, number, answers, mine


_BOBS: dict[str, Browser] = {}


def _signed_in(served: str, name: str) -> Browser:
    if name not in _BOBS:
        browser = Browser(served, "198.51.100.62")
        made = browser.form("/signup", name=name, password=SECRET, password2=SECRET)
        assert made.status_code == 303, made.text[:200]
        _BOBS[name] = browser
    return _BOBS[name]


def test_a_private_tables_records_and_every_hidden_card(served: str) -> None:
    ann = Browser(served, "198.51.100.63")
    assert ann.form("/signup", name="Ann", password=SECRET, password2=SECRET).status_code == 303
    table_id, number, mid_deal, mine = _play_one_deal(served, ann, private=True)
    record = ann.http.get(f"/api/tables/{table_id}/deals/{number}.bhh")
    assert record.status_code == 200  # closed: released, to its player
    deal = records.load(record.text)
    dealt = {str(c) for p in deal.replay().players for c in deal.replay().cards_of(p)}
    dealt |= {str(c) for hand in (deal.retained or {}).values() for c in hand}
    hidden = dealt - set(mine)  # all but what Ann's own view showed her (blind: nothing)
    assert len(dealt) >= 6 and len(hidden) >= 3
    for key, (_, text) in mid_deal.items():
        body = re.sub(r"(?s)<head>.*?</head>", "", text)  # its icon is the ace of spades
        assert not (cards_in(body) | set(re.findall(r"\b[2-9TJQKA][shdc]\b", body))) & hidden, key
    for who in ("stranger", "bob"):  # mid-deal: the records are no one's yet
        assert mid_deal[f"{who} /api/tables/{table_id}/deals/{number}.bhh"][0] == 404
    missing = Browser(served, "198.51.100.64")
    nothing = [missing.http.get(p) for p in ("/api/tables/NoSuchTable0/deals/1.bhh",
                                             "/api/tables/NoSuchTable0/records",
                                             "/api/replays/NoSuchTable0/1")]
    refused = []
    for browser in (Browser(served, "198.51.100.65"), _signed_in(served, "Bob")):
        got = [browser.http.get(p.replace("NoSuchTable0", table_id)) for p in
               ("/api/tables/NoSuchTable0/deals/1.bhh", "/api/tables/NoSuchTable0/records",
                "/api/replays/NoSuchTable0/1")]
        refused += [a.status_code for a in got]
        for theirs, none in zip(got, nothing, strict=True):  # as no table at all
            assert (theirs.status_code, theirs.text.replace(table_id, "X")) == (
                none.status_code, none.text.replace("NoSuchTable0", "X"))
        assert "Probe" not in browser.http.get("/u/Ann").text
    assert set(refused) == {404}
    assert "Probe" in ann.http.get("/u/Ann").text
    print(f"\nprobe private table: {len(refused)} asks by a stranger and another account, "
          f"all 404 as no table; hidden cards: {len(mid_deal)} mid-deal answers (stranger, "
          f"another account, the player), none names one of the {len(hidden)} cards its "
          "asker may not see")
