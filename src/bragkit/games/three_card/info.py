"""The three-card family in the games registry: its :data:`GAMES` entry and the hooks it names
(the first deal, the session hook, the trainer, the session record, the table's terms). It is a
module of its own because those hooks' modules import the deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from bragkit.cards import RandomSource
from bragkit.games.protocol import Trainer
from bragkit.games.registry import Ante, GameInfo, TableTerms
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import PRESETS, Rules

if TYPE_CHECKING:  # the session's hook imports the deal
    from bragkit.session import Dealing, Session

__all__ = ["GAMES"]


def _start(players: Sequence[str], rules: Rules, rng: random.Random) -> Deal:
    """A first deal for the registry: every player brings the buy-in (at least 100 chips, M1),
    the dealer cut at random (D3). The registry's ``rng`` is the deal's alone (the stock
    shuffled below the cards dealt when first read)."""
    stack = max(rules.buy_in, 100)
    n = len(players)
    if type(rng) is random.Random and n:  # rng.randrange(n), its own draws without its calls
        bits, k = rng.getrandbits, n.bit_length()
        cut = bits(k)
        while cut >= n:
            cut = bits(k)
    else:
        cut = rng.randrange(n)
    return Deal(rules, players=players, dealer=players[cut], stacks=[stack] * n, rng=rng,
                rng_owned=True)


def _dealing(rules: Rules, *, rng: RandomSource = None, fair: bool = False) -> Dealing:
    """The family's session hook (T1): a
    :class:`~bragkit.games.three_card.dealing.ThreeCardDealing` (``fair``: every shuffle a
    commit-reveal shuffle, as a web table deals)."""
    from bragkit.games.three_card.dealing import ThreeCardDealing  # it imports this module

    return ThreeCardDealing(rules, rng=rng, fair=fair)


def _trainer(rules: Rules) -> Trainer:
    """The family's trainer (heads-up: what the equilibrium would do)."""
    from bragkit.games.three_card.trainer import ThreeCardTrainer  # the solver imports rules

    return ThreeCardTrainer(rules)


def _session_record(session: Session) -> str:
    """A session of the family as a ``bhh-session/1`` record."""
    from bragkit.games.three_card.session_records import session_text  # it imports this

    return session_text(session)


def _terms(rules: Rules) -> TableTerms:
    """What the family's rules give a table: the ante (D2), the buy-in (M1), the most players
    the pack deals with a blind hand kept aside (D1, R1), the variant (F1, F3)."""
    return TableTerms(ante=rules.ante, buy_in=rules.buy_in,
                      most_players=rules.max_players(retained=1), variant=rules.variant)


def _ante_of(rules: Rules) -> int:
    return rules.ante


def _ante_at(rules: Rules, ante: int) -> Rules:
    return rules.replace(ante=ante)


#: The ante every deal takes (D2), for a table whose antes rise (a sit-and-go).
_ANTE: Final = Ante(name="ante", of=_ante_of, at=_ante_at, cost=_ante_of)


#: The registry's names of the presets of :data:`~bragkit.games.three_card.rules.PRESETS` that
#: differ from them.
_PRESET_NAMES: Final = {"teen-patti": "teen-patti-order"}

#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="three-card", title="Three Card Brag",
             summary="three cards, blind play, see or showdown (rules D, B, BL, M, R, F, W)",
             rules=Rules, start=_start, seats=(2, 17), record_format="bhh",
             aliases=("brag", "three-card-brag"),
             # Teen Patti is a game of its own (teen_patti.py); its hand order on Brag's
             # betting is the preset "teen-patti-order" here (H10), so each name finds one game
             presets={_PRESET_NAMES.get(name, name): options
                      for name, options in PRESETS.items() if options},
             dealing=_dealing, trainer=_trainer, session_record=_session_record,
             record_suffix=".bhh", picture="three-card", table=_terms, fair=True,
             preset_titles={"four-card": "Four Card Brag", "five-card": "Five Card Brag",
                            "teen-patti-order": "Three Card Brag in Teen Patti order"},
             preset_summaries={
                 "four-card": "four cards each: one is discarded, the best three play (F1, F2)",
                 "five-card": "five cards each: two are discarded, the best three play (F3)",
                 "teen-patti-order": "Brag's betting with Teen Patti's order of hands: trail, "
                                     "pure sequence, sequence, colour, pair (H10)"},
             agents=True, ante=_ANTE),
)

