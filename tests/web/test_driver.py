"""Tests of bragkit.web.driver: the deals of a web table and the lines they write."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Verb
from bragkit.cards import parse_cards
from bragkit.games.protocol import Pending
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.web.config import TableConfig
from bragkit.web.driver import DealDriver


def driver_for(names=("Ann", "Bob", "Cy"), **rules) -> DealDriver:
    driver = DealDriver(TableConfig(rules=Rules(max_bet=10, **rules), buy_in=50),
                        secret=bytes(range(32)))
    driver.start(list(names), {n: 50 for n in names})
    return driver


def test_a_deal_starts_from_a_fresh_shuffle_then_from_the_pack_left_rule_D4() -> None:
    driver = driver_for(("Ann", "Bob"), blind=False)
    lines, shuffled, kept = driver.next_deal()
    assert (lines, shuffled, kept) == (["Deal 1: Ann deals (a fresh shuffle)"], True, False)
    assert driver.in_deal and driver.to_act == "Bob"
    assert driver.act("Bob fold") == ["Bob folds", "Ann takes 2"]
    assert not driver.in_deal and driver.to_act is None and driver.deal is not None
    lines, shuffled, _ = driver.next_deal()
    assert not shuffled and lines == ["Deal 2: Bob deals (the pack as the last deal left it)"]


def test_a_player_who_cannot_ante_tops_up_first_rules_D2_M1() -> None:
    driver = driver_for(("Ann", "Bob"), blind=False, ante=2)
    assert driver.table is not None
    driver.table.leave("Bob")
    driver.table.join("Bob", 2)  # back with just the ante; after one deal Bob is short
    driver.next_deal()
    driver.act(f"{driver.to_act} fold")
    stacks = driver.table.stacks
    short = [n for n, s in stacks.items() if s < 2]
    assert short  # the player who folded has paid their only ante
    lines, _, _ = driver.next_deal()
    assert [line for line in lines if "tops up" in line] == [
        f"{n} tops up 50 to pay the ante" for n in short]


def test_a_showdown_happens_when_the_last_player_still_betting_agrees_rule_B8() -> None:
    driver = driver_for()
    driver.next_deal()
    for name in ("Bob", "Cy", "Ann"):
        driver.act(f"{name} bet 2")
    assert driver.act("Ann agree") == ["Ann agrees to the showdown"]
    assert driver.pending == Pending(kind="showdown", rule="B8", asked=("Bob", "Cy"),
                                     answered=("Ann",), by="Ann")  # the deal's own record
    driver.act("Bob bet 2")  # a bet moves the betting on: the agreement lapses
    assert driver.pending is None
    for name in ("Cy", "Ann"):
        driver.act(f"{name} agree")
    pending = driver.pending
    assert pending is not None and pending.answered == ("Cy", "Ann") and pending.asked == ("Bob",)
    lines = driver.act("Bob agree")
    assert lines[0] == "Bob agrees to the showdown"
    assert sum(" shows " in line for line in lines) == 3  # every hand shown, named (D8)
    assert all(line.endswith(")") for line in lines if " shows " in line)
    assert not driver.in_deal and driver.pending is None


def test_a_player_options_change_only_when_their_menu_does() -> None:
    driver = driver_for()
    driver.next_deal()
    driver.settled(1)
    assert {n: driver.menu_seq(n) for n in ("Ann", "Bob", "Cy")} == {"Ann": 1, "Bob": 1,
                                                                     "Cy": 1}
    driver.topup("Cy", 5)  # Cy's money: no one's options move (M1)
    driver.settled(2)
    assert driver.menu_seq("Bob") == 1
    driver.act("Bob bet 2")  # the stake is 2 now: Cy's turn, everyone's menu moves (B3)
    driver.settled(3)
    assert driver.menu_seq("Cy") == 3 and driver.menu_seq("Nobody") == 0


def test_seeds_count_for_the_shuffle_waiting_now_only() -> None:
    driver = driver_for(("Ann", "Bob"), blind=False)
    assert driver.seeded_now() == set()  # nothing settled yet: no commitment seen
    driver.settled(1)
    assert driver.table is not None and driver.commitment is not None
    assert driver.seed("Ann", "lucky") == ["Ann adds a seed to the next shuffle"]
    assert driver.seeded_now() == {"Ann"}
    driver.next_deal()  # the shuffle is made: its commitment is spent
    driver.settled(2)
    assert driver.seeded_now() == set()


def test_what_staying_in_costs_rules_B3_BL1() -> None:
    driver = driver_for(("Ann", "Bob"))
    assert driver.costs() is None  # between deals
    driver.next_deal()
    assert driver.costs() == {"open": 1, "blind": 1}
    driver.act("Bob bet 5")
    assert driver.costs() == {"open": 5, "blind": 3}  # a blind player pays half, rounded up


def test_a_shown_hand_is_named_by_the_three_cards_it_plays_rule_H2() -> None:
    driver = driver_for()
    assert driver.hand_name(parse_cards("Ah Ad As")) is None  # no deal yet: no game to ask
    driver.next_deal()  # the deal's game names its hands
    assert driver.hand_name(parse_cards("Ah Ad As")) == "prial of aces"
    assert driver.hand_name(parse_cards("Ah Ad As")) != driver.hand_name(
        parse_cards("Ah Kd 2s"))
    assert driver.hand_name(parse_cards("3s 3d 3c 9h")) == driver.hand_name(
        parse_cards("3s 3d 3c"))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_pending_and_costs_follow_the_deal_rules_B3_B8_BL1(seed: int, players: int) -> None:
    """At every step of random deals: the showdown pending is the deal's own record of it
    (who agreed, B8), its askers the rest of those still betting, never overlapping; what
    staying in costs is stated while a deal is in progress, a blind bet never dearer than an
    open one (BL1), and nothing between deals."""
    names = ["Ann", "Bob", "Cy", "Dan", "Eve"][:players]
    driver = driver_for(tuple(names))
    rng = random.Random(seed)
    for _ in range(2):
        driver.next_deal()
        deal = driver.deal
        assert isinstance(deal, Deal)
        while driver.in_deal:
            pending = driver.pending
            if pending is None:
                assert deal.agreed == ()
            else:
                assert pending.answered == deal.agreed and pending.by == deal.agreed[0]
                assert not set(pending.asked) & set(pending.answered)
                assert {*pending.asked, *pending.answered} == set(deal.betting)
            costs = driver.costs()
            assert costs is not None and 1 <= costs["blind"] <= costs["open"]
            options = [o for o in deal.legal_actions(deal.to_act) if o.verb is not Verb.TOPUP]
            option = rng.choice(options)
            action = (option.choices[0] if option.choices is not None else
                      option.action() if option.min_amount is None else
                      option.action(option.min_amount))
            driver.act(str(action))
        assert driver.pending is None and driver.costs() is None


def test_every_games_lines_are_describes_words_for_a_spectator_rule_d8() -> None:
    """The web table's lines of a played deal of each game are the records' own words for a
    spectator (describe): third person, verbs agreeing, every shown hand named by its record."""
    import random
    import re

    from bragkit.games.protocol import describe, random_action
    from bragkit.games.registry import games

    wrong = re.compile(r"\bYou\b|\b[Yy]ou's\b|\b(Ann|Bob|Cy) (fold|bet|look|show|take|pay)\b")
    for info in games():
        driver = DealDriver(TableConfig.from_dict({"game": info.name}), secret=bytes(32))
        driver.start(["Ann", "Bob", "Cy"], dict.fromkeys(["Ann", "Bob", "Cy"], 50))
        lines, _, _ = driver.next_deal()
        deal, rng = driver.deal, random.Random(3)
        assert deal is not None
        seen = len(deal.operations)
        for _ in range(3000):
            if not driver.in_deal or deal.to_act is None:
                break
            lines += driver.act(str(random_action(deal, rng)))
        worded = [w for op in deal.operations[seen:] if (w := describe(op, None)) is not None]
        assert worded and all(w in lines for w in worded), info.name
        assert not [line for line in lines if wrong.search(line)], info.name
        for op in deal.operations:
            shown = op.shown_hand()
            if shown is not None:
                assert any(shown[1] in line for line in lines), (info.name, shown)
