"""A bot at a web table: :class:`RemoteSeat` joins a table by its invite link and plays a seat
through the WebSocket protocol a browser speaks (``docs/web-protocol.md``).

It opens ``ws://HOST/ws/{table}``, says ``hello``, takes the first empty seat (``sit``, with a
seat token it made: a secret it keeps in memory), and then answers every decision of its seat
from the state the server sends that seat, and nothing else: the view and the menu are read
back by :class:`~bragkit.bots.seat_reading.SeatReader`, the bot is asked in a worker thread
with a deadline under the table's turn timer (:class:`~bragkit.bots.seat_bot.SeatBot`), and
a bot that fails or is too slow is answered for (:func:`~bragkit.bots.seat_bot.fallback`).
A dropped connection is opened again with a growing pause (0.5 s, doubled up to 10 s), and
the seat resumed with its token (``hello`` with ``last_seq``); commands not yet answered are
sent again under their ids (the server applies a command once, however often it is sent).

>>> invite("http://localhost:8000/t/AbC-12_x#host=zzz")
Invite(site='http://localhost:8000', socket='ws://localhost:8000/ws/AbC-12_x', table='AbC-12_x')
>>> invite("ftp://example.com/t/abc")
Traceback (most recent call last):
...
bragkit.errors.BragError: not an invite link: 'ftp://example.com/t/abc' (one reads \
http://HOST/t/TABLE)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from bragkit.actions import Action, Verb
from bragkit.bots.seat_bot import BotChoice, SeatBot, fallback
from bragkit.bots.seat_reading import SeatReader, menu
from bragkit.cards import Card
from bragkit.errors import BragError

__all__ = ["Invite", "RemoteSeat", "invite"]

_TABLE: Final = re.compile(r"/t/([A-Za-z0-9_-]{1,64})/?")
#: Close codes after which the page stops reconnecting: no seat to come back to.
_FINAL_CODES: Final = {4403: "the server refused this connection (another site's origin)",
                       4404: "no such table", 4429: "too many messages: the server closed us"}
#: The pause before reconnecting: the first, and the longest it grows to (seconds).
FIRST_PAUSE: Final = 0.5
LONGEST_PAUSE: Final = 10.0
#: Seconds kept spare under the turn timer (the answer must reach the server in time).
MARGIN: Final = 1.0
#: Seconds a bot may think at a table without a turn timer.
UNTIMED: Final = 30.0


@dataclass(frozen=True, slots=True)
class Invite:
    """Where a table is: the site (``http(s)://HOST``), its WebSocket and its id."""

    site: str
    socket: str
    table: str


def invite(url: str) -> Invite:
    """The table an invite link (``http(s)://HOST/t/TABLE``, as the lobby gives it) names."""
    parts = urlsplit(url.strip())
    found = _TABLE.fullmatch(parts.path)
    if parts.scheme not in ("http", "https") or not parts.netloc or found is None:
        raise BragError(f"not an invite link: {url!r} (one reads http://HOST/t/TABLE)")
    scheme = "wss" if parts.scheme == "https" else "ws"
    table = found.group(1)
    return Invite(site=f"{parts.scheme}://{parts.netloc}",
                  socket=f"{scheme}://{parts.netloc}/ws/{table}", table=table)


@dataclass(slots=True)
class _Deal:
    """What the seat follows of the deal in progress."""

    number: int
    shuffled: bool
    face_up: dict[str, Any] = field(default_factory=dict)
    ended: bool = False


class RemoteSeat:
    """A bot (``choice``) at the table of ``url`` (an invite link): see the module docstring.
    ``name`` to sit under (default: the bot's), ``seat`` (default: the first empty),
    ``deals``: leave after playing that many (None: play until the table closes);
    ``give_up``: seconds without a connection before giving up; ``say`` hears a line for
    people at each step."""

    def __init__(self, url: str, choice: BotChoice, *, name: str | None = None,
                 seat: int | None = None, deals: int | None = None, give_up: float = 300.0,
                 say: Callable[[str], None] = lambda line: None) -> None:
        self.invite = invite(url)
        self.choice = choice
        self.name = name or choice.name
        self._base_name = self.name
        self.wanted_seat = seat
        self.deals = deals
        self.give_up = give_up
        self.say = say
        self.token = secrets.token_urlsafe(32)
        self.seated: str | None = None  # the name the seat is held under
        self.played = 0  # deals played to their end
        self.acted = 0  # actions the table applied
        self.stood_in = 0  # decisions answered for the bot (out of time, failed, illegal)
        self.reconnects = 0
        self._last_seq: int | None = None
        self._state: dict[str, Any] | None = None
        self._timer: dict[str, Any] | None = None
        self._settings: dict[str, Any] = {}
        self._lines: dict[int, str] = {}
        self._bot: SeatBot | None = None
        self._reader: SeatReader | None = None
        self._deal: _Deal | None = None
        self._sent: dict[str, dict[str, Any]] = {}  # commands not yet answered, by id
        self._count = 0
        self._decided: tuple[Any, ...] | None = None
        self._names_tried = 0  # seats asked for again (a name or a seat taken meanwhile)
        self._renamed = 0
        self._leaving = False
        self._done = False
        self._socket: ClientConnection | None = None

    # -- the connection ------------------------------------------------------------------------

    async def run(self) -> int:
        """Play until done (the deals asked for, or the table closed); the deals played.
        :class:`BragError` for a server that cannot be reached at first, a table that does not
        exist or refuses the seat, a bot that does not play the table's game."""
        pause = FIRST_PAUSE
        lost_since: float | None = None
        loop = asyncio.get_running_loop()
        while not self._done:
            try:
                async with connect(self.invite.socket, open_timeout=10,
                                   max_size=2**24) as socket:
                    self._socket = socket
                    pause, lost_since = FIRST_PAUSE, None
                    asked = self.seated is not None or self._names_tried or any(
                        m["type"] == "sit" for m in self._sent.values())
                    await self._send({"type": "hello", "last_seq": self._last_seq,
                                      **({"token": self.token} if asked else {})})
                    for message in list(self._sent.values()):  # unanswered: once again
                        await self._send(message)
                    async for text in socket:
                        await self._receive(json.loads(text))
                        if self._done:
                            return self.played
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                if code in _FINAL_CODES:
                    raise BragError(f"{self.invite.site}: {_FINAL_CODES[code]}") from None
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
                if self._last_seq is None:
                    raise BragError(f"cannot reach {self.invite.site}: "
                                    f"{error or type(error).__name__}") from None
            finally:
                self._socket = None
            if self._done:
                break
            now = loop.time()
            lost_since = now if lost_since is None else lost_since
            if now - lost_since > self.give_up:
                raise BragError(f"lost {self.invite.site} for {self.give_up:.0f} s: giving up")
            self.reconnects += 1
            self.say(f"connection lost: trying again in {pause:g} s")
            await asyncio.sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)
        return self.played

    async def _send(self, message: dict[str, Any]) -> None:
        socket = self._socket
        if socket is None:
            return
        with contextlib.suppress(ConnectionClosed):  # the loop reconnects; a command is
            await socket.send(json.dumps({"v": 1, **message}))  # kept until answered

    async def _command(self, message: dict[str, Any]) -> None:
        self._count += 1
        ident = f"b{self._count}-{secrets.token_hex(3)}"
        command = {**message, "id": ident}
        self._sent[ident] = command
        await self._send(command)

    # -- what the server says ------------------------------------------------------------------

    async def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            you = message.get("you") or {}
            if self.seated and you.get("name") != self.seated:
                raise BragError("the table no longer knows this seat")
            return
        if kind == "sync":
            self._settings = message.get("settings") or self._settings
            self._lines = {line["seq"]: line["text"] for line in message.get("log", [])}
            self._last_seq = message["seq"]
            await self._on_state(message["state"], message.get("timer"))
        elif kind == "state":
            seq = message["seq"]
            if self._last_seq is not None and seq > self._last_seq + 1:
                await self._send({"type": "resume", "last_seq": self._last_seq})
                return
            if self._last_seq is not None and seq <= self._last_seq:
                return
            self._last_seq = seq
            for text in message.get("lines", []):
                self._lines[seq] = text
            await self._on_state(message["state"], message.get("timer"))
        elif kind == "reply":
            sent = self._sent.pop(message.get("re") or "", None)
            if sent is not None and sent["type"] == "sit":
                self.seated = sent["name"]
                self.say(f"{self.seated} sits at seat {sent['seat']} of table "
                         f"{self.invite.table} ({self._settings.get('game')})")
            elif sent is not None and sent["type"] == "act":
                self.acted += 1
                if self._state is not None:  # still to act? (after a look)
                    await self._on_state(self._state, self._timer)
        elif kind == "error":
            await self._on_error(message)

    async def _on_error(self, message: dict[str, Any]) -> None:
        sent = self._sent.pop(message.get("re") or "", None)
        code, reason = message.get("code"), message.get("message")
        if sent is None:
            return
        if sent["type"] == "sit":
            text = str(reason)
            renamed = "choose another name" in text and self._names_tried < 5
            reseat = (f"seat {sent['seat']} is taken" in text and self.wanted_seat is None
                      and self._names_tried < 5)
            if code == "refused" and (renamed or reseat) and self._state is not None:
                self._names_tried += 1
                if renamed:  # "Shark is taken at this table": Shark 2, Shark 3...
                    self._renamed += 1
                    self.name = f"{self._base_name[:17]} {self._renamed + 1}"
                await self._sit(self._state)  # (taken meanwhile: the first seat still empty)
                return
            raise BragError(f"the table refused the seat: {reason}")
        if code in ("unavailable", "limited"):
            await asyncio.sleep(0.5)
            self._sent[sent["id"]] = sent
            await self._send(sent)
            return
        self._decided = None  # stale or illegal: decide again on the state now
        if self._state is None or sent["type"] != "act":
            return
        if code == "illegal":
            self.stood_in += 1
            self.say(f"refused ({reason}): playing the timeout move")
            await self._fallback(self._state)
        else:
            await self._on_state(self._state, self._timer)

    # -- playing -------------------------------------------------------------------------------

    async def _on_state(self, state: dict[str, Any], timer: dict[str, Any] | None) -> None:
        self._state, self._timer = state, timer
        table = state.get("table") or {}
        if table.get("status") == "closed":
            self.say(f"table {self.invite.table} closed after {self.played} deal(s)")
            self._done = True
            return
        if self.seated is None:
            await self._sit(state)
            return
        if self._leaving and _stack(state, self.seated) is None:
            self.say(f"{self.seated} left the table after {self.played} deal(s)")
            self._done = True  # the seat is empty: the leave took effect
            return
        if self._bot is None:
            self._make_bot()
        deal = state.get("deal")
        if deal is not None and deal.get("viewer") == self.seated:
            await self._follow(deal, state)
        await self._decide(state, deal, timer)

    async def _sit(self, state: dict[str, Any]) -> None:
        if any(m["type"] == "sit" for m in self._sent.values()):
            return
        seats = state.get("seats") or []
        free = [i for i, s in enumerate(seats) if s is None]
        seat = self.wanted_seat if self.wanted_seat is not None else (free[0] if free else None)
        if seat is None:
            raise BragError("the table refused the seat: no empty seat")
        if not 0 <= seat < len(seats):
            raise BragError(f"the table refused the seat: there is no seat {seat} (seats are "
                            f"0 to {len(seats) - 1})")
        if seat not in free:
            raise BragError(f"the table refused the seat: seat {seat} is taken")
        if self._bot is None:
            self._make_bot()  # before sitting: a bot that does not play the game never sits
        await self._command({"type": "sit", "seat": seat, "name": self.name,
                             "token": self.token})

    def _make_bot(self) -> None:
        settings = self._settings
        game = str(settings.get("game"))
        self._reader = SeatReader(game, settings.get("rules") or {})
        turn = float(settings.get("turn_seconds") or 0)
        budget = 0.25 if not turn else min(0.25, turn / 4)
        self._bot = self.choice.make(game, self._reader.rules, budget=budget)

    async def _follow(self, deal: dict[str, Any], state: dict[str, Any]) -> None:
        """The deal's events for a three-card agent (D4, D5), and the deals played."""
        assert self._bot is not None and self._reader is not None
        number = deal["number"]
        agent = self._bot.agent is not None
        if self._deal is None or self._deal.number != number:
            starts = [text for text in self._lines.values() if f"Deal {number}: " in text]
            # D4: a deal whose start line was missed counts as shuffled (a tracker forgets)
            shuffled = not starts or any("(a fresh shuffle)" in text for text in starts)
            self._deal = _Deal(number=number, shuffled=shuffled)
            self._lines.clear()
            if agent and not deal.get("over"):
                self._bot.observe(self._reader.started(self._reader.view(deal),
                                                       shuffled=shuffled))
        current = self._deal
        if agent:
            current.face_up.update(deal.get("face_up") or {})
        if deal.get("over") and not current.ended:
            current.ended = True
            self.played += 1
            if agent:
                fairness = state.get("fairness") or {}
                self._bot.observe(self._reader.ended(
                    self._reader.view(deal), shuffle_next=fairness.get("commitment") is not None,
                    face_up={p: _cards(c) for p, c in current.face_up.items()}))
            self.say(f"deal {number} over: {self.seated}'s stack "
                     f"{_stack(state, self.seated)}")
            if self.deals is not None and self.played >= self.deals:
                self._leaving = True
                await self._command({"type": "leave"})

    async def _decide(self, state: dict[str, Any], deal: dict[str, Any] | None,
                      timer: dict[str, Any] | None) -> None:
        you = state.get("you") or {}
        options = [o for o in you.get("legal", []) if o["verb"] != Verb.TOPUP.value]
        if deal is None or not options or deal.get("over"):
            self._decided = None
            return
        # one answer per decision: the same menu after an action of ours applied (another
        # draw towards 31, S4) is a new decision; another player's top-up or chat is not
        key = (deal["number"], json.dumps(options, sort_keys=True), you.get("agreed"),
               self.acted)
        if key == self._decided or any(m["type"] == "act" for m in self._sent.values()):
            return
        self._decided = key
        assert self._bot is not None and self._reader is not None
        at = self._last_seq or 0
        players = deal.get("players") or []
        view, moves = self._reader.read(deal, menu(you["legal"], players))
        seconds = self._seconds(timer)
        pending = state.get("pending") or {}
        answers = [o for o in moves if o.verb is not Verb.TOPUP and o.verb is not Verb.AGREE]
        asked = (pending.get("kind") == "showdown" and self.seated in pending.get("asked", ())
                 and not you.get("agreed") and any(o.verb is Verb.AGREE for o in moves))
        if asked and await self._bot.agrees(view, moves, seconds=seconds):
            agree = next(o for o in moves if o.verb is Verb.AGREE).action()
            await self._act(agree, at)
            return
        if not answers:
            return
        action = await self._bot.act(view, moves, seconds=seconds)
        if action is None:
            action = fallback(moves, deal.get("suggestion"), players)
            self.stood_in += 1
            self.say("the bot had no legal answer in time: playing the timeout move")
        if action is not None:
            await self._act(action, at)

    def _seconds(self, timer: dict[str, Any] | None) -> float:
        """How long the bot may think: under the turn timer by :data:`MARGIN` (at least a
        fifth of a second), else :data:`UNTIMED`."""
        if timer and timer.get("player") == self.seated and timer.get("remaining") is not None:
            return max(0.2, float(timer["remaining"]) - MARGIN)
        turn = float(self._settings.get("turn_seconds") or 0)
        return max(0.2, turn - MARGIN) if turn else UNTIMED

    async def _fallback(self, state: dict[str, Any]) -> None:
        deal, you = state.get("deal") or {}, state.get("you") or {}
        players = deal.get("players") or []
        action = fallback(menu(you.get("legal", []), players), deal.get("suggestion"), players)
        if action is not None and self._last_seq is not None:
            await self._act(action, self._last_seq)

    async def _act(self, action: Action, at: int) -> None:
        await self._command({"type": "act", "at": at, "action": wire_action(action)})


def wire_action(action: Action) -> dict[str, Any]:
    """An action as an ``act`` message carries it (``agree`` for a showdown, B8).

    >>> wire_action(Action.parse("Ann bet 4"))
    {'verb': 'bet', 'amount': 4}
    >>> wire_action(Action.parse("Ann arranges Ks Kh Kd | 7s 7h 7d"))["sets"]
    [['Ks', 'Kh', 'Kd'], ['7s', '7h', '7d']]
    """
    verb = Verb.AGREE if action.verb is Verb.SHOWDOWN else action.verb
    out: dict[str, Any] = {"verb": verb.value}
    if action.amount is not None:
        out["amount"] = action.amount
    if action.hand is not None:
        out["hand"] = action.hand
    if action.cards:
        out["cards"] = [str(c) for c in action.cards]
    if action.sets:
        out["sets"] = [[str(c) for c in s] for s in action.sets]
    return out


def _cards(texts: Any) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def _stack(state: dict[str, Any], name: str | None) -> Any:
    for seat in state.get("seats") or []:
        if seat is not None and seat.get("name") == name:
            return seat.get("stack")
    return None

