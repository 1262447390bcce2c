"""Teen Patti records: format ``teen-patti/1``, a ``.bhh`` document with the keys the stake games
share (:mod:`bragkit.games.stake_records`), read, written and replayed through
:mod:`bragkit.records`.

The keys: ``format = "teen-patti/1"``, ``players``, ``dealer``, ``stacks`` (before the boot),
``actions`` (the record strings of :mod:`bragkit.games.teen_patti`), ``[rules]`` (the options of
:class:`~bragkit.games.teen_patti_rules.TeenPattiRules` that differ from the defaults) and
``[cards]`` (the whole ``pack``, top card first, or the ``hands`` dealt and an optional
``stock``; the joker variant turns the stock's top card, TP8).

>>> from bragkit import records
>>> text = '''format = "teen-patti/1"
... players = ["Ann", "Bob"]
... dealer = "Bob"
... stacks = [20, 20]
... actions = [
...   "Ann blind 1",
...   "Bob look",
...   "Bob bet 2",
...   "Ann show",
... ]
...
... [cards]
... hands = { Ann = "As Ah 2c", Bob = "Ks Qs Js" }
... '''
>>> replay = records.replay(text)
>>> replay.to_json()["winners"], replay.to_json()["stacks"]
({'Bob': 6}, {'Ann': 17, 'Bob': 23})
>>> records.dump(records.load(text)) == text
True
>>> print(replay.describe())      # doctest: +ELLIPSIS
Teen Patti; Bob deals; boot 1, classic
Stacks: Ann 20, Bob 20
...
  4. Ann asks for a show, paying 1
  Bob shows Ks Qs Js: pure sequence, K-Q-J
  Ann shows As Ah 2c: pair of aces, 2 kicker
  Bob takes 6 from the pot (the show)
Stacks after: Ann 17, Bob 23
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bragkit.cards import Card, format_cards
from bragkit.games.stake_operations import Acted, Dealt, Revealed, Turn
from bragkit.games.stake_records import StakeReplay, play_record, read_table, record_steps
from bragkit.games.teen_patti import TeenPatti
from bragkit.games.teen_patti_rules import TeenPattiRules
from bragkit.records import DealSteps, parse, register

__all__ = ["TeenPattiReplay", "read_teen_patti", "replay_teen_patti", "write_teen_patti"]


class TeenPattiReplay(StakeReplay[TeenPatti]):
    """A Teen Patti record played through the engine."""

    FORMAT_NAME: ClassVar[str] = "teen-patti"

    def _title(self) -> str:
        rules = self.game.rules
        return f"Teen Patti; {self.game.dealer} deals; boot {rules.boot}, {rules.variant}"

    def describe(self) -> str:
        """The deal as a person reads it: every record in words (a record is public, so the
        sideshow's comparison too)."""
        game = self.game
        lines = [self._title(),
                 "Stacks: " + ", ".join(f"{p} {game.start_stacks[p]}" for p in game.players)]
        dealt: dict[str, list[Card]] = {}
        number = 0
        for op in game.operations:
            if type(op) is Dealt:
                if op.card is not None:
                    dealt.setdefault(op.player, []).append(op.card)
                continue
            if type(op) is Revealed or type(op) is Turn:  # a look is its Acted; a turn wordless
                continue
            lines += [f"  {p} is dealt {format_cards(cs)}" for p, cs in dealt.items()]
            dealt.clear()
            if type(op) is Acted:
                number += 1  # the action in words ("Ann folds"), never its record string
                lines.append(f"  {number}. {op.words(None)}")  # the game's words (TP3)
            else:
                text = str(op)
                lines.append(text if text.startswith("--") else f"  {text}")
        lines += [f"  {p} is dealt {format_cards(cs)}" for p, cs in dealt.items()]
        if not game.over:
            lines.append(f"(the record stops here: {game.to_act} to act)")
        lines.append("Stacks after: " + ", ".join(f"{p} {s}" for p, s in game.stacks.items()))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The result: ``over``, ``stacks``, ``winners``, ``shown`` (the hands shown to all: a
        sideshow's are not), the ``pot`` and the ``turned`` card of the joker variant."""
        game = self.game
        return {**super().to_json(), "pot": sum(game.winners.values()) if game.over else game.pot,
                "turned": None if game.turned is None else str(game.turned)}


def write_teen_patti(game: TeenPatti) -> str:
    """The record of a deal (played or in progress) as TOML text."""
    return TeenPattiReplay(game).to_toml()


def replay_teen_patti(document: Mapping[str, Any]) -> TeenPattiReplay:
    """Play a parsed ``teen-patti/1`` record; a bad record raises
    :class:`~bragkit.errors.NotationError` and an illegal action
    :class:`~bragkit.errors.IllegalActionError` naming the action's number and text."""
    spec = read_table(document, format_name="teen-patti")
    return TeenPattiReplay(play_record(spec, TeenPatti, TeenPattiRules.from_dict))


def read_teen_patti(text: str) -> TeenPattiReplay:
    """Read and play a ``teen-patti/1`` record from TOML text, bounded before it is parsed
    (:func:`bragkit.records.parse`)."""
    return replay_teen_patti(parse(text))


def _write(record: TeenPatti | TeenPattiReplay) -> str:
    return write_teen_patti(record.game if isinstance(record, TeenPattiReplay) else record)


def _steps(document: Mapping[str, Any]) -> tuple[DealSteps[TeenPatti]]:
    spec = read_table(document, format_name="teen-patti")
    return (record_steps(spec, TeenPatti, TeenPattiRules.from_dict, game="teen-patti"),)


register("teen-patti", replay_teen_patti, read=read_teen_patti, write=_write,
         writes=(TeenPatti, TeenPattiReplay), steps=_steps)
