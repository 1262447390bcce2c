"""Crash, thirteen-card Brag (RULES.md C1–C6): the engine, crash money, views, bots, records."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, Verb
from bragkit.cards import Card, Pack, format_cards, parse_cards
from bragkit.errors import IllegalActionError, InvalidActionError, NotationError, RulesError
from bragkit.games.crash import (
    VERBS,
    Arranged,
    CrashGame,
    CrashPaid,
    CrashRecord,
    CrashRules,
    DealStarted,
    HandsDealt,
    RoundPlayed,
    strong_action,
)
from bragkit.games.protocol import random_action
from bragkit.records import replayer_for

ANN = "4s 4h 4d 4c As Ah Ad Ks Kh Kd Qs Qh 2c"
BOB = "3s 3h 3d Js Ts 9s Jh Th 9h 8c 7c 6c 2d"
CAT = "Ac Kc Qc Jc Tc 9c Jd Td 9d 8d 8h 7h 6h"
TWO = {"Ann": ANN, "Bob": BOB}


def new_game(hands: dict[str, str] | None = None, *, rules: CrashRules | None = None,
             dealer: str | None = None) -> CrashGame:
    hands = hands or TWO
    players = list(hands)
    return CrashGame(rules, players=players, dealer=dealer or players[-1], deals=[hands])


def snapshot(game: CrashGame) -> tuple[object, ...]:
    return (game.operations, game.scores, game.nets, game.to_act, game.phase,
            {p: game.arrangement(p) for p in game.players})


def refuse(game: CrashGame, action: str, rule: str) -> IllegalActionError:
    before = snapshot(game)
    assert not game.can_apply(action)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert error.value.rule == rule
    assert snapshot(game) == before
    return error.value


def play(game: CrashGame, *actions: str) -> None:
    for action in actions:
        game.apply(action)


ANN_BEST = "Ann arranges As Ah Ad | 4s 4h 4d 4c | Ks Kh Kd | Qs Qh 2c"
BOB_BEST = "Bob arranges 3s 3h 3d | Js Ts 9s | Jh Th 9h | 8c 7c 6c"


# --- C1: players and the deal ------------------------------------------------------------------


def test_c1_two_to_four_players_thirteen_cards_each() -> None:
    for n in (1, 5):
        with pytest.raises(RulesError):
            CrashGame(players=[f"p{i}" for i in range(n)], rng=1)
    pack = Pack.standard()
    game = CrashGame(players=["A", "B", "C", "D"], dealer="D", deals=[pack])
    assert game.cards("A") == pack.cards[0:52:4]  # one at a time from the dealer's left
    assert game.cards("D") == pack.cards[3:52:4]
    assert Counter(c for p in game.players for c in game.cards(p)) == Counter(pack.cards)


def test_c1_cards_not_held_are_refused() -> None:
    game = new_game()
    refuse(game, "Ann arranges 3s 3h 3d", "C1")
    refuse(game, "Ann arranges As Ah Ad | Ad Ks Kh", "C1")


# --- C2: up to four hands, a four of a kind as a hand of four -----------------------------------


def test_c2_up_to_four_hands_and_a_four_of_a_kind() -> None:
    game = new_game()
    refuse(game, "Ann arranges As Ah | Ks Kh Kd", "C2")
    refuse(game, "Ann arranges As Ks Qs 2c", "C2")  # four cards must be four of a kind
    refuse(game, "Ann arranges 4s 4h 4d | 4c As Ah | Ad Ks Kh | Kd Qs Qh | 2c 3c", "C2")
    game.apply(ANN_BEST)
    mine = game.arrangement("Ann")
    assert mine is not None and len(mine.sets[0]) == 4  # rule C4: best first
    assert mine.discards == ()


def test_c2_fewer_hands_and_discards() -> None:
    game = new_game()
    game.apply("Ann arranges 4s 4h 4d 4c | As Ah Ad")
    mine = game.arrangement("Ann")
    assert mine is not None and len(mine.sets) == 2 and len(mine.discards) == 6


# --- C3: the order -----------------------------------------------------------------------------


def test_c3_four_of_a_kind_beats_the_best_prial_and_threes_are_the_top_prial() -> None:
    game = new_game()
    play(game, ANN_BEST, BOB_BEST, "Ann pass", "Bob pass")
    rounds = [op for op in game.operations if isinstance(op, RoundPlayed)]
    assert rounds[0].winner == "Ann"  # 4-4-4-4 over 3-3-3
    assert [r.winner for r in rounds] == ["Ann", "Ann", "Ann", "Bob"]
    game2 = new_game()
    play(game2, "Ann arranges As Ah Ad", "Bob arranges 3s 3h 3d", "Ann pass", "Bob pass")
    assert game2.scores == {"Ann": 0, "Bob": 1}  # rule H3: 3-3-3 is the best prial


def test_c3_aces_high_house_option() -> None:
    game = new_game(rules=CrashRules(aces_high=True))
    play(game, "Ann arranges As Ah Ad", "Bob arranges 3s 3h 3d", "Ann pass", "Bob pass")
    assert game.scores == {"Ann": 1, "Bob": 0}


# --- C4: best first, a point a round, ties, min_category -----------------------------------------


def test_c4_hands_are_played_best_first_whatever_order_given() -> None:
    game = new_game()
    play(game, "Ann arranges Qs Qh 2c | Ks Kh Kd | 4s 4h 4d 4c | As Ah Ad", BOB_BEST,
         "Ann pass", "Bob pass")
    rounds = [op for op in game.operations if isinstance(op, RoundPlayed)]
    assert [dict((p, format_cards(c)) for p, c, _ in r.hands)["Ann"] for r in rounds] == [
        "4s 4h 4d 4c", "As Ah Ad", "Ks Kh Kd", "Qs Qh 2c"]
    assert game.scores == {"Ann": 3, "Bob": 1}


def test_c4_a_tie_scores_nothing() -> None:
    hands = {"Ann": "7s 7h Qc 2s 3s 5s 8d 9d Jd 4c 6c Tc Ks",
             "Bob": "7c 7d Qd 2h 3h 5h 8s 9s Js 4d 6d Th Kh"}
    game = new_game(hands)
    play(game, "Ann arranges 7s 7h Qc", "Bob arranges 7c 7d Qd", "Ann pass", "Bob pass")
    assert game.scores == {"Ann": 0, "Bob": 0}
    rounds = [op for op in game.operations if isinstance(op, RoundPlayed)]
    assert len(rounds) == 1 and rounds[0].winner is None


def test_c4_a_player_with_fewer_hands_sits_out() -> None:
    game = new_game()
    play(game, "Ann arranges 4s 4h 4d 4c", BOB_BEST, "Ann pass", "Bob pass")
    assert game.scores == {"Ann": 1, "Bob": 3}  # Bob's 2nd–4th hands play alone


def test_c4_min_category_refuses_lower_hands() -> None:
    game = new_game(rules=CrashRules(min_category="flush"))
    refuse(game, ANN_BEST, "C4")  # Q-Q-2 is a pair
    refuse(game, "Ann arranges Ks Qh 2c", "C4")  # high card
    game.apply("Ann arranges As Ah Ad | 4s 4h 4d 4c | Ks Kh Kd")
    assert all(op.hands is None or len(op.hands) == 3
               for op in game.operations if isinstance(op, Arranged))
    menu = game.legal_actions()
    assert [(o.player, o.verb) for o in menu] == [("Bob", Verb.ARRANGES)]
    game2 = new_game(rules=CrashRules(min_category="pair"))
    game2.apply(ANN_BEST)
    refuse(game2, "Bob arranges 3s 3h 3d | Js Ts 9s | Jh Th 9h | 8c 7c 2d", "C4")


# --- C5: crash calls ---------------------------------------------------------------------------


def crash_table(rules: CrashRules | None = None) -> CrashGame:
    """Ann holds four unbeatable hands against Bob and Cat."""
    hands = {"Ann": "4s 4h 4d 4c 3s 3h 3d As 2s 3c Ah 2h Ac",
             "Bob": "Ks Kh Kd 5s 6s 7h 8h 9c Tc Jd Qd 2d 5d",
             "Cat": "Qs Qh Qc Js Jh Jc Ts Th 9s 9h 8s 7s 6h"}
    return CrashGame(rules, players=["Ann", "Bob", "Cat"], dealer="Cat", deals=[hands])


ANN_CRASH = "Ann arranges 4s 4h 4d 4c | 3s 3h 3d | As 2s 3c | Ah 2h Ac"


def test_c5_called_and_made_each_other_player_pays_the_reward() -> None:
    game = crash_table()
    play(game, ANN_CRASH, "Bob arranges Ks Kh Kd", "Cat arranges Qs Qh Qc | Js Jh Jc",
         "Ann crash", "Bob pass", "Cat pass")
    assert game.scores["Ann"] == 4
    assert game.nets == {"Ann": 4, "Bob": -2, "Cat": -2}
    paid = [op for op in game.operations if isinstance(op, CrashPaid)]
    assert [(op.player, op.called, op.made, op.each) for op in paid] == [
        ("Ann", True, True, 2)]


def test_c5_made_without_calling_earns_the_smaller_reward() -> None:
    game = crash_table()
    play(game, ANN_CRASH, "Bob arranges Ks Kh Kd", "Cat arranges Qs Qh Qc",
         "Ann pass", "Bob pass", "Cat pass")
    assert game.nets == {"Ann": 2, "Bob": -1, "Cat": -1}


def test_c5_called_and_missed_pays_each_other_player() -> None:
    game = crash_table(CrashRules(crash_penalty=3))
    play(game, "Ann arranges 4s 4h 4d 4c | 3s 3h 3d | As Ah Ac | 2s 2h 3c",
         "Bob arranges Ks Kh Kd | 8h 7h 6s | 5s 5d 2d | Qd Jd Tc",
         "Cat arranges Qs Qh Qc | Js Jh Jc | Ts Th 9s | 9h 8s 7s",
         "Ann crash", "Bob crash", "Cat pass")
    # Ann wins three rounds (2-2-3 loses round 4); Bob wins none: both missed
    assert game.scores == {"Ann": 3, "Bob": 0, "Cat": 1}
    assert game.nets == {"Ann": -6 + 3, "Bob": -6 + 3, "Cat": 6}
    assert sum(game.nets.values()) == 0


def test_c5_calls_come_after_arranging_and_need_four_hands() -> None:
    game = crash_table()
    refuse(game, "Ann crash", "C5")
    play(game, ANN_CRASH, "Bob arranges Ks Kh Kd", "Cat arranges Qs Qh Qc")
    refuse(game, "Ann arranges 4s 4h 4d 4c", "C5")
    game.apply("Ann pass")
    refuse(game, "Bob crash", "C5")  # one hand only
    assert [str(a) for a in game.legal_actions()] == ["Bob pass"]
    refuse(game, "Cat pass", "T3")  # out of turn


# --- C6: game to 15 ----------------------------------------------------------------------------


def test_c6_game_to_fifteen_with_optional_stake() -> None:
    rules = CrashRules(stake=1)
    game = CrashGame(rules, players=["Ann", "Bob", "Cat"], dealer="Bob", rng=21)
    while not game.over:
        game.apply(strong_action(game))
    result = game.result
    assert result is not None
    top = result.scores[result.winner]
    assert top >= 15 and all(s < top for p, s in result.scores.items() if p != result.winner)
    ends = [op for op in game.operations if isinstance(op, RoundPlayed)]
    assert sum(1 for r in ends if r.winner) == sum(result.scores.values())
    assert sum(result.nets.values()) == 0
    crash_money = Counter[str]()
    for op in game.operations:
        if isinstance(op, CrashPaid):
            for p in game.players:
                crash_money[p] += op.each * 2 if p == op.player else -op.each
    for p, s in result.scores.items():
        behind = top - s
        extra = sum(top - x for q, x in result.scores.items() if q != p) if p == result.winner \
            else -behind
        assert result.nets[p] == crash_money[p] + extra
    refuse(game, "Ann pass", "C6")


def test_c6_checked_at_the_end_of_the_deal() -> None:
    game = CrashGame(CrashRules(target=1), players=["Ann", "Bob"], dealer="Bob",
                     deals=[TWO, TWO])
    play(game, ANN_BEST, BOB_BEST, "Ann pass", "Bob pass")
    assert game.over and game.winner == "Ann" and game.deal_number == 1
    assert game.scores == {"Ann": 3, "Bob": 1}


def test_rules_are_validated() -> None:
    for bad in [dict(target=0), dict(min_category="run"), dict(crash_reward=-1),
                dict(aces_high="yes"), dict(stake=-2)]:
        with pytest.raises(RulesError):
            CrashRules(**bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        CrashRules.from_dict({"ante": 1})
    with pytest.raises(dataclasses.FrozenInstanceError):
        CrashRules().target = 3  # type: ignore[misc]


# --- actions, legal actions, views -------------------------------------------------------------


@given(st.lists(st.integers(0, 51), unique=True, min_size=0, max_size=13),
       st.lists(st.integers(3, 4), min_size=0, max_size=4))
def test_action_text_round_trips(cards: list[int], sizes: list[int]) -> None:
    hands, i = [], 0
    for n in sizes:
        if i + n <= len(cards):
            hands.append(tuple(Card(c) for c in cards[i:i + n]))
            i += n
    action = Action(player="Mary Ann", verb=Verb.ARRANGES, sets=tuple(hands))
    assert Action.parse(str(action), players=["Mary Ann", "Bob"], verbs=VERBS) == action
    for verb in ("crash", "pass"):
        assert str(Action.parse(f"Bob {verb}", verbs=VERBS)) == f"Bob {verb}"


def test_bad_action_text_is_invalid() -> None:
    for text in ["Ann", "Ann folds", "Ann crash now", "Ann arranges As | | Kd", "Ann arranges Zz"]:
        with pytest.raises(InvalidActionError):
            Action.parse(text, verbs=VERBS)


def test_legal_actions_list_the_undominated_arrangements() -> None:
    game = new_game()
    [option] = game.legal_actions()
    menu = option.choices
    assert menu is not None and option.verb is Verb.ARRANGES
    assert len(menu) > 200_000  # 200,200 four-triple splits, more with the four of a kind
    sample = [menu[i] for i in random.Random(3).sample(range(len(menu)), 30)]
    assert all(a in menu and game.can_apply(a) for a in sample)
    dominated = Action.parse("Ann arranges 4s 4h 4d 4c")
    assert dominated not in option and game.can_apply(dominated)  # accepted, not listed
    assert Action.parse("Ann arranges 3s 3h 3d") not in option
    assert Action.parse(ANN_BEST) in option
    assert game.legal_actions("Bob") == []


def test_views_hide_arrangements_until_play_and_discards_always() -> None:
    game = new_game()
    play(game, "Ann arranges 4s 4h 4d 4c | As Ah Ad | Ks Kh Kd", BOB_BEST)
    bob = game.view("Bob")
    assert bob.cards == parse_cards(BOB) and bob.hands is not None
    for op in bob.operations:
        if isinstance(op, Arranged) and op.player == "Ann":
            assert op.hands is None and op.discards is None
        assert not (isinstance(op, HandsDealt) and op.player == "Ann")
        assert not (isinstance(op, DealStarted) and op.pack is not None)
    assert "4s" not in str(bob.to_dict())
    play(game, "Ann pass", "Bob pass")
    bob = game.view("Bob")
    assert "4s 4h 4d 4c" in str(bob.to_dict())  # played hands are public
    assert "Qs Qh 2c" not in str(bob.to_dict()) and "Qs" not in str(bob.to_dict())
    spectator = game.view(None)
    assert spectator.cards == () and spectator.hands is None


def test_operations_are_frozen() -> None:
    game = new_game()
    game.apply(ANN_BEST)
    for op in game.operations:
        with pytest.raises(dataclasses.FrozenInstanceError):
            op.deal = 5  # type: ignore[union-attr]


# --- random games -----------------------------------------------------------------------------


@st.composite
def house_rules(draw: st.DrawFn) -> CrashRules:
    return CrashRules(
        target=draw(st.integers(1, 6)),
        min_category=draw(st.sampled_from(["high-card", "pair", "flush"])),
        aces_high=draw(st.booleans()),
        crash_reward=draw(st.integers(0, 5)),
        natural_reward=draw(st.integers(0, 5)),
        crash_penalty=draw(st.integers(0, 5)),
        stake=draw(st.integers(0, 3)),
    )


@settings(max_examples=12, deadline=None)
@given(house_rules(), st.integers(2, 4), st.integers(0, 2**32), st.booleans())
def test_random_games_end_and_settle_to_zero(rules: CrashRules, players: int, seed: int,
                                             strong: bool) -> None:
    """Random legal play (random or strong bots, random crash calls) under random house rules
    ends (C6), money sums to zero at every deal and the payments square it."""
    names = [f"p{i}" for i in range(players)]
    rng = random.Random(seed)
    game = CrashGame(rules, players=names, rng=seed)
    steps = 0
    while not game.over:
        if strong:
            action = strong_action(game, strategy=rng.choice(["greedy", "expected"]))
        else:
            action = random_action(game, rng)
        game.apply(action)
        assert sum(game.nets.values()) == 0
        steps += 1
        assert steps < 2_000
    result = game.result
    assert result is not None
    assert sum(result.nets.values()) == 0
    squared = Counter[str]()
    for p in result.payments:
        assert p.amount > 0
        squared[p.payee] += p.amount
        squared[p.payer] -= p.amount
    assert all(squared[p] == result.nets[p] for p in names)
    text = game.record().dumps()
    assert CrashRecord.loads(text).dumps() == text
    assert CrashRecord.loads(text).replay().nets == game.nets


# --- records -----------------------------------------------------------------------------------


RECORD = f'''format = "crash/1"
players = ["Ann", "Bob"]
dealer = "Bob"

[rules]
target = 3
crash_reward = 5

[[deals]]
hands = {{ "Ann" = "{ANN}", "Bob" = "{BOB}" }}
actions = [
  "{ANN_BEST}",
  "{BOB_BEST}",
  "Ann crash",
  "Bob pass",
]
'''


def test_record_round_trips_and_replays() -> None:
    record = CrashRecord.loads(RECORD)
    assert record.dumps() == RECORD
    game = record.replay()
    assert game.over and game.winner == "Ann" and game.nets == {"Ann": -1, "Bob": 1}
    document = tomllib.loads(RECORD)
    replay = replayer_for(document)(document)
    data = replay.to_json()
    assert data["scores"] == {"Ann": 3, "Bob": 1} and data["winner"] == "Ann"
    assert data["crashes"] == [{"deal": 1, "player": "Ann", "called": True, "made": False,
                                "each": -1}]
    assert data["payments"] == [{"payer": "Ann", "payee": "Bob", "amount": 1}]
    assert [r["winner"] for r in data["rounds"]] == ["Ann", "Ann", "Ann", "Bob"]
    assert "called crash and missed" in replay.describe()


@pytest.mark.parametrize("change, kind, words", [
    (('"Bob pass"', '"Bob arranges 3s 3h 3d"'), IllegalActionError,
     'deal 1, action 4 "Bob arranges 3s 3h 3d"'),
    (('"Ann crash"', '"Bob crash"'), IllegalActionError, "rule T3"),
    (('format = "crash/1"', 'format = "crash/9"'), NotationError, "not supported"),
    (("crash_reward = 5", "crash_reward = -5"), NotationError, "crash_reward"),
    (("crash_reward = 5", "min_category = [1]"), NotationError, "rules"),
    (('"Ann crash"', '"Ann shout"'), NotationError, "action 3"),
    (('players = ["Ann", "Bob"]', 'players = ["Ann", "Bob", "Cat", "Dan", "Eve"]'),
     NotationError, "players"),
])
def test_bad_records_are_refused(change: tuple[str, str], kind: type[Exception],
                                 words: str) -> None:
    old, new = change
    assert old in RECORD
    with pytest.raises(kind) as error:
        CrashRecord.loads(RECORD.replace(old, new, 1)).replay()
    assert words in str(error.value)


def test_a_missed_crash_in_a_record() -> None:
    text = RECORD.replace('"Ann crash",\n  "Bob pass"', '"Ann pass",\n  "Bob crash"')
    game = CrashRecord.loads(text).replay()
    assert game.nets == {"Ann": 1, "Bob": -1}  # Bob called and missed


# --- the lazy menu ------------------------------------------------------------------------------


@pytest.mark.parametrize("cards", [
    ANN,                                              # one four of a kind
    "4s 4h 4d 4c As Ah Ad Ac Ks Kh Qd Jd 2c",         # two
    "4s 4h 4d 4c As Ah Ad Ac Ks Kh Kd Kc 2c",         # three
    BOB,                                              # none
    "4c 5s 5h 5d As Kh Qd Jd 9c 8h 7s 3d 2c",         # none, yet four cards in a row (4c-5d)
])
def test_the_lazy_menu_counts_and_indexes_as_the_full_list_c2(cards: str) -> None:
    """C2: len and indexing are arithmetic, yet give exactly legal_arrangements, in its order."""
    from bragkit.games.arrange import legal_arrangements
    from bragkit.games.crash_choices import ArrangementChoices

    full = legal_arrangements(cards, game="crash")
    lazy = ArrangementChoices("Ann", parse_cards(cards))
    assert len(lazy) == len(full)
    rng = random.Random(len(full))
    for i in [0, len(full) - 1, 200_199, *rng.sample(range(len(full)), 40)]:
        if i < len(full):
            assert lazy[i].sets == full[i].sets
            assert lazy[i] in lazy
    assert lazy[-1] == lazy[len(full) - 1]
    with pytest.raises(IndexError):
        lazy[len(full)]


@settings(max_examples=5, deadline=None)  # a high-card floor lists 200,200: costly to list
@given(st.integers(0, 2**32), st.sampled_from(["high-card", "pair", "flush"]), st.booleans())
@example(seed=7, floor="high-card", aces_high=False)  # the lazy list at its largest
def test_membership_is_the_full_lists_without_listing_c2_c4(seed: int, floor: str,
                                                          aces_high: bool) -> None:
    """C2, C4: ``in`` checks the hands (and that none is left unused) — the same answer as the
    full list, for listed arrangements and for random ones."""
    from bragkit.games.arrange import legal_arrangements
    from bragkit.games.crash_choices import ArrangementChoices

    rng = random.Random(seed)
    cards = tuple(Card(i) for i in rng.sample(range(52), 13))
    rules = CrashRules(min_category=floor, aces_high=aces_high)
    full = legal_arrangements(cards, game="crash", ordering=rules.ordering,
                              min_category=rules.floor)
    lazy = ArrangementChoices("Ann", cards, ordering=rules.ordering, floor=rules.floor)
    assert len(lazy) == len(full)
    keys: set[object] = set()  # every listed arrangement's key, made when first needed
    for i in rng.sample(range(len(full)), min(10, len(full))):
        assert lazy[i].sets == full[i].sets and lazy[i] in lazy
    for _ in range(20):  # random groupings: listed exactly when the full list holds them
        shuffled = rng.sample(cards, 13)
        sets = tuple(tuple(shuffled[3 * k:3 * k + 3]) for k in range(rng.randint(0, 4)))
        action = Action(player="Ann", verb=Verb.ARRANGES, sets=sets)
        made = None
        try:
            from bragkit.games.arrange import check_crash_hands
            made = check_crash_hands(cards, sets, ordering=rules.ordering,
                                     min_category=rules.floor)
        except IllegalActionError:
            pass
        if made is not None and not keys:
            keys = {a.key() for a in full}
        assert (action in lazy) == (made is not None and made.key() in keys)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_a_turns_menu_picks_what_the_engine_would_make_c2_c4(seed: int, aces_high: bool) -> None:
    """C2, C4: the menu a game makes for a turn (``for_turn``) lists what the constructor lists,
    and the arrangement it keeps for a pick (played without a second check) is exactly what
    the engine's own check makes of those hands — for a pick in every block of
    ``partitions(13, 4)`` (one per card left over)."""
    from bragkit.games.arrange import crash_hands, fast_scale, partitions, position_triples
    from bragkit.games.crash_choices import ArrangementChoices

    rng = random.Random(seed)
    cards = tuple(sorted(Card(i) for i in rng.sample(range(52), 13)))
    rules = CrashRules(aces_high=aces_high)
    made = ArrangementChoices.for_turn("Ann", cards, ordering=rules.ordering, floor=rules.floor,
                                       scale=fast_scale(rules.ordering))
    plain = ArrangementChoices("Ann", cards, ordering=rules.ordering, floor=rules.floor)
    assert len(made) == len(plain)
    for block in range(13):
        i = block * 15_400 + rng.randrange(15_400)
        action = made[i]
        assert action == plain[i]
        row = {frozenset(cards[p] for p in position_triples(13)[t].tolist())
               for t in partitions(13, 4)[i].tolist()}
        assert {frozenset(hand) for hand in action.sets} == row  # row i, in order
        assert made.given is not None and made.given[0] is action
        assert made.given[1] == crash_hands(cards, action.sets, ordering=rules.ordering,
                                            floor=rules.floor)
