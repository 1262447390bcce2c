"""Players' accounts, optional: a name and a password, nothing else (no e-mail). Playing by a
name without an account stays the default; an account keeps its name for its holder at every
table (:meth:`Accounts.check_seat`).

- **Names** follow the seat names' rules (:func:`~bragkit.web.protocol.check_name`: 1 to 20
  letters, digits, spaces and ``.'-_``) and their look-alike rule (:mod:`bragkit.web.names`):
  no two accounts have names equal case-folded or with one confusable skeleton (UTS #39), so
  ``Bob`` and ``Bοb`` (a Greek omicron) cannot both be accounts. A name that reads as a bot's
  (``… bot``) is refused: the tables name their bots so.
- **Passwords** are kept as argon2id hashes (:class:`Passwords`, over ``argon2-cffi``), 8 to
  256 characters, rehashed at sign-in when the house's parameters grow.
- **Signing in** answers a wrong name and a wrong password alike, with one
  :class:`WrongCredentials` ("wrong name or password"), after the same work: a name with no
  account is checked against a dummy hash of the same cost.
- **Deleting** an account keeps its row without a password (its records keep the name, and no
  one else can open an account under it); at the tables the name is free again, as any name
  nobody holds.

>>> from sqlalchemy import create_engine
>>> from bragkit.web.schema import migrate
>>> engine = create_engine("sqlite://")
>>> _ = migrate(engine)
>>> club = Accounts(engine, passwords=Passwords.fast_for_tests())
>>> ann = club.sign_up("Ann", "a long secret")
>>> club.sign_in("ann", "a long secret") == ann          # names match case-folded
True
>>> club.sign_in("Ann", "wrong guess")
Traceback (most recent call last):
...
bragkit.web.accounts.WrongCredentials: wrong name or password
>>> club.sign_in("Nobody", "wrong guess")
Traceback (most recent call last):
...
bragkit.web.accounts.WrongCredentials: wrong name or password
>>> club.sign_up("Аnn", "another secret")               # a Cyrillic А
Traceback (most recent call last):
...
bragkit.web.accounts.NameRefused: Аnn is taken, or looks like a name that is: choose another
"""

from __future__ import annotations

import base64
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Select, insert, or_, select, update
from sqlalchemy.engine import Engine, Row
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from bragkit.errors import BragError
from bragkit.web.names import normalise, skeleton
from bragkit.web.protocol import ProtocolError, check_name
from bragkit.web.schema import accounts

__all__ = ["MAX_PASSWORD", "MIN_PASSWORD", "Account", "AccountError", "Accounts", "NameRefused",
           "PasswordRefused", "Passwords", "StoreUnavailable", "WrongCredentials"]

#: The shortest and longest passwords taken.
MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 256
_LONGEST_TYPED: Final = 80  # a name typed longer is no account's (still checked: same work)
_BOT: Final = re.compile(r"(?:^|\s)bot(?:\s+\d+)?$")


class AccountError(BragError):
    """Something about an account that cannot be done (the message says what)."""


class NameRefused(AccountError):
    """A name an account cannot have: malformed, a bot's, or taken (or like one taken)."""


class PasswordRefused(AccountError):
    """A new password too short or too long."""


class WrongCredentials(AccountError):
    """A sign-in (or a password check) that failed: the same answer for a wrong name and a
    wrong password."""

    def __init__(self) -> None:
        super().__init__("wrong name or password")


class StoreUnavailable(AccountError):
    """The database could not be read or written."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Account:
    """An account: its number and its name (as its holder spelled it)."""

    id: int
    name: str


class Passwords:
    """Password hashing with argon2id (``argon2-cffi``'s :class:`~argon2.PasswordHasher`, at
    its default cost unless given another ``hasher``). At most ``at_once`` hashes run at a time
    (each takes the hasher's memory: 64 MiB by default), so a burst of sign-ins cannot exhaust
    the server.

    >>> passwords = Passwords.fast_for_tests()
    >>> kept = passwords.hash("a long secret")
    >>> kept.startswith("$argon2id$"), passwords.verify(kept, "a long secret")
    (True, True)
    >>> passwords.verify(kept, "a wrong one"), passwords.verify(None, "anything")
    (False, False)
    """

    def __init__(self, hasher: PasswordHasher | None = None, *, at_once: int = 2) -> None:
        self.hasher = hasher or PasswordHasher()
        self._slots = threading.BoundedSemaphore(at_once)
        self._dummy: str | None = None
        #: how many hashes were computed or checked (tests count the work of a sign-in)
        self.work = 0

    @classmethod
    def fast_for_tests(cls) -> Passwords:
        """argon2id at its least cost: for tests and examples only."""
        return cls(PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))

    def hash(self, password: str) -> str:
        """The hash to keep of a password."""
        with self._slots:
            self.work += 1
            return self.hasher.hash(password)

    def prepare(self) -> str:
        """The dummy hash a name with no account is checked against: random, in the form and
        at the cost of the hasher's hashes (made at once, without hashing: checking it costs
        what checking a real one does)."""
        if self._dummy is None:
            hasher = self.hasher
            salt, digest = (base64.b64encode(secrets.token_bytes(n)).decode().rstrip("=")
                            for n in (hasher.salt_len, hasher.hash_len))
            self._dummy = (f"$argon2id$v=19$m={hasher.memory_cost},t={hasher.time_cost},"
                           f"p={hasher.parallelism}${salt}${digest}")
        return self._dummy

    def verify(self, kept: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``kept`` is the hash of; with ``kept`` None (no such
        account), False after checking it against a dummy hash of the same cost."""
        target = self.prepare() if kept is None else kept
        with self._slots:
            self.work += 1
            try:
                matched = bool(self.hasher.verify(target, password))
            except (VerificationError, InvalidHashError):
                matched = False
        return matched and kept is not None

    def needs_rehash(self, kept: str) -> bool:
        """Whether a kept hash was made at a lower cost than the hasher's now."""
        return bool(self.hasher.check_needs_rehash(kept))


def _name(name: object) -> str:
    """A name an account may have (NFKC), else :class:`NameRefused` saying why."""
    try:
        checked = check_name(name)
    except ProtocolError as error:
        raise NameRefused(error.reason) from None
    if _BOT.search(skeleton(checked)):
        raise NameRefused(f"{checked} reads as a bot's name: choose another")
    return checked


def _password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise PasswordRefused(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def _keys(name: str) -> tuple[str, str]:
    """What two account names are compared by: case-folded NFKC, and the skeleton."""
    return normalise(name).casefold(), skeleton(name)


class Accounts:
    """The accounts in the server's database (``engine``, its schema made by
    :func:`~bragkit.web.schema.migrate`): see the module docstring. Methods are blocking (the
    hashes take a while): the web app calls them in worker threads."""

    def __init__(self, engine: Engine, *, passwords: Passwords | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.passwords = passwords or Passwords()
        self.clock = clock

    def sign_up(self, name: str, password: str) -> Account:
        """A new account, or :class:`NameRefused` / :class:`PasswordRefused`."""
        name = _name(name)
        _password(password)
        folded, shape = _keys(name)
        if self._row(name, live_only=False) is not None:
            raise _taken(name)
        kept = self.passwords.hash(password)
        try:
            with self.engine.begin() as connection:
                made = connection.execute(insert(accounts).values(
                    name=name, folded=folded, skeleton=shape, password=kept,
                    created_at=self.clock(), deleted_at=None))
        except IntegrityError:  # another sign-up took it meanwhile
            raise _taken(name) from None
        except SQLAlchemyError as error:
            raise StoreUnavailable(f"cannot store the account: {error}") from None
        key = made.inserted_primary_key
        assert key is not None
        return Account(id=int(key[0]), name=name)

    def sign_in(self, name: str, password: str) -> Account:
        """The account of ``name`` if ``password`` is its password, else
        :class:`WrongCredentials` (the same for a name with no account, after the same work)."""
        row = None
        if isinstance(name, str) and len(name) <= _LONGEST_TYPED:
            folded = normalise(name).casefold()  # the name itself, not a look-alike of it
            row = self._first(select(accounts).where(accounts.c.folded == folded,
                                                     accounts.c.deleted_at.is_(None)))
        kept = row.password if row is not None else None
        if not self.passwords.verify(kept, password if isinstance(password, str) else ""):
            raise WrongCredentials
        assert row is not None and kept is not None
        if self.passwords.needs_rehash(kept):
            self._set_password(row.id, password)
        return Account(id=row.id, name=row.name)

    def change_password(self, account: Account, current: str, new: str) -> None:
        """Change an account's password, its holder giving the current one
        (:class:`WrongCredentials` if it is not) and a new one (:class:`PasswordRefused`)."""
        _password(new)
        self._check(account, current)
        self._set_password(account.id, new)

    def delete(self, account: Account, password: str) -> None:
        """Delete an account, its holder giving its password: it can no longer sign in, and its
        name is free at the tables; its records keep the name (see the module docstring)."""
        self._check(account, password)
        with self.engine.begin() as connection:
            connection.execute(update(accounts).where(accounts.c.id == account.id)
                               .values(password=None, deleted_at=self.clock()))

    def holder(self, name: str) -> Account | None:
        """The live account whose name is ``name`` or looks like it, if any."""
        row = self._row(normalise(name), live_only=True)
        return None if row is None else Account(id=row.id, name=row.name)

    def get(self, account_id: int) -> Account | None:
        """A live account by its number."""
        with self.engine.connect() as connection:
            row = connection.execute(select(accounts.c.id, accounts.c.name).where(
                accounts.c.id == account_id, accounts.c.deleted_at.is_(None))).first()
        return None if row is None else Account(id=row.id, name=row.name)

    def check_seat(self, name: str, account: str | None, re: str | None) -> None:
        """Whether ``name`` may sit at a table, for a connection signed in as ``account`` (None:
        a guest): a signed-in player sits under the account's name, and a guest may not take an
        account's name or one like it (a ``refused`` :class:`ProtocolError` else)."""
        if account is not None:
            if normalise(name) != account:
                raise ProtocolError("refused", f"you are signed in as {account}: sit down under "
                                    "that name", re=re)
            return
        holder = self.holder(name)
        if holder is not None:
            raise ProtocolError("refused", f"{name} is an account's name here (or looks like "
                                f"it): sign in to play under it, or choose another name", re=re)

    # -- inside ---------------------------------------------------------------------------------

    def _row(self, name: str, *, live_only: bool) -> Row[Any] | None:
        """An account row whose name matches ``name`` by either key, if any."""
        folded, shape = _keys(name)
        query = select(accounts).where(or_(accounts.c.folded == folded,
                                           accounts.c.skeleton == shape))
        if live_only:
            query = query.where(accounts.c.deleted_at.is_(None))
        return self._first(query.limit(1))

    def _first(self, query: Select[Any]) -> Row[Any] | None:
        try:
            with self.engine.connect() as connection:
                return connection.execute(query).first()
        except SQLAlchemyError as error:
            raise StoreUnavailable(f"cannot read the accounts: {error}") from None

    def _check(self, account: Account, password: str) -> None:
        row = self._first(select(accounts.c.password).where(
            accounts.c.id == account.id, accounts.c.deleted_at.is_(None)))
        kept = None if row is None else row.password
        if not self.passwords.verify(kept, password if isinstance(password, str) else ""):
            raise WrongCredentials

    def _set_password(self, account_id: int, password: str) -> None:
        kept = self.passwords.hash(password)
        with self.engine.begin() as connection:
            connection.execute(update(accounts).where(accounts.c.id == account_id)
                               .values(password=kept))


def _taken(name: str) -> NameRefused:
    return NameRefused(f"{name} is taken, or looks like a name that is: choose another")
