"""The random, cautious and bold bots (rules BL1, BL2, B3, B6, F1, R2)."""

from __future__ import annotations

import random
from collections import Counter

from bragkit.actions import Verb
from bragkit.bots import BOLD, CAUTIOUS, RandomBot, ThresholdBot, ask
from bragkit.bots.reading import Menu
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table


def fresh_deal(rules: Rules | None = None) -> Deal:
    return Deal(rules or Rules(max_bet=10), players=["Ann", "Bob", "Cy"], dealer="Cy",
                stacks=[50, 50, 50], hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d",
                                            "Cy": "7c 7d 7h"})


def test_random_is_uniform_over_its_options_and_seeded() -> None:
    view = fresh_deal().view("Ann")
    bot = RandomBot(seed=1)
    picks = [bot.act(view) for _ in range(400)]
    verbs = Counter(a.verb for a in picks)
    # look, fold, blind, bet: never top-up (M1) nor an agreement (B8: asked apart)
    assert set(verbs) == {Verb.LOOK, Verb.FOLD, Verb.BLIND, Verb.BET}
    assert min(verbs.values()) > 60
    amounts = {a.amount for a in picks if a.verb is Verb.BET}
    assert amounts == set(range(1, 11))  # uniform over 1..max_bet (B1)
    again = RandomBot(seed=1)
    assert [again.act(view) for _ in range(400)] == picks


def test_random_discards_only_cards_it_holds_rule_F1() -> None:
    deal = Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20], rng=5)
    deal.apply("Ann look")
    bot = RandomBot(seed=2)
    for _ in range(50):
        action = bot.act(deal.view("Ann"))
        assert deal.can_apply(action)


def test_cautious_looks_and_folds_rubbish_rule_BL2() -> None:
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
                hands={"Ann": "2s 3h 5d", "Bob": "As Ac 2d"})
    bot = ThresholdBot(CAUTIOUS)
    assert str(bot.act(deal.view("Ann"))) == "Ann look"
    deal.apply("Ann look")
    assert str(bot.act(deal.view("Ann"))) == "Ann fold"


def test_bold_bets_blind_then_looks_rule_BL1() -> None:
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
                hands={"Ann": "2s 3h 5d", "Bob": "As Ac 2d"})
    bot = ThresholdBot(BOLD)
    for text in ["Ann blind 1", "Bob blind 1", "Ann blind 1", "Bob blind 1"]:
        assert str(bot.act(deal.view(text.split()[0]))) == text
        deal.apply(text)
    assert str(bot.act(deal.view("Ann"))) == "Ann look"  # two blind rounds, then a look


def test_threshold_bot_discards_its_worst_rule_F1() -> None:
    deal = Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
                hands={"Ann": "Qh Qs 4d 9c", "Bob": "As Ac 2d 3d"})
    deal.apply("Ann look")
    assert str(ThresholdBot(CAUTIOUS, rules=Rules(cards=4)).act(deal.view("Ann"))) == \
        "Ann discard 4d"


def test_threshold_bot_sees_a_strong_hand_rule_B6() -> None:
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
                hands={"Ann": "Ks Kh Kd", "Bob": "As Ac 2d"})
    for text in ["Ann bet 2", "Bob bet 2"]:
        deal.apply(text)
    assert str(ThresholdBot(CAUTIOUS).act(deal.view("Ann"))) == "Ann see 4"


def test_keep_or_throw_with_two_hands_rule_R2() -> None:
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
                hands={"Ann": "As Ah Ad", "Bob": "2c 7d 9h"}, retained={"Ann": "2s 3h 5d"})
    deal.apply("Ann look new")
    assert str(ThresholdBot(BOLD).act(deal.view("Ann"))) == "Ann keep"


def style_profile(style_rng: int) -> dict[str, Counter[str]]:
    """Play cautious against bold for a few hundred deals; count their moves."""
    rules = Rules(max_bet=10)
    table = Table(rules, seats=["cautious", "bold"], buy_ins=200, rng=style_rng)
    bots = {"cautious": ThresholdBot(CAUTIOUS, rules=rules), "bold": ThresholdBot(BOLD,
                                                                                  rules=rules)}
    counts: dict[str, Counter[str]] = {name: Counter() for name in bots}
    for _ in range(300):
        for name, stack in table.stacks.items():
            if stack < 100:
                table.topup(name, 200 - stack)
        deal = table.start_deal()
        while not deal.over:
            name = deal.to_act
            assert name is not None
            action = ask(bots[name], deal, name)
            menu = Menu(deal.view(name))
            option = menu.get(action.verb)
            raised = (option is not None and action.amount is not None
                      and option.min_amount is not None and action.amount > option.min_amount)
            counts[name][action.verb.value + ("-raise" if raised else "")] += 1
            table.apply(action)
    return counts


def test_cautious_and_bold_are_distinguishable() -> None:
    counts = style_profile(random.Random(9).getrandbits(32))
    cautious, bold = counts["cautious"], counts["bold"]
    assert cautious["blind"] == 0 and bold["blind"] > 100  # rule BL1: bold plays blind
    def raise_rate(c: Counter[str]) -> float:
        return c["bet-raise"] / (c["bet"] + c["bet-raise"])

    assert raise_rate(bold) > 2 * raise_rate(cautious)  # bold raises its open bets far more
    cautious_fold = cautious["fold"] / sum(cautious.values())
    bold_fold = bold["fold"] / sum(bold.values())
    assert cautious_fold > bold_fold
