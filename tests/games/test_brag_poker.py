"""3 Card Brag Poker (rules P1–P5): blinds, fixed-limit rounds, the draw, half-price calls."""

from __future__ import annotations

import contextlib
import json
import random
import re
import tomllib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import BragError, IllegalActionError, NotationError, RulesError
from bragkit.games.brag_poker import (
    BragPoker,
    BragPokerRules,
    read_brag_poker,
    replay_brag_poker,
    write_brag_poker,
)
from bragkit.games.protocol import random_action
from bragkit.games.stake_game import StakeGame
from bragkit.games.stake_operations import Acted, Dealt, Posted, Shown
from bragkit.records import replayer_for

HANDS = {"Ann": "Qs Qh 4d", "Bob": "9c 7d 2h", "Cat": "As Ks 5s"}


def poker(hands: dict[str, str] | None = None, *, dealer: str = "Cat", stacks: int = 40,
          top: str = "", rules: BragPokerRules | None = None, **kw: Any) -> BragPoker:
    hands = dict(HANDS if hands is None else hands)
    stock = None
    if top:
        used = set(parse_cards(" ".join(hands.values()))) | set(parse_cards(top))
        stock = format_cards(parse_cards(top) + tuple(c for c in Pack.standard()
                                                      if c not in used))
    return BragPoker(rules, players=list(hands), dealer=dealer, stacks=[stacks] * len(hands),
                     hands=hands, stock=stock, **kw)


def play(game: StakeGame, *texts: str) -> StakeGame:
    for text in texts:
        game.apply(text)
    return game


def snapshot(game: BragPoker) -> tuple[Any, ...]:
    return (len(game.operations), game.stacks, dict(game.money.pots), game.to_act, game.phase,
            sorted(game.looked), json.dumps(game.view(None).to_dict(), sort_keys=True),
            {p: list(h) for p, h in game.hands.items()}, len(game.pack))


def options(game: BragPoker, player: str | None = None) -> list[str]:
    return [str(o) for o in game.legal_actions(player or game.to_act)]


# -- P1: blinds -------------------------------------------------------------------------------

def test_small_and_big_blinds_left_of_the_dealer_rule_p1() -> None:
    game = poker(rules=BragPokerRules(small_blind=2, big_blind=5))
    posted = [op for op in game.operations if isinstance(op, Posted)]
    assert [(op.player, op.amount, op.reason) for op in posted] == [
        ("Ann", 2, "small blind"), ("Bob", 5, "big blind")]
    assert game.stacks == {"Ann": 38, "Bob": 35, "Cat": 40} and game.money.pots["pot"] == 7
    # dealt after the blinds, three each from the dealer's left
    dealt = [op.player for op in game.operations if isinstance(op, Dealt)]
    assert dealt == ["Ann", "Bob", "Cat"] * 3
    assert game.to_act == "Cat"  # left of the big blind


def test_heads_up_the_dealer_is_the_big_blind_rule_p1() -> None:
    game = poker({"Ann": "Qs Qh 4d", "Bob": "9c 7d 2h"}, dealer="Bob")
    assert (game.small_blind, game.big_blind, game.to_act) == ("Ann", "Bob", "Ann")


def test_a_player_who_cannot_post_a_blind_is_refused_rule_p1() -> None:
    with pytest.raises(RulesError, match="P1"):
        BragPoker(players=["Ann", "Bob", "Cat"], dealer="Cat", stacks=[0, 40, 40], rng=1)
    with pytest.raises(RulesError, match="P3"):
        BragPoker(players=[f"P{i}" for i in range(9)], dealer="P0", stacks=[9] * 9, rng=1)
    for bad in [dict(small_blind=0), dict(small_blind=3, big_blind=2), dict(max_raises=-1),
                dict(half_price=1), dict(big_blind="2")]:
        with pytest.raises(RulesError):
            BragPokerRules(**bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown"):
        BragPokerRules.from_dict({"ante": 1})


# -- P2: the first round ----------------------------------------------------------------------

def test_first_round_fixed_bets_of_twice_the_big_blind_rule_p2() -> None:
    game = poker()
    play(game, "Ann look", "Bob look", "Cat look")
    assert options(game) == ["Cat drop", "Cat call 2", "Cat raise 4"]
    with pytest.raises(IllegalActionError) as error:
        game.apply("Cat raise 2")
    assert error.value.rule == "P2"
    with pytest.raises(IllegalActionError) as error:
        game.apply("Cat bet 4")  # the big blind is the round's bet
    assert error.value.rule == "P2"
    play(game, "Cat raise 4")
    assert game.betting.highest == 6
    assert options(game) == ["Ann drop", "Ann call 5", "Ann raise 4"]


def test_big_blind_may_check_or_raise_when_only_called_rule_p2() -> None:
    game = poker()
    play(game, "Ann look", "Bob look", "Cat look", "Cat call", "Ann call")
    assert game.to_act == "Bob"
    assert options(game) == ["Bob drop", "Bob check", "Bob raise 4"]
    play(game, "Bob check")
    assert game.phase == "draw" and game.money.pots["pot"] == 6


def test_three_raises_while_more_than_two_are_in_rule_p2() -> None:
    game = poker(stacks=100)
    play(game, "Ann look", "Bob look", "Cat look")
    play(game, "Cat raise 4", "Ann raise 4", "Bob raise 4")
    assert game.betting.raises == 3
    assert options(game) == ["Cat drop", "Cat call 8"]
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply("Cat raise 4")
    assert error.value.rule == "P2" and snapshot(game) == before
    play(game, "Cat drop")  # two left: no cap any more
    assert options(game) == ["Ann drop", "Ann call 4", "Ann raise 4"]
    play(game, "Ann raise 4", "Bob raise 4", "Ann raise 4", "Bob call")
    assert game.phase == "draw" and game.betting.raises == 6


def test_no_cap_when_the_rules_say_so() -> None:
    game = poker(stacks=100, rules=BragPokerRules(max_raises=None))
    play(game, "Ann look", "Bob look", "Cat look")
    for name in ["Cat", "Ann", "Bob", "Cat", "Ann"]:
        play(game, f"{name} raise 4")
    assert game.betting.raises == 5


def test_everyone_dropping_ends_the_deal_unseen() -> None:
    game = poker()
    play(game, "Cat drop", "Ann drop")
    assert game.over and game.winners == {"Bob": 3} and not game.shown
    assert game.stacks == {"Ann": 39, "Bob": 41, "Cat": 40}


# -- P3: the draw -----------------------------------------------------------------------------

def drawn_game(**kw: Any) -> BragPoker:
    game = poker(top="Qd 3c 8h 2c", **kw)
    play(game, "Ann look", "Bob look", "Cat look", "Cat call", "Ann call", "Bob check")
    return game


def test_draw_none_to_three_with_replacements_from_the_top_rule_p3() -> None:
    game = drawn_game()
    assert game.phase == "draw" and game.to_act == "Ann"  # from the dealer's left
    assert len(options(game)) == 8 + 0  # every subset of three cards: 1 + 3 + 3 + 1
    play(game, "Ann draw 1 4d")
    assert game.hands["Ann"] == list(parse_cards("Qs Qh Qd"))
    play(game, "Bob draw 3 9c 7d 2h")
    assert game.hands["Bob"] == list(parse_cards("3c 8h 2c"))
    assert game.discards["Bob"] == list(parse_cards("9c 7d 2h"))
    play(game, "Cat draw 0")
    assert game.phase == "second round" and game.drawn == {"Ann": 1, "Bob": 3, "Cat": 0}


def test_discards_must_be_held_and_named_rule_p3() -> None:
    game = drawn_game()
    for text in ["Ann draw 1 9c", "Ann draw 2", "Bob draw 0", "Ann draw", "Ann call",
                 "Ann draw 1 Qs Qh"]:
        before = snapshot(game)
        with pytest.raises(BragError) as error:
            game.apply(text)
        assert snapshot(game) == before
        if isinstance(error.value, IllegalActionError):
            assert error.value.rule in {"P3", "B11"}


def test_discards_are_face_down_to_the_others_rule_p3() -> None:
    game = drawn_game()
    play(game, "Ann draw 1 4d")
    assert game.view("Bob").history[-1] == "Ann draw 1"
    assert game.view("Ann").history[-1] == "Ann draw 1 4d"
    assert game.view("Bob").extra["drawn"] == {"Ann": 1}
    assert game.view("Bob").cards["Ann"] == (None, None, None)


# -- P4: the second round and the showdown ----------------------------------------------------

def test_second_round_twice_as_big_from_the_dealers_left_rule_p4() -> None:
    game = drawn_game()
    play(game, "Ann draw 0", "Bob draw 0", "Cat draw 0")
    assert game.to_act == "Ann"
    assert options(game) == ["Ann drop", "Ann check", "Ann bet 8"]
    with pytest.raises(IllegalActionError) as error:
        game.apply("Ann bet 4")
    assert error.value.rule == "P4"
    play(game, "Ann bet 8", "Bob raise 8", "Cat raise 8", "Ann raise 8")
    assert options(game) == ["Bob drop", "Bob call 16"]  # three raises, three players in
    with pytest.raises(IllegalActionError) as error:
        game.apply("Bob raise 8")
    assert error.value.rule == "P4"


def test_showdown_in_the_standard_brag_order_rule_p4() -> None:
    # a run beats a flush in Brag (H2), and the prial of threes is the best hand (H3)
    for hands, winner in [({"Ann": "4h 5c 6d", "Bob": "Ks 9s 2s", "Cat": "Qd Jh 2c"}, "Ann"),
                          ({"Ann": "As Ah Ad", "Bob": "3s 3h 3d", "Cat": "Qd Jh 2c"}, "Bob")]:
        game = poker(hands)
        play(game, "Cat call", "Ann call", "Bob check", "Ann draw 0", "Bob draw 0", "Cat draw 0",
             "Ann check", "Bob check", "Cat check")
        assert game.over and set(game.shown) == {"Ann", "Bob", "Cat"}
        assert list(game.winners) == [winner]


@pytest.mark.parametrize("dealer, odd", [("Cat", "Ann"), ("Ann", "Bob")])
def test_ties_split_odd_chip_nearest_the_dealers_left_rule_p4(dealer: str, odd: str) -> None:
    hands = {"Ann": "7s 7h Qc", "Bob": "7c 7d Qd", "Cat": "2s 4h 9c"}
    game = poker(hands, dealer=dealer)
    first = game.to_act
    assert first is not None
    # the player who has not looked calls the big blind for half price: an odd pot
    order = game.order_from(first)
    play(game, f"{order[0]} call")
    play(game, f"{order[1]} call" if order[1] == game.small_blind else f"{order[1]} check")
    if game.phase != "draw":
        play(game, f"{order[2]} check")
    for name in game.deal_order:
        play(game, f"{name} draw 0")
    for name in game.deal_order:
        play(game, f"{name} check")
    pot = sum(game.winners.values())
    assert pot % 2 == 1 and set(game.winners) == {"Ann", "Bob"}
    assert game.winners[odd] == pot // 2 + 1


# -- P5: playing without looking --------------------------------------------------------------

def test_half_price_calls_until_they_look_rule_p5() -> None:
    game = poker()
    assert options(game) == ["Cat drop", "Cat call 1", "Cat look"]  # half of 2
    play(game, "Cat call")
    assert game.stacks["Cat"] == 39 and game.betting.levels["Cat"] == 2
    play(game, "Ann look", "Ann raise 4")
    assert options(game) == ["Bob drop", "Bob call 2", "Bob look"]  # half of 4
    play(game, "Bob look")
    assert options(game) == ["Bob drop", "Bob call 4", "Bob raise 4"]  # full price now


def test_half_price_rounds_up_rule_p5() -> None:
    game = poker(rules=BragPokerRules(small_blind=1, big_blind=3))
    assert options(game) == ["Cat drop", "Cat call 2", "Cat look"]
    full = poker(rules=BragPokerRules(half_price=False))
    assert options(full) == ["Cat drop", "Cat call 2", "Cat look"]


def test_a_player_who_has_not_looked_cannot_raise_or_discard_rule_p5() -> None:
    game = poker()
    with pytest.raises(IllegalActionError) as error:
        game.apply("Cat raise 4")
    assert error.value.rule == "P5"
    play(game, "Cat call", "Ann call", "Bob check")
    assert options(game) == ["Ann draw 0", "Ann look"]
    with pytest.raises(IllegalActionError) as error:
        game.apply("Ann draw 1 Qs")
    assert error.value.rule == "P5"
    play(game, "Ann look", "Ann draw 1 4d")


def test_looking_early_or_at_ones_own_turn_only_rule_p5() -> None:
    game = poker()
    assert "Bob look" in [str(o) for o in game.legal_actions()]  # before the first action
    play(game, "Bob look", "Cat call")
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply("Bob look")
    assert error.value.rule == "P5"  # already looked
    assert game.to_act == "Ann"
    play(game, "Ann look")  # at her own turn
    with pytest.raises(IllegalActionError) as error:
        play(game, "Cat look")
    assert error.value.rule == "BL5"
    assert snapshot(game) != before


def test_a_player_who_has_not_looked_sees_none_of_their_cards_rule_p5() -> None:
    game = poker()
    view = game.view("Cat")
    assert view.cards["Cat"] == (None, None, None)
    assert "Cat" not in view.looked
    assert not _CARD_RE.findall(json.dumps(view.to_dict()))
    play(game, "Cat look")
    assert game.view("Cat").cards["Cat"] == parse_cards("As Ks 5s")
    assert game.view("Ann").cards["Cat"] == (None, None, None)


# -- views, records, replay -------------------------------------------------------------------

_CARD_RE = re.compile(r"\b[2-9TJQKA][shdc]\b")


def allowed_cards(game: BragPoker, viewer: str | None) -> set[Card]:
    """Worked out from the operation log: shown hands, and one's own cards after looking."""
    allowed: set[Card] = set()
    looked = False
    for op in game.operations:
        if isinstance(op, Acted) and op.action.player == viewer:
            looked = looked or op.action.verb.value == "look"
    for op in game.operations:
        if isinstance(op, Dealt) and op.player == viewer and looked:
            allowed.add(op.card)
        elif isinstance(op, Shown):
            allowed.update(op.cards)
    return allowed


def check_views(game: BragPoker) -> None:
    for viewer in [None, *game.players]:
        allowed = allowed_cards(game, viewer)
        view = game.view(viewer)
        for cards in view.cards.values():
            assert {c for c in cards if c is not None} <= allowed
        text = json.dumps(view.to_dict())
        assert {Card.parse(t) for t in _CARD_RE.findall(text)} <= allowed, viewer
        if viewer is not None and viewer not in game.looked and viewer not in game.shown:
            assert set(view.cards[viewer]) <= {None}


def check_cards(game: BragPoker) -> None:
    everything = [c for h in game.hands.values() for c in h]
    everything += [c for d in game.discards.values() for c in d] + list(game.pack)
    assert len(everything) == 52 and len(set(everything)) == 52


def test_record_round_trip_and_replay() -> None:
    game = drawn_game(rules=BragPokerRules(max_raises=2))
    play(game, "Ann draw 1 4d", "Bob draw 3 9c 7d 2h", "Cat draw 0", "Ann bet 8", "Bob drop",
         "Cat call")
    text = write_brag_poker(game)
    assert 'format = "brag-poker/1"' in text and "max_raises = 2" in text
    assert "variant" not in text
    replay = read_brag_poker(text)
    assert replay.to_toml() == text
    out = replay.to_json()
    # blinds 1 + 2, Cat's call of 2 and Ann's 1 make 6; then Ann's 8 and Cat's 8
    assert out == {"over": True, "stacks": game.stacks, "winners": {"Ann": 22},
                   "shown": {"Ann": "Qs Qh Qd", "Cat": "As Ks 5s"}, "pot": 22}
    assert "Ann draws 1 card, discarding 4d" in replay.describe()  # words, not the record
    document = tomllib.loads(text)
    assert replayer_for(document)(document).to_json() == out


def test_an_unfinished_record_replays() -> None:
    game = poker()
    play(game, "Cat call")
    replay = read_brag_poker(write_brag_poker(game))
    assert replay.to_json()["over"] is False and "Ann to act" in replay.describe()


BASE = """format = "brag-poker/1"
players = ["Ann", "Bob", "Cat"]
dealer = "Cat"
stacks = [40, 40, 40]
actions = ["Cat look", "Cat raise 4", "Ann call", "Bob raise 3"]

[cards]
hands = { Ann = "Qs Qh 4d", Bob = "9c 7d 2h", Cat = "As Ks 5s" }
"""


def test_replay_names_the_illegal_action() -> None:
    with pytest.raises(IllegalActionError) as error:
        read_brag_poker(BASE)
    assert str(error.value) == ('action 4 "Bob raise 3": Bob has not looked: look first to raise'
                                " (rule P5)")


@pytest.mark.parametrize("old, new, message", [
    ('"Bob raise 3"', '"Bob raise"', 'action 4 "Bob raise": raise needs one whole amount'),
    ('format = "brag-poker/1"', 'format = "brag-poker/9"', "not supported"),
    ('dealer = "Cat"', 'dealer = "Cat"\nvariant = "x"', "unknown key"),
    ("[cards]", "[rules]\nbig_blind = 0\n\n[cards]", "big_blind"),
    ('Cat = "As Ks 5s"', 'Cat = "As Ks"', "3 cards"),
    ('hands = {', 'pack = "As Ks"\nhands = {', "not both"),
    ('stacks = [40, 40, 40]', 'stacks = [0, 40, 40]', "P1"),
])
def test_replay_refuses_bad_records(old: str, new: str, message: str) -> None:
    assert old in BASE
    with pytest.raises(NotationError, match=message):
        read_brag_poker(BASE.replace(old, new))


def test_replay_from_the_command_line(tmp_path: Any) -> None:
    replay_cli = pytest.importorskip("bragkit.cli.replay")
    from typer.testing import CliRunner

    from bragkit.cli._app import app

    assert replay_cli is not None
    good = tmp_path / "deal.toml"
    game = drawn_game()
    play(game, "Ann draw 0", "Bob draw 0", "Cat draw 0", "Ann bet 8", "Bob drop", "Cat drop")
    good.write_text(write_brag_poker(game), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(good), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["winners"] == {"Ann": 14}
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE, encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert 'action 4 "Bob raise 3"' in result.stderr and "P5" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


# -- Hypothesis: random play under random rules -----------------------------------------------

@st.composite
def poker_tables(draw: st.DrawFn) -> tuple[BragPokerRules, list[str], list[int], int]:
    small = draw(st.integers(1, 3))
    rules = BragPokerRules(small_blind=small, big_blind=draw(st.integers(small, 4)),
                           max_raises=draw(st.none() | st.integers(0, 3)),
                           half_price=draw(st.booleans()))
    n = draw(st.integers(2, 8))
    stacks = draw(st.lists(st.integers(0, 80), min_size=n, max_size=n))
    # the dealer sits last, so P0 and P1 post the blinds (heads-up, P1 is the dealer)
    stacks[0] = max(stacks[0], rules.small_blind)
    stacks[1] = max(stacks[1], rules.big_blind)
    return rules, [f"P{i}" for i in range(n)], stacks, draw(st.integers(0, 2**32))


CANDIDATES = ["drop", "check", "call", "bet 4", "bet 8", "raise 2", "raise 4", "raise 8",
              "look", "draw 0", "draw 1 As", "draw", "stand"]


@settings(max_examples=80, deadline=None)
@given(poker_tables())
def test_random_games_keep_every_invariant(table: tuple[Any, ...]) -> None:
    """P1–P5: chips conserved, no card in two places, views leak nothing (a player who has not
    looked sees none of their own cards), apply agrees with can_apply and an illegal action
    changes nothing, every game ends, the record round-trips."""
    rules, players, stacks, seed = table
    rng = random.Random(seed)
    # the dealer sits last, so P0 and P1 post the blinds
    game = BragPoker(rules, players=players, dealer=players[-1], stacks=stacks, rng=seed)
    total = sum(stacks)
    for _ in range(2000):
        if game.over:
            break
        candidate = f"{rng.choice(players)} {rng.choice(CANDIDATES)}"
        if rng.random() < 0.3 and game.legal_actions():
            candidate = str(random_action(game, rng))
        before = snapshot(game)
        if game.can_apply(candidate):
            game.apply(candidate)
        else:
            with pytest.raises(BragError):
                game.apply(candidate)
            assert snapshot(game) == before
            game.apply(random_action(game, rng))
        assert game.money.chips() == total
        check_cards(game)
        check_views(game)
    assert game.over and not game.legal_actions()
    assert sum(game.stacks.values()) == total and not any(game.money.pots.values())
    text = write_brag_poker(game)
    replay = read_brag_poker(text)
    assert replay.to_toml() == text and replay.to_json()["stacks"] == game.stacks


def test_replay_refuses_only_with_brag_errors() -> None:
    """Mutated records are refused with a BragError, never another exception."""
    rng = random.Random(5)
    for _ in range(200):
        text = BASE.replace('"Bob raise 3"', '"Bob call"')
        lines = text.splitlines()
        i = rng.randrange(len(lines))
        j = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:j] + rng.choice(['"', "1", "x", " ", "]", "-", "As", "=", ""]) + \
            lines[i][j + 1:]
        try:
            document = tomllib.loads("\n".join(lines))
        except tomllib.TOMLDecodeError:
            continue
        with contextlib.suppress(BragError):
            replay_brag_poker(document)
