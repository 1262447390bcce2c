"""Tests of bragkit.web.seats: who sits where, and the clockwise order of new players (D3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bragkit.web.events import Viewer
from bragkit.web.protocol import ProtocolError
from bragkit.web.seats import Seat, Seats


def seat(position: int, name: str, *, token: str | None = None, bot: str | None = None) -> Seat:
    return Seat(position=position, name=name, token_hash=token, bot=bot, buy_in=20)


@given(st.lists(st.integers(0, 9), min_size=1, max_size=10, unique=True))
def test_players_joining_in_any_order_sit_clockwise_by_seat_number_rule_D3(
        positions: list[int]) -> None:
    seats = Seats(10)
    table: list[str] = []  # the Table's clockwise order, as Table.join(after=...) builds it
    for position in positions:
        new = seat(position, f"P{position}")
        seats.add(new)
        after = seats.place(new, table)
        if after is None:
            assert table == []
            table.append(new.name)
        else:
            table.insert(table.index(after) + 1, new.name)
    order = [int(name[1:]) for name in table]
    start = order.index(min(order))
    assert order[start:] + order[:start] == sorted(positions)


def test_a_player_still_joining_is_not_a_neighbour_yet() -> None:
    seats = Seats(6)
    seats.add(seat(0, "Ann"))
    waiting = seat(2, "Bob")
    waiting.joining = True
    seats.add(waiting)
    new = seat(3, "Cy")
    seats.add(new)
    assert seats.place(new, ["Ann", "Bob"]) == "Ann"


def test_a_seat_must_exist_and_be_free() -> None:
    seats = Seats(4)
    seats.add(seat(1, "Ann"))
    for bad in (4, -1, "1"):
        with pytest.raises(ProtocolError, match="there is no seat"):
            seats.check_free(bad, re="x")  # type: ignore[arg-type]
    with pytest.raises(ProtocolError, match="taken by Ann") as info:
        seats.check_free(1, re="x")
    assert info.value.re == "x"
    seats.check_free(0, re="x")


def test_names_are_unique_whatever_their_case_but_a_player_may_come_back_rule_M1() -> None:
    seats = Seats(4)
    seats.add(seat(0, "Ann", token="a" * 64))
    with pytest.raises(ProtocolError, match="ANN is taken"):
        seats.check_name("ANN", (), re=None, token_hash="z" * 64)
    bob = seat(1, "Bob", token="b" * 64)
    seats.add(bob)
    seats.remove(bob)  # Bob left; the ledger carries his account on (M1)
    seats.check_name("Bob", ["Bob"], re=None, token_hash="b" * 64)
    with pytest.raises(ProtocolError, match="you played at this table as Bob"):
        seats.check_name("bob", ["Bob"], re=None, token_hash="b" * 64)


def test_a_name_belongs_to_its_token_for_the_life_of_the_table_rule_M1() -> None:
    seats = Seats(4)
    bob = seat(1, "Bob", token="b" * 64)
    seats.add(bob)
    seats.remove(bob)
    for name in ("Bob", "BOB", "B0b"):  # a stranger after Bob left: neither Bob nor a look-alike
        with pytest.raises(ProtocolError, match=r"taken|looks like"):
            seats.check_name(name, ["Bob"], re=None, token_hash="c" * 64)
    with pytest.raises(ProtocolError, match="taken"):  # without a token: no one's name
        seats.check_name("Bob", ["Bob"], re=None)


@pytest.mark.parametrize("look_alike",
                         ["\u0410nn", "B\u03bfb", "\uff23y", "\u0421y", "\U0001d400nn"])
def test_look_alike_names_are_refused_uts39(look_alike: str) -> None:
    seats = Seats(6)
    for position, name in enumerate(("Ann", "Bob", "Cy")):
        seats.add(seat(position, name, token=str(position) * 64))
    with pytest.raises(ProtocolError, match=r"looks like|taken"):
        seats.check_name(look_alike, (), re=None, token_hash="f" * 64)
    seats.check_name("Anne", (), re=None, token_hash="f" * 64)  # a different name is fine


def test_a_bot_never_gets_a_name_that_looks_like_a_players() -> None:
    seats = Seats(4)
    seats.add(seat(0, "random bot", token="a" * 64))
    assert seats.bot_name("random", ()) == "Random bot II"


def test_bots_of_one_kind_are_numbered_in_roman_never_in_digits() -> None:
    """(Issue 24 item 2, found in a screenshot) "31 count: Random bot 2 38, Random bot 3 22"
    and "points: Random bot 3 · Random bot 2 1" read a seat's number as its count or points:
    a second bot of a kind is its kind's II, as at the terminal's table."""
    seats = Seats(6)
    for position in range(6):
        name = seats.bot_name("random", ())
        seats.add(seat(position, name, bot="random"))
    assert list(seats.names.values()) == ["Random bot", "Random bot II", "Random bot III",
                                          "Random bot IV", "Random bot V", "Random bot VI"]


def test_a_bot_gets_a_name_no_one_ever_had() -> None:
    seats = Seats(4)
    seats.add(seat(0, "Shark bot", bot="shark"))
    assert seats.bot_name("shark", ["Shark bot II"]) == "Shark bot III"
    assert seats.bot_name("bold", ()) == "Bold bot"
    assert seats.bots == {"Shark bot": "shark"}


def test_a_seat_is_held_by_its_token_only() -> None:
    seats = Seats(4)
    seats.add(seat(0, "Ann", token="a" * 64))
    seats.add(seat(1, "Bot", bot="random"))
    ann = seats.viewer("a" * 64, host=True)
    assert ann == Viewer(name="Ann", token_hash="a" * 64, host=True)
    assert seats.held(ann, re="x").position == 0
    assert seats.viewer("b" * 64) == Viewer()
    for impostor in (Viewer(name="Ann", token_hash="b" * 64), Viewer(name="Bot"), Viewer()):
        with pytest.raises(ProtocolError) as info:
            seats.held(impostor, re="x")
        assert info.value.code == "forbidden"


def test_seats_are_listed_by_number_and_iterated_in_the_order_taken() -> None:
    seats = Seats(6)
    for position, name in ((4, "Cy"), (0, "Ann"), (2, "Bob")):
        seats.add(seat(position, name))
    assert seats.names == {0: "Ann", 2: "Bob", 4: "Cy"}
    assert [s.name for s in seats] == ["Cy", "Ann", "Bob"]
    seats.remove(seats[0])
    assert 0 not in seats and len(seats) == 2
