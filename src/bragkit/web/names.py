"""Players' names at a web table: who owns a name, and which names look alike.

A name at a table belongs to the seat token that first sat under it, for the life of the table:
after Bob leaves, a stranger cannot sit down as ``Bob`` and be paid for Bob's play (the ledger
carries a player's account on by name, rule M1); Bob himself, with his token, may come back.

Two names are the same name if they are equal case-folded (NFKC first), or if their
*skeletons* are equal (Unicode Technical Standard #39): the name in NFKC form, each character
replaced by the ASCII letters it looks like (:mod:`bragkit.web.confusables`), case-folded. So a
Cyrillic ``А``, a Greek ``ο`` or a full-width ``Ｃ`` cannot pass for a Latin letter, nor ``0``
for ``O``, nor ``ian`` for ``IAN`` (whose skeleton is ``lan``: an ``I`` looks like an ``l``).

>>> skeleton("Аnn") == skeleton("ann"), skeleton("Bοb") == skeleton("BOB")
(True, True)
>>> skeleton("Ｃy") == skeleton("cy"), skeleton("Ann") == skeleton("Anne")
(True, False)
>>> book = NameBook()
>>> book.record("Bob", "b" * 64)
>>> book.check("Bob", "b" * 64, re="s1")         # Bob comes back with his token
>>> book.check("Bοb", "c" * 64, re="s2")
Traceback (most recent call last):
...
bragkit.web.protocol.ProtocolError: refused: Bοb looks like Bob, a name at this table: choose \
another name
"""

from __future__ import annotations

import hmac
import unicodedata
from collections.abc import Iterable

from bragkit.web.confusables import PROTOTYPES
from bragkit.web.protocol import ProtocolError

__all__ = ["NameBook", "keys", "normalise", "skeleton"]


def normalise(name: str) -> str:
    """A name in NFKC form (full-width and other compatibility letters made plain).

    >>> normalise("Ｃy")
    'Cy'
    """
    return unicodedata.normalize("NFKC", name)


def _mapped(text: str) -> str:
    return "".join(PROTOTYPES.get(char, char) for char in text)


def skeleton(name: str) -> str:
    """What a name looks like: NFKC, look-alikes replaced by their prototype (before and after
    decomposing accents), case-folded; two names with one skeleton are confusable (UTS #39).

    >>> skeleton("Ｂοb"), skeleton("B0b")
    ('bob', 'bob')
    """
    text = _mapped(normalise(name))
    text = _mapped(unicodedata.normalize("NFD", text)).casefold()
    return unicodedata.normalize("NFC", _mapped(text).casefold())


def keys(name: str) -> frozenset[str]:
    """What makes two names the same: their case-folded NFKC forms, or their skeletons.

    >>> keys("IAN") & keys("ian") != set(), keys("Ian") & keys("lan") != set()
    (True, True)
    >>> keys("Ann") & keys("Anne")
    frozenset()
    """
    return frozenset({"f:" + normalise(name).casefold(), "s:" + skeleton(name)})


class NameBook:
    """Every name seated at a table in its life, by skeleton: the first spelling and the hash
    of the token that holds it (None for a bot: a bot's name is nobody's to take)."""

    def __init__(self) -> None:
        self._owners: dict[str, tuple[str, str | None]] = {}  # by each of a name's keys

    def record(self, name: str, token_hash: str | None) -> None:
        """A name was seated (its first owner keeps it)."""
        for key in keys(name):
            self._owners.setdefault(key, (name, token_hash))

    def taken(self, name: str) -> bool:
        """Whether a name, or one that looks like it, was ever seated here."""
        return any(key in self._owners for key in keys(name))

    def check(self, name: str, token_hash: str | None, re: str | None,
              others: Iterable[str] = ()) -> None:
        """Refuse ``name`` for the holder of ``token_hash`` if it, or a look-alike, belongs to
        someone else at this table (``others``: more names to keep apart, e.g. the ledger's).
        The owner of a name may sit under it again, spelled the same way."""
        mine_keys = keys(name)
        owner = next((self._owners[k] for k in sorted(mine_keys) if k in self._owners), None)
        if owner is not None:
            first, holder = owner
            mine = holder is not None and token_hash is not None and hmac.compare_digest(
                holder, token_hash)
            if mine and first == name:
                return
            if mine:
                raise ProtocolError("refused", f"you played at this table as {first}: sit "
                                    "down under that name", re=re)
            raise _taken(name, first, re)
        for other in others:
            if keys(other) & mine_keys:
                raise _taken(name, other, re)


def _taken(name: str, other: str, re: str | None) -> ProtocolError:
    if normalise(other).casefold() == normalise(name).casefold():
        return ProtocolError("refused", f"{name} is taken at this table: choose another name",
                             re=re)
    return ProtocolError("refused", f"{name} looks like {other}, a name at this table: choose "
                         "another name", re=re)
