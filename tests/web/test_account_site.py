"""The account pages over HTTP (Starlette's test client): every route, and the probes an
attacker would run: password guessing (limited per address and per name, 429), user
enumeration (a wrong name and a wrong password get the same status and the same page), CSRF
(no token, a wrong token, another browser's token: 403 and nothing done), cross-site posts
(403), session fixation (a new session id at every sign-in; the one brought is ended), open
redirects (``next`` only to the site's own tables). At the tables: a signed-in player sits
under the account's name only, and no guest takes it or a look-alike; a deleted account's
name stays on its table's records. Playing without an account is unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bragkit.web.accounts import Passwords
from bragkit.web.app import create_app
from bragkit.web.limits import AccountLimits
from bragkit.web.store import Store

from .support import cards_in, token
from .test_app import FAST, Socket, new_table

SECRET = "correct horse battery"
_CSRF = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


def make_app(**options: Any) -> Any:
    options.setdefault("passwords", Passwords.fast_for_tests())
    return create_app(store=Store("sqlite://"), defaults=FAST, manage_gc=False, **options)


@pytest.fixture
def app() -> Any:
    return make_app()


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app, follow_redirects=False) as browser:
        yield browser


def browser_of(app: Any, **options: Any) -> TestClient:
    """Another browser on the same server (its own cookies)."""
    return TestClient(app, follow_redirects=False, **options)


def csrf(client: TestClient, page: str = "/signin") -> str:
    found = _CSRF.search(client.get(page, follow_redirects=True).text)
    assert found is not None
    return found.group(1)


def post(client: TestClient, path: str, **fields: str) -> Any:
    fields.setdefault("csrf", csrf(client, "/account" if path.startswith(("/account",
                                                                          "/signout"))
                                   else "/signin"))
    return client.post(path, data=fields)


def sign_up(client: TestClient, name: str = "Ann", password: str = SECRET) -> Any:
    return post(client, "/signup", name=name, password=password, password2=password)


def session_cookie(client: TestClient) -> str | None:
    return client.cookies.get("bk_session")


def me(client: TestClient) -> str | None:
    name: str | None = client.get("/api/me").json()["name"]
    return name


# -- the pages ----------------------------------------------------------------------------------


def test_every_page_is_served_in_the_sites_style_with_a_form_token(client: TestClient) -> None:
    for path, title in (("/signup", "Open an account"), ("/signin", "Sign in")):
        page = client.get(path)
        assert page.status_code == 200 and f"<h1>{title}</h1>" in page.text
        assert '/static/style.css' in page.text and _CSRF.search(page.text)
        assert page.headers["cache-control"] == "no-store"
        assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/account").headers["location"] == "/signin"
    assert me(client) is None
    assert sign_up(client).headers["location"] == "/account?done=welcome"
    page = client.get("/account?done=welcome")
    assert "<h1>Ann</h1>" in page.text and "the account is open" in page.text
    for action in ('action="/signout"', 'action="/account/password"', 'action="/account/delete"'):
        assert action in page.text
    assert me(client) == "Ann"
    assert client.get("/signin").headers["location"] == "/account"  # signed in already
    assert client.get("/signup").headers["location"] == "/account"


def test_sign_up_sets_an_httponly_lax_session_cookie_and_sign_out_ends_it(
        client: TestClient, app: Any) -> None:
    answer = sign_up(client)
    cookie = [c for c in answer.headers.get_list("set-cookie") if c.startswith("bk_session=")]
    assert len(cookie) == 1
    assert "HttpOnly" in cookie[0] and "SameSite=lax" in cookie[0]
    assert "Max-Age=2592000" in cookie[0]
    stolen = session_cookie(client)
    out = post(client, "/signout")
    assert out.status_code == 303 and out.headers["location"] == "/"
    assert me(client) is None
    replay = browser_of(app, cookies={"bk_session": stolen or ""})
    assert me(replay) is None  # the session is ended in the database, not only forgotten


def test_sign_in_goes_back_to_the_table_and_nowhere_else(client: TestClient) -> None:
    sign_up(client)
    post(client, "/signout")
    table_id, _ = new_table(client)
    back = post(client, "/signin", name="Ann", password=SECRET, next=f"/t/{table_id}")
    assert back.status_code == 303 and back.headers["location"] == f"/t/{table_id}"
    for elsewhere in ("https://evil.example/", "//evil.example/t/x", "/t/x/../../admin",
                      "/\\evil.example"):
        post(client, "/signout")
        answer = post(client, "/signin", name="Ann", password=SECRET, next=elsewhere)
        assert answer.headers["location"] == "/account", elsewhere


def test_a_bad_sign_up_says_why_and_opens_nothing(client: TestClient) -> None:
    cases = [({"name": "Ann", "password": SECRET, "password2": SECRET + "x"},
              "The two passwords differ."),
             ({"name": "Ann", "password": "short", "password2": "short"},
              "A password is 8 to 256 characters."),
             ({"name": "Random bot", "password": SECRET, "password2": SECRET},
              "reads as a bot&#x27;s name"),
             ({"name": "<script>", "password": SECRET, "password2": SECRET}, "A name is 1 to 20")]
    for fields, why in cases:
        answer = post(client, "/signup", **fields)
        assert answer.status_code == 400 and why in answer.text, fields
        assert "<script>" not in answer.text
    assert me(client) is None
    sign_up(client)
    post(client, "/signout")
    taken = sign_up(client, "\u0410NN")  # a Cyrillic А: looks like Ann
    assert taken.status_code == 400 and "is taken, or looks like a name that is" in taken.text


# -- probes -------------------------------------------------------------------------------------


def test_enumeration_a_wrong_name_and_a_wrong_password_get_the_same_answer(
        client: TestClient, app: Any) -> None:
    sign_up(client, "Ann")
    post(client, "/signout")
    wrong_password = post(client, "/signin", name="Ann", password="not the secret")
    no_account = post(client, "/signin", name="Ann", password="not the secret")  # warm
    assert wrong_password.text == no_account.text
    nobody = post(client, "/signin", name="Anne", password="not the secret")
    assert wrong_password.status_code == nobody.status_code == 401
    assert wrong_password.text.replace('value="Ann"', "") == nobody.text.replace(
        'value="Anne"', "")
    assert "Wrong name or password." in nobody.text
    assert {k for k in wrong_password.headers if k != "content-length"} == {
        k for k in nobody.headers if k != "content-length"}
    assert "set-cookie" not in wrong_password.headers and "set-cookie" not in nobody.headers
    assert 'bragkit_sign_ins_total{result="wrong"} 3.0' in app.state.metrics.render().decode()


def test_password_guessing_is_limited_per_address_and_per_name() -> None:
    app = make_app(account_limits=AccountLimits(sign_in_burst=4, name_sign_in_burst=3))
    with browser_of(app) as guesser:
        statuses = [post(guesser, "/signin", name=name, password=f"guess {n}").status_code
                    for n, name in enumerate(["Ann", "Bob", "Cy", "Dee", "Eve"])]
        assert statuses == [401, 401, 401, 401, 429]
        limited = post(guesser, "/signin", name="Fay", password="guess")
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
        assert "Too many sign-ins from your address: try again later." in limited.text
    tries = []
    for n in range(4):  # one name, from four addresses
        with browser_of(app, client=(f"203.0.113.{n}", 4000)) as other:
            tries.append(post(other, "/signin", name="Zed", password="guess").status_code)
    assert tries == [401, 401, 401, 429]
    text = app.state.metrics.render().decode()
    assert 'bragkit_sign_ins_total{result="limited"} 3.0' in text


def test_csrf_a_form_without_this_browsers_token_does_nothing(client: TestClient,
                                                               app: Any) -> None:
    refusals = [client.post("/signup", data={"name": "Ann", "password": SECRET,
                                             "password2": SECRET}),
                client.post("/signup", data={"name": "Ann", "password": SECRET,
                                             "password2": SECRET, "csrf": "0" * 64})]
    with browser_of(app) as other:
        foreign = csrf(other)
    refusals.append(client.post("/signup", data={"name": "Ann", "password": SECRET,
                                                 "password2": SECRET, "csrf": foreign}))
    for refused in refusals:
        assert refused.status_code == 403 and "nothing was done" in refused.text
    assert me(client) is None
    assert sign_up(client).status_code == 303  # the name was never taken
    for path, fields in (("/signout", {}), ("/account/password",
                                            {"password": SECRET, "new": "x" * 12,
                                             "new2": "x" * 12}),
                         ("/account/delete", {"password": SECRET})):
        refused = client.post(path, data={**fields, "csrf": foreign})
        assert refused.status_code == 403, path
    assert me(client) == "Ann"  # still signed in, the password the same, the account there
    assert post(client, "/signout").status_code == 303
    assert post(client, "/signin", name="Ann", password=SECRET).status_code == 303
    text = app.state.metrics.render().decode()
    assert 'bragkit_refusals_total{kind="csrf"} 6.0' in text


def test_a_post_from_another_site_or_not_a_form_is_refused(client: TestClient) -> None:
    token_ = csrf(client)
    fields = {"name": "Ann", "password": SECRET, "password2": SECRET, "csrf": token_}
    cross = client.post("/signup", data=fields, headers={"origin": "https://evil.example"})
    assert cross.status_code == 403
    fetched = client.post("/signup", data=fields, headers={"sec-fetch-site": "cross-site"})
    assert fetched.status_code == 403
    as_json = client.post("/signup", json=fields)
    assert as_json.status_code == 415
    huge = client.post("/signup", data={**fields, "pad": "x" * 5000})
    assert huge.status_code == 413
    assert me(client) is None


def _given(answer: Any) -> str:
    """The session id an answer gives the browser."""
    (cookie,) = [c for c in answer.headers.get_list("set-cookie")
                 if c.startswith("bk_session=")]
    return str(cookie.split(";", 1)[0].split("=", 1)[1])


def test_fixation_every_sign_in_starts_a_new_session_and_ends_the_one_brought(
        app: Any) -> None:
    planted = "attacker-chosen-session-id-0123456789abcdef"
    with browser_of(app) as owner:
        first = _given(sign_up(owner))
    with browser_of(app, cookies={"bk_session": planted}) as victim:
        second = _given(post(victim, "/signin", name="Ann", password=SECRET))
    assert second not in (first, planted)
    with browser_of(app, cookies={"bk_session": planted}) as attacker:
        assert me(attacker) is None
    with browser_of(app, cookies={"bk_session": second}) as signed_in:
        assert me(signed_in) == "Ann"
        third = _given(post(signed_in, "/signin", name="Ann", password=SECRET))
    assert third not in (first, second)
    with browser_of(app, cookies={"bk_session": second}) as old:
        assert me(old) is None  # the session brought to the sign-in is ended
    with browser_of(app, cookies={"bk_session": first}) as untouched:
        assert me(untouched) == "Ann"  # another browser's session goes on


def test_changing_the_password_ends_every_other_session(client: TestClient, app: Any) -> None:
    sign_up(client)
    with browser_of(app) as laptop:
        post(laptop, "/signin", name="Ann", password=SECRET)
        assert me(laptop) == "Ann"
        wrong = post(client, "/account/password", password="not it", new="n" * 12,
                     new2="n" * 12)
        assert wrong.status_code == 401 and "The current password is wrong." in wrong.text
        differ = post(client, "/account/password", password=SECRET, new="n" * 12,
                      new2="m" * 12)
        assert differ.status_code == 400 and "The two new passwords differ." in differ.text
        before = session_cookie(client)
        done = post(client, "/account/password", password=SECRET, new="n" * 12, new2="n" * 12)
        assert done.headers["location"] == "/account?done=password"
        assert session_cookie(client) != before and me(client) == "Ann"
        assert me(laptop) is None
    post(client, "/signout")
    assert post(client, "/signin", name="Ann", password=SECRET).status_code == 401
    assert post(client, "/signin", name="Ann", password="n" * 12).status_code == 303


def test_secure_cookies_over_https_and_behind_a_tls_public_url(app: Any) -> None:
    with browser_of(app, base_url="https://testserver") as tls:
        answer = sign_up(tls)
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith("__Host-bk_session=") and "Secure" in cookie
        assert me(tls) == "Ann"
    with browser_of(app) as plain:  # X-Forwarded-Proto is uvicorn's to believe, not the app's
        answer = sign_up(plain, "Bob")
        assert "Secure" not in answer.headers["set-cookie"]
    proxied = make_app(public_url="https://brag.example.org")
    with browser_of(proxied) as behind:  # the proxy speaks plain HTTP to the app
        cookie = behind.get("/signup").headers["set-cookie"]
        assert cookie.startswith("__Host-bk_csrf=") and "Secure" in cookie


def test_signed_out_pages_ask_to_sign_in(client: TestClient) -> None:
    assert client.get("/account").headers["location"] == "/signin"
    answer = post(client, "/account/password", password=SECRET, new="n" * 12, new2="n" * 12)
    assert answer.headers["location"] == "/signin"
    assert post(client, "/account/delete", password=SECRET).headers["location"] == "/signin"


# -- at the tables --------------------------------------------------------------------------------


def _sit(ws: Socket, name: str, seat: int, ident: str) -> dict[str, Any]:
    ws.send(type="sit", id=ident, seat=seat, name=name, token=token(f"seat {ident}"))
    for _ in range(50):
        message = ws.receive()
        if message["type"] in ("reply", "error") and message.get("re") == ident:
            return message
    raise AssertionError("no answer")


def test_an_accounts_name_is_its_holders_at_every_table(client: TestClient, app: Any) -> None:
    sign_up(client, "Ann")
    table_id, _ = new_table(client)
    with browser_of(app) as guest_browser, \
            client.websocket_connect(f"/ws/{table_id}") as ann_ws, \
            guest_browser.websocket_connect(f"/ws/{table_id}") as guest_ws:
        ann, guest = Socket(ann_ws), Socket(guest_ws)
        ann.hello()
        guest.hello()
        other = _sit(ann, "Annie", 0, "a1")
        assert other["type"] == "error" and other["code"] == "refused"
        assert "you are signed in as Ann: sit down under that name" in other["message"]
        for n, look_alike in enumerate(["Ann", "ANN", "\u0410nn", "\u0391nn"]):
            refused = _sit(guest, look_alike, 1, f"g{n}")
            assert refused["type"] == "error" and refused["code"] == "refused"
            assert "sign in to play under it" in refused["message"]
        assert _sit(ann, "Ann", 0, "a2")["ok"] is True
        assert _sit(guest, "Bob", 1, "g9")["ok"] is True  # a guest plays as ever


def test_a_deleted_accounts_name_stays_on_its_records(client: TestClient, app: Any) -> None:
    sign_up(client, "Ann")
    table_id, host = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ann = Socket(ws)
        ann.hello(host=host)
        assert _sit(ann, "Ann", 0, "a1")["ok"] is True
    assert post(client, "/account/delete", password="wrong one").status_code == 401
    gone = post(client, "/account/delete", password=SECRET)
    assert gone.status_code == 303 and me(client) is None
    assert client.get(f"/api/tables/{table_id}").json()["seats"] == {"0": "Ann"}
    stored = app.state.manager.store.load(table_id)
    assert [e.data["name"] for e in stored.events if e.kind == "sit"] == ["Ann"]
    assert post(client, "/signin", name="Ann", password=SECRET).status_code == 401
    reopened = sign_up(client, "Ann")
    assert reopened.status_code == 400 and "is taken" in reopened.text


def test_no_account_page_or_api_shows_a_hidden_card(client: TestClient, app: Any) -> None:
    """In the middle of a deal, a signed-in player's pages, /api/me and /metrics name no
    card dealt (the pages carry no table's state at all)."""
    sign_up(client, "Ann")
    table_id, host = new_table(client, seats=3)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ann = Socket(ws)
        ann.hello(host=host)
        assert _sit(ann, "Ann", 0, "a1")["ok"] is True
        ann.send(type="host", id="b", op="add_bot", seat=1, bot="random")
        ann.until("reply", re="b")
        ann.send(type="host", id="go", op="start")
        ann.until("reply", re="go")
        deal = app.state.manager.rooms[table_id].deal
        dealt = {str(c) for name in deal.players for c in deal.cards_of(name)}
        assert len(dealt) >= 6
        for path in ("/account", "/api/me", "/metrics", "/signin", "/signup"):
            text = client.get(path, follow_redirects=True).text
            text = re.sub(r"(?s)<head>.*</head>", "", text)  # its icon is the ace of spades
            assert not cards_in(text) & dealt, path
            assert not set(re.findall(r"\b[2-9TJQKA][shdc]\b", text)) & dealt, path
