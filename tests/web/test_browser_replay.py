"""A replay in the browser, as a person uses it (Playwright driving Debian's chromium, against a
real ``bragkit serve``): a record dropped on ``/replay`` is drawn by the table's own script,
steps forward and back (buttons and keys), changes seat (a seat's own cards shown, nobody
else's), and a second browser opened on the shared room's link follows the leader's steps.
Shot at 1280x800 and 390x844 (under ``$BRAGKIT_ARTIFACTS``, else the system's temporary
folder); at each size the page is no wider than the screen and the replay bar's buttons do not
overlap. No script error happens on any page."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from .browser_support import NEEDS_CHROMIUM
from .test_browser import card_names, open_page
from .test_browser_room import DESKTOP, PHONE, artifacts

pytestmark = NEEDS_CHROMIUM

RECORD = '''format = "bhh/1"
players = ["Ann", "Bob", "Cy"]
dealer = "Cy"
stacks = [20, 20, 20]
actions = ["Ann bet 2", "Bob look", "Bob bet 2", "Cy fold", "Ann see 4"]
[cards]
hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d", Cy = "3c 5d 9s" }
'''


_BOBS_CARDS = ["ace of spades", "ten of clubs", "two of diamonds"]  # As Tc 2d


def _shoot(page: Any, folder: Path, name: str) -> None:
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(80)
        path = folder / f"replay-{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True)
        print(f"screenshot: {path}")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
        boxes = [page.locator(f"#{b}").bounding_box() for b in
                 ("replay-first", "replay-back", "replay-range", "replay-forward", "replay-last")]
        for left, right in pairwise(boxes):
            assert left is not None and right is not None
            assert left["x"] + left["width"] <= right["x"] + 0.5, (name, size, left, right)
    page.set_viewport_size(DESKTOP)


def _until(page: Any, script: str, arg: Any = None) -> None:
    """Wait until ``script`` (a function of ``arg``) is true in the page (polled from here:
    the page's content security policy lets no string be evaluated in it)."""
    for _ in range(200):
        if page.evaluate(script, arg):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {script} ({arg})")


def _at(page: Any, step: int) -> None:
    _until(page, "(step) => document.getElementById('replay-range').value === String(step)"
                 " && window.bragkit.lastSeq === step", step)


def test_a_dropped_record_steps_forward_and_back_and_a_second_browser_follows(
        server: str, browser: Any, tmp_path: Path) -> None:
    folder = artifacts()
    errors: list[str] = []
    record = tmp_path / "friday.bhh"
    record.write_text(RECORD)
    lead = open_page(browser, server + "/replay", errors, viewport=DESKTOP)
    assert lead.locator("#table-name").inner_text() == "Replay"  # no table's name yet
    bad = tmp_path / "bad.bhh"
    bad.write_text(RECORD.replace('"Ann see 4"', '"Ann see 2"'))
    lead.set_input_files("#replay-file", str(bad))
    lead.wait_for_selector("#replay-error:text('seeing costs 4, not 2 (rule B6)')")
    assert errors == ["Failed to load resource: the server responded with a status of 400 "
                      "(Bad Request)"]  # the refusal itself, and nothing else
    errors.clear()
    _shoot_drop = folder / "replay-drop-desktop.png"
    lead.screenshot(path=str(_shoot_drop), full_page=True)
    lead.set_input_files("#replay-file", str(record))
    lead.wait_for_url("**/replay/file/**")
    _at(lead, 0)
    assert lead.locator("#replay-where").inner_text() == "dealt · 5 actions"
    assert lead.locator("#my-cards img").count() == 0  # the spectator: no hidden card
    lead.click("#replay-forward")
    _at(lead, 1)
    assert "Ann bets 2" in lead.locator("#log").inner_text()
    lead.select_option("#replay-seat", "Bob")
    lead.wait_for_selector(".seat.mine[data-name='Bob']")
    lead.keyboard.press("ArrowRight")  # Bob looks
    _at(lead, 2)
    _until(lead, "() => document.querySelectorAll('#my-cards img').length === 3")
    assert sorted(card_names(lead)) == sorted(_BOBS_CARDS), card_names(lead)
    seen = lead.locator(".seat[data-name='Ann'] img").evaluate_all(
        "imgs => imgs.map(i => i.getAttribute('src'))")
    assert seen and all(src.endswith("back.svg") for src in seen)  # Ann's cards stay hidden
    assert "You look" in lead.locator("#log").inner_text()
    lead.click("#replay-last")
    _at(lead, 5)
    lead.wait_for_selector("#banner:text('Ann wins')")
    _shoot(lead, folder, "end")
    lead.click("#replay-back")
    _at(lead, 4)
    assert "Ann wins" not in lead.locator("#banner").inner_text()
    assert "seat=Bob" in lead.url and "at=4" in lead.url
    _shoot(lead, folder, "bob")
    # the deal's link, as copied at an action, opens there in another browser: Bob's seat,
    # after Bob's look and bet (his cards, nobody else's), before Cy's fold
    linked = open_page(browser, lead.url.replace("at=4", "at=3"), errors, viewport=PHONE)
    _at(linked, 3)
    linked.wait_for_selector(".seat.mine[data-name='Bob']")
    _until(linked, "() => document.querySelectorAll('#my-cards img').length === 3")
    assert sorted(card_names(linked)) == sorted(_BOBS_CARDS)
    assert "Ann wins" not in linked.locator("#banner").inner_text()
    log = linked.locator("#log").inner_text()
    assert log.endswith("You bet 2") and "Cy folds" not in log, log
    linked.context.close()

    lead.click("#replay-share")
    lead.wait_for_url("**room=**")
    _at(lead, 4)
    follower = open_page(browser, lead.url, errors, viewport=PHONE)
    _at(follower, 4)
    follower.wait_for_selector("#replay-follow:text('following the leader')")
    assert follower.locator("#replay-forward").is_disabled()
    lead.click("#replay-first")
    _at(lead, 0)
    _at(follower, 0)
    lead.click("#replay-forward")
    _at(follower, 1)
    # Bob's view at Bob's turn: a watcher is told whose turn it is, never "Your turn"
    assert follower.locator("#turn").inner_text() == "Bob to act"
    _shoot(follower, folder, "follower")
    lead.context.close()
    follower.context.close()
    assert errors == []
