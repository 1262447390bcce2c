"""The other games of the registry at the web table, in a real browser (Playwright driving
Debian's chromium; issue 14).

Three human browsers (one phone-sized, 390x844) play, among themselves: a Nine Card Brag game
and a Crash game to their target, by the page's own "Suggest" button (the engine's arrangement,
N3, C2) and its play, arrange and pass buttons; and a 3 Card Brag Poker deal with a draw (P3),
cards chosen on screen. The host makes each table in the lobby, choosing the game and a house
rule from the form the server's option metadata built. A phone-sized screenshot of each is kept
as an artifact (under ``$BRAGKIT_ARTIFACTS``, else the test's temporary folder; printed).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .browser_support import NEEDS_CHROMIUM
from .test_browser import open_page, sit

pytestmark = NEEDS_CHROMIUM

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BRAGKIT_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def three_at_table(browser: Any, server: str, game: str, rule: tuple[str, str] | None,
                   errors: list[str]) -> list[Any]:
    """Ann makes a table of ``game`` in the lobby (setting one house rule), Bob and Cy (on a
    phone) open the invite; all three sit and Ann starts."""
    ann = open_page(browser, server + "/", errors)
    ann.wait_for_selector(f"select[name=game] option[value='{game}']", state="attached")
    ann.select_option("select[name=game]", game)
    ann.click("summary")
    if rule is not None:
        ann.fill(f"input[name={rule[0]}]", rule[1])
    ann.fill("input[name=turn_seconds]", "0")
    ann.fill("input[name=deal_pause]", "60")
    ann.select_option("select[name=seats]", "3")
    ann.click("button[type=submit]")
    ann.wait_for_url(re.compile(r"/t/"))
    url = ann.url
    bob = open_page(browser, url, errors)
    cy = open_page(browser, url, errors, **PHONE)
    for seat, (page, name) in enumerate([(ann, "Ann"), (bob, "Bob"), (cy, "Cy")]):
        sit(page, seat, name)
    ann.click("#start")
    for page in (ann, bob, cy):
        try:
            page.wait_for_selector("#deal-no:has-text('1')")
        except Exception:
            raise AssertionError(f"the deal did not start on screen: {errors}") from None
    return [ann, bob, cy]


def play(pages: list[Any], step: Callable[[Any], None], errors: list[str],
         limit: int = 400) -> None:
    """Whoever's turn it is takes ``step``, until the deal's result is on every screen."""
    for _ in range(limit):
        if all(p.query_selector("#banner.win") for p in pages):
            return
        for page in pages:
            if page.query_selector(".turn.mine"):
                lines = len(page.query_selector_all("#log li"))
                try:
                    step(page)
                except Exception as error:
                    if not page.query_selector(".turn.mine"):
                        break  # the screen was behind the table: it has caught up since
                    raise AssertionError(f"{error}: {page.inner_text('#actions')!r}, "
                                         f"{errors}") from None
                for _ in range(50):  # until the action is on this screen (a busy machine)
                    if len(page.query_selector_all("#log li")) > lines:
                        break
                    page.wait_for_timeout(100)
                break
        else:
            pages[0].wait_for_timeout(100)
    raise AssertionError("the deal did not end")


def until(page: Any, selector: str, count: int) -> None:
    """Wait until ``selector`` matches ``count`` elements (polled: the page's security policy
    forbids evaluating script text)."""
    for _ in range(100):
        if len(page.query_selector_all(selector)) == count:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector}: {len(page.query_selector_all(selector))}, not {count}")


def keep(page: Any, folder: Path, name: str) -> None:
    path = folder / f"{name}-phone.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")


def test_three_friends_play_nine_card_brag_to_the_target(server: str, browser: Any,
                                                        artifacts: Path) -> None:
    errors: list[str] = []
    pages = three_at_table(browser, server, "nine-card", ("target", "8"), errors)
    laid: list[str] = []

    def step(page: Any) -> None:
        page.click("button[data-verb=suggest]")  # the engine's set (N6), filled in
        button = page.wait_for_selector("button[data-verb=plays]:not([disabled])")
        laid.append(button.inner_text())
        button.click()

    play(pages, step, errors)
    assert len(laid) >= 3 and all(t.startswith("Play ") for t in laid)
    for page in pages:  # the winner and the running scores to 8 (N7)
        assert "wins the game" in page.inner_text("#banner")
        assert "(to 8)" in page.inner_text("#stake-line")
    log = pages[1].inner_text("#log")
    assert "Ann plays" in log or "Bob plays" in log or "Cy plays" in log
    keep(pages[2], artifacts, "nine-card")
    assert errors == []


def test_three_friends_play_crash_to_the_target(server: str, browser: Any,
                                               artifacts: Path) -> None:
    errors: list[str] = []
    pages = three_at_table(browser, server, "crash", ("target", "3"), errors)
    arranged = 0

    def step(page: Any) -> None:
        nonlocal arranged
        if page.query_selector("button[data-verb=arranges]"):
            page.click("button[data-verb=suggest]")  # the engine's four hands (C2)
            page.wait_for_selector(".sets .set[data-set='2']")
            page.click("button[data-verb=arranges]:not([disabled])")
            arranged += 1
        elif page.query_selector("button[data-verb=pass]"):
            page.click("button[data-verb=pass]")  # no crash called (C5)

    play(pages, step, errors)
    assert arranged >= 3
    for page in pages:
        assert "wins the game" in page.inner_text("#banner")
        assert "(to 3)" in page.inner_text("#stake-line")
    keep(pages[2], artifacts, "crash")
    assert errors == []


def test_three_friends_play_a_brag_poker_deal_with_a_draw(server: str, browser: Any,
                                                         artifacts: Path) -> None:
    errors: list[str] = []
    pages = three_at_table(browser, server, "brag-poker", None, errors)
    drew: list[str] = []

    def step(page: Any) -> None:
        if page.query_selector("button[data-verb=look]"):
            page.click("button[data-verb=look]")
        elif page.query_selector("#my-cards img.pick"):
            page.click("#my-cards img.pick")  # one card to discard (P3)
            button = page.wait_for_selector("button[data-verb=draw]:has-text('Draw 1')")
            drew.append(button.inner_text())
            button.click()
        elif page.query_selector("button[data-verb=check]"):
            page.click("button[data-verb=check]")
        elif page.query_selector("button[data-verb=call]"):
            page.click("button[data-verb=call]")
        else:
            page.click("button[data-verb=draw]", timeout=3000)

    play(pages, step, errors)
    assert drew, "nobody drew"
    for page in pages:
        assert "wins" in page.inner_text("#banner")
    assert "blinds" in pages[0].inner_text("#stake-line")
    keep(pages[2], artifacts, "brag-poker")
    assert errors == []


def test_five_card_discards_leave_the_hand_on_screen_rule_F1(server: str, browser: Any,
                                                            artifacts: Path) -> None:
    errors: list[str] = []
    pages = three_at_table(browser, server, "five-card", None, errors)
    for _ in range(100):  # whoever acts first looks at their cards
        page = next((p for p in pages if p.query_selector(".turn.mine")), None)
        if page is not None:
            break
        pages[0].wait_for_timeout(100)
    assert page is not None
    page.click("button[data-verb=look]")
    page.wait_for_selector("#my-cards img.pick")
    assert len(page.query_selector_all("#my-cards img")) == 5
    picks = page.query_selector_all("#my-cards img.pick")
    gone = [picks[0].get_attribute("alt"), picks[1].get_attribute("alt")]
    picks[0].click()
    page.click("#my-cards img.pick:not(.picked)")
    page.click("button[data-verb=discard]:not([disabled])")  # two of five (F1)
    until(page, "#my-cards img", 3)
    kept = [img.get_attribute("alt") for img in page.query_selector_all("#my-cards img")]
    assert not set(gone) & set(kept)
    other = next(p for p in pages if p is not page)  # the others see three cards left
    name = page.query_selector(".seat.mine").get_attribute("data-name")
    until(other, f".seat[data-name='{name}'] .cards img", 3)
    keep(pages[2], artifacts, "five-card")
    assert errors == []
