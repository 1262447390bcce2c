"""The web table in a real browser (Playwright driving Debian's chromium).

Three friends play a deal through to a see: the host creates the table in the lobby and sits
down; two friends open the invite link (one on a phone-sized screen) and sit; the host starts;
Bob looks and bets, Cy folds, Bob's browser reloads mid-deal and comes back with his hand, Ann
bets, Bob sees (rule B6); everyone sees the result, the phone checks the shuffle's proof, the host
closes the table and everyone sees the settlement. Screenshots of the table are saved in
``artifacts/`` (desktop and 390×844).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .browser_support import NEEDS_CHROMIUM

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

pytestmark = NEEDS_CHROMIUM



def open_page(browser: Any, url: str, errors: list[str], **context: Any) -> Any:
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda error: errors.append(f"{url}: {error}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(url)
    return page


def sit(page: Any, seat: int, name: str) -> None:
    page.click(f".seat.empty[data-seat='{seat}'] button.sit")
    page.fill("#sit-name", name)
    page.click("#sit-ok")
    page.wait_for_selector(f".seat.mine[data-name='{name}']")


def card_names(page: Any) -> list[str]:
    return [img.get_attribute("alt") for img in page.query_selector_all("#my-cards img")]


def test_three_friends_play_a_deal_to_a_see(server: str, browser: Any) -> None:
    errors: list[str] = []
    ann = open_page(browser, server + "/", errors, viewport={"width": 1280, "height": 860})
    ann.fill("input[name=name]", "Friday night")
    ann.click("summary")
    ann.select_option("select[name=shuffle]", "always")  # records released after each deal
    ann.fill("input[name=turn_seconds]", "0")
    ann.fill("input[name=deal_pause]", "60")
    ann.click("button[type=submit]")
    ann.wait_for_url(re.compile(r"/t/"))
    sit(ann, 0, "Ann")
    invite = ann.input_value("#invite")
    assert invite == ann.url

    bob = open_page(browser, invite, errors, viewport={"width": 1100, "height": 800})
    sit(bob, 2, "Bob")
    cy = open_page(browser, invite, errors, viewport={"width": 390, "height": 844},
                   device_scale_factor=2, is_mobile=True, has_touch=True)
    sit(cy, 4, "Cy")

    ann.click("#start")
    for page in (ann, bob, cy):
        page.wait_for_selector("#deal-no:has-text('Deal 1')")
    # Ann deals: Bob is first to act (rules D3, B2); he looks and bets 2
    bob.wait_for_selector(".turn.mine")
    assert bob.query_selector_all("#my-cards img[data-card=back]")  # blind until he looks
    bob.click("button[data-verb=look]")
    bob.wait_for_selector("#my-cards img:not([data-card=back])")
    hand = card_names(bob)
    assert len(hand) == 3
    bob.fill("input[data-amount=bet]", "2")
    bob.click("button[data-verb=bet]")
    cy.wait_for_selector(".turn.mine")
    cy.click("button[data-verb=fold]")
    ann.wait_for_selector(".turn.mine")
    assert "to stay in: 2" in ann.inner_text("#stake-line")  # what the next bet costs (B3)

    # Bob's browser reloads mid-deal: his seat and his cards come back (token in localStorage)
    bob.reload()
    bob.wait_for_selector("#conn.live")
    bob.wait_for_selector(".seat.mine[data-name='Bob']")
    assert card_names(bob) == hand

    ann.click("button[data-verb=look]")
    ann.wait_for_selector("button[data-verb=bet]")
    ann.click("button[data-verb=bet]")  # the least bet: the stake, 2
    bob.wait_for_selector("button[data-verb=see]")
    assert bob.inner_text("button[data-verb=see]") == "See for 4"  # twice the stake (B6)
    bob.click("button[data-verb=see]")

    for page in (ann, bob, cy):
        page.wait_for_selector("#banner.win")
        assert "wins" in page.inner_text("#banner")
        # the seen player's hand is shown to everyone (rules B6, D8)
        assert len(page.query_selector_all(".seat[data-name='Ann'] .cards.shown img")) == 3
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "web-table.png"))
    cy.screenshot(path=str(ARTIFACTS / "web-table-phone.png"), full_page=True)

    # the phone checks the deal's shuffle against the commitment made before it
    cy.click(".tabs button[data-tab=records]")
    cy.click("button[data-check='1']")
    cy.wait_for_selector(".record[data-deal='1'] .verdict.ok")
    assert "Verified" in cy.inner_text(".record[data-deal='1'] .verdict")
    download = cy.query_selector(".record[data-deal='1'] a[href$='1.bhh']")
    assert download is not None

    ann.click("#close")
    for page in (ann, bob, cy):
        page.wait_for_selector("#settle:not([hidden])")
        text = page.inner_text("#settle")
        assert "settlement" in text.lower() and ("pays" in text or "square" in text)
    ann.click(".tabs button[data-tab=ledger]")
    assert "Settlement" in ann.inner_text("#settlement")
    ann.screenshot(path=str(ARTIFACTS / "web-table-closed.png"))
    assert not errors, errors
