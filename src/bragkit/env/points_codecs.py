"""The environment encodings of the points games: Nine Card Brag (N1–N7) and Crash (C1–C6).

**Nine Card Brag.** A seat's nine cards, sorted by card index when dealt, are its nine
*positions*. The 84 actions ``play_i_j_k`` (``i < j < k``, positions) play the set of those
three cards; legal when all three are still held and the set is one the engine allows (N6: not
above the last set played, and in the first round a set that can lead, one pack). The
observation (``size = 9·18 + 7·players + 3``):

* per position: the card's rank (13 flags, 2 to ace), suit (4 flags), and whether it is still
  held (1);
* per seat from the viewer clockwise: score / target (clipped to 1), cards left / 9, dealer,
  to act, and the strength of the set it played in rounds 1, 2, 3 of this deal (0 for none;
  else (1 + strength) / the scale's size, the order of N3 with the second pack's sets, N1);
* the round (3 flags).

**Crash.** Four macro-actions: ``arrange_expected`` and ``arrange_greedy`` arrange the thirteen
cards by the engine's arranger (the greatest expected score, or the strongest hands first; C2–C4:
the best of 200,200 arrangements is not a menu a network can hold); ``crash`` and ``pass``
answer the call (C5). The observation (``size = 52 + 4 + 1 + 5·players + 2``): the seat's cards
(52 flags); the strengths of its arranged hands in play order ((1 + strength) / the scale's size,
0 before it arranges) and whether it has arranged; per seat from the viewer clockwise: score /
target, arranged, called crash, dealer, to act; the phase (arrange, call).

The value of a seat (its reward is the change) is its score: points, N4 and C4.

>>> from bragkit.games import new
>>> codec = NineCardCodec(players=2)
>>> game = new("nine-card", players=["a", "b"], seed=1)
>>> seat = str(game.to_act)
>>> legal = codec.legal(game.view(seat), game.legal_actions(seat))
>>> all(game.can_apply(a) for a in legal.values() if a), codec.encode(game.view(seat), seat).shape
(True, (179,))
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.env.codec_base import CodecBase, CodecFactory, Vector, one_hot, seats_from, unit
from bragkit.errors import IllegalActionError
from bragkit.games import arrange
from bragkit.games.crash import CrashRules
from bragkit.games.nine_card import ORDERING, NineCardRules, NineCardView

__all__ = ["CODECS", "CrashCodec", "NineCardCodec"]

#: The 84 sets of three of nine positions, in index order.
TRIPLES: Final = tuple(itertools.combinations(range(9), 3))


def _card_features(card: Card) -> list[float]:
    return one_hot(int(card.rank) - 2, 13) + one_hot(int(card.suit), 4)


def _strength(cards: Sequence[Card], ordering: Any) -> float:
    scale = arrange.fast_scale(ordering)
    return (1 + arrange.strength_of(cards, ordering=ordering)) / len(scale.names)


class NineCardCodec(CodecBase):
    """Nine Card Brag's encoding (module docstring)."""

    def __init__(self, *, players: int, rules: NineCardRules | None = None) -> None:
        self.players = players
        self.rules = rules if rules is not None else NineCardRules()
        self.actions: tuple[str, ...] = tuple(f"play_{i}_{j}_{k}" for i, j, k in TRIPLES)
        self.size = 9 * 18 + 7 * players + 3

    @staticmethod
    def positions(view: NineCardView, seat: str) -> list[Card]:
        """The seat's nine cards of this deal, sorted: held and played."""
        played = [c for s in view.played.get(seat, ()) for c in s]
        return sorted([*view.hand, *played], key=int)

    def encode(self, view: Any, seat: str) -> Vector:
        """The observation of ``seat`` (module docstring)."""
        out: list[float] = []
        held = list(view.hand)
        cards = self.positions(view, seat)
        for i in range(9):
            if i < len(cards):
                card = cards[i]
                still = card in held
                if still:
                    held.remove(card)
                out += [*_card_features(card), 1.0 if still else 0.0]
            else:
                out += [0.0] * 18
        for name in seats_from(view.players, seat):
            sets = view.played.get(name, ())
            out += [unit(view.scores.get(name, 0) / self.rules.target),
                    unit(view.cards_left.get(name, 0) / 9),
                    1.0 if name == view.dealer else 0.0,
                    1.0 if name == view.to_act else 0.0]
            out += [_strength(sets[r], ORDERING) if r < len(sets) else 0.0 for r in range(3)]
        out += one_hot(view.round - 1, 3)
        return np.array(out, dtype=np.float32)

    def action(self, view: Any, legal: Sequence[LegalAction], index: int) -> Action:
        """The set of the index's positions."""
        found = self.legal(view, legal).get(index)
        if found is None:
            raise IllegalActionError(f"{self.actions[index]} is not legal now", rule="N6")
        return found

    def legal(self, view: Any, legal: Sequence[LegalAction]) -> dict[int, Action | None]:
        """The sets of held positions the engine allows (N6)."""
        option = next((o for o in legal if o.verb is Verb.PLAYS), None)
        if option is None or view.viewer is None:
            return {}
        cards = self.positions(view, view.viewer)
        held = list(view.hand)
        found: dict[int, Action | None] = {}
        for index, triple in enumerate(TRIPLES):
            if max(triple) >= len(cards):
                continue
            chosen = tuple(cards[i] for i in triple)
            pool = list(held)
            try:
                for card in chosen:
                    pool.remove(card)
            except ValueError:
                continue  # a card of the set was played already
            action = Action(player=view.viewer, verb=Verb.PLAYS, cards=chosen)
            if action in option:
                found[index] = action
        return found

    def value(self, spectator: Any) -> Mapping[str, float]:
        """Each player's score (N4)."""
        return {p: float(n) for p, n in spectator.scores.items()}

    def opening(self, spectator: Any) -> Mapping[str, float]:
        """No points yet."""
        return dict.fromkeys(spectator.players, 0.0)


class CrashCodec(CodecBase):
    """Crash's encoding (module docstring)."""

    actions: tuple[str, ...] = ("arrange_expected", "arrange_greedy", "crash", "pass")

    def __init__(self, *, players: int, rules: CrashRules | None = None) -> None:
        self.players = players
        self.rules = rules if rules is not None else CrashRules()
        self.size = 52 + 4 + 1 + 5 * players + 2

    def encode(self, view: Any, seat: str) -> Vector:
        """The observation of ``seat`` (module docstring)."""
        out = [0.0] * 52
        for card in view.cards:
            out[int(card)] = 1.0
        hands = list(view.hands or ())
        out += [_strength(hands[k], self.rules.ordering) if k < len(hands) else 0.0
                for k in range(4)]
        out.append(1.0 if hands else 0.0)
        for name in seats_from(view.players, seat):
            out += [unit(view.scores.get(name, 0) / self.rules.target),
                    1.0 if name in view.arranged else 0.0,
                    1.0 if view.calls.get(name) else 0.0,
                    1.0 if name == view.dealer else 0.0,
                    1.0 if name == view.to_act else 0.0]
        out += [1.0 if view.phase == "arrange" else 0.0, 1.0 if view.phase == "call" else 0.0]
        return np.array(out, dtype=np.float32)

    def legal(self, view: Any, legal: Sequence[LegalAction]) -> dict[int, Action | None]:
        """Arrange (by either strategy: made when chosen), or crash or pass (C5)."""
        found: dict[int, Action | None] = {}
        for option in legal:
            if option.verb is Verb.ARRANGES and view.viewer is not None:
                found[0] = found[1] = None
            elif option.verb is Verb.CRASH:
                found[2] = option.action()
            elif option.verb is Verb.PASS:
                found[3] = option.action()
        return found

    def action(self, view: Any, legal: Sequence[LegalAction], index: int) -> Action:
        """The action of a legal index; an arrangement by the engine's arranger (C2-C4)."""
        found = self.legal(view, legal)
        if index not in found:
            raise IllegalActionError(f"{self.actions[index]} is not legal now", rule="C5")
        chosen = found[index]
        if chosen is not None:
            return chosen
        strategy: arrange.Strategy = "expected" if index == 0 else "greedy"
        rules = self.rules
        best = arrange.best_arrangement(
            view.cards, strategy=strategy, game="crash", ordering=rules.ordering,
            min_category=rules.floor, players=len(view.players))
        return Action(player=view.viewer, verb=Verb.ARRANGES, sets=best.sets)

    def value(self, spectator: Any) -> Mapping[str, float]:
        """Each player's score (C4)."""
        return {p: float(n) for p, n in spectator.scores.items()}

    def opening(self, spectator: Any) -> Mapping[str, float]:
        """No points yet."""
        return dict.fromkeys(spectator.players, 0.0)


#: The codecs of Nine Card Brag and Crash (read by :mod:`bragkit.env.codecs`).
CODECS: Final[Mapping[str, CodecFactory]] = {"nine-card": NineCardCodec, "crash": CrashCodec}
