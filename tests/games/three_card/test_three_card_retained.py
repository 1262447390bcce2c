"""Rules R1–R3 within one deal: a retained blind hand played as two hands or against a
face-up hand."""

from __future__ import annotations

from typing import Any

import pytest
from test_three_card_support import deal_of, legal_texts, play, refuse

from bragkit.cards import Pack, parse_cards
from bragkit.errors import RulesError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.operations import CardDealt, HandToPack
from bragkit.games.three_card.rules import Rules

NEW = {"Ann": "2c 5d 9h", "Bob": "As Tc 3d", "Cy": "Qh Qs 4d"}
OLD = {"Ann": "Ks Kd Kh"}


def two_hands(**options: Any) -> Deal:
    return deal_of(NEW, retained=OLD, dealer="Cy", **options)


def test_r1_the_retained_hand_is_kept_and_a_new_one_dealt() -> None:
    """Rule R1: the blind winner keeps the old hand and is dealt a new one; never three."""
    deal = two_hands()
    assert deal.cards_of("Ann") == parse_cards("Ks Kd Kh 2c 5d 9h")
    assert deal.view(None).held == {"Ann": 6, "Bob": 3, "Cy": 3}
    assert deal.view(None).two_hands == "Ann"
    with pytest.raises(RulesError, match="a retained hand is 3 cards"):
        deal_of(NEW, retained={"Ann": "Ks Kd Kh Kc"})
    with pytest.raises(RulesError, match="needs blind play"):
        deal_of(NEW, retained=OLD, rules=Rules(blind=False))


def test_r2_look_at_one_hand_then_keep_it_at_once() -> None:
    """Rule R2: looking at one hand, the player must at once keep it (the other folded
    unseen; now open) or throw it."""
    deal = two_hands()
    assert legal_texts(deal, "Ann")[:3] == ["Ann look old", "Ann look new", "Ann fold"]
    assert "showdown" not in legal_texts(deal)  # R2: no showdown while two hands are out
    refuse(deal, "Ann look", "R2")
    play(deal, "Ann look old")
    assert deal.view("Ann").hand == parse_cards("Ks Kd Kh")
    assert legal_texts(deal, "Ann") == ["Ann keep", "Ann throw", "Ann topup 1.."]
    refuse(deal, "Ann blind 1", "R2")
    refuse(deal, "Bob look", "R2")  # everyone waits for the choice
    play(deal, "Ann keep")
    assert not deal.is_blind("Ann") and deal.view(None).two_hands is None
    assert deal.cards_of("Ann") == parse_cards("Ks Kd Kh")
    ops = [op for op in deal.operations if isinstance(op, HandToPack)]
    assert ops == [HandToPack(player="Ann", cards=parse_cards("2c 5d 9h"))]
    assert deal.to_act == "Ann"
    refuse(deal, "Ann blind 1", "BL2")
    play(deal, "Ann bet 2")


def test_r2_throwing_the_looked_hand_leaves_one_blind_hand() -> None:
    """Rule R2: folding the looked-at hand leaves one blind hand, looked at now or later."""
    deal = two_hands()
    play(deal, "Ann look new", "Ann throw")
    assert deal.is_blind("Ann") and deal.cards_of("Ann") == parse_cards("Ks Kd Kh")
    assert deal.view("Ann").hand is None  # the thrown hand is gone, the old one unseen
    refuse(deal, "Ann look old", "R2")
    assert "Ann look" in legal_texts(deal, "Ann")
    play(deal, "Ann blind 1")
    assert deal.to_act == "Bob"


def test_r2_two_blind_hands_cannot_see_or_be_seen() -> None:
    """Rule R2 [decision]: while a player holds two hands, no see, cover or showdown."""
    deal = two_hands(stacks=[50, 50, 2])
    play(deal, "Ann blind 2", "Bob look", "Bob bet 4")
    refuse(deal, "showdown", "R2")
    refuse(deal, "Cy cover 1", "R2")
    play(deal, "Cy fold")
    refuse(deal, "Ann see 4", "R2")
    play(deal, "Ann blind 2")
    refuse(deal, "Bob see 8", "R2")  # (and BL4: Ann is blind)


def test_r2_a_blind_winner_with_two_hands_keeps_one_unseen() -> None:
    """Rule R2: winning blind again without looking, the player keeps one of the two; the new
    one by default, the old one through result_keeping."""
    pack = Pack.standard()
    held = parse_cards("Ks Kd Kh")
    rest = Pack.standard()
    cards = [c for c in rest.cards if c not in held]
    while len(rest):
        rest.deal()
    rest.put_under(cards)
    deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[50] * 3,
                pack=rest, retained={"Ann": held})
    new = deal.start.hands["Ann"]
    play(deal, "Ann blind 1", "Bob fold", "Cy fold")
    result = deal.result
    assert result.retained == "Ann" and result.retained_choice == "new"
    assert result.retained_hand == new and result.carried_pot == 4
    assert result.next_pack is not None and result.next_pack.cards[-3:] == held
    old = deal.result_keeping("old")
    assert old.retained_hand == held and old.retained_choice == "old"
    assert old.next_pack is not None and old.next_pack.cards[-3:] == new
    assert deal.result_keeping("new") == result
    assert len(pack) == 52
    plain = deal_of(NEW)
    play(plain, "Ann blind 1", "Bob fold", "Cy fold")
    with pytest.raises(RulesError, match="rule R2"):
        plain.result_keeping("old")


def face_up(**options: Any) -> Deal:
    hands = {"Ann": "9c 9d 2h", "Bob": "As Tc 3d", "Cy": "Qh Qs 4d"}
    return deal_of(hands, retained=OLD, dealer="Ann", carried_pot=6,
                   rules=Rules(retained_blind="face-up"), **options)


def test_r3_the_blind_winner_gets_a_face_up_hand_and_everyone_else_looks() -> None:
    """Rule R3: the blind winner's new hand is dealt face up; everyone else must look."""
    deal = face_up()
    assert deal.is_blind("Ann") and not deal.is_blind("Bob") and not deal.is_blind("Cy")
    assert deal.view(None).face_up == {"Ann": parse_cards("9c 9d 2h")}
    assert deal.view("Bob").hand == parse_cards("As Tc 3d")
    assert deal.cards_of("Ann") == parse_cards("Ks Kd Kh 9c 9d 2h")[:3] + parse_cards(
        "9c 9d 2h")
    dealt = [op for op in deal.operations if isinstance(op, CardDealt) and op.face_up]
    assert [str(op.card) for op in dealt] == ["9c", "9d", "2h"]


def test_r3_anyone_who_cannot_beat_the_face_up_hand_must_fold() -> None:
    """Rule R3: a hand that does not beat the face-up hand may only fold."""
    deal = face_up()
    assert deal.to_act == "Bob"
    assert legal_texts(deal, "Bob") == ["Bob fold", "Bob topup 1.."]
    refuse(deal, "Bob bet 1", "R3")
    refuse(deal, "showdown", "R3")
    play(deal, "Bob fold")
    assert "Cy bet 1..99" in legal_texts(deal, "Cy")


def test_r3_if_all_fold_the_blind_player_collects_the_antes() -> None:
    """Rule R3: all fold: the blind player takes this deal's antes, keeps the blind hand,
    and the carried pot stays."""
    deal = face_up()
    play(deal, "Bob fold", "Cy fold")
    result = deal.result
    assert result.winners == {"Ann": 3} and result.carried_pot == 6
    assert result.retained == "Ann" and result.retained_hand == parse_cards("Ks Kd Kh")
    assert result.stacks == {"Ann": 102, "Bob": 99, "Cy": 99}


def test_r3_a_player_who_stays_in_discards_the_face_up_hand() -> None:
    """Rule R3: if anyone stays in, the face-up hand is discarded and the blind hand plays on
    by the usual rules; the blind player may not look while it is out."""
    deal = face_up()
    play(deal, "Bob fold")
    refuse(deal, "Ann look", "R3")
    play(deal, "Cy bet 2")
    assert deal.view(None).face_up == {}
    assert [op for op in deal.operations if isinstance(op, HandToPack)][-1] == HandToPack(
        player="Ann", cards=parse_cards("9c 9d 2h"), face_up=True)  # rule R3
    play(deal, "Ann look", "Ann bet 2", "Cy bet 2", "Ann see 4")
    assert deal.result.winners == {"Ann": 6 + 3 + 2 + 2 + 2 + 4}


def test_r3_the_blind_hand_wins_blind_again() -> None:
    """Rule R3: after the face-up hand is gone, a blind win carries the pot (BL3) again."""
    deal = face_up()
    play(deal, "Bob fold", "Cy bet 2", "Ann blind 1", "Cy fold")
    assert deal.result.retained == "Ann" and deal.result.carried_pot == 6 + 3 + 2 + 1
