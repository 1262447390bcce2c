"""The session record of every game without a session format of its own: ``game-session/1``
(rules T1, N7, C6).

The three-card family writes its sessions as ``bhh-session/1``; every other game's session —
Teen Patti, the historic games, Brag Poker, Nine Card Brag, Crash — is written as one TOML
document holding the record of each of its finished deals in the game's own format, so a
session is one file that ``bragkit replay`` reads like any record:

* ``format = "game-session/1"``, ``game`` (the registry's name), ``title``, ``players``;
* ``unit``: what each entry is, ``"deal"`` or, for a game played to a target (N7, C6),
  ``"game"``;
* ``stacks``: each player's chips when the session was saved;
* ``complete``: false when something was under way when it was saved, and ``note`` says what
  (a points game saved before its target is recorded up to its last finished deal of cards and
  replays as a game not yet over; a deal in play is left out, its record would hold every card);
* one ``[[deals]]`` entry per finished deal: its ``number`` and, as ``[deals.record]``, the
  deal's record (any registered format but this one).

>>> from bragkit.games.registry import open_session
>>> from bragkit.games.protocol import random_action
>>> import random
>>> session = open_session("teen-patti", seats=["Ann", "Bob"], buy_ins=50, seed=2)
>>> game, rng = session.start_deal(), random.Random(2)
>>> while session.in_deal:
...     session.apply(random_action(game, rng))
>>> text = session_text(game="teen-patti", title="Teen Patti", players=session.seats,
...                     stacks=session.stacks, unit="deal",
...                     deals=[(1, game.record_text() or "")])
>>> print(text.partition("[stacks]")[0].strip())
format = "game-session/1"
game = "teen-patti"
title = "Teen Patti"
players = ["Ann", "Bob"]
unit = "deal"
complete = true
>>> "[deals.record]" in text
True
>>> from bragkit.records import replay_text
>>> replay_text(text).describe().splitlines()[0]
'Teen Patti: a session of Ann and Bob, 1 deal saved'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bragkit.errors import BragError, IllegalActionError, NotationError
from bragkit.records import (
    MAX_KEYS,
    Replay,
    check_names,
    format_name,
    register,
    replayer_for,
)
from bragkit.toml_text import MAX_TEXT, dump_document, load_document

__all__ = ["FORMAT", "GameSessionReplay", "replay_document", "session_text"]

#: The format's name and version, the first key of every such record.
FORMAT: Final = "game-session/1"
_NAME: Final = "game-session"
_KEYS: Final = frozenset({"format", "game", "title", "players", "unit", "complete", "note",
                          "stacks", "deals"})
_UNITS: Final = ("deal", "game")


def session_text(*, game: str, title: str, players: Sequence[str], stacks: Mapping[str, int],
                 unit: str, deals: Sequence[tuple[int, str]], note: str | None = None) -> str:
    """The ``game-session/1`` text of a session: ``deals`` are the finished deals' numbers and
    record texts (each in its game's format); ``note`` says what was under way when it was
    saved (then the record is not ``complete``)."""
    if unit not in _UNITS:
        raise NotationError(f"unit is one of {', '.join(_UNITS)}, not {unit!r}")
    document: dict[str, Any] = {"format": FORMAT, "game": game, "title": title,
                                "players": list(players), "unit": unit,
                                "complete": note is None}
    if note is not None:
        document["note"] = note
    document["stacks"] = dict(stacks)
    document["deals"] = [{"number": number, "record": load_document(text)}
                         for number, text in deals]
    return dump_document(document, subtables=("record",), quoted=("stacks",))


class GameSessionReplay:
    """A ``game-session/1`` record replayed, each deal by its own format's reader: what
    ``bragkit replay`` prints (:meth:`describe`) and its JSON (:meth:`to_json`)."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        unknown = sorted(set(document) - _KEYS)
        if unknown:
            raise NotationError(f"unknown key(s): {', '.join(unknown)}")
        if document.get("format") != FORMAT:
            raise NotationError(f"format {document.get('format')!r} is not supported: this "
                                f"bragkit reads {FORMAT}")
        self.game = _text(document, "game")
        self.title = _text(document, "title")
        players = document.get("players")
        if not isinstance(players, list) or len(players) < 2 or not all(
                isinstance(p, str) and p for p in players):
            raise NotationError("players must be a list of two or more names")
        check_names("players", players)
        self.players: tuple[str, ...] = tuple(players)
        self.unit = _text(document, "unit")
        if self.unit not in _UNITS:
            raise NotationError(f"unit is one of {', '.join(_UNITS)}, not {self.unit!r}")
        complete, note = document.get("complete"), document.get("note")
        if type(complete) is not bool or (note is not None and not isinstance(note, str)):
            raise NotationError("complete is true or false, and note a string")
        if complete == (note is not None):
            raise NotationError("a record that is not complete says why in its note, and only "
                                "such a record has one")
        self.complete, self.note = complete, note
        stacks = document.get("stacks", {})
        if not isinstance(stacks, Mapping) or set(stacks) - set(self.players) or not all(
                type(v) is int and v >= 0 for v in stacks.values()):
            raise NotationError("stacks must map players to whole numbers of chips")
        self.stacks: dict[str, int] = dict(stacks)
        self.deals = self._replay_deals(document.get("deals", []))

    def _replay_deals(self, entries: object) -> list[tuple[int, Replay]]:
        if not isinstance(entries, list):
            raise NotationError("deals must be an array of tables ([[deals]])")
        deals: list[tuple[int, Replay]] = []
        for index, entry in enumerate(entries, 1):
            where = f"{self.unit} entry {index}"
            if not isinstance(entry, Mapping) or set(entry) != {"number", "record"}:
                raise NotationError(f"{where}: a [[deals]] entry holds a number and a record")
            number, record = entry["number"], entry["record"]
            if type(number) is not int or number < 1 or (deals and number <= deals[-1][0]):
                raise NotationError(f"{where}: numbers are whole, from 1, increasing")
            if not isinstance(record, Mapping) or format_name(record) == _NAME:
                raise NotationError(f"{where}: its record is a deal's or a game's table")
            players = record.get("players")
            if isinstance(players, list):
                check_names(f"{self.unit} {number}: players", players)
            try:
                deals.append((number, replayer_for(record)(record)))
            except IllegalActionError as error:
                raise IllegalActionError(f"{self.unit} {number}: {error.reason}",
                                         rule=error.rule) from None
            except BragError as error:
                raise NotationError(f"{self.unit} {number}: {error}") from None
        return deals

    def describe(self) -> str:
        """The session as a person reads it: each deal (or game) as its own record reads,
        the stacks when it was saved, and what was under way."""
        count = len(self.deals)
        names = ", ".join(self.players[:-1]) + f" and {self.players[-1]}"
        lines = [f"{self.title}: a session of {names}, {count} {self.unit}"
                 f"{'' if count == 1 else 's'} saved"]
        for number, replay in self.deals:
            lines += ["", f"== {self.unit.capitalize()} {number} =="]
            lines += replay.describe().splitlines()
        if self.stacks:
            lines += ["", "Stacks when saved: " + ", ".join(f"{p} {c:,}" for p, c in
                                                            self.stacks.items())]
        if self.note is not None:
            lines.append(f"The session is not finished: {self.note}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The session's fields, and each deal's own JSON with its number."""
        return {"format": FORMAT, "game": self.game, "title": self.title,
                "players": list(self.players), "unit": self.unit,
                "complete": self.complete, "note": self.note, "stacks": self.stacks,
                "deals": [{"number": n, **replay.to_json()} for n, replay in self.deals]}


def _text(document: Mapping[str, Any], key: str) -> str:
    value = document.get(key)
    if not isinstance(value, str) or not value or len(value) > 200:
        raise NotationError(f"{key} must be a short non-empty string")
    return value


def replay_document(document: Mapping[str, Any]) -> GameSessionReplay:
    """A parsed ``game-session/1`` record replayed (the format's reader)."""
    return GameSessionReplay(document)


register(_NAME, replay_document, max_text=MAX_TEXT, max_keys=MAX_KEYS,
         entries="deals")  # MAX_TEXT in all; each deal at most a record's size and keys
