"""Any game of the registry, deal after deal, for the terminal's one table screen: a
:class:`GameTable` (rules D3, M1, N7, C5, C6, T1, B8).

The game is played at the one :class:`~bragkit.session.Session`, seated through the game's own
hook (:func:`~bragkit.games.registry.open_session`): the engine checks every action (an illegal one
raises its :class:`~bragkit.errors.IllegalActionError` with the rule, and changes nothing), the
session keeps the seats, the deal passing to the left (D3), the pack and the pots carried over
where the game carries them (the three-card family: D4, D5, BL3, R1), the stacks and top-ups
(M1) in its ledger, and the settlement (T1). A :class:`GameTable` adds what a person at the
table needs:

* the bots' moves: each bot is the kind :mod:`bragkit.bots.players` makes for the game, asked
  with its seat's view only (T3); a showdown the player proposes (B8) is answered by each bot
  that may agree (:meth:`GameTable.agree`); a bot that fails to move is stood in for, its seat
  playing what a player out of time plays, said in the log (:meth:`GameTable.stand_in`), and
  the player leaving mid-deal plays that same move (:meth:`GameTable.leave_move`);
* stakes a record can hold: a buy-in of at most :data:`MAX_STACK`, and top-ups while every
  chip at the table fits in a record (:data:`bragkit.actions.MAX_AMOUNT`);
* the log, every record in the one wording (:func:`~bragkit.games.protocol.describe`) as the
  player may know it, its cards in the screen's notation (:func:`~bragkit.play.cards.pretty`);
* a pause after every deal with the deal's result (who won which round, whether a crash came
  off, the points, who took which pot): :attr:`GameTable.results`, until :meth:`next_deal`.
  A game played to a target (:meth:`~bragkit.games.protocol.Game.target`, N7, C6) is one deal
  of the session played over many deals of cards; it pauses after each of them too;
* what the game declares beyond its moves: the engine's suggestion, the hint and the trainer
  (:attr:`GameTable.advice`, :class:`~bragkit.play.advice.Advice`), the records of a finished
  deal and of the session (:attr:`GameTable.records`,
  :class:`~bragkit.play.records.TableRecords`); top-ups at any time (M1: during a deal where
  the game's menu offers one, else between deals);
* :meth:`summary`, the ledger and the settlement, at any pause. A points game left before its
  target [decision]: what its deals have booked stands (Crash's crash money, C5), and no stake
  per point behind is paid for the unfinished game (N7 pays only a game won).

>>> table = GameTable("brag-poker", name="You", bots=("random",), stack=30, seed=1)
>>> table.players, table.to_act in table.players, table.log[0]
(('You', 'Random'), True, '— deal 1: Random deals from a shuffled pack (D3) —')
>>> three = GameTable("three-card", bots=("cautious",), seed=3, rules={"max_bet": 10})
>>> three.my_turn, [str(o) for o in three.options()][:2]       # you act first, blind (BL6)
(True, ['You look', 'You fold'])
>>> three.act("You fold")       # folding to a blind player carries the pot (BL3)
>>> three.log[-2:]
['2 carried to the next deal (BL3)', 'Cautious keeps the blind hand (R1)']
>>> three.summary()[1:]
['The carried pot is shared: You 1, Cautious 1 (BL3).', 'Ledger: You +0, Cautious +0', \
'Settlement: nobody owes anybody.']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from bragkit.actions import MAX_AMOUNT, Action, LegalAction, Verb
from bragkit.bots.agent import DEFAULT_BUDGET, Agent
from bragkit.bots.player import Player
from bragkit.bots.players import agreement, ask, ended, make_player, players, started
from bragkit.cards import Pack
from bragkit.errors import BragError, RulesError
from bragkit.games import Game, find
from bragkit.games.protocol import Operation, Trainer
from bragkit.games.registry import open_session
from bragkit.games.wording import action_words, inner, roman
from bragkit.play.advice import Advice
from bragkit.play.cards import pretty
from bragkit.play.records import TableRecords, target_rule
from bragkit.play.results import deal_boundary, last_scores, log_line, result_line
from bragkit.session import DealStarted, Session, SessionError

__all__ = ["MAX_STACK", "TOPUP_TIMES", "GameTable", "game_title", "seat_names"]

#: The house's cap on one top-up, in buy-ins (rule M1 allows top-ups at any time, of any size).
TOPUP_TIMES: Final = 100

#: The most chips a player brings to the table: a thousandth of what a record holds (an action's
#: amount, :data:`bragkit.actions.MAX_AMOUNT`), so six players' stacks and their top-ups fit in
#: every record of the session.
MAX_STACK: Final = MAX_AMOUNT // 1000


def game_title(game: str) -> str:
    """The title a person reads for ``game``: the registry's, a preset's own (F1, TP8).

    >>> game_title("brag"), game_title("teen-patti-order"), game_title("five-card")
    ('Three Card Brag', 'Three Card Brag in Teen Patti order', 'Five Card Brag')
    """
    return find(game).title_of(game)


def counted(number: int, thing: str) -> str:
    """``number`` of ``thing``, in the singular or the plural.

    >>> counted(1, "deal"), counted(2, "game"), counted(0, "deal")
    ('1 deal', '2 games', '0 deals')
    """
    return f"{number} {thing}" + ("" if number == 1 else "s")


def seat_names(name: str, bots: Sequence[str]) -> tuple[tuple[str, ...], dict[str, str]]:
    """The seats (the player first, then a seat per bot named after its kind; a second bot of
    a kind is its kind's "II": never a number, which a line of points or draws would read as
    one, "Equity 2 2") and each bot seat's kind.

    >>> seat_names("You", ["random", "random", "random"])[0]
    ('You', 'Random', 'Random II', 'Random III')
    """
    kinds: dict[str, str] = {}
    for kind in bots:
        seat, count = kind.capitalize(), 1
        while seat in kinds or seat == name:
            count += 1
            seat = f"{kind.capitalize()} {roman(count)}"
        kinds[seat] = kind
    return (name, *kinds), kinds


class GameTable:
    """The player ``name`` against ``bots`` at a session of the registered game ``game`` (its
    name, an alias or a preset), everyone buying in for ``stack``; ``rules`` are the game's
    options; ``seed`` makes the shuffles and the bots reproducible (see the module docstring).
    ``players`` seats bots already made (seat name, bot) instead of ``bots`` (tests script
    them); ``pack`` fixes the first deal's pack (a game whose hook takes one, D5);
    ``save_dir`` saves every finished deal's record there (:attr:`records`); ``trainer`` turns
    the game's trainer on; ``coach`` is a trainer to use instead of the game's own (e.g. one
    reading a given strategy). A rules option the game does not know, or a stack a record
    cannot hold (over :data:`MAX_STACK`), raises :class:`~bragkit.errors.BragError`."""

    def __init__(self, game: str, *, name: str = "You", bots: Sequence[str] = ("random",),
                 stack: int = 100, seed: int | None = None,
                 rules: Mapping[str, Any] | None = None,
                 budget: float = DEFAULT_BUDGET,
                 seated: Sequence[tuple[str, Player | Agent]] = (),
                 pack: Pack | None = None, save_dir: Path | None = None,
                 trainer: bool = True, coach: Trainer | None = None) -> None:
        info = find(game)
        self.info = info
        self.title = game_title(game)
        self.game_name = game  #: the registry's name (the help's, F1)
        self.name = name
        if type(stack) is not int or not 1 <= stack <= MAX_STACK:
            raise BragError(f"the stakes are 1 to {MAX_STACK:,} chips each (what the records "
                            f"hold), not {stack:,}")
        self.stack = stack
        self.players, self.kinds = seat_names(name, bots if not seated else ())
        for seat, _ in seated:
            self.kinds[seat] = seat.lower()
        if seated:
            self.players = (name, *(seat for seat, _ in seated))
        self.rng = random.Random(seed)
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in (rules or {}).items()}
        try:
            self.session: Session = self._open(game, options)
        except TypeError as error:
            raise BragError(f"bad rules for {info.name}: {error}") from None
        self.records = TableRecords(self.session, info, self.title, save_dir)
        offered = players(info.name)
        for kind in (self.kinds.values() if not seated else ()):
            if kind not in offered:  # a bot's name says what it does: none plays as another
                raise BragError(f"the bot {kind!r} does not play {info.name} (its bots: "
                                f"{', '.join(offered)})")
        self.bots: dict[str, Player | Agent] = dict(seated) or {
            seat: make_player(kind, game=game, rules=options, budget=budget,
                              seed=self.rng.getrandbits(64) if seed is not None else None)
            for seat, kind in self.kinds.items()}
        self.log: list[str] = []
        self.results: list[str] = []
        self.paused = False
        self.stuck = False  #: a bot and its stand-in both failed: the deal cannot go on
        self._seen = 0
        self._deal_ops: list[Operation] = []
        self._start(pack)
        made = info.trainer(self.game.rules) if info.trainer is not None else None
        self.advice = Advice(self, coach or made, on=trainer)  #: suggestion, hint, trainer

    def _open(self, game: str, options: dict[str, Any]) -> Session:
        """The session, the last seat dealing first (a sit-and-go's table drives its own)."""
        return open_session(game, seats=self.players, buy_ins=self.stack,
                            dealer=self.players[-1], seed=self.rng.getrandbits(64), **options)

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
        """What the player may do now (their options, top-ups aside: :meth:`topup`; [] when it
        is not their turn or the deal is over)."""
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
        self._start(None)

    def _start(self, pack: Pack | None) -> None:
        self.results = []
        session = self.session
        self._deal(pack)
        self._seen = 0
        self._deal_ops = []
        event = next(e for e in reversed(session.events) if isinstance(e, DealStarted))
        how = ("from a shuffled pack (D3, D4)" if event.pack is not None  # the hook's shuffle
              else "from a shuffled pack (D3)" if event.seed is not None  # a fresh pack
              else "from the last deal's pack, unshuffled (D3, D5)")
        deals = inner(event.dealer, self.name, "deals")
        self.log.append(f"— game {event.number} to the target: {deals} first —"
                        if self.game.target() is not None  # N7: a game is a deal
                        else f"— deal {event.number}: {deals} {how} —")
        for seat, bot in self.bots.items():
            started(bot, self.game, seat)
        self._catch_up()

    def _deal(self, pack: Pack | None) -> None:
        """Start the session's next deal, a player short of chips topping up to the buy-in."""
        session = self.session
        floor = max(1, self.stack // 4)
        for player, chips in session.stacks.items():
            if chips < floor:
                self._top_up_between(player, self.stack - chips)
        try:
            session.start_deal(given=pack)
        except SessionError:  # a stake or a blind the stack cannot pay: top up, try again
            for player, chips in session.stacks.items():
                if chips < self.stack:
                    self._top_up_between(player, self.stack - chips)
            session.start_deal(given=pack)

    def _chips(self) -> int:
        """Every chip brought to the table so far (buy-ins and top-ups, M1)."""
        ledger = self.session.ledger
        return sum(ledger.brought(player) for player in ledger.players)

    def _top_up_between(self, player: str, amount: int) -> None:
        if self._chips() + amount > MAX_AMOUNT:  # more than a record holds: not topped up
            return
        self.session.top_up(player, amount)
        self.log.append(action_words(Action(player=player, verb=Verb.TOPUP, amount=amount),
                                     self.name))

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

    def agree(self) -> list[str]:
        """The player agrees to a showdown (B8), and each bot that may agree too answers from
        its own view: agreeing, or declining (the player's agreement then stands until the
        betting moves on). Returns the bots that declined."""
        if self.deal_over:
            raise SessionError("the deal is over: n for the next one")
        self._apply(Action(player=self.name, verb=Verb.AGREE))
        declined = []
        for seat, bot in self.bots.items():
            if self.deal_over or not any(o.verb is Verb.AGREE
                                         for o in self.game.legal_actions(seat)):
                continue
            answer = agreement(bot, self.game, seat)
            if answer is None:
                declined.append(seat)
                self.log.append(f"{seat} declines a showdown (B8)")
            else:
                self._apply(answer)
        return declined

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
        return ask(self.bots[who], self.game, who)

    def bot_plays(self, action: Action) -> None:
        """The bot to act plays ``action`` (its :meth:`bot_choice`); an illegal one raises and
        changes nothing."""
        if self.deal_over or action.player != self.to_act or action.player == self.name:
            raise SessionError(f"it is not {action.player}'s turn")
        self._apply(action)

    def run_bots(self) -> list[Action]:
        """Let the bots move until the player's turn or a pause; their moves (a bot that
        fails plays its stand-in's move: :meth:`stand_in`)."""
        moves: list[Action] = []
        while True:
            try:
                action = self.bot_step()
            except Exception as error:  # a bot's failure must not stop the deal
                if self.stand_in(error) is None:
                    return moves
                continue
            if action is None:
                return moves
            moves.append(action)

    def stand_in(self, error: Exception) -> str | None:
        """The bot to act failed to move (``error``): it plays what a player out of time plays
        (:meth:`~bragkit.games.protocol.Game.timeout_action`: a fold, a drop, a check, the
        arranger's sets…), said in the log with the failure; the words said, or None when it
        is no bot's turn. Raises when even that move fails: the deal cannot go on
        (:meth:`summary` then closes the session with the deal unfinished)."""
        seat = self.to_act
        if seat is None or seat == self.name:
            return None
        action = self.game.timeout_action(seat)
        said = (f"{seat} could not move ({type(error).__name__}: {error}); "
                + (f"{action_words(action, self.name)} in its place, as a player out of time "
                   "does" if action is not None else "nothing can move for it"))
        self.log.append(said)
        if action is None:
            self.stuck = True
            raise SessionError(f"{seat} cannot move and has no move to stand in: the deal "
                               "cannot go on (q ends the session)")
        try:
            self._apply(action)
        except BragError:
            self.stuck = True
            raise
        return said

    def leave_move(self) -> Action | None:
        """The player's move on leaving mid-deal, at their turn: what a player out of time
        plays (a fold, a drop, a pass, the arranger's sets where a game has no fold); None when
        it is not their turn."""
        return self.game.timeout_action(self.name) if self.my_turn else None

    # -- money ---------------------------------------------------------------------------------

    @property
    def max_topup(self) -> int:
        """The most the player may add at once: the house's cap, :data:`TOPUP_TIMES` times the
        buy-in (M1 itself sets none)."""
        return TOPUP_TIMES * self.stack

    def topup(self, amount: int) -> None:
        """The player adds ``amount`` chips (rule M1): during a deal it is the deal's ``topup``
        action where its menu offers one, logged as the deal's other records are; else between
        deals."""
        most = self.max_topup
        if type(amount) is not int or not 1 <= amount <= most:
            raise SessionError(f"a top-up is 1 to {most:,} chips at this table (the house caps "
                               f"each at {TOPUP_TIMES} times the buy-in; rule M1), not "
                               f"{amount:,}")
        if self._chips() + amount > MAX_AMOUNT:
            raise SessionError(f"the table holds {self._chips():,} chips: a record holds at most "
                               f"{MAX_AMOUNT:,} (rule M1 sets no cap; the records do)")
        if not self.session.in_deal:
            self._top_up_between(self.name, amount)
            return
        if not any(o.verb is Verb.TOPUP for o in self.game.legal_actions(self.name)):
            raise SessionError("this game takes top-ups between deals only: after this one "
                               "(rule M1)")
        self._apply(Action(player=self.name, verb=Verb.TOPUP, amount=amount))

    # -- the log -------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        try:
            self._play(action)
        finally:  # whatever the game recorded is logged, even if the session then failed
            self._catch_up()

    def _play(self, action: Action) -> None:
        """One action at the session (a sit-and-go's table plays it at its own)."""
        self.session.apply(action)

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
            self.records.finished()
            failed = self.records.autosave()
            if failed is not None:
                self.log.append(failed)

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
        """The session's end: the deals played, the carried pot shared (BL3), the ledger and
        the settlement (T1); RulesError while a deal is under way (end it between two deals)."""
        if not self.deal_over and not self.stuck:
            raise RulesError("finish the deal first: the session ends between two deals "
                             "(rule T1)")
        session = self.session
        finished = session.deal_number - session.in_deal
        game = self.game
        target = game.target()
        if target is not None:  # a deal of the session is a game to the target
            out = [f"{self.title}: {counted(finished, 'game')} to {target} played out."]
        else:
            out = [f"{self.title}: {counted(finished, 'deal')} played."]
        ledger = session.ledger
        if self.stuck and not self.deal_over:  # void: the session as it stood before it
            out.append(f"Deal {session.deal_number} could not be finished (a bot failed): it "
                       "is void, and the ledger is the session's before it.")
            ledger = ledger.until(session.deal_number - 1)
        elif session.in_deal and target is not None:
            dealt = sum(deal_boundary(op) == "end" for op in game.operations)
            scores = ", ".join(f"{p} {n}" for p, n in (last_scores(game.operations)
                                                        or ((p, 0) for p in game.players)))
            out.append(f"The game to {target} was left after {counted(dealt, 'deal')} of "
                       f"cards at {scores}: no stakes per point are paid for it "
                       f"({target_rule(self.info)}); what its deals booked stands.")
        shared: dict[str, int] = {}
        if not session.in_deal and session.dealing.carried_pot:
            shared = session.share_carried_pot()
        if shared:
            out.append("The carried pot is shared: " + ", ".join(
                f"{p} {n}" for p, n in shared.items()) + " (BL3).")
        nets = ledger.nets()
        try:
            payments = ledger.settlement()  # mid-game too
        except BragError as error:  # a pot never won (a void deal's carried pot)
            return [*out, "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in nets.items()),
                    f"Settlement: none: {error}."]
        return [*out, "Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in nets.items()),
                "Settlement: " + ("; ".join(str(p) for p in payments) + "."
                                  if payments else "nobody owes anybody.")]
