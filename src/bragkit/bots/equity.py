"""The ``equity`` bot of the stake games — historic Brag (single-stake, three-stake: S1–S4) and
3 Card Brag Poker (P1–P5): it bets by its hand's equity against random hands.

Its hand's equity is its average share of the pot at a showdown against the other players
still in, each holding a random hand of the unseen cards (:func:`bragkit.odds.equity`: exact
against one, a seeded Monte Carlo estimate against more), in the game's order of hands (S3 with
the braggers wild, S1; the standard order for Brag Poker, P4). Then, with ``fair`` the share an
average hand takes (one over the players in):

* it bets or raises when the equity is well above fair (a third of the way from fair to
  certain), the most the rules allow when it is nearly certain, else the least;
* it calls when the equity pays the price: equity x (pot + call) at least the call, with a
  margin for the bets still to come; it checks when it may, and drops otherwise;
* it looks at its cards first (P5: it prices nothing blind), and a dealer's opening stake
  before the deal (S2) is the least;
* Brag Poker's draw (P3): it throws the cards whose replacement gives the best average standing
  among all hands, counted exactly over every replacement from the unseen cards;
* three-stake's third stake (S4, towards 31): it draws while the chance of going bust on the
  next card is under a half and it is under 27 or behind a player still safe.

>>> from bragkit.bots.players import ask, make_player
>>> from bragkit.games import new
>>> game = new("single-stake", players=["Ann", "Bob"], seed=4)
>>> bot = make_player("equity", game="single-stake", seed=1)
>>> game.can_apply(ask(bot, game, str(game.to_act)))
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import BotError
from bragkit.bots.player import PlayerBase, PlayerKind
from bragkit.cards import Card, RandomSource, make_rng, parse_cards
from bragkit.games.stake_game import StakeView
from bragkit.hands import Ordering, strength_table
from bragkit.odds import equity

__all__ = ["EquityBettor", "draw_choice", "player_kinds", "thirty_one_value"]

#: Monte Carlo deals for the equity against two or more opponents.
TRIALS = 1500


def thirty_one_value(card: Card) -> int:
    """A card's count towards 31 (S4): an ace 11, a court 10, others their pips.

    >>> from bragkit.cards import parse_cards
    >>> [thirty_one_value(c) for c in parse_cards("As Kd 7c")]
    [11, 10, 7]
    """
    rank = int(card.rank)
    return 11 if rank == 14 else min(rank, 10)


@functools.cache
def _sorted_values(ordering: Ordering, wild: frozenset[int]) -> npt.NDArray[np.int16]:
    table = strength_table(ordering, wild)
    combos = np.array(list(itertools.combinations(range(52), 3)), dtype=np.intp)
    values = table[combos[:, 0], combos[:, 1], combos[:, 2]]
    return np.sort(values)


def draw_choice(hand: Sequence[Card], unseen: Collection[Card], *,
                ordering: Ordering | str = Ordering.STANDARD,
                wild: frozenset[int] = frozenset()) -> tuple[Card, ...]:
    """The cards to throw from ``hand`` (P3) so that the hand after the draw, dealt from
    ``unseen``, stands highest on average among all hands.

    >>> from bragkit.cards import parse_cards
    >>> hand = parse_cards("Ah Ad 4c")
    >>> [str(c) for c in draw_choice(hand, [c for c in parse_cards(
    ...     "2s 3s 5d 6d 7h 8h 9c Tc Js Qd Kh As")])]
    ['4c']
    """
    order = Ordering.parse(ordering)
    table = strength_table(order, wild)
    ranked = _sorted_values(order, wild)
    pool = np.array([int(c) for c in unseen if c not in hand], dtype=np.intp)
    best: tuple[float, tuple[Card, ...]] = (-1.0, ())
    for k in range(4):
        for thrown in itertools.combinations(hand, k):
            kept = [int(c) for c in hand if c not in thrown]
            if k == 0:
                values = np.array([table[kept[0], kept[1], kept[2]]])
            else:
                fills = np.array(list(itertools.combinations(range(len(pool)), k)),
                                 dtype=np.intp)
                if not len(fills):
                    continue
                cards = [np.full(len(fills), c, dtype=np.intp) for c in kept]
                cards += [pool[fills[:, i]] for i in range(k)]
                values = table[cards[0], cards[1], cards[2]]
            score = float(np.searchsorted(ranked, values, side="right").mean())
            if score > best[0]:
                best = (score, thrown)
    return best[1]


class EquityBettor(PlayerBase):
    """Bets by equity against random hands (see the module docstring). ``pots`` names the pots
    its betting plays for (``None``: all of them); ``wild`` the wild cards; ``ordering`` the
    order of hands."""

    kind = "equity"

    def __init__(self, *, ordering: Ordering | str, wild: frozenset[int] = frozenset(),
                 pots: Collection[str] | None = None, seed: RandomSource = None) -> None:
        self.ordering = Ordering.parse(ordering)
        self.wild = wild
        self.pots = None if pots is None else frozenset(pots)
        self.rng = make_rng(seed)

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """The action the hand's equity calls for."""
        if view.viewer is None:  # registered for the stake games: a seat's StakeView
            raise BotError("the equity bot plays a seat, not a spectator's view")
        verbs: dict[Verb, LegalAction] = {o.verb: o for o in legal if o.verb is not Verb.TOPUP}
        me = view.viewer
        mine = view.cards.get(me, ())
        hand = tuple(c for c in mine if c is not None)
        if Verb.LOOK in verbs and (not mine or len(hand) < len(mine)):
            return verbs[Verb.LOOK].action()  # rule P5: see the cards before pricing them
        if Verb.DRAW in verbs and Verb.STAND in verbs:
            return self._thirty_one(view, verbs)
        if Verb.DRAW in verbs:
            return self._draw(view, hand, legal)
        if len(hand) != 3:  # a stake before the deal (S2): the least
            return self._least(verbs)
        return self._bet(view, hand, verbs)

    def _least(self, verbs: dict[Verb, LegalAction]) -> Action:
        for verb in (Verb.CHECK, Verb.CALL, Verb.BET):
            if verb in verbs:
                return verbs[verb].action()
        return next(iter(verbs.values())).action()

    def _unseen(self, view: StakeView, hand: Sequence[Card]) -> list[Card]:
        known = set(hand)
        for cards in view.cards.values():
            known.update(c for c in cards if c is not None)
        for card in view.extra.get("discards", ()):  # P3: its own, thrown
            known.update(parse_cards(card) if isinstance(card, str) else (card,))
        return [Card(i) for i in range(52) if Card(i) not in known]

    def equity_of(self, view: StakeView, hand: Sequence[Card]) -> tuple[float, int]:
        """The hand's equity against the other players in, and how many they are."""
        me = view.viewer
        others = max(1, len([p for p in view.in_play if p != me]))
        seen = [c for p, cards in view.cards.items() if p != me for c in cards if c is not None]
        result = equity(hand, others, ordering=self.ordering, wild=self.wild, dead=seen,
                        trials=TRIALS, rng=self.rng.getrandbits(32))
        return result.equity, others

    def _bet(self, view: StakeView, hand: Sequence[Card],
             verbs: dict[Verb, LegalAction]) -> Action:
        share, others = self.equity_of(view, hand)
        fair = 1 / (others + 1)
        pot = sum(v for k, v in view.pots.items() if self.pots is None or k in self.pots)
        wager = verbs.get(Verb.RAISE) or verbs.get(Verb.BET)
        if wager is not None and share >= fair + (1 - fair) / 3:
            amount = wager.min_amount
            if share >= fair + (1 - fair) * 0.8 and wager.max_amount is not None:
                amount = max(wager.min_amount or 0, min(wager.max_amount, max(pot, 1)))
            return wager.action(amount)
        call = verbs.get(Verb.CALL)
        if call is not None:
            cost = call.cost or 0
            if cost == 0 or share * (pot + cost) >= 1.25 * cost:
                return call.action()
        if Verb.CHECK in verbs:
            return verbs[Verb.CHECK].action()
        if Verb.DROP in verbs:
            return verbs[Verb.DROP].action()
        return self._least(verbs)

    def _draw(self, view: StakeView, hand: Sequence[Card], legal: Sequence[LegalAction]
              ) -> Action:
        draws = [o for o in legal if o.verb is Verb.DRAW]
        if len(hand) == 3:
            thrown = frozenset(draw_choice(hand, self._unseen(view, hand),
                                           ordering=self.ordering, wild=self.wild))
            for option in draws:
                if frozenset(option.cards) == thrown:
                    return option.action(len(option.cards))
        return draws[0].action(draws[0].min_amount)

    def _thirty_one(self, view: StakeView, verbs: dict[Verb, LegalAction]) -> Action:
        me = str(view.viewer)
        totals: dict[str, int] = dict(view.extra.get("totals", {}))
        bust = set(view.extra.get("bust", ()))
        mine = totals.get(me, 0)
        if mine >= 31:
            return verbs[Verb.STAND].action()
        unseen = self._unseen(view, [c for c in view.cards.get(me, ()) if c is not None])
        if not unseen:
            return verbs[Verb.STAND].action()
        busting = sum(1 for c in unseen if thirty_one_value(c) > 31 - mine) / len(unseen)
        behind = any(abs(31 - t) < 31 - mine for p, t in totals.items()
                     if p != me and p not in bust)
        if busting < 0.5 and (mine < 27 or behind):
            return verbs[Verb.DRAW].action()
        return verbs[Verb.STAND].action()


def _maker(ordering: Ordering, pots: Collection[str] | None, wild: bool) -> Any:
    def make(*, game: str, rules: Any, seed: RandomSource, budget: float) -> EquityBettor:
        cards = frozenset(rules.wild_cards) if wild else frozenset()
        return EquityBettor(ordering=ordering, wild=cards, pots=pots, seed=seed)

    return make


def player_kinds() -> tuple[PlayerKind, ...]:
    """``equity`` for historic Brag (S3 order, braggers wild: S1) and Brag Poker."""
    line = ("bets and calls by its hand's equity against random hands (exact heads-up, "
            "Monte Carlo beyond) and the pot's odds")
    return (
        PlayerKind(kind="equity", factory=_maker(Ordering.HISTORIC, None, True),
                   description=line, games=("single-stake",)),
        PlayerKind(kind="equity", factory=_maker(Ordering.HISTORIC, ("second",), True),
                   description=line + "; draws to 31 while safe (S4)", games=("three-stake",)),
        PlayerKind(kind="equity", factory=_maker(Ordering.STANDARD, None, False),
                   description=line + "; draws to the best average hand (P3)",
                   games=("brag-poker",)),
    )
