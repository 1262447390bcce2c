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
  that may agree (:meth:`GameTable.agree`);
* the log, every record in the one wording (:func:`~bragkit.games.protocol.describe`) as the
  player may know it, its cards in the screen's notation (:func:`~bragkit.play.cards.pretty`);
* a pause after every deal with the deal's result (who won which round, whether a crash came
  off, the points, who took which pot): :attr:`GameTable.results`, until :meth:`next_deal`.
  A game played to a target (:meth:`~bragkit.games.protocol.Game.target`, N7, C6) is one deal
  of the session played over many deals of cards; it pauses after each of them too;
* what the game declares beyond its moves: the engine's suggestion
  (:meth:`~bragkit.games.protocol.Game.suggests`), the hint
  (:meth:`~bragkit.games.protocol.Game.odds`), the trainer
  (:attr:`~bragkit.games.registry.GameInfo.trainer`), the records of a finished deal and of the
  session (:meth:`~bragkit.games.protocol.Game.record_text`,
  :attr:`~bragkit.games.registry.GameInfo.session_record`); top-ups at any time (M1: during a
  deal where the game's menu offers one, else between deals);
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

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots.agent import DEFAULT_BUDGET, Agent
from bragkit.bots.player import Player
from bragkit.bots.players import agreement, ask, ended, make_player, players, started
from bragkit.cards import Pack
from bragkit.errors import BragError, RulesError
from bragkit.games import Game, find
from bragkit.games.protocol import Operation, Trainer
from bragkit.games.registry import open_session
from bragkit.games.wording import action_words, inner
from bragkit.play.cards import pretty
from bragkit.play.records import default_save_dir, write_fresh
from bragkit.play.results import deal_boundary, last_scores, log_line, result_line
from bragkit.session import DealStarted, Session, SessionError

__all__ = ["TOPUP_TIMES", "GameTable", "game_title", "seat_names"]

#: The house's cap on one top-up, in buy-ins (rule M1 allows top-ups at any time, of any size).
TOPUP_TIMES: Final = 100


def game_title(game: str) -> str:
    """The title a person reads for ``game``: the registry's, with the preset named.

    >>> game_title("brag"), game_title("teen-patti-order")
    ('Three Card Brag', 'Three Card Brag (teen-patti-order)')
    """
    info = find(game)
    name = game.strip().lower()
    return f"{info.title} ({name})" if name in info.presets else info.title


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
    ``players`` seats bots already made (seat name, bot) instead of ``bots`` (tests script
    them); ``pack`` fixes the first deal's pack (a game whose hook takes one, D5);
    ``save_dir`` saves every finished deal's record there; ``trainer`` turns the game's
    trainer on; ``coach`` is a trainer to use instead of the game's own (e.g. one reading a
    given strategy). A rules option the game does not know raises
    :class:`~bragkit.errors.BragError`."""

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
        self.stack = stack
        self.save_dir = save_dir
        self.players, self.kinds = seat_names(name, bots if not seated else ())
        for seat, _ in seated:
            self.kinds[seat] = seat.lower()
        if seated:
            self.players = (name, *(seat for seat, _ in seated))
        self.rng = random.Random(seed)
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in (rules or {}).items()}
        try:
            self.session: Session = open_session(
                game, seats=self.players, buy_ins=stack, dealer=self.players[-1],
                seed=self.rng.getrandbits(64), **options)
        except TypeError as error:
            raise BragError(f"bad rules for {info.name}: {error}") from None
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
        self.last_saved: Path | None = None
        self.trainer_on = trainer
        self._trainer: Trainer | None = None
        self._saved_deal = 0
        self._seen = 0
        self._deal_ops: list[Operation] = []
        self._suggested: tuple[tuple[int, int], Action | None] | None = None
        self._start(pack)
        if coach is not None or info.trainer is not None:
            self._trainer = coach or info.trainer(self.game.rules)  # type: ignore[misc]

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

    def _top_up_between(self, player: str, amount: int) -> None:
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
        """Let the bots move until the player's turn or a pause; their moves."""
        moves = []
        while (action := self.bot_step()) is not None:
            moves.append(action)
        return moves

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
        if not self.session.in_deal:
            self._top_up_between(self.name, amount)
            return
        if not any(o.verb is Verb.TOPUP for o in self.game.legal_actions(self.name)):
            raise SessionError("this game takes top-ups between deals only: after this one "
                               "(rule M1)")
        self._apply(Action(player=self.name, verb=Verb.TOPUP, amount=amount))

    # -- advice --------------------------------------------------------------------------------

    @property
    def can_suggest(self) -> bool:
        """Whether :meth:`suggestion` has a move for the player now (without finding it: the
        arranger takes most of a second for a Crash hand)."""
        return self.my_turn and self.game.suggests(self.name)

    def suggestion(self) -> Action | None:
        """The engine's strong move in the player's place (the arranger of a points game, N3,
        C2); None where the engine has none, or it is not the player's turn."""
        game = self.game
        if not self.can_suggest:
            return None
        key = (self.session.deal_number, len(game.operations))
        if self._suggested is None or self._suggested[0] != key:  # the arranger is costly
            self._suggested = (key, game.suggestion(self.name))
        return self._suggested[1]

    def hint(self) -> str:
        """The player's chances from their own view (the game's
        :meth:`~bragkit.games.protocol.Game.odds`); BragError where the game gives none."""
        words = self.game.odds(self.name)
        if words is None:
            raise BragError(f"{self.title} gives no hint here")
        return words

    @property
    def trainer(self) -> Trainer | None:
        """The game's trainer (None: the game has none)."""
        return self._trainer

    @property
    def trainer_speaks(self) -> bool:
        """Whether the trainer is on and speaks at this deal (e.g. heads-up only)."""
        return (self.trainer_on and self._trainer is not None
                and self._trainer.applies(self.game))

    def equilibrium_hint(self) -> str | None:
        """What the trainer says in the player's place now (None: nothing; the strategy is
        looked up on first use)."""
        if self._trainer is None or self.deal_over:
            return None
        return self._trainer.advice(self.game, self.name)

    # -- records -------------------------------------------------------------------------------

    def save(self, directory: Path | str | None = None) -> Path:
        """Write the last finished deal's record (:meth:`~bragkit.games.protocol.Game.record_text`)
        in ``directory`` (by default the save dir, else :func:`default_save_dir`) under a fresh
        name, never over an earlier file (a deal in progress is not saved: its record would
        show every hidden card). Once saved, a deal is not written again to the same place."""
        game = self.game
        text = game.record_text() if game.over else None
        if text is None:
            what = "deal" if game.target() is None else f"game to {game.target()} (N7, C6)"
            raise SessionError(f"only a finished {what} can be saved (its record holds every "
                               "card)" if not game.over else f"{self.title} writes no records")
        number = self.session.deal_number
        if self.last_saved is not None and self._saved_deal == number and directory is None:
            return self.last_saved
        folder = Path(directory if directory is not None
                      else self.save_dir or default_save_dir())
        path = write_fresh(folder, f"deal-{number:04d}", self.info.record_suffix, text)
        self.last_saved, self._saved_deal = path, number
        return path

    def save_session(self, directory: Path | str | None = None) -> Path:
        """Write the whole session so far as the game's session record
        (:attr:`~bragkit.games.registry.GameInfo.session_record`) under a fresh name in
        ``directory`` (as :meth:`save`); between deals only (a deal in progress would show
        hidden cards)."""
        writer = self.info.session_record
        if writer is None:
            raise SessionError(f"{self.title} writes no session records")
        if self.session.in_deal:
            raise SessionError("finish the deal first: a session record holds every card")
        folder = Path(directory if directory is not None
                      else self.save_dir or default_save_dir())
        return write_fresh(folder, "session", ".toml", writer(self.session))

    # -- the log -------------------------------------------------------------------------------

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
            self._autosave()

    def _autosave(self) -> None:
        if self.save_dir is None:
            return
        try:  # a failed save never ends the session: said in the log, play goes on
            self.save(self.save_dir)
        except (OSError, BragError) as error:
            self.log.append(f"deal {self.session.deal_number} not saved: "
                            f"{getattr(error, 'strerror', None) or error}")

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
        if not self.deal_over:
            raise RulesError("finish the deal first: the session ends between two deals "
                             "(rule T1)")
        session = self.session
        finished = session.deal_number - session.in_deal
        game = self.game
        target = game.target()
        if target is not None:  # a deal of the session is a game to the target
            out = [f"{self.title}: {finished} game(s) to {target} played out."]
        else:
            out = [f"{self.title}: {finished} deal(s) played."]
        if session.in_deal and target is not None:
            dealt = sum(deal_boundary(op) == "end" for op in game.operations)
            scores = ", ".join(f"{p} {n}" for p, n in (last_scores(game.operations)
                                                        or ((p, 0) for p in game.players)))
            out.append(f"The game to {target} was left after {dealt} deal(s) of "
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
