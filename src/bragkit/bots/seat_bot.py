"""Which bot plays a seat at a remote table, and how it answers in time: :class:`BotChoice`
(``--bot NAME``: a kind of :mod:`bragkit.bots.players`, or a user's class ``module:Class``)
and :class:`SeatBot` (the bot made for the table's game, asked with a deadline).

A name is any bot kind some game's bots include (``random``, ``shark``, ``equity``…, and any
kind registered later with :func:`~bragkit.bots.players.register_player`: a learned bot plugs
in by its name). ``module:Class`` names a class (or any callable) of an importable module,
called with no arguments: an :class:`~bragkit.bots.agent.Agent` (``act(view)``) plays the
three-card family; a :class:`~bragkit.bots.player.Player` (``act(view, legal)``) any game.

>>> BotChoice.parse("shark").name, BotChoice.parse("random").kinds_games()[:2]
('Shark', ('three-card', 'nine-card'))
>>> BotChoice.parse("poker")
Traceback (most recent call last):
...
bragkit.errors.BragError: unknown bot 'poker' (bots: random, cautious, ...; or module:Class)
>>> bot = BotChoice.parse("cautious").make("three-card", {})
>>> bot.agent is not None, bot.player.kind
(True, 'cautious')
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import DEFAULT_BUDGET, Agent
from bragkit.bots.player import Player
from bragkit.bots.players import is_agent, make_player, players
from bragkit.bots.three_card_players import AgentPlayer
from bragkit.errors import BragError
from bragkit.games.registry import find, games

__all__ = ["BotChoice", "SeatBot", "fallback"]

_TARGET: Final = re.compile(r"([A-Za-z_][\w.]*):([A-Za-z_]\w*)")
#: What a player out of time does, the first its menu offers (``docs/web-protocol.md``).
_TIMEOUT_VERBS: Final = (Verb.FOLD, Verb.DROP, Verb.THROW, Verb.KEEP, Verb.STAND, Verb.PASS,
                         Verb.CHECK)


@dataclass(frozen=True, kw_only=True, slots=True)
class BotChoice:
    """A bot named on the command line: a kind (``kind``) or a user's ``factory``."""

    spec: str
    kind: str | None = None
    factory: Callable[[], Any] | None = None

    @classmethod
    def parse(cls, spec: str) -> BotChoice:
        """The bot ``spec`` names; :class:`BragError` (one line) for an unknown kind, a module
        that does not import or a name it does not have."""
        target = _TARGET.fullmatch(spec.strip())
        if target is None:
            known = _kinds()
            if spec not in known:
                raise BragError(f"unknown bot {spec!r} (bots: {', '.join(known)}; "
                                "or module:Class)")
            return cls(spec=spec, kind=spec)
        module_name, attribute = target.groups()
        try:
            module = importlib.import_module(module_name)
        except Exception as error:  # a user's module: any error it raises is theirs
            raise BragError(f"cannot import {module_name}: {error}") from None
        factory = getattr(module, attribute, None)
        if not callable(factory):
            raise BragError(f"{module_name} has no class {attribute}")
        return cls(spec=spec, factory=factory)

    @property
    def name(self) -> str:
        """The name it sits down under by default: the kind or class, capitalised."""
        word = self.kind or self.spec.rpartition(":")[2]
        return (word[:1].upper() + word[1:])[:20]

    def kinds_games(self) -> tuple[str, ...]:
        """The games a kind plays (a user's class: every game it may; the table decides)."""
        if self.kind is None:
            return tuple(info.name for info in games())
        return tuple(info.name for info in games() if self.kind in players(info.name))

    def make(self, game: str, rules: Any, *, budget: float = DEFAULT_BUDGET,
             seed: int | None = None) -> SeatBot:
        """A new bot for a table of ``game`` under ``rules``; :class:`BragError` when it does
        not play that game."""
        info = find(game)
        if self.kind is not None:
            player = make_player(self.kind, game=info.name, rules=rules, seed=seed,
                                 budget=budget)
            agent = player.agent if isinstance(player, AgentPlayer) else None
            return SeatBot(player=player, agent=agent)
        assert self.factory is not None
        try:
            made = self.factory()
        except Exception as error:  # a user's class: any error it raises is theirs
            raise BragError(f"{self.spec}() failed: {error}") from None
        if is_agent(made):
            if not info.agents:
                raise BragError(f"{self.spec} is an Agent (act(view)): it plays the three-card "
                                f"family, not {info.name}")
            agent = cast(Agent, made)
            return SeatBot(player=AgentPlayer(agent, self.name.lower()), agent=agent)
        if not callable(getattr(made, "act", None)):
            raise BragError(f"{self.spec} makes no bot: it has no act(view, legal)")
        return SeatBot(player=cast(Player, made), agent=None)


def _kinds() -> list[str]:
    """Every bot kind some game's bots include, in the registry's order."""
    found: dict[str, None] = {}
    for info in games():
        found.update(dict.fromkeys(players(info.name)))
    return list(found)


class SeatBot:
    """The bot of a seat: ``player`` answers, ``agent`` (a three-card agent, or None) also
    hears the events of each deal. One question at a time: while a late answer is still being
    thought over (its thread cannot be stopped), the next question is not put to the bot."""

    def __init__(self, *, player: Player, agent: Agent | None) -> None:
        self.player = player
        self.agent = agent
        self._thinking: asyncio.Future[Any] | None = None

    async def _ask(self, call: Callable[[], Any], seconds: float) -> Any:
        """``call()`` in a daemon thread of its own (a bot that never answers neither blocks
        the connection nor keeps the process alive at exit), awaited ``seconds`` at most."""
        if self._thinking is not None and not self._thinking.done():
            raise TimeoutError("still thinking over the last question")
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        self._thinking = answer

        def think() -> None:
            result: Any = None
            failure: BaseException | None = None
            try:
                result = call()
            except BaseException as error:  # handed to the awaiting side
                failure = error
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits now
                loop.call_soon_threadsafe(_settle, answer, result, failure)

        threading.Thread(target=think, name="bot", daemon=True).start()
        return await asyncio.wait_for(asyncio.shield(answer), seconds)

    async def act(self, view: Any, menu: Sequence[LegalAction], *,
                  seconds: float) -> Action | None:
        """The bot's action, thought over in a worker thread for at most ``seconds``: None when
        it runs out of time, fails, or answers something its menu does not hold."""
        try:
            action = await self._ask(lambda: self.player.act(view, tuple(menu)), seconds)
        except Exception:  # a bot that fails is answered for (fallback)
            return None
        if isinstance(action, Action) and any(action in option for option in menu):
            return action
        return None

    async def agrees(self, view: Any, menu: Sequence[LegalAction], *, seconds: float) -> bool:
        """The bot's answer to a proposed showdown (B8); no when it fails or is too slow."""
        try:
            return bool(await self._ask(lambda: self.player.agrees(view, tuple(menu)),
                                        seconds))
        except Exception:  # a bot that fails declines
            return False

    def observe(self, event: Any) -> None:
        """Give a three-card agent a deal's event (D4, D5); others hear nothing."""
        if self.agent is not None:
            self.agent.observe(event)


def _settle(answer: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """Give a thought-over answer to its future (unless the loop gave up on it)."""
    if answer.done():
        return
    if error is not None:
        answer.set_exception(error)
    else:
        answer.set_result(result)


def fallback(menu: Sequence[LegalAction], suggestion: Mapping[str, Any] | None,
             players: Sequence[str]) -> Action | None:
    """What the seat does when its bot has no answer in time: the engine's suggestion where
    the state carries one (Nine Card Brag, Crash), else what a timeout does (the first of
    fold, drop, throw, keep, stand, pass, check), else the least of its first option.

    >>> from bragkit.actions import LegalAction, Verb
    >>> menu = [LegalAction(player="Ann", verb=Verb.BET, min_amount=2),
    ...         LegalAction(player="Ann", verb=Verb.FOLD)]
    >>> str(fallback(menu, None, ["Ann"]))
    'Ann fold'
    """
    if suggestion is not None and suggestion.get("text"):
        return Action.parse(str(suggestion["text"]), players=players)
    options = [o for o in menu if o.verb is not Verb.TOPUP and o.verb is not Verb.AGREE]
    for verb in _TIMEOUT_VERBS:
        for option in options:
            if option.verb is verb:
                return option.action()
    for option in options:
        try:
            return option.action()
        except BragError:
            continue
    return None
