"""Teen Patti's invariants under random play with random house rules (TP1–TP8): chips are
conserved, no card is in two places, the menu, check and can_apply never disagree, views leak
nothing (a sideshow's two hands reach those two players only, TP5), every deal ends, and its
record round-trips and replays to the same deal."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit import records
from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import BragError, IllegalActionError
from bragkit.games.protocol import random_action
from bragkit.games.stake_operations import Revealed
from bragkit.games.teen_patti import TeenPatti
from bragkit.games.teen_patti_operations import Compared
from bragkit.games.teen_patti_records import read_teen_patti, write_teen_patti
from bragkit.games.teen_patti_rules import SEQUENCE_ORDERS, VARIANTS, TeenPattiRules

_CARD_RE = re.compile(r"\b[2-9TJQKA][shdc]\b")
MOST_STEPS = 2000


@st.composite
def deals(draw: st.DrawFn) -> TeenPatti:
    count = draw(st.integers(2, 6))
    rules = TeenPattiRules(
        boot=draw(st.integers(1, 2)),
        sequence_order=draw(st.sampled_from(SEQUENCE_ORDERS)),
        seen_may_show_blind=draw(st.booleans()),
        sideshow=draw(st.booleans()),
        # TP6 [decision]: a pot limit the boots alone reach is refused (see test_teen_patti)
        pot_limit=draw(st.sampled_from([0, count + 1, 7, 20, 60, 1024])),
        blind_limit=draw(st.integers(0, 4)),
        chaal_limit=draw(st.sampled_from([2, 3, 8, 128])),
        variant=draw(st.sampled_from(VARIANTS)))
    players = [f"P{i}" for i in range(count)]
    stacks = draw(st.lists(st.integers(rules.boot, 80), min_size=count, max_size=count))
    return TeenPatti(rules, players=players, dealer=draw(st.sampled_from(players)),
                     stacks=stacks, rng=draw(st.integers(0, 2**32)))


def compared_with(game: TeenPatti, viewer: str | None) -> set[Card]:
    """The hands a sideshow showed ``viewer`` (TP5), from the engine's own log."""
    out: set[Card] = set()
    for op in game.operations:
        if isinstance(op, Compared) and viewer in (op.asker, op.asked):
            out |= set(op.asked_cards if viewer == op.asker else op.asker_cards)
    return out


def known_cards(game: TeenPatti, viewer: str | None) -> set[Card]:
    known = set(game.face_up) | {c for cards in game.shown.values() for c in cards}
    if viewer is not None:
        if game.sees_own(viewer):
            known |= set(game.hands[viewer])
        known |= compared_with(game, viewer)
    return known


def check_views(game: TeenPatti) -> None:
    for viewer in [None, *game.players]:
        known = known_cards(game, viewer)
        view = game.view(viewer)
        text = json.dumps(view.to_dict()) + " ".join(game.history(viewer))
        text += " ".join(str(op) for op in game.censored_log(viewer))
        leaked = {Card.parse(t) for t in _CARD_RE.findall(text)} - known
        assert not leaked, (viewer, leaked)
        for player, cards in view.cards.items():
            for card, real in zip(cards, game.hands[player], strict=True):
                assert card is None or card == real
        if viewer is not None and not game.sees_own(viewer) and viewer not in game.shown:
            assert view.cards[viewer] == (None,) * 3  # BL6: a blind player sees nothing
        for op in game.censored_log(viewer):
            assert not isinstance(op, Compared)  # censored into the other's hand, or nothing
            if isinstance(op, Revealed):
                assert op.player == viewer


def check_cards(game: TeenPatti) -> None:
    places = [c for hand in game.hands.values() for c in hand] + list(game.pack)
    if game.turned is not None:
        places.append(game.turned)
    assert len(places) == len(set(places)) == 52


def candidates(game: TeenPatti) -> list[Action]:
    out = []
    for player in game.players:
        for verb in sorted(game.VERBS):
            if verb in (Verb.BET, Verb.BLIND):
                out += [Action(player=player, verb=verb, amount=a)
                        for a in (0, 1, 2, 3, 4, 5, 8, 9, 300)]
            else:
                out.append(Action(player=player, verb=verb))
    return out


def fits(action: Action, menu: list[LegalAction]) -> bool:
    return any(action in option for option in menu)


@settings(max_examples=60, deadline=None)
@given(deals(), st.integers(0, 2**32))
def test_random_play_keeps_every_invariant(game: TeenPatti, seed: int) -> None:
    rng = random.Random(seed)
    total = game.money.chips()
    check_views(game)
    for _ in range(MOST_STEPS):
        if game.over:
            break
        assert game.result is None
        menu = game.legal_actions()
        assert menu and all(o.player == game.to_act for o in menu)
        for action in candidates(game):
            listed = fits(action, menu)
            try:
                game.check(action)
            except IllegalActionError as error:
                assert not listed and re.fullmatch(r"TP\d", error.rule), (action, error)
                assert not game.can_apply(action) and not game.can_apply(str(action))
            else:
                assert listed and game.can_apply(action), action
        before = (game.operations, game.stacks, game.to_act)
        refused = [a for a in candidates(game) if not game.can_apply(a)]
        with pytest.raises(BragError):
            game.apply(rng.choice(refused))
        assert (game.operations, game.stacks, game.to_act) == before
        game.apply(random_action(game, rng))
        assert sum(game.stacks.values()) + game.pot == total  # chips conserved
        check_cards(game)
        check_views(game)
    assert game.over and game.legal_actions() == []
    result = game.result
    assert result is not None and sum(result.stacks.values()) == total and game.pot == 0
    assert sum(result.winners.values()) == sum(game.winners.values()) > 0
    # the record round-trips and replays to the same deal
    text = write_teen_patti(game)
    again = read_teen_patti(text).game
    assert again.operations == game.operations and again.stacks == game.stacks
    assert records.dump(records.load(text)) == text


@settings(max_examples=40, deadline=None)
@given(deals(), st.integers(0, 2**32), st.integers(0, 30))
def test_a_record_cut_short_replays_to_the_same_state(game: TeenPatti, seed: int,
                                                      steps: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(random_action(game, rng))
    replay = records.replay(write_teen_patti(game))
    data: dict[str, Any] = replay.to_json()
    assert data["over"] == game.over and data["stacks"] == game.stacks
    assert isinstance(replay.describe(), str)
    assert replay.game.to_act == game.to_act  # type: ignore[attr-defined]
