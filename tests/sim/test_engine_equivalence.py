"""The simulator plays the engine's rules: random simulated deals replayed through the checked
engine (bragkit.games.three_card.Deal) end with the same chips, winners, shown hands and
carried pots (rules B2-B9, BL1-BL6, D2, D6, H, W), and the engine accepts every action the
simulator offers on the way."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.sim.replay import play_both

from bragkit.cards import Card, Pack, parse_cards
from bragkit.games.three_card.rules import ORDERINGS, Rules
from bragkit.sim import State


@st.composite
def sim_rules(draw: st.DrawFn) -> Rules:
    """House rules within the simulator's scope: every option of a single three-card deal."""
    min_bet = draw(st.integers(1, 4))
    max_bet = draw(st.one_of(st.none(), st.integers(min_bet, min_bet + 12)))
    limit = draw(st.sampled_from(["none", "raise", "pot"]))
    return Rules(
        ante=draw(st.integers(0, 3)),
        min_bet=min_bet,
        max_bet=max_bet,
        raise_limit=draw(st.integers(1, 8)) if limit == "raise" else None,
        pot_limit=limit == "pot",
        see_cost=draw(st.sampled_from(["double", "single"])),
        blind=draw(st.booleans()),
        ordering=draw(st.sampled_from(ORDERINGS)),
        wild=draw(st.sampled_from([(), ("2",), ("Jh", "Js")])),
        jokers=draw(st.integers(0, 2)),
        short_money=draw(st.sampled_from(["cover", "fold"])),
        cards=draw(st.sampled_from([3, 3, 4, 5])),
    )


def shown_cards(state: State, row: int, seat: int) -> tuple[Card, ...]:
    """The cards a shown hand shows: the three it plays, then its discards (D8, F1)."""
    hand = state.hands[row, seat]
    if state.extra is not None:
        hand = hand[state.rater.shown_order(state.extra.combo[row, seat])]
    return tuple(Card(int(c)) for c in hand)


def check_results(state: State, deals: list) -> None:  # type: ignore[type-arg]
    for row, deal in enumerate(deals):
        result = deal.result
        assert result is not None, f"deal {row} is not over in the engine"
        names = list(deal.players)
        assert result.stacks == {n: int(state.stacks[row, s]) for s, n in enumerate(names)}
        assert result.winners == {n: int(state.winnings[row, s]) for s, n in enumerate(names)
                                  if state.winnings[row, s]}
        shown = {n: shown_cards(state, row, s) for s, n in enumerate(names) if state.shown[row, s]}
        assert result.shown == shown  # rule D8: the same hands, the same cards
        assert result.carried_pot == int(state.carried[row])  # rule BL3
        retained = int(state.retained[row])
        assert result.retained == (names[retained] if retained >= 0 else None)
        # chips are conserved: the stacks and the pot carried are what was brought in
        brought = int(state.start_stacks[row].sum()) + deal.start.carried_pot
        assert sum(result.stacks.values()) + result.carried_pot == brought


@settings(max_examples=40, deadline=None)
# two jokers in a five-card hand, one of them discarded with a 2h: the shown discards are in
# the order the simulator throws them, the first joker of the hand (W1, D8)
@example(rules=Rules(cards=5, jokers=2, blind=True, max_bet=10), players=8, seed=422,
         given_packs=False, small_stacks=False, any_amount=False)
@given(rules=sim_rules(), players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1),
       given_packs=st.booleans(), small_stacks=st.booleans(), any_amount=st.booleans())
def test_random_deals_replay_identically_through_the_engine(
    rules: Rules, players: int, seed: int, given_packs: bool, small_stacks: bool,
    any_amount: bool
) -> None:
    """With ``any_amount`` every bet is drawn from the whole range the step takes (``bets``),
    which is the engine's range of a bet or blind bet (B1, B3, BL1)."""
    state, deals = play_both(rules, players, 64, seed, given_packs=given_packs,
                             small_stacks=small_stacks, any_amount=any_amount)
    check_results(state, deals)


def test_thousands_of_default_deals_replay_identically() -> None:
    ends = {"see": 0, "showdown": 0, "fold-out": 0, "carried": 0, "split": 0, "covered": 0,
            "layers": 0}
    for players in (2, 3, 4, 6, 8):
        state, deals = play_both(Rules(max_bet=10), players, 400, players,
                                 given_packs=False, small_stacks=True)
        check_results(state, deals)
        for deal in deals:
            actions = [a.verb.value for a in deal.actions]
            result = deal.result
            assert result is not None
            ends["see"] += "see" in actions  # rule B6
            ends["showdown"] += "agree" in actions and len(result.shown) >= 3  # rule B8
            ends["fold-out"] += not result.shown and result.carried_pot == 0  # rule B5
            ends["carried"] += result.carried_pot > 0  # rule BL3
            ends["split"] += len(result.winners) > 1  # rule B8: equal best hands
            ends["covered"] += "cover" in actions  # rule M2
            ends["layers"] += actions.count("cover") >= 2  # rule M2: a covered pot in layers
    # every way a deal ends was met (the replay above is not vacuous)
    assert all(ends[k] > 0 for k in ("see", "showdown", "fold-out", "carried", "covered",
                                     "layers")), ends


def test_a_discarded_joker_is_the_first_of_the_hand() -> None:
    """Rules F1, W1: jokers are alike, so discarding one throws the first in the hand, as the
    engine does: the hand shows the same cards in the same order (D8), whichever joker the
    step's ``discards`` name."""
    from bragkit.cards import format_cards
    from bragkit.games.three_card.deal import Deal
    from bragkit.sim import init, step
    from bragkit.sim.menu import DISCARD, SEE, STAY

    rules = Rules(cards=4, jokers=2, blind=False)
    top = parse_cards("Js 2c Jk 2d Jd 2h Jk 3c")  # seat 0: Js Jk Jd Jk; seat 1: 2c 2d 2h 3c
    rest = [c for c in Pack.standard().cards if c not in top]
    pack = Pack.parse(format_cards([*top, *rest]), jokers=2)
    for thrown in (0b1000, 0b0010):  # the second joker, then the first
        state = init(None, 1, players=2, rules=rules, packs=[[int(c) for c in pack]])
        step(state, [DISCARD], discards=[thrown])
        step(state, [STAY])
        step(state, [DISCARD], discards=[0b1000])
        step(state, [SEE])
        deal = Deal(rules, players=["p0", "p1"], dealer="p1", stacks=[1_000_000] * 2,
                    pack=pack.copy())
        for text in ("p0 discard Jk", "p0 bet 1", "p1 discard 3c", "p1 see 2"):
            deal.apply(text)
        assert deal.result is not None and state.terminated.all()
        assert deal.result.shown == {f"p{s}": shown_cards(state, 0, s) for s in (0, 1)
                                     if state.shown[0, s]}
        assert deal.result.shown["p0"][-1] == Card.parse("Jk")  # kept Js Jd Jk, thrown Jk
