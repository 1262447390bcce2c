"""How N deals start: :func:`init` makes a :class:`~bragkit.sim.state.State` and :func:`redeal`
starts new deals in some of its rows (the antes, D2, and the deal, D6), each with its first
player's menu worked out (:func:`bragkit.sim.menu.refresh`).

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

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.carry import Carry
from bragkit.sim.history import ActionLog
from bragkit.sim.menu import amounts, refresh
from bragkit.sim.observe import observe
from bragkit.sim.state import Array, Seed, State

__all__ = ["DEFAULT_STACK", "check_rules", "init", "redeal"]

#: Each seat's money before the ante when no ``stacks`` are given: enough that no one runs short.
DEFAULT_STACK: Final = 1_000_000
_JOKER: Final = 52
# The menu's columns (bragkit.sim.menu.refresh)
_MENU: Final = ("legal_bits", "least", "top", "cost")


def check_rules(rules: Rules, players: int, *, session: bool = False) -> None:
    """Refuse what the simulator does not play, with one clear :class:`RulesError`: loans
    (M4, ``lending``), dealer's choice (T2), and a table the pack cannot deal (D1; in a session
    with blind play, while a blind hand is kept too, R1). Everything else is played; top-ups
    during a deal are never offered (docs/sim.md).

    >>> check_rules(Rules(lending=True), 4)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: the simulator does not lend (rule M4): play with lending off
    >>> check_rules(Rules(), 17, session=True)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: a pack of 52 cards cannot deal 17 players 3 cards each and \
hold 1 retained hand (rules D1, R1)
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
    if rules.lending:
        raise RulesError("the simulator does not lend (rule M4): play with lending off")
    if rules.dealers_choice:
        raise RulesError("the simulator plays one game a session (rule T2): play with "
                         "dealers_choice off")
    if type(players) is not int:
        raise RulesError(f"players must be a whole number, not {players!r}")
    rules.check_table(players, retained=session and rules.blind)  # rules D1, R1


def init(
    seed: Seed,
    n: int,
    *,
    players: int = 4,
    rules: Rules | None = None,
    stacks: int | npt.ArrayLike = DEFAULT_STACK,
    carried: int | npt.ArrayLike = 0,
    packs: npt.ArrayLike | None = None,
    session: bool = False,
    history: int = 0,
    knowledge: bool = False,
) -> State:
    """``n`` new deals of ``players`` seats under ``rules`` (default :class:`Rules`).

    ``seed`` (an int, a numpy ``Generator`` or None) shuffles the packs unless ``packs`` are
    given; ``n`` integer keys instead (pgx's keys) shuffle each deal's pack from its own key,
    so a deal is the same wherever it sits in a batch (slower: one generator per deal). Packs
    given are an ``(n, k)`` array of card indices, top card first (``k >= 3 * players``).
    ``stacks`` is each seat's money before the ante (a number, or ``(n, players)``);
    ``carried`` a pot carried from an earlier deal (BL3), per deal or for all. With ``session``
    the deals keep their pack (:class:`~bragkit.sim.carry.Carry`: what goes under it, D5) for
    :class:`~bragkit.sim.session.Sessions` to deal the next from, and may hold a kept blind
    hand (R1-R3: :func:`redeal`'s ``retained``). With ``history`` the state keeps each deal's
    last ``history`` actions for its observations (:mod:`bragkit.sim.observe`), and with
    ``knowledge`` (a session) what each player knows of the pack's order (D5). Raises
    :class:`RulesError` for rules outside the simulator's scope, a stack that cannot pay the
    ante (D2), or packs that are not packs.
    """
    rules = Rules() if rules is None else rules
    if isinstance(players, np.integer):
        players = int(players)
    check_rules(rules, players, session=session)
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 1:
        raise RulesError(f"n must be a whole number of deals, at least 1, not {n!r}")
    extended = rules.cards > 3 or (session and rules.blind)
    state = State(rules, int(n), players, observe=observe, amounts=amounts, extended=extended)
    if type(history) is not int or history < 0:
        raise RulesError(f"history is a number of actions, not {history!r}")
    if history:
        state.log = ActionLog(int(n), history)
    if session:
        state.carry = Carry(int(n), players, rules.cards, rules.pack_size,
                            public_second=rules.retained_blind == "face-up",
                            knowledge=knowledge)
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
    retained: npt.ArrayLike | None = None,
    trusted: bool = False,
) -> None:
    """Start new deals in ``rows`` of ``state`` (in place): the antes, the deal (D2, D6).
    ``stacks``, ``carried`` and ``packs`` as for :func:`init`, with one row per row dealt.

    In a session (``init(session=True)``) ``packs`` are whole (every card of the pack, top
    first) and ``retained`` names, per row, the seat keeping a blind hand (or -1, R1): that
    hand is the pack's last cards, held out of it; the seat is dealt a new hand beside it (R2)
    or face up (R3). ``trusted``: the packs were made by the simulator itself (a session's next
    pack), so they are not checked again."""
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
    carry = state.carry
    kept_by = np.full(m, -1, dtype=np.int64)
    if carry is not None:
        whole = np.asarray(packs, dtype=np.int8) if trusted else _whole(rules, m, seed, packs)
        if retained is not None:
            kept_by = _shaped(retained, (m,), "retained")
            if ((kept_by < -1) | (kept_by >= p)).any():
                raise RulesError(f"retained must be a seat (0 to {p - 1}) or -1 (rule R1)")
            if kept_by.max() >= 0 and not rules.blind:
                raise RulesError("a retained blind hand needs blind play (rules BL3, R1)")
        held = np.where(kept_by >= 0, rules.cards, 0)
        carry.start(state, index, whole, held)
        cards = whole[:, :rules.cards * p]
    elif retained is not None:
        raise RulesError("a kept blind hand (R1) is dealt only in a session: init(session=True)")
    else:
        cards = _dealt(rules, m, seed, packs, rules.cards * p)  # card k to seat k % p (D6)
    state.dealt[index] = cards
    if rules.cards == 3:
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
    state.carried_in[index] = pots
    state.n_covers[index] = 0
    state.covered_bits[index] = 0
    state.bet_made[index] = False
    state.terminated[index] = False
    state.n_betting[index] = p
    state.current_player[index] = 0  # rule B2: the dealer's left
    state.turn_bit[index] = 1
    state.proposer[index] = -1
    state.retained[index] = -1
    if state.log is not None:
        state.log.start(index)
    if state.extra is not None:
        _deal_extras(state, index, kept_by)
        refresh(state, index)
    elif isinstance(money, int) and (isinstance(pots, int) or not rules.pot_limit):
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


def _deal_extras(state: State, index: Array, kept_by: Array) -> None:
    """The hands of four- and five-card Brag (F1, F2: the best three until a discard; a player
    who has looked discards first) and a kept blind hand (R2: beside the new one; R3: the new
    one face up, everyone else having looked)."""
    extra = state.extra
    carry = state.carry
    assert extra is not None
    rules, p = state.rules, state.players
    extra.start(index)
    keeping = np.flatnonzero(kept_by >= 0)
    if len(keeping):
        assert carry is not None
        rows = index[keeping]
        seats = kept_by[keeping]
        old = carry.pack[rows, rules.pack_size - rules.cards:]
        extra.extra_seat[rows] = seats
        bits = np.left_shift(1, seats)
        if rules.retained_blind == "two-hands":  # rule R2: the old hand beside the new
            extra.second[rows] = old
            extra.two_seat[rows] = seats
        else:  # rule R3: the new hand face up, the old one played; the others have looked
            columns = np.arange(rules.cards)[None, :] * p + seats[:, None]
            extra.second[rows] = state.dealt[rows[:, None], columns]
            state.dealt[rows[:, None], columns] = old
            carry.swap(rows, seats)
            extra.face_up[rows] = True
            extra.gate_bits[rows] = state.full & ~bits
            state.looked_bits[rows] = state.full & ~bits
            extra.face_value[rows] = state.rater.best(extra.second[rows])[0]
    if rules.cards > 3:  # rules F1, F2: the best three until a discard; who looked discards
        hands = state.hands[index].reshape(-1, rules.cards)
        values, combo = state.rater.best(hands)
        state.values[index] = values.reshape(len(index), p)
        extra.combo[index] = combo.reshape(len(index), p)
        extra.need_discard_bits[index] = state.looked_bits[index]
    elif len(keeping) and rules.retained_blind == "face-up":  # rule R3: the old hand plays
        rows = index[keeping]
        seats = kept_by[keeping]
        state.values[rows, seats] = state.rater.values(state.hands[rows, seats])


def _whole(rules: Rules, m: int, seed: Seed, packs: npt.ArrayLike | None
           ) -> npt.NDArray[np.int8]:
    """Whole packs, top first, for deals of a session: given, or shuffled here."""
    size = rules.pack_size
    if packs is None:
        return _dealt(rules, m, seed, None, size)
    given = np.asarray(packs)
    if given.shape != (m, size) or not np.issubdtype(given.dtype, np.integer):
        raise RulesError(f"the packs of a session are whole: ({m}, {size}) card indices, not "
                         f"{given.dtype} of shape {given.shape} (rules D5, W1)")
    _check_packs(rules, given)
    whole: npt.NDArray[np.int8] = given.astype(np.int8)
    return whole


def _shaped(value: npt.ArrayLike, shape: tuple[int, ...], name: str) -> Array:
    array = np.asarray(value)
    if array.shape != shape or not np.issubdtype(array.dtype, np.integer):
        raise RulesError(f"{name} must be whole numbers of shape {shape}, not "
                         f"{array.dtype} of shape {array.shape}")
    return array.astype(np.int64)


def _dealt(rules: Rules, m: int, seed: Seed, packs: npt.ArrayLike | None, need: int
           ) -> npt.NDArray[np.int8]:
    """The first ``need`` cards of each pack, top first, as ``(m, need)``: from packs
    shuffled here (a partial Fisher-Yates shuffle, vectorised over the deals), or given."""
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
        raise RulesError(f"a pack of {given.shape[1]} cards: the deal needs {need}, and the "
                         f"pack holds at most {size} (rules D1, W1)")
    _check_packs(rules, given)
    dealt: npt.NDArray[np.int8] = given[:, :need].astype(np.int8)
    return dealt


def _check_packs(rules: Rules, given: npt.NDArray[np.integer]) -> None:
    """Refuse packs that are not packs: cards 0..51 each at most once, jokers (52) as many as
    the rules add (rules H1, W1)."""
    if (given < 0).any() or (given > _JOKER).any() or (rules.jokers == 0 and (
            given == _JOKER).any()):
        raise RulesError("a pack holds cards 0..51, and 52 for a joker when the rules add "
                         "jokers (rules H1, W1)")
    ordered = np.sort(np.where(given == _JOKER, -1, given), axis=1)
    if ((ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] >= 0)).any():
        raise RulesError("a pack holds each card once (rule H1)")
    if ((given == _JOKER).sum(axis=1) > rules.jokers).any():
        raise RulesError(f"a pack holds at most {rules.jokers} jokers (rule W1)")
