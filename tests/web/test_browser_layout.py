"""The web table as a person sees it: every registered game, at 1280x800 and at 390x844, in a
deal under way (the player's own turn) and at a deal's end (Playwright driving Debian's
chromium).

For each game one person sits with bots in every other seat; at both sizes no two of the
table's main elements (the seats, the centre title, the pot, the status line, the banner and
the player's own action panel) overlap, no seat's name is cut short ("Random …" for
"Random bot III"), and a screenshot of each is kept (under
``$BRAGKIT_ARTIFACTS``, else the test's temporary folder; printed).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import fields
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from bragkit.games import registry

from .browser_support import NEEDS_CHROMIUM
from .test_browser import open_page, sit
from .test_browser_room import DESKTOP, PHONE, create, overlaps

pytestmark = NEEDS_CHROMIUM

#: The table's main elements, by CSS selector (each seat is one element).
MAIN = {".seat": "seat", "#deal-no": "centre title", ".pot": "pot", "#stake-line": "status",
        "#banner": "banner", "#me": "action panel"}


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BRAGKIT_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def boxes(page: Any) -> list[tuple[str, dict[str, float]]]:
    """The main elements on screen now, each with its bounding box (empty ones left out)."""
    found = []
    for selector, what in MAIN.items():
        for node in page.query_selector_all(selector):
            box = node.bounding_box()
            if box is None or box["width"] < 1 or box["height"] < 1:
                continue
            label = what
            if what == "seat":
                label = f"seat {node.get_attribute('data-seat')}"
            found.append((label, box))
    return found


def overlapping(page: Any) -> list[str]:
    """Every pair of main elements whose boxes overlap."""
    return [f"{a} over {b}" for (a, box_a), (b, box_b) in combinations(boxes(page), 2)
            if overlaps(box_a, box_b)]


def look(page: Any, folder: Path, name: str) -> list[str]:
    """Screenshots of the page at both sizes (scrolled to the top, as a person opens it), and
    what overlaps at each."""
    found = []
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(150)  # the seats are placed again on resize
        page.mouse.wheel(0, -5000)
        page.wait_for_timeout(50)
        path = folder / f"{name}-{size}.png"
        page.screenshot(path=str(path))
        print(f"screenshot: {path}")
        found += [f"{name} at {size}: {o}" for o in overlapping(page)]
        cut = page.eval_on_selector_all(
            ".seat .name", "names => names.filter(n => n.scrollWidth > n.clientWidth + 1 || "
                           "n.scrollHeight > n.clientHeight + 1).map(n => n.textContent)")
        found += [f"{name} at {size}: the name {n!r} is cut short" for n in cut]
        panel = page.locator("#me").bounding_box()
        if size == "desktop" and panel["y"] + panel["height"] > viewport["height"] + 1:
            found.append(f"{name} at {size}: the action panel runs below the screen")
    page.set_viewport_size(DESKTOP)
    return found


def step(page: Any) -> None:
    """One move of the seated person that brings the deal to its end soonest (a button the
    page redraws meanwhile is tried again at the next step)."""
    verbs = ("fold", "drop", "pack", "pass", "stand", "suggest", "plays", "arranges")
    for verb in verbs:
        button = page.query_selector(f"#actions button[data-verb={verb}]:not([disabled])")
        if button is None:
            continue
        try:
            button.click(timeout=2000)
        except Exception:
            return
        if verb != "suggest":  # the engine's sets filled in (N6, C2): then play them
            return
        page.wait_for_timeout(50)
    button = page.query_selector("#actions button:not([disabled]):not(.ghost)")
    if button is not None:
        try:
            button.click(timeout=2000)
        except Exception:
            return


def seated_with_bots(browser: Any, server: str, game: str, errors: list[str]) -> Any:
    """Ann hosts a table of ``game`` with every seat but hers taken by a bot, and starts."""
    info = registry.find(game)
    seats = min(6, info.seats[1])
    # a game played to a target (N7, C6) is played to a near one: its end comes soon
    rules = {"target": 3} if "target" in {f.name for f in fields(info.rules)} else {}
    made = create(server, game=game, seats=seats, rules=rules, deal_pause=600, bot_delay=0,
                  turn_seconds=0)
    page = open_page(browser, f"{made['url']}#host={made['host_token']}", errors,
                     viewport=DESKTOP)
    sit(page, 0, "Ann")
    assert page.is_visible("#bot-seat") and page.is_visible("#add-bot")
    for seat in range(1, seats):
        page.select_option("#bot-seat", str(seat))
        page.click("#add-bot")
        page.wait_for_selector(f".seat[data-seat='{seat}']:not(.empty)")
    # every seat taken: no empty seat picker, no bot to add
    page.wait_for_selector("#bot-seat", state="hidden")
    assert page.is_hidden("#add-bot") and page.is_hidden("#bot-kind")
    page.click("#start")
    return page


@pytest.mark.parametrize("game", registry.names())
def test_no_element_of_the_table_covers_another(server: str, browser: Any, artifacts: Path,
                                                game: str) -> None:
    errors: list[str] = []
    page = seated_with_bots(browser, server, game, errors)
    page.wait_for_selector(".turn.mine", timeout=20_000)
    found = look(page, artifacts, f"{game}-deal")
    suggest = page.query_selector("#actions button[data-verb=suggest]")
    if suggest is not None:  # the engine's sets filled in (N6, C2): the panel grows
        suggest.click()
        page.wait_for_timeout(200)
        found += look(page, artifacts, f"{game}-suggested")
        labels = [b.inner_text() for b in page.query_selector_all("#actions button")]
        assert not [b for b in labels if re.search(r"hand 5|\(\d\)", b)], labels  # C2: four
    # Ann plays on until the deal is over (a game, for a points game): a bound on the time a
    # loaded machine may take, not a speed
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if page.query_selector("[data-countdown=deal]"):
            break
        if page.query_selector(".turn.mine"):
            step(page)
        page.wait_for_timeout(100)
    page.wait_for_selector("[data-countdown=deal]")
    found += look(page, artifacts, f"{game}-end")
    log = [li.inner_text() for li in page.query_selector_all("#log li")]
    assert not [line for line in log if re.search(r"^\d+\s*--", line)], log  # "-- draw"
    assert found == [], "\n".join(found)
    assert errors == []
