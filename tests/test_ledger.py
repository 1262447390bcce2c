"""Tests of the ledger and the settlement (rules M1, M4, T1; BL3 for carried pots)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.errors import BragError
from bragkit.ledger import (
    EXACT_LIMIT,
    Entry,
    Kind,
    Ledger,
    LedgerError,
    Payment,
    settle,
)

# -- helpers ---------------------------------------------------------------------------------


def seated(**stacks: int) -> Ledger:
    ledger = Ledger()
    for name, amount in stacks.items():
        ledger.buy_in(name, amount)
    return ledger


def received(payments: list[Payment]) -> dict[str, int]:
    """What each name ends up receiving (negative: paying) from a list of payments."""
    out: dict[str, int] = {}
    for p in payments:
        out[p.payee] = out.get(p.payee, 0) + p.amount
        out[p.payer] = out.get(p.payer, 0) - p.amount
    return out


def assert_squares(nets: dict[str, int], payments: list[Payment]) -> None:
    got = received(payments)
    for name, net in nets.items():
        assert got.get(name, 0) == net, (name, net, payments)
    assert set(got) <= set(nets)
    assert all(p.amount > 0 and p.payer != p.payee for p in payments)


def set_partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every partition of ``items`` into non-empty blocks (brute force, for small lists)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]


def brute_force_minimum(nets: dict[str, int]) -> int:
    """The fewest payments, from every partition into zero-sum blocks (a block of m players
    needs m - 1 payments, and the payments of a settlement split the players into such blocks)."""
    values = [v for v in nets.values() if v]
    best = 0
    for partition in set_partitions(list(range(len(values)))):
        if all(sum(values[i] for i in block) == 0 for block in partition):
            best = max(best, len(partition))
    return len(values) - best


def check_invariants(ledger: Ledger) -> None:
    """The invariants of the module docstring, and the totals recomputed from the entries."""
    nets = ledger.nets()
    for name in ledger.players:
        assert ledger.stack(name) >= 0
        assert ledger.net(name) == (
            ledger.stack(name) + ledger.cashed_out(name) - ledger.brought(name)
            + ledger.owed_to(name) - ledger.owed_by(name)
        )
        mine = [e for e in ledger.entries if e.player == name]
        won = sum(e.amount for e in mine if e.kind is Kind.WIN)
        put_in = sum(e.amount for e in mine if e.kind in (Kind.ANTE, Kind.BET))
        assert nets[name] == won - put_in
    assert sum(nets.values()) + ledger.in_pot == 0
    on_table = sum(ledger.stack(n) + ledger.cashed_out(n) for n in ledger.players)
    assert on_table + ledger.in_pot == sum(ledger.brought(n) for n in ledger.players)


# -- recording (M1, D2, B2, M4) -------------------------------------------------------------


def test_buy_in_and_top_up_rule_m1() -> None:
    ledger = seated(Andy=50)
    ledger.top_up("Andy", 20)
    ledger.top_up("Andy", 5)
    assert ledger.brought("Andy") == 75
    assert ledger.stack("Andy") == 75
    assert ledger.net("Andy") == 0
    assert [e.kind for e in ledger] == [Kind.BUY_IN, Kind.TOP_UP, Kind.TOP_UP]


def test_second_buy_in_is_refused_rule_m1() -> None:
    ledger = seated(Andy=50)
    with pytest.raises(LedgerError, match="top-up"):
        ledger.buy_in("Andy", 10)
    with pytest.raises(LedgerError, match="Bill has not bought in"):
        ledger.top_up("Bill", 10)


@pytest.mark.parametrize("amount", [0, -1, 1.5, True, "3"])
def test_amounts_are_positive_whole_chips(amount: object) -> None:
    ledger = seated(Andy=50)
    with pytest.raises(LedgerError, match="positive whole number"):
        ledger.bet("Andy", amount)  # type: ignore[arg-type]
    assert len(ledger) == 1


def test_cannot_spend_chips_one_does_not_have_and_nothing_changes() -> None:
    ledger = seated(Andy=5, Bill=5)
    ledger.ante("Andy", 1)
    before = (ledger.entries, ledger.stacks(), ledger.in_pot)
    with pytest.raises(LedgerError, match="stack is 4"):
        ledger.bet("Andy", 5)
    with pytest.raises(LedgerError, match="the pot holds 1"):
        ledger.win("Bill", 2)
    with pytest.raises(LedgerError, match="stack is 4"):
        ledger.cash_out("Andy", 6)
    with pytest.raises(LedgerError, match="cannot loan"):
        ledger.lend("Andy", "Bill", 6)
    assert (ledger.entries, ledger.stacks(), ledger.in_pot) == before


def test_pot_and_win_move_chips_rules_d2_b5() -> None:
    ledger = seated(Andy=20, Bill=20, Chris=20)
    ledger.begin_deal()
    for name in ("Andy", "Bill", "Chris"):
        ledger.ante(name, 1)
    ledger.bet("Andy", 2)
    ledger.bet("Bill", 4)
    assert ledger.in_pot == 9
    ledger.win("Bill", 9)
    assert ledger.in_pot == 0
    assert ledger.stacks() == {"Andy": 17, "Bill": 24, "Chris": 19}
    assert ledger.nets() == {"Andy": -3, "Bill": 4, "Chris": -1}
    check_invariants(ledger)


def test_split_pot_is_two_wins_rule_b8() -> None:
    ledger = seated(Andy=10, Bill=10, Chris=10)
    for name in ("Andy", "Bill", "Chris"):
        ledger.bet(name, 3)
    ledger.win("Andy", 5)  # the odd chip to the first from the dealer's left
    ledger.win("Bill", 4)
    assert ledger.nets() == {"Andy": 2, "Bill": 1, "Chris": -3}
    check_invariants(ledger)


def test_carried_pot_stays_in_the_pot_between_deals_rule_bl3() -> None:
    ledger = seated(Andy=10, Bill=10)
    ledger.begin_deal(1)
    ledger.ante("Andy", 1)
    ledger.ante("Bill", 1)
    ledger.bet("Andy", 2)  # Bill (blind) wins by a fold: the pot is carried (BL3)
    ledger.begin_deal(2)
    ledger.ante("Andy", 1)
    ledger.ante("Bill", 1)
    assert ledger.in_pot == 6
    assert sum(ledger.nets().values()) == -6
    with pytest.raises(LedgerError, match="6 chips are still in the pot"):
        ledger.settlement()
    ledger.win("Bill", 6)
    assert ledger.nets() == {"Andy": -4, "Bill": 4}
    check_invariants(ledger)


def test_loan_is_a_debt_not_a_win_or_a_loss_rule_m4() -> None:
    ledger = seated(Andy=30, Bill=5)
    ledger.lend("Andy", "Bill", 10)
    assert ledger.stacks() == {"Andy": 20, "Bill": 15}
    assert ledger.nets() == {"Andy": 0, "Bill": 0}
    assert ledger.debts() == {("Bill", "Andy"): 10}
    assert (ledger.owed_to("Andy"), ledger.owed_by("Bill")) == (10, 10)
    ledger.repay("Bill", "Andy", 4)
    assert ledger.debts() == {("Bill", "Andy"): 6}
    ledger.repay("Bill", "Andy")  # the rest
    assert ledger.debts() == {}
    assert ledger.stacks() == {"Andy": 30, "Bill": 5}
    check_invariants(ledger)


def test_repayments_are_checked_rule_m4() -> None:
    ledger = seated(Andy=30, Bill=5)
    with pytest.raises(LedgerError, match="owes Andy nothing"):
        ledger.repay("Bill", "Andy")
    ledger.lend("Andy", "Bill", 10)
    with pytest.raises(LedgerError, match="owes 10"):
        ledger.repay("Bill", "Andy", 11)
    ledger.bet("Bill", 14)
    with pytest.raises(LedgerError, match="stack is 1"):
        ledger.repay("Bill", "Andy", 2)
    with pytest.raises(LedgerError, match="themselves"):
        ledger.lend("Andy", "Andy", 1)


def test_cash_out_takes_the_stack_by_default() -> None:
    ledger = seated(Andy=30)
    ledger.cash_out("Andy", 10)
    ledger.cash_out("Andy")
    assert ledger.stack("Andy") == 0
    assert ledger.cashed_out("Andy") == 30
    with pytest.raises(LedgerError, match="no chips"):
        ledger.cash_out("Andy")


def test_entries_carry_the_deal_number_and_deals_never_go_back() -> None:
    ledger = seated(Andy=30, Bill=30)
    assert ledger.deal == 0
    assert ledger.begin_deal() == 1
    ledger.ante("Andy", 1)
    assert ledger.begin_deal(4) == 4
    ledger.ante("Bill", 1)
    assert [e.deal for e in ledger] == [0, 0, 1, 4]
    with pytest.raises(LedgerError, match="comes before"):
        ledger.begin_deal(3)
    with pytest.raises(LedgerError, match="after deal 4"):
        ledger.append(Entry(kind=Kind.TOP_UP, player="Andy", amount=1, deal=2))


def test_until_gives_the_session_as_it_stood() -> None:
    ledger = seated(Andy=30, Bill=30)
    ledger.begin_deal()
    ledger.bet("Andy", 5)
    ledger.win("Bill", 5)
    ledger.begin_deal()
    ledger.bet("Bill", 7)
    ledger.win("Andy", 7)
    assert ledger.until(0).nets() == {"Andy": 0, "Bill": 0}
    assert ledger.until(1).nets() == {"Andy": -5, "Bill": 5}
    assert ledger.until(2).nets() == {"Andy": 2, "Bill": -2}


def test_entry_text_and_records() -> None:
    loan = Entry(kind=Kind.LOAN, player="Bill", lender="Chris", amount=10, deal=3)
    repay = Entry(kind=Kind.REPAYMENT, player="Bill", lender="Chris", amount=4, deal=5)
    ante = Entry(kind=Kind.ANTE, player="Andy", amount=1, deal=3)
    assert [str(e) for e in (loan, repay, ante)] == [
        "deal 3: Chris lends Bill 10",
        "deal 5: Bill repays Chris 4",
        "deal 3: Andy ante 1",
    ]
    assert ante.to_dict() == {"deal": 3, "kind": "ante", "player": "Andy", "amount": 1}
    assert Entry.from_dict(loan.to_dict()) == loan
    with pytest.raises(LedgerError, match="has no lender"):
        Entry(kind=Kind.BET, player="Andy", amount=1, lender="Bill")
    with pytest.raises(LedgerError, match="lender needs a name"):
        Entry(kind=Kind.LOAN, player="Andy", amount=1)
    with pytest.raises(LedgerError, match="not a ledger entry"):
        Entry.from_dict({"kind": "tip", "player": "Andy", "amount": 1})


def test_records_are_replayed_through_the_checks() -> None:
    ledger = seated(Andy=10, Bill=10)
    ledger.begin_deal()
    ledger.bet("Andy", 3)
    ledger.win("Bill", 3)
    data = ledger.to_dicts()
    assert Ledger.from_dicts(data) == ledger
    assert str(Ledger.from_dicts(data)) == str(ledger)
    # A record that spends chips no one has is refused on reading.
    data[2]["amount"] = 30
    with pytest.raises(LedgerError, match="stack is 10"):
        Ledger.from_dicts(data)


def test_errors_are_brag_errors() -> None:
    assert issubclass(LedgerError, BragError)
    assert issubclass(LedgerError, ValueError)


# -- settlement (T1, M4) --------------------------------------------------------------------


def test_settle_examples() -> None:
    assert settle({}) == []
    assert settle({"Andy": 0, "Bill": 0}) == []
    assert settle({"Andy": 10, "Bill": -10}) == [Payment(payer="Bill", payee="Andy", amount=10)]
    payments = settle({"Andy": 10, "Bill": -4, "Chris": -6})
    assert [str(p) for p in payments] == ["Bill pays Andy 4", "Chris pays Andy 6"]


def test_settle_refuses_nets_that_do_not_sum_to_zero() -> None:
    with pytest.raises(LedgerError, match="sum to 1"):
        settle({"Andy": 3, "Bill": -2})
    with pytest.raises(LedgerError, match="whole number"):
        settle({"Andy": 1.0, "Bill": -1})  # type: ignore[dict-item]


def test_exact_settlement_beats_greedy_where_groups_hide() -> None:
    # Two zero-sum groups of three: 4 payments. Biggest-to-biggest alone needs 5.
    nets = {"A": 5, "B": -2, "C": -3, "D": 4, "E": -1, "F": -3}
    exact = settle(nets)
    greedy = settle(nets, exact_limit=0)
    assert_squares(nets, exact)
    assert_squares(nets, greedy)
    assert len(exact) == 4 == brute_force_minimum(nets)
    assert len(greedy) == 5
    assert {frozenset((p.payer, p.payee)) for p in exact} <= {
        frozenset(pair) for pair in itertools.combinations("ABC", 2)
    } | {frozenset(pair) for pair in itertools.combinations("DEF", 2)}


def test_settlement_is_deterministic_whatever_the_order_of_names() -> None:
    nets = {"Andy": 7, "Bill": -3, "Chris": -4, "Dan": 2, "Eddie": -2}
    backwards = dict(reversed(list(nets.items())))
    assert settle(nets) == settle(backwards)


def test_exact_search_at_the_limit_finds_hidden_groups() -> None:
    # EXACT_LIMIT players made of seven zero-sum groups, names shuffled so groups are not
    # neighbours: at most 18 - 7 = 11 payments.
    groups = [[9, -4, -5], [3, -3], [8, -1, -7], [11, -6, -5], [2, -2], [10, -10], [6, -2, -4]]
    values = [v for group in groups for v in group]
    assert len(values) == EXACT_LIMIT
    order = [(i * 7) % len(values) for i in range(len(values))]
    nets = {f"p{order[i]:02}": v for i, v in enumerate(values)}
    payments = settle(nets)
    assert_squares(nets, payments)
    assert len(payments) <= len(values) - len(groups)


def test_many_players_fall_back_to_greedy_and_still_square() -> None:
    values = [(i * 37) % 23 - 11 for i in range(40)]
    values[-1] -= sum(values)
    nets = {f"p{i}": v for i, v in enumerate(values)}
    payments = settle(nets)
    assert_squares(nets, payments)
    assert len(payments) <= len([v for v in values if v]) - 1


@st.composite
def zero_sum_nets(draw: st.DrawFn, max_players: int = 8, bound: int = 12) -> dict[str, int]:
    """Nets that sum to zero; small values so zero-sum groups are common."""
    n = draw(st.integers(0, max_players))
    if n == 0:
        return {}
    values = draw(st.lists(st.integers(-bound, bound), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    names = draw(st.permutations([f"P{i}" for i in range(n)]))
    return dict(zip(names, values, strict=True))


@settings(max_examples=300, deadline=None)
@given(zero_sum_nets())
def test_settle_squares_every_net_with_the_fewest_payments(nets: dict[str, int]) -> None:
    payments = settle(nets)
    assert_squares(nets, payments)
    k = len([v for v in nets.values() if v])
    assert len(payments) <= max(0, k - 1)
    assert len(payments) == brute_force_minimum(nets)


@settings(max_examples=100, deadline=None)
@given(zero_sum_nets(max_players=30, bound=50))
def test_greedy_fallback_squares_in_at_most_k_minus_one(nets: dict[str, int]) -> None:
    payments = settle(nets, exact_limit=0)
    assert_squares(nets, payments)
    assert len(payments) <= max(0, len([v for v in nets.values() if v]) - 1)


def test_ledger_settlement_on_credit_and_with_cash_on_the_table_rules_m4_t1() -> None:
    # Andy lends Chris 10 (M4); Chris loses it all to Bill.
    ledger = seated(Andy=20, Bill=20, Chris=5)
    ledger.begin_deal()
    ledger.lend("Andy", "Chris", 10)
    ledger.bet("Chris", 15)
    ledger.bet("Bill", 1)
    ledger.win("Bill", 16)
    assert ledger.nets() == {"Andy": 0, "Bill": 15, "Chris": -15}
    # On credit each is squared to their net: the loan is inside Chris's net.
    assert ledger.settlement() == [Payment(payer="Chris", payee="Bill", amount=15)]
    # Cash on the table: Bill walks away with 35, Andy with 10, Chris with 0; only the loan is
    # left to square.
    assert ledger.balances(cash_on_table=True) == {"Andy": 10, "Bill": 0, "Chris": -10}
    assert ledger.settlement(cash_on_table=True) == [
        Payment(payer="Chris", payee="Andy", amount=10)
    ]


def test_loans_between_the_same_two_players_net_out_in_the_settlement() -> None:
    ledger = seated(Andy=20, Bill=20)
    ledger.lend("Andy", "Bill", 10)
    ledger.lend("Bill", "Andy", 4)
    assert ledger.debts() == {("Bill", "Andy"): 10, ("Andy", "Bill"): 4}
    assert ledger.settlement(cash_on_table=True) == [Payment(payer="Bill", payee="Andy", amount=6)]
    assert ledger.settlement() == []


# -- the ledger under random sessions (Hypothesis) -----------------------------------------

NAMES = ["A", "B", "C", "D"]
amounts = st.integers(1, 30)
operations = st.one_of(
    st.tuples(st.just("buy_in"), st.sampled_from(NAMES), amounts),
    st.tuples(st.just("top_up"), st.sampled_from(NAMES), amounts),
    st.tuples(st.just("ante"), st.sampled_from(NAMES), st.integers(1, 3)),
    st.tuples(st.just("bet"), st.sampled_from(NAMES), amounts),
    st.tuples(st.just("win"), st.sampled_from(NAMES), amounts),
    st.tuples(st.just("win_all"), st.sampled_from(NAMES)),
    st.tuples(st.just("lend"), st.sampled_from(NAMES), st.sampled_from(NAMES), amounts),
    st.tuples(st.just("repay"), st.sampled_from(NAMES), st.sampled_from(NAMES),
              st.none() | amounts),
    st.tuples(st.just("cash_out"), st.sampled_from(NAMES), st.none() | amounts),
    st.tuples(st.just("deal")),
)


def run(ledger: Ledger, op: tuple[object, ...]) -> None:
    kind, *args = op
    if kind == "deal":
        ledger.begin_deal()
    elif kind == "win_all":
        ledger.win(str(args[0]), ledger.in_pot)
    else:
        getattr(ledger, str(kind))(*args)


@settings(max_examples=200, deadline=None)
@given(st.lists(operations, max_size=60))
def test_random_sessions_keep_every_invariant_and_settle_square(
    ops: list[tuple[object, ...]],
) -> None:
    ledger = Ledger()
    for op in ops:
        before = (ledger.entries, ledger.stacks(), ledger.debts(), ledger.in_pot)
        try:
            run(ledger, op)
        except LedgerError:
            assert (ledger.entries, ledger.stacks(), ledger.debts(), ledger.in_pot) == before
        check_invariants(ledger)
    if not ledger.players:
        return
    if ledger.in_pot:
        ledger.win(ledger.players[0], ledger.in_pot)
    assert sum(ledger.nets().values()) == 0
    assert Ledger.from_dicts(ledger.to_dicts()) == ledger
    for deal in {e.deal for e in ledger}:
        earlier = Ledger(e for e in ledger if e.deal <= deal)
        assert ledger.until(deal).nets() == earlier.nets()
    nets = ledger.nets()
    # On credit: each player receives exactly their net.
    assert_squares(nets, ledger.settlement())
    # Cash on the table: everyone takes their stack home; then the settlement makes each
    # player's pocket change exactly their net.
    cash = ledger.settlement(cash_on_table=True)
    for name in ledger.players:
        if ledger.stack(name):
            ledger.cash_out(name)
    paid = received(cash)
    for name in ledger.players:
        pocket = ledger.cashed_out(name) - ledger.brought(name) + paid.get(name, 0)
        assert pocket == nets[name]


_LONG_WAY = {Kind.ANTE: Ledger.ante, Kind.BET: Ledger.bet, Kind.WIN: Ledger.win,
             Kind.TOP_UP: Ledger.top_up, Kind.CASH_OUT: Ledger.cash_out}


@given(st.lists(st.tuples(st.sampled_from(list(_LONG_WAY)), st.sampled_from(["Ann", "Bob", "Cy"]),
                          st.integers(-2, 12)), max_size=30))
def test_book_records_what_the_long_way_does(steps: list[tuple[Kind, str, int]]) -> None:
    """Ledger.book (a session's deal booked as it is played) records the entry the named method
    would, with the same checks: the same entries, totals and refusals."""
    fast, slow = Ledger(), Ledger()
    for ledger in (fast, slow):
        ledger.buy_in("Ann", 10)
        ledger.buy_in("Bob", 3)  # Cy has not bought in
        ledger.begin_deal()
    for kind, player, amount in steps:
        outcomes: list[str | None] = []
        for ledger in (fast, slow):
            try:
                if ledger is fast:
                    fast.book(kind, player, amount)
                else:
                    _LONG_WAY[kind](slow, player, amount)
                outcomes.append(None)
            except BragError as error:
                outcomes.append(str(error))
        assert outcomes[0] == outcomes[1]
        assert fast.entries == slow.entries and fast.in_pot == slow.in_pot
        assert [fast.stack(p) for p in ("Ann", "Bob")] == [slow.stack(p) for p in ("Ann", "Bob")]
