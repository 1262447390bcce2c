"""The developers' documentation site (mkdocs.yml) builds with warnings as errors, and shows what it
promises: the tutorial, the rule book with an anchor per rule, the record formats, the web protocol
and an API reference from the docstrings. Its pages' examples run as doctests (pyproject's
``--doctest-glob=docs/*.md``); this checks they are collected, too.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from bragkit import help as rulebook

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once by ``mkdocs build --strict`` into a temporary directory."""
    pytest.importorskip("mkdocstrings_handlers.python", reason="the docs extra of .[test]")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        # not --quiet: it hides warnings from --strict, which then passes whatever they say
        [sys.executable, "-m", "mkdocs", "build", "--strict",
         "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stderr[-4000:]}"
    assert "WARNING" not in done.stderr, done.stderr[-4000:]
    return out


def test_the_site_builds_strictly_with_every_page(site: Path) -> None:
    for page in ("index.html", "tutorial/index.html", "rules/index.html",
                 "hand-history/index.html", "web-protocol/index.html", "sessions/index.html",
                 "records-nine-card-crash/index.html", "records-historic-brag-poker/index.html",
                 "equilibrium/index.html", "api/index.html", "api/games/index.html",
                 "api/help/index.html", "bots/index.html"):
        assert (site / page).is_file(), page


def test_the_rule_book_page_has_an_anchor_for_every_rule(site: Path) -> None:
    html = (site / "rules" / "index.html").read_text(encoding="utf-8")
    for rule_id in rulebook.rule_ids():
        assert f'id="{rulebook.anchor(rule_id)}"' in html, rule_id
    assert 'id="hand-rankings"' in html


def test_the_api_reference_comes_from_the_docstrings(site: Path) -> None:
    html = (site / "api" / "help" / "index.html").read_text(encoding="utf-8")
    # the signature, the docstring's words, and its doctest shown as code, not as quotes
    assert "find_ids" in html and "in order of first citation" in html
    assert "language-pycon" in html and "<blockquote>" not in html
    # rule ids cited in docstrings link to their rules (MkDocs has checked every anchor)
    sessions = (site / "api" / "sessions" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../../rules/#rule-m4">M4</a>' in sessions
    games = (site / "api" / "games" / "index.html").read_text(encoding="utf-8")
    assert "GameInfo" in games and "legal_actions" in games


def _extension() -> ModuleType:
    pytest.importorskip("griffe", reason="the docs extra of .[test]")
    spec = importlib.util.spec_from_file_location("griffe_bragkit", DOCS / "griffe_bragkit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docstrings_become_markdown() -> None:
    markdown = _extension().markdown
    text = "Reads :func:`~bragkit.help.rule` and :class:`bragkit.Rules`::\n\n    x = 1\n" \
           "Then:\n>>> 1 + 1\n2\n\nafter"
    assert markdown(text).splitlines() == [
        "Reads `rule` and `bragkit.Rules`:", "", "    x = 1", "Then:", "", "```pycon",
        ">>> 1 + 1", "2", "```", "", "after"]
    # an indented doctest is fenced at its indent, and closed at the end of the text
    assert markdown("  >>> x\n  1").splitlines() == ["  ```pycon", "  >>> x", "  1", "  ```"]


def test_rst_tables_and_titled_roles_become_markdown() -> None:
    markdown = _extension().markdown
    table = "Kinds:\n\n====  =========\nkind  rule\n====  =========\nante  one\nbet   two, 3\n" \
            "====  =========\n\nafter"
    assert markdown(table).splitlines() == [
        "Kinds:", "", "", "| kind | rule |", "| --- | --- |", "| ante | one |", "| bet | two, 3 |",
        "", "", "after"]
    assert markdown("see :meth:`Rules.preset <bragkit.games.three_card.rules.Rules.preset>`") == \
        "see `Rules.preset`"


def test_rule_ids_link_to_the_rule_book_outside_code() -> None:
    markdown = _extension().markdown
    assert markdown("a see (rule B6); `B6` in code; rules R1–R3; Z9") == (
        "a see (rule [B6](../rules.md#rule-b6)); `B6` in code; "
        "rules [R1](../rules.md#rule-r1)–[R3](../rules.md#rule-r3); Z9")
    assert markdown(">>> f()\nerror (rule B6)") == "```pycon\n>>> f()\nerror (rule B6)\n```"
    assert markdown("    B6 in a literal block") == "    B6 in a literal block"
    assert markdown("the options of RULES.md and HAND-HISTORY.md") == (
        "the options of [the rule book](../rules.md) and "
        "[the `.bhh` format](../hand-history.md)")


def test_the_docs_pages_are_doctested_by_the_suite() -> None:
    # pytest's own configuration collects every docs page as a doctest (the README's command)
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    config = options["tool"]["pytest"]["ini_options"]
    assert "docs/*.md" in config["testpaths"]
    assert "docs/*.md" in re.findall(r"--doctest-glob=(\S+)", config["addopts"])
    pages = {page.name for page in DOCS.glob("*.md")}
    assert {"tutorial.md", "hand-history.md", "index.md"} <= pages
    assert ">>> " in (DOCS / "tutorial.md").read_text(encoding="utf-8")
