"""The one base every game of the family is built on: :class:`GameBase`.

The :class:`~bragkit.games.protocol.Game` protocol is implemented here once — ``check``,
``can_apply``, ``apply``, ``legal_actions``, ``operations``, ``view`` — from what each game
supplies:

* its verbs (:attr:`GameBase.VERBS`) and its name in messages (:attr:`GameBase.GAME`);
* its menus: :meth:`GameBase._menu` lists one seated player's options now (the game may keep it
  until the state changes), :meth:`GameBase._find` matches an action against them (the default
  tests each option's ``in``; a game may match faster), and :meth:`GameBase._refusal` says why an
  action fits no option, naming the rule — "may I?" and "why not?" come from the same verifiers;
* its moves: :meth:`GameBase._play` plays an action already found legal;
* its log: :meth:`GameBase._records` is every operation record, in order (the single source of
  truth), and :meth:`GameBase._fold` folds a log, censored for one viewer, into that viewer's
  view. A view is never read from the engine's hidden state.

One owner at a time (:mod:`bragkit.ownership`), for reads too: a ``legal_actions``, ``view``,
``check`` or ``can_apply`` begun while an ``apply`` is in progress (another thread, a callback
re-entering the game) raises :class:`~bragkit.errors.ConcurrentUseError`; it never reads a half
applied state. Inside its own hooks a game calls the hooks, never the guarded methods.

What front ends need of a game beyond the moves is declared here with a default, so no front end
asks which game it holds: :meth:`GameBase.timeout_action`, :meth:`GameBase.suggestion`,
:meth:`GameBase.stay_costs`, :meth:`GameBase.pending` and :meth:`GameBase.hand_name`.

>>> from dataclasses import dataclass
>>> from bragkit.actions import Action, LegalAction, Verb
>>> from bragkit.errors import IllegalActionError
>>> from bragkit.games.protocol import Operation, Pending
>>> @dataclass(frozen=True, kw_only=True, slots=True)
... class Said(Operation):
...     action: Action
...     def __str__(self) -> str:
...         return str(self.action)
>>> class Countdown(GameBase):
...     '''Two players take turns to pass until three passes are made.'''
...     VERBS = frozenset({Verb.PASS})
...     GAME = "countdown"
...     def __init__(self) -> None:
...         super().__init__()
...         self._log: list[Operation] = []
...     players = ("Ann", "Bob")
...     @property
...     def to_act(self) -> str | None:
...         return None if self.over else self.players[len(self._log) % 2]
...     @property
...     def result(self) -> dict[str, int] | None:
...         return {"winners": {}} if len(self._log) == 3 else None
...     def _menu(self, player: str) -> list[LegalAction]:
...         return [LegalAction(player=player, verb=Verb.PASS)] if player == self.to_act else []
...     def _refusal(self, action: Action) -> IllegalActionError:
...         return IllegalActionError(f"it is {self.to_act}'s turn", rule="B2")
...     def _play(self, action: Action, option: LegalAction) -> None:
...         self._log.append(Said(action=action))
...     def _records(self) -> list[Operation]:
...         return self._log
...     def _fold(self, viewer: str | None, log: tuple[Operation, ...]) -> tuple[str, ...]:
...         return tuple(str(op) for op in log)
>>> game = Countdown()
>>> game.apply("Ann pass")
>>> game.check("Ann pass")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: it is Bob's turn (rule B2)
>>> game.apply("Bob pass"); game.apply("Ann pass")
>>> game.over, game.view("Bob")
(True, ('Ann pass', 'Bob pass', 'Ann pass'))
>>> game.timeout_action("Bob") is None      # nothing is pending: nothing to time out
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import BragError, IllegalActionError, InvalidActionError, RulesError
from bragkit.games.protocol import Operation, Pending
from bragkit.ownership import concurrent

__all__ = ["ON_TIMEOUT", "Capabilities", "GameBase"]

#: What a player who ran out of time does by default, the first their game allows: fold (B2) or
#: drop (S2, P2); holding a hand just looked at, throw it or keep it (R2); at the 31 contest,
#: stand (S4); at a crash call, pass (C5); with nothing to call, check; a sideshow asked and not
#: answered is declined (TP5). A game of sets has none of these: its suggestion is played.
ON_TIMEOUT: Final = (Verb.FOLD, Verb.DROP, Verb.THROW, Verb.KEEP, Verb.STAND, Verb.PASS,
                     Verb.CHECK, Verb.DECLINE)

_VERB_WORDS: Final = frozenset(verb.value for verb in Verb)


class Capabilities:
    """What front ends need of a game beyond its moves, each with a default: the part of the
    :class:`~bragkit.games.protocol.Game` protocol a game may leave to the family. Every game
    has it through :class:`GameBase`."""

    __slots__ = ()

    def censored_log(self, viewer: str | None) -> tuple[Operation, ...]:
        """The log as ``viewer`` (``None``: a spectator) may know it: each record censored by
        its own :meth:`~bragkit.games.protocol.Operation.censored`."""
        game: Any = self  # a game: it has players and operations
        if viewer is not None and viewer not in game.players:
            raise RulesError(f"no player {viewer!r} at this table")
        return tuple(seen for op in game.operations
                     if (seen := op.censored(viewer)) is not None)

    def timeout_action(self, player: str) -> Action | None:
        """What ``player`` does when their time to decide runs out: the first of
        :data:`ON_TIMEOUT` their menu allows, else the game's :meth:`suggestion`; ``None`` when
        they have no decision to make."""
        game: Any = self  # a game: it has players, a result and a menu
        if game.result is not None or player not in game.players:
            return None
        menu: list[LegalAction] = game.legal_actions(player)
        for verb in ON_TIMEOUT:
            for option in menu:
                if option.verb is verb and option.min_amount is None and option.choices is None:
                    return option.action()
        return self.suggestion(player)

    def still_in(self, player: str) -> bool:
        """Whether ``player`` still holds a part in the deal in play: not out of it by a fold,
        a drop or a pack (B2, S2, P2, TP3). A game with no way out of a deal keeps every
        player in: the default."""
        return True

    def suggestion(self, player: str) -> Action | None:
        """The engine's own move for ``player`` now, from what they may know (a game of sets
        arranges their strongest sets); ``None`` where the game offers none."""
        return None

    def stay_costs(self, player: str) -> Mapping[str, int] | None:
        """What it costs ``player`` to stay in now, by kind (``{"open": 2, "blind": 1}``);
        ``None`` where staying in has no price or it is not their decision."""
        return None

    def pending(self) -> Pending | None:
        """A decision the game waits on beyond the turn (a showdown being agreed, a sideshow
        asked), or ``None``."""
        return None

    def target(self) -> int | None:
        """The points a game is played to over many deals of cards (N7, C6); ``None`` for a
        game that is one deal."""
        return None

    def suggests(self, player: str) -> bool:
        """Whether :meth:`suggestion` may have a move for ``player`` now, without finding it
        (a front end offers the key; the search itself may be costly)."""
        return False

    def odds(self, player: str) -> str | None:
        """``player``'s chances from their own view, in words (the terminal's hint); ``None``
        where the game gives none."""
        return None

    def record_text(self) -> str | None:
        """The finished game's record, in the game's record format (``None``: the game writes
        none, or it is not over: a record holds every card)."""
        return None

    def record_so_far(self) -> str | None:
        """The record of what is finished of the game: once it is over, :meth:`record_text`;
        a game of many deals of cards (:meth:`target`) under way records its finished deals
        (never the cards of the deal in play), a record that replays as a game not yet over.
        ``None``: nothing finished to record, or the game writes no records."""
        return self.record_text()

    def hand_name(self, cards: Sequence[Card]) -> str | None:
        """``cards`` named as a hand of this game under its rules ("pair of queens"), for a
        hand its holder sees or a hand shown; ``None`` where the game names no hands."""
        return None

    def aids(self) -> frozenset[str]:
        """What the game offers a player besides the moves, named for a front end that shows
        (and binds) only what applies here: ``"odds"`` (:meth:`odds` has words for a player),
        ``"suggestion"`` (:meth:`suggestion` may have a move), ``"pick"`` (a move names cards
        picked from the hand: a discard, a draw, a set to play), ``"sets"`` (a move sorts the
        hand into sets). Empty: the moves alone."""
        return frozenset()


class GameBase(Capabilities, ABC):
    """The shared implementation of the Game protocol (see the module docstring).

    A subclass calls ``super().__init__()`` (it sets the one-owner token) and supplies
    :attr:`VERBS`, :attr:`GAME`, ``players``, ``to_act``, ``result``, :meth:`_menu`,
    :meth:`_refusal`, :meth:`_play`, :meth:`_records` and :meth:`_fold`; optionally
    :meth:`_find` (a faster match), :meth:`_actors` and :meth:`_ended` (its end rule).
    """

    __slots__ = ("_token",)

    #: The verbs the game takes; any other is refused as not one of its verbs.
    VERBS: ClassVar[frozenset[Verb]]
    #: The game's name in messages ("the three-card family", "Crash"...).
    GAME: ClassVar[str]

    def __init__(self) -> None:
        self._token = [None]  # one owner at a time: whoever pops the one token

    # -- what each game supplies --------------------------------------------------------------

    @property
    @abstractmethod
    def players(self) -> tuple[str, ...]:
        """The players, in seat order."""

    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """Who must act next; ``None`` when nobody must."""

    @property
    @abstractmethod
    def result(self) -> Any:
        """The end of the game; ``None`` until it is over."""

    @abstractmethod
    def _menu(self, player: str) -> Sequence[LegalAction]:
        """The options of ``player`` (seated) now: empty when they may do nothing."""

    @abstractmethod
    def _refusal(self, action: Action) -> BragError:
        """Why ``action`` (of this game's verbs) fits no option now, naming the rule."""

    @abstractmethod
    def _play(self, action: Action, option: LegalAction) -> None:
        """Play ``action``, known legal (``option`` is the menu entry it fits)."""

    @abstractmethod
    def _records(self) -> Sequence[Operation]:
        """Every operation record so far, in order (the engine's own: every card)."""

    @abstractmethod
    def _fold(self, viewer: str | None, log: tuple[Operation, ...]) -> Any:
        """The view of ``viewer`` (``None``: a spectator), folded from ``log``: the records
        censored for them."""

    def _actors(self) -> Sequence[str]:
        """Whose options :meth:`legal_actions` lists when asked for everyone's, in order."""
        return self.players

    def _ended(self) -> BragError:
        """Why nothing may be done once the game is over (a game may name its own end rule:
        N7, C6, S2...)."""
        return IllegalActionError("the game is over", rule="B11")

    def _find(self, action: Action) -> LegalAction | None:
        """The option ``action`` fits now, or ``None`` (the one test of legality)."""
        if self.result is not None or action.player not in self.players:
            return None
        for option in self._menu(action.player):
            if action in option:
                return option
        return None

    # -- the protocol, once -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    def _parse(self, action: Action | str) -> Action:
        """``action`` as an :class:`Action` of this game's verbs (InvalidActionError else)."""
        if type(action) is Action:
            if action.verb not in self.VERBS:
                raise self._foreign(action.verb.value)
            return action
        if not isinstance(action, str):
            raise InvalidActionError(f"an action is an Action or text, not "
                                     f"{type(action).__name__}")
        try:
            return Action.parse(action, players=self.players, verbs=self.VERBS)
        except InvalidActionError:
            words = action.split()
            if len(words) > 1 and words[1] in _VERB_WORDS and Verb(words[1]) not in self.VERBS:
                raise self._foreign(words[1]) from None
            raise

    def _foreign(self, verb: str) -> InvalidActionError:
        known = ", ".join(v.value for v in Verb if v in self.VERBS)
        return InvalidActionError(f"{verb!r} is not a verb of {self.GAME} (its verbs: {known})")

    def _why(self, action: Action) -> BragError:
        if action.player is not None and action.player not in self.players:
            return IllegalActionError(f"{action.player} is not at the table", rule="B11")
        if self.result is not None:
            return self._ended()
        return self._refusal(action)

    def _take(self, token: list[None]) -> None:
        """Take the one token (see :mod:`bragkit.ownership`), or refuse a second owner."""
        try:
            token.pop()  # atomic: only one thread can take the one token
        except IndexError:
            raise concurrent(f"the {self.GAME} game") from None

    def check(self, action: Action | str) -> None:
        """Raise :class:`~bragkit.errors.IllegalActionError` naming the rule ``action`` breaks
        (:class:`~bragkit.errors.InvalidActionError` for text that is no action of this game);
        return ``None`` when it is legal. Changes nothing."""
        action = self._parse(action)
        token = self._token
        self._take(token)
        try:
            if self._find(action) is None:
                raise self._why(action)
        finally:
            token.append(None)

    def can_apply(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` (it never disagrees)."""
        try:
            action = self._parse(action)
        except InvalidActionError:
            return False
        token = self._token
        self._take(token)
        try:
            return self._find(action) is not None
        finally:
            token.append(None)

    def apply(self, action: Action | str) -> None:
        """Check ``action``, then play it. An illegal action raises the error :meth:`check`
        would and changes nothing; one begun while another call is in progress (two threads,
        one game) raises :class:`~bragkit.errors.ConcurrentUseError`."""
        # the hot path of every game: _parse and _take inlined for an Action of the game's
        # verbs (the commonest call), the same checks
        if type(action) is not Action or action.verb not in self.VERBS:
            action = self._parse(action)
        token = self._token
        try:
            token.pop()  # atomic: only one thread can take the one token
        except IndexError:
            raise concurrent(f"the {self.GAME} game") from None
        try:
            option = self._find(action)
            if option is None:
                raise self._why(action)
            self._play(action, option)
        finally:
            token.append(None)

    def legal_actions(self, player: str | None = None) -> list[LegalAction]:
        """What may be done now: ``player``'s options, or everyone's (the player to act first).
        Empty once the game is over, or for a player not at the table."""
        token = self._token
        try:  # _take, inlined (the hot path of every game's agents)
            token.pop()
        except IndexError:
            raise concurrent(f"the {self.GAME} game") from None
        try:
            if player is not None:
                if player in self.players and self.result is None:
                    return list(self._menu(player))
                return []
            if self.result is not None:
                return []
            out: list[LegalAction] = []
            for seated in self._actors():
                out += self._menu(seated)
            return out
        finally:
            token.append(None)

    @property
    def operations(self) -> tuple[Operation, ...]:
        """Every change of state so far, as frozen records (the engine's own log: it holds
        every card; a player's share of it is :meth:`censored_log`)."""
        token = self._token
        self._take(token)
        try:
            return tuple(self._records())
        finally:
            token.append(None)

    def operations_since(self, start: int) -> tuple[Operation, ...]:
        """The changes of state from the ``start``-th on: ``operations[start:]``, without
        copying the ones before (a session books each action's as it is played; a deal of
        20,000 actions would copy its whole log at each)."""
        token = self._token
        self._take(token)
        try:
            return tuple(self._records()[start:])
        finally:
            token.append(None)

    def _censor(self, viewer: str | None) -> tuple[Operation, ...]:
        if viewer is not None and viewer not in self.players:
            raise RulesError(f"no player {viewer!r} at this table")
        out = []
        for op in self._records():
            seen = op.censored(viewer)
            if seen is not None:
                out.append(seen)
        return tuple(out)

    def censored_log(self, viewer: str | None) -> tuple[Operation, ...]:
        """The log as ``viewer`` (``None``: a spectator) may know it: each record censored by
        its own :meth:`~bragkit.games.protocol.Operation.censored`."""
        token = self._token
        self._take(token)
        try:
            return self._censor(viewer)
        finally:
            token.append(None)

    def view(self, player: str | None = None) -> Any:
        """What ``player`` (``None``: a spectator) may know, folded from the log censored for
        them. :class:`~bragkit.errors.RulesError` for someone not at the table."""
        token = self._token
        self._take(token)
        try:
            return self._fold(player, self._censor(player))
        finally:
            token.append(None)
