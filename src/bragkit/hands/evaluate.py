"""Evaluate one hand: :func:`evaluate` (rules H2–H10, W1–W3, C2–C3, N3, S3).

>>> evaluate("Qh Qs 4d")
HandRank('pair of queens, 4 kicker', ordering='standard')
>>> str(evaluate("Jk 8h 7h"))    # rule W2: W♥8♥7 is the running flush 9-8-7
'running flush, 9-8-7 (1 wild)'
>>> str(evaluate("Kc 2s 2c", wild="2s 2c"))   # rule W2: K-W-W is the prial of kings
'prial of kings (2 wilds)'
>>> str(evaluate("4s 4h 4d 4c", ordering="crash"))   # rule C3
'four fours'
>>> evaluate("As Ks")
Traceback (most recent call last):
...
bragkit.errors.InvalidCardError: a hand is three cards, not 2
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, Final

from bragkit.cards import JOKER_INDEX, Card, format_cards, parse_cards
from bragkit.errors import InvalidCardError
from bragkit.hands.categories import Ordering
from bragkit.hands.rank import WILD_SLOTS, HandRank
from bragkit.hands.table import hand_objects, rank_objects
from bragkit.hands.wild import WildLike, best_by_substitution, wild_set

__all__ = ["evaluate"]

_N = JOKER_INDEX + 1
_N2 = _N * _N
_SEQUENCES = frozenset((tuple, list))
_Nested = list[list[list[HandRank | None]]]
# The tables of the fast path as nested lists [a][b][c], filled on first use by the checked path:
# with no wild card but jokers by ordering name; with wild cards by (ordering, wild) as given.
_PLAIN: dict[str | Ordering, _Nested] = {}
_WILD: dict[tuple[object, object], _Nested] = {}
_MAX_WILD_TABLES = 32


def evaluate(
    cards: str | Iterable[Card],
    *,
    ordering: Ordering | str = "standard",
    wild: WildLike = (),
) -> HandRank:
    """The :class:`HandRank` of three cards (or a four of a kind under a Crash ordering, C2).

    ``cards`` is text (``"Qh Qs 4d"``) or cards. Jokers are always wild; ``wild`` names further
    wild cards (rule W1). A wild card stands for any card, and the hand takes the best value it
    can (W2): with the standard order even three wild cards are the prial of threes. Raises
    :class:`~bragkit.errors.InvalidCardError` for bad text, the wrong number of cards or a card
    twice (jokers may repeat), :class:`~bragkit.errors.RulesError` for an unknown ordering.

    >>> evaluate("3s Jk Jk").wilds, str(evaluate("Jk Jk Jk"))
    (2, 'prial of threes (3 wilds)')
    >>> evaluate("As As Kd")
    Traceback (most recent call last):
    ...
    bragkit.errors.InvalidCardError: a hand holds As twice
    """
    # The fast path: a tuple or list of three card indices, an ordering (and a hashable wild
    # set) already seen. Its checks are the table itself (None for a repeated card, IndexError or
    # TypeError for what is not an index) plus the sign test; anything else takes the checked path.
    if type(cards) is str and not wild:  # text: a hand seen before, or three plain tokens
        texts = _TEXTS.get(ordering)
        if texts is not None:
            found = texts.get(cards)
            if found is not None:
                return found
        found = _text(cards, ordering)
        if found is not None:
            return found
    elif type(cards) in _SEQUENCES:
        trio: Any = cards
        hand: HandRank | None
        try:
            a, b, c = trio
            hand = (_WILD[ordering, wild] if wild else _PLAIN[ordering])[a][b][c]
        except (ValueError, KeyError, IndexError, TypeError):
            hand = None
        if hand is not None and a >= 0 and b >= 0 and c >= 0:
            return hand
    return _evaluate(cards, ordering, wild)


def _text(text: str, ordering: object) -> HandRank | None:
    """The fast path of text: three whitespace-separated tokens of :data:`_TOKENS` (cards as
    :meth:`Card.parse` reads them), looked up in the table of an ordering already warmed, and
    remembered by the text; None sends the text to the checked path (which says what is
    wrong)."""
    plain = _PLAIN.get(ordering)  # type: ignore[call-overload]
    parts = text.split()
    if plain is None or len(parts) != 3:
        return None
    tokens = _TOKENS
    a = tokens.get(parts[0])
    b = tokens.get(parts[1])
    c = tokens.get(parts[2])
    if a is None or b is None or c is None:
        return None
    found: HandRank | None = plain[a][b][c]
    if found is not None:  # (None: a card twice)
        texts = _TEXTS.get(ordering)
        if texts is None or len(texts) >= _MAX_TEXTS:
            texts = _TEXTS[ordering] = _written(plain)
        texts[text] = found
    return found


def _written(plain: _Nested) -> dict[str, HandRank]:
    """Every hand of three plain cards as :func:`~bragkit.cards.format_cards` writes it
    (``"Qh Qs 4d"``, in every order: 132,600 texts), with its rank: fresh text in the
    project's own notation is a single look-up."""
    names = [str(Card(i)) for i in range(52)]
    texts: dict[str, HandRank] = {}
    for a, first in enumerate(names):
        row = plain[a]
        for b, second in enumerate(names):
            if a == b:
                continue
            pair = f"{first} {second} "
            cells = row[b]
            for c, third in enumerate(names):
                found = cells[c]
                if found is not None:
                    texts[pair + third] = found
    return texts


def _card_tokens() -> dict[str, int]:
    """Every short spelling of a card that :meth:`Card.parse` reads (``As``, ``as``, ``10h``,
    ``A♠``, ``♠A``, ``Jk``), with its index: the fast path reads exactly what the checked path
    reads, or leaves the text to it."""
    ranks = [*"23456789TJQKA", *"tjqka", "10"]
    suits = [*"shdcSHDC", *"♠♥♦♣"]
    tokens: dict[str, int] = {}
    spellings = [r + s for r in ranks for s in suits] + [s + r for r in ranks for s in suits]
    for spelling in [*spellings, "Jk", "JK", "jk", "jK"]:
        try:
            tokens[spelling] = int(Card.parse(spelling))
        except InvalidCardError:
            continue
    return tokens


_TOKENS: Final = _card_tokens()
# Hands read from text, by ordering as given and by the text itself (bounded).
_TEXTS: dict[object, dict[str, HandRank]] = {}
_MAX_TEXTS: Final = 1 << 20


def _evaluate(cards: str | Iterable[Card], ordering: Ordering | str, wild: WildLike) -> HandRank:
    """The checked path: parse, validate, look up (and warm the fast path)."""
    order = Ordering.parse(ordering)
    wilds = wild_set(wild)
    hand = parse_cards(cards)
    _check_distinct(hand)
    if len(hand) == 3:
        table = hand_objects(order, wilds)
        _remember(ordering, wild, order, wilds)
        a, b, c = hand
        found = table[a * _N2 + b * _N + c]
        assert found is not None  # distinct cards always make a hand
        return found
    if len(hand) == 4 and order.allows_four_of_a_kind:
        base, held = best_by_substitution(hand, order, wilds)  # rule C2: a four of a kind
        found = rank_objects(order)[base * WILD_SLOTS + WILD_SLOTS - 1 - held]
        assert found is not None
        return found
    shape = "three cards, or a four of a kind" if order.allows_four_of_a_kind else "three cards"
    raise InvalidCardError(f"a hand is {shape}, not {len(hand)}")


_JOKER_ONLY = wild_set(())


@functools.cache
def _nested(order: Ordering, wilds: frozenset[int]) -> _Nested:
    """The hand objects as nested lists ``[a][b][c]``: the fastest look-up from Python."""
    flat = hand_objects(order, wilds)
    return [[flat[i : i + _N] for i in range(a * _N2, (a + 1) * _N2, _N)] for a in range(_N)]


def _remember(ordering: object, wild: object, order: Ordering, wilds: frozenset[int]) -> None:
    """Let the fast path find this ordering (and wild set, as it was written) next time."""
    if wilds == _JOKER_ONLY:
        _PLAIN.setdefault(order.value, _nested(order, wilds))
        if not wild:
            return
        # the joker alone written as a wild set (``wild_set(())``): the same table, found by
        # the fast path under the set as given
    try:
        key = (ordering, wild)
        if key not in _WILD and len(_WILD) < _MAX_WILD_TABLES:
            _WILD[key] = _nested(order, wilds)
    except TypeError:
        pass  # an unhashable wild set (a list): the checked path every time


def _check_distinct(hand: tuple[Card, ...]) -> None:
    seen: set[int] = set()
    for card in hand:
        if card in seen and card != JOKER_INDEX:
            raise InvalidCardError(f"a hand holds {format_cards([card])} twice")
        seen.add(card)
