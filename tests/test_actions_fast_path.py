"""``LegalAction.action`` builds its action without Action's keyword constructor (speed, issue
3), and must give exactly what ``Action(...)`` gives: the same action, or the same error."""

from __future__ import annotations

from itertools import product
from typing import Any

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import InvalidActionError

PLAYERS = [None, "", "Ann", "Mary Ann"]
HANDS = [None, "old", "new"]
BOUNDS = [None, 0, 4]
AMOUNTS = [None, -1, 0, 3, True, 2.5, "3"]
CARDS = [(), [], (Card(5),), [Card(5), Card(9)]]


def built(make: Any, *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """What ``make(*args, **kwargs)`` gives: the action (with its text and type), or the error."""
    try:
        action = make(*args, **kwargs)
    except InvalidActionError as error:
        return "refused", str(error)
    return "built", (action, repr(action), type(action))


def test_legal_action_action_is_action() -> None:
    """Every option, well-formed or not, and every argument, good or bad (rules B8, F1, BL2,
    R2 of the verb table), exhaustively: ``option.action(...)`` equals ``Action(...)`` with the
    option's fields (the least amount by default), or fails with the same error."""
    for player, verb, hand, low, amount, given_cards in product(
            PLAYERS, Verb, HANDS, BOUNDS, AMOUNTS, CARDS):
        option = LegalAction(player=player, verb=verb, min_amount=low, max_amount=None,
                             hand=hand)
        fast = built(option.action, amount, given_cards)
        slow = built(Action, player=player, verb=verb, amount=low if amount is None else amount,
                     cards=tuple(given_cards), hand=hand)
        assert fast == slow, (option, amount, given_cards)


def test_an_action_built_fast_is_an_ordinary_action() -> None:
    """It compares, hashes, prints and parses back like any other (HAND-HISTORY.md)."""
    option = LegalAction(player="Ann", verb=Verb.BLIND, min_amount=1, max_amount=10)
    action = option.action(4)
    assert action == Action.parse("Ann blind 4") and hash(action) == hash(Action.parse(str(action)))
    assert action in option and option.action(11) not in option
    assert {LegalAction(player=None, verb=Verb.SHOWDOWN).action()} == {Action.parse("showdown")}


def test_one_discard_is_the_one_of_every_discard() -> None:
    """Rules F1, F3: a discard option's choice read alone (only it is built) is the choice of
    the whole list at that place, from either end, and a place past the end is refused alike."""
    from bragkit.actions import Discards
    from bragkit.cards import parse_cards

    for text, count in (("Qh Qs 4d 7c", 1), ("3c Ah 2c Kc Qc", 2)):
        hand = parse_cards(text)
        every = list(Discards("Ann", hand, count))
        assert len(every) == len(Discards("Ann", hand, count))
        for place in range(-len(every), len(every)):
            alone = Discards("Ann", hand, count)[place]
            assert alone == every[place] and repr(alone) == repr(every[place])
        for place in (len(every), -len(every) - 1):
            for choices in (Discards("Ann", hand, count), every):
                try:
                    choices[place]
                except IndexError:
                    continue
                raise AssertionError(f"place {place} is past the end")
