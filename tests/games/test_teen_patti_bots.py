"""Teen Patti's bots: every bot plays legally from its seat's view under any house rules, the
equity bot asks for and answers sideshows by its hand (TP5), and beats ``random`` and the naive
``always-chaal`` over a seeded match."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Verb
from bragkit.cards import parse_cards
from bragkit.games.teen_patti import TeenPatti
from bragkit.games.teen_patti_bots import (
    BOTS,
    AlwaysChaalBot,
    EquityBot,
    equity,
    make,
    match,
    percentile,
)
from bragkit.games.teen_patti_rules import VARIANTS, TeenPattiRules


@settings(max_examples=40, deadline=None)
@given(kinds=st.lists(st.sampled_from(sorted(BOTS)), min_size=2, max_size=5),
       variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32))
def test_every_bot_plays_legally_from_its_own_view(kinds: list[str], variant: str,
                                                   seed: int) -> None:
    rules = TeenPattiRules(variant=variant, pot_limit=64)
    players = [f"P{i}" for i in range(len(kinds))]
    game = TeenPatti(rules, players=players, dealer=players[-1], stacks=[60] * len(kinds),
                     rng=seed)
    bots = {p: make(k, rules=rules, seed=seed + i)
            for i, (p, k) in enumerate(zip(players, kinds, strict=True))}
    steps = 0
    while not game.over:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        assert action.player == seat and game.can_apply(action), action
        game.apply(action)
        steps += 1
        assert steps < 2000
    assert sum(game.stacks.values()) == 60 * len(kinds)


def test_percentile_and_equity_follow_the_variant_rules_tp1_tp8() -> None:
    trail = parse_cards("As Ah Ad")
    assert percentile(trail) > 0.999 and equity(trail, 3) > 0.99
    muflis = TeenPattiRules(variant="muflis")
    assert percentile(trail, muflis) < 0.001
    low = parse_cards("2c 3d 5h")
    assert equity(low, 1) < 0.01 and equity(low, 1, muflis) > 0.99
    # AK47: a king is wild, so K-Q-Q is a trail of queens
    assert percentile(parse_cards("Kc Qd Qh"), TeenPattiRules(variant="ak47")) > 0.9
    # joker: with a 5 turned, 5-J-J is a trail of jacks
    joker = TeenPattiRules(variant="joker")
    assert percentile(parse_cards("5c Jd Jh"), joker, parse_cards("5s")[0]) > 0.9
    assert percentile(parse_cards("5c Jd Jh"), joker) < 0.9


def three_seen(hands: dict[str, str]) -> TeenPatti:
    game = TeenPatti(players=list(hands), dealer="Cy", stacks=[50, 50, 50], hands=hands)
    for text in ["Ann look", "Ann bet 2", "Bob look", "Bob bet 2", "Cy look"]:
        game.apply(text)
    return game


def test_the_equity_bot_asks_for_a_sideshow_with_a_middling_hand_rule_tp5() -> None:
    game = three_seen({"Ann": "2s 5h 9c", "Bob": "Ks Kh 9d", "Cy": "Qc Qd 4h"})
    action = EquityBot().act(game.view("Cy"), game.legal_actions("Cy"))
    assert action.verb is Verb.SIDESHOW
    strong = three_seen({"Ann": "2s 5h 9c", "Bob": "Ks Kh 9d", "Cy": "Ac Ad Ah"})
    assert EquityBot().act(strong.view("Cy"), strong.legal_actions("Cy")).verb is Verb.BET
    weak = three_seen({"Ann": "2s 5h 9c", "Bob": "Ks Kh 9d", "Cy": "2c 3d 7h"})
    assert EquityBot().act(weak.view("Cy"), weak.legal_actions("Cy")).verb is Verb.FOLD


def test_the_equity_bot_accepts_a_sideshow_only_when_strong_rule_tp5() -> None:
    for bob, answer in (("Ks Kh 9d", Verb.ACCEPT), ("2c 3d 7h", Verb.DECLINE)):
        game = three_seen({"Ann": "2s 5h 9c", "Bob": bob, "Cy": "Qc Qd 4h"})
        game.apply("Cy sideshow")
        assert EquityBot().act(game.view("Bob"), game.legal_actions("Bob")).verb is answer
        assert AlwaysChaalBot().act(game.view("Bob"),
                                    game.legal_actions("Bob")).verb is Verb.DECLINE


def test_the_equity_bot_beats_random_and_always_chaal() -> None:
    for opponent in ("random", "always-chaal"):
        scores = match(["equity", opponent], deals=400, seed=3)
        assert [s.kind for s in scores] == ["equity", opponent]
        assert scores[0].net == -scores[1].net > 0
        assert scores[0].low > 0, scores  # the 95% interval is above zero


def test_the_bots_are_offered_through_the_players_registry_from_the_registry_entry() -> None:
    from bragkit.bots.players import ask, make_player, players

    kinds = players("teen-patti")
    assert {"random", "equity", "always-chaal"} <= set(kinds)
    assert "equity" in players("muflis") and "always-chaal" not in players("crash")
    bot = make_player("equity", game="teen-patti", seed=1)
    game = TeenPatti(players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20], rng=1)
    assert game.can_apply(ask(bot, game))
