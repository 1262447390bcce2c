"""The points games' part of a session: :class:`PointsDealing`, the
:class:`~bragkit.session.Dealing` hook of Nine Card Brag and Crash (rules N7, C5, C6, M1, T1).

One deal of the session is one game played to its target (N7, C6): deal after deal of the
engine (:class:`~bragkit.games.points_game.PointsGame`), until someone wins. The money of the
game moves through the session's ledger as the game states it:

* Crash settles its crash money deal by deal (C5): a crash called and made, a natural, a crash
  missed. Its record of each deal's end states every player's money so far;
* a game won (N7; Crash's ``stake`` option) states every player's money for the whole game:
  the stake per point behind the winner on top of what was already booked.

Each change of the money is booked as the losers' bets and the winners' wins, so the ledger's
nets are the game's. [decision] Brag is not played at table stakes (M1): a player who owes more
than their stack tops up the difference, a top-up the ledger records, and pays.

A session's deal event names the deal's seed; the engine shuffles every deal of the game from
it, so a replay of the log deals the same cards. The deal's end, as the game's
:attr:`~bragkit.games.points_game.PointsResult.winners`, names the winner's POINTS; the money is
the ledger's.

>>> from bragkit.games.nine_card import NineCardGame, NineCardRules
>>> from bragkit.session import Session
>>> hook = PointsDealing(NineCardGame, NineCardRules(target=3, stake=2), rng=5)
>>> session = Session(hook, seats=["Ann", "Bob"], buy_ins=10)
>>> game = session.start_deal()
>>> while session.in_deal:
...     session.apply(game.suggestion(game.to_act))
>>> game.scores, session.stacks                    # 2 a point behind (N7)
({'Ann': 3, 'Bob': 2}, {'Ann': 12, 'Bob': 8})
>>> str(session.events[-1])                         # the winner's points
'deal 1 ends: Ann wins 3'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bragkit.cards import RandomSource
from bragkit.games.points_game import DealEnded, GameWon, PointsGame
from bragkit.games.protocol import Game, Operation
from bragkit.ledger import Ledger
from bragkit.session import DealStarted, SeededDealing, Session

__all__ = ["PointsDealing", "book_nets"]


class PointsDealing(SeededDealing):
    """The session hook of a points game (see the module docstring): ``game`` is the engine's
    class (:class:`~bragkit.games.nine_card.NineCardGame`,
    :class:`~bragkit.games.crash.CrashGame`), ``rules`` its rules; the rest as
    :class:`~bragkit.session.SeededDealing`."""

    def __init__(self, game: type[PointsGame[Any, Any]], rules: Any, *,
                 rng: RandomSource = None, buy_in: int = 1, lending: bool = False) -> None:
        super().__init__(rules, rng=rng, buy_in=buy_in, lending=lending)
        self.game = game
        self._booked: dict[str, int] = {}

    def new_game(self, session: Session, event: DealStarted) -> Game:
        """The game to the target, first dealt by the session's dealer (N2), every deal of it
        shuffled from the event's seed (N5)."""
        game = self.game(self.rules, players=session.seats, dealer=event.dealer,
                         rng=event.seed)
        self._booked = dict.fromkeys(session.seats, 0)
        return game

    def book(self, operation: Operation, ledger: Ledger) -> None:
        """The money the game has stated since the last booking (C5 at a deal's end, N7 at the
        game's), as bets and wins."""
        nets: tuple[tuple[str, int], ...] | None = None
        if isinstance(operation, GameWon):
            nets = operation.nets
        elif isinstance(operation, DealEnded):
            nets = getattr(operation, "nets", None)  # a game that settles each deal (C5)
        if nets is not None:
            book_nets(dict(nets), self._booked, ledger)


def book_nets(nets: Mapping[str, int], booked: dict[str, int], ledger: Ledger) -> None:
    """Book the change from ``booked`` (updated) to ``nets``: the losers bet what they lose,
    topping up what their stack lacks (M1 [decision]), then the winners win it.

    >>> ledger = Ledger()
    >>> _ = ledger.buy_in("Ann", 5), ledger.buy_in("Bob", 5)
    >>> booked = {"Ann": 0, "Bob": 0}
    >>> book_nets({"Ann": 8, "Bob": -8}, booked, ledger)
    >>> ledger.stacks(), ledger.nets(), ledger.brought("Bob")
    ({'Ann': 13, 'Bob': 0}, {'Ann': 8, 'Bob': -8}, 8)
    """
    change = {p: n - booked.get(p, 0) for p, n in nets.items()}
    for player, amount in change.items():
        if amount < 0:
            short = -amount - ledger.stack(player)
            if short > 0:
                ledger.top_up(player, short)  # rule M1: no table stakes
            ledger.bet(player, -amount)
    for player, amount in change.items():
        if amount > 0:
            ledger.win(player, amount)
    booked.update(nets)
