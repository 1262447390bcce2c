"""The deals of a web table: :class:`DealDriver` runs its :class:`~bragkit.table.Table`.

The driver applies what the room decided (a deal, an action, an agreed showdown, a top-up, a
shuffle seed) to the Table and its current deal, and turns what each set off into public lines
for the log: each new record of the deal in the words of
:func:`~bragkit.games.protocol.describe` for a spectator (the terminal and ``bragkit replay``
use the same words): actions, hands shown with their names (D8), pots won or carried (BL3),
hands kept (R1), loans (M4). It also remembers, per player, the event at which their options
last changed (an action sent from an older state is stale) and who added a seed to the shuffle
waiting now.

>>> from bragkit.web.config import TableConfig
>>> driver = DealDriver(TableConfig(), secret=bytes(32))
>>> driver.start(["Ann", "Bob"], {"Ann": 20, "Bob": 20})
>>> lines, shuffled, kept = driver.next_deal()
>>> lines, shuffled, kept
(['Deal 1: Ann deals (a fresh shuffle)'], True, False)
>>> driver.act("Bob fold")          # Ann is left blind: the pot is carried (BL3, R1)
['Bob fold', '2 carried to the next deal (BL3)', 'Ann keeps the blind hand (R1)']
>>> driver.in_deal
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.games.betting import bet_bounds
from bragkit.games.operations import Acted, HandShown
from bragkit.games.protocol import describe
from bragkit.games.three_card import Deal
from bragkit.replay import shown_hand_name
from bragkit.table import Table
from bragkit.web.config import TableConfig
from bragkit.web.secret import SecretRandom

__all__ = ["DealDriver"]


class DealDriver:
    """The Table of a room and its deals (see the module docstring); ``secret`` seeds the
    shuffles (:class:`~bragkit.web.secret.SecretRandom`)."""

    def __init__(self, config: TableConfig, *, secret: bytes) -> None:
        self.config = config
        self._secret = secret
        self.table: Table | None = None
        self.deal: Deal | None = None  # the Table's current deal (it changes only at a deal)
        self._ops_seen = 0
        self._menus: dict[str, tuple[LegalAction, ...]] = {}
        self._menu_seq: dict[str, int] = {}
        self._seeded: set[str] = set()
        self._commitment_seen: str | None = None

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        return self.table is not None and self.table.in_deal

    @property
    def to_act(self) -> str | None:
        """Whose turn it is in the deal in progress."""
        deal = self.deal
        return deal.to_act if deal is not None and self.in_deal else None

    def playing(self, name: str) -> bool:
        """Whether ``name`` is dealt into the deal in progress."""
        return self.deal is not None and self.in_deal and name in self.deal.players

    # -- applying ------------------------------------------------------------------------------

    def start(self, names: Sequence[str], buy_ins: Mapping[str, int]) -> None:
        """Open the Table: these players clockwise, the first to deal (D3), fair shuffles."""
        self.table = Table(self.config.rules, seats=list(names), buy_ins=dict(buy_ins),
                           dealer=names[0], rng=SecretRandom(self._secret), fair=True)

    def next_deal(self) -> tuple[list[str], bool, bool]:
        """Start the next deal. Returns its lines, whether it was shuffled (D4), and whether a
        hand of the last deal was kept into it (R1)."""
        table = self.table
        assert table is not None
        lines = []
        ante = self.config.rules.ante
        buy_in = self.config.buy_in
        for name, stack in table.stacks.items():
            if stack < ante:  # rule D2 [decision]: a player who cannot ante tops up (M1)
                table.topup(name, buy_in)
                lines.append(f"{name} tops up {buy_in} to pay the ante")
        shuffled = table.shuffle_due
        kept = table.retained is not None
        deal = self.deal = table.start_deal()
        self._ops_seen = len(deal.operations)
        how = "a fresh shuffle" if shuffled else "the pack as the last deal left it"
        lines.append(f"Deal {table.deal_number}: {deal.dealer} deals ({how})")
        return lines, shuffled, kept

    def act(self, text: str, prefix: str = "") -> list[str]:
        """Apply an action (as recorded) the room checked; its lines, ``prefix`` first."""
        table = self.table
        assert table is not None and self.deal is not None
        action = Action.parse(text, players=self.deal.players)
        table.apply(action)
        return self._outcome(prefix)

    @property
    def agreed(self) -> tuple[str, ...]:
        """Who has agreed to a showdown (rule B8) since the betting last moved on: the deal's
        own record of it."""
        deal = self.deal
        return () if deal is None or deal.is_over else deal.agreed

    def topup(self, player: str, amount: int) -> list[str]:
        """``player`` brings ``amount`` more chips (M1)."""
        assert self.table is not None
        deal = self.deal
        if self.in_deal and deal is not None and player in deal.players:
            self.table.topup(player, amount)  # the deal's topup action
            return self._outcome()
        self.table.topup(player, amount)
        return [str(Action(player=player, verb=Verb.TOPUP, amount=amount))]

    def seed(self, player: str, seed: str) -> list[str]:
        """``player`` adds a seed to the next fair shuffle."""
        assert self.table is not None
        self.table.add_client_seed(seed)
        self._seeded.add(player)
        return [f"{player} adds a seed to the next shuffle"]

    def _outcome(self, prefix: str = "") -> list[str]:
        """The public lines of the deal's new records: the action (``prefix`` first), what it
        set off (loans, hands shown, pots won or carried), each in the words of
        :func:`describe` for a spectator."""
        assert self.deal is not None
        ops = self.deal.operations
        lines = []
        for op in ops[self._ops_seen:]:
            words = describe(op, None)
            if words is None:
                continue
            if isinstance(op, HandShown):  # rule D8: shown to everyone, named
                words += f" ({self.hand_name(op.cards)})"
            lines.append(prefix + words if isinstance(op, Acted) else words)
        self._ops_seen = len(ops)
        return lines

    def settled(self, seq: int) -> None:
        """After event ``seq``: a new shuffle's commitment clears its seeds; note whose options
        changed (for stale actions)."""
        table = self.table
        if table is not None and table.commitment != self._commitment_seen:
            self._commitment_seen = table.commitment
            self._seeded = set()
        deal = self.deal
        players = deal.players if deal is not None and self.in_deal else ()
        for name in players:
            assert deal is not None
            menu = tuple(deal.legal_actions(name))
            if self._menus.get(name) != menu:
                self._menus[name] = menu
                self._menu_seq[name] = seq
        for name in [n for n in self._menus if n not in players]:
            del self._menus[name]
            self._menu_seq[name] = seq

    # -- reading -------------------------------------------------------------------------------

    def menu_seq(self, name: str) -> int:
        """The event at which ``name``'s options last changed (0: never)."""
        return self._menu_seq.get(name, 0)

    def seeded_now(self) -> set[str]:
        """Who added a seed to the shuffle waiting now."""
        table = self.table
        if table is None or table.commitment != self._commitment_seen:
            return set()
        return self._seeded

    def hand_name(self, cards: Sequence[Card]) -> str:
        """A shown hand in words: the three cards it plays (rules H2, W2), ranked by the rules
        the deal was played under."""
        rules = self.deal.rules if self.deal is not None else self.config.rules
        return shown_hand_name(cards, rules)

    def costs(self) -> dict[str, int] | None:
        """What it costs to stay in now: the least open and blind bet (rules B2, B3, BL1),
        by the engine's own betting arithmetic (:func:`~bragkit.games.betting.bet_bounds`)."""
        deal = self.deal
        if deal is None or not self.in_deal:
            return None
        stake = deal.stake
        rules = deal.rules
        pot = deal.pot if rules.pot_limit else 0
        open_least = bet_bounds(rules, stake=stake, bet_made=stake > 0, pot=pot, blind=False)[0]
        blind_least = bet_bounds(rules, stake=stake, bet_made=stake > 0, pot=pot, blind=True)[0]
        return {"open": open_least, "blind": blind_least}
