"""Nine Card Brag (RULES.md N1–N7): the engine, its views, bots and records."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, Verb
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import IllegalActionError, InvalidActionError, NotationError, RulesError
from bragkit.games.nine_card import (
    VERBS,
    CardsDealt,
    DealStarted,
    NineCardGame,
    NineCardRecord,
    NineCardRules,
    RoundScored,
    strong_action,
)
from bragkit.games.protocol import random_action
from bragkit.ledger import settle
from bragkit.records import replayer_for

THREE = ["Ann", "Bob", "Cat"]
HANDS = {
    "Ann": "As Ah Ad Kc Qc Jc 7h 7s 2d",
    "Bob": "9s 9h 9d 5c 6c 7c Ks Kh 2s",
    "Cat": "Ts Jd Qs 4h 4d 4c 8h 8d 3s",
}


def new_game(hands: dict[str, str] | None = None, *, dealer: str = "Cat",
             rules: NineCardRules | None = None, players: list[str] | None = None
             ) -> NineCardGame:
    return NineCardGame(rules, players=players or THREE, dealer=dealer,
                        deals=[hands or HANDS])


def snapshot(game: NineCardGame) -> tuple[object, ...]:
    return (game.operations, game.scores, game.to_act, game.round,
            {p: game.hand(p) for p in game.players}, game.view("Ann").to_dict())


def refuse(game: NineCardGame, action: str, rule: str) -> IllegalActionError:
    before = snapshot(game)
    assert not game.can_apply(action)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert error.value.rule == rule
    assert snapshot(game) == before  # state unchanged
    return error.value


# --- N1, N2: players, packs, the deal ----------------------------------------------------------


def test_n1_one_pack_for_two_to_five_two_for_six_to_eleven() -> None:
    rules = NineCardRules()
    assert [rules.decks_for(n) for n in (2, 5, 6, 11)] == [1, 1, 2, 2]
    for n in (1, 12):
        with pytest.raises(RulesError):
            rules.decks_for(n)
    with pytest.raises(RulesError):
        NineCardGame(NineCardRules(decks=1), players=[f"p{i}" for i in range(6)], rng=1)
    game = NineCardGame(players=[f"p{i}" for i in range(11)], rng=1)
    assert game.decks == 2
    dealt = Counter(c for p in game.players for c in game.hand(p))
    assert sum(dealt.values()) == 99 and max(dealt.values()) <= 2


def test_n2_nine_cards_one_at_a_time_from_the_dealers_left() -> None:
    pack = Pack.standard()
    game = NineCardGame(players=THREE, dealer="Cat", deals=[pack])
    top = pack.cards
    assert game.hand("Ann") == top[0:27:3]  # Ann is left of the dealer
    assert game.hand("Bob") == top[1:27:3]
    assert game.hand("Cat") == top[2:27:3]
    assert len(pack) == 52  # the caller's pack is not consumed


def test_n2_first_dealer_cut_and_deal_rotates_clockwise() -> None:
    first = NineCardGame(players=THREE, rng=7).dealer
    assert first == NineCardGame(players=THREE, rng=7).dealer  # the cut is seeded
    game = NineCardGame(players=THREE, dealer="Bob", rng=3)
    while not game.over:
        game.apply(strong_action(game, strategy="greedy"))
    starts = [op for op in game.operations if isinstance(op, DealStarted)]
    assert len(starts) >= 3
    assert [op.dealer for op in starts] == [THREE[(1 + i) % 3] for i in range(len(starts))]


# --- N3, N4: sets of three, leading, points ----------------------------------------------------


def test_n3_a_set_is_three_cards() -> None:
    game = new_game()
    refuse(game, "Ann plays As Ah", "N3")
    refuse(game, "Ann plays As Ah Ad Kc", "N3")


def test_n4_left_of_dealer_leads_and_others_follow_in_turn() -> None:
    game = new_game()
    assert game.to_act == "Ann"
    refuse(game, "Bob plays 9s 9h 9d", "N4")
    game.apply("Ann plays As Ah Ad")
    assert game.to_act == "Bob"
    refuse(game, "Cat plays 4h 4d 4c", "N4")


def test_n2_cannot_play_cards_not_held() -> None:
    game = new_game()
    refuse(game, "Ann plays 9s 9h 9d", "N2")


def test_n4_points_three_two_one() -> None:
    game = new_game()
    for action in ["Ann plays As Ah Ad", "Bob plays 9s 9h 9d", "Cat plays 4h 4d 4c"]:
        game.apply(action)
    assert game.scores == {"Ann": 3, "Bob": 2, "Cat": 1}
    last = [op for op in game.operations if isinstance(op, RoundScored)][-1]
    assert last.ranking == ("Ann", "Bob", "Cat") and last.points == (3, 2, 1)


def test_n4_two_players_score_three_and_two_four_players_three_two_one_nought() -> None:
    rules = NineCardRules()
    assert rules.points_for(2) == (3, 2)
    assert rules.points_for(4) == (3, 2, 1, 0)
    game = NineCardGame(players=["Ann", "Bob"], dealer="Bob",
                        deals=[{"Ann": HANDS["Ann"], "Bob": HANDS["Bob"]}])
    game.apply("Ann plays As Ah Ad")
    game.apply("Bob plays 9s 9h 9d")
    assert game.scores == {"Ann": 3, "Bob": 2}


def test_n3_nine_card_order_in_play_a23_is_the_lowest_run() -> None:
    hands = {"Ann": "As 2d 3c Kh Kd Ks 5h 5d 5c", "Bob": "4s 3h 2c Qh Qd Qs 6h 6d 6c",
             "Cat": "9s 9h 7d Jh 8d 6s Tc 4c 2h"}
    game = new_game(hands)
    game.apply("Ann plays As 2d 3c")  # a run, but A-2-3 is the lowest (N3) ...
    game.apply("Bob plays 4s 3h 2c")  # ... so 4-3-2 beats it
    game.apply("Cat plays 9s 9h 7d")
    assert game.scores == {"Ann": 2, "Bob": 3, "Cat": 1}


# --- N5: the winner leads, three rounds a deal -------------------------------------------------


def test_n5_round_winner_leads_next_and_three_rounds_make_a_deal() -> None:
    game = new_game()
    game.apply("Ann plays Kc Qc Jc")
    game.apply("Bob plays 9s 9h 9d")
    game.apply("Cat plays 4h 4d 4c")
    assert game.to_act == "Bob" and game.round == 2  # Bob's prial of nines won
    refuse(game, "Ann plays As Ah 7h", "N5")
    game.apply("Bob plays 7c 6c 5c")
    game.apply("Cat plays Qs Jd Ts")
    game.apply("Ann plays As Ah 7h")
    assert game.scores == {"Ann": 2, "Bob": 6, "Cat": 4}
    assert game.to_act == "Bob" and game.round == 3
    game.apply("Bob plays Ks Kh 2s")
    game.apply("Cat plays 8h 8d 3s")
    game.apply("Ann plays Ad 7s 2d")
    assert game.deal_number == 1 and game.awaiting_deal  # the listed deals ran out
    assert game.to_act is None and sum(game.scores.values()) == 18
    game.start_deal()
    assert game.deal_number == 2 and game.dealer == "Ann" and game.to_act == "Bob"
    assert all(len(game.hand(p)) == 9 for p in THREE)


# --- N6: descending strength, fixed sets, re-sorting --------------------------------------------


def test_n6_a_set_may_not_beat_the_players_previous_set() -> None:
    game = new_game()
    game.apply("Ann plays Kc Qc Jc")  # a running flush first; the prial of aces now beats it
    game.apply("Bob plays 9s 9h 9d")
    game.apply("Cat plays 4h 4d 4c")
    game.apply("Bob plays 7c 6c 5c")
    game.apply("Cat plays Qs Jd Ts")
    error = refuse(game, "Ann plays As Ah Ad", "N6")
    assert "beats Ann's previous set" in str(error)
    game.apply("Ann plays As Ah 7h")


def test_n6_a_played_set_is_fixed() -> None:
    game = new_game()
    for action in ["Ann plays As Ah Ad", "Bob plays 9s 9h 9d", "Cat plays 4h 4d 4c"]:
        game.apply(action)
    error = refuse(game, "Ann plays As Kc Qc", "N6")
    assert "already played" in str(error)


def test_n6_the_rest_must_still_go_below() -> None:
    game = new_game()
    error = refuse(game, "Ann plays 7h 7s 2d", "N6")
    assert "cannot all be played below it" in str(error)


def test_n6_unplayed_cards_may_be_resorted() -> None:
    """Ann planned As Ah Ad | Kc Qc Jc | 7h 7s 2d, but after round 1 splits differently."""
    game = new_game()
    for action in ["Ann plays As Ah Ad", "Bob plays 9s 9h 9d", "Cat plays 4h 4d 4c"]:
        game.apply(action)
    game.apply("Ann plays Kc 7h 7s")  # a pair of sevens: breaking the running flush
    assert game.hand("Ann") == parse_cards("Qc Jc 2d")


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 11))
def test_n6_legal_actions_are_exactly_the_playable_sets(seed: int, players: int) -> None:
    """Every listed action applies, and no other set does (checked over a whole deal)."""
    rng = random.Random(seed)
    game = NineCardGame(players=[f"p{i}" for i in range(players)], rng=rng)
    while game.deal_number == 1 and not game.over:
        who = game.to_act
        assert who is not None
        [option] = game.legal_actions()
        legal = {frozenset(Counter(a.cards).items()) for a in option.choices or ()}
        assert legal  # rule N6 [decision]: a player can always finish the deal
        hand = game.hand(who)
        sample = {tuple(rng.sample(hand, 3)) for _ in range(6)}
        for trio in sample:
            action = Action(player=who, verb=Verb.PLAYS, cards=trio)
            assert game.can_apply(action) == (frozenset(Counter(trio).items()) in legal)
            assert (action in option) == game.can_apply(action)  # membership: the verifier
        game.apply(random_action(game, rng))


# --- N7: ties, the game, the stakes ------------------------------------------------------------


def test_n7_equal_sets_rank_in_the_order_played() -> None:
    hands = {"Ann": "7s 7h Qc 2s 3d 5h 8c 9d Jh", "Bob": "7c 7d Qd 2c 3h 5s 8d 9c Js",
             "Cat": "4s 4h 6c 2d 3c 5c 8h 9s Jd"}
    game = new_game(hands)
    game.apply("Ann plays 7s 7h Qc")
    game.apply("Bob plays 7c 7d Qd")  # exactly equal (H8): Ann played first, so ranks higher
    game.apply("Cat plays 4s 4h 6c")
    assert game.scores == {"Ann": 3, "Bob": 2, "Cat": 1}
    assert game.to_act == "Ann"


def test_n7_identical_sets_with_two_packs() -> None:
    """Rule N1: with two packs two players can hold identical sets; N7: the first played ranks
    higher."""
    players = [f"p{i}" for i in range(6)]
    twin = parse_cards(HANDS["Ann"])
    rest = [Card(i) for i in range(52) if Card(i) not in twin]
    hands = {"p0": twin, "p1": twin}
    for i in range(2, 6):
        hands[players[i]] = tuple(rest[(i - 2) * 9:(i - 1) * 9])
    game = NineCardGame(players=players, dealer="p5", deals=[hands])
    assert game.decks == 2
    game.apply("p0 plays As Ah Ad")
    game.apply("p1 plays As Ah Ad")
    for _p in players[2:]:
        game.apply(game.legal_actions()[0].action())
    scored = next(op for op in game.operations if isinstance(op, RoundScored))
    assert scored.ranking[:2] == ("p0", "p1") and scored.points[:2] == (3, 2)
    assert game.to_act == "p0"


def test_n7_game_to_21_and_stake_per_point_behind() -> None:
    rules = NineCardRules(target=21, stake=2)
    game = NineCardGame(rules, players=THREE, dealer="Ann", rng=11)
    while not game.over:
        game.apply(strong_action(game))
    result = game.result
    assert result is not None and game.winner == result.winner
    top = result.scores[result.winner]
    assert top >= 21 and all(s < top for p, s in result.scores.items() if p != result.winner)
    for p, s in result.scores.items():
        if p != result.winner:
            assert result.nets[p] == -2 * (top - s)
    assert sum(result.nets.values()) == 0
    assert list(result.payments) == settle(result.nets)
    refuse(game, "Ann plays As Ah Ad", "N7")
    # The game ended at the round someone passed 21, not before.
    rounds = [op for op in game.operations if isinstance(op, RoundScored)]
    assert sum(sum(r.points) for r in rounds) == sum(result.scores.values())


def test_n7_a_tie_at_the_top_plays_on() -> None:
    rules = NineCardRules(target=5, points=(3, 2))
    game = NineCardGame(rules, players=["Ann", "Bob"], dealer="Bob",
                        deals=[{"Ann": HANDS["Ann"], "Bob": HANDS["Bob"]}])
    game.apply("Ann plays As Ah Ad")
    game.apply("Bob plays 9s 9h 9d")
    game.apply("Ann plays Kc 7h 7s")
    game.apply("Bob plays 7c 6c 5c")
    assert game.scores == {"Ann": 5, "Bob": 5} and not game.over  # tied at the target
    game.apply("Bob plays Ks Kh 2s")
    game.apply("Ann plays Qc Jc 2d")
    assert game.over and game.winner == "Bob" and game.scores == {"Ann": 7, "Bob": 8}
    assert game.result is not None and game.result.nets == {"Ann": -1, "Bob": 1}


def test_rules_are_validated() -> None:
    for bad in [dict(target=0), dict(points=()), dict(points=(3, -1)), dict(points=(0,)),
                dict(points=(4, 4)),
                dict(stake=-1), dict(decks=3)]:
        with pytest.raises(RulesError):
            NineCardRules(**bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        NineCardRules.from_dict({"ante": 1})
    assert NineCardRules.from_dict({"points": [4, 2]}).points == (4, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        NineCardRules().target = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        NineCardRules(21)  # type: ignore[misc]  # keyword-only
    with pytest.raises(RulesError):
        NineCardGame(players=["Ann", "Ann"], rng=1)
    with pytest.raises(RulesError):
        NineCardGame(players=THREE, dealer="Zed", rng=1)


# --- actions, views, the log -------------------------------------------------------------------


@given(st.lists(st.integers(0, 51), min_size=3, max_size=3),
       st.sampled_from(["Ann", "Mary Ann", "Bob"]))
def test_action_text_round_trips(cards: list[int], name: str) -> None:
    action = Action(player=name, verb=Verb.PLAYS, cards=tuple(Card(c) for c in cards))
    assert Action.parse(str(action), players=["Ann", "Mary Ann", "Bob"], verbs=VERBS) == action


def test_bad_action_text_is_invalid() -> None:
    for text in ["", "Ann", "Ann folds", "Ann plays", "Ann plays Xx Ah Ad"]:
        with pytest.raises(InvalidActionError):
            Action.parse(text, verbs=VERBS)
    with pytest.raises(InvalidActionError):
        new_game().apply("Zed plays As Ah Ad")


def test_views_hide_unplayed_cards_and_show_played_sets() -> None:
    game = new_game()
    game.apply("Ann plays As Ah Ad")
    ann, bob, spectator = game.view("Ann"), game.view("Bob"), game.view(None)
    assert ann.hand == parse_cards("Kc Qc Jc 7h 7s 2d") and spectator.hand == ()
    assert bob.played["Ann"] == (parse_cards("As Ah Ad"),)
    assert bob.cards_left == {"Ann": 6, "Bob": 9, "Cat": 9}
    assert bob.legal_actions and not ann.legal_actions
    for view, me in [(ann, "Ann"), (bob, "Bob"), (spectator, None)]:
        for op in view.operations:
            if isinstance(op, CardsDealt):
                assert op.player == me
            if isinstance(op, DealStarted):
                assert op.pack is None
        text = str(view.to_dict())
        for other in THREE:
            if other != me:
                unplayed = game.hand(other)
                assert format_cards(unplayed) not in text
                assert not any(format_cards(op.cards) in text for op in game.operations
                               if isinstance(op, CardsDealt) and op.player == other)


def test_operations_are_frozen_records() -> None:
    game = new_game()
    game.apply("Ann plays As Ah Ad")
    for op in game.operations:
        assert dataclasses.is_dataclass(op)
        with pytest.raises(dataclasses.FrozenInstanceError):
            op.deal = 9  # type: ignore[union-attr]
    assert [str(a) for a in game.actions] == ["Ann plays As Ah Ad"]


# --- random games -----------------------------------------------------------------------------


@st.composite
def house_rules(draw: st.DrawFn) -> NineCardRules:
    points = sorted(draw(st.lists(st.integers(0, 5), min_size=1, max_size=4, unique=True)),
                    reverse=True)
    if points[0] == 0:
        points[0] = 1
    return NineCardRules(target=draw(st.integers(1, 30)), points=tuple(points),
                         stake=draw(st.integers(0, 5)))


@settings(max_examples=25, deadline=None)
@given(house_rules(), st.integers(2, 11), st.integers(0, 2**32), st.booleans())
def test_random_games_end_and_settle_to_zero(rules: NineCardRules, players: int, seed: int,
                                             strong: bool) -> None:
    """Random legal play under random house rules always ends (N7); points are conserved and
    the money settles to zero."""
    names = [f"p{i}" for i in range(players)]
    rng = random.Random(seed)
    game = NineCardGame(rules, players=names, rng=seed)
    steps = 0
    while not game.over:
        action = strong_action(game, strategy="greedy") if strong else random_action(game, rng)
        game.apply(action)
        steps += 1
        assert steps < 20_000
        if game.round == 1 and not any(game.played(p) for p in names):
            left = Counter(c for p in names for c in game.hand(p))
            assert sum(left.values()) == 9 * players and max(left.values()) <= game.decks
    result = game.result
    assert result is not None
    rounds = [op for op in game.operations if isinstance(op, RoundScored)]
    assert sum(sum(r.points) for r in rounds) == sum(result.scores.values())
    assert sum(result.nets.values()) == 0
    paid = Counter[str]()
    for p in result.payments:
        assert p.amount > 0
        paid[p.payee] += p.amount
        paid[p.payer] -= p.amount
    assert all(paid[p] == result.nets[p] for p in names)
    text = game.record().dumps()
    again = NineCardRecord.loads(text)
    assert again.dumps() == text
    assert again.replay().scores == game.scores


# --- records -----------------------------------------------------------------------------------


RECORD = '''format = "nine-card/1"
players = ["Ann", "Bob", "Cat"]
dealer = "Cat"

[rules]
target = 5
stake = 2

[[deals]]
hands = { "Ann" = "As Ah Ad Kc Qc Jc 7h 7s 2d", "Bob" = "9s 9h 9d 5c 6c 7c Ks Kh 2s", \
"Cat" = "Ts Jd Qs 4h 4d 4c 8h 8d 3s" }
actions = [
  "Ann plays As Ah Ad",
  "Bob plays 9s 9h 9d",
  "Cat plays 4h 4d 4c",
  "Ann plays Kc Qc Jc",
  "Bob plays 7c 6c 5c",
  "Cat plays Qs Jd Ts",
]
'''


def test_record_round_trips_and_replays() -> None:
    record = NineCardRecord.loads(RECORD)
    assert record.dumps() == RECORD
    game = record.replay()
    assert game.over and game.winner == "Ann"
    assert game.scores == {"Ann": 6, "Bob": 4, "Cat": 2}
    document = _toml(RECORD)
    replay = replayer_for(document)(document)
    data = replay.to_json()
    assert data["winner"] == "Ann" and data["nets"] == {"Ann": 12, "Bob": -4, "Cat": -8}
    assert data["payments"] == [{"payer": "Bob", "payee": "Ann", "amount": 4},
                                {"payer": "Cat", "payee": "Ann", "amount": 8}]
    assert data["rounds"][0]["points"] == {"Ann": 3, "Bob": 2, "Cat": 1}
    text = replay.describe()
    assert "Ann wins" in text and "Bob pays Ann 4" in text


def _toml(text: str) -> dict[str, object]:
    import tomllib
    return tomllib.loads(text)


@pytest.mark.parametrize("change, kind, words", [
    (("Bob plays 7c 6c 5c", "Bob plays 7c 6c 4c"), IllegalActionError, "deal 1, action 5"),
    (('"Ann plays Kc Qc Jc"', '"Ann plays As Kc Qc"'), IllegalActionError, "rule N6"),
    (('format = "nine-card/1"', 'format = "nine-card/2"'), NotationError, "not supported"),
    (('dealer = "Cat"', 'dealer = "Zed"'), NotationError, "dealer"),
    (("[rules]", "[rules]\nante = 1"), NotationError, "ante"),
    (("actions = [", "shuffle = 1\nactions = ["), NotationError, "shuffle"),
    (('"Ann" = "As Ah Ad', '"Ann" = "Xs Ah Ad'), NotationError, "deal 1"),
    (('"Ann plays As Ah Ad"', '"Ann bets 2"'), NotationError, "action 1"),
])
def test_bad_records_are_refused(change: tuple[str, str], kind: type[Exception],
                                 words: str) -> None:
    old, new = change
    assert old in RECORD
    with pytest.raises(kind) as error:
        NineCardRecord.loads(RECORD.replace(old, new, 1)).replay()
    assert words in str(error.value)


def test_an_unfinished_deal_may_not_be_followed_by_another() -> None:
    text = RECORD.replace('  "Cat plays Qs Jd Ts",\n', "") + "\n[[deals]]\npack = \"" + \
        str(Pack.standard()) + "\"\nactions = []\n"
    with pytest.raises(NotationError, match="not finished"):
        NineCardRecord.loads(text).replay()


def test_pack_records_replay_to_the_same_game() -> None:
    game = NineCardGame(NineCardRules(target=12), players=["A", "B", "C", "D", "E", "F"],
                        dealer="C", rng=4)
    while not game.over:
        game.apply(strong_action(game))
    text = game.record().dumps()
    assert 'pack = "' in text
    again = NineCardRecord.loads(text).replay()
    assert again.operations == game.operations


def test_replay_cli_plays_nine_card_records(tmp_path: object) -> None:
    pytest.importorskip("bragkit.cli.replay")
    from pathlib import Path

    from typer.testing import CliRunner

    from bragkit.cli import app

    folder = Path(str(tmp_path))
    good, bad = folder / "game.toml", folder / "bad.toml"
    good.write_text(RECORD, encoding="utf-8")
    bad.write_text(RECORD.replace("Bob plays 7c 6c 5c", "Bob plays 7c 6c 4c"), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["replay", str(good), "--json"])
    assert result.exit_code == 0 and '"winner": "Ann"' in result.output
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "deal 1, action 5" in result.output and "Traceback" not in result.output


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5))
def test_n6_the_first_rounds_menus_are_the_playable_sets_in_order(seed: int,
                                                                  players: int) -> None:
    """N6: the whole table's first-round menus, made in one numpy pass, are exactly
    playable_sets of each hand, strongest first, in the same order; and every set accepted."""
    from bragkit.games.arrange import playable_sets

    game = NineCardGame(players=[f"p{i}" for i in range(players)], rng=seed)
    for _ in range(players):
        who = game.to_act
        assert who is not None
        [option] = game.legal_actions()
        assert option.choices is not None
        listed = [a.cards for a in option.choices]
        assert listed == [tuple(s) for s in playable_sets(game.hand(who))]
        game.apply(option.choices[random.Random(seed).randrange(len(listed))])


@settings(max_examples=6, deadline=None)
@given(st.integers(6, 8), st.integers(0, 2**32))
def test_two_packs_every_listed_set_is_laid_out_and_accepted_n1_n4_n6(players: int,
                                                                     seed: int) -> None:
    """N1: six or more players play with two packs (a set may hold a card twice); every set the
    menu lists is laid out as a person lays it out and accepted by the check (N4, N6)."""
    from bragkit.games.arrange import display_order as _display

    game = NineCardGame(players=[f"p{i}" for i in range(players)], rng=seed)
    rng = random.Random(seed)
    assert game.decks == 2
    for _ in range(3 * players):
        [option] = game.legal_actions()
        listed = list(option.choices or ())
        assert listed
        for action in listed:
            assert action.cards == _display(action.cards) and game.can_apply(action)
        game.apply(listed[rng.randrange(len(listed))])


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 6]), st.sampled_from([1, 2]),
       st.one_of(st.none(), st.integers(0, 2000)))
def test_a_later_rounds_menu_is_every_set_the_check_accepts_in_order_n6(
        seed: int, size: int, decks: int, cap: int | None) -> None:
    """N6: the menu of six or three unplayed cards (one pack or two) is exactly the sets the
    verifier accepts below the cap, each once, strongest first, then in combinations order of
    the sorted cards."""
    import itertools

    from bragkit.games.arrange import fast_scale
    from bragkit.games.nine_card import _playable, _verify_set

    hand = Pack.shuffled(random.Random(seed), decks=decks).cards[:size]
    accepted: dict[tuple[Card, ...], int] = {}
    for trio in itertools.combinations(sorted(hand), 3):
        try:
            strength, _ = _verify_set("Ann", hand, (), cap, trio)
        except IllegalActionError:
            continue
        accepted.setdefault(trio, strength)
    expected = sorted(accepted, key=lambda t: -accepted[t])  # stable: combinations order
    assert list(_playable(hand, cap)) == expected
    scale = fast_scale("nine-card")
    assert all(cap is None or scale.of(t) <= cap for t in expected)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5))
def test_the_first_rounds_menus_are_the_sets_that_may_lead_n6(seed: int, players: int) -> None:
    """N6: the first round's menus, built for the whole table in one pass, list exactly the sets
    that may lead each nine-card hand (the six cards left split below it), strongest first then
    in combinations order: as :func:`bragkit.games.arrange.playable_sets` lists them."""
    from bragkit.games.arrange import playable_sets
    from bragkit.games.nine_card import _first_round

    cards = Pack.shuffled(random.Random(seed)).cards
    hands = [list(cards[i:9 * players:players]) for i in range(players)]
    for hand, leads in zip(hands, _first_round(hands), strict=True):
        expected = [tuple(sorted(s)) for s in playable_sets(hand, cap=None, ordering="nine-card")]
        assert list(leads) == expected


def test_rules_counts_are_bounded_before_anything_is_built() -> None:
    """Issue 19: a [rules] points list of 100,000 places, or a vast target, is refused at once
    (rules N1, N4, N7)."""
    from bragkit.games.nine_card import NineCardRules

    with pytest.raises(RulesError, match="at most 11"):
        NineCardRules(points=tuple(range(100_000, 0, -1)))
    with pytest.raises(RulesError, match="target is at most"):
        NineCardRules(target=10**40)
