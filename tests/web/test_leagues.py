"""League nights (bragkit.web.leagues, bragkit.web.league_site): the store (a league's game and
house rules checked as a table's, its members, nights, a night opened once into its tables),
a night's table counting at its close (nets at a chips game, the points of the games won at a
points game), the standings adding the nights up, and the access probes over HTTP: a league
seen only by its members (anyone else gets the very answer of a league that does not exist),
the host's forms refused to other members, every form refused without the browser's CSRF
token or from another site, leagues refused to a signed-out browser; at a night's table only
the league's members sit, signed in, no bots."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import insert, select, update
from starlette.testclient import TestClient

from bragkit.actions import Action
from bragkit.games.registry import find
from bragkit.web.accounts import Account
from bragkit.web.leagues import OPENING_SECONDS, League, LeagueRefused, Leagues
from bragkit.web.limits import AccountLimits, Limits
from bragkit.web.protocol import ProtocolError
from bragkit.web.room import Room, Viewer
from bragkit.web.schema import league_nights, league_scores, league_tables, tables
from bragkit.web.store import Store, StoreError

from .history_support import SECRET, Club
from .support import token, viewer
from .test_account_site import browser_of, make_app

_CSRF = re.compile(r'name="csrf" value="([0-9a-f]{64})"')
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _store_club() -> tuple[Club, Leagues]:
    club = Club.on(Store("sqlite://"))
    leagues = Leagues(club.manager.store.engine, accounts=club.accounts,
                      rooms=club.manager.room)
    club.manager.commits.listeners.append(leagues.stored)
    club.sign_up(*NAMES, "Zed")
    return club, leagues


def _account(club: Club, name: str) -> Account:
    return Account(id=club.ids[name], name=name)


def _league(club: Club, leagues: Leagues, game: str = "three-card",
            rules: dict[str, Any] | None = None, members: list[str] = NAMES) -> League:
    ann = _account(club, "Ann")
    number = leagues.create(ann, name="Thursday club", game=game, rules=rules or {})
    league = leagues.league(number, viewer=ann.id)
    assert league is not None
    for name in members[1:]:
        leagues.add_member(league, ann, name)
    return league


def _night(club: Club, leagues: Leagues, league: League, *, count: int = 1) -> list[Room]:
    """A new night scheduled and opened: its tables' rooms."""
    ann = _account(club, "Ann")
    number = leagues.schedule(league, ann, "2026-12-03")
    made = leagues.open_night(league, ann, number, count=count, maker=club.manager)
    return [club.manager.rooms[table_id] for table_id, _ in made]


def _play(club: Club, room: Room, players: list[str], deals: int, *, seed: int) -> None:
    """``players`` (members, signed in) sit, play ``deals`` deals, and the host closes."""
    for seat, name in enumerate(players):
        club.commit(room, room.sit(Viewer(), seat=seat, name=name, token=token(name),
                                   id=f"s{seat}", account=club.ids[name]))
    club.commit(room, room.host_op(Viewer(host=True), op="start", id="go"))
    club.play(room, deals, seed=seed)
    club.close(room, seed=seed)


def _play_points(club: Club, room: Room, players: list[str], games: int) -> None:
    """``players`` sit and play ``games`` games of a points game by the engine's suggestions
    (as the page's 'suggest' button fills them in); the host closes."""
    for seat, name in enumerate(players):
        club.commit(room, room.sit(Viewer(), seat=seat, name=name, token=token(name),
                                   id=f"s{seat}", account=club.ids[name]))
    club.commit(room, room.host_op(Viewer(host=True), op="start", id="go"))
    assert room.table is not None
    while room.table.deal_number < games or room.in_deal:
        if not room.in_deal:
            club.commit(room, room.deal_event())
            continue
        assert room.deal is not None and room.to_act is not None
        suggestion = room.state_for(viewer(room, room.to_act))["deal"]["suggestion"]
        action = Action.parse(suggestion["text"], players=room.deal.players)
        assert action.player is not None
        club.commit(room, room.act(
            viewer(room, action.player), verb=action.verb.value, amount=action.amount,
            cards=[str(c) for c in action.cards], sets=[[str(c) for c in s] for s in action.sets],
            at=room.seq, id=f"{action.player}-{room.seq}"))
    club.close(room)


def _counted(club: Club, table_id: str) -> dict[int, int]:
    with club.manager.store.engine.connect() as connection:
        return {r.account_id: r.score for r in connection.execute(select(league_scores).where(
            league_scores.c.table_id == table_id))}


# -- the store ----------------------------------------------------------------------------------


def test_a_leagues_game_and_house_rules_are_checked_as_a_tables() -> None:
    club, leagues = _store_club()
    ann = _account(club, "Ann")
    with pytest.raises(LeagueRefused, match=r"target must be .* \(rule C6\)"):
        leagues.create(ann, name="Crashers", game="crash", rules={"target": 0})
    with pytest.raises(LeagueRefused, match="unknown game 'snap'"):
        leagues.create(ann, name="Crashers", game="snap", rules={})
    with pytest.raises(LeagueRefused, match="name is 1 to 40"):
        leagues.create(ann, name=" ", game="crash", rules={})
    number = leagues.create(ann, name="Four", game="four-card", rules={"max_bet": 10})
    league = leagues.league(number, viewer=ann.id)
    assert league is not None and league.title == "Four Card Brag"
    assert league.rules == {"max_bet": 10} and league.unit == "chips"  # the preset's own: kept


def test_members_are_added_by_the_host_by_name_once() -> None:
    club, leagues = _store_club()
    league = _league(club, leagues, members=["Ann", "bob"])  # names match case-folded
    bob = _account(club, "Bob")
    assert [m.name for m in leagues.members(league)] == ["Ann", "Bob"]
    with pytest.raises(LeagueRefused, match="member already"):
        leagues.add_member(league, _account(club, "Ann"), "Bob")
    with pytest.raises(LeagueRefused, match="no account has that name"):
        leagues.add_member(league, _account(club, "Ann"), "Gus")
    with pytest.raises(LeagueRefused, match="only the league's host"):
        leagues.add_member(league, bob, "Cy")
    assert leagues.league(league.id, viewer=club.ids["Cy"]) is None  # not a member: unseen
    assert leagues.league(league.id + 1, viewer=bob.id) is None  # no such league: alike
    assert [lg.id for lg in leagues.of(bob.id)] == [league.id]
    assert leagues.of(club.ids["Cy"]) == []


def test_a_night_opens_once_into_tables_that_seat_only_members() -> None:
    club, leagues = _store_club()
    league = _league(club, leagues, rules={"max_bet": 10})
    ann = _account(club, "Ann")
    number = leagues.schedule(league, ann, "2026-12-03")
    with pytest.raises(LeagueRefused, match="at least 6 members"):
        leagues.open_night(league, ann, number, count=3, maker=club.manager)
    with pytest.raises(LeagueRefused, match="only the league's host"):
        leagues.open_night(league, _account(club, "Bob"), number, count=1,
                           maker=club.manager)
    with pytest.raises(LeagueRefused, match="YYYY-MM-DD"):
        leagues.schedule(league, ann, "next Thursday")
    made = leagues.open_night(league, ann, number, count=2, maker=club.manager)
    with pytest.raises(LeagueRefused, match="open already"):
        leagues.open_night(league, ann, number, count=1, maker=club.manager)
    assert len(made) == 2
    members = tuple(club.ids[n] for n in NAMES)
    for table_id, _ in made:
        config = club.manager.rooms[table_id].config
        assert (config.game, config.rules.max_bet, config.private) == ("three-card", 10, True)
        assert config.members == members and config.seats == 2
    night = leagues.nights(league)[0]
    assert [t.table_id for t in night.tables] == [t for t, _ in made]
    assert night.opened_at is not None and not night.done
    room = club.manager.rooms[made[0][0]]
    sat = room.sit(Viewer(), seat=0, name="Ann", token=token("Ann"), id="a",
                   account=club.ids["Ann"])
    assert sat.data["account"] == club.ids["Ann"]
    for account in (club.ids["Zed"], None):  # a signed-in non-member, a guest
        with pytest.raises(ProtocolError, match="only the league's members sit"):
            room.sit(Viewer(), seat=1, name="Zed", token=token("Zed"), id="z",
                     account=account)
    with pytest.raises(ProtocolError, match="no bots"):
        room.host_op(Viewer(host=True), op="add_bot", seat=1, id="b")


def test_a_night_whose_tables_cannot_be_made_may_be_opened_again() -> None:
    club, leagues = _store_club()
    league = _league(club, leagues)
    ann = _account(club, "Ann")
    number = leagues.schedule(league, ann, "2026-12-03")

    class Broken:
        def create_table(self, settings: Any) -> tuple[str, str]:
            raise StoreError("the database is away")

    with pytest.raises(StoreError):
        leagues.open_night(league, ann, number, count=2, maker=Broken())
    assert leagues.nights(league)[0].opened_at is None
    assert len(leagues.open_night(league, ann, number, count=2, maker=club.manager)) == 2


def test_a_night_whose_opener_died_before_recording_its_tables_opens_again() -> None:
    """A process claims a night, then dies before its tables are recorded (killed between
    the two): the night is not stuck open with no tables; after a while (its maker is surely
    gone: another process may be making them now) it opens again, and then only once."""
    club, leagues = _store_club()
    now = [1000.0]
    leagues.clock = lambda: now[0]
    league = _league(club, leagues)
    ann = _account(club, "Ann")
    number = leagues.schedule(league, ann, "2026-12-03")
    with club.manager.store.engine.begin() as connection:  # claimed by the one that died
        connection.execute(update(league_nights).where(
            league_nights.c.league_id == league.id).values(opened_at=now[0]))
    now[0] += OPENING_SECONDS - 1
    with pytest.raises(LeagueRefused, match="open already"):
        leagues.open_night(league, ann, number, count=1, maker=club.manager)
    now[0] += 2
    made = leagues.open_night(league, ann, number, count=1, maker=club.manager)
    assert [t.table_id for t in leagues.nights(league)[0].tables] == [made[0][0]]
    now[0] += 10 * OPENING_SECONDS  # its tables recorded: open for good
    with pytest.raises(LeagueRefused, match="open already"):
        leagues.open_night(league, ann, number, count=1, maker=club.manager)


def test_a_chips_nights_table_counts_its_nets_once_at_its_close() -> None:
    club, leagues = _store_club()
    league = _league(club, leagues)
    first, = _night(club, leagues, league)
    for seat, name in enumerate(NAMES[:3]):
        club.commit(first, first.sit(Viewer(), seat=seat, name=name, token=token(name),
                                     id=f"s{seat}", account=club.ids[name]))
    club.commit(first, first.host_op(Viewer(host=True), op="start", id="go"))
    club.play(first, 4, seed=1)
    assert _counted(club, first.table_id) == {}  # not while the table plays
    assert leagues.standings(league).counted == ()
    club.close(first, seed=1)
    assert first.table is not None
    nets = first.table.ledger.nets()
    one = _counted(club, first.table_id)
    assert one == {club.ids[n]: nets[n] for n in NAMES[:3]} and sum(one.values()) == 0
    assert any(one.values())  # money moved: the test would see a wrong sign or a lost net
    assert not leagues.score(first.table_id)  # once
    second, = _night(club, leagues, league)
    _play(club, second, ["Bob", "Dee"], 3, seed=2)
    assert second.table is not None
    two = second.table.ledger.nets()
    standings = leagues.standings(league)
    assert standings.unit == "chips" and standings.counted == (1, 2)
    by_name = {s.name: s for s in standings.lines}
    for name in NAMES:
        night1 = nets.get(name, 0) if name in NAMES[:3] else 0
        night2 = two.get(name, 0)
        assert by_name[name].running == (night1, night1 + night2)
        assert by_name[name].total == night1 + night2
        assert by_name[name].nights == (name in NAMES[:3]) + (name in ("Bob", "Dee"))
    totals = [s.total for s in standings.lines]
    assert totals == sorted(totals, reverse=True) and standings.lines[0].place == 1
    assert all(n.done for n in leagues.nights(league))


def test_a_points_nights_table_counts_the_points_of_the_games_won() -> None:
    club, leagues = _store_club()
    league = _league(club, leagues, game="crash", rules={"target": 2})
    room, = _night(club, leagues, league)
    _play_points(club, room, NAMES, 3)
    games = room.archive.played()
    assert len(games) >= 3
    counted = _counted(club, room.table_id)
    assert set(counted) == {club.ids[n] for n in NAMES}
    won: dict[str, int] = dict.fromkeys(NAMES, 0)
    for game in games:  # each game (a deal of the session) is won by one player, at its target
        (winner, points), = game.winners.items()
        assert points >= 2  # rule C6: played to the target
        won[winner] += points
    assert counted == {club.ids[n]: won[n] for n in NAMES}
    assert sum(counted.values()) == sum(p for g in games for p in g.winners.values()) > 0
    assert room.table is not None and room.table.ledger.nets() != {
        n: won[n] for n in NAMES}  # points, not the crash money
    standings = leagues.standings(league)
    assert standings.unit == "points" and [s.total for s in standings.lines] == sorted(
        won.values(), reverse=True)


def test_a_close_stored_but_not_counted_is_counted_at_the_next_start() -> None:
    club, leagues = _store_club()
    league = _league(club, leagues)
    room, = _night(club, leagues, league)
    club.manager.commits.listeners.remove(leagues.stored)  # a server stopped before counting
    _play(club, room, ["Ann", "Bob"], 2, seed=6)
    assert _counted(club, room.table_id) == {}
    again = Leagues(club.manager.store.engine, accounts=club.accounts,
                    rooms=Club.on(club.manager.store).manager.room)  # a new process: replayed
    assert again.catch_up() == 1 and again.catch_up() == 0
    assert room.table is not None
    nets = room.table.ledger.nets()
    assert _counted(club, room.table_id) == {club.ids[n]: nets[n] for n in ("Ann", "Bob")}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.dictionaries(st.sampled_from(range(4)), st.integers(-500, 500)),
                min_size=1, max_size=5))
def test_the_standings_add_the_nights_up(nights: list[dict[int, int]]) -> None:
    """Whatever each night scored: a member's total is the sum of their nights, their running
    total steps by each night's score, and the lines are best first with shared places."""
    club, leagues = _store_club()
    league = _league(club, leagues)
    ids = [club.ids[n] for n in NAMES]
    engine = club.manager.store.engine
    with engine.begin() as connection:
        for number, scores in enumerate(nights, 1):
            night = connection.execute(insert(league_nights).values(
                league_id=league.id, number=number, day="2026-12-03",
                opened_at=1.0)).inserted_primary_key
            assert night is not None
            table_id = f"t{number}"
            connection.execute(insert(tables).values(
                id=table_id, name="x", config="{}", secret="00", host_hash="h",
                status="closed", created_at=1.0, updated_at=1.0))
            connection.execute(insert(league_tables).values(
                table_id=table_id, night_id=night[0], number=1, host_token="x", scored=True))
            for member, score in scores.items():
                connection.execute(insert(league_scores).values(
                    table_id=table_id, account_id=ids[member], night_id=night[0],
                    score=score))
    standings = leagues.standings(league)
    counted = [n for n, scores in enumerate(nights, 1) if scores]
    assert standings.counted == tuple(counted)
    for line in standings.lines:
        member = NAMES.index(line.name)
        steps = [nights[n - 1].get(member, 0) for n in counted]
        assert line.total == sum(steps)
        assert list(line.running) == [sum(steps[: i + 1]) for i in range(len(steps))]
        assert line.nights == sum(1 for n in counted if member in nights[n - 1])
        better = sum(1 for other in standings.lines if other.total > line.total)
        assert line.place == better + 1
    assert [s.total for s in standings.lines] == sorted(
        (s.total for s in standings.lines), reverse=True)


# -- over HTTP ----------------------------------------------------------------------------------


class Site:
    """A server with the club's accounts, and a browser for each."""

    def __init__(self, **options: Any) -> None:
        self.app = make_app(account_limits=AccountLimits(sign_ins_per_hour=0,
                                                         name_sign_ins_per_hour=0), **options)
        self.club = Club.of(self.app)
        self.club.sign_up(*NAMES, "Zed")
        self.browsers: dict[str | None, TestClient] = {}

    def browser(self, name: str | None) -> TestClient:
        if name not in self.browsers:
            browser = self.browsers[name] = browser_of(self.app)  # its own cookies
            if name is not None:
                answer = browser.post("/signin", data={
                    "name": name, "password": SECRET, "csrf": self.token(browser, "/signin")})
                assert answer.status_code == 303, answer.text
        return self.browsers[name]

    @staticmethod
    def token(browser: TestClient, page: str = "/leagues") -> str:
        found = _CSRF.search(browser.get(page).text)
        assert found is not None, page
        return found.group(1)

    def post(self, who: str | None, path: str, /, **fields: str) -> Any:
        """``who`` (None: signed out) posts a form of the site's to ``path`` (its token the
        browser's own, unless given)."""
        browser = self.browser(who)
        if "csrf" not in fields:
            fields["csrf"] = self.token(browser, "/signin" if who is None else "/leagues")
        return browser.post(path, data=fields)


@pytest.fixture
def site() -> Site:
    return Site()


def _make(site: Site) -> int:
    """Ann's league of Ann, Bob and Cy, made through the forms: its number."""
    made = site.post("Ann", "/leagues", name="Friday <b>club</b>", game="three-card",
                     rules="max_bet = 10")
    assert made.status_code == 303, made.text
    found = re.fullmatch(r"/leagues/(\d+)\?done=made", made.headers["location"])
    assert found is not None
    number = int(found.group(1))
    for name in ("Bob", "Cy"):
        added = site.post("Ann", f"/leagues/{number}/members", name=name)
        assert added.status_code == 303, added.text
    return number


def test_the_host_makes_a_league_adds_members_and_opens_a_night(site: Site) -> None:
    number = _make(site)
    assert site.post("Ann", f"/leagues/{number}/nights", day="2026-12-03").status_code == 303
    opened = site.post("Ann", f"/leagues/{number}/nights/1/open", tables="1")
    assert opened.status_code == 303
    ann = site.browser("Ann").get(f"/leagues/{number}")
    assert ann.status_code == 200 and ann.headers["cache-control"] == "no-store"
    assert "Friday &lt;b&gt;club&lt;/b&gt;" in ann.text and "<b>club" not in ann.text
    assert "max_bet = 10" in ann.text and "#host=" in ann.text  # the host's table link
    table_id = re.search(r'href="/t/([A-Za-z0-9_-]+)"', ann.text)
    assert table_id is not None
    room = site.club.manager.rooms[table_id.group(1)]
    assert room.config.members == tuple(site.club.ids[n] for n in ("Ann", "Bob", "Cy"))
    summary = site.browser(None).get(f"/api/tables/{room.table_id}").json()  # the invite's
    assert summary["settings"]["private"] and "members" not in summary["settings"]
    bob = site.browser("Bob").get(f"/leagues/{number}")
    assert bob.status_code == 200 and table_id.group(0) in bob.text
    assert "#host=" not in bob.text and 'action="/leagues/' not in bob.text  # no host forms
    data = site.browser("Cy").get(f"/api/leagues/{number}").json()
    assert data["members"] == ["Ann", "Bob", "Cy"] and data["unit"] == "chips"
    assert data["nights"][0]["tables"] == [room.table_id]
    assert [s["total"] for s in data["standings"]] == [0, 0, 0]
    assert "Friday &lt;b&gt;club" in site.browser("Bob").get("/leagues").text


def test_a_refused_form_says_why_and_changes_nothing(site: Site) -> None:
    bad = site.post("Ann", "/leagues", name="Crashers", game="crash", rules="target = 0")
    assert bad.status_code == 400 and "rule C6" in bad.text and "Crashers" in bad.text
    unreadable = site.post("Ann", "/leagues", name="Crashers", game="crash", rules="target =")
    assert unreadable.status_code == 400 and "name = value" in unreadable.text
    assert "Crashers" not in site.browser("Ann").get("/leagues").text.split("Make a league")[0]
    number = _make(site)
    nobody = site.post("Ann", f"/leagues/{number}/members", name="Gus")
    assert nobody.status_code == 400 and "No account has that name." in nobody.text
    early = site.post("Ann", f"/leagues/{number}/nights/1/open", tables="1")
    assert early.status_code == 400 and "No such night." in early.text


def test_a_league_is_the_same_404_to_a_non_member_as_a_missing_league(site: Site) -> None:
    number = _make(site)
    zed = site.browser("Zed")
    theirs, missing = zed.get(f"/leagues/{number}"), zed.get(f"/leagues/{number + 7}")
    assert theirs.status_code == missing.status_code == 404
    assert theirs.text == missing.text and theirs.headers["cache-control"] == "no-store"
    assert "Friday" not in theirs.text
    api, api_missing = zed.get(f"/api/leagues/{number}"), zed.get(f"/api/leagues/{number + 7}")
    assert api.status_code == api_missing.status_code == 404 and api.json() == api_missing.json()
    for path, fields in ((f"/leagues/{number}/members", {"name": "Zed"}),
                         (f"/leagues/{number}/nights", {"day": "2026-12-03"}),
                         (f"/leagues/{number}/nights/1/open", {"tables": "1"})):
        posted = site.post("Zed", path, **fields)
        assert posted.status_code == 404 and posted.text == missing.text
    assert "Zed" not in site.browser("Ann").get(f"/api/leagues/{number}").json()["members"]
    assert zed.get("/leagues/abc").status_code == 404


def test_only_the_host_changes_a_league(site: Site) -> None:
    number = _make(site)
    for path, fields in ((f"/leagues/{number}/members", {"name": "Dee"}),
                         (f"/leagues/{number}/nights", {"day": "2026-12-03"})):
        posted = site.post("Bob", path, **fields)
        assert posted.status_code == 403 and "only the league" in posted.text
    data = site.browser("Ann").get(f"/api/leagues/{number}").json()
    assert data["members"] == ["Ann", "Bob", "Cy"] and data["nights"] == []


def test_every_league_form_needs_the_browsers_token_and_the_sites_origin(site: Site) -> None:
    number = _make(site)
    bob_token = site.token(site.browser("Bob"))
    for fields in ({"csrf": ""}, {"csrf": "0" * 64}, {"csrf": bob_token}):  # another's token
        for path, more in (("/leagues", {"name": "Forged", "game": "crash", "rules": ""}),
                           (f"/leagues/{number}/members", {"name": "Zed"}),
                           (f"/leagues/{number}/nights", {"day": "2026-12-03"})):
            refused = site.post("Ann", path, **more, **fields)
            assert refused.status_code == 403 and "nothing was done" in refused.text
    cross = site.browser("Ann").post(f"/leagues/{number}/members", data={
        "name": "Zed", "csrf": site.token(site.browser("Ann"))},
        headers={"origin": "https://evil.example", "sec-fetch-site": "cross-site"})
    assert cross.status_code == 403
    data = site.browser("Ann").get(f"/api/leagues/{number}").json()
    assert data["members"] == ["Ann", "Bob", "Cy"] and data["nights"] == []
    assert all(lg.name != "Forged" for lg in site.app.state.leagues.of(site.club.ids["Ann"]))


def test_a_signed_out_browser_is_sent_to_sign_in_whatever_the_league(site: Site) -> None:
    number = _make(site)
    out = site.browser(None)
    for path in ("/leagues", f"/leagues/{number}", f"/leagues/{number + 7}"):
        answer = out.get(path)
        assert (answer.status_code, answer.headers["location"]) == (303, "/signin")
    assert out.get(f"/api/leagues/{number}").status_code == 401
    assert out.get(f"/api/leagues/{number + 7}").status_code == 401
    posted = site.post(None, f"/leagues/{number}/members", name="Zed")
    assert (posted.status_code, posted.headers["location"]) == (303, "/signin")
    assert "Zed" not in site.browser("Ann").get(f"/api/leagues/{number}").json()["members"]


def test_a_night_played_over_the_server_counts_in_the_standings_and_chart(site: Site) -> None:
    number = _make(site)
    site.post("Ann", f"/leagues/{number}/nights", day="2026-12-03")
    site.post("Ann", f"/leagues/{number}/nights/1/open", tables="1")
    table_id = site.browser("Ann").get(f"/api/leagues/{number}").json()["nights"][0]["tables"][0]
    room = site.club.manager.rooms[table_id]
    _play(site.club, room, ["Ann", "Bob", "Cy"], 3, seed=8)
    assert room.table is not None
    nets = room.table.ledger.nets()
    data = site.browser("Bob").get(f"/api/leagues/{number}").json()
    assert {s["name"]: s["total"] for s in data["standings"]} == nets
    assert data["nights"] == [{"number": 1, "day": "2026-12-03", "open": True,
                               "tables": [table_id]}]
    html = site.browser("Cy").get(f"/leagues/{number}").text
    assert html.count('<svg class="chart standings') == 2  # wide and narrow
    assert html.count("<polyline") == 2 * 3 and "after night 1" in html
    assert find("three-card").unit == "chips"


def test_a_nights_tables_count_against_the_address_as_the_lobbys_do() -> None:
    """Opening a night makes tables: each spends one of the address's table tokens (the
    lobby's limit), so leagues are no way around it."""
    site = Site(limits=Limits(tables_per_hour=1, table_burst=3))
    number = _make(site)
    for _ in range(2):
        site.post("Ann", f"/leagues/{number}/nights", day="2026-12-03")
    assert site.post("Ann", f"/leagues/{number}/nights/1/open", tables="1").status_code == 303
    refused = site.post("Ann", f"/leagues/{number}/nights/2/open", tables="3")
    assert refused.status_code == 429 and "Too many tables from your address" in refused.text
    nights = site.browser("Ann").get(f"/api/leagues/{number}").json()["nights"]
    assert [len(n["tables"]) for n in nights] == [1, 0] and not nights[1]["open"]
    assert site.post("Ann", f"/leagues/{number}/nights/2/open", tables="1").status_code == 429


def test_at_a_nights_table_over_the_socket_only_members_sit(site: Site) -> None:
    """Through the server's WebSocket, as the table page sits down: a member signed in sits
    under their name; a signed-in account that is no member, and a guest, are refused."""
    from .test_account_site import _sit
    from .test_app import Socket

    number = _make(site)
    site.post("Ann", f"/leagues/{number}/nights", day="2026-12-03")
    site.post("Ann", f"/leagues/{number}/nights/1/open", tables="1")
    table_id = site.browser("Bob").get(f"/api/leagues/{number}").json()["nights"][0]["tables"][0]
    with site.browser("Bob").websocket_connect(f"/ws/{table_id}") as bob_ws, \
            site.browser("Zed").websocket_connect(f"/ws/{table_id}") as zed_ws, \
            site.browser(None).websocket_connect(f"/ws/{table_id}") as guest_ws:
        bob, zed, guest = Socket(bob_ws), Socket(zed_ws), Socket(guest_ws)
        for ws in (bob, zed, guest):
            ws.hello()
        for ws, name in ((zed, "Zed"), (guest, "Gus")):
            refused = _sit(ws, name, 1, f"{name}1")
            assert refused["type"] == "error" and refused["code"] == "refused"
            assert "only the league's members sit" in refused["message"]
        assert _sit(bob, "Bob", 0, "b1")["ok"] is True
    assert site.club.manager.rooms[table_id].seats == {0: "Bob"}


def test_a_nights_tables_are_made_on_the_event_loop(site: Site) -> None:
    """The host's form runs in a worker thread; the night's tables are made on the event loop
    all the same (the rooms are the loop's: a worker thread adding one would race the loop's
    passes over them, as a cluster's lease rounds make every second)."""
    import asyncio

    manager = site.club.manager
    made_on: list[bool] = []
    create = manager.create_table

    def watched(settings: Any) -> tuple[str, str]:
        try:
            asyncio.get_running_loop()
            made_on.append(True)
        except RuntimeError:  # no loop running in this thread: a worker's
            made_on.append(False)
        return create(settings)

    manager.create_table = watched  # type: ignore[method-assign]
    number = _make(site)
    site.post("Ann", f"/leagues/{number}/nights", day="2026-12-03")
    assert site.post("Ann", f"/leagues/{number}/nights/1/open", tables="1").status_code == 303
    assert made_on == [True]
