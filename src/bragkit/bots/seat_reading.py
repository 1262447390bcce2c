"""A seat's state at a web table read back as what a bot takes: the seat's view of the deal,
its menu of legal actions, and, for a three-card :class:`~bragkit.bots.agent.Agent`, the events
of a deal's start and end (rules D4, D5).

A browser's seat receives JSON (``docs/web-protocol.md``, *The state*): ``deal``, the seat's
view (``game.view(seat).to_dict()``, censored by the engine: D8, BL6, T3), and ``you.legal``,
its options. :func:`legal_action` rebuilds each option as the engine's
:class:`~bragkit.actions.LegalAction` (the option list is the menu; an action is built from an
option's fields), and :class:`SeatReader` the view, through the ``from_dict`` of the game's own
view class (the class of a view the game gives: nothing here asks which game it is). A bot
reads what the seat was sent and nothing more.

>>> from bragkit.games import new
>>> from bragkit.games.three_card.views import legal_action_dict
>>> game = new("three-card", players=["Ann", "Bob"], seed=3)
>>> options = game.legal_actions("Bob")
>>> [str(legal_action(legal_action_dict(o), game.players)) for o in options]
['Bob look', 'Bob fold', 'Bob blind 1..99', 'Bob bet 1..99', 'Bob topup 1..']
>>> reader = SeatReader("three-card", {})
>>> view = reader.view(game.view("Bob").to_dict(), options)
>>> view.viewer, view.hand, str(view.legal_actions[0])
('Bob', None, 'Bob look')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final, cast, overload

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import DealEnded, DealStarted, HandReturned
from bragkit.bots.players import game_rules
from bragkit.bots.reading import moves
from bragkit.cards import Card, parse_cards
from bragkit.errors import BragError
from bragkit.games.protocol import View
from bragkit.games.registry import find
from bragkit.games.three_card.operations import DiscardHidden
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView

__all__ = ["SeatReader", "Unlisted", "legal_action", "menu"]


def legal_action(option: Mapping[str, Any], players: Sequence[str]) -> LegalAction:
    """One option of ``you.legal`` as the engine's :class:`LegalAction`: its verb, amounts,
    hand and discards from its fields, a cost or the exact cards from its ``text`` (``Ann call
    3``, ``Bob draw 2 Kd 7c``), its ``choices`` parsed when listed (None when the state counts
    them only: a Crash hand's arrangements).

    >>> str(legal_action({"player": "Ann", "verb": "call", "min": None, "max": None,
    ...                   "hand": None, "discards": 0, "text": "Ann call 3"}, ["Ann"]))
    'Ann call 3'
    """
    player = option["player"]
    verb = Verb(option["verb"])
    hand = option["hand"]
    low = option["min"]
    head = f"{player} {verb.value}" if player else verb.value
    head += f" {hand}" if hand else ""
    text = str(option["text"])
    if not text.startswith(head):
        raise BragError(f"an option reads {text!r}, not {head!r}...")
    rest = text[len(head):].split()
    cost: int | None = None
    cards: tuple[Card, ...] = ()
    if rest and not rest[0].startswith("("):
        if len(rest) > 1:  # "draw 2 Kd 7c": the option's own cards
            cards = parse_cards(" ".join(rest[1:]))
        elif low is None:  # "call 3": what it costs
            cost = int(rest[0])
    listed = option.get("choices")
    choices: Sequence[Action] | None = None
    if listed is not None:
        choices = tuple(Action.parse(choice, players=players) for choice in listed)
    elif option.get("count") is not None:
        choices = Unlisted(player=player, verb=verb, count=int(option["count"]))
    return LegalAction(player=player, verb=verb, min_amount=low, max_amount=option["max"],
                       hand=hand, discards=option["discards"], cost=cost, cards=cards,
                       choices=choices)


class Unlisted(Sequence[Action]):
    """The choices of an option the state counts without listing them (more than the server
    lists: a Crash hand's arrangements, C2). Any action of the option's player and verb is
    taken to be among them (the server checks it, as it checks every action); they cannot be
    read one by one.

    >>> choices = Unlisted(player="Ann", verb=Verb.ARRANGES, count=200200)
    >>> len(choices), Action.parse("Ann arranges Ks Kh Kd") in choices
    (200200, True)
    """

    def __init__(self, *, player: str | None, verb: Verb, count: int) -> None:
        self.player = player
        self.verb = verb
        self.size = count

    def __len__(self) -> int:
        return self.size

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and (action.player, action.verb) == (
            self.player, self.verb)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        raise BragError(f"the table counts {self.size} choices of {self.verb.value} "
                        "without listing them")


def menu(options: Sequence[Mapping[str, Any]], players: Sequence[str]) -> tuple[LegalAction, ...]:
    """Every option of ``you.legal``, as :func:`legal_action` reads it."""
    return tuple(legal_action(option, players) for option in options)


@cache
def _view_class(game: str) -> type[View]:
    """The class of the views ``game`` gives (of a throwaway game of its fewest players)."""
    info = find(game)
    names = [f"P{i}" for i in range(info.seats[0])]
    sample = info.start(names, info.make_rules(), random.Random(0))
    return cast(type[View], type(sample.view(None)))


class SeatReader:
    """Reads the states a seat receives at a table of ``game`` (a registry name) under the
    table's ``rules`` (its settings' options, by name)."""

    def __init__(self, game: str, rules: Mapping[str, Any]) -> None:
        self.game = find(game).name
        self.rules: Any = game_rules(game, _tuples(rules))
        self._kind = _view_class(self.game)
        self._retained: str | None = None

    def view(self, deal: Mapping[str, Any], options: Sequence[LegalAction] = ()) -> Any:
        """The seat's view of the deal, as its game's view class holds it, with ``options``
        its menu."""
        return self._kind.from_dict(deal, options, rules=self.rules)

    def read(self, deal: Mapping[str, Any],
             options: Sequence[LegalAction]) -> tuple[Any, tuple[LegalAction, ...]]:
        """The seat's view and the menu its bot is given: the view's own menu where the view
        holds one (its class may fill in choices the state only counts: a Crash hand's
        arrangements, C2), else ``options``."""
        view = self.view(deal, options)
        own = getattr(view, "legal_actions", None)  # a StakeView lists its menu as text
        return view, tuple(own) if own is not None else tuple(options)

    # -- the events of a three-card agent (DealStarted, DealEnded: rules D4, D5, R1) ----------

    def started(self, view: DealView, *, shuffled: bool) -> DealStarted:
        """The start of the deal of ``view`` (``shuffled``: from a fresh shuffle, D4; the
        log's line ``Deal N: ... (a fresh shuffle)`` says so). Who holds a kept blind hand (R1)
        is the last deal's ``retained``, or, for a deal first seen, the holder of two hands or
        of the face-up hand."""
        rules: Rules = self.rules  # a three-card agent plays the family's games only
        retained = self._retained or view.two_hands or next(iter(view.face_up), None)
        assert view.viewer is not None
        return DealStarted(viewer=view.viewer, rules=rules, players=view.players,
                           dealer=view.dealer, shuffled=shuffled,
                           pack_size=rules.pack_size - (rules.cards if retained else 0),
                           carried_pot=view.carried_pot, retained=retained)

    def ended(self, view: DealView, *, shuffle_next: bool,
              face_up: Mapping[str, tuple[Card, ...]] | None = None) -> DealEnded:
        """The end of the deal of ``view`` as its seat saw it (``face_up``: the face-up hand
        of R3 as the seat last saw it, which leaves the view once it goes under the pack).
        The hands went under the pack in the order the engine puts them (D5): during the deal,
        a folded hand (the old one first when it held two, R2, then the face-up hand with it,
        R3), the hand not kept at a keep or throw (R2), the face-up hand at the first stay-in
        of another player (R3); at the end those still in, from the dealer's left, the kept
        blind hand's owner returning the other hand it held (R1). Each card is given where the
        seat knows it in its place: its own hand (in the order dealt, its discards out, F1),
        a face-up hand, a hand of three shown (D8); elsewhere ``None``."""
        start = self._retained
        self._retained = view.retained
        rules: Rules = self.rules
        count = rules.cards
        face_rule = rules.retained_blind == "face-up"
        two = None if face_rule else start
        up_owner = start if face_rule else None
        up_cards = tuple((face_up or {}).get(up_owner, ())) if up_owner else ()
        twice = set() if two is None else {two}
        returned: list[HandReturned] = []

        def hand_of(player: str) -> tuple[Card | None, ...]:
            if player == view.viewer and view.hand is not None and player not in twice:
                return view.hand  # its discards with it, in the order dealt (F1)
            shown = view.shown.get(player, ())
            if count == 3 and len(shown) == 3 and player not in twice:
                return tuple(shown)
            return (None,) * count

        def under(player: str, cards: tuple[Card | None, ...], *, folded: bool = True) -> None:
            returned.append(HandReturned(player=player, cards=cards, folded=folded))

        for op in moves(view):
            if isinstance(op, DiscardHidden):
                continue
            action = op.action
            who, verb = action.player, action.verb
            if who is None:
                continue
            if verb is Verb.FOLD:
                if who == two:
                    under(who, (None,) * count)
                    two = None
                under(who, hand_of(who))
                if who == up_owner and up_cards:
                    under(who, up_cards)
                    up_cards = ()
            elif verb is Verb.KEEP or verb is Verb.THROW:
                under(who, (None,) * count)
                two = None
                twice.discard(who)  # one hand left: the one the seat sees, once looked
            elif verb in _STAYS and up_cards and who != up_owner:
                assert up_owner is not None
                under(up_owner, up_cards)
                up_cards = ()
        if view.is_over:
            players = view.players
            first = players.index(view.dealer) + 1
            for player in (players[(first + i) % len(players)] for i in range(len(players))):
                if player not in view.in_play:
                    continue
                if player != view.retained:
                    under(player, hand_of(player), folded=False)
                elif player == up_owner and up_cards:
                    under(player, up_cards, folded=False)
                elif player == two:
                    under(player, (None,) * count, folded=False)
        assert view.viewer is not None
        return DealEnded(viewer=view.viewer, view=view, returned=tuple(returned),
                         shuffle_next=shuffle_next)


#: The moves that stay in (R3: the first by another player puts the face-up hand under).
_STAYS: Final = frozenset({Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER})


def _tuples(rules: Mapping[str, Any]) -> dict[str, Any]:
    """A state's rules (JSON: lists) with tuples where the rules objects hold them."""
    return {name: tuple(value) if isinstance(value, list) else value
            for name, value in rules.items()}
