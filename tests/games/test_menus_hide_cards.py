"""No menu names a card its player may not see (rules BL6, D8, T3): for every game and preset
of the registry, at every step of random play, every card an option of the player to act names
— its cards, its sets, each of its choices — is a card that player's view shows. A blind
player of Four- or Five-Card Brag is offered the look, never a discard naming their unseen
cards (F1, F2); a client reading only the menu still builds every move it lists."""

from __future__ import annotations

import json
import random
import re
from itertools import islice

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import bragkit.games
from bragkit.actions import Action, LegalAction
from bragkit.games.protocol import Game, random_action

PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed")
#: Every game of the registry with each of its presets (``None``: the game's own rules).
CASES = [(name, preset) for name in bragkit.games.names()
         for preset in (None, *bragkit.games.find(name).presets)]
#: A card's text as a view writes it (JSON words): "Qh", "Tc", "Jk".
_CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shdc]|Jk)(?![A-Za-z0-9])")
#: The most choices of one option looked at (a Crash hand's arrangements run to thousands).
CHOICES = 400


def _named(action: Action) -> set[str]:
    return {str(c) for c in action.cards} | {str(c) for s in action.sets for c in s}


def named_cards(option: LegalAction) -> set[str]:
    """Every card ``option`` names: its own cards and those of each of its choices."""
    found = {str(c) for c in option.cards}
    if option.choices is not None:
        for choice in islice(option.choices, CHOICES):
            found |= _named(choice)
    return found


def shown_cards(game: Game, player: str) -> set[str]:
    """Every card ``player``'s view shows (anywhere in its JSON but its copy of the menu, which
    is what is tested)."""
    view = {k: v for k, v in game.view(player).to_dict().items()
            if k not in ("legal", "legal_actions")}
    return set(_CARD.findall(json.dumps(view, ensure_ascii=False)))


def _start(name: str, preset: str | None, count: int, seed: int) -> Game:
    low, high = bragkit.games.find(name).seats
    players = PLAYERS[: max(low, min(count, high, len(PLAYERS)))]
    return bragkit.games.new(preset or name, players=players, seed=seed)


@pytest.mark.parametrize(("name", "preset"), CASES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(2, 5))
@example(seed=1, count=2)  # the first menu of four- and five-card Brag: everyone blind (F2)
def test_no_menu_names_a_card_its_player_does_not_see(name: str, preset: str | None,
                                                     seed: int, count: int) -> None:
    game = _start(name, preset, count, seed)
    rng = random.Random(seed)
    for _ in range(3_000):
        if game.over:
            return
        player = game.to_act
        if player is not None:
            named = set().union(*(named_cards(o) for o in game.legal_actions(player)))
            hidden = named - shown_cards(game, player)
            assert not hidden, f"{player}'s menu names {sorted(hidden)}, unseen in their view"
        game.apply(random_action(game, rng))
    raise AssertionError("random play never ended")


@pytest.mark.parametrize("preset", ["four-card", "five-card"])
def test_a_blind_player_looks_then_discards_rules_F1_F2(preset: str) -> None:
    """Blind, the player is offered the look (their cards unseen, BL6); looked, the discard
    lists every choice of their cards (F1, F3); the record form of both at once, a discard
    by a player who has not looked, is still accepted (HAND-HISTORY.md)."""
    game = bragkit.games.new(preset, players=["Ann", "Bob"], seed=3)
    ann = game.to_act
    assert ann is not None
    verbs = [o.verb.value for o in game.legal_actions(ann)]
    assert "look" in verbs and "discard" not in verbs
    assert not named_cards(next(iter(game.legal_actions(ann))))
    hand = game.view(ann).to_dict()
    shorthand = bragkit.games.new(preset, players=["Ann", "Bob"], seed=3)
    game.apply(f"{ann} look")
    (discard,) = [o for o in game.legal_actions(ann) if o.verb.value == "discard"]
    assert discard.choices is not None and len(discard.choices) == (4 if preset == "four-card"
                                                                     else 10)
    assert named_cards(discard) <= shown_cards(game, ann) and hand != game.view(ann).to_dict()
    shorthand.apply(str(discard.choices[0]))  # look and discard in one, as records write it
    game.apply(discard.choices[0])
    one, two = shorthand.view(ann).to_dict(), game.view(ann).to_dict()
    assert one.pop("actions") == [str(discard.choices[0])]  # the look is in the discard
    assert two.pop("actions") == [f"{ann} look", str(discard.choices[0])]
    assert one == two and shorthand.legal_actions(ann) == game.legal_actions(ann)
