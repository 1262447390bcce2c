"""Pytest configuration shared by the test tree and the doctests of the package."""

import sys
from pathlib import Path

# Shared test helpers (tests/strategies.py) import by name from every folder of the tree.
sys.path.insert(0, str(Path(__file__).parent / "tests"))

collect_ignore = ["src/bragkit/__main__.py"]
