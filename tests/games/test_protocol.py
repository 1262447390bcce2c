"""Every registered game implements the one Game protocol, and "may I?", "why not?" and the menu
agree (the protocol of bragkit.games.protocol; rules B11 and each game's own)."""

from __future__ import annotations

import importlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragkit.games
from bragkit import records
from bragkit.actions import Action, LegalAction, Verb
from bragkit.errors import BragError, IllegalActionError, InvalidActionError, RulesError
from bragkit.games.protocol import Game, Operation, random_action

NAMES = bragkit.games.names()
PLAYERS = ("Ann", "Bob", "Cy", "Di")
MOST_STEPS = 5_000


def _players(name: str, count: int) -> tuple[str, ...]:
    low, high = bragkit.games.find(name).seats
    return PLAYERS[: max(low, min(count, high, len(PLAYERS)))]


def _other_verb_action(game: Game, rng: random.Random) -> Action:
    """A well-formed action of any verb, for any seat: legal or not."""
    verb = rng.choice(list(Verb))
    player = rng.choice(game.players)
    if verb is Verb.SHOWDOWN:
        return Action(player=None, verb=verb)
    if verb in (Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.TOPUP, Verb.RAISE):
        return Action(player=player, verb=verb, amount=rng.randint(0, 40))
    if verb in (Verb.DISCARD, Verb.PLAYS):
        from bragkit.cards import Card

        return Action(player=player, verb=verb, cards=(Card(rng.randrange(52)),))
    return Action(player=player, verb=verb)


def test_the_registry_names_every_game_family() -> None:
    assert "three-card" in NAMES
    assert len(set(NAMES)) == len(NAMES)
    for name in NAMES:
        info = bragkit.games.find(name)
        assert info.name == name
        for alias in info.aliases:
            assert bragkit.games.find(alias) is info
        low, high = info.seats
        assert 2 <= low <= high


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(RulesError, match=r"unknown game 'go fish' .*three-card"):
        bragkit.games.new("go fish", players=PLAYERS)


def test_a_bad_rule_option_is_a_rules_error() -> None:
    with pytest.raises(RulesError):
        bragkit.games.new("three-card", players=PLAYERS, seed=1, no_such_option=3)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_a_game(name: str) -> None:
    game = bragkit.games.new(name, players=_players(name, 3), seed=1)
    assert isinstance(game, Game)
    assert not game.over
    assert game.to_act in game.players or game.to_act is None
    assert all(isinstance(op, Operation) for op in game.operations)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(2, 4))
def test_random_play_ends_and_may_i_agrees_with_why_not(name: str, seed: int, count: int) -> None:
    """Every option's action is accepted; a random action is refused by check exactly when
    can_apply says no, with a rule named; refusing changes nothing; every game ends."""
    rng = random.Random(seed)
    game = bragkit.games.new(name, players=_players(name, count), seed=seed)
    verbs = getattr(type(game), "VERBS", None) or importlib.import_module(
        type(game).__module__).VERBS
    for _ in range(MOST_STEPS):
        if game.over:
            break
        options = game.legal_actions(game.to_act)
        assert options and all(isinstance(o, LegalAction) for o in options)
        probe = _other_verb_action(game, rng)
        before = len(game.operations)
        allowed = game.can_apply(probe)
        if not allowed:  # a rule broken, or a verb the game does not take
            with pytest.raises((IllegalActionError, InvalidActionError)) as refused:
                game.check(probe)
            assert not isinstance(refused.value, IllegalActionError) or refused.value.rule
            assert (probe.verb in verbs) == isinstance(refused.value, IllegalActionError)
            with pytest.raises(BragError):
                game.apply(probe)
            assert len(game.operations) == before
        action = random_action(game, rng)
        assert any(action in o for o in options), action
        assert game.can_apply(action)
        assert game.check(action) is None
        game.apply(action)
    assert game.over, f"{name} did not end in {MOST_STEPS} actions"
    assert game.result is not None


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_views_are_plain_data_and_operations_censor_per_viewer(name: str, seed: int) -> None:
    rng = random.Random(seed)
    game = bragkit.games.new(name, players=_players(name, 3), seed=seed)
    steps = 0
    while not game.over and steps < MOST_STEPS:
        game.apply(random_action(game, rng))
        steps += 1
    for viewer in (*game.players, None):
        json.dumps(game.view(viewer).to_dict())
        for op in game.operations:
            seen = op.censored(viewer)
            assert seen is None or isinstance(seen, Operation)


@pytest.mark.parametrize("name", NAMES)
def test_text_actions_parse_with_the_game_s_verbs(name: str) -> None:
    game = bragkit.games.new(name, players=_players(name, 3), seed=5)
    option = game.legal_actions(game.to_act)[0]
    action = random_action(game, random.Random(5)) if option.choices else option.action()
    assert game.can_apply(str(action)) == game.can_apply(action)
    with pytest.raises(BragError):
        game.apply(f"{game.players[0]} juggle")


def _replayed(loaded: object) -> Game:
    """The game a loaded record replays to (a record replays; a stake replay holds it)."""
    game = getattr(loaded, "game", None)
    return game if game is not None else loaded.replay()  # type: ignore[attr-defined,no-any-return]


def _without_agreements(view: dict[str, object]) -> dict[str, object]:
    """A view but for the agreements to a showdown in its action list (B8: a record writes
    the agreements that brought a showdown as one ``showdown``, placed where the last came)."""
    actions = view.get("actions")
    if isinstance(actions, list):
        view = {**view, "actions": [a for a in actions if not str(a).endswith(" agree")]}
    return view


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_log_rebuilds_the_game_and_every_view(name: str, seed: int) -> None:
    """The operation log is the truth: the game's record, written from its log and replayed,
    rebuilds the same result and the same view for every player and a spectator."""
    rng = random.Random(seed)
    game = bragkit.games.new(name, players=_players(name, 3), seed=seed)
    while not game.over:
        game.apply(random_action(game, rng))
    again = _replayed(records.load(records.dump(game)))
    assert again.over and again.result == game.result
    for viewer in (*game.players, None):
        assert (_without_agreements(again.view(viewer).to_dict())
                == _without_agreements(game.view(viewer).to_dict()))
