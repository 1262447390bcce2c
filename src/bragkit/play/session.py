"""One person against bots, deal after deal: the game behind ``bragkit play`` (no screen here).

A :class:`PlaySession` seats the player and the bots at a
:class:`~bragkit.games.three_card.table.Table` (the
pack carried over, pots carried, hands kept: D4, D5, BL3, R1), moves the bots one at a time
(each told only what its seat may know), takes the player's actions (an illegal one raises
:class:`~bragkit.errors.IllegalActionError` naming its rule and changes nothing), keeps a log a
person can read, gives hints from the player's own view (:meth:`PlaySession.hint`, and heads-up
what the equilibrium would do: :meth:`PlaySession.equilibrium_hint`), saves finished deals as
``.bhh`` and ends with the ledger and the settlement. The screen (:mod:`bragkit.play.app`) only
draws it.

>>> from bragkit.games.three_card.rules import MAX_CHIPS, Rules
>>> session = PlaySession(Rules(max_bet=10), bots=["cautious"], seed=3)
>>> deal = session.start_deal()
>>> session.to_act == "You", session.view().hand is None     # you act first, blind (BL6)
(True, True)
>>> session.act("You fold")       # folding to a blind player carries the pot (BL3)
>>> session.deal.is_over, session.log[-2:]
(True, ['2 carried to the next deal (BL3)', 'Cautious keeps the blind hand (R1)'])
>>> session.end().lines()[1:]
['The carried pot is shared: You 1, Cautious 1 (BL3).', 'Ledger: You +0, Cautious +0', \
'Settlement: nobody owes anybody.']
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bragkit.actions import Action, Verb
from bragkit.bots.agent import (
    DEFAULT_BUDGET,
    Agent,
    agreement,
    ask,
    ended_event,
    notify,
    started_event,
)
from bragkit.bots.registry import make_bot
from bragkit.cards import Pack
from bragkit.errors import BragError, RulesError
from bragkit.games.protocol import Operation, describe
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import MAX_CHIPS, Rules
from bragkit.games.three_card.table import Table
from bragkit.games.three_card.views import DealView
from bragkit.games.wording import action_words, inner, says
from bragkit.ledger import Payment
from bragkit.play.hint import hint
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.strategy import Strategy

__all__ = ["TOPUP_TIMES", "PlayError", "PlaySession", "Summary", "default_save_dir",
           "solve_command", "write_fresh"]

#: The house's cap on one top-up, in buy-ins (rule M1 allows top-ups at any time, of any size).
TOPUP_TIMES: Final = 100


class PlayError(BragError):
    """Something the player cannot do now (not a rule of the deal: e.g. no deal to save)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Summary:
    """The end of a session: each player's net, the pot shared out, who pays whom (T1)."""

    nets: dict[str, int]
    shared: dict[str, int]
    payments: tuple[Payment, ...]
    deals: int

    def lines(self) -> list[str]:
        """The summary as text."""
        out = [f"{self.deals} deal{'s' if self.deals != 1 else ''} played."]
        if self.shared:
            out.append("The carried pot is shared: " + ", ".join(
                f"{p} {n}" for p, n in self.shared.items()) + " (BL3).")
        out.append("Ledger: " + ", ".join(f"{p} {n:+d}" for p, n in self.nets.items()))
        if self.payments:
            out.append("Settlement: " + "; ".join(str(p) for p in self.payments) + ".")
        else:
            out.append("Settlement: nobody owes anybody.")
        return out


class PlaySession:
    """A person (``name``) against ``bots`` (kinds, or ``(name, agent)`` pairs) at one table.

    ``stack`` is everyone's buy-in; a bot that cannot pay the ante is topped up (M1), the
    player tops up with :meth:`topup`. ``seed`` makes the shuffles and the bots reproducible;
    ``pack`` fixes the first deal's pack. ``save_dir`` saves every finished deal as ``.bhh``.
    The player sits first and the last bot deals first, so the player acts first (B2).

    ``trainer`` shows, heads-up, what the equilibrium would do (:meth:`equilibrium_hint`);
    ``strategy`` is the solved strategy it reads (by default the cached one nearest the table,
    looked up once: :meth:`equilibrium_strategy`).
    """

    def __init__(
        self,
        rules: Rules,
        *,
        bots: Sequence[str | tuple[str, Agent]] = ("shark", "cautious", "bold"),
        name: str = "You",
        stack: int = 100,
        seed: int | None = None,
        pack: Pack | None = None,
        save_dir: Path | None = None,
        budget: float = DEFAULT_BUDGET,
        trainer: bool = True,
        strategy: Strategy | None = None,
    ) -> None:
        self.rules = rules
        self.trainer = trainer
        self._strategy = strategy
        self._strategy_found = strategy is not None
        self._strategy_lock = threading.Lock()
        self.name = name
        self.stack = stack
        self.save_dir = save_dir
        master = random.Random(seed)
        self.agents: dict[str, Agent] = {}
        self.kinds: dict[str, str] = {}
        for bot in bots:
            if isinstance(bot, str):
                kind = bot
                agent = make_bot(kind, seed=master.getrandbits(64) if seed is not None else None,
                                 budget=budget, rules=rules)
                seat = kind.capitalize()
            else:
                seat, agent = bot
                kind = getattr(agent, "kind", "bot")
            base, count = seat, 2
            while seat in self.agents or seat == name:
                seat = f"{base} {count}"
                count += 1
            self.agents[seat] = agent
            self.kinds[seat] = kind
        seats = [name, *self.agents]
        rules.check_table(seats)  # rule D1
        table_rng = random.Random(master.getrandbits(64)) if seed is not None else None
        self.table = Table(rules, seats=seats, buy_ins=stack, rng=table_rng, pack=pack,
                           dealer=seats[-1])
        self.log: list[str] = []
        self.last_saved: Path | None = None
        self._saved_deal = 0

    # -- state ---------------------------------------------------------------------------------

    @property
    def deal(self) -> Deal | None:
        """The deal in progress, or the last one (None before the first)."""
        return self.table.current

    @property
    def in_deal(self) -> bool:
        """Whether a deal is being played."""
        return self.table.in_deal

    @property
    def to_act(self) -> str | None:
        """Whose turn it is (None between deals)."""
        deal = self.deal
        return None if deal is None or deal.is_over else deal.to_act

    @property
    def bot_to_act(self) -> str | None:
        """The bot whose turn it is, if it is a bot's."""
        player = self.to_act
        return player if player is not None and player != self.name else None

    def view(self) -> DealView:
        """The player's view of the deal: never another's hidden cards, nor their own while
        blind (D8, BL6, T3)."""
        deal = self.deal
        if deal is None:
            raise PlayError("no deal yet: start one")
        return deal.view(self.name)

    # -- playing -------------------------------------------------------------------------------

    def start_deal(self) -> Deal:
        """Start the next deal (bots that cannot pay the ante are topped up first, M1)."""
        if self.in_deal:
            raise PlayError("a deal is in progress")
        stacks = self.table.stacks
        for bot in self.agents:
            if stacks[bot] < max(self.rules.ante, 1):
                amount = self.stack - stacks[bot]
                self.table.topup(bot, amount)  # rule M1
                self.log.append(action_words(Action(player=bot, verb=Verb.TOPUP, amount=amount),
                                             self.name))
        if stacks[self.name] < self.rules.ante:
            raise PlayError(f"you cannot pay the ante of {self.rules.ante}: top up first "
                            "(t, rule M1)")
        shuffled = self.table.shuffle_due
        deal = self.table.start_deal()
        number = self.table.deal_number
        self.log.append(f"— deal {number}: {inner(deal.dealer, self.name, 'deals')}"
                        f"{' from a shuffled pack' if shuffled else ''} (D3, D4) —")
        for bot, agent in self.agents.items():
            notify(agent, started_event(deal, bot, shuffled=shuffled))
        return deal

    def step(self) -> Action | None:
        """Let the bot whose turn it is act (None if it is not a bot's turn)."""
        action = self.bot_choice()
        if action is not None:
            self.bot_plays(action)
        return action

    def bot_choice(self) -> Action | None:
        """What the bot whose turn it is would do, from its seat's view (None if it is not a
        bot's turn); nothing changes (a screen may ask in a thread)."""
        bot = self.bot_to_act
        deal = self.deal
        if bot is None or deal is None:
            return None
        return ask(self.agents[bot], deal, bot)

    def bot_plays(self, action: Action) -> None:
        """The bot to act plays ``action`` (its :meth:`bot_choice`); an illegal one raises and
        changes nothing."""
        if self.bot_to_act is None or action.player != self.bot_to_act:
            raise PlayError(f"it is not {action.player}'s turn")
        self._apply(action)

    def run_bots(self) -> list[Action]:
        """Let the bots act until it is the player's turn or the deal is over."""
        done: list[Action] = []
        while (action := self.step()) is not None:
            done.append(action)
        return done

    def act(self, action: Action | str) -> None:
        """The player's action (text is parsed). An illegal one raises
        :class:`~bragkit.errors.IllegalActionError` and changes nothing."""
        deal = self.deal
        if deal is None or not self.in_deal:
            raise PlayError("no deal in progress: start the next one (n)")
        if isinstance(action, str):
            action = Action.parse(action, players=deal.players)
        if action.player not in (self.name, None):
            raise PlayError(f"you play {self.name}, not {action.player}")
        self._apply(action)

    def agree(self) -> list[str]:
        """The player agrees to a showdown (B8), and each bot still betting answers from its
        own view: agreeing, or declining (the player's agreement then stands until the betting
        moves on). The showdown comes when every player still betting has agreed. Returns the
        bots that declined."""
        deal = self.deal
        if deal is None or not self.in_deal:
            raise PlayError("no deal in progress: start the next one (n)")
        self._apply(Action(player=self.name, verb=Verb.AGREE))
        declined = []
        for bot, agent in self.agents.items():
            deal = self.deal
            if deal is None or deal.is_over or bot not in deal.betting:
                continue
            answer = agreement(agent, deal, bot)
            if answer is None:
                declined.append(bot)
                self.log.append(says(bot, self.name, "declines a showdown (B8)"))
            else:
                self._apply(answer)
        return declined

    @property
    def max_topup(self) -> int:
        """The most the player may add at once: the house's cap, :data:`TOPUP_TIMES` times the
        buy-in, and never past :data:`bragkit.games.three_card.rules.MAX_CHIPS` in all (M1 itself
        sets none)."""
        room = MAX_CHIPS - self.table.stacks.get(self.name, 0)
        return max(0, min(TOPUP_TIMES * self.stack, room))

    def topup(self, amount: int) -> None:
        """The player adds ``amount`` chips, at any time (rule M1): during a deal it is the
        deal's ``topup`` action, logged as the deal's other records are."""
        most = self.max_topup
        if not 1 <= amount <= most:
            raise PlayError(f"a top-up is 1 to {most:,} chips at this table (the house caps "
                            f"each at {TOPUP_TIMES} times the buy-in; rule M1), not {amount:,}")
        deal = self.deal
        seen = len(deal.operations) if deal is not None else 0
        in_deal = self.in_deal
        self.table.topup(self.name, amount)
        if in_deal and deal is not None:
            self._log_operations(deal.operations[seen:])
        else:
            self.log.append(action_words(Action(player=self.name, verb=Verb.TOPUP,
                                                amount=amount), self.name))

    def _apply(self, action: Action) -> None:
        deal = self.deal
        seen = len(deal.operations) if deal is not None else 0
        self.table.apply(action)
        deal = self.deal
        assert deal is not None
        self._log_operations(deal.operations[seen:])
        if deal.is_over:
            self._finished(deal)

    def _log_operations(self, operations: Sequence[Operation]) -> None:
        """The words of each record for the player (:func:`~bragkit.games.protocol.describe`,
        as the web table and ``bragkit replay`` word them; a shown hand named by its record)."""
        for op in operations:
            words = describe(op, self.name)
            if words is not None:
                self.log.append(words)

    def _finished(self, deal: Deal) -> None:
        for bot, agent in self.agents.items():
            notify(agent, ended_event(deal, bot))
        if self.save_dir is not None:
            try:  # a failed save never ends the session: said in the log, play goes on
                self.save(self.save_dir)
            except (OSError, BragError) as error:
                self.log.append(f"deal {self.table.deal_number} not saved: "
                                f"{getattr(error, 'strerror', None) or error}")

    # -- help ----------------------------------------------------------------------------------

    def hint(self, *, trials: int = 40_000) -> str:
        """The player's chance against the players still in, from their view only
        (:func:`bragkit.play.hint.hint`)."""
        return hint(self.view(), self.rules, self.name, trials=trials)

    # -- the trainer: what the equilibrium would do -------------------------------------------

    @property
    def heads_up_three_card(self) -> bool:
        """Whether the game is one the solver's equilibrium is of: two players, three cards
        each, no wild cards (W1)."""
        rules = self.rules
        return len(self.table.seats) == 2 and rules.cards == 3 and not rules.wild_cards

    def table_abstraction(self) -> Abstraction | None:
        """The abstraction nearest a heads-up game of this table's rules (None if none fits:
        e.g. blind play with no even stake, BL1)."""
        try:
            return Abstraction.for_table(self.rules)
        except RulesError:
            return None

    @property
    def equilibrium_looked_up(self) -> bool:
        """Whether :meth:`equilibrium_strategy` has run (its answer is kept)."""
        return self._strategy_found

    def equilibrium_strategy(self) -> Strategy | None:
        """The strategy the trainer reads: the one given, else the cached solution of the
        table's abstraction, else of the default one if it plays the same ordering and blind
        rules (H10, BL1); None if none is cached. Looked up once (a file load, never a solve);
        safe to call from a worker thread."""
        with self._strategy_lock:
            if not self._strategy_found:
                try:
                    self._strategy = self._find_strategy()
                except (BragError, OSError):  # an unreadable cache: no strategy
                    self._strategy = None
                self._strategy_found = True
            return self._strategy

    def _find_strategy(self) -> Strategy | None:
        if not self.heads_up_three_card:
            return None
        from bragkit.bots.solver_bot import cached_strategy

        return cached_strategy(self.rules)

    def _strategy_fits(self, strategy: Strategy) -> bool:
        a = strategy.abstraction
        return a.ordering == self.rules.ordering and a.blind == self.rules.blind

    def equilibrium_hint(self) -> str | None:
        """What the equilibrium would do in the player's place, one line ("the equilibrium
        would look 71%, blind 1 29%"), or how to solve one when none is cached; None when it
        does not apply (not heads-up Three Card Brag, not the player's turn, two hands held,
        R2) — then the trainer says nothing."""
        deal = self.deal
        if (not self.heads_up_three_card or deal is None or deal.is_over
                or deal.to_act != self.name):
            return None
        strategy = self.equilibrium_strategy()
        if strategy is None or not self._strategy_fits(strategy):
            table = self.table_abstraction()
            command = solve_command(table) if table is not None else "bragkit solve"
            return f"no equilibrium solved for this table: run `{command}` (a few minutes)"
        from bragkit.bots.solver_bot import equilibrium_advice

        return equilibrium_advice(strategy, self.view())

    # -- records and the end -------------------------------------------------------------------

    def save(self, directory: Path | str | None = None) -> Path:
        """Write the last finished deal as a ``.bhh`` file in ``directory`` (by default the
        save dir, else :func:`default_save_dir`) under a fresh name, never over an earlier file
        (a deal in progress is not saved: its record would show every hidden card). Returns the
        path; once saved, a deal is not written again."""
        from bragkit.games.three_card.notation import DealRecord, write_bhh

        deal = self.deal
        if deal is None or not deal.is_over:
            raise PlayError("only a finished deal can be saved (its record holds every card)")
        number = self.table.deal_number
        if self.last_saved is not None and self._saved_deal == number and directory is None:
            return self.last_saved
        folder = Path(directory if directory is not None
                      else self.save_dir or default_save_dir())
        path = write_fresh(folder, f"deal-{number:04d}", ".bhh",
                           write_bhh(DealRecord.from_deal(deal)))
        self.last_saved, self._saved_deal = path, number
        return path

    def save_session(self, directory: Path | str | None = None) -> Path:
        """Write the whole session so far as a ``bhh-session/1`` record (``session.toml``,
        :mod:`bragkit.games.three_card.session_records`) under a fresh name in ``directory`` (as
        :meth:`save`); between deals only (a deal in progress would show hidden cards)."""
        from bragkit.games.three_card.session_records import SessionRecord, write_session

        if self.in_deal:
            raise PlayError("finish the deal first: a session record holds every card")
        if self.table.deal_number == 0:
            raise PlayError("no deal played yet: nothing to save")
        folder = Path(directory if directory is not None
                      else self.save_dir or default_save_dir())
        return write_fresh(folder, "session", ".toml",
                           write_session(SessionRecord.from_table(self.table)))

    def end(self) -> Summary:
        """End the session between deals (a deal in progress is abandoned only if over): share
        a pot still carried (BL3), and settle who pays whom (T1)."""
        if self.in_deal:
            raise PlayError("finish the deal first")
        shared = self.table.share_carried_pot()
        ledger = self.table.ledger
        return Summary(nets=ledger.nets(), shared=shared,
                       payments=tuple(self.table.settlement()),
                       deals=self.table.deal_number)

    # -- what the player may do ----------------------------------------------------------------

    def stake_line(self) -> str:
        """The stake in open terms and what the player's next bet costs (half when blind)."""
        from bragkit.play.widgets import stake_line

        return stake_line(self.view())


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


def solve_command(abstraction: Abstraction) -> str:
    """The ``bragkit solve`` command that solves ``abstraction`` into the cache (only the
    options that differ from the command's defaults, besides the stakes).

    >>> solve_command(Abstraction.for_table(Rules(max_bet=10)))
    'bragkit solve --stakes 1,2,4,8,10 --blind-share 0.8'
    >>> solve_command(Abstraction.for_table(Rules(ante=2, see_cost="single", blind=False)))
    'bragkit solve --stakes 1,2,4,8,16 --ante 2 --no-blind --see-cost single'
    """
    default = Abstraction()
    parts = ["bragkit solve", "--stakes", ",".join(str(s) for s in abstraction.stakes)]
    if abstraction.max_bets != default.max_bets:
        parts += ["--max-bets", str(abstraction.max_bets)]
    if abstraction.cap_rule != default.cap_rule:
        parts += ["--cap-rule", abstraction.cap_rule]
    if abstraction.ante != default.ante:
        parts += ["--ante", str(abstraction.ante)]
    if not abstraction.blind:
        parts.append("--no-blind")
    if abstraction.blind_share != default.blind_share:
        parts += ["--blind-share", f"{abstraction.blind_share:g}"]
    if abstraction.see_cost != default.see_cost:
        parts += ["--see-cost", abstraction.see_cost]
    if abstraction.ordering != default.ordering:
        parts += ["--ordering", abstraction.ordering]
    if abstraction.ranks != default.ranks:
        parts += ["--ranks", abstraction.ranks]
    if abstraction.suits != default.suits:
        parts += ["--suits", str(abstraction.suits)]
    return " ".join(parts)

