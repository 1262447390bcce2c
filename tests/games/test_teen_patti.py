"""Teen Patti, rule by rule (TP1–TP8): the boot, the chaal, the show, the sideshow, the limits,
no carried pots, the variants; the rules object and the registry."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

import bragkit.games
from bragkit import records
from bragkit.actions import Action, Verb
from bragkit.cards import Card, format_cards, parse_cards
from bragkit.errors import IllegalActionError, InvalidActionError, NotationError, RulesError
from bragkit.games.protocol import Game, Pending
from bragkit.games.registry import open_session
from bragkit.games.stake_operations import Posted, Shown
from bragkit.games.teen_patti import TeenPatti
from bragkit.games.teen_patti_operations import Compared, JokerTurned, SideshowLost
from bragkit.games.teen_patti_records import write_teen_patti
from bragkit.games.teen_patti_rules import TeenPattiRules
from bragkit.session import SessionError


def deal(hands: dict[str, str], *, dealer: str | None = None, stacks: int | list[int] = 100,
         stock: str | None = None, **rules: Any) -> TeenPatti:
    players = list(hands)
    amounts = stacks if isinstance(stacks, list) else [stacks] * len(players)
    return TeenPatti(TeenPattiRules(**rules), players=players,
                     dealer=dealer or players[-1], stacks=amounts, hands=hands, stock=stock)


def play(game: TeenPatti, *actions: str) -> None:
    for action in actions:
        game.apply(action)


def refused(game: TeenPatti, action: str, rule: str) -> None:
    before = (game.operations, game.stacks, game.to_act)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert error.value.rule == rule, error.value
    assert not game.can_apply(action)
    assert (game.operations, game.stacks, game.to_act) == before


THREE = {"Ann": "As Ah 2c", "Bob": "Ks Qs Js", "Cy": "9d 7c 4h"}


# -- the registry and the rules object ---------------------------------------------------------

def test_the_registry_names_teen_patti_as_its_own_game() -> None:
    info = bragkit.games.find("teen-patti")
    assert info.name == "teen-patti" and info.rules is TeenPattiRules
    assert info.record_format == "teen-patti"
    for alias in ("teenpatti", "3-patti", "muflis", "ak47", "teen-patti-joker"):
        assert bragkit.games.find(alias) is info
    # Brag with Teen Patti's hand order stays a preset of the three-card rules (H10)
    assert bragkit.games.find("teen-patti-order").name == "three-card"
    game = bragkit.games.new("muflis", players=["Ann", "Bob", "Cy"], seed=3)
    assert isinstance(game, TeenPatti) and isinstance(game, Game)
    assert game.rules.variant == "muflis" and game.start_stacks == dict.fromkeys(game.players, 100)


def test_every_option_names_its_rule_meaning_and_values() -> None:
    from bragkit.games.options import options

    found = {o.name: o for o in options(TeenPattiRules)}
    assert set(found) == {f.name for f in fields(TeenPattiRules)}
    for option in found.values():
        assert option.rule in {f"TP{i}" for i in range(1, 9)} and option.meaning, option
    assert found["sequence_order"].choices == ("akq-top", "a23-top")
    assert (found["boot"].kind, found["boot"].least, found["sideshow"].kind) == ("int", 1, "bool")
    for bad in ({"boot": 0}, {"boot": True}, {"variant": "joker2"}, {"sideshow": 1},
                {"chaal_limit": 1}, {"pot_limit": -1}, {"sequence_order": "AKQ"}):
        with pytest.raises(RulesError, match=r"rule TP\d"):
            TeenPattiRules(**bad)
    with pytest.raises(RulesError):
        bragkit.games.new("teen-patti", players=["Ann", "Bob"], seed=1, ante=2)


# -- TP1: hand order and sequence_order ---------------------------------------------------------

@pytest.mark.parametrize(("order", "winner"), [("akq-top", "Ann"), ("a23-top", "Bob")])
def test_sequence_order_decides_a_k_q_against_a_2_3_rule_tp1(order: str, winner: str) -> None:
    game = deal({"Ann": "As Kh Qd", "Bob": "Ac 2d 3h"}, sequence_order=order)
    play(game, "Ann blind 1", "Bob show")
    assert game.winners == {winner: 4}


def test_a_trail_of_aces_is_the_best_hand_rule_tp1() -> None:
    game = deal({"Ann": "3s 3h 3d", "Bob": "As Ah Ad"})
    play(game, "Ann blind 1", "Bob show")
    assert game.winners == {"Bob": 4}


# -- TP2: the boot, blind until one looks, looking at one's own turn ---------------------------

def test_everyone_puts_in_the_boot_and_starts_blind_rule_tp2() -> None:
    game = deal(THREE, boot=3, dealer="Cy")
    boots = [op for op in game.operations if isinstance(op, Posted)]
    assert [(op.player, op.amount) for op in boots] == [("Ann", 3), ("Bob", 3), ("Cy", 3)]
    assert game.pot == 9 and game.stake == 3 and game.to_act == "Ann"
    for player in game.players:
        assert game.view(player).cards[player] == (None, None, None)
    with pytest.raises(RulesError, match="TP2"):
        TeenPatti(TeenPattiRules(boot=5), players=["Ann", "Bob"], dealer="Bob", stacks=[4, 9])


def test_looking_is_at_one_s_own_turn_and_keeps_the_turn_rule_tp2() -> None:
    game = deal(THREE)
    refused(game, "Bob look", "TP2")
    play(game, "Ann look")
    assert game.to_act == "Ann" and game.view("Ann").cards["Ann"] == parse_cards("As Ah 2c")
    assert game.view("Bob").cards["Ann"] == (None, None, None)
    refused(game, "Ann look", "TP2")


# -- TP3: the chaal ----------------------------------------------------------------------------

def test_blind_and_seen_chaal_ranges_with_the_stake_in_blind_terms_rule_tp3() -> None:
    game = deal(THREE)
    assert [str(o) for o in game.legal_actions("Ann")] == ["Ann fold", "Ann blind 1..2",
                                                           "Ann look"]
    refused(game, "Ann blind 3", "TP3")
    refused(game, "Ann bet 2", "TP3")             # a blind player's chaal is "blind"
    play(game, "Ann blind 2")
    assert game.stake == 2
    play(game, "Bob look")
    bet = game.legal_actions("Bob")[1]
    assert (bet.verb, bet.min_amount, bet.max_amount) == (Verb.BET, 4, 8)
    assert [a.amount for a in bet.choices or ()] == [4, 6, 8]
    refused(game, "Bob bet 5", "TP3")             # even amounts only
    refused(game, "Bob bet 3", "TP3")
    refused(game, "Bob blind 2", "TP3")           # a seen player's chaal is "bet"
    play(game, "Bob bet 6")
    assert game.stake == 3 and game.to_act == "Cy"   # a seen 6 is a blind 3
    play(game, "Cy blind 3", "Ann fold")
    assert game.in_play == ("Bob", "Cy") and game.to_act == "Bob"
    assert game.stacks == {"Ann": 97, "Bob": 93, "Cy": 96} and game.pot == 14


def test_betting_goes_round_from_the_dealer_s_left_rule_tp3() -> None:
    game = deal(THREE, dealer="Ann")
    assert game.to_act == "Bob"
    refused(game, "Ann blind 1", "TP3")
    play(game, "Bob blind 1", "Cy blind 1")
    assert game.to_act == "Ann"


# -- TP4: the show -----------------------------------------------------------------------------

def test_a_show_needs_exactly_two_left_and_costs_1x_blind_2x_seen_rule_tp4() -> None:
    game = deal(THREE)
    refused(game, "Ann show", "TP4")
    play(game, "Ann blind 2", "Bob fold")
    assert [o.cost for o in game.legal_actions("Cy") if o.verb is Verb.SHOW] == [2]
    play(game, "Cy look")
    refused(game, "Cy show", "TP4")             # a seen player may not ask a blind one
    play(game, "Cy bet 4", "Ann look")
    assert [o.cost for o in game.legal_actions("Ann") if o.verb is Verb.SHOW] == [4]
    play(game, "Ann show")
    shown = [op.player for op in game.operations if isinstance(op, Shown)]
    assert sorted(shown) == ["Ann", "Cy"] and game.shown["Cy"] == parse_cards("9d 7c 4h")
    assert game.winners == {"Ann": 3 + 2 + 4 + 4} and game.over and game.to_act is None


def test_a_tie_in_a_show_goes_against_the_asker_rule_tp4() -> None:
    game = deal({"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h"})
    play(game, "Ann blind 1", "Bob show")
    assert game.winners == {"Ann": 4}
    other = deal({"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h"})
    play(other, "Ann show")
    assert other.winners == {"Bob": 3}


def test_seen_may_show_blind_option_rule_tp4() -> None:
    game = deal({"Ann": "Ks Kh 9c", "Bob": "2d 3c 9h"}, seen_may_show_blind=True)
    play(game, "Ann look", "Ann show")
    assert game.winners == {"Ann": 4}


# -- TP5: the sideshow -------------------------------------------------------------------------

def seen_three(**rules: Any) -> TeenPatti:
    """Ann, Bob, Cy all seen; Cy to act with Bob the previous player."""
    game = deal(THREE, **rules)
    play(game, "Ann look", "Ann bet 2", "Bob look", "Bob bet 2", "Cy look")
    return game


def test_the_asked_player_must_answer_before_anyone_acts_rule_tp5() -> None:
    game = seen_three()
    assert game.pending() is None
    play(game, "Cy sideshow")
    assert game.to_act == "Bob" and game.phase == "sideshow" and game.stacks["Cy"] == 97
    assert game.pending() == Pending(kind="sideshow", rule="TP5", asked=("Bob",), by="Cy")
    assert [str(o) for o in game.legal_actions()] == ["Bob accept", "Bob decline"]
    refused(game, "Ann bet 2", "TP5")
    refused(game, "Bob bet 2", "TP5")
    refused(game, "Cy accept", "TP5")
    assert game.view("Ann").extra["sideshow"] == {"asker": "Cy", "asked": "Bob"}
    assert game.timeout_action() == Action.parse("Bob decline")
    play(game, "Bob decline")
    assert game.pending() is None


def test_an_accepted_sideshow_folds_the_weaker_seen_only_by_those_two_rule_tp5() -> None:
    game = seen_three()
    play(game, "Cy sideshow", "Bob accept")
    assert game.in_play == ("Ann", "Bob") and game.to_act == "Ann" and not game.over
    lost = [op for op in game.operations if isinstance(op, SideshowLost)]
    assert [(op.player, op.winner) for op in lost] == [("Cy", "Bob")]
    assert game.view("Bob").cards["Cy"] == parse_cards("9d 7c 4h")
    assert game.view("Cy").cards["Bob"] == parse_cards("Ks Qs Js")
    assert game.view("Ann").cards["Bob"] == game.view("Ann").cards["Cy"] == (None,) * 3
    assert game.view(None).cards["Cy"] == (None,) * 3 and game.shown == {}
    compared = [op for op in game.operations if isinstance(op, Compared)]
    assert len(compared) == 1 and all(op.censored(v) is None for op in compared
                                      for v in ("Ann", None))


def test_a_sideshow_tie_goes_against_the_asker_rule_tp5() -> None:
    game = deal({"Ann": "2s 5h 9c", "Bob": "Ks Kh 9d", "Cy": "Kd Kc 9h"})
    play(game, "Ann look", "Ann bet 2", "Bob look", "Bob bet 2", "Cy look", "Cy sideshow",
         "Bob accept")
    assert game.in_play == ("Ann", "Bob")


def test_a_declined_sideshow_goes_on_after_the_asker_rule_tp5() -> None:
    game = seen_three()
    play(game, "Cy sideshow", "Bob decline")
    assert game.in_play == ("Ann", "Bob", "Cy") and game.to_act == "Ann"
    assert game.phase == "betting" and game.pot == 3 + 2 + 2 + 2


def test_a_sideshow_needs_seen_players_three_left_and_the_option_rule_tp5() -> None:
    game = deal(THREE)
    play(game, "Ann look")
    refused(game, "Ann sideshow", "TP5")           # Cy, the previous player, is blind
    play(game, "Ann bet 2", "Bob blind 1")
    refused(game, "Cy sideshow", "TP5")            # Cy is blind
    off = seen_three(sideshow=False)
    refused(off, "Cy sideshow", "TP5")
    two = deal({"Ann": "As Ah 2c", "Bob": "Ks Qs Js"})
    play(two, "Ann look", "Ann bet 2", "Bob look")
    refused(two, "Bob sideshow", "TP5")
    refused(two, "Bob accept", "TP5")              # nothing asked


# -- TP6: the limits ---------------------------------------------------------------------------

def test_the_pot_limit_caps_the_pot_and_shows_every_hand_rule_tp6() -> None:
    game = deal({"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h", "Cy": "2d 3c 5h"}, pot_limit=8)
    play(game, "Ann blind 2", "Bob blind 2", "Cy blind 2")   # 3 + 2 + 2 = 7, Cy's 2 cut to 1
    assert game.over and game.pot == 0 and game.stacks["Cy"] == 100 - 1 - 1
    assert sorted(game.shown) == ["Ann", "Bob", "Cy"]
    assert game.winners == {"Ann": 4, "Bob": 4}           # exact ties split


def test_a_pot_that_merely_reaches_the_limit_plays_on_rule_tp6() -> None:
    """TP6 [decision]: only a payment that would take the pot past the limit is cut."""
    game = deal({"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h", "Cy": "2d 3c 5h"}, pot_limit=6)
    play(game, "Ann blind 1", "Bob blind 1", "Cy blind 1")   # 3 + 1 + 1 + 1 = 6: the limit
    assert not game.over and game.pot == 6 and game.to_act == "Ann" and not game.shown
    play(game, "Ann blind 1")                                # past it: cut to nothing
    assert game.over and game.stacks == {"Ann": 98 + 3, "Bob": 98 + 3, "Cy": 98}
    assert sorted(game.shown) == ["Ann", "Bob", "Cy"]
    assert game.winners == {"Ann": 3, "Bob": 3}


@pytest.mark.parametrize(("players", "boot", "pot_limit"), [(5, 3, 4), (5, 3, 5), (2, 1, 2),
                                                            (3, 2, 1)])
def test_boots_that_reach_the_pot_limit_are_refused_at_the_table_rule_tp6(
        players: int, boot: int, pot_limit: int) -> None:
    """TP6 [decision]: the boots alone never end a deal; such a limit is refused when the
    players are seated (the rules object alone cannot know how many)."""
    rules = TeenPattiRules(boot=boot, pot_limit=pot_limit)  # accepted on its own
    names = [f"P{i}" for i in range(players)]
    with pytest.raises(RulesError, match=r"reach the pot limit .*\(rule TP6\)"):
        TeenPatti(rules, players=names, dealer=names[0], stacks=[50] * players, rng=1)
    with pytest.raises(RulesError, match=r"rule TP6"):
        rules.check_table(players)
    above = TeenPatti(TeenPattiRules(boot=boot, pot_limit=players + 1), players=names,
                      dealer=names[0], stacks=[50] * players, rng=1)
    assert not above.over and above.to_act == names[1] and above.pot == players * boot


def test_a_session_refuses_a_deal_its_boots_would_end_rule_tp6() -> None:
    """The deal that used to be over at once while the session stayed in it for ever."""
    session = open_session("teen-patti", seats=["A", "B", "C", "D", "E"], buy_ins=50, seed=1,
                           boot=3, pot_limit=4)
    with pytest.raises(SessionError, match=r"reach the pot limit .*\(rule TP6\)"):
        session.start_deal()
    assert not session.in_deal and session.stacks == dict.fromkeys("ABCDE", 50)


def test_a_show_cut_by_the_pot_limit_is_offered_at_its_price_rule_tp6() -> None:
    """TP6 [decision]: the cap cuts a show's price, and the menu offers the price charged."""
    game = deal({"Ann": "Ks Kh 9c", "Bob": "2d 3c 5h"}, pot_limit=5)
    play(game, "Ann blind 2")                                # pot 4, stake 2: room for 1
    show = [o for o in game.legal_actions("Bob") if o.verb is Verb.SHOW]
    assert [o.cost for o in show] == [1] and str(show[0]) == "Bob show 1"
    assert game.show_cost("Bob") == 1
    play(game, "Bob show")
    assert game.stacks["Bob"] == 100 - 1 - 1 and game.winners == {"Ann": 5}
    full = deal({"Ann": "Ks Kh 9c", "Bob": "2d 3c 5h"}, pot_limit=6)
    play(full, "Ann blind 2", "Bob blind 2")                 # the pot is at its limit, 6
    assert not full.over
    assert [o.cost for o in full.legal_actions("Ann") if o.verb is Verb.SHOW] == [0]
    play(full, "Ann show")
    assert full.stacks == {"Ann": 97 + 6, "Bob": 97} and full.winners == {"Ann": 6}


def test_after_the_blind_limit_a_player_must_look_rule_tp6() -> None:
    game = deal({"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h"}, blind_limit=2)
    play(game, "Ann blind 1", "Bob blind 1", "Ann blind 1", "Bob blind 1")
    refused(game, "Ann blind 1", "TP6")
    refused(game, "Ann show", "TP6")
    assert [o.verb for o in game.legal_actions("Ann")] == [Verb.FOLD, Verb.LOOK]
    unlimited = deal({"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h"}, blind_limit=0)
    play(unlimited, *["Ann blind 1", "Bob blind 1"] * 10)
    assert unlimited.can_apply("Ann blind 1")


def test_the_chaal_limit_caps_a_single_chaal_rule_tp6() -> None:
    game = deal({"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h"}, chaal_limit=3)
    play(game, "Ann blind 2")
    assert [(o.min_amount, o.max_amount) for o in game.legal_actions("Bob")
            if o.verb is Verb.BLIND] == [(2, 3)]
    refused(game, "Bob blind 4", "TP6")
    play(game, "Bob blind 3", "Ann look")
    bet = [o for o in game.legal_actions("Ann") if o.verb is Verb.BET]
    assert [(o.min_amount, o.max_amount) for o in bet] == [(2, 2)]  # the limit is the chaal
    play(game, "Ann bet 2")
    assert game.stake == 3                                           # and never lowers it


# -- TP7: no carried pots, no covers, a short stack --------------------------------------------

def test_the_last_player_in_takes_the_pot_even_blind_rule_tp7() -> None:
    game = deal(THREE)
    play(game, "Ann blind 1", "Bob fold", "Cy fold")
    assert game.winners == {"Ann": 4} and game.over and "Ann" not in game.looked
    with pytest.raises(InvalidActionError):
        game.check("Ann cover 3")


def test_a_player_short_of_the_least_chaal_may_only_show_or_pack_rule_tp7() -> None:
    game = deal({"Ann": "Ks Kh 9c", "Bob": "2d 3c 5h"}, stacks=[3, 50])
    play(game, "Ann blind 2", "Bob blind 4")
    assert game.stacks["Ann"] == 0
    assert [o.verb for o in game.legal_actions("Ann")] == [Verb.FOLD, Verb.SHOW, Verb.LOOK]
    refused(game, "Ann blind 4", "TP7")
    play(game, "Ann show")                          # for nothing: all Ann had is in
    assert game.winners == {"Ann": 2 + 2 + 4}


def test_every_deal_of_a_session_is_shuffled_afresh_rule_tp7() -> None:
    session = open_session("teen-patti", seats=["Ann", "Bob", "Cy"], buy_ins=100, seed=5)
    packs = []
    for _ in range(3):
        game = session.start_deal()
        assert isinstance(game, TeenPatti)
        packs.append(str(game.initial_pack))
        while session.in_deal:
            session.apply(f"{game.to_act} fold")
    assert len(set(packs)) == 3 and session.ledger.in_pot == 0
    assert sum(session.stacks.values()) == 300


# -- TP8: the variants -------------------------------------------------------------------------

def test_muflis_the_lowest_hand_wins_rule_tp8() -> None:
    game = deal({"Ann": "As Ah Ad", "Bob": "5c 3d 2h"}, variant="muflis")
    play(game, "Ann blind 1", "Bob show")
    assert game.winners == {"Bob": 4}


def test_ak47_every_ace_king_four_and_seven_is_wild_rule_tp8() -> None:
    game = deal({"Ann": "Qs Qh 4c", "Bob": "Js Jh Jd"}, variant="ak47")
    play(game, "Ann blind 1", "Bob show")            # Q-Q-wild is a trail of queens
    assert game.winners == {"Ann": 4}
    assert [op.worth for op in game.operations if isinstance(op, Shown) and op.player == "Ann"
            ] == ["trail of queens (1 wild)"]
    classic = deal({"Ann": "Qs Qh 4c", "Bob": "Js Jh Jd"})
    play(classic, "Ann blind 1", "Bob show")
    assert classic.winners == {"Bob": 4}


def test_joker_the_turned_card_s_rank_is_wild_and_public_rule_tp8() -> None:
    hands = {"Ann": "7s 7h 2c", "Bob": "Js Jh 9d"}
    used = {c for cards in hands.values() for c in parse_cards(cards)} | {Card.parse("7d")}
    stock = "7d " + format_cards([Card(i) for i in range(52) if Card(i) not in used])
    game = deal(hands, variant="joker", stock=stock)
    turned = [op for op in game.operations if isinstance(op, JokerTurned)]
    assert [op.card for op in turned] == [Card.parse("7d")] and game.turned == Card.parse("7d")
    for viewer in (None, "Ann", "Bob"):
        assert game.view(viewer).extra["turned"] == "7d"
        assert any(isinstance(op, JokerTurned) for op in game.censored_log(viewer))
    play(game, "Ann blind 1", "Bob show")             # 7-7-2: two wilds make a trail
    assert game.winners == {"Ann": 4}


# -- records (teen-patti/1) --------------------------------------------------------------------

RECORD = '''format = "teen-patti/1"
players = ["Ann", "Bob", "Cy"]
dealer = "Cy"
stacks = [50, 50, 50]
actions = [
  "Ann look",
  "Ann bet 2",
  "Bob look",
  "Bob bet 2",
  "Cy look",
  "Cy sideshow",
  "Bob accept",
  "Ann show",
]

[rules]
variant = "muflis"

[cards]
hands = { Ann = "As Ah 2c", Bob = "Ks Qs Js", Cy = "9d 7c 4h" }
'''


def test_a_record_with_a_sideshow_round_trips_and_replays_rules_tp4_tp5_tp8() -> None:
    replay = records.replay(RECORD)
    game = replay.game  # type: ignore[attr-defined]
    assert isinstance(game, TeenPatti) and game.rules.variant == "muflis"
    # muflis (TP8): Cy's 9-7-4 is lower than Bob's pure sequence, so Bob packs on the
    # sideshow (TP5); Ann's pair is higher than Cy's high card, so Ann loses the show (TP4)
    assert game.in_play == ("Ann", "Cy") and game.winners == {"Cy": 3 + 2 + 2 + 2 + 2}
    assert records.dump(records.load(RECORD)) == RECORD
    assert write_teen_patti(game) == RECORD
    text = replay.describe()
    assert "Cy and Bob compare privately" in text and "Bob packs" in text
    assert replay.to_json()["shown"] == {"Cy": "9d 7c 4h", "Ann": "As Ah 2c"}


def test_a_bad_record_names_the_action_and_the_rule() -> None:
    with pytest.raises(IllegalActionError, match=r'action 2 "Ann bet 3": .*rule TP3'):
        records.replay(RECORD.replace('"Ann bet 2"', '"Ann bet 3"'))
    with pytest.raises(NotationError, match="unknown teen-patti rule"):
        records.replay(RECORD.replace('variant = "muflis"', "ante = 2"))
    with pytest.raises(NotationError, match="action 6"):
        records.replay(RECORD.replace('"Cy sideshow"', '"Cy cover 3"'))


def test_a_chaal_beyond_the_stack_is_refused_no_covers_rule_tp7() -> None:
    game = deal({"Ann": "Ks Kh 9c", "Bob": "2d 3c 5h"}, stacks=[2, 50])
    refused(game, "Ann blind 2", "TP7")     # one chip left after the boot
    play(game, "Ann blind 1")
    assert game.stacks["Ann"] == 0
