"""How a deal started and how it ended: :class:`DealStart` and :class:`DealResult`.

Both are frozen records. A :class:`DealStart` is what a game record needs to replay the deal
(the stacks before the ante, the carried pot, the pack or the hands, a retained hand); a
:class:`DealResult` is what the next deal and the ledger need (stacks, winnings, the carried pot
and the retained blind hand, whether to shuffle, the pack after the hands went under it).

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> for text in ["Ann bet 2", "Bob bet 2", "Ann see 4"]:
...     deal.apply(text)
>>> result = deal.result
>>> result.stacks, result.winners, result.to_dict()["shown"]
({'Ann': 13, 'Bob': 7}, {'Ann': 10}, {'Bob': 'As Tc 2d', 'Ann': 'Qh Qs 4d'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Final

from bragkit.actions import HandChoice
from bragkit.cards import Card, Pack, format_cards
from bragkit.games.three_card.operations import Loan

__all__ = ["DealResult", "DealStart"]


@dataclass(frozen=True, kw_only=True, slots=True)
class DealStart:
    """A deal as it started, before the ante: what a record of it holds.

    ``pack`` is the pack as it was before the deal (top card first), ``None`` when the deal was
    given ``hands``; ``hands`` are the cards each player was dealt, in the order dealt (for the
    retained player of R3 that is the face-up hand); ``retained`` a blind hand kept from the last
    deal (R1). Treat the pack as read-only.
    """

    stacks: tuple[int, ...]
    carried_pot: int
    pack: Pack | None
    hands: Mapping[str, tuple[Card, ...]]
    retained: Mapping[str, tuple[Card, ...]]
    first_deal: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class DealResult:
    """The end of a deal.

    ``stacks`` is every seat's money after the deal; ``winners`` what each winner took;
    ``shown`` the hands exposed (D8: a losing seer's is not), the three cards a hand plays then
    any discards; ``carried_pot`` what stays in the middle for the next deal (BL3; R3 keeps the
    old carried pot there); ``retained`` the player keeping a blind hand and ``retained_hand``
    its cards (R1); ``retained_choice`` which of two hands was kept (R2: ``"new"`` unless the
    player chose, see :meth:`Deal.result_keeping
    <bragkit.games.three_card.Deal.result_keeping>`); ``shuffle_next`` whether the next deal is
    shuffled (D4); ``next_pack`` the pack after the hands went under it (D5), ``None`` when the
    deal was given hands. ``loans`` and ``topups`` are the deal's money movements for the
    ledger (M1, M4).
    """

    stacks: dict[str, int]
    winners: dict[str, int]
    shown: dict[str, tuple[Card, ...]]
    carried_pot: int
    retained: str | None
    retained_hand: tuple[Card, ...] | None
    shuffle_next: bool
    next_pack: Pack | None
    retained_choice: HandChoice | None = None
    loans: tuple[Loan, ...] = ()
    topups: dict[str, int] = field(default_factory=dict)
    #: What gives ``next_pack`` when it is first read (the deal's stock, whose shuffle below
    #: the cards dealt is owed: :class:`~bragkit.games.three_card.stock.Stock`); None once
    #: given, or when it was set from the start. No field of the record: not compared.
    _later: Callable[[], Pack | None] | None = field(default=None, init=False, repr=False,
                                                     compare=False)

    if not TYPE_CHECKING:  # (for the type checker, next_pack is a plain field)
        def __getattr__(self, name: str) -> Any:
            # only an unset slot comes here: next_pack, owed by the stock (new_result)
            later = self._later
            if name != "next_pack" or later is None:
                raise AttributeError(name)
            pack = later()
            _set_next_pack(self, pack)
            _set_later(self, None)
            return pack

    def to_dict(self) -> dict[str, Any]:
        """The fields of HAND-HISTORY.md's ``--json`` output (cards as text; the retained hand
        stays hidden, only who keeps one)."""
        return {
            "stacks": dict(self.stacks),
            "carried_pot": self.carried_pot,
            "winners": dict(self.winners),
            "shown": {p: format_cards(cards) for p, cards in self.shown.items()},
            "retained": self.retained,
            "shuffle_next": self.shuffle_next,
            "next_pack": None if self.next_pack is None else str(self.next_pack),
        }


# The engine's constructor of results: a frozen dataclass's __init__ sets each field through
# object.__setattr__ by keyword, slow for eleven fields at the end of every deal; the slots'
# own setters do the same work in a fraction of the time. The engine passes every field.
_new_object = object.__new__
_SET: Final[dict[str, Any]] = {f.name: DealResult.__dict__[f.name].__set__
                               for f in fields(DealResult)}
_set_stacks, _set_winners, _set_shown = _SET["stacks"], _SET["winners"], _SET["shown"]
_set_carried, _set_retained = _SET["carried_pot"], _SET["retained"]
_set_retained_hand, _set_shuffle = _SET["retained_hand"], _SET["shuffle_next"]
_set_next_pack, _set_choice = _SET["next_pack"], _SET["retained_choice"]
_set_loans, _set_topups = _SET["loans"], _SET["topups"]
_set_later = _SET["_later"]
assert len(_SET) == 12, "new_result sets every field of DealResult"


def new_result(
    stacks: dict[str, int],
    winners: dict[str, int],
    shown: dict[str, tuple[Card, ...]],
    carried_pot: int,
    retained: str | None,
    retained_hand: tuple[Card, ...] | None,
    shuffle_next: bool,
    next_pack: Pack | None,
    retained_choice: HandChoice | None,
    loans: tuple[Loan, ...],
    topups: dict[str, int],
    later: Callable[[], Pack | None] | None = None,
) -> DealResult:
    """A :class:`DealResult` from every field, in declaration order: the deal engine's
    constructor (the same record, built faster than by keywords). ``later``: what gives
    ``next_pack`` when it is first read, in its place (a stock owed its shuffle).

    >>> new_result({"Ann": 5}, {}, {}, 0, None, None, False, None, None, (), {}) == DealResult(
    ...     stacks={"Ann": 5}, winners={}, shown={}, carried_pot=0, retained=None,
    ...     retained_hand=None, shuffle_next=False, next_pack=None)
    True
    >>> late = new_result({"Ann": 5}, {}, {}, 0, None, None, False, None, None, (), {},
    ...                   lambda: Pack.standard())
    >>> late.next_pack == Pack.standard(), late == new_result(
    ...     {"Ann": 5}, {}, {}, 0, None, None, False, Pack.standard(), None, (), {})
    (True, True)
    """
    result: DealResult = _new_object(DealResult)
    _set_stacks(result, stacks)
    _set_winners(result, winners)
    _set_shown(result, shown)
    _set_carried(result, carried_pot)
    _set_retained(result, retained)
    _set_retained_hand(result, retained_hand)
    _set_shuffle(result, shuffle_next)
    if later is None:
        _set_next_pack(result, next_pack)
    _set_later(result, later)
    _set_choice(result, retained_choice)
    _set_loans(result, loans)
    _set_topups(result, topups)
    return result
