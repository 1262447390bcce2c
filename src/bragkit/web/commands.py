"""Commands to a web table, checked: each becomes an :class:`~bragkit.web.events.Event`, or is
refused with a :class:`~bragkit.web.protocol.ProtocolError` that changed nothing.

These are the checks behind :meth:`Room.sit <bragkit.web.room.Room.sit>`,
:meth:`Room.act <bragkit.web.room.Room.act>` and the other commands of a room; they read the
room and never change it. Whether an action is legal is the engine's to say
(:meth:`Game.check <bragkit.games.protocol.Game.check>` names the rule it breaks); the room
adds only the table's own business: who holds which seat, whether the table is open, paused or
closed, and whether an action was sent from a state that has moved on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bragkit.actions import Action, HandChoice, Verb
from bragkit.errors import IllegalActionError, InvalidActionError
from bragkit.games.protocol import Game
from bragkit.web.config import MAX_CHIPS, TableConfig
from bragkit.web.events import Event, Viewer
from bragkit.web.protocol import Act, ProtocolError
from bragkit.web.secret import token_hash

if TYPE_CHECKING:
    from bragkit.web.room import Room

__all__ = ["act", "bot_act", "bot_kinds", "chat", "deal_event", "host_op", "leave", "seed",
           "sit", "sit_out", "timeout_event"]


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


def _open(room: Room, re: str | None) -> None:
    if room.status in ("closed", "closing"):
        raise _refuse("the table is closed", re)


def _ledger(room: Room) -> tuple[str, ...]:
    return room.table.ledger.players if room.table is not None else ()


def sit(room: Room, viewer: Viewer, *, seat: int, name: str, token: str, id: str,
        buy_in: int | None = None) -> Event:
    """Take a seat (see :meth:`Room.sit <bragkit.web.room.Room.sit>`)."""
    _open(room, id)
    if viewer.name is not None:
        raise _refuse(f"you already sit at this table as {viewer.name}", id)
    hashed = token_hash(token)
    seats = room.seating
    if seats.by_token(hashed) is not None:
        raise ProtocolError("conflict", "that token already holds a seat", re=id)
    seats.check_free(seat, id)
    seats.check_name(name, _ledger(room), id, token_hash=hashed)
    amount = room.config.buy_in if buy_in is None else buy_in
    least = room.config.least_buy_in
    if type(amount) is not int or not least <= amount <= MAX_CHIPS:
        raise _refuse(f"bring at least {least} chips to sit down (rule M1)", id)
    return Event(kind="sit", data={"seat": seat, "name": name, "token_hash": hashed,
                                   "bot": None, "buy_in": amount},
                 client_id=id, principal=hashed)


def host_op(room: Room, viewer: Viewer, *, op: str, id: str, seat: int | None = None,
            bot: str | None = None) -> Event:
    """A host command (see :meth:`Room.host_op <bragkit.web.room.Room.host_op>`)."""
    if not viewer.host:
        raise ProtocolError("forbidden", "only the host may do that", re=id)
    seats = room.seating
    status = room.status
    event: Event
    if op == "add_bot":
        _open(room, id)
        assert seat is not None
        seats.check_free(seat, id)
        kind = bot or "random"
        kinds = bot_kinds(room.config)
        if kind not in kinds:
            raise _refuse(f"the {kind} bot does not play {room.config.game} (its bots: "
                          f"{', '.join(kinds)})", id)
        name = seats.bot_name(kind, _ledger(room))
        event = Event(kind="sit", data={"seat": seat, "name": name, "token_hash": None,
                                        "bot": kind, "buy_in": room.config.buy_in})
    elif op == "remove":
        _open(room, id)
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
        _open(room, id)
        if seat is None or seat not in seats or seats[seat].bot is not None:
            raise _refuse("hand the host role to a seated person", id)
        event = Event(kind="handover", data={"player": seats[seat].name})
    elif op in ("mute", "unmute"):  # chat only: the muted player still plays
        if seat is None or seat not in seats:
            raise _refuse(f"seat {seat} is empty", id)
        event = Event(kind="mute", data={"player": seats[seat].name, "muted": op == "mute"})
    elif op == "close":
        _open(room, id)
        event = Event(kind="close")
    else:  # pragma: no cover - the protocol refuses unknown ops
        raise ProtocolError("malformed", f"unknown host op {op!r}", re=id)
    return Event(kind=event.kind, data=event.data, client_id=id, principal="host")


def leave(room: Room, viewer: Viewer, *, id: str) -> Event:
    """The viewer's seat leaves (at the end of the deal in progress)."""
    seat = room.seating.held(viewer, id)
    return Event(kind="leave", data={"seat": seat.position}, client_id=id,
                 principal=viewer.token_hash)


def seed(room: Room, viewer: Viewer, *, seed: str, id: str) -> Event:
    """A client seed for the next fair shuffle: one per seat per shuffle, between deals."""
    seat = room.seating.held(viewer, id)
    if room.dealing.commitment is None or room.in_deal:
        raise _refuse("no shuffle is waiting for seeds now", id)
    if seat.name in room.dealing.seeded_now():
        raise _refuse("you already added a seed to this shuffle", id)
    return Event(kind="seed", data={"player": seat.name, "seed": seed}, client_id=id,
                 principal=viewer.token_hash)


def _check(deal: Game, action: Action, re: str) -> None:
    """The engine's own check: a refused action names the rule it breaks."""
    try:
        deal.check(action)
    except IllegalActionError as why:
        raise ProtocolError("illegal", why.reason, rule=why.rule, re=re) from None
    except InvalidActionError as why:  # a verb this game does not take
        raise ProtocolError("malformed", str(why), re=re) from None


def act(room: Room, viewer: Viewer, *, verb: str, at: int, id: str, amount: int | None = None,
        hand: HandChoice | None = None, cards: Sequence[str] = (),
        player: str | None = None, sets: Sequence[Sequence[str]] = ()) -> Event:
    """An action of the viewer's seat (see :meth:`Room.act <bragkit.web.room.Room.act>`)."""
    seat = room.seating.held(viewer, id)
    name = seat.name
    if player is not None and player != name:
        raise ProtocolError("forbidden", f"you hold {name}'s seat, not {player}'s", re=id)
    if at > room.seq:
        raise ProtocolError("order", f"event {at} has not happened yet (the table is at "
                            f"{room.seq})", re=id)
    action = Act(id=id, at=at, verb=verb, amount=amount, hand=hand, cards=tuple(cards),
                 player=player, sets=tuple(tuple(s) for s in sets)).to_action(name)
    if room.status == "closed" or room.table is None:
        raise _refuse(f"the table is {room.status}: no deal to act in", id)
    driver = room.dealing
    deal = driver.deal
    in_deal = driver.playing(name)
    if action.verb is Verb.TOPUP and not in_deal:  # rule M1: money at any time
        assert action.amount is not None
        if not 1 <= action.amount <= MAX_CHIPS:
            raise _refuse("a top-up is at least 1 chip (rule M1)", id)
        return Event(kind="topup", data={"player": name, "amount": action.amount},
                     client_id=id, principal=viewer.token_hash)
    if not in_deal or deal is None:
        raise _refuse("you are not in a deal in progress", id)
    if room.status == "paused":
        raise _refuse("the table is paused", id)
    changed = driver.menu_seq(name)
    if at < changed and action.verb is not Verb.TOPUP:
        raise ProtocolError("stale", f"your options changed at event {changed}; this was sent "
                            f"from event {at}", re=id)
    _check(deal, action, id)
    return Event(kind="act", data={"player": name, "action": str(action)}, client_id=id,
                 principal=viewer.token_hash)


def bot_act(room: Room, name: str, action: Action) -> Event:
    """A bot's action (checked like anyone's)."""
    deal = room.deal
    if deal is None or not room.in_deal or room.status not in ("playing", "closing"):
        raise _refuse("no deal is in progress", None)  # a closing table plays its deal out
    if room.bots.get(name) is None or not deal.can_apply(action) or (
            action.player not in (name, None)):
        raise _refuse(f"{name} cannot {action} now", None)
    return Event(kind="act", data={"player": name, "action": str(action)})


def timeout_event(room: Room) -> Event | None:
    """The player whose decision is pending ran out of time (on a closing table too): the
    game's own ``timeout_action`` (fold, drop, throw, stand, pass; TP5: decline a sideshow; in
    a game of sets, the engine's suggestion)."""
    deal = room.deal
    name = room.to_act
    if deal is None or name is None or room.status not in ("playing", "closing"):
        return None
    chosen = deal.timeout_action(name)  # the game's own default (fold, drop, decline...)
    if chosen is not None and chosen.player == name and deal.can_apply(chosen):
        return Event(kind="timeout", data={"player": name, "action": str(chosen)})
    return None  # pragma: no cover - every game offers one of these


def deal_event(room: Room) -> Event | None:
    """The next deal, if one can start now: the table is playing, between deals, with two
    or more players."""
    table = room.table
    if room.status != "playing" or table is None or table.in_deal or len(table.seats) < 2:
        return None
    return Event(kind="deal")


def chat(room: Room, viewer: Viewer, *, text: str, id: str, at: float) -> Event:
    """A chat line from the viewer's seat, sent at server time ``at`` (see
    :mod:`bragkit.web.chat`: length, rate, mute)."""
    from bragkit.web.chat import ChatError

    seat = room.seating.held(viewer, id)
    try:
        line = room.chat.check(seat.name, text, at=at)
    except ChatError as error:
        raise _refuse(str(error), id) from None
    return Event(kind="chat", data={"player": seat.name, "text": line, "at": at},
                 client_id=id, principal=viewer.token_hash)


def sit_out(room: Room, viewer: Viewer, *, away: bool, id: str) -> Event:
    """The viewer's seat sits out from the next deal, or comes back (see
    :mod:`bragkit.web.away`): once the table has started, while it is open."""
    seat = room.seating.held(viewer, id)
    _open(room, id)
    if room.table is None:
        raise _refuse("the table has not started: nothing to sit out yet", id)
    if away == room.away.wants_out(seat.name):
        raise _refuse("you already sit out" if away else "you are not sitting out", id)
    return Event(kind="away", data={"player": seat.name, "away": away}, client_id=id,
                 principal=viewer.token_hash)
