"""The front page's list of open tables: :func:`public_tables`.

A table is listed only if its host made it public (the ``public`` setting at creation), and
only while it is open (in the lobby, playing or paused): its id, name, game, status, and how
many seats are free.

>>> from bragkit.web.room import Room, TableConfig
>>> shown = Room(table_id="t1", config=TableConfig(public=True, seats=4), secret=bytes(32),
...              host_hash="h")
>>> hidden = Room(table_id="t2", config=TableConfig(), secret=bytes(32), host_hash="h")
>>> public_tables([shown, hidden])
[{'id': 't1', 'name': 'Brag table', 'game': 'three-card', 'status': 'lobby', 'seats': 4, 'free': 4}]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from bragkit.web.room import Room

__all__ = ["MAX_LISTED", "public_tables"]

#: The most tables the list holds (lobbies first, then the most seats free).
MAX_LISTED: Final = 50
_OPEN: Final = ("lobby", "playing", "paused")


def public_tables(rooms: Iterable[Room]) -> list[dict[str, Any]]:
    """The open public tables among ``rooms``, lobbies first, then by seats free."""
    listed: list[tuple[tuple[bool, int, str], dict[str, Any]]] = []
    for room in rooms:
        config = room.config
        if not config.public or room.status not in _OPEN:
            continue
        free = config.seats - len(room.seats)
        listed.append(((room.status != "lobby", -free, config.name), {
            "id": room.table_id, "name": config.name, "game": config.game,
            "status": room.status, "seats": config.seats, "free": free}))
    listed.sort(key=lambda pair: pair[0])
    return [table for _, table in listed[:MAX_LISTED]]
