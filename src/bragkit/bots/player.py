"""What a bot of any game is: the :class:`Player` protocol, :class:`PlayerBase` with the
protocol's defaults, :class:`PlayerKind` (a kind a module brings to the registry of
:mod:`bragkit.bots.players`) and :class:`RandomPlayer`, which plays every game.

>>> isinstance(RandomPlayer(seed=1), Player), RandomPlayer().kind
(True, 'random')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import BotError
from bragkit.cards import RandomSource, make_rng
from bragkit.games.protocol import Game

__all__ = ["Player", "PlayerBase", "PlayerFactory", "PlayerKind", "RandomPlayer"]


@runtime_checkable
class Player(Protocol):
    """Anything with a ``kind`` and ``act(view, legal) -> Action`` can play a seat of any game
    (see the module docstring for the optional hooks)."""

    @property
    def kind(self) -> str:
        """What kind of bot this is (its name in the registry)."""
        ...

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """The action to take: one ``legal`` allows, from what ``view`` shows."""
        ...

    def agrees(self, view: Any, legal: Sequence[LegalAction]) -> bool:
        """The answer to a proposed showdown (B8), from what ``view`` shows."""
        ...

    def started(self, game: Game, name: str, *, shuffled: bool = True) -> None:
        """A deal began at seat ``name`` (``shuffled``: from a fresh shuffle, D4)."""
        ...

    def ended(self, game: Game, name: str) -> None:
        """The deal ``game`` at seat ``name`` is over."""
        ...


class PlayerBase:
    """The hooks of a :class:`Player` with their defaults, the base of every bot kind: it
    declines a proposed showdown and notes nothing of a deal's start or end. A kind supplies
    ``kind`` and ``act`` and overrides the hooks it uses.

    >>> class Folder(PlayerBase):
    ...     kind = "folder"
    ...     def act(self, view, legal):
    ...         return next(o for o in legal if o.verb is Verb.FOLD).action()
    >>> bot = Folder()
    >>> isinstance(bot, Player), bot.agrees(None, ()), bot.started(None, "Ann")
    (True, False, None)
    """

    kind: str = "bot"

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """The action to take (every kind supplies it)."""
        raise NotImplementedError(f"the {self.kind} bot does not say how it acts")

    def agrees(self, view: Any, legal: Sequence[LegalAction]) -> bool:
        """A proposed showdown (B8): declined unless the kind says otherwise."""
        return False

    def started(self, game: Game, name: str, *, shuffled: bool = True) -> None:
        """A deal began: nothing to note unless the kind says otherwise."""
        return None

    def ended(self, game: Game, name: str) -> None:
        """A deal ended: nothing to note unless the kind says otherwise."""
        return None


#: Makes a player: ``factory(game=NAME, rules=RULES, seed=SEED, budget=SECONDS)``, ``NAME`` the
#: registry name of the game, ``RULES`` an object of the game's rules class.
PlayerFactory = Callable[..., Player]


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerKind:
    """A bot kind a module brings: its name, its factory, a line saying what it does, and the
    games it plays (names, aliases or presets of registered games; ``None``: every game). A
    plug-in module lists its kinds in a ``player_kinds()`` function;
    :mod:`bragkit.bots.players` reads them, so no plug-in imports the registry back."""

    kind: str
    factory: PlayerFactory
    description: str
    games: tuple[str, ...] | None



class RandomPlayer(PlayerBase):
    """Any game: an option of the menu chosen uniformly (never a top-up, M1: money, not a
    move), then one of its choices uniformly, or an amount uniformly from its least to at most
    ``spread`` over it.

    >>> from bragkit.bots.players import ask
    >>> from bragkit.games import new
    >>> game = new("crash", players=["Ann", "Bob"], seed=4)
    >>> bot = RandomPlayer(seed=4)
    >>> while not game.over:
    ...     game.apply(ask(bot, game, str(game.to_act)))
    >>> game.over
    True
    """

    kind = "random"

    def __init__(self, *, seed: RandomSource = None, spread: int = 10) -> None:
        self.rng: random.Random = make_rng(seed)
        self.spread = spread

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """A uniformly random legal action."""
        options = [o for o in legal if o.verb is not Verb.TOPUP
                   and not (o.verb is Verb.DISCARD and o.choices is None and not o.cards)]
        if not options:
            raise BotError("no move to choose from")
        option = self.rng.choice(options)
        if option.choices is not None:
            return option.choices[self.rng.randrange(len(option.choices))]
        low = option.min_amount
        if low is None:
            return option.action()
        high = low + self.spread
        if option.max_amount is not None:
            high = min(option.max_amount, high)
        return option.action(self.rng.randint(low, high))

    def agrees(self, view: Any, legal: Sequence[LegalAction]) -> bool:
        """A proposed showdown (B8): yes or no, at even odds."""
        return self.rng.random() < 0.5
