"""A sit-and-go: :class:`SitAndGo`, a session of any chips game played to one winner.

N players sit down with equal stacks; every deal takes the ante of its level, and the ante rises
every K deals (:class:`SitAndGoRules`: a factor, or a schedule of levels); a player who holds
no chips after a deal is out, and the last one holding every chip has won. Its result is the
finishing order (:attr:`SitAndGo.places`): the last out finishes best; two out on the same deal
go by the chips they had before it, equal chips sharing the place.

A sit-and-go owns a :class:`~bragkit.session.Session` and drives it: before each deal it sets
the game's forced stake through the game's own declaration of it
(:attr:`GameInfo.ante <bragkit.games.registry.GameInfo.ante>`: the ante of the three-card
family, D2; Teen Patti's boot, TP2; the blinds of 3 Card Brag Poker, P1; the dealer's least
stake of single-stake Brag, S2) and the hook's :meth:`~bragkit.session.DealingBase.restake`.
Nothing is brought during it (M1 off, no loans, M4), so the chips at the table are the chips
dealt out at the start. The decisions it takes (a short stack's ante, a carried pot and a kept
hand when players go out) are in ``docs/rules.md`` under *Sit-and-go*.

>>> from bragkit.games.protocol import random_action
>>> import random
>>> rules = SitAndGoRules(players=3, stack=20, ante_start=1, ante_every=2)
>>> sng = SitAndGo.open("three-card", seats=["Ann", "Bob", "Cy"], rules=rules, seed=5)
>>> [rules.ante_of(n) for n in range(1, 8)]
[1, 1, 2, 2, 4, 4, 8]
>>> rng = random.Random(5)
>>> while not sng.over:
...     game = sng.start_deal()
...     while sng.in_deal:
...         sng.apply(random_action(game, rng))
>>> [(p.place, p.player) for p in sng.places]
[(1, 'Ann'), (2, 'Cy'), (3, 'Bob')]
>>> sng.session.stacks, sng.deal_number
({'Ann': 60}, 9)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bragkit.actions import Action, HandChoice, Verb
from bragkit.cards import RandomSource
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.protocol import Game
from bragkit.games.registry import Ante, GameInfo, find
from bragkit.session import (
    DealEnded,
    Dealing,
    DealStarted,
    GameNamed,
    Joined,
    Kept,
    Played,
    Session,
    SessionError,
    SessionEvent,
    parse_event,
)
from bragkit.session_hook import DealingBase

__all__ = ["MAX_LEVELS", "Place", "SitAndGo", "SitAndGoRules"]

#: The most levels a schedule lists.
MAX_LEVELS: Final = 100
#: The events of a sit-and-go's log besides those it makes itself after a deal (players out,
#: a carried pot shared): the deals and what is played in them.
_PLAYED: Final = (DealStarted, Played, DealEnded, Kept, GameNamed)


@dataclass(frozen=True, kw_only=True, slots=True)
class SitAndGoRules:
    """A sit-and-go's own rules: ``players`` sit down (2 or more), each with ``stack`` chips;
    the first deals take ``ante_start``, and every ``ante_every`` deals the ante rises to the
    next level: ``ante_rise`` times the last (rounded down, at least one chip more), or the
    next of ``schedule`` (the levels from the first, rising; the last level holds once they
    run out; given, it replaces ``ante_start`` and ``ante_rise``).

    >>> rules = SitAndGoRules(players=4, schedule=(1, 2, 3, 5))
    >>> rules.ante_of(21), rules.ante_of(31), rules.ante_of(41), rules.level_of(41)
    (3, 5, 5, 5)
    >>> SitAndGoRules(players=4, ante_every=10, ante_rise=1.5).levels(5)
    (1, 2, 3, 4, 6)
    >>> SitAndGoRules(players=1)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: a sit-and-go seats 2 or more players, not 1 (rule D1)
    """

    players: int
    stack: int = 100
    ante_start: int = 1
    ante_every: int = 10
    ante_rise: float = 2.0
    schedule: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players < 2:
            raise RulesError(f"a sit-and-go seats 2 or more players, not {self.players!r} "
                             "(rule D1)")
        for name in ("stack", "ante_start", "ante_every"):
            value = getattr(self, name)
            if type(value) is not int or not 1 <= value <= 10**9:
                raise RulesError(f"{name} must be a whole number from 1, not {value!r}")
        rise = self.ante_rise
        if type(rise) not in (int, float) or not 1 < rise <= 100:
            raise RulesError(f"ante_rise must be a factor above 1 and at most 100, not {rise!r}")
        schedule = tuple(self.schedule)
        object.__setattr__(self, "schedule", schedule)
        if len(schedule) > MAX_LEVELS or any(type(a) is not int or a < 1 for a in schedule):
            raise RulesError(f"a schedule is at most {MAX_LEVELS} antes, each a whole number "
                             "from 1")
        if any(b <= a for a, b in itertools.pairwise(schedule)):
            raise RulesError(f"a schedule's antes rise: {list(schedule)}")
        if self.first_ante > self.stack:
            raise RulesError(f"the first ante {self.first_ante} is more than a stack of "
                             f"{self.stack} (rule D2)")

    @property
    def first_ante(self) -> int:
        """The ante of the first level."""
        return self.schedule[0] if self.schedule else self.ante_start

    def level_of(self, deal: int) -> int:
        """The level (from 1) deal number ``deal`` (from 1) is played at."""
        return (max(deal, 1) - 1) // self.ante_every + 1

    def levels(self, count: int) -> tuple[int, ...]:
        """The antes of the first ``count`` levels."""
        if self.schedule:
            return tuple(self.schedule[min(i, len(self.schedule) - 1)] for i in range(count))
        antes = [self.ante_start]
        while len(antes) < count:
            last = antes[-1]
            antes.append(min(10**12, max(last + 1, int(last * self.ante_rise))))
        return tuple(antes[:count])

    def ante_of(self, deal: int) -> int:
        """The ante of deal number ``deal`` (from 1): its level's."""
        return self.levels(self.level_of(deal))[-1]

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-able data (``schedule`` only when given)."""
        data: dict[str, Any] = {"players": self.players, "stack": self.stack,
                                "ante_every": self.ante_every}
        if self.schedule:
            data["schedule"] = list(self.schedule)
        else:
            data.update(ante_start=self.ante_start, ante_rise=self.ante_rise)
        return data


@dataclass(frozen=True, slots=True)
class Place:
    """Where ``player`` finished (1: the winner; players out on the same deal with the same
    chips before it share a place), out on deal ``deal`` (0: the winner, never out), holding
    ``chips`` before that deal (the winner: every chip)."""

    place: int
    player: str
    deal: int
    chips: int


class SitAndGo:
    """A sit-and-go of the game ``info`` (see the module docstring): ``hook`` is the game's
    session hook (:attr:`GameInfo.dealing`) set up with ``house_rules``, the game's rules
    (their forced stake is replaced by each level's); ``seats`` the players
    clockwise (``rules.players`` of them), each given ``rules.stack``; ``dealer`` deals first.

    A :class:`RulesError` for a game that counts points (N7, C6: no chips to win), a game with
    no forced stake to raise (:attr:`GameInfo.ante`), or a hook that lends (M4).
    """

    def __init__(self, info: GameInfo, hook: Dealing, *, house_rules: Any,
                 seats: Sequence[str], rules: SitAndGoRules, dealer: str | None = None) -> None:
        if info.unit != "chips":
            raise RulesError(f"{info.title} is played for {info.unit}, not chips: a sit-and-go "
                             "needs a game whose chips change hands (rules N7, C6)")
        ante = info.ante
        if ante is None:
            raise RulesError(f"{info.title} forces no stake every deal that could rise: it is "
                             "not played as a sit-and-go")
        if not isinstance(hook, DealingBase):
            raise RulesError(f"{type(hook).__name__} is not a session hook of a game")
        if hook.lending:
            raise RulesError("no loans in a sit-and-go: the chips dealt out are all there "
                             "is (rule M4)")
        if len(seats) != rules.players:
            raise RulesError(f"this sit-and-go seats {rules.players} players, not {len(seats)}")
        self.info = info
        self.rules = rules
        self._ante: Ante = ante
        self._hook = hook
        if not isinstance(house_rules, info.rules):
            raise RulesError(f"house_rules must be a {info.rules.__name__} object")
        self._base = house_rules
        self._session = Session(hook, seats=seats, buy_ins=rules.stack, dealer=dealer)
        self._places: list[Place] = []
        self._before: dict[str, int] = {}
        self._deal_ante = 0
        self._shared: dict[str, int] = {}

    @classmethod
    def open(cls, game: str, *, seats: Sequence[str], rules: SitAndGoRules,
             seed: RandomSource = None, dealer: str | None = None,
             **options: Any) -> SitAndGo:
        """A sit-and-go of the registered game ``game`` (a name, an alias or a preset) with
        its rules' ``options``; ``seed`` drives its shuffles (None: a secure source)."""
        info = find(game)
        if info.dealing is None:
            raise RulesError(f"{info.name} is not played in sessions")
        preset = game.strip().lower() if game.strip().lower() in info.presets else None
        house = info.make_rules(preset, **options)
        return cls(info, info.dealing(house, rng=seed), house_rules=house, seats=seats,
                   rules=rules, dealer=dealer)

    @classmethod
    def replay(cls, info: GameInfo, hook: Dealing, *, house_rules: Any, rules: SitAndGoRules,
               events: Iterable[SessionEvent | str]) -> SitAndGo:
        """The sit-and-go whose session log is ``events`` (or their text), played again with a
        fresh ``hook``: each deal at the ante its level and the stacks give, each player out
        as the log says (a log that strays from the sit-and-go is a :class:`SessionError`).

        A session's own replay (:meth:`Session.replay`) would deal every deal at the table's
        first ante: the antes of a sit-and-go are its rules', not events of the log.
        """
        texts = list(events)
        seats: list[str] = []
        read: list[SessionEvent] = []
        for item in texts:
            event = parse_event(item, players=seats) if isinstance(item, str) else item
            if isinstance(event, Joined):
                seats.append(event.player)
            read.append(event)
        opening = [e for e in read if isinstance(e, Joined)][:len(seats)]
        if read[:len(opening)] != opening or any(e.amount != rules.stack for e in opening):
            raise SessionError(f"a sit-and-go's log opens with its {rules.players} players, "
                               f"each joining with {rules.stack} (rule T4)")
        first = next((e for e in read if isinstance(e, DealStarted)), None)
        sng = cls(info, hook, house_rules=house_rules, seats=seats, rules=rules,
                  dealer=None if first is None else first.dealer)
        session = sng._session
        rest = read[len(opening):]
        i = 0
        while i < len(rest):
            event = rest[i]
            i += 1
            if not isinstance(event, _PLAYED) or (
                    isinstance(event, Played) and event.action.verb is Verb.TOPUP):
                raise SessionError(f'"{event}" is no event of a sit-and-go: nothing is brought, '
                                   "no one sits down or leaves but as it says (rules T4, M1)")
            if isinstance(event, DealStarted):
                sng._prepare()
            session.append(event)
            if isinstance(event, DealEnded):
                count = session.event_count
                sng._after_deal()
                made = [str(e) for e in session.events_from(count)]
                logged = [str(e) for e in rest[i:i + len(made)]]
                if made != logged:
                    raise SessionError(f"after deal {event.number} the sit-and-go goes on with "
                                       f"{made}, the log with {logged} (rule T4)")
                i += len(made)
        return sng

    # -- state ---------------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The session it drives (read it; bring nothing to it: M1 is off)."""
        return self._session

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self._session.in_deal

    @property
    def deal_number(self) -> int:
        """How many deals have been started."""
        return self._session.deal_number

    @property
    def over(self) -> bool:
        """Whether one player holds every chip (the sit-and-go has ended)."""
        return len(self._session.seats) == 1 and not self.in_deal

    @property
    def level(self) -> int:
        """The level of the deal in progress, else of the next deal (from 1)."""
        return self.rules.level_of(self.deal_number + (0 if self.in_deal else 1))

    @property
    def ante(self) -> int:
        """The level's ante: of the deal in progress, else of the next deal."""
        return self.rules.ante_of(self.deal_number + (0 if self.in_deal else 1))

    @property
    def deal_ante(self) -> int:
        """The ante the deal in progress (or the last) took: the level's, or less where a
        stack was shorter (D2 [decision]); 0 before the first deal."""
        return self._deal_ante

    @property
    def next_rise(self) -> tuple[int, int]:
        """The deals still to play at this level (the one in progress among them), and the
        ante after them."""
        number = self.deal_number + (0 if self.in_deal else 1)
        left = self.rules.ante_every - (number - 1) % self.rules.ante_every
        return left, self.rules.ante_of(number + left)

    @property
    def ante_name(self) -> str:
        """The game's word for what rises ("ante", "boot", "big blind", "least stake")."""
        return self._ante.name

    @property
    def shared(self) -> dict[str, int]:
        """What each player took of a carried pot shared out at the last deal's end (BL3,
        T4 [decision]: a broke blind keeper's, or the last one in's); empty if none."""
        return dict(self._shared)

    @property
    def places(self) -> tuple[Place, ...]:
        """The finishing order, best first: once :attr:`over`, every player (the result);
        before, the players out so far."""
        return tuple(sorted(self._places, key=lambda p: (p.place, p.player)))

    def standings(self) -> tuple[Place, ...]:
        """Every player's place as it stands: those out where they finished, those still in
        above them by their chips now (equal chips share a place), best first."""
        seated = self._session.stacks
        ranked = _ranked(seated, deal=0)
        return tuple(sorted(ranked + [p for p in self._places if p.player not in seated],
                            key=lambda p: (p.place, p.player)))

    # -- play ----------------------------------------------------------------------------------

    def start_deal(self) -> Game:
        """Start the next deal at its level's ante (a shorter stack lowers it, D2 [decision])."""
        self._prepare()
        game = self._session.start_deal()
        self._after_deal()
        return game

    def _prepare(self) -> None:
        """Set the next deal's ante: its level's, or what the shortest stack holds."""
        if self.over:
            raise RulesError(f"the sit-and-go is over: {self._session.seats[0]} holds every "
                             "chip")
        stacks = self._session.stacks
        amount = self._fitting(self.rules.ante_of(self.deal_number + 1), min(stacks.values()))
        self._hook.restake(self._ante.at(self._base, amount))
        self._before = stacks
        self._deal_ante = amount
        self._shared = {}

    def apply(self, action: Action | str) -> None:
        """An action of the deal in progress (no top-up: nothing is brought, M1 off)."""
        game = self._session.current
        if isinstance(action, str) and game is not None and self.in_deal:
            action = Action.parse(action, players=game.players)
        if isinstance(action, Action) and action.verb is Verb.TOPUP:
            raise IllegalActionError("no top-ups in a sit-and-go: every player plays the "
                                     "stack they were dealt", rule="M1")
        self._session.apply(action)
        self._after_deal()

    def keep(self, player: str, hand: HandChoice) -> None:
        """``player``, a blind winner holding two hands, keeps ``hand`` (R2)."""
        self._session.keep(player, hand)

    def _fitting(self, level: int, shortest: int) -> int:
        """The most ante up to ``level`` that the ``shortest`` stack can pay (D2 [decision])."""
        at, cost = self._ante.at, self._ante.cost
        if cost(at(self._base, level)) <= shortest:
            return level
        low, high = 1, level  # cost(low) fits (every stack holds a chip), cost(high) does not
        while high - low > 1:
            middle = (low + high) // 2
            if cost(at(self._base, middle)) <= shortest:
                low = middle
            else:
                high = middle
        return low

    def _after_deal(self) -> None:
        """At a deal's end: the players left without chips go out (a kept blind hand with no
        chips behind it shares the carried pot first, BL3 [decision]); the last one in takes
        a pot still carried."""
        session = self._session
        if session.in_deal:
            return
        hook = self._hook
        out = [n for n, chips in session.stacks.items() if chips == 0 and n != hook.retained]
        for name in out:
            session.leave(name)
        keeper = hook.retained
        if keeper is not None and session.stacks[keeper] == 0:
            self._share()
            late = [n for n, chips in session.stacks.items() if chips == 0]
            for name in late:
                session.leave(name)
            out += late
        if len(session.seats) == 1 and (hook.carried_pot or hook.retained is not None):
            self._share()  # the last one in takes it (BL3 [decision])
        if out:
            self._places += _ranked({n: self._before[n] for n in out}, deal=self.deal_number,
                                    above=len(session.seats))
        if len(session.seats) == 1:
            winner = session.seats[0]
            self._places.append(Place(1, winner, 0, session.stacks[winner]))

    def _share(self) -> None:
        for name, amount in self._session.share_carried_pot().items():
            self._shared[name] = self._shared.get(name, 0) + amount

    def __repr__(self) -> str:
        state = "over" if self.over else f"level {self.level}, ante {self.ante}"
        return f"<SitAndGo of {self.info.name}: {', '.join(self._session.seats)}; {state}>"


def _ranked(chips: Mapping[str, int], *, deal: int, above: int = 0) -> list[Place]:
    """Places after the first ``above`` for the players of ``chips``, more chips higher,
    equal chips sharing a place (1, 2, 2, 4).

    >>> [(p.place, p.player) for p in _ranked({"A": 5, "B": 9, "C": 5}, deal=3, above=1)]
    [(2, 'B'), (3, 'A'), (3, 'C')]
    """
    order = sorted(chips, key=lambda n: -chips[n])
    places = []
    for name in order:
        tied = next(j for j, other in enumerate(order) if chips[other] == chips[name])
        places.append(Place(above + tied + 1, name, deal, chips[name]))
    return places
