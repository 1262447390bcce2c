"""Three Card Brag and its family — four- and five-card Brag, wild cards, and the presets of its
rules (rules D, B, BL, M, R, F and W): one game of the registry, in its own package like every
other.

- :mod:`~bragkit.games.three_card.rules`: :class:`Rules`, the house rules, and their presets;
- :mod:`~bragkit.games.three_card.deal`: :class:`Deal`, one deal as a state machine on the one
  game base, owning its chips (:mod:`~bragkit.games.three_card.money`), the cards in front of
  each seat (:mod:`~bragkit.games.three_card.holdings`), the pack
  (:mod:`~bragkit.games.three_card.stock`), the betting round
  (:mod:`~bragkit.games.three_card.round`), its verifiers
  (:mod:`~bragkit.games.three_card.verify`) and menus (:mod:`~bragkit.games.three_card.menus`),
  its moves (:mod:`~bragkit.games.three_card.moves`), its settlement
  (:mod:`~bragkit.games.three_card.settle`) and its log (:mod:`~bragkit.games.three_card.log`,
  of the records of :mod:`~bragkit.games.three_card.operations`); views are folded from it
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

from bragkit.games.three_card.deal import VERBS, Deal
from bragkit.games.three_card.info import GAMES
from bragkit.games.three_card.rules import PRESETS, Rules

__all__ = ["GAMES", "PRESETS", "VERBS", "Deal", "Rules"]
