"""The strong bots of every game: the arrangers of Nine Card Brag and Crash (N3-N6, C2-C5) and
the equity bettor of historic Brag and Brag Poker (S1-S4, P1-P5); and the name rule: a bot
does what its name says ("cautious" never raises a high-card hand)."""

from __future__ import annotations

import random

import pytest

from bragkit.actions import Verb
from bragkit.bots import RandomBot, ThresholdBot, ask, make_player, players
from bragkit.bots.arrangers import CrashArranger, NineCardArranger
from bragkit.bots.equity import EquityBettor, draw_choice, thirty_one_value
from bragkit.bots.simple import CAUTIOUS
from bragkit.cards import Card, parse_cards
from bragkit.errors import BragError
from bragkit.games import arrange, new
from bragkit.games.brag_poker import BragPoker
from bragkit.games.historic import SingleStakeBrag
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.hands import Ordering

WEAK = "Ts 9s 7c"  # T-9-7 high: a high-card hand, about a fifth of all hands beaten (H7);
# not 9d, a bragger of historic Brag (S1)


# --- "cautious" does what it says ----------------------------------------------------------


@pytest.mark.parametrize("game", ["single-stake", "three-stake", "brag-poker", "nine-card",
                                  "crash"])
def test_cautious_is_not_a_bot_of_a_game_it_cannot_play(game: str) -> None:
    # Regression: the terminal's table of the other games seated a "cautious" bot that moved
    # at random there, raising with T-9-7 high. A kind is now only offered where it plays.
    assert "cautious" not in players(game)
    with pytest.raises(BragError, match=f"does not play {game}"):
        make_player("cautious", game=game)


def test_cautious_never_raises_or_bets_a_high_card_hand_in_three_card_brag() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        count = rng.choice([2, 3, 4])
        names = ["Ann", "Bob", "Cy", "Di"][:count]
        rules = Rules(max_bet=rng.choice([None, 10, 100]), blind=rng.choice([True, False]))
        others = iter(["As Ah Ad", "2c 3d 5h", "Kc Kd 4s"])
        hands = {p: WEAK if p == "Ann" else next(others) for p in names}
        deal = Deal(rules, players=names, dealer=names[-1], stacks=[300] * count, hands=hands)
        bots = {p: ThresholdBot(CAUTIOUS, rules=rules) if p == "Ann" else
                RandomBot(seed=seed * 7 + i) for i, p in enumerate(names)}
        while not deal.over:
            name = str(deal.to_act)
            action = ask(bots[name], deal, name)
            if name == "Ann":  # rule B3: betting is staying in; T-9-7 high does not
                assert action.verb not in (Verb.BET, Verb.BLIND), (seed, str(action))
            deal.apply(action)


@pytest.mark.parametrize("game", ["single-stake", "brag-poker"])
def test_the_equity_bot_never_raises_t_9_7_high_rule_B3(game: str) -> None:
    for seed in range(40):
        hands = {"Ann": WEAK, "Bob": "As Ah 2d", "Cy": "Kc Qd 4s"}
        rng = random.Random(seed)
        deal: BragPoker | SingleStakeBrag
        if game == "brag-poker":
            deal = BragPoker(players=list(hands), dealer="Cy", stacks=[100] * 3, hands=hands,
                             pack=None)
        else:
            deal = SingleStakeBrag(players=list(hands), dealer="Cy", stacks=[100] * 3,
                                   hands=hands)
        ann = make_player("equity", game=game, seed=seed)
        others = {p: make_player("random", game=game, seed=rng.getrandbits(32))
                  for p in ("Bob", "Cy")}
        while not deal.over:
            name = str(deal.to_act)
            bot = ann if name == "Ann" else others[name]
            action = ask(bot, deal, name)
            if name == "Ann" and deal.view("Ann").cards["Ann"][0] is not None:
                assert action.verb not in (Verb.RAISE, Verb.BET), (seed, str(action))
            deal.apply(action)


# --- the arrangers -------------------------------------------------------------------------


def test_the_expected_arranger_breaks_a_prial_for_two_runs_rule_N3() -> None:
    game = new("nine-card", players=["Ann", "Bob"], seed=1)
    who = str(game.to_act)
    view = game.view(who)
    bot = NineCardArranger(strategy="expected")
    action = bot.act(view, game.legal_actions(who))
    best = arrange.best_arrangement(view.hand, strategy="expected", players=2,
                                    points=(3, 2, 1), decks=1, seen=[])
    assert action.cards == best.sets[0]  # the engine's own choice, from the view alone


def test_the_nine_card_arranger_plays_below_its_last_set_every_turn_rule_N6() -> None:
    game = new("nine-card", players=["Ann", "Bob", "Cy"], seed=9, target=3)
    bots = {p: make_player("expected", game="nine-card") for p in game.players}
    last: dict[str, int] = {}
    while not game.over:
        name = str(game.to_act)
        action = ask(bots[name], game, name)
        strength = arrange.strength_of(action.cards, ordering="nine-card")
        if len(game.view(name).hand) < 9:
            assert strength <= last[name]  # rule N6
        last[name] = strength
        game.apply(action)


def test_the_crash_arranger_calls_crash_only_when_it_pays_rule_C5() -> None:
    bot = CrashArranger(strategy="expected")
    strong = [parse_cards(h) for h in ("As Ah Ad", "Ks Kh Kd", "Qs Qh Qd", "Js Jh Jd")]
    weak = [parse_cards(h) for h in ("As Ah 2d", "Ks 7h 3d", "Qs 8h 4d", "Js 9h 5d")]
    assert bot._crash_pays(strong, 4)
    assert not bot._crash_pays(weak, 4)
    assert not CrashArranger(strategy="greedy")._crash_pays(strong, 4)


def test_the_crash_arranger_arranges_legally_from_its_view_rule_C2() -> None:
    game = new("crash", players=["Ann", "Bob", "Cy"], seed=3)
    bot = make_player("expected", game="crash")
    name = str(game.to_act)
    action = ask(bot, game, name)
    assert action.verb is Verb.ARRANGES and len(action.sets) in (3, 4)
    assert game.can_apply(action)


# --- the equity bettor ---------------------------------------------------------------------


def test_draw_keeps_a_pair_and_throws_the_odd_card_rule_P3() -> None:
    hand = parse_cards("Kh Kd 3c")
    unseen = [Card(i) for i in range(52) if Card(i) not in hand]
    assert draw_choice(hand, unseen) == (parse_cards("3c")[0],)
    prial = parse_cards("7h 7d 7c")
    assert draw_choice(prial, [Card(i) for i in range(52) if Card(i) not in prial]) == ()


def test_thirty_one_counts_rule_S4() -> None:
    assert [thirty_one_value(c) for c in parse_cards("Ah Kd Qc Js Tc 9d 2h")] == \
        [11, 10, 10, 10, 10, 9, 2]


def test_the_equity_bot_stands_at_31_and_draws_low_rule_S4() -> None:
    for seed in range(30):
        game = new("three-stake", players=["Ann", "Bob"], seed=seed)
        bots = {p: make_player("equity", game="three-stake", seed=seed) for p in game.players}
        while not game.over:
            name = str(game.to_act)
            action = ask(bots[name], game, name)
            view = game.view(name)
            if view.phase == "thirty-one":
                total = view.extra["totals"].get(name, 0)
                if total >= 31:
                    assert action.verb is Verb.STAND
                if total <= 20:
                    assert action.verb is Verb.DRAW
            game.apply(action)


def test_the_equity_bot_looks_before_it_prices_its_hand_rule_P5() -> None:
    deal = BragPoker(players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[40] * 3,
                     hands={"Ann": "Ah Ad 4d", "Bob": "9c 7d 2h", "Cy": "Ks Js 5s"})
    bot = EquityBettor(ordering=Ordering.STANDARD, seed=1)
    name = str(deal.to_act)
    assert ask(bot, deal, name).verb is Verb.LOOK
