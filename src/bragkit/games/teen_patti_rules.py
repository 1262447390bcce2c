"""The house rules of Teen Patti (RULES.md section TP) and how its hands compare.

:class:`TeenPattiRules` is the frozen, keyword-only rules object: every option of TP1–TP8 is a
field with its default, and each field's ``metadata`` says the rule it follows (``"rule"``), what
it means in one line (``"meaning"``) and what it may be (``"values"``: the allowed choices, or a
``(least, most)`` range with ``None`` for no bound).

>>> rules = TeenPattiRules(boot=2, variant="muflis")
>>> rules.to_dict(), rules.max_chaal, rules.pot_cap
({'boot': 2, 'variant': 'muflis'}, 256, 2048)
>>> TeenPattiRules.from_dict({"variant": "ak47", "blind_limit": 0}).blind_limit
0
>>> TeenPattiRules(variant="poker")
Traceback (most recent call last):
...
bragkit.errors.RulesError: variant must be one of classic, muflis, ak47, joker, not 'poker' \
(rule TP8)
>>> from dataclasses import fields
>>> fields(TeenPattiRules)[0].metadata["rule"]
'TP2'

The hands compare by :meth:`TeenPattiRules.strength`, higher wins, with the variant's wild cards
(TP8) and sequence order (TP1):

>>> from bragkit.cards import parse_cards
>>> akq, a23 = parse_cards("As Kh Qd"), parse_cards("Ac 2d 3h")
>>> classic = TeenPattiRules()
>>> classic.strength(akq) > classic.strength(a23)        # rule TP1: A-K-Q on top
True
>>> TeenPattiRules(sequence_order="a23-top").strength(akq) > classic.strength(a23)
False
>>> muflis = TeenPattiRules(variant="muflis")            # rule TP8: the lowest hand wins
>>> muflis.strength(parse_cards("5c 3d 2h")) > muflis.strength(akq)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from bragkit.cards import Card, Rank
from bragkit.errors import RulesError
from bragkit.games.house_rules import changed_options, known_options
from bragkit.games.three_card.rules import MAX_CHIPS
from bragkit.hands import HandRank, Ordering, evaluate, wild_set

__all__ = ["SEQUENCE_ORDERS", "VARIANTS", "TeenPattiRules"]

#: The variants of TP8.
VARIANTS: Final = ("classic", "muflis", "ak47", "joker")
#: The sequence orders of TP1.
SEQUENCE_ORDERS: Final = ("akq-top", "a23-top")

#: The hand order of each sequence order (TP1): H10's Teen Patti preset, or aces-high trails
#: with Brag's runs (A-2-3 on top, H4), which is the Crash aces-high order for three cards.
_ORDERINGS: Final = {"akq-top": Ordering.TEEN_PATTI, "a23-top": Ordering.CRASH_ACES_HIGH}
#: AK47 (TP8): every ace, king, four and seven is wild.
_AK47: Final = wild_set([Card.of(rank, suit) for rank in (Rank.ACE, Rank.KING, Rank.FOUR,
                                                            Rank.SEVEN) for suit in range(4)])
_NO_WILD: Final = wild_set(())
#: The joker variant's wild sets (TP8), by the turned card's rank (its index // 4): made once,
#: not at every deal.
_RANK_WILDS: Final = tuple(wild_set([Card(4 * rank + suit) for suit in range(4)])
                           for rank in range(13))


#: The most boots a pot or chaal limit counts (TP6), and the most blind turns before looking.
MAX_BOOTS: Final = 1 << 20
MAX_BLIND_TURNS: Final = 100


def _meta(rule: str, meaning: str, **allowed: Any) -> dict[str, Any]:
    """An option's metadata in the registry's one schema (:mod:`bragkit.games.options`): its
    rule, meaning and what it allows (``choices``, or ``min``/``max`` for a number)."""
    return {"rule": rule, "meaning": meaning, **allowed}


@dataclass(frozen=True, kw_only=True, slots=True)
class TeenPattiRules:
    """The options of Teen Patti (rules TP1–TP8); each field's metadata names its rule.

    Amounts are whole chips; ``pot_limit`` and ``chaal_limit`` count boots.
    """

    boot: int = field(default=1, metadata=_meta(
        "TP2", "what each player puts in the pot before the deal; the first stake", min=1,
        max=MAX_CHIPS))
    sequence_order: str = field(default="akq-top", metadata=_meta(
        "TP1", "the top sequences: A-K-Q then A-2-3, or A-2-3 on top as in Brag (H4)",
        choices=SEQUENCE_ORDERS))
    seen_may_show_blind: bool = field(default=False, metadata=_meta(
        "TP4", "whether a seen player may ask a blind one for a show"))
    sideshow: bool = field(default=True, metadata=_meta(
        "TP5", "whether a seen player may ask the previous seen player for a sideshow"))
    pot_limit: int = field(default=1024, metadata=_meta(
        "TP6", "the pot's cap in boots: a chaal past it is cut and every hand is shown; more "
        "than the boots of the table (0: none)",
        min=0, max=MAX_BOOTS))
    blind_limit: int = field(default=4, metadata=_meta(
        "TP6", "blind turns a player may take before they must look (0: no limit)", min=0,
        max=MAX_BLIND_TURNS))
    chaal_limit: int = field(default=128, metadata=_meta(
        "TP6", "the most a single chaal may be, in boots", min=2,
        max=MAX_BOOTS))
    variant: str = field(default="classic", metadata=_meta(
        "TP8", "classic; muflis (lowest wins); ak47 (A, K, 4, 7 wild); joker (a turned rank "
        "wild)", choices=VARIANTS))

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            meta, rule = f.metadata, f.metadata["rule"]
            if "choices" in meta:
                if value not in meta["choices"] or type(value) is not str:
                    raise RulesError(f"{f.name} must be one of {', '.join(meta['choices'])}, "
                                     f"not {value!r} (rule {rule})")
            elif isinstance(f.default, bool):
                if type(value) is not bool:
                    raise RulesError(f"{f.name} must be true or false, not {value!r} "
                                     f"(rule {rule})")
            elif type(value) is not int or not meta["min"] <= value <= meta["max"]:
                raise RulesError(f"{f.name} must be a whole number from {meta['min']} to "
                                 f"{meta['max']}, not {value!r} (rule {rule})")

    # -- amounts ----------------------------------------------------------------------------
    @property
    def max_chaal(self) -> int:
        """The most a single chaal may be, in chips (TP6)."""
        return self.chaal_limit * self.boot

    @property
    def pot_cap(self) -> int | None:
        """The pot's cap in chips (TP6); ``None`` when there is none."""
        return self.pot_limit * self.boot if self.pot_limit else None

    def check_table(self, players: int) -> None:
        """Refuse a table of ``players`` whose boots alone reach the pot limit (TP6
        [decision]: the boots never end a deal before anyone acts): a :class:`RulesError`.

        >>> TeenPattiRules(boot=3, pot_limit=6).check_table(5)
        >>> TeenPattiRules(boot=3, pot_limit=4).check_table(5)
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: the boots of 5 players (15) reach the pot limit of 12: \
pot_limit must be more than 5 boots, or 0 for none (rule TP6)
        """
        cap = self.pot_cap
        if cap is not None and players * self.boot >= cap:
            raise RulesError(f"the boots of {players} players ({players * self.boot}) reach the "
                             f"pot limit of {cap}: pot_limit must be more than {players} boots, "
                             "or 0 for none (rule TP6)")

    def check_boots(self, stacks: Mapping[str, int]) -> None:
        """Refuse a deal a player cannot put the boot in (TP2 [decision, as D2 in Brag]): the
        table does not choose for them; they top up (M1) or leave first.

        >>> TeenPattiRules(boot=2).check_boots({"Ann": 5, "Bob": 1})
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: Bob cannot put in the boot of 2 with 1: top up or leave \
first (rules TP2, M1)
        """
        for player, stack in stacks.items():
            if stack < self.boot:
                raise RulesError(f"{player} cannot put in the boot of {self.boot} with {stack}: "
                                 "top up or leave first (rules TP2, M1)")

    # -- hands ------------------------------------------------------------------------------
    @property
    def ordering(self) -> Ordering:
        """The hand order of :attr:`sequence_order` (TP1)."""
        return _ORDERINGS[self.sequence_order]

    def wild(self, turned: Card | None = None) -> frozenset[int]:
        """The wild cards of the variant (TP8): AK47's sixteen, or every card of the turned
        card's rank in the joker variant; none otherwise (a joker index is always in the set,
        as :func:`bragkit.hands.wild_set` makes it; Teen Patti deals no joker).

        >>> from bragkit.cards import Card
        >>> len(TeenPattiRules(variant="ak47").wild()) - 1
        16
        >>> sorted(str(Card(c)) for c in TeenPattiRules(variant="joker").wild(Card.parse("7d"))
        ...        if c < 52)
        ['7c', '7d', '7h', '7s']
        """
        if self.variant == "ak47":
            return _AK47
        if self.variant == "joker" and turned is not None:
            rank = turned // 4  # 0-12 (a joker's 13 has no rank: Card.rank says so)
            return _RANK_WILDS[rank] if rank < 13 else _RANK_WILDS[turned.rank - 2]
        return _NO_WILD

    def rank(self, cards: Iterable[Card], wild: frozenset[int] = _NO_WILD) -> HandRank:
        """What three cards are worth in Teen Patti's order (TP1), wild cards as W2–W3 say."""
        return evaluate(tuple(cards), ordering=self.ordering, wild=wild)

    def strength(self, cards: Iterable[Card], wild: frozenset[int] = _NO_WILD) -> int:
        """A number that orders hands for this variant: higher wins (Muflis reverses TP1)."""
        return self.strength_of(self.rank(cards, wild))

    def strength_of(self, hand: HandRank) -> int:
        """:meth:`strength` of a hand already ranked (:meth:`rank`): higher wins (TP8)."""
        return -hand.value if self.variant == "muflis" else hand.value

    # -- records ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (a record's ``[rules]`` table)."""
        return changed_options(self)

    @classmethod
    def from_dict(cls, table: Mapping[str, Any]) -> TeenPattiRules:
        """Rules from a ``[rules]`` table; an unknown key is a :class:`RulesError`.

        >>> TeenPattiRules.from_dict({"ante": 1})
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: unknown teen-patti rule(s): ante
        """
        return cls(**known_options(cls, table, what="teen-patti rule(s)"))
