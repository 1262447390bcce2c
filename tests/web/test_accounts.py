"""Accounts, sessions, cookies and the limits on signing in, as units (bragkit.web.accounts,
sessions, cookies, limits): argon2id hashes, one answer and one hash's work for a wrong name
and a wrong password, names under the seat names' look-alike rule (UTS #39), a deleted
account's name kept from new accounts, sessions stored hashed and ended, CSRF tokens tied to
the browser's secret, limits per address and per name."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, select
from sqlalchemy.engine import Engine
from starlette.requests import Request
from starlette.responses import Response

from bragkit.web.accounts import (
    Account,
    Accounts,
    NameRefused,
    PasswordRefused,
    Passwords,
    WrongCredentials,
)
from bragkit.web.confusables import PROTOTYPES
from bragkit.web.cookies import CookiePolicy
from bragkit.web.limits import AccountLimits, AccountThrottles
from bragkit.web.names import skeleton
from bragkit.web.protocol import ProtocolError
from bragkit.web.schema import accounts as accounts_table
from bragkit.web.schema import migrate
from bragkit.web.schema import sessions as sessions_table
from bragkit.web.sessions import Sessions

SECRET = "correct horse battery"


@pytest.fixture
def engine() -> Iterator[Engine]:
    made = create_engine("sqlite://")
    migrate(made)
    yield made
    made.dispose()


@pytest.fixture
def club(engine: Engine) -> Accounts:
    return Accounts(engine, passwords=Passwords.fast_for_tests())


# -- accounts ---------------------------------------------------------------------------------


def test_an_account_signs_in_under_its_name_in_any_case(club: Accounts) -> None:
    ann = club.sign_up("Ann Lee", SECRET)
    assert club.sign_in("Ann Lee", SECRET) == ann
    assert club.sign_in("ANN LEE", SECRET) == ann
    assert club.sign_in("ａnn lee", SECRET) == ann  # full-width: NFKC
    assert club.get(ann.id) == ann and club.holder("ann lee") == ann


def test_the_password_is_kept_as_an_argon2id_hash(club: Accounts, engine: Engine) -> None:
    club.sign_up("Ann", SECRET)
    with engine.connect() as connection:
        kept = connection.execute(select(accounts_table.c.password)).scalar_one()
    assert kept.startswith("$argon2id$") and SECRET not in kept
    assert PasswordHasher().verify(kept, SECRET)


def test_a_wrong_name_and_a_wrong_password_get_one_answer_after_one_hash(
        club: Accounts) -> None:
    club.sign_up("Ann", SECRET)
    answers = []
    for name, password in (("Ann", "not the secret"), ("Nobody", SECRET), ("Nobody", "x"),
                           ("x" * 500, SECRET), ("", "")):
        before = club.passwords.work
        with pytest.raises(WrongCredentials) as refused:
            club.sign_in(name, password)
        answers.append(str(refused.value))
        assert club.passwords.work - before == 1, name  # the same work: one hash checked
    assert set(answers) == {"wrong name or password"}


def test_the_dummy_hash_costs_what_a_real_one_does() -> None:
    """A name with no account is checked against a dummy hash of the hasher's own parameters,
    which argon2 computes in full (a mismatch, not a malformed hash refused at once)."""
    from argon2.exceptions import VerifyMismatchError

    hasher = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    dummy = Passwords(hasher).prepare()
    assert dummy.startswith("$argon2id$v=19$m=16,t=2,p=1$")
    assert not hasher.check_needs_rehash(dummy)
    with pytest.raises(VerifyMismatchError):
        hasher.verify(dummy, SECRET)


def test_a_look_alike_of_the_name_does_not_sign_in(club: Accounts) -> None:
    club.sign_up("Bob", SECRET)
    with pytest.raises(WrongCredentials):
        club.sign_in("B\u03bfb", SECRET)  # a Greek omicron
    with pytest.raises(WrongCredentials):
        club.sign_in("B0b", SECRET)


_LOOK_ALIKES = {prototype: char for char, prototype in PROTOTYPES.items()
                if len(prototype) == 1 and prototype.isalpha()}


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHKMNOPRSTUVWXYZ", min_size=2,
                    max_size=12), data=st.data())
def test_no_two_accounts_have_names_alike(name: str, data: st.DataObject,
                                          engine: Engine) -> None:
    """Whatever letters are swapped for look-alikes of other scripts, or the case changed,
    the second name is refused (the seat names' rule, UTS #39), and a guest may not sit
    under it."""
    club = Accounts(engine, passwords=Passwords.fast_for_tests())
    with engine.begin() as connection:
        connection.execute(accounts_table.delete())
    club.sign_up(name, SECRET)
    if data.draw(st.booleans(), label="case"):
        alike = name.swapcase()
    else:
        swaps = data.draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
        alike = "".join(_LOOK_ALIKES.get(c, c) if swap else c
                        for c, swap in zip(name, swaps, strict=True))
        assert skeleton(alike) == skeleton(name)
    with pytest.raises(NameRefused, match="is taken, or looks like a name that is"):
        club.sign_up(alike, SECRET)
    with pytest.raises(ProtocolError, match="an account's name here"):
        club.check_seat(alike, None, "s1")


@pytest.mark.parametrize(("name", "why"), [
    (" Ann", "a name is 1 to 20"), ("A" * 21, "a name is 1 to 20"), ("Ann<b>", "a name is"),
    ("Random bot", "reads as a bot's name"), ("Solver Bot 2", "reads as a bot's name"),
    ("B0T", "reads as a bot's name"), ("Ann fold", "reads as an action"),
])
def test_a_name_no_account_may_have(club: Accounts, name: str, why: str) -> None:
    with pytest.raises(NameRefused, match=why):
        club.sign_up(name, SECRET)


@pytest.mark.parametrize("password", ["short", "x" * 257, ""])
def test_a_password_too_short_or_too_long(club: Accounts, password: str) -> None:
    with pytest.raises(PasswordRefused, match="a password is 8 to 256 characters"):
        club.sign_up("Ann", password)
    assert club.holder("Ann") is None


def test_a_password_changes_only_with_the_current_one(club: Accounts) -> None:
    ann = club.sign_up("Ann", SECRET)
    with pytest.raises(WrongCredentials):
        club.change_password(ann, "not the secret", "a new long secret")
    with pytest.raises(PasswordRefused):
        club.change_password(ann, SECRET, "short")
    club.change_password(ann, SECRET, "a new long secret")
    with pytest.raises(WrongCredentials):
        club.sign_in("Ann", SECRET)
    assert club.sign_in("Ann", "a new long secret") == ann


def test_a_deleted_account_signs_in_no_more_and_its_name_is_kept_from_new_accounts(
        club: Accounts) -> None:
    ann = club.sign_up("Ann", SECRET)
    with pytest.raises(WrongCredentials):
        club.delete(ann, "not the secret")
    club.delete(ann, SECRET)
    before = club.passwords.work
    with pytest.raises(WrongCredentials):
        club.sign_in("Ann", SECRET)
    assert club.passwords.work - before == 1  # as a name with no account
    assert club.holder("Ann") is None and club.get(ann.id) is None
    club.check_seat("Ann", None, "s1")  # free at the tables again
    with pytest.raises(NameRefused, match="is taken"):
        club.sign_up("ANN", SECRET)


def test_a_hash_made_at_a_lower_cost_is_made_again_at_sign_in(engine: Engine) -> None:
    cheap = Accounts(engine, passwords=Passwords.fast_for_tests())
    ann = cheap.sign_up("Ann", SECRET)
    dearer = Accounts(engine, passwords=Passwords(PasswordHasher(time_cost=2, memory_cost=16,
                                                                 parallelism=1)))
    assert dearer.sign_in("Ann", SECRET) == ann
    with engine.connect() as connection:
        kept = connection.execute(select(accounts_table.c.password)).scalar_one()
    assert "m=16,t=2,p=1" in kept and not dearer.passwords.needs_rehash(kept)


def test_a_signed_in_player_sits_under_the_accounts_name_and_a_guest_not(
        club: Accounts) -> None:
    club.sign_up("Ann", SECRET)
    club.check_seat("Ann", "Ann", "s1")
    with pytest.raises(ProtocolError, match="you are signed in as Ann: sit down under that "
                       "name") as refused:
        club.check_seat("Annie", "Ann", "s1")
    assert refused.value.code.value == "refused" and refused.value.re == "s1"
    for guest in ("Ann", "ANN", "\u0410nn"):  # a Cyrillic А
        with pytest.raises(ProtocolError, match="sign in to play under it"):
            club.check_seat(guest, None, "s2")
    club.check_seat("Annie", None, "s3")


# -- sessions ---------------------------------------------------------------------------------


def _ann(engine: Engine) -> Account:
    return Accounts(engine, passwords=Passwords.fast_for_tests()).sign_up("Ann", SECRET)


def test_session_ids_are_random_and_kept_only_as_hashes(engine: Engine) -> None:
    ann = _ann(engine)
    sessions = Sessions(engine)
    ids = {sessions.start(ann) for _ in range(5)}
    assert len(ids) == 5 and all(len(i) >= 43 for i in ids)
    with engine.connect() as connection:
        kept = set(connection.execute(select(sessions_table.c.id_hash)).scalars())
    assert kept == {hashlib.sha256(i.encode()).hexdigest() for i in ids}
    assert all(sessions.account(i) == ann for i in ids)


def test_a_session_ends_signed_out_expired_or_with_its_account(engine: Engine) -> None:
    ann = _ann(engine)
    now = [1000.0]
    sessions = Sessions(engine, lifetime=60, clock=lambda: now[0])
    first, second, third = (sessions.start(ann) for _ in range(3))
    sessions.end(first)
    assert sessions.account(first) is None and sessions.account(second) == ann
    now[0] += 61
    assert sessions.account(second) is None
    sessions.purge()
    fresh = sessions.start(ann)
    sessions.end_all(ann)
    assert sessions.account(fresh) is None and sessions.account(third) is None
    for nobody in (None, "", "x" * 200, "made-up"):
        assert sessions.account(nobody) is None
    fourth = sessions.start(ann)
    Accounts(engine, passwords=Passwords.fast_for_tests()).delete(ann, SECRET)
    assert sessions.account(fourth) is None


# -- cookies and CSRF ---------------------------------------------------------------------------


def _request(scheme: str = "http", cookie: str = "") -> Request:
    headers = [(b"cookie", cookie.encode())] if cookie else []
    return Request({"type": "http", "scheme": scheme, "server": ("x", 80), "path": "/",
                    "headers": headers})


def test_csrf_tokens_belong_to_the_browsers_secret() -> None:
    policy = CookiePolicy()
    token, secret = policy.csrf_token(_request())
    assert secret is not None
    mine = _request(cookie=f"bk_csrf={secret}")
    assert policy.csrf_token(mine) == (token, None)
    assert policy.csrf_ok(mine, token)
    for wrong in (None, "", "0" * 64, token[:-1], "é" * 64):
        assert not policy.csrf_ok(mine, wrong)
    _, other = policy.csrf_token(_request())
    assert not policy.csrf_ok(_request(cookie=f"bk_csrf={other}"), token)
    assert not policy.csrf_ok(_request(), token)  # no cookie: no token is right
    signed_in = _request(cookie=f"bk_csrf={secret}; bk_session=abc")
    assert not policy.csrf_ok(signed_in, token)  # a session's token is the session's
    assert policy.csrf_ok(signed_in, policy.csrf_token(signed_in)[0])


def test_cookies_are_httponly_lax_and_secure_over_https() -> None:
    plain, tls = CookiePolicy(), CookiePolicy(secure=True)
    for policy, request, name, secure in ((plain, _request(), "bk_session", False),
                                          (plain, _request("https"), "__Host-bk_session", True),
                                          (tls, _request(), "__Host-bk_session", True)):
        response = Response()
        policy.set_session(response, request, "abc")
        cookie = response.headers["set-cookie"]
        assert cookie.startswith(f"{name}=abc;")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
        assert ("Secure" in cookie) == secure and "Domain" not in cookie
    assert plain.session_id(_request("https", "bk_session=abc")) is None  # not over https


# -- limits -----------------------------------------------------------------------------------


def test_sign_ins_are_limited_per_address_and_per_name_alike_for_every_name() -> None:
    asyncio.run(_sign_ins_limited())


async def _sign_ins_limited() -> None:
    now = [0.0]
    throttles = AccountThrottles(AccountLimits(sign_in_burst=3, name_sign_in_burst=2,
                                               sign_ins_per_hour=3600, name_sign_ins_per_hour=60),
                                 clock=lambda: now[0])
    assert await throttles.sign_in("203.0.113.1", skeleton("Ann")) is None
    assert await throttles.sign_in("203.0.113.2", skeleton("\u0410NN")) is None  # the same name
    assert await throttles.sign_in("203.0.113.3", skeleton("ann")) == (
        "too many sign-ins to that name: try again later", 60)
    assert await throttles.sign_in("203.0.113.1", skeleton("Bob")) is None
    assert await throttles.sign_in("203.0.113.1", skeleton("Cy")) is None
    assert await throttles.sign_in("203.0.113.1", skeleton("Dee")) == (
        "too many sign-ins from your address: try again later", 1)
    now[0] += 60
    assert await throttles.sign_in("203.0.113.3", skeleton("Ann")) is None
    assert await throttles.sign_up("203.0.113.1", skeleton("Ann")) is None  # counted apart


def test_accounts_and_sessions_on_postgresql() -> None:
    """The same on PostgreSQL (shared by a cluster's processes: item 6 of issue 26 builds on
    it): look-alike names refused by the unique keys, sessions found, ended and expired."""
    from .services import postgres_database

    with postgres_database() as url:
        engine = create_engine(url)
        try:
            migrate(engine)
            club = Accounts(engine, passwords=Passwords.fast_for_tests())
            ann = club.sign_up("Ann", SECRET)
            assert club.sign_in("ANN", SECRET) == ann
            with pytest.raises(NameRefused):
                club.sign_up("\u0410nn", SECRET)
            with pytest.raises(WrongCredentials):
                club.sign_in("Anne", SECRET)
            sessions = Sessions(engine)
            session_id = sessions.start(ann)
            assert sessions.account(session_id) == ann
            club.delete(ann, SECRET)
            assert sessions.account(session_id) is None
            with pytest.raises(NameRefused):
                club.sign_up("ann", SECRET)
        finally:
            engine.dispose()
