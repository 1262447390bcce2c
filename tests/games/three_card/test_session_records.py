"""Tests of the session record ``bhh-session/1``: write, read, replay, refuse (rules T1, D3, D4,
D5, BL3, R1, R2, M1, M4, T2)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bragkit.actions import Action, Verb
from bragkit.cards import JOKER, Pack, parse_cards
from bragkit.cli import app
from bragkit.errors import BragError, IllegalActionError, NotationError
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.session_records import (
    SessionDeal,
    SessionRecord,
    SessionReplay,
    load,
    read_session,
    read_streamed,
    write_session,
)
from bragkit.games.three_card.table import Table
from strategies import house_rules

SESSIONS = Path(__file__).parents[2] / "records" / "sessions"
FILES = sorted(SESSIONS.glob("*.toml"))


def body(text: str) -> str:
    """A record's text without its leading comment lines."""
    lines = text.splitlines(keepends=True)
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return "".join(lines)


def session(seed: int, rules: Rules, deals: int, *, fair: bool = False) -> Table:
    """A random session: random legal play, some seat changes, top-ups and loans."""
    rng = random.Random(seed)
    table = Table(rules, seats=["Ann", "Bob", "Cy"], buy_ins=30, rng=seed, fair=fair)
    extra = ["Dan", "Eve"]
    for _ in range(deals):
        roll = rng.random()
        if roll < 0.1 and extra:
            table.join(extra.pop(), 30, after=rng.choice([None, *table.seats]))
        elif roll < 0.2 and len(table.seats) > 2:
            table.leave(rng.choice(table.seats))
        elif roll < 0.3 and rules.lending:
            lender, borrower = rng.sample(table.seats, 2)
            if table.stacks[lender]:
                table.lend(lender, borrower, 1)
        last = table.current
        if (last is not None and last.result.retained_choice is not None
                and table.retained is not None and rng.random() < .5):  # not left the table
            table.keep("old")
        for name in table.seats:
            if table.stacks[name] < table.next_rules().ante:
                table.topup(name, 10)
        table.start_deal()
        while table.in_deal:
            deal = table.current
            assert deal is not None
            options = [o for o in deal.legal_actions() if o.verb is not Verb.TOPUP]
            folds = [o for o in options if o.verb is Verb.FOLD]
            option = rng.choice(folds if folds and rng.random() < 0.35 else options)
            if option.verb is Verb.DISCARD:
                held = list(deal.cards_of(option.player))  # type: ignore[arg-type]
                action = option.action(cards=rng.sample(held, option.discards))
                while not deal.can_apply(action):
                    action = option.action(cards=rng.sample(held, option.discards))
                table.apply(action)
            elif option.min_amount is not None:
                top = option.max_amount if option.max_amount is not None else option.min_amount
                table.apply(option.action(rng.randint(option.min_amount, top)))
            else:
                table.apply(option.action())
    return table


def same_table(a: Table, b: Table) -> None:
    assert a.seats == b.seats and a.stacks == b.stacks
    assert a.carried_pot == b.carried_pot and a.retained_hand == b.retained_hand
    assert a.pack == b.pack and a.next_dealer == b.next_dealer
    assert a.shuffle_due == b.shuffle_due
    assert a.ledger.entries == b.ledger.entries
    assert [str(e) for e in a.history] == [str(e) for e in b.history]
    assert a.deals == b.deals


# -- round trip and replay ---------------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), deals=st.integers(1, 40),
       rules=st.sampled_from([
           Rules(), Rules(retained_blind="face-up", max_bet=6), Rules(lending=True,
           short_money="fold"), Rules(cards=4, jokers=1), Rules(shuffle="always", wild=("2",)),
           Rules(dealers_choice=True, ante=2),
       ]))
def test_write_read_write_is_identical_and_replays_to_the_same_table(
    seed: int, deals: int, rules: Rules
) -> None:
    """Rule T1: every session the table plays can be written; write → read → write gives the
    same text, and the replay ends where the table did (stacks, pot, kept hand, pack, ledger)."""
    table = session(seed, rules, deals)
    record = SessionRecord.from_table(table)
    text = write_session(record)
    again = read_session(text)
    assert again == record
    assert write_session(again) == text
    same_table(again.replay(), table)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), deals=st.integers(1, 30), rules=house_rules(session=True))
def test_sessions_under_random_house_rules_read_back_and_replay(
    seed: int, deals: int, rules: Rules
) -> None:
    """Issue 19: every session record written under random house rules (up to two jokers,
    W1) reads back to the same text and replays to the same table."""
    table = session(seed, rules, deals)
    text = write_session(SessionRecord.from_table(table))
    again = read_session(text)
    assert write_session(again) == text
    same_table(again.replay(), table)


def test_a_fair_session_round_trips_and_checks_its_proofs() -> None:
    """Commit–reveal: each shuffled deal's proof is written, and replay checks it (D4)."""
    table = session(5, Rules(shuffle="always"), 4, fair=True)
    record = SessionRecord.from_table(table)
    assert all(d.proof is not None for d in record.deals)
    text = write_session(record)
    assert read_session(text) == record
    tampered = text.replace(record.deals[1].proof.server_seed,  # type: ignore[union-attr]
                            "00" * 32)
    with pytest.raises(NotationError, match="deal 2: the fairness proof: the server seed does "
                                            "not match the commitment"):
        read_session(tampered)


def test_a_fair_proof_for_a_kept_hand_leaves_its_cards_out() -> None:
    """Rules D4, R1: a shuffle with a kept blind hand deals from the proof's pack without it."""
    table = Table(Rules(shuffle="always"), seats=["A", "B"], buy_ins=20, fair=True, rng=8)
    deal = table.start_deal()
    blind = deal.to_act
    table.apply(f"{blind} blind 1")
    table.apply(f"{deal.to_act} fold")
    assert table.retained == blind
    held = table.retained_hand
    deal = table.start_deal()
    while table.in_deal:
        table.apply(f"{deal.to_act} fold")
    proof = table.proofs[-1]
    assert proof.deal == 2 and all(card in proof.pack for card in held)
    assert [c for c in proof.pack if c not in held] == list(deal.start.pack)  # type: ignore[arg-type]
    record = SessionRecord.from_table(table)
    assert read_session(write_session(record)) == record


# -- the files under tests/records/sessions ----------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_session_files_replay_and_are_written_as_bragkit_writes_them(path: Path) -> None:
    """Every session file replays (each pack follows from the last, D4, D5) and is in the
    canonical form of write_session."""
    record = load(path)
    assert write_session(record) == body(path.read_text(encoding="utf-8"))


def test_stacked_pack_file_gives_a_the_saved_prial_on_the_sixth_deal() -> None:
    """seeds/002 (rules D4, D5): the session file of the stacked pack; the sixth deal, dealt by
    C, gives A the 46th, 49th and 52nd cards of the first pack."""
    record = load(SESSIONS / "stacked-pack-three.toml")
    first = record.deals[0].record.pack
    assert first is not None
    table = record.replay()
    sixth = table.current
    assert sixth is not None and sixth.dealer == "C" and len(record.deals) == 6
    assert sixth.start.hands["A"] == (first[45], first[48], first[51])
    assert sixth.start.hands["A"] == parse_cards("3s 3h 3d")
    assert [d.record.dealer for d in record.deals] == ["A", "B", "C", "A", "B", "C"]


def test_two_hands_file_keeps_the_old_hand() -> None:
    """Rule R2: the file's "A keeps old" event gives A the old hand at the third deal."""
    record = load(SESSIONS / "two-hands.toml")
    assert record.deals[1].after == ("A keeps old",)
    assert record.deals[2].record.retained == {"A": parse_cards("As Ac Kd")}
    flipped = replace(record, deals=(record.deals[0], replace(record.deals[1], after=()),
                                     record.deals[2]))
    with pytest.raises(NotationError, match=r"deal 3: A kept the blind hand .* \(rule R1\)"):
        flipped.replay()


def test_joins_leaves_loans_file_settles() -> None:
    """Rules M1, M4, T1: the ledger of the file squares, loans included."""
    replay = SessionReplay(load(SESSIONS / "joins-leaves-loans.toml"))
    summary = replay.to_json()
    assert summary["carried_pot"] == 0 and summary["seats"] == ["Dan", "Bob", "Cy"]
    assert summary["debts"] == [{"borrower": "Cy", "lender": "Bob", "amount": 4}]
    assert sum(summary["nets"].values()) == 0
    paid: dict[str, int] = {}
    for p in summary["settlement"]:
        paid[p["payer"]] = paid.get(p["payer"], 0) - p["amount"]
        paid[p["payee"]] = paid.get(p["payee"], 0) + p["amount"]
    assert paid == {n: v for n, v in summary["nets"].items() if v}
    assert "Owed: Cy owes Bob 4 (rule M4)" in replay.describe()


# -- refusals: a mismatch names the deal -------------------------------------------------------


@pytest.fixture()
def record() -> SessionRecord:
    return load(SESSIONS / "joins-leaves-loans.toml")


def with_deal(record: SessionRecord, number: int, **changes: Any) -> SessionRecord:
    deals = list(record.deals)
    deal = deals[number - 1]
    deals[number - 1] = replace(deal, record=replace(deal.record, **changes))
    return replace(record, deals=tuple(deals))


def test_a_tampered_pack_is_refused_naming_the_deal(record: SessionRecord) -> None:
    """Rules D4, D5: an unshuffled deal's pack must be the last deal's next pack."""
    pack = list(record.deals[2].record.pack)  # type: ignore[arg-type]
    pack[4], pack[30] = pack[30], pack[4]
    with pytest.raises(NotationError, match=r"^deal 3: the pack does not follow from the last "
                                            r"deal: card 5 from the top is .*\(rules D4, D5\)$"):
        with_deal(record, 3, pack=tuple(pack)).replay()


def test_a_shuffled_deal_may_have_any_pack(record: SessionRecord) -> None:
    """Rule D4: the first deal is shuffled: any complete pack follows."""
    shuffled = tuple(Pack.shuffled(1))
    changed = with_deal(record, 1, pack=shuffled)
    # deal 1 is accepted; deal 2 no longer follows from it
    with pytest.raises(NotationError, match=r"^deal 2: the pack does not follow"):
        changed.replay()


@pytest.mark.parametrize(("changes", "message"), [
    ({"stacks": (30, 36, 10)}, r"deal 1: Bob's stack is 36, but 35 carried over from the "
                               r"buy-ins \(rule T1\)"),
    ({"dealer": "Ann"}, r"deal 1: Ann deals, but the deal passes to Cy \(rule D3\)"),
    ({"carried_pot": 2}, r"deal 1: carried_pot is 2, but 0 was carried forward from the "
                         r"buy-ins \(rule BL3\)"),
])
def test_a_deal_that_does_not_start_where_the_table_left_off_is_refused(
    record: SessionRecord, changes: dict[str, object], message: str
) -> None:
    """Rules T1, D3, BL3: stacks, the dealer and the carried pot carry over."""
    with pytest.raises(NotationError, match=message):
        with_deal(record, 1, **changes).replay()


def test_a_seat_change_without_an_event_is_refused(record: SessionRecord) -> None:
    """Rule T1: seats change only by joins and leaves between deals."""
    second = record.deals[0]
    bad = replace(record, deals=(replace(second, after=("Bob lends Cy 4",)), *record.deals[1:]))
    with pytest.raises(NotationError, match="deal 2: the players are Ann, Dan, Bob, Cy, but the "
                                            "table's seats are Ann, Bob, Cy"):
        bad.replay()


def test_an_illegal_action_names_the_deal_and_the_action(record: SessionRecord) -> None:
    """An illegal action: "deal N: action M ..." with its rule."""
    actions = list(record.deals[1].record.actions)
    actions[1] = Action.parse("Bob see 4")
    with pytest.raises(IllegalActionError, match=r'^deal 2: action 2 "Bob see 4": ') as error:
        with_deal(record, 2, actions=tuple(actions)).replay()
    assert error.value.rule


@pytest.mark.parametrize(("event", "message"), [
    ("Ann leaves with 15", r'after deal 2: "Ann leaves with 15": Ann leaves with 13, not 15'),
    ("Zed joins 5", r'after deal 2: "Zed joins 5": Zed must bring at least 10 .*\(rule M1\)'),
    ("Cy repays Ann 9", r'after deal 2: "Cy repays Ann 9": .*owes'),
    ("Ann keeps old", r'after deal 2: "Ann keeps old": Ann keeps no blind hand \(rule R2\)'),
])
def test_a_wrong_event_is_refused_naming_it(
    record: SessionRecord, event: str, message: str
) -> None:
    """Rules M1, M4, R2, T1: events between deals are done by the table and checked."""
    second = record.deals[1]
    bad = replace(record, deals=(record.deals[0], replace(second, after=(event,)),
                                 *record.deals[2:]))
    with pytest.raises(NotationError, match=message):
        bad.replay()


def test_an_unfinished_deal_is_only_allowed_last(record: SessionRecord) -> None:
    """Only the last deal of a session may stop before its end (a session saved mid-deal)."""
    first = record.deals[0].record
    cut = with_deal(record, 1, actions=first.actions[:2])
    with pytest.raises(NotationError, match="deal 1 is not over: Cy to act"):
        cut.replay()
    last = replace(cut, deals=(replace(cut.deals[0], after=()),))
    table = last.replay()
    assert table.in_deal and table.current is not None and table.current.to_act == "Cy"
    assert SessionReplay(last).to_json()["settlement"] is None


def test_a_session_saved_mid_deal_replays_to_the_same_point() -> None:
    """A table in the middle of a deal is recorded with that deal last, unfinished; the replay
    stops at the same action with the same stacks and pot."""
    table = Table(Rules(), seats=["A", "B", "C"], buy_ins=20, rng=6)
    table.start_deal()
    table.apply("B bet 2")
    table.apply("C fold")
    table.apply("A fold")
    table.topup("A", 4)
    deal = table.start_deal()
    table.apply(f"{deal.to_act} bet 3")
    record = SessionRecord.from_table(table)
    assert record.deals[0].after == ("A topup 4",) and len(record.deals) == 2
    again = read_session(write_session(record)).replay()
    current = again.current
    assert current is not None and again.in_deal
    assert (current.to_act, current.pot, again.stacks) == (deal.to_act, deal.pot, table.stacks)
    assert current.actions == deal.actions


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace('"bhh-session/1"', '"bhh-session/2"'), "newer version"),
    (lambda t: t.replace("dealer = \"Cy\"\n", "dealer = \"Cy\"\ncolour = 1\n", 1),
     "colour: unknown key"),
    (lambda t: t.replace('"Bob topup 5"', '"Bob tops up 5"'), "not an event"),
    (lambda t: t.replace('pack = "As', 'hands = { Ann = "As Ah Ad", Bob = "Ac Ks Kh", Cy = '
                         '"Kd Kc Qs" }\n# pack = "As', 1), "records the pack, not hands"),
    (lambda t: t.replace("buy_ins = [30, 30, 10]", "buy_ins = [30, 30]"), "buy_ins: 2 buy-ins"),
    (lambda t: t.replace('variant = "three-card"', 'variant = "six-card"', 1),
     "deal 1: variant"),
])
def test_malformed_files_are_refused_with_one_clear_message(edit: object, message: str) -> None:
    """A malformed record is a NotationError naming what is wrong."""
    text = (SESSIONS / "joins-leaves-loans.toml").read_text(encoding="utf-8")
    bad = edit(text)  # type: ignore[operator]
    assert bad != text
    with pytest.raises(NotationError, match=message):
        read_session(bad)


def test_the_record_dataclasses_check_their_fields() -> None:
    """Frozen records, checked on construction."""
    with pytest.raises(NotationError, match="not an event"):
        SessionDeal(record=load(SESSIONS / "two-hands.toml").deals[0].record, after=("hello",))
    with pytest.raises(NotationError, match="dealer"):
        SessionRecord(seats=("A", "B"), buy_ins=(1, 1), dealer="C")


# -- bragkit replay ----------------------------------------------------------------------------


def test_bragkit_replay_prints_a_session_and_its_json(tmp_path: Path) -> None:
    """`bragkit replay` reads the format key and replays the session (docs/sessions.md)."""
    runner = CliRunner()
    path = SESSIONS / "stacked-pack-three.toml"
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "Deal 6, C deals: no winner; 4 carried forward; A keeps a blind hand" in result.output
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0
    summary = json.loads(result.output)
    assert [d["dealer"] for d in summary["deals"]] == ["A", "B", "C", "A", "B", "C"]
    assert summary["retained"] == "A" and summary["carried_pot"] == 4
    assert summary["settlement"] is None
    assert [d["shuffled"] for d in summary["deals"]] == [True] + [False] * 5


def test_bragkit_replay_refuses_a_tampered_session_in_one_line(tmp_path: Path) -> None:
    """A pack that does not follow: exit status 2, one line on stderr naming the deal."""
    text = (SESSIONS / "stacked-pack-three.toml").read_text(encoding="utf-8")
    packs = re.findall(r'^pack = "(.*)"$', text, flags=re.MULTILINE)
    cards = packs[3].split()
    cards[0], cards[1] = cards[1], cards[0]
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(packs[3], " ".join(cards)), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("bragkit: deal 4: the pack does not follow from the last deal")


def test_a_loan_before_keeping_a_hand_is_kept_in_the_books_rules_M4_R2() -> None:
    """A loan made between deals, before the blind winner chose which of two hands to keep
    (R2), stays in the table's stacks: the next deal's bets agree with the ledger (found by
    Hypothesis: the choice used to put back the stacks the deal ended with)."""
    rules = Rules(short_money="fold", lending=True)
    table = session(1000, rules, 34)
    books = table.ledger.stacks()
    assert table.stacks == {name: books[name] for name in table.stacks}


def test_a_kept_joker_with_the_other_in_the_pack_reads_back_rules_W1_R1() -> None:
    """Issue 19: with two jokers and a kept blind hand holding one of them (BL3, R1), the
    table's own pack starts the next deal and the session record reads back and replays."""
    rules = Rules(jokers=2)
    plain = [c for c in Pack.standard(jokers=2) if c != JOKER]
    order = [plain[0], JOKER, *plain[1:], JOKER]  # Bob, second from the dealer's left, gets Jk
    table = Table(rules, seats=["Ann", "Bob"], buy_ins=50, dealer="Bob",
                  pack=Pack(order, jokers=2))
    table.start_deal()
    table.apply("Ann fold")  # Bob wins blind and keeps a hand with a joker (BL3, R1)
    assert table.retained == "Bob" and JOKER in table.current.cards_of("Bob")
    table.start_deal(pack=table.pack)  # the table's own pack (D4, D5)
    assert table.deal_number == 2
    text = write_session(SessionRecord.from_table(table))
    again = read_session(text)
    assert write_session(again) == text


def _first_refusal(record: SessionRecord, number: int) -> tuple[type[Exception], str, int]:
    """What replaying deal ``number`` of ``record`` an action at a time (the table's own apply,
    a showdown as everyone's agreement) first refuses: the error's type, rule and the action's
    number; (type(None), "", 0) if none is."""
    from bragkit.games.three_card.record_moves import agreements

    table = replace(record, deals=tuple(record.deals[:number - 1])).replay()
    deal = record.deals[number - 1].record
    table.start_deal(pack=deal.pack, rules=deal.rules)
    for index, action in enumerate(deal.actions, 1):
        current = table.current
        assert current is not None
        try:
            if action.verb is Verb.SHOWDOWN:
                for agreement in agreements(current) or [action]:
                    table.apply(agreement)
            else:
                table.apply(action)
        except IllegalActionError as error:
            return IllegalActionError, error.rule or "", index
        except BragError:
            return NotationError, "", index
    return type(None), "", 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), pick=st.integers(0, 2**30), at=st.integers(0, 2**30),
       verb=st.sampled_from(["fold", "look", "agree", "bet 1", "bet 40", "see 2", "blind 3",
                             "showdown"]))
def test_a_deal_refuses_an_action_inserted_where_an_action_at_a_time_does(
        seed: int, pick: int, at: int, verb: str) -> None:
    """A deal's actions are replayed up to a showdown at once (Session.apply_all): an action
    inserted anywhere is refused naming the deal and the action an action-at-a-time replay
    refuses first, with its rule (or replays as it does)."""
    record = SessionRecord.from_table(session(seed, Rules(), 5))
    number = pick % len(record.deals) + 1
    deal = record.deals[number - 1].record
    player = deal.players[pick % len(deal.players)]
    inserted = Action.parse(verb if verb == "showdown" else f"{player} {verb}")
    actions = list(deal.actions)
    actions.insert(at % (len(actions) + 1), inserted)
    bad = with_deal(record, number, actions=tuple(actions))
    kind, rule, index = _first_refusal(bad, number)
    if kind is type(None):
        try:
            bad.replay()
        except NotationError as error:  # a later check: the stacks the next deal starts with
            assert not str(error).startswith(f"deal {number}: action")
        return
    with pytest.raises(BragError) as error:
        bad.replay()
    assert type(error.value) is kind
    assert str(error.value).startswith(f'deal {number}: action {index} "{actions[index - 1]}": ')
    if kind is IllegalActionError:
        assert error.value.rule == rule  # type: ignore[attr-defined]


def test_reading_a_text_refuses_an_illegal_action_naming_its_rule(record: SessionRecord) -> None:
    """A text read a deal at a time, by a table that only counts its deals and events (issue 27,
    item 3), still checks every action: an illegal one is refused as replaying the record
    refuses it, naming the deal, the action and the rule."""
    actions = list(record.deals[1].record.actions)
    actions[1] = Action.parse("Bob see 4")
    bad = with_deal(record, 2, actions=tuple(actions))
    with pytest.raises(IllegalActionError) as expected:
        bad.replay()
    with pytest.raises(IllegalActionError, match=r'^deal 2: action 2 "Bob see 4": ') as error:
        read_session(write_session(bad))
    assert str(error.value) == str(expected.value) and error.value.rule == expected.value.rule


def test_the_table_of_a_text_read_counts_what_it_does_not_keep(record: SessionRecord) -> None:
    """The table replaying a text for read_session counts its deals and events without
    keeping them; the one a replay keeps (bragkit replay) keeps them: the same counts."""
    text = write_session(record)
    kept = read_streamed(text)
    counted = read_streamed(text, table_deals=False)
    assert kept is not None and counted is not None
    assert kept[0] == counted[0] == record
    assert kept[1].deal_number == counted[1].deal_number == len(record.deals)
    assert kept[1].session.event_count == counted[1].session.event_count
    assert kept[1].stacks == counted[1].stacks
    with pytest.raises(LookupError):
        counted[1].session.events  # noqa: B018 - an event before the last deal, not kept
