"""Historic Brag: single-stake (rules S1, S2, S3) and three-stake (S4), engine and records."""

from __future__ import annotations

import json
import random
import re
from dataclasses import FrozenInstanceError
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Action
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import BragError, IllegalActionError, NotationError, RulesError
from bragkit.games.historic import (
    HistoricRules,
    SingleStakeBrag,
    ThreeStakeBrag,
    historic_game,
    read_historic,
    thirty_one_total,
    write_historic,
)
from bragkit.games.protocol import random_action
from bragkit.games.stake_game import StakeGame
from bragkit.games.stake_operations import Acted, Dealt, Posted, Shown
from bragkit.records import replayer_for

PLAYERS = ["Ann", "Bob", "Cat"]


def single(hands: dict[str, str], *, dealer: str = "Cat", stacks: int | list[int] = 20,
           rules: HistoricRules | None = None) -> SingleStakeBrag:
    players = list(hands)
    return SingleStakeBrag(rules, players=players, dealer=dealer,
                           stacks=stacks if isinstance(stacks, list) else [stacks] * len(players),
                           hands=hands)


def play(game: StakeGame, *texts: str) -> StakeGame:
    for text in texts:
        game.apply(text)
    return game


def stock_after(hands: dict[str, str], top: str) -> str:
    """A stock with ``top`` first, then the rest of the pack in the standard order."""
    used = set(parse_cards(" ".join(hands.values()))) | set(parse_cards(top))
    rest = [c for c in Pack.standard() if c not in used]
    return format_cards(parse_cards(top) + tuple(rest))


def snapshot(game: StakeGame) -> tuple[Any, ...]:
    return (len(game.operations), game.stacks, dict(game.money.pots), game.to_act, game.phase,
            json.dumps(game.view(None).to_dict(), sort_keys=True),
            {p: list(h) for p, h in game.hands.items()}, len(game.pack))


# -- S1, S3: the braggers and the historic order ----------------------------------------------

def showdown_winner(ann: str, bob: str, **kw: Any) -> str:
    """Ann and Bob both meet the dealer Cat's stake, Cat drops to a raise: who wins?"""
    used = set(parse_cards(f"{ann} {bob}"))
    filler = next(h for h in ["2s 3h 5c", "4s 6h 8c", "5d 7c Th"]
                  if not used & set(parse_cards(h)))
    game = single({"Ann": ann, "Bob": bob, "Cat": filler}, **kw)
    play(game, "Cat bet 2", "Ann call", "Bob raise 1", "Cat drop", "Ann call")
    assert game.over and set(game.shown) == {"Ann", "Bob"}
    (winner,) = game.winners
    return winner


def test_braggers_are_wild_rule_s1() -> None:
    # ♦A ♣J ♦9 are three braggers: a pair royal of aces, beating a natural pair royal of kings
    assert showdown_winner("Ad Jc 9d", "Ks Kh Kd") == "Ann"
    # with no braggers (a house rule) the same cards are a mere high card
    assert showdown_winner("Ad Jc 9d", "Ks Kh Kd", rules=HistoricRules(wild=())) == "Bob"


def test_one_bragger_makes_a_pair_royal_rule_s1() -> None:
    assert showdown_winner("7s 7h 9d", "Qs Qh Ks") == "Ann"


def test_flushes_and_sequences_count_nothing_rule_s3() -> None:
    assert showdown_winner("9s 8s 7s", "2h 2c 4d") == "Bob"
    assert showdown_winner("As Ks Qs", "3h 3c 2d") == "Bob"


def test_pair_royal_aces_high_twos_low_rule_s3() -> None:
    assert showdown_winner("As Ah Ac", "3s 3h 3c") == "Ann"  # unlike H3: no 3-3-3 on top
    assert showdown_winner("2s 2h 2c", "3s 3h 3d") == "Bob"


def test_natural_beats_an_equal_bragger_hand_rule_s3() -> None:
    assert showdown_winner("As Ah Ac", "Ad Jc 9d") == "Ann"
    assert showdown_winner("Kh Jc 4h", "Ks Kd 4s") == "Bob"  # K-K-4 natural beats K-J♣-4


def test_equal_pairs_go_by_the_third_card_rule_s3() -> None:
    assert showdown_winner("Qs Qh 5c", "Qd Qc 7h") == "Bob"


def test_exactly_equal_hands_go_to_the_first_to_stake_rule_s3() -> None:
    # Ann staked before Bob (she is nearer the dealer's left)
    assert showdown_winner("Ks Kh 4d", "Kd Kc 4s") == "Ann"
    # the dealer stakes first of all
    game = single({"Ann": "Ks Kh 4d", "Bob": "2s 3h 5c", "Cat": "Kd Kc 4s"})
    play(game, "Cat bet 2", "Ann call", "Bob drop")
    assert game.winners == {"Cat": 4}


# -- S2: single-stake -------------------------------------------------------------------------

def test_dealer_stakes_first_then_deals_rule_s2() -> None:
    pack = Pack.shuffled(5)
    game = SingleStakeBrag(players=PLAYERS, dealer="Cat", stacks=[20] * 3, pack=pack)
    assert game.to_act == "Cat" and game.phase == "stake"
    assert all(not h for h in game.hands.values())  # nothing dealt before the stake
    assert [str(o) for o in game.legal_actions()] == ["Cat bet 1..10"]
    for text, rule in [("Ann call", "B11"), ("Cat call", "S2"), ("Cat bet 11", "S2")]:
        with pytest.raises(IllegalActionError) as error:
            game.apply(text)
        assert error.value.rule == rule
    game.apply("Cat bet 4")
    top = pack.cards
    # three each, face down, one at a time from the dealer's left (Ann, Bob, Cat)
    assert game.hands == {"Ann": [top[0], top[3], top[6]], "Bob": [top[1], top[4], top[7]],
                          "Cat": [top[2], top[5], top[8]]}
    assert game.to_act == "Ann" and game.money.pots["pot"] == 4


def test_dealer_stake_up_to_the_limit_and_his_money_rule_s2() -> None:
    game = SingleStakeBrag(HistoricRules(min_stake=2, max_stake=6), players=PLAYERS,
                           dealer="Bob", stacks=[20, 5, 20], rng=1)
    assert [str(o) for o in game.legal_actions()] == ["Bob bet 2..5"]
    with pytest.raises(IllegalActionError, match="2 to 5"):
        game.apply("Bob bet 6")
    with pytest.raises(RulesError, match="S2"):
        SingleStakeBrag(HistoricRules(min_stake=2), players=PLAYERS, dealer="Bob",
                        stacks=[20, 1, 20], rng=1)


def test_anyone_in_must_equalise_or_drop_losing_their_stake_rule_s2() -> None:
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"})
    play(game, "Cat bet 3", "Ann call", "Bob raise 4")
    assert game.to_act == "Cat"
    assert [str(o) for o in game.legal_actions()] == ["Cat drop", "Cat call 4", "Cat raise 1..13"]
    play(game, "Cat drop")
    assert game.to_act == "Ann"  # Ann must come up to Bob's 7
    with pytest.raises(IllegalActionError) as error:
        game.apply("Ann check")
    assert error.value.rule == "S2"
    play(game, "Ann call")
    assert game.over
    # all stakes equal: the best hand takes everything, the dealer's lost stake included
    assert game.winners == {"Ann": 17} and game.stacks == {"Ann": 30, "Bob": 13, "Cat": 17}
    assert "Cat" not in game.shown  # a dropped hand is not shown


def test_no_one_meets_the_dealers_stake_rule_s2() -> None:
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"},
                  rules=HistoricRules(forfeit=2), stacks=[20, 1, 20])
    play(game, "Cat bet 5", "Ann drop", "Bob drop")
    assert game.over and game.forfeited and not game.shown
    # the dealer takes his stake back and is paid 2 by Ann, all of Bob's 1 by Bob
    assert game.stacks == {"Ann": 18, "Bob": 0, "Cat": 23}
    assert game.winners == {"Cat": 3}


def test_dealer_who_raised_and_won_is_not_paid_a_forfeit_rule_s2() -> None:
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"})
    play(game, "Cat bet 2", "Ann raise 1", "Bob drop", "Cat raise 3", "Ann drop")
    assert not game.forfeited and game.winners == {"Cat": 9}
    assert game.stacks == {"Ann": 17, "Bob": 20, "Cat": 23}


def test_all_meeting_the_dealers_stake_ends_the_betting_rule_s2() -> None:
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"})
    play(game, "Cat bet 2", "Ann call", "Bob call")
    assert game.over and set(game.shown) == set(PLAYERS) and game.winners == {"Ann": 6}


def test_last_player_in_takes_the_pot_unseen_rule_s2() -> None:
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"})
    play(game, "Cat bet 2", "Ann raise 2", "Bob drop", "Cat drop")
    assert game.winners == {"Ann": 6} and not game.shown


def test_table_size_and_rules_are_checked() -> None:
    with pytest.raises(RulesError):
        SingleStakeBrag(players=["Ann"], dealer="Ann", stacks=[5])
    names = [f"P{i}" for i in range(18)]
    with pytest.raises(RulesError, match="17"):
        SingleStakeBrag(players=names, dealer="P0", stacks=[5] * 18)
    with pytest.raises(RulesError):
        SingleStakeBrag(players=PLAYERS, dealer="Zed", stacks=[5] * 3)
    with pytest.raises(RulesError):
        SingleStakeBrag(players=PLAYERS, dealer="Ann", stacks=[5, 5])
    with pytest.raises(RulesError):
        SingleStakeBrag(players=["Ann", "Ann"], dealer="Ann", stacks=[5, 5])
    for bad in [dict(min_stake=0), dict(max_stake=0), dict(min_stake=3, max_stake=2),
                dict(min_raise=3, max_raise=2), dict(forfeit=-1), dict(stake=0),
                dict(wild=("Zz",)), dict(wild=("Ad", "Ad")), dict(wild="Ad"),
                dict(max_stake=True)]:
        with pytest.raises(RulesError):
            HistoricRules(**bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown"):
        HistoricRules.from_dict({"ante": 1})
    assert HistoricRules(wild=("♦A", "10h")).wild == ("Ad", "Th")


def test_rules_dict_round_trip() -> None:
    rules = HistoricRules(max_stake=20, max_raise=5, forfeit=0, wild=("2s",))
    assert HistoricRules.from_dict(rules.to_dict()) == rules
    assert HistoricRules().to_dict() == {}


def test_rules_and_records_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        HistoricRules().forfeit = 3  # type: ignore[misc]
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"})
    play(game, "Cat bet 2")
    with pytest.raises(FrozenInstanceError):
        game.operations[-1].phase = "x"  # type: ignore[union-attr,misc]


# -- S4: three-stake --------------------------------------------------------------------------

THREE = {"Ann": "Ts 9h 5c", "Bob": "Ks Qh 2c", "Cat": "As Ah Ac"}


def three(hands: dict[str, str], *, dealer: str = "Cat", top: str = "", stake: int = 1,
          stacks: int = 20, **rules: Any) -> ThreeStakeBrag:
    return ThreeStakeBrag(HistoricRules(stake=stake, **rules), players=list(hands),
                          dealer=dealer, stacks=[stacks] * len(hands), hands=hands,
                          stock=stock_after(hands, top) if top else None)


def test_three_equal_stakes_and_two_down_one_up_rule_s4() -> None:
    game = three(THREE, stake=2)
    assert game.money.total == 60 and game.money.chips() == 60
    posted = [op for op in game.operations if isinstance(op, Posted)]
    assert len(posted) == 9 and all(op.amount == 2 for op in posted)
    assert [op.player for op in posted][:3] == ["Ann"] * 3  # from the dealer's left
    # the first pot is already won; the second and third hold a stake from each
    assert game.money.pots == {"first": 0, "second": 6, "third": 6}
    dealt = [op for op in game.operations if isinstance(op, Dealt)]
    assert [op.face_up for op in dealt] == [False] * 6 + [True] * 3
    view = game.view("Bob")
    assert view.cards["Ann"] == (None, None, Card.parse("5c"))  # only the up card
    assert view.cards["Bob"] == parse_cards("Ks Qh 2c")
    with pytest.raises(RulesError, match="S4"):
        three(THREE, stake=7)


def test_first_stake_highest_face_up_card_braggers_ordinary_rule_s4() -> None:
    game = three({"Ann": "2s 3h Ad", "Bob": "Ks Qh Kd", "Cat": "4s 5h 6c"})
    assert game.contests[0].winner == "Ann"  # ♦A is a bragger but ranks as an ace here
    assert game.winners == {"Ann": 3}


def test_first_stake_ties_go_to_the_first_to_stake_rule_s4() -> None:
    hands = {"Ann": "2s 3h Kd", "Bob": "4s 5h 6c", "Cat": "7s 8h Kh"}
    assert three(hands, dealer="Cat").contests[0].winner == "Ann"
    assert three(hands, dealer="Ann").contests[0].winner == "Cat"  # Bob, Cat, Ann stake in turn


def test_second_stake_nobody_bets_hands_shown_rule_s4() -> None:
    game = three(THREE)
    assert game.phase == "betting" and game.to_act == "Ann"
    play(game, "Ann check", "Bob check", "Cat check")
    assert [c.winner for c in game.contests][:2] == ["Cat", "Cat"]
    assert game.contests[1].amount == 3
    assert game.phase == "thirty-one"


def test_second_stake_played_as_single_stake_rule_s4() -> None:
    game = three(THREE)
    play(game, "Ann bet 3", "Bob raise 2", "Cat drop", "Ann call")
    # Ann and Bob equalised at 5 each; Bob's K-Q-2 is king high, Ann's T-9-5 ten high
    assert game.contests[1].winner == "Bob" and game.contests[1].amount == 3 + 10
    game2 = three(THREE)
    play(game2, "Ann bet 3", "Bob drop", "Cat drop")
    assert game2.contests[1].winner == "Ann" and game2.contests[1].why == "everyone else dropped"


def test_third_stake_draws_bust_and_nearest_rule_s4() -> None:
    game = three(THREE, top="7d 4s Kd")
    play(game, "Ann check", "Bob check", "Cat check")
    # every hand is exposed now
    assert set(game.shown) == {"Ann", "Bob", "Cat"} and game.view(None).cards["Ann"][0]
    assert game.totals == {"Ann": 24, "Bob": 22, "Cat": 33}
    assert game.to_act == "Ann"
    play(game, "Ann draw")  # 7♦: exactly 31, the turn passes
    assert game.to_act == "Bob"
    play(game, "Bob draw", "Bob draw")  # 4♠ then K♦: 36, bust
    # Cat's dealt 33 is over 31 but not bust, and she may not draw
    assert game.over and game.bust == {"Bob"}
    assert game.contests[2].winner == "Ann" and game.contests[2].amount == 3
    assert game.totals == {"Ann": 31, "Bob": 36, "Cat": 33}
    assert game.stacks == {"Ann": 20 - 3 + 3, "Bob": 20 - 3, "Cat": 20 - 3 + 6}


def test_third_stake_cannot_draw_at_31_or_over_rule_s4() -> None:
    game = three({"Ann": "As Ks 9c", "Bob": "2s 3h 4c", "Cat": "5s 5h 5c"})
    play(game, "Ann check", "Bob check", "Cat check")
    assert game.totals["Ann"] == 30 and game.to_act == "Ann"
    with pytest.raises(IllegalActionError) as error:
        game.apply("Bob draw")
    assert error.value.rule == "B11"
    with pytest.raises(IllegalActionError) as error:
        game.apply("Ann call")
    assert error.value.rule == "S4"
    play(game, "Ann stand", "Bob draw")
    assert game.to_act == "Bob"  # still under 31: Bob may draw again


@pytest.mark.parametrize("dealer, winner", [("Cat", "Ann"), ("Ann", "Bob")])
def test_third_stake_equally_near_goes_to_the_first_to_stake_rule_s4(dealer: str,
                                                                     winner: str) -> None:
    game = three({"Ann": "Ks Qs Tc", "Bob": "As Ah Td", "Cat": "2s 3s 4s"}, dealer=dealer)
    play(game, *[f"{p} check" for p in game.deal_order])
    if game.phase == "thirty-one":
        for player in game.deal_order:
            if game.to_act == player:
                game.apply(f"{player} stand")
    assert game.totals == {"Ann": 30, "Bob": 32, "Cat": 9}
    assert game.contests[2].winner == winner


def test_third_stake_everyone_bust_takes_stakes_back_rule_s4() -> None:
    hands = {"Ann": "2s 3s 4s", "Bob": "2h 3h 4h"}
    game = three(hands, dealer="Bob", top="Ks Kh Kd Kc Qs Qh")
    play(game, "Ann check", "Bob check")
    play(game, "Ann draw", "Ann draw", "Ann draw", "Bob draw", "Bob draw", "Bob draw")
    assert game.over and game.bust == {"Ann", "Bob"}
    assert game.contests[2].winner is None and game.money.pots["third"] == 0
    assert "third" not in str(game.winners)


def test_third_stake_ends_when_the_pack_is_empty_rule_s4() -> None:
    names = [f"P{i:02d}" for i in range(17)]
    game = ThreeStakeBrag(players=names, dealer="P00", stacks=[10] * 17, rng=3)
    for player in list(game.deal_order):
        game.apply(f"{player} check")
    draws = 0
    while not game.over:
        assert len(game.pack) <= 1
        options = [str(o) for o in game.legal_actions()]
        if f"{game.to_act} draw" in options:
            game.apply(f"{game.to_act} draw")
            draws += 1
        else:
            game.apply(f"{game.to_act} stand")
    assert draws <= 1 and len(game.pack) + draws == 1


def test_thirty_one_counts() -> None:
    assert thirty_one_total("Ad Kc 2h") == 23  # a bragger counts as the card it is
    assert thirty_one_total("Ts 9h 5c") == 24


# -- views, records, replay -------------------------------------------------------------------

_CARD_RE = re.compile(r"\b[2-9TJQKA][shdc]\b")


def allowed_cards(game: StakeGame, viewer: str | None) -> set[Card]:
    """What a viewer may know, worked out from the operation log: face-up cards, shown hands,
    and the viewer's own cards when they may see them."""
    allowed: set[Card] = set()
    looked = {op.action.player for op in game.operations
              if isinstance(op, Acted) and op.action.verb.value == "look"}
    for op in game.operations:
        if isinstance(op, Dealt) and (op.face_up or (
                op.player == viewer and (not hasattr(game, "looked") or viewer in looked))):
            allowed.add(op.card)
        elif isinstance(op, Shown):
            allowed.update(op.cards)
        elif isinstance(op, Acted) and op.action.player == viewer:
            allowed.update(op.action.cards)  # one's own discards
    return allowed


def check_views(game: StakeGame) -> None:
    for viewer in [None, *game.players]:
        allowed = allowed_cards(game, viewer)
        view = game.view(viewer)
        for cards in view.cards.values():
            assert {c for c in cards if c is not None} <= allowed
        text = json.dumps(view.to_dict())
        assert {Card.parse(t) for t in _CARD_RE.findall(text)} <= allowed, viewer


def check_cards(game: StakeGame) -> None:
    held = [c for h in game.hands.values() for c in h]
    held += [c for d in getattr(game, "discards", {}).values() for c in d]
    everything = held + list(game.pack)
    assert len(everything) == 52 and len(set(everything)) == 52


def test_views_hide_other_players_cards() -> None:
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"})
    play(game, "Cat bet 2")
    assert game.view("Ann").cards["Ann"] == parse_cards("Ks Kh 4d")
    assert game.view("Ann").cards["Bob"] == (None, None, None)
    assert game.view(None).cards["Cat"] == (None, None, None)
    assert game.view("Ann").legal == ("Ann drop", "Ann call 2", "Ann raise 1..18")
    assert game.view("Bob").legal == ()
    check_views(game)
    play(game, "Ann call", "Bob call")
    assert game.view(None).cards["Bob"] == parse_cards("Qs Qh 5d")  # shown at the showdown
    check_views(game)
    with pytest.raises(RulesError):
        game.view("Zed")


def test_record_round_trip_and_replay() -> None:
    game = three(THREE, top="7d 4s Kd")
    play(game, "Ann bet 2", "Bob call", "Cat raise 1", "Ann call", "Bob drop", "Ann draw",
         "Bob draw", "Bob draw")
    text = write_historic(game)
    assert 'format = "historic/1"' in text and 'variant = "three-stake"' in text
    replay = read_historic(text)
    assert replay.to_toml() == text
    assert replay.game.stacks == game.stacks and replay.game.winners == game.winners
    out = replay.to_json()
    assert out["variant"] == "three-stake" and out["over"] is True
    assert [c["winner"] for c in out["contests"]] == ["Cat", "Cat", "Ann"]
    assert out["shown"]["Ann"] == "Ts 9h 5c 7d" and out["bust"] == ["Bob"]
    described = replay.describe()
    assert "Ann draw" in described and "Stacks after" in described
    json.dumps(out)


def test_record_with_a_pack_and_rules() -> None:
    game = SingleStakeBrag(HistoricRules(max_stake=3, forfeit=2), players=PLAYERS,
                           dealer="Bob", stacks=[9, 9, 9], rng=11)
    play(game, "Bob bet 3", "Cat drop", "Ann drop")
    text = write_historic(game)
    assert "[rules]" in text and "max_stake = 3" in text and "pack = " in text
    replay = replayer_for(__import__("tomllib").loads(text))(__import__("tomllib").loads(text))
    assert replay.to_json() == {"variant": "single-stake", "over": True,
                                "stacks": {"Ann": 7, "Bob": 13, "Cat": 7},
                                "winners": {"Bob": 4}, "shown": {}, "forfeit": True}


BASE = """format = "historic/1"
variant = "single-stake"
players = ["Ann", "Bob", "Cat"]
dealer = "Cat"
stacks = [20, 20, 20]
actions = ["Cat bet 3", "Ann call", "Bob raise 40"]

[cards]
hands = { Ann = "Ks Kh 4d", Bob = "Qs Qh 5d", Cat = "2s 3h 5c" }
"""


def test_replay_names_the_illegal_action() -> None:
    with pytest.raises(IllegalActionError) as error:
        read_historic(BASE)
    assert str(error.value).startswith('action 3 "Bob raise 40": Bob has 20 chips')
    assert error.value.rule == "S2"


@pytest.mark.parametrize("old, new, message", [
    ('"Bob raise 40"', '"Bob fold"', 'action 3 "Bob fold": .fold. is not a verb of single-stake'),
    ('variant = "single-stake"', 'variant = "four-stake"', "variant"),
    ('format = "historic/1"', 'format = "historic/2"', "not supported"),
    ('Cat = "2s 3h 5c"', 'Cat = "2s 3h Ks"', "share a card"),
    ('Cat = "2s 3h 5c"', 'Dan = "2s 3h 5c"', "every player"),
    ("[cards]", "[rules]\nante = 1\n\n[cards]", "unknown historic rule"),
    ("[cards]", "[rules]\nwild = 5\n\n[cards]", "wild"),
])
def test_replay_refuses_bad_records(old: str, new: str, message: str) -> None:
    assert old in BASE
    with pytest.raises(NotationError, match=message):
        read_historic(BASE.replace(old, new))


# -- Hypothesis: random play under random rules -----------------------------------------------

@st.composite
def historic_tables(draw: st.DrawFn) -> tuple[str, HistoricRules, list[str], list[int], int]:
    variant = draw(st.sampled_from(["single-stake", "three-stake"]))
    min_stake = draw(st.integers(1, 3))
    max_raise = draw(st.none() | st.integers(1, 6))
    rules = HistoricRules(
        min_stake=min_stake, max_stake=draw(st.integers(min_stake, 8)),
        min_raise=1 if max_raise is None else draw(st.integers(1, max_raise)),
        max_raise=max_raise, forfeit=draw(st.integers(0, 3)), stake=draw(st.integers(1, 3)),
        wild=draw(st.sampled_from([("Ad", "Jc", "9d"), (), ("2s", "2h", "2d", "2c")])))
    n = draw(st.integers(2, 6))
    least = 3 * rules.stake if variant == "three-stake" else 0
    stacks = draw(st.lists(st.integers(least, least + 25), min_size=n, max_size=n))
    if variant == "single-stake":
        stacks[-1] = max(stacks[-1], rules.min_stake)  # the dealer sits last
    return variant, rules, PLAYERS[:0] + [f"P{i}" for i in range(n)], stacks, draw(
        st.integers(0, 2**32))


CANDIDATES = ["drop", "check", "call", "bet 1", "bet 3", "bet 50", "raise 1", "raise 2",
              "raise 9", "draw", "draw 1 As", "stand", "look"]


@settings(max_examples=80, deadline=None)
@given(historic_tables())
def test_random_games_keep_every_invariant(table: tuple[Any, ...]) -> None:
    """S2, S4: chips conserved, no card in two places, views leak nothing, apply agrees with
    can_apply and an illegal action changes nothing, every game ends, the record round-trips."""
    variant, rules, players, stacks, seed = table
    rng = random.Random(seed)
    game = historic_game(variant, rules, players=players, dealer=players[-1], stacks=stacks,
                         rng=seed)
    total = sum(stacks)
    for _ in range(500):
        if game.over:
            break
        candidate = f"{rng.choice(players)} {rng.choice(CANDIDATES)}"
        before = snapshot(game)
        if game.can_apply(candidate):
            game.apply(candidate)
        else:
            with pytest.raises(BragError):
                game.apply(candidate)
            assert snapshot(game) == before
            game.apply(random_action(game, rng))
        assert game.money.chips() == total
        check_cards(game)
        check_views(game)
    assert game.over and not game.legal_actions()
    assert sum(game.stacks.values()) == total and not any(game.money.pots.values())
    if isinstance(game, ThreeStakeBrag):
        assert [c.pot for c in game.contests] == ["first", "second", "third"]
    text = write_historic(game)
    replay = read_historic(text)
    assert replay.to_toml() == text
    assert replay.to_json()["stacks"] == game.stacks
    assert replay.to_json() == read_historic(text).to_json()


def test_action_objects_are_accepted() -> None:
    game = single({"Ann": "Ks Kh 4d", "Bob": "Qs Qh 5d", "Cat": "2s 3h 5c"})
    game.apply(Action.parse("Cat bet 2"))
    assert game.actions == (Action.parse("Cat bet 2"),)
    assert not game.can_apply("Zed call") and not game.can_apply("Ann raise")
