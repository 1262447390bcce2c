"""The deals of a web table: :class:`DealDriver` runs its game's
:class:`~bragkit.session.Session`.

A table plays one game of the registry; its session is seated through the game's own hook
(:attr:`GameInfo.dealing <bragkit.games.registry.GameInfo.dealing>`), with every shuffle a
commit-reveal shuffle where the hook offers one (``fair``). The driver applies what the room
decided (a deal, an action, a top-up, a shuffle seed) to the session and its current deal, and
turns what each set off into public lines for the log: each new record of the deal in the words
of :func:`~bragkit.games.protocol.describe` for a spectator (the terminal and ``bragkit replay``
use the same words). What only some games have — a fairness commitment (D4), a carried pot
(BL3), a kept blind hand (R1), a showdown agreed (B8) — is what the session hook
(:class:`~bragkit.session.Dealing`) and the game protocol declare, with defaults for the games
without it; nothing here asks which game it is. It also remembers, per player, the event at
which their options last changed (an action sent from an older state is stale) and who added a
seed to the shuffle waiting now.

>>> from bragkit.web.config import TableConfig
>>> driver = DealDriver(TableConfig(), secret=bytes(32))
>>> driver.start(["Ann", "Bob"], {"Ann": 20, "Bob": 20})
>>> lines, shuffled, kept = driver.next_deal()
>>> lines, shuffled, kept
(['Deal 1: Ann deals (a fresh shuffle)'], True, False)
>>> driver.act("Bob fold")          # Ann is left blind: the pot is carried (BL3, R1)
['Bob folds', '2 carried to the next deal (BL3)', 'Ann keeps the blind hand (R1)']
>>> driver.in_deal
False

Any game of the registry is driven the same way:

>>> crash = DealDriver(TableConfig.from_dict({"game": "crash"}), secret=bytes(32))
>>> crash.start(["Ann", "Bob"], {"Ann": 20, "Bob": 20})
>>> crash.next_deal()[0], crash.to_act
(['Deal 1: Ann deals (a fresh shuffle)'], 'Bob')
>>> crash.act(str(crash.suggestion("Bob")))     # the engine's arrangement (C2), hidden
['Bob arranges']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.games.protocol import Game, Pending, describe
from bragkit.games.three_card.operations import Acted
from bragkit.session import Dealing, DealStarted, Session, SessionError
from bragkit.sit_and_go import SitAndGo
from bragkit.web.config import TableConfig
from bragkit.web.secret import SecretRandom

__all__ = ["DealDriver"]


def _menu_key(menu: Sequence[LegalAction]) -> tuple[tuple[Any, ...], ...]:
    """What a menu offers, cheaply compared (an option's choices may be a lazy sequence)."""
    return tuple((o.verb, o.min_amount, o.max_amount, o.hand, o.discards, str(o)) for o in menu)


def _decides(menu: Sequence[LegalAction]) -> bool:
    """Whether a menu holds anything but a top-up (M1, allowed at any time)."""
    return any(o.verb is not Verb.TOPUP for o in menu)


def _pending(menu: Sequence[LegalAction]) -> bool:
    """Whether a menu is a decision that must be taken at once (R2: keep or throw)."""
    return any(o.verb in (Verb.KEEP, Verb.THROW) for o in menu)


class DealDriver:
    """The session of a room and its deals (see the module docstring); ``secret`` seeds the
    shuffles (:class:`~bragkit.web.secret.SecretRandom`)."""

    def __init__(self, config: TableConfig, *, secret: bytes) -> None:
        self.config = config
        self._secret = secret
        self.session: Session | None = None
        self.sit_and_go: SitAndGo | None = None  # a sit-and-go's driver of the session (T4)
        self.deal: Game | None = None  # the session's current deal (it changes only at a deal)
        self._ops_seen = 0
        self._menus: dict[str, tuple[tuple[Any, ...], ...]] = {}
        self._menu_seq: dict[str, int] = {}
        self._seeded: set[str] = set()
        self._commitment_seen: str | None = None
        self._suggested: dict[str, tuple[tuple[int, int], Action | None]] = {}

    @property
    def table(self) -> Session | None:
        """The session (the table's seats, stacks and ledger), once play started."""
        return self.session

    @table.setter
    def table(self, table: Session) -> None:
        """Play at a session made elsewhere: tests dealing a known pack."""
        self.session = table

    @property
    def hook(self) -> Dealing | None:
        """The game's session hook (None before play)."""
        return self.session.dealing if self.session is not None else None

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self.session is not None and self.session.in_deal

    @property
    def to_act(self) -> str | None:
        """Whose decision the deal in progress waits for: the player to act, unless all they
        may do is top up (M1) while another player has a decision pending — a hand of two
        looked at out of turn, to keep or throw at once (R2) — whose it is then."""
        deal = self.deal
        if deal is None or not self.in_deal:
            return None
        turn = deal.to_act
        if turn is not None and _decides(deal.legal_actions(turn)):
            return turn
        pending = [n for n in deal.players if n != turn and _pending(deal.legal_actions(n))]
        return pending[0] if len(pending) == 1 else turn

    def playing(self, name: str) -> bool:
        """Whether ``name`` is dealt into the deal in progress."""
        return self.deal is not None and self.in_deal and name in self.deal.players

    @property
    def deal_number(self) -> int:
        """How many deals have been started."""
        return self.session.deal_number if self.session is not None else 0

    # -- what only some games have (declared by the hook, with defaults) ----------------------

    @property
    def commitment(self) -> str | None:
        """The published commitment of the next shuffle (D4), where the game deals fairly."""
        hook = self.hook
        commitment = hook.commitment if hook is not None else None
        return None if commitment is None else str(commitment.commitment)

    @property
    def shuffle_due(self) -> bool:
        """Whether the next deal is dealt from a fresh shuffle (D4; always, in most games)."""
        hook = self.hook
        return hook.shuffle_due if hook is not None else True

    @property
    def retained(self) -> str | None:
        """Who keeps a blind hand for the next deal (R1), where the game has that."""
        hook = self.hook
        return hook.retained if hook is not None else None

    @property
    def carried_pot(self) -> int:
        """The pot carried to the next deal (BL3; 0 in games without one)."""
        hook = self.hook
        return int(hook.carried_pot) if hook is not None else 0

    # -- applying ------------------------------------------------------------------------------

    def start(self, names: Sequence[str], buy_ins: Mapping[str, int]) -> None:
        """Open the session: these players clockwise, the first to deal (D3), fair shuffles
        where the game's hook deals them."""
        factory = self.config.info.dealing
        assert factory is not None
        fair = {"fair": True} if self.config.info.fair else {}  # D4: commit-reveal shuffles
        hook = factory(self.config.rules, rng=SecretRandom(self._secret), **fair)
        setting = self.config.sit_and_go
        if setting is not None:  # rule T4: equal stacks, the buy-in; the ante on schedule
            self.sit_and_go = setting.start(self.config.info, hook, rules=self.config.rules,
                                            seats=list(names), stack=self.config.buy_in)
            self.session = self.sit_and_go.session
            return
        self.session = Session(hook, seats=list(names), buy_ins=dict(buy_ins), dealer=names[0])

    def next_deal(self) -> tuple[list[str], bool, bool]:
        """Start the next deal. Returns its lines, whether it was shuffled (D4), and whether a
        hand of the last deal was kept into it (R1)."""
        session = self.session
        assert session is not None
        lines = []
        ante = self.config.terms.ante
        buy_in = self.config.buy_in
        if self.sit_and_go is not None:  # rule T4: no top-ups; a short stack lowers the ante
            return self._sit_and_go_deal()
        for name, stack in session.stacks.items():
            if stack < ante:  # rule D2 [decision]: a player who cannot ante tops up (M1)
                session.top_up(name, buy_in)
                lines.append(f"{name} tops up {buy_in} to pay the ante")
        shuffled = self.shuffle_due
        kept = self.retained is not None
        try:
            deal = session.start_deal()
        except SessionError:  # a stake or blind a stack cannot pay: top up to the buy-in (M1)
            for name, stack in session.stacks.items():
                if stack < buy_in:
                    session.top_up(name, buy_in - stack)
                    lines.append(f"{name} tops up {buy_in - stack} to play the deal")
            deal = session.start_deal()
        return self._dealt(deal, lines, shuffled, kept)

    def _sit_and_go_deal(self) -> tuple[list[str], bool, bool]:
        """The next deal of a sit-and-go, at its level's ante (T4)."""
        sng = self.sit_and_go
        assert sng is not None
        shuffled, kept = self.shuffle_due, self.retained is not None
        deal = sng.start_deal()
        lines = self._dealt(deal, [], shuffled, kept)[0]
        word = sng.ante_name
        if sng.deal_number > 1 and sng.rules.level_of(sng.deal_number - 1) != sng.level:
            lines.insert(0, f"Level {sng.level}: the {word} rises to {sng.ante}")
        if sng.deal_ante < sng.ante:
            lines.append(f"The {word} is {sng.deal_ante}, all the shortest stack holds (T4)")
        return lines, shuffled, kept

    def _dealt(self, deal: Game, lines: list[str], shuffled: bool,
               kept: bool) -> tuple[list[str], bool, bool]:
        session = self.session
        assert session is not None
        self.deal = deal
        self._ops_seen = len(deal.operations)
        how = "a fresh shuffle" if shuffled else "the pack as the last deal left it"
        started = session.events_from(session.event_count - 1)[0]
        assert isinstance(started, DealStarted)
        lines.append(f"Deal {session.deal_number}: {started.dealer} deals ({how})")
        return lines, shuffled, kept

    def act(self, text: str, prefix: str = "") -> list[str]:
        """Apply an action (as recorded) the room checked; its lines, ``prefix`` first."""
        session = self.session
        assert session is not None and self.deal is not None
        action = Action.parse(text, players=self.deal.players)
        (self.sit_and_go or session).apply(action)  # a sit-and-go sees who goes out (T4)
        return self._outcome(prefix, action.player)

    @property
    def pending(self) -> Pending | None:
        """The decision the deal in progress waits on beyond the turn: a showdown being agreed
        (B8), a sideshow asked (TP5); None between deals or when there is none."""
        deal = self.deal
        if deal is None or not self.in_deal:
            return None
        return deal.pending()

    def topup(self, player: str, amount: int) -> list[str]:
        """``player`` brings ``amount`` more chips (M1): the deal's action when they are in it."""
        session = self.session
        assert session is not None
        if self.playing(player):
            session.apply(Action(player=player, verb=Verb.TOPUP, amount=amount))
            return self._outcome()
        session.top_up(player, amount)
        return [str(Action(player=player, verb=Verb.TOPUP, amount=amount))]

    def seed(self, player: str, seed: str) -> list[str]:
        """``player`` adds a seed to the next fair shuffle."""
        hook = self.hook
        commitment = hook.commitment if hook is not None else None
        assert commitment is not None and not self.in_deal
        commitment.add_client_seed(seed)
        self._seeded.add(player)
        return [f"{player} adds a seed to the next shuffle"]

    def _outcome(self, prefix: str = "", actor: str | None = None) -> list[str]:
        """The public lines of the deal's new records: the action (``prefix`` before the first
        line of ``actor``'s), what it set off (loans, hands shown, pots won or carried, rounds
        scored), each in the words of :func:`describe` for a spectator."""
        assert self.deal is not None
        ops = self.deal.operations
        lines = []
        for op in ops[self._ops_seen:]:
            words = describe(op, None)  # a shown hand is named by its record (D8)
            if words is None:
                continue
            if prefix and (isinstance(op, Acted) or (
                    actor is not None and words.startswith(actor + " "))):
                words, prefix = prefix + words, ""
            lines.append(words)
        self._ops_seen = len(ops)
        return lines

    def settled(self, seq: int) -> None:
        """After event ``seq``: a new shuffle's commitment clears its seeds; note whose options
        changed (for stale actions)."""
        commitment = self.commitment
        if commitment != self._commitment_seen:
            self._commitment_seen = commitment
            self._seeded = set()
        deal = self.deal
        players = deal.players if deal is not None and self.in_deal else ()
        for name in players:
            assert deal is not None
            menu = _menu_key(deal.legal_actions(name))
            if self._menus.get(name) != menu:
                self._menus[name] = menu
                self._menu_seq[name] = seq
        for name in [n for n in self._menus if n not in players]:
            del self._menus[name]
            self._menu_seq[name] = seq

    # -- reading -------------------------------------------------------------------------------

    @property
    def deal_rules(self) -> Any:
        """The rules of the deal in progress (or the last), else the table's."""
        deal = self.deal
        return deal.rules if deal is not None else self.config.rules

    def menu_seq(self, name: str) -> int:
        """The event at which ``name``'s options last changed (0: never)."""
        return self._menu_seq.get(name, 0)

    def seeded_now(self) -> set[str]:
        """Who added a seed to the shuffle waiting now."""
        if self.commitment is None or self.commitment != self._commitment_seen:
            return set()
        return self._seeded

    def hand_name(self, cards: Sequence[Card]) -> str | None:
        """``cards`` named as a hand of the deal's game (rules H2, W2, D8), ranked by the rules
        the deal was played under; None where the game names no hands."""
        deal = self.deal
        return deal.hand_name(cards) if deal is not None else None

    def costs(self) -> dict[str, int] | None:
        """What it costs the player to act to stay in now, by kind (three-card: the least open
        and blind bet, B2, B3, BL1), as the game states it (:meth:`Game.stay_costs
        <bragkit.games.protocol.Game.stay_costs>`); None between deals and where the game has
        no such price (the menu says it)."""
        deal = self.deal
        turn = deal.to_act if deal is not None and self.in_deal else None
        if deal is None or turn is None:
            return None
        costs = deal.stay_costs(turn)
        return None if costs is None else dict(costs)

    def suggestion(self, name: str) -> Action | None:
        """The engine's strong move for ``name`` when it is their turn, where the game offers
        one (Nine Card Brag, Crash: the arranger, N3, C2), else None. It reads only what
        ``name`` holds; cached until the deal moves on."""
        deal = self.deal
        if deal is None or not self.in_deal or deal.to_act != name:
            return None
        key = (self.deal_number, len(deal.operations))
        found = self._suggested.get(name)
        if found is None or found[0] != key:
            found = self._suggested[name] = (key, deal.suggestion(name))
        return found[1]
