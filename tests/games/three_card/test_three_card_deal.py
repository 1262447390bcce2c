"""Rules D1–D9: the deal of the three-card family."""

from __future__ import annotations

import pytest
from test_three_card_support import deal_of, play

from bragkit.cards import Pack, parse_cards
from bragkit.errors import RulesError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.operations import AnteTaken, CardDealt, HandToPack
from bragkit.games.three_card.rules import Rules

HANDS = {"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"}


def test_d1_the_pack_must_deal_everyone() -> None:
    """Rule D1: two or more players, no more than the pack can deal (R1 counted)."""
    with pytest.raises(RulesError, match="two or more"):
        Deal(Rules(), players=["Ann"], dealer="Ann", stacks=[10])
    names = [f"P{i}" for i in range(18)]
    with pytest.raises(RulesError, match="cannot deal 18 players"):
        Deal(Rules(), players=names, dealer="P0", stacks=[10] * 18, rng=1)
    deal = Deal(Rules(), players=names[:17], dealer="P0", stacks=[10] * 17, rng=1)
    assert len(deal.start.pack or ()) == 52
    with pytest.raises(RulesError, match="cannot deal 17 players 3 cards each and hold 1"):
        Deal(Rules(), players=names[:17], dealer="P0", stacks=[10] * 17,
             retained={"P1": "As Ks Qs"}, rng=1)
    held = Deal(Rules(), players=names[:16], dealer="P0", stacks=[10] * 16,
                retained={"P1": "As Ks Qs"}, rng=1)
    assert len(held.start.pack or ()) == 49
    with pytest.raises(RulesError, match="sit twice"):
        Deal(Rules(), players=["Ann", "Ann"], dealer="Ann", stacks=[10, 10], rng=1)
    with pytest.raises(RulesError, match="dealer 'Zed'"):
        Deal(Rules(), players=["Ann", "Bob"], dealer="Zed", stacks=[10, 10], rng=1)


def test_d2_every_player_antes() -> None:
    """Rule D2: the antes go into the pot (with any carried pot) before the deal."""
    deal = deal_of(HANDS, rules=Rules(ante=2), stacks=[10, 20, 30], carried_pot=7)
    assert deal.pot == 7 + 3 * 2
    assert deal.stacks == {"Ann": 8, "Bob": 18, "Cy": 28}
    antes = [op for op in deal.operations if isinstance(op, AnteTaken)]
    assert [(op.player, op.amount) for op in antes] == [("Ann", 2), ("Bob", 2), ("Cy", 2)]
    free = deal_of(HANDS, rules=Rules(ante=0), stacks=[0, 0, 0])
    assert free.pot == 0


def test_d2_a_player_who_cannot_ante_is_refused() -> None:
    """Rule D2 [decision]: a stack below the ante is a RulesError (top up or seat out first)."""
    with pytest.raises(RulesError, match="Bob cannot pay the ante of 2"):
        deal_of(HANDS, rules=Rules(ante=2), stacks=[10, 1, 10])
    with pytest.raises(RulesError, match="whole number"):
        deal_of(HANDS, stacks=[10, -1, 10])


def test_d3_play_goes_clockwise_from_the_dealers_left() -> None:
    """Rule D3: betting starts at the dealer's left and goes clockwise."""
    deal = deal_of(HANDS, dealer="Ann")
    assert deal.to_act == "Bob"
    play(deal, "Bob bet 1")
    assert deal.to_act == "Cy"
    play(deal, "Cy fold")
    assert deal.to_act == "Ann"
    play(deal, "Ann bet 1")
    assert deal.to_act == "Bob"


def test_d4_the_next_deal_is_shuffled_only_after_a_prial_is_seen_winning() -> None:
    """Rule D4: shuffle after a hand seen and won by a prial (or always, by option)."""
    folded = deal_of(HANDS)
    play(folded, "Ann bet 1", "Bob fold", "Cy bet 1", "Ann fold")  # Cy's prial, unseen
    assert not folded.result.shuffle_next
    seen = deal_of(HANDS)
    play(seen, "Ann fold", "Bob bet 1", "Cy bet 1", "Bob see 2")  # Cy's sevens win the see
    assert seen.result.shuffle_next and seen.result.winners == {"Cy": 7}
    lost = deal_of(HANDS)
    play(lost, "Ann bet 1", "Bob fold", "Cy bet 1", "Ann see 2")
    assert lost.result.winners == {"Cy": 7} and lost.result.shuffle_next
    pair_wins = deal_of(HANDS)
    play(pair_wins, "Ann bet 1", "Bob bet 1", "Cy fold", "Ann see 2")
    assert pair_wins.result.winners == {"Ann": 7} and not pair_wins.result.shuffle_next
    always = deal_of(HANDS, rules=Rules(shuffle="always"))
    play(always, "Ann bet 1", "Bob fold", "Cy fold")
    assert always.result.shuffle_next


def test_d4_a_deal_without_a_pack_is_shuffled_from_the_random_source() -> None:
    """Rule D4: the first deal is shuffled; the random source is injected (a seed repeats)."""
    one = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[5, 5], rng=42)
    two = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[5, 5], rng=42)
    assert one.start.hands == two.start.hands
    assert one.start.pack == two.start.pack and one.start.first_deal


def test_d5_hands_go_under_the_pack_in_the_order_they_left_play() -> None:
    """Rule D5: each folded hand under the pack as it folds, its cards in the order dealt;
    at the end the remaining hands from the dealer's left."""
    pack = Pack.standard()
    deal = Deal(Rules(), players=["Ann", "Bob", "Cy", "Di"], dealer="Di", stacks=[9] * 4,
                pack=pack)
    hands = deal.start.hands
    play(deal, "Ann bet 1", "Bob fold", "Cy bet 1", "Di bet 1", "Ann fold", "Cy bet 1",
         "Di see 2")
    rest = list(Pack.standard().cards[12:])
    expected = rest + list(hands["Bob"]) + list(hands["Ann"]) + list(hands["Cy"])
    expected += list(hands["Di"])
    result = deal.result
    assert result.next_pack is not None
    assert list(result.next_pack.cards) == expected
    returned = [op.player for op in deal.operations if isinstance(op, HandToPack)]
    assert returned == ["Bob", "Ann", "Cy", "Di"]
    assert pack == Pack.standard()  # the caller's pack is not touched
    assert deal_of(HANDS).start.pack is None


def test_d5_remaining_hands_go_from_the_dealers_left() -> None:
    """Rule D5 [decision]: at the end, the remaining hands go round from the dealer's left."""
    deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Bob", stacks=[9] * 3,
                pack=Pack.standard())
    hands = deal.start.hands
    play(deal, "Cy bet 1", "Ann bet 1", "Bob bet 1", "showdown")
    assert deal.result.next_pack is not None
    tail = list(deal.result.next_pack.cards[-9:])
    assert tail == list(hands["Cy"] + hands["Ann"] + hands["Bob"])


def test_d6_one_card_at_a_time_from_the_dealers_left() -> None:
    """Rule D6: cards dealt one at a time, face down, from the dealer's left."""
    deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[9] * 3,
                pack=Pack.standard())
    assert deal.start.hands == {
        "Ann": parse_cards("As Ac Kd"), "Bob": parse_cards("Ah Ks Kc"),
        "Cy": parse_cards("Ad Kh Qs"),
    }
    dealt = [(op.player, str(op.card), op.face_up) for op in deal.operations
             if isinstance(op, CardDealt)]
    assert dealt[:4] == [("Ann", "As", False), ("Bob", "Ah", False), ("Cy", "Ad", False),
                         ("Ann", "Ac", False)]
    assert len(dealt) == 9


def test_d7_players_may_look_or_play_blind() -> None:
    """Rule D7: every player starts blind and may look."""
    deal = deal_of(HANDS)
    assert all(deal.is_blind(p) for p in deal.players)
    play(deal, "Bob look")
    assert not deal.is_blind("Bob") and deal.is_blind("Ann")


def test_d8_only_the_see_is_shown_and_a_losing_seer_does_not_show() -> None:
    """Rule D8: cards are shown only in a see (the seen hand, and the seer's if it wins)."""
    deal = deal_of(HANDS)
    play(deal, "Ann bet 1", "Bob bet 1", "Cy fold", "Ann bet 1", "Bob see 2")  # ace high loses
    assert deal.result.shown == {"Ann": parse_cards("Qh Qs 4d")}
    assert "Bob" not in deal.result.shown
    assert deal.view("Cy").to_dict()["shown"] == {"Ann": ["Qh", "Qs", "4d"]}
    won = deal_of(HANDS)
    play(won, "Ann bet 1", "Bob fold", "Cy bet 1", "Ann see 2")  # Ann's pair loses to sevens
    assert won.result.shown == {"Cy": parse_cards("7c 7d 7h")}
    seer_wins = deal_of(HANDS)
    play(seer_wins, "Ann fold", "Bob bet 1", "Cy bet 1", "Bob see 2")
    assert list(seer_wins.result.shown) == ["Cy"]
    beats = deal_of({"Ann": "2s 3h 5d", "Bob": "As Ah 2d", "Cy": "9c 8d 4h"})
    play(beats, "Ann fold", "Bob bet 1", "Cy bet 1", "Bob see 2")
    assert list(beats.result.shown) == ["Cy", "Bob"]


def test_d9_a_face_up_stock_shows_its_bottom_card() -> None:
    """Rule D9: with stock_face_up, everyone sees the bottom card; folds change it."""
    deal = Deal(Rules(stock_face_up=True), players=["Ann", "Bob", "Cy"], dealer="Cy",
                stacks=[9] * 3, pack=Pack.standard())
    assert str(deal.view("Ann").stock_card) == "2c"
    assert str(deal.view(None).stock_card) == "2c"
    play(deal, "Ann fold")  # Ann's As Ac Kd go face up under it
    assert str(deal.view("Bob").stock_card) == "Kd"
    hidden = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
                  pack=Pack.standard())
    assert hidden.view("Ann").stock_card is None


def test_a_pack_with_a_retained_hand_is_the_rest_of_the_pack() -> None:
    """Rules D5, R1: the retained hand is out of the pack; the two make a whole pack."""
    whole = Pack.standard()
    with pytest.raises(RulesError, match="55 cards"):
        Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], pack=whole,
             retained={"Ann": "As Ah Ad"})
    with pytest.raises(RulesError, match="dealt twice"):
        deal_of({"Ann": "As Ah Ad", "Bob": "As Kd Qc"})
    with pytest.raises(RulesError, match="pack or hands"):
        Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], pack=whole,
             hands={"Ann": "As Ah Ad", "Bob": "Ks Kd Qc"})


def test_every_change_is_an_operation_and_the_actions_derive_from_them() -> None:
    """The operation log: antes (D2), cards (D6), actions, hands shown (D8), the pot, the
    hands under the pack (D5); the record's actions are its Acted entries."""
    deal = deal_of({"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    play(deal, "Ann look", "Ann bet 2", "Bob topup 3", "Bob look", "Bob see 4")
    kinds = [type(op).__name__ for op in deal.operations]
    assert kinds == ["AnteTaken"] * 2 + ["CardDealt"] * 6 + [
        "Acted", "HandLooked", "Acted", "Acted", "Acted", "HandLooked", "Acted",  # rule BL2
        "HandShown", "PotAwarded", "HandToPack", "HandToPack"]
    assert [str(a) for a in deal.actions] == ["Ann look", "Ann bet 2", "Bob topup 3",
                                              "Bob look", "Bob see 4"]
    assert deal.operations == deal.operations  # stable, rebuilt from the same log
    assert [str(op) for op in deal.operations][-4:] == [
        "Ann shows Qh Qs 4d", "Ann takes 8", "Ann: Qh Qs 4d under the pack (D5)",
        "Bob: As Tc 2d under the pack (D5)"]


def test_legal_actions_cover_every_player_and_can_apply_agrees() -> None:
    """Rules B2, BL6, M1, B8: the full menu lists the turn, the looks of the deal, top-ups
    and each player's agreement to a showdown."""
    deal = deal_of(HANDS)
    texts = [str(a) for a in deal.legal_actions()]
    assert texts == ["Ann look", "Ann fold", "Ann blind 1..99", "Ann bet 1..99", "Ann agree",
                     "Ann topup 1..", "Bob look", "Bob agree", "Bob topup 1..", "Cy look",
                     "Cy agree", "Cy topup 1.."]
    assert deal.can_apply("Bob look") and not deal.can_apply("Bob bet 1")
    assert not deal.can_apply("Bob dance") and not deal.can_apply("Zed look")
    assert [str(a) for a in deal.legal_actions("Bob")] == ["Bob look", "Bob agree",
                                                           "Bob topup 1.."]
