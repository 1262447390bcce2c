"""The state of N deals stepped together: :class:`State` (they start in
:mod:`bragkit.sim.deals`).

Every field is a numpy array with one row per deal (``(n,)`` or ``(n, players)``); the seats of
a deal are ``0 .. players - 1`` clockwise and seat ``players - 1`` deals, so the betting starts
at seat 0 (rules B2, D3).

For speed, what each seat has done is kept as bits of one number per deal (bit ``s`` for seat
``s``): ``folded_bits`` (out of the betting: folded, or covered, M2), ``covered_bits``,
``looked_bits``, ``agreed_bits``; :attr:`State.folded`, :attr:`State.covered`,
:attr:`State.looked` and :attr:`State.agreed` give them as ``(n, players)`` flags.

What only some rules bring in is kept beside (:class:`Extras`: covered pots, M2; two hands and
the face-up hand, R2, R3; discards, F1) and, for deals played as a session, the pack and what
goes under it (:class:`~bragkit.sim.carry.Carry`, D4, D5).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from bragkit.games.three_card.rules import Rules
from bragkit.sim.actions import NUM_ACTIONS
from bragkit.sim.history import ActionLog
from bragkit.sim.strength import Rater

__all__ = ["Array", "Extras", "PackCarry", "Seed", "State"]

Array = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Seed = int | np.random.Generator | None | Sequence[int] | npt.NDArray[np.integer[Any]]

# The tally of a seat's bets (for the bots' reading of their own play): blind bets, open bets
# and raises, 20 bits each.
TALLY_OPEN: Final = 1 << 20
TALLY_RAISE: Final = 1 << 40
_FIELD: Final = (1 << 20) - 1


class State:
    """N deals stepped together (see the module docstring). pgx's fields are here:
    ``current_player`` (``-1`` once a deal is over), ``observation`` (of the player to act,
    :mod:`bragkit.sim.observe`), ``legal_action_mask``, ``rewards`` (per seat, chips won or lost
    over the deal, given at the step that ends it) and ``terminated``.

    The result of each deal is kept when it ends: ``stacks`` (after the deal), ``winnings``
    (chips each seat took from the pot), ``shown`` (hands exposed, D8), ``carried`` (the pot a
    blind winner leaves in the middle, BL3) and ``retained`` (that blind winner's seat, or -1,
    R1). :func:`~bragkit.sim.step.step` updates a state in place and returns it.

    ``extra`` holds what only some rules bring in (:class:`Extras`: two hands and the face-up
    hand, R2, R3; discards, F1, F3), None when they cannot arise; ``carry`` the pack of deals
    played as sessions (:class:`~bragkit.sim.carry.Carry`, D4, D5), None for single deals.
    """

    __slots__ = (
        "_amounts",
        "_mask",
        "_observation",
        "_observe",
        "_rewards",
        "_work_out_amounts",
        "agreed_bits",
        "base",
        "bet_made",
        "cards",
        "carried",
        "carried_in",
        "carry",
        "cost",
        "cover_pots",
        "covered_bits",
        "coverers",
        "current_player",
        "dealt",
        "ended",
        "extra",
        "first_menus",
        "folded_bits",
        "full",
        "least",
        "legal_bits",
        "log",
        "looked_bits",
        "lowest",
        "n",
        "n_betting",
        "n_covers",
        "next_seat",
        "players",
        "pot",
        "powers",
        "proposer",
        "rater",
        "retained",
        "rules",
        "scale",
        "shown",
        "stacks",
        "stake",
        "start_stacks",
        "table",
        "tally",
        "terminated",
        "top",
        "turn_bit",
        "values",
        "winnings",
    )

    def __init__(self, rules: Rules, n: int, players: int, *,
                 observe: Callable[[State], npt.NDArray[np.float32]],
                 amounts: Callable[[State], Array], extended: bool = False) -> None:
        p = players
        # the views worked out from the state by the modules that own them (the observation,
        # bragkit.sim.observe; the menu's amounts, bragkit.sim.menu), given by init
        self._observe = observe
        self._work_out_amounts = amounts
        self.rules = rules
        self.n = n
        self.players = p
        self.rater = Rater(rules)  # hand strengths (H2-H10, W1-W3, F1-F3)
        self.table: npt.NDArray[np.int16] = self.rater.table
        self.full = (1 << p) - 1
        # the lowest seat of every set of seats (bits): the next to act, the last left
        bits = np.arange(1 << p, dtype=np.int64)
        lowest = np.zeros(1 << p, dtype=np.int64)
        for seat in range(p - 1, -1, -1):
            lowest[(bits >> seat) & 1 == 1] = seat
        self.lowest = lowest
        self.next_seat = _next_seats(p)
        self.base = np.arange(n, dtype=np.int64) * p  # each deal's first cell of (n, p)
        # 1 << seat, and 0 at index -1 (no one to act)
        self.powers = np.append(np.left_shift(1, np.arange(p, dtype=np.int64)), 0)
        # the cards each deal dealt, in the order dealt: card k to seat k % p (D6)
        self.cards = rules.cards
        self.dealt = np.zeros((n, rules.cards * p), dtype=np.int8)
        # each hand's strength now: the table's value of three cards; of four or five, 256
        # times the value of the three kept (the best three until a discard, F2) plus the
        # discards' face ranks (F1, F3)
        self.values: npt.NDArray[np.signedinteger[Any]] = np.zeros(
            (n, p), dtype=np.int16 if rules.cards == 3 else np.int32)
        self.start_stacks = np.zeros((n, p), dtype=np.int64)
        self.stacks = np.zeros((n, p), dtype=np.int64)
        self.tally = np.zeros((n, p), dtype=np.int64)
        self.shown = np.zeros((n, p), dtype=bool)
        self.winnings = np.zeros((n, p), dtype=np.int64)
        self.ended = np.zeros(n, dtype=bool)  # the deals that ended at the last step
        self.folded_bits = np.zeros(n, dtype=np.int64)  # out of the betting: folded or covered
        self.covered_bits = np.zeros(n, dtype=np.int64)  # rule M2
        self.looked_bits = np.zeros(n, dtype=np.int64)
        self.agreed_bits = np.zeros(n, dtype=np.int64)
        self.pot = np.zeros(n, dtype=np.int64)
        self.stake = np.zeros(n, dtype=np.int64)
        self.carried = np.zeros(n, dtype=np.int64)
        self.carried_in = np.zeros(n, dtype=np.int64)  # the pot carried into the deal (BL3)
        # rule M2: covers in each deal, the pot (all layers) just after each, and who covered
        self.n_covers = np.zeros(n, dtype=np.int64)
        self.cover_pots = np.zeros((n, p), dtype=np.int64)
        self.coverers = np.zeros((n, p), dtype=np.int8)
        self.bet_made = np.zeros(n, dtype=bool)
        self.terminated = np.zeros(n, dtype=bool)
        self.n_betting = np.zeros(n, dtype=np.int64)
        self.current_player = np.zeros(n, dtype=np.int64)
        self.turn_bit = np.ones(n, dtype=np.int64)  # 1 << current_player (0 once over)
        self.proposer = np.full(n, -1, dtype=np.int64)
        self.retained = np.full(n, -1, dtype=np.int64)
        # the menu of the player to act (bragkit.sim.menu): legal actions as bits, the least
        # bet, the most, the price of a see
        self.legal_bits = np.zeros(n, dtype=np.int64)
        self.least = np.zeros(n, dtype=np.int64)
        self.top = np.zeros(n, dtype=np.int64)
        self.cost = np.zeros(n, dtype=np.int64)
        # the menu of a new deal's first player, by (stack, carried pot): see redeal
        self.first_menus: dict[tuple[int, int], tuple[int, ...]] = {}
        self.scale = float(100 * max(rules.ante, rules.min_bet))
        self.extra: Extras | None = Extras(n, p, rules.cards) if extended else None
        self.carry: PackCarry | None = None
        self.log: ActionLog | None = None  # the last actions of each deal (observations)
        self._observation: npt.NDArray[np.float32] | None = None
        self._mask: Flags | None = None
        self._amounts: Array | None = None
        self._rewards: npt.NDArray[np.float32] | None = None

    # -- views of the compact fields -----------------------------------------------------------

    def _seats(self, bits: Array) -> Flags:
        return self.seat_flags(bits)

    def seat_flags(self, bits: Array) -> Flags:
        """``(len(bits), players)``: the seats set in each of ``bits`` (say, the
        ``looked_bits`` of some rows) as flags."""
        flags: Flags = ((bits[:, None] >> np.arange(self.players)) & 1).astype(bool)
        return flags

    @property
    def hands(self) -> npt.NDArray[np.int8]:
        """``(n, players, cards)``: each seat's hand, its cards in the order dealt (a view of
        ``dealt``; the hand a seat plays: under R3 the kept blind hand, R2 the one kept)."""
        hands: npt.NDArray[np.int8] = self.dealt.reshape(
            self.n, self.cards, self.players).transpose(0, 2, 1)
        return hands

    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """``(n, players)``: each seat's chips won or lost over the deal, in the deals that
        ended at the last step (zero elsewhere)."""
        if self._rewards is None:
            change = (self.stacks - self.start_stacks).astype(np.float32)
            change[~self.ended] = 0.0
            self._rewards = change
        return self._rewards

    @property
    def folded(self) -> Flags:
        """``(n, players)``: who has folded (a copy; a covered player has not, M2)."""
        return self._seats(self.folded_bits & ~self.covered_bits)

    @property
    def covered(self) -> Flags:
        """``(n, players)``: who has covered the pot (M2: cards on the pot, out of the
        betting; a copy)."""
        return self._seats(self.covered_bits)

    @property
    def betting(self) -> Flags:
        """``(n, players)``: who is still betting (neither folded nor covered; a copy)."""
        return self._seats(self.full & ~self.folded_bits)

    @property
    def looked(self) -> Flags:
        """``(n, players)``: who has looked at their cards (BL6; a copy)."""
        return self._seats(self.looked_bits)

    @property
    def agreed(self) -> Flags:
        """``(n, players)``: who has agreed to a showdown since the betting moved on (B8)."""
        return self._seats(self.agreed_bits)

    @property
    def blind_bets(self) -> Array:
        """``(n, players)``: blind bets made this deal."""
        counts: Array = self.tally & _FIELD
        return counts

    @property
    def open_bets(self) -> Array:
        """``(n, players)``: open bets made this deal."""
        counts: Array = (self.tally >> 20) & _FIELD
        return counts

    @property
    def raises(self) -> Array:
        """``(n, players)``: open bets above the least bet (B3) made this deal."""
        counts: Array = self.tally >> 40
        return counts

    @property
    def legal_action_mask(self) -> Flags:
        """``(n, len(ACTIONS))``: the legal menu actions of each deal's player to act (none
        once a deal is over)."""
        if self._mask is None:
            self._mask = ((self.legal_bits[:, None] >> np.arange(NUM_ACTIONS)) & 1).astype(bool)
        return self._mask

    @property
    def amounts(self) -> Array:
        """``(n, len(ACTIONS))``: the chips each menu action puts in (0 for those that put in
        none; for a blind player, the blind amount, BL1)."""
        if self._amounts is None:
            self._amounts = self._work_out_amounts(self)
        return self._amounts

    @property
    def observation(self) -> npt.NDArray[np.float32]:
        """What the player to act may know, one row per deal
        (:func:`bragkit.sim.observe.observe`), worked out when first read after a step."""
        if self._observation is None:
            self._observation = self._observe(self)
        return self._observation

    def changed(self) -> None:
        """Forget the views worked out from the state (after a step)."""
        self._observation = None
        self._mask = None
        self._amounts = None
        self._rewards = None

    def __repr__(self) -> str:
        return (f"<State of {self.n} deals, {self.players} players: "
                f"{int(self.terminated.sum())} over>")


class PackCarry(Protocol):
    """What the step asks of the pack of deals played as sessions
    (:class:`bragkit.sim.carry.Carry`, D4, D5)."""

    pack: npt.NDArray[np.int8]
    held: Array
    gone: Array
    next_pack: npt.NDArray[np.int8]
    kept: npt.NDArray[np.int8]
    shuffle_next: Flags
    known: Flags | None
    known_next: Flags | None
    second_seen: Flags
    public_second: bool

    def start(self, state: State, rows: Array, packs: npt.NDArray[np.int8],
              held: Array) -> None: ...

    def folded(self, state: State, rows: Array, seats: Array) -> None: ...

    def second_gone(self, rows: Array) -> None: ...

    def swap(self, rows: Array, seats: Array) -> None: ...

    def close(self, state: State, rows: Array) -> None: ...


class Extras:
    """What only some rules bring into a deal, one row per deal (see :class:`State`):

    - two hands (R2): ``two_seat``, the seat holding an old hand beside the new one (or -1);
      ``pending``, 1 or 2 while that seat must keep or throw the new or old hand it just looked
      at;
    - the face-up hand (R3): ``face_up``, whether it is out; ``gate_bits``, the seats whose
      first decision must be a fold unless they beat it; ``face_value``, its strength;
    - the second hand of ``extra_seat`` (R2: the old hand; R3: the face-up one): ``second``;
    - discards (F1, F3): ``need_discard_bits``, the seats that have looked and must discard;
      ``combo``, the three cards each seat plays (an index of
      :func:`bragkit.sim.strength.combos`: the best three until a discard, F2).
    """

    __slots__ = ("combo", "extra_seat", "face_up", "face_value", "gate_bits",
                 "need_discard_bits", "pending", "second", "two_seat")

    def __init__(self, n: int, players: int, cards: int) -> None:
        self.two_seat = np.full(n, -1, dtype=np.int64)
        self.pending = np.zeros(n, dtype=np.int64)
        self.face_up = np.zeros(n, dtype=bool)
        self.gate_bits = np.zeros(n, dtype=np.int64)
        self.face_value = np.zeros(n, dtype=np.int32)
        self.extra_seat = np.full(n, -1, dtype=np.int64)
        self.second = np.zeros((n, cards), dtype=np.int8)
        self.need_discard_bits = np.zeros(n, dtype=np.int64)
        self.combo = np.zeros((n, players), dtype=np.int64)

    def start(self, rows: npt.NDArray[np.int64]) -> None:
        """New deals in ``rows``: none of the above yet."""
        self.two_seat[rows] = -1
        self.pending[rows] = 0
        self.face_up[rows] = False
        self.gate_bits[rows] = 0
        self.extra_seat[rows] = -1
        self.need_discard_bits[rows] = 0


@functools.lru_cache(maxsize=32)
def _next_seats(players: int) -> Array:
    """Entry ``seat * 2**players + seats``: the first of the set ``seats`` (bits) to the left
    of ``seat`` (``seat`` itself last; -1 for none): the turn passing round (B4, D3)."""
    sets = np.arange(1 << players, dtype=np.int64)
    table = np.full((players, 1 << players), -1, dtype=np.int64)
    for seat in range(players):
        for k in range(players, 0, -1):  # nearest last, so it wins
            other = (seat + k) % players
            table[seat, (sets >> other) & 1 == 1] = other
    table.setflags(write=False)
    return table.reshape(-1)
