"""Actions print as the hand-history strings of HAND-HISTORY.md and parse back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import InvalidActionError
from bragkit.games.three_card.deal import VERBS as THREE_CARD_VERBS

names = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1,
                max_size=8).filter(lambda s: s not in {"showdown"})
amounts = st.integers(min_value=0, max_value=10_000)
cards = st.lists(st.integers(0, 52).map(Card), min_size=1, max_size=2, unique=True).map(tuple)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    verb = draw(st.sampled_from(list(Verb)))
    if verb is Verb.SHOWDOWN:
        return Action(player=None, verb=verb)
    player = draw(names)
    if verb in (Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.TOPUP, Verb.RAISE):
        return Action(player=player, verb=verb, amount=draw(amounts))
    if verb in (Verb.DISCARD, Verb.PLAYS):
        return Action(player=player, verb=verb, cards=draw(cards))
    if verb is Verb.DRAW:
        drawn = draw(st.one_of(st.just(()), cards))
        return Action(player=player, verb=verb, amount=len(drawn) if drawn else None,
                      cards=drawn)
    if verb is Verb.ARRANGES:
        return Action(player=player, verb=verb, sets=tuple(draw(st.lists(cards, max_size=4))))
    if verb is Verb.LOOK:
        return Action(player=player, verb=verb, hand=draw(st.sampled_from([None, "old", "new"])))
    return Action(player=player, verb=verb)


@given(actions())
def test_parse_print_round_trip(action: Action) -> None:
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Andy bet 1", Action(player="Andy", verb=Verb.BET, amount=1)),
        ("Bill blind 1", Action(player="Bill", verb=Verb.BLIND, amount=1)),
        ("Chris look", Action(player="Chris", verb=Verb.LOOK)),
        ("Chris look new", Action(player="Chris", verb=Verb.LOOK, hand="new")),
        ("Bill see 2", Action(player="Bill", verb=Verb.SEE, amount=2)),
        ("Dan discard 7c", Action(player="Dan", verb=Verb.DISCARD, cards=(Card.parse("7c"),))),
        ("Dan keep", Action(player="Dan", verb=Verb.KEEP)),
        ("Dan throw", Action(player="Dan", verb=Verb.THROW)),
        ("Eddie cover 3", Action(player="Eddie", verb=Verb.COVER, amount=3)),
        ("Eddie topup 50", Action(player="Eddie", verb=Verb.TOPUP, amount=50)),
        ("showdown", Action(player=None, verb=Verb.SHOWDOWN)),
    ],
)
def test_every_verb_of_hand_history(text: str, expected: Action) -> None:
    """Each verb of the HAND-HISTORY.md table parses to its action and prints back."""
    assert Action.parse(text) == expected
    assert str(expected) == text


@pytest.mark.parametrize(
    "text",
    ["", "Andy", "Andy raise 2", "Andy bet", "Andy bet two", "Andy bet -1", "Andy fold 2",
     "Andy look sideways", "Andy discard Xx", "Andy showdown", "Andy see 1 2"],
)
def test_bad_action_text_raises_typed_error(text: str) -> None:
    with pytest.raises(InvalidActionError):
        Action.parse(text, verbs=THREE_CARD_VERBS)


@pytest.mark.parametrize("text", ["Andy bet ٣", "Andy bet ²", "Andy raise 1" + "0" * 4400,
                                  "Andy draw ³ Kd"])
def test_only_ascii_digits_of_bounded_length_are_amounts(text: str) -> None:
    """A number is ASCII digits, at most MAX_AMOUNT: the rest is refused with bragkit's error."""
    with pytest.raises(InvalidActionError):
        Action.parse(text)


def test_a_game_refuses_verbs_it_does_not_declare() -> None:
    assert Action.parse("Andy raise 2").verb is Verb.RAISE
    with pytest.raises(InvalidActionError, match=r"unknown verb 'raise'.*\(fold, bet"):
        Action.parse("Andy raise 2", verbs=THREE_CARD_VERBS)


def test_names_with_spaces_need_the_player_list() -> None:
    action = Action.parse("Mary Ann bet 4", players=["Mary", "Mary Ann"])
    assert action.player == "Mary Ann"
    assert action.amount == 4
    with pytest.raises(InvalidActionError):
        Action.parse("Nobody bet 4", players=["Mary", "Mary Ann"])


def test_legal_action_membership_checks_player_verb_and_amounts() -> None:
    option = LegalAction(player="Ann", verb=Verb.BLIND, min_amount=2, max_amount=10)
    assert Action.parse("Ann blind 2") in option
    assert Action.parse("Ann blind 10") in option
    assert Action.parse("Ann blind 11") not in option
    assert Action.parse("Ann blind 1") not in option
    assert Action.parse("Bob blind 2") not in option
    assert Action.parse("Ann bet 2") not in option
    unbounded = LegalAction(player="Ann", verb=Verb.TOPUP, min_amount=1)
    assert Action.parse("Ann topup 1000000") in unbounded
    discard = LegalAction(player="Ann", verb=Verb.DISCARD, discards=2)
    assert Action.parse("Ann discard 2c 3c") in discard
    assert Action.parse("Ann discard 2c") not in discard


def test_a_discard_is_in_its_option_in_any_order_as_the_engine_takes_it_rule_F1() -> None:
    """A discard names its cards in any order (F1): the option's choices list one order, and
    ``in`` agrees with the engine's check for every order, also for an option whose choices
    came as a plain list (a client's, read from JSON: a bot at a web table named its two
    discards the other way round and was answered for)."""
    from dataclasses import replace
    from itertools import permutations

    from bragkit.games import new

    for preset in ("four-card", "five-card"):
        game = new(preset, players=["Ann", "Bob"], seed=5)
        player = str(game.to_act)
        game.apply(f"{player} look")
        engine = next(o for o in game.legal_actions(player) if o.verb is Verb.DISCARD)
        assert engine.choices is not None
        option = replace(engine, choices=tuple(engine.choices))  # as a client reads it
        assert option.choices is not None
        for listed in option.choices:
            for cards in permutations(listed.cards):
                action = Action(player=player, verb=Verb.DISCARD, cards=cards)
                assert action in option and game.can_apply(action)
        kept = [c for c in game.view(player).hand if c not in option.choices[0].cards]
        wrong = Action(player=player, verb=Verb.DISCARD, cards=tuple(kept[:option.discards]))
        assert (wrong in option) == game.can_apply(wrong)
