"""The menu of Teen Patti's player to act, made in one pass (rules TP2–TP7): :func:`turn_menu`.

The verifier (:meth:`bragkit.games.teen_patti.TeenPatti._verify`) says, verb by verb, what a
player may do or why not; the menu of the player to act is what it allows of every verb, in the
game's menu order. Asking it verb by verb repeats the same tests (whose turn, seen or blind, how
many left) for each, at every decision; :func:`turn_menu` makes the same entries in one pass
(the property tests hold the two to the same answers: every entry listed is accepted, every
action refused is in no entry). Its entries are made once and shared (frozen; the same few
recur at every turn): :func:`~bragkit.games.stakes.option`, and :func:`seen_chaal` for the
even amounts of a seen chaal (TP3).

>>> from bragkit.games.teen_patti import TeenPatti
>>> deal = TeenPatti(players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[50, 50, 50], rng=2)
>>> [str(o) for o in turn_menu(deal, "Ann")]
['Ann fold', 'Ann blind 1..2', 'Ann look']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, Final, Protocol, overload

from bragkit.actions import Action, LegalAction, Verb
from bragkit.games.stakes import Money, option

__all__ = ["EvenChaals", "seen_chaal", "turn_menu"]

_FOLD: Final = Verb.FOLD
_BLIND: Final = Verb.BLIND
_BET: Final = Verb.BET
_LOOK: Final = Verb.LOOK
_SHOW: Final = Verb.SHOW
_SIDESHOW: Final = Verb.SIDESHOW
_ACCEPT: Final = Verb.ACCEPT
_DECLINE: Final = Verb.DECLINE


class EvenChaals(Sequence[Action]):
    """The seen chaals of a turn: every even amount from ``low`` to ``high`` (TP3), lazily.

    >>> chaals = EvenChaals("Ann", 2, 6)
    >>> [a.amount for a in chaals], Action.parse("Ann bet 3") in chaals
    ([2, 4, 6], False)
    """

    __slots__ = ("_size", "high", "low", "player")

    def __init__(self, player: str, low: int, high: int) -> None:
        self.player, self.low, self.high = player, low, high
        self._size = (high - low) // 2 + 1  # (kept: a random agent asks at every seen chaal)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        return _chaal_of(self.player, self.low + 2 * index)

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Action) and action.verb is _BET
                and action.player == self.player and action.amount is not None
                and self.low <= action.amount <= self.high and action.amount % 2 == 0)

    def __iter__(self) -> Iterator[Action]:
        return (self[i] for i in range(len(self)))


@lru_cache(maxsize=4096)
def _chaal_of(player: str, amount: int) -> Action:
    """The seen chaal ``player bet amount``, made once and shared (actions are frozen)."""
    return Action(player=player, verb=_BET, amount=amount)


@lru_cache(maxsize=4096)
def seen_chaal(player: str, low: int, high: int) -> LegalAction:
    """The menu entry of a seen chaal from ``low`` to ``high``, even amounts only (TP3), made
    once and shared (as :func:`~bragkit.games.stakes.option`).

    >>> seen_chaal("Ann", 2, 4) is seen_chaal("Ann", 2, 4), str(seen_chaal("Ann", 2, 4))
    (True, 'Ann bet (1 of 2)')
    """
    return LegalAction(player=player, verb=_BET, min_amount=low, max_amount=high,
                       choices=EvenChaals(player, low, high))


class _Deal(Protocol):
    """What :func:`turn_menu` reads of a deal of Teen Patti (its public state)."""

    rules: Any
    sideshow: tuple[str, str] | None
    looked: set[str]
    playing: list[str]
    blind_turns: dict[str, int]
    money: Money

    def blind_range(self, player: str) -> tuple[int, int]: ...
    def seen_range(self, player: str) -> tuple[int, int]: ...
    def show_cost(self, player: str) -> int: ...
    def previous(self, player: str) -> str: ...


#: Each name's entries that need nothing but the name (TP7: pack; TP2: look), made once.
_SEAT_ENTRIES: dict[str, tuple[LegalAction, LegalAction]] = {}


def _seat_entries(player: str) -> tuple[LegalAction, LegalAction]:
    """``player``'s pack and look entries, shared (as :func:`~bragkit.games.stakes.option`)."""
    if len(_SEAT_ENTRIES) >= 4096:
        _SEAT_ENTRIES.clear()
    made = _SEAT_ENTRIES[player] = (option(player, _FOLD), option(player, _LOOK))
    return made


def turn_menu(deal: _Deal, to_act: str) -> list[LegalAction]:
    """The menu of ``to_act``, the player to act in ``deal`` (whose turn it is, or who must
    answer a sideshow): the entries the verifier allows, verb by verb in the menu's order
    (pack, blind chaal, seen chaal, show, sideshow, look), or the answers to a sideshow asked of
    them (TP5). A function of the deal, not an object held by it: a deal that held its menu
    maker, which held the deal, would be freed only by the garbage collector."""
    if deal.sideshow is not None:  # TP5: accept or decline, nothing else
        return [option(to_act, _ACCEPT), option(to_act, _DECLINE)]
    fold, look = _SEAT_ENTRIES.get(to_act) or _seat_entries(to_act)  # TP7: pack at any turn
    looked = deal.looked
    two_left = len(deal.playing) == 2
    rules = deal.rules
    if to_act in looked:
        low, high = deal.seen_range(to_act)
        menu = [fold, seen_chaal(to_act, low, high)] if low <= high else [fold]  # TP7
        if two_left:  # TP4: a seen player asks a blind one only where the table allows
            if rules.seen_may_show_blind or deal.previous(to_act) in looked:
                menu.append(option(to_act, _SHOW, None, None, deal.show_cost(to_act)))
        elif rules.sideshow and low <= high and deal.previous(to_act) in looked:
            menu.append(option(to_act, _SIDESHOW, None, None, low))  # TP5
        return menu
    limit = rules.blind_limit
    if limit and deal.blind_turns[to_act] >= limit:  # TP6: they must look
        return [fold, look]
    low, high = deal.blind_range(to_act)
    menu = [fold, option(to_act, _BLIND, low, high)] if low <= high else [fold]
    if two_left:
        menu.append(option(to_act, _SHOW, None, None, deal.show_cost(to_act)))
    menu.append(look)  # TP2: look at their own turn
    return menu
