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

>>> from bragkit.rules import Rules
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
['Bob blind 1']
>>> room.state_for(bob)["deal"]["hand"] is None         # Bob is blind: no cards (rule BL6)
True
>>> room.act(ann, verb="bet", amount=1, at=room.seq, id="a1")   # a blind 1 counts 2 (BL1)
Traceback (most recent call last):
...
bragkit.web.protocol.ProtocolError: illegal: Ann must bet at least 2 to stay in (rule B3)
>>> room.apply(room.act(ann, verb="fold", at=room.seq, id="a2"))
['Ann fold', '3 carried to the next deal', 'Bob keeps a blind hand']
>>> replayed = Room.replay(table_id="t1", config=room.config, secret=bytes(32),
...                        host_hash=room.host_hash, events=room.events)
>>> replayed.state_for(bob) == room.state_for(bob)
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bragkit.actions import Action, HandChoice, LegalAction, Verb
from bragkit.cards import Card, parse_cards
from bragkit.errors import BragError, IllegalActionError
from bragkit.games.betting import bet_bounds
from bragkit.games.operations import HandRetained, HandShown, Loan, PotAwarded, PotCarried
from bragkit.games.three_card import Deal
from bragkit.games.views import legal_action_dict, public_action
from bragkit.hands import evaluate
from bragkit.notation import write_bhh
from bragkit.rules import Rules
from bragkit.table import DealPlayed, Table
from bragkit.web.protocol import BOT_KINDS, ProtocolError

__all__ = [
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
#: The finished deals listed in each state (older ones: ``GET /api/tables/{id}/records``).
RECORDS_TAIL: Final = 12
_MAX_SEATS: Final = 10
_MAX_CHIPS: Final = 10**9
_STATUSES: Final = ("lobby", "playing", "paused", "closing", "closed")


class ConfigError(BragError):
    """A table configuration that makes no sense (a bad option, a bad rules table)."""


def token_hash(token: str) -> str:
    """What the server keeps of a secret token: its SHA-256, hex. A stolen database does not
    give anyone a seat.

    >>> token_hash("x" * 22)[:12]
    'ec4a4fcd915a'
    """
    return hashlib.sha256(token.encode()).hexdigest()


class SecretRandom(random.Random):
    """A random source that is both reproducible and unpredictable: HMAC-SHA256 of a counter,
    keyed by a 32-byte secret (a deterministic random bit generator in counter mode).

    The same secret gives the same stream, so a room replays its shuffles (and its fair
    shuffles' server seeds) exactly; without the secret the stream cannot be predicted, even
    after seeing earlier output (unlike the Mersenne Twister, whose state leaks from 624 outputs).

    >>> a, b = SecretRandom(bytes(32)), SecretRandom(bytes(32))
    >>> a.randbytes(8) == b.randbytes(8), a.randbytes(8) == SecretRandom(bytes(32)).randbytes(8)
    (True, False)
    >>> 0 <= SecretRandom(bytes(32)).random() < 1
    True
    """

    def __init__(self, secret: bytes) -> None:
        if not isinstance(secret, bytes | bytearray) or len(secret) < 16:
            raise ConfigError("a room's secret is at least 16 bytes")
        self._key = bytes(secret)
        self._counter = 0
        self._buffer = b""
        super().__init__()

    def seed(self, a: object = None, version: int = 2) -> None:
        """Ignored: the stream is fixed by the secret."""
        self.gauss_next = None

    def randbytes(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        while len(self._buffer) < n:
            self._buffer += hmac.digest(self._key, self._counter.to_bytes(8, "big"), "sha256")
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def getrandbits(self, k: int) -> int:
        """``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        width = (k + 7) // 8
        return int.from_bytes(self.randbytes(width), "big") >> (width * 8 - k)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return self.getrandbits(53) * 2.0**-53

    def getstate(self) -> Any:  # pragma: no cover - not used: a room replays instead
        raise NotImplementedError("a SecretRandom is replayed from its secret, not copied")

    def setstate(self, state: Any) -> None:  # pragma: no cover
        raise NotImplementedError("a SecretRandom is replayed from its secret, not copied")


# -- configuration -----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class TableConfig:
    """A table's settings: its ``name``, the game's :class:`~bragkit.rules.Rules`, how many
    ``seats`` it has, the default ``buy_in``, and the house options of the web table:
    ``turn_seconds`` (a turn timer, 0 for none: a player who runs out of time folds),
    ``deal_pause`` (seconds between deals, to read the result) and ``bot_delay`` (seconds a bot
    waits before it acts, so people can follow).

    >>> TableConfig.from_dict({"rules": {"max_bet": 10}, "seats": 4}).to_dict()["rules"]
    {'max_bet': 10}
    >>> TableConfig.from_dict({"seats": 1})
    Traceback (most recent call last):
    ...
    bragkit.web.room.ConfigError: seats must be a whole number from 2 to 10
    """

    name: str = "Brag table"
    rules: Rules = field(default_factory=Rules)
    seats: int = 6
    buy_in: int = 100
    turn_seconds: int = 0
    deal_pause: float = 4.0
    bot_delay: float = 0.8

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40 or not name.isprintable():
            raise ConfigError("name must be 1 to 40 printable characters")
        object.__setattr__(self, "name", name.strip())
        if not isinstance(self.rules, Rules):
            raise ConfigError("rules must be a Rules object")
        most = min(_MAX_SEATS, self.rules.max_players(retained=1))
        if type(self.seats) is not int or not 2 <= self.seats <= most:
            raise ConfigError(f"seats must be a whole number from 2 to {most}")
        least = max(self.rules.buy_in, 1, self.rules.ante)
        if type(self.buy_in) is not int or not least <= self.buy_in <= _MAX_CHIPS:
            raise ConfigError(f"buy_in must be a whole number of chips from {least}")
        if type(self.turn_seconds) is not int or not 0 <= self.turn_seconds <= 3600:
            raise ConfigError("turn_seconds must be a whole number from 0 (no timer) to 3600")
        for name_ in ("deal_pause", "bot_delay"):
            value = getattr(self, name_)
            if type(value) not in (int, float) or not 0 <= value <= 600:
                raise ConfigError(f"{name_} must be a number of seconds from 0 to 600")

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-able data (the rules as their ``[rules]`` table)."""
        return {"name": self.name, "rules": self.rules.to_dict(), "seats": self.seats,
                "buy_in": self.buy_in, "turn_seconds": self.turn_seconds,
                "deal_pause": self.deal_pause, "bot_delay": self.bot_delay}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableConfig:
        """Settings from JSON data (a ``preset`` key names a variant, see
        :meth:`Rules.preset <bragkit.rules.Rules.preset>`); a bad value is a
        :class:`ConfigError`."""
        if not isinstance(data, Mapping):
            raise ConfigError("a table's settings are a JSON object")
        known = {"name", "rules", "seats", "buy_in", "turn_seconds", "deal_pause", "bot_delay",
                 "preset"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown setting {unknown[0]!r}")
        options = {k: v for k, v in data.items() if k not in ("rules", "preset")}
        rules_table = data.get("rules", {})
        if not isinstance(rules_table, Mapping):
            raise ConfigError("rules must be a JSON object")
        try:
            preset = data.get("preset")
            rules = (Rules.preset(preset, **rules_table) if isinstance(preset, str)
                     else Rules.from_dict(rules_table))
        except (BragError, TypeError) as error:
            raise ConfigError(f"rules: {error}") from None
        try:
            return cls(rules=rules, **options)
        except TypeError as error:  # pragma: no cover - unknown keys are refused above
            raise ConfigError(str(error)) from None


# -- events and viewers ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class Event:
    """One durable change to a room, as stored: ``kind`` (``sit``, ``leave``, ``start``,
    ``deal``, ``act``, ``agree``, ``timeout``, ``topup``, ``seed``, ``pause``, ``resume``,
    ``close``), its JSON-able ``data``, and for a client's command the ``client_id`` it was sent
    with and the ``principal`` that sent it (a token hash, or ``"host"``), so that a command sent
    twice is applied once."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    client_id: str | None = None
    principal: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Viewer:
    """Who is looking: the seat ``name`` a connection holds (None: a spectator), the hash of its
    seat token, and whether it holds the host's token."""

    name: str | None = None
    token_hash: str | None = None
    host: bool = False


@dataclass(kw_only=True, slots=True)
class _Seat:
    position: int
    name: str
    token_hash: str | None
    bot: str | None
    buy_in: int
    joining: bool = False  # sat down during a deal: joins the table when it ends
    leaving: bool = False  # leaves when the deal in progress ends


_PUBLIC_OPS: Final = (HandShown, PotAwarded, PotCarried, HandRetained, Loan)


# -- the room ----------------------------------------------------------------------------------


class Room:
    """One web table (see the module docstring). ``host_hash`` is the hash of the host's token."""

    def __init__(self, *, table_id: str, config: TableConfig, secret: bytes,
                 host_hash: str) -> None:
        self.table_id = table_id
        self.config = config
        self.host_hash = host_hash
        self._secret = bytes(secret)
        SecretRandom(self._secret)  # checks the secret
        self.seq = 0
        self.status = "lobby"
        self.table: Table | None = None
        self.events: list[Event] = []
        self._seats: dict[int, _Seat] = {}
        self._log: list[tuple[int, str]] = []
        self._applied: dict[tuple[str, str], tuple[int, Event]] = {}
        self._menus: dict[str, tuple[LegalAction, ...]] = {}
        self._menu_seq: dict[str, int] = {}
        self._agreed: list[str] = []
        self._seeded: set[str] = set()
        self._commitment_seen: str | None = None
        self._chain_of: dict[int, int] = {}
        self._chain = 0
        self._live: set[int] = set()
        self._ops_seen = 0
        self._settlement: list[str] | None = None
        self._shares: dict[str, int] = {}
        self._public: tuple[int, dict[str, Any]] | None = None
        self._deal: Deal | None = None  # the Table's current deal (it changes only at a deal)

    @classmethod
    def replay(cls, *, table_id: str, config: TableConfig, secret: bytes, host_hash: str,
               events: Iterable[Event]) -> Room:
        """The room rebuilt from its stored events, in order."""
        room = cls(table_id=table_id, config=config, secret=secret, host_hash=host_hash)
        for event in events:
            room.apply(event)
        return room

    # -- who is who ----------------------------------------------------------------------------

    def viewer(self, token_hash: str | None = None, *, host: bool = False) -> Viewer:
        """The viewer a connection is: the seat its token holds (if any), host or not."""
        name = None
        if token_hash is not None:
            seat = self._seat_by_token(token_hash)
            name = seat.name if seat is not None else None
        return Viewer(name=name, token_hash=token_hash if name else None, host=host)

    def is_host(self, host_token_hash: str | None) -> bool:
        """Whether a host token's hash is this table's host's (compared in constant time)."""
        return host_token_hash is not None and hmac.compare_digest(host_token_hash,
                                                                   self.host_hash)

    def _seat_by_token(self, hashed: str) -> _Seat | None:
        for seat in self._seats.values():
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, hashed):
                return seat
        return None

    def _seat_by_name(self, name: str) -> _Seat | None:
        for seat in self._seats.values():
            if seat.name == name:
                return seat
        return None

    @property
    def seats(self) -> dict[int, str]:
        """The names in each taken seat, by seat number."""
        return {p: s.name for p, s in sorted(self._seats.items())}

    @property
    def bots(self) -> dict[str, str]:
        """The bots at the table: name -> kind."""
        return {s.name: s.bot for s in self._seats.values() if s.bot is not None}

    @property
    def deal(self) -> Deal | None:
        """The deal in progress, or the last one played (None before the first)."""
        return self._deal

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self.table is not None and self.table.in_deal

    @property
    def to_act(self) -> str | None:
        """Whose turn it is in the deal in progress."""
        deal = self.deal
        return deal.to_act if deal is not None and self.in_deal else None

    @property
    def shuffled(self) -> bool:
        """Whether the deal in progress (or the last) was dealt from a fresh shuffle (D4)."""
        number = self.table.deal_number if self.table is not None else 0
        return number > 0 and self._chain_of.get(number) == number

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

    # -- commands: checked, then made into events ----------------------------------------------

    def _refuse(self, message: str, re: str | None, code: str = "refused") -> ProtocolError:
        return ProtocolError(code, message, re=re)

    def _open(self, re: str | None) -> None:
        if self.status in ("closed", "closing"):
            raise self._refuse("the table is closed", re)

    def sit(self, viewer: Viewer, *, seat: int, name: str, token: str, id: str,
            buy_in: int | None = None) -> Event:
        """Take a seat (a name is checked by :func:`~bragkit.web.protocol.check_name` first)."""
        self._open(id)
        if viewer.name is not None:
            raise self._refuse(f"you already sit at this table as {viewer.name}", id)
        hashed = token_hash(token)
        if self._seat_by_token(hashed) is not None:
            raise ProtocolError("conflict", "that token already holds a seat", re=id)
        self._free_seat(seat, id)
        self._free_name(name, id)
        amount = self.config.buy_in if buy_in is None else buy_in
        least = max(self.config.rules.buy_in, 1, self.config.rules.ante)
        if type(amount) is not int or not least <= amount <= _MAX_CHIPS:
            raise self._refuse(f"bring at least {least} chips to sit down (rule M1)", id)
        return Event(kind="sit", data={"seat": seat, "name": name, "token_hash": hashed,
                                       "bot": None, "buy_in": amount},
                     client_id=id, principal=hashed)

    def _free_seat(self, seat: int, re: str | None) -> None:
        if type(seat) is not int or not 0 <= seat < self.config.seats:
            raise self._refuse(f"there is no seat {seat}: seats are 0 to {self.config.seats - 1}",
                               re)
        if seat in self._seats:
            raise self._refuse(f"seat {seat} is taken by {self._seats[seat].name}", re)

    def _free_name(self, name: str, re: str | None) -> None:
        """A name is free unless someone sits under it (a player who left may come back:
        the ledger carries on their account, M1)."""
        taken = {s.name.casefold() for s in self._seats.values()}
        if self.table is not None:  # the ledger's names, spelled as they were
            taken |= {p.casefold() for p in self.table.ledger.players if p != name}
        if name.casefold() in taken:
            raise self._refuse(f"{name} is taken at this table: choose another name", re)

    def host_op(self, viewer: Viewer, *, op: str, id: str, seat: int | None = None,
                bot: str | None = None) -> Event:
        """A host command: ``add_bot`` (in ``seat``, of kind ``bot``), ``remove`` (whoever sits
        in ``seat``, at the end of the deal), ``start``, ``pause``, ``resume``, ``close``."""
        if not viewer.host:
            raise ProtocolError("forbidden", "only the host may do that", re=id)
        event: Event
        if op == "add_bot":
            self._open(id)
            assert seat is not None
            self._free_seat(seat, id)
            kind = bot or "random"
            if kind not in BOT_KINDS:
                raise ProtocolError("malformed", f"unknown bot {kind!r}", re=id)
            name = self._bot_name(kind)
            event = Event(kind="sit", data={"seat": seat, "name": name, "token_hash": None,
                                            "bot": kind, "buy_in": self.config.buy_in})
        elif op == "remove":
            self._open(id)
            if seat not in self._seats:
                raise self._refuse(f"seat {seat} is empty", id)
            event = Event(kind="leave", data={"seat": seat})
        elif op == "start":
            if self.status != "lobby":
                raise self._refuse("the table has already started", id)
            if len(self._seats) < 2:
                raise self._refuse("two or more players must sit down first (rule D1)", id)
            event = Event(kind="start")
        elif op == "pause":
            if self.status != "playing":
                raise self._refuse(f"the table is {self.status}, not playing", id)
            event = Event(kind="pause")
        elif op == "resume":
            if self.status != "paused":
                raise self._refuse(f"the table is {self.status}, not paused", id)
            event = Event(kind="resume")
        elif op == "close":
            self._open(id)
            event = Event(kind="close")
        else:  # pragma: no cover - the protocol refuses unknown ops
            raise ProtocolError("malformed", f"unknown host op {op!r}", re=id)
        return Event(kind=event.kind, data=event.data, client_id=id, principal="host")

    def _bot_name(self, kind: str) -> str:
        base = f"{kind.capitalize()} bot"
        taken = {s.name for s in self._seats.values()}
        if self.table is not None:  # a new bot is a new player, not one who left
            taken |= set(self.table.ledger.players)
        number = 1
        name = base
        while name in taken:
            number += 1
            name = f"{base} {number}"
        return name

    def leave(self, viewer: Viewer, *, id: str) -> Event:
        """The viewer's seat leaves (at the end of the deal in progress)."""
        seat = self._held(viewer, id)
        return Event(kind="leave", data={"seat": seat.position}, client_id=id,
                     principal=viewer.token_hash)

    def _held(self, viewer: Viewer, re: str | None) -> _Seat:
        if viewer.name is None:
            raise ProtocolError("forbidden", "you hold no seat at this table", re=re)
        seat = self._seat_by_name(viewer.name)
        if seat is None or seat.token_hash is None or viewer.token_hash is None or (
                not hmac.compare_digest(seat.token_hash, viewer.token_hash)):
            raise ProtocolError("forbidden", "you hold no seat at this table", re=re)
        return seat

    def seed(self, viewer: Viewer, *, seed: str, id: str) -> Event:
        """A client seed for the next fair shuffle: one per seat per shuffle, between deals."""
        seat = self._held(viewer, id)
        table = self.table
        if table is None or table.commitment is None or self.in_deal:
            raise self._refuse("no shuffle is waiting for seeds now", id)
        if seat.name in self._seeded_now():
            raise self._refuse("you already added a seed to this shuffle", id)
        return Event(kind="seed", data={"player": seat.name, "seed": seed}, client_id=id,
                     principal=viewer.token_hash)

    def _seeded_now(self) -> set[str]:
        table = self.table
        if table is None or table.commitment != self._commitment_seen:
            return set()
        return self._seeded

    def act(self, viewer: Viewer, *, verb: str, at: int, id: str, amount: int | None = None,
            hand: HandChoice | None = None, cards: Sequence[str] = (),
            player: str | None = None) -> Event:
        """An action of the viewer's seat, built on the state of event ``at`` (see
        :class:`~bragkit.web.protocol.Act`)."""
        from bragkit.web.protocol import Act

        seat = self._held(viewer, id)
        name = seat.name
        if player is not None and player != name:
            raise ProtocolError("forbidden", f"you hold {name}'s seat, not {player}'s", re=id)
        if at > self.seq:
            raise ProtocolError("order", f"event {at} has not happened yet (the table is at "
                                f"{self.seq})", re=id)
        action = Act(id=id, at=at, verb=verb, amount=amount, hand=hand, cards=tuple(cards),
                     player=player).to_action(name)
        table = self.table
        if self.status == "closed" or table is None:
            raise self._refuse(f"the table is {self.status}: no deal to act in", id)
        deal = self._deal
        in_deal = deal is not None and self.in_deal and name in deal.players
        if action.verb is Verb.TOPUP and not in_deal:  # rule M1: money at any time
            assert action.amount is not None
            if not 1 <= action.amount <= _MAX_CHIPS:
                raise self._refuse("a top-up is at least 1 chip (rule M1)", id)
            return Event(kind="topup", data={"player": name, "amount": action.amount},
                         client_id=id, principal=viewer.token_hash)
        if not in_deal or deal is None:
            raise self._refuse("you are not in a deal in progress", id)
        if self.status == "paused":
            raise self._refuse("the table is paused", id)
        if at < self._menu_seq.get(name, 0) and action.verb is not Verb.TOPUP:
            raise ProtocolError(
                "stale", f"your options changed at event {self._menu_seq[name]}; this was sent "
                f"from event {at}", re=id)
        if action.verb is Verb.SHOWDOWN:  # rule B8: every remaining player must agree
            if name not in deal.betting or not deal.can_apply(action):
                raise self._illegal(deal, action, id)
            if name in self._agreed:
                raise self._refuse("you already agreed to a showdown", id)
            return Event(kind="agree", data={"player": name}, client_id=id,
                         principal=viewer.token_hash)
        if not deal.can_apply(action):
            raise self._illegal(deal, action, id)
        return Event(kind="act", data={"player": name, "action": str(action)}, client_id=id,
                     principal=viewer.token_hash)

    def _illegal(self, deal: Deal, action: Action, re: str) -> ProtocolError:
        if action.verb is Verb.SHOWDOWN and deal.can_apply(action):
            why = IllegalActionError("only a player still betting may agree a showdown",
                                     rule="B8")
        else:
            try:  # the engine's verifiers name the rule (bragkit.games.three_card_verify)
                deal.check(action)
                why = IllegalActionError(f"{action} is not allowed now", rule="B11")
            except IllegalActionError as error:
                why = error
        return ProtocolError("illegal", why.reason, rule=why.rule, re=re)

    def bot_act(self, name: str, action: Action) -> Event:
        """A bot's action (checked like anyone's)."""
        deal = self.deal
        if deal is None or not self.in_deal or self.status != "playing":
            raise self._refuse("no deal is in progress", None)
        if self.bots.get(name) is None or not deal.can_apply(action) or (
                action.player not in (name, None)):
            raise self._refuse(f"{name} cannot {action} now", None)
        if action.verb is Verb.SHOWDOWN:
            return Event(kind="agree", data={"player": name})
        return Event(kind="act", data={"player": name, "action": str(action)})

    def timeout_event(self) -> Event | None:
        """The player to act ran out of time (house option ``turn_seconds``): they fold, or,
        holding a hand just looked at (R2), throw it."""
        deal = self.deal
        name = self.to_act
        if deal is None or name is None or self.status != "playing":
            return None
        for verb in (Verb.FOLD, Verb.THROW, Verb.KEEP):
            action = Action(player=name, verb=verb)
            if deal.can_apply(action):
                return Event(kind="timeout", data={"player": name, "action": str(action)})
        return None  # pragma: no cover - a player to act can always fold or keep/throw

    def deal_event(self) -> Event | None:
        """The next deal, if one can start now: the table is playing, between deals, with two
        or more players."""
        table = self.table
        if self.status != "playing" or table is None or table.in_deal or len(table.seats) < 2:
            return None
        return Event(kind="deal")

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
        table = self.table
        if table is not None and table.commitment != self._commitment_seen:
            self._commitment_seen = table.commitment
            self._seeded = set()
        self._track_menus()
        for line in lines:
            self._log.append((self.seq, line))
        if len(self._log) > 4 * LOG_TAIL:
            del self._log[: len(self._log) - LOG_TAIL]
        self._public = None
        return lines

    def _apply_sit(self, data: Mapping[str, Any]) -> list[str]:
        seat = _Seat(position=data["seat"], name=data["name"], token_hash=data["token_hash"],
                     bot=data["bot"], buy_in=data["buy_in"])
        self._seats[seat.position] = seat
        who = seat.name
        if self.table is None:
            return [f"{who} sits in seat {seat.position + 1} with {seat.buy_in}"]
        if self.table.in_deal:
            seat.joining = True
            return [f"{who} sits in seat {seat.position + 1}, dealt in from the next deal"]
        self._join(seat)
        return [f"{who} sits in seat {seat.position + 1} with {seat.buy_in}"]

    def _join(self, seat: _Seat) -> None:
        """Seat a player at the Table, keeping the seats clockwise by seat number (D3)."""
        table = self.table
        assert table is not None
        placed = {s.name: p for p, s in self._seats.items() if not s.joining}
        order = sorted((placed[n], n) for n in table.seats if n in placed)
        before = [n for p, n in order if p < seat.position]
        after = before[-1] if before else (order[-1][1] if order else None)
        table.join(seat.name, seat.buy_in, after=after)
        seat.joining = False

    def _apply_leave(self, data: Mapping[str, Any]) -> list[str]:
        seat = self._seats[data["seat"]]
        table = self.table
        if table is None or seat.joining:
            del self._seats[seat.position]
            return [f"{seat.name} leaves seat {seat.position + 1}"]
        if table.in_deal:
            seat.leaving = True
            return [f"{seat.name} will leave at the end of this deal"]
        return self._leave_now(seat)

    def _leave_now(self, seat: _Seat) -> list[str]:
        assert self.table is not None
        amount = self.table.leave(seat.name)
        del self._seats[seat.position]
        return [f"{seat.name} leaves the table with {amount}"]

    def _apply_start(self, data: Mapping[str, Any]) -> list[str]:
        seats = [self._seats[p] for p in sorted(self._seats)]
        self.table = Table(self.config.rules, seats=[s.name for s in seats],
                           buy_ins={s.name: s.buy_in for s in seats}, dealer=seats[0].name,
                           rng=SecretRandom(self._secret), fair=True)
        self.status = "playing"
        return [f"The host starts the table: {', '.join(s.name for s in seats)}"]

    def _apply_deal(self, data: Mapping[str, Any]) -> list[str]:
        table = self.table
        assert table is not None
        lines = []
        ante = self.config.rules.ante
        for name, stack in table.stacks.items():
            if stack < ante:  # rule D2 [decision]: a player who cannot ante tops up (M1)
                table.topup(name, self.config.buy_in)
                lines.append(f"{name} tops up {self.config.buy_in} to pay the ante")
        shuffled = table.shuffle_due
        kept = table.retained is not None
        deal = self._deal = table.start_deal()
        number = table.deal_number
        if shuffled:  # rule D4: a new pack order; see _released for why this matters
            self._live = {number} | (self._live if kept else set())
            self._chain = number
        self._chain_of[number] = self._chain
        self._agreed = []
        self._ops_seen = len(deal.operations)
        how = "a fresh shuffle" if shuffled else "the pack as the last deal left it"
        lines.append(f"Deal {number}: {deal.dealer} deals ({how})")
        return lines

    def _apply_act(self, data: Mapping[str, Any], prefix: str = "") -> list[str]:
        table = self.table
        assert table is not None and self._deal is not None
        action = Action.parse(data["action"], players=self._deal.players)
        table.apply(action)
        self._agreed = []
        return [prefix + public_action(action, None), *self._after_action()]

    def _apply_timeout(self, data: Mapping[str, Any]) -> list[str]:
        return self._apply_act(data, prefix=f"{data['player']} ran out of time: ")

    def _apply_agree(self, data: Mapping[str, Any]) -> list[str]:
        table = self.table
        assert table is not None and self._deal is not None
        deal = self._deal
        self._agreed.append(data["player"])
        lines = [f"{data['player']} agrees to a showdown ({len(self._agreed)} of "
                 f"{len(deal.betting)})"]
        if set(deal.betting) <= set(self._agreed):  # rule B8: everyone agreed
            table.apply(Action(player=None, verb=Verb.SHOWDOWN))
            self._agreed = []
            lines += ["showdown", *self._after_action()]
        return lines

    def _after_action(self) -> list[str]:
        """The public lines of what an action set off (hands shown, pots won or carried), and
        the table's business at the end of a deal."""
        table = self.table
        assert table is not None and self._deal is not None
        ops = self._deal.operations
        lines = []
        for op in ops[self._ops_seen:]:
            if isinstance(op, HandShown):  # rule D8: shown to everyone, named
                lines.append(f"{op} ({self._hand_name(op.cards)})")
            elif isinstance(op, _PUBLIC_OPS):
                lines.append(str(op))
        self._ops_seen = len(ops)
        if not table.in_deal:
            lines += self._after_deal()
        return lines

    def _hand_name(self, cards: Sequence[Card]) -> str:
        """A shown hand in words: the three cards it plays (rules H2, W2)."""
        rules = self.config.rules
        try:
            return str(evaluate(cards[:3], ordering=rules.ordering, wild=rules.wild_cards))
        except BragError:  # pragma: no cover - the engine showed it
            return "hand"

    def _after_deal(self) -> list[str]:
        table = self.table
        assert table is not None
        lines = []
        if table.shuffle_due and table.retained is None:
            self._live = set()  # the pack's order is dead: the next deal is shuffled (D4)
        for seat in [s for s in self._seats.values() if s.leaving]:
            lines += self._leave_now(seat)
        for seat in sorted((s for s in self._seats.values() if s.joining),
                           key=lambda s: s.position):
            self._join(seat)
            lines.append(f"{seat.name} joins the table with {seat.buy_in}")
        if self.status == "closing":
            lines += self._close()
        return lines

    def _apply_topup(self, data: Mapping[str, Any]) -> list[str]:
        assert self.table is not None
        self.table.topup(data["player"], data["amount"])
        return [f"{data['player']} topup {data['amount']}"]

    def _apply_seed(self, data: Mapping[str, Any]) -> list[str]:
        assert self.table is not None
        self.table.add_client_seed(data["seed"])
        self._seeded.add(data["player"])
        return [f"{data['player']} adds a seed to the next shuffle"]

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
        self._live = set()
        table = self.table
        if table is None:
            self._settlement = []
            return ["The table is closed"]
        self._shares = table.share_carried_pot()
        lines = ["The table is closed"]
        if self._shares:
            lines.append("The carried pot is shared: " + ", ".join(
                f"{n} {a}" for n, a in self._shares.items()))
        self._settlement = [str(p) for p in table.settlement()]
        lines += [f"Settlement: {p}" for p in self._settlement] or ["Settlement: everyone is "
                                                                    "square"]
        return lines

    def _track_menus(self) -> None:
        """Note the event at which each player's options last changed (for stale actions)."""
        deal = self.deal
        players = deal.players if deal is not None and self.in_deal else ()
        for name in players:
            assert deal is not None
            menu = tuple(deal.legal_actions(name))
            if self._menus.get(name) != menu:
                self._menus[name] = menu
                self._menu_seq[name] = self.seq
        for name in [n for n in self._menus if n not in players]:
            del self._menus[name]
            self._menu_seq[name] = self.seq

    # -- records and proofs --------------------------------------------------------------------

    def _played(self) -> list[DealPlayed]:
        if self.table is None:
            return []
        return [e for e in self.table.history if isinstance(e, DealPlayed)]

    def released(self, number: int) -> bool:
        """Whether deal ``number``'s record and its shuffle's proof may be seen by everyone.

        A record holds the whole pack, and without a shuffle the next deal is dealt from the
        same pack with the hands put under it (D4, D5): a record published while its pack is
        still in play would give the next deals' cards away, and a kept blind hand (R1) with
        them. So a record, and the proof of the shuffle it came from, is released once that
        pack order is dead: the next deal is shuffled and no blind hand from it is kept, or the
        table is closed.
        """
        if number not in self._chain_of:
            return False
        finished = any(e.number == number for e in self._played())
        return finished and (self.status == "closed" or self._chain_of[number] not in self._live)

    def record_text(self, number: int) -> str | None:
        """Deal ``number``'s ``.bhh`` hand history, once released (else None)."""
        if not self.released(number):
            return None
        for played in self._played():
            if played.number == number:
                return write_bhh(played.record)
        return None  # pragma: no cover - released deals are played

    def proof_json(self, number: int) -> str | None:
        """The fairness proof of the shuffle before deal ``number``, once released (else
        None; a deal dealt from the last deal's pack has no shuffle of its own, D4)."""
        if not self.released(number):
            return None
        for played in self._played():
            if played.number == number and played.proof is not None:
                return played.proof.to_json()
        return None

    # -- what people see -----------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The table's settings, which never change: sent once per connection (``sync``)."""
        config = self.config
        return {"name": config.name, "seats": config.seats,
                "rules": config.rules.to_dict(full=True), "variant": config.rules.variant,
                "buy_in": config.buy_in, "turn_seconds": config.turn_seconds,
                "deal_pause": config.deal_pause, "bot_delay": config.bot_delay}

    def records(self) -> list[dict[str, Any]]:
        """Every finished deal: number, dealer, winners, and whether its record is released."""
        return [{"deal": p.number, "dealer": p.record.dealer, "shuffled": p.shuffled,
                 "winners": dict(p.result.winners), "released": self.released(p.number)}
                for p in self._played()]

    def log_since(self, seq: int | None) -> list[dict[str, Any]]:
        """The log lines after event ``seq`` (the last :data:`LOG_TAIL` at most)."""
        lines = [(s, t) for s, t in self._log if seq is None or s > seq][-LOG_TAIL:]
        return [{"seq": s, "text": t} for s, t in lines]

    def public_state(self) -> dict[str, Any]:
        """The part of every state message that is the same for everyone (cached per event)."""
        if self._public is not None and self._public[0] == self.seq:
            return self._public[1]
        state = self._build_public()
        self._public = (self.seq, state)
        return state

    def _build_public(self) -> dict[str, Any]:
        config = self.config
        table = self.table
        deal = self.deal
        stacks = table.stacks if table is not None else {}
        ledger = table.ledger if table is not None else None
        in_deal = self.in_deal
        seats: list[dict[str, Any] | None] = [None] * config.seats
        for position, seat in self._seats.items():
            name = seat.name
            in_this = deal is not None and name in deal.players
            seats[position] = {
                "seat": position, "name": name, "bot": seat.bot,
                "stack": stacks.get(name, seat.buy_in),
                "net": ledger.net(name) if ledger is not None and name in stacks else 0,
                "joining": seat.joining, "leaving": seat.leaving,
                "dealer": deal is not None and deal.dealer == name,
                "in_deal": in_this and in_deal,
            }
        records = []
        for played in self._played()[-RECORDS_TAIL:]:
            number = played.number
            released = self.released(number)
            records.append({
                "deal": number, "dealer": played.record.dealer, "shuffled": played.shuffled,
                "winners": dict(played.result.winners), "released": released,
                "proof": released and played.proof is not None,
                "commitment": played.proof.commitment if played.proof is not None else None,
            })
        rows = []
        if ledger is not None:
            for name in ledger.players:
                rows.append({"name": name, "brought": ledger.brought(name),
                             "stack": stacks.get(name, 0), "net": ledger.net(name),
                             "cashed_out": ledger.cashed_out(name)})
        state: dict[str, Any] = {
            "table": {"id": self.table_id, "name": config.name, "status": self.status,
                      "deals": table.deal_number if table is not None else 0},
            "seats": seats,
            "ledger": {"rows": rows, "in_pot": ledger.in_pot if ledger is not None else 0,
                       "carried_pot": table.carried_pot if table is not None else 0},
            "settlement": None if self._settlement is None else {
                "payments": list(self._settlement), "shares": dict(self._shares)},
            "records": records,
            "fairness": {"commitment": table.commitment if table is not None else None,
                         "seeds": len(self._seeded_now())},
            "next_dealer": table.next_dealer if table is not None and not in_deal else None,
            "showdown": {"agreed": list(self._agreed),
                         "betting": list(deal.betting)} if self._agreed and deal else None,
        }
        return state

    def state_for(self, viewer: Viewer, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything ``viewer`` may see now: the public state, and the deal as their own view
        builds it (rules D8, BL6, T3; a spectator's view holds no hidden card)."""
        if public is None:
            public = self.public_state()
        deal = self.deal
        name = viewer.name
        seat = self._seat_by_name(name) if name is not None else None
        state = dict(public)
        legal: list[dict[str, Any]] = []
        deal_state: dict[str, Any] | None = None
        if deal is not None and self.table is not None:
            player = name if name is not None and name in deal.players else None
            view = deal.view(player).to_dict()
            options = view.pop("legal_actions")
            if self.status in ("playing", "closing"):
                legal = options
            view["number"] = self.table.deal_number
            view["named"] = {p: self._hand_name(parse_cards(" ".join(cards)))
                             for p, cards in view["shown"].items()}
            view["costs"] = self._costs(deal)
            deal_state = view
        if seat is not None and self.table is not None and not self.in_deal and (
                self.status not in ("closed",)):
            legal = [legal_action_dict(LegalAction(player=seat.name, verb=Verb.TOPUP,
                                                   min_amount=1))]
        state["deal"] = deal_state
        state["you"] = {
            "seat": None if seat is None else seat.position, "name": name,
            "host": viewer.host, "legal": legal,
            "agreed": name in self._agreed if name is not None else False,
            "seeded": name in self._seeded_now() if name is not None else False,
        }
        return state

    def _costs(self, deal: Deal) -> dict[str, int] | None:
        """What it costs to stay in now: the least open and blind bet (rules B2, B3, BL1)."""
        if not self.in_deal:
            return None
        stake = deal.stake
        rules = deal.rules
        pot = deal.pot if rules.pot_limit else 0
        open_least = bet_bounds(rules, stake=stake, bet_made=stake > 0, pot=pot, blind=False)[0]
        blind_least = bet_bounds(rules, stake=stake, bet_made=stake > 0, pot=pot, blind=True)[0]
        return {"open": open_least, "blind": blind_least}
