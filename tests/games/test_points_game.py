"""The shell of the round-based point games: seats, the deal, the end of the game (rules N1, N2,
N5, N7 of Nine Card Brag; C1, C6 of Crash)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, Verb
from bragkit.cards import Card, Pack, format_cards
from bragkit.errors import IllegalActionError, InvalidActionError, InvalidCardError, RulesError
from bragkit.games import crash, nine_card
from bragkit.games.points_game import (
    CardsDealt,
    DealStarted,
    GameWon,
    check_players,
    deal_hands,
    fewest_payments,
    left_of,
    seats_from,
    shuffle,
    strategy_scores,
)
from bragkit.games.protocol import random_action
from bragkit.ledger import settle


@pytest.mark.parametrize("players, words", [
    (["Ann", " Bob"], "non-empty text"),
    (["Ann", ""], "non-empty text"),
    (["Ann", "Bo\nb"], "non-empty text"),
    (["Ann", "Ann"], "different name"),
    (["Ann"], r"1 players: this game takes 2 to 4 \(rule C1\)"),
    (["A", "B", "C", "D", "E"], r"5 players: this game takes 2 to 4 \(rule C1\)"),
])
def test_seats_are_checked_rule_c1(players: list[str], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        check_players(players, least=2, most=4, rule="C1")


def test_seats_go_clockwise_from_the_dealers_left() -> None:
    seats = ("Ann", "Bob", "Cat")
    assert [left_of(seats, p) for p in seats] == ["Bob", "Cat", "Ann"]
    assert seats_from(seats, "Cat") == ["Cat", "Ann", "Bob"]
    assert check_players(seats, least=2, most=3, rule="N1") == seats


def test_an_action_names_its_player_even_with_spaces() -> None:
    game = crash.CrashGame(players=["Mary", "Mary Ann"], dealer="Mary", rng=1)
    assert game.to_act == "Mary Ann"
    game.apply("Mary Ann arranges")  # C2: everything discarded
    assert game.actions[0] == Action(player="Mary Ann", verb=Verb.ARRANGES)
    with pytest.raises(InvalidActionError, match="no such player"):
        game.apply("Zed crash")
    with pytest.raises(InvalidActionError, match="empty action"):
        game.apply("   ")
    with pytest.raises(InvalidActionError, match="'plays' is not a verb of Crash"):
        game.apply("Mary plays As Ks Qs")  # a Nine Card Brag verb
    with pytest.raises(InvalidActionError, match="'fold' is not a verb of Crash"):
        game.apply(Action(player="Mary", verb=Verb.FOLD))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 11), st.integers(0, 2**32), st.integers(0, 10))
def test_a_pack_is_dealt_one_card_at_a_time_from_the_dealers_left_rule_n2(
        players: int, seed: int, dealer: int) -> None:
    """N2 (and C1): card k of the player i seats left of the dealer is the pack's card
    k * players + i; the pack as it was is returned for the record."""
    decks = 1 if players <= 5 else 2
    names = [f"P{i}" for i in range(players)]
    pack = Pack.shuffled(random.Random(seed), decks=decks)
    hands, before = deal_hands(pack, players=names, dealer=names[dealer % players], count=9,
                               decks=decks, rule="N2")
    assert before == pack.cards and len(pack) == 52 * decks  # the pack given is not used up
    order = seats_from(names, left_of(names, names[dealer % players]))
    for i, p in enumerate(order):
        assert hands[p] == tuple(pack.cards[k * players + i] for k in range(9))
    assert max(Counter(c for h in hands.values() for c in h).values()) <= decks


def test_given_hands_are_checked_rules_n1_n2_c1() -> None:
    names = ["Ann", "Bob"]
    hands, before = deal_hands({"Ann": "As Ks", "Bob": "2c 3c"}, players=names, dealer="Bob",
                               count=2, decks=1, rule="C1")
    assert before is None and format_cards(hands["Bob"]) == "2c 3c"
    bad = [
        ({"Ann": "As Ks"}, "no hand for Bob"),
        ({"Ann": "As Ks", "Bob": "2c 3c", "Cat": "4c 5c"}, "not at the table: Cat"),
        ({"Ann": "As Ks", "Bob": "2c"}, r"Bob must hold 2 cards without jokers \(rule C1\)"),
        ({"Ann": "As Jk", "Bob": "2c 3c"}, "without jokers"),
        ({"Ann": "As Ks", "Bob": "As 3c"}, "As dealt more often than the 1 pack"),
    ]
    for given_hands, words in bad:
        with pytest.raises(InvalidCardError, match=words):
            deal_hands(given_hands, players=names, dealer="Bob", count=2, decks=1, rule="C1")
    two, _ = deal_hands({"Ann": "As Ks", "Bob": "As 3c"}, players=names, dealer="Bob", count=2,
                        decks=2, rule="N1")  # N1: with two packs a card may be dealt twice
    assert two["Bob"][0] == Card.parse("As")
    with pytest.raises(InvalidCardError, match="too few to deal"):
        deal_hands(Pack.standard(), players=names, dealer="Bob", count=27, decks=1, rule="N2")
    with pytest.raises(InvalidCardError, match="1 standard pack"):
        deal_hands(Pack.standard(decks=2), players=names, dealer="Bob", count=2, decks=1,
                   rule="N2")


def test_both_games_log_the_same_shell_operations() -> None:
    """The deal and the end of the game are logged alike in both games (N2, N7; C1, C6)."""
    assert nine_card.DealStarted is crash.DealStarted is DealStarted
    assert nine_card.GameWon is crash.GameWon is GameWon
    assert issubclass(crash.HandsDealt, CardsDealt) and nine_card.CardsDealt is CardsDealt
    assert issubclass(crash.DealEnded, nine_card.DealEnded)


@pytest.mark.parametrize("game_type, rule, action", [
    (nine_card.NineCardGame, "N5", "Ann plays As Ks Qs"),
    (crash.CrashGame, "C6", "Ann pass"),
])
def test_listed_deals_run_out_then_the_game_waits_rules_n5_c6(
        game_type: type[nine_card.NineCardGame] | type[crash.CrashGame], rule: str,
        action: str) -> None:
    game = game_type(players=["Ann", "Bob"], dealer="Bob", deals=[])
    assert game.awaiting_deal and game.to_act is None and game.deal_number == 0
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert error.value.rule == rule and "no deal is in play" in str(error.value)
    game.start_deal(Pack.shuffled(random.Random(1)))
    assert not game.awaiting_deal and game.deal_number == 1 and game.to_act == "Ann"
    assert game.dealer == "Bob" and isinstance(game.operations[0], DealStarted)
    with pytest.raises(IllegalActionError) as again:
        game.start_deal()
    assert again.value.rule == rule


@pytest.mark.parametrize("stake", [0, 1, 3])
def test_the_loser_pays_the_stake_for_every_point_behind_rule_n7(stake: int) -> None:
    rules = nine_card.NineCardRules(target=5, stake=stake)
    game = nine_card.NineCardGame(rules, players=["Ann", "Bob", "Cat"], rng=7)
    rng = random.Random(7)
    while not game.over:
        game.apply(random_action(game, rng))
    result = game.result
    assert result is not None and result.winner == game.winner
    best = result.scores[result.winner]
    assert best >= 5 and sorted(result.scores.values()).count(best) == 1
    for p, s in result.scores.items():
        if p != result.winner:
            assert result.nets[p] == -stake * (best - s)
    assert sum(result.nets.values()) == 0
    won = game.operations[-1]
    assert isinstance(won, GameWon) and dict(won.nets) == dict(result.nets)


def test_strategy_scores_average_the_heros_points() -> None:
    seen: list[tuple[list[str], str]] = []

    def new_game(names: list[str], dealer: str, rng: random.Random) -> crash.CrashGame:
        seen.append((names, dealer))
        return crash.CrashGame(crash.CrashRules(target=10**9), players=names, dealer=dealer,
                               deals=[Pack.shuffled(rng)])

    def move(game: crash.CrashGame, plan: str) -> Action:
        return crash.strong_action(game, strategy="greedy")

    scores = strategy_scores(new_game, move, ["greedy"], players=2, deals=4, seed=3)
    assert [d for _, d in seen] == ["P2", "P1", "P2", "P1"]  # the seat moves round the table
    assert 0 <= scores["greedy"] <= 4
    assert scores == strategy_scores(new_game, move, ["greedy"], players=2, deals=4, seed=3)


class _Drawn(random.Random):
    """A random source of its own kind: the fast shuffle must defer to its ``shuffle``."""

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        x.reverse()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64), decks=st.sampled_from([1, 2]))
def test_the_fast_shuffle_deals_what_random_shuffle_deals_rules_n5_c6(seed: int,
                                                                       decks: int) -> None:
    # every deal is shuffled (N5, C6); a seeded game must deal the cards Pack.shuffle deals
    cards = list(Pack.standard(decks=decks).cards)
    expected = list(cards)
    random.Random(seed).shuffle(expected)
    shuffle(cards, random.Random(seed))
    assert cards == expected
    own = list(Pack.standard().cards)
    shuffle(own, _Drawn(seed))
    assert own == list(reversed(Pack.standard().cards))


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.integers(-50, 50), min_size=1, max_size=6))
def test_fewest_payments_are_the_ledgers_settlement_rule_n7(values: list[int]) -> None:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"][:len(values) + 1]
    nets = dict(zip(names, [*values, -sum(values)], strict=True))
    assert fewest_payments(nets) == settle(nets)


def test_one_winner_is_paid_by_each_loser_directly_rule_n7() -> None:
    nets = {"Dan": -4, "Ann": 9, "Cat": -5, "Bob": 0}
    assert [str(p) for p in fewest_payments(nets)] == ["Cat pays Ann 5", "Dan pays Ann 4"]
    assert [str(p) for p in fewest_payments({"Dan": 4, "Ann": -9, "Cat": 5})] == [
        "Ann pays Cat 5", "Ann pays Dan 4"]
    assert fewest_payments({"Ann": 0, "Bob": 0}) == []
