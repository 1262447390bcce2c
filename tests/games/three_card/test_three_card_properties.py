"""Invariants of random legal play under random house rules (Hypothesis).

Every option of the rules, two to eight players, small stacks (to force covers and loans),
retained blind hands, packs with jokers: chips are conserved to the chip, no card is in two
places, every deal ends, no view ever carries a card its viewer may not know, ``can_apply``
agrees with ``apply``, and a refused action changes nothing.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_three_card_support import snapshot

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card, Pack
from bragkit.errors import IllegalActionError, InvalidActionError
from bragkit.games.three_card.deal import VERBS, Deal
from strategies import house_rules

_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shdc]|Jk)(?![A-Za-z0-9])")


@st.composite
def tables(draw: st.DrawFn) -> tuple[Deal, random.Random]:
    rules = draw(house_rules())
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))  # the play's choices, reproducible
    retained = rules.blind and draw(st.booleans())
    count = draw(st.integers(2, min(8, rules.max_players(retained=int(retained)))))
    players = [f"P{i}" for i in range(count)]
    stacks = [rules.ante + draw(st.integers(0, 40)) for _ in players]
    pack = Pack.shuffled(rng, jokers=rules.jokers)
    old: dict[str, list[Card]] | None = None
    if retained:
        holder = draw(st.sampled_from(players))
        old = {holder: [pack.deal() for _ in range(rules.cards)]}
    use_hands = draw(st.booleans())
    kwargs: dict[str, Any] = {}
    if use_hands:
        hands = {p: [pack.deal() for _ in range(rules.cards)] for p in players}
        kwargs["hands"] = hands
    else:
        kwargs["pack"] = pack
    deal = Deal(rules, players=players, dealer=draw(st.sampled_from(players)), stacks=stacks,
                carried_pot=draw(st.sampled_from([0, 0, 5])), retained=old, **kwargs)
    return deal, rng


def choose(deal: Deal, rng: random.Random, steps: int) -> Action:
    options = deal.legal_actions()
    assert options, "a deal that is not over always offers an action"
    if steps > 150:  # wind down: fold, or keep a looked-at hand
        for option in options:
            if option.verb in (Verb.FOLD, Verb.KEEP) and option.player == deal.to_act:
                return option.action()
    option = rng.choice(options)
    if option.verb is Verb.TOPUP and rng.random() < 0.8:
        option = rng.choice(options)
    return make(deal, option, rng)


def make(deal: Deal, option: LegalAction, rng: random.Random) -> Action:
    if option.verb is Verb.DISCARD:
        assert option.player is not None
        held = list(deal.cards_of(option.player))
        return option.action(cards=rng.sample(held, option.discards))
    if option.min_amount is None:
        return option.action()
    top = option.max_amount if option.max_amount is not None else option.min_amount + 20
    return option.action(rng.randint(option.min_amount, min(top, option.min_amount + 20)))


def random_action(deal: Deal, rng: random.Random) -> Action:
    """Any well-formed action of any game's verbs, legal or not."""
    verb = rng.choice(list(Verb))
    player = rng.choice([*deal.players, "Nobody"])
    if verb is Verb.SHOWDOWN:
        return Action(player=None, verb=verb)
    if verb in (Verb.DISCARD, Verb.PLAYS):
        held = list(deal.cards_of(player)) if player in deal.players else []
        cards = tuple(rng.sample(held, min(len(held), rng.randint(1, 2)))) or (Card(0),)
        return Action(player=player, verb=verb, cards=cards)
    if verb in (Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.TOPUP, Verb.RAISE):
        return Action(player=player, verb=verb, amount=rng.randint(0, 30))
    if verb is Verb.LOOK:
        return Action(player=player, verb=verb, hand=rng.choice([None, "old", "new"]))
    return Action(player=player, verb=verb)


def check_cards(deal: Deal) -> None:
    """No card in two places: the stock and the cards in front of the players in play make
    the whole pack (a pack deal), or at least no card is held twice (a hands deal)."""
    held: Counter[int] = Counter()
    for player in deal.in_play:
        held.update(deal.cards_of(player))
    stock = deal.stock  # the engine's own stock (omniscient), read for this check only
    if stock is None:
        assert all(n == 1 for c, n in held.items() if c != 52)
        return
    everything = held + Counter(stock.cards)
    assert everything == Counter(Pack.standard(jokers=deal.rules.jokers).cards)


def allowed_cards(deal: Deal, viewer: str | None) -> set[str]:
    view = deal.view(viewer)
    allowed = {str(c) for cards in view.shown.values() for c in cards}
    allowed |= {str(c) for cards in view.face_up.values() for c in cards}
    if view.stock_card is not None:
        allowed.add(str(view.stock_card))
    if viewer is not None and view.hand is not None:
        allowed |= {str(c) for c in view.hand}
    if viewer is not None:  # own discards (F1) are in the viewer's action log
        for action in deal.actions:
            if action.player == viewer and action.verb is Verb.DISCARD:
                allowed |= {str(c) for c in action.cards}
    return allowed


def check_views(deal: Deal) -> None:
    """No view carries a card its viewer may not know (D8, BL6, T3)."""
    for viewer in [None, *deal.players]:
        view = deal.view(viewer)
        data = view.to_dict()
        tokens = set(_CARD_TOKEN.findall(json.dumps(data)))
        assert tokens <= allowed_cards(deal, viewer), (viewer, tokens)
        if viewer is not None and deal.is_blind(viewer) and view.two_hands != viewer:
            assert view.hand is None  # rule BL6


@given(tables())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_legal_play_keeps_every_invariant(table: tuple[Deal, random.Random]) -> None:
    deal, rng = table
    start = sum(deal.start.stacks) + deal.start.carried_pot
    topups = 0
    steps = 0
    check_cards(deal)
    while not deal.over:
        steps += 1
        assert steps < 400, "the deal does not end"
        action = choose(deal, rng, steps)
        assert deal.can_apply(action)
        deal.apply(action)
        if action.verb is Verb.TOPUP:
            assert action.amount is not None
            topups += action.amount
        # chips are conserved to the chip (loans move chips between stacks)
        assert sum(deal.stacks.values()) + deal.pot == start + topups
        assert all(stack >= 0 for stack in deal.stacks.values())
        if not deal.over:  # at the end every hand is back under the pack (D5)
            check_cards(deal)
        if rng.random() < 0.3:
            check_views(deal)
        if not deal.over and rng.random() < 0.3:
            probe = random_action(deal, rng)
            if not deal.can_apply(probe):
                before = snapshot(deal)
                try:
                    deal.apply(probe)
                except IllegalActionError as error:
                    assert error.rule
                except InvalidActionError:  # another game's verb (the Game protocol)
                    assert probe.verb not in VERBS
                else:  # pragma: no cover - the assertion below reports it
                    raise AssertionError(f"{probe} was applied though can_apply said no")
                assert snapshot(deal) == before
    check_views(deal)
    result = deal.result
    assert sum(result.stacks.values()) + result.carried_pot == start + topups
    assert set(result.winners) <= set(deal.players)
    if result.next_pack is not None:
        kept = Counter(result.retained_hand or ())
        whole = Counter(result.next_pack.cards) + kept
        assert whole == Counter(Pack.standard(jokers=deal.rules.jokers).cards)
    if result.retained is not None:
        assert result.retained_hand is not None and deal.is_blind(result.retained)
