"""Who sits where at a web table: :class:`Seats`, a room's seat map.

A seat holds a name, the hash of its owner's token (None for a bot), the bot's kind, and the
chips brought. Seats are numbered from 0; the Table's clockwise order is the order of the seat
numbers (rule D3). Someone who sits down during a deal *joins* when it ends; someone who leaves
during one *is leaving* until it ends.

>>> seats = Seats(4)
>>> seats.add(Seat(position=2, name="Ann", token_hash="a" * 64, bot=None, buy_in=20))
>>> seats.add(Seat(position=0, name="Bot", token_hash=None, bot="random", buy_in=20))
>>> seats.names, seats.bots
({0: 'Bot', 2: 'Ann'}, {'Bot': 'random'})
>>> seats.viewer("a" * 64).name, seats.viewer("b" * 64).name
('Ann', None)
>>> seats.check_free(2, re="x")
Traceback (most recent call last):
...
bragkit.web.protocol.ProtocolError: refused: seat 2 is taken by Ann
>>> seats.bot_name("random", ledger=["Random bot"])
'Random bot II'
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bragkit.games.wording import roman
from bragkit.web.events import Viewer
from bragkit.web.names import NameBook, keys
from bragkit.web.protocol import ProtocolError

__all__ = ["Seat", "Seats"]


@dataclass(kw_only=True, slots=True)
class Seat:
    """One taken seat (mutable: ``joining`` and ``leaving`` change as deals end)."""

    position: int
    name: str
    token_hash: str | None
    bot: str | None
    buy_in: int
    account: int | None = None  # the number of the account that sat here (None: a guest, a bot)
    joining: bool = False  # sat down during a deal: joins the table when it ends
    leaving: bool = False  # leaves when the deal in progress ends


class Seats:
    """The taken seats of a table of ``count`` seats, iterated in the order they were taken."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._seats: dict[int, Seat] = {}
        #: every name seated here in the table's life, and whose it is
        self.book = NameBook()
        #: the account of each name seated by a signed-in player, for the table's life
        self.accounts: dict[str, int] = {}
        self._tokens: set[str] = set()  # every seat token's hash that ever sat here

    def __iter__(self) -> Iterator[Seat]:
        return iter(list(self._seats.values()))

    def __len__(self) -> int:
        return len(self._seats)

    def __contains__(self, position: object) -> bool:
        return position in self._seats

    def __getitem__(self, position: int) -> Seat:
        return self._seats[position]

    def add(self, seat: Seat) -> None:
        """Seat someone (the seat is checked free by :meth:`check_free` first); the name is
        theirs for the life of the table."""
        self._seats[seat.position] = seat
        self.book.record(seat.name, seat.token_hash)
        if seat.account is not None:
            self.accounts.setdefault(seat.name, seat.account)
        if seat.token_hash is not None:
            self._tokens.add(seat.token_hash)

    def ever_seated(self, *, account: int | None = None, token_hash: str | None = None) -> bool:
        """Whether the account numbered ``account``, or the holder of the seat token hashed
        ``token_hash``, ever sat at this table (its players: a private table's records are
        theirs).

        >>> seats = Seats(2)
        >>> seats.add(Seat(position=0, name="Ann", token_hash="a" * 64, bot=None, buy_in=9,
        ...                account=7))
        >>> seats.remove(seats[0])
        >>> seats.ever_seated(account=7), seats.ever_seated(token_hash="a" * 64)
        (True, True)
        >>> seats.ever_seated(account=8), seats.ever_seated(token_hash="b" * 64)
        (False, False)
        """
        return (account is not None and account in self.accounts.values()) or (
            token_hash is not None and token_hash in self._tokens)

    def remove(self, seat: Seat) -> None:
        """Free a seat."""
        del self._seats[seat.position]

    @property
    def names(self) -> dict[int, str]:
        """The names in each taken seat, by seat number."""
        return {p: s.name for p, s in sorted(self._seats.items())}

    @property
    def bots(self) -> dict[str, str]:
        """The bots at the table: name -> kind."""
        return {s.name: s.bot for s in self._seats.values() if s.bot is not None}

    def by_token(self, hashed: str) -> Seat | None:
        """The seat a token's hash holds (compared in constant time), if any."""
        for seat in self._seats.values():
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, hashed):
                return seat
        return None

    def by_name(self, name: str) -> Seat | None:
        """The seat of ``name``, if any."""
        for seat in self._seats.values():
            if seat.name == name:
                return seat
        return None

    def viewer(self, token_hash: str | None = None, *, host: bool = False) -> Viewer:
        """The viewer a connection is: the seat its token holds (if any), host or not."""
        name = None
        if token_hash is not None:
            seat = self.by_token(token_hash)
            name = seat.name if seat is not None else None
        return Viewer(name=name, token_hash=token_hash if name else None, host=host)

    def held(self, viewer: Viewer, re: str | None) -> Seat:
        """The seat ``viewer`` holds by their token, else a ``forbidden`` refusal."""
        if viewer.name is None:
            raise ProtocolError("forbidden", "you hold no seat at this table", re=re)
        seat = self.by_name(viewer.name)
        if seat is None or seat.token_hash is None or viewer.token_hash is None or (
                not hmac.compare_digest(seat.token_hash, viewer.token_hash)):
            raise ProtocolError("forbidden", "you hold no seat at this table", re=re)
        return seat

    # -- checks of a new seat ------------------------------------------------------------------

    def check_free(self, seat: int, re: str | None) -> None:
        """Refuse a seat that does not exist or is taken."""
        if type(seat) is not int or not 0 <= seat < self.count:
            raise ProtocolError("refused", f"there is no seat {seat}: seats are 0 to "
                                f"{self.count - 1}", re=re)
        if seat in self._seats:
            raise ProtocolError("refused", f"seat {seat} is taken by {self._seats[seat].name}",
                                re=re)

    def check_name(self, name: str, ledger: Iterable[str], re: str | None, *,
                   token_hash: str | None = None) -> None:
        """Refuse a name that belongs to someone else at this table, or looks like one (a
        Cyrillic ``А`` for a Latin ``A``: UTS #39 skeletons, :mod:`bragkit.web.names`). A name
        once seated is its token's for the life of the table: its owner may come back under
        it, and the ledger carries on their account (M1); no one else may take it."""
        others = [s.name for s in self._seats.values()] + [p for p in ledger]
        self.book.check(name, token_hash, re, others=others)

    def bot_name(self, kind: str, ledger: Iterable[str]) -> str:
        """A fresh name for a bot of ``kind``: a new bot is a new player, not one who left."""
        base = f"{kind.capitalize()} bot"
        taken = {k for s in self._seats.values() for k in keys(s.name)}
        taken |= {k for p in ledger for k in keys(p)}
        number = 1
        name = base
        while keys(name) & taken or self.book.taken(name):
            number += 1
            name = f"{base} {roman(number)}"  # never a number: "Random bot 2 38"
        return name

    def place(self, seat: Seat, seated: Iterable[str]) -> str | None:
        """Whom ``seat`` sits after, clockwise, among the ``seated`` players (seat numbers give
        the order, D3; None: no one seated yet)."""
        placed = {s.name: p for p, s in self._seats.items() if not s.joining}
        order = sorted((placed[n], n) for n in seated if n in placed)
        before = [n for p, n in order if p < seat.position]
        return before[-1] if before else (order[-1][1] if order else None)
