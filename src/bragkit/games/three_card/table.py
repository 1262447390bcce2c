"""A session at one table: :class:`Table` plays deal after deal (rules T1, T2 of RULES.md).

A :class:`~bragkit.games.three_card.Deal` is one deal; a table is what carries over between deals:
the seats and the deal passing to the left (D3), the pack in the exact order the hands went
back under it (D5) and shuffled only as D4 says, a pot carried forward and a blind hand kept
(BL3, R1–R3), the stacks, top-ups and loans (M1, M4) in a :class:`~bragkit.ledger.Ledger`, the
dealer's choice of game (T2), and a settlement at the end. A table is the three-card front of
the one :class:`~bragkit.session.Session` of every game: the session with the three-card hook
(:class:`~bragkit.games.three_card.dealing.ThreeCardDealing`); :attr:`Table.session` is its log.

>>> from bragkit.games.three_card.rules import Rules
>>> table = Table(Rules(), seats=["Ann", "Bob", "Cy"], buy_ins=20, rng=7)
>>> deal = table.start_deal()                  # Ann deals the first, shuffled deal (D4)
>>> deal.dealer, deal.to_act, table.ledger.in_pot
('Ann', 'Bob', 3)
>>> for text in ["Bob bet 2", "Cy fold", "Ann fold"]:
...     table.apply(text)                      # the table finishes the deal at its end
>>> table.stacks, table.next_dealer, table.shuffle_due
({'Ann': 19, 'Bob': 22, 'Cy': 19}, 'Bob', False)
>>> len(table.pack), str(table.pack).split()[-3:] == [str(c) for c in deal.cards_of("Bob")]
(52, True)
>>> table.deals[0].actions[0]
Action.parse('Bob bet 2')

Everyone folding to a blind player carries the pot and the hand forward (BL3, R1):

>>> deal = table.start_deal()                  # Bob deals; Cy is at his left
>>> for text in ["Cy blind 1", "Ann fold", "Bob fold"]:
...     table.apply(text)
>>> table.carried_pot, table.retained
(4, 'Cy')
>>> len(table.pack) + len(table.retained_hand)  # every card in one place
52

Players come and go between deals, and the settlement squares everyone (T1):

>>> table.join("Dan", 20)
>>> table.leave("Ann")                         # cashes out her stack
18
>>> table.seats, table.next_dealer
(('Bob', 'Cy', 'Dan'), 'Cy')
>>> table.share_carried_pot()                  # ending the night with a pot still carried
{'Cy': 2, 'Dan': 1, 'Bob': 1}
>>> [str(p) for p in table.settlement()]
['Ann pays Bob 2', 'Cy pays Dan 1']

Decisions the rules leave to the table, taken here:

- **The first dealer** is ``dealer`` (default: the first seat); the deal then passes to the
  left (D3). When the player due to deal leaves, the deal passes to the player at their left.
- **Seats change between deals.** :meth:`Table.join` and :meth:`Table.leave` are refused while a
  deal is in progress. A new player sits down with at least the ``buy_in`` (M1), at the end of
  the seats or to the left of a named player. A player who left and comes back brings the
  buy-in again (the ledger records it as a top-up of the same player).
- **A leaving player** cashes out their whole stack. A blind hand they kept (R1) goes under the
  pack, its cards in the order dealt (as D5 returns every hand); the carried pot stays in the
  middle for the next deal (the leaver gives up any claim to it). Loans stay owed until the
  settlement (M4).
- **The ante (D2).** A seat that cannot pay the ante stops the next deal (:class:`TableError`
  naming the player): they top up, borrow (M4) or leave first.
- **Top-ups (M1)** are taken at any time: during a deal, from a player in it, as the deal's
  ``topup`` action (so its record holds it); otherwise straight onto the stack. Each is a
  ledger entry.
- **Loans (M4).** With ``lending`` on, the deal lends a short player the shortfall (the engine's
  decision), and between deals :meth:`Table.lend` lends any amount; :meth:`Table.repay` pays a
  loan back. Loans still owed are part of the settlement.
- **Two hands won blind again (R2)** keep the new hand unless the winner says otherwise with
  :meth:`Table.keep` before the next deal.
- **Dealer's choice (T2).** Once as many deals have been played as there are seats, plus one,
  the choice is open for the rest of the session: each dealer may name the game with
  :meth:`Table.choose_game` (or the ``chooser`` callback is asked) — which cards are wild,
  whether blind play is allowed, three, four or five cards (:class:`GameChoice`). A named game
  lasts one deal. Jokers are not part of the choice: they are cards of the pack, which carries
  over (D5). While a blind hand is kept (R1) the game it was kept in goes on unless the dealer
  names another of the same size with blind play.
- **Shuffles (D4).** The first deal is shuffled (from ``pack`` when one is given: a pack in a
  known order stands for the shuffle), later deals only after a deal seen and won by a prial
  (or every deal with ``shuffle = "always"``). A retained hand stays out of a shuffle. The
  randomness is injected (``rng``: a seed, a ``random.Random``, or None for :mod:`secrets`); with
  ``fair=True`` every shuffled deal is a commit–reveal shuffle (:mod:`bragkit.fairness`) and
  leaves a :class:`~bragkit.fairness.FairnessProof`. An unshuffled deal needs no proof: its
  pack follows from the last deal.
- **A pot still carried at the end** belongs to nobody yet: :meth:`Table.settlement` refuses it
  until the pot is won, or shared out by :meth:`Table.share_carried_pot` (equal shares, odd
  chips one each from the dealer's left as in B8; the kept hand goes under the pack).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import takewhile
from typing import cast, overload

from bragkit.actions import Action, HandChoice, Verb
from bragkit.cards import Card, Pack, RandomSource
from bragkit.fairness import FairnessProof
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.dealing import Chooser, GameChoice, ThreeCardDealing
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.results import DealResult
from bragkit.games.three_card.rules import Rules
from bragkit.ledger import Ledger, Payment
from bragkit.ownership import Guard
from bragkit.session import (
    DealEnded,
    Joined,
    Kept,
    Left,
    Lent,
    PotShared,
    Repaid,
    Session,
    SessionError,
    ToppedUp,
)

__all__ = [
    "Chooser",
    "DealPlayed",
    "GameChoice",
    "History",
    "Joined",
    "Kept",
    "Left",
    "Lent",
    "PotShared",
    "Repaid",
    "Table",
    "TableError",
    "TableEvent",
    "ToppedUp",
]

TableError = SessionError
"""Something the table cannot do now: :class:`bragkit.session.SessionError`."""


@dataclass(frozen=True, kw_only=True, slots=True)
class DealPlayed:
    """A finished deal: its number (from 1), its ``.bhh`` :attr:`record`
    (:class:`~bragkit.games.three_card.notation.DealRecord`: a finished deal is kept as its record,
    not as its
    :class:`~bragkit.games.three_card.Deal`), its result (after any R2 choice, see
    :class:`Kept`), whether it was shuffled (D4) and its fairness proof (shuffled deals of a
    ``fair`` table).
    """

    number: int
    record: DealRecord
    result: DealResult
    shuffled: bool
    proof: FairnessProof | None = None

    def __str__(self) -> str:
        return f"deal {self.number}, dealt by {self.record.dealer}"


class History(Sequence["TableEvent"]):
    """A read-only view of a table's :attr:`Table.history` (not a copy): it grows as the
    session goes on. The table keeps a number an event (a finished deal's, or where the event
    is in the session's log), and each is read back from the session's packed events and the
    hook's packed deals when asked for: a long session keeps no objects of its past."""

    __slots__ = ("_table",)

    def __init__(self, table: Table) -> None:
        self._table = table

    def __len__(self) -> int:
        return len(self._table._caught_up())

    @overload
    def __getitem__(self, index: int) -> TableEvent: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[TableEvent, ...]: ...

    def __getitem__(self, index: int | slice) -> TableEvent | tuple[TableEvent, ...]:
        table = self._table
        codes = table._caught_up()
        if isinstance(index, slice):
            return tuple(table._event(code) for code in codes[index])
        return table._event(codes[index])

    def __iter__(self) -> Iterator[TableEvent]:
        table = self._table
        codes = table._caught_up()
        return (table._event(codes[i]) for i in range(len(codes)))

    def __repr__(self) -> str:
        return f"<History of {len(self)} events>"


TableEvent = Joined | ToppedUp | Left | Lent | Repaid | Kept | PotShared | DealPlayed
_BETWEEN = (Joined, ToppedUp, Left, Lent, Repaid, Kept, PotShared)


class Table:
    """A session of three-card deals at one table: a :class:`~bragkit.session.Session` with the
    three-card hook (:class:`~bragkit.games.three_card.dealing.ThreeCardDealing`); see the module
    docstring for the decisions.

    ``rules`` are the table's house rules; ``seats`` the players clockwise; ``buy_ins`` what each
    brings (one amount for all, one per seat, or a mapping), at least ``rules.buy_in`` (M1).
    ``dealer`` deals first (default: the first seat). ``rng`` drives the shuffles (a seed, a
    ``random.Random``; None: :mod:`secrets`); ``pack`` fixes the first deal's pack instead.
    ``fair`` makes every shuffle a commit–reveal shuffle (:mod:`bragkit.fairness`), seeded from
    :mod:`secrets` unless ``rng`` is given (tests only). ``chooser`` names the game under
    dealer's choice (T2) when the dealer has not named it with :meth:`choose_game`.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seats: Sequence[str],
        buy_ins: int | Sequence[int] | Mapping[str, int],
        dealer: str | None = None,
        rng: RandomSource = None,
        pack: Pack | str | Sequence[Card] | None = None,
        fair: bool = False,
        chooser: Chooser | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TableError(f"rules must be a Rules object, not {type(rules).__name__}")
        names = list(seats)
        dealing = ThreeCardDealing(rules, rng=rng, pack=pack, fair=fair, chooser=chooser)
        session = Session(dealing, seats=names, buy_ins=buy_ins, dealer=dealer)
        session.book_at_once(dealing.book_since)  # a deal's chips read from its compact log
        self._front(session)

    @classmethod
    def around(cls, session: Session) -> Table:
        """The table fronting ``session``, a session of the three-card hook already open (its
        events are the whole story, so the history is read from them)."""
        table = cls.__new__(cls)
        table._front(session)
        return table

    def _front(self, session: Session) -> None:
        self._session = session
        self._dealing = cast(ThreeCardDealing, session.dealing)
        opening = takewhile(lambda e: isinstance(e, Joined), session.log)  # the opening seats
        self._opening = tuple((e.player, e.amount) for e in opening if isinstance(e, Joined))
        # the history, a number an event: a finished deal's number, or -1 - the event's index in
        # the session's log (an event between deals)
        self._history = array("q")
        self._seen = len(self._opening)  # the session's events read into _history
        self._reading = Guard("the table's history")  # one owner at a time

    @property
    def session(self) -> Session:
        """The session this table fronts (its events are the whole story)."""
        return self._session

    # -- state -----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The table's house rules (a deal under dealer's choice may differ, T2)."""
        return self._dealing.rules

    @property
    def seats(self) -> tuple[str, ...]:
        """The players at the table, clockwise."""
        return self._session.seats

    @property
    def stacks(self) -> dict[str, int]:
        """Each seated player's money now (during a deal, as the deal stands)."""
        return self._session.stacks

    @property
    def ledger(self) -> Ledger:
        """Every money event of the session (rules M1, M4, T1)."""
        return self._session.ledger

    @property
    def current(self) -> Deal | None:
        """The deal in progress, or the last one played until the next starts (None before the
        first). Apply actions through :meth:`apply`."""
        return cast(Deal | None, self._session.current)

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self._session.in_deal

    @property
    def deal_number(self) -> int:
        """How many deals have been started."""
        return self._session.deal_number

    @property
    def next_dealer(self) -> str | None:
        """Who deals next (D3); during a deal, who deals after it."""
        return self._session.next_dealer

    @property
    def carried_pot(self) -> int:
        """The pot carried forward to the next deal (BL3, R1, R3)."""
        return self._dealing.carried_pot

    @property
    def retained(self) -> str | None:
        """The player keeping a blind hand for the next deal (R1), if any."""
        return self._dealing.retained

    @property
    def retained_hand(self) -> tuple[Card, ...]:
        """The kept blind hand (R1), ``()`` if none. Omniscient: never for a player's screen —
        not even its holder's, who has not looked at it (BL6)."""
        return self._dealing.retained_hand

    @property
    def pack(self) -> Pack | None:
        """The pack as it lies between deals, top card first (a copy; D5). Omniscient, for
        tests and records. None before the first deal."""
        return self._dealing.pack

    @property
    def shuffle_due(self) -> bool:
        """Whether the next deal is shuffled (D4)."""
        return self._dealing.shuffle_due

    @property
    def choice_open(self) -> bool:
        """Whether dealers name the game now (rule T2)."""
        return self._session.choice_open

    @property
    def history(self) -> History:
        """Every event of the session after the opening buy-ins, in order (a finished deal as
        a :class:`DealPlayed`): a read-only view that follows the session, not a copy."""
        return History(self)

    def _caught_up(self) -> array[int]:
        """The history's numbers, with the session's events since the last call read in."""
        session = self._session
        if self._seen != session.event_count:
            with self._reading:
                self._catch_up(session)
        return self._history

    def _catch_up(self, session: Session) -> None:
        out, count = self._history, session.event_count
        for index, event in session.events_of((*_BETWEEN, DealEnded), self._seen):
            if index >= count:
                break
            out.append(event.number if isinstance(event, DealEnded) else -1 - index)
        self._seen = count

    def _event(self, code: int) -> TableEvent:
        """The history's event of a number (see :meth:`_caught_up`): a finished deal as its
        record, its result (after a kept hand's choice, R2), its shuffle and proof."""
        if code < 0:
            return cast(TableEvent, self._session.log[-1 - code])
        dealing = self._dealing
        record, result = dealing.record_of(code), dealing.result_of(code)
        assert record is not None and result is not None
        return DealPlayed(number=code, record=record, result=result,
                          shuffled=dealing.was_shuffled(code), proof=dealing.proof_of(code))

    def between_deals(self) -> list[tuple[str, ...]]:
        """The text of the events between deals, as a session's record holds them: those before
        the first deal, then those after each finished deal (one more than the deals).

        >>> table = Table(Rules(), seats=["Ann", "Bob"], buy_ins=20, rng=1)
        >>> _ = table.start_deal()
        >>> table.apply("Bob fold")
        >>> table.join("Cy", 20)
        >>> table.topup("Ann", 5)
        >>> table.between_deals()
        [(), ('Cy joins 20', 'Ann topup 5')]
        """
        texts: list[tuple[str, ...]] = []
        events: list[str] = []
        log = self._session.log
        for code in self._caught_up():
            if code > 0:
                texts.append(tuple(events))
                events = []
            else:
                events.append(str(log[-1 - code]))
        texts.append(tuple(events))
        return texts

    @property
    def opening(self) -> tuple[tuple[str, int], ...]:
        """The seats and buy-ins the table opened with."""
        return self._opening

    @property
    def first_dealer(self) -> str:
        """Who was to deal the first deal when the table opened."""
        first = self._session.first_dealer
        assert first is not None
        return first

    @property
    def deals(self) -> tuple[DealRecord, ...]:
        """The records of the finished deals, in order."""
        records = (self._dealing.record_of(code) for code in self._caught_up() if code > 0)
        return tuple(record for record in records if record is not None)

    @property
    def proofs(self) -> tuple[FairnessProof, ...]:
        """The fairness proofs of the shuffled deals of a ``fair`` table, in order."""
        return self._dealing.proofs()

    @property
    def commitment(self) -> str | None:
        """The published commitment of the next shuffled deal of a ``fair`` table (None when
        the next deal is not shuffled or the table is not fair)."""
        commitment = self._dealing.commitment
        return None if commitment is None else commitment.commitment

    def add_client_seed(self, seed: str) -> None:
        """A player's seed for the next shuffled deal of a ``fair`` table, accepted after the
        commitment is published and before the deal starts."""
        commitment = self._dealing.commitment
        if commitment is None or self.in_deal:
            raise TableError("no shuffled deal is waiting for client seeds")
        commitment.add_client_seed(seed)

    def next_rules(self) -> Rules:
        """The rules the next deal will be played under, as far as they are named (T2)."""
        return self._dealing.rules_of(self._session.named)

    def __repr__(self) -> str:
        state = "in a deal" if self.in_deal else f"{self.next_dealer} to deal"
        return f"<Table {', '.join(self.seats)}: deal {self.deal_number}, {state}>"

    # -- playing ---------------------------------------------------------------------------

    def start_deal(
        self,
        *,
        pack: Pack | str | Sequence[Card] | None = None,
        rules: Rules | None = None,
    ) -> Deal:
        """Start the next deal: the antes, and the cards from the pack (D2, D5, D6).

        ``pack`` is the pack to deal from. It is taken as the shuffle when the deal is shuffled
        (D4); otherwise it must be the pack as the last deal left it (a :class:`TableError`
        names the first card that differs). ``rules`` are the deal's rules: the table's, or
        under dealer's choice the game named (T2).
        """
        session = self._session
        if session.in_deal:
            raise TableError("a deal is in progress: finish it first (rule T1)")
        game = session.named
        if rules is not None:
            checked = self._dealing.check_choice(session, rules)
            game = self._dealing.game_of(checked)
            if game is None and session.named is not None:
                game = str(GameChoice.of(checked))  # the house game, over the one named
        return cast(Deal, session.start_deal(given=pack, game=game))

    def apply(self, action: Action | str) -> None:
        """Apply an action to the deal in progress (see :meth:`Deal.apply
        <bragkit.games.three_card.Deal.apply>`: an illegal one raises
        :class:`~bragkit.errors.IllegalActionError` and changes nothing). At the end of the
        deal the table finishes it: the pot carried or won, a blind hand kept, the pack put
        together (D5), the deal passed to the left (D3)."""
        self._session.apply(action)

    # -- seats and money -------------------------------------------------------------------

    def join(self, name: str, buy_in: int, *, after: str | None = None) -> None:
        """``name`` sits down with ``buy_in`` chips (at least the rules' ``buy_in``, M1), at the
        end of the seats or to the left of ``after``; they are dealt in from the next deal."""
        self._session.join(name, buy_in, after=after)

    def leave(self, name: str) -> int:
        """``name`` leaves between deals, cashing out their whole stack (returned). A blind hand
        they kept goes under the pack (D5); the carried pot stays for the next deal."""
        if self.in_deal:
            raise TableError("players leave only between deals: a deal is in progress")
        return self._session.leave(name)

    def topup(self, name: str, amount: int) -> None:
        """``name`` adds ``amount`` to their stack, at any time (rule M1); during a deal it is
        the deal's ``topup`` action."""
        deal = self.current
        if deal is not None and self.in_deal and name in deal.players:
            self.apply(Action(player=name, verb=Verb.TOPUP, amount=amount))
            return
        self._session.top_up(name, amount)

    def lend(self, lender: str, borrower: str, amount: int) -> None:
        """``lender`` lends ``borrower`` ``amount`` between deals (rule M4, ``lending`` on)."""
        self._session.lend(lender, borrower, amount)

    def repay(self, borrower: str, lender: str, amount: int | None = None) -> int:
        """``borrower`` pays ``lender`` back ``amount`` (default: all still owed) between
        deals; both must be at the table (a debt to one who left is settled at the end)."""
        if self.in_deal:
            raise TableError("loans are repaid only between deals: a deal is in progress")
        return self._session.repay(borrower, lender, amount)

    def keep(self, hand: HandChoice) -> None:
        """The blind winner holding two hands keeps the ``"old"`` or ``"new"`` one, unseen, for
        the next deal (rule R2; the new one unless said otherwise). Before the next deal."""
        if self.in_deal:
            raise TableError("a hand is kept only between deals: a deal is in progress")
        if hand not in ("old", "new"):
            raise TableError(f"keep the 'old' or the 'new' hand, not {hand!r} (rule R2)")
        holder = self.retained
        if holder is None:
            raise TableError("no blind winner holds two hands to choose from (rule R2)")
        self._session.keep(holder, hand)

    def choose_game(self, choice: GameChoice | Rules | None, *, dealer: str | None = None) -> None:
        """The next dealer names the game of the next deal (rule T2); None: the table's own.
        ``dealer``, when given, must be the next dealer."""
        if self.in_deal:
            raise TableError("the game is named only between deals: a deal is in progress")
        if choice is not None and not self.rules.dealers_choice:
            raise TableError("dealer's choice is off at this table (rule T2)")
        if isinstance(choice, Rules):
            game = self._dealing.game_of(self._dealing.check_choice(self._session, choice))
            if game is None:
                choice = GameChoice.of(choice)
        if isinstance(choice, GameChoice):
            rules = self._dealing.check_choice(self._session, choice.rules_from(self.rules))
            game = str(GameChoice.of(rules))
        elif choice is None:
            game = None
        self._session.name_game(game, dealer=dealer)

    def share_carried_pot(self) -> dict[str, int]:
        """End a session with a pot still carried (BL3): share it among the seats, equal
        shares and the odd chips one each from the dealer's left (as B8); a kept blind hand
        goes under the pack. Returns the shares."""
        if self.in_deal:
            raise TableError("the carried pot is shared only between deals: a deal is in "
                             "progress")
        if not self.carried_pot and self.retained is None:
            return {}
        return self._session.share_carried_pot()

    def settlement(self, *, cash_on_table: bool = False) -> list[Payment]:
        """Who pays whom to square the session (rule T1, loans included, M4): see
        :meth:`Ledger.settlement <bragkit.ledger.Ledger.settlement>`. Between deals, with no
        pot carried (win it, or :meth:`share_carried_pot`)."""
        return self._session.settlement(cash_on_table=cash_on_table)

