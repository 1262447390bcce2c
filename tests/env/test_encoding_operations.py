"""The observation reads the view's censored operation records, not its action strings.

The string reader :func:`encode` used before (``(seat, verb flag, amount)`` parsed from each
line of ``view.actions``) is kept here only as an oracle: on random deals of random house rules
the observation built from the records must be the very same vector.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.bots.test_reading_operations import random_deal
from tests.strategies import house_rules

from bragkit.env.encoding import _PER_SEAT, HISTORY, VERBS, Layout, encode
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView


def _verb_index(text: str, players: tuple[str, ...]) -> tuple[int, int, float]:
    for name in sorted(players, key=len, reverse=True):
        if text.startswith(name + " "):
            words = text[len(name) + 1:].split()
            verb = words[0] if words else "other"
            amount = float(words[1]) if len(words) > 1 and words[1].isdigit() else 0.0
            flag = VERBS.index(verb) if verb in VERBS else len(VERBS) - 1
            return players.index(name), flag, amount
    return -1, len(VERBS) - 1, 0.0


def encode_from_strings(view: DealView, layout: Layout, *, stack: int) -> npt.NDArray[np.float32]:
    """The old observation: the view's action strings re-parsed (the oracle)."""
    out = np.zeros(layout.size, dtype=np.float32)
    players = view.players
    n = len(players)
    me = players.index(view.viewer) if view.viewer in players else 0
    unit = float(max(stack, 1))
    for card in view.hand or ():
        if not card.is_joker:
            out[int(card)] = 1.0
    for card in view.discards:
        if not card.is_joker:
            out[52 + int(card)] = 1.0
    paid = dict.fromkeys(players, 0.0)
    for text in view.actions:
        seat, flag, amount = _verb_index(text, players)
        if seat >= 0 and VERBS[flag] in ("bet", "blind", "see", "cover"):
            paid[players[seat]] += amount
    base = 104
    for k in range(n):
        name = players[(me + k) % n]
        row = base + _PER_SEAT * k
        out[row] = name in view.blind
        out[row + 1] = name in view.in_play
        out[row + 2] = name in view.covered
        out[row + 3] = name == view.dealer
        out[row + 4] = name == view.to_act
        out[row + 5] = view.stacks.get(name, 0) / (unit * n)
        out[row + 6] = paid[name] / unit
    base += _PER_SEAT * layout.players
    bets = sum(1 for text in view.actions if _verb_index(text, players)[1] in (2, 3))
    out[base] = view.pot / (unit * n)
    out[base + 1] = view.stake / unit
    out[base + 2] = view.stake > 0
    out[base + 3] = bets / (HISTORY + 1)
    base += 4
    for i, text in enumerate(view.actions[-HISTORY:]):
        seat, flag, amount = _verb_index(text, players)
        row = base + layout.entry * i
        if seat >= 0:
            out[row + (seat - me) % n] = 1.0
        out[row + layout.players + flag] = 1.0
        out[row + layout.players + len(VERBS)] = amount / unit
    np.clip(out, 0.0, 1.0, out=out)
    return out


@settings(max_examples=40, deadline=None)
@given(rules=house_rules(), seed=st.integers(0, 10**6), seats=st.integers(2, 4),
       stack=st.sampled_from([5, 20, 50]))
def test_observation_from_operations_equals_what_the_strings_gave(
        rules: Rules, seed: int, seats: int, stack: int) -> None:
    layout = Layout(players=seats)
    for deal in random_deal(rules, seed, seats):
        for viewer in deal.players:
            view = deal.view(viewer)
            got = encode(view, layout, stack=stack)
            assert np.array_equal(got, encode_from_strings(view, layout, stack=stack))
