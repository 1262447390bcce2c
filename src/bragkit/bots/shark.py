"""``shark``: a bot that decides from exact equity and everything it may know.

At each turn the shark works out, for every opponent still betting, the strengths of every hand
they may hold (exactly, for three cards: :mod:`bragkit.bots.strength`), leaving out every card it
knows is elsewhere — its own hand, the face-up stock card (D9), the face-up hand (R3), and the
cards it followed through the unshuffled pack (D4, D5: :mod:`bragkit.bots.tracking`), which may
even tell it some of an opponent's cards, or its own while it is blind. It weights each hand by
how likely the opponent's betting is with it (:mod:`bragkit.bots.reads`: blind bets say nothing,
BL1; open bets and raises do, by thresholds learnt from the hands that opponent showed), and
compares the expected gain of each legal move:

- **fold**: nothing more lost;
- **see** (two left, B6, BL4): the pot if its hand is strictly better (ties lose, H8), else the
  cost of the see;
- **bet** ``b`` (the least, or a raise): the opponents fold (it takes the pot, B5), or stay in
  and either see it (ties then go its way) or bet again, after which it sees or folds, whichever
  is better against the range that is left (a one-step look-ahead, with a simpler estimate when
  three or more are in, where no one can see, B8). The chance an opponent stays in is taken
  given that they stayed in so far (their thresholds are nested), so a long betting war does
  not look like fold equity.

Everything is seeded and bounded: a three-card decision is a few numpy passes over at most
22,100 hands (a millisecond or two); four and five cards use a fixed seeded sample.
``budget`` caps the thinking time (the process's CPU time, so a busy machine changes nothing):
past it the shark falls back to a plain strength threshold.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(max_bet=10), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
...             hands={"Ann": "3s 3h 3d", "Bob": "As Tc 2d"})
>>> shark = SharkBot(seed=1)
>>> str(shark.act(deal.view("Ann")))          # it looks first (BL2)
'Ann look'
>>> deal.apply("Ann look")
>>> str(shark.act(deal.view("Ann")))          # the best hand there is: bet the most
'Ann bet 10'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import DEFAULT_BUDGET, AgentBase, DealEnded, DealStarted, Event, Stopwatch
from bragkit.bots.reading import History, Menu
from bragkit.bots.reads import Reads
from bragkit.bots.strength import HandSpace, best_discards, kept_cards
from bragkit.bots.tracking import PackTracker
from bragkit.cards import Card, RandomSource, make_rng
from bragkit.games.three_card.betting import stake_after
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView

__all__ = ["SharkBot"]

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, kw_only=True, slots=True)
class _Range:
    """One opponent's possible hands: strengths, quantiles and their weights."""

    name: str
    values: npt.NDArray[np.int32]
    quantiles: FloatArray
    weights: FloatArray
    blind: bool
    stay: FloatArray  # chance they stay in after a bet, per hand
    see: FloatArray  # chance that staying in, they see (two left, B6)

    def share(self, mask: npt.NDArray[np.bool_], weights: FloatArray | None = None) -> float:
        w = self.weights if weights is None else weights
        total = float(w.sum())
        return float(w[mask].sum()) / total if total > 0 else 0.0


class SharkBot(AgentBase):
    """Exact equity, card tracking and Bayesian reads (see the module docstring)."""

    kind = "shark"

    def __init__(
        self,
        *,
        seed: RandomSource = None,
        budget: float = DEFAULT_BUDGET,
        rules: Rules | None = None,
        track: bool = True,
        read: bool = True,
    ) -> None:
        self.rng = make_rng(seed)
        self.budget = budget
        self.rules = rules or Rules()
        self.track = track
        self.read = read
        self.tracker = PackTracker()
        self.reads = Reads()
        self._cache: dict[tuple[object, ...], npt.NDArray[np.int32]] = {}

    # -- what happens around the table ---------------------------------------------------------

    def observe(self, event: Event) -> None:
        """Follow the pack (D5) and learn from the hands shown (D8)."""
        if isinstance(event, DealStarted):
            self.rules = event.rules
            HandSpace.of(event.rules)  # ready before the first decision
            self._cache.clear()
            if self.track:
                self.tracker.start(event)
            return
        if self.track:
            self.tracker.end(event)
        if self.read:
            self._learn(event)

    def _learn(self, event: DealEnded) -> None:
        view = event.view
        space = HandSpace.of(self._rules_for(view))
        history = History.of(view, min_bet=self.rules.min_bet)
        for name, cards in view.shown.items():
            if name == view.viewer:
                continue
            quantile = space.quantile(space.value(cards[:3]))
            who = history.player(name)
            bets = [b for b in who.open_bets if b.verb is Verb.BET]
            self.reads.profile(name).learn_shown(
                quantile, open_bets=len(bets), raised=any(b.raised for b in bets),
                saw=any(b.verb is Verb.SEE for b in who.open_bets))
        for name, who in history.players.items():
            if name != view.viewer:  # how often they stay in while blind
                profile = self.reads.profile(name)
                profile.blind_stays += who.blind_bets
                profile.blind_chances += who.blind_bets + who.folded_blind

    # -- acting --------------------------------------------------------------------------------

    def act(self, view: DealView) -> Action:
        """The move of highest expected gain (see the module docstring)."""
        rules = self._rules_for(view)
        space = HandSpace.of(rules)  # built once per game: not thinking time
        watch = Stopwatch(self.budget)
        menu = Menu(view)
        if menu.has(Verb.KEEP):  # rule R2: keep the hand looked at if it is better than most
            assert view.hand is not None
            keep = space.quantile(space.value(view.hand)) >= 0.5
            return menu.simple(Verb.KEEP if keep else Verb.THROW) or menu.fold()
        known_hand = self._own_cards(view)
        if known_hand is None:
            return self._blind(menu)
        if view.hand is not None and menu.has(Verb.DISCARD) and not view.discards:
            option = menu.get(Verb.DISCARD)
            assert option is not None
            return menu.discard(best_discards(view.hand, rules, option.discards))  # F1
        kept = known_hand
        if view.hand is not None and view.discards:
            kept = kept_cards(view.hand, view.discards)
        history = History.of(view, min_bet=rules.min_bet)
        if watch.left() <= 0:
            return self._fallback(view, menu, space, kept)
        ranges = self._ranges(view, space, history, known_hand, watch)
        if ranges is None:
            return self._fallback(view, menu, space, kept)
        value = space.value(kept if len(kept) == 3 else known_hand)
        return self._choose(view, menu, history, value, ranges, blind=view.hand is None)

    def _rules_for(self, view: DealView) -> Rules:
        held = len(view.hand) if view.hand is not None else self.rules.cards
        if held != self.rules.cards and held in (3, 4, 5):
            return self.rules.replace(cards=held)
        return self.rules

    def _own_cards(self, view: DealView) -> tuple[Card, ...] | None:
        """The viewer's cards: as seen once looked; while blind, as tracked if every one of
        them is known (D5: the stacked pack), else None."""
        if view.hand is not None:
            if self.track:
                self.tracker.check_own(str(view.viewer), view.hand)
            return view.hand
        return self.tracker.knowledge.own_hand(view, self.rules.cards) if self.track else None

    def _blind(self, menu: Menu) -> Action:
        """Not looked and the cards unknown: look (BL2), or if that is not allowed (R3), bet
        the least blind."""
        for hand in (None, "new"):
            look = menu.simple(Verb.LOOK, hand)
            if look is not None:
                return look
        blind = menu.get(Verb.BLIND)
        if blind is not None and (blind.min_amount or 0) <= max(1, self.rules.min_bet):
            return menu.bet(None, option=blind)
        return menu.fold()

    def _fallback(self, view: DealView, menu: Menu, space: HandSpace,
                  cards: tuple[Card, ...]) -> Action:
        """Out of time: a plain threshold on the hand's strength."""
        strength = space.quantile(space.value(cards))
        wager = menu.wager_option()
        if strength >= 0.75:
            see = menu.simple(Verb.SEE)
            if see is not None:
                return see
        if wager is not None and strength >= 0.6:
            return menu.bet(None, option=wager)
        return menu.fold()

    # -- ranges --------------------------------------------------------------------------------

    def _ranges(self, view: DealView, space: HandSpace, history: History,
                mine: tuple[Card, ...], watch: Stopwatch) -> list[_Range] | None:
        name = str(view.viewer)
        knowledge = self.tracker.knowledge if self.track else None
        dead: set[Card] = set(mine)
        if view.stock_card is not None:
            dead.add(view.stock_card)  # rule D9
        for owner, cards in view.face_up.items():
            if owner != name:
                dead.update(cards)  # rule R3: it lies face up
        if knowledge is not None:
            dead.update(knowledge.stock)
        opponents = [p for p in view.in_play if p != name and p not in view.covered]
        ranges: list[_Range] = []
        for opponent in opponents:
            if watch.left() <= 0:
                return None
            holding: tuple[Card, ...] = ()
            known = set(dead)
            if knowledge is not None:
                holding = knowledge.cards_of(opponent)  # R1-R3: none for a retained hand
                for other, cards in knowledge.holding.items():
                    if other != opponent:
                        known.update(cards)
            key = (frozenset(known), holding)
            values = self._cache.get(key)
            if values is None:
                values = space.opponent_values(known=known, holding=holding, rng=self.rng)
                self._cache[key] = values
            if not len(values):
                continue
            quantiles = space.quantiles(values)
            who = history.player(opponent)
            profile = self.reads.profile(opponent)
            blind = opponent in view.blind
            if blind or not self.read:
                weights = np.ones(len(values))
            else:
                bets = [(b.index, b.raised) for b in who.open_bets]
                weights = profile.weights(quantiles, bets=bets)
            if blind:
                stay = np.full(len(values), profile.blind_stay_rate)
                see = np.full(len(values), 0.3)
            else:
                index = len(who.open_bets) + 1
                stay = profile.stay_after(quantiles, index=index)
                see_at = profile.see_threshold
                see = 1.0 / (1.0 + np.exp(-(quantiles - see_at) / 0.04))
            ranges.append(_Range(name=opponent, values=values, quantiles=quantiles,
                                 weights=weights, blind=blind, stay=stay, see=see))
        return ranges

    # -- choosing ------------------------------------------------------------------------------

    def _choose(self, view: DealView, menu: Menu, history: History, value: int,
                ranges: list[_Range], *, blind: bool) -> Action:
        pot = float(view.pot)
        candidates: list[tuple[float, Action]] = [(0.0, menu.fold())]
        see = menu.get(Verb.SEE)
        if see is not None and len(ranges) == 1:
            cost = float(see.min_amount or 0)
            win = ranges[0].share(value > ranges[0].values)  # rule H8: ties go against the seer
            candidates.append((win * pot - (1 - win) * cost, see.action()))
        cover = menu.get(Verb.COVER)
        if cover is not None:
            stack = float(cover.min_amount or 0)
            win = math.prod(r.share(value >= r.values) for r in ranges) if ranges else 1.0
            candidates.append((win * pot - (1 - win) * stack, cover.action()))
        wager = menu.wager_option()
        if wager is not None:
            for amount in self._sizes(wager, history, pot):
                open_terms = stake_after(amount, blind=wager.verb is Verb.BLIND)  # rule BL1
                gain = self._bet_gain(pot, float(amount), float(open_terms), value, ranges)
                candidates.append((gain, menu.bet(amount, option=wager)))
        best = max(candidates, key=lambda c: c[0])
        return best[1]

    def _sizes(self, option: LegalAction, history: History, pot: float) -> list[int]:
        low = option.min_amount or 0
        high = option.max_amount if option.max_amount is not None else low
        sizes = {low, high, min(high, 2 * low), min(high, 3 * low),
                 min(high, max(low, int(pot) // (2 if option.verb is Verb.BLIND else 1)))}
        return sorted(s for s in sizes if low <= s <= high)

    def _bet_gain(self, pot: float, paid: float, b: float, value: int,
                  ranges: list[_Range]) -> float:
        """Expected gain of paying ``paid`` chips for a bet worth ``b`` in open terms."""
        if not ranges:
            return pot
        if len(ranges) == 1:
            return self._heads_up_gain(pot, paid, b, value, ranges[0])
        fold_all = 1.0
        win_if_in = 1.0
        staying = 0.0
        for r in ranges:
            total = float(r.weights.sum()) or 1.0
            stays = r.weights * r.stay
            stay_rate = float(stays.sum()) / total
            stay_total = float(stays.sum())
            beat = float(stays[value > r.values].sum()) / stay_total if stay_total else 1.0
            fold_all *= 1 - stay_rate
            win_if_in *= (1 - stay_rate) + stay_rate * beat
            staying += stay_rate
        # rule B8: three or more cannot see; the betting goes on until players drop out
        win_if_in = (win_if_in - fold_all) / (1 - fold_all) if fold_all < 1 else 1.0
        later = pot + b * staying
        return fold_all * pot + (1 - fold_all) * (win_if_in * later - (1 - win_if_in) * 2 * paid)

    def _heads_up_gain(self, pot: float, paid: float, b: float, value: int, r: _Range) -> float:
        w = r.weights
        total = float(w.sum())
        if total <= 0:
            return pot
        beats = value > r.values
        at_least = value >= r.values
        stay = r.stay
        sees = stay * r.see
        bets = stay * (1 - r.see)
        # they fold: the pot is ours (B5)
        gain = float((w * (1 - stay)).sum()) * pot
        if r.blind:
            # BL4: a blind opponent sees for our bet b; else bets b/2 blind and we go on
            their_see, their_bet = b, b / 2
        else:
            their_see, their_bet = 2 * b, b  # rule B6
        # they see us: the seen player wins ties (H8)
        gain += float((w * sees * np.where(at_least, pot + their_see, 0.0)).sum())
        gain -= float((w * sees * np.where(at_least, 0.0, paid)).sum())
        # they bet again: we see (if we may) or fold, whichever is better against what is left
        left = w * bets
        left_total = float(left.sum())
        if left_total > 0:
            win = float(left[beats].sum()) / left_total
            if r.blind:  # BL4: we cannot see a blind player: bet once more, they see us
                cont = win * (pot + their_bet + b) - (1 - win) * 2 * paid
            else:  # rule B6: we see for twice their bet
                cont = win * (pot + their_bet) - (1 - win) * (paid + 2 * b)
            gain += left_total * max(-paid, cont)
        return gain / total
