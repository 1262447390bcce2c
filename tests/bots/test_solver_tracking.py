"""The ``solver`` bot follows the unshuffled pack (rules D4, D5, D6) and acts on what it knows:
its own cards while blind (BL6 hides them from its view, not its memory), the opponent's cards,
a carried pot (BL3), blind bets read as informed (BL1); and its default strategy is the one of
its table (:meth:`Abstraction.for_table`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bragkit.arena as arena
from bragkit.arena import arena_rules, play_arena
from bragkit.bots import ended_event
from bragkit.bots import solver_bot as solver_module
from bragkit.bots.agent import ask as real_ask
from bragkit.bots.shark import SharkBot
from bragkit.bots.solver_bot import SolverBot, default_strategy
from bragkit.bots.tracking import Knowledge
from bragkit.cards import Card, parse_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.solver import Abstraction, solve
from bragkit.solver.abstraction import TABLE_BLIND_SHARE
from bragkit.solver.driver import cache_dir, cached
from bragkit.solver.hand_space import hand_space
from bragkit.solver.informed import action_values as real_values
from bragkit.solver.strategy import Strategy, betting_tree
from bragkit.solver.traversal import uniform_strategy

RULES = arena_rules()
DEALS = 600


@pytest.fixture(scope="module")
def strategy() -> Strategy:
    return solve(Abstraction.for_table(RULES, max_bets=2), iterations=30, cache=None)


# -- Knowledge -------------------------------------------------------------------------------


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_cards_of_gives_nothing_for_a_retained_hand_rules_R1_R2() -> None:
    """The cards dealt to a player holding a retained blind hand may not be the hand they
    play (R1, R2): what was tracked of them is not their hand."""
    knowledge = Knowledge(holding={"Ann": _cards("Qh Qs"), "Bob": _cards("As Tc 3d")},
                          stock=_cards("2c"), retained="Bob")
    assert knowledge.cards_of("Bob") == ()
    assert knowledge.cards_of("Ann") == _cards("Qh Qs")
    assert knowledge.cards_of("Cy") == ()
    plain = Knowledge(holding={"Bob": _cards("As Tc 3d")}, stock=())
    assert plain.retained is None
    assert plain.cards_of("Bob") == _cards("As Tc 3d")


def _blind_deal(**options: Any) -> Deal:
    return Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 3d"}, **options)


def test_own_hand_is_the_tracked_hand_only_when_every_card_is_known_rule_BL6() -> None:
    view = _blind_deal().view("Ann")
    assert view.hand is None  # Ann is blind: her view hides her cards (BL6)
    full = Knowledge(holding={"Ann": _cards("Qh Qs 4d"), "Bob": ()}, stock=())
    assert full.own_hand(view, 3) == _cards("Qh Qs 4d")
    assert full.own_hand(view, 4) is None  # not the number of cards dealt
    partial = Knowledge(holding={"Ann": _cards("Qh Qs"), "Bob": ()}, stock=())
    assert partial.own_hand(view, 3) is None
    assert Knowledge(holding={}, stock=()).own_hand(view, 3) is None
    retained = Knowledge(holding={"Ann": _cards("Qh Qs 4d")}, stock=(), retained="Ann")
    assert retained.own_hand(view, 3) is None


def test_own_hand_is_none_with_two_hands_or_a_face_up_hand_rules_R2_R3() -> None:
    """Holding a retained hand and a new one (R2), or a face-up one (R3), the three cards
    tracked are not the whole of what the player holds."""
    two = _blind_deal(retained={"Ann": "Ks Kd Kh"})
    view = two.view("Ann")
    assert view.held["Ann"] == 6
    tracked = Knowledge(holding={"Ann": _cards("Qh Qs 4d")}, stock=())
    assert tracked.own_hand(view, 3) is None
    face_up = Deal(Rules(retained_blind="face-up"), players=["Ann", "Bob"], dealer="Bob",
                   stacks=[50, 50], hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 3d"},
                   retained={"Ann": "Ks Kd Kh"}, carried_pot=4)
    view = face_up.view("Ann")
    assert view.face_up
    assert tracked.own_hand(view, 3) is None


# -- the bot in an arena ---------------------------------------------------------------------


class _Spy:
    """Records every call of ``action_values`` by the bot, with the deal it was asked in."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[dict[str, Any]] = []
        self.deal: Deal | None = None
        self.name: str | None = None
        def action_values(strategy: Strategy, node: int, hand: Any, **options: Any) -> Any:
            call = {"hand": tuple(parse_cards(hand)), **options, "deal": self.deal,
                    "viewer": self.name, "node": node}
            self.calls.append(call)
            result = real_values(strategy, node, hand, **options)
            call["ok"] = True
            return result

        def ask(agent: Any, deal: Deal, player: str | None = None) -> Any:
            self.deal, self.name = deal, player
            return real_ask(agent, deal, player)

        monkeypatch.setattr(solver_module, "action_values", action_values)
        monkeypatch.setattr(arena, "ask", ask)

    def answered(self) -> Iterator[dict[str, Any]]:
        return (c for c in self.calls if c.get("ok"))


def _arena(bot: SolverBot, seed: int) -> None:
    """Play the arena; ask() raises on any action the engine does not list (never illegal)."""
    play_arena([("solver", bot), ("shark", SharkBot(seed=seed + 1))], deals=DEALS, rules=RULES,
               seed=seed)


def test_without_tracking_only_a_carried_pot_makes_an_informed_decision_rule_BL3(
    strategy: Strategy, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``track=False`` the bot knows no card beyond its own open hand: no opponent card,
    no stock card, never its own cards while blind. The only informed decisions left are
    those where a pot was carried in (BL3), which the abstraction does not hold."""
    spy = _Spy(monkeypatch)
    bot = SolverBot(strategy, seed=1, track=False)
    _arena(bot, 2)
    assert bot.tracker.knowledge.holding == {}  # it followed nothing
    answered = list(spy.answered())
    assert bot.informed == len(answered)
    assert answered  # shark is folded to blind now and then (BL3)
    for call in spy.calls:
        deal, viewer = call["deal"], call["viewer"]
        assert call["known"] == () and list(call["dead"]) == []
        assert call["carried"] == deal.view(viewer).carried_pot
        assert deal.view(viewer).hand is not None  # never while blind
        # a carried pot, or blind bets read as informed (after twenty costly deals)
        assert call["carried"] > 0 or (call["blind_informed"] and len(bot._blind_results) >= 20)


def test_with_tracking_the_bot_acts_on_what_it_knows_rules_D5_BL6(
    strategy: Strategy, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With tracking (the default) the bot acts on the cards it followed through the pack,
    never illegally, and everything it acts on is true of the deal."""
    spy = _Spy(monkeypatch)
    bot = SolverBot(strategy, seed=1)
    assert bot.track
    _arena(bot, 2)
    answered = list(spy.answered())
    assert bot.informed == len(answered) > 0
    on_cards = blind_own = 0
    for call in spy.calls:
        deal, viewer = call["deal"], call["viewer"]
        opponent = next(p for p in deal.players if p != viewer)
        view = deal.view(viewer)
        mine = deal.cards_of(viewer)
        assert call["hand"] == tuple(mine)  # its own hand, tracked while blind (D5)
        blind_own += view.hand is None
        known = tuple(call["known"])
        if known:
            on_cards += 1
            assert len(known) >= SolverBot.min_known  # one card is not acted on
            assert set(known) <= set(deal.cards_of(opponent))  # and every card is right
        dead = set(call["dead"])
        assert not dead & set(deal.cards_of(opponent)) and not dead & set(mine)
    assert on_cards > 0 and blind_own > 0


def test_reads_blind_as_informed_after_twenty_costly_deals_rule_BL1() -> None:
    bot = SolverBot(solve(Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQ"), iterations=1,
                          cache=None), seed=1)
    assert not bot.reads_blind_as_informed
    bot._blind_results = [-5] * 19  # costly, but too few deals
    assert not bot.reads_blind_as_informed
    bot._blind_results = [-2] * 20  # two chips a deal over twenty
    assert bot.reads_blind_as_informed
    bot._blind_results = [-3] * 10 + [-1] * 10  # on average two
    assert bot.reads_blind_as_informed
    bot._blind_results = [-2] * 19 + [-1]  # a chip short
    assert not bot.reads_blind_as_informed
    bot._blind_results = [-1] * 40
    assert not bot.reads_blind_as_informed
    bot._blind_results = [-10] * 20 + [5] * 20  # -200 + 100 over 40 deals: -2.5 a deal
    assert bot.reads_blind_as_informed


def test_a_deal_with_a_blind_bet_by_the_opponent_is_counted_rules_BL1_BL3() -> None:
    """The bot notes what a deal cost it from its first decision, where the opponent bet
    blind; not in other deals."""
    strategy = solve(Abstraction(stakes=(1, 2, 4), max_bets=2), iterations=1, cache=None)
    bot = SolverBot(strategy, seed=1)
    deal = Deal(strategy.abstraction.rules(), players=["Ann", "Bob"], dealer="Bob",
                stacks=[50, 50], hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 3d"})
    bot.act(deal.view("Ann"))  # the bot's first decision: 49 after the ante
    for text in ("Ann look", "Ann bet 2", "Bob blind 1", "Ann bet 4", "Bob look", "Bob fold"):
        deal.apply(text)
    assert deal.over
    bot.observe(ended_event(deal, "Ann"))
    assert bot._blind_results == [deal.view("Ann").stacks["Ann"] - 49] == [1 + 1 + 1]
    other = Deal(strategy.abstraction.rules(), players=["Ann", "Bob"], dealer="Bob",
                 stacks=[50, 50], hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 3d"})
    bot.act(other.view("Ann"))
    for text in ("Ann look", "Ann bet 2", "Bob look", "Bob fold"):
        other.apply(text)
    bot.observe(ended_event(other, "Ann"))
    assert len(bot._blind_results) == 1


# -- the default strategy --------------------------------------------------------------------


def _cache_uniform(abstraction: Abstraction) -> None:
    tree, space = betting_tree(abstraction), hand_space(abstraction)
    Strategy(abstraction, uniform_strategy(tree, space)).save(cache_dir() / abstraction.key())


def test_default_strategy_is_the_cached_one_of_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BRAGKIT_CACHE", str(tmp_path))
    assert cache_dir() == tmp_path / "solver"
    rules = Rules(max_bet=2)
    table = Abstraction.for_table(rules)
    assert table.stakes == (1, 2) and table.blind_share == TABLE_BLIND_SHARE["prial-seen"]
    solve(table, iterations=1)  # into the temporary cache
    assert cached(table) is not None
    found = default_strategy(rules)
    assert found.abstraction == table
    assert found.key == table.key()
    assert SolverBot(rules=rules, seed=1).strategy.abstraction == table


def test_default_strategy_falls_back_to_the_default_abstraction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BRAGKIT_CACHE", str(tmp_path))
    rules = Rules(max_bet=4)
    assert cached(Abstraction.for_table(rules)) is None
    _cache_uniform(Abstraction())
    assert default_strategy(rules).abstraction == Abstraction()
    # a table no abstraction fits (one odd stake: no blind bet to set, BL1) falls back too
    assert default_strategy(Rules(min_bet=1, max_bet=1)).abstraction == Abstraction()
    # once the table's own is cached, it wins
    _cache_uniform(Abstraction.for_table(rules))
    assert default_strategy(rules).abstraction == Abstraction.for_table(rules)


def test_default_strategy_without_rules_is_the_arenas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BRAGKIT_CACHE", str(tmp_path))
    _cache_uniform(Abstraction())
    _cache_uniform(Abstraction.for_table(arena_rules()))
    found = default_strategy()
    assert found.abstraction == Abstraction.for_table(arena_rules())
    assert found.abstraction.stakes == (1, 2, 4, 8, 10)


def test_with_only_a_carried_pot_the_bot_answers_it_or_plays_the_strategy_rule_BL3(
    strategy: Strategy, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where only a carried pot differs from the abstraction (BL3), the bot either answers it
    with a best response (any move, the pot counted) or plays the strategy (nothing asked)."""
    deal = Deal(RULES, players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
                hands={"Ann": "7c 4d 2s", "Bob": "As Tc 9d"}, carried_pot=6)
    deal.apply("Ann look")
    view = deal.view("Ann")
    tree = strategy.tree
    node = tree.find(["look"])
    probs = strategy.node_probabilities(node, strategy.space.class_of("7c 4d 2s"))
    rare = int(np.argmin(probs))
    assert probs[rare] < 0.05  # a move the strategy (almost) never makes here
    edges = list(tree.edges_of(node))
    asked: list[int] = []

    def values(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["carried"])
        out = np.zeros(len(edges))
        out[rare] = 1.0
        return out

    monkeypatch.setattr(solver_module, "action_values", values)
    free = SolverBot(strategy, seed=1, track=False)
    monkeypatch.setattr(free, "_answer_freely", lambda: True)
    assert str(free.act(view)) == f"Ann {tree.label(edges[rare])}"
    assert asked == [6] and free.informed == 1
    plain = SolverBot(strategy, seed=1, track=False)
    monkeypatch.setattr(plain, "_answer_freely", lambda: False)
    for _ in range(20):
        plain._stack = None  # each a deal's first decision
        chosen = str(plain.act(view)).split(" ", 1)[1]
        assert probs[[tree.label(e) for e in edges].index(chosen)] > 0  # the strategy's own
    assert asked == [6] and plain.informed == 0


def test_the_bot_tries_both_answers_to_a_carried_pot_then_keeps_the_better_rule_BL3(
    strategy: Strategy,
) -> None:
    """Each way for 30 deals with a pot carried in, then the way that won more a deal, with
    the other tried about one deal in ten."""
    bot = SolverBot(strategy, seed=3, track=False)
    ways = []
    for _ in range(60):
        way = bot._answer_freely()
        ways.append(way)
        bot._carried_results[way][0] += 2 if way else -1  # answering freely wins here
        bot._carried_results[way][1] += 1
    assert ways.count(True) == ways.count(False) == 30
    later = [bot._answer_freely() for _ in range(1000)]
    assert 0.85 < later.count(True) / 1000 < 0.95
    bot._carried_results[False][0] += 1000  # now keeping to the strategy has won more
    assert sum(bot._answer_freely() for _ in range(1000)) / 1000 < 0.15
