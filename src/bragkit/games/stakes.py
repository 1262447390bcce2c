"""The equalising betting core shared by historic Brag and 3 Card Brag Poker (S2, S4, P2–P5).

The three-card family bets without equalising (rule B3: every turn costs fresh money). Historic
Brag (S2, S4) and 3 Card Brag Poker (P2, P4) bet *poker-style*: each player in must bring their
stake up to the highest single stake or drop, losing what they put in. This module is that one
core, used by :mod:`bragkit.games.historic` and :mod:`bragkit.games.brag_poker`:

* :class:`Money` — stacks and named pots; chips only move, so their total never changes;
* :class:`Limits` and :class:`BettingRound` — one equalising round (checks, bets, calls, raises,
  drops; a raise cap; half-price calls for a player who has not looked, P5), whose one
  verifier (:meth:`BettingRound.verify`) gives the menu and the refusals alike.

The actions are those of every game (:mod:`bragkit.actions`); the operation records are in
:mod:`bragkit.games.stake_operations`, the shell the games share (:class:`StakeGame`) in
:mod:`bragkit.games.stake_game`, the record formats in :mod:`bragkit.games.stake_records`.

A betting round equalises. The dealer Dan has staked 5 (rule S2); Ann raises by 3, so Bob must
bring his stake up to 8 or drop:

>>> from bragkit.actions import Action
>>> money = Money({"Ann": 20, "Bob": 20, "Dan": 20}, pots=["pot"])
>>> money.pay("Dan", 5, "pot")
>>> limits = Limits(min_bet=1, max_bet=10, min_raise=1, max_raise=None, rule="S2")
>>> betting = BettingRound(seats=["Ann", "Bob", "Dan"], first="Ann", money=money, pot="pot",
...                        limits=limits, levels={"Dan": 5}, acted=["Dan"], first_staked=["Dan"])
>>> [str(o) for o in betting.options("Ann")]
['Ann drop', 'Ann call 5', 'Ann raise 1..15']
>>> betting.apply(Action.parse("Ann raise 3"))
8
>>> betting.to_act, betting.to_call("Bob"), betting.to_call("Dan")
('Bob', 8, 3)
>>> betting.apply(Action.parse("Bob drop"))
0
>>> betting.apply(Action.parse("Dan call"))
3
>>> betting.is_over, betting.in_play, money.pots["pot"], money.total
(True, ('Ann', 'Dan'), 16, 60)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bragkit.actions import Action, LegalAction, Verb
from bragkit.errors import IllegalActionError, RulesError

__all__ = [
    "ROUND_MENUS",
    "ROUND_VERBS",
    "BettingRound",
    "Limits",
    "Money",
    "option",
    "split_evenly",
]

#: The verbs of an equalising round, in the order the menu lists them.
ROUND_VERBS: Final = (Verb.DROP, Verb.CHECK, Verb.CALL, Verb.BET, Verb.RAISE)
_DROP, _CHECK, _CALL, _BET, _RAISE = ROUND_VERBS
_NOTHING_STAKED: Final = (_DROP, _CHECK, _BET)
_NOTHING_OWED: Final = (_DROP, _CHECK, _RAISE)
_OWING: Final = (_DROP, _CALL, _RAISE)
#: Every menu of verbs :meth:`BettingRound.menu_verbs` gives.
ROUND_MENUS: Final = (_NOTHING_STAKED, _NOTHING_OWED, _OWING)


@lru_cache(maxsize=4096)
def option(player: str, verb: Verb, min_amount: int | None = None,
           max_amount: int | None = None, cost: int | None = None) -> LegalAction:
    """The menu entry of ``player`` for ``verb``, made once and shared: entries are frozen, and
    the same few recur at every turn of every deal (speed: building one costs ten lookups).

    >>> option("Ann", Verb.CALL, None, None, 3) is option("Ann", Verb.CALL, None, None, 3)
    True
    """
    return LegalAction(player=player, verb=verb, min_amount=min_amount, max_amount=max_amount,
                       cost=cost)


# --------------------------------------------------------------------------------------------
# Money


class Money:
    """Every player's stack and the named pots of one deal.

    Chips only move between stacks and pots (and between players, for the forfeit of S2), so
    :attr:`total` never changes: chips are conserved by construction.

    >>> money = Money({"Ann": 5, "Bob": 5}, pots=["first", "second"])
    >>> money.pay("Ann", 2, "first"); money.award("first", "Bob", 2)
    >>> money.stacks, money.pots, money.total
    ({'Ann': 3, 'Bob': 7}, {'first': 0, 'second': 0}, 10)
    """

    __slots__ = ("pots", "stacks", "total")

    def __init__(self, stacks: Mapping[str, int], *, pots: Iterable[str]) -> None:
        self.stacks = dict(stacks)
        self.pots = dict.fromkeys(pots, 0)
        self.total = sum(self.stacks.values())

    def pay(self, player: str, amount: int, pot: str) -> None:
        """Move ``amount`` from a stack into a pot."""
        stacks = self.stacks
        if not 0 <= amount <= stacks[player]:
            _cannot_move(amount, f"{player} has only {stacks[player]}")
        stacks[player] -= amount
        self.pots[pot] += amount

    def pay_each(self, players: Iterable[str], amount: int, pots: Sequence[str]) -> None:
        """Move ``amount`` from each of ``players``' stacks into each of ``pots`` (stakes put
        up by everyone at once: :meth:`pay` for each, in one step).

        >>> money = Money({"Ann": 5, "Bob": 5}, pots=["first", "second"])
        >>> money.pay_each(["Ann", "Bob"], 2, ["first", "second"])
        >>> money.stacks, money.pots
        ({'Ann': 1, 'Bob': 1}, {'first': 4, 'second': 4})
        """
        stacks = self.stacks
        each = amount * len(pots)
        count = 0
        for player in players:
            if not 0 <= each <= stacks[player]:
                _cannot_move(each, f"{player} has only {stacks[player]}")
            stacks[player] -= each
            count += 1
        for pot in pots:
            self.pots[pot] += amount * count

    def award(self, pot: str, player: str, amount: int) -> None:
        """Move ``amount`` from a pot to a stack."""
        if not 0 <= amount <= self.pots[pot]:
            _cannot_move(amount, f"the {pot} pot holds only {self.pots[pot]}")
        self.pots[pot] -= amount
        self.stacks[player] += amount

    def transfer(self, payer: str, payee: str, amount: int) -> None:
        """Move ``amount`` from one stack to another."""
        if not 0 <= amount <= self.stacks[payer]:
            _cannot_move(amount, f"{payer} has only {self.stacks[payer]}")
        self.stacks[payer] -= amount
        self.stacks[payee] += amount

    def chips(self) -> int:
        """The chips counted now: stacks plus pots (always :attr:`total`)."""
        return sum(self.stacks.values()) + sum(self.pots.values())

    def copy(self) -> Money:
        """An independent copy."""
        other = Money(self.stacks, pots=())
        other.pots = dict(self.pots)
        other.total = self.total
        return other


def _cannot_move(amount: int, why: str) -> None:
    raise RuntimeError(f"cannot move {amount} chips: {why}")  # pragma: no cover


def split_evenly(amount: int, winners: Sequence[str]) -> dict[str, int]:
    """Split a pot among tied winners; odd chips go one each to the first winners as listed.

    The games list tied winners from the dealer's left (P4 [decision], like B8's odd chip).

    >>> split_evenly(7, ["Bob", "Ann"])
    {'Bob': 4, 'Ann': 3}
    """
    share, odd = divmod(amount, len(winners))
    return {w: share + (1 if i < odd else 0) for i, w in enumerate(winners)}



# --------------------------------------------------------------------------------------------
# One equalising betting round


def _never(_player: str) -> bool:
    return False


@dataclass(frozen=True, kw_only=True, slots=True)
class Limits:
    """The sizes of one betting round.

    ``min_bet``..``max_bet`` bound the first stake of a round where nobody has staked yet;
    ``min_raise``..``max_raise`` bound how much one raise puts on the highest stake (``None``: no
    limit but the player's money). Fixed limit (P2, P4) sets both bounds equal. ``max_raises``
    caps the raises of the round (P2: three) while more than two players are in, or always when
    ``cap_heads_up``. ``half_price`` lets a player who has not looked call for half (P5).
    ``rule`` is the id cited when a size is wrong; ``cap_rule`` the one for the cap.

    >>> Limits(min_bet=4, max_bet=2, min_raise=1, max_raise=1, rule="P2")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: min_bet 4 is more than max_bet 2
    """

    min_bet: int
    max_bet: int | None
    min_raise: int
    max_raise: int | None
    rule: str
    max_raises: int | None = None
    cap_heads_up: bool = False
    cap_rule: str = "P2"
    half_price: bool = False

    def __post_init__(self) -> None:
        if self.min_bet < 1 or self.min_raise < 1:
            raise RulesError("bets and raises are at least 1 chip")
        for low, high, name in ((self.min_bet, self.max_bet, "bet"),
                                (self.min_raise, self.max_raise, "raise")):
            if high is not None and high < low:
                raise RulesError(f"min_{name} {low} is more than max_{name} {high}")
        if self.max_raises is not None and self.max_raises < 0:
            raise RulesError("max_raises cannot be negative")


#: The most menus kept under one :class:`Limits` (:meth:`BettingRound.options`).
_MOST_MENUS: Final = 4096


@lru_cache(maxsize=64)
def _menus_under(limits: Limits) -> dict[tuple[object, ...], tuple[LegalAction, ...]]:
    """The menus already worked out under ``limits``, by what they depend on (shared by every
    round under the same limits: :meth:`BettingRound.options`)."""
    return {}


@lru_cache(maxsize=1)
def _menus_by_id() -> dict[int, tuple[Limits, dict[tuple[object, ...], tuple[LegalAction, ...]]]]:
    """:func:`_menus_under` by the id of its :class:`Limits` (with the limits, kept so the id
    stays theirs): hashing a dataclass of nine fields costs more than the round's set-up
    (speed, a round a deal). Cleared with the bounded caches; at most 64."""
    return {}


def _menus_of(limits: Limits) -> dict[tuple[object, ...], tuple[LegalAction, ...]]:
    """The menus kept under ``limits`` (:func:`_menus_under`), found by their identity."""
    known = _menus_by_id()
    found = known.get(id(limits))
    if found is not None and found[0] is limits:
        return found[1]
    menus = _menus_under(limits)
    if len(known) >= 64:
        known.clear()
    known[id(limits)] = (limits, menus)
    return menus


@lru_cache(maxsize=256)
def _clockwise(seats: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Every seat's followers clockwise, from the next to the seat itself (read, never
    changed: shared by every round at the same table)."""
    return {p: seats[i + 1:] + seats[:i + 1] for i, p in enumerate(seats)}


class BettingRound:
    """One round of equalising betting (rules S2, S4, P2, P4, P5).

    Each player in turn may drop (losing what they put in), check when there is nothing to call,
    call (bring their stake up to the highest single stake), bet (the first stake of a round) or
    raise. Forced stakes made before the round (the dealer's stake of S2, the blinds of P1) are
    given as ``levels``; players in ``acted`` have already acted (the dealer of S2: if everyone
    meets his stake, the round is over). The round ends when every player in has acted since the
    last raise and all stakes are equal, or when one player is left.

    A player who cannot afford to call may only drop: these games are not played at table
    stakes, so there is no all-in and no side pot ([decision], M4's ``"fold"``).
    ``blind(player)`` tells whether a player has not looked: such a player may only check, call
    (for half price when ``limits.half_price``, rounded up, like BL1) or drop; to bet or raise
    they look first (P5 [decision]).

    One verifier, :meth:`verify`, says for a player and a verb what is allowed or why not:
    :meth:`options` (the menu) and :meth:`check` (the refusal) both read it.
    """

    __slots__ = ("_blind", "_in", "_menus", "_next", "_pending", "_plain", "first_staked",
                 "highest", "levels", "limits", "money", "pot", "raises", "seats", "to_act")

    def __init__(
        self,
        *,
        seats: Sequence[str],
        first: str,
        money: Money,
        pot: str,
        limits: Limits,
        in_play: Iterable[str] | None = None,
        levels: Mapping[str, int] | None = None,
        acted: Iterable[str] = (),
        blind: Callable[[str], bool] = _never,
        first_staked: Sequence[str] = (),
    ) -> None:
        self.seats = seats = seats if type(seats) is tuple else tuple(seats)
        self.money = money
        self.pot = pot
        self.limits = limits
        self._menus = _menus_of(limits)
        self._next = _clockwise(seats)  # every seat's followers (read at every action)
        if in_play is None:
            ins = list(seats)
        else:
            live = set(in_play)
            ins = [p for p in seats if p in live]
        self._in = ins
        stakes = self.levels = dict.fromkeys(ins, 0)
        if levels:
            stakes.update(levels)
        self.highest = max(stakes.values(), default=0)
        self.raises = 0
        pending = self._pending = set(ins)
        if acted:
            pending.difference_update(acted)
        self._blind = blind
        # no cap on raises and nobody blind: a menu depends on the stakes and the stack alone
        self._plain = blind is _never and limits.max_raises is None
        self.first_staked = list(first_staked)
        #: Whose turn it is (``None`` once the round is over): a plain attribute, read at
        #: every decision; only the round sets it.
        self.to_act: str | None = None
        if first in pending and len(ins) > 1:  # (the commonest: the first to act is)
            self.to_act = first
        else:
            self._advance(seats[seats.index(first) - 1])  # the seat before the first to act

    # -- state ------------------------------------------------------------------------------
    @property
    def in_play(self) -> tuple[str, ...]:
        """The players still in, in seat order."""
        return tuple(self._in)

    def is_in(self, player: str) -> bool:
        """Whether ``player`` is still in (has not dropped)."""
        return player in self._in

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.to_act is None

    def to_call(self, player: str) -> int:
        """How far ``player``'s stake is below the highest single stake."""
        return self.highest - self.levels.get(player, 0)

    def call_cost(self, player: str) -> int:
        """The chips a call takes from ``player``: the difference, or half of it rounded up for
        a player who has not looked when half-price calls are allowed (P5)."""
        owed = self.highest - self.levels.get(player, 0)
        if self.limits.half_price and self._blind(player):
            return (owed + 1) // 2
        return owed

    # -- the one verifier -------------------------------------------------------------------
    def verify(self, player: str | None, verb: Verb) -> LegalAction | IllegalActionError:
        """What ``player`` may do with ``verb`` now: the option (with its amounts or cost), or
        the error, naming its rule, that says why not. Changes nothing.

        >>> money = Money({"Ann": 9, "Bob": 9}, pots=["pot"])
        >>> limits = Limits(min_bet=2, max_bet=2, min_raise=2, max_raise=2, rule="P2")
        >>> betting = BettingRound(seats=["Ann", "Bob"], first="Ann", money=money, pot="pot",
        ...                        limits=limits)
        >>> print(betting.verify("Ann", Verb.BET)), print(betting.verify("Ann", Verb.CALL))
        Ann bet 2
        Ann has nothing to call: check (rule P2)
        (None, None)
        """
        lim = self.limits
        to_act = self.to_act
        if player is None or player != to_act:
            if to_act is None:
                return IllegalActionError("the betting is over", rule=lim.rule)
            if player not in self._in:
                return IllegalActionError(f"{player} is not in the betting", rule="B11")
            return IllegalActionError(f"it is {to_act}'s turn, not {player}'s", rule="B11")
        owed = self.highest - self.levels[player]
        if verb is _DROP:
            return option(player, verb)
        if verb is _CHECK:
            if owed:
                return IllegalActionError(f"{player} cannot check: {owed} to call",
                                          rule=lim.rule)
            return option(player, verb)
        stack = self.money.stacks[player]
        if verb is _CALL:
            if not owed:
                return IllegalActionError(f"{player} has nothing to call: check", rule=lim.rule)
            cost = self.call_cost(player)
            if cost > stack:
                return IllegalActionError(
                    f"{player} has {stack} chips and the call costs {cost}; a player who cannot"
                    " equalise must drop", rule=lim.rule)
            return option(player, verb, None, None, cost)
        if verb is not _BET and verb is not _RAISE:
            return IllegalActionError(f"{player} cannot {verb} during the betting",
                                      rule=lim.rule)
        if self._blind is not _never and self._blind(player):
            return IllegalActionError(f"{player} has not looked: look first to {verb}",
                                      rule="P5")
        if verb is _BET:
            if self.highest:
                return IllegalActionError(
                    f"there is already a stake of {self.highest}: call or raise", rule=lim.rule)
            low, high, room = lim.min_bet, lim.max_bet, stack
        else:
            if not self.highest:
                return IllegalActionError("nobody has staked yet: bet", rule=lim.rule)
            cap = lim.max_raises  # the cap on raises: with more than two in, or always
            if cap is not None and self.raises >= cap and (
                    len(self._in) > 2 or lim.cap_heads_up):
                return IllegalActionError(
                    f"already {self.raises} raises with more than two players in",
                    rule=lim.cap_rule)
            low, high, room = lim.min_raise, lim.max_raise, stack - owed
        top = room if high is None or high > room else high
        if top < low:
            return IllegalActionError(f"{player} has {stack} chips, not enough to {verb} {low}",
                                      rule=lim.rule)
        return option(player, verb, low, top)

    def misfit(self, action: Action, option: LegalAction) -> IllegalActionError:
        """Why ``action`` does not fit ``option``, the verdict of :meth:`verify` for its verb:
        its amount is out of the option's range."""
        lim = self.limits
        low, high = ((lim.min_bet, lim.max_bet) if action.verb is _BET
                     else (lim.min_raise, lim.max_raise))
        amount, player = action.amount, str(action.player)
        if amount is not None and low <= amount and (high is None or amount <= high):
            return IllegalActionError(f"{player} has {self.money.stacks[player]} chips, not "
                                      f"enough to {action.verb} {amount}", rule=lim.rule)
        span = f"{low}" if low == high else f"{low} to {high or 'any amount'}"
        return IllegalActionError(f"a {action.verb} is {span}, not {amount}", rule=lim.rule)

    def menu_verbs(self, player: str) -> tuple[Verb, ...]:
        """The verbs worth asking :meth:`verify` about for the player to act, in menu order:
        drop; check or call; bet or raise (the others it would surely refuse)."""
        if not self.highest:
            return _NOTHING_STAKED
        return _NOTHING_OWED if self.highest == self.levels[player] else _OWING

    def options(self, player: str | None = None) -> list[LegalAction]:
        """The legal options of ``player`` (default: whoever is to act): every verb
        :meth:`verify` allows. A player out of turn has none.

        The verdicts for the player to act depend on nothing but their name, the highest
        stake and their own, their stack, whether they have looked, the raises so far and
        whether more than two are in (and the round's :class:`Limits`): the menu is kept under
        those (speed: the same few recur at every turn of every deal), and :meth:`verify` makes
        it the first time."""
        to_act = self.to_act
        if player is None:
            player = to_act
        if player is None or player != to_act:
            return []  # what verify says of every verb out of turn, without the messages
        return list(self.menu(player))

    def menu(self, player: str) -> tuple[LegalAction, ...]:
        """:meth:`options` of the player to act (``player``, who must be), as the tuple kept
        (frozen, shared: not to be changed; speed, no copy)."""
        if self._plain:  # (no cap, nobody blind: the rest of the key is always the same)
            key: tuple[object, ...] = (player, self.highest, self.levels[player],
                                       self.money.stacks[player])
        else:
            blind = self._blind
            key = (player, self.highest, self.levels[player], self.money.stacks[player],
                   blind is not _never and blind(player), self.raises, len(self._in) > 2)
        menus = self._menus
        menu = menus.get(key)
        if menu is None:
            menu = tuple(verdict for verb in self.menu_verbs(player)
                         if type(verdict := self.verify(player, verb)) is LegalAction)
            if len(menus) >= _MOST_MENUS:
                menus.clear()
            menus[key] = menu
        return menu

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (naming the rule) unless ``action`` is legal now."""
        verdict = self.verify(action.player, action.verb)
        if type(verdict) is not LegalAction:
            raise verdict  # type: ignore[misc]
        if action not in verdict:
            raise self.misfit(action, verdict)

    def apply(self, action: Action) -> int:
        """Check and apply a betting action; return the chips it put in the pot."""
        self.check(action)
        return self.play(action)

    def play(self, action: Action) -> int:
        """Apply a betting action already checked; return the chips it put in the pot."""
        player, verb = action.player, action.verb
        assert player is not None
        paid = 0
        pending = self._pending
        if verb is _DROP:
            self._in.remove(player)
            pending.discard(player)
        elif verb is _CHECK:
            pending.discard(player)
        elif verb is _CALL:
            levels = self.levels
            # call_cost: the difference, for a round where nobody is blind (no half price)
            paid = (self.highest - levels[player] if self._blind is _never
                    else self.call_cost(player))
            levels[player] = self.highest
            pending.discard(player)
        else:
            assert action.amount is not None
            highest = self.highest = self.highest + action.amount
            paid = highest - self.levels[player]
            self.levels[player] = highest
            if verb is _RAISE:
                self.raises += 1
            pending = self._pending = set(self._in)
            pending.discard(player)
        if paid:
            self.money.pay(player, paid, self.pot)
            if player not in self.first_staked:
                self.first_staked.append(player)
        self._advance(player)
        return paid

    def _advance(self, after: str) -> None:
        pending = self._pending
        if len(self._in) <= 1 or not pending:
            self.to_act = None
            return
        for seat in self._next[after]:  # clockwise from the seat after ``after``
            if seat in pending:
                self.to_act = seat
                return
        self.to_act = None  # pragma: no cover - pending players are always seated
