"""Nine Card Brag (N) and Crash (C) as games of the one protocol: bragkit.games.protocol.Game,
the registry, one verifier behind check / can_apply / apply / the menus, and views that never
carry a card their viewer may not know."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit import games
from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, parse_cards
from bragkit.errors import BragError, IllegalActionError
from bragkit.games.crash import Arranged, CrashGame, CrashRules, RoundPlayed
from bragkit.games.nine_card import NineCardGame, NineCardRules, SetPlayed
from bragkit.games.points_game import CardsDealt, PointsGame
from bragkit.games.protocol import Game, Operation, Result, random_action

AnyGame = NineCardGame | CrashGame


def new_game(name: str, players: int, seed: int, target: int = 10**9) -> AnyGame:
    names = [f"p{i}" for i in range(players)]
    if name == "nine-card":
        return NineCardGame(NineCardRules(target=target), players=names, rng=seed)
    return CrashGame(CrashRules(target=target), players=names, rng=seed)


# --- the protocol and the registry -----------------------------------------------------------


@pytest.mark.parametrize("name, game_type, fmt", [("nine-card", NineCardGame, "nine-card"),
                                                  ("crash", CrashGame, "crash")])
def test_both_games_are_registered_games_of_the_protocol(name: str, game_type: type,
                                                         fmt: str) -> None:
    info = games.find(name)
    assert name in games.names() and info.record_format == fmt and info.title
    game = games.new(name, players=["Ann", "Bob", "Cy", "Di"], seed=1)
    assert isinstance(game, game_type) and isinstance(game, Game)
    assert game.players == ("Ann", "Bob", "Cy", "Di") and game.to_act in game.players
    assert game.result is None and not game.over
    again = games.new(name, players=["Ann", "Bob", "Cy", "Di"], seed=1)
    assert again.operations == game.operations  # the seed fixes the cut and the cards
    assert info.seats == game_type.SEATS
    small = games.new(name, players=["Ann", "Bob"], seed=2, target=3)
    assert small.rules.target == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["nine-card", "crash"])
def test_the_result_names_the_winner_with_their_points_rules_n7_c6(name: str) -> None:
    game = new_game(name, 3, seed=4, target=4)
    rng = random.Random(4)
    while not game.over:
        assert game.result is None
        game.apply(random_action(game, rng))
    result = game.result
    assert isinstance(result, Result) and result.winner == game.winner
    assert dict(result.winners) == {result.winner: game.scores[result.winner]}
    assert game.legal_actions() == [] and game.to_act is None
    late = "p0 plays As Ks Qs" if name == "nine-card" else "p0 pass"
    with pytest.raises(IllegalActionError) as error:
        game.check(late)
    assert error.value.rule in ("N7", "C6") and not game.can_apply(late)


def test_check_returns_none_or_names_the_rule_n4_n6_c5() -> None:
    game = NineCardGame(players=["Ann", "Bob"], dealer="Bob", deals=[{
        "Ann": "As Ah Ad Kc Qc Jc 7h 7s 2d", "Bob": "9s 9h 9d 5c 6c 7c Ks Kh 2s"}])
    assert game.check("Ann plays As Ah Ad") is None
    for text, rule in [("Bob plays 9s 9h 9d", "N4"), ("Ann plays 7h 7s 2d", "N6"),
                       ("Ann plays As Ah", "N3"), ("Ann plays 9s 9h 9d", "N2")]:
        with pytest.raises(IllegalActionError) as error:
            game.check(text)
        assert error.value.rule == rule and not game.can_apply(text)
    crash = CrashGame(players=["Ann", "Bob"], dealer="Bob", rng=3)
    with pytest.raises(IllegalActionError) as error:
        crash.check("Ann crash")
    assert error.value.rule == "C5"


def test_operations_derive_from_the_one_base() -> None:
    for name in ("nine-card", "crash"):
        game = new_game(name, 4, seed=9, target=3)
        rng = random.Random(9)
        while not game.over:
            game.apply(random_action(game, rng))
        kinds = {type(op) for op in game.operations}
        assert len(kinds) >= 5
        for op in game.operations:
            assert isinstance(op, Operation) and dataclasses.is_dataclass(op)
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(op, dataclasses.fields(op)[0].name, 0)


# --- one verifier: may I?, why not? and the menu ---------------------------------------------


def candidates(game: AnyGame, rng: random.Random) -> Iterator[Action]:
    """Actions near the legal ones: random sets or arrangements of the player's cards, other
    players, the wrong verb for the phase."""
    who = game.to_act
    assert who is not None
    others = [p for p in game.players if p != who]
    if isinstance(game, NineCardGame):
        hand = list(game.hand(who))
        for _ in range(4):
            yield Action(player=who, verb=Verb.PLAYS, cards=tuple(rng.sample(hand, 3)))
        yield Action(player=rng.choice(others), verb=Verb.PLAYS, cards=tuple(hand[:3]))
        yield Action(player=who, verb=Verb.PLAYS, cards=tuple(rng.sample(hand, 2)))
        played = [c for s in game.played(who) for c in s]
        if played:
            yield Action(player=who, verb=Verb.PLAYS, cards=(played[0], *hand[:2]))
        return
    cards = list(game.cards(who))
    for _ in range(3):
        shuffled = rng.sample(cards, 13)
        sizes = [rng.choice([3, 3, 3, 4]) for _ in range(rng.randint(0, 4))]
        sets, at = [], 0
        for n in sizes:
            sets.append(tuple(shuffled[at:at + n]))
            at += n
        yield Action(player=who, verb=Verb.ARRANGES, sets=tuple(sets))
    yield Action(player=who, verb=Verb.CRASH)
    yield Action(player=who, verb=Verb.PASS)
    yield Action(player=rng.choice(others), verb=Verb.PASS)


def state(game: AnyGame) -> tuple[object, ...]:
    return (game.operations, game.actions, game.scores, game.to_act)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["nine-card", "crash"]), st.integers(2, 4), st.integers(0, 2**32))
def test_can_apply_never_disagrees_with_apply_and_every_choice_is_accepted(
        name: str, players: int, seed: int) -> None:
    """One verifier: ``can_apply``, ``check``, ``apply`` and ``action in option`` agree on legal
    and illegal actions alike; every option's action (sampled from its choices) is accepted
    (N2–N6, C1–C5)."""
    game = new_game(name, players, seed)
    rng = random.Random(seed)
    for _ in range(30 if name == "nine-card" else 20):
        menu = game.legal_actions()
        assert menu and all(isinstance(o, LegalAction) and o.player == game.to_act
                            for o in menu)
        for option in menu:
            assert game.legal_actions(option.player) == menu
            if option.choices is None:
                sample = [option.action()]
            else:
                sample = [option.choices[rng.randrange(len(option.choices))] for _ in range(3)]
            for action in sample:
                assert action in option and game.can_apply(action)
                assert game.check(action) is None
                assert game.can_apply(str(action))  # its text parses back to it
        for action in candidates(game, rng):
            allowed = game.can_apply(action)
            listed = any(action in option for option in menu)
            assert not listed or allowed  # the menu lists only what may be done
            before = state(game)
            try:
                game.check(action)
            except IllegalActionError as error:
                assert not allowed and error.rule
                with pytest.raises(IllegalActionError):
                    game.apply(action)
                assert state(game) == before  # an illegal action changes nothing
            else:
                assert allowed
        game.apply(random_action(game, rng))


# --- views: no card a viewer may not know ------------------------------------------------------

_CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[shdc](?![A-Za-z0-9])")


def known_cards(game: PointsGame[Any, Any], viewer: str | None) -> dict[int, set[Card]]:
    """Per deal, the cards ``viewer`` may know: their own as dealt, and every card played."""
    known: dict[int, set[Card]] = {}
    for op in game.operations:
        deal = getattr(op, "deal", None)
        if deal is None:
            continue
        seen = known.setdefault(deal, set())
        if (isinstance(op, CardsDealt) and op.player == viewer) or isinstance(op, SetPlayed):
            seen.update(op.cards)
        elif isinstance(op, RoundPlayed):
            for _, cards, _ in op.hands:
                seen.update(cards)
    return known


def cards_in(value: object) -> set[Card]:
    """Every card held anywhere in an operation record (its fields, nested)."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name))
                             for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return set().union(set(), *(cards_in(v) for v in value))
    return set()


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["nine-card", "crash"]), st.integers(2, 4), st.integers(0, 2**32),
       st.integers(0, 40))
def test_no_view_or_censored_log_carries_a_card_its_viewer_may_not_know(
        name: str, players: int, seed: int, steps: int) -> None:
    """N2/C1: a player's dealt cards are theirs alone; C2: an arrangement is its owner's until
    its hands are played (C4), its discards forever; N4/C4: a played set is everyone's. For every
    player and a spectator, at a random point of a random game."""
    game = new_game(name, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(random_action(game, rng))
    for viewer in (*game.players, None):
        known = known_cards(game, viewer)
        log = game.censored_log(viewer)
        for op in log:
            deal = getattr(op, "deal", None)
            if deal is not None:
                assert cards_in(op) <= known[deal], (viewer, op)
            if isinstance(op, Arranged) and op.player != viewer:
                assert op.hands is None and op.discards is None
        view = game.view(viewer)
        assert tuple(view.operations) == log
        data = view.to_dict()
        data.pop("log")  # the censored log, checked above (all deals)
        text = str(data)
        shown = {Card.parse(m) for m in _CARD.findall(text)}
        assert shown <= known.get(game.deal_number, set()), (viewer, shown)
        if viewer is not None:  # a player knows their own cards, and sees them
            mine = next(op.cards for op in reversed(game.operations)
                        if isinstance(op, CardsDealt) and op.player == viewer)
            left = game.hand(viewer) if isinstance(game, NineCardGame) else mine
            assert set(left) <= shown


def test_a_spectator_sees_played_sets_only() -> None:
    game = NineCardGame(players=["Ann", "Bob"], dealer="Bob", deals=[{
        "Ann": "As Ah Ad Kc Qc Jc 7h 7s 2d", "Bob": "9s 9h 9d 5c 6c 7c Ks Kh 2s"}])
    game.apply("Ann plays As Ah Ad")
    text = str(game.view(None).to_dict())
    assert {Card.parse(m) for m in _CARD.findall(text)} == set(parse_cards("As Ah Ad"))
    with pytest.raises(BragError):
        game.view("Zed")
