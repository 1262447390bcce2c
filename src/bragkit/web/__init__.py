"""The web table: friends play Brag in their browsers (``bragkit serve``).

- :mod:`bragkit.web.protocol` — the JSON messages over the WebSocket, version 1;
- :mod:`bragkit.web.room` — one table as a state machine over durable events, replayable;
- :mod:`bragkit.web.store` — the tables' settings, secrets and event logs in SQLAlchemy;
- :mod:`bragkit.web.tables` — the manager: connections, group commits, bots, timers;
- :mod:`bragkit.web.app` — the Starlette app (HTTP routes, the WebSocket, the page);
- :mod:`bragkit.web.svg` — card pictures as pure functions;
- ``static/`` — the page: plain HTML, CSS and JavaScript, no build step.

The protocol is documented for people in ``docs/web-protocol.md``.

>>> from bragkit.web import card_svg, create_app
>>> card_svg("3s").startswith("<svg")
True
"""

from bragkit.web.app import create_app
from bragkit.web.svg import card_svg

__all__ = ["card_svg", "create_app"]
