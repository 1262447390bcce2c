"""Every registered game at the one :class:`bragkit.session.Session`, seated through its own
hook (``GameInfo.dealing``): the points games played to their target with the stakes per point
behind (N7) and the crash money (C5) through the ledger, the stake games (S2, S4, P1) deal after
deal; each session replays from its text to the same ledger, and chips are conserved (T1)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bragkit.errors import RulesError
from bragkit.games import crash, games, nine_card, registry
from bragkit.games.points_session import PointsDealing
from bragkit.games.protocol import Game, random_action
from bragkit.games.registry import open_session
from bragkit.games.stake_game import StakeGame
from bragkit.games.stake_session import StakeDealing
from bragkit.games.teen_patti import TeenPatti
from bragkit.games.teen_patti_rules import TeenPattiRules
from bragkit.ledger import Kind, Ledger, settle
from bragkit.session import (
    DealEnded,
    DealingBase,
    DealStarted,
    Session,
    SessionError,
)

POINTS = ("nine-card", "crash")
STAKES = ("single-stake", "three-stake", "brag-poker", "teen-patti")


def play_deal(session: Session, rng: random.Random) -> None:
    game = session.start_deal()
    while session.in_deal:
        session.apply(random_action(game, rng))


def conserved(ledger: Ledger) -> bool:
    brought = sum(ledger.brought(p) for p in ledger.players)
    held = sum(ledger.stack(p) + ledger.cashed_out(p) for p in ledger.players)
    return held + ledger.in_pot == brought and sum(ledger.nets().values()) + ledger.in_pot == 0


def test_every_registered_game_has_a_session_hook() -> None:
    assert {info.name for info in games() if info.dealing is not None} == {
        "three-card", *POINTS, *STAKES}
    with pytest.raises(RulesError, match="unknown game 'go fish'"):
        open_session("go fish", seats=["Ann", "Bob"], buy_ins=10)


@pytest.mark.parametrize("name", ["three-card", *POINTS, *STAKES])
def test_open_session_seats_any_game_and_replays_it(name: str) -> None:
    rng = random.Random(4)
    session = open_session(name, seats=["Ann", "Bob", "Cy"], buy_ins=200, seed=11)
    for _ in range(2 if name in POINTS else 4):
        play_deal(session, rng)
    assert session.deal_number >= 2 and session.next_dealer == session.seats[
        session.deal_number % 3]  # the deal passes to the left (D3)
    if session.dealing.carried_pot:
        session.share_carried_pot()  # a three-card pot carried forward (BL3)
    assert conserved(session.ledger)
    lines = [str(e) for e in session.events]
    again = Session.replay(registry.dealing(name, seed=99), lines)
    assert again.events == session.events and again.ledger == session.ledger
    assert [str(p) for p in again.settlement()] == [str(p) for p in session.settlement()]


def test_a_preset_name_opens_its_game() -> None:
    session = open_session("four-card", seats=["Ann", "Bob"], buy_ins=50, seed=1)
    assert session.start_deal().rules.cards == 4  # type: ignore[attr-defined]


# -- the points games (N7, C5) ---------------------------------------------------------------


def test_nine_card_settles_the_stake_for_every_point_behind_rule_N7() -> None:
    session = open_session("nine-card", seats=["Ann", "Bob", "Cy"], buy_ins=100, seed=2,
                           stake=3)
    game = session.start_deal()
    assert isinstance(game, nine_card.NineCardGame) and game.dealer == "Ann"
    while session.in_deal:
        assert session.ledger.in_pot == 0 and set(session.stacks.values()) == {100}
        session.apply(game.suggestion(game.to_act))
    scores = game.scores
    winner = max(scores, key=scores.__getitem__)
    assert scores[winner] >= 21
    expected = {p: -3 * (scores[winner] - s) for p, s in scores.items() if p != winner}
    expected[winner] = -sum(expected.values())
    assert session.ledger.nets() == expected
    assert session.stacks == {p: 100 + n for p, n in expected.items()}
    assert str(session.events[-1]) == f"deal 1 ends: {winner} wins {scores[winner]}"
    assert session.settlement() == settle(expected)


def crash_money(game: crash.CrashGame) -> dict[str, int]:
    """What C5 says each player is up or down, from the calls and the rounds won."""
    rules, players = game.rules, game.players
    money = dict.fromkeys(players, 0)
    ops = game.operations
    for i, op in enumerate(ops):
        if not isinstance(op, crash.DealEnded):
            continue
        deal = op.deal
        called = {o.player: o.crash for o in ops[:i] if isinstance(o, crash.Called)
                  and o.deal == deal}
        rounds = [o.winner for o in ops[:i] if isinstance(o, crash.RoundPlayed)
                  and o.deal == deal]
        for p in players:
            made = rounds.count(p) == 4
            each = (rules.crash_reward if called[p] else rules.natural_reward) if made else (
                -rules.crash_penalty if called[p] else 0)
            for q in players:
                money[q] += each * (len(players) - 1) if q == p else -each
    return money


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), stake=st.integers(0, 2), buy_in=st.integers(1, 30))
def test_crash_pays_the_crash_money_and_the_stakes_through_the_ledger_rule_C5(
        seed: int, stake: int, buy_in: int) -> None:
    """Crash money moves deal by deal (C5), the stake per point behind at the end; a player
    whose stack cannot pay tops up the difference (M1), and the ledger squares it all."""
    rng = random.Random(seed)
    session = open_session("crash", seats=["Ann", "Bob", "Cy"], buy_ins=buy_in, seed=seed,
                           stake=stake, target=4, crash_reward=5)
    game = session.start_deal()
    assert isinstance(game, crash.CrashGame)
    while session.in_deal:
        session.apply(random_action(game, rng))
        if not session.in_deal:
            break
        if game.phase == "arrange" and not any(game.arrangement(p) for p in game.players):
            # between the deals of the game: the crash money so far is booked (C5)
            assert session.ledger.nets() == crash_money(game)
    scores = game.scores
    winner = max(scores, key=scores.__getitem__)
    expected = crash_money(game)
    for p, s in scores.items():
        expected[p] -= stake * (scores[winner] - s)
        expected[winner] += stake * (scores[winner] - s)
    ledger = session.ledger
    assert ledger.nets() == expected and conserved(ledger)
    assert all(ledger.brought(p) == buy_in - _lowest(ledger, p)  # the top-ups (M1)
               for p in session.seats)
    assert session.settlement() == settle(expected)
    assert Session.replay(registry.dealing("crash", stake=stake, target=4, crash_reward=5),
                          [str(e) for e in session.events]).ledger == ledger


def _lowest(ledger: Ledger, player: str) -> int:
    """How far below nothing the player's chips would have gone without top-ups."""
    chips, lowest = 0, 0
    for entry in ledger:
        if entry.player != player:
            continue
        if entry.kind in (Kind.BET, Kind.ANTE):
            chips -= entry.amount
        elif entry.kind in (Kind.WIN, Kind.BUY_IN):
            chips += entry.amount
        lowest = min(lowest, chips)
    return lowest


def test_a_points_game_plays_on_for_several_games_with_seats_and_loans() -> None:
    session = open_session("nine-card", seats=["Ann", "Bob"], buy_ins=60, seed=5, target=9)
    rng = random.Random(5)
    play_deal(session, rng)
    session.join("Cy", 60)
    session.top_up("Ann", 5)
    play_deal(session, rng)
    assert session.current is not None and session.current.players == ("Ann", "Bob", "Cy")
    assert session.deal_number == 2 and conserved(session.ledger)
    with pytest.raises(SessionError, match=r"lending is off at this table \(rule M4\)"):
        session.lend("Ann", "Bob", 1)
    with pytest.raises(SessionError, match=r"\(rule T2\)"):
        session.name_game("crash")
    with pytest.raises(SessionError, match=r"no hand is kept in this game \(rule R2\)"):
        session.keep("Ann", "old")
    again = Session.replay(registry.dealing("nine-card", target=9),
                           [str(e) for e in session.events])
    assert again.stacks == session.stacks and again.ledger == session.ledger


def test_a_points_game_refuses_too_many_seats_rule_C1() -> None:
    session = open_session("crash", seats=["A", "B", "C", "D", "E"], buy_ins=10, seed=1)
    with pytest.raises(SessionError, match=r"deal 1 cannot start: .*\(rule C1\)"):
        session.start_deal()
    assert session.deal_number == 0 and not session.in_deal


def test_a_deal_without_its_seed_is_refused() -> None:
    session = Session(PointsDealing(crash.CrashGame, crash.CrashRules()),
                      seats=["Ann", "Bob"], buy_ins=10)
    with pytest.raises(SessionError, match="names no seed"):
        session.append(DealStarted(number=1, dealer="Ann"))


# -- the stake games (S2, S4, P1) -------------------------------------------------------------


@pytest.mark.parametrize("name", STAKES)
def test_a_stake_game_books_every_chip_of_every_deal(name: str) -> None:
    rng = random.Random(8)
    session = open_session(name, seats=["Ann", "Bob", "Cy"], buy_ins=40, seed=8)
    for _ in range(6):
        short = [p for p, n in session.stacks.items() if n < 12]
        for player in short:
            session.top_up(player, 40)
        game = session.start_deal()
        assert isinstance(game, StakeGame)
        while session.in_deal:
            session.apply(random_action(game, rng))
            # the ledger follows the engine chip for chip
            assert session.stacks == game.stacks
        assert session.ledger.in_pot == 0
        result: Any = game.result
        assert dict(session.events[-1].winners) == dict(result.winners)  # type: ignore[union-attr]
    assert conserved(session.ledger)
    assert sum(p.amount for p in session.settlement()) <= sum(
        abs(n) for n in session.ledger.nets().values())


def test_a_stake_deal_that_cannot_start_says_why_rule_S4() -> None:
    session = open_session("three-stake", seats=["Ann", "Bob"], buy_ins=2, seed=1, stake=1)
    with pytest.raises(SessionError, match=r"cannot put up three stakes of 1 \(rule S4\)"):
        session.start_deal()
    session.top_up("Ann", 1)
    session.top_up("Bob", 1)
    assert session.start_deal().over is False


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from([*POINTS, *STAKES]), seed=st.integers(0, 2**32),
       deals=st.integers(1, 4))
def test_any_session_of_the_other_games_conserves_chips_and_replays(
        name: str, seed: int, deals: int) -> None:
    """Seats coming and going, top-ups and loans between deals (M1, M4), deals of the engine
    through the hook: not a chip is made or lost (T1), the deal passes left (D3), and the text
    of the log replays to the same ledger."""
    rng = random.Random(seed)
    options: dict[str, Any] = {"lending": True, "buy_in": 20}
    if name in POINTS:
        options["target"] = 5
    session = open_session(name, seats=["A", "B", "C"], buy_ins=60, seed=seed, **options)
    for _ in range(deals):
        if rng.random() < 0.3 and "D" not in session.seats:
            session.join("D", 60, after=rng.choice(session.seats))
            with pytest.raises(SessionError, match=r"at least 20 .*\(rule M1\)"):
                session.join("E", 19)
        elif rng.random() < 0.2 and len(session.seats) > 2:
            session.leave(rng.choice(session.seats))
        for player, chips in session.stacks.items():
            if chips < 20:
                session.top_up(player, 20)
        if rng.random() < 0.5:  # lending is on (M4)
            lender, borrower = rng.sample(list(session.seats), 2)
            session.lend(lender, borrower, 1)
        dealer = session.next_dealer
        game = session.start_deal()
        assert game.players == session.seats and getattr(game, "dealer", dealer) == dealer
        while session.in_deal and rng.random() < 0.995:
            session.apply(random_action(game, rng))
        assert conserved(session.ledger) or session.in_deal
        if session.in_deal:
            break
    again = Session.replay(registry.dealing(name, **options), [str(e) for e in session.events])
    assert again.events == session.events and again.ledger == session.ledger
    assert again.stacks == session.stacks and again.in_deal == session.in_deal


class _OverAtOnce(StakeDealing):
    """A hook whose every game is over before the session sees it: a two-player deal of Teen
    Patti in which the first to act has already packed (a game over by any path)."""

    def new_game(self, session: Session, event: DealStarted) -> Game:
        game = super().new_game(session, event)
        assert game.to_act is not None
        game.apply(f"{game.to_act} fold")
        return game


def test_a_game_over_at_its_start_ends_the_deal_rule_t1() -> None:
    """A session notices a game however it ends, here over the moment it starts: the deal
    ends (its result booked, the deal passing left, D3) and the log replays (T1)."""
    hook = _OverAtOnce(TeenPatti, TeenPattiRules(), rng=5)
    session = Session(hook, seats=["Ann", "Bob"], buy_ins=20)
    game = session.start_deal()
    assert game.over and not session.in_deal
    assert str(session.events[-1]) == "deal 1 ends: Ann wins 2"   # Bob, first to act, packed
    assert session.stacks == {"Ann": 21, "Bob": 19} and session.next_dealer == "Bob"
    session.start_deal()                                # the next deal may start
    assert session.deal_number == 2 and not session.in_deal
    again = Session.replay(_OverAtOnce(TeenPatti, TeenPattiRules()),
                           [str(e) for e in session.events])
    assert again.events == session.events and again.stacks == session.stacks


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), boot=st.integers(1, 3),
       pot_limit=st.integers(0, 12))
@example(seed=2810, seats=5, boot=1, pot_limit=0)  # P4 is bust before deal 3 (TP2, M1)
def test_no_teen_patti_session_is_left_in_a_finished_deal_rule_tp6(
        seed: int, seats: int, boot: int, pot_limit: int) -> None:
    """Whatever the pot limit, a deal either cannot start (its boots reach the limit, TP6
    [decision]) or is played to its end, and then the session is between deals (T1). A
    player who went bust stops the next deal with an error naming them and rule TP2, as a
    player short of the ante does in Brag (D2 [decision]): the session does not choose for
    them; once they top up (M1) the deal goes on."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(seats)]
    session = open_session("teen-patti", seats=names, buy_ins=100, seed=seed, boot=boot,
                           pot_limit=pot_limit)
    for _ in range(3):
        try:
            game = session.start_deal()
        except SessionError as error:
            assert not session.in_deal
            short = [name for name, stack in session.stacks.items() if stack < boot]
            if not short:
                assert 0 < pot_limit <= seats and "rule TP6" in str(error)
                return
            assert "rules TP2, M1" in str(error) and f"{short[0]} cannot put in" in str(error)
            events = len(session.events)
            for name in short:  # nothing was dealt: top up (M1) and the deal starts
                session.top_up(name, 100)
            assert len(session.events) == events + len(short)
            game = session.start_deal()
        assert pot_limit == 0 or pot_limit > seats
        assert not game.over                     # the boots never end a deal (TP6)
        for _ in range(2000):
            if not session.in_deal:
                break
            session.apply(random_action(game, rng))
        assert game.over and not session.in_deal and conserved(session.ledger)


@pytest.mark.parametrize("name", [info.name for info in games()])
def test_every_hook_states_what_a_table_reads_between_deals_rules_D4_BL3_R1(name: str) -> None:
    """Every game's hook has the same extras (DealingBase's defaults, or its own): a carried
    pot (BL3), a kept hand (R1), whether the next deal is shuffled and its commitment (D4),
    and what it keeps of each finished deal; the records a table archives follow from them."""
    session = open_session(name, seats=["Ann", "Bob"], buy_ins=500, seed=3)
    hook = session.dealing
    assert isinstance(hook, DealingBase)
    assert hook.carried_pot == 0 and hook.retained is None and hook.shuffle_due
    assert hook.commitment is None  # no fair shuffles asked for
    rng = random.Random(4)
    play_deal(session, rng)
    ended = session.events[-1]
    assert isinstance(ended, DealEnded) and ended.number == 1
    assert hook.was_shuffled(1)  # the first deal of a session is shuffled (D4)
    result, record = hook.result_of(1), hook.record_of(1)
    if name == "three-card":  # the family keeps its own record and result of each deal
        assert result is not None and dict(result.winners) == dict(ended.winners)
        assert record is not None and record.players == session.seats
    else:  # the finished game is its own record; its end event says who won
        assert result is None and record is None
    assert hook.proof_of(1) is None


@pytest.mark.parametrize("name", [info.name for info in games()])
def test_every_game_states_what_its_rules_give_a_table_rules_D1_D2_M1(name: str) -> None:
    info = registry.find(name)
    terms = info.terms(info.make_rules())
    assert terms.least_buy_in == max(terms.ante, terms.buy_in, 1)
    low, high = info.seats
    assert terms.most_players is None or low <= terms.most_players <= high
    assert (terms.variant is not None) == (name == "three-card")
    assert info.unit == ("points" if name in POINTS else "chips")
    assert info.fair == (name == "three-card")  # the hooks that deal commit-reveal shuffles
    if info.fair:
        assert info.dealing is not None
        assert info.dealing(info.make_rules(), rng=1, fair=True).commitment is not None


def test_the_family_s_terms_are_its_rules_D1_D2_M1_R1() -> None:
    info = registry.find("five-card")
    rules = info.make_rules("five-card", ante=3, buy_in=40)
    terms = info.terms(rules)
    assert (terms.ante, terms.buy_in, terms.least_buy_in, terms.variant) == (
        3, 40, 40, "five-card")
    assert terms.most_players == rules.max_players(retained=1) == 9  # 52 cards, 5 kept aside
