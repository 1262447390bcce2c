"""The environment encoding of Teen Patti (rules TP1–TP8), from the seat's
:class:`~bragkit.games.stake_game.StakeView` and its ``extra`` (boot, stake, seen players, blind
turns, the joker's turned card, a pending sideshow).

**Actions** (:data:`ACTIONS`, 10): ``pack``; ``blind_min``, ``blind_max`` (a blind chaal of 1×
or 2× the stake, TP3); ``bet_min``, ``bet_max`` (a seen chaal of 2× or 4× the stake, each cut
to the chaal limit and the stack, TP6, TP7); ``look`` (TP2); ``show`` (two left, TP4);
``sideshow`` (TP5); ``accept``, ``decline`` (the asked player's answer, TP5).

**Observation** (``size = 114 + 61·players``), amounts as a share of all the chips at the
table (so in ``[0, 1]``):

* the seat's own cards it may see (52 flags; none before it looks, TP2);
* the joker variant's turned card (52 flags; none in the other variants, TP8);
* per seat from the viewer clockwise: in play, seen, dealer, to act, stack, blind turns played /
  the blind limit (0 without a limit, TP6), asked for a sideshow, asking for one (TP5), the
  viewer itself, then the cards of that seat the viewer sees (52 flags: a sideshow's two hands
  to those two players, every hand shown at a show);
* the pot, the stake (blind terms, TP3) and the boot (TP2);
* the phase: betting, sideshow (an answer awaited), any other (over);
* the variant: classic, Muflis, AK47, joker (TP8).

The value of a seat (its reward is the change) is its stack: chips.

>>> from bragkit.games import new
>>> codec = TeenPattiCodec(players=3)
>>> codec.size, len(codec.actions)
(297, 10)
>>> game = new("teen-patti", players=["a", "b", "c"], seed=1)
>>> seat = str(game.to_act)
>>> sorted(codec.actions[i] for i in codec.legal(game.view(seat), game.legal_actions(seat)))
['blind_max', 'blind_min', 'look', 'pack']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.env.codec_base import CodecFactory, Vector, seats_from, unit
from bragkit.env.stake_codec import ChipCodec
from bragkit.games.teen_patti_rules import VARIANTS

__all__ = ["ACTIONS", "CODECS", "TeenPattiCodec"]

ACTIONS: Final = ("pack", "blind_min", "blind_max", "bet_min", "bet_max", "look", "show",
                  "sideshow", "accept", "decline")
_SIMPLE: Final = {Verb.FOLD: "pack", Verb.LOOK: "look", Verb.SHOW: "show",
                  Verb.SIDESHOW: "sideshow", Verb.ACCEPT: "accept", Verb.DECLINE: "decline"}
_RANGES: Final = {Verb.BLIND: "blind", Verb.BET: "bet"}
_PER_SEAT: Final = 9 + 52
_PHASES: Final = ("betting", "sideshow")


class TeenPattiCodec(ChipCodec):
    """Teen Patti's encoding (module docstring)."""

    actions: tuple[str, ...] = ACTIONS
    rule = "TP3"

    def __init__(self, *, players: int, rules: Any = None) -> None:
        self.players = players
        self.rules = rules
        self.size = 52 + 52 + _PER_SEAT * players + 3 + len(_PHASES) + 1 + len(VARIANTS)

    def encode(self, view: Any, seat: str) -> Vector:
        """The observation of ``seat`` (module docstring)."""
        extra = view.extra
        total = max(1, sum(view.stacks.values()) + sum(view.pots.values()))
        out = _flags(view.cards.get(seat, ()))
        turned = extra.get("turned")
        out += _flags((Card.parse(turned),) if turned else ())
        seen = set(extra.get("seen", ()))
        turns: Mapping[str, int] = extra.get("blind_turns", {})
        limit = self.rules.blind_limit or 0
        sideshow: Mapping[str, str] = extra.get("sideshow") or {}
        for name in seats_from(view.players, seat):
            out += [1.0 if name in view.in_play else 0.0,
                    1.0 if name in seen else 0.0,
                    1.0 if name == view.dealer else 0.0,
                    1.0 if name == view.to_act else 0.0,
                    unit(view.stacks.get(name, 0) / total),
                    unit(turns.get(name, 0) / limit) if limit else 0.0,
                    1.0 if sideshow.get("asked") == name else 0.0,
                    1.0 if sideshow.get("asker") == name else 0.0,
                    1.0 if name == seat else 0.0]
            out += _flags(view.cards.get(name, ()) if name != seat else ())
        out += [unit(sum(view.pots.values()) / total), unit(extra.get("stake", 0) / total),
                unit(extra.get("boot", 0) / total)]
        out += [1.0 if view.phase == p else 0.0 for p in _PHASES]
        out.append(0.0 if view.phase in _PHASES else 1.0)
        out += [1.0 if extra.get("variant") == v else 0.0 for v in VARIANTS]
        return np.array(out, dtype=np.float32)

    def legal(self, view: Any, legal: Sequence[LegalAction]) -> dict[int, Action | None]:
        """Every action index the menu allows now, with its action (a range's two ends; a seen
        chaal's top end made even, TP3)."""
        found: dict[int, Action | None] = {}
        for option in legal:
            verb = option.verb
            if verb in _SIMPLE:
                found[ACTIONS.index(_SIMPLE[verb])] = option.action()
            elif verb in _RANGES:
                low = option.min_amount or 0
                high = option.max_amount if option.max_amount is not None else low
                name = _RANGES[verb]
                found[ACTIONS.index(f"{name}_min")] = option.action(low)
                found[ACTIONS.index(f"{name}_max")] = option.action(high)
        return found


def _flags(cards: Sequence[Any]) -> list[float]:
    out = [0.0] * 52
    for card in cards:
        if card is not None and int(card) < 52:
            out[int(card)] = 1.0
    return out


#: Teen Patti's codec (read by :mod:`bragkit.env.codecs`).
CODECS: Final[Mapping[str, CodecFactory]] = {"teen-patti": TeenPattiCodec}
