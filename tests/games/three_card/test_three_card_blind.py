"""Rules BL1–BL6: playing blind."""

from __future__ import annotations

from test_three_card_support import deal_of, legal_texts, play, refuse

from bragkit.cards import parse_cards
from bragkit.games.three_card.operations import HandRetained, PotCarried
from bragkit.games.three_card.rules import Rules

HANDS = {"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"}


def test_bl1_a_blind_bet_counts_double() -> None:
    """Rule BL1: a blind bet of b sets the stake to 2b; a blind player pays half the stake,
    rounded up [decision]."""
    deal = deal_of(HANDS, stacks=[20, 20, 20])
    play(deal, "Ann blind 2")
    assert deal.stake == 4 and deal.stacks["Ann"] == 17
    assert "Bob blind 2.." in " ".join(legal_texts(deal, "Bob"))
    refuse(deal, "Bob blind 1", "BL1")
    refuse(deal, "Bob bet 3", "B3")  # a bet includes the look: open, at least the stake
    play(deal, "Bob bet 5")  # an odd stake: the blind minimum rounds up
    assert "Cy blind 3..19" in legal_texts(deal, "Cy")
    play(deal, "Cy blind 3")
    assert deal.stake == 6


def test_bl1_blind_play_can_be_switched_off() -> None:
    """Rule BL1: with blind = false every player sees their cards at the deal: no looks, no
    blind bets, and no blind winner carries a pot (BL3)."""
    deal = deal_of(HANDS, rules=Rules(blind=False))
    assert not any(deal.is_blind(p) for p in deal.players)
    assert deal.view("Bob").hand == parse_cards("As Tc 2d")
    refuse(deal, "Ann look", "BL1")
    refuse(deal, "Ann blind 1", "BL1")
    play(deal, "Ann fold", "Bob fold")
    assert deal.result.winners == {"Cy": 3} and deal.result.retained is None


def test_bl2_a_blind_player_looks_at_their_turn_then_bets_open() -> None:
    """Rule BL2: at their turn a blind player may look; the turn goes on and they bet open."""
    deal = deal_of(HANDS)
    play(deal, "Ann bet 2", "Bob look")
    assert deal.to_act == "Bob" and not deal.is_blind("Bob")
    refuse(deal, "Bob blind 1", "BL2")
    assert legal_texts(deal, "Bob")[:2] == ["Bob fold", "Bob bet 2..99"]
    play(deal, "Bob fold")
    assert deal.to_act == "Cy"


def test_bl3_a_blind_player_left_alone_carries_the_pot_and_keeps_the_hand() -> None:
    """Rule BL3: everyone folds to a blind player: no win; the pot is carried forward and
    the blind player keeps the hand."""
    deal = deal_of(HANDS, carried_pot=4)
    play(deal, "Ann bet 2", "Bob fold", "Cy blind 1", "Ann fold")
    result = deal.result
    assert result.winners == {} and result.carried_pot == 4 + 3 + 2 + 1
    assert result.retained == "Cy" and result.retained_hand == parse_cards("7c 7d 7h")
    assert result.stacks == {"Ann": 97, "Bob": 99, "Cy": 98}
    assert deal.pot == result.carried_pot
    ops = deal.operations
    assert any(isinstance(op, PotCarried) and op.amount == 10 for op in ops)
    assert any(isinstance(op, HandRetained) and op.player == "Cy" for op in ops)
    assert deal.view("Ann").to_dict()["retained"] == "Cy"
    assert "7c" not in str(deal.view("Cy").to_dict())  # still unseen, even by Cy


def test_bl3_a_player_who_looked_wins_outright() -> None:
    """Rules BL3, B5: a player who looked and sees all others fold takes the pot."""
    deal = deal_of(HANDS)
    play(deal, "Ann bet 2", "Bob fold", "Cy look", "Cy fold")
    assert deal.result.winners == {"Ann": 5} and deal.result.retained is None


def test_bl4_you_cannot_see_a_blind_man() -> None:
    """Rule BL4: an open player cannot see a blind one; a blind player sees an open one for
    twice the blind stake (the open player's last bet)."""
    deal = deal_of({"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    play(deal, "Ann blind 2", "Bob bet 4")
    assert "Ann see 4" in legal_texts(deal, "Ann")
    refuse(deal, "Ann see 8", "BL4")
    play(deal, "Ann blind 2")
    refuse(deal, "Bob see 8", "BL4")
    assert not any("see" in t for t in legal_texts(deal, "Bob"))
    play(deal, "Bob bet 4", "Ann see 4")  # blind Ann's queens beat open Bob's ace high
    assert deal.result.winners == {"Ann": 2 + 2 + 4 + 2 + 4 + 4}
    assert list(deal.result.shown) == ["Bob", "Ann"]


def test_bl4_both_blind_either_may_see() -> None:
    """Rule BL4: with both blind, either sees by paying twice the blind stake; ties go
    against the seer."""
    deal = deal_of({"Ann": "7s 7h Qc", "Bob": "7c 7d Qd"})
    play(deal, "Ann blind 3", "Bob blind 3")
    assert "Ann see 6" in legal_texts(deal, "Ann")
    play(deal, "Ann see 6")
    assert deal.result.winners == {"Bob": 2 + 3 + 3 + 6}


def test_bl5_looking_out_of_turn_is_refused() -> None:
    """Rules BL5, B11: once the betting has begun, a look is only at one's own turn."""
    deal = deal_of(HANDS)
    play(deal, "Ann blind 1")
    error = refuse(deal, "Cy look", "BL5")
    assert "own turn" in str(error)
    play(deal, "Bob look")


def test_bl6_anyone_may_look_during_the_deal() -> None:
    """Rule BL6: before the first bet anyone may look, out of turn; a blind player's view
    holds none of their own cards."""
    deal = deal_of(HANDS)
    assert deal.view("Cy").hand is None
    assert "Cy look" in legal_texts(deal, "Cy")
    play(deal, "Cy look", "Ann fold", "Bob look")  # a fold is not a bet: still the deal
    assert deal.view("Cy").hand == parse_cards("7c 7d 7h")
    assert deal.view("Bob").hand == parse_cards("As Tc 2d")
    refuse(deal, "Cy look", "BL6")  # looked already
    play(deal, "Bob bet 1")
    assert deal.view("Ann").hand is None  # Ann folded blind and never saw her cards


def test_bl6_a_blind_player_never_sees_their_own_cards() -> None:
    """Rule BL6: not in the view, not in the actions, not in legal actions."""
    deal = deal_of(HANDS)
    play(deal, "Ann blind 1", "Bob blind 1", "Cy blind 1")
    for player in deal.players:
        text = str(deal.view(player).to_dict())
        for card in parse_cards(HANDS[player]):
            assert f"'{card}'" not in text
