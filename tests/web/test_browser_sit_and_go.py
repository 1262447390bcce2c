"""A sit-and-go table as a person sees it (rule T4), at 1280x800 and 390x844: the host opens it
from the front page's form, sits with three bots and starts; the level, the ante and the next
rise show on the felt without covering anything; Ann folds every hand until the sit-and-go is
over, and the finishing order shows with the settlement. Screenshots are kept under
``$BRAGKIT_ARTIFACTS`` (else the test's temporary folder) as ``sitgo-*.png``."""

from __future__ import annotations

import os
import re
from itertools import combinations
from pathlib import Path
from typing import Any

from .browser_support import NEEDS_CHROMIUM
from .test_browser import open_page, sit
from .test_browser_layout import step
from .test_browser_room import DESKTOP, PHONE, overlaps

pytestmark = NEEDS_CHROMIUM

#: The table's main elements, the sit-and-go's line among them.
MAIN = {".seat": "seat", "#deal-no": "centre title", "#sng": "sit-and-go line", ".pot": "pot",
        "#stake-line": "status", "#banner": "banner", "#me": "action panel"}


def overlapping(page: Any) -> list[str]:
    found = []
    for selector, what in MAIN.items():
        for node in page.query_selector_all(selector):
            box = node.bounding_box()
            if box is not None and box["width"] >= 1 and box["height"] >= 1:
                label = f"seat {node.get_attribute('data-seat')}" if what == "seat" else what
                found.append((label, box))
    return [f"{a} over {b}" for (a, box_a), (b, box_b) in combinations(found, 2)
            if overlaps(box_a, box_b)]


def look(page: Any, folder: Path, name: str) -> list[str]:
    found = []
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        page.mouse.wheel(0, -5000)
        page.wait_for_timeout(50)
        path = folder / f"sitgo-{name}-{size}.png"
        page.screenshot(path=str(path))
        print(f"screenshot: {path}")
        found += [f"{name} at {size}: {o}" for o in overlapping(page)]
    page.set_viewport_size(DESKTOP)
    return found


def test_a_sit_and_go_from_the_front_page_to_its_finishing_order(
        server: str, browser: Any, tmp_path: Path) -> None:
    folder = Path(os.environ.get("BRAGKIT_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    ann = open_page(browser, server + "/", errors, viewport=DESKTOP)
    ann.wait_for_selector("select[name=game] option[value=teen-patti]", state="attached")
    ann.fill("input[name=name]", "Knockout")
    ann.select_option("select[name=seats]", "4")
    ann.fill("input[name=buy_in]", "12")
    ann.fill("input[name=turn_seconds]", "0")
    assert ann.is_hidden("input[name=ante_every]")
    ann.select_option("select[name=game]", "crash")  # points: no sit-and-go to offer (T4)
    assert ann.is_hidden("input[name=sit_and_go]")
    ann.select_option("select[name=game]", "teen-patti")
    assert ann.inner_text("#sng-word") == "The boot"
    ann.select_option("select[name=game]", "three-card")
    ann.check("input[name=sit_and_go]")
    ann.fill("input[name=ante_every]", "2")
    ann.fill("input[name=ante_rise]", "2")
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):  # the form, as filled
        ann.set_viewport_size(viewport)
        ann.locator("input[name=sit_and_go]").scroll_into_view_if_needed()
        ann.screenshot(path=str(folder / f"sitgo-lobby-{size}.png"))
        every = ann.locator("input[name=ante_every]").bounding_box()
        rise = ann.locator("input[name=ante_rise]").bounding_box()
        assert every is not None and rise is not None and not overlaps(every, rise)
    ann.set_viewport_size(DESKTOP)
    ann.click("summary")
    ann.fill("input[name=deal_pause]", "0.3")
    ann.fill("input[name=bot_delay]", "0")
    ann.click("button[type=submit]")
    ann.wait_for_url(re.compile(r"/t/"))
    ann.wait_for_selector("#sng:has-text('Sit-and-go')")
    assert "stacks 12" in ann.inner_text("#sng") and "every 2 deals" in ann.inner_text("#sng")
    sit(ann, 0, "Ann")
    for seat in (1, 2, 3):
        ann.select_option("#bot-seat", str(seat))
        ann.click("#add-bot")
        ann.wait_for_selector(f".seat[data-seat='{seat}']:not(.empty)")
    ann.click("#start")
    ann.wait_for_selector(".turn.mine", timeout=20_000)
    assert re.search(r"Level 1 · ante 1 · next 2 in [12] deals?", ann.inner_text("#sng"))
    assert not ann.query_selector("#actions button[data-verb=topup]")  # M1 off
    # seats and money fixed (T4): no button offers what the table would refuse
    assert not ann.query_selector("#sit-out") and not ann.query_selector("text=Leave table")
    found = look(ann, folder, "deal")
    for _ in range(3000):  # Ann folds every hand; the bots play it out
        if ann.is_visible("#settle"):
            break
        if ann.query_selector(".turn.mine"):
            step(ann)
        ann.wait_for_timeout(50)
    ann.wait_for_selector("#settle:has-text('finishing order')", timeout=30_000)
    ann.wait_for_selector("#sng:has-text('won by')")
    places = [li.inner_text() for li in ann.query_selector_all("#settle .places li")]
    assert len(places) == 4 and places[0].startswith("1st ")
    assert any(p.startswith("4th Ann") or "Ann" in p for p in places)
    # closed: no host bar (no bot for the empty seats, no close: nothing left to do)
    assert ann.is_hidden("#host-bar") and ann.is_hidden("#add-bot")
    found += look(ann, folder, "end")
    assert found == [], "\n".join(found)
    assert errors == []
