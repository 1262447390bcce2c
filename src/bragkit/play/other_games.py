"""The other games of bragkit for ``bragkit play``: historic Brag, 3 Card Brag Poker, Nine Card
Brag and Crash, behind one small interface the generic screen draws (rules S, P, N, C).

Each game is played through its own engine (:mod:`bragkit.games.historic`,
:mod:`~bragkit.games.brag_poker`, :mod:`~bragkit.games.nine_card`, :mod:`~bragkit.games.crash`),
which checks every action (an illegal one raises the engine's
:class:`~bragkit.errors.IllegalActionError` with its rule) and gives each player a censored view.
An :class:`OtherGame` wraps one: whose turn it is, the player's options as text, the bots' moves
(the engine's strong arranger for Nine Card Brag and Crash where a bot is not ``random``; a random
legal move otherwise), the lines of the player's view, the next deal, and the end.

>>> game = other_game("brag-poker", name="You", bots=("random",), stack=30, seed=1)
>>> game.players, game.to_act in game.players
(('You', 'Random'), True)
>>> game.lines()[0]
'3 Card Brag Poker — deal 1, Random deals'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from bragkit.actions import LegalAction
from bragkit.errors import BragError, RulesError
from bragkit.games import crash, find, nine_card
from bragkit.games.stake_game import StakeGame, deal_class, random_action
from bragkit.ledger import settle

__all__ = ["OTHER_GAMES", "MenuItem", "OtherGame", "other_game"]

#: The games beyond the three-card family, with a line each.
OTHER_GAMES: Final[dict[str, str]] = {
    "single-stake": "Historic Brag, single stake: braggers wild, stakes equalised (S1-S3)",
    "three-stake": "Historic Brag, three stakes: face-up card, brag, thirty-one (S4)",
    "brag-poker": "3 Card Brag Poker: blinds, fixed limit, a draw (P1-P5)",
    "nine-card": "Nine Card Brag: three sets, points to 21 (N1-N7)",
    "crash": "Crash: thirteen cards, four hands, points to 15 (C1-C6)",
}

_TITLES: Final = {
    "single-stake": "Historic Brag (single stake)", "three-stake": "Historic Brag (three stakes)",
    "brag-poker": "3 Card Brag Poker", "nine-card": "Nine Card Brag", "crash": "Crash",
}


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


class StakeTable:
    """Deal after deal of an equalising game (historic Brag, Brag Poker): the stacks carry
    over, the deal passes to the left, bots make random legal moves; nets are the stacks less
    what was brought (top-ups count as brought, M1)."""

    def __init__(self, game: str, *, name: str, bots: Sequence[str], stack: int,
                 seed: int | None, rules: Mapping[str, Any]) -> None:
        self.game = game
        self.name = name
        self.players, self.kinds = _seats(name, bots)
        self.rng = random.Random(seed)
        info = find(game)  # the registry says the game's title, rules and engine
        self.title = info.title
        self.rules: Any = info.rules.from_dict(dict(rules))
        self._deal_class = deal_class(info.name)
        self.stacks = dict.fromkeys(self.players, stack)
        self.brought = dict.fromkeys(self.players, stack)
        self.dealer = self.players[-1]
        self.number = 0
        self.deal: StakeGame[Any]
        self.next_deal()

    def _new(self) -> StakeGame[Any]:
        return self._deal_class(self.rules, players=self.players, dealer=self.dealer,
                                stacks=self.stacks, rng=self.rng.getrandbits(64))

    def next_deal(self) -> None:
        """The next deal; a broke player is topped up to the buy-in first (M1)."""
        if self.number:
            self.stacks = dict(self.deal.stacks)
            i = self.players.index(self.dealer)
            self.dealer = self.players[(i + 1) % len(self.players)]
        for player, money in self.stacks.items():
            if money < 3 * max(getattr(self.rules, "big_blind", 1), getattr(self.rules,
                                                                           "stake", 1)):
                top = max(self.brought[player] // max(self.number, 1), 20)
                self.stacks[player] += top
                self.brought[player] += top
        self.deal = self._new()
        self.number += 1

    @property
    def to_act(self) -> str | None:
        return None if self.deal.is_over else self.deal.to_act

    @property
    def deal_over(self) -> bool:
        return self.deal.is_over

    @property
    def game_over(self) -> bool:
        return False

    def options(self, limit: int = 9) -> list[MenuItem]:
        items = []
        for option in self.deal.legal_actions(self.name)[:limit]:
            def make(amount: int | None, option: LegalAction = option) -> str:
                return str(option.action(amount))

            items.append(MenuItem(label=str(option), low=option.min_amount,
                                  high=option.max_amount, make=make))
        return items

    def apply(self, text: str) -> None:
        self.deal.apply(text)

    def bot_step(self) -> str | None:
        who = self.to_act
        if who is None or who == self.name:
            return None
        action = random_action(self.deal, self.rng)
        self.deal.apply(action)
        return str(action)

    def suggestion(self) -> str | None:
        return None

    def lines(self) -> list[str]:
        view = self.deal.view(self.name)
        out = [f"{self.title} — deal {self.number}, {view.dealer} deals",
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
        # a deal under way has not been played: count the stacks it started from
        stacks = dict(self.deal.stacks) if self.deal.is_over else dict(self.stacks)
        nets = {p: stacks[p] - self.brought[p] for p in self.players}
        payments = settle(nets)
        return [f"{self.number} deal(s) of {self.title}.",
                "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in nets.items()),
                "Settlement: " + ("; ".join(str(p) for p in payments) or "nobody owes anybody")]


class PointsTable:
    """A game of Nine Card Brag or Crash to its target, deal after deal; bots use the
    engine's strong arranger (``random`` bots a random legal move)."""

    def __init__(self, game: str, *, name: str, bots: Sequence[str], seed: int | None,
                 rules: Mapping[str, Any]) -> None:
        self.game_name = game
        self.name = name
        self.players, self.kinds = _seats(name, bots)
        self.rng = random.Random(seed)
        self.game: Any
        if game == "nine-card":
            self.game = nine_card.NineCardGame(nine_card.NineCardRules.from_dict(dict(rules)),
                                               players=self.players, dealer=self.players[-1],
                                               rng=self.rng.getrandbits(64))
        else:
            self.game = crash.CrashGame(crash.CrashRules.from_dict(dict(rules)),
                                        players=self.players, dealer=self.players[-1],
                                        rng=self.rng.getrandbits(64))
        self._module: Any = nine_card if game == "nine-card" else crash
        self._suggested: tuple[int, str] | None = None

    @property
    def to_act(self) -> str | None:
        return None if self.deal_over else self.game.to_act

    @property
    def deal_over(self) -> bool:
        return bool(self.game.is_over or self.game.awaiting_deal)

    @property
    def game_over(self) -> bool:
        return bool(self.game.is_over)

    def options(self, limit: int = 9) -> list[MenuItem]:
        if self.to_act != self.name:
            return []
        items: list[MenuItem] = []
        for option in self.game.legal_actions(self.name):
            # an option's choices are lazy (a Crash hand has 200,000 arrangements): take the
            # first few
            actions = option.choices if option.choices is not None else [option.action()]
            for action in itertools.islice(actions, limit - len(items)):
                def make(amount: int | None, text: str = str(action)) -> str:
                    return text

                items.append(MenuItem(label=str(action), low=None, high=None, make=make))
        return items

    def apply(self, text: str) -> None:
        self.game.apply(text)

    def bot_step(self) -> str | None:
        who = self.to_act
        if who is None or who == self.name:
            return None
        if self.kinds[who] == "random":
            action = self._module.random_action(self.game, self.rng)
        else:
            action = self._module.strong_action(self.game)
        self.game.apply(action)
        return str(action)

    def suggestion(self) -> str | None:
        if self.to_act != self.name:
            return None
        key = len(self.game.operations)
        if self._suggested is None or self._suggested[0] != key:  # the arranger is costly
            self._suggested = (key, str(self._module.strong_action(self.game)))
        return self._suggested[1]

    def next_deal(self) -> None:
        if self.game.awaiting_deal and not self.game.is_over:
            self.game.start_deal()

    def lines(self) -> list[str]:
        view = self.game.view(self.name)
        out = [f"{_TITLES[self.game_name]} — deal {view.deal}, {view.dealer} deals",
               "scores: " + ", ".join(f"{p} {n}" for p, n in view.scores.items())]
        if self.game_name == "nine-card":
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

    def summary(self) -> list[str]:
        result = self.game.result
        if result is None:
            return [f"{_TITLES[self.game_name]} left unfinished: scores " + ", ".join(
                f"{p} {n}" for p, n in self.game.scores.items())]
        return [f"{result.winner} wins {_TITLES[self.game_name]}.",
                "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in result.nets.items()),
                "Settlement: " + ("; ".join(str(p) for p in result.payments)
                                  or "nobody owes anybody")]


def other_game(game: str, *, name: str = "You", bots: Sequence[str] = ("shark", "cautious"),
               stack: int = 100, seed: int | None = None,
               rules: Mapping[str, Any] | None = None) -> StakeTable | PointsTable:
    """A game of :data:`OTHER_GAMES` for the player ``name`` against ``bots``."""
    if game not in OTHER_GAMES:
        raise RulesError(f"unknown game {game!r}")
    options = dict(rules or {})
    try:
        if game in ("nine-card", "crash"):
            return PointsTable(game, name=name, bots=bots, seed=seed, rules=options)
        return StakeTable(game, name=name, bots=bots, stack=stack, seed=seed, rules=options)
    except TypeError as error:
        raise BragError(f"bad rules for {game}: {error}") from None
