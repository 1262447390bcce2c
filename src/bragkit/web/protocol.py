"""The web table's wire protocol: JSON messages over a WebSocket, version 1.

Every message, both ways, is one JSON object with ``"v": 1`` (:data:`PROTOCOL_VERSION`) and a
``"type"``. This module parses what a browser sends into frozen records (refusing anything
malformed with a :class:`ProtocolError` whose ``code`` says why) and builds what the server sends.
It knows nothing of tables: the checks that need a table's state (is it your seat, your turn, is
the action stale) live in :mod:`bragkit.web.room`. ``docs/web-protocol.md`` describes the protocol
for people; this module is the executable form of it.

>>> parse_client('{"v": 1, "type": "act", "id": "a1", "at": 7, '
...              '"action": {"verb": "bet", "amount": 2}}')
Act(id='a1', at=7, verb='bet', amount=2, hand=None, cards=(), player=None)
>>> parse_client('{"v": 2, "type": "ping"}')
Traceback (most recent call last):
...
bragkit.web.protocol.ProtocolError: version: this server speaks protocol 1, not 2
>>> parse_client('{"v": 1, "type": "act", "id": "a1", "at": -1, "action": {"verb": "bet"}}')
Traceback (most recent call last):
...
bragkit.web.protocol.ProtocolError: malformed: at must be a whole number from 0

Server messages carry ``seq``, the number of the table event they reflect:

>>> encode(server_message("pong", 12))
'{"v":1,"type":"pong","seq":12}'
>>> error_message(ProtocolError("stale", "the table moved on", re="a1"), 12)["code"]
'stale'
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from bragkit.actions import Action, HandChoice, Verb
from bragkit.cards import parse_cards
from bragkit.errors import BragError, InvalidActionError, InvalidCardError

__all__ = [
    "BOT_KIND",
    "HOST_OPS",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "Act",
    "Away",
    "Chat",
    "ClientMessage",
    "ErrorCode",
    "Hello",
    "Host",
    "Leave",
    "Ping",
    "ProtocolError",
    "Resume",
    "Seed",
    "Sit",
    "check_name",
    "check_token",
    "encode",
    "error_message",
    "parse_client",
    "server_message",
]

#: The protocol version: the ``v`` of every message.
PROTOCOL_VERSION: Final = 1
#: The longest client message accepted, in bytes of UTF-8.
MAX_MESSAGE_BYTES: Final = 8192
#: The host's commands (the ``op`` of a ``host`` message).
HOST_OPS: Final = ("add_bot", "remove", "start", "pause", "resume", "close", "mute", "unmute",
                   "handover")
#: What a bot's kind looks like (which kinds a table's game has is the table's to say:
#: :func:`bragkit.bots.players`).
BOT_KIND: Final = re.compile(r"[a-z][a-z0-9-]{0,31}")

_ID: Final = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{22,128}")
_NAME_CHARS: Final = re.compile(r"[\w .'-]+")
_MAX_NAME: Final = 20
_MAX_SEED: Final = 200
_MAX_AMOUNT: Final = 10**9


class ErrorCode(StrEnum):
    """Why a client message was refused (the ``code`` of an ``error`` reply)."""

    MALFORMED = "malformed"  # not JSON, not the shape of any message, a bad field
    VERSION = "version"  # another protocol version
    ORDER = "order"  # out of order: before hello, a second hello, from the future
    FORBIDDEN = "forbidden"  # forged: a seat or host right the sender does not hold
    STALE = "stale"  # built on a state the player's options have since left behind
    ILLEGAL = "illegal"  # the rules refuse it (``rule`` names the rule id)
    REFUSED = "refused"  # the table cannot do it now (a taken seat, a closed table...)
    CONFLICT = "conflict"  # an id reused for a different message
    UNAVAILABLE = "unavailable"  # the server could not store it: nothing changed
    LIMITED = "limited"  # too many messages, or a house limit (top-ups): wait


class ProtocolError(BragError):
    """A client message refused: ``code`` (an :class:`ErrorCode` value), a message for people,
    the ``rule`` it breaks when the rules refuse it, and ``re``, the id of the message refused."""

    def __init__(self, code: str, message: str, *, rule: str | None = None,
                 re: str | None = None) -> None:
        self.code = ErrorCode(code)
        self.reason = message
        self.rule = rule
        self.re = re
        super().__init__(f"{self.code.value}: {message}" + (f" (rule {rule})" if rule else ""))


# -- client messages ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class Hello:
    """The first message on a connection: the seat token and host token the browser holds (if
    any) and the last ``seq`` it has seen (to resume after a reconnect)."""

    token: str | None = None
    host: str | None = None
    last_seq: int | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Resume:
    """Ask for everything after ``last_seq`` again (a client that noticed a gap)."""

    last_seq: int | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Sit:
    """Take seat ``seat`` as ``name`` with ``buy_in`` chips (None: the table's default), held by
    ``token``, a secret the browser made and keeps (the server stores only its hash)."""

    id: str
    seat: int
    name: str
    token: str
    buy_in: int | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Act:
    """An action of the sender's seat, built on the state of event ``at``. ``player``, when
    given, must be the sender's own name."""

    id: str
    at: int
    verb: str
    amount: int | None = None
    hand: HandChoice | None = None
    cards: tuple[str, ...] = ()
    player: str | None = None
    # issue 14: a Crash arrangement's hands (C2)
    sets: tuple[tuple[str, ...], ...] = field(default=(), repr=False)

    def to_action(self, player: str) -> Action:
        """The engine's :class:`~bragkit.actions.Action` for ``player``: ``agree`` (or, as older
        pages send it, ``showdown``) is the player agreeing to a showdown (rule B8). Refuses a
        verb or argument that makes no action."""
        try:
            verb = Verb(self.verb)
            if verb is Verb.SHOWDOWN:
                verb = Verb.AGREE
            return Action(
                player=player, verb=verb, amount=self.amount,
                cards=parse_cards(" ".join(self.cards)) if self.cards else (), hand=self.hand,
                sets=tuple(tuple(parse_cards(" ".join(s))) for s in self.sets),
            )
        except (ValueError, InvalidActionError, InvalidCardError) as error:
            raise ProtocolError("malformed", f"not an action: {error}", re=self.id) from None


@dataclass(frozen=True, kw_only=True, slots=True)
class Seed:
    """A client seed for the next fair shuffle (see :mod:`bragkit.fairness`)."""

    id: str
    seed: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Host:
    """A host command (``op`` one of :data:`HOST_OPS`); ``seat`` for ``add_bot`` and
    ``remove``, and ``bot`` the kind of bot to add (default ``random``)."""

    id: str
    op: str
    seat: int | None = None
    bot: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Leave:
    """The sender's seat leaves the table (cashing out) at the end of the deal in progress."""

    id: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Ping:
    """Are you there? (answered by ``pong``)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Chat:
    """A chat line from the sender's seat (see :mod:`bragkit.web.chat`)."""

    id: str
    text: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Away:
    """The sender's seat sits out from the next deal (``away`` true), or comes back."""

    id: str
    away: bool


ClientMessage = Hello | Resume | Sit | Act | Seed | Host | Leave | Ping | Chat | Away


def parse_client(text: str | bytes) -> ClientMessage:
    """One client message from its JSON text; :class:`ProtocolError` with code ``malformed``
    or ``version`` if it is not one (naming the message's ``id`` where it has one)."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("malformed", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "not JSON") from None
    except RecursionError:  # JSON nested thousands deep: no message is built like that
        raise ProtocolError("malformed", "JSON nested too deep") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    ident = data.get("id")
    re_id = ident if isinstance(ident, str) and _ID.fullmatch(ident) else None
    version = data.get("v")
    if version != PROTOCOL_VERSION:
        raise ProtocolError("version", f"this server speaks protocol {PROTOCOL_VERSION}, not "
                            f"{version!r}", re=re_id)
    kind = data.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise ProtocolError("malformed", f"unknown message type {kind!r}", re=re_id)
    fields = _Fields(data, re_id)
    message = parser(fields)
    fields.done()
    return message


class _Fields:
    """Typed access to a message's fields; unknown fields are refused (a typo is not ignored)."""

    def __init__(self, data: dict[str, Any], re_id: str | None) -> None:
        self.data = data
        self.re = re_id
        self.used = {"v", "type"}

    def fail(self, message: str) -> ProtocolError:
        return ProtocolError("malformed", message, re=self.re)

    def get(self, name: str) -> Any:
        self.used.add(name)
        return self.data.get(name)

    def id(self) -> str:
        value = self.get("id")
        if not isinstance(value, str) or not _ID.fullmatch(value):
            raise self.fail("id must be 1 to 64 letters, digits or _.:-")
        return value

    def whole(self, name: str, *, optional: bool = False, least: int = 0) -> Any:
        value = self.get(name)
        if value is None and optional:
            return None
        if type(value) is not int or not least <= value <= _MAX_AMOUNT:
            raise self.fail(f"{name} must be a whole number from {least}")
        return value

    def text(self, name: str, *, optional: bool = False) -> Any:
        value = self.get(name)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self.fail(f"{name} must be a string")
        return value

    def done(self) -> None:
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise self.fail(f"unknown field {extra[0]!r}")


def _hello(f: _Fields) -> Hello:
    token, host = f.text("token", optional=True), f.text("host", optional=True)
    for name, value in (("token", token), ("host", host)):
        if value is not None and not _TOKEN.fullmatch(value):
            raise f.fail(f"{name} must be 22 to 128 letters, digits, _ or -")
    return Hello(token=token, host=host, last_seq=f.whole("last_seq", optional=True))


def _resume(f: _Fields) -> Resume:
    return Resume(last_seq=f.whole("last_seq", optional=True))


def _sit(f: _Fields) -> Sit:
    ident = f.id()
    token = f.text("token")
    if not _TOKEN.fullmatch(token):
        raise f.fail("token must be 22 to 128 letters, digits, _ or -")
    try:
        name = check_name(f.text("name"))
    except ProtocolError as error:
        raise f.fail(error.reason) from None
    return Sit(id=ident, seat=f.whole("seat"), name=name, token=token,
               buy_in=f.whole("buy_in", optional=True, least=1))


def _act(f: _Fields) -> Act:
    ident = f.id()
    at = f.whole("at")
    action = f.get("action")
    if not isinstance(action, dict):
        raise f.fail("action must be an object with a verb")
    allowed = {"verb", "amount", "hand", "cards", "player", "sets"}
    extra = sorted(set(action) - allowed)
    if extra:
        raise f.fail(f"unknown action field {extra[0]!r}")
    verb = action.get("verb")
    if not isinstance(verb, str) or verb not in {v.value for v in Verb}:
        raise f.fail(f"unknown verb {verb!r}")
    amount = action.get("amount")
    if amount is not None and (type(amount) is not int or not 0 <= amount <= _MAX_AMOUNT):
        raise f.fail("amount must be a whole number of chips")
    hand = action.get("hand")
    if hand not in (None, "old", "new"):
        raise f.fail("hand must be old or new")
    cards = action.get("cards", [])
    if not isinstance(cards, list) or len(cards) > 5 or not all(
            isinstance(c, str) and len(c) <= 3 for c in cards):
        raise f.fail("cards must be a list of at most five cards")
    player = action.get("player")
    if player is not None and not isinstance(player, str):
        raise f.fail("player must be a string")
    # issue 14: the hands of a Crash arrangement (C2): at most four, of at most four cards
    sets = action.get("sets", [])
    if not isinstance(sets, list) or len(sets) > 4 or not all(
            isinstance(s, list) and 1 <= len(s) <= 4
            and all(isinstance(c, str) and len(c) <= 3 for c in s) for s in sets):
        raise f.fail("sets must be a list of at most four hands of at most four cards")
    message = Act(id=ident, at=at, verb=verb, amount=amount, hand=hand, cards=tuple(cards),
                  player=player, sets=tuple(tuple(s) for s in sets))
    message.to_action(player or "someone")  # every field makes sense together
    return message


def _seed(f: _Fields) -> Seed:
    ident = f.id()
    seed = f.text("seed")
    if not 1 <= len(seed) <= _MAX_SEED or not seed.isprintable():
        raise f.fail(f"seed must be 1 to {_MAX_SEED} printable characters")
    return Seed(id=ident, seed=seed)


def _host(f: _Fields) -> Host:
    ident = f.id()
    op = f.text("op")
    if op not in HOST_OPS:
        raise f.fail(f"unknown host op {op!r}")
    seat = f.whole("seat", optional=op not in ("add_bot", "remove", "mute", "unmute",
                                                "handover"))
    bot = f.text("bot", optional=True)
    if bot is not None and not BOT_KIND.fullmatch(bot):
        raise f.fail(f"bot must be a bot's kind (lower-case letters, digits, -), not {bot!r}")
    return Host(id=ident, op=op, seat=seat, bot=bot)


def _leave(f: _Fields) -> Leave:
    return Leave(id=f.id())


def _chat(f: _Fields) -> Chat:
    return Chat(id=f.id(), text=f.text("text"))


def _away(f: _Fields) -> Away:
    ident = f.id()
    away = f.get("away")
    if type(away) is not bool:
        raise f.fail("away must be true or false")
    return Away(id=ident, away=away)


def _ping(f: _Fields) -> Ping:
    return Ping()


_PARSERS: Final[dict[str, Callable[[_Fields], ClientMessage]]] = {
    "hello": _hello, "resume": _resume, "sit": _sit, "act": _act, "seed": _seed,
    "host": _host, "leave": _leave, "ping": _ping, "chat": _chat, "away": _away,
}


def check_name(name: object) -> str:
    """A player's name as typed, in NFKC form (a full-width ``Ｃ`` is a ``C``): 1 to 20
    letters, digits, spaces and ``.'-_``, no space at either end, and not ``showdown`` (a word
    of the hand history).

    >>> check_name("Mary Ann"), check_name("Ｃy")
    ('Mary Ann', 'Cy')
    >>> check_name(" x")
    Traceback (most recent call last):
    ...
    bragkit.web.protocol.ProtocolError: malformed: a name is 1 to 20 letters, digits, spaces \
and .'-_ with no space at either end
    """
    if isinstance(name, str):
        name = unicodedata.normalize("NFKC", name)
    if (not isinstance(name, str) or not 1 <= len(name) <= _MAX_NAME or name != name.strip()
            or not _NAME_CHARS.fullmatch(name) or "  " in name):
        raise ProtocolError("malformed", f"a name is 1 to {_MAX_NAME} letters, digits, spaces "
                            "and .'-_ with no space at either end")
    if name.lower() == "showdown" or name.split()[-1] in {v.value for v in Verb}:
        raise ProtocolError("malformed", f"{name!r} reads as an action: choose another name")
    return name


def check_token(token: object) -> str:
    """A seat or host token: 22 to 128 characters of URL-safe base64."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise ProtocolError("forbidden", "not a token")
    return token


# -- server messages ---------------------------------------------------------------------------


def server_message(kind: str, seq: int, **fields: Any) -> dict[str, Any]:
    """A server message: ``v``, ``type``, ``seq`` (the table event it reflects), then fields."""
    return {"v": PROTOCOL_VERSION, "type": kind, "seq": seq, **fields}


def error_message(error: ProtocolError, seq: int) -> dict[str, Any]:
    """The ``error`` reply to a refused message: it changed nothing."""
    return server_message("error", seq, re=error.re, code=error.code.value,
                          message=error.reason, rule=error.rule)


def encode(message: Mapping[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
