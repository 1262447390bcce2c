"""The engine's fast paths agree with its general ones (issue 3: speed, not new behaviour).

A simple deal (no retained hand, no raise or pot limit, no lending) builds its menus by a
shorter path and remembers a turn's menu per Rules (but a menu offering a discard, F1); a
hand's strength is read from a compact table (four and five cards too); the result is built by
``new_result``; the pack is dealt and rebuilt whole. Each is checked here against the general
path it stands in for.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragkit.actions import Verb
from bragkit.cards import Card, Pack
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.holdings import Holdings
from bragkit.games.three_card.results import DealResult, new_result
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.setup import setup
from bragkit.hands import best_hand, evaluate, hand_of

# A few Rules objects shared by every example, so the remembered turn menus (kept per Rules)
# are reused across deals, stacks and players, as at a table.
SIMPLE_RULES = [
    Rules(),
    Rules(max_bet=20),
    Rules(max_bet=5, min_bet=2),
    Rules(min_bet=3, max_bet=3, see_cost="single"),
    Rules(max_bet=9, short_money="fold", ante=2),
    Rules(blind=False, max_bet=12),
    Rules(ante=0, min_bet=2),
    Rules(cards=4, max_bet=20),  # four and five cards: remembered but while a discard is due
    Rules(cards=5, max_bet=9, short_money="fold"),
    Rules(cards=4, blind=False, max_bet=12),
]


def random_play(deal: Deal, rng: random.Random, check: object) -> None:
    """Play ``deal`` to its end with random legal actions, calling ``check`` at each state."""
    steps = 0
    while not deal.over:
        steps += 1
        check(deal)  # type: ignore[operator]
        options = deal.legal_actions()
        if steps > 60:  # wind down
            options = [o for o in options if o.verb is Verb.FOLD] or options
        option = rng.choice(options)
        if option.verb is Verb.TOPUP and rng.random() < 0.8:
            option = rng.choice(options)
        low = option.min_amount
        if low is None:
            deal.apply(option.action())
        else:
            high = option.max_amount if option.max_amount is not None else low + 15
            deal.apply(option.action(rng.randint(low, min(high, low + 15))))


@given(
    rules=st.sampled_from(SIMPLE_RULES),
    players=st.integers(2, 6),
    stacks=st.lists(st.integers(0, 30) | st.integers(31, 300), min_size=6, max_size=6),
    seed=st.integers(0, 2**32 - 1),
)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_simple_deal_menus_match_the_general_path(
    rules: Rules, players: int, stacks: list[int], seed: int
) -> None:
    """Rules B1-B8, BL1-BL6, M1-M3: in a simple deal the short, remembered menu of every
    seat is exactly the general one, entry for entry, in every state of random play (small
    stacks among them, so that covers and short stakes arise)."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    deal = Deal(rules, players=names, dealer=rng.choice(names),
                stacks=[rules.ante + s for s in stacks[:players]], pack=Pack.shuffled(rng))
    assert deal.verifiers.simple

    def check(deal: Deal) -> None:
        for seat in range(players):
            assert list(deal.verifiers.menu(seat)) == deal.verifiers.full_menu(seat), seat

    random_play(deal, rng, check)


def test_a_remembered_menu_follows_the_state() -> None:
    """Rules B2, B3, BL1: the same state gives the same (shared) menu; a different stack or
    stake gives its own."""
    rules = Rules(max_bet=20)

    def menu(stacks: list[int], *actions: str) -> list[str]:
        deal = Deal(rules, players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=stacks, rng=1)
        for action in actions:
            deal.apply(action)
        return [str(o) for o in deal.legal_actions(deal.to_act)]

    assert menu([50, 50, 50]) == ["Ann look", "Ann fold", "Ann blind 1..10", "Ann bet 1..20",
                                  "Ann agree", "Ann topup 1.."]
    assert menu([50, 50, 50]) == menu([50, 40, 30])  # only the player's own stack counts
    assert menu([9, 50, 50]) == ["Ann look", "Ann fold", "Ann blind 1..8", "Ann bet 1..8",
                                 "Ann agree", "Ann topup 1.."]
    assert menu([50, 50, 50], "Ann bet 6") == ["Bob look", "Bob fold", "Bob blind 3..10",
                                               "Bob bet 6..20", "Bob agree", "Bob topup 1.."]
    assert menu([50, 4, 50], "Ann bet 6") == ["Bob look", "Bob fold", "Bob blind 3",
                                              "Bob agree", "Bob topup 1.."]
    # rule M2: short of the least bet, Bob may cover with all he has
    assert menu([50, 3, 50], "Ann bet 6") == ["Bob look", "Bob fold", "Bob cover 2",
                                              "Bob agree", "Bob topup 1.."]


def test_refusals_name_the_same_rules_on_the_fast_path() -> None:
    """Rules B3, BL1, BL4, B6, B8: a simple deal refuses with the rule ids of the general path
    (the menu decides; the same verifiers explain)."""
    deal = Deal(Rules(max_bet=20), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50], rng=3)
    with pytest.raises(IllegalActionError) as caught:
        deal.apply("showdown")
    assert caught.value.rule == "B8"
    deal.apply("Ann bet 4")
    with pytest.raises(IllegalActionError) as caught:
        deal.apply("Bob blind 1")
    assert caught.value.rule == "BL1"
    with pytest.raises(IllegalActionError) as caught:
        deal.apply("Bob bet 3")
    assert caught.value.rule == "B3"
    with pytest.raises(IllegalActionError) as caught:
        deal.apply("Bob see 8")
    assert caught.value.rule == "BL4"  # a blind seer pays the stake, 4
    deal.apply("Bob look")
    with pytest.raises(IllegalActionError) as caught:
        deal.apply("Bob see 4")
    assert caught.value.rule == "B6"
    deal.apply("Bob see 8")
    assert deal.over


TRIOS = list(combinations(range(53), 3))


@given(
    trios=st.lists(st.sampled_from(TRIOS), min_size=1, max_size=40),
    ordering=st.sampled_from(["standard", "teen-patti", "historic"]),
    wild=st.sampled_from([(), ("2",), ("2c", "Jh")]),
    jokers=st.integers(0, 1),
)
@settings(max_examples=40, deadline=None)
def test_a_hand_is_worth_what_evaluate_says(
    trios: list[tuple[int, int, int]], ordering: str, wild: tuple[str, ...], jokers: int
) -> None:
    """Rules H2-H10, W1-W3: the compact strength table the engine reads gives each three cards
    the HandRank evaluate() gives them, in any order of the cards."""
    rules = Rules(ordering=ordering, wild=wild, jokers=jokers)
    deal = Deal(rules, players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], rng=1)
    holdings = Holdings(setup(rules), [deal.cards_of("Ann"), deal.cards_of("Bob")],
                        looked=False)
    wilds = rules.wild_cards if rules.wild else ()
    for trio in trios:
        if not jokers and 52 in trio:
            continue
        hand = tuple(Card(c) for c in trio)
        for order in (hand, hand[::-1]):
            key, shown, rank = holdings.evaluate(order)
            expected = evaluate(order, ordering=ordering, wild=wilds)
            assert rank == expected and rank.description == expected.description
            assert key == (expected.value, ()) and shown == order


@given(
    cards=st.lists(st.integers(0, 52), min_size=5, max_size=5, unique=True),
    size=st.sampled_from([4, 5]),
    ordering=st.sampled_from(["standard", "teen-patti", "historic"]),
    wild=st.sampled_from([(), ("2",), ("2c", "Jh")]),
    pair=st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_four_and_five_card_hands_are_worth_what_best_hand_says(
    cards: list[int], size: int, ordering: str, wild: tuple[str, ...], pair: bool
) -> None:
    """Rules F1-F3, H, W1-W3: the engine's reading of a four- or five-card hand from the table
    (the best three of a hand shown unseen, F2; the three kept after a discard, F1) gives the
    strength key, the cards shown and the rank of best_hand and hand_of: the same three kept
    and, of equal hands, the same discards deciding (a pair of equal cards among them makes
    ties of value common)."""
    rules = Rules(cards=size, ordering=ordering, wild=wild, jokers=1)
    held = Holdings(setup(rules), [], looked=False)
    wilds = rules.wild_cards if rules.wild else ()
    hand = tuple(Card(c) for c in cards[:size])
    if pair:  # two of one rank (ties between the ways to keep three)
        hand = (Card(hand[0] // 4 * 4 + (hand[0] + 1) % 4 if hand[0] < 52 else 0),
                *hand[1:])
        if len(set(hand)) < size:
            return
    best = best_hand(hand, ordering=ordering, wild=wilds)
    assert held.evaluate(hand) == (best.sort_key, best.kept + best.discards, best.rank)
    kept, thrown = hand[:3], hand[3:]
    chosen = hand_of(kept, thrown, ordering=ordering, wild=wilds)
    assert held.evaluate(hand, kept, thrown) == (chosen.sort_key, kept + thrown, chosen.rank)


def test_new_result_sets_every_field() -> None:
    """new_result builds the same record as DealResult's keywords, field for field (every
    field given to the record; the one it keeps for itself, what gives next_pack later, unset
    by both)."""
    values = {f.name: object() for f in dataclasses.fields(DealResult) if f.init}
    built = new_result(*values.values())  # type: ignore[arg-type]
    assert [getattr(built, name) for name in values] == list(values.values())
    assert built == DealResult(**values)  # type: ignore[arg-type]


def test_a_next_pack_owed_is_the_pack_the_deal_left() -> None:
    """Rules D4, D5: a registry's first deal shuffles only the places it deals, the rest of the
    pack when first read, from its own source: the same hands, stock, start pack and next
    pack as a deal shuffled whole from the same draws, whichever is read first."""
    from bragkit.games.three_card.info import GAMES

    start = GAMES[0].start
    for seed in range(40):
        for cards in (3, 4, 5):
            rules = Rules(cards=cards, stock_face_up=seed % 2 == 0)
            players = ("Ann", "Bob", "Cy", "Di")[:2 + seed % 3]
            lazy = start(players, rules, random.Random(seed))
            rng = random.Random(seed)
            eager = Deal(rules, players=players, dealer=players[rng.randrange(len(players))],
                         stacks=[100] * len(players), rng=rng)
            assert lazy.verifiers.stock.owed > 0  # (the shuffle below the cards dealt owed)
            assert [lazy.cards_of(p) for p in players] == [eager.cards_of(p) for p in players]
            play = random.Random(seed)
            while not eager.over:
                if seed % 5 == 1:  # the stock read in the middle of the deal
                    assert lazy.stock == eager.stock
                if seed % 5 == 2 and rules.stock_face_up:  # its bottom card (D9), for all
                    assert lazy.view(None).stock_card == eager.view(None).stock_card
                option = play.choice([o for o in eager.legal_actions(eager.to_act)
                                      if o.verb is not Verb.TOPUP])
                action = option.choices[0] if option.choices else option.action()
                eager.apply(action)
                lazy.apply(action)
            assert lazy.result is not None and eager.result is not None
            if seed % 3 == 0:  # the result first, then the stock and the record's pack
                assert lazy.result.next_pack == eager.result.next_pack
                assert lazy.stock == eager.stock
            else:  # the stock first
                assert lazy.stock == eager.stock
                assert lazy.result.next_pack == eager.result.next_pack
            assert lazy.result == eager.result and lazy.start == eager.start


def test_the_start_pack_is_the_pack_given_even_after_it_changes() -> None:
    """Rules D5, D6: start.pack is the pack as it was before the deal, rebuilt from the cards
    dealt and the stock, whatever happens to the caller's pack or the stock afterwards."""
    pack = Pack.shuffled(11)
    before = pack.copy()
    deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[20] * 3, pack=pack)
    pack.deal()
    pack.put_under([pack.deal()])  # the caller's pack changes; the record must not
    deal.apply("Ann fold")  # a hand goes under the stock (D5)
    assert deal.start.pack == before
    deal.apply("Bob bet 2")
    deal.apply("Cy fold")
    assert deal.over
    assert deal.start.pack == before and deal.start.pack is deal.start.pack
    assert deal.result.next_pack is not None and len(deal.result.next_pack) == 52


def test_a_pack_with_a_card_twice_is_refused_after_changes() -> None:
    """Rules D5, W1: a pack known whole is not counted again, but any change forgets that:
    a pack whose dealt card came back as another card is refused."""
    pack = Pack.shuffled(5)
    dealt = pack.deal()
    twin = pack.peek()[0]
    assert twin != dealt
    pack.put_under([twin])  # 52 cards, one of them twice
    with pytest.raises(RulesError, match="dealt twice"):
        Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], pack=pack)
    with pytest.raises(RulesError, match="dealt twice"):
        Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], pack=pack.copy())


def test_the_next_pack_deals_again_and_holds_every_card() -> None:
    """Rules D4, D5: deal after deal from the last deal's pack, every card is there once."""
    rules = Rules(max_bet=10)
    rng = random.Random(2)
    pack = Pack.shuffled(rng)
    names = ["Ann", "Bob", "Cy", "Di"]
    for i in range(30):
        deal = Deal(rules, players=names, dealer=names[i % 4], stacks=[40] * 4, pack=pack)
        random_play(deal, rng, lambda deal: None)
        result = deal.result
        assert result.next_pack is not None
        kept = list(result.retained_hand or ())
        assert sorted(result.next_pack.cards + tuple(kept)) == sorted(Pack.standard().cards)
        # (a blind winner keeps a hand, BL3: start afresh rather than carry it)
        pack = result.next_pack if result.retained is None else Pack.shuffled(rng)
