"""The web table: friends play Brag in their browsers (``bragkit serve``), any game of the
registry (:mod:`bragkit.games.registry`): the host picks it and its house rules from the
options the rules classes describe (:mod:`bragkit.games.options`, served by
:mod:`~bragkit.web.catalogue` as ``GET /api/games``).

- :mod:`bragkit.web.protocol` — the JSON messages over the WebSocket, version 1;
- :mod:`bragkit.web.room` — one table as a state machine over durable events, replayable;
  made of :mod:`~bragkit.web.seats` (who sits where), :mod:`~bragkit.web.driver` (the game's
  session and its deals), :mod:`~bragkit.web.archive`
  (records and when they are released), :mod:`~bragkit.web.settlement` (the ledger, the
  close); its commands are checked by :mod:`~bragkit.web.commands` and each viewer's state
  built by :mod:`~bragkit.web.state`, from :mod:`~bragkit.web.config` (a table's settings),
  :mod:`~bragkit.web.events` (events, viewers) and :mod:`~bragkit.web.secret` (tokens, shuffles);
- :mod:`bragkit.web.store` — the tables' settings, secrets and event logs in SQLAlchemy;
- :mod:`bragkit.web.tables` — the manager: the live rooms and their connections
  (:mod:`~bragkit.web.connection`), with :mod:`~bragkit.web.commit` (group commits) and
  :mod:`~bragkit.web.scheduler` (bots, turn timers, deals);
- :mod:`bragkit.web.app` — the Starlette app (HTTP routes, the WebSocket, the page), with
  the records' routes (:mod:`~bragkit.web.records_site`: a private table's for its players),
  the accounts (:mod:`~bragkit.web.account_site`) and the players' pages and leaderboards
  (:mod:`~bragkit.web.club_site`, :mod:`~bragkit.web.club_pages`, :mod:`~bragkit.web.chart`);
- :mod:`bragkit.web.history` — what the signed-in players played, kept as the tables finish
  their deals and rebuilt from the event logs; :mod:`~bragkit.web.ratings` (OpenSkill ratings
  of rated tables) and :mod:`~bragkit.web.profiles` (a player's page as its viewer may see it);
- :mod:`bragkit.web.svg` — card pictures as pure functions;
- ``static/`` — the page: plain HTML, CSS and JavaScript, no build step (``games.js`` draws
  the games beyond the three-card family).

The protocol is documented for people in ``docs/web-protocol.md``.

>>> from bragkit.web import card_svg, create_app
>>> card_svg("3s").startswith("<svg")
True
"""

from bragkit.web.app import create_app
from bragkit.web.svg import card_svg

__all__ = ["card_svg", "create_app"]
