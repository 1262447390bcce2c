"""Booking a three-card deal's chips (issue 27, item 3): the session's hook reads the chips of
a deal's operations from its compact log (``ThreeCardDealing.book_since``, through
``DealLog.chips_since``) instead of making every operation's record and booking each. Here it
books exactly what booking each record books: the same ledger entries in the same order, in
random sessions under random house rules (antes, bets, top-ups, loans, wins, carried pots,
kept hands), whether the chips are booked after each action or after a deal's whole run of
them.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.strategies import house_rules

from bragkit.actions import Action, Verb
from bragkit.errors import BragError
from bragkit.games.three_card.dealing import ThreeCardDealing
from bragkit.games.three_card.log import DealLog
from bragkit.games.three_card.rules import Rules
from bragkit.session import Session


class PerOperation(ThreeCardDealing):
    """The hook booking each operation's record (the general path of every game's hook)."""

    book_since = None  # type: ignore[assignment]


SEATS = ["Ann", "Bob", "Cy", "Dee"]


def played(dealing: ThreeCardDealing, seed: int, deals: int
           ) -> tuple[list[str], list[list[Action]]]:
    """The ledger entries of ``deals`` deals of random legal actions (the same for the same
    seed), each action booked as it is played; and each deal's actions."""
    rng = random.Random(seed)
    session = Session(dealing, seats=SEATS[:2 + seed % 3], buy_ins=8)
    runs: list[list[Action]] = []
    for _ in range(deals):
        try:
            game = session.start_deal()
        except BragError:
            break  # someone cannot pay the ante
        runs.append([])
        while not game.over:
            options = game.legal_actions()
            if len(runs[-1]) > 40:  # wind down
                options = [o for o in options if o.verb in (Verb.FOLD, Verb.KEEP)] or options
            if rng.random() < 0.9:  # top-ups now and then: short stacks cover and borrow
                options = [o for o in options if o.verb is not Verb.TOPUP] or options
            option = rng.choice(options)
            low, high = option.min_amount, option.max_amount
            if option.choices is not None:
                action = rng.choice(list(option.choices))
            elif low is None:
                action = option.action()
            else:
                action = option.action(rng.randint(low, low + 4 if high is None else
                                                   min(high, low + 4)))
            runs[-1].append(action)
            session.apply(action)
            moves = game.verifiers  # type: ignore[attr-defined]
            log = DealLog(moves.seats, moves.rules, moves.stock.dealt, moves.hold.face_up_seat,
                          moves.entries)  # the log counts the operations the records are
            assert log.chips_since(0)[1] == len(game.operations)
    return [str(entry) for entry in session.ledger], runs


def replayed(dealing: ThreeCardDealing, seed: int, runs: list[list[Action]]) -> list[str]:
    """The ledger entries of the same deals, each deal's actions handed over at once (a
    record read: :meth:`Session.apply_all`)."""
    session = Session(dealing, seats=SEATS[:2 + seed % 3], buy_ins=8)
    for run in runs:
        session.start_deal()
        session.apply_all(run)
    return [str(entry) for entry in session.ledger]


@given(rules=house_rules(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_booking_from_the_log_books_what_each_record_books(rules: Rules, seed: int) -> None:
    """Rules D2, B2, B5, M1, M4, BL3: the same entries, in the same order, booked after each
    action or after a deal's whole run."""
    fast, runs = played(ThreeCardDealing(rules, rng=seed), seed, 4)
    slow, slow_runs = played(PerOperation(rules, rng=seed), seed, 4)
    assert runs == slow_runs
    assert fast == slow
    assert replayed(ThreeCardDealing(rules, rng=seed), seed, runs) == slow


def test_booking_from_the_log_books_loans_and_kept_hands() -> None:
    """Rules M4, R1, R2, BL3: long sessions with loans, blind hands kept and pots carried."""
    for seed, rules in enumerate([Rules(lending=True, max_bet=6), Rules(cards=4, lending=True),
                                  Rules(retained_blind="face-up", ante=2)]):
        fast, runs = played(ThreeCardDealing(rules, rng=seed), seed, 15)
        slow, _ = played(PerOperation(rules, rng=seed), seed, 15)
        assert fast == slow
        assert replayed(ThreeCardDealing(rules, rng=seed), seed, runs) == slow
        kinds = {entry.split()[3] for entry in fast}
        assert {"ante", "bet", "win"} <= kinds and ("lends" in kinds) is rules.lending


def test_booking_from_the_log_books_a_split_pot() -> None:
    """Rules B8 (an agreed showdown) and B5 (a tie shares the pot): each share is booked."""
    from bragkit.cards import Pack, parse_cards

    # dealt one at a time from the dealer's left: A-K-Q twice (no flush), and 2-3-5
    tie = parse_cards("As Ah 2c Kd Kc 3d Qs Qh 5h")
    pack = [*tie, *(card for card in Pack.standard().cards if card not in tie)]
    books = []
    for hook in (ThreeCardDealing, PerOperation):
        session = Session(hook(Rules(blind=False), pack=pack), seats=["Ann", "Bob", "Cy"],
                          buy_ins=8)
        game = session.start_deal()
        for name in game.players:
            session.apply(Action(player=name, verb=Verb.AGREE))
        assert game.over
        books.append([str(entry) for entry in session.ledger])
    assert books[0] == books[1]
    assert sum(" win " in entry for entry in books[0]) == 2
