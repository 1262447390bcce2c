"""The web table as a person sees it: every registered game, at 1280x800 and at 390x844, in a
deal under way (the player's own turn) and at a deal's end (Playwright driving Debian's
chromium).

For each game one person sits with bots in every other seat; at both sizes no two of the
table's main elements (the seats, the centre title, the pot, the status line, the banner and
the player's own action panel) overlap, and a screenshot of each is kept (under
``$BRAGKIT_ARTIFACTS``, else the test's temporary folder; printed).
"""

from __future__ import annotations

import json
import os
import urllib.request
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from bragkit.games import registry

from .browser_support import NEEDS_CHROMIUM
from .test_browser import open_page, sit

pytestmark = NEEDS_CHROMIUM

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: The table's main elements, by CSS selector (each seat is one element).
MAIN = {".seat": "seat", "#deal-no": "centre title", ".pot": "pot", "#stake-line": "status",
        "#banner": "banner", "#me": "action panel"}


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BRAGKIT_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def create_table(server: str, settings: dict[str, Any]) -> tuple[str, str]:
    """A new table (the lobby's own request): its address and its host token."""
    request = urllib.request.Request(server + "/api/tables", data=json.dumps(settings).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        made = json.load(response)
    return made["url"], made["host_token"]


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


def overlaps(page: Any) -> list[str]:
    """Every pair of main elements whose boxes overlap (by more than a pixel each way)."""
    def meet(a: dict[str, float], b: dict[str, float]) -> bool:
        across = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
        down = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
        return across > 1 and down > 1

    return [f"{a} over {b}" for (a, box_a), (b, box_b) in combinations(boxes(page), 2)
            if meet(box_a, box_b)]


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
        found += [f"{name} at {size}: {o}" for o in overlaps(page)]
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
    url, host = create_table(server, {"game": game, "seats": seats, "deal_pause": 600,
                                      "bot_delay": 0, "turn_seconds": 0})
    page = open_page(browser, f"{url}#host={host}", errors, viewport=DESKTOP)
    sit(page, 0, "Ann")
    for seat in range(1, seats):
        page.select_option("#bot-seat", str(seat))
        page.click("#add-bot")
        page.wait_for_selector(f".seat[data-seat='{seat}']:not(.empty)")
    page.click("#start")
    return page


@pytest.mark.parametrize("game", registry.names())
def test_no_element_of_the_table_covers_another(server: str, browser: Any, artifacts: Path,
                                                game: str) -> None:
    errors: list[str] = []
    page = seated_with_bots(browser, server, game, errors)
    page.wait_for_selector(".turn.mine", timeout=20_000)
    found = look(page, artifacts, f"{game}-deal")
    for _ in range(600):  # Ann plays on until the deal is over (a game, for a points game)
        if page.query_selector("[data-countdown=deal]"):
            break
        if page.query_selector(".turn.mine"):
            step(page)
        page.wait_for_timeout(100)
    page.wait_for_selector("[data-countdown=deal]")
    found += look(page, artifacts, f"{game}-end")
    assert found == [], "\n".join(found)
    assert errors == []
