"""The log is the truth for views, and the verifiers are the truth for legality (Hypothesis).

Under random house rules and random legal play: each player's view, folded from the operation
log censored for them, reproduces the engine's state (stacks, pot, pots, stake, whose turn, who
is in play, blind, covered, the viewer's own cards); no censored record carries a card its
viewer may not know (BL6, F1, D8, R3); and the menu (``can_apply``) and the verifiers'
refusal agree on every action, legal or not.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from test_three_card_properties import check_views, choose, make, random_action, tables

from bragkit.actions import Action, Verb
from bragkit.errors import IllegalActionError
from bragkit.games.three_card.deal import VERBS, Deal
from bragkit.games.three_card.operations import (
    Acted,
    CardDealt,
    DiscardHidden,
    HandLooked,
    HandRetained,
    HandToPack,
)
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.verify import OVER
from bragkit.games.three_card.views import fold


def check_view_is_the_state(deal: Deal, viewer: str | None) -> None:
    """The view folded from the censored log against the engine's own state."""
    view = deal.view(viewer)
    assert dict(view.stacks) == deal.stacks
    assert (view.pot, view.pots, view.stake) == (deal.pot, deal.pots, deal.stake)
    assert (view.to_act, view.is_over) == (deal.to_act, deal.over)
    assert view.in_play == deal.in_play
    assert set(view.in_play) - set(view.covered) == set(deal.betting)  # rule M2
    assert view.blind == tuple(p for p in deal.players if deal.is_blind(p))  # rule BL6
    if viewer is not None and not deal.is_blind(viewer) and view.two_hands != viewer:
        assert view.hand == deal.cards_of(viewer)  # own cards, once looked
    if deal.over:
        result = deal.result
        assert dict(view.winners) == dict(result.winners)
        assert dict(view.shown) == dict(result.shown)
        assert (view.carried_forward, view.retained) == (result.carried_pot, result.retained)


def check_censored(deal: Deal, viewer: str | None) -> None:
    """No record, censored for ``viewer``, carries a card they may not know."""
    for op in deal.operations:
        seen = op.censored(viewer)
        if isinstance(seen, CardDealt):
            assert seen.face_up  # rules BL6, R3: face down is seen by no one
        elif isinstance(seen, HandLooked):
            assert not seen.cards or seen.player == viewer  # rule BL6: the owner only
        elif isinstance(seen, Acted) and seen.action.verb is Verb.DISCARD:
            assert seen.action.player == viewer  # rule F1
        elif isinstance(seen, HandToPack):
            assert seen.face_up or not seen.cards  # rule D5: face down
        elif isinstance(seen, HandRetained):
            assert not seen.cards  # rules BL3, R1: unseen
        if isinstance(op, Acted) and op.action.verb is Verb.DISCARD and viewer != op.player:
            assert isinstance(seen, DiscardHidden) and seen.count == len(op.action.cards)


def refusal(deal: Deal, action: Action) -> IllegalActionError | None:
    """What the deal's verifiers say of ``action`` (rule B10 once the deal is over)."""
    return OVER.error() if deal.over else deal.verifiers.refusal(action)


def check_menu_and_verifiers_agree(deal: Deal, rng: random.Random) -> None:
    """One code path: an action fits the menu exactly when the verifiers refuse nothing."""
    for _ in range(6):
        probe = random_action(deal, rng)
        if probe.verb in VERBS:
            assert deal.can_apply(probe) == (refusal(deal, probe) is None), probe
    for option in deal.legal_actions():
        if option.min_amount is not None:
            action = make(deal, option, rng)
            assert refusal(deal, action) is None, action
    # every verb of every player at the amounts where the rules draw their lines
    stake = deal.stake
    for player in deal.players:
        stack = deal.stacks[player]
        edges = {stake - 1, stake, stake + 1, 2 * stake, (stake + 1) // 2, stake // 2,
                 stack - 1, stack, stack + 1, 1, 2, deal.rules.min_bet}
        probes = [Action(player=player, verb=v) for v in (Verb.FOLD, Verb.LOOK, Verb.KEEP,
                                                          Verb.THROW)]
        probes += [Action(player=player, verb=Verb.LOOK, hand=h) for h in ("old", "new")]
        probes += [Action(player=player, verb=v, amount=a) for a in edges if a > 0
                   for v in (Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER)]
        for probe in probes:
            assert deal.can_apply(probe) == (refusal(deal, probe) is None), probe


@given(tables())
@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_censored_log_folds_into_each_view(table: tuple[Deal, random.Random]) -> None:
    """Rules BL6, D8, F1, R2, R3, M1-M4: at every state of random play, each player's view is
    the engine's state as they may know it, and no record leaks a hidden card."""
    deal, rng = table
    steps = 0
    while True:
        for viewer in [None, *deal.players]:
            check_view_is_the_state(deal, viewer)
            if rng.random() < 0.3:
                check_censored(deal, viewer)
        if deal.over:
            break
        check_menu_and_verifiers_agree(deal, rng)
        steps += 1
        deal.apply(choose(deal, rng, steps))
    check_views(deal)
    for viewer in [None, *deal.players]:
        check_censored(deal, viewer)


def test_bl6_a_blind_players_cards_are_in_the_log_but_not_in_their_view() -> None:
    """Rule BL6: the cards are dealt face down; only a look shows them, to the owner only."""
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    assert [op.censored("Ann") for op in deal.operations if isinstance(op, CardDealt)] == [
        None] * 6
    assert deal.view("Ann").hand is None
    deal.apply("Ann look")
    looked = [op for op in deal.operations if isinstance(op, HandLooked)]
    assert [str(op) for op in looked] == ["Ann looked at Qh Qs 4d"]
    assert looked[0].censored("Bob") == HandLooked(player="Ann", cards=())
    assert [str(c) for c in deal.view("Ann").hand or ()] == ["Qh", "Qs", "4d"]
    assert deal.view("Bob").hand is None and deal.view("Bob").blind == ("Bob",)


def test_bl1_with_blind_play_off_each_player_sees_their_own_cards_from_the_deal() -> None:
    """Rule BL1: blind play off, every player has seen their cards at the deal (a look record
    each, for the owner only)."""
    deal = Deal(Rules(blind=False), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    assert deal.view("Bob").hand == deal.cards_of("Bob")
    assert deal.view(None).hand is None and deal.view(None).blind == ()


def test_f1_a_discard_is_face_down_to_the_others() -> None:
    """Rule F1: the others read how many cards were discarded, never which."""
    deal = Deal(Rules(cards=4), players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9],
                hands={"Ann": "Qh Qs 4d 2c", "Bob": "As Tc 2d 3h"})
    deal.apply("Ann discard 2c")
    assert deal.view("Bob").actions == ("Ann discard [1 card]",)
    assert deal.view("Ann").actions == ("Ann discard 2c",)
    assert [str(c) for c in deal.view("Ann").discards] == ["2c"]


def test_the_fold_needs_only_the_censored_log_and_the_public_start() -> None:
    """The view is a pure fold: the same records and public start give the same fields."""
    deal = Deal(Rules(), players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[9, 9, 9],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d", "Cy": "7c 7d 7h"})
    for text in ("Ann look", "Ann bet 2", "Bob blind 1", "Cy fold", "Ann bet 2", "Bob see 2"):
        deal.apply(Action.parse(text))
    ops = [c for op in deal.operations if (c := op.censored("Bob")) is not None]
    state = fold(ops, players=deal.players, dealer="Cy", rules=deal.rules,
                 stacks={"Ann": 9, "Bob": 9, "Cy": 9}, carried_pot=0, retained=(), viewer="Bob")
    view = deal.view("Bob")
    assert state["stacks"] == {"Ann": 14, "Bob": 5, "Cy": 8} == dict(view.stacks)
    assert state["shown"] == dict(view.shown) and state["to_act"] is None
    assert state["hand"] is None  # Bob saw only with the see, never looked (BL6)
