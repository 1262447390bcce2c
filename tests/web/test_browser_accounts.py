"""The account pages as a person sees them (Playwright driving Debian's chromium, against a
real ``bragkit serve`` with argon2id at its full cost): sign up, the account page, a wrong
password, sign out, sign in from a table's sit dialog and back, sitting under the account's
name. Each page is shot at 1280x800 and 390x844 (under ``$BRAGKIT_ARTIFACTS``, else the
system's temporary folder; printed) and must fit the phone's width with no sideways scroll;
no script error happens on any page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .browser_support import NEEDS_CHROMIUM
from .test_browser import open_page
from .test_browser_room import DESKTOP, PHONE, artifacts, create

pytestmark = NEEDS_CHROMIUM

SECRET = "a long secret for Ann"


def shoot(page: Any, folder: Path, name: str) -> None:
    """Screenshots at both sizes; at each the page is no wider than the screen and its form
    cards lie within it."""
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(50)
        path = folder / f"account-{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True)
        print(f"screenshot: {path}")
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= viewport["width"], (name, size, wide)
        for box in (card.bounding_box() for card in page.query_selector_all(".form-card")):
            assert box is not None and box["x"] >= 0, (name, size, box)
            assert box["x"] + box["width"] <= viewport["width"] + 1, (name, size, box)
    page.set_viewport_size(DESKTOP)


def test_a_person_opens_an_account_signs_out_and_in_and_sits_under_its_name(
        server: str, browser: Any) -> None:
    folder = artifacts()
    errors: list[str] = []
    page = open_page(browser, server + "/", errors, viewport=DESKTOP)
    page.wait_for_selector("#account-nav a[href='/signup']")
    page.click("#account-nav a[href='/signup']")
    page.wait_for_selector("h1:text('Open an account')")
    shoot(page, folder, "sign-up")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", SECRET)
    page.fill("input[name=password2]", SECRET + " typo")
    page.click("button[type=submit]")
    page.wait_for_selector(".error:text('The two passwords differ.')")
    shoot(page, folder, "sign-up-error")
    page.fill("input[name=password]", SECRET)
    page.fill("input[name=password2]", SECRET)
    page.click("button[type=submit]")
    page.wait_for_selector("h1:text('Ann')")
    assert "the account is open" in page.inner_text(".done")
    shoot(page, folder, "account")
    page.goto(server + "/")
    page.wait_for_selector("#account-nav a[href='/account']:text('Ann')")
    shoot(page, folder, "lobby-signed-in")
    page.goto(server + "/account")
    page.click("form[action='/signout'] button")
    page.wait_for_url(server + "/")
    page.wait_for_selector("#account-nav a[href='/signin']")

    table = create(server, name="Accounts", seats=3)
    page.goto(table["url"])
    page.click(".seat.empty[data-seat='0'] button.sit")
    page.wait_for_selector("#sit-account a:text('Sign in')")
    assert page.is_editable("#sit-name")  # a guest types a name
    shoot(page, folder, "sit-guest")
    page.click("#sit-account a")
    page.wait_for_selector("h1:text('Sign in')")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", "not the password")
    page.click("button[type=submit]")
    page.wait_for_selector(".error:text('Wrong name or password.')")
    shoot(page, folder, "sign-in-wrong")
    page.fill("input[name=password]", SECRET)
    page.click("button[type=submit]")
    page.wait_for_url(table["url"])
    page.click(".seat.empty[data-seat='0'] button.sit")
    page.wait_for_selector("#sit-account:text('Signed in: you sit down as Ann.')")
    assert page.input_value("#sit-name") == "Ann" and not page.is_editable("#sit-name")
    shoot(page, folder, "sit-signed-in")
    page.click("#sit-ok")
    page.wait_for_selector(".seat.mine[data-name='Ann']")

    guest = open_page(browser, table["url"], errors, viewport=PHONE)
    guest.click(".seat.empty[data-seat='1'] button.sit")
    guest.fill("#sit-name", "ann")
    guest.click("#sit-ok")
    guest.wait_for_selector("#toast:text('sign in to play under it')")
    guest.context.close()
    page.context.close()
    refused_forms = ("status of 400 (Bad Request)", "status of 401 (Unauthorized)")
    assert [e for e in errors if not e.endswith(refused_forms)] == []  # the two forms refused
