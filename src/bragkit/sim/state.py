"""The state of N deals stepped together, and how they start: :class:`State`, :func:`init`.

Every field is a numpy array with one row per deal (``(n,)`` or ``(n, players)``); the seats of
a deal are ``0 .. players - 1`` clockwise and seat ``players - 1`` deals, so the betting starts
at seat 0 (rules B2, D3). :func:`init` takes the antes (D2) and deals three cards to each seat
one at a time from the top of a pack, from the dealer's left (D6): packs shuffled from
``seed``, or ``packs`` given (card indices, top card first; ``52`` is a joker, W1).

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

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.hands import strength_table
from bragkit.rules import Rules

__all__ = ["DEFAULT_STACK", "INF", "Array", "State", "check_rules", "init", "redeal"]

Array = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Seed = int | np.random.Generator | None

#: Each seat's money before the ante when no ``stacks`` are given: enough that no one runs short.
DEFAULT_STACK: Final = 1_000_000
#: "No limit" in the bet arithmetic (a bet is never near it).
INF: Final = 1 << 50
_JOKER: Final = 52


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
        "_observation",
        "agreed",
        "amounts",
        "bet_made",
        "blind_bets",
        "carried",
        "current_player",
        "folded",
        "hands",
        "legal_action_mask",
        "looked",
        "n",
        "n_betting",
        "open_bets",
        "players",
        "pot",
        "proposer",
        "raises",
        "retained",
        "rewards",
        "rules",
        "scale",
        "shown",
        "stacks",
        "stake",
        "start_stacks",
        "table",
        "terminated",
        "values",
        "winnings",
    )

    def __init__(self, rules: Rules, n: int, players: int) -> None:
        p = players
        self.rules = rules
        self.n = n
        self.players = p
        self.table: npt.NDArray[np.int16] = _values(rules)
        self.hands = np.zeros((n, p, 3), dtype=np.int16)
        self.values = np.zeros((n, p), dtype=np.int16)
        self.start_stacks = np.zeros((n, p), dtype=np.int64)
        self.stacks = np.zeros((n, p), dtype=np.int64)
        self.folded = np.zeros((n, p), dtype=bool)
        self.looked = np.zeros((n, p), dtype=bool)
        self.agreed = np.zeros((n, p), dtype=bool)
        self.shown = np.zeros((n, p), dtype=bool)
        self.winnings = np.zeros((n, p), dtype=np.int64)
        self.rewards = np.zeros((n, p), dtype=np.float32)
        self.blind_bets = np.zeros((n, p), dtype=np.int16)
        self.open_bets = np.zeros((n, p), dtype=np.int16)
        self.raises = np.zeros((n, p), dtype=np.int16)
        self.pot = np.zeros(n, dtype=np.int64)
        self.stake = np.zeros(n, dtype=np.int64)
        self.carried = np.zeros(n, dtype=np.int64)
        self.bet_made = np.zeros(n, dtype=bool)
        self.terminated = np.zeros(n, dtype=bool)
        self.n_betting = np.zeros(n, dtype=np.int64)
        self.current_player = np.zeros(n, dtype=np.int64)
        self.proposer = np.full(n, -1, dtype=np.int64)
        self.retained = np.full(n, -1, dtype=np.int64)
        from bragkit.sim.menu import NUM_ACTIONS  # the menu reads this module

        self.legal_action_mask = np.zeros((n, NUM_ACTIONS), dtype=bool)
        self.amounts = np.zeros((n, NUM_ACTIONS), dtype=np.int64)
        self.scale = float(100 * max(rules.ante, rules.min_bet))
        self._observation: npt.NDArray[np.float32] | None = None

    @property
    def observation(self) -> npt.NDArray[np.float32]:
        """What the player to act may know, one row per deal (:func:`bragkit.sim.observe.observe`),
        worked out when first read after a step."""
        if self._observation is None:
            from bragkit.sim.observe import observe

            self._observation = observe(self)
        return self._observation

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
    given: an ``(n, k)`` array of card indices, top card first (``k >= 3 * players``).
    ``stacks`` is each seat's money before the ante (a number, or ``(n, players)``);
    ``carried`` a pot carried from an earlier deal (BL3), per deal or for all. Raises
    :class:`RulesError` for rules outside the simulator's scope, a stack that cannot pay the
    ante (D2), or packs that are not packs.
    """
    rules = Rules() if rules is None else rules
    check_rules(rules, players)
    if type(n) is not int or n < 1:
        raise RulesError(f"n must be a whole number of deals, at least 1, not {n!r}")
    state = State(rules, n, players)
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
    money = np.broadcast_to(np.asarray(stacks, dtype=np.int64), (m, p)) if np.ndim(
        stacks) == 0 else _shaped(stacks, (m, p), "stacks")
    pots = np.broadcast_to(np.asarray(carried, dtype=np.int64), (m,)) if np.ndim(
        carried) == 0 else _shaped(carried, (m,), "carried")
    if (money < rules.ante).any():
        raise RulesError(f"every stack must pay the ante of {rules.ante} (rule D2)")
    if (pots < 0).any():
        raise RulesError("a carried pot is a whole number of chips, not negative (rule BL3)")
    cards = _dealt(rules, p, m, seed, packs)
    hands = cards.reshape(m, 3, p).transpose(0, 2, 1)  # rule D6: one at a time, seat 0 first
    state.hands[index] = hands
    flat = state.table.reshape(-1)
    state.values[index] = flat[hands[..., 0].astype(np.int64) * 2809
                               + hands[..., 1].astype(np.int64) * 53 + hands[..., 2]]
    state.start_stacks[index] = money
    state.stacks[index] = money - rules.ante  # rule D2
    state.pot[index] = pots + rules.ante * p
    for name in ("folded", "agreed", "shown"):
        getattr(state, name)[index] = False
    state.looked[index] = not rules.blind  # rules BL1, D7: blind unless blind play is off
    for name in ("winnings", "blind_bets", "open_bets", "raises"):
        getattr(state, name)[index] = 0
    state.rewards[index] = 0.0
    state.stake[index] = 0
    state.carried[index] = 0
    state.bet_made[index] = False
    state.terminated[index] = False
    state.n_betting[index] = p
    state.current_player[index] = 0  # rule B2: the dealer's left
    state.proposer[index] = -1
    state.retained[index] = -1
    from bragkit.sim.menu import refresh

    refresh(state, index)


def _shaped(value: npt.ArrayLike, shape: tuple[int, ...], name: str) -> Array:
    array = np.asarray(value)
    if array.shape != shape or not np.issubdtype(array.dtype, np.integer):
        raise RulesError(f"{name} must be whole numbers of shape {shape}, not "
                         f"{array.dtype} of shape {array.shape}")
    return array.astype(np.int64)


def _dealt(rules: Rules, p: int, m: int, seed: Seed, packs: npt.ArrayLike | None) -> Array:
    """The first ``3 * p`` cards of each pack, top first: shuffled, or the packs given."""
    need = 3 * p
    size = rules.pack_size
    if packs is None:
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        base = np.minimum(np.arange(size, dtype=np.int16), _JOKER)  # jokers are all 52 (W1)
        shuffled = rng.permuted(np.broadcast_to(base, (m, size)), axis=1)
        return shuffled[:, :need].astype(np.int64)
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
    return given[:, :need].astype(np.int64)


def _values(rules: Rules) -> npt.NDArray[np.int16]:
    """Every three cards' strength under ``rules`` (H2-H10, W1-W3): the engine's own table."""
    wild = rules.wild_cards if rules.wild else ()
    return strength_table(rules.ordering, wild)


