"""What happens at a web table without anyone sending a message: :class:`Scheduler`.

Each room has at most one pending wake-up, set again after every event (:meth:`Scheduler.plan`):
a bot's move (after the table's ``bot_delay``), the deadline of a person's turn (the house
option ``turn_seconds``: then they fold, R2 aside), or the next deal (after ``deal_pause``).
A wake-up makes an event like any other and hands it to ``commit``; one that finds its room
moved on (another event came first) does nothing. A bot is a player of the one bot API of every
game (:mod:`bragkit.bots.players`): it acts from its seat's view and menu only, answers a proposed
showdown (B8) where the game has one, and hears when a deal starts and ends, as a player at the
table would.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable, Mapping
from typing import Any

from bragkit.actions import Action, Verb
from bragkit.errors import BragError
from bragkit.web.config import TableConfig
from bragkit.web.events import Event
from bragkit.web.protocol import ProtocolError
from bragkit.web.room import Room

__all__ = ["CLOSING_TURN_SECONDS", "FIRST_DEAL_DELAY", "Scheduler", "make_bot"]

log = logging.getLogger("bragkit.web")

#: Seconds from the start of a table to its first deal (at most): the browsers' time to add
#: their seeds to the first shuffle. Later deals wait the table's ``deal_pause``.
FIRST_DEAL_DELAY = 1.0
#: Seconds a turn may take on a closing table without a turn limit of its own: a table the host
#: closes plays its deal out, so every pending decision there has a timer.
CLOSING_TURN_SECONDS = 60


def make_bot(kind: str, config: TableConfig) -> Any:
    """A bot of ``kind`` for a table's game and rules, from the one player API of every game
    (:func:`bragkit.bots.players.make_player`), with its own secure random source; the random
    player when another cannot be built."""
    from bragkit.bots.player import RandomPlayer
    from bragkit.bots.players import make_player

    try:
        return make_player(kind, game=config.game, rules=config.rules)
    except (ImportError, BragError, TypeError) as error:  # pragma: no cover - bots in progress
        log.warning("bot %s unavailable (%s), using a random bot", kind, error)
    return RandomPlayer()


def _takes_menu(bot: Any) -> bool:
    """Whether ``bot`` is a player of the generic API (``act(view, legal)``) rather than a
    three-card agent (``act(view)``)."""
    try:
        params = inspect.signature(bot.act).parameters.values()
    except (AttributeError, TypeError, ValueError):
        return True
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) != 1 or any(p.kind is p.VAR_POSITIONAL for p in params)


class Scheduler:
    """The wake-ups of every room in ``rooms`` (a live mapping, table id -> room): bots'
    moves, turn timers and deals, timed by ``clock``; each event made goes to ``commit``;
    ``bot_factory(kind, config)`` makes bots."""

    def __init__(
        self,
        *,
        rooms: Mapping[str, Room],
        commit: Callable[[Room, Event], object],
        clock: Callable[[], float],
        bot_factory: Callable[[str, TableConfig], Any],
    ) -> None:
        self.rooms = rooms
        self.clock = clock
        self.bot_factory = bot_factory
        self._commit = commit
        self._agents: dict[tuple[str, str], Any] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._turns: dict[str, tuple[int, str, float]] = {}
        self._next_deal: dict[str, float] = {}
        # rule B8: the bots that declined the showdown agreed so far, by table and agreement
        self._declined: dict[str, tuple[tuple[int, tuple[str, ...]], set[str]]] = {}

    def cancel(self, table_id: str) -> None:
        """Drop a room's pending wake-up."""
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()

    def cancel_all(self) -> None:
        """Drop every pending wake-up."""
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()

    def countdowns(self, room: Room) -> dict[str, Any]:
        """The clocks a message shows: the turn timer (``timer``) and the next deal's countdown
        (``next_deal_in``, seconds)."""
        now = self.clock()
        timer = None
        turn = self._turns.get(room.table_id)
        if turn is not None and room.status in ("playing", "closing"):
            _, player, deadline = turn
            timer = {"player": player, "remaining": round(max(deadline - now, 0.0), 2),
                     "total": self.turn_seconds(room)}
        next_deal = self._next_deal.get(room.table_id)
        return {"timer": timer,
                "next_deal_in": None if next_deal is None else round(max(next_deal - now, 0), 2)}

    @staticmethod
    def turn_seconds(room: Room) -> int:
        """A turn's time: the house option ``turn_seconds`` (0: no limit), but never unlimited
        on a closing table, which must reach the end of its deal (:data:`CLOSING_TURN_SECONDS`).
        """
        seconds = room.config.turn_seconds
        if room.status == "closing" and not seconds:
            return CLOSING_TURN_SECONDS
        return seconds

    def plan(self, room: Room) -> None:
        """Set the one pending wake-up of a room: a bot's move, a turn's deadline, or the next
        deal."""
        table_id = room.table_id
        self.cancel(table_id)
        self._next_deal.pop(table_id, None)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        now = self.clock()
        seq = room.seq
        if room.status not in ("playing", "closing"):
            self._turns.pop(table_id, None)
            return
        bot = self._to_agree(room)
        if bot is not None:  # rule B8: a bot answers a proposed showdown before play goes on
            self._timers[table_id] = loop.call_later(room.config.bot_delay, self._bot_agree,
                                                     table_id, seq, bot)
            return
        name = room.to_act
        if name is not None:
            if name in room.bots:
                self._turns.pop(table_id, None)
                self._timers[table_id] = loop.call_later(room.config.bot_delay, self._bot_move,
                                                         table_id, seq)
                return
            seconds = self.turn_seconds(room)
            if not seconds:
                self._turns.pop(table_id, None)
                return
            deal = room.deal
            number = room.table.deal_number if room.table is not None else 0
            turn = self._turns.get(table_id)
            if deal is None or turn is None or turn[:2] != (number, name):
                turn = (number, name, now + seconds)  # a new turn: a fresh timer
                self._turns[table_id] = turn
            self._timers[table_id] = loop.call_later(max(turn[2] - now, 0), self._timeout,
                                                     table_id, seq)
            return
        self._turns.pop(table_id, None)
        if room.deal_event() is not None:
            pause = room.config.deal_pause
            if room.table is not None and room.table.deal_number == 0:
                pause = min(pause, FIRST_DEAL_DELAY)  # time enough for the shuffle's seeds
            self._next_deal[table_id] = now + pause
            self._timers[table_id] = loop.call_later(pause, self._deal, table_id, seq)

    def _still(self, table_id: str, seq: int) -> Room | None:
        self._timers.pop(table_id, None)
        room = self.rooms.get(table_id)
        return room if room is not None and room.seq == seq else None

    # -- bots ----------------------------------------------------------------------------------

    def _bot_move(self, table_id: str, seq: int) -> None:
        room = self._still(table_id, seq)
        name = room.to_act if room is not None else None
        if room is None or name is None or room.deal is None:
            return
        player = self._agent(room, name)
        # the seat's view and menu, made here: the worker thread reads nothing of the game
        view, legal = room.deal.view(name), tuple(room.deal.legal_actions(name))
        if room.bots[name] == "random":  # cheap: decide at once
            self._bot_answer(table_id, seq, name, self._think(player, view, legal))
            return
        # a thinking bot uses its time budget in a worker thread, not the event loop's
        future = asyncio.get_running_loop().run_in_executor(None, self._think, player, view,
                                                            legal)
        future.add_done_callback(
            lambda done: self._bot_answer(table_id, seq, name, done.result()))

    def _agreement_key(self, room: Room) -> tuple[int, tuple[str, ...]] | None:
        pending = room.dealing.pending  # a showdown being agreed (B8), where the game has one
        if pending is None or pending.kind != "showdown" or room.table is None:
            return None
        return room.table.deal_number, pending.answered

    def _to_agree(self, room: Room) -> str | None:
        """A bot still betting that has not yet answered the showdown agreed so far (B8)."""
        key = self._agreement_key(room)
        pending = room.dealing.pending
        if key is None or pending is None:
            return None
        asked = self._declined.get(room.table_id)
        declined = asked[1] if asked is not None and asked[0] == key else set()
        return next((b for b in pending.asked if b in room.bots and b not in declined), None)

    def _bot_agree(self, table_id: str, seq: int, name: str) -> None:
        from bragkit.bots.players import agreement

        room = self._still(table_id, seq)
        key = self._agreement_key(room) if room is not None else None
        if room is None or key is None or room.deal is None:
            return
        try:
            answer = agreement(self._agent(room, name), room.deal, name)
        except Exception as error:  # a bot's bug must not stop the table: it declines
            log.warning("bot %s at table %s: %s; it declines", name, table_id, error)
            answer = None
        if answer is not None:
            self._commit(room, room.bot_act(name, answer))
            return
        asked = self._declined.get(table_id)
        declined = asked[1] if asked is not None and asked[0] == key else set()
        self._declined[table_id] = (key, declined | {name})
        self.plan(room)

    @staticmethod
    def _think(player: Any, view: Any, legal: tuple[Any, ...]) -> Action | Exception:
        try:
            action: Action = player.act(view, legal)
            return action
        except Exception as error:  # a bot's bug must not stop the table: it folds
            return error

    def _bot_answer(self, table_id: str, seq: int, name: str,
                    answer: Action | Exception) -> None:
        room = self.rooms.get(table_id)
        if room is None or room.seq != seq or room.to_act != name:
            return  # the table moved on while the bot thought (paused, closed, replanned)
        try:
            if isinstance(answer, Exception):
                raise answer
            event = room.bot_act(name, answer)
        except Exception as error:
            log.warning("bot %s at table %s: %s; it folds", name, table_id, error)
            try:
                event = room.bot_act(name, Action(player=name, verb=Verb.FOLD))
            except ProtocolError:
                fallback = room.timeout_event()
                if fallback is None:
                    return
                event = fallback
        self._commit(room, event)

    def _agent(self, room: Room, name: str) -> Any:
        key = (room.table_id, name)
        agent = self._agents.get(key)
        if agent is None:
            kind = room.bots[name]
            agent = self.bot_factory(kind, room.config)
            if not _takes_menu(agent):  # a three-card agent: behind the players' adapter
                from bragkit.bots.three_card_players import AgentPlayer

                agent = AgentPlayer(agent, kind)
            self._agents[key] = agent
        return agent

    def notify_bots(self, room: Room, event: Event) -> None:
        """Tell bots a deal started or ended (what a player at the table would see)."""
        if not room.bots or event.kind not in ("deal", "act", "agree", "timeout"):
            return
        deal = room.deal
        if deal is None or (event.kind != "deal" and not deal.over):
            return
        from bragkit.bots.players import ended, started

        for name in room.bots:
            if name not in deal.players:
                continue
            try:
                if event.kind == "deal":
                    started(self._agent(room, name), deal, name, shuffled=room.shuffled)
                else:
                    ended(self._agent(room, name), deal, name)
            except (BragError, ValueError, TypeError, AttributeError) as error:  # pragma: no cover
                log.warning("bot %s could not observe: %s", name, error)

    # -- turns and deals -----------------------------------------------------------------------

    def _timeout(self, table_id: str, seq: int) -> None:
        room = self._still(table_id, seq)
        if room is None:
            return
        event = room.timeout_event()
        if event is not None:
            self._commit(room, event)

    def _deal(self, table_id: str, seq: int) -> None:
        room = self._still(table_id, seq)
        if room is None:
            return
        event = room.deal_event()
        if event is not None:
            self._commit(room, event)
