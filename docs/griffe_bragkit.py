"""A griffe extension for the API reference: bragkit's docstrings, read as Markdown.

bragkit's docstrings are plain prose with cross-reference roles (``:func:`~bragkit.help.rule```),
``::`` literal blocks and doctests, which ``pytest --doctest-modules`` runs. Markdown would take a
doctest's ``>>>`` for nested quotes; this extension hands mkdocstrings each docstring with the
doctests fenced as ``pycon`` code, the roles as inline code (``~`` keeps the last name only),
``::`` as a plain colon, RST simple tables as Markdown tables, every rule id it cites
(:data:`bragkit.help.CITATION`) linked to its rule in the rule book, and the names RULES.md and
HAND-HISTORY.md linked to the project's rule book and ``.bhh`` document. It changes only what the
site shows, never the source.

tests/test_docs_site.py shows what it does.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

from bragkit.help import CITATION, rule_ids

#: The rule book, relative to an API page (``docs/api/NAME.md``); MkDocs checks links and anchors.
RULES_PAGE = "../rules.md"

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const):`(~?)([^`]+)`")


_TITLED = re.compile(r"(?P<title>.+?)\s*<(?P<target>[^>]+)>")
# A border of an RST simple table: runs of "=" separated by spaces.
_BORDER = re.compile(r"^\s*=+(?: +=+)+\s*$")


def _role(match: re.Match[str]) -> str:
    target = match[2].strip()
    titled = _TITLED.fullmatch(target)
    if titled:
        return f"`{titled['title']}`"
    return f"`{target.rsplit('.', 1)[-1] if match[1] else target}`"


def _link(match: re.Match[str]) -> str:
    """A rule citation linked to its rule (each end of a range to its own)."""
    known = rule_ids()
    first, last = match["first"], match["last"]
    out = f"[{first}]({RULES_PAGE}#rule-{first.lower()})" if first in known else first
    if last:
        out += match[0][len(first)] + (
            f"[{last}]({RULES_PAGE}#rule-{last.lower()})" if last in known else last)
    return out


# The contracts the docstrings name by the files they were first written in, and the project's
# own documents that hold them now.
_DOCUMENTS = {"RULES.md": f"[the rule book]({RULES_PAGE})",
              "HAND-HISTORY.md": "[the `.bhh` format](../hand-history.md)"}
_DOCUMENT = re.compile(r"\b(?:RULES|HAND-HISTORY)\.md\b")


def _text(part: str) -> str:
    return _DOCUMENT.sub(lambda m: _DOCUMENTS[m[0]], CITATION.sub(_link, part))


def _cite(line: str) -> str:
    """``line`` with the rule ids it cites linked, and the contracts it names linked to the
    project's documents, except inside code (spans, indented blocks)."""
    if line.startswith("    "):
        return line
    parts = line.split("`")
    return "`".join(part if k % 2 else _text(part) for k, part in enumerate(parts))


def _tables(lines: list[str]) -> list[str]:
    """RST simple tables (``===  ===`` borders, a header row, rows) as Markdown tables."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        border = lines[i]
        closing = [j for j in range(i + 2, len(lines)) if lines[j] == border]
        if not _BORDER.match(border) or len(closing) < 2 or lines[i + 2] != border:
            out.append(lines[i])
            i += 1
            continue
        spans = [m.span() for m in re.finditer(r"=+", border)]
        end = closing[1]

        def cells(row: str, spans: list[tuple[int, int]] = spans) -> str:
            parts = [row[a:(spans[k + 1][0] if k + 1 < len(spans) else len(row))].strip()
                     for k, (a, _) in enumerate(spans)]
            return "| " + " | ".join(part.replace("|", "\\|") for part in parts) + " |"

        out += ["", cells(lines[i + 1]), "|" + " --- |" * len(spans)]
        out += [cells(row) for row in lines[i + 3:end] if row.strip()]
        out.append("")
        i = end + 1
    return out


def markdown(text: str) -> str:
    """The docstring ``text`` as Markdown: doctests fenced, roles as code, ``::`` as ``:``."""
    out: list[str] = []
    fence: str | None = None  # the indent of the open doctest fence, if one is open
    for line in _tables(_ROLE.sub(_role, text).splitlines()):
        stripped = line.strip()
        indent = line[: len(line) - len(line.lstrip())]
        if fence is not None and not stripped:
            out.append(f"{fence}```")
            fence = None
        elif fence is None and stripped.startswith(">>>"):
            fence = indent
            if out and out[-1].strip():
                out.append("")  # Markdown opens a fence only after a blank line
            out.append(f"{fence}```pycon")
        elif fence is None and stripped.endswith("::"):
            line = line[:-2].rstrip() + ":" if stripped != "::" else ""
        out.append(line if fence is not None else _cite(line))
    if fence is not None:
        out.append(f"{fence}```")
    return "\n".join(out)


class BragkitDocstrings(griffe.Extension):
    """Rewrites every docstring of the loaded objects with :func:`markdown`."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
