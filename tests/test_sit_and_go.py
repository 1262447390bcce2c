"""The sit-and-go (:mod:`bragkit.sit_and_go`): equal stacks, antes rising on schedule, played to
one winner. Over random games, seeds, sizes and schedules: the chips are conserved, the finishing
order is a permutation of the players, the winner holds every chip, every deal takes its level's
ante (or the shortest stack, D2 [decision]), and it ends within a bound of deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import house_rules

from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.games.protocol import random_action
from bragkit.games.registry import find, games
from bragkit.sit_and_go import SitAndGo, SitAndGoRules

#: The chips games with a forced stake that rises (GameInfo.ante).
RISING = ("three-card", "four-card", "teen-patti", "muflis", "brag-poker", "single-stake")
#: Deals a sit-and-go of these sizes ends within (the antes double every few deals).
BOUND = 3000

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def play_out(sng: SitAndGo, rng: random.Random) -> list[tuple[int, int, dict[str, int]]]:
    """Play to the end with random legal actions: (deal, its ante, stacks before) per deal."""
    seen = []
    while not sng.over:
        assert sng.deal_number < BOUND, "the sit-and-go did not end"
        before = sng.session.stacks
        game = sng.start_deal()
        seen.append((sng.deal_number, sng.deal_ante, before))
        while sng.in_deal:
            sng.apply(random_action(game, rng))
        total = sum(sng.session.stacks.values()) + sng.session.dealing.carried_pot
        assert total == sng.rules.players * sng.rules.stack  # chips conserved (T1)
    return seen


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(RISING), players=st.integers(2, 5), stack=st.integers(1, 60),
       every=st.integers(1, 6), rise=st.sampled_from([1.5, 2, 3]), seed=st.integers(0, 2**32))
def test_a_sit_and_go_ends_with_one_player_holding_every_chip(
        game: str, players: int, stack: int, every: int, rise: float, seed: int) -> None:
    start = min(stack, 1 + seed % 3)
    rules = SitAndGoRules(players=players, stack=stack, ante_start=start, ante_every=every,
                          ante_rise=rise)
    seats = NAMES[:players]
    sng = SitAndGo.open(game, seats=seats, rules=rules, seed=seed)
    seen = play_out(sng, random.Random(seed))
    # the order is a permutation of the players; the winner holds every chip
    places = sng.places
    assert sorted(p.player for p in places) == sorted(seats)
    winner = [p for p in places if p.place == 1]
    assert len(winner) == 1 and sng.session.stacks == {winner[0].player: players * stack}
    assert sng.session.dealing.carried_pot == 0
    # the places: those out later finish better; on one deal, more chips before is better
    for a in places:
        for b in places:
            if a.deal and b.deal and a.deal > b.deal:
                assert a.place < b.place
            if a.deal and a.deal == b.deal:
                assert (a.place < b.place) == (a.chips > b.chips)
    # the antes follow the schedule: the level's, or the shortest stack where it is shorter
    ante = find(game).ante
    assert ante is not None
    house = find(game).make_rules(game if game in find(game).presets else None)
    for number, amount, before in seen:
        level = rules.ante_of(number)
        assert ante.cost(ante.at(house, amount)) <= min(before.values())  # every stack pays
        assert amount == level or (amount < level and ante.cost(
            ante.at(house, amount + 1)) > min(before.values()))  # the most it could be


@settings(max_examples=25, deadline=None)
@given(house=house_rules(), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_any_three_card_house_rules_play_to_one_winner(house: object, players: int,
                                                        seed: int) -> None:
    """Carried pots (BL3) and kept hands (R1, R3) meet players going out: the chips stay."""
    from bragkit.games.three_card.dealing import ThreeCardDealing
    from bragkit.games.three_card.rules import Rules

    assert isinstance(house, Rules)
    house = house.replace(lending=False, buy_in=0)
    rules = SitAndGoRules(players=players, stack=30, ante_every=3)
    sng = SitAndGo(find("three-card"), ThreeCardDealing(house, rng=seed), house_rules=house,
                   seats=NAMES[:players], rules=rules)
    play_out(sng, random.Random(seed))
    assert len(sng.places) == players and sng.session.stacks.keys() == {
        p.player for p in sng.places if p.place == 1}


def test_two_out_on_one_deal_go_by_their_chips_before_it() -> None:
    """Deal 1 at an ante of 10: Ann bets blind, Bob and Cy fold into her carried pot (BL3)...
    set up so two players go out together: one with more chips finishes above."""
    rules = SitAndGoRules(players=3, stack=10, ante_start=10)
    sng = SitAndGo.open("teen-patti", seats=["Ann", "Bob", "Cy"], rules=rules, seed=1)
    sng.start_deal()  # every boot is a whole stack: whoever wins takes it all
    assert sng.deal_ante == 10
    rng = random.Random(1)
    while sng.in_deal:
        game = sng.session.current
        assert game is not None
        sng.apply(random_action(game, rng))
    assert sng.over and [p.place for p in sng.places] == [1, 2, 2]
    assert {p.chips for p in sng.places[1:]} == {10}


def test_no_top_up_and_no_points_games() -> None:
    rules = SitAndGoRules(players=2, stack=20)
    sng = SitAndGo.open("three-card", seats=["Ann", "Bob"], rules=rules, seed=3)
    sng.start_deal()
    with pytest.raises(IllegalActionError, match=r"no top-ups.*rule M1"):
        sng.apply("Bob topup 5")
    for info in games():
        if info.unit != "chips":
            with pytest.raises(RulesError, match="played for points"):
                SitAndGo.open(info.name, seats=["Ann", "Bob"], rules=rules)
    with pytest.raises(RulesError, match="forces no stake"):
        SitAndGo.open("three-stake", seats=["Ann", "Bob"], rules=rules)
    with pytest.raises(RulesError, match="no loans"):
        SitAndGo.open("three-card", seats=["Ann", "Bob"], rules=rules, lending=True)
    with pytest.raises(RulesError, match="seats 2 players, not 3"):
        SitAndGo.open("three-card", seats=["Ann", "Bob", "Cy"], rules=rules)


def test_the_level_and_the_next_rise() -> None:
    rules = SitAndGoRules(players=2, stack=500, schedule=(2, 5, 10), ante_every=2)
    sng = SitAndGo.open("brag-poker", seats=["Ann", "Bob"], rules=rules, seed=2)
    assert (sng.level, sng.ante, sng.next_rise, sng.ante_name) == (1, 2, (2, 5), "big blind")
    rng = random.Random(2)
    for level, ante, rise in [(1, 2, (2, 5)), (1, 2, (1, 5)), (2, 5, (2, 10)), (2, 5, (1, 10)),
                              (3, 10, (2, 10))]:
        game = sng.start_deal()
        assert (sng.level, sng.ante, sng.next_rise) == (level, ante, rise)
        assert game.rules.big_blind == sng.deal_ante == ante
        while sng.in_deal:
            sng.apply(random_action(game, rng))
        if sng.over:
            break


def test_standings_rank_those_still_in_by_their_chips() -> None:
    rules = SitAndGoRules(players=3, stack=50)
    sng = SitAndGo.open("three-card", seats=["Ann", "Bob", "Cy"], rules=rules, seed=4)
    assert [p.place for p in sng.standings()] == [1, 1, 1]
    game = sng.start_deal()
    for text in ["Bob bet 5", "Cy fold", "Ann fold"]:
        sng.apply(text)
    assert game.over
    assert [(p.place, p.player) for p in sng.standings()] == [(1, "Bob"), (2, "Ann"),
                                                              (2, "Cy")]
    assert sng.places == () and not sng.over


@settings(max_examples=20, deadline=None)
@given(game=st.sampled_from(RISING), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_a_sit_and_go_replays_from_its_log(game: str, players: int, seed: int) -> None:
    rules = SitAndGoRules(players=players, stack=15, ante_every=2)
    sng = SitAndGo.open(game, seats=NAMES[:players], rules=rules, seed=seed)
    play_out(sng, random.Random(seed))
    lines = [str(e) for e in sng.session.events]
    info = find(game)
    house = info.make_rules(game if game in info.presets else None)
    assert info.dealing is not None
    again = SitAndGo.replay(info, info.dealing(house), house_rules=house, rules=rules,
                            events=lines)
    assert again.over and again.places == sng.places
    assert [str(e) for e in again.session.events] == lines


def test_a_log_read_at_another_schedule_strays_from_it() -> None:
    """The antes of a sit-and-go are its rules', not events: read with another first ante,
    the first deal's pot (and so its end) is not the logged one."""
    rules = SitAndGoRules(players=3, stack=15, ante_every=2)
    sng = SitAndGo.open("three-card", seats=NAMES[:3], rules=rules, seed=9)
    play_out(sng, random.Random(9))
    lines = [str(e) for e in sng.session.events]
    info = find("three-card")
    house = info.make_rules()
    assert info.dealing is not None
    other = SitAndGoRules(players=3, stack=15, ante_every=2, ante_start=2)
    with pytest.raises(BragError):
        SitAndGo.replay(info, info.dealing(house), house_rules=house, rules=other,
                        events=lines)
    topped = [*lines[:4], "Ann topup 5", *lines[4:]]
    with pytest.raises(BragError, match="no event of a sit-and-go"):
        SitAndGo.replay(info, info.dealing(house), house_rules=house, rules=rules,
                        events=topped)
    with pytest.raises(BragError, match="opens with its 3 players, each joining with 20"):
        SitAndGo.replay(info, info.dealing(house), house_rules=house,
                        rules=SitAndGoRules(players=3, stack=20), events=lines)
