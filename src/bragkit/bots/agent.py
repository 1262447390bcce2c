"""The :class:`Agent` protocol: how a bot, or any Python object, plays a seat at Brag.

An agent is asked for an action with only its player's view of the deal (a
:class:`~bragkit.games.three_card.views.DealView`, censored by the engine: never another player's
hidden
cards, nor its own while blind, rules D8, BL6, T3) and answers with an
:class:`~bragkit.actions.Action` from the view's ``legal_actions``::

    class Agent(Protocol):
        def act(self, view: DealView) -> Action: ...

An agent also answers a proposed showdown (B8: every player still betting must agree):
``agrees(view) -> bool``; :func:`agreement` asks it. It also hears ``observe(event)``. Both are
declared by the protocol with defaults in :class:`AgentBase`, the base of every agent: it agrees
when it has looked at a hand at least as good as half of all hands, and notes nothing.

An agent may override ``observe(event)``: whoever runs the game (the arena, the terminal game)
tells it when a deal starts (:class:`DealStarted`: the rules, the dealer, whether the pack was
shuffled, D4) and when it ends (:class:`DealEnded`: its final view, and the hands that went under
the pack in order, D5, each card shown only where the agent saw it). That is all a player at a
real table may know, and all a card-counting bot needs.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> class AlwaysFold(AgentBase):
...     def act(self, view: DealView) -> Action:
...         return Action(player=view.viewer, verb=Verb.FOLD)
>>> isinstance(AlwaysFold(), Agent)
True
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> str(ask(AlwaysFold(), deal))
'Ann fold'
>>> deal.apply(ask(AlwaysFold(), deal))
>>> event = ended_event(deal, "Bob")
>>> [(r.player, r.cards) for r in event.returned], event.view.retained   # rules D5, BL3
([('Ann', (None, None, None))], 'Bob')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from bragkit.actions import Action, Verb
from bragkit.bots.strength import hand_quantile
from bragkit.cards import Card
from bragkit.errors import BragError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.operations import (
    HandRetained,
    HandShown,
    HandToPack,
    PotAwarded,
    PotCarried,
)
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView

__all__ = [
    "Agent",
    "AgentBase",
    "BotError",
    "DealEnded",
    "DealStarted",
    "Event",
    "HandReturned",
    "Observer",
    "agreement",
    "ask",
    "ended_event",
    "notify",
    "started_event",
]

#: How long a bot may think by default, in seconds (every bot takes a ``budget`` parameter).
DEFAULT_BUDGET = 0.25


@runtime_checkable
class Agent(Protocol):
    """Anything with ``act(view) -> Action``, ``agrees(view) -> bool`` and ``observe(event)``
    can play a seat (:class:`AgentBase` gives the last two)."""

    def act(self, view: DealView) -> Action:
        """The action to take, one of ``view.legal_actions``."""
        ...

    def agrees(self, view: DealView) -> bool:
        """The answer to a proposed showdown (B8)."""
        ...

    def observe(self, event: Event) -> None:
        """Note a public event, already censored for this player."""
        ...


class AgentBase:
    """The parts of an :class:`Agent` beyond ``act``, with their defaults (the base of every
    agent): ``agrees`` says yes with a looked hand at least as good as half of all hands (by
    the agent's ``rules``: the standard ones unless it sets its own), ``observe`` notes
    nothing."""

    rules: Rules = Rules()  # frozen: one shared default

    def act(self, view: DealView) -> Action:
        """The action to take (every agent supplies it)."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it acts")

    def agrees(self, view: DealView) -> bool:
        """A proposed showdown (B8): yes with a looked hand in the better half of all hands."""
        return view.hand is not None and hand_quantile(view, self.rules) >= 0.5

    def observe(self, event: Event) -> None:
        """Nothing to note."""
        return None


@runtime_checkable
class Observer(Protocol):
    """An agent that also wants to hear what happens around the table (optional)."""

    def observe(self, event: Event) -> None:
        """Note a public event, already censored for this player."""
        ...


class BotError(BragError):
    """An agent answered with something that is not a legal action for its seat."""


@dataclass(frozen=True, kw_only=True, slots=True)
class DealStarted:
    """A deal begins: antes taken and cards dealt (D2, D6).

    ``shuffled`` says whether the pack was shuffled before it (D4: the first deal, after a prial
    was seen, or always by house rule); ``pack_size`` is the cards in the pack before the deal
    (a retained blind hand is out of it, R1); ``retained`` the player holding one.
    """

    viewer: str
    rules: Rules
    players: tuple[str, ...]
    dealer: str
    shuffled: bool
    pack_size: int
    carried_pot: int
    retained: str | None


@dataclass(frozen=True, kw_only=True, slots=True)
class HandReturned:
    """A hand went under the pack (D5): whose, and its cards in order, ``None`` where unseen."""

    player: str
    cards: tuple[Card | None, ...]
    folded: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class DealEnded:
    """A deal is over: the viewer's last view, the returns to the pack in order (D5), and
    whether the next deal is shuffled (D4)."""

    viewer: str
    view: DealView
    returned: tuple[HandReturned, ...]
    shuffle_next: bool


Event = DealStarted | DealEnded


def notify(agent: Agent, event: Event) -> None:
    """Give ``event`` to ``agent``."""
    agent.observe(event)


def started_event(deal: Deal, viewer: str, *, shuffled: bool) -> DealStarted:
    """What ``viewer`` learns as ``deal`` starts."""
    start = deal.start
    retained = next(iter(start.retained), None)
    pack_size = deal.rules.pack_size - (deal.rules.cards if retained else 0)
    return DealStarted(viewer=viewer, rules=deal.rules, players=deal.players, dealer=deal.dealer,
                       shuffled=shuffled, pack_size=pack_size, carried_pot=start.carried_pot,
                       retained=retained)


def ended_event(deal: Deal, viewer: str) -> DealEnded:
    """What ``viewer`` saw of a finished deal: the hands that went under the pack in order (D5)
    with the cards it knows: its own once looked, hands shown (D8), the face-up hand (R3), and,
    with a face-up stock (D9), the last card of each folded hand (it lay face up at the bottom).
    """
    view = deal.view(viewer)
    known: set[Card] = set(view.hand or ()) | set(view.discards)
    for cards in view.shown.values():
        known.update(cards)
    face_up = _face_up_hand(deal)
    known.update(face_up)
    stock_face_up = deal.rules.stock_face_up
    returned: list[HandReturned] = []
    ending = False
    for op in deal.operations:
        if isinstance(op, HandShown | PotAwarded | PotCarried | HandRetained):
            ending = True
        elif isinstance(op, HandToPack):
            seen: list[Card | None] = [c if c in known else None for c in op.cards]
            if stock_face_up and not ending and seen:
                seen[-1] = op.cards[-1]  # rule D9: it lay face up at the bottom of the stock
            returned.append(HandReturned(player=op.player, cards=tuple(seen), folded=not ending))
    result = deal.result
    assert result is not None, "the deal is not over"
    return DealEnded(viewer=viewer, view=view, returned=tuple(returned),
                     shuffle_next=result.shuffle_next)


def _face_up_hand(deal: Deal) -> tuple[Card, ...]:
    """The face-up hand of R3 this deal, if one was dealt (public: it lay face up)."""
    start = deal.start
    if not start.retained or deal.rules.retained_blind != "face-up":
        return ()
    (name,) = start.retained
    return tuple(start.hands.get(name, ()))


def ask(agent: Agent, deal: Deal, player: str | None = None) -> Action:
    """Ask ``agent`` to act for ``player`` (default: whoever is to act) with only that player's
    view, and check the answer is an action the engine lists for them (else :class:`BotError`).
    """
    name = player if player is not None else deal.to_act
    if name is None:
        raise BotError("the deal is over: no one is to act")
    view = deal.view(name)
    action = agent.act(view)
    if not isinstance(action, Action):
        raise BotError(f"{name}'s agent answered {action!r}, not an Action")
    if action.player != name and action.verb is not Verb.SHOWDOWN:
        raise BotError(f"{name}'s agent acted for {action.player!r}")
    if not deal.can_apply(action):
        raise BotError(f"{name}'s agent chose an illegal action: {action}")
    return action


def agreement(agent: Agent, deal: Deal, player: str) -> Action | None:
    """``player``'s answer, played by ``agent``, to a proposed showdown (B8): their ``agree``
    action, or ``None`` when they decline or may not agree now. The agent sees only the
    player's view: its ``agrees(view)`` (:class:`AgentBase`: "looked, and at least a median
    hand")."""
    option = next((o for o in deal.legal_actions(player) if o.verb is Verb.AGREE), None)
    if option is None:
        return None
    return option.action() if agent.agrees(deal.view(player)) else None


class Stopwatch:
    """A deadline: ``Stopwatch(budget).left()`` is the seconds still to think.

    It counts the process's own CPU time, not the wall clock, so a machine busy with other work
    does not change a bot's decisions (an arena replays exactly from its seed).
    """

    __slots__ = ("_end",)

    def __init__(self, budget: float) -> None:
        self._end = time.process_time() + budget

    def left(self) -> float:
        """Seconds left (negative once the budget is spent)."""
        return self._end - time.process_time()
