"""The shared equalising betting core (rules S2, S4, P2, P4, P5): actions, money, one round."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, parse_cards
from bragkit.errors import IllegalActionError, InvalidActionError, RulesError
from bragkit.games import brag_poker, historic, new
from bragkit.games.protocol import random_action
from bragkit.games.stakes import ROUND_VERBS, BettingRound, Limits, Money, split_evenly

NAMES = ["Ann", "Bob", "Cat", "Dee", "Eve"]
OPEN = Limits(min_bet=1, max_bet=10, min_raise=1, max_raise=None, rule="S2")
FIXED = Limits(min_bet=4, max_bet=4, min_raise=4, max_raise=4, rule="P2", max_raises=3,
               cap_rule="P2", half_price=True)


#: Every verb of the equalising games.
VERBS = brag_poker.VERBS | historic.VERBS


def a(text: str) -> Action:
    return Action.parse(text, verbs=VERBS)


def round_of(n: int = 3, *, stacks: int = 50, limits: Limits = OPEN, dealer_stake: int = 0,
             blind: frozenset[str] = frozenset(), **kw: object) -> BettingRound:
    seats = NAMES[:n]
    money = Money(dict.fromkeys(seats, stacks), pots=["pot"])
    levels: dict[str, int] = {}
    acted: list[str] = []
    staked: list[str] = []
    if dealer_stake:
        dealer = seats[-1]
        money.pay(dealer, dealer_stake, "pot")
        levels, acted, staked = {dealer: dealer_stake}, [dealer], [dealer]
    return BettingRound(seats=seats, first=seats[0], money=money, pot="pot", limits=limits,
                        levels=levels, acted=acted, first_staked=staked,
                        blind=lambda p: p in blind, **kw)  # type: ignore[arg-type]


def snapshot(b: BettingRound) -> tuple[object, ...]:
    return (b.to_act, b.in_play, dict(b.levels), b.highest, b.raises, dict(b.money.stacks),
            dict(b.money.pots), list(b.first_staked))


# -- actions ----------------------------------------------------------------------------------

def test_action_text_forms_round_trip() -> None:
    for text in ["Ann drop", "Ann check", "Ann call", "Ann bet 5", "Ann raise 4", "Ann look",
                 "Ann draw", "Ann draw 0", "Ann draw 2 Kd 7c", "Ann stand"]:
        assert str(a(text)) == text
        assert a(str(a(text))) == a(text)


def test_draw_discards_are_face_down_for_others_rule_p3() -> None:
    action = a("Ann draw 2 Kd 7c")
    assert action.amount == 2 and action.cards == parse_cards("Kd 7c")
    assert str(action.public()) == "Ann draw 2"
    assert a("Ann call").public() is not None and str(a("Ann call").public()) == "Ann call"


@pytest.mark.parametrize("text", [
    "", "Ann", "Ann fold", "Ann see 2", "Ann bet", "Ann bet x", "Ann raise 2 3", "Ann call 2",
    "Ann draw 2 Kd", "Ann draw 1 Kd Kd", "Ann draw x", "Ann draw 1 Zz", "Ann drop now",
    "Ann stand 1", "Ann arranges As Ks Qs", "Ann bet ٣",
])
def test_bad_action_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        Action.parse(text, verbs=VERBS)


def test_verbs_of_other_games_are_refused_by_each_game() -> None:
    """Each game module declares its VERBS; a verb of another game does not parse there."""
    assert frozenset(ROUND_VERBS) == historic.SINGLE_STAKE_VERBS
    assert {Verb.DRAW, Verb.STAND} == historic.THREE_STAKE_VERBS - historic.SINGLE_STAKE_VERBS
    assert brag_poker.VERBS - frozenset(ROUND_VERBS) == {Verb.LOOK, Verb.DRAW}
    with pytest.raises(InvalidActionError, match="'stand' is not a verb of brag-poker"):
        brag_poker.BragPoker(players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
                             rng=1).apply("Ann stand")
    with pytest.raises(InvalidActionError, match="'fold' is not a verb of single-stake"):
        historic.SingleStakeBrag(players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
                                 rng=1).apply("Bob fold")
    with pytest.raises(InvalidActionError, match="'look' is not a verb of three-stake"):
        historic.ThreeStakeBrag(players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
                                rng=1).check("Ann look")
    # an Action object of another game's verb is refused by check as not this game's (the
    # Game protocol: InvalidActionError), and can_apply says no
    game = historic.SingleStakeBrag(players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], rng=1)
    with pytest.raises(InvalidActionError, match="'see' is not a verb of single-stake"):
        game.check(Action(player="Bob", verb=Verb.SEE, amount=2))
    assert not game.can_apply(Action(player="Bob", verb=Verb.FOLD))


def test_names_with_spaces_need_the_player_list() -> None:
    action = Action.parse("Mary Ann raise 2", players=["Mary Ann", "Mary"], verbs=VERBS)
    assert (action.player, action.verb, action.amount) == ("Mary Ann", Verb.RAISE, 2)
    with pytest.raises(InvalidActionError):
        Action.parse("Zed call", players=["Mary Ann"], verbs=VERBS)


_CARD = st.integers(0, 51).map(Card)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    player = draw(st.sampled_from(NAMES))
    verb = draw(st.sampled_from(sorted(VERBS)))
    if verb in (Verb.BET, Verb.RAISE):
        return Action(player=player, verb=verb, amount=draw(st.integers(0, 10**6)))
    if verb is Verb.DRAW and draw(st.booleans()):
        cards = draw(st.lists(_CARD, max_size=3, unique=True))
        shown = draw(st.booleans())
        return Action(player=player, verb=verb, amount=len(cards),
                      cards=tuple(cards) if shown else ())
    return Action(player=player, verb=verb)


@given(actions())
def test_parse_print_round_trip(action: Action) -> None:
    assert Action.parse(str(action), verbs=VERBS) == action
    assert Action.parse(str(action), players=NAMES, verbs=VERBS) == action


def test_option_membership() -> None:
    raise_ = LegalAction(player="Ann", verb=Verb.RAISE, min_amount=2, max_amount=5)
    assert a("Ann raise 2") in raise_ and a("Ann raise 5") in raise_
    assert a("Ann raise 1") not in raise_ and a("Ann raise 6") not in raise_
    assert a("Bob raise 3") not in raise_ and a("Ann bet 3") not in raise_
    draw = LegalAction(player="Ann", verb=Verb.DRAW, min_amount=2, max_amount=2,
                       cards=parse_cards("Kd 7c"))
    assert a("Ann draw 2 7c Kd") in draw  # the order of the discards does not matter
    assert a("Ann draw 2") not in draw and a("Ann draw 1 Kd") not in draw
    assert str(draw) == "Ann draw 2 Kd 7c" and draw.action() == a("Ann draw 2 Kd 7c")
    nothing = LegalAction(player="Ann", verb=Verb.DRAW, min_amount=0, max_amount=0)
    assert a("Ann draw 0") in nothing and a("Ann draw") not in nothing
    assert str(nothing) == "Ann draw 0" and nothing.action() == a("Ann draw 0")
    call = LegalAction(player="Ann", verb=Verb.CALL, cost=3)
    assert a("Ann call") in call and "Ann call" not in call and str(call) == "Ann call 3"


# -- money ------------------------------------------------------------------------------------

def test_money_moves_but_never_changes_total() -> None:
    money = Money({"Ann": 10, "Bob": 10}, pots=["first", "second"])
    money.pay("Ann", 4, "first")
    money.transfer("Bob", "Ann", 3)
    money.award("first", "Bob", 4)
    assert money.stacks == {"Ann": 9, "Bob": 11} and money.chips() == money.total == 20
    copy = money.copy()
    copy.pay("Ann", 1, "second")
    assert money.pots["second"] == 0 and copy.chips() == 20


@given(st.integers(0, 1000), st.lists(st.sampled_from(NAMES), min_size=1, max_size=5,
                                      unique=True))
def test_split_evenly_odd_chips_go_to_the_first_listed_rule_p4(amount: int,
                                                               winners: list[str]) -> None:
    shares = split_evenly(amount, winners)
    assert sum(shares.values()) == amount
    values = [shares[w] for w in winners]
    assert max(values) - min(values) <= 1
    assert values == sorted(values, reverse=True)  # the odd chips go to the first listed


# -- one equalising round ---------------------------------------------------------------------

def test_everyone_must_come_up_to_the_highest_stake_or_drop_rule_s2() -> None:
    b = round_of(3, dealer_stake=5)
    assert b.to_act == "Ann" and b.to_call("Ann") == 5
    b.apply(a("Ann raise 3"))  # Ann stakes 8
    assert (b.highest, b.to_call("Bob"), b.to_call("Cat")) == (8, 8, 3)
    b.apply(a("Bob call"))
    assert b.to_act == "Cat"  # the dealer must meet the raise or drop
    b.apply(a("Cat raise 2"))
    assert b.to_act == "Ann" and b.to_call("Ann") == 2 and b.to_call("Bob") == 2
    b.apply(a("Ann call"))
    b.apply(a("Bob drop"))  # Bob loses the 8 he put in
    assert b.is_over and b.in_play == ("Ann", "Cat")
    assert b.levels == {"Ann": 10, "Bob": 8, "Cat": 10}
    assert b.money.pots["pot"] == 28 and b.money.stacks["Bob"] == 42


def test_round_ends_when_all_meet_the_dealers_stake_rule_s2() -> None:
    b = round_of(3, dealer_stake=4)
    b.apply(a("Ann call"))
    b.apply(a("Bob call"))
    assert b.is_over and b.first_staked == ["Cat", "Ann", "Bob"]
    assert b.money.pots["pot"] == 12


def test_one_player_left_ends_the_round() -> None:
    b = round_of(3, dealer_stake=4)
    b.apply(a("Ann drop"))
    b.apply(a("Bob drop"))
    assert b.is_over and b.in_play == ("Cat",) and b.first_staked == ["Cat"]


def test_checks_until_someone_bets_then_equalise_rule_s4() -> None:
    b = round_of(3)
    options = [str(o) for o in b.options()]
    assert options == ["Ann drop", "Ann check", "Ann bet 1..10"]
    b.apply(a("Ann check"))
    b.apply(a("Bob bet 3"))
    assert b.to_act == "Cat" and b.to_call("Ann") == 3  # Ann checked, so she acts again
    b.apply(a("Cat call"))
    assert b.to_act == "Ann"
    b.apply(a("Ann call"))
    assert b.is_over and b.money.pots["pot"] == 9


def test_all_check_ends_the_round_rule_s4() -> None:
    b = round_of(3)
    for name in ["Ann", "Bob", "Cat"]:
        b.apply(a(f"{name} check"))
    assert b.is_over and b.in_play == ("Ann", "Bob", "Cat") and b.money.pots["pot"] == 0


def test_bet_limits_rule_s2() -> None:
    b = round_of(3)
    with pytest.raises(IllegalActionError) as error:
        b.apply(a("Ann bet 11"))
    assert error.value.rule == "S2" and "1 to 10" in str(error.value)
    limited = round_of(3, limits=Limits(min_bet=1, max_bet=10, min_raise=2, max_raise=3,
                                        rule="S2"), dealer_stake=2)
    assert [str(o) for o in limited.options()][-1] == "Ann raise 2..3"
    with pytest.raises(IllegalActionError):
        limited.apply(a("Ann raise 4"))


def test_raises_are_limited_by_money_not_table_stakes() -> None:
    b = round_of(2, stacks=6, dealer_stake=4)
    assert [str(o) for o in b.options()] == ["Ann drop", "Ann call 4", "Ann raise 1..2"]
    b.apply(a("Ann raise 2"))  # Ann's stake is 6, all she has
    # Bob has 2 left and owes 2: he can call but not raise
    assert [str(o) for o in b.options()] == ["Bob drop", "Bob call 2"]
    poor = round_of(2, stacks=6, dealer_stake=4)
    poor.apply(a("Ann raise 2"))
    poor.money.stacks["Bob"] = 1  # cannot meet the stake: only drop ([decision] no all-in)
    assert [str(o) for o in poor.options()] == ["Bob drop"]
    with pytest.raises(IllegalActionError) as error:
        poor.apply(a("Bob call"))
    assert "must drop" in str(error.value)


def test_fixed_limit_sizes_rule_p2() -> None:
    b = round_of(4, limits=FIXED)
    b.apply(a("Ann bet 4"))
    with pytest.raises(IllegalActionError) as error:
        b.apply(a("Bob raise 3"))
    assert error.value.rule == "P2"
    b.apply(a("Bob raise 4"))
    assert b.highest == 8


def test_three_raise_cap_while_more_than_two_are_in_rule_p2() -> None:
    b = round_of(3, limits=FIXED)
    b.apply(a("Ann bet 4"))
    b.apply(a("Bob raise 4"))
    b.apply(a("Cat raise 4"))
    b.apply(a("Ann raise 4"))
    assert b.raises == 3
    assert Verb.RAISE not in [o.verb for o in b.options()]
    before = snapshot(b)
    with pytest.raises(IllegalActionError) as error:
        b.apply(a("Bob raise 4"))
    assert error.value.rule == "P2" and snapshot(b) == before
    b.apply(a("Bob drop"))  # two left: the cap no longer applies
    assert Verb.RAISE in [o.verb for o in b.options()]
    b.apply(a("Cat raise 4"))
    assert b.raises == 4


def test_cap_heads_up_when_asked() -> None:
    limits = Limits(min_bet=4, max_bet=4, min_raise=4, max_raise=4, rule="P2", max_raises=1,
                    cap_heads_up=True)
    b = round_of(2, limits=limits)
    b.apply(a("Ann bet 4"))
    b.apply(a("Bob raise 4"))
    assert Verb.RAISE not in [o.verb for o in b.options()]


def test_half_price_call_for_a_player_who_has_not_looked_rule_p5() -> None:
    b = round_of(3, limits=FIXED, blind=frozenset({"Bob"}))
    b.apply(a("Ann bet 4"))
    assert b.call_cost("Bob") == 2
    assert [str(o) for o in b.options()] == ["Bob drop", "Bob call 2"]  # no raise while blind
    with pytest.raises(IllegalActionError) as error:
        b.apply(a("Bob raise 4"))
    assert error.value.rule == "P5"
    assert b.apply(a("Bob call")) == 2
    assert b.levels["Bob"] == 4  # the half-price call counts in full


def test_half_price_rounds_up_rule_p5() -> None:
    limits = Limits(min_bet=3, max_bet=3, min_raise=3, max_raise=3, rule="P2", half_price=True)
    b = round_of(2, limits=limits, blind=frozenset({"Bob"}))
    b.apply(a("Ann bet 3"))
    assert b.call_cost("Bob") == 2


def test_out_of_turn_is_refused_and_changes_nothing_rule_b11() -> None:
    b = round_of(3, dealer_stake=3)
    before = snapshot(b)
    for text, rule in [("Bob call", "B11"), ("Cat raise 2", "B11"), ("Ann check", "S2"),
                       ("Ann bet 3", "S2"), ("Ann look", "S2")]:
        with pytest.raises(IllegalActionError) as error:
            b.apply(a(text))
        assert error.value.rule == rule
        assert snapshot(b) == before
    b.apply(a("Ann drop"))
    with pytest.raises(IllegalActionError, match="not in the betting"):
        b.check(a("Ann call"))


def test_limits_are_validated() -> None:
    with pytest.raises(RulesError):
        Limits(min_bet=0, max_bet=1, min_raise=1, max_raise=1, rule="S2")
    with pytest.raises(RulesError):
        Limits(min_bet=1, max_bet=1, min_raise=3, max_raise=2, rule="S2")
    with pytest.raises(RulesError):
        Limits(min_bet=1, max_bet=1, min_raise=1, max_raise=1, rule="S2", max_raises=-1)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5), st.integers(0, 30), st.integers(0, 10**6), st.booleans(),
       st.sets(st.sampled_from(NAMES)))
def test_random_rounds_end_equalised_and_conserve_chips(n: int, stack: int, seed: int,
                                                        fixed: bool, blind: set[str]) -> None:
    """S2/P2: any legal play ends; everyone left has the same stake; every chip is counted."""
    rng = random.Random(seed)
    b = round_of(n, stacks=stack, limits=FIXED if fixed else OPEN, blind=frozenset(blind))
    steps = 0
    while not b.is_over:
        options = b.options()
        assert options and all(o.player == b.to_act for o in options)
        for verb in ROUND_VERBS:  # the menu and the refusal agree (one verifier)
            for amount in (0, 1, 4, 8, 31) if verb in (Verb.BET, Verb.RAISE) else (None,):
                for player in b.seats:
                    candidate = Action(player=player, verb=verb, amount=amount)
                    listed = any(candidate in o for o in b.options(player))
                    try:
                        b.check(candidate)
                    except IllegalActionError as error:
                        assert not listed and error.rule in {"S2", "P2", "P5", "B11"}
                    else:
                        assert listed
        option = rng.choice(options)
        if option.min_amount is not None and option.max_amount is not None:
            action = option.action(rng.randint(option.min_amount, option.max_amount))
        else:
            action = option.action()
        before = b.money.stacks[action.player]
        paid = b.apply(action)
        assert b.money.stacks[action.player] == before - paid >= 0
        assert b.money.chips() == b.money.total == n * stack
        steps += 1
        assert steps < 1000
    assert len({b.levels[p] for p in b.in_play}) == 1 or len(b.in_play) == 1
    assert b.money.pots["pot"] == n * stack - sum(b.money.stacks.values())


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(["single-stake", "three-stake", "brag-poker"]),
       players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_a_kept_menu_is_what_the_verifier_says_now_rules_S2_S4_P2_P5(
        game: str, players: int, seed: int) -> None:
    """A betting round keeps each menu under what its verifier reads (the player, the highest
    stake and theirs, their stack, whether they looked, the raises, more than two in): at every
    turn of random games the kept menu is the verifier's verdicts asked afresh."""
    rng = random.Random(seed)
    played = new(game, players=[f"P{i}" for i in range(players)], seed=seed)
    turns = compared = 0
    while not played.over and turns < 500:
        betting = getattr(played, "betting", None)
        if isinstance(betting, BettingRound) and betting.to_act is not None:
            who = betting.to_act
            fresh = [v for verb in betting.menu_verbs(who)
                     if isinstance(v := betting.verify(who, verb), LegalAction)]
            assert betting.options(who) == fresh
            compared += 1
        played.apply(random_action(played, rng))
        turns += 1
    assert compared > 0  # a betting turn was met (the test is not vacuous)
