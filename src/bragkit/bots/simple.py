"""Three simple bots: ``random``, ``cautious`` and ``bold``.

:class:`RandomBot` picks uniformly among its legal options (amounts uniform in their range),
from a seeded random source. It never tops up (M1: money, not a move) and never proposes a
showdown; asked to agree to one (B8), it says yes at even odds.

:class:`ThresholdBot` plays by hand strength: the share of hands its hand beats (its *quantile*,
see :mod:`bragkit.bots.strength`) against thresholds of a :class:`Style` — how long to stay
blind, when to look, the least strength to bet (rising with every bet it makes: the stake only
grows, B3), when to raise and by how much, when to see (B6) and how hard to play against a blind
player (BL4: it cannot see them). Two styles ship:

- ``cautious`` looks at once, bets only good hands, raises rarely and sees early;
- ``bold`` bets blind for two rounds (BL1: at half price), plays weak hands, raises often.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(max_bet=10), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> str(ThresholdBot(CAUTIOUS).act(deal.view("Ann")))    # looks first (rule BL2)
'Ann look'
>>> str(ThresholdBot(BOLD).act(deal.view("Ann")))       # plays blind (rule BL1)
'Ann blind 1'
>>> deal.apply("Ann look")
>>> str(ThresholdBot(CAUTIOUS).act(deal.view("Ann")))    # a pair of queens: bet
'Ann bet 1'
>>> str(RandomBot(seed=3).act(deal.view("Ann"))) in {"Ann fold", *(f"Ann bet {n}" for n in
...     range(1, 11))}
True
"""

from __future__ import annotations

from dataclasses import dataclass

from bragkit.actions import Action, Verb
from bragkit.bots.agent import DEFAULT_BUDGET, AgentBase, DealStarted, Event
from bragkit.bots.reading import History, Menu
from bragkit.bots.strength import best_discards, hand_quantile
from bragkit.cards import RandomSource, make_rng
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView

__all__ = ["BOLD", "CAUTIOUS", "RandomBot", "Style", "ThresholdBot", "hand_quantile"]


class RandomBot(AgentBase):
    """Uniform over the legal options of its turn, amounts uniform in range (seeded)."""

    kind = "random"

    def __init__(self, *, seed: RandomSource = None, budget: float = DEFAULT_BUDGET) -> None:
        self.rng = make_rng(seed)
        self.budget = budget

    def act(self, view: DealView) -> Action:
        """A uniformly random legal action."""
        menu = Menu(view)
        options = [o for o in menu.choices
                   if not (o.verb is Verb.DISCARD and view.hand is None)]
        if not options:
            return menu.fold()
        option = self.rng.choice(options)
        if option.verb is Verb.DISCARD:
            assert view.hand is not None
            return menu.discard(tuple(self.rng.sample(list(view.hand), option.discards)))
        if option.min_amount is None:
            return option.action()
        high = option.max_amount if option.max_amount is not None else option.min_amount
        return option.action(self.rng.randint(option.min_amount, high))

    def agrees(self, view: DealView) -> bool:
        """A proposed showdown (B8): yes or no, at even odds."""
        return self.rng.random() < 0.5

    def observe(self, event: Event) -> None:
        """A random bot needs to know nothing."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Style:
    """The thresholds of a :class:`ThresholdBot`; strengths are quantiles (0 worst, 1 best).

    ``blind_rounds``: blind bets before looking (0: look at once, BL2). ``open``: the least
    strength to bet, plus ``step`` for every open bet already made, at most ``ceiling``.
    ``versus_blind``: the least strength to keep betting when every other player still in is
    blind (BL4: they cannot be seen). ``raise_at``: the strength to raise, by ``raise_by`` times
    the stake, at most ``raises`` times a deal. ``see_at``: the strength to see (B6) once it
    has made ``see_after`` open bets. ``keep_at``: with two hands (R2), keep the one looked at
    if at least this strong.
    """

    name: str
    blind_rounds: int
    open: float
    step: float
    ceiling: float
    versus_blind: float
    raise_at: float
    raise_by: int
    raises: int
    see_at: float
    see_after: int
    keep_at: float = 0.5


CAUTIOUS = Style(name="cautious", blind_rounds=0, open=0.62, step=0.07, ceiling=0.97,
                 versus_blind=0.72, raise_at=0.95, raise_by=2, raises=1, see_at=0.78,
                 see_after=1)
BOLD = Style(name="bold", blind_rounds=2, open=0.32, step=0.04, ceiling=0.9,
             versus_blind=0.35, raise_at=0.75, raise_by=3, raises=3, see_at=0.45, see_after=1)


class ThresholdBot(AgentBase):
    """Plays by hand-strength thresholds (see :class:`Style` and the module docstring)."""

    def __init__(self, style: Style, *, rules: Rules | None = None,
                 budget: float = DEFAULT_BUDGET) -> None:
        self.style = style
        self.kind = style.name
        self.rules = rules or Rules()
        self.budget = budget

    def observe(self, event: Event) -> None:
        """Learn the rules of each deal (they may change, T2)."""
        if isinstance(event, DealStarted):
            self.rules = event.rules

    def agrees(self, view: DealView) -> bool:
        """A proposed showdown (B8): yes with a looked hand strong enough to open the betting
        in this style (a blind hand is never shown on a whim)."""
        return view.hand is not None and hand_quantile(view, self.rules) >= self.style.open

    def act(self, view: DealView) -> Action:
        """The action the style calls for."""
        menu = Menu(view)
        style = self.style
        if menu.has(Verb.KEEP):  # rule R2: keep or throw the hand just looked at
            keep = hand_quantile(view, self.rules) >= style.keep_at
            return menu.simple(Verb.KEEP if keep else Verb.THROW) or menu.fold()
        history = History.of(view, min_bet=self.rules.min_bet)
        me = history.player(str(view.viewer))
        if view.hand is None:
            return self._blind(view, menu, me.blind_bets)
        if menu.has(Verb.DISCARD) and not view.discards:  # rule F1: discard before betting
            option = menu.get(Verb.DISCARD)
            assert option is not None
            return menu.discard(best_discards(view.hand, self.rules, option.discards))
        return self._open(view, menu, history)

    def _blind(self, view: DealView, menu: Menu, blind_bets: int) -> Action:
        style = self.style
        if menu.has(Verb.BLIND) and blind_bets < style.blind_rounds:
            return menu.bet(None, option=menu.get(Verb.BLIND))  # rule BL1: half price
        for hand in (None, "new"):  # rules BL2, R2
            look = menu.simple(Verb.LOOK, hand)
            if look is not None:
                return look
        if menu.has(Verb.BLIND) and blind_bets < style.blind_rounds + 2:
            return menu.bet(None, option=menu.get(Verb.BLIND))  # R3: cannot look yet
        return menu.fold()

    def _open(self, view: DealView, menu: Menu, history: History) -> Action:
        style = self.style
        name = str(view.viewer)
        strength = hand_quantile(view, self.rules)
        me = history.player(name)
        made = len(me.open_bets)
        raised = sum(1 for b in me.open_bets if b.raised)
        others = [p for p in view.in_play if p != name and p not in view.covered]
        need = min(style.ceiling, style.open + style.step * made)
        if others and all(p in view.blind for p in others):
            need = max(need, style.versus_blind)  # rule BL4: no seeing them
        see = menu.simple(Verb.SEE)
        if see is not None and made >= style.see_after and strength >= style.see_at:
            return see  # rule B6
        wager = menu.wager_option()
        if wager is not None and strength >= need:
            if strength >= style.raise_at and raised < style.raises:
                base = max(history.stake, self.rules.min_bet)
                return menu.bet(base * style.raise_by, option=wager)
            return menu.bet(None, option=wager)
        cover = menu.simple(Verb.COVER)
        if cover is not None and strength >= need:
            return cover  # rules M2, M3
        if see is not None and strength >= min(style.see_at, need):
            return see
        return menu.fold()
