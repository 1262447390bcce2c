"""Checking one action (issue 27, item 3): :meth:`Menus.find` asks the verifiers about the one
action ("may I?" is "why not?" answered with nothing) and builds only the menu entry it fits,
instead of the seat's whole menu. Here it is held to the menu: in every state of random
sessions under random house rules, every action of a seat — each verb, amounts around every
bound, every discard, looks at either hand, other games' verbs — is found exactly when the menu
lists an option it fits (or, for a blind player's discard, the record form F2 accepts), the
entry found is that option, and an action not found is refused naming a rule.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.strategies import house_rules

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import BragError, IllegalActionError
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table

_PLAIN = (Verb.FOLD, Verb.KEEP, Verb.THROW, Verb.AGREE, Verb.CHECK, Verb.CALL)
_AMOUNTS = (Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER, Verb.TOPUP, Verb.RAISE)


def menu_entry(deal: Deal, seat: int, action: Action) -> LegalAction | None:
    """What the menu says of ``action``: the entry of the seat's whole menu (built afresh) it
    fits; for a discard by a player who has not looked, the record form of a look and a discard
    at once (F2) the menu accepts though it offers the look."""
    verifiers = deal.verifiers
    found = next((option for option in verifiers.full_menu(seat) if action in option), None)
    if found is None and action.verb is Verb.DISCARD:
        return verifiers.blind_discard(seat, action)
    return found


def candidates(deal: Deal, seat: int) -> list[Action]:
    """Every kind of action ``seat`` might try now: each verb, amounts at and around every
    bound of its menu and its stack, looks at either hand, discards of its cards and of one it
    lacks."""
    verifiers = deal.verifiers
    name = deal.players[seat]
    stack = verifiers.money.stacks[seat]
    amounts = {0, 1, 2, 3, stack - 1, stack, stack + 1}
    for option in verifiers.full_menu(seat):
        for bound in (option.min_amount, option.max_amount):
            if bound is not None:
                amounts |= {bound - 1, bound, bound + 1}
    out = [Action(player=name, verb=verb) for verb in _PLAIN]
    out += [Action(player=name, verb=Verb.LOOK, hand=hand) for hand in (None, "old", "new")]
    out += [Action(player=name, verb=verb, amount=amount)
            for verb in _AMOUNTS for amount in sorted(amounts) if amount >= 0]
    if deal.rules.cards > 3:
        hand = verifiers.hold.hand[seat]
        count = deal.rules.cards - 3
        stranger: Card = next(c for c in deal.verifiers.stock.dealt[(seat + 1) % len(
            deal.players)] if c not in hand)
        for size in {count, 1}:
            out += [Action(player=name, verb=Verb.DISCARD, cards=cards)
                    for cards in combinations(hand, size)]
        out.append(Action(player=name, verb=Verb.DISCARD, cards=(hand[0], stranger)[:count]))
    return out


def check_every_action(deal: Deal) -> None:
    verifiers = deal.verifiers
    for seat in range(len(deal.players)):
        for action in candidates(deal, seat):
            expected = menu_entry(deal, seat, action)
            found = verifiers.find(seat, action)
            assert found == expected, (str(action), found, expected)
            assert deal.can_apply(action) is (expected is not None)
            if expected is None:  # refused, naming a rule, with nothing changed
                refusal = verifiers.refusal(action)
                assert isinstance(refusal, IllegalActionError) and refusal.rule, str(action)


def play_session(rules: Rules, players: int, stacks: int, seed: int, deals: int) -> None:
    """``deals`` deals of random legal actions at a table, every action checked at every
    state (blind winners keep hands, R1-R3; short stacks cover or borrow, M2-M4)."""
    rng = random.Random(seed)
    table = Table(rules, seats=[f"P{i}" for i in range(players)], buy_ins=stacks, rng=seed)
    for _ in range(deals):
        try:
            table.start_deal()
        except BragError:
            return  # someone cannot pay the ante: the session is over
        steps = 0
        while table.in_deal:
            deal = table.current
            assert deal is not None
            check_every_action(deal)
            options = deal.legal_actions()
            steps += 1
            if steps > 40:  # wind down
                options = [o for o in options if o.verb in (Verb.FOLD, Verb.KEEP)] or options
            options = [o for o in options if o.verb is not Verb.TOPUP] or options
            option = rng.choice(options)
            low = option.min_amount
            if option.choices is not None:
                table.apply(rng.choice(list(option.choices)))
            elif low is None:
                table.apply(option.action())
            else:
                high = option.max_amount if option.max_amount is not None else low + 5
                table.apply(option.action(rng.randint(low, min(high, low + 5))))


@given(rules=house_rules(), players=st.integers(2, 5), stacks=st.sampled_from([4, 12, 60]),
       seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_find_accepts_exactly_what_the_menu_lists(
    rules: Rules, players: int, stacks: int, seed: int
) -> None:
    """Every rule of the deal: the direct check and the menu agree on every action, in every
    state of a few random deals under random house rules."""
    play_session(rules, players, stacks, seed, deals=3)


def test_find_agrees_with_the_menu_over_kept_hands_and_loans() -> None:
    """Rules R1-R3, M2-M4, F1-F3: sessions long enough for blind winners to keep hands (two
    hands, R2; the face-up hand, R3), covers and loans, and four- and five-card discards."""
    for seed, rules in enumerate([
        Rules(), Rules(retained_blind="face-up"), Rules(lending=True, max_bet=6),
        Rules(cards=4, lending=True), Rules(cards=5, pot_limit=True),
        Rules(short_money="fold", raise_limit=3, max_bet=5),
    ]):
        play_session(rules, 3, 10, seed, deals=12)


def test_a_refused_action_names_its_rule() -> None:
    """Rules B11, BL1, B3, M1, B1: find refuses, and apply names the rule of the refusal."""
    deal = Deal(Rules(max_bet=20), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50], rng=3)
    verifiers = deal.verifiers
    deal.apply("Ann bet 4")
    for text, rule in [("Ann bet 4", "B11"), ("Bob blind 1", "BL1"), ("Bob bet 3", "B3"),
                       ("Bob topup 0", "M1"), ("Bob bet 60", "B1")]:
        action = Action.parse(text)
        assert verifiers.find(deal.players.index(action.player or ""), action) is None
        try:
            deal.apply(action)
        except IllegalActionError as error:
            assert error.rule == rule, text
        else:
            raise AssertionError(f"{text} was not refused")
    assert verifiers.find(1, Action.parse("Bob bet 4")) is not None
