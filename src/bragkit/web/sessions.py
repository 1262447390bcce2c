"""Signed-in sessions: :class:`Sessions`, kept in the server's database (so every process of
a cluster knows them).

A session id is 32 random bytes (:func:`secrets.token_urlsafe`) that only the browser holds, in
a cookie (:mod:`bragkit.web.cookies`); the database keeps its SHA-256, so a stolen database
signs nobody in. Each sign-in starts a new session (an id the browser brought is never adopted:
no session fixation); signing out ends it; a password changed or an account deleted ends all
of the account's sessions. A session lasts :attr:`Sessions.lifetime` seconds (30 days).

>>> from sqlalchemy import create_engine
>>> from bragkit.web.accounts import Account
>>> from bragkit.web.schema import accounts, migrate
>>> engine = create_engine("sqlite://")
>>> _ = migrate(engine)
>>> with engine.begin() as connection:
...     _ = connection.execute(accounts.insert().values(
...         id=1, name="Ann", folded="ann", skeleton="ann", password="x", created_at=0))
>>> sessions = Sessions(engine)
>>> cookie = sessions.start(Account(id=1, name="Ann"))
>>> sessions.account(cookie)
Account(id=1, name='Ann')
>>> sessions.end(cookie); sessions.account(cookie) is None
True
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from typing import Final

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.sql.expression import Executable

from bragkit.web.accounts import Account, StoreUnavailable
from bragkit.web.schema import accounts, sessions

__all__ = ["LIFETIME", "Sessions"]

#: How long a session lasts: 30 days.
LIFETIME: Final = 30 * 24 * 3600
_LONGEST: Final = 128  # a cookie longer than that is nobody's session


def _hashed(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


class Sessions:
    """The sessions in the database ``engine`` (its schema made by
    :func:`~bragkit.web.schema.migrate`); see the module docstring."""

    def __init__(self, engine: Engine, *, lifetime: float = LIFETIME,
                 clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.lifetime = lifetime
        self.clock = clock

    def start(self, account: Account) -> str:
        """A new session of ``account``: its id, for the browser's cookie."""
        session_id = secrets.token_urlsafe(32)
        now = self.clock()
        self._write(insert(sessions).values(id_hash=_hashed(session_id), account_id=account.id,
                                            created_at=now, expires_at=now + self.lifetime))
        return session_id

    def account(self, session_id: str | None) -> Account | None:
        """The account a session id speaks for: None for no id, an unknown or ended session,
        an expired one, or a deleted account."""
        if not session_id or len(session_id) > _LONGEST:
            return None
        query = (select(accounts.c.id, accounts.c.name)
                 .join(sessions, sessions.c.account_id == accounts.c.id)
                 .where(sessions.c.id_hash == _hashed(session_id),
                        sessions.c.expires_at > self.clock(), accounts.c.deleted_at.is_(None)))
        try:
            with self.engine.connect() as connection:
                row = connection.execute(query).first()
        except SQLAlchemyError as error:
            raise StoreUnavailable(f"cannot read the sessions: {error}") from None
        return None if row is None else Account(id=row.id, name=row.name)

    def end(self, session_id: str | None) -> None:
        """End a session (signing out; nothing for an unknown one)."""
        if session_id and len(session_id) <= _LONGEST:
            self._write(delete(sessions).where(sessions.c.id_hash == _hashed(session_id)))

    def end_all(self, account: Account) -> None:
        """End every session of an account (its password changed, or it was deleted)."""
        self._write(delete(sessions).where(sessions.c.account_id == account.id))

    def purge(self) -> None:
        """Forget the sessions that have expired."""
        self._write(delete(sessions).where(sessions.c.expires_at <= self.clock()))

    def _write(self, statement: Executable) -> None:
        try:
            with self.engine.begin() as connection:
                connection.execute(statement)
        except SQLAlchemyError as error:
            raise StoreUnavailable(f"cannot write the sessions: {error}") from None
