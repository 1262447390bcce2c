"""One session for every game: :class:`Session`, deal after deal, event-sourced (rules D3, M1, M4,
T1, T2 of RULES.md).

A session is what lasts between the deals of any game of the family: the seats, the deal passing
to the left (D3), the stacks, top-ups and loans (M1, M4) in a :class:`~bragkit.ledger.Ledger`, the
dealer's choice of game (T2) and the settlement (T1). Its state changes **only** by appending a
frozen :data:`SessionEvent`; every event prints as one line and :func:`parse_event` reads it back,
so the log of a session is its text, and :meth:`Session.replay` rebuilds the session from it.

What differs from game to game — how the next deal is set up from the last (the pack carried over,
D4, D5; a carried pot, BL3; a kept blind hand, R1; a points game going on to its target, N7) — is
the game's :class:`Dealing`, a small hook the session calls (see there). The three-card one is
:class:`bragkit.games.three_card.dealing.ThreeCardDealing`; the stake and points games' derive
from :class:`SeededDealing`. Each game of the registry names its hook
(:attr:`GameInfo.dealing <bragkit.games.registry.GameInfo.dealing>`), and
:func:`~bragkit.games.registry.open_session`
seats a session of any game by its name; nothing here asks which game it is.

>>> from bragkit.games.three_card.dealing import ThreeCardDealing
>>> from bragkit.games.three_card.rules import Rules
>>> session = Session(ThreeCardDealing(Rules(), rng=7), seats=["Ann", "Bob", "Cy"], buy_ins=20)
>>> game = session.start_deal()
>>> for text in ["Bob bet 2", "Cy fold", "Ann fold"]:
...     session.apply(text)
>>> session.stacks, session.next_dealer
({'Ann': 19, 'Bob': 22, 'Cy': 19}, 'Bob')
>>> [str(e) for e in session.events[3:]]  # doctest: +ELLIPSIS
['deal 1 by Ann pack ...', '> Bob bet 2', '> Cy fold', '> Ann fold', 'deal 1 ends: Bob wins 5']
>>> again = Session.replay(ThreeCardDealing(Rules()), [str(e) for e in session.events])
>>> again.stacks == session.stacks and again.events == session.events
True
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, Protocol, cast

from bragkit.actions import Action, HandChoice
from bragkit.cards import RandomSource, make_rng
from bragkit.errors import InvalidActionError, RulesError
from bragkit.fairness import FairnessProof, ShuffleCommitment
from bragkit.games.protocol import Game, Operation, Result
from bragkit.games.three_card.betting import split
from bragkit.ledger import Ledger, Payment
from bragkit.ownership import Guard
from bragkit.session_deal import DealInPlay
from bragkit.session_events import (
    DealEnded,
    DealStarted,
    GameNamed,
    Joined,
    Kept,
    Left,
    Lent,
    Played,
    PotShared,
    Repaid,
    SessionError,
    SessionEvent,
    ToppedUp,
    parse_event,
)
from bragkit.session_hook import DealingBase
from bragkit.session_log import EventLog, RecentEvents

__all__ = [
    "DealEnded",
    "DealStarted",
    "Dealing",
    "DealingBase",
    "GameNamed",
    "Joined",
    "Kept",
    "Left",
    "Lent",
    "Played",
    "PotShared",
    "Repaid",
    "SeededDealing",
    "Session",
    "SessionError",
    "SessionEvent",
    "ToppedUp",
    "parse_event",
]


# -- the per-game hook -----------------------------------------------------------------------


class Dealing(Protocol):
    """What a game gives a :class:`Session`: how each deal is set up from the last, and what its
    operations do to the money. One object per session (it holds what carries over between
    deals: a pack, a carried pot, a kept hand, a points game's running score...).

    The session calls, in order: :meth:`plan` (live play only: choose the pack or seed and the
    game, as a :class:`DealStarted`), :meth:`start` (live and in replays: the game of that
    event, set up from the last deal), :meth:`book` (each new operation's chips, into the
    ledger), :meth:`finish` (the game is over: keep what carries over). Between deals:
    :meth:`check_game` (T2), :meth:`seat_left`, :meth:`keep` (R2) and :meth:`share` (BL3).
    A hook may also book a run of a game's operations at once, ``book_since(game, start,
    ledger) -> int`` (booking what :meth:`book` books of each from the ``start``-th operation
    on, and returning how many the game has; the three-card hook reads them from the deal's
    compact log): a front end of its game hands it to :meth:`Session.book_at_once`.
    """

    @property
    def buy_in(self) -> int:
        """The least a player sits down with (M1)."""
        ...

    @property
    def lending(self) -> bool:
        """Whether players may lend between deals (M4)."""
        ...

    @property
    def dealers_choice(self) -> bool:
        """Whether dealers may name the game once the choice opens (T2)."""
        ...

    @property
    def carried_pot(self) -> int:
        """The chips carried forward to the next deal (BL3; 0 where the game has none)."""
        ...

    def plan(self, session: Session, dealer: str, *, game: str | None,
             given: Any = None) -> DealStarted:
        """The next deal as an event: its pack or seed (``given`` is one the caller supplies,
        checked), and its game (``game``: the one named, or None). Raise :class:`SessionError`
        to refuse the deal."""
        ...

    def start(self, session: Session, event: DealStarted) -> Game:
        """The game of ``event``, set up from the last deal (D4, D5, BL3, R1...)."""
        ...

    def book(self, operation: Operation, ledger: Ledger) -> None:
        """Write the chips ``operation`` moves into ``ledger`` (antes, bets, loans, wins). It
        runs after the game took the action, so a game never moves chips a stack lacks."""
        ...

    def finish(self, session: Session, game: Game) -> None:
        """``game`` is over: keep what carries over to the next deal."""
        ...

    def check_game(self, session: Session, game: str) -> None:
        """Raise :class:`SessionError` unless the next dealer may name ``game`` now (T2)."""
        ...

    def seat_left(self, session: Session, player: str) -> None:
        """``player`` left between deals (a kept hand of theirs goes back to the pack)."""
        ...

    def keep(self, session: Session, player: str, hand: HandChoice) -> None:
        """``player`` keeps the ``hand`` of two (R2); :class:`SessionError` if they may not."""
        ...

    def share(self, session: Session) -> None:
        """The carried pot is being shared out (the session moves the chips): clear it."""
        ...

    # -- what a table reads between deals (defaults in :class:`DealingBase`) ------------------

    @property
    def retained(self) -> str | None:
        """Who keeps a blind hand for the next deal (R1); None."""
        ...

    @property
    def shuffle_due(self) -> bool:
        """Whether the next deal is dealt from a fresh shuffle (D4)."""
        ...

    @property
    def commitment(self) -> ShuffleCommitment | None:
        """The published commitment of the next shuffle, at a fair table (D4)."""
        ...

    def was_shuffled(self, number: int) -> bool:
        """Whether deal ``number`` was dealt from a fresh shuffle (D4)."""
        ...

    def result_of(self, number: int) -> Result | None:
        """The result of finished deal ``number`` as it stands (a kept hand, R2, may change
        it); None where the deal's end event says it all."""
        ...

    def record_of(self, number: int) -> Any:
        """The record the hook keeps of finished deal ``number`` (None: the game is its own)."""
        ...

    def proof_of(self, number: int) -> FairnessProof | None:
        """The revealed proof of the shuffle deal ``number`` was dealt from (D4), if fair."""
        ...


class SeededDealing(DealingBase, ABC):
    """The base of the hook of a game whose every deal is a game of its own, dealt from a seed,
    with nothing but the money carried over: the stake games (S, P) and the points games (N,
    C). Such a deal's event names its ``seed``, drawn from ``rng`` (a seed, a
    :class:`random.Random`; None: a secure source), so a replay needs no randomness.

    A subclass makes the game (:meth:`new_game`) and books its operations (:meth:`book`);
    ``rules`` are the game's own, ``buy_in`` the least a player sits down with (M1) and
    ``lending`` whether loans are allowed between deals (M4). There is no dealer's choice (T2),
    no carried pot (BL3) and no kept hand (R2).
    """

    def __init__(self, rules: Any, *, rng: RandomSource = None, buy_in: int = 1,
                 lending: bool = False) -> None:
        if type(buy_in) is not int or buy_in < 1:
            raise SessionError(f"buy_in must be a whole number of chips, at least 1, not "
                               f"{buy_in!r} (rule M1)")
        self.rules = rules
        self._rng = make_rng(rng)
        self._buy_in = buy_in
        self._lending = bool(lending)

    @property
    def buy_in(self) -> int:
        """The least a player sits down with (M1)."""
        return self._buy_in

    @property
    def lending(self) -> bool:
        """Whether players may lend between deals (M4)."""
        return self._lending

    def plan(self, session: Session, dealer: str, *, game: str | None,
             given: Any = None) -> DealStarted:
        """The next deal, with its seed (``given``, or drawn from ``rng``)."""
        if game is not None:
            self.check_game(session, game)
        seed = self._rng.getrandbits(64) if given is None else given
        if type(seed) is not int or seed < 0:
            raise SessionError(f"a deal's seed is a whole number from 0, not {seed!r}")
        return DealStarted(number=session.deal_number + 1, dealer=dealer, seed=seed)

    def start(self, session: Session, event: DealStarted) -> Game:
        """The game of ``event`` for the seats and their stacks (a :class:`SessionError` says
        why it cannot start: too many players, a stack short of a stake...)."""
        if event.game is not None:
            self.check_game(session, event.game)
        if event.seed is None:
            raise SessionError(f"deal {event.number} names no seed: each deal of this game is "
                               "dealt from one")
        try:
            return self.new_game(session, event)
        except RulesError as error:
            raise SessionError(f"deal {event.number} cannot start: {error}") from None

    @abstractmethod
    def new_game(self, session: Session, event: DealStarted) -> Game:
        """The game of ``event`` (``event.seed`` is set), dealt by ``event.dealer``."""

    @abstractmethod
    def book(self, operation: Operation, ledger: Ledger) -> None:
        """Write the chips ``operation`` moves into ``ledger``."""

    def finish(self, session: Session, game: Game) -> None:
        """Nothing carries over but the money."""
        return None

    def check_game(self, session: Session, game: str) -> None:
        """There is no dealer's choice in these games (T2)."""
        raise SessionError("dealer's choice is not played in this game (rule T2)")

    def seat_left(self, session: Session, player: str) -> None:
        """Nothing of a player stays behind."""
        return None

    def keep(self, session: Session, player: str, hand: HandChoice) -> None:
        """No hand is kept in these games (R2)."""
        raise SessionError("no hand is kept in this game (rule R2)")

    def share(self, session: Session) -> None:
        """No pot is carried in these games (BL3)."""
        return None


# -- the session -----------------------------------------------------------------------------


class Session:
    """A session of any game over many deals (see the module docstring).

    ``dealing`` is the game's hook; ``seats`` the players clockwise with their ``buy_ins`` (one
    amount, one per seat, or a mapping), each at least ``dealing.buy_in`` (M1); ``dealer``
    deals first (default: the first seat). The opening seats are the first events.
    """

    _next_dealer: str | None
    _first_dealer: str | None

    def __init__(self, dealing: Dealing, *, seats: Sequence[str],
                 buy_ins: int | Sequence[int] | Mapping[str, int],
                 dealer: str | None = None) -> None:
        names = list(seats)
        amounts = _amounts(buy_ins, names)
        self._open(dealing)
        for name, amount in zip(names, amounts, strict=True):
            self.append(Joined(player=name, amount=amount))
        if len(self._seats) < 2:
            raise SessionError(f"a table needs two or more players, not {len(self._seats)} "
                               "(rule D1)")
        if dealer is not None and dealer not in self._seats:
            raise SessionError(f"the dealer {dealer!r} is not one of the seats")
        self._first_dealer = self._next_dealer = dealer or self._next_dealer

    def _open(self, dealing: Dealing) -> None:
        self._guard = Guard("the session")
        self._dealing = dealing
        self._seats: list[str] = []
        self._ledger = Ledger()
        self._events = EventLog()  # packed: a finished deal costs a few dozen bytes
        self._dealers: list[str] = []  # one per deal started; a finished deal's game is dropped
        self._deal = DealInPlay(dealing.book, self._ledger)  # the deal in progress, its chips
        self._next_dealer = None
        self._first_dealer = None
        self._named: str | None = None
        self._choice_open = False

    @classmethod
    def replay(cls, dealing: Dealing, events: Iterable[SessionEvent | str], *,
               dealer: str | None = None) -> Session:
        """The session ``events`` (or their text) describe, played again with a fresh ``dealing``
        (``dealer``: the first to deal, default the first to sit), each checked as when appended."""
        session = cls.__new__(cls)
        session._open(dealing)
        for event in events:
            if isinstance(event, str):
                event = parse_event(event, players=session._seats)
            session.append(event)
            if session._first_dealer is None and session._next_dealer is not None:
                session._first_dealer = session._next_dealer
            if dealer is not None and len(session._events) == 1:
                session._next_dealer = session._first_dealer = dealer
        return session

    def keep_recent_events(self) -> None:
        """Count the events from now on, keeping only the last deal's (RecentEvents)."""
        self._events = RecentEvents(len(self._events))

    def book_at_once(self, book_since: Callable[[Game, int, Ledger], int]) -> None:
        """Book each run of a deal's operations with the hook's ``book_since`` (DealInPlay)."""
        self._deal.book_since = book_since

    # -- state -----------------------------------------------------------------------------

    @property
    def dealing(self) -> Dealing:
        """The game's hook."""
        return self._dealing

    @property
    def events(self) -> tuple[SessionEvent, ...]:
        """Every event, the opening seats first."""
        return tuple(self._events)

    @property
    def event_count(self) -> int:
        """How many events there are (without copying them)."""
        return len(self._events)

    @property
    def log(self) -> Sequence[SessionEvent]:
        """Every event, a read-only view that follows the session (its past events packed)."""
        return self._events

    def events_of(self, kinds: tuple[type, ...], start: int = 0
                  ) -> Iterator[tuple[int, SessionEvent]]:
        """The events of ``kinds`` from the ``start``-th on, with their indices (unread others)."""
        return self._events.of_kinds(kinds, start)

    def events_from(self, start: int) -> list[SessionEvent]:
        """The events from the ``start``-th on (copying only those)."""
        return self._events.since(start)

    @property
    def seats(self) -> tuple[str, ...]:
        """The players at the table, clockwise."""
        return tuple(self._seats)

    @property
    def stacks(self) -> dict[str, int]:
        """Each seated player's chips now (during a deal, as the deal stands)."""
        return {name: self._ledger.stack(name) for name in self._seats}

    @property
    def ledger(self) -> Ledger:
        """Every money event of the session (M1, M4, T1)."""
        return self._ledger

    @property
    def current(self) -> Game | None:
        """The deal in progress, or the last one (None before the first)."""
        return self._deal.game

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self._deal.playing

    @property
    def deal_number(self) -> int:
        """How many deals have been started."""
        return len(self._dealers)

    @property
    def first_dealer(self) -> str | None:
        """Who was to deal first."""
        return self._first_dealer

    @property
    def next_dealer(self) -> str | None:
        """Who deals next (D3); during a deal, who deals after it."""
        if self.in_deal:
            return _left_of(self._seats, self._dealers[-1])
        return self._next_dealer

    @property
    def named(self) -> str | None:
        """The game the next dealer has named (T2), None for the table's own."""
        return self._named

    @property
    def choice_open(self) -> bool:
        """Whether dealers name the game now (T2): once the deal has gone round the table and
        one more."""
        return self._choice_open

    # -- the one way to change it ------------------------------------------------------------

    def append(self, event: SessionEvent) -> None:
        """Check ``event`` against the session and apply it; an event refused changes nothing
        (nor does one appended while another thread changes the session: ConcurrentUseError)."""
        with self._guard:
            self._append(event)

    def _append(self, event: SessionEvent) -> None:
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise SessionError(f"{event!r} is not a session event")
        recorded = handler(self, event)
        self._events.append(event if recorded is None else recorded)

    # -- doing things (each appends one event or more) --------------------------------------

    def start_deal(self, *, given: Any = None, game: str | None = None) -> Game:
        """Start the next deal (``given``: a pack or seed for the game's :meth:`Dealing.plan`;
        ``game``: the game named for it, default the one named with :meth:`name_game`)."""
        self._between("a deal starts", "a deal is in progress: finish it first (rule T1)")
        dealer = self._next_dealer
        if dealer is None or len(self._seats) < 2:
            raise SessionError(f"a deal needs two or more players, not {len(self._seats)} "
                               "(rule D1)")
        chosen = game if game is not None else self._named
        event = self._dealing.plan(self, dealer, game=chosen, given=given)
        with self._guard:  # the deal's start and, if it is over at once, its end (one change)
            self._append(event)
            self._end_if_over()
        assert self._deal.game is not None
        return self._deal.game

    def apply(self, action: Action | str) -> None:
        """An action of the deal in progress; at its end the deal ends (its result booked)."""
        game = self._deal.in_play()
        if isinstance(action, str):
            text = action
            try:
                action = Action.parse(text, players=game.players)
            except InvalidActionError:
                game.check(text)  # the game's own words for what is wrong
                raise
        self.apply_all((action,))

    def apply_all(self, actions: Iterable[Action]) -> None:
        """Actions of the deal in progress in order, each as :meth:`apply` takes it, as one
        change; their chips are booked after the last (a record's deal read, all at once). An
        illegal one raises as :meth:`apply` would, those before it applied and booked."""
        with self._guard:  # the actions and the deal's end, as one change (one owner at a time)
            try:
                self._deal.apply_all(actions, self._events)
            finally:
                self._end_if_over()

    def join(self, name: str, buy_in: int, *, after: str | None = None) -> None:
        """``name`` sits down with ``buy_in`` (M1), at the end or to the left of ``after``."""
        self.append(Joined(player=name, amount=buy_in, after=after))

    def leave(self, name: str) -> int:
        """``name`` leaves between deals, cashing out their whole stack (returned)."""
        self._seated(name)
        amount = self._ledger.stack(name)
        self.append(Left(player=name, amount=amount))
        return amount

    def top_up(self, name: str, amount: int) -> None:
        """``name`` adds ``amount`` to their stack outside a deal they are in (M1)."""
        self.append(ToppedUp(player=name, amount=amount))

    def lend(self, lender: str, borrower: str, amount: int) -> None:
        """``lender`` lends ``borrower`` ``amount`` between deals (M4)."""
        self.append(Lent(lender=lender, borrower=borrower, amount=amount))

    def repay(self, borrower: str, lender: str, amount: int | None = None) -> int:
        """``borrower`` pays ``lender`` back ``amount`` (default: all still owed); returned."""
        self._seated(borrower, lender)
        if amount is None:
            amount = self._ledger.debts().get((borrower, lender), 0)
        self.append(Repaid(borrower=borrower, lender=lender, amount=amount))
        return amount

    def keep(self, player: str, hand: HandChoice) -> None:
        """``player``, a blind winner with two hands, keeps ``hand`` (R2)."""
        self.append(Kept(player=player, hand=hand))

    def name_game(self, game: str | None, *, dealer: str | None = None) -> None:
        """The next dealer names the next deal's game (T2); None: the table's own."""
        if dealer is None:
            dealer = self._next_dealer
        if dealer is None:
            raise SessionError("no one is at the table to name the game (rule T2)")
        self.append(GameNamed(dealer=dealer, game=game))

    def share_carried_pot(self) -> dict[str, int]:
        """Share a pot still carried among the seats (equal shares, odd chips one each from
        the dealer's left, as B8); returns the shares."""
        self.append(PotShared())
        return dict(cast(PotShared, self._events[-1]).shares)

    def settlement(self, *, cash_on_table: bool = False) -> list[Payment]:
        """Who pays whom to square the session (T1, loans included, M4)."""
        self._between("the session is settled")
        carried = self._dealing.carried_pot
        if carried:
            raise SessionError(f"{carried} chips are carried forward (rule BL3): play on until "
                               "the pot is won, or share it out first")
        return self._ledger.settlement(cash_on_table=cash_on_table)

    def __repr__(self) -> str:
        state = "in a deal" if self.in_deal else f"{self._next_dealer} to deal"
        return f"<Session {', '.join(self._seats)}: deal {self.deal_number}, {state}>"

    # -- applying events ---------------------------------------------------------------------

    def _joined(self, event: Joined) -> None:
        self._between("players join")
        name, amount = event.player, event.amount
        _check_name(name)
        if name in self._seats:
            raise SessionError(f"{name} is already at the table")
        if event.after is not None:
            self._seated(event.after)
        least = max(self._dealing.buy_in, 1)
        _check_chips(amount, least, f"{name} must bring at least {least} to sit down")
        if name in self._ledger.players:
            self._ledger.top_up(name, amount)  # a returning player (M1)
        else:
            self._ledger.buy_in(name, amount)
        if event.after is None:
            self._seats.append(name)
        else:
            self._seats.insert(self._seats.index(event.after) + 1, name)
        if self._next_dealer is None:
            self._next_dealer = name

    def _topped_up(self, event: ToppedUp) -> None:
        self._seated(event.player)
        game = self._deal.game
        if self.in_deal and game is not None and event.player in game.players:
            raise SessionError(f"{event.player} is in the deal: a top-up is the deal's action "
                               "(rule M1)")
        _check_chips(event.amount, 1, "a top-up is a whole number of chips, at least 1")
        self._ledger.top_up(event.player, event.amount)

    def _left(self, event: Left) -> None:
        self._between("players leave")
        name = event.player
        self._seated(name)
        stack = self._ledger.stack(name)
        if event.amount != stack:
            raise SessionError(f"{name} leaves with {stack}, not {event.amount} (rule T1)")
        self._dealing.seat_left(self, name)
        if self._next_dealer == name:
            following = _left_of(self._seats, name)
            self._next_dealer = None if following == name else following
        self._seats.remove(name)
        if stack:
            self._ledger.cash_out(name, stack)

    def _lent(self, event: Lent) -> None:
        self._between("loans are made")
        if not self._dealing.lending:
            raise SessionError("lending is off at this table (rule M4)")
        self._seated(event.lender, event.borrower)
        self._ledger.lend(event.lender, event.borrower, event.amount)

    def _repaid(self, event: Repaid) -> None:
        self._between("loans are repaid")
        self._seated(event.borrower, event.lender)
        self._ledger.repay(event.borrower, event.lender, event.amount)

    def _kept(self, event: Kept) -> None:
        self._between("a hand is kept")
        self._dealing.keep(self, event.player, event.hand)

    def _pot_shared(self, event: PotShared) -> PotShared:
        self._between("the carried pot is shared")
        if not self._seats:
            raise SessionError("no one is at the table to share the carried pot")
        shares = _shares(self._dealing.carried_pot, self._seats, self._next_dealer)
        self._dealing.share(self)
        for name, amount in shares.items():
            self._ledger.win(name, amount)
        return replace(event, shares=shares)

    def _game_named(self, event: GameNamed) -> None:
        self._between("the game is named")
        if event.dealer != self._next_dealer:
            raise SessionError(f"only the dealer names the game: {self._next_dealer} deals "
                               f"next, not {event.dealer} (rule T2)")
        if event.game is not None:
            self._dealing.check_game(self, event.game)
        self._named = event.game

    def _deal_started(self, event: DealStarted) -> None:
        self._between("a deal starts", "a deal is in progress: finish it first (rule T1)")
        number = len(self._dealers) + 1
        if event.number != number:
            raise SessionError(f"deal {event.number} cannot start: deal {number} is next")
        if event.dealer != self._next_dealer:
            raise SessionError(f"{event.dealer} deals, but the deal passes to "
                               f"{self._next_dealer} (rule D3)")
        game = self._dealing.start(self, event)
        self._ledger.begin_deal(number)
        self._dealers.append(sys.intern(event.dealer))  # one string a dealer, not one a deal
        self._named = None
        self._deal.start(game)

    def _played(self, event: Played) -> None:
        self._deal.in_play().apply(event.action)
        self._deal.book()

    def _deal_ended(self, event: DealEnded) -> None:
        game = self._deal.game
        if game is None or not self._deal.playing or not game.over or (
                event.number != len(self._dealers)):
            raise SessionError(f"deal {event.number} has not ended")
        winners = dict(game.result.winners)
        if winners != dict(event.winners):
            raise SessionError(f"deal {event.number} ended with winners {winners}, not "
                               f"{dict(event.winners)}")
        self._deal.playing = False
        self._dealing.finish(self, game)
        self._next_dealer = _left_of(self._seats, self._dealers[-1])  # rule D3
        if event.number >= len(self._seats) + 1 and self._dealing.dealers_choice:
            self._choice_open = True  # rule T2: round the table and one more

    # -- helpers -----------------------------------------------------------------------------

    def _end_if_over(self) -> None:
        """End the deal in progress when its game is over, however it got there (started over,
        or over after any action): the session is never left in a finished deal (T1)."""
        game = self._deal.game
        if self._deal.playing and game is not None and game.over:
            self._append(DealEnded(number=len(self._dealers), winners=dict(game.result.winners)))

    def dealer_of(self, number: int) -> str:
        """Who dealt deal ``number`` (from 1; D3)."""
        if not 1 <= number <= len(self._dealers):
            raise SessionError(f"deal {number} has not been dealt")
        return self._dealers[number - 1]

    def _between(self, what: str, message: str | None = None) -> None:
        if self._deal.playing:
            raise SessionError(message or f"{what} only between deals: a deal is in progress")

    def _seated(self, *names: str) -> None:
        for name in names:
            if name not in self._seats:
                raise SessionError(f"{name!r} is not at the table")


_HANDLERS: Final[dict[type[Any], Any]] = {
    Joined: Session._joined,
    ToppedUp: Session._topped_up,
    Left: Session._left,
    Lent: Session._lent,
    Repaid: Session._repaid,
    Kept: Session._kept,
    PotShared: Session._pot_shared,
    GameNamed: Session._game_named,
    DealStarted: Session._deal_started,
    Played: Session._played,
    DealEnded: Session._deal_ended,
}


def _left_of(seats: Sequence[str], name: str) -> str | None:
    """The seat at ``name``'s left among ``seats`` (D3); ``name`` may have just left the table.

    >>> _left_of(["Ann", "Bob", "Cy"], "Cy"), _left_of(["Ann", "Bob"], "Dee"), _left_of([], "Dee")
    ('Ann', 'Ann', None)
    """
    if name in seats:
        i = seats.index(name)
        return seats[(i + 1) % len(seats)]
    return seats[0] if seats else None


def _shares(pot: int, seats: list[str], first: str | None) -> dict[str, int]:
    """``pot`` in equal shares, the odd chips one each from ``first`` on (as B8)."""
    i = seats.index(first) if first is not None else 0
    return {p: n for p, n in split(pot, seats[i:] + seats[:i]).items() if n}


def _amounts(buy_ins: int | Sequence[int] | Mapping[str, int], names: list[str]) -> list[int]:
    if isinstance(buy_ins, int):
        return [buy_ins] * len(names)
    if isinstance(buy_ins, Mapping):
        missing = [n for n in names if n not in buy_ins]
        if missing or len(buy_ins) != len(names):
            raise SessionError("buy_ins must give one amount for each seat")
        return [buy_ins[n] for n in names]
    amounts = list(buy_ins)
    if len(amounts) != len(names):
        raise SessionError(f"{len(amounts)} buy-ins for {len(names)} seats")
    return amounts


def _check_chips(amount: object, least: int, message: str) -> None:
    if type(amount) is not int or amount < least:
        raise SessionError(f"{message}, not {amount!r} (rule M1)")


def _check_name(name: object) -> None:
    if (not isinstance(name, str) or not name or name != name.strip() or not name.isprintable()
            or name == "showdown"):
        raise SessionError(f"{name!r} is not a player's name")
