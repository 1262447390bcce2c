"""A griffe extension for the API reference: bragkit's docstrings, read as Markdown.

bragkit's docstrings are plain prose with cross-reference roles (``:func:`~bragkit.help.rule```),
``::`` literal blocks and doctests, which ``pytest --doctest-modules`` runs. Markdown would take a
doctest's ``>>>`` for nested quotes; this extension hands mkdocstrings each docstring with the
doctests fenced as ``pycon`` code, the roles as inline code (``~`` keeps the last name only) and
``::`` as a plain colon. It changes only what the site shows, never the source.

tests/test_docs_site.py shows what it does.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const):`(~?)([^`]+)`")


def _role(match: re.Match[str]) -> str:
    target = match[2].strip()
    return f"`{target.rsplit('.', 1)[-1] if match[1] else target}`"


def markdown(text: str) -> str:
    """The docstring ``text`` as Markdown: doctests fenced, roles as code, ``::`` as ``:``."""
    out: list[str] = []
    fence: str | None = None  # the indent of the open doctest fence, if one is open
    for line in _ROLE.sub(_role, text).splitlines():
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
        out.append(line)
    if fence is not None:
        out.append(f"{fence}```")
    return "\n".join(out)


class BragkitDocstrings(griffe.Extension):
    """Rewrites every docstring of the loaded objects with :func:`markdown`."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
