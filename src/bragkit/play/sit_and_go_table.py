"""A sit-and-go in the terminal (rule T4): :class:`SitAndGoTable`, the one table screen's
:class:`~bragkit.play.game_table.GameTable` played as a :class:`~bragkit.sit_and_go.SitAndGo`.

Everyone sits down with the buy-in; the ante of the game's rules is the first level's, and it
rises every ``ante_every`` deals (``ante_rise`` times, at least a chip); nothing is brought
(M1 off). A player out of chips is out, said in the log with their place. Once the person at
the keyboard is out, the bots play the rest out at once (their deals are not shown) and the
finishing order is logged; when it is over, ``n`` says so and ``q`` ends with the summary and
the finishing order.

>>> table = SitAndGoTable("three-card", bots=("random", "random"), stack=6, seed=4,
...                       ante_every=1)
>>> while not table.over:
...     if table.deal_over:
...         table.next_deal()
...     elif table.my_turn:
...         table.act(table.leave_move() or table.options()[0].action())
...     else:
...         _ = table.run_bots()
>>> table.log[-1].startswith("Finishing order: 1st ")
True
>>> table.topup(5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bragkit.session_events.SessionError: no top-ups in a sit-and-go: ... (rules T4, M1)
"""

from __future__ import annotations

from typing import Any, Final

from bragkit.actions import Action
from bragkit.bots.players import ask
from bragkit.cards import Pack
from bragkit.errors import BragError, RulesError
from bragkit.games import Game, find
from bragkit.play.game_table import GameTable
from bragkit.session import Session, SessionError
from bragkit.sit_and_go import Place, SitAndGo, SitAndGoRules

__all__ = ["SitAndGoTable"]

#: The most deals the bots play out once the person is out (each level raises the ante, so a
#: sit-and-go ends long before).
PLAY_OUT: Final = 100_000


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        place % 10, "th")
    return f"{place}{suffix}"


def order_words(places: tuple[Place, ...]) -> str:
    """The finishing order in a line.

    >>> order_words((Place(1, "Ann", 0, 30), Place(2, "Bob", 4, 10), Place(2, "Cy", 4, 10)))
    '1st Ann, 2nd Bob, 2nd Cy'
    """
    return ", ".join(f"{_ordinal(p.place)} {p.player}" for p in places)


class SitAndGoTable(GameTable):
    """A sit-and-go of ``game`` at the terminal (see the module docstring): a level lasts
    ``ante_every`` deals and the ante then rises ``ante_rise`` times; the rest as
    :class:`GameTable` (``stack``: everyone's equal stack)."""

    def __init__(self, game: str, *, ante_every: int = 10, ante_rise: float = 2.0,
                 **table: Any) -> None:
        self._levels = (ante_every, ante_rise)
        self._sng: SitAndGo | None = None
        self._last: Game | None = None  # the last deal the person was dealt in
        self._told: set[str] = set()
        super().__init__(game, **table)

    @property
    def sit_and_go(self) -> SitAndGo:
        """The sit-and-go the table plays."""
        assert self._sng is not None
        return self._sng

    @property
    def over(self) -> bool:
        """Whether one player holds every chip."""
        return self.sit_and_go.over

    def _open(self, game: str, options: dict[str, Any]) -> Session:
        info = find(game)
        preset = game.strip().lower() if game.strip().lower() in info.presets else None
        if info.ante is None or info.unit != "chips":
            raise RulesError(f"{info.title} is not played as a sit-and-go: it has no stake "
                             "every deal forces in chips (rule T4)")
        first = info.ante.of(info.make_rules(preset, **options))
        every, rise = self._levels
        rules = SitAndGoRules(players=len(self.players), stack=self.stack, ante_start=first,
                              ante_every=every, ante_rise=rise)
        self._sng = SitAndGo.open(game, seats=self.players, rules=rules, dealer=self.players[-1],
                                  seed=self.rng.getrandbits(64), **options)
        return self._sng.session

    @property
    def game(self) -> Game:
        """The deal in progress, or the last one; once the person is out, their last deal."""
        return self._last if self._last is not None else super().game

    def next_deal(self) -> None:
        """The next deal (its level's ante); a :class:`SessionError` once it is over."""
        if self.over and not self.paused:
            raise SessionError("the sit-and-go is over: q for its result (rule T4)")
        super().next_deal()

    def _deal(self, pack: Pack | None) -> None:
        sng = self.sit_and_go
        sng.start_deal()
        if sng.deal_ante < sng.ante:
            self.log.append(f"the {sng.ante_name} is {sng.deal_ante}, all the shortest stack "
                            "holds (T4)")
        elif sng.deal_number > 1 and sng.rules.level_of(sng.deal_number - 1) != sng.level:
            self.log.append(f"level {sng.level}: the {sng.ante_name} rises to {sng.ante} (T4)")

    def _play(self, action: Action) -> None:
        self.sit_and_go.apply(action)

    def topup(self, amount: int) -> None:
        """No top-ups in a sit-and-go (rules T4, M1)."""
        raise SessionError("no top-ups in a sit-and-go: every player plays the stack they "
                           "were dealt (rules T4, M1)")

    def _catch_up(self) -> None:
        super()._catch_up()
        if self._sng is None or self.session.in_deal:
            return
        self._tell()
        if not self.over and self.name not in self.session.seats:
            self._last = super().game
            self.log.append("The bots play the rest out (T4).")
            self._play_out()
            self._tell()
        if self.over:
            self.log.append(f"Finishing order: {order_words(self.sit_and_go.places)}")

    def _tell(self) -> None:
        """Log the players gone out since last told, with their places."""
        out = [p for p in self.sit_and_go.places if p.deal and p.player not in self._told]
        for place in sorted(out, key=lambda p: (p.deal, -p.place)):
            self.log.append(f"{place.player} is out of chips: {_ordinal(place.place)} place")
            self.bots.pop(place.player, None)  # dealt no more cards: told of no more deals
        self._told.update(p.player for p in out)

    def _play_out(self) -> None:
        """The bots play on to the end, each from its own seat's view (T3)."""
        sng = self.sit_and_go
        while not sng.over and sng.deal_number < PLAY_OUT:
            game = sng.start_deal()
            while sng.in_deal:
                who = game.to_act
                assert who is not None
                action: Action | None
                try:
                    action = ask(self.bots[who], game, who)
                except BragError:  # a bot that fails plays what a player out of time plays
                    action = game.timeout_action(who)
                if action is None:
                    raise SessionError(f"{who} cannot move: the sit-and-go cannot go on")
                sng.apply(action)

    def summary(self) -> list[str]:
        """The session's summary (T1), with the finishing order so far (T4)."""
        places = self.sit_and_go.standings()
        words = "Finishing order" if self.over else "Standing when left"
        return [*super().summary(), f"{words}: {order_words(places)}."]
