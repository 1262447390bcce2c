"""A league's page as a person sees it (Playwright driving Debian's chromium, against a real
``bragkit serve``): the host signs in, finds the league among theirs, and sees its standings
(a row per member, best first), the chart drawn for the screen's size, the nights (counted,
open with its table and host link, scheduled with the form that opens it) and the members.
Each page is shot at 1280x800 and 390x844 (under ``$BRAGKIT_ARTIFACTS``, else the system's
temporary folder; printed); at each size it is no wider than the screen and its cards lie
within it. No script error happens.

The league is played in this process before the server starts on its database: three nights
counted, a fourth open, a fifth scheduled; long names, to find what overlaps."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from bragkit.web.accounts import Account
from bragkit.web.leagues import Leagues
from bragkit.web.room import Viewer
from bragkit.web.store import Store

from .browser_support import NEEDS_CHROMIUM
from .history_support import SECRET, Club
from .support import free_port, start_server, token
from .test_browser import open_page
from .test_browser_history import shoot

pytestmark = NEEDS_CHROMIUM

MEMBERS = ["Ann", "Bartholomew Smithe", "Cy", "Dee", "Esmeralda Q"]


@pytest.fixture(scope="module")
def league_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A server whose database holds a league played three nights: its address and the
    league's number."""
    database = tmp_path_factory.mktemp("league") / "web.sqlite3"
    store = Store(f"sqlite:///{database}")
    club = Club.on(store)
    leagues = Leagues(store.engine, accounts=club.accounts, rooms=club.manager.room)
    club.manager.commits.listeners.append(leagues.stored)
    club.sign_up(*MEMBERS)
    ann = Account(id=club.ids["Ann"], name="Ann")
    number = leagues.create(ann, name="The Thursday night Brag league of Leeds",
                            game="three-card", rules={"max_bet": 10})
    league = leagues.league(number, viewer=ann.id)
    assert league is not None
    for name in MEMBERS[1:]:
        leagues.add_member(league, ann, name)
    for night in range(1, 5):
        leagues.schedule(league, ann, f"2026-11-{night * 5:02d}")
        made = leagues.open_night(league, ann, night, count=1, maker=club.manager)
        room = club.manager.rooms[made[0][0]]
        players = MEMBERS[: 3 + night % 3]
        for seat, name in enumerate(players):
            club.commit(room, room.sit(Viewer(), seat=seat, name=name, token=token(name),
                                       id=f"s{seat}", account=club.ids[name]))
        if night < 4:  # the fourth stays open: sat down, not started
            club.commit(room, room.host_op(Viewer(host=True), op="start", id="go"))
            club.play(room, 4, seed=night)
            club.close(room, seed=night)
    leagues.schedule(league, ann, "2026-11-30")  # the fifth: scheduled
    store.close()
    port = free_port()
    process: subprocess.Popen[bytes] = start_server(port, database)
    try:
        yield f"http://127.0.0.1:{port}", number
    finally:
        process.kill()
        process.wait(timeout=10)


def test_the_league_page_in_the_browser(league_server: tuple[str, int], browser: Any) -> None:
    from .test_browser_room import DESKTOP, artifacts

    server, number = league_server
    folder = artifacts()
    errors: list[str] = []
    page = open_page(browser, server + "/signin", errors, viewport=DESKTOP)
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", SECRET)
    page.click("button[type=submit]")
    page.wait_for_selector("h1:text('Ann')")
    page.click("a[href='/leagues']")
    page.wait_for_selector("h1:text('Leagues')")
    shoot(page, folder, "leagues", prefix="league")
    page.click(f"a[href='/leagues/{number}']")
    page.wait_for_selector("h2:text('Standings')")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == len(MEMBERS)
    totals = [int(t.replace("+", "")) for t in page.locator(
        "table.standings tbody td.rating").all_inner_texts()]
    assert totals == sorted(totals, reverse=True) and sum(totals) == 0  # chips: nets
    assert page.locator("li.night").count() == 5
    assert page.locator("li.night .pill:text('counted')").count() == 3
    assert page.locator("li.night a:text('host link')").count() == 1  # the open night's
    assert page.locator("form.open-night").count() == 1  # the scheduled night's
    shoot(page, folder, "page", prefix="league")
    page.click("li.night a:text('host link')")  # the open night: its table, as its host
    for name in MEMBERS[:4]:  # night 4 seats four members
        page.wait_for_selector(f".seat[data-name='{name}']")
    assert page.is_hidden("#add-bot") and page.is_hidden("#bot-kind")  # members only: no bot
    shoot(page, folder, "night", prefix="league")
    page.context.close()
    assert errors == []
