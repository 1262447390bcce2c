"""What every browser test of the web table shares: Debian's chromium (the tests skip, with one
reason, where it is missing) and how it is launched; the ``server`` and ``browser`` fixtures are
in ``conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: A browser test module's ``pytestmark``.
NEEDS_CHROMIUM = [
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="browser tests need Debian's chromium at /usr/bin/chromium "
                              "(apt-get install chromium; scripts/test installs it)"),
]
