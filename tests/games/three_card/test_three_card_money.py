"""Rules M1–M4: top-ups, covering the pot, folding short and lending."""

from __future__ import annotations

from test_three_card_support import deal_of, legal_texts, play, refuse

from bragkit.cards import parse_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.operations import Loan
from bragkit.games.three_card.rules import Rules

FOUR = {"Ann": "7c 7d 7h", "Bob": "As Tc 2d", "Cy": "Qh Qs 4d", "Di": "Kh Kd 9s"}


def total(deal: Deal) -> int:
    return sum(deal.stacks.values()) + deal.pot


def test_m1_anyone_may_top_up_at_any_time() -> None:
    """Rule M1: not table stakes: any player adds money at any time; each top-up recorded."""
    deal = deal_of(FOUR, stacks=[10, 10, 10, 10])
    assert "Cy topup 1.." in legal_texts(deal, "Cy")
    play(deal, "Cy topup 15", "Ann bet 2", "Bob fold", "Bob topup 5")
    assert deal.stacks == {"Ann": 7, "Bob": 14, "Cy": 24, "Di": 9}
    refuse(deal, "Cy topup 0", "M1")
    play(deal, "Cy fold", "Di fold")
    assert deal.result.topups == {"Bob": 5, "Cy": 15}
    assert sum(deal.result.stacks.values()) == 40 + 20


def test_m1_a_bet_beyond_the_stack_needs_a_top_up() -> None:
    """Rule M1: a player bets only what they hold; topping up first makes a big bet legal."""
    deal = deal_of(FOUR, stacks=[10, 10, 10, 10])
    refuse(deal, "Ann bet 10", "M1")
    play(deal, "Ann topup 1", "Ann bet 10")
    assert deal.stake == 10


def test_m2_a_short_player_covers_and_the_others_bet_into_a_new_pot() -> None:
    """Rule M2: the coverer's last money closes the pot; the new pot's winner is compared
    with the covering hand, which takes the old pot if better."""
    deal = deal_of(FOUR, stacks=[3, 50, 50, 50])
    play(deal, "Ann bet 2", "Bob bet 5", "Cy bet 5", "Di bet 5")
    assert legal_texts(deal, "Ann")[:2] == ["Ann fold", "Ann cover 0"]
    refuse(deal, "Ann bet 5", "M1")
    play(deal, "Ann cover 0")
    assert deal.pots == (21, 0) and deal.in_play == ("Ann", "Bob", "Cy", "Di")
    assert deal.betting == ("Bob", "Cy", "Di") and deal.to_act == "Bob"
    play(deal, "Bob bet 5", "Cy fold", "Di bet 5")
    play(deal, "Bob see 10")  # Di's kings beat Bob; Ann's sevens beat Di
    result = deal.result
    assert result.winners == {"Ann": 21, "Di": 20}
    assert set(result.shown) == {"Di", "Ann"}  # Bob lost the see and does not show
    assert result.stacks == {"Ann": 21, "Bob": 29, "Cy": 44, "Di": 59}


def test_m2_the_new_pots_winner_takes_the_old_pot_on_a_tie() -> None:
    """Rule M2: the old pot goes to the better hand, to the new pot's winner on a tie."""
    hands = {"Ann": "7c 7d Qh", "Bob": "As Tc 2d", "Cy": "7s 7h Qd"}
    deal = deal_of(hands, stacks=[2, 50, 50])
    play(deal, "Ann bet 1", "Bob bet 3", "Cy bet 3")
    refuse(deal, "Ann cover 2", "M2")  # all 0 remaining
    play(deal, "Ann cover 0", "Bob fold")  # Cy is left: shown and compared with Ann
    assert deal.result.winners == {"Cy": 3 + 1 + 3 + 3}
    assert set(deal.result.shown) == {"Ann", "Cy"}


def test_m2_only_a_short_player_may_cover() -> None:
    """Rule M2: a player who can meet the stake must bet or fold."""
    deal = deal_of(FOUR, stacks=[10, 10, 10, 10])
    refuse(deal, "Ann cover 9", "M2")


def test_m2_later_covers_make_layers_ties_to_the_later_player() -> None:
    """Rule M2 [decision]: each layer goes to the best of its coverer, later coverers and the
    final winner, ties to the later player."""
    hands = {"Ann": "Ah Ad 5c", "Bob": "Ks Kd 5d", "Cy": "2c 3h 9d", "Di": "As Ac 5h"}
    deal = deal_of(hands, stacks=[3, 4, 50, 50])
    play(deal, "Ann bet 2", "Bob bet 3", "Cy bet 3", "Di bet 3", "Ann cover 0")
    play(deal, "Bob cover 0", "Cy bet 5", "Di bet 5", "Cy see 10")
    # layer 0 (antes 4 + 2 + 3 + 3 + 3 = 15): Ann, Bob and Di: Ann and Di tie on aces, the
    # later Di wins; layer 1 (0): Bob or Di: Di; layer 2: the see, Di's aces
    result = deal.result
    assert deal.operations and result.winners == {"Di": 15 + 20}
    assert set(result.shown) == {"Ann", "Bob", "Di"}


def test_m2_a_covered_layer_goes_to_a_better_coverer() -> None:
    """Rule M2: with two covers, the first layer to the best of both coverers and the final
    winner."""
    hands = {"Ann": "3s 3h 3d", "Bob": "Ks Kd 5d", "Cy": "2c 4h 9d", "Di": "Qs Qc 5h"}
    deal = deal_of(hands, stacks=[3, 10, 50, 50])
    play(deal, "Ann bet 2", "Bob bet 3", "Cy bet 3", "Di bet 3", "Ann cover 0")
    play(deal, "Bob bet 6", "Cy bet 6", "Di bet 6", "Bob cover 0", "Cy fold")
    # layer 0 = 15 to Ann's prial; layer 1 = 6 + 6 + 6 + 0 = 18 to Bob's kings over Di's
    # queens; Di, left alone, wins the empty last pot
    assert deal.result.winners == {"Ann": 15, "Bob": 18}
    assert deal.result.stacks["Di"] == 50 - 1 - 3 - 6


def test_m2_a_blind_final_winner_shows_and_wins_outright() -> None:
    """Rule M2 [decision]: a blind final winner is shown for the comparison and wins the
    pot outright instead of carrying it forward (BL3)."""
    hands = {"Ann": "2c 3h 9d", "Bob": "Ks Kd 5d", "Cy": "4s 6h 8d"}
    deal = deal_of(hands, stacks=[2, 50, 50])
    play(deal, "Ann bet 1", "Bob blind 2", "Cy bet 4", "Ann cover 0", "Bob blind 2", "Cy fold")
    result = deal.result
    assert result.carried_pot == 0 and result.retained is None
    assert result.winners == {"Bob": 3 + 1 + 2 + 4 + 0 + 2}
    assert result.shown["Bob"] == parse_cards("Ks Kd 5d")


def test_m3_two_in_play_a_cover_ends_the_betting() -> None:
    """Rule M3: with two in play the cover ends the betting; the other pays nothing more,
    shows, and wins unless the coverer is strictly better."""
    deal = deal_of({"Ann": "7s 7h Qc", "Bob": "7c 7d Qd"}, stacks=[4, 50])
    play(deal, "Ann bet 3", "Bob bet 6")
    assert "Ann cover 0" in legal_texts(deal, "Ann")
    play(deal, "Ann cover 0")
    assert deal.result.winners == {"Bob": 11}  # equal hands: the coverer is not better
    assert set(deal.result.shown) == {"Ann", "Bob"}
    better = deal_of({"Ann": "7s 7h 7d", "Bob": "Ac Kd Qd"}, stacks=[4, 50])
    play(better, "Ann bet 3", "Bob bet 6", "Ann cover 0")
    assert better.result.winners == {"Ann": 11}


def test_m4_fold_short_money_allows_no_cover_with_three_in_play() -> None:
    """Rule M4: with short_money fold a player who cannot meet the stake must fold or top
    up (or borrow, when lending is on)."""
    deal = deal_of(FOUR, rules=Rules(short_money="fold"), stacks=[3, 50, 50, 50])
    play(deal, "Ann bet 2", "Bob bet 5", "Cy bet 5", "Di bet 5")
    assert legal_texts(deal, "Ann") == ["Ann fold", "Ann agree", "Ann topup 1.."]
    refuse(deal, "Ann cover 0", "M4")
    refuse(deal, "Ann bet 5", "M1")
    play(deal, "Ann topup 5", "Ann bet 5")


def test_m4_two_left_the_player_with_money_may_allow_a_cover() -> None:
    """Rule M4 [decision]: with two left and one short, a cover is allowed (M3)."""
    deal = deal_of({"Ann": "7s 7h 7d", "Bob": "Ac Kd Qd"}, rules=Rules(short_money="fold"),
                   stacks=[4, 50])
    play(deal, "Ann bet 3", "Bob bet 6", "Ann cover 0")
    assert deal.result.winners == {"Ann": 11}


def test_m4_lending_the_shortfall() -> None:
    """Rule M4: with lending on, the richest other player lends the shortfall of the least
    bet; the loan is recorded."""
    rules = Rules(short_money="fold", lending=True)
    deal = deal_of(FOUR, rules=rules, stacks=[3, 40, 60, 50])
    play(deal, "Ann bet 2", "Bob bet 5", "Cy bet 5", "Di bet 5")
    assert "Ann bet 5" in legal_texts(deal, "Ann")
    refuse(deal, "Ann bet 6", "M4")
    play(deal, "Ann bet 5")
    loans = [op for op in deal.operations if isinstance(op, Loan)]
    assert loans == [Loan(lender="Cy", borrower="Ann", amount=5)]
    assert deal.stacks == {"Ann": 0, "Bob": 34, "Cy": 49, "Di": 44}
    play(deal, "Bob fold", "Cy fold", "Di fold")
    assert deal.result.loans == (Loan(lender="Cy", borrower="Ann", amount=5),)
    assert sum(deal.result.stacks.values()) == 153


def test_m4_two_left_the_other_player_lends() -> None:
    """Rule M4 [decision]: with two left, the lender is the player with money."""
    rules = Rules(short_money="fold", lending=True)
    deal = deal_of({"Ann": "7s 7h 7d", "Bob": "Ac Kd Qd", "Cy": "2c 3c 5d"}, rules=rules,
                   stacks=[4, 50, 90])
    play(deal, "Ann bet 3", "Bob bet 6", "Cy fold", "Ann bet 6")
    assert [op for op in deal.operations if isinstance(op, Loan)] == [
        Loan(lender="Bob", borrower="Ann", amount=6)]
    assert total(deal) == 144
