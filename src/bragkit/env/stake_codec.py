"""The environment encoding of the stake games: historic Brag (single-stake, three-stake:
S1–S4) and 3 Card Brag Poker (P1–P5), from the seat's :class:`~bragkit.games.stake_game.StakeView`.

**Actions** (:data:`ACTIONS`, 20): ``drop``, ``check``, ``call``; ``bet_min``, ``bet_half``,
``bet_max`` and ``raise_min``, ``raise_half``, ``raise_max`` (the least amount the option
allows, the middle of its range, the most — the stack when it has no most; fixed-limit bets of
Brag Poker, P2, P4, make the three one); ``look`` (P5); ``stand`` and ``draw`` (three-stake's
count to 31, S4); ``throw_0`` … ``throw_7``: Brag Poker's draw (P3), the bits of the number
naming the positions of the cards thrown in the seat's hand sorted by card index (``throw_0``
stands pat, ``throw_7`` throws all three).

**Observation** (``size = 52 + 61·players + 3 + phases + 1``), amounts as a share of all the
chips at the table (so in ``[0, 1]``):

* the seat's own cards it may see (52 flags; none before it looks, P5);
* per seat from the viewer clockwise: in play, looked, dealer, to act, stack, stake this round,
  the count towards 31 / 31 (clipped; S4) and bust, then the cards of that seat the viewer sees
  (52 flags: a face-up card of three-stake, S4; every card once shown);
* the pots, by name in sorted order (three at most: three-stake's first, second, third);
* the phase: one flag per phase of the game (single-stake: stake, betting; three-stake:
  betting, thirty-one; Brag Poker: first round, draw, second round), and one for any other.

The value of a seat (its reward is the change) is its stack: chips.

>>> from bragkit.games import new
>>> codec = codec_for_stake(players=2, phases=("first round", "draw", "second round"))
>>> game = new("brag-poker", players=["a", "b"], seed=1)
>>> seat = str(game.to_act)
>>> sorted(codec.actions[i] for i in codec.legal(game.view(seat), game.legal_actions(seat)))
['call', 'drop', 'look']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from bragkit.actions import Action, LegalAction, Verb
from bragkit.env.codec_base import CodecBase, CodecFactory, Vector, seats_from, unit
from bragkit.errors import IllegalActionError

__all__ = ["ACTIONS", "CODECS", "StakeCodec", "codec_for_stake"]

ACTIONS: Final = ("drop", "check", "call", "bet_min", "bet_half", "bet_max", "raise_min",
                  "raise_half", "raise_max", "look", "stand", "draw",
                  *(f"throw_{n}" for n in range(8)))
_SIMPLE: Final = {Verb.DROP: "drop", Verb.CHECK: "check", Verb.CALL: "call", Verb.LOOK: "look",
                  Verb.STAND: "stand"}
_PER_SEAT: Final = 8 + 52
_POTS: Final = 3


class ChipCodec(CodecBase):
    """What every chip game's encoding shares: an index's action (a refused one names
    :attr:`rule`), each player's stack as its value, and an equal share of the chips as the
    opening. Subclasses give ``actions``, ``encode`` and ``legal``."""

    actions: tuple[str, ...] = ()
    #: The rule an index that is not legal now breaks.
    rule: str = "B11"

    def legal(self, view: Any, legal: Sequence[LegalAction]) -> dict[int, Action | None]:
        """The legal indices of this menu, each with its action."""
        raise NotImplementedError

    def action(self, view: Any, legal: Sequence[LegalAction], index: int) -> Action:
        """The action of a legal index."""
        found = self.legal(view, legal).get(index)
        if found is None:
            raise IllegalActionError(f"{self.actions[index]} is not legal now", rule=self.rule)
        return found

    def value(self, spectator: Any) -> Mapping[str, float]:
        """Each player's stack."""
        return {p: float(n) for p, n in spectator.stacks.items()}

    def opening(self, spectator: Any) -> Mapping[str, float]:
        """An equal share of all the chips at the table each (the registry seats every player
        with the same stack; the stakes, blinds or boots already posted are in the pots)."""
        total = sum(spectator.stacks.values()) + sum(spectator.pots.values())
        return dict.fromkeys(spectator.players, total / len(spectator.players))


class StakeCodec(ChipCodec):
    """A stake game's encoding (module docstring); ``phases`` are the game's phases."""

    actions: tuple[str, ...] = ACTIONS

    def __init__(self, *, players: int, phases: Sequence[str], rules: Any = None) -> None:
        self.players = players
        self.phases = tuple(phases)
        self.rules = rules
        self.size = 52 + (_PER_SEAT + 1) * players + _POTS + len(self.phases) + 1

    def encode(self, view: Any, seat: str) -> Vector:
        """The observation of ``seat`` (module docstring)."""
        total = max(1, sum(view.stacks.values()) + sum(view.pots.values()))
        out = _flags(view.cards.get(seat, ()))
        totals: Mapping[str, int] = view.extra.get("totals", {}) or {}
        bust = set(view.extra.get("bust", ()) or ())
        for name in seats_from(view.players, seat):
            out += [1.0 if name in view.in_play else 0.0,
                    1.0 if name in view.looked else 0.0,
                    1.0 if name == view.dealer else 0.0,
                    1.0 if name == view.to_act else 0.0,
                    unit(view.stacks.get(name, 0) / total),
                    unit(view.stakes.get(name, 0) / total),
                    unit(totals.get(name, 0) / 31),
                    1.0 if name in bust else 0.0,
                    1.0 if name == seat else 0.0]
            out += _flags(view.cards.get(name, ()) if name != seat else ())
        pots = [view.pots[k] for k in sorted(view.pots)][:_POTS]
        out += [unit(p / total) for p in pots] + [0.0] * (_POTS - len(pots))
        out += [1.0 if view.phase == p else 0.0 for p in self.phases]
        out.append(0.0 if view.phase in self.phases else 1.0)
        return np.array(out, dtype=np.float32)

    def legal(self, view: Any, legal: Sequence[LegalAction]) -> dict[int, Action | None]:
        """Every action index the menu allows now, with its action."""
        found: dict[int, Action | None] = {}
        me = view.viewer
        hand = sorted((c for c in view.cards.get(str(me), ()) if c is not None), key=int)
        stack = view.stacks.get(str(me), 0)
        for option in legal:
            verb = option.verb
            if verb in _SIMPLE:
                found[ACTIONS.index(_SIMPLE[verb])] = option.action()
            elif verb in (Verb.BET, Verb.RAISE):
                low = option.min_amount or 0
                high = option.max_amount if option.max_amount is not None else max(low, stack)
                name = "bet" if verb is Verb.BET else "raise"
                for size, amount in (("min", low), ("half", (low + high) // 2), ("max", high)):
                    found[ACTIONS.index(f"{name}_{size}")] = option.action(amount)
            elif verb is Verb.DRAW and option.min_amount is None and not option.cards:
                found[ACTIONS.index("draw")] = option.action()
            elif verb is Verb.DRAW:
                bits = sum(1 << i for i, c in enumerate(hand) if c in option.cards)
                found[ACTIONS.index(f"throw_{bits}")] = option.action(len(option.cards))
        return found


def _flags(cards: Sequence[Any]) -> list[float]:
    out = [0.0] * 52
    for card in cards:
        if card is not None and int(card) < 52:
            out[int(card)] = 1.0
    return out


def codec_for_stake(*, players: int, phases: Sequence[str], rules: Any = None) -> StakeCodec:
    """A stake game's codec."""
    return StakeCodec(players=players, phases=phases, rules=rules)


def _factory(phases: tuple[str, ...]) -> CodecFactory:
    def factory(*, players: int, rules: Any = None) -> StakeCodec:
        return StakeCodec(players=players, phases=phases, rules=rules)

    return factory


#: The codecs of single-stake, three-stake and Brag Poker (read by :mod:`bragkit.env.codecs`).
CODECS: Final[Mapping[str, CodecFactory]] = {
    "single-stake": _factory(("stake", "betting")),
    "three-stake": _factory(("betting", "thirty-one")),
    "brag-poker": _factory(("first round", "draw", "second round")),
}
