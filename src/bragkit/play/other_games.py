"""The other games of bragkit for ``bragkit play``: historic Brag, 3 Card Brag Poker, Nine Card
Brag and Crash, behind one small interface the generic screen draws (rules S, P, N, C, T1).

Each game is played at the one :class:`~bragkit.session.Session`, seated through the game's own
hook (:func:`~bragkit.session.open_session`): the engine checks every action (an illegal one
raises its :class:`~bragkit.errors.IllegalActionError` with the rule) and gives each player a
censored view, and the session keeps the seats, the deal passing to the left (D3), the stacks
and top-ups (M1) in its ledger, and the settlement (T1). A deal of a stake game is one deal; a
deal of a points game is one game to its target (N7, C6), its stakes per point behind and crash
money (C5) paid through the ledger. An :class:`OtherTable` wraps the session for the screen:
whose turn it is, the player's options as text, the bots' moves (the engine's strong arranger
for Nine Card Brag and Crash where a bot is not ``random``; a random legal move otherwise), the
lines of the player's view, the next deal, and the settlement.

>>> game = other_game("brag-poker", name="You", bots=("random",), stack=30, seed=1)
>>> game.players, game.to_act in game.players
(('You', 'Random'), True)
>>> game.lines()[0]
'3 Card Brag Poker — deal 1, Random deals'
>>> str(game.session.events[0]), str(game.session.events[2]).startswith("deal 1 by Random seed")
('You joins 30', True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from bragkit.actions import LegalAction
from bragkit.errors import BragError, RulesError
from bragkit.games import Game, find, games
from bragkit.games.nine_card import NineCardView
from bragkit.games.points_game import PointsGame
from bragkit.games.points_session import strong_play
from bragkit.games.protocol import random_action
from bragkit.games.stake_game import StakeView
from bragkit.ledger import settle
from bragkit.rules import Rules
from bragkit.session import SessionError, open_session

__all__ = ["OTHER_GAMES", "MenuItem", "OtherGame", "OtherTable", "other_game"]

#: The games beyond the three-card family (those with rules of their own), with a line each,
#: from the registry (:mod:`bragkit.games.registry`).
OTHER_GAMES: Final[dict[str, str]] = {
    info.name: f"{info.title}: {info.summary}" for info in games() if info.rules is not Rules}


@dataclass(frozen=True, kw_only=True, slots=True)
class MenuItem:
    """One of the player's options: its label, the range of its amount if it takes one, and
    how to make the action's text (``make(amount)``)."""

    label: str
    low: int | None
    high: int | None
    make: Callable[[int | None], str]

    @property
    def needs_amount(self) -> bool:
        """Whether the player must choose an amount (a range, not one value)."""
        return self.low is not None and self.low != self.high


def _cards(cards: Sequence[Any] | None) -> str:
    if cards is None:
        return "—"
    return " ".join("▒▒" if c is None else c.pretty for c in cards)


class OtherGame(Protocol):
    """What the generic screen needs of a game."""

    players: tuple[str, ...]
    name: str

    @property
    def to_act(self) -> str | None: ...
    @property
    def deal_over(self) -> bool: ...
    @property
    def game_over(self) -> bool: ...
    def options(self, limit: int = 9) -> list[MenuItem]: ...
    def apply(self, text: str) -> None: ...
    def bot_step(self) -> str | None: ...
    def suggestion(self) -> str | None: ...
    def next_deal(self) -> None: ...
    def lines(self) -> list[str]: ...
    def summary(self) -> list[str]: ...


def _seats(name: str, bots: Sequence[str]) -> tuple[tuple[str, ...], dict[str, str]]:
    kinds: dict[str, str] = {}
    for kind in bots:
        seat, count = kind.capitalize(), 2
        while seat in kinds or seat == name:
            seat = f"{kind.capitalize()} {count}"
            count += 1
        kinds[seat] = kind
    return (name, *kinds), kinds


class OtherTable:
    """Deal after deal of one of the other games at a :class:`~bragkit.session.Session` (see
    the module docstring). Before each deal a player whose stack has fallen under a quarter of
    the buy-in tops up to it (M1, an event of the session); nets are the ledger's."""

    def __init__(self, game: str, *, name: str, bots: Sequence[str], stack: int,
                 seed: int | None, rules: Mapping[str, Any]) -> None:
        info = find(game)  # the registry says the game's title and hook
        self.title = info.title
        self.name = name
        self.stack = stack
        self.players, self.kinds = _seats(name, bots)
        self.rng = random.Random(seed)
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in rules.items()}
        self.session = open_session(info.name, seats=self.players, buy_ins=stack,
                                    dealer=self.players[-1], seed=self.rng.getrandbits(64),
                                    **options)
        self._suggested: tuple[tuple[int, int], str] | None = None
        self.next_deal()

    @property
    def deal(self) -> Game:
        """The deal in progress, or the last one."""
        current = self.session.current
        assert current is not None
        return current

    def next_deal(self) -> None:
        """The next deal; a player short of chips tops up to the buy-in first (M1)."""
        session = self.session
        if session.in_deal:
            return
        floor = max(1, self.stack // 4)
        for player, chips in session.stacks.items():
            if chips < floor:
                session.top_up(player, self.stack - chips)
        try:
            session.start_deal()
        except SessionError:  # a stake or a blind the stack cannot pay: top up, try again
            for player, chips in session.stacks.items():
                if chips < self.stack:
                    session.top_up(player, self.stack - chips)
            session.start_deal()

    @property
    def to_act(self) -> str | None:
        return self.deal.to_act if self.session.in_deal else None

    @property
    def deal_over(self) -> bool:
        return not self.session.in_deal

    @property
    def game_over(self) -> bool:
        return False

    def options(self, limit: int = 9) -> list[MenuItem]:
        if self.to_act != self.name:
            return []
        items: list[MenuItem] = []
        for option in self.deal.legal_actions(self.name):
            if len(items) >= limit:
                break
            if option.choices is not None:
                # an option's choices are lazy (a Crash hand has 200,000 arrangements): take
                # the first few
                for action in itertools.islice(option.choices, limit - len(items)):
                    def text(amount: int | None, words: str = str(action)) -> str:
                        return words

                    items.append(MenuItem(label=str(action), low=None, high=None, make=text))
                continue

            def make(amount: int | None, option: LegalAction = option) -> str:
                return str(option.action(amount))

            items.append(MenuItem(label=str(option), low=option.min_amount,
                                  high=option.max_amount, make=make))
        return items

    def apply(self, text: str) -> None:
        self.session.apply(text)

    def bot_step(self) -> str | None:
        who = self.to_act
        if who is None or who == self.name:
            return None
        game = self.deal
        if isinstance(game, PointsGame) and self.kinds[who] != "random":
            action = strong_play(game)
        else:
            action = random_action(game, self.rng)
        self.session.apply(action)
        return str(action)

    def suggestion(self) -> str | None:
        game = self.deal
        if self.to_act != self.name or not isinstance(game, PointsGame):
            return None
        key = (self.session.deal_number, len(game.operations))
        if self._suggested is None or self._suggested[0] != key:  # the arranger is costly
            self._suggested = (key, str(strong_play(game)))
        return self._suggested[1]

    def lines(self) -> list[str]:
        view = self.deal.view(self.name)
        if isinstance(view, StakeView):
            return self._stake_lines(view)
        out = [f"{self.title} — game {self.session.deal_number}, deal {view.deal}, "
               f"{view.dealer} deals",
               "scores: " + ", ".join(f"{p} {n}" for p, n in view.scores.items()),
               "stacks: " + ", ".join(f"{p} {n}" for p, n in self.session.stacks.items())]
        if isinstance(view, NineCardView):
            out.append(f"round {view.round}; your cards: {_cards(view.hand)}")
            for player, sets in view.played.items():
                out.append(f"  {player}: " + " | ".join(_cards(s) for s in sets))
        else:
            out.append(f"phase {view.phase}; your cards: {_cards(view.cards)}")
            if view.hands:
                out.append("your hands: " + " | ".join(_cards(h) for h in view.hands))
        out += [f"  {op}" for op in view.operations[-6:]]
        if view.winner:
            out.append(f"{view.winner} wins the game")
        return out

    def _stake_lines(self, view: StakeView) -> list[str]:
        out = [f"{self.title} — deal {self.session.deal_number}, {view.dealer} deals",
               f"phase: {view.phase}; pots: " + ", ".join(f"{k} {v}" for k, v in
                                                         view.pots.items())]
        for player in view.players:
            mark = "▶" if player == view.to_act else " "
            status = "in" if player in view.in_play else "out"
            cards = view.shown.get(player) or view.cards.get(player)
            staked = view.stakes.get(player, 0)
            kind = f" ({self.kinds[player]})" if player in self.kinds else ""
            out.append(f"{mark} {player}{kind}: stack {view.stacks.get(player, 0)}, staked "
                       f"{staked}, {status}  {_cards(cards)}")
        out += [f"  {line}" for line in view.history[-6:]]
        if view.winners:
            out.append("winners: " + ", ".join(f"{p} {n}" for p, n in view.winners.items()))
        return out

    def summary(self) -> list[str]:
        session = self.session
        played = session.deal_number - session.in_deal
        # a deal under way has not been played: the ledger as the last deal left it
        ledger = session.ledger.until(played) if session.in_deal else session.ledger
        nets = ledger.nets()
        unit = "game(s) to the target" if isinstance(self.deal, PointsGame) else "deal(s)"
        out = [f"{played} {unit} of {self.title}."]
        if session.in_deal:
            out.append(f"deal {session.deal_number} left unfinished.")
        return [*out, "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in nets.items()),
                "Settlement: " + ("; ".join(str(p) for p in settle(nets))
                                  or "nobody owes anybody")]


def other_game(game: str, *, name: str = "You", bots: Sequence[str] = ("shark", "cautious"),
               stack: int = 100, seed: int | None = None,
               rules: Mapping[str, Any] | None = None) -> OtherTable:
    """A game of :data:`OTHER_GAMES` for the player ``name`` against ``bots``."""
    if game not in OTHER_GAMES:
        raise RulesError(f"unknown game {game!r}")
    options = dict(rules or {})
    try:
        return OtherTable(game, name=name, bots=bots, stack=stack, seed=seed, rules=options)
    except TypeError as error:
        raise BragError(f"bad rules for {game}: {error}") from None
