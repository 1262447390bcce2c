"""The rule book on the web (issue 16): ``/rules`` has an anchor per rule id and links every rule
id it shows; ``/rules/hand-history`` links its ids to the book; ``/api/rules/{id}`` answers one
rule or one line of error; and the table's and lobby's script ``static/rulelinks.js`` links the
rule ids those pages show (its pattern checked against ``bragkit.help.CITATION`` with Node, its
page behaviour in chromium)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from bragkit.help import CITATION, anchor, find_ids, rule, rule_ids
from bragkit.web.app import STATIC, create_app
from bragkit.web.store import Store

NODE = shutil.which("node")
CHROMIUM = Path("/usr/bin/chromium")
SCRIPT = STATIC / "rulelinks.js"
needs_node = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the page's script")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(store=Store("sqlite://"), manage_gc=False)) as test_client:
        yield test_client


class _Page(HTMLParser):
    """A page's element ids, link targets, and the text shown outside links and code blocks."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.unlinked: list[str] = []
        self.links: list[tuple[str, str]] = []  # (href, text)
        self.inline: list[str] = []  # inline script or style: the page's CSP refuses them
        self._stack: list[str] = []
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if "style" in found or (tag == "script" and "src" not in found):
            self.inline.append(tag)
        if tag == "a" and found.get("href"):
            self._href, self._text = str(found["href"]), []
            self.hrefs.append(self._href)
        self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._text)))
            self._href = None
        if tag in self._stack:
            del self._stack[len(self._stack) - 1 - self._stack[::-1].index(tag):]

    def handle_data(self, data: str) -> None:
        if self._href is not None:
            self._text.append(data)
        elif not {"pre", "title"} & set(self._stack):
            self.unlinked.append(data)


def parsed(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


def test_rules_page_has_an_anchor_for_every_rule_id(client: TestClient) -> None:
    answer = client.get("/rules")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    page = parsed(answer.text)
    ids = set(page.ids)
    missing = [i for i in rule_ids() if anchor(i) not in ids]
    assert missing == [], f"rules without an anchor on /rules: {missing}"
    assert len(page.ids) == len(ids), "an anchor is given twice"
    assert len(rule_ids()) == 84  # the rule book's 83 and T4, the sit-and-go (a choice of ours)
    # the table of contents lists every rule
    contents = answer.text.split('<nav class="toc"', 1)[1].split("</nav>", 1)[0]
    assert all(f'href="#{anchor(i)}"' in contents for i in rule_ids())


def test_every_rule_id_the_rules_page_shows_links_to_its_rule(client: TestClient) -> None:
    page = parsed(client.get("/rules").text)
    assert not find_ids(" ".join(page.unlinked)), "a rule id is shown without its link"
    cited = [(href, text) for href, text in page.links if CITATION.fullmatch(text)]
    assert {text for _, text in cited} >= set(rule_ids())  # each heading links its id
    for href, text in cited:
        assert href == f"#{anchor(text)}", (href, text)  # rule B6 links to #rule-b6
    local = {h[1:] for h in page.hrefs if h.startswith("#")}
    assert local <= set(page.ids), f"links to no anchor: {local - set(page.ids)}"


def test_hand_history_page_links_rule_ids_to_the_rule_book(client: TestClient) -> None:
    answer = client.get("/rules/hand-history")
    assert answer.status_code == 200
    page = parsed(answer.text)
    assert not find_ids(" ".join(page.unlinked))
    to_book = [(h, t) for h, t in page.links if h.startswith("/rules#")]
    assert ("/rules#rule-b2", "B2") in to_book  # "Andy ... bets first (B2)"
    assert all(h == f"/rules#{anchor(t)}" for h, t in to_book)
    # links inside the page have targets; no link goes to a Markdown file the site does not serve
    assert {h[1:] for h in page.hrefs if h.startswith("#")} <= set(page.ids)
    assert not [h for h in page.hrefs if h.endswith(".md") or ".md#" in h]
    assert {"an-example", "the-keys", "errors"} <= set(page.ids)


@pytest.mark.parametrize("path", ["/rules", "/rules/hand-history"])
def test_pages_keep_the_sites_style_and_content_policy(client: TestClient, path: str) -> None:
    answer = client.get(path)
    page = parsed(answer.text)
    assert page.inline == []  # the CSP allows no inline style or script
    assert '<link rel="stylesheet" href="/static/style.css">' in answer.text
    assert '<link rel="stylesheet" href="/static/rules.css">' in answer.text
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert client.get("/static/rules.css").status_code == 200
    assert '<nav class="toc"' in answer.text
    assert answer.text.count("<h1>") == 1


def test_one_rule_as_json(client: TestClient) -> None:
    answer = client.get("/api/rules/bl4")
    assert answer.status_code == 200
    body = answer.json()
    assert body["id"] == "BL4" and body["section"] == "BL"
    assert body["title"] == rule("BL4").title
    assert body["text"] == rule("BL4").text
    assert body["url"] == "/rules#rule-bl4"
    assert client.get("/api/rules").json()["ids"] == list(rule_ids())


@pytest.mark.parametrize("bad", ["Z9", "B99", "H0", "bl", "%20", "rule-bl4"])
def test_unknown_rule_id_is_a_404_with_one_line(client: TestClient, bad: str) -> None:
    answer = client.get(f"/api/rules/{bad}")
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert "\n" not in error and "Traceback" not in error
    assert error.startswith("no rule ") and "rule ids look like" in error


def test_the_table_and_lobby_pages_include_the_linker(client: TestClient) -> None:
    made = client.post("/api/tables", json={"name": "Friday", "seats": 3}).json()
    tag = '<script src="/static/rulelinks.js"></script>'
    for path in ("/", f"/t/{made['id']}"):
        assert client.get(path).text.count(tag) == 1, path
    script = client.get("/static/rulelinks.js")
    assert script.status_code == 200 and "BragRuleLinks" in script.text


# -- the script's pattern, against bragkit.help.CITATION (Node) ------------------------------

RUNNER = """
globalThis.window = globalThis;
require(process.argv[process.argv.length - 1]);
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(texts.map((t) => [window.BragRuleLinks.citations(t),
  window.BragRuleLinks.ids(t), window.BragRuleLinks.split(t)])));
"""


def run_js(texts: list[str]) -> list[Any]:
    assert NODE is not None
    answer = subprocess.run([NODE, "-e", RUNNER, "--", str(SCRIPT)], input=json.dumps(texts),
                            capture_output=True, text=True, timeout=60, check=True)
    return list(json.loads(answer.stdout))


def python_citations(text: str) -> list[dict[str, str | None]]:
    return [{"first": m["first"], "last": m["last"]} for m in CITATION.finditer(text)]


EXAMPLES = [
    "Ann cannot see a blind player (rule BL4)",
    "<path d='M50 90 C22 68 T12 4 S3 3'/>",
    "deals (D3, D4); rules N1-N7 and R1–R3; see B6.",
    "colour #B8860B, HB6, B6x, B06, B100, TP3, T9 9, 9 T9, B6_, é B6é, ١B6",
    "half (BL1); (R2); H10-H2; B1-N3",
]


@needs_node
def test_the_script_finds_what_python_finds() -> None:
    answers = run_js(EXAMPLES)
    for text, (citations, ids, _) in zip(EXAMPLES, answers, strict=True):
        assert citations == python_citations(text), text
        assert tuple(ids) == find_ids(text), text
    first = answers[0][2]
    assert first == ["Ann cannot see a blind player (rule ", {"id": "BL4", "text": "BL4"}, ")"]
    assert answers[1][2] == [EXAMPLES[1]]  # the SVG path is left alone


_PIECES = st.sampled_from(["B6", "BL4", "TP3", "N1", "N7", "H10", "T9", "C22", "M50", "S3",
                           "B06", "X1", " ", " ", "-", "–", "#", "(", ")", ",", "_", "0", "9",
                           "90", "a", "é", "١", "rule ", "\n"])


@needs_node
@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(_PIECES, max_size=12).map("".join), min_size=20, max_size=20))
def test_the_script_agrees_with_python_on_any_text(texts: list[str]) -> None:
    # one Node run per example batch: 20 texts of pieces that meet at every kind of boundary
    for text, (citations, ids, parts) in zip(texts, run_js(texts), strict=True):
        assert citations == python_citations(text), text
        assert tuple(ids) == find_ids(text), text
        rebuilt = "".join(p if isinstance(p, str) else p["text"] for p in parts)
        assert rebuilt == text  # linking never changes the words shown


# -- the script in a page (chromium) -----------------------------------------------------------

PAGE = """<!doctype html><html><body>
<ol id="log"><li>Deal 1 · Ann deals</li></ol>
<div id="toast" role="alert"></div>
<button id="b">Fold (B5)</button>
<svg width="10" height="10"><path d="M50 90 C22 68"/><text>B6</text></svg>
</body></html>"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=["--no-sandbox", "--disable-gpu"])
        try:
            yield launched
        finally:
            launched.close()


def test_the_script_links_rule_ids_as_the_page_changes(browser: Any) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content(PAGE)
    page.add_script_tag(path=str(SCRIPT))
    page.evaluate("""() => {
        const li = document.createElement("li");
        li.textContent = "Cy cannot see a blind player (rule BL4)";
        document.getElementById("log").append(li);
        document.getElementById("toast").textContent = "Drawing M50 90 C22 68; deals D3-D4";
    }""")
    page.wait_for_selector("#log a.rule-link")
    link = page.query_selector("#log a.rule-link")
    assert link.get_attribute("href") == "/rules#rule-bl4"
    assert link.get_attribute("target") == "_blank"
    assert link.inner_text() == "BL4"
    assert page.inner_text("#log li:last-child") == "Cy cannot see a blind player (rule BL4)"
    page.wait_for_selector("#toast a.rule-link")
    toast = [(a.get_attribute("href"), a.inner_text())
             for a in page.query_selector_all("#toast a")]
    assert toast == [("/rules#rule-d3", "D3"), ("/rules#rule-d4", "D4")]
    assert page.inner_text("#toast") == "Drawing M50 90 C22 68; deals D3-D4"
    # a text node changed in place is linked too; a button and an SVG are left alone
    page.evaluate("""() => { document.querySelector("#log li").firstChild.nodeValue =
                             "Ann folds (B5)"; }""")
    page.wait_for_selector("#log li:first-child a[href='/rules#rule-b5']")
    assert page.query_selector_all("#b a, svg a") == []
    assert page.get_attribute("svg path", "d") == "M50 90 C22 68"
    assert errors == []
    page.close()


def test_rule_links_in_the_lobby_page(browser: Any) -> None:
    # the served lobby page runs the script without errors and links a rule id it is shown
    with TestClient(create_app(store=Store("sqlite://"), manage_gc=False)) as local:
        html = local.get("/").text
        script = local.get("/static/rulelinks.js").text
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content(re.sub(r"<script[^>]*></script>", "", html))
    page.add_script_tag(content=script)
    page.evaluate("""() => { document.getElementById("create-error").textContent =
                             "the ante is too large (rule M2)"; }""")
    page.wait_for_selector("#create-error a[href='/rules#rule-m2']")
    assert errors == []
    page.close()
