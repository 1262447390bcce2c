"""The sets a Nine Card Brag player may play (N6): one verifier (:func:`_verify_set`), and the
menus built from the same rule — the whole table's first round in one numpy pass
(:func:`_first_round`), a later round's six or three cards in plain Python (:func:`_playable`) —
as the ``choices`` of the ``plays`` option (:class:`PlayChoices`).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from typing import Final, overload

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, Verb, card_action
from bragkit.cards import Card, format_cards
from bragkit.errors import IllegalActionError
from bragkit.games import arrange
from bragkit.games.set_layout import laid_out, laid_out_table
from bragkit.games.set_scale import pair_rows
from bragkit.hands import Ordering

__all__ = ["ORDERING", "PlayChoices"]

ORDERING: Final = Ordering.NINE_CARD
_PLAYS: Final = Verb.PLAYS

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
    rows = _pair_rows()  # rows[x * 52 + y][z]: the strength of x, y, z
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
    if a < b < c < d < e < f:  # sorted: all different (one pack)
        return _Leads(cards, found, _TRIPLES6)
    return list(dict.fromkeys((cards[i], cards[j], cards[k])  # two packs: each set once
                              for i, j, k in (_TRIPLES6[key & 127] for key in found)))


@functools.cache
def _pair_rows() -> tuple[tuple[int, ...], ...]:
    """:func:`~bragkit.games.set_scale.pair_rows` of Nine Card Brag's ordering (looked up
    without hashing the ordering: a menu at every later-round turn)."""
    return pair_rows(ORDERING)


#: The 84 sets of nine positions, by id.
_TRIPLES9: Final = tuple((a, b, c) for a, b, c in arrange.position_triples(9).tolist())
#: A hand's bits in a first-round key (above the set's: a key is ``hand << 20 | (4096 -
#: strength) << 7 | set id``, so one sort orders the whole table, hand by hand).
_HAND_BITS: Final = 20
#: The key of a set that may not lead, below the hand's bits (sorted after every legal lead).
_NO_LEAD: Final = (1 << _HAND_BITS) - 1


@functools.cache
def _lead_tables(players: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.intp],
                                        npt.NDArray[np.int32], npt.NDArray[np.int32],
                                        npt.NDArray[np.int32]]:
    """The arrays of :func:`_first_round` at a table of ``players``: the weights (9 x 84) that
    make a hand's sorted cards every set's place in the flat strength table (``held @
    weights``: exact in floats, one BLAS call); the first and second set of each split of the
    other six cards, into the table's strengths (``2 x 10 x players * 84``); each set's key
    before its strength is taken off; the key of a set that may not lead; each hand's first
    key that may not."""
    weights = np.zeros((9, 84))
    for t, (a, b, c) in enumerate(_TRIPLES9):
        weights[a, t], weights[b, t], weights[c, t] = 2704, 52, 1
    rest = arrange.rest_partitions(9)  # (84, 10, 2) set ids
    base = np.arange(players)[None, :, None] * 84
    first = (base + rest[..., 0].T[:, None, :]).reshape(10, players * 84)
    second = (base + rest[..., 1].T[:, None, :]).reshape(10, players * 84)
    hand = np.repeat(np.arange(players, dtype=np.int32), 84) << _HAND_BITS
    keys = hand + 4096 * 128 + np.tile(np.arange(84, dtype=np.int32), players)
    ends = (np.arange(players, dtype=np.int32) << _HAND_BITS) + _NO_LEAD
    return weights, np.stack([first, second]), keys, hand + _NO_LEAD, ends


@functools.cache
def _flat_strengths() -> npt.NDArray[np.int32]:
    """The strength of every card triple, flat, shifted up seven bits (a set's key is its
    strength's, below the set id): ``[a * 2704 + b * 52 + c]`` (-128: not a set)."""
    return arrange.scale_table(ORDERING).tri.ravel().astype(np.int32) << 7


#: Every card by its index (a menu's sets are built from indices).
_CARDS: Final = tuple(Card(i) for i in range(52))


class _Leads(Sequence[tuple[Card, ...]]):
    """The sets that may be played from a hand's sorted ``cards`` (cards or their indices), in
    order, each built when asked for: ``keys`` end in the set's id among ``triples`` (the
    position triples of nine or six cards, in combinations order)."""

    __slots__ = ("_cards", "_keys", "_triples")

    def __init__(self, cards: Sequence[int], keys: Sequence[int] | npt.NDArray[np.int32],
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
        return (_CARDS[cards[i]], _CARDS[cards[j]], _CARDS[cards[k]])

    def laid_out(self, index: int) -> tuple[Card, Card, Card]:
        """Set ``index`` as a person lays it out (:func:`laid_out`, one look-up: its cards are
        in order and all different)."""
        cards = self._cards
        i, j, k = self._triples[self._keys[index] & 127]
        return laid_out_table()[cards[i] * 2704 + cards[j] * 52 + cards[k]]  # type: ignore[return-value]


def _first_round(hands: Sequence[Sequence[Card]]) -> list[_Leads]:
    """For each nine-card hand (one pack), every set that may lead it (N6: the six cards left
    split into two sets none of which beats it), strongest first then in combinations order:
    one numpy pass for the whole table."""
    n = len(hands)
    weights, splits, keys, no_lead, ends = _lead_tables(n)
    held = np.frombuffer(bytes(itertools.chain.from_iterable(hands)), dtype=np.uint8
                         ).reshape(n, 9).copy()
    held.sort()  # each hand's cards in order
    # every set's strength, shifted seven bits (the same order); the places are in range
    strengths = _flat_strengths().take((held @ weights).astype(np.intp), mode="clip").ravel()
    # rule N6: the best split of the other six cards, at its strongest set
    first, second = strengths.take(splits, mode="clip")
    best_rest = np.minimum.reduce(np.maximum(first, second, out=first))
    key = np.where(best_rest > strengths, no_lead, keys - strengths)
    key.sort()  # the whole table: hand by hand, each hand's legal leads first
    # each hand's keys as an array: an agent reads one key of it (no list of 84 built per hand)
    return [_Leads(cards, key[84 * i:end], _TRIPLES9) for i, (cards, end) in
            enumerate(zip(held.tolist(), key.searchsorted(ends).tolist(), strict=True))]


class PlayChoices(Sequence[Action]):
    """The sets a player may play now (N6) as actions, strongest first: the ``choices`` of the
    ``plays`` option. Listed on first use; ``in`` asks the verifier (it lists nothing). A menu
    belongs to the turn it was made for: it holds that turn's hand and cap."""

    __slots__ = ("_cap", "_hand", "_played", "_player", "_sets", "given")

    def __init__(self, player: str, hand: Sequence[Card], played: Sequence[tuple[Card, ...]],
                 cap: int | None, sets: Sequence[tuple[Card, ...]] | None = None) -> None:
        self._player = player
        self._hand = hand  # not copied: the game replaces a hand, never changes it
        self._played = played  # (read only for the words of a refusal)
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
        sets = self._sets
        if sets is None:  # _all, inlined (an agent's first look at the menu)
            sets = self._sets = _playable(self._hand, self._cap)
        return len(sets)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        sets = self._sets if self._sets is not None else self._all()
        if type(sets) is _Leads and type(index) is int:  # one pack: the commonest
            cards = sets.laid_out(index)
        elif isinstance(index, slice):
            return [self._action(s) for s in sets[index]]
        else:
            cards = laid_out(*sets[index])
        action = self.given = card_action(self._player, _PLAYS, cards)
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
