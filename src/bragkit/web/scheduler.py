"""What happens at a web table without anyone sending a message: :class:`Scheduler`.

Each room has at most one pending wake-up, set again after every event (:meth:`Scheduler.plan`):
a bot's move (after the table's ``bot_delay``), the deadline of a person's turn (the house
option ``turn_seconds``: then they fold, R2 aside), or the next deal (after ``deal_pause``).
A wake-up makes an event like any other and hands it to ``commit``; one that finds its room
moved on (another event came first) does nothing. Bots of the three-card family also hear when
a deal starts and ends, as a player at the table would; at the other games a bot is a
:class:`GameBot` (a random legal move, or the engine's strong arrangement in the games of sets).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

from bragkit.actions import Action, Verb
from bragkit.errors import BragError
from bragkit.games.points_game import PointsGame
from bragkit.games.points_session import strong_play
from bragkit.games.protocol import Game, random_action
from bragkit.rules import Rules
from bragkit.web.config import TableConfig
from bragkit.web.events import Event
from bragkit.web.protocol import ProtocolError
from bragkit.web.room import Room

__all__ = ["FIRST_DEAL_DELAY", "GameBot", "Scheduler", "make_bot"]

log = logging.getLogger("bragkit.web")

#: Seconds from the start of a table to its first deal (at most): the browsers' time to add
#: their seeds to the first shuffle. Later deals wait the table's ``deal_pause``.
FIRST_DEAL_DELAY = 1.0


class GameBot:
    """A bot for any game of the registry: a random legal move
    (:func:`~bragkit.games.protocol.random_action`), or, unless ``kind`` is ``random``, the
    engine's strong play where the game has one (the arranger of Nine Card Brag and Crash,
    N3, C2). It decides from the game it is handed, for the player to act.

    >>> from bragkit.games.registry import new
    >>> game = new("crash", players=["Ann", "Bob"], seed=2)
    >>> GameBot("random", rng=random.Random(1)).decide(game).verb
    <Verb.ARRANGES: 'arranges'>
    """

    def __init__(self, kind: str, *, rng: random.Random) -> None:
        self.kind = kind
        self.rng = rng

    def thinks(self, game: Game) -> bool:
        """Whether deciding takes time (the strong arranger), to be done off the event loop."""
        return self.kind != "random" and isinstance(game, PointsGame)

    def decide(self, game: Game) -> Action:
        """The bot's move for the player to act."""
        if self.thinks(game):
            return strong_play(game)
        return random_action(game, self.rng)


def make_bot(kind: str, config: TableConfig) -> Any:
    """A bot of ``kind`` (see :data:`~bragkit.web.protocol.BOT_KINDS`) for a table's rules,
    with its own secure random source; the random bot when another cannot be built. The
    three-card family's bots play its rules; at the other games a bot is a :class:`GameBot`."""
    from bragkit.bots.simple import BOLD, CAUTIOUS, RandomBot, ThresholdBot

    rules = config.rules
    if not isinstance(rules, Rules):
        return GameBot(kind, rng=random.SystemRandom())
    try:
        if kind == "cautious":
            return ThresholdBot(CAUTIOUS, rules=rules)
        if kind == "bold":
            return ThresholdBot(BOLD, rules=rules)
        if kind == "shark":
            from bragkit.bots.shark import SharkBot

            return SharkBot(rules=rules)
    except (ImportError, BragError, TypeError):  # pragma: no cover - bots still in progress
        log.warning("bot %s unavailable, using a random bot", kind)
    return RandomBot()


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
        if turn is not None and room.status == "playing":
            _, player, deadline = turn
            timer = {"player": player, "remaining": round(max(deadline - now, 0.0), 2),
                     "total": room.config.turn_seconds}
        next_deal = self._next_deal.get(room.table_id)
        return {"timer": timer,
                "next_deal_in": None if next_deal is None else round(max(next_deal - now, 0), 2)}

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
            seconds = room.config.turn_seconds
            if not seconds or room.status != "playing":
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
        agent = self._agent(room, name)
        if isinstance(agent, GameBot):
            self._game_bot_move(room, name, agent)
            return
        view = room.deal.view(name)  # an immutable snapshot: safe to read in another thread
        if room.bots[name] == "random":  # cheap: decide at once
            self._bot_answer(table_id, seq, name, self._think(agent, view))
            return
        # a thinking bot uses its time budget in a worker thread, not the event loop's
        future = asyncio.get_running_loop().run_in_executor(None, self._think, agent, view)
        future.add_done_callback(
            lambda done: self._bot_answer(table_id, seq, name, done.result()))

    def _game_bot_move(self, room: Room, name: str, agent: GameBot) -> None:
        table_id, seq, game = room.table_id, room.seq, room.deal
        assert game is not None
        if not agent.thinks(game):
            self._bot_answer(table_id, seq, name, self._decide(agent, game))
            return
        # the arranger takes a while: a worker thread reads the game, which nobody else may
        # change meanwhile (it is this bot's turn; what others send is checked against it)
        future = asyncio.get_running_loop().run_in_executor(None, self._decide, agent, game)
        future.add_done_callback(
            lambda done: self._bot_answer(table_id, seq, name, done.result()))

    @staticmethod
    def _decide(agent: GameBot, game: Game) -> Action | Exception:
        try:
            return agent.decide(game)
        except Exception as error:  # a bot's bug must not stop the table
            return error

    def _agreement_key(self, room: Room) -> tuple[int, tuple[str, ...]] | None:
        agreed = room.dealing.agreed  # rule B8, in the games that have it
        if not agreed or room.table is None:
            return None
        return room.table.deal_number, agreed

    def _to_agree(self, room: Room) -> str | None:
        """A bot still betting that has not yet answered the showdown agreed so far (B8)."""
        key = self._agreement_key(room)
        deal = room.deal
        if key is None or deal is None:
            return None
        asked = self._declined.get(room.table_id)
        declined = asked[1] if asked is not None and asked[0] == key else set()
        betting = getattr(deal, "betting", ())
        return next((b for b in betting if b in room.bots and b not in key[1]
                     and b not in declined), None)

    def _bot_agree(self, table_id: str, seq: int, name: str) -> None:
        from bragkit.bots.agent import agreement

        room = self._still(table_id, seq)
        key = self._agreement_key(room) if room is not None else None
        if room is None or key is None or room.deal is None:
            return
        try:
            held: Any = room.deal  # a three-card deal: only it has agreements (B8)
            answer = agreement(self._agent(room, name), held, name)
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
    def _think(agent: Any, view: Any) -> Action | Exception:
        try:
            action: Action = agent.act(view)
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
            agent = self._agents[key] = self.bot_factory(room.bots[name], room.config)
        return agent

    def notify_bots(self, room: Room, event: Event) -> None:
        """Tell bots a deal started or ended (what a player at the table would see)."""
        if not room.bots or event.kind not in ("deal", "act", "agree", "timeout"):
            return
        deal: Any = room.deal  # a three-card deal: bots of the other games need no news
        if deal is None or (event.kind != "deal" and not deal.over):
            return
        from bragkit.bots.agent import ended_event, notify, started_event

        for name in room.bots:
            if name not in deal.players or isinstance(self._agent(room, name), GameBot):
                continue
            try:
                if event.kind == "deal":
                    notify(self._agent(room, name),
                           started_event(deal, name, shuffled=room.shuffled))
                else:
                    notify(self._agent(room, name), ended_event(deal, name))
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
