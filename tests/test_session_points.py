"""The session is the game's, not the three-card family's: a toy points game played to a target
with stakes per point (the shape of N7 and C5) plugs into :class:`bragkit.session.Session`
through a :class:`~bragkit.session.Dealing` of a dozen lines, and gets seats, dealer rotation
(D3), top-ups and loans (M1, M4), the ledger and settlement (T1) and a replayable log."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, HandChoice, LegalAction, Verb
from bragkit.errors import IllegalActionError
from bragkit.games.protocol import Game, Operation
from bragkit.ledger import Ledger
from bragkit.session import DealStarted, Session, SessionError


@dataclass(frozen=True, kw_only=True, slots=True)
class Paid(Operation):
    """At the end of the game, ``payer`` pays ``payee`` ``amount`` (stakes per point, N7)."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Won:
    winners: dict[str, int]


@dataclass(frozen=True, kw_only=True, slots=True)
class Seen:
    points: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"points": dict(self.points)}


class Bids:
    """Each round every player, from the dealer's left, bids 0-3; the highest bid wins a point
    (a tie: one of the highest, drawn from the deal's seed); the first to ``target`` points
    wins ``stake`` per point of difference from each."""

    def __init__(self, players: Sequence[str], dealer: str, *, stake: int, target: int,
                 stacks: dict[str, int], seed: int) -> None:
        i = players.index(dealer)
        self._rng = random.Random(seed)  # ties go to a drawn player: a game dealt from a seed
        self._stacks = stacks
        self.players = tuple(players)
        self._order = (*players[i + 1:], *players[:i + 1])
        self._stake, self._target = stake, target
        self.points = dict.fromkeys(players, 0)
        self._bids: dict[str, int] = {}
        self._ops: list[Operation] = []

    @property
    def over(self) -> bool:
        return max(self.points.values()) >= self._target

    @property
    def to_act(self) -> str | None:
        return None if self.over else self._order[len(self._bids)]

    @property
    def result(self) -> Won | None:
        if not self.over:
            return None
        winners: dict[str, int] = {}
        for op in self._ops:
            if isinstance(op, Paid):
                winners[op.payee] = winners.get(op.payee, 0) + op.amount
        return Won(winners=winners)

    @property
    def operations(self) -> Sequence[Operation]:
        return tuple(self._ops)

    def operations_since(self, start: int) -> Sequence[Operation]:
        return tuple(self._ops[start:])

    def legal_actions(self, player: str | None = None) -> Sequence[LegalAction]:
        who = self.to_act
        if who is None or player not in (None, who):
            return ()
        return (LegalAction(player=who, verb=Verb.BET, min_amount=0, max_amount=3),)

    def check(self, action: Action | str) -> None:
        if isinstance(action, str):
            action = Action.parse(action, players=self.players, verbs=[Verb.BET])
        if not any(action in option for option in self.legal_actions()):
            raise IllegalActionError(f"{action} is not a bid of {self.to_act}", rule="N7")

    def can_apply(self, action: Action | str) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | str) -> None:
        self.check(action)
        if isinstance(action, str):
            action = Action.parse(action, players=self.players)
        assert action.player is not None and action.amount is not None
        self._bids[action.player] = action.amount
        if len(self._bids) < len(self.players):
            return
        top = max(self._bids.values())
        leaders = [p for p, bid in self._bids.items() if bid == top]
        self.points[self._rng.choice(leaders)] += 1
        self._bids = {}
        if self.over:
            best = max(self.points, key=lambda p: self.points[p])
            for p in self.players:
                owed = min((self.points[best] - self.points[p]) * self._stake, self._stacks[p])
                if owed:
                    self._ops.append(Paid(payer=p, payee=best, amount=owed))

    def view(self, player: str | None = None) -> Seen:
        return Seen(points=dict(self.points))


class BidsDealing:
    """The whole hook of a game that carries nothing over between deals. (A game must never
    move more chips than a stack holds: the ledger refuses it, and :meth:`book` is called after
    the game has taken the action.)"""

    buy_in, lending, dealers_choice, carried_pot = 10, True, False, 0

    def __init__(self, *, stake: int = 2, target: int = 3, seed: int = 0) -> None:
        self.stake, self.target = stake, target
        self.rng = random.Random(seed)

    def plan(self, session: Session, dealer: str, *, game: str | None,
             given: Any = None) -> DealStarted:
        seed = self.rng.getrandbits(64) if given is None else given
        return DealStarted(number=session.deal_number + 1, dealer=dealer, seed=seed)

    def start(self, session: Session, event: DealStarted) -> Game:
        if event.seed is None:
            raise SessionError(f"deal {event.number} names no seed")
        return Bids(session.seats, event.dealer, stake=self.stake, target=self.target,
                    stacks=session.stacks, seed=event.seed)

    def book(self, operation: Operation, ledger: Ledger) -> None:
        if isinstance(operation, Paid):
            ledger.bet(operation.payer, operation.amount)
            ledger.win(operation.payee, operation.amount)

    def finish(self, session: Session, game: Game) -> None:
        pass

    def check_game(self, session: Session, game: str) -> None:
        raise SessionError("no dealer's choice in this game (rule T2)")

    def seat_left(self, session: Session, player: str) -> None:
        pass

    def keep(self, session: Session, player: str, hand: HandChoice) -> None:
        raise SessionError("no hands are kept in this game (rule R2)")

    def share(self, session: Session) -> None:
        pass


def test_a_points_game_to_its_target_settles_stakes_per_point() -> None:
    session = Session(BidsDealing(stake=2, target=2), seats=["Ann", "Bob", "Cy"], buy_ins=50)
    game = session.start_deal()
    assert game.to_act == "Bob"  # the dealer's left (D3)
    for bid in ["Bob bet 3", "Cy bet 1", "Ann bet 0", "Bob bet 2", "Cy bet 0", "Ann bet 1"]:
        session.apply(bid)
    assert not session.in_deal and session.next_dealer == "Bob"
    assert session.stacks == {"Ann": 46, "Bob": 58, "Cy": 46}  # 2 points x 2 from each (N7)
    assert str(session.events[-1]) == "deal 1 ends: Bob wins 8"
    assert str(session.events[3]).startswith("deal 1 by Ann seed ")
    assert [str(p) for p in session.settlement()] == ["Ann pays Bob 4", "Cy pays Bob 4"]
    with pytest.raises(SessionError, match=r"no hands are kept in this game \(rule R2\)"):
        session.keep("Bob", "old")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), deals=st.integers(1, 12))
def test_any_game_session_replays_from_its_text(seed: int, deals: int) -> None:
    """Seats, rotation (D3), top-ups and loans (M1, M4) and the ledger (T1) work for a game the
    session knows nothing of, and its log replays to the same session (ties are drawn from each
    deal's seed, so a replay that did not take the seeds from the log would differ)."""
    rng = random.Random(seed)
    session = Session(BidsDealing(seed=seed), seats=["A", "B", "C"], buy_ins=200)
    dealers = []
    for number in range(deals):
        if rng.random() < 0.3:
            session.top_up(rng.choice(session.seats), rng.randint(1, 9))
        if rng.random() < 0.3:
            lender, borrower = rng.sample(list(session.seats), 2)
            if session.stacks[lender]:
                session.lend(lender, borrower, rng.randint(1, min(9, session.stacks[lender])))
        if rng.random() < 0.2 and "D" not in session.seats:
            session.join("D", 30, after=rng.choice(session.seats))
        elif rng.random() < 0.1 and len(session.seats) > 2:
            session.leave(rng.choice(session.seats))
        dealers.append(session.next_dealer)
        session.start_deal()
        while session.in_deal and not (number == deals - 1 and rng.random() < 0.05):
            session.apply(Action(player=session.current.to_act if session.current else None,
                                 verb=Verb.BET, amount=rng.randint(0, 3)))
    # another hook's randomness: the seeds of the deals come from the log
    again = Session.replay(BidsDealing(seed=seed + 1), [str(e) for e in session.events])
    assert again.events == session.events
    assert again.stacks == session.stacks and again.ledger == session.ledger
    assert again.next_dealer == session.next_dealer and again.in_deal == session.in_deal
    ledger = session.ledger
    assert sum(ledger.nets().values()) + ledger.in_pot == 0
    for before, after in itertools.pairwise(dealers):
        assert before != after  # the deal passes on (D3)
