"""Bots against bots on the simulator: :func:`play_batched_arena`, many tables at once.

The same match as :func:`bragkit.arena.play_arena` — the same sessions (at most 500 deals each,
:func:`bragkit.arena.session_lengths`), seatings (the first bot fixed, at most 24, chosen from
the seed), stakes, top-ups (M1: money brought, not won) and scores (chips per 100 deals, a 95%
interval from batch means of 100 deals) — played by the batched bots (:mod:`bragkit.sim.policies`,
each deciding as the engine's bot of its name) on one table ("lane") per session, the lanes
stepped together: the simulator's sessions (:class:`~bragkit.sim.session.Sessions`), the
engine's game: the deal passes left (D3), the pack is kept in the order the hands went under
it and shuffled as D4 says (D5), a blind winner's pot is carried and the hand kept (BL3,
R1-R3), players short of the stake cover (M2, M3), and a pot still carried is shared out at
the session's end. Nothing of the engine's game is left out (:func:`differences`).

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
()
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
from bragkit.sim.deals import check_rules
from bragkit.sim.policies import BATCHED_KINDS, Policy, batched_policy
from bragkit.sim.session import Sessions
from bragkit.sim.step import step

__all__ = ["BATCH", "LEFT_OUT", "can_play_batched", "check_batched_rules", "differences",
           "play_batched_arena"]

#: Deals per batch for the confidence interval (batch means, as the arena).
BATCH = 100
#: What the simulator's game leaves out of the engine's (docs/sim.md), each with whether the
#: rules let it happen. Since issue #25 the lanes are the engine's sessions (the pack kept in
#: order and a blind hand kept, D4, D5, R1-R3; covers, M2, M3): nothing is left out.
LEFT_OUT: Final[tuple[tuple[str, Callable[[Rules], bool]], ...]] = ()


def differences(rules: Rules) -> tuple[str, ...]:
    """What a match on the simulator under ``rules`` leaves out of the engine's match
    (:data:`LEFT_OUT`): its scores are the engine's only where these do not change the play.

    >>> differences(arena_rules(blind=False, shuffle="always"))
    ()
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
    lengths = [n for n in session_lengths(deals, len(seatings)) if n]  # one a lane
    count = len(lengths)
    share = np.array(lengths)
    seat_bot = np.array([seatings[i % len(seatings)] for i in range(count)])  # lane, position
    lanes = Sessions(count, share, players=p, rules=rules, buy_in=stack,
                     floor=max(stack // 2, rules.ante), seed=rng)  # rule M1: the top-ups
    state = lanes.state
    gains = np.zeros((count, int(share.max()), p), dtype=np.int64)  # lane, deal, bot
    done = 0
    while not lanes.over.all():
        live = np.flatnonzero(~state.terminated)
        actions = np.zeros(count, dtype=np.int64)
        bets = np.zeros(count, dtype=np.int64)
        bot = seat_bot[live, lanes.position(live)[np.arange(len(live)),
                                                  state.current_player[live]]]
        kinds = bot_kind[bot]
        for kind, k in kind_index.items():
            rows = live[kinds == k]
            if len(rows):
                actions[rows], bets[rows], _ = policies[kind](state, rows)
        step(state, actions, bets=bets)
        ended = live[state.terminated[live]]
        if not len(ended):
            continue
        bots_here = np.take_along_axis(seat_bot[ended], lanes.position(ended), axis=1)
        reward = state.stacks[ended] - state.start_stacks[ended]
        deal_gains = np.zeros((len(ended), p), dtype=np.int64)
        np.put_along_axis(deal_gains, bots_here, reward, axis=1)
        gains[ended, lanes.played[ended]] = deal_gains
        lanes.next_deals(ended)  # rules D3-D5, BL3, R1, M1: the next deal of each lane
        done += len(ended)
        if progress is not None:
            progress(done)
        last = ended[lanes.over[ended]]
        for row in last.tolist():
            pot = int(state.carried[row])
            if pot:  # rule BL3: the session ends with the carried pot shared
                gains[row, lanes.played[row] - 1] += _shares(pot, seat_bot[row],
                                                             int(lanes.played[row]))
    per_bot = [np.concatenate([gains[i, :share[i], b] for i in range(count)]) for b in range(p)]
    scores = [_score(name, kind, per_bot[b]) for b, (name, kind) in enumerate(
        zip(names, bots, strict=True))]
    scores.sort(key=lambda s: -s.per_100)
    return ArenaResult(rules=rules, deals=deals, seed=seed, scores=tuple(scores),
                       topups=int(lanes.refills.sum()), played_on="simulator",
                       left_out=differences(rules))


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
