"""The front page's list of open tables: :func:`public_tables`, from :func:`listing` (one
table's entry) and :func:`ordered` (the list's order and length).

A table is listed only if its host made it public (the ``public`` setting at creation), and
only while it is open (in the lobby, playing or paused): its id, name, game, status, and how
many seats are free. Where the list is kept (one process's rooms, or a cluster's directory in
Redis) is :mod:`bragkit.web.directory`'s.

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

__all__ = ["MAX_LISTED", "listing", "ordered", "public_tables"]

#: The most tables the list holds (lobbies first, then the most seats free).
MAX_LISTED: Final = 50
_OPEN: Final = ("lobby", "playing", "paused")


def listing(room: Room) -> dict[str, Any] | None:
    """A table's entry in the list, or None if it is not listed (not public, or not open)."""
    config = room.config
    if not config.public or room.status not in _OPEN:
        return None
    return {"id": room.table_id, "name": config.name, "game": config.game,
            "status": room.status, "seats": config.seats,
            "free": config.seats - len(room.seats)}


def ordered(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries as the list shows them: lobbies first, then by seats free, then by name (and
    id); at most :data:`MAX_LISTED`."""
    return sorted(entries, key=lambda entry: (entry["status"] != "lobby", -entry["free"],
                                              entry["name"], entry["id"]))[:MAX_LISTED]


def public_tables(rooms: Iterable[Room]) -> list[dict[str, Any]]:
    """The open public tables among ``rooms``, lobbies first, then by seats free."""
    return ordered(entry for room in rooms if (entry := listing(room)) is not None)
