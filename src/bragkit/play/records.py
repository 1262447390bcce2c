"""Where and how the terminal writes records: :class:`TableRecords` (a table's finished deals
and its session), :func:`default_save_dir` and :func:`write_fresh` (never over an earlier file).

>>> default_save_dir().name
'records'
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from bragkit.errors import BragError
from bragkit.session import Session, SessionError

if TYPE_CHECKING:
    from bragkit.games.registry import GameInfo

__all__ = ["TableRecords", "default_save_dir", "target_rule", "write_fresh"]


def default_save_dir() -> Path:
    """Where ``w`` saves without ``--save-dir``: bragkit's folder in the user's data dir."""
    import platformdirs

    return Path(platformdirs.user_data_path("bragkit", appauthor=False)) / "records"


def write_fresh(folder: Path, stem: str, suffix: str, text: str) -> Path:
    """Write ``text`` to ``folder/stem+suffix``, or ``stem-2``, ``stem-3``… : the first name
    not taken (an earlier file is never overwritten). Returns the path.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [write_fresh(Path(folder), "deal-0001", ".bhh", "x").name for _ in range(3)]
    ['deal-0001.bhh', 'deal-0001-2.bhh', 'deal-0001-3.bhh']
    """
    folder.mkdir(parents=True, exist_ok=True)
    count = 1
    while True:
        path = folder / (f"{stem}{suffix}" if count == 1 else f"{stem}-{count}{suffix}")
        try:
            with path.open("x", encoding="utf-8") as file:
                file.write(text)
        except FileExistsError:
            count += 1
            continue
        return path


def target_rule(info: GameInfo) -> str:
    """The rule that sets the points ``info``'s game is played to, from its rules' own metadata
    (N7, C6); "" for a game without a target.

    >>> from bragkit.games import find
    >>> target_rule(find("nine-card")), target_rule(find("crash")), target_rule(find("brag"))
    ('N7', 'C6', '')
    """
    from bragkit.games.options import options

    return next((o.rule for o in options(info.rules) if o.name == "target"), "")


class TableRecords:
    """The records of a table's ``session`` of the game ``info`` (its ``title`` for messages):
    the last finished deal's (:meth:`save`, ``w``) and the session's (:meth:`save_session`,
    ``W``), written under fresh names in ``save_dir`` (None: :func:`default_save_dir`). A deal
    in progress is never written: its record holds every card.

    A game with a session record of its own
    (:attr:`~bragkit.games.registry.GameInfo.session_record`) writes one document; any other
    game's session is the record of each of its finished deals, kept as each deal ends
    (:meth:`finished`, compressed: a long session stays small) and written in a fresh folder
    (``session/deal-0001.toml``…), each read by ``bragkit replay``."""

    def __init__(self, session: Session, info: GameInfo, title: str,
                 save_dir: Path | None = None) -> None:
        self.session = session
        self.info = info
        self.title = title
        self.save_dir = save_dir
        self.last_saved: Path | None = None
        self.deals: dict[int, bytes] = {}  #: each finished deal's record (zlib), by number
        self._saved_deal = 0

    def _folder(self, directory: Path | str | None) -> Path:
        return Path(directory if directory is not None else self.save_dir or default_save_dir())

    def finished(self) -> None:
        """The session's deal has just ended: keep its record (for a session written as its
        deals)."""
        game = self.session.current
        text = game.record_text() if game is not None and game.over else None
        if text is not None and self.info.session_record is None:
            self.deals[self.session.deal_number] = zlib.compress(text.encode("utf-8"))

    def save(self, directory: Path | str | None = None) -> Path:
        """Write the last finished deal's record (:meth:`~bragkit.games.protocol.Game.record_text`)
        in ``directory`` (by default the save dir) under a fresh name, never over an earlier
        file. Once saved, a deal is not written again to the same place."""
        game = self.session.current
        text = game.record_text() if game is not None and game.over else None
        if game is None or text is None:
            target = game.target() if game is not None else None
            what = ("deal" if target is None
                    else f"game to {target} (rule {target_rule(self.info)})")
            raise SessionError(f"only a finished {what} can be saved (its record holds every "
                               "card)" if game is None or not game.over
                               else f"{self.title} writes no records")
        number = self.session.deal_number
        if self.last_saved is not None and self._saved_deal == number and directory is None:
            return self.last_saved
        path = write_fresh(self._folder(directory), f"deal-{number:04d}",
                           self.info.record_suffix, text)
        self.last_saved, self._saved_deal = path, number
        return path

    def save_session(self, directory: Path | str | None = None) -> Path:
        """Write the whole session so far under a fresh name in ``directory`` (as :meth:`save`),
        between deals only: the game's session record, or a folder of its deals' records (see
        the class docstring). Returns the file or the folder."""
        if self.session.in_deal:
            raise SessionError("finish the deal first: a session record holds every card")
        folder = self._folder(directory)
        writer = self.info.session_record
        if writer is not None:
            return write_fresh(folder, "session", ".toml", writer(self.session))
        if not self.deals:
            raise SessionError("no deal is finished yet: nothing to save")
        place = fresh_folder(folder, "session")
        for number, packed in sorted(self.deals.items()):
            write_fresh(place, f"deal-{number:04d}", self.info.record_suffix,
                        zlib.decompress(packed).decode("utf-8"))
        return place

    def autosave(self) -> str | None:
        """Save the deal just ended in the save dir, if there is one; a line for the log when
        that failed (a failed save never ends the session), else None."""
        if self.save_dir is None:
            return None
        try:
            self.save(self.save_dir)
        except (OSError, BragError) as error:
            return (f"deal {self.session.deal_number} not saved: "
                    f"{getattr(error, 'strerror', None) or error}")
        return None


def fresh_folder(parent: Path, stem: str) -> Path:
    """A new folder ``parent/stem``, or ``stem-2``, ``stem-3``…: the first name not taken.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [fresh_folder(Path(folder), "session").name for _ in range(2)]
    ['session', 'session-2']
    """
    parent.mkdir(parents=True, exist_ok=True)
    count = 1
    while True:
        path = parent / (stem if count == 1 else f"{stem}-{count}")
        try:
            path.mkdir()
        except FileExistsError:
            count += 1
            continue
        return path
