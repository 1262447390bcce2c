"""Nine Card Brag (rules N1–N7): nine cards each, three sets, three rounds a deal, game to 21.

There is no betting. Each player sorts nine cards into three sets of three and plays them one a
round, strongest first; the round's best set scores 3, the second 2, the third 1 (N4). The first
to 21 wins, and each other player pays an agreed stake for every point they are behind (N7).

>>> game = NineCardGame(players=["Ann", "Bob", "Cat"], dealer="Cat", deals=[{
...     "Ann": "As Ah Ad Kc Qc Jc 7h 7s 2d",
...     "Bob": "9s 9h 9d 5c 6c 7c Ks Kh 2s",
...     "Cat": "Ts Jd Qs 4h 4d 4c 8h 8d 3s"}])
>>> game.to_act, game.round
('Ann', 1)
>>> game.apply("Ann plays 7h 7s 2d")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: Ann cannot play 7h 7s 2d: the cards left (As Ah Ad Kc Qc Jc) \
cannot all be played below it (rule N6)
>>> game.apply("Ann plays As Ah Ad")
>>> game.apply("Bob plays 9s 9h 9d")
>>> game.apply("Cat plays 4h 4d 4c")
>>> game.scores, game.to_act   # rule N5: the round's winner leads the next
({'Ann': 3, 'Bob': 2, 'Cat': 1}, 'Ann')
>>> [option] = game.legal_actions()   # one option: play a set, one of these (N6)
>>> option, [str(a) for a in option.choices][:2]
(LegalAction(...), ['Ann plays Kc Qc Jc', 'Ann plays Kc 7s 7h'])
>>> str(option), Action.parse("Ann plays Kc 7s 7h") in option
('Ann plays (1 of 10)', True)
>>> Action.parse("Ann plays Qc Jc 2d") in option   # rule N6: Kc 7h 7s left, a pair, is above it
False

**Decisions** (RULES.md leaves them open):

- *Points* (N4): the option ``points`` (default ``(3, 2, 1)``) lists the points of the best,
  second, third … set of a round; places beyond the list score nothing. With two players the
  round scores 3 and 2; with four or more, the fourth and later sets score 0.
- *Ties* (N7): exactly equal sets rank in the order they were played.
- *Re-sorting* (N6): a player's unplayed cards are not arranged in advance: any three unplayed
  cards may be played if the set does not beat the player's previous set of the deal and the
  cards left can still be split into sets none of which beats it (so a player can always finish
  the deal). That a set was the player's "strongest" (N4) means exactly this.
- *End of the game* (N7): checked after every round; the game ends when someone has at least
  ``target`` points and more than anyone else (a tie at the top plays on). Each other player
  owes ``stake`` for every point behind the winner, settled in the fewest payments
  (:func:`bragkit.ledger.settle`).
- *The deal* (N1, N2): one pack for two to five players, two for six to eleven (option
  ``decks``); dealt one card at a time from the dealer's left; the first dealer is given or cut
  at random; the deal passes to the left; every deal is shuffled (N5). With two packs a set may
  hold two identical cards (see :mod:`bragkit.games.arrange` for how such sets rank).
- *Turns*: playing out of turn is refused (rule N4).

Records: ``format = "nine-card/1"``, documented in ``docs/records-nine-card-crash.md``.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

from bragkit.actions import Action, LegalAction, Verb, choices_option
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games import arrange
from bragkit.games.house_rules import changed_options, known_options
from bragkit.games.nine_card_sets import (
    ORDERING,
    PlayChoices,
    _first_round,
    _Leads,
    _scale,
    _verify_set,
)
from bragkit.games.nine_card_sets import (
    _playable as _playable,  # (the tests' name for a later round's menu)
)
from bragkit.games.op_records import positional
from bragkit.games.points_game import (
    CardsDealt,
    DealEnded,
    DealStarted,
    GameWon,
    PointsFold,
    PointsGame,
    PointsResult,
    left_of,
    seats_from,
    strategy_scores,
)
from bragkit.games.points_records import (
    DealRecord,
    PointsRecord,
    PointsReplay,
    deal_sources,
    register_format,
)
from bragkit.games.points_session import PointsDealing
from bragkit.games.protocol import Operation
from bragkit.games.registry import GameInfo
from bragkit.games.three_card.rules import MAX_CHIPS
from bragkit.games.wording import inner, says, whom
from bragkit.records import format_name

__all__ = [
    "GAMES",
    "ORDERING",
    "VERBS",
    "CardsDealt",
    "DealEnded",
    "DealRecord",
    "DealStarted",
    "GameWon",
    "NineCardGame",
    "NineCardRecord",
    "NineCardReplay",
    "NineCardResult",
    "NineCardRules",
    "NineCardView",
    "PlayChoices",
    "RoundScored",
    "SetPlayed",
    "compare_strategies",
    "strong_action",
]

#: The most players at a game of Nine Card Brag (rule N1: two packs for six to eleven).
MOST_PLAYERS: Final = 11

#: The verbs of Nine Card Brag: ``"Ann plays Qs Qh Qd"`` (N4, N6).
VERBS: Final = frozenset({Verb.PLAYS})
_PLAYS: Final = Verb.PLAYS
#: A play's strength (of the plays of a round: player, cards, strength).
_STRENGTH: Final = operator.itemgetter(2)

# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True, kw_only=True, slots=True)
class NineCardRules:
    """The house rules of Nine Card Brag, fixed before play (RULES.md N1–N7).

    >>> NineCardRules().decks_for(6)
    2
    >>> NineCardRules(points=(3, 2, 1), target=31).to_dict()
    {'target': 31}
    >>> NineCardRules(points=(1, 2))
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: points must not rise from one place to the next: (1, 2) (rule N4)
    """

    target: int = field(default=21, metadata={
        "rule": "N7", "meaning": "points that win the game", "min": 1, "max": MAX_CHIPS})
    """Points that win the game (N7)."""
    points: tuple[int, ...] = field(default=(3, 2, 1), metadata={
        "rule": "N4", "meaning": "points for the best, second, third set of a round", "min": 0,
        "max": MAX_CHIPS, "list": True})
    """Points for the best, second, third … set of a round (N4); later places score 0."""
    stake: int = field(default=1, metadata={
        "rule": "N7", "meaning": "money owed per point behind the winner", "min": 0,
        "max": MAX_CHIPS})
    """Money owed per point behind the winner (N7)."""
    decks: int | None = field(default=None, metadata={
        "rule": "N1", "meaning": "packs (empty: one for two to five players, two for more)",
        "choices": (1, 2)})
    """Packs: None for one with two to five players and two with six to eleven (N1)."""

    def __post_init__(self) -> None:
        # bounded before anything is built (issue 19): a place for each of at most eleven
        # players (N1), amounts at most MAX_CHIPS
        if not isinstance(self.points, tuple | list) or len(self.points) > MOST_PLAYERS:
            raise RulesError(f"points is a list of at most {MOST_PLAYERS} whole numbers, one a "
                             "place (rule N4)")
        object.__setattr__(self, "points", tuple(self.points))
        if any(type(p) is int and p > MAX_CHIPS for p in self.points):
            raise RulesError(f"points are at most {MAX_CHIPS} (rule N4)")
        for name in ("target", "stake"):
            value = getattr(self, name)
            if type(value) is int and value > MAX_CHIPS:
                raise RulesError(f"{name} is at most {MAX_CHIPS} (rule N7)")
            if type(value) is not int or value < (1 if name == "target" else 0):
                raise RulesError(f"{name} must be a whole number"
                                 f"{' of at least 1' if name == 'target' else ' of 0 or more'}: "
                                 f"{value!r} (rule N7)")
        if not self.points or any(type(p) is not int or p < 0 for p in self.points):
            raise RulesError(f"points must be whole numbers, 0 or more: {self.points!r} (rule N4)")
        if list(self.points) != sorted(self.points, reverse=True):
            raise RulesError(f"points must not rise from one place to the next: {self.points!r}"
                             " (rule N4)")
        if self.points[0] == 0:
            raise RulesError("the best set of a round must score (rule N4)")
        if len(self.points) > 1 and self.points[0] == self.points[1]:
            # Two players would score alike every round and the game could never end (N7).
            raise RulesError(f"the best set must score more than the second: {self.points!r}"
                             " (rule N4)")
        if self.decks is not None and (type(self.decks) is not int or self.decks not in (1, 2)):
            raise RulesError(f"decks must be 1 or 2: {self.decks!r} (rule N1)")

    def decks_for(self, players: int) -> int:
        """Packs for a table of ``players``; RulesError when they cannot deal it (N1)."""
        decks = self.decks if self.decks is not None else (1 if players <= 5 else 2)
        if players < 2 or 9 * players > 52 * decks:
            raise RulesError(f"{players} players cannot play Nine Card Brag with {decks} "
                             "pack(s): two to five with one, six to eleven with two (rule N1)")
        return decks

    def points_for(self, players: int) -> tuple[int, ...]:
        """The points of each place in a round of ``players`` sets.

        >>> NineCardRules().points_for(2), NineCardRules().points_for(4)
        ((3, 2), (3, 2, 1, 0))
        """
        return tuple((*self.points, *[0] * players)[:players])

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (the record's ``[rules]`` table)."""
        return changed_options(self)

    @classmethod
    def from_dict(cls, options: Mapping[str, Any]) -> NineCardRules:
        """Rules from a ``[rules]`` table; an unknown key is a RulesError naming it."""
        values = known_options(cls, options)
        if "points" in values:
            if not isinstance(values["points"], list | tuple):
                raise RulesError("points must be a list of whole numbers (rule N4)")
            values["points"] = tuple(values["points"])
        return cls(**values)


# ---------------------------------------------------------------------------------------------
# Operations (DealStarted, CardsDealt, DealEnded and GameWon: bragkit.games.points_game)


@dataclass(frozen=True, kw_only=True, slots=True)
class SetPlayed(Operation):
    """A set was played, face up (N4, N6): public."""

    deal: int
    round: int
    player: str
    cards: tuple[Card, ...]
    strength: int
    description: str

    def __str__(self) -> str:
        return f"{self.player} plays {format_cards(self.cards)} ({self.description})"

    def words(self, viewer: str | None) -> str:
        """"You play Qh Qs 4d (pair of queens)": the set and its name (N6, D8)."""
        return says(self.player, viewer, f"plays {format_cards(self.cards)} "
                                         f"({self.description})")


_SET_PLAYED: Final = tuple(SetPlayed.__dict__[f].__set__ for f in (
    "deal", "round", "player", "cards", "strength", "description"))
assert len(_SET_PLAYED) == len(SetPlayed.__slots__), "_set_played sets every field"


def _set_played(deal: int, round_: int, player: str, cards: tuple[Card, ...], strength: int,
                description: str) -> SetPlayed:
    """``SetPlayed(deal=..., round=..., ...)`` without the dataclass's keyword ``__init__``
    (speed: twelve a deal; the record checks nothing)."""
    op: SetPlayed = object.__new__(SetPlayed)
    set_deal, set_round, set_player, set_cards, set_strength, set_description = _SET_PLAYED
    set_deal(op, deal)
    set_round(op, round_)
    set_player(op, player)
    set_cards(op, cards)
    set_strength(op, strength)
    set_description(op, description)
    return op


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundScored(Operation):
    """A round's sets ranked, best first (ties in the order played, N7), with their points."""

    deal: int
    round: int
    ranking: tuple[str, ...]
    points: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(f"{p} {n}" for p, n in zip(self.ranking, self.points, strict=True))

    def words(self, viewer: str | None) -> str:
        """"round 2: you win — you 1, Ann 0" (N7)."""
        won = inner(self.ranking[0], viewer, "wins") if self.ranking else "no winner"
        scores = ", ".join(f"{whom(p, viewer)} {n}"
                           for p, n in zip(self.ranking, self.points, strict=True))
        return f"round {self.round}: {won} — {scores}"


#: The records made without their keyword ``__init__`` (speed: every round logs them).
_round_scored: Final = positional(RoundScored)  # (deal, round, ranking, points)
_deal_ended: Final = positional(DealEnded)  # (deal, scores)

# ---------------------------------------------------------------------------------------------
# Views and results


@dataclass(frozen=True, kw_only=True)
class NineCardView:
    """The game as one player (or a spectator, ``viewer=None``) may know it: their own unplayed
    cards, every played set, never another player's unplayed cards."""

    viewer: str | None
    players: tuple[str, ...]
    dealer: str
    deal: int
    round: int
    to_act: str | None
    scores: Mapping[str, int]
    hand: tuple[Card, ...]
    cards_left: Mapping[str, int]
    played: Mapping[str, tuple[tuple[Card, ...], ...]]
    legal_actions: tuple[LegalAction, ...]
    operations: tuple[Operation, ...]
    is_over: bool
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-able data (cards as text)."""
        return {
            "viewer": self.viewer,
            "players": list(self.players),
            "dealer": self.dealer,
            "deal": self.deal,
            "round": self.round,
            "to_act": self.to_act,
            "scores": dict(self.scores),
            "hand": format_cards(self.hand),
            "cards_left": dict(self.cards_left),
            "played": {p: [format_cards(s) for s in sets] for p, sets in self.played.items()},
            "legal_actions": [str(a) for option in self.legal_actions
                              for a in (option.choices or ())],
            "log": [str(op) for op in self.operations],
            "is_over": self.is_over,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], menu: Sequence[LegalAction] = (), *,
                  rules: Any = None) -> NineCardView:
        """The view back from :meth:`to_dict`'s data (a web table's ``deal``), with ``menu``
        for its legal actions; its ``operations`` are not in the data (none).

        >>> from bragkit.games import new
        >>> game = new("nine-card", players=["Ann", "Bob"], seed=3)
        >>> view = game.view("Ann")
        >>> back = NineCardView.from_dict(view.to_dict(), view.legal_actions)
        >>> back == replace(view, operations=())
        True
        """
        return cls(
            viewer=data["viewer"], players=tuple(data["players"]), dealer=data["dealer"],
            deal=data["deal"], round=data["round"], to_act=data["to_act"],
            scores=dict(data["scores"]), hand=parse_cards(data["hand"]),
            cards_left=dict(data["cards_left"]),
            played={p: tuple(parse_cards(s) for s in sets)
                    for p, sets in data["played"].items()},
            legal_actions=tuple(menu), operations=(), is_over=data["is_over"],
            winner=data["winner"],
        )


@dataclass(frozen=True, kw_only=True)
class NineCardResult(PointsResult):
    """A finished game: the winner, the scores, each player's net and the payments (N7);
    ``winners`` maps the winner to their points."""


# ---------------------------------------------------------------------------------------------
# The game


class NineCardGame(PointsGame[NineCardRules, NineCardResult]):
    """A game of Nine Card Brag to ``rules.target`` points, deal after deal (N1–N7).

    Nine cards each from one pack, or two packs for six to eleven players (N1, N2); three rounds
    a deal, each player playing one set of three a round, the best set scoring most (N4–N6). The
    deals, the dealers (the first is cut for at random when ``dealer`` is not given, N2) and the
    end of the game (N7) are those of :class:`~bragkit.games.points_game.PointsGame`.
    """

    CARDS: ClassVar[int] = 9
    SEATS: ClassVar[tuple[int, int]] = (2, MOST_PLAYERS)
    SEATS_RULE: ClassVar[str] = "N1"
    DEAL_RULE: ClassVar[str] = "N2"
    NEXT_DEAL_RULE: ClassVar[str] = "N5"
    END_RULE: ClassVar[str] = "N7"
    VERBS: ClassVar[frozenset[Verb]] = VERBS
    GAME: ClassVar[str] = "Nine Card Brag"
    _result_type = NineCardResult

    @classmethod
    def default_rules(cls) -> NineCardRules:
        """The defaults of :class:`NineCardRules`: game to 21, points 3/2/1, stake 1."""
        return NineCardRules()

    def _decks_for(self, players: int) -> int:
        return self._rules.decks_for(players)  # rule N1

    def _setup(self) -> None:
        self._round = 0
        self._hands: dict[str, list[Card]] = {}
        self._played: dict[str, list[tuple[Card, ...]]] = {}
        self._caps: dict[str, int | None] = {}
        self._plays: list[tuple[str, tuple[Card, ...], int]] = []
        self._legal: list[LegalAction] | None = None
        self._choices: PlayChoices | None = None  # the choices of _legal
        self._leads: dict[str, _Leads] | None = None
        self._points = self._rules.points_for(len(self._players))
        self._set_scale = _scale()  # the strengths of sets (N3), looked up every play

    # -- properties ---------------------------------------------------------------------------

    @property
    def decks(self) -> int:
        """Packs in play (N1)."""
        return self._decks

    @property
    def round(self) -> int:
        """The round of the deal, 1 to 3 (N5)."""
        return self._round

    def hand(self, player: str) -> tuple[Card, ...]:
        """A player's unplayed cards (the engine's knowledge; views censor it)."""
        return tuple(self._hands.get(player, ()))

    def played(self, player: str) -> tuple[tuple[Card, ...], ...]:
        """The sets a player has played this deal."""
        return tuple(self._played.get(player, ()))

    @property
    def round_plays(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The sets played so far in this round, in order (public)."""
        return tuple((p, cards) for p, cards, _ in self._plays)

    def cap(self, player: str) -> int | None:
        """The strength no set of the player may beat (their last set this deal, N6)."""
        return self._caps.get(player)

    # -- dealing ------------------------------------------------------------------------------

    def _start(self, hands: Mapping[str, tuple[Card, ...]]) -> None:
        self._hands = {p: list(hands[p]) for p in self._players}
        self._played = {p: [] for p in self._players}
        self._caps = dict.fromkeys(self._players)
        self._round = 1  # rule N4: the player left of the dealer leads the first round
        self._plays = []
        self._legal = None
        self._choices = None
        self._leads = None

    def _turns_taken(self) -> int:
        return len(self._plays)

    # -- actions ------------------------------------------------------------------------------

    def _menu(self, player: str) -> list[LegalAction]:
        """The options of ``player``, empty when it is not their turn: one, ``plays``, whose
        ``choices`` are every set they may play (N6), strongest first, listed only when looked
        at."""
        if self._winner is not None or self._awaiting:
            return []
        who = self._order[len(self._plays)]  # self.to_act
        if player != who:
            return []
        if self._legal is None:
            hand = self._hands[who]
            sets = None
            if len(hand) == 9 and self._decks == 1:  # the first round: all the table at once
                if self._leads is None:
                    nine = [p for p in self._players if len(self._hands[p]) == 9]
                    self._leads = dict(zip(nine, _first_round([self._hands[p] for p in nine]),
                                           strict=True))
                sets = self._leads.get(who)
            choices = self._choices = PlayChoices(who, hand, self._played[who],
                                                  self._caps[who], sets)
            self._legal = [choices_option(who, _PLAYS, choices)]
        return self._legal

    def _verify(self, act: Action) -> tuple[int, list[Card]]:
        """The strength of the set played and the cards left; IllegalActionError naming the
        rule broken."""
        who = act.player
        choices = self._choices
        if choices is not None and act is choices.given:
            # a set this turn's menu listed (so legal: N2, N3, N6): only its strength and the
            # cards left are needed
            left = list(self._hands[act.player])  # type: ignore[index]
            a, b, c = cards = act.cards
            for card in cards:
                left.remove(card)
            return self._set_scale.tri[a * 2704 + b * 52 + c], left
        if self._winner is not None or self._awaiting or who != self._order[len(self._plays)]:
            self._check_in_play(act)  # rules N7, N5, N1
            raise IllegalActionError(f"{who} cannot play now: it is {self.to_act}'s turn",
                                     rule="N5" if self._round > 1 and not self._plays else "N4")
        assert who is not None  # a plays action names its player
        return _verify_set(who, self._hands[who], self._played[who], self._caps[who],
                           act.cards)

    def _do(self, act: Action, verified: tuple[int, list[Card]]) -> None:
        who = act.player
        assert who is not None
        strength, self._hands[who] = verified
        cards = act.cards
        self._played[who].append(cards)
        self._caps[who] = strength
        self._ops.append(_set_played(self._deal, self._round, who, cards, strength,
                                     self._set_scale.names[strength]))
        self._plays.append((who, cards, strength))
        self._legal = None
        self._choices = None
        if len(self._plays) == len(self._players):
            self._score_round()

    def _score_round(self) -> None:
        # rule N7 [decision]: exactly equal sets rank in the order played (a stable sort)
        ranking = tuple([p for p, _, _ in sorted(self._plays, key=_STRENGTH, reverse=True)])
        points = self._points  # rule N4: 3, 2, 1
        for p, n in zip(ranking, points, strict=True):
            self._scores[p] += n
        self._ops.append(_round_scored(self._deal, self._round, ranking, points))
        self._plays = []
        if self._check_winner():
            return
        if self._round < 3:
            self._round += 1
            self._order = seats_from(self._players, ranking[0])  # rule N5: the winner leads
            return
        self._ops.append(_deal_ended(self._deal, tuple(self._scores.items())))
        self._next_deal()

    # -- views --------------------------------------------------------------------------------

    def _strong_action(self) -> Action:
        """The arranger's move for the player to act (:func:`strong_action`)."""
        return strong_action(self)

    def _fold(self, viewer: str | None, log: tuple[Operation, ...]) -> NineCardView:
        """What ``viewer`` may know (None: a spectator), folded from the log censored for
        them: the viewer's own unplayed cards (dealt, less the sets they played), every played
        set, the scores (N4), whose turn (N4: left of the dealer leads; N5: each round's winner
        leads the next). Nobody sees another player's unplayed cards, nor the pack."""
        players = self._players
        fold = PointsFold(log, first_dealer=self._first_dealer)
        scores = dict.fromkeys(players, 0)
        for op in log:
            if isinstance(op, RoundScored):
                for p, n in zip(op.ranking, op.points, strict=True):
                    scores[p] += n
        played: dict[str, list[tuple[Card, ...]]] = {p: [] for p in players}
        order = seats_from(players, left_of(players, fold.dealer))  # rule N4
        scored = 0
        plays = 0
        for op in fold.deal_ops:
            if isinstance(op, SetPlayed):
                played[op.player].append(op.cards)
                plays += 1
            elif isinstance(op, RoundScored):
                scored, plays = op.round, 0
                order = seats_from(players, op.ranking[0])  # rule N5: the winner leads
        if fold.deal == 0:
            round_ = 0
        elif scored < 3 and fold.winner is None:
            round_ = scored + 1
        else:
            round_ = scored
        hand = list(fold.cards)
        for cards in played[viewer] if viewer is not None else ():
            for card in cards:
                hand.remove(card)
        to_act = None if fold.winner is not None or fold.awaiting else order[plays]
        dealt = self.CARDS if fold.deal else 0
        return NineCardView(
            viewer=viewer,
            players=players,
            dealer=fold.dealer,
            deal=fold.deal,
            round=round_,
            to_act=to_act,
            scores=scores,
            hand=tuple(hand),
            cards_left={p: dealt - 3 * len(played[p]) for p in players},
            played={p: tuple(played[p]) for p in players},
            legal_actions=tuple(self._menu(viewer)) if viewer else (),
            operations=log,
            is_over=fold.winner is not None,
            winner=fold.winner,
        )

    def record_text(self) -> str | None:
        """The finished game as its record's text (None while it is under way)."""
        return self.record().dumps() if self.over else None

    def record(self, deals: int | None = None) -> NineCardRecord:
        """The game so far as a record (``nine-card/1``), or its first ``deals`` deals."""
        return NineCardRecord.from_game(self, deals=deals)

    def _record_text(self, deals: int) -> str:
        return self.record(deals).dumps()


# ---------------------------------------------------------------------------------------------
# Bots (a random bot: bragkit.games.protocol.random_action)


def strong_action(game: NineCardGame, *, strategy: arrange.Strategy = "expected"
                  ) -> Action:
    """The strongest set of the player's best arrangement of their unplayed cards (re-sorted
    every turn, below their previous set: N6), the ``"expected"`` strategy weighing the sets
    already played in the round."""
    who = game.to_act
    if who is None:
        raise IllegalActionError("nobody is to act", rule="N4")
    seen = [arrange.strength_of(cards, ordering=ORDERING) for _, cards in game.round_plays]
    best = arrange.best_arrangement(
        game.hand(who), strategy=strategy, game="nine-card", cap=game.cap(who),
        players=len(game.players), points=game.rules.points, decks=game.decks, seen=seen)
    return Action(player=who, verb=Verb.PLAYS, cards=best.sets[0])


def compare_strategies(
    strategies: Sequence[arrange.Strategy] = arrange.STRATEGIES,
    *,
    players: int = 3,
    deals: int = 200,
    seed: int = 0,
    rules: NineCardRules | None = None,
) -> dict[str, float]:
    """Points per deal won by one seat playing each strategy while the others play greedily,
    over the same ``deals`` random seeded deals (the seat moves round the table).

    >>> scores = compare_strategies(deals=4, seed=1)
    >>> sorted(scores), all(0 <= v <= 9 for v in scores.values())
    (['expected', 'greedy'], True)
    """
    endless = replace(rules if rules is not None else NineCardRules(), target=10**9)
    decks = endless.decks_for(players)

    def new_game(names: list[str], dealer: str, rng: random.Random) -> NineCardGame:
        return NineCardGame(endless, players=names, dealer=dealer,
                            deals=[Pack.shuffled(rng, decks=decks)])

    def move(game: NineCardGame, plan: arrange.Strategy) -> Action:
        return strong_action(game, strategy=plan)

    return strategy_scores(new_game, move, strategies, players=players, deals=deals, seed=seed)


# ---------------------------------------------------------------------------------------------
# Records: format = "nine-card/1" (DealRecord and the rest: bragkit.games.points_records)


@dataclass(frozen=True, kw_only=True)
class NineCardRecord(PointsRecord[NineCardRules, NineCardGame]):
    """A whole game of Nine Card Brag as a TOML record (``format = "nine-card/1"``).

    >>> game = NineCardGame(players=["Ann", "Bob"], dealer="Bob", rng=5)
    >>> while not game.over:
    ...     game.apply(strong_action(game, strategy="greedy"))
    >>> text = game.record().dumps()
    >>> NineCardRecord.loads(text).dumps() == text
    True
    >>> NineCardRecord.loads(text).replay().scores == game.scores
    True
    """

    rules: NineCardRules = field(default_factory=NineCardRules)

    FORMAT: ClassVar[str] = "nine-card/1"

    @classmethod
    def _rules_of(cls, options: Mapping[str, Any]) -> NineCardRules:
        return NineCardRules.from_dict(options)

    def _new_game(self) -> NineCardGame:
        decks = self.rules.decks_for(len(self.players))
        return NineCardGame(self.rules, players=self.players, dealer=self.dealer,
                            deals=deal_sources(self.deals, decks))


class NineCardReplay(PointsReplay[NineCardRecord, NineCardGame]):
    """A replayed ``nine-card/1`` record, for ``bragkit replay``."""

    def _title(self) -> str:
        rules = self.record.rules
        return (f"Nine Card Brag: {', '.join(self.game.players)}; game to {rules.target}, "
                f"points {'/'.join(map(str, rules.points))} a round, stake {rules.stake} a point")

    def _line(self, op: Operation) -> str | None:
        if isinstance(op, SetPlayed):
            return f"  round {op.round}: {op}"
        if isinstance(op, RoundScored):
            return f"    points: {op}"
        if isinstance(op, DealEnded | GameWon):
            return f"  {op}"
        return None

    def _nets(self) -> dict[str, int]:
        result = self.game.result
        return dict(result.nets) if result else {}

    def _details(self) -> dict[str, Any]:
        """Every round's sets and points."""
        rounds: list[dict[str, Any]] = []
        current: dict[str, Any] = {}
        for op in self.game.operations:
            if isinstance(op, SetPlayed):
                current.setdefault("sets", {})[op.player] = format_cards(op.cards)
                current["deal"], current["round"] = op.deal, op.round
            elif isinstance(op, RoundScored):
                current["points"] = dict(zip(op.ranking, op.points, strict=True))
                rounds.append(current)
                current = {}
        return {"rounds": rounds}


register_format(NineCardRecord, NineCardGame, NineCardReplay)


# ---------------------------------------------------------------------------------------------
# The registry


def _start(players: Sequence[str], rules: NineCardRules, rng: random.Random) -> NineCardGame:
    """A game for the registry: the first dealer cut at random (N2), every deal shuffled by
    ``rng`` (N5)."""
    return NineCardGame(rules, players=players, rng=rng)


#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="nine-card", title="Nine Card Brag",
             summary="nine cards sorted into three sets, three rounds a deal, points to 21 "
                     "(rules N1-N7)",
             rules=NineCardRules, start=_start, seats=NineCardGame.SEATS,
             record_format=format_name({"format": NineCardRecord.FORMAT}),
             aliases=("nine-card-brag", "nine"),
             dealing=functools.partial(PointsDealing, NineCardGame),
             picture="nine-card", unit="points",
             verb_names={Verb.PLAYS: "play"}),  # a key says "play", the record "plays" (N4)
)
