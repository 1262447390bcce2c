"""The events of a :class:`~bragkit.session.Session` (rules D3, M1, M4, R2, BL3, T1, T2): one
frozen dataclass a kind, each printing as one line that :func:`parse_event` reads back, and the
packed row a long session keeps of it (:func:`event_row`, :func:`row_event`).

>>> event = parse_event("deal 3 by Ann pack As Kd")
>>> event
DealStarted(number=3, dealer='Ann', game=None, seed=None, pack='As Kd')
>>> str(event)
'deal 3 by Ann pack As Kd'
>>> row_event(event_row(event)) == event
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bragkit.actions import Action, HandChoice
from bragkit.errors import BragError

__all__ = [
    "DealEnded",
    "DealStarted",
    "GameNamed",
    "Joined",
    "Kept",
    "Left",
    "Lent",
    "Played",
    "PotShared",
    "Repaid",
    "SessionError",
    "SessionEvent",
    "ToppedUp",
    "event_row",
    "parse_event",
    "row_event",
]


class SessionError(BragError):
    """Something the session cannot do now: a seat change during a deal, a player who cannot pay
    the ante, a pack that does not follow from the last deal, a game named out of turn..."""


# -- the events ------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class Joined:
    """``player`` sat down with ``amount`` (rule M1), to the left of ``after`` (None: at the end
    of the seats). The opening seats are events too."""

    player: str
    amount: int
    after: str | None = None

    def __str__(self) -> str:
        where = f" after {self.after}" if self.after is not None else ""
        return f"{self.player} joins {self.amount}{where}"


@dataclass(frozen=True, kw_only=True, slots=True)
class ToppedUp:
    """``player`` added ``amount`` to their stack outside a deal (rule M1)."""

    player: str
    amount: int

    def __str__(self) -> str:
        return f"{self.player} topup {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Left:
    """``player`` left the table, taking ``amount`` (their whole stack)."""

    player: str
    amount: int

    def __str__(self) -> str:
        return f"{self.player} leaves with {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Lent:
    """``lender`` lent ``borrower`` ``amount`` between deals (rule M4)."""

    lender: str
    borrower: str
    amount: int

    def __str__(self) -> str:
        return f"{self.lender} lends {self.borrower} {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Repaid:
    """``borrower`` paid ``lender`` back ``amount`` (rule M4)."""

    borrower: str
    lender: str
    amount: int

    def __str__(self) -> str:
        return f"{self.borrower} repays {self.lender} {self.amount}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Kept:
    """A blind winner holding two hands kept ``hand`` for the next deal (rule R2)."""

    player: str
    hand: HandChoice

    def __str__(self) -> str:
        return f"{self.player} keeps {self.hand}"


@dataclass(frozen=True, kw_only=True, slots=True)
class PotShared:
    """The carried pot was shared out at the end of a session (BL3, T1). ``shares`` (by player)
    follow from the session's state, so they are not part of the event's text or identity."""

    shares: Mapping[str, int] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return "carried pot shared"


@dataclass(frozen=True, kw_only=True, slots=True)
class GameNamed:
    """``dealer`` named the game of the next deal (rule T2): ``game`` in the game's own words
    (its :class:`Dealing` reads them), None for the table's own game."""

    dealer: str
    game: str | None = None

    def __str__(self) -> str:
        return f"{self.dealer} names {'the house game' if self.game is None else self.game}"


@dataclass(frozen=True, kw_only=True, slots=True)
class DealStarted:
    """Deal ``number`` (from 1) began, dealt by ``dealer``: its ``game`` when the dealer named one
    (T2), the ``seed`` of a game that deals from a seed, and the ``pack`` (top card first) of a
    shuffled one (D4) — None when the pack is the one the last deal left (D5), which the
    :class:`Dealing` knows."""

    number: int
    dealer: str
    game: str | None = None
    seed: int | None = None
    pack: str | None = None

    def __str__(self) -> str:
        game = f" game {self.game}" if self.game is not None else ""
        seed = f" seed {self.seed}" if self.seed is not None else ""
        pack = f" pack {self.pack}" if self.pack is not None else ""
        return f"deal {self.number} by {self.dealer}{game}{seed}{pack}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Played:
    """An action of the deal in progress (its record string after ``> ``)."""

    action: Action

    def __init__(self, *, action: Action) -> None:
        # the dataclass's own __init__, by the slot's setter (a frozen dataclass's goes through
        # object.__setattr__: a session logs one at every action)
        _set_action(self, action)

    def __str__(self) -> str:
        return f"> {self.action}"


_set_action = Played.__dict__["action"].__set__


@dataclass(frozen=True, kw_only=True, slots=True)
class DealEnded:
    """Deal ``number`` ended; ``winners`` is what each winner took (its result's winners)."""

    number: int
    winners: Mapping[str, int]

    def __str__(self) -> str:
        won = ", ".join(f"{p} wins {n}" for p, n in self.winners.items()) or "no winner"
        return f"deal {self.number} ends: {won}"

    def __hash__(self) -> int:
        return hash((self.number, tuple(self.winners.items())))


SessionEvent = (Joined | ToppedUp | Left | Lent | Repaid | Kept | PotShared | GameNamed
                | DealStarted | Played | DealEnded)

_PATTERNS: Final = (
    (DealStarted, re.compile(r"deal (?P<number>\d+) by (?P<dealer>.+?)(?: game (?P<game>.+?))?"
                             r"(?: seed (?P<seed>\d+))?(?: pack (?P<pack>.+))?")),
    (DealEnded, re.compile(r"deal (?P<number>\d+) ends: (?P<winners>.+)")),
    (Played, re.compile(r"> (?P<action>.+)")),
    (Joined, re.compile(r"(?P<player>.+?) joins (?P<amount>\d+)(?: after (?P<after>.+))?")),
    (ToppedUp, re.compile(r"(?P<player>.+?) topup (?P<amount>\d+)")),
    (Left, re.compile(r"(?P<player>.+?) leaves with (?P<amount>\d+)")),
    (Lent, re.compile(r"(?P<lender>.+?) lends (?P<borrower>.+) (?P<amount>\d+)")),
    (Repaid, re.compile(r"(?P<borrower>.+?) repays (?P<lender>.+) (?P<amount>\d+)")),
    (Kept, re.compile(r"(?P<player>.+?) keeps (?P<hand>old|new)")),
    (PotShared, re.compile(r"carried pot shared")),
    (GameNamed, re.compile(r"(?P<dealer>.+?) names (?P<game>.+)")),
)
_WINS: Final = re.compile(r"(?P<player>.+?) wins (?P<amount>\d+)")


def parse_event(text: str, *, players: Sequence[str] | None = None) -> SessionEvent:
    """The event a line of text prints (the one reader of every session event; ``players``
    lets an action's player name hold spaces).

    >>> parse_event("Dan joins 20 after Ann")
    Joined(player='Dan', amount=20, after='Ann')
    >>> parse_event("deal 2 ends: Bob wins 3, Cy wins 1").winners
    {'Bob': 3, 'Cy': 1}
    >>> parse_event("Ann sings")
    Traceback (most recent call last):
    ...
    bragkit.session_events.SessionError: "Ann sings": not a session event (joins, topup, \
leaves with, lends, repays, keeps, carried pot shared, names, deal N by, deal N ends, > ACTION)
    """
    if not isinstance(text, str):
        raise SessionError(f"{text!r}: an event is a string")
    line = text.strip()
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(line)
        if match is not None:
            return _build(kind, match, players)
    raise SessionError(f'"{text}": not a session event (joins, topup, leaves with, lends, repays, '
                       "keeps, carried pot shared, names, deal N by, deal N ends, > ACTION)")


def _build(kind: type[Any], match: re.Match[str], players: Sequence[str] | None) -> SessionEvent:
    got: dict[str, Any] = {k: v for k, v in match.groupdict().items() if v is not None}
    for key in ("amount", "number", "seed"):
        if key in got:
            got[key] = int(got[key])
    if kind is Played:
        return Played(action=Action.parse(got["action"], players=players))
    if kind is DealEnded:
        winners: dict[str, int] = {}
        if got["winners"] != "no winner":
            for part in got["winners"].split(", "):
                won = _WINS.fullmatch(part)
                if won is None:
                    raise SessionError(f'"{part}": not "NAME wins N"')
                winners[won["player"]] = int(won["amount"])
        got["winners"] = winners
    if kind is GameNamed and got["game"] == "the house game":
        got["game"] = None
    event: SessionEvent = kind(**got)
    return event


# -- packed rows -------------------------------------------------------------------------------

#: The separators of an event's packed row: between its fields, and inside a field between a
#: name and its amount. No name holds either (a player's name is printable).
_FIELD: Final = "\x1f"
_PAIR: Final = "\x1e"
_UNSAFE: Final = re.compile("[\x00\x1e\x1f]")


def _pairs(amounts: Mapping[str, int]) -> str:
    return "".join(f"{_FIELD}{name}{_PAIR}{amount}" for name, amount in amounts.items())


def _optional(value: object) -> str:
    return "" if value is None else f"={value}"


def event_row(event: SessionEvent) -> str | None:
    """The packed row of ``event``: a letter for its kind, then its fields (what
    :func:`row_event` reads back, ``shares`` of a :class:`PotShared` included); None when a text
    of it holds a separator (such an event is kept as it is).

    >>> event_row(Lent(lender="Ann", borrower="Bob", amount=5)).split("\\x1f")
    ['NAnn', 'Bob', '5']
    >>> event_row(Played(action=Action.parse("Mary Ann bet 2", players=["Mary Ann"])))
    'PMary Ann\\x1fbet 2'
    """
    texts: tuple[str, ...]
    if isinstance(event, Played):  # the commonest: its one text checked alone
        action = event.action
        player = action.player or ""
        text = str(action)
        if _UNSAFE.search(text):
            return None
        return f"P{player}{_FIELD}{text[len(player) + 1:] if player else text}"
    if isinstance(event, DealStarted):
        texts = (event.dealer, event.game or "", event.pack or "")
        row = (f"D{event.number}{_FIELD}{event.dealer}{_FIELD}{_optional(event.game)}{_FIELD}"
               f"{_optional(event.seed)}{_FIELD}{_optional(event.pack)}")
    elif isinstance(event, DealEnded):
        texts = tuple(event.winners)
        row = f"E{event.number}{_pairs(event.winners)}"
    elif isinstance(event, Joined):
        texts = (event.player, event.after or "")
        after = "" if event.after is None else f"{_FIELD}{event.after}"
        row = f"J{event.player}{_FIELD}{event.amount}{after}"
    elif isinstance(event, ToppedUp | Left):
        texts = (event.player,)
        row = f"{'T' if isinstance(event, ToppedUp) else 'L'}{event.player}{_FIELD}{event.amount}"
    elif isinstance(event, Lent):
        texts = (event.lender, event.borrower)
        row = f"N{event.lender}{_FIELD}{event.borrower}{_FIELD}{event.amount}"
    elif isinstance(event, Repaid):
        texts = (event.borrower, event.lender)
        row = f"R{event.borrower}{_FIELD}{event.lender}{_FIELD}{event.amount}"
    elif isinstance(event, Kept):
        texts = (event.player, event.hand)
        row = f"K{event.player}{_FIELD}{event.hand}"
    elif isinstance(event, PotShared):
        texts = tuple(event.shares)
        row = f"S{_pairs(event.shares)}"
    else:
        texts = (event.dealer, event.game or "")
        row = f"G{event.dealer}{_FIELD if event.game is not None else ''}{event.game or ''}"
    return None if _UNSAFE.search("".join(texts)) else row


def _amounts(fields: list[str]) -> dict[str, int]:
    pairs = (field.split(_PAIR) for field in fields)
    return {name: int(amount) for name, amount in pairs}


def _value(field: str) -> str | None:
    return field[1:] if field else None


def row_event(row: str) -> SessionEvent:
    """The event of a packed row (see :func:`event_row`).

    >>> row_event(event_row(DealEnded(number=2, winners={"Ann": 3, "Bob": 3})))
    DealEnded(number=2, winners={'Ann': 3, 'Bob': 3})
    """
    kind, fields = row[0], row[1:].split(_FIELD)
    if kind == "P":
        player, text = fields
        return Played(action=Action.parse(f"{player} {text}", players=(player,)) if player
                      else Action.parse(text))
    if kind == "D":
        seed = _value(fields[3])
        return DealStarted(number=int(fields[0]), dealer=fields[1], game=_value(fields[2]),
                           seed=None if seed is None else int(seed), pack=_value(fields[4]))
    if kind == "E":
        return DealEnded(number=int(fields[0]), winners=_amounts(fields[1:]))
    if kind == "J":
        return Joined(player=fields[0], amount=int(fields[1]),
                      after=fields[2] if len(fields) > 2 else None)
    if kind in "TL":
        return (ToppedUp if kind == "T" else Left)(player=fields[0], amount=int(fields[1]))
    if kind == "N":
        return Lent(lender=fields[0], borrower=fields[1], amount=int(fields[2]))
    if kind == "R":
        return Repaid(borrower=fields[0], lender=fields[1], amount=int(fields[2]))
    if kind == "K":
        hand: HandChoice = "old" if fields[1] == "old" else "new"
        return Kept(player=fields[0], hand=hand)
    if kind == "S":
        return PotShared(shares=_amounts(fields[1:]) if fields != [""] else {})
    return GameNamed(dealer=fields[0], game=fields[1] if len(fields) > 1 else None)
