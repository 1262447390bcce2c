"""The stake games' part of a session: :class:`StakeDealing`, the
:class:`~bragkit.session.Dealing` hook of historic Brag (single stake, three stakes) and 3 Card
Brag Poker (rules S2, S4, P1, D3, M1, T1).

Each deal of the session is one deal of the engine (a
:class:`~bragkit.games.stake_game.StakeGame`) for the seats with their stacks, dealt by the
session's dealer (D3) from a pack shuffled by the deal's seed; nothing carries over but the
money. Its operations move the chips: a stake or a blind posted and an action's chips are
bets, a pot's chips awarded (a win, a stake taken back) are wins, and the forfeit of S2, paid
from one player to another, is the payer's bet and the payee's win. A deal's end names what each
winner took.

>>> from bragkit.games.brag_poker import BragPoker, BragPokerRules
>>> from bragkit.session import Session
>>> hook = StakeDealing(BragPoker, BragPokerRules(), rng=3)
>>> session = Session(hook, seats=["Ann", "Bob"], buy_ins=30)
>>> deal = session.start_deal()
>>> deal.dealer, deal.to_act                  # Ann deals: Bob posts the small blind, Ann the big
('Ann', 'Bob')
>>> session.apply("Bob drop")
>>> session.stacks, str(session.events[-1])
({'Ann': 31, 'Bob': 29}, 'deal 1 ends: Ann wins 3')
"""

from __future__ import annotations

from typing import Any

from bragkit.cards import RandomSource
from bragkit.errors import RulesError
from bragkit.games.protocol import Game, Operation
from bragkit.games.stake_game import StakeGame
from bragkit.games.stake_operations import Acted, Awarded, Paid, Posted
from bragkit.ledger import Ledger
from bragkit.session import DealStarted, SeededDealing, Session

__all__ = ["StakeDealing"]


class StakeDealing(SeededDealing):
    """The session hook of a stake game (see the module docstring): ``game`` is the engine's
    class (:class:`~bragkit.games.historic.SingleStakeBrag`,
    :class:`~bragkit.games.historic.ThreeStakeBrag`,
    :class:`~bragkit.games.brag_poker.BragPoker`), ``rules`` its rules; the rest as
    :class:`~bragkit.session.SeededDealing`."""

    def __init__(self, game: type[StakeGame[Any]], rules: Any, *, rng: RandomSource = None,
                 buy_in: int = 1, lending: bool = False) -> None:
        super().__init__(rules, rng=rng, buy_in=buy_in, lending=lending)
        self.game = game

    def restake(self, rules: Any) -> None:
        """The next deals are played under ``rules`` (the game's own rules class; a
        sit-and-go's rising stake): each deal is a game of its own, so nothing else changes."""
        if type(rules) is not type(self.rules):
            raise RulesError(f"rules must be a {type(self.rules).__name__} object, not "
                             f"{type(rules).__name__}")
        self.rules = rules

    def new_game(self, session: Session, event: DealStarted) -> Game:
        """The deal for the seats and their stacks, dealt by ``event.dealer`` (D3)."""
        return self.game(self.rules, players=session.seats, dealer=event.dealer,
                         stacks=session.stacks, rng=event.seed)

    def book(self, operation: Operation, ledger: Ledger) -> None:
        """The chips of one operation (S2, S4, P1, P2): stakes, blinds and calls are bets,
        awards are wins, the forfeit (S2) a bet and a win."""
        if isinstance(operation, Posted):
            ledger.bet(operation.player, operation.amount)
        elif isinstance(operation, Acted):
            if operation.paid:
                player = operation.action.player
                assert player is not None
                ledger.bet(player, operation.paid)
        elif isinstance(operation, Awarded):
            ledger.win(operation.player, operation.amount)
        elif isinstance(operation, Paid):
            ledger.bet(operation.payer, operation.amount)
            ledger.win(operation.payee, operation.amount)
