"""The commands of a web table, checked: :class:`RoomCommands`, the part of a
:class:`~bragkit.web.room.Room` that turns a command into an :class:`~bragkit.web.events.Event`,
or refuses it with a :class:`~bragkit.web.protocol.ProtocolError` that changed nothing.

Each command is a method of the room (the room derives from :class:`RoomCommands`); it reads the
room's parts — its config, seats, deals, chat, who sits out, status and event count — and never
changes them: applying the event is :meth:`Room.apply <bragkit.web.room.Room.apply>`'s. Whether
an action is legal is the engine's to say (:meth:`Game.check
<bragkit.games.protocol.Game.check>` names the rule it breaks); a command adds only the table's
own business: who holds which seat, whether the table is open, paused or closed, and whether an
action was sent from a state that has moved on.
"""

from __future__ import annotations

from collections.abc import Sequence

from bragkit.actions import Action, HandChoice, Verb
from bragkit.errors import IllegalActionError, InvalidActionError
from bragkit.games.protocol import Game
from bragkit.web.away import Away
from bragkit.web.chat import Chat
from bragkit.web.config import MAX_CHIPS, TableConfig
from bragkit.web.driver import DealDriver
from bragkit.web.events import Event, Viewer
from bragkit.web.protocol import Act, ProtocolError
from bragkit.web.seats import Seats
from bragkit.web.secret import token_hash

__all__ = ["RoomCommands", "bot_kinds"]


def bot_kinds(config: TableConfig) -> dict[str, str]:
    """The bots a host may seat at a table (kind -> what it does): those of the one bot API
    that play its game (:func:`bragkit.bots.players.players`).

    >>> list(bot_kinds(TableConfig.from_dict({"game": "crash"})))
    ['random', 'expected', 'greedy']
    """
    from bragkit.bots.players import players

    return players(config.game)


def _refuse(message: str, re: str | None) -> ProtocolError:
    return ProtocolError("refused", message, re=re)


def _check(deal: Game, action: Action, re: str) -> None:
    """The engine's own check: a refused action names the rule it breaks."""
    try:
        deal.check(action)
    except IllegalActionError as why:
        raise ProtocolError("illegal", why.reason, rule=why.rule, re=re) from None
    except InvalidActionError as why:  # a verb this game does not take
        raise ProtocolError("malformed", str(why), re=re) from None


class RoomCommands:
    """The commands of a :class:`~bragkit.web.room.Room` (see the module docstring): each
    checks the room and returns the :class:`~bragkit.web.events.Event` that carries it out.
    The room supplies the parts they read."""

    config: TableConfig
    seating: Seats
    dealing: DealDriver
    chat: Chat
    away: Away
    status: str
    seq: int

    def _open(self, re: str | None) -> None:
        """Refuse a command a closed (or closing) table no longer takes."""
        if self.status in ("closed", "closing"):
            raise _refuse("the table is closed", re)

    def _fixed(self, re: str | None) -> None:
        """Refuse a change of seats or money once a sit-and-go has started (rule T4)."""
        if self.config.sit_and_go is not None and self.dealing.session is not None:
            raise _refuse("this sit-and-go has started: its seats are fixed, no one sits down, "
                          "leaves, sits out or tops up until one player holds every chip "
                          "(rules T4, M1)", re)

    def _ledger(self) -> tuple[str, ...]:
        """Everyone who ever sat at the table (their names stay theirs)."""
        return self.dealing.session.ledger.players if self.dealing.session is not None else ()

    def sit(self, viewer: Viewer, *, seat: int, name: str, token: str, id: str,
            buy_in: int | None = None, account: int | None = None) -> Event:
        """Take a seat (a name is checked by :func:`~bragkit.web.protocol.check_name` first),
        bringing ``buy_in`` (default: the table's), at least the least buy-in (M1). ``account``:
        the number of the account the sitter is signed in to (None: a guest), recorded on the
        event (a player's history and rating); a rated table seats only signed-in players."""
        self._open(id)
        self._fixed(id)
        if account is None and self.config.rated:
            raise _refuse("this table is rated: sign in to sit down", id)
        if self.config.members and account not in self.config.members:
            raise _refuse("this is a league night's table: only the league's members sit, "
                          "signed in", id)
        if viewer.name is not None:
            raise _refuse(f"you already sit at this table as {viewer.name}", id)
        hashed = token_hash(token)
        seats = self.seating
        if seats.by_token(hashed) is not None:
            raise ProtocolError("conflict", "that token already holds a seat", re=id)
        seats.check_free(seat, id)
        seats.check_name(name, self._ledger(), id, token_hash=hashed)
        amount = self.config.buy_in if buy_in is None else buy_in
        least = self.config.least_buy_in
        if type(amount) is not int or not least <= amount <= MAX_CHIPS:
            raise _refuse(f"bring at least {least} chips to sit down (rule M1)", id)
        if self.config.sit_and_go is not None and amount != self.config.buy_in:
            raise _refuse(f"a sit-and-go's stacks are equal: bring {self.config.buy_in} "
                          "(rule T4)", id)
        data = {"seat": seat, "name": name, "token_hash": hashed, "bot": None, "buy_in": amount}
        if account is not None:  # events stored before accounts were recorded have none
            data["account"] = account
        return Event(kind="sit", data=data, client_id=id, principal=hashed)

    def host_op(self, viewer: Viewer, *, op: str, id: str, seat: int | None = None,
                bot: str | None = None) -> Event:
        """A host command: ``add_bot`` (in ``seat``, of kind ``bot``), ``remove`` (whoever sits
        in ``seat``, at the end of the deal), ``start``, ``pause``, ``resume``, ``handover``,
        ``mute``, ``unmute``, ``close``."""
        if not viewer.host:
            raise ProtocolError("forbidden", "only the host may do that", re=id)
        seats = self.seating
        status = self.status
        event: Event
        if op == "add_bot":
            self._open(id)
            self._fixed(id)
            if self.config.rated:
                raise _refuse("this table is rated: only signed-in players sit, no bots", id)
            if self.config.members:
                raise _refuse("this is a league night's table: only its members sit, no bots",
                              id)
            assert seat is not None
            seats.check_free(seat, id)
            kind = bot or "random"
            kinds = bot_kinds(self.config)
            if kind not in kinds:
                raise _refuse(f"the {kind} bot does not play {self.config.game} (its bots: "
                              f"{', '.join(kinds)})", id)
            name = seats.bot_name(kind, self._ledger())
            event = Event(kind="sit", data={"seat": seat, "name": name, "token_hash": None,
                                            "bot": kind, "buy_in": self.config.buy_in})
        elif op == "remove":
            self._open(id)
            self._fixed(id)
            if seat not in seats:
                raise _refuse(f"seat {seat} is empty", id)
            event = Event(kind="leave", data={"seat": seat})
        elif op == "start":
            if status != "lobby":
                raise _refuse("the table has already started", id)
            if len(seats) < 2:
                raise _refuse("two or more players must sit down first (rule D1)", id)
            event = Event(kind="start")
        elif op == "pause":
            if status != "playing":
                raise _refuse(f"the table is {status}, not playing", id)
            event = Event(kind="pause")
        elif op == "resume":
            if status != "paused":
                raise _refuse(f"the table is {status}, not paused", id)
            event = Event(kind="resume")
        elif op == "handover":  # the host role to a seated person (not a bot)
            self._open(id)
            if seat is None or seat not in seats or seats[seat].bot is not None:
                raise _refuse("hand the host role to a seated person", id)
            event = Event(kind="handover", data={"player": seats[seat].name})
        elif op in ("mute", "unmute"):  # chat only: the muted player still plays
            if seat is None or seat not in seats:
                raise _refuse(f"seat {seat} is empty", id)
            event = Event(kind="mute", data={"player": seats[seat].name, "muted": op == "mute"})
        elif op == "close":
            self._open(id)
            event = Event(kind="close")
        else:  # pragma: no cover - the protocol refuses unknown ops
            raise ProtocolError("malformed", f"unknown host op {op!r}", re=id)
        return Event(kind=event.kind, data=event.data, client_id=id, principal="host")

    def leave(self, viewer: Viewer, *, id: str) -> Event:
        """The viewer's seat leaves (at the end of the deal in progress)."""
        seat = self.seating.held(viewer, id)
        self._fixed(id)
        return Event(kind="leave", data={"seat": seat.position}, client_id=id,
                     principal=viewer.token_hash)

    def seed(self, viewer: Viewer, *, seed: str, id: str) -> Event:
        """A client seed for the next fair shuffle: one per seat per shuffle, between deals."""
        seat = self.seating.held(viewer, id)
        if self.dealing.commitment is None or self.dealing.in_deal:
            raise _refuse("no shuffle is waiting for seeds now", id)
        if seat.name in self.dealing.seeded_now():
            raise _refuse("you already added a seed to this shuffle", id)
        return Event(kind="seed", data={"player": seat.name, "seed": seed}, client_id=id,
                     principal=viewer.token_hash)

    def act(self, viewer: Viewer, *, verb: str, at: int, id: str, amount: int | None = None,
            hand: HandChoice | None = None, cards: Sequence[str] = (),
            player: str | None = None, sets: Sequence[Sequence[str]] = ()) -> Event:
        """An action of the viewer's seat, built on the state of event ``at`` (see
        :class:`~bragkit.web.protocol.Act`; ``sets`` the hands of a Crash arrangement, C2);
        the engine's check names the rule a refused one breaks."""
        seat = self.seating.held(viewer, id)
        name = seat.name
        if player is not None and player != name:
            raise ProtocolError("forbidden", f"you hold {name}'s seat, not {player}'s", re=id)
        if at > self.seq:
            raise ProtocolError("order", f"event {at} has not happened yet (the table is at "
                                f"{self.seq})", re=id)
        action = Act(id=id, at=at, verb=verb, amount=amount, hand=hand, cards=tuple(cards),
                     player=player, sets=tuple(tuple(s) for s in sets)).to_action(name)
        if self.status == "closed" or self.dealing.session is None:
            raise _refuse(f"the table is {self.status}: no deal to act in", id)
        driver = self.dealing
        deal = driver.deal
        in_deal = driver.playing(name)
        if action.verb is Verb.TOPUP:
            self._fixed(id)
        if action.verb is Verb.TOPUP and not in_deal:  # rule M1: money at any time
            assert action.amount is not None
            if not 1 <= action.amount <= MAX_CHIPS:
                raise _refuse("a top-up is at least 1 chip (rule M1)", id)
            return Event(kind="topup", data={"player": name, "amount": action.amount},
                         client_id=id, principal=viewer.token_hash)
        if not in_deal or deal is None:
            raise _refuse("you are not in a deal in progress", id)
        if self.status == "paused":
            raise _refuse("the table is paused", id)
        changed = driver.menu_seq(name)
        if at < changed and action.verb is not Verb.TOPUP:
            raise ProtocolError("stale", f"your options changed at event {changed}; this was sent "
                                f"from event {at}", re=id)
        _check(deal, action, id)
        return Event(kind="act", data={"player": name, "action": str(action)}, client_id=id,
                     principal=viewer.token_hash)

    def bot_act(self, name: str, action: Action) -> Event:
        """A bot's action (checked like anyone's)."""
        deal = self.dealing.deal
        if deal is None or not self.dealing.in_deal or self.status not in ("playing", "closing"):
            raise _refuse("no deal is in progress", None)  # a closing table plays its deal out
        if self.seating.bots.get(name) is None or not deal.can_apply(action) or (
                action.player not in (name, None)):
            raise _refuse(f"{name} cannot {action} now", None)
        if action.verb is Verb.TOPUP:
            self._fixed(None)  # a sit-and-go's bots bring nothing either (T4)
        return Event(kind="act", data={"player": name, "action": str(action)})

    def timeout_event(self) -> Event | None:
        """The player whose decision is pending ran out of time (on a closing table too): the
        game's own ``timeout_action`` (fold, drop, throw, stand, pass; TP5: decline a sideshow; in
        a game of sets, the engine's suggestion)."""
        deal = self.dealing.deal
        name = self.dealing.to_act
        if deal is None or name is None or self.status not in ("playing", "closing"):
            return None
        chosen = deal.timeout_action(name)  # the game's own default (fold, drop, decline...)
        if chosen is not None and chosen.player == name and deal.can_apply(chosen):
            return Event(kind="timeout", data={"player": name, "action": str(chosen)})
        return None  # pragma: no cover - every game offers one of these

    def deal_event(self) -> Event | None:
        """The next deal, if one can start now: the table is playing, between deals, with two
        or more players."""
        table = self.dealing.session
        if self.status != "playing" or table is None or table.in_deal or len(table.seats) < 2:
            return None
        return Event(kind="deal")

    def say(self, viewer: Viewer, *, text: str, id: str, at: float) -> Event:
        """A chat line from the viewer's seat, sent at server time ``at`` (see
        :mod:`bragkit.web.chat`: length, rate, mute); no part of the deal."""
        from bragkit.web.chat import ChatError

        seat = self.seating.held(viewer, id)
        try:
            line = self.chat.check(seat.name, text, at=at)
        except ChatError as error:
            raise _refuse(str(error), id) from None
        return Event(kind="chat", data={"player": seat.name, "text": line, "at": at},
                     client_id=id, principal=viewer.token_hash)

    def sit_out(self, viewer: Viewer, *, away: bool, id: str) -> Event:
        """The viewer's seat sits out from the next deal, or comes back (see
        :mod:`bragkit.web.away`): once the table has started, while it is open."""
        seat = self.seating.held(viewer, id)
        self._open(id)
        if self.dealing.session is None:
            raise _refuse("the table has not started: nothing to sit out yet", id)
        self._fixed(id)
        if away == self.away.wants_out(seat.name):
            raise _refuse("you already sit out" if away else "you are not sitting out", id)
        return Event(kind="away", data={"player": seat.name, "away": away}, client_id=id,
                     principal=viewer.token_hash)
