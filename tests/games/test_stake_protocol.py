"""Historic Brag and 3 Card Brag Poker on the one Game protocol: the registry, the menu, the
check and the apply that never disagree, results, and views censored from the log (S, P)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragkit.games
from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import BragError, IllegalActionError, InvalidActionError, RulesError
from bragkit.games.brag_poker import BragPoker, BragPokerRules
from bragkit.games.historic import HistoricRules, SingleStakeBrag, ThreeStakeBrag
from bragkit.games.protocol import Game, Operation, Result, random_action
from bragkit.games.stake_game import StakeGame, StakeResult
from bragkit.games.stake_operations import Acted, Dealt, Revealed

GAMES = ("single-stake", "three-stake", "brag-poker")
_CARD_RE = re.compile(r"\b[2-9TJQKA][shdc]\b")


# -- the registry ------------------------------------------------------------------------------

def test_the_registry_names_and_starts_the_three_games() -> None:
    assert set(GAMES) <= set(bragkit.games.names())
    formats = {name: bragkit.games.find(name).record_format for name in GAMES}
    assert formats == {"single-stake": "historic", "three-stake": "historic",
                       "brag-poker": "brag-poker"}
    assert bragkit.games.find("3-card-brag-poker").name == "brag-poker"
    assert bragkit.games.find("brag-poker").rules is BragPokerRules
    assert bragkit.games.find("three-stake").rules is HistoricRules
    assert bragkit.games.find("brag-poker").seats == (2, 8)
    for name, cls in zip(GAMES, (SingleStakeBrag, ThreeStakeBrag, BragPoker), strict=True):
        game = bragkit.games.new(name, players=["Ann", "Bob", "Cy"], seed=1)
        assert type(game) is cls and isinstance(game, Game)
        assert game.players == ("Ann", "Bob", "Cy") and game.to_act in game.players
        assert isinstance(game, StakeGame) and game.start_stacks == dict.fromkeys(game.players,
                                                                                 100)
        info = bragkit.games.find(name)
        assert info.title and info.summary and game.game == name
    # the same seed deals the same cards; rules go through the rules class
    first = bragkit.games.new("brag-poker", players=["Ann", "Bob"], seed=9, big_blind=5)
    again = bragkit.games.new("brag-poker", players=["Ann", "Bob"], seed=9, big_blind=5)
    assert first.operations == again.operations and first.rules.big_blind == 5  # type: ignore
    assert min(first.start_stacks.values()) >= 125  # type: ignore[attr-defined]
    big = bragkit.games.new("three-stake", players=["Ann", "Bob"], seed=2, stake=40)
    assert big.start_stacks == {"Ann": 120, "Bob": 120}  # type: ignore[attr-defined]
    with pytest.raises(RulesError):
        bragkit.games.new("single-stake", players=["Ann", "Bob"], seed=1, limit=3)
    with pytest.raises(RulesError, match="P3"):
        bragkit.games.new("brag-poker", players=[f"P{i}" for i in range(9)], seed=1)


# -- the protocol ------------------------------------------------------------------------------

def test_result_is_none_until_the_deal_is_over() -> None:
    game = SingleStakeBrag(players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10], rng=4)
    assert game.result is None and not game.over
    game.apply("Bob bet 3")
    game.apply("Ann drop")
    result = game.result
    assert isinstance(result, StakeResult) and isinstance(result, Result)
    assert game.over and result == StakeResult(winners={"Bob": 1}, stacks={"Ann": 9, "Bob": 11})
    assert isinstance(result.winners, Mapping)
    assert game.legal_actions() == [] and not game.can_apply("Bob bet 1")
    with pytest.raises(IllegalActionError) as error:
        game.check("Ann drop")
    assert error.value.rule == "S2" and "over" in str(error.value)


def test_check_returns_none_or_raises_naming_the_rule() -> None:
    game = BragPoker(players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[30] * 3, rng=2)
    assert game.check("Cy call") is None and game.check(Action.parse("Bob look")) is None
    cases = {"Ann call": "B11", "Cy raise 4": "P5", "Cy check": "P2", "Cy draw 0": "P2",
             Action.parse("Zed call"): "B11"}
    for text, rule in cases.items():
        with pytest.raises(IllegalActionError) as error:
            game.check(text)
        assert error.value.rule == rule, text
        assert not game.can_apply(text)
    for text in ["Cy fold", "Zed call", "Cy raise", ""]:
        with pytest.raises(InvalidActionError):
            game.check(text)
        assert not game.can_apply(text)


def test_the_menu_lists_what_the_verifier_allows_in_order() -> None:
    game = BragPoker(players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[30] * 3, rng=2)
    # the player to act first, then the looks others may take before the first action (P5)
    assert [str(o) for o in game.legal_actions()] == [
        "Cy drop", "Cy call 1", "Cy look", "Ann look", "Bob look"]
    assert [str(o) for o in game.legal_actions("Ann")] == ["Ann look"]
    call = game.legal_actions("Cy")[1]
    assert call.verb is Verb.CALL and call.cost == 1 and call.action() == Action.parse("Cy call")
    for text in ["Cy look", "Cy call", "Ann look", "Ann raise 4"]:
        game.apply(text)
    # Bob owes 4 and has not looked: half price (P5)
    assert [str(o) for o in game.legal_actions()] == ["Bob drop", "Bob call 2", "Bob look"]
    game.apply("Bob drop")
    game.apply("Cy call")
    assert game.phase == "draw" and game.to_act == "Ann"
    draws = game.legal_actions("Ann")
    assert len(draws) == 8 and all(o.verb is Verb.DRAW and o.min_amount == len(o.cards)
                                   for o in draws)
    assert {frozenset(o.cards) for o in draws} == {
        frozenset(c) for n in range(4) for c in combinations(game.hands["Ann"], n)}


def test_three_stake_menu_towards_31_rule_s4() -> None:
    game = ThreeStakeBrag(players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
                          hands={"Ann": "2s 3h 4c", "Bob": "5s 6h 7c"})
    game.apply("Ann check")
    game.apply("Bob check")
    assert game.phase == "thirty-one"
    assert [str(o) for o in game.legal_actions()] == ["Ann draw", "Ann stand"]
    with pytest.raises(IllegalActionError) as error:
        game.apply("Ann draw 1 As")
    assert error.value.rule == "S4"


# -- property: the menu, the check and the apply agree -----------------------------------------

@st.composite
def tables(draw: st.DrawFn) -> StakeGame[Any]:
    kind = draw(st.sampled_from(GAMES))
    n = draw(st.integers(2, 5))
    players = [f"P{i}" for i in range(n)]
    stacks = draw(st.lists(st.integers(4, 60), min_size=n, max_size=n))
    seed = draw(st.integers(0, 2**32))
    game: StakeGame[Any]
    if kind == "brag-poker":
        rules = BragPokerRules(big_blind=draw(st.integers(1, 2)),
                               max_raises=draw(st.none() | st.integers(0, 3)),
                               half_price=draw(st.booleans()))
        game = BragPoker(rules, players=players, dealer=players[-1], stacks=stacks, rng=seed)
    else:
        rules_h = HistoricRules(max_stake=draw(st.integers(1, 4)),
                                max_raise=draw(st.none() | st.integers(1, 5)))
        cls = SingleStakeBrag if kind == "single-stake" else ThreeStakeBrag
        game = cls(rules_h, players=players, dealer=players[-1], stacks=stacks, rng=seed)
    return game


def candidates(game: StakeGame[Any], rng: random.Random) -> list[Action]:
    """Actions of every verb of the game for every player, with a spread of amounts and, for
    the draws, the cards held and one not held."""
    out = []
    amounts = (0, 1, 2, 3, 4, 8, 50)
    for player in game.players:
        for verb in sorted(game.VERBS):
            if verb in (Verb.BET, Verb.RAISE):
                out += [Action(player=player, verb=verb, amount=a) for a in amounts]
            elif verb is Verb.DRAW:
                out.append(Action(player=player, verb=verb))
                hand = game.hands[player]
                for count in range(min(4, len(hand) + 1)):
                    cards = tuple(rng.sample(hand, count))
                    out.append(Action(player=player, verb=verb, amount=count, cards=cards))
                stranger = next(iter(game.pack), None)
                if stranger is not None:
                    out.append(Action(player=player, verb=verb, amount=1, cards=(stranger,)))
            else:
                out.append(Action(player=player, verb=verb))
    return out


def state(game: StakeGame[Any]) -> tuple[Any, ...]:
    return (game.operations, game.stacks, dict(game.money.pots), game.to_act, game.phase,
            {p: list(h) for p, h in game.hands.items()}, len(game.pack))


def fits(action: Action, menu: list[LegalAction]) -> bool:
    return any(action in option for option in menu)


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, 2**32))
def test_can_apply_never_disagrees_with_apply_or_the_menu(game: StakeGame[Any],
                                                          seed: int) -> None:
    """For every verb of the game, every player and a spread of amounts and cards: the action
    is listed ⇔ check passes ⇔ can_apply ⇔ apply accepts it; a refused one changes nothing and
    names a rule; every listed option's action (least and most amounts) is accepted."""
    rng = random.Random(seed)
    total = game.money.total
    for _ in range(80):
        if game.over:
            assert game.legal_actions() == [] and game.result is not None
            break
        assert game.result is None
        menu = game.legal_actions()
        assert menu and menu[0].player == game.to_act
        for option in menu:
            for amount in {option.min_amount, option.max_amount}:
                assert game.can_apply(option.action(amount)), option
        for action in candidates(game, rng):
            listed = fits(action, menu)
            try:
                game.check(action)
            except IllegalActionError as error:
                assert not listed and re.fullmatch(r"[A-Z]{1,2}\d+", error.rule), action
                assert not game.can_apply(action) and not game.can_apply(str(action))
            else:
                assert listed, action
                assert game.can_apply(action) and game.can_apply(str(action))
        refused = [a for a in candidates(game, rng) if not game.can_apply(a)]
        if refused:
            before = state(game)
            with pytest.raises(BragError):
                game.apply(rng.choice(refused))
            assert state(game) == before
        game.apply(random_action(game, rng))
        assert game.money.chips() == total
    if game.over:
        result = game.result
        assert result is not None and dict(result.winners) == game.winners
        assert sum(result.stacks.values()) == total


# -- property: views never carry a card the viewer may not know --------------------------------

def known_cards(game: StakeGame[Any], viewer: str | None) -> set[Card]:
    """From the engine's state, not the log: face-up and shown cards, and the viewer's own
    cards and discards when they may see them (P5)."""
    known = set(game.face_up) | {c for cards in game.shown.values() for c in cards}
    if viewer is not None and game.sees_own(viewer):
        known |= set(game.hands[viewer])
        known |= set(getattr(game, "discards", {}).get(viewer, ()))
    return known


def masked(game: StakeGame[Any], viewer: str | None) -> dict[str, tuple[Card | None, ...]]:
    def visible(player: str, card: Card) -> bool:
        return (card in game.face_up or card in game.shown.get(player, ())
                or (viewer == player and game.sees_own(player)))

    return {p: tuple(c if visible(p, c) else None for c in game.hands[p]) for p in game.players}


def check_views(game: StakeGame[Any]) -> None:
    for viewer in [None, *game.players]:
        known = known_cards(game, viewer)
        view = game.view(viewer)
        assert view.cards == masked(game, viewer), viewer  # the fold of the censored log
        text = json.dumps(view.to_dict()) + " ".join(game.history(viewer))
        leaked = {Card.parse(t) for t in _CARD_RE.findall(text)} - known
        assert not leaked, (viewer, leaked)
        for op in game.censored_log(viewer):
            assert isinstance(op, Operation)
            if isinstance(op, Dealt) and op.card is not None:
                assert op.card in known or op.card in getattr(game, "discards", {}).get(
                    viewer, ()) or op.player == viewer
            if isinstance(op, Revealed):
                assert op.player == viewer
            if isinstance(op, Acted) and op.action.player != viewer:
                assert not op.action.cards  # another player's discards stay face down (P3)


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, 2**32))
def test_views_never_carry_a_card_the_viewer_may_not_know(game: StakeGame[Any],
                                                          seed: int) -> None:
    """S4 (face-up cards), P3 (discards face down), P5 (unseen until one looks), every player
    and a spectator, at every step of random play."""
    rng = random.Random(seed)
    check_views(game)
    while not game.over:
        game.apply(random_action(game, rng))
        check_views(game)


def test_a_player_who_has_not_looked_is_dealt_cards_they_cannot_see_rule_p5() -> None:
    game = BragPoker(players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20], rng=3)
    own = [op.censored("Ann") for op in game.operations
           if isinstance(op, Dealt) and op.player == "Ann"]
    assert len(own) == 3 and all(isinstance(op, Dealt) and op.card is None for op in own)
    game.apply("Ann look")
    assert [op for op in game.censored_log("Bob") if isinstance(op, Revealed)] == []
    revealed = [op for op in game.censored_log("Ann") if isinstance(op, Revealed)]
    assert len(revealed) == 1 and revealed[0].cards == tuple(game.hands["Ann"])
    assert game.view("Ann").cards["Ann"] == tuple(game.hands["Ann"])
