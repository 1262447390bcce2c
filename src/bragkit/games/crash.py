"""Crash, thirteen-card Brag (rules C1–C6): four hands each, a point a round, game to 15.

There is no betting. Each player is dealt thirteen cards and sorts them into up to four hands —
three cards, or a four of a kind as a hand of four — discarding the rest (C2). Before play a
player may call "crash", predicting they will win all four rounds (C5). Then the hands are played
best first, and each round's best hand scores a point; a tie scores nothing (C4).

>>> game = CrashGame(players=["Ann", "Bob"], dealer="Bob", deals=[{
...     "Ann": "4s 4h 4d 4c As Ah Ad Ks Kh Kd Qs Qh 2c",
...     "Bob": "3s 3h 3d Js Ts 9s Jh Th 9h 8c 7c 6c 2d"}])
>>> game.to_act, game.phase
('Ann', 'arrange')
>>> [option] = game.legal_actions()    # one option: arrange, one of 200,480 ways (C2)
>>> str(option), str(option.choices[0])
('Ann arranges (1 of 200480)', 'Ann arranges As Ah Kd | Ks Kh Qh | Qs 4d 4c | 4s 4h 2c')
>>> game.apply("Ann arranges As Ah Ad | 4s 4h 4d 4c | Ks Kh Kd | Qs Qh 2c")
>>> game.apply("Bob arranges 3s 3h 3d | Js Ts 9s | Jh Th 9h | 8c 7c 6c")
>>> [str(option) for option in game.legal_actions()]      # rule C5
['Ann crash', 'Ann pass']
>>> game.apply("Ann crash")
>>> game.apply("Bob pass")
>>> game.scores   # rule C4: 4444 beats 333, AAA beats JT9, KKK beats JT9, 876 beats QQ2
{'Ann': 3, 'Bob': 1}
>>> game.nets     # rule C5: Ann called and missed, so she pays Bob 1
{'Ann': -1, 'Bob': 1}

**Decisions** (RULES.md leaves them open):

- *Order of play*: each player in turn from the dealer's left arranges their cards (hidden);
  when all have arranged, each in the same order calls ``crash`` or ``pass`` (C5: "before
  play"; a crash call needs four hands). The rounds are then played out at once, every player's
  hands best first (C4); the hands are shown, the discards never are.
- *Rounds*: round *k* compares every *k*-th hand; a player with fewer hands sits the round out.
  The best hand outright scores one point; a tie for the best scores nothing (C4).
- *Crash money* (C5): called and made, each other player pays ``crash_reward`` (2); made
  without calling (won all four rounds), each other player pays ``natural_reward`` (1); called
  and missed, the caller pays ``crash_penalty`` (1) to each other player.
- *End of the game* (C6): checked at the end of each deal (crash money is settled per deal); the
  game ends when someone has at least ``target`` points and more than anyone else. Option
  ``stake`` (default 0: the sources put money only on crashes) adds a payment per point
  behind the winner, as in Nine Card Brag (N7). Money is settled in the fewest payments
  (:func:`bragkit.ledger.settle`).
- *Order of hands* (C3): the standard order with four of a kind above it (4-4-4-4 best, then
  A-A-A-A, K-K-K-K …); option ``aces_high`` makes prials aces high (ordering
  ``crash-aces-high``). Option ``min_category``: ``"high-card"`` (default), ``"pair"`` or
  ``"flush"``: a hand below it is not accepted, so a player may have fewer than four (C4).
- *The deal*: one pack, thirteen cards each, one at a time from the dealer's left; the first
  dealer is given or cut at random; the deal passes to the left; every deal is shuffled.

Records: ``format = "crash/1"``, documented in ``docs/records-nine-card-crash.md``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

from bragkit.actions import Action, LegalAction, Verb, choices_option
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games import arrange
from bragkit.games.crash_choices import ArrangementChoices, Picked
from bragkit.games.house_rules import changed_options, known_options
from bragkit.games.op_records import positional
from bragkit.games.points_game import (
    CardsDealt,
    DealStarted,
    GameWon,
    PointsFold,
    PointsGame,
    PointsResult,
    left_of,
    seats_from,
    strategy_scores,
)
from bragkit.games.points_game import DealEnded as PointsDealEnded
from bragkit.games.points_records import PointsRecord, PointsReplay, deal_sources, register_format
from bragkit.games.points_session import PointsDealing
from bragkit.games.protocol import Operation
from bragkit.games.registry import GameInfo
from bragkit.games.three_card.rules import MAX_CHIPS
from bragkit.games.wording import inner, says, whom
from bragkit.hands import Category, Ordering
from bragkit.records import format_name

__all__ = [
    "GAMES",
    "VERBS",
    "Arranged",
    "ArrangementChoices",
    "Called",
    "CrashGame",
    "CrashPaid",
    "CrashRecord",
    "CrashReplay",
    "CrashResult",
    "CrashRules",
    "CrashView",
    "DealEnded",
    "DealStarted",
    "GameWon",
    "HandsDealt",
    "RoundPlayed",
    "compare_strategies",
    "strong_action",
]

_FLOORS = {"high-card": Category.HIGH_CARD, "pair": Category.PAIR, "flush": Category.FLUSH}
#: The verbs of Crash: ``"Ann arranges Ks Kh Kd | 7s 7h 7d 7c"`` (C2), ``"Ann crash"`` and
#: ``"Ann pass"`` (C5).
VERBS: Final = frozenset({Verb.ARRANGES, Verb.CRASH, Verb.PASS})
_ARRANGES: Final = Verb.ARRANGES
_CRASH: Final = Verb.CRASH


# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True, kw_only=True, slots=True)
class CrashRules:
    """The house rules of Crash, fixed before play (RULES.md C1–C6).

    >>> CrashRules(min_category="pair").floor
    <Category.PAIR: 1>
    >>> CrashRules(aces_high=True).ordering
    <Ordering.CRASH_ACES_HIGH: 'crash-aces-high'>
    >>> CrashRules(min_category="run")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: min_category must be high-card, pair or flush, not 'run' (rule C4)
    """

    target: int = field(default=15, metadata={
        "rule": "C6", "meaning": "points that win the game", "min": 1, "max": MAX_CHIPS})
    """Points that win the game (C6)."""
    min_category: str = field(default="high-card", metadata={
        "rule": "C4", "meaning": "the least hand accepted", "choices": ("high-card", "pair",
        "flush")})
    """The least hand accepted: ``"high-card"``, ``"pair"`` or ``"flush"`` (C4)."""
    aces_high: bool = field(default=False, metadata={"rule": "C3", "meaning": "prials aces high"})
    """Prials aces high (the house option of C3)."""
    crash_reward: int = field(default=2, metadata={
        "rule": "C5", "meaning": "paid by each other player for a crash called and made", "min": 0,
        "max": MAX_CHIPS})
    """Paid by each other player for a crash called and made (C5)."""
    natural_reward: int = field(default=1, metadata={
        "rule": "C5", "meaning": "paid by each other player for four rounds won without a call",
        "min": 0, "max": MAX_CHIPS})
    """Paid by each other player for all four rounds won without a call (C5)."""
    crash_penalty: int = field(default=1, metadata={
        "rule": "C5", "meaning": "paid to each other player for a crash called and missed",
        "min": 0, "max": MAX_CHIPS})
    """Paid to each other player for a crash called and missed (C5)."""
    stake: int = field(default=0, metadata={
        "rule": "C6", "meaning": "paid per point behind the winner at the end", "min": 0,
        "max": MAX_CHIPS})
    """Paid per point behind the winner at the end [decision]; 0 by default."""

    def __post_init__(self) -> None:
        if type(self.target) is not int or self.target < 1:
            raise RulesError(f"target must be a whole number of at least 1: {self.target!r} "
                             "(rule C6)")
        if self.min_category not in _FLOORS:
            raise RulesError(f"min_category must be high-card, pair or flush, not "
                             f"{self.min_category!r} (rule C4)")
        if type(self.aces_high) is not bool:
            raise RulesError(f"aces_high must be true or false: {self.aces_high!r} (rule C3)")
        for name, rule in (("crash_reward", "C5"), ("natural_reward", "C5"),
                           ("crash_penalty", "C5"), ("stake", "C6")):  # as their metadata
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise RulesError(f"{name} must be a whole number, 0 or more: {value!r} "
                                 f"(rule {rule})")

    @property
    def floor(self) -> Category:
        """The least category accepted (C4)."""
        return _FLOORS[self.min_category]

    @property
    def ordering(self) -> Ordering:
        """The order of hands (C3)."""
        return Ordering.CRASH_ACES_HIGH if self.aces_high else Ordering.CRASH

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (the record's ``[rules]`` table).

        >>> CrashRules(target=10, aces_high=True).to_dict()
        {'target': 10, 'aces_high': True}
        """
        return changed_options(self)

    @classmethod
    def from_dict(cls, options: Mapping[str, Any]) -> CrashRules:
        """Rules from a ``[rules]`` table; an unknown key is a RulesError naming it."""
        return cls(**known_options(cls, options))


# ---------------------------------------------------------------------------------------------
# Operations (DealStarted and GameWon: bragkit.games.points_game)


@dataclass(frozen=True, kw_only=True, slots=True)
class HandsDealt(CardsDealt):
    """A player's thirteen cards, in the order dealt (seen by that player only, C1)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Arranged(Operation):
    """A player arranged their hands, best first (C2, C4). Only they see the hands and
    discards here: anyone else gets ``hands`` and ``discards`` None (the hands are shown when
    played, :class:`RoundPlayed`; the discards never are).

    >>> from bragkit.cards import parse_cards
    >>> op = Arranged(deal=1, player="Ann", hands=(parse_cards("As Ah Ad"),), discards=())
    >>> op.censored("Ann") is op, str(op.censored("Bob")), str(op.censored(None))
    (True, 'Ann arranges', 'Ann arranges')
    """

    deal: int
    player: str
    hands: tuple[tuple[Card, ...], ...] | None
    discards: tuple[Card, ...] | None

    def censored(self, viewer: str | None) -> Arranged:
        """The record for its player; without the cards for anyone else."""
        if viewer == self.player or self.hands is None:
            return self
        return replace(self, hands=None, discards=None)

    def __str__(self) -> str:
        if self.hands is None:
            return f"{self.player} arranges"
        return f"{self.player} arranges " + " | ".join(format_cards(h) for h in self.hands)

    def words(self, viewer: str | None) -> str:
        hands = "" if self.hands is None else " " + " | ".join(
            format_cards(h) for h in self.hands)
        return says(self.player, viewer, f"arranges{hands}")


@dataclass(frozen=True, kw_only=True, slots=True)
class Called(Operation):
    """A player called crash, or passed (C5)."""

    deal: int
    player: str
    crash: bool

    def __str__(self) -> str:
        return f"{self.player} {'calls crash' if self.crash else 'passes'}"

    def words(self, viewer: str | None) -> str:
        """"You call crash (C5)", "Ann passes (C5)"."""
        return says(self.player, viewer, f"{'calls crash' if self.crash else 'passes'} (C5)")


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundPlayed(Operation):
    """A round: every player's hand of that rank shown, and the winner (None on a tie, C4);
    public."""

    deal: int
    round: int
    hands: tuple[tuple[str, tuple[Card, ...], str], ...]
    winner: str | None

    def __str__(self) -> str:
        shown = "; ".join(f"{p} {format_cards(c)} ({d})" for p, c, d in self.hands)
        won = f"{self.winner} scores" if self.winner else "a tie: nobody scores"
        return f"round {self.round}: {shown} — {won}"

    def words(self, viewer: str | None) -> str:
        """Each hand with its name (C3, D8), then who scores: "you score" for the reader."""
        shown = "; ".join(f"{whom(p, viewer)} {format_cards(c)} ({d})" for p, c, d in self.hands)
        won = inner(self.winner, viewer, "scores") if self.winner else "a tie: nobody scores"
        return f"round {self.round}: {shown} — {won}"


@dataclass(frozen=True, kw_only=True, slots=True)
class CrashPaid(Operation):
    """Crash money (C5): ``each`` is what every other player pays ``player`` (negative: what
    ``player`` pays each of them)."""

    deal: int
    player: str
    called: bool
    made: bool
    each: int

    def __str__(self) -> str:
        what = ("called crash and made it" if self.called and self.made else
                "won every round without calling" if self.made else "called crash and missed")
        if self.each >= 0:
            return f"{self.player} {what}: each other player pays {self.each}"
        return f"{self.player} {what}: pays each other player {-self.each}"

    def words(self, viewer: str | None) -> str:
        """"You called crash and missed: you pay each other player 3" (C5)."""
        what = ("called crash and made it" if self.called and self.made else
                "won every round without calling" if self.made else "called crash and missed")
        head = says(self.player, viewer, what)
        if self.each >= 0:
            return f"{head}: each other player pays {whom(self.player, viewer)} {self.each}"
        return f"{head}: {inner(self.player, viewer, f'pays each other player {-self.each}')}"


@dataclass(frozen=True, kw_only=True, slots=True)
class DealEnded(PointsDealEnded):
    """A deal is over; ``scores`` are the game totals, ``nets`` the money so far."""

    nets: tuple[tuple[str, int], ...]


#: The records made without their keyword ``__init__`` (speed: every deal logs them).
_arranged: Final = positional(Arranged)  # (deal, player, hands, discards)
_called: Final = positional(Called)  # (deal, player, crash)
_round_played: Final = positional(RoundPlayed)  # (deal, round, hands, winner)
_deal_ended: Final = positional(DealEnded)  # (deal, scores, nets)
_crash_paid: Final = positional(CrashPaid)  # (deal, player, called, made, each)


@functools.lru_cache(maxsize=1024)
def _call_menus(player: str) -> tuple[list[LegalAction], list[LegalAction]]:
    """The menus of ``player``'s call (C5): with fewer than four hands, ``pass``; with four,
    ``crash`` or ``pass`` (frozen options, shared by every game: made once for a name)."""
    return ([LegalAction(player=player, verb=Verb.PASS)],
            [LegalAction(player=player, verb=verb) for verb in (Verb.CRASH, Verb.PASS)])


# ---------------------------------------------------------------------------------------------
# Views and results


@dataclass(frozen=True, kw_only=True)
class CrashView:
    """The game as one player (or a spectator) may know it: their own cards and arrangement;
    other players' hands only once played; nobody's discards."""

    viewer: str | None
    players: tuple[str, ...]
    dealer: str
    deal: int
    phase: str
    to_act: str | None
    scores: Mapping[str, int]
    nets: Mapping[str, int]
    cards: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...] | None
    arranged: tuple[str, ...]
    calls: Mapping[str, bool]
    legal_actions: tuple[LegalAction, ...]
    operations: tuple[Operation, ...]
    is_over: bool
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-able data (cards as text; in the arrange phase ``legal_actions``
        holds just the verbs, the arrangements being many)."""
        return {
            "viewer": self.viewer,
            "players": list(self.players),
            "dealer": self.dealer,
            "deal": self.deal,
            "phase": self.phase,
            "to_act": self.to_act,
            "scores": dict(self.scores),
            "nets": dict(self.nets),
            "cards": format_cards(self.cards),
            "hands": None if self.hands is None else [format_cards(h) for h in self.hands],
            "arranged": list(self.arranged),
            "calls": dict(self.calls),
            "legal_actions": [option.verb.value if option.choices is not None
                              else str(option) for option in self.legal_actions],
            "log": [str(op) for op in self.operations],
            "is_over": self.is_over,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], menu: Sequence[LegalAction] = (), *,
                  rules: CrashRules | None = None) -> CrashView:
        """The view back from :meth:`to_dict`'s data (a web table's ``deal``), with ``menu``
        for its legal actions; its ``operations`` are not in the data (none). An arrangement's
        choices (C2: too many for a table's state to list) are the arrangements of the
        viewer's cards under ``rules``' ordering and least hand, as the engine lists them.

        >>> from bragkit.games import new
        >>> game = new("crash", players=["Ann", "Bob"], seed=3)
        >>> view = game.view("Bob")
        >>> back = CrashView.from_dict(view.to_dict(), view.legal_actions)
        >>> back == replace(view, operations=())
        True
        >>> len(back.legal_actions[0].choices) == len(view.legal_actions[0].choices)
        True
        """
        hands = data["hands"]
        cards = parse_cards(data["cards"])
        rules = rules if rules is not None else CrashRules()
        menu = tuple(choices_option(o.player, o.verb, ArrangementChoices(
            o.player, cards, ordering=rules.ordering, floor=rules.floor))
            if o.verb is Verb.ARRANGES and o.player is not None else o for o in menu)
        return cls(
            viewer=data["viewer"], players=tuple(data["players"]), dealer=data["dealer"],
            deal=data["deal"], phase=data["phase"], to_act=data["to_act"],
            scores=dict(data["scores"]), nets=dict(data["nets"]),
            cards=cards,
            hands=None if hands is None else tuple(parse_cards(h) for h in hands),
            arranged=tuple(data["arranged"]), calls=dict(data["calls"]),
            legal_actions=tuple(menu), operations=(), is_over=data["is_over"],
            winner=data["winner"],
        )


@dataclass(frozen=True, kw_only=True)
class CrashResult(PointsResult):
    """A finished game: the winner, the scores, each player's net and the payments (C5, C6);
    ``winners`` maps the winner to their points."""


# ---------------------------------------------------------------------------------------------
# The game


class CrashGame(PointsGame[CrashRules, CrashResult]):
    """A game of Crash to ``rules.target`` points, deal after deal (C1–C6).

    Thirteen cards each from one pack (C1); each player arranges up to four hands (C2), calls
    crash or passes (C5), and the four rounds are played out, a point a round (C4). The deals,
    the dealers (the first is cut for at random when ``dealer`` is not given) and the end of the
    game (C6) are those of :class:`~bragkit.games.points_game.PointsGame`.
    """

    CARDS: ClassVar[int] = 13
    SEATS: ClassVar[tuple[int, int]] = (2, 4)
    SEATS_RULE: ClassVar[str] = "C1"
    DEAL_RULE: ClassVar[str] = "C1"
    NEXT_DEAL_RULE: ClassVar[str] = "C6"
    END_RULE: ClassVar[str] = "C6"
    VERBS: ClassVar[frozenset[Verb]] = VERBS
    GAME: ClassVar[str] = "Crash"
    _dealt_type: ClassVar[type[CardsDealt]] = HandsDealt
    _result_type = CrashResult

    @classmethod
    def default_rules(cls) -> CrashRules:
        """The defaults of :class:`CrashRules`: game to 15, crash money 2/1/1, no stake."""
        return CrashRules()

    def _setup(self) -> None:
        self._phase = "arrange"
        self._acted = 0  # how many have arranged (or called) in this phase: whose turn (C2, C5)
        self._cards: dict[str, tuple[Card, ...]] = {}
        #: Each arrangement made this deal, as a pick makes it: (action, hands, discards,
        #: strengths).
        self._arranged: dict[str, Picked] = {}
        self._calls: dict[str, bool] = {}
        #: The choices of the menu made for the turn in play, and that menu (None once the
        #: player to act acts: the next turn's are made when asked for).
        self._turn: ArrangementChoices | None = None
        self._turn_menu: list[LegalAction] = []
        rules = self._rules
        #: The order of hands (C3), the least hand (C4) and the strengths of hands (C3), read
        #: every turn (one attribute: CPython shares up to 30 names between instances).
        self._hands_rules = (rules.ordering, rules.floor, arrange.fast_scale(rules.ordering))

    # -- properties ---------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"arrange"`` or ``"call"`` (``"over"`` once the game is won, ``"waiting"`` for a
        deal)."""
        if self._winner is not None:
            return "over"
        return "waiting" if self._awaiting else self._phase

    @property
    def nets(self) -> dict[str, int]:
        """Money each player is up or down (crash money so far; with the stake at the end)."""
        return dict(self._nets)

    @property
    def calls(self) -> dict[str, bool]:
        """Who has called this deal, and whether crash (C5)."""
        return dict(self._calls)

    def cards(self, player: str) -> tuple[Card, ...]:
        """A player's thirteen cards this deal (the engine's knowledge; views censor it)."""
        return self._cards.get(player, ())

    def arrangement(self, player: str) -> arrange.Arrangement | None:
        """A player's arrangement this deal, once made."""
        made = self._arranged.get(player)
        if made is None:
            return None
        _, sets, discards, strengths = made
        return arrange.Arrangement(sets=sets, discards=discards, strengths=strengths)

    # -- dealing ------------------------------------------------------------------------------

    def _start(self, hands: dict[str, tuple[Card, ...]]) -> None:
        self._cards = hands  # (the deal's own: kept without a copy)
        self._arranged = {}
        self._calls = {}
        self._phase = "arrange"  # rule C2: first every player arranges, then the calls (C5)
        self._acted = 0
        self._turn = None

    def _turns_taken(self) -> int:
        return self._acted

    # -- actions ------------------------------------------------------------------------------

    def _menu(self, player: str) -> list[LegalAction]:
        """The options of ``player``, empty when it is not their turn. Arranging: one
        ``arranges`` option whose ``choices`` are every arrangement that leaves no acceptable
        hand unused, lazily (C2, C4; see :mod:`bragkit.games.crash_choices`); calling:
        ``crash`` (with four hands) and ``pass`` (C5)."""
        if self._winner is not None or self._awaiting:
            return []
        who = self._order[self._acted]  # self.to_act
        if player != who:
            return []
        if self._phase == "arrange":
            if self._turn is None:
                choices = self._turn = ArrangementChoices.for_turn(
                    who, tuple(sorted(self._cards[who])),  # one pack (C1): distinct cards
                    *self._hands_rules)
                self._turn_menu = [choices_option(who, _ARRANGES, choices)]
            return self._turn_menu
        # rule C5: a crash needs four hands (options without cards: made once for a player)
        return _call_menus(who)[len(self._arranged[who][1]) == 4]

    def _verify(self, act: Action) -> Picked | None:
        """What an ``arranges`` action makes (:data:`~bragkit.games.crash_choices.Picked`;
        None for a call); IllegalActionError naming the rule broken."""
        verb = act.verb
        if (verb is not _ARRANGES and self._winner is None and not self._awaiting
                and self._phase == "call" and act.player == self._order[self._acted]):
            # a call in turn (C5)
            if verb is _CRASH and len(self._arranged[act.player][1]) < 4:
                raise IllegalActionError(
                    f"{act.player} has {len(self._arranged[act.player][1])} hands: a crash is "
                    "a prediction of winning all four rounds", rule="C5")
            return None
        self._check_in_play(act)  # rules C6, C1
        who = act.player
        if who != self._order[self._acted]:  # self.to_act
            raise IllegalActionError(f"{who} cannot act now: it is {self.to_act}'s turn",
                                     rule="T3")
        assert who is not None  # every Crash verb names its player
        if act.verb is Verb.ARRANGES:
            if self._phase != "arrange":
                raise IllegalActionError("the hands are arranged: now crash or pass", rule="C5")
            made = arrange.crash_hands(self._cards[who], act.sets,  # rules C1, C2, C4
                                       ordering=self._hands_rules[0],
                                       floor=self._hands_rules[1])
            return act, made.sets, made.discards, made.strengths
        if self._phase != "call":
            raise IllegalActionError("crash is called after every player has arranged",
                                     rule="C5")
        if act.verb is Verb.CRASH and len(self._arranged[who][1]) < 4:
            raise IllegalActionError(f"{who} has {len(self._arranged[who][1])} hands: a crash "
                                     "is a prediction of winning all four rounds", rule="C5")
        return None

    def _find(self, action: Action) -> LegalAction | None:
        """As :meth:`PointsGame._find`; the arrangement last picked from this turn's menu is
        legal without a second check (listed: C1, C2, C4), its option the menu's own."""
        turn = self._turn
        if turn is not None:
            picked = turn.picked
            if picked is not None and picked[0] is action:
                self._checked = picked
                return self._turn_menu[0]
        return PointsGame._find(self, action)

    def _do(self, act: Action, verified: Picked | None) -> None:
        who = act.player
        assert who is not None
        self._turn = None
        if verified is not None:
            self._arranged[who] = verified
            self._ops.append(_arranged(self._deal, who, verified[1], verified[2]))
            self._acted += 1
            if self._acted == len(self._players):
                self._phase = "call"
                self._acted = 0
            return
        self._calls[who] = crash = act.verb is _CRASH
        self._ops.append(_called(self._deal, who, crash))
        self._acted += 1
        if self._acted == len(self._players):
            self._play_rounds()

    def _play_rounds(self) -> None:
        names = self._hands_rules[2].names
        order = self._order
        arranged = self._arranged
        rows = []  # (who, hands, strengths, how many hands)
        for p in order:
            _, sets, _, strengths = arranged[p]
            rows.append((p, sets, strengths, len(sets)))
        scores, log, deal = self._scores, self._ops.append, self._deal
        winners: list[str | None] = []
        for k in range(4):  # rule C4: the hands are played best first
            best, winner, hands = -1, None, []
            for p, sets, strengths, count in rows:
                if count > k:
                    s = strengths[k]
                    hands.append((p, sets[k], names[s]))
                    if s > best:
                        best, winner = s, p
                    elif s == best:
                        winner = None  # rule C4: a tie at the top scores nothing
            if not hands:
                break  # (fewer hands each: no later round either)
            if winner is not None:
                scores[winner] += 1
            winners.append(winner)
            log(_round_played(deal, k + 1, tuple(hands), winner))
        calls = self._calls
        # rule C5: all four rounds won by one player
        swept = winners[0] if len(winners) == 4 and winners.count(winners[0]) == 4 else None
        if swept is not None or True in calls.values():  # rule C5: crash money
            players, nets = self._players, self._nets
            others = len(players) - 1
            rules = self._rules
            for p in order:
                called, won = calls[p], p == swept
                if not (called or won):
                    continue
                each = (rules.crash_reward if called else rules.natural_reward) if won \
                    else -rules.crash_penalty
                for q in players:
                    if q != p:
                        nets[q] -= each
                nets[p] += each * others
                log(_crash_paid(deal, p, called, won, each))
        log(_deal_ended(deal, tuple(scores.items()), tuple(self._nets.items())))
        if not self._check_winner():
            self._next_deal()

    # -- views --------------------------------------------------------------------------------

    def _strong_action(self) -> Action:
        """The arranger's move for the player to act (:func:`strong_action`)."""
        return strong_action(self)

    def _fold(self, viewer: str | None, log: tuple[Operation, ...]) -> CrashView:
        """What ``viewer`` may know (None: a spectator), folded from the log censored for
        them: their own cards and arrangement; who has arranged and called (C2, C5, in turn
        from the dealer's left); every hand played and the points (C4); the crash money (C5)
        and the stakes at the end (C6). Never another player's cards before play, nor
        discards."""
        players = self._players
        fold = PointsFold(log, first_dealer=self._first_dealer)
        scores = dict.fromkeys(players, 0)
        nets = dict.fromkeys(players, 0)
        others = len(players) - 1
        for op in log:
            if isinstance(op, RoundPlayed) and op.winner is not None:
                scores[op.winner] += 1  # rule C4: a point a round
            elif isinstance(op, CrashPaid):  # rule C5
                for q in players:
                    if q != op.player:
                        nets[q] -= op.each
                nets[op.player] += op.each * others
            elif isinstance(op, GameWon):
                nets = dict(op.nets)  # rule C6: with the stake per point behind
        arranged: list[str] = []
        calls: dict[str, bool] = {}
        hands: tuple[tuple[Card, ...], ...] | None = None
        for op in fold.deal_ops:
            if isinstance(op, Arranged):
                arranged.append(op.player)
                if op.player == viewer:
                    hands = op.hands
            elif isinstance(op, Called):
                calls[op.player] = op.crash
        order = seats_from(players, left_of(players, fold.dealer))  # rule C2: dealer's left
        if fold.winner is not None:
            phase, to_act = "over", None
        elif fold.awaiting:
            phase, to_act = "waiting", None
        elif len(arranged) < len(players):
            phase, to_act = "arrange", order[len(arranged)]
        else:
            phase, to_act = "call", order[len(calls)]
        return CrashView(
            viewer=viewer,
            players=players,
            dealer=fold.dealer,
            deal=fold.deal,
            phase=phase,
            to_act=to_act,
            scores=scores,
            nets=nets,
            cards=fold.cards if viewer is not None else (),
            hands=hands,
            arranged=tuple(arranged),
            calls=calls,
            legal_actions=tuple(self._menu(viewer)) if viewer is not None else (),
            operations=log,
            is_over=fold.winner is not None,
            winner=fold.winner,
        )

    def record_text(self) -> str | None:
        """The finished game as its record's text (None while it is under way)."""
        return self.record().dumps() if self.over else None

    def record(self, deals: int | None = None) -> CrashRecord:
        """The game so far as a record (``crash/1``), or its first ``deals`` deals."""
        return CrashRecord.from_game(self, deals=deals)

    def _record_text(self, deals: int) -> str:
        return self.record(deals).dumps()


# ---------------------------------------------------------------------------------------------
# Bots (a random bot: bragkit.games.protocol.random_action)


def strong_action(game: CrashGame, *, strategy: arrange.Strategy = "expected") -> Action:
    """Arrange by ``strategy``; call crash when the estimated chance of winning all four rounds
    makes the call worth more than passing (C5)."""
    who = game.to_act
    if who is None:
        raise IllegalActionError("nobody is to act", rule="T3")
    rules = game.rules
    if game.phase == "arrange":
        best = arrange.best_arrangement(
            game.cards(who), strategy=strategy, game="crash", ordering=rules.ordering,
            min_category=rules.floor, players=len(game.players))
        return Action(player=who, verb=Verb.ARRANGES, sets=best.sets)
    mine = game.arrangement(who)
    assert mine is not None
    if len(mine.sets) == 4:
        chance = 1.0
        for p in arrange.win_chances(mine, players=len(game.players), ordering=rules.ordering,
                                     min_category=rules.floor):
            chance *= p
        gain = chance * (rules.crash_reward - rules.natural_reward)
        if gain > (1 - chance) * rules.crash_penalty:
            return Action(player=who, verb=Verb.CRASH)
    return Action(player=who, verb=Verb.PASS)


def compare_strategies(
    strategies: Sequence[arrange.Strategy] = arrange.STRATEGIES,
    *,
    players: int = 3,
    deals: int = 100,
    seed: int = 0,
    rules: CrashRules | None = None,
) -> dict[str, float]:
    """Points per deal won by one seat playing each strategy while the others play greedily,
    over the same ``deals`` random seeded deals (the seat moves round the table).

    >>> scores = compare_strategies(deals=2, seed=1)
    >>> sorted(scores), all(0 <= v <= 4 for v in scores.values())
    (['expected', 'greedy'], True)
    """
    endless = replace(rules if rules is not None else CrashRules(), target=10**9)

    def new_game(names: list[str], dealer: str, rng: random.Random) -> CrashGame:
        return CrashGame(endless, players=names, dealer=dealer, deals=[Pack.shuffled(rng)])

    def move(game: CrashGame, plan: arrange.Strategy) -> Action:
        return strong_action(game, strategy=plan)

    return strategy_scores(new_game, move, strategies, players=players, deals=deals, seed=seed)


# ---------------------------------------------------------------------------------------------
# Records: format = "crash/1" (bragkit.games.points_records)


@dataclass(frozen=True, kw_only=True)
class CrashRecord(PointsRecord[CrashRules, CrashGame]):
    """A whole game of Crash as a TOML record (``format = "crash/1"``).

    >>> game = CrashGame(players=["Ann", "Bob"], dealer="Bob", rng=5, rules=CrashRules(target=3))
    >>> while not game.over:
    ...     game.apply(strong_action(game, strategy="greedy"))
    >>> text = game.record().dumps()
    >>> CrashRecord.loads(text).dumps() == text
    True
    >>> CrashRecord.loads(text).replay().nets == game.nets
    True
    """

    rules: CrashRules = field(default_factory=CrashRules)

    FORMAT: ClassVar[str] = "crash/1"

    @classmethod
    def _rules_of(cls, options: Mapping[str, Any]) -> CrashRules:
        return CrashRules.from_dict(options)

    def _new_game(self) -> CrashGame:
        return CrashGame(self.rules, players=self.players, dealer=self.dealer,
                         deals=deal_sources(self.deals, 1))


class CrashReplay(PointsReplay[CrashRecord, CrashGame]):
    """A replayed ``crash/1`` record, for ``bragkit replay``."""

    def _title(self) -> str:
        rules = self.record.rules
        return (f"Crash: {', '.join(self.game.players)}; game to {rules.target}, least hand "
                f"{rules.min_category}{', prials aces high' if rules.aces_high else ''}; crash "
                f"{rules.crash_reward}/{rules.natural_reward}/{rules.crash_penalty}")

    def _line(self, op: Operation) -> str | None:
        if (isinstance(op, Called) and op.crash) or isinstance(
                op, RoundPlayed | CrashPaid | DealEnded | GameWon):
            return f"  {op}"
        return None

    def _summary(self) -> list[str]:
        return ["Money: " + ", ".join(f"{p} {n:+d}" for p, n in self.game.nets.items())]

    def _nets(self) -> dict[str, int]:
        return self.game.nets

    def _details(self) -> dict[str, Any]:
        """Every round and every crash payment."""
        operations = self.game.operations
        rounds = [{"deal": op.deal, "round": op.round,
                   "hands": {p: format_cards(c) for p, c, _ in op.hands}, "winner": op.winner}
                  for op in operations if isinstance(op, RoundPlayed)]
        crashes = [{"deal": op.deal, "player": op.player, "called": op.called, "made": op.made,
                    "each": op.each} for op in operations if isinstance(op, CrashPaid)]
        return {"rounds": rounds, "crashes": crashes}


register_format(CrashRecord, CrashGame, CrashReplay)


# ---------------------------------------------------------------------------------------------
# The registry


def _start(players: Sequence[str], rules: CrashRules, rng: random.Random) -> CrashGame:
    """A game for the registry: the first dealer cut at random, every deal shuffled by ``rng``.

    >>> from bragkit.games import new
    >>> game = new("crash", players=["Ann", "Bob", "Cy", "Di"], seed=1)
    >>> game.to_act in game.players, game.rules.target, len(game.view("Ann").cards)
    (True, 15, 13)
    """
    return CrashGame(rules, players=players, rng=rng)


#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="crash", title="Crash",
             summary="thirteen cards sorted into four hands, a crash call, points to 15 "
                     "(rules C1-C6)",
             rules=CrashRules, start=_start, seats=CrashGame.SEATS,
             record_format=format_name({"format": CrashRecord.FORMAT}),
             aliases=("thirteen-card-brag", "crash-brag"),
             dealing=functools.partial(PointsDealing, CrashGame), picture="crash",
             unit="points", verb_names={Verb.ARRANGES: "arrange"}),  # the record's "arranges" (C2)
)
