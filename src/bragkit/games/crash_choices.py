"""The arrangements a Crash player may choose (C2, C4), as the lazy ``choices`` of the
``arranges`` option: a :class:`~collections.abc.Sequence` of :class:`~bragkit.actions.Action`.

A thirteen-card hand has 200,200 ways to take four hands of three, more with a four of a kind
(C2), so the menu never lists them unless iterated:

* ``action in choices`` checks the action's hands directly (the engine's own check,
  :func:`~bragkit.games.arrange.crash_hands`), and that no acceptable hand is left among
  the discards when fewer than four are made (an extra hand never costs a point, so such an
  arrangement is accepted by the engine but not listed);
* ``len`` and indexing, under the default least hand (``min_category = "high-card"``, where every
  three cards are a hand), are arithmetic on the fixed table of splits: the blocks of
  :func:`~bragkit.games.arrange.legal_arrangements`, in its order, without building them. A
  random index is then a uniformly random listed arrangement. Under a higher least hand (C4) which
  splits count depends on the cards: the full list is built on first ``len`` or index (about 15 ms).

>>> from bragkit.actions import Action
>>> from bragkit.cards import parse_cards
>>> choices = ArrangementChoices("Ann", parse_cards("4s 4h 4d 4c As Ah Ad Ks Kh Kd Qs Qh 2c"))
>>> len(choices)    # 200,200 four-triple splits, 280 with the four of a kind as a hand
200480
>>> choices[200_000]
Action.parse('Ann arranges Ah Ad 4s | As Kh Kd | Qh 4h 4c | Ks Qs 4d')
>>> Action.parse("Ann arranges 4s 4h 4d 4c | As Ah Ad | Ks Kh Kd | Qs Qh 2c") in choices
True
>>> Action.parse("Ann arranges 4s 4h 4d 4c") in choices   # room for more hands: not listed
False
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Iterator, Sequence
from typing import Final, overload

from bragkit.actions import Action, Verb, card_action
from bragkit.cards import Card
from bragkit.errors import IllegalActionError
from bragkit.games import arrange
from bragkit.games.set_layout import laid_out_table
from bragkit.games.set_scale import FastScale
from bragkit.hands import Category, Ordering

__all__ = ["ArrangementChoices", "has_room"]

#: The arrangements of thirteen distinct cards into four hands of three (C2).
_FOUR_TRIPLES: Final = math.comb(13, 3) * math.comb(10, 3) * math.comb(7, 3) * 4 // 24

def has_room(discards: Sequence[Card], *, ordering: Ordering | str, floor: Category) -> bool:
    """Whether the discards hold a hand the rules accept: three cards at least ``floor``, or a
    four of a kind (C2, C4).

    >>> from bragkit.cards import parse_cards
    >>> has_room(parse_cards("2c 7d Ks"), ordering="crash", floor=Category.HIGH_CARD)
    True
    >>> has_room(parse_cards("2c 7d Ks Jh"), ordering="crash", floor=Category.PAIR)
    False
    """
    if len(discards) < 3:
        return False
    scale = arrange.fast_scale(ordering)
    for trio in itertools.combinations(discards, 3):
        strength = scale.of(trio)
        if strength >= 0 and scale.category[strength] >= floor:
            return True
    ranks = [c // 4 for c in discards]
    return any(ranks.count(r) == 4 for r in set(ranks))


_THIRTEEN: Final = tuple(range(13))
_HIGH_CARD: Final = Category.HIGH_CARD
_SUB: Final = operator.sub
_ARRANGES: Final = Verb.ARRANGES


def _quads(cards: tuple[Card, ...]) -> list[int]:
    """Where each four of a kind starts among thirteen distinct cards, sorted (C2)."""
    # four of a rank are four cards in a row (distinct, sorted: rank * 4 + suit); four cards in
    # a row are rare, and checked first without a loop in Python
    if 3 not in map(_SUB, cards[3:], cards):
        return []
    return [p for p in range(10) if cards[p] >> 2 == cards[p + 3] >> 2]


#: What a pick from four triples makes (C2, C4): the action, its hands in play order, the
#: discards and the hands' strengths — an :class:`~bragkit.games.arrange.Arrangement`'s fields
#: without making one (speed: a random agent picks one every arrangement).
Picked = tuple[Action, tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[int, ...]]


#: The arrangements of twelve distinct cards into four hands of three: a block of the first
#: thirteen, one for each card left over.
_TWELVE_SPLITS: Final = _FOUR_TRIPLES // 13


#: The rows of :func:`_splits12`, once built (a module global: read at every pick).
_SPLITS: Final[list[tuple[int, ...]]] = []


def _splits12() -> list[tuple[int, ...]]:
    """The 15,400 ways to split twelve positions into four triples, in the order of
    :func:`~bragkit.games.arrange.partitions` ``(12, 4)``, each as its twelve positions (the
    first triple's three, then the second's ...). Row ``b * 15,400 + r`` of ``partitions(13,
    4)`` is row ``r`` of these over the thirteen positions but ``12 - b`` (built on first use).
    """
    if not _SPLITS:
        triples = arrange.position_triples(12).tolist()
        _SPLITS.extend(tuple(p for t in row for p in triples[t])
                       for row in arrange.partitions(12, 4).tolist())
    return _SPLITS


#: A hand's key in play order under a scale: (minus its strength, its lowest card, its cards
#: laid out, its strength).
_Ranked = tuple[int, int, tuple[Card, ...], int]
#: ``_C3[c] + _C2[b] + a``: the place of three cards ``a < b < c`` among all three cards in
#: colexicographic order (0 to 22,099: a dense table, one look-up a hand).
_C3: Final = tuple(math.comb(c, 3) for c in range(52))
_C2: Final = tuple(math.comb(b, 2) for b in range(52))


@functools.cache
def _ranked_table(scale: FastScale) -> list[_Ranked]:
    """Every three cards as :data:`_Ranked` at their place (``_C3[c] + _C2[b] + a``): sorting
    a pick's four keys puts its hands in play order (C4), best first, ties by their lowest
    cards (built once per scale, itself one per ordering; one int object per strength, as
    the scale's own).
    """
    tri, lay = scale.tri, laid_out_table()
    strengths = {s: (s, -s) for s in tri}  # (each strength's one int, and its minus's)
    table: list[_Ranked] = [(0, 0, (), 0)] * math.comb(52, 3)
    for a, b, c in itertools.combinations(range(52), 3):
        x = a * 2704 + b * 52 + c
        strength, minus = strengths[tri[x]]
        cards = lay[x]
        assert cards is not None  # (three distinct cards)
        table[_C3[c] + _C2[b] + a] = (minus, a, cards, strength)
    return table


class ArrangementChoices(Sequence[Action]):
    """The arrangements ``player`` may make of ``cards`` under the rules' ``ordering`` and least
    hand ``floor``, as actions, sets in play order (see the module docstring)."""

    __slots__ = ("_blocks", "_cards", "_fast", "_floor", "_full", "_ordering", "_player",
                 "_ranked", "_scale", "_size", "picked")

    @classmethod
    def for_turn(cls, player: str, cards: tuple[Card, ...], ordering: Ordering,
                 floor: Category, scale: FastScale) -> ArrangementChoices:
        """The choices of a turn of a one-pack deal: as the constructor, for ``cards`` already
        sorted and distinct, and ``scale`` the :func:`~bragkit.games.arrange.fast_scale` of
        ``ordering`` (speed: a game makes one at every player's arrangement; positional
        arguments, the quickest call)."""
        self: ArrangementChoices = object.__new__(cls)
        self._player = player
        self._cards = cards
        self._ordering = ordering
        self._floor = floor
        self._fast = fast = floor == _HIGH_CARD
        self._full = None
        self._blocks = None
        # without four of a rank, four triples are all there is
        self._size = _FOUR_TRIPLES if fast and (3 not in map(_SUB, cards[3:], cards)
                                                 or not _quads(cards)) else -1
        self._scale = scale
        self._ranked = _ranked_table(scale)
        self.picked = None
        return self

    def __init__(self, player: str, cards: Sequence[Card], *,
                 ordering: Ordering | str = Ordering.CRASH,
                 floor: Category = Category.HIGH_CARD) -> None:
        self._player = player
        self._cards = tuple(sorted(cards))
        self._ordering = Ordering.parse(ordering)
        self._floor = floor
        # every three cards a hand (one pack): counted and indexed by arithmetic
        self._fast = floor == Category.HIGH_CARD and len(set(self._cards)) == 13
        self._full: arrange.Arrangements | None = None
        self._blocks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] | None = None
        self._size = -1
        self._scale = arrange.fast_scale(self._ordering)
        self._ranked: list[_Ranked] | None = None  # _ranked_table(_scale), when picked
        #: The arrangement last taken by index from four triples, as what it makes: a listed
        #: arrangement (so legal: C1, C2, C4), which the game that made the menu for this turn
        #: need not check again (:func:`~bragkit.games.arrange.crash_hands` would make the same).
        self.picked: Picked | None = None

    @property
    def given(self) -> tuple[Action, arrange.Arrangement] | None:
        """The arrangement last taken by index from four triples (:attr:`picked`), with the
        :class:`~bragkit.games.arrange.Arrangement` it makes."""
        if self.picked is None:
            return None
        action, sets, discards, strengths = self.picked
        return action, arrange.Arrangement(sets=sets, discards=discards, strengths=strengths)

    # -- counting and indexing without listing ------------------------------------------------

    def _layout(self) -> list[tuple[int, tuple[int, ...], tuple[int, ...], int]]:
        """The blocks of :func:`~bragkit.games.arrange.legal_arrangements` (high-card floor):
        (rows, fours of a kind chosen, positions left, triples taken from them)."""
        if self._blocks is None:
            quads = _quads(self._cards)
            blocks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = [
                (_FOUR_TRIPLES, (), _THIRTEEN, 4)]
            for q in range(1, len(quads) + 1):
                for chosen in itertools.combinations(range(len(quads)), q):
                    used = {quads[i] + j for i in chosen for j in range(4)}
                    rest = tuple(p for p in range(13) if p not in used)
                    k = min(4 - q, len(rest) // 3)
                    rows = len(arrange.partitions(len(rest), k)) if k else 1
                    blocks.append((rows, tuple(quads[i] for i in chosen), rest, k))
            self._blocks = blocks
        return self._blocks

    def __len__(self) -> int:
        if self._size >= 0:
            return self._size
        if self._fast:
            blocks = self._layout()
            self._size = blocks[0][0] if len(blocks) == 1 else sum(b[0] for b in blocks)
        else:
            self._size = len(self._listed())
        return self._size

    def _listed(self) -> arrange.Arrangements:
        if self._full is None:
            self._full = arrange.legal_arrangements(self._cards, game="crash",
                                                    ordering=self._ordering,
                                                    min_category=self._floor)
        return self._full

    def _at(self, index: int) -> Action:
        size = self._size if self._size >= 0 else len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("arrangement index out of range")
        if not self._fast:
            return self._action(self._listed()[index].sets)
        if index < _FOUR_TRIPLES:  # the first block: four triples of the thirteen cards
            return self[index]
        index -= _FOUR_TRIPLES
        cards = self._cards
        for rows, quads, rest, k in self._layout()[1:]:
            if index >= rows:
                index -= rows
                continue
            hands = [tuple(cards[p + j] for j in range(4)) for p in quads]
            if k:
                triples = arrange.position_triples(len(rest))
                for t in arrange.partitions(len(rest), k)[index].tolist():
                    a, b, c = triples[t].tolist()
                    hands.append((cards[rest[a]], cards[rest[b]], cards[rest[c]]))
            return self._action(self._in_play_order(hands))
        raise AssertionError("unreachable: the blocks add up to len")

    def _in_play_order(self, hands: Sequence[tuple[Card, ...]]) -> tuple[tuple[Card, ...], ...]:
        """Best first, ties by position (as :func:`~bragkit.games.arrange.legal_arrangements`
        builds them), each hand's cards as a person lays them out."""
        strength = self._scale.of
        ranked = sorted([(-strength(h), h) for h in hands])
        return tuple(arrange.display_order(h) for _, h in ranked)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if type(index) is int and 0 <= index < _FOUR_TRIPLES and self._fast:
            # the first block, always there: four triples of the thirteen cards, row ``index``
            # of ``partitions(13, 4)``, kept as :attr:`picked` with what it makes (inline: a
            # random agent picks one at every arrangement)
            cards = self._cards
            block, row = divmod(index, _TWELVE_SPLITS)
            unused = 12 - block  # the position of the card left over
            kept = cards[:unused] + cards[unused + 1:]
            i0, j0, k0, i1, j1, k1, i2, j2, k2, i3, j3, k3 = (_SPLITS or _splits12())[row]
            table = self._ranked
            if table is None:
                table = self._ranked = _ranked_table(self._scale)
            c3, c2 = _C3, _C2
            ranked = [table[c3[kept[k0]] + c2[kept[j0]] + kept[i0]],
                      table[c3[kept[k1]] + c2[kept[j1]] + kept[i1]],
                      table[c3[kept[k2]] + c2[kept[j2]] + kept[i2]],
                      table[c3[kept[k3]] + c2[kept[j3]] + kept[i3]]]
            ranked.sort()  # rule C4: best first
            (_, _, h0, s0), (_, _, h1, s1), (_, _, h2, s2), (_, _, h3, s3) = ranked
            sets = (h0, h1, h2, h3)
            action = card_action(self._player, _ARRANGES, (), sets)
            self.picked = (action, sets, (cards[unused],), (s0, s1, s2, s3))
            return action
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        return self._at(index)

    def __iter__(self) -> Iterator[Action]:
        return (self._at(i) for i in range(len(self)))

    # -- membership by the rules -------------------------------------------------------------

    def __contains__(self, item: object) -> bool:
        if not (isinstance(item, Action) and item.player == self._player
                and item.verb is Verb.ARRANGES):
            return False
        try:
            made = arrange.crash_hands(self._cards, item.sets, ordering=self._ordering,
                                       floor=self._floor)
        except IllegalActionError:
            return False
        return len(made.sets) == 4 or not has_room(made.discards, ordering=self._ordering,
                                                    floor=self._floor)

    def _action(self, sets: tuple[tuple[Card, ...], ...]) -> Action:
        return card_action(self._player, Verb.ARRANGES, (), sets)
