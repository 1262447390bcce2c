"""One table on the web: :class:`Room`, a state machine over durable events.

A room is everything the server knows about one table, built from three things only: its
:class:`TableConfig` (the game and house rules), a secret (the randomness of its shuffles, see
:class:`SecretRandom`) and its ordered log of :class:`Event` records. Nothing else: no clock, no
network, no database. So the server stores those three and rebuilds any room, exactly, by
replaying the log (:meth:`Room.replay`) — after a restart, after a crash.

Work goes in two steps. A *command* (a player sits down, acts, adds a shuffle seed; the host adds
a bot, starts, pauses, closes) is checked against the current state and becomes an
:class:`Event`, or is refused with a :class:`~bragkit.web.protocol.ProtocolError` that changed
nothing. The server stores the event, then :meth:`Room.apply` applies it, which never fails for an
event the room prepared. What each person may see is :meth:`Room.state_for`, built from their
own view of the deal (rules D8, BL6, T3): never another player's hidden cards, nor their own
while blind.

>>> from bragkit.games.three_card.rules import Rules
>>> room = Room(table_id="t1", config=TableConfig(rules=Rules(max_bet=10), buy_in=20),
...             secret=bytes(32), host_hash=token_hash("h" * 22))
>>> host = Viewer(host=True)
>>> for seat, name in enumerate(["Ann", "Bob"]):
...     _ = room.apply(room.sit(Viewer(), seat=seat, name=name, token=name * 8, id="s"))
>>> _ = room.apply(room.host_op(host, op="start", id="go"))
>>> room.apply(room.deal_event())          # Ann deals; Bob is at her left (rules D3, B2)
['Deal 1: Ann deals (a fresh shuffle)']
>>> ann, bob = room.viewer(token_hash("Ann" * 8)), room.viewer(token_hash("Bob" * 8))
>>> room.apply(room.act(bob, verb="blind", amount=1, at=room.seq, id="b1"))
['Bob bets 1 blind']
>>> room.state_for(bob)["deal"]["hand"] is None         # Bob is blind: no cards (rule BL6)
True
>>> room.act(ann, verb="bet", amount=1, at=room.seq, id="a1")   # a blind 1 counts 2 (BL1)
Traceback (most recent call last):
...
bragkit.web.protocol.ProtocolError: illegal: Ann must bet at least 2 to stay in (rule B3)
>>> room.apply(room.act(ann, verb="fold", at=room.seq, id="a2"))
['Ann folds', '3 carried to the next deal (BL3)', 'Bob keeps the blind hand (R1)']
>>> replayed = Room.replay(table_id="t1", config=room.config, secret=bytes(32),
...                        host_hash=room.host_hash, events=room.events)
>>> replayed.state_for(bob) == room.state_for(bob)
True
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Mapping
from typing import Any, Final

import bragkit.web.state as states
from bragkit.games.protocol import Game
from bragkit.session import Session
from bragkit.web.archive import Archive
from bragkit.web.away import Away
from bragkit.web.chat import Chat
from bragkit.web.commands import RoomCommands
from bragkit.web.config import ConfigError, TableConfig
from bragkit.web.driver import DealDriver
from bragkit.web.events import Event, Viewer
from bragkit.web.seats import Seat, Seats
from bragkit.web.secret import SecretRandom, token_hash
from bragkit.web.settlement import Settlement, settle
from bragkit.web.sit_and_go import ordinal
from bragkit.web.state import RECORDS_TAIL

__all__ = [
    "LOG_TAIL",
    "RECORDS_TAIL",
    "ConfigError",
    "Event",
    "Room",
    "SecretRandom",
    "TableConfig",
    "Viewer",
    "token_hash",
]

#: The log lines a room keeps for a browser that (re)connects.
LOG_TAIL: Final = 200
_STATUSES: Final = ("lobby", "playing", "paused", "closing", "closed")


class Room(RoomCommands):
    """One web table (see the module docstring). ``host_hash`` is the hash of the host's token.

    A room is made of parts, each one idea: :attr:`seating` (who sits where,
    :mod:`bragkit.web.seats`), :attr:`dealing` (the Table and its deals,
    :mod:`bragkit.web.driver`), :attr:`archive` (the finished deals and when each may be
    published, :mod:`bragkit.web.archive`) and, once closed, :attr:`settlement`. Its commands
    (:meth:`sit`, :meth:`act`, :meth:`host_op`...: each checked, then made into an event) are
    the methods of :class:`~bragkit.web.commands.RoomCommands`; states are built by
    :mod:`bragkit.web.state`.
    """

    def __init__(self, *, table_id: str, config: TableConfig, secret: bytes,
                 host_hash: str) -> None:
        self.table_id = table_id
        self.config = config
        self.host_hash = host_hash
        SecretRandom(secret)  # checks the secret
        self.seq = 0
        self.status = "lobby"
        self.events: list[Event] = []
        self.seating = Seats(config.seats)
        self.dealing = DealDriver(config, secret=bytes(secret))
        self.archive = Archive()
        self.settlement: Settlement | None = None
        self.chat = Chat()
        self.away = Away()
        self.host_seat: str | None = None  # the seat the host role was handed to, if any
        self._log: list[tuple[int, str]] = []
        self._applied: dict[tuple[str, str], tuple[int, Event]] = {}
        self._public: tuple[int, dict[str, Any]] | None = None

    @classmethod
    def replay(cls, *, table_id: str, config: TableConfig, secret: bytes, host_hash: str,
               events: Iterable[Event]) -> Room:
        """The room rebuilt from its stored events, in order."""
        room = cls(table_id=table_id, config=config, secret=secret, host_hash=host_hash)
        for event in events:
            room.apply(event)
        return room

    # -- who is who, and the state of play -----------------------------------------------------

    def viewer(self, token_hash: str | None = None, *, host: bool = False) -> Viewer:
        """The viewer a connection is: the seat its token holds (if any), host or not (once
        the host role was handed to a seat, the host is whoever holds that seat)."""
        viewer = self.seating.viewer(token_hash)
        if self.host_seat is not None:
            host = viewer.name is not None and viewer.name == self.host_seat
        return Viewer(name=viewer.name, token_hash=viewer.token_hash, host=host)

    def is_host(self, host_token_hash: str | None) -> bool:
        """Whether a host token's hash is this table's host's (compared in constant time)."""
        return self.host_seat is None and host_token_hash is not None and (
            hmac.compare_digest(host_token_hash, self.host_hash))

    @property
    def seats(self) -> dict[int, str]:
        """The names in each taken seat, by seat number."""
        return self.seating.names

    @property
    def bots(self) -> dict[str, str]:
        """The bots at the table: name -> kind."""
        return self.seating.bots

    @property
    def table(self) -> Session | None:
        """The table's session (seats, stacks, ledger), once the host started play."""
        return self.dealing.session

    @property
    def deal(self) -> Game | None:
        """The deal in progress, or the last one played (None before the first)."""
        return self.dealing.deal

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self.dealing.in_deal

    @property
    def to_act(self) -> str | None:
        """Whose turn it is in the deal in progress."""
        return self.dealing.to_act

    @property
    def shuffled(self) -> bool:
        """Whether the deal in progress (or the last) was dealt from a fresh shuffle (D4)."""
        return self.archive.shuffled(self.dealing.deal_number)

    def duplicate(self, principal: str | None, client_id: str | None) -> int | None:
        """The event number of a command already applied with this id from this sender, else
        None: a command sent twice is applied once."""
        if principal is None or client_id is None:
            return None
        found = self._applied.get((principal, client_id))
        return None if found is None else found[0]

    def same_command(self, principal: str, client_id: str, event: Event) -> bool:
        """Whether an id already used by ``principal`` was used for this same command."""
        found = self._applied.get((principal, client_id))
        return found is not None and (found[1].kind, dict(found[1].data)) == (
            event.kind, dict(event.data))

    # -- applying events -----------------------------------------------------------------------

    def apply(self, event: Event) -> list[str]:
        """Apply one event the room prepared (or replays); returns its lines for the log."""
        handler = getattr(self, f"_apply_{event.kind}", None)
        if handler is None:
            raise ConfigError(f"unknown event kind {event.kind!r}")
        self.seq += 1
        lines: list[str] = handler(event.data)
        self.events.append(event)
        if event.client_id is not None and event.principal is not None:
            self._applied[(event.principal, event.client_id)] = (self.seq, event)
        self.dealing.settled(self.seq)
        for line in lines:
            self._log.append((self.seq, line))
        if len(self._log) > 4 * LOG_TAIL:
            del self._log[: len(self._log) - LOG_TAIL]
        self._public = None
        return lines

    def _apply_sit(self, data: Mapping[str, Any]) -> list[str]:
        seat = Seat(position=data["seat"], name=data["name"], token_hash=data["token_hash"],
                    bot=data["bot"], buy_in=data["buy_in"], account=data.get("account"))
        self.seating.add(seat)
        who = seat.name
        if self.table is None:
            return [f"{who} sits in seat {seat.position + 1} with {seat.buy_in}"]
        if self.table.in_deal:
            seat.joining = True
            return [f"{who} sits in seat {seat.position + 1}, dealt in from the next deal"]
        self._join(seat)
        return [f"{who} sits in seat {seat.position + 1} with {seat.buy_in}"]

    def _join(self, seat: Seat) -> None:
        """Seat a player at the Table, keeping the seats clockwise by seat number (D3)."""
        table = self.table
        assert table is not None
        table.join(seat.name, seat.buy_in, after=self.seating.place(seat, table.seats))
        seat.joining = False

    def _apply_leave(self, data: Mapping[str, Any]) -> list[str]:
        seat = self.seating[data["seat"]]
        table = self.table
        if table is None or seat.joining:
            self.seating.remove(seat)
            return [f"{seat.name} leaves seat {seat.position + 1}"]
        if table.in_deal:
            seat.leaving = True
            return [f"{seat.name} will leave at the end of this deal"]
        return self._leave_now(seat)

    def _leave_now(self, seat: Seat) -> list[str]:
        assert self.table is not None
        out = self.away.forget(seat.name)  # sitting out: already off the session
        amount = self.table.leave(seat.name) if out is None else out
        if self.host_seat == seat.name:
            self.host_seat = None  # the host role goes back to the host link's holder
        self.seating.remove(seat)
        return [f"{seat.name} leaves the table with {amount}"]

    def _apply_start(self, data: Mapping[str, Any]) -> list[str]:
        seats = [self.seating[p] for p in sorted(self.seating.names)]
        self.dealing.start([s.name for s in seats], {s.name: s.buy_in for s in seats})
        self.archive.session = self.table
        self.status = "playing"
        return [f"The host starts the table: {', '.join(s.name for s in seats)}"]

    def _apply_deal(self, data: Mapping[str, Any]) -> list[str]:
        lines, shuffled, kept = self.dealing.next_deal()
        assert self.table is not None
        self.archive.dealt(self.table.deal_number, shuffled=shuffled, kept=kept)
        return lines

    def _apply_act(self, data: Mapping[str, Any], prefix: str = "") -> list[str]:
        return self._after(self.dealing.act(data["action"], prefix))

    def _apply_timeout(self, data: Mapping[str, Any]) -> list[str]:
        return self._apply_act(data, prefix=f"{data['player']} ran out of time: ")

    def _apply_agree(self, data: Mapping[str, Any]) -> list[str]:
        # an agreement stored by an earlier version, before the engine took agreements (B8)
        return self._apply_act({"action": f"{data['player']} agree"})

    def _after(self, lines: list[str]) -> list[str]:
        """An action's lines, then the table's business if it ended the deal: the pack's
        fate (D4), seats leaving and joining, a close the host asked for."""
        table = self.table
        assert table is not None
        if table.in_deal:
            return lines
        self.archive.ended(table.deal_number, table.current, totals=table.ledger.nets())
        if self.dealing.shuffle_due and self.dealing.retained is None:
            self.archive.pack_dead()  # the next deal is shuffled (D4)
        for seat in [s for s in self.seating if s.leaving]:
            lines += self._leave_now(seat)
        lines += self.away.settle(self)
        for seat in sorted((s for s in self.seating if s.joining), key=lambda s: s.position):
            self._join(seat)
            lines.append(f"{seat.name} joins the table with {seat.buy_in}")
        lines += self._out_of_chips()
        if self.status == "closing":
            lines += self._close()
        return lines

    def _out_of_chips(self) -> list[str]:
        """A sit-and-go's players out of chips leave their seats with their places; when one
        holds every chip, the table closes (rule T4)."""
        sng, table = self.dealing.sit_and_go, self.table
        if sng is None or table is None:
            return []
        places = {p.player: p.place for p in sng.places}
        lines = []
        if sng.shared:  # a carried pot no one is left to play for (T4 [decision])
            lines.append("The carried pot goes to " + ", ".join(
                f"{n} ({a})" for n, a in sng.shared.items()) + " (T4)")
        for seat in [s for s in self.seating if s.name not in table.seats]:
            self.seating.remove(seat)
            lines.append(f"{seat.name} is out of chips: {ordinal(places[seat.name])} place")
        if sng.over:
            lines.append(f"{table.seats[0]} holds every chip and wins the sit-and-go")
            self.status = "closing"
        return lines

    def _apply_topup(self, data: Mapping[str, Any]) -> list[str]:
        return self.dealing.topup(data["player"], data["amount"])

    def _apply_seed(self, data: Mapping[str, Any]) -> list[str]:
        return self.dealing.seed(data["player"], data["seed"])

    def _apply_chat(self, data: Mapping[str, Any]) -> list[str]:
        self.chat.add(data["player"], data["text"], at=data["at"])
        return []  # chat is no line of the table's log (nor of any record)

    def _apply_mute(self, data: Mapping[str, Any]) -> list[str]:
        name = data["player"]
        if data["muted"]:
            self.chat.muted.add(name)
            return [f"The host mutes {name}'s chat"]
        self.chat.muted.discard(name)
        return [f"The host lets {name} chat again"]

    def _apply_away(self, data: Mapping[str, Any]) -> list[str]:
        return self.away.apply(self, data["player"], data["away"])

    def _apply_handover(self, data: Mapping[str, Any]) -> list[str]:
        self.host_seat = data["player"]
        return [f"{data['player']} is now the host"]

    def _apply_pause(self, data: Mapping[str, Any]) -> list[str]:
        self.status = "paused"
        return ["The host pauses the table"]

    def _apply_resume(self, data: Mapping[str, Any]) -> list[str]:
        self.status = "playing"
        return ["The host resumes play"]

    def _apply_close(self, data: Mapping[str, Any]) -> list[str]:
        if self.in_deal:
            self.status = "closing"
            return ["The host closes the table at the end of this deal"]
        return self._close()

    def _close(self) -> list[str]:
        self.status = "closed"
        self.archive.close()
        self.settlement, lines = settle(self.table)
        return lines

    # -- records and proofs (see bragkit.web.archive) ------------------------------------------

    def released(self, number: int) -> bool:
        """Whether deal ``number``'s record and its shuffle's proof may be seen by everyone:
        once the pack order it was dealt from is dead (see :mod:`bragkit.web.archive`)."""
        return self.archive.released(number)

    def record_text(self, number: int) -> str | None:
        """Deal ``number``'s ``.bhh`` hand history, once released (else None)."""
        return self.archive.record_text(number)

    def proof_json(self, number: int) -> str | None:
        """The fairness proof of the shuffle before deal ``number``, once released (else
        None; a deal dealt from the last deal's pack has no shuffle of its own, D4)."""
        return self.archive.proof_json(number)

    def records(self) -> list[dict[str, Any]]:
        """Every finished deal: number, dealer, winners, and whether its record is released."""
        return self.archive.records()

    # -- what people see (see bragkit.web.state) -----------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The table's settings, which never change: sent once per connection (``sync``)."""
        return states.settings(self.config)

    def log_since(self, seq: int | None) -> list[dict[str, Any]]:
        """The log lines after event ``seq`` (the last :data:`LOG_TAIL` at most)."""
        lines = [(s, t) for s, t in self._log if seq is None or s > seq][-LOG_TAIL:]
        return [{"seq": s, "text": t} for s, t in lines]

    def public_state(self) -> dict[str, Any]:
        """The part of every state message that is the same for everyone (cached per event)."""
        if self._public is not None and self._public[0] == self.seq:
            return self._public[1]
        state = states.public_state(self)
        self._public = (self.seq, state)
        return state

    def state_for(self, viewer: Viewer, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything ``viewer`` may see now: the public state, and the deal as their own view
        builds it (rules D8, BL6, T3; a spectator's view holds no hidden card)."""
        return states.state_for(self, viewer, self.public_state() if public is None else public)
