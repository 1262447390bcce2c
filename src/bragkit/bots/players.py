"""Bots for every game of the registry: the :class:`Player` protocol, :func:`players`,
:func:`make_player`, :func:`ask` and :func:`register_player`.

A player is asked for an action with only what its seat may know: the game's view for that seat
(``game.view(name)``, censored by the engine: rules D8, BL6, T3) and the seat's menu
(``game.legal_actions(name)``)::

    class Player(Protocol):
        kind: str
        def act(self, view: Any, legal: Sequence[LegalAction]) -> Action: ...

:func:`ask` builds both from the game, gives them to the player and checks the answer is a
legal action of that seat (else :class:`~bragkit.bots.agent.BotError`). Three hooks are declared
by the protocol with defaults in :class:`~bragkit.bots.player.PlayerBase`, the base of every
bot kind (a kind overrides what it uses):

* ``agrees(view, legal) -> bool``: the answer to a proposed showdown (B8: every player still
  betting must agree; by default, no). :func:`agreement` returns the seat's ``agree`` action
  when it says yes, ``None`` when it declines or may not agree now (the game's
  :meth:`~bragkit.games.protocol.Game.pending` says whether a showdown is being agreed);
* ``started(game, name, shuffled=...)`` and ``ended(game, name)``: a deal began (``shuffled``:
  whether its pack was shuffled, D4) or ended (by default, nothing is noted). Whoever runs the
  game calls :func:`started` and :func:`ended`; a player must take from ``game`` only what
  ``name`` may know (the three-card adapter turns them into the censored events of
  :mod:`bragkit.bots.agent`).

Which kinds play which game is a registry: :func:`register_player` adds a kind for some games
(or every game); a module of this package (:data:`PLUG_INS`) or a game's own module brings its
kinds as :class:`~bragkit.bots.player.PlayerKind` objects, read by name, so none imports
the registry back. A kind registered for a game wins
over one of the same name for every game (the three-card family's ``random`` knows how to pick
the cards of a discard, F1). ``random`` plays every game.

>>> from bragkit.games import new
>>> list(players("nine-card")), list(players("brag-poker"))
(['random', 'expected', 'greedy'], ['random', 'equity'])
>>> "cautious" in players("four-card"), "cautious" in players("crash")
(True, False)
>>> game = new("brag-poker", players=["Ann", "Bob"], seed=2)
>>> bot = make_player("random", game="brag-poker", seed=1)
>>> action = ask(bot, game, game.to_act)
>>> game.can_apply(action), bot.kind
(True, 'random')
>>> make_player("cautious", game="crash")
Traceback (most recent call last):
...
bragkit.errors.BragError: the bot 'cautious' does not play crash (its bots: random...)
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Final, cast

from bragkit.actions import Action, Verb
from bragkit.bots.agent import DEFAULT_BUDGET, Agent, BotError
from bragkit.bots.player import Player, PlayerFactory, PlayerKind, RandomPlayer
from bragkit.bots.three_card_players import AgentPlayer
from bragkit.cards import RandomSource
from bragkit.errors import BragError
from bragkit.games.protocol import Game
from bragkit.games.registry import GameInfo, find, games

__all__ = [
    "PLUG_INS",
    "agreement",
    "ask",
    "ended",
    "game_rules",
    "is_agent",
    "make_player",
    "players",
    "register_player",
    "started",
]


@dataclass(frozen=True, kw_only=True, slots=True)
class _Entry:
    factory: PlayerFactory
    description: str
    games: frozenset[str] | None  # registry names; None: every game


_KINDS: dict[str, list[_Entry]] = {}

#: The modules of this package that bring bot kinds (each lists them in ``player_kinds()``),
#: read by name when the bots are first listed; a game's own module is named by its
#: :attr:`GameInfo.bots <bragkit.games.registry.GameInfo.bots>`.
PLUG_INS: Final = ("bragkit.bots.three_card_players", "bragkit.bots.arrangers",
                   "bragkit.bots.equity")


def register_player(kind: str, factory: PlayerFactory, description: str, *,
                    games: Collection[str] | None) -> None:
    """Add the bot ``kind`` for ``games`` (names, aliases or presets of registered games;
    ``None``: every game), replacing what that kind had for them. ``factory`` is called with the
    keywords ``game`` (the registry name), ``rules``, ``seed`` and ``budget``.

    >>> register_player("folder", lambda **_: RandomPlayer(), "never mind", games=["crash"])
    >>> "folder" in players("crash"), "folder" in players("nine-card")
    (True, False)
    >>> _ = _KINDS.pop("folder")
    """
    _load()  # the built-in bots first: a later registration replaces them
    names = None if games is None else frozenset(find(g).name for g in games)
    kept = [e for e in _KINDS.get(kind, [])
            if not (names is None and e.games is None)
            and not (names is not None and e.games is not None and e.games <= names)]
    _KINDS[kind] = [*kept, _Entry(factory=factory, description=description, games=names)]


def _entry(kind: str, info: GameInfo) -> _Entry | None:
    entries = _KINDS.get(kind, [])
    own = next((e for e in reversed(entries) if e.games is not None and info.name in e.games),
               None)
    return own or next((e for e in reversed(entries) if e.games is None), None)


def players(game: str) -> dict[str, str]:
    """The bot kinds that play ``game`` (a registry name, alias or preset): kind -> a line
    saying what it does. ``random`` comes first.

    >>> players("three-card")["random"]
    'uniform over its legal moves, amounts uniform in range'
    """
    _load()
    info = find(game)
    found = {kind: entry.description for kind in _KINDS
             if (entry := _entry(kind, info)) is not None}
    return {"random": found.pop("random"), **found}


def game_rules(game: str, rules: Any = None) -> Any:
    """The rules object of ``game``: ``rules`` itself; or, from a mapping of options (a
    ``[rules]`` table) or ``None``, the game's rules (a preset's options first, for a preset).

    >>> game_rules("four-card").cards, game_rules("four-card", {"max_bet": 8}).max_bet
    (4, 8)
    """
    info = find(game)
    if rules is not None and not isinstance(rules, Mapping):
        return rules
    key = game.strip().lower()
    return info.make_rules(key if key in info.presets else None, **dict(rules or {}))


def make_player(kind: str, *, game: str, rules: Any = None, seed: RandomSource = None,
                budget: float = DEFAULT_BUDGET) -> Player:
    """A new bot of ``kind`` for ``game`` (a registry name, alias or preset) under ``rules``
    (a rules object, or a mapping of options: :func:`game_rules`), seeded (a seed makes it
    reproducible); ``budget`` is the seconds it may think a move.
    :class:`~bragkit.errors.BragError` for a kind that does not exist or does not play the game.

    >>> make_player("bold", game="teen-patti-order").kind
    'bold'
    >>> make_player("poker", game="crash")
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: unknown bot 'poker' (known: random...)
    """
    _load()
    info = find(game)
    if kind not in _KINDS:
        raise BragError(f"unknown bot {kind!r} (known: {', '.join(_KINDS)})")
    entry = _entry(kind, info)
    if entry is None:
        raise BragError(f"the bot {kind!r} does not play {info.name} "
                        f"(its bots: {', '.join(players(info.name))})")
    return entry.factory(game=info.name, rules=game_rules(game, rules), seed=seed,
                         budget=budget)


def ask(player: Player | Agent, game: Game, name: str | None = None) -> Action:
    """``player``'s action for the seat ``name`` (default: whoever is to act; they must be to
    act), made from ``game.view(name)`` and ``game.legal_actions(name)`` only, and checked
    legal (:class:`~bragkit.bots.agent.BotError` when it is not, or no one is to act).

    A three-card :class:`~bragkit.bots.agent.Agent` (``act(view)``) may be asked too: it plays
    as the family's :class:`~bragkit.bots.three_card_players.AgentPlayer`.
    """
    player = as_player(player)
    seat = name if name is not None else game.to_act
    if seat is None:
        raise BotError("the game is over: no one is to act")
    if game.to_act != seat:
        raise BotError(f"{seat} is not to act (to act: {game.to_act})")
    action = player.act(game.view(seat), tuple(game.legal_actions(seat)))
    if not isinstance(action, Action):
        raise BotError(f"{seat}'s bot answered {action!r}, not an Action")
    if action.player != seat and action.verb is not Verb.SHOWDOWN:
        raise BotError(f"{seat}'s bot acted for {action.player!r}")
    if not game.can_apply(action):
        raise BotError(f"{seat}'s bot chose an illegal action: {action}")
    return action


_AGENT_TYPES: dict[type, bool] = {}


def as_player(player: Player | Agent) -> Player:
    """``player`` as a :class:`Player`: itself, or a three-card agent in the family's adapter.

    >>> from bragkit.bots.registry import make_bot
    >>> as_player(make_bot("cautious")).kind, as_player(RandomPlayer()).kind
    ('agent', 'random')
    """
    if not is_agent(player):
        return player  # type: ignore[return-value]  # an Agent's act takes the view alone
    return AgentPlayer(cast(Agent, player), "agent")


def is_agent(player: object) -> bool:
    """Whether ``player`` is a three-card :class:`~bragkit.bots.agent.Agent`: its ``act``
    takes the view alone.

    >>> is_agent(RandomPlayer()), is_agent(make_player("random", game="three-card").agent)
    (False, True)
    """
    kind = type(player)
    found = _AGENT_TYPES.get(kind)
    if found is None:
        try:
            params = inspect.signature(player.act).parameters.values()  # type: ignore[attr-defined]
        except (AttributeError, TypeError, ValueError):
            return False
        positional = [p for p in params
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        found = len(positional) == 1 and not any(p.kind is p.VAR_POSITIONAL for p in params)
        _AGENT_TYPES[kind] = found
    return found


def agreement(player: Player | Agent, game: Game, name: str) -> Action | None:
    """``name``'s answer, played by ``player``, to a proposed showdown (B8): their ``agree``
    action, or ``None`` when they decline, or no showdown waits on ``name``'s answer
    (:meth:`~bragkit.games.protocol.Game.pending`) or they may not agree now. A three-card
    agent answers as :func:`bragkit.bots.agent.agreement` asks."""
    pending = game.pending()
    if pending is None or pending.kind != "showdown" or name not in pending.asked:
        return None
    legal = tuple(game.legal_actions(name))
    option = next((o for o in legal if o.verb is Verb.AGREE), None)
    if option is None:
        return None
    return option.action() if as_player(player).agrees(game.view(name), legal) else None


def started(player: Player | Agent, game: Game, name: str, *, shuffled: bool = True) -> None:
    """Tell ``player`` (seat ``name``) a deal began; ``shuffled``: its pack was shuffled (D4).
    A three-card agent hears the censored event of :mod:`bragkit.bots.agent`."""
    as_player(player).started(game, name, shuffled=shuffled)


def ended(player: Player | Agent, game: Game, name: str) -> None:
    """Tell ``player`` (seat ``name``) the deal ``game`` is over (a three-card agent: the
    censored event of :mod:`bragkit.bots.agent`)."""
    as_player(player).ended(game, name)


def _random(*, game: str, rules: Any, seed: RandomSource, budget: float) -> Player:
    return RandomPlayer(seed=seed)


_LOADED: list[bool] = []


def _load() -> None:
    """Register the built-in bots (once): ``random`` for every game, then the kinds of every
    plug-in module (:data:`PLUG_INS`, then the modules the games name), so a later
    :func:`register_player` replaces them."""
    if _LOADED:
        return
    _LOADED.append(True)
    modules = [*PLUG_INS, *(info.bots for info in games() if info.bots)]
    register_player("random", _random,
                    "uniform over its legal moves, amounts at most 10 over the least",
                    games=None)
    for module in modules:
        kinds: tuple[PlayerKind, ...] = importlib.import_module(module).player_kinds()
        for entry in kinds:
            register_player(entry.kind, entry.factory, entry.description, games=entry.games)
