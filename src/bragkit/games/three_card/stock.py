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

import random
from collections.abc import Mapping, Sequence

from bragkit.cards import Card, Pack, RandomSource
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.setup import Seats, check_hands, check_pack

__all__ = ["Stock"]


class Stock:
    """The pack of one deal (see the module docstring), dealt from ``pack``, ``hands`` or a
    pack shuffled from ``rng`` (D4), without the retained cards ``kept_old`` (R1): ``dealt``
    the hands as dealt (D6), in seat order (a tuple, never changed); ``pack`` the stock
    (``None`` for a deal of given hands), ``top`` the cards dealt from it in order.

    ``owned``: nothing but this stock draws from ``rng`` (a registry's first deal), so only the
    places dealt are shuffled at once; the cards below them are shuffled when the stock is
    first read (:attr:`pack`), from the same source, with the same draws: the same pack
    (``owed`` how many cards that shuffle covers, 0 when none is owed). The hands that go under
    meanwhile lie in :attr:`pile` under the cards owed their shuffle; the deal's end
    (:meth:`close`) waits on it too, until the next pack is read (:meth:`next_pack`).

    >>> import random
    >>> from bragkit.games.three_card.rules import Rules
    >>> from bragkit.games.three_card.setup import seating
    >>> seats = seating(("Ann", "Bob"), "Bob")
    >>> lazy = Stock(Rules(), seats, None, None, {}, random.Random(4), owned=True)
    >>> eager = Stock(Rules(), seats, None, None, {}, random.Random(4))
    >>> lazy.dealt == eager.dealt, lazy.owed, eager.owed
    (True, 46, 0)
    >>> lazy.pack == eager.pack, lazy.owed
    (True, 0)
    """

    __slots__ = ("at_end", "dealt", "left", "owed", "owed_end", "pile", "returns", "rng",
                 "start_pack", "top")

    def __init__(
        self,
        rules: Rules,
        seats: Seats,
        pack: Pack | None,
        hands: Mapping[str, Sequence[Card] | str] | None,
        kept_old: Mapping[str, tuple[Card, ...]],
        rng: RandomSource,
        owned: bool = False,
    ) -> None:
        self.start_pack: Pack | None = None  # the pack before the deal, once known
        self.at_end: Pack | None = None  # the stock before the last hands went under (R2)
        # the hands put under at the end (none until then)
        self.returns: Sequence[tuple[int, tuple[Card, ...]]] = ()
        self.owed = 0  # the cards owed their shuffle (from rng), on top of the pile
        self.owed_end: tuple[list[Card], bool] | None = None  # close's own, owed too
        self.rng: random.Random | None = None
        self.left: Pack | None = None  # the next pack, once an owed end is paid
        if hands is not None:
            self.pile: Pack | None = None
            self.top: tuple[Card, ...] = ()
            held = [c for old in kept_old.values() for c in old]
            names = seats.names
            given = check_hands(hands, names, rules, held)
            self.dealt: tuple[tuple[Card, ...], ...] = tuple(given[name] for name in names)
            return
        count = rules.cards * seats.n
        if pack is None:
            source = Pack.standard(jokers=rules.jokers)  # rule D4: a shuffled pack
            if owned and not kept_old and type(rng) is random.Random:
                # only the places dealt, now; the rest when first read (the same draws)
                split = source._split_shuffled(count, rng)
                if split is not None:
                    top, self.pile = split
                    self.top = top
                    self.dealt = tuple(map(top.__getitem__, seats.slices))
                    self.owed = len(self.pile)
                    self.rng = rng
                    return
            source.shuffle(rng)
            if kept_old:  # rule R1: the retained cards are not in the pack
                source.take_out([c for old in kept_old.values() for c in old])
            self.start_pack = source  # the engine's own: no copy needed
        else:
            if type(pack) is not Pack or kept_old or rules.jokers or not pack._is_one_deck():
                check_pack(pack, rules, kept_old)  # (the commonest case passes the test above)
            source = pack  # the pack before the deal: rebuilt on demand (before)
        # rule D6: one card at a time from the dealer's left, from the top of the pack: the
        # k-th card dealt goes to the seat order[k % n]. The stock is what remains.
        top, self.pile = source._split_top(count)
        self.top = top
        self.dealt = tuple(map(top.__getitem__, seats.slices))

    @property
    def pack(self) -> Pack | None:
        """The stock as it lies (its owed shuffle and end done first)."""
        if self.owed:
            self._pay()
        return self.pile

    def _pay(self) -> None:
        """The shuffle owed to the cards below those dealt, then the end owed (close)."""
        rng, pile = self.rng, self.pile
        assert rng is not None and pile is not None
        pile._shuffle_top(self.owed, rng)
        self.owed = 0
        self.rng = None
        if self.owed_end is not None:
            under, whole = self.owed_end
            self.owed_end = None
            pile._put_under_cards(under, whole=whole)
            self.left = pile.copy()  # the next pack, as the deal left it

    def before(self, rules: Rules, held: int) -> Pack | None:
        """The pack as it was before the deal (``held``: cards retained outside it, R1):
        the cards dealt on what remained of it (the stock, which since then has only had
        cards put under it, D5); ``None`` for a deal of given hands."""
        pack = self.pack
        if self.start_pack is None and pack is not None:
            rest = rules.pack_size - held - len(self.top)
            self.start_pack = pack._before_split(self.top, rest)
        return self.start_pack

    @property
    def bottom(self) -> Card | None:
        """Rule D9: the card at the bottom of the stock (seen by all when it lies face up)."""
        pack = self.pack
        return pack.bottom if pack is not None else None

    def close(self, returns: list[tuple[int, tuple[Card, ...]]], *, whole: bool,
              keep: bool) -> Pack | None:
        """Rule D5: the hands left at the end go under the pack from the dealer's left
        (``returns``: seat and cards); the pack for the next deal, or ``None`` for a deal of
        given hands. ``whole``: every card is back; ``keep``: keep the stock as it was, for
        :meth:`keeping` (R2). A stock owed its shuffle (``owned``) owes this too: it gives
        ``None``, and the next pack is :meth:`next_pack`'s."""
        self.returns = returns
        stock = self.pile
        if stock is None:
            return None
        under: list[Card] = []
        for _, cards in returns:
            under += cards
        if self.owed and not keep:
            self.owed_end = (under, whole)
            return None
        stock = self.pack  # (any shuffle owed, paid)
        assert stock is not None
        if keep:
            self.at_end = stock.copy()
        stock._put_under_cards(under, whole=whole)
        return stock.copy()

    def next_pack(self) -> Pack | None:
        """The pack for the next deal when :meth:`close` owed it (the shuffle and the end
        paid now, once); ``None`` for a stock that owed nothing."""
        if self.owed:
            self._pay()
        left = self.left
        return None if left is None else left.copy()

    def keeping(self, seat: int, hand: tuple[Card, ...]) -> Pack | None:
        """Rule R2: the next pack when ``seat``, who kept one of two hands, keeps the old one:
        their new ``hand`` goes under the pack in its place (D5)."""
        if self.at_end is None:
            return None
        pack = self.at_end.copy()
        for returned, cards in self.returns:
            pack.put_under(hand if returned == seat else cards)
        return pack
