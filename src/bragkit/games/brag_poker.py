"""3 Card Brag Poker: blinds, fixed-limit betting, a draw and a second round (rules P1–P5).

The betting is the shared equalising core of :mod:`bragkit.games.stakes`. The two players left
of the dealer post the small and big blinds (P1); bets and raises are fixed at twice the big
blind in the first round (P2) and twice that in the second (P4), with at most three raises a
round while more than two players are in; between the rounds each player discards none to three
cards and is dealt replacements (P3); the best hand in the standard Brag order wins, ties split
(P4). A player who has not looked may call for half price (P5).

>>> deal = BragPoker(players=["Ann", "Bob", "Cat"], dealer="Cat", stacks=[40, 40, 40],
...                  hands={"Ann": "Ah Ad 4d", "Bob": "9c 7d 2h", "Cat": "Ks Js 5s"})
>>> deal.to_act, deal.money.pots["pot"]   # Ann posted 1, Bob 2; Cat is first to act
('Cat', 3)
>>> [str(o) for o in deal.legal_actions("Cat")]   # Cat has not looked: the call costs 1 (P5)
['Cat drop', 'Cat call 1', 'Cat look']
>>> for text in ["Cat call", "Ann look", "Ann raise 4", "Bob drop", "Cat call"]:
...     deal.apply(text)
>>> deal.phase, deal.money.pots["pot"]   # 1 + 2 + 1, Ann's 5, Cat's half-price 2
('draw', 11)
>>> for text in ["Ann draw 1 4d", "Cat draw 0"]:   # Ann is dealt the As (the stock's top)
...     deal.apply(text)
>>> deal.phase, deal.to_act
('second round', 'Ann')
>>> for text in ["Ann bet 8", "Cat call"]:
...     deal.apply(text)
>>> deal.over, deal.winners, [f"{p}: {rank}" for p, rank in deal.showdown]
(True, {'Ann': 23}, ['Ann: prial of aces', 'Cat: flush, K-J-5'])

The registry starts a deal by name, 100 chips each, the dealer cut at random:

>>> import bragkit.games
>>> game = bragkit.games.new("brag-poker", players=["Ann", "Bob", "Cy"], seed=1)
>>> game.to_act in game.players, game.stacks["Cy"] + game.stacks["Ann"] + game.stacks["Bob"]
(True, 297)

A player who has not looked sees none of their own cards (P5):

>>> deal = BragPoker(players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20], rng=3)
>>> deal.view("Ann").cards["Ann"]
(None, None, None)
>>> deal.apply("Ann look"); None in deal.view("Ann").cards["Ann"]
False
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, ClassVar, Final

from bragkit.actions import Action, LegalAction, Verb, amount_option
from bragkit.cards import Card, format_cards
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.house_rules import changed_options, known_options
from bragkit.games.protocol import Operation
from bragkit.games.registry import Ante, GameInfo
from bragkit.games.stake_game import StakeFold, StakeGame, Verdict
from bragkit.games.stake_operations import (
    Acted,
    Posted,
    acted,
    phase_started,
    posted,
    revealed,
    shown,
)
from bragkit.games.stake_records import StakeReplay, play_record, read_table, record_steps
from bragkit.games.stake_session import StakeDealing
from bragkit.games.stakes import (
    ROUND_MENUS,
    ROUND_VERBS,
    BettingRound,
    Limits,
    option,
    split_evenly,
)
from bragkit.games.three_card.rules import MAX_CHIPS
from bragkit.hands import HandRank, evaluate
from bragkit.records import DealSteps, parse, register

__all__ = [
    "GAMES",
    "VERBS",
    "BragPoker",
    "BragPokerReplay",
    "BragPokerRules",
    "read_brag_poker",
    "replay_brag_poker",
    "write_brag_poker",
]

FIRST_ROUND = "first round"
DRAW = "draw"
SECOND_ROUND = "second round"
OVER = "over"
_ROUNDS: Final = (FIRST_ROUND, SECOND_ROUND)

#: The verbs of 3 Card Brag Poker: the betting (P2, P4), look (P5) and draw (P3).
VERBS: Final = frozenset((*ROUND_VERBS, Verb.LOOK, Verb.DRAW))
_LOOK: Final = Verb.LOOK
_DRAW: Final = Verb.DRAW
_LOOKS: Final = (_LOOK,)
_BET: Final = Verb.BET
_RAISE: Final = Verb.RAISE
_DRAWS: Final = (_DRAW,)
_DRAW_LOOK: Final = (_DRAW, _LOOK)
#: The round's verbs for a player who has not looked (BragPoker._menu_verbs): no bet or raise
#: (P5), and the look.
_UNSEEN: Final[dict[tuple[Verb, ...], tuple[Verb, ...]]] = {
    verbs: (*(v for v in verbs if v not in (_BET, _RAISE)), _LOOK) for verbs in ROUND_MENUS}


#: Sets an option's cards through its slot (:func:`_draw`: the option is new, not yet shared).
_set_cards: Final = LegalAction.__dict__["cards"].__set__


def _draw(player: str, cards: tuple[Card, ...]) -> LegalAction:
    """``LegalAction(player=player, verb=draw, min_amount=n, max_amount=n, cards=cards)``
    with ``n`` the number of cards, made fast (speed: most hands met at a draw are new, and
    the keyword ``__init__`` of a frozen dataclass costs a call per field)."""
    count = len(cards)
    made = amount_option(player, _DRAW, count, count)
    _set_cards(made, cards)
    return made


@functools.lru_cache(maxsize=1024)
def _draw_kept(player: str, cards: tuple[Card, ...]) -> LegalAction:
    """The draw of none or one card, made once and shared (they recur deal after deal)."""
    return _draw(player, cards)


@functools.lru_cache(maxsize=4096)
def _draws(player: str, hand: tuple[Card, ...]) -> tuple[LegalAction, ...]:
    """Rule P3: the draws of ``player`` holding ``hand``, none to three cards, each naming its
    discards, in the order of :func:`itertools.combinations` (made once and shared: options
    are frozen; those of none or one card are met again at other hands)."""
    return tuple(_draw_kept(player, cs) if n < 2 else _draw(player, cs)
                 for n in range(len(hand) + 1) for cs in combinations(hand, n))


@dataclass(frozen=True, kw_only=True, slots=True)
class BragPokerRules:
    """The options of 3 Card Brag Poker (rules P1–P5).

    ``small_blind`` and ``big_blind`` (P1); the bet of the first round is twice the big blind
    (P2), of the second round twice that (P4); ``max_raises`` caps the raises of a round while
    more than two players are in (P2, P4; ``None``: no cap); ``half_price`` lets a player who has
    not looked call for half (P5).

    >>> rules = BragPokerRules(big_blind=3)
    >>> rules.small_bet, rules.big_bet
    (6, 12)
    >>> BragPokerRules(small_blind=3, big_blind=2)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: the small blind 3 is more than the big blind 2
    """

    small_blind: int = field(default=1, metadata={
        "rule": "P1", "meaning": "the small blind", "min": 1, "max": MAX_CHIPS})
    big_blind: int = field(default=2, metadata={
        "rule": "P1", "meaning": "the big blind (bets are twice it, then four times it)", "min": 1,
        "max": MAX_CHIPS})
    max_raises: int | None = field(default=3, metadata={
        "rule": "P2",
        "meaning": "the most raises a round while more than two are in (empty: no cap)", "min": 0,
        "max": 1000})
    half_price: bool = field(default=True, metadata={
        "rule": "P5", "meaning": "a player who has not looked calls for half"})

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise RulesError(f"{name} must be a whole number of at least 1, not {value!r}")
        if self.small_blind > self.big_blind:
            raise RulesError(f"the small blind {self.small_blind} is more than the big blind "
                             f"{self.big_blind}")
        if self.max_raises is not None and (type(self.max_raises) is not int
                                            or self.max_raises < 0):
            raise RulesError(f"max_raises must be a whole number (or no cap), not "
                             f"{self.max_raises!r}")
        if type(self.half_price) is not bool:
            raise RulesError("half_price is true or false")

    @property
    def small_bet(self) -> int:
        """The fixed bet and raise of the first round: twice the big blind (P2)."""
        return 2 * self.big_blind

    @property
    def big_bet(self) -> int:
        """The fixed bet and raise of the second round: twice the first round's (P4)."""
        return 4 * self.big_blind

    def limits(self, second: bool) -> Limits:
        """The sizes of the first (P2) or second (P4) round (one frozen object for the same
        rules and round: made once, as every deal asks)."""
        return _limits(self, second)

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (the ``[rules]`` table of a record).

        TOML has no null, so "no cap on raises" is written ``max_raises = false``.

        >>> BragPokerRules(max_raises=None, big_blind=4).to_dict()
        {'big_blind': 4, 'max_raises': False}
        """
        out = changed_options(self)
        if "max_raises" in out and out["max_raises"] is None:
            out["max_raises"] = False
        return out

    @classmethod
    def from_dict(cls, table: Mapping[str, Any]) -> BragPokerRules:
        """Rules from a ``[rules]`` table; an unknown key is a :class:`RulesError`.

        >>> BragPokerRules.from_dict({"ante": 1})
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: unknown brag-poker rule(s): ante
        """
        values = known_options(cls, table, what="brag-poker rule(s)")
        if values.get("max_raises", 0) is False:
            values["max_raises"] = None
        return cls(**values)


@functools.lru_cache(maxsize=256)
def _limits(rules: BragPokerRules, second: bool) -> Limits:
    size = rules.big_bet if second else rules.small_bet
    rule = "P4" if second else "P2"
    return Limits(min_bet=size, max_bet=size, min_raise=size, max_raise=size, rule=rule,
                  max_raises=rules.max_raises, cap_rule=rule, half_price=rules.half_price)


#: The sizes of both rounds of each rules object met, by its identity, with the object kept
#: (speed: a deal's rules are one shared object; a cache keyed by the rules would hash the
#: dataclass, a Python call, at every deal), at most :data:`_MOST_SIZES` of them.
_SIZES: dict[int, tuple[BragPokerRules, Limits, Limits]] = {}
_MOST_SIZES: Final = 64


def _sizes(rules: BragPokerRules) -> tuple[BragPokerRules, Limits, Limits]:
    """``rules`` and the sizes of its first (P2) and second (P4) rounds."""
    found = _SIZES.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_SIZES) >= _MOST_SIZES:
            _SIZES.clear()
        found = _SIZES[id(rules)] = (rules, rules.limits(False), rules.limits(True))
    return found


_DEFAULT_RULES: Final = BragPokerRules()
#: The records that open each phase (frozen, the same in every deal).
_BLINDS_STARTED: Final = phase_started("blinds")
_FIRST_STARTED: Final = phase_started(FIRST_ROUND)
_DRAW_STARTED: Final = phase_started(DRAW)
_SECOND_STARTED: Final = phase_started(SECOND_ROUND)


class BragPoker(StakeGame[BragPokerRules]):
    """One deal of 3 Card Brag Poker (rules P1–P5).

    * P1: the player left of the dealer posts the small blind, the next the big blind (with two
      players the dealer is the big blind). A poster who cannot afford the blind is a
      :class:`RulesError`. Three cards each are dealt face down, one at a time from the dealer's
      left; every player starts without looking.
    * P2: the first round starts left of the big blind; calls, and raises of exactly twice the
      big blind; the big blind may check or raise when only called. At most ``max_raises``
      raises while more than two players are in (the big blind is the round's bet, so: blind,
      raise, raise, raise).
    * P3: then each player still in, from the dealer's left, discards none to three cards
      (``"Ann draw 2 Kd 7c"``, ``"Ann draw 0"``) and is dealt replacements at once from the
      top of the pack. Discards lie face down. At most eight players, so the pack always has the
      replacements.
    * P4: a second round from the first player in left of the dealer: check or bet, then calls
      and raises, all of twice the first round's size, the same cap. Then the hands still in are
      shown; the best in the standard Brag order (H2–H8) takes the pot; exactly equal best hands
      split it, odd chips one each to the tied players nearest the dealer's left ([decision]).
    * P5: a player who has not looked calls for half price, rounded up. [decision] Such a player
      may only check, call or drop, and discards nothing (``draw 0``): to bet, raise or discard
      they look first. Anyone may look before the first voluntary action of the first round;
      after that, only at their own turn (as BL6). A player who has not looked sees none of
      their own cards.
    * There is no all-in: a player who cannot afford a call must drop ([decision]).
    """

    # the deal's own state in slots (speed: the base's attributes stay few enough for Python
    # to keep them inline, and a slot is read without a dictionary)
    __slots__ = ("_drawers", "_is_unseen", "_opener", "_phase", "_unseen", "_voluntary",
                 "betting", "big_blind", "discards", "drawn", "looked", "showdown",
                 "small_blind")

    game: ClassVar[str] = "brag-poker"
    VERBS: ClassVar[frozenset[Verb]] = VERBS
    MENU: ClassVar[tuple[Verb, ...]] = (*ROUND_VERBS, Verb.DRAW, Verb.LOOK)
    OUT_OF_TURN: ClassVar[tuple[Verb, ...]] = (Verb.LOOK,)
    RULE: ClassVar[str] = "P4"
    SEATS: ClassVar[tuple[int, int]] = (2, 8)
    SEATS_RULE: ClassVar[str] = "P3"

    def record_text(self) -> str | None:
        """The finished deal as a ``brag-poker/1`` record (None while it is under way)."""
        return write_brag_poker(self) if self.over else None

    def aids(self) -> frozenset[str]:
        """Cards picked to throw away at the draw (P3)."""
        return frozenset(("pick",))

    @classmethod
    def default_rules(cls) -> BragPokerRules:
        """The defaults of P1–P5: blinds 1 and 2, three raises, half-price calls (one frozen
        object, shared)."""
        return _DEFAULT_RULES

    def _start(self) -> None:
        """Rule P1: the blinds, three cards each from the dealer's left, the first round."""
        rules = self.rules
        money = self.money
        order = self.deal_order  # from the dealer's left (D3): the blinds, then the first to act
        small = self.small_blind = order[0]
        big = self.big_blind = order[1]  # with two players, the dealer
        small_amount, big_amount = rules.small_blind, rules.big_blind
        for player, amount in ((small, small_amount), (big, big_amount)):
            if money.stacks[player] < amount:
                raise RulesError(f"{player} cannot post the blind of {amount} (rule P1)")
        self.looked: set[str] = set()
        # who has not looked (P5): the betting rounds read it through the set's own method, with
        # no reference back to the deal (no cycle: a finished deal is freed at once)
        self._unseen: set[str] = set(order)
        self._is_unseen: Callable[[str], bool] = self._unseen.__contains__
        self.discards: dict[str, list[Card]] = {p: [] for p in self.players}
        self.drawn: dict[str, int] = {}
        self.showdown: list[tuple[str, HandRank]] = []
        self._voluntary = False  # whether anyone has acted but by looking (BL5)
        self._drawers: list[str] = []
        self._opener = ""  # the first to bet in the second round (P4)
        self._phase = FIRST_ROUND
        ops = self._ops
        ops.append(_BLINDS_STARTED)
        money.pay(small, small_amount, "pot")  # rule P1
        ops.append(posted(small, small_amount, "pot", "small blind"))
        money.pay(big, big_amount, "pot")
        ops.append(posted(big, big_amount, "pot", "big blind"))
        self._deal_round(3, owner_sees=False)  # rule P5: unseen until they look
        ops.append(_FIRST_STARTED)
        self.betting = self._open_round(BettingRound(
            seats=self.players, first=order[2 % len(order)], money=money, pot="pot",
            limits=_sizes(rules)[1], levels={small: small_amount, big: big_amount},
            blind=self._is_unseen, first_staked=(small, big)))

    def sees_own(self, viewer: str) -> bool:
        """A player sees their own cards once they have looked (P5)."""
        return viewer in self.looked

    # -- state ------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"first round"``, ``"draw"``, ``"second round"`` or ``"over"``."""
        return self._phase

    @property
    def in_play(self) -> tuple[str, ...]:
        """The players still in the deal."""
        return self.betting.in_play

    def _verify(self, player: str, verb: Verb) -> Verdict:
        """A look (P5, BL5), the betting of a round (P2, P4), the draw (P3, P5)."""
        if verb is _LOOK:
            if player in self.looked:
                return IllegalActionError(f"{player} has already looked", rule="P5")
            if not self.betting.is_in(player):
                return IllegalActionError(f"{player} has dropped", rule="B11")
            if (self._phase != FIRST_ROUND or self._voluntary) and player != self.to_act:
                return IllegalActionError(f"{player} may look only at their own turn once the "
                                          "betting has begun", rule="BL5")
            return (option(player, verb),)
        if self._phase != DRAW:
            verdict = self.betting.verify(player, verb)
            return (verdict,) if type(verdict) is LegalAction else verdict  # type: ignore
        if player != self.to_act:
            return IllegalActionError(f"it is {self.to_act}'s turn to draw, not {player}'s",
                                      rule="B11")
        if verb is not _DRAW:
            return IllegalActionError(f"now each player draws: not {verb}", rule="P3")
        return self._draw_options(player)

    def _draw_options(self, player: str) -> Sequence[LegalAction]:
        """The draws of the player to draw (P3), as kept (frozen, shared: not to be changed)."""
        if player not in self.looked:  # rule P5 [decision]: a player who has not looked
            return (option(player, _DRAW, 0, 0),)
        return _draws(player, tuple(self.hands[player]))  # rule P3: none to three cards

    def _menu_verbs(self, to_act: str) -> tuple[Verb, ...]:
        """The verbs the state may allow, in menu order: the draw (P3) or the round's (P2,
        P4), and a look while unseen; a player who has not looked neither bets nor raises
        (P5: the verifier would refuse). The verifier still decides each."""
        if to_act in self.looked:
            return _DRAWS if self._phase == DRAW else self.betting.menu_verbs(to_act)
        if self._phase == DRAW:
            return _DRAW_LOOK
        return _UNSEEN[self.betting.menu_verbs(to_act)]

    def _turn_options(self, to_act: str) -> Sequence[LegalAction]:
        """The draws (P3), or in a round the betting's verdicts in one step (what
        :meth:`_verify` asks it verb by verb: a player who has not looked neither bets nor
        raises, P5); then the look."""
        unseen = to_act in self._unseen  # _verify's look: still in, and their own turn (P5)
        if self._phase is not DRAW:
            menu = self.betting.menu(to_act)  # (the round's kept tuple: no copy)
            return (*menu, option(to_act, _LOOK)) if unseen else menu
        draws = self._draw_options(to_act)
        return (*draws, option(to_act, _LOOK)) if unseen else draws

    def _turn_now(self) -> tuple[str | None, str]:
        phase = self._phase
        if phase is DRAW:
            return self._drawers[0], phase
        return None if phase is OVER else self.betting.to_act, phase

    def _misfit(self, action: Action, options: Sequence[LegalAction]) -> IllegalActionError:
        if self._phase != DRAW:
            return self.betting.misfit(action, options[0])
        player, count = str(action.player), action.amount
        if count is None:
            return IllegalActionError("say how many cards: draw 0, or draw 2 Kd 7c", rule="P3")
        if count and player not in self.looked:
            return IllegalActionError(f"{player} has not looked: look before discarding",
                                      rule="P5")
        if count > 3:
            return IllegalActionError(f"at most three cards are drawn, not {count}",
                                      rule="P3")
        if len(action.cards) != count:
            return IllegalActionError(f"name the {count} discard(s): draw {count} and the "
                                      "cards", rule="P3")
        missing = [c for c in action.cards if c not in self.hands[player]]
        return IllegalActionError(f"{player} does not hold {format_cards(missing)}", rule="P3")

    def _do(self, action: Action) -> None:
        verb = action.verb
        if verb is _LOOK:
            player = str(action.player)
            self.looked.add(player)
            self._unseen.discard(player)
            ops = self._ops
            ops.append(acted(action))
            ops.append(revealed(player, tuple(self.hands[player])))
            return
        if verb is _DRAW:
            self._draw(action)
            return
        betting = self.betting
        paid = betting.play(action)
        self._voluntary = True
        self._ops.append(acted(action, paid))
        if betting.to_act is None:  # the round is over
            self._end_round(betting.in_play)

    def _draw(self, action: Action) -> None:
        player = str(action.player)
        self._ops.append(acted(action))
        cards = action.cards
        if cards:  # rule P3: discards face down, replacements from the top
            hand = self.hands[player]
            for card in cards:
                hand.remove(card)
            self.discards[player] += cards
            for _ in cards:
                self._deal(player)  # the drawer has looked (P5): they see their new cards
        self.drawn[player] = len(cards)
        drawers = self._drawers
        del drawers[0]
        if not drawers:
            self._start_second_round()

    def _end_round(self, in_play: tuple[str, ...]) -> None:
        """The betting round is over with ``in_play`` still in: one left takes the pot; else
        the draw (P3) or the showdown (P4)."""
        if len(in_play) == 1:
            self._phase = OVER
            self._award("pot", {in_play[0]: self.money.pots["pot"]}, "everyone else dropped")
        elif self._phase is FIRST_ROUND:
            self._phase = DRAW
            self._ops.append(_DRAW_STARTED)
            self._drawers = [p for p in self.deal_order if p in in_play]
            self._opener = self._drawers[0]  # nobody drops at the draw: P4's first to bet
        else:
            self._showdown(in_play)

    def _start_second_round(self) -> None:
        """Rule P4: the second round, from the first player in left of the dealer."""
        self._phase = SECOND_ROUND
        self._ops.append(_SECOND_STARTED)
        self.betting = self._open_round(BettingRound(
            seats=self.players, first=self._opener, in_play=self.betting.in_play,
            money=self.money, pot="pot", limits=_sizes(self.rules)[2],
            blind=self._is_unseen))

    def _showdown(self, in_play: tuple[str, ...]) -> None:
        """Rule P4: the best Brag hand (H2–H8) of those ``in_play`` wins; ties split, odd chips
        from the dealer's left."""
        self._phase = OVER
        hands = self.hands
        showdown = self.showdown
        ops = self._ops
        for player in self.deal_order:
            if player in in_play:
                cards = tuple(hands[player])
                rank = evaluate(cards)
                self.shown[player] = cards
                showdown.append((player, rank))
                ops.append(shown(player, cards, str(rank)))
        top = max(rank.value for _, rank in showdown)  # one ordering: values order them
        tied = [p for p, rank in showdown if rank.value == top]
        pot = self.money.pots["pot"]
        self._award("pot", split_evenly(pot, tied), "best hand" if len(tied) == 1
                    else "equal best hands split the pot")

    def _stake_levels(self) -> dict[str, int]:
        return dict(self.betting.levels) if self._phase in _ROUNDS else {}

    def _in_play(self) -> tuple[str, ...]:
        return self.betting.in_play

    def _extra(self) -> dict[str, Any]:
        """The engine's side of what :meth:`_fold_extra` folds (for the property tests)."""
        return {"small_blind": self.small_blind, "big_blind": self.big_blind,
                "drawn": dict(self.drawn), "raises": self.betting.raises}

    def _fold_extra(self, viewer: str | None, folded: StakeFold,
                    log: Sequence[Operation]) -> dict[str, Any]:
        """The blinds (P1), how many each drew (P3), the raises of the round (P2, P4) and the
        viewer's own discards, from the log."""
        blinds = {op.reason: op.player for op in log if type(op) is Posted}
        drawn: dict[str, int] = {}
        discards: list[str] = []
        for op in log:
            if type(op) is Acted and op.action.verb is _DRAW:
                action = op.action
                drawn[str(action.player)] = action.amount or 0
                if action.player == viewer:
                    discards += [str(c) for c in action.cards]
        return {"small_blind": blinds["small blind"], "big_blind": blinds["big blind"],
                "drawn": drawn, "raises": folded.raises(log), "discards": discards}


# --------------------------------------------------------------------------------------------
# Records: format = "brag-poker/1" (docs/records-historic-brag-poker.md)


class BragPokerReplay(StakeReplay[BragPoker]):
    """A 3 Card Brag Poker record played through the engine."""

    FORMAT_NAME: ClassVar[str] = "brag-poker"

    def _title(self) -> str:
        rules = self.game.rules
        return (f"3 Card Brag Poker; {self.game.dealer} deals; blinds {rules.small_blind}/"
                f"{rules.big_blind}, bets {rules.small_bet} then {rules.big_bet}")

    def to_json(self) -> dict[str, Any]:
        """The result (fields listed in docs/records-historic-brag-poker.md)."""
        game = self.game
        pot = sum(game.winners.values()) if game.over else game.money.pots["pot"]
        return {**super().to_json(), "pot": pot}


def write_brag_poker(game: BragPoker) -> str:
    """The record of a deal (played or in progress) as TOML text."""
    return BragPokerReplay(game).to_toml()


def replay_brag_poker(document: Mapping[str, Any]) -> BragPokerReplay:
    """Play a parsed ``brag-poker/1`` record; a bad record raises :class:`NotationError` and an
    illegal action :class:`IllegalActionError` naming the action's number and text."""
    spec = read_table(document, format_name="brag-poker")
    return BragPokerReplay(play_record(spec, BragPoker, BragPokerRules.from_dict))


def read_brag_poker(text: str) -> BragPokerReplay:
    """Read and play a ``brag-poker/1`` record from TOML text, bounded before it is parsed
    (:func:`bragkit.records.parse`)."""
    return replay_brag_poker(parse(text))


def _write(record: BragPoker | BragPokerReplay) -> str:
    return write_brag_poker(record.game if isinstance(record, BragPokerReplay) else record)


def _steps(document: Mapping[str, Any]) -> tuple[DealSteps[BragPoker]]:
    spec = read_table(document, format_name="brag-poker")
    return (record_steps(spec, BragPoker, BragPokerRules.from_dict, game="brag-poker"),)


register("brag-poker", replay_brag_poker, read=read_brag_poker, write=_write,
         writes=(BragPoker, BragPokerReplay), steps=_steps)


def _start(players: Sequence[str], rules: BragPokerRules, rng: random.Random) -> BragPoker:
    """A deal for the registry: 100 chips each (or 25 big blinds), the dealer cut at random
    (D3)."""
    stack = max(100, 25 * rules.big_blind)
    # rng.choice(players) draws as players[rng.randrange(len(players))] does, in one call
    return BragPoker(rules, players=players, dealer=rng.choice(players),
                     stacks=[stack] * len(players), rng=rng, own_rng=True)


def _big_blind(rules: BragPokerRules) -> int:
    return rules.big_blind


def _blinds_at(rules: BragPokerRules, big_blind: int) -> BragPokerRules:
    """The blinds of a rising level: the big blind, the small blind half of it (at least 1)."""
    return replace(rules, small_blind=max(1, big_blind // 2), big_blind=big_blind)


#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="brag-poker", title="3 Card Brag Poker",
             summary="blinds, fixed-limit betting, a draw, half-price calls unseen (rules P1-P5)",
             rules=BragPokerRules, start=_start, seats=BragPoker.SEATS,
             record_format="brag-poker", aliases=("3-card-brag-poker",),
             dealing=functools.partial(StakeDealing, BragPoker), picture="stake",
             out_word="dropped",  # P2: a player drops
             ante=Ante(name="big blind", of=_big_blind, at=_blinds_at, cost=_big_blind)),
)
