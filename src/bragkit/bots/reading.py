"""Reading a view, for bots: the menu of legal actions, and the public betting history.

:class:`Menu` holds the options of the viewer (from ``view.legal_actions``) and turns a wish
("bet about 6") into a legal action, clamped into the allowed range, so a bot built on it
cannot act illegally. :class:`History` replays the view's censored operation records
(``view.operations``: typed actions and the chips each paid, never re-parsed text) to recover,
for every player, how they have played this deal: blind bets (which say nothing about their
cards, rule BL1), open bets and raises (which do), sees and covers.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(max_bet=20), players=["Ann", "Bob", "Cy"], dealer="Cy",
...             stacks=[50, 50, 50],
...             hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
>>> for text in ["Ann bet 2", "Bob blind 1", "Cy bet 6"]:
...     deal.apply(text)
>>> view = deal.view("Ann")
>>> menu = Menu(view)
>>> str(menu.bet(100)), str(menu.bet(1))          # clamped into 6..20 (rules B1, B3)
('Ann bet 20', 'Ann bet 6')
>>> history = History.of(view)
>>> history.stake, [b.amount for b in history.player("Cy").open_bets]
(6, [6])
>>> history.player("Bob").blind_bets, history.player("Cy").open_bets[0].raised
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import InvalidActionError
from bragkit.games.three_card.betting import least_bet, stake_after
from bragkit.games.three_card.operations import Acted, DiscardHidden
from bragkit.games.three_card.views import DealView

__all__ = ["History", "Menu", "OpenBet", "PlayerHistory", "moves"]


class Menu:
    """The viewer's legal actions (top-ups and the agreed showdown of B8 set apart)."""

    __slots__ = ("_options", "player", "view")

    def __init__(self, view: DealView) -> None:
        self.view = view
        self.player = view.viewer
        self._options: dict[tuple[Verb, str | None], LegalAction] = {}
        for option in view.legal_actions:
            if option.player == view.viewer:
                self._options.setdefault((option.verb, option.hand), option)

    def get(self, verb: Verb, hand: str | None = None) -> LegalAction | None:
        """The option for a verb (and ``old``/``new`` for a look, R2), if legal."""
        return self._options.get((verb, hand))

    def has(self, verb: Verb, hand: str | None = None) -> bool:
        """Whether the verb is legal now."""
        return (verb, hand) in self._options

    @property
    def choices(self) -> tuple[LegalAction, ...]:
        """Every option of the viewer's turn: not top-ups (M1, not a move in the game), nor an
        agreement to a showdown (B8: a bot answers one when asked, see
        :func:`bragkit.bots.agent.agreement`)."""
        return tuple(o for (verb, _), o in self._options.items()
                     if verb is not Verb.TOPUP and verb is not Verb.AGREE)

    def wager_option(self) -> LegalAction | None:
        """The option to stay in by betting: an open bet if the viewer has looked, else a blind
        bet (BL1); a lent bet (M4) when that is all there is."""
        return self.get(Verb.BLIND) if self.view.hand is None and self.has(Verb.BLIND) \
            else self.get(Verb.BET) or self.get(Verb.BLIND)

    def bet(self, amount: int | None = None, *, option: LegalAction | None = None) -> Action:
        """A bet as close to ``amount`` as the rules allow (None: the least). Raises
        :class:`InvalidActionError` when no bet is legal."""
        chosen = option or self.wager_option()
        if chosen is None:
            raise InvalidActionError(f"{self.player} cannot bet now")
        low = chosen.min_amount or 0
        high = chosen.max_amount
        wanted = low if amount is None else max(low, amount)
        if high is not None:
            wanted = min(wanted, high)
        return chosen.action(wanted)

    def fold(self) -> Action:
        """Fold (always legal at one's turn, B2)."""
        return Action(player=self.player, verb=Verb.FOLD)

    def simple(self, verb: Verb, hand: str | None = None) -> Action | None:
        """The action of an option without a choice of amount (fold, look, keep, throw, the
        exact see or cover), if legal."""
        option = self.get(verb, hand)
        return None if option is None else option.action()

    def discard(self, cards: tuple[Card, ...]) -> Action:
        """Set these cards aside (F1)."""
        return Action(player=self.player, verb=Verb.DISCARD, cards=cards)


@dataclass(frozen=True, kw_only=True, slots=True)
class OpenBet:
    """An open bet (or see, or cover) by a player who had looked: evidence about their hand.

    ``index`` counts the player's open bets this deal (1 for the first); ``amount`` is in open
    terms; ``stake`` the stake before it (0 for the first bet of the deal, B2); ``raised`` whether
    it went above the least allowed; ``pot`` the pot before it.
    """

    index: int
    amount: int
    stake: int
    raised: bool
    pot: int
    verb: Verb


@dataclass(slots=True)
class PlayerHistory:
    """How one player has played this deal so far."""

    looked: bool = False
    folded: bool = False
    folded_blind: bool = False
    covered: bool = False
    declined_sees: int = 0
    blind_bets: int = 0
    open_bets: list[OpenBet] = field(default_factory=list)
    paid: int = 0

    @property
    def bets(self) -> int:
        """Every bet made, blind or open."""
        return self.blind_bets + len(self.open_bets)


@dataclass(slots=True)
class History:
    """The public betting of one deal, replayed from a view's censored operation records."""

    players: dict[str, PlayerHistory]
    stake: int
    start_pot: int

    @classmethod
    def of(cls, view: DealView, *, min_bet: int = 1) -> History:
        """Replay the actions of ``view`` (its :class:`Acted` and :class:`DiscardHidden`
        records, :func:`moves`): the chips each paid are the records' own (``paid``), the
        stake after a bet :func:`~bragkit.games.three_card.betting.stake_after`'s."""
        names = view.players
        people = {name: PlayerHistory() for name in names}
        records = moves(view)
        paid_total = sum(op.paid for op in records if isinstance(op, Acted))
        start_pot = view.pot - paid_total if not view.is_over else 0
        pot = start_pot
        stake = 0
        betting = len(names)
        for op in records:
            if isinstance(op, DiscardHidden):  # rule F2: another's discard includes the look
                people[op.player].looked = True
                continue
            action = op.action
            if action.player is None:  # a showdown (B8)
                continue
            who = people[action.player]
            verb = action.verb
            amount = action.amount or 0
            if verb in (Verb.BET, Verb.BLIND) and betting == 2 and stake:
                other = next((p for n, p in people.items() if n != action.player
                              and not p.folded and not p.covered), None)
                if other is not None and (not who.looked or other.looked):
                    who.declined_sees += 1  # rules B6, BL4: a see was open to them
            if verb in (Verb.LOOK, Verb.DISCARD, Verb.KEEP):
                if action.hand is None or verb is Verb.KEEP:  # rule R2: a keep is a look
                    who.looked = True
            elif verb is Verb.FOLD:
                who.folded = True
                who.folded_blind = not who.looked
                betting -= 1
            elif verb is Verb.BLIND:
                who.blind_bets += 1
                stake = stake_after(amount, blind=True)  # rule BL1
            elif verb is Verb.BET:
                who.looked = True  # a bet includes the look (BL2)
                least = least_bet(min_bet, stake)  # rules B2, B3
                who.open_bets.append(OpenBet(index=len(who.open_bets) + 1, amount=amount,
                                             stake=stake, raised=amount > least, pot=pot,
                                             verb=verb))
                stake = stake_after(amount, blind=False)
            elif verb in (Verb.SEE, Verb.COVER) and who.looked:
                who.open_bets.append(OpenBet(index=len(who.open_bets) + 1, amount=stake,
                                             stake=stake, raised=False, pot=pot, verb=verb))
                who.covered = verb is Verb.COVER
                betting -= verb is Verb.COVER
            elif verb is Verb.COVER:
                who.covered = True
                betting -= 1
            pot += op.paid  # rules B3, B6, BL1, M2: only bets, sees and covers pay
            who.paid += op.paid
        return cls(players=people, stake=stake, start_pot=start_pot)

    def player(self, name: str) -> PlayerHistory:
        """One player's history."""
        return self.players[name]


def moves(view: DealView) -> tuple[Acted | DiscardHidden, ...]:
    """The actions of ``view``'s deal as its viewer knows them, one record for each line of
    ``view.actions``: an :class:`Acted` (the typed action and the chips it ``paid``), or a
    :class:`DiscardHidden` for another player's face-down discard (F1).

    >>> from bragkit.games.three_card.rules import Rules
    >>> from bragkit.games.three_card.deal import Deal
    >>> deal = Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
    ...             hands={"Ann": "Qh Qs 4d 7c", "Bob": "As Tc 2d 3h"})
    >>> deal.apply("Ann discard 7c"); deal.apply("Ann bet 2")
    >>> [str(op) for op in moves(deal.view("Bob"))]
    ['Ann discard [1 card]', 'Ann bet 2']
    """
    return tuple(op for op in view.operations if isinstance(op, Acted | DiscardHidden))
