"""Rules B1–B11 and H8: betting in the three-card family, and the two betting examples of
``seeds/002_219b5d2ad214d143.txt`` played round by round."""

from __future__ import annotations

from test_three_card_support import deal_of, legal_texts, play, refuse

from bragkit.actions import Action, Verb
from bragkit.cards import parse_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.rules import Rules

HANDS = {"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"}
FIVE = ["Andy", "Bill", "Chris", "Dan", "Eddie"]


def rounds(deal: Deal, table: list[tuple[list[str], int]]) -> None:
    """Play each round's actions and check the pot after it."""
    for number, (actions, pot) in enumerate(table, 1):
        play(deal, *actions)
        assert deal.pot == pot, f"round {number}: pot {deal.pot}, expected {pot}"


def test_seed_example_of_betting_between_five_players() -> None:
    """Rules B2–B7: "Here is an example of betting between five players" (seeds/002)."""
    hands = {"Andy": "Kh Kd 5c", "Bill": "2s 3h 9d", "Chris": "4c 6d 8s", "Dan": "Th 5s 2c",
             "Eddie": "Qs Js 9h"}
    deal = deal_of(hands, stacks=100)
    assert deal.to_act == "Andy" and deal.pot == 5
    rounds(deal, [
        (["Andy bet 1", "Bill bet 1", "Chris bet 1", "Dan fold", "Eddie bet 2"], 10),
        (["Andy bet 2", "Bill bet 2", "Chris bet 2", "Eddie bet 2"], 18),
        (["Andy bet 2", "Bill bet 2", "Chris bet 2", "Eddie bet 2"], 26),
        (["Andy bet 2", "Bill fold", "Chris bet 2", "Eddie bet 5"], 35),
        (["Andy bet 5", "Chris bet 5", "Eddie bet 5"], 50),
        (["Andy bet 5", "Chris bet 5", "Eddie bet 5"], 65),
    ])
    # rounds 5-6: three are in, no one can see (B8)
    refuse(deal, "Andy see 10", "B8")
    rounds(deal, [
        (["Andy bet 5", "Chris fold", "Eddie bet 10"], 80),
        (["Andy bet 10", "Eddie bet 10"], 100),
        (["Andy bet 10", "Eddie bet 10"], 120),
    ])
    assert legal_texts(deal, "Andy")[:3] == ["Andy fold", "Andy bet 10..57", "Andy see 20"]
    play(deal, "Andy see 20")  # round 10: "20 (to see)"
    result = deal.result
    assert result.winners == {"Andy": 140}
    assert result.stacks == {"Andy": 177, "Bill": 94, "Chris": 82, "Dan": 99, "Eddie": 48}
    assert result.shown == {"Eddie": parse_cards("Qs Js 9h"), "Andy": parse_cards("Kh Kd 5c")}


def test_seed_betting_example_with_blind_players() -> None:
    """Rules BL1, BL4: "A betting example" with blind players (seeds/002)."""
    hands = {"Andy": "Kh Jd 8c", "Bill": "7s 7h 7d", "Chris": "Ah Kd Qc", "Dan": "9s 6h 3c",
             "Eddie": "Tc 8d 4s"}
    deal = deal_of(hands, stacks=100)
    rounds(deal, [
        (["Andy bet 1", "Bill blind 1", "Chris bet 2", "Dan blind 1", "Eddie bet 2"], 12),
        (["Andy bet 2", "Bill blind 1", "Chris bet 2", "Dan blind 1", "Eddie bet 2"], 20),
        (["Andy bet 2", "Bill blind 1", "Chris bet 2", "Dan blind 1", "Eddie bet 2"], 28),
        (["Andy bet 2", "Bill blind 1", "Chris bet 4", "Dan blind 2", "Eddie fold"], 37),
        (["Andy bet 4", "Bill blind 5", "Chris bet 10", "Dan fold"], 56),
        (["Andy fold", "Bill blind 5"], 61),
    ])
    # "C is not allowed to see B in round 6 or 7" (BL4); after 4 rounds B spent 4, C 10
    refuse(deal, "Chris see 20", "BL4")
    refuse(deal, "Chris see 10", "BL4")
    rounds(deal, [(["Chris bet 10"], 71), (["Bill blind 5", "Chris bet 10"], 86)])
    assert "Bill see 10" in legal_texts(deal, "Bill")
    play(deal, "Bill see 10")  # round 8: "10 (to see)": twice his blind stake
    result = deal.result
    assert result.winners == {"Bill": 96}
    assert result.stacks == {"Andy": 88, "Bill": 166, "Chris": 59, "Dan": 94, "Eddie": 93}
    assert result.shown == {"Chris": parse_cards("Ah Kd Qc"), "Bill": parse_cards("7s 7h 7d")}
    assert result.shuffle_next  # rule D4: seen and won by a prial


def test_b1_limits_cap_a_bet_in_open_terms() -> None:
    """Rule B1: max_bet caps each bet in open terms (a blind bet counts double)."""
    deal = deal_of(HANDS, rules=Rules(max_bet=10))
    assert legal_texts(deal, "Ann")[2:4] == ["Ann blind 1..5", "Ann bet 1..10"]
    refuse(deal, "Ann bet 11", "B1")
    refuse(deal, "Ann blind 6", "B1")
    play(deal, "Ann bet 10")
    assert "Bob bet 10" in legal_texts(deal, "Bob")


def test_b1_pot_limit_caps_a_bet_at_the_pot() -> None:
    """Rule B1: with pot_limit, five players and an ante of 1, the first bet is at most 5."""
    hands = {"A": "2s 3s 4h", "B": "5s 6s 7h", "C": "8s 9s Th", "D": "Js Qs Kh", "E": "As 2h 3h"}
    deal = deal_of(hands, rules=Rules(pot_limit=True))
    assert "A bet 1..5" in legal_texts(deal, "A")
    refuse(deal, "A bet 6", "B1")
    play(deal, "A bet 5")  # the pot is 10 now
    assert "B bet 5..10" in legal_texts(deal, "B")
    refuse(deal, "B bet 11", "B1")


def test_b1_raise_limit_caps_the_raise() -> None:
    """Rule B1: raise_limit is the most one bet may exceed the current stake."""
    deal = deal_of(HANDS, rules=Rules(raise_limit=2))
    play(deal, "Ann bet 3")
    assert "Bob bet 3..5" in legal_texts(deal, "Bob")
    refuse(deal, "Bob bet 6", "B1")


def test_b1_a_see_is_not_capped() -> None:
    """Rule B1: a see is not a bet, so max_bet does not cap it."""
    deal = deal_of({"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"}, rules=Rules(max_bet=4))
    play(deal, "Ann bet 4", "Bob bet 4")
    play(deal, "Ann see 8")
    assert deal.result.winners == {"Ann": 18}


def test_b2_betting_starts_at_the_dealers_left_and_there_is_no_check() -> None:
    """Rule B2: from the dealer's left, fold or bet min_bet..max_bet; no check."""
    deal = deal_of(HANDS, dealer="Bob", rules=Rules(min_bet=2, max_bet=6))
    assert deal.to_act == "Cy"
    refuse(deal, "Cy bet 0", "B2")
    refuse(deal, "Cy bet 1", "B1")
    play(deal, "Cy bet 6")
    assert deal.stake == 6


def test_b3_each_player_bets_at_least_the_stake_with_fresh_money() -> None:
    """Rule B3: fold or bet at least the stake; nothing is equalised; more raises it."""
    deal = deal_of(HANDS, stacks=[20, 20, 20])
    play(deal, "Ann bet 2", "Bob bet 4")
    refuse(deal, "Cy bet 3", "B3")
    play(deal, "Cy bet 4", "Ann bet 4")  # Ann pays 4 more though she has put in 2
    assert deal.stacks == {"Ann": 13, "Bob": 15, "Cy": 15}
    assert deal.stake == 4 and deal.pot == 17


def test_b4_betting_goes_round_as_many_times_as_it_takes() -> None:
    """Rule B4: the turn keeps coming round while players stay in."""
    deal = deal_of(HANDS)
    for _ in range(5):
        play(deal, "Ann bet 1", "Bob bet 1", "Cy bet 1")
    assert deal.to_act == "Ann" and deal.pot == 18 and not deal.over


def test_b5_the_last_player_in_takes_the_pot() -> None:
    """Rule B5: when all but one have folded, that (open) player takes the pot."""
    deal = deal_of(HANDS)
    play(deal, "Ann bet 3", "Bob fold", "Cy fold")
    result = deal.result
    assert result.winners == {"Ann": 6} and result.shown == {} and result.carried_pot == 0
    assert result.stacks == {"Ann": 102, "Bob": 99, "Cy": 99}


def test_b6_see_costs_twice_the_stake_and_the_seen_player_shows_first() -> None:
    """Rule B6: with two left, seeing an open player costs twice the stake."""
    deal = deal_of(HANDS)
    play(deal, "Ann bet 3", "Bob fold", "Cy look")
    refuse(deal, "Cy see 3", "B6")
    refuse(deal, "Cy see 7", "B6")
    play(deal, "Cy see 6")
    assert deal.result.winners == {"Cy": 12}
    early = deal_of({"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    refuse(early, "Ann see 0", "B6")  # no bet to see yet


def test_b6_h8_a_tie_goes_against_the_seer() -> None:
    """Rules B6, H8: exactly equal hands: the seen player wins, the seer need not show."""
    deal = deal_of({"Ann": "7s 7h Qc", "Bob": "7c 7d Qd"})
    play(deal, "Ann bet 1", "Bob look", "Bob see 2")
    assert deal.result.winners == {"Ann": 5}
    assert deal.result.shown == {"Ann": parse_cards("7s 7h Qc")}


def test_b7_doubling_the_stake_is_just_a_bet() -> None:
    """Rule B7: a bet of twice the stake is a bet, not a see."""
    deal = deal_of({"Ann": "7s 7h Qc", "Bob": "7c 7d Qd"})
    play(deal, "Ann bet 2", "Bob bet 4")
    assert not deal.over and deal.stake == 4 and deal.to_act == "Ann"


def test_b8_no_see_with_three_but_an_agreed_showdown() -> None:
    """Rule B8: three or more left cannot see; when all of them agree, every hand is shown and
    the best wins. Each agrees for themselves, in turn or not; nobody can force it."""
    deal = deal_of(HANDS)
    play(deal, "Ann bet 1", "Bob bet 1")
    refuse(deal, "Cy see 2", "B8")
    refuse(deal, "showdown", "B8")  # no one may force a showdown
    assert {"Ann agree", "Bob agree", "Cy agree"} <= set(legal_texts(deal))
    play(deal, "Bob agree", "Ann agree")  # out of turn: it is Cy's turn
    assert not deal.over and deal.view("Cy").agreed == ("Bob", "Ann")
    refuse(deal, "Ann agree", "B8")  # once only
    play(deal, "Cy agree")
    result = deal.result
    assert result.winners == {"Cy": 5}
    assert set(result.shown) == {"Ann", "Bob", "Cy"}
    two = deal_of({"Ann": "7s 7h Qc", "Bob": "7c 7d Qd"})
    refuse(two, "Ann agree", "B8")


def test_b8_agreements_lapse_when_the_betting_moves_on() -> None:
    """Rule B8: a bet, blind bet, fold, see or cover moves the betting on; earlier agreements
    lapse and everyone still betting must agree again. Looks and top-ups do not."""
    deal = deal_of(HANDS)
    play(deal, "Ann agree", "Bob look", "Cy topup 5", "Bob agree")
    assert deal.view(None).agreed == ("Ann", "Bob")
    play(deal, "Ann bet 2")
    assert deal.view(None).agreed == ()
    play(deal, "Bob agree", "Cy agree")
    assert not deal.over  # Ann's agreement lapsed with her bet
    play(deal, "Ann agree")
    assert deal.over and set(deal.result.shown) == {"Ann", "Bob", "Cy"}


def test_b8_a_record_writes_a_showdown_and_reads_it_as_everyone_agreeing() -> None:
    """HAND-HISTORY.md: ``showdown`` is the record's word for every remaining player agreeing;
    agreements that lapsed are not written (they changed nothing)."""
    deal = deal_of(HANDS)
    play(deal, "Ann agree", "Ann bet 2", "Bob agree", "Bob bet 2", "Cy agree", "Ann agree")
    play(deal, "Cy bet 2")
    play(deal, "Ann agree", "Bob agree", "Cy agree")
    record = DealRecord.from_deal(deal)
    assert [str(a) for a in record.actions] == ["Ann bet 2", "Bob bet 2", "Cy bet 2",
                                                "showdown"]
    again = record.replay()
    assert again.result == deal.result


def test_b8_equal_best_hands_split_with_the_odd_chip_from_the_dealers_left() -> None:
    """Rule B8 [decision]: equal best hands split; the odd chip to the first from the
    dealer's left."""
    deal = deal_of({"Ann": "7s 7h Qc", "Bob": "7c 7d Qd", "Cy": "2s 3d 5h"}, dealer="Ann")
    play(deal, "Bob bet 2", "Cy bet 2", "Ann bet 2", "showdown")
    assert deal.result.winners == {"Bob": 5, "Ann": 4}


def test_b9_single_see_cost() -> None:
    """Rule B9: with see_cost single, seeing an open player costs just the stake."""
    deal = deal_of({"Ann": "7s 7h Qc", "Bob": "As Kd 2d"}, rules=Rules(see_cost="single"))
    play(deal, "Ann bet 3", "Bob look")
    refuse(deal, "Bob see 6", "B9")
    play(deal, "Bob see 3")
    assert deal.result.winners == {"Ann": 8}


def test_b9_a_blind_seer_pays_half_the_single_see_rounded_up() -> None:
    """Rules B9, BL1: with see_cost single a blind seer pays half the stake, rounded up (half
    what an open seer would); the whole stake is refused."""
    deal = deal_of({"Ann": "7s 7h Qc", "Bob": "As Kd 2d"}, rules=Rules(see_cost="single"))
    play(deal, "Ann bet 3")
    assert "Bob see 2" in [str(o) for o in deal.legal_actions("Bob")]
    assert not deal.can_apply("Bob see 3")
    error = refuse(deal, "Bob see 3", "B9")
    assert "seeing costs 2, not 3" in str(error)
    play(deal, "Bob see 2")
    assert deal.result.winners == {"Ann": 2 + 3 + 2}


def test_b10_nothing_after_the_betting_ends() -> None:
    """Rule B10: the deal ends on folds, a see, a showdown or a cover; then nothing goes."""
    deal = deal_of(HANDS)
    play(deal, "Ann bet 1", "Bob fold", "Cy fold")
    assert deal.over and deal.to_act is None and deal.legal_actions() == []
    refuse(deal, "Ann bet 1", "B10")
    refuse(deal, "Bob topup 5", "B10")


def test_b11_acting_out_of_turn_is_refused() -> None:
    """Rule B11: betting or folding out of turn is refused with a clear error."""
    deal = deal_of(HANDS)
    error = refuse(deal, "Bob bet 1", "B11")
    assert "it is Ann's turn, not Bob's" in str(error)
    refuse(deal, "Cy fold", "B11")
    refuse(deal, Action(player="Zed", verb=Verb.FOLD), "B11")
    play(deal, "Ann fold")
    refuse(deal, "Ann bet 1", "B2")  # Ann has folded: no further part in the hand
