"""Teen Patti at the web table, in a real browser (Playwright driving Debian's chromium; issue
18): a deal among three human browsers (one phone-sized) with a sideshow declined, one accepted
(the comparison on the two players' screens only, TP5) and a show (TP4). The page has no Teen
Patti code but games.js's sideshow request and turned card; screenshots are kept as artifacts
(under ``$BRAGKIT_ARTIFACTS``, else the test's temporary folder; printed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import test_browser_games as games_page
from .test_browser_games import play, three_at_table

pytestmark = games_page.pytestmark
# the artifacts folder of the other games' browser tests (server, browser: conftest.py)
artifacts = games_page.artifacts


def keep(page: Any, folder: Path, name: str) -> None:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")


def faces(page: Any, name: str) -> set[str]:
    """The face-up cards drawn at ``name``'s seat on ``page``."""
    imgs = page.query_selector_all(f".seat[data-name='{name}'] .cards img")
    return {c for img in imgs if (c := img.get_attribute("data-card")) and c != "back"}


def test_three_friends_play_a_teen_patti_deal_with_sideshows_and_a_show_TP4_TP5(
        server: str, browser: Any, artifacts: Path) -> None:
    errors: list[str] = []
    pages = three_at_table(browser, server, "teen-patti", None, errors)
    names = {id(p): n for p, n in zip(pages, ["Ann", "Bob", "Cy"], strict=True)}
    answers: list[tuple[str, str, str]] = []  # (asker, asked, answer)
    asker: list[str] = []
    compared: dict[str, Any] = {}
    shows: list[str] = []

    def step(page: Any) -> None:
        me = names[id(page)]
        if page.query_selector("button[data-verb=accept]"):  # asked for a sideshow (TP5)
            request = page.inner_text("#actions")
            assert f"{asker[-1]} asks you for a sideshow" in request
            assert "Decline" in page.inner_text("button[data-verb=decline]")  # capitalised
            if not answers:
                keep(page, artifacts, "teen-patti-sideshow-request")
                answers.append((asker[-1], me, "decline"))
                page.click("button[data-verb=decline]")
            else:
                answers.append((asker[-1], me, "accept"))
                page.click("button[data-verb=accept]")
                compared.update(asker=asker[-1], asked=me)
        elif page.query_selector("button[data-verb=look]"):
            page.click("button[data-verb=look]")  # seen from the first turn (TP2)
        elif page.query_selector("button[data-verb=show]"):
            shows.append(me)
            page.click("button[data-verb=show]")  # two left (TP4)
        elif page.query_selector("button[data-verb=sideshow]") and len(asker) < 2:
            asker.append(me)
            page.click("button[data-verb=sideshow]")
        elif page.query_selector("button[data-verb=bet]"):
            page.click("button[data-verb=bet]")  # the least seen chaal (TP3)
        else:
            page.click("button[data-verb=blind]", timeout=3000)

    def until_compared() -> None:
        """Play until the accepted sideshow, then check the three screens (TP5)."""
        for _ in range(60):
            if compared:
                return
            play_one()
        raise AssertionError(f"no sideshow accepted: {answers}")

    def play_one() -> None:
        for page in pages:
            if page.query_selector(".turn.mine"):
                lines = len(page.query_selector_all("#log li"))
                step(page)
                for _ in range(50):
                    if len(page.query_selector_all("#log li")) > lines:
                        break
                    page.wait_for_timeout(100)
                return
        pages[0].wait_for_timeout(100)

    until_compared()
    by_name = {names[id(p)]: p for p in pages}
    two = (compared["asker"], compared["asked"])
    third = next(n for n in by_name if n not in two)
    for _ in range(50):  # the two screens draw each other's hand, face up
        if faces(by_name[two[0]], two[1]) and faces(by_name[two[1]], two[0]):
            break
        pages[0].wait_for_timeout(100)
    assert len(faces(by_name[two[0]], two[1])) == 3
    assert len(faces(by_name[two[1]], two[0])) == 3
    assert not faces(by_name[third], two[0]) and not faces(by_name[third], two[1])
    keep(by_name[two[0]], artifacts, "teen-patti-sideshow-compared")
    play(pages, step, errors)
    assert [a for _, _, a in answers] == ["decline", "accept"]
    assert shows, "the deal ended in a show (TP4)"
    for page in pages:
        assert "wins" in page.inner_text("#banner")
        assert "boot 1" in page.inner_text("#stake-line") or "boot" in page.inner_text("#log")
    felt = pages[0].inner_text("#felt").lower()  # the sideshow's loser packed (TP5): its word
    assert "packed" in felt and "folded" not in felt, felt  # TP3: a player packs
    assert " bet " not in f" {felt} ", felt  # a seat's last move is a chaal (TP3)
    log = pages[0].inner_text("#log")
    assert f"{answers[0][1]} decline" in log and f"{answers[1][1]} accept" in log
    keep(pages[2], artifacts, "teen-patti-show-phone")
    assert errors == []


def test_the_joker_variants_turned_card_is_on_every_screen_rule_TP8(
        server: str, browser: Any, artifacts: Path) -> None:
    errors: list[str] = []
    pages = three_at_table(browser, server, "teen-patti-joker", None, errors)
    turned: set[str] = set()
    for page in pages:  # each player sees the one turned card, face up, by their own cards
        box = page.wait_for_selector("#my-cards .turned img")
        turned.add(str(box.get_attribute("data-card")))
        assert "joker" in page.inner_text("#stake-line")
        assert "is wild" in page.inner_text("#my-cards .turned")
    assert len(turned) == 1 and "back" not in turned
    rank = turned.pop()[0]
    assert f"every {rank} is wild" in pages[0].inner_text("#my-cards")
    keep(pages[2], artifacts, "teen-patti-joker-phone")

    def step(page: Any) -> None:
        page.click("button[data-verb=fold]")  # two packs end the deal (TP7)

    play(pages, step, errors)
    for page in pages:
        assert "wins" in page.inner_text("#banner")
    assert errors == []
