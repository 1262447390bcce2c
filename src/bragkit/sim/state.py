"""The state of N deals stepped together, and how they start: :class:`State`, :func:`init`.

Every field is a numpy array with one row per deal (``(n,)`` or ``(n, players)``); the seats of
a deal are ``0 .. players - 1`` clockwise and seat ``players - 1`` deals, so the betting starts
at seat 0 (rules B2, D3). :func:`init` takes the antes (D2) and deals three cards to each seat
one at a time from the top of a pack, from the dealer's left (D6): packs shuffled from
``seed``, or ``packs`` given (card indices, top card first; ``52`` is a joker, W1).

For speed, what each seat has done is kept as bits of one number per deal (bit ``s`` for seat
``s``): ``folded_bits``, ``looked_bits``, ``agreed_bits``; :attr:`State.folded`,
:attr:`State.looked` and :attr:`State.agreed` give them as ``(n, players)`` flags.

>>> state = init(7, 5, players=3)
>>> state.current_player.tolist(), state.pot.tolist()      # seat 0 first, three antes
([0, 0, 0, 0, 0], [3, 3, 3, 3, 3])
>>> state.hands.shape, bool(state.looked.any())           # everyone starts blind (BL6)
((5, 3, 3), False)
>>> given = init(None, 1, players=2, packs=[list(range(52))])
>>> given.hands[0].tolist()             # dealt one at a time from the dealer's left (D6)
[[0, 2, 4], [1, 3, 5]]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.hands import strength_table

__all__ = ["DEFAULT_STACK", "Array", "State", "check_rules", "init", "redeal"]

Array = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Seed = int | np.random.Generator | None | Sequence[int] | npt.NDArray[np.integer[Any]]

#: Each seat's money before the ante when no ``stacks`` are given: enough that no one runs short.
DEFAULT_STACK: Final = 1_000_000
_JOKER: Final = 52
# The tally of a seat's bets (for the bots' reading of their own play): blind bets, open bets
# and raises, 20 bits each.
TALLY_OPEN: Final = 1 << 20
TALLY_RAISE: Final = 1 << 40
_FIELD: Final = (1 << 20) - 1
# The menu's columns (bragkit.sim.menu.refresh)
_MENU: Final = ("legal_bits", "least", "top", "cost")


class State:
    """N deals stepped together (see the module docstring). pgx's fields are here:
    ``current_player`` (``-1`` once a deal is over), ``observation`` (of the player to act,
    :mod:`bragkit.sim.observe`), ``legal_action_mask``, ``rewards`` (per seat, chips won or lost
    over the deal, given at the step that ends it) and ``terminated``.

    The result of each deal is kept when it ends: ``stacks`` (after the deal), ``winnings``
    (chips each seat took from the pot), ``shown`` (hands exposed, D8), ``carried`` (the pot a
    blind winner leaves in the middle, BL3) and ``retained`` (that blind winner's seat, or -1,
    R1). :func:`~bragkit.sim.step.step` updates a state in place and returns it.
    """

    __slots__ = (
        "_amounts",
        "_mask",
        "_observation",
        "_rewards",
        "agreed_bits",
        "base",
        "bet_made",
        "carried",
        "cost",
        "current_player",
        "dealt",
        "ended",
        "first_menus",
        "folded_bits",
        "full",
        "least",
        "legal_bits",
        "looked_bits",
        "lowest",
        "n",
        "n_betting",
        "next_seat",
        "players",
        "pot",
        "powers",
        "proposer",
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

    def __init__(self, rules: Rules, n: int, players: int) -> None:
        p = players
        self.rules = rules
        self.n = n
        self.players = p
        self.table: npt.NDArray[np.int16] = _values(rules)
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
        self.dealt = np.zeros((n, 3 * p), dtype=np.int8)
        self.values = np.zeros((n, p), dtype=np.int16)
        self.start_stacks = np.zeros((n, p), dtype=np.int64)
        self.stacks = np.zeros((n, p), dtype=np.int64)
        self.tally = np.zeros((n, p), dtype=np.int64)
        self.shown = np.zeros((n, p), dtype=bool)
        self.winnings = np.zeros((n, p), dtype=np.int64)
        self.ended = np.zeros(n, dtype=bool)  # the deals that ended at the last step
        self.folded_bits = np.zeros(n, dtype=np.int64)
        self.looked_bits = np.zeros(n, dtype=np.int64)
        self.agreed_bits = np.zeros(n, dtype=np.int64)
        self.pot = np.zeros(n, dtype=np.int64)
        self.stake = np.zeros(n, dtype=np.int64)
        self.carried = np.zeros(n, dtype=np.int64)
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
        self._observation: npt.NDArray[np.float32] | None = None
        self._mask: Flags | None = None
        self._amounts: Array | None = None
        self._rewards: npt.NDArray[np.float32] | None = None

    # -- views of the compact fields -----------------------------------------------------------

    def _seats(self, bits: Array) -> Flags:
        flags: Flags = ((bits[:, None] >> np.arange(self.players)) & 1).astype(bool)
        return flags

    @property
    def hands(self) -> npt.NDArray[np.int8]:
        """``(n, players, 3)``: each seat's cards, in the order dealt (a view of ``dealt``)."""
        hands: npt.NDArray[np.int8] = self.dealt.reshape(self.n, 3, self.players).transpose(
            0, 2, 1)
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
        """``(n, players)``: who has folded (a copy)."""
        return self._seats(self.folded_bits)

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
            from bragkit.sim.menu import NUM_ACTIONS

            self._mask = ((self.legal_bits[:, None] >> np.arange(NUM_ACTIONS)) & 1).astype(bool)
        return self._mask

    @property
    def amounts(self) -> Array:
        """``(n, len(ACTIONS))``: the chips each menu action puts in (0 for those that put in
        none; for a blind player, the blind amount, BL1)."""
        if self._amounts is None:
            from bragkit.sim.menu import amounts

            self._amounts = amounts(self)
        return self._amounts

    @property
    def observation(self) -> npt.NDArray[np.float32]:
        """What the player to act may know, one row per deal
        (:func:`bragkit.sim.observe.observe`), worked out when first read after a step."""
        if self._observation is None:
            from bragkit.sim.observe import observe

            self._observation = observe(self)
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


def check_rules(rules: Rules, players: int) -> None:
    """Refuse what the simulator does not play, with one clear :class:`RulesError`: four- and
    five-card Brag (F1, F3), and a table the pack cannot deal (D1). Everything else of a single
    deal is played; covers, loans and top-ups are never offered (docs/sim.md).

    >>> check_rules(Rules(cards=4), 4)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: the simulator plays three-card Brag only, not four-card (rule F1)
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
    if rules.cards != 3:
        rule = "F1" if rules.cards == 4 else "F3"
        raise RulesError(f"the simulator plays three-card Brag only, not {rules.variant} "
                         f"(rule {rule})")
    if type(players) is not int:
        raise RulesError(f"players must be a whole number, not {players!r}")
    rules.check_table(players)  # rule D1


def init(
    seed: Seed,
    n: int,
    *,
    players: int = 4,
    rules: Rules | None = None,
    stacks: int | npt.ArrayLike = DEFAULT_STACK,
    carried: int | npt.ArrayLike = 0,
    packs: npt.ArrayLike | None = None,
) -> State:
    """``n`` new deals of ``players`` seats under ``rules`` (default :class:`Rules`).

    ``seed`` (an int, a numpy ``Generator`` or None) shuffles the packs unless ``packs`` are
    given; ``n`` integer keys instead (pgx's keys) shuffle each deal's pack from its own key,
    so a deal is the same wherever it sits in a batch (slower: one generator per deal). Packs
    given are an ``(n, k)`` array of card indices, top card first (``k >= 3 * players``).
    ``stacks`` is each seat's money before the ante (a number, or ``(n, players)``);
    ``carried`` a pot carried from an earlier deal (BL3), per deal or for all. Raises
    :class:`RulesError` for rules outside the simulator's scope, a stack that cannot pay the
    ante (D2), or packs that are not packs.
    """
    rules = Rules() if rules is None else rules
    if isinstance(players, np.integer):
        players = int(players)
    check_rules(rules, players)
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 1:
        raise RulesError(f"n must be a whole number of deals, at least 1, not {n!r}")
    state = State(rules, int(n), players)
    redeal(state, np.arange(n), seed, stacks=stacks, carried=carried, packs=packs)
    return state


def redeal(
    state: State,
    rows: npt.ArrayLike,
    seed: Seed,
    *,
    stacks: int | npt.ArrayLike = DEFAULT_STACK,
    carried: int | npt.ArrayLike = 0,
    packs: npt.ArrayLike | None = None,
) -> None:
    """Start new deals in ``rows`` of ``state`` (in place): the antes, the deal (D2, D6).
    ``stacks``, ``carried`` and ``packs`` as for :func:`init`, with one row per row dealt."""
    index = np.asarray(rows, dtype=np.int64).reshape(-1)
    m = len(index)
    if m == 0:
        return
    p = state.players
    rules = state.rules
    scalar_stacks = np.ndim(stacks) == 0
    if scalar_stacks:
        money: Array | int = int(stacks)  # type: ignore[arg-type]
        if int(stacks) < rules.ante:  # type: ignore[arg-type]
            raise RulesError(f"every stack must pay the ante of {rules.ante} (rule D2)")
    else:
        money = _shaped(stacks, (m, p), "stacks")
        if (money < rules.ante).any():
            raise RulesError(f"every stack must pay the ante of {rules.ante} (rule D2)")
    if np.ndim(carried) == 0:
        pots: Array | int = int(carried)  # type: ignore[arg-type]
        if int(carried) < 0:  # type: ignore[arg-type]
            raise RulesError("a carried pot is a whole number of chips, not negative (rule BL3)")
    else:
        pots = _shaped(carried, (m,), "carried")
        if (pots < 0).any():
            raise RulesError("a carried pot is a whole number of chips, not negative (rule BL3)")
    cards = _dealt(rules, p, m, seed, packs)  # (m, 3p): card k to seat k % p (D6)
    state.dealt[index] = cards
    key = cards[:, :p].astype(np.intp)  # the three cards of a seat as one index
    key *= 53
    key += cards[:, p:2 * p]
    key *= 53
    key += cards[:, 2 * p:]
    state.values[index] = state.table.reshape(-1).take(key)
    cells = (index[:, None] * p + np.arange(p)).reshape(-1)  # the rows' seats, flat
    if isinstance(money, int):
        state.start_stacks.reshape(-1)[cells] = money
        state.stacks.reshape(-1)[cells] = money - rules.ante  # rule D2
    else:
        state.start_stacks.reshape(-1)[cells] = money.reshape(-1)
        state.stacks.reshape(-1)[cells] = money.reshape(-1) - rules.ante  # rule D2
    state.pot[index] = pots + rules.ante * p
    state.folded_bits[index] = 0
    state.agreed_bits[index] = 0
    state.looked_bits[index] = 0 if rules.blind else state.full  # rules BL1, D7
    state.shown.reshape(-1)[cells] = False
    state.winnings.reshape(-1)[cells] = 0
    state.tally.reshape(-1)[cells] = 0
    state.ended[index] = False
    state.stake[index] = 0
    state.carried[index] = 0
    state.bet_made[index] = False
    state.terminated[index] = False
    state.n_betting[index] = p
    state.current_player[index] = 0  # rule B2: the dealer's left
    state.turn_bit[index] = 1
    state.proposer[index] = -1
    state.retained[index] = -1
    from bragkit.sim.menu import refresh

    if isinstance(money, int) and (isinstance(pots, int) or not rules.pot_limit):
        # every new deal is the same to its first player: one menu, worked out once for these
        # stacks and pot and copied (B2)
        menu = state.first_menus.get((money, pots if isinstance(pots, int) else -1))
        if menu is None:
            refresh(state, index[:1])
            menu = tuple(int(getattr(state, name)[index[0]]) for name in _MENU)
            state.first_menus[(money, pots if isinstance(pots, int) else -1)] = menu
        else:
            state.changed()
        for name, value in zip(_MENU, menu, strict=True):
            getattr(state, name)[index] = value
    else:
        refresh(state, index)


def _shaped(value: npt.ArrayLike, shape: tuple[int, ...], name: str) -> Array:
    array = np.asarray(value)
    if array.shape != shape or not np.issubdtype(array.dtype, np.integer):
        raise RulesError(f"{name} must be whole numbers of shape {shape}, not "
                         f"{array.dtype} of shape {array.shape}")
    return array.astype(np.int64)


def _dealt(rules: Rules, p: int, m: int, seed: Seed, packs: npt.ArrayLike | None
           ) -> npt.NDArray[np.int8]:
    """The first ``3 * p`` cards of each pack, top first, as ``(m, 3 * p)``: from packs
    shuffled here (a partial Fisher-Yates shuffle, vectorised over the deals), or given."""
    need = 3 * p
    size = rules.pack_size
    if packs is None and seed is not None and not isinstance(seed, int | np.random.Generator):
        keys = np.asarray(seed)
        if keys.shape != (m,) or not np.issubdtype(keys.dtype, np.integer):
            raise RulesError(f"keys must be {m} whole numbers, one a deal, not {keys.dtype} "
                             f"of shape {keys.shape}")
        base = np.minimum(np.arange(size, dtype=np.int8), _JOKER)
        return np.stack([np.random.default_rng(int(key)).permutation(base)[:need]
                         for key in keys])
    if packs is None:
        assert not isinstance(seed, Sequence | np.ndarray)
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        base = np.minimum(np.arange(size, dtype=np.int64), _JOKER)  # jokers are all 52 (W1)
        pack = np.repeat(base.astype(np.int8), m)  # position-major: pack[k * m + deal]
        columns = np.arange(m, dtype=np.int64)
        draws = rng.random((need, m), dtype=np.float32)
        out = np.empty((m, need), dtype=np.int8)
        for k in range(need):
            # the k-th card is drawn from positions k..size-1; position k's card takes its place
            j = (draws[k] * np.float32(size - k)).astype(np.int64)
            np.minimum(j, size - k - 1, out=j)
            j += k
            j *= m
            j += columns
            out[:, k] = pack[j]
            pack[j] = pack[k * m:(k + 1) * m]
        return out
    given = np.asarray(packs)
    if given.ndim != 2 or given.shape[0] != m or not np.issubdtype(given.dtype, np.integer):
        raise RulesError(f"packs must be an ({m}, k) array of card indices, not "
                         f"{given.dtype} of shape {given.shape}")
    if given.shape[1] < need or given.shape[1] > size:
        raise RulesError(f"a pack of {given.shape[1]} cards: {p} players need {need}, and the "
                         f"pack holds at most {size} (rules D1, W1)")
    if (given < 0).any() or (given > _JOKER).any() or (rules.jokers == 0 and (
            given == _JOKER).any()):
        raise RulesError("a pack holds cards 0..51, and 52 for a joker when the rules add "
                         "jokers (rules H1, W1)")
    ordered = np.sort(np.where(given == _JOKER, -1, given), axis=1)
    if ((ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] >= 0)).any():
        raise RulesError("a pack holds each card once (rule H1)")
    if ((given == _JOKER).sum(axis=1) > rules.jokers).any():
        raise RulesError(f"a pack holds at most {rules.jokers} jokers (rule W1)")
    dealt: npt.NDArray[np.int8] = given[:, :need].astype(np.int8)
    return dealt


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


def _values(rules: Rules) -> npt.NDArray[np.int16]:
    """Every three cards' strength under ``rules`` (H2-H10, W1-W3): the engine's own table."""
    wild = rules.wild_cards if rules.wild else ()
    return strength_table(rules.ordering, wild)
