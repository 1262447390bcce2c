"""Historic Brag from the old games book: single-stake and three-stake (rules S1–S4).

Both games bet poker-style through the shared core :mod:`bragkit.games.stakes`. The braggers
♦A ♣J ♦9 are wild (S1); hands rank in the historic order of S3 (pair royal, aces high; pair;
high card; a natural hand beats an equal one made with braggers).

Single-stake Brag (S2): the dealer stakes, then deals three cards each; from the dealer's left
each player drops or meets the highest single stake, and may raise. Here Bob raises, the dealer
Cat meets him, Ann has dropped:

>>> deal = SingleStakeBrag(players=["Ann", "Bob", "Cat"], dealer="Cat", stacks=[20, 20, 20],
...                        hands={"Ann": "2s 5h 8c", "Bob": "Ks Kh 4d", "Cat": "Qs Jc 7h"})
>>> for text in ["Cat bet 3", "Ann drop", "Bob raise 2", "Cat call"]:
...     deal.apply(text)
>>> deal.over, deal.winners, deal.stacks
(True, {'Bob': 10}, {'Ann': 20, 'Bob': 25, 'Cat': 15})
>>> deal.shown["Cat"], [str(op) for op in deal.showdown]
((Card('Qs'), Card('Jc'), Card('7h')), ['Bob: pair of kings, 4 kicker', \
'Cat: pair of queens, 7 kicker (1 wild)'])

If nobody meets the dealer's stake he takes it back and each other player pays him the agreed
forfeit (S2):

>>> deal = SingleStakeBrag(players=["Ann", "Bob", "Cat"], dealer="Cat", stacks=[20, 20, 20],
...                        rng=7)
>>> for text in ["Cat bet 5", "Ann drop", "Bob drop"]:
...     deal.apply(text)
>>> deal.stacks
{'Ann': 19, 'Bob': 19, 'Cat': 22}

Three-stake Brag (S4) plays three contests for three pots; see :class:`ThreeStakeBrag`.
A record of either game is a TOML document, ``format = "historic/1"``
(docs/records-historic-brag-poker.md), registered for ``bragkit replay``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any, ClassVar, Final

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, Rank, parse_cards
from bragkit.errors import IllegalActionError, InvalidCardError, NotationError, RulesError
from bragkit.games.house_rules import changed_options, known_options
from bragkit.games.protocol import Operation
from bragkit.games.registry import Ante, GameInfo
from bragkit.games.stake_game import StakeFold, StakeGame, Verdict
from bragkit.games.stake_operations import (
    Acted,
    Awarded,
    Dealt,
    Paid,
    Shown,
    acted,
    awarded,
    phase_started,
    shown,
)
from bragkit.games.stake_pack import randbelow
from bragkit.games.stake_records import StakeReplay, play_record, read_table, record_steps
from bragkit.games.stake_session import StakeDealing
from bragkit.games.stakes import ROUND_VERBS, BettingRound, Limits, option
from bragkit.games.three_card.rules import MAX_CHIPS
from bragkit.hands import HandRank, evaluate, wild_set
from bragkit.records import DealSteps, parse, register

__all__ = [
    "GAMES",
    "VERBS",
    "ContestResult",
    "HistoricReplay",
    "HistoricRules",
    "ShowdownEntry",
    "SingleStakeBrag",
    "ThreeStakeBrag",
    "historic_game",
    "read_historic",
    "replay_historic",
    "thirty_one_total",
    "write_historic",
]

VARIANTS = ("single-stake", "three-stake")

#: The verbs of single-stake Brag (S2): the dealer's stake, then equalising betting.
SINGLE_STAKE_VERBS: Final = frozenset(ROUND_VERBS)
#: The verbs of three-stake Brag (S4): the betting, then draw or stand towards 31.
THREE_STAKE_VERBS: Final = frozenset((*ROUND_VERBS, Verb.DRAW, Verb.STAND))
#: Every verb of historic Brag (each game refuses those it lacks).
VERBS: Final = SINGLE_STAKE_VERBS | THREE_STAKE_VERBS
_TOWARDS_31: Final = (Verb.DRAW, Verb.STAND)
_BETTING: Final = "betting"
_STAKE: Final = (Verb.BET,)


@dataclass(frozen=True, kw_only=True, slots=True)
class HistoricRules:
    """The options of historic Brag, agreed before play (rules S1, S2, S4).

    ``min_stake``..``max_stake`` bound the dealer's stake of single-stake Brag ("to the agreed
    limit", S2) and the first bet of the second contest of three-stake Brag; ``min_raise`` and
    ``max_raise`` bound one raise (``None``: no limit but the player's money). ``forfeit`` is the
    agreed amount each player pays a dealer whose stake nobody meets (S2). ``stake`` is each of
    the three equal stakes of three-stake Brag (S4). ``wild`` are the braggers (S1).

    >>> HistoricRules().wild
    ('Ad', 'Jc', '9d')
    >>> HistoricRules.from_dict({"max_stake": 20}).to_dict()
    {'max_stake': 20}
    >>> HistoricRules(min_stake=5, max_stake=2)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: min_stake 5 is more than max_stake 2
    >>> HistoricRules.from_dict({"limit": 3})
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: unknown historic rule(s): limit
    """

    min_stake: int = field(default=1, metadata={
        "rule": "S2", "meaning": "the least stake", "min": 1, "max": MAX_CHIPS})
    max_stake: int = field(default=10, metadata={
        "rule": "S2", "meaning": "the most stake (the agreed limit)", "min": 1, "max": MAX_CHIPS})
    min_raise: int = field(default=1, metadata={
        "rule": "S2", "meaning": "the least raise", "min": 1, "max": MAX_CHIPS})
    max_raise: int | None = field(default=None, metadata={
        "rule": "S2", "meaning": "the most raise (empty: no limit but the money)", "min": 1,
        "max": MAX_CHIPS})
    forfeit: int = field(default=1, metadata={
        "rule": "S2", "meaning": "paid to a dealer whose stake nobody meets", "min": 0,
        "max": MAX_CHIPS})
    stake: int = field(default=1, metadata={
        "rule": "S4", "meaning": "each of the three equal stakes", "min": 1, "max": MAX_CHIPS})
    wild: tuple[str, ...] = field(default=("Ad", "Jc", "9d"), metadata={
        "rule": "S1", "meaning": "the braggers (wild cards)", "cards": True})

    def __post_init__(self) -> None:
        for name in ("min_stake", "max_stake", "min_raise", "forfeit", "stake"):
            _whole(name, getattr(self, name), least=0 if name == "forfeit" else 1)
        if self.max_raise is not None:
            _whole("max_raise", self.max_raise, least=1)
        if self.min_stake > self.max_stake:
            raise RulesError(f"min_stake {self.min_stake} is more than max_stake "
                             f"{self.max_stake}")
        if self.max_raise is not None and self.min_raise > self.max_raise:
            raise RulesError(f"min_raise {self.min_raise} is more than max_raise "
                             f"{self.max_raise}")
        if not isinstance(self.wild, tuple | list) or not all(isinstance(w, str)
                                                              for w in self.wild):
            raise RulesError("wild is a list of cards, like [\"Ad\", \"Jc\", \"9d\"]")
        try:
            cards = parse_cards(" ".join(self.wild))
        except InvalidCardError as error:
            raise RulesError(f"wild: {error}") from None
        if len(set(cards)) != len(cards) or any(c.is_joker for c in cards):
            raise RulesError("wild names a card twice, or a joker (the pack has none)")
        object.__setattr__(self, "wild", tuple(str(c) for c in cards))

    @property
    def wild_cards(self) -> frozenset[int]:
        """The braggers as card indices (S1)."""
        return _wild_set(self.wild)

    def limits(self, rule: str) -> Limits:
        """The sizes of a betting round under these rules (one frozen object for the same
        rules and rule: made once, as every deal asks)."""
        last = _LAST_LIMITS.get(rule)  # the rules asked last (hashing rules is slow)
        if last is not None and last[0] is self:
            return last[1]
        limits = _limits(self, rule)
        _LAST_LIMITS[rule] = (self, limits)
        return limits

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (the ``[rules]`` table of a record)."""
        return changed_options(self)

    @classmethod
    def from_dict(cls, table: Mapping[str, Any]) -> HistoricRules:
        """Rules from a ``[rules]`` table; an unknown key is a :class:`RulesError`."""
        values = known_options(cls, table, what="historic rule(s)")
        if "wild" in values and isinstance(values["wild"], list):
            values["wild"] = tuple(values["wild"])
        return cls(**values)


@lru_cache(maxsize=64)
def _wild_set(wild: tuple[str, ...]) -> frozenset[int]:
    return wild_set(wild)


#: The rules last asked for their limits, and those limits, by rule (S2, S4): a deal's
#: rules are most often the table's, again and again.
_LAST_LIMITS: dict[str, tuple[HistoricRules, Limits]] = {}


@lru_cache(maxsize=256)
def _limits(rules: HistoricRules, rule: str) -> Limits:
    return Limits(min_bet=rules.min_stake, max_bet=rules.max_stake, min_raise=rules.min_raise,
                  max_raise=rules.max_raise, rule=rule)


def _whole(name: str, value: object, *, least: int) -> None:
    if type(value) is not int or value < least:
        raise RulesError(f"{name} must be a whole number of at least {least}, not {value!r}")


_DEFAULT_RULES: Final = HistoricRules()


@dataclass(frozen=True, kw_only=True, slots=True)
class ShowdownEntry:
    """One hand at a showdown and what it is worth."""

    player: str
    cards: tuple[Card, ...]
    rank: HandRank

    def __str__(self) -> str:
        return f"{self.player}: {self.rank}"


@dataclass(frozen=True, kw_only=True, slots=True)
class ContestResult:
    """How one of the three contests of three-stake Brag (S4) ended."""

    pot: str
    winner: str | None
    amount: int
    why: str

    def to_json(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"pot": self.pot, "winner": self.winner, "amount": self.amount, "why": self.why}


_set_pot, _set_winner, _set_amount, _set_why = (
    ContestResult.__dict__[name].__set__ for name in ("pot", "winner", "amount", "why"))


def _contest(pot: str, winner: str | None, amount: int, why: str) -> ContestResult:
    """``ContestResult(pot=..., winner=..., amount=..., why=...)``, made fast (three a deal):
    each field set through its slot.

    >>> _contest("first", "Ann", 4, "why") == ContestResult(pot="first", winner="Ann",
    ...                                                     amount=4, why="why")
    True
    """
    made: ContestResult = object.__new__(ContestResult)
    _set_pot(made, pot)
    _set_winner(made, winner)
    _set_amount(made, amount)
    _set_why(made, why)
    return made


_set_entry_player, _set_entry_cards, _set_rank = (
    ShowdownEntry.__dict__[name].__set__ for name in ("player", "cards", "rank"))


def _entry(player: str, cards: tuple[Card, ...], rank: HandRank) -> ShowdownEntry:
    """``ShowdownEntry(player=..., cards=..., rank=...)``, made fast (every showdown): each
    field set through its slot.

    >>> hand = parse_cards("As Ks Qs")
    >>> rank = evaluate(hand, ordering="historic")
    >>> _entry("Ann", hand, rank) == ShowdownEntry(player="Ann", cards=hand, rank=rank)
    True
    """
    made: ShowdownEntry = object.__new__(ShowdownEntry)
    _set_entry_player(made, player)
    _set_entry_cards(made, cards)
    _set_rank(made, rank)
    return made


def _best(entries: Sequence[ShowdownEntry], precedence: Sequence[str]) -> str:
    """The best hand; exactly equal hands go to the first in ``precedence`` (the first to
    stake, S3). A natural hand beats an equal bragger hand already in the ranks (S3, W3)."""
    values = [e.rank.value for e in entries]  # one ordering: the values order the ranks
    top = max(values)
    if values.count(top) == 1:  # (the commonest: no tie)
        return entries[values.index(top)].player
    tied = {e.player for e, value in zip(entries, values, strict=True) if value == top}
    return next(p for p in precedence if p in tied)


class _HistoricDeal(StakeGame[HistoricRules]):
    """What the two historic games share: their rules and a showdown in the S3 order."""

    def record_text(self) -> str | None:
        """The finished deal as a ``historic/1`` record (None while it is under way)."""
        game: Any = self  # one of the two games
        return write_historic(game) if self.over else None

    @classmethod
    def default_rules(cls) -> HistoricRules:
        """The defaults of :class:`HistoricRules` (one frozen object, shared)."""
        return _DEFAULT_RULES

    def _show_hands(self, players: Sequence[str]) -> list[ShowdownEntry]:
        """Show the hands of ``players`` (in that order) and rank them in the S3 order."""
        entries = []
        wild = self.rules.wild_cards
        hands, on_show, ops = self.hands, self.shown, self._ops
        for player in players:
            cards = tuple(hands[player])
            rank = evaluate(cards, ordering="historic", wild=wild)  # S1, S3
            on_show[player] = cards
            ops.append(shown(player, cards, str(rank)))
            entries.append(_entry(player, cards, rank))
        return entries


class SingleStakeBrag(_HistoricDeal):
    """One deal of single-stake Brag (rules S1, S2, S3).

    The dealer stakes first (``"Dan bet 5"``, between ``min_stake`` and ``max_stake``), then the
    cards are dealt, three each, face down, one at a time from the dealer's left. From the
    dealer's left each player drops, calls (meets the highest single stake) or raises; anyone
    raised must come up to the highest stake or drop, losing what they put in. When the stakes
    are equal the hands are shown and the best takes the pot; exactly equal hands go to the first
    to stake (the dealer, then in the order they staked). If nobody meets the dealer's stake, he
    takes it back and each other player pays him ``forfeit`` (or all they have, if less).

    ``pack`` (top card first), ``hands`` (with an optional ``stock``: the rest of the pack, by
    default in the standard order) or ``rng`` (a shuffled pack) give the cards. A dealer who
    cannot afford ``min_stake`` is a :class:`RulesError`.
    """

    game: ClassVar[str] = "single-stake"
    VERBS: ClassVar[frozenset[Verb]] = SINGLE_STAKE_VERBS
    MENU: ClassVar[tuple[Verb, ...]] = ROUND_VERBS
    RULE: ClassVar[str] = "S2"
    SEATS_RULE: ClassVar[str] = "S2"

    def _start(self) -> None:
        """Rule S2: the dealer, who must afford the least stake, stakes first."""
        dealer = self.dealer
        if self.money.stacks[dealer] < self.rules.min_stake:
            raise RulesError(f"the dealer {dealer} cannot afford the least stake "
                             f"{self.rules.min_stake} (rule S2)")
        self._limits = self.rules.limits("S2")
        self._phase = "stake"
        self.betting: BettingRound | None = None
        self.showdown: list[ShowdownEntry] = []
        self.forfeited = False
        self._ops.append(phase_started("stake"))

    @property
    def phase(self) -> str:
        """``"stake"`` (the dealer to stake), ``"betting"`` or ``"over"``."""
        return self._phase

    def _turn_now(self) -> tuple[str | None, str]:
        phase = self._phase
        if phase == "stake":
            return self.dealer, phase
        if phase == "betting" and self.betting is not None:
            return self.betting.to_act, phase
        return None, phase

    def _verify(self, player: str, verb: Verb) -> Verdict:
        """The dealer's stake first (S2), then the equalising betting."""
        if self._phase == "stake":
            if player != self.dealer:
                return IllegalActionError(f"the dealer {self.dealer} stakes first, not "
                                          f"{player}", rule="B11")
            if verb is not Verb.BET:
                return IllegalActionError(f"the dealer opens with a stake (\"{self.dealer} bet "
                                          f"N\"), not {verb}", rule="S2")
            top = min(self.rules.max_stake, self.money.stacks[self.dealer])
            return (option(player, verb, self.rules.min_stake, top),)
        if self.betting is None:
            return IllegalActionError("the deal is over", rule="S2")
        verdict = self.betting.verify(player, verb)
        return (verdict,) if type(verdict) is LegalAction else verdict  # type: ignore[return-value]

    def _menu_verbs(self, to_act: str) -> tuple[Verb, ...]:
        return _STAKE if self.betting is None else self.betting.menu_verbs(to_act)

    def _turn_options(self, to_act: str) -> Sequence[LegalAction]:
        """The betting's verdicts in one step (what :meth:`_verify` asks it verb by verb)."""
        betting = self.betting
        if betting is None:  # the dealer's stake (S2): the one verdict of _verify, made here
            return [option(to_act, Verb.BET, self.rules.min_stake,
                           min(self.rules.max_stake, self.money.stacks[to_act]))]
        return betting.menu(to_act)  # (the player to act: the betting's, kept)

    def _misfit(self, action: Action, options: Sequence[LegalAction]) -> IllegalActionError:
        if self._phase == "stake":
            return IllegalActionError(f"the dealer's stake is {options[0].min_amount} to "
                                      f"{options[0].max_amount}, not {action.amount}", rule="S2")
        assert self.betting is not None
        return self.betting.misfit(action, options[0])

    def _do(self, action: Action) -> None:
        if self._phase == "stake":
            assert action.amount is not None
            self.money.pay(self.dealer, action.amount, "pot")
            self._ops.append(acted(action, action.amount))
            self._deal_round(3)  # rule S2: three cards each, face down, from the dealer's left
            self._phase = "betting"
            self._ops.append(phase_started("betting"))
            self.betting = self._open_round(BettingRound(  # first: the dealer's left
                seats=self.players, first=self.deal_order[0], money=self.money,
                pot="pot", limits=self._limits, levels={self.dealer: action.amount},
                acted=[self.dealer], first_staked=[self.dealer]))
            return
        betting = self.betting
        assert betting is not None
        paid = betting.play(action)
        self._ops.append(acted(action, paid))
        if betting.to_act is None:  # the round is over
            self._settle(betting)

    def _settle(self, betting: BettingRound) -> None:
        self._phase = "over"
        pot = self.money.pots["pot"]
        in_play = betting.in_play
        if in_play == (self.dealer,) and betting.first_staked == [self.dealer]:
            # rule S2: no one met the dealer's stake; he withdraws it and is paid the forfeit
            self.forfeited = True
            self.money.award("pot", self.dealer, pot)
            self._ops.append(_taken_back(self.dealer, pot, "pot"))
            for player in self.deal_order:
                if player == self.dealer:
                    continue
                owed = min(self.rules.forfeit, self.money.stacks[player])
                if owed:
                    self.money.transfer(player, self.dealer, owed)
                    self.winners[self.dealer] = self.winners.get(self.dealer, 0) + owed
                    self._ops.append(Paid(payer=player, payee=self.dealer, amount=owed,
                                                reason="no one met the dealer's stake"))
            return
        if len(in_play) == 1:
            self._award("pot", {in_play[0]: pot}, "everyone else dropped")
            return
        # rule S2: the stakes are equal; the hands are shown and the best takes everything
        self.showdown = self._show_hands(in_play)
        winner = _best(self.showdown, betting.first_staked)  # rule S3: ties to the first staker
        self._award("pot", {winner: pot}, "best hand")

    def _stake_levels(self) -> dict[str, int]:
        return dict(self.betting.levels) if self.betting and self._phase == "betting" else {}

    def _in_play(self) -> tuple[str, ...]:
        return self.betting.in_play if self.betting else self.players


def _taken_back(player: str, amount: int, pot: str) -> Awarded:
    return awarded(player, amount, pot, "stake taken back", False)


@lru_cache(maxsize=256)
def _drawer_menu(player: str) -> tuple[LegalAction, ...]:
    """The options of the player to draw or stand towards 31 (S4), made once per name."""
    return tuple(option(player, verb) for verb in _TOWARDS_31)


def card_value(card: Card) -> int:
    """A card's value towards 31 (S4): an ace 11, a court card 10, others their pips.

    The braggers count as the cards they are.

    >>> card_value(Card.parse("Ad")), card_value(Card.parse("Qs")), card_value(Card.parse("7c"))
    (11, 10, 7)
    """
    rank = int(card) // 4 + 2  # the card's Rank, as a number
    if rank == Rank.ACE:
        return 11
    return 10 if rank > 10 else rank


#: Every card's value towards 31 (S4), by its index (speed: read at every draw).
_VALUE_OF: Final = tuple(card_value(Card(i)) for i in range(52))
#: Every card's text, by its index (speed: a contest's reason names one).
_CARD_TEXT: Final = tuple(str(Card(i)) for i in range(52))


def thirty_one_total(cards: Sequence[Card] | str) -> int:
    """The total of a hand towards 31 (S4).

    >>> thirty_one_total("As Kd Qh"), thirty_one_total("As Ad Ah")
    (31, 33)
    """
    return sum(card_value(c) for c in parse_cards(cards))


class ThreeStakeBrag(_HistoricDeal):
    """One deal of three-stake Brag (rules S1, S3, S4).

    Each player puts up three equal stakes (``rules.stake``), in turn from the dealer's left,
    into the ``first``, ``second`` and ``third`` pots. The dealer deals two cards face down and
    then one face up to each player, one at a time from the dealer's left. Then:

    1. *First stake*: the highest face-up card wins (braggers are ordinary cards here; equal
       ranks go to the first to stake, the player nearest the dealer's left).
    2. *Second stake*: played as single-stake without a dealer's stake: from the dealer's left
       each player checks or bets (``min_stake``..``max_stake``); once someone bets, the others
       meet the highest stake, raise or drop. If everyone drops but one, that player takes the
       pot; otherwise (including when nobody bets) the hands still in are shown and the best in
       the S3 order wins, exactly equal hands to the first to stake.
    3. *Third stake*: everyone (those who dropped too) exposes their cards. From the dealer's
       left each player in turn draws cards from the pack, face up, one at a time, for as long as
       they like while under 31 (an ace 11, courts 10, others their pips); a turn ends when the
       player stands, reaches 31 or more, or the pack is empty. A player who passes 31 *by
       drawing* is bust (a dealt 32 or 33 is not). Nearest to 31, over or under, wins; equally
       near totals go to the first to stake. If everyone is bust, each takes their stake back.
    """

    game: ClassVar[str] = "three-stake"
    VERBS: ClassVar[frozenset[Verb]] = THREE_STAKE_VERBS
    MENU: ClassVar[tuple[Verb, ...]] = (*ROUND_VERBS, Verb.DRAW, Verb.STAND)
    RULE: ClassVar[str] = "S4"
    POTS: ClassVar[tuple[str, str, str]] = ("first", "second", "third")
    BET_POT: ClassVar[str] = "second"
    SEATS_RULE: ClassVar[str] = "S4"

    def _start(self) -> None:
        """Rule S4: three stakes each, two cards down and one up, the first stake decided."""
        stake = self.rules.stake
        stacks = self.money.stacks
        if min(stacks.values()) < 3 * stake:  # (who is short, only when someone is)
            short = [p for p in self.players if stacks[p] < 3 * stake]
            raise RulesError(f"{', '.join(short)} cannot put up three stakes of {stake} "
                             "(rule S4)")
        self.contests: list[ContestResult] = []
        self.showdown: list[ShowdownEntry] = []
        self.bust: set[str] = set()
        self.totals: dict[str, int] = {}
        self._stood: set[str] = set()
        self._now: str | None = None
        self._phase = _BETTING
        self._post_each(stake, self.POTS, "stake")  # rule S4: three separate stakes each
        self._deal_round(2, up=1)  # rule S4: two cards down and one up, a round at a time (D6)
        self._first_stake()
        self._ops.append(phase_started("second stake"))
        self.betting = self._open_round(BettingRound(
            seats=self.players, first=self.deal_order[0], money=self.money, pot="second",
            limits=self.rules.limits("S4")))  # (the first from the dealer's left)

    # -- the three contests -----------------------------------------------------------------
    def _first_stake(self) -> None:
        """Rule S4, stake 1: the highest face-up card; braggers rank as ordinary cards."""
        self._ops.append(phase_started("first stake"))
        order, hands = self.deal_order, self.hands
        ranks = [hands[p][2] >> 2 for p in order]  # the rank (a card's index is 4 per rank)
        winner = order[ranks.index(max(ranks))]  # the first from the dealer's left
        amount = self.money.pots["first"]
        why = f"highest face-up card, {_CARD_TEXT[hands[winner][2]]}"
        self._award("first", {winner: amount}, why)
        self.contests.append(_contest("first", winner, amount, why))

    def _second_stake(self) -> None:
        """Rule S4, stake 2: after the betting, the last player in or the best hand shown."""
        amount = self.money.pots["second"]
        in_play = self.betting.in_play
        if len(in_play) == 1:
            winner, why = in_play[0], "everyone else dropped"
        else:
            self.showdown = self._show_hands(in_play)
            winner = _best(self.showdown, self.deal_order)
            why = f"best hand, {next(e.rank for e in self.showdown if e.player == winner)}"
        self._award("second", {winner: amount}, why)
        self.contests.append(_contest("second", winner, amount, why))
        self._phase = "thirty-one"
        self._ops.append(phase_started("third stake: nearest to 31"))
        hands, on_show, totals, ops = self.hands, self.shown, self.totals, self._ops
        for player in self.deal_order:  # rule S4: the players expose their cards
            cards = tuple(hands[player])
            on_show[player] = cards
            total = totals[player] = sum(map(_VALUE_OF.__getitem__, cards))
            ops.append(shown(player, cards, f"{total} towards 31"))
        self._next_drawer()

    def _third_stake(self) -> None:
        """Rule S4, stake 3: nearest to 31 over or under; a player bust by drawing loses."""
        self._phase = "over"
        amount = self.money.pots["third"]
        alive = [p for p in self.deal_order if p not in self.bust]
        if not alive:  # [decision] everyone bust: each takes back their stake
            for player in self.deal_order:
                self.money.award("third", player, self.rules.stake)
                self._ops.append(_taken_back(player, self.rules.stake, "third"))
            self.contests.append(ContestResult(pot="third", winner=None, amount=0,
                                               why="everyone bust: stakes taken back"))
            return
        totals = self.totals
        off = [abs(31 - totals[p]) for p in alive]
        winner = alive[off.index(min(off))]  # the first from the dealer's left
        why = f"nearest to 31 with {totals[winner]}"
        self._award("third", {winner: amount}, why)
        self.contests.append(_contest("third", winner, amount, why))

    def _next_drawer(self) -> None:
        stood, totals = self._stood, self.totals
        for player in self.deal_order:  # the first from the dealer's left still drawing
            if player in stood:
                continue
            if totals[player] < 31 and self._cards_left():
                self._now = player
                return
            stood.add(player)  # 31 or more, or no card left: the turn passes
        self._now = None
        self._third_stake()

    def _menu_verbs(self, to_act: str) -> tuple[Verb, ...]:
        return self.betting.menu_verbs(to_act) if self._phase is _BETTING else _TOWARDS_31

    def _turn_options(self, to_act: str) -> Sequence[LegalAction]:
        """The betting's verdicts in one step (what :meth:`_verify` asks it verb by verb)."""
        if self._phase is _BETTING:
            return self.betting.menu(to_act)  # (the player to act: the betting's, kept)
        return _drawer_menu(to_act)  # the drawer's (S4), as _verify

    # -- the StakeGame interface ------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"betting"`` (the second stake), ``"thirty-one"`` (the third) or ``"over"``."""
        return self._phase

    def _turn_now(self) -> tuple[str | None, str]:
        phase = self._phase
        return self.betting.to_act if phase is _BETTING else self._now, phase

    def _verify(self, player: str, verb: Verb) -> Verdict:
        """The betting of the second stake, then draw or stand towards 31 (S4)."""
        if self._phase == "betting":
            verdict = self.betting.verify(player, verb)
            return (verdict,) if type(verdict) is LegalAction else verdict  # type: ignore
        drawer = self.to_act
        if drawer is None:
            return IllegalActionError("the deal is over", rule="S4")
        if player != drawer:
            return IllegalActionError(f"it is {drawer}'s turn to draw or stand, not "
                                      f"{player}'s", rule="B11")
        if verb is not Verb.DRAW and verb is not Verb.STAND:
            return IllegalActionError(f"nearest to 31: draw or stand, not {verb}", rule="S4")
        return (option(player, verb),)

    def _misfit(self, action: Action, options: Sequence[LegalAction]) -> IllegalActionError:
        if self._phase == "betting":
            return self.betting.misfit(action, options[0])
        return IllegalActionError("towards 31 a draw is one card: write \"draw\" alone",
                                  rule="S4")

    def _do(self, action: Action) -> None:
        if self._phase is _BETTING:
            betting = self.betting
            paid = betting.play(action)
            self._ops.append(acted(action, paid))
            if betting.to_act is None:  # the round is over
                self._second_stake()
            return
        player = str(action.player)
        self._ops.append(acted(action))
        if action.verb is Verb.STAND:
            self._stood.add(player)
        else:
            card = self._deal(player, face_up=True)
            total = self.totals[player] = self.totals[player] + _VALUE_OF[card]
            self.shown[player] = tuple(self.hands[player])
            if total > 31:  # rule S4: passing 31 by drawing loses
                self.bust.add(player)
                self._stood.add(player)
        self._next_drawer()

    def _stake_levels(self) -> dict[str, int]:
        return dict(self.betting.levels) if self._phase == "betting" else {}

    def _in_play(self) -> tuple[str, ...]:
        return self.betting.in_play if self._phase == "betting" else self.players

    def _fold_in_play(self, folded: StakeFold, log: Sequence[Operation]) -> tuple[str, ...]:
        """Who is in the second stake's betting; everyone towards 31 (S4)."""
        return folded.in_play if folded.phase == "betting" else self.players

    def _extra(self) -> dict[str, Any]:
        """The engine's side of what :meth:`_fold_extra` folds (for the property tests)."""
        return {"contests": [c.to_json() for c in self.contests],
                "totals": dict(self.totals), "bust": sorted(self.bust)}

    def _fold_extra(self, viewer: str | None, folded: StakeFold,
                    log: Sequence[Operation]) -> dict[str, Any]:
        """The three contests (S4) from their awards, each player's total towards 31 from the
        cards shown and drawn, and who went bust by drawing."""
        contests: list[dict[str, Any]] = []
        totals: dict[str, int] = {}
        bust: set[str] = set()
        drawing = False
        for op in log:
            if isinstance(op, Awarded):
                if op.won:
                    contests.append({"pot": op.pot, "winner": op.player, "amount": op.amount,
                                     "why": op.reason})
                elif not contests or contests[-1]["pot"] != op.pot:
                    contests.append({"pot": op.pot, "winner": None, "amount": 0,
                                     "why": "everyone bust: stakes taken back"})
            elif isinstance(op, Shown) and op.player not in totals:
                totals[op.player] = sum(card_value(c) for c in op.cards)
            elif isinstance(op, Acted) and op.action.verb is Verb.DRAW:
                drawing = True
            elif isinstance(op, Dealt) and drawing and op.card is not None:
                drawing = False
                totals[op.player] += card_value(op.card)
                if totals[op.player] > 31:  # rule S4: passing 31 by drawing loses
                    bust.add(op.player)
        return {"contests": contests, "totals": totals, "bust": sorted(bust)}


HistoricGame = SingleStakeBrag | ThreeStakeBrag


def historic_game(
    variant: str,
    rules: HistoricRules | None = None,
    **table: Any,
) -> HistoricGame:
    """A deal of ``"single-stake"`` or ``"three-stake"`` Brag.

    >>> historic_game("three-stake", players=["A", "B"], dealer="B", stacks=[9, 9], rng=1).phase
    'betting'
    """
    if variant == "single-stake":
        return SingleStakeBrag(rules, **table)
    if variant == "three-stake":
        return ThreeStakeBrag(rules, **table)
    raise RulesError(f"unknown historic variant {variant!r} (single-stake or three-stake)")


# --------------------------------------------------------------------------------------------
# Records: format = "historic/1" (docs/records-historic-brag-poker.md)


class HistoricReplay(StakeReplay[HistoricGame]):
    """A historic Brag record played through the engine: ``describe()`` and ``to_json()``."""

    FORMAT_NAME: ClassVar[str] = "historic"

    def __init__(self, game: HistoricGame, *, variant: str) -> None:
        super().__init__(game)
        self.variant = variant

    def _title(self) -> str:
        return f"Historic Brag, {self.variant}; {self.game.dealer} deals"

    def to_json(self) -> dict[str, Any]:
        """The result (fields listed in docs/records-historic-brag-poker.md)."""
        game = self.game
        out: dict[str, Any] = {"variant": self.variant, **super().to_json()}
        if isinstance(game, SingleStakeBrag):
            out["forfeit"] = game.forfeited
        else:
            out["contests"] = [c.to_json() for c in game.contests]
            out["totals"] = dict(game.totals)
            out["bust"] = sorted(game.bust)
        return out


def write_historic(game: HistoricGame) -> str:
    """The record of a deal (played or in progress) as TOML text."""
    return HistoricReplay(game, variant=game.game).to_toml()


def replay_historic(document: Mapping[str, Any]) -> HistoricReplay:
    """Play a parsed ``historic/1`` record; a bad record raises :class:`NotationError` and an
    illegal action :class:`IllegalActionError` naming the action's number and text."""
    spec = read_table(document, format_name="historic", variants=VARIANTS)
    variant = document.get("variant")
    if variant not in VARIANTS:
        raise NotationError(f"variant must be single-stake or three-stake, not {variant!r}")
    game = play_record(spec, partial(historic_game, variant), HistoricRules.from_dict)
    return HistoricReplay(game, variant=variant)


def read_historic(text: str) -> HistoricReplay:
    """Read and play a ``historic/1`` record from TOML text, bounded before it is parsed
    (:func:`bragkit.records.parse`)."""
    return replay_historic(parse(text))


def _write(record: HistoricGame | HistoricReplay) -> str:
    return write_historic(record.game if isinstance(record, HistoricReplay) else record)


def _steps(document: Mapping[str, Any]) -> tuple[DealSteps[Any]]:
    spec = read_table(document, format_name="historic", variants=VARIANTS)
    variant = document.get("variant")
    if variant not in VARIANTS:
        raise NotationError(f"variant must be single-stake or three-stake, not {variant!r}")
    return (record_steps(spec, partial(historic_game, variant), HistoricRules.from_dict,
                         game=variant),)


register("historic", replay_historic, read=read_historic, write=_write,
         writes=(SingleStakeBrag, ThreeStakeBrag, HistoricReplay), steps=_steps)


def _stack(rules: HistoricRules) -> int:
    """A sensible buy-in: 100 chips, or enough for the largest forced stake."""
    return max(100, 3 * rules.stake, rules.max_stake)


def _start_single(players: Sequence[str], rules: HistoricRules, rng: random.Random
                  ) -> SingleStakeBrag:
    """A deal for the registry: 100 chips each, the dealer cut at random (D3)."""
    return SingleStakeBrag(rules, players=players, dealer=players[randbelow(rng, len(players))],
                           stacks=[_stack(rules)] * len(players), rng=rng, own_rng=True)


def _start_three(players: Sequence[str], rules: HistoricRules, rng: random.Random
                 ) -> ThreeStakeBrag:
    """A deal for the registry: 100 chips each, the dealer cut at random (D3)."""
    return ThreeStakeBrag(rules, players=players, dealer=players[randbelow(rng, len(players))],
                          stacks=[_stack(rules)] * len(players), rng=rng, own_rng=True)


def _least_stake(rules: HistoricRules) -> int:
    return rules.min_stake


def _least_stake_at(rules: HistoricRules, stake: int) -> HistoricRules:
    """The dealer's least stake at ``stake`` (S2), the agreed limit raised to it if lower."""
    return replace(rules, min_stake=stake, max_stake=max(stake, rules.max_stake))


#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="single-stake", title="Historic Brag (single stake)",
             summary="braggers wild, the dealer stakes, stakes equalised (rules S1-S3)",
             rules=HistoricRules, start=_start_single, seats=SingleStakeBrag.SEATS,
             record_format="historic", aliases=("single-stake-brag",),
             dealing=partial(StakeDealing, SingleStakeBrag), picture="stake", out_word="dropped",
             ante=Ante(name="least stake", of=_least_stake, at=_least_stake_at,
                       cost=_least_stake)),  # S2: only the dealer must stake
    GameInfo(name="three-stake", title="Historic Brag (three stakes)",
             summary="three pots: the face-up card, the brag, nearest to 31 (rules S1, S3, S4)",
             rules=HistoricRules, start=_start_three, seats=ThreeStakeBrag.SEATS,
             record_format="historic", aliases=("three-stake-brag",),
             dealing=partial(StakeDealing, ThreeStakeBrag), picture="stake",
             out_word="dropped"),  # S2, S4: a player drops
)
