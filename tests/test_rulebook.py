"""The rule book shipped with bragkit (bragkit.help): every rule id the code cites is in it, every
game has its hand rankings, and the loader reads what the Markdown says.

A citation is what :data:`bragkit.help.CITATION` matches: a rule id (``B6``, ``BL4``, ``TP3``)
standing alone as a word, or a range of ids (``N1-N7``), not next to a number across a space (SVG
path data such as ``M50 90 C22 68`` is not a citation) nor after ``#`` (a colour).
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bragkit.games
from bragkit import help as rulebook
from bragkit.errors import BragError, RulesError

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "bragkit"
# Where the code cites rules: every Python module, and the web page's own scripts and HTML; and
# the documents that explain it: the README and the docs site's pages.
SOURCES = sorted([*PACKAGE.rglob("*.py"), *PACKAGE.glob("web/static/*.js"),
                  *PACKAGE.glob("web/static/*.html"), ROOT / "README.md",
                  *(ROOT / "docs").glob("*.md")])


def _citations() -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for path in SOURCES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for rule_id in rulebook.find_ids(line):
                cited.setdefault(rule_id, []).append(f"{path.relative_to(ROOT)}:{number}")
    return cited


def test_every_rule_id_the_code_cites_is_in_the_rule_book() -> None:
    cited = _citations()
    missing = {rule_id: places[:3] for rule_id, places in cited.items()
               if rule_id not in rulebook.rule_ids()}
    assert not missing, f"rule ids cited but missing from the rule book: {missing}"
    # the scan really reads the code: the code cites rules of nearly every section
    assert len(cited) > 60
    assert {"B6", "BL4", "D5", "R2", "N7", "C5", "S4", "P5", "T2", "W3", "F1", "M4"} <= set(cited)


@pytest.mark.parametrize(("text", "ids"), [
    ("a see costs twice the stake (rule B6)", ("B6",)),
    ("(half, BL1)", ("BL1",)),
    ("deals (D3, D4)", ("D3", "D4")),
    ("# rules N1-N7 and R1–R3", ("N1", "N2", "N3", "N4", "N5", "N6", "N7", "R1", "R2", "R3")),
    ("rule H10, then TP8.", ("H10", "TP8")),
    # not citations: SVG path data, colours, zero, lower case, longer words, numbers
    ('d="M50 90 C22 68 4 50 10 30 C15 12" d="M0 5 H10 M5 0 V10"', ()),
    ("color: #B8860B; (P0, k, 3); b6 xB6 B6x B100 BL0", ()),
])
def test_the_citation_pattern(text: str, ids: tuple[str, ...]) -> None:
    assert rulebook.find_ids(text) == ids


@given(st.sampled_from(rulebook.rule_ids()), st.text(alphabet="abcdefghij ,.;()", max_size=12))
def test_a_cited_id_is_found_in_any_wording(rule_id: str, words: str) -> None:
    # rule ids are found whatever the lower-case words around them, and each names its rule
    text = f"{words} (rule {rule_id}) {words}"
    assert rulebook.find_ids(text) == (rule_id,)
    assert rulebook.rule(rule_id.lower()).id == rule_id
    assert rulebook.anchor(rule_id) == f"rule-{rule_id.lower()}"


def test_every_rule_has_a_title_a_text_and_its_anchor_in_the_book() -> None:
    text = rulebook.document("rules")
    for rule_id in rulebook.rule_ids():
        rule = rulebook.rule(rule_id)
        assert rule.title and len(rule.text) > 40, rule_id
        assert rule_id.startswith(rule.section) and rule_id[len(rule.section):].isdigit()
        assert f'<a id="{rulebook.anchor(rule_id)}"></a>{rule_id} · ' in text
    # numbered from 1 without gaps in every section, and sections in the book's order
    for section in rulebook.sections():
        numbers = [int(r[len(section.letter):]) for r in section.rules]
        assert numbers == list(range(1, len(numbers) + 1)), section.letter
        assert f'<a id="section-{section.letter.lower()}"></a>{section.letter} · ' in text
    assert [s.letter for s in rulebook.sections()] == [
        "H", "W", "D", "B", "BL", "M", "R", "F", "N", "C", "S", "P", "TP", "T"]


def test_rule_texts_quote_what_the_book_says() -> None:
    assert "twice the stake" in rulebook.rule("B6").text
    assert "3c 3d 3h" in rulebook.rule("H3").text
    assert rulebook.rule("N7").section == "N"
    assert rulebook.section("S").text.startswith("The game as an old book")
    # a rule's text stops at the next rule
    assert "B7" not in rulebook.rule("B6").title and "Doubling" not in rulebook.rule("B6").text


@pytest.mark.parametrize("bad", ["Z9", "B99", "", "B", "rule B6"])
def test_an_unknown_rule_is_one_clear_error(bad: str) -> None:
    with pytest.raises(rulebook.UnknownRuleError, match=r"^no rule .* in the rule book"):
        rulebook.rule(bad)
    assert issubclass(rulebook.UnknownRuleError, BragError)


def test_unknown_sections_and_documents_are_refused() -> None:
    with pytest.raises(rulebook.UnknownRuleError, match="sections: H, W, D"):
        rulebook.section("Q")
    with pytest.raises(rulebook.UnknownRuleError, match="known: rules, hand-history"):
        rulebook.document("../pyproject.toml")


def test_every_game_of_the_registry_has_its_hand_rankings() -> None:
    for info in bragkit.games.games():
        for name in (info.name, *info.aliases, *info.presets):
            card = rulebook.rankings(name)
            title, _, body = card.partition("\n\n")
            assert title and len(body) > 40 and rulebook.find_ids(body), name
    assert rulebook.rankings("brag") == rulebook.rankings("three-card")
    assert rulebook.rankings("teen-patti").startswith("Teen Patti\n")
    assert "trail" in rulebook.rankings("teen-patti")
    assert "four of a kind" in rulebook.rankings("crash-brag")
    assert "pair royal" in rulebook.rankings("three-stake")
    assert rulebook.rankings("four-card") == rulebook.rankings("five-card")
    with pytest.raises(RulesError, match="unknown game 'go fish'"):
        rulebook.rankings("go fish")


def test_every_game_names_the_sections_it_is_played_under() -> None:
    for info in bragkit.games.games():
        for name in (info.name, *info.aliases, *info.presets):
            letters = [s.letter for s in rulebook.game_sections(name)]
            assert "T" in letters and len(letters) == len(set(letters)), name
            # the rules the registry's summary cites are in the game's sections
            for rule_id in rulebook.find_ids(info.summary):
                assert rulebook.rule(rule_id).section in letters, (name, rule_id)
    assert [s.letter for s in rulebook.game_sections("crash")] == ["C", "H", "T"]
    assert "F" in [s.letter for s in rulebook.game_sections("five-card")]
    assert "F" not in [s.letter for s in rulebook.game_sections("brag")]
    assert "TP" in [s.letter for s in rulebook.game_sections("teen-patti")]
    with pytest.raises(RulesError, match="unknown game"):
        rulebook.game_sections("snap")


def test_every_option_of_every_game_is_a_house_rule_of_the_book() -> None:
    book = rulebook.document("rules")
    for info in bragkit.games.games():
        for field in dataclasses.fields(info.rules):
            if field.init and field.name != "cards":  # cards: the four-/five-card presets (F)
                assert re.search(rf"`{field.name}\b", book), (info.name, field.name)


def test_the_documents_ship_in_the_package_and_the_docs_are_the_same_files() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "help/*.md" in config["tool"]["setuptools"]["package-data"]["bragkit"]
    for name, file in rulebook.DOCUMENTS.items():
        shipped = PACKAGE / "help" / file
        assert (ROOT / "docs" / file).resolve() == shipped.resolve(), name
        assert rulebook.document(name) == shipped.read_text(encoding="utf-8")


def test_the_record_format_document_cites_only_rules_of_the_book() -> None:
    text = rulebook.document("hand-history")
    cited = rulebook.find_ids(text)
    assert {"BL1", "BL4", "B8", "R2", "D5"} <= set(cited)
    assert set(cited) <= set(rulebook.rule_ids())
    # every verb of the three-card game is documented
    from bragkit.games.three_card.deal import VERBS
    for verb in VERBS:
        assert re.search(rf"`(Ann )?{verb.value}\b", text), verb
