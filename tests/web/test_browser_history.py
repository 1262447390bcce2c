"""The pages that remember the players, as a person sees them (Playwright driving Debian's
chromium, against a real ``bragkit serve``): a player's page signed out and signed in (a
private table only for its players), a game's leaderboard, the page of a name with no games,
the lobby's private and rated boxes, and a private table's record downloaded by its guest
player (the page sends the seat's token) and refused to a stranger. Each page is shot at
1280x800 and 390x844 (under ``$BRAGKIT_ARTIFACTS``, else the system's temporary folder;
printed); at each size it is no wider than the screen, its cards lie within it, and the
rating chart drawn for that size is the one shown. No script error happens on any page.

The club is played in this process before the server starts on its database (three rated
sessions, a private table of Ann, Dee and the guest Gus)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bragkit.web.store import Store

from .browser_support import NEEDS_CHROMIUM
from .history_support import SECRET, Club
from .support import free_port, start_server, token
from .test_browser import open_page
from .test_browser_room import DESKTOP, PHONE, artifacts

pytestmark = NEEDS_CHROMIUM


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A server whose database holds a played club: its address, and the tables' ids."""
    database = tmp_path_factory.mktemp("club") / "web.sqlite3"
    store = Store(f"sqlite:///{database}")
    played = Club.on(store)
    played.sign_up("Ann", "Bob", "Cy", "Dee")
    for n in range(3):
        played.session({"name": f"Thursday club {n + 1}", "rated": True},
                       ["Ann", "Bob", "Cy", "Dee"][: 3 + n % 2], 5, seed=n)
    private = played.session({"name": "Ann and Dee at home", "private": True,
                              "rules": {"max_bet": 10}}, ["Ann", "Dee", "Gus"], 3, seed=11)
    store.close()
    port = free_port()
    process: subprocess.Popen[bytes] = start_server(port, database)
    try:
        yield f"http://127.0.0.1:{port}", {"private": private.table_id}
    finally:
        process.kill()
        process.wait(timeout=10)


def shoot(page: Any, folder: Path, name: str, *, prefix: str = "club") -> None:
    """Screenshots at both sizes (``{prefix}-{name}-{size}.png``): the page no wider than the
    screen, its cards within it, the chart of that size shown."""
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(50)
        path = folder / f"{prefix}-{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True)
        print(f"screenshot: {path}")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
        for box in (card.bounding_box() for card in page.query_selector_all(".form-card")):
            assert box is not None and box["x"] >= 0, (name, size, box)
            assert box["x"] + box["width"] <= viewport["width"] + 1, (name, size, box)
        charts = page.query_selector_all("svg.chart")
        if charts:
            shown = [c.get_attribute("class").split()[-1] for c in charts if c.is_visible()]
            assert shown == ["wide" if size == "desktop" else "narrow"], shown
    page.set_viewport_size(DESKTOP)


def test_the_players_pages_and_leaderboards_in_the_browser(
        club: tuple[str, dict[str, str]], browser: Any) -> None:
    server, _ = club
    folder = artifacts()
    errors: list[str] = []
    page = open_page(browser, server + "/u/Ann", errors, viewport=DESKTOP)
    page.wait_for_selector("h1:text('Ann')")
    assert page.locator("article.session").count() == 3  # the private table is not shown
    assert "Ann and Dee at home" not in page.content()
    page.click("article.session >> nth=0 >> summary")
    page.wait_for_selector("article.session >> nth=0 >> ol.hands a[download]")
    shoot(page, folder, "player")

    page.click("a[href='/leaderboard']")
    page.wait_for_selector("h1:text('Leaderboard: Three Card Brag')")
    assert page.locator("table.board tbody tr").count() == 4
    shoot(page, folder, "leaderboard")
    page.click("table.board a:text('Dee')")
    page.wait_for_selector("h1:text('Dee')")

    page.goto(server + "/u/Nobody")
    page.wait_for_selector("p:text('No games on record for Nobody.')")
    shoot(page, folder, "no-games")

    page.goto(server + "/signin")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", SECRET)
    page.click("button[type=submit]")
    page.wait_for_selector("h1:text('Ann')")
    page.click("a:text('Your games and ratings')")
    page.wait_for_selector("article.session a:text('Ann and Dee at home')")
    assert page.locator("article.session").count() == 4
    shoot(page, folder, "player-signed-in")

    page.goto(server + "/")
    page.wait_for_selector("#account-nav a:text('Your games')")
    page.check("input[name=private]")
    page.check("input[name=public]")  # listed or private, not both
    assert not page.is_checked("input[name=private]")
    page.check("input[name=rated]")
    shoot(page, folder, "lobby")
    page.context.close()
    assert errors == []


def test_a_private_tables_guest_downloads_its_record_and_a_stranger_cannot(
        club: tuple[str, dict[str, str]], browser: Any) -> None:
    server, tables = club
    private = tables["private"]
    errors: list[str] = []
    guest = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    guest.add_init_script(f"localStorage.setItem('bragkit.seat.{private}', '{token('Gus')}')")
    page = guest.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/t/{private}")
    page.click(".tabs button[data-tab=records]")
    link = page.locator("#records .record a:text('Download .bhh')").first
    with page.expect_download() as done:
        link.click()
    saved = Path(done.value.path())
    assert done.value.suggested_filename.endswith(".bhh") and saved.stat().st_size > 100
    guest.close()
    stranger = open_page(browser, f"{server}/t/{private}", errors, viewport=PHONE)
    stranger.click(".tabs button[data-tab=records]")
    stranger.locator("#records .record a:text('Download .bhh')").first.click()
    stranger.wait_for_selector("#toast:text('only this table\\'s players may download')")
    stranger.context.close()
    assert [e for e in errors if not e.endswith("(Not Found)")] == []  # the refused fetch
