"""The rule book on the web: ``GET /rules`` (the rule book), ``GET /rules/hand-history`` (the
``.bhh`` record format) and ``GET /api/rules/{id}`` (one rule as JSON).

The pages are rendered once from the package's own Markdown (:mod:`bragkit.help`) with
markdown-it, in the site's style (``static/style.css`` and ``static/rules.css``), each with a
table of contents. Every rule has an anchor, ``/rules#rule-bl4`` (:func:`bragkit.help.anchor`),
and every rule id the pages cite (:data:`bragkit.help.CITATION`) links to its rule. The table
and lobby pages link the ids they show with ``static/rulelinks.js``.

>>> from starlette.applications import Starlette
>>> from starlette.testclient import TestClient
>>> client = TestClient(Starlette(routes=ROUTES))
>>> page = client.get("/rules").text
>>> '<h3 id="rule-bl4">' in page, 'href="#rule-w1"' in page
(True, True)
>>> client.get("/api/rules/bl4").json()["url"]
'/rules#rule-bl4'
>>> client.get("/api/rules/Z9").json()
{'error': "no rule 'Z9' in the rule book (rule ids look like B6, BL4, TP3)"}
"""

from __future__ import annotations

import functools
import html
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from bragkit.help import CITATION, UnknownRuleError, anchor, document, rule, rule_ids, section

__all__ = ["PAGES", "ROUTES", "page_html", "rule_json", "rule_link"]

#: The pages of the rule book: their path on the site, by document (:data:`bragkit.help.DOCUMENTS`).
PAGES: Final = {"rules": "/rules", "hand-history": "/rules/hand-history"}
_LABELS: Final = {"rules": "Rule book", "hand-history": "Hand histories (.bhh)"}
_ANCHOR_HTML: Final = re.compile(r'<a id="(?P<id>[^"]+)"></a>')
_CACHE: Final = {"cache-control": "public, max-age=300"}


@dataclass(frozen=True, kw_only=True)
class _Heading:
    level: int
    id: str
    title: str  # HTML


def rule_link(rule_id: str, *, page: str = "") -> str | None:
    """The link to the rule ``rule_id`` from ``page`` (``""``: the rule book itself, else the
    path of the rule book), or ``None`` if the book has no such rule (rule ids are cited as in
    rule N7).

    >>> rule_link("BL4"), rule_link("bl4", page="/rules"), rule_link("Z9")
    ('#rule-bl4', '/rules#rule-bl4', None)
    """
    try:
        return f"{page}#{anchor(rule_id)}"
    except UnknownRuleError:
        return None


def _linked(text: str, page: str) -> str:
    """``text`` as HTML, every rule id it cites (and the book has) a link to its rule."""
    out: list[str] = []
    done = 0
    for match in CITATION.finditer(text):
        for group in ("first", "last"):
            start, end = match.span(group)
            if start < 0:
                continue
            href = rule_link(match[group], page=page)
            if href is None:
                continue
            out.append(html.escape(text[done:start], quote=False))
            out.append(f'<a class="rule-link" href="{href}">{match[group]}</a>')
            done = end
    out.append(html.escape(text[done:], quote=False))
    return "".join(out)


def _in_link(tokens: Sequence[Token], idx: int) -> bool:
    depth = 0
    for token in tokens[:idx]:
        depth += {"link_open": 1, "link_close": -1}.get(token.type, 0)
    return depth > 0


def _local_href(href: str) -> str | None:
    """Where a link of the Markdown goes on the site: the two documents are pages of it; other
    documents of the repository are not served (``None``: the link is dropped, its text kept)."""
    if href.startswith(("#", "http://", "https://", "/")):
        return href
    name, _, fragment = href.partition("#")
    for doc, path in PAGES.items():
        if name == f"{doc}.md":
            return path + (f"#{fragment}" if fragment else "")
    return None


def _markdown(page: str) -> MarkdownIt:
    """A markdown-it of the documents (trusted: the package's own files, raw HTML allowed for
    their anchors) that links rule ids to ``page``'s rule book."""
    md = MarkdownIt("commonmark", {"html": True}).enable("table")

    def text(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict,
             env: EnvType) -> str:
        content = tokens[idx].content
        if _in_link(tokens, idx):
            return html.escape(content, quote=False)
        return _linked(content, page)

    def code_inline(self: RendererHTML, tokens: Sequence[Token], idx: int,
                    options: OptionsDict, env: EnvType) -> str:
        content = tokens[idx].content
        href = None if _in_link(tokens, idx) else rule_link(content, page=page)
        code = f"<code>{html.escape(content, quote=False)}</code>"
        if href is None or CITATION.fullmatch(content) is None:
            return code
        return f'<a class="rule-link" href="{href}">{code}</a>'

    def link_open(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict,
                  env: EnvType) -> str:
        token = tokens[idx]
        href = _local_href(str(token.attrGet("href") or ""))
        if href is None:
            env["dropped"] = True
            return ""
        token.attrSet("href", href)
        return self.renderToken(tokens, idx, options, env)

    def link_close(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict,
                   env: EnvType) -> str:
        if env.pop("dropped", False):
            return ""
        return self.renderToken(tokens, idx, options, env)

    md.add_render_rule("text", text)
    md.add_render_rule("code_inline", code_inline)
    md.add_render_rule("link_open", link_open)
    md.add_render_rule("link_close", link_close)
    return md


def _slug(title: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


def _headings(tokens: list[Token]) -> list[_Heading]:
    """Give every heading of level 2 and 3 an ``id`` (the document's own anchor, or a slug of
    its title) and drop the empty anchor elements; the headings, for the table of contents."""
    found: list[_Heading] = []
    taken: set[str] = set()
    for opening, inline in itertools.pairwise(tokens):
        if opening.type != "heading_open" or opening.tag not in ("h2", "h3"):
            continue
        children = inline.children or []
        # the document's anchor, '<a id="rule-bl4"></a>', is two inline HTML tokens: drop both
        raw = "".join(c.content for c in children if c.type == "html_inline")
        anchors = [m["id"] for m in _ANCHOR_HTML.finditer(raw)]
        inline.children = [c for c in children if c.type != "html_inline"]
        plain = "".join(c.content for c in inline.children if c.type in ("text", "code_inline"))
        ident = anchors[0] if anchors else _slug(plain, taken)
        taken.add(ident)
        opening.attrSet("id", ident)
        title = "".join(html.escape(c.content, quote=False) if c.type == "text"
                        else f"<code>{html.escape(c.content, quote=False)}</code>"
                        if c.type == "code_inline" else "" for c in inline.children)
        found.append(_Heading(level=int(opening.tag[1]), id=ident, title=title))
    return found


def _toc(headings: list[_Heading]) -> str:
    """The table of contents: the sections, each with its rules (or sub-headings)."""
    out = ['<nav class="toc" aria-label="Contents"><h2>Contents</h2><ol>']
    open_sub = False
    for heading in headings:
        link = f'<a href="#{heading.id}">{heading.title}</a>'
        if heading.level == 2:
            if open_sub:
                out.append("</ol></li>")
                open_sub = False
            out.append(f"<li>{link}")
            out.append("<ol>")
            open_sub = True
        else:
            out.append(f"<li>{link}</li>")
    if open_sub:
        out.append("</ol></li>")
    out.append("</ol></nav>")
    # a section without sub-headings gets no empty list
    return "".join(out).replace("<ol></ol>", "")


@functools.cache
def page_html(name: str) -> str:
    """The whole HTML page of the document ``name`` (``"rules"`` or ``"hand-history"``),
    rendered once.

    >>> "rule-tp3" in page_html("rules"), "/rules#rule-b2" in page_html("hand-history")
    (True, True)
    """
    source = document(name)
    base = "" if name == "rules" else PAGES["rules"]
    md = _markdown(base)
    tokens = md.parse(source)
    headings = _headings(tokens)
    title = ""
    if tokens and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        title = "".join(c.content for c in (tokens[1].children or []))
    body = md.renderer.render(tokens, md.options, {})
    current = ' aria-current="page"'
    nav = "".join(f'<a href="{path}"{current if doc == name else ""}>{_LABELS[doc]}</a>'
                  for doc, path in PAGES.items())
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>bragkit · {html.escape(title)}</title>
  <link rel="stylesheet" href="/static/style.css">
  <link rel="stylesheet" href="/static/rules.css">
  <link rel="icon" href="/cards/As.svg" type="image/svg+xml">
</head>
<body>
  <header class="bar">
    <a class="brand" href="/">brag<span>kit</span></a>
    <nav class="doc-nav">{nav}</nav>
  </header>
  <main class="rulebook">
    {_toc(headings)}
    <article class="doc">
{body}    </article>
  </main>
</body>
</html>
"""


def rule_json(rule_id: str) -> dict[str, Any]:
    """One rule as the API answers it: id, title, section, its Markdown text and its URL.

    >>> answer = rule_json("n7")
    >>> answer["id"], answer["section"], answer["section_title"], answer["url"]
    ('N7', 'N', 'Nine Card Brag', '/rules#rule-n7')
    """
    found = rule(rule_id)
    return {"id": found.id, "title": found.title, "section": found.section,
            "section_title": section(found.section).title, "text": found.text,
            "url": f"{PAGES['rules']}#{anchor(found.id)}"}


async def _rules(request: Request) -> Response:
    return HTMLResponse(page_html("rules"), headers=_CACHE)


async def _hand_history(request: Request) -> Response:
    return HTMLResponse(page_html("hand-history"), headers=_CACHE)


async def _rule(request: Request) -> Response:
    try:
        return JSONResponse(rule_json(request.path_params["rule_id"]))
    except UnknownRuleError as error:
        return JSONResponse({"error": str(error)}, status_code=404)


async def _ids(request: Request) -> Response:
    return JSONResponse({"ids": list(rule_ids())})


#: The routes of the rule book, for the app's route list.
ROUTES: Final = (
    Route(PAGES["rules"], _rules, name="rules"),
    Route(PAGES["hand-history"], _hand_history, name="hand_history"),
    Route("/api/rules", _ids),
    Route("/api/rules/{rule_id}", _rule),
)
