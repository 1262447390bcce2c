"""The pack of a three-card deal: :class:`Stock` (rules D4-D6, D9, R1).

The cards are dealt one at a time from the top, from the dealer's left (D6), from a given
pack, a pack shuffled from a random source (D4), or given per player as hands. What remains is
the stock; every hand done with goes under it (D5), so that the next deal can be dealt from it.
The pack as it was before the deal is kept, or rebuilt on demand, for the record.

>>> from bragkit.cards import Pack
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.setup import seating
>>> seats = seating(("Ann", "Bob"), "Bob")
>>> stock = Stock(Rules(), seats, Pack.standard(), None, {}, None)
>>> hands = stock.dealt
>>> [str(card) for card in hands[0]], len(stock.pack)   # the first card to the dealer's left
(['As', 'Ad', 'Ks'], 46)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bragkit.cards import Card, Pack, RandomSource
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.setup import Seats, check_hands, check_pack

__all__ = ["Stock"]


class Stock:
    """The pack of one deal (see the module docstring), dealt from ``pack``, ``hands`` or a
    pack shuffled from ``rng`` (D4), without the retained cards ``kept_old`` (R1): ``dealt``
    the hands as dealt (D6), in seat order (a tuple, never changed); ``pack`` the stock
    (``None`` for a deal of given hands), ``top`` the cards dealt from it in order."""

    __slots__ = ("at_end", "dealt", "pack", "returns", "start_pack", "top")

    def __init__(
        self,
        rules: Rules,
        seats: Seats,
        pack: Pack | None,
        hands: Mapping[str, Sequence[Card] | str] | None,
        kept_old: Mapping[str, tuple[Card, ...]],
        rng: RandomSource,
    ) -> None:
        self.start_pack: Pack | None = None  # the pack before the deal, once known
        self.at_end: Pack | None = None  # the stock before the last hands went under (R2)
        # the hands put under at the end (none until then)
        self.returns: Sequence[tuple[int, tuple[Card, ...]]] = ()
        if hands is not None:
            self.pack: Pack | None = None
            self.top: tuple[Card, ...] = ()
            held = [c for old in kept_old.values() for c in old]
            names = seats.names
            given = check_hands(hands, names, rules, held)
            self.dealt: tuple[tuple[Card, ...], ...] = tuple(given[name] for name in names)
            return
        if pack is None:
            source = Pack.shuffled(rng, jokers=rules.jokers)  # rule D4: a shuffled pack
            if kept_old:  # rule R1: the retained cards are not in the pack
                source.take_out([c for old in kept_old.values() for c in old])
            self.start_pack = source  # the engine's own: no copy needed
        else:
            if type(pack) is not Pack or kept_old or rules.jokers or not pack._is_one_deck():
                check_pack(pack, rules, kept_old)  # (the commonest case passes the test above)
            source = pack  # the pack before the deal: rebuilt on demand (before)
        # rule D6: one card at a time from the dealer's left, from the top of the pack: the
        # k-th card dealt goes to the seat order[k % n]. The stock is what remains.
        top, self.pack = source._split_top(rules.cards * seats.n)
        self.top = top
        self.dealt = tuple(map(top.__getitem__, seats.slices))

    def before(self, rules: Rules, held: int) -> Pack | None:
        """The pack as it was before the deal (``held``: cards retained outside it, R1):
        the cards dealt on what remained of it (the stock, which since then has only had
        cards put under it, D5); ``None`` for a deal of given hands."""
        if self.start_pack is None and self.pack is not None:
            rest = rules.pack_size - held - len(self.top)
            self.start_pack = self.pack._before_split(self.top, rest)
        return self.start_pack

    @property
    def bottom(self) -> Card | None:
        """Rule D9: the card at the bottom of the stock (seen by all when it lies face up)."""
        return self.pack.bottom if self.pack is not None else None

    def close(self, returns: list[tuple[int, tuple[Card, ...]]], *, whole: bool,
              keep: bool) -> Pack | None:
        """Rule D5: the hands left at the end go under the pack from the dealer's left
        (``returns``: seat and cards); the pack for the next deal, or ``None`` for a deal of
        given hands. ``whole``: every card is back; ``keep``: keep the stock as it was, for
        :meth:`keeping` (R2)."""
        self.returns = returns
        stock = self.pack
        if stock is None:
            return None
        if keep:
            self.at_end = stock.copy()
        under: list[Card] = []
        for _, cards in returns:
            under += cards
        stock._put_under_cards(under, whole=whole)
        return stock.copy()

    def keeping(self, seat: int, hand: tuple[Card, ...]) -> Pack | None:
        """Rule R2: the next pack when ``seat``, who kept one of two hands, keeps the old one:
        their new ``hand`` goes under the pack in its place (D5)."""
        if self.at_end is None:
            return None
        pack = self.at_end.copy()
        for returned, cards in self.returns:
            pack.put_under(hand if returned == seat else cards)
        return pack
