"""A session at one table: :class:`Table` plays deal after deal (rules T1, T2 of RULES.md).

A :class:`~bragkit.games.three_card.Deal` is one deal; a table is what carries over between deals:
the seats and the deal passing to the left (D3), the pack in the exact order the hands went
back under it (D5) and shuffled only as D4 says, a pot carried forward and a blind hand kept
(BL3, R1–R3), the stacks, top-ups and loans (M1, M4) in a :class:`~bragkit.ledger.Ledger`, the
dealer's choice of game (T2), and a settlement at the end.

>>> from bragkit.rules import Rules
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

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from bragkit.actions import Action, HandChoice, Verb
from bragkit.cards import Card, Pack, RandomSource, make_rng, parse_cards
from bragkit.errors import BragError, InvalidCardError
from bragkit.fairness import FairnessProof, ShuffleCommitment
from bragkit.games.betting import split
from bragkit.games.operations import Acted, AnteTaken, Loan, PotAwarded
from bragkit.games.results import DealResult
from bragkit.games.three_card import Deal
from bragkit.ledger import Ledger, Payment
from bragkit.notation import DealRecord
from bragkit.rules import Rules

__all__ = [
    "Chooser",
    "DealPlayed",
    "GameChoice",
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


class TableError(BragError):
    """Something the table cannot do now: a seat change during a deal, a player who cannot pay
    the ante, a pack that does not follow from the last deal, a game named out of turn..."""


# -- the dealer's choice ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class GameChoice:
    """The game a dealer names under dealer's choice (rule T2): which cards are wild (W1, as
    the ``wild`` option: cards like ``"2c"`` or ranks like ``"2"``), whether blind play is
    allowed (BL1), and three, four or five cards (F1, F3).

    >>> GameChoice(wild=("2",), cards=4).rules_from(Rules(ante=2)).to_dict()
    {'ante': 2, 'wild': ['2'], 'cards': 4}
    """

    wild: tuple[str, ...] = ()
    blind: bool = True
    cards: int = 3

    def rules_from(self, base: Rules) -> Rules:
        """The table's rules with this game (validated like any :class:`Rules`)."""
        return base.replace(wild=tuple(self.wild), blind=self.blind, cards=self.cards)

    @classmethod
    def of(cls, rules: Rules) -> GameChoice:
        """The game a set of rules names."""
        return cls(wild=rules.wild, blind=rules.blind, cards=rules.cards)


Chooser = Callable[[str, Rules], GameChoice | Rules | None]
"""Asked ``chooser(dealer, table_rules)`` before each deal once the dealer's choice is open
(rule T2); returns the game, or None for the table's own."""


# -- the table's events ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class Joined:
    """``player`` sat down with ``amount`` (rule M1), to the left of ``after`` (None: at the end
    of the seats)."""

    player: str
    amount: int
    after: str | None = None

    def __str__(self) -> str:
        where = f" after {self.after}" if self.after is not None else ""
        return f"{self.player} joins {self.amount}{where}"


@dataclass(frozen=True, kw_only=True, slots=True)
class ToppedUp:
    """``player`` added ``amount`` to their stack between deals (rule M1)."""

    player: str
    amount: int

    def __str__(self) -> str:
        return f"{self.player} topup {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Left:
    """``player`` left the table, taking ``amount`` (their whole stack)."""

    player: str
    amount: int

    def __str__(self) -> str:
        return f"{self.player} leaves with {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Lent:
    """``lender`` lent ``borrower`` ``amount`` between deals (rule M4)."""

    lender: str
    borrower: str
    amount: int

    def __str__(self) -> str:
        return f"{self.lender} lends {self.borrower} {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Repaid:
    """``borrower`` paid ``lender`` back ``amount`` (rule M4)."""

    borrower: str
    lender: str
    amount: int

    def __str__(self) -> str:
        return f"{self.borrower} repays {self.lender} {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Kept:
    """A blind winner holding two hands kept ``hand`` for the next deal (rule R2)."""

    player: str
    hand: HandChoice

    def __str__(self) -> str:
        return f"{self.player} keeps {self.hand}"


@dataclass(frozen=True, kw_only=True, slots=True)
class PotShared:
    """The carried pot was shared out at the end of a session (``shares`` by player; the kept
    blind hand went under the pack)."""

    shares: Mapping[str, int]

    def __str__(self) -> str:
        return "carried pot shared"


@dataclass(frozen=True, kw_only=True)
class DealPlayed:
    """A finished deal: its number (from 1), the :class:`~bragkit.games.three_card.Deal`, its
    result (after any R2 choice, see :class:`Kept`), whether it was shuffled (D4) and its
    fairness proof (shuffled deals of a ``fair`` table). :attr:`record` is its ``.bhh`` record.
    """

    number: int
    deal: Deal
    result: DealResult
    shuffled: bool
    proof: FairnessProof | None = None

    @cached_property
    def record(self) -> DealRecord:
        """The deal's record (:class:`~bragkit.notation.DealRecord`), made when first asked."""
        return DealRecord.from_deal(self.deal)

    def __str__(self) -> str:
        return f"deal {self.number}, dealt by {self.deal.dealer}"


TableEvent = Joined | ToppedUp | Left | Lent | Repaid | Kept | PotShared | DealPlayed


# -- the table -------------------------------------------------------------------------------


class Table:
    """A session of deals at one table (see the module docstring for the decisions).

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
        amounts = _amounts(buy_ins, names)
        if fair and pack is not None:
            raise TableError("a fair table draws its packs from commitments: give no pack")
        self._rules = rules
        self._seats: list[str] = []
        self._stacks: dict[str, int] = {}
        self._ledger = Ledger()
        self._ever: set[str] = set()
        self._secure = rng is None
        self._rng: random.Random = make_rng(rng)
        self._fair = bool(fair)
        self._chooser = chooser
        self._pack: Pack | None = None
        self._first_pack = None if pack is None else _as_pack(pack, rules.jokers)
        self._shuffle_due = True  # rule D4: the first deal of a session is shuffled
        self._carried = 0
        self._retained: tuple[str, tuple[Card, ...]] | None = None
        self._current: Deal | None = None
        self._current_rules = rules
        self._current_shuffled = False
        self._current_proof: ShuffleCommitment | None = None
        self._finished = True
        self._ops_seen = 0
        self._choice: Rules | None = None
        self._kept_rules: Rules | None = None
        self._choice_open = False
        self._number = 0
        self._history: list[TableEvent] = []
        self._last: Deal | None = None
        self._keep_open = False
        self._commitment: ShuffleCommitment | None = None
        for name, amount in zip(names, amounts, strict=True):
            self._sit(name, amount, None)
        self._opening = tuple(zip(names, amounts, strict=True))
        if len(self._seats) < 2:
            raise TableError(f"a table needs two or more players, not {len(self._seats)} "
                             "(rule D1)")
        if dealer is None:
            dealer = self._seats[0]
        if dealer not in self._stacks:
            raise TableError(f"the dealer {dealer!r} is not one of the seats")
        self._first_dealer = dealer
        self._next_dealer: str | None = dealer
        self._prepare_commitment()

    # -- state -----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The table's house rules (a deal under dealer's choice may differ, T2)."""
        return self._rules

    @property
    def seats(self) -> tuple[str, ...]:
        """The players at the table, clockwise."""
        return tuple(self._seats)

    @property
    def stacks(self) -> dict[str, int]:
        """Each seated player's money now (during a deal, as the deal stands)."""
        self._sync()
        if self.in_deal:
            assert self._current is not None
            playing = self._current.stacks
            return {name: playing.get(name, self._stacks[name]) for name in self._seats}
        return {name: self._stacks[name] for name in self._seats}

    @property
    def ledger(self) -> Ledger:
        """Every money event of the session (rules M1, M4, T1)."""
        self._sync()
        return self._ledger

    @property
    def current(self) -> Deal | None:
        """The deal in progress, or the last one played until the next starts (None before the
        first). Apply actions through :meth:`apply`."""
        self._sync()
        return self._current

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self._current is not None and not self._current.is_over

    @property
    def deal_number(self) -> int:
        """How many deals have been started."""
        return self._number

    @property
    def next_dealer(self) -> str | None:
        """Who deals next (D3); during a deal, who deals after it."""
        self._sync()
        if self.in_deal:
            assert self._current is not None
            return self._left_of(self._current.dealer)
        return self._next_dealer

    @property
    def carried_pot(self) -> int:
        """The pot carried forward to the next deal (BL3, R1, R3)."""
        self._sync()
        return self._carried

    @property
    def retained(self) -> str | None:
        """The player keeping a blind hand for the next deal (R1), if any."""
        self._sync()
        return None if self._retained is None else self._retained[0]

    @property
    def retained_hand(self) -> tuple[Card, ...]:
        """The kept blind hand (R1), ``()`` if none. Omniscient: never for a player's screen —
        not even its holder's, who has not looked at it (BL6)."""
        self._sync()
        return () if self._retained is None else self._retained[1]

    @property
    def pack(self) -> Pack | None:
        """The pack as it lies between deals, top card first (a copy; D5). Omniscient, for
        tests and records. None before the first deal."""
        self._sync()
        return None if self._pack is None else self._pack.copy()

    @property
    def shuffle_due(self) -> bool:
        """Whether the next deal is shuffled (D4)."""
        self._sync()
        return self._shuffle_due

    @property
    def choice_open(self) -> bool:
        """Whether dealers name the game now (rule T2)."""
        self._sync()
        return self._choice_open

    @property
    def history(self) -> tuple[TableEvent, ...]:
        """Every event of the session after the opening buy-ins, in order."""
        self._sync()
        return tuple(self._history)

    @property
    def opening(self) -> tuple[tuple[str, int], ...]:
        """The seats and buy-ins the table opened with."""
        return self._opening

    @property
    def first_dealer(self) -> str:
        """Who was to deal the first deal when the table opened."""
        return self._first_dealer

    @property
    def deals(self) -> tuple[DealRecord, ...]:
        """The records of the finished deals, in order."""
        return tuple(e.record for e in self.history if isinstance(e, DealPlayed))

    @property
    def proofs(self) -> tuple[FairnessProof, ...]:
        """The fairness proofs of the shuffled deals of a ``fair`` table, in order."""
        return tuple(e.proof for e in self.history
                     if isinstance(e, DealPlayed) and e.proof is not None)

    @property
    def commitment(self) -> str | None:
        """The published commitment of the next shuffled deal of a ``fair`` table (None when
        the next deal is not shuffled or the table is not fair)."""
        self._sync()
        return None if self._commitment is None else self._commitment.commitment

    def add_client_seed(self, seed: str) -> None:
        """A player's seed for the next shuffled deal of a ``fair`` table, accepted after the
        commitment is published and before the deal starts."""
        self._sync()
        if self._commitment is None or self.in_deal:
            raise TableError("no shuffled deal is waiting for client seeds")
        self._commitment.add_client_seed(seed)

    def next_rules(self) -> Rules:
        """The rules the next deal will be played under, as far as they are named (T2)."""
        self._sync()
        return self._choice if self._choice is not None else self._house_game()

    def __repr__(self) -> str:
        state = "in a deal" if self.in_deal else f"{self._next_dealer} to deal"
        return f"<Table {', '.join(self._seats)}: deal {self._number}, {state}>"

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
        self._sync()
        if self.in_deal:
            raise TableError("a deal is in progress: finish it first (rule T1)")
        if self._fair and pack is not None:
            raise TableError("a fair table draws its own pack from the commitment")
        dealer = self._next_dealer
        if dealer is None or len(self._seats) < 2:
            raise TableError(f"a deal needs two or more players, not {len(self._seats)} "
                             "(rule D1)")
        deal_rules = self._deal_rules(dealer, rules)
        held = self._retained[1] if self._retained is not None else ()
        deal_rules.check_table(self._seats, retained=bool(held))  # rules D1, R1
        for name in self._seats:
            if self._stacks[name] < deal_rules.ante:
                # rule D2 [decision]: top up, borrow or leave before the deal
                raise TableError(f"{name} cannot pay the ante of {deal_rules.ante} with "
                                 f"{self._stacks[name]}: top up or leave first (rules D2, M1)")
        stock = self._stock_for(pack, held)
        number = self._number + 1
        players = tuple(self._seats)
        deal = Deal(
            deal_rules,
            players=players,
            dealer=dealer,
            stacks=[self._stacks[name] for name in players],
            carried_pot=self._carried,
            pack=stock,
            retained=dict([self._retained]) if self._retained is not None else None,
            first_deal=number == 1,
        )
        # The deal is under way: commit the table's state to it.
        self._number = number
        self._ledger.begin_deal(number)
        self._current = deal
        self._current_rules = deal_rules
        self._current_shuffled = self._shuffle_due
        self._current_proof = self._commitment if self._shuffle_due else None
        self._commitment = None
        self._finished = False
        self._ops_seen = 0
        self._choice = None
        self._keep_open = False
        self._last = None
        self._sync()
        return deal

    def apply(self, action: Action | str) -> None:
        """Apply an action to the deal in progress (see :meth:`Deal.apply
        <bragkit.games.three_card.Deal.apply>`: an illegal one raises
        :class:`~bragkit.errors.IllegalActionError` and changes nothing). At the end of the
        deal the table finishes it: the pot carried or won, a blind hand kept, the pack put
        together (D5), the deal passed to the left (D3)."""
        self._sync()
        if not self.in_deal:
            raise TableError("no deal is in progress: start one first")
        assert self._current is not None
        self._current.apply(action)
        self._sync()

    def _deal_rules(self, dealer: str, rules: Rules | None) -> Rules:
        """The rules of the next deal: given, named by the dealer, or the table's (T2)."""
        if rules is None:
            rules = self._choice
        if rules is None and self._choice_open and self._rules.dealers_choice and self._chooser:
            named = self._chooser(dealer, self._rules)
            if named is not None:
                rules = self._check_choice(named.rules_from(self._rules)
                                           if isinstance(named, GameChoice) else named)
        if rules is None:
            return self._house_game()
        return self._check_choice(rules)

    def _house_game(self) -> Rules:
        """The game when no one names one: the table's, but while a blind hand is kept (R1)
        the game it was kept in, whose size and blind play it needs (T2 [decision])."""
        if self._retained is not None and self._kept_rules is not None:
            return self._kept_rules
        return self._rules

    def _check_choice(self, rules: Rules) -> Rules:
        if not isinstance(rules, Rules):
            raise TableError(f"rules must be a Rules object, not {type(rules).__name__}")
        if rules == self._rules or rules == self._house_game():
            return rules
        if not self._rules.dealers_choice:
            raise TableError("the deal must be played under the table's rules: dealer's choice "
                             "is off (rule T2)")
        if not self._choice_open:
            raise TableError(f"dealer's choice opens once the deal has gone round the table "
                             f"and one more ({len(self._seats) + 1} deals; {self._number} played"
                             ", rule T2)")
        if GameChoice.of(rules).rules_from(self._rules) != rules:
            raise TableError("a dealer names only the wild cards, blind play and the number "
                             "of cards; the other rules are the table's (rule T2)")
        kept = self._retained
        if kept is not None and (rules.cards != len(kept[1]) or not rules.blind):
            raise TableError(f"{kept[0]} keeps a blind hand of {len(kept[1])} cards: the game "
                             "must keep its size and blind play (rules R1, T2)")
        return rules

    def _stock_for(
        self, given: Pack | str | Sequence[Card] | None, held: tuple[Card, ...]
    ) -> Pack:
        """The pack the next deal is dealt from: the last deal's, or a shuffle (D4, D5)."""
        jokers = self._rules.jokers
        if self._shuffle_due:
            if given is not None:
                return _without(_as_pack(given, jokers, held), held)
            if self._commitment is not None:  # a fair table's commit-reveal shuffle
                return _without(self._commitment.pack(), held)
            if self._number == 0 and self._first_pack is not None:
                return _without(self._first_pack.copy(), held)
            return _without(Pack.shuffled(self._rng, jokers=jokers), held)  # rule D4
        assert self._pack is not None
        if given is not None:
            stock = _without(_as_pack(given, jokers, held), held)
            if stock != self._pack:
                where = _difference(stock, self._pack)
                raise TableError(f"the pack does not follow from the last deal: {where}; no "
                                 "shuffle is due (rules D4, D5)")
        return self._pack.copy()

    # -- keeping the books -----------------------------------------------------------------

    def _sync(self) -> None:
        """Bring the ledger up to the deal's operations and finish a deal that has ended."""
        deal = self._current
        if deal is None or self._finished:
            return
        ops = deal.operations
        ledger = self._ledger
        for op in ops[self._ops_seen:]:
            if isinstance(op, AnteTaken):
                if op.amount:
                    ledger.ante(op.player, op.amount)
            elif isinstance(op, Acted):
                action = op.action
                if action.verb is Verb.TOPUP:
                    assert action.player is not None and action.amount is not None
                    ledger.top_up(action.player, action.amount)  # rule M1
                elif op.paid:
                    assert action.player is not None
                    ledger.bet(action.player, op.paid)
            elif isinstance(op, Loan):
                ledger.lend(op.lender, op.borrower, op.amount)  # rule M4
            elif isinstance(op, PotAwarded):
                ledger.win(op.player, op.amount)
        self._ops_seen = len(ops)
        if deal.is_over:
            self._finish(deal)

    def _finish(self, deal: Deal) -> None:
        self._finished = True
        result = deal.result
        self._adopt(result)
        proof = None
        if self._current_proof is not None:
            proof = self._current_proof.reveal()
            self._current_proof = None
        if result.retained_choice is not None:
            self._last = deal
            self._keep_open = True
        self._next_dealer = self._left_of(deal.dealer)  # rule D3
        if self._number >= len(self._seats) + 1:
            self._choice_open = True  # rule T2: round the table and one more
        self._history.append(DealPlayed(
            number=self._number, deal=deal, result=result, shuffled=self._current_shuffled,
            proof=proof,
        ))
        self._prepare_commitment()

    def _adopt(self, result: DealResult) -> None:
        """Carry a deal's end over to the next: stacks, pot, kept hand, pack (BL3, R1, D4, D5)."""
        for name, stack in result.stacks.items():
            self._stacks[name] = stack
        self._carried = result.carried_pot
        if result.retained is not None and result.retained_hand is not None:
            self._retained = (result.retained, tuple(result.retained_hand))
            self._kept_rules = self._current_rules
        else:
            self._retained = None
        assert result.next_pack is not None
        self._pack = result.next_pack.copy()
        self._shuffle_due = result.shuffle_next

    def _prepare_commitment(self) -> None:
        """A fair table commits to the next shuffle as soon as it is known to be due."""
        if not self._fair or not self._shuffle_due:
            return
        seed = None if self._secure else self._rng.randbytes(32)
        self._commitment = ShuffleCommitment(deal=self._number + 1, server_seed=seed,
                                             jokers=self._rules.jokers)
        self._commitment.publish()

    def _left_of(self, name: str) -> str | None:
        """The seat at ``name``'s left (D3); ``name`` may have just left the table."""
        if name in self._seats:
            i = self._seats.index(name)
            return self._seats[(i + 1) % len(self._seats)]
        return self._seats[0] if self._seats else None

    def _between_deals(self, what: str) -> None:
        self._sync()
        if self.in_deal:
            raise TableError(f"{what} only between deals: a deal is in progress")

    def _seated(self, name: str) -> None:
        if name not in self._stacks:
            raise TableError(f"{name!r} is not at the table")

    # -- seats and money -------------------------------------------------------------------

    def join(self, name: str, buy_in: int, *, after: str | None = None) -> None:
        """``name`` sits down with ``buy_in`` chips (at least the rules' ``buy_in``, M1), at the
        end of the seats or to the left of ``after``; they are dealt in from the next deal."""
        self._between_deals("players join")
        if after is not None:
            self._seated(after)
        self._sit(name, buy_in, after)
        if self._next_dealer is None:
            self._next_dealer = name
        self._history.append(Joined(player=name, amount=buy_in, after=after))

    def _sit(self, name: str, amount: int, after: str | None) -> None:
        _check_name(name)
        if name in self._stacks:
            raise TableError(f"{name} is already at the table")
        if type(amount) is not int or amount < max(self._rules.buy_in, 1):
            raise TableError(f"{name} must bring at least {max(self._rules.buy_in, 1)} to sit "
                             f"down, not {amount!r} (rule M1)")
        if name in self._ever:
            self._ledger.top_up(name, amount)  # a returning player (M1)
        else:
            self._ledger.buy_in(name, amount)
            self._ever.add(name)
        if after is None:
            self._seats.append(name)
        else:
            self._seats.insert(self._seats.index(after) + 1, name)
        self._stacks[name] = amount

    def leave(self, name: str) -> int:
        """``name`` leaves between deals, cashing out their whole stack (returned). A blind hand
        they kept goes under the pack (D5); the carried pot stays for the next deal."""
        self._between_deals("players leave")
        self._seated(name)
        if self._retained is not None and self._retained[0] == name:
            assert self._pack is not None
            self._pack.put_under(self._retained[1])  # rule D5 [decision]
            self._retained = None
            self._keep_open = False
        if self._next_dealer == name:
            following = self._left_of(name)
            self._next_dealer = None if following == name else following
        amount = self._stacks.pop(name)
        self._seats.remove(name)
        if amount:
            self._ledger.cash_out(name, amount)
        self._history.append(Left(player=name, amount=amount))
        return amount

    def topup(self, name: str, amount: int) -> None:
        """``name`` adds ``amount`` to their stack, at any time (rule M1); during a deal it is
        the deal's ``topup`` action."""
        self._sync()
        self._seated(name)
        deal = self._current
        if deal is not None and self.in_deal and name in deal.players:
            self.apply(Action(player=name, verb=Verb.TOPUP, amount=amount))
            return
        if type(amount) is not int or amount < 1:
            raise TableError(f"a top-up is a whole number of chips, at least 1, not {amount!r} "
                             "(rule M1)")
        self._ledger.top_up(name, amount)
        self._stacks[name] += amount
        self._history.append(ToppedUp(player=name, amount=amount))

    def lend(self, lender: str, borrower: str, amount: int) -> None:
        """``lender`` lends ``borrower`` ``amount`` between deals (rule M4, ``lending`` on)."""
        self._between_deals("loans are made")
        if not self._rules.lending:
            raise TableError("lending is off at this table (rule M4)")
        self._seated(lender)
        self._seated(borrower)
        self._ledger.lend(lender, borrower, amount)
        self._stacks[lender] -= amount
        self._stacks[borrower] += amount
        self._history.append(Lent(lender=lender, borrower=borrower, amount=amount))

    def repay(self, borrower: str, lender: str, amount: int | None = None) -> int:
        """``borrower`` pays ``lender`` back ``amount`` (default: all still owed) between
        deals; both must be at the table (a debt to one who left is settled at the end)."""
        self._between_deals("loans are repaid")
        self._seated(borrower)
        self._seated(lender)
        entry = self._ledger.repay(borrower, lender, amount)
        self._stacks[borrower] -= entry.amount
        self._stacks[lender] += entry.amount
        self._history.append(Repaid(borrower=borrower, lender=lender, amount=entry.amount))
        return entry.amount

    def keep(self, hand: HandChoice) -> None:
        """The blind winner holding two hands keeps the ``"old"`` or ``"new"`` one, unseen, for
        the next deal (rule R2; the new one unless said otherwise). Before the next deal."""
        self._between_deals("a hand is kept")
        if hand not in ("old", "new"):
            raise TableError(f"keep the 'old' or the 'new' hand, not {hand!r} (rule R2)")
        if not self._keep_open or self._last is None or self._retained is None:
            raise TableError("no blind winner holds two hands to choose from (rule R2)")
        result = self._last.result_keeping(hand)
        stacks = dict(self._stacks)
        self._adopt(result)
        self._stacks = stacks  # the choice moves no money: loans, top-ups since stand (M1, M4)
        for i in range(len(self._history) - 1, -1, -1):  # the deal's result is the kept one
            event = self._history[i]
            if isinstance(event, DealPlayed):
                self._history[i] = replace(event, result=result)
                break
        self._history.append(Kept(player=self._retained[0], hand=hand))

    def choose_game(self, choice: GameChoice | Rules | None, *, dealer: str | None = None) -> None:
        """The next dealer names the game of the next deal (rule T2); None: the table's own.
        ``dealer``, when given, must be the next dealer."""
        self._between_deals("the game is named")
        if dealer is not None and dealer != self._next_dealer:
            raise TableError(f"only the dealer names the game: {self._next_dealer} deals next, "
                             f"not {dealer} (rule T2)")
        if choice is None:
            self._choice = None
            return
        if not self._rules.dealers_choice:
            raise TableError("dealer's choice is off at this table (rule T2)")
        rules = choice.rules_from(self._rules) if isinstance(choice, GameChoice) else choice
        self._choice = self._check_choice(rules)

    def share_carried_pot(self) -> dict[str, int]:
        """End a session with a pot still carried (BL3): share it among the seats, equal
        shares and the odd chips one each from the dealer's left (as B8); a kept blind hand
        goes under the pack. Returns the shares."""
        self._between_deals("the carried pot is shared")
        if not self._carried and self._retained is None:
            return {}
        if not self._seats:
            raise TableError("no one is at the table to share the carried pot")
        start = self._next_dealer if self._next_dealer is not None else self._seats[0]
        i = self._seats.index(start)
        order = self._seats[i:] + self._seats[:i]
        shares = {p: n for p, n in split(self._carried, order).items() if n}
        for name, amount in shares.items():
            self._ledger.win(name, amount)
            self._stacks[name] += amount
        if self._retained is not None:
            assert self._pack is not None
            self._pack.put_under(self._retained[1])
            self._retained = None
        self._carried = 0
        self._keep_open = False
        self._history.append(PotShared(shares=shares))
        return shares

    def settlement(self, *, cash_on_table: bool = False) -> list[Payment]:
        """Who pays whom to square the session (rule T1, loans included, M4): see
        :meth:`Ledger.settlement <bragkit.ledger.Ledger.settlement>`. Between deals, with no
        pot carried (win it, or :meth:`share_carried_pot`)."""
        self._between_deals("the session is settled")
        if self._carried:
            raise TableError(f"{self._carried} chips are carried forward (rule BL3): play on "
                             "until the pot is won, or share it out first")
        return self._ledger.settlement(cash_on_table=cash_on_table)


# -- helpers ---------------------------------------------------------------------------------


def _amounts(buy_ins: int | Sequence[int] | Mapping[str, int], names: list[str]) -> list[int]:
    if isinstance(buy_ins, int):
        return [buy_ins] * len(names)
    if isinstance(buy_ins, Mapping):
        missing = [n for n in names if n not in buy_ins]
        if missing or len(buy_ins) != len(names):
            raise TableError("buy_ins must give one amount for each seat")
        return [buy_ins[n] for n in names]
    amounts = list(buy_ins)
    if len(amounts) != len(names):
        raise TableError(f"{len(amounts)} buy-ins for {len(names)} seats")
    return amounts


def _check_name(name: object) -> None:
    if (not isinstance(name, str) or not name or name != name.strip() or not name.isprintable()
            or name == "showdown"):
        raise TableError(f"{name!r} is not a player's name")


def _as_pack(
    given: Pack | str | Sequence[Card], jokers: int, held: Sequence[Card] = ()
) -> Pack:
    """A pack from a :class:`Pack`, text or cards; it may leave out the ``held`` cards (a
    retained hand, R1) or hold them (they are taken out later)."""
    if isinstance(given, Pack):
        cards = list(given)
        if given.jokers != jokers:
            raise TableError(f"the pack has {given.jokers} jokers, the rules {jokers} (rule W1)")
    else:
        cards = list(parse_cards(given))
    missing = [c for c in held if c not in cards]
    try:
        return Pack([*cards, *missing], jokers=jokers)
    except InvalidCardError as error:
        raise TableError(f"not a pack: {error}") from None


def _without(pack: Pack, held: Sequence[Card]) -> Pack:
    """``pack`` with the ``held`` cards taken out, the order otherwise kept (rule R1)."""
    pack.take_out(held)
    return pack


def _difference(given: Pack, expected: Pack) -> str:
    for position, (a, b) in enumerate(zip(given, expected, strict=False), 1):
        if a != b:
            return f"card {position} from the top is {a}, the last deal left {b} there"
    return f"{len(given)} cards, the last deal left {len(expected)}"
