"""The ``solver`` bot: plays a CFR+ equilibrium strategy (:mod:`bragkit.solver`) heads-up.

Given only its player's view (the :class:`~bragkit.bots.agent.Agent` protocol), it replays the
public actions of the deal down the solver's betting tree — seat 0 is the dealer's left (B2) — and
draws its action from the strategy there: one distribution for every hand while it is blind
(BL6), the one for its hand's class once it has looked. Real deals stray from the abstraction,
and the bot maps them back:

- a bet off the stake menu counts as the nearest stake on it (log scale), a blind bet as the
  nearest blind stake (BL1);
- a look out of turn, during the deal (BL6), counts from the looker's next turn;
- past the cap on bets, or anywhere the history leaves the tree, the bot uses the node nearest
  in state (who is blind, the stake, the bets made) where it is to act;
- a *see* the rules do not allow here (an open player cannot see a blind one, BL4, which the
  abstraction allows at the cap) becomes a bet at the stake: the betting goes on;
- holding two hands (R2, after a blind win), it looks at the new one and keeps it if it is
  better than the median hand, else throws it and plays the old one blind; from there the deal
  maps onto the tree as usual.

Where it knows more than the abstraction says, it stops drawing from the strategy and takes the
action worth most against it (:func:`bragkit.solver.informed.action_values`, a best response in
the rest of the tree):

- it follows the unshuffled pack (D4, D5) as ``shark`` does (:mod:`bragkit.bots.tracking`): when
  it knows its own cards while still blind, or at least :attr:`SolverBot.min_known` (two) of the
  opponent's, it acts on them (one card tells little, and acting on it made the bot worse
  against ``shark``: -13.9 and -28.0 chips per 100 deals where two cards gave +7.5 and +6.6);
- a pot carried in from the last deal (BL3) is added to the pot the deal's winner takes; where
  that is all it knows beyond the abstraction, it answers with a best response or plays the
  strategy, whichever has won more in such deals against this opponent (a best response beat
  ``shark`` but lost 63 chips per 100 deals to ``cautious``, whose ranges are narrower than the
  equilibrium's);
- an opponent who kept one of two hands (R2) is taken to hold a better hand than the median;
- once it has lost two chips or more a deal over 20 deals in which the opponent bet blind, it
  takes the opponent's blind bets as made knowing their cards (as a player following the pack
  often does), betting as the strategy would open (:func:`bragkit.solver.informed.informed_blind`).

Anything else — more than two players, four- or five-card Brag, wild cards, an opponent holding
two hands (R2: they cannot be seen, which the abstraction does not know), a face-up hand (R3), a
short stack — goes to a fallback bot (``cautious`` by default).

Importing this module registers the bot as ``"solver"`` with :mod:`bragkit.bots.registry`. Its
strategy (:func:`default_strategy`) is the solution of the abstraction nearest its table
(:meth:`~bragkit.solver.abstraction.Abstraction.for_table`: for the arena's rules, made by
``bragkit solve --stakes 1,2,4,8,10 --blind-share 0.8 --target 1 --refine 200``, or with
``--blind-share 0.65`` where the pack is shuffled before every deal; the refinement
teaches it to answer play the equilibrium never makes) from the user's cache, else shipped with
the package (:mod:`bragkit.solver.shipped`: the arena's and ``bragkit play``'s tables), else
the default abstraction's, else a quick one solved on first use.

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> from bragkit.solver import Abstraction, solve
>>> strategy = solve(Abstraction(stakes=(1, 2), max_bets=2), iterations=30, cache=None)
>>> bot = SolverBot(strategy, seed=1)
>>> deal = Deal(strategy.abstraction.rules(), players=["Ann", "Bob"], dealer="Bob",
...             stacks=[50, 50], hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> action = bot.act(deal.view("Ann"))
>>> deal.can_apply(action), action.verb.value in {"look", "blind"}
(True, True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import math

import numpy as np
import numpy.typing as npt

from bragkit.actions import Action, LegalAction, Verb
from bragkit.arena_rules import arena_rules
from bragkit.bots.agent import (
    DEFAULT_BUDGET,
    Agent,
    AgentBase,
    DealEnded,
    DealStarted,
    Event,
    notify,
)
from bragkit.bots.reading import Menu, moves
from bragkit.bots.tracking import PackTracker
from bragkit.cards import RandomSource, make_rng
from bragkit.errors import BragError, RulesError
from bragkit.games.three_card.betting import blind_part
from bragkit.games.three_card.operations import Acted
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView
from bragkit.solver import driver
from bragkit.solver.abstraction import Abstraction
from bragkit.solver.informed import action_values
from bragkit.solver.report import hand_percentiles
from bragkit.solver.shipped import shipped
from bragkit.solver.strategy import Strategy
from bragkit.solver.tree import BettingTree, Kind

__all__ = [
    "SolverBot",
    "cached_strategy",
    "default_strategy",
    "equilibrium_advice",
    "locate",
    "solver_bot",
    "to_action",
]

FloatArray = npt.NDArray[np.float64]

#: A kept hand (R2) is taken to be better than this share of hands: the median, as every bot
#: here keeps (the choice of two hands is a better hand than either).
KEPT = 0.5


def cached_strategy(rules: Rules | None = None) -> Strategy | None:
    """The solution of the abstraction nearest a heads-up game of ``rules`` (the arena's by
    default: :meth:`Abstraction.for_table`) — solved into the user's cache, else shipped with
    the package (:mod:`bragkit.solver.shipped`) — else the same of the default abstraction if it
    plays the same hand order and blind rule (H10, BL1); None if there is none. Nothing is
    solved: a file is read at most."""
    rules = rules or arena_rules()
    wanted: list[Abstraction] = []
    with contextlib.suppress(RulesError):  # e.g. no stake a blind bet could set (BL1)
        wanted.append(Abstraction.for_table(rules))
    default = Abstraction()
    if (default.ordering, default.blind) == (rules.ordering, rules.blind):
        wanted.append(default)
    for abstraction in wanted:
        found = driver.cached(abstraction)
        if found is None:
            try:
                found = shipped(abstraction)
            except RulesError:  # a damaged package: as if nothing were shipped
                found = None
        if found is not None:
            return found
    return None


def default_strategy(rules: Rules | None = None) -> Strategy:
    """:func:`cached_strategy` (a solve in the user's cache, else one shipped), else a quick
    one for the table (at most two bets, solved in seconds and cached)."""
    found = cached_strategy(rules)
    if found is not None:
        return found
    try:
        table = Abstraction.for_table(rules or arena_rules())
    except RulesError:
        table = Abstraction()
    return driver.solve(dataclasses.replace(table, max_bets=2), iterations=200)


def _acted(view: DealView, player: str | None, verb: Verb) -> bool:
    """Whether ``player`` has made a move of ``verb`` this deal (from the view's records)."""
    return any(isinstance(op, Acted) and op.action.verb is verb and op.player == player
               for op in moves(view))


def _nearest(values: list[int], wanted: float) -> int:
    """The index of the value nearest ``wanted`` on a log scale."""
    return min(range(len(values)),
               key=lambda i: abs(math.log2(values[i]) - math.log2(max(wanted, 0.5))))


def locate(tree: BettingTree, view: DealView) -> tuple[int, bool]:
    """The tree node for the viewer's decision, and whether the history stayed on the tree.

    Assumes a heads-up deal of the three-card family with the viewer to act.
    """
    players = view.players
    first = players[(players.index(view.dealer) + 1) % len(players)]
    seat = {name: (0 if name == first else 1) for name in players}
    node = 0
    pending: set[int] = set()  # looked out of turn, during the deal (BL6)
    on_tree = True
    for op in moves(view):
        if not isinstance(op, Acted):  # another's face-down discard (F1): off the tree
            on_tree = False
            break
        action = op.action
        if action.verb in (Verb.TOPUP, Verb.THROW) or (action.verb is Verb.LOOK
                                                        and action.hand is not None):
            continue  # rule M1: money, not a move; R2: looking at one of two hands, or
            # throwing it, leaves the player blind
        who = seat.get(action.player or "", -1)
        if action.verb in (Verb.LOOK, Verb.KEEP):  # rules BL2, R2: now open
            if tree.player[node] == who and tree.blind_actor[node]:
                node = _child(tree, node, "look")
            else:
                pending.add(who)
            continue
        if action.verb not in (Verb.BET, Verb.BLIND) or tree.player[node] != who:
            on_tree = False
            break
        if tree.blind_actor[node] and (action.verb is Verb.BET or who in pending):
            node = _child(tree, node, "look")  # a bet includes the look (BL2)
        pending.discard(who)
        kind = Kind.BET if action.verb is Verb.BET else Kind.BLIND
        edges = [e for e in tree.edges_of(node) if tree.kind[e] == kind]
        if not edges or action.amount is None:  # past the cap on bets
            on_tree = False
            break
        stakes = [int(tree.amount[e]) for e in edges]
        node = int(tree.child[edges[_nearest(stakes, action.amount)]])
    me = seat[view.viewer or ""]
    bets = sum(1 for op in moves(view)
               if isinstance(op, Acted) and op.action.verb in (Verb.BET, Verb.BLIND))
    if on_tree and tree.player[node] == me:
        if tree.blind_actor[node] and view.hand is not None:
            node = _child(tree, node, "look")
        return node, True
    return _nearest_state(tree, view, me, bets), False


def equilibrium_advice(strategy: Strategy, view: DealView, *, least: float = 0.01) -> str | None:
    """What the equilibrium would do in the viewer's place, as one line for a trainer hint:
    its actions of probability ``least`` or more, likeliest first, as the table's actions
    (:func:`to_action`: the real amounts); None where the strategy does
    not apply (not heads-up three-card Brag, not the viewer's turn, two hands held, R2).

    >>> from bragkit.games.three_card.deal import Deal
    >>> from bragkit.solver import Abstraction, solve
    >>> strategy = solve(Abstraction(stakes=(1, 2), max_bets=2), iterations=30, cache=None)
    >>> deal = Deal(strategy.abstraction.rules(), players=["Ann", "Bob"], dealer="Bob",
    ...             stacks=[50, 50], hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    >>> deal.apply("Ann look")
    >>> equilibrium_advice(strategy, deal.view("Ann")).startswith("the equilibrium would ")
    True
    >>> equilibrium_advice(strategy, deal.view("Bob")) is None     # not Bob's turn
    True
    """
    if (len(view.players) != 2 or view.to_act != view.viewer or view.viewer is None
            or view.two_hands is not None or (view.hand is not None and len(view.hand) != 3)):
        return None
    tree = strategy.tree
    try:
        node, on_tree = locate(tree, view)
        cls = None if view.hand is None else strategy.space.class_of(view.hand)
        probs = strategy.node_probabilities(node, cls)
    except BragError:
        return None
    shares: dict[str, float] = {}  # the table's own actions and amounts, not the tree's
    for p, edge in zip(probs, tree.edges_of(node), strict=True):
        action = to_action(view, tree, edge)
        if action is not None:
            label = str(action).removeprefix(f"{view.viewer} ")
            shares[label] = shares.get(label, 0.0) + float(p)
    chosen = sorted(((p, label) for label, p in shares.items() if p >= least), reverse=True)
    text = ", ".join(f"{label} {p:.0%}" for p, label in chosen)
    return f"the equilibrium would {text}" + ("" if on_tree else " (nearest abstract state)")


def _child(tree: BettingTree, node: int, label: str) -> int:
    return int(tree.child[tree.step(node, label)])


def _nearest_state(tree: BettingTree, view: DealView, me: int, bets: int) -> int:
    """The node where the viewer is to act that is nearest the deal's real state: who is
    blind, the stake and the pot (log scale), the bets made (capped)."""
    players = view.players
    first = players[(players.index(view.dealer) + 1) % len(players)]
    names = (first, next(p for p in players if p != first))
    blind = tuple(name in view.blind for name in names)
    a = tree.abstraction
    stake = math.log2(max(view.stake, 1))
    pot = math.log2(max(view.pot - view.carried_pot, 1))
    best, best_cost = 0, math.inf
    for node, state in enumerate(tree.states):
        if state.player != me or state.blind != blind:
            continue
        cost = abs(math.log2(max(state.stake, 1)) - stake) * 2
        cost += abs(math.log2(sum(state.paid)) - pot)
        cost += abs(state.bets - min(bets, a.max_bets)) / 2
        if (state.stake == 0) != (view.stake == 0):
            cost += 10  # the first bet is not made yet, or is
        if cost < best_cost:
            best, best_cost = node, cost
    return best


class SolverBot(AgentBase):
    """Plays a solved strategy heads-up; anything else goes to ``fallback``."""

    kind = "solver"
    #: The fewest of the opponent's cards known (D5) for the bot to act on them.
    min_known = 2

    def __init__(
        self,
        strategy: Strategy | None = None,
        *,
        seed: RandomSource = None,
        budget: float = DEFAULT_BUDGET,
        rules: Rules | None = None,
        fallback: Agent | None = None,
        track: bool = True,
    ) -> None:
        self.strategy = strategy if strategy is not None else default_strategy(rules)
        self.rng = make_rng(seed)
        self.budget = budget
        self.given_rules = rules  # None: the table's rules are not known (assumed to fit)
        self.rules = rules or Rules()
        if fallback is None:
            from bragkit.bots.simple import CAUTIOUS, ThresholdBot

            fallback = ThresholdBot(CAUTIOUS, rules=rules, budget=budget)
        self.fallback = fallback
        self.track = track
        self.tracker = PackTracker()
        self._stack: int | None = None  # at the bot's first decision of the deal
        self._blind_results: list[int] = []  # chips won in deals where the opponent bet blind
        # rule BL3: with a pot carried in, answer it with a best response, or play the strategy?
        # chips won and deals played each way; this deal's way
        self._carried_results = {True: [0, 0], False: [0, 0]}
        self._free: bool | None = None
        self.informed = 0  # decisions taken by what the bot knows beyond the abstraction
        self.off_tree = 0  # decisions taken at the nearest node, not on the tree
        self.fallbacks = 0  # decisions left to the fallback bot
        self._percentile = hand_percentiles(self.strategy.space)

    def observe(self, event: Event) -> None:
        """Follow the pack (D4, D5); pass the table's events on to the fallback bot."""
        if self.track:
            if isinstance(event, DealStarted):
                self.tracker.start(event)
            else:
                self.tracker.end(event)
        if isinstance(event, DealEnded):
            self._learn(event.view)
        notify(self.fallback, event)

    def _learn(self, view: DealView) -> None:
        """After a deal in which the opponent bet blind, note what it cost the bot."""
        me = str(view.viewer)
        opponent = next((p for p in view.players if p != me), None)
        if self._stack is not None:
            won = view.stacks.get(me, 0) - self._stack
            if _acted(view, opponent, Verb.BLIND):
                self._blind_results.append(won)
            if self._free is not None:
                record = self._carried_results[self._free]
                record[0] += won
                record[1] += 1
        self._stack = None
        self._free = None

    def _answer_freely(self) -> bool:
        """With a pot carried in (BL3), whether to answer it with a best response to the
        strategy or play the strategy: each way for the first 30 such deals, then the way that
        has won more a deal, trying the other one deal in ten."""
        free, kept = self._carried_results[True], self._carried_results[False]
        if min(free[1], kept[1]) < 30:
            return free[1] <= kept[1]
        better = free[0] / free[1] >= kept[0] / kept[1]
        return better if self.rng.random() >= 0.1 else not better

    @property
    def reads_blind_as_informed(self) -> bool:
        """Whether the opponent's blind bets are taken as made knowing their cards (which the
        unshuffled pack, D4 and D5, often tells a player who follows it): the bot has lost two
        chips or more a deal, over 20 or more deals, where they bet blind."""
        results = self._blind_results
        return len(results) >= 20 and sum(results) <= -2 * len(results)

    def _applies(self, view: DealView) -> bool:
        rules = self.given_rules
        a = self.strategy.abstraction
        if rules is not None and (rules.cards != 3 or rules.wild_cards
                                  or rules.ordering != a.ordering or rules.blind != a.blind):
            return False
        return (len(view.players) == 2 and len(view.in_play) == 2 and not view.covered
                and view.two_hands is None and not view.face_up
                and view.to_act == view.viewer
                and view.viewer is not None
                and (view.hand is None or len(view.hand) == 3))

    def act(self, view: DealView) -> Action:
        """The strategy's action for this view (see the module docstring)."""
        if self._stack is None and view.viewer is not None:
            self._stack = view.stacks.get(view.viewer, 0)
            if view.carried_pot:
                self._free = self._answer_freely()
        if view.two_hands is not None and view.two_hands == view.viewer:
            chosen = self._two_hands(view)
            if chosen is not None:
                return chosen
        if not self._applies(view):
            self.fallbacks += 1
            return self.fallback.act(view)
        try:
            return self._act(view)
        except BragError:
            self.fallbacks += 1
            return self.fallback.act(view)

    def _two_hands(self, view: DealView) -> Action | None:
        """Rule R2: look at the new hand; keep it if better than the median hand, else throw
        it and play the old one blind."""
        menu = Menu(view)
        if menu.has(Verb.KEEP) and view.hand is not None and len(view.hand) == 3:
            try:
                cls = self.strategy.space.class_of(view.hand)
            except BragError:
                return None
            better = self._percentile[cls] >= KEPT
            return menu.simple(Verb.KEEP if better else Verb.THROW)
        return menu.simple(Verb.LOOK, "new")

    def _act(self, view: DealView) -> Action:
        strategy = self.strategy
        tree = strategy.tree
        node, on_tree = locate(tree, view)
        if not on_tree:
            self.off_tree += 1
        edges = list(tree.edges_of(node))
        informed = self._informed(view, node)
        if informed is not None:
            self.informed += 1
            pick = edges[int(np.argmax(informed))]
        else:
            cls = None if view.hand is None else strategy.space.class_of(view.hand)
            probs = np.clip(strategy.node_probabilities(node, cls), 0.0, None)
            pick = edges[_draw(probs, self.rng.random())]
        action = to_action(view, tree, pick)
        if action is None:
            raise BragError("no legal action for the strategy's choice")
        return action

    def _informed(self, view: DealView, node: int) -> FloatArray | None:
        """What each action is worth where the bot knows more than the abstraction says (the
        opponent's cards in part, or its own while blind: D4, D5; the opponent's blind bets
        as informed), or a pot is carried in (BL3) and answering it freely has paid; None
        where it does not, or the knowledge fits no hand of the strategy's."""
        knowledge = self.tracker.knowledge
        hand = view.hand
        if hand is None and self.track:
            hand = knowledge.own_hand(view, 3)
        if hand is None:
            return None
        opponent = next(p for p in view.players if p != view.viewer)
        known = knowledge.cards_of(opponent) if self.track else ()
        if len(known) < self.min_known:
            known = ()  # one card tells little, and acting on it makes the bot predictable
        informed_blind = (opponent in view.blind and self.reads_blind_as_informed
                          and _acted(view, opponent, Verb.BLIND))
        kept = opponent not in view.blind and _acted(view, opponent, Verb.KEEP)  # rule R2
        if not (known or informed_blind or view.hand is None or (view.carried_pot and self._free)):
            return None  # the abstraction's own question: the equilibrium answers it
        dead = [c for c in knowledge.stock if c not in known] if self.track else []
        if view.stock_card is not None:
            dead.append(view.stock_card)  # rule D9
        try:
            return action_values(self.strategy, node, hand, known=known, dead=dead,
                                 carried=view.carried_pot, blind_informed=informed_blind,
                                 stronger_than=KEPT if kept else 0.0)
        except BragError:
            return None


def to_action(view: DealView, tree: BettingTree, edge: int) -> Action | None:
    """The real action for an edge of the tree in this deal: a bet clamped to the legal amounts;
    a see the rules forbid (an open player cannot see a blind one, BL4) becomes a bet at the
    stake; a look that is not allowed, the least bet (or a cover, or a fold)."""
    menu = Menu(view)
    kind = Kind(int(tree.kind[edge]))
    amount = int(tree.amount[edge])
    if kind is Kind.LOOK:
        return menu.simple(Verb.LOOK) or _stay(menu, amount)
    if kind is Kind.FOLD:
        return menu.fold()
    if kind is Kind.SEE:
        see = menu.get(Verb.SEE)
        if see is not None:
            return see.action()
        return _stay(menu, view.stake)  # BL4: cannot see a blind player
    verb = Verb.BET if kind is Kind.BET else Verb.BLIND
    option = menu.get(verb)
    if option is None:
        return _stay(menu, amount)
    return _clamped(option, amount)


def _stay(menu: Menu, amount: int) -> Action | None:
    """Bet about ``amount`` (open terms), or the least; cover or fold if that is all."""
    option = menu.wager_option()
    if option is not None:
        wanted = amount if option.verb is Verb.BET else blind_part(amount)  # rule BL1
        return _clamped(option, wanted)
    cover = menu.get(Verb.COVER)
    if cover is not None:
        return cover.action()
    return menu.fold() if menu.has(Verb.FOLD) else None


def _clamped(option: LegalAction, amount: int) -> Action:
    low = option.min_amount or 0
    high = option.max_amount if option.max_amount is not None else max(amount, low)
    return option.action(min(max(amount, low), high))


def _draw(probs: np.ndarray, u: float) -> int:
    total = float(probs.sum())
    if total <= 0:
        return 0
    cumulative = np.cumsum(probs) / total
    return min(int(np.searchsorted(cumulative, u, side="right")), len(probs) - 1)


def solver_bot(*, seed: RandomSource = None, budget: float = DEFAULT_BUDGET,
               rules: Rules | None = None) -> SolverBot:
    """The registry's factory: a solver bot on :func:`default_strategy`."""
    return SolverBot(seed=seed, budget=budget, rules=rules)

