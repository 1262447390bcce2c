"""What one player may know of a deal: :class:`DealView` (rules D8, BL6, D9, T3).

A view is built by :meth:`Deal.view <bragkit.games.three_card.Deal.view>` for one player, or for
a spectator (``None``). It holds the public state (stacks, pot, stake, whose turn, every action,
the hands exposed, the face-up hand of R3, the face-up stock card of D9) and only the viewer's
own cards, and those only once the viewer has looked (BL6: a blind player sees none of their
own). Other players' discards (F1) are face down, so the action log shows only how many.

A view is folded from the log (:func:`fold`): the deal's operation records, each censored for
the viewer (:meth:`~bragkit.games.protocol.Operation.censored`), replayed over what is public at
the start (the seats, the rules, the stacks before the ante, the carried pot, who holds a
retained hand). The engine's hidden state is not read (only the face-up stock card of D9, which
all see), so a view can carry no card the log does not show its viewer. A view is plain data:
:meth:`DealView.to_dict` is JSON-able, safe to send to a browser.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
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

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.games.protocol import Operation
from bragkit.games.three_card.betting import MOVES_ON, stake_after
from bragkit.games.three_card.operations import (
    Acted,
    AnteTaken,
    CardDealt,
    DiscardHidden,
    HandLooked,
    HandRetained,
    HandShown,
    HandToPack,
    Loan,
    PotAwarded,
    PotCarried,
)
from bragkit.games.three_card.results import DealStart
from bragkit.games.three_card.rules import Rules

__all__ = ["DealView", "fold", "fold_view", "legal_action_dict"]


@dataclass(frozen=True, kw_only=True, slots=True)
class DealView:
    """A deal as one player (or a spectator, ``viewer=None``) may know it.

    ``hand`` is the viewer's cards in the order dealt, ``None`` while they are blind or for a
    spectator; ``discards`` are the cards the viewer set aside (F1). ``held`` counts the cards in
    front of each player (two hands count both, R2). ``blind`` lists who has not looked (a look
    is public). ``shown`` holds the hands exposed so far (D8), ``face_up`` the face-up hand of
    R3, ``stock_card`` the one visible card of a face-up stock (D9). ``winners``,
    ``carried_forward`` and ``retained`` are set once the deal is over (never a blind hand's
    cards). ``agreed`` lists who has agreed to a showdown (B8) since the betting last moved on.
    ``operations`` are the deal's records censored for the viewer
    (:meth:`~bragkit.games.protocol.Operation.censored`), exactly what the view was folded from:
    what a bot reads (typed, never re-parsed from ``actions``, which are for display); they are
    not in :meth:`to_dict`.
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
    agreed: tuple[str, ...] = ()
    operations: tuple[Operation, ...] = ()

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
            "agreed": list(self.agreed),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], menu: Sequence[LegalAction] = (), *,
                  rules: Any = None) -> DealView:
        """The view back from :meth:`to_dict`'s data (a web table's ``deal``, as its seat
        receives it), with ``menu`` for its legal actions: a bot at a remote table reads the
        same view as at an engine's. Its ``operations`` are the actions' records, rebuilt from
        ``actions`` (an :class:`Acted` with the chips it paid, a :class:`DiscardHidden`): what
        :mod:`bragkit.bots.reading` reads; the deal's other records are not in the data.

        >>> from dataclasses import replace
        >>> from bragkit.games.three_card.deal import Deal
        >>> deal = Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
        ...             hands={"Ann": "Qh Qs 4d 7c", "Bob": "As Tc 2d 3h"})
        >>> deal.apply("Ann discard 7c"); deal.apply("Ann bet 2")
        >>> view = deal.view("Bob")
        >>> back = DealView.from_dict(view.to_dict(), view.legal_actions)
        >>> [str(op) for op in back.operations], back.operations[1].paid
        (['Ann discard [1 card]', 'Ann bet 2'], 2)
        >>> back == replace(view, operations=back.operations)
        True
        """
        players = tuple(data["players"])
        return cls(
            viewer=data["viewer"], players=players, dealer=data["dealer"],
            stacks=dict(data["stacks"]), pot=data["pot"], pots=tuple(data["pots"]),
            carried_pot=data["carried_pot"], stake=data["stake"], to_act=data["to_act"],
            is_over=data["is_over"], in_play=tuple(data["in_play"]),
            covered=tuple(data["covered"]), blind=tuple(data["blind"]),
            two_hands=data["two_hands"], held=dict(data["held"]),
            hand=None if data["hand"] is None else _cards(data["hand"]),
            discards=_cards(data["discards"]),
            face_up={p: _cards(c) for p, c in data["face_up"].items()},
            stock_card=None if data["stock_card"] is None else Card.parse(data["stock_card"]),
            shown={p: _cards(c) for p, c in data["shown"].items()},
            actions=tuple(data["actions"]), legal_actions=tuple(menu),
            winners=dict(data["winners"]), carried_forward=data["carried_forward"],
            retained=data["retained"], agreed=tuple(data["agreed"]),
            operations=tuple(_record(text, players) for text in data["actions"]),
        )


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


_HIDDEN_DISCARD: Final = re.compile(r"(.+) discard \[(\d+) cards?\]")
#: The verbs whose amount is the chips the action paid (B3, B6, BL1, M2; a top-up pays
#: nothing into the pot, M1).
_PAYING: Final = frozenset({Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER})


def _record(text: str, players: Sequence[str]) -> Acted | DiscardHidden:
    """An action's record from its line of :attr:`DealView.actions`."""
    hidden = _HIDDEN_DISCARD.fullmatch(text)
    if hidden is not None and hidden.group(1) in players:
        return DiscardHidden(player=hidden.group(1), count=int(hidden.group(2)))
    action = Action.parse(text, players=players)
    paid = action.amount if action.verb in _PAYING and action.amount is not None else 0
    return Acted(action=action, paid=paid)


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


def fold_view(
    log: tuple[Operation, ...], *, start: DealStart, players: tuple[str, ...], dealer: str,
    rules: Rules, viewer: str | None, stock_card: Card | None, menu: tuple[LegalAction, ...],
) -> DealView:
    """The view of a deal for ``viewer`` (``None``: a spectator, who sees no hidden card),
    folded from ``log``, the deal's operations censored for the viewer
    (:meth:`Operation.censored`), with the public seating and rules of the deal (``start``'s
    stacks and carried pot, who holds a retained hand), the viewer's ``menu`` and the face-up
    stock card (D9)."""
    state = fold(log, players=players, dealer=dealer, rules=rules,
                 stacks=dict(zip(players, start.stacks, strict=True)),
                 carried_pot=start.carried_pot, retained=tuple(start.retained), viewer=viewer)
    return DealView(**state, operations=log, stock_card=stock_card, legal_actions=menu)


def fold(
    ops: Sequence[Operation], *, players: tuple[str, ...], dealer: str, rules: Rules,
    stacks: Mapping[str, int], carried_pot: int, retained: tuple[str, ...], viewer: str | None,
) -> dict[str, Any]:
    """The fields of a :class:`DealView` (all but the menu and the stock card), from the
    operation records ``ops`` as ``viewer`` knows them (censored) and what is public at the
    start: the seats and the dealer, the rules, each stack before the ante, the carried pot
    and who holds a retained hand (R1). The betting is replayed by rules B2-B10, BL1-BL3,
    M1-M4, R2, R3; every card in the result is one the viewer was shown."""
    n = len(players)
    first = players.index(dealer) + 1
    order = [players[(first + i) % n] for i in range(n)]  # rule B2: from the dealer's left
    stacks = dict(stacks)
    layers = [carried_pot]
    stake = 0
    betting = list(order)
    folded: set[str] = set()
    covered: list[str] = []
    looked = {p: not rules.blind for p in players}  # rule BL1
    two_hands = retained[0] if retained and rules.retained_blind != "face-up" else None
    face_up: dict[str, tuple[Card, ...]] = {}
    hand: tuple[Card, ...] | None = None
    discards: tuple[Card, ...] = ()
    pending = False
    actions: list[str] = []
    shown: dict[str, tuple[Card, ...]] = {}
    winners: dict[str, int] = {}
    carried = 0
    kept: str | None = None
    to_act: str | None = order[0]
    over = False
    agreed: list[str] = []
    for op in ops:
        if isinstance(op, AnteTaken):  # rule D2
            stacks[op.player] -= op.amount
            layers[-1] += op.amount
        elif isinstance(op, CardDealt):  # rule R3: the face-up hand (the only cards seen)
            face_up[op.player] = (*face_up.get(op.player, ()), op.card)
        elif isinstance(op, HandLooked):
            if op.cards:  # the viewer's own look: their cards (BL6)
                hand, pending = op.cards, op.hand is not None
            if op.hand is None:
                looked[op.player] = True
        elif isinstance(op, Loan):  # rule M4
            stacks[op.lender] -= op.amount
            stacks[op.borrower] += op.amount
        elif isinstance(op, DiscardHidden):  # rule F1: another's discard, face down
            actions.append(str(op))
            looked[op.player] = True  # rule F2: a discard includes the look
        elif isinstance(op, Acted):
            action = op.action
            actions.append(str(action))
            verb, who = action.verb, action.player
            if verb is Verb.SEE:  # rules B6, B10
                over = True
            if who is None:
                continue
            if verb is Verb.AGREE:  # rule B8: the showdown comes with the last agreement
                agreed.append(who)
                over = all(p in agreed for p in betting)
                continue
            if verb in _MOVES_ON:  # rule B8: the betting moved on; agreements lapse
                agreed.clear()
            stacks[who] -= op.paid
            layers[-1] += op.paid
            if verb is Verb.TOPUP:  # rule M1
                assert action.amount is not None
                stacks[who] += action.amount
            elif verb is Verb.BET or verb is Verb.BLIND:  # rules B3, BL1
                assert action.amount is not None
                stake = stake_after(action.amount, blind=verb is Verb.BLIND)
                looked[who] = looked[who] or verb is Verb.BET  # BL2: a bet includes the look
            elif verb is Verb.DISCARD:  # rule F1: the viewer's own discard
                discards = action.cards if who == viewer else discards
                looked[who] = True
            elif verb is Verb.KEEP or verb is Verb.THROW:  # rule R2
                two_hands = None
                looked[who] = looked[who] or verb is Verb.KEEP
                if who == viewer:
                    hand = hand if verb is Verb.KEEP else None
                    pending = False
            elif verb is Verb.FOLD or verb is Verb.COVER:
                betting.remove(who)
                if verb is Verb.FOLD:
                    folded.add(who)
                    two_hands = None if two_hands == who else two_hands
                    face_up.pop(who, None)  # rule R3: the face-up hand goes with it
                else:  # rule M2: a new pot for the others
                    covered.append(who)
                    layers.append(0)
                over = over or len(betting) == 1  # rules B5, BL3, M3
            if verb in _TURNS and not over:  # rule B4: the next still betting
                seat = order.index(who)
                to_act = next(p for p in order[seat + 1:] + order[:seat + 1] if p in betting)
        elif isinstance(op, HandToPack) and op.face_up:  # rule R3: the face-up hand goes
            face_up.pop(op.player, None)
        elif isinstance(op, HandShown):  # rule D8
            shown[op.player] = op.cards
        elif isinstance(op, PotAwarded):
            stacks[op.player] += op.amount
            winners[op.player] = op.amount
        elif isinstance(op, PotCarried):  # rule BL3
            carried = op.amount
        elif isinstance(op, HandRetained):  # rules BL3, R1
            kept = op.player
    if over:
        to_act, layers = None, [carried]
    if viewer is not None and not pending and not looked[viewer]:
        hand = None  # rule BL6: blind, the viewer sees none of their cards
    count = rules.cards
    return {
        "viewer": viewer, "players": players, "dealer": dealer,
        "stacks": {p: stacks[p] for p in players}, "pot": sum(layers), "pots": tuple(layers),
        "carried_pot": carried_pot, "stake": stake, "to_act": to_act, "is_over": over,
        "in_play": tuple(p for p in players if p not in folded),
        "covered": tuple(covered),
        "blind": tuple(p for p in players if not looked[p]),
        "two_hands": two_hands,
        "held": {p: 0 if p in folded else count * (2 if p == two_hands else 1)
                 for p in players},
        "hand": hand if viewer is not None else None, "discards": discards,
        "face_up": face_up, "shown": shown, "actions": tuple(actions),
        "winners": winners, "carried_forward": carried, "retained": kept,
        "agreed": () if over else tuple(agreed),
    }


_TURNS: Final = frozenset({Verb.BET, Verb.BLIND, Verb.FOLD, Verb.COVER})
_MOVES_ON: Final = MOVES_ON
