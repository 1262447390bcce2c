"""The one session of every game (bragkit.session): its events print and parse back, the log
replays into the same session, and a tampered log is refused naming the rule (D3, D4, D5, BL3,
M1, M4, R2, T1, T2)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.three_card.test_table import (
    between_deals,
    check_books,
    open_win,
    pack_starting,
    random_action,
)

from bragkit.actions import Action
from bragkit.cards import Pack
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.dealing import GameChoice, ThreeCardDealing
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table
from bragkit.session import (
    DealEnded,
    DealStarted,
    GameNamed,
    Joined,
    Kept,
    Left,
    Lent,
    Played,
    PotShared,
    Repaid,
    Session,
    SessionError,
    SessionEvent,
    ToppedUp,
    parse_event,
)
from strategies import house_rules

NAMES = st.sampled_from(["Ann", "Bob", "Cy", "Dan", "Eve", "P0", "P12", "Mary-Jo"])
AMOUNTS = st.integers(0, 10**9)
ACTIONS = st.sampled_from([
    "Ann fold", "Bob bet 2", "Cy blind 1", "Dan see 8", "Eve cover 3", "Ann topup 5",
    "Bob look", "Bob look old", "Cy keep", "Dan throw", "Eve discard 7c 2d", "showdown",
    "Ann agree", "Bob raise 4", "Cy draw", "Dan draw 2 Kd 7c", "Eve plays Ks Kh Kd",
    "Ann arranges Ks Kh Kd | 7s 7h 7d",
])
GAMES = st.builds(GameChoice, wild=st.sampled_from([(), ("2",), ("2c", "Jk")]),
                  blind=st.booleans(), cards=st.sampled_from([3, 4, 5])).map(str)
PACKS = st.randoms(use_true_random=False).map(
    lambda r: str(Pack.shuffled(r, jokers=r.randint(0, 2))))


def events() -> st.SearchStrategy[SessionEvent]:
    return st.one_of(
        st.builds(Joined, player=NAMES, amount=AMOUNTS, after=st.none() | NAMES),
        st.builds(ToppedUp, player=NAMES, amount=AMOUNTS),
        st.builds(Left, player=NAMES, amount=AMOUNTS),
        st.builds(Lent, lender=NAMES, borrower=NAMES, amount=AMOUNTS),
        st.builds(Repaid, borrower=NAMES, lender=NAMES, amount=AMOUNTS),
        st.builds(Kept, player=NAMES, hand=st.sampled_from(["old", "new"])),
        st.just(PotShared()),
        st.builds(GameNamed, dealer=NAMES, game=st.none() | GAMES),
        st.builds(DealStarted, number=st.integers(1, 10**6), dealer=NAMES,
                  game=st.none() | GAMES, seed=st.none() | st.integers(0, 2**64),
                  pack=st.none() | PACKS),
        st.builds(Played, action=ACTIONS.map(Action.parse)),
        st.builds(DealEnded, number=st.integers(1, 10**6),
                  winners=st.dictionaries(NAMES, st.integers(1, 10**6), max_size=4)),
    )


@given(event=events())
def test_every_event_prints_as_one_line_and_parses_back(event: SessionEvent) -> None:
    text = str(event)
    assert "\n" not in text
    assert parse_event(text) == event
    assert str(parse_event(text)) == text


def test_an_action_with_a_spaced_name_parses_given_the_players() -> None:
    event = parse_event("> Mary Ann bet 2", players=["Mary Ann", "Bob"])
    assert isinstance(event, Played) and event.action.player == "Mary Ann"


@pytest.mark.parametrize("text", [
    "Ann sings", "deal x by Ann", "deal 2 ends: Bob takes 3", "> ", "", "Ann keeps both",
])
def test_text_that_is_no_event_is_refused(text: str) -> None:
    with pytest.raises((SessionError, ValueError)):
        parse_event(text)


# -- the session replays from its log ----------------------------------------------------------


def same_session(a: Session, b: Session) -> None:
    assert a.events == b.events
    assert [str(e) for e in a.events] == [str(e) for e in b.events]
    assert a.seats == b.seats and a.stacks == b.stacks
    assert a.ledger == b.ledger
    assert (a.next_dealer, a.deal_number, a.choice_open, a.named, a.in_deal) == (
        b.next_dealer, b.deal_number, b.choice_open, b.named, b.in_deal)
    da, db = a.dealing, b.dealing
    assert isinstance(da, ThreeCardDealing) and isinstance(db, ThreeCardDealing)
    assert (da.carried_pot, da.retained, da.retained_hand, da.shuffle_due) == (
        db.carried_pot, db.retained, db.retained_hand, db.shuffle_due)
    assert da.pack == db.pack
    numbers = range(1, a.deal_number + 1)
    assert [da.result_of(n) for n in numbers] == [db.result_of(n) for n in numbers]
    assert [da.record_of(n) for n in numbers] == [db.record_of(n) for n in numbers]
    assert [da.was_shuffled(n) for n in numbers] == [db.was_shuffled(n) for n in numbers]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(session=True), seed=st.integers(0, 2**32), seats=st.integers(2, 5),
       deals=st.integers(5, 40), fair=st.booleans(), stop=st.booleans())
def test_replaying_the_log_rebuilds_the_session(
    rules: Rules, seed: int, seats: int, deals: int, fair: bool, stop: bool
) -> None:
    """Rules T1, D3, D4, D5, BL3, R1, R2, M1, M4, T2: a random session (joins, leaves, top-ups,
    loans, kept hands, named games) replayed from the text of its events — with a fresh hook
    and no randomness, the packs being in the log — is the same session, event for event, to
    the chip and the card; a session stopped in the middle of a deal too."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(8)]
    least = max(rules.buy_in, 1) + rules.ante
    table = Table(rules, seats=names[:seats], buy_ins=least + 20, rng=rng.randrange(2**32),
                  fair=fair, dealer=names[seats - 1])
    for number in range(deals):
        between_deals(table, rng, names)
        table.start_deal()
        steps = 0
        while table.in_deal and not (stop and number == deals - 1 and steps == 3):
            random_action(table, rng, steps)
            steps += 1
    session = table.session
    text = [str(e) for e in session.events]
    again = Session.replay(ThreeCardDealing(rules), text, dealer=names[seats - 1])
    same_session(session, again)
    assert again.first_dealer == names[seats - 1]
    if not table.in_deal:
        check_books(table)


def test_a_session_from_its_events_plays_on_like_the_first() -> None:
    """Replayed, the session is live: the next deal follows from the last (D3, D5)."""
    table = Table(Rules(), seats=["Ann", "Bob", "Cy"], buy_ins=20, rng=5)
    for _ in range(3):
        table.start_deal()
        open_win(table)
    again = Session.replay(ThreeCardDealing(Rules()), table.session.events)
    for session in (table.session, again):
        session.start_deal()
        deal = session.current
        assert isinstance(deal, Deal)
        session.apply(f"{deal.to_act} fold")
    same_session(table.session, again)


# -- a tampered log is refused -----------------------------------------------------------------


def played_log() -> list[SessionEvent]:
    table = Table(Rules(lending=True), seats=["Ann", "Bob", "Cy"], buy_ins=20,
                  pack=pack_starting("2c 2d 2h 5c 6d 9h 8c Ts Kd"))
    table.start_deal()
    for text in ["Bob bet 2", "Cy fold", "Ann fold"]:
        table.apply(text)
    table.lend("Bob", "Cy", 3)
    table.start_deal()
    for text in ["Cy bet 1", "Ann fold", "Bob fold"]:
        table.apply(text)
    return list(table.session.events)


def test_the_log_played_here_replays() -> None:
    log = played_log()
    assert [str(e) for e in log[3:]][1:] == [
        "> Bob bet 2", "> Cy fold", "> Ann fold", "deal 1 ends: Bob wins 5",
        "Bob lends Cy 3", "deal 2 by Bob", "> Cy bet 1", "> Ann fold", "> Bob fold",
        "deal 2 ends: Cy wins 4",
    ]
    assert Session.replay(ThreeCardDealing(Rules(lending=True)), log).stacks == {
        "Ann": 18, "Bob": 18, "Cy": 24}


@pytest.mark.parametrize(("edit", "message"), [
    (lambda log: log.__setitem__(7, DealEnded(number=1, winners={"Bob": 6})),
     "deal 1 ended with winners"),
    (lambda log: log.__setitem__(9, replace(log[9], dealer="Ann")),
     r"Ann deals, but the deal passes to Bob \(rule D3\)"),
    (lambda log: log.__setitem__(9, replace(log[9], pack=str(Pack.standard()))),
     r"the pack does not follow from the last deal: card 7 .*\(rules D4, D5\)"),
    (lambda log: log.__setitem__(8, Lent(lender="Bob", borrower="Cy", amount=3000)),
     "Bob"),
    (lambda log: log.insert(8, Left(player="Ann", amount=17)),
     r"Ann leaves with 19, not 17 \(rule T1\)"),
    (lambda log: log.insert(5, Joined(player="Dan", amount=20)),
     "players join only between deals"),
    (lambda log: log.insert(8, GameNamed(dealer="Bob", game="cards 4 blind")),
     r"dealer's choice is off at this table \(rule T2\)"),
    (lambda log: log.insert(8, GameNamed(dealer="Cy", game=None)),
     r"only the dealer names the game: Bob deals next, not Cy \(rule T2\)"),
    (lambda log: log.insert(8, Kept(player="Bob", hand="old")),
     r"no blind winner holds two hands to choose from \(rule R2\)"),
    (lambda log: log.insert(8, DealEnded(number=1, winners={"Bob": 5})),
     "deal 1 has not ended"),
    (lambda log: log.insert(8, Played(action=Action.parse("Cy fold"))),
     "no deal is in progress"),
])
def test_a_tampered_log_is_refused(edit: object, message: str) -> None:
    log = played_log()
    edit(log)  # type: ignore[operator]
    with pytest.raises(ValueError, match=message):
        Session.replay(ThreeCardDealing(Rules(lending=True)), log)


def test_a_refused_event_changes_nothing() -> None:
    session = Session(ThreeCardDealing(Rules(buy_in=10)), seats=["Ann", "Bob"], buy_ins=20)
    before = (session.events, session.stacks, session.ledger.entries)
    for event in (Joined(player="Cy", amount=5), Left(player="Ann", amount=3),
                  ToppedUp(player="Dan", amount=3), Repaid(borrower="Ann", lender="Bob",
                                                           amount=1)):
        with pytest.raises(ValueError):
            session.append(event)
    assert (session.events, session.stacks, session.ledger.entries) == before


def test_the_session_imports_no_game() -> None:
    """Nothing in bragkit.session switches on a game: it imports no game module and holds no
    game's name (the registry's rule)."""
    import ast
    import inspect

    import bragkit.session
    from bragkit.games import names

    tree = ast.parse(inspect.getsource(bragkit.session))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert imported and not [m for m in imported if m.startswith("bragkit.games.")
                             and m not in ("bragkit.games.protocol",
                                        "bragkit.games.three_card.betting")]
    strings = {node.value for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not strings & set(names())
