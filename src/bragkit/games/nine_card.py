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
>>> [option] = game.legal_actions()   # one option: play a set, one of these (N6)
>>> option, [str(a) for a in option.choices][:2]
(LegalAction(...), ['Ann plays Kc Qc Jc', 'Ann plays Kc 7s 7h'])
>>> str(option), Action.parse("Ann plays Kc 7s 7h") in option
('Ann plays (1 of 10)', True)
>>> Action.parse("Ann plays Qc Jc 2d") in option   # rule N6: Kc 7h 7s left, a pair, is above it
False

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

import functools
import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final, overload

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, LegalAction, Verb, card_action, choices_option
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games import arrange
from bragkit.games.house_rules import changed_options, known_options
from bragkit.games.op_records import positional
from bragkit.games.points_game import (
    CardsDealt,
    DealEnded,
    DealStarted,
    GameWon,
    PointsFold,
    PointsGame,
    PointsResult,
    left_of,
    seats_from,
    strategy_scores,
)
from bragkit.games.points_records import (
    DealRecord,
    PointsRecord,
    PointsReplay,
    deal_sources,
    register_format,
)
from bragkit.games.points_session import PointsDealing
from bragkit.games.protocol import Operation
from bragkit.games.registry import GameInfo
from bragkit.games.set_layout import laid_out
from bragkit.games.set_scale import pair_rows
from bragkit.games.three_card.rules import MAX_CHIPS
from bragkit.games.wording import inner, says, whom
from bragkit.hands import Ordering
from bragkit.records import format_name

__all__ = [
    "GAMES",
    "VERBS",
    "CardsDealt",
    "DealEnded",
    "DealRecord",
    "DealStarted",
    "GameWon",
    "NineCardGame",
    "NineCardRecord",
    "NineCardReplay",
    "NineCardResult",
    "NineCardRules",
    "NineCardView",
    "PlayChoices",
    "RoundScored",
    "SetPlayed",
    "compare_strategies",
    "strong_action",
]

#: The most players at a game of Nine Card Brag (rule N1: two packs for six to eleven).
MOST_PLAYERS: Final = 11

ORDERING: Final = Ordering.NINE_CARD
#: The verbs of Nine Card Brag: ``"Ann plays Qs Qh Qd"`` (N4, N6).
VERBS: Final = frozenset({Verb.PLAYS})
_PLAYS: Final = Verb.PLAYS

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

    target: int = field(default=21, metadata={
        "rule": "N7", "meaning": "points that win the game", "min": 1, "max": MAX_CHIPS})
    """Points that win the game (N7)."""
    points: tuple[int, ...] = field(default=(3, 2, 1), metadata={
        "rule": "N4", "meaning": "points for the best, second, third set of a round", "min": 0,
        "max": MAX_CHIPS, "list": True})
    """Points for the best, second, third … set of a round (N4); later places score 0."""
    stake: int = field(default=1, metadata={
        "rule": "N7", "meaning": "money owed per point behind the winner", "min": 0,
        "max": MAX_CHIPS})
    """Money owed per point behind the winner (N7)."""
    decks: int | None = field(default=None, metadata={
        "rule": "N1", "meaning": "packs (empty: one for two to five players, two for more)",
        "choices": (1, 2)})
    """Packs: None for one with two to five players and two with six to eleven (N1)."""

    def __post_init__(self) -> None:
        # bounded before anything is built (issue 19): a place for each of at most eleven
        # players (N1), amounts at most MAX_CHIPS
        if not isinstance(self.points, tuple | list) or len(self.points) > MOST_PLAYERS:
            raise RulesError(f"points is a list of at most {MOST_PLAYERS} whole numbers, one a "
                             "place (rule N4)")
        object.__setattr__(self, "points", tuple(self.points))
        if any(type(p) is int and p > MAX_CHIPS for p in self.points):
            raise RulesError(f"points are at most {MAX_CHIPS} (rule N4)")
        for name in ("target", "stake"):
            value = getattr(self, name)
            if type(value) is int and value > MAX_CHIPS:
                raise RulesError(f"{name} is at most {MAX_CHIPS} (rule N7)")
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
        if len(self.points) > 1 and self.points[0] == self.points[1]:
            # Two players would score alike every round and the game could never end (N7).
            raise RulesError(f"the best set must score more than the second: {self.points!r}"
                             " (rule N4)")
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
        return changed_options(self)

    @classmethod
    def from_dict(cls, options: Mapping[str, Any]) -> NineCardRules:
        """Rules from a ``[rules]`` table; an unknown key is a RulesError naming it."""
        values = known_options(cls, options)
        if "points" in values:
            if not isinstance(values["points"], list | tuple):
                raise RulesError("points must be a list of whole numbers (rule N4)")
            values["points"] = tuple(values["points"])
        return cls(**values)


# ---------------------------------------------------------------------------------------------
# Sets that may be played (N6): one verifier, and the menu built from the same rule

#: The splits of six positions into two sets of three (the first holds position 0).
_SPLITS6: Final = tuple((t, tuple(p for p in range(6) if p not in t))
                        for t in itertools.combinations(range(6), 3) if 0 in t)


@functools.cache
def _scale() -> arrange.FastScale:
    """The strengths of Nine Card Brag's sets (N3), for the checks (built on first use)."""
    return arrange.fast_scale(ORDERING)


#: The 20 sets of six positions, in combinations order (the rest of set p is set 19 - p).
_TRIPLES6: Final = tuple(itertools.combinations(range(6), 3))
_TEN: Final = tuple(range(10))

assert all(_TRIPLES6.index(rest) == 19 - _TRIPLES6.index(t) for t, rest in _SPLITS6)


def _fits_below(cards: Sequence[Card], cap: int, tri: Sequence[int]) -> bool:
    """Whether ``cards`` (none, three or six) split into sets none of which beats ``cap`` (N6):
    so the player can finish the deal."""
    if not cards:
        return True
    if len(cards) == 3:
        a, b, c = cards
        return tri[a * 2704 + b * 52 + c] <= cap
    for (i, j, k), (x, y, z) in _SPLITS6:
        if (tri[cards[i] * 2704 + cards[j] * 52 + cards[k]] <= cap
                and tri[cards[x] * 2704 + cards[y] * 52 + cards[z]] <= cap):
            return True
    return False


def _verify_set(player: str, hand: Sequence[Card], played: Sequence[tuple[Card, ...]],
                cap: int | None, cards: Sequence[Card]) -> tuple[int, list[Card]]:
    """The strength of the set ``player`` plays from ``hand`` (their unplayed cards) below
    ``cap``, and the cards left after it; IllegalActionError naming the rule it breaks (N3, N2,
    N6)."""
    if len(cards) != 3:
        raise IllegalActionError(f"a set is three cards, not {len(cards)}", rule="N3")
    left = list(hand)
    for card in cards:
        try:
            left.remove(card)
            continue
        except ValueError:
            pass
        if any(card in s for s in played):
            raise IllegalActionError(f"{card} is in a set {player} already played, and a "
                                     "played set is fixed", rule="N6")
        raise IllegalActionError(f"{player} does not hold {card}", rule="N2")
    scale = _scale()
    a, b, c = cards
    strength = scale.tri[a * 2704 + b * 52 + c]  # scale.of(cards): three cards
    if cap is not None and strength > cap:
        raise IllegalActionError(
            f"{player} cannot play {format_cards(cards)} ({scale.names[strength]}): it beats "
            f"{player}'s previous set ({scale.names[cap]})", rule="N6")
    if not _fits_below(left, strength, scale.tri):
        raise IllegalActionError(
            f"{player} cannot play {format_cards(cards)}: the cards left "
            f"({format_cards(left)}) cannot all be played below it", rule="N6")
    return strength, left


def _playable(hand: Sequence[Card], cap: int | None) -> Sequence[tuple[Card, ...]]:
    """Every set :func:`_verify_set` accepts from six or three cards, each once, strongest
    first, then in the order of :func:`itertools.combinations` of the sorted hand (as
    :func:`~bragkit.games.arrange.playable_sets`, which serves nine cards: see
    :func:`_first_round`)."""
    if len(hand) > 6:
        return [tuple(sorted(s)) for s in arrange.playable_sets(hand, cap=cap, ordering=ORDERING)]
    cards = sorted(hand)
    tri = _scale().tri
    if len(cards) == 3:
        a, b, c = cards
        strength = tri[a * 2704 + b * 52 + c]
        return [(a, b, c)] if cap is None or strength <= cap else []
    top = 4096 if cap is None else cap
    a, b, c, d, e, f = cards
    rows = pair_rows(ORDERING)  # rows[x * 52 + y][z]: the strength of x, y, z
    a_, b_, c_ = a * 52, b * 52, c * 52
    ab, ac, ad, ae = rows[a_ + b], rows[a_ + c], rows[a_ + d], rows[a_ + e]
    bc, bd, be, cd, ce = rows[b_ + c], rows[b_ + d], rows[b_ + e], rows[c_ + d], rows[c_ + e]
    de = rows[d * 52 + e]
    # the 20 sets of the six cards, in combinations order: set 19 - p is the rest of set p
    st = [ab[c], ab[d], ab[e], ab[f], ac[d], ac[e], ac[f], ad[e], ad[f], ae[f],
          bc[d], bc[e], bc[f], bd[e], bd[f], be[f], cd[e], cd[f], ce[f], de[f]]
    # -strength * 128 + set id (each once): strongest first, then combinations order; rule
    # N6: of set p and its rest 19 - p, the stronger may be played (both when equal), below top
    found = []
    for p, s1, s2 in zip(_TEN, st[:10], st[:9:-1], strict=True):
        if s1 > s2:
            if s1 <= top:
                found.append(-s1 * 128 + p)
        elif s2 <= top:
            found.append(-s2 * 128 + 19 - p)
            if s1 == s2:
                found.append(-s1 * 128 + p)
    found.sort()
    if len(set(cards)) == len(cards):
        return _Leads(cards, found, _TRIPLES6)
    return list(dict.fromkeys((cards[i], cards[j], cards[k])  # two packs: each set once
                              for i, j, k in (_TRIPLES6[key & 127] for key in found)))


#: The 84 sets of nine positions, by id.
_TRIPLES9: Final = tuple((a, b, c) for a, b, c in arrange.position_triples(9).tolist())
#: A key no legal lead has (sorted after them all).
_NO_LEAD: Final = 1 << 30


@functools.cache
def _lead_tables(players: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp],
                                        npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Flat index arrays for :func:`_first_round` at a table of ``players``: the cards of each
    set (``players * 84 * 3``), the first and second set of each split of the other six cards
    (two rows, split-major: ``2 x 10 * players * 84``), the weights of a card triple in the
    flat strength table, and each set's key before its strength is taken off (``4096 * 128 +
    set id``)."""
    hand = np.arange(players)[:, None, None] * 9 + arrange.position_triples(9)[None]
    rest = arrange.rest_partitions(9)  # (84, 10, 2) set ids
    base = np.arange(players)[None, :, None] * 84
    first = (base + rest[..., 0].T[:, None, :]).ravel()
    second = (base + rest[..., 1].T[:, None, :]).ravel()
    keys = (4096 * 128 + np.tile(np.arange(84, dtype=np.int32), players)).reshape(players, 84)
    return hand.ravel(), np.stack([first, second]), np.array([2704, 52, 1], dtype=np.int32), keys


@functools.cache
def _flat_strengths() -> npt.NDArray[np.int32]:
    """The strength of every card triple, flat, shifted up seven bits (a set's key is its
    strength's, below the set id): ``[a * 2704 + b * 52 + c]`` (-128: not a set)."""
    return arrange.scale_table(ORDERING).tri.ravel().astype(np.int32) << 7


class _Leads(Sequence[tuple[Card, ...]]):
    """The sets that may be played from a hand's sorted ``cards``, in order, each built when
    asked for: ``keys`` end in the set's id among ``triples`` (the position triples of nine or
    six cards, in combinations order)."""

    __slots__ = ("_cards", "_keys", "_triples")

    def __init__(self, cards: list[Card], keys: Sequence[int] | npt.NDArray[np.int32],
                 triples: tuple[tuple[int, ...], ...]) -> None:
        self._cards = cards
        self._keys = keys
        self._triples = triples

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, index: int) -> tuple[Card, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Card, ...]]: ...
    def __getitem__(self, index: int | slice) -> tuple[Card, ...] | Sequence[tuple[Card, ...]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        cards = self._cards
        i, j, k = self._triples[self._keys[index] & 127]  # an int index (a slice is above)
        return (cards[i], cards[j], cards[k])


def _first_round(hands: Sequence[Sequence[Card]]) -> list[_Leads]:
    """For each nine-card hand (one pack), every set that may lead it (N6: the six cards left
    split into two sets none of which beats it), strongest first then in combinations order:
    one numpy pass for the whole table."""
    n = len(hands)
    cards_of_sets, splits, weights, base_keys = _lead_tables(n)
    ordered = [sorted(h) for h in hands]
    held = np.frombuffer(bytes(itertools.chain.from_iterable(ordered)), dtype=np.uint8)
    # the indices are built in range (cards 0-51, positions of the table): no bounds checks;
    # strengths shifted seven bits (the same order)
    strengths = _flat_strengths().take(
        held.take(cards_of_sets, mode="clip").reshape(-1, 3) @ weights, mode="clip")
    # rule N6: the best split of the other six cards, at its strongest set
    first, second = strengths.take(splits, mode="clip")
    np.maximum(first, second, out=first)
    best_rest = np.minimum.reduce(first.reshape(10, n * 84)).reshape(n, 84)
    strengths = strengths.reshape(n, 84)
    legal = best_rest <= strengths
    key = base_keys - strengths
    key[best_rest > strengths] = _NO_LEAD
    key.sort(axis=1)
    counts = np.add.reduce(legal, axis=1).tolist()
    # each row as an array: an agent reads one key of it (no list of 84 built per hand)
    return [_Leads(cards, key[i, :count], _TRIPLES9) for i, (cards, count) in
            enumerate(zip(ordered, counts, strict=True))]


class PlayChoices(Sequence[Action]):
    """The sets a player may play now (N6) as actions, strongest first: the ``choices`` of the
    ``plays`` option. Listed on first use; ``in`` asks the verifier (it lists nothing). A menu
    belongs to the turn it was made for: it holds that turn's hand and cap."""

    __slots__ = ("_cap", "_hand", "_played", "_player", "_sets", "given")

    def __init__(self, player: str, hand: Sequence[Card], played: Sequence[tuple[Card, ...]],
                 cap: int | None, sets: Sequence[tuple[Card, ...]] | None = None) -> None:
        self._player = player
        self._hand = tuple(hand)
        self._played = tuple(played)
        self._cap = cap
        self._sets = sets
        #: The action last taken from the menu by index (one of its sets, so legal: the game
        #: that made the menu for this turn need not verify it again).
        self.given: Action | None = None

    def _all(self) -> Sequence[tuple[Card, ...]]:
        if self._sets is None:
            self._sets = _playable(self._hand, self._cap)
        return self._sets

    def __len__(self) -> int:
        return len(self._sets if self._sets is not None else self._all())

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        sets = self._sets if self._sets is not None else self._all()
        if isinstance(index, slice):
            return [self._action(s) for s in sets[index]]
        action = self.given = card_action(self._player, _PLAYS, laid_out(*sets[index]))
        return action

    def __iter__(self) -> Iterator[Action]:
        return (self._action(s) for s in self._all())

    def __contains__(self, item: object) -> bool:
        if not (isinstance(item, Action) and item.player == self._player
                and item.verb is Verb.PLAYS):
            return False
        try:
            _verify_set(self._player, self._hand, self._played, self._cap, item.cards)
        except IllegalActionError:
            return False
        return True

    def _action(self, cards: tuple[Card, ...]) -> Action:
        return card_action(self._player, _PLAYS, laid_out(*cards))


# ---------------------------------------------------------------------------------------------
# Operations (DealStarted, CardsDealt, DealEnded and GameWon: bragkit.games.points_game)


@dataclass(frozen=True, kw_only=True, slots=True)
class SetPlayed(Operation):
    """A set was played, face up (N4, N6): public."""

    deal: int
    round: int
    player: str
    cards: tuple[Card, ...]
    strength: int
    description: str

    def __str__(self) -> str:
        return f"{self.player} plays {format_cards(self.cards)} ({self.description})"

    def words(self, viewer: str | None) -> str:
        """"You play Qh Qs 4d (pair of queens)": the set and its name (N6, D8)."""
        return says(self.player, viewer, f"plays {format_cards(self.cards)} "
                                         f"({self.description})")


_SET_PLAYED: Final = tuple(SetPlayed.__dict__[f].__set__ for f in (
    "deal", "round", "player", "cards", "strength", "description"))
assert len(_SET_PLAYED) == len(SetPlayed.__slots__), "_set_played sets every field"


def _set_played(deal: int, round_: int, player: str, cards: tuple[Card, ...], strength: int,
                description: str) -> SetPlayed:
    """``SetPlayed(deal=..., round=..., ...)`` without the dataclass's keyword ``__init__``
    (speed: twelve a deal; the record checks nothing)."""
    op: SetPlayed = object.__new__(SetPlayed)
    set_deal, set_round, set_player, set_cards, set_strength, set_description = _SET_PLAYED
    set_deal(op, deal)
    set_round(op, round_)
    set_player(op, player)
    set_cards(op, cards)
    set_strength(op, strength)
    set_description(op, description)
    return op


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundScored(Operation):
    """A round's sets ranked, best first (ties in the order played, N7), with their points."""

    deal: int
    round: int
    ranking: tuple[str, ...]
    points: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(f"{p} {n}" for p, n in zip(self.ranking, self.points, strict=True))

    def words(self, viewer: str | None) -> str:
        """"round 2: you win — you 1, Ann 0" (N7)."""
        won = inner(self.ranking[0], viewer, "wins") if self.ranking else "no winner"
        scores = ", ".join(f"{whom(p, viewer)} {n}"
                           for p, n in zip(self.ranking, self.points, strict=True))
        return f"round {self.round}: {won} — {scores}"


#: The records made without their keyword ``__init__`` (speed: every round logs them).
_round_scored: Final = positional(RoundScored)  # (deal, round, ranking, points)
_deal_ended: Final = positional(DealEnded)  # (deal, scores)

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
    legal_actions: tuple[LegalAction, ...]
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
            "legal_actions": [str(a) for option in self.legal_actions
                              for a in (option.choices or ())],
            "log": [str(op) for op in self.operations],
            "is_over": self.is_over,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], menu: Sequence[LegalAction] = (), *,
                  rules: Any = None) -> NineCardView:
        """The view back from :meth:`to_dict`'s data (a web table's ``deal``), with ``menu``
        for its legal actions; its ``operations`` are not in the data (none).

        >>> from bragkit.games import new
        >>> game = new("nine-card", players=["Ann", "Bob"], seed=3)
        >>> view = game.view("Ann")
        >>> back = NineCardView.from_dict(view.to_dict(), view.legal_actions)
        >>> back == replace(view, operations=())
        True
        """
        return cls(
            viewer=data["viewer"], players=tuple(data["players"]), dealer=data["dealer"],
            deal=data["deal"], round=data["round"], to_act=data["to_act"],
            scores=dict(data["scores"]), hand=parse_cards(data["hand"]),
            cards_left=dict(data["cards_left"]),
            played={p: tuple(parse_cards(s) for s in sets)
                    for p, sets in data["played"].items()},
            legal_actions=tuple(menu), operations=(), is_over=data["is_over"],
            winner=data["winner"],
        )


@dataclass(frozen=True, kw_only=True)
class NineCardResult(PointsResult):
    """A finished game: the winner, the scores, each player's net and the payments (N7);
    ``winners`` maps the winner to their points."""


# ---------------------------------------------------------------------------------------------
# The game


class NineCardGame(PointsGame[NineCardRules, NineCardResult]):
    """A game of Nine Card Brag to ``rules.target`` points, deal after deal (N1–N7).

    Nine cards each from one pack, or two packs for six to eleven players (N1, N2); three rounds
    a deal, each player playing one set of three a round, the best set scoring most (N4–N6). The
    deals, the dealers (the first is cut for at random when ``dealer`` is not given, N2) and the
    end of the game (N7) are those of :class:`~bragkit.games.points_game.PointsGame`.
    """

    CARDS: ClassVar[int] = 9
    SEATS: ClassVar[tuple[int, int]] = (2, MOST_PLAYERS)
    SEATS_RULE: ClassVar[str] = "N1"
    DEAL_RULE: ClassVar[str] = "N2"
    NEXT_DEAL_RULE: ClassVar[str] = "N5"
    END_RULE: ClassVar[str] = "N7"
    VERBS: ClassVar[frozenset[Verb]] = VERBS
    GAME: ClassVar[str] = "Nine Card Brag"
    _result_type = NineCardResult

    @classmethod
    def default_rules(cls) -> NineCardRules:
        """The defaults of :class:`NineCardRules`: game to 21, points 3/2/1, stake 1."""
        return NineCardRules()

    def _decks_for(self, players: int) -> int:
        return self._rules.decks_for(players)  # rule N1

    def _setup(self) -> None:
        self._round = 0
        self._hands: dict[str, list[Card]] = {}
        self._played: dict[str, list[tuple[Card, ...]]] = {}
        self._caps: dict[str, int | None] = {}
        self._plays: list[tuple[str, tuple[Card, ...], int]] = []
        self._legal: list[LegalAction] | None = None
        self._choices: PlayChoices | None = None  # the choices of _legal
        self._leads: dict[str, _Leads] | None = None
        self._points = self._rules.points_for(len(self._players))
        self._set_scale = _scale()  # the strengths of sets (N3), looked up every play

    # -- properties ---------------------------------------------------------------------------

    @property
    def decks(self) -> int:
        """Packs in play (N1)."""
        return self._decks

    @property
    def round(self) -> int:
        """The round of the deal, 1 to 3 (N5)."""
        return self._round

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

    def _start(self, hands: Mapping[str, tuple[Card, ...]]) -> None:
        self._hands = {p: list(hands[p]) for p in self._players}
        self._played = {p: [] for p in self._players}
        self._caps = dict.fromkeys(self._players)
        self._round = 1  # rule N4: the player left of the dealer leads the first round
        self._plays = []
        self._legal = None
        self._choices = None
        self._leads = None

    def _turns_taken(self) -> int:
        return len(self._plays)

    @property
    def to_act(self) -> str | None:
        """Whose turn it is; None when the game is over or waiting for a deal."""
        if self._winner is not None or self._awaiting:
            return None
        return self._order[len(self._plays)]  # as PointsGame.to_act, one call less

    # -- actions ------------------------------------------------------------------------------

    def _menu(self, player: str) -> list[LegalAction]:
        """The options of ``player``, empty when it is not their turn: one, ``plays``, whose
        ``choices`` are every set they may play (N6), strongest first, listed only when looked
        at."""
        if self._winner is not None or self._awaiting:
            return []
        who = self._order[len(self._plays)]  # self.to_act
        if player != who:
            return []
        if self._legal is None:
            hand = self._hands[who]
            sets = None
            if len(hand) == 9 and self._decks == 1:  # the first round: all the table at once
                if self._leads is None:
                    nine = [p for p in self._players if len(self._hands[p]) == 9]
                    self._leads = dict(zip(nine, _first_round([self._hands[p] for p in nine]),
                                           strict=True))
                sets = self._leads.get(who)
            choices = self._choices = PlayChoices(who, hand, self._played[who],
                                                  self._caps[who], sets)
            self._legal = [choices_option(who, _PLAYS, choices)]
        return self._legal

    def _verify(self, act: Action) -> tuple[int, list[Card]]:
        """The strength of the set played and the cards left; IllegalActionError naming the
        rule broken."""
        who = act.player
        choices = self._choices
        if choices is not None and act is choices.given:
            # a set this turn's menu listed (so legal: N2, N3, N6): only its strength and the
            # cards left are needed
            left = list(self._hands[act.player])  # type: ignore[index]
            a, b, c = cards = act.cards
            for card in cards:
                left.remove(card)
            return self._set_scale.tri[a * 2704 + b * 52 + c], left
        if self._winner is not None or self._awaiting or who != self._order[len(self._plays)]:
            self._check_in_play(act)  # rules N7, N5, N1
            raise IllegalActionError(f"{who} cannot play now: it is {self.to_act}'s turn",
                                     rule="N5" if self._round > 1 and not self._plays else "N4")
        assert who is not None  # a plays action names its player
        return _verify_set(who, self._hands[who], self._played[who], self._caps[who],
                           act.cards)

    def _do(self, act: Action, verified: tuple[int, list[Card]]) -> None:
        who = act.player
        assert who is not None
        strength, self._hands[who] = verified
        cards = act.cards
        self._played[who].append(cards)
        self._caps[who] = strength
        self._ops.append(_set_played(self._deal, self._round, who, cards, strength,
                                     self._set_scale.names[strength]))
        self._plays.append((who, cards, strength))
        self._legal = None
        self._choices = None
        if len(self._plays) == len(self._players):
            self._score_round()

    def _score_round(self) -> None:
        # rule N7 [decision]: exactly equal sets rank in the order played
        ranked = sorted([(-strength, i, p) for i, (p, _, strength) in enumerate(self._plays)])
        ranking = tuple([p for _, _, p in ranked])
        points = self._points  # rule N4: 3, 2, 1
        for p, n in zip(ranking, points, strict=True):
            self._scores[p] += n
        self._ops.append(_round_scored(self._deal, self._round, ranking, points))
        self._plays = []
        if self._check_winner():
            return
        if self._round < 3:
            self._round += 1
            self._order = seats_from(self._players, ranking[0])  # rule N5: the winner leads
            return
        self._ops.append(_deal_ended(self._deal, tuple(self._scores.items())))
        self._next_deal()

    # -- views --------------------------------------------------------------------------------

    def _strong_action(self) -> Action:
        """The arranger's move for the player to act (:func:`strong_action`)."""
        return strong_action(self)

    def _fold(self, viewer: str | None, log: tuple[Operation, ...]) -> NineCardView:
        """What ``viewer`` may know (None: a spectator), folded from the log censored for
        them: the viewer's own unplayed cards (dealt, less the sets they played), every played
        set, the scores (N4), whose turn (N4: left of the dealer leads; N5: each round's winner
        leads the next). Nobody sees another player's unplayed cards, nor the pack."""
        players = self._players
        fold = PointsFold(log, first_dealer=self._first_dealer)
        scores = dict.fromkeys(players, 0)
        for op in log:
            if isinstance(op, RoundScored):
                for p, n in zip(op.ranking, op.points, strict=True):
                    scores[p] += n
        played: dict[str, list[tuple[Card, ...]]] = {p: [] for p in players}
        order = seats_from(players, left_of(players, fold.dealer))  # rule N4
        scored = 0
        plays = 0
        for op in fold.deal_ops:
            if isinstance(op, SetPlayed):
                played[op.player].append(op.cards)
                plays += 1
            elif isinstance(op, RoundScored):
                scored, plays = op.round, 0
                order = seats_from(players, op.ranking[0])  # rule N5: the winner leads
        if fold.deal == 0:
            round_ = 0
        elif scored < 3 and fold.winner is None:
            round_ = scored + 1
        else:
            round_ = scored
        hand = list(fold.cards)
        for cards in played[viewer] if viewer is not None else ():
            for card in cards:
                hand.remove(card)
        to_act = None if fold.winner is not None or fold.awaiting else order[plays]
        dealt = self.CARDS if fold.deal else 0
        return NineCardView(
            viewer=viewer,
            players=players,
            dealer=fold.dealer,
            deal=fold.deal,
            round=round_,
            to_act=to_act,
            scores=scores,
            hand=tuple(hand),
            cards_left={p: dealt - 3 * len(played[p]) for p in players},
            played={p: tuple(played[p]) for p in players},
            legal_actions=tuple(self._menu(viewer)) if viewer else (),
            operations=log,
            is_over=fold.winner is not None,
            winner=fold.winner,
        )

    def record_text(self) -> str | None:
        """The finished game as its record's text (None while it is under way)."""
        return self.record().dumps() if self.over else None

    def record(self, deals: int | None = None) -> NineCardRecord:
        """The game so far as a record (``nine-card/1``), or its first ``deals`` deals."""
        return NineCardRecord.from_game(self, deals=deals)

    def _record_text(self, deals: int) -> str:
        return self.record(deals).dumps()


# ---------------------------------------------------------------------------------------------
# Bots (a random bot: bragkit.games.protocol.random_action)


def strong_action(game: NineCardGame, *, strategy: arrange.Strategy = "expected"
                  ) -> Action:
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
    return Action(player=who, verb=Verb.PLAYS, cards=best.sets[0])


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
    endless = replace(rules if rules is not None else NineCardRules(), target=10**9)
    decks = endless.decks_for(players)

    def new_game(names: list[str], dealer: str, rng: random.Random) -> NineCardGame:
        return NineCardGame(endless, players=names, dealer=dealer,
                            deals=[Pack.shuffled(rng, decks=decks)])

    def move(game: NineCardGame, plan: arrange.Strategy) -> Action:
        return strong_action(game, strategy=plan)

    return strategy_scores(new_game, move, strategies, players=players, deals=deals, seed=seed)


# ---------------------------------------------------------------------------------------------
# Records: format = "nine-card/1" (DealRecord and the rest: bragkit.games.points_records)


@dataclass(frozen=True, kw_only=True)
class NineCardRecord(PointsRecord[NineCardRules, NineCardGame]):
    """A whole game of Nine Card Brag as a TOML record (``format = "nine-card/1"``).

    >>> game = NineCardGame(players=["Ann", "Bob"], dealer="Bob", rng=5)
    >>> while not game.over:
    ...     game.apply(strong_action(game, strategy="greedy"))
    >>> text = game.record().dumps()
    >>> NineCardRecord.loads(text).dumps() == text
    True
    >>> NineCardRecord.loads(text).replay().scores == game.scores
    True
    """

    rules: NineCardRules = field(default_factory=NineCardRules)

    FORMAT: ClassVar[str] = "nine-card/1"

    @classmethod
    def _rules_of(cls, options: Mapping[str, Any]) -> NineCardRules:
        return NineCardRules.from_dict(options)

    def _new_game(self) -> NineCardGame:
        decks = self.rules.decks_for(len(self.players))
        return NineCardGame(self.rules, players=self.players, dealer=self.dealer,
                            deals=deal_sources(self.deals, decks))


class NineCardReplay(PointsReplay[NineCardRecord, NineCardGame]):
    """A replayed ``nine-card/1`` record, for ``bragkit replay``."""

    def _title(self) -> str:
        rules = self.record.rules
        return (f"Nine Card Brag: {', '.join(self.game.players)}; game to {rules.target}, "
                f"points {'/'.join(map(str, rules.points))} a round, stake {rules.stake} a point")

    def _line(self, op: Operation) -> str | None:
        if isinstance(op, SetPlayed):
            return f"  round {op.round}: {op}"
        if isinstance(op, RoundScored):
            return f"    points: {op}"
        if isinstance(op, DealEnded | GameWon):
            return f"  {op}"
        return None

    def _nets(self) -> dict[str, int]:
        result = self.game.result
        return dict(result.nets) if result else {}

    def _details(self) -> dict[str, Any]:
        """Every round's sets and points."""
        rounds: list[dict[str, Any]] = []
        current: dict[str, Any] = {}
        for op in self.game.operations:
            if isinstance(op, SetPlayed):
                current.setdefault("sets", {})[op.player] = format_cards(op.cards)
                current["deal"], current["round"] = op.deal, op.round
            elif isinstance(op, RoundScored):
                current["points"] = dict(zip(op.ranking, op.points, strict=True))
                rounds.append(current)
                current = {}
        return {"rounds": rounds}


register_format(NineCardRecord, NineCardGame, NineCardReplay)


# ---------------------------------------------------------------------------------------------
# The registry


def _start(players: Sequence[str], rules: NineCardRules, rng: random.Random) -> NineCardGame:
    """A game for the registry: the first dealer cut at random (N2), every deal shuffled by
    ``rng`` (N5)."""
    return NineCardGame(rules, players=players, rng=rng)


#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="nine-card", title="Nine Card Brag",
             summary="nine cards sorted into three sets, three rounds a deal, points to 21 "
                     "(rules N1-N7)",
             rules=NineCardRules, start=_start, seats=NineCardGame.SEATS,
             record_format=format_name({"format": NineCardRecord.FORMAT}),
             aliases=("nine-card-brag", "nine"),
             dealing=functools.partial(PointsDealing, NineCardGame),
             picture="nine-card", unit="points",
             verb_names={Verb.PLAYS: "play"}),  # a key says "play", the record "plays" (N4)
)
