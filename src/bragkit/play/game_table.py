"""Any game of the registry, deal after deal, for the terminal's one table screen: a
:class:`GameTable` (rules D3, M1, N7, C5, C6, T1).

The game is played at the one :class:`~bragkit.session.Session`, seated through the game's own
hook (:func:`~bragkit.session.open_session`): the engine checks every action (an illegal one
raises its :class:`~bragkit.errors.IllegalActionError` with the rule, and changes nothing), the
session keeps the seats, the deal passing to the left (D3), the stacks and top-ups (M1) in its
ledger, and the settlement (T1). A :class:`GameTable` adds what a person at the table needs:

* the bots' moves: each bot is the kind :mod:`bragkit.bots.players` makes for the game, asked
  with its seat's view only (T3); a kind the game has no bot of plays the engine's strong
  arranger in the points games (N3, C2) and a random legal move in the others;
* the log, every record in the one wording (:func:`~bragkit.games.protocol.describe`) as the
  player may know it, its cards in the screen's notation (:func:`~bragkit.play.cards.pretty`);
* a pause after every deal with the deal's result (who won which round, whether a crash came
  off, the points, who took which pot): :attr:`GameTable.results`, until :meth:`next_deal`.
  A points game (N7, C6) is one deal of the session played over many deals of cards; it pauses
  after each of them too;
* :meth:`summary`, the ledger and the settlement, at any pause. A points game left before its
  target [decision]: what its deals have booked stands (Crash's crash money, C5), and no stake
  per point behind is paid for the unfinished game (N7 pays only a game won).

>>> table = GameTable("brag-poker", name="You", bots=("random",), stack=30, seed=1)
>>> table.players, table.to_act in table.players, table.log[0]
(('You', 'Random'), True, '— deal 1: Random deals —')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import DEFAULT_BUDGET
from bragkit.bots.players import Player, ask, ended, make_player, players, started
from bragkit.errors import BragError, RulesError
from bragkit.games import Game, find
from bragkit.games.points_game import PointsGame
from bragkit.games.protocol import Operation
from bragkit.games.wording import inner
from bragkit.play.cards import pretty
from bragkit.play.results import deal_boundary, log_line, result_line
from bragkit.session import DealStarted, Session, SessionError, open_session

__all__ = ["GameTable", "seat_names"]


def seat_names(name: str, bots: Sequence[str]) -> tuple[tuple[str, ...], dict[str, str]]:
    """The seats (the player first, then a seat per bot named after its kind) and each bot
    seat's kind.

    >>> seat_names("You", ["random", "random"])
    (('You', 'Random', 'Random 2'), {'Random': 'random', 'Random 2': 'random'})
    """
    kinds: dict[str, str] = {}
    for kind in bots:
        seat, count = kind.capitalize(), 2
        while seat in kinds or seat == name:
            seat = f"{kind.capitalize()} {count}"
            count += 1
        kinds[seat] = kind
    return (name, *kinds), kinds


class GameTable:
    """The player ``name`` against ``bots`` at a session of the registered game ``game`` (its
    name, an alias or a preset), everyone buying in for ``stack``; ``rules`` are the game's
    options; ``seed`` makes the shuffles and the bots reproducible (see the module docstring).
    A rules option the game does not know raises :class:`~bragkit.errors.BragError`."""

    def __init__(self, game: str, *, name: str = "You", bots: Sequence[str] = ("random",),
                 stack: int = 100, seed: int | None = None,
                 rules: Mapping[str, Any] | None = None,
                 budget: float = DEFAULT_BUDGET) -> None:
        info = find(game)
        self.title = info.title
        self.game_name = game  #: the registry's name (the help's, F1)
        self.name = name
        self.stack = stack
        self.players, self.kinds = seat_names(name, bots)
        self.rng = random.Random(seed)
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in (rules or {}).items()}
        try:
            self.session: Session = open_session(
                game, seats=self.players, buy_ins=stack, dealer=self.players[-1],
                seed=self.rng.getrandbits(64), **options)
        except TypeError as error:
            raise BragError(f"bad rules for {info.name}: {error}") from None
        hook_rules = getattr(self.session.dealing, "rules", None)
        offered = players(info.name)
        for kind in self.kinds.values():
            if kind not in offered:  # a bot's name says what it does: none plays as another
                raise BragError(f"the bot {kind!r} does not play {info.name} (its bots: "
                                f"{', '.join(offered)})")
        self.bots: dict[str, Player] = {
            seat: make_player(kind, game=game, rules=hook_rules, budget=budget,
                              seed=self.rng.getrandbits(64) if seed is not None else None)
            for seat, kind in self.kinds.items()}
        self.log: list[str] = []
        self.results: list[str] = []
        self.paused = False
        self._seen = 0
        self._deal_ops: list[Operation] = []
        self._suggested: tuple[tuple[int, int], Action | None] | None = None
        self.next_deal()

    # -- state ---------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The session's deal in progress, or the last one."""
        current = self.session.current
        assert current is not None
        return current

    @property
    def stacks(self) -> dict[str, int]:
        """Everyone's chips now (the session's ledger)."""
        return self.session.stacks

    @property
    def deal_over(self) -> bool:
        """Whether a deal has just ended (its result shown until :meth:`next_deal`)."""
        return self.paused or not self.session.in_deal

    @property
    def to_act(self) -> str | None:
        """Who must act now (None between deals)."""
        return None if self.deal_over else self.game.to_act

    @property
    def my_turn(self) -> bool:
        """Whether the player must act now."""
        return self.to_act == self.name

    def view(self) -> Any:
        """The player's view of the deal (never another's hidden cards)."""
        return self.game.view(self.name)

    def options(self) -> list[LegalAction]:
        """What the player may do now (their options, top-ups aside; [] when it is not their
        turn or the deal is over)."""
        if self.deal_over:
            return []
        return [o for o in self.game.legal_actions(self.name)
                if o.player in (self.name, None) and o.verb is not Verb.TOPUP]

    # -- playing -------------------------------------------------------------------------------

    def next_deal(self) -> None:
        """Past the pause: the next deal of cards (a points game's next deal is already dealt),
        or the session's next deal, a player short of chips topping up to the buy-in (M1)."""
        if self.paused:
            self.results = []
            self.paused = False
            return
        if self.session.in_deal:
            raise SessionError("a deal is in progress: finish it first (rule T1)")
        self.results = []
        session = self.session
        floor = max(1, self.stack // 4)
        for player, chips in session.stacks.items():
            if chips < floor:
                session.top_up(player, self.stack - chips)
        try:
            session.start_deal()
        except SessionError:  # a stake or a blind the stack cannot pay: top up, try again
            for player, chips in session.stacks.items():
                if chips < self.stack:
                    session.top_up(player, self.stack - chips)
            session.start_deal()
        self._seen = 0
        self._deal_ops = []
        dealer = next((e.dealer for e in reversed(session.events)
                       if isinstance(e, DealStarted)), "?")
        number = session.deal_number
        deals = inner(dealer, self.name, "deals")
        self.log.append(f"— game {number} to the target: {deals} first —"
                        if isinstance(self.game, PointsGame)  # N7: a game is a deal
                        else f"— deal {number}: {deals} —")
        for seat, bot in self.bots.items():
            started(bot, self.game, seat)
        self._catch_up()

    def act(self, action: Action | str) -> None:
        """The player's action (text is parsed); an illegal one raises
        :class:`~bragkit.errors.BragError` with the rule and changes nothing."""
        if self.deal_over:
            raise SessionError("the deal is over: n for the next one")
        if isinstance(action, str):
            action = Action.parse(action, players=self.players)
        if action.player not in (self.name, None):
            raise SessionError(f"you play {self.name}, not {action.player}")
        self._apply(action)

    def bot_step(self) -> Action | None:
        """The bot whose turn it is moves (None when it is nobody's or the player's turn)."""
        action = self.bot_choice()
        if action is not None:
            self.bot_plays(action)
        return action

    def bot_choice(self) -> Action | None:
        """The move of the bot to act, from its seat's view (None when it is nobody's or the
        player's turn); nothing changes, so a screen may ask in a thread."""
        who = self.to_act
        if who is None or who == self.name:
            return None
        game = self.game
        return ask(self.bots[who], game, who)

    def bot_plays(self, action: Action) -> None:
        """The bot to act plays ``action`` (its :meth:`bot_choice`); an illegal one raises and
        changes nothing."""
        if self.deal_over or action.player != self.to_act or action.player == self.name:
            raise SessionError(f"it is not {action.player}'s turn")
        self._apply(action)

    def run_bots(self) -> int:
        """Let the bots move until the player's turn or a pause; how many moves."""
        moves = 0
        while self.bot_step() is not None:
            moves += 1
        return moves

    @property
    def can_suggest(self) -> bool:
        """Whether :meth:`suggestion` has a move for the player now (without finding it: the
        arranger takes most of a second for a Crash hand)."""
        return self.my_turn and isinstance(self.game, PointsGame)

    def suggestion(self) -> Action | None:
        """The engine's strong move in the player's place (the arranger of a points game, N3,
        C2); None where the engine has none, or it is not the player's turn."""
        game = self.game
        if not self.my_turn or not isinstance(game, PointsGame):
            return None
        key = (self.session.deal_number, len(game.operations))
        if self._suggested is None or self._suggested[0] != key:  # the arranger is costly
            self._suggested = (key, game.suggestion(str(game.to_act)))
        return self._suggested[1]

    def _apply(self, action: Action) -> None:
        self.session.apply(action)
        self._catch_up()

    def _catch_up(self) -> None:
        """Log the new records; pause at a deal's end with its result."""
        ops = self.game.operations
        for op in ops[self._seen:]:
            if deal_boundary(op) == "start":
                self._deal_ops = []
            self._deal_ops.append(op)
            words = log_line(op, self.name)
            if words is not None:
                self.log.append(pretty(words, self.players))
            if deal_boundary(op) == "end" and not self.game.over:
                self._pause()
        self._seen = len(ops)
        if not self.session.in_deal and not self.results:
            for seat, bot in self.bots.items():
                ended(bot, self.game, seat)
            self._pause()
            self.paused = False  # the session's deal is over: nothing to wait for but n

    def _pause(self) -> None:
        self.paused = True
        lines = []
        for op in self._deal_ops:
            line = result_line(op, self.name)
            if line is not None:
                lines.append(pretty(line, self.players))
        self.results = lines or ["the deal is over"]

    # -- the end -------------------------------------------------------------------------------

    def summary(self) -> list[str]:
        """The session's end: the deals played, the ledger and the settlement (T1); RulesError
        while a deal is under way (end it between two deals)."""
        if not self.deal_over:
            raise RulesError("finish the deal first: the session ends between two deals "
                             "(rule T1)")
        session = self.session
        finished = session.deal_number - session.in_deal
        game = self.game
        if isinstance(game, PointsGame):  # a deal of the session is a game to the target
            out = [f"{self.title}: {finished} game(s) to {game.rules.target} played out."]
        else:
            out = [f"{self.title}: {finished} deal(s) played."]
        if session.in_deal and isinstance(game, PointsGame):
            dealt = sum(deal_boundary(op) == "end" for op in game.operations)
            scores = ", ".join(f"{p} {n}" for p, n in game.scores.items())
            out.append(f"The game to {game.rules.target} was left after {dealt} deal(s) of "
                       f"cards at {scores}: no stakes per point are paid for it (N7); what "
                       "its deals booked stands (C5).")
        shared: dict[str, int] = {}
        if not session.in_deal and session.dealing.carried_pot:
            shared = session.share_carried_pot()
        if shared:
            out.append("The carried pot is shared: " + ", ".join(
                f"{p} {n}" for p, n in shared.items()) + " (BL3).")
        nets = session.ledger.nets()
        payments = session.ledger.settlement()  # mid-game too
        return [*out, "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in nets.items()),
                "Settlement: " + ("; ".join(str(p) for p in payments) + "."
                                  if payments else "nobody owes anybody.")]
