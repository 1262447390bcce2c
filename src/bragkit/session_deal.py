"""The deal a :class:`~bragkit.session.Session` is playing: :class:`DealInPlay`, which the session
owns. It holds the deal's game (the last one once it is over, until the next starts), whether it
is in progress, and books its chips into the session's :class:`~bragkit.ledger.Ledger`: it reads
the game's operations it has not booked yet and hands each to the game's hook
(:meth:`Dealing.book <bragkit.session.Dealing.book>`), which writes the chips it moves. Booking
after each action or after a deal's whole list of them (a record read, :meth:`apply_all`) books
the same entries in the same order: each operation once, in the order the game made them.

>>> from bragkit.games.three_card.dealing import ThreeCardDealing
>>> from bragkit.games.three_card.deal import Deal
>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.session_log import EventLog
>>> ledger = Ledger()
>>> for name in ("Ann", "Bob"):
...     _ = ledger.buy_in(name, 10)
>>> play = DealInPlay(ThreeCardDealing(Rules()).book, ledger)
>>> play.start(Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10]))
>>> log = EventLog()
>>> play.apply_all([Action.parse("Ann bet 2")], log)
>>> play.book()  # nothing new: nothing booked twice
>>> [str(entry) for entry in ledger.entries[2:]], [str(event) for event in log]
(['deal 0: Ann ante 1', 'deal 0: Bob ante 1', 'deal 0: Ann bet 2'], ['> Ann bet 2'])
>>> play.apply_all([Action.parse("Ann bet 2")], log)  # Bob's turn: refused, nothing logged
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: it is Bob's turn, not Ann's (rule B11)
>>> len(log), play.playing, play.game.over
(1, True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bragkit.actions import Action
from bragkit.games.protocol import Game, Operation
from bragkit.ledger import Ledger
from bragkit.session_events import Played, SessionError
from bragkit.session_log import EventLog

__all__ = ["DealInPlay"]


class DealInPlay:
    """The deal of a session (see the module docstring): ``book`` is the hook's
    :meth:`~bragkit.session.Dealing.book`, ``ledger`` the session's; ``book_since``, if the
    hook has one, books a game's operations from a given one on at once, as ``book`` books
    each, and returns how many operations the game has (it may book them without making
    them): set by :meth:`Session.book_at_once <bragkit.session.Session.book_at_once>`."""

    __slots__ = ("_book", "_ledger", "_seen", "book_since", "game", "playing")

    #: The deal in progress, or the last one played until the next starts (None before).
    game: Game | None
    #: Whether the deal is in progress.
    playing: bool

    def __init__(self, book: Callable[[Operation, Ledger], None], ledger: Ledger,
                 book_since: Callable[[Game, int, Ledger], int] | None = None) -> None:
        self._book = book
        self.book_since = book_since
        self._ledger = ledger
        self._seen = 0
        self.game = None
        self.playing = False

    def start(self, game: Game) -> None:
        """``game`` is the deal in progress: book it from its first operation on (what it did as
        it started)."""
        self.game = game
        self.playing = True
        self._seen = 0
        self.book()

    def in_play(self) -> Game:
        """The game of the deal in progress (:class:`SessionError` if none is)."""
        if not self.playing or self.game is None:
            raise SessionError("no deal is in progress: start one first")
        return self.game

    def apply_all(self, actions: Iterable[Action], log: EventLog) -> None:
        """Apply ``actions`` to the game in order, each logged as :class:`Played` once taken,
        then book them; an illegal one raises the game's error (one after the deal's end
        :class:`SessionError`, as :meth:`Session.apply <bragkit.session.Session.apply>` would),
        those before it kept."""
        game = self.in_play()
        apply, played = game.apply, []
        try:
            for action in actions:
                if game.over:  # the session ends a deal that is over before its next action
                    raise SessionError("no deal is in progress: start one first")
                apply(action)
                played.append(Played(action=action))
        finally:
            log.extend(played)
            self.book()

    def book(self) -> None:
        """Book the operations of the deal not booked yet, in order."""
        game = self.game
        assert game is not None
        if self.book_since is not None:
            self._seen = self.book_since(game, self._seen, self._ledger)
            return
        ops = game.operations_since(self._seen)
        book, ledger = self._book, self._ledger
        for op in ops:
            book(op, ledger)
        self._seen += len(ops)
