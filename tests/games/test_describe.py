"""One wording of every record (:func:`bragkit.games.protocol.describe`): every operation class
of every game words itself for its own player in the second person ("You fold") and for anyone
else in the third ("Ann folds"); verbs conjugate; a shown hand carries its name (D8); the record
strings (HAND-HISTORY.md) do not change."""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bragkit.actions import Action, Verb
from bragkit.cards import parse_cards
from bragkit.games import crash, nine_card, points_game, stake_operations, teen_patti_operations
from bragkit.games.protocol import Operation, describe, random_action
from bragkit.games.registry import games, new
from bragkit.games.three_card import operations as three
from bragkit.games.wording import action_words
from bragkit.ledger import Payment

for _module in ("bragkit.games.teen_patti", "bragkit.games.historic", "bragkit.games.brag_poker"):
    importlib.import_module(_module)

QQ = parse_cards("Qh Qs 4d")
LOW = parse_cards("9c 7d 2h")
#: Third-person forms after "You" (not "You pass"), and "You's": the words of old.
WRONG = re.compile(r"\bYou (has|is|was|does|\w+[^s\W]s)\b|\b[Yy]ou's\b")

#: One record of each class: Ann is its player (or first named), Bob the other.
SAMPLES: dict[type[Operation], Operation] = {
    stake_operations.Turn: stake_operations.Turn(player="Ann", phase="betting"),
    stake_operations.RoundOpened: stake_operations.RoundOpened(phase="betting",
                                                               levels=(("Ann", 1),)),
    three.AnteTaken: three.AnteTaken(player="Ann", amount=1),
    three.CardDealt: three.CardDealt(player="Ann", card=QQ[0], face_up=True),
    three.HandLooked: three.HandLooked(player="Ann", cards=QQ),
    three.Acted: three.Acted(action=Action.parse("Ann bet 2"), paid=2),
    three.DiscardHidden: three.DiscardHidden(player="Ann", count=1),
    three.Loan: three.Loan(lender="Ann", borrower="Bob", amount=3),
    three.HandToPack: three.HandToPack(player="Ann", cards=QQ, face_up=True),
    three.HandShown: three.HandShown(player="Ann", cards=QQ, name="pair of queens, 4 kicker"),
    three.PotAwarded: three.PotAwarded(player="Ann", amount=4),
    three.PotCarried: three.PotCarried(amount=4),
    three.HandRetained: three.HandRetained(player="Ann", cards=QQ),
    stake_operations.PhaseStarted: stake_operations.PhaseStarted(phase="betting"),
    stake_operations.Posted: stake_operations.Posted(player="Ann", amount=1, pot="pot",
                                                     reason="boot"),
    stake_operations.Dealt: stake_operations.Dealt(player="Ann", card=QQ[0]),
    stake_operations.Revealed: stake_operations.Revealed(player="Ann", cards=QQ),
    stake_operations.Acted: stake_operations.Acted(action=Action.parse("Ann blind 2"), paid=2),
    stake_operations.Shown: stake_operations.Shown(player="Ann", cards=QQ,
                                                   worth="pair of queens"),
    stake_operations.Awarded: stake_operations.Awarded(player="Ann", amount=4, pot="pot",
                                                       reason="the show"),
    stake_operations.Paid: stake_operations.Paid(payer="Ann", payee="Bob", amount=4,
                                                 reason="forfeit"),
    teen_patti_operations.JokerTurned: teen_patti_operations.JokerTurned(card=QQ[0]),
    teen_patti_operations.SideshowAsked: teen_patti_operations.SideshowAsked(asker="Ann",
                                                                             asked="Bob"),
    teen_patti_operations.Compared: teen_patti_operations.Compared(
        asker="Ann", asked="Bob", asker_cards=QQ, asked_cards=LOW,
        asker_worth="pair of queens", asked_worth="high card"),
    teen_patti_operations.SideshowLost: teen_patti_operations.SideshowLost(player="Ann",
                                                                           winner="Bob"),
    points_game.DealStarted: points_game.DealStarted(deal=1, dealer="Ann"),
    points_game.CardsDealt: points_game.CardsDealt(deal=1, player="Ann", cards=QQ),
    points_game.DealEnded: points_game.DealEnded(deal=1, scores=(("Ann", 3), ("Bob", 1))),
    points_game.GameWon: points_game.GameWon(
        winner="Ann", scores=(("Ann", 7), ("Bob", 2)), nets=(("Ann", 5), ("Bob", -5)),
        payments=(Payment(payer="Bob", payee="Ann", amount=5),)),
    nine_card.SetPlayed: nine_card.SetPlayed(deal=1, round=1, player="Ann", cards=QQ,
                                             strength=9, description="pair of queens"),
    nine_card.RoundScored: nine_card.RoundScored(deal=1, round=1, ranking=("Ann", "Bob"),
                                                 points=(1, 0)),
    crash.HandsDealt: crash.HandsDealt(deal=1, player="Ann", cards=QQ),
    crash.Arranged: crash.Arranged(deal=1, player="Ann", hands=(QQ,), discards=()),
    crash.Called: crash.Called(deal=1, player="Ann", crash=True),
    crash.RoundPlayed: crash.RoundPlayed(deal=1, round=1, hands=(
        ("Ann", QQ, "pair of queens"), ("Bob", LOW, "high card")), winner="Ann"),
    crash.CrashPaid: crash.CrashPaid(deal=1, player="Ann", called=True, made=False, each=-3),
    crash.DealEnded: crash.DealEnded(deal=1, scores=(("Ann", 3), ("Bob", 1)),
                                     nets=(("Ann", 2), ("Bob", -2))),
}
#: The records that name no player: the same words for everyone.
IMPERSONAL = {three.PotCarried, stake_operations.PhaseStarted, teen_patti_operations.JokerTurned,
              stake_operations.Turn, stake_operations.RoundOpened}  # the last two: wordless


def operation_classes(cls: type[Operation] = Operation) -> Iterator[type[Operation]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from operation_classes(sub)


def every_class() -> list[type[Operation]]:
    """Every operation class of every game (a slotted dataclass leaves its first class behind
    among the subclasses: one per name), less the docstrings' examples."""
    found = {(c.__module__, c.__qualname__): c for c in operation_classes()
             if c.__module__.startswith("bragkit.")}
    return sorted(found.values(), key=lambda c: (c.__module__, c.__qualname__))


def test_every_operation_class_of_every_game_has_a_sample() -> None:
    missing = [c.__qualname__ for c in every_class()
               if not any(type(s).__qualname__ == c.__qualname__ and
                          type(s).__module__ == c.__module__ for s in SAMPLES.values())]
    assert not missing and len(every_class()) >= 35, missing


@pytest.mark.parametrize("op", list(SAMPLES.values()), ids=lambda op: type(op).__qualname__)
def test_each_record_words_itself_for_its_player_and_for_another(op: Operation) -> None:
    own, other = op.words("Ann"), op.words("Cy")
    for words in (own, other, describe(op, "Ann") or "", describe(op, "Cy") or "",
                  describe(op, None) or ""):
        assert not WRONG.search(words), words
    if type(op) in IMPERSONAL:
        assert own == other == str(op)
        return
    assert re.search(r"\b([Yy]ou|[Yy]our)\b", own) and not re.search(r"\bAnn\b", own), own
    assert re.search(r"\bAnn\b", other) and not re.search(r"\b[Yy]ou(r)?\b", other), other
    seen = describe(op, "Ann")
    assert seen is None or "Ann" not in seen or isinstance(op, teen_patti_operations.Compared)


def test_teen_patti_words_its_moves_in_its_own_words_rule_TP3() -> None:
    """(Found as a person) Teen Patti's log said "You bet 4", "Equity folds" beside keys
    saying chaal and pack: its moves read in its words, as its keys say them."""
    game = new("teen-patti", players=["Ann", "Bob", "Cy"], seed=2)
    assert game.to_act == "Bob"
    game.apply("Bob blind 1")
    game.apply("Cy fold")
    game.apply("Ann look")
    game.apply("Ann bet 2")
    lines = [describe(op, "Ann") for op in game.operations]
    assert {"Bob chaals 1 blind", "Cy packs", "You chaal 2"} <= set(lines), lines
    assert not any(line and re.search(r"\b(bets?|folds?)\b", line) for line in lines)


def test_a_draw_towards_31_is_a_card_drawn_rule_S4() -> None:
    """(Found as a person) Three-stake's log said "Equity draws 0 cards" and then dealt it a
    card: a draw towards 31 is one card (S4); a draw of Brag Poker says how many (P3)."""
    assert describe(stake_operations.Acted(action=Action.parse("Ann draw")), "Bob") == (
        "Ann draws a card")
    assert describe(stake_operations.Acted(action=Action.parse("Ann draw 0")), "Ann") == (
        "You draw no card")


def test_the_examples_of_the_brief_read_as_written() -> None:
    assert describe(three.Acted(action=Action.parse("Shark fold")), "Ann") == "Shark folds"
    assert describe(three.Acted(action=Action.parse("Ann fold")), "Ann") == "You fold"
    paid = stake_operations.Paid(payer="Ann", payee="Bold", amount=4, reason="forfeit, S2")
    assert describe(paid, "Ann") == "You pay Bold 4 (forfeit, S2)"
    back = stake_operations.Paid(payer="Bold", payee="Ann", amount=4, reason="forfeit, S2")
    assert describe(back, "Ann") == "Bold pays you 4 (forfeit, S2)"
    shown = three.HandShown(player="Ann", cards=QQ, name="pair of queens, 4 kicker")
    assert describe(shown, "Ann") == "You show pair of queens, 4 kicker (Qh Qs 4d)"
    assert describe(shown, "Bob") == "Ann shows pair of queens, 4 kicker (Qh Qs 4d)"
    assert describe(stake_operations.Acted(action=Action.parse("Cautious look")), None) == (
        "Cautious looks")


def test_the_record_strings_do_not_change() -> None:
    """``str`` of a record is its record text (HAND-HISTORY.md); only ``describe`` changed."""
    assert str(three.Acted(action=Action.parse("Ann bet 2"), paid=2)) == "Ann bet 2"
    assert str(stake_operations.Acted(action=Action.parse("Ann blind 2"))) == "Ann blind 2"
    assert str(three.HandShown(player="Ann", cards=QQ, name="pair of queens")) == (
        "Ann shows Qh Qs 4d")


@pytest.mark.parametrize("text", ["Ann fold", "Ann bet 2", "Ann blind 2", "Ann look",
                                  "Ann look old", "Ann keep", "Ann throw", "Ann discard 7c",
                                  "Ann see 4", "Ann cover 3", "Ann topup 5", "Ann agree",
                                  "Ann drop", "Ann check", "Ann call", "Ann raise 2",
                                  "Ann draw 1 4d", "Ann draw 0", "Ann stand",
                                  "Ann plays Qh Qs 4d", "Ann arranges Qh Qs 4d | 9c 7d 2h",
                                  "Ann crash", "Ann pass", "Ann show", "Ann sideshow",
                                  "Ann accept", "Ann decline"])
def test_every_verb_conjugates(text: str) -> None:
    action = Action.parse(text)
    own, other = action_words(action, "Ann"), action_words(action, "Bob")
    assert own.startswith("You ") and not WRONG.search(own), own
    verb = other.split()[1]
    assert other.startswith("Ann ") and verb.endswith("s") and verb != own.split()[1], other


def test_every_verb_has_words() -> None:
    texts = {Verb.SHOWDOWN}
    assert {v for v in Verb if v not in texts} <= {
        Action.parse(t).verb for t in ["Ann fold", "Ann bet 2", "Ann blind 2", "Ann look",
                                       "Ann keep", "Ann throw", "Ann discard 7c", "Ann see 4",
                                       "Ann cover 3", "Ann topup 5", "Ann agree", "Ann drop",
                                       "Ann check", "Ann call", "Ann raise 2", "Ann draw 0",
                                       "Ann stand", "Ann plays Qh Qs 4d", "Ann arranges Qh Qs 4d",
                                       "Ann crash", "Ann pass", "Ann show", "Ann sideshow",
                                       "Ann accept", "Ann decline"]}
    assert action_words(Action.parse("showdown"), "Ann").startswith("Showdown")


# -- a played game of each kind: every shown hand named (D8), every line worded ---------------

def played(name: str, seed: int) -> Any:
    players = ["Ann", "Bob", "Cy"]
    game = new(name, players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over and steps < 3000:
        game.apply(random_action(game, rng))
        steps += 1
    assert game.over
    return game


@pytest.mark.parametrize("name", sorted(info.name for info in games()))
def test_a_played_game_words_every_record_for_every_reader_rule_d8(name: str) -> None:
    for seed in range(6):
        game = played(name, seed)
        for viewer in [None, *game.players]:
            for op in game.censored_log(viewer):
                words = describe(op, viewer)
                if words is None:
                    continue
                assert not WRONG.search(words), (name, viewer, words)
                if viewer is not None:
                    assert not re.search(rf"\b{viewer}\b", words), (name, viewer, words)
                shown = op.shown_hand()
                if shown is not None:
                    assert shown[1] and shown[1] in words, (name, words)  # named, D8


def test_a_sideshow_is_told_once_the_chaal_then_the_ask_rule_TP5() -> None:
    """(found as a person) A Teen Patti log said "X asks for a sideshow, paying 4" and then
    "X asks Y for a sideshow (TP5)": the ask is told once, by its own record, after the
    chaal the asker paid (TP5), for the asker, the one asked and everyone else."""
    seen = 0
    for seed in range(300):
        game = new("teen-patti", players=["Ann", "Bob", "Cy"], seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(random_action(game, rng))
        ops = game.operations
        for i, op in enumerate(ops):
            if not (isinstance(op, stake_operations.Acted) and op.action.verb is Verb.SIDESHOW):
                continue
            seen += 1
            asker, asked = op.action.player, ops[i + 1]
            assert isinstance(asked, teen_patti_operations.SideshowAsked)
            for viewer in ("Ann", "Bob", "Cy", None):
                chaal, ask = describe(op, viewer), describe(asked, viewer)
                assert chaal is not None and ask is not None
                assert "sideshow" not in chaal and re.search(rf"\bchaals? {op.paid}$", chaal)
                assert ask.endswith("for a sideshow (TP5)")
                assert (chaal.startswith("You ") and ask.startswith("You ask ")) == (
                    viewer == asker)
                if viewer == asked.asked:
                    assert " asks you for a sideshow" in ask
    assert seen >= 5  # the seeds hold sideshows enough to read
