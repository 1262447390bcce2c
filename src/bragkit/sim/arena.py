"""Bots against bots on the simulator: :func:`play_batched_arena`, many tables at once.

The same match as :func:`bragkit.arena.play_arena` — the same sessions (at most 500 deals each,
:func:`bragkit.arena.session_lengths`), seatings (the first bot fixed, at most 24, chosen from
the seed), stakes, top-ups (M1: money brought, not won) and scores (chips per 100 deals, a 95%
interval from batch means of 100 deals) — played by the batched bots (:mod:`bragkit.sim.policies`,
each deciding as the engine's bot of its name) on one table ("lane") per session, the lanes
stepped together. In a lane the deal passes left (D3), a blind winner's pot is carried to the
next deal (BL3) and shared out at the session's end. What the simulator's game leaves out
(:data:`LEFT_OUT`, docs/sim.md): a blind winner does not keep the hand (R1-R3), the pack is
shuffled for every deal (D4, D5), no one covers (M2, M3): a player short of the stake may only
fold or see. So its scores are the engine's only under rules where none of that can happen
(:func:`differences`).

>>> result = play_batched_arena(["cautious", "random"], deals=400, seed=5)
>>> [s.name for s in result.scores], sum(s.net for s in result.scores)   # chips are conserved
(['cautious', 'random'], 0)
>>> play_batched_arena(["cautious", "random"], deals=400, seed=5) == result
True
>>> play_batched_arena(["shark", "random"], deals=10)
Traceback (most recent call last):
...
bragkit.errors.BragError: no batched policy for shark (batched: random, cautious, bold)
>>> differences(arena_rules())
('retained blind hands (R1-R3)', 'the pack kept between deals (D4, D5)', 'covers (M2, M3)')
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.arena import ArenaResult, BotScore, arena_rules, session_lengths
from bragkit.errors import BragError, RulesError
from bragkit.games.three_card.rules import Rules
from bragkit.sim.deals import check_rules, init, redeal
from bragkit.sim.policies import BATCHED_KINDS, Policy, batched_policy
from bragkit.sim.step import step

__all__ = ["BATCH", "LEFT_OUT", "can_play_batched", "check_batched_rules", "differences",
           "play_batched_arena"]

#: Deals per batch for the confidence interval (batch means, as the arena).
BATCH = 100
#: What the simulator's game leaves out of the engine's (docs/sim.md), each with whether the
#: rules let it happen: a blind winner keeping the hand (R1-R3: blind play on), the pack kept
#: between deals (D4, D5: not shuffled every deal), covers (M2, M3: always, at two left).
LEFT_OUT: Final[tuple[tuple[str, Callable[[Rules], bool]], ...]] = (
    ("retained blind hands (R1-R3)", lambda rules: rules.blind),
    ("the pack kept between deals (D4, D5)", lambda rules: rules.shuffle != "always"),
    ("covers (M2, M3)", lambda rules: True),
)


def differences(rules: Rules) -> tuple[str, ...]:
    """What a match on the simulator under ``rules`` leaves out of the engine's match
    (:data:`LEFT_OUT`): its scores are the engine's only where these do not change the play.

    >>> differences(arena_rules(blind=False, shuffle="always"))
    ('covers (M2, M3)',)
    """
    return tuple(text for text, applies in LEFT_OUT if applies(rules))


def check_batched_rules(rules: Rules, players: int) -> None:
    """Refuse, with one :class:`RulesError`, a match the batched bots cannot play: rules the
    simulator does not play (:func:`~bragkit.sim.deals.check_rules`), and four- or five-card
    Brag (F1, F3), which the simulator plays but whose batched bots would not decide as the
    engine's (they read three-card strengths).

    >>> check_batched_rules(arena_rules("four-card"), 2)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: the batched bots play three-card Brag only, not four-card (rule F1)
    """
    check_rules(rules, players, session=True)
    if rules.cards != 3:
        rule = "F1" if rules.cards == 4 else "F3"
        raise RulesError(f"the batched bots play three-card Brag only, not {rules.variant} "
                         f"(rule {rule})")


def can_play_batched(bots: Sequence[object], rules: Rules | None = None) -> bool:
    """Whether :func:`play_batched_arena` can play this match: every bot a kind with a batched
    policy, and rules (the arena's by default) within the simulator's scope.

    >>> can_play_batched(["cautious", "bold"]), can_play_batched(["cautious", "shark"])
    (True, False)
    >>> can_play_batched(["cautious", "bold"], arena_rules("four-card"))
    False
    """
    if len(bots) < 2 or not all(isinstance(b, str) and b in BATCHED_KINDS for b in bots):
        return False
    try:
        check_batched_rules(rules or arena_rules(), len(bots))
    except RulesError:
        return False
    return True


def play_batched_arena(
    bots: Sequence[str],
    *,
    deals: int,
    rules: Rules | None = None,
    seed: int | None = None,
    stack: int = 200,
    budget: float | None = None,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``deals`` deals between ``bots`` (kinds with a batched policy) and score them, as
    :func:`bragkit.arena.play_arena` does, with its parameters (``budget``, a bot's thinking
    time, is accepted and unused: a batched bot does not think). Its sessions play at once,
    one table each, the deals of a session in order; ``progress`` is called with the deals
    played so far."""
    if deals < 1:
        raise BragError(f"play at least one deal, not {deals}")
    for kind in bots:
        if not isinstance(kind, str) or kind not in BATCHED_KINDS:
            raise BragError(f"no batched policy for {kind} (batched: "
                            f"{', '.join(BATCHED_KINDS)})")
    if len(bots) < 2:
        raise BragError(f"an arena needs two or more bots, not {len(bots)} (rule D1)")
    rules = rules or arena_rules()
    p = len(bots)
    check_batched_rules(rules, p)
    if stack < max(rules.ante, rules.buy_in, 1):
        raise BragError(f"a stack of {stack} cannot pay the ante of {rules.ante}")
    master = random.Random(seed)
    names = _names(bots)
    rng = np.random.default_rng(master.getrandbits(64))
    policies: dict[str, Policy] = {kind: batched_policy(kind, rules, rng) for kind in set(bots)}
    kind_index = {kind: k for k, kind in enumerate(sorted(policies))}
    bot_kind = np.array([kind_index[kind] for kind in bots])
    seatings = _seatings(p, master)
    lengths = [n for n in session_lengths(deals, len(seatings)) if n]  # D3, BL3: one a lane
    count = len(lengths)
    share = np.array(lengths)
    seat_bot = np.array([seatings[i % len(seatings)] for i in range(count)])  # lane, position
    money = np.full((count, p), stack, dtype=np.int64)  # by table position
    played = np.zeros(count, dtype=np.int64)  # deals played by each lane
    gains = np.zeros((count, int(share.max()), p), dtype=np.int64)  # lane, deal, bot
    floor = max(stack // 2, rules.ante)
    topups = 0
    lane = np.arange(count)

    def rotation(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Table position of each sim seat (seat p - 1 deals; the deal passes left, D3)."""
        rotated: npt.NDArray[np.int64] = (np.arange(p)[None, :] + played[rows, None]) % p
        return rotated

    def top_up(rows: npt.NDArray[np.int64]) -> int:
        short = money[rows] < floor  # rule M1
        money[rows] = np.where(short, stack, money[rows])
        return int(short.sum())

    topups += top_up(lane)
    where = rotation(lane)
    state = init(rng, count, players=p, rules=rules,
                 stacks=np.take_along_axis(money, where, axis=1), carried=0)
    done = 0
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        actions = np.zeros(count, dtype=np.int64)
        bets = np.zeros(count, dtype=np.int64)
        seat = state.current_player[live]
        bot = seat_bot[live, (seat + played[live]) % p]
        kinds = bot_kind[bot]
        for kind, k in kind_index.items():
            rows = live[kinds == k]
            if len(rows):
                actions[rows], bets[rows], _ = policies[kind](state, rows)
        step(state, actions, bets=bets)
        ended = live[state.terminated[live]]
        if not len(ended):
            continue
        where = rotation(ended)
        bots_here = np.take_along_axis(seat_bot[ended], where, axis=1)  # bot of each sim seat
        money[ended] = _placed(money[ended], where, state.stacks[ended])
        reward = state.stacks[ended] - state.start_stacks[ended]
        deal_gains = np.zeros((len(ended), p), dtype=np.int64)
        np.put_along_axis(deal_gains, bots_here, reward, axis=1)
        gains[ended, played[ended]] = deal_gains
        carried = state.carried[ended].copy()
        played[ended] += 1
        done += len(ended)
        if progress is not None:
            progress(done)
        again = ended[played[ended] < share[ended]]
        last = ended[played[ended] >= share[ended]]
        for row, pot in zip(last.tolist(), carried[played[ended] >= share[ended]].tolist(),
                            strict=True):
            if pot:  # rule BL3: the session ends with the carried pot shared
                gains[row, played[row] - 1] += _shares(pot, seat_bot[row], int(played[row]))
        if len(again):
            topups += top_up(again)
            where = rotation(again)
            redeal(state, again, rng, stacks=np.take_along_axis(money[again], where, axis=1),
                   carried=carried[played[ended] < share[ended]])
    per_bot = [np.concatenate([gains[i, :share[i], b] for i in range(count)]) for b in range(p)]
    scores = [_score(name, kind, per_bot[b]) for b, (name, kind) in enumerate(
        zip(names, bots, strict=True))]
    scores.sort(key=lambda s: -s.per_100)
    return ArenaResult(rules=rules, deals=deals, seed=seed, scores=tuple(scores), topups=topups,
                       played_on="simulator", left_out=differences(rules))


def _placed(money: npt.NDArray[np.int64], where: npt.NDArray[np.int64],
            stacks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The stacks of sim seats put back at their table positions."""
    out = money.copy()
    np.put_along_axis(out, where, stacks, axis=1)
    return out


def _shares(pot: int, seating: npt.NDArray[np.int64], deals_played: int
            ) -> npt.NDArray[np.int64]:
    """A carried pot shared among the bots of a lane (equal shares, the odd chips one each
    from the next dealer's left, as B8), indexed by bot; ``seating`` is the bot at each table
    position."""
    p = len(seating)
    out = np.full(p, pot // p, dtype=np.int64)
    first = deals_played % p  # the table position of sim seat 0: the next dealer's left
    for k in range(pot % p):
        out[seating[(first + k) % p]] += 1
    return out


def _names(bots: Sequence[str]) -> list[str]:
    names: list[str] = []
    for kind in bots:
        name, count = kind, 2
        while name in names:
            name = f"{kind}-{count}"
            count += 1
        names.append(name)
    return names


def _seatings(p: int, master: random.Random) -> list[list[int]]:
    """Distinct round-table seatings of the bots by index (the first fixed); at most 24,
    chosen from the seed (as the arena does)."""
    orders = [[0, *rest] for rest in itertools.permutations(range(1, p))]
    if len(orders) > 24:
        orders = master.sample(orders, 24)
    return orders


def _score(name: str, kind: str, gains: npt.NDArray[np.int64]) -> BotScore:
    n = len(gains)
    mean = float(gains.mean())
    if n >= 10 * BATCH:  # batch means: deals are linked by carried pots (BL3)
        batches = gains[: n - n % BATCH].reshape(-1, BATCH).mean(axis=1)
    else:
        batches = gains.astype(np.float64)
    m = len(batches)
    var = float(batches.var(ddof=1)) if m > 1 else 0.0
    half = 1.96 * math.sqrt(var / m) * 100
    return BotScore(name=name, kind=kind, deals=n, net=int(gains.sum()), per_100=mean * 100,
                    low=mean * 100 - half, high=mean * 100 + half, slowest=0.0)
