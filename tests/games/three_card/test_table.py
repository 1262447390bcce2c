"""Tests of the Table: a session of many deals (rules T1, T2, D3, D4, D5, BL3, R1–R3, M1, M4)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragkit.actions import Verb
from bragkit.cards import JOKER, Card, Pack, parse_cards
from bragkit.errors import IllegalActionError, RulesError
from bragkit.fairness import verify
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import (
    DealPlayed,
    GameChoice,
    Joined,
    Kept,
    Left,
    PotShared,
    Table,
    TableError,
    ToppedUp,
)
from bragkit.ledger import LedgerError, Payment
from strategies import house_rules

# -- helpers ---------------------------------------------------------------------------------


def stacked(placed: dict[int, str]) -> Pack:
    """A pack in the standard order except for the cards ``placed`` at 1-based positions."""
    cards = {position: Card.parse(text) for position, text in placed.items()}
    rest = [c for c in Pack.standard() if c not in cards.values()]
    order = [cards[i] if i in cards else rest.pop(0) for i in range(1, 53)]
    return Pack(order)


def pack_starting(text: str) -> Pack:
    """A pack whose top cards are ``text``, the rest in the standard order."""
    top = parse_cards(text)
    return Pack([*top, *(c for c in Pack.standard() if c not in top)])


def play(table: Table, *actions: str) -> None:
    for action in actions:
        table.apply(action)


def open_win(table: Table) -> None:
    """The player at the dealer's left bets 1 (an open bet: it includes the look) and everyone
    else folds: no see, so no shuffle (D4), and no blind winner (BL3)."""
    deal = table.current
    assert deal is not None
    first = deal.to_act
    table.apply(f"{first} bet 1")
    while table.in_deal:
        table.apply(f"{deal.to_act} fold")


def cards_in_place(table: Table) -> Counter[Card]:
    """Every card between deals: in the pack or in a kept blind hand (D5, R1)."""
    assert table.pack is not None
    return Counter([*table.pack, *table.retained_hand])


def full_pack(jokers: int = 0) -> Counter[Card]:
    return Counter(Pack.standard(jokers=jokers))


def received(payments: Sequence[Payment]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in payments:
        out[p.payee] = out.get(p.payee, 0) + p.amount
        out[p.payer] = out.get(p.payer, 0) - p.amount
    return out


def check_books(table: Table) -> None:
    """The ledger against the table: not a chip created or lost (T1, M1, M4, BL3)."""
    ledger = table.ledger
    stacks = table.stacks
    assert ledger.in_pot == table.carried_pot
    assert sum(ledger.nets().values()) + ledger.in_pot == 0
    for name in ledger.players:
        assert ledger.stack(name) == stacks.get(name, 0), name
    brought = sum(ledger.brought(p) for p in ledger.players)
    cashed = sum(ledger.cashed_out(p) for p in ledger.players)
    assert sum(stacks.values()) + table.carried_pot + cashed == brought


# -- the stacked pack of seeds/002 (D4, D5, D6) ----------------------------------------------


def test_seed_002_three_players_46th_49th_52nd_reach_a_on_the_sixth_deal() -> None:
    """Rules D4, D5: with 3 players, "the 46th, 49th and 52nd cards ... The next deals by A,
    B, C, A and B consume 45 cards. So on sixth deal, dealt by C, player A will receive the saved
    combination" — no shuffle, as no deal is seen and won by a prial."""
    saved = {46: "3s", 49: "3h", 52: "3d"}
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=50, pack=stacked(saved))
    dealers = []
    for _ in range(5):
        deal = table.start_deal()
        dealers.append(deal.dealer)
        open_win(table)
        assert not table.shuffle_due
    assert dealers == ["A", "B", "C", "A", "B"]
    deal = table.start_deal()
    assert deal.dealer == "C" and deal.to_act == "A"  # A sits at C's left (D3, D6)
    assert deal.cards_of("A") == parse_cards("3s 3h 3d")
    assert deal.start.pack is not None and len(deal.start.pack) == 52


def test_seed_002_the_gathered_hands_bottoms_come_back_to_the_dealers_left() -> None:
    """Rule D5: the bottoms of the three hands gathered under the pack are its 46th, 49th and
    52nd cards, so the third cards dealt in one deal reach the player at the left of the same
    dealer two rounds later (deals by A, B, C, A, B between)."""
    # C deals first; the third round of cards (positions 7, 8, 9) is A 3s, B 3h, C 3d.
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=50, dealer="C",
                  pack=stacked({7: "3s", 8: "3h", 9: "3d"}))
    table.start_deal()
    play(table, "A fold", "B bet 2", "C fold")  # hands under in the order they left, then B
    assert table.pack is not None
    positions = {str(c): i for i, c in enumerate(table.pack, 1)}
    assert sorted(positions[c] for c in ("3s", "3h", "3d")) == [46, 49, 52]
    for _ in range(5):
        table.start_deal()
        open_win(table)
    deal = table.start_deal()
    assert deal.dealer == "C"
    assert sorted(deal.cards_of("A")) == sorted(parse_cards("3s 3h 3d"))
    # A can bet blind with confidence: a prial of threes, the best hand (H3)
    table.apply("A blind 1")
    play(table, "B fold", "C fold")
    assert table.retained == "A"


def test_seed_002_six_players_40th_46th_52nd_reach_a_when_c_deals() -> None:
    """Rules D4, D5: "With 6 players there are 34 cards remaining ... the 40th, 46th and 52nd
    cards, which will be dealt to player A when C becomes the dealer"."""
    saved = {40: "Ah", 46: "Kh", 52: "Qh"}
    table = Table(Rules(), seats=list("ABCDEF"), buy_ins=50, pack=stacked(saved))
    for dealer in ("A", "B"):
        assert table.start_deal().dealer == dealer
        open_win(table)
    deal = table.start_deal()
    assert deal.dealer == "C"
    assert deal.cards_of("A") == parse_cards("Ah Kh Qh")  # a running flush


# -- the pack between deals (D4, D5) ---------------------------------------------------------


def test_unshuffled_deal_is_dealt_from_the_last_deals_next_pack() -> None:
    """Rule D5: the next deal is from the top of the pack the last deal put together."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, rng=11)
    table.start_deal()
    open_win(table)
    after = table.current.result.next_pack  # type: ignore[union-attr]
    deal = table.start_deal()
    assert deal.start.pack == after


def test_a_prial_seen_and_winning_shuffles_the_next_deal() -> None:
    """Rule D4: after a deal seen and won by a prial, the next deal is shuffled."""
    table = Table(Rules(), seats=["A", "B"], buy_ins=20, dealer="B", rng=5,
                  pack=pack_starting("As Ks Ah Kh Ad Kd"))
    deal = table.start_deal()
    assert deal.cards_of("A") == parse_cards("As Ah Ad")
    play(table, "A bet 1", "B bet 1", "A see 2")
    assert table.current.result.winners == {"A": 6}  # type: ignore[union-attr]
    assert table.shuffle_due
    left = table.pack
    deal = table.start_deal()
    assert deal.start.pack != left
    assert deal.start.pack is not None and Counter(deal.start.pack) == full_pack()
    history = [e for e in table.history if isinstance(e, DealPlayed)]
    assert history[0].shuffled


def test_a_prial_winning_unseen_does_not_shuffle() -> None:
    """Rule D4: a prial that wins without being seen (everyone folded) is no reason to shuffle."""
    table = Table(Rules(), seats=["A", "B"], buy_ins=20, dealer="B",
                  pack=pack_starting("As Ks Ah Kh Ad Kd"))
    table.start_deal()
    play(table, "A bet 1", "B fold")
    assert not table.shuffle_due


def test_shuffle_always_shuffles_every_deal() -> None:
    """Rule D4: ``shuffle = "always"``."""
    table = Table(Rules(shuffle="always"), seats=["A", "B", "C"], buy_ins=20, rng=2)
    packs = []
    for _ in range(3):
        deal = table.start_deal()
        packs.append(deal.start.pack)
        open_win(table)
        assert table.shuffle_due
    assert packs[1] != packs[0].copy() and packs[2] != packs[1]  # type: ignore[union-attr]


def test_a_given_pack_that_does_not_follow_is_refused() -> None:
    """Rules D4, D5: without a shuffle due, the pack must be the one the last deal left."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, rng=1)
    table.start_deal()
    open_win(table)
    assert table.pack is not None
    cards = list(table.pack)
    cards[3], cards[4] = cards[4], cards[3]
    with pytest.raises(TableError, match=r"card 4 from the top .* \(rules D4, D5\)"):
        table.start_deal(pack=Pack(cards))
    assert not table.in_deal and table.deal_number == 1
    table.start_deal(pack=table.pack)  # the right pack is accepted


def test_same_seed_same_session() -> None:
    """Randomness is injected: the same seed gives the same shuffles."""
    packs = []
    for _ in range(2):
        table = Table(Rules(), seats=["A", "B"], buy_ins=20, rng=42)
        packs.append(table.start_deal().start.pack)
    assert packs[0] == packs[1]
    other = Table(Rules(), seats=["A", "B"], buy_ins=20, rng=43).start_deal().start.pack
    assert other != packs[0]


# -- the deal passes left (D3) ---------------------------------------------------------------


def test_the_deal_passes_left_round_the_table() -> None:
    """Rule D3: the deal passes to the left after each hand."""
    table = Table(Rules(), seats=["A", "B", "C", "D"], buy_ins=20, dealer="C", rng=1)
    dealers = []
    for _ in range(6):
        dealers.append(table.start_deal().dealer)
        open_win(table)
    assert dealers == ["C", "D", "A", "B", "C", "D"]


def test_when_the_next_dealer_leaves_the_deal_passes_to_their_left() -> None:
    """Rule D3 [decision]: the player due to deal leaves; the one at their left deals."""
    table = Table(Rules(), seats=["A", "B", "C", "D"], buy_ins=20, rng=1)
    table.start_deal()
    open_win(table)
    assert table.next_dealer == "B"
    table.leave("B")
    assert table.next_dealer == "C"
    assert table.start_deal().dealer == "C"


def test_a_player_joining_at_the_dealers_left_deals_next() -> None:
    """Rule D3: a new seat to the left of the dealer gets the deal next."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, rng=1)
    table.start_deal()
    open_win(table)
    table.join("Z", 20, after="A")
    assert table.seats == ("A", "Z", "B", "C")
    assert table.next_dealer == "B"  # the deal already passed to B
    deal = table.start_deal()
    assert deal.players == ("A", "Z", "B", "C") and deal.dealer == "B"


# -- carried pots and kept hands (BL3, R1, R2, R3) -------------------------------------------


def test_r2_two_hands_won_blind_twice_keeping_the_old_one_unseen() -> None:
    """Rules BL3, R1, R2: a blind winner keeps the hand and is dealt a second; winning blind
    again with both unseen, they keep one of the two (here the old one) and the other goes under
    the pack; the carried pot grows; later they look at one, keep it, and win the lot."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=50, dealer="C", pack=Pack.standard())
    table.start_deal()
    play(table, "A blind 1", "B fold", "C fold")
    assert (table.retained, table.carried_pot) == ("A", 4)
    old = table.retained_hand
    assert old == parse_cards("As Ac Kd")
    assert cards_in_place(table) == full_pack()

    deal = table.start_deal()  # A deals; A holds two hands (R1)
    new = deal.cards_of("A")[3:]
    assert deal.cards_of("A")[:3] == old and len(new) == 3
    assert deal.view("A").hand is None  # both blind: A sees neither (BL6)
    play(table, "B fold", "C fold")  # A wins blind again, holding both
    assert table.retained == "A" and table.carried_pot == 7
    assert table.retained_hand == new  # the new hand unless A says otherwise (R2)
    table.keep("old")
    assert table.retained_hand == old
    assert table.pack is not None and tuple(table.pack)[-3:] == new
    assert cards_in_place(table) == full_pack()
    assert isinstance(table.history[-1], Kept)
    played = table.history[-2]
    assert isinstance(played, DealPlayed) and played.result.retained_choice == "old"
    assert played.result.retained_hand == old and played.result.next_pack == table.pack
    with pytest.raises(TableError, match="R2"):
        table.keep("maybe")  # type: ignore[arg-type]

    deal = table.start_deal()  # B deals; C first, then A with two hands again
    assert deal.cards_of("A")[:3] == old
    play(table, "C bet 1", "A look new", "A keep", "A bet 1", "B fold", "C fold")
    result = table.current.result  # type: ignore[union-attr]
    assert result.winners == {"A": 7 + 3 + 1 + 1}
    assert table.retained is None and table.carried_pot == 0
    assert cards_in_place(table) == full_pack()
    check_books(table)


def test_r2_cannot_look_at_both_hands_nor_bet_unlooked_with_two() -> None:
    """Rule R2: looking at one hand means keeping or throwing it at once; never both looked."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=50, dealer="C", pack=Pack.standard())
    table.start_deal()
    play(table, "A blind 1", "B fold", "C fold")
    table.start_deal()
    play(table, "B fold")
    with pytest.raises(IllegalActionError):
        table.apply("C see 2")
    play(table, "C bet 1", "A look old")
    with pytest.raises(IllegalActionError) as error:
        table.apply("A look new")
    assert error.value.rule == "R2"
    play(table, "A throw")  # the old hand folded; A plays the new one blind
    assert table.current.is_blind("A")  # type: ignore[union-attr]
    play(table, "A blind 1", "C fold")
    assert table.retained == "A" and len(table.retained_hand) == 3
    assert cards_in_place(table) == full_pack()


R3_PACK = (
    # deal 1, C deals: A Ks Qd 9c, B 8s 7s 6c, C 5s 4d Jc — A wins blind
    "Ks 8s 5s Qd 7s 4d 9c 6c Jc "
    # deal 2, A deals: B 2s 2h 2d, C Kc 8h 4s, A face up 7c 5d 3h
    "2s Kc 7c 2h 8h 5d 2d 4s 3h"
)


def test_r3_face_up_everyone_folds_and_the_blind_hand_stays_then_a_prial_stays_in() -> None:
    """Rule R3: the blind winner is dealt a face-up hand; all fold: they take this deal's antes,
    keep the blind hand, the carried pot stays, and the next player deals. When someone can beat
    the face-up hand and stays in, it is discarded and the blind hand plays on."""
    rules = Rules(retained_blind="face-up")
    table = Table(rules, seats=["A", "B", "C"], buy_ins=50, dealer="C",
                  pack=pack_starting(R3_PACK))
    table.start_deal()
    play(table, "A blind 1", "B fold", "C fold")
    blind_hand = table.retained_hand
    assert blind_hand == parse_cards("Ks Qd 9c") and table.carried_pot == 4

    deal = table.start_deal()  # A deals; B holds a prial of twos
    assert deal.view(None).face_up == {"A": parse_cards("7c 5d 3h")}
    assert not deal.is_blind("B") and not deal.is_blind("C")  # everyone else has looked
    assert deal.view("A").hand is None  # A still sees nothing of the blind hand (BL6)
    play(table, "B bet 2")  # B beats the face-up hand and stays in: it is discarded
    assert deal.view(None).face_up == {}
    assert table.pack is not None and deal.start.pack is not None
    play(table, "C fold", "A blind 1", "B bet 2", "A see 2")
    result = table.current.result  # type: ignore[union-attr]
    assert result.winners == {"B": 4 + 3 + 2 + 1 + 2 + 2}  # B's prial wins, seen: shuffle
    assert table.retained is None and table.shuffle_due
    assert cards_in_place(table) == full_pack()
    check_books(table)


def test_r3_all_fold_to_the_face_up_hand_repeats_until_the_blind_player_looks() -> None:
    """Rule R3: "If all fold, the blind player collects this deal's antes, keeps the blind hand
    (the carried pot stays), and the next player deals ... This repeats until the blind player
    looks." Each player who cannot beat the face-up hand may only fold."""
    table = Table(Rules(retained_blind="face-up"), seats=["A", "B", "C"], buy_ins=50,
                  dealer="C", pack=Pack.standard())
    table.start_deal()
    play(table, "A blind 1", "B fold", "C fold")
    kept = table.retained_hand
    dealers = []
    for _ in range(3):
        before = table.stacks["A"]
        deal = table.start_deal()
        dealers.append(deal.dealer)
        assert deal.cards_of("A")[:3] == kept
        for name in ("B", "C"):
            menu = {o.verb for o in deal.legal_actions(name)} - {Verb.TOPUP}
            assert menu <= {Verb.FOLD}
        while table.in_deal:
            to_act = deal.to_act
            table.apply(f"{to_act} fold" if to_act != "A" else "A blind 1")
        assert table.retained == "A" and table.retained_hand == kept
        assert table.carried_pot == 4  # the carried pot stays
        assert table.stacks["A"] == before + 2  # the two other antes
        assert cards_in_place(table) == full_pack()
        check_books(table)
    assert dealers == ["A", "B", "C"]


def test_a_leaving_blind_winner_puts_the_hand_under_and_leaves_the_pot() -> None:
    """[decision] A leaving player's kept blind hand goes under the pack (D5) and the carried
    pot stays for the next deal, whose winner takes it (BL3)."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, dealer="C", pack=Pack.standard())
    table.start_deal()
    play(table, "A blind 1", "B fold", "C fold")
    hand = table.retained_hand
    assert table.leave("A") == 18
    assert table.retained is None and table.carried_pot == 4
    assert table.pack is not None and tuple(table.pack)[-3:] == hand
    assert Counter(table.pack) == full_pack()
    deal = table.start_deal()
    assert deal.players == ("B", "C") and deal.pot == 6
    open_win(table)
    assert sum(table.current.result.winners.values()) == 7  # type: ignore[union-attr]
    assert table.carried_pot == 0
    check_books(table)
    assert isinstance(table.history[1], Left)


# -- money: buy-in, top-ups, loans, settlement (M1, M4, T1) ----------------------------------


def test_buy_in_minimum_is_enforced() -> None:
    """Rule M1: the least a player must bring to sit down."""
    with pytest.raises(TableError, match="M1"):
        Table(Rules(buy_in=30), seats=["A", "B"], buy_ins=[30, 20])
    table = Table(Rules(buy_in=30), seats=["A", "B"], buy_ins=30, rng=1)
    with pytest.raises(TableError, match="at least 30"):
        table.join("C", 29)
    table.join("C", 30)
    assert table.ledger.brought("C") == 30


def test_top_ups_at_any_time_are_in_the_ledger_and_the_deal_record() -> None:
    """Rule M1: a top-up at any time, every one recorded."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, rng=1)
    table.topup("B", 5)  # before the first deal
    deal = table.start_deal()
    table.topup("C", 7)  # during the deal: the deal's topup action
    assert deal.stacks["C"] == 26
    assert [str(a) for a in deal.actions] == ["C topup 7"]
    open_win(table)
    table.topup("A", 3)  # between deals
    assert table.ledger.brought("A") == 23 and table.ledger.brought("C") == 27
    assert [e for e in table.history if isinstance(e, ToppedUp)] == [
        ToppedUp(player="B", amount=5), ToppedUp(player="A", amount=3)]
    assert "C topup 7" in [str(a) for a in table.deals[0].actions]
    check_books(table)
    with pytest.raises(TableError, match="M1"):
        table.topup("A", 0)


def test_a_returning_player_tops_up_in_the_ledger() -> None:
    """Rule M1: the ledger has one buy-in per player; coming back is a top-up."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, rng=1)
    table.leave("C")
    table.join("C", 25)
    kinds = [e.kind.value for e in table.ledger.entries if e.player == "C"]
    assert kinds == ["buy-in", "cash-out", "top-up"]
    assert isinstance(table.history[-1], Joined)
    check_books(table)


def test_a_player_who_cannot_ante_stops_the_deal() -> None:
    """Rule D2 [decision]: top up, borrow or leave before the deal."""
    table = Table(Rules(ante=5), seats=["A", "B", "C"], buy_ins=[20, 20, 5], rng=1)
    table.start_deal()
    play(table, "B bet 1", "C fold", "A fold")
    with pytest.raises(TableError, match=r"C cannot pay the ante of 5 .*D2"):
        table.start_deal()
    table.topup("C", 5)
    table.start_deal()


def test_lending_between_deals_and_within_a_deal() -> None:
    """Rule M4: with lending on, a loan is recorded and settled with the ledger."""
    rules = Rules(short_money="fold", lending=True, ante=1)
    table = Table(rules, seats=["A", "B", "C"], buy_ins=[30, 30, 3], dealer="C",
                  pack=Pack.standard())
    deal = table.start_deal()
    play(table, "A bet 5", "B fold", "C look")
    assert [str(o) for o in deal.legal_actions("C") if o.verb is Verb.BET] == ["C bet 5"]
    play(table, "C bet 5")  # C holds 2: the other player still in lends 3 (M4 [decision])
    assert table.ledger.debts() == {("C", "A"): 3}
    play(table, "A fold")
    assert table.stacks["C"] == 13  # antes 3 and the two bets of 5
    check_books(table)
    table.lend("B", "C", 4)
    assert table.ledger.debts() == {("C", "A"): 3, ("C", "B"): 4}
    assert table.repay("C", "A") == 3
    check_books(table)
    table.share_carried_pot()
    payments = table.settlement()
    balances = table.ledger.balances()
    after = received(payments)
    assert all(balances[p] - after.get(p, 0) == 0 for p in balances)
    with pytest.raises(TableError, match="M4"):
        Table(Rules(), seats=["A", "B"], buy_ins=9).lend("A", "B", 1)


def test_settlement_squares_the_session_and_refuses_a_carried_pot() -> None:
    """Rule T1: a settlement at the end; a carried pot must be won or shared first (BL3)."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, dealer="C", pack=Pack.standard())
    table.start_deal()
    play(table, "A blind 1", "B fold", "C fold")
    with pytest.raises(TableError, match="BL3"):
        table.settlement()
    shares = table.share_carried_pot()
    assert sum(shares.values()) == 4 and table.retained is None
    assert isinstance(table.history[-1], PotShared)
    assert table.pack is not None and Counter(table.pack) == full_pack()
    payments = table.settlement()
    nets = table.ledger.nets()
    assert sum(nets.values()) == 0
    after = received(payments)
    assert {p: nets[p] - after.get(p, 0) for p in nets} == dict.fromkeys(nets, 0)


def test_seat_changes_and_settlement_are_refused_during_a_deal() -> None:
    """[decision] Seats change between deals only; the books are settled between deals."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, rng=1)
    table.start_deal()
    for call in (lambda: table.join("D", 20), lambda: table.leave("A"), table.settlement,
                 table.start_deal, lambda: table.keep("old")):
        with pytest.raises(TableError):
            call()
    with pytest.raises(TableError):
        Table(Rules(), seats=["A"], buy_ins=20)  # rule D1


def test_table_of_seventeen_with_a_kept_hand_is_refused() -> None:
    """Rules D1, R1: the pack cannot deal everyone and hold a kept hand."""
    names = [f"P{i}" for i in range(17)]
    table = Table(Rules(), seats=names, buy_ins=20, dealer="P16", pack=Pack.standard())
    table.start_deal()
    table.apply("P0 blind 1")
    while table.in_deal:
        table.apply(f"{table.current.to_act} fold")  # type: ignore[union-attr]
    assert table.retained == "P0"
    with pytest.raises(RulesError, match="D1"):
        table.start_deal()


# -- dealer's choice (T2) --------------------------------------------------------------------


def test_dealers_choice_opens_after_round_the_table_and_one_more() -> None:
    """Rule T2: "once the deal has gone round the table and one more, each dealer names the
    game" — wild cards, blind play, three, four or five cards; for one deal."""
    table = Table(Rules(dealers_choice=True), seats=["A", "B", "C"], buy_ins=50, rng=3)
    for _ in range(4):
        assert not table.choice_open
        with pytest.raises(TableError, match="T2"):
            table.choose_game(GameChoice(cards=4))
        table.start_deal()
        open_win(table)
    assert table.choice_open and table.next_dealer == "B"
    with pytest.raises(TableError, match="only the dealer"):
        table.choose_game(GameChoice(cards=4), dealer="A")
    table.choose_game(GameChoice(cards=4, wild=("2",), blind=False), dealer="B")
    deal = table.start_deal()
    assert deal.rules.cards == 4 and deal.rules.wild == ("2",) and not deal.rules.blind
    assert len(deal.cards_of("C")) == 4
    assert not deal.is_blind("C")  # no blind play: everyone has seen (BL1)
    first = deal.to_act
    assert first is not None
    table.apply(f"{first} discard {deal.cards_of(first)[0]}")
    table.apply(f"{first} bet 1")
    while table.in_deal:
        table.apply(f"{deal.to_act} fold")
    assert table.deals[-1].rules.cards == 4
    assert table.start_deal().rules == table.rules  # the named game lasts one deal


def test_dealers_choice_callback_and_its_limits() -> None:
    """Rule T2: the dealer answers a callback; the game keeps a kept hand's size (R1); the
    other house rules stay the table's."""
    asked: list[str] = []

    def chooser(dealer: str, rules: Rules) -> GameChoice | None:
        asked.append(dealer)
        return GameChoice(wild=("Jh", "Js")) if dealer == "A" else None

    table = Table(Rules(dealers_choice=True), seats=["A", "B"], buy_ins=50, rng=9,
                  chooser=chooser)
    for _ in range(3):
        table.start_deal()
        open_win(table)
    assert asked == [] and table.choice_open
    deal = table.start_deal()  # the fourth deal: B deals and keeps the table's game
    assert asked == ["B"] and deal.rules == table.rules
    open_win(table)
    deal = table.start_deal()  # A deals and names the one-eyed jacks wild
    assert asked == ["B", "A"] and deal.rules.wild == ("Jh", "Js")
    assert deal.rules.wild_cards == frozenset(parse_cards("Jh Js"))
    play(table, "B blind 1", "A fold")
    assert table.retained == "B"
    with pytest.raises(TableError, match="R1"):
        table.choose_game(GameChoice(cards=5))
    with pytest.raises(TableError, match="T2"):
        table.choose_game(Rules(dealers_choice=True, ante=3))
    with pytest.raises(TableError, match="T2"):
        Table(Rules(), seats=["A", "B"], buy_ins=9).choose_game(GameChoice())


# -- fair shuffles ---------------------------------------------------------------------------


def test_a_fair_table_proves_every_shuffled_deal() -> None:
    """Commit–reveal (bragkit.fairness): the commitment is published before the deal, client
    seeds go in, and each shuffled deal (D4) leaves a proof that verifies to its pack."""
    table = Table(Rules(shuffle="always"), seats=["A", "B"], buy_ins=20, fair=True)
    commitments = []
    for number in (1, 2):
        commitment = table.commitment
        assert commitment is not None
        commitments.append(commitment)
        table.add_client_seed(f"player seed {number}")
        deal = table.start_deal()
        with pytest.raises(TableError):
            table.add_client_seed("too late")
        open_win(table)
        proof = table.proofs[-1]
        assert proof.commitment == commitment and proof.deal == number
        assert proof.client_seeds == (f"player seed {number}",)
        assert verify(proof) == deal.start.pack
    assert commitments[0] != commitments[1]


def test_a_fair_table_needs_no_proof_for_an_unshuffled_deal() -> None:
    """Rule D4: an unshuffled deal's pack follows from the last deal; only shuffles are
    proved."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, fair=True, rng=4)
    table.start_deal()
    open_win(table)
    assert table.commitment is None
    table.start_deal()
    open_win(table)
    played = [e for e in table.history if isinstance(e, DealPlayed)]
    assert [e.proof is not None for e in played] == [True, False]
    with pytest.raises(TableError):
        table.start_deal(pack=Pack.standard())


def test_a_fair_shuffle_leaves_out_the_kept_joker_nearest_the_top() -> None:
    """Rules R1, W1, D4: a kept blind hand holding a joker stays out of the shuffle; the deal's
    pack is the proof's pack with the kept cards taken out, each the copy nearest the top (as
    the replay of a session checks it), not the other joker of the pack."""
    table = Table(Rules(jokers=2, blind=True, shuffle="always"), seats=["Ann", "Bob"],
                  buy_ins=20, fair=True, rng=5)
    table.start_deal()
    play(table, "Bob blind 1", "Ann fold")
    held = list(table.retained_hand)
    assert table.retained == "Bob" and JOKER in held
    deal = table.start_deal()
    open_win(table)
    proof = table.proofs[-1]
    proved = list(verify(proof))
    assert proved.count(JOKER) == 2
    for card in held:
        proved.remove(card)  # list.remove takes the first copy: the one nearest the top
    assert deal.start.pack is not None
    assert list(deal.start.pack) == proved


# -- long random sessions (Hypothesis) -------------------------------------------------------


def random_action(table: Table, rng: random.Random, steps: int) -> None:
    """One random legal action of the deal in progress (folds grow likelier as it drags on)."""
    deal = table.current
    assert deal is not None
    options = deal.legal_actions()
    playing = [o for o in options if o.verb is not Verb.TOPUP]
    if rng.random() < 0.02:
        option = rng.choice([o for o in options if o.verb is Verb.TOPUP])
        table.topup(option.player, rng.randint(1, 20))  # type: ignore[arg-type]
        return
    folds = [o for o in playing if o.verb is Verb.FOLD]
    if folds and rng.random() < (0.3 if steps < 60 else 0.9):
        table.apply(rng.choice(folds).action())
        return
    option = rng.choice(playing)
    if option.verb is Verb.DISCARD:
        held = list(deal.cards_of(option.player))  # type: ignore[arg-type]
        for _ in range(50):
            action = option.action(cards=rng.sample(held, option.discards))
            if deal.can_apply(action):
                table.apply(action)
                return
        raise AssertionError(f"no discard fits {option}")
    if option.min_amount is not None:
        top = option.max_amount if option.max_amount is not None else option.min_amount + 8
        table.apply(option.action(rng.randint(option.min_amount, top)))
    else:
        table.apply(option.action())


def between_deals(table: Table, rng: random.Random, names: list[str]) -> None:
    """Random table business: joins, leaves, top-ups, loans, repayments, a kept hand, a game."""
    rules = table.rules
    least = max(rules.buy_in, 1)
    last = table.current
    if last is not None and last.result.retained_choice is not None and rng.random() < 0.5:
        table.keep(rng.choice(["old", "new"]))
    if rng.random() < 0.15 and len(table.seats) < 6:
        outside = [n for n in names if n not in table.seats]
        if outside:
            after = rng.choice([None, *table.seats])
            table.join(rng.choice(outside), least + rng.randint(0, 30), after=after)
    if rng.random() < 0.1 and len(table.seats) > 2:
        table.leave(rng.choice(table.seats))
    if rng.random() < 0.2:
        table.topup(rng.choice(table.seats), rng.randint(1, 25))
    stacks = table.stacks
    if rules.lending and rng.random() < 0.1:
        lender, borrower = rng.sample(table.seats, 2)
        if stacks[lender] > 0:
            table.lend(lender, borrower, rng.randint(1, stacks[lender]))
    for (borrower, lender), owed in table.ledger.debts().items():
        if borrower in table.seats and lender in table.seats and rng.random() < 0.3:
            amount = min(owed, table.stacks[borrower])
            if amount:
                table.repay(borrower, lender, amount)
    if table.choice_open and rules.dealers_choice and rng.random() < 0.5:
        held = len(table.retained_hand)
        cards = held or rng.choice([3, 4, 5])
        choice = GameChoice(wild=rng.choice([(), ("2",), ("Ah",)]), cards=cards,
                            blind=bool(held) or rng.random() < 0.7)
        table.choose_game(choice)
        if len(table.seats) > rules.replace(cards=cards).max_players(retained=int(bool(held))):
            table.choose_game(None)
    for name in table.seats:  # rule D2: everyone must be able to ante
        if table.stacks[name] < table.next_rules().ante:
            table.topup(name, table.next_rules().ante + rng.randint(0, 10))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(session=True), seed=st.integers(0, 2**32), seats=st.integers(2, 5),
       deals=st.integers(150, 250), fair=st.booleans())
def test_long_random_sessions_never_make_or_lose_a_chip_or_a_card(
    rules: Rules, seed: int, seats: int, deals: int, fair: bool
) -> None:
    """Rules T1, D5, M1, M4, BL3, R1–R3: over hundreds of deals under random house rules with
    players joining, leaving, topping up, lending and naming games, every card is in exactly one
    place between deals (the pack or a kept blind hand), the ledger matches the stacks and sums
    to zero against the money brought, and the settlement squares everyone."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(8)]
    least = max(rules.buy_in, 1) + rules.ante
    table = Table(rules, seats=names[:seats], buy_ins=least + 20, rng=rng.randrange(2**32),
                  fair=fair)
    full = full_pack(rules.jokers)
    for _ in range(deals):
        between_deals(table, rng, names)
        check_books(table)
        table.start_deal()
        steps = 0
        while table.in_deal:
            random_action(table, rng, steps)
            steps += 1
            assert steps < 2000, "a deal that never ends"
        check_books(table)
        assert cards_in_place(table) == full
    table.share_carried_pot()
    assert cards_in_place(table) == full
    nets = table.ledger.nets()
    after = received(table.settlement())
    assert all(nets[p] == after.get(p, 0) for p in nets)
    squared = table.ledger.balances(cash_on_table=True)
    after = received(table.settlement(cash_on_table=True))
    assert all(squared[p] == after.get(p, 0) for p in squared)
    assert len(table.deals) == deals
    played = [e for e in table.history if isinstance(e, DealPlayed)]
    assert played[0].shuffled  # rule D4: the first deal is shuffled
    proved = [e.proof is not None for e in played]
    assert proved == [fair and e.shuffled for e in played]  # one proof per shuffle
    for event in played[:20]:
        if event.proof is not None:  # the proof's pack, a kept hand taken out (R1)
            held = [c for hand in (event.record.retained or {}).values() for c in hand]
            dealt = []
            for card in verify(event.proof):
                if card in held:
                    held.remove(card)
                else:
                    dealt.append(card)
            assert dealt == list(event.record.pack or ())


def test_ledger_refuses_what_the_table_would_not_do() -> None:
    """The ledger backs the table: a repayment of more than is owed is refused and changes
    nothing (M4)."""
    table = Table(Rules(lending=True), seats=["A", "B"], buy_ins=20)
    table.lend("A", "B", 5)
    with pytest.raises(LedgerError):
        table.repay("B", "A", 6)
    assert table.stacks == {"A": 15, "B": 25}
    check_books(table)


def _play_random_deals(table: Table, count: int, rng: random.Random) -> None:
    for _ in range(count):
        table.start_deal()
        while table.in_deal:
            deal = table.current
            assert deal is not None
            option = rng.choice(deal.legal_actions())
            table.apply(option.action(option.min_amount) if option.min_amount is not None
                        else option.action())


def test_a_long_session_keeps_finished_deals_as_records_only() -> None:
    """Issue 19: a finished deal is kept as its record, not as its Deal (with its log and pack
    copies): over many deals at most the last Deal is alive, the memory per finished deal
    stays small, and the history is a view that follows the table, not a copy."""
    import gc
    import tracemalloc

    table = Table(Rules(), seats=["Ann", "Bob", "Cy"], buy_ins=10**9, rng=11)
    rng = random.Random(11)
    history = table.history
    _play_random_deals(table, 20, rng)  # warm the engine's caches
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        _play_random_deals(table, 400, rng)
        gc.collect()
        per_deal = (tracemalloc.get_traced_memory()[0] - before) / 400
    finally:
        tracemalloc.stop()
    assert per_deal < 8_000, f"{per_deal:.0f} bytes per finished deal (was ~11,000 keeping Deals)"
    assert sum(isinstance(o, Deal) for o in gc.get_objects()) <= 1  # the last deal only
    played = [e for e in history if isinstance(e, DealPlayed)]
    assert len(played) == 420 == len(table.deals)  # the view grew with the table
    assert played[-1].record == table.deals[-1] and played[-1].record.dealer == "Cy"
    assert history[-1] == table.history[-1] and len(history) == len(table.history)
