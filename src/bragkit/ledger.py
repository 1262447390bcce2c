"""The money of a session: a ledger of every chip movement, and the settlement (rules M1, M4, T1).

A :class:`Ledger` is an append-only list of frozen :class:`Entry` records, each stamped with the
deal it belongs to (deal 0 is before the first deal). There are eight kinds of entry
(:class:`Kind`):

=============  ==========================================================  ===========
kind           chips move                                                  rule
=============  ==========================================================  ===========
``buy-in``     the player's pocket → their stack (sitting down)            M1
``top-up``     pocket → stack, at any time                                 M1
``ante``       stack → pot                                                 D2
``bet``        stack → pot: any chips put in (bet, blind, see, cover)      B2, M2
``win``        pot → stack: chips taken from a pot (a split is two wins)   B5, B6, B8
``loan``       lender's stack → borrower's stack; the borrower owes it     M4
``repayment``  borrower's stack → lender's stack; the debt shrinks         M4
``cash-out``   stack → pocket                                              T1
=============  ==========================================================  ===========

**Sign conventions.** For a player *p*, with every sum over *p*'s entries so far:

- ``brought(p)`` = buy-ins + top-ups; ``contributed(p)`` = antes + bets; ``won(p)`` = wins;
- ``net(p) = won(p) - contributed(p)``: what *p* is up (positive) or down (negative) at the
  table. Loans do not change it: a loan is a debt between two players, not a win or a loss;
- ``owed_to(p)`` = what others still owe *p* on loans; ``owed_by(p)`` = what *p* still owes;
- ``stack(p) = brought - contributed + won + borrowed - lent + repaid to p - repaid by p -
  cashed_out``: the chips in front of *p* (never negative: the ledger refuses an entry that would
  spend chips a player does not have);
- ``in_pot`` = all contributions − all wins: chips in pots not yet taken (a carried pot, BL3,
  stays here between deals).

**Invariants** (tested, and true after every entry):

- ``net(p) == stack(p) + cashed_out(p) - brought(p) + owed_to(p) - owed_by(p)`` for every *p*;
- ``sum(nets().values()) + in_pot == 0``: the nets sum to zero once every pot is won;
- ``sum(stack + cashed_out over players) + in_pot == sum(brought)``: not a chip is created
  or lost against the money brought.

>>> ledger = Ledger()
>>> _ = ledger.buy_in("Andy", 50), ledger.buy_in("Bill", 50), ledger.buy_in("Chris", 20)
>>> ledger.begin_deal()
1
>>> for name in ("Andy", "Bill", "Chris"):
...     _ = ledger.ante(name, 1)
>>> _ = ledger.bet("Andy", 4)
>>> _ = ledger.lend("Andy", "Chris", 10)       # rule M4: Chris is short
>>> _ = ledger.bet("Chris", 25)
>>> _ = ledger.bet("Bill", 8)
>>> _ = ledger.win("Chris", 40)
>>> ledger.nets()
{'Andy': -5, 'Bill': -9, 'Chris': 14}
>>> ledger.stack("Chris"), ledger.debts()
(44, {('Chris', 'Andy'): 10})

**Settlement.** :func:`settle` turns nets that sum to zero into the fewest payments that square
everyone. :meth:`Ledger.settlement` settles a session: by default chips are on credit (nobody's
money is on the table, the usual way online), so each player is squared to their net, which
already holds their outstanding loans (see the first invariant). With ``cash_on_table=True`` the
money brought lies on the table and each player takes their stack home as cash; the chips have
then squared the play and what remains is the outstanding loans.

>>> [str(p) for p in ledger.settlement()]
['Andy pays Chris 5', 'Bill pays Chris 9']
>>> [str(p) for p in ledger.settlement(cash_on_table=True)]
['Chris pays Andy 10']

The fewest payments is NP-hard in general. With *k* players whose nets are not zero, the least
number of payments is *k* minus the most groups the players can be split into with each group
summing to zero (a group of *m* needs *m* − 1 payments, and a set of payments whose graph has *c*
connected parts needs at least *k* − *c*). :func:`settle` finds that split exactly, by dynamic
programming over subsets in O(2**k · k) (vectorised with numpy), for *k* up to
:data:`EXACT_LIMIT` (18: about 40 ms); beyond it, a greedy fallback first pays equal and opposite
nets to each other, then settles the rest with the debtors, biggest first, paying the creditors,
biggest first. That takes at most *k* − 1 payments but not always the fewest.

>>> [str(p) for p in settle({"Andy": 5, "Bill": -5, "Chris": 3, "Dan": -3})]
['Bill pays Andy 5', 'Dan pays Chris 3']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from itertools import takewhile
from typing import Any, Final

import numpy as np

from bragkit.errors import BragError
from bragkit.packed import PackedRows

__all__ = [
    "EXACT_LIMIT",
    "Entry",
    "Kind",
    "Ledger",
    "LedgerError",
    "Payment",
    "settle",
]

#: The most players with a non-zero net that :func:`settle` settles exactly (2**k states).
EXACT_LIMIT: Final = 18


class LedgerError(BragError):
    """A money entry that cannot happen (chips a player does not have, an unknown player, a
    repayment of more than is owed), a ledger record that cannot be read, or nets that do not sum
    to zero."""


class Kind(StrEnum):
    """The kinds of ledger entry; the value is the name used in records."""

    BUY_IN = "buy-in"
    TOP_UP = "top-up"
    ANTE = "ante"
    BET = "bet"
    WIN = "win"
    LOAN = "loan"
    REPAYMENT = "repayment"
    CASH_OUT = "cash-out"


_BETWEEN_PLAYERS: Final = frozenset({Kind.LOAN, Kind.REPAYMENT})
#: The kinds by their one-digit code in a ledger's packed rows.
_KINDS: Final = tuple(Kind)
_KIND_CODE: Final = {kind: str(number) for number, kind in enumerate(_KINDS)}
#: The kinds :meth:`Ledger.book` records straight (a deal's: antes, bets, wins, top-ups).
_BOOKED: Final = frozenset({Kind.ANTE, Kind.BET, Kind.WIN, Kind.TOP_UP})


def _check_amount(amount: object, what: str) -> int:
    if type(amount) is not int or amount <= 0:
        raise LedgerError(f"{what} must be a positive whole number of chips, not {amount!r}")
    return amount


def _check_name(name: object, what: str = "player") -> str:
    if not isinstance(name, str) or not name.strip():
        raise LedgerError(f"a {what} needs a name, not {name!r}")
    return name


@dataclass(frozen=True, kw_only=True, slots=True)
class Entry:
    """One money event. For a loan and a repayment, ``player`` is the borrower and ``lender``
    the lender; every other kind has ``lender=None``.

    >>> e = Entry(kind=Kind.LOAN, player="Bill", lender="Chris", amount=10, deal=3)
    >>> str(e)
    'deal 3: Chris lends Bill 10'
    >>> Entry.from_dict(e.to_dict()) == e
    True
    >>> Entry(kind=Kind.BET, player="Bill", amount=0, deal=1)
    Traceback (most recent call last):
    ...
    bragkit.ledger.LedgerError: a bet must be a positive whole number of chips, not 0
    """

    kind: Kind
    player: str
    amount: int
    deal: int = 0
    lender: str | None = None

    def __post_init__(self) -> None:
        kind = Kind(self.kind)
        object.__setattr__(self, "kind", kind)
        _check_name(self.player)
        _check_amount(self.amount, f"a {kind.value}")
        if type(self.deal) is not int or self.deal < 0:
            raise LedgerError(f"a deal number is a whole number from 0, not {self.deal!r}")
        if kind in _BETWEEN_PLAYERS:
            lender = _check_name(self.lender, "lender")
            if lender == self.player:
                raise LedgerError(f"{self.player} cannot lend to themselves")
        elif self.lender is not None:
            raise LedgerError(f"a {kind.value} has no lender")

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-able data (``lender`` only for a loan or a repayment)."""
        data: dict[str, Any] = {
            "deal": self.deal,
            "kind": self.kind.value,
            "player": self.player,
            "amount": self.amount,
        }
        if self.lender is not None:
            data["lender"] = self.lender
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Entry:
        """The entry written by :meth:`to_dict` (a bad one is a :class:`LedgerError`)."""
        try:
            kind = Kind(data["kind"])
            return cls(
                kind=kind,
                player=data["player"],
                amount=data["amount"],
                deal=data.get("deal", 0),
                lender=data.get("lender"),
            )
        except LedgerError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError):
            raise LedgerError(f"not a ledger entry: {data!r}") from None

    def __str__(self) -> str:
        prefix = f"deal {self.deal}: "
        if self.kind is Kind.LOAN:
            return f"{prefix}{self.lender} lends {self.player} {self.amount}"
        if self.kind is Kind.REPAYMENT:
            return f"{prefix}{self.player} repays {self.lender} {self.amount}"
        return f"{prefix}{self.player} {self.kind.value} {self.amount}"


_SET: Final = {name: Entry.__dict__[name].__set__
                for name in ("kind", "player", "amount", "deal", "lender")}
_set_kind, _set_player, _set_amount = _SET["kind"], _SET["player"], _SET["amount"]
_set_deal, _set_lender = _SET["deal"], _SET["lender"]


def _entry(kind: Kind, player: str, amount: int, deal: int, lender: str | None) -> Entry:
    """An :class:`Entry` of fields the ledger has checked as ``Entry`` would, set without its
    keyword ``__init__`` (speed: an entry a bet, every bet of a session).

    >>> _entry(Kind.BET, "Ann", 2, 1, None) == Entry(kind=Kind.BET, player="Ann", amount=2, deal=1)
    True
    """
    entry: Entry = object.__new__(Entry)
    _set_kind(entry, kind)
    _set_player(entry, player)
    _set_amount(entry, amount)
    _set_deal(entry, deal)
    _set_lender(entry, lender)
    return entry


@dataclass(frozen=True, kw_only=True, slots=True)
class Payment:
    """One payment of a settlement: ``payer`` pays ``payee`` a positive ``amount``.

    >>> str(Payment(payer="Bill", payee="Andy", amount=7))
    'Bill pays Andy 7'
    """

    payer: str
    payee: str
    amount: int

    def __post_init__(self) -> None:
        _check_name(self.payer, "payer")
        _check_name(self.payee, "payee")
        _check_amount(self.amount, "a payment")
        if self.payer == self.payee:
            raise LedgerError(f"{self.payer} cannot pay themselves")

    def to_dict(self) -> dict[str, Any]:
        """The payment as JSON-able data."""
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount}

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


@dataclass(slots=True)
class _Account:
    """Running totals of one player (all non-negative)."""

    brought: int = 0
    contributed: int = 0
    won: int = 0
    borrowed: int = 0  # loans received, outstanding or not
    lent: int = 0
    repaid_by: int = 0  # repayments this player made
    repaid_to: int = 0  # repayments this player received
    cashed_out: int = 0
    stack: int = 0


class Ledger:
    """An append-only record of a session's money (see the module docstring for the sign
    conventions and invariants).

    Each recording method checks the entry against the running totals, appends it stamped with
    the current :attr:`deal`, and returns it; a refused entry raises :class:`LedgerError` and
    changes nothing. ``Ledger(entries)`` replays entries through the same checks.

    >>> ledger = Ledger()
    >>> ledger.bet("Dan", 1)
    Traceback (most recent call last):
    ...
    bragkit.ledger.LedgerError: Dan has not bought in
    """

    __slots__ = ("_accounts", "_counted", "_deal", "_debts", "_entries", "_in_pot", "_names",
                 "_seat")

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        # the entries as packed rows (a long session keeps a few bytes an entry): the kind, the
        # player's and the lender's numbers in _names, the amount and the deal (_row, _entry)
        self._entries = PackedRows(block=1024)
        self._counted: int | None = None  # the entries, when they are counted and not kept
        self._names: list[str] = []
        self._seat: dict[str, int] = {}
        self._accounts: dict[str, _Account] = {}
        self._debts: dict[tuple[str, str], int] = {}
        self._in_pot = 0
        self._deal = 0
        for entry in entries:
            self.append(entry)

    def count_entries_only(self) -> None:
        """Count the entries from now on without keeping them: the ledger of a session replayed
        only to check a record, whose entries nobody reads back (the totals, stacks, debts and
        settlement are kept as ever). Reading the entries is then a :class:`LookupError`.

        >>> ledger = Ledger()
        >>> _ = ledger.buy_in("Ann", 5); ledger.count_entries_only()
        >>> ledger.book(Kind.BET, "Ann", 2); _ = ledger.win("Ann", 2)
        >>> len(ledger), ledger.stack("Ann"), ledger.nets()
        (3, 5, {'Ann': 0})
        >>> ledger.entries
        Traceback (most recent call last):
        ...
        LookupError: the ledger counted its entries without keeping them
        """
        if self._counted is None:
            self._counted = len(self._entries)

    # -- deals -----------------------------------------------------------------------------

    @property
    def deal(self) -> int:
        """The deal number new entries are stamped with (0 before the first deal)."""
        return self._deal

    def begin_deal(self, number: int | None = None) -> int:
        """Stamp the entries that follow with deal ``number`` (default: the next one); deal
        numbers never go back. Returns the number.

        >>> ledger = Ledger()
        >>> ledger.begin_deal(), ledger.begin_deal(5), ledger.begin_deal()
        (1, 5, 6)
        """
        number = self._deal + 1 if number is None else number
        if type(number) is not int or number < self._deal:
            raise LedgerError(f"deal {number!r} comes before deal {self._deal}")
        self._deal = number
        return number

    # -- recording -------------------------------------------------------------------------

    def buy_in(self, player: str, amount: int) -> Entry:
        """``player`` sits down with ``amount`` chips (rule M1; once per player: later money is a
        :meth:`top_up`). The minimum buy-in is the table's rule, not the ledger's."""
        return self._record(Kind.BUY_IN, player, amount)

    def top_up(self, player: str, amount: int) -> Entry:
        """``player`` adds ``amount`` to their stack (rule M1)."""
        return self._record(Kind.TOP_UP, player, amount)

    def ante(self, player: str, amount: int) -> Entry:
        """``player`` antes ``amount`` into the pot (rule D2)."""
        return self._record(Kind.ANTE, player, amount)

    def bet(self, player: str, amount: int) -> Entry:
        """``player`` puts ``amount`` into the pot: a bet, a blind bet, a see or a cover."""
        return self._record(Kind.BET, player, amount)

    def win(self, player: str, amount: int) -> Entry:
        """``player`` takes ``amount`` from the pot (a split pot is one win per winner)."""
        return self._record(Kind.WIN, player, amount)

    def lend(self, lender: str, borrower: str, amount: int) -> Entry:
        """``lender`` lends ``borrower`` ``amount`` chips from their stack (rule M4)."""
        return self._record(Kind.LOAN, borrower, amount, lender=lender)

    def repay(self, borrower: str, lender: str, amount: int | None = None) -> Entry:
        """``borrower`` pays back ``amount`` (default: all they still owe ``lender``)."""
        if amount is None:
            amount = self._debts.get((borrower, lender), 0)
            if amount == 0:
                raise LedgerError(f"{borrower} owes {lender} nothing")
        return self._record(Kind.REPAYMENT, borrower, amount, lender=lender)

    def cash_out(self, player: str, amount: int | None = None) -> Entry:
        """``player`` takes ``amount`` (default: the whole stack) off the table."""
        if amount is None:
            amount = self.stack(player)
            if amount == 0:
                raise LedgerError(f"{player} has no chips to cash out")
        return self._record(Kind.CASH_OUT, player, amount)

    def append(self, entry: Entry) -> Entry:
        """Append a ready-made entry (its deal may not come before the last entry's)."""
        if entry.deal < self._deal:
            raise LedgerError(f"an entry of deal {entry.deal} after deal {self._deal}: {entry}")
        self._apply(entry)
        self._deal = entry.deal
        return entry

    def _record(self, kind: Kind, player: str, amount: int, *, lender: str | None = None) -> Entry:
        if (type(amount) is int and amount > 0 and type(player) is str and player.strip()
                and (lender is None if kind not in _BETWEEN_PLAYERS else
                     type(lender) is str and lender.strip() and lender != player)):
            entry = _entry(kind, player, amount, self._deal, lender)  # what Entry would check
        else:
            entry = Entry(kind=kind, player=player, amount=amount, deal=self._deal, lender=lender)
        self._apply(entry)
        return entry

    def book(self, kind: Kind, player: str, amount: int) -> None:
        """Record an ante, a bet, a win or a top-up of ``player``: the entry :meth:`ante`,
        :meth:`bet`, :meth:`win` or :meth:`top_up` records, checked the same, without making it
        (a session books each of a deal's as it is played). Any other kind, a player who has not
        bought in or an amount that is not a positive whole number goes the long way, and
        raises what it does there.

        >>> ledger = Ledger()
        >>> _ = ledger.buy_in("Ann", 5)
        >>> ledger.book(Kind.BET, "Ann", 2); ledger.book(Kind.WIN, "Ann", 2)
        >>> [str(entry) for entry in ledger], ledger.stack("Ann")
        (['deal 0: Ann buy-in 5', 'deal 0: Ann bet 2', 'deal 0: Ann win 2'], 5)
        >>> ledger.book(Kind.BET, "Ann", 6)
        Traceback (most recent call last):
        ...
        bragkit.ledger.LedgerError: Ann cannot bet 6: their stack is 5
        """
        account = self._accounts.get(player)
        if account is None or kind not in _BOOKED or type(amount) is not int or amount <= 0:
            self._record(kind, player, amount)
            return
        if kind is Kind.BET or kind is Kind.ANTE:
            if amount > account.stack:
                self._check_stack(player, account, amount, kind.value)  # raises
            account.contributed += amount
            account.stack -= amount
            self._in_pot += amount
        elif kind is Kind.WIN:
            if amount > self._in_pot:
                raise LedgerError(f"{player} cannot win {amount}: the pot holds {self._in_pot}")
            account.won += amount
            account.stack += amount
            self._in_pot -= amount
        else:
            account.brought += amount
            account.stack += amount
        if self._counted is None:
            self._entries.append(f"{_KIND_CODE[kind]}{self._seat[player]} {amount} {self._deal}")
        else:
            self._counted += 1

    def _account(self, name: str) -> _Account:
        account = self._accounts.get(name)
        if account is None:
            raise LedgerError(f"{name} has not bought in")
        return account

    def _apply(self, entry: Entry) -> None:
        """Check ``entry`` against the totals, then apply it (all checks come first)."""
        kind, amount = entry.kind, entry.amount
        if kind is Kind.BUY_IN:
            if entry.player in self._accounts:
                raise LedgerError(f"{entry.player} has already bought in: use a top-up (M1)")
            account = _Account()
        else:
            account = self._account(entry.player)
        if kind in (Kind.ANTE, Kind.BET, Kind.CASH_OUT):
            self._check_stack(entry.player, account, amount, kind.value)
        if kind is Kind.WIN and amount > self._in_pot:
            raise LedgerError(f"{entry.player} cannot win {amount}: the pot holds {self._in_pot}")
        lender_account = None
        if entry.lender is not None:
            lender_account = self._account(entry.lender)
            if kind is Kind.LOAN:
                self._check_stack(entry.lender, lender_account, amount, "loan")
            else:
                owed = self._debts.get((entry.player, entry.lender), 0)
                if amount > owed:
                    raise LedgerError(
                        f"{entry.player} cannot repay {entry.lender} {amount}: owes {owed}"
                    )
                self._check_stack(entry.player, account, amount, "repayment")
        # All checks passed: apply.
        if kind is Kind.BUY_IN:
            self._accounts[entry.player] = account
            self._seat[entry.player] = len(self._names)
            self._names.append(entry.player)
        if kind in (Kind.BUY_IN, Kind.TOP_UP):
            account.brought += amount
            account.stack += amount
        elif kind in (Kind.ANTE, Kind.BET):
            account.contributed += amount
            account.stack -= amount
            self._in_pot += amount
        elif kind is Kind.WIN:
            account.won += amount
            account.stack += amount
            self._in_pot -= amount
        elif kind is Kind.CASH_OUT:
            account.cashed_out += amount
            account.stack -= amount
        else:
            assert lender_account is not None and entry.lender is not None
            key = (entry.player, entry.lender)
            if kind is Kind.LOAN:
                account.borrowed += amount
                account.stack += amount
                lender_account.lent += amount
                lender_account.stack -= amount
                self._debts[key] = self._debts.get(key, 0) + amount
            else:
                account.repaid_by += amount
                account.stack -= amount
                lender_account.repaid_to += amount
                lender_account.stack += amount
                left = self._debts[key] - amount
                if left:
                    self._debts[key] = left
                else:
                    del self._debts[key]
        if self._counted is None:
            self._entries.append(self._row(entry))
        else:
            self._counted += 1

    def _row(self, entry: Entry) -> str:
        """The packed row of an entry: ``kind player amount deal [lender]`` (numbers)."""
        seat = self._seat
        row = f"{_KIND_CODE[entry.kind]}{seat[entry.player]} {entry.amount} {entry.deal}"
        return row if entry.lender is None else f"{row} {seat[entry.lender]}"

    def _entry(self, row: str) -> Entry:
        """The entry of a packed row (see :meth:`_row`)."""
        names = self._names
        fields = row[1:].split(" ")
        return Entry(kind=_KINDS[int(row[0])], player=names[int(fields[0])],
                     amount=int(fields[1]), deal=int(fields[2]),
                     lender=names[int(fields[3])] if len(fields) > 3 else None)

    @staticmethod
    def _check_stack(name: str, account: _Account, amount: int, what: str) -> None:
        if amount > account.stack:
            raise LedgerError(f"{name} cannot {what} {amount}: their stack is {account.stack}")

    # -- queries ---------------------------------------------------------------------------

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry, in the order recorded."""
        return tuple(self)

    @property
    def players(self) -> tuple[str, ...]:
        """Every player who bought in, in the order they did."""
        return tuple(self._accounts)

    @property
    def in_pot(self) -> int:
        """Chips in pots not yet won (all contributions minus all wins; a carried pot, BL3)."""
        return self._in_pot

    def brought(self, player: str) -> int:
        """The player's buy-in plus top-ups."""
        return self._account(player).brought

    def contributed(self, player: str) -> int:
        """Everything the player put in pots: antes and bets."""
        return self._account(player).contributed

    def won(self, player: str) -> int:
        """Everything the player took from pots."""
        return self._account(player).won

    def cashed_out(self, player: str) -> int:
        """Everything the player took off the table."""
        return self._account(player).cashed_out

    def net(self, player: str) -> int:
        """What the player is up (positive) or down: ``won - contributed`` (loans excluded)."""
        account = self._account(player)
        return account.won - account.contributed

    def nets(self) -> dict[str, int]:
        """Every player's :meth:`net`, in buy-in order (they sum to ``-in_pot``)."""
        return {name: a.won - a.contributed for name, a in self._accounts.items()}

    def stack(self, player: str) -> int:
        """The chips in front of the player now."""
        return self._account(player).stack

    def stacks(self) -> dict[str, int]:
        """Every player's :meth:`stack`, in buy-in order."""
        return {name: a.stack for name, a in self._accounts.items()}

    def debts(self) -> dict[tuple[str, str], int]:
        """Outstanding loans: ``(borrower, lender) -> amount`` still owed (rule M4)."""
        return dict(self._debts)

    def owed_to(self, player: str) -> int:
        """What other players still owe ``player`` on loans."""
        self._account(player)
        return sum(n for (_, lender), n in self._debts.items() if lender == player)

    def owed_by(self, player: str) -> int:
        """What ``player`` still owes other players on loans."""
        self._account(player)
        return sum(n for (borrower, _), n in self._debts.items() if borrower == player)

    def balances(self, *, cash_on_table: bool = False) -> dict[str, int]:
        """What each player is still to receive (positive) or pay to be squared, in buy-in
        order. On credit (default), the :meth:`nets`; with ``cash_on_table`` (each player takes
        their stack home as cash) ``net - (stack + cashed_out - brought)``, which is
        ``owed_to - owed_by``: the outstanding loans.

        Refused while chips are still in a pot: it must be won first.
        """
        if self._in_pot:
            raise LedgerError(f"{self._in_pot} chips are still in the pot: award them first")
        if not cash_on_table:
            return self.nets()
        return {
            name: (a.won - a.contributed) - (a.stack + a.cashed_out - a.brought)
            for name, a in self._accounts.items()
        }

    def settlement(self, *, cash_on_table: bool = False) -> list[Payment]:
        """Who pays whom to end the session square: :func:`settle` of :meth:`balances` (rule
        T1; outstanding loans included, rule M4)."""
        return settle(self.balances(cash_on_table=cash_on_table))

    def until(self, deal: int) -> Ledger:
        """A new ledger of the entries up to and including deal ``deal``: the session as it stood
        then."""
        return Ledger(takewhile(lambda e: e.deal <= deal, self))  # entries' deals only grow

    def to_dicts(self) -> list[dict[str, Any]]:
        """The entries as JSON-able data, in order."""
        return [e.to_dict() for e in self]

    @classmethod
    def from_dicts(cls, data: Iterable[Mapping[str, Any]]) -> Ledger:
        """The ledger written by :meth:`to_dicts`, checked entry by entry.

        >>> ledger = Ledger()
        >>> _ = ledger.buy_in("Andy", 20)
        >>> Ledger.from_dicts(ledger.to_dicts()).entries == ledger.entries
        True
        """
        return cls(Entry.from_dict(item) for item in data)

    def __len__(self) -> int:
        return len(self._entries) if self._counted is None else self._counted

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Ledger) and len(self) == len(other)
                and all(a == b for a, b in zip(self, other, strict=True)))

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Ledger(<{len(self)} entries, deal {self._deal}>)"

    def __iter__(self) -> Iterator[Entry]:
        if self._counted is not None:
            raise LookupError("the ledger counted its entries without keeping them")
        return map(self._entry, self._entries)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self)


# -- settlement --------------------------------------------------------------------------------


def settle(nets: Mapping[str, int], *, exact_limit: int = EXACT_LIMIT) -> list[Payment]:
    """The fewest payments that square everyone: after them each player has received exactly
    their net (paid it, if negative). The nets must sum to zero.

    Exact for up to ``exact_limit`` players with a non-zero net, greedy beyond (see the module
    docstring). Payments come sorted by payer, then payee; the result is deterministic.

    >>> [str(p) for p in settle({"Andy": 10, "Bill": -4, "Chris": -6, "Dan": 0})]
    ['Bill pays Andy 4', 'Chris pays Andy 6']
    >>> settle({"Andy": 3, "Bill": -2})
    Traceback (most recent call last):
    ...
    bragkit.ledger.LedgerError: the nets do not sum to zero: they sum to 1
    """
    for name, value in nets.items():
        _check_name(name)
        if type(value) is not int:
            raise LedgerError(f"{name}'s net must be a whole number of chips, not {value!r}")
    total = sum(nets.values())
    if total:
        raise LedgerError(f"the nets do not sum to zero: they sum to {total}")
    names = sorted(name for name, value in nets.items() if value)
    values = [nets[name] for name in names]
    exact = len(names) <= exact_limit
    groups = _zero_sum_groups(values) if exact else _greedy_groups(values)
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_settle_group([(names[i], values[i]) for i in group]))
    payments.sort(key=lambda p: (p.payer, p.payee))
    return payments


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """Split indices ``0..k-1`` into the most groups that each sum to zero (``values`` sums to
    zero and has no zeros).

    ``best[mask]`` is the most zero-sum groups that the members of ``mask`` can be cut into when
    they are laid out in some order and cut wherever the running sum returns to zero:
    ``best[mask] = max over i in mask of best[mask - i] + (sum(mask) == 0)``. Computed a popcount
    layer at a time with numpy; the groups are recovered by walking back from the full set.

    >>> _zero_sum_groups([5, -5, 3, -3])
    [[0, 1], [2, 3]]
    """
    k = len(values)
    if k == 0:
        return []
    size = 1 << k
    if k <= _SMALL_GROUPS:  # a table of a few entries: plain Python, no numpy calls
        best_, zero_ = _small_tables(values)
        return _walk_back(k, best_, zero_)
    masks = np.arange(size, dtype=np.int64)
    sums = np.zeros(size, dtype=np.int64)
    popcount = np.zeros(size, dtype=np.int8)
    for i, value in enumerate(values):
        has = (masks >> i) & 1
        sums += has * value
        popcount += has.astype(np.int8)
    zero = (sums == 0).astype(np.int16)
    best = np.zeros(size, dtype=np.int16)
    order = np.argsort(popcount, kind="stable")
    bounds = np.searchsorted(popcount[order], np.arange(k + 2))
    for layer in range(1, k + 1):
        layer_masks = order[bounds[layer] : bounds[layer + 1]]
        top = np.zeros(len(layer_masks), dtype=np.int16)
        for i in range(k):
            bit = 1 << i
            sel = (layer_masks & bit) != 0
            cand = best[layer_masks[sel] ^ bit]
            top[sel] = np.maximum(top[sel], cand)
        best[layer_masks] = top + zero[layer_masks]
    return _walk_back(k, best.tolist(), zero.tolist())


#: Up to this many non-zero nets, :func:`_zero_sum_groups` fills its table in plain Python
#: (64 entries: cheaper than numpy's calls; the same table).
_SMALL_GROUPS: Final = 6


def _small_tables(values: list[int]) -> tuple[list[int], list[int]]:
    """``best`` and ``zero`` of :func:`_zero_sum_groups` for a few values, mask by mask (a mask
    less one member is smaller, so it is filled first).

    >>> _small_tables([2, -2])
    ([0, 0, 0, 1], [1, 0, 0, 1])
    """
    size = 1 << len(values)
    sums = [0] * size
    zero = [1] * size
    best = [0] * size
    bits = [(1 << i, v) for i, v in enumerate(values)]
    for mask in range(1, size):
        low = mask & -mask
        total = sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
        zero[mask] = 0 if total else 1
        top = 0
        for bit, _ in bits:
            if mask & bit and best[mask ^ bit] > top:
                top = best[mask ^ bit]
        best[mask] = top + zero[mask]
    return best, zero


def _walk_back(k: int, best: list[int], zero: list[int]) -> list[list[int]]:
    """The groups of :func:`_zero_sum_groups` from its tables: remove one member at a time
    along an optimal chain; the chain passes through a zero-sum set at each cut."""
    groups: list[list[int]] = []
    mask = (1 << k) - 1
    current: list[int] = []
    while mask:
        target = best[mask] - zero[mask]
        if zero[mask] and current:
            groups.append(sorted(current))
            current = []
        for i in range(k):
            bit = 1 << i
            if mask & bit and best[mask ^ bit] == target:
                current.append(i)
                mask ^= bit
                break
    groups.append(sorted(current))
    groups.sort()
    return groups


def _greedy_groups(values: list[int]) -> list[list[int]]:
    """The fallback for many players: pairs of equal and opposite nets first (one payment each),
    then everyone else as one group.

    >>> _greedy_groups([4, -4, 2, 1, -3])
    [[0, 1], [2, 3, 4]]
    """
    waiting: dict[int, list[int]] = {}
    groups: list[list[int]] = []
    for i, value in enumerate(values):
        partners = waiting.get(-value)
        if partners:
            groups.append([partners.pop(0), i])
        else:
            waiting.setdefault(value, []).append(i)
    rest = sorted(i for indices in waiting.values() for i in indices)
    if rest:
        groups.append(rest)
    groups.sort()
    return groups


def _settle_group(members: list[tuple[str, int]]) -> list[Payment]:
    """Square a zero-sum group of *m* players in at most *m* - 1 payments: debtors, biggest
    first, pay creditors, biggest first; each payment squares at least one of its two players
    and the last squares both.

    >>> [str(p) for p in _settle_group([("A", 7), ("B", -3), ("C", -4)])]
    ['C pays A 4', 'B pays A 3']
    """
    creditors = sorted(((v, n) for n, v in members if v > 0), key=lambda t: (-t[0], t[1]))
    debtors = sorted(((-v, n) for n, v in members if v < 0), key=lambda t: (-t[0], t[1]))
    payments: list[Payment] = []
    ci = di = 0
    credit = creditors[0][0] if creditors else 0
    debt = debtors[0][0] if debtors else 0
    while ci < len(creditors) and di < len(debtors):
        amount = min(credit, debt)
        payments.append(Payment(payer=debtors[di][1], payee=creditors[ci][1], amount=amount))
        credit -= amount
        debt -= amount
        if credit == 0:
            ci += 1
            credit = creditors[ci][0] if ci < len(creditors) else 0
        if debt == 0:
            di += 1
            debt = debtors[di][0] if di < len(debtors) else 0
    return payments
