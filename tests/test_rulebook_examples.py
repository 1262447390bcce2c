"""The examples of the rule book and of the ``.bhh`` document are true of the engine: each is quoted
from the book (so that a changed example fails here) and checked with bragkit itself."""

from __future__ import annotations

import dataclasses
import re

import pytest

import bragkit
import bragkit.records
from bragkit import evaluate
from bragkit import help as rulebook
from bragkit.games.three_card import Deal, Rules
from bragkit.odds import category_counts


def _quoted(rule_id: str, *texts: str) -> None:
    text = rulebook.rule(rule_id).text
    for quoted in texts:
        assert quoted in text, f"rule {rule_id} no longer says {quoted!r}"


@pytest.mark.parametrize(("rule_id", "better", "worse", "ordering"), [
    ("H3", "3c 3d 3h", "Ac Ad Ah", "standard"),
    ("H3", "Ac Ad Ah", "2c 2d 2h", "standard"),
    ("H4", "3s 2s As", "As Ks Qs", "standard"),
    ("H4", "4h 3h 2h", "3d 2c Ah", "standard"),
    ("H10", "As Ah Ad", "3s 3h 3d", "nine-card"),
    ("H10", "As Ks Qs", "3s 2s As", "nine-card"),
    ("H10", "Ah Kh Qh", "3h 2h Ah", "teen-patti"),
])
def test_hand_examples(rule_id: str, better: str, worse: str, ordering: str) -> None:
    if ordering == "standard":
        _quoted(rule_id, better, worse)
    assert evaluate(better, ordering=ordering) > evaluate(worse, ordering=ordering)


@pytest.mark.parametrize(("rule_id", "hands"), [
    ("H5", ["Kd 9d 2d", "Qc Tc 5c", "Qh Th 3h", "Qs 9s 8s"]),  # K-9-2 > Q-T-5 > Q-T-3 > Q-9-8
    ("H6", ["9c 9d 3h", "8c 8d Kh", "8h 8s Jc"]),  # 9-9-3 > 8-8-K > 8-8-J
    ("H7", ["Jc 6d 3h", "Tc 9d 7h", "Th 9s 6c"]),  # J-6-3 > T-9-7 > T-9-6
])
def test_ranked_examples(rule_id: str, hands: list[str]) -> None:
    spelled = " beats ".join("-".join(card[0] for card in hand.split()) for hand in hands[:2])
    _quoted(rule_id, spelled)
    ranks = [evaluate(hand) for hand in hands]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)


def test_equal_hands_and_wild_cards() -> None:
    _quoted("H8", "`7s 7h Qc` and\n`7c 7d Qd` are equal")
    assert evaluate("7s 7h Qc") == evaluate("7c 7d Qd")
    _quoted("W2", "`W 8h 7h` is the running flush 9-8-7", "`K W W` is three kings")
    assert str(evaluate("Jk 8h 7h")).startswith("running flush, 9-8-7")
    assert str(evaluate("Kc Jk Jk")).startswith("prial of kings")
    _quoted("W3", "`W 8h 7h` beats `8c 7c 6c`", "which beats `8d W 6d`",
            "`Ks Kd W` beats `Kc W W`, which beats `Qc Qd Qh`")
    assert evaluate("Jk 8h 7h") > evaluate("8c 7c 6c") > evaluate("8d Jk 6d")
    assert evaluate("Ks Kd Jk") > evaluate("Kc Jk Jk") > evaluate("Qc Qd Qh")


def test_the_counts_of_h9() -> None:
    counts = [row.combinations for row in category_counts()]
    _quoted("H9", "22,100", "741 different strengths")
    spelled = ("4 prials of threes, 48 other prials,\n48 running flushes, 720 runs, 1,096 flushes, "
               "3,744 pairs and 16,440 high-card hands")
    _quoted("H9", spelled)
    assert counts == [4, 48, 48, 720, 1096, 3744, 16440] and sum(counts) == 22100


def _deal(**rules: object) -> Deal:
    return Deal(Rules(max_bet=10, **rules), players=["Ann", "Bob", "Cat"],
                        dealer="Cat", stacks=[30, 30, 30],
                        hands={"Ann": "Qh Qs 4d", "Bob": "Ts Tc 4h", "Cat": "7c 7d 9h"})


def test_betting_examples() -> None:
    _quoted("B3", "Ann bets 2, Bob bets 3. The stake is now 3: Cat must bet at least 3")
    deal = _deal()
    deal.apply("Ann bet 2")
    deal.apply("Bob bet 3")
    with pytest.raises(bragkit.IllegalActionError, match=r"rule B3"):
        deal.apply("Cat bet 2")
    deal.apply("Cat bet 3")
    with pytest.raises(bragkit.IllegalActionError, match=r"rule B3"):
        deal.apply("Ann bet 1")  # she has put in 2 already: each turn costs fresh money
    _quoted("BL1", "the stake is 4. An open player must bet at least 4; a blind player at least 2",
            "If the\nstake is 5, the blind player's least bet is 3")
    deal = _deal()
    deal.apply("Ann bet 5")
    options = {option.verb.value: option for option in deal.legal_actions("Bob")}
    assert (options["blind"].min_amount, options["bet"].min_amount) == (3, 5)
    _quoted("B1", "five players ante 1 each under `pot_limit`: the first bet is at most 5")
    five = Deal(Rules(pot_limit=True), players=["A", "B", "C", "D", "E"],
                        dealer="E", stacks=[30] * 5)
    bets = {option.verb.value: option for option in five.legal_actions("A")}
    assert bets["bet"].max_amount == 5


def test_seeing_examples() -> None:
    _quoted("B6", "the stake is 2; Ann sees Bob for 4")
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Ann", stacks=[30, 30],
                        hands={"Ann": "Qh Qs 4d", "Bob": "Ts Tc 4h"})
    deal.apply("Bob bet 2")
    deal.apply("Ann look")  # open against open: twice the stake
    deal.apply("Ann see 4")
    assert deal.result.winners == {"Ann": 8}
    tie = Deal(Rules(), players=["Ann", "Bob"], dealer="Ann", stacks=[30, 30],
                       hands={"Ann": "Td Th 4s", "Bob": "Ts Tc 4h"})
    tie.apply("Bob bet 2")
    tie.apply("Ann look")
    tie.apply("Ann see 4")
    assert tie.result.winners == {"Bob": 8}  # a tie goes against the seer (B6, H8)
    _quoted("BL4", "an open player may not see a blind one")
    blind = Deal(Rules(), players=["Bill", "Chris"], dealer="Chris",
                         stacks=[30, 30], hands={"Bill": "2h 2d 9s", "Chris": "Qh Qs 4d"})
    blind.apply("Bill blind 1")
    blind.apply("Chris look")
    with pytest.raises(bragkit.IllegalActionError, match=r"rule BL4"):
        blind.apply("Chris see 2")


def _bhh_example() -> str:
    text = rulebook.document("hand-history")
    example = text[text.index("## An example"):text.index("## The keys")]
    found = re.search(r"```toml\n(.*?)```", example, re.DOTALL)
    assert found is not None
    return found[1]


def test_the_bhh_example_replays_as_the_document_says() -> None:
    text = _bhh_example()
    result = bragkit.records.replay(text).to_json()
    assert result["winners"] == {"Chris": 11}
    assert "Chris takes the pot of 11" in rulebook.document("hand-history")
    assert bragkit.records.dump(bragkit.records.load(text)) == text  # written as bragkit writes


def test_the_bhh_document_names_every_house_rule() -> None:
    text = rulebook.document("hand-history")
    keys = text[text.index("The `[rules]` table takes"):text.index("## The cards")]
    for field in dataclasses.fields(Rules):
        if not field.init:
            continue
        assert f"`{field.name}`" in keys, field.name
        # and the rule book gives each its rule (`cards` is the preset's: four-card, five-card)
        book = rulebook.document("rules")
        assert re.search(rf"`{field.name}\b", book) or field.name == "cards", field.name


def test_the_teen_patti_pot_limit_example_rule_tp6() -> None:
    """TP6's decisions as the book words them: a pot at the limit plays on, the next payment is
    cut and every hand shown; boots that reach the limit are refused."""
    from bragkit.errors import RulesError
    from bragkit.games.teen_patti import TeenPatti
    from bragkit.games.teen_patti_rules import TeenPattiRules

    _quoted("TP6", "Reaching the limit is not passing it", "Each chaals 1 blind: the pot holds 6,",
            "cut to nothing and all\nthree hands are shown", "With `pot_limit` 3 at that table the "
            "deal could not start")
    seats = {"Ann": "Ks Kh 9c", "Bob": "Kd Kc 9h", "Cy": "2d 3c 5h"}
    game = TeenPatti(TeenPattiRules(pot_limit=6), players=list(seats), dealer="Cy",
                     stacks=[20] * 3, hands=seats)
    for text in ["Ann blind 1", "Bob blind 1", "Cy blind 1"]:
        game.apply(text)
    assert game.pot == 6 and not game.over
    game.apply("Ann blind 1")
    assert game.over and sorted(game.shown) == sorted(seats) and sum(game.winners.values()) == 6
    with pytest.raises(RulesError, match="TP6"):
        TeenPatti(TeenPattiRules(pot_limit=3), players=list(seats), dealer="Cy",
                  stacks=[20] * 3, hands=seats)
    _quoted("D4", "any one of those\npots was taken, once the hands over it had been compared, "
            "by a prial turned face up")
