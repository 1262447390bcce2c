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
    (:meth:`finished`, compressed: a long session stays small) and written as one
    ``game-session/1`` document (:mod:`bragkit.games.game_session_records`); ``bragkit
    replay`` reads every file written."""

    def __init__(self, session: Session, info: GameInfo, title: str,
                 save_dir: Path | None = None) -> None:
        self.session = session
        self.info = info
        self.title = title
        self.save_dir = save_dir
        self.last_saved: Path | None = None
        self.deals: dict[int, bytes] = {}  #: each finished deal's record (zlib), by number
        self._saved: tuple[int, int] = (0, 0)  # the session deal and length last saved
        self._cached: tuple[tuple[int, int], str | None] = ((0, 0), None)

    def _folder(self, directory: Path | str | None) -> Path:
        return Path(directory if directory is not None else self.save_dir or default_save_dir())

    def finished(self) -> None:
        """The session's deal has just ended: keep its record (for a session written as its
        deals)."""
        game = self.session.current
        text = game.record_text() if game is not None and game.over else None
        if text is not None and self.info.session_record is None:
            self.deals[self.session.deal_number] = zlib.compress(text.encode("utf-8"))

    def _so_far(self) -> tuple[str | None, bool]:
        """The record of what is finished of the session's game (all of it once over; a game
        played to a target, its finished deals of cards), and whether the game is over; kept
        until the game moves on (the keys ask often)."""
        game = self.session.current
        if game is None:
            return None, False
        key = (self.session.deal_number, len(game.operations))
        if self._cached[0] != key:
            self._cached = (key, game.record_so_far())
        return self._cached[1], game.over

    def can_save(self) -> bool:
        """Whether ``w`` has a record to write: a finished deal, or a finished deal of cards
        of a game played to a target (N7, C6)."""
        return self._so_far()[0] is not None

    def can_save_session(self) -> bool:
        """Whether ``W`` has a session record to write: between deals for a game with its own
        session record; for any other game, once a deal (or a deal of cards of a game played
        to a target) is finished."""
        if self.info.session_record is not None:
            return not self.session.in_deal and self.session.deal_number > 0
        game = self.session.current
        return bool(self.deals) or (game is not None and game.target() is not None
                                    and self.can_save())

    def saved_what(self) -> str:
        """What :meth:`save` writes now, in words: "the deal", "the game" (to a target), or
        "the game so far" (a game to a target not yet won)."""
        game = self.session.current
        if game is None or game.target() is None:
            return "the deal"
        return "the game" if game.over else "the game so far (not over yet)"

    def save(self, directory: Path | str | None = None) -> Path:
        """Write the last finished deal's record (:meth:`~bragkit.games.protocol.Game.record_text`)
        in ``directory`` (by default the save dir) under a fresh name, never over an earlier
        file. A game played to a target (N7, C6) and not yet won is written as far as its last
        finished deal of cards (:meth:`~bragkit.games.protocol.Game.record_so_far`): a record
        that replays as a game not yet over. Once saved, a record is not written again to the
        same place."""
        game = self.session.current
        text, over = self._so_far()
        if game is None or text is None:
            if game is not None and game.over:
                raise SessionError(f"{self.title} writes no records")
            target = game.target() if game is not None else None
            what = ("deal" if target is None
                    else f"deal of the game to {target} (rule {target_rule(self.info)})")
            raise SessionError(f"only a finished {what} can be saved (its record holds every "
                               "card)")
        number = self.session.deal_number
        if (self.last_saved is not None and self._saved == (number, len(text))
                and directory is None):
            return self.last_saved
        stem = f"deal-{number:04d}" if over else f"game-{number:04d}-so-far"
        path = write_fresh(self._folder(directory), stem, self.info.record_suffix, text)
        self.last_saved, self._saved = path, (number, len(text))
        return path

    def save_session(self, directory: Path | str | None = None) -> Path:
        """Write the whole session so far under a fresh name in ``directory`` (as :meth:`save`):
        the game's own session record (between deals only), or else a ``game-session/1`` record
        of its finished deals (:mod:`bragkit.games.game_session_records`) — at any time: a
        game played to a target and not yet won is recorded as far as its last finished deal
        of cards, a deal in play is left out (its record would hold every card), and the
        record says so. Returns the file."""
        folder = self._folder(directory)
        writer = self.info.session_record
        if writer is not None:
            if self.session.in_deal:
                raise SessionError("finish the deal first: a session record holds every card")
            return write_fresh(folder, "session", ".toml", writer(self.session))
        deals = [(n, zlib.decompress(packed).decode("utf-8"))
                 for n, packed in sorted(self.deals.items())]
        note = None
        game = self.session.current
        if self.session.in_deal and game is not None:
            number = self.session.deal_number
            text, _ = self._so_far()
            if game.target() is not None and text is not None:
                deals.append((number, text))
                note = (f"game {number} was under way: it is recorded to its last finished "
                        f"deal of cards, before anyone reached {game.target()} points (rule "
                        f"{target_rule(self.info)})")
            else:
                what = "game" if game.target() is not None else "deal"
                note = (f"{what} {number} was under way and is left out (its record would "
                        "hold every card)")
        if not deals:
            raise SessionError("no deal is finished yet: nothing to save")
        from bragkit.games.game_session_records import session_text

        text = session_text(game=self.info.name, title=self.title,
                            players=self.session.seats, stacks=self.session.stacks,
                            unit="deal" if game is None or game.target() is None else "game",
                            deals=deals, note=note)
        return write_fresh(folder, "session", ".toml", text)

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
