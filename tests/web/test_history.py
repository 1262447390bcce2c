"""The players' history and ratings over HTTP (Starlette's test client) and in the database:
what the tables played is kept deal by deal as the server stores their events, it is rebuilt
the same from the event logs, rated sessions move the ratings by finishing order, and the
probes: a private table's records are refused to anyone but its players with the very answer
of a table that does not exist; a player's page does not show a private table to others; no
page tells a name with an account from one without; no page shows a card still hidden.

One club is played once for the module (three rated sessions of four players, a private
table of two players and a guest, a table in the middle of a deal); tests only read it, but
for those that play tables of their own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from bragkit.web.history import History, main
from bragkit.web.limits import AccountLimits
from bragkit.web.room import Room, Viewer
from bragkit.web.schema import deals, plays, rating_events, ratings
from bragkit.web.store import Store

from .history_support import SECRET, Club
from .services import postgres_database
from .support import cards_in, token
from .test_account_site import browser_of, make_app, post
from .test_app import Socket

NAMES = ["Ann", "Bob", "Cy", "Dee"]


class Scene:
    """The module's club: the app, its club, and its tables by role."""

    def __init__(self) -> None:
        self.app = make_app(account_limits=AccountLimits(sign_ins_per_hour=0,
                                                         name_sign_ins_per_hour=0))
        self._browsers: dict[str | None, TestClient] = {}
        self.club = Club.of(self.app)
        self.club.sign_up(*NAMES, "Zed", "Old")
        self.rated = [self.club.session({"name": f"Thursday {n}", "rated": True},
                                        NAMES[: 3 + n % 2], 5, seed=n) for n in range(3)]
        self.private = self.club.session(
            {"name": "Ann and Dee at home", "private": True, "rules": {"max_bet": 10}},
            ["Ann", "Dee", "Gus"], 4, seed=11)
        self.club.sign_up("Pat")
        self.gone = self.club.session({"name": "Old times"}, ["Old", "Pat"], 2, seed=5)
        self.club.accounts.delete(self.club.accounts.sign_in("Old", SECRET), SECRET)
        self.open = self.club.table({"name": "Friday", "rules": {"max_bet": 10}},
                                    ["Ann", "Bob"])
        self.club.play(self.open, 2, seed=3)
        self.club.commit(self.open, self.open.deal_event())  # a deal in progress

    def browser(self, name: str | None = None) -> TestClient:
        """A browser, signed in as ``name`` (None: signed out); one per name."""
        if name in self._browsers:
            return self._browsers[name]
        browser = self._browsers[name] = browser_of(self.app)
        if name is not None:
            answer = post(browser, "/signin", name=name, password=SECRET)
            assert answer.status_code == 303, answer.text
        return browser


@pytest.fixture(scope="module")
def scene() -> Scene:
    return Scene()


def _rows(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the history's and ratings' tables, in order."""
    out = {}
    with store.engine.connect() as connection:
        for table in (plays, deals, ratings, rating_events):
            rows = connection.execute(select(table)).all()
            out[table.name] = sorted(rows, key=tuple)
    return out


# -- the history --------------------------------------------------------------------------------


def test_each_deal_and_session_is_kept_as_the_table_played_it(scene: Scene) -> None:
    ids = scene.club.ids
    rows = _rows(scene.club.manager.store)
    kept = {(r[0], r[1], r[2]): r[3] for r in rows["bk_deals"]}  # (table, account, deal): net
    for room in [*scene.rated, scene.private, scene.open]:
        assert room.table is not None
        expected = {(room.table_id, ids[name], deal.number): net
                    for deal in room.archive.played() for name, net in deal.nets.items()
                    if name in ids}
        assert expected and {k: v for k, v in kept.items() if k[0] == room.table_id} == expected
        nets = room.table.ledger.nets()
        shares = room.settlement.shares if room.settlement is not None else {}
        for name in nets:  # the deals' nets add up to the session's, but a pot shared at close
            dealt = sum(d.nets.get(name, 0) for d in room.archive.played())
            if room.status == "closed":
                assert dealt + shares.get(name, 0) == nets[name], (room.table_id, name)
            else:  # the ante of the deal in progress is in the ledger, not in any deal's net
                nets[name] = dealt
        sessions = {r[1]: r for r in rows["bk_plays"] if r[0] == room.table_id}
        closed = room.status == "closed"
        for name, account in room.seating.accounts.items():
            row = sessions[account]  # while open, a session is its deal rows
            dealt = sum(1 for d in room.archive.played() if name in d.nets)
            assert (row.name, row.net, row.deals, row.finished) == (
                (name, nets[name], dealt, True) if closed else (name, 0, 0, False))
    assert "Gus" not in ids and not any(r[1] is None for r in rows["bk_plays"])  # a guest


def test_the_history_is_rebuilt_the_same_from_the_event_logs(scene: Scene) -> None:
    store = scene.club.manager.store
    before = _rows(store)
    assert History(store).rebuild() == 6  # every table where a signed-in player sat
    assert _rows(store) == before


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_rebuilding_and_catching_up_on_sqlite_and_postgresql(database: str,
                                                             tmp_path: Any) -> None:
    """A server stopped between storing a rated table's close and recording it: the history
    catches up at start-up, and a rebuild from the logs gives the same rows."""
    with _database(database, tmp_path) as url:
        store = Store(url)
        club = Club.on(store)
        club.sign_up("Ann", "Bob", "Cy")
        room = club.table({"name": "Rated", "rated": True}, ["Ann", "Bob", "Cy"])
        club.play(room, 4, seed=2)
        club.manager.commits.listeners.clear()  # stopped before the close is recorded
        club.close(room, seed=2)
        assert _rows(store)["bk_ratings"] == []
        assert History(store).catch_up() == 1
        caught = _rows(store)
        assert len(caught["bk_ratings"]) == 3 and all(r.finished for r in caught["bk_plays"])
        assert History(store).catch_up() == 0  # once
        assert History(store).rebuild() == 1 and _rows(store) == caught
        store.close()


def _database(kind: str, tmp_path: Any) -> Any:
    import contextlib

    if kind == "postgresql":
        return postgres_database()
    return contextlib.nullcontext(f"sqlite:///{tmp_path / 'web.sqlite3'}")


def test_the_rebuild_command_says_how_many_tables(tmp_path: Any,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    Store(url).close()
    assert main(["rebuild", "--database", url]) == 0
    assert capsys.readouterr().out == "bragkit: rebuilt the history of 0 tables\n"
    assert main(["rebuild", "--database", "nonsense://x"]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # one line, no traceback


def test_sit_events_stored_without_an_account_load_as_guests() -> None:
    """Events stored before revision 0003 have no ``account``: they replay as before, and
    the history keeps nothing of them."""
    club = Club.on(Store("sqlite://"))
    club.sign_up("Ann")
    room = club.table({"name": "Old"}, ["Ann", "Bob"])
    events = [e if e.kind != "sit" else type(e)(
        kind="sit", data={k: v for k, v in e.data.items() if k != "account"},
        client_id=e.client_id, principal=e.principal) for e in room.events]
    old = Room.replay(table_id="old", config=room.config, secret=bytes(32),
                      host_hash=room.host_hash, events=events)
    assert old.seats == room.seats and old.seating.accounts == {}
    assert room.seating.accounts == {"Ann": club.ids["Ann"]}
    assert not club.history.follow(old)


# -- ratings ------------------------------------------------------------------------------------


def test_a_rated_session_moves_each_rating_by_its_finishing_order(scene: Scene) -> None:
    store = scene.club.manager.store
    changes = _rows(store)["bk_rating_events"]
    for room in scene.rated:
        assert room.table is not None
        nets = room.table.ledger.nets()
        mine = {r[0]: r for r in changes if r[2] == room.table_id}
        by_name = {name: mine[scene.club.ids[name]] for name in nets}
        assert len(by_name) == len(nets) >= 3
        for a in nets:
            for b in nets:
                if nets[a] > nets[b]:
                    assert by_name[a].place < by_name[b].place
                elif nets[a] == nets[b]:
                    assert by_name[a].place == by_name[b].place
        places = [r.place for r in by_name.values()]
        for row in by_name.values():
            alone = places.count(row.place) == 1
            if row.place == 1 and alone:
                assert row.mu > row.mu_before
            if row.place == max(places) and alone:
                assert row.mu < row.mu_before
    sessions = {r[0]: r[4] for r in _rows(store)["bk_ratings"]}
    assert sessions == {scene.club.ids[n]: count for n, count in
                        (("Ann", 3), ("Bob", 3), ("Cy", 3), ("Dee", 1))}


def test_a_rated_table_seats_signed_in_players_only_and_plays_the_games_rules(
        scene: Scene) -> None:
    guest = scene.browser()
    for settings, why in (({"rated": True, "rules": {"max_bet": 10}}, "default rules"),
                          ({"rated": True, "game": "four-card"}, "default rules"),
                          ({"public": True, "private": True}, "not both"),
                          ({"rated": "yes"}, "true or false")):
        answer = guest.post("/api/tables", json=settings)
        assert answer.status_code == 400 and why in answer.json()["error"], settings
    made = guest.post("/api/tables", json={"name": "Rated", "rated": True}).json()
    assert guest.get(f"/api/tables/{made['id']}").json()["settings"]["rated"] is True
    ann = scene.browser("Ann")
    with guest.websocket_connect(f"/ws/{made['id']}") as gw, \
            ann.websocket_connect(f"/ws/{made['id']}") as aw:
        host, player = Socket(gw), Socket(aw)
        assert host.hello(host=made["host_token"])["settings"]["rated"] is True
        player.hello()
        host.send(type="sit", id="g", seat=0, name="Gus", token=token("Gus"))
        refused = host.until("error", re="g")
        assert refused["code"] == "refused" and "sign in to sit down" in refused["message"]
        host.send(type="host", id="b", op="add_bot", seat=1, bot="random")
        assert "no bots" in host.until("error", re="b")["message"]
        player.send(type="sit", id="a", seat=2, name="Ann", token=token("Ann at rated"))
        assert player.until("reply", re="a")["ok"] is True
    room = scene.club.manager.rooms[made["id"]]
    assert room.seating.accounts == {"Ann": scene.club.ids["Ann"]}


# -- a private table's records ------------------------------------------------------------------


def _answer(browser: TestClient, path: str, bearer: str | None = None) -> tuple[Any, ...]:
    headers = {"authorization": f"Bearer {bearer}"} if bearer else {}
    got = browser.get(path, headers=headers)
    shown = {k: v for k, v in got.headers.items() if k not in ("date", "set-cookie")}
    return got.status_code, got.content, shown


def test_a_private_tables_records_are_refused_to_others_as_no_table_at_all(
        scene: Scene) -> None:
    private = scene.private.table_id
    proved = next(p.number for p in scene.private.archive.played() if p.proof is not None)
    routes = ["/api/tables/{}/records", "/api/tables/{}/deals/1.bhh",
              f"/api/tables/{{}}/deals/{proved}/proof"]
    strangers = [(scene.browser(), None), (scene.browser("Bob"), None),
                 (scene.browser(), token("Bob")),  # a seat token of another table
                 (scene.browser(), scene.club.hosts[scene.rated[0].table_id]),
                 (scene.browser("Bob"), "x" * 200)]
    for route in routes:
        unknown = _answer(scene.browser(), route.format("NoSuchTbl"))
        assert unknown[0] == 404
        for browser, bearer in strangers:
            assert _answer(browser, route.format(private), bearer) == unknown, route
    players = [(scene.browser("Ann"), None), (scene.browser("Dee"), None),
               (scene.browser(), token("Gus")),  # the guest's seat token
               (scene.browser("Bob"), scene.club.hosts[private])]  # the host's token
    for route in routes:
        for browser, bearer in players:
            status, _, headers = _answer(browser, route.format(private), bearer)
            assert status == 200 and headers["cache-control"] == "private, no-store", route
    record = scene.browser("Ann").get(f"/api/tables/{private}/deals/1.bhh")
    assert record.headers["content-disposition"].endswith('deal-1.bhh"')
    public = scene.rated[0].table_id  # any table that is not private: to anyone, as before
    assert scene.browser().get(f"/api/tables/{public}/deals/1.bhh").status_code == 200
    listed = [t["id"] for t in scene.browser().get("/api/tables").json()["tables"]]
    assert private not in listed


def test_a_players_page_shows_a_private_table_only_to_its_players(scene: Scene) -> None:
    private = scene.private.table_id
    for viewer in (None, "Bob", "Cy"):
        browser = scene.browser(viewer)
        for path in ("/u/Ann", "/u/Dee", "/api/players/Ann", "/api/players/Dee"):
            text = browser.get(path).text
            assert private not in text and "Ann and Dee at home" not in text, (viewer, path)
    for viewer in ("Ann", "Dee"):
        browser = scene.browser(viewer)
        page = browser.get("/u/Ann").text
        assert "Ann and Dee at home" in page
        assert f"/api/tables/{private}/deals/1.bhh" in page
        games = browser.get("/api/players/Dee").json()["games"]
        assert private in {s["table"] for g in games for s in g["sessions"]}


def test_a_players_page_lists_sessions_deals_nets_records_and_ratings(scene: Scene) -> None:
    browser = scene.browser()
    page = browser.get("/u/Ann")
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    html = page.text
    for room in scene.rated:
        assert room.config.name in html
        assert f"/api/tables/{room.table_id}/deals/1.bhh" in html  # closed: released
    assert html.count('<svg class="chart') == 2  # the rating history, wide and narrow
    data = browser.get("/api/players/ann").json()  # names match case-folded
    assert data["name"] == "Ann"
    (game,) = data["games"]
    assert game["game"] == "three-card" and game["rating"]["sessions"] == 3
    assert [h["table"] for h in game["history"]] == [r.table_id for r in scene.rated]
    open_session = next(s for s in game["sessions"] if s["table"] == scene.open.table_id)
    hands = open_session["hands"]
    assert open_session["deals"] == len(hands) == 2  # the deal in progress is not yet one
    assert open_session["net"] == sum(h["net"] for h in hands)
    for hand in hands:  # a deal's record only once released
        assert (hand["record"] is not None) == scene.open.released(hand["deal"])
    assert game["net"] == sum(s["net"] for s in game["sessions"])


def test_a_name_with_no_account_gets_the_same_answer_as_an_account_with_nothing_to_show(
        scene: Scene) -> None:
    """Zed has an account and no game; Old's account is deleted; Nobody has none: one
    answer, but for the name as typed (the way sign-up cannot help telling, no page here
    tells)."""
    browser = scene.browser()
    for template in ("/u/{}", "/api/players/{}"):
        answers = {}
        for name in ("Nobody", "Zed", "zed", "Old", "Z" * 81):
            got = browser.get(template.format(name))
            body = got.text.replace(name[:80], "NAME")
            answers[name] = (got.status_code, body, got.headers["content-type"])
        assert len(set(answers.values())) == 1, template
        assert answers["Zed"][0] == 200


def test_the_leaderboards(scene: Scene) -> None:
    browser = scene.browser()
    assert browser.get("/leaderboard").headers["location"] == "/leaderboard/three-card"
    assert browser.get("/leaderboard/nope").status_code == 404
    assert browser.get("/api/leaderboard/nope").status_code == 404
    board = browser.get("/api/leaderboard/three-card").json()
    ranked = [p["rating"] for p in board["players"]]
    assert ranked == sorted(ranked, reverse=True) and len(ranked) == 4
    assert {p["name"] for p in board["players"]} == set(NAMES)
    html = browser.get("/leaderboard/three-card").text
    assert all(f'href="/u/{n}"' in html for n in NAMES)
    assert browser.get("/api/leaderboard/crash").json()["players"] == []
    assert "No rated session of Crash yet" in browser.get("/leaderboard/crash").text


def test_no_new_page_or_api_shows_a_card_still_hidden(scene: Scene) -> None:
    """In the middle of a deal, its players' pages, the leaderboards and their APIs name no
    card dealt, whoever asks (its players too: their cards are the table's to show)."""
    deal = scene.open.deal
    assert deal is not None and scene.open.in_deal
    dealt = {str(c) for name in deal.players for c in deal.cards_of(name)}
    assert len(dealt) == 6
    paths = ["/u/Ann", "/u/Bob", "/api/players/Ann", "/api/players/Bob", "/leaderboard/three-card",
             "/api/leaderboard/three-card", "/u/Nobody"]
    for viewer in (None, "Ann", "Bob"):
        browser = scene.browser(viewer)
        for path in paths:
            text = re.sub(r"(?s)<head>.*</head>", "", browser.get(path).text)  # its icon: A♠
            assert not cards_in(text) & dealt, (viewer, path)
            assert not set(re.findall(r"\b[2-9TJQKA][shdc]\b", text)) & dealt, (viewer, path)


def test_playing_without_an_account_records_nothing_and_changes_nothing() -> None:
    club = Club.on(Store("sqlite://"))
    room = club.session({"name": "Guests"}, ["Ann", "Bob"], 3, seed=1)
    assert room.status == "closed" and room.seating.accounts == {}
    assert all(rows == [] for rows in _rows(club.manager.store).values())
    assert all("account" not in e.data for e in room.events)
    sat = Room(table_id="t", config=room.config, secret=bytes(32), host_hash="h").sit(
        Viewer(), seat=0, name="Cy", token=token("Cy"), id="x")
    assert dict(sat.data) == {"seat": 0, "name": "Cy", "token_hash": sat.principal,
                              "bot": None, "buy_in": room.config.buy_in}  # as before


def test_a_table_name_is_shown_as_text_never_as_markup() -> None:
    app = make_app()
    club = Club.of(app)
    club.sign_up("Ann", "Bob")
    name = '<img src=x onerror="alert(1)">'
    room = club.session({"name": name}, ["Ann", "Bob"], 1, seed=4)
    with browser_of(app) as browser:
        page = browser.get("/u/Ann").text
        assert name not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page
        assert browser.get("/api/players/Ann").json()["games"][0]["sessions"][0]["name"] == name
    assert room.status == "closed"


def test_the_rating_and_its_chart_are_explained_in_words(scene: Scene) -> None:
    """The player's page and the leaderboard say what the rating and the chart's line and
    band are without a formula (a person reads "μ − 3σ" as nothing)."""
    browser = scene.browser()
    player = browser.get("/u/Ann").text
    board = browser.get("/leaderboard/three-card").text
    for text in (player, board):
        assert not set(text) & set("μσ±−"), "a formula on a page"
    caption = re.search(r'<figcaption class="note">(.*?)</figcaption>', player, re.S)
    assert caption is not None and "The line" in caption.group(1)
    assert "The band" in caption.group(1)
    assert "starts at 0" in board
