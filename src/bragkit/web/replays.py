"""A game record stepped through in the browser: :class:`ReplayRecord`.

A record of any registered format (:func:`bragkit.records.steps`) is played again up to a step
and drawn for one viewer: a seat of the record, or the spectator. Each step's state has the
shape of the live table's ``state`` message (:mod:`bragkit.web.state`), so the table's own
script draws it; it is built from the replayed game's view for that viewer
(``game.view(seat).to_dict()``, folded from the log censored for them: rules D8, BL6, T3, N6,
C2, P3) and its log in the words :func:`~bragkit.games.protocol.describe` gives that viewer,
the seat as *you*. The record itself never leaves the server: another seat's hidden cards are
in no step's state.

Steps are numbered from 0 over the whole record: each deal has a step before its first action
(the cards dealt) and one after each action, so a record of one deal of ``n`` actions has the
steps 0 to ``n``, and step ``k`` is the deal after its ``k``-th action.

>>> replay = ReplayRecord(\'\'\'format = "bhh/1"
... players = ["Ann", "Bob"]
... dealer = "Bob"
... stacks = [20, 20]
... actions = ["Ann bet 2", "Bob fold"]
... [cards]
... hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d" }
... \'\'\', name="deal.bhh")
>>> replay.steps, replay.players
(3, ('Ann', 'Bob'))
>>> step = replay.step(1, "Bob")
>>> step["state"]["deal"]["hand"], [line["text"] for line in step["log"]]
(None, ['Ann antes 1 (D2)', 'You ante 1 (D2)', 'Ann bets 2'])
>>> replay.step(1, "Ann")["state"]["deal"]["hand"]
['Qh', 'Qs', '4d']
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Final

from bragkit import records
from bragkit.cards import parse_cards
from bragkit.errors import BragError, NotationError
from bragkit.games.protocol import Game, describe
from bragkit.games.registry import GameInfo, find
from bragkit.web.state import game_words, rules_dict

__all__ = ["LOG_LINES", "MAX_UPLOAD", "ReplayRecord"]

#: The longest record a replay reads, in bytes: the documented bound of a record of one deal
#: (docs/records.md); a longer session record is replayed with ``bragkit replay``.
MAX_UPLOAD: Final = records.MAX_RECORD
_VIEW_ONLY: Final = ("legal_actions", "legal", "log")
#: The most log lines a step carries (its last ones: the table's page keeps as many).
LOG_LINES: Final = 400


class ReplayRecord:
    """A record's text, checked by replaying it whole (an illegal action, a bad key: one
    :class:`~bragkit.errors.BragError`), to step through (see the module docstring); ``name``
    is what the page calls it (a file's name, a table's deal), and ``number`` the number of its
    first deal (a table's deal keeps the table's number)."""

    def __init__(self, text: str, *, name: str, number: int = 1) -> None:
        if len(text) > MAX_UPLOAD:
            raise NotationError(f"the record is {len(text):,} characters long: a replay in "
                                f"the browser reads at most {MAX_UPLOAD:,} (bragkit replay "
                                "reads longer sessions)")
        records.replay_text(text)  # every action checked once, as bragkit replay does
        self.deals = records.steps(text)
        if not self.deals:
            raise NotationError("the record holds no deal")
        self.name = name
        self._shift = number - 1
        self.info: GameInfo = find(self.deals[0].game)
        self.title = self.info.title_of(self.deals[0].game)
        self._firsts: list[int] = []
        total = 0
        for deal in self.deals:
            self._firsts.append(total)
            total += deal.count + 1
        #: How many steps the record has (each deal's start and each action).
        self.steps = total
        names: dict[str, None] = {}
        for deal in self.deals:
            names.update(dict.fromkeys(deal.start().players))
        #: Every player of the record, in seat order of their first deal.
        self.players: tuple[str, ...] = tuple(names)
        self._lock = threading.Lock()
        self._cursor: tuple[int, int, Game, list[int], dict[str, int]] | None = None

    def where(self, at: int) -> tuple[int, int]:
        """The deal (its index) and the actions played at step ``at`` (clamped to the record).

        >>> replay = ReplayRecord(\'\'\'format = "bhh/1"
        ... players = ["Ann", "Bob"]
        ... dealer = "Bob"
        ... stacks = [20, 20]
        ... actions = ["Ann fold"]
        ... [cards]
        ... hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d" }
        ... \'\'\', name="x")
        >>> replay.where(0), replay.where(1), replay.where(99), replay.where(-3)
        ((0, 0), (0, 1), (0, 1), (0, 0))
        """
        at = min(max(at, 0), self.steps - 1)
        index = max(i for i, first in enumerate(self._firsts) if first <= at)
        return index, at - self._firsts[index]

    def clamp(self, at: int) -> int:
        """Step ``at`` within the record."""
        return min(max(at, 0), self.steps - 1)

    def step(self, at: int, seat: str | None) -> dict[str, Any]:
        """Step ``at`` as ``seat`` (None: the spectator) sees it: the table's ``state`` and
        ``settings``, and the deal's log so far in that viewer's words (each line's ``seq`` the
        step it came at; its last :data:`LOG_LINES`). :class:`~bragkit.errors.BragError` for a
        seat not in the record.

        The game last stepped to is kept, so stepping forward plays one action; a step back
        plays the deal again from its start (thread-safe: one step at a time)."""
        if seat is not None and seat not in self.players:
            raise NotationError(f"no player {seat!r} in this record")
        at = self.clamp(at)
        index, played = self.where(at)
        deal = self.deals[index]
        with self._lock:
            game, marks, starts = self._played(index, played)
            viewer = seat if seat is not None and seat in game.players else None
            first = self._firsts[index]
            operations = game.operations
            spans = list(zip([0, *marks], marks, strict=False))
            parts: list[list[dict[str, Any]]] = []
            count = 0
            for number in range(len(spans) - 1, -1, -1):  # the last lines, as the table keeps
                begin, end = spans[number]
                part = _lines(operations[begin:end], viewer, first + number)
                parts.append(part)
                count += len(part)
                if count >= LOG_LINES:
                    break
            else:
                if len(self.deals) > 1:
                    parts.append([{"seq": first,
                                   "text": f"-- deal {deal.number + self._shift}"}])
            log = [line for part in reversed(parts) for line in part][-LOG_LINES:]
            view = game.view(viewer).to_dict()
            state = self._state(game, view, viewer, deal.number + self._shift, starts)
            settings = self._settings(game)
        return {"at": at, "steps": self.steps, "deal": deal.number + self._shift,
                "deals": len(self.deals),
                "action": played, "actions": deal.count, "seat": viewer,
                "state": state, "settings": settings, "log": log}

    def _played(self, index: int, played: int) -> tuple[Game, list[int], dict[str, int]]:
        """Deal ``index`` after ``played`` actions, the length of its log after its start and
        after each action, and the stacks it started with: the kept game played on, or the
        deal started again (a step back, another deal)."""
        deal = self.deals[index]
        kept = self._cursor
        if kept is None or kept[0] != index or kept[1] > played:
            game: Game = deal.start()
            kept = (index, 0, game, [len(game.operations)],
                    _stacks(game.view(None).to_dict()))
        _, done, game, marks, starts = kept
        for number in range(done + 1, played + 1):
            deal.play(game, number)
            marks.append(marks[-1] + len(game.operations_since(marks[-1])))
        self._cursor = (index, played, game, marks, starts)
        return game, marks[:played + 1], starts

    def _state(self, game: Game, view: dict[str, Any], viewer: str | None, number: int,
               starts: dict[str, int]) -> dict[str, Any]:
        """The table's ``state`` message for this step (the shape of :mod:`.state`'s)."""
        for key in _VIEW_ONLY:
            view.pop(key, None)
        over = game.over
        turn = None if over else game.to_act
        view["number"] = number
        view["to_act"] = turn
        view["over"] = over
        view["hand_name"] = _hand_name(game, view.get("hand"))
        view["named"] = {shown[0]: shown[1] for op in game.censored_log(viewer)  # D8
                         if (shown := op.shown_hand()) is not None} or None
        costs = game.stay_costs(turn) if turn is not None else None
        view["costs"] = None if costs is None else dict(costs)
        view["suggestion"] = None
        stacks = dict(_stacks(view))
        seats = [{"seat": position, "name": name, "bot": False,  # a points game: no chips
                  "stack": stacks.get(name, starts.get(name)) if stacks else None,
                  "net": stacks.get(name, 0) - starts.get(name, 0) if name in stacks else 0,
                  "joining": False, "leaving": False, "dealer": game.dealer == name,
                  "in_deal": not over, "away": False, "host": False}
                 for position, name in enumerate(game.players)]
        rows = [{"name": name, "brought": starts.get(name, 0), "stack": stacks.get(name, 0),
                 "net": stacks.get(name, 0) - starts.get(name, 0), "cashed_out": 0}
                for name in game.players if name in stacks]
        pot = view.get("pot")
        pending = None if over else game.pending()
        return {
            "table": {"id": "", "name": self.name, "status": "replay", "deals": number,
                      "game": self.info.name},
            "seats": seats,
            "ledger": {"rows": rows, "in_pot": pot if isinstance(pot, int) else 0,
                       "carried_pot": 0},
            "settlement": None, "records": [],
            "fairness": {"commitment": None, "seeds": 0},
            "next_dealer": None, "chat": [], "muted": [],
            "pending": None if pending is None else pending.to_dict(),
            "showdown": None,
            "deal": view,
            "you": {"seat": None if viewer is None else game.players.index(viewer),
                    "name": viewer, "host": False, "legal": [], "agreed": False,
                    "seeded": False, "away": False},
        }

    def _settings(self, game: Game) -> dict[str, Any]:
        """The table's ``settings`` as a replay has them: the game and its rules."""
        info = self.info
        return {"name": self.name, "game": info.name, "title": self.title,
                "summary": info.summary, "seats": len(game.players),
                "rules": rules_dict(game.rules), "variant": self.deals[0].game,
                "buy_in": 0, "turn_seconds": None, "deal_pause": 0, "bot_delay": 0,
                "bots": {}, "private": False, "rated": False, **game_words(info)}


def _lines(operations: Sequence[Any], viewer: str | None, seq: int) -> list[dict[str, Any]]:
    """Operations in ``viewer``'s words (censored for them: :func:`describe`), as log lines."""
    return [{"seq": seq, "text": words} for op in operations
            if (words := describe(op, viewer)) is not None]


def _stacks(view: dict[str, Any]) -> dict[str, int]:
    """Each player's chips in a view (a game played for points: none)."""
    stacks = view.get("stacks")
    if not isinstance(stacks, dict):
        return {}
    return {str(name): int(chips) for name, chips in stacks.items()}


def _hand_name(game: Game, hand: Any) -> str | None:
    """The name of the hand the viewer holds and sees (H2, D8), where the game names hands."""
    if not isinstance(hand, list) or len(hand) < 3:
        return None
    try:
        name = game.hand_name(parse_cards(" ".join(str(c) for c in hand)))
    except (ValueError, TypeError, BragError):
        return None
    return None if name is None else str(name)
