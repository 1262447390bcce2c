"""What one player may know of a deal: :class:`DealView` (rules D8, BL6, D9, T3).

A view is built by :meth:`Deal.view <bragkit.games.three_card.Deal.view>` for one player, or for
a spectator (``None``). It holds the public state (stacks, pot, stake, whose turn, every action,
the hands exposed, the face-up hand of R3, the face-up stock card of D9) and only the viewer's
own cards, and those only once the viewer has looked (BL6: a blind player sees none of their
own). Other players' discards (F1) are face down, so the action log shows only how many.

A view is plain data: :meth:`DealView.to_dict` is JSON-able, safe to send to a browser.

>>> from bragkit.rules import Rules
>>> from bragkit.games.three_card import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> deal.view("Ann").hand is None      # Ann has not looked (rule BL6)
True
>>> deal.apply("Ann look")
>>> deal.view("Ann").to_dict()["hand"], deal.view("Bob").to_dict()["hand"]
(['Qh', 'Qs', '4d'], None)
>>> deal.view(None).to_dict()["actions"]
['Ann look']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card

if TYPE_CHECKING:
    from bragkit.games.three_card import Deal

__all__ = ["DealView", "build_view", "legal_action_dict", "public_action"]


@dataclass(frozen=True, kw_only=True, slots=True)
class DealView:
    """A deal as one player (or a spectator, ``viewer=None``) may know it.

    ``hand`` is the viewer's cards in the order dealt, ``None`` while they are blind or for a
    spectator; ``discards`` are the cards the viewer set aside (F1). ``held`` counts the cards in
    front of each player (two hands count both, R2). ``blind`` lists who has not looked (a look
    is public). ``shown`` holds the hands exposed so far (D8), ``face_up`` the face-up hand of
    R3, ``stock_card`` the one visible card of a face-up stock (D9). ``winners``,
    ``carried_forward`` and ``retained`` are set once the deal is over (never a blind hand's
    cards).
    """

    viewer: str | None
    players: tuple[str, ...]
    dealer: str
    stacks: Mapping[str, int]
    pot: int
    pots: tuple[int, ...]
    carried_pot: int
    stake: int
    to_act: str | None
    is_over: bool
    in_play: tuple[str, ...]
    covered: tuple[str, ...]
    blind: tuple[str, ...]
    two_hands: str | None
    held: Mapping[str, int]
    hand: tuple[Card, ...] | None
    discards: tuple[Card, ...]
    face_up: Mapping[str, tuple[Card, ...]]
    stock_card: Card | None
    shown: Mapping[str, tuple[Card, ...]]
    actions: tuple[str, ...]
    legal_actions: tuple[LegalAction, ...]
    winners: Mapping[str, int]
    carried_forward: int
    retained: str | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-able data: cards as text (``"Qh"``), legal actions as dicts."""
        return {
            "viewer": self.viewer,
            "players": list(self.players),
            "dealer": self.dealer,
            "stacks": dict(self.stacks),
            "pot": self.pot,
            "pots": list(self.pots),
            "carried_pot": self.carried_pot,
            "stake": self.stake,
            "to_act": self.to_act,
            "is_over": self.is_over,
            "in_play": list(self.in_play),
            "covered": list(self.covered),
            "blind": list(self.blind),
            "two_hands": self.two_hands,
            "held": dict(self.held),
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "discards": [str(c) for c in self.discards],
            "face_up": {p: [str(c) for c in cards] for p, cards in self.face_up.items()},
            "stock_card": None if self.stock_card is None else str(self.stock_card),
            "shown": {p: [str(c) for c in cards] for p, cards in self.shown.items()},
            "actions": list(self.actions),
            "legal_actions": [legal_action_dict(a) for a in self.legal_actions],
            "winners": dict(self.winners),
            "carried_forward": self.carried_forward,
            "retained": self.retained,
        }


def legal_action_dict(option: LegalAction) -> dict[str, Any]:
    """One legal action as JSON-able data.

    >>> from bragkit.actions import Verb
    >>> legal_action_dict(LegalAction(player="Ann", verb=Verb.BET, min_amount=2, max_amount=9))
    {'player': 'Ann', 'verb': 'bet', 'min': 2, 'max': 9, 'hand': None, 'discards': 0, \
'text': 'Ann bet 2..9'}
    """
    return {
        "player": option.player,
        "verb": option.verb.value,
        "min": option.min_amount,
        "max": option.max_amount,
        "hand": option.hand,
        "discards": option.discards,
        "text": str(option),
    }


def public_action(action: Action, viewer: str | None) -> str:
    """An action as ``viewer`` may read it: another player's discards stay face down (F1).

    >>> public_action(Action.parse("Ann discard 7c"), "Bob")
    'Ann discard [1 card]'
    >>> public_action(Action.parse("Ann discard 7c"), "Ann")
    'Ann discard 7c'
    """
    if action.verb is Verb.DISCARD and action.player != viewer:
        count = len(action.cards)
        return f"{action.player} discard [{count} card{'s' if count > 1 else ''}]"
    return str(action)


def build_view(deal: Deal, viewer: str | None) -> DealView:
    """The view of ``deal`` for ``viewer`` (``None``: a spectator, who sees no hidden card)."""
    # The engine's private state is read here on purpose: a view is the engine's censor.
    names = deal._names
    seat = -1 if viewer is None else deal._seat_of(viewer)
    hand: tuple[Card, ...] | None = None
    discards: tuple[Card, ...] = ()
    if seat >= 0:
        if deal._pending == seat:  # rule R2: the one hand just looked at
            old = deal._old[seat]
            hand = old if deal._pending_hand == "old" else deal._hand[seat]
        elif deal._looked[seat]:  # rule BL6: own cards only once looked
            hand = deal._hand[seat]
            discards = deal._discards[seat]
    result = deal._result
    stock = deal._stock
    face_up = {}
    if deal._face_up is not None:  # rule R3
        face_up[names[deal._fu_seat]] = deal._face_up
    held = {}
    for s, name in enumerate(names):
        if deal._status[s] == 1:
            held[name] = 0
        else:
            held[name] = len(deal._hand[s]) + len(deal._old[s] or ())
    return DealView(
        viewer=viewer,
        players=names,
        dealer=deal.dealer,
        stacks=deal.stacks,
        pot=deal.pot,
        pots=deal.pots,
        carried_pot=deal._carried_in,
        stake=deal._stake,
        to_act=deal.to_act,
        is_over=result is not None,
        in_play=deal.in_play,
        covered=tuple(names[s] for s in deal._coverers),
        blind=tuple(n for s, n in enumerate(names) if not deal._looked[s]),
        two_hands=names[deal._two_seat] if deal._two_seat >= 0 else None,
        held=held,
        hand=hand,
        discards=discards,
        face_up=face_up,
        # rule D9: the one visible card of a face-up stock
        stock_card=stock.bottom if deal.rules.stock_face_up and stock is not None else None,
        shown={} if result is None else dict(result.shown),
        actions=tuple(public_action(a, viewer) for a in deal.actions),
        legal_actions=() if viewer is None else tuple(deal.legal_actions(viewer)),
        winners={} if result is None else dict(result.winners),
        carried_forward=0 if result is None else result.carried_pot,
        retained=None if result is None else result.retained,
    )
