"""The one protocol every Brag game implements: :class:`Game`, its :class:`Operation` records and
what a game hands out (:class:`View`, :class:`Result`).

A game is a state machine driven by actions of the one vocabulary (:mod:`bragkit.actions`):

* ``to_act`` — who must act next (``None`` when nobody must, or the game is over);
* ``legal_actions(player=None)`` — the menu: one :class:`~bragkit.actions.LegalAction` per thing
  that may be done now, each with the amounts or choices it allows (a lazy sequence where there
  are many, as a Crash hand's arrangements);
* ``check(action)`` — ``None``, or :class:`~bragkit.errors.IllegalActionError` naming the rule
  the action breaks (:class:`~bragkit.errors.InvalidActionError` for text that does not parse,
  or a verb the game does not take: each game module lists its ``VERBS``);
* ``can_apply(action)`` — whether ``check`` would pass, never raising for a well-typed action;
* ``apply(action)`` — check, then do: an illegal action changes nothing;
* ``operations`` — every change of state so far, as frozen :class:`Operation` records;
* ``view(player)`` — what ``player`` (``None``: a spectator) may know, censored;
* ``result`` — the end (``None`` until ``over``); ``over`` — whether the game has ended.

"May I?" (``can_apply`` and the menu) and "why not?" (``check``) come from one set of
verifiers per rule group in each game, so they never disagree.

>>> from bragkit.games.three_card.deal import Deal
>>> from bragkit.games.three_card.rules import Rules
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9])
>>> deal.apply("Ann fold")
>>> isinstance(deal, Game), deal.over
(True, True)

Every record of a game's log derives from :class:`Operation`; a record knows who may see what of
it (:meth:`Operation.censored`), so a player's view is folded from the log censored for them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Protocol, runtime_checkable

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import IllegalActionError

__all__ = ["Game", "Operation", "Pending", "Result", "Trainer", "View", "describe",
           "random_action"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Operation:
    """The base of every operation record: one change of a game's state, frozen.

    A record is public unless its class says otherwise: :meth:`censored` gives the record as one
    viewer may know it.

    >>> @dataclass(frozen=True, kw_only=True, slots=True)
    ... class Whisper(Operation):
    ...     to: str
    ...     def censored(self, viewer: str | None) -> Operation | None:
    ...         return self if viewer == self.to else None
    >>> Whisper(to="Ann").censored("Bob") is None, Whisper(to="Ann").censored("Ann")
    (True, Whisper(to='Ann'))
    """

    def censored(self, viewer: str | None) -> Operation | None:
        """This record as ``viewer`` (``None``: a spectator) may know it: itself, a copy with the
        hidden cards taken out, or ``None`` when the viewer learns nothing from it."""
        return self

    def words(self, viewer: str | None) -> str:
        """This record in words for ``viewer`` (``None``: a spectator): the viewer in the second
        person ("You fold"), everyone else in the third ("Shark folds"); empty when it tells the
        viewer nothing of its own. The default is the record's ``str``; a record that names a
        player words itself with :mod:`bragkit.games.wording`. (``str`` of an action's record
        stays its record string, HAND-HISTORY.md: only the words are for readers.)"""
        return str(self)

    def shown_hand(self) -> tuple[str, str] | None:
        """Whose hand this record shows and its name (D8: "pair of queens", named by the rules
        the deal was played under); ``None`` for a record that shows no hand."""
        return None


def describe(operation: Operation, viewer: str | None = None, *,
             every_card: bool = False) -> str | None:
    """The one wording of a record, for every reader (the terminal's log, the web table's lines,
    ``bragkit replay``): the record censored for ``viewer`` (``None``: a spectator), in the
    words it gives itself for that viewer (:meth:`Operation.words`): the viewer is *you*, every
    other player is named; a shown hand is named by the rules of its deal (D8).

    ``None`` when the viewer learns nothing from it: the censored record is ``None``, or its
    words are empty (a record whose news the viewer gets from another, e.g. another player's
    look, which is also their action). The record strings (``str`` of an action's record,
    HAND-HISTORY.md) do not change: only these words are for readers. ``every_card``: the record
    is read with every card public (a finished deal's record, as ``bragkit replay`` reads it),
    so it is not censored.

    >>> from bragkit.actions import Action
    >>> from bragkit.cards import parse_cards
    >>> from bragkit.games.three_card.operations import Acted, CardDealt, HandShown, PotCarried
    >>> describe(Acted(action=Action.parse("Ann discard 7c")), "Ann")
    'You discard 7c'
    >>> describe(Acted(action=Action.parse("Ann discard 7c")), "Bob")
    'Ann discards 1 card'
    >>> describe(CardDealt(player="Ann", card=parse_cards("Qh")[0]), "Ann") is None  # BL6
    True
    >>> describe(PotCarried(amount=4))
    '4 carried to the next deal (BL3)'
    >>> shown = HandShown(player="Ann", cards=parse_cards("Qh Qs 4d"), name="pair of queens")
    >>> describe(shown, "Ann"), describe(shown, "Bob")
    ('You show pair of queens (Qh Qs 4d)', 'Ann shows pair of queens (Qh Qs 4d)')
    """
    censored = operation if every_card else operation.censored(viewer)
    if censored is None:
        return None
    return censored.words(viewer) or None


@dataclass(frozen=True, kw_only=True, slots=True)
class Pending:
    """A decision a game waits on beyond the turn: a showdown proposed and being agreed (B8), a
    sideshow asked and not yet answered (TP5).

    ``kind`` names it (``"showdown"``, ``"sideshow"``), ``rule`` its rule id, ``asked`` who must
    still answer, ``answered`` who has, ``by`` who proposed it (None: nobody in particular).

    >>> Pending(kind="sideshow", rule="TP5", asked=("Bob",), by="Ann").asked
    ('Bob',)
    """

    kind: str
    rule: str
    asked: tuple[str, ...]
    answered: tuple[str, ...] = ()
    by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data."""
        return {"kind": self.kind, "rule": self.rule, "asked": list(self.asked),
                "answered": list(self.answered), "by": self.by}


@runtime_checkable
class View(Protocol):
    """What one player may know of a game: plain data, with a JSON-able form, and back (a
    web table sends a seat its view's data; a bot there reads it back as the view)."""

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-able data (cards as text)."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], menu: Sequence[LegalAction] = (), *,
                  rules: Any = None) -> Any:
        """The view back from :meth:`to_dict`'s data, ``menu`` its legal actions (the data
        of a web table's seat leaves the menu and the log out), played under ``rules`` (the
        game's rules object, where the menu's choices need them: None, the defaults)."""
        ...


@runtime_checkable
class Result(Protocol):
    """The end of a game: what each player won, in chips or points."""

    @property
    def winners(self) -> Mapping[str, int]:
        """What each winner took."""
        ...


@runtime_checkable
class Game(Protocol):
    """The protocol every Brag game implements (see the module docstring)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in seat order."""
        ...

    @property
    def to_act(self) -> str | None:
        """Who must act next; ``None`` when nobody must."""
        ...

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def result(self) -> Any:
        """The end of the game (a :class:`Result`); ``None`` until :attr:`over`."""
        ...

    @property
    def operations(self) -> Sequence[Operation]:
        """Every change of state so far, in order."""
        ...

    def operations_since(self, start: int) -> Sequence[Operation]:
        """The changes of state from the ``start``-th on (``operations[start:]``), without
        copying the ones before: a session books each action's as it is played."""
        ...

    def legal_actions(self, player: str | None = None) -> Sequence[LegalAction]:
        """What may be done now (``player`` given: what that player may do)."""
        ...

    def check(self, action: Action | str) -> None:
        """Raise :class:`~bragkit.errors.IllegalActionError` naming the rule ``action`` breaks;
        return ``None`` when it is legal. Changes nothing."""
        ...

    def can_apply(self, action: Action | str) -> bool:
        """Whether :meth:`check` passes."""
        ...

    def apply(self, action: Action | str) -> None:
        """Check ``action``, then play it; an illegal action changes nothing."""
        ...

    def view(self, player: str | None = None) -> Any:
        """What ``player`` (``None``: a spectator) may know, as a :class:`View`."""
        ...

    def censored_log(self, viewer: str | None) -> tuple[Operation, ...]:
        """The log as ``viewer`` (``None``: a spectator) may know it."""
        ...

    # -- what front ends need (defaults in :class:`~bragkit.games.base.GameBase`) -------------

    @property
    def rules(self) -> Any:
        """The house rules the game is played under (a frozen rules object)."""
        ...

    @property
    def dealer(self) -> str:
        """Who dealt (the deal in progress, in a game of many deals)."""
        ...

    def timeout_action(self, player: str) -> Action | None:
        """What ``player`` does when their time to decide runs out (``None``: no decision)."""
        ...

    def suggestion(self, player: str) -> Action | None:
        """The engine's own move for ``player`` now, where the game offers one."""
        ...

    def stay_costs(self, player: str) -> Mapping[str, int] | None:
        """What it costs ``player`` to stay in now, by kind; ``None`` where nothing does."""
        ...

    def still_in(self, player: str) -> bool:
        """Whether ``player`` still holds a part in the deal (not folded, dropped or packed)."""
        ...

    def pending(self) -> Pending | None:
        """A decision the game waits on beyond the turn (a showdown agreed, a sideshow)."""
        ...

    def target(self) -> int | None:
        """The points the game is played to over many deals of cards (N7, C6); ``None``: one
        deal."""
        ...

    def suggests(self, player: str) -> bool:
        """Whether :meth:`suggestion` may have a move for ``player`` now (cheap to ask)."""
        ...

    def odds(self, player: str) -> str | None:
        """``player``'s chances from their own view, in words; ``None`` where none."""
        ...

    def record_text(self) -> str | None:
        """The finished game's record in its format; ``None`` where none (or not over)."""
        ...

    def record_so_far(self) -> str | None:
        """The record of the finished part: the whole record once over; a game of many deals
        (:meth:`target`) under way, its finished deals; ``None`` where nothing is finished."""
        ...

    def hand_name(self, cards: Sequence[Card]) -> str | None:
        """``cards`` named as a hand of this game ("pair of queens"); ``None``: no names."""
        ...

    def aids(self) -> frozenset[str]:
        """What the game offers besides the moves: ``"odds"``, ``"suggestion"``, ``"pick"``
        (cards picked from the hand), ``"sets"`` (the hand sorted into sets); see
        :meth:`~bragkit.games.base.Capabilities.aids`."""
        ...


class Trainer(Protocol):
    """A game's trainer: what a solved equilibrium would do in a player's place (the terminal's
    ``e`` key). A table makes one from its rules (:attr:`bragkit.games.registry.GameInfo.trainer`)
    and keeps it: its strategy is looked up once (:meth:`look_up`, a file read, never a solve;
    safe in a worker thread)."""

    def applies(self, game: Game) -> bool:
        """Whether the trainer speaks at ``game`` at all (e.g. heads-up only)."""
        ...

    @property
    def looked_up(self) -> bool:
        """Whether :meth:`look_up` has run (its answer is kept)."""
        ...

    def look_up(self) -> None:
        """Find the strategy the trainer reads (once)."""
        ...

    def advice(self, game: Game, player: str) -> str | None:
        """One line of what the equilibrium would do in ``player``'s place, or how to get one;
        ``None`` when it says nothing now."""
        ...


def random_action(game: Game, rng: random.Random, *, spread: int = 10) -> Action:
    """A random legal action of any game: an option of the player to act (of anyone who may act,
    when no one must) chosen uniformly, top-ups aside, then one of its choices uniformly, or an
    amount uniformly from its least to at most ``spread`` over the least.

    The draws are ``rng.choice``, ``rng.randrange`` and ``rng.randint``'s own (the same numbers
    from the same seed), made without their calls for a plain :class:`random.Random` (speed: a
    simulation draws at every decision).

    >>> from bragkit.games.registry import new
    >>> game = new("three-card", players=["Ann", "Bob", "Cy"], seed=3)
    >>> rng = random.Random(3)
    >>> while not game.over:
    ...     game.apply(random_action(game, rng))
    >>> sum(game.stacks.values()) + game.pot       # chips are conserved: 3 x 100 brought
    300
    """
    options = game.legal_actions(game.to_act)
    # top-ups aside (M1): those last are left out without a copy (how many options come
    # before them is known by the menu's verbs: menus recur), one among the others makes a
    # copy without any (the game's menu is not changed)
    verbs = tuple(map(_VERB_OF, options))
    n = _OFFERED.get(verbs)
    if n is None:
        n = _offered(verbs)
    if n < 0:
        options = [o for o in options if o.verb is not _TOPUP]
        n = len(options)
    if not n:
        raise IllegalActionError("nobody may act: the game is over", rule="B11")
    if type(rng) is _RANDOM and _PLAIN_RANDBELOW:
        # rng.choice(options): an index below n from n.bit_length() bits (CPython's own;
        # the bit lengths of small numbers looked up, not asked)
        bits = rng.getrandbits
        k = _BIT_LENGTH[n] if n < _FEW else n.bit_length()
        i = bits(k)
        while i >= n:
            i = bits(k)
        option = options[i]
        choices = option.choices
        if choices is not None:
            n = len(choices)
            if n:  # rng.randrange(n), as above
                k = _BIT_LENGTH[n] if n < _FEW else n.bit_length()
                i = bits(k)
                while i >= n:
                    i = bits(k)
                return choices[i]
            return choices[rng.randrange(n)]  # (no choice: randrange's own error)
        # the option's draw worked out once (its bounds and their bit length) with its
        # actions by amount: made once per option and amount (an option is frozen: its action
        # for an amount is always the same; the game's menus offer the same options deal
        # after deal)
        plan = _MADE.get(id(option))
        if plan is None or plan[0] is not option or plan[1] != spread:
            plan = _plan(option, spread)
        width = plan[2]
        if not width:  # no amount: the option's one action (the commonest)
            made: Action = plan[5]
            return made
        if width > 0:  # rng.randint(low, high): low and an index below the width
            k = plan[3]
            i = bits(k)
            while i >= width:
                i = bits(k)
            amount = plan[4] + i
            actions: dict[int, Action] = plan[5]
            action = actions.get(amount)
            if action is None:
                action = actions[amount] = option.action(amount)
            return action
        return option.action(rng.randint(plan[4], plan[3]))  # a least over the most: its error
    option = rng.choice(options if n == len(options) else options[:n])
    choices = option.choices
    if choices is not None:
        return choices[rng.randrange(len(choices))]
    low = option.min_amount
    if low is None:
        return option.action()
    high = low + spread if option.max_amount is None else min(option.max_amount, low + spread)
    return option.action(rng.randint(low, high))


def _offered(verbs: tuple[Verb, ...]) -> int:
    """How many options of a menu of ``verbs`` :func:`random_action` chooses from, its top-ups
    (M1) all last; -1 when a top-up is among the others. Kept in :data:`_OFFERED`."""
    if len(_OFFERED) >= _MOST_MADE:
        _OFFERED.clear()
    topups = verbs.count(_TOPUP)  # (counted in C, compared by identity first)
    n = len(verbs) - topups
    found = _OFFERED[verbs] = n if verbs[n:].count(_TOPUP) == topups else -1
    return found


def _plan(option: LegalAction, spread: int) -> tuple[Any, ...]:
    """How :func:`random_action` draws from ``option`` with ``spread``, kept in :data:`_MADE`:
    ``(option, spread, width, bits, low, actions)``, the amounts ``low`` to ``low + width - 1``
    drawn with ``bits`` bits and their actions by amount; width 0: no amount, ``actions`` the
    option's one action; width -1: a least over the most (``bits`` is the most)."""
    if len(_MADE) >= _MOST_MADE:
        _MADE.clear()
    low = option.min_amount
    plan: tuple[Any, ...]
    if low is None:
        plan = (option, spread, 0, 0, 0, option.action())
    else:
        high = option.max_amount
        high = low + spread if high is None or high > low + spread else high
        width = high - low + 1
        plan = ((option, spread, width, width.bit_length(), low, {}) if high >= low
                else (option, spread, -1, high, low, None))
    _MADE[id(option)] = plan  # (the option kept: its id stays its own)
    return plan


_TOPUP = Verb.TOPUP
_VERB_OF = attrgetter("verb")
_RANDOM = random.Random
#: How :func:`random_action` draws from each option and the actions it made of it, by the
#: option's id (:func:`_plan`: the option itself is kept, so no other object takes its id while
#: it is here); at most :data:`_MOST_MADE` options.
_MADE: dict[int, tuple[Any, ...]] = {}
_MOST_MADE = 4_096
#: :func:`_offered` of each menu's verbs met (at most :data:`_MOST_MADE` of them).
_OFFERED: dict[tuple[Verb, ...], int] = {}
#: The bit length of each number below :data:`_FEW` (a menu's options, its choices, a spread).
_FEW = 64
_BIT_LENGTH: tuple[int, ...] = tuple(n.bit_length() for n in range(_FEW))
#: Whether random.Random draws an index below n as ``getrandbits(n.bit_length())`` until it is
#: below n (CPython's way for a plain Random); otherwise :func:`random_action` calls its methods.
_PLAIN_RANDBELOW = (getattr(random.Random, "_randbelow", None)
                    is getattr(random.Random, "_randbelow_with_getrandbits", False))
