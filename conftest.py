"""Pytest configuration shared by the test tree and the doctests of the package."""

collect_ignore = ["src/bragkit/__main__.py"]
