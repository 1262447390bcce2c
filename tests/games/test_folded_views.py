"""Every view of the stake games (historic, 3 Card Brag Poker, Teen Patti) and the points games
(Nine Card Brag, Crash) is folded from the log censored for its viewer: under random play, with
every preset of the registry and random house options, at every step and for every viewer (each
player and a spectator) the folded view agrees field by field with the engine's own state, and
never shows a viewer a card they may not see (rules P5, BL6, TP2, TP5, S4, N4, C2)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import bragkit.games
from bragkit.cards import Card
from bragkit.errors import RulesError
from bragkit.games.crash import Arranged, CrashGame
from bragkit.games.nine_card import NineCardGame
from bragkit.games.options import options
from bragkit.games.points_game import CardsDealt, DealStarted, PointsGame
from bragkit.games.protocol import random_action
from bragkit.games.stake_game import StakeGame
from bragkit.games.teen_patti import TeenPatti
from bragkit.games.teen_patti_operations import Compared

STAKE_GAMES = ("single-stake", "three-stake", "brag-poker", "teen-patti")
POINTS_GAMES = ("nine-card", "crash")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
#: How far above its least (or its default) a number option is drawn: games stay playable.
SPREAD = 6


@st.composite
def house_rules(draw: st.DrawFn, name: str) -> tuple[Any, int]:
    """A rules object of ``name``: a preset of the registry (or none), then random options,
    and a player count the game seats."""
    info = bragkit.games.find(name)
    preset = draw(st.sampled_from([None, *sorted(info.presets)]))
    chosen: dict[str, Any] = {}
    for option in options(info.rules):
        if not draw(st.booleans()):
            continue  # the preset's value or the default
        if option.kind == "bool":
            chosen[option.name] = draw(st.booleans())
        elif option.kind == "choice":
            assert option.choices is not None
            chosen[option.name] = draw(st.sampled_from(option.choices))
        elif option.kind == "int":
            low = option.least if option.least is not None else 0
            base = option.default if isinstance(option.default, int) else low
            if option.name == "target":  # short games: a few deals at most
                base = low
            high = base + SPREAD if option.most is None else min(option.most, base + SPREAD)
            values = st.integers(low, max(low, high))
            chosen[option.name] = draw(st.none() | values if option.optional else values)
    try:
        rules = info.make_rules(preset, **chosen)
    except RulesError:
        assume(False)  # a combination the rules object refuses (said by its own tests)
    least, most = info.seats
    return rules, draw(st.integers(least, min(most, len(NAMES))))


def start(name: str, rules: Any, players: int, seed: int) -> Any:
    info = bragkit.games.find(name)
    try:
        return info.start(NAMES[:players], rules, random.Random(seed))
    except RulesError:
        assume(False)  # stakes too large for the stacks the registry brings
        raise  # pragma: no cover


def check_stake_view(game: StakeGame[Any], viewer: str | None) -> None:
    view = game.view(viewer)
    assert view.to_act == game.to_act and view.phase == game.phase
    assert (game.result is None) == (game.to_act is not None)
    assert view.stacks == game.money.stacks and view.pots == game.money.pots
    assert view.stakes == game._stake_levels()
    assert view.in_play == game._in_play()
    assert view.looked == tuple(p for p in game.players if game.sees_own(p))
    assert view.winners == game.winners
    assert len(view.history) == len(game.actions)
    extra = teen_patti_extra(game) if isinstance(game, TeenPatti) else game._extra()
    assert {k: view.extra[k] for k in extra} == extra
    compared = {(op.asker, op.asked) for op in game.operations if isinstance(op, Compared)}
    if viewer is None:
        assert view.shown == game.shown
    else:
        assert all(view.shown[p] == cards for p, cards in game.shown.items())
    for player, cards in view.cards.items():
        held = game.hands[player]
        for card in cards:
            if card is None:
                continue
            assert card in held
            own = viewer == player and game.sees_own(player)
            shown = card in game.shown.get(player, ())
            sideshow = (viewer, player) in compared or (player, viewer) in compared  # TP5
            assert own or shown or sideshow or card in game.face_up, (viewer, player, card)
        if viewer == player and game.sees_own(player):
            assert cards == tuple(held)  # a player who may see their cards sees them all


def teen_patti_extra(game: TeenPatti) -> dict[str, Any]:
    """What a Teen Patti view adds, from the engine's state (TP3, TP5, TP8)."""
    pending = game.sideshow
    return {"boot": game.rules.boot, "stake": game.stake, "variant": game.rules.variant,
            "seen": [p for p in game.players if p in game.looked],
            "blind_turns": dict(game.blind_turns),
            "turned": None if game.turned is None else str(game.turned),
            "sideshow": None if pending is None else {"asker": pending[0], "asked": pending[1]}}


def check_nine_card_view(game: NineCardGame, viewer: str | None) -> None:
    view = game.view(viewer)
    assert (view.to_act, view.dealer, view.deal, view.round) == (
        game.to_act, game.dealer, game.deal_number, game.round)
    assert view.scores == game.scores and view.is_over == game.over
    assert view.winner == game.winner
    assert view.hand == (game.hand(viewer) if viewer is not None else ())
    assert view.cards_left == {p: len(game.hand(p)) for p in game.players}
    assert view.played == {p: game.played(p) for p in game.players}


def check_crash_view(game: CrashGame, viewer: str | None) -> None:
    view = game.view(viewer)
    assert (view.to_act, view.dealer, view.deal, view.phase) == (
        game.to_act, game.dealer, game.deal_number, game.phase)
    assert view.scores == game.scores and view.nets == game.nets
    assert view.is_over == game.over and view.winner == game.winner
    assert view.cards == (game.cards(viewer) if viewer is not None else ())
    mine = game.arrangement(viewer) if viewer is not None else None
    assert view.hands == (mine.sets if mine is not None else None)
    assert set(view.arranged) == {p for p in game.players if game.arrangement(p) is not None}
    assert view.calls == game.calls


def check_points_log(game: PointsGame[Any, Any], viewer: str | None) -> None:
    """No record a viewer gets carries another player's unplayed cards (N4, C2)."""
    for op in game.censored_log(viewer):
        if isinstance(op, CardsDealt) or (isinstance(op, Arranged) and op.hands is not None):
            assert op.player == viewer
        elif isinstance(op, DealStarted):
            assert op.pack is None


def play_and_check(game: Any, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    viewers: list[str | None] = [*game.players, None]
    for _ in range(steps):
        for viewer in viewers:
            if isinstance(game, StakeGame):
                check_stake_view(game, viewer)
            else:
                if isinstance(game, NineCardGame):
                    check_nine_card_view(game, viewer)
                else:
                    check_crash_view(game, viewer)
                check_points_log(game, viewer)
        if game.over or game.to_act is None:  # over, or a points game awaiting its deal
            return
        game.apply(random_action(game, rng))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(st.data(), st.sampled_from(STAKE_GAMES), st.integers(0, 2**32))
def test_stake_views_are_folded_from_the_log_and_agree_with_the_engine(
        data: st.DataObject, name: str, seed: int) -> None:
    rules, players = data.draw(house_rules(name))
    play_and_check(start(name, rules, players, seed), seed, steps=80)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(st.data(), st.sampled_from(POINTS_GAMES), st.integers(0, 2**32))
def test_points_views_are_folded_from_the_log_and_agree_with_the_engine(
        data: st.DataObject, name: str, seed: int) -> None:
    rules, players = data.draw(house_rules(name))
    play_and_check(start(name, rules, players, seed), seed, steps=60)


def test_a_points_game_awaiting_its_first_deal_folds_to_deal_zero_rules_n5_c6() -> None:
    for game in (NineCardGame(players=["Ann", "Bob"], dealer="Bob", deals=[]),
                 CrashGame(players=["Ann", "Bob"], dealer="Bob", deals=[])):
        for viewer in ("Ann", "Bob", None):
            view = game.view(viewer)
            assert view.deal == 0 and view.to_act is None and view.dealer == "Bob"
        play_and_check(game, 0, steps=1)


def test_a_view_reads_the_log_not_the_engine() -> None:
    """Folding the same log gives the same view whatever the engine holds: a view is the log's
    (the engine's stacks changed behind its back do not show)."""
    game = bragkit.games.new("brag-poker", players=["Ann", "Bob"], seed=4)
    assert isinstance(game, StakeGame)
    before = game.view("Ann")
    game.money.stacks["Ann"] += 1000  # not through an operation: no view may see it
    assert game.view("Ann").stacks == before.stacks
    game.money.stacks["Ann"] -= 1000
    card: Card = game.hands["Bob"][0]
    assert card not in [c for cs in game.view("Ann").cards.values() for c in cs]
