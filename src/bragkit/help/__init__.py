"""bragkit's own rule book and record format, shipped in the package: :func:`rule` and more.

The rule book (``rules.md``) and the ``.bhh`` record format (``hand-history.md``) are Markdown
files of this package, so that the terminal and the web can show them wherever bragkit is
installed; ``docs/rules.md`` and ``docs/hand-history.md`` in the repository are the same files.
This module reads them: every rule by its id, every section by its letter, the hand rankings of
every registered game and the sections it is played under, and the rule ids a text cites.

>>> r = rule("bl4")
>>> r.id, r.section, r.title
('BL4', 'BL', 'Seeing and blind players')
>>> "can't see a blind man" in r.text
True
>>> anchor("BL4")
'rule-bl4'
>>> rule_ids()[:3], len(rule_ids())
(('H1', 'H2', 'H3'), 84)
>>> section("N").title, section("N").rules[-1]
('Nine Card Brag', 'N7')
>>> find_ids("Cy cannot see a blind player (rule BL4); deals (D3, D4); rules N1-N7")
('BL4', 'D3', 'D4', 'N1', 'N2', 'N3', 'N4', 'N5', 'N6', 'N7')
>>> print(rankings("brag").splitlines()[0])
Three Card Brag
>>> rule("Z9")
Traceback (most recent call last):
...
bragkit.help.UnknownRuleError: no rule 'Z9' in the rule book (rule ids look like B6, BL4, TP3)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from typing import Final

from bragkit.errors import BragError

__all__ = [
    "CITATION",
    "DOCUMENTS",
    "Rule",
    "Section",
    "UnknownRuleError",
    "anchor",
    "document",
    "find_ids",
    "game_sections",
    "rankings",
    "rule",
    "rule_ids",
    "section",
    "sections",
]

#: The documents of this package, by name: the rule book and the ``.bhh`` record format.
DOCUMENTS: Final = {"rules": "rules.md", "hand-history": "hand-history.md"}

# A rule id: a section's letters and a number from 1 to 99 (B6, BL4, TP3, H10).
_ID: Final = r"(?:TP|BL|[HWDBMRFNCSPT])[1-9][0-9]?"

#: How a text cites a rule: a rule id (``B6``, ``BL4``, ``TP3``: a section's letters in capitals,
#: then a number from 1 to 99 without a leading zero) standing alone as a word, optionally followed
#: by a range to another id of the same section (``N1-N7``, ``N1–N7``). A token next to a
#: number across a space is not a citation: that is drawing data (``M50 90 C22 68``), not a rule.
#: ``#`` before the id (a colour, ``#B8860B``) also excludes it. Use :func:`find_ids` to read it.
CITATION: Final = re.compile(
    rf"(?<![\w#])(?<![0-9] )(?P<first>{_ID})(?:[-–](?P<last>{_ID}))?(?!\w)(?! ?[0-9])"
)

_SECTION_HEADING: Final = re.compile(
    r'^## <a id="section-[a-z]+"></a>(?P<letter>[A-Z]{1,2}) · (?P<title>.+)$'
)
_RULE_HEADING: Final = re.compile(
    r'^### <a id="rule-[a-z0-9]+"></a>(?P<id>[A-Z]{1,2}[0-9]{1,2}) · (?P<title>.+)$'
)
_RANKINGS_ANCHOR: Final = re.compile(r'<a id="rankings-(?P<name>[a-z0-9-]+)"></a>')
_ANY_ANCHOR: Final = re.compile(r'<a id="[^"]*"></a>')
# A rankings card's line naming the sections of its game: "Rules: [H](#section-h), [T](#section-t)."
_GAME_SECTIONS: Final = re.compile(r"\[(?P<letter>[A-Z]{1,2})\]\(#section-[a-z]+\)")


class UnknownRuleError(BragError, LookupError):
    """A rule id, section letter or document the rule book does not have."""


@dataclass(frozen=True, kw_only=True)
class Rule:
    """One rule of the book: its ``id`` (``"BL4"``), ``title``, ``text`` (Markdown) and the
    letters of its ``section`` (``"BL"``)."""

    id: str
    title: str
    text: str
    section: str


@dataclass(frozen=True, kw_only=True)
class Section:
    """One section of the rule book: its ``letter`` (``"BL"``), ``title``, the ``text`` before
    its first rule (often empty) and the ids of its ``rules`` in order."""

    letter: str
    title: str
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class _Book:
    rules: dict[str, Rule]
    sections: dict[str, Section]
    rankings: dict[str, str]
    game_sections: dict[str, tuple[str, ...]]


def document(name: str) -> str:
    """The Markdown text of one of :data:`DOCUMENTS` (``"rules"`` or ``"hand-history"``).

    >>> document("rules").splitlines()[0]
    '# The bragkit rule book'
    >>> document("hand-history").splitlines()[0]
    '# The Brag hand history: `.bhh` records'
    """
    if name not in DOCUMENTS:
        raise UnknownRuleError(f"no document {name!r} (known: {', '.join(DOCUMENTS)})")
    return resources.files(__package__).joinpath(DOCUMENTS[name]).read_text(encoding="utf-8")


def _body(lines: list[str]) -> str:
    return "\n".join(lines).strip()


@functools.cache
def _book() -> _Book:
    rules: dict[str, Rule] = {}
    sections: dict[str, Section] = {}
    rankings: dict[str, str] = {}
    game_sections: dict[str, tuple[str, ...]] = {}
    # What the lines being read belong to: a section's intro, a rule, a rankings card, or nothing.
    letter = ""
    section_title = ""
    intro: list[str] = []
    current: tuple[str, str] | None = None  # (kind, key)
    lines: list[str] = []
    titles: dict[str, str] = {}
    names: dict[str, tuple[str, ...]] = {}

    def close() -> None:
        if current is None:
            return
        kind, key = current
        if kind == "rule":
            rules[key] = Rule(id=key, title=titles[key], text=_body(lines), section=letter)
        else:
            text = f"{titles[key]}\n\n{_body(lines)}"
            letters = next((tuple(m["letter"] for m in _GAME_SECTIONS.finditer(line))
                            for line in lines if line.startswith("Rules: ")), ())
            for name in names[key]:
                rankings[name] = text
                game_sections[name] = letters

    def close_section() -> None:
        if letter:
            ids = tuple(r.id for r in rules.values() if r.section == letter)
            sections[letter] = Section(letter=letter, title=section_title, text=_body(intro),
                                       rules=ids)

    for line in document("rules").splitlines():
        if line.startswith("## "):
            close()
            close_section()
            current, lines, intro = None, [], []
            found = _SECTION_HEADING.match(line)
            letter, section_title = (found["letter"], found["title"]) if found else ("", "")
        elif line.startswith("### "):
            close()
            lines = []
            heading = _RULE_HEADING.match(line)
            ranked = tuple(m["name"] for m in _RANKINGS_ANCHOR.finditer(line))
            if heading and letter:
                current = ("rule", heading["id"])
                titles[heading["id"]] = heading["title"]
            elif ranked:
                key = ranked[0]
                current = ("rankings", key)
                titles[key] = _ANY_ANCHOR.sub("", line[4:]).strip()
                names[key] = ranked
            else:
                current = None
        elif current is not None:
            lines.append(line)
        elif letter:
            intro.append(line)
    close()
    close_section()
    return _Book(rules=rules, sections=sections, rankings=rankings, game_sections=game_sections)


def rule(rule_id: str) -> Rule:
    """The rule ``rule_id`` (any case: ``"bl4"`` is ``BL4``).

    >>> rule("B6").title
    'Seeing'
    """
    key = rule_id.strip().upper() if isinstance(rule_id, str) else ""
    found = _book().rules.get(key)
    if found is None:
        raise UnknownRuleError(f"no rule {rule_id!r} in the rule book "
                               "(rule ids look like B6, BL4, TP3)")
    return found


def rule_ids() -> tuple[str, ...]:
    """Every rule id of the book, in the book's order."""
    return tuple(_book().rules)


def sections() -> tuple[Section, ...]:
    """Every section of the book, in order.

    >>> " ".join(s.letter for s in sections())
    'H W D B BL M R F N C S P TP T'
    """
    return tuple(_book().sections.values())


def section(letter: str) -> Section:
    """The section whose id letters are ``letter`` (any case).

    >>> section("bl").rules
    ('BL1', 'BL2', 'BL3', 'BL4', 'BL5', 'BL6')
    """
    key = letter.strip().upper() if isinstance(letter, str) else ""
    found = _book().sections.get(key)
    if found is None:
        known = ", ".join(_book().sections)
        raise UnknownRuleError(f"no section {letter!r} in the rule book (sections: {known})")
    return found


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule in the rendered rule book (``rules.md#rule-bl4``): stable, the
    id in lower case after ``rule-``. The rule must exist.

    >>> anchor("TP3")
    'rule-tp3'
    """
    return f"rule-{rule(rule_id).id.lower()}"


def rankings(game: str) -> str:
    """The hand rankings of ``game`` as Markdown, its title on the first line: any name the game
    registry knows (:func:`bragkit.games.find`: a game, an alias or a preset). A preset with its
    own card in the book (``teen-patti``, ``four-card``) gets that card, any other name its game's.

    >>> print(rankings("teen-patti").splitlines()[0])
    Teen Patti
    >>> "four of a kind" in rankings("crash")
    True
    >>> rankings("go fish")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: unknown game 'go fish' (known: three-card...)
    """
    return _book().rankings[_card(game)]


def game_sections(game: str) -> tuple[Section, ...]:
    """The sections of the rule book that ``game`` is played under (any name the registry knows,
    as for :func:`rankings`): what a player of that game needs to read.

    >>> [s.letter for s in game_sections("nine-card")]
    ['N', 'T']
    >>> [s.letter for s in game_sections("four-card")]
    ['H', 'W', 'D', 'B', 'BL', 'M', 'R', 'F', 'T']
    """
    return tuple(section(letter) for letter in _book().game_sections[_card(game)])


def _card(game: str) -> str:
    """The name of the rankings card of ``game``: its own (a preset's) or its registry game's."""
    from bragkit.games import find  # the registry imports every game: only when asked

    info = find(game)
    cards = _book().rankings
    for name in (game.strip().lower(), info.name):
        if name in cards:
            return name
    raise UnknownRuleError(f"the rule book has no hand rankings for {info.name!r}")


def find_ids(text: str) -> tuple[str, ...]:
    """The rule ids ``text`` cites (see :data:`CITATION`), each once, in order of first citation;
    a range (``N1-N7``) gives every id from its first to its last.

    >>> find_ids("a see (B6, BL4); rules R1–R3; the SVG path M50 90 C22 68 cites nothing")
    ('B6', 'BL4', 'R1', 'R2', 'R3')
    """
    found: dict[str, None] = {}
    for match in CITATION.finditer(text):
        first, last = match["first"], match["last"]
        prefix = first.rstrip("0123456789")
        if last and last.rstrip("0123456789") == prefix:
            start, stop = int(first[len(prefix):]), int(last[len(prefix):])
            for number in range(start, max(start, stop) + 1):
                found.setdefault(f"{prefix}{number}")
        else:
            found.setdefault(first)
            if last:
                found.setdefault(last)
    return tuple(found)
