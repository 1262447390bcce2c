"""Rules F1–F3 (four- and five-card Brag) and W (wild cards) through the deal engine."""

from __future__ import annotations

from test_three_card_support import deal_of, legal_texts, play, refuse

from bragkit.cards import Pack, parse_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules

FOUR = Rules.preset("four-card")


def test_f1_a_player_who_looks_discards_before_betting() -> None:
    """Rule F1: four cards each; a player who looks discards one before betting."""
    deal = deal_of({"Ann": "7s 7h Qc 2c", "Bob": "Ks Kd 9h 3c"}, rules=FOUR)
    # blind, Ann is offered the look: a discard would name cards she has not seen (BL6, F2)
    assert legal_texts(deal, "Ann")[:2] == ["Ann look", "Ann fold"]
    refuse(deal, "Ann bet 1", "F1")  # an open bet needs the look and the discard first
    play(deal, "Ann look")
    assert legal_texts(deal, "Ann") == ["Ann fold", "Ann discard (1 card)", "Ann topup 1.."]
    refuse(deal, "Ann bet 1", "F1")
    refuse(deal, "Ann discard 7s 2c", "F1")  # one card, not two
    refuse(deal, "Ann discard As", "F1")  # not held
    play(deal, "Ann discard 2c", "Ann bet 1")
    assert deal.view("Ann").hand == parse_cards("7s 7h Qc 2c")
    assert deal.view("Ann").discards == parse_cards("2c")
    refuse(deal, "Ann discard Qc", "F1")  # discarded already


def test_f1_a_discard_includes_the_look_and_may_come_during_the_deal() -> None:
    """Rules F1, BL6: a discard by a blind player (the record form, not a menu's: BL6) includes
    the look; before the first bet it may be made out of turn."""
    deal = deal_of({"Ann": "7s 7h Qc 2c", "Bob": "Ks Kd 9h 3c"}, rules=FOUR)
    play(deal, "Bob discard 3c")
    assert not deal.is_blind("Bob") and deal.to_act == "Ann"
    refuse(deal, "Bob discard 9h", "F1")  # already discarded
    four = deal_of({"Ann": "7s 7h Qc 2c", "Bob": "Ks Kd 9h 3c", "Cy": "As Ah 4d 5s",
                    "Di": "Jc Js 6h 6c"}, rules=FOUR)
    play(four, "Di look", "Ann blind 1")
    refuse(four, "Di discard 6h", "B11")  # looked during the deal; discards at her turn now
    refuse(four, "Cy discard 5s", "BL5")  # the discard would be a look out of turn


def test_f1_the_discards_decide_between_equal_hands() -> None:
    """Rule F1: between equal hands the discards decide; equal too, the seen player wins."""
    deal = deal_of({"Ann": "7s 7h Qc Ad", "Bob": "7c 7d Qd Kd"}, rules=FOUR)
    play(deal, "Ann discard Ad", "Ann bet 1", "Bob discard Kd", "Bob see 2")
    assert deal.result.winners == {"Ann": 5}
    assert deal.result.shown == {"Ann": parse_cards("7s 7h Qc Ad")}
    tie = deal_of({"Ann": "7s 7h Qc Ad", "Bob": "7c 7d Qd Ac"}, rules=FOUR)
    play(tie, "Ann discard Ad", "Ann bet 1", "Bob discard Ac", "Bob see 2")
    assert tie.result.winners == {"Ann": 5}
    upset = deal_of({"Ann": "7s 7h Qc 2d", "Bob": "7c 7d Qd Kd"}, rules=FOUR)
    play(upset, "Ann discard 2d", "Ann bet 1", "Bob discard Kd", "Bob see 2")
    assert upset.result.winners == {"Bob": 5}
    assert upset.result.shown == {"Ann": parse_cards("7s 7h Qc 2d"),
                                  "Bob": parse_cards("7c 7d Qd Kd")}


def test_f1_any_three_may_be_kept() -> None:
    """Rule F1: the player may keep any three, not only the best."""
    deal = deal_of({"Ann": "7s 7h 7d 2c", "Bob": "Ks Kd 9h 3c"}, rules=FOUR)
    play(deal, "Ann discard 7d", "Ann bet 1", "Bob discard 3c", "Bob see 2")
    assert deal.result.winners == {"Bob": 5}  # kings beat the pair of sevens Ann kept


def test_f2_a_blind_hand_keeps_four_cards_and_shows_its_best_three() -> None:
    """Rule F2: a blind player keeps all four; shown without a look it plays its best three
    [decision], the rest counting as its discards."""
    deal = deal_of({"Ann": "7s 7h Qc 2c", "Bob": "Ks Kd 9h 3c"}, rules=FOUR)
    play(deal, "Ann blind 1", "Bob blind 1", "Ann see 2")
    assert deal.result.winners == {"Bob": 6}
    assert deal.result.shown == {"Bob": parse_cards("Ks Kd 9h 3c")}
    assert deal.view("Ann").hand is None  # Ann never looked


def test_f3_five_card_brag_discards_two() -> None:
    """Rule F3: five cards, two discards."""
    rules = Rules.preset("five-card")
    deal = deal_of({"Ann": "7s 7h Qc 2c 3d", "Bob": "Ks Kd 9h 3c 4c"}, rules=rules)
    refuse(deal, "Ann discard 2c", "F3")
    play(deal, "Ann discard 2c 3d", "Ann bet 1", "Bob look", "Bob discard 3c 4c")
    play(deal, "Bob see 2")
    assert deal.result.winners == {"Bob": 5}
    assert deal.result.shown["Bob"] == parse_cards("Ks Kd 9h 3c 4c")
    assert deal.view("Bob").to_dict()["actions"][0] == "Ann discard [2 cards]"
    assert deal.view("Ann").to_dict()["actions"][0] == "Ann discard 2c 3d"


def test_f_a_four_card_deal_from_the_pack_deals_four_each() -> None:
    """Rules D6, F1: four cards each, one at a time from the dealer's left."""
    deal = Deal(FOUR, players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], pack=Pack.standard())
    assert deal.start.hands["Ann"] == parse_cards("As Ad Ks Kd")


def test_w_named_wild_cards_make_the_best_hand() -> None:
    """Rules W1, W2: a wild card stands for any card: K-K-W is the prial of kings."""
    rules = Rules(wild=("2",))
    deal = deal_of({"Ann": "2s Kh Kd", "Bob": "Qs Qh Qd"}, rules=rules)
    play(deal, "Ann bet 1", "Bob look", "Bob see 2")
    assert deal.result.winners == {"Ann": 5}
    assert deal.result.shuffle_next  # a prial (made with a wild card) was seen winning


def test_w3_fewer_wild_cards_win_between_equal_hands() -> None:
    """Rule W3: otherwise equal, the hand with fewer wild cards wins; jokers are wild (W1)."""
    rules = Rules(jokers=1)
    deal = deal_of({"Ann": "Ks Kd Jk", "Bob": "Kc Kh Qd"}, rules=rules)
    play(deal, "Ann bet 1", "Bob look", "Bob see 2")
    assert deal.result.winners == {"Ann": 5}  # the prial of kings beats a pair
    natural = deal_of({"Ann": "Jk 8h 7h", "Bob": "8c 7c 6c"}, rules=rules)
    play(natural, "Ann bet 1", "Bob look", "Bob see 2")
    assert natural.result.winners == {"Ann": 5}  # W-8-7 is 9-8-7, above 8-7-6
    pack = Pack.standard(jokers=2)
    two = Deal(Rules(jokers=2), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], pack=pack)
    assert len(two.start.pack or ()) == 54
