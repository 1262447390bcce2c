"""Bots read the censored operation records of a view, not its action strings.

The string reader the bots used before (re-parsing ``view.actions``) is kept here only as an
oracle: on random deals of random house rules, :meth:`History.of` built from the records must
give exactly what the strings gave, so no bot's play (and no arena figure) moves. And nothing
a bot reads (``view.operations``) may carry a card its seat may not know (rules BL6, D8, F1,
R3).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import house_rules

from bragkit.actions import Action, Verb
from bragkit.bots.reading import History, OpenBet, PlayerHistory, moves
from bragkit.cards import Card
from bragkit.errors import InvalidActionError
from bragkit.games.protocol import Operation
from bragkit.games.three_card.betting import least_bet, stake_after
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.operations import Acted, CardDealt, HandLooked, HandShown, HandToPack
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView

_PAYING = frozenset({Verb.BET, Verb.BLIND, Verb.SEE, Verb.COVER})


def _parse(text: str, players: tuple[str, ...]) -> Action | None:
    if " discard [" in text:  # rule F1: another's face-down discard reads as a look
        name = text.split(" discard [", 1)[0]
        return Action(player=name, verb=Verb.LOOK) if name in players else None
    try:
        return Action.parse(text, players=players)
    except InvalidActionError:
        return None


def history_from_strings(view: DealView, *, min_bet: int = 1) -> History:
    """The old reader: the view's action strings re-parsed (the oracle)."""
    names = view.players
    people = {name: PlayerHistory() for name in names}
    parsed = [_parse(text, names) for text in view.actions]
    paid_total = sum(a.amount for a in parsed if a is not None and a.verb in _PAYING
                     and a.amount is not None)
    start_pot = view.pot - paid_total if not view.is_over else 0
    pot, stake, betting = start_pot, 0, len(names)
    for action in parsed:
        if action is None or action.player is None:
            continue
        who = people[action.player]
        verb = action.verb
        amount = action.amount or 0
        if verb in (Verb.BET, Verb.BLIND) and betting == 2 and stake:
            other = next((p for n, p in people.items() if n != action.player
                          and not p.folded and not p.covered), None)
            if other is not None and (not who.looked or other.looked):
                who.declined_sees += 1
        if verb in (Verb.LOOK, Verb.DISCARD, Verb.KEEP):
            if action.hand is None:
                who.looked = True
            if verb is Verb.KEEP:
                who.looked = True
        elif verb is Verb.FOLD:
            who.folded = True
            who.folded_blind = not who.looked
            betting -= 1
        elif verb is Verb.BLIND:
            who.blind_bets += 1
            stake = stake_after(amount, blind=True)
        elif verb is Verb.BET:
            who.looked = True
            least = least_bet(min_bet, stake)
            who.open_bets.append(OpenBet(index=len(who.open_bets) + 1, amount=amount,
                                         stake=stake, raised=amount > least, pot=pot,
                                         verb=verb))
            stake = stake_after(amount, blind=False)
        elif verb in (Verb.SEE, Verb.COVER) and who.looked:
            who.open_bets.append(OpenBet(index=len(who.open_bets) + 1, amount=stake,
                                         stake=stake, raised=False, pot=pot, verb=verb))
            who.covered = verb is Verb.COVER
            betting -= verb is Verb.COVER
        elif verb is Verb.COVER:
            who.covered = True
            betting -= 1
        if verb in _PAYING:
            pot += amount
            who.paid += amount
    return History(players=people, stake=stake, start_pot=start_pot)


def random_deal(rules: Rules, seed: int, seats: int) -> Iterator[Deal]:
    """A deal played by random legal actions (top-ups and looks out of turn included),
    yielded after every action; now and then a retained hand (R1, R2)."""
    rng = random.Random(seed)
    players = ["Ann", "Bob", "Cy", "Di"][:seats]
    retained = None
    if rules.blind and rules.cards == 3 and rng.random() < 0.3:  # rule R1
        retained = {players[0]: "Kc Kd 9s"}
    deal = Deal(rules, players=players, dealer=players[-1], stacks=[rng.randint(3, 40)] * seats,
                carried_pot=rng.choice([0, 0, 5]), retained=retained, rng=rng)
    yield deal
    for _ in range(80):
        if deal.over:
            return
        options = deal.legal_actions()
        if rng.random() > 0.1:
            options = [o for o in options if o.verb is not Verb.TOPUP] or options
        option = rng.choice(options)
        if option.verb is Verb.DISCARD:  # rule F1: a random choice of cards to set aside
            assert option.player is not None
            cards = tuple(rng.sample(deal.cards_of(option.player), option.discards))
            deal.apply(Action(player=option.player, verb=Verb.DISCARD, cards=cards))
            yield deal
            continue
        low = option.min_amount
        high = option.max_amount if option.max_amount is not None else (low or 0) + 10
        deal.apply(option.action(None if low is None else rng.randint(low, max(low, high))))
        yield deal


@settings(max_examples=60, deadline=None)
@given(rules=house_rules(), seed=st.integers(0, 10**6), seats=st.integers(2, 4))
def test_history_from_operations_equals_what_the_strings_gave(rules: Rules, seed: int,
                                                              seats: int) -> None:
    compared = 0
    for deal in random_deal(rules, seed, seats):
        for viewer in (*deal.players, None):
            view = deal.view(viewer)
            assert [str(op) if not isinstance(op, Acted) else str(op.action)
                    for op in moves(view)] == list(view.actions)
            got = History.of(view, min_bet=rules.min_bet)
            assert got == history_from_strings(view, min_bet=rules.min_bet)
            compared += 1
    assert compared > 0


def test_history_from_operations_on_a_hand_made_deal_rules_BL1_B6_F1() -> None:
    deal = Deal(Rules(cards=4, max_bet=10), players=["Ann", "Bob", "Cy"], dealer="Cy",
                stacks=[30, 30, 30],
                hands={"Ann": "Qh Qs 4d 7c", "Bob": "As Tc 2d 3h", "Cy": "7d 7h 7s 2c"})
    for text in ["Ann discard 7c", "Ann bet 2", "Bob blind 1", "Cy fold", "Ann bet 4"]:
        deal.apply(text)
    view = deal.view("Bob")
    history = History.of(view)
    assert history == history_from_strings(view)
    ann = history.player("Ann")
    assert ann.looked and [b.amount for b in ann.open_bets] == [2, 4] and ann.paid == 6
    assert history.player("Bob").blind_bets == 1 and history.player("Cy").folded_blind
    assert history.stake == 4 and history.player("Ann").open_bets[1].raised


def _cards(value: object) -> set[Card]:
    """Every card held anywhere in a record (its fields, an action's cards)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple | list):
        return set().union(*(_cards(v) for v in value)) if value else set()
    if isinstance(value, Action):
        return set(value.cards)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_cards(getattr(value, f.name))
                             for f in dataclasses.fields(value)))
    return set()


def _known(viewer: str, ops: tuple[Operation, ...]) -> set[Card]:
    """What ``viewer`` may know from the engine's full log: their cards once they looked,
    their own discards (F1), the face-up hand (R3) and the hands shown (D8)."""
    known: set[Card] = set()
    for op in ops:
        if isinstance(op, HandLooked) and op.player == viewer:
            known |= set(op.cards)
        elif isinstance(op, Acted) and op.player == viewer:
            known |= set(op.action.cards)
        elif isinstance(op, CardDealt | HandToPack) and op.face_up:
            known |= _cards(op)
        elif isinstance(op, HandShown):
            known |= set(op.cards)
    return known


@settings(max_examples=60, deadline=None)
@given(rules=house_rules(), seed=st.integers(0, 10**6), seats=st.integers(2, 4))
def test_nothing_a_bot_reads_carries_a_card_its_seat_may_not_know(rules: Rules, seed: int,
                                                                  seats: int) -> None:
    for deal in random_deal(rules, seed, seats):
        full = deal.operations
        for viewer in deal.players:
            view = deal.view(viewer)
            assert view.operations == tuple(c for op in full
                                            if (c := op.censored(viewer)) is not None)
            known = _known(viewer, full)
            for op in view.operations:
                assert _cards(op) <= known, (viewer, str(op))
        spectator = deal.view(None)
        public = _known("", full)
        assert all(_cards(op) <= public for op in spectator.operations)


def test_a_blind_player_reads_none_of_their_own_cards_rule_BL6() -> None:
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    deal.apply("Ann blind 1")
    assert not set().union(*(_cards(op) for op in deal.view("Ann").operations))
    deal.apply("Bob look")
    seen = set().union(*(_cards(op) for op in deal.view("Bob").operations))
    assert {str(c) for c in seen} == {"As", "Tc", "2d"}
    assert not set().union(*(_cards(op) for op in deal.view("Ann").operations))


def test_view_to_dict_holds_no_operation_records() -> None:
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[10, 10],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})
    deal.apply("Ann look")
    view = deal.view("Ann")
    assert view.operations and "operations" not in view.to_dict()
