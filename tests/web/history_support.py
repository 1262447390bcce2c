"""Tables played to the end for the history and ratings tests: :class:`Club` seats players
(signed-in ones under their account's number, as the server records them), starts, plays
random legal moves deal after deal and closes, every event through the table manager's write
path (so the history is kept as the server keeps it)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bragkit.web.accounts import Accounts, Passwords
from bragkit.web.history import History
from bragkit.web.room import Room, Viewer
from bragkit.web.store import Store
from bragkit.web.tables import TableManager

from .support import random_event, token

FAST = {"deal_pause": 0, "bot_delay": 0}
SECRET = "a long secret for the club"


@dataclass
class Club:
    """A server's tables without its HTTP side: its manager, history and accounts."""

    manager: TableManager
    accounts: Accounts
    history: History
    ids: dict[str, int] = field(default_factory=dict)
    hosts: dict[str, str] = field(default_factory=dict)  # each table's host token

    @classmethod
    def on(cls, store: Store) -> Club:
        """A club on ``store``: a table manager whose history listens to its commits."""
        manager = TableManager(store, defaults=FAST)
        history = History(manager.store, rooms=manager.rooms)
        manager.commits.listeners.append(history.stored)
        return cls(manager=manager, history=history,
                   accounts=Accounts(manager.store.engine, passwords=Passwords.fast_for_tests()))

    @classmethod
    def of(cls, app: Any) -> Club:
        """The club of a web app (its manager and history)."""
        manager = app.state.manager
        return cls(manager=manager, history=app.state.history,
                   accounts=Accounts(manager.store.engine, passwords=Passwords.fast_for_tests()))

    def sign_up(self, *names: str) -> None:
        for name in names:
            self.ids[name] = self.accounts.sign_up(name, SECRET).id

    def commit(self, room: Room, event: Any) -> None:
        self.manager.commit(room, event)
        self.manager.flush()

    def table(self, settings: Mapping[str, Any], players: list[str]) -> Room:
        """A table created with ``settings``, ``players`` seated in order (those with an
        account under it), started."""
        table_id, self.hosts[table_id] = self.manager.create_table(settings)
        room = self.manager.rooms[table_id]
        for seat, name in enumerate(players):
            self.commit(room, room.sit(Viewer(), seat=seat, name=name, token=token(name),
                                       id=f"s{seat}", account=self.ids.get(name)))
        self.commit(room, room.host_op(Viewer(host=True), op="start", id="go"))
        return room

    def play(self, room: Room, deals: int, *, seed: int) -> None:
        """Random legal moves until ``deals`` deals are over."""
        rng = random.Random(seed)
        assert room.table is not None
        while room.table.deal_number < deals or room.in_deal:
            event = random_event(room, rng, topups=False)
            if event is not None:
                self.commit(room, event)

    def close(self, room: Room, *, seed: int = 0) -> None:
        """The host closes the table (a deal in progress is played out first)."""
        self.commit(room, room.host_op(Viewer(host=True), op="close", id="end"))
        rng = random.Random(seed)
        while room.status != "closed":
            event = random_event(room, rng, topups=False)
            if event is not None:
                self.commit(room, event)

    def session(self, settings: Mapping[str, Any], players: list[str], deals: int, *,
                seed: int) -> Room:
        """A whole session: seated, played, closed."""
        room = self.table(settings, players)
        self.play(room, deals, seed=seed)
        self.close(room, seed=seed)
        return room


def nets(room: Room) -> dict[str, int]:
    """Every player's net at the table (the ledger's)."""
    assert room.table is not None
    return room.table.ledger.nets()


def deals_of(room: Room) -> Iterator[tuple[int, Mapping[str, int]]]:
    """Each finished deal's number and its players' nets."""
    for finished in room.archive.played():
        yield finished.number, finished.nets
