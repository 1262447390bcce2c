"""The table page for players of online card rooms (issue 15), in a real browser (Playwright
driving Debian's chromium): the host link, the open tables on the front page, chat rendered as
text, the turn alert (and switching it off), spectators counted, your own hand's name, sitting
out, the host role handed on, and on
1280×800 and 390×844 screens the action bar and the settlement inside the viewport. Screenshots
go to ``$BRAGKIT_ARTIFACTS`` (else a temporary folder)."""

from __future__ import annotations

import json
import os
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from .browser_support import NEEDS_CHROMIUM
from .test_browser import open_page, sit

pytestmark = NEEDS_CHROMIUM

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def artifacts() -> Path:
    folder = Path(os.environ.get("BRAGKIT_ARTIFACTS") or tempfile.gettempdir()) / "bragkit-web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def create(server: str, **settings: Any) -> dict[str, Any]:
    request = urllib.request.Request(server + "/api/tables", method="POST",
                                     data=json.dumps(settings).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        made: dict[str, Any] = json.load(response)
    return made


def inside(page: Any, selector: str) -> dict[str, float]:
    """The element's box, asserted wholly inside the viewport (no scrolling needed)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and box["height"] > 0, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"] + 1, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 1, (selector, box, size)
    return dict(box)


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_a_public_table_with_host_link_chat_alerts_and_a_layout_that_fits(
        server: str, browser: Any) -> None:
    errors: list[str] = []
    made = create(server, name="Open game", public=True, turn_seconds=0, deal_pause=600,
                  bot_delay=0, seats=4)
    hidden = create(server, name="Private game")
    front = open_page(browser, server + "/", errors, viewport=DESKTOP)
    front.wait_for_selector("#open-tables li")
    listed = front.inner_text("#open-tables")
    assert "Open game" in listed and "Private game" not in listed
    assert hidden["id"] not in front.content()

    # the host link gives the host's powers to a browser that never created the table
    host_link = f"{server}/t/{made['id']}#host={made['host_token']}"
    ann = open_page(browser, host_link, errors, viewport=DESKTOP)
    ann.wait_for_selector("#host-bar:not([hidden])")
    assert "#host=" not in ann.url  # the token leaves the address bar
    assert ann.inner_text("#status") == "waiting to start"
    pill = ann.locator("#status").bounding_box()
    assert pill is not None and pill["height"] < 40 and pill["width"] < 220  # a pill, not a blob
    sit(ann, 0, "Ann")
    invite = ann.input_value("#invite")
    bob = open_page(browser, invite, errors, viewport=PHONE, device_scale_factor=2,
                    is_mobile=True, has_touch=True)
    assert bob.locator("#host-bar").is_hidden()  # the invite link carries no host powers
    sit(bob, 1, "Bob")
    watcher = open_page(browser, invite, errors, viewport=DESKTOP)
    watcher.wait_for_selector("#conn.live")

    # chat: rendered as text, never as HTML; a quick reaction; the host mutes Bob
    bob.click(".tabs button[data-tab=chat]")
    bob.fill("#chat-text", "<img src=x onerror=alert(1)><b>hi</b>")
    bob.click("#chat-form button[type=submit]")
    ann.click(".tabs button[data-tab=chat]")
    ann.wait_for_selector("#chat-lines li:has-text('hi')")
    assert "<b>hi</b>" in ann.inner_text("#chat-lines")
    assert not ann.query_selector_all("#chat-lines b, #chat-lines img")
    ann.click("#reactions button:first-child")
    bob.wait_for_selector("#chat-lines li:has-text('Ann')")
    ann.click("#chat-lines button[data-mute='Bob']")
    ann.wait_for_selector("#chat-muted:has-text('Bob')")
    bob.fill("#chat-text", "can you hear me")
    bob.click("#chat-form button[type=submit]")
    bob.wait_for_selector("#toast:has-text('muted')")

    ann.click("#start")
    for page in (ann, bob):
        page.wait_for_selector("#deal-no:has-text('Deal 1')")
    assert watcher.inner_text("#watchers") == "1 spectator watching"
    # Ann deals: Bob is first to act (D3): his turn is announced, beep and title
    bob.wait_for_selector(".turn.mine")
    assert bob.evaluate("window.bragkitAlerts") == 1
    assert bob.title().startswith("● Your turn")
    assert not ann.title().startswith("●")
    for page, name in ((ann, "desktop"), (bob, "phone")):
        inside(page, "#actions")
        page.screenshot(path=str(artifacts() / f"table-{name}-playing.png"))
    # Bob looks: the name of his hand shows under his cards (D8)
    bob.click("button[data-verb=look]")
    bob.wait_for_selector("#my-cards .hand-name")
    assert bob.inner_text("#my-cards .hand-name").strip()
    # switched off, the alert stays quiet and the title plain
    bob.uncheck("#alerts")
    assert not bob.title().startswith("●")
    assert bob.evaluate("localStorage.getItem('bragkit.alerts')") == "off"

    # Bob sits out from the next deal; the host hands the host role to Bob, who closes
    bob.click("#sit-out")
    ann.wait_for_selector(".seat[data-name='Bob'] .badge:has-text('sitting out')")
    ann.select_option("#handover-seat", "1")
    ann.click("#handover")
    bob.wait_for_selector("#host-bar:not([hidden])")
    ann.wait_for_selector("#host-bar", state="hidden")
    bob.click("#close")  # closing: the deal plays out; Bob folds and the table settles
    bob.click("button[data-verb=fold]")
    for page, name in ((ann, "desktop"), (bob, "phone")):
        page.wait_for_selector("#settle:not([hidden])")
        settle = inside(page, "#settle")
        for seat in page.query_selector_all(".seat"):
            seat_box = seat.bounding_box()
            assert seat_box is None or not overlaps(settle, seat_box)  # seats stay visible
        page.screenshot(path=str(artifacts() / f"table-{name}-settled.png"))
    assert not [e for e in errors if "muted" not in e], errors
