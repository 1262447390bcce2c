"""The fast constructors the points games build their menus with (speed, issue: Nine Card Brag
and Crash at 5,000 deals/s) must give exactly what the dataclasses' own constructors give: the
same action or option, or the same error (rules N4, N6: ``plays``; C2: ``arranges``)."""

from __future__ import annotations

from itertools import product
from typing import Any

from bragkit.actions import Action, LegalAction, Verb, card_action, choices_option
from bragkit.cards import Card, parse_cards
from bragkit.errors import InvalidActionError

PLAYERS: list[Any] = [None, "", " Ann", "Ann", "Mary Ann", 7]
CARDS: list[tuple[Card, ...]] = [(), parse_cards("Qs Qh Qd"), parse_cards("2c")]
SETS: list[tuple[tuple[Card, ...], ...]] = [
    (), (parse_cards("Qs Qh Qd"),), (parse_cards("Qs Qh Qd"), parse_cards("7s 7h 7d 7c")),
    (parse_cards("Qs Qh Qd"), ())]


def built(make: Any, *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """What ``make(*args, **kwargs)`` gives: the action (with its text and fields), or the
    error."""
    try:
        action = make(*args, **kwargs)
    except InvalidActionError as error:
        return "refused", str(error)
    return "built", (action, repr(action), action.amount, action.hand)


def test_card_action_is_action() -> None:
    """Every verb, player, cards and sets, good or bad, exhaustively."""
    for player, verb, cards, sets in product(PLAYERS, Verb, CARDS, SETS):
        fast = built(card_action, player, verb, cards, sets)
        slow = built(Action, player=player, verb=verb, cards=cards, sets=sets)
        assert fast == slow, (player, verb, cards, sets)
        if fast[0] == "built":
            assert fast[1][0].cards is cards and fast[1][0].sets is sets


def test_choices_option_is_legal_action() -> None:
    choices = (Action.parse("Ann plays Qs Qh Qd"),)
    for verb in Verb:
        fast = choices_option("Ann", verb, choices)
        slow = LegalAction(player="Ann", verb=verb, choices=choices)
        assert fast == slow and repr(fast) == repr(slow) and fast.choices is choices
        assert (choices[0] in fast) == (choices[0] in slow) == (verb is Verb.PLAYS)


def test_menus_lay_out_a_set_as_display_does() -> None:
    """N4, C2: the lazy menus lay out every three cards (with a card twice: two packs, N1) as
    ``arrange.display_order`` does."""
    from itertools import combinations_with_replacement

    from bragkit.games.arrange import display_order as _display
    from bragkit.games.set_layout import laid_out

    for a, b, c in combinations_with_replacement([Card(i) for i in range(52)], 3):
        assert laid_out(a, b, c) == _display((a, b, c))


def test_a_played_set_is_logged_as_the_dataclass_logs_it_n4() -> None:
    """N4: the fast record of a played set equals the dataclass's own, field for field."""
    from bragkit.games.nine_card import SetPlayed, _set_played

    cards = parse_cards("Qs Qh Qd")
    fast = _set_played(2, 3, "Ann", cards, 41, "prial of queens")
    slow = SetPlayed(deal=2, round=3, player="Ann", cards=cards, strength=41,
                     description="prial of queens")
    assert fast == slow and repr(fast) == repr(slow) and hash(fast) == hash(slow)
    assert str(fast) == "Ann plays Qs Qh Qd (prial of queens)"


def test_the_table_of_laid_out_sets_is_laid_out_n4_c2() -> None:
    """N4, C2: the menus' table of laid-out sets holds ``laid_out`` of every three distinct
    cards, at the strength tables' index, and nothing elsewhere."""
    from itertools import combinations

    from bragkit.games.set_layout import laid_out, laid_out_table

    table = laid_out_table()
    listed = 0
    for a, b, c in combinations([Card(i) for i in range(52)], 3):
        assert table[a * 2704 + b * 52 + c] == laid_out(a, b, c)
        listed += 1
    assert sum(entry is not None for entry in table) == listed
