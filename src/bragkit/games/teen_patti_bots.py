"""Bots for Teen Patti (rules TP1–TP8): ``random``, ``always-chaal`` and ``equity``, and
:func:`match`, deal after deal of a session between them with each bot's chips per 100 deals.

Each bot plays a seat from what that seat may know: ``act(view, legal)`` takes the seat's view
(:meth:`TeenPatti.view <bragkit.games.teen_patti.TeenPatti.view>`, censored by the engine) and
its menu, and answers one legal action.

* :class:`RandomBot` — an option uniformly, then an amount or choice uniformly;
* :class:`AlwaysChaalBot` — the naive player: always the least chaal, blind as long as it may
  (TP6), a show only when it cannot chaal, and it declines every sideshow;
* :class:`EquityBot` — looks at once, then weighs its hand's *equity*: the share of all
  22,100 hands its hand beats (with the variant's order and wild cards, TP1, TP8), to the power
  of the number of opponents still in. It raises strong hands, asks for a show with two left
  and an even chance or the pot's odds, asks for a sideshow with a middling hand against three
  or more (TP5), accepts a sideshow only with a strong hand, and packs the rest.

>>> from bragkit.games.teen_patti import TeenPatti
>>> deal = TeenPatti(players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
...                  hands={"Ann": "As Ah Ad", "Bob": "7c 4d 2h"})
>>> bot = EquityBot(seed=1)
>>> str(bot.act(deal.view("Ann"), deal.legal_actions("Ann")))      # it looks first
'Ann look'
>>> deal.apply("Ann look")
>>> str(bot.act(deal.view("Ann"), deal.legal_actions("Ann")))      # a trail: the most
'Ann bet 4'
>>> str(AlwaysChaalBot().act(deal.view("Ann"), deal.legal_actions("Ann")))
'Ann bet 2'

The bots sign up with :mod:`bragkit.bots.players` (:func:`player_kinds`, named by the game's
``GameInfo.bots``), so every front end offers them.
"""

from __future__ import annotations

import bisect
import functools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final, Protocol

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.player import Player, PlayerBase, PlayerKind
from bragkit.cards import Card, RandomSource, make_rng
from bragkit.errors import BragError
from bragkit.games.teen_patti_rules import TeenPattiRules

__all__ = ["BOTS", "AlwaysChaalBot", "EquityBot", "MatchScore", "RandomBot", "equity",
           "match", "percentile", "player_kinds"]

_DEFAULT: Final = TeenPattiRules()


class TeenPattiPlayer(Player, Protocol):
    """A bot of this module: its ``kind`` and ``act(view, legal)`` (the hooks of a
    :class:`~bragkit.bots.player.Player` from :class:`~bragkit.bots.player.PlayerBase`)."""

    @property
    def kind(self) -> str:
        """The bot's name."""
        ...

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """A legal action of the seat, from its view and menu."""
        ...


def _by_verb(legal: Sequence[LegalAction]) -> dict[Verb, LegalAction]:
    return {o.verb: o for o in legal}


class RandomBot(PlayerBase):
    """Uniform over the menu; an amount uniform in its range, a choice uniform among them."""

    kind = "random"

    def __init__(self, *, seed: RandomSource = None) -> None:
        self.rng: random.Random = make_rng(seed)

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """A uniformly random legal action."""
        if not legal:
            raise BragError("no move to choose from")
        option = self.rng.choice(list(legal))
        if option.choices is not None:
            return option.choices[self.rng.randrange(len(option.choices))]
        low, high = option.min_amount, option.max_amount
        if low is not None and high is not None:
            return option.action(self.rng.randint(low, high))
        return option.action()


class AlwaysChaalBot(PlayerBase):
    """The naive player: the least chaal every turn, blind while it may (TP3, TP6)."""

    kind = "always-chaal"

    def __init__(self, *, seed: RandomSource = None) -> None:
        del seed  # it never chooses

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """The least chaal; a look when it must (TP6); a show when it cannot chaal (TP7);
        decline every sideshow (TP5)."""
        by = _by_verb(legal)
        for verb in (Verb.DECLINE, Verb.BLIND, Verb.BET, Verb.LOOK, Verb.SHOW, Verb.FOLD):
            option = by.get(verb)
            if option is not None:
                return option.action()
        raise BragError("no move to choose from")


@functools.lru_cache(maxsize=64)
def _strengths(rules: TeenPattiRules, wild: frozenset[int]) -> tuple[int, ...]:
    """Every three-card hand's strength under ``rules`` and ``wild``, sorted."""
    deck = [Card(i) for i in range(52)]
    return tuple(sorted(rules.strength(hand, wild) for hand in combinations(deck, 3)))


def percentile(cards: Sequence[Card], rules: TeenPattiRules = _DEFAULT,
               turned: Card | None = None) -> float:
    """The share of all hands that ``cards`` beats, ties counting half (TP1, TP8).

    >>> from bragkit.cards import parse_cards
    >>> round(percentile(parse_cards("As Ah Ad")), 2), round(percentile(parse_cards("5c 3d 2h")), 2)
    (1.0, 0.0)
    >>> round(percentile(parse_cards("5c 3d 2h"), TeenPattiRules(variant="muflis")), 2)
    1.0
    """
    wild = rules.wild(turned)
    table = _strengths(rules, wild)
    mine = rules.strength(cards, wild)
    below = bisect.bisect_left(table, mine)
    ties = bisect.bisect_right(table, mine) - below - 1  # the hand itself is not a rival
    return (below + ties / 2) / (len(table) - 1)


def equity(cards: Sequence[Card], opponents: int, rules: TeenPattiRules = _DEFAULT,
           turned: Card | None = None) -> float:
    """An estimate of the chance ``cards`` beats ``opponents`` random hands: the percentile
    to that power (card removal ignored)."""
    return percentile(cards, rules, turned) ** max(opponents, 1)


class EquityBot(PlayerBase):
    """The equity-aware bot (see the module docstring); ``rules`` are the table's."""

    kind = "equity"

    def __init__(self, *, rules: TeenPattiRules = _DEFAULT, seed: RandomSource = None,
                 raise_at: float = 0.8, show_at: float = 0.5, sideshow_at: float = 0.55,
                 accept_at: float = 0.75) -> None:
        self.rules = rules
        self.rng: random.Random = make_rng(seed)
        self.raise_at, self.show_at = raise_at, show_at
        self.sideshow_at, self.accept_at = sideshow_at, accept_at

    def _percentile(self, view: Any) -> float:
        turned = view.extra.get("turned")
        return percentile(view.cards[view.viewer], self.rules,
                          None if turned is None else Card.parse(turned))

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        """Look, then chaal, show, ask or answer a sideshow, or pack, by equity."""
        by = _by_verb(legal)
        if Verb.ACCEPT in by:
            accept = self._percentile(view) >= self.accept_at
            return by[Verb.ACCEPT if accept else Verb.DECLINE].action()
        if Verb.LOOK in by:
            return by[Verb.LOOK].action()
        if None in view.cards[view.viewer]:  # pragma: no cover - a blind seat can always look
            return by[Verb.FOLD].action()
        share = self._percentile(view)
        left = len(view.in_play)
        chance = share ** (left - 1)
        pot = view.pots["pot"]
        bet, show, side = by.get(Verb.BET), by.get(Verb.SHOW), by.get(Verb.SIDESHOW)
        if bet is not None and chance >= self.raise_at:
            return self._raise(bet, chance)
        if show is not None:
            cost = show.cost or 0
            if chance >= self.show_at or chance >= cost / (pot + cost or 1):
                return show.action()
        if side is not None and share >= self.sideshow_at:
            return side.action()
        if bet is not None:
            cost = bet.min_amount or 0
            if chance >= 1.5 * cost / (pot + cost):
                return bet.action()
        return by[Verb.FOLD].action()

    def _raise(self, bet: LegalAction, chance: float) -> Action:
        """A bigger chaal the stronger the hand: the most at a near-certain win."""
        choices = bet.choices or (bet.action(),)
        top = len(choices) - 1
        return choices[min(top, math.ceil(top * min(1.0, (chance - self.raise_at) /
                                                         (1 - self.raise_at + 1e-9))))]


#: The bots of this module by kind, each with what it does.
BOTS: Final[Mapping[str, str]] = {
    "random": "uniform over its legal moves",
    "always-chaal": "the least chaal every turn, blind as long as it may; declines sideshows",
    "equity": "looks, then chaals, shows, asks and answers sideshows by its hand's equity",
}


def make(kind: str, *, rules: TeenPattiRules = _DEFAULT, seed: RandomSource = None
         ) -> TeenPattiPlayer:
    """A bot of this module by kind.

    >>> make("equity").kind
    'equity'
    >>> make("nobody")
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: unknown teen-patti bot 'nobody' (known: random, always-chaal, equity)
    """
    if kind == "random":
        return RandomBot(seed=seed)
    if kind == "always-chaal":
        return AlwaysChaalBot(seed=seed)
    if kind == "equity":
        return EquityBot(rules=rules, seed=seed)
    raise BragError(f"unknown teen-patti bot {kind!r} (known: {', '.join(BOTS)})")


def player_kinds() -> tuple[PlayerKind, ...]:
    """``always-chaal`` and ``equity`` for Teen Patti (``random`` plays every game); the bots
    read them when they are first listed (the game's ``GameInfo.bots`` names this module)."""
    return tuple(PlayerKind(kind=kind, factory=functools.partial(_factory, kind),
                            description=BOTS[kind], games=("teen-patti",))
                 for kind in ("always-chaal", "equity"))


def _factory(kind: str, *, game: str, rules: Any = None, seed: RandomSource = None,
             budget: float = 0.0) -> TeenPattiPlayer:
    return make(kind, rules=rules if isinstance(rules, TeenPattiRules) else _DEFAULT, seed=seed)


# --------------------------------------------------------------------------------------------
# A match: deal after deal of a session


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchScore:
    """One seat's result over a match: chips won per 100 deals and its 95% confidence
    interval (normal approximation over the deals), and the net."""

    seat: str
    kind: str
    per_100: float
    low: float
    high: float
    net: int


def match(kinds: Sequence[str], *, deals: int, seed: int, buy_in: int = 1000,
          **options: Any) -> list[MatchScore]:
    """Play ``deals`` deals of a Teen Patti session (:func:`bragkit.games.registry.open_session`)
    between bots of ``kinds``, one a seat, the deal passing round (D3); ``options`` are the
    rules. Every seat sits down with ``buy_in`` boots and, before each deal, tops up (M1) to
    that when below it. Each seat's chips per 100 deals, with a 95% interval.

    >>> scores = match(["equity", "random"], deals=20, seed=1)
    >>> [s.kind for s in scores], sum(s.net for s in scores)
    (['equity', 'random'], 0)
    """
    from bragkit.games.registry import open_session

    seats = [f"{kind}-{i}" for i, kind in enumerate(kinds)]
    rules = TeenPattiRules(**options)
    stack = buy_in * rules.boot
    session = open_session("teen-patti", seats=seats, buy_ins=stack, seed=seed, **options)
    bots = {seat: make(kind, rules=rules, seed=seed * 31 + i)
            for i, (seat, kind) in enumerate(zip(seats, kinds, strict=True))}
    nets: dict[str, list[int]] = {seat: [] for seat in seats}
    for _ in range(deals):
        for name, chips in session.stacks.items():
            if chips < stack:
                session.top_up(name, stack - chips)
        before = dict(session.stacks)
        game = session.start_deal()
        while session.in_deal:
            to_act = game.to_act
            assert to_act is not None
            session.apply(bots[to_act].act(game.view(to_act), game.legal_actions(to_act)))
        for seat in seats:
            nets[seat].append(session.stacks[seat] - before[seat])
    out = []
    for seat, kind in zip(seats, kinds, strict=True):
        values = nets[seat]
        mean = sum(values) / len(values)
        spread = (sum((v - mean) ** 2 for v in values) / max(len(values) - 1, 1)) ** 0.5
        half = 1.96 * spread / len(values) ** 0.5
        out.append(MatchScore(seat=seat, kind=kind, per_100=100 * mean, low=100 * (mean - half),
                              high=100 * (mean + half), net=sum(values)))
    return out
