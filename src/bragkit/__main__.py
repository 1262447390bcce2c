"""``python -m bragkit`` runs the ``bragkit`` command."""

from bragkit.cli import main

main()
