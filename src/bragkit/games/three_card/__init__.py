"""Three Card Brag and its family — four- and five-card Brag, wild cards, and the presets of its
rules (rules D, B, BL, M, R, F and W): one game of the registry, in its own package like every
other.

- :mod:`~bragkit.games.three_card.rules`: :class:`Rules`, the house rules, and their presets;
- :mod:`~bragkit.games.three_card.deal`: :class:`Deal`, one deal as a state machine, with its
  verifiers (:mod:`~bragkit.games.three_card.verify`), moves, settlement, operation records
  (:mod:`~bragkit.games.three_card.operations`) and views
  (:mod:`~bragkit.games.three_card.views`);
- :mod:`~bragkit.games.three_card.dealing`: the session hook that plays deal after deal;
- :mod:`~bragkit.games.three_card.table`: :class:`~bragkit.games.three_card.table.Table`, a
  session of the family with its own words for a table of friends;
- :mod:`~bragkit.games.three_card.notation`, :mod:`~bragkit.games.three_card.replay` and
  :mod:`~bragkit.games.three_card.session_records`: its records (``.bhh`` and
  ``bhh-session/1``).

>>> import bragkit.games
>>> game = bragkit.games.new("three-card", players=["Ann", "Bob"], seed=2)
>>> type(game) is Deal, type(game.rules) is Rules
(True, True)
"""

from bragkit.games.three_card.deal import GAMES, VERBS, Deal
from bragkit.games.three_card.rules import PRESETS, Rules

__all__ = ["GAMES", "PRESETS", "VERBS", "Deal", "Rules"]
