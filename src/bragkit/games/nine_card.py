"""Nine Card Brag (rules N1–N7): nine cards each, three sets, three rounds a deal, game to 21.

There is no betting. Each player sorts nine cards into three sets of three and plays them one a
round, strongest first; the round's best set scores 3, the second 2, the third 1 (N4). The first
to 21 wins, and each other player pays an agreed stake for every point they are behind (N7).

>>> game = NineCardGame(players=["Ann", "Bob", "Cat"], dealer="Cat", deals=[{
...     "Ann": "As Ah Ad Kc Qc Jc 7h 7s 2d",
...     "Bob": "9s 9h 9d 5c 6c 7c Ks Kh 2s",
...     "Cat": "Ts Jd Qs 4h 4d 4c 8h 8d 3s"}])
>>> game.to_act, game.round
('Ann', 1)
>>> game.apply("Ann plays 7h 7s 2d")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: Ann cannot play 7h 7s 2d: the cards left (As Ah Ad Kc Qc Jc) \
cannot all be played below it (rule N6)
>>> game.apply("Ann plays As Ah Ad")
>>> game.apply("Bob plays 9s 9h 9d")
>>> game.apply("Cat plays 4h 4d 4c")
>>> game.scores, game.to_act   # rule N5: the round's winner leads the next
({'Ann': 3, 'Bob': 2, 'Cat': 1}, 'Ann')
>>> [str(a) for a in game.legal_actions()][:2]
['Ann plays Kc Qc Jc', 'Ann plays Kc 7s 7h']

**Decisions** (RULES.md leaves them open):

- *Points* (N4): the option ``points`` (default ``(3, 2, 1)``) lists the points of the best,
  second, third … set of a round; places beyond the list score nothing. With two players the
  round scores 3 and 2; with four or more, the fourth and later sets score 0.
- *Ties* (N7): exactly equal sets rank in the order they were played.
- *Re-sorting* (N6): a player's unplayed cards are not arranged in advance: any three unplayed
  cards may be played if the set does not beat the player's previous set of the deal and the
  cards left can still be split into sets none of which beats it (so a player can always finish
  the deal). That a set was the player's "strongest" (N4) means exactly this.
- *End of the game* (N7): checked after every round; the game ends when someone has at least
  ``target`` points and more than anyone else (a tie at the top plays on). Each other player
  owes ``stake`` for every point behind the winner, settled in the fewest payments
  (:func:`bragkit.ledger.settle`).
- *The deal* (N1, N2): one pack for two to five players, two for six to eleven (option
  ``decks``); dealt one card at a time from the dealer's left; the first dealer is given or cut
  at random; the deal passes to the left; every deal is shuffled (N5). With two packs a set may
  hold two identical cards (see :mod:`bragkit.games.arrange` for how such sets rank).
- *Turns*: playing out of turn is refused (rule N4).

Records: ``format = "nine-card/1"``, documented in ``docs/records-nine-card-crash.md``.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Final

from bragkit.cards import Card, CardsLike, Pack, RandomSource, format_cards, make_rng, parse_cards
from bragkit.errors import (
    BragError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    NotationError,
    RulesError,
)
from bragkit.games import arrange
from bragkit.hands import Ordering
from bragkit.ledger import Payment, settle
from bragkit.records import register

__all__ = [
    "CardsDealt",
    "DealEnded",
    "DealRecord",
    "DealStarted",
    "GameWon",
    "NineCardAction",
    "NineCardGame",
    "NineCardRecord",
    "NineCardReplay",
    "NineCardResult",
    "NineCardRules",
    "NineCardView",
    "RoundScored",
    "SetPlayed",
    "compare_strategies",
    "random_action",
    "strong_action",
]

ORDERING: Final = Ordering.NINE_CARD
DealSource = Pack | Mapping[str, CardsLike]


# ---------------------------------------------------------------------------------------------
# Helpers shared with Crash (bragkit.games.crash)


def check_players(players: Sequence[str], *, least: int, most: int, rule: str) -> tuple[str, ...]:
    """The seats, checked: unique names without surrounding spaces, ``least..most`` of them."""
    seats = tuple(players)
    for name in seats:
        if not isinstance(name, str) or not name or name != name.strip() or "\n" in name:
            raise RulesError(f"a player's name must be non-empty text: {name!r}")
    if len(set(seats)) != len(seats):
        raise RulesError("every player needs a different name")
    if not least <= len(seats) <= most:
        raise RulesError(f"{len(seats)} players: this game takes {least} to {most} (rule {rule})")
    return seats


def split_name(text: str, players: Sequence[str] | None) -> tuple[str, list[str]]:
    """The player named at the start of an action string, and the words after it."""
    words = text.split()
    if not words:
        raise InvalidActionError("empty action")
    if players is None:
        return words[0], words[1:]
    for name in sorted(players, key=len, reverse=True):
        if text.strip() == name or text.strip().startswith(name + " "):
            return name, text.strip()[len(name):].split()
    raise InvalidActionError(f"no such player in {text!r}")


def seats_from(players: Sequence[str], first: str) -> list[str]:
    """The seats clockwise starting at ``first``."""
    i = players.index(first)
    return [*players[i:], *players[:i]]


def left_of(players: Sequence[str], player: str) -> str:
    """The next seat clockwise (to the left)."""
    return players[(players.index(player) + 1) % len(players)]


def deal_hands(
    source: DealSource, *, players: Sequence[str], dealer: str, count: int, decks: int, rule: str
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...] | None]:
    """Deal ``count`` cards each from a pack (one at a time from the dealer's left) or take the
    hands as given; returns the hands and the pack as it was (None for given hands)."""
    if isinstance(source, Pack):
        if source.decks != decks or source.jokers:
            raise InvalidCardError(f"the pack must be {decks} standard pack(s) without jokers")
        before = source.cards
        pack = source.copy()
        if len(pack) < count * len(players):
            raise InvalidCardError(f"the pack has {len(pack)} cards, too few to deal (rule {rule})")
        dealt: dict[str, list[Card]] = {p: [] for p in players}
        order = seats_from(players, left_of(players, dealer))
        for _ in range(count):
            for p in order:
                dealt[p].append(pack.deal())
        return {p: tuple(c) for p, c in dealt.items()}, before
    if not isinstance(source, Mapping):
        raise InvalidCardError("a deal is a pack or a hand for each player")
    unknown = sorted(set(source) - set(players))
    if unknown:
        raise InvalidCardError(f"hands for players not at the table: {', '.join(unknown)}")
    hands: dict[str, tuple[Card, ...]] = {}
    for p in players:
        if p not in source:
            raise InvalidCardError(f"no hand for {p}")
        cards = parse_cards(source[p])
        if len(cards) != count or any(c.is_joker for c in cards):
            raise InvalidCardError(f"{p} must hold {count} cards without jokers (rule {rule})")
        hands[p] = cards
    counts = Counter(c for cards in hands.values() for c in cards)
    extra = [c for c, n in counts.items() if n > decks]
    if extra:
        raise InvalidCardError(f"{format_cards(sorted(extra))} dealt more often than the "
                               f"{decks} pack(s) hold")
    return hands, None


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are valid TOML)."""
    return json.dumps(text, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True, kw_only=True, slots=True)
class NineCardRules:
    """The house rules of Nine Card Brag, fixed before play (RULES.md N1–N7).

    >>> NineCardRules().decks_for(6)
    2
    >>> NineCardRules(points=(3, 2, 1), target=31).to_dict()
    {'target': 31}
    >>> NineCardRules(points=(1, 2))
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: points must not rise from one place to the next: (1, 2) (rule N4)
    """

    target: int = 21
    """Points that win the game (N7)."""
    points: tuple[int, ...] = (3, 2, 1)
    """Points for the best, second, third … set of a round (N4); later places score 0."""
    stake: int = 1
    """Money owed per point behind the winner (N7)."""
    decks: int | None = None
    """Packs: None for one with two to five players and two with six to eleven (N1)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", tuple(self.points))
        for name in ("target", "stake"):
            value = getattr(self, name)
            if type(value) is not int or value < (1 if name == "target" else 0):
                raise RulesError(f"{name} must be a whole number"
                                 f"{' of at least 1' if name == 'target' else ' of 0 or more'}: "
                                 f"{value!r} (rule N7)")
        if not self.points or any(type(p) is not int or p < 0 for p in self.points):
            raise RulesError(f"points must be whole numbers, 0 or more: {self.points!r} (rule N4)")
        if list(self.points) != sorted(self.points, reverse=True):
            raise RulesError(f"points must not rise from one place to the next: {self.points!r}"
                             " (rule N4)")
        if self.points[0] == 0:
            raise RulesError("the best set of a round must score (rule N4)")
        if self.decks is not None and (type(self.decks) is not int or self.decks not in (1, 2)):
            raise RulesError(f"decks must be 1 or 2: {self.decks!r} (rule N1)")

    def decks_for(self, players: int) -> int:
        """Packs for a table of ``players``; RulesError when they cannot deal it (N1)."""
        decks = self.decks if self.decks is not None else (1 if players <= 5 else 2)
        if players < 2 or 9 * players > 52 * decks:
            raise RulesError(f"{players} players cannot play Nine Card Brag with {decks} "
                             "pack(s): two to five with one, six to eleven with two (rule N1)")
        return decks

    def points_for(self, players: int) -> tuple[int, ...]:
        """The points of each place in a round of ``players`` sets.

        >>> NineCardRules().points_for(2), NineCardRules().points_for(4)
        ((3, 2), (3, 2, 1, 0))
        """
        return tuple((*self.points, *[0] * players)[:players])

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (the record's ``[rules]`` table)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, options: Mapping[str, Any]) -> NineCardRules:
        """Rules from a ``[rules]`` table; an unknown key is a RulesError naming it."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(unknown)}")
        values = dict(options)
        if "points" in values:
            if not isinstance(values["points"], list | tuple):
                raise RulesError("points must be a list of whole numbers (rule N4)")
            values["points"] = tuple(values["points"])
        return cls(**values)


# ---------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, kw_only=True, slots=True)
class NineCardAction:
    """A player plays a set: ``"Ann plays Qs Qh Qd"``.

    >>> NineCardAction.parse("Ann plays Qs Qh Qd")
    NineCardAction.parse('Ann plays Qs Qh Qd')
    >>> NineCardAction.parse("Mary Ann plays 2s 3s 4s", players=["Mary Ann"]).player
    'Mary Ann'
    >>> NineCardAction.parse("Ann folds")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidActionError: expected "NAME plays C C C", not 'Ann folds'
    """

    player: str
    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str, *, players: Sequence[str] | None = None) -> NineCardAction:
        """An action from its text; with ``players`` names may hold spaces."""
        name, rest = split_name(text, players)
        if not rest or rest[0] != "plays":
            raise InvalidActionError(f'expected "NAME plays C C C", not {text!r}')
        try:
            cards = parse_cards(" ".join(rest[1:]))
        except InvalidCardError as error:
            raise InvalidActionError(f"{error} in {text!r}") from None
        if not cards:
            raise InvalidActionError(f"no cards in {text!r}")
        return cls(player=name, cards=cards)

    def __str__(self) -> str:
        return f"{self.player} plays {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"NineCardAction.parse({str(self)!r})"


# ---------------------------------------------------------------------------------------------
# Operations


@dataclass(frozen=True, kw_only=True, slots=True)
class DealStarted:
    """A deal began (N2, N5); ``pack`` is the whole pack as it was, top first (never shown)."""

    deal: int
    dealer: str
    pack: tuple[Card, ...] | None = None

    def __str__(self) -> str:
        return f"deal {self.deal}: {self.dealer} deals"


@dataclass(frozen=True, kw_only=True, slots=True)
class CardsDealt:
    """A player's cards, in the order dealt (seen by that player only)."""

    deal: int
    player: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.player} is dealt {format_cards(self.cards)}"


@dataclass(frozen=True, kw_only=True, slots=True)
class SetPlayed:
    """A set was played, face up (N4, N6)."""

    deal: int
    round: int
    player: str
    cards: tuple[Card, ...]
    strength: int
    description: str

    def __str__(self) -> str:
        return f"{self.player} plays {format_cards(self.cards)} ({self.description})"


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundScored:
    """A round's sets ranked, best first (ties in the order played, N7), with their points."""

    deal: int
    round: int
    ranking: tuple[str, ...]
    points: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(f"{p} {n}" for p, n in zip(self.ranking, self.points, strict=True))


@dataclass(frozen=True, kw_only=True, slots=True)
class DealEnded:
    """A deal's three rounds are over; ``scores`` are the game totals."""

    deal: int
    scores: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return f"deal {self.deal} over: " + ", ".join(f"{p} {n}" for p, n in self.scores)


@dataclass(frozen=True, kw_only=True, slots=True)
class GameWon:
    """The game is won (N7); ``nets`` is what each player is up or down, ``payments`` squares
    them."""

    winner: str
    scores: tuple[tuple[str, int], ...]
    nets: tuple[tuple[str, int], ...]
    payments: tuple[Payment, ...]

    def __str__(self) -> str:
        paid = "; ".join(str(p) for p in self.payments) or "nothing to pay"
        return f"{self.winner} wins: {paid}"


Operation = DealStarted | CardsDealt | SetPlayed | RoundScored | DealEnded | GameWon


# ---------------------------------------------------------------------------------------------
# Views and results


@dataclass(frozen=True, kw_only=True)
class NineCardView:
    """The game as one player (or a spectator, ``viewer=None``) may know it: their own unplayed
    cards, every played set, never another player's unplayed cards."""

    viewer: str | None
    players: tuple[str, ...]
    dealer: str
    deal: int
    round: int
    to_act: str | None
    scores: Mapping[str, int]
    hand: tuple[Card, ...]
    cards_left: Mapping[str, int]
    played: Mapping[str, tuple[tuple[Card, ...], ...]]
    legal_actions: tuple[str, ...]
    operations: tuple[Operation, ...]
    is_over: bool
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-able data (cards as text)."""
        return {
            "viewer": self.viewer,
            "players": list(self.players),
            "dealer": self.dealer,
            "deal": self.deal,
            "round": self.round,
            "to_act": self.to_act,
            "scores": dict(self.scores),
            "hand": format_cards(self.hand),
            "cards_left": dict(self.cards_left),
            "played": {p: [format_cards(s) for s in sets] for p, sets in self.played.items()},
            "legal_actions": list(self.legal_actions),
            "log": [str(op) for op in self.operations],
            "is_over": self.is_over,
            "winner": self.winner,
        }


@dataclass(frozen=True, kw_only=True)
class NineCardResult:
    """A finished game: the winner, the scores, each player's net and the payments (N7)."""

    winner: str
    scores: Mapping[str, int]
    nets: Mapping[str, int]
    payments: tuple[Payment, ...]


# ---------------------------------------------------------------------------------------------
# The game


class NineCardGame:
    """A game of Nine Card Brag to ``rules.target`` points, deal after deal (N1–N7).

    Cards come from ``deals`` (each a :class:`~bragkit.cards.Pack` or a hand for each player),
    then — or when ``deals`` is None — from packs shuffled by ``rng``. When the listed deals run
    out the game waits (:attr:`awaiting_deal`) for :meth:`start_deal`. The first dealer is
    ``dealer``, or cut at random (N2).
    """

    def __init__(
        self,
        rules: NineCardRules | None = None,
        *,
        players: Sequence[str],
        dealer: str | None = None,
        rng: RandomSource = None,
        deals: Iterable[DealSource] | None = None,
    ) -> None:
        self._rules = rules if rules is not None else NineCardRules()
        self._players = check_players(players, least=2, most=11, rule="N1")
        self._decks = self._rules.decks_for(len(self._players))
        self._rng = make_rng(rng)
        if dealer is None:
            dealer = self._players[self._rng.randrange(len(self._players))]  # rule N2: the cut
        if dealer not in self._players:
            raise RulesError(f"the dealer {dealer!r} is not at the table")
        self._first_dealer = dealer
        self._sources: Iterator[DealSource] | None = iter(deals) if deals is not None else None
        self._scores = dict.fromkeys(self._players, 0)
        self._ops: list[Operation] = []
        self._deal_sources: list[DealSource] = []
        self._deal_actions: list[list[NineCardAction]] = []
        self._deal = 0
        self._dealer = dealer
        self._round = 0
        self._hands: dict[str, list[Card]] = {}
        self._played: dict[str, list[tuple[Card, ...]]] = {}
        self._caps: dict[str, int | None] = {}
        self._order: list[str] = []
        self._plays: list[tuple[str, tuple[Card, ...], int]] = []
        self._awaiting = False
        self._winner: str | None = None
        self._result: NineCardResult | None = None
        self._legal: list[NineCardAction] | None = None
        self._next_deal()

    # -- properties ---------------------------------------------------------------------------

    @property
    def rules(self) -> NineCardRules:
        """The house rules."""
        return self._rules

    @property
    def players(self) -> tuple[str, ...]:
        """The seats, clockwise."""
        return self._players

    @property
    def first_dealer(self) -> str:
        """Who dealt the first deal (N2)."""
        return self._first_dealer

    @property
    def dealer(self) -> str:
        """Who dealt the current (or last) deal."""
        return self._dealer

    @property
    def decks(self) -> int:
        """Packs in play (N1)."""
        return self._decks

    @property
    def deal_number(self) -> int:
        """The current deal, from 1."""
        return self._deal

    @property
    def round(self) -> int:
        """The round of the deal, 1 to 3 (N5)."""
        return self._round

    @property
    def to_act(self) -> str | None:
        """Whose turn it is; None when the game is over or waiting for a deal."""
        if self._winner is not None or self._awaiting:
            return None
        return self._order[len(self._plays)]

    @property
    def is_over(self) -> bool:
        """Whether the game has been won (N7)."""
        return self._winner is not None

    @property
    def awaiting_deal(self) -> bool:
        """Whether the listed deals ran out and :meth:`start_deal` is awaited."""
        return self._awaiting

    @property
    def winner(self) -> str | None:
        """The winner once the game is over."""
        return self._winner

    @property
    def scores(self) -> dict[str, int]:
        """Points so far."""
        return dict(self._scores)

    @property
    def result(self) -> NineCardResult | None:
        """The result once the game is over."""
        return self._result

    @property
    def operations(self) -> tuple[Operation, ...]:
        """Every change of state, in order (the engine's own log: it holds hidden cards)."""
        return tuple(self._ops)

    @property
    def actions(self) -> tuple[NineCardAction, ...]:
        """Every action applied, in order."""
        return tuple(a for deal in self._deal_actions for a in deal)

    @property
    def deal_sources(self) -> tuple[DealSource, ...]:
        """Each deal's cards as given: the pack before dealing, or the hands (for records)."""
        return tuple(self._deal_sources)

    @property
    def deal_actions(self) -> tuple[tuple[NineCardAction, ...], ...]:
        """The actions of each deal."""
        return tuple(tuple(d) for d in self._deal_actions)

    def hand(self, player: str) -> tuple[Card, ...]:
        """A player's unplayed cards (the engine's knowledge; views censor it)."""
        return tuple(self._hands.get(player, ()))

    def played(self, player: str) -> tuple[tuple[Card, ...], ...]:
        """The sets a player has played this deal."""
        return tuple(self._played.get(player, ()))

    @property
    def round_plays(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The sets played so far in this round, in order (public)."""
        return tuple((p, cards) for p, cards, _ in self._plays)

    def cap(self, player: str) -> int | None:
        """The strength no set of the player may beat (their last set this deal, N6)."""
        return self._caps.get(player)

    # -- dealing ------------------------------------------------------------------------------

    def _next_deal(self) -> None:
        source: DealSource | None = None
        if self._sources is None:
            source = Pack.shuffled(self._rng, decks=self._decks)  # rule N5: shuffle every deal
        else:
            source = next(self._sources, None)
            if source is None:
                self._awaiting = True
                self._legal = None
                return
        self._begin(source)

    def start_deal(self, cards: DealSource | None = None) -> None:
        """Start the awaited deal from ``cards`` (a pack or hands), or a pack shuffled by the
        game's random source."""
        if not self._awaiting:
            raise IllegalActionError("a deal is already in play or the game is over", rule="N5")
        if cards is None:
            cards = Pack.shuffled(self._rng, decks=self._decks)
        self._begin(cards)

    def _begin(self, source: DealSource) -> None:
        dealer = self._first_dealer if self._deal == 0 else left_of(self._players, self._dealer)
        hands, pack = deal_hands(source, players=self._players, dealer=dealer, count=9,
                                 decks=self._decks, rule="N2")
        self._awaiting = False
        self._deal += 1
        self._dealer = dealer  # rule N2: the deal rotates clockwise
        self._deal_sources.append(
            Pack(pack, decks=self._decks) if pack is not None else dict(hands))
        self._deal_actions.append([])
        self._ops.append(DealStarted(deal=self._deal, dealer=dealer, pack=pack))
        for p in seats_from(self._players, left_of(self._players, dealer)):
            self._ops.append(CardsDealt(deal=self._deal, player=p, cards=hands[p]))
        self._hands = {p: list(hands[p]) for p in self._players}
        self._played = {p: [] for p in self._players}
        self._caps = dict.fromkeys(self._players)
        self._round = 1
        self._order = seats_from(self._players, left_of(self._players, dealer))  # rule N4
        self._plays = []
        self._legal = None

    # -- actions ------------------------------------------------------------------------------

    def legal_actions(self, player: str | None = None) -> list[NineCardAction]:
        """Every set the player to act may play (N6), strongest first; ``player`` given: that
        player's (empty when it is not their turn)."""
        who = self.to_act
        if who is None or (player is not None and player != who):
            return []
        if self._legal is None:
            self._legal = [
                NineCardAction(player=who, cards=cards)
                for cards in arrange.playable_sets(self._hands[who], cap=self._caps[who],
                                                   ordering=ORDERING)
            ]
        return list(self._legal)

    def _parse(self, action: NineCardAction | str) -> NineCardAction:
        if isinstance(action, NineCardAction):
            return action
        return NineCardAction.parse(action, players=self._players)

    def check(self, action: NineCardAction | str) -> NineCardAction:
        """The action parsed and checked; raises IllegalActionError naming the rule it breaks
        (InvalidActionError when it does not parse). Changes nothing."""
        act = self._parse(action)
        if self._winner is not None:
            raise IllegalActionError(f"the game is over: {self._winner} won", rule="N7")
        if self._awaiting:
            raise IllegalActionError("no deal is in play", rule="N5")
        who = act.player
        if who not in self._scores:
            raise IllegalActionError(f"{who} is not at the table", rule="N1")
        if who != self.to_act:
            raise IllegalActionError(f"{who} cannot play now: it is {self.to_act}'s turn",
                                     rule="N5" if self._round > 1 and not self._plays else "N4")
        if len(act.cards) != 3:
            raise IllegalActionError(f"a set is three cards, not {len(act.cards)}", rule="N3")
        left = Counter(self._hands[who])
        for card, n in Counter(act.cards).items():
            if left[card] < n:
                if any(card in s for s in self._played[who]):
                    raise IllegalActionError(f"{card} is in a set {who} already played, and a "
                                             "played set is fixed", rule="N6")
                raise IllegalActionError(f"{who} does not hold {card}", rule="N2")
        strength = arrange.strength_of(act.cards, ordering=ORDERING)
        cap = self._caps[who]
        if cap is not None and strength > cap:
            raise IllegalActionError(
                f"{who} cannot play {format_cards(act.cards)} "
                f"({arrange.name_of(strength, ordering=ORDERING)}): it beats {who}'s previous "
                f"set ({arrange.name_of(cap, ordering=ORDERING)})", rule="N6")
        remaining = list(self._hands[who])
        for card in act.cards:
            remaining.remove(card)
        cards_left = tuple(remaining)
        if cards_left and not len(arrange.legal_arrangements(cards_left, game="nine-card",
                                                             cap=strength)):
            raise IllegalActionError(
                f"{who} cannot play {format_cards(act.cards)}: the cards left "
                f"({format_cards(cards_left)}) cannot all be played below it", rule="N6")
        return act

    def can_apply(self, action: NineCardAction | str) -> bool:
        """Whether :meth:`apply` would accept the action (it never disagrees)."""
        try:
            self.check(action)
        except BragError:
            return False
        return True

    def apply(self, action: NineCardAction | str) -> None:
        """Apply an action; an illegal one raises IllegalActionError and changes nothing."""
        act = self.check(action)
        who = act.player
        strength = arrange.strength_of(act.cards, ordering=ORDERING)
        for card in act.cards:
            self._hands[who].remove(card)
        self._played[who].append(act.cards)
        self._caps[who] = strength
        self._deal_actions[-1].append(act)
        self._ops.append(SetPlayed(deal=self._deal, round=self._round, player=who,
                                   cards=act.cards, strength=strength,
                                   description=arrange.name_of(strength, ordering=ORDERING)))
        self._plays.append((who, act.cards, strength))
        self._legal = None
        if len(self._plays) == len(self._players):
            self._score_round()

    def _score_round(self) -> None:
        # rule N7 [decision]: exactly equal sets rank in the order played
        ranked = sorted(range(len(self._plays)), key=lambda i: (-self._plays[i][2], i))
        ranking = tuple(self._plays[i][0] for i in ranked)
        points = self._rules.points_for(len(ranking))  # rule N4: 3, 2, 1
        for p, n in zip(ranking, points, strict=True):
            self._scores[p] += n
        self._ops.append(RoundScored(deal=self._deal, round=self._round, ranking=ranking,
                                     points=points))
        self._plays = []
        if self._check_winner():
            return
        if self._round < 3:
            self._round += 1
            self._order = seats_from(self._players, ranking[0])  # rule N5: the winner leads
            return
        self._ops.append(DealEnded(deal=self._deal, scores=tuple(self._scores.items())))
        self._next_deal()

    def _check_winner(self) -> bool:
        best = max(self._scores.values())
        leaders = [p for p, s in self._scores.items() if s == best]
        if best < self._rules.target or len(leaders) > 1:
            return False
        winner = leaders[0]
        stake = self._rules.stake
        nets = {p: -stake * (best - s) for p, s in self._scores.items()}  # rule N7
        nets[winner] = -sum(v for p, v in nets.items() if p != winner)
        payments = tuple(settle(nets))
        self._winner = winner
        self._result = NineCardResult(winner=winner, scores=dict(self._scores), nets=nets,
                                      payments=payments)
        self._ops.append(GameWon(winner=winner, scores=tuple(self._scores.items()),
                                 nets=tuple(nets.items()), payments=payments))
        self._legal = None
        return True

    # -- views --------------------------------------------------------------------------------

    def view(self, player: str | None = None) -> NineCardView:
        """What ``player`` may know (None: a spectator). Nobody sees another player's unplayed
        cards, nor the pack; played sets are public."""
        if player is not None and player not in self._scores:
            raise RulesError(f"{player} is not at the table")
        ops: list[Operation] = []
        for op in self._ops:
            if isinstance(op, DealStarted):
                ops.append(DealStarted(deal=op.deal, dealer=op.dealer))
            elif isinstance(op, CardsDealt):
                if op.player == player:
                    ops.append(op)
            else:
                ops.append(op)
        return NineCardView(
            viewer=player,
            players=self._players,
            dealer=self._dealer,
            deal=self._deal,
            round=self._round,
            to_act=self.to_act,
            scores=dict(self._scores),
            hand=tuple(self._hands.get(player, ())) if player is not None else (),
            cards_left={p: len(self._hands.get(p, ())) for p in self._players},
            played={p: tuple(self._played.get(p, ())) for p in self._players},
            legal_actions=tuple(str(a) for a in self.legal_actions(player)) if player else (),
            operations=tuple(ops),
            is_over=self.is_over,
            winner=self._winner,
        )

    def record(self) -> NineCardRecord:
        """The game so far as a record (``nine-card/1``)."""
        return NineCardRecord.from_game(self)


# ---------------------------------------------------------------------------------------------
# Bots


def random_action(game: NineCardGame, rng: RandomSource = None) -> NineCardAction:
    """A uniformly random legal action of the player to act."""
    return make_rng(rng).choice(game.legal_actions())


def strong_action(game: NineCardGame, *, strategy: arrange.Strategy = "expected"
                  ) -> NineCardAction:
    """The strongest set of the player's best arrangement of their unplayed cards (re-sorted
    every turn, below their previous set: N6), the ``"expected"`` strategy weighing the sets
    already played in the round."""
    who = game.to_act
    if who is None:
        raise IllegalActionError("nobody is to act", rule="N4")
    seen = [arrange.strength_of(cards, ordering=ORDERING) for _, cards in game.round_plays]
    best = arrange.best_arrangement(
        game.hand(who), strategy=strategy, game="nine-card", cap=game.cap(who),
        players=len(game.players), points=game.rules.points, decks=game.decks, seen=seen)
    return NineCardAction(player=who, cards=best.sets[0])


def compare_strategies(
    strategies: Sequence[arrange.Strategy] = arrange.STRATEGIES,
    *,
    players: int = 3,
    deals: int = 200,
    seed: int = 0,
    rules: NineCardRules | None = None,
) -> dict[str, float]:
    """Points per deal won by one seat playing each strategy while the others play greedily,
    over the same ``deals`` random seeded deals (the seat moves round the table).

    >>> scores = compare_strategies(deals=4, seed=1)
    >>> sorted(scores), all(0 <= v <= 9 for v in scores.values())
    (['expected', 'greedy'], True)
    """
    rules = rules if rules is not None else NineCardRules()
    rules = NineCardRules(target=10**9, points=rules.points, stake=rules.stake, decks=rules.decks)
    names = [f"P{i + 1}" for i in range(players)]
    decks = rules.decks_for(players)
    out: dict[str, float] = {}
    for strategy in strategies:
        rng = random.Random(seed)
        total = 0
        for d in range(deals):
            pack = Pack.shuffled(rng, decks=decks)
            hero = names[d % players]
            game = NineCardGame(rules, players=names, dealer=names[(d + 1) % players],
                                deals=[pack])
            while game.to_act is not None:
                plan = strategy if game.to_act == hero else "greedy"
                game.apply(strong_action(game, strategy=plan))
            total += game.scores[hero]
        out[strategy] = total / deals
    return out


# ---------------------------------------------------------------------------------------------
# Records: format = "nine-card/1"


@dataclass(frozen=True, kw_only=True)
class DealRecord:
    """One deal of a record: the pack (top first) or each player's hand, and its actions."""

    pack: tuple[Card, ...] | None = None
    hands: Mapping[str, tuple[Card, ...]] | None = None
    actions: tuple[str, ...] = ()

    def source(self, decks: int) -> DealSource:
        """The cards as the engine takes them."""
        if self.pack is not None:
            return Pack(self.pack, decks=decks)
        assert self.hands is not None
        return dict(self.hands)

    def to_toml(self) -> str:
        """The ``[[deals]]`` table."""
        lines = ["[[deals]]"]
        if self.pack is not None:
            lines.append(f"pack = {toml_string(format_cards(self.pack))}")
        elif self.hands is not None:
            inner = ", ".join(f"{toml_string(p)} = {toml_string(format_cards(c))}"
                              for p, c in self.hands.items())
            lines.append(f"hands = {{ {inner} }}")
        lines.append("actions = [")
        lines += [f"  {toml_string(a)}," for a in self.actions]
        lines.append("]")
        return "\n".join(lines)

    @classmethod
    def from_table(cls, table: object, number: int, players: Sequence[str]) -> DealRecord:
        """A deal from its TOML table; NotationError names the deal and key at fault."""
        where = f"deal {number}"
        if not isinstance(table, Mapping):
            raise NotationError(f"{where}: a [[deals]] entry must be a table")
        unknown = sorted(set(table) - {"pack", "hands", "actions"})
        if unknown:
            raise NotationError(f"{where}: unknown key(s) {', '.join(unknown)}")
        if ("pack" in table) == ("hands" in table):
            raise NotationError(f"{where}: give exactly one of pack or hands")
        actions = table.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise NotationError(f"{where}: actions must be a list of strings")
        try:
            if "pack" in table:
                if not isinstance(table["pack"], str):
                    raise NotationError(f"{where}: pack must be a string of cards")
                return cls(pack=parse_cards(table["pack"]), actions=tuple(actions))
            hands = table["hands"]
            if not isinstance(hands, Mapping) or not all(
                    isinstance(v, str) for v in hands.values()):
                raise NotationError(f"{where}: hands must map each player to a string of cards")
            return cls(hands={str(p): parse_cards(v) for p, v in hands.items()},
                       actions=tuple(actions))
        except InvalidCardError as error:
            raise NotationError(f"{where}: {error}") from None


def read_header(document: Mapping[str, Any], expected: str
                ) -> tuple[tuple[str, ...], str, Mapping[str, Any], list[Any]]:
    """The players, first dealer, rules table and deal tables of a record, checked."""
    allowed = {"format", "players", "dealer", "rules", "deals"}
    unknown = sorted(set(document) - allowed)
    if unknown:
        raise NotationError(f"unknown key(s): {', '.join(unknown)}")
    fmt = document.get("format")
    name = expected.split("/")[0]
    if not isinstance(fmt, str) or fmt.split("/")[0] != name:
        raise NotationError(f'format must be "{expected}", not {fmt!r}')
    if fmt != expected:
        raise NotationError(f"format {fmt!r} is not supported: this bragkit reads {expected}")
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise NotationError("players must be a list of names")
    dealer = document.get("dealer")
    if not isinstance(dealer, str):
        raise NotationError("dealer must be a player's name")
    if dealer not in players:
        raise NotationError(f"the dealer {dealer!r} is not among the players")
    rules = document.get("rules", {})
    if not isinstance(rules, Mapping):
        raise NotationError("[rules] must be a table")
    deals = document.get("deals", [])
    if not isinstance(deals, list):
        raise NotationError("deals must be an array of tables ([[deals]])")
    return tuple(players), dealer, rules, deals


@dataclass(frozen=True, kw_only=True)
class NineCardRecord:
    """A whole game of Nine Card Brag as a TOML record (``format = "nine-card/1"``).

    >>> game = NineCardGame(players=["Ann", "Bob"], dealer="Bob", rng=5)
    >>> while not game.is_over:
    ...     game.apply(strong_action(game, strategy="greedy"))
    >>> text = game.record().dumps()
    >>> NineCardRecord.loads(text).dumps() == text
    True
    >>> NineCardRecord.loads(text).replay().scores == game.scores
    True
    """

    players: tuple[str, ...]
    dealer: str
    rules: NineCardRules = field(default_factory=NineCardRules)
    deals: tuple[DealRecord, ...] = ()

    FORMAT: ClassVar[str] = "nine-card/1"

    @classmethod
    def from_game(cls, game: NineCardGame) -> NineCardRecord:
        """The record of a game so far."""
        deals = []
        for source, actions in zip(game.deal_sources, game.deal_actions, strict=True):
            texts = tuple(str(a) for a in actions)
            if isinstance(source, Pack):
                deals.append(DealRecord(pack=source.cards, actions=texts))
            else:
                deals.append(DealRecord(hands={p: parse_cards(c) for p, c in source.items()},
                                        actions=texts))
        return cls(players=game.players, dealer=game.first_dealer, rules=game.rules,
                   deals=tuple(deals))

    def dumps(self) -> str:
        """The record as TOML text (top-level keys, then ``[rules]``, then ``[[deals]]``)."""
        lines = [f"format = {toml_string(self.FORMAT)}",
                 "players = [" + ", ".join(toml_string(p) for p in self.players) + "]",
                 f"dealer = {toml_string(self.dealer)}", "", "[rules]"]
        for key, value in self.rules.to_dict().items():
            lines.append(f"{key} = {json.dumps(value)}")
        for deal in self.deals:
            lines += ["", deal.to_toml()]
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str) -> NineCardRecord:
        """A record from TOML text."""
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise NotationError(f"not valid TOML: {error}") from None
        return cls.from_document(document)

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> NineCardRecord:
        """A record from a parsed TOML document; NotationError for a malformed one."""
        players, dealer, options, tables = read_header(document, cls.FORMAT)
        try:
            rules = NineCardRules.from_dict(options)
        except (RulesError, TypeError) as error:
            raise NotationError(f"[rules]: {error}") from None
        deals = tuple(DealRecord.from_table(t, i, players) for i, t in enumerate(tables, 1))
        return cls(players=players, dealer=dealer, rules=rules, deals=deals)

    def replay(self) -> NineCardGame:
        """The game played again from the record. An illegal action raises IllegalActionError
        naming the deal, the action's number and text, and the rule."""
        try:
            decks = self.rules.decks_for(len(self.players))
            game = NineCardGame(self.rules, players=self.players, dealer=self.dealer,
                                deals=deal_sources(self.deals, decks))
        except RulesError as error:
            raise NotationError(str(error)) from None
        except InvalidCardError as error:
            raise NotationError(f"deal 1: {error}") from None
        replay_deals(game, self.deals)
        return game


def deal_sources(deals: Sequence[DealRecord], decks: int) -> list[DealSource]:
    """The cards of each deal of a record; NotationError names a deal whose pack is bad."""
    out = []
    for number, deal in enumerate(deals, 1):
        try:
            out.append(deal.source(decks))
        except InvalidCardError as error:
            raise NotationError(f"deal {number}: {error}") from None
    return out


def replay_deals(game: Any, deals: Sequence[DealRecord]) -> None:
    """Apply each deal's actions in turn, checking that every deal but the last is complete."""
    for number, deal in enumerate(deals, 1):
        if game.deal_number != number or game.awaiting_deal:
            raise NotationError(f"deal {number} was never reached: the game was over")
        for index, text in enumerate(deal.actions, 1):
            where = f'deal {number}, action {index} "{text}"'
            if game.deal_number != number:
                raise NotationError(f"{where}: the deal is already over")
            try:
                game.apply(text)
            except IllegalActionError as error:
                raise IllegalActionError(f"{where}: {error.reason}", rule=error.rule) from None
            except InvalidActionError as error:
                raise NotationError(f"{where}: {error}") from None
            except InvalidCardError as error:  # dealing the next deal's cards
                raise NotationError(f"deal {number + 1}: {error}") from None
        if number < len(deals) and game.deal_number == number and not game.is_over:
            raise NotationError(f"deal {number} is not finished, but deal {number + 1} follows")


class NineCardReplay:
    """A replayed ``nine-card/1`` record, for ``bragkit replay``."""

    def __init__(self, record: NineCardRecord) -> None:
        self.record = record
        self.game = record.replay()

    def describe(self) -> str:
        """The game as a person reads it."""
        game, rules = self.game, self.record.rules
        lines = [f"Nine Card Brag: {', '.join(game.players)}; game to {rules.target}, points "
                 f"{'/'.join(map(str, rules.points))} a round, stake {rules.stake} a point"]
        for op in game.operations:
            if isinstance(op, DealStarted):
                lines.append(f"Deal {op.deal}: {op.dealer} deals")
            elif isinstance(op, SetPlayed):
                lines.append(f"  round {op.round}: {op}")
            elif isinstance(op, RoundScored):
                lines.append(f"    points: {op}")
            elif isinstance(op, DealEnded | GameWon):
                lines.append(f"  {op}")
        lines.append("Scores: " + ", ".join(f"{p} {s}" for p, s in game.scores.items()))
        if not game.is_over:
            lines.append("The game is not over.")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """Scores, winner, nets, payments and every round's sets and points."""
        game = self.game
        rounds: list[dict[str, Any]] = []
        current: dict[str, Any] = {}
        for op in game.operations:
            if isinstance(op, SetPlayed):
                current.setdefault("sets", {})[op.player] = format_cards(op.cards)
                current["deal"], current["round"] = op.deal, op.round
            elif isinstance(op, RoundScored):
                current["points"] = dict(zip(op.ranking, op.points, strict=True))
                rounds.append(current)
                current = {}
        result = game.result
        return {
            "format": NineCardRecord.FORMAT,
            "players": list(game.players),
            "deals": game.deal_number,
            "scores": game.scores,
            "over": game.is_over,
            "winner": game.winner,
            "nets": dict(result.nets) if result else {},
            "payments": [{"payer": p.payer, "payee": p.payee, "amount": p.amount}
                         for p in (result.payments if result else ())],
            "rounds": rounds,
        }


def _replay_document(document: Mapping[str, Any]) -> NineCardReplay:
    return NineCardReplay(NineCardRecord.from_document(document))


register("nine-card", _replay_document)
